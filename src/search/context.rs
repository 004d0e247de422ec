//! The state of one search call: counters, the clock and stop-flag polls, the halt.

use core::sync::atomic::{AtomicBool, Ordering};

use super::coordination::Links;
use super::SearchStats;
use crate::clock::Limits;
use crate::error::SearchError;

/// Why the recursion unwinds early. One byte, so that `Result<Score, Halt>` travels in
/// registers through the recursion; the error itself waits in [`Context::error`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Halt {
    /// The clock or the stop flag ended the iteration.
    Interrupted,
    /// A user error, stored in the context.
    Failed,
}

/// The mutable state of one search call (of one thread, in a parallel search).
pub(crate) struct Context<'l, 'c, P, O> {
    pub(crate) limits: Option<&'l Limits<'c>>,
    pub(crate) start_micros: u64,
    /// May the clock and the stop flag end the current iteration (beyond `min_depth`)?
    pub(crate) interruptible: bool,
    pub(crate) poll_interval: u64,
    /// The nodes left before the next poll: a countdown from `poll_interval`, so that a node
    /// costs one decrement and one test.
    pub(crate) countdown: u64,
    /// The statistics; `stats.nodes` counts the nodes of the polls so far only (the nodes
    /// since, `poll_interval - countdown`, are added by [`Context::nodes`] and
    /// [`Context::stats`]).
    pub(crate) stats: SearchStats,
    /// Set when a non-terminal position was evaluated at the horizon.
    pub(crate) reached_horizon: bool,
    /// The clock reading of the poll that ended the search, if one did.
    pub(crate) stopped_at_micros: Option<u64>,
    pub(crate) root_side: Option<P>,
    /// The error behind a [`Halt::Failed`].
    pub(crate) error: Option<SearchError>,
    /// Raised by a thread of a parallel search that halted, so that the others stop too.
    pub(crate) abort: Option<&'l AtomicBool>,
    /// The halt of the plain loop ([`Engine::alpha_beta`](super::Engine)), which returns bare
    /// scores: set when the recursion must unwind, and then every score is meaningless.
    pub(crate) halt: Option<Halt>,
    /// The ply of the plain loop's horizon (its nodes' depth is this less their ply).
    pub(crate) horizon_ply: u32,
    /// The configuration is plain alpha-beta (see [`features::PLAIN`](super::features)).
    pub(crate) plain: bool,
    /// The ply of the node that may not try a null move (the child of a null move, or a node
    /// searched again to verify one); `u32::MAX` for none.
    pub(crate) no_null_ply: u32,
    /// What this thread of a parallel search shares with the others (nothing without `std`);
    /// `O` is the move sorter's type.
    pub(crate) links: Links<'l, O>,
    /// Raised at a poll when the threads exchange what their sorters learnt: the next node
    /// deep enough does it (see [`Links::sorter`]).
    #[cfg(feature = "std")]
    pub(crate) sorter_exchange_due: bool,
    /// The helpers of a shared-table search are searching: only then does this thread mark
    /// and defer busy moves and exchange its sorter (see [`Links`]). A helper's own context
    /// has it from the start.
    #[cfg(feature = "std")]
    pub(crate) helpers_active: bool,
}

/// The moves a node put off because other threads were searching them (ABDADA), searched
/// after its other moves: their indices in the node's move list. Without `std` there are no
/// threads, and it holds nothing.
pub(crate) struct Deferred {
    #[cfg(feature = "std")]
    indices: [u16; Self::CAPACITY],
    #[cfg(feature = "std")]
    len: u8,
    #[cfg(feature = "std")]
    taken: u8,
}

impl Deferred {
    /// The most moves a node puts off; a busy move beyond them is searched at once.
    #[cfg(feature = "std")]
    const CAPACITY: usize = 8;

    #[inline(always)]
    pub(crate) fn new() -> Self {
        Deferred {
            #[cfg(feature = "std")]
            indices: [0; Self::CAPACITY],
            #[cfg(feature = "std")]
            len: 0,
            #[cfg(feature = "std")]
            taken: 0,
        }
    }

