//! Hostile games, evaluators, windows and clocks: each ends in the right answer or a typed
//! error, never a wrong value, a panic or a stack overflow.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::multiplayer::{
    MultiAlgorithm, MultiConfig, MultiEngine, MultiError, MultiEvaluator, MultiGame,
};
use alphabeta::tt::TranspositionTable;
use alphabeta::{
    Algorithm, Clock, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, Score,
    SearchError, TtCutoffs, MAX_MATE_PLY,
};
use rand_xorshift::XorShiftRng;

/// A complete tree of `branching` moves per node and `height` plies, with its leaf values
/// (for the side to move at the leaf) in left-to-right order. Inner nodes evaluate to 0.
/// Sides alternate unless `extra_turns`, where a node whose index is a multiple of 3 keeps
/// the side to move. Two moves can transpose when `transpose` (the key forgets the order of
/// the first two moves), so that the table has work to do.
#[derive(Clone, Debug)]
struct Fixed<S> {
    branching: usize,
    height: u32,
    leaves: Vec<S>,
    /// Moves so far from the root.
    path: Vec<usize>,
    extra_turns: bool,
    transpose: bool,
    /// What `min_plies_to_win` and `min_plies_to_loss` report.
    min_plies: u32,
}

impl<S: Copy> Fixed<S> {
    fn new(branching: usize, height: u32, leaves: Vec<S>) -> Self {
        assert_eq!(leaves.len(), branching.pow(height));
        Fixed {
            branching,
            height,
            leaves,
            path: Vec::new(),
            extra_turns: false,
            transpose: false,
            min_plies: 1,
        }
    }

    /// The moves that reach the current node, in a canonical order when transpositions are on.
    fn canonical(&self) -> Vec<usize> {
        let mut path = self.path.clone();
        if self.transpose && path.len() >= 2 && path[0] > path[1] {
            path.swap(0, 1);
        }
        path
    }

    fn index(&self) -> usize {
        self.canonical().iter().fold(0, |index, &mv| index * self.branching + mv)
    }

    fn side(&self, path: &[usize]) -> bool {
        // Who moves after `path`: alternating, or the same side after a move to a multiple of 3.
        let mut side = true;
        for &mv in path {
            if !(self.extra_turns && mv % 3 == 0) {
                side = !side;
            }
        }
        side
    }

    fn leaf(&self) -> S {
        self.leaves[self.index()]
    }
}

impl<S: Copy> Game for Fixed<S> {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.side(&self.canonical())
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for mv in 0..self.branching {
            let _ = moves.push(mv as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        self.path.push(usize::from(mv));
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.path.pop();
    }
    fn is_terminal(&self) -> bool {
        self.path.len() as u32 == self.height
    }
    fn zobrist_key(&self) -> u64 {
        let mut key = 0x9E37_79B9_7F4A_7C15_u64;
        for mv in self.canonical() {
            key = (key ^ (mv as u64 + 1)).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(17);
        }
        key
    }
    fn min_plies_to_win(&self) -> u32 {
        self.min_plies
    }
    fn min_plies_to_loss(&self) -> u32 {
        self.min_plies
    }
}

/// The leaf's value as it stands (for the side to move there), 0 at a horizon; mate scores.
#[derive(Clone)]
struct Raw;
impl Evaluator<Fixed<i32>> for Raw {
    type Score = i32;
    fn evaluate(&self, game: &Fixed<i32>, _: bool, _: EvalContext) -> i32 {
        if game.is_terminal() {
            game.leaf()
        } else {
            0
        }
    }
}

/// The same values as plain numbers of any size.
#[derive(Clone)]
struct Plain;
impl Evaluator<Fixed<i32>> for Plain {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Fixed<i32>, _: bool, _: EvalContext) -> i32 {
        if game.is_terminal() {
            game.leaf()
        } else {
            0
        }
    }
}

/// The same for `f64` leaves, with mate scores.
struct RawF64;
impl Evaluator<Fixed<f64>> for RawF64 {
    type Score = f64;
    fn evaluate(&self, game: &Fixed<f64>, _: bool, _: EvalContext) -> f64 {
        if game.is_terminal() {
            game.leaf()
        } else {
            0.0
        }
    }
}

/// The same for `f64` leaves, without mate scores.
struct PlainF64;
impl Evaluator<Fixed<f64>> for PlainF64 {
    type Score = f64;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Fixed<f64>, _: bool, _: EvalContext) -> f64 {
        if game.is_terminal() {
            game.leaf()
        } else {
            0.0
        }
    }
}

