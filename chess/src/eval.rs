//! The evaluation: tapered material and piece-square tables, plus mobility, king attack and
//! safety, threats, pawn structure, the bishop pair, rooks on open files and a tempo for the
//! side to move ([`Term`]).
//!
//! A middlegame and an endgame value for every piece on every square and for every term,
//! blended by the game phase (24 with every piece on the board, 0 with pawns and kings only).
//! Centipawns, from the side to move's point of view. The tables started as Ronald
//! Friederich's PeSTO tables as published on the Chess Programming Wiki ("PeSTO's Evaluation
//! Function"), the terms as round guesses; then all of them were tuned together by Texel's
//! method on quiet positions of Stockfish's games against itself (`examples/tune.rs`, whose
//! documentation gives the commands and the data).
//!
//! [`trace`] sends a position's pieces and term counts to a [`Sink`]: the score sums their
//! weights ([`WEIGHTS`] and the tables), the tuner records the counts.

use cozy_chess::{Board, Color, Piece, Square};

/// Middlegame material values: pawn, knight, bishop, rook, queen, king (cozy-chess's
/// [`Piece`] order).
pub const MG_VALUE: [i32; 6] = [73, 368, 377, 491, 1097, 0];
/// Endgame material values, as [`MG_VALUE`].
pub const EG_VALUE: [i32; 6] = [86, 349, 355, 601, 1029, 0];
/// Phase weight of each piece (knight and bishop 1, rook 2, queen 4).
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The middlegame square tables as printed: rank 8 first, a-file first (index 0 is a8, 63 is
/// h1), for White ([`table_index`]); one table for each piece, in [`MG_VALUE`]'s order.
#[rustfmt::skip]
pub const MG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
      0,   0,   0,   0,   0,   0,   0,   0,
     94, 118,  53, 110,  72, 118,  33,  -1,
      1,  13,  11,  30,  40,  60,  17,   8,
     -4,  15,   3,  26,  32,  31,  20,  -1,
    -14,  -5,   4,  13,  19,  10,   4, -15,
    -19, -11, -10, -21, -11, -14,  12, -24,
    -28,  -9, -11, -15, -15,  19,  16, -20,
      0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
    -167, -88, -30, -49,  60, -100, -15, -110,
    -66, -42,  55,  35,  25,  61,   4,  -7,
    -46,  46,  32,  82,  84, 117,  62,  39,
      7,  10,  15,  42,  33,  44,  33,  29,
      1,   8,  17,  24,  25,  26,   7,  17,
    -20,   2,   3,  -3,  23,  11,  15,  -8,
    -29, -59, -13,  -1,  11,   3,   6, -17,
    -101, -30, -50, -13, -15, -12, -17, -28,
    ],
    [ // bishop
    -38,   5, -81, -35, -25, -44,   7, -17,
    -21,   8, -15, -14,  22,  53,  12, -36,
     -7,  26,  38,  35,  36,  44,  41,   7,
     -6,  14,  15,  37,  38,  29,  19,  -1,
      0,  -7,  13,  30,  21,   9,   4,   9,
      3,  13,  20,  10,  12,  11,   9,   5,
     30,  15,  16,   4,  11,  21,  20,  15,
    -18,   5,  -7, -11, -22, -11, -22,   1,
    ],
    [ // rook
     35,  47,  28,  43,  54,  10,  33,  49,
     19,  24,  44,  67,  78,  69,  31,  42,
     -1,  21,  25,  44,  26,  45,  59,  21,
    -16,  -4,   6,  26,  16,  34,  10,  -5,
    -25, -25,  -7,   8,   8,  -7,   6, -18,
    -37, -13, -11, -15,  -1, -10, -14, -20,
    -46, -15, -17, -19, -10,  -9, -31, -54,
    -21, -16,  -7,   7,  12,  -5, -21, -26,
    ],
    [ // queen
    -22,   1,  29,  10,  57,  49,  43,  44,
     -4, -44,  -6,   1, -14,  56,  25,  49,
     -7, -11,   5,   7,  24,  55,  48,  42,
    -15, -12, -18,  -4, -11,  16,  -9,   4,
     -8, -25, -18,  -9,  -9,  -7,   0,   8,
    -11,   2, -12,  -7,  -4,  -1,  10, -10,
    -18,   3,   6,  11,  14,  19,  17,   8,
      4, -14,   0,  -6,  -3, -31, -32, -47,
    ],
    [ // king
    -65,  23,  18, -15, -54, -34,   2,  13,
     29,  -1, -19,  -6,  -8,  -4, -36, -30,
     -7,  25,   3, -13, -17,   5,  23, -23,
    -16, -19, -10, -26, -32, -20, -13, -38,
    -45,  -1, -24, -41, -44, -45, -30, -53,
     -7, -15, -22, -48, -51, -43, -21, -36,
     -5,  12, -13, -44, -41, -30,  -6,   4,
      5,  49,  22, -47, -13, -33,  17,  16,
    ],
];

