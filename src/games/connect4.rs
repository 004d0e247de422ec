//! Connect Four on the standard 7-column, 6-row board, as bitboards.
//!
//! The board layout follows Pascal Pons' solver tutorial ("Solving Connect 4: how to build a
//! perfect AI", blog.gamesolver.org): each column takes 7 bits (6 cells and a guard bit), bit
//! `col * 7 + row` with row 0 at the bottom. `current` holds the stones of the side to move,
//! `mask` every stone. A move is a column, 0 (left) to 6.
//!
//! # Scores
//!
//! [`Connect4Eval`] scores a won game `WIN - ply` / `-(WIN - ply)` like every evaluator of
//! this crate. [`pons_score`] converts such a root score into the score of Pons' benchmark
//! sets: `22 - k` for a win with the winner's `k`-th stone, negative for a loss, 0 for a
//! draw.
//!
//! ```
//! use alphabeta::games::connect4::{pons_score, Connect4, Connect4Eval};
//! use alphabeta::{Config, Engine, Limits};
//!
//! // The first line of Pons' Test_L3_R1 set: the side to move loses with score -1.
//! let mut position = Connect4::from_moves("2252576253462244111563365343671351441").unwrap();
//! let mut engine: Engine<Connect4, Connect4Eval, 7, 42> = Engine::new(Connect4Eval, Config::new());
//! let depth = position.remaining_cells();
//! let result = engine.search(&mut position, &Limits::depth(depth)).unwrap();
//! assert!(result.exact);
//! assert_eq!(pons_score(result.score, position.moves_played()), -1);
//! ```

use core::fmt;

use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::score::Score;

/// Columns of the board.
pub const WIDTH: u32 = 7;
/// Rows of the board.
pub const HEIGHT: u32 = 6;
/// Cells of the board.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// Columns from the centre outwards: the order in which moves are generated (central
/// columns take part in more lines, so they are more often best).
pub const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

const fn bottom_mask(col: u32) -> u64 {
    1 << (col * (HEIGHT + 1))
}

const fn top_mask(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * (HEIGHT + 1))
}

/// `true` when `stones` holds four in a row (horizontal, vertical or diagonal).
pub const fn has_four(stones: u64) -> bool {
    // Shifts by 1 (vertical), H+1 (horizontal), H (one diagonal), H+2 (the other).
    let shifts = [1, HEIGHT + 1, HEIGHT, HEIGHT + 2];
    let mut i = 0;
    while i < shifts.len() {
        let s = shifts[i];
        let pairs = stones & (stones >> s);
        if pairs & (pairs >> (2 * s)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Stones played so far.
    moves: u32,
}

/// Why a move string was rejected by [`Connect4::from_moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MovesError {
    /// A character that is not a column digit `1`–`7`.
    NotAColumn {
        /// Index of the character in the string.
        index: usize,
        /// The character found.
        found: char,
    },
    /// A move into a full column.
    ColumnFull {
        /// Index of the move in the string.
        index: usize,
        /// The column, 1 to 7.
        column: u8,
    },
    /// A move after the game was already won.
    GameOver {
        /// Index of the move in the string.
        index: usize,
    },
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NotAColumn { index, found } => {
                write!(f, "move {} is {found:?}, not a column 1-7", index + 1)
            }
            Self::ColumnFull { index, column } => {
                write!(f, "move {} plays in column {column}, which is full", index + 1)
            }
            Self::GameOver { index } => {
                write!(f, "move {} is played after the game was won", index + 1)
            }
        }
    }
}

impl core::error::Error for MovesError {}

impl Connect4 {
    /// The empty board, the first player to move.
    pub const fn new() -> Self {
        Self { current: 0, mask: 0, moves: 0 }
    }

    /// Plays a sequence of columns given as digits `1`–`7` (Pons' notation).
    ///
    /// # Errors
    /// [`MovesError`] for a character that is not a column, a full column, or a move after a
    /// win.
    pub fn from_moves(moves: &str) -> Result<Self, MovesError> {
        let mut position = Self::new();
        for (index, c) in moves.chars().enumerate() {
            let column = match c.to_digit(10) {
                Some(d @ 1..=7) => d as u8,
                _ => return Err(MovesError::NotAColumn { index, found: c }),
            };
            if position.is_won() {
                return Err(MovesError::GameOver { index });
            }
            if !position.can_play(column - 1) {
                return Err(MovesError::ColumnFull { index, column });
            }
            position.play(column - 1);
        }
        Ok(position)
    }

    /// Stones played so far.
    pub const fn moves_played(&self) -> u32 {
        self.moves
    }

    /// Empty cells: the most plies a search from here can need.
    pub const fn remaining_cells(&self) -> u32 {
        CELLS - self.moves
    }

    /// `true` when `col` (0..7) still has room.
    pub const fn can_play(&self, col: u8) -> bool {
        col < WIDTH as u8 && self.mask & top_mask(col as u32) == 0
    }

    /// `true` when playing `col` gives the side to move four in a row.
    pub const fn is_winning_move(&self, col: u8) -> bool {
        let stone = (self.mask + bottom_mask(col as u32)) & column_mask(col as u32);
        has_four(self.current | stone)
    }

