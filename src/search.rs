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
//!
//! PVS searches the first move of a node with the full window and every later move with a
//! null window `(alpha, alpha + epsilon)` that only asks "is it better than alpha?"; a move that
//! says yes is searched again with the full window. For integers `epsilon` is 1; for floating
//! scores it is [`Config::null_window_epsilon`] (1e-4 by default), and where `alpha + epsilon`
//! rounds back to `alpha` (huge scores in `f32`) the full window is used instead.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicBool, Ordering};

use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::ordering::{DefaultSorter, MoveSorter, OrderingHints};
use crate::score::Score;
use crate::tt::{Bound, Entry, MoveCode, NoTable, Table};

/// Which tree search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Algorithm {
    /// Negamax with fail-soft alpha-beta pruning (Knuth & Moore 1975) and the accelerators
    /// switched on in [`Config`]. The default.
    #[default]
    AlphaBeta,
    /// Plain negamax minimax: every node to the depth limit, no pruning, no accelerator (the
    /// transposition table, ordering, PVS, LMR, quiescence and tie-breaking are all ignored).
    /// For teaching and for verifying the pruned search; it visits the whole tree.
    Minimax,
}

/// When a transposition-table entry may end a node's search without searching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TtCutoffs {
    /// An entry searched at least as deep as needed, or proven (its subtree reached no
    /// horizon). The default, and what every engine does: deeper entries make the value
    /// better than a fixed-depth search, so it may differ from plain alpha-beta at that depth.
    #[default]
    DeeperOrProven,
    /// Only an entry searched exactly as deep as needed: the root value then equals plain
    /// alpha-beta at the same depth. For verification.
    EqualDraft,
    /// Never: the table only supplies the move to try first.
    Never,
}

/// How the engine searches. Per-call limits (depths, time) are in [`Limits`], not here.
///
/// ```
/// use alphabeta::{Algorithm, Config};
/// let config = Config { algorithm: Algorithm::Minimax, ..Config::default() };
/// assert!(config.iterative_deepening && config.pvs && config.tie_break_seed.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The tree search. Default: [`Algorithm::AlphaBeta`].
    pub algorithm: Algorithm,
    /// Search depth 1, 2, … `max_depth` (`true`, the default), or only `max_depth` (`false`;
    /// then `min_depth` must equal `max_depth` or the single iteration is not guaranteed).
    pub iterative_deepening: bool,
    /// Nodes between two polls of the clock and the stop flag. Default 1024; 0 counts as 1.
    /// Smaller reacts faster to a deadline, larger reads the clock less often.
    pub poll_interval_nodes: u32,
    /// Move ordering by the engine's sorter (the [`DefaultSorter`] unless replaced).
    /// Default on; off searches moves in the game's order.
    pub ordering: bool,
    /// When a transposition-table entry may cut a node (only with a table; see
    /// [`Engine::with_table`]). Default [`TtCutoffs::DeeperOrProven`]. Cutoffs are never
    /// taken at PV nodes, so the principal variation stays whole.
    pub tt_cutoffs: TtCutoffs,
    /// Principal variation search. Default on.
    pub pvs: bool,
    /// The null-window width of PVS for floating scores (integers always use 1). Default 1e-4;
    /// a value that is not positive and finite makes every search fail with
    /// [`SearchError::InvalidNullWindowEpsilon`].
    pub null_window_epsilon: f64,
    /// Mate distance pruning: a node `ply` plies from the root can neither win before ply
    /// `ply + 1` nor lose before it, so the window is narrowed to that. Default on. Requires
    /// an evaluator that scores wins and losses with [`Score::win_in`] / [`Score::loss_in`] of
    /// the ply and keeps heuristic scores out of the mate range.
    pub mate_distance_pruning: bool,
    /// Late move reductions. Default on.
    pub lmr: bool,
    /// LMR applies at nodes with at least this many plies left. Default 3.
    pub lmr_min_depth: u32,
    /// LMR applies to moves from this index on (0 is the first move). Default 3.
    pub lmr_min_move_index: u32,
    /// Quiescence search at the horizon, for games with a policy ([`Game::QUIESCENCE`]).
    /// Default on (it does nothing for a game without a policy).
    pub quiescence: bool,
    /// The most plies quiescence search adds beyond the horizon. Default 4. At most the
    /// engine's ply capacity (`MAX_PLY`), so that the recursion stays within `2 * MAX_PLY`
    /// frames: a larger value makes a search of a game with a quiescence policy fail with
    /// [`SearchError::QuiescenceDepthBeyondCapacity`].
    pub max_quiescence_depth: u32,
    /// `Some(seed)`: choose at random (`rand_xorshift` seeded with `seed`, so runs are
    /// reproducible) among root moves whose scores are exactly equal. Default `None`: the
    /// first best move in search order.
    pub tie_break_seed: Option<u64>,
    /// Threads of a [`ParallelEngine`](crate::parallel::ParallelEngine) (`std`): 0 (the
    /// default) uses the available parallelism, 1 searches sequentially. [`Engine`] itself
    /// always searches on the calling thread.
    pub threads: u32,
    /// How a [`ParallelEngine`](crate::parallel::ParallelEngine) shares the work. Default
    /// [`ParallelScheme::RootSplit`].
    pub parallel_scheme: ParallelScheme,
}

/// How a parallel search shares the work among threads (`std`, see
/// [`ParallelEngine`](crate::parallel::ParallelEngine)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ParallelScheme {
    /// Root splitting, extended down the principal variation (PV splitting) and below it by
    /// the young brothers wait concept: at every depth from 2 on, the first root move is
    /// searched alone for a sound alpha (split the same way at its own first move, and so on
    /// down the leftmost path), then the other moves of each such node are shared among the
    /// threads, whose long searches are split in turn (see the
    /// [`parallel`](crate::parallel) module). The default: with the value-preserving options
    /// its values equal the sequential search's, with the default table cutoffs too (with LMR
    /// on they can differ, as between two sequential searches with different histories), and
    /// on Connect Four (`benches/parallel.rs`, depths 12 to 16 from the empty board) it is
    /// the faster scheme at 2 threads on typical runs (see the README's parallel section).
    #[default]
    RootSplit,
    /// Lazy SMP: every thread searches the whole root, sharing the transposition table; the
    /// main thread's result is returned (helpers search one ply deeper on odd threads).
    LazySmp,
}

impl Config {
    /// The defaults (see each field).
    pub const fn new() -> Self {
        Self {
            algorithm: Algorithm::AlphaBeta,
            iterative_deepening: true,
            poll_interval_nodes: 1024,
            ordering: true,
            tt_cutoffs: TtCutoffs::DeeperOrProven,
            pvs: true,
            null_window_epsilon: 1e-4,
            mate_distance_pruning: true,
            lmr: true,
            lmr_min_depth: 3,
            lmr_min_move_index: 3,
            quiescence: true,
            max_quiescence_depth: 4,
            tie_break_seed: None,
            threads: 0,
            parallel_scheme: ParallelScheme::RootSplit,
        }
    }

    /// Only what preserves the value: no LMR, no quiescence (PVS, ordering, the table with
    /// the default cutoffs and mate distance pruning stay on).
    pub const fn value_preserving() -> Self {
        Self { lmr: false, quiescence: false, ..Self::new() }
    }