/// The endgame square tables, as [`MG_TABLE`].
#[rustfmt::skip]
pub const EG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
      0,   0,   0,   0,   0,   0,   0,   0,
    153, 145, 154, 157, 151, 134, 171, 193,
     64,  63,  74,  68,  51,  65,  69,  70,
     17,   7,   9,  11,  -3,  18,  10,  19,
      6,  -5,   1, -13,  -6,   2,   7,   3,
      3,  -5,   0,  15,  14,  14,  -2,   5,
     18,   0,  21,  24,  34,  16,  11,   2,
      0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
    -58, -34, -10, -26, -33, -27, -63, -99,
    -17,  -5, -31,  -4, -13, -23, -33, -45,
    -19, -10,  18,   4,  -8, -25, -21, -35,
     -6,   6,  11,  27,  15,  13,   5, -24,
    -18,   4,  21,  25,  17,  17,   1, -13,
    -34,   2,   2,  20,  15,  -6, -10, -21,
    -47, -16,  -9, -15, -14,  -9, -16, -39,
    -32, -35, -24,  -7, -16, -13, -43, -63,
    ],
    [ // bishop
    -12, -11, -11,   0,  -8,  -8, -15, -27,
     -3,  -1,  10, -17, -13, -19,  -4,  -8,
      3, -15,  -2,  11,  -6,   5,   1,   0,
      4,   6,   8,   6,  12,  12,   9,   4,
     -1, -12,  12,  21,   9,  10,   4, -12,
    -13,  -1,   7,   0,   5,  -3,   7,  -1,
      2, -14, -14,  -9,  -4,   0, -26, -12,
    -23,  12, -28,  -4, -20,  -9,   7, -11,
    ],
    [ // rook
     16,  17,  10,   7,   4,  23,  12,   8,
     15,  13,   0,   8,  -6,   2,  13,   5,
     15,  16,   5,  12,   5,   3,  -3,   2,
     20,  10,   7,   3,  -4,   3,  11,   8,
     16,   4,  20,  -2,   3,   7,   1,   1,
      5,   6,   6,  -4,  -6,  -7,  -4, -10,
      3, -11,   3,  -3,   3, -22, -12, -16,
     -4, -11,  -9, -20, -22, -11,  -8, -18,
    ],
    [ // queen
     -3,  22,  21,  26,  25,  23,   9,  18,
     -5,  22,  32,  41,  61,  27,  33,  -1,
    -14,  12,  12,  48,  46,  36,  26,  10,
      6,  24,  27,  52,  58,  47,  62,  39,
    -16,  27,  35,  48,  31,  31,  34,  22,
    -14, -21,  19,   5,  13,  14,  10,   1,
    -18, -17, -27, -18, -34, -23, -35, -29,
    -31, -23, -21, -37, -19, -32, -22, -38,
    ],
    [ // king
    -74, -34, -11, -19,  -9,  15,   3, -17,
    -15,  15,  18,  21,  14,  40,  31,   7,
     14,  19,  31,  22,  29,  41,  53,   8,
     -6,  20,  30,  38,  35,  47,  34,   0,
    -11,  -1,  12,  21,  33,  17,  23,  -9,
    -18,  -6,  13,  22,  14,  13,   9, -12,
    -29,  -7,   0,   5,   2,  -1,  -8, -24,
    -46, -49, -28, -28, -37, -22, -31, -42,
    ],
];

/// Material plus square, middlegame and endgame, for a piece of `color` on `square`
/// (cozy-chess numbers squares from a1 = 0 to h8 = 63).
struct Tables {
    mg: [[[i32; 64]; 6]; 2],
    eg: [[[i32; 64]; 6]; 2],
}

/// The index into [`MG_TABLE`] and [`EG_TABLE`] of a piece of `color` on `square`: the tables
/// are printed for White with a8 first, so White's a1 (0) is index 56 and Black's a1 is its
/// own a8 from Black's side, index 0.
pub const fn table_index(color: Color, square: usize) -> usize {
    match color {
        Color::White => square ^ 56,
        Color::Black => square,
    }
}

const fn build_tables() -> Tables {
    let mut mg = [[[0; 64]; 6]; 2];
    let mut eg = [[[0; 64]; 6]; 2];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            let (w, b) = (table_index(Color::White, square), table_index(Color::Black, square));
            mg[0][piece][square] = MG_VALUE[piece] + MG_TABLE[piece][w];
            eg[0][piece][square] = EG_VALUE[piece] + EG_TABLE[piece][w];
            mg[1][piece][square] = MG_VALUE[piece] + MG_TABLE[piece][b];
            eg[1][piece][square] = EG_VALUE[piece] + EG_TABLE[piece][b];
            square += 1;
        }
        piece += 1;
    }
    Tables { mg, eg }
}

static TABLES: Tables = build_tables();

