//! `alphabeta_last_error_detail`: every failure with a culprit names it (the argument, the
//! configuration field with its value, the callback), a failure without one gives its status
//! message, a success leaves the detail alone, and each thread has its own.

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::null_mut;
use std::ffi::CStr;

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

fn detail() -> String {
    // SAFETY: never NULL, NUL-terminated, valid until the next failing call on this thread.
    unsafe { CStr::from_ptr(alphabeta_last_error_detail()) }.to_str().unwrap().to_owned()
}

/// A game: two moves everywhere, over at ply 3 (`ply` is the state); `count` is what the move
/// generator returns (a negative one is a bug of the host).
#[repr(C)]
struct State {
    ply: i32,
    count: i32,
}

fn st<'a>(state: *mut c_void) -> &'a mut State {
    // SAFETY: every user_data here is the test's `State`.
    unsafe { &mut *state.cast::<State>() }
}
unsafe extern "C" fn generate(state: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    for i in 0..2.min(capacity) {
        // SAFETY: `moves` has room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 };
    }
    st(state).count
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
unsafe extern "C" fn evaluate(_: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    0
}

fn game(state: &mut State) -> alphabeta_game {
    alphabeta_game {
        user_data: (state as *mut State).cast(),
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

fn new_engine(config: &alphabeta_config) -> (alphabeta_status, *mut alphabeta_engine) {
    let mut engine = null_mut();
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_engine_new(config, 64, &mut engine) };
    (status, engine)
}

/// A change to the default configuration.
type Change = fn(&mut alphabeta_config);

#[test]
fn a_field_out_of_range_is_named_with_its_value() {
    let cases: [(Change, &str); 8] = [
        (|c| c.root_search = 7, "config.root_search must be ALPHABETA_ROOT_SEARCH_FULL_WINDOW (0), _ASPIRATION (1) or _MTDF (2) (it is 7)"),
        (|c| c.algorithm = 5, "config.algorithm must be ALPHABETA_ALGORITHM_ALPHA_BETA (0) or _MINIMAX (1) (it is 5)"),
        (|c| c.tt_cutoffs = 3, "config.tt_cutoffs must be ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN (0), _EQUAL_DRAFT (1) or _NEVER (2) (it is 3)"),
        (|c| c.threads = 5000, "config.threads must be at most 1024 (0: every core) (it is 5000)"),
        (|c| c.null_move_reduction = 9, "config.null_move_reduction must be ALPHABETA_NULL_MOVE_ADAPTIVE (0) or 1 to ALPHABETA_NULL_MOVE_MAX_REDUCTION (8) (it is 9)"),
        (|c| c.aspiration_half_width = -2.5, "config.aspiration_half_width must be positive and finite (it is -2.5)"),
        (|c| c.strength_margin = f64::NAN, "config.strength_margin must be finite and not negative (it is NaN)"),
        (|c| c.max_quiescence_depth = 65, "config.max_quiescence_depth must be at most alphabeta_max_ply() (it is 65)"),
    ];
    for (change, expected) in cases {
        let mut config = alphabeta_config_default();
        change(&mut config);
        let (status, engine) = new_engine(&config);
        assert_eq!(status, ALPHABETA_ERROR_BAD_CONFIG, "{expected}");
        assert!(engine.is_null());
        assert_eq!(detail(), expected);
    }
}

/// The selective refinements' values are checked whether or not each is on: every bad one is
/// `BAD_CONFIG`, the field and the value in the detail, for `alphabeta_engine_new` and
/// `alphabeta_engine_init`.
#[test]
fn a_bad_selective_setting_is_named_whether_or_not_it_is_on() {
    let base = "config.lmr_log_base must be finite";
    let divisor = "config.lmr_log_divisor must be positive and finite";
    let reverse = "config.reverse_futility_margin must be finite and not negative";
    let futility = "config.futility_margin must be finite and not negative";
    let cases: [(Change, &str, &str); 13] = [
        (|c| c.lmr_log_base = f32::NAN, base, "NaN"),
        (|c| c.lmr_log_base = f32::INFINITY, base, "inf"),
        (|c| c.lmr_log_base = f32::NEG_INFINITY, base, "-inf"),
        (|c| c.lmr_log_divisor = 0.0, divisor, "0"),
        (|c| c.lmr_log_divisor = -2.25, divisor, "-2.25"),
        (|c| c.lmr_log_divisor = f32::NAN, divisor, "NaN"),
        (|c| c.lmr_log_divisor = f32::INFINITY, divisor, "inf"),
        (|c| c.reverse_futility_margin = -1.0, reverse, "-1"),
        (|c| c.reverse_futility_margin = f64::NAN, reverse, "NaN"),
        (|c| c.reverse_futility_margin = f64::INFINITY, reverse, "inf"),
        (|c| c.futility_margin = -0.5, futility, "-0.5"),
        (|c| c.futility_margin = f64::NAN, futility, "NaN"),
        (|c| c.futility_margin = f64::NEG_INFINITY, futility, "-inf"),
    ];
    let size = alphabeta_engine_size();
    let mut memory = vec![0u128; size.div_ceil(16) + 1];
    for on in [false, true] {
        for (change, rule, value) in cases {
            let mut config = alphabeta_config_default();
            if on {
                config.lmr_log = true;
                config.reverse_futility_max_depth = 6;
                config.futility_max_depth = 3;
                config.late_move_pruning = 2;
            }
            change(&mut config);
            let expected = format!("{rule} (it is {value})");
            let (status, engine) = new_engine(&config);
            assert_eq!(status, ALPHABETA_ERROR_BAD_CONFIG, "{expected}, on {on}");
            assert!(engine.is_null());
            assert_eq!(detail(), expected, "on {on}");

            let mut out = null_mut();
            // SAFETY: `memory` holds `size` bytes aligned to 16 (at least the engine's).
            let status = unsafe {
                alphabeta_engine_init(
                    memory.as_mut_ptr().cast(),
                    size,
                    &config,
                    null_mut(),
                    0,
                    &mut out,
                )
            };
            assert_eq!(status, ALPHABETA_ERROR_BAD_CONFIG, "{expected}, on {on}");
            assert!(out.is_null());
            assert_eq!(detail(), expected, "on {on}");
        }
    }
    // Every one of them on with good values is accepted.
    let config = alphabeta_config {
        lmr_log: true,
        reverse_futility_max_depth: 6,
        reverse_futility_margin: 100.0,
        futility_max_depth: 3,
        futility_margin: 0.0,
        late_move_pruning: 2,
        ..alphabeta_config_default()
    };
    let (status, engine) = new_engine(&config);
    assert_eq!(status, ALPHABETA_OK);
    // SAFETY: made above, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn threads_on_a_caller_memory_engine_say_to_use_engine_new() {
    let mut config = alphabeta_config_default();
    config.threads = 2;
    let size = alphabeta_engine_size();
    let mut memory = vec![0u128; size.div_ceil(16) + 1];
    let mut out = null_mut();
    // SAFETY: `memory` holds `size` bytes aligned to 16 (at least the engine's alignment).
    let status = unsafe {
        alphabeta_engine_init(memory.as_mut_ptr().cast(), size, &config, null_mut(), 0, &mut out)
    };
    assert!(alphabeta_engine_align() <= 16);
    assert_eq!(status, ALPHABETA_ERROR_UNSUPPORTED);
    assert_eq!(
        detail(),
        "config.threads must be 1 for alphabeta_engine_init: several threads need \
         alphabeta_engine_new (std builds) (it is 2)"
    );
    // Too small a memory: the size it had.
    // SAFETY: as above (a smaller size).
    let status = unsafe {
        alphabeta_engine_init(memory.as_mut_ptr().cast(), 8, null_mut(), null_mut(), 0, &mut out)
    };
    assert_eq!(status, ALPHABETA_ERROR_ENGINE_MEMORY);
    assert_eq!(detail(), "memory_size must be at least alphabeta_engine_size() (it is 8)");
}

#[test]
fn the_missing_callback_is_named() {
    let mut config = alphabeta_config_default();
    config.threads = 2;
    let (status, engine) = new_engine(&config);
    assert_eq!(status, ALPHABETA_OK);
    let mut state = State { ply: 0, count: 2 };
    let g = game(&mut state);
    let limits = alphabeta_limits_depth(3);
    let mut result = alphabeta_result::default();
    // SAFETY: valid pointers; the engine is live.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_NULL_CALLBACK);
    assert_eq!(
        detail(),
        "game->clone_state is NULL, and the engine searches on several threads (config.threads \
         is not 1)"
    );
    // SAFETY: made above, freed once.
    unsafe { alphabeta_engine_free(engine) };

    let (status, engine) = new_engine(&alphabeta_config_default());
    assert_eq!(status, ALPHABETA_OK);
    let g = alphabeta_game { is_terminal: None, ..game(&mut state) };
    // SAFETY: as above.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_NULL_CALLBACK);
    assert_eq!(detail(), "game->is_terminal is NULL");

    // A callback's bad answer, with the value it gave.
    state.count = -3;
    let g = game(&mut state);
    // SAFETY: as above.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
    assert_eq!(detail(), "game->generate_moves returned a negative count (it is -3)");
    assert_eq!(state.ply, 0);

    // A search error names its limit and value (the Rust error's text).
    state.count = 2;
    let g = game(&mut state);
    let deep = alphabeta_limits_depth(1000);
    // SAFETY: as above.
    let status = unsafe { alphabeta_search(engine, &g, &deep, &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    assert_eq!(detail(), "max_depth 1000 exceeds the engine's ply capacity of 64");

    // A success leaves the detail as it was.
    // SAFETY: as above.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_OK);
    assert_eq!(detail(), "max_depth 1000 exceeds the engine's ply capacity of 64");

    // A NULL argument is named; a failure without a culprit gives its status message.
    // SAFETY: as above (a NULL limits, refused).
    let status =
        unsafe { alphabeta_search(engine, &g, core::ptr::null(), &mut result, null_mut(), 0) };
    assert_eq!(status, ALPHABETA_ERROR_NULL_POINTER);
    assert_eq!(detail(), "limits is NULL");
    let mut window = alphabeta_window_result::default();
    // SAFETY: as above (an int32 engine asked for a double window: refused).
    let status = unsafe { alphabeta_search_window_double(engine, &g, 2, -1.0, 1.0, &mut window) };
    assert_eq!(status, ALPHABETA_ERROR_WRONG_SCORE_TYPE);
    // SAFETY: a static string.
    let message = unsafe { CStr::from_ptr(alphabeta_status_message(status as i32)) };
    assert_eq!(detail(), message.to_str().unwrap());
    // SAFETY: made above, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

#[test]
fn each_thread_has_its_own_detail() {
    let mut config = alphabeta_config_default();
    config.root_search = 9;
    let (status, _) = new_engine(&config);
    assert_eq!(status, ALPHABETA_ERROR_BAD_CONFIG);
    let other = std::thread::spawn(|| {
        let before = detail();
        let mut config = alphabeta_config_default();
        config.parallel_scheme = 4;
        let (status, _) = new_engine(&config);
        assert_eq!(status, ALPHABETA_ERROR_BAD_CONFIG);
        (before, detail())
    })
    .join()
    .unwrap();
    assert_eq!(other.0, "", "a new thread starts without a detail");
    assert!(other.1.starts_with("config.parallel_scheme must be"), "{}", other.1);
    assert!(other.1.ends_with("(it is 4)"), "{}", other.1);
    assert!(detail().starts_with("config.root_search must be"), "{}", detail());
    assert!(detail().ends_with("(it is 9)"), "{}", detail());
}

/// Coins in a row, taken from either end (move 0: left, 1: right); the value is the side to
/// move's final margin. The key leaves out the margin so far: the classic mistake.
#[repr(C)]
struct Coins {
    left: usize,
    right: usize,
    margin: i32,
}
const ROW: [i32; 10] = [3, 9, 1, 2, 7, 5, 8, 4, 6, 2];
fn coins<'a>(state: *mut c_void) -> &'a mut Coins {
    // SAFETY: every user_data of these callbacks is a `Coins`.
    unsafe { &mut *state.cast::<Coins>() }
}
unsafe extern "C" fn coin_moves(state: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let c = coins(state);
    let count = (c.right - c.left).min(2) as i32;
    for i in 0..count.min(capacity) {
        // SAFETY: room for `capacity` moves.
        unsafe { *moves.add(i as usize) = i as u32 };
    }
    count
}
unsafe extern "C" fn coin_make(state: *mut c_void, mv: u32) {
    let c = coins(state);
    let coin = if mv == 0 {
        c.left += 1;
        ROW[c.left - 1]
    } else {
        c.right -= 1;
        ROW[c.right]
    };
    c.margin = -(c.margin + coin);
}
unsafe extern "C" fn coin_unmake(state: *mut c_void, mv: u32) {
    let c = coins(state);
    let coin = if mv == 0 {
        c.left -= 1;
        ROW[c.left]
    } else {
        c.right += 1;
        ROW[c.right - 1]
    };
    c.margin = -c.margin - coin;
}
unsafe extern "C" fn coin_key(state: *mut c_void) -> u64 {
    let c = coins(state);
    // The side to move follows from the coins taken; the margin so far is left out.
    (c.left as u64) << 8 | c.right as u64
}
unsafe extern "C" fn coin_side(state: *mut c_void) -> i32 {
    let c = coins(state);
    ((c.left + ROW.len() - c.right) % 2) as i32
}
unsafe extern "C" fn coin_over(state: *mut c_void) -> bool {
    let c = coins(state);
    c.left == c.right
}
unsafe extern "C" fn coin_margin(state: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    coins(state).margin
}

#[test]
fn checking_mode_reports_a_key_without_the_score_so_far_with_the_key() {
    let mut state = Coins { left: 0, right: ROW.len(), margin: 0 };
    let g = alphabeta_game {
        user_data: (&mut state as *mut Coins).cast(),
        generate_moves: Some(coin_moves),
        make_move: Some(coin_make),
        unmake_move: Some(coin_unmake),
        evaluate: Some(coin_margin),
        zobrist_key: Some(coin_key),
        side_to_move: Some(coin_side),
        is_terminal: Some(coin_over),
        ..game(&mut State { ply: 0, count: 0 })
    };
    let limits = alphabeta_limits_depth(10);
    for check_table in [false, true] {
        let mut config = alphabeta_config_default();
        config.lmr = false;
        config.quiescence = false;
        config.check_table = check_table;
        let (status, engine) = new_engine(&config);
        assert_eq!(status, ALPHABETA_OK);
        let mut result = alphabeta_result::default();
        // SAFETY: valid pointers; the engine is live.
        let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null_mut(), 0) };
        if check_table {
            assert_eq!(status, ALPHABETA_ERROR_INCONSISTENT_KEY);
            let text = detail();
            assert!(text.starts_with("the table entry for zobrist key 0x"), "{text}");
            assert!(text.contains("the score so far"), "{text}");
        } else {
            // The trap: a wrong value (the truth is 3 by brute force), marked exact.
            assert_eq!(status, ALPHABETA_OK);
            assert!(result.exact);
            assert_ne!(result.score, 3);
        }
        // SAFETY: made above, freed once.
        unsafe { alphabeta_engine_free(engine) };
    }
}
