//! Exact solving: null-window searches over the score range, without iterative deepening.
//!
//! [`Engine::solve`] finds the game's value of a position and a move that achieves it. It
//! runs the driver of Pascal Pons' Connect Four solver (Pons 2019, "Solving Connect 4: how to
//! build a perfect AI", part 7): the value is known to lie in a range `[low, high]`, and each
//! step asks one question of a search with a null window `(t, t + epsilon)` — "is the value
//! above `t`?" — whose fail-soft answer closes the range from one side, until `low == high`.
//! Each test is the test call of MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996) without a
//! depth: every line is searched to the end of the game, so every value the table stores is
//! proven and serves every later test whatever the depth it was found at.
//!
//! The node loop here is its own: alpha-beta, fail-soft (Knuth & Moore 1975), with the table
//! (proven entries only), the table's move tried first and then the game's order, mate
//! distance pruning for an evaluator with mate scores, and copy-make for a game that offers it
//! ([`Game::copy_make`]). Nothing else: no depth, no reductions, no quiescence, no killers or
//! history, no principal variation, no tie-breaking. It reads nothing of the [`Config`] but
//! [`Config::poll_interval_nodes`] and [`Config::null_window_epsilon`].
//!
//! [`Config`]: super::Config
//! [`Config::poll_interval_nodes`]: super::Config::poll_interval_nodes
//! [`Config::null_window_epsilon`]: super::Config::null_window_epsilon

use super::{Context, Engine, Halt, SearchStats, WindowResult};
use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::{Bound, Entry, MoveCode, Table};

