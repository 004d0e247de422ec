//! A chess engine on the `alphabeta` library: [`cozy_chess`] for the board and the legal
//! moves, the library's search (alpha-beta, PVS, the transposition table, move ordering,
//! null-move pruning, LMR, quiescence, iterative deepening, threads), a tuned evaluation, and
//! a UCI front end (`uci`, with the `std` feature).
//!
//! [`Position`] is the library's [`Game`]: a board plus the keys of the positions before it
//! (the game's and the search path's), which the draw by repetition needs. [`Pesto`] is its
//! [`Evaluator`] ([`CachedPesto`], with `std`, the same with a cache of its scores), and
//! [`chess_config`] the engine's search configuration.
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `std` | on | the UCI front end ([`uci`] and the `alphabeta-chess` binary), FEN and UCI-move text as `String` ([`Position::from_fen`], [`Position::play_uci`], [`Position::uci`], [`Position::legal_moves`]), [`CachedPesto`], the library's `std` (threads, the std clock); the repetition history grows as needed |
//!
//! Without `std` the crate is `no_std` and allocates nothing: [`Position`], [`Pesto`],
//! [`chess_config`] and [`perft`] build for a microcontroller (a Cortex-M4 firmware in the
//! repository's `examples-embedded/` solves a mate in two with them). A position is then made
//! with [`Position::from_board`] from cozy-chess's `Board::from_fen`, moves are played with
//! [`Position::play`] and written with [`Position::uci_move`], and the repetition history
//! holds at most [`HISTORY_CAPACITY`] keys. cozy-chess itself is `no_std` unless its own
//! `std` feature is on (it has no default features); this crate never turns it on.
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use alphabeta::{Config, Engine, Limits};
//! use alphabeta_chess::{Pesto, Position, MAX_MOVES, MAX_PLY};
//! // White mates in one: Ra8#.
//! let mut position: Position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut engine = Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Pesto, Config::new());
//! let result = engine.search(&mut position, &Limits::depth(3)).unwrap();
//! assert_eq!(position.uci(result.best_move.unwrap()), "a1a8");
//! # }
//! ```
#![cfg_attr(not(any(feature = "std", test)), no_std)]

pub mod eval;
#[cfg(feature = "std")]
pub mod uci;

/// The board crate, whose `Board`, `Move` and `Piece` this crate's API takes and returns.
pub use cozy_chess;

use alphabeta::ordering::DefaultSorter;
use alphabeta::{
    Config, EvalContext, Evaluator, Futility, Game, LogReduction, MoveCode, MoveList,
    NullMoveReduction, ParallelScheme, RootSearch, Score,
};
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};

/// Room for every legal move of a chess position (the most known is 218).
pub const MAX_MOVES: usize = 256;
/// The engine's ply capacity: the deepest line, extensions and quiescence included.
pub const MAX_PLY: usize = 128;

/// The history table's size: one entry per from-square and to-square pair, the low 12 bits
/// of [`ChessMove`]'s move code (promotions share their pawn move's entry). The library's
/// default (512) would fold moves from one square to one file into an entry.
pub const HISTORY: usize = 4096;

/// The countermove table's size: one reply per from-square and to-square pair of the
/// opponent's last move.
pub const COUNTERS: usize = 4096;

/// The continuation history's size: an entry per square the opponent's last move went to and
/// square the reply goes to. (Rows of the 4,096 from-to pairs, 512 KiB, ordered no better at
/// depth 12, 10.67 M nodes against 9.32 M on `depth_nodes.py`'s 40 positions, and their copies
/// at split nodes took the two-thread speed-up from 1.8x to 1.45x.)
pub const CONTINUATION: usize = 64;

/// The engine's move sorter: the library's [`DefaultSorter`] (PV move, table move, captures,
/// killers, countermove, history) with a [`HISTORY`]-entry history (16 KiB), a
/// [`COUNTERS`]-entry countermove table (24 KiB) and a [`CONTINUATION`] × [`CONTINUATION`]
/// continuation history (8 KiB).
pub type ChessSorter = DefaultSorter<ChessMove, MAX_PLY, HISTORY, COUNTERS, CONTINUATION>;

/// How many plies back a draw by repetition can look: a position whose halfmove clock has
/// reached 100 is a draw by the fifty-move rule before any repetition is looked for, so no
/// position of a search reads a key more than 99 plies before the root of the search.
const REPETITION_WINDOW: usize = 100;

