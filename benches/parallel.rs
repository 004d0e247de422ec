//! Time to depth and nodes of the parallel search at 1, 2 and 4 threads, for both schemes (a
//! benchmark that prints figures). 4 threads oversubscribe a 2-core machine.
//!
//! ```text
//! cargo bench --features std --bench parallel
//! cargo bench --features std --bench parallel -- --max-depth 14 --positions 10 --runs 7
//! ```
//!
//! `--root-split-only` leaves Lazy SMP out, `--skip-4` the 4-thread column, `--no-lmr` turns
//! late move reductions off, `--l1-depth D` searches the Test_L1_R1 positions to depth `D`
//! (default 12), `--min-split-nodes N` sets `ParallelEngine::set_min_split_nodes` (default
//! 16,384). `--table-bits 18,20,22` searches every position once with each
//! table size (2^18, 2^20 and 2^22 slots; default 20 alone) in each sample: with LMR, the
//! size of the tree searched from one position changes by up to 1.8x with the table size, in
//! the sequential search too (depth 16 from the empty board: 2.1 to 3.8 million nodes for
//! 2^17 to 2^22 slots), and the parallel search's tree changes as much from run to run, so
//! several sizes give the typical speed-up rather than the luck of one tree.
//!
//! Times and nodes are the medians of `--runs` searches (default 5): a parallel search's time
//! and nodes vary from run to run with the threads' timing. The thread counts take turns, and
//! a speed-up is the median of the ratios of searches made one after the other, so that the
//! machine's own changes of speed (large on a shared virtual machine) cancel out. "Busy
//! threads" is the process's CPU time over the wall time: how many threads were searching
//! on average.
//!
//! Connect Four with the window-counting heuristic, the default configuration (LMR on) and a
//! table cleared before every search: from the empty board at depths 12 to 16, and
//! the first positions of Test_L1_R1 searched to depth 12.

use std::time::Instant;

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Limits, ParallelScheme};

type Searcher = ParallelEngine<Connect4, Connect4Heuristic, 7, 42, TableSlice<'static, i32>>;

fn engine(
    table: TableSlice<'static, i32>,
    threads: u32,
    scheme: ParallelScheme,
    lmr: bool,
    min_split_nodes: Option<u64>,
) -> Searcher {
    let config = Config { threads, parallel_scheme: scheme, lmr, ..Config::new() };
    let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
        .with_table(table);
    let mut parallel = ParallelEngine::new(engine).expect("a thread pool");
    if let Some(nodes) = min_split_nodes {
        parallel.set_min_split_nodes(nodes);
    }
    parallel
}

