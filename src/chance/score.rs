//! The arithmetic of chance nodes: weighted sums, means, and the thresholds of Star1.
//!
//! A chance node's value is `mean(sum, total)`, where `sum` folds
//! [`ChanceScore::add_weighted`] over the outcomes **in the order the game wrote them** and
//! `total` is the sum of their weights. Both operations are monotone (a larger score never
//! gives a smaller sum or mean), which is what makes Star1 and Star2 exact: the pruned search
//! proves a bound by running the same fold with every unknown child score replaced by a bound
//! on it, and a fold over larger (smaller) scores can only give a larger (smaller) mean, in
//! floating point as in integers (IEEE 754 rounding to nearest is monotone).
//!
//! | score | sum | `add_weighted` | `mean` |
//! |---|---|---|---|
//! | `i32` | `i64`, exact (weights total at most 2^24) | `sum + weight * score` | `sum / total` rounded to the nearest integer, ties to even |
//! | `f32` | `f64` (the products are exact) | `sum + weight * score` in `f64` | `sum / total` in `f64`, rounded to `f32` |
//! | `f64` | `f64` | `sum + weight * score`, each step rounded | `sum / total`, rounded |

use crate::score::Score;

/// A score type a chance node can average: `i32`, `f32` and `f64` (sealed).
pub trait ChanceScore: Score + sealed::Sealed {
    /// The running sum of weighted scores.
    type Sum: Copy + PartialOrd + core::fmt::Debug;
    /// The empty sum.
    const EMPTY_SUM: Self::Sum;
    /// The largest score bound an evaluator may declare
    /// ([`ChanceEvaluator::score_bound`](super::ChanceEvaluator::score_bound)): every
    /// weighted sum of scores within it, and every sum Star1 and Star2 form from them, stays
    /// finite. `i32::MAX - 1` (`i32::MAX` is the infinity of `i32` scores); `f32::MAX` (the
    /// sums are `f64`); `f64::MAX / 2^26`, about `2.68e300`, for `f64` (weights total at most
    /// 2^24, and Star1's sums add and take away one more weighted bound).
    const MAX_BOUND: Self;

    /// `sum + weight * score`, in the sum's arithmetic.
    fn add_weighted(sum: Self::Sum, weight: u32, score: Self) -> Self::Sum;

    /// `sum / total` as a score (`total >= 1`), rounded to nearest.
    fn mean(sum: Self::Sum, total: u32) -> Self;

    /// `total * score` as a sum: what a sum must reach (or stay below) for the mean to reach
    /// (or stay below) `score`, up to the rounding of the mean. A quick test, before the fold
    /// that decides.
    fn scaled(total: u32, score: Self) -> Self::Sum;

    /// About the largest score `x` of an outcome of weight `weight` for which
    /// `mean(others + weight * x, total) <= alpha`, where `others` is the weighted sum of the
    /// other outcomes' bounds: the top of the window below which the outcome's search fails
    /// low far enough to cut the chance node. Exact for `i32` (never above the true
    /// threshold), approximate for floats (the search checks every cut by the fold itself).
    fn fail_low_threshold(alpha: Self, others: Self::Sum, weight: u32, total: u32) -> Self;

    /// About the smallest `x` with `mean(others + weight * x, total) >= beta`, likewise.
    fn fail_high_threshold(beta: Self, others: Self::Sum, weight: u32, total: u32) -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

impl ChanceScore for i32 {
    type Sum = i64;
    const EMPTY_SUM: i64 = 0;
    const MAX_BOUND: i32 = i32::MAX - 1;

    #[inline]
    fn add_weighted(sum: i64, weight: u32, score: i32) -> i64 {
        // |sum| <= 2^24 * 2^31 < 2^63: no overflow within the weight limit.
        sum + i64::from(weight) * i64::from(score)
    }

    #[inline]
    fn mean(sum: i64, total: u32) -> i32 {
        let total = i64::from(total);
        let quotient = sum.div_euclid(total);
        let twice_rest = 2 * sum.rem_euclid(total);
        let up = twice_rest > total || (twice_rest == total && quotient % 2 != 0);
        // A mean lies between the smallest and the largest score: always an i32.
        (quotient + i64::from(up)) as i32
    }

    #[inline]
    fn scaled(total: u32, score: i32) -> i64 {
        i64::from(total) * i64::from(score)
    }

    #[inline]
    fn fail_low_threshold(alpha: i32, others: i64, weight: u32, total: u32) -> i32 {
        // others + weight * x <= total * alpha makes the exact mean at most alpha, and so
        // its rounding too: the largest such x.
        let room = i64::from(total) * i64::from(alpha) - others;
        clamp_i32(room.div_euclid(i64::from(weight)))
    }

    #[inline]
    fn fail_high_threshold(beta: i32, others: i64, weight: u32, total: u32) -> i32 {
        let room = i64::from(total) * i64::from(beta) - others;
        let weight = i64::from(weight);
        clamp_i32(-((-room).div_euclid(weight)))
    }
}

/// `x` within the window bounds of `i32` scores (`±i32::MAX`).
fn clamp_i32(x: i64) -> i32 {
    x.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32
}

impl ChanceScore for f32 {
    type Sum = f64;
    const EMPTY_SUM: f64 = 0.0;
    const MAX_BOUND: f32 = f32::MAX;

