//! Tic-tac-toe: play against the engine, or solve a board.
//!
//! ```text
//! cargo run --features std --example tictactoe                 # you are X, the engine O
//! cargo run --features std --example tictactoe -- --engine-first
//! cargo run --features std --example tictactoe -- --level 2 --seed 7
//! cargo run --features std --example tictactoe -- --solve XX.OO....
//! cargo run --features std --example tictactoe -- --help
//! ```
//!
//! Cells are numbered 0-8, row by row, in play and in `--solve` alike. `--solve BOARD` takes 9
//! characters (`X`, `O`, `.`, row by row) and prints the value for the side to move (1 win, 0
//! draw, -1 loss) and every best move, in the format of `tests/data/tictactoe/positions.txt`:
//! `value 1 best 2,4,5`. A finished game prints `value V best -`.
//!
//! `--level N` (1 to 5, default 5) sets the engine's strength: 5 plays perfectly, 1 at random
//! (see `examples/common/levels.rs`); `--seed S` repeats a game's random choices.

#[path = "common/levels.rs"]
mod levels;
#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::io::BufRead;
use std::process::ExitCode;

use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::{Config, Engine, Game, Limits, MoveList};

type Solver = Engine<Board, TicTacToeEval, 9, 9>;

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

fn play(engine_mark: Mark, level: usize, seed: u64) -> ExitCode {
    let strength = levels::TICTACTOE[level - 1];
    let mut solver = Solver::new(TicTacToeEval, levels::config(&strength, Config::new(), seed));
    let mut board = Board::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    if strength.margin.is_some() {
        // The draws of a weaker level (the full engine draws none).
        outln!("Level {level}, seed {seed} (--seed {seed} plays this game again).");
    }
    outln!("You are {}. Type a cell number 0-8.", engine_mark.opponent().to_char());
    while !board.is_terminal() {
        let cell = if board.side_to_move() == engine_mark {
            let result = match solver.search(&mut board, &Limits::depth(strength.depth)) {
                Ok(result) => result,
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::FAILURE;
                }
            };
            let Some(cell) = result.best_move else { break };
            outln!("Engine plays {cell} (nodes {})", result.nodes);
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
        board.make_move(cell);
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
usage: tictactoe [--engine-first] [--level N] [--seed S] | --solve BOARD

Plays tic-tac-toe against the engine on the terminal (you are X and move first, unless
--engine-first), or solves a board. Cells are numbered 0-8, row by row.

options:
  --engine-first   the engine plays X and moves first
  --level N        the engine's strength, 1 (random moves) to 5 (perfect play): it searches
                   1, 2, 4, 6 or 9 plies and, below 5, draws its move at random among the
                   best (level 1: among all) [default: 5]
  --seed S         the seed of the engine's random choices, to play a game again
                   [default: from the clock, printed at the start]
  --solve BOARD    print the value of BOARD for the side to move (1 win, 0 draw, -1 loss)
                   and every best move: `value 1 best 2,4,5` (`best -` when the game is over).
                   BOARD is 9 characters X, O or ., row by row, e.g. XX.OO....
  -h, --help       print this help
";

/// What the command line asks for.
enum Command {
    /// The engine's mark, its level, the seed.
    Play(Mark, usize, u64),
    Solve(String),
    Help,
}

fn parse_command() -> Result<Command, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut engine, mut level, mut seed, mut solve) = (Mark::O, 5, None, None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("engine-first") => engine = Mark::X,
            Long("level") => {
                level = parser.value()?.parse()?;
                if !(1..=levels::TICTACTOE.len()).contains(&level) {
                    return Err(format!("--level {level}: the levels are 1 to 5").into());
                }
            }
            Long("seed") => seed = Some(parser.value()?.parse()?),
            Long("solve") => solve = Some(parser.value()?.string()?),
            Short('h') | Long("help") => return Ok(Command::Help),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(match solve {
        Some(cells) => Command::Solve(cells),
        None => Command::Play(engine, level, seed.unwrap_or_else(levels::clock_seed)),
    })
}

fn main() -> ExitCode {
    let cells = match parse_command() {
        Ok(Command::Play(engine, level, seed)) => return play(engine, level, seed),
        Ok(Command::Help) => {
            out!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Solve(cells)) => cells,
        Err(error) => {
            eprintln!(
                "error: {error} (usage: tictactoe [--engine-first] [--level N] [--seed S] | \
                 --solve BOARD; --help)"
            );
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