    /// Plain alpha-beta: every accelerator off, moves in the game's order.
    pub const fn plain_alpha_beta() -> Self {
        Self {
            ordering: false,
            tt_cutoffs: TtCutoffs::Never,
            pvs: false,
            mate_distance_pruning: false,
            lmr: false,
            quiescence: false,
            ..Self::new()
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

/// Counters of one search call (all iterations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited, quiescence nodes included.
    pub nodes: u64,
    /// Of which quiescence-search nodes.
    pub quiescence_nodes: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
    /// Nodes ended by a table entry without a search.
    pub tt_cutoffs: u64,
    /// Beta cutoffs (fail-highs) in the main search.
    pub beta_cutoffs: u64,
    /// Of which caused by the first move searched.
    pub first_move_cutoffs: u64,
    /// Re-searches: PVS scouts that beat alpha, and reduced searches that did.
    pub researches: u64,
}

impl SearchStats {
    /// The share of beta cutoffs caused by the first move, in permille (0–1000): a measure of
    /// move ordering (90% and more is good).
    pub fn first_move_cutoff_permille(&self) -> u32 {
        (self.first_move_cutoffs * 1000).checked_div(self.beta_cutoffs).unwrap_or(0) as u32
    }

    /// The share of table probes that hit, in permille.
    pub fn tt_hit_permille(&self) -> u32 {
        (self.tt_hits * 1000).checked_div(self.tt_probes).unwrap_or(0) as u32
    }
}

/// The outcome of [`Engine::search`].
///
/// `MAX_PLY` is the engine's ply capacity, which bounds the principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M, S, const MAX_PLY: usize> {
    /// The best move at the root; `None` when the root is terminal or has no legal move.
    pub best_move: Option<M>,
    /// The root's score for the side to move at the root (see [`Score`] for the ranges).
    pub score: S,
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// Nodes visited by every iteration, the root of each included, the interrupted one too.
    pub nodes: u64,
    /// `true` when `score` is the game's value: the last completed iteration reached no
    /// horizon, every line it searched ended in a terminal position.
    pub exact: bool,
    /// `false` when the clock or the stop flag interrupted an iteration (whose partial result
    /// was discarded); `true` when the search ended by reaching `max_depth` or an exact score.
    pub completed: bool,
    /// The principal variation from the root: the best move, the best reply, and so on.
    pub pv: heapless::Vec<M, MAX_PLY>,
    /// Microseconds from the start of the search to its end, when a clock was given.
    pub elapsed_micros: Option<u64>,
    /// Counters of the whole call.
    pub stats: SearchStats,
}

/// What the per-iteration callback of [`Engine::search_with_info`] receives after each
/// completed iteration, like the `info` lines of chess engines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IterationInfo<'a, M, S> {
    /// The depth just completed.
    pub depth: u32,
    /// Its score.
    pub score: S,
    /// Nodes so far in this call.
    pub nodes: u64,
    /// Microseconds since the start of the call (with a clock).
    pub elapsed_micros: Option<u64>,
    /// Nodes per second so far (with a clock, once time has passed).
    pub nodes_per_second: Option<u64>,
    /// The principal variation of this iteration.
    pub pv: &'a [M],
    /// Whether the score is the game's value.
    pub exact: bool,
}

/// The outcome of [`Engine::search_window`]: one fixed-depth search with a given window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindowResult<M, S> {
    /// The fail-soft score: `<= alpha` is an upper bound, `>= beta` a lower bound, anything
    /// between is exact.
    pub score: S,
    /// The move that produced `score` (the first of the best when several tie); `None` for a
    /// terminal root, a root without legal moves, depth 0, or a root answered by the table.
    pub best_move: Option<M>,
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Counters of the call.
    pub stats: SearchStats,
}

/// Why the recursion unwinds early. One byte, so that `Result<Score, Halt>` travels in
/// registers through the recursion; the error itself waits in [`Context::error`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Halt {
    /// The clock or the stop flag ended the iteration.
    Interrupted,
    /// A user error, stored in the context.
    Failed,
}

/// The mutable state of one search call (of one thread, in a parallel search).
pub(crate) struct Context<'l, 'c, P> {
    limits: Option<&'l Limits<'c>>,
    start_micros: u64,
    /// May the clock and the stop flag end the current iteration (beyond `min_depth`)?
    interruptible: bool,
    poll_interval: u64,
    /// The node count of the next poll: a multiple of `poll_interval`.
    next_poll: u64,
    stats: SearchStats,
    /// Set when a non-terminal position was evaluated at the horizon.
    reached_horizon: bool,
    /// The clock reading of the poll that ended the search, if one did.
    stopped_at_micros: Option<u64>,
    root_side: Option<P>,
    /// The error behind a [`Halt::Failed`].
    error: Option<SearchError>,
    /// Raised by a thread of a parallel search that halted, so that the others stop too.
    abort: Option<&'l AtomicBool>,
}

impl<'l, 'c, P> Context<'l, 'c, P> {
    fn new(limits: Option<&'l Limits<'c>>, poll_interval: u64) -> Self {
        Context {
            limits,
            start_micros: 0,
            interruptible: false,
            poll_interval,
            next_poll: poll_interval,
            stats: SearchStats::default(),
            reached_horizon: false,
            stopped_at_micros: None,
            root_side: None,
            error: None,
            abort: None,
        }
    }

    /// The context of a helper thread of a parallel search: the same limits and start time,
    /// interruptible like `main`, stopping also when `abort` is raised.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn helper<'a>(main: &Self, abort: &'a AtomicBool) -> Context<'a, 'c, P>
    where
        P: Copy,
        'l: 'a,
    {
        Context {
            limits: main.limits,
            start_micros: main.start_micros,
            interruptible: main.interruptible,
            poll_interval: main.poll_interval,
            next_poll: main.poll_interval,
            stats: SearchStats::default(),
            reached_horizon: false,
            stopped_at_micros: None,
            root_side: main.root_side,
            error: None,
            abort: Some(abort),
        }
    }

    /// Nodes visited so far by this search (this thread's).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn nodes(&self) -> u64 {
        self.stats.nodes
    }

    /// Counts a re-search (made by a parallel search outside [`Engine::search_move`]).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn count_research(&mut self) {
        self.stats.researches += 1;
    }

    /// Starts the search of a subtree whose own "reached a horizon" is wanted: returns the
    /// flag so far, to be given back to [`Context::leave_subtree`].
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn enter_subtree(&mut self) -> bool {
        core::mem::replace(&mut self.reached_horizon, false)
    }

    /// Ends what [`Context::enter_subtree`] started.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn leave_subtree(&mut self, outer: bool) {
        self.reached_horizon |= outer;
    }

    /// Whether the iteration so far reached a horizon.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn reached_horizon(&self) -> bool {
        self.reached_horizon
    }

    /// Takes in what a helper thread found: its counters, whether it reached a horizon, and
    /// its error or interruption.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn absorb(&mut self, helper: &mut Context<'_, '_, P>) {
        let h = helper.stats;
        let s = &mut self.stats;
        s.nodes += h.nodes;
        s.quiescence_nodes += h.quiescence_nodes;
        s.tt_probes += h.tt_probes;
        s.tt_hits += h.tt_hits;
        s.tt_cutoffs += h.tt_cutoffs;
        s.beta_cutoffs += h.beta_cutoffs;
        s.first_move_cutoffs += h.first_move_cutoffs;
        s.researches += h.researches;
        self.reached_horizon |= helper.reached_horizon;
        if self.error.is_none() {
            self.error = helper.error.take();
        }
        if self.stopped_at_micros.is_none() {
            self.stopped_at_micros = helper.stopped_at_micros;
        }
    }

    /// Records `error` and returns the halt that unwinds the search.
    fn fail(&mut self, error: SearchError) -> Halt {
        self.error = Some(error);
        Halt::Failed
    }

    /// The error behind a [`Halt::Failed`] (always recorded by [`Context::fail`]).
    fn take_error(&mut self) -> SearchError {
        self.error.take().unwrap_or(SearchError::InvalidWindow)
    }
}

impl<P> Context<'_, '_, P> {
    /// Counts a node and polls every `poll_interval` nodes: `Err` when the search must stop.
    #[inline]
    fn visit(&mut self) -> Result<(), Halt> {
        self.stats.nodes += 1;
        if self.stats.nodes >= self.next_poll {
            return self.poll();
        }
        Ok(())
    }

