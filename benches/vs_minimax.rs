//! alphabeta against the `minimax` crate (0.6, `IterativeSearch`) on Connect Four: time to
//! depth and nodes, side by side. A figure-printing benchmark (`harness = false`), not
//! criterion.
//!
//! ```text
//! cargo bench --features std --bench vs_minimax
//! cargo bench --features std --bench vs_minimax -- --runs 3 --set L1 --tt-entries 1048576
//! ```
//!
//! Options (after `--`):
//!
//! | option | default | what |
//! |---|---|---|
//! | `--runs N` | 5 | empty-board runs per depth (the median is reported) |
//! | `--set L1\|L2` | L2 | the Pons test set the positions come from |
//! | `--positions N` | 50 | how many positions (0: the empty board only) |
//! | `--passes N` | 3 | passes over the positions per depth (the median total is reported) |
//! | `--select deepest\|spread` | deepest | which positions, see below |
//! | `--tt-entries N` | 65536 | table entries (a power of two); 65536 × 16 B is the minimax crate's default 1 MiB |
//! | `--min-depth D`, `--max-depth D` | 10, 14 | the fixed depths |
//! | `--strict` | off | alphabeta runs every iteration to the depth (no shared stop rule) |
//! | `--mm-countermoves` | off | adds a column: minimax with its countermove and history tables |
//! | `--wall` | off | times with the wall clock instead of the thread's CPU time |
//! | `--only NAME` | | runs one column only (`minimax`, `ab-exact`, `ab-lmr`, `mm-cm`), for profiling |
//!
//! # The positions
//!
//! The Pons "R1" sets hold positions whose game ends within 14 plies under perfect play, and
//! both engines stop iterative deepening at the first forced result (below). Lines taken at
//! random are therefore mostly solved by depth 6–8 (`--select spread` shows it: at depth 14,
//! 48 of 50 L2 positions stop early, at a mean depth of about 7), and "time to depth 14" would
//! measure the same shallow searches at every depth. `--select deepest` takes the first lines,
//! in file order, whose result is at least `--max-depth` plies away (a win or loss with the
//! 14th ply, or a draw): no forced result can show at the root before depth 14, so every depth
//! from 10 to 14 is searched in full, and at depth 14 both engines must find the exact result
//! (checked against Pons' score). L2 has 79 such lines (67 results at ply 14, 12 draws), L1
//! only 28, hence L2.
//!
//! # What is the same for both engines
//!
//! * The game: `alphabeta::games::connect4::Connect4` itself is the state of both. Our engine
//!   uses its own `Game` impl; the minimax crate gets a rules type (`MmConnect4`) that calls
//!   the same `play` / `can_play` / `is_won` / `moves_played`, generates the columns in the
//!   same centre-first order (`CENTRE_FIRST`) and copies the 24-byte position to make a move,
//!   exactly as `Connect4`'s `Game` impl does (`type Undo = Connect4`).
//! * The heuristic ([`open_windows_score`]): the number of four-cell windows still open for
//!   the side to move (no opposing stone) that hold at least one of its stones, minus the same
//!   for the opponent. Won games are mate scores: `i32::win_in(ply)` / `loss_in(ply)` for
//!   alphabeta, the minimax crate's own `Winner` convention (`±BEST_EVAL`, moved one step
//!   towards zero per ply on the way up) for it.
//! * The transposition table: the same number of entries, and the same bytes (16 per entry in
//!   both: alphabeta's `Slot32`, the minimax crate's `#[repr(align(16))] Entry<u8>`). Fresh
//!   (cleared) before every search, outside the timed section, for both.
//! * Iterative deepening 1, 2, … `d`, and the same stop rule: the minimax crate ends its
//!   iterative deepening as soon as the root value is a forced win or loss, so alphabeta is
//!   stopped after the same iteration (a stop flag raised in the per-iteration callback);
//!   `--strict` turns that off. Killers, history and the table start empty for every search.
//! * One thread each: `IterativeSearch` is the crate's single-threaded search (its rayon
//!   `ParallelSearch` is not used; without a time limit it starts no timer thread either).
//!
//! The `Connect4` fields are private; the heuristic needs the two bitboards, so it reads them
//! back from `Connect4::zobrist_key`, which is `current + mask` (Pons' key, unique per
//! position): per 7-bit column, `key + 1 = 2^height + current`. A self-check at start-up
//! compares that decoding with `Connect4::stone` on random games and stops the benchmark if
//! the key ever changes.

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::{Duration, Instant};

