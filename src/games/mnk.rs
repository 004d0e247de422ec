//! m,n,k-games: two players take turns putting a stone on any empty cell of a `width` × `height`
//! board, and the first to get `k` (or more) in a row, horizontally, vertically or diagonally,
//! wins; a full board without a line is a draw. Tic-tac-toe is the 3,3,3-game, free-style
//! gomoku the 15,15,5-game; boards here hold up to 64 cells with a guard column
//! (`(width + 1) × height <= 64`: up to 7×7, 9×6, 15×4).
//!
//! # Null moves are sound here
//!
//! The game implements passes for null-move pruning ([`Game::NULL_MOVE`]), and they are safe
//! in every position: an extra stone of one's own never hurts in an m,n,k-game (the classic
//! strategy-stealing argument: play as if the stone were not there; where the strategy asks
//! for its cell, play anywhere, which is one more extra stone; every line the strategy
//! completes is completed as early, and the opponent has no more room), so a pass is never
//! better than the best move, which is what null-move pruning assumes. With scores exact at
//! the horizon, null-move pruning then gives exactly the values of the full search, which
//! `tests/refinements.rs` checks on tic-tac-toe.
//!
//! ```
//! use alphabeta::games::mnk::{Mnk, MnkHeuristic};
//! use alphabeta::{Config, Engine, Limits};
//!
//! // 4 in a row on 5×5, X has three in the bottom row with both ends open.
//! let mut game = Mnk::new(5, 5, 4).unwrap();
//! for (col, row) in [(1, 4), (1, 0), (2, 4), (2, 0), (3, 4), (4, 1)] {
//!     game.play(game.cell(col, row));
//! }
//! let config = Config { null_move: true, ..Config::new() };
//! let mut engine: Engine<Mnk, MnkHeuristic, 64, 16> =
//!     Engine::new(MnkHeuristic::new(&game), config);
//! let result = engine.search(&mut game, &Limits::depth(3)).unwrap();
//! assert_eq!(result.score, 1_000_000 - 1); // four in a row next move
//! ```

use core::fmt;

use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::score::Score;

/// The most cells, guard column included (one 64-bit mask per player).
const BITS: u32 = 64;

/// An m,n,k-game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    /// The stones of each player, bit `row * (width + 1) + col`.
    stones: [u64; 2],
    width: u8,
    height: u8,
    k: u8,
    /// The player to move: 0 (X, who starts) or 1 (O).
    side: u8,
    /// Stones on the board.
    filled: u8,
    /// The player who moved last made `k` in a row.
    won: bool,
}

/// Why [`Mnk::new`] refused a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MnkError {
    /// A width, height or `k` of 0, or `k` longer than both sides.
    NoLine,
    /// More than 64 bits for the board and its guard column (`(width + 1) * height > 64`).
    TooLarge,
}

impl fmt::Display for MnkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoLine => {
                f.write_str("width, height and k must be at least 1, and k fit the board")
            }
            Self::TooLarge => {
                f.write_str("the board is too large: (width + 1) * height must be at most 64")
            }
        }
    }
}

impl core::error::Error for MnkError {}

