//! Stress tests of the parallel search (`std`): root splitting with YBWC below split nodes
//! (and ABDADA and Lazy SMP on deeper searches and variants), compared with the sequential
//! engine on deeper searches, on a game whose side to move does not alternate, with
//! floating-point scores, under interruptions and errors, on reuse and with more threads than
//! cores.
//!
//! With `tie_break_seed`, the move chosen among equal root moves is the sequential search's:
//! the split root searches every move above the first one's score and replays the
//! sequential search's draws in search order (these tests found that it used to draw only
//! for ties with the final best score, which put the random stream out of step).

#![cfg(feature = "std")]

use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::ordering::{DefaultSorter, MoveSorter};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
use alphabeta::tt::{NoTable, Table, TranspositionTable};
use alphabeta::{
    Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, ParallelScheme, Score,
    SearchError, StdClock, TtCutoffs,
};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

/// The value-preserving configuration with equal-draft table cutoffs, root splitting.
fn base_config() -> Config {
    Config {
        tt_cutoffs: TtCutoffs::EqualDraft,
        parallel_scheme: ParallelScheme::RootSplit,
        ..Config::value_preserving()
    }
}

/// Random Connect Four positions (not terminal) after 4 to 27 random moves.
fn connect4_positions(count: usize, seed: u64) -> Vec<Connect4> {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Connect4::new();
        for _ in 0..4 + rng.next_u32() % 24 {
            if position.is_terminal() {
                break;
            }
            let mut moves = MoveList::<u8, 7>::new();
            position.generate_moves(&mut moves);
            position.make_move(moves.as_slice()[rng.next_u32() as usize % moves.len()]);
        }
        if !position.is_terminal() {
            out.push(position);
        }
    }
    out
}

/// Every reachable tic-tac-toe position that is not over.
fn tictactoe_positions() -> Vec<Board> {
    include_str!("data/tictactoe/positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| Board::parse(l.split_whitespace().next().unwrap()).unwrap())
        .filter(|b| !b.is_terminal())
        .collect()
}

/// What a search returns that must match: score, depth, and (when `moves`) move and line.
#[derive(Clone, Debug, PartialEq)]
struct Outcome<M, S> {
    score: S,
    depth: u32,
    exact: bool,
    best_move: Option<M>,
    pv: Vec<M>,
}

/// Whether two outcomes agree: the same score, move and line; the same depth, unless the
/// search that stopped first did so on a proven (exact) iteration. (Which iteration first
/// proves the value depends on which subtrees were searched: a parallel search cut short by
/// a helper's fail-high may skip a horizon the sequential search reached, or search one that
/// the sequential search pruned.)
fn agree<M: PartialEq, S: PartialEq>(a: &Outcome<M, S>, b: &Outcome<M, S>) -> bool {
    let depth_ok =
        a.depth == b.depth || (a.depth < b.depth && a.exact) || (b.depth < a.depth && b.exact);
    a.score == b.score && depth_ok && a.best_move == b.best_move && a.pv == b.pv
}

/// Compares a parallel engine with `threads` threads against the sequential engine on every
/// position and depth. `make` builds an engine (with its own table) for a configuration,
/// `clear` clears every table (before every search), `moves` also compares best moves and
/// lines (only meaningful where the search order is the game's: ordering off).
#[allow(clippy::too_many_arguments)]
fn compare<G, E, T, const M: usize, const P: usize>(
    label: &str,
    positions: &[G],
    depths: &[u32],
    config: Config,
    threads: &[u32],
    make: &dyn Fn(Config) -> Engine<G, E, M, P, T>,
    clear: &dyn Fn(),
    moves: bool,
) where
    G: Game + Clone + Send + Debug,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
    E::Score: Debug,
    T: Table<E::Score> + Send + Sync,
    DefaultSorter<G::Move, P>: MoveSorter<G> + Clone + Send,
{
    let outcome = |r: alphabeta::SearchResult<G::Move, E::Score, P>| Outcome {
        score: r.score,
        depth: r.depth,
        exact: r.exact,
        best_move: if moves { r.best_move } else { None },
        pv: if moves { r.pv.to_vec() } else { Vec::new() },
    };
    // Fresh sequential engine per position: no history carried from one to the next, so the
    // expected value never depends on the order of the positions.
    let mut expected = Vec::new();
    for position in positions {
        for &depth in depths {
            clear();
            let mut sequential = make(Config { threads: 1, ..config });
            let mut game = position.clone();
            let r = sequential.search(&mut game, &Limits::depth(depth)).unwrap();
            expected.push(outcome(r));
        }
    }
    for &n in threads {
        let mut index = 0;
        for position in positions {
            for &depth in depths {
                clear();
                let mut parallel =
                    ParallelEngine::new(make(Config { threads: n, ..config })).unwrap();
                parallel.set_min_split_nodes(0);
                let mut game = position.clone();
                let r = parallel.search(&mut game, &Limits::depth(depth)).unwrap();
                assert_eq!(
                    game.zobrist_key(),
                    position.zobrist_key(),
                    "{label}: game not restored"
                );
                assert_eq!(r.nodes, r.stats.nodes);
                let got = outcome(r);
                assert!(
                    agree(&got, &expected[index]),
                    "{label}: {n} threads, depth {depth}, position {position:?}\n\
                     parallel:   {got:?}\nsequential: {:?}",
                    expected[index]
                );
                index += 1;
            }
        }
    }
}

type C4Table = TranspositionTable<i32, 65_536>;
type TinyTable = TranspositionTable<i32, 64>;

fn leak<T: Default>() -> &'static T {
    Box::leak(Box::default())
}

// ---------------------------------------------------------------------------------------------
// A game whose side to move does not always alternate (some moves give an extra turn), with a
// pseudo-random tree. Optionally overflows a 5-move list in some deep positions.
// ---------------------------------------------------------------------------------------------

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turns {
    hash: u64,
    ply: u32,
    /// The player to move.
    side: bool,
    /// Plies after which the game ends.
    height: u32,
    /// Percent of moves that give the mover another turn.
    extra_percent: u64,
    /// Positions at this ply or deeper whose hash is a multiple of `overflow_mod` generate 6
    /// moves (0: never).
    overflow_from: u32,
    overflow_mod: u64,
}

