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
    /// The window given to a windowed search is empty (`alpha >= beta`), contains NaN, or has
    /// a bound beyond `±INFINITY` (`i32::MIN`).
    InvalidWindow,
    /// `Config::null_window_epsilon` is not a positive finite number.
    InvalidNullWindowEpsilon,
    /// The evaluator returned a score outside the valid range (see
    /// [`Evaluator`](crate::Evaluator)): `i32::MIN`, or, for an evaluator with mate scores, a
    /// score beyond `±(WIN - ply)` (a win nearer than the position itself, anything beyond
    /// `±WIN`, `±INFINITY`).
    ScoreOutOfRange {
        /// The ply of the position that was evaluated.
        ply: u32,
    },
    /// `Config::max_quiescence_depth` exceeds the engine's ply capacity (its `MAX_PLY`), which
    /// bounds the recursion of quiescence search as it bounds the main search.
    QuiescenceDepthBeyondCapacity {
        /// The configured quiescence depth.
        max_quiescence_depth: u32,
        /// The engine's ply capacity.
        capacity: usize,
    },
    /// A field of the [`Config`](crate::Config) is out of range.
    InvalidConfig {
        /// The field, as named in `Config`.
        field: &'static str,
        /// What it must be.
        requirement: &'static str,
    },
    /// A `ParallelEngine` (`std`) with more than one thread was asked for something
    /// only the sequential search does (a [`Config::strength`](crate::Config::strength)).
    ParallelUnsupported {
        /// The option, as named in `Config`.
        option: &'static str,
    },
    /// An analysis was asked for no line at all (`lines` is 0).
    ZeroLines,
    /// A search that does not support rewards ([`Game::REWARDS`](crate::Game::REWARDS)) was
    /// asked to search a game with them: the chance search, Monte Carlo tree search, a
    /// parallel search on more than one thread.
    RewardsUnsupported {
        /// The search, in words.
        search: &'static str,
    },
    /// Checking mode ([`Config::check_table`](crate::Config::check_table)) found a table
    /// entry that contradicts the game: two positions share the key, so the key misses part of
    /// the state the value depends on (see [`Game::zobrist_key`](crate::Game::zobrist_key)).
    InconsistentKey {
        /// The key ([`Game::zobrist_key`](crate::Game::zobrist_key) of the position).
        key: u64,
        /// The ply (distance from the root) of the position.
        ply: u32,
        /// What disagreed.
        found: KeyCheck,
    },
}

/// What checking mode found wrong with a table entry ([`SearchError::InconsistentKey`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyCheck {
    /// The entry's move is not among the moves the game generates at the position.
    MoveNotGenerated,
    /// The position is terminal, and its evaluation differs from the value the table holds
    /// for its key.
    TerminalValue,
    /// The table holds a proven value (or bound) for the key that the position's own
    /// search contradicts.
    ProvenValue,
}

impl fmt::Display for KeyCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::MoveNotGenerated => {
                "its move is not among the moves the game generates at the position"
            }
            Self::TerminalValue => {
                "the position is terminal and evaluates to another value than the table holds"
            }
            Self::ProvenValue => {
                "a search of the position proves a value the table's proven entry contradicts"
            }
        })
    }
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
            Self::InvalidWindow => f.write_str(
                "the search window is invalid: alpha must be less than beta, neither NaN, \
                 and both within -INFINITY..=INFINITY (i32::MIN is below -INFINITY = -i32::MAX)",
            ),
            Self::ScoreOutOfRange { ply } => write!(
                f,
                "the evaluator returned a score outside the valid range at ply {ply}: with mate \
                 scores a position {ply} plies from the root scores within \
                 -(WIN - {ply})..=WIN - {ply} (WIN = 1,000,000); an evaluator that declares \
                 MATE_SCORES = false may return any number but i32::MIN and NaN"
            ),
            Self::QuiescenceDepthBeyondCapacity { max_quiescence_depth, capacity } => write!(
                f,
                "max_quiescence_depth {max_quiescence_depth} exceeds the engine's ply capacity \
                 of {capacity}"
            ),
            Self::InvalidConfig { field, requirement } => {
                write!(f, "Config::{field} is out of range: it must be {requirement}")
            }
            Self::ParallelUnsupported { option } => write!(
                f,
                "Config::{option} is not supported by a parallel search with more than one \
                 thread: set threads to 1"
            ),
            Self::ZeroLines => f.write_str("an analysis needs at least 1 line"),
            Self::RewardsUnsupported { search } => write!(
                f,
                "{search} does not support a game with rewards (Game::REWARDS): use the \
                 sequential search or the exact solver"
            ),
            Self::InconsistentKey { key, ply, found } => write!(
                f,
                "the table entry for zobrist key {key:#018x} (at ply {ply}) contradicts the \
                 game: {found}; two positions share the key, so it misses part of the state the \
                 value depends on (the score so far, the repetition history, castling rights...)"
            ),
        }
    }
}

impl core::error::Error for SearchError {}
