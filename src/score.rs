//! Scores: the numbers the search compares.
//!
//! A score is always read from one player's point of view: higher is better for that player.
//! Three types implement [`Score`]: `i32` (the default in the examples), `f32` and `f64` (for
//! evaluators that return normalised values such as `0.1` or `0.5`).
//!
//! # Ranges and their meaning
//!
//! | range | meaning |
//! |---|---|
//! | `-INFINITY`, `INFINITY` | the bounds of the full window; as a score only from an evaluator without mate scores: worse (better) than any other |
//! | `WIN - MAX_MATE_PLY ..= WIN` | a forced win: `WIN - ply`, where `ply` is the distance from the root to the won terminal position |
//! | `-WIN ..= -(WIN - MAX_MATE_PLY)` | a forced loss: `LOSS + ply` with `LOSS = -WIN` |
//! | anything in between | a heuristic evaluation; `ZERO` is a draw |
//!
//! Evaluators should keep heuristic values strictly inside `(-(WIN - MAX_MATE_PLY), WIN -
//! MAX_MATE_PLY)` so that they cannot be mistaken for forced results. A position `ply` plies
//! from the root scores within `loss_in(ply) ..= win_in(ply)`: no result is nearer than the
//! position itself. Scores outside (`±WIN` at ply 3, anything beyond `±WIN`, `±INFINITY`,
//! `i32::MIN`) are errors
//! ([`SearchError::ScoreOutOfRange`](crate::SearchError::ScoreOutOfRange)): mate distance
//! pruning and the table would misread them. An evaluator that declares it uses no mate
//! scores ([`Evaluator::MATE_SCORES`](crate::Evaluator::MATE_SCORES) `= false`) may return
//! any number from `-INFINITY` to `INFINITY` (but `i32::MIN`, which has no negation), taken
//! at face value.
//!
//! | type | `WIN` | `INFINITY` |
//! |---|---|---|
//! | `i32` | 1,000,000 | `i32::MAX` |
//! | `f32` | 1,000,000.0 | `f32::INFINITY` |
//! | `f64` | 1,000,000.0 | `f64::INFINITY` |
//!
//! `WIN - ply` is exact in all three types for every ply up to [`MAX_MATE_PLY`].

use core::fmt::{Debug, Display};
use core::ops::Neg;

use crate::slot::{Slot, Slot32, Slot64};

/// The largest distance in plies that a win or loss score can carry.
///
/// Scores with an absolute value of at least `WIN - MAX_MATE_PLY` are forced results.
pub const MAX_MATE_PLY: u32 = 4096;

