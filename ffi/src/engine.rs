//! The engine's lifetime: its memory, initialisation, freeing, stopping, and the guard that
//! keeps one call at a time on it.

use super::*;

pub(crate) type IntEngine = Engine<
    CGame,
    IntEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, i32>,
    DefaultSorter<u32, MAX_PLY>,
>;
pub(crate) type DoubleEngine = Engine<
    CGame,
    DoubleEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, f64>,
    DefaultSorter<u32, MAX_PLY>,
>;

#[cfg(feature = "std")]
pub(crate) type IntParallel = alphabeta::parallel::ParallelEngine<
    CGame,
    IntEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, i32>,
    DefaultSorter<u32, MAX_PLY>,
>;
#[cfg(feature = "std")]
pub(crate) type DoubleParallel = alphabeta::parallel::ParallelEngine<
    CGame,
    DoubleEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, f64>,
    DefaultSorter<u32, MAX_PLY>,
>;

/// A Monte Carlo engine over the host's game, its arena in the host's memory (or owned by the
/// engine, for `alphabeta_mcts_new`).
pub(crate) type MctsEngine<E> =
    alphabeta::mcts::Mcts<CGame, E, MAX_MOVES, MAX_PLY, &'static mut [alphabeta::mcts::Node<u32>]>;

pub(crate) enum Kind {
    Int(IntEngine),
    Double(DoubleEngine),
    #[cfg(feature = "std")]
    IntParallel(Box<IntParallel>),
    #[cfg(feature = "std")]
    DoubleParallel(Box<DoubleParallel>),
    MctsInt(MctsEngine<IntEval>),
    MctsDouble(MctsEngine<DoubleEval>),
}

impl Kind {
    pub(crate) fn is_double(&self) -> bool {
        match self {
            Kind::Double(_) | Kind::MctsDouble(_) => true,
            #[cfg(feature = "std")]
            Kind::DoubleParallel(_) => true,
            _ => false,
        }
    }

    /// A Monte Carlo engine (`alphabeta_mcts_init`, `alphabeta_mcts_new`).
    pub(crate) fn is_mcts(&self) -> bool {
        matches!(self, Kind::MctsInt(_) | Kind::MctsDouble(_))
    }

    pub(crate) fn is_parallel(&self) -> bool {
        match self {
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => engine.threads() > 1,
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => engine.threads() > 1,
            Kind::MctsInt(engine) => engine.config().threads != 1,
            Kind::MctsDouble(engine) => engine.config().threads != 1,
            _ => false,
        }
    }

    /// The engine that runs on the calling thread (a window search, the table).
    pub(crate) fn int_engine(&mut self) -> Option<&mut IntEngine> {
        match self {
            Kind::Int(engine) => Some(engine),
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => Some(engine.engine_mut()),
            _ => None,
        }
    }

    pub(crate) fn double_engine(&mut self) -> Option<&mut DoubleEngine> {
        match self {
            Kind::Double(engine) => Some(engine),
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => Some(engine.engine_mut()),
            _ => None,
        }
    }

    /// Empties the engine's transposition table (a Monte Carlo engine's kept tree).
    pub(crate) fn clear_table(&mut self) {
        if let Kind::MctsInt(engine) = self {
            engine.clear_tree();
        } else if let Kind::MctsDouble(engine) = self {
            engine.clear_tree();
        } else if let Some(engine) = self.int_engine() {
            engine.table().clear();
        } else if let Some(engine) = self.double_engine() {
            engine.table().clear();
        }
    }
}

const MAGIC: u64 = 0x616c_7068_6162_6574; // "alphabet"

/// `alphabeta_engine.state`: no call runs.
const IDLE: u8 = 0;
/// `alphabeta_engine.state`: a search (or a table or history call) runs.
const SEARCHING: u8 = 1;
/// `alphabeta_engine.state`: a call runs and the engine was freed meanwhile; the call frees
/// it when it returns.
const FREE_PENDING: u8 = 2;
/// `alphabeta_engine.state`: being freed.
const FREEING: u8 = 3;

/// An engine. Opaque: create one with `alphabeta_engine_init` (in memory you provide) or
/// `alphabeta_engine_new` (std builds).
pub struct alphabeta_engine {
    magic: u64,
    /// Raised by `alphabeta_engine_stop`; cleared when a search starts.
    stop: AtomicBool,
    /// `IDLE`, `SEARCHING` (a call runs), `FREE_PENDING` (`alphabeta_engine_free` was called
    /// while a call runs: the call frees the engine on its way out) or `FREEING`.
    state: AtomicU8,
    /// Made by `alphabeta_engine_new` (freeing it returns the memory), not
    /// `alphabeta_engine_init` (the memory is the host's).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    on_heap: bool,
    /// The table's generation counter (the table's slots are in the host's memory).
    generation: AtomicU8,
    /// Whether `alphabeta_engine_free` must free the table (std builds).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    owns_table: bool,
    /// The table's slots and memory (freed by `alphabeta_engine_free` when owned).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    table_slots: usize,
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    table_memory: *mut u8,
    kind: UnsafeCell<Kind>,
}

