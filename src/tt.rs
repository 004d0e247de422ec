//! The transposition table: a fixed-size, lock-free cache of search results keyed by Zobrist
//! keys, shared safely by any number of threads.
//!
//! # Lock-free slots (Hyatt & Mann 2002)
//!
//! A slot is a few atomic words: one (or two) hold `scramble(key) XOR data`, the others hold
//! `data`. Writers store the words one by one with no lock; a reader loads them and accepts the
//! entry only if `check XOR data` gives back the scrambled key it probes for. When two threads
//! write the same slot at once, a reader may see words of both writes; such a torn entry
//! decodes to `scramble(key_a) XOR data_a XOR data_b`, which fails the check, so a probe never
//! returns data that belongs to another key (up to a 64-bit collision, about 2^-64 per probe).
//! The scramble (a bijective 64-bit mix) matters for games whose keys are exact encodings
//! rather than Zobrist keys: without it, two such keys that differ in a few bits could be
//! confused by a torn write.
//!
//! On targets with 64-bit atomics (`target_has_atomic = "64"`) the words are 64 bits wide: a
//! slot is two words (three for `f64`), loaded and stored with two (three) instructions. The
//! others (Cortex-M0 and RISC-V `imc` cores have atomic 32-bit loads and stores but no 64-bit
//! atomics and no compare-and-swap; the table needs neither) use 32-bit words. Both layouts
//! hold the same fields and answer alike. Measured with callgrind on x86-64 against the 32-bit
//! words: a store costs 79 instructions instead of 96 (tic-tac-toe, `benches/abstraction.sh`),
//! a node 492 instead of 510, and 791 instead of 814 (Connect Four, Test_L3_R1); node counts
//! are unchanged.
//!
//! Why not one 64-bit word per entry, as Stockfish does? Its fields take 32 bits (the move
//! code alone 16, plus whether there is one) and an `i32` score needs 21 bits for the range the
//! search stores with mate scores (`±(WIN + MAX_MATE_PLY)`) and all 32 without; that leaves at
//! most 11 bits of key check, so a probe of an absent position would accept another
//! position's entry about once in a thousand probes (two slots per bucket, 2^-11 each). An
//! exact solver cannot afford that; the full 64-bit check keeps it at 2^-64.
//!
//! # Slot layout
//!
//! The meta word (32 bits) is the same in both layouts:
//!
//! | bits | content |
//! |---|---|
//! | 0–15 | move code ([`MoveCode`]) |
//! | 16–23 | draft (remaining depth, saturated at 255) |
//! | 24–25 | bound: 0 empty, 1 exact, 2 lower, 3 upper |
//! | 26–29 | generation (mod 16) |
//! | 30 | a move is stored |
//! | 31 | proven: the subtree reached no horizon, the score is the game's |
//!
//! With 64-bit atomics ([`Word`] is `AtomicU64`):
//!
//! | word | bits | content |
//! |---|---|---|
//! | 0 | 0–63 | `scramble(key) XOR word 1 (XOR word 2 for f64)` |
//! | 1 | 0–31 | meta |
//! | 1 | 32–63 | score bits (`i32`, `f32`); 0 for `f64` |
//! | 2 | 0–63 | score bits (`f64` tables only) |
//!
//! A slot takes 16 bytes for `i32` and `f32` scores and 24 bytes for `f64`.
//!
//! Without 64-bit atomics ([`Word`] is `AtomicU32`):
//!
//! | word | bits | content |
//! |---|---|---|
//! | 0 | 0–31 | low half of `scramble(key) XOR mix(data)` |
//! | 1 | 0–31 | high half of `scramble(key) XOR mix(data)` |
//! | 2 | 0–31 | meta |
//! | 3 | 0–31 | score bits (`i32`, `f32`), or their low half (`f64`) |
//! | 4 | 0–31 | high half of the `f64` score bits (`f64` tables only) |
//!
//! `mix(data)` is `word2 | word3 << 32`, XORed with `word4` for `f64`. A slot takes 16 bytes
//! for `i32` and `f32` scores and 20 bytes for `f64`.
//!
//! Sizes are asserted at compile time. An `i32`/`f32` slot is 16-byte aligned, so a bucket
//! (two slots) lies within one cache line of a [`TranspositionTable`].
//!
//! # Buckets and replacement
//!
//! Slots are paired into buckets of two; a key maps to one bucket. A store into a bucket
//! overwrites the slot that already holds the key (unless the stored entry is deeper, of the
//! current search and not exact), else an empty slot, else the slot of least worth, where worth
//! is the draft minus 8 for every generation the entry is old: deeper and newer entries stay.
//!
//! # Scores
//!
//! Win and loss scores are distances from the root; the search stores them as distances from
//! the node (see [`Score::relative_to_node`]) and converts them back on a probe, so an entry is valid
//! wherever the position recurs in the tree.

use core::marker::PhantomData;
use core::sync::atomic::{AtomicU8, Ordering};