/// Brute-force negamax of the whole tree: the value for the side to move at the root (no
/// arithmetic on the values but negation, which the callers keep in range).
fn negamax(game: &mut Fixed<i32>) -> i32 {
    if game.is_terminal() {
        return game.leaf();
    }
    let side = game.side_to_move();
    let mut best = None::<i32>;
    for mv in 0..game.branching as u8 {
        game.make_move(mv);
        let value = game.negamax_child(side);
        game.unmake_move(mv, ());
        best = Some(best.map_or(value, |b| b.max(value)));
    }
    best.expect("inner nodes have moves")
}

trait Child {
    fn negamax_child(&mut self, parent_side: bool) -> i32;
}

impl Child for Fixed<i32> {
    fn negamax_child(&mut self, parent_side: bool) -> i32 {
        let value = negamax(self);
        if self.side_to_move() == parent_side {
            value
        } else {
            -value
        }
    }
}

/// Every value-preserving configuration, named.
fn value_preserving_configs() -> Vec<(String, Config)> {
    let mut configs = vec![("plain".to_string(), Config::plain_alpha_beta())];
    for ordering in [false, true] {
        for pvs in [false, true] {
            for mdp in [false, true] {
                for iterative_deepening in [false, true] {
                    for seed in [None, Some(7)] {
                        let config = Config {
                            ordering,
                            pvs,
                            mate_distance_pruning: mdp,
                            iterative_deepening,
                            tie_break_seed: seed,
                            tt_cutoffs: TtCutoffs::EqualDraft,
                            ..Config::value_preserving()
                        };
                        configs.push((format!("{config:?}"), config));
                    }
                }
            }
        }
    }
    configs.push((
        "minimax".to_string(),
        Config { algorithm: Algorithm::Minimax, ..Config::value_preserving() },
    ));
    configs
}

fn random_leaves(rng: &mut XorShiftRng, count: usize, values: &[i32]) -> Vec<i32> {
    use rand_core::Rng;
    (0..count)
        .map(|_| {
            let pick = rng.next_u32() as usize % (values.len() + 1);
            // One in (len + 1) is a small random value, the others from the list.
            values.get(pick).copied().unwrap_or((rng.next_u32() % 21) as i32 - 10)
        })
        .collect()
}

fn rng(seed: u64) -> XorShiftRng {
    use rand_core::SeedableRng;
    XorShiftRng::seed_from_u64(seed)
}

// --- 1. Quiescence depth -----------------------------------------------------------------

/// A game that never ends, whose every position has a tactical move.
#[derive(Clone, Copy, Debug)]
struct Endless {
    ply: u32,
}

impl Game for Endless {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let _ = moves.push(0);
        let _ = moves.push(1);
    }
    fn make_move(&mut self, _: u8) {
        self.ply += 1;
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.ply -= 1;
    }
    fn is_terminal(&self) -> bool {
        false
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.ply)
    }
    const QUIESCENCE: bool = true;
    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let _ = moves.push(0);
    }
}

/// -1 for the side to move (the side that just moved is better off), so that quiescence
/// never stands pat before its depth limit; records the deepest ply evaluated.
#[derive(Default)]
struct Deepest(Cell<u32>);
impl Evaluator<Endless> for Deepest {
    type Score = i32;
    fn evaluate(&self, _: &Endless, _: bool, ctx: EvalContext) -> i32 {
        self.0.set(self.0.get().max(ctx.ply));
        -1
    }
}

