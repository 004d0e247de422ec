//! A pattern evaluation of Othello positions, for the endgame solver's move ordering.
//!
//! The board is cut into lines and corner regions (*patterns*, after Buro's Logistello,
//! Buro 1997), each seen from all its symmetric places: 46 instances of 11 patterns. Every
//! configuration of a pattern's squares (each empty, the mover's or the opponent's: `3^n` of
//! them for `n` squares) has a learnt weight, and a position's value is the sum of its
//! instances' weights. The weights ([`WEIGHTS`], in `othello_weights.bin`) were fitted by
//! least squares to the exact final scores of positions with 12 to 18 empty squares from
//! self-played games: `cargo run --release --features std --example othello_train` remakes
//! them (its documentation gives the data and the fit).
//!
//! | pattern | squares | instances |
//! |---|---|---|
//! | corner 3×3 | `A1-C3` | 4 |
//! | corner 2×5 | `A1-E2` | 8 |
//! | edge and its X squares | `A1-H1`, `B2`, `G2` | 4 |
//! | second, third and fourth lines | `A2-H2`, `A3-H3`, `A4-H4` | 4 each |
//! | diagonals of 8 to 4 squares | `A1-H8`, `B1-H7`, …, `E1-H4` | 2, then 4 each |
//!
//! [`evaluate`] is a few hundred instructions: the solver uses it only to order the moves
//! of nodes far from the end, where a misordered move costs most.

/// A pattern: the squares of its first instance (bit numbers, `A1` = 0) and the symmetries
/// that give its other instances.
struct Pattern {
    squares: &'static [u8],
    symmetries: &'static [u8],
}

/// The patterns, in the order of their weights in [`WEIGHTS`].
const PATTERNS: [Pattern; 11] = [
    // corner 3x3: A1 B1 C1 A2 B2 C2 A3 B3 C3
    Pattern { squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18], symmetries: &[0, 1, 2, 3] },
    // corner 2x5: A1-E1, A2-E2
    Pattern { squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12], symmetries: &[0, 1, 2, 3, 4, 5, 6, 7] },
    // edge and X squares: A1-H1, B2, G2
    Pattern { squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14], symmetries: &[0, 2, 4, 5] },
    // second line: A2-H2
    Pattern { squares: &[8, 9, 10, 11, 12, 13, 14, 15], symmetries: &[0, 2, 4, 5] },
    // third line: A3-H3
    Pattern { squares: &[16, 17, 18, 19, 20, 21, 22, 23], symmetries: &[0, 2, 4, 5] },
    // fourth line: A4-H4
    Pattern { squares: &[24, 25, 26, 27, 28, 29, 30, 31], symmetries: &[0, 2, 4, 5] },
    // main diagonal: A1-H8
    Pattern { squares: &[0, 9, 18, 27, 36, 45, 54, 63], symmetries: &[0, 1] },
    // diagonal of 7: B1-H7
    Pattern { squares: &[1, 10, 19, 28, 37, 46, 55], symmetries: &[0, 1, 4, 5] },
    // diagonal of 6: C1-H6
    Pattern { squares: &[2, 11, 20, 29, 38, 47], symmetries: &[0, 1, 4, 5] },
    // diagonal of 5: D1-H5
    Pattern { squares: &[3, 12, 21, 30, 39], symmetries: &[0, 1, 4, 5] },
    // diagonal of 4: E1-H4
    Pattern { squares: &[4, 13, 22, 31], symmetries: &[0, 1, 4, 5] },
];

/// The square `square` (bit number, `A1` = 0) maps to under symmetry `s` (0 to 7) of the
/// board's eight: (column, row) to
/// `(x, y)`, `(7-x, y)`, `(x, 7-y)`, `(7-x, 7-y)`, `(y, x)`, `(7-y, x)`, `(y, 7-x)`,
/// `(7-y, 7-x)`.
pub const fn symmetric(square: u8, s: u8) -> u8 {
    let (x, y) = (square % 8, square / 8);
    let (x, y) = match s {
        0 => (x, y),
        1 => (7 - x, y),
        2 => (x, 7 - y),
        3 => (7 - x, 7 - y),
        4 => (y, x),
        5 => (7 - y, x),
        6 => (y, 7 - x),
        _ => (7 - y, 7 - x),
    };
    y * 8 + x
}

/// Pattern instances on the board.
pub const INSTANCES: usize = 46;

/// The most squares of a pattern.
const MAX_SQUARES: usize = 10;

/// One instance: its pattern's first weight in [`WEIGHTS`], its squares (most significant
/// base-3 digit first) and how many.
#[derive(Clone, Copy)]
struct Instance {
    offset: u32,
    len: u8,
    squares: [u8; MAX_SQUARES],
}

