//! Fits the weights of the Othello pattern evaluation (`games::othello::pattern`) and writes
//! them as `src/games/othello/othello_weights.bin`.
//!
//! The committed weights were made by three runs of games, then one fit of them all
//! (about 45 minutes on two cores):
//!
//! ```text
//! cargo run --release --features std --example othello_train -- --games 12000 --seed 1 --data /tmp/d1.bin --epochs 0 --out /tmp/unused.bin
//! cargo run --release --features std --example othello_train -- --games 16000 --seed 3 --data /tmp/d2.bin --epochs 0 --out /tmp/unused.bin
//! cargo run --release --features std --example othello_train -- --games 16000 --seed 5 --data /tmp/d3.bin --epochs 0 --out /tmp/unused.bin
//! cat /tmp/d1.bin /tmp/d2.bin /tmp/d3.bin > /tmp/d.bin
//! cargo run --release --features std --example othello_train -- --load --data /tmp/d.bin --epochs 10 --lambda 0.1
//! ```
//!
//! (262,184 samples from 44,000 games; root-mean-square error 7.5 discs on the samples, 9.3 on
//! the held-out games.)
//!
//! 1. **Data.** Games are played from the opening by a noisy one-ply player (it picks the
//!    move that leaves the opponent the fewest replies, corners counted twice, a corner of
//!    its own worth four replies, with a random move one time in five, and a random move in
//!    each of the first 16 plies). In each game the positions with 18 down to 12 empty squares
//!    are solved exactly (`othello::solve`, a table shared within the game); a position with
//!    its exact final score for the side to move is a sample. Two threads, seeds `--seed` and
//!    `--seed + 1`.
//! 2. **Fit.** Each sample is taken under the board's eight symmetries; the weights minimise
//!    the squared error between the sum of the sample's 46 pattern weights and its score, with
//!    a small L2 penalty, by stochastic gradient descent (`--epochs` passes in a seeded random
//!    order, a step that decays). The weights are written scaled by `pattern::SCALE` as
//!    little-endian `i16`.
//!
//! Prints the data's size, the time, and each epoch's root-mean-square error on the samples
//! and on a tenth of the games held out. `--data FILE` writes the samples (`p o score` as
//! 8 + 8 + 1 bytes) or, with `--load`, reads them instead of playing.

use std::io::{Read, Write};
use std::time::Instant;

use alphabeta::games::othello::pattern::{self, features, INSTANCES, SCALE, WEIGHT_COUNT};
use alphabeta::games::othello::{solve, solver_engine, Othello, Square};
use alphabeta::tt::HeapTable;
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

const HELP: &str = "\
usage: othello_train [--games N] [--seed S] [--epochs E] [--out FILE] [--data FILE [--load]]

  --games N    games to play and solve [20000]
  --seed S     the first thread's seed [1]
  --epochs E   passes of the fit [40]
  --lambda L   the L2 penalty's weight [0.01]
  --out FILE   where to write the weights [src/games/othello/othello_weights.bin]
  --data FILE  write the samples there (with --load: read them, play no game)
";

#[derive(Clone, Copy)]
struct Sample {
    p: u64,
    o: u64,
    score: i8,
}

const CORNERS: u64 = 0x8100_0000_0000_0081;

fn choose(game: &Othello, ply: u32, rng: &mut XorShiftRng) -> Square {
    let mut moves = Vec::new();
    let mut set = game.moves();
    while set != 0 {
        moves.push(Square(set.trailing_zeros() as u8));
        set &= set - 1;
    }
    if ply < 16 || rng.next_u32().is_multiple_of(5) {
        return moves[rng.next_u32() as usize % moves.len()];
    }
    let key = |&sq: &Square| {
        let child = game.play(sq);
        if child.side() == game.side() {
            return -100;
        }
        let replies = child.moves().count_ones() + (child.moves() & CORNERS).count_ones();
        let corner = if sq.bit() & CORNERS != 0 { 4 } else { 0 };
        replies as i32 - corner
    };
    *moves.iter().min_by_key(|m| key(m)).unwrap()
}

fn play_games(games: usize, seed: u64, out: &mut Vec<(usize, Sample)>, first_game: usize) {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let table = HeapTable::<i32>::with_mib(16).expect("a 16 MiB table");
    let mut engine = solver_engine(&table);
    for g in 0..games {
        table.clear();
        let mut game = Othello::new();
        let mut ply = 0;
        while !game.is_over() && game.empty_count() > 12 {
            let empties = game.empty_count();
            if empties <= 18 {
                let solution = solve(&mut engine, game).expect("the solver never fails");
                let sample =
                    Sample { p: game.player(), o: game.opponent(), score: solution.score as i8 };
                out.push((first_game + g, sample));
            }
            game = game.play(choose(&game, ply, &mut rng));
            ply += 1;
        }
    }
}

