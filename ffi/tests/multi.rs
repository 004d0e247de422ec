//! The multi-player C ABI, driven from Rust: a 3-player race game (a counter, each player adds
//! 1 or 2, whoever reaches 6 wins) searched by paranoid, max^n and best-reply search, and the
//! statuses of misuse.

use std::ffi::c_void;

use alphabeta_ffi::*;

struct Race {
    total: u32,
    to_move: u32,
    /// The player to move before each move, to take it back.
    history: Vec<u32>,
}

fn race<'a>(user_data: *mut c_void) -> &'a mut Race {
    // SAFETY: the tests pass a live `Race`.
    unsafe { &mut *user_data.cast::<Race>() }
}

unsafe extern "C" fn to_move(ud: *mut c_void) -> u32 {
    race(ud).to_move
}
unsafe extern "C" fn generate(ud: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let r = race(ud);
    let mut n = 0;
    for step in 1..=2 {
        if r.total + step <= 6 && n < capacity {
            // SAFETY: `n < capacity`.
            unsafe { *moves.add(n as usize) = step };
            n += 1;
        }
    }
    n
}
unsafe extern "C" fn generate_for(ud: *mut c_void, _: u32, moves: *mut u32, capacity: i32) -> i32 {
    // SAFETY: forwarded.
    unsafe { generate(ud, moves, capacity) }
}
unsafe extern "C" fn set_to_move(ud: *mut c_void, player: u32) {
    race(ud).to_move = player;
}
unsafe extern "C" fn make(ud: *mut c_void, step: u32) {
    let r = race(ud);
    r.history.push(r.to_move);
    r.total += step;
    r.to_move = (r.to_move + 1) % 3;
}
unsafe extern "C" fn unmake(ud: *mut c_void, step: u32) {
    let r = race(ud);
    r.total -= step;
    r.to_move = r.history.pop().unwrap();
}
unsafe extern "C" fn terminal(ud: *mut c_void) -> bool {
    race(ud).total >= 6
}
unsafe extern "C" fn key(ud: *mut c_void) -> u64 {
    let r = race(ud);
    u64::from(r.total) * 3 + u64::from(r.to_move)
}
unsafe extern "C" fn evaluate(ud: *mut c_void, ply: u32, _: u32, scores: *mut i32, players: u32) {
    let r = race(ud);
    if r.total >= 6 {
        let winner = *r.history.last().unwrap();
        for p in 0..players {
            let s = if p == winner { 1_000_000 - ply as i32 } else { 0 };
            // SAFETY: `players` entries.
            unsafe { *scores.add(p as usize) = s };
        }
    }
}

fn game(r: &mut Race) -> alphabeta_multi_game {
    alphabeta_multi_game {
        user_data: (r as *mut Race).cast(),
        players: 3,
        player_to_move: Some(to_move),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        is_terminal: Some(terminal),
        zobrist_key: Some(key),
        evaluate: Some(evaluate),
        is_tactical: None,
        generate_moves_for: Some(generate_for),
        set_player_to_move: Some(set_to_move),
        has_bounds: true,
        min_score: 0,
        max_sum: 1_000_000,
    }
}

fn search(g: &alphabeta_multi_game, algorithm: u32) -> (alphabeta_status, alphabeta_multi_result) {
    let mut config = alphabeta_multi_config_default();
    config.algorithm = algorithm;
    let limits = alphabeta_limits_depth(8);
    let mut result = alphabeta_multi_result::default();
    let mut pv = [alphabeta_player_move::default(); 8];
    // SAFETY: valid pointers.
    let status = unsafe {
        alphabeta_multi_search(
            g,
            &config,
            &limits,
            std::ptr::null_mut(),
            0,
            &mut result,
            pv.as_mut_ptr(),
            8,
        )
    };
    (status, result)
}

#[test]
fn every_algorithm_finds_the_immediate_win() {
    for algorithm in [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_MAXN, ALPHABETA_MULTI_BEST_REPLY] {
        // At 4, the player to move wins by adding 2.
        let mut r = Race { total: 4, to_move: 1, history: Vec::new() };
        let g = game(&mut r);
        let (status, result) = search(&g, algorithm);
        assert_eq!(status, alphabeta_status::ALPHABETA_OK, "algorithm {algorithm}");
        assert_eq!((result.has_best_move, result.best_move), (true, 2), "algorithm {algorithm}");
        assert_eq!(result.score, 1_000_000 - 1, "algorithm {algorithm}");
        assert_eq!(result.root_player, 1);
        assert_eq!(result.has_scores, algorithm == ALPHABETA_MULTI_MAXN);
        assert_eq!((r.total, r.to_move), (4, 1), "the game was not restored");
    }
}

