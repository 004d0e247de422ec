//! Tic-tac-toe: play against the engine, or solve a board.
//!
//! ```text
//! cargo run --features std --example tictactoe                 # you are X, the engine O
//! cargo run --features std --example tictactoe -- --engine-first
//! cargo run --features std --example tictactoe -- --level 2 --seed 7
//! cargo run --features std --example tictactoe -- --solve XX.OO....
//! cargo run --features std --example tictactoe -- --engine mcts --iterations 2000
//! cargo run --features std --example tictactoe -- --dot XO.X.O... --plies 2 | dot -Tsvg -o search.svg
//! cargo run --features std --example tictactoe -- --help
//! ```
//!
//! Cells are numbered 0-8, row by row, in play and in `--solve` alike. `--solve BOARD` takes 9
//! characters (`X`, `O`, `.`, row by row) and prints the value for the side to move (1 win, 0
//! draw, -1 loss) and every best move, in the format of `tests/data/tictactoe/positions.txt`:
//! `value 1 best 2,4,5`. A finished game prints `value V best -`. `--dot BOARD` prints the
//! engine's plain alpha-beta search of BOARD as a Graphviz graph (`Engine::search_traced`), its
//! first `--plies N` plies (2 by default) drawn, the nodes below counted.
//!
//! `--engine mcts` plays (or solves) with Monte Carlo tree search instead: MCTS-Solver with
//! `--iterations N` iterations per move (default 20,000), keeping its tree between moves. Its
//! `--solve` prints the proven value (`?` when the budget proved nothing) and its one move:
//! `value 1 best 2`.
//!
//! `--level N` (1 to 5, default 5) sets the alpha-beta engine's strength: 5 plays perfectly, 1
//! at random (see `examples/common/levels.rs`); `--seed S` repeats a game's random choices.

#[path = "common/levels.rs"]
mod levels;
#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::io::BufRead;
use std::process::ExitCode;

use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::mcts::{Mcts, MctsConfig, MctsResult, Node, Outcome};
use alphabeta::{Config, Engine, Game, Limits, MoveList};

type Solver = Engine<Board, TicTacToeEval, 9, 9>;
/// Monte Carlo tree search in an arena of 100,000 nodes (2 MB): more than a search of the
/// default budget fills (the C twin has the same).
type MonteCarlo = Mcts<Board, TicTacToeEval, 9, 9, Vec<Node<u8>>>;
const ARENA_NODES: usize = 100_000;

fn monte_carlo() -> MonteCarlo {
    let config = MctsConfig { tree_reuse: true, ..MctsConfig::new() };
    Mcts::new(TicTacToeEval, config, vec![Node::EMPTY; ARENA_NODES])
}

/// The engine of a game: alpha-beta, or Monte Carlo tree search with its budget.
enum Player {
    /// The engine at a level, and the depth it searches to.
    AlphaBeta(Box<Solver>, u32),
    MonteCarlo(MonteCarlo, u64),
}

impl Player {
    /// The engine's move and the words about it, `None` when there is none.
    fn choose(&mut self, board: &mut Board) -> Result<Option<(u8, String)>, String> {
        match self {
            Player::AlphaBeta(solver, depth) => {
                let limits = Limits::depth(*depth);
                let result = solver.search(board, &limits).map_err(|e| e.to_string())?;
                Ok(result.best_move.map(|cell| (cell, format!("nodes {}", result.nodes))))
            }
            Player::MonteCarlo(mcts, iterations) => {
                let result = mcts_search(mcts, board, *iterations)?;
                let proven = match result.proven {
                    Some(outcome) => format!(", proven {}", outcome_name(outcome)),
                    None => String::new(),
                };
                let words = format!("iterations {}{proven}", result.iterations);
                Ok(result.best_move.map(|cell| (cell, words)))
            }
        }
    }

    /// Plays `cell` on the board (and keeps the Monte Carlo tree's subtree of it).
    fn play(&mut self, board: &mut Board, cell: u8) {
        match self {
            Player::AlphaBeta(..) => board.make_move(cell),
            Player::MonteCarlo(mcts, _) => mcts.play(board, cell),
        }
    }
}

fn mcts_search(
    mcts: &mut MonteCarlo,
    board: &mut Board,
    iterations: u64,
) -> Result<MctsResult<u8, 9, 9>, String> {
    mcts.search(board, &Limits::iterations(iterations)).map_err(|e| e.to_string())
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

/// +1, 0 or -1 for a win, draw or loss of the side to move.
fn outcome(score: i32) -> i32 {
    score.signum()
}

/// The exact value of `board` for the side to move and every move that keeps it.
fn solve(solver: &mut Solver, board: &mut Board) -> Result<(i32, Vec<u8>), String> {
    if board.is_terminal() {
        return Ok((terminal_value(board), Vec::new()));
    }
    let mut moves = MoveList::<u8, 9>::new();
    board.generate_moves(&mut moves);
    let mut best = Vec::new();
    let mut best_value = i32::MIN;
    for &cell in &moves {
        board.make_move(cell);
        let child = solver.search(board, &Limits::depth(9));
        board.unmake_move(cell, ());
        let value = -outcome(child.map_err(|e| e.to_string())?.score);
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(cell);
        }
    }
    Ok((best_value, best))
}

