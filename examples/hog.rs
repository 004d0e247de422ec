//! Hog, a dice race: play against the chance engine, or solve a position.
//!
//! ```text
//! cargo run --release --features std --example hog                       # race to 30, up to 5 dice
//! cargo run --release --features std --example hog -- --engine-first --seed 7
//! cargo run --release --features std --example hog -- --solve 12,20
//! cargo run --release --features std --example hog -- --help
//! ```
//!
//! Each turn a player rolls 1 to 5 dice: a turn with a 1 on any die scores 1 point, otherwise
//! the sum. The first to the goal wins. The engine searches with expectimax and Star1/Star2
//! pruning to the end of the game when it can (every turn scores, so the game is finite), and
//! prints its win probability.

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::io::{BufRead, Write};
use std::process::ExitCode;

use alphabeta::chance::{ChanceConfig, ChanceEngine};
use alphabeta::games::hog::{Hog, HogEval, MAX_DICE, MAX_GOAL, MAX_OUTCOMES};
use alphabeta::tt::HeapTable;
use alphabeta::{Config, Game, Limits, TtCutoffs};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

/// The deepest search: a race to 50 is solved to its end (at most 4 × 50 plies would be
/// needed for the worst line; this covers every position from about a third of the way).
const MAX_PLY: usize = 200;

type Solver<'t> = ChanceEngine<Hog, HogEval, MAX_OUTCOMES, MAX_PLY, &'t HeapTable<f64>>;

/// The win probability of a value (`2p - 1`), in percent.
fn percent(value: f64) -> f64 {
    (value + 1.0) * 50.0
}

/// Plies to the end of the game at worst: every turn (two plies) scores at least 1.
fn plies_to_end(game: &Hog) -> u32 {
    let [a, b] = game.scores();
    let turns = 2 * game.goal() - a - b - 1;
    (2 * turns).min(MAX_PLY as u32)
}

/// What the command line asks for.
struct Options {
    goal: u32,
    dice: u32,
    seed: u64,
    engine_first: bool,
    solve: Option<[u32; 2]>,
    time_ms: Option<u64>,
    table_mib: usize,
    config: ChanceConfig,
}

const HELP: &str = "\
usage: hog [--goal N] [--dice N] [--seed S] [--engine-first] [--time-ms MS] [--solve A,B]

Plays Hog against the engine on the terminal: each turn the player chooses to roll 1 to N dice;
any 1 scores 1 point (\"pig out\"), otherwise the sum of the dice; the first to the goal wins.
The engine searches with expectimax and Star1/Star2 pruning and shows its win probability.

options:
  --goal N         the points to reach, 1 to 200 (default 30)
  --dice N         the most dice a turn may roll, 1 to 6 (default 5)
  --seed S         the seed of the dice (default 1; the same seed, the same game)
  --engine-first   the engine moves first
  --time-ms MS     the engine's time per move (default: search to the end of the game, or
                   200 plies; a race to 30 takes well under a second)
  --solve A,B      print the value for the player to choose at scores A (own) and B (other's)
                   and each choice's win probability, then exit
  --expectimax     plain expectimax: no Star1, no Star2 (the same values, more nodes)
  --no-star2       Star1 only
  --table-mib N    the transposition table's size in MiB (default 16)
  -h, --help       print this help
";

fn parse() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        goal: 30,
        dice: 5,
        seed: 1,
        engine_first: false,
        solve: None,
        time_ms: None,
        table_mib: 16,
        config: ChanceConfig::new(),
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("goal") => options.goal = parser.value()?.parse()?,
            Long("dice") => options.dice = parser.value()?.parse()?,
            Long("seed") => options.seed = parser.value()?.parse()?,
            Long("engine-first") => options.engine_first = true,
            Long("time-ms") => options.time_ms = Some(parser.value()?.parse()?),
            Long("table-mib") => options.table_mib = parser.value()?.parse()?,
            Long("expectimax") => options.config = ChanceConfig::expectimax(),
            Long("no-star2") => options.config.star2 = false,
            Long("solve") => {
                let text = parser.value()?.string()?;
                let scores = text
                    .split_once(',')
                    .and_then(|(a, b)| Some([a.trim().parse().ok()?, b.trim().parse().ok()?]))
                    .ok_or_else(|| format!("--solve takes two scores A,B, not {text:?}"))?;
                options.solve = Some(scores);
            }
            Short('h') | Long("help") => return Ok(None),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(Some(options))
}

/// The engine's choice at `game` (a decision node) and its value.
fn think(
    engine: &mut Solver<'_>,
    game: &mut Hog,
    time_ms: Option<u64>,
) -> Result<(u8, f64, bool), String> {
    let clock = alphabeta::StdClock::new();
    let mut limits = Limits::depth(plies_to_end(game));
    if let Some(ms) = time_ms {
        limits = limits.with_time_limit(&clock, ms.saturating_mul(1000)).with_min_depth(2);
    }
    let result = engine.search(game, &limits).map_err(|e| e.to_string())?;
    let dice = result.best_move.ok_or("no move")?;
    Ok((dice, result.score, result.exact))
}

