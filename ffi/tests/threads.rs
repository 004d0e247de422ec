//! The C ABI with several threads, driven from Rust through the exported functions: a
//! tic-tac-toe host with `clone_state`/`free_state`, the value equal to the sequential
//! engine's, and the statuses for a missing clone callback and for `alphabeta_engine_init`.
//! Needs the `std` feature (`alphabeta_engine_new`; without it the engine is `UNSUPPORTED`).
#![cfg(feature = "std")]

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

use alphabeta_ffi::*;

/// The host's state: 9 cells (0 empty, 1 X, 2 O) and the side to move (1 or 2).
#[derive(Clone)]
struct State {
    cells: [u8; 9],
    to_move: u8,
}

static CLONES: AtomicUsize = AtomicUsize::new(0);
static FREES: AtomicUsize = AtomicUsize::new(0);

fn state<'a>(user_data: *mut c_void) -> &'a mut State {
    // SAFETY: every user_data in these tests is a live `Box<State>`.
    unsafe { &mut *user_data.cast::<State>() }
}

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn winner(s: &State) -> u8 {
    LINES
        .iter()
        .find(|l| s.cells[l[0]] != 0 && l.iter().all(|&c| s.cells[c] == s.cells[l[0]]))
        .map_or(0, |l| s.cells[l[0]])
}

unsafe extern "C" fn generate(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let s = state(user_data);
    let mut count = 0;
    for cell in 0..9 {
        if s.cells[cell] == 0 && count < capacity {
            // SAFETY: `count < capacity`.
            unsafe { *moves.add(count as usize) = cell as u32 };
            count += 1;
        }
    }
    count
}
unsafe extern "C" fn make(user_data: *mut c_void, mv: u32) {
    let s = state(user_data);
    s.cells[mv as usize] = s.to_move;
    s.to_move = 3 - s.to_move;
}
unsafe extern "C" fn unmake(user_data: *mut c_void, mv: u32) {
    let s = state(user_data);
    s.cells[mv as usize] = 0;
    s.to_move = 3 - s.to_move;
}
unsafe extern "C" fn evaluate(user_data: *mut c_void, player: i32, ply: u32, _: u32) -> i32 {
    match winner(state(user_data)) {
        0 => 0,
        w if i32::from(w) == player => 1_000_000 - ply as i32,
        _ => -(1_000_000 - ply as i32),
    }
}
unsafe extern "C" fn key(user_data: *mut c_void) -> u64 {
    let s = state(user_data);
    s.cells.iter().fold(u64::from(s.to_move), |k, &c| k * 3 + u64::from(c))
}
unsafe extern "C" fn side(user_data: *mut c_void) -> i32 {
    i32::from(state(user_data).to_move)
}
unsafe extern "C" fn terminal(user_data: *mut c_void) -> bool {
    let s = state(user_data);
    winner(s) != 0 || s.cells.iter().all(|&c| c != 0)
}
unsafe extern "C" fn clone_state(user_data: *mut c_void) -> *mut c_void {
    CLONES.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new(state(user_data).clone())).cast()
}
unsafe extern "C" fn free_state(user_data: *mut c_void) {
    FREES.fetch_add(1, Ordering::Relaxed);
    // SAFETY: made by `clone_state`.
    drop(unsafe { Box::from_raw(user_data.cast::<State>()) });
}

fn game(state: &mut State, with_clone: bool) -> alphabeta_game {
    alphabeta_game {
        user_data: (state as *mut State).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side),
        is_terminal: Some(terminal),
        is_tactical: None,
        generate_tactical_moves: None,
        min_plies_to_win: None,
        min_plies_to_loss: None,
        clone_state: if with_clone { Some(clone_state) } else { None },
        free_state: if with_clone { Some(free_state) } else { None },
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: None,
    }
}

