//! The configuration of a search: which algorithm, and which accelerators are on.

// For the documentation.
#[cfg(doc)]
use super::Engine;
#[cfg(doc)]
use crate::{clock::Limits, error::SearchError, game::Game, ordering::DefaultSorter, score::Score};

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
    /// [`ParallelScheme::Abdada`].
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
    /// [`parallel`](crate::parallel) module). With the value-preserving options its values
    /// equal the sequential search's, with the default table cutoffs too (with LMR on they can
    /// differ, as between two sequential searches with different histories), and with a
    /// tie-break seed it chooses the sequential search's move.
    RootSplit,
    /// Lazy SMP: every thread searches the whole root, sharing the transposition table; the
    /// main thread's result is returned (helpers search one ply deeper on odd threads).
    LazySmp,
    /// ABDADA (Weill 1996): every thread searches the whole root at the main thread's depth,
    /// sharing the transposition table, and a node puts off the moves another thread is
    /// searching until its other moves are done, so that the threads spread over the tree
    /// instead of searching the same subtrees; the first thread to complete a depth completes
    /// it for all. The default: the fastest scheme at 2 threads from the empty Connect Four
    /// board, and the one that keeps its threads busiest (see the README's parallel section).
    /// Values equal the sequential search's with `TtCutoffs::EqualDraft` and the
    /// value-preserving options; among equal root moves the choice can differ.
    #[default]
    Abdada,
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
            parallel_scheme: ParallelScheme::Abdada,
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