fn symmetric(b: u64, s: u8) -> u64 {
    let mut out = 0;
    let mut rest = b;
    while rest != 0 {
        let q = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        out |= 1 << pattern::symmetric(q, s);
    }
    out
}

fn rms(samples: &[[u32; INSTANCES]], scores: &[f32], w: &[f32]) -> f64 {
    let mut sum = 0.0f64;
    for (f, &s) in samples.iter().zip(scores) {
        let e = f.iter().map(|&i| w[i as usize]).sum::<f32>() - s;
        sum += (e * e) as f64;
    }
    (sum / samples.len().max(1) as f64).sqrt()
}

fn main() {
    let mut games = 20000usize;
    let mut seed = 1u64;
    let mut epochs = 40usize;
    let mut lambda = 0.01f32;
    let mut out_path = String::from("src/games/othello/othello_weights.bin");
    let mut data_path: Option<String> = None;
    let mut load = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("{name} needs a value\n{HELP}");
                std::process::exit(2)
            })
        };
        let number = |name: &str, v: String| -> u64 {
            v.parse().unwrap_or_else(|_| {
                eprintln!("{name}: not a number: {v}");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--games" => games = number("--games", value("--games")) as usize,
            "--seed" => seed = number("--seed", value("--seed")),
            "--epochs" => epochs = number("--epochs", value("--epochs")) as usize,
            "--out" => out_path = value("--out"),
            "--lambda" => lambda = value("--lambda").parse().expect("--lambda: a number"),
            "--data" => data_path = Some(value("--data")),
            "--load" => load = true,
            "-h" | "--help" => {
                print!("{HELP}");
                return;
            }
            other => {
                eprintln!("unknown argument {other}\n{HELP}");
                std::process::exit(2)
            }
        }
    }

    let start = Instant::now();
    let mut samples: Vec<(usize, Sample)> = Vec::new();
    if load {
        let path = data_path.as_deref().expect("--load needs --data FILE");
        let mut bytes = Vec::new();
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).expect("read data");
        for c in bytes.chunks_exact(21) {
            let p = u64::from_le_bytes(c[0..8].try_into().unwrap());
            let o = u64::from_le_bytes(c[8..16].try_into().unwrap());
            let game = u32::from_le_bytes(c[16..20].try_into().unwrap()) as usize;
            samples.push((game, Sample { p, o, score: c[20] as i8 }));
        }
    } else {
        let half = games / 2;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        std::thread::scope(|s| {
            s.spawn(|| play_games(half, seed, &mut a, 0));
            s.spawn(|| play_games(games - half, seed + 1, &mut b, half));
        });
        samples = a;
        samples.extend(b);
        if let Some(path) = &data_path {
            let mut f = std::fs::File::create(path).expect("create data file");
            for (g, s) in &samples {
                f.write_all(&s.p.to_le_bytes()).unwrap();
                f.write_all(&s.o.to_le_bytes()).unwrap();
                f.write_all(&(*g as u32).to_le_bytes()).unwrap();
                f.write_all(&[s.score as u8]).unwrap();
            }
        }
    }
    println!(
        "samples {} from {} games in {:.1} s",
        samples.len(),
        samples.iter().map(|s| s.0).max().map_or(0, |g| g + 1),
        start.elapsed().as_secs_f64()
    );

    // A tenth of the games held out.
    let (mut train, mut train_y, mut test, mut test_y) = (vec![], vec![], vec![], vec![]);
    for (g, s) in &samples {
        for sym in 0..8 {
            let f = features(symmetric(s.p, sym), symmetric(s.o, sym));
            if g % 10 == 9 {
                if sym == 0 {
                    test.push(f);
                    test_y.push(s.score as f32);
                }
            } else {
                train.push(f);
                train_y.push(s.score as f32);
            }
        }
    }
    let mut w = vec![0f32; WEIGHT_COUNT];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = XorShiftRng::seed_from_u64(seed ^ 0x5eed);
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            let j = rng.next_u64() as usize % (i + 1);
            order.swap(i, j);
        }
        let rate = 0.01f32 / (1.0 + epoch as f32 * 0.1);
        for &k in &order {
            let f = &train[k];
            let e = f.iter().map(|&i| w[i as usize]).sum::<f32>() - train_y[k];
            for &i in f {
                let wi = &mut w[i as usize];
                *wi -= rate * (e + lambda * *wi);
            }
        }
        println!(
            "epoch {epoch} rms train {:.3} held out {:.3} ({:.1} s)",
            rms(&train, &train_y, &w),
            rms(&test, &test_y, &w),
            start.elapsed().as_secs_f64()
        );
    }
    let mut bytes = Vec::with_capacity(2 * WEIGHT_COUNT);
    for x in &w {
        let q = (x * SCALE as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        bytes.extend_from_slice(&q.to_le_bytes());
    }
    std::fs::write(&out_path, bytes).expect("write the weights");
    println!("wrote {out_path}");
}
