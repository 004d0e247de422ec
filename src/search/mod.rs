//! The two-player search: negamax with fail-soft alpha-beta under iterative deepening, and the
//! accelerators that make it fast.
//!
//! # The algorithm
//!
//! Negamax (Knuth & Moore 1975) scores every position from the point of view of the side to
//! move, so one routine serves both players: a child's score is negated, and its window
//! `(alpha, beta)` becomes `(-beta, -alpha)`, only where the side to move changes (a pass or an
//! extra turn keeps the same side, the same sign and the same window).
//!
//! Alpha-beta keeps a window `(alpha, beta)`: `alpha` is what the side to move is already sure
//! of, `beta` what the opponent will allow. As soon as a move scores `>= beta` the remaining
//! moves cannot matter (a fail-high, or beta cutoff) and the node returns. The search is
//! *fail-soft*: it returns the best score it saw even when that lies outside the window, so
//!
//! * a result `<= alpha` (fail-low) is an upper bound on the true value,
//! * a result `>= beta` (fail-high) is a lower bound,
//! * a result strictly inside the window is the exact minimax value.
//!
//! With the full window `(-INFINITY, INFINITY)` the root value equals plain minimax
//! (Knuth & Moore 1975); the tests check that on random trees and real games.
//!
//! Iterative deepening searches depth 1, 2, … `max_depth`. Its results are what a time limit
//! returns: the last iteration that completed, never a half-searched one. An iteration whose
//! search reached no horizon (every line ended in a terminal position) has found the game's
//! value, so deeper iterations are skipped.
//!
//! # Accelerators (each can be switched off in [`Config`])
//!
//! | technique | value-preserving | source |
//! |---|---|---|
//! | move ordering: PV move, TT move, killers, history | yes | Schaeffer 1989 (history) |
//! | transposition table with bounds | yes, with [`TtCutoffs::EqualDraft`]; deeper drafts give deeper (better) values | Greenblatt et al. 1967; Hyatt & Mann 2002 (lockless) |
//! | principal variation search (PVS) | yes | Marsland & Campbell 1982 |
//! | mate distance pruning | yes | |
//! | late move reductions (LMR) | no: reduced lines see less | |
//! | quiescence search | no: horizon positions are searched further | |
//! | random tie-breaking at the root | yes (the value; the move is one of the equal best) | |
//! | aspiration windows at the root ([`RootSearch::Aspiration`]) | yes | |
//! | MTD(f) at the root ([`RootSearch::Mtdf`], [`Engine::mtdf`]) | yes | Plaat, Schaeffer, Pijls & de Bruin 1996 |
//! | null-move pruning, for a game with passes ([`Config::null_move`]) | no: where a pass would be best (zugzwang) | Beal 1989; Donninger 1993; Heinz 1999 (adaptive R); David-Tabibi & Netanyahu 2002 (verification) |
//!
//! Besides the best move, [`Engine::analyze`] scores every root move (or the best few,
//! multi-PV), and [`Config::strength`] plays a seeded choice among the moves within a margin
//! of the best (strength levels).
//!
//! PVS searches the first move of a node with the full window and every later move with a
//! null window `(alpha, alpha + epsilon)` that only asks "is it better than alpha?"; a move that
//! says yes is searched again with the full window. For integers `epsilon` is 1; for floating
//! scores it is [`Config::null_window_epsilon`] (1e-4 by default), and where `alpha + epsilon`
//! rounds back to `alpha` (huge scores in `f32`) the full window is used instead.
//!
//! # Where to read
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the [`Engine`], its constructors and accessors, the entry points |
//! | `config.rs` | [`Config`], [`Algorithm`], [`TtCutoffs`], [`ParallelScheme`], [`RootSearch`], [`NullMoveReduction`], [`Strength`] |
//! | `result.rs` | [`SearchResult`], [`SearchStats`], [`IterationInfo`], [`WindowResult`] |
//! | `root.rs` | iterative deepening, the root iteration, the choice of the compiled node loop |
//! | `solve.rs` | exact solving ([`Engine::solve`]): null-window tests over the score range, its own node loop |
//! | `driver.rs` | the root search of each iteration: the full window, aspiration windows, MTD(f) |
//! | `analysis.rs` | [`Analysis`]: every root move's score, multi-PV, and the strength levels |
//! | `null_move.rs` | null-move pruning |
//! | `node.rs` | the node loop: negamax, PVS, late move reductions, the plain alpha-beta loop |
//! | `quiescence.rs` | quiescence search |
//! | `table.rs` | the transposition table's probe and cutoff |
//! | `window.rs` | the null windows of PVS |
//! | `features.rs` | the feature bits the node loop is compiled for |
//! | `context.rs` | the state of one call: counters, polls of the clock and stop flag |
//! | `coordination.rs` | the hooks through which searches running at once work together (ABDADA's marks of busy moves, the pacer, the sorter exchange), implemented by the parallel engine and handed in from above |

