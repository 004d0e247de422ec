//! The exact solver: `alphabeta_solve` and `alphabeta_solve_between`.

use alphabeta::Solution;

use super::*;

/// The outcome of an exact solve.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_solution {
    /// The game's value for the side to move when `exact` (int32 engines; the double value
    /// rounded toward zero otherwise); else the proven lower bound.
    pub value: i32,
    /// The same as a double.
    pub value_double: f64,
    /// The value is at least this (equal to `value` when `exact`).
    pub lower: i32,
    /// The value is at most this (equal to `value` when `exact`).
    pub upper: i32,
    /// `lower` as a double.
    pub lower_double: f64,
    /// `upper` as a double.
    pub upper_double: f64,
    /// Whether the value is proven; false when the clock, the stop call or the node cap ended
    /// the solve first (`lower` and `upper` then bound it), or when the value lies outside
    /// the range given to `alphabeta_solve_between`.
    pub exact: bool,
    /// Whether `best_move` holds a move (false for a terminal root or one without moves).
    pub has_best_move: bool,
    /// A move that achieves the value.
    pub best_move: u32,
    /// Nodes visited by all the tests.
    pub nodes: u64,
    /// Null-window tests run.
    pub searches: u32,
    /// Table probes.
    pub tt_probes: u64,
    /// Table probes that found the position.
    pub tt_hits: u64,
}

fn c_solution<S: Score>(
    s: Solution<u32, S>,
    scores: impl Fn(S) -> (i32, f64),
) -> alphabeta_solution {
    let (value, value_double) = scores(s.value);
    let (lower, lower_double) = scores(s.lower);
    let (upper, upper_double) = scores(s.upper);
    alphabeta_solution {
        value,
        value_double,
        lower,
        upper,
        lower_double,
        upper_double,
        exact: s.exact,
        has_best_move: s.best_move.is_some(),
        best_move: s.best_move.unwrap_or(0),
        nodes: s.nodes,
        searches: s.searches,
        tt_probes: s.stats.tt_probes,
        tt_hits: s.stats.tt_hits,
    }
}

/// Solves the position exactly: its value for the side to move and a move that achieves it,
/// by null-window tests over the score range (Pons' driver; MTD(f)'s test calls without a
/// depth), with no iterative deepening and no reductions: every line is searched to the end
/// of the game (which must come within `ALPHABETA_MAX_PLY` plies), whatever the
/// configuration's depth-related options, and every value stored in the table is proven. Use
/// an engine with a table; on an engine with several threads one thread solves.
///
/// * `limits`: NULL for none; otherwise its clock, time limit and node cap are read (its
///   depths are not), and `alphabeta_engine_stop` stops the solve: `result->exact` is then
///   false and `lower`/`upper` hold the range proven so far.
///
/// Errors: `NULL_POINTER`, `NOT_AN_ENGINE`, `WRONG_ENGINE` (a Monte Carlo engine),
/// `NULL_CALLBACK`, `ALREADY_SEARCHING`, `NO_CLOCK`, `DEPTH_BEYOND_CAPACITY` (a line longer
/// than `ALPHABETA_MAX_PLY`), `MOVE_OVERFLOW`, `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`,
/// `SCORE_OUT_OF_RANGE`, `PANIC`.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_solve(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_solution,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { solve(engine, game, None, limits, result) }
}

/// `alphabeta_solve` for a value the caller knows to lie in `low..=high` (a disc difference in
/// `-64..=64`, say): fewer tests. A value outside the range is found out (`exact` false, the
/// bound that crossed it in `lower` or `upper`). Int32 engines; `INVALID_WINDOW` when
/// `low > high` or either is `INT32_MIN`; `WRONG_SCORE_TYPE` on a double engine (use
/// `alphabeta_solve_between_double`).
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_solve_between(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    low: i32,
    high: i32,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_solution,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { solve(engine, game, Some(Range::Int(low, high)), limits, result) }
}

/// `alphabeta_solve_between` for a double engine: `INVALID_WINDOW` when `low > high` or either
/// is NaN; `WRONG_SCORE_TYPE` on an int32 engine.
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_solve_between_double(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    low: f64,
    high: f64,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_solution,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { solve(engine, game, Some(Range::Double(low, high)), limits, result) }
}

/// The range a caller gives.
#[derive(Clone, Copy)]
enum Range {
    Int(i32, i32),
    Double(f64, f64),
}

/// # Safety
/// As `alphabeta_search`; `limits` may be NULL.
unsafe fn solve(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    range: Option<Range>,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_solution,
) -> alphabeta_status {
    if game.is_null() || result.is_null() {
        return ALPHABETA_ERROR_NULL_POINTER;
    }
    // SAFETY: checked non-NULL; valid by the caller's promise.
    let table = unsafe { *game };
    // SAFETY: NULL or valid by the caller's promise.
    let limits = if limits.is_null() { alphabeta_limits_depth(1) } else { unsafe { *limits } };
    let body = |kind: &mut Kind, stop: &AtomicBool| {
        if kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let mut game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        let clocks = Clocks::new(&limits);
        let mut rust_limits = clocks.limits(&limits);
        rust_limits.stop = Some(stop);
        let out = if kind.is_double() {
            let Some(engine) = kind.double_engine() else { return ALPHABETA_ERROR_WRONG_ENGINE };
            let solution = match range {
                None => engine.solve(&mut game, &rust_limits),
                Some(Range::Double(low, high)) => {
                    if low.is_nan() || high.is_nan() {
                        return ALPHABETA_ERROR_INVALID_WINDOW;
                    }
                    engine.solve_between(&mut game, low, high, &rust_limits)
                }
                Some(Range::Int(..)) => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
            };
            solution.map(|s| c_solution(s, |v: f64| (v as i32, v)))
        } else {
            let Some(engine) = kind.int_engine() else { return ALPHABETA_ERROR_WRONG_ENGINE };
            let solution = match range {
                None => engine.solve(&mut game, &rust_limits),
                Some(Range::Int(low, high)) => {
                    engine.solve_between(&mut game, low, high, &rust_limits)
                }
                Some(Range::Double(..)) => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
            };
            solution.map(|s| c_solution(s, |v: i32| (v, f64::from(v))))
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            return status;
        }
        match out {
            Ok(c) => {
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
