//! The strength levels of the examples (and of `benches/strength.rs`, which measures them):
//! a depth cap and a margin for `alphabeta::Strength`. Included with `#[path]`.
//!
//! A level searches to its depth, then plays a move drawn at random (seeded) among those that
//! score within its margin of the best, so weaker levels both see less and choose less well.
//! The full engine (the highest level) searches deeper and plays the best move.

// Each program uses part of it.
#![allow(dead_code)]

/// One level: the depth cap and the margin (in the evaluator's units; `None`: the best move).
#[derive(Clone, Copy, Debug)]
pub struct Level {
    pub depth: u32,
    pub margin: Option<f64>,
}

/// Tic-tac-toe, levels 1 to 5 (scores are 0 or wins and losses: a margin of 2,000,000 lets
/// any move be drawn). Level 5 is perfect play.
pub const TICTACTOE: [Level; 5] = [
    Level { depth: 1, margin: Some(2_000_000.0) }, // random
    Level { depth: 2, margin: Some(0.0) },         // wins at once, and blocks a line
    Level { depth: 4, margin: Some(0.0) },
    Level { depth: 6, margin: Some(0.0) },
    Level { depth: 9, margin: None },
];

/// Connect Four with the window-counting heuristic (a position's score is within a few
/// hundred), levels 1 to 6; level 6 is the full engine at depth 12.
pub const CONNECT4: [Level; 6] = [
    Level { depth: 1, margin: Some(200.0) },
    Level { depth: 2, margin: Some(40.0) },
    Level { depth: 4, margin: Some(16.0) },
    Level { depth: 6, margin: Some(4.0) },
    Level { depth: 8, margin: Some(0.0) },
    Level { depth: 12, margin: None },
];

/// The configuration of a level, from `base`: its strength with `seed` (or none).
pub fn config(level: &Level, base: alphabeta::Config, seed: u64) -> alphabeta::Config {
    let strength = level.margin.map(|margin| alphabeta::Strength { margin, seed });
    alphabeta::Config { strength, ..base }
}

/// A seed from the clock, for a new game each run (printed, so that a game can be replayed).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
