//! The compact table for one thread (`std`): entries of a few bytes that keep only the part of
//! a key its index does not tell, in a table of a prime number of entries; the table module
//! ([`crate::tt`]) re-exports every public item.

#[cfg(feature = "std")]
use core::cell::Cell;
#[cfg(feature = "std")]
use core::marker::PhantomData;

use crate::score::{Mate, Score};
#[cfg(feature = "std")]
use crate::tt::{Bound, Entry, Table, TableAllocError};

/// A small code for the scores of a declared range: the score a compact entry keeps.
///
/// `decode(encode(s)?)` must be `s` (bit for bit): the table checks nothing else. A score
/// without a code (`encode` returns `None`) is not stored.
pub trait ScoreCode<S: Score> {
    /// Every code is below `2^BITS`.
    const BITS: u32;
    /// The code of `score`, or `None` when the range has none.
    fn encode(score: S) -> Option<u32>;
    /// The score of `code` (a code `encode` gave).
    fn decode(code: u32) -> S;
}

/// The bits of `n`: the least `b` with `n < 2^b`.
const fn bits_of(n: u64) -> u32 {
    u64::BITS - n.leading_zeros()
}

/// Scores of a game whose every score is 0 or a forced result at most `MAX_PLY` plies away,
/// where a win for the side to move comes at an odd distance (its own move ends the game) and
/// a loss at an even one (the opponent's move, or no move at all, at distance 0). The
/// distance alone then tells a win from a loss: the code is 0 for 0 and the distance plus one
/// for a forced result, `MAX_PLY + 2` codes. Connect Four and tic-tac-toe under their exact
/// evaluators score so; a score of another parity, or further, has no code.
#[derive(Clone, Copy, Debug, Default)]
pub struct AlternatingMates<const MAX_PLY: u32>;

impl<const MAX_PLY: u32> ScoreCode<i32> for AlternatingMates<MAX_PLY> {
    const BITS: u32 = bits_of(MAX_PLY as u64 + 1);

    #[inline]
    fn encode(score: i32) -> Option<u32> {
        if score == 0 {
            return Some(0);
        }
        // The distance of a forced result; anything else is beyond MAX_PLY (as unsigned).
        let distance = i32::WIN.wrapping_sub_unsigned(score.unsigned_abs()) as u32;
        let parity_fits = (distance % 2 == 1) == (score > 0);
        (distance <= MAX_PLY && parity_fits).then_some(distance + 1)
    }

    #[inline]
    fn decode(code: u32) -> i32 {
        let distance = code.wrapping_sub(1);
        let magnitude = if code == 0 { 0 } else { i32::WIN - distance as i32 };
        if distance % 2 == 1 {
            magnitude
        } else {
            -magnitude
        }
    }
}

macro_rules! alternating_mates_float {
    ($t:ty) => {
        impl<const MAX_PLY: u32> ScoreCode<$t> for AlternatingMates<MAX_PLY> {
            const BITS: u32 = bits_of(MAX_PLY as u64 + 1);

            #[inline]
            fn encode(score: $t) -> Option<u32> {
                let code = match score.mate() {
                    None if score == 0.0 => return Some(0),
                    Some(Mate::Win(d)) if d % 2 == 1 && d <= MAX_PLY => d + 1,
                    Some(Mate::Loss(d)) if d % 2 == 0 && d <= MAX_PLY => d + 1,
                    _ => return None,
                };
                // A score inside the mate range but between two distances has no code.
                (<Self as ScoreCode<$t>>::decode(code).to_bits() == score.to_bits()).then_some(code)
            }

            #[inline]
            fn decode(code: u32) -> $t {
                match code {
                    0 => 0.0,
                    _ if code % 2 == 0 => <$t>::win_in(code - 1),
                    _ => <$t>::loss_in(code - 1),
                }
            }
        }
    };
}

alternating_mates_float!(f32);
alternating_mates_float!(f64);

/// The `i32` scores `LOW..=HIGH`, each its own code (`score - LOW`), for an evaluator without
/// mate scores whose values lie in a small range; any other score has no code.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span<const LOW: i32, const HIGH: i32>;