    /// Puts off the move at `index`: `false` when there is no room (search it now).
    #[inline(always)]
    pub(crate) fn push(&mut self, index: usize) -> bool {
        #[cfg(feature = "std")]
        if usize::from(self.len) < Self::CAPACITY && index <= usize::from(u16::MAX) {
            self.indices[usize::from(self.len)] = index as u16;
            self.len += 1;
            return true;
        }
        let _ = index;
        false
    }

    /// The next move put off, in the order they were put off.
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<usize> {
        #[cfg(feature = "std")]
        if self.taken < self.len {
            self.taken += 1;
            return Some(usize::from(self.indices[usize::from(self.taken - 1)]));
        }
        None
    }
}

impl<'l, 'c, P, O> Context<'l, 'c, P, O> {
    pub(crate) fn new(limits: Option<&'l Limits<'c>>, poll_interval: u64) -> Self {
        Context {
            limits,
            start_micros: 0,
            interruptible: false,
            poll_interval,
            countdown: poll_interval,
            stats: SearchStats::default(),
            reached_horizon: false,
            stopped_at_micros: None,
            root_side: None,
            error: None,
            abort: None,
            halt: None,
            horizon_ply: 0,
            plain: false,
            no_null_ply: u32::MAX,
            links: Links::default(),
            #[cfg(feature = "std")]
            sorter_exchange_due: false,
            #[cfg(feature = "std")]
            helpers_active: false,
        }
    }

    /// Sets whether the iteration reached a horizon (an iteration another thread completed).
    #[cfg(feature = "std")]
    pub(crate) fn set_reached_horizon(&mut self, reached: bool) {
        self.reached_horizon = reached;
    }

    /// The ABDADA mark of move `code` at the node whose key is `key`, when this search
    /// defers the moves other threads are searching (never without `std`).
    #[inline(always)]
    pub(crate) fn busy_mark(&self, key: u64, code: u16) -> Option<u64> {
        #[cfg(feature = "std")]
        if let Some(busy) = self.links.busy {
            return Some(busy.mark_of(key, code));
        }
        let _ = (key, code);
        None
    }

    /// Whether this thread defers the moves other threads are searching (ABDADA).
    #[inline(always)]
    pub(crate) fn defers_busy_moves(&self) -> bool {
        #[cfg(feature = "std")]
        return self.links.busy.is_some() && self.helpers_active;
        #[cfg(not(feature = "std"))]
        false
    }

    /// Marks the helpers of a shared-table search as searching (or not): until they are, the
    /// main thread searches as a sequential search does, without marks or exchanges.
    #[cfg(feature = "std")]
    pub(crate) fn set_helpers_active(&mut self, active: bool) {
        self.helpers_active = active;
    }

    /// Whether another thread is searching the move of `mark`.
    #[inline(always)]
    pub(crate) fn is_busy(&self, mark: u64) -> bool {
        #[cfg(feature = "std")]
        if let Some(busy) = self.links.busy {
            return busy.is_busy(mark);
        }
        let _ = mark;
        false
    }

    /// Whether the sorters' exchange is due (see [`Links::sorter`]); lowers the flag.
    #[inline(always)]
    pub(crate) fn take_sorter_exchange(&mut self) -> bool {
        #[cfg(feature = "std")]
        return core::mem::take(&mut self.sorter_exchange_due);
        #[cfg(not(feature = "std"))]
        false
    }

    /// Exchanges what `sorter` learnt with the other threads, when this search shares its
    /// sorter (see [`Links::sorter`]). Nothing otherwise.
    #[inline(never)]
    pub(crate) fn exchange_sorter(&self, sorter: &mut O) {
        #[cfg(feature = "std")]
        if let Some(exchange) = self.links.sorter {
            exchange.exchange(sorter);
        }
        let _ = sorter;
    }

    /// Marks the move of `mark` as searched by this thread.
    #[inline(always)]
    pub(crate) fn enter_busy(&self, mark: u64) {
        #[cfg(feature = "std")]
        if let Some(busy) = self.links.busy {
            busy.enter(mark);
        }
        let _ = mark;
    }

    /// Ends what [`Context::enter_busy`] started.
    #[inline(always)]
    pub(crate) fn leave_busy(&self, mark: u64) {
        #[cfg(feature = "std")]
        if let Some(busy) = self.links.busy {
            busy.leave(mark);
        }
        let _ = mark;
    }