pub mod analysis;
mod config;
mod context;
mod coordination;
mod driver;
pub(crate) mod features;
mod node;
mod null_move;
mod quiescence;
mod result;
mod root;
mod solve;
mod table;
mod trace;
mod window;

use core::marker::PhantomData;

use rand_xorshift::XorShiftRng;

pub use analysis::{Analysis, RootMove};
pub use config::{
    Algorithm, Config, Futility, LogReduction, NullMoveReduction, ParallelScheme, RootSearch,
    Strength, TtCutoffs,
};
pub(crate) use context::{Context, Halt};
pub(crate) use coordination::Links;
#[cfg(feature = "std")]
pub(crate) use coordination::{MoveMarks, Pace, SorterExchange};
#[cfg(feature = "std")]
pub(crate) use driver::RootSearchFn;
pub(crate) use node::Node;
pub use result::{IterationInfo, SearchResult, SearchStats, WindowResult};
pub use solve::Solution;

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game};
use crate::ordering::{DefaultSorter, MoveSorter};
use crate::score::Score;
use crate::tt::{NoTable, Table};

/// Writes the line from `ply` of a triangular principal-variation table: `mv` followed by the
/// line from `ply + 1` (shared by the two-player and the multi-player engines).
pub(crate) fn set_line<M: Copy, const N: usize>(
    lines: &mut [heapless::Vec<M, N>],
    ply: usize,
    mv: M,
) {
    let (head, tail) = lines.split_at_mut(ply + 1);
    let Some(line) = head.last_mut() else { return };
    line.clear();
    // Cannot fail: a line from ply p holds at most MAX_PLY - p moves.
    let _ = line.push(mv);
    if let Some(child) = tail.first() {
        for &m in child {
            if line.push(m).is_err() {
                break;
            }
        }
    }
}

/// Checks the window of a fixed-depth search: `alpha < beta`, neither NaN, neither beyond
/// `±INFINITY`.
pub(crate) fn check_window<S: Score>(alpha: S, beta: S) -> Result<(), SearchError> {
    // NaN compares as unordered and fails too; so does a bound beyond the infinities
    // (`i32::MIN`, whose negation overflows).
    let infinity = S::INFINITY;
    if alpha.partial_cmp(&beta) != Some(core::cmp::Ordering::Less)
        || !(alpha >= -infinity && beta <= infinity)
    {
        return Err(SearchError::InvalidWindow);
    }
    Ok(())
}

/// A fixed-depth search with a window, whatever runs it: [`Engine::search_window`] on the
/// calling thread, or (`std`) [`ParallelEngine::search_window`](crate::parallel::ParallelEngine::search_window)
/// on a thread pool. A window driver (a solver that narrows the interval a score lies in
/// with null windows, say) written over this trait runs on either.
///
/// The contract is [`Engine::search_window`]'s: the result is fail-soft (`<= alpha` an upper
/// bound, `>= beta` a lower bound, between them the exact value at `depth`), with a best move
/// and the nodes visited (by every thread); `game` is back in its position when it returns.
pub trait WindowSearch<G: Game> {
    /// The evaluator's score type.
    type Score: Score;