impl<const LOW: i32, const HIGH: i32> ScoreCode<i32> for Span<LOW, HIGH> {
    const BITS: u32 = bits_of(HIGH.abs_diff(LOW) as u64);

    #[inline]
    fn encode(score: i32) -> Option<u32> {
        (LOW..=HIGH).contains(&score).then(|| score.abs_diff(LOW))
    }

    #[inline]
    fn decode(code: u32) -> i32 {
        LOW.wrapping_add_unsigned(code)
    }
}

/// What a game declares for a [`CompactTable`]: the width of its keys and the fields an entry
/// keeps, each in as few bits as its range needs.
///
/// ```
/// use alphabeta::tt::{AlternatingMates, CompactLayout};
///
/// /// Tic-tac-toe: a key is a base-3 number of 9 digits and the side to move (below 2^16);
/// /// wins and losses within 9 plies, draws; a move code is a square (0..9).
/// struct TicTacToeLayout;
///
/// impl CompactLayout for TicTacToeLayout {
///     type Score = i32;
///     type Code = AlternatingMates<9>;
///     const KEY_BITS: u32 = 16;
///     const MOVE_BITS: u32 = 4;
///     const DRAFT_BITS: u32 = 4;
/// }
/// ```
pub trait CompactLayout {
    /// The evaluator's score type.
    type Score: Score;
    /// The code of the scores an entry keeps.
    type Code: ScoreCode<Self::Score>;
    /// Every key of the game ([`Game::zobrist_key`](crate::Game::zobrist_key)) is below
    /// `2^KEY_BITS` (at most 64). A key that is not is neither stored nor found.
    const KEY_BITS: u32;
    /// Bits of the move field: move codes below `2^MOVE_BITS - 1` are kept (0: no move kept).
    const MOVE_BITS: u32;
    /// Bits of the draft: drafts below `2^DRAFT_BITS` are kept, with a proven flag; 0 keeps
    /// only proven entries (an exact solver's).
    const DRAFT_BITS: u32;
}

#[cfg(feature = "std")]
/// Why a [`CompactTable`] could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompactTableError {
    /// At this number of entries the key's quotient and the declared fields take more than
    /// the entry's bits: give more entries (a shorter quotient) or wider entries.
    TooNarrow {
        /// The entries of the table asked for (a prime).
        entries: usize,
        /// The bits the quotient and the fields need.
        needed_bits: u32,
        /// The bits of an entry (`8 * BYTES`).
        entry_bits: u32,
    },
    /// The memory could not be had.
    Alloc(TableAllocError),
}

#[cfg(feature = "std")]
impl core::fmt::Display for CompactTableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::TooNarrow { entries, needed_bits, entry_bits } => write!(
                f,
                "a compact table of {entries} entries needs {needed_bits} bits an entry, more \
                 than its {entry_bits}"
            ),
            Self::Alloc(error) => error.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CompactTableError {}