/// The bytes that hold an engine of a library built for `max_ply` plies on every supported
/// target, 32- or 64-bit, with or without `std`: the header's
/// `ALPHABETA_ENGINE_STORAGE_SIZE_FOR(max_ply)`, `4 (P + 1)(P + 4) + 16 P + 2560` for `P` plies
/// (the principal-variation tables, the killers, and the rest). Checked for this build below;
/// `alphabeta_engine_init` still checks the size it is given.
pub const fn engine_storage_size(max_ply: usize) -> usize {
    4 * (max_ply + 1) * (max_ply + 4) + 16 * max_ply + 2560
}

/// The alignment every engine needs at most, in bytes (`alphabeta_engine_align()` is at most
/// this): 8, the alignment of `uint64_t` on the supported targets.
pub const ALPHABETA_ENGINE_ALIGN: usize = 8;

// The header's storage holds an engine of this build: a target or a change that outgrows it
// fails to compile.
const _: () = assert!(size_of::<alphabeta_engine>() <= engine_storage_size(MAX_PLY));
const _: () = assert!(engine_storage_size(MAX_PLY).is_multiple_of(ALPHABETA_ENGINE_ALIGN));
const _: () = assert!(align_of::<alphabeta_engine>() <= ALPHABETA_ENGINE_ALIGN);

/// The bytes an engine needs (for `alphabeta_engine_init`).
#[no_mangle]
pub extern "C" fn alphabeta_engine_size() -> usize {
    size_of::<alphabeta_engine>()
}

/// The alignment an engine's memory needs, in bytes.
#[no_mangle]
pub extern "C" fn alphabeta_engine_align() -> usize {
    align_of::<alphabeta_engine>()
}

/// The bytes of one table slot for a score type: 16 for `ALPHABETA_SCORE_INT32`; for
/// `ALPHABETA_SCORE_DOUBLE` 24 on targets with 64-bit atomics (x86-64, AArch64) and 20 on the
/// others (32-bit microcontrollers); 0 for any other value. Table memory must be 16-byte
/// aligned.
#[no_mangle]
pub extern "C" fn alphabeta_table_slot_size(score_type: u32) -> usize {
    match score_type {
        ALPHABETA_SCORE_INT32 => size_of::<Slot32>(),
        ALPHABETA_SCORE_DOUBLE => size_of::<Slot64>(),
        _ => 0,
    }
}

/// Runs `body`, catching a panic under std, and records the detail of a failure
/// (`alphabeta_last_error_detail`).
pub(crate) fn guard(body: impl FnOnce() -> alphabeta_status) -> alphabeta_status {
    let outer = detail::begin();
    #[cfg(feature = "std")]
    let status = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body))
        .unwrap_or(ALPHABETA_ERROR_PANIC);
    #[cfg(not(feature = "std"))]
    let status = body();
    detail::end(status, outer);
    status
}

/// Builds the engine in `memory` (not yet a valid engine) over a table of `slots` slots at
/// `table`. On failure `memory` holds no engine (whatever was built in it is dropped and its
/// magic cleared).
///
/// # Safety
/// `memory` is valid for writes of an engine and suitably aligned; `table` is valid for
/// `slots` slots of the score type and 16-byte aligned (or `slots` is 0), and both stay valid
/// and unmoved until the engine is no longer used.
unsafe fn build(
    memory: *mut alphabeta_engine,
    config: &alphabeta_config,
    table: *mut u8,
    slots: usize,
    on_heap: bool,
) -> alphabeta_status {
    #[cfg(feature = "std")]
    let min_split_nodes = u64::from(config.parallel_min_split_nodes);
    let (config, ordering, double) = match convert(config) {
        Ok(parts) => parts,
        Err(status) => return status,
    };
    let table_memory = table;
    // The table's generation counter lives in the engine's memory: written first, so that
    // the engine can be built once, straight into `memory` (an engine is kilobytes; a second
    // one as a placeholder on the stack would cost a microcontroller twice that).
    // SAFETY: `memory` is valid for writes (the caller's promise); `write_engine` writes the
    // same value again with the rest.
    let generation: &'static AtomicU8 = unsafe {
        let field = core::ptr::addr_of_mut!((*memory).generation);
        field.write(AtomicU8::new(0));
        // The slots and the generation live as long as the engine (the caller's promise), so
        // extending the lifetime to 'static is sound while it is used.
        &*field
    };
    if double {
        let table = if slots >= 2 {
            // SAFETY: `table` holds `slots` 16-byte-aligned slots (the caller's promise);
            // zeroed below.
            unsafe { core::slice::from_raw_parts(table.cast::<Slot64>(), slots) }
        } else {
            &[]
        };
        zero(table);
        let kind = Kind::Double(Engine::with_parts(
            DoubleEval,
            config,
            TableSlice::new(table, generation),
            DefaultSorter::with_config(ordering),
        ));
        // SAFETY: `memory` is valid for writes (the caller's promise).
        unsafe { write_engine(memory, kind, on_heap, slots, table_memory) };
    } else {
        let table = if slots >= 2 {
            // SAFETY: as above.
            unsafe { core::slice::from_raw_parts(table.cast::<Slot32>(), slots) }
        } else {
            &[]
        };
        zero(table);
        let kind = Kind::Int(Engine::with_parts(
            IntEval,
            config,
            TableSlice::new(table, generation),
            DefaultSorter::with_config(ordering),
        ));
        // SAFETY: as above.
        unsafe { write_engine(memory, kind, on_heap, slots, table_memory) };
    }
    // SAFETY: just written.
    #[cfg_attr(not(feature = "std"), allow(unused_variables))]
    let kind = unsafe { (*memory).kind.get_mut() };
    #[cfg(feature = "std")]
    if config.threads != 1 {
        // The sequential engine becomes the main engine of a parallel one.
        let placeholder = Kind::Int(Engine::with_parts(
            IntEval,
            config,
            TableSlice::new(&[], &EMPTY_GENERATION),
            DefaultSorter::with_config(ordering),
        ));
        let parallel = match core::mem::replace(kind, placeholder) {
            Kind::Int(engine) => alphabeta::parallel::ParallelEngine::new(engine).map(|mut p| {
                p.set_min_split_nodes(min_split_nodes);
                Kind::IntParallel(Box::new(p))
            }),
            Kind::Double(engine) => {
                alphabeta::parallel::ParallelEngine::new(engine).map(|mut p| {
                    p.set_min_split_nodes(min_split_nodes);
                    Kind::DoubleParallel(Box::new(p))
                })
            }
            other => Ok(other),
        };
        match parallel {
            Ok(parallel) => *kind = parallel,
            Err(error) => {
                // Nothing is left half-made: the engine is dropped, and `memory` no longer
                // reads as one.
                // SAFETY: `memory` holds the engine written above, dropped once; the magic
                // is plain data, written after.
                unsafe {
                    core::ptr::drop_in_place(memory);
                    core::ptr::addr_of_mut!((*memory).magic).write(0);
                }
                return match error {
                    alphabeta::parallel::ParallelError::TooManyThreads { .. } => detail::fail(
                        ALPHABETA_ERROR_BAD_CONFIG,
                        c"config.threads asks for more threads than a pool may have",
                        Value::Unsigned(config.threads.into()),
                    ),
                    _ => detail::fail(
                        ALPHABETA_ERROR_THREADS,
                        c"the operating system refused the threads config.threads asks for",
                        Value::Unsigned(config.threads.into()),
                    ),
                };
            }
        }
    }
    ALPHABETA_OK
}