/// The value of a finished game for the side to move.
fn terminal_value(board: &Board) -> i32 {
    match board.winner() {
        Some(winner) if winner == board.side_to_move() => 1,
        Some(_) => -1,
        None => 0,
    }
}

fn print_board(board: &Board) {
    for row in 0..3u8 {
        let cells: Vec<String> = (0..3u8)
            .map(|col| {
                let cell = row * 3 + col;
                board.cell(cell).map_or(cell.to_string(), |m| m.to_char().to_string())
            })
            .collect();
        outln!(" {}", cells.join(" | "));
        if row < 2 {
            outln!("---+---+---");
        }
    }
}

fn play(engine_mark: Mark, mut player: Player) -> ExitCode {
    let mut board = Board::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!("You are {}. Type a cell number 0-8.", engine_mark.opponent().to_char());
    while !board.is_terminal() {
        let cell = if board.side_to_move() == engine_mark {
            let (cell, words) = match player.choose(&mut board) {
                Ok(Some(choice)) => choice,
                Ok(None) => break,
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::FAILURE;
                }
            };
            outln!("Engine plays {cell} ({words})");
            cell
        } else {
            print_board(&board);
            let Some(line) = output::ask_move(&mut lines) else { return ExitCode::SUCCESS };
            match line.trim().parse::<u8>() {
                Ok(n @ 0..=8) if board.cell(n).is_none() => n,
                _ => {
                    outln!("Please type the number of a free cell, 0-8.");
                    continue;
                }
            }
        };
        player.play(&mut board, cell);
    }
    print_board(&board);
    match board.winner() {
        Some(mark) if mark == engine_mark => outln!("The engine wins."),
        Some(_) => outln!("You win."),
        None => outln!("Draw."),
    }
    ExitCode::SUCCESS
}

const HELP: &str = "\
usage: tictactoe [--engine alphabeta|mcts] [--iterations N] [--level N] [--seed S]
                 [--engine-first | --solve BOARD | --dot BOARD [--plies N]]

Plays tic-tac-toe against the engine on the terminal (you are X and move first, unless
--engine-first), or solves a board. Cells are numbered 0-8, row by row.

options:
  --engine-first    the engine plays X and moves first
  --solve BOARD     print the value of BOARD for the side to move (1 win, 0 draw, -1 loss)
                    and every best move: `value 1 best 2,4,5` (`best -` when the game is
                    over). BOARD is 9 characters X, O or ., row by row, e.g. XX.OO....
  --engine NAME     alphabeta (exact search, the default) or mcts (Monte Carlo tree search
                    with MCTS-Solver, which keeps its tree between moves); with mcts,
                    --solve prints the proven value (? if none) and the move it plays
  --iterations N    mcts: iterations per move (at least 1) [default: 20000]
  --level N         alphabeta: the strength, 1 (random moves) to 5 (perfect play): it searches
                    1, 2, 4, 6 or 9 plies and, below 5, draws its move at random among the
                    best (level 1: among all) [default: 5]
  --seed S          alphabeta: the seed of the engine's random choices, to play a game again
                    [default: from the clock, printed at the start for a level below 5]
  --dot BOARD       print the engine's alpha-beta search of BOARD (plain, moves in cell order)
                    as a Graphviz graph (render: dot -Tsvg): each position with its value for
                    the side to move at BOARD and its window, the principal variation, the cuts
  --plies N         with --dot: the plies drawn, 1-9 (default 2; deeper nodes are counted)
  -h, --help        print this help
";

/// What the command line asks for.
enum Command {
    /// The engine's mark, its level, the seed.
    Play(Mark, usize, u64),
    Solve(String),
    Dot(String, u32),
    Help,
}

