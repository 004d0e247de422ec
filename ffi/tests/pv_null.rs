//! Hostile review of `alphabeta_search` with `pv == NULL` (the search without the line).

#![cfg(feature = "std")]

use core::ffi::c_void;
use core::ptr::null_mut;

use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

mod common;

use common::*;

/// The lines the on_iteration callback received.
unsafe extern "C" fn record(user: *mut c_void, info: *const alphabeta_info) {
    // SAFETY: the test's Vec, a valid info with `pv_length` moves.
    let lines = unsafe { &mut *user.cast::<Vec<(u32, Vec<u32>)>>() };
    let info = unsafe { &*info };
    let line = if info.pv_length == 0 {
        Vec::new()
    } else {
        unsafe { std::slice::from_raw_parts(info.pv, info.pv_length) }.to_vec()
    };
    lines.push((info.depth, line));
}

unsafe extern "C" fn clone_pile(state: *mut c_void) -> *mut c_void {
    let p = pile(state);
    Box::into_raw(Box::new(Pile { stones: p.stones, side: p.side })).cast()
}
unsafe extern "C" fn free_pile(state: *mut c_void) {
    // SAFETY: made by `clone_pile`.
    drop(unsafe { Box::from_raw(state.cast::<Pile>()) });
}

unsafe extern "C" fn evaluate_f64(state: *mut c_void, player: i32, ply: u32, left: u32) -> f64 {
    // SAFETY: forwarded.
    f64::from(unsafe { evaluate(state, player, ply, left) })
}

fn search(
    engine: *mut alphabeta_engine,
    stones: u32,
    pv: *mut u32,
    capacity: usize,
    lines: &mut Vec<(u32, Vec<u32>)>,
) -> (alphabeta_status, alphabeta_result) {
    let mut state = Pile { stones, side: 0 };
    let mut g = game(&mut state);
    g.clone_state = Some(clone_pile);
    g.free_state = Some(free_pile);
    g.evaluate_double = Some(evaluate_f64);
    let mut limits = alphabeta_limits_depth(stones.max(1));
    limits.on_iteration = Some(record);
    limits.on_iteration_user_data = (lines as *mut Vec<(u32, Vec<u32>)>).cast();
    let mut result = alphabeta_result::default();
    // SAFETY: valid pointers; `pv` holds `capacity` moves.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, pv, capacity) };
    assert_eq!((state.stones, state.side), (stones, 0));
    (status, result)
}

fn is_a_line(stones: u32, line: &[u32]) -> bool {
    let mut left = stones;
    line.iter().all(|&take| {
        let legal = (1..=left.min(3)).contains(&take);
        left = left.saturating_sub(take);
        legal
    })
}

fn counts(r: &alphabeta_result) -> String {
    format!(
        "best {} score {} depth {} nodes {} exact {} completed {} probes {} hits {} cutoffs {} root searches {}",
        r.best_move, r.score, r.depth, r.nodes, r.exact, r.completed, r.tt_probes, r.tt_hits,
        r.beta_cutoffs, r.root_searches
    )
}

fn engine(config: &alphabeta_config, slots: usize) -> *mut alphabeta_engine {
    let mut e = null_mut();
    // SAFETY: valid pointers.
    assert_eq!(unsafe { alphabeta_engine_new(config, slots, &mut e) }, ALPHABETA_OK);
    e
}

/// The C form of the Rust finding (tests/without_pv.rs): MTD(f) at the root without
/// move ordering, on a table the engine's previous search filled: with `pv == NULL` the
/// result's node count and root searches differ from a search with a buffer.
#[test]
fn a_null_buffer_under_mtdf_without_ordering_on_a_warm_table_counts_the_same() {
    let config = alphabeta_config {
        ordering: false,
        root_search: ALPHABETA_ROOT_SEARCH_MTDF,
        ..alphabeta_config_default()
    };
    let mut failures = Vec::new();
    for stones in 1..=13 {
        let with_buffer = engine(&config, 1 << 10);
        let without = engine(&config, 1 << 10);
        for round in 0..2 {
            let mut buffer = [0u32; 64];
            let (s1, expected) =
                search(with_buffer, stones, buffer.as_mut_ptr(), buffer.len(), &mut Vec::new());
            let (s2, got) = search(without, stones, null_mut(), 0, &mut Vec::new());
            assert_eq!((s1, s2), (ALPHABETA_OK, ALPHABETA_OK));
            if counts(&got) != counts(&expected) {
                failures.push(format!(
                    "{stones} stones, round {round}: buffer [{}] NULL [{}]",
                    counts(&expected),
                    counts(&got)
                ));
            }
        }
        // SAFETY: made above, freed once.
        unsafe {
            alphabeta_engine_free(with_buffer);
            alphabeta_engine_free(without);
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// NULL buffer: the callback's lines and `pv_length` (plain alpha-beta with tables from 2
/// slots up, int and double engines, and an engine of two threads); a non-NULL buffer of
/// capacity 0.
#[test]
fn null_buffer_lines_are_legal_and_bounded() {
    for slots in [0usize, 2, 4, 64, 1 << 10] {
        for double in [false, true] {
            for threads in [1u32, 2] {
                let config = alphabeta_config {
                    threads,
                    score_type: if double { ALPHABETA_SCORE_DOUBLE } else { ALPHABETA_SCORE_INT32 },
                    ..plain()
                };
                let with_buffer = engine(&config, slots);
                let without = engine(&config, slots);
                let zero_capacity = engine(&config, slots);
                for stones in 1..=13 {
                    let what =
                        format!("{slots} slots double {double} threads {threads}, {stones} stones");
                    let mut buffer = [0u32; 64];
                    let mut lines_buffer = Vec::new();
                    let (status, expected) =
                        search(with_buffer, stones, buffer.as_mut_ptr(), 64, &mut lines_buffer);
                    assert_eq!(status, ALPHABETA_OK, "{what}");
                    let mut lines = Vec::new();
                    let (status, got) = search(without, stones, null_mut(), 0, &mut lines);
                    assert_eq!(status, ALPHABETA_OK, "{what}");
                    if threads == 1 {
                        assert_eq!(counts(&got), counts(&expected), "{what}");
                    }
                    assert!(
                        (1..=got.depth as usize).contains(&got.pv_length),
                        "{what}: {}",
                        got.pv_length
                    );
                    assert_eq!(lines.len(), lines_buffer.len(), "{what}");
                    for (depth, line) in &lines {
                        assert!(
                            line.len() <= *depth as usize && !line.is_empty(),
                            "{what}: {depth} {line:?}"
                        );
                        assert!(is_a_line(stones, line), "{what}: {line:?}");
                    }
                    // A buffer of capacity 0: nothing written, the result whole, truncated.
                    let mut sentinel = [77u32; 1];
                    let (status, zero) =
                        search(zero_capacity, stones, sentinel.as_mut_ptr(), 0, &mut Vec::new());
                    assert_eq!(status, ALPHABETA_ERROR_PV_TRUNCATED, "{what}");
                    assert_eq!(sentinel[0], 77, "{what}");
                    assert!(zero.pv_length >= 1 && zero.has_best_move, "{what}");
                }
                // SAFETY: made above, freed once.
                unsafe {
                    alphabeta_engine_free(with_buffer);
                    alphabeta_engine_free(without);
                    alphabeta_engine_free(zero_capacity);
                }
            }
        }
    }
}
