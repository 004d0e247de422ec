//! Solves Othello endgames exactly (the FFO endgame test) and plays Othello on the terminal.
//!
//! ```text
//! cargo run --release --features std --example othello -- --solve tests/data/othello/ffo-1-19.obf
//! cargo run --release --features std --example othello -- --solve tests/data/othello/ffo-20-39.obf --first 20
//! cargo run --release --features std --example othello -- --solve tests/data/othello/ffo-40-59.obf --first 40 --count 10 --threads 2
//! cargo run --release --features std --example othello -- --play
//! ```
//!
//! Input: an FFO/OBF file, one position a line (`<board> <side>; <move>:<score>; …`, see
//! `tests/data/othello/README.md`). Output: per position its number, empty squares, score,
//! best move, nodes and time, and whether the score and move equal the file's, then the line
//! `positions N mismatches M nodes K seconds S`. Exit status 1 on a mismatch or an unreadable
//! line.
//!
//! Each position is solved from a cleared table (not timed) by
//! `alphabeta::games::othello::solve_from` (null-window searches at the depth of the empty
//! squares, narrowing the score's interval, the first at `pattern_guess`'s guess) on the
//! engine of `pattern_solver_engine` (the moves far from the end ordered by the pattern
//! evaluation too; `--no-patterns`: `solver_engine`'s order, without it, and the first test
//! at 0, as `solve`): without `--threads` on the sequential engine, with
//! `--threads N` on the parallel engine (`ParallelEngine`, N threads, 1 included), which runs
//! each of the same null-window searches on its N threads (`ParallelEngine::search_window`,
//! ABDADA unless `--scheme` says otherwise). `--wld` proves win, loss or draw only.

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::ffi::OsString;
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;

use alphabeta::games::othello::{
    pattern_guess, pattern_solver_engine, solve_from, solve_wld, Color, ObfEntry, Othello,
    OthelloEval, Solution, SolverEngine, Square, TableSorter, SOLVER_CONFIG,
};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::HeapTable;
use alphabeta::{Config, Engine, Limits, ParallelScheme, SearchError};

const HELP: &str = "\
usage: othello --solve FILE [--wld] [--threads N] [--scheme S] [--table-mib N] [--first N]
               [--count N] [-q]
       othello --play [--engine-first] [--depth N]

