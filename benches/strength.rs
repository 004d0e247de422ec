//! The strength levels of `examples/common/levels.rs` played against each other on Connect
//! Four, and against the full engine (the top level): a win/draw/loss table (a benchmark that
//! prints).
//!
//! ```text
//! cargo bench --features std --bench strength
//! cargo bench --features std --bench strength -- --games 40 --seed 9
//! ```
//!
//! Every pair of levels (a level against itself too) plays `--games` games, half with each
//! side first, each from an opening of `--opening-plies` random moves (seeded, so that the
//! deterministic full engine meets varied positions); game `g` seeds the levels' draws with
//! `--seed + g` (and the other side with that plus one). Each side has its own 1 MiB table and
//! history, cleared before every game. Results repeat exactly with the same options.

#[path = "../examples/common/levels.rs"]
mod levels;

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::tt::HeapTable;
use alphabeta::{Config, Engine, Game, Limits, MoveList};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

type Player<'t> = alphabeta::HeapTableEngine<'t, Connect4, Connect4Heuristic, 7, 42>;

struct Options {
    games: u64,
    seed: u64,
    opening_plies: u32,
}

fn parse_options() -> Options {
    let mut options = Options { games: 20, seed: 1, opening_plies: 2 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> u64 {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} N"))
        };
        match arg.as_str() {
            "--games" => options.games = number("--games").max(2),
            "--seed" => options.seed = number("--seed"),
            "--opening-plies" => options.opening_plies = number("--opening-plies") as u32,
            // `cargo bench` passes `--bench`.
            _ => {}
        }
    }
    options
}

/// The outcome for the first player of a game: 1 win, 0 draw, -1 loss.
fn play_game(players: [&mut Player<'_>; 2], depths: [u32; 2], opening: Connect4) -> i32 {
    let mut position = opening;
    let first = position.player_to_move();
    while !position.is_won() && position.remaining_cells() > 0 {
        let side = usize::from(position.player_to_move() != first);
        let depth = depths[side].min(position.remaining_cells());
        let result = players[side].search(&mut position, &Limits::depth(depth)).unwrap();
        position.play(result.best_move.expect("a move"));
    }
    if !position.is_won() {
        0
    } else if position.player_to_move() == first {
        -1 // the side to move has lost: the other one completed four
    } else {
        1
    }
}

fn opening(rng: &mut XorShiftRng, plies: u32) -> Connect4 {
    loop {
        let mut position = Connect4::new();
        for _ in 0..plies {
            let mut moves = MoveList::<u8, 7>::new();
            position.generate_moves(&mut moves);
            position.play(moves.as_slice()[rng.next_u32() as usize % moves.len()]);
        }
        if !position.is_won() {
            return position;
        }
    }
}

fn main() {
    let options = parse_options();
    let levels = levels::CONNECT4;
    let n = levels.len();
    let tables: Vec<HeapTable<i32>> = (0..2).map(|_| HeapTable::with_mib(1).unwrap()).collect();
    // results[a][b] = (wins, draws, losses) of level a against level b.
    let mut results = vec![vec![(0u64, 0u64, 0u64); n]; n];
    let mut rng = XorShiftRng::seed_from_u64(options.seed);
    let start = std::time::Instant::now();
    for a in 0..n {
        for b in a..n {
            for game in 0..options.games {
                let seed = options.seed.wrapping_add(game);
                let config =
                    |level: usize, seed| levels::config(&levels[level], Config::new(), seed);
                let mut engines: Vec<Player<'_>> = [(a, seed), (b, seed.wrapping_add(1))]
                    .iter()
                    .zip(&tables)
                    .map(|(&(level, seed), table)| {
                        table.clear();
                        Engine::new(Connect4Heuristic, config(level, seed)).with_table(table)
                    })
                    .collect();
                let start_position = opening(&mut rng, options.opening_plies);
                let (first, second) = engines.split_at_mut(1);
                // Even games: a moves first; odd games: b.
                let a_first = game % 2 == 0;
                let outcome = if a_first {
                    play_game(
                        [&mut first[0], &mut second[0]],
                        [levels[a].depth, levels[b].depth],
                        start_position,
                    )
                } else {
                    -play_game(
                        [&mut second[0], &mut first[0]],
                        [levels[b].depth, levels[a].depth],
                        start_position,
                    )
                };
                let tally = |r: &mut (u64, u64, u64), outcome: i32| match outcome {
                    1 => r.0 += 1,
                    0 => r.1 += 1,
                    _ => r.2 += 1,
                };
                tally(&mut results[a][b], outcome);
                if a != b {
                    tally(&mut results[b][a], -outcome);
                }
            }
        }
    }
    println!(
        "Connect Four, {} games per pair (half with each side first), openings of {} random plies, \
         seed {} ({:.0} s)",
        options.games,
        options.opening_plies,
        options.seed,
        start.elapsed().as_secs_f64()
    );
    println!("Each cell: wins-draws-losses of the row's level against the column's.");
    let header: Vec<String> = (1..=n).map(|l| format!("vs {l}")).collect();
    println!("level (depth, margin) | {} | score", header.join(" | "));
    for (a, row) in results.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|r| format!("{}-{}-{}", r.0, r.1, r.2)).collect();
        let (w, d, l) = row
            .iter()
            .enumerate()
            .filter(|&(b, _)| b != a)
            .fold((0, 0, 0), |t, (_, r)| (t.0 + r.0, t.1 + r.1, t.2 + r.2));
        let games = (w + d + l).max(1);
        let margin = levels[a].margin.map_or("best".to_owned(), |m| m.to_string());
        println!(
            "{} ({}, {margin}) | {} | {:.1}%",
            a + 1,
            levels[a].depth,
            cells.join(" | "),
            100.0 * (w as f64 + d as f64 / 2.0) / games as f64
        );
    }
}
