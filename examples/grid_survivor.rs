//! Grid survivor: play against the multi-player engines, or run a tournament between them.
//!
//! ```text
//! cargo run --release --features std --example grid_survivor                  # you are A
//! cargo run --release --features std --example grid_survivor -- --players 4 --size 10x10
//! cargo run --release --features std --example grid_survivor -- --layout 'A..#/....B/...C.'
//! cargo run --release --features std --example grid_survivor -- --tournament --boards 25
//! ```
//!
//! Board: `--size WxH` (default 9x9, at most 400 cells), `--obstacles PERMILLE` (default 100),
//! `--seed S` (default 1), `--players N` (2 to 4, default 3), or `--layout TEXT|FILE` (rows
//! of `.`, `#`, `a`-`d`, `A`-`D` separated by `/` or newlines; see `GridSurvivor::parse`).
//! Engines: `--nodes N` (a budget of about N nodes per move, counted by the search itself, so
//! runs are reproducible; default 20000), or `--time-ms MS` (wall-clock time per move), and
//! `--depth D` (the deepest iteration, default 64).
//!
//! Play mode: `--human SEAT` (default 0, the player A) and `--engines LIST` (the engines of
//! the other seats in order, from `paranoid`, `maxn`, `best-reply`, `mcts`, `random`; default:
//! paranoid, max^n, best-reply). Type `n`, `e`, `s` or `w` (or `u`, `r`, `d`, `l`) to step,
//! `q` to quit.
//!
//! Tournament mode: `--tournament` plays every choice of `--players` of the five agents
//! (paranoid, max^n, best-reply, Monte Carlo tree search, random) on each of `--boards` seeded
//! boards (seeds `--seed`, `--seed + 1`, …), once in every rotation of the seats, and prints
//! each agent's games, wins, draws and win rate, and how often each agent outlasted each
//! other. The Monte Carlo agent counts its budget in positions too (the moves it makes in its
//! tree and its playouts), on the same node-counting clock.

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use alphabeta::games::grid_survivor::{Direction, GridSurvivor, Outcome, SurvivorEval, SHARE};
use alphabeta::mcts::{Leaf, MctsConfig, MultiMcts, Node};
use alphabeta::multiplayer::{MultiAlgorithm, MultiConfig, MultiEngine, MultiGame};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Clock, Config, Limits, MoveList, StdClock};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

/// At most 400 cells (20x20).
const CELLS: usize = 400;
type Board = GridSurvivor<CELLS>;
/// 12 moves: best-reply search lists the moves of up to 3 opponents of 4 moves each.
/// The engines' deepest search, in plies (their capacity).
const MAX_DEPTH: u32 = 64;

type Searcher = MultiEngine<
    Board,
    SurvivorEval,
    12,
    { MAX_DEPTH as usize },
    &'static TranspositionTable<i32, 65_536>,
>;
/// The Monte Carlo engine: up to 4 moves per position, lines of up to 400 plies (a game
/// never lasts longer: every move fills a cell), an arena of 2^18 nodes (5 MiB).
type MonteCarlo = MultiMcts<Board, SurvivorEval, 4, 400, Vec<Node<u16>>>;
const ARENA_NODES: usize = 1 << 18;
/// Nodes between two clock polls; the node clock advances this much per read.
const POLL_NODES: u32 = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agent {
    Engine(MultiAlgorithm),
    MonteCarlo,
    Random,
}

/// The agents of a tournament.
const AGENTS: usize = 5;

impl Agent {
    const ALL: [Agent; AGENTS] = [
        Agent::Engine(MultiAlgorithm::Paranoid),
        Agent::Engine(MultiAlgorithm::MaxN),
        Agent::Engine(MultiAlgorithm::BestReply),
        Agent::MonteCarlo,
        Agent::Random,
    ];

    fn name(self) -> &'static str {
        match self {
            Agent::Engine(algorithm) => algorithm.name(),
            Agent::MonteCarlo => "mcts",
            Agent::Random => "random",
        }
    }

    fn parse(name: &str) -> Option<Agent> {
        match name {
            "paranoid" => Some(Agent::Engine(MultiAlgorithm::Paranoid)),
            "maxn" | "max^n" => Some(Agent::Engine(MultiAlgorithm::MaxN)),
            "best-reply" | "brs" => Some(Agent::Engine(MultiAlgorithm::BestReply)),
            "mcts" => Some(Agent::MonteCarlo),
            "random" => Some(Agent::Random),
            _ => None,
        }
    }
}

