//! alphabeta in the browser: the functions the page's Web Worker calls (`www/worker.js`).
//!
//! * [`tictactoe_move`] and [`tictactoe_state`]: the engine's move (an exact solve, so it never
//!   loses) and the state of a board;
//! * [`connect4_move`] and [`connect4_state`]: a search to a depth or for a time, reporting each
//!   completed iteration to the page as it happens, and the state of a position;
//! * [`othello_move`] and [`othello_state`]: a search for a time (iterative deepening with the
//!   midgame evaluation, each iteration reported), or the exact solve once few squares are
//!   empty, and the state of a game given as its moves;
//! * [`tree_trace`]: a tree file read and searched by the reference alpha-beta, every step of
//!   it ([`alphabeta::trace`]), for the teaching view to play back and draw.
//!
//! Results cross to JavaScript as typed arrays of numbers (no JSON, no number formatting in
//! the WebAssembly); errors as `Error` objects with the engine's message.

use alphabeta::games::connect4::{Connect4, Connect4Heuristic, CELLS, HEIGHT, WIDTH};
use alphabeta::games::othello::{self, Color, Othello, OthelloEval, Square};
use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::trace::TraceEvent;
use alphabeta::tree::Tree;
use alphabeta::tt::TranspositionTable;
use alphabeta::{Clock, Config, Engine, Game, IterationInfo, Limits};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds, monotonic (in a window and in a worker).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;

    /// What the page passes to [`connect4_move`] to hear of each completed iteration.
    pub type Progress;

    /// One completed iteration: depth, score (for the side to move), nodes, milliseconds
    /// since the search started, and the principal variation (Connect Four: columns `1`–`7`;
    /// Othello: square names separated by spaces, `D3 C5`).
    #[wasm_bindgen(method)]
    fn report(this: &Progress, depth: u32, score: i32, nodes: f64, elapsed_ms: f64, pv: &str);
}

/// The browser's clock for time limits.
struct BrowserClock;

impl Clock for BrowserClock {
    fn now_micros(&self) -> u64 {
        (performance_now() * 1000.0) as u64
    }
}

/// Tic-tac-toe's table: 4,096 slots (64 KiB), cleared before every move so that the engine's
/// choice among equally good moves depends on the position only.
static TICTACTOE_TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();

/// Connect Four's table: 262,144 slots (4 MiB), kept from move to move.
static CONNECT4_TABLE: TranspositionTable<i32, { 1 << 18 }> = TranspositionTable::new();

/// Othello's table for the midgame search: 131,072 slots (2 MiB), kept from move to move.
static OTHELLO_TABLE: TranspositionTable<i32, { 1 << 17 }> = TranspositionTable::new();

/// Othello's table for the exact solve: 131,072 slots (2 MiB), kept from move to move. A table
/// of its own: an entry of the midgame search may be as deep as the empty squares and still
/// rest on a reduced line (late move reductions) that stopped at the evaluation, where every
/// entry of the solver is a proven bound.
static OTHELLO_SOLVER_TABLE: TranspositionTable<i32, { 1 << 17 }> = TranspositionTable::new();

/// The callback of a search that reports each completed iteration to `progress`: the
/// milliseconds since `start`, the principal variation written by `pv`.
fn reporter<'p, M>(
    progress: &'p Progress,
    start: f64,
    pv: impl Fn(&[M]) -> String + 'p,
) -> impl FnMut(&IterationInfo<'_, M, i32>) + 'p {
    move |info| {
        progress.report(
            info.depth,
            info.score,
            info.nodes as f64,
            performance_now() - start,
            &pv(info.pv),
        );
    }
}

fn error(message: &str) -> JsError {
    JsError::new(message)
}

fn board(cells: &str) -> Result<Board, JsError> {
    Board::parse(cells).map_err(|e| error(&e.to_string()))
}

/// The engine's move on a tic-tac-toe board (9 characters `X`, `O`, `.`, row by row; the side
/// to move follows from the counts): `[cell 0-8, score for the side to move, nodes]`. The
/// search is exact (all 9 plies), so the engine never loses.
///
/// # Errors
/// A board that cannot be read, or a game that is over.
#[wasm_bindgen]
pub fn tictactoe_move(cells: &str) -> Result<Vec<i32>, JsError> {
    let mut board = board(cells)?;
    if board.is_terminal() {
        return Err(error("the game is over"));
    }
    TICTACTOE_TABLE.clear();
    let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::new())
        .with_table(&TICTACTOE_TABLE);
    let result = engine.search(&mut board, &Limits::depth(9)).map_err(|e| error(&e.to_string()))?;
    let cell = result.best_move.map_or(-1, i32::from);
    Ok(vec![cell, result.score, result.nodes as i32])
}

