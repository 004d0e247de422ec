//! Selects the board's memory layout and clock from the target, and runs every search of the
//! demo on the host (the same `src/demo.rs`, the same engines, configurations and table
//! sizes) to bake the expected results into the firmware.

use std::fmt::Write as _;
use std::{env, fs, path::PathBuf};

use alphabeta::SearchError;

#[path = "src/demo.rs"]
#[allow(dead_code)]
mod demo;

#[cfg(feature = "chess")]
#[path = "src/chess.rs"]
mod chess;

use demo::{Harness, Iteration, Outcome};

/// One board of `boards/boards.txt`.
struct Board {
    name: String,
    core_clock_hz: u64,
    icount_shift: u32,
}

fn board_for(target: &str) -> Option<Board> {
    let table = fs::read_to_string("boards/boards.txt").expect("boards/boards.txt");
    table.lines().filter(|l| !l.trim_start().starts_with('#')).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields[..] {
            [name, t, _machine, hz, shift] if t == target => Some(Board {
                name: name.to_string(),
                core_clock_hz: hz.parse().expect("clock in Hz"),
                icount_shift: shift.parse().expect("icount shift"),
            }),
            _ => None,
        }
    })
}

/// Records what the host finds.
#[derive(Default)]
struct Recorder {
    exact: Vec<(String, Outcome)>,
    iterations: Vec<(String, Iteration)>,
    timed: Vec<(String, Outcome)>,
}

impl Harness for Recorder {
    fn before(&mut self, _: &str) {}
    fn exact(&mut self, name: &str, result: Result<Outcome, SearchError>) {
        let outcome = result.unwrap_or_else(|e| panic!("{name} failed on the host: {e}"));
        self.exact.push((name.to_string(), outcome));
    }
    fn iteration(&mut self, name: &str, iteration: Iteration) {
        self.iterations.push((name.to_string(), iteration));
    }
    fn timed(
        &mut self,
        name: &str,
        _: u64,
        result: Result<(Outcome, bool, Option<u64>), SearchError>,
    ) {
        let (outcome, completed, _) =
            result.unwrap_or_else(|e| panic!("{name} failed on the host: {e}"));
        assert!(completed, "{name}: the host search has no time limit");
        self.timed.push((name.to_string(), outcome));
    }
}

fn option(best: Option<u8>) -> String {
    best.map_or("None".to_string(), |m| format!("Some({m})"))
}