pub use crate::compact::{AlternatingMates, CompactLayout, ScoreCode, Span};
#[cfg(feature = "std")]
pub use crate::compact::{CompactTable, CompactTableError};
use crate::score::Score;
use crate::slot::{Raw, Sealed};
pub use crate::slot::{Slot, Slot32, Slot64, Word};

/// A compact code for a move, stored in the transposition table (16 bits).
///
/// The table uses it only to find the stored best move again among the legal moves of a
/// position, as an ordering hint: two moves with one code only cost ordering quality, never
/// correctness. Implemented for the integer types (wider ones fold their bits into 16); a
/// move of your own implements it (also exported at the crate root and in the prelude):
///
/// ```
/// use alphabeta::MoveCode;
///
/// /// A move of a board game: from one square to another (0..64 each).
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct Step {
///     from: u8,
///     to: u8,
/// }
///
/// impl MoveCode for Step {
///     fn move_code(self) -> u16 {
///         u16::from(self.from) << 8 | u16::from(self.to)
///     }
/// }
///
/// assert_eq!(Step { from: 12, to: 28 }.move_code(), 12 << 8 | 28);
/// ```
pub trait MoveCode: Copy {
    /// The 16-bit code of the move.
    fn move_code(self) -> u16;

    /// The part of the move code `code` that the [`DefaultSorter`]'s continuation history
    /// keys on, for the opponent's last move and for the reply: in a board game, the square
    /// the move went to (a reply answers what arrived there). The default: the whole code.
    ///
    /// [`DefaultSorter`]: crate::ordering::DefaultSorter
    fn continuation_key(code: u16) -> u16 {
        code
    }
}

impl MoveCode for u8 {
    fn move_code(self) -> u16 {
        u16::from(self)
    }
}

impl MoveCode for u16 {
    fn move_code(self) -> u16 {
        self
    }
}

impl MoveCode for u32 {
    fn move_code(self) -> u16 {
        (self ^ (self >> 16)) as u16
    }
}

impl MoveCode for u64 {
    fn move_code(self) -> u16 {
        let folded = self ^ (self >> 32);
        (folded ^ (folded >> 16)) as u16
    }
}

impl MoveCode for usize {
    fn move_code(self) -> u16 {
        (self as u64).move_code()
    }
}

/// What kind of value an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (the search ended inside its window).
    Exact,
    /// A lower bound: the search failed high (`score >= beta`).
    Lower,
    /// An upper bound: the search failed low (`score <= alpha`).
    Upper,
}

impl Bound {
    const fn bits(self) -> u32 {
        match self {
            Self::Exact => 1,
            Self::Lower => 2,
            Self::Upper => 3,
        }
    }

    const fn from_bits(bits: u32) -> Option<Self> {
        match bits {
            1 => Some(Self::Exact),
            2 => Some(Self::Lower),
            3 => Some(Self::Upper),
            _ => None,
        }
    }
}

/// One entry of the table, as stored and as probed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<S> {
    /// The code of the best move found, if any.
    pub move_code: Option<u16>,
    /// The score, node-relative for wins and losses (see [`Score::relative_to_node`]).
    pub score: S,
    /// The depth the position was searched to, in plies (saturated at 255).
    pub draft: u8,
    /// What kind of value `score` is.
    pub bound: Bound,
    /// `true` when the search below reached no horizon: the score (or bound) holds for the
    /// whole game, not just to `draft` plies.
    pub proven: bool,
}

const DRAFT_SHIFT: u32 = 16;
const BOUND_SHIFT: u32 = 24;
const GENERATION_SHIFT: u32 = 26;
const GENERATION_MASK: u32 = 0xF;
const HAS_MOVE: u32 = 1 << 30;
const PROVEN: u32 = 1 << 31;

/// A bijective mix of a key (the finaliser of MurmurHash3). The check word holds
/// `scramble(key) XOR mix(data)`: a torn slot then decodes to a scrambled value that matches
/// no other position's, even when the game's keys are exact encodings that differ in a few
/// bits (XORing two entries' data into an unscrambled key could produce another real key).
#[inline]
const fn scramble(mut key: u64) -> u64 {
    key ^= key >> 33;
    key = key.wrapping_mul(0xff51_afd7_ed55_8ccd);
    key ^= key >> 33;
    key = key.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    key ^ (key >> 33)
}

/// The generation field of a slot's meta word.
fn meta_generation(meta: u32) -> u32 {
    (meta >> GENERATION_SHIFT) & GENERATION_MASK
}

/// The draft field of a slot's meta word.
fn meta_draft(meta: u32) -> u32 {
    (meta >> DRAFT_SHIFT) & 0xFF
}

/// Whether a slot's meta word has no bound: an empty slot.
fn meta_is_empty(meta: u32) -> bool {
    Bound::from_bits((meta >> BOUND_SHIFT) & 3).is_none()
}

/// The bucket (pair of slots) of a scrambled key among `buckets`: its high bits, so that keys
/// which are not random (a game's own exact encoding, say) still spread over the table.
#[inline]
fn bucket_of(scrambled: u64, buckets: usize) -> usize {
    ((u128::from(scrambled) * buckets as u128) >> 64) as usize
}