/// The evaluation's terms beyond the material and square tables, each weighed by its
/// [`WEIGHTS`] entry (middlegame, endgame centipawns) times a count for a side: see [`trace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Term {
    /// Safe squares a knight attacks (none of ours, none their pawns attack) above 4.
    KnightMobility,
    /// Safe squares a bishop attacks above 6.
    BishopMobility,
    /// Safe squares a rook attacks above 7.
    RookMobility,
    /// Safe squares a queen attacks above 13.
    QueenMobility,
    /// With two pieces or more attacking the squares around their king: the square of the
    /// sum of each attacker's weight (minor 2, rook 3, queen 5) times the squares it hits,
    /// over 4.
    KingAttack,
    /// The squares around their king (and its own) our knights, bishops, rooks and queens
    /// attack, summed over the pieces.
    KingZoneHits,
    /// Our pawns on the files of their king and the adjacent ones, on our fourth to sixth
    /// ranks (a pawn storm).
    PawnStorm,
    /// Their knights, bishops, rooks and queens our pawns attack.
    ThreatByPawn,
    /// Their rooks and queens our knights and bishops attack.
    ThreatByMinor,
    /// Their queens our rooks attack.
    ThreatByRook,
    /// Two bishops or more.
    BishopPair,
    /// A passed pawn on its second rank (from its own side); the next five terms the third
    /// to the seventh.
    Passed2,
    /// See [`Term::Passed2`].
    Passed3,
    /// See [`Term::Passed2`].
    Passed4,
    /// See [`Term::Passed2`].
    Passed5,
    /// See [`Term::Passed2`].
    Passed6,
    /// See [`Term::Passed2`].
    Passed7,
    /// A passed pawn from its fourth rank on: their king's distance to the square in front of
    /// it (in king moves, at most 5) times the pawn's rank from its side less 2.
    PassedTheirKing,
    /// The same with our king's distance.
    PassedOurKing,
    /// A passed pawn from its fourth rank on with a piece on the square in front of it, times
    /// the pawn's rank from its side less 2.
    PassedBlocked,
    /// A pawn a pawn of ours defends.
    Supported,
    /// A pawn with a pawn of ours beside it on its rank.
    Phalanx,
    /// A pawn with no pawn of ours on the files beside it.
    Isolated,
    /// Pawns of ours beyond one on a file.
    Doubled,
    /// A rook on a file without pawns.
    RookOpenFile,
    /// A rook on a file with their pawns alone.
    RookHalfOpenFile,
    /// Our pawns on the two ranks in front of our king on its file and the adjacent ones (at
    /// most 3).
    Shield,
    /// Files at our king (its own and the adjacent ones) without pawns.
    KingOpenFile,
    /// Files at our king with their pawns alone.
    KingHalfOpenFile,
    /// The side to move.
    Tempo,
}

/// The number of [`Term`]s.
pub const TERMS: usize = Term::Tempo as usize + 1;

impl Term {
    /// Every term, in order.
    pub const ALL: [Term; TERMS] = [
        Term::KnightMobility,
        Term::BishopMobility,
        Term::RookMobility,
        Term::QueenMobility,
        Term::KingAttack,
        Term::KingZoneHits,
        Term::PawnStorm,
        Term::ThreatByPawn,
        Term::ThreatByMinor,
        Term::ThreatByRook,
        Term::BishopPair,
        Term::Passed2,
        Term::Passed3,
        Term::Passed4,
        Term::Passed5,
        Term::Passed6,
        Term::Passed7,
        Term::PassedTheirKing,
        Term::PassedOurKing,
        Term::PassedBlocked,
        Term::Supported,
        Term::Phalanx,
        Term::Isolated,
        Term::Doubled,
        Term::RookOpenFile,
        Term::RookHalfOpenFile,
        Term::Shield,
        Term::KingOpenFile,
        Term::KingHalfOpenFile,
        Term::Tempo,
    ];
}

/// A sink for the evaluation's terms ([`trace`]): the score sums the weights, a tuner records
/// the counts.
pub trait Sink {
    /// A piece of `color` on `square`: its material and square table values.
    fn piece(&mut self, color: Color, piece: Piece, square: Square);
    /// `count` times `term` for `color`.
    fn term(&mut self, color: Color, term: Term, count: i32);
}

