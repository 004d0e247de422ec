//! Monte Carlo tree search figures (a benchmark that prints, not a timed test): docs/mcts.md
//! quotes them with these commands.
//!
//! ```text
//! cargo bench --features std --bench mcts -- speed              # iterations/s, bytes per node
//! cargo bench --features std --bench mcts -- solver             # MCTS-Solver on Test_L3_R1
//! cargo bench --features std --bench mcts -- versus --game connect4 --time-ms 10
//! cargo bench --features std --bench mcts -- versus --game tictactoe --time-ms 0.1
//! cargo bench --features std --bench mcts -- threads            # root against tree parallelism
//! cargo bench --features std --bench mcts -- arena              # a full arena: stop or recycle
//! cargo bench --features std --bench mcts -- arena --wall --time-ms 40   # the same, equal time
//! cargo bench --features std --bench mcts -- exploration        # the exploration constant
//! ```
//!
//! **Equal time per move** (`versus`): the two engines get budgets that count work, not time,
//! so that games repeat: alpha-beta a number of nodes (a node-counting clock, as the grid
//! survivor tournament uses), MCTS a number of iterations. `--time-ms T` converts T into both
//! budgets at the rates measured at the start of the run (both engines timed on the same
//! positions, alternately, A B A B, and the median rate of each taken); the budgets are
//! printed, and `--ab-nodes N --mcts-iterations M` replays them exactly. Every game also times
//! each engine's moves, so the printed mean time per move shows how equal the time was.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use alphabeta::games::connect4::{Connect4, Connect4Eval, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::mcts::{Mcts, MctsConfig, MctsScheme, Node, WhenFull};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Clock, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, StdClock};

/// A player of a two-player game.
trait Player<G: Game> {
    /// The move for the side to move of `game` (not terminal).
    fn choose(&mut self, game: &mut G) -> G::Move;
    /// A new game starts (seeds, tables).
    fn new_game(&mut self, index: u64);
}

/// A clock that counts alpha-beta's polls: each read advances it by `POLL` "microseconds",
/// and the engine reads it every `POLL` nodes, so a time limit of N is about N nodes.
struct NodeClock(AtomicU64);
const POLL: u32 = 256;
impl Clock for NodeClock {
    fn now_micros(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed) * u64::from(POLL)
    }
}

/// Alpha-beta with a node budget per move (iterative deepening to `max_depth`), or
/// wall-clock time.
struct AlphaBeta<G: Game, E: Evaluator<G>, const N: usize, const P: usize> {
    engine: Engine<G, E, N, P, &'static TranspositionTable<E::Score, 65_536>>,
    table: &'static TranspositionTable<E::Score, 65_536>,
    nodes: u64,
    micros: Option<u64>,
}

impl<G: Game, E: Evaluator<G>, const N: usize, const P: usize> AlphaBeta<G, E, N, P> {
    fn new(evaluator: E, nodes: u64) -> Self {
        let table: &'static TranspositionTable<E::Score, 65_536> =
            Box::leak(Box::new(TranspositionTable::new()));
        let config = Config { poll_interval_nodes: POLL, ..Config::new() };
        Self {
            engine: Engine::new(evaluator, config).with_table(table),
            table,
            nodes,
            micros: None,
        }
    }
}

impl<G: Game, E: Evaluator<G>, const N: usize, const P: usize> Player<G> for AlphaBeta<G, E, N, P> {
    fn choose(&mut self, game: &mut G) -> G::Move {
        let clock = NodeClock(AtomicU64::new(0));
        let wall = StdClock::new();
        let limits = match self.micros {
            Some(micros) => Limits::depth(P as u32).with_time_limit(&wall, micros),
            None => Limits::depth(P as u32).with_time_limit(&clock, self.nodes),
        };
        let result = self.engine.search(game, &limits).expect("alpha-beta");
        result.best_move.expect("a move")
    }
    fn new_game(&mut self, _: u64) {
        self.table.clear();
        self.engine.clear_history();
    }
}