/// The most keys of earlier positions a [`Position`] holds without the `std` feature: the
/// game's last 100 (all that a draw by repetition can read) and a search path of
/// [`MAX_PLY`] (128) plies; 228 keys, 1,824 bytes inside every `Position`.
/// With an engine whose ply capacity is larger than [`MAX_PLY`] the oldest keys are forgotten
/// when the history is full (a repetition of those positions is then missed; nothing
/// fails). With `std` the history is a `Vec` and grows as needed.
pub const HISTORY_CAPACITY: usize = REPETITION_WINDOW + MAX_PLY;

/// The keys of the positions before a position, oldest first.
#[cfg(feature = "std")]
type Keys = Vec<u64>;
/// The keys of the positions before a position, oldest first: at most [`HISTORY_CAPACITY`].
#[cfg(not(feature = "std"))]
type Keys = heapless::Vec<u64, HISTORY_CAPACITY>;

/// The search configuration of the chess engine: the library's defaults (PVS, the table's
/// cutoffs, killers and history, quiescence, mate distance pruning) with null-move pruning,
/// aspiration windows (30 cp), 8 plies of quiescence, and the library's selective search:
/// logarithmic late move reductions of quiet moves from the fourth on at nodes with 2 plies
/// or more left (`0.75 + ln(depth) ln(n) / 2.25`, Stockfish's old table for quiet moves),
/// reverse futility pruning (100 cp a ply, up to 6 plies), futility pruning (150 cp a ply, up
/// to 3 plies) and late move pruning (up to 3 plies). Against the configuration without them
/// (one-ply reductions from the seventh move) it won 57 of 100 games at 2 s + 0.02 s
/// (+49 ± 58 Elo), for Win At Chess at 100,000 nodes 264 against 266. It needs the library's
/// `refinements` feature (null-move pruning, aspiration windows, the selective search), which
/// this crate turns on. With more than one thread (`threads`, the UCI option `Threads`), the
/// library's root splitting with the young brothers wait concept
/// ([`ParallelScheme::RootSplit`]): on Win At Chess's first 20 positions at depth 16 it reached
/// the depth 1.84 times as fast on 2 threads as on 1 (geometric mean), against 1.54 for the
/// library's default, ABDADA (`cargo bench -p alphabeta-chess --bench threads -- --depth 16
/// --rounds 2 [--scheme abdada]`).
pub const fn chess_config() -> Config {
    Config {
        null_move: true,
        null_move_reduction: NullMoveReduction::Adaptive,
        root_search: RootSearch::Aspiration,
        aspiration_half_width: 30.0,
        max_quiescence_depth: 8,
        lmr: true,
        lmr_min_depth: 2,
        lmr_min_move_index: 3,
        lmr_log: Some(LogReduction { base: 0.75, divisor: 2.25 }),
        reverse_futility: Some(Futility { max_depth: 6, margin: 100.0 }),
        futility: Some(Futility { max_depth: 3, margin: 150.0 }),
        late_move_pruning: 3,
        internal_reduction: 4,
        parallel_scheme: ParallelScheme::RootSplit,
        ..Config::new()
    }
}

/// A move: cozy-chess's move, with the 16-bit code the transposition table stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove(pub Move);

impl MoveCode for ChessMove {
    /// From square (6 bits), to square (6 bits) and promotion (0 none, 1 to 4 knight to queen):
    /// a different code for every move of a position.
    fn move_code(self) -> u16 {
        let promotion = match self.0.promotion {
            None => 0,
            Some(Piece::Knight) => 1,
            Some(Piece::Bishop) => 2,
            Some(Piece::Rook) => 3,
            Some(_) => 4,
        };
        self.0.from as u16 | (self.0.to as u16) << 6 | promotion << 12
    }

    /// The square the move went to.
    fn continuation_key(code: u16) -> u16 {
        code >> 6 & 63
    }
}

/// A position in a game: the board and the keys of the positions before it, oldest first.
///
/// `CHECK_EXTENSION` (on by default) extends by one ply every move that gives check
/// ([`Game::extension`]); the benchmark of the library's cost turns it off to compare with a
/// hand-written search that has none.
///
/// The keys are those a draw by repetition can read: a game move keeps the last ones up to
/// the halfmove clock (no earlier position can recur) and at most 100 (a search never reads
/// further back), and each move of a search adds one. With the `std` feature they are in a
/// `Vec`; without it in a fixed array of [`HISTORY_CAPACITY`] keys inside the position.
#[derive(Clone, Debug)]
pub struct Position<const CHECK_EXTENSION: bool = true> {
    board: Board,
    /// Zobrist keys of the positions before this one: the game's, then the search path's.
    keys: Keys,
    /// How many of `keys` belong to the game before the root of the search.
    root_len: usize,
}