/// A score type the search can compare, negate and carry mate distances in.
///
/// Implemented for `i32`, `f32` and `f64`; the trait is sealed so that every implementation
/// keeps the invariants the search depends on (total order on non-NaN values, exact negation).
pub trait Score:
    Copy
    + PartialOrd
    + PartialEq
    + Debug
    + Display
    + Neg<Output = Self>
    + Send
    + Sync
    + 'static
    + sealed::Sealed
{
    /// A draw, or an even position.
    const ZERO: Self;
    /// The score of a win at the root itself (ply 0). A win `ply` plies away is `WIN - ply`.
    const WIN: Self;
    /// A bound larger than every score; `-INFINITY` is smaller than every score.
    const INFINITY: Self;
    /// The default width of the null window of principal variation search: `1` for integers,
    /// `1e-4` for floating scores.
    const DEFAULT_EPSILON: Self;

    /// The score of a forced win `ply` plies from the root: `WIN - ply`.
    fn win_in(ply: u32) -> Self;

    /// The score of a forced loss `ply` plies from the root: `LOSS + ply = -(WIN - ply)`.
    #[inline]
    fn loss_in(ply: u32) -> Self {
        -Self::win_in(ply)
    }

    /// `true` for a floating-point NaN; always `false` for integers.
    fn is_nan(self) -> bool;

    /// If the score is a forced result (within [`MAX_MATE_PLY`] of `±WIN`), which and how
    /// many plies from the root the game ends.
    fn mate(self) -> Option<Mate>;

    /// [`Score::mate`] as one signed number: `d > 0` a win `d` plies away, `d < 0` a loss
    /// `-d` plies away. A game already over at the root reads as `Some(0)` either way; use
    /// [`Score::mate`] to tell a win from a loss there.
    fn mate_distance(self) -> Option<i32> {
        self.mate().map(|mate| match mate {
            Mate::Win(plies) => plies as i32,
            Mate::Loss(plies) => -(plies as i32),
        })
    }

    /// The score as an `f64`, for printing and for the C ABI.
    fn to_f64(self) -> f64;

    /// `self + delta`, saturating at `±INFINITY` for integers.
    fn add(self, delta: Self) -> Self;

    /// `self - delta`, saturating at `±INFINITY` for integers.
    fn sub(self, delta: Self) -> Self;

    /// The width of the null window for a configured floating epsilon: `1` for integers,
    /// `epsilon` converted for floating scores.
    fn null_window(epsilon: f64) -> Self;

    /// The score nearest to `value`, a width or margin given in the configuration as an
    /// `f64` (such as [`Config::aspiration_half_width`](crate::Config::aspiration_half_width)):
    /// rounded for integers and saturating at `±INFINITY` (NaN gives `ZERO`); converted for
    /// floating scores.
    fn from_f64(value: f64) -> Self;

    /// The transposition-table slot that stores this score type.
    type Slot: Slot;

    /// The bits stored in a transposition-table slot.
    fn to_bits(self) -> u64;

    /// The score back from [`Score::to_bits`].
    fn from_bits(bits: u64) -> Self;

    /// A root-relative score, `ply` plies below the root, made relative to its node for the
    /// transposition table: a win `d` plies from the root becomes a win `d - ply` plies from
    /// the node (the score moves `ply` towards `±WIN`). Heuristic scores are unchanged.
    /// [`Score::relative_to_root`] undoes it exactly, for every score.
    #[inline]
    fn relative_to_node(self, ply: u32) -> Self {
        let shift = Self::WIN.sub(Self::win_in(ply));
        match self.mate() {
            Some(Mate::Win(_)) => self.add(shift),
            Some(Mate::Loss(_)) => self.sub(shift),
            None => self,
        }
    }

    /// The inverse of [`Score::relative_to_node`]: a node-relative score from the table made
    /// relative to the root again, `ply` plies below it.
    #[inline]
    fn relative_to_root(self, ply: u32) -> Self {
        let shift = Self::WIN.sub(Self::win_in(ply));
        let threshold = Self::win_in(MAX_MATE_PLY);
        // Node-relative wins lie at most `ply` above WIN; losses as far below -WIN. Beyond
        // that, `±INFINITY` only (no valid score lies between), which stays as it is.
        if self >= threshold && self <= Self::WIN.add(shift) {
            self.sub(shift)
        } else if self <= -threshold && self >= -Self::WIN.add(shift) {
            self.add(shift)
        } else {
            self
        }
    }

    /// Whether an evaluator may return this score for a position `ply` plies from the root
    /// (see the valid score range of [`Evaluator`](crate::Evaluator)): with `mate_scores`
    /// within `loss_in(ply) ..= win_in(ply)` (no win or loss can be nearer than the position
    /// itself); without, anything from `-INFINITY` to `INFINITY` (not NaN, not `i32::MIN`).
    fn is_valid(self, mate_scores: bool, ply: u32) -> bool;
}

/// A forced result: who wins, and how many plies from the root the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mate {
    /// The side the score belongs to wins, this many plies from the root.
    Win(u32),
    /// The side the score belongs to loses, this many plies from the root.
    Loss(u32),
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

impl Score for i32 {
    const ZERO: Self = 0;
    const WIN: Self = 1_000_000;
    const INFINITY: Self = i32::MAX;
    const DEFAULT_EPSILON: Self = 1;

