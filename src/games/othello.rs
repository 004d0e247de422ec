//! Othello (Reversi) on the 8×8 board, as two bitboards, with an exact endgame solver.
//!
//! # The board
//!
//! Square `A1` is bit 0, `H1` bit 7, `A2` bit 8, …, `H8` bit 63 (column letter, row number,
//! as the FFO and OBF files write moves). A position keeps the discs of the side to move and
//! of its opponent, the side to move's colour, and its legal moves (computed once when the
//! position is reached: the search asks for them at every node). Moves and flips are computed
//! with shifts, one direction at a time.
//!
//! # Passes and the end
//!
//! A side without a legal move passes: the turn does not alternate then, and
//! [`Game::side_to_move`] stays the same after the move (the engine negates scores only where
//! the side to move changes, so a pass costs neither a ply nor a node). The game ends when
//! neither side can move; its score is the final disc difference for the side to move, the
//! empty squares going to the winner (the FFO convention, as Edax counts it): from `-64` to
//! `64`, always even.
//!
//! # Solving
//!
//! [`solve`] finds the exact score of a position and a best move: null-window searches of the
//! [`SolverEngine`] (value-preserving, the transposition table, the [`EndgameSorter`]'s
//! ordering) at the depth of the empty squares, narrowing the score's interval. The last
//! [`SHALLOW_EMPTIES`] empty squares are solved by [`solve_shallow`], a dedicated search the
//! evaluator offers the engine ([`Evaluator::solve_subtree`]), and the last
//! [`SOLVE_EMPTIES`] of them by [`solve_last`]; nodes with at least 7 empty squares try a
//! stability cutoff first ([`Evaluator::bound_cut`] from [`STABILITY_MIN_EMPTIES`] on,
//! [`stability_bound`], [`stable_discs`]). [`solve_wld`] finds only win, loss or draw.
//! [`pattern_solver_engine`] is the same solver with the [`PatternSorter`], which also
//! orders the moves far from the end by a learnt [`pattern`] evaluation: fewer nodes, for
//! 327 KiB of weights. [`ObfEntry`] reads a line of an FFO/OBF file.
//!
//! ```
//! use alphabeta::games::othello::{solve, solver_engine, ObfEntry};
//! use alphabeta::tt::TranspositionTable;
//!
//! // FFO #1 has 14 empty squares; black to move wins by 18 with G8.
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
//! let entry = ObfEntry::parse(line).unwrap();
//! static TABLE: TranspositionTable<i32, { 1 << 16 }> = TranspositionTable::new();
//! let mut engine = solver_engine(&TABLE);
//! let solution = solve(&mut engine, entry.position).unwrap();
//! assert_eq!(solution.score, 18);
//! assert_eq!(solution.best_move.map(|sq| sq.to_string()).as_deref(), Some("G8"));
//! assert!(entry.is_best(solution.best_move.unwrap(), solution.score));
//! ```

use core::fmt;

pub mod pattern;

use crate::game::{EvalContext, Evaluator, Game, MoveList, Solved};
use crate::ordering::{MoveSorter, OrderingHints};
use crate::search::WindowSearch;
use crate::tt::{MoveCode, Table};

/// The most legal moves an Othello position can have (33 is the known maximum; the move lists
/// of the solver take this many).
pub const MAX_MOVES: usize = 34;
/// The most plies a game can still last: one per empty square (passes take none).
pub const MAX_PLY: usize = 60;

/// Every square but the A column (the destination of an eastward shift).
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but the H column (the destination of a westward shift).
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// A square, 0 (`A1`) to 63 (`H8`); written as its name (`D3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The square named `name` (`A1` to `H8`, either case), `None` for anything else.
    pub fn parse(name: &str) -> Option<Square> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let col = bytes[0].to_ascii_uppercase().wrapping_sub(b'A');
        let row = bytes[1].wrapping_sub(b'1');
        (col < 8 && row < 8).then_some(Square(row * 8 + col))
    }

    /// Its bit in a bitboard.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.0 % 8), char::from(b'1' + self.0 / 8))
    }
}

impl MoveCode for Square {
    fn move_code(self) -> u16 {
        u16::from(self.0)
    }
}

/// A colour: the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black (`X` in OBF files), who moves first.
    Black,
    /// White (`O`).
    White,
}

impl Color {
    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// One shift of a bitboard by `s` squares (positive: towards `H8`), masked against wrapping
/// around the board's edge.
#[inline(always)]
const fn shift(b: u64, s: i32, mask: u64) -> u64 {
    if s > 0 {
        (b << s) & mask
    } else {
        (b >> -s) & mask
    }
}

/// The eight directions: the shift and the mask of the squares a shift may land on.
const DIRECTIONS: [(i32, u64); 8] = [
    (1, NOT_A),
    (-1, NOT_H),
    (8, u64::MAX),
    (-8, u64::MAX),
    (9, NOT_A),
    (-9, NOT_H),
    (7, NOT_H),
    (-7, NOT_A),
];

/// The legal moves of the side owning `p` against `o`: every empty square from which a line
/// of `o`'s discs runs to one of `p`'s (Kogge-Stone style fills, one direction at a time: a
/// run of one, then two, then up to four and six of `o`'s discs by doubled shifts).
#[inline]
pub const fn legal_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let mut moves = 0;
    let mut i = 0;
    while i < DIRECTIONS.len() {
        let (s, mask) = DIRECTIONS[i];
        let om = o & mask;
        // `pairs`: the discs of `o` whose neighbour back along the direction is `o`'s too.
        let pairs = om & shift(om, s, u64::MAX);
        let mut t = shift(p, s, om);
        t |= shift(t, s, om);
        t |= shift(t, 2 * s, pairs);
        t |= shift(t, 2 * s, pairs);
        moves |= shift(t, s, mask);
        i += 1;
    }
    moves & empty
}

/// The squares from each square to the board's edge in each of the [`DIRECTIONS`] (the
/// square itself left out): `RAYS[square][direction]`.
const RAYS: [[u64; 8]; 64] = {
    let mut rays = [[0; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < DIRECTIONS.len() {
            let (s, mask) = DIRECTIONS[i];
            let mut y = shift(1u64 << square, s, mask);
            while y != 0 {
                rays[square][i] |= y;
                y = shift(y, s, mask);
            }
            i += 1;
        }
        square += 1;
    }
    rays
};

/// The discs of `o` that a disc of `p`'s side on `square` flips (0 when none: not a move).
///
/// Along each ray from the square, the first square that is not `o`'s closes the line of
/// `o`'s discs before it; they flip if it is `p`'s. Without a branch (whether a line closes
/// on `p`'s disc cannot be predicted): a ray towards `H8` finds it by a carry, the ray's first
/// square added to its `o` discs with every square off the ray set, which runs through the
/// line and stops on the closing square; a ray towards `A1` as the highest square of the ray
/// that is not `o`'s.
#[inline(always)]
pub const fn flips(p: u64, o: u64, square: u8) -> u64 {
    let rays = &RAYS[square as usize & 63];
    let mut flipped = 0;
    let mut i = 0;
    while i < DIRECTIONS.len() {
        let ray = rays[i];
        if DIRECTIONS[i].0 > 0 {
            let first = ray & ray.wrapping_neg();
            let closing = (o | !ray).wrapping_add(first) & p & ray;
            // The squares below the closing one: the line of `o`'s discs.
            flipped |= closing.wrapping_sub((closing != 0) as u64) & ray;
        } else {
            // The highest square that is not `o`'s (none: a shift by 64 wraps to the top
            // square, which no ray towards `A1` holds).
            let closing = (1u64 << 63).wrapping_shr((ray & !o).leading_zeros()) & p & ray;
            // The squares above the closing one.
            flipped |= (closing.wrapping_neg() << 1) & ray;
        }
        i += 1;
    }
    flipped
}

/// A position: the discs of each side, the side to move and its legal moves.
///
/// Built by [`Othello::new`] (the opening), [`Othello::from_board`] (an OBF board) or
/// [`Othello::from_bitboards`]; always normalised so that the side to move has a legal move
/// unless the game is over (a side without one has passed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    /// The discs of the side to move.
    player: u64,
    /// The discs of its opponent.
    opponent: u64,
    /// The legal moves of the side to move (0: the game is over).
    moves: u64,
    /// The side to move.
    side: Color,
}

impl Default for Othello {
    fn default() -> Self {
        Self::new()
    }
}