/// MCTS with an iteration budget per move (or wall-clock time).
struct MonteCarlo<G: Game, E: Evaluator<G>, const N: usize, const P: usize> {
    engine: Mcts<G, E, N, P, Vec<Node<G::Move>>>,
    iterations: u64,
    /// Wall-clock microseconds per move instead of iterations (with `parallel`).
    micros: Option<u64>,
    parallel: bool,
}

impl<G, E, const N: usize, const P: usize> MonteCarlo<G, E, N, P>
where
    G: Game,
    G::Move: alphabeta::mcts::FillerMove + Clone,
    E: Evaluator<G>,
{
    fn new(evaluator: E, config: MctsConfig, arena: usize, iterations: u64) -> Self {
        let arena = vec![Node::EMPTY; arena];
        Self {
            engine: Mcts::new(evaluator, config, arena),
            iterations,
            micros: None,
            parallel: false,
        }
    }
}

impl<G, E, const N: usize, const P: usize> Player<G> for MonteCarlo<G, E, N, P>
where
    G: Game + Clone + Send,
    G::Move: Send,
    G::Player: Send,
    E: Evaluator<G> + Sync,
{
    fn choose(&mut self, game: &mut G) -> G::Move {
        let clock = StdClock::new();
        let limits = match self.micros {
            Some(micros) => Limits::depth(1).with_time_limit(&clock, micros),
            None => Limits::iterations(self.iterations),
        };
        let result = if self.parallel {
            self.engine.search_parallel(game, &limits)
        } else {
            self.engine.search(game, &limits)
        };
        result.expect("mcts").best_move.expect("a move")
    }
    fn new_game(&mut self, index: u64) {
        let config =
            MctsConfig { seed: index.wrapping_mul(0x9E37_79B9) ^ 1, ..*self.engine.config() };
        self.engine.set_config(config);
        self.engine.clear_tree();
    }
}

/// The result of a finished game for `player`, by the exact evaluator: 1, 0 or -1.
fn result_for<G: Game, E: Evaluator<G>>(game: &G, evaluator: &E, player: G::Player) -> i32 {
    let side = game.side_to_move();
    let score = evaluator.evaluate(game, side, EvalContext { ply: 0, depth_left: 0 });
    let sign = if score > E::Score::ZERO {
        1
    } else if score < E::Score::ZERO {
        -1
    } else {
        0
    };
    if side == player {
        sign
    } else {
        -sign
    }
}

use alphabeta::Score;

/// Wins, draws, losses of `a` against `b`, and the microseconds each spent per move.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    micros: [u128; 2],
    moves: [u64; 2],
}

impl Tally {
    fn print(&self, a: &str, b: &str) {
        let games = self.wins + self.draws + self.losses;
        let pct = |n: u32| 100.0 * f64::from(n) / f64::from(games.max(1));
        println!(
            "  {a} against {b}: {games} games, {} wins {} draws {} losses ({:.1}% / {:.1}% / \
             {:.1}%), score {:.1}%; time per move {:.0} µs against {:.0} µs",
            self.wins,
            self.draws,
            self.losses,
            pct(self.wins),
            pct(self.draws),
            pct(self.losses),
            pct(2 * self.wins + self.draws) / 2.0,
            self.micros[0] as f64 / self.moves[0].max(1) as f64,
            self.micros[1] as f64 / self.moves[1].max(1) as f64,
        );
    }
}