/// The state of a tic-tac-toe board: `[0]` playing, `[1]` X won, `[2]` O won, `[3]` a draw.
///
/// # Errors
/// A board that cannot be read (a line completed and play went on, counts that cannot be).
#[wasm_bindgen]
pub fn tictactoe_state(cells: &str) -> Result<Vec<i32>, JsError> {
    let board = board(cells)?;
    Ok(vec![match board.winner() {
        Some(Mark::X) => 1,
        Some(Mark::O) => 2,
        None if board.is_full() => 3,
        None => 0,
    }])
}

fn connect4(moves: &str) -> Result<Connect4, JsError> {
    Connect4::from_moves(moves).map_err(|e| error(&e.to_string()))
}

/// The state of a Connect Four game given as its moves (columns `1`–`7`): `[status, playable,
/// 42 cells]`, status 0 playing, 1 won by the player who moved last, 2 a draw; playable the
/// columns not full as bits (bit 0 column 1); the cells column by column from the bottom, 0
/// empty, 1 the first player, 2 the second.
///
/// # Errors
/// A move that is not a column, into a full column, or after the game was won.
#[wasm_bindgen]
pub fn connect4_state(moves: &str) -> Result<Vec<i32>, JsError> {
    let position = connect4(moves)?;
    let status = if position.is_won() {
        1
    } else if position.moves_played() == CELLS {
        2
    } else {
        0
    };
    let playable =
        (0..WIDTH as u8).filter(|&c| position.can_play(c)).fold(0, |bits, c| bits | 1 << c);
    let mut state = vec![status, playable];
    for col in 0..WIDTH {
        for row in 0..HEIGHT {
            state.push(position.stone(col, row).map_or(0, |player| i32::from(player) + 1));
        }
    }
    Ok(state)
}

/// The engine's move in a Connect Four game given as its moves: iterative deepening to
/// `max_depth` plies, stopped after `time_ms` milliseconds when that is not 0 (the first
/// iteration always completes), calling `progress.report` after every completed iteration.
/// Returns `[column 1-7, score for the side to move, depth, nodes, milliseconds]`.
///
/// # Errors
/// A bad move string, a game that is over, a depth of 0 or above 42.
#[wasm_bindgen]
pub fn connect4_move(
    moves: &str,
    max_depth: u32,
    time_ms: u32,
    progress: &Progress,
) -> Result<Vec<f64>, JsError> {
    let mut position = connect4(moves)?;
    if position.is_won() || position.moves_played() == CELLS {
        return Err(error("the game is over"));
    }
    let clock = BrowserClock;
    let mut limits = Limits::depth(max_depth);
    if time_ms > 0 {
        limits = limits.with_time_limit(&clock, u64::from(time_ms) * 1000);
    }
    let start = performance_now();
    let mut engine =
        Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, Config::new())
            .with_table(&CONNECT4_TABLE);
    let result = engine
        .search_with_info(
            &mut position,
            &limits,
            reporter(progress, start, |pv: &[u8]| {
                pv.iter().map(|&c| char::from(b'1' + c)).collect()
            }),
        )
        .map_err(|e| error(&e.to_string()))?;
    let column = result.best_move.map_or(0.0, |c| f64::from(c) + 1.0);
    let elapsed = performance_now() - start;
    Ok(vec![column, f64::from(result.score), f64::from(result.depth), result.nodes as f64, elapsed])
}

/// The position after `moves`: square names, two characters each (`F5D6C3`, either case),
/// from the opening; a side without a legal move passes by itself (no move is written for
/// it).
fn othello(moves: &str) -> Result<Othello, JsError> {
    let bytes = moves.as_bytes();
    if !bytes.len().is_multiple_of(2) || !moves.is_ascii() {
        return Err(error("the moves must be square names, two characters each, such as F5D6C3"));
    }
    let mut position = Othello::new();
    for (index, name) in bytes.chunks(2).enumerate() {
        let name = core::str::from_utf8(name).unwrap_or("");
        let number = index + 1;
        let Some(square) = Square::parse(name) else {
            return Err(error(&format!("move {number}: `{name}` is not a square (A1 to H8)")));
        };
        if position.is_over() {
            return Err(error(&format!("move {number}: {square} comes after the end of the game")));
        }
        if !position.is_legal(square) {
            let side = if position.side() == Color::Black { "black" } else { "white" };
            return Err(error(&format!(
                "move {number}: {square} is not a legal move for {side} (legal: {})",
                squares(position.moves())
            )));
        }
        position = position.play(square);
    }
    Ok(position)
}

