//! The abstraction tax: the generic engine against hand-written tic-tac-toe searches over a
//! bitboard (two `u16` masks, wins by 8 line masks). A figure-printing benchmark
//! (`harness = false`).
//!
//! ```text
//! cargo bench --bench abstraction
//! cargo bench --bench abstraction -- --rounds 51 --solves 40
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/engine.out \
//!     target/release/deps/abstraction-* --only engine --iterations 100
//! sh benches/abstraction.sh        # instructions per solve and per node, both sides
//! ```
//!
//! Two pairs are compared:
//!
//! * `plain`: `Engine<Board, TicTacToeEval, 9, 9>` under `Config::plain_alpha_beta()` without
//!   iterative deepening, `Limits::depth(9).with_min_depth(9)`, against [`plain`]: fail-soft
//!   negamax alpha-beta, no table, no ordering, the free cells in ascending order (the order
//!   of `Board::generate_moves`), wins and losses `±(1_000_000 - ply)`, draws 0. Both visit
//!   the same tree: the bench asserts equal node counts (every node visited, the root and
//!   the terminal leaves included, as `SearchStats::nodes` counts) and equal root values on
//!   every position. From the empty board that tree has 20,866 nodes.
//! * `table`: the README's configuration (`Config::value_preserving()`, iterative deepening,
//!   a 4,096-slot `TranspositionTable` cleared and the history cleared before each solve, as
//!   in `benches/solvers.rs`) against [`with_table`]: the same negamax as `plain` with a
//!   4,096-slot direct-mapped table keyed by the two masks (cleared before each solve). The
//!   trees differ (the engine orders moves, uses PVS and deepens iteratively); the values
//!   must be equal.
//!
//! Between them, to show where the plain search's cost goes (equal trees, equal values):
//!
//! * `trait`: the plain baseline written by hand against the library's `Board` through the
//!   `Game` trait and `TicTacToeEval` ([`through_trait`]): the game model's cost;
//! * `trait-pv`: the same keeping the principal variation as the engine does
//!   ([`through_trait_pv`]): what a hand-written search returning what the engine returns costs.
//!
//! The engine without its principal variation (`Engine::search_without_pv`, the node loops
//! that keep no line): `plain-no-pv` against the `plain` baseline (the same tree, the same
//! node counts) and `table-no-pv` against the `table` baseline.
//!
//! And two engine configurations against the `table` baseline: `table-one-depth` (the README's
//! options without iterative deepening: one search at depth 9) and `table-bare` (one depth, the
//! table and PVS only).
//!
//! Clearing the tables is not timed (as in `benches/solvers.rs`); under callgrind it is
//! counted (the engine's clear is about 4 instructions per slot, see the profile).
//!
//! Each pair is timed on the empty board and on the 81 positions after one and two moves.
//! The timing interleaves the two sides, engine then baseline, for `--rounds` rounds of
//! `--solves` passes over the position set each, and prints each side's median µs per solve
//! and the median of the per-round time ratios (engine / baseline): the machine's speed
//! drifts, and a ratio of two neighbouring measurements drifts much less than either.
//!
//! Options (after `--`):
//!
//! | option | default | what |
//! |---|---|---|
//! | `--rounds N` | 31 | interleaved rounds per comparison |
//! | `--solves N` | 20 | passes over the position set per side and round (the 81 positions: a fifth of it, at least 1) |
//! | `--only engine\|baseline` | | only that side: `--iterations` passes, no checks, no timing (for callgrind) |
//! | `--iterations N` | 100 | passes of `--only` |
//! | `--config NAME` | plain | the pair `--only` runs: plain, plain-no-pv, trait, trait-pv, table, table-no-pv, table-one-depth, table-bare |
//! | `--set empty\|positions` | empty | the positions `--only` runs |
//! | `--prepare-only` | off | with `--only`: only the preparation (the table clears), no solve |

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, TtCutoffs};