/// Why a FEN or a move was refused.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN does not describe a legal position.
    Fen(String),
    /// The move (UCI notation) is not legal in the position.
    IllegalMove(String),
}

#[cfg(feature = "std")]
impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Fen(fen) => write!(f, "invalid FEN: {fen}"),
            Self::IllegalMove(mv) => write!(f, "illegal move: {mv}"),
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for PositionError {}

/// A move that is not legal in the position it was played in ([`Position::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub ChessMove);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Move { from, to, promotion } = self.0 .0;
        write!(f, "illegal move: {from}{to}")?;
        match promotion {
            Some(piece) => write!(f, "{piece}"),
            None => Ok(()),
        }
    }
}

impl core::error::Error for IllegalMove {}

/// A move in UCI notation, held in place ([`Position::uci_move`]): four characters, five
/// with a promotion.
pub type UciMove = heapless::String<5>;

impl<const X: bool> Default for Position<X> {
    fn default() -> Self {
        Self::from_board(Board::default())
    }
}

impl<const X: bool> Position<X> {
    /// The position of `board`, with no history.
    pub fn from_board(board: Board) -> Self {
        Self { board, keys: Keys::new(), root_len: 0 }
    }

    /// The position of a FEN (four to six fields; the clocks default to 0 and 1).
    ///
    /// # Errors
    /// [`PositionError::Fen`] when cozy-chess refuses it.
    #[cfg(feature = "std")]
    pub fn from_fen(fen: &str) -> Result<Self, PositionError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let full = match fields.len() {
            4 => format!("{} 0 1", fields.join(" ")),
            5 => format!("{} 1", fields.join(" ")),
            _ => fields.join(" "),
        };
        Board::from_fen(&full, false)
            .map(Self::from_board)
            .map_err(|_| PositionError::Fen(fen.to_string()))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays a move of the game (not of a search): it becomes part of the history that the
    /// draw by repetition looks at, and the new position is the root of the next search.
    ///
    /// # Errors
    /// [`IllegalMove`] for a move that is not legal here (the position is unchanged).
    pub fn play(&mut self, mv: ChessMove) -> Result<(), IllegalMove> {
        if !self.board.is_legal(mv.0) {
            return Err(IllegalMove(mv));
        }
        self.push_key();
        self.board.play_unchecked(mv.0);
        // No position before the last capture or pawn move can recur, and a search reads no
        // key more than `REPETITION_WINDOW` plies back: the others are dropped.
        let keep = usize::from(self.board.halfmove_clock()).min(REPETITION_WINDOW);
        let drop = self.keys.len().saturating_sub(keep);
        if drop > 0 {
            self.keys.copy_within(drop.., 0);
            self.keys.truncate(self.keys.len() - drop);
        }
        self.root_len = self.keys.len();
        Ok(())
    }

    /// Plays a move of the game given in UCI notation, as [`Position::play`].
    ///
    /// # Errors
    /// [`PositionError::IllegalMove`] for a move that is not legal here.
    #[cfg(feature = "std")]
    pub fn play_uci(&mut self, text: &str) -> Result<(), PositionError> {
        let mv = cozy_chess::util::parse_uci_move(&self.board, text)
            .map_err(|_| PositionError::IllegalMove(text.to_string()))?;
        self.play(ChessMove(mv)).map_err(|_| PositionError::IllegalMove(text.to_string()))
    }

    /// A move in UCI notation (castling as the king's two-square move).
    #[cfg(feature = "std")]
    pub fn uci(&self, mv: ChessMove) -> String {
        self.uci_move(mv).as_str().to_string()
    }

    /// A move in UCI notation (castling as the king's two-square move), without allocating.
    pub fn uci_move(&self, mv: ChessMove) -> UciMove {
        use core::fmt::Write as _;
        let mut text = UciMove::new();
        // Cannot fail: two squares and a promotion piece are at most five characters.
        let _ = write!(text, "{}", cozy_chess::util::display_uci_move(&self.board, mv.0));
        text
    }

