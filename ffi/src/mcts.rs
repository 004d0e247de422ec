//! Monte Carlo tree search through the C ABI: the same `alphabeta_game` callbacks, an engine
//! in the host's memory (with its arena of nodes) or on the heap, its configuration, limits
//! and results.
//!
//! An MCTS engine is an `alphabeta_engine` like the alpha-beta one: the same storage
//! (`alphabeta_engine_storage`), freed and stopped by `alphabeta_engine_free` and
//! `alphabeta_engine_stop`. The alpha-beta calls refuse it (`WRONG_ENGINE`), and the MCTS
//! calls refuse an alpha-beta engine.

use alphabeta::mcts::{Leaf, Mcts, MctsConfig, MctsError, MctsResult, MctsScheme, Node, WhenFull};

use super::*;

/// `alphabeta_mcts_config.leaf`: random playouts (default).
pub const ALPHABETA_MCTS_LEAF_PLAYOUT: u32 = 0;
/// `alphabeta_mcts_config.leaf`: the evaluate callback at every new leaf, no playout.
pub const ALPHABETA_MCTS_LEAF_EVALUATOR: u32 = 1;
/// `alphabeta_mcts_config.when_full`: stop growing the tree and keep sampling.
pub const ALPHABETA_MCTS_FULL_STOP: u32 = 0;
/// `alphabeta_mcts_config.when_full`: recycle the children of the least-visited nodes
/// (default).
pub const ALPHABETA_MCTS_FULL_RECYCLE: u32 = 1;
/// `alphabeta_mcts_config.scheme`: root parallelism, a tree per thread (default).
pub const ALPHABETA_MCTS_ROOT_PARALLEL: u32 = 0;
/// `alphabeta_mcts_config.scheme`: tree parallelism with virtual loss, one shared tree.
pub const ALPHABETA_MCTS_TREE_PARALLEL: u32 = 1;
/// `alphabeta_mcts_limits.max_iterations`: no iteration limit (`UINT64_MAX`).
pub const ALPHABETA_NO_ITERATION_LIMIT: u64 = u64::MAX;

/// The options of a Monte Carlo engine; start from `alphabeta_mcts_config_default()`. Every
/// field is the Rust `MctsConfig`'s of the same name (see the README).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_mcts_config {
    /// `ALPHABETA_SCORE_INT32` (`evaluate`, the default) or `ALPHABETA_SCORE_DOUBLE`
    /// (`evaluate_double`): the callback that scores terminal positions and cut playouts.
    pub score_type: u32,
    /// UCT's exploration constant: finite, not negative. Default 0.7.
    pub exploration: f64,
    /// MCTS-Solver: proven wins, draws and losses backed up. Default true.
    pub solver: bool,
    /// `ALPHABETA_MCTS_LEAF_PLAYOUT` or `ALPHABETA_MCTS_LEAF_EVALUATOR`.
    pub leaf: u32,
    /// The longest playout in plies (the line from the root is also bounded by
    /// `alphabeta_max_ply()`). Default 1000.
    pub playout_limit: u32,
    /// The playouts' seed: the same seed, position and budget give the same search.
    /// Default 1.
    pub seed: u64,
    /// A score `s` that is not a win or loss becomes the reward `s / (|s| + eval_scale)`:
    /// finite, positive. Default 100.
    pub eval_scale: f64,
    /// Implicit minimax backups' weight, 0 (off, the default) to 1.
    pub implicit_minimax: f64,
    /// Keep the subtree of the moves played with `alphabeta_mcts_play` for the next search.
    /// Default false.
    pub tree_reuse: bool,
    /// `ALPHABETA_MCTS_FULL_STOP` or `ALPHABETA_MCTS_FULL_RECYCLE`.
    pub when_full: u32,
    /// Positions between polls of the clock and the stop flag (0 counts as 1). Default 1024.
    pub poll_interval_nodes: u32,
    /// Threads (std builds, `alphabeta_mcts_new` only): 1 (the default) searches on the
    /// calling thread, 0 every core, at most 1024; more than 1 needs `clone_state` and
    /// `free_state`.
    pub threads: u32,
    /// `ALPHABETA_MCTS_ROOT_PARALLEL` or `ALPHABETA_MCTS_TREE_PARALLEL`.
    pub scheme: u32,
}

