//! The search refinements measured one by one and together (a benchmark that prints):
//! aspiration windows, MTD(f) and null-move pruning, against the defaults.
//!
//! ```text
//! cargo bench --features std --bench refinements
//! cargo bench --features std --bench refinements -- --rounds 9 --depth 12 --empty-depth 14
//! ```
//!
//! **Connect Four** (the window-counting `Connect4Heuristic`, a 2^16-slot table and the
//! history cleared before every search): the empty board searched to `--empty-depth`, and the
//! 50 positions of `benches/vs_minimax.rs` (the first lines of Test_L2_R1 whose result lies at
//! least 14 plies away, so that no search ends early on a proven result) to `--depth`. For
//! each configuration: the nodes, the time as the median over `--rounds` A/B pairs of the
//! ratio to the first row (a pass of the first row, then one of this row, so that the
//! machine's drift cancels; the first row's own ratio shows the noise left; times are the
//! thread's CPU time, since others use the machine), and the
//! worse-move rate: how often the move played
//! scores less than the best move, each root move scored by a search of the same depth
//! without reductions (`Config::value_preserving()`). Null moves need a game with passes:
//! those rows search `connect4::WithPasses` (the same rules; Connect Four has zugzwang, so
//! passes are unsound there) and are compared with the defaults on that game.
//!
//! **An m,n,k-game where null moves are sound** (4 in a row on 7×7, `games::mnk`, with its
//! window-counting heuristic): `--mnk-positions` openings of 4 to 8 random stones (seeded),
//! searched to `--mnk-depth`, the null-move settings and the root searches against the
//! defaults, the same figures.
//!
//! **MTD(f) as an exact solver** (`--solver`): the first `--solver-positions` lines of
//! Test_L2_R1 solved by the solver's game model at full depth, with `Engine::mtdf` from a
//! guess of 0, with one full-window `search_window`, and with Pons' null-window driver
//! (`connect4::solve`): nodes and interleaved time ratios.

use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;
#[path = "common/pons_positions.rs"]
mod pons_positions;

use cpu_time::thread_cpu_time;

use alphabeta::games::connect4::{
    solve, solver_engine, Connect4, Connect4Heuristic, Connect4Solver, WithPasses,
};
use alphabeta::games::mnk::{Mnk, MnkHeuristic};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Engine, Evaluator, Game, Limits, MoveList, NullMoveReduction, RootSearch};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

static TABLE: TranspositionTable<i32, 65_536> = TranspositionTable::new();

struct Options {
    rounds: usize,
    depth: u32,
    empty_depth: u32,
    positions: usize,
    mnk_depth: u32,
    mnk_positions: usize,
    solver: bool,
    solver_positions: usize,
}

fn parse_options() -> Options {
    let mut options = Options {
        rounds: 5,
        depth: 12,
        empty_depth: 14,
        positions: 50,
        mnk_depth: 6,
        mnk_positions: 24,
        solver: false,
        solver_positions: 200,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} N"))
        };
        match arg.as_str() {
            "--rounds" => options.rounds = number("--rounds").max(1),
            "--depth" => options.depth = number("--depth") as u32,
            "--empty-depth" => options.empty_depth = number("--empty-depth") as u32,
            "--positions" => options.positions = number("--positions"),
            "--mnk-depth" => options.mnk_depth = number("--mnk-depth") as u32,
            "--mnk-positions" => options.mnk_positions = number("--mnk-positions"),
            "--solver" => options.solver = true,
            "--solver-positions" => options.solver_positions = number("--solver-positions"),
            // `cargo bench` passes `--bench`.
            _ => {}
        }
    }
    options
}

/// One search of `game` to `depth` with a cleared table and history: the move played, the
/// nodes.
fn search<G, E>(evaluator: E, config: Config, game: &G, depth: u32) -> (Option<G::Move>, u64)
where
    G: Game + Clone,
    E: Evaluator<G, Score = i32>,
{
    TABLE.clear();
    let mut engine = Engine::<G, E, 64, 64>::new(evaluator, config).with_table(&TABLE);
    let result = engine.search(&mut game.clone(), &Limits::depth(depth)).unwrap();
    (result.best_move, result.nodes)
}

/// The value of every root move of `game` at `depth`, by a search without reductions.
fn move_values<G, E>(evaluator: &E, game: &G, depth: u32) -> Vec<(G::Move, i32)>
where
    G: Game + Clone,
    E: Evaluator<G, Score = i32> + Clone,
{
    let mut moves = MoveList::<G::Move, 64>::new();
    game.generate_moves(&mut moves);
    TABLE.clear();
    let mut engine = Engine::<G, E, 64, 64>::new(evaluator.clone(), Config::value_preserving())
        .with_table(&TABLE);
    let analysis = engine.analyze(&mut game.clone(), &Limits::depth(depth), usize::MAX).unwrap();
    assert_eq!(analysis.moves.len(), moves.len());
    analysis.moves.iter().map(|m| (m.mv, m.score)).collect()
}