    /// Records the key of the position before a move: the game's or the search's.
    fn push_key(&mut self) {
        let key = self.board.hash();
        #[cfg(feature = "std")]
        self.keys.push(key);
        #[cfg(not(feature = "std"))]
        {
            if self.keys.is_full() {
                // Only under an engine deeper than `MAX_PLY`: the oldest key goes.
                self.keys.remove(0);
                self.root_len = self.root_len.saturating_sub(1);
            }
            // Cannot fail: there is room now.
            let _ = self.keys.push(key);
        }
    }

    /// The legal moves, in the engine's order.
    #[cfg(feature = "std")]
    pub fn legal_moves(&self) -> Vec<ChessMove> {
        let mut list = MoveList::<ChessMove, MAX_MOVES>::new();
        self.generate_moves(&mut list);
        list.as_slice().to_vec()
    }

    /// `true` when the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// A draw by the fifty-move rule, repetition or insufficient material, for a position
    /// below the root of a search (the root itself is searched whatever its history, so that
    /// the engine always has a move to give).
    ///
    /// Repetition: a position that occurred earlier in the search path (twofold, the usual
    /// rule inside a search: the side that repeats could repeat again), or twice before in
    /// the game (threefold).
    pub fn is_draw(&self) -> bool {
        if self.keys.len() == self.root_len {
            return false;
        }
        if self.board.halfmove_clock() >= 100 {
            // Checkmate on the hundredth half-move still counts as a mate.
            return !self.in_check() || self.has_legal_move();
        }
        self.is_repetition() || self.insufficient_material()
    }