const WIN: i32 = 1_000_000;
const INFINITY: i32 = i32::MAX;
const FULL: u16 = 0b111_111_111;
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const SLOTS: usize = 4096;

/// `--prepare-only`: `--only` runs the preparation (the table clears) and no solve, so that
/// the clears can be subtracted from the instruction counts.
static PREPARE_ONLY: AtomicBool = AtomicBool::new(false);

static TABLE: TranspositionTable<i32, SLOTS> = TranspositionTable::new();

type PlainEngine = Engine<Board, TicTacToeEval, 9, 9>;
type TableEngine = Engine<Board, TicTacToeEval, 9, 9, &'static TranspositionTable<i32, SLOTS>>;

/// A root position: the library's board, and the same as two masks for the baselines (the
/// side to move's marks, the other side's).
#[derive(Clone, Copy)]
struct Position {
    board: Board,
    me: u16,
    them: u16,
}

impl Position {
    fn new(board: Board) -> Self {
        let mask =
            |mark| (0..9).filter(|&c| board.cell(c) == Some(mark)).fold(0, |m, c| m | 1 << c);
        let side = board.side_to_move();
        let other = if side == Mark::X { Mark::O } else { Mark::X };
        Position { board, me: mask(side), them: mask(other) }
    }
}

/// The empty board alone, or every position after one and two moves (9 + 72).
fn position_set(set: &str) -> Vec<Position> {
    match set {
        "empty" => vec![Position::new(Board::new())],
        "positions" => {
            let mut out = Vec::new();
            let root = Board::new();
            let mut first = MoveList::<u8, 9>::new();
            root.generate_moves(&mut first);
            for &a in first.iter() {
                let mut one = root;
                one.make_move(a);
                out.push(Position::new(one));
            }
            for &a in first.iter() {
                let mut one = root;
                one.make_move(a);
                let mut second = MoveList::<u8, 9>::new();
                one.generate_moves(&mut second);
                for &b in second.iter() {
                    let mut two = one;
                    two.make_move(b);
                    out.push(Position::new(two));
                }
            }
            out
        }
        other => panic!("--set empty|positions, not {other}"),
    }
}

// Clippy's `manual_contains` misreads the closure (`marks & line == line` is no membership test).
#[allow(clippy::manual_contains)]
#[inline(always)]
fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&line| marks & line == line)
}

