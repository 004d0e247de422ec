//! The parallel fixed-depth window search (`ParallelEngine::search_window`, `std`): on
//! generated trees, every window from a grid gets a fail-soft result that brute-force negamax
//! confirms (the exact value inside the window, a true bound outside it) and a best move
//! that achieves it (without a table, wherever the sequential search has one), under every scheme on 1 to 3 threads, with and without a table; on
//! Connect Four, the sequential `Engine::search_window`'s exact values; the window driver of
//! the Othello solver (`othello::solve`, `solve_wld`) on two threads solves FFO #1-#19.

#![cfg(feature = "std")]

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::games::othello::{solve, solve_wld, ObfEntry, OthelloEval, SOLVER_CONFIG};
use alphabeta::games::othello::{EndgameSorter, Othello, MAX_MOVES, MAX_PLY};
use alphabeta::parallel::ParallelEngine;
use alphabeta::tt::{NoTable, Table, TranspositionTable};
use alphabeta::{
    Config, Engine, EvalContext, Evaluator, Game, MoveList, ParallelScheme, SearchError, TtCutoffs,
    WindowResult, WindowSearch,
};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

const SCHEMES: [ParallelScheme; 3] =
    [ParallelScheme::Abdada, ParallelScheme::RootSplit, ParallelScheme::LazySmp];

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A generated game tree: 1 to 4 moves a position (by its hash), ending at `height` plies or
/// earlier (by the hash); a move now and then keeps the turn (the side to move does not
/// always alternate). Scores come from the hash, in a small range, so that ties abound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Gen {
    hash: u64,
    ply: u32,
    side: bool,
    height: u32,
}

impl Gen {
    fn new(seed: u64, height: u32) -> Self {
        Gen { hash: splitmix(seed), ply: 0, side: true, height }
    }
}

impl Game for Gen {
    type Move = u8;
    type Player = bool;
    type Undo = Gen;

    fn side_to_move(&self) -> bool {
        self.side
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for mv in 0..1 + (self.hash >> 7) % 4 {
            let _ = moves.push(mv as u8);
        }
    }

    fn make_move(&mut self, mv: u8) -> Gen {
        let before = *self;
        self.hash = splitmix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        self.ply += 1;
        if !(self.hash >> 40).is_multiple_of(10) {
            self.side = !self.side;
        }
        before
    }

    fn unmake_move(&mut self, _: u8, undo: Gen) {
        *self = undo;
    }

    fn is_terminal(&self) -> bool {
        self.ply >= self.height || (self.ply >= 2 && (self.hash >> 3).is_multiple_of(13))
    }

    fn zobrist_key(&self) -> u64 {
        self.hash ^ u64::from(self.side)
    }
}

/// The hash's score, `-8..=8` for the first player.
#[derive(Clone, Copy, Debug)]
struct GenEval;

impl Evaluator<Gen> for GenEval {
    type Score = i32;
    fn evaluate(&self, game: &Gen, player: bool, _: EvalContext) -> i32 {
        let raw = ((game.hash >> 11) % 17) as i32 - 8;
        if player {
            raw
        } else {
            -raw
        }
    }
}

/// Negamax over every line to `depth` plies (the reference), for the side to move.
fn brute(game: &Gen, depth: u32) -> i32 {
    if depth == 0 || game.is_terminal() {
        return GenEval.evaluate(game, game.side, EvalContext { ply: 0, depth_left: 0 });
    }
    let mut moves = MoveList::<u8, 4>::new();
    game.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for &mv in &moves {
        let mut child = *game;
        child.make_move(mv);
        let value = brute(&child, depth - 1);
        best = best.max(if child.side == game.side { value } else { -value });
    }
    best
}

/// The value of `mv` at `game` searched to `depth`, for `game`'s side to move.
fn brute_move(game: &Gen, mv: u8, depth: u32) -> i32 {
    let mut child = *game;
    child.make_move(mv);
    let value = brute(&child, depth - 1);
    if child.side == game.side {
        value
    } else {
        -value
    }
}