#[path = "common/pons_positions.rs"]
mod pons_positions;
use pons_positions::load_positions;

// ---------------------------------------------------------------------------------------------
// The clock
// ---------------------------------------------------------------------------------------------

/// Measure the thread's CPU time (default; the machine is shared, so wall time counts other
/// processes' time slices) or the wall clock (`--wall`).
static WALL_CLOCK: AtomicBool = AtomicBool::new(false);

/// A point in time on the chosen clock.
#[derive(Clone, Copy)]
struct Stamp(Duration);

impl Stamp {
    fn now() -> Self {
        if WALL_CLOCK.load(Ordering::Relaxed) {
            thread_local! { static ORIGIN: Instant = Instant::now(); }
            return Stamp(ORIGIN.with(|origin| origin.elapsed()));
        }
        Stamp(thread_cpu_time())
    }

    fn elapsed(self) -> Duration {
        Self::now().0.saturating_sub(self.0)
    }
}

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;

use alphabeta::games::connect4::{Connect4, CELLS, CENTRE_FIRST, HEIGHT, WIDTH};
use alphabeta::tt::{Slot, Slot32, Table, TableSlice, TranspositionTable};
use alphabeta::{Config, Engine, EvalContext, Game as _, Limits, Score};
use minimax::Strategy as _;

// ---------------------------------------------------------------------------------------------
// The shared heuristic
// ---------------------------------------------------------------------------------------------

/// Bit 0 of every column.
const BOTTOM: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < WIDTH {
        bits |= 1 << (col * (HEIGHT + 1));
        col += 1;
    }
    bits
};
/// The 42 cells of the board (no guard bits).
const CELLS_MASK: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The stones of the side to move and of the opponent, decoded from the key
/// `current + mask` (see the module documentation).
#[inline]
fn bitboards(position: &Connect4) -> (u64, u64) {
    let key = position.zobrist_key();
    let (mut current, mut mask) = (0u64, 0u64);
    for col in 0..WIDTH {
        let shift = col * (HEIGHT + 1);
        // key_col = current_col + (2^h - 1) with current_col < 2^h: +1 gives 2^h + current_col,
        // at most 127, so no carry crosses into the next column.
        let field = ((key >> shift) & 0x7F) + 1;
        let height = 63 - field.leading_zeros();
        current |= (field ^ (1 << height)) << shift;
        mask |= ((1u64 << height) - 1) << shift;
    }
    (current, mask ^ current)
}

/// Four-cell windows (all four directions) without a stone of `theirs` and with at least one
/// stone of `mine`.
#[inline]
fn open_windows(mine: u64, theirs: u64) -> i32 {
    let free = CELLS_MASK & !theirs;
    let mut count = 0;
    // Vertical, horizontal, the two diagonals. A window leaving the board meets a guard bit
    // or a bit above the last column, which `free` does not hold.
    for s in [1, HEIGHT + 1, HEIGHT, HEIGHT + 2] {
        let open = free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s));
        let touched = mine | (mine >> s) | (mine >> (2 * s)) | (mine >> (3 * s));
        count += (open & touched).count_ones();
    }
    count as i32
}

/// The heuristic of both engines, for the side to move of a position that is not over:
/// its open windows minus the opponent's. Always within ±69 (the board has 69 windows).
#[inline]
fn open_windows_score(position: &Connect4) -> i32 {
    let (mine, theirs) = bitboards(position);
    open_windows(mine, theirs) - open_windows(theirs, mine)
}

// ---------------------------------------------------------------------------------------------
// alphabeta's evaluator
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy)]
struct AbEval;

impl alphabeta::Evaluator<Connect4> for AbEval {
    type Score = i32;

    fn evaluate(&self, position: &Connect4, player: u8, ctx: EvalContext) -> i32 {
        if position.is_won() {
            // The player who moved last won.
            return if 1 - position.player_to_move() == player {
                i32::win_in(ctx.ply)
            } else {
                i32::loss_in(ctx.ply)
            };
        }
        if position.moves_played() == CELLS {
            return 0;
        }
        let score = open_windows_score(position);
        if player == position.player_to_move() {
            score
        } else {
            -score
        }
    }
}

/// The default table size: the minimax crate's default `table_byte_size` (1 MiB) over its
/// 16-byte entries.
const DEFAULT_ENTRIES: usize = 1 << 16;

