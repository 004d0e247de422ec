//! Analysis: the score of every root move (or of the best `lines` of them, multi-PV), and the
//! strength levels built on it.
//!
//! Each iteration searches every root move in turn from the root, with a window that opens at
//! a floor and has no top: below the floor only an upper bound is wanted, above it the exact
//! value. The floor is the score of the `lines`-th best move found so far in the iteration
//! (minus the null-window step, so that a move scoring exactly as much is exact too), or
//! `-INFINITY` while fewer than `lines` moves have exact scores; with a strength margin, at
//! most the best score so far less the margin. With `lines` at least the number of moves,
//! every move is searched with the full window, so every score is exact. Later moves are
//! searched as PVS searches them: a null-window scout at the floor, then the window above it
//! when the scout beats it. Moves are searched in the order of the previous iteration's
//! results, best first.

use rand_core::Rng;

use super::features::with_loop;
use super::{Algorithm, Context, Engine, Halt, Node, RootSearch, SearchStats};
use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::{Bound, Table};

/// One root move of an [`Analysis`].
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove<M, S, const MAX_PLY: usize> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move at the root.
    pub score: S,
    /// [`Bound::Exact`]: `score` is the move's value at the analysis depth.
    /// [`Bound::Upper`]: the move scores at most `score` (it is not among the lines asked for,
    /// and was only searched far enough to show that). Never [`Bound::Lower`].
    pub bound: Bound,
    /// The line from the root, starting with the move, for an exact score; empty for a bound.
    pub pv: heapless::Vec<M, MAX_PLY>,
}

/// The outcome of [`Engine::analyze`]: every root move with its score, best first.
///
/// The moves with exact scores come first, by score, best first (equal scores in search
/// order), then those with upper bounds, by bound. It holds up to `MAX_MOVES` moves, each with a line of up
/// to `MAX_PLY` moves: `MAX_MOVES × MAX_PLY` moves in all (and the search keeps two such
/// lists, the iteration under way and the last completed one).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M, S, const MAX_MOVES: usize, const MAX_PLY: usize> {
    /// The root moves, best first (empty for a terminal root or one without moves).
    pub moves: heapless::Vec<RootMove<M, S, MAX_PLY>, MAX_MOVES>,
    /// The root's own score: the best move's, or, without moves, the position's evaluation.
    pub score: S,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited by every iteration.
    pub nodes: u64,
    /// `true` when the scores are the game's values: the last completed iteration reached
    /// no horizon.
    pub exact: bool,
    /// `false` when the clock, the stop flag or a node cap interrupted an iteration (the
    /// analysis is then that of the last completed one).
    pub completed: bool,
    /// Microseconds from the start to the end, when a clock was given.
    pub elapsed_micros: Option<u64>,
    /// Counters of the whole call.
    pub stats: SearchStats,
}

impl<M, S, const MAX_MOVES: usize, const MAX_PLY: usize> Analysis<M, S, MAX_MOVES, MAX_PLY> {
    /// The moves with exact scores (the principal variations of multi-PV), best first.
    pub fn lines(&self) -> impl Iterator<Item = &RootMove<M, S, MAX_PLY>> {
        self.moves.iter().filter(|m| m.bound == Bound::Exact)
    }
}