/// Writes an idle engine of `kind` to `memory`, with its table's or arena's memory at `owned`:
/// `memory_items` table slots or arena nodes, freed with a heap engine (`release`).
///
/// # Safety
/// `memory` is valid for writes of an engine and aligned.
pub(crate) unsafe fn write_engine(
    memory: *mut alphabeta_engine,
    kind: Kind,
    on_heap: bool,
    memory_items: usize,
    owned: *mut u8,
) {
    let engine = alphabeta_engine {
        magic: MAGIC,
        stop: AtomicBool::new(false),
        state: AtomicU8::new(IDLE),
        on_heap,
        generation: AtomicU8::new(0),
        owns_table: on_heap,
        table_slots: memory_items,
        table_memory: owned,
        kind: UnsafeCell::new(kind),
    };
    // SAFETY: `memory` is valid for writes (the caller's promise).
    unsafe { memory.write(engine) };
}

/// `*value`, or `default` when `value` is NULL (a configuration argument).
///
/// # Safety
/// `value` is NULL or valid for a read.
pub(crate) unsafe fn read_or<T: Copy>(value: *const T, default: T) -> T {
    if value.is_null() {
        default
    } else {
        // SAFETY: non-NULL, valid (the caller's promise).
        unsafe { *value }
    }
}

/// Checks memory for an engine: large enough, aligned, and not an engine a call runs on.
///
/// # Safety
/// `memory` is valid for reads of `size` bytes.
pub(crate) unsafe fn engine_memory(
    memory: *mut c_void,
    size: usize,
) -> Result<(), alphabeta_status> {
    if size < size_of::<alphabeta_engine>() {
        return Err(detail::fail(
            ALPHABETA_ERROR_ENGINE_MEMORY,
            c"memory_size must be at least alphabeta_engine_size()",
            Value::Unsigned(size as u64),
        ));
    }
    if !(memory as usize).is_multiple_of(align_of::<alphabeta_engine>()) {
        return Err(detail::fail(
            ALPHABETA_ERROR_ENGINE_MEMORY,
            c"memory must be aligned to alphabeta_engine_align()",
            Value::Address(memory as usize),
        ));
    }
    // A call runs on an engine there (this is one of its callbacks, or the engine was freed
    // during the call, which only defers the free): building over it would rewrite the engine
    // that call uses. Nothing is touched.
    // SAFETY: `memory` is valid for an engine (the caller's promise).
    if unsafe { busy::overlaps(memory.cast(), size_of::<alphabeta_engine>()) } {
        return Err(detail::fail(
            ALPHABETA_ERROR_ALREADY_SEARCHING,
            c"memory holds an engine on which a call runs",
            Value::Address(memory as usize),
        ));
    }
    Ok(())
}

/// Whether the bytes `start..start + len` overlap an engine a call runs on.
///
/// # Safety
/// As `busy::overlaps`.
pub(crate) unsafe fn busy_overlaps(start: *const u8, len: usize) -> bool {
    // SAFETY: forwarded.
    unsafe { busy::overlaps(start, len) }
}

/// The generation of an empty table: the placeholder engine's while a parallel one is made.
#[cfg(feature = "std")]
static EMPTY_GENERATION: AtomicU8 = AtomicU8::new(0);

/// Empties a table in caller memory (every word zero: no entry).
pub(crate) fn zero<L: Slot>(slots: &[L]) {
    for slot in slots {
        for word in slot.words() {
            word.store(0, Ordering::Relaxed);
        }
    }
}

