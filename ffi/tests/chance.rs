//! The chance search through the C ABI, driven from Rust: Hog as callbacks (the library's own
//! `Hog` behind them) searched by `alphabeta_chance_search` gives what the Rust
//! `ChanceEngine` gives, score, move, principal variation, nodes and counters, for both score
//! types, with and without a table, and with a progress callback and a clock.

use std::ffi::c_void;
use std::sync::atomic::AtomicU8;

use alphabeta::chance::{ChanceConfig, ChanceEngine, Outcome, StochasticGame};
use alphabeta::games::hog::{Hog, HogEval, MAX_OUTCOMES};
use alphabeta::tt::{Slot, Slot32, Slot64, TableSlice};
use alphabeta::{Game, Limits, MoveList};
use alphabeta_ffi::*;

/// The game behind the callbacks, with the positions before each move.
struct Host {
    game: Hog,
    before: Vec<Hog>,
    iterations: Vec<(u32, f64)>,
}

fn host<'a>(ud: *mut c_void) -> &'a mut Host {
    // SAFETY: the tests pass a live `Host`.
    unsafe { &mut *ud.cast::<Host>() }
}

unsafe extern "C" fn generate(ud: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let mut list = MoveList::<u8, 8>::new();
    host(ud).game.generate_moves(&mut list);
    for (i, &mv) in list.iter().enumerate().take(capacity as usize) {
        // SAFETY: `i < capacity`.
        unsafe { *moves.add(i) = u32::from(mv) };
    }
    list.len() as i32
}
unsafe extern "C" fn make(ud: *mut c_void, mv: u32) {
    let h = host(ud);
    let before = h.game.make_move(mv as u8);
    h.before.push(before);
}
unsafe extern "C" fn unmake(ud: *mut c_void, mv: u32) {
    let h = host(ud);
    let before = h.before.pop().expect("a move to take back");
    h.game.unmake_move(mv as u8, before);
}
unsafe extern "C" fn evaluate_int(ud: *mut c_void, player: i32, ply: u32, depth_left: u32) -> i32 {
    let ctx = alphabeta::EvalContext { ply, depth_left };
    alphabeta::Evaluator::evaluate(&HogEval::<i32>::new(), &host(ud).game, player as u8, ctx)
}
unsafe extern "C" fn evaluate_double(
    ud: *mut c_void,
    player: i32,
    ply: u32,
    depth_left: u32,
) -> f64 {
    let ctx = alphabeta::EvalContext { ply, depth_left };
    alphabeta::Evaluator::evaluate(&HogEval::<f64>::new(), &host(ud).game, player as u8, ctx)
}
unsafe extern "C" fn key(ud: *mut c_void) -> u64 {
    host(ud).game.zobrist_key()
}
unsafe extern "C" fn side(ud: *mut c_void) -> i32 {
    i32::from(host(ud).game.side_to_move())
}
unsafe extern "C" fn terminal(ud: *mut c_void) -> bool {
    host(ud).game.is_terminal()
}
unsafe extern "C" fn chance(ud: *mut c_void) -> bool {
    host(ud).game.is_chance_node()
}
unsafe extern "C" fn outcomes(ud: *mut c_void, out: *mut alphabeta_outcome, capacity: i32) -> i32 {
    let mut list = MoveList::<Outcome<u8>, MAX_OUTCOMES>::new();
    host(ud).game.generate_outcomes(&mut list);
    for (i, o) in list.iter().enumerate().take(capacity as usize) {
        let outcome = alphabeta_outcome { outcome: u32::from(o.outcome), weight: o.weight };
        // SAFETY: `i < capacity`.
        unsafe { *out.add(i) = outcome };
    }
    list.len() as i32
}
unsafe extern "C" fn on_iteration(ud: *mut c_void, info: *const alphabeta_info) {
    // SAFETY: valid during the call.
    let info = unsafe { &*info };
    host(ud).iterations.push((info.depth, info.score_double));
}