impl Turns {
    fn new(seed: u64, height: u32, extra_percent: u64) -> Self {
        Self {
            hash: splitmix(seed),
            ply: 0,
            side: true,
            height,
            extra_percent,
            overflow_from: 0,
            overflow_mod: 0,
        }
    }

    fn overflowing(mut self, from: u32, modulus: u64) -> Self {
        self.overflow_from = from;
        self.overflow_mod = modulus;
        self
    }

    fn overflows(&self) -> bool {
        self.overflow_mod != 0
            && self.ply >= self.overflow_from
            && self.hash.is_multiple_of(self.overflow_mod)
    }
}

impl Game for Turns {
    type Move = u8;
    type Player = bool;
    type Undo = Self;

    fn side_to_move(&self) -> bool {
        self.side
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let count = if self.overflows() { 6 } else { 2 + (self.hash >> 7) % 4 };
        for mv in 0..count as u8 {
            let _ = moves.push(mv);
        }
    }

    fn make_move(&mut self, mv: u8) -> Self {
        let before = *self;
        self.hash = splitmix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        self.ply += 1;
        if (self.hash >> 40) % 100 >= self.extra_percent {
            self.side = !self.side;
        }
        before
    }

    fn unmake_move(&mut self, _: u8, undo: Self) {
        *self = undo;
    }

    fn is_terminal(&self) -> bool {
        self.ply >= self.height || (self.ply >= 3 && (self.hash >> 3).is_multiple_of(29))
    }

    fn zobrist_key(&self) -> u64 {
        self.hash ^ u64::from(self.side)
    }
}

/// Scores for `Turns`: a terminal position before the last ply is a win or loss of the side
/// to move (by the hash), anything else a hash-derived value in `-range..=range` for the first
/// player (`scale` divides it, for floating scores).
#[derive(Clone, Copy, Debug)]
struct TurnsEval<S> {
    range: u64,
    scale: S,
}

fn turns_value(game: &Turns, player: bool, ctx: EvalContext, range: u64) -> Result<i64, bool> {
    if game.is_terminal() && game.ply < game.height {
        match (game.hash >> 20) % 3 {
            0 => return Err(true),
            1 => return Err(false),
            _ => {}
        }
    }
    let _ = ctx;
    let raw = ((game.hash >> 11) % (2 * range + 1)) as i64 - range as i64;
    Ok(if player { raw } else { -raw })
}

impl Evaluator<Turns> for TurnsEval<i32> {
    type Score = i32;
    fn evaluate(&self, game: &Turns, player: bool, ctx: EvalContext) -> i32 {
        match turns_value(game, player, ctx, self.range) {
            Ok(v) => v as i32 * self.scale,
            Err(true) => i32::win_in(ctx.ply),
            Err(false) => i32::loss_in(ctx.ply),
        }
    }
}