--solve solves every position of an FFO/OBF file (one `board side; move:score; ...` line
each) exactly, and prints per position `#N empties E score S best M nodes K seconds T ok` (or
MISMATCH with the file's best move and score), then the line
`positions N mismatches M nodes K seconds S`. Exit status 1 on a mismatch or a bad line.

options:
  --wld           prove win/loss/draw only (score 1, 0 or -1; checked against the sign of
                  the file's score)
  --threads N     the same solve (the same null-window searches) on the library's parallel
                  engine with N threads, 1 included; nodes are those of every thread
                  [default: the sequential engine]
  --scheme S      (--threads) how the threads share each search: abdada, root-split or
                  lazy-smp [default: abdada]
  --table-mib N   transposition table of N MiB, cleared before every position, not timed
                  [default: 64]
  --first N       the number of the file's first position, for the printout [default: 1]
  --count N       solve only the first N positions of the file
  -q, --quiet     print only mismatches and the closing line
  --no-patterns   order moves without the pattern evaluation (TableSorter, as solver_engine
                  does) and start the tests at 0 (by default the PatternSorter of
                  pattern_solver_engine, the first test at pattern_guess's guess)
  --play          play against the engine on the terminal: type a square (D3)
  --engine-first  (--play) the engine plays black
  --depth N       (--play) the engine's search depth before the endgame; it solves exactly
                  from 16 empty squares on [default: 8]
  -h, --help      print this help
";

struct Options {
    solve: Option<OsString>,
    wld: bool,
    threads: Option<u32>,
    scheme: ParallelScheme,
    table_mib: usize,
    first: usize,
    count: usize,
    quiet: bool,
    patterns: bool,
    play: bool,
    engine_first: bool,
    depth: u32,
}

fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut o = Options {
        solve: None,
        wld: false,
        threads: None,
        // ABDADA: on FFO #40-#44 at 2 threads on idle cores, 1.57x and 1.69x faster than one
        // thread (root split 1.51x and 1.54x, Lazy SMP 1.16x and 1.14x, whose threads search
        // 70% more nodes with the table-ordered sorter); README, "Othello endgames".
        scheme: ParallelScheme::Abdada,
        table_mib: 64,
        first: 1,
        count: usize::MAX,
        quiet: false,
        patterns: true,
        play: false,
        engine_first: false,
        depth: 8,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("solve") => o.solve = Some(parser.value()?),
            Long("wld") => o.wld = true,
            Long("threads") => {
                let threads = parser.value()?.parse()?;
                o.threads = Some(threads);
                if !(1..=64).contains(&threads) {
                    return Err("--threads: 1 to 64".into());
                }
            }
            Long("scheme") => {
                o.scheme = match parser.value()?.to_str() {
                    Some("abdada") => ParallelScheme::Abdada,
                    Some("root-split") => ParallelScheme::RootSplit,
                    Some("lazy-smp") => ParallelScheme::LazySmp,
                    _ => return Err("--scheme: abdada, root-split or lazy-smp".into()),
                }
            }
            Long("table-mib") => o.table_mib = parser.value()?.parse()?,
            Long("first") => o.first = parser.value()?.parse()?,
            Long("count") => o.count = parser.value()?.parse()?,
            Short('q') | Long("quiet") => o.quiet = true,
            Long("no-patterns") => o.patterns = false,
            Long("play") => o.play = true,
            Long("engine-first") => o.engine_first = true,
            Long("depth") => {
                o.depth = parser.value()?.parse()?;
                if !(1..=20).contains(&o.depth) {
                    return Err("--depth: 1 to 20".into());
                }
            }
            Short('h') | Long("help") => {
                out!("{HELP}");
                return Ok(None);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    if o.solve.is_none() && !o.play {
        return Err("say --solve FILE or --play".into());
    }
    Ok(Some(o))
}

/// The solver engine on a thread pool (`--threads`).
type Parallel<'t, const P: bool> = ParallelEngine<
    Othello,
    OthelloEval,
    { alphabeta::games::othello::MAX_MOVES },
    { alphabeta::games::othello::MAX_PLY },
    &'t HeapTable<i32>,
    TableSorter<&'t HeapTable<i32>, P>,
>;

/// The solver: the sequential engine, or the same engine on a thread pool. Both run the same
/// null-window searches (`solve`), the second on every thread of its pool.
/// The sequential one is the library's `SolverEngine` (`P`: with the pattern evaluation's
/// order).
enum Solver<'t, const P: bool> {
    One(Box<SolverEngine<&'t HeapTable<i32>, P>>),
    Many(Box<Parallel<'t, P>>),
}

impl<const P: bool> Solver<'_, P> {
    fn solve(&mut self, position: Othello, wld: bool) -> Result<Solution, SearchError> {
        if wld {
            return match self {
                Solver::One(engine) => solve_wld(&mut **engine, position),
                Solver::Many(engine) => solve_wld(&mut **engine, position),
            };
        }
        // With the pattern evaluation, its guess at the score is the first test's.
        let guess = if P { pattern_guess(&position) } else { 0 };
        match self {
            Solver::One(engine) => solve_from(&mut **engine, position, guess),
            Solver::Many(engine) => solve_from(&mut **engine, position, guess),
        }
    }
}

fn solve_file(options: &Options, path: &OsString) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {}: {error}", path.to_string_lossy());
            return ExitCode::FAILURE;
        }
    };
    let table = match HeapTable::<i32>::with_mib(options.table_mib) {
        Ok(table) => table,
        Err(error) => {
            eprintln!("error: --table-mib {}: {error}", options.table_mib);
            return ExitCode::FAILURE;
        }
    };
    if options.patterns {
        solve_all::<true>(options, &text, &table)
    } else {
        solve_all::<false>(options, &text, &table)
    }
}

/// Solves the positions of `text` with the `TableSorter` (`P`: the `PatternSorter`).
fn solve_all<const P: bool>(options: &Options, text: &str, table: &HeapTable<i32>) -> ExitCode {
    // The sequential solver's parts (`pattern_solver_engine` or `solver_engine`), on a thread
    // pool with `--threads`.
    let sorter = TableSorter::<_, P> { table };
    let mut solver = if let Some(threads) = options.threads {
        let config = Config { threads, parallel_scheme: options.scheme, ..SOLVER_CONFIG };
        let engine = Engine::with_parts(OthelloEval, config, table, sorter);
        match ParallelEngine::new(engine) {
            Ok(engine) => Solver::Many(Box::new(engine)),
            Err(error) => {
                eprintln!("error: --threads {threads}: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        Solver::One(Box::new(Engine::with_parts(OthelloEval, SOLVER_CONFIG, table, sorter)))
    };
    let (mut positions, mut mismatches, mut bad) = (0u64, 0u64, 0u64);
    let (mut nodes, mut seconds) = (0u64, 0f64);
    let lines = text.lines().filter(|l| !l.trim().is_empty()).take(options.count);
    for (index, line) in lines.enumerate() {
        let number = options.first + index;
        let entry = match ObfEntry::parse(line) {
            Ok(entry) => entry,
            Err(error) => {
                eprintln!("#{number}: skipped: {error}");
                bad += 1;
                continue;
            }
        };
        table.clear();
        let start = Instant::now();
        let solution = solver.solve(entry.position, options.wld);
        let elapsed = start.elapsed().as_secs_f64();
        let mut solution = match solution {
            Ok(solution) => solution,
            Err(error) => {
                eprintln!("#{number}: {error}");
                bad += 1;
                continue;
            }
        };
        if entry.position.side() != entry.side {
            // The file's side to move has to pass: its score is the other side's, negated.
            solution.score = -solution.score;
            solution.best_move = None;
        }
        let expected = entry.score();
        let right = match (expected, options.wld) {
            (None, _) => true,
            (Some(e), true) => {
                e.signum() == solution.score
                    && solution.best_move.is_none_or(|m| {
                        entry.moves.iter().any(|&(mv, s)| mv == m && s.signum() == e.signum())
                    })
            }
            (Some(e), false) => match solution.best_move {
                Some(m) => entry.is_best(m, solution.score),
                None => e == solution.score,
            },
        };
        let best = solution.best_move.map_or("--".to_owned(), |m: Square| m.to_string());
        let verdict = if right {
            "ok".to_owned()
        } else {
            mismatches += 1;
            let (m, s) = entry.moves.first().copied().unwrap_or((Square(0), 0));
            format!("MISMATCH file {m}:{s:+}")
        };
        if !options.quiet || !right {
            outln!(
                "#{number} empties {} score {:+} best {best} nodes {} seconds {elapsed:.3} {verdict}",
                entry.position.empty_count(),
                solution.score,
                solution.nodes,
            );
        }
        positions += 1;
        nodes += solution.nodes;
        seconds += elapsed;
    }
    outln!("positions {positions} mismatches {mismatches} nodes {nodes} seconds {seconds:.3}");
    if mismatches > 0 || bad > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn play(options: &Options) -> ExitCode {
    let table = match HeapTable::<i32>::with_mib(options.table_mib) {
        Ok(table) => table,
        Err(error) => {
            eprintln!("error: --table-mib {}: {error}", options.table_mib);
            return ExitCode::FAILURE;
        }
    };
    let mut solver = pattern_solver_engine(&table);
    let mut midgame = Engine::<
        Othello,
        OthelloEval,
        { alphabeta::games::othello::MAX_MOVES },
        { alphabeta::games::othello::MAX_PLY },
    >::new(OthelloEval, Config::new())
    .with_table(&table);
    let engine_color = if options.engine_first { Color::Black } else { Color::White };
    let mut position = Othello::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!("You play {}. Type a square, A1 to H8.", if options.engine_first { "O" } else { "X" });
    while !position.is_over() {
        if position.side() == engine_color {
            let empties = position.empty_count();
            let (mv, what) = if empties <= 16 {
                let solution = match solve_from(&mut solver, position, pattern_guess(&position)) {
                    Ok(s) => s,
                    Err(error) => {
                        eprintln!("error: {error}");
                        return ExitCode::FAILURE;
                    }
                };
                (solution.best_move, format!("exact score {:+}", solution.score))
            } else {
                let mut game = position;
                match midgame.search(&mut game, &Limits::depth(options.depth)) {
                    Ok(r) => (r.best_move, format!("score {}", r.score)),
                    Err(error) => {
                        eprintln!("error: {error}");
                        return ExitCode::FAILURE;
                    }
                }
            };
            let Some(mv) = mv else { break };
            outln!("Engine plays {mv} ({what})");
            position = position.play(mv);
        } else {
            outln!("{position}");
            let Some(line) = output::ask_move(&mut lines) else { return ExitCode::SUCCESS };
            match Square::parse(line.trim()) {
                Some(sq) if position.is_legal(sq) => position = position.play(sq),
                _ => outln!("Please type a legal move (marked *), such as D3."),
            }
        }
    }
    outln!("{position}");
    let mine = position.discs(engine_color.other()).count_ones();
    let theirs = position.discs(engine_color).count_ones();
    outln!(
        "{}",
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => "You win.",
            std::cmp::Ordering::Less => "The engine wins.",
            std::cmp::Ordering::Equal => "Draw.",
        }
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error} (othello --help)");
            return ExitCode::FAILURE;
        }
    };
    if options.play {
        return play(&options);
    }
    match &options.solve {
        Some(path) => solve_file(&options, path),
        None => ExitCode::FAILURE,
    }
}
