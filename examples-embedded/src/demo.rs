//! The searches of the demo, shared word for word by the firmware and by the host: `build.rs`
//! includes this file, runs every search on the host with the same engines, configurations and
//! table sizes, and bakes the results into the firmware, which compares its own with them.
//!
//! Each search starts from a cleared table and a cleared sorter, so its result depends on
//! nothing that ran before it. Only `core` and `alphabeta` are used here.

use alphabeta::chance::{ChanceConfig, ChanceEngine, ChanceError};
use alphabeta::games::connect4::{
    solve, Connect4, Connect4Eval, Connect4Solver, SolverEval, SolverMove, SOLVER_CONFIG,
    SOLVER_ORDERING,
};
use alphabeta::games::hog::{Hog, HogEval};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::mcts::{Mcts, MctsConfig, MctsError, MctsResult, Node, WhenFull};
use alphabeta::ordering::DefaultSorter;
use alphabeta::tt::TranspositionTable;
use alphabeta::{Clock, Config, Engine, Limits, SearchError};

/// Slots of the transposition table (16 bytes each): 4 KiB. Both games use it in turn.
pub const TABLE_SLOTS: usize = 256;
/// The demo's one transposition table.
pub type Table = TranspositionTable<i32, TABLE_SLOTS>;

/// Tic-tac-toe: at most 9 moves, at most 9 plies.
/// History for 16 move codes (tic-tac-toe has 9): 64 bytes instead of the default 2 KiB.
pub type TicTacToeEngine =
    Engine<Board, TicTacToeEval, 9, 9, &'static Table, DefaultSorter<u8, 9, 16>>;
/// Plies the Connect Four engine holds: the solved positions have at most 14 empty cells and the
/// timed search goes no deeper. (A
/// [`SolverEngine`](alphabeta::games::connect4::SolverEngine) holds 42, the whole game, and its
/// principal-variation table of 42 lines of 42 eight-byte moves takes 14 KiB of RAM: more than
/// this demo has to spare on a 16 KiB micro:bit.)
pub const CONNECT4_PLIES: usize = 16;
/// Pons' Connect Four solver (7 moves, [`CONNECT4_PLIES`] plies), with history for 8 move
/// codes (a move's code is its column): 64 bytes instead of the default 2 KiB.
pub type Connect4Engine = Engine<
    Connect4Solver,
    SolverEval,
    7,
    CONNECT4_PLIES,
    &'static Table,
    DefaultSorter<SolverMove, CONNECT4_PLIES, 8>,
>;

/// A tic-tac-toe engine over `table` (`const`, so it can be built in place in a `static`).
pub const fn tictactoe_engine(table: &'static Table) -> TicTacToeEngine {
    Engine::with_parts(TicTacToeEval, Config::value_preserving(), table, DefaultSorter::new())
}

/// The Connect Four solver engine over `table`.
pub fn connect4_engine(table: &'static Table) -> Connect4Engine {
    Engine::with_parts(
        SolverEval,
        SOLVER_CONFIG,
        table,
        DefaultSorter::with_config(SOLVER_ORDERING),
    )
}

/// Hog with at most 3 dice a turn (14 outcomes a roll at most), `i32` scores (a won game is
/// 1,000,000), 24 plies: the chance engine, expectimax with Star1 and Star2.
pub type HogEngine =
    ChanceEngine<Hog, HogEval<i32>, 14, 24, &'static Table, DefaultSorter<u8, 24, 16>>;

/// A Hog engine over `table` (`const`, so it can be built in place in a `static`).
pub const fn hog_engine(table: &'static Table) -> HogEngine {
    ChanceEngine::with_parts(HogEval::new(), ChanceConfig::new(), table, DefaultSorter::new())
}

/// The Hog searches, in a race to 10 with up to 3 dice: name, scores (player 0 to choose),
/// depth, and whether Star1 and Star2 are on (plain expectimax otherwise). The first two are
/// solved to the end of the game (the longest line is `2 * (2 * 10 - a - b - 1)` plies).
pub const HOG_SEARCHES: [(&str, [u32; 2], u32, bool); 4] = [
    ("hog-solve-4-5", [4, 5], 20, true),
    ("hog-solve-7-8", [7, 8], 8, true),
    ("hog-depth-6", [0, 0], 6, true),
    ("hog-expectimax-4", [0, 0], 4, false),
];

