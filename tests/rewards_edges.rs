//! The rewards path near the ends of the score range: the search and the exact
//! solver against a brute-force negamax (in i64) on random trees whose values lie near
//! `±(WIN - MAX_MATE_PLY)` (mate scores) or near `±INFINITY` (no mate scores), every move
//! value of the brute force inside the range, so any difference is the engine's.

use alphabeta::tt::TranspositionTable;
use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, RootSearch, Score, Solved,
    MAX_MATE_PLY,
};
use proptest::prelude::*;

const MAX_MOVES: usize = 16;
const MAX_PLY: usize = 16;
const MAX_NODES: usize = 300;

#[path = "common/reward_tree.rs"]
mod reward_tree;
use reward_tree::{Node, RandomTree, RestEval, Walk};

/// The same in `f64`, without mate scores.
#[allow(dead_code)]
struct PlainEval;

impl Evaluator<Walk<'_>> for PlainEval {
    type Score = f64;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Walk<'_>, _: bool, _: EvalContext) -> f64 {
        f64::from(game.tree.nodes[game.node()].score)
    }
}

/// The same in `i32` without mate scores: anything from `-INFINITY` to `INFINITY`.
struct NoMates;

impl Evaluator<Walk<'_>> for NoMates {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Walk<'_>, _: bool, _: EvalContext) -> i32 {
        game.tree.nodes[game.node()].score
    }
}

/// Brute force in `i64`: the value of the rest at `node`, `depth` plies deep, or `None` when
/// a move value on the way leaves `-limit ..= limit`.
fn exact(tree: &RandomTree, node: usize, depth: u32, limit: i64) -> Option<i64> {
    let n = &tree.nodes[node];
    if n.children.is_empty() || depth == 0 {
        return Some(i64::from(n.score));
    }
    let mut best = i64::MIN;
    for &c in &n.children {
        let v = exact(tree, c, depth - 1, limit)?;
        let child = &tree.nodes[c];
        let m = i64::from(child.reward) + if child.player == n.player { v } else { -v };
        if m.abs() > limit {
            return None;
        }
        best = best.max(m);
    }
    Some(best)
}

/// Random trees whose leaves are worth `±base` plus a little, for their side to move.
fn edge_trees(base: i32, k: i32) -> impl Strategy<Value = RandomTree> {
    let entry = (0_usize..=4, any::<bool>(), -3_i32..=3, -5_i32..=5);
    (
        prop::collection::vec(entry, 1..=MAX_NODES),
        1_usize..=MAX_NODES,
        prop::collection::vec(any::<bool>(), 64),
    )
        .prop_map(move |(entries, max_nodes, signs)| {
            let mut tree = RandomTree::build(&entries, max_nodes);
            for (i, node) in tree.nodes.iter_mut().enumerate() {
                let s = if signs[i % signs.len()] { base } else { -base };
                node.score += s;
                node.reward *= k;
            }
            tree
        })
}