/// Initialises an engine in memory the host provides: no heap at all.
///
/// * `memory`, `memory_size`: at least `alphabeta_engine_size()` bytes aligned to
///   `alphabeta_engine_align()`.
/// * `config`: the configuration (NULL: `alphabeta_config_default()`).
/// * `table_memory`, `table_bytes`: the transposition table, 16-byte aligned, holding
///   `table_bytes / alphabeta_table_slot_size(score_type)` slots (at least 2), and not
///   overlapping the engine's memory (its first `alphabeta_engine_size()` bytes); NULL and 0
///   for no table. It is zeroed here.
/// * `out`: receives the engine (the same address as `memory`), only on success.
///
/// Both memories must stay valid and unmoved while the engine is used; nothing needs
/// freeing afterwards (`alphabeta_engine_free` may end the engine, which then reads as no
/// engine, but frees nothing). Errors: `NULL_POINTER`, `ENGINE_MEMORY`, `TABLE_MEMORY`
/// (also a table overlapping the engine memory), `BAD_CONFIG`, `UNSUPPORTED` (`threads` other
/// than 1: a thread pool needs `alphabeta_engine_new`), `ALREADY_SEARCHING` (see below). On
/// an error nothing was written, neither the memories nor `*out`.
///
/// **Memory that already holds an engine.** If a call runs on that engine (this is one of
/// its callbacks, or `alphabeta_engine_free` was called during the call, which only defers
/// the free until the call returns), the answer is `ALPHABETA_ERROR_ALREADY_SEARCHING` and the
/// engine is left as it was; so it is when the table memory overlaps such an engine. Build the
/// new engine after that call has returned. An idle engine made here is simply replaced: the
/// old one owned nothing (no heap, no threads), so nothing leaks, and the new engine's
/// pointer is the same as the old one's. Memory of an engine from `alphabeta_engine_new` is
/// not yours to build in.
///
/// # Safety
/// The pointers are valid for the sizes given.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_init(
    memory: *mut c_void,
    memory_size: usize,
    config: *const alphabeta_config,
    table_memory: *mut c_void,
    table_bytes: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    guard(|| {
        if memory.is_null() {
            return detail::fail(ALPHABETA_ERROR_NULL_POINTER, c"memory is NULL", Value::None);
        }
        if out.is_null() {
            return detail::fail(ALPHABETA_ERROR_NULL_POINTER, c"out is NULL", Value::None);
        }
        // SAFETY: the caller's promise about `memory`.
        if let Err(status) = unsafe { engine_memory(memory, memory_size) } {
            return status;
        }
        // SAFETY: NULL or a config (the caller's promise).
        let config = unsafe { read_or(config, alphabeta_config_default()) };
        if let Err(status) = convert(&config) {
            return status;
        }
        if config.threads != 1 {
            // A thread pool needs the heap: only `alphabeta_engine_new` makes one.
            return detail::fail(
                ALPHABETA_ERROR_UNSUPPORTED,
                c"config.threads must be 1 for alphabeta_engine_init: several threads need \
                  alphabeta_engine_new (std builds)",
                Value::Unsigned(config.threads.into()),
            );
        }
        let slots = match table_slots(&config, table_memory, table_bytes, memory) {
            Ok(slots) => slots,
            Err(status) => return status,
        };
        // The table is zeroed: not over an engine a call uses either.
        // SAFETY: `table_memory` is valid for `table_bytes` bytes (the caller's promise).
        if slots > 0 && unsafe { busy::overlaps(table_memory.cast(), table_bytes) } {
            return detail::fail(
                ALPHABETA_ERROR_ALREADY_SEARCHING,
                c"table_memory overlaps an engine on which a call runs",
                Value::Address(table_memory as usize),
            );
        }
        let engine = memory.cast::<alphabeta_engine>();
        // SAFETY: memory checked for size and alignment; the table for alignment and size.
        let status = unsafe { build(engine, &config, table_memory.cast(), slots, false) };
        if status == ALPHABETA_OK {
            // SAFETY: `out` is non-NULL and valid for a write.
            unsafe { out.write(engine) };
        }
        status
    })
}

/// How many slots the table memory holds, or why it is unusable: misaligned, fewer than 2
/// slots, or overlapping the engine's memory at `engine` (its first `alphabeta_engine_size()`
/// bytes, which `build` writes before it zeroes the table).
fn table_slots(
    config: &alphabeta_config,
    table: *mut c_void,
    bytes: usize,
    engine: *mut c_void,
) -> Result<usize, alphabeta_status> {
    if table.is_null() {
        return if bytes == 0 {
            Ok(0)
        } else {
            Err(detail::fail(
                ALPHABETA_ERROR_NULL_POINTER,
                c"table_memory is NULL but table_bytes is not 0",
                Value::Unsigned(bytes as u64),
            ))
        };
    }
    let slots = bytes / alphabeta_table_slot_size(config.score_type);
    if !(table as usize).is_multiple_of(16) {
        return Err(detail::fail(
            ALPHABETA_ERROR_TABLE_MEMORY,
            c"table_memory must be aligned to 16 bytes",
            Value::Address(table as usize),
        ));
    }
    if slots < 2 {
        return Err(detail::fail(
            ALPHABETA_ERROR_TABLE_MEMORY,
            c"table_bytes must hold at least 2 slots of alphabeta_table_slot_size(score_type)",
            Value::Unsigned(bytes as u64),
        ));
    }
    let (table, engine) = (table as usize, engine as usize);
    let overlap = table < engine.saturating_add(size_of::<alphabeta_engine>())
        && engine < table.saturating_add(bytes);
    if overlap {
        return Err(detail::fail(
            ALPHABETA_ERROR_TABLE_MEMORY,
            c"table_memory overlaps the engine's memory (its first alphabeta_engine_size() bytes)",
            Value::Address(table),
        ));
    }
    Ok(slots)
}

