//! The C and C++ examples (`examples-c/`), built and run by the workspace's test command.
//!
//! Runs `make -C examples-c check sanitize valgrind`: the libraries, the examples as C99 and
//! C++17 with `-Wall -Wextra -Werror -pedantic`, their checks against the Rust examples, the
//! misuse test plain, under AddressSanitizer + UndefinedBehaviorSanitizer and under valgrind.
//! Then checks the key outputs here against the library itself:
//!
//! * `connect4.c` on Test_L3_R1: 0 mismatches, and every line's score and node count equal to
//!   `games::connect4::solve` over `solver_engine` with the same 2^20-slot table, cleared (with
//!   the history) before every position, as the Rust example does;
//! * `tictactoe.c --solve`: the Rust example's answer (its algorithm, run here) and the data
//!   file's, for a set of boards;
//! * `tictactoe.c` in play: the engine never loses, against every sequence of human moves,
//!   with alpha-beta and with Monte Carlo tree search (`--engine mcts`, its tree kept);
//! * `tictactoe.c --engine mcts --solve`: the proven value of every 20th position of the
//!   data file, and a best move of it;
//! * `misuse.c`: all passed.
//!
//! Needs `make`, `gcc`, `g++` and `valgrind` (Debian/Ubuntu packages `make gcc g++
//! valgrind`); a missing one fails the test with that message, it is never skipped.

use std::collections::HashMap;
use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicU8;

use alphabeta::games::connect4::{solve, solver_engine, Connect4};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Game, Limits, MoveList};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("ffi/ has a parent").to_path_buf()
}

/// Cargo's target directory, as the Makefile computes it.
fn target_dir() -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

fn out_dir() -> PathBuf {
    target_dir().join("examples-c")
}

fn on_path(program: &str) -> bool {
    env::var_os("PATH")
        .is_some_and(|path| env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Fails (never skips) when a tool is missing, naming the package that provides it.
fn require_tools() {
    let missing: Vec<String> =
        [("make", "make"), ("gcc", "gcc"), ("g++", "g++"), ("valgrind", "valgrind")]
            .iter()
            .filter(|(program, _)| !on_path(program))
            .map(|(program, package)| format!("`{program}` (apt package `{package}`)"))
            .collect();
    assert!(
        missing.is_empty(),
        "the C examples need {}: install them (e.g. `apt-get install make gcc g++ valgrind`)",
        missing.join(", ")
    );
}

fn run_make() {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new("make")
        .arg("-C")
        .arg(root().join("examples-c"))
        .arg(format!("CARGO={cargo}"))
        .args(["check", "sanitize", "valgrind"])
        .stdin(Stdio::null())
        .output()
        .expect("make runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "make -C examples-c check sanitize valgrind failed ({}):\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
    for line in ["check: all passed", "sanitize: all passed", "valgrind: all passed"] {
        assert!(stdout.lines().any(|l| l == line), "make printed no `{line}`:\n{stdout}");
    }
}

/// `line N score S best C nodes K us U` lines of the connect4 output, by line number: the
/// score, the best column (0-6; `None` for `-`) and the nodes.
fn connect4_lines(output: &str) -> HashMap<usize, (i32, Option<u8>, u64)> {
    let mut lines = HashMap::new();
    for line in output.lines().filter(|l| l.starts_with("line ")) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let shape = f.len() >= 10 && f[2] == "score" && f[4] == "best" && f[6] == "nodes";
        assert!(shape && f[8] == "us", "{line}");
        let number = f[1].parse().expect("a line number");
        let best = (f[5] != "-").then(|| f[5].parse::<u8>().expect("a column 1-7") - 1);
        let score = f[3].parse().expect("a score");
        lines.insert(number, (score, best, f[7].parse().expect("nodes")));
    }
    lines
}

fn check_connect4() {
    let path = root().join("tests/data/connect4/Test_L3_R1");
    let data = std::fs::read_to_string(&path).expect("Test_L3_R1");
    let c_output = std::fs::read_to_string(out_dir().join("connect4-L3.out")).expect("the output");
    let summary = c_output.lines().last().expect("a summary line");
    assert!(summary.starts_with("positions 1000 mismatches 0 mean_us "), "{summary}");
    let c_lines = connect4_lines(&c_output);
    assert_eq!(c_lines.len(), 1000);

    // The Rust solver, as the Rust example runs it: 2^20 slots, cleared with the history
    // before every position.
    let slots: Vec<Slot32> = (0..1 << 20).map(|_| Slot32::EMPTY).collect();
    let generation = AtomicU8::new(0);
    let table = TableSlice::new(&slots, &generation);
    let mut engine = solver_engine(table);
    let mut total_nodes = 0;
    for (index, line) in data.lines().enumerate() {
        let mut fields = line.split_whitespace();
        let moves = fields.next().expect("moves");
        let expected: i32 = fields.next().expect("a score").parse().expect("a number");
        let position = Connect4::from_moves(moves).expect("a legal position");
        table.clear();
        engine.clear_history();
        let solution = solve(&mut engine, position).expect("solved");
        assert_eq!(solution.score, expected, "line {}: the Rust solver's score", index + 1);
        let (c_score, c_best, c_nodes) = c_lines[&(index + 1)];
        assert_eq!(
            (c_score, c_best, c_nodes),
            (solution.score, solution.best_move, solution.nodes),
            "line {} ({moves}): connect4.c's score, best move and nodes, then the Rust solver's",
            index + 1
        );
        total_nodes += solution.nodes;
    }
    let mean_nodes = format!("mean_nodes {:.1}", total_nodes as f64 / 1000.0);
    assert!(summary.ends_with(&mean_nodes), "{summary} should end with {mean_nodes}");
}

/// What `examples/tictactoe.rs --solve` prints, computed the way it computes it.
fn rust_solve(cells: &str) -> String {
    let mut board = Board::parse(cells).expect("a legal board");
    if board.is_terminal() {
        let value = match board.winner() {
            Some(winner) if winner == board.side_to_move() => 1,
            Some(_) => -1,
            None => 0,
        };
        return format!("value {value} best -");
    }
    let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
    let mut moves = MoveList::<u8, 9>::new();
    board.generate_moves(&mut moves);
    let (mut best_value, mut best) = (i32::MIN, Vec::new());
    for &cell in &moves {
        board.make_move(cell);
        let score = engine.search(&mut board, &Limits::depth(9)).expect("searched").score;
        board.unmake_move(cell, ());
        let value = -score.signum();
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(cell.to_string());
        }
    }
    format!("value {best_value} best {}", best.join(","))
}

fn check_tictactoe_solve() {
    let data = std::fs::read_to_string(root().join("tests/data/tictactoe/positions.txt"))
        .expect("positions.txt");
    let known: HashMap<&str, String> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], format!("value {} best {}", f[2], f[3]))
        })
        .collect();
    let program = out_dir().join("tictactoe");
    for cells in [
        ".........",
        "X........",
        "....X....",
        "XX.OO....",
        "XO.X.O.X.",
        "XOXXOO...",
        "XX.OO.X.O",
        "OX.XO....",
        "XOXOXOXOX",
        "XXXOO....",
        "XOXOOXXXO",
    ] {
        let output = Command::new(&program).args(["--solve", cells]).output().expect("runs");
        assert!(output.status.success(), "tictactoe --solve {cells}: {output:?}");
        let c = String::from_utf8(output.stdout).expect("UTF-8");
        let rust = rust_solve(cells);
        assert_eq!(c.trim_end(), rust, "tictactoe --solve {cells}: C, then the Rust example");
        assert_eq!(rust, known[cells], "{cells}: the Rust example, then positions.txt");
    }
}

