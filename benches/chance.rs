//! Star1 and Star2 against plain expectimax at equal depth: nodes and time, on Hog and on
//! random stochastic trees.
//!
//! ```text
//! cargo bench --features std --bench chance                 # 7 rounds
//! cargo bench --features std --bench chance -- --rounds 15
//! # one workload under one search, once, for valgrind --tool=callgrind (instructions do not
//! # drift): WORKLOAD is hog6, hog6-table, hog8-table or trees; SEARCH expectimax, star1, star2
//! cargo bench --features std --bench chance -- --once hog8-table star2
//! ```
//!
//! Every search is made from a cleared table (or none), so each one's nodes repeat on any
//! machine. Times are interleaved: each round runs plain expectimax, Star1 and Star2 one after
//! the other on the same searches, and the figure is the median over the rounds of the
//! per-round ratio to plain expectimax (the machine's speed drifts, and other programs run on
//! it; a ratio of neighbours in time drifts much less than a time).

#[path = "../tests/common/chance_tree.rs"]
mod chance_tree;

use std::time::Instant;

use alphabeta::chance::{ChanceConfig, ChanceEngine};
use alphabeta::games::hog::{Hog, HogEval, MAX_OUTCOMES};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Limits, TtCutoffs};
use chance_tree::{Tree, TreeEval, Walk};

const CONFIGS: [(&str, bool, bool); 3] =
    [("expectimax", false, false), ("Star1", true, false), ("Star1+Star2", true, true)];

/// Slots of the table: 3 MiB of 24-byte `f64` slots.
const SLOTS: usize = 1 << 17;
static TABLE: TranspositionTable<f64, SLOTS> = TranspositionTable::new();

/// One workload: runs every search once under `config` and returns the nodes and the score
/// sum (to check that the three configurations agree).
type Workload = dyn Fn(ChanceConfig) -> (u64, f64);

fn hog_positions() -> Vec<Hog> {
    // A race to 50 with up to 6 dice (26 outcomes a roll), from a spread of scores.
    [[0, 0], [10, 25], [25, 10], [40, 44], [30, 30], [5, 45]]
        .iter()
        .map(|&s| Hog::with_scores(50, 6, s, 0).unwrap())
        .collect()
}

fn hog(depth: u32, table: bool) -> impl Fn(ChanceConfig) -> (u64, f64) {
    let positions = hog_positions();
    move |config| {
        let (mut nodes, mut sum) = (0, 0.0);
        for position in &positions {
            let mut game = *position;
            let engine =
                ChanceEngine::<Hog, HogEval, MAX_OUTCOMES, 32>::new(HogEval::new(), config);
            let result = if table {
                TABLE.clear();
                engine.with_table(&TABLE).search(&mut game, &Limits::depth(depth))
            } else {
                let mut engine = engine;
                engine.search(&mut game, &Limits::depth(depth))
            }
            .unwrap();
            nodes += result.nodes;
            sum += result.score;
        }
        (nodes, sum)
    }
}

fn trees(count: u64, depth: u32) -> impl Fn(ChanceConfig) -> (u64, f64) {
    let trees: Vec<Tree> = (0..count).map(|seed| Tree::random(90_000 + seed, 2000)).collect();
    move |config| {
        let (mut nodes, mut sum) = (0, 0.0);
        for tree in &trees {
            let mut engine =
                ChanceEngine::<Walk, TreeEval<f64>, { chance_tree::MAX_MOVES }, 16>::new(
                    TreeEval::new(true),
                    config,
                );
            let result = engine.search(&mut Walk::new(tree), &Limits::depth(depth)).unwrap();
            nodes += result.nodes;
            sum += result.score;
        }
        (nodes, sum)
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn measure(name: &str, workload: &Workload, rounds: usize) {
    let search = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::new() };
    let configs: Vec<ChanceConfig> =
        CONFIGS.iter().map(|&(_, star1, star2)| ChanceConfig { search, star1, star2 }).collect();
    let mut nodes = [0; 3];
    let mut sums = [0.0; 3];
    let mut ratios = [Vec::new(), Vec::new()];
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..rounds {
        let mut seconds = [0.0; 3];
        for (i, &config) in configs.iter().enumerate() {
            let start = Instant::now();
            let (n, sum) = workload(config);
            seconds[i] = start.elapsed().as_secs_f64();
            times[i].push(seconds[i]);
            nodes[i] = n;
            sums[i] = sum;
        }
        ratios[0].push(seconds[1] / seconds[0]);
        ratios[1].push(seconds[2] / seconds[0]);
    }
    assert!(sums.iter().all(|&s| s == sums[0]), "{name}: the configurations disagree: {sums:?}");
    println!("{name}");
    println!("  | search | nodes | nodes / expectimax | time (median) | time / expectimax (median of {rounds} interleaved rounds) |");
    println!("  |---|---|---|---|---|");
    for (i, (label, _, _)) in CONFIGS.iter().enumerate() {
        let ratio = if i == 0 { 1.0 } else { median(ratios[i - 1].clone()) };
        println!(
            "  | {label} | {} | {:.3} | {:.1} ms | {ratio:.3} |",
            nodes[i],
            nodes[i] as f64 / nodes[0] as f64,
            median(times[i].clone()) * 1e3,
        );
    }
}

/// The workloads, by name.
fn workloads() -> Vec<(&'static str, &'static str, Box<Workload>)> {
    vec![
        (
            "hog6",
            "Hog (race to 50, up to 6 dice), 6 positions, depth 6, no table",
            Box::new(hog(6, false)),
        ),
        (
            "hog6-table",
            "Hog (race to 50, up to 6 dice), 6 positions, depth 6, 3 MiB table",
            Box::new(hog(6, true)),
        ),
        (
            "hog8-table",
            "Hog (race to 50, up to 6 dice), 6 positions, depth 8, 3 MiB table",
            Box::new(hog(8, true)),
        ),
        (
            "trees",
            "random trees (200 trees of up to 2,000 nodes), full depth, no table",
            Box::new(trees(200, 9)),
        ),
    ]
}

fn main() {
    let mut rounds = 7;
    let mut once = None;
    let mut args = std::env::args().skip(1);
    // `cargo bench` also passes --bench, ignored.
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(rounds);
        } else if arg == "--once" {
            once = args.next().zip(args.next());
        }
    }
    if let Some((workload, search)) = once {
        let Some((_, _, run)) = workloads().into_iter().find(|w| w.0 == workload) else {
            eprintln!("unknown workload {workload}: hog6, hog6-table, hog8-table or trees");
            std::process::exit(2);
        };
        let Some(&(_, star1, star2)) = CONFIGS
            .iter()
            .zip(["expectimax", "star1", "star2"])
            .find(|c| c.1 == search)
            .map(|c| c.0)
        else {
            eprintln!("unknown search {search}: expectimax, star1 or star2");
            std::process::exit(2);
        };
        let search = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::new() };
        let (nodes, _) = run(ChanceConfig { search, star1, star2 });
        println!(
            "{workload} {}: {nodes} nodes",
            CONFIGS.iter().find(|c| c.1 == star1 && c.2 == star2).unwrap().0
        );
        return;
    }
    println!("Star1/Star2 against plain expectimax at equal depth; values checked equal.\n");
    for (_, title, workload) in workloads() {
        measure(title, &*workload, rounds);
    }
}