#[test]
fn quiescence_deeper_than_the_ply_capacity_is_refused() {
    for max_quiescence_depth in [17, 1_000, u32::MAX] {
        let config = Config { max_quiescence_depth, ..Config::new() };
        let mut engine: Engine<Endless, Deepest, 2, 16> = Engine::new(Deepest::default(), config);
        let expected =
            SearchError::QuiescenceDepthBeyondCapacity { max_quiescence_depth, capacity: 16 };
        assert_eq!(engine.search(&mut Endless { ply: 0 }, &Limits::depth(1)), Err(expected));
        let window = engine.search_window(&mut Endless { ply: 0 }, 1, -i32::MAX, i32::MAX);
        assert_eq!(window, Err(expected));
        assert_eq!(engine.evaluator().0.get(), 0, "nothing was searched");
    }
    assert_eq!(
        SearchError::QuiescenceDepthBeyondCapacity { max_quiescence_depth: 17, capacity: 16 }
            .to_string(),
        "max_quiescence_depth 17 exceeds the engine's ply capacity of 16"
    );
    // Up to the capacity, quiescence goes that deep and no deeper.
    let config = Config { max_quiescence_depth: 16, ..Config::new() };
    let mut engine: Engine<Endless, Deepest, 2, 16> = Engine::new(Deepest::default(), config);
    let result = engine.search(&mut Endless { ply: 0 }, &Limits::depth(1)).unwrap();
    assert_eq!(engine.evaluator().0.get(), 17);
    assert_eq!((result.score, result.best_move, result.depth), (1, Some(0), 1));
    // A game without a quiescence policy ignores the setting.
    let mut board = Board::new();
    let config = Config { max_quiescence_depth: u32::MAX, ..Config::new() };
    let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
    assert_eq!(engine.search(&mut board, &Limits::depth(9)).unwrap().score, 0);
}

// --- 2. Scores outside the range -----------------------------------------------------------

#[test]
fn an_evaluator_returning_i32_min_is_an_error() {
    // Plain alpha-beta and minimax search the leaves in order and meet i32::MIN at leaf 2.
    let game = Fixed::new(2, 2, vec![3, i32::MIN, 5, 7]);
    let configs =
        [Config::plain_alpha_beta(), Config { algorithm: Algorithm::Minimax, ..Config::new() }];
    for config in configs {
        for mate_scores in [true, false] {
            let mut position = game.clone();
            let (search, window) = if mate_scores {
                let mut engine: Engine<Fixed<i32>, Raw, 2, 4> = Engine::new(Raw, config);
                let search = engine.search(&mut position, &Limits::depth(2)).map(|r| r.score);
                (search, engine.search_window(&mut position, 2, -i32::MAX, i32::MAX))
            } else {
                let mut engine: Engine<Fixed<i32>, Plain, 2, 4> = Engine::new(Plain, config);
                let search = engine.search(&mut position, &Limits::depth(2)).map(|r| r.score);
                (search, engine.search_window(&mut position, 2, -i32::MAX, i32::MAX))
            };
            let expected = SearchError::ScoreOutOfRange { ply: 2 };
            assert_eq!(search, Err(expected), "{config:?} {mate_scores}");
            assert_eq!(window.map(|w| w.score), Err(expected), "{config:?} {mate_scores}");
            assert!(position.path.is_empty(), "the game is restored");
        }
    }
    assert_eq!(
        SearchError::ScoreOutOfRange { ply: 2 }.to_string(),
        "the evaluator returned a score outside the valid range at ply 2: with mate scores a \
         position 2 plies from the root scores within -(WIN - 2)..=WIN - 2 (WIN = 1,000,000); \
         an evaluator that declares MATE_SCORES = false may return any number but i32::MIN \
         and NaN"
    );
}

#[test]
fn random_trees_with_i32_min_leaves_give_the_value_or_the_error() {
    // Every search either pruned the bad leaf and returns the exact value of the tree (with
    // i32::MIN read as the worst possible value), or met it and fails; never anything else.
    let mut rng = rng(13);
    let (mut errors, mut values) = (0, 0);
    for _ in 0..200 {
        use rand_core::Rng;
        // One bad leaf, anywhere.
        let mut leaves = random_leaves(&mut rng, 81, &[]);
        leaves[rng.next_u32() as usize % 81] = i32::MIN;
        let mut game = Fixed::new(3, 4, leaves);
        let truth = {
            let mut clamped = game.clone();
            clamped.leaves.iter_mut().for_each(|v| *v = (*v).max(-i32::MAX));
            negamax(&mut clamped)
        };
        for (name, config) in value_preserving_configs() {
            let table = TranspositionTable::<i32, 1024>::new();
            let mut engine = Engine::<Fixed<i32>, Raw, 3, 4>::new(Raw, config).with_table(&table);
            match engine.search(&mut game, &Limits::depth(4)) {
                Ok(result) => {
                    assert_eq!(result.score, truth, "{name}");
                    values += 1;
                }
                Err(SearchError::ScoreOutOfRange { ply: 4 }) => errors += 1,
                Err(other) => panic!("{name}: {other}"),
            }
        }
    }
    // Both outcomes happen (a tree whose bad leaves are all pruned is rare but real).
    assert!(errors > 0 && values > 0, "errors {errors}, values {values}");
}