/// The squares of a bitboard as names separated by spaces, `A1` first.
fn squares(set: u64) -> String {
    let list: Vec<Square> = (0..64).filter(|&square| set & 1 << square != 0).map(Square).collect();
    square_names(&list)
}

/// Squares as names separated by spaces (`D3 C5`).
fn square_names(list: &[Square]) -> String {
    let mut names = String::new();
    for square in list {
        if !names.is_empty() {
            names.push(' ');
        }
        names.push_str(&square.to_string());
    }
    names
}

/// The state of an Othello game given as its moves (square names, two characters each:
/// `F5D6C3`): `[status, side to move, black discs, white discs, score, 64 cells]`. Status 0
/// playing, 1 over; the side to move 1 black, 2 white (after any pass: the side that moves
/// next; when the game is over, the one that would); score the final disc difference for
/// black once the game is over (the empty squares go to the winner), else 0; the cells `A1`,
/// `B1`, …, `H1`, `A2`, …, `H8`, 0 empty, 1 black, 2 white, 3 a legal move of the side to
/// move.
///
/// # Errors
/// A string of odd length, a name that is not a square, an illegal move (the message names
/// the move's number and the legal moves), a move after the end of the game.
#[wasm_bindgen]
pub fn othello_state(moves: &str) -> Result<Vec<i32>, JsError> {
    let position = othello(moves)?;
    let black = position.discs(Color::Black);
    let white = position.discs(Color::White);
    let score = match (position.is_over(), position.side()) {
        (false, _) => 0,
        (true, Color::Black) => position.final_score(),
        (true, Color::White) => -position.final_score(),
    };
    let mut state = vec![
        i32::from(position.is_over()),
        if position.side() == Color::Black { 1 } else { 2 },
        black.count_ones() as i32,
        white.count_ones() as i32,
        score,
    ];
    for square in 0..64 {
        let bit = 1u64 << square;
        state.push(if black & bit != 0 {
            1
        } else if white & bit != 0 {
            2
        } else if position.moves() & bit != 0 {
            3
        } else {
            0
        });
    }
    Ok(state)
}

/// The engine's move in an Othello game given as its moves (as [`othello_state`] reads them).
///
/// With more than `solve_empties` empty squares: iterative deepening with the midgame
/// evaluation ([`OthelloEval`], the default configuration) for `time_ms` milliseconds (the
/// first iteration always completes), calling `progress.report` after every completed
/// iteration. With at most `solve_empties` (and at most 60): the exact solve
/// ([`othello::solve`]), which the clock does not stop, reported once when it is done (its
/// depth the empty squares, its line the best move). Each keeps its table (2 MiB) from move to
/// move.
/// Returns `[square 0-63 (A1 0, H8 63), score for the side to move, depth, nodes,
/// milliseconds, exact]`, exact 1 when the score is the game's value with best play (the
/// solve, or an iteration that reached the end on every line), else 0.
///
/// # Errors
/// A bad move string (as [`othello_state`]), a game that is over, a time of 0.
#[wasm_bindgen]
pub fn othello_move(
    moves: &str,
    time_ms: u32,
    solve_empties: u32,
    progress: &Progress,
) -> Result<Vec<f64>, JsError> {
    let position = othello(moves)?;
    if position.is_over() {
        return Err(error("the game is over"));
    }
    if time_ms == 0 {
        return Err(error("the time per move must be at least 1 ms"));
    }
    let start = performance_now();
    let empties = position.empty_count();
    if empties <= solve_empties {
        let mut engine = othello::solver_engine(&OTHELLO_SOLVER_TABLE);
        let solution = othello::solve(&mut engine, position).map_err(|e| error(&e.to_string()))?;
        let best = solution.best_move.ok_or_else(|| error("the solver found no move"))?;
        let elapsed = performance_now() - start;
        progress.report(empties, solution.score, solution.nodes as f64, elapsed, &best.to_string());
        return Ok(vec![
            f64::from(best.0),
            f64::from(solution.score),
            f64::from(empties),
            solution.nodes as f64,
            elapsed,
            1.0,
        ]);
    }
    let clock = BrowserClock;
    let limits =
        Limits::depth(othello::MAX_PLY as u32).with_time_limit(&clock, u64::from(time_ms) * 1000);
    let mut engine =
        Engine::<Othello, OthelloEval, { othello::MAX_MOVES }, { othello::MAX_PLY }>::new(
            OthelloEval,
            Config::new(),
        )
        .with_table(&OTHELLO_TABLE);
    let mut game = position;
    let result = engine
        .search_with_info(&mut game, &limits, reporter(progress, start, square_names))
        .map_err(|e| error(&e.to_string()))?;
    let best = result.best_move.ok_or_else(|| error("the search found no move"))?;
    let elapsed = performance_now() - start;
    Ok(vec![
        f64::from(best.0),
        f64::from(result.score),
        f64::from(result.depth),
        result.nodes as f64,
        elapsed,
        f64::from(u8::from(result.exact)),
    ])
}