/// `tictactoe.c --engine mcts --solve` on every 20th position of the data file: the proven
/// value, and a move among the best.
fn check_tictactoe_mcts_solve() {
    let data = std::fs::read_to_string(root().join("tests/data/tictactoe/positions.txt"))
        .expect("positions.txt");
    let program = out_dir().join("tictactoe");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')).step_by(20) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let output = Command::new(&program)
            .args(["--engine", "mcts", "--solve", f[0]])
            .output()
            .expect("runs");
        assert!(output.status.success(), "tictactoe --engine mcts --solve {}: {output:?}", f[0]);
        let c = String::from_utf8(output.stdout).expect("UTF-8");
        let words: Vec<&str> = c.split_whitespace().collect();
        assert_eq!(words[..2], ["value", f[2]], "{}: {c}", f[0]);
        if f[3] == "-" {
            assert_eq!(words[3], "-", "{}: {c}", f[0]);
        } else {
            assert!(f[3].split(',').any(|m| m == words[3]), "{}: {c} (best {})", f[0], f[3]);
        }
        checked += 1;
    }
    assert_eq!(checked, 274);
}

/// Plays every sequence of human moves against `tictactoe.c` (the engine moving first or
/// second, with the options `engine`) and checks that the engine never loses; counts the games
/// in `games`.
fn explore_games(
    program: &Path,
    engine: &[&str],
    engine_first: bool,
    human: &mut Vec<u8>,
    games: &mut u32,
) {
    let mut child = Command::new(program)
        .args(engine)
        .args(if engine_first { &["--engine-first"][..] } else { &[][..] })
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tictactoe runs");
    let input: String = human.iter().map(|cell| format!("{cell}\n")).collect();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("writes");
    }
    let output = child.wait_with_output().expect("finishes");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let last = text.lines().last().unwrap_or("");
    if ["Draw.", "The engine wins.", "You win."].contains(&last) {
        assert_ne!(
            last, "You win.",
            "the engine lost to {human:?} (engine first: {engine_first}):\n{text}"
        );
        *games += 1;
        return;
    }
    // The input ran out at "Your move: ": the last board shows the free cells as digits.
    let board: String = text
        .lines()
        .filter(|l| l.starts_with(' ') && l.contains('|'))
        .rev()
        .take(3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let free: Vec<u8> = board.bytes().filter(u8::is_ascii_digit).map(|d| d - b'0').collect();
    assert!(!free.is_empty() && text.ends_with("Your move: \n"), "unexpected output:\n{text}");
    for cell in free {
        human.push(cell);
        explore_games(program, engine, engine_first, human, games);
        human.pop();
    }
}