fn configs() -> [(&'static str, Config); 9] {
    let vp = Config::value_preserving();
    [
        ("plain", Config::plain_alpha_beta()),
        ("value-preserving", vp),
        ("no PVS", Config { pvs: false, ..vp }),
        ("MTD(f)", Config { root_search: RootSearch::Mtdf, ..vp }),
        (
            "aspiration",
            Config { root_search: RootSearch::Aspiration, aspiration_half_width: 1.0, ..vp },
        ),
        ("minimax", Config { algorithm: Algorithm::Minimax, ..Config::plain_alpha_beta() }),
        ("equal draft", Config { tt_cutoffs: alphabeta::TtCutoffs::EqualDraft, ..vp }),
        ("no deepening", Config { iterative_deepening: false, ..vp }),
        ("tie-breaking", Config { tie_break_seed: Some(7), ..vp }),
    ]
}

/// The largest heuristic score with mate scores: strictly inside `±(WIN - MAX_MATE_PLY)`.
fn mate_edge() -> i32 {
    <i32 as Score>::WIN - MAX_MATE_PLY as i32 - 1
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    })]

    /// Values just inside the heuristic range of an evaluator with mate scores.
    #[test]
    fn search_and_solver_near_the_mate_band(tree in edge_trees(mate_edge() - 40, 1), depth in 1_u32..=7) {
        let limit = i64::from(mate_edge());
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> = Engine::new(RestEval, config);
            let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
        }
        if let Some(full) = exact(&tree, 0, 8, limit) {
            let full = full as i32;
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> = Engine::new(RestEval, Config::new());
            let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            for (with, s) in [("bare", bare.solve(&mut game, &Limits::depth(1)).unwrap()), ("table", tabled.solve(&mut game, &Limits::depth(1)).unwrap())] {
                prop_assert!(s.exact, "solve {}: {:?}", with, (s.lower, s.upper));
                prop_assert_eq!(s.value, full, "solve {}", with);
            }
        }
    }

    /// Values near `±INFINITY` with an `i32` evaluator without mate scores.
    #[test]
    fn search_and_solver_near_infinity(tree in edge_trees(i32::MAX - 40, 1), depth in 1_u32..=7) {
        let limit = i64::from(i32::MAX);
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, NoMates, MAX_MOVES, MAX_PLY> = Engine::new(NoMates, config);
            let mut tabled = Engine::<Walk, NoMates, MAX_MOVES, MAX_PLY>::new(NoMates, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
        }
        if let Some(full) = exact(&tree, 0, 8, limit) {
            let full = full as i32;
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, NoMates, MAX_MOVES, MAX_PLY> = Engine::new(NoMates, Config::new());
            let mut tabled = Engine::<Walk, NoMates, MAX_MOVES, MAX_PLY>::new(NoMates, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            for (with, s) in [("bare", bare.solve(&mut game, &Limits::depth(1)).unwrap()), ("table", tabled.solve(&mut game, &Limits::depth(1)).unwrap())] {
                prop_assert!(s.exact, "solve {}: {:?}", with, (s.lower, s.upper));
                prop_assert_eq!(s.value, full, "solve {}", with);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    })]

    /// Values just inside the heuristic range of an evaluator with mate scores.
    #[test]
    fn big_rewards_near_the_mate_band(tree in edge_trees(mate_edge() - 5, 1000), depth in 1_u32..=7) {
        let limit = i64::from(mate_edge());
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> = Engine::new(RestEval, config);
            let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
        }
        if let Some(full) = exact(&tree, 0, 8, limit) {
            let full = full as i32;
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> = Engine::new(RestEval, Config::new());
            let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            for (with, s) in [("bare", bare.solve(&mut game, &Limits::depth(1)).unwrap()), ("table", tabled.solve(&mut game, &Limits::depth(1)).unwrap())] {
                prop_assert!(s.exact, "solve {}: {:?}", with, (s.lower, s.upper));
                prop_assert_eq!(s.value, full, "solve {}", with);
            }
        }
    }

    /// Values near `±INFINITY` with an `i32` evaluator without mate scores.
    #[test]
    fn big_rewards_near_infinity(tree in edge_trees(i32::MAX - 5, 1000), depth in 1_u32..=7) {
        let limit = i64::from(i32::MAX);
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, NoMates, MAX_MOVES, MAX_PLY> = Engine::new(NoMates, config);
            let mut tabled = Engine::<Walk, NoMates, MAX_MOVES, MAX_PLY>::new(NoMates, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
        }
        if let Some(full) = exact(&tree, 0, 8, limit) {
            let full = full as i32;
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, NoMates, MAX_MOVES, MAX_PLY> = Engine::new(NoMates, Config::new());
            let mut tabled = Engine::<Walk, NoMates, MAX_MOVES, MAX_PLY>::new(NoMates, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            for (with, s) in [("bare", bare.solve(&mut game, &Limits::depth(1)).unwrap()), ("table", tabled.solve(&mut game, &Limits::depth(1)).unwrap())] {
                prop_assert!(s.exact, "solve {}: {:?}", with, (s.lower, s.upper));
                prop_assert_eq!(s.value, full, "solve {}", with);
            }
        }
    }
}