/// Why a board or an OBF line could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The board is not 64 characters of `X`, `O` and `-` (byte offset of the first bad one).
    Board {
        /// Where in the board text.
        at: usize,
    },
    /// The side to move is not `X` or `O`.
    Side,
    /// Both sides have a disc on the same square.
    Overlap,
    /// A `move:score` item is malformed or names an illegal move.
    Move {
        /// Which item (0 the first).
        index: usize,
    },
    /// More `move:score` items than a position has legal moves.
    TooManyMoves,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Board { at } => write!(
                f,
                "the board must be 64 characters of X, O and - (A1..H1, A2..H8); \
                 character {at} is not"
            ),
            ParseError::Side => f.write_str("the side to move must be X or O"),
            ParseError::Overlap => f.write_str("both sides have a disc on the same square"),
            ParseError::Move { index } => write!(
                f,
                "move item {index} is not `<square>:<score>` with a legal move and a score \
                 from -64 to +64"
            ),
            ParseError::TooManyMoves => f.write_str("more move items than legal moves"),
        }
    }
}

impl core::error::Error for ParseError {}

impl Othello {
    /// The opening position: white on `D4` and `E5`, black on `E4` and `D5`, black to move.
    pub const fn new() -> Self {
        let black = (1 << 28) | (1 << 35);
        let white = (1 << 27) | (1 << 36);
        Self::from_bitboards(black, white, Color::Black)
    }

    /// The position with `black`'s and `white`'s discs and `side` to move (who passes at once
    /// if it has no move and the opponent has one). The bitboards must not overlap (a disc on
    /// both sides' boards is taken as `black`'s).
    pub const fn from_bitboards(black: u64, white: u64, side: Color) -> Self {
        let white = white & !black;
        let (player, opponent) = match side {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Self::reached(player, opponent, side)
    }

    /// The position with `player` to move (colour `side`) against `opponent`: the side to
    /// move passes if it must, and the moves are computed.
    #[inline(always)]
    const fn reached(player: u64, opponent: u64, side: Color) -> Self {
        let moves = legal_moves(player, opponent);
        if moves != 0 {
            return Self { player, opponent, moves, side };
        }
        let replies = legal_moves(opponent, player);
        if replies != 0 {
            // A pass: the opponent moves again.
            return Self { player: opponent, opponent: player, moves: replies, side: side.other() };
        }
        // Nobody can move: the game is over, with the turn where it was.
        Self { player, opponent, moves: 0, side }
    }

    /// Reads a board of 64 characters `A1..H1, A2..H2, …, H8` (`X` black, `O` white, `-` or
    /// `.` empty) with `side` to move.
    ///
    /// # Errors
    /// [`ParseError::Board`] for a board of another length or another character.
    pub fn from_board(board: &str, side: Color) -> Result<Self, ParseError> {
        let bytes = board.as_bytes();
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in bytes.iter().enumerate() {
            if i >= 64 {
                return Err(ParseError::Board { at: i });
            }
            match c {
                b'X' | b'x' | b'*' => black |= 1 << i,
                b'O' | b'o' => white |= 1 << i,
                b'-' | b'.' => {}
                _ => return Err(ParseError::Board { at: i }),
            }
        }
        if bytes.len() != 64 {
            return Err(ParseError::Board { at: bytes.len() });
        }
        Ok(Self::from_bitboards(black, white, side))
    }

    /// The discs of the side to move.
    pub const fn player(&self) -> u64 {
        self.player
    }

    /// The discs of the side not to move.
    pub const fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The discs of `color`.
    pub const fn discs(&self, color: Color) -> u64 {
        if matches!((self.side, color), (Color::Black, Color::Black) | (Color::White, Color::White))
        {
            self.player
        } else {
            self.opponent
        }
    }

    /// The side to move (after any pass; when the game is over, the side that would move).
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The legal moves of the side to move, as a bitboard (0 when the game is over).
    pub const fn moves(&self) -> u64 {
        self.moves
    }

    /// The empty squares, as a bitboard.
    pub const fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of empty squares.
    pub const fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// `true` when neither side can move.
    pub const fn is_over(&self) -> bool {
        self.moves == 0
    }

    /// Whether `square` is a legal move.
    pub const fn is_legal(&self, square: Square) -> bool {
        square.0 < 64 && self.moves & square.bit() != 0
    }

    /// The position after the legal move `square` (and after the opponent's pass, if it has
    /// no move). `square` must be legal ([`Othello::is_legal`]); an illegal one gives a
    /// position that is not reachable.
    #[inline(always)]
    pub const fn play(&self, square: Square) -> Othello {
        let flipped = flips(self.player, self.opponent, square.0);
        let player = self.player | flipped | square.bit();
        let opponent = self.opponent & !flipped;
        Self::reached(opponent, player, self.side.other())
    }

    /// The final score for the side to move, for a game that is over: its discs minus the
    /// opponent's, the empty squares going to the winner (none to either in a draw).
    pub const fn final_score(&self) -> i32 {
        let mine = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empty = 64 - mine - theirs;
        let diff = mine - theirs;
        if diff > 0 {
            diff + empty
        } else if diff < 0 {
            diff - empty
        } else {
            0
        }
    }
}

impl fmt::Display for Othello {
    /// The board as 8 rows of `X`, `O` and `.` (row 1 first), `*` on the legal moves, then
    /// the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let black = self.discs(Color::Black);
        let white = self.discs(Color::White);
        writeln!(f, "  A B C D E F G H")?;
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for col in 0..8 {
                let bit = 1u64 << (row * 8 + col);
                let c = if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else if self.moves & bit != 0 {
                    '*'
                } else {
                    '.'
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        let (b, w) = (black.count_ones(), white.count_ones());
        if self.is_over() {
            write!(f, "game over: X {b} O {w}")
        } else {
            let side = if self.side == Color::Black { "X" } else { "O" };
            write!(f, "{side} to move (X {b} O {w})")
        }
    }
}

/// Squares by a static preference, best first: corners, the edges away from the corners, the
/// inner squares, then the squares next to a corner (`C` squares on the edge, `X` squares on
/// the diagonal), which give corners away. [`Game::generate_moves`] writes moves in this order.
const PREFERENCE: [u64; 5] = [
    0x8100_0000_0000_0081,                         // corners
    0x3C00_8181_8181_003C,                         // edges but the C squares
    0x0000_7E7E_7E7E_0000 | 0x003C_0000_0000_3C00, // inner squares but the X squares
    0x4281_0000_0000_8142,                         // C squares
    0x0042_0000_0000_4200,                         // X squares
];

impl Game for Othello {
    type Move = Square;
    type Player = Color;
    /// Copy-make: the previous position (32 bytes).
    type Undo = Othello;

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<Square, N>) {
        for class in PREFERENCE {
            let mut set = self.moves & class;
            while set != 0 {
                let square = set.trailing_zeros() as u8;
                set &= set - 1;
                if moves.push(Square(square)).is_err() {
                    return;
                }
            }
        }
    }

    #[inline(always)]
    fn make_move(&mut self, square: Square) -> Othello {
        let before = *self;
        *self = self.play(square);
        before
    }

    #[inline(always)]
    fn unmake_move(&mut self, _square: Square, before: Othello) {
        *self = before;
    }

    #[inline(always)]
    fn copy_make(&self, square: Square) -> Option<Othello> {
        Some(self.play(square))
    }

    #[inline(always)]
    fn is_terminal(&self) -> bool {
        self.moves == 0
    }

