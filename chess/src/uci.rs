//! The Universal Chess Interface (UCI): the engine's conversation with a chess GUI, a match
//! runner or a test-suite script, on text lines.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `position startpos|fen … [moves …]`, `go` with
//! `depth`, `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo` and `infinite`,
//! `stop`, `quit`, and the options `Hash` (MiB), `Threads`, `MultiPV`, `UCI_LimitStrength`,
//! `UCI_Elo` and `Move Overhead` (ms). The search runs on its own thread, so that `stop`
//! and `isready` are answered while it thinks; it prints an `info` line per completed depth
//! and `bestmove` at the end. An unknown or malformed command is reported on an
//! `info string` line and otherwise ignored, as the protocol asks.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use alphabeta::parallel::ParallelEngine;
use alphabeta::score::Mate;
use alphabeta::tt::HeapTable;
use alphabeta::{Engine, Limits, Score, StdClock, Strength};

use crate::{chess_config, CachedPesto, ChessMove, ChessSorter, Position, MAX_MOVES, MAX_PLY};

/// The engine's name on the `id` line.
pub const NAME: &str = concat!("alphabeta-chess ", env!("CARGO_PKG_VERSION"));

/// The deepest iteration a search runs (room is left to `MAX_PLY` for extensions and
/// quiescence).
const MAX_DEPTH: u32 = 64;
/// The weakest and strongest `UCI_Elo`.
pub const MIN_ELO: u32 = 1000;
/// See [`MIN_ELO`].
pub const MAX_ELO: u32 = 2800;