/// An evaluator that scores every end of the game as a win at its ply: a mate score, which a game with
/// rewards must not return (`Game::REWARDS`: "such a score stops the search with
/// `SearchError::ScoreOutOfRange`").
struct Mates;

impl Evaluator<Walk<'_>> for Mates {
    type Score = i32;
    fn evaluate(&self, game: &Walk<'_>, _: bool, ctx: EvalContext) -> i32 {
        if game.is_terminal() {
            <i32 as Score>::win_in(ctx.ply)
        } else {
            0
        }
    }
}

/// A root with one child, which has two leaf children at ply 2, the first earning 1.
fn two_leaves() -> RandomTree {
    RandomTree {
        nodes: vec![
            Node { children: vec![1], player: true, reward: 0, score: 0 },
            Node { children: vec![2, 3], player: false, reward: 0, score: 0 },
            Node { children: vec![], player: true, reward: 1, score: 0 },
            Node { children: vec![], player: true, reward: 0, score: 0 },
        ],
    }
}

/// Once a defect: the plain alpha-beta loop (`Config::plain_alpha_beta()` without a table,
/// `Engine::alpha_beta` -> `leaf` in src/search/node.rs) checks a leaf's score with
/// `Score::is_valid` instead of `valid_leaf`, so a mate score from a game with rewards is
/// accepted there (the search returns a value) where every other node loop stops with
/// `ScoreOutOfRange`.
#[test]
fn plain_alpha_beta_refuses_a_mate_score_with_rewards() {
    let tree = two_leaves();
    let mut game = Walk::new(&tree);
    for (name, config) in
        [("plain", Config::plain_alpha_beta()), ("value-preserving", Config::value_preserving())]
    {
        let mut engine: Engine<Walk, Mates, MAX_MOVES, MAX_PLY> = Engine::new(Mates, config);
        let limits = Limits::depth(3);
        assert_eq!(
            engine.search(&mut game, &limits).map(|r| r.score),
            Err(alphabeta::SearchError::ScoreOutOfRange { ply: 2 }),
            "{name}: search"
        );
        assert_eq!(
            engine.search_without_pv(&mut game, &limits).map(|r| r.score),
            Err(alphabeta::SearchError::ScoreOutOfRange { ply: 2 }),
            "{name}: search_without_pv"
        );
    }
}

/// The small trees of tests/rewards.rs (rewards -3..=3, values -5..=5).
fn small_trees() -> impl Strategy<Value = RandomTree> {
    edge_trees(0, 1)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// `Engine::analyze` with rewards: every exact root move's score is its brute-force
    /// value, every other an upper bound of it, with and without a table.
    #[test]
    fn analysis_with_rewards(tree in small_trees(), depth in 1_u32..=7, lines in 1_usize..=5) {
        prop_assume!(!tree.nodes[0].children.is_empty());
        let table = TranspositionTable::<i32, 64>::new();
        let config = Config::value_preserving();
        let mut bare: Engine<Walk, RestEval, MAX_MOVES, MAX_PLY> = Engine::new(RestEval, config);
        let mut tabled = Engine::<Walk, RestEval, MAX_MOVES, MAX_PLY>::new(RestEval, config).with_table(&table);
        let mut game = Walk::new(&tree);
        let limits = Limits::depth(depth);
        let best = exact(&tree, 0, depth, i64::MAX).unwrap() as i32;
        for (with, analysis) in [("bare", bare.analyze(&mut game, &limits, lines).unwrap()), ("table", tabled.analyze(&mut game, &limits, lines).unwrap())] {
            prop_assert_eq!(analysis.score, best, "{}", with);
            prop_assert_eq!(analysis.moves.len(), tree.nodes[0].children.len());
            for line in analysis.moves.iter() {
                let child = tree.nodes[0].children[usize::from(line.mv)];
                let value = tree.move_value(0, child, depth);
                if line.bound == alphabeta::tt::Bound::Exact {
                    prop_assert_eq!(line.score, value, "{} move {}", with, line.mv);
                } else {
                    prop_assert!(line.score >= value, "{} move {}: {} < {}", with, line.mv, line.score, value);
                }
            }
            prop_assert_eq!(game.path.as_slice(), &[0]);
        }
    }
}