    #[inline(always)]
    fn zobrist_key(&self) -> u64 {
        // The discs of the side to move and of the other side determine the value for the
        // side to move (colours do not matter): a strong mix of the pair (the finaliser of
        // SplitMix64, Steele, Lea & Flood 2014) stands in for a Zobrist table.
        let mut z = self.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.opponent.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The evaluator: the exact final score of a finished game (see [`Othello::final_score`]),
/// and for an unfinished one at the horizon of a limited search (`--play`), a heuristic on the
/// same scale: corners, mobility and discs.
#[derive(Clone, Copy, Debug, Default)]
pub struct OthelloEval;

impl Evaluator<Othello> for OthelloEval {
    type Score = i32;
    /// Scores are disc differences, not won-in-n-plies scores.
    const MATE_SCORES: bool = false;

    #[inline(always)]
    fn evaluate(&self, game: &Othello, player: Color, _ctx: EvalContext) -> i32 {
        let for_mover = if game.is_over() { game.final_score() } else { heuristic(game) };
        if player == game.side {
            for_mover
        } else {
            -for_mover
        }
    }

    /// Stability cutoffs: a bound from the discs that can never be flipped.
    const BOUNDS: bool = true;

    /// [`stability_bound`]: the score for the side to move is at most `64 - 2 s` with `s`
    /// the opponent's stable discs ([`stable_discs`]), and at least `2 s - 64` with `s` its
    /// own: a window beyond one of these fails at once. Only at nodes with at least
    /// [`STABILITY_MIN_EMPTIES`] plies left, all of the empty squares within them (at 7,
    /// [`solve_shallow`] tries it itself).
    #[inline(always)]
    fn bound_cut(&self, game: &Othello, ctx: EvalContext, alpha: i32, beta: i32) -> Option<i32> {
        // Only where the search reaches the end of the game (the bound is on final scores,
        // not on the heuristic of a shorter search).
        if ctx.depth_left < STABILITY_MIN_EMPTIES || game.empty_count() > ctx.depth_left {
            return None;
        }
        stability_bound(game, alpha, beta)
    }

    /// The last [`SHALLOW_EMPTIES`] empty squares are solved by [`solve_shallow`].
    const SOLVE_DEPTH: u32 = SHALLOW_EMPTIES;

    /// [`solve_shallow`] for a position with at most [`SHALLOW_EMPTIES`] empty squares, all
    /// of them within the depth left (the game then ends within it); `None` for the others.
    #[inline(always)]
    fn solve_subtree(
        &self,
        game: &Othello,
        ctx: EvalContext,
        alpha: i32,
        beta: i32,
    ) -> Option<Solved<i32>> {
        let empties = game.empty_count();
        if empties > SHALLOW_EMPTIES || empties > ctx.depth_left {
            return None;
        }
        Some(solve_shallow(game, alpha, beta))
    }
}

/// The stability cutoff the solver tries at nodes with at least [`STABILITY_MIN_EMPTIES`]
/// empty squares and in [`solve_shallow`] (7 empty squares) for `game` and the window
/// `(alpha, beta)`: `Some(bound)`, a bound from stable discs that fails low (`<= alpha`) or
/// high (`>= beta`), or `None`. Tried only where the window is near the edge: `alpha` at
/// least [`STABILITY_MIN_ALPHA`] and `64 - 2 × (the opponent's discs)` (or `beta` the same on
/// the other side).
#[inline(always)]
pub fn stability_bound(game: &Othello, alpha: i32, beta: i32) -> Option<i32> {
    let (p, o) = (game.player, game.opponent);
    if alpha >= 64 - 2 * o.count_ones() as i32 && alpha >= STABILITY_MIN_ALPHA {
        let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
        if upper <= alpha {
            return Some(upper);
        }
    }
    if beta <= 2 * p.count_ones() as i32 - 64 && beta <= -STABILITY_MIN_ALPHA {
        let lower = 2 * stable_discs(p, o).count_ones() as i32 - 64;
        if lower >= beta {
            return Some(lower);
        }
    }
    None
}

/// [`stability_bound`] computes stable discs only for a window whose `alpha` is at least
/// this (or whose `beta` at most its negation): below, the bound rarely cuts.
pub const STABILITY_MIN_ALPHA: i32 = 0;

/// [`OthelloEval::bound_cut`] looks for stable discs only at nodes with at least this many
/// plies left; [`solve_shallow`] (7 empty squares) tries [`stability_bound`] too. On FFO
/// #48 (+28) they take 28% of the nodes off (0.97 G against 1.34 G from 10 empty squares
/// on); on #20-#39, whose scores are small, 4%. (In [`solve_last`] at 5 and 6 empty squares,
/// with Edax's thresholds there, they took more nodes off but cost more time than they saved
/// on #45-#47 and #49.)
pub const STABILITY_MIN_EMPTIES: u32 = 8;

/// Every line of the board along one axis, as masks (rows, columns, diagonals, anti-diagonals):
/// a disc's line along an axis is full when its mask is.
const LINES: [[u64; 15]; 4] = {
    let mut lines = [[0; 15]; 4];
    let mut square = 0;
    while square < 64 {
        let (row, col) = (square / 8, square % 8);
        let bit = 1u64 << square;
        lines[0][row] |= bit;
        lines[1][col] |= bit;
        lines[2][7 + col - row] |= bit;
        lines[3][row + col] |= bit;
        square += 1;
    }
    lines
};

/// The squares whose line along each axis is full (no empty square on it), axis by axis.
#[inline]
fn full_lines(filled: u64) -> [u64; 4] {
    let mut full = [0; 4];
    for (axis, lines) in LINES.iter().enumerate() {
        for &line in lines {
            if line != 0 && filled & line == line {
                full[axis] |= line;
            }
        }
    }
    full
}

/// The edge squares.
const EDGE: u64 = 0xFF81_8181_8181_81FF;

/// Discs of `p` that can never be flipped (a subset of them: enough for a sound bound). A
/// disc is stable when along each of the four axes its line is full, or it is at the board's
/// end, or its neighbour on that axis is a stable disc of its own: grown from nothing until
/// nothing changes (the corners come first).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    const COLS_AH: u64 = 0x8181_8181_8181_8181;
    const ROWS_18: u64 = 0xFF00_0000_0000_00FF;
    let full = full_lines(p | o);
    let mut stable = 0u64;
    loop {
        let horizontal = full[0] | COLS_AH | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let vertical = full[1] | ROWS_18 | (stable << 8) | (stable >> 8);
        let diagonal = full[2] | EDGE | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let anti = full[3] | EDGE | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = p & horizontal & vertical & diagonal & anti;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The empty squares from which [`solve_shallow`] hands a position to [`solve_last`].
pub const SOLVE_EMPTIES: u32 = 6;

/// The empty squares from which the engine's search hands a position to [`solve_shallow`]
/// (its [`Evaluator::SOLVE_DEPTH`]): below the table's [`TT_MIN_EMPTIES`], where the engine's
/// node would only order the moves and search them.
pub const SHALLOW_EMPTIES: u32 = 7;

/// The exact final score of `position` (at most [`SHALLOW_EMPTIES`] empty squares, or any
/// finished game) for its side to move, fail-soft against the window `(alpha, beta)`, as
/// [`Evaluator::solve_subtree`] asks. With more than [`SOLVE_EMPTIES`] empty squares, a
/// dedicated alpha-beta search with the [`EndgameSorter`]'s fastest-first order (each child
/// computed once, for its key and for its search; no table) and [`stability_bound`] tried
/// first, the same tree as the engine's would search there with that bound as its
/// [`Evaluator::bound_cut`]; with fewer, [`solve_last`]. `nodes` counts as [`solve_last`]
/// does.
///
/// With more than [`SHALLOW_EMPTIES`] empty squares it hands the position to [`solve_last`],
/// which still returns the exact score, at a cost that grows as their factorial: use
/// [`solve`] there.
pub fn solve_shallow(position: &Othello, alpha: i32, beta: i32) -> Solved<i32> {
    let empties = position.empty_count();
    if position.is_over() || empties <= SOLVE_EMPTIES || empties > SHALLOW_EMPTIES {
        return solve_last(position, alpha, beta);
    }
    let mut nodes = 0;
    let score = shallow(position, alpha, beta, &mut nodes);
    Solved { score, nodes }
}

/// [`solve_shallow`] for a position that is not over, with more than [`SOLVE_EMPTIES`] and at
/// most [`SHALLOW_EMPTIES`] empty squares (as many moves at most).
fn shallow(game: &Othello, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    const CAPACITY: usize = SHALLOW_EMPTIES as usize;
    *nodes += 1;
    if let Some(bound) = stability_bound(game, alpha, beta) {
        return bound;
    }
    let odd = odd_quadrants(game.empties());
    // The children, best key first (insertion sort, stable: the game's static order among
    // equal keys, as the engine's node with the sorter would have them).
    let mut keys = [0i32; CAPACITY];
    let mut children = [*game; CAPACITY];
    let mut count = 0;
    for class in PREFERENCE {
        let mut set = game.moves & class;
        while set != 0 {
            let square = Square(set.trailing_zeros() as u8);
            set &= set - 1;
            let child = game.play(square);
            let key = EndgameSorter::child_key(game, square, &child, odd);
            let mut j = count;
            while j > 0 && keys[j - 1] < key {
                keys[j] = keys[j - 1];
                children[j] = children[j - 1];
                j -= 1;
            }
            keys[j] = key;
            children[j] = child;
            count += 1;
        }
    }
    let mut best = -65;
    let mut alpha = alpha;
    for child in &children[..count] {
        let score = if child.is_over() {
            *nodes += 1;
            -child.final_score()
        } else if child.side == game.side {
            // The opponent passes: the same side moves again, with the same window.
            shallow_child(child, alpha, beta, nodes)
        } else {
            -shallow_child(child, -beta, -alpha, nodes)
        };
        if score > best {
            best = score;
            if score >= beta {
                return best;
            }
            if score > alpha {
                alpha = score;
            }
        }
    }
    best
}

/// The score of a child of [`shallow`] that is not over, for its side to move.
#[inline(always)]
fn shallow_child(child: &Othello, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    if child.empty_count() <= SOLVE_EMPTIES {
        let solved = solve_last(child, alpha, beta);
        *nodes += solved.nodes;
        solved.score
    } else {
        shallow(child, alpha, beta, nodes)
    }
}

/// The squares next to each square (a move there can flip only if one holds an opponent's
/// disc).
const NEIGHBOURS: [u64; 64] = {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let x = 1u64 << square;
        let mut around = 0;
        let mut i = 0;
        while i < DIRECTIONS.len() {
            let (s, mask) = DIRECTIONS[i];
            around |= shift(x, s, mask);
            i += 1;
        }
        table[square] = around;
        square += 1;
    }
    table
};

/// The discs of `o` a disc of `p`'s on the empty `square` flips, with the quick answer 0
/// when no neighbour of the square is `o`'s.
#[inline(always)]
fn flips_near(p: u64, o: u64, square: u32) -> u64 {
    if NEIGHBOURS[square as usize] & o == 0 {
        0
    } else {
        flips(p, o, square as u8)
    }
}

/// The final score for `p` to move when the game is over with `empty` empty squares: the
/// disc difference, the empty squares to the winner.
#[inline(always)]
fn final_for(p: u64, o: u64, empty: i32) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    if diff > 0 {
        diff + empty
    } else if diff < 0 {
        diff - empty
    } else {
        0
    }
}

/// The exact final score of `position` (a position with few empty squares) for its side to
/// move, fail-soft against the window `(alpha, beta)` (as [`Evaluator::solve_subtree`] asks),
/// by a dedicated alpha-beta search with no move list, no table and no ordering but parity
/// (moves into a quadrant with an odd number of empty squares first), and the last empty
/// square by its flips alone. `nodes` counts the positions with an empty square it visits,
/// `position` included (a position after a pass is the same node, as in the engine; the
/// boards filled by the last move are not counted, as Edax does not count them).
///
/// Its cost grows as the number of empty squares' factorial: it is meant for the last few.
pub fn solve_last(position: &Othello, alpha: i32, beta: i32) -> Solved<i32> {
    let mut nodes = 0;
    let score = if position.is_over() {
        nodes = 1;
        position.final_score()
    } else if position.empty_count() == 1 {
        nodes = 1;
        last_one(position.player, position.empties().trailing_zeros())
    } else {
        let empties = position.empties();
        let mut parity = 0;
        let mut set = empties;
        while set != 0 {
            parity ^= quadrant(set.trailing_zeros());
            set &= set - 1;
        }
        last_empties(
            position.player,
            position.opponent,
            empties,
            parity,
            alpha,
            beta,
            false,
            &mut nodes,
        )
    };
    Solved { score, nodes }
}

/// The bit of the quadrant of `square` in a parity word (A1-D4 1, E1-H4 2, A5-D8 4, E5-H8 8).
#[inline(always)]
const fn quadrant(square: u32) -> u32 {
    1 << (((square >> 2) & 1) | ((square >> 4) & 2))
}

/// The squares of the quadrants whose bits are set in a parity word.
const PARITY_SQUARES: [u64; 16] = {
    let mut table = [0; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut q = 0;
        while q < 4 {
            if parity & (1 << q) != 0 {
                table[parity] |= QUADRANTS[q];
            }
            q += 1;
        }
        parity += 1;
    }
    table
};

/// The score for `p` to move against `o` with the empty squares `empties` (at least two;
/// `parity` has the bits of the quadrants with an odd number of them), by parity-ordered
/// alpha-beta; `passed`: the opponent has just passed (so a pass here ends the game).
#[allow(clippy::too_many_arguments)]
fn last_empties(
    p: u64,
    o: u64,
    empties: u64,
    parity: u32,
    alpha: i32,
    beta: i32,
    passed: bool,
    nodes: &mut u64,
) -> i32 {
    if !passed {
        *nodes += 1;
    }
    let mut best = -65;
    let mut alpha = alpha;
    let odd = PARITY_SQUARES[parity as usize];
    // Odd quadrants first, and in each half the squares next to a corner (which give it
    // away) last.
    const NEAR_CORNER: u64 = PREFERENCE[3] | PREFERENCE[4];
    let (first, second) = (empties & odd, empties & !odd);
    for set in
        [first & !NEAR_CORNER, first & NEAR_CORNER, second & !NEAR_CORNER, second & NEAR_CORNER]
    {
        let mut set = set;
        while set != 0 {
            let square = set.trailing_zeros();
            set &= set - 1;
            let flipped = flips_near(p, o, square);
            if flipped == 0 {
                continue;
            }
            let x = 1u64 << square;
            let rest = empties ^ x;
            let (mine, theirs) = (p | flipped | x, o & !flipped);
            // `rest` without its lowest square: none when one is left, one when two are.
            let upper = rest & (rest - 1);
            let score = if upper == 0 {
                // One empty square left: the opponent's node, solved by its flips.
                *nodes += 1;
                -last_one_or_below(theirs, rest.trailing_zeros(), -beta)
            } else if upper & (upper - 1) == 0 {
                -last_two(theirs, mine, rest, -beta, -alpha, nodes)
            } else {
                -last_empties(
                    theirs,
                    mine,
                    rest,
                    parity ^ quadrant(square),
                    -beta,
                    -alpha,
                    false,
                    nodes,
                )
            };
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                if score > alpha {
                    alpha = score;
                }
            }
        }
    }
    if best > -65 {
        return best;
    }
    if passed {
        return final_for(p, o, empties.count_ones() as i32);
    }
    -last_empties(o, p, empties, parity, -beta, -alpha, true, nodes)
}

/// The score for `p` to move against `o` with the two empty squares `empties`, fail-soft
/// against `(alpha, beta)`: [`last_empties`] without its loop, each move answered by
/// [`last_one`].
#[inline(always)]
fn last_two(p: u64, o: u64, empties: u64, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    let first = empties.trailing_zeros();
    let second = (empties & (empties - 1)).trailing_zeros();
    *nodes += 1;
    // The side to move: each move, then the opponent on the other square.
    let mut best = -65;
    for (a, b) in [(first, second), (second, first)] {
        let flipped = flips_near(p, o, a);
        if flipped != 0 {
            *nodes += 1;
            let score = -last_one_or_below(o & !flipped, b, -beta);
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
            }
        }
    }
    if best > -65 {
        return best;
    }
    // A pass: the opponent moves (alpha-beta from its side), or the game is over.
    let mut worst = 65;
    for (a, b) in [(first, second), (second, first)] {
        let flipped = flips_near(o, p, a);
        if flipped != 0 {
            *nodes += 1;
            // The opponent's move: `p` then has `b` to move on.
            let score = last_one(p & !flipped, b);
            if score < worst {
                worst = score;
                if score <= alpha {
                    return worst;
                }
            }
        }
    }
    if worst < 65 {
        return worst;
    }
    final_for(p, o, 2)
}