    #[inline]
    fn win_in(ply: u32) -> Self {
        Self::WIN - ply.min(MAX_MATE_PLY) as i32
    }
    #[inline]
    fn is_nan(self) -> bool {
        false
    }
    #[inline]
    fn mate(self) -> Option<Mate> {
        let threshold = Self::WIN - MAX_MATE_PLY as i32;
        if (threshold..=Self::WIN).contains(&self) {
            Some(Mate::Win((Self::WIN - self) as u32))
        } else if (-Self::WIN..=-threshold).contains(&self) {
            Some(Mate::Loss((Self::WIN + self) as u32))
        } else {
            None
        }
    }
    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    #[inline]
    fn add(self, delta: Self) -> Self {
        self.saturating_add(delta).clamp(-Self::INFINITY, Self::INFINITY)
    }
    #[inline]
    fn sub(self, delta: Self) -> Self {
        self.saturating_sub(delta).clamp(-Self::INFINITY, Self::INFINITY)
    }
    #[inline]
    fn null_window(_: f64) -> Self {
        1
    }
    #[inline]
    fn from_f64(value: f64) -> Self {
        // Half away from zero (`f64::round` needs `std`); `as` truncates, saturates and gives 0
        // for NaN; `i32::MIN` is below `-INFINITY`.
        let half = if value < 0.0 { -0.5 } else { 0.5 };
        ((value + half) as i32).max(-Self::INFINITY)
    }
    #[inline]
    fn relative_to_node(self, ply: u32) -> Self {
        // The provided method in fewer steps: a mate score (`WIN - MAX_MATE_PLY ..= WIN` in
        // magnitude, one unsigned comparison) moves `min(ply, MAX_MATE_PLY)` away from 0,
        // which cannot saturate (`WIN + MAX_MATE_PLY` is far below `INFINITY`).
        let shift = ply.min(MAX_MATE_PLY) as i32;
        let threshold = (Self::WIN - MAX_MATE_PLY as i32) as u32;
        if self.unsigned_abs().wrapping_sub(threshold) <= MAX_MATE_PLY {
            if self > 0 {
                self + shift
            } else {
                self - shift
            }
        } else {
            self
        }
    }
    #[inline]
    fn relative_to_root(self, ply: u32) -> Self {
        // The provided method in fewer steps: node-relative mates lie `shift` further out.
        let shift = ply.min(MAX_MATE_PLY) as i32;
        let threshold = (Self::WIN - MAX_MATE_PLY as i32) as u32;
        if self.unsigned_abs().wrapping_sub(threshold) <= MAX_MATE_PLY + shift as u32 {
            if self > 0 {
                self - shift
            } else {
                self + shift
            }
        } else {
            self
        }
    }
    #[inline]
    fn is_valid(self, mate_scores: bool, ply: u32) -> bool {
        if mate_scores {
            // `-bound..=bound`, in one comparison (`i32::MIN` has the largest magnitude).
            self.unsigned_abs() <= Self::win_in(ply).unsigned_abs()
        } else {
            self != i32::MIN
        }
    }
    type Slot = Slot32;
    #[inline]
    fn to_bits(self) -> u64 {
        u64::from(self as u32)
    }
    #[inline]
    fn from_bits(bits: u64) -> Self {
        bits as u32 as i32
    }
}

macro_rules! float_score {
    ($t:ty, $slot:ty, $bits:ty) => {
        impl Score for $t {
            const ZERO: Self = 0.0;
            const WIN: Self = 1_000_000.0;
            const INFINITY: Self = <$t>::INFINITY;
            const DEFAULT_EPSILON: Self = 1e-4;

            #[inline]
            fn win_in(ply: u32) -> Self {
                Self::WIN - ply.min(MAX_MATE_PLY) as $t
            }
            #[inline]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            #[inline]
            fn mate(self) -> Option<Mate> {
                let threshold = Self::WIN - MAX_MATE_PLY as $t;
                if self >= threshold && self <= Self::WIN {
                    Some(Mate::Win((Self::WIN - self) as u32))
                } else if self <= -threshold && self >= -Self::WIN {
                    Some(Mate::Loss((Self::WIN + self) as u32))
                } else {
                    None
                }
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline]
            fn add(self, delta: Self) -> Self {
                self + delta
            }
            #[inline]
            fn sub(self, delta: Self) -> Self {
                self - delta
            }
            #[inline]
            fn null_window(epsilon: f64) -> Self {
                epsilon as $t
            }
            #[inline]
            fn from_f64(value: f64) -> Self {
                value as $t
            }
            #[inline]
            fn is_valid(self, mate_scores: bool, ply: u32) -> bool {
                if mate_scores {
                    let bound = Self::win_in(ply);
                    self >= -bound && self <= bound
                } else {
                    !<$t>::is_nan(self)
                }
            }
            type Slot = $slot;
            #[inline]
            fn to_bits(self) -> u64 {
                u64::from(<$t>::to_bits(self))
            }
            #[inline]
            fn from_bits(bits: u64) -> Self {
                <$t>::from_bits(bits as $bits)
            }
        }
    };
}

