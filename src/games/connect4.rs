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
use crate::ordering::{DefaultSorter, OrderingConfig};
use crate::score::{Mate, Score};

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

    /// Drops a stone of the side to move into `col`, which must be a column (0–6) with room
    /// ([`Connect4::can_play`]): this is the search's move, unchecked in release builds (a
    /// debug build asserts it), so a full or missing column gives a meaningless position.
    /// [`Connect4::from_moves`] checks every move it plays.
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

    /// The cells where a stone can be dropped now, one per column that has room.
    pub const fn playable_cells(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// `true` when the side to move can win with its next stone.
    pub const fn can_win_next(&self) -> bool {
        winning_cells(self.current, self.mask) & self.playable_cells() != 0
    }

    /// The columns (as a mask of their playable cells) the side to move can play without
    /// letting the opponent win at once: a forced block if the opponent threatens one cell,
    /// nothing if it threatens two, and never the cell right below an opponent's winning
    /// cell. 0 means every move loses.
    pub const fn non_losing_cells(&self) -> u64 {
        self.non_losing_given(winning_cells(self.current ^ self.mask, self.mask))
    }

    /// [`Connect4::non_losing_cells`] given the opponent's winning cells, `threats`.
    #[inline]
    const fn non_losing_given(&self, threats: u64) -> u64 {
        let mut playable = self.playable_cells();
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats: one of them wins
            }
            playable = forced;
        }
        playable & !(threats >> 1)
    }

    /// How many winning cells the side to move would have after dropping a stone into
    /// `col`: Pons' move-ordering score (more threats first).
    pub const fn threats_after(&self, col: u8) -> u32 {
        let stone = self.playable_cells() & column_mask(col as u32);
        sparse_ones(winning_cells(self.current | stone, self.mask))
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

/// The number of set bits of a mask that has few (the cells that would win, say): one step per
/// set bit on targets without a population-count instruction (baseline x86-64, Cortex-M,
/// RISC-V `imc`), where `count_ones` is a dozen and more instructions whatever the mask.
#[inline]
const fn sparse_ones(mut mask: u64) -> u32 {
    if cfg!(any(target_feature = "popcnt", target_arch = "aarch64", target_arch = "wasm32")) {
        return mask.count_ones();
    }
    let mut ones = 0;
    while mask != 0 {
        mask &= mask - 1;
        ones += 1;
    }
    ones
}

/// The rank of each column in [`CENTRE_FIRST`], counted from the end: 6 for the centre, 0 for
/// the last (column 7).
const CENTRE_RANK: [u8; WIDTH as usize] = {
    let mut rank = [0; WIDTH as usize];
    let mut i = 0;
    while i < WIDTH as usize {
        rank[CENTRE_FIRST[i] as usize] = (WIDTH as usize - 1 - i) as u8;
        i += 1;
    }
    rank
};

/// The column (0–6) of a cell given as a one-bit mask.
#[inline]
const fn column_of(cell: u64) -> u8 {
    (cell.trailing_zeros() / (HEIGHT + 1)) as u8
}

const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * (HEIGHT + 1))
}

/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= bottom_mask(col);
        col += 1;
    }
    mask
};

/// Every playable cell (no guard bits).
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The empty cells that would complete four in a row for the owner of `stones`, given every
/// stone in `mask` (after Pons' `compute_winning_position`).
const fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Pons' terms, with the pairs of stones shared: `pair` has bit `i` when `i` and `i - s`
    // both hold a stone, so `pair << s` marks two stones just below a cell in the direction
    // `s` and `pair >> 2s` two just above. (Stones lie below bit 48, so no shift of a bit
    // that matters goes past bit 63.)
    // Vertical: three stones right below.
    let pair = stones & (stones << 1);
    let mut cells = (pair << 1) & (stones << 3);
    // Horizontal and both diagonals: the gap may be any of the four cells.
    let shifts = [HEIGHT + 1, HEIGHT, HEIGHT + 2];
    let mut i = 0;
    while i < shifts.len() {
        let s = shifts[i];
        let pair = stones & (stones << s);
        // Two below, and a third below them or one above the cell.
        cells |= (pair << s) & ((stones << (3 * s)) | (stones >> s));
        // Two above, and a third above them or one below the cell.
        cells |= (pair >> (2 * s)) & ((stones << s) | (stones >> (3 * s)));
        i += 1;
    }
    cells & (BOARD ^ mask)
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