/// `LAST_FLIPS[at][line]`: how many discs a disc on square `at` of a line of 8 flips when
/// the bits of `line` are its side's discs and every other square but `at` holds the other
/// side's (the line read from a full board but one square). A shorter line (a diagonal) read
/// as 8 bits has zeros beyond its ends, where no run of the other side's discs is closed.
const LAST_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards the high bits, then towards the low ones.
            let mut j = at + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                count += j - at - 1;
            }
            let mut j = at as i32 - 1;
            while j >= 0 && line & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += at - j as usize - 1;
            }
            table[at][line] = count as u8;
            line += 1;
        }
        at += 1;
    }
    table
};

/// The diagonal (along `A1`-`H8`) and the anti-diagonal (along `H1`-`A8`) through each square.
const DIAGONALS: [[u64; 2]; 64] = {
    let mut table = [[0; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (row, col) = (square / 8, square % 8);
        table[square] = [LINES[2][7 + col - row], LINES[3][row + col]];
        square += 1;
    }
    table
};

/// How many discs a disc of `p` on `square` flips, every other square of the board taken (the
/// other side's where not `p`'s): [`LAST_FLIPS`] on the row, the column and the two diagonals
/// through the square, each gathered into 8 bits by a shift or a multiplication (a column's
/// bits come out in reverse, `H` row first).
#[inline(always)]
fn last_flip_count(p: u64, square: u32) -> u32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (row, col) = (square as usize / 8, square as usize % 8);
    let row_bits = (p >> (8 * row)) as u8;
    let col_bits = (((p >> col) & FILE_A).wrapping_mul(0x8040_2010_0804_0201) >> 56) as u8;
    let [diagonal, anti] = DIAGONALS[square as usize];
    let diag_bits = ((p & diagonal).wrapping_mul(FILE_A) >> 56) as u8;
    let anti_bits = ((p & anti).wrapping_mul(FILE_A) >> 56) as u8;
    u32::from(LAST_FLIPS[col][row_bits as usize])
        + u32::from(LAST_FLIPS[7 - row][col_bits as usize])
        + u32::from(LAST_FLIPS[col][diag_bits as usize])
        + u32::from(LAST_FLIPS[col][anti_bits as usize])
}