/// The default Monte Carlo configuration (the Rust `MctsConfig::new()`, int32 scores, one
/// thread).
#[no_mangle]
pub extern "C" fn alphabeta_mcts_config_default() -> alphabeta_mcts_config {
    let c = MctsConfig::new();
    alphabeta_mcts_config {
        score_type: ALPHABETA_SCORE_INT32,
        exploration: f64::from(c.exploration),
        solver: c.solver,
        leaf: ALPHABETA_MCTS_LEAF_PLAYOUT,
        playout_limit: c.playout_limit,
        seed: c.seed,
        eval_scale: f64::from(c.eval_scale),
        implicit_minimax: f64::from(c.implicit_minimax),
        tree_reuse: c.tree_reuse,
        when_full: match c.when_full {
            WhenFull::Stop => ALPHABETA_MCTS_FULL_STOP,
            _ => ALPHABETA_MCTS_FULL_RECYCLE,
        },
        poll_interval_nodes: c.poll_interval_nodes,
        threads: 1,
        scheme: ALPHABETA_MCTS_ROOT_PARALLEL,
    }
}

/// The Rust configuration and score type (`true`: double) of a C one.
fn convert_mcts(c: &alphabeta_mcts_config) -> Result<(MctsConfig, bool), alphabeta_status> {
    let double = match c.score_type {
        ALPHABETA_SCORE_INT32 => false,
        ALPHABETA_SCORE_DOUBLE => true,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let leaf = match c.leaf {
        ALPHABETA_MCTS_LEAF_PLAYOUT => Leaf::Playout,
        ALPHABETA_MCTS_LEAF_EVALUATOR => Leaf::Evaluator,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let when_full = match c.when_full {
        ALPHABETA_MCTS_FULL_STOP => WhenFull::Stop,
        ALPHABETA_MCTS_FULL_RECYCLE => WhenFull::Recycle,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let scheme = match c.scheme {
        ALPHABETA_MCTS_ROOT_PARALLEL => MctsScheme::Root,
        ALPHABETA_MCTS_TREE_PARALLEL => MctsScheme::Tree,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let config = MctsConfig {
        exploration: c.exploration as f32,
        solver: c.solver,
        leaf,
        playout_limit: c.playout_limit,
        seed: c.seed,
        eval_scale: c.eval_scale as f32,
        implicit_minimax: c.implicit_minimax as f32,
        prior_weight: 0.0,
        tree_reuse: c.tree_reuse,
        when_full,
        poll_interval_nodes: c.poll_interval_nodes,
        threads: c.threads,
        scheme,
    };
    // NaN and out-of-range values (a double too large for a float is infinite).
    config.check().map_err(|_| ALPHABETA_ERROR_BAD_CONFIG)?;
    Ok((config, double))
}

/// The limits of one Monte Carlo search: an iteration budget, a time limit, or both (one of
/// them at least). `alphabeta_engine_stop` ends a search too.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_mcts_limits {
    /// The most iterations (playouts), or `ALPHABETA_NO_ITERATION_LIMIT`.
    pub max_iterations: u64,
    /// Microseconds allowed, measured on the clock, or `ALPHABETA_NO_TIME_LIMIT`. At least one
    /// iteration runs whatever the limit.
    pub time_limit_micros: u64,
    /// The host's clock; NULL uses the library's own clock (std builds only; a `no_std`
    /// build with a time limit and no clock returns `ALPHABETA_ERROR_NO_CLOCK`).
    pub clock: alphabeta_clock_fn,
    /// Passed to `clock`.
    pub clock_user_data: *mut c_void,
}

/// Limits of `max_iterations` iterations, no time limit, no clock.
#[no_mangle]
pub extern "C" fn alphabeta_mcts_limits_iterations(max_iterations: u64) -> alphabeta_mcts_limits {
    alphabeta_mcts_limits {
        max_iterations,
        time_limit_micros: ALPHABETA_NO_TIME_LIMIT,
        clock: None,
        clock_user_data: core::ptr::null_mut(),
    }
}

/// What a Monte Carlo search learnt about one move of the root.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_mcts_child {
    /// The move.
    pub mv: u32,
    /// Iterations through it.
    pub visits: u32,
    /// Its mean reward for the player to move at the root, -1 to 1.
    pub value: f64,
    /// Whether its result is proven (MCTS-Solver).
    pub proven: bool,
    /// The proven result for the player to move at the root: 1 win, 0 draw, -1 loss (0 when
    /// not proven).
    pub outcome: i32,
}

/// The outcome of a Monte Carlo search. The children and the principal line go to the
/// caller's buffers.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_mcts_result {
    /// Whether `best_move` holds a move (false for a terminal root or one without moves).
    pub has_best_move: bool,
    /// The move to play: a proven win if there is one, never a move proven to lose what
    /// another secures, else the most visited.
    pub best_move: u32,
    /// The best move's mean reward (its proven value when proven), -1 to 1.
    pub value: f64,
    /// Whether the root's result is proven.
    pub proven: bool,
    /// The root's proven result for the player to move: 1 win, 0 draw, -1 loss.
    pub outcome: i32,
    /// Iterations run.
    pub iterations: u64,
    /// Positions visited (moves made in the tree and in playouts).
    pub nodes: u64,
    /// Arena nodes in use at the end.
    pub tree_nodes: usize,
    /// The arena's capacity in nodes.
    pub arena_nodes: usize,
    /// Expansions refused because the arena was full.
    pub full_expansions: u64,
    /// Recyclings of the arena.
    pub recyclings: u32,
    /// The deepest node reached in the tree, in plies.
    pub depth: u32,
    /// False when the clock or the stop call ended the search.
    pub completed: bool,
    /// Whether the elapsed time is known (a clock was used).
    pub has_elapsed: bool,
    /// Microseconds from start to end.
    pub elapsed_micros: u64,
    /// Threads that searched.
    pub threads: u32,
    /// The root's moves (entries written: the smaller of this and the buffer's capacity).
    pub children_length: usize,
    /// The principal line's true length (likewise).
    pub pv_length: usize,
}

// The header's `ALPHABETA_MCTS_NODE_SIZE` (written in build.rs, before the types that use it)
// and `alphabeta_mcts_node_storage` (4-byte words) hold a node on every target.
const _: () = assert!(size_of::<Node<u32>>() == 24);
const _: () = assert!(align_of::<Node<u32>>() <= 4);

/// Bytes of one node of an MCTS arena (for `alphabeta_mcts_init`): 24 on every target, the
/// header's `ALPHABETA_MCTS_NODE_SIZE`.
#[no_mangle]
pub extern "C" fn alphabeta_mcts_node_size() -> usize {
    size_of::<Node<u32>>()
}

/// The alignment an arena's memory needs, in bytes: 4.
#[no_mangle]
pub extern "C" fn alphabeta_mcts_node_align() -> usize {
    align_of::<Node<u32>>()
}

/// The status of a Monte Carlo error.
fn mcts_status(error: MctsError) -> alphabeta_status {
    match error {
        MctsError::Search(error) => error.into(),
        MctsError::NoBudget => ALPHABETA_ERROR_NO_BUDGET,
        MctsError::ArenaTooSmall { .. } => ALPHABETA_ERROR_ARENA_MEMORY,
        MctsError::ArenaShareTooSmall { .. } => ALPHABETA_ERROR_ARENA_PER_THREAD,
        MctsError::Threads => ALPHABETA_ERROR_THREADS,
        MctsError::PlayerCount { .. } => ALPHABETA_ERROR_PLAYER_COUNT,
        MctsError::PlayerOutOfRange { .. } => ALPHABETA_ERROR_PLAYER_OUT_OF_RANGE,
        _ => ALPHABETA_ERROR_BAD_CONFIG,
    }
}

/// The nodes an arena memory holds, or why it is unusable: misaligned, fewer than 2 nodes, or
/// overlapping the engine's memory at `engine` (its first `alphabeta_engine_size()` bytes).
fn arena_nodes(
    arena: *mut c_void,
    bytes: usize,
    engine: *mut c_void,
) -> Result<usize, alphabeta_status> {
    if arena.is_null() {
        return Err(ALPHABETA_ERROR_NULL_POINTER);
    }
    let nodes = (bytes / size_of::<Node<u32>>()).min(alphabeta::mcts::MAX_ARENA_NODES);
    if !(arena as usize).is_multiple_of(align_of::<Node<u32>>()) || nodes < 2 {
        return Err(ALPHABETA_ERROR_ARENA_MEMORY);
    }
    let (arena, engine) = (arena as usize, engine as usize);
    if arena < engine.saturating_add(size_of::<alphabeta_engine>())
        && engine < arena.saturating_add(bytes)
    {
        return Err(ALPHABETA_ERROR_ARENA_MEMORY);
    }
    Ok(nodes)
}

/// Builds an MCTS engine in `memory` over the arena `arena` of `nodes` nodes (written here).
///
/// # Safety
/// `memory` is valid for writes of an engine and aligned; `arena` is valid for `nodes` nodes,
/// aligned, and both stay valid and unmoved while the engine is used.
unsafe fn build_mcts(
    memory: *mut alphabeta_engine,
    config: MctsConfig,
    double: bool,
    arena: *mut Node<u32>,
    nodes: usize,
    on_heap: bool,
) {
    for i in 0..nodes {
        // SAFETY: within the arena (the caller's promise); a plain write of a node.
        unsafe { arena.add(i).write(Node::EMPTY) };
    }
    // A heap arena is the engine's to free (`release`).
    let owned = if on_heap { arena.cast::<u8>() } else { core::ptr::null_mut() };
    // SAFETY: initialised above; valid while the engine lives (the caller's promise).
    let arena: &'static mut [Node<u32>] = unsafe { core::slice::from_raw_parts_mut(arena, nodes) };
    let kind = if double {
        Kind::MctsDouble(Mcts::new(DoubleEval, config, arena))
    } else {
        Kind::MctsInt(Mcts::new(IntEval, config, arena))
    };
    // SAFETY: `memory` is valid for writes (the caller's promise).
    unsafe { write_engine(memory, kind, on_heap, nodes, owned) };
}

/// Initialises a Monte Carlo engine in memory the host provides: no heap at all.
///
/// * `memory`, `memory_size`: as for `alphabeta_engine_init` (`alphabeta_engine_size()` bytes
///   aligned to `alphabeta_engine_align()`; an `alphabeta_engine_storage` will do).
/// * `config`: the configuration (NULL: `alphabeta_mcts_config_default()`); `threads` must be
///   1 (so the arena is never split among threads, as root parallelism does with
///   `alphabeta_mcts_new`).
/// * `arena_memory`, `arena_bytes`: the tree's nodes, `alphabeta_mcts_node_size()` bytes each,
///   aligned to `alphabeta_mcts_node_align()`, at least 2 nodes (and enough for the root's
///   children at search time), not overlapping the engine's memory. Written here.
/// * `out`: receives the engine, only on success.
///
/// Free it with `alphabeta_engine_free` (which frees nothing: the memories are yours).
/// Errors: `NULL_POINTER`, `ENGINE_MEMORY`, `ARENA_MEMORY`, `BAD_CONFIG`, `UNSUPPORTED`
/// (`threads` other than 1), `ALREADY_SEARCHING` (the memory holds an engine a call runs on).
/// On an error nothing was written.
///
/// # Safety
/// The pointers are valid for the sizes given.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_mcts_init(
    memory: *mut c_void,
    memory_size: usize,
    config: *const alphabeta_mcts_config,
    arena_memory: *mut c_void,
    arena_bytes: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    guard(|| {
        if memory.is_null() || out.is_null() {
            return ALPHABETA_ERROR_NULL_POINTER;
        }
        // SAFETY: the caller's promise about `memory`.
        if let Err(status) = unsafe { engine_memory(memory, memory_size) } {
            return status;
        }
        // SAFETY: NULL or a config (the caller's promise).
        let config = unsafe { read_or(config, alphabeta_mcts_config_default()) };
        let (rust, double) = match convert_mcts(&config) {
            Ok(parts) => parts,
            Err(status) => return status,
        };
        if config.threads != 1 {
            return ALPHABETA_ERROR_UNSUPPORTED;
        }
        let nodes = match arena_nodes(arena_memory, arena_bytes, memory) {
            Ok(nodes) => nodes,
            Err(status) => return status,
        };
        // SAFETY: `arena_memory` is valid for `arena_bytes` bytes (the caller's promise).
        if unsafe { busy_overlaps(arena_memory.cast(), arena_bytes) } {
            return ALPHABETA_ERROR_ALREADY_SEARCHING;
        }
        let engine = memory.cast::<alphabeta_engine>();
        // SAFETY: memory and arena checked for size and alignment.
        unsafe { build_mcts(engine, rust, double, arena_memory.cast(), nodes, false) };
        // SAFETY: `out` is non-NULL and valid for a write.
        unsafe { out.write(engine) };
        ALPHABETA_OK
    })
}

