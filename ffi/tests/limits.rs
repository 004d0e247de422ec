//! Time limits through the C ABI mean what they mean in Rust (`Limits::with_time_limit`):
//! `time_limit_micros == 0` is no time at all (the search completes `min_depth` and stops),
//! and `ALPHABETA_NO_TIME_LIMIT` (what `alphabeta_limits_depth` sets) is no limit.

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

/// An endless game: a ply counter, two moves everywhere, never over, every position a draw.
unsafe extern "C" fn generate(_: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    for i in 0..2.min(capacity) {
        // SAFETY: `moves` has room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 };
    }
    2
}
unsafe extern "C" fn make(state: *mut c_void, mv: u32) {
    // SAFETY: `state` is the test's `u64` path hash.
    unsafe { *state.cast::<u64>() = *state.cast::<u64>() * 3 + u64::from(mv) + 1 }
}
unsafe extern "C" fn unmake(state: *mut c_void, mv: u32) {
    // SAFETY: as above.
    unsafe { *state.cast::<u64>() = (*state.cast::<u64>() - u64::from(mv) - 1) / 3 }
}
unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    // SAFETY: as above.
    unsafe { *state.cast::<u64>() }
}
unsafe extern "C" fn side(_: *mut c_void) -> i32 {
    0 // the same side always: no negation needed for a game of draws
}
unsafe extern "C" fn never_over(_: *mut c_void) -> bool {
    false
}
unsafe extern "C" fn evaluate(_: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    0
}
/// A host clock that advances 1 ms at every reading.
unsafe extern "C" fn ticking(user_data: *mut c_void) -> u64 {
    // SAFETY: the test's `u64`.
    let now = unsafe { &mut *user_data.cast::<u64>() };
    *now += 1000;
    *now
}

fn game(state: &mut u64) -> alphabeta_game {
    alphabeta_game {
        user_data: (state as *mut u64).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side),
        is_terminal: Some(never_over),
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

/// Searches depths up to 8 with `min_depth` 3 and the given time limit, on the host's ticking
/// clock or the library's own.
fn search(time_limit_micros: u64, host_clock: bool) -> (alphabeta_status, alphabeta_result) {
    let mut engine = null_mut();
    let mut state = 0u64;
    let mut now = 0u64;
    let g = game(&mut state);
    let mut limits = alphabeta_limits_depth(8);
    limits.min_depth = 3;
    limits.time_limit_micros = time_limit_micros;
    if host_clock {
        limits.clock = Some(ticking);
        limits.clock_user_data = (&raw mut now).cast();
    }
    let mut result = alphabeta_result::default();
    // SAFETY: valid pointers; the engine is freed once.
    let status = unsafe {
        assert_eq!(alphabeta_engine_new(null(), 0, &mut engine), ALPHABETA_OK);
        let status = alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0);
        alphabeta_engine_free(engine);
        status
    };
    assert_eq!(state, 0, "the game was not restored");
    (status, result)
}

#[test]
fn the_default_limits_have_no_time_limit() {
    assert_eq!(ALPHABETA_NO_TIME_LIMIT, u64::MAX);
    let limits = alphabeta_limits_depth(5);
    assert_eq!(limits.time_limit_micros, ALPHABETA_NO_TIME_LIMIT);
    for host_clock in [false, true] {
        let (status, result) = search(ALPHABETA_NO_TIME_LIMIT, host_clock);
        assert_eq!(status, ALPHABETA_OK);
        assert_eq!((result.depth, result.completed), (8, true), "host clock {host_clock}");
    }
}

#[test]
fn a_time_limit_of_zero_completes_min_depth_and_stops() {
    for host_clock in [false, true] {
        let (status, result) = search(0, host_clock);
        assert_eq!(status, ALPHABETA_OK);
        assert_eq!((result.depth, result.completed), (3, false), "host clock {host_clock}");
        assert!(result.has_best_move && result.has_elapsed);
    }
}

#[test]
fn the_rust_limits_mean_the_same() {
    // The Rust meaning the C one follows: `with_time_limit(clock, 0)` completes min_depth.
    use alphabeta::{Limits, StdClock};
    let clock = StdClock::new();
    let limits = Limits::depth(8).with_min_depth(3).with_time_limit(&clock, 0);
    assert_eq!(limits.time_limit_micros, Some(0));
    let mut engine: alphabeta::Engine<
        alphabeta::games::tictactoe::Board,
        alphabeta::games::tictactoe::TicTacToeEval,
        9,
        9,
    > = alphabeta::Engine::new(
        alphabeta::games::tictactoe::TicTacToeEval,
        alphabeta::Config::new(),
    );
    let mut board = alphabeta::games::tictactoe::Board::parse(".........").unwrap();
    let result = engine.search(&mut board, &limits).unwrap();
    assert_eq!((result.depth, result.completed), (3, false));
}

#[test]
fn the_compile_time_storage_holds_an_engine() {
    // The header's storage size for this build's capacities (these tests build the default
    // library: 256 moves, 64 plies) holds its engine, with the alignment it needs.
    assert_eq!((alphabeta_max_moves(), alphabeta_max_ply()), (256, 64));
    let bytes = engine_storage_size(alphabeta_max_ply());
    assert_eq!(bytes, 21_264);
    assert!(alphabeta_engine_size() <= bytes);
    assert!(alphabeta_engine_align() <= ALPHABETA_ENGINE_ALIGN);
    let mut storage = vec![0u64; bytes / 8];
    let mut engine = null_mut();
    // One byte short of the engine's size is refused, and nothing is written.
    // SAFETY: the storage is valid for its size.
    let status = unsafe {
        alphabeta_engine_init(
            storage.as_mut_ptr().cast(),
            alphabeta_engine_size() - 1,
            null(),
            null_mut(),
            0,
            &mut engine,
        )
    };
    assert_eq!(status, ALPHABETA_ERROR_ENGINE_MEMORY);
    assert!(engine.is_null());
    // SAFETY: the storage is valid for its size and outlives the engine.
    let status = unsafe {
        alphabeta_engine_init(
            storage.as_mut_ptr().cast(),
            bytes,
            null(),
            null_mut(),
            0,
            &mut engine,
        )
    };
    assert_eq!(status, ALPHABETA_OK);
    assert!(!engine.is_null());
    // The win-score helpers agree with the header's constants.
    assert_eq!(alphabeta_win_in(3), ALPHABETA_WIN - 3);
    assert_eq!(alphabeta_loss_in(3), -(ALPHABETA_WIN - 3));
    assert_eq!(alphabeta_win_in(u32::MAX), ALPHABETA_WIN - ALPHABETA_MAX_MATE_PLY as i32);
}
