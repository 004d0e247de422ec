use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Limits, ParallelScheme};
use std::sync::atomic::Ordering;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).map_or(12, |a| a.parse().unwrap());
    let threads: u32 = args.get(2).map_or(2, |a| a.parse().unwrap());
    let bits: u32 = args.get(3).map_or(20, |a| a.parse().unwrap());
    let scheme = match args.get(4).map_or("abdada", |s| s.as_str()) { "lazy" => ParallelScheme::LazySmp, _ => ParallelScheme::Abdada };
    let slots: &'static [Slot32] = Box::leak((0..1usize << bits).map(|_| Slot32::EMPTY).collect());
    let generation = Box::leak(Box::new(std::sync::atomic::AtomicU8::new(0)));
    let table = TableSlice::new(slots, generation);
    for n in [1, threads] {
        let config = Config { threads: n, parallel_scheme: scheme, poll_interval_nodes: 256, ..Config::new() };
        let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config).with_table(table);
        let mut p = ParallelEngine::new(engine).unwrap();
        p.simulate_lock_step(true);
        table.clear();
        p.clear_history();
        let mut last = 0;
        let mut line = String::new();
        let r = p.search_with_info(&mut Connect4::new(), &Limits::depth(depth), |info| {
            line += &format!(" d{}:{}({})", info.depth, info.nodes - last, info.score);
            last = info.nodes;
        }).unwrap();
        println!("threads {n}: total {} main {:?} defers {}{}", r.nodes, p.last_thread_nodes(), 0, line);
    }
}