/// The time limit of the timed tic-tac-toe search, in microseconds of the board's clock.
pub const TICTACTOE_TIME_LIMIT_MICROS: u64 = 40_000;
/// The time limit of the timed Connect Four search, in microseconds.
pub const CONNECT4_TIME_LIMIT_MICROS: u64 = 200_000;
/// The timed Connect Four search: the first position of Pons' Test_L1_R1 (an opening, 8
/// stones, won by the side to move with its 11th-from-last stone), iterative deepening with
/// the solver engine up to the end of the game: far more than the time limit allows.
pub const CONNECT4_TIMED_POSITION: &str = "32164625";

/// The first lines of Pons' Test_L3_R1 set: moves and Pons' score (`build.rs` checks that
/// they are the file's first lines).
pub const CONNECT4_POSITIONS: [(&str, i32); 8] = [
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("23163416124767223154467471272416755633", 0),
    ("71255763773133525731261364622167124446454", 0),
    ("65214673556155731566316327373221417", -1),
    ("52677675164321472411331752454", 0),
    ("3135151421347443544172316522225776773566", 0),
    ("562154564361751726662253737734213275114", 0),
];

/// What one search found: the fields compared with the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The root score (engine score for a search, Pons' score for a Connect Four solve).
    pub value: i32,
    /// The best move (`None` for a solve, which only reports the score).
    pub best: Option<u8>,
    /// Nodes visited.
    pub nodes: u64,
    /// The depth of the last completed iteration (null-window searches for a solve).
    pub depth: u32,
    /// Whether the value is the game's (always for a solve).
    pub exact: bool,
}

/// One completed iteration of a timed search: what a search interrupted after it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// Its depth.
    pub depth: u32,
    /// Its score.
    pub value: i32,
    /// Its best move.
    pub best: Option<u8>,
    /// Nodes of the whole search up to the end of this iteration.
    pub nodes: u64,
}

/// Receives the searches as they run. The firmware paints the stack in `before`, measures it
/// and compares with the host's results in the others; the host records the results.
pub trait Harness {
    /// Called right before each search.
    fn before(&mut self, name: &str);
    /// A search whose result does not depend on time.
    fn exact(&mut self, name: &str, result: Result<Outcome, SearchError>);
    /// Each completed iteration of a timed search (in order).
    fn iteration(&mut self, name: &str, iteration: Iteration);
    /// The end of a timed search with a limit of `limit_micros`: its result, whether it
    /// completed, and the elapsed time on the clock (`None` without a clock, on the host,
    /// where the search runs to its maximum depth).
    fn timed(
        &mut self,
        name: &str,
        limit_micros: u64,
        result: Result<(Outcome, bool, Option<u64>), SearchError>,
    );
}

/// Name of the tic-tac-toe solve.
pub const TICTACTOE_SOLVE: &str = "tictactoe-solve";
/// Name of the timed tic-tac-toe search.
pub const TICTACTOE_TIMED: &str = "tictactoe-timed";
/// Name of the timed Connect Four search.
pub const CONNECT4_TIMED: &str = "connect4-timed";
/// Names of the Connect Four solves, one per position.
pub const CONNECT4_SOLVES: [&str; 8] = [
    "connect4-l3-1",
    "connect4-l3-2",
    "connect4-l3-3",
    "connect4-l3-4",
    "connect4-l3-5",
    "connect4-l3-6",
    "connect4-l3-7",
    "connect4-l3-8",
];

/// The tic-tac-toe searches: solve the empty board (value-preserving configuration), then
/// search it again with the defaults (LMR on) under a time limit on `clock`.
///
/// Never inlined, like [`connect4`]: the caller's frame then does not hold this function's
/// locals while the other runs.
#[inline(never)]
pub fn tictactoe<H: Harness>(
    engine: &mut TicTacToeEngine,
    table: &Table,
    clock: Option<&dyn Clock>,
    harness: &mut H,
) {
    tictactoe_solve(engine, table, harness);
    tictactoe_timed(engine, table, clock, harness);
}

/// The solve of [`tictactoe`]. Its own function, never inlined, so that the stack holds the
/// locals of one search at a time.
#[inline(never)]
fn tictactoe_solve<H: Harness>(engine: &mut TicTacToeEngine, table: &Table, harness: &mut H) {
    table.clear();
    engine.clear_history();
    engine.set_config(Config::value_preserving());
    harness.before(TICTACTOE_SOLVE);
    let result = engine.search(&mut Board::new(), &Limits::depth(9)).map(|r| Outcome {
        value: r.score,
        best: r.best_move,
        nodes: r.nodes,
        depth: r.depth,
        exact: r.exact,
    });
    harness.exact(TICTACTOE_SOLVE, result);
}

