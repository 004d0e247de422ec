//! Errors of a search call.

use core::fmt;

/// Why a search call failed. A failed call returns no result; the engine is ready for the next
/// call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// `min_depth` is greater than `max_depth`.
    MinDepthAboveMaxDepth {
        /// The requested minimum depth.
        min_depth: u32,
        /// The requested maximum depth.
        max_depth: u32,
    },
    /// `max_depth` is 0: a search needs at least one ply.
    ZeroMaxDepth,
    /// `max_depth` exceeds the engine's ply capacity (its `MAX_PLY` const generic).
    DepthBeyondCapacity {
        /// The requested maximum depth.
        max_depth: u32,
        /// The engine's ply capacity.
        capacity: usize,
    },
    /// A time limit was given without a clock to measure it.
    TimeLimitWithoutClock,
    /// The game wrote more moves than the move list holds (the engine's `MAX_MOVES`).
    MoveListOverflow {
        /// The move-list capacity.
        capacity: usize,
        /// The ply (distance from the root) of the position whose moves overflowed.
        ply: u32,
    },
    /// The evaluator returned NaN.
    NanScore {
        /// The ply of the position that was evaluated.
        ply: u32,
    },
    /// The window given to a windowed search is empty or contains NaN (`alpha >= beta`).
    InvalidWindow,
    /// `Config::null_window_epsilon` is not a positive finite number.
    InvalidNullWindowEpsilon,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::MinDepthAboveMaxDepth { min_depth, max_depth } => write!(
                f,
                "min_depth {min_depth} is greater than max_depth {max_depth}"
            ),
            Self::ZeroMaxDepth => f.write_str("max_depth is 0; a search needs at least 1 ply"),
            Self::DepthBeyondCapacity { max_depth, capacity } => write!(
                f,
                "max_depth {max_depth} exceeds the engine's ply capacity of {capacity}"
            ),
            Self::TimeLimitWithoutClock => {
                f.write_str("a time limit was given without a clock to measure it")
            }
            Self::MoveListOverflow { capacity, ply } => write!(
                f,
                "the game generated more than {capacity} moves (the move-list capacity) at ply {ply}"
            ),
            Self::NanScore { ply } => write!(f, "the evaluator returned NaN at ply {ply}"),
            Self::InvalidNullWindowEpsilon => {
                f.write_str("null_window_epsilon must be a positive finite number")
            }
            Self::InvalidWindow => {
                f.write_str("the search window is empty or NaN: alpha must be less than beta")
            }
        }
    }
}

impl core::error::Error for SearchError {}
