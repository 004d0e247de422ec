//! The searches: `alphabeta_search`, the window searches and MTD(f).

use alphabeta::WindowResult;

use super::*;

/// Searches by iterative deepening within `limits`.
///
/// * `game`: the callbacks (the position is the host's current state; it is back in place
///   when the call returns).
/// * `result`: written on success (and on `PV_TRUNCATED`).
/// * `pv`, `pv_capacity`: a buffer for the principal variation, or NULL and 0 when the PV is
///   not wanted. A PV longer than a buffer is truncated to it and the call returns
///   `PV_TRUNCATED` with the result complete. NULL asks for the search without the line
///   (Rust's `Engine::search_without_pv`; an engine of one thread): the result is the one a
///   buffer gets, field for field, but `pv_length`, and the call returns `OK`. Where the
///   line does not steer the search (no move ordering, or no iterative deepening) and the
///   library has a loop without it (plain alpha-beta; the configurations without a loop of
///   their own), the search keeps no line, which saves work at every node (plain alpha-beta
///   on tic-tac-toe: 107.2 instructions a node instead of 125.5); `pv_length` then tells
///   the length of the line read back from the transposition table after the search (the
///   best move, then the table's moves from the position it reaches, stopping at a missing
///   entry, a move not generated there, the end of the game or a repeated position; 1
///   without a table), which may be shorter than the line a buffer receives, and the
///   `on_iteration` callback's lines are read back the same way. Elsewhere the line is kept
///   and `pv_length` is its length.
///
/// Errors: `NULL_POINTER`, `NOT_AN_ENGINE`, `WRONG_ENGINE` (a Monte Carlo engine: use
/// `alphabeta_mcts_search`), `NULL_CALLBACK` (also a missing `clone_state` or
/// `free_state` on an engine with several threads), `ALREADY_SEARCHING`, `ZERO_MAX_DEPTH`,
/// `MIN_DEPTH_ABOVE_MAX_DEPTH`, `DEPTH_BEYOND_CAPACITY`, `NO_CLOCK`, `MOVE_OVERFLOW`,
/// `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`, `SCORE_OUT_OF_RANGE` (see the evaluate callback),
/// `CLONE_FAILED`, `PV_TRUNCATED`, `PANIC`.
///
/// # Safety
/// Every non-NULL pointer is valid; the callbacks behave as documented.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_result,
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    if let Some(status) = detail::null_argument(&[
        (game.is_null(), c"game is NULL"),
        (limits.is_null(), c"limits is NULL"),
        (result.is_null(), c"result is NULL"),
        (pv.is_null() && pv_capacity > 0, c"pv is NULL but pv_capacity is not 0"),
    ]) {
        return status;
    }
    // SAFETY: checked non-NULL; valid by the caller's promise.
    let (table, limits) = unsafe { (*game, *limits) };
    let body = |kind: &mut Kind, stop: &AtomicBool| {
        if kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let mut game = match CGame::for_engine(table, kind, &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        let clocks = Clocks::new(&limits);
        let mut rust_limits = clocks.limits(&limits);
        rust_limits.stop = Some(stop);
        let sink =
            InfoSink { callback: limits.on_iteration, user_data: limits.on_iteration_user_data };
        let int_info = |i: &IterationInfo<'_, u32, i32>| sink.send(i.depth, i.score as f64, i);
        let double_info = |i: &IterationInfo<'_, u32, f64>| sink.send(i.depth, i.score, i);
        let int_scores = |s: i32| (s, f64::from(s));
        let double_scores = |s: f64| (s as i32, s);
        // No buffer: the search without the line.
        let line = !pv.is_null();
        let out = match kind {
            Kind::Int(engine) if line => engine
                .search_with_info(&mut game, &rust_limits, int_info)
                .map(|r| fill(r, int_scores)),
            Kind::Int(engine) => engine
                .search_without_pv_with_info(&mut game, &rust_limits, int_info)
                .map(|r| fill(r, int_scores)),
            Kind::Double(engine) if line => engine
                .search_with_info(&mut game, &rust_limits, double_info)
                .map(|r| fill(r, double_scores)),
            Kind::Double(engine) => engine
                .search_without_pv_with_info(&mut game, &rust_limits, double_info)
                .map(|r| fill(r, double_scores)),
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => engine
                .search_with_info(&mut game, &rust_limits, int_info)
                .map(|r| fill(r, int_scores)),
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => engine
                .search_with_info(&mut game, &rust_limits, double_info)
                .map(|r| fill(r, double_scores)),
            Kind::MctsInt(_) | Kind::MctsDouble(_) => return ALPHABETA_ERROR_WRONG_ENGINE,
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            if status == ALPHABETA_ERROR_CLONE_FAILED {
                // A copy that could not be made was searched as a position without moves until
                // the end (the search cannot tell): what it stored in the shared table is wrong.
                kind.clear_table();
            }
            return status;
        }
        let (c_result, line) = match out {
            Ok(parts) => parts,
            Err(error) => return error.into(),
        };
        // SAFETY: `result` valid for a write, `pv` for `pv_capacity` moves (the caller's).
        unsafe { deliver(result, c_result, &line, pv, pv_capacity) }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}

/// One fixed-depth search with the window `(alpha, beta)` on an int32 engine: no iterative
/// deepening, no clock, no stop. The building block of window drivers (MTD(f), a
/// null-window solver). Depth 0 is not an error here: it returns the static evaluation (or
/// quiescence) of the position.
///
/// The window: `alpha < beta`, both in `-INT32_MAX..=INT32_MAX` (`-INT32_MAX, INT32_MAX` is
/// the full window). ±`INT32_MAX` are valid as bounds only: the evaluate callback's scores
/// must still lie within `-(1000000 - ply)..=1000000 - ply` (±`INT32_MAX` from it is
/// `SCORE_OUT_OF_RANGE`). `INT32_MIN` is below -infinity: `INVALID_WINDOW`. Errors: as
/// `alphabeta_search` (`WRONG_ENGINE` for a Monte Carlo engine; not `ZERO_MAX_DEPTH`), plus
/// `INVALID_WINDOW` and
/// `WRONG_SCORE_TYPE` (a double engine: use `alphabeta_search_window_double`).
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search_window(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    alpha: i32,
    beta: i32,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::Int(alpha, beta), result) }
}