    /// Drops a stone of the side to move into `col`, which must have room.
    pub fn play(&mut self, col: u8) {
        debug_assert!(self.can_play(col));
        self.current ^= self.mask;
        self.mask |= self.mask + bottom_mask(u32::from(col));
        self.moves += 1;
    }

    /// `true` when the player who moved last has four in a row.
    pub const fn is_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }

    /// The side to move: 0 for the first player, 1 for the second.
    pub const fn player_to_move(&self) -> u8 {
        (self.moves % 2) as u8
    }

    /// The stone at `col`, `row` (row 0 at the bottom): `Some(0)` first player, `Some(1)`
    /// second, `None` empty.
    pub fn stone(&self, col: u32, row: u32) -> Option<u8> {
        let bit = 1u64 << (col * (HEIGHT + 1) + row);
        if self.mask & bit == 0 {
            return None;
        }
        let mine = self.current & bit != 0;
        // `current` belongs to the side to move.
        Some(if mine { self.player_to_move() } else { 1 - self.player_to_move() })
    }
}

const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * (HEIGHT + 1))
}

impl Default for Connect4 {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for Connect4 {
    /// Six rows, top first: `X` first player, `O` second, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let c = match self.stone(col, row) {
                    Some(0) => 'X',
                    Some(_) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "1234567")
    }
}

impl Game for Connect4 {
    type Move = u8;
    type Player = u8;
    /// Copy-make: the whole position is 24 bytes.
    type Undo = Connect4;

    fn side_to_move(&self) -> u8 {
        self.player_to_move()
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for col in CENTRE_FIRST {
            if self.can_play(col) {
                let _ = moves.push(col);
            }
        }
    }

    fn make_move(&mut self, col: u8) -> Connect4 {
        let before = *self;
        self.play(col);
        before
    }

    fn unmake_move(&mut self, _col: u8, before: Connect4) {
        *self = before;
    }

    fn is_terminal(&self) -> bool {
        self.moves == CELLS || self.is_won()
    }

    fn zobrist_key(&self) -> u64 {
        // current + mask is unique per position (Pons): the mask's guard bits tell the
        // heights, `current` the owners, and the parity of the stones the side to move.
        self.current + self.mask
    }
}

/// The exact evaluator: a won game is `WIN - ply` for the winner, `-(WIN - ply)` for the
/// loser; a full board and any unfinished position score 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4Eval;

impl Evaluator<Connect4> for Connect4Eval {
    type Score = i32;

    fn evaluate(&self, position: &Connect4, player: u8, ctx: EvalContext) -> i32 {
        if position.is_won() {
            // The player who moved last won.
            let winner = 1 - position.player_to_move();
            if winner == player {
                i32::win_in(ctx.ply)
            } else {
                i32::loss_in(ctx.ply)
            }
        } else {
            0
        }
    }
}

/// Converts a root score of [`Connect4Eval`] into the score of Pons' benchmark sets, for the
/// side to move at a root with `moves_played` stones: `22 - k` when it wins with its `k`-th
/// stone, `-(22 - k)` when the opponent wins with its `k`-th stone, 0 for a draw (or a score
/// that is not a forced result).
pub fn pons_score<S: Score>(score: S, moves_played: u32) -> i32 {
    match score.mate_distance() {
        // The game ends `d` plies below the root: the winning stone is stone
        // `moves_played + d` of the game, played with 42 - (moves_played + d - 1) cells empty.
        Some(d) => {
            let magnitude = (44 - moves_played as i32 - d.abs()) / 2;
            if d > 0 {
                magnitude
            } else {
                -magnitude
            }
        }
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fours_in_every_direction() {
        let vertical = Connect4::from_moves("1212121").unwrap();
        assert!(vertical.is_won());
        let horizontal = Connect4::from_moves("1122334").unwrap();
        assert!(horizontal.is_won());
        let rising = Connect4::from_moves("12233434544").unwrap();
        assert!(rising.is_won(), "{rising}");
        assert!(!Connect4::from_moves("1223343454").unwrap().is_won());
        let falling = Connect4::from_moves("76655454344").unwrap();
        assert!(falling.is_won(), "{falling}");
        assert!(!Connect4::from_moves("112233").unwrap().is_won());
    }

    #[test]
    fn move_strings_are_checked() {
        assert_eq!(
            Connect4::from_moves("18"),
            Err(MovesError::NotAColumn { index: 1, found: '8' })
        );
        assert_eq!(
            Connect4::from_moves("1111111"),
            Err(MovesError::ColumnFull { index: 6, column: 1 })
        );
        assert_eq!(Connect4::from_moves("12121212"), Err(MovesError::GameOver { index: 7 }));
    }

    #[test]
    fn pons_scores_from_mate_distances() {
        // Win with the next stone at 0 stones played is impossible, but the arithmetic is
        // Pons' (42 + 1 - n) / 2 for an immediate win and -(42 - n) / 2 for an immediate loss.
        assert_eq!(pons_score(i32::win_in(1), 37), (43 - 37) / 2);
        assert_eq!(pons_score(i32::loss_in(2), 36), -(42 - 36) / 2);
        assert_eq!(pons_score(0, 20), 0);
    }

    #[test]
    fn display_shows_the_board() {
        let position = Connect4::from_moves("44").unwrap();
        let text = format!("{position}");
        assert!(text.ends_with("...O...\n...X...\n1234567"), "{text}");
    }
}
