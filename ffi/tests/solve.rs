//! The exact solver through the C ABI (`alphabeta_solve`, `alphabeta_solve_between`): a game
//! of callbacks against a brute force (the subtraction game of `common/`), its limits and its
//! errors.

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

mod common;

use common::*;

/// The same game without an end: a pile that never shrinks (for the limits).
unsafe extern "C" fn make_endless(state: *mut c_void, _: u32) {
    pile(state).side ^= 1;
}
unsafe extern "C" fn unmake_endless(state: *mut c_void, _: u32) {
    pile(state).side ^= 1;
}

fn engine(table_slots: usize) -> *mut alphabeta_engine {
    let mut engine = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(null(), table_slots, &mut engine) }, ALPHABETA_OK);
    engine
}

#[test]
fn every_pile_is_solved_as_brute_force_solves_it() {
    for slots in [0, 1 << 10] {
        let engine = engine(slots);
        for stones in 0..=24 {
            let mut state = Pile { stones, side: 0 };
            let g = game(&mut state);
            let mut s = alphabeta_solution::default();
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_solve(engine, &g, null(), &mut s) };
            assert_eq!(status, ALPHABETA_OK, "{stones}");
            assert_eq!((state.stones, state.side), (stones, 0), "the game was not restored");
            let value = brute_force(stones, 0);
            assert!(s.exact, "{stones}");
            assert_eq!((s.value, s.lower, s.upper), (value, value, value), "{stones}");
            assert_eq!(s.value_double, f64::from(value));
            assert_eq!(s.has_best_move, stones > 0, "{stones}");
            if stones > 0 {
                assert_eq!(-brute_force(stones - s.best_move, 1), value, "{stones}: the move");
            }
            // A range that holds the value gives it; one that does not says so.
            let mut r = alphabeta_solution::default();
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_solve_between(engine, &g, -WIN, WIN, null(), &mut r) };
            assert_eq!(status, ALPHABETA_OK);
            assert!(r.exact && r.value == value, "{stones}");
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_solve_between(engine, &g, -5, 5, null(), &mut r) };
            assert_eq!(status, ALPHABETA_OK);
            assert!(!r.exact, "{stones}: {} is outside -5..=5", value);
            assert!(r.lower <= value && value <= r.upper && (r.lower > 5 || r.upper < -5));
        }
        // SAFETY: created above, freed once.
        unsafe { alphabeta_engine_free(engine) };
    }
}

#[test]
fn a_node_cap_ends_a_solve_with_the_range_proven() {
    // 40 stones without a table: far more than 10,000 nodes. The cap ends the solve at the
    // next poll (every 1,024 nodes) with what the tests proved so far.
    let engine = engine(0);
    let mut state = Pile { stones: 40, side: 0 };
    let g = game(&mut state);
    let mut limits = alphabeta_limits_depth(1);
    limits.max_nodes = 10_000;
    let mut s = alphabeta_solution::default();
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_solve(engine, &g, &limits, &mut s) };
    assert_eq!(status, ALPHABETA_OK);
    assert!(!s.exact);
    assert!(s.nodes >= 10_000 && s.nodes < 10_000 + 1_024, "{}", s.nodes);
    // 40 is a multiple of 4: lost, in 40 plies at the latest.
    assert!(s.lower <= -(WIN - 40) && -(WIN - 40) <= s.upper, "{s:?}");
    assert_eq!((state.stones, state.side), (40, 0), "the game was not restored");
    // The game never ends: a line beyond the ply capacity is an error, not a hang.
    let mut endless = game(&mut state);
    endless.make_move = Some(make_endless);
    endless.unmake_move = Some(unmake_endless);
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_solve(engine, &endless, null(), &mut s) };
    assert_eq!(status, ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    // SAFETY: created above, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn bad_arguments_are_refused() {
    let engine = engine(0);
    let mut state = Pile { stones: 5, side: 0 };
    let g = game(&mut state);
    let mut s = alphabeta_solution::default();
    // SAFETY: valid pointers where they are not NULL on purpose.
    unsafe {
        assert_eq!(alphabeta_solve(engine, null(), null(), &mut s), ALPHABETA_ERROR_NULL_POINTER);
        assert_eq!(alphabeta_solve(engine, &g, null(), null_mut()), ALPHABETA_ERROR_NULL_POINTER);
        assert_eq!(
            alphabeta_solve_between(engine, &g, 3, 2, null(), &mut s),
            ALPHABETA_ERROR_INVALID_WINDOW
        );
        assert_eq!(
            alphabeta_solve_between(engine, &g, i32::MIN, 2, null(), &mut s),
            ALPHABETA_ERROR_INVALID_WINDOW
        );
        assert_eq!(
            alphabeta_solve_between_double(engine, &g, -1.0, 1.0, null(), &mut s),
            ALPHABETA_ERROR_WRONG_SCORE_TYPE
        );
        let mut no_key = g;
        no_key.zobrist_key = None;
        assert_eq!(alphabeta_solve(engine, &no_key, null(), &mut s), ALPHABETA_ERROR_NULL_CALLBACK);
        alphabeta_engine_free(engine);
    }
}

#[test]
fn a_window_of_the_exact_solver_bounds_the_value_as_brute_force_does() {
    // Every pile, windows below, around and above its value: the fail-soft answer bounds the
    // value on the side the window says, and equals it inside the window.
    let engine = engine(1 << 10);
    for stones in 0..=16 {
        let value = brute_force(stones, 0);
        for (alpha, beta) in [(value - 1, value), (value, value + 1), (-WIN, WIN), (0, 1)] {
            let mut state = Pile { stones, side: 0 };
            let g = game(&mut state);
            let mut r = alphabeta_window_result::default();
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_solve_window(engine, &g, alpha, beta, &mut r) };
            assert_eq!(status, ALPHABETA_OK, "{stones} ({alpha}, {beta})");
            assert_eq!((state.stones, state.side), (stones, 0), "the game was not restored");
            assert_eq!(r.root_searches, 1);
            if r.score <= alpha {
                assert!(value <= r.score, "{stones} ({alpha}, {beta}): {} fails low", r.score);
            } else if r.score >= beta {
                assert!(value >= r.score, "{stones} ({alpha}, {beta}): {} fails high", r.score);
            } else {
                assert_eq!(r.score, value, "{stones} ({alpha}, {beta})");
            }
            assert_eq!(
                alpha < value && value < beta,
                r.score == value && alpha < r.score && r.score < beta
            );
        }
    }
    let mut state = Pile { stones: 5, side: 0 };
    let g = game(&mut state);
    let mut r = alphabeta_window_result::default();
    // SAFETY: valid pointers where they are not NULL on purpose.
    unsafe {
        assert_eq!(
            alphabeta_solve_window(engine, &g, 2, 2, &mut r),
            ALPHABETA_ERROR_INVALID_WINDOW
        );
        assert_eq!(
            alphabeta_solve_window(engine, &g, i32::MIN, 2, &mut r),
            ALPHABETA_ERROR_INVALID_WINDOW
        );
        assert_eq!(
            alphabeta_solve_window_double(engine, &g, -1.0, 1.0, &mut r),
            ALPHABETA_ERROR_WRONG_SCORE_TYPE
        );
        assert_eq!(
            alphabeta_solve_window(engine, &g, 0, 1, null_mut()),
            ALPHABETA_ERROR_NULL_POINTER
        );
        alphabeta_engine_free(engine);
    }
}