/// Creates a Monte Carlo engine on the heap (std builds) with an arena of `arena_nodes` nodes
/// (2 to 2^30; `alphabeta_mcts_node_size()` bytes each); its configuration may ask for
/// several threads. Free it with `alphabeta_engine_free`. `*out` is written only on success.
/// Errors: `NULL_POINTER`, `BAD_CONFIG`, `ARENA_MEMORY` (fewer than 2 nodes, or more than
/// 2^30), `ARENA_PER_THREAD`, `OUT_OF_MEMORY`, `UNSUPPORTED` (no_std builds).
///
/// **Root parallelism splits the arena.** With `ALPHABETA_MCTS_ROOT_PARALLEL` (the default
/// scheme) on more than one thread, each thread grows its own tree in `arena_nodes / threads`
/// nodes (`threads` 0 is the machine's core count, read here): a share below 2 nodes is
/// refused here with `ARENA_PER_THREAD`, and a search whose root has more children than a
/// share holds (beside the root) fails with `ARENA_PER_THREAD` too, where one thread with the
/// whole arena would succeed. Give at least `threads * (children + 1)` nodes, fewer threads,
/// or `ALPHABETA_MCTS_TREE_PARALLEL` (one tree in the whole arena).
///
/// # Safety
/// `config` is NULL or points at a config; `out` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_mcts_new(
    config: *const alphabeta_mcts_config,
    arena_nodes: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    #[cfg(feature = "std")]
    {
        guard(|| {
            if out.is_null() {
                return ALPHABETA_ERROR_NULL_POINTER;
            }
            // SAFETY: NULL or a config (the caller's promise).
            let config = unsafe { read_or(config, alphabeta_mcts_config_default()) };
            let (rust, double) = match convert_mcts(&config) {
                Ok(parts) => parts,
                Err(status) => return status,
            };
            let nodes = arena_nodes;
            if !(2..=alphabeta::mcts::MAX_ARENA_NODES).contains(&nodes) {
                return ALPHABETA_ERROR_ARENA_MEMORY;
            }
            if rust.scheme == MctsScheme::Root {
                let threads = match rust.threads {
                    0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                    n => n as usize,
                };
                if threads > 1 && nodes / threads < 2 {
                    return ALPHABETA_ERROR_ARENA_PER_THREAD;
                }
            }
            let mut arena: Vec<Node<u32>> = Vec::new();
            if arena.try_reserve_exact(nodes).is_err() {
                return ALPHABETA_ERROR_OUT_OF_MEMORY;
            }
            arena.resize(nodes, Node::EMPTY);
            let arena = Box::into_raw(arena.into_boxed_slice()).cast::<Node<u32>>();
            let memory: Box<core::mem::MaybeUninit<alphabeta_engine>> = Box::new_uninit();
            let engine = Box::into_raw(memory).cast::<alphabeta_engine>();
            // SAFETY: fresh heap memory for the engine and the arena, which the engine owns
            // (`release` frees it).
            unsafe { build_mcts(engine, rust, double, arena, nodes, true) };
            // SAFETY: `out` is valid for a write.
            unsafe { out.write(engine) };
            ALPHABETA_OK
        })
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = (config, arena_nodes, out);
        ALPHABETA_ERROR_UNSUPPORTED
    }
}