    /// The poll of [`Context::visit`], every `poll_interval` nodes.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> Result<(), Halt> {
        // The next multiple of the interval (no division on the other nodes).
        self.next_poll = (self.stats.nodes / self.poll_interval + 1) * self.poll_interval;
        // A parallel search's abort (another thread of the same split failed high or failed)
        // holds within `min_depth` too: the split node then settles, or fails, as a whole.
        let aborted = self.abort.is_some_and(|abort| abort.load(Ordering::Relaxed));
        if aborted || (self.interruptible && self.out_of_time()) {
            return Err(Halt::Interrupted);
        }
        Ok(())
    }

    /// One poll: `true` when the search must stop now.
    fn out_of_time(&mut self) -> bool {
        let reading = self.limits.and_then(|l| l.clock).map(|c| c.now_micros());
        self.out_of_time_at(reading)
    }

    /// Whether the search must stop, given a clock reading just taken (`None`: no clock).
    fn out_of_time_at(&mut self, reading: Option<u64>) -> bool {
        if self.abort.is_some_and(|abort| abort.load(Ordering::Relaxed)) {
            return true;
        }
        let Some(limits) = self.limits else { return false };
        // A reading below the start breaks the clock's contract (monotonic): the time is then
        // taken as used up, so that a broken clock cannot switch the limit off.
        let timed_out = match (reading, limits.time_limit_micros) {
            (Some(now), Some(limit)) => {
                now.checked_sub(self.start_micros).is_none_or(|e| e >= limit)
            }
            _ => false,
        };
        if timed_out || limits.stop_raised() {
            self.stopped_at_micros = reading;
            return true;
        }
        false
    }
}

/// A node being split among threads (the root, or a first child below it): its moves in search
/// order (the first `ordered` placed by the sorter's first stage), the ordering hints and the
/// node's key.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) struct SplitMoves<M, const N: usize> {
    pub(crate) moves: MoveList<M, N>,
    ordered: usize,
    hints: OrderingHints<M>,
    key: u64,
    /// A PV node (an open window) rather than a null-window one.
    pv: bool,
}

/// How [`Engine::split_moves`] starts a split node.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum SplitStart<M, S, const N: usize> {
    /// Its moves, to be shared out.
    Moves(SplitMoves<M, N>),
    /// Its score, from a table cutoff (a non-PV node).
    Settled(S),
    /// Not worth splitting: search it sequentially.
    Sequential,
}

/// What [`Engine::search_split_move`] found for a move of a split node.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum SplitMoveScore<S> {
    /// The move's score for the split node's side to move, and whether it is above the alpha
    /// it was searched with (exact, or a lower bound when it reaches beta).
    Searched { score: S, above: bool },
    /// The scout beat `alpha` (the alpha used, lowered for tie-breaking) without reaching
    /// beta: the move needs the full-window search of a PV node (its child is on the
    /// previous iteration's line when `on_prev_pv`).
    NeedsResearch { alpha: S, on_prev_pv: bool },
    /// Nothing searched yet: the move needs the full-depth search of its child, a non-PV
    /// node, with the window `(alpha, top)` (a null window: the PVS scout of a PV node's
    /// move, or the window of a non-PV node), which the caller may split; at a PV node,
    /// a score inside `(alpha, beta)` then needs the re-search.
    NeedsSearch { alpha: S, top: S, on_prev_pv: bool },
}

/// How far [`Engine::search_split_move`] searches a move by itself.
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum SplitMoveMode {
    /// The whole search of the move.
    Whole,
    /// Everything but a PV re-search ([`SplitMoveScore::NeedsResearch`]).
    ToResearch,
    /// Nothing, for a move that is not reduced ([`SplitMoveScore::NeedsSearch`]); a reduced
    /// move as [`SplitMoveMode::ToResearch`].
    ToSearch,
}

impl<M: Copy, const N: usize> SplitMoves<M, N> {
    /// Whether it is a PV node (an open window) rather than a null-window one.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn is_pv(&self) -> bool {
        self.pv
    }

    /// The node's ply.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn ply(&self) -> u32 {
        self.hints.ply
    }

    /// The node's remaining depth.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn depth(&self) -> u32 {
        self.hints.depth
    }

    /// The previous iteration's move at this node, if the node is on its line.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn pv_move(&self) -> Option<M> {
        self.hints.pv_move
    }
}

/// Where a node stands in the tree.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    depth: u32,
    ply: u32,
    /// A PV node: searched with an open window, expected to end inside it.
    pv: bool,
    /// On the previous iteration's principal variation (so its move there is tried first).
    on_prev_pv: bool,
}

/// The features of the node loop, as bits of a const generic parameter: the loop is compiled
/// once per set it is used with, so that a feature switched off costs nothing per node (no
/// branch on the configuration, no dead state). [`DYNAMIC`](features::DYNAMIC) reads every
/// feature from the [`Config`] at run time instead: the one copy that serves every other
/// configuration, and, without the `std` feature, every search (one copy of the loop in a
/// microcontroller's flash).
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) mod features {
    /// Alpha-beta pruning (without it: plain minimax, every other bit ignored).
    pub const ALPHA_BETA: u8 = 1;
    /// Move ordering by the sorter.
    pub const ORDERING: u8 = 2;
    /// Principal variation search.
    pub const PVS: u8 = 4;
    /// Late move reductions.
    pub const LMR: u8 = 8;
    /// Quiescence search (for a game with a policy).
    pub const QUIESCENCE: u8 = 16;
    /// Mate distance pruning (for an evaluator with mate scores).
    pub const MDP: u8 = 32;
    /// Read every feature from the configuration.
    pub const DYNAMIC: u8 = 128;

    /// `Config::plain_alpha_beta()`.
    pub const PLAIN: u8 = ALPHA_BETA;
    /// `Config::value_preserving()`.
    pub const VALUE_PRESERVING: u8 = ALPHA_BETA | ORDERING | PVS | MDP;
    /// `Config::new()` for a game without a quiescence policy.
    pub const DEFAULT_NO_QUIESCENCE: u8 = VALUE_PRESERVING | LMR;
    /// `Config::new()`.
    pub const DEFAULT: u8 = DEFAULT_NO_QUIESCENCE | QUIESCENCE;
}