/// The 69 four-cell windows of the board (horizontal, vertical and both diagonals), as masks.
const WINDOWS: [u64; 69] = {
    let mut windows = [0u64; 69];
    let mut count = 0;
    // (column step, row step) of each direction.
    let directions: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = directions[d];
        let mut col = 0;
        while col < WIDTH as i32 {
            let mut row = 0;
            while row < HEIGHT as i32 {
                let (end_col, end_row) = (col + 3 * dc, row + 3 * dr);
                if end_col >= 0 && end_col < WIDTH as i32 && end_row >= 0 && end_row < HEIGHT as i32
                {
                    let mut mask = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        mask |= 1 << ((col + k * dc) * (HEIGHT as i32 + 1) + row + k * dr);
                        k += 1;
                    }
                    windows[count] = mask;
                    count += 1;
                }
                row += 1;
            }
            col += 1;
        }
        d += 1;
    }
    assert!(count == 69);
    windows
};

/// A heuristic evaluator for depth-limited search: a won game scores `WIN - ply` as in
/// [`Connect4Eval`]; otherwise every four-cell window that only one player occupies counts
/// for that player by the stones in it (1, 4 or 16 for one, two or three), and the score is
/// the side's total minus the opponent's (at most ±1,104, far from the win range).
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4Heuristic;

impl Connect4Heuristic {
    /// The window score of `mine` against `theirs`.
    fn windows(mine: u64, theirs: u64) -> i32 {
        const WEIGHT: [i32; 5] = [0, 1, 4, 16, 0];
        let mut score = 0;
        for window in WINDOWS {
            let (m, t) = (mine & window, theirs & window);
            if t == 0 {
                score += WEIGHT[m.count_ones() as usize];
            } else if m == 0 {
                score -= WEIGHT[t.count_ones() as usize];
            }
        }
        score
    }
}

impl Evaluator<Connect4> for Connect4Heuristic {
    type Score = i32;

    fn evaluate(&self, position: &Connect4, player: u8, ctx: EvalContext) -> i32 {
        if position.is_won() {
            return Connect4Eval.evaluate(position, player, ctx);
        }
        let mover = position.current;
        let other = position.current ^ position.mask;
        let for_mover = Self::windows(mover, other);
        if player == position.player_to_move() {
            for_mover
        } else {
            -for_mover
        }
    }
}

/// Connect Four with passes, for measuring null-move pruning where it is unsound: Connect Four
/// is a game of zugzwang (the odd and even threats decide the endgame), so a pass can be
/// better than every move, and [`Connect4`] itself does not opt in to null moves. This one
/// does ([`Game::NULL_MOVE`]), everywhere, so that `benches/refinements.rs` can count the
/// moves null-move pruning gets wrong here. The rules are otherwise those of [`Connect4`];
/// [`Connect4Heuristic`] and [`Connect4Eval`] score it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WithPasses {
    /// The position; after a pass its ply count (`moves`) runs one ahead of its stones, so
    /// that the side to move (its parity) is right.
    position: Connect4,
}

impl WithPasses {
    /// `position`, before any pass.
    pub const fn new(position: Connect4) -> Self {
        Self { position }
    }

    /// The position (after passes its `moves_played` counts plies, passes included).
    pub const fn position(&self) -> &Connect4 {
        &self.position
    }
}

impl Game for WithPasses {
    type Move = u8;
    type Player = u8;
    type Undo = WithPasses;

    fn side_to_move(&self) -> u8 {
        self.position.player_to_move()
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        self.position.generate_moves(moves);
    }

    fn make_move(&mut self, col: u8) -> WithPasses {
        let before = *self;
        self.position.play(col);
        before
    }

    fn unmake_move(&mut self, _col: u8, before: WithPasses) {
        *self = before;
    }

    fn is_terminal(&self) -> bool {
        self.position.is_won() || self.position.mask == BOARD
    }

    fn zobrist_key(&self) -> u64 {
        // `current + mask` tells the stones and whose they are, but not always the side to
        // move (the empty board); the ply parity does.
        self.position.zobrist_key() ^ u64::from(self.position.moves & 1) << 63
    }

    const NULL_MOVE: bool = true;

    fn make_null_move(&mut self) -> Option<WithPasses> {
        let before = *self;
        self.position.current ^= self.position.mask;
        self.position.moves += 1;
        Some(before)
    }

    fn unmake_null_move(&mut self, before: WithPasses) {
        *self = before;
    }
}