    fn is_repetition(&self) -> bool {
        let key = self.board.hash();
        let n = self.keys.len();
        let reversible = usize::from(self.board.halfmove_clock()).min(n);
        let mut earlier = 0;
        // Same side to move: 2, 4, … plies back, as far as the last irreversible move.
        let mut back = 4;
        while back <= reversible {
            let index = n - back;
            if self.keys[index] == key {
                if index >= self.root_len {
                    return true;
                }
                earlier += 1;
                if earlier == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Neither side can mate: kings alone, or a king and one minor piece against a king.
    fn insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        (b.pieces(Piece::Knight) | b.pieces(Piece::Bishop)).len() <= 1
    }

    fn has_legal_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// The piece a move captures (a pawn for en passant), if any. Castling (the king onto
    /// its own rook in cozy-chess) captures nothing.
    pub fn captured(&self, mv: ChessMove) -> Option<Piece> {
        let mv = mv.0;
        let them = !self.board.side_to_move();
        if self.board.colors(them).has(mv.to) {
            return self.board.piece_on(mv.to);
        }
        let pawn = self.board.piece_on(mv.from) == Some(Piece::Pawn);
        if pawn && mv.from.file() != mv.to.file() {
            return Some(Piece::Pawn);
        }
        None
    }

    /// Static exchange evaluation of a move to `mv.to` (the classic swap algorithm, as on the
    /// Chess Programming Wiki's "SEE - The Swap Algorithm"): the material the mover wins
    /// when both sides keep capturing on the square with their least valuable attacker and
    /// either may stop. Promotions are counted as the pawn's value.
    pub fn see(&self, mv: ChessMove) -> i32 {
        let b = &self.board;
        let (from, to) = (mv.0.from, mv.0.to);
        let Some(mut attacker) = b.piece_on(from) else { return 0 };
        let mut gain = [0i32; 34];
        gain[0] = self.captured(mv).map_or(0, eval::see_value);
        let mut occupied = b.occupied() ^ from.bitboard();
        if attacker == Piece::Pawn && from.file() != to.file() && !b.occupied().has(to) {
            // En passant: the captured pawn leaves its own square.
            occupied ^= Square::new(to.file(), from.rank()).bitboard();
        }
        let mut side = !b.side_to_move();
        let mut d = 0;
        loop {
            d += 1;
            gain[d] = eval::see_value(attacker) - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 || d == 32 {
                break;
            }
            let attackers = attackers_to(b, to, occupied) & occupied & b.colors(side);
            let Some((piece, square)) = least_valuable(b, attackers) else { break };
            occupied ^= square.bitboard();
            attacker = piece;
            side = !side;
        }
        while d > 1 {
            d -= 1;
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        }
        gain[0]
    }

    /// The MVV-LVA key of a capture (most valuable victim first, then least valuable
    /// attacker), lowered below every winning capture when the exchange loses material.
    fn capture_key(&self, mv: ChessMove) -> i32 {
        let victim = self.captured(mv).map_or(0, eval::see_value);
        let piece = self.board.piece_on(mv.0.from).unwrap_or(Piece::Pawn);
        let promotion = if mv.0.promotion == Some(Piece::Queen) { 900 } else { 0 };
        let key = (victim + promotion) * 8 - piece as i32;
        if self.loses_material(mv) {
            key - 100_000
        } else {
            key
        }
    }

    /// Whether the tactical move `mv` loses material by static exchange evaluation.
    fn loses_material(&self, mv: ChessMove) -> bool {
        let victim = self.captured(mv).map_or(0, eval::see_value);
        let piece = self.board.piece_on(mv.0.from).unwrap_or(Piece::Pawn);
        // Taking a piece worth at least the taker's never loses material: no exchange to see.
        eval::see_value(piece) > victim && self.see(mv) < 0
    }

    /// Every legal move, tactical ones (captures and promotions) first by
    /// [`Position::capture_key`], then the quiet ones in cozy-chess's order. With
    /// `tactical_only`, the captures that do not lose material and the queen promotions
    /// alone (the quiescence policy: static exchange evaluation prunes the losing ones).
    fn generate<const N: usize>(&self, moves: &mut MoveList<ChessMove, N>, tactical_only: bool) {
        let board = &self.board;
        let them = board.colors(!board.side_to_move());
        let mut tactical = heapless::Vec::<(i32, ChessMove), MAX_MOVES>::new();
        let ep = board.en_passant().map(|file| {
            let rank = if board.side_to_move() == Color::White {
                cozy_chess::Rank::Sixth
            } else {
                cozy_chess::Rank::Third
            };
            Square::new(file, rank).bitboard()
        });
        let ep = ep.unwrap_or(BitBoard::EMPTY);
        board.generate_moves(|piece_moves| {
            let pawn = piece_moves.piece == Piece::Pawn;
            let targets = if pawn { them | ep } else { them };
            for mv in piece_moves {
                let mv = ChessMove(mv);
                let capture = targets.has(mv.0.to) && (!pawn || mv.0.from.file() != mv.0.to.file());
                let promotion = mv.0.promotion;
                if capture || promotion.is_some() {
                    if tactical_only && !capture && promotion != Some(Piece::Queen) {
                        continue;
                    }
                    if tactical_only && promotion.is_some() && promotion != Some(Piece::Queen) {
                        continue;
                    }
                    // Never full: a position has at most `MAX_MOVES` moves.
                    let _ = tactical.push((self.capture_key(mv), mv));
                } else if !tactical_only {
                    let _ = moves.push(mv);
                }
            }
            false
        });
        tactical.sort_unstable_by_key(|&(key, mv)| (-key, mv.move_code()));
        // The tactical moves go in front of the quiet ones already in the list.
        let quiet = moves.len();
        for &(key, mv) in tactical.iter() {
            if tactical_only && key < -50_000 {
                continue;
            }
            let _ = moves.push(mv);
        }
        let slice = moves.as_mut_slice();
        slice.rotate_left(quiet);
    }
}

impl<const CHECK_EXTENSION: bool> Game for Position<CHECK_EXTENSION> {
    type Move = ChessMove;
    type Player = Color;
    type Undo = Board;

    fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<ChessMove, N>) {
        self.generate(moves, false);
    }

    fn make_move(&mut self, mv: ChessMove) -> Board {
        self.push_key();
        let before = self.board.clone();
        self.board.play_unchecked(mv.0);
        before
    }

    fn unmake_move(&mut self, _: ChessMove, before: Board) {
        self.board = before;
        self.keys.pop();
    }

    fn is_terminal(&self) -> bool {
        self.is_draw()
    }

    fn zobrist_key(&self) -> u64 {
        self.board.hash()
    }

    fn is_tactical(&self, mv: ChessMove) -> bool {
        mv.0.promotion.is_some() || self.captured(mv).is_some()
    }

    const EXTENSIONS: bool = CHECK_EXTENSION;

    fn extension(&self) -> u32 {
        u32::from(self.in_check())
    }

    const NULL_MOVE: bool = true;

    /// Not in check, and the side to move has a piece besides pawns (zugzwang is common in
    /// pawn endgames, where a pass would be better than every move).
    fn null_move_allowed(&self) -> bool {
        let b = &self.board;
        let ours = b.colors(b.side_to_move());
        let pieces = ours & !(b.pieces(Piece::Pawn) | b.pieces(Piece::King));
        !self.in_check() && !pieces.is_empty()
    }

    fn make_null_move(&mut self) -> Option<Board> {
        let after = self.board.null_move()?;
        self.push_key();
        Some(core::mem::replace(&mut self.board, after))
    }

    fn unmake_null_move(&mut self, before: Board) {
        self.board = before;
        self.keys.pop();
    }

    const QUIESCENCE: bool = true;

    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<ChessMove, N>) {
        self.generate(moves, true);
    }

