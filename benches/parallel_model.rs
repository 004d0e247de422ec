//! The shared-table parallel searches (ABDADA, Lazy SMP) on a simulated machine with a core
//! per thread: node counts and the speed-up they imply at 2 to 64 threads, whatever this
//! machine's cores and load (a benchmark that prints figures).
//!
//! ```text
//! cargo bench --features std --bench parallel_model
//! cargo bench --features std --bench parallel_model -- --threads 1,2,4,8 --depths 12,14 --schemes abdada
//! ```
//!
//! The threads advance in lock step (`ParallelEngine::simulate_lock_step`): every
//! `--poll` nodes (default 256) each thread waits until the others still searching have
//! visited as many, as if each had a core of its own and every node cost the same. So the
//! main thread's nodes are the length of the search in that model, and for each thread count
//! the benchmark prints:
//!
//! * **nodes**: all threads' nodes over the sequential search's (the search overhead);
//! * **length**: the main thread's nodes over the sequential search's;
//! * **model speed-up**: the sequential nodes over the main thread's, the time-to-depth
//!   speed-up on a machine with as many cores, leaving out what a node costs more in a
//!   parallel search (memory traffic, marks) and the start of the helpers.
//!
//! Connect Four with the window-counting heuristic and the default configuration, every
//! search once with each table size of `--table-bits` (default 18,20,22: with late move
//! reductions the tree's size depends on the table's), each table cleared with the history
//! before every search, from
//! the empty board at `--depths` (default 12,13,14) and from the first `--positions` (default
//! 0) positions of Test_L1_R1 at depth `--l1-depth` (default 16). Figures are the medians of
//! `--runs` (default 3) runs: threads still run at the same time within a batch, so the
//! trees vary a little from run to run.

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Limits, ParallelScheme};

type Searcher = ParallelEngine<Connect4, Connect4Heuristic, 7, 42, TableSlice<'static, i32>>;

fn list(args: &[String], name: &str, default: &str) -> Vec<u64> {
    let text = args
        .iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, String::as_str);
    text.split(',').map(|v| v.parse().expect("a number")).collect()
}

fn engine(
    table: TableSlice<'static, i32>,
    threads: u32,
    scheme: ParallelScheme,
    poll: u32,
    lmr: bool,
) -> Searcher {
    let config = Config {
        threads,
        parallel_scheme: scheme,
        poll_interval_nodes: poll,
        lmr,
        ..Config::new()
    };
    let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
        .with_table(table);
    let mut parallel = ParallelEngine::new(engine).expect("a thread pool");
    parallel.simulate_lock_step(true);
    parallel
}

/// All threads' nodes and the search's length in the model (the sequential search's nodes
/// for one thread), over the positions.
fn run(
    engine: &mut Searcher,
    table: TableSlice<'static, i32>,
    positions: &[Connect4],
    depth: u32,
) -> (u64, u64) {
    let (mut all, mut main) = (0, 0);
    for position in positions {
        table.clear();
        engine.clear_history();
        let result = engine.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
        all += result.nodes;
        main += match engine.last_model_length() {
            0 => result.nodes,
            length => length,
        };
    }
    (all, main)
}

