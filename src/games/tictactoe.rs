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

/// Zobrist keys of 2 marks (X, O) on 9 cells, as `ZobristTable::<2, 9, 2>::new(0x7107_7AC7)`
/// draws them (a unit test checks it), written out so that they live in flash with no lazy
/// initialisation.
const PIECE_KEYS: [[u64; 9]; 2] = [
    [
        0xC3C2_0F5B_447C_9A7C,
        0xCEDB_EC3D_4D7E_761B,
        0xBDBF_42B6_6ED4_20E0,
        0x1264_8BF4_03CF_35B4,
        0x9A95_3993_DD78_7A78,
        0xD680_D12E_E08D_DDE0,
        0xFB5F_3B08_C835_DA3C,
        0xA56A_3D67_75B3_9B5E,
        0xC16D_13C2_C3E8_F7CC,
    ],
    [
        0xDC98_88A5_28ED_09DA,
        0xF110_A9A5_584A_526D,
        0xA936_A6BF_B1F3_CD84,
        0xD7CC_9896_A3E5_50CE,
        0xE463_B2E8_F87C_F006,
        0xDE32_C085_6D89_ED8A,
        0x38DC_F9A5_C1D1_E785,
        0x5265_7BA7_1A1B_A689,
        0xC308_904D_1CC6_53A1,
    ],
];

/// The keys of the side to move (X, O).
const SIDE_KEYS: [u64; 2] = [0x7D21_B233_04E0_494B, 0xD459_C5B2_5354_BD6D];

/// Both side keys: what every move toggles.
const SIDE_TOGGLE: u64 = SIDE_KEYS[0] ^ SIDE_KEYS[1];

/// What a mark of X or O in a cell changes in the key, the piece and the side to move in one
/// word: the only key table in flash (the piece keys are this ^ `SIDE_TOGGLE`).
const MOVE_KEYS: [[u64; 9]; 2] = {
    let mut keys = [[0; 9]; 2];
    let mut mark = 0;
    while mark < 2 {
        let mut cell = 0;
        while cell < 9 {
            keys[mark][cell] = PIECE_KEYS[mark][cell] ^ SIDE_TOGGLE;
            cell += 1;
        }
        mark += 1;
    }
    keys
};

/// A tic-tac-toe position: two bit masks (bit `i` = cell `i`), the side to move, and its
/// Zobrist key, kept up to date by every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
    to_move: Mark,
    key: u64,
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
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Length(n) => write!(f, "a board has 9 cells, this one has {n} characters"),
            Self::Character { index, found } => {
                write!(f, "cell {index} is {found:?}; cells are 'X', 'O' or '.'")
            }
            Self::Counts { x, o } => write!(
                f,
                "X has {x} marks and O has {o}; X moves first, so X has as many as O or one more"
            ),
        }
    }
}

impl core::error::Error for BoardError {}

impl Board {
    /// The empty board, X to move.
    pub const fn new() -> Self {
        Self { x: 0, o: 0, to_move: Mark::X, key: SIDE_KEYS[Mark::X as usize] }
    }

    /// Parses 9 characters (`X`, `O` or `.`, case-insensitive for the letters), row by row.
    /// The side to move follows from the counts: X if both have as many marks, O otherwise.
    ///
    /// # Errors
    /// [`BoardError`] when the string is not 9 valid characters or the counts are impossible.
    pub fn parse(cells: &str) -> Result<Self, BoardError> {
        let count = cells.chars().count();
        if count != 9 {
            return Err(BoardError::Length(count));
        }
        let mut board = Self::new();
        for (index, c) in cells.chars().enumerate() {
            match c {
                'X' | 'x' => board.x |= 1 << index,
                'O' | 'o' => board.o |= 1 << index,
                '.' => {}
                found => return Err(BoardError::Character { index, found }),
            }
        }
        let (x, o) = (board.x.count_ones(), board.o.count_ones());
        board.to_move = match x.checked_sub(o) {
            Some(0) => Mark::X,
            Some(1) => Mark::O,
            _ => return Err(BoardError::Counts { x, o }),
        };
        board.key = SIDE_KEYS[board.to_move as usize];
        for (cell, (&x_key, &o_key)) in MOVE_KEYS[0].iter().zip(&MOVE_KEYS[1]).enumerate() {
            if board.x & (1 << cell) != 0 {
                board.key ^= x_key ^ SIDE_TOGGLE;
            } else if board.o & (1 << cell) != 0 {
                board.key ^= o_key ^ SIDE_TOGGLE;
            }
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
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The player with three in a row, if any.
    pub fn winner(&self) -> Option<Mark> {
        if has_line(self.x) {
            Some(Mark::X)
        } else if has_line(self.o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// `true` when every cell is taken.
    pub fn is_full(&self) -> bool {
        (self.x | self.o) == FULL
    }

    fn marks_mut(&mut self, mark: Mark) -> &mut u16 {
        match mark {
            Mark::X => &mut self.x,
            Mark::O => &mut self.o,
        }
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

    fn side_to_move(&self) -> Mark {
        self.to_move
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        // The free cells in ascending order, one set bit at a time.
        let mut free = FULL & !(self.x | self.o);
        while free != 0 {
            let _ = moves.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    fn make_move(&mut self, cell: u8) {
        let mover = self.to_move;
        *self.marks_mut(mover) |= 1 << cell;
        self.to_move = mover.opponent();
        self.key ^= Self::move_key(mover, cell);
    }

    fn unmake_move(&mut self, cell: u8, _: ()) {
        let mover = self.to_move.opponent();
        *self.marks_mut(mover) &= !(1 << cell);
        self.to_move = mover;
        self.key ^= Self::move_key(mover, cell);
    }

    fn is_terminal(&self) -> bool {
        self.is_full() || has_line(self.x) || has_line(self.o)
    }

    fn zobrist_key(&self) -> u64 {
        // Zobrist hashing: the XOR of one random key per (mark, cell) on the board and one
        // for the side to move, updated by every move.
        self.key
    }
}

impl Board {
    /// What a mark of `mover` in `cell` changes in the key: the piece, and the side to move.
    #[inline]
    fn move_key(mover: Mark, cell: u8) -> u64 {
        // A cell beyond the board (a move the game never generates) changes nothing.
        MOVE_KEYS[mover as usize].get(usize::from(cell)).copied().unwrap_or(0)
    }
}

/// The exact evaluator: a win is `WIN - ply`, a loss `-(WIN - ply)`, anything else 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeEval;

impl Evaluator<Board> for TicTacToeEval {
    type Score = i32;

    fn evaluate(&self, board: &Board, player: Mark, ctx: EvalContext) -> i32 {
        match board.winner() {
            Some(winner) if winner == player => i32::win_in(ctx.ply),
            Some(_) => i32::loss_in(ctx.ply),
            None => 0,
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
    fn the_keys_are_the_zobrist_tables_and_follow_the_moves() {
        let table = crate::zobrist::ZobristTable::<2, 9, 2>::new(0x7107_7AC7);
        for (mark, keys) in PIECE_KEYS.iter().enumerate() {
            for (cell, &key) in keys.iter().enumerate() {
                assert_eq!(key, table.piece(mark, cell));
            }
        }
        assert_eq!(SIDE_KEYS, [table.side(0), table.side(1)]);
        // The incremental key equals the key computed from scratch.
        let mut board = Board::new();
        for cell in [4, 0, 8, 2] {
            board.make_move(cell);
            assert_eq!(board, Board::parse(&board_string(&board)).unwrap());
        }
        for cell in [2, 8, 0, 4] {
            board.unmake_move(cell, ());
        }
        assert_eq!(board, Board::new());
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