/// The operations the search needs from a table. Implemented for a shared reference to a
/// [`TranspositionTable`] or a [`HeapTable`], for [`TableSlice`] (a table in memory the caller
/// provides), for a shared reference to a [`SoloTable`] (one thread, no lock-free check) or a
/// `CompactTable` (one thread, entries of a few bytes), and for [`NoTable`] (the default: no
/// table).
///
/// The parallel search needs a table that is also `Send + Sync` (every table here but
/// [`SoloTable`] and `CompactTable`); the sequential search and the exact solver take any.
pub trait Table<S: Score>: Copy {
    /// Whether this is a real table (`false` for [`NoTable`]).
    const ENABLED: bool;
    /// The entry stored for `key`, if any.
    fn probe(&self, key: u64) -> Option<Entry<S>>;
    /// Stores an entry for `key` under the replacement policy.
    fn store(&self, key: u64, entry: Entry<S>);
    /// Starts a new search: entries of earlier searches age (they are replaced first).
    fn new_search(&self);
    /// A hint that `key` will be probed soon: asks the CPU to bring the memory of its entry
    /// into the cache, so that the probe does not wait for it. It changes nothing in the
    /// table and has no result; the default does nothing (on x86-64 the tables here issue a
    /// prefetch instruction). A sorter that looks several children up
    /// ([`games::othello::TableSorter`](crate::games::othello::TableSorter)) prefetches them
    /// all before its first probe, so that their cache misses overlap.
    #[inline]
    fn prefetch(&self, key: u64) {
        let _ = key;
    }
}

/// Asks the CPU to bring the cache line at `at` into its caches (x86-64: `prefetcht0`; a
/// no-op elsewhere, and under Miri). A hint only: it reads nothing the program sees and
/// cannot fault.
#[inline(always)]
fn prefetch_line<T>(at: &T) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: `prefetcht0` needs SSE, which every x86-64 CPU has; it only hints the cache
    // about a valid reference and never faults.
    #[allow(unsafe_code)]
    unsafe {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((at as *const T).cast::<i8>());
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = at;
}

/// No transposition table: every probe misses, every store is dropped.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTable;

impl<S: Score> Table<S> for NoTable {
    const ENABLED: bool = false;
    fn probe(&self, _: u64) -> Option<Entry<S>> {
        None
    }
    fn store(&self, _: u64, _: Entry<S>) {}
    fn new_search(&self) {}
}

/// A transposition table over slots the caller owns: a borrowed slice of slots and a
/// generation counter. [`TranspositionTable::as_slice`] makes one; so can a C host that gives
/// the engine memory of its own.
#[derive(Debug)]
pub struct TableSlice<'a, S: Score> {
    slots: &'a [S::Slot],
    generation: &'a AtomicU8,
}

impl<S: Score> Clone for TableSlice<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Score> Copy for TableSlice<'_, S> {}

impl<'a, S: Score> TableSlice<'a, S> {
    /// A table over `slots` (fewer than 2 slots make a table that stores nothing).
    pub const fn new(slots: &'a [S::Slot], generation: &'a AtomicU8) -> Self {
        Self { slots, generation }
    }

    fn current_generation(&self) -> u32 {
        u32::from(self.generation.load(Ordering::Relaxed)) & GENERATION_MASK
    }

