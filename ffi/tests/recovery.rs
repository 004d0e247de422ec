//! Scores outside the valid range are statuses, never a wrong value or a panic, and the engine
//! searches again afterwards:
//!
//! * int32 engines: a position `ply` plies from the root scores within
//!   `-(1000000 - ply)..=1000000 - ply`; anything else is `ALPHABETA_ERROR_SCORE_OUT_OF_RANGE`:
//!   at the leaves (ply 3) ±999998 and ±1000000, any value beyond ±1000000, ±`INT32_MAX`
//!   (no longer "better / worse than anything") and `INT32_MIN`; ±999997 is valid there;
//! * double engines: NaN is `NAN_SCORE`; values outside `-(1e6 - ply)..=1e6 - ply`,
//!   ±infinity included, are `SCORE_OUT_OF_RANGE`;
//! * a window with `alpha = INT32_MIN` is `INVALID_WINDOW`;
//! * `max_quiescence_depth` above `alphabeta_max_ply()` is `BAD_CONFIG` when the engine is
//!   made.
//!
//! (An evaluation of `INT32_MIN` used to overflow when the search negated it: a caught panic
//! in debug builds, a wrong score in release builds. The recovery of an engine from a caught
//! panic is a unit test of `ffi/src/engine.rs` now that no input provokes one.)

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::null_mut;
use std::ffi::CStr;

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

/// The state: the ply and the score every non-terminal position evaluates to.
#[repr(C)]
struct State {
    ply: i32,
    score: i32,
    score_double: f64,
}

fn st<'a>(state: *mut c_void) -> &'a mut State {
    // SAFETY: every user_data here is the test's `State`.
    unsafe { &mut *state.cast::<State>() }
}

/// The game: two moves everywhere, over at ply 3.
unsafe extern "C" fn generate(_: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    for i in 0..2.min(capacity) {
        // SAFETY: `moves` has room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 };
    }
    2
}
unsafe extern "C" fn make(state: *mut c_void, _: u32) {
    st(state).ply += 1;
}
unsafe extern "C" fn unmake(state: *mut c_void, _: u32) {
    st(state).ply -= 1;
}
unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    st(state).ply as u64
}
unsafe extern "C" fn side(state: *mut c_void) -> i32 {
    st(state).ply % 2
}
unsafe extern "C" fn over(state: *mut c_void) -> bool {
    st(state).ply >= 3
}
/// The state's score at the leaves (ply 3), 0 elsewhere.
unsafe extern "C" fn evaluate(state: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    let s = st(state);
    if s.ply >= 3 {
        s.score
    } else {
        0
    }
}
unsafe extern "C" fn evaluate_double(state: *mut c_void, _: i32, _: u32, _: u32) -> f64 {
    let s = st(state);
    if s.ply >= 3 {
        s.score_double
    } else {
        0.0
    }
}

fn game(state: &mut State) -> alphabeta_game {
    alphabeta_game {
        user_data: (state as *mut State).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate),
        evaluate_double: Some(evaluate_double),
        zobrist_key: Some(key),
        side_to_move: Some(side),
        is_terminal: Some(over),
        is_tactical: None,
        generate_tactical_moves: None,
        min_plies_to_win: None,
        min_plies_to_loss: None,
        clone_state: None,
        free_state: None,
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: None,
    }
}

fn engine(score_type: u32) -> *mut alphabeta_engine {
    let mut config = alphabeta_config_default();
    config.score_type = score_type;
    // Without mate distance pruning every root score below is the leaves' (negated: the
    // leaves are at ply 3, the other side's).
    config.mate_distance_pruning = false;
    let mut engine = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(&config, 64, &mut engine) }, ALPHABETA_OK);
    engine
}

fn message(status: alphabeta_status) -> &'static str {
    // SAFETY: a static NUL-terminated string.
    unsafe { CStr::from_ptr(alphabeta_status_message(status as i32)) }.to_str().unwrap()
}

