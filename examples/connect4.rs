//! Solves Connect Four positions exactly and checks them against Pascal Pons' benchmark sets.
//!
//! ```text
//! cargo run --release --features std --example connect4 -- tests/data/connect4/Test_L3_R1
//! cargo run --release --features std --example connect4 -- --table-mib 1 -q tests/data/connect4/Test_L2_R1
//! echo "2252576253462244111563365343671351441 -1" | cargo run --release --features std --example connect4
//! cargo run --release --features std --example connect4 -- --analyze tests/data/connect4/Test_L3_R1
//! cargo run --release --features std --example connect4 -- --play --level 3
//! ```
//!
//! Input: one position per line, `<moves> [<score>]`: the columns played (digits 1-7) and,
//! optionally, the expected score in Pons' definition (see `tests/data/connect4/README.md`).
//! Output: per position its line, score, nodes and microseconds (`us`, to 0.1 µs), then one
//! summary line `positions N mismatches M mean_us X mean_nodes Y` (`-q`: the summary only). A
//! line that is not a legal position is reported with its line number on stderr and skipped.
//! The exit code is 1 when a score mismatched or a line was skipped, 0 otherwise. `--help`
//! lists the options.
//!
//! Each position is solved by `alphabeta::games::connect4::solve`: Pons' null-window driver
//! over the generic engine, with a transposition table of `--table-mib` MiB (default 16: 2^20
//! slots of 16 bytes) that is cleared before every position (the clearing is not timed), and
//! the solver's game model (`Connect4Solver`: decided positions are terminal, only non-losing
//! moves, threat order). Times come from `std::time::Instant`, in nanoseconds.
//!
//! `--analyze` prints every column's exact score instead (`connect4::analyze`), as Pascal
//! Pons' solver does with `-a`. `--play` plays a game against the engine on the terminal, at
//! `--level` 1 to 6 (see `examples/common/levels.rs`).

#[path = "common/levels.rs"]
mod levels;
#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::ffi::OsString;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Read};
use std::process::ExitCode;
use std::time::Instant;

use alphabeta::games::connect4::{
    analyze, solve_with_progress, solver_engine, Connect4, Connect4Heuristic, Solution,
    SolveProgress, SolverEngine,
};
use alphabeta::games::connect4::{SolverLayout, SolverLayoutWithMove};
use alphabeta::tt::{CompactTable, HeapTable, SoloTable, Table};
use alphabeta::{Config, Engine, Limits, SearchError};

/// The table's memory without `--table-mib`: 16 MiB, 2^20 slots of 16 bytes (the size that
/// `examples-c/connect4.c` uses too, so that the two print the same nodes on every line).
const DEFAULT_TABLE_MIB: usize = 16;

const HELP: &str = "\
usage: connect4 [OPTIONS] [FILE]
       connect4 --play [--engine-first] [--level N] [--seed S]

