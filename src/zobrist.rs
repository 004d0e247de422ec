//! Zobrist keys: one random 64-bit number per (piece kind, square) and per side to move; a
//! position's key is the XOR of the numbers of what is on the board (Zobrist 1970).
//!
//! Keys are drawn from `rand_xorshift` seeded with a number you choose, so a table is the same
//! on every run and every machine. Build it once, for example in a `static`:
//!
//! ```
//! use alphabeta::zobrist::ZobristTable;
//!
//! // 2 piece kinds on 9 squares, 2 sides to move.
//! static KEYS: spin::LazyLock<ZobristTable<2, 9, 2>> = spin::LazyLock::new(|| ZobristTable::new(7));
//!
//! let key = KEYS.piece(0, 4) ^ KEYS.side(1);
//! assert_ne!(key, 0);
//! assert_eq!(KEYS.piece(0, 4), ZobristTable::<2, 9, 2>::new(7).piece(0, 4)); // reproducible
//! assert_eq!(KEYS.flat_index(1, 3), 9 + 3); // kind × squares + square
//! ```

use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

/// Fills `keys` with random 64-bit numbers drawn from `rand_xorshift` seeded with `seed`.
/// The same seed always gives the same numbers. No key is 0 (a 0 key would make a piece
/// invisible in the XOR).
pub fn fill_keys(seed: u64, keys: &mut [u64]) {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    for key in keys.iter_mut() {
        *key = loop {
            let candidate = rng.next_u64();
            if candidate != 0 {
                break candidate;
            }
        };
    }
}

/// A Zobrist key table for `KINDS` piece kinds on `SQUARES` squares and `SIDES` sides to move.
///
/// The piece keys are one flat run in memory, index `kind * SQUARES + square`
/// ([`ZobristTable::flat_index`]), followed by the side keys. Size:
/// `8 * (KINDS * SQUARES + SIDES)` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristTable<const KINDS: usize, const SQUARES: usize, const SIDES: usize> {
    pieces: [[u64; SQUARES]; KINDS],
    sides: [u64; SIDES],
}

impl<const KINDS: usize, const SQUARES: usize, const SIDES: usize>
    ZobristTable<KINDS, SQUARES, SIDES>
{
    /// A table filled from `seed` (see [`fill_keys`]): the piece keys first, then the sides.
    pub fn new(seed: u64) -> Self {
        let mut table = Self { pieces: [[0; SQUARES]; KINDS], sides: [0; SIDES] };
        let mut rng = XorShiftRng::seed_from_u64(seed);
        let mut next = || loop {
            let candidate = rng.next_u64();
            if candidate != 0 {
                break candidate;
            }
        };
        for key in table.pieces.iter_mut().flatten().chain(table.sides.iter_mut()) {
            *key = next();
        }
        table
    }

    /// The key of a piece of `kind` on `square`.
    ///
    /// # Panics
    /// When `kind >= KINDS` or `square >= SQUARES`.
    pub fn piece(&self, kind: usize, square: usize) -> u64 {
        self.pieces[kind][square]
    }

    /// The key of `side` to move.
    ///
    /// # Panics
    /// When `side >= SIDES`.
    pub fn side(&self, side: usize) -> u64 {
        self.sides[side]
    }

    /// The index of a piece key in the flat layout: `kind * SQUARES + square`.
    pub const fn flat_index(&self, kind: usize, square: usize) -> usize {
        kind * SQUARES + square
    }

    /// The piece keys as one flat slice, index [`ZobristTable::flat_index`].
    pub fn piece_keys(&self) -> &[u64] {
        self.pieces.as_flattened()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_keys_matches_the_table_and_is_reproducible() {
        let table = ZobristTable::<2, 3, 2>::new(99);
        let mut flat = [0u64; 8];
        fill_keys(99, &mut flat);
        assert_eq!(table.piece_keys(), &flat[..6]);
        assert_eq!([table.side(0), table.side(1)], [flat[6], flat[7]]);
        let mut again = [0u64; 8];
        fill_keys(99, &mut again);
        assert_eq!(flat, again);
        let mut other = [0u64; 8];
        fill_keys(100, &mut other);
        assert_ne!(flat, other);
    }

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let table = ZobristTable::<12, 64, 2>::new(1);
        let mut keys: std::vec::Vec<u64> = table.piece_keys().to_vec();
        keys.extend([table.side(0), table.side(1)]);
        assert!(keys.iter().all(|&k| k != 0));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 12 * 64 + 2);
    }
}