/// The points a roll of `dice` dice scores, and the faces.
fn roll(rng: &mut XorShiftRng, dice: u8) -> (u8, Vec<u8>) {
    let faces: Vec<u8> = (0..dice).map(|_| (rng.next_u32() % 6) as u8 + 1).collect();
    let points = if faces.contains(&1) { 1 } else { faces.iter().sum() };
    (points, faces)
}

fn play(options: &Options, engine: &mut Solver<'_>) -> Result<(), String> {
    let mut game = Hog::new(options.goal, options.dice).map_err(|e| e.to_string())?;
    let mut rng = XorShiftRng::seed_from_u64(options.seed);
    let engine_player = if options.engine_first { 0 } else { 1 };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!(
        "Race to {}. You are player {}, the engine player {}. Roll 1 to {} dice a turn.",
        options.goal,
        1 - engine_player,
        engine_player,
        options.dice
    );
    while !game.is_terminal() {
        let [a, b] = game.scores();
        outln!("Score {a}-{b}.");
        let dice = if game.turn() == engine_player {
            let (dice, value, exact) = think(engine, &mut game, options.time_ms)?;
            let how = if exact { "exactly" } else { "at the search's depth" };
            outln!("The engine rolls {dice} (its win probability {:.1}%, {how}).", percent(value));
            dice
        } else {
            out!("How many dice (1-{})? ", options.dice);
            let _ = std::io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                outln!();
                return Ok(());
            };
            match line.trim().parse::<u8>() {
                Ok(n) if (1..=options.dice as u8).contains(&n) => n,
                _ => {
                    outln!("Please type a number from 1 to {}.", options.dice);
                    continue;
                }
            }
        };
        game.make_move(dice);
        let (points, faces) = roll(&mut rng, dice);
        let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
        let what =
            if points == 1 { "pig out: 1 point".to_string() } else { format!("{points} points") };
        outln!("Rolled {}: {what}.", faces.join(" "));
        game.make_move(points);
    }
    let [a, b] = game.scores();
    let winner = game.winner().unwrap_or(0);
    outln!(
        "Final score {a}-{b}: {}.",
        if winner == engine_player { "the engine wins" } else { "you win" }
    );
    Ok(())
}

/// `--solve A,B`: the value of the position for the player to choose, and every choice's.
fn solve(options: &Options, engine: &mut Solver<'_>, scores: [u32; 2]) -> Result<(), String> {
    let mut game =
        Hog::with_scores(options.goal, options.dice, scores, 0).map_err(|e| e.to_string())?;
    let (best, value, exact) = think(engine, &mut game, options.time_ms)?;
    let exactly = if exact { "exact" } else { "depth-limited" };
    outln!("value {value:.9} win {:.4}% best {best} ({exactly})", percent(value));
    for dice in 1..=options.dice as u8 {
        let before = game.make_move(dice);
        let clock = alphabeta::StdClock::new();
        let mut limits = Limits::depth(plies_to_end(&game));
        if let Some(ms) = options.time_ms {
            limits = limits.with_time_limit(&clock, ms.saturating_mul(1000)).with_min_depth(2);
        }
        let result = engine.search(&mut game, &limits).map_err(|e| e.to_string());
        game.unmake_move(dice, before);
        let choice = result?.score;
        outln!("  {dice} dice: value {choice:.9} win {:.4}%", percent(choice));
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse() {
        Ok(Some(options)) => options,
        Ok(None) => {
            out!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error} (see hog --help)");
            return ExitCode::FAILURE;
        }
    };
    if !(1..=u32::from(MAX_GOAL)).contains(&options.goal)
        || !(1..=u32::from(MAX_DICE)).contains(&options.dice)
    {
        eprintln!(
            "error: the goal must be 1 to {MAX_GOAL} and the dice 1 to {MAX_DICE} (see hog --help)"
        );
        return ExitCode::FAILURE;
    }
    let table = match HeapTable::<f64>::with_mib(options.table_mib) {
        Ok(table) => table,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let config = ChanceConfig {
        search: Config { tt_cutoffs: TtCutoffs::DeeperOrProven, ..options.config.search },
        ..options.config
    };
    let mut engine =
        ChanceEngine::<Hog, HogEval, MAX_OUTCOMES, MAX_PLY>::new(HogEval::new(), config)
            .with_table(&table);
    let done = match options.solve {
        Some(scores) => solve(&options, &mut engine, scores),
        None => play(&options, &mut engine),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