    #[inline]
    fn add_weighted(sum: f64, weight: u32, score: f32) -> f64 {
        sum + f64::from(weight) * f64::from(score)
    }

    #[inline]
    fn mean(sum: f64, total: u32) -> f32 {
        (sum / f64::from(total)) as f32
    }

    #[inline]
    fn scaled(total: u32, score: f32) -> f64 {
        f64::from(total) * f64::from(score)
    }

    #[inline]
    fn fail_low_threshold(alpha: f32, others: f64, weight: u32, total: u32) -> f32 {
        ((f64::from(total) * f64::from(alpha) - others) / f64::from(weight)) as f32
    }

    #[inline]
    fn fail_high_threshold(beta: f32, others: f64, weight: u32, total: u32) -> f32 {
        ((f64::from(total) * f64::from(beta) - others) / f64::from(weight)) as f32
    }
}

impl ChanceScore for f64 {
    type Sum = f64;
    const EMPTY_SUM: f64 = 0.0;
    const MAX_BOUND: f64 = f64::MAX / 67_108_864.0; // 2^26: exact

    #[inline]
    fn add_weighted(sum: f64, weight: u32, score: f64) -> f64 {
        sum + f64::from(weight) * score
    }

    #[inline]
    fn mean(sum: f64, total: u32) -> f64 {
        sum / f64::from(total)
    }

    #[inline]
    fn scaled(total: u32, score: f64) -> f64 {
        f64::from(total) * score
    }

    #[inline]
    fn fail_low_threshold(alpha: f64, others: f64, weight: u32, total: u32) -> f64 {
        (f64::from(total) * alpha - others) / f64::from(weight)
    }

    #[inline]
    fn fail_high_threshold(beta: f64, others: f64, weight: u32, total: u32) -> f64 {
        (f64::from(total) * beta - others) / f64::from(weight)
    }
}

#[cfg(test)]
mod tests {
    use super::ChanceScore;

    fn mean_i32(pairs: &[(u32, i32)]) -> i32 {
        let total = pairs.iter().map(|p| p.0).sum();
        let sum = pairs.iter().fold(0, |s, &(w, v)| <i32 as ChanceScore>::add_weighted(s, w, v));
        <i32 as ChanceScore>::mean(sum, total)
    }

    #[test]
    fn integer_means_round_to_nearest_ties_to_even() {
        assert_eq!(mean_i32(&[(1, 0), (1, 1)]), 0); // 0.5 -> 0
        assert_eq!(mean_i32(&[(1, 1), (1, 2)]), 2); // 1.5 -> 2
        assert_eq!(mean_i32(&[(1, 0), (1, -1)]), 0); // -0.5 -> 0, the negation of 0.5's
        assert_eq!(mean_i32(&[(1, -1), (1, -2)]), -2);
        assert_eq!(mean_i32(&[(2, 0), (1, 1)]), 0); // 1/3
        assert_eq!(mean_i32(&[(1, 0), (2, 1)]), 1); // 2/3
        assert_eq!(mean_i32(&[(1, -7), (2, -7)]), -7);
        // The extremes of the weight limit stay exact.
        let big = 1 << 24;
        assert_eq!(mean_i32(&[(big - 1, i32::MAX - 1), (1, -(i32::MAX - 1))]), 2_147_483_390);
    }

    #[test]
    fn integer_thresholds_are_the_exact_ones() {
        // Outcomes of weights 1, 2, 3 (total 6); the others' bounds sum to `others`.
        for alpha in -20..20 {
            for others in -60..60 {
                for weight in 1..=3 {
                    let low = <i32 as ChanceScore>::fail_low_threshold(alpha, others, weight, 6);
                    let mean = |x: i32| {
                        <i32 as ChanceScore>::mean(
                            <i32 as ChanceScore>::add_weighted(others, weight, x),
                            6,
                        )
                    };
                    // At the threshold the mean is at most alpha: a fail-low there cuts.
                    assert!(mean(low) <= alpha, "{alpha} {others} {weight}");
                    let high = <i32 as ChanceScore>::fail_high_threshold(alpha, others, weight, 6);
                    assert!(mean(high) >= alpha, "{alpha} {others} {weight}");
                    assert!(low <= high);
                }
            }
        }
    }

    #[test]
    fn float_means_are_monotone_folds() {
        let sum = [(1, 0.1), (1, 0.1), (1, 0.1)]
            .iter()
            .fold(0.0, |s, &(w, v)| <f64 as ChanceScore>::add_weighted(s, w, v));
        // Rounding: three tenths average to just above a tenth.
        assert_eq!(<f64 as ChanceScore>::mean(sum, 3), 0.10000000000000002);
        let sum = <f32 as ChanceScore>::add_weighted(0.0, 3, 0.25);
        assert_eq!(<f32 as ChanceScore>::mean(sum, 4), 0.1875);
    }
}