/// Creates an engine on the heap (std builds) with a table of `table_slots` slots (0: none),
/// searching on `config->threads` threads (a pool that lives as long as the engine). Free it
/// with `alphabeta_engine_free`. `*out` is written only on success: after an error nothing was
/// created and there is nothing to free. Errors: `NULL_POINTER`, `BAD_CONFIG`,
/// `OUT_OF_MEMORY` (the table is too large), `THREADS` (the operating system refused the
/// pool's threads), `UNSUPPORTED` (no_std builds).
///
/// # Safety
/// `config` is NULL or points at a config; `out` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_new(
    config: *const alphabeta_config,
    table_slots: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    #[cfg(feature = "std")]
    {
        guard(|| {
            if out.is_null() {
                return detail::fail(ALPHABETA_ERROR_NULL_POINTER, c"out is NULL", Value::None);
            }
            // SAFETY: NULL or a config (the caller's promise).
            let config = unsafe { read_or(config, alphabeta_config_default()) };
            if let Err(status) = convert(&config) {
                return status;
            }

            let slots = if table_slots == 1 { 0 } else { table_slots };
            let out_of_memory = || {
                detail::fail(
                    ALPHABETA_ERROR_OUT_OF_MEMORY,
                    c"table_slots is more than the memory can hold",
                    Value::Unsigned(slots as u64),
                )
            };
            let table: *mut u8 = if slots == 0 {
                core::ptr::null_mut()
            } else if config.score_type == ALPHABETA_SCORE_DOUBLE {
                match slot_table::<Slot64>(slots) {
                    Some(table) => table,
                    None => return out_of_memory(),
                }
            } else {
                match slot_table::<Slot32>(slots) {
                    Some(table) => table,
                    None => return out_of_memory(),
                }
            };
            let memory: Box<core::mem::MaybeUninit<alphabeta_engine>> = Box::new_uninit();
            let engine = Box::into_raw(memory).cast::<alphabeta_engine>();
            // SAFETY: fresh heap memory for the engine and the table.
            let status = unsafe { build(engine, &config, table, slots, true) };
            if status != ALPHABETA_OK {
                // `*out` is written only on success: free what was made for the engine.
                // SAFETY: `build` left the memory without an engine (it dropped what it
                // built); the box and the table were allocated above, and are freed once.
                unsafe {
                    drop(Box::from_raw(engine.cast::<core::mem::MaybeUninit<alphabeta_engine>>()));
                    free_table(table, slots, config.score_type == ALPHABETA_SCORE_DOUBLE);
                }
                return status;
            }
            // SAFETY: `out` is valid for a write.
            unsafe { out.write(engine) };
            ALPHABETA_OK
        })
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = (config, table_slots, out);
        guard(|| {
            detail::fail(
                ALPHABETA_ERROR_UNSUPPORTED,
                c"alphabeta_engine_new needs the standard library: use alphabeta_engine_init",
                Value::None,
            )
        })
    }
}

/// A heap table of `slots` empty slots, or `None` when the memory cannot be had (instead of
/// aborting the host).
#[cfg(feature = "std")]
fn slot_table<L: Slot>(slots: usize) -> Option<*mut u8> {
    let mut table: Vec<L> = Vec::new();
    table.try_reserve_exact(slots).ok()?;
    table.extend((0..slots).map(|_| L::EMPTY));
    Some(Box::into_raw(table.into_boxed_slice()).cast())
}

/// Frees a heap table of `slots` slots made by `slot_table` (NULL: nothing).
///
/// # Safety
/// `table` is NULL or came from `slot_table` with `slots` slots of the score type, and is not
/// used afterwards.
#[cfg(feature = "std")]
unsafe fn free_table(table: *mut u8, slots: usize, double: bool) {
    if table.is_null() {
        return;
    }
    // SAFETY: allocated by `slot_table` as a boxed slice of `slots` (the caller's promise).
    unsafe {
        if double {
            drop(Box::from_raw(core::ptr::slice_from_raw_parts_mut(table.cast::<Slot64>(), slots)));
        } else {
            drop(Box::from_raw(core::ptr::slice_from_raw_parts_mut(table.cast::<Slot32>(), slots)));
        }
    }
}