fn search(threads: u32, scheme: u32, board: &str) -> (alphabeta_status, alphabeta_result) {
    let mut config = alphabeta_config_default();
    config.threads = threads;
    config.parallel_scheme = scheme;
    config.lmr = false;
    // Split every iteration, so that these small searches clone states at the split nodes.
    config.parallel_min_split_nodes = 0;
    let mut engine = std::ptr::null_mut();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { alphabeta_engine_new(&config, 4096, &mut engine) },
        alphabeta_status::ALPHABETA_OK
    );
    let cells: Vec<u8> = board
        .bytes()
        .map(|b| match b {
            b'X' => 1,
            b'O' => 2,
            _ => 0,
        })
        .collect();
    let xs = cells.iter().filter(|&&c| c == 1).count();
    let os = cells.iter().filter(|&&c| c == 2).count();
    let mut s = State { cells: cells.try_into().unwrap(), to_move: if xs == os { 1 } else { 2 } };
    let before = s.cells;
    let g = game(&mut s, true);
    let limits = alphabeta_limits_depth(9);
    let mut result = alphabeta_result::default();
    let mut pv = [0u32; 9];
    // SAFETY: valid pointers.
    let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, pv.as_mut_ptr(), 9) };
    assert_eq!(s.cells, before, "the host's state was not restored");
    // SAFETY: from `alphabeta_engine_new`.
    unsafe { alphabeta_engine_free(engine) };
    (status, result)
}

#[test]
fn several_threads_give_the_sequential_value_and_free_every_copy() {
    for board in [".........", "X...O....", "XX.OO....", "XOX.O....", "X.O.X.O.."] {
        let (status, sequential) = search(1, ALPHABETA_PARALLEL_LAZY_SMP, board);
        assert_eq!(status, alphabeta_status::ALPHABETA_OK);
        for scheme in
            [ALPHABETA_PARALLEL_LAZY_SMP, ALPHABETA_PARALLEL_ROOT_SPLIT, ALPHABETA_PARALLEL_ABDADA]
        {
            let (status, parallel) = search(2, scheme, board);
            assert_eq!(status, alphabeta_status::ALPHABETA_OK, "{board}");
            assert_eq!(parallel.score, sequential.score, "{board} scheme {scheme}");
            assert!(parallel.has_best_move);
        }
    }
    assert!(CLONES.load(Ordering::Relaxed) > 0);
    assert_eq!(CLONES.load(Ordering::Relaxed), FREES.load(Ordering::Relaxed));
}

static FAILING_CLONES: AtomicUsize = AtomicUsize::new(0);
static FAILING_FREES: AtomicUsize = AtomicUsize::new(0);
/// Clones succeed until this many were made, then return NULL.
static CLONES_BEFORE_FAILING: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn failing_clone_state(user_data: *mut c_void) -> *mut c_void {
    let limit = CLONES_BEFORE_FAILING.load(Ordering::Relaxed);
    if FAILING_CLONES.fetch_add(1, Ordering::Relaxed) >= limit {
        return std::ptr::null_mut();
    }
    Box::into_raw(Box::new(state(user_data).clone())).cast()
}
unsafe extern "C" fn failing_free_state(user_data: *mut c_void) {
    FAILING_FREES.fetch_add(1, Ordering::Relaxed);
    // SAFETY: made by `failing_clone_state`.
    drop(unsafe { Box::from_raw(user_data.cast::<State>()) });
}

#[test]
fn a_clone_failing_in_the_middle_of_a_parallel_search_is_a_status() {
    // Root splitting clones the position at every split node: the first clones succeed, a
    // later one (in the middle of the search) fails. ABDADA clones it once to try the
    // callback, then once for each helper when they start: the helper's copy fails. Either
    // way the search reports CLONE_FAILED, the host's state is restored and every copy made
    // is freed once.
    for (scheme, succeeding) in [(ALPHABETA_PARALLEL_ROOT_SPLIT, 5), (ALPHABETA_PARALLEL_ABDADA, 1)]
    {
        FAILING_CLONES.store(0, Ordering::Relaxed);
        FAILING_FREES.store(0, Ordering::Relaxed);
        CLONES_BEFORE_FAILING.store(succeeding, Ordering::Relaxed);
        let mut config = alphabeta_config_default();
        config.threads = 2;
        config.parallel_scheme = scheme;
        config.parallel_min_split_nodes = 0;
        let mut engine = std::ptr::null_mut();
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { alphabeta_engine_new(&config, 4096, &mut engine) },
            alphabeta_status::ALPHABETA_OK
        );
        let mut s = State { cells: [0; 9], to_move: 1 };
        let mut g = game(&mut s, true);
        g.clone_state = Some(failing_clone_state);
        g.free_state = Some(failing_free_state);
        let limits = alphabeta_limits_depth(9);
        let mut result = alphabeta_result::default();
        // SAFETY: valid pointers.
        let status =
            unsafe { alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0) };
        assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_CLONE_FAILED, "scheme {scheme}");
        assert_eq!((s.cells, s.to_move), ([0; 9], 1), "the host's state was not restored");
        // SAFETY: from `alphabeta_engine_new`.
        unsafe { alphabeta_engine_free(engine) };
        assert!(FAILING_CLONES.load(Ordering::Relaxed) > succeeding, "scheme {scheme}");
        assert_eq!(FAILING_FREES.load(Ordering::Relaxed), succeeding, "scheme {scheme}");
    }
}

