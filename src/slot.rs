//! The atomic words of one transposition-table slot and their two layouts (64-bit words where
//! the target has 64-bit atomics, 32-bit words elsewhere), apart from the table that fills them
//! and the scores they hold: the table module ([`crate::tt`]) re-exports every public item, and
//! a [`Score`](crate::Score) names its slot type.
//!
//! The fields of a slot and their bits are tabled in the table module's documentation.

/// The atomic word slots are made of: [`AtomicU64`](core::sync::atomic::AtomicU64) on
/// targets with 64-bit atomics, [`AtomicU32`](core::sync::atomic::AtomicU32) on the others
/// (Cortex-M0/M3/M4, RISC-V `imc`).
#[cfg(target_has_atomic = "64")]
pub type Word = core::sync::atomic::AtomicU64;
/// The atomic word slots are made of: [`AtomicU64`](core::sync::atomic::AtomicU64) on
/// targets with 64-bit atomics, [`AtomicU32`](core::sync::atomic::AtomicU32) on the others
/// (Cortex-M0/M3/M4, RISC-V `imc`).
#[cfg(not(target_has_atomic = "64"))]
pub type Word = core::sync::atomic::AtomicU32;

mod sealed {
    /// A slot's words, loaded and decoded (the same on every layout).
    #[derive(Clone, Copy)]
    pub struct Raw {
        /// The scrambled key the slot verifies for (garbage for a torn slot).
        pub key: u64,
        /// Move code, draft, bound, generation and flags (see the module's layout tables).
        pub meta: u32,
        /// The score's bits ([`Score::to_bits`](crate::Score::to_bits)).
        pub score_bits: u64,
    }

    pub trait Sealed {
        /// Loads the words one by one and undoes the XOR (not checked against any key).
        fn load(&self) -> Raw;
        /// Stores the words one by one, the check word first.
        fn save(&self, raw: Raw);
    }
}
pub(crate) use sealed::{Raw, Sealed};

/// The atomic words of one slot; implemented for the two slot sizes, not for you to implement.
pub trait Slot: sealed::Sealed + Send + Sync + 'static {
    /// An empty slot, for `const` initialisation.
    const EMPTY: Self;
    /// The slot's words (for zeroing memory and for tests; the layout is in the module
    /// documentation).
    fn words(&self) -> &[Word];
}

/// The slot for 32-bit scores (`i32`, `f32`): 16 bytes (two 64-bit words, or four 32-bit
/// words without 64-bit atomics), 16-byte aligned so that a bucket of two never straddles a
/// cache line in a [`TranspositionTable`](crate::tt::TranspositionTable).
#[derive(Debug)]
#[repr(C, align(16))]
pub struct Slot32([Word; SLOT32_WORDS]);

/// The slot for 64-bit scores (`f64`): 24 bytes (three 64-bit words), or 20 (five 32-bit
/// words) without 64-bit atomics.
#[derive(Debug)]
pub struct Slot64([Word; SLOT64_WORDS]);

#[cfg(target_has_atomic = "64")]
const SLOT32_WORDS: usize = 2;
#[cfg(target_has_atomic = "64")]
const SLOT64_WORDS: usize = 3;
#[cfg(not(target_has_atomic = "64"))]
const SLOT32_WORDS: usize = 4;
#[cfg(not(target_has_atomic = "64"))]
const SLOT64_WORDS: usize = 5;

impl Slot for Slot32 {
    const EMPTY: Self = Self([const { Word::new(0) }; SLOT32_WORDS]);
    fn words(&self) -> &[Word] {
        &self.0
    }
}

impl Slot for Slot64 {
    const EMPTY: Self = Self([const { Word::new(0) }; SLOT64_WORDS]);
    fn words(&self) -> &[Word] {
        &self.0
    }
}