#[test]
fn misuse_gets_a_status() {
    let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
    let g = game(&mut r);
    let limits = alphabeta_limits_depth(4);
    let mut result = alphabeta_multi_result::default();
    // SAFETY (every call): valid or NULL pointers, which is what is being checked.
    unsafe {
        let null = alphabeta_multi_search(
            std::ptr::null(),
            std::ptr::null(),
            &limits,
            std::ptr::null_mut(),
            0,
            &mut result,
            std::ptr::null_mut(),
            0,
        );
        assert_eq!(null, alphabeta_status::ALPHABETA_ERROR_NULL_POINTER);
    }
    let no_eval = alphabeta_multi_game { evaluate: None, ..g };
    assert_eq!(
        search(&no_eval, ALPHABETA_MULTI_PARANOID).0,
        alphabeta_status::ALPHABETA_ERROR_NULL_CALLBACK
    );
    let nine = alphabeta_multi_game { players: 9, ..g };
    assert_eq!(
        search(&nine, ALPHABETA_MULTI_MAXN).0,
        alphabeta_status::ALPHABETA_ERROR_PLAYER_COUNT
    );
    let in_turn = alphabeta_multi_game { generate_moves_for: None, ..g };
    assert_eq!(
        search(&in_turn, ALPHABETA_MULTI_BEST_REPLY).0,
        alphabeta_status::ALPHABETA_ERROR_OUT_OF_TURN_UNSUPPORTED
    );
    assert_eq!(search(&g, 7).0, alphabeta_status::ALPHABETA_ERROR_BAD_CONFIG);
}

/// A multi-player search with a PV buffer of `capacity` entries, or none (NULL) for `None`.
#[cfg(feature = "std")]
fn search_pv(
    g: &alphabeta_multi_game,
    algorithm: u32,
    capacity: Option<usize>,
) -> (alphabeta_status, alphabeta_multi_result) {
    let mut config = alphabeta_multi_config_default();
    config.algorithm = algorithm;
    let limits = alphabeta_limits_depth(8);
    let mut result = alphabeta_multi_result::default();
    let mut pv = [alphabeta_player_move::default(); 8];
    let (buffer, capacity) = match capacity {
        Some(capacity) => (pv.as_mut_ptr(), capacity),
        None => (std::ptr::null_mut(), 0),
    };
    // SAFETY: valid pointers; `buffer` holds `capacity <= 8` entries.
    let status = unsafe {
        alphabeta_multi_search(
            g,
            &config,
            &limits,
            std::ptr::null_mut(),
            0,
            &mut result,
            buffer,
            capacity,
        )
    };
    (status, result)
}

// The race for two players as a two-player `alphabeta_game`, for `alphabeta_search`.
unsafe extern "C" fn side2(ud: *mut c_void) -> i32 {
    race(ud).to_move as i32
}
unsafe extern "C" fn make2(ud: *mut c_void, step: u32) {
    let r = race(ud);
    r.history.push(r.to_move);
    r.total += step;
    r.to_move = 1 - r.to_move;
}
unsafe extern "C" fn evaluate2(ud: *mut c_void, player: i32, ply: u32, _: u32) -> i32 {
    let r = race(ud);
    match r.history.last() {
        Some(&winner) if r.total >= 6 => {
            let win = 1_000_000 - ply as i32;
            if winner as i32 == player {
                win
            } else {
                -win
            }
        }
        _ => 0,
    }
}

