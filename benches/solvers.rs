//! Figures for the README's performance section (a benchmark that prints, not a timed test):
//!
//! * the Connect Four solver on Pascal Pons' three benchmark sets, against the figures of his
//!   C++ solver (table cleared before each position, no opening book);
//! * tic-tac-toe solved from the empty board with a transposition table.
//!
//! ```text
//! cargo bench --features std --bench solvers              # all three sets
//! cargo bench --features std --bench solvers -- L3 L2     # some of them
//! cargo bench --features std --bench solvers -- --passes 9 L1
//! ```
//!
//! Each set is solved `--passes` times (default 5) and the mean time per position of the
//! fastest pass and of the median pass are printed: on a shared virtual machine the speed of
//! the same binary drifts by up to 2x from minute to minute, and the fastest pass is the
//! nearest to the idle machine of Pons' measurements (node counts do not vary).

use std::sync::atomic::AtomicU8;
use std::time::Instant;

use alphabeta::games::connect4::{solve, solver_engine, Connect4, SolverEngine};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::tt::{Slot, Slot32, TableSlice, TranspositionTable};
use alphabeta::{Config, Engine, Limits};

/// Pons' published figures for his solver: set, mean microseconds, mean nodes per position.
const PONS: [(&str, f64, f64); 3] =
    [("L3", 5.7, 51.0), ("L2", 48.0, 449.0), ("L1", 346.0, 3_296.0)];

/// One pass over a set: mean microseconds and mean nodes per position, and the mismatches.
fn pass(
    solver: &mut SolverEngine<TableSlice<'_, i32>>,
    table: TableSlice<'_, i32>,
    text: &str,
) -> (f64, f64, u64, u64) {
    let (mut positions, mut mismatches, mut nanos, mut nodes) = (0u64, 0u64, 0u128, 0u64);
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').expect("`moves score`");
        let position = Connect4::from_moves(moves).expect("a legal position");
        table.clear();
        solver.clear_history();
        let start = Instant::now();
        let solution = solve(solver, position).expect("no engine error");
        nanos += start.elapsed().as_nanos();
        positions += 1;
        nodes += solution.nodes;
        mismatches += u64::from(solution.score != score.parse::<i32>().unwrap());
    }
    let mean_us = nanos as f64 / 1_000.0 / positions as f64;
    (mean_us, nodes as f64 / positions as f64, positions, mismatches)
}

fn connect4(set: &str, text: &str, passes: usize) {
    let slots: Vec<Slot32> = (0..1 << 16).map(|_| Slot32::EMPTY).collect();
    let generation = AtomicU8::new(0);
    let table = TableSlice::new(&slots, &generation);
    let mut solver = solver_engine(table);
    let mut times = Vec::new();
    let (mut mean_nodes, mut positions, mut mismatches) = (0.0, 0, 0);
    for _ in 0..passes {
        let (us, nodes, count, wrong) = pass(&mut solver, table, text);
        times.push(us);
        (mean_nodes, positions) = (nodes, count);
        mismatches += wrong;
    }
    times.sort_by(f64::total_cmp);
    let (best_us, median_us) = (times[0], times[times.len() / 2]);
    let (_, pons_us, pons_nodes) = PONS.iter().find(|p| p.0 == set).copied().unwrap();
    println!(
        "Test_{set}_R1 | {positions} | {mismatches} | {best_us:.1} | {median_us:.1} | {mean_nodes:.1} | {pons_us} | {pons_nodes} | {:.2}x | {:.0}",
        best_us / pons_us,
        mean_nodes * 1_000.0 / best_us,
    );
}

fn tictactoe() {
    static TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();
    let config = Config::value_preserving();
    let mut engine: Engine<Board, TicTacToeEval, 9, 9, _> =
        Engine::new(TicTacToeEval, config).with_table(&TABLE);
    let runs = 2_000;
    let mut nodes = 0;
    let mut elapsed = std::time::Duration::ZERO;
    for _ in 0..runs {
        TABLE.clear();
        engine.clear_history();
        let start = Instant::now();
        let result = engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
        elapsed += start.elapsed();
        assert_eq!(result.score, 0);
        nodes = result.nodes;
    }
    let micros = elapsed.as_secs_f64() * 1e6 / f64::from(runs);
    println!("\ntic-tac-toe from the empty board, 4,096-slot table cleared before each solve (not timed):");
    println!(
        "  {micros:.1} µs per solve, {nodes} nodes (iterative deepening to the exact value 0)"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let passes = args
        .iter()
        .position(|a| a == "--passes")
        .and_then(|i| args.get(i + 1))
        .map_or(5, |v| v.parse().expect("a number"))
        .max(1);
    let wanted: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with('-') && (i == 0 || args[i - 1] != "--passes"))
        .map(|(_, a)| a)
        .collect();
    let sets = [
        ("L3", include_str!("../tests/data/connect4/Test_L3_R1")),
        ("L2", include_str!("../tests/data/connect4/Test_L2_R1")),
        ("L1", include_str!("../tests/data/connect4/Test_L1_R1")),
    ];
    println!("Connect Four solver (alphabeta engine + Pons' null-window driver, 1 MiB table cleared per position, not timed)");
    println!("{passes} passes over each set; mean µs per position of the fastest pass and of the median pass");
    println!("set | positions | mismatches (all passes) | fastest µs | median µs | mean nodes | Pons µs | Pons nodes | fastest / Pons | nodes per ms");
    for (set, text) in sets {
        if wanted.is_empty() || wanted.iter().any(|w| *w == set) {
            connect4(set, text, passes);
        }
    }
    if wanted.is_empty() || wanted.iter().any(|w| *w == "ttt") {
        tictactoe();
    }
}
