//! Rewards ([`Game::REWARDS`]): the search and the exact solver against a brute-force negamax
//! that adds each move's reward, on random trees with rewards and turns that need not
//! alternate, and on Dots and Boxes 2×2 (completing a box scores 1 and keeps the turn) with
//! the key the edge set alone, against a memoised brute force over every edge set.

use alphabeta::tt::TranspositionTable;
use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, RootSearch,
    SearchError,
};
use proptest::prelude::*;

const MAX_MOVES: usize = 16;
const MAX_PLY: usize = 16;
const FULL_DEPTH: u32 = 8;
const MAX_NODES: usize = 300;

#[path = "common/reward_tree.rs"]
mod reward_tree;
use reward_tree::{RandomTree, RestEval, Walk};

/// The same in `f64`, without mate scores.
struct PlainEval;

impl Evaluator<Walk<'_>> for PlainEval {
    type Score = f64;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Walk<'_>, _: bool, _: EvalContext) -> f64 {
        f64::from(game.tree.nodes[game.node()].score)
    }
}

fn configs() -> [(&'static str, Config); 7] {
    let vp = Config::value_preserving();
    [
        ("plain", Config::plain_alpha_beta()),
        ("minimax", Config { algorithm: Algorithm::Minimax, ..Config::plain_alpha_beta() }),
        ("value-preserving", vp),
        ("no PVS", Config { pvs: false, ..vp }),
        ("MTD(f)", Config { root_search: RootSearch::Mtdf, ..vp }),
        (
            "aspiration",
            Config { root_search: RootSearch::Aspiration, aspiration_half_width: 1.0, ..vp },
        ),
        ("tie-breaking", Config { tie_break_seed: Some(5), ..vp }),
    ]
}

fn trees() -> impl Strategy<Value = RandomTree> {
    let entry = (0_usize..=4, any::<bool>(), -3_i32..=3, -5_i32..=5);
    (prop::collection::vec(entry, 1..=MAX_NODES), 1_usize..=MAX_NODES)
        .prop_map(|(entries, max_nodes)| RandomTree::build(&entries, max_nodes))
}

fn bound() -> impl Strategy<Value = i32> {
    prop_oneof![8 => -12_i32..=12, 1 => Just(-i32::MAX), 1 => Just(i32::MAX)]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1500,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The search, at every depth, with and without a table, full window and any window
    /// (fail-soft bounds are true bounds), and its best move earns the value.
    #[test]
    fn the_search_equals_brute_force_with_rewards(
        tree in trees(),
        depth in 1_u32..=FULL_DEPTH,
        a in bound(),
        b in bound(),
    ) {
        prop_assume!(a != b);
        let (alpha, beta) = (a.min(b), a.max(b));
        let value = tree.negamax(0, depth);
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> =
                Engine::new(RestEval, config);
            let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, config)
                .with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            for (with, result) in [
                ("bare", bare.search(&mut game, &limits).unwrap()),
                ("table", tabled.search(&mut game, &limits).unwrap()),
                // Again on the warm table, whose entries are as deep as the search: the
                // root takes no cutoff from them (MTD(f) once returned a move proved only
                // by the first iteration's horizon).
                ("table again", tabled.search(&mut game, &limits).unwrap()),
                ("bare without the line", bare.search_without_pv(&mut game, &limits).unwrap()),
                ("table without the line", tabled.search_without_pv(&mut game, &limits).unwrap()),
            ] {
                prop_assert_eq!(result.score, value, "{} {}", name, with);
                if let Some(mv) = result.best_move {
                    let child = tree.nodes[0].children[usize::from(mv)];
                    prop_assert_eq!(tree.move_value(0, child, depth), value, "{} {}", name, with);
                } else {
                    prop_assert!(tree.nodes[0].children.is_empty());
                }
            }
            if config.algorithm == Algorithm::AlphaBeta && config.root_search == RootSearch::FullWindow {
                let score = bare.search_window(&mut game, depth, alpha, beta).unwrap().score;
                if value <= alpha {
                    prop_assert!(value <= score && score <= alpha, "{name}: {value} {score}");
                } else if value >= beta {
                    prop_assert!(beta <= score && score <= value, "{name}: {value} {score}");
                } else {
                    prop_assert_eq!(score, value, "{}", name);
                }
            }
            prop_assert_eq!(game.path.as_slice(), &[0]);
        }
    }

    /// The exact solver, with and without a table, integer and floating scores.
    #[test]
    fn the_solver_equals_brute_force_with_rewards(tree in trees()) {
        let value = tree.negamax(0, FULL_DEPTH);
        let limits = Limits::depth(1);
        let table = TranspositionTable::<i32, 64>::new();
        let float_table = TranspositionTable::<f64, 64>::new();
        let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> =
            Engine::new(RestEval, Config::new());
        let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, Config::new())
            .with_table(&table);
        let mut float = Engine::<Walk, PlainEval, MAX_MOVES, MAX_PLY>::new(PlainEval, Config::new())
            .with_table(&float_table);
        let mut game = Walk::new(&tree);
        for solution in [bare.solve(&mut game, &limits).unwrap(), tabled.solve(&mut game, &limits).unwrap()] {
            prop_assert!(solution.exact);
            prop_assert_eq!(solution.value, value);
            if let Some(mv) = solution.best_move {
                let child = tree.nodes[0].children[usize::from(mv)];
                prop_assert_eq!(tree.move_value(0, child, FULL_DEPTH), value);
            }
        }
        let solution = float.solve(&mut game, &limits).unwrap();
        prop_assert!(solution.exact);
        prop_assert_eq!(solution.value, f64::from(value));
        prop_assert_eq!(game.path.as_slice(), &[0]);
    }
}