fn table(host: &mut Host) -> alphabeta_chance_game {
    alphabeta_chance_game {
        game: alphabeta_game {
            user_data: (host as *mut Host).cast(),
            generate_moves: Some(generate),
            make_move: Some(make),
            unmake_move: Some(unmake),
            evaluate: Some(evaluate_int),
            evaluate_double: Some(evaluate_double),
            zobrist_key: Some(key),
            side_to_move: Some(side),
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
        },
        is_chance_node: Some(chance),
        generate_outcomes: Some(outcomes),
        has_score_bound: true,
        score_bound: 1_000_000,
        score_bound_double: 1.0,
    }
}

/// 16-byte aligned table memory of `slots` slots of `S`, zeroed.
fn memory<S: Slot>(slots: usize) -> Vec<S> {
    (0..slots).map(|_| S::EMPTY).collect()
}

const SLOTS: usize = 4096;

#[test]
fn the_c_search_is_the_rust_search() {
    for (star1, star2) in [(false, false), (true, false), (true, true)] {
        for with_table in [false, true] {
            for (scores, depth) in [([0, 0], 6), ([12, 17], 8), ([25, 27], 64)] {
                let position = Hog::with_scores(30, 4, scores, 0).unwrap();
                let mut config = alphabeta_chance_config_default();
                config.star1 = star1;
                config.star2 = star2;
                let limits = alphabeta_limits_depth(depth);
                let rust_config = ChanceConfig { star1, star2, ..ChanceConfig::new() };

                // int32
                let mut h = Host { game: position, before: Vec::new(), iterations: Vec::new() };
                let game = table(&mut h);
                let mut slots = memory::<Slot32>(SLOTS);
                let (memory_ptr, bytes) = if with_table {
                    (slots.as_mut_ptr().cast::<c_void>(), SLOTS * 16)
                } else {
                    (std::ptr::null_mut(), 0)
                };
                let mut result = alphabeta_chance_result::default();
                let mut pv = [0u32; 64];
                // SAFETY: valid pointers.
                let status = unsafe {
                    alphabeta_chance_search(
                        &game,
                        &config,
                        &limits,
                        memory_ptr,
                        bytes,
                        &mut result,
                        pv.as_mut_ptr(),
                        64,
                    )
                };
                assert_eq!(status, alphabeta_status::ALPHABETA_OK);
                assert_eq!(h.game, position, "the game is back");
                let rust_slots = memory::<Slot32>(SLOTS);
                let generation = AtomicU8::new(0);
                let tt =
                    TableSlice::<i32>::new(if with_table { &rust_slots } else { &[] }, &generation);
                let mut engine =
                    ChanceEngine::<Hog, HogEval<i32>, 256, 64>::new(HogEval::new(), rust_config)
                        .with_table(tt);
                let expected = engine.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
                let name = format!(
                    "int32 {scores:?} {depth} star1 {star1} star2 {star2} table {with_table}"
                );
                assert_eq!(result.search.score, expected.score, "{name}");
                assert_eq!(result.search.nodes, expected.nodes, "{name}");
                assert_eq!(
                    result.search.best_move,
                    u32::from(expected.best_move.unwrap()),
                    "{name}"
                );
                assert_eq!(result.search.exact, expected.exact, "{name}");
                let line: Vec<u32> = expected.pv.iter().map(|&m| u32::from(m)).collect();
                assert_eq!(&pv[..result.search.pv_length], &line[..], "{name}");
                assert_eq!(result.chance_nodes, expected.chance.chance_nodes, "{name}");
                assert_eq!(result.star1_cutoffs, expected.chance.star1_cutoffs, "{name}");
                assert_eq!(result.star2_cutoffs, expected.chance.star2_cutoffs, "{name}");

                // double, with the progress callback
                config.search.score_type = ALPHABETA_SCORE_DOUBLE;
                let mut limits = limits;
                limits.on_iteration = Some(on_iteration);
                limits.on_iteration_user_data = (&mut h as *mut Host).cast();
                let game = table(&mut h);
                let mut slots = memory::<Slot64>(SLOTS);
                let (memory_ptr, bytes) = if with_table {
                    (slots.as_mut_ptr().cast::<c_void>(), SLOTS * std::mem::size_of::<Slot64>())
                } else {
                    (std::ptr::null_mut(), 0)
                };
                // SAFETY: valid pointers.
                let status = unsafe {
                    alphabeta_chance_search(
                        &game,
                        &config,
                        &limits,
                        memory_ptr,
                        bytes,
                        &mut result,
                        std::ptr::null_mut(),
                        0,
                    )
                };
                assert_eq!(status, alphabeta_status::ALPHABETA_OK);
                let rust_slots = memory::<Slot64>(SLOTS);
                let tt =
                    TableSlice::<f64>::new(if with_table { &rust_slots } else { &[] }, &generation);
                let mut engine =
                    ChanceEngine::<Hog, HogEval<f64>, 256, 64>::new(HogEval::new(), rust_config)
                        .with_table(tt);
                let mut iterations = Vec::new();
                let expected = engine
                    .search_with_info(&mut position.clone(), &Limits::depth(depth), |info| {
                        iterations.push((info.depth, info.score))
                    })
                    .unwrap();
                let name = format!("double {name}");
                assert_eq!(
                    result.search.score_double.to_bits(),
                    expected.score.to_bits(),
                    "{name}"
                );
                assert_eq!(result.search.nodes, expected.nodes, "{name}");
                assert_eq!(h.iterations, iterations, "{name}");
                assert_eq!(h.game, position);
            }
        }
    }
}