use features::DYNAMIC;

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
    config: Config,
    table: T,
    sorter: O,
    /// Triangular principal-variation table: `pv[ply]` is the best line found from `ply` on.
    pv: [heapless::Vec<G::Move, MAX_PLY>; MAX_PLY],
    /// The principal variation of the previous iteration, tried first in the next.
    prev_pv: heapless::Vec<G::Move, MAX_PLY>,
    rng: Option<XorShiftRng>,
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
    pub const fn with_parts(evaluator: E, config: Config, table: T, sorter: O) -> Self {
        Self {
            evaluator,
            config,
            table,
            sorter,
            pv: [const { heapless::Vec::new() }; MAX_PLY],
            prev_pv: heapless::Vec::new(),
            rng: None,
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
        self.iterate(game, limits, on_iteration, |engine, ctx, game, depth| {
            engine.root_iteration(ctx, game, depth)
        })
    }

    /// Iterative deepening around `iteration`, which searches the root to a depth, leaves the
    /// principal variation in `pv[0]` and returns the root's score: the sequential search, or
    /// a parallel one that splits the root.
    pub(crate) fn iterate<F, I>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        mut on_iteration: F,
        mut iteration: I,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
        I: FnMut(&mut Self, &mut Context<'_, '_, G::Player>, &mut G, u32) -> Result<E::Score, Halt>,
    {
        self.check_limits(limits)?;
        let mut ctx = Context::new(Some(limits), u64::from(self.config.poll_interval_nodes.max(1)));
        ctx.start_micros = limits.clock.map_or(0, |c| c.now_micros());
        ctx.root_side = Some(game.side_to_move());
        self.start_search();
        self.table.new_search();
        self.prev_pv.clear();

        let first_depth = if self.config.iterative_deepening { 1 } else { limits.max_depth };
        // The last completed iteration: its score, depth and exactness (its line is kept in
        // `prev_pv`); the result is built from them at the end.
        let mut score = E::Score::ZERO;
        let mut completed_depth = 0;
        let mut exact = false;
        let mut completed = true;
        // The clock reading after the last completed iteration.
        let mut last_reading = None;
        let mut depth = first_depth;
        // A minimum depth of 0 means 1: a search always has a move to return.
        let min_depth = limits.min_depth.max(1);
        loop {
            ctx.interruptible = depth > min_depth;
            ctx.reached_horizon = false;
            match iteration(self, &mut ctx, game, depth) {
                Ok(iteration_score) => {
                    score = iteration_score;
                    completed_depth = depth;
                    exact = !ctx.reached_horizon;
                    self.prev_pv.clone_from(&self.pv[0]);
                    // One clock reading per iteration: for the callback, and to decide
                    // whether the next iteration may start.
                    last_reading = limits.clock.map(|c| c.now_micros());
                    let elapsed = last_reading.map(|now| now.saturating_sub(ctx.start_micros));
                    on_iteration(&IterationInfo {
                        depth,
                        score,
                        nodes: ctx.stats.nodes,
                        elapsed_micros: elapsed,
                        nodes_per_second: elapsed
                            .filter(|&micros| micros > 0)
                            .map(|micros| ctx.stats.nodes.saturating_mul(1_000_000) / micros),
                        pv: &self.prev_pv,
                        exact,
                    });
                    if exact || depth >= limits.max_depth {
                        break;
                    }
                    depth += 1;
                    // Do not start an iteration beyond the minimum that is already out of time.
                    if depth > min_depth && ctx.out_of_time_at(last_reading) {
                        completed = false;
                        break;
                    }
                }
                Err(Halt::Interrupted) => {
                    completed = false;
                    break;
                }
                Err(Halt::Failed) => return Err(ctx.take_error()),
            }
        }
        let elapsed_micros = ctx
            .stopped_at_micros
            .or(last_reading)
            .or_else(|| limits.clock.map(|c| c.now_micros()))
            .map(|end| end.saturating_sub(ctx.start_micros));
        Ok(SearchResult {
            best_move: self.prev_pv.first().copied(),
            score,
            depth: completed_depth,
            nodes: ctx.stats.nodes,
            exact,
            completed,
            pv: self.prev_pv.clone(),
            elapsed_micros,
            stats: ctx.stats,
        })
    }

    /// The sequential search of the root at `depth` (one iteration).
    pub(crate) fn root_iteration(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        depth: u32,
    ) -> Result<E::Score, Halt> {
        let infinity = E::Score::INFINITY;
        let root = Node { depth, ply: 0, pv: true, on_prev_pv: true };
        self.dispatch(ctx, game, root, -infinity, infinity)
    }

    /// The features the configuration switches on, as [`features`] bits.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    fn feature_bits(&self) -> u8 {
        use features::*;
        let c = &self.config;
        if c.algorithm != Algorithm::AlphaBeta {
            return DYNAMIC;
        }
        let mut bits = ALPHA_BETA;
        for (on, bit) in [
            (c.ordering, ORDERING),
            (c.pvs, PVS),
            (c.lmr, LMR),
            (c.quiescence && G::QUIESCENCE, QUIESCENCE),
            (c.mate_distance_pruning && E::MATE_SCORES, MDP),
        ] {
            if on {
                bits |= bit;
            }
        }
        bits
    }

    /// Searches `node` with the node loop compiled for the configuration's features when it
    /// is one of the common sets (under `std`), else with the one that reads them at run time.
    fn dispatch(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        #[cfg(feature = "std")]
        {
            use features::*;
            match self.feature_bits() {
                PLAIN => return self.negamax::<PLAIN>(ctx, game, node, alpha, beta),
                VALUE_PRESERVING => {
                    return self.negamax::<VALUE_PRESERVING>(ctx, game, node, alpha, beta)
                }
                DEFAULT_NO_QUIESCENCE => {
                    return self.negamax::<DEFAULT_NO_QUIESCENCE>(ctx, game, node, alpha, beta)
                }
                DEFAULT => return self.negamax::<DEFAULT>(ctx, game, node, alpha, beta),
                _ => {}
            }
        }
        self.negamax::<DYNAMIC>(ctx, game, node, alpha, beta)
    }

    /// Whether the feature `bit` is on in the node loop compiled for `F`: a constant, or, for
    /// [`DYNAMIC`], `dynamic` (read from the configuration).
    #[inline(always)]
    fn on<const F: u8>(bit: u8, dynamic: bool) -> bool {
        if F & DYNAMIC != 0 {
            dynamic
        } else {
            F & bit != 0
        }
    }

    /// Alpha-beta pruning, rather than plain minimax.
    #[inline(always)]
    fn pruning<const F: u8>(&self) -> bool {
        Self::on::<F>(features::ALPHA_BETA, self.config.algorithm == Algorithm::AlphaBeta)
    }

    /// Move ordering (with pruning).
    #[inline(always)]
    fn ordering<const F: u8>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(features::ORDERING, self.config.ordering)
    }

    /// Principal variation search (with pruning).
    #[inline(always)]
    fn pvs<const F: u8>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(features::PVS, self.config.pvs)
    }

    /// Quiescence search (with pruning, for a game with a policy).
    #[inline(always)]
    fn quiescence_on<const F: u8>(&self) -> bool {
        self.pruning::<F>()
            && G::QUIESCENCE
            && Self::on::<F>(features::QUIESCENCE, self.config.quiescence)
    }

    /// Mate distance pruning (with pruning, for an evaluator with mate scores).
    #[inline(always)]
    fn mdp<const F: u8>(&self) -> bool {
        self.pruning::<F>()
            && E::MATE_SCORES
            && Self::on::<F>(features::MDP, self.config.mate_distance_pruning)
    }

    /// The first stage of splitting a node at `ply` and `depth` among threads (the root at ply
    /// 0; deeper, a node on the leftmost path as in Marsland & Campbell's PV splitting, or a
    /// child of a split node): its moves, generated, with the PV and table moves placed first
    /// as in the sequential search (or, without them, the best of the others), the node
    /// counted. A non-PV node (`pv` false, searched with the window `(alpha, beta)`) first
    /// looks for a table cutoff, as the sequential search does. [`SplitStart::Sequential`] when splitting is pointless (plain
    /// minimax, depth below 2, a terminal node, fewer than two moves): the caller then
    /// searches the node with [`Engine::search_node`].
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn split_moves(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        ply: u32,
        depth: u32,
        on_prev_pv: bool,
        pv: bool,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<SplitStart<G::Move, E::Score, MAX_MOVES>, Halt> {
        if self.config.algorithm != Algorithm::AlphaBeta || depth < 2 || game.is_terminal() {
            return Ok(SplitStart::Sequential);
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.len() < 2 {
            return Ok(SplitStart::Sequential);
        }
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        let key = game.zobrist_key();
        let mut tt_move = None;
        if T::ENABLED {
            let node = Node { depth, ply, pv, on_prev_pv };
            let (stored, cutoff) = self.probe_node(ctx, key, node, alpha, beta);
            if let Some(score) = cutoff {
                return Ok(SplitStart::Settled(score));
            }
            tt_move = stored;
        }
        let side = game.side_to_move();
        let pv_move = if on_prev_pv { self.prev_pv.get(ply as usize).copied() } else { None };
        let hints = OrderingHints {
            ply,
            depth,
            pv_move,
            tt_move,
            side: usize::from(ctx.root_side != Some(side)),
        };
        let mut ordered = moves.len();
        if self.config.ordering {
            ordered = self.sorter.order_first(game, moves.as_mut_slice(), &hints).min(moves.len());
            if ordered == 0 {
                // Nothing placed first: the best of them now, as the sequential search does;
                // the others are ordered (`split_order_rest`) once it has been searched.
                let all = self.sorter.order_best::<MAX_MOVES>(game, moves.as_mut_slice(), &hints);
                ordered = if all { moves.len() } else { 1 };
            }
        }
        Ok(SplitStart::Moves(SplitMoves { moves, ordered, hints, key, pv }))
    }

    /// A beta cutoff at a split node by its move at `index`: counted, and the sorter learns
    /// from it as in the sequential search.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn split_cutoff(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        index: usize,
    ) {
        // The same as at a cutoff in `negamax_node`, written out there: a shared inline helper
        // grew the recursion's frame by 96 B on the Cortex-M4F (C demo), an out-of-line one
        // by 72 B on the Cortex-M3.
        ctx.stats.beta_cutoffs += 1;
        if index == 0 {
            ctx.stats.first_move_cutoffs += 1;
        }
        let moves = split.moves.as_slice();
        if self.config.ordering && index < moves.len() {
            self.sorter.on_cutoff(game, moves[index], &moves[..index], &split.hints);
        }
    }

    /// Orders the moves of a split node that [`Engine::split_moves`] did not place, once the
    /// first has been searched: all of them at once, since the threads then take them in
    /// parallel (the sequential search places the best of them first, searches it, and only
    /// then orders the others).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn split_order_rest(
        &mut self,
        game: &G,
        split: &mut SplitMoves<G::Move, MAX_MOVES>,
    ) {
        if self.config.ordering && split.ordered < split.moves.len() {
            let rest = &mut split.moves.as_mut_slice()[split.ordered..];
            self.sorter.order_rest::<MAX_MOVES>(game, rest, &split.hints);
        }
    }

    /// Searches the node `game` at `ply` sequentially (as a PV node when `pv`), with the
    /// window `(alpha, beta)` seen from its side to move.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn search_node(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        ply: u32,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
        on_prev_pv: bool,
        pv: bool,
    ) -> Result<E::Score, Halt> {
        self.negamax::<DYNAMIC>(ctx, game, Node { depth, ply, pv, on_prev_pv }, alpha, beta)
    }

    /// Searches the move at `index` (not the first) of a split node as the sequential search
    /// would: at a PV node, PVS (a null-window scout above `alpha`, then the window `(alpha,
    /// beta)` if it beats alpha); at a non-PV node, the node's null window; late move
    /// reductions at both. With `floor`, `alpha` is lowered so that a score equal to it is
    /// seen (tie-breaking at the root). `mode` says where to stop and hand the rest to the
    /// caller, which may split it among the threads.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn search_split_move(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        index: usize,
        alpha: E::Score,
        beta: E::Score,
        floor: bool,
        mode: SplitMoveMode,
    ) -> Result<SplitMoveScore<E::Score>, Halt> {
        let hints = &split.hints;
        let mv = split.moves.as_slice()[index];
        let alpha = if floor { self.null_window_below(alpha).unwrap_or(alpha) } else { alpha };
        let reduction = self.lmr_reduction::<DYNAMIC>(
            game,
            mv,
            hints.ply,
            hints.depth,
            index,
            hints.pv_move,
            hints.tt_move,
        );
        let on_prev_pv = hints.pv_move == Some(mv);
        let child = Node {
            depth: hints.depth - 1,
            ply: hints.ply + 1,
            pv: split.pv && (index == 0 || !self.config.pvs),
            on_prev_pv,
        };
        // The null window the move is searched with first: the scout at a PV node, the
        // node's own window at a non-PV node.
        let scout_top = if self.config.pvs && index > 0 {
            self.null_window_above(alpha).filter(|&top| top < beta)
        } else {
            None
        };
        let first_window = if split.pv { scout_top } else { Some(beta) };
        if mode == SplitMoveMode::ToSearch && reduction == 0 {
            if let Some(top) = first_window {
                return Ok(SplitMoveScore::NeedsSearch { alpha, top, on_prev_pv });
            }
        }
        let stop_at_scout = mode != SplitMoveMode::Whole && split.pv;
        let side = game.side_to_move();
        let undo = game.make_move(mv);
        let score = match scout_top.filter(|_| stop_at_scout) {
            // The window (alpha, top) is a null window: search_move runs the reduced scout
            // and the full-depth scout, and returns before any re-search.
            Some(top) => self.search_move::<DYNAMIC>(
                ctx,
                game,
                side,
                Node { pv: false, ..child },
                false,
                index,
                reduction,
                alpha,
                top,
            ),
            None => self.search_move::<DYNAMIC>(
                ctx, game, side, child, split.pv, index, reduction, alpha, beta,
            ),
        };
        game.unmake_move(mv, undo);
        let score = score?;
        if stop_at_scout && scout_top.is_some() && score > alpha && score < beta {
            ctx.stats.researches += 1;
            return Ok(SplitMoveScore::NeedsResearch { alpha, on_prev_pv });
        }
        Ok(SplitMoveScore::Searched { score, above: score > alpha })
    }

    /// The line of move `mv` of the node at `ply`, just searched as a PV search: `mv`, then
    /// its best reply and so on.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn split_line(&self, mv: G::Move, ply: u32) -> heapless::Vec<G::Move, MAX_PLY> {
        let mut line = heapless::Vec::new();
        let _ = line.push(mv);
        if let Some(rest) = self.pv.get(ply as usize + 1) {
            for &m in rest {
                if line.push(m).is_err() {
                    break;
                }
            }
        }
        line
    }

    /// Ends the search of a split node at `ply`: the chosen line becomes its principal
    /// variation and its entry goes to the table, as in the sequential search.
    #[allow(clippy::too_many_arguments)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn split_finish(
        &mut self,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        ply: u32,
        depth: u32,
        score: E::Score,
        bound: Bound,
        line: &heapless::Vec<G::Move, MAX_PLY>,
        proven: bool,
    ) {
        if let Some(pv) = self.pv.get_mut(ply as usize) {
            pv.clear();
            // Lines are only kept where they can reach the root's principal variation.
            // Cannot fail: a line from ply p holds at most MAX_PLY - p moves.
            for &mv in line.iter().take(if split.pv { MAX_PLY - ply as usize } else { 0 }) {
                let _ = pv.push(mv);
            }
        }
        if T::ENABLED {
            self.table.store(
                split.key,
                Entry {
                    move_code: line.first().map(|&mv| mv.move_code()),
                    score: Self::table_score(score, ply),
                    draft: depth.min(255) as u8,
                    bound,
                    proven,
                },
            );
        }
    }

    /// Whether tie-breaking at the root is on, and a random choice among `ties` equal moves:
    /// `true` if the newest should replace the one kept (reservoir sampling).
    #[cold]
    #[inline(never)]
    pub(crate) fn tie_break_pick(&mut self, ties: u32) -> Option<bool> {
        self.rng.as_mut().map(|rng| rng.next_u32() % ties == 0)
    }

    /// Copies what a helper thread needs of the main engine for an iteration: the previous
    /// principal variation (the killers and history come with each split node it joins).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn sync_helper(&self, helper: &mut Self) {
        helper.prev_pv.clone_from(&self.prev_pv);
    }

    /// Replaces the sorter (a helper thread starting on a split node with what the thread
    /// that split it had learnt).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn set_sorter(&mut self, sorter: O) {
        self.sorter = sorter;
    }

    /// Takes in what a helper learnt in a split node (see [`MoveSorter::merge`]): `learned`
    /// started as a copy of `base`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn merge_sorter(&mut self, base: &O, learned: &O)
    where
        O: Clone,
    {
        self.sorter.merge(base, learned);
    }

    /// Seeds tie-breaking at the start of a search.
    pub(crate) fn start_search(&mut self) {
        if self.rng.is_none() {
            self.rng = self.config.tie_break_seed.map(XorShiftRng::seed_from_u64);
        }
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
        // NaN compares as unordered and fails too; so does a bound beyond the infinities
        // (`i32::MIN`, whose negation overflows).
        let infinity = E::Score::INFINITY;
        if alpha.partial_cmp(&beta) != Some(core::cmp::Ordering::Less)
            || !(alpha >= -infinity && beta <= infinity)
        {
            return Err(SearchError::InvalidWindow);
        }
        self.check_config()?;
        if depth as usize > MAX_PLY {
            return Err(SearchError::DepthBeyondCapacity { max_depth: depth, capacity: MAX_PLY });
        }
        let mut ctx = Context::new(None, u64::MAX);
        ctx.root_side = Some(game.side_to_move());
        if self.rng.is_none() {
            self.rng = self.config.tie_break_seed.map(XorShiftRng::seed_from_u64);
        }
        self.prev_pv.clear();
        let pv = self.null_window_above(alpha).is_none_or(|top| top < beta);
        let root = Node { depth, ply: 0, pv, on_prev_pv: false };
        if let Some(line) = self.pv.first_mut() {
            line.clear();
        }
        match self.dispatch(&mut ctx, game, root, alpha, beta) {
            Ok(score) => Ok(WindowResult {
                score,
                best_move: self.pv.first().and_then(|line| line.first().copied()),
                nodes: ctx.stats.nodes,
                stats: ctx.stats,
            }),
            Err(Halt::Failed) => Err(ctx.take_error()),
            // Without limits nothing can interrupt the search.
            Err(Halt::Interrupted) => unreachable!("a windowed search has no clock or stop flag"),
        }
    }

    /// The configuration's own error, if any.
    fn check_config(&self) -> Result<(), SearchError> {
        let epsilon = self.config.null_window_epsilon;
        if !(epsilon > 0.0 && epsilon.is_finite()) {
            return Err(SearchError::InvalidNullWindowEpsilon);
        }
        // Quiescence recurses once per ply beyond the horizon, with no clock to stop the
        // first iteration: its depth is bounded like the main search's.
        let max_quiescence_depth = self.config.max_quiescence_depth;
        if G::QUIESCENCE && self.config.quiescence && max_quiescence_depth as usize > MAX_PLY {
            return Err(SearchError::QuiescenceDepthBeyondCapacity {
                max_quiescence_depth,
                capacity: MAX_PLY,
            });
        }
        Ok(())
    }

    fn check_limits(&self, limits: &Limits<'_>) -> Result<(), SearchError> {
        self.check_config()?;
        if limits.max_depth == 0 {
            return Err(SearchError::ZeroMaxDepth);
        }
        if limits.max_depth as usize > MAX_PLY {
            return Err(SearchError::DepthBeyondCapacity {
                max_depth: limits.max_depth,
                capacity: MAX_PLY,
            });
        }
        if limits.min_depth > limits.max_depth {
            return Err(SearchError::MinDepthAboveMaxDepth {
                min_depth: limits.min_depth,
                max_depth: limits.max_depth,
            });
        }
        if limits.time_limit_micros.is_some() && limits.clock.is_none() {
            return Err(SearchError::TimeLimitWithoutClock);
        }
        Ok(())
    }

    /// `alpha + epsilon`, the top of the null window above `alpha`; `None` when it rounds
    /// back to `alpha` (huge floating scores) or `alpha` is infinite.
    fn null_window_above(&self, alpha: E::Score) -> Option<E::Score> {
        let top = alpha.add(E::Score::null_window(self.config.null_window_epsilon));
        (top > alpha && top < E::Score::INFINITY).then_some(top)
    }

    /// `alpha - epsilon`, the bottom of a window that sees a score equal to `alpha` exactly.
    fn null_window_below(&self, alpha: E::Score) -> Option<E::Score> {
        let bottom = alpha.sub(E::Score::null_window(self.config.null_window_epsilon));
        (bottom < alpha && bottom > -E::Score::INFINITY).then_some(bottom)
    }

    #[inline]
    fn evaluate(
        &self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &G,
        ply: u32,
        depth_left: u32,
    ) -> Result<E::Score, Halt> {
        let score =
            self.evaluator.evaluate(game, game.side_to_move(), EvalContext { ply, depth_left });
        if !score.is_valid(E::MATE_SCORES, ply) {
            return Err(ctx.fail(Self::invalid_score(score, ply)));
        }
        Ok(score)
    }

    /// The error of a score outside the valid range.
    #[cold]
    #[inline(never)]
    fn invalid_score(score: E::Score, ply: u32) -> SearchError {
        if score.is_nan() {
            SearchError::NanScore { ply }
        } else {
            SearchError::ScoreOutOfRange { ply }
        }
    }

    /// A score of the node at `ply` as the table stores it: relative to the node for an
    /// evaluator with mate scores, as it is otherwise.
    #[inline(always)]
    fn table_score(score: E::Score, ply: u32) -> E::Score {
        if E::MATE_SCORES {
            score.relative_to_node(ply)
        } else {
            score
        }
    }

    /// Negamax with fail-soft alpha-beta: the score of `game` for its side to move.
    fn negamax<const F: u8>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        // Whether this node's own subtree reached a horizon, kept apart from the rest of the
        // iteration so that the table can record proven entries.
        let outer_horizon = core::mem::replace(&mut ctx.reached_horizon, false);
        let result = self.negamax_node::<F>(ctx, game, node, alpha, beta);
        ctx.reached_horizon |= outer_horizon;
        result
    }

    /// [`Engine::negamax`] at depth 0: a terminal position's score, or quiescence, or the
    /// static evaluation.
    #[inline(never)]
    fn horizon<const F: u8>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, 0);
        }
        if self.quiescence_on::<F>() {
            return self.quiescence(ctx, game, ply, 0, alpha, beta);
        }
        ctx.reached_horizon = true;
        self.evaluate(ctx, game, ply, 0)
    }

    #[inline(never)]
    fn negamax_node<const F: u8>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        node: Node,
        mut alpha: E::Score,
        mut beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let pruning = self.pruning::<F>();
        debug_assert!(!pruning || alpha < beta, "empty window at ply {}", node.ply);
        let ply = node.ply;

        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }

        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, node.depth);
        }
        if node.depth == 0 {
            if self.quiescence_on::<F>() {
                return self.quiescence(ctx, game, ply, 0, alpha, beta);
            }
            ctx.reached_horizon = true;
            return self.evaluate(ctx, game, ply, 0);
        }

        if self.mdp::<F>() {
            // Not terminal: the side to move wins `k >= 1` plies from here at the earliest, and
            // loses `l >= 1` plies from here at the earliest (`u32::MAX`, never, saturates at
            // the edge of the mate range, above every heuristic score).
            let best_possible =
                E::Score::win_in(ply.saturating_add(game.min_plies_to_win().max(1)));
            let worst_possible =
                E::Score::loss_in(ply.saturating_add(game.min_plies_to_loss().max(1)));
            if alpha >= best_possible || beta <= worst_possible {
                // The window lies beyond what the node can score, if it has a move: a node
                // without one is scored as it stands, a win or a loss at this very ply.
                if Self::has_no_moves(game) {
                    return self.evaluate(ctx, game, ply, node.depth);
                }
                return Ok(if alpha >= best_possible { best_possible } else { worst_possible });
            }
            if worst_possible > alpha {
                alpha = worst_possible;
            }
            if best_possible < beta {
                beta = best_possible;
            }
        }

        // The transposition table: a cutoff, or at least a move to try first.
        let key = if pruning && T::ENABLED { game.zobrist_key() } else { 0 };
        let mut tt_move = None;
        if pruning && T::ENABLED {
            let (stored, cutoff) = self.probe_node(ctx, key, node, alpha, beta);
            if let Some(score) = cutoff {
                return Ok(score);
            }
            tt_move = stored;
        }

        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.is_empty() {
            // No legal move: the game's evaluator scores the position as it stands.
            return self.evaluate(ctx, game, ply, node.depth);
        }

        let side = game.side_to_move();
        let pv_move = if node.on_prev_pv { self.prev_pv.get(ply as usize).copied() } else { None };
        let hints = OrderingHints {
            ply,
            depth: node.depth,
            pv_move,
            tt_move,
            side: usize::from(ctx.root_side != Some(side)),
        };
        // Staged ordering: the PV and table moves now, the best of the rest only if they do
        // not cut, and the others only if that does not cut either.
        let ordering = self.ordering::<F>();
        // Where the next stage starts, times two, plus one once the best of the rest is
        // placed (one word, not two: the frame of this function is the stack of a ply).
        let mut next_stage = if ordering {
            // Saturating: a sorter that claims more moves than there are only stops ordering.
            self.sorter.order_first(game, moves.as_mut_slice(), &hints).saturating_mul(2)
        } else {
            usize::MAX
        };

        let tie_break = pruning && ply == 0 && self.rng.is_some();
        let original_alpha = alpha;
        let mut best = -E::Score::INFINITY;
        let mut best_move = None;
        let mut ties = 0u32;
        for index in 0..moves.len() {
            if index == next_stage / 2 {
                let rest = &mut moves.as_mut_slice()[index..];
                next_stage = if next_stage % 2 == 1 {
                    self.sorter.order_rest::<MAX_MOVES>(game, rest, &hints);
                    usize::MAX
                } else if self.sorter.order_best::<MAX_MOVES>(game, rest, &hints) {
                    usize::MAX
                } else {
                    2 * index + 3
                };
            }
            let mv = moves.as_slice()[index];
            let child = Node {
                depth: node.depth - 1,
                ply: ply + 1,
                // Without PVS (or without pruning) every move gets the open window.
                pv: node.pv && (index == 0 || !self.pvs::<F>()),
                on_prev_pv: pv_move == Some(mv),
            };
            // A window that can see a score equal to the best so far, for tie-breaking.
            let floor = if tie_break && index > 0 { self.null_window_below(alpha) } else { None };
            let move_alpha = floor.unwrap_or(alpha);

            let reduction = if pruning {
                self.lmr_reduction::<F>(game, mv, ply, node.depth, index, pv_move, tt_move)
            } else {
                0
            };
            let undo = game.make_move(mv);
            let searched = self.search_move::<F>(
                ctx, game, side, child, node.pv, index, reduction, move_alpha, beta,
            );
            game.unmake_move(mv, undo);
            let score = searched?;

            // The first move is the best so far whatever it scores (even -INFINITY): a node
            // with moves always has a best move.
            if score > best || best_move.is_none() {
                best = score;
                best_move = Some(mv);
                ties = 1;
                // Lines are only kept where they can reach the root's principal variation: at
                // the root, and at PV nodes for a score above alpha (a score at or below it is
                // a bound, whose line is nobody's principal variation).
                if ply == 0 || (node.pv && score > alpha) {
                    self.update_pv(ply as usize, mv);
                }
            } else if tie_break && floor.is_some() && score == best {
                // Only a search whose window reached below the best score can prove equality.
                // Reservoir sampling: each of the equal moves is kept with probability 1/ties.
                ties += 1;
                if self.tie_break_pick(ties) == Some(true) {
                    best_move = Some(mv);
                    self.update_pv(ply as usize, mv);
                }
            }
            if pruning && score > alpha {
                alpha = score;
                if alpha >= beta {
                    // Fail-high: the opponent will not allow this line.
                    ctx.stats.beta_cutoffs += 1;
                    if index == 0 {
                        ctx.stats.first_move_cutoffs += 1;
                    }
                    if ordering {
                        self.sorter.on_cutoff(game, mv, &moves.as_slice()[..index], &hints);
                    }
                    break;
                }
            }
        }

        if pruning && T::ENABLED {
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
                    move_code: best_move.map(MoveCode::move_code).or(tt_move),
                    score: Self::table_score(best, ply),
                    draft: node.depth.min(255) as u8,
                    bound,
                    proven: !ctx.reached_horizon,
                },
            );
        }
        Ok(best)
    }

    /// Whether `game` has no legal move (an overflowing generator has moves). Out of line: the
    /// move list is on its own frame, only for the rare mate-distance cutoff that needs it.
    #[cold]
    #[inline(never)]
    fn has_no_moves(game: &G) -> bool {
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        moves.is_empty() && !moves.overflowed()
    }

    /// Probes the table for `node` (key `key`, searched with the window `(alpha, beta)`),
    /// counted in the statistics: the stored move, and at a non-PV node the score of a table
    /// cutoff when the entry settles the window.
    #[inline(always)]
    fn probe_node(
        &self,
        ctx: &mut Context<'_, '_, G::Player>,
        key: u64,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> (Option<u16>, Option<E::Score>) {
        ctx.stats.tt_probes += 1;
        let Some(entry) = self.table.probe(key) else { return (None, None) };
        ctx.stats.tt_hits += 1;
        if !node.pv {
            if let Some(score) = self.tt_cutoff(&entry, node.depth, node.ply, alpha, beta) {
                ctx.stats.tt_cutoffs += 1;
                ctx.reached_horizon |= !entry.proven;
                return (entry.move_code, Some(score));
            }
        }
        (entry.move_code, None)
    }

    /// The score a table entry proves for this node, if it is deep enough and its bound
    /// settles the window.
    fn tt_cutoff(
        &self,
        entry: &Entry<E::Score>,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Option<E::Score> {
        let draft = u32::from(entry.draft);
        let deep_enough = match self.config.tt_cutoffs {
            TtCutoffs::DeeperOrProven => entry.proven || draft >= depth,
            // A stored draft saturates at 255 ("255 or more"): equality is only known below.
            TtCutoffs::EqualDraft => draft == depth && depth < 255,
            TtCutoffs::Never => false,
        };
        if !deep_enough {
            return None;
        }
        let score = if E::MATE_SCORES { entry.score.relative_to_root(ply) } else { entry.score };
        let settles = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }

    /// The late move reduction of `mv`, the move at `index` of a node at `ply` and `depth`:
    /// one ply (two from depth 6 and the seventh move on) for a late quiet move, none for the
    /// PV move, the table move, killers and tactical moves.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn lmr_reduction<const F: u8>(
        &self,
        game: &G,
        mv: G::Move,
        ply: u32,
        depth: u32,
        index: usize,
        pv_move: Option<G::Move>,
        tt_move: Option<u16>,
    ) -> u32 {
        if Self::on::<F>(features::LMR, self.config.lmr)
            && depth >= self.config.lmr_min_depth
            && index as u32 >= self.config.lmr_min_move_index
            && Some(mv) != pv_move
            && tt_move != Some(mv.move_code())
            && !self.sorter.is_killer(mv, ply)
            && !game.is_tactical(mv)
        {
            if depth >= 6 && index >= 6 {
                2
            } else {
                1
            }
        } else {
            0
        }
    }

    /// Searches one move (already made) under PVS and LMR and returns its score for the
    /// parent: every search of the child (reduced, scout, re-search) goes through one call
    /// site, so that a ply of the recursion takes one stack frame.
    ///
    /// The sequence: with a null window available (PVS, not the first move), a scout at
    /// `(alpha, alpha + epsilon)`, reduced by `reduction` plies if LMR applies, then at full
    /// depth if the reduced scout beat alpha, then with the whole window if the scout beat
    /// alpha without reaching beta. Without one (the first move, PVS off, plain minimax), the
    /// whole window, after a reduced search that must beat alpha first if LMR applies.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move<const F: u8>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        side: G::Player,
        child: Node,
        parent_pv: bool,
        index: usize,
        reduction: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let pruning = self.pruning::<F>();
        let (alpha, beta) =
            if pruning { (alpha, beta) } else { (-E::Score::INFINITY, E::Score::INFINITY) };
        let scout_top = if self.pvs::<F>() && index > 0 {
            self.null_window_above(alpha).filter(|&top| top < beta)
        } else {
            None
        };
        let same_side = game.side_to_move() == side;
        let mut reduced = reduction > 0;
        let mut scouting = scout_top.is_some();
        let mut full_pv = child.pv;
        loop {
            let top = if scouting { scout_top.unwrap_or(beta) } else { beta };
            let node = Node {
                depth: if reduced { child.depth.saturating_sub(reduction) } else { child.depth },
                pv: if reduced || scouting { false } else { full_pv },
                ..child
            };
            // The child's score for the side to move there: negated, and the window
            // swapped, only when the side to move changed.
            let (low, high) = if same_side { (alpha, top) } else { (-top, -alpha) };
            let result = if node.depth == 0 {
                // The horizon: scored without a frame of the recursion.
                self.horizon::<F>(ctx, game, node.ply, low, high)
            } else if F == features::PLAIN && !T::ENABLED {
                // Plain alpha-beta without a table: the textbook loop below the root.
                self.alpha_beta(ctx, game, node.ply, node.depth, low, high)
            } else {
                let outer_horizon = core::mem::replace(&mut ctx.reached_horizon, false);
                let result = self.negamax_node::<F>(ctx, game, node, low, high);
                ctx.reached_horizon |= outer_horizon;
                result
            };
            let score = if same_side { result? } else { -result? };
            if score <= alpha {
                return Ok(score);
            }
            if reduced {
                // The reduced search beat alpha: search at full depth (same window).
                reduced = false;
            } else if scouting && score < beta {
                // The scout beat alpha: search with the whole window for the value.
                scouting = false;
                full_pv = parent_pv;
            } else {
                return Ok(score);
            }
            ctx.stats.researches += 1;
        }
    }

    /// Plain fail-soft alpha-beta (Knuth & Moore 1975) for a node below the root, when nothing
    /// else is switched on and there is no table: the node loop of
    /// [`Engine::negamax_node`] with every feature taken out (no ordering, PVS, reductions,
    /// quiescence, mate distance pruning, table or tie-breaking), so that it costs what a
    /// hand-written search costs. It searches the same tree, counts the same nodes and keeps
    /// the same principal variation.
    fn alpha_beta(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        ply: u32,
        depth: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, depth);
        }
        if depth == 0 {
            ctx.reached_horizon = true;
            return self.evaluate(ctx, game, ply, 0);
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.is_empty() {
            return self.evaluate(ctx, game, ply, depth);
        }
        let side = game.side_to_move();
        let mut best = -E::Score::INFINITY;
        for (index, &mv) in moves.iter().enumerate() {
            let undo = game.make_move(mv);
            // Negamax: the child's score and window are negated where the side to move changes.
            let same_side = game.side_to_move() == side;
            let (low, high) = if same_side { (alpha, beta) } else { (-beta, -alpha) };
            let searched = self.alpha_beta(ctx, game, ply + 1, depth - 1, low, high);
            game.unmake_move(mv, undo);
            let score = if same_side { searched? } else { -searched? };
            if score > best || index == 0 {
                best = score;
                if score > alpha {
                    self.update_pv(ply as usize, mv);
                }
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    // Fail-high: the opponent will not allow this line.
                    ctx.stats.beta_cutoffs += 1;
                    if index == 0 {
                        ctx.stats.first_move_cutoffs += 1;
                    }
                    break;
                }
            }
        }
        Ok(best)
    }

    /// Quiescence search: stand pat on the static evaluation, then try the game's tactical
    /// moves, up to `max_quiescence_depth` plies beyond the horizon.
    fn quiescence(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player>,
        game: &mut G,
        ply: u32,
        qdepth: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        if qdepth > 0 {
            ctx.visit()?;
            ctx.stats.quiescence_nodes += 1;
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, 0);
        }
        ctx.reached_horizon = true;
        let stand_pat = self.evaluate(ctx, game, ply, 0)?;
        if qdepth >= self.config.max_quiescence_depth || stand_pat >= beta {
            return Ok(stand_pat);
        }
        if stand_pat > alpha {
            alpha = stand_pat;
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_tactical_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        let side = game.side_to_move();
        let mut best = stand_pat;
        for &mv in moves.iter() {
            let undo = game.make_move(mv);
            let searched = if game.side_to_move() == side {
                self.quiescence(ctx, game, ply + 1, qdepth + 1, alpha, beta)
            } else {
                self.quiescence(ctx, game, ply + 1, qdepth + 1, -beta, -alpha).map(|s| -s)
            };
            game.unmake_move(mv, undo);
            let score = searched?;
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// `pv[ply] = mv` followed by the child's line `pv[ply + 1]`.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::{Connect4, Connect4Heuristic};
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::tt::TranspositionTable;

    /// The search of `game` within `limits` with the node loop that reads the configuration
    /// at run time ([`DYNAMIC`]), whatever the configuration.
    fn dynamic<G, E, const N: usize, const P: usize, T, O>(
        engine: &mut Engine<G, E, N, P, T, O>,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> SearchResult<G::Move, E::Score, P>
    where
        G: Game,
        E: Evaluator<G>,
        T: Table<E::Score>,
        O: MoveSorter<G>,
    {
        let result = engine.iterate(
            game,
            limits,
            |_| {},
            |engine, ctx, game, depth| {
                let infinity = E::Score::INFINITY;
                let root = Node { depth, ply: 0, pv: true, on_prev_pv: true };
                engine.negamax::<DYNAMIC>(ctx, game, root, -infinity, infinity)
            },
        );
        result.unwrap()
    }

    fn configs() -> [Config; 4] {
        [
            Config::plain_alpha_beta(),
            Config { tie_break_seed: Some(3), ..Config::plain_alpha_beta() },
            Config::value_preserving(),
            Config::new(),
        ]
    }

    /// The node loops compiled for a feature set (and the plain loop below the root) search
    /// exactly what the loop that reads the configuration searches: the same values, moves,
    /// lines, node counts and statistics.
    #[test]
    fn compiled_feature_sets_equal_the_dynamic_loop() {
        for config in configs() {
            for moves in ["", "4", "4453", "332211", "1234567"] {
                let position = Connect4::from_moves(moves).unwrap();
                let limits = Limits::depth(7);
                let mut compiled: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let mut reading: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let expected = dynamic(&mut reading, &mut position.clone(), &limits);
                let got = compiled.search(&mut position.clone(), &limits).unwrap();
                assert_eq!(got, expected, "{config:?} {moves}");
            }
            for cells in [".........", "X...O....", "XO.X.O..."] {
                let board = Board::parse(cells).unwrap();
                let limits = Limits::depth(9);
                let table = TranspositionTable::<i32, 256>::new();
                let mut compiled = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&table);
                let got = compiled.search(&mut board.clone(), &limits).unwrap();
                table.clear();
                let mut reading = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&table);
                let expected = dynamic(&mut reading, &mut board.clone(), &limits);
                assert_eq!(got, expected, "{config:?} {cells} with a table");
                let mut compiled: Engine<Board, TicTacToeEval, 9, 9> =
                    Engine::new(TicTacToeEval, config);
                let mut reading: Engine<Board, TicTacToeEval, 9, 9> =
                    Engine::new(TicTacToeEval, config);
                let expected = dynamic(&mut reading, &mut board.clone(), &limits);
                let got = compiled.search(&mut board.clone(), &limits).unwrap();
                assert_eq!(got, expected, "{config:?} {cells}");
            }
        }
    }
}