/// A row of a table: its name and configuration.
struct Setup {
    name: String,
    config: Config,
}

/// The figures of one configuration.
struct Figures {
    nodes: u64,
    ratios: Vec<f64>,
    worse: usize,
    loss: i64,
}

/// Runs `setups` over `positions` (one game type), prints the table. `run(config, position)`
/// searches one position and returns the move played and the nodes; `values[i]` are the
/// reference values of position `i`'s root moves.
fn table<P, M: PartialEq + Copy>(
    title: &str,
    setups: &[Setup],
    positions: &[P],
    values: &[Vec<(M, i32)>],
    rounds: usize,
    run: impl Fn(Config, &P) -> (Option<M>, u64),
) {
    println!("\n{title}");
    println!(
        "configuration | nodes | nodes vs first | time vs first (median of {rounds} A/B pairs) \
         | worse moves | mean loss"
    );
    // One pass over the positions: the time, the nodes and the moves played.
    let pass = |config: Config| {
        let start = thread_cpu_time();
        let mut nodes = 0;
        let mut chosen = Vec::new();
        for position in positions {
            let (mv, n) = run(config, black_box(position));
            nodes += n;
            chosen.push(mv);
        }
        ((thread_cpu_time() - start).as_secs_f64(), nodes, chosen)
    };
    let mut figures: Vec<Figures> = setups
        .iter()
        .map(|_| Figures { nodes: 0, ratios: Vec::new(), worse: 0, loss: 0 })
        .collect();
    for (setup, figure) in setups.iter().zip(&mut figures) {
        for round in 0..rounds {
            // A/B: the first row, then this one, so that the machine's drift cancels in the
            // ratio (the first row against itself shows the noise that is left).
            let (base_time, _, _) = pass(setups[0].config);
            let (time, nodes, chosen) = pass(setup.config);
            figure.ratios.push(time / base_time);
            if round == 0 {
                figure.nodes = nodes;
                for (values, mv) in values.iter().zip(chosen) {
                    let best = values.iter().map(|v| v.1).max().unwrap();
                    let got = values.iter().find(|v| Some(v.0) == mv).map_or(best, |v| v.1);
                    if got < best {
                        figure.worse += 1;
                        figure.loss += i64::from(best.min(2_000) - got.max(-2_000));
                    }
                }
            }
        }
    }
    let base = figures[0].nodes as f64;
    for (setup, figure) in setups.iter().zip(&mut figures) {
        figure.ratios.sort_by(f64::total_cmp);
        let median = figure.ratios[figure.ratios.len() / 2];
        println!(
            "{} | {} | {:.3} | {median:.3} | {}/{} | {:.1}",
            setup.name,
            figure.nodes,
            figure.nodes as f64 / base,
            figure.worse,
            positions.len(),
            figure.loss as f64 / positions.len() as f64
        );
    }
}

fn setup(name: &str, config: Config) -> Setup {
    Setup { name: name.to_owned(), config }
}

fn null_moves(base: Config) -> Vec<(&'static str, Config)> {
    let on = Config { null_move: true, ..base };
    vec![
        ("null move, R = 2", Config { null_move_reduction: NullMoveReduction::Fixed(2), ..on }),
        ("null move, R = 3", Config { null_move_reduction: NullMoveReduction::Fixed(3), ..on }),
        ("null move, adaptive R", on),
        ("null move, adaptive R, verified", Config { null_move_verification: true, ..on }),
    ]
}

fn connect_four(options: &Options) {
    let mut positions: Vec<(Connect4, u32)> = vec![(Connect4::new(), options.empty_depth)];
    positions.extend(
        pons_positions::load_positions("L2", options.positions, "deepest", 14)
            .into_iter()
            .map(|p| (p.position, options.depth)),
    );
    let values: Vec<Vec<(u8, i32)>> =
        positions.iter().map(|(p, d)| move_values(&Connect4Heuristic, p, *d)).collect();
    let defaults = Config::new();
    let vp = Config::value_preserving();
    let mut setups = vec![setup("defaults (LMR, full window)", defaults)];
    for width in [8.0, 16.0, 32.0, 64.0] {
        let config = Config {
            root_search: RootSearch::Aspiration,
            aspiration_half_width: width,
            ..defaults
        };
        setups.push(setup(&format!("defaults + aspiration, half-width {width}"), config));
    }
    setups.push(setup("defaults + MTD(f)", Config { root_search: RootSearch::Mtdf, ..defaults }));
    setups.push(setup("value-preserving (no LMR)", vp));
    setups.push(setup(
        "value-preserving + aspiration, half-width 16",
        Config { root_search: RootSearch::Aspiration, ..vp },
    ));
    setups.push(setup("value-preserving + MTD(f)", Config { root_search: RootSearch::Mtdf, ..vp }));
    let title = format!(
        "Connect Four: the empty board to depth {}, {} positions of Test_L2_R1 to depth {}",
        options.empty_depth,
        positions.len() - 1,
        options.depth
    );
    table(&title, &setups, &positions, &values, options.rounds, |config, (p, d)| {
        search(Connect4Heuristic, config, p, *d)
    });

    let mut setups = vec![setup("defaults (passes game, no null move)", defaults)];
    for (name, config) in null_moves(defaults) {
        setups.push(setup(&format!("defaults + {name}"), config));
    }
    let title = "Connect Four with passes (connect4::WithPasses): null-move pruning, where it is \
                 unsound (zugzwang)";
    table(title, &setups, &positions, &values, options.rounds, |config, (p, d)| {
        search(Connect4Heuristic, config, &WithPasses::new(*p), *d)
    });
}