/// The height of `node`'s subtree (0 for a leaf).
fn height(tree: &RandomTree, node: usize) -> u32 {
    tree.nodes[node].children.iter().map(|&c| 1 + height(tree, c)).max().unwrap_or(0)
}

/// `RestEval` (`MATES`) or `NoMates` with both hooks, answering by brute force where the
/// subtree ends within `depth_left` (exact values hold for every window), and checking the
/// window it is given.
struct Hooked<const MATES: bool>;

impl<const MATES: bool> Evaluator<Walk<'_>> for Hooked<MATES> {
    type Score = i32;
    const MATE_SCORES: bool = MATES;
    fn evaluate(&self, game: &Walk<'_>, _: bool, _: EvalContext) -> i32 {
        game.tree.nodes[game.node()].score
    }
    const SOLVE_DEPTH: u32 = 3;
    fn solve_subtree(
        &self,
        game: &Walk<'_>,
        ctx: EvalContext,
        alpha: i32,
        beta: i32,
    ) -> Option<Solved<i32>> {
        assert!(alpha < beta, "solve_subtree window ({alpha}, {beta})");
        let node = game.node();
        (height(game.tree, node) <= ctx.depth_left).then(|| Solved {
            score: exact(game.tree, node, ctx.depth_left, i64::MAX).unwrap() as i32,
            nodes: 1,
        })
    }
    const BOUNDS: bool = true;
    fn bound_cut(&self, game: &Walk<'_>, ctx: EvalContext, alpha: i32, beta: i32) -> Option<i32> {
        assert!(alpha < beta, "bound_cut window ({alpha}, {beta})");
        let node = game.node();
        if height(game.tree, node) > ctx.depth_left || node.is_multiple_of(2) {
            return None;
        }
        let v = exact(game.tree, node, ctx.depth_left, i64::MAX).unwrap() as i32;
        (v <= alpha || v >= beta).then_some(v)
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Both hooks with rewards: the search in every configuration and the solver equal brute
    /// force.
    #[test]
    fn hooks_with_rewards(tree in small_trees(), depth in 1_u32..=7) {
        let value = exact(&tree, 0, depth, i64::MAX).unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, Hooked<true>, MAX_MOVES, MAX_PLY> = Engine::new(Hooked::<true>, config);
            let mut tabled = Engine::<Walk, Hooked<true>, MAX_MOVES, MAX_PLY>::new(Hooked::<true>, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
            prop_assert_eq!(bare.search_without_pv(&mut game, &limits).unwrap().score, value, "{} bare without pv", name);
            prop_assert_eq!(tabled.search_without_pv(&mut game, &limits).unwrap().score, value, "{} table without pv", name);
        }
        let full = exact(&tree, 0, 8, i64::MAX).unwrap() as i32;
        let table = TranspositionTable::<i32, 64>::new();
        let mut tabled = Engine::<Walk, Hooked<true>, MAX_MOVES, MAX_PLY>::new(Hooked::<true>, Config::new()).with_table(&table);
        let mut game = Walk::new(&tree);
        let s = tabled.solve(&mut game, &Limits::depth(1)).unwrap();
        prop_assert!(s.exact);
        prop_assert_eq!(s.value, full);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    })]

    /// Both hooks with rewards near `±INFINITY` (no mate scores): the windows they get are
    /// never empty, and the search and the solver equal brute force.
    #[test]
    fn hooks_with_rewards_near_infinity(tree in edge_trees(i32::MAX - 5, 1000), depth in 1_u32..=7) {
        let limit = i64::from(i32::MAX);
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap() as i32;
        for (name, config) in configs() {
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, Hooked<false>, MAX_MOVES, MAX_PLY> = Engine::new(Hooked::<false>, config);
            let mut tabled = Engine::<Walk, Hooked<false>, MAX_MOVES, MAX_PLY>::new(Hooked::<false>, config).with_table(&table);
            let mut game = Walk::new(&tree);
            let limits = Limits::depth(depth);
            prop_assert_eq!(bare.search(&mut game, &limits).unwrap().score, value, "{} bare", name);
            prop_assert_eq!(tabled.search(&mut game, &limits).unwrap().score, value, "{} table", name);
        }
        if let Some(full) = exact(&tree, 0, 8, limit) {
            let table = TranspositionTable::<i32, 64>::new();
            let mut tabled = Engine::<Walk, Hooked<false>, MAX_MOVES, MAX_PLY>::new(Hooked::<false>, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            let s = tabled.solve(&mut game, &Limits::depth(1)).unwrap();
            prop_assert!(s.exact);
            prop_assert_eq!(s.value, full as i32);
        }
    }
}

