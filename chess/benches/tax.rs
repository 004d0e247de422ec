//! The library's tax on chess: the engine's plain alpha-beta with quiescence against a
//! hand-written negamax with quiescence over the same board (cozy-chess through the same
//! `Position`), the same evaluation (PeSTO) and the same move order, at a fixed depth on the
//! first WAC positions. Both must visit the same nodes and return the same values (asserted);
//! then the time per node is compared side by side, A B A B, as the median of the per-pair
//! ratios.
//!
//! `cargo bench -p alphabeta-chess --bench tax [-- --depth D] [--positions N] [--rounds R]`
//! `[--only engine|hand]` (one side once, for `valgrind --tool=callgrind`: instructions per
//! node are the totals over the nodes printed).

use std::time::Instant;

use alphabeta::{Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList};
use alphabeta_chess::{ChessMove, Pesto, Position, MAX_MOVES, MAX_PLY};

type Pos = Position<false>;

const MAX_Q: u32 = 8;

/// Plain fail-soft negamax with quiescence, written out by hand.
struct Hand {
    nodes: u64,
}

impl Hand {
    fn eval(pos: &Pos, ply: u32, depth_left: u32) -> i32 {
        Pesto.evaluate(pos, pos.side_to_move(), EvalContext { ply, depth_left })
    }

    fn negamax(&mut self, pos: &mut Pos, ply: u32, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if pos.is_terminal() {
            return Self::eval(pos, ply, depth);
        }
        if depth == 0 {
            return self.quiescence(pos, ply, 0, alpha, beta);
        }
        let mut moves = MoveList::<ChessMove, MAX_MOVES>::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return Self::eval(pos, ply, depth);
        }
        let mut best = -i32::MAX;
        for &mv in moves.iter() {
            let undo = pos.make_move(mv);
            let score = -self.negamax(pos, ply + 1, depth - 1, -beta, -alpha);
            pos.unmake_move(mv, undo);
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn quiescence(&mut self, pos: &mut Pos, ply: u32, q: u32, mut alpha: i32, beta: i32) -> i32 {
        if q > 0 {
            self.nodes += 1;
        }
        if pos.is_terminal() {
            return Self::eval(pos, ply, 0);
        }
        let at_limit = q >= MAX_Q;
        let stand = at_limit || pos.may_stand_pat();
        let mut moves = MoveList::<ChessMove, MAX_MOVES>::new();
        let mut best = -i32::MAX;
        if stand {
            let stand_pat = Self::eval(pos, ply, 0);
            if at_limit || stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            pos.generate_tactical_moves(&mut moves);
        } else {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                return Self::eval(pos, ply, 0);
            }
        }
        for &mv in moves.iter() {
            let undo = pos.make_move(mv);
            let score = -self.quiescence(pos, ply + 1, q + 1, -beta, -alpha);
            pos.unmake_move(mv, undo);
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

fn engine_config() -> Config {
    Config {
        quiescence: true,
        max_quiescence_depth: MAX_Q,
        iterative_deepening: false,
        ..Config::plain_alpha_beta()
    }
}

fn run_engine(positions: &[Pos], depth: u32) -> (u64, Vec<i32>) {
    let mut engine =
        Box::new(Engine::<Pos, Pesto, MAX_MOVES, MAX_PLY>::new(Pesto, engine_config()));
    let limits = Limits::depth(depth).with_min_depth(depth);
    let mut nodes = 0;
    let mut values = Vec::new();
    for root in positions {
        let mut pos = root.clone();
        let result = engine.search(&mut pos, &limits).expect("search");
        nodes += result.nodes;
        values.push(result.score);
    }
    (nodes, values)
}

fn run_hand(positions: &[Pos], depth: u32) -> (u64, Vec<i32>) {
    let mut hand = Hand { nodes: 0 };
    let values = positions
        .iter()
        .map(|root| hand.negamax(&mut root.clone(), 0, depth, -i32::MAX, i32::MAX))
        .collect();
    (hand.nodes, values)
}

fn main() {
    let mut depth = 5;
    let mut count = 20;
    let mut rounds = 5;
    let mut only = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value");
        match arg.as_str() {
            "--depth" => depth = value().parse().expect("--depth N"),
            "--positions" => count = value().parse().expect("--positions N"),
            "--rounds" => rounds = value().parse().expect("--rounds N"),
            "--only" => only = Some(value()),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let positions: Vec<Pos> = include_str!("../data/wac.epd")
        .lines()
        .take(count)
        .map(|line| {
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            Pos::from_fen(&fen.join(" ")).expect("FEN")
        })
        .collect();
    match only.as_deref() {
        Some("engine") => {
            let (nodes, _) = run_engine(&positions, depth);
            println!("engine nodes {nodes}");
            return;
        }
        Some("hand") => {
            let (nodes, _) = run_hand(&positions, depth);
            println!("hand nodes {nodes}");
            return;
        }
        Some(other) => panic!("--only engine|hand, not {other}"),
        None => {}
    }
    let (engine_nodes, engine_values) = run_engine(&positions, depth);
    let (hand_nodes, hand_values) = run_hand(&positions, depth);
    assert_eq!(engine_values, hand_values, "values differ");
    assert_eq!(engine_nodes, hand_nodes, "node counts differ");
    println!("{count} WAC positions at depth {depth}: {engine_nodes} nodes each, values equal");
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let start = Instant::now();
        run_engine(&positions, depth);
        let engine = start.elapsed().as_secs_f64();
        let start = Instant::now();
        run_hand(&positions, depth);
        let hand = start.elapsed().as_secs_f64();
        let ratio = engine / hand;
        println!(
            "round {round}: engine {:.1} ns/node, hand {:.1} ns/node, ratio {ratio:.3}",
            engine * 1e9 / engine_nodes as f64,
            hand * 1e9 / hand_nodes as f64
        );
        ratios.push(ratio);
    }
    ratios.sort_by(f64::total_cmp);
    println!("median time ratio engine/hand: {:.3}", ratios[ratios.len() / 2]);
}
