//! How each iteration searches the root ([`RootSearch`]): the full window, aspiration windows,
//! or MTD(f); and MTD(f) as a fixed-depth driver of its own ([`Engine::mtdf`]).

use super::{Algorithm, Context, Engine, Halt, RootSearch};
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::MoveSorter;
use crate::score::{Score, MAX_MATE_PLY};
use crate::tt::{MoveCode, Table};

/// A search of the root of `G` to a depth with a window `(alpha, beta)` by an engine `En`,
/// leaving its line in `pv[0]` and returning the fail-soft score: what
/// [`Engine::drive_root`] calls once or several times per iteration.
pub(crate) type RootSearchFn<'f, En, G, S, O> = dyn FnMut(
        &mut En,
        &mut Context<'_, '_, <G as Game>::Player, O>,
        &mut G,
        u32,
        S,
        S,
    ) -> Result<S, Halt>
    + 'f;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// One iteration at `depth` under the configured [`RootSearch`]: `search(engine, ctx, game,
    /// depth, alpha, beta)` searches the root with a window and leaves its line in `pv[0]`;
    /// `guess` is the previous iteration's score. Returns the root's value (with the full
    /// window, aspiration windows or MTD(f) alike) with its line in `pv[0]`, and leaves in
    /// `ctx.reached_horizon` whether the searches that proved it reached a horizon.
    pub(crate) fn drive_root(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        guess: Option<E::Score>,
        search: &mut RootSearchFn<'_, Self, G, E::Score, O>,
    ) -> Result<E::Score, Halt> {
        let infinity = E::Score::INFINITY;
        // Without the `refinements` feature the configuration has the full window (checked by
        // `Config::validate`), and the other drivers are not compiled in.
        let windows =
            cfg!(feature = "refinements") && self.config.algorithm == Algorithm::AlphaBeta;
        match self.config.root_search {
            RootSearch::Aspiration if windows => self.aspiration(ctx, game, depth, guess, search),
            RootSearch::Mtdf if windows => self.mtdf_root(ctx, game, depth, guess, search),
            _ => {
                ctx.stats.root_searches += 1;
                search(self, ctx, game, depth, -infinity, infinity)
            }
        }
    }

    /// An edge of an aspiration window: itself while it lies among the heuristic scores,
    /// infinity once it enters the range of wins and losses.
    fn aspiration_edge(bound: E::Score) -> E::Score {
        let band = E::Score::win_in(MAX_MATE_PLY);
        if bound >= band {
            E::Score::INFINITY
        } else if bound <= -band {
            -E::Score::INFINITY
        } else {
            bound
        }
    }

    /// MTD(f) at the root from `guess` (see [`RootSearch::Mtdf`]), its line from the table.
    /// Never inlined, like [`Self::aspiration`]: the full window's search must not carry
    /// their frames (the table line's undo list is a ply's worth of positions), which would
    /// cost a microcontroller's small stack even when they are not used.
    #[inline(never)]
    fn mtdf_root(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        guess: Option<E::Score>,
        search: &mut RootSearchFn<'_, Self, G, E::Score, O>,
    ) -> Result<E::Score, Halt> {
        let mut step = |engine: &mut Self, ctx: &mut Context<'_, '_, G::Player, O>, alpha, beta| {
            search(engine, ctx, game, depth, alpha, beta)
        };
        let (score, line) = self.mtdf_steps(ctx, guess, &mut step)?;
        self.set_table_line(game, line, depth);
        Ok(score)
    }

    /// Aspiration windows around `guess` (see [`RootSearch::Aspiration`]).
    #[inline(never)]
    fn aspiration(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        guess: Option<E::Score>,
        search: &mut RootSearchFn<'_, Self, G, E::Score, O>,
    ) -> Result<E::Score, Halt> {
        let infinity = E::Score::INFINITY;
        let band = E::Score::win_in(MAX_MATE_PLY);
        // The first iteration, and one after a win or a loss, search the whole window.
        let guess = guess.filter(|&g| g > -band && g < band);
        let smallest = E::Score::null_window(self.config.null_window_epsilon);
        let half_width = E::Score::from_f64(self.config.aspiration_half_width);
        let half_width = if half_width > smallest { half_width } else { smallest };
        let (mut alpha, mut beta) = match guess {
            Some(g) => {
                // An edge that the half-width does not move off the guess (0 in the score
                // type: a tiny width in `f32`) is open: the window is never empty.
                let low = Self::aspiration_edge(g.sub(half_width));
                let high = Self::aspiration_edge(g.add(half_width));
                (if low < g { low } else { -infinity }, if high > g { high } else { infinity })
            }
            None => (-infinity, infinity),
        };
        let (mut below, mut above) = (half_width, half_width);
        loop {
            ctx.reached_horizon = false;
            ctx.stats.root_searches += 1;
            let score = search(self, ctx, game, depth, alpha, beta)?;
            if score <= alpha && alpha > -infinity {
                // Fail-low: the value is at most `score`. The lower edge moves out past it
                // (to infinity where the step rounds away: a half-width or epsilon that is 0
                // in the score type, `f32`, would otherwise search the same window forever).
                below = below.add(below);
                let edge = Self::aspiration_edge(score.sub(below));
                alpha = if edge < score { edge } else { -infinity };
            } else if score >= beta && beta < infinity {
                // Fail-high: the value is at least `score`.
                above = above.add(above);
                let edge = Self::aspiration_edge(score.add(above));
                beta = if edge > score { edge } else { infinity };
            } else {
                return Ok(score);
            }
        }
    }

    /// MTD(f) (Plaat et al. 1996) from `guess`: null-window test calls `step(engine, ctx,
    /// alpha, beta)` (each leaving the root's line in `pv[0]`) until the bounds meet. Returns
    /// the value and the root line of the last test call that proved it from below (when none
    /// found a move, mate distance pruning or the table having settled the root, that of one
    /// more search with a window around the value; empty for a root without moves), and
    /// leaves in
    /// `ctx.reached_horizon` whether the test calls that set the final bounds reached a
    /// horizon.
    #[allow(clippy::type_complexity)]
    pub(super) fn mtdf_steps(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        guess: Option<E::Score>,
        step: &mut dyn FnMut(
            &mut Self,
            &mut Context<'_, '_, G::Player, O>,
            E::Score,
            E::Score,
        ) -> Result<E::Score, Halt>,
    ) -> Result<(E::Score, heapless::Vec<G::Move, MAX_PLY>), Halt> {
        let infinity = E::Score::INFINITY;
        // Infinite (or NaN) first guesses start from 0.
        let mut g = guess.filter(|&g| g > -infinity && g < infinity).unwrap_or(E::Score::ZERO);
        let (mut lower, mut upper) = (-infinity, infinity);
        let (mut lower_horizon, mut upper_horizon) = (true, true);
        let mut line = heapless::Vec::new();
        while lower < upper {
            // The test "is the value at least beta?": beta just above g when g is already
            // proven from below, else g itself. Where the step rounds away (huge floating
            // scores), the window reaches to the nearest known bound.
            let beta = if g == lower { self.null_window_above(g).unwrap_or(upper) } else { g };
            let alpha = self.null_window_below(beta).filter(|&a| a >= lower).unwrap_or(lower);
            ctx.reached_horizon = false;
            ctx.stats.root_searches += 1;
            g = step(self, ctx, alpha, beta)?;
            let horizon = ctx.reached_horizon;
            if g <= alpha {
                upper = g;
                upper_horizon = horizon;
            } else {
                // A fail-high proves `g` from below; a score inside the window (floating
                // scores) proves it from both sides.
                lower = g;
                lower_horizon = horizon;
                if g < beta {
                    (upper, upper_horizon) = (g, horizon);
                }
                self.copy_root_line(&mut line);
            }
        }
        if line.is_empty() {
            // No test call proved the value with a move (mate distance pruning or the table
            // settled the root): one search with a window around the value finds one.
            let alpha = self.null_window_below(g).unwrap_or(-infinity);
            let beta = self.null_window_above(g).unwrap_or(infinity);
            ctx.stats.root_searches += 1;
            step(self, ctx, alpha, beta)?;
            self.copy_root_line(&mut line);
        }
        ctx.reached_horizon = lower_horizon || upper_horizon;
        Ok((g, line))
    }

    /// Copies the root's line, `pv[0]`, into `line` (empty for an engine of no ply).
    fn copy_root_line(&self, line: &mut heapless::Vec<G::Move, MAX_PLY>) {
        match self.pv.first() {
            Some(root) => line.clone_from(root),
            None => line.clear(),
        }
    }

    /// Puts into `pv[0]` the line `line` (or, empty, the table's move for the root), followed
    /// by the moves the table holds for the positions along it, up to `depth` plies, stopping
    /// at a missing entry, a move the game does not generate there, the end of the game or a
    /// position the line has already met: the principal variation of a driver whose
    /// null-window searches keep no line of their own, and of a search without one
    /// ([`Engine::search_without_pv`]).
    #[inline(never)]
    pub(crate) fn set_table_line(
        &mut self,
        game: &mut G,
        line: heapless::Vec<G::Move, MAX_PLY>,
        depth: u32,
    ) {
        let mut full = line;
        if full.is_empty() {
            if let Some(mv) = self.table_root_move(game, depth) {
                let _ = full.push(mv);
            }
        }
        if T::ENABLED && !full.is_empty() {
            let mut undos: heapless::Vec<(G::Move, G::Undo), MAX_PLY> = heapless::Vec::new();
            // The keys of the positions along the line: a table move is not followed from a
            // position the line has already met (a cycle of entries).
            let mut keys: heapless::Vec<u64, MAX_PLY> = heapless::Vec::new();
            // Follow the given moves, then the table's, while each is a legal move.
            let mut index = 0;
            while index < depth as usize && !game.is_terminal() {
                let key = game.zobrist_key();
                if index >= full.len() && keys.contains(&key) {
                    break;
                }
                // Cannot fail: at most `depth <= MAX_PLY` positions are met.
                let _ = keys.push(key);
                let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
                game.generate_moves(&mut moves);
                let next = match full.get(index) {
                    Some(&mv) => moves.iter().copied().find(|&m| m == mv),
                    None => self.table.probe(game.zobrist_key()).and_then(|entry| {
                        let code = entry.move_code?;
                        moves.iter().copied().find(|m| m.move_code() == code)
                    }),
                };
                let Some(mv) = next else { break };
                if index >= full.len() && full.push(mv).is_err() {
                    break;
                }
                let undo = game.make_move(mv);
                if undos.push((mv, undo)).is_err() {
                    // Cannot happen: at most `depth <= MAX_PLY` moves are made.
                    break;
                }
                index += 1;
            }
            full.truncate(index);
            while let Some((mv, undo)) = undos.pop() {
                game.unmake_move(mv, undo);
            }
        }
        if let Some(pv) = self.pv.first_mut() {
            *pv = full;
        }
    }
}