    /// In check, every move must be searched: there is no standing pat.
    fn may_stand_pat(&self) -> bool {
        !self.in_check()
    }
}

/// The tapered evaluation ([`eval::pesto`]: tables that started as PeSTO's and positional
/// terms, tuned together), with draws at 0 and checkmate as a loss at the ply it happens.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pesto;

impl<const X: bool> Evaluator<Position<X>> for Pesto {
    type Score = i32;

    fn evaluate(&self, game: &Position<X>, player: Color, ctx: EvalContext) -> i32 {
        game_end(game, ctx).unwrap_or_else(|| eval::pesto(&game.board, player))
    }
}

/// The score of a position whose game is over for the evaluation: a draw 0, checkmate a loss
/// at the ply it happens; `None` for a position to score by its pieces.
fn game_end<const X: bool>(game: &Position<X>, ctx: EvalContext) -> Option<i32> {
    if game.is_draw() {
        return Some(0);
    }
    // Checkmate and stalemate are looked for where they can be: in check (rare, and the
    // search calls here for a position in check only when it has no move or at the end of
    // quiescence), and where the search found no move (`depth_left > 0`). A horizon
    // position that is stalemate scores as it stands, as in most engines.
    if (game.in_check() || ctx.depth_left > 0) && !game.has_legal_move() {
        return Some(if game.in_check() { i32::loss_in(ctx.ply) } else { 0 });
    }
    None
}

/// [`Pesto`] with a cache of its scores by Zobrist key, shared by the threads of a search
/// (and by the engine's searches, until [`CachedPesto::clear`]): the same scores, each
/// position's computed once while it stays in the cache.
///
/// `2^bits` entries of 8 bytes, direct-mapped by the key's low bits, each holding the key's
/// high 32 bits and White's [`eval::position_score`] in one atomic word, so threads read and
/// write it without locks and a torn entry cannot occur. The score of a position whose high
/// key bits equal another's in the same entry would be taken for it: with 32 bits checked,
/// about one position in 4 billion of those the entry sees.
#[cfg(feature = "std")]
#[derive(Clone, Debug)]
pub struct CachedPesto {
    entries: std::sync::Arc<[core::sync::atomic::AtomicU64]>,
}

#[cfg(feature = "std")]
impl CachedPesto {
    /// A cache of `2^bits` entries (`bits` at most 30), empty.
    pub fn new(bits: u32) -> Self {
        let entries = (0..1usize << bits.min(30)).map(|_| Default::default()).collect();
        Self { entries }
    }

    /// Forgets every score.
    pub fn clear(&self) {
        for entry in self.entries.iter() {
            entry.store(0, core::sync::atomic::Ordering::Relaxed);
        }
    }

    /// White's score of the placement on `board` (its key `key`), from the cache or computed.
    fn white_score(&self, board: &Board, key: u64) -> i32 {
        use core::sync::atomic::Ordering::Relaxed;
        let entry = &self.entries[key as usize & (self.entries.len() - 1)];
        let word = entry.load(Relaxed);
        // An empty entry (0) can match only a key whose high half is 0: computed again.
        if word != 0 && word >> 32 == key >> 32 {
            return word as u32 as i32;
        }
        let score = eval::position_score(board, Color::White);
        entry.store(key & !0xffff_ffff | u64::from(score as u32), Relaxed);
        score
    }
}

#[cfg(feature = "std")]
impl<const X: bool> Evaluator<Position<X>> for CachedPesto {
    type Score = i32;

    fn evaluate(&self, game: &Position<X>, player: Color, ctx: EvalContext) -> i32 {
        game_end(game, ctx).unwrap_or_else(|| {
            let white = self.white_score(&game.board, game.board.hash());
            let score = if player == Color::White { white } else { -white };
            eval::with_fifty_moves(&game.board, score)
        })
    }
}

