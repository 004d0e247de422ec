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
//! | `-INFINITY`, `INFINITY` | window bounds only; never a position's value |
//! | `WIN - MAX_MATE_PLY ..= WIN` | a forced win: `WIN - ply`, where `ply` is the distance from the root to the won terminal position |
//! | `-WIN ..= -(WIN - MAX_MATE_PLY)` | a forced loss: `LOSS + ply` with `LOSS = -WIN` |
//! | anything in between | a heuristic evaluation; `ZERO` is a draw |
//!
//! Evaluators should keep heuristic values strictly inside `(-(WIN - MAX_MATE_PLY), WIN -
//! MAX_MATE_PLY)` so that they cannot be mistaken for forced results.
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

/// The largest distance in plies that a win or loss score can carry.
///
/// Scores with an absolute value of at least `WIN - MAX_MATE_PLY` are forced results.
pub const MAX_MATE_PLY: u32 = 4096;

/// A score type the search can compare, negate and carry mate distances in.
///
/// Implemented for `i32`, `f32` and `f64`; the trait is sealed so that every implementation
/// keeps the invariants the search depends on (total order on non-NaN values, exact negation).
pub trait Score:
    Copy + PartialOrd + PartialEq + Debug + Display + Neg<Output = Self> + Send + Sync + 'static + sealed::Sealed
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
    fn loss_in(ply: u32) -> Self {
        -Self::win_in(ply)
    }

    /// `true` for a floating-point NaN; always `false` for integers.
    fn is_nan(self) -> bool;

    /// If the score is a forced result, the signed distance in plies from the root to the end
    /// of the game: positive for a win, negative for a loss. `None` for heuristic values.
    fn mate_distance(self) -> Option<i32>;

    /// The score as an `f64`, for printing and for the C ABI.
    fn to_f64(self) -> f64;

    /// `self + delta`, saturating at `±INFINITY` for integers.
    fn add(self, delta: Self) -> Self;

    /// `self - delta`, saturating at `±INFINITY` for integers.
    fn sub(self, delta: Self) -> Self;
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

    fn win_in(ply: u32) -> Self {
        Self::WIN - ply.min(MAX_MATE_PLY) as i32
    }
    fn is_nan(self) -> bool {
        false
    }
    fn mate_distance(self) -> Option<i32> {
        let threshold = Self::WIN - MAX_MATE_PLY as i32;
        if self >= threshold && self <= Self::WIN {
            Some(Self::WIN - self)
        } else if self <= -threshold && self >= -Self::WIN {
            Some(-(Self::WIN + self))
        } else {
            None
        }
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn add(self, delta: Self) -> Self {
        self.saturating_add(delta).clamp(-Self::INFINITY, Self::INFINITY)
    }
    fn sub(self, delta: Self) -> Self {
        self.saturating_sub(delta).clamp(-Self::INFINITY, Self::INFINITY)
    }
}

macro_rules! float_score {
    ($t:ty) => {
        impl Score for $t {
            const ZERO: Self = 0.0;
            const WIN: Self = 1_000_000.0;
            const INFINITY: Self = <$t>::INFINITY;
            const DEFAULT_EPSILON: Self = 1e-4;

            fn win_in(ply: u32) -> Self {
                Self::WIN - ply.min(MAX_MATE_PLY) as $t
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn mate_distance(self) -> Option<i32> {
                let threshold = Self::WIN - MAX_MATE_PLY as $t;
                if self >= threshold && self <= Self::WIN {
                    Some((Self::WIN - self) as i32)
                } else if self <= -threshold && self >= -Self::WIN {
                    Some(-((Self::WIN + self) as i32))
                } else {
                    None
                }
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn add(self, delta: Self) -> Self {
                self + delta
            }
            fn sub(self, delta: Self) -> Self {
                self - delta
            }
        }
    };
}

float_score!(f32);
float_score!(f64);

#[cfg(test)]
mod tests {
    use super::*;

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
    fn only_floats_can_be_nan() {
        assert!(f32::NAN.is_nan());
        assert!(!Score::is_nan(0.25_f64));
        assert!(!Score::is_nan(0_i32));
    }
}