#[cfg(feature = "std")]
/// A transposition table for one thread (`std`) whose entries are a few bytes: a prime number
/// of entries, each keeping the quotient of its key by that prime (the part of the key its
/// index does not tell), so that a probe is exact with no full key stored, and the fields a
/// [`CompactLayout`] declares, each in the bits its range needs.
///
/// `BYTES` (1 to 8) is the size of an entry: a table of `n` MiB holds the largest prime of
/// entries at most `n * 2^20 / BYTES`. Direct-mapped and always replaced, as [`SoloTable`]
/// (`Cell`s: not `Sync`, the parallel search does not accept it).
///
/// # Why a partial key is exact
///
/// A game declares that its keys are below `2^KEY_BITS` ([`CompactLayout::KEY_BITS`]). The
/// table has `p` entries, `p` a prime; a key `k` goes to entry `k mod p` and the entry keeps
/// the quotient `k / p`, which is below `2^KEY_BITS / p`: about `KEY_BITS - log2(p)` bits.
/// Quotient and remainder give the key back (`k = quotient * p + remainder`), so two keys
/// with the same entry and the same stored quotient are the same key: a probe never returns
/// another position's entry, with no full key stored. (Pons' Connect Four solver stores the
/// low bits of the key instead of the quotient, exact by the Chinese remainder theorem since
/// his prime size is odd; the quotient needs no more bits and no condition on the size. The
/// size is prime so that keys that are exact encodings, not random, still spread.)
///
/// A key at or above `2^KEY_BITS` would break that argument: it is never stored and never
/// found (one comparison per call), so a game that declares too few bits loses entries, never
/// gets a wrong one.
///
/// # What an entry holds
///
/// An entry is `BYTES` bytes (a const parameter, 1 to 8), read as one little-endian word:
///
/// | bits, from the lowest | content |
/// |---|---|
/// | 2 | bound: 0 empty, 1 exact, 2 lower, 3 upper |
/// | 1, only when `DRAFT_BITS > 0` | proven |
/// | `DRAFT_BITS` | draft |
/// | `MOVE_BITS` | move code + 1, 0 for none |
/// | [`ScoreCode::BITS`] | the score's code |
/// | the rest | the key's quotient |
///
/// What does not fit is not stored, and nothing is ever stored changed:
/// * a score the [`ScoreCode`] has no code for: the entry is not stored;
/// * a draft of `2^DRAFT_BITS` or more: not stored; with `DRAFT_BITS = 0` only proven entries
///   are stored (an exact solver's, every one of them), and a probe returns them with draft 255
///   ("255 or more", which no `EqualDraft` cutoff accepts);
/// * a move code of `2^MOVE_BITS - 1` or more: the entry is stored without its move (only an
///   ordering hint; the search is as correct without it).
///
/// The quotient needs [`CompactTable::quotient_bits`] (the bits of `(2^KEY_BITS - 1) / p`); the table's
/// constructors refuse a size at which the declared fields and the quotient do not fit
/// `8 * BYTES` bits ([`CompactTableError::TooNarrow`]).
///
/// # Replacement
///
/// Always replace, as [`SoloTable`](crate::tt::SoloTable) and Pons' table: a key has one
/// entry, and the newest store wins.
///
/// [`SoloTable`]: crate::tt::SoloTable
///
/// ```
/// use alphabeta::games::connect4::SolverLayout;
/// use alphabeta::tt::CompactTable;
///
/// // Connect Four's exact solver: 5-byte entries, as many in 1 MiB as a prime allows.
/// let table = CompactTable::<SolverLayout, 5>::with_mib(1).expect("1 MiB");
/// assert_eq!((table.entries(), table.bytes()), (209_707, 1_048_535));
/// assert_eq!(table.quotient_bits(), 32);
/// ```
pub struct CompactTable<L: CompactLayout, const BYTES: usize> {
    entries: Box<[Cell<[u8; BYTES]>]>,
    /// The number of entries, a prime.
    prime: u64,
    /// `floor(2^shift / prime) + 1`: a key's quotient is `key * magic >> shift` (keys of at
    /// most 62 bits; Granlund & Montgomery 1994).
    magic: u64,
    shift: u32,
    _layout: PhantomData<L>,
}

#[cfg(feature = "std")]
impl<L: CompactLayout, const BYTES: usize> core::fmt::Debug for CompactTable<L, BYTES> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CompactTable")
            .field("entries", &self.entries.len())
            .field("bytes_per_entry", &BYTES)
            .finish()
    }
}

#[cfg(feature = "std")]
/// Whether `n` is a prime (trial division: a table of 2^40 entries asks for 2^20 divisions a
/// candidate).
fn is_prime(n: u64) -> bool {
    if n < 4 {
        return n >= 2;
    }
    if n.is_multiple_of(2) {
        return false;
    }
    let mut divisor = 3;
    while divisor <= n / divisor {
        if n.is_multiple_of(divisor) {
            return false;
        }
        divisor += 2;
    }
    true
}

#[cfg(feature = "std")]
/// The largest prime at most `n` (2 when `n < 2`).
fn prime_at_most(n: u64) -> u64 {
    (2..=n.max(2)).rev().find(|&candidate| is_prime(candidate)).unwrap_or(2)
}

#[cfg(feature = "std")]
const BOUND_BITS: u32 = 2;

