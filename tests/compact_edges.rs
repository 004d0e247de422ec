//! Review of `tt::CompactTable` at its edges: keys of 62, 63 and 64 bits (the quotient by
//! multiplication and by division), keys at `2^KEY_BITS - 1` and around multiples of the
//! prime, tables of 2, 3 and prime-near-a-power-of-two entries, score codes at the span's
//! ends: a probe returns the last entry stored for its key or nothing, never another key's,
//! and an entry just stored is found unchanged.

use std::collections::HashMap;

use alphabeta::tt::{Bound, CompactLayout, CompactTable, Entry, Span, Table};
use proptest::prelude::*;

macro_rules! layout {
    ($name:ident, $bits:expr) => {
        struct $name;
        impl CompactLayout for $name {
            type Score = i32;
            type Code = Span<-2, 2>;
            const KEY_BITS: u32 = $bits;
            const MOVE_BITS: u32 = 3;
            const DRAFT_BITS: u32 = 3;
        }
    };
}
layout!(K64, 64);
layout!(K63, 63);
layout!(K62, 62);
layout!(K40, 40);

fn check<L: CompactLayout<Score = i32>>(
    entries: usize,
    ops: &[(u64, i32, u8, u8)],
) -> Result<(), TestCaseError> {
    let Ok(table) = CompactTable::<L, 8>::with_entries(entries) else { return Ok(()) };
    let p = table.entries() as u64;
    let top = if L::KEY_BITS >= 64 { u64::MAX } else { (1u64 << L::KEY_BITS) - 1 };
    let mut model: HashMap<u64, Entry<i32>> = HashMap::new();
    let t = &table;
    for &(raw, score, draft, kind) in ops {
        // Keys at the top of the range, around multiples of the prime, and anywhere.
        let key = match kind % 4 {
            0 => top - (raw % 4),
            1 => (((top / p).saturating_sub(raw % 3)) * p).saturating_add(raw % 2).min(top),
            2 => raw & top,
            _ => (raw % 8).min(top),
        };
        let e = Entry {
            move_code: Some(u16::from(draft % 7)),
            score,
            draft: draft % 8,
            bound: Bound::Lower,
            proven: draft.is_multiple_of(2),
        };
        t.store(key, e);
        model.insert(key, e);
        prop_assert_eq!(t.probe(key), Some(e), "key {:#x} just stored, {} entries", key, p);
        for (&k, &stored) in &model {
            if let Some(found) = t.probe(k) {
                prop_assert_eq!(found, stored, "key {:#x} found another key's entry", k);
            }
        }
    }
    Ok(())
}

fn ops() -> impl Strategy<Value = Vec<(u64, i32, u8, u8)>> {
    prop::collection::vec((any::<u64>(), -2_i32..=2, any::<u8>(), any::<u8>()), 1..40)
}

fn sizes() -> impl Strategy<Value = usize> {
    prop_oneof![
        1_usize..=12,
        Just(127),
        Just(128),
        Just(131),
        Just(255),
        Just(257),
        Just(65_521),
        Just(65_537)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn compact_keys_of_64_bits(entries in sizes(), ops in ops()) { check::<K64>(entries, &ops)?; }
    #[test]
    fn compact_keys_of_63_bits(entries in sizes(), ops in ops()) { check::<K63>(entries, &ops)?; }
    #[test]
    fn compact_keys_of_62_bits(entries in sizes(), ops in ops()) { check::<K62>(entries, &ops)?; }
    #[test]
    fn compact_keys_of_40_bits(entries in sizes(), ops in ops()) { check::<K40>(entries, &ops)?; }
}

/// The tables of the checks above exist (a check of a size the layout refuses proves
/// nothing): 62- to 64-bit keys in 8-byte entries with 12 bits of fields need large primes.
#[test]
fn compact_sizes_are_made() {
    assert_eq!(CompactTable::<K40, 8>::with_entries(2).unwrap().entries(), 2);
    assert_eq!(CompactTable::<K40, 8>::with_entries(3).unwrap().entries(), 3);
    assert!(CompactTable::<K62, 8>::with_entries(2).is_err());
    assert_eq!(CompactTable::<K62, 8>::with_entries(65_521).unwrap().quotient_bits(), 47);
    assert!(CompactTable::<K64, 8>::with_entries(2).is_err());
    assert_eq!(CompactTable::<K64, 8>::with_entries(65_537).unwrap().entries(), 65_537);
    assert_eq!(CompactTable::<K63, 8>::with_entries(65_537).unwrap().quotient_bits(), 47);
}