/// The exact score for `p` to move with one empty square, `square` (every other square taken:
/// the opponent has the rest).
#[inline(always)]
fn last_one(p: u64, square: u32) -> i32 {
    last_one_or_below(p, square, -65)
}

/// [`last_one`], fail-soft against `(alpha, _)`: where `p` cannot take the square, the score
/// is at most what it gets if the opponent cannot either, and when that is already at most
/// `alpha` it is returned, an upper bound, without counting the opponent's flips (Edax's
/// lazy cutoff).
#[inline(always)]
fn last_one_or_below(p: u64, square: u32, alpha: i32) -> i32 {
    let x = 1u64 << square;
    let o = !p & !x;
    let mine = p.count_ones() as i32;
    let flipped = last_flip_count(p, square) as i32;
    if flipped > 0 {
        return 2 * (mine + flipped + 1) - 64;
    }
    // Neither side can take the square: it goes to the winner (the difference is odd).
    let most = if 2 * mine > 63 { 2 * mine - 62 } else { 2 * mine - 64 };
    if most <= alpha {
        return most;
    }
    let theirs = last_flip_count(o, square) as i32;
    if theirs > 0 {
        return 2 * (mine - theirs) - 64;
    }
    most
}

/// A small positional heuristic for the side to move, within ±63: corners held, mobility and,
/// with few empty squares left, discs.
fn heuristic(game: &Othello) -> i32 {
    const CORNERS: u64 = PREFERENCE[0];
    let corners =
        (game.player & CORNERS).count_ones() as i32 - (game.opponent & CORNERS).count_ones() as i32;
    let mobility = game.moves.count_ones() as i32
        - legal_moves(game.opponent, game.player).count_ones() as i32;
    let discs = game.player.count_ones() as i32 - game.opponent.count_ones() as i32;
    let weight = if game.empty_count() < 16 { 1 } else { 0 };
    (8 * corners + 2 * mobility + weight * discs).clamp(-63, 63)
}

/// Move ordering for the exact endgame search, after the strong solvers (Edax, Zebra):
///
/// 1. the transposition table's move (and the previous principal variation's);
/// 2. with at least [`EndgameSorter::FASTEST_FIRST_EMPTIES`] empty squares, *fastest first*
///    (fewest replies for the opponent, corners counted twice; Zebra's and Edax's ordering),
///    corners ahead, moves next to an empty corner behind;
/// 3. with fewer, *parity*: moves into a quadrant with an odd number of empty squares first
///    (the side that fills a region last gains), the game's static order among equals.
///
/// It learns nothing (no killers, no history: the order above beats them in the endgame).
#[derive(Clone, Copy, Debug, Default)]
pub struct EndgameSorter;

impl EndgameSorter {
    /// Empty squares from which fastest-first ordering is used (below, parity only).
    pub const FASTEST_FIRST_EMPTIES: u32 = 7;
}

/// The four quadrants of the board.
const QUADRANTS: [u64; 4] =
    [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];

