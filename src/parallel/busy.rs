//! The moves being searched right now, by any thread: the shared marks of ABDADA (Weill
//! 1996, "The ABDADA distributed minimax search algorithm"), kept apart from the
//! transposition table as in Kerrigan's simplified version, so that the table's slots and
//! the firmware are untouched.
//!
//! A thread about to search a move that is not the first of its node marks it (a hash of
//! the node's key and the move); another thread reaching the same node skips a marked move
//! for now and searches it after the node's other moves, by which time the first thread has
//! usually stored its result in the transposition table. The marks are only a hint: a lost
//! or colliding mark makes two threads search one subtree, or one thread put off a move it
//! could have searched at once, never a wrong value (every move put off is searched).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::search::MoveMarks;

/// Slots of the table: 2^13 words, 64 KiB, so that it stays in the caches; far more than
/// the nodes that 1,024 threads search at once at the depths where marks are kept.
const SLOTS: usize = 1 << 13;

/// The table of marks (see the module documentation).
pub(crate) struct BusyMoves {
    slots: Box<[AtomicU64]>,
}

impl BusyMoves {
    pub(crate) fn new() -> Self {
        Self { slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    fn slot(&self, mark: u64) -> &AtomicU64 {
        &self.slots[(mark >> 40) as usize % SLOTS]
    }

    /// Removes every mark (a search that ended early may leave some).
    pub(crate) fn clear(&self) {
        for slot in self.slots.iter() {
            slot.store(0, Ordering::Relaxed);
        }
    }
}

impl MoveMarks for BusyMoves {
    /// The mark of move `code` at the node whose key is `key` (never 0, the empty slot).
    #[inline]
    fn mark_of(&self, key: u64, code: u16) -> u64 {
        // Odd multipliers spread the move over every bit; the node's key is already mixed.
        let mark = (key ^ (u64::from(code) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        mark | 1
    }

    /// Whether another thread is searching the move of `mark` now.
    #[inline]
    fn is_busy(&self, mark: u64) -> bool {
        self.slot(mark).load(Ordering::Relaxed) == mark
    }

    /// Marks a move as being searched (replacing whatever mark shared its slot).
    #[inline]
    fn enter(&self, mark: u64) {
        self.slot(mark).store(mark, Ordering::Relaxed);
    }

    /// Ends the search of a marked move: its mark is removed unless another has replaced it.
    #[inline]
    fn leave(&self, mark: u64) {
        let _ = self.slot(mark).compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::{BusyMoves, MoveMarks};

    #[test]
    fn marks_are_seen_until_left_and_a_replaced_mark_stays() {
        let busy = BusyMoves::new();
        let a = busy.mark_of(0x1234_5678_9abc_def0, 3);
        let b = busy.mark_of(0x1234_5678_9abc_def0, 4);
        assert_ne!(a, b);
        assert!(!busy.is_busy(a));
        busy.enter(a);
        assert!(busy.is_busy(a) && !busy.is_busy(b));
        busy.leave(a);
        assert!(!busy.is_busy(a));
        // A mark that replaced another in its slot is not removed by the other's leave.
        busy.enter(a);
        busy.slot(a).store(b, std::sync::atomic::Ordering::Relaxed);
        busy.leave(a);
        assert_eq!(busy.slot(a).load(std::sync::atomic::Ordering::Relaxed), b);
        busy.clear();
        assert!(!busy.is_busy(b));
    }
}
