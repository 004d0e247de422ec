//! The compact table (`tt::CompactTable`): a probe is exact with a partial key (no key is
//! ever taken for another) and what does not fit is not stored. (Connect Four's solver over it
//! is checked against Pons' sets in tests/connect4.rs.)

use std::collections::HashMap;

use alphabeta::games::connect4::{SolverLayout, SolverLayoutWithMove};
use alphabeta::tt::{
    AlternatingMates, Bound, CompactLayout, CompactTable, CompactTableError, Entry, ScoreCode,
    Span, Table,
};
use alphabeta::Score;
use proptest::prelude::*;

/// Keys below 2^24, scores -100..=100, move codes below 15, drafts below 32.
struct Wide;

impl CompactLayout for Wide {
    type Score = i32;
    type Code = Span<-100, 100>;
    const KEY_BITS: u32 = 24;
    const MOVE_BITS: u32 = 4;
    const DRAFT_BITS: u32 = 5;
}

/// 1021 entries (a prime); fields 2 + 1 + 5 + 4 + 8 = 20 bits, quotient 15: 35 of 40 bits.
fn wide_table() -> CompactTable<Wide, 5> {
    let table = CompactTable::<Wide, 5>::with_entries(1024).unwrap();
    assert_eq!((table.entries(), table.quotient_bits(), table.bytes()), (1021, 15, 5105));
    table
}

fn entry(score: i32, draft: u8, bound: Bound, move_code: Option<u16>, proven: bool) -> Entry<i32> {
    Entry { move_code, score, draft, bound, proven }
}

fn any_entry() -> impl Strategy<Value = Entry<i32>> {
    let bound = prop_oneof![Just(Bound::Exact), Just(Bound::Lower), Just(Bound::Upper)];
    (-100_i32..=100, 0_u8..32, bound, prop::option::of(0_u16..15), any::<bool>()).prop_map(
        |(score, draft, bound, move_code, proven)| entry(score, draft, bound, move_code, proven),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Keys that share their entry (the same remainder by 1021) and keys that share the low
    /// bits of their quotient, stored and probed in any order: a probe finds exactly the last
    /// entry stored for its own key while no other key of its remainder came after, as a map
    /// of remainder to (key, entry) says; never another key's entry.
    #[test]
    fn distinct_keys_never_alias(
        steps in prop::collection::vec(
            (0_u64..3, 0_u64..1 << 13, any::<bool>(), any_entry()), 1..400),
    ) {
        let table = wide_table();
        let t = &table;
        let mut model: HashMap<u64, (u64, Entry<i32>)> = HashMap::new();
        // Three remainders; quotients below 2^13, drawn in pairs that differ in bit 13 only
        // (quotients below 2^14, keys below 2^24).
        for (remainder, quotient, top, stored) in steps {
            let quotient = if top { quotient | 1 << 13 } else { quotient & !(1 << 13) };
            let key = quotient * 1021 + [0, 1, 1020][remainder as usize];
            // Probe first: the model's answer.
            let expected = model.get(&(key % 1021)).filter(|(k, _)| *k == key).map(|(_, e)| *e);
            prop_assert_eq!(t.probe(key), expected, "key {}", key);
            t.store(key, stored);
            model.insert(key % 1021, (key, stored));
            prop_assert_eq!(t.probe(key), Some(stored));
        }
    }

    /// Any key of 49 bits in a Connect Four table of 5-byte entries: stored, found; another key
    /// of its entry (a multiple of the prime away) is not.
    #[test]
    fn connect4_keys_of_49_bits_are_exact(key in 0_u64..1 << 49, shift in 1_u64..1 << 20) {
        let table = CompactTable::<SolverLayout, 5>::with_entries(1 << 18).unwrap();
        let p = table.entries() as u64;
        let t = &table;
        let stored = entry(i32::win_in(7), 0, Bound::Lower, None, true);
        t.store(key, stored);
        prop_assert_eq!(t.probe(key), Some(Entry { draft: 255, ..stored }));
        for other in [key.wrapping_add(shift * p), key.wrapping_sub(shift * p)] {
            if other < 1 << 49 {
                prop_assert_eq!(t.probe(other), None, "{} against {}", other, key);
            }
        }
    }
}

#[test]
fn every_field_survives_the_round_trip() {
    let table = wide_table();
    let t = &table;
    let mut key = 0;
    for score in [-100, -1, 0, 1, 100] {
        for draft in [0, 1, 30, 31] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for move_code in [None, Some(0), Some(7), Some(13)] {
                    for proven in [false, true] {
                        let stored = entry(score, draft, bound, move_code, proven);
                        key = (key + 40_009) % (1 << 24);
                        t.store(key, stored);
                        assert_eq!(t.probe(key), Some(stored));
                    }
                }
            }
        }
    }
    t.clear();
    assert_eq!(t.probe(key), None);
}

