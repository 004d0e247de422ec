//! Solves Connect Four positions exactly and checks them against Pascal Pons' benchmark sets.
//!
//! ```text
//! cargo run --release --features std --example connect4 -- tests/data/connect4/Test_L3_R1
//! echo "2252576253462244111563365343671351441 -1" | cargo run --release --features std --example connect4
//! ```
//!
//! Input: one position per line, `<moves> [<score>]`: the columns played (digits 1-7) and,
//! optionally, the expected score in Pons' definition (see `tests/data/connect4/README.md`).
//! Output: per position its line, score, nodes and microseconds, then one summary line
//! `positions N mismatches M mean_us X mean_nodes Y`. A line that is not a legal position is
//! reported with its line number on stderr and skipped. The exit code is 1 when a score
//! mismatched or a line was skipped, 0 otherwise.
//!
//! Each position is solved by `alphabeta::games::connect4::solve`: Pons' null-window driver
//! over the generic engine, with a 16 MiB transposition table that is cleared before every
//! position (the clearing is not timed), and the solver's game model
//! (`Connect4Solver`: decided positions are terminal, only non-losing moves, threat order).

use std::io::{BufRead, BufReader, Read};
use std::process::ExitCode;
use std::sync::atomic::AtomicU8;

use alphabeta::games::connect4::{solve, solver_engine, Connect4};
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Clock, StdClock};

/// Transposition-table slots: 2^20 slots of 16 bytes, 16 MiB.
const TABLE_SLOTS: usize = 1 << 20;

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
    let slots: Vec<Slot32> = (0..TABLE_SLOTS).map(|_| Slot32::EMPTY).collect();
    let generation = AtomicU8::new(0);
    let table = TableSlice::new(&slots, &generation);
    let mut solver = solver_engine(table);
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
        let position = match Connect4::from_moves(moves) {
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

        // Every position starts from a cleared table and no history (not timed).
        table.clear();
        solver.clear_history();
        let start = clock.now_micros();
        let solution = match solve(&mut solver, position) {
            Ok(solution) => solution,
            Err(error) => {
                eprintln!("line {line_number}: skipped: {error}");
                skipped += 1;
                continue;
            }
        };
        let micros = clock.now_micros() - start;
        let score = solution.score;
        let verdict = match expected {
            Some(e) if e != score => {
                mismatches += 1;
                format!(" MISMATCH expected {e}")
            }
            _ => String::new(),
        };
        println!("line {line_number} score {score} nodes {} us {micros}{verdict}", solution.nodes);
        positions += 1;
        total_us += micros;
        total_nodes += solution.nodes;
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