impl Evaluator<WithPasses> for Connect4Heuristic {
    type Score = i32;

    fn evaluate(&self, game: &WithPasses, player: u8, ctx: EvalContext) -> i32 {
        Evaluator::<Connect4>::evaluate(self, &game.position, player, ctx)
    }
}

impl Evaluator<WithPasses> for Connect4Eval {
    type Score = i32;

    fn evaluate(&self, game: &WithPasses, player: u8, ctx: EvalContext) -> i32 {
        Evaluator::<Connect4>::evaluate(self, &game.position, player, ctx)
    }
}

/// Connect Four set up for exact solving, with the tricks of a specialised solver (after
/// Pascal Pons' tutorial), all expressed through the [`Game`] trait:
///
/// * a position where the side to move can win at once is terminal (won next ply), and so
///   is one where every move lets the opponent win at once (lost in two plies), and one with
///   two empty cells left and neither (drawn);
/// * only moves that do not let the opponent win at once are generated, ordered by the number
///   of winning cells they create, then centre first;
/// * [`Game::min_plies_to_win`] is 3 and [`Game::min_plies_to_loss`] 4 (no win next ply, no
///   loss the ply after), so mate distance pruning bounds the score as Pons' solver does.
///
/// Scores are those of [`Connect4Eval`] (`WIN - ply` for a win); [`solve`] runs Pons'
/// null-window driver over them and returns his score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4Solver {
    position: Connect4,
    /// What the search asks of every node, computed once when the node is reached.
    won: bool,
    can_win_next: bool,
    non_losing: u64,
}

impl Connect4Solver {
    /// The solver's view of `position`.
    pub const fn new(position: Connect4) -> Self {
        let won = position.is_won();
        Self {
            position,
            won,
            can_win_next: !won && position.can_win_next(),
            non_losing: if won { 0 } else { position.non_losing_cells() },
        }
    }

    /// The position.
    pub const fn position(&self) -> &Connect4 {
        &self.position
    }

    /// The move that drops a stone on `cell` (a playable cell, one bit).
    #[inline]
    const fn solver_move(&self, cell: u64) -> SolverMove {
        let position = &self.position;
        SolverMove::new(column_of(cell), winning_cells(position.current | cell, position.mask))
    }
}

/// A move of [`Connect4Solver`]: a column, and what the move generator found out about it on
/// the way, the empty cells where the mover would win after it (the threats it is ordered
/// by), which the child takes over as its opponent's instead of finding them again. Its
/// [`MoveCode`](crate::MoveCode) is the column.
///
/// Two moves are equal when their columns are, as two `u8` columns were: the search matches
/// a killer or a principal-variation move against the moves generated here and plays the
/// generated one, whose cells are this position's.
///
/// One 64-bit word: the cells (bits 0–47, the board's) and the column above them (bits
/// 56–58), so that a list of moves is as small as a list of cells.
#[derive(Clone, Copy, Debug)]
pub struct SolverMove {
    bits: u64,
}

/// Where [`SolverMove`] keeps its column.
const MOVE_COLUMN_SHIFT: u32 = 56;

impl PartialEq for SolverMove {
    fn eq(&self, other: &Self) -> bool {
        self.column() == other.column()
    }
}

impl Eq for SolverMove {}

impl core::hash::Hash for SolverMove {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.column().hash(state);
    }
}

impl SolverMove {
    /// The move into `column` after which the mover wins at `threats` (cells of the board).
    #[inline]
    const fn new(column: u8, threats: u64) -> Self {
        Self { bits: threats | (column as u64) << MOVE_COLUMN_SHIFT }
    }

    /// The column, 0 (left) to 6.
    #[inline]
    pub const fn column(self) -> u8 {
        (self.bits >> MOVE_COLUMN_SHIFT) as u8
    }

    /// The empty cells where the mover wins after this move.
    #[inline]
    const fn threats(self) -> u64 {
        self.bits & BOARD
    }
}

impl From<SolverMove> for u8 {
    /// The column.
    fn from(mv: SolverMove) -> u8 {
        mv.column()
    }
}

impl crate::tt::MoveCode for SolverMove {
    #[inline]
    fn move_code(self) -> u16 {
        u16::from(self.column())
    }
}

impl Game for Connect4Solver {
    type Move = SolverMove;
    type Player = u8;
    /// Copy-make: the previous state (32 bytes).
    type Undo = Connect4Solver;