#[test]
fn scores_beyond_win_need_an_evaluator_without_mate_scores() {
    let game = Fixed::new(2, 2, vec![2_000_000, 2_000_000, 3_000_000, 3_000_001]);
    let mut engine: Engine<Fixed<i32>, Raw, 2, 4> = Engine::new(Raw, Config::new());
    assert_eq!(
        engine.search(&mut game.clone(), &Limits::depth(2)),
        Err(SearchError::ScoreOutOfRange { ply: 2 })
    );
    // Without mate scores, every value is a plain number. The leaves are the root side's
    // (two plies down), so the root takes max(min(2e6, 2e6), min(3e6, 3e6 + 1)) via move 1.
    for (name, config) in value_preserving_configs() {
        let mut engine: Engine<Fixed<i32>, Plain, 2, 4> = Engine::new(Plain, config);
        let result = engine.search(&mut game.clone(), &Limits::depth(2)).unwrap();
        assert_eq!((result.score, result.best_move), (3_000_000, Some(1)), "{name}");
    }
    // ±INFINITY are plain values too, but not mate scores.
    let game = Fixed::new(2, 2, vec![i32::MAX, 5, -i32::MAX, 1_000_000]);
    let mut engine: Engine<Fixed<i32>, Plain, 2, 4> = Engine::new(Plain, Config::new());
    let result = engine.search(&mut game.clone(), &Limits::depth(2)).unwrap();
    assert_eq!((result.score, result.best_move), (5, Some(0)));
    for config in [Config::new(), Config::plain_alpha_beta()] {
        let mut engine: Engine<Fixed<i32>, Raw, 2, 4> = Engine::new(Raw, config);
        let error = engine.search(&mut game.clone(), &Limits::depth(2)).unwrap_err();
        assert_eq!(error, SearchError::ScoreOutOfRange { ply: 2 });
    }
    let mut floats: Engine<Fixed<f64>, RawF64, 2, 4> = Engine::new(RawF64, Config::new());
    let mut game = Fixed::new(2, 2, vec![f64::NEG_INFINITY, 0.0, 1.0, 2.0]);
    let error = floats.search(&mut game, &Limits::depth(2)).unwrap_err();
    assert_eq!(error, SearchError::ScoreOutOfRange { ply: 2 });
    // A win nearer than the position itself: WIN (a win at the root) two plies down.
    let mut engine: Engine<Fixed<i32>, Raw, 2, 4> = Engine::new(Raw, Config::new());
    let mut game = Fixed::new(2, 2, vec![1_000_000, 0, 0, 0]);
    let error = engine.search(&mut game, &Limits::depth(2)).unwrap_err();
    assert_eq!(error, SearchError::ScoreOutOfRange { ply: 2 });
    let mut game = Fixed::new(2, 2, vec![i32::win_in(2), 0, 0, i32::loss_in(2)]);
    let result = engine.search(&mut game, &Limits::depth(2)).unwrap();
    assert_eq!((result.score, result.best_move), (0, Some(0)));
}

#[test]
fn values_of_any_size_equal_brute_force_without_mate_scores() {
    // Values near and beyond ±WIN, and the extremes, searched with the table and every
    // value-preserving option (mate distance pruning included, which must stand aside).
    let extremes = [
        i32::MAX,
        -i32::MAX,
        1_000_000,
        -1_000_000,
        999_999,
        -999_999,
        999_000,
        2_000_000,
        -3_000_000,
        i32::MAX - 1,
    ];
    let mut rng = rng(5);
    for case in 0..150 {
        let mut game = Fixed::new(3, 4, random_leaves(&mut rng, 81, &extremes));
        game.transpose = case % 2 == 0;
        game.extra_turns = case % 3 == 0;
        let truth = negamax(&mut game);
        for (name, config) in value_preserving_configs() {
            let table = TranspositionTable::<i32, 1024>::new();
            let mut engine =
                Engine::<Fixed<i32>, Plain, 3, 4>::new(Plain, config).with_table(&table);
            let result = engine.search(&mut game, &Limits::depth(4)).unwrap();
            assert_eq!(result.score, truth, "case {case} {name}");
            assert!(result.best_move.is_some(), "case {case} {name}");
        }
    }
}

