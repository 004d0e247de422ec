//! Chooses the late-move-reduction parameters by measurement (a benchmark that prints).
//!
//! On 300 random Connect Four middle-game positions (a seeded `rand_xorshift` plays 8 to 20
//! random moves), with the window-counting heuristic and a cleared 2^16-slot table per
//! search, the engine searches to depth 10 with each LMR setting. For each setting it prints
//! the nodes and time against LMR off, and what the reductions cost in play: how often the
//! chosen move is worse than the best one, judged by a depth-10 search without LMR of every
//! root move, and by how much on average.
//!
//! ```text
//! cargo bench --features std --bench lmr
//! ```

use std::time::Instant;

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Engine, Game, Limits, MoveList};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

const DEPTH: u32 = 10;
static TABLE: TranspositionTable<i32, 65_536> = TranspositionTable::new();

fn positions(count: usize) -> Vec<Connect4> {
    let mut rng = XorShiftRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Connect4::new();
        let plies = 8 + rng.next_u32() % 13;
        for _ in 0..plies {
            let mut moves = MoveList::<u8, 7>::new();
            position.generate_moves(&mut moves);
            if position.is_terminal() || moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.next_u32() as usize % moves.len()];
            position.make_move(mv);
        }
        if !position.is_terminal() {
            out.push(position);
        }
    }
    out
}

fn search(config: Config, position: &Connect4, depth: u32) -> (Option<u8>, i32, u64) {
    TABLE.clear();
    let mut engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
        .with_table(&TABLE);
    let result = engine.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
    (result.best_move, result.score, result.nodes)
}

fn main() {
    let positions = positions(300);
    let exact = Config::value_preserving();
    // The value of every root move without LMR, to judge the moves LMR picks.
    let move_values: Vec<Vec<(u8, i32)>> = positions
        .iter()
        .map(|p| {
            let mut moves = MoveList::<u8, 7>::new();
            p.generate_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *p;
                    child.make_move(mv);
                    let value = if child.is_terminal() {
                        i32::MAX / 2 // the move wins at once
                    } else {
                        -search(exact, &child, DEPTH - 1).1
                    };
                    (mv, value)
                })
                .collect()
        })
        .collect();

    println!(
        "LMR settings on {} Connect Four positions, depth {DEPTH}, heuristic evaluation",
        positions.len()
    );
    println!(
        "min depth | min move index | nodes | time ms | nodes vs off | worse moves | mean loss"
    );
    let mut settings = vec![(None, "off")];
    for (d, i) in [(2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (3, 4), (4, 3), (5, 3)] {
        settings.push((Some((d, i)), ""));
    }
    let mut baseline_nodes = 0;
    for (setting, _) in settings {
        let config = match setting {
            None => exact,
            Some((d, i)) => Config { lmr_min_depth: d, lmr_min_move_index: i, ..Config::new() },
        };
        let (mut nodes, mut worse, mut loss) = (0u64, 0u32, 0i64);
        let start = Instant::now();
        let mut chosen = Vec::new();
        for p in &positions {
            let (best, _, n) = search(config, p, DEPTH);
            nodes += n;
            chosen.push(best);
        }
        let millis = start.elapsed().as_secs_f64() * 1e3;
        for (values, mv) in move_values.iter().zip(chosen) {
            let top = values.iter().map(|v| v.1).max().unwrap();
            let got = values.iter().find(|v| Some(v.0) == mv).map(|v| v.1).unwrap();
            if got < top {
                worse += 1;
                loss += i64::from(top.min(2_000) - got.max(-2_000));
            }
        }
        if setting.is_none() {
            baseline_nodes = nodes;
        }
        let (d, i) =
            setting.map_or(("off".into(), "-".into()), |(d, i)| (d.to_string(), i.to_string()));
        println!(
            "{d} | {i} | {nodes} | {millis:.0} | {:.2} | {worse}/{} | {:.1}",
            nodes as f64 / baseline_nodes as f64,
            positions.len(),
            loss as f64 / positions.len() as f64
        );
    }
}