type RootMoves<M, S, const MAX_MOVES: usize, const MAX_PLY: usize> =
    heapless::Vec<RootMove<M, S, MAX_PLY>, MAX_MOVES>;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Analyses `game` by iterative deepening within `limits`: every root move with its
    /// score, the best `lines` of them exact with their lines (multi-PV), the others with an
    /// upper bound (see the [module documentation](super::analysis) for how). `lines` at least
    /// the number of moves (`usize::MAX`, say) gives every move's exact score.
    ///
    /// The scores are those of the configured search: exact values at the depth with
    /// [`Config::value_preserving`](crate::Config::value_preserving) (late move reductions
    /// do not apply to the root moves themselves, but below them). The configuration's
    /// [`RootSearch`] and `strength` do not apply (each root move gets its own window).
    /// `game` is back in its position when the call returns.
    ///
    /// # Errors
    /// [`SearchError::ZeroLines`] for `lines == 0`; otherwise as [`Engine::search`].
    pub fn analyze(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        lines: usize,
    ) -> Result<Analysis<G::Move, E::Score, MAX_MOVES, MAX_PLY>, SearchError> {
        if lines == 0 {
            return Err(SearchError::ZeroLines);
        }
        self.analysis(game, limits, lines, None, |_| {})
    }

    /// The analysis behind [`Engine::analyze`] and the strength levels: `margin`, if any,
    /// also asks for the exact score of every move within it of the best.
    pub(super) fn analysis<F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        lines: usize,
        margin: Option<E::Score>,
        on_iteration: F,
    ) -> Result<Analysis<G::Move, E::Score, MAX_MOVES, MAX_PLY>, SearchError>
    where
        F: FnMut(&super::IterationInfo<'_, G::Move, E::Score>),
    {
        // Each root move gets its own window: one search of the root per iteration.
        let root_search = core::mem::replace(&mut self.config.root_search, RootSearch::FullWindow);
        let mut work: RootMoves<G::Move, E::Score, MAX_MOVES, MAX_PLY> = heapless::Vec::new();
        let mut done: RootMoves<G::Move, E::Score, MAX_MOVES, MAX_PLY> = heapless::Vec::new();
        let links = super::Links::default();
        let result =
            self.iterate(game, limits, links, on_iteration, |engine, ctx, game, depth, _, _| {
                let score = with_loop!(sequential engine.feature_bits(), L => engine.analysis_iteration::<L>(
                    ctx, game, depth, lines, margin, &mut work, &done,
                ))?;
                core::mem::swap(&mut work, &mut done);
                Ok(score)
            });
        self.config.root_search = root_search;
        let result = result?;
        Ok(Analysis {
            moves: done,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            exact: result.exact,
            completed: result.completed,
            elapsed_micros: result.elapsed_micros,
            stats: result.stats,
        })
    }

    /// Searches at a strength level ([`Config::strength`](crate::Config::strength)): the
    /// analysis with the margin, then a seeded draw among the moves within it of the best.
    ///
    /// Never inlined: the analysis keeps every root move's line on the stack, which a search
    /// without a strength level must not pay for (a microcontroller's stack is small).
    #[inline(never)]
    #[cfg_attr(not(feature = "refinements"), allow(dead_code))]
    #[allow(clippy::type_complexity)]
    pub(super) fn search_at_strength(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        margin: f64,
        on_iteration: &mut dyn FnMut(&super::IterationInfo<'_, G::Move, E::Score>),
    ) -> Result<super::SearchResult<G::Move, E::Score, MAX_PLY>, SearchError> {
        self.check_config()?;
        let margin = E::Score::from_f64(margin);
        let margin = if margin > E::Score::ZERO { margin } else { E::Score::ZERO };
        let analysis = self.analysis(game, limits, 1, Some(margin), on_iteration)?;
        let best = analysis.score;
        let within = analysis.lines().take_while(|m| m.score >= best.sub(margin)).count();
        let pick = match (within, self.rng.as_mut()) {
            (0 | 1, _) | (_, None) => 0,
            (n, Some(rng)) => (rng.next_u32() as usize) % n,
        };
        let chosen = analysis.moves.get(pick);
        Ok(super::SearchResult {
            best_move: chosen.map(|m| m.mv),
            score: chosen.map_or(analysis.score, |m| m.score),
            depth: analysis.depth,
            nodes: analysis.nodes,
            exact: analysis.exact,
            completed: analysis.completed,
            pv: chosen.map(|m| m.pv.clone()).unwrap_or_default(),
            elapsed_micros: analysis.elapsed_micros,
            stats: analysis.stats,
        })
    }

    /// The floor of the next root move's window: below the `lines`-th best exact score so far
    /// (with fewer, `-INFINITY`), and below the best less `margin`.
    fn analysis_floor(
        &self,
        work: &[RootMove<G::Move, E::Score, MAX_PLY>],
        lines: usize,
        margin: Option<E::Score>,
    ) -> E::Score {
        let infinity = E::Score::INFINITY;
        // `work` is kept sorted, exact scores first.
        let exact = work.iter().take_while(|m| m.bound == Bound::Exact).count();
        let mut floor = if exact >= lines { work[lines - 1].score } else { -infinity };
        if let (Some(margin), Some(best)) =
            (margin, work.first().filter(|m| m.bound == Bound::Exact))
        {
            let edge = best.score.sub(margin);
            if edge < floor {
                floor = edge;
            }
        }
        if floor > -infinity {
            self.null_window_below(floor).unwrap_or(-infinity)
        } else {
            floor
        }
    }

    /// One iteration of the analysis at `depth`, for the feature set `F`: every root move
    /// searched with its floor, the results in `work` (sorted, best first), the best line in
    /// `pv[0]`. Returns the root's score.
    #[allow(clippy::too_many_arguments)]
    fn analysis_iteration<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        lines: usize,
        margin: Option<E::Score>,
        work: &mut RootMoves<G::Move, E::Score, MAX_MOVES, MAX_PLY>,
        order: &[RootMove<G::Move, E::Score, MAX_PLY>],
    ) -> Result<E::Score, Halt> {
        work.clear();
        ctx.stats.root_searches += 1;
        ctx.visit()?;
        self.clear_pv(0);
        if game.is_terminal() {
            return self.evaluate(ctx, game, 0, depth);
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply: 0 }));
        }
        if moves.is_empty() {
            return self.evaluate(ctx, game, 0, depth);
        }
        // The previous iteration's order, best first; the game's for the first.
        let list = moves.as_mut_slice();
        let mut placed = 0;
        for earlier in order {
            if let Some(at) = list[placed..].iter().position(|&m| m == earlier.mv) {
                list[placed..=placed + at].rotate_right(1);
                placed += 1;
            }
        }
        let infinity = E::Score::INFINITY;
        let side = game.side_to_move();
        for (index, &mv) in moves.iter().enumerate() {
            let floor = self.analysis_floor(work, lines, margin);
            let child = Node {
                depth: depth - 1,
                ply: 1,
                pv: true,
                on_prev_pv: self.prev_pv.first() == Some(&mv),
                last: Some(crate::tt::MoveCode::move_code(mv)),
            };
            let reward = Self::reward_of(game, mv);
            let undo = game.make_move(mv);
            let score = self
                .search_move::<F>(ctx, game, side, child, true, index, 0, floor, infinity, reward);
            game.unmake_move(mv, undo);
            if let Some(halt) = ctx.halt.take() {
                return Err(halt);
            }
            let exact = score > floor || self.config.algorithm != Algorithm::AlphaBeta;
            let mut line = heapless::Vec::new();
            if exact {
                // Cannot fail: a line from ply 1 holds at most MAX_PLY - 1 moves.
                let _ = line.push(mv);
                // The child's line (none when the engine holds a single ply).
                for &m in self.pv.get(1).into_iter().flatten() {
                    if line.push(m).is_err() {
                        break;
                    }
                }
            }
            let bound = if exact { Bound::Exact } else { Bound::Upper };
            // Insert in place: exact scores first, each kind best first, ties in search
            // order. Cannot fail: at most one entry per move.
            let at = work
                .iter()
                .position(|m| {
                    (m.bound != Bound::Exact && exact) || (m.bound == bound && m.score < score)
                })
                .unwrap_or(work.len());
            let _ = work.insert(at, RootMove { mv, score, bound, pv: line });
        }
        if let Some(best) = work.first() {
            if let Some(root_line) = self.pv.first_mut() {
                root_line.clone_from(&best.pv);
            }
            return Ok(best.score);
        }
        Ok(-infinity)
    }
}
