//! Tic-tac-toe on a 3×3 board.
//!
//! Cells are numbered 0 to 8 row by row from the top left; a move is the cell a mark goes in.
//! X moves first. The game is a draw with perfect play.
//!
//! ```
//! use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
//! use alphabeta::{Config, Engine, Limits};
//!
//! let mut board = Board::parse("XX.OO....").unwrap(); // X to move, wins at cell 2
//! let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
//! let result = engine.search(&mut board, &Limits::depth(9)).unwrap();
//! assert_eq!(result.best_move, Some(2));
//! assert_eq!(result.score, 1_000_000 - 1); // a win one ply away
//! assert_eq!(board.side_to_move(), Mark::X);
//! ```

use core::fmt;

use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::score::Score;

/// A player's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Mark {
    /// The other player.
    pub const fn opponent(self) -> Self {
        match self {
            Self::X => Self::O,
            Self::O => Self::X,
        }
    }

    /// `'X'` or `'O'`.
    pub const fn to_char(self) -> char {
        match self {
            Self::X => 'X',
            Self::O => 'O',
        }
    }
}

/// The eight lines of three cells, as bit masks over cells 0..8.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Bit `m` is set when the set of cells `m` (a 9-bit mask) holds a line: 512 bits, so that
/// "has a line" is one load and a shift.
const HAS_LINE: [u64; 8] = {
    let mut table = [0u64; 8];
    let mut marks = 0;
    while marks < 512 {
        let mut line = 0;
        while line < LINES.len() {
            if marks & LINES[line] as usize == LINES[line] as usize {
                table[marks / 64] |= 1 << (marks % 64);
            }
            line += 1;
        }
        marks += 1;
    }
    table
};

/// Whether the cells `marks` hold a line.
#[inline]
const fn has_line(marks: u16) -> bool {
    let marks = (marks & FULL) as usize;
    HAS_LINE[marks / 64] >> (marks % 64) & 1 != 0
}

/// A tic-tac-toe position: two bit masks (bit `i` = cell `i`) and the side to move.
///
/// Its [`Game::zobrist_key`] is not a Zobrist hash but the position itself, exactly: X's mask,
/// O's mask shifted by 9 bits, the side to move at bit 18. No two positions share a key, and
/// a move costs no key update (the transposition table mixes keys before it uses them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The cells of X and of O (indexed by `Mark as usize`).
    marks: [u16; 2],
    to_move: Mark,
}

/// Why a board string was rejected by [`Board::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The string is not 9 characters long.
    Length(usize),
    /// A character other than `X`, `O` or `.` (the position in the string is given).
    Character {
        /// Index of the character in the string.
        index: usize,
        /// The character found.
        found: char,
    },
    /// X moves first, so X has as many marks as O or one more; this board has neither.
    Counts {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
    /// No game reaches this board: a player has three in a row and play went on (both have a
    /// line, or the player with the line is the one to move).
    Unreachable,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Length(n) => {
                let s = if n == 1 { "" } else { "s" };
                write!(f, "a board has 9 cells, this one has {n} character{s}")
            }
            Self::Character { index, found } => {
                write!(f, "cell {index} is {found:?}; cells are 'X', 'O' or '.'")
            }
            Self::Counts { x, o } => write!(
                f,
                "X has {x} marks and O has {o}; X moves first, so X has as many as O or one more"
            ),
            Self::Unreachable => {
                write!(f, "no game reaches this board: play went on after three in a row")
            }
        }
    }
}

impl core::error::Error for BoardError {}

impl Board {
    /// The empty board, X to move.
    pub const fn new() -> Self {
        Self { marks: [0; 2], to_move: Mark::X }
    }