/// The timed search of [`tictactoe`], never inlined either.
#[inline(never)]
fn tictactoe_timed<H: Harness>(
    engine: &mut TicTacToeEngine,
    table: &Table,
    clock: Option<&dyn Clock>,
    harness: &mut H,
) {
    table.clear();
    engine.clear_history();
    // Poll the clock often: the whole search is a few thousand nodes.
    engine.set_config(Config { poll_interval_nodes: 32, ..Config::new() });
    let limits = Limits::depth(9).with_min_depth(2);
    let limits = match clock {
        Some(clock) => limits.with_time_limit(clock, TICTACTOE_TIME_LIMIT_MICROS),
        None => limits,
    };
    harness.before(TICTACTOE_TIMED);
    let result = engine.search_with_info(&mut Board::new(), &limits, |info| {
        harness.iteration(
            TICTACTOE_TIMED,
            Iteration {
                depth: info.depth,
                value: info.score,
                best: info.pv.first().copied(),
                nodes: info.nodes,
            },
        )
    });
    let result = result.map(|r| (outcome(&r), r.completed, r.elapsed_micros));
    harness.timed(TICTACTOE_TIMED, TICTACTOE_TIME_LIMIT_MICROS, result);
}

/// The Connect Four searches: solve each of [`CONNECT4_POSITIONS`] with Pons' null-window
/// driver, then a time-limited iterative-deepening search of [`CONNECT4_TIMED_POSITION`].
#[inline(never)]
pub fn connect4<H: Harness>(
    engine: &mut Connect4Engine,
    table: &Table,
    clock: Option<&dyn Clock>,
    harness: &mut H,
) {
    for (index, &(moves, _)) in CONNECT4_POSITIONS.iter().enumerate() {
        let name = CONNECT4_SOLVES[index];
        table.clear();
        let Ok(position) = Connect4::from_moves(moves) else {
            harness.exact(name, Err(SearchError::InvalidWindow));
            continue;
        };
        harness.before(name);
        let result = solve(engine, position).map(|s| Outcome {
            value: s.score,
            best: None,
            nodes: s.nodes,
            depth: s.searches,
            exact: true,
        });
        harness.exact(name, result);
    }

    table.clear();
    engine.clear_history();
    let Ok(position) = Connect4::from_moves(CONNECT4_TIMED_POSITION) else {
        harness.timed(CONNECT4_TIMED, CONNECT4_TIME_LIMIT_MICROS, Err(SearchError::InvalidWindow));
        return;
    };
    let mut game = Connect4Solver::new(position);
    let limits =
        Limits::depth(position.remaining_cells().min(CONNECT4_PLIES as u32)).with_min_depth(2);
    let limits = match clock {
        Some(clock) => limits.with_time_limit(clock, CONNECT4_TIME_LIMIT_MICROS),
        None => limits,
    };
    harness.before(CONNECT4_TIMED);
    let result = engine.search_with_info(&mut game, &limits, |info| {
        harness.iteration(
            CONNECT4_TIMED,
            Iteration {
                depth: info.depth,
                value: info.score,
                best: info.pv.first().map(|&mv| mv.into()),
                nodes: info.nodes,
            },
        )
    });
    let result = result.map(|r| (outcome(&r), r.completed, r.elapsed_micros));
    harness.timed(CONNECT4_TIMED, CONNECT4_TIME_LIMIT_MICROS, result);
}

/// The Hog searches of [`HOG_SEARCHES`], each from a cleared table and sorter.
#[inline(never)]
pub fn hog<H: Harness>(engine: &mut HogEngine, table: &Table, harness: &mut H) {
    for &(name, scores, depth, star) in &HOG_SEARCHES {
        table.clear();
        engine.clear_history();
        engine.set_config(if star { ChanceConfig::new() } else { ChanceConfig::expectimax() });
        let Ok(mut game) = Hog::with_scores(10, 3, scores, 0) else {
            harness.exact(name, Err(SearchError::InvalidWindow));
            continue;
        };
        harness.before(name);
        let result = engine.search(&mut game, &Limits::depth(depth));
        let result = result
            .map(|r| Outcome {
                value: r.score,
                best: r.best_move,
                nodes: r.nodes,
                depth: r.depth,
                exact: r.exact,
            })
            // A chance error of its own would mean a broken game: reported as a mismatch.
            .map_err(|e| match e {
                ChanceError::Search(e) => e,
                _ => SearchError::InvalidWindow,
            });
        harness.exact(name, result);
    }
}