/// `word >> shift`, 0 for a shift of 64 or more (a field after all 64 bits: empty). The
/// shifts are constants of the layout, so the check costs nothing.
#[cfg(feature = "std")]
#[inline(always)]
const fn shr(word: u64, shift: u32) -> u64 {
    if shift >= 64 {
        0
    } else {
        word >> shift
    }
}

/// `word << shift`, 0 for a shift of 64 or more (as [`shr`]).
#[cfg(feature = "std")]
#[inline(always)]
const fn shl(word: u64, shift: u32) -> u64 {
    if shift >= 64 {
        0
    } else {
        word << shift
    }
}
#[cfg(feature = "std")]
const BOUNDS: [Option<Bound>; 4] =
    [None, Some(Bound::Exact), Some(Bound::Lower), Some(Bound::Upper)];

#[cfg(feature = "std")]
impl<L: CompactLayout, const BYTES: usize> CompactTable<L, BYTES> {
    /// Entries are 1 to 8 bytes; keys at most 64 bits; score codes at most 32.
    const VALID: () = assert!(
        BYTES >= 1
            && BYTES <= 8
            && L::KEY_BITS <= 64
            && <L::Code as ScoreCode<L::Score>>::BITS <= 32
    );
    /// Whether the proven flag has a bit (it has when drafts are kept).
    const PROVEN_BITS: u32 = if L::DRAFT_BITS > 0 { 1 } else { 0 };
    const DRAFT_SHIFT: u32 = BOUND_BITS + Self::PROVEN_BITS;
    const MOVE_SHIFT: u32 = Self::DRAFT_SHIFT + L::DRAFT_BITS;
    const SCORE_SHIFT: u32 = Self::MOVE_SHIFT + L::MOVE_BITS;
    /// Where the quotient starts: the bits of the fields.
    const KEY_SHIFT: u32 = Self::SCORE_SHIFT + <L::Code as ScoreCode<L::Score>>::BITS;

    /// A table of at most `mib` MiB (2^20 bytes): the largest prime of entries that fits.
    ///
    /// # Errors
    /// [`CompactTableError::TooNarrow`] when the quotient and the fields do not fit an entry at
    /// that size; [`CompactTableError::Alloc`] when the memory cannot be had.
    pub fn with_mib(mib: usize) -> Result<Self, CompactTableError> {
        match mib.checked_mul(1 << 20) {
            Some(bytes) => Self::with_entries(bytes / BYTES),
            None => Err(CompactTableError::Alloc(TableAllocError {
                slots: usize::MAX / BYTES,
                bytes: usize::MAX,
            })),
        }
    }

    /// A table of the largest prime of entries at most `entries` (2 at least).
    ///
    /// # Errors
    /// As [`CompactTable::with_mib`].
    pub fn with_entries(entries: usize) -> Result<Self, CompactTableError> {
        let () = Self::VALID;
        // The memory first: a size no allocator gives fails at once, before the search for
        // a prime below it.
        let entries = entries.max(2);
        let mut memory = std::vec::Vec::new();
        memory.try_reserve_exact(entries).map_err(|_| {
            CompactTableError::Alloc(TableAllocError {
                slots: entries,
                bytes: entries.saturating_mul(BYTES),
            })
        })?;
        let prime = prime_at_most(entries as u64);
        let count = prime as usize;
        let needed_bits = Self::KEY_SHIFT + Self::quotient_bits_for(prime);
        let entry_bits = 8 * BYTES as u32;
        if needed_bits > entry_bits {
            return Err(CompactTableError::TooNarrow { entries: count, needed_bits, entry_bits });
        }
        memory.resize(count, Cell::new([0; BYTES]));
        // ceil(log2(prime)) + KEY_BITS <= 64 + 62: the magic's numerator fits a u128.
        let shift = L::KEY_BITS.min(62) + bits_of(prime - 1);
        let magic = ((1u128 << shift) / u128::from(prime) + 1) as u64;
        Ok(Self { entries: memory.into_boxed_slice(), prime, magic, shift, _layout: PhantomData })
    }