const fn pow3(n: usize) -> u32 {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

/// The number of weights: `3^n` for each pattern of `n` squares.
pub const WEIGHT_COUNT: usize = {
    let mut total = 0;
    let mut i = 0;
    while i < PATTERNS.len() {
        total += pow3(PATTERNS[i].squares.len()) as usize;
        i += 1;
    }
    total
};

/// Every instance, pattern after pattern.
const ALL: [Instance; INSTANCES] = {
    let mut all = [Instance { offset: 0, len: 0, squares: [0; MAX_SQUARES] }; INSTANCES];
    let mut n = 0;
    let mut offset = 0;
    let mut p = 0;
    while p < PATTERNS.len() {
        let pattern = &PATTERNS[p];
        let mut s = 0;
        while s < pattern.symmetries.len() {
            let mut instance =
                Instance { offset, len: pattern.squares.len() as u8, squares: [0; MAX_SQUARES] };
            let mut i = 0;
            while i < pattern.squares.len() {
                instance.squares[i] = symmetric(pattern.squares[i], pattern.symmetries[s]);
                i += 1;
            }
            all[n] = instance;
            n += 1;
            s += 1;
        }
        offset += pow3(pattern.squares.len());
        p += 1;
    }
    assert!(n == INSTANCES);
    all
};

/// The weights' scale: a weight of `SCALE` is one disc of final difference.
pub const SCALE: i32 = 64;

/// The learnt weights, little-endian `i16`, [`WEIGHT_COUNT`] of them, pattern after pattern in
/// the table's order, each pattern's configurations by their base-3 index (the first square
/// the most significant digit; 0 empty, 1 the mover's disc, 2 the opponent's).
pub static WEIGHTS: &[u8; 2 * WEIGHT_COUNT] = include_bytes!("othello_weights.bin");

/// The index in [`WEIGHTS`] of every instance's configuration for the side to move `p`
/// against `o`.
#[inline]
pub fn features(p: u64, o: u64) -> [u32; INSTANCES] {
    let mut out = [0; INSTANCES];
    for (slot, instance) in out.iter_mut().zip(ALL.iter()) {
        let mut index = 0;
        for &square in &instance.squares[..instance.len as usize] {
            let digit = ((p >> square) & 1) + 2 * ((o >> square) & 1);
            index = index * 3 + digit as u32;
        }
        *slot = instance.offset + index;
    }
    out
}

/// Each instance's squares as a mask, and the base-3 value of each of its squares in the
/// order of their bits (lowest first): `GATHER[i].0` the mask, `.1[j]` the value of the
/// instance's `j`-th lowest square (3 to the power of its digit's place).
#[cfg(any(test, all(target_arch = "x86_64", target_feature = "bmi2")))]
const GATHER: [(u64, [u32; MAX_SQUARES]); INSTANCES] = {
    let mut table = [(0, [0; MAX_SQUARES]); INSTANCES];
    let mut i = 0;
    while i < INSTANCES {
        let instance = &ALL[i];
        let len = instance.len as usize;
        let mut mask = 0u64;
        let mut k = 0;
        while k < len {
            mask |= 1 << instance.squares[k];
            k += 1;
        }
        // The j-th lowest square's place among the instance's squares.
        let mut j = 0;
        let mut rest = mask;
        while rest != 0 {
            let square = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let mut place = 0;
            while instance.squares[place] != square {
                place += 1;
            }
            table[i].1[j] = pow3(len - 1 - place);
            j += 1;
        }
        table[i].0 = mask;
        i += 1;
    }
    table
};

/// `DIGITS[i][half][bits]`: the base-3 value of instance `i`'s squares whose bits (gathered
/// in order, lowest first) are set in `bits`, for its five lowest squares (`half` 0) or the
/// rest (`half` 1), each such square a digit 1.
#[cfg(any(test, all(target_arch = "x86_64", target_feature = "bmi2")))]
static DIGITS: [[[u32; 32]; 2]; INSTANCES] = {
    let mut table = [[[0; 32]; 2]; INSTANCES];
    let mut i = 0;
    while i < INSTANCES {
        let mut half = 0;
        while half < 2 {
            let mut bits = 0;
            while bits < 32 {
                let mut value = 0;
                let mut j = 0;
                while j < 5 {
                    if bits & (1 << j) != 0 && 5 * half + j < MAX_SQUARES {
                        value += GATHER[i].1[5 * half + j];
                    }
                    j += 1;
                }
                table[i][half][bits] = value;
                bits += 1;
            }
            half += 1;
        }
        i += 1;
    }
    table
};

/// [`features`] from each instance's squares gathered out of the two bitboards by `gather`
/// (a parallel bit extract: the bits of the mask's squares, lowest first, packed at the
/// bottom) and read as base-3 digits through [`DIGITS`].
#[cfg(any(test, all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline(always)]
fn gathered_features(p: u64, o: u64, gather: impl Fn(u64, u64) -> u64) -> [u32; INSTANCES] {
    let mut out = [0; INSTANCES];
    for (i, slot) in out.iter_mut().enumerate() {
        let mask = GATHER[i].0;
        let digits = &DIGITS[i];
        let read = |bits: u64| digits[0][bits as usize & 31] + digits[1][(bits >> 5) as usize & 31];
        *slot = ALL[i].offset + read(gather(p, mask)) + 2 * read(gather(o, mask));
    }
    out
}

/// [`features`] by [`gathered_features`] with BMI2's `pext`: a dozen instructions an
/// instance instead of a few for each of its squares.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
fn fast_features(p: u64, o: u64) -> [u32; INSTANCES] {
    gathered_features(p, o, |bits, mask| {
        // SAFETY: this code is compiled only where the build enables BMI2 (`target_feature =
        // "bmi2"`, as `-C target-cpu=x86-64-v3` does): every CPU it runs on has `pext`, which
        // only computes on registers.
        #[allow(unsafe_code)]
        unsafe {
            core::arch::x86_64::_pext_u64(bits, mask)
        }
    })
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
use features as fast_features;

/// The value of the position with `p` to move against `o`, for the side to move, in
/// 1/[`SCALE`] discs of final disc difference (positive: the side to move is ahead).
#[inline]
pub fn evaluate(p: u64, o: u64) -> i32 {
    let mut sum = 0;
    for index in fast_features(p, o) {
        let at = 2 * index as usize;
        sum += i16::from_le_bytes([WEIGHTS[at], WEIGHTS[at + 1]]) as i32;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_instance_is_a_distinct_set_of_distinct_squares() {
        let mut seen = std::vec::Vec::new();
        for instance in ALL {
            let squares = &instance.squares[..instance.len as usize];
            let mask = squares.iter().fold(0u64, |m, &s| m | 1 << s);
            assert_eq!(mask.count_ones() as usize, squares.len());
            assert!(!seen.contains(&mask), "instance {squares:?} twice");
            seen.push(mask);
        }
        // Every square is in some instance.
        assert_eq!(seen.iter().fold(0, |m, s| m | s), u64::MAX);
        assert_eq!(WEIGHT_COUNT, 19683 + 2 * 59049 + 3 * 6561 + 6561 + 2187 + 729 + 243 + 81);
    }

    #[test]
    fn an_instance_reads_its_squares_as_base_3_digits_first_square_first() {
        // The first corner 3x3 (A1 B1 C1 / A2 B2 C2 / A3 B3 C3): the mover on A1, the
        // opponent on B1 and C3: digits 1 2 0 0 0 0 0 0 2.
        let (p, o) = (1u64, (1u64 << 1) | (1 << 18));
        assert_eq!(features(p, o)[0], 6561 + 2 * 2187 + 2);
        // Its image at H8 (symmetry 3, the fourth instance), with the board turned round.
        let (p, o) = (1u64 << 63, (1u64 << 62) | (1 << 45));
        assert_eq!(features(p, o)[3], 6561 + 2 * 2187 + 2);
        // The first edge (A1-H1, B2, G2; after the 4 + 8 corner instances, its weights after
        // the corner patterns'): the opponent on G2 alone is the last digit but one.
        let (p, o) = (0u64, 1u64 << 14);
        assert_eq!(features(p, o)[12], 19683 + 59049 + 2);
        // The empty board reads every instance's index 0.
        let empty = features(0, 0);
        let mut offsets: std::vec::Vec<u32> = ALL.iter().map(|i| i.offset).collect();
        offsets.dedup();
        assert_eq!(offsets.len(), PATTERNS.len());
        assert!(empty.iter().zip(ALL.iter()).all(|(&f, i)| f == i.offset));
        // The last index of the last pattern is the last weight.
        let full = features(u64::MAX, 0);
        assert!(full.iter().all(|&f| (f as usize) < WEIGHT_COUNT));
        assert!(features(0, u64::MAX).contains(&(WEIGHT_COUNT as u32 - 1)));
    }

    #[test]
    fn the_fast_features_equal_the_square_by_square_reading_on_random_boards() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // The parallel bit extract, square by square (what `pext` computes), so that the
        // tables are checked on every build; `fast_features` is `pext`'s on BMI2 builds.
        let soft = |bits: u64, mask: u64| {
            let (mut out, mut rest, mut at) = (0, mask, 0);
            while rest != 0 {
                out |= ((bits >> rest.trailing_zeros()) & 1) << at;
                rest &= rest - 1;
                at += 1;
            }
            out
        };
        let mut boards = std::vec![(u64::MAX, 0), (0, u64::MAX), (0x0000_0018_1800_0000, 0)];
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            boards.push((a & b, a & !b));
        }
        for (p, o) in boards {
            let expected = features(p, o);
            assert_eq!(gathered_features(p, o, soft), expected);
            assert_eq!(fast_features(p, o), expected);
        }
    }

    #[test]
    fn the_learnt_weights_value_a_corner_for_the_side_that_holds_it() {
        // The same position with a corner for the mover and for the opponent, and with an
        // X square (next to the empty corner) for each.
        let (p, o) = (0x0000_1038_0C04_0000u64, 0x0000_0804_3008_2000u64);
        assert!(evaluate(p | 1, o) > evaluate(p, o | 1));
        assert!(evaluate(p | 1 << 9, o) < evaluate(p, o | 1 << 9));
    }
}