/// Ends an engine: a heap engine is freed with its table (its pool threads joined first); an
/// engine in host memory is dropped in place and its magic cleared, so that later calls with
/// the pointer return `NOT_AN_ENGINE` while the memory is the host's again.
///
/// # Safety
/// `engine` is a live engine that no call is using (its state is `FREEING`, or a call that
/// ran on it has just finished), released once.
unsafe fn release(engine: *mut alphabeta_engine) {
    // SAFETY: a live engine (the caller's promise).
    let on_heap = unsafe { (*engine).on_heap };
    #[cfg(feature = "std")]
    if on_heap {
        // SAFETY: from `alphabeta_engine_new`, so a box, freed once.
        let boxed = unsafe { Box::from_raw(engine) };
        let (owned, table, slots) = (boxed.owns_table, boxed.table_memory, boxed.table_slots);
        // SAFETY: no call uses the engine (the caller's promise).
        let (double, mcts) =
            unsafe { ((*boxed.kind.get()).is_double(), (*boxed.kind.get()).is_mcts()) };
        // The engine (and its thread pool) first, then the table or arena it points into.
        drop(boxed);
        if owned && mcts {
            // SAFETY: allocated in `alphabeta_mcts_new` with `slots` nodes.
            unsafe { crate::mcts::free_arena(table, slots) };
        } else if owned {
            // SAFETY: allocated in `alphabeta_engine_new` with `slots` slots of this type.
            unsafe { free_table(table, slots, double) };
        }
        return;
    }
    let _ = on_heap;
    // SAFETY: the host's memory, holding an engine dropped once; the magic is plain data,
    // written after, so that the memory no longer reads as an engine.
    unsafe {
        core::ptr::drop_in_place(engine);
        core::ptr::addr_of_mut!((*engine).magic).write(0);
    }
}

/// Ends an engine. NULL, and memory that holds no engine, are ignored.
///
/// * An engine from `alphabeta_engine_new` is freed with its table. With `threads > 1` this
///   returns once the engine's pool threads have ended, so that none outlives it (a host may
///   exit right after).
/// * An engine from `alphabeta_engine_init` is ended in place: nothing is freed (the memory
///   is yours), and later calls with the pointer return `ALPHABETA_ERROR_NOT_AN_ENGINE` as
///   long as the memory is not reused; `alphabeta_engine_init` may build a new engine there
///   once no call runs on the old one (a free during a call is done when that call returns;
///   until then `alphabeta_engine_init` on the memory answers `ALREADY_SEARCHING`).
/// * **During a call on the engine** (from one of its callbacks, or from another thread while
///   it searches) the free is deferred: it asks the search to stop, as
///   `alphabeta_engine_stop` does, and returns at once. The engine stays valid until that call
///   returns: the search ends as a stopped search does (its status, the result of the last
///   completed iteration with `completed == false`, the PV) and frees the engine on its way
///   out, after the last callback. The engine must not be used once that call has returned.
///   Calling `alphabeta_engine_free` again before then does nothing more.
///
/// # Safety
/// `engine` is NULL or points at memory that holds (or held) an engine; a heap engine is not
/// used after it is freed, and no other thread starts a call on the engine meanwhile.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_free(engine: *mut alphabeta_engine) {
    let _ = guard(|| {
        // SAFETY: the caller's promise.
        let Ok(live) = (unsafe { check(engine) }) else {
            return ALPHABETA_OK; // NULL, or no engine: nothing to do
        };
        let mut current = live.state.load(Ordering::Acquire);
        loop {
            let next = match current {
                IDLE => FREEING,
                SEARCHING => FREE_PENDING,
                _ => return ALPHABETA_OK, // already pending or being freed
            };
            match live.state.compare_exchange(current, next, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => break,
                Err(actual) => current = actual,
            }
        }
        if current == IDLE {
            // SAFETY: `FREEING`: no call runs, and none can start.
            unsafe { release(engine) };
        } else {
            // The running call frees it when it returns (`Searching::drop`).
            live.stop.store(true, Ordering::Relaxed);
        }
        ALPHABETA_OK
    });
}

/// The engine behind a pointer, if it is one.
///
/// # Safety
/// `engine` is NULL or points at memory readable as an engine.
unsafe fn check<'a>(
    engine: *const alphabeta_engine,
) -> Result<&'a alphabeta_engine, alphabeta_status> {
    if engine.is_null() {
        return Err(ALPHABETA_ERROR_NULL_POINTER);
    }
    // SAFETY: non-NULL; the caller's promise that it points at an engine's memory.
    let engine = unsafe { &*engine };
    if engine.magic != MAGIC {
        return Err(ALPHABETA_ERROR_NOT_AN_ENGINE);
    }
    Ok(engine)
}

/// Asks a running search to stop at its next poll (it returns the last completed iteration).
/// Safe from another thread or an interrupt handler. Errors: `NULL_POINTER`,
/// `NOT_AN_ENGINE`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_stop(
    engine: *const alphabeta_engine,
) -> alphabeta_status {
    // No guard: nothing here can panic, and this must stay async-signal-safe.
    // SAFETY: the caller's promise.
    match unsafe { check(engine) } {
        Ok(engine) => {
            engine.stop.store(true, Ordering::Relaxed);
            ALPHABETA_OK
        }
        Err(status) => status,
    }
}

