//! The limits of one search (depth, time on a clock, progress callback) and the clocks.

use super::*;

/// The host's clock: monotonic microseconds.
pub type alphabeta_clock_fn = Option<unsafe extern "C" fn(user_data: *mut c_void) -> u64>;

/// Progress after each completed iteration (the `info` lines of chess engines). `pv` points at
/// `pv_length` moves valid only during the callback.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_info {
    /// The depth just completed.
    pub depth: u32,
    /// Its score (int32 engines; the double score rounded toward zero otherwise).
    pub score: i32,
    /// Its score as a double.
    pub score_double: f64,
    /// Nodes so far.
    pub nodes: u64,
    /// Microseconds since the search started (0 without a clock).
    pub elapsed_micros: u64,
    /// Nodes per second so far (0 without a clock or before any time passed).
    pub nodes_per_second: u64,
    /// Whether the score is the game's value.
    pub exact: bool,
    /// The principal variation of this iteration.
    pub pv: *const u32,
    /// Moves in `pv`.
    pub pv_length: usize,
}

/// The progress callback.
pub type alphabeta_info_fn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, info: *const alphabeta_info)>;

/// The limits of one search.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_limits {
    /// The depth that always completes (at least 1).
    pub min_depth: u32,
    /// The deepest iteration (1 to `alphabeta_max_ply()`). To prove a game's value
    /// (`result.exact`), a depth of the plies left is enough only without late move
    /// reductions (`config.lmr = false`, and `quiescence = false`): with them (the default)
    /// late lines are searched shallower and stop short of the end, so give a larger depth
    /// (iterative deepening stops at the first exact iteration), or call `alphabeta_solve`,
    /// the exact solver, which needs no depth.
    pub max_depth: u32,
    /// Microseconds allowed, measured on the clock, or `ALPHABETA_NO_TIME_LIMIT` (the value
    /// `alphabeta_limits_depth` sets) for none. As in the Rust `Limits::with_time_limit`, 0 is
    /// no time at all: the search completes `min_depth` and stops there.
    pub time_limit_micros: u64,
    /// The host's clock; NULL uses the library's own clock (std builds only; a `no_std`
    /// build with a time limit and no clock returns `ALPHABETA_ERROR_NO_CLOCK`).
    pub clock: alphabeta_clock_fn,
    /// Passed to `clock`.
    pub clock_user_data: *mut c_void,
    /// Called after every completed iteration (may be NULL).
    pub on_iteration: alphabeta_info_fn,
    /// Passed to `on_iteration`.
    pub on_iteration_user_data: *mut c_void,
    /// The most nodes beyond `min_depth`, or `ALPHABETA_NO_NODE_LIMIT` (the value
    /// `alphabeta_limits_depth` sets) for none: checked every `poll_interval_nodes` nodes and
    /// before each iteration, like the time limit; the same result on any machine.
    pub max_nodes: u64,
}

/// `alphabeta_limits.time_limit_micros`: no time limit (`UINT64_MAX`). Any other value is a
/// limit; 0 completes `min_depth` and stops.
pub const ALPHABETA_NO_TIME_LIMIT: u64 = u64::MAX;

/// `alphabeta_limits.max_nodes`: no node limit (`UINT64_MAX`).
pub const ALPHABETA_NO_NODE_LIMIT: u64 = u64::MAX;

/// Limits from depth 1 to `max_depth`, no time limit (`ALPHABETA_NO_TIME_LIMIT`), no node
/// limit (`ALPHABETA_NO_NODE_LIMIT`), no clock, no callback.
#[no_mangle]
pub extern "C" fn alphabeta_limits_depth(max_depth: u32) -> alphabeta_limits {
    alphabeta_limits {
        min_depth: 1,
        max_depth,
        time_limit_micros: ALPHABETA_NO_TIME_LIMIT,
        clock: None,
        clock_user_data: core::ptr::null_mut(),
        on_iteration: None,
        on_iteration_user_data: core::ptr::null_mut(),
        max_nodes: ALPHABETA_NO_NODE_LIMIT,
    }
}

pub(crate) struct CClock {
    pub(crate) now: unsafe extern "C" fn(*mut c_void) -> u64,
    pub(crate) user_data: *mut c_void,
}

// SAFETY: the host's clock is read from the searching thread only while one thread searches;
// with several threads (a future `threads > 1`) the header asks for a thread-safe clock.
unsafe impl Sync for CClock {}

impl Clock for CClock {
    fn now_micros(&self) -> u64 {
        // SAFETY: the host's clock callback with its own user_data.
        unsafe { (self.now)(self.user_data) }
    }
}

/// The clock of one call: the host's callback, or the library's own under `std`.
pub(crate) struct Clocks {
    host: Option<CClock>,
    #[cfg(feature = "std")]
    library: alphabeta::StdClock,
}

impl Clocks {
    pub(crate) fn new(limits: &alphabeta_limits) -> Self {
        Self {
            host: limits.clock.map(|now| CClock { now, user_data: limits.clock_user_data }),
            #[cfg(feature = "std")]
            library: alphabeta::StdClock::new(),
        }
    }

    /// The Rust limits of a C call (without a stop flag), measured on this clock.
    pub(crate) fn limits(&self, limits: &alphabeta_limits) -> Limits<'_> {
        let clock: Option<&dyn Clock> = match &self.host {
            Some(clock) => Some(clock),
            #[cfg(feature = "std")]
            None => Some(&self.library),
            #[cfg(not(feature = "std"))]
            None => None,
        };
        let mut rust = Limits::depth(limits.max_depth).with_min_depth(limits.min_depth);
        rust.clock = clock;
        if limits.time_limit_micros != ALPHABETA_NO_TIME_LIMIT {
            rust.time_limit_micros = Some(limits.time_limit_micros);
        }
        if limits.max_nodes != ALPHABETA_NO_NODE_LIMIT {
            rust.max_nodes = Some(limits.max_nodes);
        }
        rust
    }
}

/// The host's progress callback, called from the searching thread (a pool thread in a
/// parallel search).
pub(crate) struct InfoSink {
    pub(crate) callback: alphabeta_info_fn,
    pub(crate) user_data: *mut c_void,
}

// SAFETY: the callback is the host's, documented to be called from the searching thread,
// which may be a pool thread when the engine has several threads.
unsafe impl Send for InfoSink {}
// SAFETY: as above; `send` only reads the fields.
unsafe impl Sync for InfoSink {}

impl InfoSink {
    pub(crate) fn send<S>(&self, depth: u32, score: f64, i: &IterationInfo<'_, u32, S>) {
        if let Some(callback) = self.callback {
            let c_info = alphabeta_info {
                depth,
                score: score as i32,
                score_double: score,
                nodes: i.nodes,
                elapsed_micros: i.elapsed_micros.unwrap_or(0),
                nodes_per_second: i.nodes_per_second.unwrap_or(0),
                exact: i.exact,
                pv: i.pv.as_ptr(),
                pv_length: i.pv.len(),
            };
            // SAFETY: the host's callback with its own user_data and a valid info.
            unsafe { callback(self.user_data, &c_info) };
        }
    }
}