    /// Records `error` and returns the halt that unwinds the search.
    pub(crate) fn fail(&mut self, error: SearchError) -> Halt {
        self.error = Some(error);
        Halt::Failed
    }

    /// The error behind a [`Halt::Failed`] (always recorded by [`Context::fail`]).
    pub(super) fn take_error(&mut self) -> SearchError {
        self.error.take().unwrap_or(SearchError::InvalidWindow)
    }
}

impl<P, O> Context<'_, '_, P, O> {
    /// Counts a node and polls every `poll_interval` nodes: `Err` when the search must stop.
    #[inline]
    pub(crate) fn visit(&mut self) -> Result<(), Halt> {
        self.countdown -= 1;
        if self.countdown == 0 {
            return self.poll();
        }
        Ok(())
    }

    /// The nodes visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.stats.nodes + (self.poll_interval - self.countdown)
    }

    /// The statistics so far, with every node counted.
    pub(crate) fn stats(&self) -> SearchStats {
        SearchStats { nodes: self.nodes(), ..self.stats }
    }

    /// [`Context::visit`] for the plain loop: `false` when the search must stop, with the halt
    /// left in [`Context::halt`].
    #[inline(always)]
    pub(crate) fn visit_or_halt(&mut self) -> bool {
        match self.visit() {
            Ok(()) => true,
            Err(halt) => {
                self.halt = Some(halt);
                false
            }
        }
    }

    /// [`Context::visit`]'s count alone, for a node loop that polls apart: `true` when the
    /// poll is due, to be made by [`Context::poll_and_uncount`] before the node goes on.
    #[inline(always)]
    pub(crate) fn count_node(&mut self) -> bool {
        self.countdown -= 1;
        self.countdown == 0
    }

    /// The poll after [`Context::count_node`] said it is due: `false` when the search must
    /// stop (the halt left in [`Context::halt`]); `true` with the node uncounted, so that the
    /// caller can start it again and count it once.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll_and_uncount(&mut self) -> bool {
        match self.poll() {
            Ok(()) => {
                // `poll` opened a batch of `poll_interval` nodes: one more, as the node that
                // starts again counts itself.
                self.countdown += 1;
                true
            }
            Err(halt) => {
                self.halt = Some(halt);
                false
            }
        }
    }

    /// The poll of [`Context::visit`], every `poll_interval` nodes.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> Result<(), Halt> {
        // The batch ends: its nodes join the count, and the next one starts.
        self.stats.nodes += self.poll_interval;
        self.countdown = self.poll_interval;
        #[cfg(feature = "std")]
        {
            self.sorter_exchange_due = self.links.sorter.is_some() && self.helpers_active;
            if let Some(pacer) = self.links.pacer {
                pacer.tick();
            }
        }
        // A parallel search's abort (another thread of the same split failed high or failed)
        // holds within `min_depth` too: the split node then settles, or fails, as a whole.
        let aborted = self.abort.is_some_and(|abort| abort.load(Ordering::Relaxed));
        if aborted || (self.interruptible && self.out_of_time()) {
            return Err(Halt::Interrupted);
        }
        Ok(())
    }

    /// One poll: `true` when the search must stop now.
    fn out_of_time(&mut self) -> bool {
        let reading = self.limits.and_then(|l| l.clock).map(|c| c.now_micros());
        self.out_of_time_at(reading)
    }

    /// Whether the search must stop, given a clock reading just taken (`None`: no clock).
    pub(super) fn out_of_time_at(&mut self, reading: Option<u64>) -> bool {
        if self.abort.is_some_and(|abort| abort.load(Ordering::Relaxed)) {
            return true;
        }
        let Some(limits) = self.limits else { return false };
        // A reading below the start breaks the clock's contract (monotonic): the time is then
        // taken as used up, so that a broken clock cannot switch the limit off.
        let timed_out = match (reading, limits.time_limit_micros) {
            (Some(now), Some(limit)) => {
                now.checked_sub(self.start_micros).is_none_or(|e| e >= limit)
            }
            _ => false,
        } || limits.max_nodes.is_some_and(|cap| self.nodes() >= cap);
        if timed_out || limits.stop_raised() {
            self.stopped_at_micros = reading;
            return true;
        }
        false
    }
}