/// Hog's key without the goal: games of different goals share keys.
unsafe extern "C" fn key_without_goal(ud: *mut c_void) -> u64 {
    host(ud).game.zobrist_key() & 0xffff_ffff
}

#[test]
fn the_table_is_cleared_for_every_search() {
    // Races to 12 and to 14 whose keys are the same: searched one after the other over one
    // table memory, the second answers as over fresh memory, for both score types.
    for double in [false, true] {
        let mut config = alphabeta_chance_config_default();
        if double {
            config.search.score_type = ALPHABETA_SCORE_DOUBLE;
        }
        let limits = alphabeta_limits_depth(12);
        let search = |goal: u32, memory: &mut Vec<Slot64>| {
            let position = Hog::new(goal, 2).unwrap();
            let mut h = Host { game: position, before: Vec::new(), iterations: Vec::new() };
            let mut game = table(&mut h);
            game.game.zobrist_key = Some(key_without_goal);
            let mut result = alphabeta_chance_result::default();
            // SAFETY: valid pointers; the memory is 16-byte aligned (Slot64's alignment).
            let status = unsafe {
                alphabeta_chance_search(
                    &game,
                    &config,
                    &limits,
                    memory.as_mut_ptr().cast(),
                    memory.len() * std::mem::size_of::<Slot64>(),
                    &mut result,
                    std::ptr::null_mut(),
                    0,
                )
            };
            assert_eq!(status, alphabeta_status::ALPHABETA_OK);
            assert_eq!(h.game, position);
            result
        };
        let mut shared = memory::<Slot64>(SLOTS);
        search(12, &mut shared);
        let reused = search(14, &mut shared);
        let fresh = search(14, &mut memory::<Slot64>(SLOTS));
        assert_eq!(reused.search.score, fresh.search.score, "double {double}");
        assert_eq!(reused.search.score_double.to_bits(), fresh.search.score_double.to_bits());
        assert_eq!(reused.search.nodes, fresh.search.nodes, "double {double}");
        assert_eq!(reused.search.exact, fresh.search.exact, "double {double}");
    }
}