/// Plays every opening twice, `a` first then `b` first.
fn play_match<G: Game + Clone, E: Evaluator<G>>(
    openings: &[G],
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    judge: &E,
) -> Tally {
    let mut tally = Tally::default();
    for (index, opening) in openings.iter().enumerate() {
        for a_first in [true, false] {
            let game_index = index as u64 * 2 + u64::from(!a_first);
            a.new_game(game_index);
            b.new_game(game_index);
            let mut game = opening.clone();
            let a_side = if a_first {
                game.side_to_move()
            } else {
                // The other side: the one to move after any move.
                let mut moves = MoveList::<G::Move, 64>::new();
                game.generate_moves(&mut moves);
                let mut next = game.clone();
                next.make_move(moves.as_slice()[0]);
                next.side_to_move()
            };
            let mut moves = MoveList::<G::Move, 64>::new();
            loop {
                moves.clear();
                game.generate_moves(&mut moves);
                if game.is_terminal() || moves.is_empty() {
                    break;
                }
                let a_moves = game.side_to_move() == a_side;
                let start = Instant::now();
                let mv = if a_moves { a.choose(&mut game) } else { b.choose(&mut game) };
                let who = usize::from(!a_moves);
                tally.micros[who] += start.elapsed().as_micros();
                tally.moves[who] += 1;
                game.make_move(mv);
            }
            match result_for(&game, judge, a_side) {
                1 => tally.wins += 1,
                0 => tally.draws += 1,
                _ => tally.losses += 1,
            }
        }
    }
    tally
}

/// Tiny deterministic generator for openings.
struct XorShift(u64);
impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `count` distinct Connect Four openings of 3 plies, drawn from `seed`.
fn connect4_openings(count: usize, seed: u64) -> Vec<Connect4> {
    let mut rng = XorShift(seed | 1);
    let mut seen = std::collections::HashSet::new();
    let mut openings = Vec::new();
    while openings.len() < count.min(343) {
        let moves: String = (0..3).map(|_| char::from(b'1' + rng.below(7) as u8)).collect();
        if seen.insert(moves.clone()) {
            openings.push(Connect4::from_moves(&moves).unwrap());
        }
    }
    openings
}

/// Every tic-tac-toe opening of 3 plies (504).
fn tictactoe_openings() -> Vec<Board> {
    let mut openings = Vec::new();
    for first in 0..9u8 {
        for second in (0..9u8).filter(|&s| s != first) {
            for third in (0..9u8).filter(|&t| t != first && t != second) {
                let mut board = Board::new();
                for cell in [first, second, third] {
                    board.make_move(cell);
                }
                openings.push(board);
            }
        }
    }
    openings
}

/// The first 20 openings and, from each, the position 4 and 8 plies later (random moves,
/// stopping before the game ends): positions like those of the games.
fn calibration_positions<G: Game + Clone>(openings: &[G]) -> Vec<G> {
    let mut rng = XorShift(17);
    let mut sample = Vec::new();
    for opening in openings.iter().take(20) {
        let mut game = opening.clone();
        sample.push(game.clone());
        for ply in 1..=8 {
            let mut moves = MoveList::<G::Move, 64>::new();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mut next = game.clone();
            next.make_move(moves.as_slice()[rng.below(moves.len())]);
            let mut after = MoveList::<G::Move, 64>::new();
            next.generate_moves(&mut after);
            if next.is_terminal() || after.is_empty() {
                break;
            }
            game = next;
            if ply % 4 == 0 {
                sample.push(game.clone());
            }
        }
    }
    sample
}

/// Median of `values`.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    values[values.len() / 2]
}