/// One sample: the time (ms) and nodes of searching every position to `depth` with each
/// engine (one per table size), each search from a cleared table and history.
fn sample(
    engines: &mut [(Searcher, TableSlice<'static, i32>)],
    positions: &[Connect4],
    depth: u32,
) -> Sample {
    let (mut seconds, mut cpu_seconds, mut nodes) = (0.0, 0.0, 0);
    for (engine, table) in engines.iter_mut() {
        for position in positions {
            table.clear();
            engine.clear_history();
            let cpu_start = process_cpu_seconds();
            let start = Instant::now();
            let result = engine.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
            seconds += start.elapsed().as_secs_f64();
            cpu_seconds += process_cpu_seconds() - cpu_start;
            nodes += result.nodes;
        }
    }
    Sample { ms: seconds * 1e3, busy: cpu_seconds / seconds, nodes }
}

/// One timed search (or set of searches): wall time, the threads' CPU time over the wall time
/// (how many threads were busy on average) and nodes.
#[derive(Clone, Copy)]
struct Sample {
    ms: f64,
    busy: f64,
    nodes: u64,
}

/// The CPU time of the whole process (every thread), in seconds.
fn process_cpu_seconds() -> f64 {
    // SAFETY: getrusage writes the struct it is given; a zeroed rusage is a valid value.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The sample of median time.
fn median(mut samples: Vec<Sample>) -> Sample {
    samples.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    samples[samples.len() / 2]
}

/// The median over the runs of the 1-thread time over the n-thread time of the same run (the
/// runs alternate, so each ratio compares searches made seconds apart).
fn paired_speedup(one: &[Sample], many: &[Sample]) -> f64 {
    let mut ratios: Vec<f64> = one.iter().zip(many).map(|(a, b)| a.ms / b.ms).collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ratios.len() / 2]
}

/// The schemes of `--schemes` (root, lazy, abdada), all of them by default.
fn schemes_of(args: &[String]) -> Vec<ParallelScheme> {
    args.iter().position(|a| a == "--schemes").and_then(|i| args.get(i + 1)).map_or_else(
        || vec![ParallelScheme::RootSplit, ParallelScheme::LazySmp, ParallelScheme::Abdada],
        |v| {
            v.split(',')
                .map(|name| match name {
                    "root" => ParallelScheme::RootSplit,
                    "lazy" => ParallelScheme::LazySmp,
                    "abdada" => ParallelScheme::Abdada,
                    other => panic!("unknown scheme {other}: root, lazy or abdada"),
                })
                .collect()
        },
    )
}

/// `--sweep`: where two threads start to pay. The `--positions` positions of Test_L1_R1
/// searched to depths 8, 10, … 18, each with one thread and with two, alternately, `runs`
/// times; the ratios of the two times, grouped by the size of the sequential search, give the
/// median and the worst ratio of each size. With the default threshold
/// (`ParallelEngine::set_min_split_nodes`) the engine uses one thread for a search until it
/// has visited that many nodes, so below it the ratio is that of two identical searches.
fn sweep(
    tables: &[TableSlice<'static, i32>],
    positions: &[Connect4],
    scheme: ParallelScheme,
    lmr: bool,
    min_split_nodes: Option<u64>,
    runs: usize,
) {
    let table = tables[0];
    let mut one = engine(table, 1, scheme, lmr, None);
    let mut two = engine(table, 2, scheme, lmr, min_split_nodes);
    // Sequential nodes' upper bounds of the groups.
    let bounds = [4_096u64, 16_384, 65_536, 262_144, 1 << 20, u64::MAX];
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); bounds.len()];
    for depth in (8..=18).step_by(2) {
        for position in positions {
            let mut times = [Vec::new(), Vec::new()];
            let mut nodes = 0;
            for _ in 0..runs {
                for (which, searcher) in [&mut one, &mut two].into_iter().enumerate() {
                    table.clear();
                    searcher.clear_history();
                    let start = Instant::now();
                    let result = searcher.search(&mut position.clone(), &Limits::depth(depth));
                    times[which].push(start.elapsed().as_secs_f64());
                    if which == 0 {
                        nodes = result.unwrap().nodes;
                    }
                }
            }
            let mut pair: Vec<f64> = times[1].iter().zip(&times[0]).map(|(b, a)| b / a).collect();
            pair.sort_by(f64::total_cmp);
            let group = bounds.iter().position(|&b| nodes < b).unwrap_or(bounds.len() - 1);
            ratios[group].push(pair[pair.len() / 2]);
        }
    }
    println!(
        "{scheme:?}: 2-thread time over 1-thread time, by the 1-thread search's nodes \
         ({} positions of Test_L1_R1 at depths 8-18, median of {runs} alternating runs each)",
        positions.len()
    );
    println!("sequential nodes | searches | median ratio | geometric mean | worst ratio");
    let mut low = 0;
    for (bound, mut group) in bounds.into_iter().zip(ratios) {
        if !group.is_empty() {
            group.sort_by(f64::total_cmp);
            let geomean = (group.iter().map(|r| r.ln()).sum::<f64>() / group.len() as f64).exp();
            let high = if bound == u64::MAX { String::from("more") } else { bound.to_string() };
            println!(
                "{low}-{high} | {} | {:.2} | {geomean:.2} | {:.2}",
                group.len(),
                group[group.len() / 2],
                group[group.len() - 1]
            );
        }
        low = bound;
    }
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
    let runs = option("--runs", 5).max(1) as usize;
    let only_root_split = args.iter().any(|a| a == "--root-split-only");
    let skip_four = args.iter().any(|a| a == "--skip-4");
    let lmr = !args.iter().any(|a| a == "--no-lmr");
    let min_split_nodes = args
        .iter()
        .position(|a| a == "--min-split-nodes")
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().expect("a number"));
    let table_bits: Vec<u32> = args
        .iter()
        .position(|a| a == "--table-bits")
        .and_then(|i| args.get(i + 1))
        .map_or(vec![20], |v| v.split(',').map(|b| b.parse().expect("a number")).collect());
    let tables: Vec<TableSlice<'static, i32>> = table_bits
        .iter()
        .map(|&bits| {
            let slots: &'static [Slot32] =
                Box::leak((0..1usize << bits).map(|_| Slot32::EMPTY).collect());
            let generation = Box::leak(Box::new(std::sync::atomic::AtomicU8::new(0)));
            TableSlice::new(slots, generation)
        })
        .collect();
    let l1: Vec<Connect4> = include_str!("../tests/data/connect4/Test_L1_R1")
        .lines()
        .take(count)
        .map(|l| Connect4::from_moves(l.split(' ').next().unwrap()).unwrap())
        .collect();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "machine: {cpus} CPUs; times in ms (median of {runs} runs), speed-up against 1 thread; \
         tables of 2^{table_bits:?} slots"
    );
    println!("search | scheme | 1 thread ms (nodes) | 2 threads ms (nodes) | speed-up | busy threads | 4 threads ms (nodes) | speed-up | busy threads");
    let mut cases: Vec<(String, Vec<Connect4>, u32)> = (12..=max_depth)
        .map(|d| (format!("empty board, depth {d}"), vec![Connect4::new()], d))
        .collect();
    if args.iter().any(|a| a == "--sweep") {
        let scheme = schemes_of(&args).first().copied().unwrap_or(ParallelScheme::Abdada);
        sweep(&tables, &l1, scheme, lmr, min_split_nodes, option("--runs", 3).max(1) as usize);
        return;
    }
    let l1_depth = option("--l1-depth", 12);
    cases.push((format!("{count} positions of Test_L1_R1, depth {l1_depth}"), l1, l1_depth));
    let openings = option("--openings", 0);
    if openings > 0 {
        // Every position after `openings` moves from the empty board (7^n of them).
        let mut lines = vec![String::new()];
        for _ in 0..openings {
            lines = lines.iter().flat_map(|l| (1..=7).map(move |c| format!("{l}{c}"))).collect();
        }
        let positions: Vec<Connect4> =
            lines.iter().map(|l| Connect4::from_moves(l).unwrap()).collect();
        let depth = option("--opening-depth", 14);
        let name = format!("{} openings of {openings} moves, depth {depth}", positions.len());
        cases.push((name, positions, depth));
    }
    let schemes = schemes_of(&args);
    for scheme in schemes {
        if only_root_split && scheme != ParallelScheme::RootSplit {
            continue;
        }
        let counts: &[u32] = if skip_four { &[1, 2] } else { &[1, 2, 4] };
        let mut engines: Vec<Vec<(Searcher, TableSlice<'static, i32>)>> = counts
            .iter()
            .map(|&n| {
                tables.iter().map(|&t| (engine(t, n, scheme, lmr, min_split_nodes), t)).collect()
            })
            .collect();
        let mut log_speedup = 0.0;
        let mut boards = 0;
        for (name, positions, depth) in &cases {
            // The thread counts take turns, run after run, so that a slow spell of the
            // machine falls on all of them alike.
            let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); counts.len()];
            for _ in 0..runs {
                for (engine, samples) in engines.iter_mut().zip(samples.iter_mut()) {
                    samples.push(sample(engine, positions, *depth));
                }
            }
            let speedups: Vec<f64> =
                samples.iter().skip(1).map(|many| paired_speedup(&samples[0], many)).collect();
            let figures: Vec<Sample> = samples.into_iter().map(median).collect();
            let two = figures[1];
            let four = figures.get(2).map_or(String::from("-"), |f| {
                format!("{:.1} ({}) | {:.2}x | {:.2}", f.ms, f.nodes, speedups[1], f.busy)
            });
            if positions.len() == 1 {
                log_speedup += speedups[0].ln();
                boards += 1;
            }
            println!(
                "{name} | {scheme:?} | {:.1} ({}) | {:.1} ({}) | {:.2}x | {:.2} | {four}",
                figures[0].ms, figures[0].nodes, two.ms, two.nodes, speedups[0], two.busy
            );
        }
        if boards > 0 {
            let geomean = (log_speedup / f64::from(boards)).exp();
            println!("{scheme:?}: geometric mean of the 2-thread speed-ups from the empty board: {geomean:.2}x");
        }
    }
}