/// Openings of 4 to 8 random stones on the 7×7 board, none decided.
fn mnk_positions(count: usize) -> Vec<Mnk> {
    let mut rng = XorShiftRng::seed_from_u64(17);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Mnk::new(7, 7, 4).unwrap();
        for _ in 0..4 + rng.next_u32() % 5 {
            let mut moves = MoveList::<u8, 64>::new();
            game.generate_moves(&mut moves);
            game.play(moves.as_slice()[rng.next_u32() as usize % moves.len()]);
        }
        if !game.is_terminal() {
            out.push(game);
        }
    }
    out
}

fn mnk(options: &Options) {
    let positions = mnk_positions(options.mnk_positions);
    let heuristic = MnkHeuristic::new(&positions[0]);
    let depth = options.mnk_depth;
    let values: Vec<Vec<(u8, i32)>> =
        positions.iter().map(|p| move_values(&heuristic, p, depth)).collect();
    let defaults = Config::new();
    let mut setups = vec![setup("defaults (no null move)", defaults)];
    for (name, config) in null_moves(defaults) {
        setups.push(setup(&format!("defaults + {name}"), config));
    }
    setups.push(setup(
        "defaults + aspiration, half-width 16",
        Config { root_search: RootSearch::Aspiration, ..defaults },
    ));
    setups.push(setup("defaults + MTD(f)", Config { root_search: RootSearch::Mtdf, ..defaults }));
    let vp = Config::value_preserving();
    setups.push(setup("value-preserving", vp));
    for (name, config) in null_moves(vp) {
        setups.push(setup(&format!("value-preserving + {name}"), config));
    }
    let title = format!(
        "4 in a row on 7×7 (null moves sound): {} openings to depth {depth}",
        positions.len()
    );
    table(&title, &setups, &positions, &values, options.rounds, |config, p| {
        search(heuristic.clone(), config, p, depth)
    });
}

fn solver(options: &Options) {
    let text = include_str!("../tests/data/connect4/Test_L2_R1");
    let positions: Vec<(Connect4, i32)> = text
        .lines()
        .take(options.solver_positions)
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            (Connect4::from_moves(moves).unwrap(), score.parse().unwrap())
        })
        .collect();
    let mut engine = solver_engine(&TABLE);
    let mut run = |how: usize| -> u64 {
        let mut nodes = 0;
        for (position, score) in &positions {
            TABLE.clear();
            engine.clear_history();
            let depth = position.remaining_cells();
            let mut game = Connect4Solver::new(*position);
            let found = match how {
                0 => {
                    let solution = solve(&mut engine, *position).unwrap();
                    nodes += solution.nodes;
                    solution.score
                }
                1 => {
                    let result = engine.mtdf(&mut game, depth, 0).unwrap();
                    nodes += result.nodes;
                    alphabeta::games::connect4::pons_score(result.score, position.moves_played())
                }
                _ => {
                    let result =
                        engine.search_window(&mut game, depth, -i32::MAX, i32::MAX).unwrap();
                    nodes += result.nodes;
                    alphabeta::games::connect4::pons_score(result.score, position.moves_played())
                }
            };
            assert_eq!(found, *score, "{position}");
        }
        nodes
    };
    let names =
        ["Pons' null-window driver (connect4::solve)", "Engine::mtdf from 0", "one full window"];
    let mut ratios = vec![Vec::new(); 3];
    let mut nodes = [0; 3];
    let mut timed = |how: usize| {
        let start = thread_cpu_time();
        nodes[how] = run(how);
        (thread_cpu_time() - start).as_secs_f64()
    };
    for _ in 0..options.rounds {
        // A/B pairs against the first driver.
        for (how, ratios) in ratios.iter_mut().enumerate() {
            let base = timed(0);
            ratios.push(timed(how) / base);
        }
    }
    println!(
        "\nExact solving, the first {} positions of Test_L2_R1 (solver game model, 2^16 slots)",
        positions.len()
    );
    println!("driver | mean nodes | time vs the first (median of {} A/B pairs)", options.rounds);
    for how in 0..3 {
        ratios[how].sort_by(f64::total_cmp);
        println!(
            "{} | {:.1} | {:.3}",
            names[how],
            nodes[how] as f64 / positions.len() as f64,
            ratios[how][ratios[how].len() / 2]
        );
    }
}

fn main() {
    let options = parse_options();
    connect_four(&options);
    mnk(&options);
    if options.solver {
        solver(&options);
    }
}
