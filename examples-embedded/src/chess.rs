//! The chess demo's search, shared word for word by the firmware and by the host (`build.rs`
//! includes this file, as it does `demo.rs`): the chess engine of `alphabeta-chess` built
//! without `std` (its [`Position`], [`Pesto`] evaluation and [`chess_config`]) over a static
//! transposition table, on a mate in two from Win At Chess.
//!
//! Only `core`, `alphabeta` and `alphabeta-chess` are used here.

use alphabeta::ordering::DefaultSorter;
use alphabeta::score::Mate;
use alphabeta::tt::TranspositionTable;
use alphabeta::{Engine, Limits, Score, SearchError};
use alphabeta_chess::cozy_chess::Board;
use alphabeta_chess::{chess_config, ChessMove, Pesto, Position, UciMove, MAX_MOVES};

use crate::demo::{Harness, Outcome};

/// Slots of the chess transposition table (16 bytes each): 8,192 slots, 128 KiB, half of the
/// 256 KiB of RAM the Cortex-M4 board's memory layout gives the firmware (the search, the
/// engine and the stack take under 40 KiB of the rest).
pub const CHESS_TABLE_SLOTS: usize = 8192;
/// The chess transposition table.
pub type ChessTable = TranspositionTable<i32, CHESS_TABLE_SLOTS>;

/// The engine's ply capacity: the mate in two is searched 4 plies deep, with up to 8 plies of
/// quiescence and check extensions below; 32 leaves room and keeps the principal-variation
/// table at 3 KiB (the crate's [`MAX_PLY`](alphabeta_chess::MAX_PLY) of 128 would take 49 KiB).
pub const CHESS_PLIES: usize = 32;

/// The chess engine: [`Position`] with [`Pesto`], room for every legal move of a position,
/// [`CHESS_PLIES`] plies, the static table and the default move sorter.
pub type ChessEngine = Engine<
    Position,
    Pesto,
    MAX_MOVES,
    CHESS_PLIES,
    &'static ChessTable,
    DefaultSorter<ChessMove, CHESS_PLIES>,
>;

/// A chess engine with [`chess_config`] over `table`.
pub fn chess_engine(table: &'static ChessTable) -> ChessEngine {
    Engine::with_parts(Pesto, chess_config(), table, DefaultSorter::new())
}

/// Win At Chess, position 1 (Fred Reinfeld, 1958; `chess/data/wac.epd`, `bm Qg6`): White
/// mates in two, and only with 1. Qg6.
pub const MATE_IN_TWO_FEN: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
/// The published key move, in UCI notation.
pub const MATE_IN_TWO_KEY: &str = "g3g6";
/// Mate in two moves: White's mating move is the third ply from the root.
pub const MATE_IN_TWO_PLIES: u32 = 3;
/// The depth of the search (iterative deepening from 1). The mate is three plies deep, but
/// the engine's selective search prunes it away in the shallower iterations (after the
/// queen sacrifice Black is a queen up by the static evaluation): the host and the firmware
/// find it from depth 7.
pub const MATE_IN_TWO_DEPTH: u32 = 7;
/// Name of the search.
pub const CHESS_MATE_IN_TWO: &str = "chess-wac-001";

/// What the chess search found, beyond the harness's [`Outcome`]: the move in UCI notation
/// and the plies to mate (`None` when the score is not a mate).
pub struct Solution {
    /// The best move, in UCI notation.
    pub best: UciMove,
    /// Plies from the root to the mate, when the side to move mates.
    pub mate_plies: Option<u32>,
}

/// Searches [`MATE_IN_TWO_FEN`] to [`MATE_IN_TWO_DEPTH`] from a cleared table and sorter,
/// and hands the result to `harness`. The harness's `best` is the move's index in the
/// position's move order (the engine's, the same on every target), which fits its `u8`.
///
/// Never inlined, like the other demos' searches: the caller's frame does not hold its locals
/// (the position with its repetition history, 1.9 KiB) while the firmware reports.
#[inline(never)]
pub fn mate_in_two<H: Harness>(
    engine: &mut ChessEngine,
    table: &ChessTable,
    harness: &mut H,
) -> Option<Solution> {
    table.clear();
    engine.clear_history();
    let Ok(board) = Board::from_fen(MATE_IN_TWO_FEN, false) else {
        harness.exact(CHESS_MATE_IN_TWO, Err(SearchError::InvalidWindow));
        return None;
    };
    let mut position: Position = Position::from_board(board);
    harness.before(CHESS_MATE_IN_TWO);
    let result = engine.search(&mut position, &Limits::depth(MATE_IN_TWO_DEPTH));
    let solution = result.as_ref().ok().and_then(|r| {
        let best = r.best_move?;
        let mate_plies = match r.score.mate() {
            Some(Mate::Win(plies)) => Some(plies),
            _ => None,
        };
        Some(Solution { best: position.uci_move(best), mate_plies })
    });
    let result = result.map(|r| Outcome {
        value: r.score,
        best: r.best_move.and_then(|best| move_index(&position, best)),
        nodes: r.nodes,
        depth: r.depth,
        exact: r.exact,
    });
    harness.exact(CHESS_MATE_IN_TWO, result);
    solution
}

/// The index of `mv` among the legal moves of `position`, in the engine's order.
fn move_index(position: &Position, mv: ChessMove) -> Option<u8> {
    use alphabeta::{Game, MoveList};
    let mut moves = MoveList::<ChessMove, MAX_MOVES>::new();
    position.generate_moves(&mut moves);
    let index = moves.iter().position(|&m| m == mv)?;
    u8::try_from(index).ok()
}
