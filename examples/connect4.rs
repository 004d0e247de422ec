//! Solves Connect Four positions exactly and checks them against Pascal Pons' benchmark sets.
//!
//! ```text
//! cargo run --release --features std --example connect4 -- tests/data/connect4/Test_L3_R1
//! echo "4453 0" | cargo run --release --features std --example connect4
//! ```
//!
//! Input: one position per line, `<moves> [<score>]`: the columns played (digits 1-7) and,
//! optionally, the expected score in Pons' definition (see `tests/data/connect4/README.md`).
//! Output: per position its line, score, nodes and microseconds, then one summary line
//! `positions N mismatches M mean_us X mean_nodes Y`. A line that is not a legal position is
//! reported with its line number on stderr and skipped. The exit code is 1 when a score
//! mismatched or a line was skipped, 0 otherwise.

use std::io::{BufRead, BufReader, Read};
use std::process::ExitCode;

use alphabeta::games::connect4::{pons_score, Connect4, Connect4Eval};
use alphabeta::{Clock, Config, Engine, Limits, StdClock};

/// Columns per position at most, and plies at most.
type Solver = Engine<Connect4, Connect4Eval, 7, 42>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input: Box<dyn Read> = match args.as_slice() {
        [] => Box::new(std::io::stdin()),
        [flag] if flag == "-h" || flag == "--help" => {
            println!("usage: connect4 [FILE]   (reads `moves [score]` lines; stdin without FILE)");
            return ExitCode::SUCCESS;
        }
        [path] => match std::fs::File::open(path) {
            Ok(file) => Box::new(file),
            Err(error) => {
                eprintln!("error: {path}: {error}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("error: usage: connect4 [FILE]");
            return ExitCode::FAILURE;
        }
    };

    let clock = StdClock::new();
    let mut solver = Solver::new(Connect4Eval, Config::new());
    let (mut positions, mut mismatches, mut skipped) = (0u64, 0u64, 0u64);
    let (mut total_us, mut total_nodes) = (0u64, 0u64);

    for (index, line) in BufReader::new(input).lines().enumerate() {
        let line_number = index + 1;
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("error: line {line_number}: {error}");
                skipped += 1;
                break;
            }
        };
        let mut fields = line.split_whitespace();
        let Some(moves) = fields.next() else { continue };
        let expected = match fields.next().map(str::parse::<i32>) {
            None => None,
            Some(Ok(score)) => Some(score),
            Some(Err(_)) => {
                eprintln!("line {line_number}: skipped: the score is not an integer");
                skipped += 1;
                continue;
            }
        };
        if fields.next().is_some() {
            eprintln!("line {line_number}: skipped: expected `moves [score]`");
            skipped += 1;
            continue;
        }
        let mut position = match Connect4::from_moves(moves) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("line {line_number}: skipped: {error}");
                skipped += 1;
                continue;
            }
        };
        if position.is_won() {
            eprintln!("line {line_number}: skipped: the game is already over");
            skipped += 1;
            continue;
        }

        let start = clock.now_micros();
        let depth = position.remaining_cells();
        let result = match solver.search(&mut position, &Limits::depth(depth)) {
            Ok(result) => result,
            Err(error) => {
                eprintln!("line {line_number}: skipped: {error}");
                skipped += 1;
                continue;
            }
        };
        let micros = clock.now_micros() - start;
        let score = pons_score(result.score, position.moves_played());
        let verdict = match expected {
            Some(e) if e != score => {
                mismatches += 1;
                format!(" MISMATCH expected {e}")
            }
            _ => String::new(),
        };
        println!("line {line_number} score {score} nodes {} us {micros}{verdict}", result.nodes);
        positions += 1;
        total_us += micros;
        total_nodes += result.nodes;
    }

    let mean = |total: u64| if positions == 0 { 0.0 } else { total as f64 / positions as f64 };
    println!(
        "positions {positions} mismatches {mismatches} mean_us {:.1} mean_nodes {:.1}",
        mean(total_us),
        mean(total_nodes)
    );
    if mismatches > 0 || skipped > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