unsafe extern "C" fn null_clone_state(_: *mut c_void) -> *mut c_void {
    std::ptr::null_mut()
}
// Uncounted copies (the counters above belong to another test running at the same time).
unsafe extern "C" fn uncounted_clone_state(user_data: *mut c_void) -> *mut c_void {
    Box::into_raw(Box::new(state(user_data).clone())).cast()
}
unsafe extern "C" fn uncounted_free_state(user_data: *mut c_void) {
    // SAFETY: made by `uncounted_clone_state`.
    drop(unsafe { Box::from_raw(user_data.cast::<State>()) });
}

#[test]
fn a_failed_clone_leaves_no_wrong_entry_in_the_table() {
    // A copy that could not be made is searched as a position without moves and scores 0
    // until the search ends with CLONE_FAILED; the table it shares must not keep what it
    // stored. The next search, with clones that work, gets the true value: X, to move after
    // "XO", wins at ply 5 (1,000,000 - 5); a table holding the copies' zeros gave 0 or a
    // later win in some runs (which ones depends on when the helper joins, so: many runs).
    for scheme in
        [ALPHABETA_PARALLEL_ROOT_SPLIT, ALPHABETA_PARALLEL_LAZY_SMP, ALPHABETA_PARALLEL_ABDADA]
    {
        for run in 0..40 {
            let mut config = alphabeta_config_default();
            config.threads = 2;
            config.parallel_scheme = scheme;
            config.parallel_min_split_nodes = 0;
            let mut engine = std::ptr::null_mut();
            // SAFETY: valid pointers.
            assert_eq!(
                unsafe { alphabeta_engine_new(&config, 4096, &mut engine) },
                alphabeta_status::ALPHABETA_OK
            );
            let mut s = State { cells: [1, 2, 0, 0, 0, 0, 0, 0, 0], to_move: 1 };
            let mut g = game(&mut s, true);
            g.clone_state = Some(null_clone_state);
            g.free_state = Some(uncounted_free_state);
            let limits = alphabeta_limits_depth(7);
            let mut result = alphabeta_result::default();
            let null = std::ptr::null_mut();
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null, 0) };
            assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_CLONE_FAILED);
            g.clone_state = Some(uncounted_clone_state);
            // SAFETY: valid pointers.
            let status = unsafe { alphabeta_search(engine, &g, &limits, &mut result, null, 0) };
            assert_eq!(status, alphabeta_status::ALPHABETA_OK);
            assert_eq!(result.score, 1_000_000 - 5, "scheme {scheme} run {run}");
            // SAFETY: from `alphabeta_engine_new`.
            unsafe { alphabeta_engine_free(engine) };
        }
    }
}