/// Frees a heap arena of `nodes` nodes made by `alphabeta_mcts_new`.
///
/// # Safety
/// `arena` came from `alphabeta_mcts_new` with `nodes` nodes and is not used afterwards.
#[cfg(feature = "std")]
pub(crate) unsafe fn free_arena(arena: *mut u8, nodes: usize) {
    if arena.is_null() {
        return;
    }
    // SAFETY: a boxed slice of `nodes` nodes (the caller's promise).
    unsafe {
        drop(Box::from_raw(core::ptr::slice_from_raw_parts_mut(arena.cast::<Node<u32>>(), nodes)))
    };
}

/// Searches the position of `game` with a Monte Carlo engine.
///
/// * `game`: the callbacks (as for `alphabeta_search`; `min_plies_to_*`, `is_tactical` and
///   the quiescence callback are not used). The position is back in place when the call
///   returns.
/// * `limits`: an iteration budget or a time limit (at least one; `NO_BUDGET` otherwise).
/// * `result`: written on success (and on the truncation statuses).
/// * `children`, `children_capacity`: a buffer for the root's moves and their statistics, or
///   NULL and 0. `pv`, `pv_capacity`: a buffer for the principal line, or NULL and 0. A buffer
///   too small gets what fits and the call returns `CHILDREN_TRUNCATED` (the children's
///   buffer, first) or `PV_TRUNCATED`, with the result complete.
///
/// Errors: `NULL_POINTER`, `NOT_AN_ENGINE`, `WRONG_ENGINE` (an alpha-beta engine),
/// `NULL_CALLBACK`, `ALREADY_SEARCHING`, `NO_BUDGET`, `NO_CLOCK`, `ARENA_MEMORY` (the arena
/// cannot hold the root's children), `ARENA_PER_THREAD` (root parallelism: one thread's share
/// of the arena cannot hold them; see `alphabeta_mcts_new`), `MOVE_OVERFLOW`, `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`,
/// `SCORE_OUT_OF_RANGE`, `CLONE_FAILED`, `THREADS`, `CHILDREN_TRUNCATED`, `PV_TRUNCATED`,
/// `PANIC`.
///
/// # Safety
/// Every non-NULL pointer is valid; the callbacks behave as documented.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn alphabeta_mcts_search(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    limits: *const alphabeta_mcts_limits,
    result: *mut alphabeta_mcts_result,
    children: *mut alphabeta_mcts_child,
    children_capacity: usize,
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    if game.is_null()
        || limits.is_null()
        || result.is_null()
        || (pv.is_null() && pv_capacity > 0)
        || (children.is_null() && children_capacity > 0)
    {
        return detail::refuse(ALPHABETA_ERROR_NULL_POINTER, c"a pointer argument is NULL");
    }
    // SAFETY: checked non-NULL; valid by the caller's promise.
    let (table, limits) = unsafe { (*game, *limits) };
    let body = |kind: &mut Kind, stop: &AtomicBool| {
        if !kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let mut game = match CGame::for_engine(table, kind, &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        if limits.max_iterations == ALPHABETA_NO_ITERATION_LIMIT
            && limits.time_limit_micros == ALPHABETA_NO_TIME_LIMIT
        {
            return ALPHABETA_ERROR_NO_BUDGET;
        }
        let depth_limits = alphabeta_limits {
            time_limit_micros: limits.time_limit_micros,
            clock: limits.clock,
            clock_user_data: limits.clock_user_data,
            ..alphabeta_limits_depth(1)
        };
        let clocks = Clocks::new(&depth_limits);
        let mut rust_limits = clocks.limits(&depth_limits);
        rust_limits.stop = Some(stop);
        if limits.max_iterations != ALPHABETA_NO_ITERATION_LIMIT {
            rust_limits.max_iterations = Some(limits.max_iterations);
        }
        let out = match kind {
            Kind::MctsInt(engine) => run_mcts(engine, &mut game, &rust_limits),
            Kind::MctsDouble(engine) => run_mcts(engine, &mut game, &rust_limits),
            _ => return ALPHABETA_ERROR_WRONG_ENGINE,
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            if status == ALPHABETA_ERROR_CLONE_FAILED {
                // The placeholder copy's statistics may be in a kept tree.
                kind.clear_table();
            }
            return status;
        }
        match out {
            // SAFETY: the buffers hold their capacities (the caller's promise).
            Ok(found) => unsafe {
                write_mcts(&found, result, children, children_capacity, pv, pv_capacity)
            },
            Err(error) => mcts_status(error),
        }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}

/// One search, sequential or on the configured threads.
fn run_mcts<E>(
    engine: &mut Mcts<CGame, E, MAX_MOVES, MAX_PLY, &'static mut [Node<u32>]>,
    game: &mut CGame,
    limits: &Limits<'_>,
) -> Result<MctsResult<u32, MAX_MOVES, MAX_PLY>, MctsError>
where
    E: Evaluator<CGame> + Sync,
{
    #[cfg(feature = "std")]
    if engine.config().threads != 1 {
        return engine.search_parallel(game, limits);
    }
    engine.search(game, limits)
}

/// Writes a result and the buffers; the status says whether a buffer was too small.
///
/// # Safety
/// `result` is valid for a write; the buffers hold their capacities (or are NULL with 0).
unsafe fn write_mcts(
    found: &MctsResult<u32, MAX_MOVES, MAX_PLY>,
    result: *mut alphabeta_mcts_result,
    children: *mut alphabeta_mcts_child,
    children_capacity: usize,
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    let outcome = |o: Option<alphabeta::mcts::Outcome>| o.map_or(0, |o| o.value());
    let c = alphabeta_mcts_result {
        has_best_move: found.best_move.is_some(),
        best_move: found.best_move.unwrap_or(0),
        value: f64::from(found.value),
        proven: found.proven.is_some(),
        outcome: outcome(found.proven),
        iterations: found.iterations,
        nodes: found.nodes,
        tree_nodes: found.tree_nodes,
        arena_nodes: found.arena_capacity,
        full_expansions: found.full_expansions,
        recyclings: found.recyclings,
        depth: found.depth,
        completed: found.completed,
        has_elapsed: found.elapsed_micros.is_some(),
        elapsed_micros: found.elapsed_micros.unwrap_or(0),
        threads: found.threads,
        children_length: found.children.len(),
        pv_length: found.pv.len(),
    };
    for (i, child) in found.children.iter().take(children_capacity).enumerate() {
        let entry = alphabeta_mcts_child {
            mv: child.mv,
            visits: child.visits,
            value: f64::from(child.value),
            proven: child.proven.is_some(),
            outcome: outcome(child.proven),
        };
        // SAFETY: `i < children_capacity`, within the buffer.
        unsafe { children.add(i).write(entry) };
    }
    let written = found.pv.len().min(pv_capacity);
    if written > 0 {
        // SAFETY: `pv` holds `pv_capacity >= written` moves.
        unsafe { core::ptr::copy_nonoverlapping(found.pv.as_ptr(), pv, written) };
    }
    // SAFETY: valid for a write.
    unsafe { result.write(c) };
    if found.children.len() > children_capacity && !children.is_null() {
        ALPHABETA_ERROR_CHILDREN_TRUNCATED
    } else if found.pv.len() > pv_capacity && !pv.is_null() {
        ALPHABETA_ERROR_PV_TRUNCATED
    } else {
        ALPHABETA_OK
    }
}

/// Plays `mv` on the game (its `make_move` callback) and, with `tree_reuse`, keeps the
/// subtree of `mv` for the next search: call it for every move of the game, the engine's and
/// the opponent's. Without tree reuse it only plays the move. Errors: `NULL_POINTER`,
/// `NOT_AN_ENGINE`, `WRONG_ENGINE`, `NULL_CALLBACK`, `ALREADY_SEARCHING`.
///
/// # Safety
/// As `alphabeta_mcts_search`; `mv` is a legal move of the position.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_mcts_play(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    mv: u32,
) -> alphabeta_status {
    if game.is_null() {
        return detail::refuse(ALPHABETA_ERROR_NULL_POINTER, c"game is NULL");
    }
    // SAFETY: checked non-NULL.
    let table = unsafe { *game };
    let body = |kind: &mut Kind, _: &AtomicBool| {
        if !kind.is_mcts() {
            return ALPHABETA_ERROR_WRONG_ENGINE;
        }
        let error = AtomicI32::new(0);
        let mut game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        match kind {
            Kind::MctsInt(engine) => engine.play(&mut game, mv),
            Kind::MctsDouble(engine) => engine.play(&mut game, mv),
            _ => return ALPHABETA_ERROR_WRONG_ENGINE,
        }
        ALPHABETA_OK
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}