/// Dots and Boxes on 2×2 boxes: 12 edges, 6 horizontal (`row * 2 + column`, rows 0 to 2) then
/// 6 vertical (`6 + row * 3 + column`, columns 0 to 2). Completing a box scores 1 and keeps
/// the turn. The key is the edge set alone: the value of the rest for the side to move
/// depends on nothing else.
#[derive(Clone, Copy, Debug)]
struct Dots {
    edges: u16,
    /// The player to move (it does not enter the key).
    first: bool,
}

const EDGES: u32 = 12;

/// The boxes an edge borders, as masks of their four edges.
fn boxes_of(edge: u32) -> impl Iterator<Item = u16> {
    let box_mask = |row: u32, column: u32| -> u16 {
        let top = row * 2 + column;
        let bottom = top + 2;
        let left = 6 + row * 3 + column;
        (1 << top) | (1 << bottom) | (1 << left) | (1 << (left + 1))
    };
    (0..2)
        .flat_map(move |r| (0..2).map(move |c| box_mask(r, c)))
        .filter(move |m| m & (1 << edge) != 0)
}

/// The boxes drawing `edge` completes in `edges`.
fn completed(edges: u16, edge: u32) -> i32 {
    boxes_of(edge).filter(|&m| (edges | (1 << edge)) & m == m).count() as i32
}

impl Game for Dots {
    type Move = u8;
    type Player = bool;
    type Undo = bool;

    fn side_to_move(&self) -> bool {
        self.first
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for edge in 0..EDGES {
            if self.edges & (1 << edge) == 0 {
                let _ = moves.push(edge as u8);
            }
        }
    }
    fn make_move(&mut self, mv: u8) -> bool {
        let scored = completed(self.edges, u32::from(mv)) > 0;
        self.edges |= 1 << mv;
        let before = self.first;
        if !scored {
            self.first = !self.first;
        }
        before
    }
    fn unmake_move(&mut self, mv: u8, before: bool) {
        self.edges &= !(1 << mv);
        self.first = before;
    }
    fn is_terminal(&self) -> bool {
        u32::from(self.edges) == (1 << EDGES) - 1
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.edges).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    const REWARDS: bool = true;
    fn reward(&self, mv: u8) -> i32 {
        completed(self.edges, u32::from(mv))
    }
}

#[derive(Clone, Copy)]
struct DotsEval;

impl Evaluator<Dots> for DotsEval {
    type Score = i32;
    fn evaluate(&self, _: &Dots, _: bool, _: EvalContext) -> i32 {
        0 // every box is taken: nothing left to share
    }
}

