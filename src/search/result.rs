//! What a search returns: the result, the per-iteration report, the counters.

// For the documentation.
#[cfg(doc)]
use super::Engine;
#[cfg(doc)]
use crate::score::Score;

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
    /// Searches of the root: one per iteration with the full window; with aspiration
    /// windows, one more per fail-low or fail-high; with MTD(f), one per test call.
    pub root_searches: u64,
    /// Null moves tried (null-move pruning), and of those, the ones that cut the node.
    pub null_moves: u64,
    /// Null moves that cut their node.
    pub null_move_cutoffs: u64,
    /// Nodes cut by reverse futility pruning ([`Config::reverse_futility`](super::Config)).
    pub pruned_nodes: u64,
    /// Moves skipped by futility and late move pruning ([`Config::futility`](super::Config),
    /// [`Config::late_move_pruning`](super::Config)).
    pub pruned_moves: u64,
    /// Moves a node of a parallel search (ABDADA) put off because another thread was
    /// searching them (0 in a sequential search).
    pub deferrals: u64,
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
    ///
    /// A depth equal to the plies left in the game is often not enough: late move reductions
    /// (on by default) search late moves one or two plies shallower, so their lines stop
    /// short of the end and the result is not exact. To solve a game, call
    /// [`Engine::solve`](crate::Engine::solve) (the exact solver: no depth to choose), or search
    /// with [`Config::value_preserving`](crate::Config::value_preserving) (no reductions, no
    /// quiescence), where a depth of the plies left gives an exact result, or leave headroom:
    /// a `max_depth` and a `MAX_PLY` above the game's length (iterative deepening stops at the
    /// first exact iteration, so the headroom costs nothing once the value is proven).
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
    /// The move that produced `score` (the first of the best when several tie); for a root
    /// answered by the table, the entry's move (the legal move with its move code). `None`
    /// for a terminal root, a root without legal moves, depth 0, or a table entry without a
    /// move.
    pub best_move: Option<M>,
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Counters of the call.
    pub stats: SearchStats,
}