fn check_tictactoe_never_loses() {
    let program = out_dir().join("tictactoe");
    for (engine, counts) in [(&[][..], [561, 76]), (&["--engine", "mcts"][..], [457, 76])] {
        for engine_first in [false, true] {
            let mut games = 0;
            explore_games(&program, engine, engine_first, &mut Vec::new(), &mut games);
            // Every line of play was explored. How many games that makes depends on which of
            // several equally good moves the engine picks, so, like tests/signature.rs, the
            // counts change with the move ordering (76 and 561 for alpha-beta since ordering
            // picks the best of the rest before sorting it) or the Monte Carlo search.
            let expected = counts[usize::from(engine_first)];
            assert_eq!(games, expected, "games ({engine:?}, engine first: {engine_first})");
            eprintln!(
                "tictactoe play {engine:?}, engine first {engine_first}: {games} games, none lost"
            );
        }
    }
}

fn check_misuse() {
    let output = std::fs::read_to_string(out_dir().join("misuse.out")).expect("misuse output");
    let last = output.lines().last().expect("a summary line");
    let (passed, failed) = last.split_once(" passed, ").expect("`N passed, M failed`");
    assert!(passed.parse::<u32>().expect("a count") > 200, "{last}");
    assert_eq!(failed, "0 failed", "{output}");
}

#[test]
fn c_and_cxx_examples_build_run_and_agree_with_rust() {
    require_tools();
    run_make();
    check_misuse();
    check_connect4();
    check_tictactoe_solve();
    check_tictactoe_mcts_solve();
    check_tictactoe_never_loses();
}

/// Compiles `source` against the repository's header as C99 (`cc`) or C++17 (`c++`) with
/// `defines`, warnings as errors, runs it and returns what it printed.
fn compile_and_run(compiler: &str, source: &str, defines: &[String], name: &str) -> String {
    let dir = out_dir().join("header-capacities");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let extension = if compiler == "cc" { "c" } else { "cpp" };
    let file = dir.join(format!("{name}.{extension}"));
    std::fs::write(&file, source).expect("write the source");
    let program = dir.join(format!("{name}-{extension}"));
    let standard = if compiler == "cc" { "-std=c99" } else { "-std=c++17" };
    let status = Command::new(compiler)
        .args([standard, "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(root().join("include"))
        .args(defines)
        .arg(&file)
        .arg("-o")
        .arg(&program)
        .status()
        .expect("the compiler runs");
    assert!(status.success(), "{compiler} {defines:?} {name}: the header does not compile");
    let output = Command::new(&program).output().expect("the program runs");
    assert!(output.status.success());
    String::from_utf8(output.stdout).expect("ASCII")
}

/// The header's capacities and the storage they size, as C and C++ see them, for the
/// defaults, `ALPHABETA_SMALL` and capacities chosen at build time: the macros the host
/// defines win, and the storage is the library's formula (`engine_storage_size`) for them.
#[test]
fn the_header_sizes_engine_storage_for_every_capacity() {
    require_tools();
    let source = r#"#include <stdio.h>
#include "alphabeta.h"
int main(void) {
    alphabeta_engine_storage storage;
    printf("%d %d %lu %lu %lu\n", (int)ALPHABETA_MAX_MOVES, (int)ALPHABETA_MAX_PLY,
           (unsigned long)sizeof storage, (unsigned long)ALPHABETA_ENGINE_STORAGE_SIZE,
           (unsigned long)ALPHABETA_ENGINE_STORAGE_SIZE_FOR(ALPHABETA_MAX_PLY));
    return 0;
}
"#;
    let cases: [(&[&str], usize, usize); 6] = [
        (&[], 256, 64),
        (&["-DALPHABETA_SMALL"], 64, 32),
        (&["-DALPHABETA_MAX_MOVES=4096", "-DALPHABETA_MAX_PLY=256"], 4096, 256),
        (&["-DALPHABETA_MAX_PLY=1"], 256, 1),
        (&["-DALPHABETA_SMALL", "-DALPHABETA_MAX_PLY=7"], 64, 7),
        (&["-DALPHABETA_MAX_MOVES=9", "-DALPHABETA_MAX_PLY=9"], 9, 9),
    ];
    for (index, (defines, moves, ply)) in cases.into_iter().enumerate() {
        let defines: Vec<String> = defines.iter().map(|d| d.to_string()).collect();
        let storage = alphabeta_ffi::engine_storage_size(ply);
        let want = format!("{moves} {ply} {storage} {storage} {storage}\n");
        for compiler in ["cc", "c++"] {
            let got = compile_and_run(compiler, source, &defines, &format!("capacities-{index}"));
            assert_eq!(got, want, "{compiler} {defines:?}");
        }
    }
}