/// The outcome of [`Engine::solve`]: the game's value of a position for its side to move and
/// a move that achieves it, or, when a limit ended the solve first, the range proven so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution<M, S> {
    /// The value, when `exact`; otherwise the proven lower bound (`lower`).
    pub value: S,
    /// The value is at least this: equal to `value` when `exact`.
    pub lower: S,
    /// The value is at most this: equal to `value` when `exact`.
    pub upper: S,
    /// `true` when the value is proven (`lower == upper`); `false` when the clock, the stop
    /// flag or the node cap of the limits ended the solve first, or when the value lies outside
    /// the range given to [`Engine::solve_between`].
    pub exact: bool,
    /// A move that achieves `value` when `exact` (one whose score is `value`; the first found
    /// when several do), else the move that proved `lower`, if any test did. `None` for a
    /// terminal root or one without legal moves.
    pub best_move: Option<M>,
    /// Nodes visited by all the tests, the root of each included.
    pub nodes: u64,
    /// Null-window tests run (including the one that finds the move when no test proved the
    /// value from below).
    pub searches: u32,
    /// Counters of the whole call (nodes, table probes, hits and cutoffs, beta cutoffs).
    pub stats: SearchStats,
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Solves `game` exactly: its value for the side to move, and a move that achieves it.
    ///
    /// Null-window tests narrow the range the value lies in until it closes: for an evaluator with mate scores the range starts at
    /// `loss_in(min_plies_to_loss) ..= win_in(min_plies_to_win)` of the root, otherwise at
    /// `-INFINITY ..= INFINITY`. Give a tighter range with [`Engine::solve_between`] when you
    /// know one (a disc difference in `-64..=64`, say): fewer tests.
    ///
    /// Every line is searched to a terminal position (or one without moves), so the game must
    /// end within `MAX_PLY` plies of `game`. Use an engine with a transposition table: the
    /// tests share what it holds, and a game with transpositions is solved many times faster.
    /// Entries are stored as proven (valid at any depth), so the same table can serve a later
    /// [`Engine::search`].
    ///
    /// `limits` is read for its clock, time limit, stop flag and node cap, which end the solve
    /// with `exact = false` and the range proven so far; its depths are not read (there is no
    /// iteration over depths). `game` is back in its position when the call returns.
    ///
    /// ```
    /// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
    /// use alphabeta::tt::TranspositionTable;
    /// use alphabeta::{Config, Engine, Limits};
    ///
    /// static TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();
    /// let mut engine: Engine<Board, TicTacToeEval, 9, 9, _> =
    ///     Engine::new(TicTacToeEval, Config::new()).with_table(&TABLE);
    /// let solution = engine.solve(&mut Board::new(), &Limits::depth(9)).unwrap();
    /// assert!(solution.exact);
    /// assert_eq!(solution.value, 0); // a draw
    /// assert!(solution.best_move.is_some());
    /// ```
    ///
    /// # Errors
    /// * [`SearchError::TimeLimitWithoutClock`]: a time limit without a clock.
    /// * [`SearchError::InvalidNullWindowEpsilon`], [`SearchError::InvalidConfig`]: the
    ///   configuration's epsilon or poll interval is out of range.
    /// * [`SearchError::DepthBeyondCapacity`]: a line went `MAX_PLY` plies without ending.
    /// * [`SearchError::MoveListOverflow`], [`SearchError::NanScore`],
    ///   [`SearchError::ScoreOutOfRange`]: as for [`Engine::search`].
    pub fn solve(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<Solution<G::Move, E::Score>, SearchError> {
        let (low, high) = if E::MATE_SCORES && !game.is_terminal() {
            (E::Score::loss_in(game.min_plies_to_loss()), E::Score::win_in(game.min_plies_to_win()))
        } else {
            (-E::Score::INFINITY, E::Score::INFINITY)
        };
        self.solve_between(game, low, high, limits)
    }

    /// [`Engine::solve`] for a value known to lie in `low ..= high`: the tests start from
    /// that range. A value outside it is found out, not hidden: the solve then ends with
    /// `exact = false` and the bound that crossed the range (`lower > high`, or
    /// `upper < low`), the other bound at `±INFINITY`.
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] when `low > high`, either is NaN, or either lies
    /// beyond `±INFINITY` (`i32::MIN`); otherwise as [`Engine::solve`].
    pub fn solve_between(
        &mut self,
        game: &mut G,
        low: E::Score,
        high: E::Score,
        limits: &Limits<'_>,
    ) -> Result<Solution<G::Move, E::Score>, SearchError> {
        let infinity = E::Score::INFINITY;
        if !(low <= high && low >= -infinity && high <= infinity) {
            return Err(SearchError::InvalidWindow);
        }
        self.check_config()?;
        if limits.time_limit_micros.is_some() && limits.clock.is_none() {
            return Err(SearchError::TimeLimitWithoutClock);
        }
        let mut ctx = Context::new(Some(limits), u64::from(self.config.poll_interval_nodes.max(1)));
        ctx.start_micros = limits.clock.map_or(0, |c| c.now_micros());
        ctx.interruptible = true;
        ctx.root_side = Some(game.side_to_move());
        self.table.new_search();

        let epsilon = E::Score::null_window(self.config.null_window_epsilon);
        // The range the value lies in. `low` and `high` are the caller's word until a test
        // proves them (the default range of `solve` is the evaluator's and the game's own).
        let (mut lower, mut upper) = (low, high);
        let (mut lower_proven, mut upper_proven) = (low == -infinity, high == infinity);
        let mut best_move = None;
        let mut searches = 0;
        let mut exact = true;
        let mut move_asked = false;
        loop {
            let wants_move = best_move.is_none() && !move_asked && !game.is_terminal();
            // The window of the next test: a point inside the range while it is open; then
            // whatever is still the caller's word (or a move to show for the value): "is it
            // at least `lower`?", "is it at most `upper`?".
            let window = if lower < upper {
                let test = Self::test_point(lower, upper, epsilon);
                self.null_window_above(test).map(|top| (test, top))
            } else if !lower_proven || wants_move {
                move_asked = true;
                self.null_window_below(lower).map(|bottom| (bottom, lower))
            } else if !upper_proven {
                self.null_window_above(upper).map(|top| (upper, top))
            } else {
                break;
            };
            // Where `t ± epsilon` rounds back (huge floating scores), one open window.
            let (alpha, beta) = window.unwrap_or((-infinity, infinity));
            searches += 1;
            let (score, mv) = match self.solve_root(&mut ctx, game, alpha, beta) {
                Ok(result) => result,
                Err(Halt::Interrupted) => {
                    exact = false;
                    break;
                }
                Err(Halt::Failed) => return Err(ctx.take_error()),
            };
            if score <= alpha {
                (upper, upper_proven) = (score, true);
            } else if score >= beta {
                (lower, lower_proven) = (score, true);
                best_move = mv;
            } else {
                (lower, upper, lower_proven, upper_proven) = (score, score, true, true);
                best_move = mv;
            }
            if lower > upper {
                // The value lies outside the range given: report the bound that crossed it.
                if lower_proven && upper_proven {
                    // Cannot happen with a consistent game and evaluator; keep the last test.
                    (lower, upper) = (score, score);
                } else if lower_proven {
                    upper = infinity;
                } else {
                    lower = -infinity;
                }
                exact = false;
                break;
            }
            if window.is_none() && lower == upper {
                // The open window gave the exact value, move included.
                break;
            }
        }
        Ok(Solution {
            value: lower,
            lower,
            upper,
            // (A proven value outside the caller's range is not the answer asked for: an open
            // window, taken where a null window around an infinite bound rounds back, can
            // prove it.)
            exact: exact
                && lower == upper
                && lower_proven
                && upper_proven
                && low <= lower
                && upper <= high,
            best_move,
            nodes: ctx.nodes(),
            searches,
            stats: ctx.stats(),
        })
    }

    /// One test of the exact solver: the fail-soft value of `game` searched to the end of
    /// the game with the window `(alpha, beta)` — `<= alpha` an upper bound, `>= beta` a lower
    /// bound, anything between the exact value — and the move that gave it (`None` for a
    /// terminal root, one without moves, or one the table answered). The building block of a
    /// driver of your own (a game whose scores are better probed in another order); a null
    /// window `(t, t + epsilon)` is the fast case. Like [`Engine::search_window`] it has no
    /// clock or stop flag and does not age the table.
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] when `!(alpha < beta)`, either bound is NaN, or a bound
    /// lies beyond `±INFINITY`; otherwise as [`Engine::solve`].
    pub fn solve_window(
        &mut self,
        game: &mut G,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        let infinity = E::Score::INFINITY;
        if alpha.partial_cmp(&beta) != Some(core::cmp::Ordering::Less)
            || !(alpha >= -infinity && beta <= infinity)
        {
            return Err(SearchError::InvalidWindow);
        }
        self.check_config()?;
        let mut ctx = Context::new(None, u64::MAX);
        ctx.root_side = Some(game.side_to_move());
        match self.solve_root(&mut ctx, game, alpha, beta) {
            Ok((score, best_move)) => {
                Ok(WindowResult { score, best_move, nodes: ctx.nodes(), stats: ctx.stats() })
            }
            Err(Halt::Failed) => Err(ctx.take_error()),
            // Without limits nothing can interrupt the search.
            Err(Halt::Interrupted) => unreachable!("a test without limits cannot be stopped"),
        }
    }

    /// The next test point of the driver, `lower <= t < upper`: Pons' choice for a bounded
    /// range (the middle, moved halfway towards 0 where that lies between — values near 0,
    /// draws, are the common case and the cheap tests), 0 or a bound for an unbounded one.
    fn test_point(lower: E::Score, upper: E::Score, epsilon: E::Score) -> E::Score {
        let infinity = E::Score::INFINITY;
        let (low, high) = (lower.to_f64(), upper.to_f64());
        // Integer scores take integer test points, rounded as Pons' C++ rounds.
        let integral = E::Score::from_f64(0.5).to_f64() != 0.5;
        let round = |x: f64| if integral { libm::trunc(x) } else { x };
        let point = if lower > -infinity && upper < infinity {
            let mut med = low + round((high - low) / 2.0);
            if med <= 0.0 && round(low / 2.0) < med {
                med = round(low / 2.0);
            } else if med >= 0.0 && round(high / 2.0) > med {
                med = round(high / 2.0);
            }
            E::Score::from_f64(med)
        } else if lower > -infinity {
            // MTD(f) upwards: is it above what is proven?
            lower
        } else if upper < infinity {
            // Downwards: is it at least the upper bound?
            upper.sub(epsilon)
        } else {
            E::Score::ZERO
        };
        if point >= lower && point < upper {
            point
        } else {
            // Rounding left the range: just below the top, or the bottom.
            let below = upper.sub(epsilon);
            if below >= lower && below < upper {
                below
            } else {
                lower
            }
        }
    }

    /// The root of one test: its fail-soft score and the move that gave it.
    fn solve_root(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<(E::Score, Option<G::Move>), Halt> {
        ctx.stats.root_searches += 1;
        let mut best_move = None;
        let score = self.solve_node::<true>(ctx, game, 0, alpha, beta, &mut best_move);
        match ctx.halt.take() {
            Some(halt) => Err(halt),
            None => Ok((score, best_move)),
        }
    }

    /// A node of the exact solver at `ply`: its fail-soft score for the side to move, with the
    /// best move written to `root_move` at the root (`ROOT`). A halt is left in `ctx.halt` and
    /// the recursion unwinds with meaningless scores.
    fn solve_node<const ROOT: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        mut alpha: E::Score,
        beta: E::Score,
        root_move: &mut Option<G::Move>,
    ) -> E::Score {
        if !ctx.visit_or_halt() {
            return E::Score::ZERO;
        }
        if game.is_terminal() {
            return Self::bare(self.evaluate(ctx, game, ply, 0), ctx);
        }
        if E::MATE_SCORES && !ROOT {
            // Mate distance pruning: no win nearer than the game allows, no loss either (not
            // at the root, which must find a move).
            let ceiling = E::Score::win_in(ply.saturating_add(game.min_plies_to_win()));
            if ceiling <= alpha {
                return ceiling;
            }
            let floor = E::Score::loss_in(ply.saturating_add(game.min_plies_to_loss()));
            if floor >= beta {
                return floor;
            }
        }
        let key = if T::ENABLED { game.zobrist_key() } else { 0 };
        let mut tt_move = None;
        if T::ENABLED {
            ctx.stats.tt_probes += 1;
            if let Some(entry) = self.table.probe(key) {
                ctx.stats.tt_hits += 1;
                tt_move = entry.move_code;
                if entry.proven && !ROOT {
                    let score = if E::MATE_SCORES {
                        entry.score.relative_to_root(ply)
                    } else {
                        entry.score
                    };
                    let settles = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if settles {
                        ctx.stats.tt_cutoffs += 1;
                        return score;
                    }
                }
            }
        }
        if ply as usize >= MAX_PLY {
            ctx.halt = Some(ctx.fail(SearchError::DepthBeyondCapacity {
                max_depth: ply.saturating_add(1),
                capacity: MAX_PLY,
            }));
            return E::Score::ZERO;
        }
        let side = game.side_to_move();
        let original_alpha = alpha;
        let mut best = -E::Score::INFINITY;
        let mut best_move = None;
        // The table's move first. A game that can tell it from its code without generating
        // ([`Game::move_by_code`]) has it searched before the others are generated, and not
        // generated at all when it cuts off; for the others it is moved to the front of the
        // list. The order, and so the search, is the same.
        let first = match tt_move {
            Some(code) => game.move_by_code(code),
            None => None,
        };
        'search: {
            if let Some(mv) = first {
                let score = self.solve_move(ctx, game, mv, side, ply, alpha, beta);
                if ctx.halt.is_some() {
                    return E::Score::ZERO;
                }
                (best, best_move) = (score, Some(mv));
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        ctx.stats.beta_cutoffs += 1;
                        break 'search;
                    }
                }
            }
            let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
            game.generate_moves(&mut moves);
            if moves.overflowed() {
                ctx.halt =
                    Some(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
                return E::Score::ZERO;
            }
            if moves.is_empty() {
                return Self::bare(self.evaluate(ctx, game, ply, 0), ctx);
            }
            let mut skip = first;
            if let (Some(code), None) = (tt_move, first) {
                // The table's move first, the others in the game's order.
                let list = moves.as_mut_slice();
                if let Some(index) = list.iter().position(|&mv| mv.move_code() == code) {
                    list[..=index].rotate_right(1);
                }
            }
            for &mv in moves.iter() {
                if skip == Some(mv) {
                    // Searched already, first.
                    skip = None;
                    continue;
                }
                let score = self.solve_move(ctx, game, mv, side, ply, alpha, beta);
                if ctx.halt.is_some() {
                    return E::Score::ZERO;
                }
                if score > best || best_move.is_none() {
                    best = score;
                    best_move = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        ctx.stats.beta_cutoffs += 1;
                        break;
                    }
                }
            }
        }
        if ROOT {
            *root_move = best_move;
        }
        if T::ENABLED {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(
                key,
                Entry {
                    move_code: best_move.map(MoveCode::move_code),
                    score: Self::table_score(best, ply),
                    // Nearer the root, more work behind the entry: the replacement keeps it.
                    draft: (MAX_PLY as u32).saturating_sub(ply).min(255) as u8,
                    bound,
                    proven: true,
                },
            );
        }
        best
    }

    /// The score of `mv` for the side to move in `game` (`side`, at `ply`): the child made by
    /// copy-make where the game offers it, else by make/unmake.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn solve_move(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        mv: G::Move,
        side: G::Player,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        let reward = Self::reward_of(game, mv);
        if G::REWARDS && reward != E::Score::ZERO {
            // The child works on the value of the rest: the window shifted by the reward, and
            // its score shifted back (not for a move that earns nothing, the common case).
            let (low, high) = Self::shifted_window(alpha, beta, reward);
            let score = match game.copy_make(mv) {
                Some(mut child) => self.solve_child(ctx, &mut child, side, ply, low, high),
                None => {
                    let undo = game.make_move(mv);
                    let score = self.solve_child(ctx, game, side, ply, low, high);
                    game.unmake_move(mv, undo);
                    score
                }
            };
            return score.add(reward);
        }
        match game.copy_make(mv) {
            Some(mut child) => self.solve_child(ctx, &mut child, side, ply, alpha, beta),
            None => {
                let undo = game.make_move(mv);
                let score = self.solve_child(ctx, game, side, ply, alpha, beta);
                game.unmake_move(mv, undo);
                score
            }
        }
    }

    /// A child of the solver's node (the move made in `game`): its score for the parent,
    /// negated and its window swapped only where the side to move changed.
    #[inline(always)]
    fn solve_child(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        side: G::Player,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        let mut none = None;
        if game.side_to_move() == side {
            self.solve_node::<false>(ctx, game, ply + 1, alpha, beta, &mut none)
        } else {
            -self.solve_node::<false>(ctx, game, ply + 1, -beta, -alpha, &mut none)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::tt::TranspositionTable;
    use crate::{Config, Engine, Limits};

    #[test]
    fn tic_tac_toe_is_a_draw_with_or_without_a_table() {
        static TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();
        let mut bare: Engine<Board, TicTacToeEval, 9, 9> =
            Engine::new(TicTacToeEval, Config::new());
        let solution = bare.solve(&mut Board::new(), &Limits::depth(9)).unwrap();
        assert!(solution.exact);
        assert_eq!(solution.value, 0);
        let mut tabled = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::new())
            .with_table(&TABLE);
        let solution2 = tabled.solve(&mut Board::new(), &Limits::depth(9)).unwrap();
        assert_eq!(solution2.value, 0);
        assert!(solution2.nodes < solution.nodes);
    }
}