/// splitmix64's finaliser: a bijection of `u64` that spreads every bit.
const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Mnk {
    /// The empty `width` × `height` board where `k` in a row wins, X to move.
    ///
    /// # Errors
    /// [`MnkError`] for a board without a line of `k` or larger than 64 bits.
    pub const fn new(width: u32, height: u32, k: u32) -> Result<Self, MnkError> {
        if width == 0 || height == 0 || k == 0 || (k > width && k > height) {
            return Err(MnkError::NoLine);
        }
        if (width + 1) * height > BITS {
            return Err(MnkError::TooLarge);
        }
        Ok(Self {
            stones: [0; 2],
            width: width as u8,
            height: height as u8,
            k: k as u8,
            side: 0,
            filled: 0,
            won: false,
        })
    }

    /// Tic-tac-toe, the 3,3,3-game.
    pub const fn tictactoe() -> Self {
        Self { stones: [0; 2], width: 3, height: 3, k: 3, side: 0, filled: 0, won: false }
    }

    /// The width.
    pub const fn width(&self) -> u32 {
        self.width as u32
    }

    /// The height.
    pub const fn height(&self) -> u32 {
        self.height as u32
    }

    /// The length of a winning line.
    pub const fn k(&self) -> u32 {
        self.k as u32
    }

    /// The move (cell index) of `col`, `row` (both from 0; row 0 at the top).
    pub const fn cell(&self, col: u32, row: u32) -> u8 {
        (row * (self.width as u32 + 1) + col) as u8
    }

    /// The player to move: 0 for X (who starts), 1 for O.
    pub const fn player_to_move(&self) -> u8 {
        self.side
    }

    /// Stones on the board.
    pub const fn stones_played(&self) -> u32 {
        self.filled as u32
    }

    /// The stones of `player` (0 or 1), bit `row * (width + 1) + col`.
    pub const fn stones(&self, player: u8) -> u64 {
        self.stones[(player & 1) as usize]
    }

    /// `true` when the player who moved last has `k` in a row.
    pub const fn is_won(&self) -> bool {
        self.won
    }

    /// Every cell of the board (no guard bits).
    const fn board(&self) -> u64 {
        let row = (1u64 << self.width) - 1;
        let mut mask = 0;
        let mut r = 0;
        while r < self.height as u32 {
            mask |= row << (r * (self.width as u32 + 1));
            r += 1;
        }
        mask
    }

    /// The empty cells.
    pub const fn empty_cells(&self) -> u64 {
        self.board() & !(self.stones[0] | self.stones[1])
    }

    /// Puts a stone of the side to move on `cell`, which must be empty (a debug build asserts
    /// it): the search's move, unchecked.
    pub fn play(&mut self, cell: u8) {
        let bit = 1u64 << cell;
        debug_assert!(self.empty_cells() & bit != 0, "cell {cell} is not empty");
        let side = usize::from(self.side);
        self.stones[side] |= bit;
        self.won = self.line_through(self.stones[side], u32::from(cell));
        self.side ^= 1;
        self.filled += 1;
    }

    /// Whether `stones` hold `k` in a row through `cell`.
    fn line_through(&self, stones: u64, cell: u32) -> bool {
        let k = u32::from(self.k);
        let w = u32::from(self.width) + 1;
        // Steps: along a row, down a column, and the two diagonals. The guard column stops
        // rows and diagonals at the edges; shifts past either end of the word stop columns.
        for step in [1, w, w + 1, w - 1] {
            let mut run = 1;
            let mut at = cell;
            while run < k && at >= step && stones & (1 << (at - step)) != 0 {
                at -= step;
                run += 1;
            }
            at = cell;
            while run < k && at + step < BITS && stones & (1 << (at + step)) != 0 {
                at += step;
                run += 1;
            }
            if run >= k {
                return true;
            }
        }
        false
    }
}