    fn side_to_move(&self) -> u8 {
        self.position.player_to_move()
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<SolverMove, N>) {
        let cells = self.non_losing;
        let position = &self.position;
        if cells & (cells.wrapping_sub(1)) == 0 {
            // One move (or none): nothing to order, only the move's threats to find.
            if cells != 0 {
                let _ = moves.push(self.solver_move(cells));
            }
            return;
        }
        // Pons' move sorter without his list: each move's key is its threat count above its
        // rank in the centre-first order (6 for the centre, 0 for the last), kept sorted
        // (greatest first) by insertion as the moves are scored. Keys are distinct, so the
        // order is the same whatever order the cells are visited in: more threats first, the
        // centre-first order among equals. The threats themselves are kept with the move for
        // the child (its opponent's winning cells).
        let mut keys = [0u32; WIDTH as usize];
        let mut threat_sets = [0u64; WIDTH as usize];
        let mut count = 0;
        let mut rest = cells;
        while rest != 0 {
            let stone = rest & rest.wrapping_neg();
            rest ^= stone;
            let column = column_of(stone);
            let threats = winning_cells(position.current | stone, position.mask);
            threat_sets[usize::from(column)] = threats;
            let key = sparse_ones(threats) << 3 | u32::from(CENTRE_RANK[usize::from(column)]);
            let mut j = count;
            while j > 0 && keys[j - 1] < key {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = key;
            count += 1;
        }
        for &key in &keys[..count] {
            let column = CENTRE_FIRST[(WIDTH - 1 - (key & 7)) as usize];
            let threats = threat_sets[usize::from(column)];
            if moves.push(SolverMove::new(column, threats)).is_err() {
                return;
            }
        }
    }

    #[inline]
    fn move_by_code(&self, code: u16) -> Option<SolverMove> {
        // The moves are the columns of the non-losing cells, each its own code.
        if code >= WIDTH as u16 {
            return None;
        }
        let cell = self.non_losing & column_mask(u32::from(code));
        (cell != 0).then(|| self.solver_move(cell))
    }

    #[inline]
    fn make_move(&mut self, mv: SolverMove) -> Connect4Solver {
        let before = *self;
        self.position.play(mv.column());
        // A generated move never lets the opponent win at once, and is never played where
        // the mover could have won at once (that position is terminal), so the new position
        // is neither won nor winnable in one: only the non-losing moves need computing, from
        // the mover's winning cells the move carries (the cell it filled taken out).
        self.won = false;
        self.can_win_next = false;
        let stone = self.position.mask ^ before.position.mask;
        self.non_losing = self.position.non_losing_given(mv.threats() & !stone);
        before
    }

    fn unmake_move(&mut self, _mv: SolverMove, before: Connect4Solver) {
        *self = before;
    }

    #[inline(always)]
    fn copy_make(&self, mv: SolverMove) -> Option<Connect4Solver> {
        let mut child = *self;
        child.make_move(mv);
        Some(child)
    }

    fn is_terminal(&self) -> bool {
        // With two cells left, no immediate win and a non-losing move, the game is drawn.
        self.won || self.can_win_next || self.non_losing == 0 || self.position.moves >= CELLS - 2
    }

    fn zobrist_key(&self) -> u64 {
        self.position.zobrist_key()
    }

    fn min_plies_to_win(&self) -> u32 {
        // No stone wins at once here (that position is terminal): the next chance is the
        // side's stone after next.
        3
    }

    fn min_plies_to_loss(&self) -> u32 {
        // Only non-losing moves are generated: the opponent cannot win with its next stone.
        4
    }
}

/// The exact evaluator of [`Connect4Solver`]: `WIN - ply` for a win, `-(WIN - ply)` for a
/// loss (a decided position counts the plies to its end), 0 for a draw or an open position.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverEval;

impl Evaluator<Connect4Solver> for SolverEval {
    type Score = i32;