    #[inline]
    fn bucket(&self, key: u64) -> &'a [S::Slot] {
        let buckets = self.slots.len() / 2;
        if buckets == 0 {
            return &[];
        }
        let first = bucket_of(key, buckets) * 2;
        &self.slots[first..first + 2]
    }

    /// Empties every slot. Concurrent probes see either old entries or none.
    pub fn clear(&self) {
        for slot in self.slots {
            for word in slot.words() {
                word.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// The share of slots holding an entry of the current search, in permille (0–1000),
    /// estimated from the first 1,000 slots (all of them in a smaller table).
    pub fn occupancy_permille(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        if sample.is_empty() {
            return 0;
        }
        let generation = self.current_generation();
        let used = sample
            .iter()
            .map(Sealed::load)
            .filter(|raw| !meta_is_empty(raw.meta) && meta_generation(raw.meta) == generation)
            .count();
        (used * 1000 / sample.len()) as u32
    }

    /// The number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }
}

impl<S: Score> Table<S> for TableSlice<'_, S> {
    const ENABLED: bool = true;

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<S>> {
        let key = scramble(key);
        for slot in self.bucket(key) {
            let raw = slot.load();
            if raw.key != key {
                continue;
            }
            // An empty slot decodes to key 0, whose scramble is 0: skip it by its bound.
            let bound = match (raw.meta >> BOUND_SHIFT) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                3 => Bound::Upper,
                _ => continue,
            };
            return Some(Entry {
                move_code: (raw.meta & HAS_MOVE != 0).then_some(raw.meta as u16),
                score: S::from_bits(raw.score_bits),
                draft: meta_draft(raw.meta) as u8,
                bound,
                proven: raw.meta & PROVEN != 0,
            });
        }
        None
    }

    #[inline]
    fn store(&self, key: u64, entry: Entry<S>) {
        let key = scramble(key);
        let bucket = self.bucket(key);
        if bucket.is_empty() {
            return;
        }
        let generation = self.current_generation();
        let meta = u32::from(entry.move_code.unwrap_or(0))
            | u32::from(entry.draft) << DRAFT_SHIFT
            | entry.bound.bits() << BOUND_SHIFT
            | generation << GENERATION_SHIFT
            | if entry.move_code.is_some() { HAS_MOVE } else { 0 }
            | if entry.proven { PROVEN } else { 0 };
        let new = Raw { key, meta, score_bits: entry.score.to_bits() };

        // Only the key match and the meta word of each slot decide the victim.
        let (first, second) = (bucket[0].load(), bucket[1].load());
        let slots = [(first.key == key, first.meta), (second.key == key, second.meta)];
        let worth = |meta: u32| {
            let age = (generation + 16 - meta_generation(meta)) & GENERATION_MASK;
            meta_draft(meta) as i32 - 8 * age as i32
        };
        let victim = if let Some(same) = slots.iter().position(|&(same, _)| same) {
            let old = slots[same].1;
            // Keep a deeper entry of this search unless the new one is exact.
            let keep_old = meta_generation(old) == generation
                && meta_draft(old) > u32::from(entry.draft) + 2
                && entry.bound != Bound::Exact;
            if keep_old {
                return;
            }
            same
        } else if let Some(empty) = slots.iter().position(|&(_, meta)| meta_is_empty(meta)) {
            empty
        } else if worth(slots[0].1) <= worth(slots[1].1) {
            0
        } else {
            1
        };
        bucket[victim].save(new);
    }

    fn new_search(&self) {
        let next =
            (self.generation.load(Ordering::Relaxed).wrapping_add(1)) & GENERATION_MASK as u8;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        // The bucket's slots are adjacent and (tables of their own) aligned to a cache line.
        if let Some(first) = self.bucket(scramble(key)).first() {
            prefetch_line(first);
        }
    }
}

/// Aligns the slots of a table to a cache line (64 bytes), so that a bucket never straddles
/// two lines. Not on bare-metal targets (`target_os = "none"`): microcontrollers have no data
/// cache or a small one, and the alignment would cost up to 127 bytes of RAM per table (the
/// padding after the table's generation byte and before the table).
#[derive(Debug)]
#[cfg_attr(not(target_os = "none"), repr(C, align(64)))]
#[cfg_attr(target_os = "none", repr(C))]
struct CacheAligned<T>(T);

/// A transposition table of `SLOTS` slots for scores of type `S`, with no heap: put it in a
/// `static` or on the stack.
///
/// Size: 16 bytes per slot for `i32`/`f32` scores, 24 for `f64` (20 without 64-bit atomics),
/// plus one byte. `SLOTS` need
/// not be a power of two; slots are used in pairs, so an odd last slot stays empty.
///
/// The rest of a table that owns its slots and lends them as a [`TableSlice`] (its
/// `as_slice`): clearing, ageing and occupancy, and [`Table`] for a shared reference to it.
macro_rules! owned_table {
    ([$($generics:tt)*] $table:ty) => {
        impl<$($generics)*> $table {
            /// Empties every slot.
            pub fn clear(&self) {
                self.as_slice().clear();
            }

            /// Ages every entry: entries of earlier searches are replaced first.
            pub fn new_search(&self) {
                self.as_slice().new_search();
            }

            /// The share of slots holding an entry of the current search, in permille
            /// (0–1000).
            pub fn occupancy_permille(&self) -> u32 {
                self.as_slice().occupancy_permille()
            }
        }

        impl<$($generics)*> Table<S> for &$table {
            const ENABLED: bool = true;
            #[inline]
            fn probe(&self, key: u64) -> Option<Entry<S>> {
                self.as_slice().probe(key)
            }
            #[inline]
            fn store(&self, key: u64, entry: Entry<S>) {
                self.as_slice().store(key, entry);
            }
            fn new_search(&self) {
                self.as_slice().new_search();
            }
            #[inline]
            fn prefetch(&self, key: u64) {
                self.as_slice().prefetch(key);
            }
        }
    };
}

/// `&TranspositionTable` is `Sync`: any number of threads may probe and store at once (see
/// the module documentation for why that is safe).
///
/// ```
/// use alphabeta::tt::{Bound, Entry, Table, TranspositionTable};
///
/// static TT: TranspositionTable<i32, 1024> = TranspositionTable::new();
/// let table = &TT;
/// table.store(42, Entry { move_code: Some(3), score: 17, draft: 5, bound: Bound::Exact, proven: false });
/// let hit = table.probe(42).unwrap();
/// assert_eq!((hit.move_code, hit.score, hit.draft, hit.bound), (Some(3), 17, 5, Bound::Exact));
/// assert!(table.probe(43).is_none());
/// ```
#[derive(Debug)]
pub struct TranspositionTable<S: Score, const SLOTS: usize> {
    slots: CacheAligned<[S::Slot; SLOTS]>,
    generation: AtomicU8,
    _score: PhantomData<S>,
}