/// The sums of the weights, per side: middlegame and endgame.
#[derive(Default)]
struct Sum {
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Sink for Sum {
    #[inline(always)]
    fn piece(&mut self, color: Color, piece: Piece, square: Square) {
        let (c, p, s) = (color as usize, piece as usize, square as usize);
        self.mg[c] += TABLES.mg[c][p][s];
        self.eg[c] += TABLES.eg[c][p][s];
    }

    #[inline(always)]
    fn term(&mut self, color: Color, term: Term, count: i32) {
        let (mg, eg) = WEIGHTS[term as usize];
        self.mg[color as usize] += mg * count;
        self.eg[color as usize] += eg * count;
    }
}

/// The score of `board` for `color`, in centipawns: the material and square tables plus the
/// [`Term`]s, tapered by phase (the middlegame's share is the phase over 24), the endgame's
/// part scaled by [`endgame_scale`], and [`with_fifty_moves`].
pub fn pesto(board: &Board, color: Color) -> i32 {
    with_fifty_moves(board, position_score(board, color))
}

/// The score `score` of `board` scaled toward a draw as the fifty-move rule nears: all of it
/// with no half-move since the last capture or pawn move, half of it at 100 (a won position
/// is worth more with progress).
pub fn with_fifty_moves(board: &Board, score: i32) -> i32 {
    score * (200 - i32::from(board.halfmove_clock()).min(100)) / 200
}

/// Every piece and every term of `board` into `sink`, both sides.
pub fn trace(board: &Board, sink: &mut impl Sink) {
    for side in [Color::White, Color::Black] {
        let ours = board.colors(side);
        for piece in Piece::ALL {
            for square in board.pieces(piece) & ours {
                sink.piece(side, piece, square);
            }
        }
        terms(board, side, sink);
    }
    sink.term(board.side_to_move(), Term::Tempo, 1);
}

/// The game phase's weight in the taper: the middlegame's share is `phase / 24`.
pub fn phase(board: &Board) -> i32 {
    let phase: u32 =
        Piece::ALL.iter().map(|&p| board.pieces(p).len() * PHASE[p as usize] as u32).sum();
    (phase as i32).min(24)
}

/// [`pesto`] before [`with_fifty_moves`]: the score of the placement of the pieces and the
/// side to move alone, what the position's Zobrist key covers (a cache may keep it by key).
/// `position_score(board, !color) == -position_score(board, color)`.
pub fn position_score(board: &Board, color: Color) -> i32 {
    let mut sum = Sum::default();
    trace(board, &mut sum);
    let phase = phase(board);
    let us = color as usize;
    let them = 1 - us;
    let mg = sum.mg[us] - sum.mg[them];
    let eg = sum.eg[us] - sum.eg[them];
    let strong = if eg >= 0 { color } else { !color };
    let eg = eg * endgame_scale(board, strong) / 64;
    (mg * phase + eg * (24 - phase)) / 24
}

/// The material values the endgame's scale reads: PeSTO's middlegame values, fixed (not the
/// tuned ones, so that tuning the material does not move the scale's thresholds).
const SCALE_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];

/// The [`SCALE_VALUE`]s of the pieces of `side` other than its pawns and king.
fn non_pawn_material(board: &Board, side: Color) -> i32 {
    let ours = board.colors(side);
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .map(|piece| (board.pieces(piece) & ours).len() as i32 * SCALE_VALUE[piece as usize])
        .sum()
}

/// How much of the endgame score `strong` (the side it favours) keeps, in 64ths: endings
/// without pawns where the stronger side is at most a bishop up (a lone minor piece 0, most
/// others 4, a rook and a minor against a rook or a minor 14), bishops of opposite colours
/// alone (18 and 4 more for each passed pawn of the stronger side), otherwise 36 and 7 more
/// for each pawn of the stronger side, up to 64 (the scale factors of Stockfish's classical
/// evaluation: fewer pawns, fewer winning chances).
pub fn endgame_scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let pawns = board.pieces(Piece::Pawn);
    let strong_pawns = (pawns & board.colors(strong)).len() as i32;
    let (ours, theirs) = (non_pawn_material(board, strong), non_pawn_material(board, weak));
    let bishop = SCALE_VALUE[Piece::Bishop as usize];
    if strong_pawns == 0 && ours - theirs <= bishop {
        return if ours < SCALE_VALUE[Piece::Rook as usize] {
            0
        } else if theirs <= bishop {
            4
        } else {
            14
        };
    }
    let bishops = board.pieces(Piece::Bishop);
    if ours == bishop && theirs == bishop {
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        let (a, b) = ((bishops & board.colors(strong)).0, (bishops & board.colors(weak)).0);
        if (a & DARK == 0) != (b & DARK == 0) {
            let their_pawns = (pawns & board.colors(weak)).0;
            let passed = (pawns & board.colors(strong))
                .into_iter()
                .filter(|square| front_span(square.bitboard().0, strong) & their_pawns == 0)
                .count() as i32;
            return 18 + 4 * passed;
        }
    }
    (36 + 7 * strong_pawns).min(64)
}

/// The a-file, as a bit set (cozy-chess numbers squares from a1 = 0, file first).
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
const FILE_H: u64 = FILE_A << 7;

/// `squares` and their neighbours on the files either side.
fn widen(squares: u64) -> u64 {
    squares | ((squares << 1) & !FILE_A) | ((squares >> 1) & !FILE_H)
}

/// Every square on a file that holds one of `squares`.
fn fill_files(squares: u64) -> u64 {
    let mut f = squares;
    f |= (f << 8) | (f >> 8);
    f |= (f << 16) | (f >> 16);
    f |= f.rotate_left(32);
    f
}