/// The number of leaf nodes of the legal-move tree `depth` plies deep (perft), counted
/// through the [`Game`] trait: [`Game::generate_moves`], [`Game::make_move`] and
/// [`Game::unmake_move`], as the search uses them.
pub fn perft<const X: bool>(position: &mut Position<X>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::<ChessMove, MAX_MOVES>::new();
    position.generate_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut leaves = 0;
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        leaves += perft(position, depth - 1);
        position.unmake_move(mv, undo);
    }
    leaves
}

/// The pieces of `board` on `occupied` that attack `square`, of both colours.
fn attackers_to(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    use cozy_chess::{
        get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves,
    };
    let pawns = board.pieces(Piece::Pawn);
    let queens = board.pieces(Piece::Queen);
    (get_pawn_attacks(square, Color::White) & pawns & board.colors(Color::Black))
        | (get_pawn_attacks(square, Color::Black) & pawns & board.colors(Color::White))
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_bishop_moves(square, occupied) & (board.pieces(Piece::Bishop) | queens))
        | (get_rook_moves(square, occupied) & (board.pieces(Piece::Rook) | queens))
}

/// The least valuable piece among `attackers`, with its square.
fn least_valuable(board: &Board, attackers: BitBoard) -> Option<(Piece, Square)> {
    Piece::ALL.into_iter().find_map(|piece| {
        (attackers & board.pieces(piece)).next_square().map(|square| (piece, square))
    })
}

#[cfg(test)]
mod tests {
    //! The repetition history as a game and a search grow it; these run with and without the
    //! `std` feature (`cargo test -p alphabeta-chess --lib --no-default-features` tests the
    //! fixed-capacity history).

    use super::*;

    fn mv(position: &Position, text: &str) -> ChessMove {
        ChessMove(cozy_chess::util::parse_uci_move(position.board(), text).unwrap())
    }

    fn play_all(position: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            let m = mv(position, text);
            position.play(m).unwrap();
        }
    }

    /// A rook's moves up its file have an entry each in the engine's history; the library's
    /// default size would give them one.
    #[test]
    fn the_history_tells_apart_the_moves_from_a_square_to_a_file() {
        use alphabeta::ordering::{MoveSorter, OrderingHints};
        let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false).unwrap();
        let position = Position::from_board(board);
        let (up4, up7) = (mv(&position, "a1a4"), mv(&position, "a1a7"));
        let hints = OrderingHints {
            ply: 0,
            depth: 5,
            pv_move: None,
            tt_move: None,
            side: 0,
            last_move: None,
        };
        let mut engine = ChessSorter::new();
        let mut folded = DefaultSorter::<ChessMove, MAX_PLY>::new();
        engine.on_cutoff(&position, up4, &[], &hints);
        folded.on_cutoff(&position, up4, &[], &hints);
        // The bonus of a cutoff 5 plies deep: 5 * 5.
        assert_eq!(engine.history(0, up4.move_code()), 25);
        assert_eq!(engine.history(0, up7.move_code()), 0);
        assert_eq!(folded.history(0, up7.move_code()), 25);
    }

    /// The knights out and back: four plies, back to the same position.
    const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8";

    #[test]
    fn threefold_repetition_across_the_game_moves_kept() {
        let mut position = Position::default();
        // The pawn moves drop every earlier key: only the knights' moves remain.
        play_all(&mut position, "e2e4 e7e5");
        assert_eq!(position.keys.len(), 0);
        play_all(&mut position, SHUFFLE);
        assert_eq!((position.keys.len(), position.root_len), (4, 4));
        // Ng1-f3 in a search: the position after it occurred once in the game: no draw yet.
        let nf3 = mv(&position, "g1f3");
        let undo = position.make_move(nf3);
        assert!(!position.is_draw());
        position.unmake_move(nf3, undo);
        // Once more: now it occurred twice before, and a third time is a draw.
        play_all(&mut position, SHUFFLE);
        let nf3 = mv(&position, "g1f3");
        let undo = position.make_move(nf3);
        assert!(position.is_draw());
        position.unmake_move(nf3, undo);
        assert_eq!(position.keys.len(), 8);
    }

    #[test]
    fn a_game_keeps_at_most_the_last_hundred_keys() {
        let mut position = Position::default();
        for _ in 0..40 {
            play_all(&mut position, SHUFFLE);
        }
        // 160 plies without a capture or a pawn move (cozy-chess's clock stops at 100): the
        // last 100 keys.
        assert_eq!(position.board().halfmove_clock(), 100);
        assert_eq!((position.keys.len(), position.root_len), (100, 100));
        // The fifty-move rule has the first word below the root.
        let nf3 = mv(&position, "g1f3");
        let undo = position.make_move(nf3);
        assert!(position.is_draw());
        position.unmake_move(nf3, undo);
    }

    #[test]
    fn an_illegal_move_leaves_the_position_unchanged() {
        let mut position = Position::default();
        play_all(&mut position, "g1f3");
        let before = position.board().hash();
        let illegal = ChessMove(Move { from: Square::E2, to: Square::E5, promotion: None });
        assert_eq!(position.play(illegal), Err(IllegalMove(illegal)));
        assert_eq!((position.board().hash(), position.keys.len()), (before, 1));
        assert_eq!(IllegalMove(illegal).to_string(), "illegal move: e2e5");
    }

    #[test]
    fn uci_moves_are_written_in_place() {
        let position: Position = Position::from_board(
            Board::from_fen("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1", false).unwrap(),
        );
        assert_eq!(position.uci_move(mv(&position, "e1g1")).as_str(), "e1g1");
        assert_eq!(position.uci_move(mv(&position, "e1c1")).as_str(), "e1c1");
        assert_eq!(position.uci_move(mv(&position, "b7b8q")).as_str(), "b7b8q");
        assert_eq!(position.uci_move(mv(&position, "a1a7")).as_str(), "a1a7");
    }

    /// Without `std`, a search path longer than the room left forgets the oldest keys, and
    /// its moves are undone in order.
    #[cfg(not(feature = "std"))]
    #[test]
    fn a_full_history_forgets_its_oldest_key() {
        let mut position = Position::default();
        for _ in 0..25 {
            play_all(&mut position, SHUFFLE);
        }
        assert_eq!(position.keys.len(), 100);
        let mut undos = heapless::Vec::<(ChessMove, Board), 256>::new();
        // 140 plies more in a "search": 12 past the capacity of 228.
        for i in 0..140 {
            let m = mv(&position, SHUFFLE.split_whitespace().nth(i % 4).unwrap());
            let undo = position.make_move(m);
            undos.push((m, undo)).unwrap();
        }
        assert_eq!((position.keys.len(), position.root_len), (HISTORY_CAPACITY, 88));
        while let Some((m, undo)) = undos.pop() {
            position.unmake_move(m, undo);
        }
        assert_eq!((position.keys.len(), position.root_len), (88, 88));
        assert_eq!(position.board().hash(), Board::default().hash());
    }
}