/// alphabeta's table of the default size, as the README shows it: a `static`.
static TABLE: TranspositionTable<i32, DEFAULT_ENTRIES> = TranspositionTable::new();

/// alphabeta's table: the `static` one, or (for `--tt-entries` of another size) slots leaked on
/// the heap, seen through a `TableSlice` (the same probe and store code: `&TranspositionTable`
/// implements `Table` through `as_slice()`).
#[derive(Clone, Copy)]
enum AbTable {
    Static(&'static TranspositionTable<i32, DEFAULT_ENTRIES>),
    Slice(TableSlice<'static, i32>),
}

impl AbTable {
    fn new(entries: usize) -> Self {
        if entries == DEFAULT_ENTRIES {
            return AbTable::Static(&TABLE);
        }
        let slots: &'static [Slot32] =
            Box::leak((0..entries).map(|_| Slot32::EMPTY).collect::<Vec<_>>().into_boxed_slice());
        let generation: &'static AtomicU8 = Box::leak(Box::new(AtomicU8::new(0)));
        AbTable::Slice(TableSlice::new(slots, generation))
    }
}

// ---------------------------------------------------------------------------------------------
// The same game and evaluator for the minimax crate
// ---------------------------------------------------------------------------------------------

/// Connect Four's rules for the minimax crate, on `Connect4` itself.
struct MmConnect4;

impl minimax::Game for MmConnect4 {
    type S = Connect4;
    type M = u8;

    fn generate_moves(position: &Connect4, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(position) {
            return Some(winner);
        }
        for col in CENTRE_FIRST {
            if position.can_play(col) {
                moves.push(col);
            }
        }
        None
    }

    fn apply(position: &mut Connect4, col: u8) -> Option<Connect4> {
        // Copy-make, as alphabeta's `Connect4` does (`type Undo = Connect4`).
        let mut next = *position;
        next.play(col);
        Some(next)
    }

    fn get_winner(position: &Connect4) -> Option<minimax::Winner> {
        if position.is_won() {
            Some(minimax::Winner::PlayerJustMoved)
        } else if position.moves_played() == CELLS {
            Some(minimax::Winner::Draw)
        } else {
            None
        }
    }

    fn zobrist_hash(position: &Connect4) -> u64 {
        // The minimax crate indexes its table with the hash's low bits and checks the high 32;
        // the raw Pons key has structured low bits (column 0), so it is mixed first (MurmurHash3's
        // 64-bit finaliser, a bijection). alphabeta mixes the key itself (one multiply).
        let mut k = position.zobrist_key();
        k ^= k >> 33;
        k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
        k ^= k >> 33;
        k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        k ^ (k >> 33)
    }

    fn notation(_: &Connect4, col: u8) -> Option<String> {
        Some((col + 1).to_string())
    }

    fn table_index(col: u8) -> u16 {
        u16::from(col)
    }

    fn max_table_index() -> u16 {
        WIDTH as u16 - 1
    }
}

struct MmEval;

impl minimax::Evaluator for MmEval {
    type G = MmConnect4;

    fn evaluate(&self, position: &Connect4) -> minimax::Evaluation {
        // Called only on positions that are not over (the crate checks `get_winner` first).
        open_windows_score(position) as minimax::Evaluation
    }
}

// ---------------------------------------------------------------------------------------------
// Running one search
// ---------------------------------------------------------------------------------------------

/// A root value, comparable across the two engines' conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Win,
    Loss,
    Heuristic(i32),
}

#[derive(Clone, Copy, Debug)]
struct Run {
    time: Duration,
    nodes: u64,
    /// The deepest completed iteration.
    depth: u32,
    value: Value,
    best_move: Option<u8>,
    /// alphabeta's raw root score (the minimax crate does not report its mate distance).
    score: Option<i32>,
}

/// One iterative-deepening search to `depth` by the minimax crate, with a fresh table of
/// `entries` entries (16 bytes each).
fn run_minimax(position: &Connect4, depth: u32, entries: usize, options: MmOptions) -> Run {
    let mut opts = minimax::IterativeOptions::new().with_table_byte_size(entries * 16);
    if !options.null_window {
        opts = opts.with_null_window_search(false);
    }
    if options.countermoves {
        opts = opts.with_countermoves().with_countermove_history();
    }
    // Built (and its table allocated and zeroed) before the clock starts.
    let mut search = minimax::IterativeSearch::new(MmEval, opts);
    search.set_max_depth(depth as u8);
    let start = Stamp::now();
    let best_move = search.choose_move(black_box(position));
    let time = start.elapsed();
    // The crate reports its node count only inside this summary:
    // "Explored N nodes to depth D. ..." (N summed over the completed iterations).
    let stats = search.stats(&mut position.clone());
    let (nodes, reached) = parse_minimax_stats(&stats)
        .unwrap_or_else(|| panic!("unexpected minimax stats text: {stats:?}"));
    let root = search.root_value();
    let value = if root == minimax::BEST_EVAL {
        Value::Win
    } else if root == minimax::WORST_EVAL {
        Value::Loss
    } else {
        Value::Heuristic(i32::from(root))
    };
    Run { time, nodes, depth: reached, value, best_move, score: None }
}

fn parse_minimax_stats(stats: &str) -> Option<(u64, u32)> {
    let rest = &stats[stats.find("Explored ")? + "Explored ".len()..];
    let mut words = rest.split_whitespace();
    let nodes = words.next()?.parse().ok()?;
    // "nodes to depth D."
    let depth = words.nth(3)?.trim_end_matches('.').parse().ok()?;
    Some((nodes, depth))
}

#[derive(Clone, Copy)]
struct MmOptions {
    null_window: bool,
    countermoves: bool,
}

/// One iterative-deepening search to `depth` by alphabeta, on a freshly cleared table.
fn run_alphabeta(
    position: &Connect4,
    depth: u32,
    table: AbTable,
    config: Config,
    stop_at_mate: bool,
) -> Run {
    match table {
        AbTable::Static(table) => {
            table.clear();
            search_alphabeta(position, depth, table, config, stop_at_mate)
        }
        AbTable::Slice(table) => {
            table.clear();
            search_alphabeta(position, depth, table, config, stop_at_mate)
        }
    }
}

fn search_alphabeta<T: Table<i32>>(
    position: &Connect4,
    depth: u32,
    table: T,
    config: Config,
    stop_at_mate: bool,
) -> Run {
    // `Engine::new(eval, config).with_table(&table)`; 7 moves at most, 64 plies (the PV).
    let mut engine: Engine<Connect4, AbEval, 7, 64, T> =
        Engine::new(AbEval, config).with_table(table);
    let mut game = *position;
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth).with_stop(&stop);
    let start = Stamp::now();
    let result = engine
        .search_with_info(black_box(&mut game), &limits, |info| {
            // The minimax crate's rule: a forced result at the root ends iterative deepening.
            if stop_at_mate && info.score.mate_distance().is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        })
        .expect("alphabeta search failed");
    let time = start.elapsed();
    let value = match result.score.mate_distance() {
        Some(d) if d > 0 => Value::Win,
        Some(_) => Value::Loss,
        None => Value::Heuristic(result.score),
    };
    Run {
        time,
        nodes: result.nodes,
        depth: result.depth,
        value,
        best_move: result.best_move,
        score: Some(result.score),
    }
}