    fn evaluate(&self, solver: &Connect4Solver, player: u8, ctx: EvalContext) -> i32 {
        let for_mover = if solver.won {
            i32::loss_in(ctx.ply)
        } else if solver.can_win_next {
            i32::win_in(ctx.ply + 1)
        } else if solver.non_losing == 0 {
            i32::loss_in(ctx.ply + 2)
        } else {
            0 // a draw (a full board, or two cells left), or an open position
        };
        if player == solver.position.player_to_move() {
            for_mover
        } else {
            -for_mover
        }
    }
}

/// The configuration of the solver engine: value-preserving search (no LMR, no quiescence),
/// and of the default move ordering only the table move. Killers and history make it worse
/// here, since the game's own threat order is better: on Test_L1_R1 they raise the mean from
/// 3,272 to 22,476 nodes per position.
pub const SOLVER_CONFIG: crate::Config = crate::Config::value_preserving();

/// The move ordering of the solver engine (see [`SOLVER_CONFIG`]).
pub const SOLVER_ORDERING: OrderingConfig =
    OrderingConfig { tt_move: true, ..OrderingConfig::NONE };

/// What the solver's positions need of a [`CompactTable`](crate::tt::CompactTable): keys below
/// 2^49 (`current + mask`: 7 columns of 7 bits), scores `0` or a win at an odd distance or a
/// loss at an even one within 42 plies (44 codes, 6 bits), no draft (the solver's entries are
/// all proven) and no move: 8 bits of fields. With 5-byte entries it fits any table of more
/// than 2^17 entries (a quotient of at most 32 bits), as Pons' layout (a 32-bit partial key
/// and an 8-bit value) does.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverLayout;

impl crate::tt::CompactLayout for SolverLayout {
    type Score = i32;
    type Code = crate::tt::AlternatingMates<{ CELLS }>;
    const KEY_BITS: u32 = WIDTH * (HEIGHT + 1);
    const MOVE_BITS: u32 = 0;
    const DRAFT_BITS: u32 = 0;
}

/// [`SolverLayout`] with the best move's column kept (3 bits: the table's move is searched
/// first), 11 bits of fields: 6-byte entries for tables of more than 2^12 entries (a quotient
/// of at most 37 bits), or 5-byte entries for more than 2^20 (at most 29 bits).
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverLayoutWithMove;

impl crate::tt::CompactLayout for SolverLayoutWithMove {
    type Score = i32;
    type Code = crate::tt::AlternatingMates<{ CELLS }>;
    const KEY_BITS: u32 = WIDTH * (HEIGHT + 1);
    const MOVE_BITS: u32 = 3;
    const DRAFT_BITS: u32 = 0;
}

/// The engine [`solve`] drives, with transposition table `T`.
pub type SolverEngine<T> =
    crate::Engine<Connect4Solver, SolverEval, 7, 42, T, DefaultSorter<SolverMove, 42>>;

/// A solver engine over `table`, configured with [`SOLVER_CONFIG`] and [`SOLVER_ORDERING`].
pub fn solver_engine<T: crate::tt::Table<i32>>(table: T) -> SolverEngine<T> {
    crate::Engine::with_parts(
        SolverEval,
        SOLVER_CONFIG,
        table,
        DefaultSorter::with_config(SOLVER_ORDERING),
    )
}

/// The result of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The score in Pons' definition (see [`pons_score`]).
    pub score: i32,
    /// A column (0–6) that achieves the score, `None` when the game is over (a full board or
    /// a four on it).
    pub best_move: Option<u8>,
    /// Nodes visited by all the null-window searches.
    pub nodes: u64,
    /// Null-window searches run.
    pub searches: u32,
}

/// The smallest engine score whose Pons score is at least `s`, at a root with `n` stones.
fn engine_threshold(s: i32, n: u32) -> i32 {
    let n = n as i32;
    match s {
        // A win with the winning stone at ply p scores (44 - n - p) / 2 >= s.
        1.. => i32::win_in((44 - n - 2 * s).max(0) as u32),
        0 => 0,
        // A loss at ply p scores -(44 - n - p) / 2 >= s.
        _ => i32::loss_in((43 - n + 2 * s).max(0) as u32),
    }
}

/// Solves `position` exactly with Pons' null-window driver: a binary search over the score
/// range where each step asks "is the score above `med`?" with one test of the exact solver
/// ([`Engine::solve_window`](crate::Engine::solve_window): no depth, no iterative deepening),
/// probing Pons' scores in his order. Use an engine with a transposition table: the repeated
/// tests share it. ([`Engine::solve`](crate::Engine::solve) runs the same driver over the
/// engine's scores, for any game.)
///
/// `MAX_PLY` bounds the plies left: 42 ([`SolverEngine`]) solves any position; an engine with
/// fewer (a firmware's, to keep its principal-variation table small) solves the positions with
/// at most that many empty cells.
///
/// # Errors
/// Those of [`Engine::solve_window`](crate::Engine::solve_window):
/// [`SearchError::DepthBeyondCapacity`](crate::SearchError::DepthBeyondCapacity) when a line
/// runs past `MAX_PLY` plies (possible only when the position has more empty cells than
/// that); no other for a correct engine.
pub fn solve<T, O, const MAX_PLY: usize>(
    engine: &mut crate::Engine<Connect4Solver, SolverEval, 7, MAX_PLY, T, O>,
    position: Connect4,
) -> Result<Solution, crate::SearchError>
where
    T: crate::tt::Table<i32>,
    O: crate::ordering::MoveSorter<Connect4Solver>,
{
    solve_with_progress(engine, position, |_| {})
}