/// Runs `body` on the engine's search state, refusing a second concurrent search.
///
/// # Safety
/// `engine` is NULL or a live engine.
pub(crate) unsafe fn with_engine(
    engine: *mut alphabeta_engine,
    body: impl FnOnce(&mut Kind, &AtomicBool) -> alphabeta_status,
) -> alphabeta_status {
    let pointer = engine;
    guard(|| {
        // SAFETY: the caller's promise.
        let engine = match unsafe { check(pointer) } {
            Ok(engine) => engine,
            Err(ALPHABETA_ERROR_NULL_POINTER) => {
                return detail::fail(ALPHABETA_ERROR_NULL_POINTER, c"engine is NULL", Value::None)
            }
            Err(status) => {
                return detail::fail(
                    status,
                    c"engine does not point at an initialised engine (freed, or never made)",
                    Value::Address(pointer as usize),
                )
            }
        };
        let start =
            engine.state.compare_exchange(IDLE, SEARCHING, Ordering::Acquire, Ordering::Relaxed);
        if start.is_err() {
            return detail::fail(
                ALPHABETA_ERROR_ALREADY_SEARCHING,
                c"a call already runs on this engine (from one of its callbacks, or another thread)",
                Value::None,
            );
        }
        // Ends the call when this scope ends, also when `body` panics and `guard` catches it
        // (otherwise every later call on the engine would return ALREADY_SEARCHING), and frees
        // the engine if `alphabeta_engine_free` was called meanwhile. Declared before the
        // borrows below, so dropped after them. Until then the engine is on the busy list, so
        // that `alphabeta_engine_init` refuses to build over it.
        let _searching = Searching { engine: pointer, busy: busy::enlist(pointer) };
        engine.stop.store(false, Ordering::Relaxed);
        // SAFETY: `state` gives this call exclusive use of `kind`; `stop` is a separate field
        // that other threads only touch through shared references.
        let kind = unsafe { &mut *engine.kind.get() };
        body(kind, &engine.stop)
    })
}

/// Ends a call on an engine when dropped: the engine is idle again, or, when it was freed
/// during the call, released; then it leaves the busy list.
struct Searching {
    engine: *mut alphabeta_engine,
    /// Its entry on the busy list (`busy::enlist`).
    busy: busy::Entry,
}

impl Drop for Searching {
    fn drop(&mut self) {
        // SAFETY: the engine is live while the call runs (a free is deferred to here).
        let state = unsafe { &(*self.engine).state };
        if state.compare_exchange(SEARCHING, IDLE, Ordering::Release, Ordering::Acquire).is_err() {
            // FREE_PENDING: `alphabeta_engine_free` was called during the call, which no longer
            // uses the engine.
            // SAFETY: the call is over and the free was asked once; nothing else runs on it.
            unsafe { release(self.engine) };
        }
        // Last: while the engine was busy (and while it was released) it stayed listed.
        busy::delist(self.busy);
    }
}

/// The engines on which a call runs (searching, or with a free pending), so that
/// `alphabeta_engine_init` can refuse to build over one of them (from one of its callbacks,
/// say) without reading the memory it is given, which is often uninitialised (valgrind would
/// see a branch on uninitialised bytes in every host that builds an engine in fresh memory).
///
/// A fixed array of addresses, lock-free (an interrupt handler may build an engine): a call
/// takes a free entry when it starts and clears it when it ends. When more than `CAPACITY`
/// calls run at once, the further ones are only counted, and `alphabeta_engine_init` then
/// reads the memory's magic and state as well.
mod busy {
    use super::*;

    /// Calls that can be listed at once (nested searches on several engines, or one search
    /// per thread on that many threads, are far fewer in practice).
    const CAPACITY: usize = 64;

    static LISTED: [AtomicPtr<alphabeta_engine>; CAPACITY] =
        [const { AtomicPtr::new(core::ptr::null_mut()) }; CAPACITY];
    /// Busy engines not in `LISTED` (it was full when their call started).
    static UNLISTED: AtomicUsize = AtomicUsize::new(0);

    /// An engine's place on the list: an index into `LISTED`, or `UNLISTED_ENTRY`.
    #[derive(Clone, Copy)]
    pub(super) struct Entry(usize);

    const UNLISTED_ENTRY: usize = usize::MAX;

    /// Lists `engine` as busy.
    pub(super) fn enlist(engine: *mut alphabeta_engine) -> Entry {
        for (index, slot) in LISTED.iter().enumerate() {
            if slot
                .compare_exchange(
                    core::ptr::null_mut(),
                    engine,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                )
                .is_ok()
            {
                return Entry(index);
            }
        }
        UNLISTED.fetch_add(1, Ordering::AcqRel);
        Entry(UNLISTED_ENTRY)
    }

    /// Takes an engine off the list (the entry `enlist` returned for it).
    pub(super) fn delist(entry: Entry) {
        match LISTED.get(entry.0) {
            Some(slot) => slot.store(core::ptr::null_mut(), Ordering::Release),
            None => {
                UNLISTED.fetch_sub(1, Ordering::AcqRel);
            }
        }
    }

    /// Whether the bytes `start..start + len` overlap a busy engine.
    ///
    /// # Safety
    /// `start` is valid for reads of `len` bytes and, when `len` is at least an engine's size
    /// and `start` is aligned for one, initialised memory or memory the host allows to be read
    /// as an engine (only looked at when more than `CAPACITY` calls run at once).
    pub(super) unsafe fn overlaps(start: *const u8, len: usize) -> bool {
        let (start, end) = (start as usize, (start as usize).saturating_add(len));
        let size = size_of::<alphabeta_engine>();
        let listed = LISTED.iter().any(|slot| {
            let engine = slot.load(Ordering::Acquire) as usize;
            engine != 0 && engine < end && start < engine.saturating_add(size)
        });
        if listed {
            return true;
        }
        if UNLISTED.load(Ordering::Acquire) == 0
            || len < size
            || !start.is_multiple_of(align_of::<alphabeta_engine>())
        {
            return false;
        }
        // More calls run than the list holds: the memory itself says whether it is a busy
        // engine (at this address; one overlapping it at another address is not seen).
        let engine = start as *const alphabeta_engine;
        // SAFETY: readable for an engine (the caller's promise); plain reads of the magic and
        // of the atomic state, which a running call only changes through shared references.
        unsafe {
            core::ptr::addr_of!((*engine).magic).read_volatile() == MAGIC
                && (*core::ptr::addr_of!((*engine).state)).load(Ordering::Acquire) != IDLE
        }
    }
}