/// A clock that counts nodes instead of time: the search reads it every `POLL_NODES` nodes
/// (and once per iteration), and each read advances it by `POLL_NODES`, so a "time limit" of
/// N is a budget of about N nodes, the same on every machine and every run.
struct NodeClock {
    reads: AtomicU64,
}

impl Clock for NodeClock {
    fn now_micros(&self) -> u64 {
        self.reads.fetch_add(1, Ordering::Relaxed) * u64::from(POLL_NODES)
    }
}

#[derive(Clone, Copy, Debug)]
enum Budget {
    Nodes(u64),
    Millis(u64),
}

struct Options {
    width: usize,
    height: usize,
    players: usize,
    obstacles: u32,
    seed: u64,
    layout: Option<String>,
    budget: Budget,
    depth: u32,
    human: usize,
    engines: Vec<Agent>,
    tournament: bool,
    boards: u64,
}

const HELP: &str = "\
usage: grid_survivor [OPTIONS]

Grid survivor for 2 to 4 players: each turn a player steps to a free neighbouring cell,
leaving a wall behind; a player who cannot move is out, the last one standing wins. Play
against the multi-player engines, or run a tournament between them.

board:
  --size WxH            the grid (at most 400 cells) [default: 9x9]
  --obstacles PERMILLE  walls drawn at random, per thousand cells [default: 100]
  --seed S              the board's seed (a tournament's first) [default: 1]
  --players N           2 to 4 [default: 3]
  --layout TEXT|FILE    rows of . # a-d A-D separated by / or newlines, or a file of them
engines:
  --nodes N             about N nodes per move, counted by the search (reproducible)
                        [default: 20000]
  --time-ms MS          wall-clock milliseconds per move instead
  --depth D             the deepest iteration [default: 64]
play:
  --human SEAT          your seat, 0 for A [default: 0]
  --engines LIST        the other seats' agents in order, from paranoid, maxn, best-reply,
                        mcts, random [default: paranoid,maxn,best-reply]
                        (type n, e, s or w, or u, r, d, l, to step; q to quit)
tournament:
  --tournament          every choice of --players of the five agents on each board, in
                        every rotation of the seats; prints wins, draws and win rates
  --boards N            boards, seeds S, S + 1, ... [default: 25]
  -h, --help            print this help
";

/// Parses the command line; `Ok(None)` when `--help` was printed.
fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        width: 9,
        height: 9,
        players: 3,
        obstacles: 100,
        seed: 1,
        layout: None,
        budget: Budget::Nodes(20_000),
        depth: 64,
        human: 0,
        engines: Agent::ALL[..3].to_vec(),
        tournament: false,
        boards: 25,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("tournament") => options.tournament = true,
            Long("boards") => options.boards = parser.value()?.parse()?,
            Long("players") => options.players = parser.value()?.parse()?,
            Long("obstacles") => options.obstacles = parser.value()?.parse()?,
            Long("seed") => options.seed = parser.value()?.parse()?,
            Long("nodes") => options.budget = Budget::Nodes(parser.value()?.parse()?),
            Long("time-ms") => options.budget = Budget::Millis(parser.value()?.parse()?),
            Long("depth") => options.depth = parser.value()?.parse()?,
            Long("human") => options.human = parser.value()?.parse()?,
            Long("size") => {
                let value = parser.value()?.string()?;
                let (w, h) = value.split_once('x').ok_or("--size takes WxH, e.g. 9x9")?;
                let side = |v: &str| {
                    v.parse::<usize>()
                        .map_err(|e| format!("--size {value}: {v:?} is not a side length ({e})"))
                };
                (options.width, options.height) = (side(w)?, side(h)?);
            }
            Long("layout") => {
                let value = parser.value()?.string()?;
                let text = std::fs::read_to_string(&value).unwrap_or(value);
                options.layout = Some(text);
            }
            Long("engines") => {
                options.engines = parser
                    .value()?
                    .string()?
                    .split(',')
                    .map(|name| {
                        Agent::parse(name).ok_or(format!(
                            "--engines: unknown agent {name:?} (paranoid, maxn, best-reply, mcts, \
                             random)"
                        ))
                    })
                    .collect::<Result<_, _>>()?;
            }
            Short('h') | Long("help") => {
                out!("{HELP}");
                return Ok(None);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    // Checked here, before anything is drawn or searched.
    if options.boards == 0 || options.seed.checked_add(options.boards - 1).is_none() {
        return Err(format!(
            "--boards {} from --seed {}: at least 1 board, and the last seed within 64 bits",
            options.boards, options.seed
        )
        .into());
    }
    if let Budget::Millis(ms) = options.budget {
        if ms.checked_mul(1000).is_none() {
            return Err(format!("--time-ms {ms}: too large").into());
        }
    }
    if !(1..=MAX_DEPTH).contains(&options.depth) {
        return Err(format!("--depth {}: 1 to {MAX_DEPTH}", options.depth).into());
    }
    Ok(Some(options))
}