Solves Connect Four positions, one `moves [score]` line each (moves: the columns played,
digits 1-7; score: the expected score in Pons' definition), read from FILE or, without FILE
or with -, from stdin. Prints per position `line N score S best C nodes K us U` (C: a best
column, 1-7, or - when the game is over), then the summary line
`positions N mismatches M mean_us X mean_nodes Y`. A long solve reports its progress on
stderr (the range the score is known to lie in) after each null-window search, once a second
has passed since the last report. Exit code 1 when a score mismatched or a line was skipped.

With --analyze, prints instead `moves s1 s2 s3 s4 s5 s6 s7` per position: the exact score
of each column for the side to move, in the same definition (-1000 for a full column), as
Pascal Pons' solver prints them with -a; a score after the moves is ignored.

options:
  --table-mib N   transposition table of N MiB (N * 2^20 bytes, 16-byte slots; 0: no
                  table), cleared before every position, not timed [default: 16]
  --table KIND    shared: the lock-free table (HeapTable, buckets of two slots, the
                  table of examples-c/connect4.c, which prints the same nodes); solo: the
                  one-thread table (SoloTable: one entry per key, always replaced, a power
                  of two of entries, 2 at least); compact: the compact one-thread table
                  (CompactTable: 5-byte entries, a prime number of them, each a partial key
                  and the score's bound, no move); compact-move: the same with the best
                  move's column kept, 6-byte entries [default: shared]
  --table-entries N  (compact, compact-move) the largest prime of entries at most N instead
                  of --table-mib's
  --analyze       score every column (see above)
  -q, --quiet     print only the summary line (and mismatches)
  --play          play against the engine on the terminal: type a column, 1-7
  --engine-first  (--play) the engine moves first
  --level N       (--play) the engine's strength, 1 to 6: it searches 1, 2, 4, 6, 8 or 12
                  plies with a heuristic and, below 6, draws its move at random among those
                  within 200, 40, 16, 4 or 0 points of the best [default: 6]
  --seed S        (--play) the seed of those draws, to play a game again [default: from
                  the clock, printed at the start]
  -h, --help      print this help
";

/// What the command line asks for.
struct Options {
    input: Option<OsString>,
    table_mib: usize,
    /// `--table`: which table.
    kind: Kind,
    /// `--table-entries`: the compact table's entries instead of `table_mib`'s.
    table_entries: Option<usize>,
    quiet: bool,
    analyze: bool,
    /// `--play`: whether the engine moves first.
    play: Option<bool>,
    level: usize,
    seed: Option<u64>,
}

/// Parses the command line; `Ok(None)` when `--help` was printed.
fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        input: None,
        table_mib: DEFAULT_TABLE_MIB,
        kind: Kind::Shared,
        table_entries: None,
        quiet: false,
        analyze: false,
        play: None,
        level: levels::CONNECT4.len(),
        seed: None,
    };
    let mut engine_first = false;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("table-mib") => options.table_mib = parser.value()?.parse()?,
            Long("table") => {
                options.kind = match parser.value()?.to_str() {
                    Some("solo") => Kind::Solo,
                    Some("shared") => Kind::Shared,
                    Some("compact") => Kind::Compact,
                    Some("compact-move") => Kind::CompactMove,
                    _ => return Err("--table: shared, solo, compact or compact-move".into()),
                }
            }
            Long("table-entries") => options.table_entries = Some(parser.value()?.parse()?),
            Short('q') | Long("quiet") => options.quiet = true,
            Long("analyze") => options.analyze = true,
            Long("play") => options.play = Some(false),
            Long("engine-first") => engine_first = true,
            Long("level") => {
                options.level = parser.value()?.parse()?;
                if !(1..=levels::CONNECT4.len()).contains(&options.level) {
                    return Err(format!("--level {}: the levels are 1 to 6", options.level).into());
                }
            }
            Long("seed") => options.seed = Some(parser.value()?.parse()?),
            Short('h') | Long("help") => {
                out!("{HELP}");
                return Ok(None);
            }
            Value(path) if options.input.is_none() => options.input = Some(path),
            _ => return Err(arg.unexpected()),
        }
    }
    options.play = options.play.map(|_| engine_first);
    Ok(Some(options))
}

/// The timed call, kept out of line so that an instruction count can be limited to it
/// (`valgrind --tool=callgrind --toggle-collect='*timed_solve*'`, as `benches/pons.sh` does);
/// the clock is read around it.
#[inline(never)]
fn timed_solve<T: Table<i32>>(
    solver: &mut SolverEngine<T>,
    position: Connect4,
    progress: impl FnMut(&SolveProgress),
) -> Result<Solution, SearchError> {
    solve_with_progress(solver, black_box(position), progress)
}

/// The `--analyze` line of a position: ` s1 … s7`, -1000 for a full column (Pons' `-a`).
fn analyze_line<T: Table<i32>>(
    solver: &mut SolverEngine<T>,
    table: &impl ClearTable,
    moves: &str,
) -> Result<String, String> {
    let position = Connect4::from_moves(moves).map_err(|e| e.to_string())?;
    if position.is_won() {
        return Err("the game is already over".into());
    }
    table.clear();
    solver.clear_history();
    let (scores, _) = analyze(solver, position).map_err(|e| e.to_string())?;
    Ok(scores.iter().map(|s| format!(" {}", s.unwrap_or(-1000))).collect())
}