/// The options a GUI can set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size, MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: u32,
    /// Principal variations to report.
    pub multipv: usize,
    /// Play at `elo` rather than at full strength.
    pub limit_strength: bool,
    /// The strength asked for with `limit_strength`.
    pub elo: u32,
    /// Milliseconds kept back from each move's time for the GUI's lag.
    pub move_overhead_ms: u64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            limit_strength: false,
            elo: MAX_ELO,
            move_overhead_ms: 10,
        }
    }
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime`, ms.
    pub movetime: Option<u64>,
    /// `wtime`, `btime`, ms.
    pub time: [Option<u64>; 2],
    /// `winc`, `binc`, ms.
    pub inc: [Option<u64>; 2],
    /// `movestogo`.
    pub movestogo: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
}

impl Go {
    /// Parses the words after `go`.
    ///
    /// # Errors
    /// A message naming the word that is not understood.
    pub fn parse(words: &[&str]) -> Result<Self, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let mut number = || -> Result<u64, String> {
                i += 1;
                let text = words.get(i).ok_or_else(|| format!("{word} without a value"))?;
                // A clock can go negative in some GUIs: count it as 0.
                text.parse::<i64>()
                    .map(|n| n.max(0) as u64)
                    .map_err(|_| format!("{word}: not a number: {text}"))
            };
            match word {
                "depth" => go.depth = Some(number()?.clamp(1, u64::from(MAX_DEPTH)) as u32),
                "nodes" => go.nodes = Some(number()?),
                "movetime" => go.movetime = Some(number()?),
                "wtime" => go.time[0] = Some(number()?),
                "btime" => go.time[1] = Some(number()?),
                "winc" => go.inc[0] = Some(number()?),
                "binc" => go.inc[1] = Some(number()?),
                "movestogo" => go.movestogo = Some(number()?.max(1)),
                "infinite" => go.infinite = true,
                "ponder" => {}
                other => return Err(format!("unknown go parameter: {other}")),
            }
            i += 1;
        }
        Ok(go)
    }

    /// The time to spend, in microseconds, for the side `us` (0 White, 1 Black), as a
    /// [`Budget`]: with `movetime`, that time less the overhead, as both the target and the
    /// hard limit. From the clock, the target is a share of it (what is left less the
    /// overhead, over the moves to go, 20 when not given, plus most of the increment, never
    /// more than a third of what is left less the overhead), and the hard limit three times
    /// the target, never more than that third either. `None`: no time limit.
    pub fn budget_micros(&self, us: usize, overhead_ms: u64) -> Option<Budget> {
        if self.infinite {
            return None;
        }
        if let Some(ms) = self.movetime {
            let micros = ms.saturating_sub(overhead_ms).max(1).saturating_mul(1000);
            return Some(Budget { target: micros, hard: micros });
        }
        let left = self.time[us]?.saturating_sub(overhead_ms);
        let inc = self.inc[us].unwrap_or(0);
        let moves = self.movestogo.unwrap_or(20);
        let cap = (left / 3).max(1);
        // (Saturating: a GUI may send any number of milliseconds; the cap bounds the result.)
        let target = (left / moves).saturating_add(inc.saturating_mul(3) / 4).clamp(1, cap);
        let hard = target.saturating_mul(3).min(cap);
        Some(Budget { target: target.saturating_mul(1000), hard: hard.saturating_mul(1000) })
    }
}

/// The time of one move, microseconds: a search on the clock starts no iteration after half
/// the `target` has passed (the next would likely not end before it), and stops at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time the move should take.
    pub target: u64,
    /// The time it may take at most.
    pub hard: u64,
}

/// `UCI_Elo` as a strength level of the library: a depth cap and a margin (centipawns)
/// within which the move is drawn at random. The table is a rough calibration against
/// Stockfish's own levels (see the README's chess section).
pub fn strength_for(elo: u32, seed: u64) -> (u32, Strength) {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let steps = (elo - MIN_ELO) / 100; // 0 ..= 18
    let depth = 1 + steps / 2;
    let margin = f64::from(18 - steps.min(18)) * 8.0;
    (depth, Strength { margin, seed })
}

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// The sorter's lock, taken even if a search thread panicked while holding it (the sorter
/// only orders moves: any state of it is a valid one).
fn lock(sorter: &SharedSorter) -> std::sync::MutexGuard<'_, Box<ChessSorter>> {
    sorter.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn say(out: &Out, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// The score as UCI prints it: `cp N` or `mate N` (moves, negative when losing).
pub fn uci_score(score: i32) -> String {
    match score.mate() {
        Some(Mate::Win(plies)) => format!("mate {}", plies.div_ceil(2)),
        Some(Mate::Loss(plies)) => format!("mate -{}", plies.div_ceil(2)),
        None => format!("cp {score}"),
    }
}

/// A line of moves from `position`, in UCI notation.
pub fn uci_line(position: &Position, line: &[ChessMove]) -> String {
    let mut board = position.board().clone();
    let mut words = Vec::new();
    for &mv in line {
        if !board.is_legal(mv.0) {
            break;
        }
        words.push(cozy_chess::util::display_uci_move(&board, mv.0).to_string());
        board.play_unchecked(mv.0);
    }
    words.join(" ")
}

/// The evaluation cache's size: `2^16` entries of 8 bytes (512 KiB).
const EVAL_CACHE_BITS: u32 = 16;

/// The engine's state between commands.
struct State {
    position: Position,
    options: Options,
    table: Arc<HeapTable<i32>>,
    /// The evaluation's cache, kept from one search to the next (its scores depend on the
    /// position alone).
    evaluation: CachedPesto,
    /// The move ordering's history, killers and countermoves, kept from one search to the
    /// next within a game (what a cutoff taught one move's search still orders the next)
    /// and cleared by `ucinewgame`.
    sorter: SharedSorter,
    search: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    games: u64,
    out: Out,
}

impl State {
    fn stop(&mut self) {
        if let Some((handle, stop)) = self.search.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name <name words> [value <value words>]
        let text = words.join(" ");
        let rest = text.strip_prefix("name ").ok_or("setoption without a name")?;
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        let number = |low: u64, high: u64| -> Result<u64, String> {
            let n: u64 = value.parse().map_err(|_| format!("{name}: not a number: {value}"))?;
            if (low..=high).contains(&n) {
                Ok(n)
            } else {
                Err(format!("{name}: {n} is outside {low}..={high}"))
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib = number(1, 4096)? as usize;
                let table = HeapTable::with_mib(mib).map_err(|e| e.to_string())?;
                self.table = Arc::new(table);
                self.options.hash_mib = mib;
            }
            "threads" => self.options.threads = number(1, 64)? as u32,
            "multipv" => self.options.multipv = number(1, MAX_MOVES as u64)? as usize,
            "uci_limitstrength" => {
                self.options.limit_strength = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("UCI_LimitStrength: not true or false: {value}")),
                }
            }
            "uci_elo" => self.options.elo = number(u64::from(MIN_ELO), u64::from(MAX_ELO))? as u32,
            "move overhead" => self.options.move_overhead_ms = number(0, 5000)?,
            "clear hash" => self.table.clear(),
            _ => return Err(format!("unknown option: {name}")),
        }
        Ok(())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let (mut position, rest) = match words.first() {
            Some(&"startpos") => (Position::default(), &words[1..]),
            Some(&"fen") => {
                let end = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
                let fen = words[1..end].join(" ");
                (Position::from_fen(&fen).map_err(|e| e.to_string())?, &words[end..])
            }
            _ => return Err("position: expected startpos or fen".into()),
        };
        // A bad move ends the list: the position is the one before it (as the GUI's game
        // stood when it was played), and the error says so.
        let (result, moves) = match rest.split_first() {
            None => (Ok(()), &[][..]),
            Some((&"moves", moves)) => (Ok(()), moves),
            Some((word, _)) => {
                (Err(format!("position: expected moves, found {}", clipped(word))), &[][..])
            }
        };
        for mv in moves {
            if let Err(e) = position.play_uci(mv) {
                self.position = position;
                return Err(format!("{e}; the position is the one before it"));
            }
        }
        self.position = position;
        result
    }

    fn go(&mut self, go: Go) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            position: self.position.clone(),
            go,
            options: self.options,
            table: Arc::clone(&self.table),
            evaluation: self.evaluation.clone(),
            sorter: Arc::clone(&self.sorter),
            stop: Arc::clone(&stop),
            out: Arc::clone(&self.out),
            seed: self.games,
        };
        self.games += 1;
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || job.run());
        match handle {
            Ok(handle) => self.search = Some((handle, stop)),
            Err(e) => say(&self.out, &format!("info string cannot start the search: {e}")),
        }
    }
}

/// One `go`: the search, on its own thread.
struct Job {
    position: Position,
    go: Go,
    options: Options,
    table: Arc<HeapTable<i32>>,
    evaluation: CachedPesto,
    sorter: SharedSorter,
    stop: Arc<AtomicBool>,
    out: Out,
    seed: u64,
}

/// The sorter shared by the state and the search thread (boxed: about 50 KiB).
type SharedSorter = Arc<Mutex<Box<ChessSorter>>>;

type ChessEngine<'a> =
    Engine<Position, CachedPesto, MAX_MOVES, MAX_PLY, &'a HeapTable<i32>, ChessSorter>;

impl Job {
    fn run(self) {
        let best = self.search().unwrap_or_else(|e| {
            say(&self.out, &format!("info string search failed: {e}"));
            None
        });
        // Whatever happened, a legal move if there is one (the root may be a draw already).
        let best = best.or_else(|| self.position.legal_moves().first().copied());
        let text = best.map_or_else(|| "0000".to_string(), |mv| self.position.uci(mv));
        // Under `go infinite` the GUI expects `bestmove` only after `stop`.
        while self.go.infinite && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        say(&self.out, &format!("bestmove {text}"));
    }

    fn search(&self) -> Result<Option<ChessMove>, alphabeta::SearchError> {
        let clock = StdClock::new();
        let us = usize::from(self.position.board().side_to_move() == cozy_chess::Color::Black);
        let mut max_depth = self.go.depth.unwrap_or(MAX_DEPTH);
        let mut config = chess_config();
        config.threads = self.options.threads;
        if self.options.limit_strength {
            let (depth, strength) = strength_for(self.options.elo, self.seed);
            max_depth = max_depth.min(depth);
            config.strength = Some(strength);
            config.threads = 1;
        }
        let mut limits = Limits::depth(max_depth).with_clock(&clock).with_stop(&self.stop);
        let budget = self.go.budget_micros(us, self.options.move_overhead_ms);
        if let Some(budget) = budget {
            limits = limits.with_time_limit(&clock, budget.hard);
        }
        if let Some(nodes) = self.go.nodes {
            limits = limits.with_max_nodes(nodes);
        }
        let table: &HeapTable<i32> = &self.table;
        let mut engine: Box<ChessEngine<'_>> = Box::new(
            Engine::new(self.evaluation.clone(), config)
                .with_table(table)
                .with_sorter(lock(&self.sorter).as_ref().clone()),
        );
        let mut position = self.position.clone();
        let root = self.position.clone();
        let out = Arc::clone(&self.out);
        let report = move |depth: u32,
                           score: i32,
                           nodes: u64,
                           micros: u64,
                           pv: &[ChessMove],
                           multipv: usize| {
            let nps = (nodes * 1_000_000).checked_div(micros).unwrap_or(0);
            let multipv = if multipv > 0 { format!(" multipv {multipv}") } else { String::new() };
            say(
                &out,
                &format!(
                    "info depth {depth}{multipv} score {} nodes {nodes} nps {nps} time {} hashfull {} pv {}",
                    uci_score(score),
                    micros / 1000,
                    table.occupancy_permille(),
                    uci_line(&root, pv)
                ),
            );
        };
        if self.options.multipv > 1 && !self.options.limit_strength {
            let analysis = engine.analyze(&mut position, &limits, self.options.multipv)?;
            // (More moves than asked for can come out exact: the best `multipv` are reported.)
            for (k, line) in analysis.lines().take(self.options.multipv).enumerate() {
                let micros = analysis.elapsed_micros.unwrap_or(0);
                report(analysis.depth, line.score, analysis.nodes, micros, &line.pv, k + 1);
            }
            return Ok(analysis.lines().next().map(|line| line.mv));
        }
        let (stop, movetime) = (&self.stop, self.go.movetime);
        let mut on_iteration = |info: &alphabeta::search::IterationInfo<'_, ChessMove, i32>| {
            let micros = info.elapsed_micros.unwrap_or(0);
            report(info.depth, info.score, info.nodes, micros, info.pv, 0);
            // Past half the target, the next iteration would likely not end in time (a fixed
            // `movetime` is used whole).
            if movetime.is_none() && budget.is_some_and(|budget| micros * 2 >= budget.target) {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let (result, learnt) = if config.threads > 1 {
            let mut parallel = ParallelEngine::new(*engine)
                .map_err(|_| alphabeta::SearchError::ParallelUnsupported { option: "threads" })?;
            let result = parallel.search_with_info(&mut position, &limits, &mut on_iteration);
            (result, parallel.engine().sorter().clone())
        } else {
            let result = engine.search_with_info(&mut position, &limits, &mut on_iteration);
            (result, engine.sorter().clone())
        };
        **lock(&self.sorter) = learnt;
        Ok(result?.best_move)
    }
}

/// At most the first 64 characters of `text`, for a message that repeats what it was sent.
fn clipped(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// Runs the UCI loop: reads commands from `input` until `quit` or its end, writes the
/// engine's answers to `output`.
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let out: Out = Arc::new(Mutex::new(Box::new(output)));
    let options = Options::default();
    let table = match HeapTable::with_mib(options.hash_mib) {
        Ok(table) => Arc::new(table),
        Err(e) => {
            say(&out, &format!("info string cannot allocate the table: {e}"));
            return;
        }
    };
    let mut state = State {
        position: Position::default(),
        options,
        table,
        evaluation: CachedPesto::new(EVAL_CACHE_BITS),
        sorter: Arc::new(Mutex::new(Box::new(ChessSorter::new()))),
        search: None,
        games: 0,
        out,
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // A line that is not UTF-8 is read with its bad bytes replaced (and then most likely
        // rejected as a command), not taken for the end of the input.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { continue };
        let result = match command {
            "uci" => {
                let o = Options::default();
                for line in [
                    format!("id name {NAME}"),
                    "id author the alphabeta developers".into(),
                    format!("option name Hash type spin default {} min 1 max 4096", o.hash_mib),
                    format!("option name Threads type spin default {} min 1 max 64", o.threads),
                    format!("option name MultiPV type spin default 1 min 1 max {MAX_MOVES}"),
                    "option name UCI_LimitStrength type check default false".into(),
                    format!(
                        "option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}"
                    ),
                    format!(
                        "option name Move Overhead type spin default {} min 0 max 5000",
                        o.move_overhead_ms
                    ),
                    "option name Clear Hash type button".into(),
                    "uciok".into(),
                ] {
                    say(&state.out, &line);
                }
                Ok(())
            }
            "isready" => {
                say(&state.out, "readyok");
                Ok(())
            }
            "ucinewgame" => {
                state.stop();
                state.table.clear();
                **lock(&state.sorter) = ChessSorter::new();
                state.position = Position::default();
                Ok(())
            }
            "setoption" => {
                state.stop();
                state.set_option(args)
            }
            "position" => {
                state.stop();
                state.set_position(args)
            }
            "go" => Go::parse(args).map(|go| state.go(go)),
            "stop" => {
                state.stop();
                Ok(())
            }
            "quit" => break,
            "d" => {
                say(&state.out, &format!("info string {}", state.position.board()));
                Ok(())
            }
            other => Err(format!("unknown command: {}", clipped(other))),
        };
        if let Err(message) = result {
            say(&state.out, &format!("info string error: {message}"));
        }
    }
    state.stop();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parses_every_limit() {
        let words = "wtime 60000 btime 59000 winc 500 binc 400 movestogo 20 depth 9 nodes 5000";
        let go = Go::parse(&words.split_whitespace().collect::<Vec<_>>()).unwrap();
        assert_eq!(go.time, [Some(60_000), Some(59_000)]);
        assert_eq!(go.inc, [Some(500), Some(400)]);
        assert_eq!((go.movestogo, go.depth, go.nodes), (Some(20), Some(9), Some(5000)));
        assert_eq!(Go::parse(&["movetime", "x"]), Err("movetime: not a number: x".into()));
        assert_eq!(Go::parse(&["depth"]), Err("depth without a value".into()));
        assert_eq!(Go::parse(&["wtime", "-5"]).unwrap().time[0], Some(0));
    }

    #[test]
    fn the_budget_is_a_share_of_the_clock_never_over_half() {
        let go = Go { time: [Some(60_000), Some(1_000)], inc: [Some(600), None], ..Go::default() };
        // (60000 - 30) / 20 + 600 * 3 / 4 = 3448 ms, three times that at most.
        let budget = |target: u64, hard: u64| Some(Budget { target, hard });
        assert_eq!(go.budget_micros(0, 30), budget(3_448_000, 10_344_000));
        // Black: (1000 - 30) / 20 = 48 ms; the hard limit 144 ms.
        assert_eq!(go.budget_micros(1, 30), budget(48_000, 144_000));
        let low = Go { time: [Some(60), None], inc: [Some(5_000), None], ..Go::default() };
        // A third of what is left (less the overhead) caps both: (60 - 30) / 3 = 10 ms.
        assert_eq!(low.budget_micros(0, 30), budget(10_000, 10_000));
        let fixed = Go { movetime: Some(100), ..Go::default() };
        assert_eq!(fixed.budget_micros(0, 30), budget(70_000, 70_000));
        assert_eq!(Go { infinite: true, ..fixed }.budget_micros(0, 30), None);
        assert_eq!(Go::default().budget_micros(0, 30), None);
    }

    #[test]
    fn scores_print_as_centipawns_or_moves_to_mate() {
        assert_eq!(uci_score(35), "cp 35");
        assert_eq!(uci_score(i32::win_in(1)), "mate 1");
        assert_eq!(uci_score(i32::win_in(3)), "mate 2");
        assert_eq!(uci_score(i32::loss_in(2)), "mate -1");
        assert_eq!(uci_score(i32::loss_in(4)), "mate -2");
    }

    #[test]
    fn castling_prints_as_the_kings_two_square_move() {
        let mut position: Position =
            Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castles: Vec<String> = position
            .legal_moves()
            .into_iter()
            .map(|mv| position.uci(mv))
            .filter(|m| m == "e1g1" || m == "e1c1")
            .collect();
        assert_eq!(castles.len(), 2);
        position.play_uci("e1g1").unwrap();
        assert_eq!(position.board().king(cozy_chess::Color::White), cozy_chess::Square::G1);
        assert!(position.play_uci("e8e6").is_err());
    }

    /// The engine's answers to `input`, line by line.
    fn session(input: &[u8]) -> Vec<String> {
        let output = Arc::new(Mutex::new(Vec::new()));
        struct Sink(Arc<Mutex<Vec<u8>>>);
        impl Write for Sink {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        run(input, Sink(Arc::clone(&output)));
        let text = String::from_utf8(output.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn huge_times_saturate_instead_of_wrapping() {
        let huge = Go { movetime: Some(u64::MAX / 10), ..Go::default() };
        assert_eq!(huge.budget_micros(0, 10), Some(Budget { target: u64::MAX, hard: u64::MAX }));
        let clock =
            Go { time: [Some(u64::MAX), None], inc: [Some(u64::MAX), None], ..Go::default() };
        // The target is capped by a third of what is left; neither wraps to a small number.
        let budget = clock.budget_micros(0, 10).unwrap();
        assert_eq!(budget, Budget { target: u64::MAX, hard: u64::MAX });
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_not_the_end() {
        let lines = session(b"isready\nsetoption name Caf\xe9 value 1\nisready\nquit\n");
        assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
        assert_eq!(lines[1], "info string error: unknown option: Caf\u{fffd}");
        let long = format!("{}\nisready\n", "x".repeat(10_000));
        let lines = session(long.as_bytes());
        assert_eq!(lines[0], format!("info string error: unknown command: {}…", "x".repeat(64)));
        assert_eq!(lines[1], "readyok");
    }

    #[test]
    fn a_bad_move_leaves_the_position_before_it() {
        // The knight's move to a square off the board ends the list: the position is the one
        // after 1. e4 e5, White to move, and the search answers there.
        let lines = session(b"position startpos moves e2e4 e7e5 g1f9 d7d5\ngo depth 1\nquit\n");
        assert!(lines[0].starts_with("info string error: "), "{}", lines[0]);
        assert!(lines[0].ends_with("; the position is the one before it"), "{}", lines[0]);
        let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
        let mut board: Position = Position::default();
        board.play_uci("e2e4").unwrap();
        board.play_uci("e7e5").unwrap();
        assert!(board.play_uci(&best["bestmove ".len()..]).is_ok(), "{best}");
        // Words other than `moves` after the position: an error, the position set.
        let lines = session(b"position startpos e2e4\ngo depth 1\nquit\n");
        assert_eq!(lines[0], "info string error: position: expected moves, found e2e4");
        let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
        assert!(<Position>::default().play_uci(&best["bestmove ".len()..]).is_ok(), "{best}");
    }

    #[test]
    fn a_session_answers_in_order() {
        // `quit` stops the search at once: depth 1, which always completes, is all it prints.
        let input = "uci\nisready\nsetoption name Hash value 2\nsetoption name Bogus value 1\n\
                     position startpos moves e2e4 e7e5\ngo depth 1\nisready\nquit\n";
        let lines = session(input.as_bytes());
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert!(lines.contains(&"uciok"));
        assert!(lines.contains(&"info string error: unknown option: Bogus"));
        assert_eq!(lines.iter().filter(|l| **l == "readyok").count(), 2);
        let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
        let mut board: Position = Position::default();
        board.play_uci("e2e4").unwrap();
        board.play_uci("e7e5").unwrap();
        assert!(board.play_uci(&best["bestmove ".len()..]).is_ok(), "{best}");
        assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")));
    }
}
