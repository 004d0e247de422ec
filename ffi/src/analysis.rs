//! Analysis: every root move's score, and the best lines (multi-PV): `alphabeta_analyze`.

use super::*;
use alphabeta::tt::Bound;
use alphabeta::Analysis;

/// `alphabeta_root_move.bound`: the score is the move's exact value at the depth.
pub const ALPHABETA_BOUND_EXACT: u32 = 0;
/// `alphabeta_root_move.bound`: the move scores at most `score` (it is not among the lines
/// asked for; no line is written for it).
pub const ALPHABETA_BOUND_UPPER: u32 = 1;

/// One root move of an analysis.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_root_move {
    /// The move.
    pub mv: u32,
    /// Its score for the side to move at the root (int32 engines; the double score rounded
    /// toward zero otherwise).
    pub score: i32,
    /// The same as a double.
    pub score_double: f64,
    /// `ALPHABETA_BOUND_EXACT` or `ALPHABETA_BOUND_UPPER`.
    pub bound: u32,
    /// The length of its line (0 for an upper bound); the moves written are the smaller of
    /// this and `pv_stride`.
    pub pv_length: usize,
}

/// Analyses the position by iterative deepening within `limits`: every root move with its
/// score, best first; the best `lines` exact, each with its line (multi-PV), the others with
/// an upper bound. `lines` at least the number of moves (`SIZE_MAX`) gives every move's
/// exact score. Each root move is searched with a window of its own (the configuration's
/// `root_search` and `strength` do not apply; late move reductions apply below the root
/// moves, not to them); the scores are exact values with the value-preserving options.
///
/// * `moves`, `capacity`: the root moves, best first (exact scores first); NULL and 0 for
///   none. `count` receives the number of root moves (0 for a terminal root).
/// * `pv`, `pv_stride`: the lines, line `i` (of `moves[i]`) at `pv + i * pv_stride`, at most
///   `pv_stride` moves each; NULL and 0 for none.
/// * `result`: the analysis as a search result: the best move and score, depth, nodes,
///   exactness, completion (false when the clock, the stop call or `max_nodes` ended an
///   iteration: the analysis is the last completed one), statistics; its `pv_length` is the
///   best line's length (the line is `moves[0]`'s).
///
/// The progress callback of `limits` is not called. On an engine with several threads the
/// analysis runs on the calling thread.
///
/// **Stack.** About three times `alphabeta_max_moves() * (4 * alphabeta_max_ply() + 24)`
/// bytes before the first ply (an analysis's root moves with their lines: one in this call's
/// frame, two in the core's), plus about 0.75 KB a ply of depth. Measured on Cortex-M4F in the
/// `small` build (64 moves, 32 plies): frames of 344 B (this call), 10,000 B (the analysis of
/// the engine's score type) and 20,208 B (the core's analysis), 30.5 KB in all, and 736 B a
/// ply for the search below: give the calling task at least 56 KB of stack at depth 32. With
/// the default capacities (256 moves, 64 plies) the three are about 215 KB: analyse on a
/// thread with a large stack.
///
/// Errors: as `alphabeta_search`, plus `ZERO_LINES`; `MOVES_TRUNCATED` when `capacity` is
/// below the number of root moves (the best `capacity` are written, everything else is
/// complete); `PV_TRUNCATED` when a line is longer than `pv_stride` (each written up to it).
/// `count` and `result` are written on success and on these two.
///
/// # Safety
/// Every non-NULL pointer is valid for the sizes given; the callbacks behave as documented.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn alphabeta_analyze(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    limits: *const alphabeta_limits,
    lines: usize,
    moves: *mut alphabeta_root_move,
    capacity: usize,
    count: *mut usize,
    pv: *mut u32,
    pv_stride: usize,
    result: *mut alphabeta_result,
) -> alphabeta_status {
    if let Some(status) = detail::null_argument(&[
        (game.is_null(), c"game is NULL"),
        (limits.is_null(), c"limits is NULL"),
        (count.is_null(), c"count is NULL"),
        (result.is_null(), c"result is NULL"),
        (moves.is_null() && capacity > 0, c"moves is NULL but capacity is not 0"),
        (pv.is_null() && pv_stride > 0, c"pv is NULL but pv_stride is not 0"),
    ]) {
        return status;
    }
    if lines == 0 {
        return detail::refuse(ALPHABETA_ERROR_ZERO_LINES, c"lines is 0: ask for at least 1 line");
    }
    // SAFETY: checked non-NULL; valid by the caller's promise.
    let (table, limits) = unsafe { (*game, *limits) };
    let out = Out { moves, capacity, pv, pv_stride, count, result };
    let body = |kind: &mut Kind, stop: &AtomicBool| {
        if kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        let clocks = Clocks::new(&limits);
        let mut rust_limits = clocks.limits(&limits);
        rust_limits.stop = Some(stop);
        // One analysis (about `MAX_MOVES * (4 * MAX_PLY + 24)` bytes) lives in the frame of
        // `analyze_one`, of one score type: kept out of this frame, where both would sit.
        if let Some(engine) = kind.int_engine() {
            analyze_one(engine, game, &rust_limits, lines, &out, &error, |s| (s, f64::from(s)))
        } else if let Some(engine) = kind.double_engine() {
            analyze_one(engine, game, &rust_limits, lines, &out, &error, |s| (s as i32, s))
        } else {
            ALPHABETA_ERROR_PANIC
        }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}

/// One analysis of `game` (dropped before the answer is written) on an engine of score type
/// `E::Score`, written to `out`.
#[inline(never)]
fn analyze_one<E: Evaluator<CGame>>(
    engine: &mut Engine<
        CGame,
        E,
        MAX_MOVES,
        MAX_PLY,
        TableSlice<'static, E::Score>,
        DefaultSorter<u32, MAX_PLY>,
    >,
    mut game: CGame,
    limits: &Limits<'_>,
    lines: usize,
    out: &Out,
    error: &AtomicI32,
    scores: impl Fn(E::Score) -> (i32, f64),
) -> alphabeta_status {
    let analysis = engine.analyze(&mut game, limits, lines);
    drop(game);
    out.write(&analysis, error, scores)
}

/// Where `alphabeta_analyze` writes.
struct Out {
    moves: *mut alphabeta_root_move,
    capacity: usize,
    pv: *mut u32,
    pv_stride: usize,
    count: *mut usize,
    result: *mut alphabeta_result,
}

impl Out {
    /// Writes an analysis (or returns the call's error).
    fn write<S: Score>(
        &self,
        analysis: &Result<Analysis<u32, S, MAX_MOVES, MAX_PLY>, SearchError>,
        error: &AtomicI32,
        scores: impl Fn(S) -> (i32, f64),
    ) -> alphabeta_status {
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            return status;
        }
        let analysis = match analysis {
            Ok(analysis) => analysis,
            Err(error) => return (*error).into(),
        };
        let mut status = ALPHABETA_OK;
        for (index, root_move) in analysis.moves.iter().enumerate() {
            if index >= self.capacity {
                status = ALPHABETA_ERROR_MOVES_TRUNCATED;
                break;
            }
            let (score, score_double) = scores(root_move.score);
            let c = alphabeta_root_move {
                mv: root_move.mv,
                score,
                score_double,
                bound: if root_move.bound == Bound::Exact {
                    ALPHABETA_BOUND_EXACT
                } else {
                    ALPHABETA_BOUND_UPPER
                },
                pv_length: root_move.pv.len(),
            };
            // SAFETY: `moves` holds `capacity > index` entries (the caller's promise).
            unsafe { self.moves.add(index).write(c) };
            if !self.pv.is_null() {
                let written = root_move.pv.len().min(self.pv_stride);
                // SAFETY: `pv` holds `capacity * pv_stride` moves (the caller's promise), so
                // line `index` has room for `pv_stride` of them.
                unsafe {
                    let line = self.pv.add(index * self.pv_stride);
                    core::ptr::copy_nonoverlapping(root_move.pv.as_ptr(), line, written);
                }
                if written < root_move.pv.len() && status == ALPHABETA_OK {
                    status = ALPHABETA_ERROR_PV_TRUNCATED;
                }
            }
        }
        let best = analysis.moves.first();
        let c = Outcome {
            best_move: best.map(|m| m.mv),
            scores: scores(analysis.score),
            depth: analysis.depth,
            nodes: analysis.nodes,
            exact: analysis.exact,
            completed: analysis.completed,
            pv_length: best.map_or(0, |m| m.pv.len()),
            elapsed_micros: analysis.elapsed_micros,
            stats: analysis.stats,
        }
        .into_c();
        // SAFETY: both valid for a write (checked non-NULL; the caller's promise).
        unsafe {
            self.count.write(analysis.moves.len());
            self.result.write(c);
        }
        status
    }
}