    /// The bits of the largest quotient of a key by `prime`.
    fn quotient_bits_for(prime: u64) -> u32 {
        let largest_key = if L::KEY_BITS >= 64 { u64::MAX } else { (1u64 << L::KEY_BITS) - 1 };
        bits_of(largest_key / prime)
    }

    /// The bits of an entry that keep the key's quotient.
    pub fn quotient_bits(&self) -> u32 {
        Self::quotient_bits_for(self.prime)
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for entry in &*self.entries {
            entry.set([0; BYTES]);
        }
    }

    /// The number of entries (a prime).
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// The table's memory in bytes (`BYTES` an entry).
    pub fn bytes(&self) -> usize {
        core::mem::size_of_val(&*self.entries)
    }

    /// A key's quotient by the prime and its entry (the remainder), `None` for a key at or
    /// above `2^KEY_BITS`.
    #[inline(always)]
    fn locate(&self, key: u64) -> Option<(u64, &Cell<[u8; BYTES]>)> {
        if L::KEY_BITS < 64 && key >> L::KEY_BITS != 0 {
            return None;
        }
        let quotient = if L::KEY_BITS <= 62 {
            // key < 2^KEY_BITS and magic <= 2^(KEY_BITS + 1): the product fits.
            ((u128::from(key) * u128::from(self.magic)) >> self.shift) as u64
        } else {
            key / self.prime
        };
        let remainder = key - quotient * self.prime;
        // In bounds: the remainder is below the prime, the number of entries.
        Some((quotient, &self.entries[remainder as usize]))
    }

    #[inline(always)]
    fn load(cell: &Cell<[u8; BYTES]>) -> u64 {
        let mut word = [0; 8];
        word[..BYTES].copy_from_slice(&cell.get());
        u64::from_le_bytes(word)
    }

    #[inline(always)]
    fn save(cell: &Cell<[u8; BYTES]>, word: u64) {
        let mut bytes = [0; BYTES];
        bytes.copy_from_slice(&word.to_le_bytes()[..BYTES]);
        cell.set(bytes);
    }

    const fn mask(bits: u32) -> u64 {
        if bits >= 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        }
    }
}

#[cfg(feature = "std")]
impl<L: CompactLayout, const BYTES: usize> Table<L::Score> for &CompactTable<L, BYTES> {
    const ENABLED: bool = true;

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<L::Score>> {
        type T<L, const B: usize> = CompactTable<L, B>;
        let (quotient, cell) = self.locate(key)?;
        let word = T::<L, BYTES>::load(cell);
        if shr(word, T::<L, BYTES>::KEY_SHIFT) != quotient {
            return None;
        }
        let bound = BOUNDS[(word & 3) as usize]?;
        let field = |shift: u32, bits: u32| (shr(word, shift) & T::<L, BYTES>::mask(bits)) as u32;
        let (draft, proven) = if L::DRAFT_BITS == 0 {
            (255, true)
        } else {
            (field(T::<L, BYTES>::DRAFT_SHIFT, L::DRAFT_BITS) as u8, word & 4 != 0)
        };
        let move_code = match field(T::<L, BYTES>::MOVE_SHIFT, L::MOVE_BITS) {
            0 => None,
            code => Some((code - 1) as u16),
        };
        let code = field(T::<L, BYTES>::SCORE_SHIFT, <L::Code as ScoreCode<L::Score>>::BITS);
        Some(Entry { move_code, score: L::Code::decode(code), draft, bound, proven })
    }

    #[inline(always)]
    fn store(&self, key: u64, entry: Entry<L::Score>) {
        type T<L, const B: usize> = CompactTable<L, B>;
        let Some(code) = L::Code::encode(entry.score) else { return };
        let mut word = shl(u64::from(code), T::<L, BYTES>::SCORE_SHIFT)
            | match entry.bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
        if L::DRAFT_BITS == 0 {
            if !entry.proven {
                return;
            }
        } else {
            if u64::from(entry.draft) > T::<L, BYTES>::mask(L::DRAFT_BITS) {
                return;
            }
            word |= shl(u64::from(entry.draft), T::<L, BYTES>::DRAFT_SHIFT)
                | if entry.proven { 4 } else { 0 };
        }
        if let Some(code) = entry.move_code {
            let stored = u64::from(code) + 1;
            if stored <= T::<L, BYTES>::mask(L::MOVE_BITS) {
                word |= shl(stored, T::<L, BYTES>::MOVE_SHIFT);
            }
        }
        let Some((quotient, cell)) = self.locate(key) else { return };
        T::<L, BYTES>::save(cell, word | shl(quotient, T::<L, BYTES>::KEY_SHIFT));
    }