impl<S: Score, const SLOTS: usize> TranspositionTable<S, SLOTS> {
    /// An empty table.
    pub const fn new() -> Self {
        Self {
            slots: CacheAligned([const { <S::Slot as Slot>::EMPTY }; SLOTS]),
            generation: AtomicU8::new(0),
            _score: PhantomData,
        }
    }

    /// The table as a [`TableSlice`], the form the search uses.
    pub fn as_slice(&self) -> TableSlice<'_, S> {
        TableSlice::new(&self.slots.0, &self.generation)
    }
}

impl<S: Score, const SLOTS: usize> Default for TranspositionTable<S, SLOTS> {
    fn default() -> Self {
        Self::new()
    }
}

owned_table!([S: Score, const SLOTS: usize] TranspositionTable<S, SLOTS>);

/// A transposition table on the heap, sized at run time (`std`): the table a program sizes
/// from an option, as a chess engine's Hash. The engine takes a shared reference to it, as to
/// a [`TranspositionTable`]; any number of threads may probe and store at once.
///
/// ```
/// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
/// use alphabeta::tt::HeapTable;
/// use alphabeta::{Config, Engine, Limits};
///
/// let table = HeapTable::<i32>::with_mib(16).expect("16 MiB");
/// assert_eq!(table.slots(), 16 << 20 >> 4); // 16-byte slots for i32 scores
/// let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::new())
///     .with_table(&table);
/// let result = engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
/// assert_eq!(result.score, 0); // a draw
/// ```
///
/// Slots are 16 bytes for `i32` and `f32` scores, 24 for `f64`; a table of fewer than 2 slots
/// stores nothing. The memory is allocated and zeroed once, by [`HeapTable::with_mib`] or
/// [`HeapTable::with_slots`]; its buckets (two slots) are aligned as the slot type is (16
/// bytes for 32-bit scores: a bucket never straddles a 64-byte cache line). On Linux the
/// memory is first offered to transparent huge pages (`madvise(MADV_HUGEPAGE)`, a hint the
/// kernel may refuse): fewer address-translation misses in a table of many MiB.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct HeapTable<S: Score> {
    slots: Box<[S::Slot]>,
    generation: AtomicU8,
}

/// The memory of a [`HeapTable`] could not be had: more bytes than the address space holds,
/// or the allocator refused them.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The slots asked for.
    pub slots: usize,
    /// The bytes asked for (saturated at `usize::MAX`).
    pub bytes: usize,
}

#[cfg(feature = "std")]
impl core::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "could not allocate a transposition table of {} slots ({} bytes)",
            self.slots, self.bytes
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TableAllocError {}

#[cfg(feature = "std")]
impl<S: Score> HeapTable<S> {
    /// A table of `mib` MiB (2^20 bytes): as many slots as fit in it.
    ///
    /// # Errors
    /// [`TableAllocError`] when the memory cannot be allocated.
    pub fn with_mib(mib: usize) -> Result<Self, TableAllocError> {
        let size = core::mem::size_of::<S::Slot>();
        match mib.checked_mul(1 << 20) {
            Some(bytes) => Self::with_slots(bytes / size),
            None => Err(TableAllocError { slots: usize::MAX / size, bytes: usize::MAX }),
        }
    }

    /// A table of `slots` slots.
    ///
    /// # Errors
    /// [`TableAllocError`] when the memory cannot be allocated.
    pub fn with_slots(slots: usize) -> Result<Self, TableAllocError> {
        let bytes = slots.saturating_mul(core::mem::size_of::<S::Slot>());
        let mut memory = std::vec::Vec::<S::Slot>::new();
        memory.try_reserve_exact(slots).map_err(|_| TableAllocError { slots, bytes })?;
        advise_huge_pages(
            memory.as_ptr().cast(),
            memory.capacity() * core::mem::size_of::<S::Slot>(),
        );
        memory.extend((0..slots).map(|_| <S::Slot as Slot>::EMPTY));
        Ok(Self { slots: memory.into_boxed_slice(), generation: AtomicU8::new(0) })
    }

    /// The table as a [`TableSlice`], the form the search uses.
    pub fn as_slice(&self) -> TableSlice<'_, S> {
        TableSlice::new(&self.slots, &self.generation)
    }

    /// The number of slots.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        core::mem::size_of_val(&*self.slots)
    }
}

#[cfg(feature = "std")]
owned_table!([S: Score] HeapTable<S>);