/// Empties the engine's transposition table. Errors: `NULL_POINTER`, `NOT_AN_ENGINE`,
/// `ALREADY_SEARCHING`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_clear_table(
    engine: *mut alphabeta_engine,
) -> alphabeta_status {
    // SAFETY: the caller's promise.
    unsafe {
        with_engine(engine, |kind, _| {
            kind.clear_table();
            ALPHABETA_OK
        })
    }
}

/// Forgets the killer moves and history scores learnt by earlier searches. Errors:
/// `NULL_POINTER`, `NOT_AN_ENGINE`, `ALREADY_SEARCHING`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_clear_history(
    engine: *mut alphabeta_engine,
) -> alphabeta_status {
    // SAFETY: the caller's promise.
    unsafe {
        with_engine(engine, |kind, _| {
            match kind {
                Kind::Int(engine) => engine.clear_history(),
                Kind::Double(engine) => engine.clear_history(),
                #[cfg(feature = "std")]
                Kind::IntParallel(engine) => engine.clear_history(),
                #[cfg(feature = "std")]
                Kind::DoubleParallel(engine) => engine.clear_history(),
                // No killers or history to forget.
                Kind::MctsInt(_) | Kind::MctsDouble(_) => {}
            }
            ALPHABETA_OK
        })
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// A panic inside a call (a library bug; no input provokes one) is caught at the boundary,
    /// and the engine is idle again afterwards instead of answering ALREADY_SEARCHING for
    /// ever; a free asked during that call is done on the unwinding.
    #[test]
    fn a_caught_panic_leaves_the_engine_usable_and_a_pending_free_done() {
        let mut engine = core::ptr::null_mut();
        // SAFETY: valid pointers; every engine is ended once.
        unsafe {
            assert_eq!(alphabeta_engine_new(core::ptr::null(), 64, &mut engine), ALPHABETA_OK);
            let status = with_engine(engine, |_, _| panic!("a bug inside a call"));
            assert_eq!(status, ALPHABETA_ERROR_PANIC);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_OK);
            alphabeta_engine_free(engine);

            // In caller memory, where the end of the engine can be seen.
            let mut memory = vec![0u64; alphabeta_engine_size() / 8 + 1];
            let status = alphabeta_engine_init(
                memory.as_mut_ptr().cast(),
                memory.len() * 8,
                core::ptr::null(),
                core::ptr::null_mut(),
                0,
                &mut engine,
            );
            assert_eq!(status, ALPHABETA_OK);
            let status = with_engine(engine, |_, _| {
                alphabeta_engine_free(engine);
                panic!("a bug after the free")
            });
            assert_eq!(status, ALPHABETA_ERROR_PANIC);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_ERROR_NOT_AN_ENGINE);
        }
    }

    /// With the busy list full, a busy engine is only counted, and `alphabeta_engine_init`
    /// reads the memory instead: building over the engine from inside its call is still
    /// refused, and the engine is untouched.
    #[test]
    fn init_over_a_busy_engine_is_refused_when_the_busy_list_is_full() {
        let size = alphabeta_engine_size();
        // Entries at addresses of a buffer no engine uses (other tests may list theirs).
        let dummies = vec![0u8; 64 * size];
        let entries: Vec<_> =
            (0..64).map(|i| busy::enlist(dummies[i * size..].as_ptr().cast_mut().cast())).collect();
        let mut memory = vec![0u64; size / 8 + 1];
        let (bytes, memory) = (memory.len() * 8, memory.as_mut_ptr());
        let mut engine = core::ptr::null_mut();
        // SAFETY: valid pointers; the engine is ended once.
        unsafe {
            let init = |engine: &mut *mut alphabeta_engine| {
                alphabeta_engine_init(
                    memory.cast(),
                    bytes,
                    core::ptr::null(),
                    core::ptr::null_mut(),
                    0,
                    engine,
                )
            };
            assert_eq!(init(&mut engine), ALPHABETA_OK);
            let status = with_engine(engine, |_, _| {
                let mut other = core::ptr::null_mut();
                assert_eq!(init(&mut other), ALPHABETA_ERROR_ALREADY_SEARCHING);
                assert!(other.is_null());
                alphabeta_engine_free(engine);
                assert_eq!(init(&mut other), ALPHABETA_ERROR_ALREADY_SEARCHING);
                ALPHABETA_OK
            });
            assert_eq!(status, ALPHABETA_OK);
            // The pending free was done; the memory takes a new engine.
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_ERROR_NOT_AN_ENGINE);
            assert_eq!(init(&mut engine), ALPHABETA_OK);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_OK);
            alphabeta_engine_free(engine);
        }
        // An address inside a listed entry overlaps it.
        // SAFETY: readable bytes.
        assert!(unsafe { busy::overlaps(dummies[size + 8..].as_ptr(), 8) });
        entries.into_iter().for_each(busy::delist);
        // SAFETY: as above.
        assert!(!unsafe { busy::overlaps(dummies.as_ptr(), dummies.len()) });
    }
}