/// The squares of the quadrants with an odd number of empty squares.
#[inline]
fn odd_quadrants(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

impl EndgameSorter {
    /// The ordering key of `square` (higher first).
    #[inline]
    fn key(game: &Othello, square: Square, fastest_first: bool, odd: u64) -> i32 {
        if !fastest_first {
            return if odd & square.bit() != 0 { 1 } else { 0 };
        }
        Self::child_key(game, square, &game.play(square), odd)
    }

    /// The fastest-first key of `square`, whose position is `child` (higher first).
    #[inline(always)]
    fn child_key(game: &Othello, square: Square, child: &Othello, odd: u64) -> i32 {
        let parity = if odd & square.bit() != 0 { 1 } else { 0 };
        if child.side == game.side {
            // The opponent has to pass: the best a move can do for fastest first.
            return 1 << 10;
        }
        let corner = if square.bit() & PREFERENCE[0] != 0 { 1 } else { 0 };
        // Mobility first, then corners, then parity.
        -weighted_replies(child) * 16 + corner * 4 + parity * 2
    }
}

/// The opponent's replies in `child` (its side to move's legal moves), corners counted twice:
/// the mobility fastest-first ordering minimises.
#[inline(always)]
fn weighted_replies(child: &Othello) -> i32 {
    (child.moves.count_ones() + (child.moves & PREFERENCE[0]).count_ones()) as i32
}

/// How many of `p`'s discs a corner makes stable at once: the corners `p` holds and `p`'s
/// discs on an edge next to one of them.
#[inline(always)]
fn corner_stability(p: u64) -> u32 {
    const CORNERS: u64 = PREFERENCE[0];
    let beside = ((p & 0x0100_0000_0000_0001) << 1)
        | ((p & 0x8000_0000_0000_0080) >> 1)
        | ((p & 0x0000_0000_0000_0081) << 8)
        | ((p & 0x8100_0000_0000_0000) >> 8);
    ((beside | CORNERS) & p).count_ones()
}

/// Potential mobility: the empty squares next to a disc of `o`, where `o`'s opponent may come
/// to move, corners counted twice.
#[inline(always)]
fn potential_mobility(o: u64, empties: u64) -> u32 {
    let mut around = 0;
    for (s, mask) in DIRECTIONS {
        around |= shift(o, s, mask);
    }
    let around = around & empties;
    around.count_ones() + (around & PREFERENCE[0]).count_ones()
}

/// The ordering key of `square`, whose position is `child`, at the nodes the [`TableSorter`]
/// orders (higher first): fastest first with Edax's tie-breaks (its `movelist_evaluate_fast`),
/// each term ahead of all the next ones: the opponent's replies (corners twice), the corner
/// stability our move gives us, the opponent's potential mobility, parity. A move that makes
/// the opponent pass goes ahead of them all.
#[inline(always)]
fn table_sorter_key(game: &Othello, square: Square, child: &Othello, odd: u64) -> i32 {
    if child.side == game.side {
        return 1 << 20;
    }
    let mobility = weighted_replies(child);
    let stable = corner_stability(child.opponent) as i32;
    let potential = potential_mobility(child.opponent, child.empties()) as i32;
    let parity = if odd & square.bit() != 0 { 1 } else { 0 };
    // Mobility is at most 34 + 4, corner stability 12, potential mobility 64: each term's
    // weight is above all the terms after it can add.
    -mobility * (1 << 15) + stable * (1 << 11) + (64 - potential) * 2 + parity
}

/// The ordering key of `square`, whose position is `child`, at the nodes a [`PatternSorter`]
/// orders by the pattern evaluation (higher first), after Edax's `movelist_evaluate`: the
/// opponent's value of `child` by a [`pattern_search`] of `depth` plies (the node's
/// [`pattern_order_depth`]), in discs, plus its replies (corners twice) times 4 at depth 0, 2 at depths 1 and 2, 1 deeper,
/// the lower the better; ties broken by the opponent's potential mobility, then parity. A move
/// that makes the opponent pass goes ahead of them all.
#[inline(always)]
fn pattern_key(game: &Othello, square: Square, child: &Othello, odd: u64, depth: u32) -> i32 {
    if child.side == game.side {
        return 1 << 20;
    }
    let mobility = weighted_replies(child);
    let weight = match depth {
        0 => 4,
        1 | 2 => 2,
        _ => 1,
    };
    // In discs: a sum of 46 weights of at most a few discs each, or a final score.
    let value = pattern_search(child, depth, -PATTERN_INFINITY, PATTERN_INFINITY) / pattern::SCALE;
    let potential = potential_mobility(child.opponent, child.empties()) as i32;
    let parity = if odd & square.bit() != 0 { 1 } else { 0 };
    // Mobility at most 38 (x4), the value a few dozen discs: the first term stays far below
    // 2^11, so the key stays below the pass's 2^20.
    let primary = -value - weight * mobility;
    primary * 256 + (64 - potential) * 2 + parity
}

/// The depth of the [`pattern_search`] by which the [`PatternSorter`] orders the children of
/// a node with `empties` empty squares (at least [`PATTERN_ORDER_EMPTIES`]): 0 (the pattern
/// evaluation of each child) below 17, then one ply more every three empty squares, and one
/// more from 27, at most 7 (Edax's schedule, `(depth - 15) / 3`, one square lower: on FFO
/// #20-#39, solved by [`solve`] from 0, it visits 140.1 M nodes where Edax's own visits
/// 148.1 M, two squares lower 142.4 M, and the evaluation alone, depth 0 everywhere,
/// 194.6 M).
pub const fn pattern_order_depth(empties: u32) -> u32 {
    let depth = empties.saturating_sub(PATTERN_ORDER_EMPTIES) / 3;
    let depth = if depth > 6 { 6 } else { depth };
    depth + (empties >= 27) as u32
}

/// A first guess at `position`'s exact score for [`solve_from`]: half the value of a 6-ply
/// [`pattern_search`], in discs, rounded down to an even number. Halved because the guess is
/// off by 8 discs or so at 20 to 26 empty squares, and a test far beyond the score in the
/// wrong direction costs more than the steps from 0. On FFO #20-#39 (nodes of
/// [`solve_from`] with the [`PatternSorter`]): 126.9 M with this guess, 141.0 M with the whole
/// value, 140.6 M with a third of it, 140.1 M from 0; half of a 4-ply search 145.3 M, of an
/// 8-ply one 133.3 M. A heuristic with a modest gain, then: [`solve`] keeps 0.
pub fn pattern_guess(position: &Othello) -> i32 {
    let value = pattern_search(position, 6, -PATTERN_INFINITY, PATTERN_INFINITY);
    (value / pattern::SCALE / 2).div_euclid(2) * 2
}

/// Beyond every value of [`pattern_search`] (final scores in 1/[`pattern::SCALE`] discs are
/// within ±4,096, the evaluation within about ±2^17).
const PATTERN_INFINITY: i32 = 1 << 24;

/// The value of `game` for its side to move by a fail-soft alpha-beta search of `depth` plies
/// on the [`pattern`] evaluation, in 1/[`pattern::SCALE`] discs (a finished game: its final
/// score, scaled), against the window `(alpha, beta)`. A move that makes the opponent pass is
/// one ply, the pass none. No table; at 2 plies or more left the moves that leave the opponent
/// the fewest replies first (the value is that of any order, found with fewer evaluations).
pub fn pattern_search(game: &Othello, depth: u32, alpha: i32, beta: i32) -> i32 {
    if game.is_over() {
        return game.final_score() * pattern::SCALE;
    }
    if depth == 0 {
        return pattern::evaluate(game.player, game.opponent);
    }
    let mut best = -PATTERN_INFINITY;
    let mut alpha = alpha;
    let mut search = |child: &Othello| {
        let value = if child.side == game.side {
            // The opponent passes: the same side moves again.
            pattern_search(child, depth - 1, alpha, beta)
        } else {
            -pattern_search(child, depth - 1, -beta, -alpha)
        };
        if value > best {
            best = value;
            if value >= beta {
                return true;
            }
            alpha = alpha.max(value);
        }
        false
    };
    let mut moves = game.moves;
    let mut squares = core::iter::from_fn(|| {
        let square = (moves != 0).then(|| Square(moves.trailing_zeros() as u8));
        moves &= moves.wrapping_sub(1);
        square
    });
    if depth == 1 {
        // The children are evaluated as they come.
        for square in squares {
            if search(&game.play(square)) {
                break;
            }
        }
        return best;
    }
    // Deeper, the fewest replies first: the value is the same in any order, found sooner.
    let mut children = [*game; MAX_MOVES];
    let mut count = 0;
    for (slot, square) in children.iter_mut().zip(&mut squares) {
        *slot = game.play(square);
        count += 1;
    }
    children[..count].sort_unstable_by_key(|child| {
        if child.side == game.side {
            -1
        } else {
            weighted_replies(child)
        }
    });
    for child in &children[..count] {
        if search(child) {
            break;
        }
    }
    best
}

impl MoveSorter<Othello> for EndgameSorter {
    fn order_first(
        &mut self,
        _game: &Othello,
        moves: &mut [Square],
        hints: &OrderingHints<Square>,
    ) -> usize {
        let wanted = hints.pv_move.map(|m| m.move_code()).or(hints.tt_move);
        if let Some(code) = wanted {
            if let Some(i) = moves.iter().position(|m| m.move_code() == code) {
                moves[..=i].rotate_right(1);
                return 1;
            }
        }
        0
    }

    fn order_rest<const N: usize>(
        &mut self,
        game: &Othello,
        moves: &mut [Square],
        _hints: &OrderingHints<Square>,
    ) {
        if moves.len() < 2 {
            return;
        }
        let fastest_first = game.empty_count() >= Self::FASTEST_FIRST_EMPTIES;
        let odd = odd_quadrants(game.empties());
        let mut keys = [0i32; N];
        for (k, &m) in keys.iter_mut().zip(moves.iter()) {
            *k = Self::key(game, m, fastest_first, odd);
        }
        // Insertion sort, stable: the game's static order among equal keys.
        for i in 1..moves.len() {
            crate::ordering::insert_by_key(&mut keys, moves, i);
        }
    }

    fn on_cutoff(
        &mut self,
        _game: &Othello,
        _mv: Square,
        _tried: &[Square],
        _hints: &OrderingHints<Square>,
    ) {
    }

    fn clear(&mut self) {}
}

/// The [`EndgameSorter`] with a look into the transposition table `T` (the solver's own):
/// at nodes with at least [`TableSorter::TABLE_ORDER_EMPTIES`] empty squares, each child is
/// looked up, and the children that failed low before (an upper bound or an exact value for
/// the opponent: moves that have been good for the side to move) go first, the lowest bound
/// first; the others follow fastest first, as in the [`EndgameSorter`], but with Edax's
/// tie-breaks among equal mobility: the corner stability the move gives, then the opponent's
/// potential mobility (empty squares next to our discs), then parity (on FFO #20-#39 they
/// take a quarter of the nodes off). Below, the [`EndgameSorter`]'s order, which
/// [`solve_shallow`] shares. A child whose bound already
/// fails high for the window at hand is searched first, and its own probe then cuts at once
/// (an enhanced transposition cutoff, at the cost of one node).
///
/// With `PATTERNS` (the [`PatternSorter`]), nodes with at least [`PATTERN_ORDER_EMPTIES`]
/// empty squares order the children that the table does not place by the opponent's replies
/// and the [`pattern`] evaluation together: the opponent's value in discs by a shallow
/// [`pattern_search`] (deeper the more empty squares: [`pattern_order_depth`]) plus a multiple
/// of its replies (corners twice), the lower the better.
#[derive(Clone, Copy, Debug)]
pub struct TableSorter<T, const PATTERNS: bool = false> {
    /// The table the engine searches with.
    pub table: T,
}

/// The [`TableSorter`] that orders the nodes with at least [`PATTERN_ORDER_EMPTIES`] empty
/// squares by the [`pattern`] evaluation too, searched a few plies deep far from the end:
/// FFO #20-#39 in 45% fewer nodes than the [`TableSorter`] alone (140.1 M against 253.4 M).
/// Its weights are 327 KiB of read-only data; the plain [`TableSorter`] links none of them.
pub type PatternSorter<T> = TableSorter<T, true>;

/// Empty squares from which the [`PatternSorter`] orders moves by the pattern evaluation
/// (below, a misordered move costs less than the evaluation of every child).
pub const PATTERN_ORDER_EMPTIES: u32 = 14;

impl<T, const PATTERNS: bool> TableSorter<T, PATTERNS> {
    /// Empty squares from which the children are looked up in the table.
    pub const TABLE_ORDER_EMPTIES: u32 = 10;
}

impl<T: Table<i32>, const PATTERNS: bool> MoveSorter<Othello> for TableSorter<T, PATTERNS> {
    fn order_first(
        &mut self,
        game: &Othello,
        moves: &mut [Square],
        hints: &OrderingHints<Square>,
    ) -> usize {
        EndgameSorter.order_first(game, moves, hints)
    }

    fn order_rest<const N: usize>(
        &mut self,
        game: &Othello,
        moves: &mut [Square],
        hints: &OrderingHints<Square>,
    ) {
        if game.empty_count() < Self::TABLE_ORDER_EMPTIES || moves.len() < 2 {
            return EndgameSorter.order_rest::<N>(game, moves, hints);
        }
        let odd = odd_quadrants(game.empties());
        let mut keys = [0i32; N];
        // The children's table keys (`None`: a pass, not looked up), each prefetched as soon
        // as it is known: their cache misses overlap instead of following one another.
        let mut hashes = [None; N];
        let by_pattern = PATTERNS && game.empty_count() >= PATTERN_ORDER_EMPTIES;
        let depth = pattern_order_depth(game.empty_count());
        for ((k, h), &m) in keys.iter_mut().zip(hashes.iter_mut()).zip(moves.iter()) {
            let child = game.play(m);
            *k = if by_pattern {
                pattern_key(game, m, &child, odd, depth)
            } else {
                table_sorter_key(game, m, &child, odd)
            };
            if child.side != game.side {
                let hash = child.zobrist_key();
                self.table.prefetch(hash);
                *h = Some(hash);
            }
        }
        for (k, h) in keys.iter_mut().zip(hashes) {
            if let Some(entry) = h.and_then(|h| self.table.probe(h)) {
                if entry.bound != crate::tt::Bound::Lower {
                    // Ahead of every key of `table_sorter_key` (at most 1 << 20), the lowest
                    // bound for the opponent first.
                    *k = (1 << 24) - entry.score * 4;
                }
            }
        }
        for i in 1..moves.len() {
            crate::ordering::insert_by_key(&mut keys, moves, i);
        }
    }

    fn on_cutoff(
        &mut self,
        _game: &Othello,
        _mv: Square,
        _tried: &[Square],
        _hints: &OrderingHints<Square>,
    ) {
    }

    fn clear(&mut self) {}
}

/// The configuration of the solver engine: value-preserving (no late move reductions, no
/// quiescence, no null moves), principal variation search, the table's cutoffs, no iterative
/// deepening (a solve is one fixed-depth search per window), the table away from the last
/// plies; on more than one thread under ABDADA, moves put off only at nodes with 12 empty
/// squares or more ([`Config::defer_min_depth`](crate::Config::defer_min_depth) gives the
/// measurements).
pub const SOLVER_CONFIG: crate::Config = crate::Config {
    iterative_deepening: false,
    tt_min_depth: TT_MIN_EMPTIES,
    defer_min_depth: 12,
    ..crate::Config::value_preserving()
};

/// The solver's table is probed and stored only at nodes with at least this many empty
/// squares ([`Config::tt_min_depth`](crate::Config::tt_min_depth)): below, a probe costs
/// more than the subtree it may save.
pub const TT_MIN_EMPTIES: u32 = 8;

/// The engine of [`solve`], with transposition table `T` and the [`TableSorter`] over it
/// (`PATTERNS`: the [`PatternSorter`], as [`PatternSolverEngine`]).
pub type SolverEngine<T, const PATTERNS: bool = false> =
    crate::Engine<Othello, OthelloEval, MAX_MOVES, MAX_PLY, T, TableSorter<T, PATTERNS>>;

/// A solver engine over `table` (a reference to a
/// [`TranspositionTable`](crate::tt::TranspositionTable) or a
/// [`HeapTable`](crate::tt::HeapTable), say), configured with [`SOLVER_CONFIG`], its sorter
/// looking into the same table.
pub fn solver_engine<T: Table<i32>>(table: T) -> SolverEngine<T> {
    crate::Engine::with_parts(OthelloEval, SOLVER_CONFIG, table, TableSorter { table })
}

/// The engine of [`solve`] with the [`PatternSorter`]: the [`SolverEngine`] with the pattern
/// evaluation's ordering far from the end (fewer nodes; 327 KiB more read-only data).
pub type PatternSolverEngine<T> = SolverEngine<T, true>;

/// A [`PatternSolverEngine`] over `table`, as [`solver_engine`] otherwise.
pub fn pattern_solver_engine<T: Table<i32>>(table: T) -> PatternSolverEngine<T> {
    crate::Engine::with_parts(OthelloEval, SOLVER_CONFIG, table, PatternSorter { table })
}

/// The result of [`solve`] or [`solve_wld`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact final disc difference for the side to move of the position given (for
    /// [`solve_wld`]: `1` a win, `0` a draw, `-1` a loss).
    pub score: i32,
    /// A move of the side to move that achieves the score; `None` when the game is over or
    /// when the side to move of the position given has to pass.
    pub best_move: Option<Square>,
    /// Nodes visited by all the searches.
    pub nodes: u64,
    /// Searches run (null-window tests).
    pub searches: u64,
}