/// Asks Linux to back the 2 MiB-aligned part of a table's fresh memory (`bytes` from `start`,
/// not yet written) with transparent huge pages, where the system leaves that to the program
/// (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, a common default): a probe
/// into a table of many MiB then rarely misses the TLB as well as the cache. A hint only:
/// refused or unsupported, nothing changes. Elsewhere a no-op.
#[cfg(feature = "std")]
fn advise_huge_pages(start: *const u8, bytes: usize) {
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let first = (start as usize).next_multiple_of(HUGE_PAGE);
        let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
        if end > first {
            // SAFETY: `madvise` with `MADV_HUGEPAGE` only changes how the kernel backs pages
            // of this process's own allocation (the range lies inside it); it neither reads
            // nor moves the memory and cannot fault.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    let _ = (start, bytes);
}

/// One entry of a [`SoloTable`]: the whole key, the meta word of the lock-free slots (move
/// code, draft, bound, flags; no generation) and the score as it is.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
struct SoloEntry<S> {
    key: u64,
    meta: u32,
    score: S,
}

/// A transposition table for one thread (`std`): plain memory, no atomics, no lock-free check.
/// The table for a search that runs on one thread and wants the cheapest probe and store,
/// such as an exact solver (the Connect Four example uses it).
///
/// * Direct-mapped: a key has one entry, found by Fibonacci hashing (the key times 2^64
///   divided by the golden ratio, its top bits; Knuth, TAOCP vol. 3, 6.4), so that keys that
///   are exact encodings rather than random (Connect Four's `current + mask`) still spread.
/// * The whole 64-bit key is kept and compared: a probe never returns another position's
///   entry (no partial key, no collision).
/// * Always replace (as Pons' Connect Four solver does): the newest entry wins, whatever the
///   depth it was searched to. There is no ageing, so [`Table::new_search`] does nothing.
///
/// Entries take 16 bytes for `i32` and `f32` scores (24 for `f64`); the number of entries is
/// the largest power of two that fits the memory asked for (2 at least). The entries are
/// `Cell`s, so the table is not `Sync`: the parallel search does not accept it (a compile
/// error, not a race); use [`HeapTable`] or [`TranspositionTable`] there.
///
/// ```
/// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
/// use alphabeta::tt::SoloTable;
/// use alphabeta::{Config, Engine, Limits};
///
/// let table = SoloTable::<i32>::with_mib(1).expect("1 MiB");
/// assert_eq!(table.entries(), 65_536);
/// let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::new())
///     .with_table(&table);
/// let solution = engine.solve(&mut Board::new(), &Limits::depth(9)).unwrap();
/// assert_eq!((solution.value, solution.exact), (0, true)); // a draw
/// ```
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct SoloTable<S: Score> {
    entries: Box<[core::cell::Cell<SoloEntry<S>>]>,
    /// 64 minus log2 of the number of entries: a hash's top bits are its index.
    shift: u32,
}

#[cfg(feature = "std")]
impl<S: Score> SoloTable<S> {
    const EMPTY: SoloEntry<S> = SoloEntry { key: 0, meta: 0, score: S::ZERO };

    /// A table of at most `mib` MiB (2^20 bytes): the largest power of two of entries that
    /// fits (2 when none does).
    ///
    /// # Errors
    /// [`TableAllocError`] when the memory cannot be allocated.
    pub fn with_mib(mib: usize) -> Result<Self, TableAllocError> {
        let size = core::mem::size_of::<SoloEntry<S>>();
        match mib.checked_mul(1 << 20) {
            Some(bytes) => Self::with_entries(bytes / size),
            None => Err(TableAllocError { slots: usize::MAX / size, bytes: usize::MAX }),
        }
    }

    /// A table of `entries` entries rounded down to a power of two (2 at least).
    ///
    /// # Errors
    /// [`TableAllocError`] when the memory cannot be allocated.
    pub fn with_entries(entries: usize) -> Result<Self, TableAllocError> {
        let bits = entries.max(2).ilog2();
        let count = 1usize << bits;
        let bytes = count.saturating_mul(core::mem::size_of::<SoloEntry<S>>());
        let mut memory = std::vec::Vec::new();
        memory.try_reserve_exact(count).map_err(|_| TableAllocError { slots: count, bytes })?;
        memory.resize(count, core::cell::Cell::new(Self::EMPTY));
        Ok(Self { entries: memory.into_boxed_slice(), shift: 64 - bits })
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for entry in &*self.entries {
            entry.set(Self::EMPTY);
        }
    }

    /// The number of entries (a power of two).
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        core::mem::size_of_val(&*self.entries)
    }

    #[inline]
    fn entry(&self, key: u64) -> &core::cell::Cell<SoloEntry<S>> {
        let index = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        // In bounds: `shift` leaves log2(len) bits. The check is kept (one compare).
        &self.entries[index]
    }
}

#[cfg(feature = "std")]
impl<S: Score> Table<S> for &SoloTable<S> {
    const ENABLED: bool = true;

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<S>> {
        // The bound's two bits, decoded by a table lookup rather than a jump table.
        const BOUNDS: [Option<Bound>; 4] =
            [None, Some(Bound::Exact), Some(Bound::Lower), Some(Bound::Upper)];
        let found = self.entry(key).get();
        if found.key != key {
            return None;
        }
        let bound = BOUNDS[((found.meta >> BOUND_SHIFT) & 3) as usize]?;
        Some(Entry {
            move_code: (found.meta & HAS_MOVE != 0).then_some(found.meta as u16),
            score: found.score,
            draft: meta_draft(found.meta) as u8,
            bound,
            proven: found.meta & PROVEN != 0,
        })
    }