/// The windows tried: every pair from a grid around the scores, the null windows, the full one.
fn windows() -> Vec<(i32, i32)> {
    let inf = i32::MAX;
    let edges = [-inf, -9, -5, -3, -1, 0, 1, 2, 4, 7, 9, inf];
    let mut out = Vec::new();
    for (i, &alpha) in edges.iter().enumerate() {
        for &beta in &edges[i + 1..] {
            out.push((alpha, beta));
        }
    }
    for g in -9..=9 {
        out.push((g, g + 1));
    }
    out
}

/// Checks a fail-soft result against the value `value` at `depth`, and its move (which
/// there must be above alpha when `needs_move`).
fn check_result(
    found: &WindowResult<u8, i32>,
    game: &Gen,
    depth: u32,
    (alpha, beta): (i32, i32),
    value: i32,
    needs_move: bool,
    what: &str,
) {
    let score = found.score;
    if score <= alpha {
        assert!(value <= score, "{what}: fail-low {score} but the value is {value}");
    } else if score >= beta {
        assert!(value >= score, "{what}: fail-high {score} but the value is {value}");
    } else {
        assert_eq!(score, value, "{what}: inside the window");
    }
    if needs_move && score > alpha && depth > 0 && !game.is_terminal() {
        assert!(found.best_move.is_some(), "{what}: no move for {score}");
    }
    if let (Some(mv), true) = (found.best_move, score > alpha) {
        let achieved = brute_move(game, mv, depth);
        assert!(achieved >= score, "{what}: move {mv} gives {achieved}, not {score}");
        if score < beta {
            assert_eq!(achieved, value, "{what}: move {mv}");
        }
    }
    assert_eq!(found.nodes, found.stats.nodes, "{what}");
}

type GenEngine<T> = Engine<Gen, GenEval, 4, 16, T>;

/// Every window at every depth to the end of the game on `trees` generated trees, for
/// `parallel` (whose table, if any, `clear` empties before each search). A best move is
/// required above alpha where `reference` (the sequential engine) finds one, or always
/// without a reference (with a table, the root's entry gives one).
fn sweep<T: Table<i32> + Send + Sync>(
    parallel: &mut ParallelEngine<Gen, GenEval, 4, 16, T>,
    clear: &dyn Fn(),
    mut reference: Option<&mut GenEngine<NoTable>>,
    trees: u64,
    what: &str,
) {
    for seed in 0..trees {
        let root = Gen::new(seed, 8 + (seed % 3) as u32);
        for depth in [1, 3, 5, root.height] {
            let value = brute(&root, depth);
            for window in windows() {
                clear();
                let mut game = root;
                let found = parallel.search_window(&mut game, depth, window.0, window.1).unwrap();
                assert_eq!(game, root, "{what}: the game was not restored");
                let what = format!("{what} tree {seed} depth {depth} window {window:?}");
                let needs_move = reference.as_mut().is_none_or(|sequential| {
                    let found =
                        sequential.search_window(&mut root.clone(), depth, window.0, window.1);
                    found.unwrap().best_move.is_some()
                });
                check_result(&found, &root, depth, window, value, needs_move, &what);
            }
        }
    }
}

#[test]
fn every_window_on_generated_trees_is_fail_soft_exact_with_a_table() {
    for scheme in SCHEMES {
        for threads in 1..=3 {
            // Equal-draft cutoffs: Lazy SMP's helpers store deeper entries, which would
            // otherwise answer for a shallower search with a deeper value.
            let config = Config {
                threads,
                parallel_scheme: scheme,
                tt_cutoffs: TtCutoffs::EqualDraft,
                ..Config::value_preserving()
            };
            let table: &'static TranspositionTable<i32, 4096> = Box::leak(Box::default());
            let engine = GenEngine::new(GenEval, config).with_table(table);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            assert_eq!(parallel.threads(), threads as usize);
            let what = format!("{scheme:?} {threads} threads, table");
            sweep(&mut parallel, &|| table.clear(), None, 12, &what);
        }
    }
}