#[test]
fn several_threads_need_clone_state_and_the_heap() {
    let mut config = alphabeta_config_default();
    config.threads = 2;
    let mut engine = std::ptr::null_mut();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { alphabeta_engine_new(&config, 0, &mut engine) },
        alphabeta_status::ALPHABETA_OK
    );
    let mut s = State { cells: [0; 9], to_move: 1 };
    let g = game(&mut s, false);
    let limits = alphabeta_limits_depth(3);
    let mut result = alphabeta_result::default();
    // SAFETY: valid pointers.
    let status =
        unsafe { alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0) };
    assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_NULL_CALLBACK);
    // `clone_state` without `free_state`: every copy would leak, so it is refused too.
    let mut g = game(&mut s, true);
    g.free_state = None;
    // SAFETY: valid pointers.
    let status =
        unsafe { alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0) };
    assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_NULL_CALLBACK);
    // SAFETY: from `alphabeta_engine_new`.
    unsafe { alphabeta_engine_free(engine) };

    // In caller memory there is no thread pool.
    let mut memory = vec![0u64; alphabeta_engine_size() / 8 + 1];
    let mut out = std::ptr::null_mut();
    // SAFETY: valid pointers and sizes.
    let status = unsafe {
        alphabeta_engine_init(
            memory.as_mut_ptr().cast(),
            memory.len() * 8,
            &config,
            std::ptr::null_mut(),
            0,
            &mut out,
        )
    };
    assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_UNSUPPORTED);
    assert!(out.is_null());
}

#[test]
fn a_table_too_large_for_memory_is_a_status_not_an_abort() {
    let config = alphabeta_config_default();
    let mut engine = std::ptr::null_mut();
    for slots in [1usize << 40, usize::MAX / 4] {
        // SAFETY: valid pointers.
        let status = unsafe { alphabeta_engine_new(&config, slots, &mut engine) };
        assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_OUT_OF_MEMORY, "{slots} slots");
    }
}

/// Set in the child process of the next test, which runs under `ulimit -v`.
const POOL_CHILD: &str = "ALPHABETA_FFI_POOL_CHILD";

#[test]
fn a_thread_pool_that_cannot_start_is_a_status_and_nothing_is_created() {
    if std::env::var_os(POOL_CHILD).is_some() {
        // The child: 1,024 threads of 256 MiB stacks (`RUST_MIN_STACK`, set by the parent)
        // need far more than the address space allows, and the spawn that fails leaves up
        // to 256 MiB free, so that it is a thread's stack that cannot be mapped, not the
        // small allocations a thread makes as it starts (with 2 MiB stacks the last thread
        // sometimes got its stack and then failed to map its signal stack, which aborts);
        // the helpers' engines (a few MiB) fit.
        let mut config = alphabeta_config_default();
        config.threads = 1024;
        let sentinel = std::ptr::NonNull::<alphabeta_engine>::dangling().as_ptr();
        let mut engine = sentinel;
        // SAFETY: valid pointers.
        let status = unsafe { alphabeta_engine_new(&config, 4096, &mut engine) };
        assert_eq!(status, alphabeta_status::ALPHABETA_ERROR_THREADS);
        assert_eq!(engine, sentinel, "*out was written on failure");
        // SAFETY: a static string.
        let message = unsafe { std::ffi::CStr::from_ptr(alphabeta_status_message(status as i32)) };
        assert_eq!(
            message.to_str().unwrap(),
            "the thread pool could not be started (the system refused the threads)"
        );
        // The process is still usable: an engine with one thread works.
        config.threads = 1;
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { alphabeta_engine_new(&config, 4096, &mut engine) },
            alphabeta_status::ALPHABETA_OK
        );
        let mut s = State { cells: [0; 9], to_move: 1 };
        let g = game(&mut s, false);
        let limits = alphabeta_limits_depth(9);
        let mut result = alphabeta_result::default();
        // SAFETY: valid pointers; the engine is freed once.
        unsafe {
            let status =
                alphabeta_search(engine, &g, &limits, &mut result, std::ptr::null_mut(), 0);
            assert_eq!(status, alphabeta_status::ALPHABETA_OK);
            alphabeta_engine_free(engine);
        }
        assert_eq!((result.score, result.has_best_move), (0, true));
        println!("pool child: THREADS, *out untouched");
        return;
    }
    // The parent: the same test in a child process with 1 GiB of address space.
    let exe = std::env::current_exe().expect("the test binary");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" --exact \"$1\" --nocapture --test-threads=1")
        .arg(exe)
        .arg("a_thread_pool_that_cannot_start_is_a_status_and_nothing_is_created")
        .env(POOL_CHILD, "1")
        .env("RUST_MIN_STACK", (256u64 << 20).to_string())
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("pool child: THREADS, *out untouched"),
        "the child failed ({}):\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
}