// `alphabeta_engine_new` needs the `std` feature.
#[cfg(feature = "std")]
#[test]
fn a_null_pv_buffer_means_no_pv_in_both_searches() {
    // Multi-player: NULL and 0 is OK with the PV's true length; a real buffer of capacity 0
    // is too small (PV_TRUNCATED), as in `alphabeta_search`.
    for algorithm in [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_MAXN, ALPHABETA_MULTI_BEST_REPLY] {
        let mut r = Race { total: 3, to_move: 0, history: Vec::new() };
        let g = game(&mut r);
        let (status, full) = search_pv(&g, algorithm, Some(8));
        assert_eq!(status, alphabeta_status::ALPHABETA_OK, "algorithm {algorithm}");
        assert!(full.pv_length >= 2, "algorithm {algorithm}: {}", full.pv_length);
        let (status, none) = search_pv(&g, algorithm, None);
        assert_eq!(status, alphabeta_status::ALPHABETA_OK, "algorithm {algorithm}");
        assert_eq!(none.pv_length, full.pv_length, "algorithm {algorithm}");
        assert_eq!((none.best_move, none.score), (full.best_move, full.score));
        let (status, cut) = search_pv(&g, algorithm, Some(0));
        assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_PV_TRUNCATED, "algorithm {algorithm}");
        assert_eq!(cut.pv_length, full.pv_length);
        assert_eq!((r.total, r.to_move), (3, 0), "the game was not restored");
    }

    // Two players through `alphabeta_search`: the same answers.
    let mut r = Race { total: 3, to_move: 0, history: Vec::new() };
    let g = alphabeta_game {
        user_data: (&mut r as *mut Race).cast(),
        generate_moves: Some(generate),
        make_move: Some(make2),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate2),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side2),
        is_terminal: Some(terminal),
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
    };
    let mut engine = std::ptr::null_mut();
    let limits = alphabeta_limits_depth(8);
    let mut result = alphabeta_result::default();
    let mut pv = [0u32; 8];
    // SAFETY: valid pointers; the engine is freed once.
    unsafe {
        assert_eq!(
            alphabeta_engine_new(std::ptr::null(), 0, &mut engine),
            alphabeta_status::ALPHABETA_OK
        );
        let status = alphabeta_search(engine, &g, &limits, &mut result, pv.as_mut_ptr(), 8);
        assert_eq!(status, alphabeta_status::ALPHABETA_OK);
        let length = result.pv_length;
        assert!(length >= 2, "{length}");
        let status = alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0);
        assert_eq!(status, alphabeta_status::ALPHABETA_OK);
        assert_eq!(result.pv_length, length);
        let status = alphabeta_search(engine, &g, &limits, &mut result, pv.as_mut_ptr(), 0);
        assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_PV_TRUNCATED);
        assert_eq!(result.pv_length, length);
        alphabeta_engine_free(engine);
    }
}

#[test]
fn impossible_or_overflowing_bounds_are_invalid_bounds() {
    // With 3 players: (min_score, max_sum).
    let invalid = [
        (10, 5),            // every score at least 10, the sum at most 5
        (1, 2),             // 3 * 1 > 2
        (0, i32::MAX),      // a sum above INT32_MAX saturates and would pass the check
        (-1, i32::MAX - 2), // one player could score INT32_MAX
        (i32::MIN / 2, 0),  // 3 * min_score overflows
        (i32::MIN, i32::MAX),
    ];
    for (min_score, max_sum) in invalid {
        for algorithm in
            [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_MAXN, ALPHABETA_MULTI_BEST_REPLY]
        {
            let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
            let g = alphabeta_multi_game { min_score, max_sum, ..game(&mut r) };
            let (status, _) = search(&g, algorithm);
            assert_eq!(
                status,
                alphabeta_status::ALPHABETA_ERROR_INVALID_BOUNDS,
                "bounds ({min_score}, {max_sum}), algorithm {algorithm}"
            );
            assert_eq!((r.total, r.to_move), (0, 0));
        }
    }
    // SAFETY: a static string.
    let message = unsafe {
        std::ffi::CStr::from_ptr(alphabeta_status_message(
            alphabeta_status::ALPHABETA_ERROR_INVALID_BOUNDS as i32,
        ))
    };
    assert_eq!(
        message.to_str().unwrap(),
        "the declared score bounds are impossible (players * min_score > max_sum), too wide \
         for int32 sums, or a chance game's bound is negative, NaN, INT32_MAX or above DBL_MAX / \
         2^26 (weighted sums would overflow)"
    );

    // Undeclared bounds are not checked; declared valid ones pass; a vector that breaks valid
    // bounds is still SCORE_OUT_OF_BOUNDS (the race's winner scores 999,99x > 100).
    let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
    let g = alphabeta_multi_game { has_bounds: false, min_score: 10, max_sum: 5, ..game(&mut r) };
    assert_eq!(search(&g, ALPHABETA_MULTI_MAXN).0, alphabeta_status::ALPHABETA_OK);
    let g = alphabeta_multi_game { min_score: 0, max_sum: i32::MAX - 1, ..g };
    let g = alphabeta_multi_game { has_bounds: true, ..g };
    assert_eq!(search(&g, ALPHABETA_MULTI_MAXN).0, alphabeta_status::ALPHABETA_OK);
    let g = alphabeta_multi_game { min_score: 0, max_sum: 100, ..g };
    assert_eq!(
        search(&g, ALPHABETA_MULTI_MAXN).0,
        alphabeta_status::ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS
    );
}