/// `--play`: a game against the engine at `level`, on the terminal.
fn play(engine_first: bool, level: usize, seed: u64, table: &HeapTable<i32>) -> ExitCode {
    let strength = levels::CONNECT4[level - 1];
    let config = levels::config(&strength, Config::new(), seed);
    let mut engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
        .with_table(table);
    let mut position = Connect4::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let engine_side = u8::from(!engine_first);
    if strength.margin.is_some() {
        // The draws of a weaker level (the full engine draws none).
        outln!("Level {level}, seed {seed} (--seed {seed} plays this game again).");
    }
    outln!("You play {}. Type a column, 1-7.", ["X", "O"][usize::from(1 - engine_side)]);
    while !position.is_won() && position.remaining_cells() > 0 {
        let column = if position.player_to_move() == engine_side {
            let depth = strength.depth.min(position.remaining_cells());
            let result = match engine.search(&mut position, &Limits::depth(depth)) {
                Ok(result) => result,
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::FAILURE;
                }
            };
            let Some(column) = result.best_move else { break };
            outln!("Engine plays {} (score {}, nodes {})", column + 1, result.score, result.nodes);
            column
        } else {
            outln!("{position}");
            let Some(line) = output::ask_move(&mut lines) else { return ExitCode::SUCCESS };
            match line.trim().parse::<u8>() {
                Ok(c @ 1..=7) if position.can_play(c - 1) => c - 1,
                _ => {
                    outln!("Please type a column with room, 1-7.");
                    continue;
                }
            }
        };
        position.play(column);
    }
    outln!("{position}");
    if !position.is_won() {
        outln!("Draw.");
    } else if position.player_to_move() == engine_side {
        outln!("You win.");
    } else {
        outln!("The engine wins.");
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "error: {error} (usage: connect4 [--table-mib N] [--analyze] [-q] [FILE], \
                 connect4 --play [--engine-first] [--level N] [--seed S]; --help)"
            );
            return ExitCode::FAILURE;
        }
    };
    if let Some(engine_first) = options.play {
        let table = match HeapTable::<i32>::with_mib(options.table_mib) {
            Ok(table) => table,
            Err(error) => {
                eprintln!("error: --table-mib {}: {error}", options.table_mib);
                return ExitCode::FAILURE;
            }
        };
        let seed = options.seed.unwrap_or_else(levels::clock_seed);
        return play(engine_first, options.level, seed, &table);
    }
    let input: Box<dyn Read> = match &options.input {
        None => Box::new(std::io::stdin()),
        Some(path) if path == "-" => Box::new(std::io::stdin()),
        Some(path) => match std::fs::File::open(path) {
            Ok(file) => Box::new(file),
            Err(error) => {
                eprintln!("error: {}: {error}", path.to_string_lossy());
                return ExitCode::FAILURE;
            }
        },
    };

    let mib = options.table_mib;
    let table: Result<ExitCode, String> = match (options.kind, options.table_entries) {
        (Kind::Solo | Kind::Shared, Some(_)) => {
            Err("--table-entries: only with --table compact or compact-move".into())
        }
        (Kind::Solo, None) => SoloTable::<i32>::with_mib(mib)
            .map(|table| solve_lines(&options, input, &table))
            .map_err(|e| e.to_string()),
        (Kind::Shared, None) => HeapTable::<i32>::with_mib(mib)
            .map(|table| solve_lines(&options, input, &table))
            .map_err(|e| e.to_string()),
        (Kind::Compact, entries) => {
            let table = match entries {
                Some(entries) => CompactTable::<SolverLayout, 5>::with_entries(entries),
                None => CompactTable::<SolverLayout, 5>::with_mib(mib),
            };
            table.map(|table| solve_lines(&options, input, &table)).map_err(|e| e.to_string())
        }
        (Kind::CompactMove, entries) => {
            let table = match entries {
                Some(entries) => CompactTable::<SolverLayoutWithMove, 6>::with_entries(entries),
                None => CompactTable::<SolverLayoutWithMove, 6>::with_mib(mib),
            };
            table.map(|table| solve_lines(&options, input, &table)).map_err(|e| e.to_string())
        }
    };
    table.unwrap_or_else(|error| {
        eprintln!("error: --table {:?}, --table-mib {mib}: {error}", options.kind);
        ExitCode::FAILURE
    })
}

/// The table `--table` asks for.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Shared,
    Solo,
    Compact,
    CompactMove,
}