#[test]
fn mate_scores_and_the_extremes_equal_brute_force() {
    // With mate scores: wins and losses at their distance, the edges of the range, and
    // heuristics.
    let mut rng = rng(8);
    for case in 0..150 {
        let mut game = Fixed::new(3, 4, vec![0; 81]);
        let heuristic = i32::win_in(MAX_MATE_PLY) - 1;
        let values = [
            i32::win_in(4),
            i32::loss_in(4),
            i32::win_in(9),
            i32::loss_in(2_000),
            heuristic,
            -heuristic,
        ];
        game.leaves = random_leaves(&mut rng, 81, &values);
        game.transpose = case % 2 == 1;
        let truth = negamax(&mut game);
        for (name, config) in value_preserving_configs() {
            let table = TranspositionTable::<i32, 1024>::new();
            let mut engine = Engine::<Fixed<i32>, Raw, 3, 4>::new(Raw, config).with_table(&table);
            let result = engine.search(&mut game, &Limits::depth(4)).unwrap();
            assert_eq!(result.score, truth, "case {case} {name}");
        }
    }
}

// --- 3. Windows ----------------------------------------------------------------------------

#[test]
fn a_window_below_minus_infinity_is_refused() {
    // The root's value is max(min(3, 1), min(5, 7)) = 5.
    let mut game = Fixed::new(2, 2, vec![3, 1, 5, 7]);
    let mut engine: Engine<Fixed<i32>, Raw, 2, 4> = Engine::new(Raw, Config::new());
    for (alpha, beta) in [(i32::MIN, 0), (i32::MIN, i32::MAX), (i32::MIN, i32::MIN + 1)] {
        assert_eq!(
            engine.search_window(&mut game, 2, alpha, beta),
            Err(SearchError::InvalidWindow),
            "({alpha}, {beta})"
        );
    }
    assert_eq!(engine.search_window(&mut game, 2, -i32::MAX, i32::MAX).unwrap().score, 5);
    let mut floats: Engine<Fixed<f64>, RawF64, 2, 4> = Engine::new(RawF64, Config::new());
    let mut game = Fixed::new(2, 2, vec![3.0, 1.0, 5.0, 7.0]);
    let full = floats.search_window(&mut game, 2, f64::NEG_INFINITY, f64::INFINITY);
    assert_eq!(full.unwrap().score, 5.0);
    assert_eq!(floats.search_window(&mut game, 2, f64::NAN, 1.0), Err(SearchError::InvalidWindow));
}

// --- 4 (search side). Every root with moves gets a best move -------------------------------

#[test]
fn a_root_whose_moves_all_score_the_worst_still_has_a_best_move() {
    // Every leaf is -INFINITY for the root's side (two plies down), so every root move scores
    // -INFINITY: the worst value there is (an evaluator without mate scores may return it).
    for (name, config) in value_preserving_configs() {
        let mut game = Fixed::new(2, 2, vec![-i32::MAX; 4]);
        let mut engine: Engine<Fixed<i32>, Plain, 2, 4> = Engine::new(Plain, config);
        let result = engine.search(&mut game, &Limits::depth(2)).unwrap();
        // The first move, or with a tie-break seed any of the equal moves.
        let first = config.tie_break_seed.is_none().then_some(0);
        let pick = |mv: Option<u8>| mv.filter(|_| first.is_some());
        assert!(result.best_move.is_some(), "{name}");
        assert_eq!((result.score, pick(result.best_move)), (-i32::MAX, first), "{name}");
        assert_eq!(result.pv.len(), 2, "{name}");
        let window = engine.search_window(&mut game, 2, -i32::MAX, i32::MAX).unwrap();
        assert!(window.best_move.is_some(), "{name}");
        assert_eq!((window.score, pick(window.best_move)), (-i32::MAX, first), "{name}");

        let mut game = Fixed::new(2, 2, vec![f64::NEG_INFINITY; 4]);
        let mut engine: Engine<Fixed<f64>, PlainF64, 2, 4> = Engine::new(PlainF64, config);
        let result = engine.search(&mut game, &Limits::depth(2)).unwrap();
        assert!(result.best_move.is_some(), "{name}");
        assert_eq!((result.score, pick(result.best_move)), (f64::NEG_INFINITY, first), "{name}");
    }
}

#[test]
fn a_parallel_root_whose_moves_all_score_the_worst_still_has_a_best_move() {
    use alphabeta::parallel::ParallelEngine;
    for threads in [1, 2] {
        let config = Config { threads, ..Config::value_preserving() };
        let engine: Engine<Fixed<i32>, Plain, 2, 4> = Engine::new(Plain, config);
        let mut parallel = ParallelEngine::new(engine).unwrap();
        // Three plies: the leaves are the opponent's, +INFINITY for it is -INFINITY at the root.
        let mut game = Fixed::new(2, 3, vec![i32::MAX; 8]);
        let result = parallel.search(&mut game, &Limits::depth(3)).unwrap();
        assert_eq!((result.score, result.best_move), (-i32::MAX, Some(0)), "{threads}");
    }
}