/// Alpha-beta nodes per second and MCTS iterations per second on `positions`, measured
/// alternately (each position: alpha-beta, then MCTS), medians over the positions.
fn rates<G, AE, ME, const N: usize, const P: usize>(
    positions: &[G],
    ab: &mut AlphaBeta<G, AE, N, P>,
    mcts: &mut MonteCarlo<G, ME, N, P>,
    ab_nodes: u64,
    mcts_iterations: u64,
) -> (f64, f64)
where
    G: Game + Clone + Send,
    G::Move: Send,
    G::Player: Send,
    AE: Evaluator<G>,
    ME: Evaluator<G> + Sync,
{
    let (mut ab_rates, mut mcts_rates) = (Vec::new(), Vec::new());
    for round in 0..3 {
        for (i, position) in positions.iter().enumerate() {
            let mut game = position.clone();
            ab.new_game(0);
            let clock = NodeClock(AtomicU64::new(0));
            let limits = Limits::depth(P as u32).with_time_limit(&clock, ab_nodes);
            let start = Instant::now();
            let result = ab.engine.search(&mut game, &limits).unwrap();
            ab_rates.push(result.nodes as f64 / start.elapsed().as_secs_f64());
            mcts.new_game((round * positions.len() + i) as u64);
            let start = Instant::now();
            let result =
                mcts.engine.search(&mut game, &Limits::iterations(mcts_iterations)).unwrap();
            mcts_rates.push(result.iterations as f64 / start.elapsed().as_secs_f64());
        }
    }
    (median(&mut ab_rates), median(&mut mcts_rates))
}

struct Options {
    command: String,
    game: String,
    time_ms: f64,
    ab_nodes: Option<u64>,
    mcts_iterations: Option<u64>,
    openings: usize,
    iterations: u64,
    positions: usize,
    wall: bool,
    rounds: usize,
    /// `speed`: only this game (`tictactoe` or `connect4`), for an instruction count.
    only: Option<String>,
}

