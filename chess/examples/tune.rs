//! Tunes the evaluation's weights (`alphabeta_chess::eval`): material, the square tables and
//! every [`Term`], by Texel's method (Peter Österlund, 2014): the weights that minimise the
//! squared error between a win probability, a logistic function of the evaluation, and each
//! position's outcome.
//!
//! The data are lines `FEN;cp;tactical;result`, one a position: the score Stockfish gave it
//! (centipawns, for the side to move), 1 when its chosen move was a capture, a promotion or a
//! check or the side to move was in check, and the game's result for White (1, 0.5, 0), as
//! `chess/scripts/selfplay.py` writes them from Stockfish's games against itself. Positions
//! with `tactical` 1 or a score beyond 2,000 are left out (the evaluation judges quiet
//! positions). The target blends the result and Stockfish's score: `lambda * result +
//! (1 - lambda) * p(cp)`, with `p` the logistic that best predicts the results from
//! Stockfish's scores.
//!
//! Each position's evaluation is linear in the weights (the taper, the endgame's scale and
//! the fifty-move factor taken at the starting weights), so its coefficients are computed
//! once; full-batch gradient descent (Adam, step `--rate` centipawns) then runs `--epochs`
//! steps, with `--l2` times the squared distance of the weights from the starting ones added
//! to the error (a weight the data seldom see stays near its start). One block of 1,000
//! lines in ten is held out (whole games, mostly) and its error printed beside the
//! training error. `--out FILE` writes the weights as the Rust constants of `eval.rs`.
//!
//! ```text
//! cargo run --release -p alphabeta-chess --example tune -- --epochs 2000 --lambda 0.5 --out /tmp/w.rs DATA...
//! ```
//!
//! The committed weights come from two runs on the games of two `selfplay.py` runs side by
//! side (seeds 1 and 2, 3,000 nodes a move; stopped after 19 minutes, 3,502 games, 409,785
//! positions): first from PeSTO's tables and the guessed terms, on the first 180,000 and
//! 179,000 lines of the two files (232,127 quiet positions; held-out error 0.0351 to
//! 0.0319), `--epochs 100 --l2 1e-8 --lambda 0.5`; then, with `KingZoneHits` and `PawnStorm`
//! added at 0, from those weights, on all the lines (265,067 quiet positions), `--epochs 150
//! --l2 1e-8 --lambda 0`: Stockfish's scores alone (held-out error 0.01453 to 0.01423).
//! The tables and constants of `eval.rs` are the `--out` file's.

use std::io::Write;

use alphabeta_chess::cozy_chess::{Board, Color, Piece, Square};
use alphabeta_chess::eval::{
    self, endgame_scale, table_index, Sink, Term, EG_TABLE, EG_VALUE, MG_TABLE, MG_VALUE, TERMS,
    WEIGHTS,
};

/// Weights: material (6), the square tables (6 x 64), the terms; each a middlegame and an
/// endgame value (index `2 * i` and `2 * i + 1`).
const PIECES: usize = 6;
const TABLE: usize = PIECES;
const TERM: usize = TABLE + 6 * 64;
const PARAMS: usize = TERM + TERMS;

/// The starting weights: the engine's.
fn initial() -> Vec<f64> {
    let mut w = vec![0.0; 2 * PARAMS];
    for p in 0..PIECES {
        w[2 * p] = MG_VALUE[p] as f64;
        w[2 * p + 1] = EG_VALUE[p] as f64;
        for s in 0..64 {
            w[2 * (TABLE + p * 64 + s)] = MG_TABLE[p][s] as f64;
            w[2 * (TABLE + p * 64 + s) + 1] = EG_TABLE[p][s] as f64;
        }
    }
    for (t, &(mg, eg)) in WEIGHTS.iter().enumerate() {
        w[2 * (TERM + t)] = mg as f64;
        w[2 * (TERM + t) + 1] = eg as f64;
    }
    w
}

/// The counts of a position's weights for White less those for Black.
#[derive(Default)]
struct Counts(Vec<(usize, i32)>);

impl Counts {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let count = if color == Color::White { count } else { -count };
        match self.0.iter_mut().find(|(p, _)| *p == param) {
            Some(entry) => entry.1 += count,
            None => self.0.push((param, count)),
        }
    }
}

impl Sink for Counts {
    fn piece(&mut self, color: Color, piece: Piece, square: Square) {
        self.add(color, piece as usize, 1);
        self.add(color, TABLE + piece as usize * 64 + table_index(color, square as usize), 1);
    }

    fn term(&mut self, color: Color, term: Term, count: i32) {
        self.add(color, TERM + term as usize, count);
    }
}

/// A position: the coefficient of each weight in its evaluation for White, and its target.
struct Sample {
    coefficients: Vec<(u32, f32)>,
    target: f64,
}

fn sigmoid(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * x / 400.0))
}