// ---------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------

struct Options {
    runs: usize,
    set: String,
    positions: usize,
    entries: usize,
    min_depth: u32,
    max_depth: u32,
    strict: bool,
    select: String,
    only: Option<String>,
    mm_countermoves: bool,
    position_passes: usize,
    wall: bool,
}

fn parse_options() -> Options {
    let mut options = Options {
        runs: 5,
        set: "L2".into(),
        positions: 50,
        entries: DEFAULT_ENTRIES,
        min_depth: 10,
        max_depth: 14,
        strict: false,
        select: "deepest".into(),
        only: None,
        mm_countermoves: false,
        position_passes: 3,
        wall: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().unwrap_or_else(|| panic!("{name} needs a value"));
        match arg.as_str() {
            "--runs" => options.runs = value("--runs").parse().expect("--runs N"),
            "--set" => options.set = value("--set"),
            "--positions" => {
                options.positions = value("--positions").parse().expect("--positions N")
            }
            "--tt-entries" => {
                options.entries = value("--tt-entries").parse().expect("--tt-entries N")
            }
            "--min-depth" => {
                options.min_depth = value("--min-depth").parse().expect("--min-depth D")
            }
            "--max-depth" => {
                options.max_depth = value("--max-depth").parse().expect("--max-depth D")
            }
            "--strict" => options.strict = true,
            "--select" => options.select = value("--select"),
            "--only" => options.only = Some(value("--only")),
            "--mm-countermoves" => options.mm_countermoves = true,
            "--wall" => options.wall = true,
            "--passes" => options.position_passes = value("--passes").parse().expect("--passes N"),
            // `cargo bench` passes `--bench`; filters and other flags are ignored.
            _ => {}
        }
    }
    assert!(options.entries.is_power_of_two(), "--tt-entries must be a power of two");
    assert!(
        options.runs > 0
            && options.position_passes > 0
            && options.min_depth >= 1
            && options.min_depth <= options.max_depth
    );
    options
}

