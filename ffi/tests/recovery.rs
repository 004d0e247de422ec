//! An engine recovers from a panic caught at the boundary: the call returns
//! `ALPHABETA_ERROR_PANIC`, and the next call searches again instead of answering
//! `ALPHABETA_ERROR_ALREADY_SEARCHING` for ever (the searching flag is cleared on unwinding).
//!
//! The panic is provoked through the core's overflow checks (an evaluation of `i32::MIN`,
//! negated by the search), so the test needs debug assertions, as `cargo test` has them.

#![cfg(all(feature = "std", debug_assertions))]

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

/// The game: a counter of plies, two moves everywhere, over at ply 3.
unsafe extern "C" fn generate(_: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    for i in 0..2.min(capacity) {
        // SAFETY: `moves` has room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 };
    }
    2
}
unsafe extern "C" fn make(state: *mut c_void, _: u32) {
    // SAFETY: `state` is the test's `i32`.
    unsafe { *state.cast::<i32>() += 1 }
}
unsafe extern "C" fn unmake(state: *mut c_void, _: u32) {
    // SAFETY: as above.
    unsafe { *state.cast::<i32>() -= 1 }
}
unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    // SAFETY: as above.
    unsafe { *state.cast::<i32>() as u64 }
}
unsafe extern "C" fn side(state: *mut c_void) -> i32 {
    // SAFETY: as above.
    unsafe { *state.cast::<i32>() % 2 }
}
unsafe extern "C" fn over(state: *mut c_void) -> bool {
    // SAFETY: as above.
    unsafe { *state.cast::<i32>() >= 3 }
}
/// Out of the documented range: negating it overflows.
unsafe extern "C" fn evaluate_min(_: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    i32::MIN
}
unsafe extern "C" fn evaluate_zero(_: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    0
}

#[test]
fn a_caught_panic_leaves_the_engine_usable() {
    let mut ply = 0i32;
    let mut game = alphabeta_game {
        user_data: (&raw mut ply).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate_min),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side),
        is_terminal: Some(over),
        is_tactical: None,
        generate_tactical_moves: None,
        min_plies_to_win: None,
        min_plies_to_loss: None,
        clone_state: None,
        free_state: None,
    };
    let mut engine = null_mut();
    let limits = alphabeta_limits_depth(3);
    let mut result = alphabeta_result::default();
    // SAFETY: valid pointers throughout; the engine is freed once at the end.
    unsafe {
        assert_eq!(alphabeta_engine_new(null(), 64, &mut engine), ALPHABETA_OK);
        let status = alphabeta_search(engine, &game, &limits, &mut result, null_mut(), 0);
        assert_eq!(status, ALPHABETA_ERROR_PANIC);
        // The unwinding skipped the host's unmake calls: its state is its own to reset.
        ply = 0;
        game.user_data = (&raw mut ply).cast();
        game.evaluate = Some(evaluate_zero);
        assert_eq!(alphabeta_engine_clear_table(engine), ALPHABETA_OK);
        let status = alphabeta_search(engine, &game, &limits, &mut result, null_mut(), 0);
        assert_eq!(status, ALPHABETA_OK);
        assert!(result.completed && result.exact && result.has_best_move && ply == 0);
        alphabeta_engine_free(engine);
    }
}