// --- 8. min_plies_to_win = u32::MAX ------------------------------------------------------

#[test]
fn a_game_that_can_never_be_won_saturates_the_mate_bounds() {
    // "Never" is true here: the leaves are heuristic values.
    let mut rng = rng(3);
    for _ in 0..50 {
        let mut game = Fixed::new(3, 4, random_leaves(&mut rng, 81, &[]));
        game.min_plies = u32::MAX;
        let truth = negamax(&mut game);
        for (name, config) in value_preserving_configs() {
            let mut engine: Engine<Fixed<i32>, Raw, 3, 4> = Engine::new(Raw, config);
            let result = engine.search(&mut game, &Limits::depth(4)).unwrap();
            assert_eq!(result.score, truth, "{name}");
        }
    }
}

// --- Clocks ----------------------------------------------------------------------------------

/// A clock that reads `start` first and then goes back to 0, as a broken or wrapped timer
/// would.
struct Backwards {
    reads: AtomicU64,
    start: u64,
}

impl Clock for Backwards {
    fn now_micros(&self) -> u64 {
        if self.reads.fetch_add(1, Ordering::Relaxed) == 0 {
            self.start
        } else {
            0
        }
    }
}

#[test]
fn a_clock_that_goes_backwards_ends_the_time_after_the_minimum_depth() {
    for start in [1_000, u64::MAX] {
        let clock = Backwards { reads: AtomicU64::new(0), start };
        let config = Config { poll_interval_nodes: 1, ..Config::new() };
        let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
        let limits = Limits::depth(9).with_min_depth(3).with_time_limit(&clock, 1_000_000);
        let result = engine.search(&mut Board::new(), &limits).unwrap();
        assert_eq!((result.depth, result.completed), (3, false), "start {start}");
        assert_eq!(result.elapsed_micros, Some(0), "start {start}");
    }
}

/// A clock that stands still.
struct Still;
impl Clock for Still {
    fn now_micros(&self) -> u64 {
        42
    }
}

#[test]
fn a_time_limit_of_zero_completes_the_minimum_depth_only() {
    let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
    for min_depth in [0, 1, 4] {
        let limits = Limits::depth(9).with_min_depth(min_depth).with_time_limit(&Still, 0);
        let result = engine.search(&mut Board::new(), &limits).unwrap();
        assert_eq!((result.depth, result.completed), (min_depth.max(1), false), "{min_depth}");
    }
}

// --- 9. Multi-player: a player to move out of range below the root ---------------------------

/// Three players; after any move the game reports player 7 to move.
#[derive(Clone, Copy, Debug)]
struct Runaway {
    ply: u32,
}

impl MultiGame for Runaway {
    type Move = u8;
    type Undo = ();
    fn num_players(&self) -> usize {
        3
    }
    fn player_to_move(&self) -> usize {
        if self.ply == 0 {
            0
        } else {
            7
        }
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let _ = moves.push(0);
        let _ = moves.push(1);
    }
    fn make_move(&mut self, _: u8) {
        self.ply += 1;
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.ply -= 1;
    }
    fn is_terminal(&self) -> bool {
        false
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.ply)
    }
    fn supports_out_of_turn(&self) -> bool {
        true
    }
    fn generate_moves_for<const N: usize>(&self, _: usize, moves: &mut MoveList<u8, N>) {
        self.generate_moves(moves);
    }
    fn set_player_to_move(&mut self, _: usize) {}
}

struct Zero;
impl MultiEvaluator<Runaway> for Zero {
    type Score = i32;
    fn evaluate(&self, _: &Runaway, _: EvalContext, scores: &mut [i32]) {
        scores.fill(0);
    }
}

