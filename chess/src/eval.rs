//! The evaluation: PeSTO's tapered material and piece-square tables, plus mobility, king
//! attack and safety, threats, pawn structure, the bishop pair, rooks on open files and a
//! tempo for the side to move.
//!
//! The values are Ronald Friederich's PeSTO tables as published on the Chess Programming Wiki
//! ("PeSTO's Evaluation Function"): a middlegame and an endgame value for every piece on every
//! square, blended by the game phase (24 with every piece on the board, 0 with pawns and kings
//! only). Centipawns, from the side to move's point of view.

use cozy_chess::{Board, Color, Piece, Square};

/// Middlegame and endgame material values: pawn, knight, bishop, rook, queen, king.
const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Phase weight of each piece (knight and bishop 1, rook 2, queen 4).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

// The tables as printed: rank 8 first, a-file first (index 0 is a8, 63 is h1), for White.
#[rustfmt::skip]
const MG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
      0,   0,   0,   0,   0,   0,  0,   0,
     98, 134,  61,  95,  68, 126, 34, -11,
     -6,   7,  26,  31,  65,  56, 25, -20,
    -14,  13,   6,  21,  23,  12, 17, -23,
    -27,  -2,  -5,  12,  17,   6, 10, -25,
    -26,  -4,  -4, -10,   3,   3, 33, -12,
    -35,  -1, -20, -23, -15,  24, 38, -22,
      0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [ // knight
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [ // bishop
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [ // rook
     32,  42,  32,  51, 63,  9,  31,  43,
     27,  32,  58,  62, 80, 67,  26,  44,
     -5,  19,  26,  36, 17, 45,  61,  16,
    -24, -11,   7,  26, 24, 35,  -8, -20,
    -36, -26, -12,  -1,  9, -7,   6, -23,
    -45, -25, -16, -17,  3,  0,  -5, -33,
    -44, -16, -20,  -9, -1, 11,  -6, -71,
    -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [ // queen
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [ // king
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const EG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [ // bishop
    -14, -21, -11,  -8, -7,  -9, -17, -24,
     -8,  -4,   7, -12, -3, -13,  -4, -14,
      2,  -8,   0,  -1, -2,   6,   0,   4,
     -3,   9,  12,   9, 14,  10,   3,   2,
     -6,   3,  13,  19,  7,  10,  -3,  -9,
    -12,  -3,   8,  10, 13,   3,  -7, -15,
    -14, -18,  -7,  -1,  4,  -9, -15, -27,
    -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [ // rook
    13, 10, 18, 15, 12,  12,   8,   5,
    11, 13, 13, 11, -3,   3,   8,   3,
     7,  7,  7,  5,  4,  -3,  -5,  -3,
     4,  3, 13,  1,  2,   1,  -1,   2,
     3,  5,  8,  4, -5,  -6,  -8, -11,
    -4,  0, -5, -1, -7, -12,  -8, -16,
    -6, -6,  0,  2, -9,  -9, -11,  -3,
    -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [ // queen
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [ // king
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

/// Material plus square, middlegame and endgame, for a piece of `color` on `square`
/// (cozy-chess numbers squares from a1 = 0 to h8 = 63).
struct Tables {
    mg: [[[i32; 64]; 6]; 2],
    eg: [[[i32; 64]; 6]; 2],
}

const fn build_tables() -> Tables {
    let mut mg = [[[0; 64]; 6]; 2];
    let mut eg = [[[0; 64]; 6]; 2];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            // White's a1 (0) is the table's index 56 (rank 1, a-file); Black's a1 is its own
            // a8 from Black's side: index 0 + the mirrored rank, that is `square` itself.
            mg[0][piece][square] = MG_VALUE[piece] + MG_TABLE[piece][square ^ 56];
            eg[0][piece][square] = EG_VALUE[piece] + EG_TABLE[piece][square ^ 56];
            mg[1][piece][square] = MG_VALUE[piece] + MG_TABLE[piece][square];
            eg[1][piece][square] = EG_VALUE[piece] + EG_TABLE[piece][square];
            square += 1;
        }
        piece += 1;
    }
    Tables { mg, eg }
}

static TABLES: Tables = build_tables();

/// The score of `board` for `color`, in centipawns: PeSTO's tables plus the terms of
/// mobility, king attack and safety, threats, pawns, the bishop pair and rooks, all tapered
/// by phase, and 15 cp of tempo for the side to move (a middlegame term, tapered too).
pub fn pesto(board: &Board, color: Color) -> i32 {
    with_fifty_moves(board, position_score(board, color))
}

/// The score `score` of `board` scaled toward a draw as the fifty-move rule nears: all of it
/// with no half-move since the last capture or pawn move, half of it at 100 (a won position
/// is worth more with progress).
pub fn with_fifty_moves(board: &Board, score: i32) -> i32 {
    score * (200 - i32::from(board.halfmove_clock()).min(100)) / 200
}

/// [`pesto`] before [`with_fifty_moves`]: the score of the placement of the pieces and the
/// side to move alone, what the position's Zobrist key covers (a cache may keep it by key).
/// `position_score(board, !color) == -position_score(board, color)`.
pub fn position_score(board: &Board, color: Color) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for (c, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let ours = board.colors(side);
        for piece in Piece::ALL {
            let p = piece as usize;
            for square in board.pieces(piece) & ours {
                mg[c] += TABLES.mg[c][p][square as usize];
                eg[c] += TABLES.eg[c][p][square as usize];
                phase += PHASE[p];
            }
        }
    }
    for (c, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let (m, e) = terms(board, side);
        mg[c] += m;
        eg[c] += e;
    }
    let phase = phase.min(24);
    let us = color as usize;
    let them = 1 - us;
    let tempo = if board.side_to_move() == color { TEMPO } else { -TEMPO };
    let mg = mg[us] - mg[them] + tempo;
    let eg = eg[us] - eg[them];
    let strong = if eg >= 0 { color } else { !color };
    let eg = eg * endgame_scale(board, strong) / 64;
    (mg * phase + eg * (24 - phase)) / 24
}

/// The middlegame values of the pieces of `side` other than its pawns and king.
fn non_pawn_material(board: &Board, side: Color) -> i32 {
    let ours = board.colors(side);
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .map(|piece| (board.pieces(piece) & ours).len() as i32 * MG_VALUE[piece as usize])
        .sum()
}

/// How much of the endgame score `strong` (the side it favours) keeps, in 64ths: endings
/// without pawns where the stronger side is at most a bishop up (a lone minor piece 0, most
/// others 4, a rook and a minor against a rook or a minor 14), bishops of opposite colours
/// alone (18 and 4 more for each passed pawn of the stronger side), otherwise 36 and 7 more
/// for each pawn of the stronger side, up to 64 (the scale factors of Stockfish's classical
/// evaluation: fewer pawns, fewer winning chances).
fn endgame_scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let pawns = board.pieces(Piece::Pawn);
    let strong_pawns = (pawns & board.colors(strong)).len() as i32;
    let (ours, theirs) = (non_pawn_material(board, strong), non_pawn_material(board, weak));
    let bishop = MG_VALUE[Piece::Bishop as usize];
    if strong_pawns == 0 && ours - theirs <= bishop {
        return if ours < MG_VALUE[Piece::Rook as usize] {
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

/// Mobility: per piece kind, the usual number of safe squares (the score counts the squares
/// above or below it), the middlegame and endgame centipawns a square, and the piece's weight
/// in an attack on the king.
const MOBILITY: [(Piece, i32, i32, i32, i32); 4] = [
    (Piece::Knight, 4, 6, 6, 2),
    (Piece::Bishop, 6, 7, 7, 2),
    (Piece::Rook, 7, 3, 6, 3),
    (Piece::Queen, 13, 1, 3, 5),
];

/// A threat's bonus (middlegame, endgame): a knight, bishop, rook or queen of theirs attacked
/// by a pawn of ours; a rook or queen by a knight or bishop; a queen by a rook.
const THREAT_PAWN: (i32, i32) = (60, 40);
/// See [`THREAT_PAWN`].
const THREAT_MINOR: (i32, i32) = (40, 40);
/// See [`THREAT_PAWN`].
const THREAT_ROOK: (i32, i32) = (35, 30);
/// A file at our king without a pawn of ours (middlegame): half-open (their pawn on it),
/// open (none).
const KING_HALF_OPEN_FILE: i32 = -15;
/// See [`KING_HALF_OPEN_FILE`].
const KING_OPEN_FILE: i32 = -25;
/// The side to move's bonus for the move it has (middlegame).
const TEMPO: i32 = 15;

/// A passed pawn's bonus by its rank from its own side (middlegame, endgame).
const PASSED: [(i32, i32); 8] =
    [(0, 0), (0, 5), (5, 10), (10, 20), (20, 40), (35, 70), (50, 110), (0, 0)];

/// A passed pawn's endgame bonus for the distance of their king (first) and malus for that
/// of ours (second) to the square in front of it, in king moves (at most 5), times the
/// pawn's rank from its own side less 2, from the fourth rank on (the idea of Stockfish's
/// king proximity term).
const PASSED_KING: (i32, i32) = (5, 2);

/// The number of king moves from `a` to `b`.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The terms beyond PeSTO's tables for `side`, middlegame and endgame, in centipawns:
/// mobility (squares attacked that hold no piece of ours and no square their pawns attack),
/// attack on their king (with two pieces or more attacking the squares around it: the square
/// of the sum of each attacker's weight times the squares it hits, times 5/4), threats (their
/// pieces attacked by lesser ones of ours: [`THREAT_PAWN`]), the bishop pair, passed pawns
/// (by rank, and by the kings' distances: [`PASSED_KING`]), isolated and doubled pawns,
/// rooks on open and half-open files, the pawn shield (our pawns
/// on the two ranks in front of our king, on its file and the adjacent ones) and the files
/// there without a pawn of ours ([`KING_HALF_OPEN_FILE`]). Symmetric: the same position with
/// the colours swapped scores the same for the other side.
fn terms(board: &Board, side: Color) -> (i32, i32) {
    use cozy_chess::{get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves};
    let ours = board.colors(side);
    let occupied = board.occupied();
    let our_pawns = (board.pieces(Piece::Pawn) & ours).0;
    let their_pawns = (board.pieces(Piece::Pawn) & board.colors(!side)).0;
    let (mut mg, mut eg) = (0, 0);

    let area = !(ours.0 | pawn_attacks(their_pawns, !side));
    let (our_king, their_king) = (board.king(side), board.king(!side));
    let zone = (get_king_moves(their_king) | their_king.bitboard()).0;
    let mut attackers = 0;
    let mut attack = 0;
    let mut minor_attacks = 0u64;
    let mut rook_attacks = 0u64;
    for (piece, usual, per_mg, per_eg, weight) in MOBILITY {
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
            let squares = (attacks & area).count_ones() as i32 - usual;
            mg += squares * per_mg;
            eg += squares * per_eg;
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                attack += weight * hits;
            }
        }
    }
    if attackers >= 2 {
        mg += attack * attack * 5 / 4;
    }

    // Threats: their pieces attacked by a lesser piece of ours.
    let theirs = board.colors(!side).0;
    let queens = board.pieces(Piece::Queen).0 & theirs;
    let majors = (board.pieces(Piece::Rook).0 & theirs) | queens;
    let pieces = majors | ((board.pieces(Piece::Knight) | board.pieces(Piece::Bishop)).0 & theirs);
    let by_pawn = (pawn_attacks(our_pawns, side) & pieces).count_ones() as i32;
    let by_minor = (minor_attacks & majors).count_ones() as i32;
    let by_rook = (rook_attacks & queens).count_ones() as i32;
    mg += THREAT_PAWN.0 * by_pawn + THREAT_MINOR.0 * by_minor + THREAT_ROOK.0 * by_rook;
    eg += THREAT_PAWN.1 * by_pawn + THREAT_MINOR.1 * by_minor + THREAT_ROOK.1 * by_rook;

    if (board.pieces(Piece::Bishop) & ours).len() >= 2 {
        mg += 30;
        eg += 50;
    }

    for square in board.pieces(Piece::Pawn) & ours {
        let bit = square.bitboard().0;
        if front_span(bit, side) & their_pawns == 0 {
            let rank = square.rank().relative_to(side) as i32;
            let (m, e) = PASSED[rank as usize];
            mg += m;
            eg += e;
            // From the fourth rank on: the kings' distances to the square in front of it.
            if rank >= 3 {
                let stop =
                    if side == Color::White { square as usize + 8 } else { square as usize - 8 };
                let stop = Square::index(stop);
                let theirs = distance(their_king, stop).min(5);
                let ours = distance(our_king, stop).min(5);
                eg += (theirs * PASSED_KING.0 - ours * PASSED_KING.1) * (rank - 2);
            }
        }
        let file = fill_files(bit);
        if widen(file) & !file & our_pawns == 0 {
            mg -= 10;
            eg -= 10;
        }
    }
    let doubled =
        our_pawns.count_ones() as i32 - (fill_files(our_pawns) & 0xff).count_ones() as i32;
    mg -= 10 * doubled;
    eg -= 20 * doubled;

    let (our_files, their_files) = (fill_files(our_pawns), fill_files(their_pawns));
    for square in board.pieces(Piece::Rook) & ours {
        let bit = square.bitboard().0;
        if our_files & bit == 0 {
            if their_files & bit == 0 {
                mg += 25;
                eg += 10;
            } else {
                mg += 12;
                eg += 5;
            }
        }
    }

    let king = widen(our_king.bitboard().0);
    let shield =
        if side == Color::White { (king << 8) | (king << 16) } else { (king >> 8) | (king >> 16) };
    mg += 10 * (shield & our_pawns).count_ones().min(3) as i32;
    // Files at the king (its own and the adjacent ones) without a pawn of ours, and without
    // any pawn: open lines for their rooks and queens.
    let files = fill_files(king);
    for file in (0..8).map(|f| FILE_A << f) {
        if files & file != 0 && our_pawns & file == 0 {
            mg += if their_pawns & file == 0 { KING_OPEN_FILE } else { KING_HALF_OPEN_FILE };
        }
    }
    (mg, eg)
}

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
    use super::{endgame_scale, pesto, terms};
    use cozy_chess::{Board, Color};

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
                assert_eq!(terms(&board, a), terms(&mirror, b), "{fen}");
            }
            checked += 1;
        }
        assert_eq!(checked, 300);
    }

    /// The terms of the start position: no mobility beyond the usual (knights 2 safe squares
    /// each: -2 * 2 * 6; bishops, rooks and queen none: -6 * 2 * 7, -7 * 2 * 3 / -7 * 2 * 6,
    /// -13 / -13 * 3), the bishop pair (30, 50), no passed, isolated or doubled pawn, no open
    /// file, a full shield (3 pawns, 30), no threat; the evaluation is the tempo alone.
    #[test]
    fn start_position_terms() {
        let board = Board::default();
        let mg = -2 * 2 * 6 - 6 * 2 * 7 - 7 * 2 * 3 - 13 + 30 + 30;
        let eg = -2 * 2 * 6 - 6 * 2 * 7 - 7 * 2 * 6 - 13 * 3 + 50;
        assert_eq!(terms(&board, Color::White), (mg, eg));
        assert_eq!(terms(&board, Color::Black), (mg, eg));
        assert_eq!(pesto(&board, Color::White), 15);
        assert_eq!(pesto(&board, Color::Black), -15);
    }

    /// Threats by a pawn, a bishop and a rook, and the files at the king.
    #[test]
    fn threats_and_open_files_at_the_king() {
        let terms_of = |fen: &str, side| terms(&Board::from_fen(fen, false).unwrap(), side);
        // e4 attacks the knight (60, 40); e4 passed on the fourth rank (10, 20; the kings 3
        // and 4 moves from e5: (3 * 5 - 4 * 2) * 1) and isolated (-10, -10); the d- and
        // f-files at the king have no pawn (-25 each).
        let pawn = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(terms_of(pawn, Color::White), (60 + 10 - 10 - 50, 40 + 20 + 7 - 10));
        // The knight has 8 safe squares (4 above the usual: 24, 24); the e-file at its king
        // holds a pawn of White's alone (-15), the d- and f-files none (-50).
        assert_eq!(terms_of(pawn, Color::Black), (24 - 15 - 50, 24));
        // The bishop attacks the rook (40, 40) and 8 squares (2 above the usual: 14, 14); the
        // three files at the king are open (-75).
        let bishop = "4k3/8/8/3r4/8/5B2/8/4K3 w - - 0 1";
        assert_eq!(terms_of(bishop, Color::White), (40 + 14 - 75, 40 + 14));
        // The rook attacks the queen (35, 30), on an open file (25, 10), 7 squares (the usual).
        let rook = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
        assert_eq!(terms_of(rook, Color::White), (35 + 25 - 75, 30 + 10));
    }

    /// Two passed pawns that have passed each other, on adjacent files, and the kings.
    #[test]
    fn passed_and_isolated_pawns() {
        let board = Board::from_fen("4k3/8/3P4/8/4p3/8/8/4K3 w - - 0 1", false).unwrap();
        // White: d6 passed (35, 70; Black's king 1 move from d7, White's 5 or more:
        // (1 * 5 - 5 * 2) * 3) and isolated (-10, -10); the king's shield is empty; at the
        // king, the e-file holds Black's pawn alone (-15), the f-file none (-25).
        assert_eq!(terms(&board, Color::White), (25 - 40, 60 - 15));
        // Black: e4 passed (the fifth rank from Black's side: 20, 40; the kings 2 and 5 moves
        // from e3: (2 * 5 - 5 * 2) * 2 = 0) and isolated; the d-file at its king holds
        // White's pawn alone, the f-file none.
        assert_eq!(terms(&board, Color::Black), (10 - 40, 30));
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