/// The squares in front of `squares`, from `color`'s side, on their files and the adjacent
/// ones (the squares a pawn of `color` on one of them would pass or could be stopped from).
fn front_span(squares: u64, color: Color) -> u64 {
    let mut f = squares;
    if color == Color::White {
        f <<= 8;
        f |= f << 8;
        f |= f << 16;
        f |= f << 32;
    } else {
        f >>= 8;
        f |= f >> 8;
        f |= f >> 16;
        f |= f >> 32;
    }
    widen(f)
}

/// The squares the pawns of `color` on `pawns` attack.
fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    if color == Color::White {
        ((pawns << 9) & !FILE_A) | ((pawns << 7) & !FILE_H)
    } else {
        ((pawns >> 7) & !FILE_A) | ((pawns >> 9) & !FILE_H)
    }
}

/// Mobility: per piece kind, its term, the usual number of safe squares (the term counts the
/// squares above or below it), and the piece's weight in an attack on the king.
const MOBILITY: [(Piece, Term, i32, i32); 4] = [
    (Piece::Knight, Term::KnightMobility, 4, 2),
    (Piece::Bishop, Term::BishopMobility, 6, 2),
    (Piece::Rook, Term::RookMobility, 7, 3),
    (Piece::Queen, Term::QueenMobility, 13, 5),
];

/// The passed pawn terms by the pawn's rank from its own side (0 for the first and last).
const PASSED: [Option<Term>; 8] = [
    None,
    Some(Term::Passed2),
    Some(Term::Passed3),
    Some(Term::Passed4),
    Some(Term::Passed5),
    Some(Term::Passed6),
    Some(Term::Passed7),
    None,
];

/// The number of king moves from `a` to `b`.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The [`Term`]s of `side` into `sink` (every term but the tempo).
fn terms(board: &Board, side: Color, sink: &mut impl Sink) {
    use cozy_chess::{get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves};
    let ours = board.colors(side);
    let occupied = board.occupied();
    let our_pawns = (board.pieces(Piece::Pawn) & ours).0;
    let their_pawns = (board.pieces(Piece::Pawn) & board.colors(!side)).0;

    let our_pawn_attacks = pawn_attacks(our_pawns, side);
    let area = !(ours.0 | pawn_attacks(their_pawns, !side));
    let (our_king, their_king) = (board.king(side), board.king(!side));
    let zone = (get_king_moves(their_king) | their_king.bitboard()).0;
    let mut attackers = 0;
    let mut attack = 0;
    let mut zone_hits = 0;
    let mut minor_attacks = 0u64;
    let mut rook_attacks = 0u64;
    for (piece, term, usual, weight) in MOBILITY {
        let mut squares = 0;
        for square in board.pieces(piece) & ours {
            let attacks = match piece {
                Piece::Knight => get_knight_moves(square),
                Piece::Bishop => get_bishop_moves(square, occupied),
                Piece::Rook => get_rook_moves(square, occupied),
                _ => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
            }
            .0;
            match piece {
                Piece::Knight | Piece::Bishop => minor_attacks |= attacks,
                Piece::Rook => rook_attacks |= attacks,
                _ => {}
            }
            squares += (attacks & area).count_ones() as i32 - usual;
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                attack += weight * hits;
                zone_hits += hits;
            }
        }
        sink.term(side, term, squares);
    }
    if attackers >= 2 {
        sink.term(side, Term::KingAttack, attack * attack / 4);
    }
    sink.term(side, Term::KingZoneHits, zone_hits);
    // Ranks 4 to 6 from our side.
    let storm_ranks =
        if side == Color::White { 0x0000_FFFF_FF00_0000 } else { 0x0000_00FF_FFFF_0000 };
    let storm = fill_files(widen(their_king.bitboard().0)) & storm_ranks & our_pawns;
    sink.term(side, Term::PawnStorm, storm.count_ones() as i32);

    // Threats: their pieces attacked by a lesser piece of ours.
    let theirs = board.colors(!side).0;
    let queens = board.pieces(Piece::Queen).0 & theirs;
    let majors = (board.pieces(Piece::Rook).0 & theirs) | queens;
    let pieces = majors | ((board.pieces(Piece::Knight) | board.pieces(Piece::Bishop)).0 & theirs);
    sink.term(side, Term::ThreatByPawn, (our_pawn_attacks & pieces).count_ones() as i32);
    sink.term(side, Term::ThreatByMinor, (minor_attacks & majors).count_ones() as i32);
    sink.term(side, Term::ThreatByRook, (rook_attacks & queens).count_ones() as i32);

    if (board.pieces(Piece::Bishop) & ours).len() >= 2 {
        sink.term(side, Term::BishopPair, 1);
    }

    let mut isolated = 0;
    for square in board.pieces(Piece::Pawn) & ours {
        let bit = square.bitboard().0;
        if front_span(bit, side) & their_pawns == 0 {
            let rank = square.rank().relative_to(side) as i32;
            if let Some(term) = PASSED[rank as usize] {
                sink.term(side, term, 1);
            }
            // From the fourth rank on: the kings' distances to the square in front of it.
            if rank >= 3 {
                let stop =
                    if side == Color::White { square as usize + 8 } else { square as usize - 8 };
                let stop = Square::index(stop);
                sink.term(
                    side,
                    Term::PassedTheirKing,
                    distance(their_king, stop).min(5) * (rank - 2),
                );
                sink.term(side, Term::PassedOurKing, distance(our_king, stop).min(5) * (rank - 2));
                if occupied.has(stop) {
                    sink.term(side, Term::PassedBlocked, rank - 2);
                }
            }
        }
        let file = fill_files(bit);
        if widen(file) & !file & our_pawns == 0 {
            isolated += 1;
        }
    }
    sink.term(side, Term::Isolated, isolated);
    let doubled =
        our_pawns.count_ones() as i32 - (fill_files(our_pawns) & 0xff).count_ones() as i32;
    sink.term(side, Term::Doubled, doubled);
    let supported = our_pawn_attacks & our_pawns;
    sink.term(side, Term::Supported, supported.count_ones() as i32);
    let beside = ((our_pawns << 1) & !FILE_A) | ((our_pawns >> 1) & !FILE_H);
    sink.term(side, Term::Phalanx, (beside & our_pawns).count_ones() as i32);

    // Files as bit sets: every square of a file that holds a pawn of ours, of theirs.
    let (our_files, their_files) = (fill_files(our_pawns), fill_files(their_pawns));
    // Squares on files without a pawn of ours, split by whether their pawns are there.
    let open_half_open = |squares: u64| {
        let squares = squares & !our_files;
        ((squares & !their_files).count_ones() as i32, (squares & their_files).count_ones() as i32)
    };
    let (open, half_open) = open_half_open((board.pieces(Piece::Rook) & ours).0);
    sink.term(side, Term::RookOpenFile, open);
    sink.term(side, Term::RookHalfOpenFile, half_open);

    let king = widen(our_king.bitboard().0);
    let shield =
        if side == Color::White { (king << 8) | (king << 16) } else { (king >> 8) | (king >> 16) };
    sink.term(side, Term::Shield, (shield & our_pawns).count_ones().min(3) as i32);
    // Files at the king (its own and the adjacent ones, one square each: the first rank's)
    // without a pawn of ours, and without any pawn: open lines for their rooks and queens.
    let (open, half_open) = open_half_open(fill_files(king) & 0xff);
    sink.term(side, Term::KingOpenFile, open);
    sink.term(side, Term::KingHalfOpenFile, half_open);
}