/// The plain baseline: fail-soft negamax alpha-beta from the side to move's point of view,
/// `me` to move, `them` just moved. Counts every node visited in `nodes`.
fn plain(me: u16, them: u16, ply: i32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    // Only the side that just moved can have a line.
    if has_line(them) {
        return -(WIN - ply);
    }
    let occupied = me | them;
    if occupied == FULL {
        return 0;
    }
    let mut best = -INFINITY;
    let mut free = FULL & !occupied;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free &= free - 1;
        let score = -plain(them, me | bit, ply + 1, -beta, -alpha, nodes);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The plain baseline written against the library's `Board` through the `Game` trait and its
/// evaluator, as a user would write it by hand: `generate_moves` into a `MoveList`,
/// `make_move`/`unmake_move` on one board, `is_terminal` and `TicTacToeEval`, the negamax sign
/// from `side_to_move`. No principal variation, no halt, no statistics. Between [`plain`] and
/// the engine: it shows what the game model costs through the trait.
fn through_trait(board: &mut Board, ply: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if board.is_terminal() {
        let ctx = EvalContext { ply, depth_left: 9 - ply };
        return TicTacToeEval.evaluate(board, board.side_to_move(), ctx);
    }
    let mut moves = MoveList::<u8, 9>::new();
    board.generate_moves(&mut moves);
    let side = board.side_to_move();
    let mut best = -INFINITY;
    for &mv in moves.iter() {
        board.make_move(mv);
        let score = if board.side_to_move() == side {
            through_trait(board, ply + 1, alpha, beta, nodes)
        } else {
            -through_trait(board, ply + 1, -beta, -alpha, nodes)
        };
        board.unmake_move(mv, ());
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// A triangular principal-variation table: `lines[ply]` is the line from `ply` on.
struct Lines([MoveList<u8, 9>; 10]);

/// [`through_trait`] plus the principal variation, kept as the engine keeps it: a move that
/// raises alpha becomes the head of its node's line, followed by its child's line, and a leaf
/// or an all node has an empty line.
fn through_trait_pv(
    board: &mut Board,
    lines: &mut Lines,
    ply: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let at = ply as usize;
    if board.is_terminal() {
        lines.0[at].clear();
        let ctx = EvalContext { ply, depth_left: 9 - ply };
        return TicTacToeEval.evaluate(board, board.side_to_move(), ctx);
    }
    let mut moves = MoveList::<u8, 9>::new();
    board.generate_moves(&mut moves);
    let side = board.side_to_move();
    let original_alpha = alpha;
    let mut best = -INFINITY;
    for &mv in moves.iter() {
        board.make_move(mv);
        let score = if board.side_to_move() == side {
            through_trait_pv(board, lines, ply + 1, alpha, beta, nodes)
        } else {
            -through_trait_pv(board, lines, ply + 1, -beta, -alpha, nodes)
        };
        board.unmake_move(mv, ());
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                let (parent, child) = lines.0.split_at_mut(at + 1);
                let line = &mut parent[at];
                line.clear();
                let _ = line.push(mv);
                for &m in child[0].iter() {
                    let _ = line.push(m);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    if best <= original_alpha {
        lines.0[at].clear();
    }
    best
}

/// One slot of the baseline's table: `tag` is 0 when empty, else `1 << 31 | bound << 18 |
/// key` (`key`: the 18 bits of the two masks); `value` is the fail-soft score.
#[derive(Clone, Copy, Default)]
struct Slot {
    tag: u32,
    value: i32,
}

const EXACT: u32 = 0;
const LOWER: u32 = 1;
const UPPER: u32 = 2;
const KEY_BITS: u32 = (1 << 18) - 1;

/// A direct-mapped table (one slot per index, always replaced). Values need no ply
/// adjustment: in tic-tac-toe a position's ply from the root is its number of marks less the
/// root's, the same on every path.
struct SmallTable {
    slots: Box<[Slot]>,
}

impl SmallTable {
    fn new() -> Self {
        SmallTable { slots: vec![Slot::default(); SLOTS].into_boxed_slice() }
    }

    fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    #[inline(always)]
    fn index(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }
}

/// The baseline with a table: [`plain`] plus a probe before the moves and a store after.
fn with_table(
    table: &mut SmallTable,
    me: u16,
    them: u16,
    ply: i32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if has_line(them) {
        return -(WIN - ply);
    }
    let occupied = me | them;
    if occupied == FULL {
        return 0;
    }
    let key = u32::from(me) | u32::from(them) << 9;
    let index = SmallTable::index(key);
    let slot = table.slots[index];
    if slot.tag != 0 && slot.tag & KEY_BITS == key {
        let value = slot.value;
        match (slot.tag >> 18) & 3 {
            EXACT => return value,
            LOWER if value >= beta => return value,
            UPPER if value <= alpha => return value,
            _ => {}
        }
    }
    let original_alpha = alpha;
    let mut best = -INFINITY;
    let mut free = FULL & !occupied;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free &= free - 1;
        let score = -with_table(table, them, me | bit, ply + 1, -beta, -alpha, nodes);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    let bound = if best >= beta {
        LOWER
    } else if best > original_alpha {
        EXACT
    } else {
        UPPER
    };
    table.slots[index] = Slot { tag: 1 << 31 | bound << 18 | key, value: best };
    best
}

/// One side of a comparison: `prepare` (not timed), then `solve` a position: (value, nodes).
trait Side {
    fn prepare(&mut self) {}
    fn solve(&mut self, position: &Position) -> (i32, u64);
}

/// The plain engine; `true`: with its principal variation (`search`), `false` without
/// (`search_without_pv`).
struct PlainEngineSide(PlainEngine, bool);

impl Side for PlainEngineSide {
    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let limits = Limits::depth(9).with_min_depth(9);
        let board = &mut p.board.clone();
        let result = if self.1 {
            self.0.search(board, &limits)
        } else {
            self.0.search_without_pv(board, &limits)
        };
        let result = result.unwrap();
        (result.score, result.nodes)
    }
}

/// The engine with a table; `true`: with its principal variation, `false` without.
struct TableEngineSide(TableEngine, bool);

impl Side for TableEngineSide {
    fn prepare(&mut self) {
        TABLE.clear();
        self.0.clear_history();
    }

    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let board = &mut p.board.clone();
        let result = if self.1 {
            self.0.search(board, &Limits::depth(9))
        } else {
            self.0.search_without_pv(board, &Limits::depth(9))
        };
        let result = result.unwrap();
        (result.score, result.nodes)
    }
}

/// The exact solver ([`Engine::solve`]: null-window tests, no depth) with the table.
struct SolveEngineSide(TableEngine);

impl Side for SolveEngineSide {
    fn prepare(&mut self) {
        TABLE.clear();
        self.0.clear_history();
    }

    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let board = &mut p.board.clone();
        let solution = self.0.solve(board, &Limits::depth(9)).unwrap();
        assert!(solution.exact);
        (solution.value, solution.nodes)
    }
}

struct PlainBaseline;

impl Side for PlainBaseline {
    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let mut nodes = 0;
        let (me, them) = (black_box(p.me), black_box(p.them));
        let value = plain(me, them, 0, -INFINITY, INFINITY, &mut nodes);
        (value, nodes)
    }
}

struct TraitBaseline;

impl Side for TraitBaseline {
    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let mut nodes = 0;
        let mut board = black_box(p.board);
        let value = through_trait(&mut board, 0, -INFINITY, INFINITY, &mut nodes);
        (value, nodes)
    }
}