fn main() {
    println!("cargo:rerun-if-changed=boards");
    println!("cargo:rerun-if-changed=src/demo.rs");
    println!("cargo:rerun-if-changed=src/chess.rs");
    println!("cargo:rustc-check-cfg=cfg(board_known)");
    let target = env::var("TARGET").unwrap();
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());

    // The board: its memory layout for cortex-m-rt's link.x, and its clock.
    let board = board_for(&target);
    let mut consts = String::new();
    if let Some(board) = &board {
        fs::copy(format!("boards/{}/memory.x", board.name), out.join("memory.x")).unwrap();
        println!("cargo:rustc-link-search={}", out.display());
        println!("cargo:rustc-link-arg-bins=-Tlink.x");
        println!("cargo:rustc-cfg=board_known");
        writeln!(
            consts,
            "/// The board (`boards/boards.txt`).\npub const BOARD: &str = {:?};",
            board.name
        )
        .unwrap();
        writeln!(consts, "/// Its core clock in Hz, which drives the SysTick.\npub const CORE_CLOCK_HZ: u64 = {};", board.core_clock_hz).unwrap();
        writeln!(consts, "/// QEMU's `-icount` shift: an instruction takes 2^shift ns.\npub const ICOUNT_SHIFT: u32 = {};", board.icount_shift).unwrap();
    }
    fs::write(out.join("board.rs"), consts).unwrap();

    // The positions are the first lines of Pons' file.
    let pons = fs::read_to_string("../tests/data/connect4/Test_L3_R1").expect("Test_L3_R1");
    println!("cargo:rerun-if-changed=../tests/data/connect4/Test_L3_R1");
    for (line, (moves, score)) in pons.lines().zip(demo::CONNECT4_POSITIONS) {
        assert_eq!(
            line,
            format!("{moves} {score}"),
            "CONNECT4_POSITIONS must be Test_L3_R1's first lines"
        );
    }

    // The searches, on the host.
    static TABLE: demo::Table = demo::Table::new();
    let mut recorder = Recorder::default();
    let mut tictactoe = demo::tictactoe_engine(&TABLE);
    demo::tictactoe(&mut tictactoe, &TABLE, None, &mut recorder);
    let mut connect4 = demo::connect4_engine(&TABLE);
    demo::connect4(&mut connect4, &TABLE, None, &mut recorder);
    let mut hog = demo::hog_engine(&TABLE);
    demo::hog(&mut hog, &TABLE, &mut recorder);
    let mut arena: demo::Arena = [alphabeta::mcts::Node::EMPTY; demo::ARENA_NODES];
    demo::mcts(&mut arena, &mut recorder);
    // MCTS-Solver's proofs of the Connect Four positions are Pons' results.
    for ((name, outcome), (_, score)) in recorder
        .exact
        .iter()
        .filter(|(name, _)| name.starts_with("mcts-connect4-"))
        .zip(demo::CONNECT4_POSITIONS)
    {
        if outcome.exact {
            assert_eq!(outcome.value, score.signum(), "{name}: the proof is not Pons' result");
        }
    }

    // The chess demo (its own feature): the mate in two, which must be the published
    // solution on the host before the firmware is asked to reproduce it.
    #[cfg(feature = "chess")]
    {
        static CHESS_TABLE: chess::ChessTable = chess::ChessTable::new();
        let mut engine = chess::chess_engine(&CHESS_TABLE);
        let solution = chess::mate_in_two(&mut engine, &CHESS_TABLE, &mut recorder)
            .expect("the chess search found a move on the host");
        assert_eq!(solution.best.as_str(), chess::MATE_IN_TWO_KEY, "not the published key move");
        assert_eq!(solution.mate_plies, Some(chess::MATE_IN_TWO_PLIES), "not a mate in two");
    }

    let outcome = |o: &Outcome| {
        format!(
            "Outcome {{ value: {}, best: {}, nodes: {}, depth: {}, exact: {} }}",
            o.value,
            option(o.best),
            o.nodes,
            o.depth,
            o.exact
        )
    };
    let mut code = String::from("// Generated by build.rs: the demo's searches run on the host.\n");
    let mut games = vec![
        ("TICTACTOE", "tictactoe-"),
        ("CONNECT4", "connect4-"),
        ("HOG", "hog-"),
        ("MCTS", "mcts-"),
    ];
    if cfg!(feature = "chess") {
        games.push(("CHESS", "chess-"));
    }
    for (game, prefix) in games {
        writeln!(code, "/// The host's results for the {} searches.", prefix.trim_end_matches('-'))
            .unwrap();
        writeln!(code, "pub const {game}: Expected = Expected {{\n    exact: &[").unwrap();
        for (name, o) in recorder.exact.iter().filter(|(n, _)| n.starts_with(prefix)) {
            writeln!(code, "        ({name:?}, {}),", outcome(o)).unwrap();
        }
        code.push_str("    ],\n    iterations: &[\n");
        for (name, i) in recorder.iterations.iter().filter(|(n, _)| n.starts_with(prefix)) {
            writeln!(
                code,
                "        ({name:?}, Iteration {{ depth: {}, value: {}, best: {}, nodes: {} }}),",
                i.depth,
                i.value,
                option(i.best),
                i.nodes
            )
            .unwrap();
        }
        code.push_str("    ],\n    timed: &[\n");
        for (name, o) in recorder.timed.iter().filter(|(n, _)| n.starts_with(prefix)) {
            writeln!(code, "        ({name:?}, {}),", outcome(o)).unwrap();
        }
        code.push_str("    ],\n};\n");
    }
    fs::write(out.join("expected.rs"), code).unwrap();
}