/// A tree file searched by the reference alpha-beta, step by step, for the teaching view.
/// Node `i` is the file's node `i` (breadth-first order, the root 0).
#[wasm_bindgen]
pub struct TreeTrace {
    names: String,
    parents: Vec<i32>,
    flags: Vec<u8>,
    values: Vec<f64>,
    kinds: Vec<u8>,
    nodes: Vec<u32>,
    first: Vec<f64>,
    second: Vec<f64>,
    summary: Vec<f64>,
}

#[wasm_bindgen]
impl TreeTrace {
    /// The nodes' names, one per line.
    #[wasm_bindgen(getter)]
    pub fn names(&self) -> String {
        self.names.clone()
    }

    /// By node: its parent (-1 for the root).
    #[wasm_bindgen(getter)]
    pub fn parents(&self) -> Vec<i32> {
        self.parents.clone()
    }

    /// By node: bit 0 MAX to move, bit 1 a leaf.
    #[wasm_bindgen(getter)]
    pub fn flags(&self) -> Vec<u8> {
        self.flags.clone()
    }

    /// By node: a leaf's value (NaN for an inner node).
    #[wasm_bindgen(getter)]
    pub fn values(&self) -> Vec<f64> {
        self.values.clone()
    }

    /// By event: 0 enter (first alpha, second beta), 1 value (first the value), 2 window
    /// (first alpha, second beta), 3 beta cut and 4 alpha cut (first the child it came after).
    #[wasm_bindgen(getter)]
    pub fn kinds(&self) -> Vec<u8> {
        self.kinds.clone()
    }

    /// By event: the node.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> Vec<u32> {
        self.nodes.clone()
    }

    /// By event: its first number.
    #[wasm_bindgen(getter)]
    pub fn first(&self) -> Vec<f64> {
        self.first.clone()
    }

    /// By event: its second number.
    #[wasm_bindgen(getter)]
    pub fn second(&self) -> Vec<f64> {
        self.second.clone()
    }

    /// `[value, leaves minimax evaluates, leaves alpha-beta evaluates]`.
    #[wasm_bindgen(getter)]
    pub fn summary(&self) -> Vec<f64> {
        self.summary.clone()
    }
}

/// Reads a tree file and traces its alpha-beta search.
///
/// # Errors
/// The reader's error for a malformed file (one line, with its line number), or a tree of
/// more than 100,000 nodes (more than the page can draw).
#[wasm_bindgen]
pub fn tree_trace(text: &str) -> Result<TreeTrace, JsError> {
    let tree = Tree::parse(text).map_err(|e| error(&e.to_string()))?;
    if tree.node_count() > 100_000 {
        return Err(error("the tree has more than 100,000 nodes, too many to draw"));
    }
    let trace = tree.trace();
    let mut names = String::new();
    for node in 0..tree.node_count() {
        if node > 0 {
            names.push('\n');
        }
        names.push_str(tree.name(node));
    }
    let mut out = TreeTrace {
        names,
        parents: trace.nodes.iter().map(|n| n.parent.map_or(-1, |p| p as i32)).collect(),
        flags: trace.nodes.iter().map(|n| u8::from(n.max) | u8::from(n.leaf) << 1).collect(),
        values: (0..tree.node_count()).map(|n| tree.value(n).unwrap_or(f64::NAN)).collect(),
        kinds: Vec::with_capacity(trace.events.len()),
        nodes: Vec::with_capacity(trace.events.len()),
        first: Vec::with_capacity(trace.events.len()),
        second: Vec::with_capacity(trace.events.len()),
        summary: vec![
            trace.events.last().map_or(f64::NAN, |e| match *e {
                TraceEvent::Value { value, .. } => value,
                _ => f64::NAN,
            }),
            tree.leaf_count() as f64,
            trace.leaves_evaluated() as f64,
        ],
    };
    for event in &trace.events {
        let (kind, node, first, second) = match *event {
            TraceEvent::Enter { node, alpha, beta } => (0, node, alpha, beta),
            TraceEvent::Value { node, value } => (1, node, value, 0.0),
            TraceEvent::Window { node, alpha, beta } => (2, node, alpha, beta),
            TraceEvent::Cut { node, after, kind } => {
                let code = if kind == alphabeta::trace::CutoffKind::Beta { 3 } else { 4 };
                (code, node, after as f64, 0.0)
            }
        };
        out.kinds.push(kind);
        out.nodes.push(node as u32);
        out.first.push(first);
        out.second.push(second);
    }
    Ok(out)
}
