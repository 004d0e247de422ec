//! Time: a clock the caller supplies, and the limits of one search.

use core::sync::atomic::{AtomicBool, Ordering};

/// A monotonic clock in microseconds, supplied by the caller.
///
/// The engine never reads time any other way: on a microcontroller this is the board's timer
/// (SysTick, a cycle counter divided by the core frequency); under the `std` feature
/// [`StdClock`] reads [`std::time::Instant`]. The engine reads it once when a search starts and
/// then every [`Config::poll_interval_nodes`](crate::Config::poll_interval_nodes) nodes, never
/// at every node.
///
/// The value only has to be monotonic; its origin does not matter. A reading below the one
/// taken when the search started (a clock that went backwards, or a narrow hardware counter that
/// wrapped: extend it to 64 bits first) breaks that contract; the engine then takes the time as
/// used up, so the search ends at the next poll beyond `min_depth` rather than running on
/// without a limit. A clock is `Sync`: a
/// parallel search reads it from every thread (a clock that reads a hardware counter or an
/// atomic is).
pub trait Clock: Sync {
    /// Microseconds since an arbitrary, fixed origin.
    fn now_micros(&self) -> u64;
}

/// The standard library's monotonic clock (`std` feature).
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(feature = "std")]
impl StdClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        Self { origin: std::time::Instant::now() }
    }
}

#[cfg(feature = "std")]
impl Default for StdClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "std")]
impl Clock for StdClock {
    fn now_micros(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_micros()).unwrap_or(u64::MAX)
    }
}

/// The limits of one search call.
///
/// Iterative deepening runs depth `1, 2, …, max_depth` (or only `max_depth` when
/// [`Config::iterative_deepening`](crate::Config::iterative_deepening) is off). Every depth up
/// to `min_depth` completes whatever the clock or the stop flag says; after that the search
/// ends at the first clock poll that finds `time_limit_micros` used up, or when `stop` is
/// raised, and returns the last completed iteration.
///
/// ```
/// use alphabeta::Limits;
/// let limits = Limits::depth(6).with_min_depth(2);
/// assert_eq!((limits.min_depth, limits.max_depth), (2, 6));
/// ```
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// The depth that always completes (0 counts as 1). Must not exceed `max_depth`.
    pub min_depth: u32,
    /// The deepest iteration, in plies (1 ..= the engine's ply capacity).
    pub max_depth: u32,
    /// Time allowed from the start of the search, in microseconds, measured on `clock`.
    /// `None`: no time limit. `Some(_)` needs a clock. `Some(0)` allows no time at all: only
    /// the iterations up to `min_depth` run (the C ABI's `time_limit_micros = 0` means the
    /// same).
    pub time_limit_micros: Option<u64>,
    /// The clock that measures `time_limit_micros` and the elapsed time of the result.
    pub clock: Option<&'a dyn Clock>,
    /// A flag the caller may raise (from another thread, or an interrupt handler) to stop the
    /// search at the next poll; checked every `poll_interval_nodes` nodes.
    pub stop: Option<&'a AtomicBool>,
    /// The most nodes the search may visit beyond `min_depth` (`None`: no cap), as a time
    /// limit that counts nodes instead of microseconds: checked at every poll (so a search
    /// may overrun it by up to `poll_interval_nodes` nodes) and before each iteration, and the
    /// result is the last completed iteration. A cap gives the same result on any machine.
    pub max_nodes: Option<u64>,
    /// Monte Carlo tree search ([`mcts`](crate::mcts)) only: the most iterations (playouts)
    /// of one search, all threads together. `None`: no limit but the others. The alpha-beta
    /// and multi-player engines do not read it (their iterations are the depths of iterative
    /// deepening, bounded by `max_depth`).
    pub max_iterations: Option<u64>,
}

impl<'a> Limits<'a> {
    /// Depth 1 to `max_depth`, no time limit, no clock, no stop flag. To prove a game's value
    /// (`SearchResult::exact`) with the default configuration, `max_depth` (and the engine's
    /// `MAX_PLY`) must exceed the plies left, since late move reductions shorten late lines;
    /// with [`Config::value_preserving`](crate::Config::value_preserving) the plies left
    /// suffice, and [`Engine::solve`](crate::Engine::solve) needs no depth at all.
    pub const fn depth(max_depth: u32) -> Self {
        Self {
            min_depth: 1,
            max_depth,
            time_limit_micros: None,
            clock: None,
            stop: None,
            max_nodes: None,
            max_iterations: None,
        }
    }

    /// For Monte Carlo tree search: at most `iterations` iterations, no time limit, no clock,
    /// no stop flag. Its `max_depth` is `u32::MAX` (the Monte Carlo engines do not read the
    /// depths: their trees and lines are bounded by their `MAX_PLY`), which the alpha-beta
    /// engines refuse.
    ///
    /// ```
    /// use alphabeta::Limits;
    /// let limits = Limits::iterations(10_000);
    /// assert_eq!(limits.max_iterations, Some(10_000));
    /// ```
    pub const fn iterations(iterations: u64) -> Self {
        let mut limits = Self::depth(u32::MAX);
        limits.max_iterations = Some(iterations);
        limits
    }

    /// Sets the most iterations of a Monte Carlo tree search.
    pub const fn with_max_iterations(mut self, iterations: u64) -> Self {
        self.max_iterations = Some(iterations);
        self
    }

    /// Sets the depth that always completes.
    pub const fn with_min_depth(mut self, min_depth: u32) -> Self {
        self.min_depth = min_depth;
        self
    }

    /// Sets a time limit in microseconds, measured on `clock`.
    pub fn with_time_limit(mut self, clock: &'a dyn Clock, limit_micros: u64) -> Self {
        self.clock = Some(clock);
        self.time_limit_micros = Some(limit_micros);
        self
    }

    /// Sets a clock without a time limit (the result then reports the elapsed time).
    pub fn with_clock(mut self, clock: &'a dyn Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// Sets a stop flag.
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Caps the nodes visited beyond `min_depth` (see [`Limits::max_nodes`]).
    pub const fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    pub(crate) fn stop_raised(&self) -> bool {
        self.stop.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

impl Limits<'_> {
    /// The limits' own errors, for a search of at most `capacity` plies (the engine's
    /// `MAX_PLY`): the checks every engine's `search` makes, with the same errors.
    pub(crate) fn check(&self, capacity: usize) -> Result<(), crate::SearchError> {
        use crate::SearchError;
        if self.max_depth == 0 {
            return Err(SearchError::ZeroMaxDepth);
        }
        if self.max_depth as usize > capacity {
            return Err(SearchError::DepthBeyondCapacity { max_depth: self.max_depth, capacity });
        }
        if self.min_depth > self.max_depth {
            return Err(SearchError::MinDepthAboveMaxDepth {
                min_depth: self.min_depth,
                max_depth: self.max_depth,
            });
        }
        if self.time_limit_micros.is_some() && self.clock.is_none() {
            return Err(SearchError::TimeLimitWithoutClock);
        }
        Ok(())
    }
}

impl core::fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Limits")
            .field("min_depth", &self.min_depth)
            .field("max_depth", &self.max_depth)
            .field("time_limit_micros", &self.time_limit_micros)
            .field("clock", &self.clock.is_some())
            .field("stop", &self.stop.map(|s| s.load(Ordering::Relaxed)))
            .field("max_nodes", &self.max_nodes)
            .field("max_iterations", &self.max_iterations)
            .finish()
    }
}
