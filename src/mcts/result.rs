//! What a Monte Carlo search returns, and its errors.

use core::fmt;

use crate::error::SearchError;
use crate::multiplayer::MultiError;

// For the documentation.
#[cfg(doc)]
use crate::{clock::Limits, mcts::MctsConfig};

/// A proven game result, for the player it is reported for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A forced win.
    Win,
    /// A draw with best play on both sides.
    Draw,
    /// A forced loss.
    Loss,
}

impl Outcome {
    /// 1, 0 or −1.
    pub const fn value(self) -> i32 {
        match self {
            Self::Win => 1,
            Self::Draw => 0,
            Self::Loss => -1,
        }
    }

    pub(crate) const fn from_value(value: i8) -> Self {
        if value > 0 {
            Self::Win
        } else if value < 0 {
            Self::Loss
        } else {
            Self::Draw
        }
    }
}

/// What the search learnt about one move of the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations that went through it.
    pub visits: u32,
    /// Its mean reward for the root player, −1 (every playout lost) to 1 (every playout won);
    /// 0 if it was never visited.
    pub value: f32,
    /// Its proven result for the root player (MCTS-Solver), if it was proven.
    pub proven: Option<Outcome>,
}

/// The outcome of a Monte Carlo search ([`Mcts::search`](crate::mcts::Mcts::search),
/// [`MultiMcts::search`](crate::mcts::MultiMcts::search)).
///
/// `MAX_MOVES` and `MAX_PLY` are the engine's capacities, which bound the children and the
/// principal line.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M, const MAX_MOVES: usize, const MAX_PLY: usize> {
    /// The move to play; `None` when the root is terminal or has no legal move. A proven win
    /// if there is one; otherwise never a move proven worse than the root's proven lower
    /// bound; among the others the most visited (ties: the higher value, then the first in
    /// the game's order).
    pub best_move: Option<M>,
    /// The best move's mean reward for the root player, −1 to 1 (its proven value, if proven).
    pub value: f32,
    /// The root's proven result for the root player (MCTS-Solver), if it was proven.
    pub proven: Option<Outcome>,
    /// Every move of the root, in the game's order, with its visits, value and proof.
    pub children: heapless::Vec<ChildStats<M>, MAX_MOVES>,
    /// The principal line: the best move, then at each level the child the same rule picks,
    /// while the tree goes.
    pub pv: heapless::Vec<M, MAX_PLY>,
    /// Iterations run (selection, expansion, playout, backup). Zero for a terminal root.
    pub iterations: u64,
    /// Positions visited: moves made in the tree and in playouts (the unit of the alpha-beta
    /// engine's node counts and of `poll_interval_nodes`).
    pub nodes: u64,
    /// Nodes of the arena in use when the search ended (the root included).
    pub tree_nodes: usize,
    /// The arena's capacity in nodes.
    pub arena_capacity: usize,
    /// Expansions refused because the arena was full.
    pub full_expansions: u64,
    /// Recyclings of the arena ([`WhenFull::Recycle`](crate::mcts::WhenFull::Recycle)).
    pub recyclings: u32,
    /// The deepest node reached in the tree, in plies from the root.
    pub depth: u32,
    /// `false` when the clock or the stop flag ended the search; `true` when it ran its
    /// iterations or proved the root.
    pub completed: bool,
    /// Microseconds from the start of the search to its end, when a clock was given.
    pub elapsed_micros: Option<u64>,
    /// Threads that searched (1 for a sequential search).
    pub threads: u32,
}

/// Why a Monte Carlo search failed. A failed call returns no result; the game is back in its
/// starting position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MctsError {
    /// An error shared with the alpha-beta engine: a time limit without a clock, a move-list
    /// overflow, a NaN score or one out of range.
    Search(SearchError),
    /// The limits have no end: no iteration budget, no time limit and no stop flag.
    NoBudget,
    /// The arena cannot hold the root and its children.
    ArenaTooSmall {
        /// The arena's nodes.
        capacity: usize,
        /// The nodes the root and its children need.
        needed: usize,
    },
    /// Root parallelism gives each thread its own tree in `capacity / threads` nodes of the
    /// arena, and that share cannot hold the root and its children (`needed` nodes): a larger
    /// arena, fewer threads or tree parallelism (one shared tree) searches this position.
    ArenaShareTooSmall {
        /// The arena's nodes.
        capacity: usize,
        /// The threads sharing it.
        threads: usize,
        /// The nodes one thread's tree needs for the root and its children.
        needed: usize,
    },
    /// A configuration field is out of its range (see [`MctsConfig`]).
    InvalidConfig {
        /// The field's name.
        field: &'static str,
    },
    /// The game reports a number of players outside `2..=MAX_PLAYERS`.
    PlayerCount {
        /// The number the game reported.
        players: usize,
    },
    /// The player to move is not below the number of players.
    PlayerOutOfRange {
        /// The player the game reported.
        player: usize,
        /// The number of players.
        players: usize,
        /// Plies from the root.
        ply: u32,
    },
    /// The thread pool could not be started (`std`).
    Threads,
}

impl fmt::Display for MctsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Search(error) => fmt::Display::fmt(&error, f),
            Self::NoBudget => f.write_str(
                "the search has no end: give an iteration budget, a time limit or a stop flag",
            ),
            Self::ArenaTooSmall { capacity, needed } => write!(
                f,
                "the arena holds {capacity} nodes; the root and its children need {needed}"
            ),
            Self::ArenaShareTooSmall { capacity, threads, needed } => write!(
                f,
                "root parallelism gives each of {threads} threads {} of the arena's {capacity} \
                 nodes; the root and its children need {needed} per thread (give at least {} \
                 nodes, fewer threads, or tree parallelism)",
                capacity / threads.max(1),
                needed.saturating_mul(threads)
            ),
            Self::InvalidConfig { field } => {
                write!(f, "the Monte Carlo configuration's {field} is out of its range")
            }
            // The multi-player search's words for the same faults.
            Self::PlayerCount { players } => {
                fmt::Display::fmt(&MultiError::PlayerCount { players }, f)
            }
            Self::PlayerOutOfRange { player, players, ply } => {
                fmt::Display::fmt(&MultiError::PlayerOutOfRange { player, players, ply }, f)
            }
            Self::Threads => f.write_str("the search's threads could not be started"),
        }
    }
}

impl core::error::Error for MctsError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Search(error) => Some(error),
            _ => None,
        }
    }
}

impl From<SearchError> for MctsError {
    fn from(error: SearchError) -> Self {
        Self::Search(error)
    }
}