/// The command, and the Monte Carlo budget when `--engine mcts` was given.
fn parse_command() -> Result<(Command, Option<u64>), lexopt::Error> {
    use lexopt::prelude::*;
    let mut command = Command::Play(Mark::O, 5, 0);
    let (mut level, mut seed) = (5, None);
    let mut plies = 2;
    let (mut mcts, mut iterations) = (false, 20_000u64);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("engine-first") => command = Command::Play(Mark::X, 5, 0),
            Long("level") => {
                level = parser.value()?.parse()?;
                if !(1..=levels::TICTACTOE.len()).contains(&level) {
                    return Err(format!("--level {level}: the levels are 1 to 5").into());
                }
            }
            Long("seed") => seed = Some(parser.value()?.parse()?),
            Long("solve") => command = Command::Solve(parser.value()?.string()?),
            Long("dot") => command = Command::Dot(parser.value()?.string()?, 0),
            Long("plies") => {
                plies = match parser.value()?.parse::<u32>()? {
                    n @ 1..=9 => n,
                    n => return Err(format!("--plies {n}: 1 to 9").into()),
                }
            }
            Long("engine") => {
                mcts = match parser.value()?.string()?.as_str() {
                    "alphabeta" => false,
                    "mcts" => true,
                    other => return Err(format!("--engine {other:?}: alphabeta or mcts").into()),
                }
            }
            Long("iterations") => {
                iterations = parser.value()?.parse()?;
                if iterations == 0 {
                    return Err("--iterations 0: at least 1".into());
                }
            }
            Short('h') | Long("help") => return Ok((Command::Help, None)),
            _ => return Err(arg.unexpected()),
        }
    }
    match command {
        Command::Dot(_, ref mut n) => *n = plies,
        Command::Play(_, ref mut l, ref mut s) => {
            *l = level;
            *s = seed.unwrap_or_else(levels::clock_seed);
        }
        _ => {}
    }
    Ok((command, mcts.then_some(iterations)))
}

/// The engine's plain alpha-beta search of `board`, its first `plies` plies as a Graphviz graph.
fn dot(board: &mut Board, plies: u32) -> Result<String, String> {
    let config = Config { iterative_deepening: false, ..Config::plain_alpha_beta() };
    let mut engine = Solver::new(TicTacToeEval, config);
    let depth = (0..9).filter(|&c| board.cell(c).is_none()).count() as u32;
    if board.is_terminal() {
        return Err("the game is over".into());
    }
    let (result, trace) =
        engine.search_traced(board, &Limits::depth(depth), plies).map_err(|e| e.to_string())?;
    let root: String = (0..9).map(|c| board.cell(c).map_or('.', Mark::to_char)).collect();
    let mover = |node: usize| {
        // The side that made the move into `node`: the root's side on odd plies.
        let mut ply = 0;
        let mut at = node;
        while let Some(parent) = trace.nodes[at].parent {
            ply += 1;
            at = parent;
        }
        if ply % 2 == 1 {
            board.side_to_move()
        } else {
            board.side_to_move().opponent()
        }
    };
    let best = result.best_move.map_or("-".to_owned(), |cell| cell.to_string());
    let side = board.side_to_move().to_char();
    let title = format!("alpha-beta: {root}, {side} to move, best move {best}");
    Ok(trace.to_dot(&title, |node| match trace.nodes[node].mv {
        None => root.clone(),
        Some(cell) => format!("{}{cell}", mover(node).to_char()),
    }))
}

fn main() -> ExitCode {
    let (cells, mcts) = match parse_command() {
        Ok((Command::Play(engine, level, seed), None)) => {
            let strength = levels::TICTACTOE[level - 1];
            if strength.margin.is_some() {
                // The draws of a weaker level (the full engine draws none).
                outln!("Level {level}, seed {seed} (--seed {seed} plays this game again).");
            }
            let config = levels::config(&strength, Config::new(), seed);
            let solver = Box::new(Solver::new(TicTacToeEval, config));
            return play(engine, Player::AlphaBeta(solver, strength.depth));
        }
        Ok((Command::Play(engine, ..), Some(iterations))) => {
            return play(engine, Player::MonteCarlo(monte_carlo(), iterations))
        }
        Ok((Command::Help, _)) => {
            out!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok((Command::Solve(cells), mcts)) => (cells, mcts),
        Ok((Command::Dot(cells, plies), _)) => {
            let result = Board::parse(&cells)
                .map_err(|e| format!("{cells:?}: {e}"))
                .and_then(|mut board| dot(&mut board, plies));
            return match result {
                Ok(text) => {
                    out!("{text}");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("error: {error}");
                    ExitCode::FAILURE
                }
            };
        }
        Err(error) => {
            eprintln!("error: {error} (usage: tictactoe [--engine alphabeta|mcts] [--iterations N] [--level N] [--seed S] [--engine-first | --solve BOARD | --dot BOARD [--plies N]]; --help)");
            return ExitCode::FAILURE;
        }
    };
    let mut board = match Board::parse(&cells) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("error: {cells:?}: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(iterations) = mcts {
        if board.is_terminal() {
            outln!("value {} best -", terminal_value(&board));
            return ExitCode::SUCCESS;
        }
        return match mcts_search(&mut monte_carlo(), &mut board, iterations) {
            Ok(result) => {
                let value = result.proven.map_or("?".to_string(), |o| o.value().to_string());
                let best = result.best_move.map_or("-".to_string(), |cell| cell.to_string());
                outln!("value {value} best {best}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let mut solver = Solver::new(TicTacToeEval, Config::new());
    match solve(&mut solver, &mut board) {
        Ok((value, best)) if best.is_empty() => outln!("value {value} best -"),
        Ok((value, best)) => {
            let best: Vec<String> = best.iter().map(u8::to_string).collect();
            outln!("value {value} best {}", best.join(","));
        }
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