struct TraitPvBaseline(Lines);

impl Side for TraitPvBaseline {
    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let mut nodes = 0;
        let mut board = black_box(p.board);
        let value = through_trait_pv(&mut board, &mut self.0, 0, -INFINITY, INFINITY, &mut nodes);
        black_box(&self.0 .0[0]);
        (value, nodes)
    }
}

struct TableBaseline(SmallTable);

impl Side for TableBaseline {
    fn prepare(&mut self) {
        self.0.clear();
    }

    fn solve(&mut self, p: &Position) -> (i32, u64) {
        let mut nodes = 0;
        let (me, them) = (black_box(p.me), black_box(p.them));
        let value = with_table(&mut self.0, me, them, 0, -INFINITY, INFINITY, &mut nodes);
        (value, nodes)
    }
}

fn engine_side(config: &str) -> Box<dyn Side> {
    match config {
        "plain" | "trait" | "trait-pv" | "plain-no-pv" => {
            let line = config != "plain-no-pv";
            let config = Config { iterative_deepening: false, ..Config::plain_alpha_beta() };
            Box::new(PlainEngineSide(PlainEngine::new(TicTacToeEval, config), line))
        }
        "table" | "table-one-depth" | "table-bare" | "table-no-pv" => {
            let line = config != "table-no-pv";
            let config = match config {
                // The README's configuration.
                "table" | "table-no-pv" => Config::value_preserving(),
                // Without iterative deepening: one search at depth 9.
                "table-one-depth" => {
                    Config { iterative_deepening: false, ..Config::value_preserving() }
                }
                // As near the baseline as the engine goes: one depth, the table and PVS (the
                // engine takes table cutoffs at non-PV nodes only, so it needs null windows)
                // and nothing else (no move ordering, no mate-distance pruning).
                _ => Config {
                    iterative_deepening: false,
                    tt_cutoffs: TtCutoffs::DeeperOrProven,
                    pvs: true,
                    ..Config::plain_alpha_beta()
                },
            };
            let engine: TableEngine = PlainEngine::new(TicTacToeEval, config).with_table(&TABLE);
            Box::new(TableEngineSide(engine, line))
        }
        // The exact solver with the README's configuration and the table.
        "table-solve" => {
            let engine: TableEngine =
                PlainEngine::new(TicTacToeEval, Config::value_preserving()).with_table(&TABLE);
            Box::new(SolveEngineSide(engine))
        }
        other => {
            panic!("--config plain|plain-no-pv|trait|trait-pv|table|table-no-pv|table-one-depth|table-bare|table-solve, not {other}")
        }
    }
}