    /// Searches `game` to `depth` plies with the window `(alpha, beta)`.
    ///
    /// # Errors
    /// As [`Engine::search_window`]: [`SearchError::InvalidWindow`] for a window that is
    /// empty, NaN or beyond `±INFINITY`, [`SearchError::DepthBeyondCapacity`], the
    /// configuration's, game's and evaluator's errors.
    fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: Self::Score,
        beta: Self::Score,
    ) -> Result<WindowResult<G::Move, Self::Score>, SearchError>;
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> WindowSearch<G>
    for Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    type Score = E::Score;

    fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        Engine::search_window(self, game, depth, alpha, beta)
    }
}

/// The search engine for one game type `G` with evaluator `E`.
///
/// * `MAX_MOVES`: the capacity of a move list, the most legal moves a position may have.
/// * `MAX_PLY`: the deepest search, in plies, and the capacity of the principal variation.
/// * `T`: the transposition table: [`NoTable`] (the default) or a reference to a
///   [`TranspositionTable`](crate::tt::TranspositionTable) given by [`Engine::with_table`].
/// * `O`: the move sorter, [`DefaultSorter`] unless replaced by [`Engine::with_sorter`].
///
/// The engine holds no heap memory: its size is fixed by the capacities (the principal
/// variation tables take `(MAX_PLY + 1) * MAX_PLY` moves, the default sorter about 2 KiB) and
/// `new` is `const`, so an engine can live in a `static`. The recursion keeps one move list
/// (`MAX_MOVES` moves, plus their ordering keys) per ply on the stack.
///
/// An engine is used by one thread at a time (`search` takes `&mut self`); stop it from
/// another thread or an interrupt through [`Limits::stop`]. A table may be shared by any
/// number of engines on any number of threads.
pub struct Engine<
    G: Game,
    E: Evaluator<G>,
    const MAX_MOVES: usize,
    const MAX_PLY: usize,
    T = NoTable,
    O = DefaultSorter<<G as Game>::Move, MAX_PLY>,
> {
    evaluator: E,
    pub(crate) config: Config,
    pub(crate) table: T,
    pub(crate) sorter: O,
    /// Triangular principal-variation table: `pv[ply]` is the best line found from `ply` on.
    pub(crate) pv: [heapless::Vec<G::Move, MAX_PLY>; MAX_PLY],
    /// The principal variation of the previous iteration, tried first in the next.
    pub(crate) prev_pv: heapless::Vec<G::Move, MAX_PLY>,
    rng: Option<XorShiftRng>,
    /// The recorder of [`Engine::search_traced`], there only during such a search.
    #[cfg(feature = "std")]
    tracer: Option<Box<trace::Recorder<G::Move>>>,
    _game: PhantomData<fn(&mut G)>,
}

