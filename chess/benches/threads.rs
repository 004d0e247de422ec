//! Time to depth at 1 and 2 threads (the library's parallel search, its default scheme), on
//! the first WAC positions, each searched from an empty 16 MiB table with the engine's UCI
//! configuration: the speed-up per position, its geometric mean and the worst.
//!
//! `cargo bench -p alphabeta-chess --bench threads [-- --depth D] [--positions N]`

use std::time::Instant;

use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::HeapTable;
use alphabeta::{Engine, Limits};
use alphabeta_chess::chess_config;
use alphabeta_chess::{Pesto, Position, MAX_MOVES, MAX_PLY};

fn time_to_depth(root: &Position, depth: u32, threads: u32, table: &HeapTable<i32>) -> f64 {
    table.clear();
    let config = alphabeta::Config { threads, ..chess_config() };
    let engine =
        Engine::<Position, Pesto, MAX_MOVES, MAX_PLY>::new(Pesto, config).with_table(table);
    let mut parallel = ParallelEngine::new(engine).expect("threads");
    let mut pos = root.clone();
    let start = Instant::now();
    let result = parallel.search(&mut pos, &Limits::depth(depth)).expect("search");
    // A proven mate can end the search before `depth`, at either thread count.
    let _ = result.depth;
    start.elapsed().as_secs_f64()
}

fn main() {
    let mut depth = 9;
    let mut count = 20;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value");
        match arg.as_str() {
            "--depth" => depth = value().parse().expect("--depth N"),
            "--positions" => count = value().parse().expect("--positions N"),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let table = HeapTable::<i32>::with_mib(16).expect("table");
    let mut log_sum = 0.0;
    let mut worst = f64::INFINITY;
    let (mut total1, mut total2) = (0.0, 0.0);
    for line in include_str!("../data/wac.epd").lines().take(count) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let root: Position = Position::from_fen(&fen.join(" ")).expect("FEN");
        let one = time_to_depth(&root, depth, 1, &table);
        let two = time_to_depth(&root, depth, 2, &table);
        let speedup = one / two;
        let id = line.split("id ").nth(1).unwrap_or("").trim_end_matches(';');
        println!("{id}: 1 thread {one:.3} s, 2 threads {two:.3} s, speed-up {speedup:.2}");
        log_sum += speedup.ln();
        worst = worst.min(speedup);
        total1 += one;
        total2 += two;
    }
    println!(
        "depth {depth}, {count} positions: geometric mean speed-up {:.2}, worst {worst:.2}, total {total1:.1} s -> {total2:.1} s",
        (log_sum / count as f64).exp()
    );
}
