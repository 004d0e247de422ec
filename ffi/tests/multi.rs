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