/// The `k` of [`sigmoid`] that best predicts `outcomes` from `scores` (golden-section search).
fn fit_k(scores: &[f64], outcomes: &[f64]) -> f64 {
    let error = |k: f64| -> f64 {
        scores.iter().zip(outcomes).map(|(&s, &r)| (r - sigmoid(k, s)).powi(2)).sum::<f64>()
    };
    let (mut a, mut b) = (0.1, 3.0);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if error(c) < error(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn evaluate(sample: &Sample, w: &[f64]) -> f64 {
    sample.coefficients.iter().map(|&(i, c)| w[i as usize] * c as f64).sum()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    use lexopt::prelude::*;
    let (mut epochs, mut lambda, mut rate, mut l2) = (1000usize, 0.5f64, 1.0f64, 1e-6f64);
    let mut out = None;
    let mut files = Vec::new();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("epochs") => epochs = parser.value()?.parse()?,
            Long("lambda") => lambda = parser.value()?.parse()?,
            Long("rate") => rate = parser.value()?.parse()?,
            Long("l2") => l2 = parser.value()?.parse()?,
            Long("out") => out = Some(parser.value()?.string()?),
            Value(file) => files.push(file.string()?),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let start = initial();

    // Read: the board, White's result and Stockfish's score for White.
    let mut boards = Vec::new();
    let mut lines = 0usize;
    for file in &files {
        for line in std::fs::read_to_string(file)?.lines() {
            lines += 1;
            let fields: Vec<&str> = line.split(';').collect();
            let [fen, cp, tactical, result] = fields[..] else { continue };
            let (cp, result): (f64, f64) = (cp.parse()?, result.parse()?);
            if tactical != "0" || cp.abs() > 2000.0 {
                continue;
            }
            let board = Board::from_fen(fen, false).map_err(|e| format!("{fen}: {e:?}"))?;
            let cp = if board.side_to_move() == Color::White { cp } else { -cp };
            boards.push((board, result, cp, (lines / 1000) % 10 == 9));
        }
    }
    let results: Vec<f64> = boards.iter().map(|b| b.1).collect();
    let sf: Vec<f64> = boards.iter().map(|b| b.2).collect();
    let k_sf = fit_k(&sf, &results);

    // The coefficients, and the engine's own score to fit its k.
    let mut train = Vec::new();
    let mut held = Vec::new();
    let mut ours = Vec::new();
    for (board, result, cp, held_out) in &boards {
        let mut counts = Counts::default();
        eval::trace(board, &mut counts);
        let phase = eval::phase(board) as f64;
        ours.push(eval::pesto(board, Color::White) as f64);
        // The endgame's scale for the side the starting weights' endgame sum favours.
        let eg: f64 = counts.0.iter().map(|&(p, c)| start[2 * p + 1] * c as f64).sum();
        let strong = if eg >= 0.0 { Color::White } else { Color::Black };
        let scale = endgame_scale(board, strong) as f64 / 64.0;
        let fifty = (200 - i32::from(board.halfmove_clock()).min(100)) as f64 / 200.0;
        let mut coefficients = Vec::with_capacity(2 * counts.0.len());
        for &(p, c) in &counts.0 {
            if c != 0 {
                let c = c as f64 * fifty;
                coefficients.push((2 * p as u32, (c * phase / 24.0) as f32));
                coefficients.push((2 * p as u32 + 1, (c * (24.0 - phase) / 24.0 * scale) as f32));
            }
        }
        let target = lambda * result + (1.0 - lambda) * sigmoid(k_sf, *cp);
        let sample = Sample { coefficients, target };
        if *held_out {
            held.push(sample)
        } else {
            train.push(sample)
        }
    }
    let k = fit_k(&ours, &results);
    println!(
        "lines {lines} quiet positions {} (train {}, held out {}); k: Stockfish {k_sf:.3}, ours {k:.3}",
        boards.len(),
        train.len(),
        held.len()
    );
    let error = |samples: &[Sample], w: &[f64]| -> f64 {
        samples.iter().map(|s| (s.target - sigmoid(k, evaluate(s, w))).powi(2)).sum::<f64>()
            / samples.len() as f64
    };
    // Adam (Kingma & Ba, 2015) on the mean squared error.
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let ln10 = 10f64.ln();
    println!("epoch 0: train {:.6} held out {:.6}", error(&train, &w), error(&held, &w));
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; w.len()];
        for s in &train {
            let p = sigmoid(k, evaluate(s, &w));
            let d = -2.0 * (s.target - p) * p * (1.0 - p) * k * ln10 / 400.0;
            for &(i, c) in &s.coefficients {
                grad[i as usize] += d * c as f64;
            }
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..w.len() {
            let g = grad[i] / train.len() as f64 + 2.0 * l2 * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
        }
        if epoch % 50 == 0 || epoch == epochs {
            println!(
                "epoch {epoch}: train {:.6} held out {:.6}",
                error(&train, &w),
                error(&held, &w)
            );
        }
    }
    if let Some(out) = out {
        let mut f = std::fs::File::create(&out)?;
        let r = |x: f64| x.round() as i32;
        let values = |c: usize| {
            (0..PIECES).map(|p| r(w[2 * p + c]).to_string()).collect::<Vec<_>>().join(", ")
        };
        writeln!(f, "pub const MG_VALUE: [i32; 6] = [{}];", values(0))?;
        writeln!(f, "pub const EG_VALUE: [i32; 6] = [{}];", values(1))?;
        for (name, c) in [("MG_TABLE", 0), ("EG_TABLE", 1)] {
            writeln!(f, "pub const {name}: [[i32; 64]; 6] = [")?;
            for (p, piece) in Piece::ALL.iter().enumerate() {
                writeln!(f, "    [ // {}", format!("{piece:?}").to_lowercase())?;
                for rank in 0..8 {
                    let row: Vec<String> = (0..8)
                        .map(|file| {
                            format!("{:3},", r(w[2 * (TABLE + p * 64 + rank * 8 + file) + c]))
                        })
                        .collect();
                    writeln!(f, "    {}", row.join(" "))?;
                }
                writeln!(f, "    ],")?;
            }
            writeln!(f, "];")?;
        }
        writeln!(f, "pub const WEIGHTS: [(i32, i32); TERMS] = [")?;
        for (t, term) in Term::ALL.iter().enumerate() {
            let (mg, eg) = (r(w[2 * (TERM + t)]), r(w[2 * (TERM + t) + 1]));
            writeln!(f, "    ({mg}, {eg}), // {term:?}")?;
        }
        writeln!(f, "];")?;
        println!("wrote {out}");
    }
    Ok(())
}