/// The engines: one per multi-player algorithm, each with its own 1 MiB transposition table,
/// and the Monte Carlo engine.
struct Engines {
    searchers: Vec<Searcher>,
    monte_carlo: MonteCarlo,
}

fn engines() -> Engines {
    let search = Config { poll_interval_nodes: POLL_NODES, ..Config::new() };
    let searchers = [MultiAlgorithm::Paranoid, MultiAlgorithm::MaxN, MultiAlgorithm::BestReply]
        .into_iter()
        .map(|algorithm| {
            let table: &'static TranspositionTable<i32, 65_536> =
                Box::leak(Box::new(TranspositionTable::new()));
            let config = MultiConfig { search, ..MultiConfig::new(algorithm) };
            MultiEngine::new(SurvivorEval, config).with_table(table)
        })
        .collect();
    // The territory evaluation at every new leaf (random walks on a grid say little: 15% of
    // the games won against 35% in a 3-player trial, docs/mcts.md), its reward
    // s / (s + SHARE / 2): a third of the board is worth 0.4, a win 1; exploration 0.2, the
    // best of 0.1, 0.2, 0.35 and 0.7 on boards other than the README's (seeds 1000-1005).
    let config = MctsConfig {
        leaf: Leaf::Evaluator,
        exploration: 0.2,
        eval_scale: (SHARE / 2) as f32,
        poll_interval_nodes: POLL_NODES,
        ..MctsConfig::new()
    };
    let monte_carlo = MultiMcts::new(SurvivorEval, config, vec![Node::EMPTY; ARENA_NODES]);
    Engines { searchers, monte_carlo }
}

fn engine_index(algorithm: MultiAlgorithm) -> usize {
    match algorithm {
        MultiAlgorithm::Paranoid => 0,
        MultiAlgorithm::MaxN => 1,
        _ => 2,
    }
}

fn legal_moves(board: &Board) -> Vec<u16> {
    let mut moves = MoveList::<u16, 4>::new();
    board.generate_moves(&mut moves);
    moves.as_slice().to_vec()
}

/// The move of `agent` (an engine) for the player to move, and a line about the search.
fn engine_move(
    engines: &mut Engines,
    agent: Agent,
    board: &mut Board,
    budget: Budget,
    depth: u32,
) -> Result<(u16, String), String> {
    let node_clock = NodeClock { reads: AtomicU64::new(0) };
    let wall_clock = StdClock::new();
    let limits = match budget {
        Budget::Nodes(nodes) => Limits::depth(depth).with_time_limit(&node_clock, nodes),
        Budget::Millis(ms) => Limits::depth(depth).with_time_limit(&wall_clock, ms * 1000),
    };
    let algorithm = match agent {
        Agent::Engine(algorithm) => algorithm,
        _ => {
            let result = engines.monte_carlo.search(board, &limits).map_err(|e| e.to_string())?;
            let mv = result.best_move.ok_or("the engine found no move")?;
            let summary = format!(
                "mcts iterations {} value {:.2} nodes {}",
                result.iterations, result.value, result.nodes
            );
            return Ok((mv, summary));
        }
    };
    let engine = &mut engines.searchers[engine_index(algorithm)];
    let result = engine.search(board, &limits).map_err(|e| e.to_string())?;
    let mv = result.best_move.ok_or("the engine found no move")?;
    let summary = format!(
        "{} depth {} score {} nodes {}",
        result.algorithm, result.depth, result.score, result.nodes
    );
    Ok((mv, summary))
}

fn letter(player: usize) -> char {
    char::from(b'A' + player as u8)
}

fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::Winner(p)) => format!("{} wins", letter(p)),
        Some(Outcome::Draw(mask)) => {
            let players: String = (0..4).filter(|p| mask & (1 << p) != 0).map(letter).collect();
            format!("draw among {players}")
        }
        None => "not over".to_string(),
    }
}

fn new_board(options: &Options, seed: u64) -> Result<Board, String> {
    match &options.layout {
        Some(text) => Board::parse(text, 0).map_err(|e| e.to_string()),
        None => {
            Board::random(options.width, options.height, options.players, options.obstacles, seed)
                .map_err(|e| e.to_string())
        }
    }
}

fn play(options: &Options) -> Result<(), String> {
    let mut board = new_board(options, options.seed)?;
    let players = board.players();
    if options.human >= players {
        return Err(format!("--human {} is not one of the {players} seats", options.human));
    }
    let mut engines = engines();
    let mut seats = Vec::new();
    let mut others = options.engines.iter().cycle();
    for seat in 0..players {
        seats.push(if seat == options.human { None } else { others.next().copied() });
    }
    let mut rng = XorShiftRng::seed_from_u64(options.seed);
    outln!("You are {}. Step with n, e, s, w (or u, r, d, l); q quits.", letter(options.human));
    for (seat, agent) in seats.iter().enumerate() {
        if let Some(agent) = agent {
            outln!("{} is {}", letter(seat), agent.name());
        }
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !board.is_terminal() {
        let player = board.player_to_move();
        let mv = match seats[player] {
            None => {
                out!("{board}round {}, you ({}) to move: ", board.round(), letter(player));
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = lines.next() else { return Ok(()) };
                let direction = match line.trim() {
                    "n" | "u" => Direction::North,
                    "e" | "r" => Direction::East,
                    "s" | "d" => Direction::South,
                    "w" | "l" => Direction::West,
                    "q" => return Ok(()),
                    _ => {
                        outln!("Type n, e, s or w (or u, r, d, l), or q.");
                        continue;
                    }
                };
                match board.destination(direction) {
                    Some(cell) => cell,
                    None => {
                        outln!("That cell is not free.");
                        continue;
                    }
                }
            }
            Some(Agent::Random) => {
                let moves = legal_moves(&board);
                moves[rng.next_u32() as usize % moves.len()]
            }
            Some(agent) => {
                let (mv, summary) =
                    engine_move(&mut engines, agent, &mut board, options.budget, options.depth)?;
                let (x, y) = board.coordinates(mv);
                outln!("{} steps to ({x}, {y}): {summary}", letter(player));
                mv
            }
        };
        let was_in: Vec<bool> = (0..players).map(|p| board.is_in(p)).collect();
        board.play(mv).map_err(|e| e.to_string())?;
        for (p, &was) in was_in.iter().enumerate() {
            if was && !board.is_in(p) {
                outln!("{} is out.", letter(p));
            }
        }
    }
    out!("{board}");
    outln!("{}.", outcome_text(board.outcome()));
    Ok(())
}

/// One game; returns the outcome and, per seat, the number of moves played when it went out
/// (`u64::MAX` for the winner and for players drawing at the end).
fn tournament_game(
    mut board: Board,
    seats: &[Agent],
    engines: &mut Engines,
    options: &Options,
    rng: &mut XorShiftRng,
) -> Result<(Outcome, Vec<u64>), String> {
    let players = board.players();
    let mut out_at = vec![None; players];
    let mut moves_played = 0;
    while !board.is_terminal() {
        let player = board.player_to_move();
        let mv = match seats[player] {
            Agent::Random => {
                let moves = legal_moves(&board);
                moves[rng.next_u32() as usize % moves.len()]
            }
            agent => engine_move(engines, agent, &mut board, options.budget, options.depth)?.0,
        };
        board.play(mv).map_err(|e| e.to_string())?;
        moves_played += 1;
        for (p, out) in out_at.iter_mut().enumerate() {
            if out.is_none() && !board.is_in(p) {
                *out = Some(moves_played);
            }
        }
    }
    let outcome = board.outcome().ok_or("the game ended without an outcome")?;
    let survival = (0..players)
        .map(|p| match outcome {
            Outcome::Winner(w) if w == p => u64::MAX,
            Outcome::Draw(mask) if mask & (1 << p) != 0 => u64::MAX,
            _ => out_at[p].unwrap_or(u64::MAX),
        })
        .collect();
    Ok((outcome, survival))
}

/// Every `k`-subset of `0..n`, in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    (0..n)
        .flat_map(|first| {
            subsets(n, k - 1)
                .into_iter()
                .filter(move |rest| rest.first().is_none_or(|&r| r > first))
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

#[derive(Default, Clone, Copy)]
struct Record {
    games: u64,
    wins: u64,
    draws: u64,
}

fn tournament(options: &Options) -> Result<(), String> {
    if options.layout.is_some() {
        return Err("--tournament draws its own boards; --layout is for play".to_string());
    }
    let k = options.players;
    if !(2..=4).contains(&k) {
        return Err(format!("--players {k}: the game takes 2 to 4"));
    }
    let mut engines = engines();
    let mut records = [Record::default(); AGENTS];
    // ahead[a][b]: games in which agent a outlasted agent b; met[a][b]: games they shared.
    let mut ahead = [[0u64; AGENTS]; AGENTS];
    let mut met = [[0u64; AGENTS]; AGENTS];
    let mut games = 0;
    for board_seed in options.seed..=options.seed + (options.boards - 1) {
        let board = new_board(options, board_seed)?;
        for lineup in subsets(AGENTS, k) {
            for rotation in 0..k {
                // Seat s is taken by lineup[(s + rotation) % k].
                let agents: Vec<usize> = (0..k).map(|s| lineup[(s + rotation) % k]).collect();
                let seats: Vec<Agent> = agents.iter().map(|&a| Agent::ALL[a]).collect();
                let mut rng = XorShiftRng::seed_from_u64(board_seed << 8 | rotation as u64);
                let (outcome, survival) =
                    tournament_game(board.clone(), &seats, &mut engines, options, &mut rng)?;
                games += 1;
                for (seat, &agent) in agents.iter().enumerate() {
                    let record = &mut records[agent];
                    record.games += 1;
                    match outcome {
                        Outcome::Winner(w) if w == seat => record.wins += 1,
                        Outcome::Draw(mask) if mask & (1 << seat) != 0 => record.draws += 1,
                        _ => {}
                    }
                    for (other_seat, &other) in agents.iter().enumerate() {
                        if other_seat != seat {
                            met[agent][other] += 1;
                            ahead[agent][other] += u64::from(survival[seat] > survival[other_seat]);
                        }
                    }
                }
            }
        }
    }
    let budget = match options.budget {
        Budget::Nodes(nodes) => format!("about {nodes} nodes per move"),
        Budget::Millis(ms) => format!("{ms} ms per move"),
    };
    outln!(
        "grid survivor tournament: {games} games of {k} players on {} seeded {}x{} boards \
         (seeds {}..={}, {} permille obstacles), every lineup in every seat rotation; engines: \
         {budget}, depth at most {}",
        options.boards,
        options.width,
        options.height,
        options.seed,
        options.seed + (options.boards - 1),
        options.obstacles,
        options.depth
    );
    outln!();
    outln!("| agent | games | wins | draws | losses | win rate |");
    outln!("|---|---|---|---|---|---|");
    for (agent, record) in Agent::ALL.iter().zip(&records) {
        let losses = record.games - record.wins - record.draws;
        let rate = 100.0 * record.wins as f64 / record.games.max(1) as f64;
        outln!(
            "| {} | {} | {} | {} | {losses} | {rate:.1}% |",
            agent.name(),
            record.games,
            record.wins,
            record.draws
        );
    }
    outln!();
    outln!("Outlasted (row agent still in when the column agent went out, share of shared games):");
    outln!();
    outln!("| | {} |", Agent::ALL.map(Agent::name).join(" | "));
    outln!("|---|{}", "---|".repeat(AGENTS));
    for (a, agent) in Agent::ALL.iter().enumerate() {
        let cells: Vec<String> = (0..AGENTS)
            .map(|b| match met[a][b] {
                0 => "-".to_string(),
                n => format!("{:.0}% of {n}", 100.0 * ahead[a][b] as f64 / n as f64),
            })
            .collect();
        outln!("| {} | {} |", agent.name(), cells.join(" | "));
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error} (usage: grid_survivor [OPTIONS]; --help)");
            return ExitCode::FAILURE;
        }
    };
    let result = if options.tournament { tournament(&options) } else { play(&options) };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