#[test]
fn a_quiescence_depth_beyond_the_ply_capacity_is_a_bad_config() {
    let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
    let g = game(&mut r);
    for (depth, want) in [
        (alphabeta_max_ply() as u32 + 1, alphabeta_status::ALPHABETA_ERROR_BAD_CONFIG),
        (u32::MAX, alphabeta_status::ALPHABETA_ERROR_BAD_CONFIG),
        (alphabeta_max_ply() as u32, alphabeta_status::ALPHABETA_OK),
    ] {
        let mut config = alphabeta_multi_config_default();
        config.search.max_quiescence_depth = depth;
        let limits = alphabeta_limits_depth(4);
        let mut result = alphabeta_multi_result::default();
        // SAFETY: valid pointers.
        let status = unsafe {
            alphabeta_multi_search(
                &g,
                &config,
                &limits,
                std::ptr::null_mut(),
                0,
                &mut result,
                std::ptr::null_mut(),
                0,
            )
        };
        assert_eq!(status, want, "max_quiescence_depth {depth}");
    }
}

unsafe extern "C" fn evaluate_min(_: *mut c_void, _: u32, _: u32, scores: *mut i32, players: u32) {
    for p in 0..players {
        // SAFETY: `players` entries.
        unsafe { *scores.add(p as usize) = i32::MIN };
    }
}

#[test]
fn an_int32_min_score_is_out_of_range_for_every_algorithm() {
    // Paranoid and best-reply negate the root player's score: INT32_MIN used to overflow (a
    // caught panic in debug builds). Max^n does not negate, but INT32_MIN is no valid score.
    for algorithm in [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_MAXN, ALPHABETA_MULTI_BEST_REPLY] {
        let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
        let g = alphabeta_multi_game {
            evaluate: Some(evaluate_min),
            has_bounds: false,
            ..game(&mut r)
        };
        assert_eq!(
            search(&g, algorithm).0,
            alphabeta_status::ALPHABETA_ERROR_SCORE_OUT_OF_RANGE,
            "algorithm {algorithm}"
        );
        assert_eq!((r.total, r.to_move), (0, 0));
    }
}

/// At the end of the race: `INT32_MAX` for every player (`all`), or for every player but
/// player 0, who scores as in `evaluate` (1000000 - ply for a win, else 0).
fn evaluate_int32_max(ud: *mut c_void, ply: u32, scores: *mut i32, players: u32, all: bool) {
    let r = race(ud);
    if r.total >= 6 {
        let winner = *r.history.last().unwrap();
        for p in 0..players {
            let s = match p {
                0 if !all && winner == 0 => 1_000_000 - ply as i32,
                0 if !all => 0,
                _ => i32::MAX,
            };
            // SAFETY: `players` entries.
            unsafe { *scores.add(p as usize) = s };
        }
    }
}
unsafe extern "C" fn evaluate_all_max(ud: *mut c_void, ply: u32, _: u32, s: *mut i32, n: u32) {
    evaluate_int32_max(ud, ply, s, n, true);
}
unsafe extern "C" fn evaluate_others_max(ud: *mut c_void, ply: u32, _: u32, s: *mut i32, n: u32) {
    evaluate_int32_max(ud, ply, s, n, false);
}