/// Where [`solve_with_progress`] is: after each null-window search, the range the score is
/// known to lie in and the work so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveProgress {
    /// The score is at least this (Pons' definition).
    pub min: i32,
    /// The score is at most this.
    pub max: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Null-window searches so far.
    pub searches: u32,
}

/// [`solve`], calling `progress` after every null-window search (a long solve, minutes from
/// some openings, can report how far it is).
///
/// # Errors
/// As [`solve`].
pub fn solve_with_progress<T, O, const MAX_PLY: usize>(
    engine: &mut crate::Engine<Connect4Solver, SolverEval, 7, MAX_PLY, T, O>,
    position: Connect4,
    mut progress: impl FnMut(&SolveProgress),
) -> Result<Solution, crate::SearchError>
where
    T: crate::tt::Table<i32>,
    O: crate::ordering::MoveSorter<Connect4Solver>,
{
    let n = position.moves_played();
    let mut game = Connect4Solver::new(position);
    let mut solution = Solution { score: 0, best_move: None, nodes: 0, searches: 0 };
    if game.is_terminal() {
        let result = engine.solve_window(&mut game, -i32::MAX, i32::MAX)?;
        solution.score = pons_score(result.score, n);
        solution.best_move = decided_move(&position);
        solution.nodes = result.nodes;
        solution.searches = 1;
        return Ok(solution);
    }
    // Pons' initial range, the whole score range of the position. (The tighter range that
    // the non-terminal root allows, -(40 - n) / 2 ..= (41 - n) / 2, chooses other probes and
    // visits more nodes on Test_L2_R1 and Test_L1_R1: 449 and 4,354 per position against
    // 424 and 3,272.)
    let (mut min, mut max) = (-((CELLS - n) as i32) / 2, ((CELLS + 1 - n) as i32) / 2);
    while min < max {
        let mut med = min + (max - min) / 2;
        // Probe near 0 first: most positions are close to a draw.
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        let beta = engine_threshold(med + 1, n);
        let result = engine.solve_window(&mut game, beta - 1, beta)?;
        solution.nodes += result.nodes;
        solution.searches += 1;
        if result.score >= beta {
            min = med + 1;
            // A move proving "at least med + 1" (for a root the table answered, the move of
            // its entry): the last such proof is of the final score.
            solution.best_move = result.best_move.map(SolverMove::column);
        } else {
            max = med;
        }
        progress(&SolveProgress { min, max, nodes: solution.nodes, searches: solution.searches });
    }
    solution.score = min;
    if solution.best_move.is_none() {
        // Never above the lowest score the position allows: every move that does not lose at
        // once achieves it.
        solution.best_move = decided_move(&position);
    }
    Ok(solution)
}

/// The score of every column of a position, in Pons' definition for the side to move (as
/// his solver's analysis prints them): `None` for a full column.
pub type ColumnScores = [Option<i32>; WIDTH as usize];