/// A depth-3 search and a depth-3 full-window search with leaves scoring `score`: the two
/// statuses and the search's score.
fn search_int(
    engine: *mut alphabeta_engine,
    score: i32,
) -> (alphabeta_status, alphabeta_status, i32) {
    let mut state = State { ply: 0, score, score_double: 0.0 };
    let g = game(&mut state);
    let limits = alphabeta_limits_depth(3);
    let mut result = alphabeta_result::default();
    let mut window = alphabeta_window_result::default();
    // SAFETY: valid pointers.
    let (searched, windowed) = unsafe {
        alphabeta_engine_clear_table(engine);
        let searched = alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0);
        alphabeta_engine_clear_table(engine);
        let windowed = alphabeta_search_window(engine, &g, 3, -i32::MAX, i32::MAX, &mut window);
        (searched, windowed)
    };
    assert_eq!(state.ply, 0, "the game was not restored");
    (searched, windowed, result.score)
}

#[test]
fn int32_scores_out_of_range_are_a_status() {
    let engine = engine(ALPHABETA_SCORE_INT32);
    for bad in [i32::MIN, 2_000_000, -2_000_000, 1_000_001, -1_000_001, i32::MAX - 1, -i32::MAX + 1]
    {
        let (searched, windowed, _) = search_int(engine, bad);
        assert_eq!(searched, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE, "score {bad}");
        assert_eq!(windowed, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE, "score {bad}");
        // The engine is usable afterwards.
        assert_eq!(search_int(engine, 7), (ALPHABETA_OK, ALPHABETA_OK, -7), "after {bad}");
    }
    // Valid: a win and a loss at the leaves' ply (3: ±999,997), a heuristic value.
    for good in [999_997, -999_997, -42] {
        let (searched, windowed, score) = search_int(engine, good);
        assert_eq!((searched, windowed), (ALPHABETA_OK, ALPHABETA_OK), "score {good}");
        assert_eq!(score, -good, "score {good}");
    }
    assert_eq!(
        message(ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        "the evaluator returned a score outside the valid range (at ply p: \
         -(1000000 - p)..=1000000 - p; never INT32_MAX, infinity or INT32_MIN)"
    );
    // SAFETY: from `alphabeta_engine_new`, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn double_scores_out_of_range_are_a_status() {
    let cases = [
        (f64::NAN, ALPHABETA_ERROR_NAN_SCORE),
        (2e6, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (-1e6 - 0.5, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (f64::MAX, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (999_997.0, ALPHABETA_OK),
        (-999_997.0, ALPHABETA_OK),
        (-0.25, ALPHABETA_OK),
    ];
    double_cases(&cases);
}

/// ±`INT32_MAX` and ±infinity are no valid scores (there is no "better / worse than anything"
/// score with mate scores, and every C evaluator has them), and a leaf at ply 3 scores within
/// ±(1000000 - 3): a win nearer than the position itself (999998, 1000000) is out of range,
/// a win at the leaf itself (999997) is not. The full window ±`INT32_MAX` / ±infinity stays
/// valid.
#[test]
fn int32_max_infinity_and_wins_nearer_than_the_leaf_are_out_of_range() {
    let engine = engine(ALPHABETA_SCORE_INT32);
    for bad in [i32::MAX, -i32::MAX, 1_000_000, -1_000_000, 999_998, -999_998] {
        let (searched, windowed, _) = search_int(engine, bad);
        assert_eq!(searched, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE, "score {bad}");
        assert_eq!(windowed, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE, "score {bad}");
        assert_eq!(search_int(engine, 7), (ALPHABETA_OK, ALPHABETA_OK, -7), "after {bad}");
    }
    for good in [999_997, -999_997] {
        let (searched, windowed, score) = search_int(engine, good);
        assert_eq!((searched, windowed), (ALPHABETA_OK, ALPHABETA_OK), "score {good}");
        assert_eq!(score, -good, "score {good}");
    }
    // SAFETY: from `alphabeta_engine_new`, freed once.
    unsafe { alphabeta_engine_free(engine) };
    double_cases(&[
        (f64::INFINITY, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (f64::NEG_INFINITY, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (1e6, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (-1e6, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (999_998.0, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (999_997.5, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (999_997.0, ALPHABETA_OK),
        (-999_997.0, ALPHABETA_OK),
    ]);
}

/// Depth-3 searches and window searches of a double engine whose leaves score `score`.
fn double_cases(cases: &[(f64, alphabeta_status)]) {
    let engine = engine(ALPHABETA_SCORE_DOUBLE);
    for &(score, want) in cases {
        let mut state = State { ply: 0, score: 0, score_double: score };
        let g = game(&mut state);
        let limits = alphabeta_limits_depth(3);
        let mut result = alphabeta_result::default();
        let mut window = alphabeta_window_result::default();
        // SAFETY: valid pointers.
        unsafe {
            alphabeta_engine_clear_table(engine);
            let status = alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0);
            assert_eq!(status, want, "score {score}");
            if want == ALPHABETA_OK {
                assert_eq!(result.score_double, -score, "score {score}");
            }
            alphabeta_engine_clear_table(engine);
            let status = alphabeta_search_window_double(
                engine,
                &g,
                3,
                f64::NEG_INFINITY,
                f64::INFINITY,
                &mut window,
            );
            assert_eq!(status, want, "window, score {score}");
        }
        assert_eq!(state.ply, 0);
    }
    // SAFETY: from `alphabeta_engine_new`, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn a_window_from_int32_min_is_invalid() {
    let engine = engine(ALPHABETA_SCORE_INT32);
    let mut state = State { ply: 0, score: 5, score_double: 0.0 };
    let g = game(&mut state);
    let mut window = alphabeta_window_result::default();
    // SAFETY: valid pointers.
    unsafe {
        for (alpha, beta) in [(i32::MIN, i32::MAX), (i32::MIN, 0), (i32::MIN, i32::MIN + 1)] {
            let status = alphabeta_search_window(engine, &g, 3, alpha, beta, &mut window);
            assert_eq!(status, ALPHABETA_ERROR_INVALID_WINDOW, "({alpha}, {beta})");
        }
        assert_eq!(state.ply, 0);
        let status = alphabeta_search_window(engine, &g, 3, -i32::MAX, i32::MAX, &mut window);
        assert_eq!(status, ALPHABETA_OK);
        assert_eq!(window.score, -5);
        alphabeta_engine_free(engine);
    }
    assert_eq!(
        message(ALPHABETA_ERROR_INVALID_WINDOW),
        "the search window is invalid: alpha must be less than beta, neither NaN nor INT32_MIN"
    );
}

#[test]
fn a_quiescence_depth_beyond_the_ply_capacity_is_a_bad_config() {
    let max_ply = alphabeta_max_ply() as u32;
    let mut memory = vec![0u64; alphabeta_engine_size() / 8 + 1];
    for (depth, want) in [
        (max_ply + 1, ALPHABETA_ERROR_BAD_CONFIG),
        (u32::MAX, ALPHABETA_ERROR_BAD_CONFIG),
        (max_ply, ALPHABETA_OK),
    ] {
        for quiescence in [true, false] {
            let mut config = alphabeta_config_default();
            config.max_quiescence_depth = depth;
            config.quiescence = quiescence;
            let sentinel = core::ptr::NonNull::<alphabeta_engine>::dangling().as_ptr();
            let mut out = sentinel;
            // SAFETY: valid pointers and sizes; an engine made is freed once.
            unsafe {
                let status = alphabeta_engine_new(&config, 0, &mut out);
                assert_eq!(status, want, "heap, depth {depth}, quiescence {quiescence}");
                if status == ALPHABETA_OK {
                    alphabeta_engine_free(out);
                } else {
                    assert_eq!(out, sentinel);
                }
                out = sentinel;
                let status = alphabeta_engine_init(
                    memory.as_mut_ptr().cast(),
                    memory.len() * 8,
                    &config,
                    null_mut(),
                    0,
                    &mut out,
                );
                assert_eq!(status, want, "init, depth {depth}, quiescence {quiescence}");
                if status == ALPHABETA_OK {
                    alphabeta_engine_free(out);
                }
            }
        }
    }
}