fn baseline_side(config: &str) -> Box<dyn Side> {
    match config {
        // The exact solver is measured against the hand-written search without a table.
        "plain" | "plain-no-pv" | "table-solve" => Box::new(PlainBaseline),
        "trait" => Box::new(TraitBaseline),
        "trait-pv" => Box::new(TraitPvBaseline(Lines(core::array::from_fn(|_| MoveList::new())))),
        "table" | "table-one-depth" | "table-bare" | "table-no-pv" => {
            Box::new(TableBaseline(SmallTable::new()))
        }
        other => {
            panic!("--config plain|plain-no-pv|trait|trait-pv|table|table-no-pv|table-one-depth|table-bare|table-solve, not {other}")
        }
    }
}

/// `passes` passes over `positions`: the time of the solves alone, the value sum and nodes.
fn run(side: &mut dyn Side, positions: &[Position], passes: usize) -> (Duration, i64, u64) {
    let (mut time, mut values, mut nodes) = (Duration::ZERO, 0i64, 0u64);
    for _ in 0..passes {
        for p in positions {
            side.prepare();
            if PREPARE_ONLY.load(Ordering::Relaxed) {
                continue;
            }
            let start = Instant::now();
            let (value, n) = side.solve(black_box(p));
            time += start.elapsed();
            values += i64::from(value);
            nodes += n;
        }
    }
    (time, values, nodes)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Checks that both sides find the same value on every position (and, for `plain`, visit
/// the same number of nodes); prints the node counts. Returns the value of each position.
fn check(config: &str, set: &str, positions: &[Position]) -> Vec<i32> {
    let (mut engine, mut baseline) = (engine_side(config), baseline_side(config));
    let (mut engine_nodes, mut baseline_nodes) = (0, 0);
    let mut values = Vec::new();
    for p in positions {
        engine.prepare();
        let (ev, en) = engine.solve(p);
        baseline.prepare();
        let (bv, bn) = baseline.solve(p);
        assert_eq!(ev, bv, "{config}: values differ on\n{}", p.board);
        if !config.starts_with("table") {
            assert_eq!(en, bn, "{config}: node counts differ on\n{}", p.board);
        }
        engine_nodes += en;
        baseline_nodes += bn;
        values.push(ev);
    }
    let what = if config.starts_with("table") { "their own trees" } else { "equal" };
    println!(
        "  {config:5} {set:9} ({} positions): engine {engine_nodes} nodes, baseline {baseline_nodes} nodes ({what}); values equal",
        positions.len()
    );
    values
}

fn compare(config: &str, set: &str, positions: &[Position], rounds: usize, passes: usize) {
    let (mut engine, mut baseline) = (engine_side(config), baseline_side(config));
    let solves = (positions.len() * passes) as f64;
    let (mut ratios, mut engine_us, mut baseline_us) = (Vec::new(), Vec::new(), Vec::new());
    let (mut engine_nodes, mut baseline_nodes) = (0, 0);
    // One warm-up pass each, then A B A B.
    run(&mut *engine, positions, 1);
    run(&mut *baseline, positions, 1);
    for _ in 0..rounds {
        let (te, _, ne) = run(&mut *engine, positions, passes);
        let (tb, _, nb) = run(&mut *baseline, positions, passes);
        ratios.push(te.as_secs_f64() / tb.as_secs_f64());
        engine_us.push(te.as_secs_f64() * 1e6 / solves);
        baseline_us.push(tb.as_secs_f64() * 1e6 / solves);
        (engine_nodes, baseline_nodes) = (ne, nb);
    }
    let per_solve = |n: u64| n as f64 / solves;
    println!(
        "{config:5} | {set:9} | {:.0} | {:.2} | {:.0} | {:.2} | {:.2}x",
        per_solve(engine_nodes),
        median(&mut engine_us),
        per_solve(baseline_nodes),
        median(&mut baseline_us),
        median(&mut ratios),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args.get(i + 1).unwrap_or_else(|| panic!("{name} needs a value")).clone())
    };
    let number = |name: &str, default: usize| {
        option(name).map_or(default, |v| v.parse().expect("a number")).max(1)
    };
    let rounds = number("--rounds", 31);
    let solves = number("--solves", 20);

    if let Some(only) = option("--only") {
        let config = option("--config").unwrap_or_else(|| "plain".into());
        let set = option("--set").unwrap_or_else(|| "empty".into());
        let iterations = number("--iterations", 100);
        let positions = position_set(&set);
        PREPARE_ONLY.store(args.iter().any(|a| a == "--prepare-only"), Ordering::Relaxed);
        let mut side = match only.as_str() {
            "engine" => engine_side(&config),
            "baseline" => baseline_side(&config),
            other => panic!("--only engine|baseline, not {other}"),
        };
        let (_, values, nodes) = run(&mut *side, &positions, iterations);
        let solves = positions.len() * iterations;
        println!(
            "{only} {config} {set}: {iterations} iterations, {solves} solves, value sum {values}, nodes {nodes}"
        );
        println!("nodes_per_iteration {}", nodes / iterations as u64);
        return;
    }

    let empty = position_set("empty");
    let positions = position_set("positions");
    println!(
        "Abstraction tax on tic-tac-toe: the generic engine against hand-written bitboard searches"
    );
    println!("checks:");
    let empty_value = check("plain", "empty", &empty);
    assert_eq!(empty_value, [0]);
    let mut nodes = 0;
    plain(0, 0, 0, -INFINITY, INFINITY, &mut nodes);
    assert_eq!(nodes, 20_866, "the plain tree from the empty board");
    let plain_values = check("plain", "positions", &positions);
    assert_eq!(check("trait", "positions", &positions), plain_values);
    assert_eq!(check("trait-pv", "positions", &positions), plain_values);
    assert_eq!(check("plain-no-pv", "positions", &positions), plain_values);
    assert_eq!(check("table", "empty", &empty), empty_value);
    assert_eq!(check("table", "positions", &positions), plain_values);
    assert_eq!(check("table-one-depth", "positions", &positions), plain_values);
    assert_eq!(check("table-bare", "positions", &positions), plain_values);
    assert_eq!(check("table-no-pv", "positions", &positions), plain_values);
    assert_eq!(check("table-solve", "empty", &empty), empty_value);
    assert_eq!(check("table-solve", "positions", &positions), plain_values);

    let passes_81 = (solves / 5).max(1);
    println!(
        "\ntiming: {rounds} interleaved rounds (engine, baseline) of {solves} solves of the empty board, \
         or {passes_81} passes over the 81 positions; table clears not timed; medians"
    );
    println!("config | set | engine nodes/solve | engine µs/solve | baseline nodes/solve | baseline µs/solve | time ratio engine/baseline");
    for config in [
        "plain",
        "plain-no-pv",
        "trait",
        "trait-pv",
        "table",
        "table-no-pv",
        "table-one-depth",
        "table-solve",
    ] {
        compare(config, "empty", &empty, rounds, solves);
        compare(config, "positions", &positions, rounds, passes_81);
    }
}