/// Scores every column of `position` exactly (Pons' analysis): a full column `None`, a
/// column that wins at once `(43 - n) / 2` (`n` stones played), one that lets the opponent
/// win at once `-(42 - n) / 2`, and each other column its exact value. Those come from one
/// [`Engine::analyze`](crate::Engine::analyze) of the solver's game model at full depth: its
/// root moves are exactly those columns, and every one gets the full window, so every score
/// is exact. Where that root is decided (the side to move can win at once, or two cells are
/// left), each such column is solved on its own ([`solve`] of the position after it). Also
/// returns the nodes visited.
///
/// # Errors
/// Those of [`Engine::analyze`](crate::Engine::analyze) and [`solve`], which a correct
/// engine (`MAX_MOVES >= 7`, `MAX_PLY >= 42`) never returns.
pub fn analyze<T, O>(
    engine: &mut crate::Engine<Connect4Solver, SolverEval, 7, 42, T, O>,
    position: Connect4,
) -> Result<(ColumnScores, u64), crate::SearchError>
where
    T: crate::tt::Table<i32>,
    O: crate::ordering::MoveSorter<Connect4Solver>,
{
    let mut scores = [None; WIDTH as usize];
    if position.is_won() {
        return Ok((scores, 0));
    }
    let n = position.moves_played() as i32;
    let threats = winning_cells(position.current ^ position.mask, position.mask);
    let wins = winning_cells(position.current, position.mask);
    let playable = position.playable_cells();
    let mut open = [false; WIDTH as usize];
    for col in 0..WIDTH as u8 {
        let cell = playable & column_mask(u32::from(col));
        if cell == 0 {
            continue;
        }
        scores[usize::from(col)] = Some(if cell & wins != 0 {
            (43 - n) / 2
        } else if threats & ((playable & !cell) | (cell << 1)) != 0 {
            // The opponent wins at once: at a threat left open, or on top of this stone.
            -(42 - n) / 2
        } else {
            open[usize::from(col)] = true;
            0 // searched below
        });
    }
    let mut nodes = 0;
    let mut game = Connect4Solver::new(position);
    if !open.contains(&true) {
        // Every column is decided.
    } else if game.is_terminal() {
        for col in (0..WIDTH as u8).filter(|&col| open[usize::from(col)]) {
            let mut child = position;
            child.play(col);
            let solution = solve(engine, child)?;
            nodes += solution.nodes;
            scores[usize::from(col)] = Some(-solution.score);
        }
    } else {
        // The solver's model generates exactly the open columns here.
        let depth = position.remaining_cells();
        let config = *engine.config();
        engine.set_config(crate::Config { iterative_deepening: false, ..config });
        let analysis = engine.analyze(&mut game, &crate::Limits::depth(depth), usize::MAX);
        engine.set_config(config);
        let analysis = analysis?;
        nodes = analysis.nodes;
        for root_move in &analysis.moves {
            scores[usize::from(root_move.mv.column())] =
                Some(pons_score(root_move.score, n as u32));
        }
    }
    Ok((scores, nodes))
}

/// A best move of a position without a search: a winning column, else one that does not lose
/// at once, else any playable one (centre first); `None` when the game is over.
fn decided_move(position: &Connect4) -> Option<u8> {
    if position.is_won() {
        return None;
    }
    let playable = position.playable_cells();
    let wins = winning_cells(position.current, position.mask) & playable;
    [wins, position.non_losing_cells(), playable].into_iter().find_map(|cells| {
        CENTRE_FIRST.into_iter().find(|&col| cells & column_mask(u32::from(col)) != 0)
    })
}