fn median(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values[values.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads = list(&args, "--threads", "1,2,4,8,16,32,64");
    let depths = list(&args, "--depths", "12,13,14");
    let runs = list(&args, "--runs", "3")[0].max(1) as usize;
    let poll = list(&args, "--poll", "256")[0] as u32;
    let bits = list(&args, "--table-bits", "18,20,22");
    let count = list(&args, "--positions", "0")[0] as usize;
    let l1_depth = list(&args, "--l1-depth", "16")[0] as u32;
    let min_nodes = list(&args, "--min-split-nodes", "16384")[0];
    let lmr = !args.iter().any(|a| a == "--no-lmr");
    let schemes: Vec<ParallelScheme> = args
        .iter()
        .position(|a| a == "--schemes")
        .and_then(|i| args.get(i + 1))
        .map_or("abdada,lazy", String::as_str)
        .split(',')
        .map(|name| match name {
            "lazy" => ParallelScheme::LazySmp,
            "abdada" => ParallelScheme::Abdada,
            other => {
                panic!("unknown scheme {other}: lazy or abdada (root splitting is not simulated)")
            }
        })
        .collect();
    let tables: Vec<TableSlice<'static, i32>> = bits
        .iter()
        .map(|&b| {
            let slots: &'static [Slot32] =
                Box::leak((0..1usize << b).map(|_| Slot32::EMPTY).collect());
            let generation = Box::leak(Box::new(std::sync::atomic::AtomicU8::new(0)));
            TableSlice::new(slots, generation)
        })
        .collect();

    let mut cases: Vec<(String, Vec<Connect4>, u32)> = depths
        .iter()
        .map(|&d| (format!("empty board, depth {d}"), vec![Connect4::new()], d as u32))
        .collect();
    let openings = list(&args, "--openings", "0")[0] as usize;
    if openings > 0 {
        // Every position after `openings` moves from the empty board (7^n of them).
        let mut positions = vec![String::new()];
        for _ in 0..openings {
            positions =
                positions.iter().flat_map(|p| (1..=7).map(move |c| format!("{p}{c}"))).collect();
        }
        let positions: Vec<Connect4> =
            positions.iter().map(|m| Connect4::from_moves(m).unwrap()).collect();
        let depth = list(&args, "--opening-depth", "12")[0] as u32;
        cases.push((
            format!("{} openings of {openings} moves, depth {depth}", positions.len()),
            positions,
            depth,
        ));
    }
    if count > 0 {
        let l1: Vec<Connect4> = include_str!("../tests/data/connect4/Test_L1_R1")
            .lines()
            .take(count)
            .map(|l| Connect4::from_moves(l.split(' ').next().unwrap()).unwrap())
            .collect();
        cases.push((format!("{count} positions of Test_L1_R1, depth {l1_depth}"), l1, l1_depth));
    }
    println!(
        "lock-step simulation: a batch of {poll} nodes per round, every search with tables of \
         2^{bits:?} slots, helpers from {min_nodes} nodes, medians of {runs} runs"
    );
    println!("search | scheme | threads | nodes | nodes / sequential | length / sequential | model speed-up");
    for (name, positions, depth) in &cases {
        let mut seq_nodes = 0;
        for &table in &tables {
            let mut sequential = engine(table, 1, ParallelScheme::Abdada, poll, lmr);
            seq_nodes += run(&mut sequential, table, positions, *depth).0;
        }
        println!("{name} | sequential | 1 | {seq_nodes} | 1.00 | 1.00 | 1.00x");
        for &scheme in &schemes {
            for &n in threads.iter().filter(|&&n| n > 1) {
                let mut engines: Vec<Searcher> = tables
                    .iter()
                    .map(|&table| {
                        let mut parallel = engine(table, n as u32, scheme, poll, lmr);
                        parallel.set_min_split_nodes(min_nodes);
                        parallel
                    })
                    .collect();
                let (mut all, mut main) = (Vec::new(), Vec::new());
                for _ in 0..runs {
                    let (mut a, mut m) = (0, 0);
                    for (parallel, &table) in engines.iter_mut().zip(&tables) {
                        let (ra, rm) = run(parallel, table, positions, *depth);
                        a += ra;
                        m += rm;
                    }
                    all.push(a);
                    main.push(m);
                }
                let (all, main) = (median(all), median(main));
                println!(
                    "{name} | {scheme:?} | {n} | {all} | {:.2} | {:.2} | {:.2}x",
                    all as f64 / seq_nodes as f64,
                    main as f64 / seq_nodes as f64,
                    seq_nodes as f64 / main as f64
                );
            }
        }
    }
}