fn outcome<M: Copy + Into<u8>, const P: usize>(r: &alphabeta::SearchResult<M, i32, P>) -> Outcome {
    let best = r.best_move.map(Into::into);
    Outcome { value: r.score, best, nodes: r.nodes, depth: r.depth, exact: r.exact }
}

// ---------------------------------------------------------------------------------------------
// Monte Carlo tree search

/// Nodes of the Monte Carlo arena (20 bytes each): 5 KiB, used by tic-tac-toe and Connect Four
/// in turn. Too small for a whole proof, so the arena is recycled when full.
pub const ARENA_NODES: usize = 256;
/// The Monte Carlo arena.
pub type Arena = [Node<u8>; ARENA_NODES];

/// MCTS-Solver with random playouts, recycling the arena when it is full.
pub const MCTS_CONFIG: MctsConfig =
    MctsConfig { when_full: WhenFull::Recycle, ..MctsConfig::new() };

/// Iterations of each Monte Carlo search (a proof ends a search sooner).
pub const MCTS_ITERATIONS: u64 = 20_000;

/// The Monte Carlo searches: tic-tac-toe boards, then the Connect Four positions.
pub const MCTS_TICTACTOE: [(&str, &str); 2] =
    [("mcts-tictactoe-win", "XX.OO...."), ("mcts-tictactoe-draw", "....X....")];
/// Names of the Monte Carlo searches of [`CONNECT4_POSITIONS`].
pub const MCTS_CONNECT4: [&str; 8] = [
    "mcts-connect4-l3-1",
    "mcts-connect4-l3-2",
    "mcts-connect4-l3-3",
    "mcts-connect4-l3-4",
    "mcts-connect4-l3-5",
    "mcts-connect4-l3-6",
    "mcts-connect4-l3-7",
    "mcts-connect4-l3-8",
];

/// A Monte Carlo result as the harness compares it: `value` the proven result (1, 0, -1; 2
/// when nothing is proven), `best` the move, `nodes` the iterations, `depth` the arena nodes
/// in use at the end, `exact` whether the root is proven.
fn mcts_outcome<const M: usize, const P: usize>(
    result: Result<MctsResult<u8, M, P>, MctsError>,
) -> Result<Outcome, SearchError> {
    match result {
        Ok(r) => Ok(Outcome {
            value: r.proven.map_or(2, |outcome| outcome.value()),
            best: r.best_move,
            nodes: r.iterations,
            depth: r.tree_nodes as u32,
            exact: r.proven.is_some(),
        }),
        Err(MctsError::Search(error)) => Err(error),
        // Not a search error; reported as one the checker prints.
        Err(_) => Err(SearchError::InvalidWindow),
    }
}

/// MCTS-Solver on the tic-tac-toe boards and the Connect Four positions, one after the other
/// in `arena` (each search starts from an empty tree).
#[inline(never)]
pub fn mcts<H: Harness>(arena: &mut [Node<u8>], harness: &mut H) {
    mcts_tictactoe(arena, harness);
    mcts_connect4(arena, harness);
}

#[inline(never)]
fn mcts_tictactoe<H: Harness>(arena: &mut [Node<u8>], harness: &mut H) {
    let mut engine: Mcts<Board, TicTacToeEval, 9, 9, _> =
        Mcts::new(TicTacToeEval, MCTS_CONFIG, arena);
    for (name, cells) in MCTS_TICTACTOE {
        let Ok(mut board) = Board::parse(cells) else {
            harness.exact(name, Err(SearchError::InvalidWindow));
            continue;
        };
        harness.before(name);
        let result = engine.search(&mut board, &Limits::iterations(MCTS_ITERATIONS));
        harness.exact(name, mcts_outcome(result));
    }
}

#[inline(never)]
fn mcts_connect4<H: Harness>(arena: &mut [Node<u8>], harness: &mut H) {
    let mut engine: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, MCTS_CONFIG, arena);
    for (&(moves, _), name) in CONNECT4_POSITIONS.iter().zip(MCTS_CONNECT4) {
        let Ok(mut position) = Connect4::from_moves(moves) else {
            harness.exact(name, Err(SearchError::InvalidWindow));
            continue;
        };
        harness.before(name);
        let result = engine.search(&mut position, &Limits::iterations(MCTS_ITERATIONS));
        harness.exact(name, mcts_outcome(result));
    }
}