/// `alphabeta_search_window` for a double engine: `alpha < beta`, neither NaN
/// (`-HUGE_VAL, HUGE_VAL` is the full window), else `INVALID_WINDOW`. ±infinity are valid as
/// bounds only: the evaluate_double callback's scores must still lie within
/// `-(1e6 - ply)..=1e6 - ply` (±infinity from it is `SCORE_OUT_OF_RANGE`).
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search_window_double(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    alpha: f64,
    beta: f64,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::Double(alpha, beta), result) }
}

/// MTD(f) (Plaat et al. 1996) at a fixed depth on an int32 engine: null-window searches
/// (memory-enhanced test calls through the engine's table) from the first guess `guess`,
/// each narrowing the interval the value lies in, until it closes: the exact value at
/// `depth`, as a full-window `alphabeta_search_window` gives. `result->root_searches` counts
/// the test calls; `best_move` is the move of the last one that proved the value from below
/// (or the table's move for the root). No clock, no stop; use an engine with a table.
/// Errors: as `alphabeta_search_window`; `INVALID_WINDOW` for `INT32_MIN`.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_mtdf(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    guess: i32,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::MtdfInt(guess), result) }
}

/// `alphabeta_mtdf` for a double engine (steps of `null_window_epsilon`); `INVALID_WINDOW` for
/// a NaN guess. An infinite guess starts from 0.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_mtdf_double(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    guess: f64,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::MtdfDouble(guess), result) }
}

/// One test of the exact solver on an int32 engine: the fail-soft value of the position
/// searched to the end of the game (no depth, no reductions, no iterative deepening; proven
/// table entries whatever their depth) with the window `(alpha, beta)` — `<= alpha` an upper
/// bound, `>= beta` a lower bound, between them the exact value. The building block of a
/// driver of your own (`alphabeta_solve` runs one over the whole score range); a null window
/// `(t - 1, t)` is the fast case. `root_searches` is 1. No clock, no stop; use an engine with
/// a table. Errors: as `alphabeta_solve`; `INVALID_WINDOW` unless `alpha < beta` and neither
/// is `INT32_MIN`.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_solve_window(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    alpha: i32,
    beta: i32,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, 0, Bounds::SolveInt(alpha, beta), result) }
}

