//! The results of a search, and their conversion from the Rust ones.

use super::*;

/// The outcome of a search. The PV goes to the caller's buffer.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_result {
    /// Whether `best_move` holds a move (false for a terminal root or one without moves).
    pub has_best_move: bool,
    /// The best move.
    pub best_move: u32,
    /// The root's score for the side to move (int32 engines; the double score rounded toward
    /// zero otherwise).
    pub score: i32,
    /// The root's score as a double.
    pub score_double: f64,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the score is the game's value (no horizon reached).
    pub exact: bool,
    /// False when the clock or the stop call interrupted an iteration (the result is the last
    /// completed one).
    pub completed: bool,
    /// The PV's true length (moves written: the smaller of this and the buffer's capacity).
    pub pv_length: usize,
    /// Whether the elapsed time is known (a clock was used).
    pub has_elapsed: bool,
    /// Microseconds from start to end.
    pub elapsed_micros: u64,
    /// Table probes.
    pub tt_probes: u64,
    /// Table probes that found the position.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub beta_cutoffs: u64,
    /// Beta cutoffs by the first move.
    pub first_move_cutoffs: u64,
    /// Re-searches (PVS and LMR).
    pub researches: u64,
}

/// The outcome of a window search.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_window_result {
    /// The fail-soft score: `<= alpha` an upper bound, `>= beta` a lower bound, between them
    /// exact (int32 engines; rounded toward zero otherwise).
    pub score: i32,
    /// The same as a double.
    pub score_double: f64,
    /// Whether `best_move` holds a move.
    pub has_best_move: bool,
    /// The move that produced the score.
    pub best_move: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// A C result and the PV from a Rust result.
pub(crate) fn fill<S: Score>(
    r: alphabeta::SearchResult<u32, S, MAX_PLY>,
    scores: impl Fn(S) -> (i32, f64),
) -> (alphabeta_result, heapless::Vec<u32, MAX_PLY>) {
    let (score, score_double) = scores(r.score);
    let result = alphabeta_result {
        has_best_move: r.best_move.is_some(),
        best_move: r.best_move.unwrap_or(0),
        score,
        score_double,
        depth: r.depth,
        nodes: r.nodes,
        exact: r.exact,
        completed: r.completed,
        pv_length: r.pv.len(),
        has_elapsed: r.elapsed_micros.is_some(),
        elapsed_micros: r.elapsed_micros.unwrap_or(0),
        tt_probes: r.stats.tt_probes,
        tt_hits: r.stats.tt_hits,
        beta_cutoffs: r.stats.beta_cutoffs,
        first_move_cutoffs: r.stats.first_move_cutoffs,
        researches: r.stats.researches,
    };
    (result, r.pv)
}