/// Checks the bitboard decoding against `Connect4::stone` and the window count on the empty
/// and full boards, over pseudo-random games.
fn self_check() {
    assert_eq!(open_windows(CELLS_MASK, 0), 69, "the board has 69 windows");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        let mut position = Connect4::new();
        loop {
            let (mine, theirs) = bitboards(&position);
            for col in 0..WIDTH {
                for row in 0..HEIGHT {
                    let bit = 1u64 << (col * (HEIGHT + 1) + row);
                    let expected = position.stone(col, row).map(|p| p == position.player_to_move());
                    let got = match (mine & bit != 0, theirs & bit != 0) {
                        (true, false) => Some(true),
                        (false, true) => Some(false),
                        (false, false) => None,
                        (true, true) => panic!("a cell held by both sides"),
                    };
                    assert_eq!(
                        got, expected,
                        "Connect4::zobrist_key is no longer `current + mask`: \
                         update bitboards() in benches/vs_minimax.rs\n{position}"
                    );
                }
            }
            if position.is_won() || position.moves_played() == CELLS {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let playable: Vec<u8> = (0..WIDTH as u8).filter(|&c| position.can_play(c)).collect();
            position.play(playable[(seed % playable.len() as u64) as usize]);
        }
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1e3
}

/// The engines compared, in column order.
#[derive(Clone, Copy)]
enum Contender {
    Minimax(MmOptions),
    Alphabeta(Config),
}

struct Column {
    name: &'static str,
    contender: Contender,
}

fn columns(mm_countermoves: bool) -> Vec<Column> {
    let mut columns = vec![
        Column {
            name: "minimax",
            contender: Contender::Minimax(MmOptions { null_window: true, countermoves: false }),
        },
        // The value-preserving configuration: PVS, table, ordering, mate distance pruning; no
        // LMR (the minimax crate has none). The fair comparison.
        Column { name: "ab-exact", contender: Contender::Alphabeta(Config::value_preserving()) },
        // The defaults: also late move reductions (not value-preserving).
        Column { name: "ab-lmr", contender: Contender::Alphabeta(Config::new()) },
    ];
    if mm_countermoves {
        // The minimax crate's optional ordering aids (off by default): the countermove table
        // and the countermove history table.
        columns.push(Column {
            name: "mm-cm",
            contender: Contender::Minimax(MmOptions { null_window: true, countermoves: true }),
        });
    }
    columns
}

fn run(
    contender: Contender,
    position: &Connect4,
    depth: u32,
    entries: usize,
    table: AbTable,
    strict: bool,
) -> Run {
    match contender {
        Contender::Minimax(options) => run_minimax(position, depth, entries, options),
        Contender::Alphabeta(config) => run_alphabeta(position, depth, table, config, !strict),
    }
}

fn thread_count() -> Option<usize> {
    std::fs::read_dir("/proc/self/task").ok().map(|dir| dir.count())
}

fn main() {
    let options = parse_options();
    WALL_CLOCK.store(options.wall, Ordering::Relaxed);
    self_check();

    let table = AbTable::new(options.entries);
    let mut columns = columns(options.mm_countermoves);
    if let Some(only) = &options.only {
        // For profiling one engine: `--only ab-exact` (the ratio columns then compare it with
        // itself).
        columns.retain(|c| c.name == only);
        assert!(!columns.is_empty(), "--only {only}: no such column");
    }
    let depths: Vec<u32> = (options.min_depth..=options.max_depth).collect();
    let entries = options.entries;

    println!("# alphabeta vs minimax 0.6 (IterativeSearch), Connect Four");
    println!(
        "# cpus available: {}; both engines single-threaded",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!(
        "# table: {} entries each; alphabeta {} ({} B/slot = {:.2} MiB, +1 B generation), \
         minimax IterativeOptions::with_table_byte_size({}) (16 B/entry = {:.2} MiB)",
        entries,
        match table {
            AbTable::Static(_) => "static TranspositionTable<i32, 65536>",
            AbTable::Slice(_) => "TableSlice over leaked slots",
        },
        std::mem::size_of::<Slot32>(),
        (entries * std::mem::size_of::<Slot32>()) as f64 / (1 << 20) as f64,
        entries * 16,
        (entries * 16) as f64 / (1 << 20) as f64,
    );

    println!(
        "# times: {}",
        if options.wall {
            "wall clock"
        } else {
            "the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), since the machine is shared"
        }
    );
    println!(
        "# stop rule: {}",
        if options.strict {
            "minimax stops at a root win/loss (its only rule); alphabeta always runs to the depth"
        } else {
            "both stop iterative deepening after the first iteration whose root value is a \
             forced win/loss (minimax's rule)"
        }
    );
    println!("# columns: minimax = IterativeOptions::new() (TwoTier table, null window on)");
    println!("#          ab-exact = Config::value_preserving() (PVS, TT, ordering, MDP; no LMR)");
    println!("#          ab-lmr   = Config::new() (the defaults: also LMR)");
    if options.mm_countermoves {
        println!(
            "#          mm-cm    = minimax with .with_countermoves().with_countermove_history()"
        );
    }

    // Warm-up (caches, branch predictors, page faults of the tables).
    for column in &columns {
        black_box(run(column.contender, &Connect4::new(), 8, entries, table, options.strict));
    }

    // ---- The empty board ----
    println!();
    println!("## Empty board: median of {} runs per depth, fresh table every run", options.runs);
    print_header(&columns);
    for &depth in &depths {
        let mut cells = Vec::new();
        let mut minimax_nodes = Vec::new();
        let mut medians = Vec::new();
        let mut values = Vec::new();
        let mut mins = Vec::new();
        for column in &columns {
            let runs: Vec<Run> = (0..options.runs)
                .map(|_| {
                    run(column.contender, &Connect4::new(), depth, entries, table, options.strict)
                })
                .collect();
            let mut times: Vec<f64> = runs.iter().map(|r| ms(r.time)).collect();
            let mut nodes: Vec<f64> = runs.iter().map(|r| r.nodes as f64).collect();
            if let Contender::Minimax(_) = column.contender {
                minimax_nodes = runs.iter().map(|r| r.nodes).collect();
            }
            let (t, n) = (median(&mut times), median(&mut nodes));
            mins.push(times[0]);
            medians.push((t, n));
            values.push(runs[0].value);
            cells.push(format!("{t:>10.1} {n:>12.0}"));
        }
        print_row(depth, &cells, &medians);
        let (lo, hi) = (
            minimax_nodes.iter().min().copied().unwrap_or(0),
            minimax_nodes.iter().max().copied().unwrap_or(0),
        );
        let rates: Vec<String> = columns
            .iter()
            .zip(&medians)
            .zip(&mins)
            .map(|((c, (t, n)), min)| format!("{} {:.1} (min {min:.1} ms)", c.name, n / t / 1e3))
            .collect();
        println!(
            "      Mnodes/s: {}; root values {values:?}; minimax nodes over the runs {lo}..{hi}",
            rates.join(", ")
        );
    }

    // ---- Positions of a Pons test set ----
    let positions =
        load_positions(&options.set, options.positions, &options.select, options.max_depth);
    if positions.is_empty() {
        return;
    }
    let lines: Vec<String> = positions.iter().map(|p| p.line.to_string()).collect();
    let mut ends: Vec<u32> = positions.iter().map(|p| p.plies_to_end).collect();
    ends.sort_unstable();
    println!();
    println!(
        "## {} positions of Test_{}_R1 (--select {}): total over the positions; median of {} \
         passes over the set; fresh table per position",
        positions.len(),
        options.set,
        options.select,
        options.position_passes
    );
    println!("# lines: {}", lines.join(" "));
    println!(
        "# plies to the end of the game under perfect play: min {} median {} max {}; \
         draws {}",
        ends[0],
        ends[ends.len() / 2],
        ends[ends.len() - 1],
        positions.iter().filter(|p| p.score == 0).count()
    );
    print_header(&columns);
    let mut notes = Vec::new();
    for &depth in &depths {
        // Per pass and column: total time, total nodes, sum of the depths reached.
        let mut passes = Vec::new();
        let mut value_mismatches = 0;
        let mut move_mismatches = 0;
        let mut pons_mismatches = 0;
        let mut early = vec![0usize; columns.len()];
        let mut mates = vec![0usize; columns.len()];
        for pass in 0..options.position_passes {
            let mut totals = vec![(Duration::ZERO, 0u64, 0u32); columns.len()];
            for (index, test) in positions.iter().enumerate() {
                let mut results = vec![None; columns.len()];
                // Alternate the order so that no engine always runs first or last.
                let mut order: Vec<usize> = (0..columns.len()).collect();
                if index % 2 == 1 {
                    order.reverse();
                }
                for i in order {
                    let r = run(
                        columns[i].contender,
                        &test.position,
                        depth,
                        entries,
                        table,
                        options.strict,
                    );
                    totals[i].0 += r.time;
                    totals[i].1 += r.nodes;
                    totals[i].2 += r.depth;
                    results[i] = Some(r);
                }
                if pass > 0 {
                    continue;
                }
                let results: Vec<Run> = results.into_iter().map(Option::unwrap).collect();
                for (i, r) in results.iter().enumerate() {
                    early[i] += usize::from(r.depth < depth);
                    mates[i] += usize::from(!matches!(r.value, Value::Heuristic(_)));
                }
                // minimax vs ab-exact: both value-preserving searches of the same tree.
                if let [minimax, ab_exact, ..] = results.as_slice() {
                    value_mismatches += usize::from(minimax.value != ab_exact.value);
                    move_mismatches += usize::from(minimax.best_move != ab_exact.best_move);
                }
                // A forced result found by ab-exact must be Pons' exact score.
                let ab = results.iter().find(|r| r.score.is_some());
                if let Some(score) =
                    ab.and_then(|r| r.score).filter(|s| s.mate_distance().is_some())
                {
                    let found =
                        alphabeta::games::connect4::pons_score(score, test.position.moves_played());
                    pons_mismatches += usize::from(found != test.score);
                }
            }
            passes.push(totals);
        }
        let medians: Vec<(f64, f64)> = (0..columns.len())
            .map(|i| {
                let mut times: Vec<f64> = passes.iter().map(|p| ms(p[i].0)).collect();
                let mut nodes: Vec<f64> = passes.iter().map(|p| p[i].1 as f64).collect();
                (median(&mut times), median(&mut nodes))
            })
            .collect();
        let totals = &passes[0];
        let cells: Vec<String> =
            medians.iter().map(|(t, n)| format!("{t:>10.1} {n:>12.0}")).collect();
        print_row(depth, &cells, &medians);
        let detail: Vec<String> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                format!(
                    "{} {:.1} Mn/s, {} early, {} mates, mean depth {:.2}",
                    c.name,
                    medians[i].1 / medians[i].0 / 1e3,
                    early[i],
                    mates[i],
                    f64::from(totals[i].2) / positions.len() as f64
                )
            })
            .collect();
        println!("      {}", detail.join("; "));
        notes.push(format!(
            "depth {depth}: root value minimax != ab-exact in {value_mismatches}/{n} positions, \
             best move differs in {move_mismatches}/{n}; ab-exact mates != Pons score: \
             {pons_mismatches}",
            n = positions.len()
        ));
    }
    println!();
    for note in notes {
        println!("# {note}");
    }
    if let Some(threads) = thread_count() {
        println!("# threads in this process at the end: {threads}");
    }
}

fn print_header(columns: &[Column]) {
    let mut line = String::from("depth");
    for column in columns {
        line += &format!(" | {:>10} {:>12}", format!("{} ms", column.name), "nodes");
    }
    for column in &columns[1..] {
        line += &format!(" | {:>18}", format!("{} speedup", column.name));
    }
    for column in &columns[1..] {
        line += &format!(" | {:>18}", format!("nodes mm/{}", column.name));
    }
    println!("{line}");
}

fn print_row(depth: u32, cells: &[String], medians: &[(f64, f64)]) {
    let mut line = format!("{depth:>5}");
    for cell in cells {
        line += &format!(" | {cell}");
    }
    let (mm_t, mm_n) = medians[0];
    for &(t, _) in &medians[1..] {
        line += &format!(" | {:>17.2}x", mm_t / t);
    }
    for &(_, n) in &medians[1..] {
        line += &format!(" | {:>17.2}x", mm_n / n);
    }
    println!("{line}");
}