    #[inline(always)]
    fn store(&self, key: u64, entry: Entry<S>) {
        let meta = u32::from(entry.move_code.unwrap_or(0))
            | u32::from(entry.draft) << DRAFT_SHIFT
            | entry.bound.bits() << BOUND_SHIFT
            | if entry.move_code.is_some() { HAS_MOVE } else { 0 }
            | if entry.proven { PROVEN } else { 0 };
        self.entry(key).set(SoloEntry { key, meta, score: entry.score });
    }

    fn new_search(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "std")]
    #[test]
    fn heap_tables_are_sized_in_mib_and_refuse_what_cannot_be() {
        let table = HeapTable::<i32>::with_mib(1).unwrap();
        assert_eq!((table.slots(), table.bytes()), (65_536, 1 << 20));
        let table = HeapTable::<f64>::with_mib(3).unwrap();
        assert_eq!(table.slots(), 3 * (1 << 20) / core::mem::size_of::<Slot64>());
        let table = &HeapTable::<i32>::with_slots(4).unwrap();
        table.store(7, entry(5, 3, Bound::Lower));
        assert_eq!(table.probe(7).map(|e| (e.score, e.draft, e.bound)), Some((5, 3, Bound::Lower)));
        table.clear();
        assert!(table.probe(7).is_none());
        // Nothing to store in: every probe misses.
        let empty = &HeapTable::<i32>::with_mib(0).unwrap();
        empty.store(7, entry(5, 3, Bound::Lower));
        assert!(empty.probe(7).is_none());
        let huge = HeapTable::<i32>::with_mib(usize::MAX).unwrap_err();
        assert_eq!(huge.bytes, usize::MAX);
        let refused = HeapTable::<i32>::with_slots(usize::MAX / 16).unwrap_err();
        assert_eq!(refused.slots, usize::MAX / 16);
        assert_eq!(
            refused.to_string(),
            format!(
                "could not allocate a transposition table of {} slots ({} bytes)",
                usize::MAX / 16,
                usize::MAX / 16 * 16
            )
        );
    }

    #[cfg(feature = "std")]
    #[test]
    fn solo_tables_keep_the_newest_entry_of_a_key_and_never_another_keys() {
        let table = SoloTable::<i32>::with_mib(1).unwrap();
        assert_eq!((table.entries(), table.bytes()), (65_536, 1 << 20));
        assert_eq!(SoloTable::<f64>::with_entries(5).unwrap().entries(), 4);
        let t = &SoloTable::<i32>::with_entries(0).unwrap();
        assert_eq!(t.entries(), 2);
        // Key 0 is a key like any other (an empty entry is told by its bound).
        assert_eq!(t.probe(0), None);
        t.store(0, entry(3, 1, Bound::Upper));
        assert_eq!(t.probe(0), Some(entry(3, 1, Bound::Upper)));
        for key in 0..1000u64 {
            t.store(key, entry(key as i32, (key % 200) as u8, Bound::Exact));
        }
        // Two entries: at most two keys are found, each with its own entry; the last stored
        // is one of them (always replace).
        let found: std::vec::Vec<u64> = (0..1000).filter(|&k| t.probe(k).is_some()).collect();
        assert!((1..=2).contains(&found.len()) && found.contains(&999), "{found:?}");
        for key in found {
            assert_eq!(t.probe(key).unwrap().score, key as i32);
        }
        let stored = Entry { move_code: None, proven: true, ..entry(-7, 255, Bound::Lower) };
        t.store(999, stored);
        assert_eq!(t.probe(999), Some(stored));
        t.new_search();
        assert_eq!(t.probe(999), Some(stored));
        t.clear();
        assert_eq!(t.probe(999), None);
        let huge = SoloTable::<i32>::with_mib(usize::MAX).unwrap_err();
        assert_eq!(huge.bytes, usize::MAX);
    }

    fn entry<S: Score>(score: S, draft: u8, bound: Bound) -> Entry<S> {
        Entry { move_code: Some(7), score, draft, bound, proven: false }
    }

    #[test]
    fn store_then_probe_returns_the_entry_for_every_score_type() {
        let table = TranspositionTable::<i32, 64>::new();
        (&table).store(1, entry(-5, 3, Bound::Lower));
        assert_eq!((&table).probe(1), Some(entry(-5, 3, Bound::Lower)));

        let table = TranspositionTable::<f32, 64>::new();
        (&table).store(2, entry(0.25, 4, Bound::Upper));
        assert_eq!((&table).probe(2), Some(entry(0.25, 4, Bound::Upper)));

        let table = TranspositionTable::<f64, 64>::new();
        let precise = 0.1 + 0.2;
        (&table)
            .store(3, Entry { move_code: None, proven: true, ..entry(precise, 9, Bound::Exact) });
        let hit = (&table).probe(3).unwrap();
        assert_eq!(hit.score.to_bits(), precise.to_bits());
        assert_eq!((hit.move_code, hit.proven, hit.draft), (None, true, 9));
    }

    #[test]
    fn every_field_value_survives_the_round_trip() {
        fn round_trip<S: Score>(scores: &[S]) {
            let slots = [const { <S::Slot as Slot>::EMPTY }; 2];
            let generation = AtomicU8::new(0);
            let table = TableSlice::<S>::new(&slots, &generation);
            let mut key = 0u64;
            for &score in scores {
                for move_code in [None, Some(0), Some(1), Some(0x8000), Some(u16::MAX)] {
                    for draft in [0, 1, 127, 254, 255] {
                        for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                            for proven in [false, true] {
                                let stored = Entry { move_code, score, draft, bound, proven };
                                key = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
                                table.clear();
                                table.store(key, stored);
                                let found = table.probe(key).unwrap();
                                assert_eq!(found.score.to_bits(), score.to_bits());
                                assert_eq!(
                                    (found.move_code, found.draft, found.bound, found.proven),
                                    (move_code, draft, bound, proven)
                                );
                                assert_eq!(table.probe(key ^ 1), None);
                            }
                        }
                    }
                }
            }
        }
        round_trip::<i32>(&[0, 1, -1, i32::MAX, -i32::MAX, 1_004_096, -1_004_096, i32::MIN]);
        round_trip::<f32>(&[0.0, -0.0, 0.5, f32::INFINITY, -f32::INFINITY, f32::MIN_POSITIVE]);
        round_trip::<f64>(&[0.1 + 0.2, -1e300, f64::INFINITY, -f64::INFINITY, f64::MAX]);
    }

    #[test]
    fn a_prefetch_changes_nothing_in_any_table() {
        let table = TranspositionTable::<i32, 64>::new();
        (&table).store(1, entry(-5, 3, Bound::Lower));
        for key in 0..200u64 {
            (&table).prefetch(key);
        }
        assert_eq!((&table).probe(1), Some(entry(-5, 3, Bound::Lower)));
        assert_eq!((1..200u64).filter(|&k| (&table).probe(k).is_some()).count(), 1);
        // A table too small to store anything, and no table at all: a no-op.
        let tiny = TranspositionTable::<i32, 1>::new();
        (&tiny).prefetch(1);
        assert_eq!((&tiny).probe(1), None);
        Table::<i32>::prefetch(&NoTable, 1);
    }

    #[test]
    fn a_key_never_returns_another_keys_entry() {
        let table = TranspositionTable::<i32, 8>::new();
        for key in 0..1000u64 {
            (&table).store(key, entry(key as i32, (key % 200) as u8, Bound::Exact));
        }
        for key in 0..1000u64 {
            if let Some(hit) = (&table).probe(key) {
                assert_eq!(hit.score, key as i32);
            }
        }
    }

    #[test]
    fn replacement_keeps_deeper_and_newer_entries() {
        // Two slots: one bucket, so every key competes for it.
        let table = TranspositionTable::<i32, 2>::new();
        let t = &table;
        t.store(1, entry(1, 10, Bound::Exact));
        t.store(2, entry(2, 3, Bound::Exact));
        t.store(3, entry(3, 5, Bound::Exact)); // replaces key 2, the shallower
        assert!(t.probe(1).is_some() && t.probe(2).is_none() && t.probe(3).is_some());
        // A shallower non-exact result for a key does not overwrite its deeper entry...
        t.store(1, entry(-1, 2, Bound::Lower));
        assert_eq!(t.probe(1).unwrap().score, 1);
        // ...but an exact one does.
        t.store(1, entry(-1, 2, Bound::Exact));
        assert_eq!(t.probe(1).unwrap().score, -1);
        // Aged entries give way: after two new searches, depth 5 of old is worth less than 0 now.
        t.new_search();
        t.new_search();
        t.store(4, entry(4, 0, Bound::Upper));
        assert!(t.probe(4).is_some());
        assert_eq!(table.occupancy_permille(), 500);
        table.clear();
        assert!(t.probe(4).is_none() && t.probe(3).is_none());
        assert_eq!(table.occupancy_permille(), 0);
    }

    #[test]
    fn a_torn_slot_fails_the_check() {
        let table = TranspositionTable::<i32, 2>::new();
        let t = &table;
        t.store(11, entry(5, 1, Bound::Exact));
        let slot = table.slots.0.iter().find(|s| s.load().key == scramble(11)).unwrap();
        // Another write's last word (score bits) lands in the slot: the key check no longer
        // holds, whichever bit differs.
        let last = slot.words().last().unwrap();
        let word = last.load(Ordering::Relaxed);
        for bit in 0..Word::new(0).into_inner().count_zeros() {
            last.store(word ^ 1 << bit, Ordering::Relaxed);
            assert_eq!(t.probe(11), None, "bit {bit}");
        }
        last.store(word, Ordering::Relaxed);
        assert_eq!(t.probe(11), Some(entry(5, 1, Bound::Exact)));
    }

    #[test]
    fn tiny_tables_store_nothing_and_never_panic() {
        let table = TranspositionTable::<i32, 1>::new();
        (&table).store(1, entry(1, 1, Bound::Exact));
        assert_eq!((&table).probe(1), None);
        let empty = TranspositionTable::<i32, 0>::new();
        (&empty).store(1, entry(1, 1, Bound::Exact));
        assert_eq!(empty.occupancy_permille(), 0);
    }
}