#[test]
fn every_window_on_generated_trees_is_fail_soft_exact_with_the_default_cutoffs() {
    // A search to the end of the game: every value is the game's, whatever the draft of the
    // entry that gives it, and the table is kept from one window to the next (as a
    // null-window solver keeps it).
    for scheme in SCHEMES {
        for threads in 2..=3 {
            // (Value-preserving: late move reductions would stop reduced lines short of the
            // end.)
            let config = Config { threads, parallel_scheme: scheme, ..Config::value_preserving() };
            let table: &'static TranspositionTable<i32, 4096> = Box::leak(Box::default());
            let engine = GenEngine::new(GenEval, config).with_table(table);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            for seed in 100..112 {
                table.clear();
                let root = Gen::new(seed, 10);
                let value = brute(&root, 10);
                for window in windows() {
                    let mut game = root;
                    let found = parallel.search_window(&mut game, 10, window.0, window.1).unwrap();
                    let what = format!("{scheme:?} {threads} threads tree {seed} {window:?}");
                    check_result(&found, &root, 10, window, value, true, &what);
                }
            }
        }
    }
}

#[test]
fn every_window_on_generated_trees_is_fail_soft_exact_without_a_table() {
    // Without a table ABDADA has nothing to share and splits the root instead.
    for scheme in SCHEMES {
        for threads in 2..=3 {
            let config = Config { threads, parallel_scheme: scheme, ..Config::value_preserving() };
            let engine = GenEngine::<NoTable>::new(GenEval, config);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            let mut sequential = GenEngine::<NoTable>::new(GenEval, config);
            let what = format!("{scheme:?} {threads} threads, no table");
            sweep(&mut parallel, &|| {}, Some(&mut sequential), 6, &what);
        }
    }
}

