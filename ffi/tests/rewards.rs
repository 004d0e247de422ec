//! The `reward` callback: a game of callbacks with rewards and extra turns, solved and searched
//! through the C ABI against a brute force, the key leaving out the score so far and the side
//! to move; and the calls that refuse a game with rewards.

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

/// A pile: take 1 to 3 stones. Taking `t` earns `2t - 3` points when the stones left are a
/// multiple of 3 (else nothing), and taking 2 keeps the turn. The value of the rest depends
/// on the stones alone.
struct Pile {
    stones: u32,
    side: i32,
    sides: Vec<i32>,
    /// A win score at the end instead of 0 (a mistake with rewards).
    mate_at_end: bool,
}

fn pile<'a>(state: *mut c_void) -> &'a mut Pile {
    // SAFETY: every callback gets the test's `Pile`.
    unsafe { &mut *state.cast::<Pile>() }
}

fn reward_of(stones: u32, take: u32) -> i32 {
    if (stones - take).is_multiple_of(3) {
        2 * take as i32 - 3
    } else {
        0
    }
}

unsafe extern "C" fn generate(state: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let count = pile(state).stones.min(3) as i32;
    for i in 0..count.min(capacity) {
        // SAFETY: room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 + 1 };
    }
    count
}
unsafe extern "C" fn make(state: *mut c_void, take: u32) {
    let p = pile(state);
    p.sides.push(p.side);
    p.stones -= take;
    if take != 2 {
        p.side ^= 1;
    }
}
unsafe extern "C" fn unmake(state: *mut c_void, take: u32) {
    let p = pile(state);
    p.stones += take;
    p.side = p.sides.pop().unwrap();
}
unsafe extern "C" fn reward(state: *mut c_void, take: u32) -> i32 {
    reward_of(pile(state).stones, take)
}
unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    u64::from(pile(state).stones)
}
unsafe extern "C" fn side(state: *mut c_void) -> i32 {
    pile(state).side
}
unsafe extern "C" fn over(state: *mut c_void) -> bool {
    pile(state).stones == 0
}
unsafe extern "C" fn evaluate(state: *mut c_void, _: i32, ply: u32, _: u32) -> i32 {
    if pile(state).mate_at_end {
        1_000_000 - ply as i32
    } else {
        0
    }
}
unsafe extern "C" fn clone_state(state: *mut c_void) -> *mut c_void {
    let p = pile(state);
    let copy = Pile { stones: p.stones, side: p.side, sides: p.sides.clone(), mate_at_end: false };
    Box::into_raw(Box::new(copy)).cast()
}
unsafe extern "C" fn free_state(state: *mut c_void) {
    // SAFETY: made by `clone_state`.
    drop(unsafe { Box::from_raw(state.cast::<Pile>()) });
}

fn game(state: &mut Pile) -> alphabeta_game {
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
        clone_state: Some(clone_state),
        free_state: Some(free_state),
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: Some(reward),
        is_losing_tactical: None,
    }
}

/// The value of the rest of a pile of `stones` for the side to move.
fn brute_force(stones: u32) -> i32 {
    (1..=stones.min(3))
        .map(|take| {
            let rest = brute_force(stones - take);
            reward_of(stones, take) + if take == 2 { rest } else { -rest }
        })
        .max()
        .unwrap_or(0)
}

fn new_engine(config: &alphabeta_config, slots: usize) -> *mut alphabeta_engine {
    let mut engine = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(config, slots, &mut engine) }, ALPHABETA_OK);
    engine
}

fn new_pile(stones: u32) -> Pile {
    Pile { stones, side: 0, sides: Vec::new(), mate_at_end: false }
}

#[test]
fn solve_and_search_equal_the_brute_force_with_rewards() {
    let values: Vec<i32> = (0..=20).map(brute_force).collect();
    // The rewards matter: without them every value would be 0 (a pile of 1 takes -1).
    assert_eq!(&values[..10], &[0, -1, 1, 3, 1, 4, 1, 4, 2, 4]);
    let value_preserving = alphabeta_config {
        lmr: false,
        quiescence: false,
        null_move: false,
        ..alphabeta_config_default()
    };
    for slots in [0, 1 << 10] {
        let engine = new_engine(&value_preserving, slots);
        for stones in 0..=20 {
            let value = values[stones as usize];
            let mut state = new_pile(stones);
            let g = game(&mut state);
            let mut s = alphabeta_solution::default();
            // SAFETY: valid pointers.
            assert_eq!(unsafe { alphabeta_solve(engine, &g, null(), &mut s) }, ALPHABETA_OK);
            assert!(s.exact && s.value == value, "{stones}: {} for {value}", s.value);
            if stones > 0 {
                let take = s.best_move;
                let rest = values[(stones - take) as usize];
                let through = reward_of(stones, take) + if take == 2 { rest } else { -rest };
                assert_eq!(through, value, "{stones}: the move {take}");
            }
            let limits = alphabeta_limits_depth(stones.max(1));
            let mut r = alphabeta_result::default();
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_search(engine, &g, &limits, &mut r, null_mut(), 0) };
            assert_eq!(status, ALPHABETA_OK);
            assert_eq!(r.score, value, "{stones}: search");
            assert_eq!((state.stones, state.side, state.sides.len()), (stones, 0, 0));
        }
        // SAFETY: from `alphabeta_engine_new`.
        unsafe { alphabeta_engine_free(engine) };
    }
}

#[test]
fn a_win_score_with_rewards_is_out_of_range() {
    let engine = new_engine(&alphabeta_config_default(), 1 << 10);
    let mut state = Pile { mate_at_end: true, ..new_pile(5) };
    let g = game(&mut state);
    let mut s = alphabeta_solution::default();
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_solve(engine, &g, null(), &mut s) };
    assert_eq!(status, ALPHABETA_ERROR_SCORE_OUT_OF_RANGE);
    // Without the reward callback the same evaluator is valid.
    let plain = alphabeta_game { reward: None, ..g };
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_solve(engine, &plain, null(), &mut s) }, ALPHABETA_OK);
    // SAFETY: from `alphabeta_engine_new`.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn several_threads_and_monte_carlo_refuse_rewards() {
    let config = alphabeta_config { threads: 2, ..alphabeta_config_default() };
    let engine = new_engine(&config, 1 << 10);
    let mut state = new_pile(9);
    let g = game(&mut state);
    let limits = alphabeta_limits_depth(9);
    let mut r = alphabeta_result::default();
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut r, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_REWARDS_UNSUPPORTED);
    // The solver runs on one thread: it accepts them.
    let mut s = alphabeta_solution::default();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_solve(engine, &g, null(), &mut s) }, ALPHABETA_OK);
    assert_eq!(s.value, brute_force(9));
    // Without the callback, the parallel search runs.
    let plain = alphabeta_game { reward: None, ..g };
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_search(engine, &plain, &limits, &mut r, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_OK);
    // SAFETY: from `alphabeta_engine_new`.
    unsafe { alphabeta_engine_free(engine) };

    let mut mcts = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_mcts_new(null(), 1 << 12, &mut mcts) }, ALPHABETA_OK);
    let limits = alphabeta_mcts_limits_iterations(100);
    let mut result = alphabeta_mcts_result::default();
    // SAFETY: valid pointers.
    let status = unsafe {
        alphabeta_mcts_search(mcts, &g, &limits, &mut result, null_mut(), 0, null_mut(), 0)
    };
    assert_eq!(status, ALPHABETA_ERROR_REWARDS_UNSUPPORTED);
    // SAFETY: from `alphabeta_mcts_new`.
    unsafe { alphabeta_engine_free(mcts) };
}