float_score!(f32, Slot32, u32);
float_score!(f64, Slot64, u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i32_table_conversions_equal_the_provided_ones() {
        // The provided methods of `Score`, written out: what i32's own must equal.
        fn to_node(score: i32, ply: u32) -> i32 {
            let shift = i32::WIN.sub(i32::win_in(ply));
            match score.mate() {
                Some(Mate::Win(_)) => score.add(shift),
                Some(Mate::Loss(_)) => score.sub(shift),
                None => score,
            }
        }
        fn to_root(score: i32, ply: u32) -> i32 {
            let shift = i32::WIN.sub(i32::win_in(ply));
            let threshold = i32::win_in(MAX_MATE_PLY);
            if score >= threshold && score <= i32::WIN.add(shift) {
                score.sub(shift)
            } else if score <= -threshold && score >= -i32::WIN.add(shift) {
                score.add(shift)
            } else {
                score
            }
        }
        let threshold = i32::WIN - MAX_MATE_PLY as i32;
        let mut scores = std::vec![0, 1, -1, i32::MAX, -i32::MAX, i32::MIN, i32::MIN + 1];
        for edge in [threshold, i32::WIN, i32::WIN + MAX_MATE_PLY as i32] {
            for d in -3..=3 {
                scores.extend([edge + d, -(edge + d)]);
            }
        }
        scores.extend((-1_010_000..=1_010_000).step_by(997));
        for ply in [0, 1, 2, 41, 42, 4095, 4096, 4097, u32::MAX] {
            for &score in &scores {
                assert_eq!(score.relative_to_node(ply), to_node(score, ply), "{score} {ply}");
                assert_eq!(score.relative_to_root(ply), to_root(score, ply), "{score} {ply}");
            }
        }
    }

    #[test]
    fn mate_scores_carry_their_distance() {
        assert_eq!(<i32 as Score>::win_in(3), 999_997);
        assert_eq!(<i32 as Score>::loss_in(4), -999_996);
        assert_eq!(<i32 as Score>::win_in(3).mate_distance(), Some(3));
        assert_eq!(<i32 as Score>::loss_in(4).mate_distance(), Some(-4));
        assert_eq!(12_i32.mate_distance(), None);
        assert_eq!(<f32 as Score>::win_in(7).mate_distance(), Some(7));
        assert_eq!(<f64 as Score>::loss_in(2).mate_distance(), Some(-2));
        assert_eq!(0.5_f64.mate_distance(), None);
    }

    #[test]
    fn integer_arithmetic_saturates_at_infinity() {
        assert_eq!(<i32 as Score>::INFINITY.add(1), i32::MAX);
        assert_eq!((-<i32 as Score>::INFINITY).sub(1), -i32::MAX);
        assert_eq!(5_i32.sub(1), 4);
    }

    #[test]
    fn table_scores_are_node_relative() {
        // A win 7 plies from the root, seen at ply 3, is a win 4 plies from that node.
        assert_eq!(<i32 as Score>::win_in(7).relative_to_node(3), <i32 as Score>::win_in(4));
        assert_eq!(<i32 as Score>::win_in(4).relative_to_root(3), <i32 as Score>::win_in(7));
        assert_eq!(<f64 as Score>::loss_in(6).relative_to_node(2), <f64 as Score>::loss_in(4));
        assert_eq!(<f64 as Score>::loss_in(4).relative_to_root(2), <f64 as Score>::loss_in(6));
        assert_eq!(25_i32.relative_to_node(9), 25);
        // A loss at the root itself (-WIN) is a loss, not a win, and survives the round trip.
        let lost = <i32 as Score>::loss_in(0);
        assert_eq!(lost.mate(), Some(Mate::Loss(0)));
        assert_eq!(<i32 as Score>::win_in(0).mate(), Some(Mate::Win(0)));
        assert_eq!(lost.relative_to_node(3).relative_to_root(3), lost);
        for score in [-1_000_000, -999_000, -5_000, -12, 0, 7, 5_000, 995_000, 999_999, 1_000_000] {
            for ply in [0, 1, 5, 64] {
                assert_eq!(
                    score.relative_to_node(ply).relative_to_root(ply),
                    score,
                    "{score} {ply}"
                );
            }
        }
        assert_eq!(<f32 as Score>::from_bits(Score::to_bits(-0.75_f32)), -0.75);
        assert_eq!(<i32 as Score>::from_bits(Score::to_bits(-3_i32)), -3);
    }

    #[test]
    fn configured_widths_become_scores() {
        assert_eq!(<i32 as Score>::from_f64(12.4), 12);
        assert_eq!(<i32 as Score>::from_f64(12.5), 13);
        assert_eq!(<i32 as Score>::from_f64(1e300), i32::MAX);
        assert_eq!(<i32 as Score>::from_f64(-1e300), -i32::MAX);
        assert_eq!(<i32 as Score>::from_f64(f64::NAN), 0);
        assert_eq!(<f32 as Score>::from_f64(0.25), 0.25);
        assert_eq!(<f64 as Score>::from_f64(-3.5), -3.5);
    }

    #[test]
    fn only_floats_can_be_nan() {
        assert!(f32::NAN.is_nan());
        assert!(!Score::is_nan(0.25_f64));
        assert!(!Score::is_nan(0_i32));
    }
}