    /// Parses 9 characters (`X`, `O` or `.`, case-insensitive for the letters), row by row.
    /// The side to move follows from the counts: X if both have as many marks, O otherwise.
    ///
    /// # Errors
    /// [`BoardError`] when the string is not 9 valid characters, the counts are impossible,
    /// or play went on after a line ([`BoardError::Unreachable`]).
    pub fn parse(cells: &str) -> Result<Self, BoardError> {
        let count = cells.chars().count();
        if count != 9 {
            return Err(BoardError::Length(count));
        }
        let mut board = Self::new();
        for (index, c) in cells.chars().enumerate() {
            match c {
                'X' | 'x' => board.marks[0] |= 1 << index,
                'O' | 'o' => board.marks[1] |= 1 << index,
                '.' => {}
                found => return Err(BoardError::Character { index, found }),
            }
        }
        let [x, o] = board.marks.map(u16::count_ones);
        board.to_move = match x.checked_sub(o) {
            Some(0) => Mark::X,
            Some(1) => Mark::O,
            _ => return Err(BoardError::Counts { x, o }),
        };
        // Only the side that just moved (not the one to move) can have a line.
        if has_line(board.marks[board.to_move as usize]) {
            return Err(BoardError::Unreachable);
        }
        Ok(board)
    }

    /// The player to move.
    pub const fn side_to_move(&self) -> Mark {
        self.to_move
    }