const _: () = assert!(core::mem::size_of::<Slot32>() == 16);
const _: () = assert!(core::mem::align_of::<Slot32>() == 16);
#[cfg(target_has_atomic = "64")]
const _: () = assert!(core::mem::size_of::<Slot64>() == 24);
#[cfg(not(target_has_atomic = "64"))]
const _: () = assert!(core::mem::size_of::<Slot64>() == 20);

#[cfg(target_has_atomic = "64")]
mod layout {
    //! Two (`i32`, `f32`) or three (`f64`) 64-bit words: word 0 is `scramble(key)` XORed with
    //! the others, so a reader needs two (three) loads and one (two) XORs.
    use super::{Raw, Sealed, Slot32, Slot64};
    use core::sync::atomic::Ordering::Relaxed;

    impl Sealed for Slot32 {
        #[inline]
        fn load(&self) -> Raw {
            let check = self.0[0].load(Relaxed);
            let data = self.0[1].load(Relaxed);
            Raw { key: check ^ data, meta: data as u32, score_bits: data >> 32 }
        }
        #[inline]
        fn save(&self, raw: Raw) {
            let data = u64::from(raw.meta) | raw.score_bits << 32;
            self.0[0].store(raw.key ^ data, Relaxed);
            self.0[1].store(data, Relaxed);
        }
    }

    impl Sealed for Slot64 {
        #[inline]
        fn load(&self) -> Raw {
            let check = self.0[0].load(Relaxed);
            let meta = self.0[1].load(Relaxed);
            let score_bits = self.0[2].load(Relaxed);
            Raw { key: check ^ meta ^ score_bits, meta: meta as u32, score_bits }
        }
        #[inline]
        fn save(&self, raw: Raw) {
            let meta = u64::from(raw.meta);
            self.0[0].store(raw.key ^ meta ^ raw.score_bits, Relaxed);
            self.0[1].store(meta, Relaxed);
            self.0[2].store(raw.score_bits, Relaxed);
        }
    }
}

#[cfg(not(target_has_atomic = "64"))]
mod layout {
    //! Four (`i32`, `f32`) or five (`f64`) 32-bit words: words 0 and 1 are `scramble(key)`
    //! XORed with `mix(data)`.
    use super::{Raw, Sealed, Slot32, Slot64, Word};
    use core::sync::atomic::Ordering::Relaxed;

    #[inline]
    fn mix(meta: u32, score_bits: u64) -> u64 {
        u64::from(meta) ^ (score_bits << 32) ^ (score_bits >> 32)
    }

    #[inline]
    fn load(words: &[Word]) -> Raw {
        let check = u64::from(words[0].load(Relaxed)) | u64::from(words[1].load(Relaxed)) << 32;
        let meta = words[2].load(Relaxed);
        let mut score_bits = u64::from(words[3].load(Relaxed));
        if let Some(high) = words.get(4) {
            score_bits |= u64::from(high.load(Relaxed)) << 32;
        }
        Raw { key: check ^ mix(meta, score_bits), meta, score_bits }
    }

    #[inline]
    fn save(words: &[Word], raw: Raw) {
        let check = raw.key ^ mix(raw.meta, raw.score_bits);
        words[0].store(check as u32, Relaxed);
        words[1].store((check >> 32) as u32, Relaxed);
        words[2].store(raw.meta, Relaxed);
        words[3].store(raw.score_bits as u32, Relaxed);
        if let Some(high) = words.get(4) {
            high.store((raw.score_bits >> 32) as u32, Relaxed);
        }
    }

    impl Sealed for Slot32 {
        #[inline]
        fn load(&self) -> Raw {
            load(&self.0)
        }
        #[inline]
        fn save(&self, raw: Raw) {
            save(&self.0, raw);
        }
    }

    impl Sealed for Slot64 {
        #[inline]
        fn load(&self) -> Raw {
            load(&self.0)
        }
        #[inline]
        fn save(&self, raw: Raw) {
            save(&self.0, raw);
        }
    }
}