/// Memoised brute force over the 4096 edge sets: the value of the rest for the side to move.
fn dots_values() -> Vec<i8> {
    let full = (1_u32 << EDGES) - 1;
    let mut value = vec![0_i8; 1 << EDGES];
    // Decreasing edge sets: every child (one more edge) is done before its parent.
    for edges in (0..full).rev() {
        let mut best = i32::MIN;
        for edge in 0..EDGES {
            if edges & (1 << edge) == 0 {
                let gain = completed(edges as u16, edge);
                let rest = i32::from(value[(edges | (1 << edge)) as usize]);
                best = best.max(if gain > 0 { gain + rest } else { -rest });
            }
        }
        value[edges as usize] = best as i8;
    }
    value
}

/// Every edge set of 2×2 Dots and Boxes: the solver with the table (one table for all, as a
/// user solving position after position keeps it: the key is the edge set, so entries serve
/// every later position that reaches it), the solver without it, and the value-preserving
/// search, all equal to brute force.
#[test]
fn dots_and_boxes_2x2_equals_brute_force_on_every_position() {
    let values = dots_values();
    let table = TranspositionTable::<i32, 4096>::new();
    let mut tabled: Engine<Dots, DotsEval, 12, 16, _> =
        Engine::new(DotsEval, Config::new()).with_table(&table);
    let mut bare: Engine<Dots, DotsEval, 12, 16> = Engine::new(DotsEval, Config::new());
    let search_table = TranspositionTable::<i32, 4096>::new();
    let mut search: Engine<Dots, DotsEval, 12, 16, _> =
        Engine::new(DotsEval, Config::value_preserving()).with_table(&search_table);
    let limits = Limits::depth(1);
    let mut checked = 0;
    for edges in 0..(1_u16 << EDGES) - 1 {
        let mut game = Dots { edges, first: edges % 3 == 0 };
        let expected = i32::from(values[usize::from(edges)]);
        let solution = tabled.solve(&mut game, &limits).unwrap();
        assert!(solution.exact);
        assert_eq!(solution.value, expected, "edges {edges:#05x}");
        if edges.count_ones() >= 4 {
            assert_eq!(bare.solve(&mut game, &limits).unwrap().value, expected);
            let free = EDGES - edges.count_ones();
            let result = search.search(&mut game, &Limits::depth(free)).unwrap();
            assert_eq!(result.score, expected, "search, edges {edges:#05x}");
            checked += 1;
        }
        assert_eq!(game.edges, edges);
    }
    assert_eq!(checked, 4096 - 1 - (0..4).map(|k| binomial(12, k)).sum::<usize>());
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// A game with rewards whose evaluator returns a win as a mate score: refused with a typed
/// error (a win plus rewards is no mate score, and mate scores differ between
/// transpositions).
#[test]
fn a_mate_score_with_rewards_is_an_error() {
    struct Mates;
    impl Evaluator<Dots> for Mates {
        type Score = i32;
        fn evaluate(&self, _: &Dots, _: bool, ctx: EvalContext) -> i32 {
            alphabeta::Score::win_in(ctx.ply)
        }
    }
    let mut engine: Engine<Dots, Mates, 12, 16> = Engine::new(Mates, Config::new());
    let mut game = Dots { edges: 0xFFE, first: true };
    assert_eq!(
        engine.solve(&mut game, &Limits::depth(1)).unwrap_err(),
        SearchError::ScoreOutOfRange { ply: 1 }
    );
    assert_eq!(
        engine.search(&mut game, &Limits::depth(1)).unwrap_err(),
        SearchError::ScoreOutOfRange { ply: 1 }
    );
}

/// The parallel search on more than one thread refuses a game with rewards.
#[cfg(feature = "std")]
#[test]
fn the_parallel_search_refuses_rewards() {
    use alphabeta::parallel::ParallelEngine;
    let engine: Engine<Dots, DotsEval, 12, 16> =
        Engine::new(DotsEval, Config { threads: 2, ..Config::new() });
    let mut parallel = ParallelEngine::new(engine).unwrap();
    let mut game = Dots { edges: 0, first: true };
    assert_eq!(
        parallel.search(&mut game, &Limits::depth(3)).unwrap_err(),
        SearchError::RewardsUnsupported { search: "a parallel search" }
    );
}