#[cfg(all(test, feature = "std"))]
mod cache_tests {
    use super::*;

    /// The cached evaluation equals the evaluation on every position of Win At Chess, for
    /// both sides, at every fifty-move count tried, computed or taken from the cache (a cache
    /// of 16 entries: most positions find another's score in their entry, and must not take
    /// it; a clone shares the cache; a cleared cache computes again).
    #[test]
    fn the_cached_evaluation_equals_the_evaluation() {
        let cache = CachedPesto::new(4);
        let shared = cache.clone();
        let ctx = EvalContext { ply: 3, depth_left: 0 };
        let mut checked = 0;
        for line in include_str!("../data/wac.epd").lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            for count in [0, 37, 99] {
                let fen = format!("{} {count} 60", fields.join(" "));
                let position = Position::<true>::from_fen(&fen).unwrap();
                for _ in 0..2 {
                    for player in [Color::White, Color::Black] {
                        let expected = Pesto.evaluate(&position, player, ctx);
                        assert_eq!(cache.evaluate(&position, player, ctx), expected, "{fen}");
                        assert_eq!(shared.evaluate(&position, player, ctx), expected, "{fen}");
                    }
                }
                checked += 1;
            }
            if checked % 30 == 0 {
                cache.clear();
            }
        }
        assert_eq!(checked, 900);
        let position = Position::<true>::default();
        let tempo = eval::WEIGHTS[eval::Term::Tempo as usize].0;
        assert_eq!(cache.evaluate(&position, Color::White, ctx), tempo);
        // Its entry holds a score; none after a clear.
        assert!(cache.entries.iter().any(|e| e.load(core::sync::atomic::Ordering::Relaxed) != 0));
        cache.clear();
        assert!(cache.entries.iter().all(|e| e.load(core::sync::atomic::Ordering::Relaxed) == 0));
    }
}
