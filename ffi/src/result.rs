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
    /// Whether the score is the game's value (no horizon reached; see
    /// `alphabeta_limits.max_depth` for the depth this needs).
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
    /// Searches of the root (aspiration re-searches and MTD(f) test calls included).
    pub root_searches: u64,
    /// Null moves tried.
    pub null_moves: u64,
    /// Null moves that cut their node.
    pub null_move_cutoffs: u64,
    /// Nodes cut by reverse futility pruning (`alphabeta_config.reverse_futility_max_depth`).
    pub pruned_nodes: u64,
    /// Moves skipped by futility and late move pruning (`alphabeta_config.futility_max_depth`,
    /// `alphabeta_config.late_move_pruning`).
    pub pruned_moves: u64,
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
    /// Searches of the root: 1 for a window search, the test calls of MTD(f).
    pub root_searches: u64,
}

/// A C result and the PV from a Rust result.
pub(crate) fn fill<S: Score>(
    r: alphabeta::SearchResult<u32, S, MAX_PLY>,
    scores: impl Fn(S) -> (i32, f64),
) -> (alphabeta_result, heapless::Vec<u32, MAX_PLY>) {
    let result = Outcome {
        best_move: r.best_move,
        scores: scores(r.score),
        depth: r.depth,
        nodes: r.nodes,
        exact: r.exact,
        completed: r.completed,
        pv_length: r.pv.len(),
        elapsed_micros: r.elapsed_micros,
        stats: r.stats,
    }
    .into_c();
    (result, r.pv)
}

/// What a search (or an analysis) found, as `alphabeta_result` tells it.
pub(crate) struct Outcome {
    pub(crate) best_move: Option<u32>,
    /// The score in both types.
    pub(crate) scores: (i32, f64),
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) exact: bool,
    pub(crate) completed: bool,
    pub(crate) pv_length: usize,
    pub(crate) elapsed_micros: Option<u64>,
    pub(crate) stats: alphabeta::SearchStats,
}

impl Outcome {
    pub(crate) fn into_c(self) -> alphabeta_result {
        let stats = self.stats;
        alphabeta_result {
            has_best_move: self.best_move.is_some(),
            best_move: self.best_move.unwrap_or(0),
            score: self.scores.0,
            score_double: self.scores.1,
            depth: self.depth,
            nodes: self.nodes,
            exact: self.exact,
            completed: self.completed,
            pv_length: self.pv_length,
            has_elapsed: self.elapsed_micros.is_some(),
            elapsed_micros: self.elapsed_micros.unwrap_or(0),
            tt_probes: stats.tt_probes,
            tt_hits: stats.tt_hits,
            beta_cutoffs: stats.beta_cutoffs,
            first_move_cutoffs: stats.first_move_cutoffs,
            researches: stats.researches,
            root_searches: stats.root_searches,
            null_moves: stats.null_moves,
            null_move_cutoffs: stats.null_move_cutoffs,
            pruned_nodes: stats.pruned_nodes,
            pruned_moves: stats.pruned_moves,
        }
    }
}
/// Writes a search's C result and as much of its principal variation `line` as `pv` holds,
/// and returns `OK`, or `PV_TRUNCATED` when the line was longer than a buffer (a NULL buffer
/// of capacity 0 asked for no PV: nothing is truncated then).
///
/// # Safety
/// `result` is valid for a write; `pv` holds `pv_capacity` moves (or is NULL with 0).
pub(crate) unsafe fn deliver<R>(
    result: *mut R,
    value: R,
    line: &[u32],
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    let written = line.len().min(pv_capacity);
    if written > 0 {
        // SAFETY: `pv` holds `pv_capacity >= written` moves (the caller's promise).
        unsafe { core::ptr::copy_nonoverlapping(line.as_ptr(), pv, written) };
    }
    // SAFETY: `result` is valid for a write.
    unsafe { result.write(value) };
    if line.len() > pv_capacity && !pv.is_null() {
        alphabeta_status::ALPHABETA_ERROR_PV_TRUNCATED
    } else {
        alphabeta_status::ALPHABETA_OK
    }
}

/// The transposition table of a self-contained call (`alphabeta_chance_search`,
/// `alphabeta_multi_search`) in a caller's memory, as for `alphabeta_engine_init`: `memory`
/// for `bytes` bytes, 16-byte aligned, at least 2 slots of `S` (NULL and 0 for no table),
/// not overlapping an engine a call runs on (`ALPHABETA_ERROR_ALREADY_SEARCHING`: the table is
/// written), and zeroed, so that no entry of an earlier search (of another game, say) is
/// taken for this one's.
///
/// # Safety
/// `memory` is valid for `bytes` bytes and stays so while the slots are used, or is NULL.
pub(crate) unsafe fn caller_slots<'a, S: alphabeta::tt::Slot>(
    memory: *mut c_void,
    bytes: usize,
) -> Result<&'a [S], alphabeta_status> {
    if memory.is_null() {
        return if bytes == 0 {
            Ok(&[])
        } else {
            Err(alphabeta_status::ALPHABETA_ERROR_NULL_POINTER)
        };
    }
    let count = bytes / core::mem::size_of::<S>();
    if !(memory as usize).is_multiple_of(16) || count < 2 {
        return Err(alphabeta_status::ALPHABETA_ERROR_TABLE_MEMORY);
    }
    // SAFETY: `memory` is valid for `bytes` bytes (the caller's promise).
    if unsafe { crate::engine::busy_overlaps(memory.cast(), bytes) } {
        return Err(alphabeta_status::ALPHABETA_ERROR_ALREADY_SEARCHING);
    }
    // SAFETY: 16-byte aligned memory for `count` slots (the caller's promise); a slot is atomic
    // words, valid for any bits, and zeroed here before any is read.
    let slots = unsafe { core::slice::from_raw_parts(memory.cast::<S>(), count) };
    crate::engine::zero(slots);
    Ok(slots)
}