impl fmt::Display for Mnk {
    /// One line per row, top first: `X`, `O` or `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..u32::from(self.height) {
            for col in 0..u32::from(self.width) {
                let bit = 1u64 << self.cell(col, row);
                let c = if self.stones[0] & bit != 0 {
                    'X'
                } else if self.stones[1] & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if row + 1 < u32::from(self.height) {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

impl Game for Mnk {
    /// The cell, `row * (width + 1) + col`.
    type Move = u8;
    type Player = u8;
    /// Copy-make: the whole position is 24 bytes.
    type Undo = Mnk;

    fn side_to_move(&self) -> u8 {
        self.side
    }

    /// The empty cells, from the centre outwards (ring by ring).
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let empty = self.empty_cells();
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        let (cc, cr) = ((w - 1) / 2, (h - 1) / 2);
        let rings = (w - 1 - cc).max(cc).max((h - 1 - cr).max(cr));
        for ring in 0..=rings {
            for row in (cr - ring).max(0)..=(cr + ring).min(h - 1) {
                for col in (cc - ring).max(0)..=(cc + ring).min(w - 1) {
                    if (row - cr).abs().max((col - cc).abs()) != ring {
                        continue;
                    }
                    let cell = self.cell(col as u32, row as u32);
                    if empty & (1 << cell) != 0 {
                        let _ = moves.push(cell);
                    }
                }
            }
        }
    }

    fn make_move(&mut self, cell: u8) -> Mnk {
        let before = *self;
        self.play(cell);
        before
    }

    fn unmake_move(&mut self, _cell: u8, before: Mnk) {
        *self = before;
    }

    fn is_terminal(&self) -> bool {
        self.won || u32::from(self.filled) == u32::from(self.width) * u32::from(self.height)
    }

    fn zobrist_key(&self) -> u64 {
        // Both masks and the side to move, hashed (the position takes more than 64 bits).
        mix(self.stones[0])
            ^ mix(self.stones[1] ^ 0x9e37_79b9_7f4a_7c15).rotate_left(17)
            ^ u64::from(self.side)
    }

    /// A pass is safe everywhere: an extra stone never hurts (see the module documentation).
    const NULL_MOVE: bool = true;

    fn make_null_move(&mut self) -> Option<Mnk> {
        let before = *self;
        self.side ^= 1;
        Some(before)
    }

    fn unmake_null_move(&mut self, before: Mnk) {
        *self = before;
    }
}

/// The most four-direction windows of `k` cells on a 64-bit board.
const MAX_WINDOWS: usize = 256;

/// A heuristic evaluator for depth-limited search: a won game scores `WIN - ply` for the
/// winner; otherwise every window of `k` cells in a line that only one player occupies counts
/// for that player, `4^(stones - 1)` for its stones in it (1, 4, 16, … ), and the score is the
/// side's total minus the opponent's. Built for one board size ([`MnkHeuristic::new`]).
#[derive(Clone, Debug)]
pub struct MnkHeuristic {
    windows: heapless::Vec<u64, MAX_WINDOWS>,
}

impl MnkHeuristic {
    /// The evaluator for boards of `game`'s size and `k`.
    pub fn new(game: &Mnk) -> Self {
        let (w, h, k) = (game.width(), game.height(), game.k());
        let mut windows = heapless::Vec::new();
        // (column step, row step) of each direction.
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            for row in 0..h as i32 {
                for col in 0..w as i32 {
                    let (end_col, end_row) = (col + (k as i32 - 1) * dc, row + (k as i32 - 1) * dr);
                    if end_col < 0 || end_col >= w as i32 || end_row < 0 || end_row >= h as i32 {
                        continue;
                    }
                    let mut mask = 0u64;
                    for i in 0..k as i32 {
                        mask |= 1 << game.cell((col + i * dc) as u32, (row + i * dr) as u32);
                    }
                    // Cannot overflow: 4 directions of at most 64 cells.
                    let _ = windows.push(mask);
                }
            }
        }
        Self { windows }
    }

    /// The window score of `mine` against `theirs`.
    fn windows(&self, mine: u64, theirs: u64) -> i32 {
        let mut score = 0;
        for &window in &self.windows {
            let (m, t) = (mine & window, theirs & window);
            if t == 0 && m != 0 {
                score += 1 << (2 * (m.count_ones() - 1)).min(24);
            } else if m == 0 && t != 0 {
                score -= 1 << (2 * (t.count_ones() - 1)).min(24);
            }
        }
        score
    }
}

impl Evaluator<Mnk> for MnkHeuristic {
    type Score = i32;

