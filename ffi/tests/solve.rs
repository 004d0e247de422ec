//! The exact solver through the C ABI (`alphabeta_solve`, `alphabeta_solve_between`): a game
//! of callbacks against a brute force written here, its limits and its errors.

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::{null, null_mut};

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

const WIN: i32 = 1_000_000;

/// Subtraction: take 1 to 3 stones, whoever takes the last one wins.
#[repr(C)]
struct Pile {
    stones: u32,
    side: i32,
}

fn pile(state: *mut c_void) -> &'static mut Pile {
    // SAFETY: every callback gets the test's `Pile`.
    unsafe { &mut *state.cast::<Pile>() }
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
    p.stones -= take;
    p.side ^= 1;
}
unsafe extern "C" fn unmake(state: *mut c_void, take: u32) {
    let p = pile(state);
    p.stones += take;
    p.side ^= 1;
}
unsafe extern "C" fn key(state: *mut c_void) -> u64 {
    let p = pile(state);
    u64::from(p.stones) << 1 | p.side as u64
}
unsafe extern "C" fn side(state: *mut c_void) -> i32 {
    pile(state).side
}
unsafe extern "C" fn over(state: *mut c_void) -> bool {
    pile(state).stones == 0
}
/// The side to move at an empty pile has lost (the other took the last stone).
unsafe extern "C" fn evaluate(state: *mut c_void, player: i32, ply: u32, _: u32) -> i32 {
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
/// The same game without an end: a pile that never shrinks (for the limits).
unsafe extern "C" fn make_endless(state: *mut c_void, _: u32) {
    pile(state).side ^= 1;
}
unsafe extern "C" fn unmake_endless(state: *mut c_void, _: u32) {
    pile(state).side ^= 1;
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
        clone_state: None,
        free_state: None,
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
    }
}

/// Brute-force negamax with distances: the value of a pile of `stones` at `ply`.
fn brute_force(stones: u32, ply: i32) -> i32 {
    if stones == 0 {
        return -(WIN - ply);
    }
    (1..=stones.min(3)).map(|take| -brute_force(stones - take, ply + 1)).max().unwrap()
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
