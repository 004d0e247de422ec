//! The subtraction game of the C ABI's tests (`solve.rs`, `pv.rs`, `pv_null.rs`): a game of
//! callbacks with a brute force, and the plain alpha-beta configuration.

#![allow(dead_code)]

use core::ffi::c_void;

use alphabeta_ffi::{alphabeta_config, alphabeta_config_default, alphabeta_game};

pub const WIN: i32 = 1_000_000;

/// Subtraction: take 1 to 3 stones, whoever takes the last one wins.
#[repr(C)]
pub struct Pile {
    pub stones: u32,
    pub side: i32,
}

pub fn pile(state: *mut c_void) -> &'static mut Pile {
    // SAFETY: every callback gets the test's `Pile`.
    unsafe { &mut *state.cast::<Pile>() }
}
pub unsafe extern "C" fn generate(state: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let count = pile(state).stones.min(3) as i32;
    for i in 0..count.min(capacity) {
        // SAFETY: room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 + 1 };
    }
    count
}
pub unsafe extern "C" fn make(state: *mut c_void, take: u32) {
    let p = pile(state);
    p.stones -= take;
    p.side ^= 1;
}
pub unsafe extern "C" fn unmake(state: *mut c_void, take: u32) {
    let p = pile(state);
    p.stones += take;
    p.side ^= 1;
}
pub unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    let p = pile(state);
    u64::from(p.stones) << 1 | p.side as u64
}
pub unsafe extern "C" fn side(state: *mut c_void) -> i32 {
    pile(state).side
}
pub unsafe extern "C" fn over(state: *mut c_void) -> bool {
    pile(state).stones == 0
}
/// The side to move at an empty pile has lost (the other took the last stone).
pub unsafe extern "C" fn evaluate(state: *mut c_void, player: i32, ply: u32, _: u32) -> i32 {
    let p = pile(state);
    if p.stones > 0 {
        return 0;
    }
    let lost = -(WIN - ply as i32);
    if player == p.side {
        lost
    } else {
        -lost
    }
}
pub fn game(state: &mut Pile) -> alphabeta_game {
    alphabeta_game {
        user_data: (state as *mut Pile).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate),
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
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: None,
    }
}

/// Brute-force negamax with distances: the value of a pile of `stones` at `ply`.
pub fn brute_force(stones: u32, ply: i32) -> i32 {
    if stones == 0 {
        return -(WIN - ply);
    }
    (1..=stones.min(3)).map(|take| -brute_force(stones - take, ply + 1)).max().unwrap()
}

/// Plain alpha-beta (`Config::plain_alpha_beta()`): no ordering, PVS, reductions or mate
/// distance pruning.
pub fn plain() -> alphabeta_config {
    alphabeta_config {
        ordering: false,
        pvs: false,
        lmr: false,
        mate_distance_pruning: false,
        quiescence: false,
        ..alphabeta_config_default()
    }
}