fn options() -> Options {
    use lexopt::prelude::*;
    let mut o = Options {
        command: String::from("speed"),
        game: String::from("connect4"),
        time_ms: 10.0,
        ab_nodes: None,
        mcts_iterations: None,
        openings: 100,
        iterations: 100_000,
        positions: 1_000,
        wall: false,
        rounds: 5,
        only: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().expect("arguments") {
        match arg {
            Long("game") => o.game = parser.value().unwrap().string().unwrap(),
            Long("time-ms") => o.time_ms = parser.value().unwrap().parse().unwrap(),
            Long("ab-nodes") => o.ab_nodes = Some(parser.value().unwrap().parse().unwrap()),
            Long("mcts-iterations") => {
                o.mcts_iterations = Some(parser.value().unwrap().parse().unwrap())
            }
            Long("openings") => o.openings = parser.value().unwrap().parse().unwrap(),
            Long("iterations") => o.iterations = parser.value().unwrap().parse().unwrap(),
            Long("positions") => o.positions = parser.value().unwrap().parse().unwrap(),
            Long("wall") => o.wall = true,
            Long("rounds") => o.rounds = parser.value().unwrap().parse().unwrap(),
            Long("only") => o.only = Some(parser.value().unwrap().string().unwrap()),
            Long("bench") => {}
            Value(v) => o.command = v.string().unwrap(),
            _ => panic!("unexpected argument {arg:?}"),
        }
    }
    o
}

fn main() {
    let o = options();
    match o.command.as_str() {
        "speed" => speed(&o),
        "solver" => solver(&o),
        "versus" => versus(&o),
        "threads" => threads(&o),
        "arena" => arena(&o),
        "exploration" => exploration(&o),
        other => panic!("unknown command {other}"),
    }
}

/// Iterations per second (sequential, default configuration) and bytes per node: 5 rounds of
/// `--iterations` iterations (default 100,000) from the empty board of each game, the two
/// games alternately. Under callgrind, `--rounds 1` counts the instructions of one round.
fn speed(o: &Options) {
    println!(
        "bytes per node: {} (8-bit moves: tic-tac-toe, Connect Four), {} (16-bit moves: grid \
         survivor), {} (32-bit moves: the C ABI)",
        core::mem::size_of::<Node<u8>>(),
        core::mem::size_of::<Node<u16>>(),
        core::mem::size_of::<Node<u32>>()
    );
    let clock = StdClock::new();
    let config = MctsConfig { solver: false, ..MctsConfig::new() };
    let mut ttt: MonteCarlo<Board, TicTacToeEval, 9, 9> =
        MonteCarlo::new(TicTacToeEval, config, 1 << 20, 0);
    let mut c4: MonteCarlo<Connect4, Connect4Eval, 7, 42> =
        MonteCarlo::new(Connect4Eval, MctsConfig::new(), 1 << 21, 0);
    let mut rates = [Vec::new(), Vec::new()];
    let run = |game: &str| o.only.as_deref().is_none_or(|only| only == game);
    for round in 0..o.rounds {
        let limits = Limits::iterations(o.iterations).with_clock(&clock);
        if run("tictactoe") {
            let r = ttt.engine.search(&mut Board::new(), &limits).unwrap();
            let t = r.elapsed_micros.unwrap().max(1);
            rates[0].push(r.iterations as f64 * 1e6 / t as f64);
            println!(
                "round {round}: tic-tac-toe (no solver) {:.0} iterations/s ({:.1} positions \
                 per iteration)",
                r.iterations as f64 * 1e6 / t as f64,
                r.nodes as f64 / r.iterations as f64
            );
        }
        if run("connect4") {
            let r = c4.engine.search(&mut Connect4::new(), &limits).unwrap();
            let t = r.elapsed_micros.unwrap().max(1);
            rates[1].push(r.iterations as f64 * 1e6 / t as f64);
            println!(
                "round {round}: Connect Four {:.0} iterations/s ({:.1} positions per \
                 iteration, tree {} nodes)",
                r.iterations as f64 * 1e6 / t as f64,
                r.nodes as f64 / r.iterations as f64,
                r.tree_nodes
            );
        }
    }
    if o.only.is_some() {
        return;
    }
    println!(
        "median: tic-tac-toe {:.0} iterations/s, Connect Four {:.0} iterations/s",
        median(&mut rates[0]),
        median(&mut rates[1])
    );
}

/// MCTS-Solver's share of Test_L3_R1 proven within `--iterations` per position; every proof
/// checked against Pons' score.
fn solver(o: &Options) {
    let text = std::fs::read_to_string("tests/data/connect4/Test_L3_R1").expect("Test_L3_R1");
    let mut mcts: MonteCarlo<Connect4, Connect4Eval, 7, 42> =
        MonteCarlo::new(Connect4Eval, MctsConfig::new(), 1 << 21, 0);
    let (mut positions, mut proven, mut wrong, mut iterations, mut micros) = (0, 0, 0, 0u64, 0u128);
    let mut best_right = 0;
    for line in text.lines().take(o.positions) {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        let mut position = Connect4::from_moves(moves).unwrap();
        mcts.new_game(positions);
        let start = Instant::now();
        let r = mcts.engine.search(&mut position, &Limits::iterations(o.iterations)).unwrap();
        micros += start.elapsed().as_micros();
        positions += 1;
        iterations += r.iterations;
        if let Some(outcome) = r.proven {
            proven += 1;
            if outcome.value() != score.signum() {
                wrong += 1;
            } else {
                best_right += 1;
            }
        }
    }
    println!(
        "Test_L3_R1: {proven} of {positions} positions proven ({:.1}%) within {} iterations each, \
         {wrong} proofs differ from Pons' scores ({best_right} agree); mean {:.0} iterations and \
         {:.0} µs per position",
        100.0 * proven as f64 / positions as f64,
        o.iterations,
        iterations as f64 / positions as f64,
        micros as f64 / positions as f64
    );
}

/// MCTS against alpha-beta at equal time per move.
fn versus(o: &Options) {
    match o.game.as_str() {
        "connect4" => {
            let openings = connect4_openings(o.openings, 2024);
            let mut ab: AlphaBeta<Connect4, Connect4Heuristic, 7, 42> =
                AlphaBeta::new(Connect4Heuristic, 0);
            let mut mcts: MonteCarlo<Connect4, Connect4Eval, 7, 42> =
                MonteCarlo::new(Connect4Eval, MctsConfig::new(), 1 << 21, 0);
            versus_match(o, &openings, &mut ab, &mut mcts, &Connect4Eval, 50_000, 5_000);
        }
        "tictactoe" => {
            let openings = tictactoe_openings();
            let mut ab: AlphaBeta<Board, TicTacToeEval, 9, 9> = AlphaBeta::new(TicTacToeEval, 0);
            let mut mcts: MonteCarlo<Board, TicTacToeEval, 9, 9> =
                MonteCarlo::new(TicTacToeEval, MctsConfig::new(), 1 << 18, 0);
            versus_match(o, &openings, &mut ab, &mut mcts, &TicTacToeEval, 2_000, 200);
        }
        other => panic!("--game connect4 or tictactoe, not {other}"),
    }
}

fn versus_match<G, AE, ME, J, const N: usize, const P: usize>(
    o: &Options,
    openings: &[G],
    ab: &mut AlphaBeta<G, AE, N, P>,
    mcts: &mut MonteCarlo<G, ME, N, P>,
    judge: &J,
    calibration_nodes: u64,
    calibration_iterations: u64,
) where
    G: Game + Clone + Send,
    G::Move: Send,
    G::Player: Send,
    AE: Evaluator<G>,
    ME: Evaluator<G> + Sync,
    J: Evaluator<G>,
{
    if o.wall {
        let micros = (o.time_ms * 1e3).round() as u64;
        println!("{} ms per move on the wall clock (the engines alternate moves)", o.time_ms);
        ab.micros = Some(micros);
        mcts.micros = Some(micros);
        play_match(openings, mcts, ab, judge).print("MCTS", "alpha-beta");
        return;
    }
    let (ab_nodes, mcts_iterations) = match (o.ab_nodes, o.mcts_iterations) {
        (Some(n), Some(m)) => {
            println!("budgets given: alpha-beta {n} nodes, MCTS {m} iterations per move");
            (n, m)
        }
        _ => {
            let sample = calibration_positions(openings);
            let (ab_rate, mcts_rate) =
                rates(&sample, ab, mcts, calibration_nodes, calibration_iterations);
            let n = (ab_rate * o.time_ms / 1e3).round().max(1.0) as u64;
            let m = (mcts_rate * o.time_ms / 1e3).round().max(1.0) as u64;
            println!(
                "rates (median of 3 x {} positions, the two alternately): alpha-beta {ab_rate:.0} \
                 nodes/s, MCTS {mcts_rate:.0} iterations/s; {} ms per move = alpha-beta {n} \
                 nodes, MCTS {m} iterations (replay: --ab-nodes {n} --mcts-iterations {m})",
                sample.len(),
                o.time_ms
            );
            (n, m)
        }
    };
    ab.nodes = ab_nodes;
    mcts.iterations = mcts_iterations;
    let tally = play_match(openings, mcts, ab, judge);
    tally.print("MCTS", "alpha-beta");
}

/// Root against tree parallelism at 2 threads: iterations per second against one thread, and
/// games at equal wall-clock time per move.
fn threads(o: &Options) {
    let positions = connect4_openings(20, 99);
    let config = |threads, scheme| MctsConfig { threads, scheme, ..MctsConfig::new() };
    let mut engines: Vec<(&str, MonteCarlo<Connect4, Connect4Eval, 7, 42>)> = vec![
        ("sequential", MonteCarlo::new(Connect4Eval, config(1, MctsScheme::Root), 1 << 21, 0)),
        ("root x2", MonteCarlo::new(Connect4Eval, config(2, MctsScheme::Root), 1 << 21, 0)),
        ("tree x2", MonteCarlo::new(Connect4Eval, config(2, MctsScheme::Tree), 1 << 21, 0)),
    ];
    let mut ratios = [Vec::new(), Vec::new()];
    for round in 0..3 {
        for (i, position) in positions.iter().enumerate() {
            let mut rate = [0.0; 3];
            for (k, (_, engine)) in engines.iter_mut().enumerate() {
                engine.new_game((round * 100 + i) as u64);
                let start = Instant::now();
                let r = engine
                    .engine
                    .search_parallel(&mut position.clone(), &Limits::iterations(40_000))
                    .unwrap();
                rate[k] = r.iterations as f64 / start.elapsed().as_secs_f64();
            }
            ratios[0].push(rate[1] / rate[0]);
            ratios[1].push(rate[2] / rate[0]);
        }
    }
    println!(
        "iterations per second against one thread (median of 3 x 20 positions, the three run \
         alternately): root x2 {:.2}, tree x2 {:.2}",
        median(&mut ratios[0]),
        median(&mut ratios[1])
    );
    let openings = connect4_openings(o.openings, 7);
    let micros = (o.time_ms * 1e3) as u64;
    let mut players: Vec<MonteCarlo<Connect4, Connect4Eval, 7, 42>> = engines
        .into_iter()
        .map(|(_, mut e)| {
            e.micros = Some(micros);
            e.parallel = true;
            e
        })
        .collect();
    let (seq, rest) = players.split_first_mut().unwrap();
    let (root, tree) = rest.split_first_mut().unwrap();
    let tree = &mut tree[0];
    println!("games at {} ms per move (wall clock):", o.time_ms);
    play_match(&openings, root, tree, &Connect4Eval).print("root x2", "tree x2");
    play_match(&openings, root, seq, &Connect4Eval).print("root x2", "sequential");
    play_match(&openings, tree, seq, &Connect4Eval).print("tree x2", "sequential");
}

/// A small arena that fills: `Stop` against `Recycle`, and each against an arena that never
/// fills, at equal iterations.
fn arena(o: &Options) {
    let openings = connect4_openings(o.openings, 11);
    let iterations = 20_000;
    let small = 4_000;
    let make = |when_full, nodes| {
        let config = MctsConfig { when_full, ..MctsConfig::new() };
        MonteCarlo::<Connect4, Connect4Eval, 7, 42>::new(Connect4Eval, config, nodes, iterations)
    };
    let mut stop = make(WhenFull::Stop, small);
    let mut recycle = make(WhenFull::Recycle, small);
    if o.wall {
        // Equal time instead of equal iterations: recycling costs time.
        let micros = (o.time_ms * 1e3) as u64;
        stop.micros = Some(micros);
        recycle.micros = Some(micros);
        println!(
            "Connect Four, {} ms per move (wall clock), arena of {small} nodes (20 bytes each):",
            o.time_ms
        );
        play_match(&openings, &mut recycle, &mut stop, &Connect4Eval).print("recycle", "stop");
        return;
    }
    let mut large = make(WhenFull::Stop, 1 << 21);
    println!(
        "Connect Four, {iterations} iterations per move, arena of {small} nodes (20 bytes each):"
    );
    play_match(&openings, &mut recycle, &mut stop, &Connect4Eval).print("recycle", "stop");
    play_match(&openings, &mut stop, &mut large, &Connect4Eval).print("stop", "unbounded arena");
    play_match(&openings, &mut recycle, &mut large, &Connect4Eval)
        .print("recycle", "unbounded arena");
}

/// The exploration constant: each value against sqrt(2) at equal iterations.
fn exploration(o: &Options) {
    let openings = connect4_openings(o.openings, 5);
    let iterations = 10_000;
    let make = |c: f32| {
        let config = MctsConfig { exploration: c, ..MctsConfig::new() };
        MonteCarlo::<Connect4, Connect4Eval, 7, 42>::new(Connect4Eval, config, 1 << 20, iterations)
    };
    let mut reference = make(std::f32::consts::SQRT_2);
    println!("Connect Four, {iterations} iterations per move, against C = sqrt(2):");
    for c in [0.25f32, 0.5, 0.7, 1.0] {
        let mut candidate = make(c);
        play_match(&openings, &mut candidate, &mut reference, &Connect4Eval)
            .print(&format!("C = {c}"), "C = 1.41");
    }
}