    /// The mark in `cell` (0..8), if any.
    pub fn cell(&self, cell: u8) -> Option<Mark> {
        let bit = 1u16 << cell;
        if self.marks[0] & bit != 0 {
            Some(Mark::X)
        } else if self.marks[1] & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The player with three in a row, if any.
    pub fn winner(&self) -> Option<Mark> {
        if has_line(self.marks[0]) {
            Some(Mark::X)
        } else if has_line(self.marks[1]) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// `true` when every cell is taken.
    #[inline]
    pub fn is_full(&self) -> bool {
        (self.marks[0] | self.marks[1]) == FULL
    }

    /// The cells of `mark`.
    #[inline]
    fn marks_of(&self, mark: Mark) -> u16 {
        self.marks[mark as usize]
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for Board {
    /// Three rows of three characters (`X`, `O`, `.`), separated by newlines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            for col in 0..3u8 {
                let c = self.cell(row * 3 + col).map_or('.', Mark::to_char);
                write!(f, "{c}")?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

impl Game for Board {
    type Move = u8;
    type Player = Mark;
    type Undo = ();

    #[inline]
    fn side_to_move(&self) -> Mark {
        self.to_move
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        // The free cells in ascending order, one set bit at a time.
        let mut free = FULL & !(self.marks[0] | self.marks[1]);
        while free != 0 {
            let _ = moves.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    #[inline]
    fn make_move(&mut self, cell: u8) {
        let mover = self.to_move;
        self.marks[mover as usize] |= 1 << cell;
        self.to_move = mover.opponent();
    }

    #[inline]
    fn unmake_move(&mut self, cell: u8, _: ()) {
        let mover = self.to_move.opponent();
        self.marks[mover as usize] &= !(1 << cell);
        self.to_move = mover;
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        // The side that just moved first: the only one with a line in a position of play.
        has_line(self.marks_of(self.to_move.opponent()))
            || has_line(self.marks_of(self.to_move))
            || self.is_full()
    }

    #[inline]
    fn zobrist_key(&self) -> u64 {
        // The position itself (see `Board`): an exact key.
        u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9 | (self.to_move as u64) << 18
    }
}

/// The exact evaluator: a win is `WIN - ply`, a loss `-(WIN - ply)`, anything else 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeEval;

impl Evaluator<Board> for TicTacToeEval {
    type Score = i32;

    #[inline]
    fn evaluate(&self, board: &Board, player: Mark, ctx: EvalContext) -> i32 {
        // The opponent first: in a position of play only the side that just moved can have a
        // line, and the engine asks for the side to move.
        if has_line(board.marks_of(player.opponent())) {
            i32::loss_in(ctx.ply)
        } else if has_line(board.marks_of(player)) {
            i32::win_in(ctx.ply)
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_rejects_bad_boards() {
        assert_eq!(Board::parse("XX"), Err(BoardError::Length(2)));
        assert_eq!(Board::parse("XX.OO...Z"), Err(BoardError::Character { index: 8, found: 'Z' }));
        assert_eq!(Board::parse("XXX......"), Err(BoardError::Counts { x: 3, o: 0 }));
        assert_eq!(Board::parse("OO.X....."), Err(BoardError::Counts { x: 1, o: 2 }));
        // Play went on after a line: both have one, or the player to move has one.
        assert_eq!(Board::parse("XXXOOO..."), Err(BoardError::Unreachable));
        assert_eq!(Board::parse("OOOXX.XX."), Err(BoardError::Unreachable));
        assert_eq!(Board::parse("XXXOO.O.."), Err(BoardError::Unreachable));
        assert!(Board::parse("XXXOO....").is_ok()); // X has just won
        let one = Board::parse("X").unwrap_err().to_string();
        assert_eq!(one, "a board has 9 cells, this one has 1 character");
    }

    #[test]
    fn make_and_unmake_restore_the_board() {
        let mut board = Board::parse("X...O....").unwrap();
        let before = board;
        board.make_move(8);
        assert_eq!(board.cell(8), Some(Mark::X));
        assert_eq!(board.side_to_move(), Mark::O);
        board.unmake_move(8, ());
        assert_eq!(board, before);
    }

    #[test]
    fn winner_and_terminal() {
        let board = Board::parse("XXXOO....").unwrap();
        assert_eq!(board.winner(), Some(Mark::X));
        assert!(board.is_terminal());
        let draw = Board::parse("XOXXOOOXX").unwrap();
        assert_eq!(draw.winner(), None);
        assert!(draw.is_terminal());
        assert_eq!(format!("{draw}"), "XOX\nXOO\nOXX");
    }

    #[test]
    fn keys_are_the_positions_and_follow_the_moves() {
        // Every position reachable in play (and more: any two masks with legal counts) has a
        // key of its own, and the key after moves equals the parsed position's.
        let mut seen = std::collections::HashSet::new();
        for x in 0..512u16 {
            for o in (0..512u16).filter(|o| o & x == 0) {
                let Some(to_move) = (match x.count_ones().checked_sub(o.count_ones()) {
                    Some(0) => Some(Mark::X),
                    Some(1) => Some(Mark::O),
                    _ => None,
                }) else {
                    continue;
                };
                let board = Board { marks: [x, o], to_move };
                assert!(seen.insert(board.zobrist_key()), "{board}");
            }
        }
        let mut board = Board::new();
        for cell in [4, 0, 8, 2] {
            board.make_move(cell);
            let parsed = Board::parse(&board_string(&board)).unwrap();
            assert_eq!(board, parsed);
            assert_eq!(board.zobrist_key(), parsed.zobrist_key());
        }
        for cell in [2, 8, 0, 4] {
            board.unmake_move(cell, ());
        }
        assert_eq!(board, Board::new());
        assert_eq!(Board::new().zobrist_key(), 0);
        assert_eq!(Board::parse("X........").unwrap().zobrist_key(), 1 | 1 << 18);
    }

    fn board_string(board: &Board) -> std::string::String {
        (0..9).map(|cell| board.cell(cell).map_or('.', Mark::to_char)).collect()
    }

    #[test]
    fn the_line_table_agrees_with_the_lines() {
        for marks in 0..512u16 {
            let expected = LINES.iter().any(|&line| line & !marks == 0);
            assert_eq!(has_line(marks), expected, "{marks:09b}");
        }
    }

    #[test]
    fn moves_are_the_free_cells() {
        let board = Board::parse("X...O...X").unwrap();
        let mut moves = MoveList::<u8, 9>::new();
        board.generate_moves(&mut moves);
        assert_eq!(moves.as_slice(), &[1, 2, 3, 5, 6, 7]);
    }
}
