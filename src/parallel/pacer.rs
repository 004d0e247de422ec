//! A simulation of a machine with as many cores as threads, on whatever cores there are.
//!
//! The threads of a shared-table search (Lazy SMP, ABDADA) take turns: one thread searches at
//! a time, for one poll interval (`Config::poll_interval_nodes` nodes), then hands the turn to
//! the next thread in a fixed ring. Every thread thus advances at the same pace, one batch of
//! nodes per round, as on a machine where every thread has a core of its own and every node
//! costs the same; and since only one thread runs at a time, the run is deterministic,
//! whatever this machine's cores and load. The main thread's turns (its polls, and the rounds
//! it spent waiting for another thread) times the poll interval are then the search's length
//! in that model, in nodes: the sequential search's nodes over it is the speed-up the model
//! predicts. Only the benchmarks use it (`ParallelEngine::simulate_lock_step`); a search
//! without it never waits.

use std::cell::Cell;
use std::sync::{Condvar, Mutex, PoisonError};

use crate::search::Pace;

/// The turn-taking pacer (see the module documentation).
#[derive(Default)]
pub struct LockStep {
    state: Mutex<State>,
    turn: Condvar,
}

#[derive(Default)]
struct State {
    /// The participants still searching, in turn order.
    ring: Vec<usize>,
    /// Participants so far (the next one's number).
    joined: usize,
    /// The participant whose turn it is.
    holder: Option<usize>,
    /// Turns taken by each participant (polls, and rounds spent waiting).
    turns: Vec<u64>,
}

std::thread_local! {
    /// This thread's participant number in the pacer it takes part in.
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

    /// A new participant, last in the ring (the first one has the turn): its number, for
    /// [`LockStep::bind`] on the thread that will search.
    pub(crate) fn join(&self) -> usize {
        let mut state = self.state();
        let slot = state.joined;
        state.joined += 1;
        state.ring.push(slot);
        state.turns.push(0);
        state.holder.get_or_insert(slot);
        slot
    }

    /// Makes the calling thread the participant `slot`, and waits for its turn.
    pub(crate) fn bind(&self, slot: usize) {
        SLOT.with(|cell| cell.set(Some(slot)));
        let mut state = self.state();
        while state.holder != Some(slot) {
            state = self.turn.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Hands the turn from `me` to the next participant in the ring.
    fn pass(&self, state: &mut State, me: usize) {
        if let Some(at) = state.ring.iter().position(|&s| s == me) {
            state.holder = state.ring.get((at + 1) % state.ring.len()).copied();
        }
        self.turn.notify_all();
    }

    /// Ends the calling thread's participation (passing the turn on); returns the turns it
    /// took, its time in the model in poll intervals.
    pub(crate) fn leave(&self) -> u64 {
        let Some(me) = SLOT.with(Cell::take) else { return 0 };
        let mut state = self.state();
        let turns = state.turns[me];
        if state.holder == Some(me) {
            self.pass(&mut state, me);
        }
        state.ring.retain(|&s| s != me);
        if state.holder == Some(me) {
            state.holder = state.ring.first().copied();
        }
        self.turn.notify_all();
        turns
    }

    /// One poll of the calling thread: hands the turn on and waits until it comes back.
    pub(crate) fn tick(&self) {
        let Some(me) = SLOT.with(Cell::get) else { return };
        let mut state = self.state();
        state.turns[me] += 1;
        self.pass(&mut state, me);
        while state.holder != Some(me) {
            state = self.turn.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Forgets every participant (between two searches).
    pub(crate) fn reset(&self) {
        *self.state() = State::default();
    }
}

impl Pace for LockStep {
    fn tick(&self) {
        LockStep::tick(self);
    }
}