/// Solves `position` exactly: the final disc difference with perfect play from both sides
/// for `position`'s side to move ([`Othello::side`]), and a best move.
///
/// A sequence of null-window searches of `engine`
/// ([`Engine::search_window`](crate::Engine::search_window)) at the depth of the empty squares,
/// each asking whether the score exceeds an even value `g` (the window `(g, g + 1)`: scores
/// are even) and narrowing the interval the score lies in to its fail-soft bound. The first
/// asks about 0; while the answers go one way the steps grow (0, 2, 6, then 8 at a time
/// beyond the bound), and once the score is bracketed the interval is halved (bisection). A
/// position takes at most 12 searches, where MTD(f)'s unit steps may take 32 on a lopsided
/// one; the cap on the step keeps the tests from overshooting far beyond a lopsided score
/// (each test near the score is the expensive kind, and a bracket that is too wide takes
/// several of them to halve). The searches share the table: use an engine with one, cleared
/// between unrelated positions if you like.
///
///
/// `engine` is anything that searches a window ([`WindowSearch`]): a [`SolverEngine`] on the
/// calling thread, or (`std`) a [`ParallelEngine`](crate::parallel::ParallelEngine) built
/// from one, which runs every search on its threads.
///
/// # Errors
/// Only those of [`Engine::search_window`](crate::Engine::search_window), which the
/// [`SolverEngine`] never returns, on one thread or several.
pub fn solve<S: WindowSearch<Othello, Score = i32>>(
    engine: &mut S,
    position: Othello,
) -> Result<Solution, crate::SearchError> {
    solve_from(engine, position, 0)
}

/// [`solve`] with the first test at `guess` (the even value at or below it, within -64..=62)
/// instead of 0: a guess near the score saves the tests that would walk to it, as MTD(f)'s
/// first guess does (Plaat et al. 1996). [`pattern_guess`] makes one; on FFO #20-#39 and
/// #40-#49 it saves 9% and 7% of the nodes against 0.
///
/// # Errors
/// As [`solve`].
pub fn solve_from<S: WindowSearch<Othello, Score = i32>>(
    engine: &mut S,
    position: Othello,
    guess: i32,
) -> Result<Solution, crate::SearchError> {
    let mut game = position;
    let depth = game.empty_count();
    if game.is_over() {
        let result = engine.search_window(&mut game, depth, -65, 65)?;
        return Ok(Solution {
            score: result.score,
            best_move: None,
            nodes: result.nodes,
            searches: 1,
        });
    }
    // The largest step of the exponential phase. Nodes of the solve with caps of 4, 6, 8,
    // 12 and none (each position from an empty table): 8 saves 39% on #48's +28 (1.40 G
    // against 2.28 G), 6% on #49's +16 and 11% on #40, #43 and #44 together, and costs 2%
    // on #20-#39 (345.6 M against 338.1 M), where few scores are far from 0.
    const MAX_STEP: i32 = 8;
    // The score is even and lies in lo..=hi; `raised` and `lowered` once a search has bounded
    // it from that side.
    let (mut lo, mut hi) = (-64, 64);
    let (mut raised, mut lowered) = (false, false);
    let mut step = 0;
    let mut guess = guess.clamp(-64, 62).div_euclid(2) * 2;
    let mut solution = Solution { score: 0, best_move: None, nodes: 0, searches: 0 };
    let mut any_move = None;
    while lo < hi {
        let g = guess.clamp(lo, hi - 2);
        let result = engine.search_window(&mut game, depth, g, g + 1)?;
        solution.nodes += result.nodes;
        solution.searches += 1;
        any_move = any_move.or(result.best_move);
        let up = result.score > g;
        if up {
            // At least the fail-soft bound (even, above g); its move achieves it.
            lo = result.score.max(g + 2);
            solution.best_move = result.best_move;
        } else {
            hi = result.score.min(g);
        }
        if (up && lowered) || (!up && raised) {
            raised = true;
            lowered = true;
            // Bisection: the even value at or below the middle.
            guess = (lo + hi).div_euclid(4) * 2;
        } else {
            step = (2 * step + 2).min(MAX_STEP);
            if up {
                raised = true;
                guess = lo + step - 2;
            } else {
                lowered = true;
                guess = hi - step;
            }
        }
    }
    solution.score = lo;
    if solution.best_move.is_none() {
        // Never raised: the score is the lowest possible, -64, and every move achieves it.
        solution.best_move = any_move;
    }
    Ok(solution)
}