impl Evaluator<Turns> for TurnsEval<f64> {
    type Score = f64;
    fn evaluate(&self, game: &Turns, player: bool, ctx: EvalContext) -> f64 {
        match turns_value(game, player, ctx, self.range) {
            Ok(v) => v as f64 / self.scale,
            Err(true) => f64::win_in(ctx.ply),
            Err(false) => f64::loss_in(ctx.ply),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Deeper value equality
// ---------------------------------------------------------------------------------------------

type C4<T> = Engine<Connect4, Connect4Heuristic, 7, 42, T>;

fn c4_with<T: Table<i32> + Send + Sync>(table: T) -> impl Fn(Config) -> C4<T> {
    move |config| C4::<NoTable>::new(Connect4Heuristic, config).with_table(table)
}

#[test]
fn connect_four_depths_10_to_12_match_the_sequential_values() {
    let positions = connect4_positions(30, 101);
    let table: &'static C4Table = leak();
    compare(
        "c4 base",
        &positions,
        &[10, 12],
        base_config(),
        &[2, 3, 4],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
    compare(
        "c4 base d11",
        &positions[..12],
        &[11],
        base_config(),
        &[2, 3, 4],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
}

#[test]
fn connect_four_option_variants_match_the_sequential_values() {
    let positions = connect4_positions(12, 202);
    let table: &'static C4Table = leak();
    let tiny: &'static TinyTable = leak();
    let variants = [
        ("seeded", Config { tie_break_seed: Some(0xDEAD_BEEF), ..base_config() }),
        ("no pvs", Config { pvs: false, ..base_config() }),
        ("no ordering", Config { ordering: false, ..base_config() }),
        ("no mdp", Config { mate_distance_pruning: false, ..base_config() }),
        ("poll 1", Config { poll_interval_nodes: 1, ..base_config() }),
        (
            "no pvs no ordering no mdp",
            Config { pvs: false, ordering: false, mate_distance_pruning: false, ..base_config() },
        ),
        ("tt never", Config { tt_cutoffs: TtCutoffs::Never, ..base_config() }),
    ];
    for (name, config) in variants {
        compare(
            name,
            &positions,
            &[10, 11],
            config,
            &[2, 3, 4],
            &c4_with(table),
            &|| table.clear(),
            false,
        );
        compare(
            &format!("{name}, tiny table"),
            &positions[..6],
            &[10],
            config,
            &[2, 4],
            &c4_with(tiny),
            &|| tiny.clear(),
            false,
        );
        compare(
            &format!("{name}, no table"),
            &positions[..6],
            &[9],
            config,
            &[2, 3],
            &c4_with(NoTable),
            &|| {},
            false,
        );
    }
}

/// With ordering off the search order is the game's, so the best move and the whole line must
/// be the sequential search's too ("among equal moves the first in search order").
#[test]
fn connect_four_without_ordering_gets_the_sequential_move_and_line() {
    let positions = connect4_positions(16, 303);
    let table: &'static C4Table = leak();
    for config in [
        Config { ordering: false, ..base_config() },
        Config { ordering: false, pvs: false, ..base_config() },
    ] {
        compare(
            "c4 unordered",
            &positions,
            &[9, 10],
            config,
            &[2, 3, 4],
            &c4_with(table),
            &|| table.clear(),
            true,
        );
    }
}

/// Eight threads on a two-core machine: no deadlock, the same values.
#[test]
fn eight_threads_oversubscribed_get_the_sequential_values() {
    let positions = connect4_positions(10, 404);
    let table: &'static C4Table = leak();
    let started = Instant::now();
    compare(
        "c4 8 threads",
        &positions,
        &[8, 10],
        base_config(),
        &[8],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
    compare(
        "c4 8 threads no table",
        &positions[..4],
        &[9],
        base_config(),
        &[8],
        &c4_with(NoTable),
        &|| {},
        false,
    );
    assert!(started.elapsed() < Duration::from_secs(120), "{:?}", started.elapsed());
}

type Ttt<T> = Engine<Board, TicTacToeEval, 9, 9, T>;

#[test]
fn every_tic_tac_toe_position_with_variants_and_three_threads() {
    let positions = tictactoe_positions();
    let table: &'static TranspositionTable<i32, 4096> = leak();
    let make = move |config| Ttt::<NoTable>::new(TicTacToeEval, config).with_table(table);
    for config in [
        base_config(),
        Config { pvs: false, mate_distance_pruning: false, ..base_config() },
        Config { tt_cutoffs: TtCutoffs::Never, ..base_config() },
    ] {
        compare("ttt", &positions, &[9], config, &[3], &make, &|| table.clear(), false);
    }
    // Ordering off: the move and line too.
    let config = Config { ordering: false, ..base_config() };
    compare("ttt unordered", &positions, &[9], config, &[2, 3], &make, &|| table.clear(), true);
}

/// Tie-breaking with a seed and ordering off: the seeded random choice is "made in search
/// order", as the sequential search makes it, so the chosen move must be the sequential one.
/// Tic-tac-toe has many equal moves.
#[test]
fn tic_tac_toe_seeded_tie_break_chooses_the_sequential_move() {
    let positions = tictactoe_positions();
    let table: &'static TranspositionTable<i32, 4096> = leak();
    let make = move |config| Ttt::<NoTable>::new(TicTacToeEval, config).with_table(table);
    let config = Config { ordering: false, tie_break_seed: Some(12_345), ..base_config() };
    compare("ttt seeded", &positions, &[9], config, &[2], &make, &|| table.clear(), true);
}

/// The tree files (floating-point scores), searched to their height, then random trees of
/// height 9 with fractional leaf values (deep enough for nested splits).
#[test]
fn tree_files_and_deep_random_float_trees_get_the_sequential_values() {
    let mut trees: Vec<&'static Tree> = Vec::new();
    for entry in
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trees")).unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tree") {
            let bytes = std::fs::read(&path).unwrap();
            trees.push(Box::leak(Box::new(Tree::parse_bytes(&bytes).unwrap())));
        }
    }
    assert_eq!(trees.len(), 16);
    let mut rng = XorShiftRng::seed_from_u64(9);
    for _ in 0..8 {
        trees.push(Box::leak(Box::new(Tree::parse(&random_tree(&mut rng, 9)).unwrap())));
    }
    let table: &'static TranspositionTable<f64, 8192> = leak();
    let tiny: &'static TranspositionTable<f64, 64> = leak();
    for (i, tree) in trees.iter().enumerate() {
        let positions = [TreeGame::new(tree)];
        let depths = [tree.height().max(1)];
        for (name, config) in [
            ("base", base_config()),
            ("seeded", Config { tie_break_seed: Some(3), ..base_config() }),
            ("no pvs", Config { pvs: false, ..base_config() }),
            ("no mdp", Config { mate_distance_pruning: false, ..base_config() }),
        ] {
            let make = move |config| {
                Engine::<TreeGame, TreeEvaluator, 64, 64>::new(TreeEvaluator, config)
                    .with_table(table)
            };
            compare(
                &format!("tree {i} {name}"),
                &positions,
                &depths,
                config,
                &[2, 3, 4],
                &make,
                &|| table.clear(),
                false,
            );
            let make = move |config| {
                Engine::<TreeGame, TreeEvaluator, 64, 64>::new(TreeEvaluator, config)
                    .with_table(tiny)
            };
            compare(
                &format!("tree {i} {name} tiny"),
                &positions,
                &depths,
                config,
                &[2, 3],
                &make,
                &|| tiny.clear(),
                false,
            );
            let make =
                move |config| Engine::<TreeGame, TreeEvaluator, 64, 64>::new(TreeEvaluator, config);
            let unordered = Config { ordering: false, ..config };
            compare(
                &format!("tree {i} {name} unordered"),
                &positions,
                &depths,
                unordered,
                &[2, 3],
                &make,
                &|| {},
                config.tie_break_seed.is_none(),
            );
        }
    }
}

/// A random tree in the tree-file format: `height` levels below the root, 2 to 4 children
/// per node, leaf values with two decimals (some repeated).
fn random_tree(rng: &mut XorShiftRng, height: u32) -> String {
    let mut text = String::from("ROOT n0\n");
    let mut values = String::from("VALUE\n");
    let mut next = 1;
    let mut level = vec![0usize];
    for depth in 0..height {
        let mut below = Vec::new();
        for &node in &level {
            let count = 2 + rng.next_u32() % 3;
            text.push_str(&format!("n{node}"));
            for _ in 0..count {
                text.push_str(&format!(" n{next}"));
                if depth + 1 == height {
                    let v = (rng.next_u32() % 801) as f64 / 4.0 - 100.0;
                    values.push_str(&format!("n{next} {v}\n"));
                } else {
                    below.push(next);
                }
                next += 1;
            }
            text.push('\n');
        }
        level = below;
    }
    text.push_str(&values);
    text.push_str("END\n");
    text
}

// ---------------------------------------------------------------------------------------------
// 2–3. Extra turns (the side to move does not alternate), integer and floating-point scores
// ---------------------------------------------------------------------------------------------

fn turns_positions(count: u64, height: u32, extra_percent: u64) -> Vec<Turns> {
    (0..count).map(|seed| Turns::new(seed, height, extra_percent)).collect()
}

/// The three sweeps of the extra-turn game for one configuration and evaluator: with a full
/// table (every position, depths 8 and 10, 2 to 4 threads), with a 64-slot table and without
/// a table with ordering off (the first `few` positions).
#[allow(clippy::too_many_arguments)]
fn sweep_turns<S, const N: usize>(
    label: &str,
    positions: &[Turns],
    few: usize,
    config: Config,
    eval: TurnsEval<S>,
    table: &'static TranspositionTable<S, N>,
    tiny: &'static TranspositionTable<S, 64>,
) where
    S: Score + Debug + Send + Sync + 'static,
    TurnsEval<S>: Evaluator<Turns, Score = S> + Copy + Send + Sync + 'static,
{
    let make =
        move |config| Engine::<Turns, TurnsEval<S>, 8, 32>::new(eval, config).with_table(table);
    compare(label, positions, &[8, 10], config, &[2, 3, 4], &make, &|| table.clear(), false);
    let make =
        move |config| Engine::<Turns, TurnsEval<S>, 8, 32>::new(eval, config).with_table(tiny);
    let tiny_label = format!("{label} tiny");
    compare(&tiny_label, &positions[..few], &[10], config, &[2, 3], &make, &|| tiny.clear(), false);
    let make = move |config| Engine::<Turns, TurnsEval<S>, 8, 32>::new(eval, config);
    let unordered = Config { ordering: false, ..config };
    compare(
        &format!("{label} unordered"),
        &positions[..few],
        &[9],
        unordered,
        &[2, 3],
        &make,
        &|| {},
        config.tie_break_seed.is_none(),
    );
}

#[test]
fn extra_turn_game_gets_the_sequential_values() {
    let table: &'static TranspositionTable<i32, 65_536> = leak();
    let tiny: &'static TinyTable = leak();
    for extra in [0, 30, 60] {
        let positions = turns_positions(20, 16, extra);
        for (name, config) in [
            ("base", base_config()),
            ("seeded", Config { tie_break_seed: Some(99), ..base_config() }),
            ("no pvs", Config { pvs: false, ..base_config() }),
            ("no mdp", Config { mate_distance_pruning: false, ..base_config() }),
        ] {
            for range in [3, 100] {
                let label = format!("turns {extra}% {name} range {range}");
                let eval = TurnsEval { range, scale: 1 };
                sweep_turns(&label, &positions, 8, config, eval, table, tiny);
            }
        }
    }
}

#[test]
fn extra_turn_game_with_floating_scores_gets_the_sequential_values() {
    let table: &'static TranspositionTable<f64, 65_536> = leak();
    let tiny: &'static TranspositionTable<f64, 64> = leak();
    for extra in [0, 40] {
        let positions = turns_positions(16, 16, extra);
        for (name, config) in [
            ("base", base_config()),
            ("seeded", Config { tie_break_seed: Some(5), ..base_config() }),
            ("no pvs", Config { pvs: false, ..base_config() }),
            ("epsilon 1e-9", Config { null_window_epsilon: 1e-9, ..base_config() }),
            ("epsilon 0.004", Config { null_window_epsilon: 0.004, ..base_config() }),
        ] {
            // Values with two decimals (range / 100), or small integers as floats (ties).
            for (range, scale) in [(5_000, 100.0), (3, 1.0)] {
                let label = format!("float turns {extra}% {name} range {range}");
                let eval = TurnsEval { range, scale };
                sweep_turns(&label, &positions, 6, config, eval, table, tiny);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Seeded tie-breaking at the root: the random choice must be the sequential one
// ---------------------------------------------------------------------------------------------

/// Minimal repro. Root (MAX) with four replies A, B, C, D worth 1, 1, 2, 2 at depth 2 (ordering
/// off, so the search order is A, B, C, D in both searches). The sequential search draws from
/// the tie-break generator at B (a tie with the best so far, 1) and again at D (a tie with the
/// new best, 2); the parallel split node draws only for the ties with the final best (D), so
/// from the second draw on it reads a different number and, for about half of the seeds,
/// keeps the other of C and D.
#[test]
fn seeded_tie_break_at_a_split_root_draws_as_the_sequential_search_does() {
    let text = "ROOT R\nR A B C D\nA a1 a2\nB b1 b2\nC c1 c2\nD d1 d2\nVALUE\n\
                a1 1\na2 5\nb1 1\nb2 6\nc1 2\nc2 7\nd1 2\nd2 8\nEND\n";
    let tree: &'static Tree = Box::leak(Box::new(Tree::parse(text).unwrap()));
    let mut differing = Vec::new();
    for seed in 0..16 {
        let config = Config { ordering: false, tie_break_seed: Some(seed), ..base_config() };
        let mut sequential = Engine::<TreeGame, TreeEvaluator, 8, 8>::new(TreeEvaluator, config);
        let expected = sequential.search(&mut TreeGame::new(tree), &Limits::depth(2)).unwrap();
        let engine = Engine::<TreeGame, TreeEvaluator, 8, 8>::new(
            TreeEvaluator,
            Config { threads: 2, ..config },
        );
        let mut parallel = ParallelEngine::new(engine).unwrap();
        parallel.set_min_split_nodes(0);
        let got = parallel.search(&mut TreeGame::new(tree), &Limits::depth(2)).unwrap();
        assert_eq!((got.score, expected.score), (2.0, 2.0));
        assert!(matches!(expected.best_move, Some(2 | 3)));
        if got.best_move != expected.best_move {
            differing.push((seed, got.best_move, expected.best_move));
        }
    }
    assert_eq!(differing, [], "(seed, parallel move, sequential move)");
}

#[test]
fn extra_turn_game_seeded_tie_break_chooses_the_sequential_move() {
    let positions = turns_positions(12, 16, 30);
    let eval = TurnsEval { range: 3, scale: 1 };
    let make = move |config| Engine::<Turns, TurnsEval<i32>, 8, 32>::new(eval, config);
    let config = Config { ordering: false, tie_break_seed: Some(99), ..base_config() };
    compare("turns seeded", &positions, &[8, 9], config, &[2, 3], &make, &|| {}, true);
}

// ---------------------------------------------------------------------------------------------
// 4. Interruptions mid-split: stop flag, time limit, min_depth
// ---------------------------------------------------------------------------------------------

/// The sequential value of `position` at every depth 1..=max (iterative deepening with a
/// cleared table: each iteration is the fixed-depth value under the value-preserving options).
fn c4_values_by_depth(position: &Connect4, max: u32) -> Vec<i32> {
    let table: &'static C4Table = leak();
    let mut sequential = c4_with(table)(Config { threads: 1, ..base_config() });
    let mut values = vec![0];
    let mut game = *position;
    let r = sequential
        .search_with_info(&mut game, &Limits::depth(max).with_min_depth(max), |info| {
            values.push(info.score)
        })
        .unwrap();
    assert_eq!(values.len() as u32 - 1, r.depth);
    values
}

/// Checks an interrupted parallel result against its iterations and the sequential values.
fn check_interrupted(
    label: &str,
    result: &alphabeta::SearchResult<u8, i32, 42>,
    iterations: &[(u32, i32)],
    values: &[i32],
) {
    // The callback saw depths 1, 2, …, result.depth, each with the sequential value.
    let depths: Vec<u32> = iterations.iter().map(|i| i.0).collect();
    assert_eq!(depths, (1..=result.depth).collect::<Vec<_>>(), "{label}");
    for &(depth, score) in iterations {
        assert_eq!(score, values[depth as usize], "{label}: iteration {depth}");
    }
    assert!(result.depth >= 1, "{label}");
    // The result is the last completed iteration, never a half-searched one.
    assert_eq!(result.score, values[result.depth as usize], "{label}: depth {}", result.depth);
    assert_eq!(result.score, iterations.last().unwrap().1, "{label}");
    assert_eq!(result.best_move, result.pv.first().copied(), "{label}");
    assert!(result.best_move.is_some(), "{label}");
}

#[test]
fn a_stop_raised_mid_split_returns_the_last_completed_iteration_promptly() {
    let positions = connect4_positions(6, 505);
    let values: Vec<Vec<i32>> = positions.iter().map(|p| c4_values_by_depth(p, 14)).collect();
    let table: &'static C4Table = leak();
    let mut worst = Duration::ZERO;
    for threads in [2, 3, 4, 8] {
        let config = Config { threads, poll_interval_nodes: 64, ..base_config() };
        let mut parallel = ParallelEngine::new(c4_with(table)(config)).unwrap();
        parallel.set_min_split_nodes(0);
        for round in 0..24u64 {
            let index = round as usize % positions.len();
            let position = positions[index];
            table.clear();
            let stop = AtomicBool::new(false);
            let delay = Duration::from_micros(500 + 1_700 * round);
            let mut iterations = Vec::new();
            let (result, late) = std::thread::scope(|scope| {
                let stopper = scope.spawn(|| {
                    std::thread::sleep(delay);
                    stop.store(true, Ordering::Relaxed);
                    Instant::now()
                });
                let mut game = position;
                let limits = Limits::depth(14).with_stop(&stop);
                let result = parallel
                    .search_with_info(&mut game, &limits, |i| iterations.push((i.depth, i.score)))
                    .unwrap();
                assert_eq!(game, position);
                let returned = Instant::now();
                let raised = stopper.join().unwrap();
                (result, returned.saturating_duration_since(raised))
            });
            worst = worst.max(late);
            let label = format!("{threads} threads, round {round}, position {index}");
            check_interrupted(&label, &result, &iterations, &values[index]);
            if result.depth < 14 && !result.exact {
                assert!(!result.completed, "{label}");
            }
            assert!(late < Duration::from_secs(2), "{label}: returned {late:?} after the stop");
        }
    }
    eprintln!("slowest return after a stop: {worst:?}");
}

#[test]
fn time_limits_mid_split_return_the_last_completed_iteration() {
    let positions = connect4_positions(4, 606);
    let values: Vec<Vec<i32>> = positions.iter().map(|p| c4_values_by_depth(p, 14)).collect();
    let table: &'static C4Table = leak();
    let clock = StdClock::new();
    for threads in [2, 4] {
        let config = Config { threads, ..base_config() };
        let mut parallel = ParallelEngine::new(c4_with(table)(config)).unwrap();
        parallel.set_min_split_nodes(0);
        for round in 0..20u64 {
            let index = round as usize % positions.len();
            table.clear();
            let limit = 1_000 + 2_500 * round;
            let mut iterations = Vec::new();
            let started = Instant::now();
            let mut game = positions[index];
            let result = parallel
                .search_with_info(
                    &mut game,
                    &Limits::depth(14).with_time_limit(&clock, limit),
                    |i| iterations.push((i.depth, i.score)),
                )
                .unwrap();
            let elapsed = started.elapsed();
            let label = format!("{threads} threads, limit {limit} us, position {index}");
            check_interrupted(&label, &result, &iterations, &values[index]);
            assert!(
                elapsed < Duration::from_micros(limit) + Duration::from_secs(2),
                "{label}: {elapsed:?}"
            );
        }
    }
}

/// A stop raised before the search starts: every iteration up to `min_depth` completes
/// (none beyond), with the sequential values.
#[test]
fn min_depth_completes_under_a_raised_stop_and_nothing_more() {
    let positions = connect4_positions(4, 707);
    let values: Vec<Vec<i32>> = positions.iter().map(|p| c4_values_by_depth(p, 11)).collect();
    let table: &'static C4Table = leak();
    let stop = AtomicBool::new(true);
    for threads in [2, 3] {
        let mut parallel =
            ParallelEngine::new(c4_with(table)(Config { threads, ..base_config() })).unwrap();
        parallel.set_min_split_nodes(0);
        for (index, position) in positions.iter().enumerate() {
            for min_depth in [1, 4, 7, 10, 11] {
                table.clear();
                let mut iterations = Vec::new();
                let limits = Limits::depth(11).with_min_depth(min_depth).with_stop(&stop);
                let result = parallel
                    .search_with_info(&mut position.clone(), &limits, |i| {
                        iterations.push((i.depth, i.score))
                    })
                    .unwrap();
                let label = format!("{threads} threads, min depth {min_depth}, position {index}");
                check_interrupted(&label, &result, &iterations, &values[index]);
                if !result.exact {
                    assert_eq!(result.depth, min_depth, "{label}");
                    assert_eq!(result.completed, min_depth == 11, "{label}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 4b. Errors mid-split
// ---------------------------------------------------------------------------------------------

type Overflowing = Engine<Turns, TurnsEval<i32>, 5, 32>;

/// Every position from ply 6 on has 6 moves, one more than the list holds: an iteration of
/// depth 7 generates moves at ply 6 on whichever thread gets there first. Both searches fail
/// with the same error; the game is restored; nothing hangs.
#[test]
fn a_move_list_overflow_deep_in_a_split_is_an_error_every_time() {
    let eval = TurnsEval { range: 100, scale: 1 };
    let table: &'static TranspositionTable<i32, 4096> = leak();
    let expected = SearchError::MoveListOverflow { capacity: 5, ply: 6 };
    for threads in [2, 3, 4, 8] {
        let config = Config { threads, ..base_config() };
        let mut parallel =
            ParallelEngine::new(Overflowing::new(eval, config).with_table(table)).unwrap();
        parallel.set_min_split_nodes(0);
        let started = Instant::now();
        let mut checked = 0;
        for round in 0..150u64 {
            let position = Turns::new(round, 20, 25).overflowing(6, 1);
            let mut sequential = Overflowing::new(eval, base_config());
            let depth = 7 + (round % 6) as u32;
            let limits = Limits::depth(depth);
            if sequential.search(&mut position.clone(), &limits) != Err(expected) {
                // Proven before ply 6 without generating moves there (a forced result).
                continue;
            }
            checked += 1;
            let mut game = position;
            assert_eq!(parallel.search(&mut game, &limits), Err(expected), "{threads} {round}");
            assert_eq!(game, position);
            // The same engine still searches correctly below the overflowing ply.
            let ok = parallel.search(&mut game, &Limits::depth(6)).unwrap();
            let reference = sequential.search(&mut position.clone(), &Limits::depth(6)).unwrap();
            assert_eq!(ok.score, reference.score, "{threads} threads, round {round}");
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{:?}", started.elapsed());
        assert!(checked >= 100, "{checked}");
    }
}

/// Overflows in rare deep positions: whichever the threads reach, the search either succeeds
/// with the sequential value or reports an overflow at one of the overflowing plies; never a
/// panic or a hang. (Parallel and sequential searches may visit different positions, so
/// they need not fail on the same calls.)
#[test]
fn rare_move_list_overflows_never_panic_or_hang() {
    let eval = TurnsEval { range: 100, scale: 1 };
    let mut mismatches = 0;
    let mut failures = 0;
    for threads in [2, 4] {
        let config = Config { threads, ..base_config() };
        let mut parallel = ParallelEngine::new(Overflowing::new(eval, config)).unwrap();
        parallel.set_min_split_nodes(0);
        for round in 0..200u64 {
            let position = Turns::new(1_000 + round, 20, 25).overflowing(5, 5);
            let limits = Limits::depth(9);
            let reference =
                Overflowing::new(eval, base_config()).search(&mut position.clone(), &limits);
            let mut game = position;
            let started = Instant::now();
            let got = parallel.search(&mut game, &limits);
            assert!(started.elapsed() < Duration::from_secs(5));
            assert_eq!(game, position);
            match (&got, &reference) {
                (Ok(g), Ok(r)) => assert_eq!(g.score, r.score, "{threads} threads, round {round}"),
                (Err(SearchError::MoveListOverflow { capacity: 5, ply }), _) => {
                    assert!((5..9).contains(ply), "ply {ply}");
                    failures += 1;
                    mismatches += usize::from(reference.is_ok());
                }
                (Ok(_), Err(_)) => mismatches += 1,
                (Err(e), _) => panic!("unexpected error {e:?}"),
            }
        }
    }
    eprintln!("{failures} overflows, {mismatches} calls where only one of the searches failed");
    assert!(failures > 0);
}

/// A NaN from the evaluator deep in a split.
#[derive(Clone, Copy, Debug)]
struct NanDeep;

impl Evaluator<Turns> for NanDeep {
    type Score = f64;
    fn evaluate(&self, game: &Turns, player: bool, ctx: EvalContext) -> f64 {
        if game.ply >= 6 && game.hash.is_multiple_of(7) {
            return f64::NAN;
        }
        TurnsEval { range: 100, scale: 1.0 }.evaluate(game, player, ctx)
    }
}

#[test]
fn a_nan_score_deep_in_a_split_is_an_error_never_a_panic() {
    let mut errors = 0;
    for threads in [2, 3] {
        let config = Config { threads, ..base_config() };
        let mut parallel =
            ParallelEngine::new(Engine::<Turns, NanDeep, 8, 32>::new(NanDeep, config)).unwrap();
        parallel.set_min_split_nodes(0);
        for round in 0..100u64 {
            let position = Turns::new(50_000 + round, 20, 20);
            let mut game = position;
            match parallel.search(&mut game, &Limits::depth(9)) {
                Ok(r) => {
                    // No NaN on the way: the sequential value.
                    let mut sequential =
                        Engine::<Turns, NanDeep, 8, 32>::new(NanDeep, base_config());
                    let s = sequential.search(&mut position.clone(), &Limits::depth(9));
                    if let Ok(s) = s {
                        assert_eq!(r.score, s.score);
                    }
                }
                Err(SearchError::NanScore { ply }) => {
                    assert!((6..=9).contains(&ply), "ply {ply}");
                    errors += 1;
                }
                Err(e) => panic!("unexpected error {e:?}"),
            }
            assert_eq!(game, position);
        }
    }
    assert!(errors > 0);
}

// ---------------------------------------------------------------------------------------------
// 5. Reuse
// ---------------------------------------------------------------------------------------------

/// One parallel engine (and one table, never cleared) for hundreds of searches in a row,
/// alternating positions and depths, some interrupted by a stop after a fraction of a
/// millisecond: every completed search gets the sequential value; the drop returns.
#[test]
fn one_engine_for_hundreds_of_searches_then_dropped() {
    let positions = connect4_positions(24, 808);
    let table: &'static C4Table = leak();
    let config = Config { threads: 3, poll_interval_nodes: 32, ..base_config() };
    let mut parallel = ParallelEngine::new(c4_with(table)(config)).unwrap();
    parallel.set_min_split_nodes(0);
    let mut expected = std::collections::HashMap::new();
    let reference_table: &'static C4Table = leak();
    for round in 0..400usize {
        let index = (round * 7) % positions.len();
        let depth = 1 + (round * 5 % 9) as u32;
        let position = positions[index];
        if round % 5 == 4 {
            // An interrupted search in between: it must leave nothing behind.
            let stop = AtomicBool::new(false);
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_micros(300));
                    stop.store(true, Ordering::Relaxed);
                });
                let r = parallel.search(&mut position.clone(), &Limits::depth(12).with_stop(&stop));
                assert!(r.unwrap().depth >= 1);
            });
            continue;
        }
        let value = *expected.entry((index, depth)).or_insert_with(|| {
            reference_table.clear();
            let mut sequential = c4_with(reference_table)(Config { threads: 1, ..base_config() });
            sequential.search(&mut position.clone(), &Limits::depth(depth)).unwrap().score
        });
        let mut game = position;
        let r = parallel.search(&mut game, &Limits::depth(depth)).unwrap();
        assert_eq!(game, position);
        assert_eq!(r.score, value, "round {round}: position {index}, depth {depth}");
        if round % 50 == 0 {
            parallel.clear_history();
        }
    }
    let started = Instant::now();
    drop(parallel);
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// Many engines built, used and dropped in a row (pools started and joined each time).
#[test]
fn engines_built_and_dropped_in_a_row() {
    let position = connect4_positions(1, 909)[0];
    let expected = c4_values_by_depth(&position, 8)[8];
    for round in 0..60u32 {
        let threads = 2 + round % 7;
        let mut parallel =
            ParallelEngine::new(c4_with(NoTable)(Config { threads, ..base_config() })).unwrap();
        parallel.set_min_split_nodes(0);
        let r = parallel.search(&mut position.clone(), &Limits::depth(8)).unwrap();
        assert_eq!(r.score, expected, "{threads} threads");
    }
}

/// The default cutoffs (deeper or proven entries) with the value-preserving options: the
/// module documentation says root splitting returns the sequential values "with the default
/// table cutoffs too".
#[test]
fn default_table_cutoffs_get_the_sequential_values_as_documented() {
    let positions = connect4_positions(30, 1_010);
    let table: &'static C4Table = leak();
    let config = Config::value_preserving();
    compare(
        "deeper-or-proven",
        &positions,
        &[9, 11],
        config,
        &[2, 3],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
}

/// Lazy SMP too, with 3 and 8 threads (equal-draft cutoffs).
#[test]
fn lazy_smp_deeper_searches_get_the_sequential_values() {
    let positions = connect4_positions(8, 1_111);
    let table: &'static C4Table = leak();
    let config = Config { parallel_scheme: ParallelScheme::LazySmp, ..base_config() };
    compare(
        "lazy smp",
        &positions,
        &[10],
        config,
        &[3, 8],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
}

#[test]
fn abdada_deeper_searches_and_variants_get_the_sequential_values() {
    let positions = connect4_positions(10, 2_222);
    let table: &'static C4Table = leak();
    let tiny: &'static TinyTable = leak();
    let abdada = |config| Config { parallel_scheme: ParallelScheme::Abdada, ..config };
    for (label, config) in [
        ("abdada", base_config()),
        ("abdada seeded", Config { tie_break_seed: Some(7), ..base_config() }),
        ("abdada no pvs", Config { pvs: false, ..base_config() }),
        ("abdada no ordering", Config { ordering: false, ..base_config() }),
        ("abdada poll 1", Config { poll_interval_nodes: 1, ..base_config() }),
    ] {
        let (config, make) = (abdada(config), c4_with(table));
        compare(label, &positions, &[10, 11], config, &[2, 3, 8], &make, &|| table.clear(), false);
    }
    // A table of 64 slots: entries overwritten all the time, marks of moves still searched.
    let config = abdada(base_config());
    compare(
        "abdada tiny",
        &positions,
        &[9],
        config,
        &[2, 4],
        &c4_with(tiny),
        &|| tiny.clear(),
        false,
    );
    // The extra-turn game with floating scores: the side to move does not alternate.
    let floats: &'static TranspositionTable<f64, 65_536> = leak();
    let make = move |config| {
        Engine::<Turns, TurnsEval<f64>, 8, 32>::new(TurnsEval { range: 100, scale: 0.5 }, config)
            .with_table(floats)
    };
    let positions = turns_positions(16, 16, 40);
    compare(
        "abdada turns",
        &positions,
        &[8, 10],
        config,
        &[2, 3],
        &make,
        &|| floats.clear(),
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// More corners: min_plies_to_win/loss > 1 (mate distance pruning skipped at split nodes),
// depth equal to the ply capacity, no iterative deepening, a panicking game, LMR on
// ---------------------------------------------------------------------------------------------

/// The Connect Four solver game (min_plies_to_win 3, min_plies_to_loss 4: mate distance
/// pruning narrows windows that split nodes leave as they are) on endgames from Pons' L3 set,
/// searched to the end.
#[test]
fn connect_four_solver_endgames_get_the_sequential_values() {
    use alphabeta::games::connect4::{Connect4Solver, SolverEval};
    let positions: Vec<Connect4Solver> = include_str!("data/connect4/Test_L3_R1")
        .lines()
        .take(40)
        .map(|l| {
            Connect4Solver::new(Connect4::from_moves(l.split_whitespace().next().unwrap()).unwrap())
        })
        .collect();
    let table: &'static C4Table = leak();
    let make = move |config| {
        Engine::<Connect4Solver, SolverEval, 7, 42>::new(SolverEval, config).with_table(table)
    };
    for config in [base_config(), Config { ordering: false, ..base_config() }] {
        compare(
            "solver",
            &positions,
            &[10, 14],
            config,
            &[2, 3],
            &make,
            &|| table.clear(),
            !config.ordering,
        );
    }
}

/// Searches exactly as deep as the engine's ply capacity (the last split nodes sit next to
/// the end of the principal-variation tables).
#[test]
fn depth_equal_to_the_ply_capacity() {
    let positions = connect4_positions(12, 1_212);
    let table: &'static C4Table = leak();
    let make10 = move |config| {
        Engine::<Connect4, Connect4Heuristic, 7, 10>::new(Connect4Heuristic, config)
            .with_table(table)
    };
    compare("cap 10", &positions, &[10], base_config(), &[2, 3], &make10, &|| table.clear(), false);
    let make10 =
        move |config| Engine::<Connect4, Connect4Heuristic, 7, 10>::new(Connect4Heuristic, config);
    let unordered = Config { ordering: false, ..base_config() };
    compare("cap 10 unordered", &positions[..4], &[10], unordered, &[2, 3], &make10, &|| {}, true);
    let eval = TurnsEval { range: 50, scale: 1 };
    let make = move |config| Engine::<Turns, TurnsEval<i32>, 8, 9>::new(eval, config);
    compare(
        "turns cap 9",
        &turns_positions(12, 30, 40),
        &[9],
        unordered,
        &[2, 3],
        &make,
        &|| {},
        true,
    );
}

#[test]
fn without_iterative_deepening() {
    let positions = connect4_positions(10, 1_313);
    let table: &'static C4Table = leak();
    let config = Config { iterative_deepening: false, ..base_config() };
    compare(
        "no id",
        &positions,
        &[9, 11],
        config,
        &[2, 4],
        &c4_with(table),
        &|| table.clear(),
        false,
    );
    let config = Config { ordering: false, ..config };
    compare(
        "no id unordered",
        &positions[..4],
        &[9],
        config,
        &[2],
        &c4_with(table),
        &|| table.clear(),
        true,
    );
}

static PANIC_ARMED: AtomicBool = AtomicBool::new(false);

/// A game that panics in `make_move` at one deep position while armed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Panicky(Turns);

impl Game for Panicky {
    type Move = u8;
    type Player = bool;
    type Undo = Turns;
    fn side_to_move(&self) -> bool {
        self.0.side_to_move()
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        self.0.generate_moves(moves);
    }
    fn make_move(&mut self, mv: u8) -> Turns {
        if PANIC_ARMED.load(Ordering::Relaxed) && self.0.ply >= 6 && self.0.hash.is_multiple_of(5) {
            panic!("armed");
        }
        self.0.make_move(mv)
    }
    fn unmake_move(&mut self, mv: u8, undo: Turns) {
        self.0.unmake_move(mv, undo);
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn zobrist_key(&self) -> u64 {
        self.0.zobrist_key()
    }
}

#[derive(Clone, Copy, Debug)]
struct PanickyEval;

impl Evaluator<Panicky> for PanickyEval {
    type Score = i32;
    fn evaluate(&self, game: &Panicky, player: bool, ctx: EvalContext) -> i32 {
        TurnsEval { range: 100, scale: 1 }.evaluate(&game.0, player, ctx)
    }
}

/// A panic on any thread reaches the caller; the engine is usable afterwards (poisoned
/// helpers included) and gets the sequential values.
#[test]
fn a_panic_in_a_split_reaches_the_caller_and_the_engine_still_works() {
    let table: &'static TranspositionTable<i32, 4096> = leak();
    let config = Config { threads: 3, ..base_config() };
    let mut parallel = ParallelEngine::new(
        Engine::<Panicky, PanickyEval, 8, 32>::new(PanickyEval, config).with_table(table),
    )
    .unwrap();
    parallel.set_min_split_nodes(0);
    let mut panics = 0;
    for round in 0..40u64 {
        let position = Panicky(Turns::new(70_000 + round, 20, 20));
        PANIC_ARMED.store(true, Ordering::Relaxed);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            parallel.search(&mut position.clone(), &Limits::depth(9))
        }));
        PANIC_ARMED.store(false, Ordering::Relaxed);
        panics += usize::from(outcome.is_err());
        table.clear();
        let mut sequential = Engine::<Panicky, PanickyEval, 8, 32>::new(PanickyEval, base_config());
        let expected = sequential.search(&mut position.clone(), &Limits::depth(9)).unwrap();
        table.clear();
        let mut game = position;
        let got = parallel.search(&mut game, &Limits::depth(9)).unwrap();
        assert_eq!(got.score, expected.score, "round {round}");
        assert_eq!(game, position);
    }
    assert!(panics > 20, "{panics}");
}

/// The default configuration (LMR on: values may differ from the sequential search's) under
/// debug assertions: no empty window, a legal line, and the value of the line's leaf.
#[test]
fn late_move_reductions_on_smoke() {
    let positions = connect4_positions(16, 1_414);
    let table: &'static C4Table = leak();
    for threads in [2, 3, 4] {
        let mut parallel =
            ParallelEngine::new(c4_with(table)(Config { threads, ..Config::new() })).unwrap();
        parallel.set_min_split_nodes(0);
        for position in &positions {
            table.clear();
            let r = parallel.search(&mut position.clone(), &Limits::depth(12)).unwrap();
            assert!(r.depth == 12 || r.exact);
            let mut game = *position;
            for &mv in &r.pv {
                let mut moves = MoveList::<u8, 7>::new();
                game.generate_moves(&mut moves);
                assert!(moves.as_slice().contains(&mv));
                game.make_move(mv);
            }
            assert_eq!(r.best_move, r.pv.first().copied());
        }
    }
    let eval = TurnsEval { range: 5_000, scale: 100.0 };
    for threads in [2, 4] {
        let config = Config { threads, null_window_epsilon: 1e-3, ..Config::new() };
        let mut parallel =
            ParallelEngine::new(Engine::<Turns, TurnsEval<f64>, 8, 32>::new(eval, config)).unwrap();
        parallel.set_min_split_nodes(0);
        for position in turns_positions(30, 18, 35) {
            let r = parallel.search(&mut position.clone(), &Limits::depth(12)).unwrap();
            assert!(r.score.is_finite());
        }
    }
}

/// An error in a `min_depth` iteration (where threads are not interruptible, so the others
/// finish the move they are on): still an error, in bounded time.
#[test]
fn an_overflow_inside_a_min_depth_iteration_is_an_error_in_bounded_time() {
    let eval = TurnsEval { range: 100, scale: 1 };
    let mut failures = 0;
    let mut slowest = Duration::ZERO;
    for threads in [2, 4] {
        let config = Config { threads, ..base_config() };
        let mut parallel = ParallelEngine::new(Overflowing::new(eval, config)).unwrap();
        parallel.set_min_split_nodes(0);
        for round in 0..60u64 {
            let position = Turns::new(3_000 + round, 24, 25).overflowing(8, 41);
            let limits = Limits::depth(12).with_min_depth(12);
            let started = Instant::now();
            let got = parallel.search(&mut position.clone(), &limits);
            slowest = slowest.max(started.elapsed());
            match got {
                Ok(r) => assert!(r.depth == 12 || r.exact, "{r:?}"),
                Err(SearchError::MoveListOverflow { capacity: 5, ply }) => {
                    assert!((8..12).contains(&ply));
                    failures += 1;
                }
                Err(e) => panic!("{e:?}"),
            }
        }
    }
    eprintln!("{failures} overflows, slowest call {slowest:?}");
    assert!(failures > 0);
    assert!(slowest < Duration::from_secs(5), "{slowest:?}");
}