/// The weight of each [`Term`], (middlegame, endgame) centipawns, in [`Term`]'s order.
#[rustfmt::skip]
pub const WEIGHTS: [(i32, i32); TERMS] = [
    (5, -1), // KnightMobility
    (5, 1), // BishopMobility
    (3, 4), // RookMobility
    (2, 4), // QueenMobility
    (1, 0), // KingAttack
    (-1, 2), // KingZoneHits
    (2, -2), // PawnStorm
    (54, 33), // ThreatByPawn
    (38, 35), // ThreatByMinor
    (51, 34), // ThreatByRook
    (35, 76), // BishopPair
    (11, 6), // Passed2
    (-4, 22), // Passed3
    (-3, 49), // Passed4
    (32, 78), // Passed5
    (56, 101), // Passed6
    (42, 93), // Passed7
    (-3, 15), // PassedTheirKing
    (0, -12), // PassedOurKing
    (-3, -13), // PassedBlocked
    (17, 13), // Supported
    (7, 5), // Phalanx
    (-6, -11), // Isolated
    (-11, -14), // Doubled
    (26, -1), // RookOpenFile
    (13, 15), // RookHalfOpenFile
    (6, -2), // Shield
    (-24, -17), // KingOpenFile
    (-9, -6), // KingHalfOpenFile
    (17, 0), // Tempo
];

/// The value of a piece for move ordering and static exchange evaluation (centipawns).
pub const fn see_value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight => 320,
        Piece::Bishop => 330,
        Piece::Rook => 500,
        Piece::Queen => 950,
        Piece::King => 20_000,
    }
}

#[cfg(test)]
mod tests {
    use super::{endgame_scale, pesto, terms, Sink, Term, TERMS, WEIGHTS};
    use cozy_chess::{Board, Color, Piece, Square};

    /// The weighed sum of the terms of `side` in `board` (no piece, no tempo), middlegame
    /// and endgame.
    fn terms_of(board: &Board, side: Color) -> (i32, i32) {
        let counts = counts(board, side);
        WEIGHTS.iter().zip(counts).fold((0, 0), |(mg, eg), (w, c)| (mg + w.0 * c, eg + w.1 * c))
    }

    /// The board with the colours swapped: ranks mirrored, pieces recoloured, the other side
    /// to move (castling and en passant dropped: the evaluation reads neither).
    fn mirrored(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        Board::from_fen(&format!("{} {side} - - 0 1", ranks.join("/")), false).unwrap()
    }