/// A root whose one move earns 1000 and passes the turn to a position worth `INFINITY` (an
/// evaluator without mate scores may return it): the root is worth `1000 - INFINITY`.
fn one_move_to_infinity() -> RandomTree {
    RandomTree {
        nodes: vec![
            Node { children: vec![1], player: true, reward: 0, score: 0 },
            Node { children: vec![], player: false, reward: 1000, score: i32::MAX },
        ],
    }
}

/// Once a defect: with MTD(f), the null window just below the root's value `1000 -
/// INFINITY` is shifted by the reward in `search_move` (src/search/node.rs): both ends
/// saturate at `-INFINITY`, and `search_shifted` offered the child to
/// `Evaluator::solve_subtree` with an empty window, which its contract excludes ("`alpha <
/// beta`"): the hook asserting it panicked. The search's value is right.
#[test]
fn the_solve_hook_never_gets_an_empty_window() {
    let tree = one_move_to_infinity();
    let config = Config { root_search: RootSearch::Mtdf, ..Config::value_preserving() };
    let mut engine: Engine<Walk, Hooked<false>, MAX_MOVES, MAX_PLY> =
        Engine::new(Hooked::<false>, config);
    let mut game = Walk::new(&tree);
    assert_eq!(engine.search(&mut game, &Limits::depth(1)).unwrap().score, 1000 - i32::MAX);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    })]

    /// `Engine::search_window` with rewards near `±INFINITY`: windows around the value and
    /// at the ends; fail-soft bounds are true bounds, a value inside the window is exact.
    #[test]
    fn windows_with_rewards_near_infinity(
        tree in edge_trees(i32::MAX - 5, 1000),
        depth in 1_u32..=7,
        da in -3000_i64..=3000,
        db in -3000_i64..=3000,
        ends in 0_u8..4,
    ) {
        let limit = i64::from(i32::MAX);
        let value = exact(&tree, 0, depth, limit);
        prop_assume!(value.is_some());
        let value = value.unwrap();
        let clamp = |x: i64| x.clamp(-limit, limit) as i32;
        let (mut a, mut b) = (clamp(value + da), clamp(value + db));
        if ends & 1 != 0 { a = -i32::MAX; }
        if ends & 2 != 0 { b = i32::MAX; }
        prop_assume!(a < b);
        let value = value as i32;
        for (name, config) in configs() {
            if config.algorithm != Algorithm::AlphaBeta || config.root_search != RootSearch::FullWindow {
                continue;
            }
            let table = TranspositionTable::<i32, 64>::new();
            let mut bare: Engine<Walk, NoMates, MAX_MOVES, MAX_PLY> = Engine::new(NoMates, config);
            let mut tabled = Engine::<Walk, NoMates, MAX_MOVES, MAX_PLY>::new(NoMates, config).with_table(&table);
            let mut game = Walk::new(&tree);
            for (with, score) in [("bare", bare.search_window(&mut game, depth, a, b).unwrap().score), ("table", tabled.search_window(&mut game, depth, a, b).unwrap().score)] {
                if value <= a {
                    prop_assert!(value <= score && score <= a, "{} {}: ({}, {}) value {} score {}", name, with, a, b, value, score);
                } else if value >= b {
                    prop_assert!(b <= score && score <= value, "{} {}: ({}, {}) value {} score {}", name, with, a, b, value, score);
                } else {
                    prop_assert_eq!(score, value, "{} {}", name, with);
                }
            }
        }
    }
}