#[test]
fn every_multi_player_search_refuses_a_player_out_of_range_below_the_root() {
    let expected = MultiError::PlayerOutOfRange { player: 7, players: 3, ply: 1 };
    for algorithm in [MultiAlgorithm::Paranoid, MultiAlgorithm::BestReply, MultiAlgorithm::MaxN] {
        let mut engine: MultiEngine<Runaway, Zero, 8, 8> =
            MultiEngine::new(Zero, MultiConfig::new(algorithm));
        let mut game = Runaway { ply: 0 };
        let error = engine.search(&mut game, &Limits::depth(3)).unwrap_err();
        assert_eq!(error, expected, "{algorithm:?}");
        assert_eq!(game.ply, 0, "{algorithm:?}: the game is restored");
    }
    assert_eq!(
        expected.to_string(),
        "the player to move is 7 at ply 1, but the game has 3 players"
    );
}

// --- Tree files whose values lie beyond the win score (the engine side of it) -------------

#[test]
fn tree_files_with_values_beyond_win_equal_the_reference() {
    use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
    let tree: Tree = "ROOT A\nA B C\nB D\nC E\nVALUE\nD 2000000\nE 3000000\nEND\n".parse().unwrap();
    assert_eq!(tree.minimax().value, 3e6);
    for config in [Config::new(), Config::value_preserving()] {
        let table = TranspositionTable::<f64, 256>::new();
        let mut engine =
            Engine::<TreeGame, TreeEvaluator, 4, 8>::new(TreeEvaluator, config).with_table(&table);
        let result = engine.search(&mut TreeGame::new(&tree), &Limits::depth(2)).unwrap();
        assert_eq!((result.score, result.best_move), (3e6, Some(1)), "{config:?}");
    }
    // Random trees with values in and around the mate range and far beyond it, against the
    // reference, under every value-preserving configuration with a table.
    let values =
        ["1000000", "-1000000", "999999", "-999990", "2000000", "-3000000", "9007199254740992"];
    let mut rng = rng(21);
    for case in 0..100 {
        use rand_core::Rng;
        let mut text = String::from("ROOT n\n");
        let mut names = vec![String::from("n")];
        let mut leaves = Vec::new();
        // A random tree of height up to 5, branching 1 to 3.
        let mut frontier = vec![(String::from("n"), 0)];
        while let Some((name, depth)) = frontier.pop() {
            let children = if depth == 5 { 0 } else { rng.next_u32() % 4 } as usize;
            if children == 0 {
                leaves.push(name);
                continue;
            }
            text.push_str(&name);
            for child in 0..children {
                let child = format!("{name}{child}");
                text.push(' ');
                text.push_str(&child);
                names.push(child.clone());
                frontier.push((child, depth + 1));
            }
            text.push('\n');
        }
        text.push_str("VALUE\n");
        for leaf in &leaves {
            let pick = rng.next_u32() as usize % (values.len() + 1);
            let value = values
                .get(pick)
                .map_or_else(|| ((rng.next_u32() % 11) as i32 - 5).to_string(), |v| v.to_string());
            text.push_str(&format!("{leaf} {value}\n"));
        }
        text.push_str("END\n");
        let tree: Tree = text.parse().unwrap();
        let truth = tree.minimax().value;
        for (name, config) in value_preserving_configs() {
            let table = TranspositionTable::<f64, 256>::new();
            let mut engine = Engine::<TreeGame, TreeEvaluator, 4, 8>::new(TreeEvaluator, config)
                .with_table(&table);
            let height = tree.height().max(1);
            let result = engine.search(&mut TreeGame::new(&tree), &Limits::depth(height)).unwrap();
            assert_eq!(result.score, truth, "case {case} {name}\n{text}");
        }
    }
}

/// Three players in turn, two moves each, over after two plies.
#[derive(Clone, Copy, Debug)]
struct Rotating {
    ply: u32,
}

impl MultiGame for Rotating {
    type Move = u8;
    type Undo = ();
    fn num_players(&self) -> usize {
        3
    }
    fn player_to_move(&self) -> usize {
        self.ply as usize % 3
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let _ = moves.push(0);
        let _ = moves.push(1);
    }
    fn make_move(&mut self, _: u8) {
        self.ply += 1;
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.ply -= 1;
    }
    fn is_terminal(&self) -> bool {
        self.ply == 2
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.ply)
    }
}

/// `i32::MIN` for every player.
struct Minimal;
impl MultiEvaluator<Rotating> for Minimal {
    type Score = i32;
    fn evaluate(&self, _: &Rotating, _: EvalContext, scores: &mut [i32]) {
        scores.fill(i32::MIN);
    }
}