    /// Every WAC position scores the same for a side as its mirror image does for the other.
    #[test]
    fn colour_symmetric_on_win_at_chess() {
        let suite = include_str!("../data/wac.epd");
        let mut checked = 0;
        for line in suite.lines().filter(|line| !line.trim().is_empty()) {
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} - - 0 1", fen[..2].join(" "));
            let board = Board::from_fen(&fen, false).unwrap();
            let mirror = mirrored(&fen);
            for (a, b) in [(Color::White, Color::Black), (Color::Black, Color::White)] {
                assert_eq!(pesto(&board, a), pesto(&mirror, b), "{fen}");
                assert_eq!(terms_of(&board, a), terms_of(&mirror, b), "{fen}");
            }
            checked += 1;
        }
        assert_eq!(checked, 300);
    }

    /// The counts of the terms of `side` in `board`.
    fn counts(board: &Board, side: Color) -> [i32; TERMS] {
        struct Counts([i32; TERMS]);
        impl Sink for Counts {
            fn piece(&mut self, _: Color, _: Piece, _: Square) {}
            fn term(&mut self, _: Color, term: Term, count: i32) {
                self.0[term as usize] += count;
            }
        }
        let mut counts = Counts([0; TERMS]);
        terms(board, side, &mut counts);
        counts.0
    }

    /// The counts `nonzero` lists, every other term 0.
    fn only(nonzero: &[(Term, i32)]) -> [i32; TERMS] {
        let mut counts = [0; TERMS];
        for &(term, count) in nonzero {
            counts[term as usize] = count;
        }
        counts
    }

    /// The terms of the start position: no mobility beyond the usual (knights 2 safe squares
    /// each, bishops, rooks and queen none), the bishop pair, a full shield (3 pawns), no
    /// passed, isolated or doubled pawn, no open file, no threat; the evaluation is the tempo
    /// alone.
    #[test]
    fn start_position_terms() {
        use Term::*;
        let board = Board::default();
        let expected = only(&[
            (KnightMobility, -2 * 2),
            (BishopMobility, -6 * 2),
            (RookMobility, -7 * 2),
            (QueenMobility, -13),
            (BishopPair, 1),
            (Phalanx, 8),
            (Shield, 3),
        ]);
        assert_eq!(counts(&board, Color::White), expected);
        assert_eq!(counts(&board, Color::Black), expected);
        assert_eq!(pesto(&board, Color::White), WEIGHTS[Tempo as usize].0);
        assert_eq!(pesto(&board, Color::Black), -WEIGHTS[Tempo as usize].0);
    }

    /// Threats by a pawn, a bishop and a rook, and the files at the king.
    #[test]
    fn threats_and_open_files_at_the_king() {
        use Term::*;
        let counts_of = |fen: &str, side| counts(&Board::from_fen(fen, false).unwrap(), side);
        // e4 attacks the knight; e4 is passed on the fourth rank (the kings 3 and 4 moves
        // from e5, times 4 - 2 - 1), isolated and storming (on the file of Black's king); the
        // d- and f-files at the king have no pawn.
        let pawn = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        let white = only(&[
            (PawnStorm, 1),
            (ThreatByPawn, 1),
            (Passed4, 1),
            (PassedTheirKing, 3),
            (PassedOurKing, 4),
            (Isolated, 1),
            (KingOpenFile, 2),
        ]);
        assert_eq!(counts_of(pawn, Color::White), white);
        // The knight has 8 safe squares (4 above the usual); the e-file at its king holds a
        // pawn of White's alone, the d- and f-files none.
        let black = only(&[(KnightMobility, 4), (KingHalfOpenFile, 1), (KingOpenFile, 2)]);
        assert_eq!(counts_of(pawn, Color::Black), black);
        // The bishop attacks the rook and 8 squares (2 above the usual); the three files at
        // the king are open.
        let bishop = "4k3/8/8/3r4/8/5B2/8/4K3 w - - 0 1";
        let white = only(&[(ThreatByMinor, 1), (BishopMobility, 2), (KingOpenFile, 3)]);
        assert_eq!(counts_of(bishop, Color::White), white);
        // The rook attacks the queen, on an open file, 7 squares (the usual).
        let rook = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
        let white = only(&[(ThreatByRook, 1), (RookOpenFile, 1), (KingOpenFile, 3)]);
        assert_eq!(counts_of(rook, Color::White), white);
    }

    /// Two passed pawns that have passed each other, on adjacent files, and the kings.
    #[test]
    fn passed_and_isolated_pawns() {
        use Term::*;
        let board = Board::from_fen("4k3/8/3P4/8/4p3/8/8/4K3 w - - 0 1", false).unwrap();
        // White: d6 passed (Black's king 1 move from d7, White's 5 or more, times 6 - 2 - 1),
        // isolated and storming; the king's shield is empty; at the king, the e-file holds Black's
        // pawn alone, the f-file none.
        let white = only(&[
            (PawnStorm, 1),
            (Passed6, 1),
            (PassedTheirKing, 3),
            (PassedOurKing, 15),
            (Isolated, 1),
            (KingHalfOpenFile, 1),
            (KingOpenFile, 1),
        ]);
        assert_eq!(counts(&board, Color::White), white);
        // Black: e4 passed (the fifth rank from Black's side; the kings 2 and 5 moves from
        // e3, times 2), isolated and storming; the d-file at its king holds White's pawn alone, the
        // f-file none.
        let black = only(&[
            (PawnStorm, 1),
            (Passed5, 1),
            (PassedTheirKing, 4),
            (PassedOurKing, 10),
            (Isolated, 1),
            (KingHalfOpenFile, 1),
            (KingOpenFile, 1),
        ]);
        assert_eq!(counts(&board, Color::Black), black);
        // The sum weighs the counts: the two sides' terms differ by the weights' difference.
        let (w, b) = (terms_of(&board, Color::White), terms_of(&board, Color::Black));
        let weigh = |term: Term| WEIGHTS[term as usize];
        assert_eq!(
            w.0 - b.0,
            weigh(Passed6).0 - weigh(Passed5).0 - weigh(PassedTheirKing).0
                + 5 * weigh(PassedOurKing).0
        );
        assert_eq!(
            w.1 - b.1,
            weigh(Passed6).1 - weigh(Passed5).1 - weigh(PassedTheirKing).1
                + 5 * weigh(PassedOurKing).1
        );
    }

    /// A blocked passed pawn, and a pawn chain with a phalanx and a doubled pawn.
    #[test]
    fn blocked_supported_and_phalanx_pawns() {
        use Term::*;
        let counts_of = |fen: &str| counts(&Board::from_fen(fen, false).unwrap(), Color::White);
        // d6 passed, its square in front held by a knight (times 6 - 2 - 1 = 3); the kings 1
        // and 5 moves or more from d7.
        let blocked = counts_of("4k3/3n4/3P4/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(blocked[PassedBlocked as usize], 3);
        assert_eq!((blocked[PassedTheirKing as usize], blocked[PassedOurKing as usize]), (3, 15));
        // c3 and d3 side by side (a phalanx of two), c3 defends d4 (d3 and d4 doubled); all
        // three passed, d4 on the fourth rank (the kings 3 and 4 moves from d5) and storming
        // (d3 is on the third rank); d3 in the king's shield; the e- and f-files at the king open.
        let chain = counts_of("4k3/8/8/8/3P4/2PP4/8/4K3 w - - 0 1");
        let expected = only(&[
            (PawnStorm, 1),
            (Passed3, 2),
            (Passed4, 1),
            (PassedTheirKing, 3),
            (PassedOurKing, 4),
            (Supported, 1),
            (Phalanx, 2),
            (Doubled, 1),
            (Shield, 1),
            (KingOpenFile, 2),
        ]);
        assert_eq!(chain, expected);
    }

    /// The endgame's scale: endings without pawns, bishops of opposite colours, few pawns.
    #[test]
    fn endgame_scale_factors() {
        let scale = |fen: &str, side| endgame_scale(&Board::from_fen(fen, false).unwrap(), side);
        // A rook against a bishop, a rook and a knight against a rook, a knight against a
        // pawn (the knight's side has no pawn and less than a rook).
        assert_eq!(scale("4k3/8/8/8/3b4/8/8/R3K3 w - - 0 1", Color::White), 4);
        assert_eq!(scale("4k3/3r4/8/8/8/8/8/RN2K3 w - - 0 1", Color::White), 14);
        assert_eq!(scale("4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1", Color::White), 0);
        // A queen against a rook is a win: the ordinary 36 without pawns.
        assert_eq!(scale("4k3/3r4/8/8/8/8/8/Q3K3 w - - 0 1", Color::White), 36);
        // Bishops of opposite colours (c1 dark, c8 light), two pawns, one passed: 18 + 4.
        let ocb = "2b1k3/8/8/p7/P7/8/6P1/2B1K3 w - - 0 1";
        assert_eq!(scale(ocb, Color::White), 22);
        // The same with bishops of one colour: 36 + 7 * 2; three pawns: 36 + 21; more: 64.
        assert_eq!(scale("1b2k3/8/8/p7/P7/8/6P1/2B1K3 w - - 0 1", Color::White), 50);
        assert_eq!(scale("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", Color::White), 57);
        assert_eq!(scale("4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1", Color::White), 64);
    }

    /// The score falls toward 0 as the fifty-move count rises: half of it at 100 half-moves.
    #[test]
    fn the_fifty_move_count_scales_the_score() {
        let at = |count: u32| {
            let fen = format!("r3k3/pp6/8/8/8/8/PP6/RR2K3 w - - {count} 60");
            pesto(&Board::from_fen(&fen, false).unwrap(), Color::White)
        };
        let fresh = at(0);
        assert!(fresh > 300, "{fresh}");
        assert_eq!(at(50), fresh * 150 / 200);
        assert_eq!(at(99), fresh * 101 / 200);
    }
}
