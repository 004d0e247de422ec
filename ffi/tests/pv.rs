//! The principal variation on request through the C ABI: `alphabeta_search` with a NULL `pv`
//! buffer (and `pv_capacity` 0) searches without the line where the search does not need it,
//! and returns what the search with a buffer returns, but `pv_length` (the line read back
//! from the table); a host that passes a buffer gets its whole line, as before.

#![cfg(feature = "std")]

use core::ptr::null_mut;

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

mod common;

use common::*;

/// A search of a pile of `stones` to the end: the status, the result and the line written.
fn search(
    engine: *mut alphabeta_engine,
    stones: u32,
    buffer: Option<&mut [u32]>,
) -> (alphabeta_status, alphabeta_result, Vec<u32>) {
    let mut state = Pile { stones, side: 0 };
    let g = game(&mut state);
    let limits = alphabeta_limits_depth(stones.max(1));
    let mut result = alphabeta_result::default();
    let (pv, capacity) = match buffer {
        Some(buffer) => (buffer.as_mut_ptr(), buffer.len()),
        None => (null_mut(), 0),
    };
    // SAFETY: valid pointers; `pv` holds `capacity` moves.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, pv, capacity) };
    assert_eq!((state.stones, state.side), (stones, 0), "the game was not restored");
    let written = if pv.is_null() { 0 } else { result.pv_length.min(capacity) };
    // SAFETY: the call wrote `written` moves.
    let line = if written > 0 { unsafe { std::slice::from_raw_parts(pv, written) } } else { &[] };
    (status, result, line.to_vec())
}

/// Everything but the line's length.
fn proved(r: &alphabeta_result) -> (bool, u32, i32, u32, u64, bool, bool, u64, u64, u64) {
    (
        r.has_best_move,
        r.best_move,
        r.score,
        r.depth,
        r.nodes,
        r.exact,
        r.completed,
        r.tt_probes,
        r.tt_hits,
        r.beta_cutoffs,
    )
}

/// A line of the pile from `stones`: every move takes 1 to 3 of the stones left.
fn is_a_line(stones: u32, line: &[u32]) -> bool {
    let mut left = stones;
    line.iter().all(|&take| {
        let legal = (1..=left.min(3)).contains(&take);
        left = left.saturating_sub(take);
        legal
    })
}

#[test]
fn a_null_buffer_returns_the_search_with_a_buffer_but_the_line() {
    for (name, config, slots) in [
        ("plain", plain(), 0),
        ("plain with a table", plain(), 1 << 10),
        ("default", alphabeta_config_default(), 0),
        ("default with a table", alphabeta_config_default(), 1 << 10),
    ] {
        let mut with_buffer = null_mut();
        let mut without = null_mut();
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(alphabeta_engine_new(&config, slots, &mut with_buffer), ALPHABETA_OK);
            assert_eq!(alphabeta_engine_new(&config, slots, &mut without), ALPHABETA_OK);
        }
        for stones in 1..=13 {
            let what = format!("{name}, {stones} stones");
            let mut buffer = [0; 64];
            let (status, expected, line) = search(with_buffer, stones, Some(&mut buffer));
            assert_eq!(status, ALPHABETA_OK, "{what}");
            let (status, got, _) = search(without, stones, None);
            assert_eq!(status, ALPHABETA_OK, "{what}");
            assert_eq!(proved(&got), proved(&expected), "{what}");
            // The value and a move that keeps it, as brute force has them.
            let value = brute_force(stones, 0);
            assert_eq!((got.score, got.exact), (value, true), "{what}");
            assert_eq!(-brute_force(stones - got.best_move, 1), value, "{what}: the move");
            // With a buffer: the whole line, a line of the game from the best move.
            assert_eq!(line.len(), expected.pv_length, "{what}");
            assert_eq!(line.first(), Some(&expected.best_move), "{what}");
            assert!(is_a_line(stones, &line), "{what}: {line:?}");
            if config.ordering {
                // The line orders the next iteration: kept, and its length told.
                assert_eq!(got.pv_length, expected.pv_length, "{what}");
            } else if slots == 0 {
                // Dropped, and without a table the best move alone.
                assert_eq!(got.pv_length, 1, "{what}");
            } else {
                // Dropped, and read back from the table: the best move, then at most as many
                // moves as the search's depth.
                assert!((1..=got.depth as usize).contains(&got.pv_length), "{what}");
            }
        }
        // SAFETY: created above, freed once.
        unsafe {
            alphabeta_engine_free(with_buffer);
            alphabeta_engine_free(without);
        }
    }
}

#[test]
fn a_host_with_a_buffer_keeps_what_it_had() {
    let mut engine = null_mut();
    let config = plain();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(&config, 0, &mut engine) }, ALPHABETA_OK);
    let mut whole = [0; 64];
    let (status, result, line) = search(engine, 9, Some(&mut whole));
    assert_eq!(status, ALPHABETA_OK);
    // 9 stones: take 1 (leaving 8, a multiple of 4); the winner ends it at the ninth ply at
    // the latest, and the line runs to the last stone.
    assert_eq!(result.best_move, 1);
    assert_eq!(result.pv_length, line.len());
    assert_eq!(result.score, WIN - line.len() as i32);
    assert!(is_a_line(9, &line) && line.iter().sum::<u32>() == 9, "{line:?}");
    // A short buffer: the start of the line, the call says so, the length is the whole one.
    let mut short = [0; 2];
    let (status, truncated, start) = search(engine, 9, Some(&mut short));
    assert_eq!(status, ALPHABETA_ERROR_PV_TRUNCATED);
    assert_eq!((truncated.pv_length, start.as_slice()), (result.pv_length, &line[..2]));
    // NULL with a capacity is refused, as before.
    let mut state = Pile { stones: 9, side: 0 };
    let g = game(&mut state);
    let limits = alphabeta_limits_depth(9);
    let mut r = alphabeta_result::default();
    // SAFETY: valid pointers but `pv`, which the call must refuse.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut r, null_mut(), 4) };
    assert_eq!(status, ALPHABETA_ERROR_NULL_POINTER);
    // SAFETY: created above, freed once.
    unsafe { alphabeta_engine_free(engine) };
}

/// 20 searches of a pile of 21 stones under plain alpha-beta without a table (472,346 nodes
/// each), with a buffer or without: for callgrind (`docs/performance.md`), ignored by default:
///
/// ```text
/// valgrind --tool=callgrind target/debug/deps/pv-* --ignored --exact instructions_with_the_line
/// valgrind --tool=callgrind target/debug/deps/pv-* --ignored --exact instructions_without_the_line
/// ```
fn searches(line: bool) -> u64 {
    let mut engine = null_mut();
    let config = plain();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(&config, 0, &mut engine) }, ALPHABETA_OK);
    let mut nodes = 0;
    let mut scores = Vec::new();
    for _ in 0..20 {
        let mut buffer = [0; 64];
        let (status, r, _) = search(engine, 21, if line { Some(&mut buffer) } else { None });
        assert_eq!(status, ALPHABETA_OK);
        scores.push(r.score);
        nodes += r.nodes;
    }
    // SAFETY: created above, freed once.
    unsafe { alphabeta_engine_free(engine) };
    assert_eq!(scores, [brute_force(21, 0); 20]);
    nodes
}

#[test]
#[ignore = "a measurement: run under callgrind"]
fn instructions_with_the_line() {
    assert_eq!(searches(true), 20 * 472_346);
}

#[test]
#[ignore = "a measurement: run under callgrind"]
fn instructions_without_the_line() {
    assert_eq!(searches(false), 20 * 472_346);
}