impl<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize>
    Engine<G, E, MAX_MOVES, MAX_PLY>
{
    /// An engine with the given evaluator and configuration, no transposition table and the
    /// default move sorter.
    pub const fn new(evaluator: E, config: Config) -> Self {
        Self::with_parts(evaluator, config, NoTable, DefaultSorter::new())
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// An engine from all its parts.
    #[inline(always)]
    pub const fn with_parts(evaluator: E, config: Config, table: T, sorter: O) -> Self {
        Self {
            evaluator,
            config,
            table,
            sorter,
            pv: [const { heapless::Vec::new() }; MAX_PLY],
            prev_pv: heapless::Vec::new(),
            rng: None,
            #[cfg(feature = "std")]
            tracer: None,
            _game: PhantomData,
        }
    }

    /// The same engine with a transposition table (for example `&TABLE`, a reference to a
    /// [`TranspositionTable`](crate::tt::TranspositionTable), or a
    /// [`TableSlice`](crate::tt::TableSlice)).
    pub fn with_table<T2: Table<E::Score>>(
        self,
        table: T2,
    ) -> Engine<G, E, MAX_MOVES, MAX_PLY, T2, O> {
        Engine::with_parts(self.evaluator, self.config, table, self.sorter)
    }

    /// The same engine with another move sorter.
    pub fn with_sorter<O2: MoveSorter<G>>(
        self,
        sorter: O2,
    ) -> Engine<G, E, MAX_MOVES, MAX_PLY, T, O2> {
        Engine::with_parts(self.evaluator, self.config, self.table, sorter)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Replaces the configuration for the following searches (and re-seeds tie-breaking).
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
        self.rng = None;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The evaluator, mutable (to change its parameters between searches).
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// The transposition table.
    pub fn table(&self) -> &T {
        &self.table
    }

    /// Replaces the transposition table (of the same type) for the following searches.
    pub fn set_table(&mut self, table: T) {
        self.table = table;
    }

    /// The move sorter.
    pub fn sorter(&self) -> &O {
        &self.sorter
    }

    /// The move sorter, mutable.
    pub fn sorter_mut(&mut self) -> &mut O {
        &mut self.sorter
    }

    /// Forgets the killer moves and history scores learnt so far (they otherwise carry over
    /// from one search to the next, which helps when the positions are related).
    pub fn clear_history(&mut self) {
        self.sorter.clear();
    }

    /// Searches `game` by iterative deepening within `limits` and returns the last completed
    /// iteration. `game` is back in its original position when the call returns, whatever the
    /// outcome.
    ///
    /// # Errors
    /// * [`SearchError::ZeroMaxDepth`], [`SearchError::DepthBeyondCapacity`],
    ///   [`SearchError::MinDepthAboveMaxDepth`], [`SearchError::TimeLimitWithoutClock`]: the
    ///   limits are invalid; nothing was searched.
    /// * [`SearchError::InvalidNullWindowEpsilon`], [`SearchError::QuiescenceDepthBeyondCapacity`]:
    ///   the configuration's epsilon is not positive and finite, or its quiescence depth
    ///   exceeds `MAX_PLY` (for a game with a quiescence policy); nothing was searched.
    /// * [`SearchError::MoveListOverflow`]: the game generated more than `MAX_MOVES` moves.
    /// * [`SearchError::NanScore`], [`SearchError::ScoreOutOfRange`]: the evaluator returned
    ///   NaN, or a score outside the valid range (see [`Evaluator`]).
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError> {
        self.search_with_info(game, limits, |_| {})
    }

    /// [`Engine::search`] for a caller that wants the move and the score, not the principal
    /// variation (a player that reads only the move, a driver of its own): the node loops
    /// then keep no line where the search does not need it.
    ///
    /// The result is the one [`Engine::search`] returns, field for field (the best move, the
    /// score, the depth, the exactness, the node counts and statistics), but `pv`. Where the
    /// line is dropped, `pv` (and each [`IterationInfo`]'s) is read back from the
    /// transposition table after each iteration: the best move, then the chain of the
    /// table's moves from the position it reaches, stopping at a missing entry, a move the
    /// game does not generate there, the end of the game, a position the line has already
    /// met, or the iteration's depth. So it may be shorter than [`Engine::search`]'s (without
    /// a table it is the best move alone), and an entry along it may have been replaced.
    ///
    /// The line is dropped where it does not steer the search and a loop without it is not
    /// slower: without move ordering (the previous iteration's line orders the next one's
    /// first moves) or without iterative deepening; and under `std` (without the `one-loop`
    /// feature), for plain alpha-beta ([`Config::plain_alpha_beta`], which has a loop of its
    /// own without the line) and the configurations served by the loop that reads the
    /// configuration, not for the other common sets, whose loops are compiled with the line
    /// only. Elsewhere the line is kept and returned whole. On plain alpha-beta the line is
    /// what costs most (its loop clears and copies it at every node): on tic-tac-toe 107.2
    /// instructions a node instead of 125.5 (`docs/performance.md`).
    ///
    /// With a [`Config::strength`] level it searches as [`Engine::search`] does (the level
    /// reads every root move's line).
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn search_without_pv(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError> {
        self.search_without_pv_with_info(game, limits, |_| {})
    }

    /// [`Engine::search_without_pv`], calling `on_iteration` after every completed iteration
    /// (its line read back from the table, as the result's).
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn search_without_pv_with_info<F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        on_iteration: F,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
    {
        self.sequential_search::<false, F>(game, limits, on_iteration)
    }

    /// [`Engine::search`], calling `on_iteration` after every completed iteration.
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn search_with_info<F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        on_iteration: F,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
    {
        self.sequential_search::<true, F>(game, limits, on_iteration)
    }

    /// [`Engine::search_with_info`] (`LINE`) or [`Engine::search_without_pv_with_info`]:
    /// the choice a constant, so that a program that never searches without the line does
    /// not carry that search.
    fn sequential_search<const LINE: bool, F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        on_iteration: F,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
    {
        #[cfg(feature = "refinements")]
        if let Some(strength) = self.config.strength {
            let mut on_iteration = on_iteration;
            return self.search_at_strength(game, limits, strength.margin, &mut on_iteration);
        }
        self.iterate(
            game,
            limits,
            Links::default(),
            on_iteration,
            |engine, ctx, game, depth, alpha, beta| {
                if LINE {
                    engine.root_iteration::<false>(ctx, game, depth, alpha, beta)
                } else {
                    engine.root_iteration_without_line(ctx, game, depth, alpha, beta)
                }
            },
        )
    }

    /// One fixed-depth search of `game` with the window `(alpha, beta)`, without iterative
    /// deepening, clock or stop flag. Depth 0 returns the static evaluation (or quiescence).
    ///
    /// This is the building block of window drivers (aspiration windows, MTD(f), a null-window
    /// solver that narrows the score range). The result is fail-soft: `<= alpha` is an upper
    /// bound, `>= beta` a lower bound, anything between is the exact value. Under
    /// [`Algorithm::Minimax`] the window is ignored and the exact value returned. The
    /// transposition table is used but not aged: call its `new_search` between unrelated
    /// positions if you like.
    ///
    /// The window may be anything from `(-INFINITY, INFINITY)` (`i32`: `(-i32::MAX, i32::MAX)`;
    /// floats: the infinities) inwards; the scores it is compared with are the evaluator's, in
    /// the valid range of [`Evaluator`].
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] when `!(alpha < beta)`, either bound is NaN, or a bound
    /// lies beyond `±INFINITY` (`i32::MIN`); [`SearchError::DepthBeyondCapacity`] when
    /// `depth > MAX_PLY`; the configuration's errors, and the game's and evaluator's errors
    /// ([`SearchError::ScoreOutOfRange`] among them), as for [`Engine::search`].
    pub fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        check_window(alpha, beta)?;
        self.fixed_depth(game, depth, |engine, ctx, game| {
            let pv = engine.null_window_above(alpha).is_none_or(|top| top < beta);
            let root = Node { depth, ply: 0, pv, on_prev_pv: false, last: None };
            engine.dispatch::<false>(ctx, game, root, alpha, beta)
        })
    }

    /// MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996) at a fixed depth: null-window searches
    /// of `game` (memory-enhanced test calls, [`Engine::search_window`] with a null window)
    /// from the first guess `guess`, each narrowing the interval the value lies in to its
    /// fail-soft bound, until the interval closes. The result is the exact value at `depth`,
    /// as the full window gives ([`RootSearch::Mtdf`] runs the same steps in each iteration
    /// of [`Engine::search`]). Each test call reads what the earlier ones stored: use an
    /// engine with a transposition table, and a guess near the value (the previous
    /// iteration's, or 0). `stats.root_searches` counts the test calls; `best_move` is the
    /// move of the last call that proved the value from below (or the table's move for the
    /// root). Like `search_window`, it has no clock or stop flag and does not age the table.
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] for a NaN guess or one below `-INFINITY` (`i32::MIN`);
    /// otherwise as [`Engine::search_window`].
    pub fn mtdf(
        &mut self,
        game: &mut G,
        depth: u32,
        guess: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        let infinity = E::Score::INFINITY;
        if !(guess >= -infinity && guess <= infinity) {
            return Err(SearchError::InvalidWindow);
        }
        self.fixed_depth(game, depth, |engine, ctx, game| {
            let mut step =
                |engine: &mut Self, ctx: &mut Context<'_, '_, G::Player, O>, alpha, beta| {
                    let pv = engine.null_window_above(alpha).is_none_or(|top| top < beta);
                    let root = Node { depth, ply: 0, pv, on_prev_pv: false, last: None };
                    engine.dispatch::<false>(ctx, game, root, alpha, beta)
                };
            let (score, line) = engine.mtdf_steps(ctx, Some(guess), &mut step)?;
            engine.set_table_line(game, line, depth);
            Ok(score)
        })
    }

    /// A search at a fixed `depth` without limits (the set-up of [`Engine::search_window`] and
    /// [`Engine::mtdf`]): `run` searches the root, leaving its line in `pv[0]`.
    fn fixed_depth(
        &mut self,
        game: &mut G,
        depth: u32,
        run: impl FnOnce(
            &mut Self,
            &mut Context<'_, '_, G::Player, O>,
            &mut G,
        ) -> Result<E::Score, Halt>,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        // Nothing to poll for: no clock, no stop flag, no other thread.
        self.fixed_depth_linked(game, depth, Links::default(), u64::MAX, run)
    }

    /// [`Engine::fixed_depth`] for a thread of a parallel window search: its `links` with the
    /// other threads, polled every `poll_interval` nodes (the other threads' aborts are seen
    /// at the polls); the `interrupt` of the links ends the search early (then `run` must
    /// return the result another thread found).
    pub(crate) fn fixed_depth_linked<'l>(
        &mut self,
        game: &mut G,
        depth: u32,
        links: Links<'l, O>,
        poll_interval: u64,
        run: impl FnOnce(
            &mut Self,
            &mut Context<'l, '_, G::Player, O>,
            &mut G,
        ) -> Result<E::Score, Halt>,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        self.check_config()?;
        if depth as usize > MAX_PLY {
            return Err(SearchError::DepthBeyondCapacity { max_depth: depth, capacity: MAX_PLY });
        }
        let mut ctx = Context::new(None, poll_interval);
        ctx.links = links;
        #[cfg(feature = "std")]
        if links.interrupt.is_some() {
            ctx.abort = links.interrupt;
        }
        ctx.root_side = Some(game.side_to_move());
        self.start_search();
        self.prev_pv.clear();
        if let Some(line) = self.pv.first_mut() {
            line.clear();
        }
        match run(self, &mut ctx, game) {
            Ok(score) => {
                let searched = self.pv.first().and_then(|line| line.first().copied());
                let best_move = searched.or_else(|| self.table_root_move(game, depth));
                Ok(WindowResult { score, best_move, nodes: ctx.nodes(), stats: ctx.stats() })
            }
            Err(Halt::Failed) => Err(ctx.take_error()),
            // Without limits nothing can interrupt the search (a parallel one's interrupt
            // comes with the result another thread found: `run` returns it).
            Err(Halt::Interrupted) => {
                unreachable!("a fixed-depth search has no clock or stop flag")
            }
        }
    }

    /// The move of the table's entry for a root that the table answered (no move was
    /// searched): the legal move with the entry's move code, if there is one.
    fn table_root_move(&self, game: &G, depth: u32) -> Option<G::Move> {
        if !T::ENABLED || depth == 0 || game.is_terminal() {
            return None;
        }
        let code = self.table.probe(game.zobrist_key())?.move_code?;
        let mut moves = crate::game::MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        moves.iter().copied().find(|mv| crate::tt::MoveCode::move_code(*mv) == code)
    }
}