#[test]
fn a_multi_player_evaluator_returning_i32_min_is_an_error() {
    // Paranoid search negates the root player's score for the coalition, which is to move at
    // ply 1, where the first iteration evaluates its horizon: no overflow, a typed error.
    let mut engine: MultiEngine<Rotating, Minimal, 2, 4> =
        MultiEngine::new(Minimal, MultiConfig::new(MultiAlgorithm::Paranoid));
    let error = engine.search(&mut Rotating { ply: 0 }, &Limits::depth(2)).unwrap_err();
    assert_eq!(error, MultiError::Search(SearchError::ScoreOutOfRange { ply: 1 }));
}

// --- Mate distance pruning at a position without moves ---------------------------------------

/// A tree whose leaves are either over (`is_terminal`: a heuristic value) or positions where
/// the side to move has no move and has lost (checkmate: not terminal, an empty move list,
/// scored `loss_in(ply)`), so that a loss can come at the very ply of a node the search takes
/// for unfinished.
#[derive(Clone, Debug)]
struct Mates {
    /// Per node: its children, and for a leaf whether it is a checkmate (else a heuristic).
    children: Vec<Vec<usize>>,
    value: Vec<i32>,
    mated: Vec<bool>,
    path: Vec<usize>,
}

impl Mates {
    fn random(rng: &mut XorShiftRng) -> Self {
        use rand_core::Rng;
        let mut tree = Mates { children: vec![], value: vec![], mated: vec![], path: vec![0] };
        let mut frontier = vec![(0_usize, 0_u32)];
        tree.children.push(vec![]);
        while let Some((node, depth)) = frontier.pop() {
            let count = if depth >= 5 { 0 } else { rng.next_u32() % 4 } as usize;
            let count = if depth == 0 { count.max(1) } else { count };
            for _ in 0..count {
                let child = tree.children.len();
                tree.children.push(vec![]);
                tree.children[node].push(child);
                frontier.push((child, depth + 1));
            }
        }
        for node in 0..tree.children.len() {
            tree.value.push((rng.next_u32() % 9) as i32 - 4);
            tree.mated.push(tree.children[node].is_empty() && rng.next_u32().is_multiple_of(2));
        }
        tree
    }

    fn node(&self) -> usize {
        *self.path.last().unwrap()
    }

    fn negamax(&self, node: usize, ply: u32) -> i32 {
        if self.children[node].is_empty() {
            return if self.mated[node] { i32::loss_in(ply) } else { self.value[node] };
        }
        self.children[node].iter().map(|&c| -self.negamax(c, ply + 1)).max().unwrap()
    }
}

impl Game for Mates {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.path.len() % 2 == 1
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.children[self.node()].len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        let child = self.children[self.node()][usize::from(mv)];
        self.path.push(child);
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.path.pop();
    }
    fn is_terminal(&self) -> bool {
        let node = self.node();
        self.children[node].is_empty() && !self.mated[node]
    }
    fn zobrist_key(&self) -> u64 {
        (self.node() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

struct MatesEval;
impl Evaluator<Mates> for MatesEval {
    type Score = i32;
    fn evaluate(&self, game: &Mates, _: bool, ctx: EvalContext) -> i32 {
        let node = game.node();
        if game.mated[node] {
            i32::loss_in(ctx.ply)
        } else if game.children[node].is_empty() {
            game.value[node]
        } else {
            0
        }
    }
}

#[test]
fn mate_distance_pruning_scores_a_checkmate_without_moves_at_its_own_ply() {
    let mut rng = rng(34);
    for case in 0..400 {
        let tree = Mates::random(&mut rng);
        let truth = tree.negamax(0, 0);
        for (name, config) in value_preserving_configs() {
            let table = TranspositionTable::<i32, 1024>::new();
            let mut engine =
                Engine::<Mates, MatesEval, 3, 8>::new(MatesEval, config).with_table(&table);
            let mut game = tree.clone();
            let result = engine.search(&mut game, &Limits::depth(8)).unwrap();
            assert_eq!(result.score, truth, "case {case} {name}: {tree:?}");
            // Every window around the value gives a true bound.
            for (alpha, beta) in [(truth - 1, truth + 1), (truth, truth + 1), (truth - 1, truth)] {
                let window = engine.search_window(&mut game, 8, alpha, beta).unwrap().score;
                let ok = if truth <= alpha {
                    window <= alpha && window >= truth
                } else if truth >= beta {
                    window >= beta && window <= truth
                } else {
                    window == truth
                };
                assert!(ok, "case {case} {name} ({alpha}, {beta}): {window} for {truth}");
            }
        }
    }
}