/// `alphabeta_solve_window` for a double engine: `INVALID_WINDOW` unless `alpha < beta` and
/// neither is NaN.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_solve_window_double(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    alpha: f64,
    beta: f64,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, 0, Bounds::SolveDouble(alpha, beta), result) }
}

/// What a fixed-depth call searches: a window, MTD(f) from a guess, or a window of the exact
/// solver (to the end of the game, the depth unused).
enum Bounds {
    Int(i32, i32),
    Double(f64, f64),
    MtdfInt(i32),
    MtdfDouble(f64),
    SolveInt(i32, i32),
    SolveDouble(f64, f64),
}

impl Bounds {
    fn int_guess(&self) -> i32 {
        match *self {
            Bounds::MtdfInt(guess) => guess,
            _ => 0,
        }
    }

    fn double_guess(&self) -> f64 {
        match *self {
            Bounds::MtdfDouble(guess) => guess,
            _ => 0.0,
        }
    }
}

/// A fixed-depth call's outcome, in both score types.
struct Found {
    score: i32,
    score_double: f64,
    best_move: Option<u32>,
    nodes: u64,
    root_searches: u64,
}

impl<S> From<(i32, f64, WindowResult<u32, S>)> for Found {
    fn from((score, score_double, r): (i32, f64, WindowResult<u32, S>)) -> Self {
        Found {
            score,
            score_double,
            best_move: r.best_move,
            nodes: r.nodes,
            root_searches: r.stats.root_searches,
        }
    }
}

/// # Safety
/// As `alphabeta_search`.
unsafe fn window(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    bounds: Bounds,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    if let Some(status) = detail::null_argument(&[
        (game.is_null(), c"game is NULL"),
        (result.is_null(), c"result is NULL"),
    ]) {
        return status;
    }
    // SAFETY: checked non-NULL.
    let table = unsafe { *game };
    let body = |kind: &mut Kind, _: &AtomicBool| {
        if kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let mut game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        let int = |r: WindowResult<u32, i32>| (r.score, f64::from(r.score), r);
        let double = |r: WindowResult<u32, f64>| (r.score as i32, r.score, r);
        let out = match bounds {
            Bounds::Int(..) | Bounds::MtdfInt(_) | Bounds::SolveInt(..) => {
                match kind.int_engine() {
                    Some(engine) => match bounds {
                        Bounds::Int(alpha, beta) => {
                            engine.search_window(&mut game, depth, alpha, beta)
                        }
                        Bounds::SolveInt(alpha, beta) => {
                            engine.solve_window(&mut game, alpha, beta)
                        }
                        _ => engine.mtdf(&mut game, depth, bounds.int_guess()),
                    }
                    .map(|r| int(r).into()),
                    None => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
                }
            }
            Bounds::Double(..) | Bounds::MtdfDouble(_) | Bounds::SolveDouble(..) => {
                match kind.double_engine() {
                    Some(engine) => match bounds {
                        Bounds::Double(alpha, beta) => {
                            engine.search_window(&mut game, depth, alpha, beta)
                        }
                        Bounds::SolveDouble(alpha, beta) => {
                            engine.solve_window(&mut game, alpha, beta)
                        }
                        _ => engine.mtdf(&mut game, depth, bounds.double_guess()),
                    }
                    .map(|r| double(r).into()),
                    None => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
                }
            }
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            return status;
        }
        match out {
            Ok(Found { score, score_double, best_move, nodes, root_searches }) => {
                let c = alphabeta_window_result {
                    score,
                    score_double,
                    has_best_move: best_move.is_some(),
                    best_move: best_move.unwrap_or(0),
                    nodes,
                    root_searches,
                };
                // SAFETY: valid for a write.
                unsafe { result.write(c) };
                ALPHABETA_OK
            }
            Err(error) => error.into(),
        }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}
