//! A chess engine on the `alphabeta` library: [`cozy_chess`] for the board and the legal
//! moves, the library's search (alpha-beta, PVS, the transposition table, move ordering,
//! null-move pruning, LMR, quiescence, iterative deepening, threads), PeSTO's evaluation, and
//! a UCI front end ([`uci`]).
//!
//! [`Position`] is the library's [`Game`]: a board plus the keys of the positions before it
//! (the game's and the search path's), which the draw by repetition needs. [`Pesto`] is its
//! [`Evaluator`].
//!
//! ```
//! use alphabeta::{Config, Engine, Limits};
//! use alphabeta_chess::{Pesto, Position, MAX_MOVES, MAX_PLY};
//! // White mates in one: Ra8#.
//! let mut position: Position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut engine = Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Pesto, Config::new());
//! let result = engine.search(&mut position, &Limits::depth(3)).unwrap();
//! assert_eq!(position.uci(result.best_move.unwrap()), "a1a8");
//! ```

pub mod eval;
pub mod uci;

use alphabeta::{EvalContext, Evaluator, Game, MoveCode, MoveList, Score};
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};

/// Room for every legal move of a chess position (the most known is 218).
pub const MAX_MOVES: usize = 256;
/// The engine's ply capacity: the deepest line, extensions and quiescence included.
pub const MAX_PLY: usize = 128;

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
}

/// A position in a game: the board and the keys of the positions before it, oldest first.
///
/// `CHECK_EXTENSION` (on by default) extends by one ply every move that gives check
/// ([`Game::extension`]); the benchmark of the library's cost turns it off to compare with a
/// hand-written search that has none.
#[derive(Clone, Debug)]
pub struct Position<const CHECK_EXTENSION: bool = true> {
    board: Board,
    /// Zobrist keys of the positions before this one: the game's, then the search path's.
    keys: Vec<u64>,
    /// How many of `keys` belong to the game before the root of the search.
    root_len: usize,
}

/// Why a FEN or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN does not describe a legal position.
    Fen(String),
    /// The move (UCI notation) is not legal in the position.
    IllegalMove(String),
}

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Fen(fen) => write!(f, "invalid FEN: {fen}"),
            Self::IllegalMove(mv) => write!(f, "illegal move: {mv}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl<const X: bool> Default for Position<X> {
    fn default() -> Self {
        Self::from_board(Board::default())
    }
}

impl<const X: bool> Position<X> {
    /// The position of `board`, with no history.
    pub fn from_board(board: Board) -> Self {
        Self { board, keys: Vec::new(), root_len: 0 }
    }

    /// The position of a FEN (four to six fields; the clocks default to 0 and 1).
    ///
    /// # Errors
    /// [`PositionError::Fen`] when cozy-chess refuses it.
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
    /// [`PositionError::IllegalMove`] for a move that is not legal here.
    pub fn play_uci(&mut self, text: &str) -> Result<(), PositionError> {
        let mv = cozy_chess::util::parse_uci_move(&self.board, text)
            .ok()
            .filter(|&mv| self.board.is_legal(mv))
            .ok_or_else(|| PositionError::IllegalMove(text.to_string()))?;
        self.keys.push(self.board.hash());
        self.board.play_unchecked(mv);
        self.root_len = self.keys.len();
        Ok(())
    }

    /// A move in UCI notation (castling as the king's two-square move).
    pub fn uci(&self, mv: ChessMove) -> String {
        cozy_chess::util::display_uci_move(&self.board, mv.0).to_string()
    }

    /// The legal moves, in the engine's order.
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
        // Taking a piece worth at least the taker's never loses material: no exchange to see.
        if eval::see_value(piece) <= victim || self.see(mv) >= 0 {
            key
        } else {
            key - 100_000
        }
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
        self.keys.push(self.board.hash());
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
        self.keys.push(self.board.hash());
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

/// PeSTO's tapered evaluation with positional terms ([`eval::pesto`]), with draws at 0 and checkmate as a loss at
/// the ply it happens.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pesto;

impl<const X: bool> Evaluator<Position<X>> for Pesto {
    type Score = i32;

    fn evaluate(&self, game: &Position<X>, player: Color, ctx: EvalContext) -> i32 {
        if game.is_draw() {
            return 0;
        }
        // Checkmate and stalemate are looked for where they can be: in check (rare, and the
        // search calls here for a position in check only when it has no move or at the end of
        // quiescence), and where the search found no move (`depth_left > 0`). A horizon
        // position that is stalemate scores as it stands, as in most engines.
        if (game.in_check() || ctx.depth_left > 0) && !game.has_legal_move() {
            return if game.in_check() { i32::loss_in(ctx.ply) } else { 0 };
        }
        eval::pesto(&game.board, player)
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