    fn new_search(&self) {}
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// Keys below 2^20, scores -3..=3, moves 0..6, drafts 0..15.
    struct Small;
    impl CompactLayout for Small {
        type Score = i32;
        type Code = Span<-3, 3>;
        const KEY_BITS: u32 = 20;
        const MOVE_BITS: u32 = 3;
        const DRAFT_BITS: u32 = 4;
    }

    #[test]
    fn primes_and_quotients_are_right() {
        assert_eq!((prime_at_most(0), prime_at_most(2), prime_at_most(10)), (2, 2, 7));
        assert_eq!(prime_at_most(262_147), 262_147);
        assert_eq!(prime_at_most(1 << 20), 1_048_573);
        let table = CompactTable::<Small, 4>::with_entries(1000).unwrap();
        assert_eq!((table.entries(), table.bytes(), table.quotient_bits()), (997, 3988, 11));
        // The quotient by multiplication equals the division, up to the largest key.
        for key in (0..1 << 20).step_by(7).chain([(1 << 20) - 1]) {
            let (quotient, cell) = table.locate(key).unwrap();
            assert_eq!(quotient, key / 997, "key {key}");
            assert!(core::ptr::eq(cell, &table.entries[(key % 997) as usize]));
        }
        assert!(table.locate(1 << 20).is_none());
    }

    /// Keys below 8 in 11 entries: no quotient bit; the fields take all 64 bits.
    struct Full;
    impl CompactLayout for Full {
        type Score = i32;
        type Code = Span<0, { i32::MAX }>;
        const KEY_BITS: u32 = 3;
        const MOVE_BITS: u32 = 22;
        const DRAFT_BITS: u32 = 8;
    }

    #[test]
    fn fields_may_fill_the_whole_word() {
        let table = CompactTable::<Full, 8>::with_entries(11).unwrap();
        assert_eq!((table.entries(), table.quotient_bits()), (11, 0));
        let t = &table;
        let stored = Entry {
            move_code: Some(u16::MAX),
            score: i32::MAX,
            draft: 255,
            bound: Bound::Upper,
            proven: true,
        };
        for key in 0..8 {
            t.store(key, Entry { score: key as i32, ..stored });
        }
        for key in 0..8 {
            assert_eq!(t.probe(key), Some(Entry { score: key as i32, ..stored }));
        }
        assert_eq!(t.probe(8), None);
        // A size no allocator gives is refused before any search for a prime.
        assert!(matches!(
            CompactTable::<Full, 8>::with_entries(usize::MAX),
            Err(CompactTableError::Alloc(TableAllocError { slots: usize::MAX, .. }))
        ));
    }

    #[test]
    fn a_layout_that_does_not_fit_is_refused() {
        // Fields: bound 2, proven 1, draft 4, move 3, score 3 (Span<-3, 3>): 13 bits.
        // 997 entries: quotients below 2^20 / 997 take 11 bits, 24 in all.
        assert_eq!(CompactTable::<Small, 3>::with_entries(1000).unwrap().entries(), 997);
        // 499 entries: 12 bits of quotient, one too many for 3 bytes.
        assert_eq!(
            CompactTable::<Small, 3>::with_entries(500).unwrap_err(),
            CompactTableError::TooNarrow { entries: 499, needed_bits: 25, entry_bits: 24 }
        );
        let error = CompactTable::<Small, 2>::with_entries(1000).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a compact table of 997 entries needs 24 bits an entry, more than its 16"
        );
        assert!(matches!(
            CompactTable::<Small, 8>::with_mib(usize::MAX),
            Err(CompactTableError::Alloc(TableAllocError { bytes: usize::MAX, .. }))
        ));
    }
}