/// Random Connect Four positions (not over) after 4 to 19 random moves.
fn connect4_positions(count: usize) -> Vec<Connect4> {
    let mut rng = XorShiftRng::seed_from_u64(28);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Connect4::new();
        for _ in 0..4 + rng.next_u32() % 16 {
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

#[test]
fn connect_four_windows_get_the_sequential_exact_values() {
    let config = |threads, scheme| Config {
        threads,
        parallel_scheme: scheme,
        tt_cutoffs: TtCutoffs::EqualDraft,
        ..Config::value_preserving()
    };
    let table: &'static TranspositionTable<i32, 65_536> = Box::leak(Box::default());
    let mut sequential: Engine<Connect4, Connect4Heuristic, 7, 42, _> =
        Engine::new(Connect4Heuristic, config(1, ParallelScheme::Abdada)).with_table(table);
    let positions = connect4_positions(12);
    for scheme in SCHEMES {
        for threads in 2..=3 {
            let engine = Engine::<Connect4, Connect4Heuristic, 7, 42, _>::new(
                Connect4Heuristic,
                config(threads, scheme),
            )
            .with_table(table);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            for (index, position) in positions.iter().enumerate() {
                for (depth, alpha, beta) in
                    [(7, -i32::MAX, i32::MAX), (8, -20, 20), (8, 0, 1), (9, -3, -2), (9, 5, 60)]
                {
                    table.clear();
                    let expected =
                        sequential.search_window(&mut position.clone(), depth, alpha, beta);
                    let expected = expected.unwrap().score;
                    table.clear();
                    let mut game = *position;
                    let found = parallel.search_window(&mut game, depth, alpha, beta).unwrap();
                    assert_eq!(game, *position);
                    let what = format!("{scheme:?} {threads} threads position {index} depth {depth} ({alpha}, {beta})");
                    // The same side of the window; inside it, the same value.
                    assert_eq!(
                        (found.score <= alpha, found.score >= beta),
                        (expected <= alpha, expected >= beta),
                        "{what}: {} against {expected}",
                        found.score
                    );
                    if expected > alpha && expected < beta {
                        assert_eq!(found.score, expected, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_bad_window_or_depth_is_a_typed_error_on_every_scheme() {
    for scheme in SCHEMES {
        let config = Config { threads: 2, parallel_scheme: scheme, ..Config::new() };
        let table: &'static TranspositionTable<i32, 256> = Box::leak(Box::default());
        let mut parallel =
            ParallelEngine::new(GenEngine::new(GenEval, config).with_table(table)).unwrap();
        let root = Gen::new(1, 8);
        let mut game = root;
        for (alpha, beta) in [(3, 3), (4, 2), (i32::MIN, 0), (-i32::MAX, i32::MAX)] {
            let got = parallel.search_window(&mut game, 4, alpha, beta);
            if alpha == -i32::MAX {
                assert_eq!(got.unwrap().score, brute(&root, 4));
            } else {
                assert_eq!(
                    got.unwrap_err(),
                    SearchError::InvalidWindow,
                    "{scheme:?} {alpha} {beta}"
                );
            }
        }
        assert_eq!(
            parallel.search_window(&mut game, 17, 0, 1).unwrap_err(),
            SearchError::DepthBeyondCapacity { max_depth: 17, capacity: 16 }
        );
        assert_eq!(game, root);
    }
}

/// A window search through the trait, as a driver written once for both engines sees it.
fn through_the_trait<S: WindowSearch<Gen, Score = i32>>(engine: &mut S, game: &mut Gen) -> i32 {
    engine.search_window(game, 6, -i32::MAX, i32::MAX).unwrap().score
}

#[test]
fn both_engines_search_a_window_through_the_trait() {
    let root = Gen::new(7, 9);
    let config = Config { threads: 2, ..Config::value_preserving() };
    let table: &'static TranspositionTable<i32, 1024> = Box::leak(Box::default());
    let mut sequential = GenEngine::new(GenEval, config).with_table(table);
    let mut parallel =
        ParallelEngine::new(GenEngine::new(GenEval, config).with_table(table)).unwrap();
    assert_eq!(through_the_trait(&mut sequential, &mut root.clone()), brute(&root, 6));
    table.clear();
    assert_eq!(through_the_trait(&mut parallel, &mut root.clone()), brute(&root, 6));
}

type OthelloParallel = ParallelEngine<
    Othello,
    OthelloEval,
    MAX_MOVES,
    MAX_PLY,
    &'static TranspositionTable<i32, { 1 << 18 }>,
    EndgameSorter,
>;

#[test]
fn ffo_1_to_19_are_solved_exactly_on_two_threads() {
    let suite: Vec<ObfEntry> = include_str!("data/othello/ffo-1-19.obf")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| ObfEntry::parse(l).unwrap())
        .collect();
    assert_eq!(suite.len(), 19);
    for scheme in SCHEMES {
        let table: &'static TranspositionTable<i32, { 1 << 18 }> = Box::leak(Box::default());
        let config = Config { threads: 2, parallel_scheme: scheme, ..SOLVER_CONFIG };
        let engine = Engine::with_parts(OthelloEval, config, table, EndgameSorter);
        let mut parallel: OthelloParallel = ParallelEngine::new(engine).unwrap();
        // Every position under ABDADA (the example's scheme), every third under the others.
        let step = if scheme == ParallelScheme::Abdada { 1 } else { 3 };
        for (i, entry) in suite.iter().enumerate().step_by(step) {
            table.clear();
            let solution = solve(&mut parallel, entry.position).unwrap();
            let best = solution.best_move.expect("a move");
            assert!(
                entry.is_best(best, solution.score),
                "{scheme:?} #{}: {best} {} against {:?}",
                i + 1,
                solution.score,
                entry.moves.first()
            );
            table.clear();
            let wld = solve_wld(&mut parallel, entry.position).unwrap();
            assert_eq!(wld.score, solution.score.signum(), "{scheme:?} #{}", i + 1);
            let wld_best = wld.best_move.expect("a move");
            let achieved = entry.moves.iter().find(|&&(m, _)| m == wld_best).unwrap().1;
            assert_eq!(achieved.signum(), wld.score, "{scheme:?} #{}", i + 1);
        }
    }
}