    fn evaluate(&self, game: &Mnk, player: u8, ctx: EvalContext) -> i32 {
        if game.won {
            // The player who moved last won (a pass never ends a game).
            let winner = game.side ^ 1;
            return if winner == player { i32::win_in(ctx.ply) } else { i32::loss_in(ctx.ply) };
        }
        let mine = game.stones[usize::from(player & 1)];
        let theirs = game.stones[usize::from(!player & 1)];
        self.windows(mine, theirs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_every_direction_and_none_across_the_edge() {
        let mut game = Mnk::new(5, 4, 3).unwrap();
        // X: (3,0) (4,0) (0,1) would be a row without the guard column.
        for (col, row) in [(3, 0), (0, 3), (4, 0), (1, 3), (0, 1)] {
            game.play(game.cell(col, row));
            assert!(!game.is_won(), "{game}");
        }
        game.play(game.cell(4, 3)); // O: (0,3) (1,3) (4,3): no line
        assert!(!game.is_won());
        game.play(game.cell(1, 2)); // X: (0,1) and (1,2) on a diagonal, two only
        assert!(!game.is_won(), "{game}");
        game.play(game.cell(2, 3)); // O: (0,3) (1,3) (2,3): three in the bottom row
        assert!(game.is_won(), "{game}");

        for (cells, won) in [
            (&[(0, 0), (1, 0), (1, 1), (2, 0), (2, 2)][..], true), // X diagonal down-right
            (&[(2, 0), (0, 0), (1, 1), (0, 1), (0, 2)][..], true), // X anti-diagonal
            (&[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)][..], true), // X column
        ] {
            let mut game = Mnk::tictactoe();
            for &(col, row) in cells {
                game.play(game.cell(col, row));
            }
            assert_eq!(game.is_won(), won, "{game}");
        }
    }

    #[test]
    fn boards_are_checked() {
        assert_eq!(Mnk::new(0, 3, 3), Err(MnkError::NoLine));
        assert_eq!(Mnk::new(3, 3, 4), Err(MnkError::NoLine));
        assert_eq!(Mnk::new(8, 8, 5), Err(MnkError::TooLarge));
        assert!(Mnk::new(7, 7, 4).is_ok());
        assert_eq!(Mnk::new(3, 3, 3), Ok(Mnk::tictactoe()));
    }

    #[test]
    fn moves_come_from_the_centre_out() {
        let game = Mnk::tictactoe();
        let mut moves = MoveList::<u8, 9>::new();
        game.generate_moves(&mut moves);
        let centre = game.cell(1, 1);
        assert_eq!(moves.as_slice()[0], centre);
        assert_eq!(moves.len(), 9);
        let mut sorted: std::vec::Vec<u8> = moves.iter().copied().collect();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 4, 5, 6, 8, 9, 10]);
    }

    #[test]
    fn a_pass_changes_the_side_and_the_key_only() {
        let mut game = Mnk::new(4, 4, 3).unwrap();
        game.play(game.cell(1, 1));
        let key = game.zobrist_key();
        let undo = game.make_null_move().unwrap();
        assert_eq!(game.side_to_move(), 0);
        assert_ne!(game.zobrist_key(), key);
        assert_eq!(game.stones(0), undo.stones(0));
        game.unmake_null_move(undo);
        assert_eq!(game.zobrist_key(), key);
    }

    #[test]
    fn the_heuristic_counts_open_windows() {
        let mut game = Mnk::tictactoe();
        let eval = MnkHeuristic::new(&game);
        assert_eq!(eval.windows.len(), 8);
        let ctx = EvalContext { ply: 0, depth_left: 0 };
        game.play(game.cell(1, 1)); // X in the centre: 4 lines
        assert_eq!(eval.evaluate(&game, 0, ctx), 4);
        assert_eq!(eval.evaluate(&game, 1, ctx), -4);
        // O in a corner: the diagonal is shared, O alone on a row and a column.
        game.play(game.cell(0, 0));
        assert_eq!(eval.evaluate(&game, 0, ctx), 3 - 2);
    }
}