/// The tables the example can solve with: both are emptied before every position.
trait ClearTable {
    fn clear(&self);
}

impl ClearTable for HeapTable<i32> {
    fn clear(&self) {
        HeapTable::clear(self);
    }
}

impl ClearTable for SoloTable<i32> {
    fn clear(&self) {
        SoloTable::clear(self);
    }
}

impl<L: alphabeta::tt::CompactLayout, const BYTES: usize> ClearTable for CompactTable<L, BYTES> {
    fn clear(&self) {
        CompactTable::clear(self);
    }
}

/// Solves (or analyses) every line of `input` with a solver over `table`; the exit code.
fn solve_lines<T: ClearTable>(options: &Options, input: Box<dyn Read>, table: &T) -> ExitCode
where
    for<'a> &'a T: Table<i32>,
{
    let mut solver = solver_engine(table);
    let (mut positions, mut mismatches, mut skipped) = (0u64, 0u64, 0u64);
    let (mut total_nanos, mut total_nodes) = (0u64, 0u64);

    for (index, line) in BufReader::new(input).lines().enumerate() {
        let line_number = index + 1;
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("error: line {line_number}: {error}");
                skipped += 1;
                break;
            }
        };
        let mut fields = line.split_whitespace();
        let Some(moves) = fields.next() else { continue };
        if options.analyze {
            match analyze_line(&mut solver, table, moves) {
                Ok(scores) => outln!("{moves}{scores}"),
                Err(error) => {
                    eprintln!("line {line_number}: skipped: {error}");
                    skipped += 1;
                }
            }
            positions += 1;
            continue;
        }
        let expected = match fields.next().map(str::parse::<i32>) {
            None => None,
            Some(Ok(score)) => Some(score),
            Some(Err(_)) => {
                eprintln!("line {line_number}: skipped: the score is not an integer");
                skipped += 1;
                continue;
            }
        };
        if fields.next().is_some() {
            eprintln!("line {line_number}: skipped: expected `moves [score]`");
            skipped += 1;
            continue;
        }
        let position = match Connect4::from_moves(moves) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("line {line_number}: skipped: {error}");
                skipped += 1;
                continue;
            }
        };
        if position.is_won() {
            eprintln!("line {line_number}: skipped: the game is already over");
            skipped += 1;
            continue;
        }

        // Every position starts from a cleared table and no history (not timed).
        table.clear();
        solver.clear_history();
        let start = Instant::now();
        let mut next_report = 1;
        let progress = |p: &SolveProgress| {
            // Long solves say how far they are, once a second at most (stderr).
            let seconds = start.elapsed().as_secs();
            if seconds >= next_report {
                next_report = seconds + 1;
                eprintln!(
                    "line {line_number}: score in {}..={} after {} nodes, {seconds} s",
                    p.min, p.max, p.nodes
                );
            }
        };
        let solution = black_box(timed_solve(&mut solver, position, progress));
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let solution = match solution {
            Ok(solution) => solution,
            Err(error) => {
                eprintln!("line {line_number}: skipped: {error}");
                skipped += 1;
                continue;
            }
        };
        let score = solution.score;
        let verdict = match expected {
            Some(e) if e != score => {
                mismatches += 1;
                format!(" MISMATCH expected {e}")
            }
            _ => String::new(),
        };
        if !options.quiet || !verdict.is_empty() {
            let (nodes, micros) = (solution.nodes, nanos as f64 / 1e3);
            let best = solution.best_move.map_or("-".to_owned(), |col| (col + 1).to_string());
            outln!(
                "line {line_number} score {score} best {best} nodes {nodes} us {micros:.1}{verdict}"
            );
        }
        positions += 1;
        total_nanos = total_nanos.saturating_add(nanos);
        total_nodes += solution.nodes;
    }

    if options.analyze {
        return if skipped > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS };
    }
    let mean = |total: u64| if positions == 0 { 0.0 } else { total as f64 / positions as f64 };
    outln!(
        "positions {positions} mismatches {mismatches} mean_us {:.1} mean_nodes {:.1}",
        mean(total_nanos) / 1e3,
        mean(total_nodes)
    );
    if mismatches > 0 || skipped > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