#[test]
fn paranoid_and_best_reply_check_the_root_players_score_against_the_ply_range() {
    // INT32_MAX is no valid score: paranoid and best-reply search read the root player's
    // entry, which must lie within ±(1000000 - ply). Max^n does not check that range (only
    // INT32_MIN, and declared bounds, which are off here).
    for (algorithm, want) in [
        (ALPHABETA_MULTI_PARANOID, alphabeta_status::ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (ALPHABETA_MULTI_BEST_REPLY, alphabeta_status::ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        (ALPHABETA_MULTI_MAXN, alphabeta_status::ALPHABETA_OK),
    ] {
        let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
        let g = alphabeta_multi_game {
            evaluate: Some(evaluate_all_max),
            has_bounds: false,
            ..game(&mut r)
        };
        assert_eq!(search(&g, algorithm).0, want, "algorithm {algorithm}");
        assert_eq!((r.total, r.to_move), (0, 0));
    }
    // The other players' entries are not read by paranoid and best-reply search: the root
    // player's (player 0's) valid scores are searched as usual.
    for algorithm in [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_BEST_REPLY] {
        let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
        let g = alphabeta_multi_game {
            evaluate: Some(evaluate_others_max),
            has_bounds: false,
            ..game(&mut r)
        };
        assert_eq!(
            search(&g, algorithm).0,
            alphabeta_status::ALPHABETA_OK,
            "algorithm {algorithm}"
        );
        assert_eq!((r.total, r.to_move), (0, 0));
    }
}

/// The race scored the other way: the winner gets nothing, the others share the prize.
unsafe extern "C" fn evaluate_reversed(ud: *mut c_void, _: u32, _: u32, s: *mut i32, n: u32) {
    let r = race(ud);
    if r.total >= 6 {
        let winner = *r.history.last().unwrap();
        for p in 0..n {
            // SAFETY: `n` entries.
            unsafe { *s.add(p as usize) = if p == winner { 0 } else { 400_000 } };
        }
    }
}

/// One search of `g` with `algorithm` over the table memory `table`.
fn search_with_table(
    g: &alphabeta_multi_game,
    algorithm: u32,
    table: &mut [u128],
) -> (alphabeta_status, alphabeta_multi_result) {
    let mut config = alphabeta_multi_config_default();
    config.algorithm = algorithm;
    let limits = alphabeta_limits_depth(8);
    let mut result = alphabeta_multi_result::default();
    // SAFETY: valid pointers; `table` is 16-byte aligned memory of its size.
    let status = unsafe {
        alphabeta_multi_search(
            g,
            &config,
            &limits,
            table.as_mut_ptr().cast(),
            std::mem::size_of_val(table),
            &mut result,
            std::ptr::null_mut(),
            0,
        )
    };
    (status, result)
}

#[test]
fn the_table_is_cleared_for_every_search() {
    // Two games with the same keys and different scores, searched one after the other over
    // one table memory: the second answers as over fresh memory (the first game's entries
    // are not taken for its own).
    for algorithm in [ALPHABETA_MULTI_PARANOID, ALPHABETA_MULTI_BEST_REPLY] {
        let mut shared = vec![0u128; 256];
        let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
        let first = game(&mut r);
        assert_eq!(search_with_table(&first, algorithm, &mut shared).0, ALPHABETA_OK_STATUS);
        let mut r2 = Race { total: 0, to_move: 0, history: Vec::new() };
        let second = alphabeta_multi_game { evaluate: Some(evaluate_reversed), ..game(&mut r2) };
        let (status, reused) = search_with_table(&second, algorithm, &mut shared);
        assert_eq!(status, ALPHABETA_OK_STATUS);
        let (status, fresh) = search_with_table(&second, algorithm, &mut vec![0u128; 256]);
        assert_eq!(status, ALPHABETA_OK_STATUS);
        assert_eq!(
            (reused.score, reused.best_move, reused.nodes, reused.scores),
            (fresh.score, fresh.best_move, fresh.nodes, fresh.scores),
            "algorithm {algorithm}"
        );
    }
}

const ALPHABETA_OK_STATUS: alphabeta_status = alphabeta_status::ALPHABETA_OK;

thread_local! {
    /// The memory of the engine searching in `evaluate_reentering`, and what the calls made
    /// there answered.
    static BUSY: std::cell::Cell<(*mut c_void, usize)> =
        const { std::cell::Cell::new((std::ptr::null_mut(), 0)) };
    static ANSWERS: std::cell::RefCell<Vec<alphabeta_status>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

unsafe extern "C" fn never_chance(_: *mut c_void) -> bool {
    false
}
unsafe extern "C" fn no_outcomes(_: *mut c_void, _: *mut alphabeta_outcome, _: i32) -> i32 {
    0
}

/// `evaluate2`, which also runs a multi-player and a chance search whose table memory is the
/// searching engine's own (the first time only).
unsafe extern "C" fn evaluate_reentering(ud: *mut c_void, player: i32, ply: u32, d: u32) -> i32 {
    if ANSWERS.with(|a| a.borrow().is_empty()) {
        let (memory, bytes) = BUSY.get();
        let mut other = Race { total: 0, to_move: 0, history: Vec::new() };
        let multi = game(&mut other);
        let config = alphabeta_multi_config_default();
        let limits = alphabeta_limits_depth(4);
        let mut result = alphabeta_multi_result::default();
        let mut chance_result = alphabeta_chance_result::default();
        let two = two_player_race(&mut other);
        let chance = alphabeta_chance_game {
            game: two,
            is_chance_node: Some(never_chance),
            generate_outcomes: Some(no_outcomes),
            has_score_bound: true,
            score_bound: 1_000_000,
            score_bound_double: 1.0,
        };
        // SAFETY: valid pointers; `memory` is the engine's, valid for `bytes` bytes.
        let answers = unsafe {
            [
                alphabeta_multi_search(
                    &multi,
                    &config,
                    &limits,
                    memory,
                    bytes,
                    &mut result,
                    std::ptr::null_mut(),
                    0,
                ),
                alphabeta_chance_search(
                    &chance,
                    std::ptr::null(),
                    &limits,
                    memory,
                    bytes,
                    &mut chance_result,
                    std::ptr::null_mut(),
                    0,
                ),
            ]
        };
        ANSWERS.with(|a| a.borrow_mut().extend(answers));
    }
    // SAFETY: forwarded.
    unsafe { evaluate2(ud, player, ply, d) }
}

/// The race for two players as an `alphabeta_game`.
fn two_player_race(r: &mut Race) -> alphabeta_game {
    alphabeta_game {
        user_data: (r as *mut Race).cast(),
        generate_moves: Some(generate),
        make_move: Some(make2),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate2),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side2),
        is_terminal: Some(terminal),
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

#[test]
fn a_table_over_a_searching_engine_is_refused() {
    // An engine in caller memory searches; from its evaluator, a multi-player and a chance
    // search are given that engine's memory as their table, which they would zero: both are
    // refused with ALREADY_SEARCHING, and the engine's search ends as it would have.
    let size = alphabeta_engine_size();
    assert!(alphabeta_engine_align() <= 16);
    let mut memory = vec![0u128; size.div_ceil(16)];
    let memory_ptr = memory.as_mut_ptr().cast::<c_void>();
    let mut engine = std::ptr::null_mut();
    // SAFETY: aligned memory of the engine's size.
    let status = unsafe {
        alphabeta_engine_init(
            memory_ptr,
            size,
            std::ptr::null(),
            std::ptr::null_mut(),
            0,
            &mut engine,
        )
    };
    assert_eq!(status, ALPHABETA_OK_STATUS);
    BUSY.set((memory_ptr, size));
    let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
    let g = alphabeta_game { evaluate: Some(evaluate_reentering), ..two_player_race(&mut r) };
    let limits = alphabeta_limits_depth(8);
    let mut result = alphabeta_result::default();
    // SAFETY: a live engine and valid pointers.
    let status =
        unsafe { alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0) };
    assert_eq!(status, ALPHABETA_OK_STATUS);
    assert_eq!(
        ANSWERS.with(|a| a.borrow().clone()),
        [alphabeta_status::ALPHABETA_ERROR_ALREADY_SEARCHING; 2]
    );
    let mut r = Race { total: 0, to_move: 0, history: Vec::new() };
    let plain = two_player_race(&mut r);
    let mut expected = alphabeta_result::default();
    // SAFETY: as above.
    let status = unsafe {
        alphabeta_search(engine, &plain, &limits, &mut expected, std::ptr::null_mut(), 0)
    };
    assert_eq!(status, ALPHABETA_OK_STATUS);
    assert_eq!((result.score, result.best_move), (expected.score, expected.best_move));
    // SAFETY: the engine, once.
    unsafe { alphabeta_engine_free(engine) };
}