#[test]
fn what_does_not_fit_is_not_stored_and_never_changed() {
    let table = wide_table();
    let t = &table;
    let kept = entry(5, 3, Bound::Exact, Some(1), false);
    t.store(77, kept);
    // A score without a code, a draft beyond 5 bits: not stored (the old entry stays).
    for refused in [
        entry(101, 3, Bound::Lower, None, false),
        entry(-101, 3, Bound::Lower, None, true),
        entry(i32::MAX, 3, Bound::Lower, None, false),
        entry(5, 32, Bound::Lower, None, false),
    ] {
        t.store(77, refused);
        assert_eq!(t.probe(77), Some(kept), "{refused:?}");
    }
    // A move code the field cannot hold (15 and above): stored without its move.
    t.store(77, entry(4, 2, Bound::Upper, Some(15), false));
    assert_eq!(t.probe(77), Some(entry(4, 2, Bound::Upper, None, false)));
    // A key of more than the declared 24 bits: neither stored nor found, and the key of its
    // low 24 bits keeps its own entry.
    for wide in [1 << 24 | 77, u64::MAX] {
        t.store(wide, entry(9, 1, Bound::Exact, None, true));
        assert_eq!(t.probe(wide), None);
    }
    assert_eq!(t.probe(77), Some(entry(4, 2, Bound::Upper, None, false)));
    // Without a draft field only proven entries are stored.
    let solver = CompactTable::<SolverLayout, 5>::with_mib(1).unwrap();
    let s = &solver;
    s.store(5, entry(0, 9, Bound::Exact, Some(3), false));
    assert_eq!(s.probe(5), None);
    s.store(5, entry(0, 9, Bound::Exact, Some(3), true));
    assert_eq!(s.probe(5), Some(entry(0, 255, Bound::Exact, None, true)));
}

#[test]
fn alternating_mates_give_every_score_of_their_range_a_code() {
    type Code = AlternatingMates<42>;
    assert_eq!(<Code as ScoreCode<i32>>::BITS, 6);
    let mut scores = vec![0];
    scores.extend((1..=41).step_by(2).map(i32::win_in));
    scores.extend((0..=42).step_by(2).map(i32::loss_in));
    let codes: Vec<u32> = scores.iter().map(|&s| Code::encode(s).unwrap()).collect();
    // 0, then the distance plus one: wins 2, 4, .. 42, losses 1, 3, .. 43.
    let mut expected = vec![0];
    expected.extend((2..=42).step_by(2));
    expected.extend((1..=43).step_by(2));
    assert_eq!(codes, expected);
    for (&score, &code) in scores.iter().zip(&codes) {
        assert_eq!(<Code as ScoreCode<i32>>::decode(code), score);
    }
    // The other parity, beyond 42 plies, an ordinary score, infinity: no code.
    for score in
        [i32::win_in(2), i32::loss_in(1), i32::win_in(43), i32::loss_in(44), 1, -7, i32::MAX]
    {
        assert_eq!(Code::encode(score), None, "{score}");
    }
    // Floating scores: mates exactly, nothing between two distances.
    assert_eq!(<Code as ScoreCode<f64>>::encode(f64::win_in(3)), Some(4));
    assert_eq!(<Code as ScoreCode<f64>>::decode(4), f64::win_in(3));
    assert_eq!(<Code as ScoreCode<f32>>::encode(f32::loss_in(42)), Some(43));
    assert_eq!(<Code as ScoreCode<f32>>::decode(43), f32::loss_in(42));
    assert_eq!(<Code as ScoreCode<f64>>::encode(f64::win_in(3) + 0.5), None);
    assert_eq!(<Code as ScoreCode<f64>>::encode(0.25), None);
    assert_eq!(<Span<-3, 3> as ScoreCode<i32>>::BITS, 3);
    assert_eq!(Span::<-3, 3>::encode(-3), Some(0));
    assert_eq!(Span::<-3, 3>::encode(4), None);
}

#[test]
fn connect4_tables_hold_a_prime_of_five_or_six_byte_entries() {
    // 1 MiB: 209,715 entries of 5 bytes at most, the largest prime 209,707.
    let table = CompactTable::<SolverLayout, 5>::with_mib(1).unwrap();
    assert_eq!((table.entries(), table.bytes(), table.quotient_bits()), (209_707, 1_048_535, 32));
    // Pons' 2^18 build: next_prime(2^18) = 262,147 entries of 5 bytes.
    let table = CompactTable::<SolverLayout, 5>::with_entries(262_147).unwrap();
    assert_eq!((table.entries(), table.bytes(), table.quotient_bits()), (262_147, 1_310_735, 31));
    let table = CompactTable::<SolverLayoutWithMove, 6>::with_mib(1).unwrap();
    assert_eq!((table.entries(), table.quotient_bits()), (174_761, 32));
    // Below 2^17 entries the quotient takes 33 bits: 5 bytes do not hold it and the fields.
    assert_eq!(
        CompactTable::<SolverLayout, 5>::with_entries(1 << 17).unwrap_err(),
        CompactTableError::TooNarrow { entries: 131_071, needed_bits: 41, entry_bits: 40 }
    );
    // The move's 3 bits fit 5 bytes from 2^20 entries.
    assert!(CompactTable::<SolverLayoutWithMove, 5>::with_entries(1 << 20).is_err());
    assert!(CompactTable::<SolverLayoutWithMove, 5>::with_entries(1_048_583).is_ok());
}
