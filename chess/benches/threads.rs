//! Time to depth at 1 and 2 threads (the library's parallel search, its default scheme), on
//! the first WAC positions, each searched from an empty 16 MiB table with the engine's UCI
//! configuration.
//!
//! `cargo bench -p alphabeta-chess --bench threads [-- --depth D] [--positions N] [--rounds R]
//! [--scheme abdada|root-split|lazy-smp]]` (the scheme of `chess_config()` by default)
//!
//! Each position is searched `R` times at each thread count, alternately (1, 2, 1, 2, …: the
//! machine's speed drifts, so the two are compared side by side), and its speed-up is the
//! median of the per-pair ratios. A search that a proven mate ends before depth `D` measures
//! the time to the proof, not to the depth: such positions are printed, marked, and left out
//! of the summary line's geometric mean, which is over the positions that reached depth `D`
//! at both thread counts (the line also gives the mean over all of them).

use std::time::Instant;

use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::HeapTable;
use alphabeta::{Engine, Limits, ParallelScheme};
use alphabeta_chess::chess_config;
use alphabeta_chess::{ChessSorter, Pesto, Position, MAX_MOVES, MAX_PLY};

/// Seconds to search `root` to `depth` on `threads` threads from a cleared table, and the
/// depth the search completed (less than `depth` when a proven mate ended it).
fn time_to_depth(
    root: &Position,
    depth: u32,
    threads: u32,
    scheme: ParallelScheme,
    table: &HeapTable<i32>,
) -> (f64, u32) {
    table.clear();
    let config = alphabeta::Config { threads, parallel_scheme: scheme, ..chess_config() };
    let engine = Engine::<Position, Pesto, MAX_MOVES, MAX_PLY>::new(Pesto, config)
        .with_table(table)
        .with_sorter(ChessSorter::new());
    let mut parallel = ParallelEngine::new(engine).expect("threads");
    let mut pos = root.clone();
    let start = Instant::now();
    let result = parallel.search(&mut pos, &Limits::depth(depth)).expect("search");
    (start.elapsed().as_secs_f64(), result.depth)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn main() {
    let mut depth = 14;
    let mut count = 20;
    let mut rounds = 3;
    let mut scheme = chess_config().parallel_scheme;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value");
        match arg.as_str() {
            "--depth" => depth = value().parse().expect("--depth N"),
            "--positions" => count = value().parse().expect("--positions N"),
            "--rounds" => rounds = value().parse().expect("--rounds N"),
            "--scheme" => {
                scheme = match value().as_str() {
                    "abdada" => ParallelScheme::Abdada,
                    "root-split" => ParallelScheme::RootSplit,
                    "lazy-smp" => ParallelScheme::LazySmp,
                    _ => panic!("--scheme abdada|root-split|lazy-smp"),
                }
            }
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    assert!(rounds >= 1, "--rounds: at least 1");
    let table = HeapTable::<i32>::with_mib(16).expect("table");
    let (mut log_all, mut log_reached) = (0.0, 0.0);
    let (mut n_all, mut n_reached) = (0usize, 0usize);
    let mut worst = f64::INFINITY;
    let (mut total1, mut total2) = (0.0, 0.0);
    for line in include_str!("../data/wac.epd").lines().take(count) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let root: Position = Position::from_fen(&fen.join(" ")).expect("FEN");
        let id = line.split("id ").nth(1).unwrap_or("").trim_end_matches(';');
        let (mut ratios, mut ones, mut twos) = (Vec::new(), Vec::new(), Vec::new());
        let mut reached = true;
        for _ in 0..rounds {
            let (one, d1) = time_to_depth(&root, depth, 1, scheme, &table);
            let (two, d2) = time_to_depth(&root, depth, 2, scheme, &table);
            reached &= d1 == depth && d2 == depth;
            ratios.push(one / two);
            ones.push(one);
            twos.push(two);
        }
        let speedup = median(&mut ratios);
        let (one, two) = (median(&mut ones), median(&mut twos));
        let mark = if reached { "" } else { " (a proven mate ended it before the depth)" };
        println!("{id}: 1 thread {one:.3} s, 2 threads {two:.3} s, speed-up {speedup:.2}{mark}");
        log_all += speedup.ln();
        n_all += 1;
        if reached {
            log_reached += speedup.ln();
            n_reached += 1;
            worst = worst.min(speedup);
            total1 += one;
            total2 += two;
        }
    }
    println!(
        "{scheme:?}, depth {depth}, {rounds} round(s): {n_reached} positions reached the depth: geometric mean \
         speed-up {:.2}, worst {worst:.2}, total {total1:.1} s -> {total2:.1} s; all {n_all}: {:.2}",
        (log_reached / n_reached.max(1) as f64).exp(),
        (log_all / n_all.max(1) as f64).exp()
    );
}