/// Solves `position` for win, loss or draw only: one search with the window `(-1, 1)`, which
/// proves less than the exact score and visits fewer nodes. `score` is `1`, `0` or `-1`, and
/// `best_move` a move that achieves it.
///
/// # Errors
/// As [`solve`].
pub fn solve_wld<S: WindowSearch<Othello, Score = i32>>(
    engine: &mut S,
    position: Othello,
) -> Result<Solution, crate::SearchError> {
    let mut game = position;
    let depth = game.empty_count();
    let result = engine.search_window(&mut game, depth, -1, 1)?;
    Ok(Solution {
        score: result.score.signum(),
        best_move: if game.is_over() { None } else { result.best_move },
        nodes: result.nodes,
        searches: 1,
    })
}

/// A line of an FFO/OBF file: a position and the exact score of its moves.
///
/// The format (Edax's `problem/*.obf`): `<64-character board> <side X|O>;` then
/// `<move>:<score>;` items, the best first, each move's exact final disc difference for the
/// side to move. Items are optional (a bare position is read with none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfEntry {
    /// The position (with the side to move of the file: if it must pass, the position's
    /// [`Othello::side`] is the other one; see [`ObfEntry::side`]).
    pub position: Othello,
    /// The side to move written in the file.
    pub side: Color,
    /// The moves listed and their scores, in the file's order.
    pub moves: heapless::Vec<(Square, i32), MAX_MOVES>,
}

impl ObfEntry {
    /// Reads one line. Text after `%` or `#` is a comment.
    ///
    /// # Errors
    /// [`ParseError`] naming what is wrong.
    pub fn parse(line: &str) -> Result<ObfEntry, ParseError> {
        let line = line.split(['%', '#']).next().unwrap_or("").trim();
        let mut items = line.split(';');
        let head = items.next().unwrap_or("").trim();
        let (board, side) = match head.rsplit_once(char::is_whitespace) {
            Some((board, side)) => (board.trim(), side.trim()),
            None => (head, ""),
        };
        let side = match side {
            "X" | "x" | "*" => Color::Black,
            "O" | "o" => Color::White,
            _ => {
                if board.len() != 64 {
                    return Err(ParseError::Board { at: board.len().min(64) });
                }
                return Err(ParseError::Side);
            }
        };
        let position = Othello::from_board(board, side)?;
        let (black, white) = (position.discs(Color::Black), position.discs(Color::White));
        let mut count = (0u64, 0u64);
        for (i, c) in board.bytes().enumerate() {
            match c {
                b'X' | b'x' | b'*' => count.0 |= 1 << i,
                b'O' | b'o' => count.1 |= 1 << i,
                _ => {}
            }
        }
        if count.0 & count.1 != 0 || count != (black, white) {
            return Err(ParseError::Overlap);
        }
        let mut moves = heapless::Vec::new();
        // The moves are those of the file's side to move; if it must pass it has none.
        let legal = if position.side == side { position.moves } else { 0 };
        for (index, item) in items.map(str::trim).filter(|i| !i.is_empty()).enumerate() {
            let bad = ParseError::Move { index };
            let (square, score) = item.split_once(':').ok_or(bad)?;
            let square = Square::parse(square.trim()).ok_or(bad)?;
            let score: i32 = score.trim().parse().map_err(|_| bad)?;
            if legal & square.bit() == 0 || !(-64..=64).contains(&score) {
                return Err(bad);
            }
            moves.push((square, score)).map_err(|_| ParseError::TooManyMoves)?;
        }
        Ok(ObfEntry { position, side, moves })
    }

    /// The position's exact score for the file's side to move: the first item's score.
    pub fn score(&self) -> Option<i32> {
        self.moves.first().map(|&(_, s)| s)
    }

    /// Whether `score` is the position's score and `mv` one of the moves listed with it.
    pub fn is_best(&self, mv: Square, score: i32) -> bool {
        self.score() == Some(score) && self.moves.iter().any(|&(m, s)| m == mv && s == score)
    }
}

/// Counts the leaves of the game tree `depth` plies below `position` (perft), a pass counting
/// as a ply as in the published counts; a finished game before `depth` counts as one leaf.
pub fn perft(position: &Othello, depth: u32) -> u64 {
    fn walk(player: u64, opponent: u64, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                return 1;
            }
            return walk(opponent, player, depth - 1);
        }
        if depth == 1 {
            return u64::from(moves.count_ones());
        }
        let mut total = 0;
        while moves != 0 {
            let square = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let flipped = flips(player, opponent, square);
            total += walk(opponent & !flipped, player | flipped | (1 << square), depth - 1);
        }
        total
    }
    walk(position.player, position.opponent, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_has_the_four_diagonal_moves() {
        let start = Othello::new();
        let names: [&str; 4] = ["D3", "C4", "F5", "E6"];
        let mut expected = 0;
        for n in names {
            expected |= Square::parse(n).unwrap().bit();
        }
        assert_eq!(start.moves(), expected);
        assert_eq!(start.side(), Color::Black);
    }

    #[test]
    fn last_flip_counts_equal_the_flips_on_random_full_boards() {
        let mut x: u64 = 0x0123_4567_89AB_CDEF;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for square in 0..64u32 {
                let bit = 1u64 << square;
                let (p, o) = (x & !bit, !x & !bit);
                assert_eq!(last_flip_count(p, square), flips(p, o, square as u8).count_ones());
                assert_eq!(last_flip_count(o, square), flips(o, p, square as u8).count_ones());
            }
        }
    }

    #[test]
    fn a_square_reads_and_prints_its_name() {
        for i in 0..64 {
            let text = Square(i).to_string();
            assert_eq!(Square::parse(&text), Some(Square(i)));
        }
        assert_eq!(Square::parse("I1"), None);
        assert_eq!(Square::parse("A9"), None);
        assert_eq!(Square::parse("A"), None);
    }

    fn squares(names: &str) -> u64 {
        names.split(' ').map(|n| Square::parse(n).unwrap().bit()).fold(0, |a, b| a | b)
    }

    #[test]
    fn corner_stability_counts_the_corners_and_the_edge_squares_beside_them() {
        // A1 with B1 and A2 beside it; C1 is two squares away, B2 off the edge, G1 beside an
        // empty corner.
        assert_eq!(corner_stability(squares("A1 B1 A2 C1 B2 G1")), 3);
        // Every corner and both its neighbours on the edges.
        assert_eq!(corner_stability(squares("A1 B1 A2 H1 G1 H2 A8 B8 A7 H8 G8 H7")), 12);
        assert_eq!(corner_stability(squares("B1 G1 A2 H2 A7 H7 B8 G8 D4")), 0);
    }

    #[test]
    fn potential_mobility_counts_the_empty_squares_around_corners_twice() {
        let empties = |taken: u64| !taken;
        // The eight squares around D4.
        assert_eq!(potential_mobility(squares("D4"), empties(squares("D4"))), 8);
        // Around B2: A1 (a corner, twice), B1, C1, A2, C2, A3, B3, C3.
        assert_eq!(potential_mobility(squares("B2"), empties(squares("B2"))), 9);
        // Around A1: B1, A2, B2; B1 taken by the other side leaves two.
        assert_eq!(potential_mobility(squares("A1"), empties(squares("A1 B1"))), 2);
        // H8's neighbours, with no wrap to the A-file or the first rank.
        assert_eq!(potential_mobility(squares("H8"), empties(squares("H8"))), 3);
    }
}
