//! A simulation of a machine with as many cores as threads, on whatever cores there are.
//!
//! The threads of a shared-table search (Lazy SMP, ABDADA) take turns in lock step: at every
//! poll (every `Config::poll_interval_nodes` nodes) a thread waits until every other thread
//! still searching has made as many polls. Each thread then advances at the same pace, one
//! batch of nodes per round, as on a machine where every thread has a core of its own and
//! every node costs the same. The number of rounds the main thread took is the search's
//! length in that model, in batches: the sequential search's nodes over it is the speed-up
//! the model predicts, free of this machine's load and core count, and the node counts are
//! those of such a machine (up to the batch). Only the benchmarks use it
//! (`ParallelEngine::simulate_lock_step`); a search without it never waits.

use std::cell::Cell;
use std::sync::{Condvar, Mutex, PoisonError};

/// The lock-step pacer (see the module documentation).
#[derive(Default)]
pub struct LockStep {
    state: Mutex<State>,
    turn: Condvar,
}

#[derive(Default)]
struct State {
    /// Polls made by each participant, and whether it is still searching.
    rounds: Vec<u64>,
    active: Vec<bool>,
    /// The most rounds any participant reached (the run's length once all have left).
    longest: u64,
}

impl State {
    /// The fewest rounds among the participants still searching.
    fn slowest(&self) -> Option<u64> {
        self.rounds.iter().zip(&self.active).filter(|(_, &a)| a).map(|(&r, _)| r).min()
    }
}

std::thread_local! {
    /// This thread's participant number in the pacer it joined last.
    static SLOT: Cell<Option<usize>> = const { Cell::new(None) };
}

impl LockStep {
    /// A pacer with no participants.
    pub fn new() -> Self {
        Self::default()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new participant, starting level with the slowest one: its number, for
    /// [`LockStep::bind`] on the thread that will search.
    pub(crate) fn join(&self) -> usize {
        let mut state = self.state();
        let start = state.slowest().unwrap_or(state.longest);
        state.rounds.push(start);
        state.active.push(true);
        state.rounds.len() - 1
    }

    /// Makes the calling thread the participant `slot`.
    pub(crate) fn bind(&self, slot: usize) {
        SLOT.with(|cell| cell.set(Some(slot)));
    }

    /// Ends the calling thread's participation; returns its rounds.
    pub(crate) fn leave(&self) -> u64 {
        let Some(me) = SLOT.with(Cell::take) else { return 0 };
        let mut state = self.state();
        state.active[me] = false;
        let rounds = state.rounds[me];
        state.longest = state.longest.max(rounds);
        self.turn.notify_all();
        rounds
    }

    /// One poll of the calling thread: counts a round and waits until no participant still
    /// searching is behind it.
    pub(crate) fn tick(&self) {
        let Some(me) = SLOT.with(Cell::get) else { return };
        let mut state = self.state();
        state.rounds[me] += 1;
        self.turn.notify_all();
        while state.slowest().is_some_and(|slowest| state.rounds[me] > slowest) {
            state = self.turn.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Forgets every participant (between two searches).
    pub(crate) fn reset(&self) {
        *self.state() = State::default();
    }
}
