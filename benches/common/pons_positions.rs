//! Positions of Pascal Pons' Connect Four test sets (tests/data/connect4/), chosen as the
//! benchmarks that compare searches to a fixed depth need them (`benches/vs_minimax.rs`,
//! `benches/refinements.rs`): included with `#[path]`.

// Each benchmark uses part of it.
#![allow(dead_code)]

use alphabeta::games::connect4::{Connect4, CELLS};

/// A position of a Pons test set.
pub struct TestPosition {
    pub line: usize,
    pub position: Connect4,
    /// Pons' score for the side to move.
    pub score: i32,
    /// Plies from the position to the end of the game under perfect play (the ply of the
    /// winning stone; the number of empty cells for a draw): no forced result can be proven
    /// at the root by a search shallower than this.
    pub plies_to_end: u32,
}

/// The plies to the end of the game for a position with `moves_played` stones and Pons score
/// `score` (see tests/data/connect4/README.md: `|score| = 22 - k` for a win with the
/// winner's `k`-th stone).
pub fn plies_to_end(moves_played: u32, score: i32) -> u32 {
    if score == 0 {
        return CELLS - moves_played;
    }
    let side_to_move_is_first = moves_played.is_multiple_of(2);
    let winner_is_first = if score > 0 { side_to_move_is_first } else { !side_to_move_is_first };
    let k = 22 - score.unsigned_abs();
    let winning_stone = if winner_is_first { 2 * k - 1 } else { 2 * k };
    winning_stone - moves_played
}

/// `count` positions of the Pons test set `set`:
/// * `deepest`: the first `count` lines (in file order) whose result lies at least
///   `max_depth` plies away, topped up with the next deepest if there are too few;
/// * `spread`: lines 1, 1 + step, 1 + 2 step, ... (step = lines / count).
pub fn load_positions(set: &str, count: usize, select: &str, max_depth: u32) -> Vec<TestPosition> {
    let path = format!("{}/tests/data/connect4/Test_{set}_R1", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut all: Vec<TestPosition> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(index, line)| {
            let mut fields = line.split_whitespace();
            let moves = fields.next().expect("empty line");
            let score: i32 = fields.next().and_then(|s| s.parse().ok()).expect("no score");
            let position = Connect4::from_moves(moves).expect("illegal position");
            let plies_to_end = plies_to_end(position.moves_played(), score);
            TestPosition { line: index + 1, position, score, plies_to_end }
        })
        .collect();
    if count == 0 {
        return Vec::new();
    }
    match select {
        "spread" => {
            let step = (all.len() / count).max(1);
            all.into_iter().step_by(step).take(count).collect()
        }
        "deepest" => {
            all.sort_by_key(|p| (std::cmp::Reverse(p.plies_to_end.min(max_depth)), p.line));
            all.truncate(count);
            all.sort_by_key(|p| p.line);
            all
        }
        other => panic!("--select {other}: expected deepest or spread"),
    }
}