/// Converts a root score of [`Connect4Eval`] into the score of Pons' benchmark sets, for the
/// side to move at a root with `moves_played` stones: `22 - k` when it wins with its `k`-th
/// stone, `-(22 - k)` when the opponent wins with its `k`-th stone, 0 for a draw (or a score
/// that is not a forced result).
pub fn pons_score<S: Score>(score: S, moves_played: u32) -> i32 {
    // The game ends `d` plies below the root: the winning stone is stone `moves_played + d`
    // of the game, played with 42 - (moves_played + d - 1) cells empty.
    let magnitude = |d: u32| (44 - moves_played as i32 - d as i32) / 2;
    match score.mate() {
        Some(Mate::Win(d)) => magnitude(d),
        Some(Mate::Loss(d)) => -magnitude(d),
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
    fn the_heuristic_counts_open_windows() {
        let ctx = EvalContext { ply: 0, depth_left: 0 };
        assert_eq!(Connect4Heuristic.evaluate(&Connect4::new(), 0, ctx), 0);
        // One stone in the bottom-left corner: it lies in 3 windows (a row, a column, a
        // diagonal), each worth 1 to the first player, who is no longer to move.
        let corner = Connect4::from_moves("1").unwrap();
        assert_eq!(Connect4Heuristic.evaluate(&corner, 1, ctx), -3);
        assert_eq!(Connect4Heuristic.evaluate(&corner, 0, ctx), 3);
        let won = Connect4::from_moves("1212121").unwrap();
        assert_eq!(Connect4Heuristic.evaluate(&won, 1, ctx), i32::loss_in(0));
    }

    #[test]
    fn winning_cells_are_pons_terms() {
        // Pons' `compute_winning_position`, term by term: what `winning_cells` must equal.
        fn reference(stones: u64, mask: u64) -> u64 {
            let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
            for s in [HEIGHT + 1, HEIGHT, HEIGHT + 2] {
                let pair = (stones << s) & (stones << (2 * s));
                cells |= pair & (stones << (3 * s));
                cells |= pair & (stones >> s);
                let pair = (stones >> s) & (stones >> (2 * s));
                cells |= pair & (stones << s);
                cells |= pair & (stones >> (3 * s));
            }
            cells & (BOARD ^ mask)
        }
        // Every position of the first 300 games of a fixed pseudo-random play-out, both sides'
        // stones, and random stone sets over the whole board.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..300 {
            let mut position = Connect4::new();
            while !position.is_won() && position.moves_played() < CELLS {
                for stones in [position.current, position.current ^ position.mask] {
                    assert_eq!(
                        winning_cells(stones, position.mask),
                        reference(stones, position.mask)
                    );
                }
                let playable: std::vec::Vec<u8> =
                    (0..WIDTH as u8).filter(|&col| position.can_play(col)).collect();
                position.play(playable[(next() % playable.len() as u64) as usize]);
            }
        }
        for _ in 0..10_000 {
            let (stones, mask) = (next() & BOARD, next() & BOARD);
            assert_eq!(winning_cells(stones, mask | stones), reference(stones, mask | stones));
            assert_eq!(winning_cells(stones, 0), reference(stones, 0));
        }
    }

    #[test]
    fn solver_moves_come_in_threat_order_after_what_the_list_held() {
        // "4453": every column is safe; the two moves that make a threat come first, then
        // the others, centre first among equals.
        let solver = Connect4Solver::new(Connect4::from_moves("4453").unwrap());
        let mut fresh = MoveList::<SolverMove, 7>::new();
        solver.generate_moves(&mut fresh);
        let columns: std::vec::Vec<u8> = fresh.iter().map(|mv| mv.column()).collect();
        let scores: std::vec::Vec<u32> =
            columns.iter().map(|&col| solver.position().threats_after(col)).collect();
        assert_eq!(columns, [5, 6, 3, 2, 4, 1, 0]);
        assert_eq!(scores, [1, 1, 0, 0, 0, 0, 0]);
        // Each move carries the mover's winning cells after it: the child's opponent's, and
        // the child made from the move equals the position played out.
        let position = *solver.position();
        for &mv in &fresh {
            let mut played = position;
            played.play(mv.column());
            assert_eq!(solver.copy_make(mv), Some(Connect4Solver::new(played)));
            assert_eq!(solver.move_by_code(u16::from(mv.column())), Some(mv));
        }
        assert_eq!(solver.move_by_code(7), None);
        // A list that already holds moves keeps them first, in place.
        let mut list = MoveList::<SolverMove, 9>::new();
        list.push(fresh.as_slice()[6]).unwrap();
        list.push(fresh.as_slice()[5]).unwrap();
        solver.generate_moves(&mut list);
        assert_eq!(&list.as_slice()[..2], &[fresh.as_slice()[6], fresh.as_slice()[5]]);
        assert_eq!(&list.as_slice()[2..], fresh.as_slice());
        // A list too short for them overflows, without a panic.
        let mut short = MoveList::<SolverMove, 3>::new();
        solver.generate_moves(&mut short);
        assert!(short.overflowed());
    }

    #[test]
    fn a_pass_gives_the_turn_away_and_changes_the_key() {
        let mut game = WithPasses::new(Connect4::from_moves("44").unwrap());
        let key = game.zobrist_key();
        let undo = game.make_null_move().unwrap();
        assert_eq!(game.side_to_move(), 1);
        assert_ne!(game.zobrist_key(), key);
        // The second player drops a stone in column 1: it is theirs.
        game.make_move(0);
        assert_eq!(game.position().stone(0, 0), Some(1));
        assert_eq!(game.side_to_move(), 0);
        let mut empty = WithPasses::new(Connect4::new());
        let empty_key = empty.zobrist_key();
        empty.make_null_move();
        assert_ne!(empty.zobrist_key(), empty_key);
        game = undo;
        assert_eq!(game.position(), &Connect4::from_moves("44").unwrap());
    }

    #[test]
    fn display_shows_the_board() {
        let position = Connect4::from_moves("44").unwrap();
        let text = format!("{position}");
        assert!(text.ends_with("...O...\n...X...\n1234567"), "{text}");
    }
}
