//! Time to depth and nodes of the parallel search at 1, 2 and 4 threads, for both schemes (a
//! benchmark that prints figures). 4 threads oversubscribe a 2-core machine.
//!
//! ```text
//! cargo bench --features std --bench parallel
//! cargo bench --features std --bench parallel -- --max-depth 14 --positions 10
//! ```
//!
//! Connect Four with the window-counting heuristic, the default configuration (LMR on) and a
//! 2^20-slot table cleared before every search: from the empty board at depths 12 to 16, and
//! the first positions of Test_L1_R1 searched to depth 12.

use std::time::Instant;

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Limits, ParallelScheme};

fn run(
    table: TableSlice<'static, i32>,
    threads: u32,
    scheme: ParallelScheme,
    positions: &[Connect4],
    depth: u32,
) -> (f64, u64) {
    let config = Config { threads, parallel_scheme: scheme, ..Config::new() };
    let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
        .with_table(table);
    let mut engine = ParallelEngine::new(engine).expect("a thread pool");
    let (mut seconds, mut nodes) = (0.0, 0);
    for position in positions {
        table.clear();
        engine.clear_history();
        let start = Instant::now();
        let result = engine.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
        seconds += start.elapsed().as_secs_f64();
        nodes += result.nodes;
    }
    (seconds * 1e3, nodes)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str, default: u32| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect("a number"))
    };
    let max_depth = option("--max-depth", 16);
    let count = option("--positions", 20) as usize;
    let slots: &'static [Slot32] = Box::leak((0..1 << 20).map(|_| Slot32::EMPTY).collect());
    let generation = Box::leak(Box::new(std::sync::atomic::AtomicU8::new(0)));
    let table = TableSlice::new(slots, generation);
    let l1: Vec<Connect4> = include_str!("../tests/data/connect4/Test_L1_R1")
        .lines()
        .take(count)
        .map(|l| Connect4::from_moves(l.split(' ').next().unwrap()).unwrap())
        .collect();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("machine: {cpus} CPUs; times in ms, speed-up against 1 thread");
    println!("search | scheme | 1 thread ms (nodes) | 2 threads ms (nodes) | speed-up | 4 threads ms (nodes) | speed-up");
    let mut cases: Vec<(String, Vec<Connect4>, u32)> = (12..=max_depth)
        .map(|d| (format!("empty board, depth {d}"), vec![Connect4::new()], d))
        .collect();
    cases.push((format!("{count} positions of Test_L1_R1, depth 12"), l1, 12));
    for (name, positions, depth) in &cases {
        for scheme in [ParallelScheme::RootSplit, ParallelScheme::LazySmp] {
            let (t1, n1) = run(table, 1, scheme, positions, *depth);
            let (t2, n2) = run(table, 2, scheme, positions, *depth);
            let (t4, n4) = run(table, 4, scheme, positions, *depth);
            println!(
                "{name} | {scheme:?} | {t1:.1} ({n1}) | {t2:.1} ({n2}) | {:.2}x | {t4:.1} ({n4}) | {:.2}x",
                t1 / t2,
                t1 / t4
            );
        }
    }
}
