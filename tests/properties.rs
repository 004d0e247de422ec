//! Property tests: the engine against a brute-force negamax written here, on random game trees
//! with uneven depths, many ties, and turns that need not alternate (a random flag per inner
//! node says whether the side to move changes on the way to its children).

use alphabeta::tt::{Bound, CompactLayout, CompactTable, Span, TranspositionTable};
use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, RootSearch, Score,
    SearchResult, TtCutoffs,
};
use proptest::prelude::*;

/// Branching is 0 to 5.
const MAX_MOVES: usize = 8;
const MAX_PLY: usize = 16;
/// Deeper than every tree: a search this deep sees the whole tree.
const FULL_DEPTH: u32 = 8;
const MAX_HEIGHT: u32 = 7;
const MAX_NODES: usize = 400;

/// One node of a random tree. Scores are from the point of view of player `true`.
#[derive(Clone, Debug)]
struct Node {
    children: Vec<usize>,
    /// The player to move here.
    player: bool,
    /// A leaf's value, or an inner node's heuristic at the horizon.
    score: i32,
}

#[derive(Clone, Debug)]
struct RandomTree {
    nodes: Vec<Node>,
}

/// What the strategy draws for one node: branching, whether the side changes below it, a
/// value (a leaf's or a heuristic).
type Entry = (usize, bool, i32);

impl RandomTree {
    /// Builds depth-first from the entries (node `i` takes entry `i % len`), stopping at
    /// `max_nodes` nodes and height `MAX_HEIGHT`.
    fn build(entries: &[Entry], max_nodes: usize) -> Self {
        let entry = |i: usize| entries[i % entries.len()];
        let mut nodes = vec![Node { children: Vec::new(), player: true, score: entry(0).2 }];
        let mut depth = vec![0_u32];
        let mut stack = vec![0_usize];
        while let Some(node) = stack.pop() {
            let (branching, switch, _) = entry(node);
            if depth[node] >= MAX_HEIGHT || nodes.len() + branching > max_nodes {
                continue; // a leaf
            }
            let player = if switch { !nodes[node].player } else { nodes[node].player };
            let first = nodes.len();
            for child in first..first + branching {
                nodes.push(Node { children: Vec::new(), player, score: entry(child).2 });
                depth.push(depth[node] + 1);
            }
            nodes[node].children = (first..first + branching).collect();
            // Leftmost first, so that the early subtrees are the deep ones.
            stack.extend((first..first + branching).rev());
        }
        Self { nodes }
    }

    fn height(&self, node: usize) -> u32 {
        self.nodes[node].children.iter().map(|&c| 1 + self.height(c)).max().unwrap_or(0)
    }

    /// Brute-force negamax: the value of `node` for its side to move, `depth` plies deep,
    /// with `score` turning a stored score (for player `true`) into the score type.
    fn negamax<S: Score>(&self, node: usize, depth: u32, score: &dyn Fn(i32) -> S) -> S {
        let n = &self.nodes[node];
        let own = |s: i32| if n.player { score(s) } else { -score(s) };
        if n.children.is_empty() || depth == 0 {
            return own(n.score);
        }
        let mut best = -S::INFINITY;
        for &child in &n.children {
            let value = self.negamax(child, depth - 1, score);
            let value = if self.nodes[child].player == n.player { value } else { -value };
            if value > best {
                best = value;
            }
        }
        best
    }

    /// The principal variation: at each level the leftmost child with the best value.
    fn pv(&self, depth: u32) -> Vec<u8> {
        let mut line = Vec::new();
        let mut node = 0;
        for left in (1..=depth).rev() {
            let n = &self.nodes[node];
            let values: Vec<i32> = n
                .children
                .iter()
                .map(|&c| {
                    let v = self.negamax(c, left - 1, &|s| s);
                    if self.nodes[c].player == n.player {
                        v
                    } else {
                        -v
                    }
                })
                .collect();
            let Some(&best) = values.iter().max() else { break };
            let index = values.iter().position(|&v| v == best).unwrap();
            line.push(index as u8);
            node = n.children[index];
        }
        line
    }
}

impl RandomTree {
    /// Whether `line`, from the root searched `depth` deep, is a principal variation: every
    /// move keeps the value of its node, and the line ends where the search ends (a leaf or
    /// the depth limit).
    fn is_optimal_line(&self, line: &[u8], depth: u32) -> bool {
        self.is_optimal_prefix(line, depth) && {
            let mut node = 0;
            for &mv in line {
                node = self.nodes[node].children[usize::from(mv)];
            }
            line.len() as u32 == depth || self.nodes[node].children.is_empty()
        }
    }

    /// Whether every move of `line` keeps the value of its node.
    fn is_optimal_prefix(&self, line: &[u8], depth: u32) -> bool {
        self.is_optimal_prefix_from(0, line, depth)
    }

    /// The value of root move `mv` (its child searched `depth - 1` plies) for the root's side.
    fn move_value<S: Score>(&self, mv: u8, depth: u32, score: &dyn Fn(i32) -> S) -> S {
        let child = self.nodes[0].children[usize::from(mv)];
        let value = self.negamax(child, depth - 1, score);
        if self.nodes[child].player == self.nodes[0].player {
            value
        } else {
            -value
        }
    }

    /// [`RandomTree::is_optimal_prefix`] from `node`.
    fn is_optimal_prefix_from(&self, mut node: usize, line: &[u8], depth: u32) -> bool {
        let mut left = depth;
        for &mv in line {
            let n = &self.nodes[node];
            let Some(&child) = n.children.get(usize::from(mv)) else { return false };
            if left == 0 {
                return false;
            }
            let value = self.negamax(node, left, &|s| s);
            let child_value = self.negamax(child, left - 1, &|s| s);
            let seen =
                if self.nodes[child].player == n.player { child_value } else { -child_value };
            if seen != value {
                return false;
            }
            node = child;
            left -= 1;
        }
        true
    }
}

/// The configurations that must give brute force's value: plain alpha-beta (whose PV is also
/// brute force's leftmost PV) and every value-preserving accelerator, with and without random
/// tie-breaking (whose PV is some optimal line).
fn configs() -> [(&'static str, Config); 4] {
    let vp = Config::value_preserving();
    [
        ("plain", Config::plain_alpha_beta()),
        ("value-preserving", vp),
        ("no PVS", Config { pvs: false, mate_distance_pruning: false, ..vp }),
        ("tie-breaking", Config { tie_break_seed: Some(11), ..vp }),
    ]
}

/// The game: a walk down a [`RandomTree`]. Make/unmake on a stack of nodes (`Undo = ()`),
/// checking that the engine unmakes in stack order.
struct Walk<'t> {
    tree: &'t RandomTree,
    path: Vec<usize>,
}

impl<'t> Walk<'t> {
    fn new(tree: &'t RandomTree) -> Self {
        Self { tree, path: vec![0] }
    }
    fn node(&self) -> usize {
        *self.path.last().unwrap()
    }
}

impl Game for Walk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();

    fn side_to_move(&self) -> bool {
        self.tree.nodes[self.node()].player
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.tree.nodes[self.node()].children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        let child = self.tree.nodes[self.node()].children[usize::from(mv)];
        self.path.push(child);
    }
    fn unmake_move(&mut self, mv: u8, (): ()) {
        let child = self.path.pop().unwrap();
        assert_eq!(self.tree.nodes[self.node()].children[usize::from(mv)], child, "unmake order");
    }
    fn is_terminal(&self) -> bool {
        self.tree.nodes[self.node()].children.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        self.node() as u64
    }
}

/// Integer scores: the stored score, negated for player `false`.
struct IntEval;

impl Evaluator<Walk<'_>> for IntEval {
    type Score = i32;
    fn evaluate(&self, game: &Walk<'_>, player: bool, _: EvalContext) -> i32 {
        let score = game.tree.nodes[game.node()].score;
        if player {
            score
        } else {
            -score
        }
    }
}

/// The compact table's declaration for [`Walk`]: keys are node indices (below 2^9, 400
/// nodes at most), scores the leaves' -5..=5 (a window's bound, infinite, is not stored),
/// moves below 5, drafts below 16.
struct WalkLayout;

impl CompactLayout for WalkLayout {
    type Score = i32;
    type Code = Span<-8, 8>;
    const KEY_BITS: u32 = 9;
    const MOVE_BITS: u32 = 3;
    const DRAFT_BITS: u32 = 4;
}

/// Floating scores: a quarter of the stored score (exact in binary), so ties stay ties.
fn quarter(score: i32) -> f64 {
    f64::from(score) / 4.0
}

struct FloatEval;

impl Evaluator<Walk<'_>> for FloatEval {
    type Score = f64;
    fn evaluate(&self, game: &Walk<'_>, player: bool, _: EvalContext) -> f64 {
        let score = quarter(game.tree.nodes[game.node()].score);
        if player {
            score
        } else {
            -score
        }
    }
}

fn trees() -> impl Strategy<Value = RandomTree> {
    let entry = (0_usize..=5, any::<bool>(), -5_i32..=5);
    (prop::collection::vec(entry, 1..=MAX_NODES), 1_usize..=MAX_NODES)
        .prop_map(|(entries, max_nodes)| RandomTree::build(&entries, max_nodes))
}

/// A window bound: usually small, sometimes infinite.
fn bound() -> impl Strategy<Value = i32> {
    prop_oneof![8 => -7_i32..=7, 1 => Just(-i32::MAX), 1 => Just(i32::MAX)]
}

proptest! {
    // Thousands of cases take about a second. A failure prints its shrunk tree; nothing is
    // persisted (an integration test has no lib.rs for proptest to anchor a regression file).
    #![proptest_config(ProptestConfig {
        cases: 5000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// (a) Fail-soft windows: below, inside and above the window.
    #[test]
    fn a_window_search_bounds_the_value(
        tree in trees(),
        depth in 0_u32..=FULL_DEPTH,
        a in bound(),
        b in bound(),
    ) {
        prop_assume!(a != b);
        let (alpha, beta) = (a.min(b), a.max(b));
        let value = tree.negamax(0, depth, &|s| s);
        for (name, config) in configs() {
            let mut game = Walk::new(&tree);
            let mut engine: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, config);
            let result = engine.search_window(&mut game, depth, alpha, beta).unwrap();
            let score = result.score;
            if value <= alpha {
                prop_assert!(score <= alpha, "{name}: value {value} <= alpha {alpha}, got {score}");
            } else if value >= beta {
                prop_assert!(score >= beta, "{name}: value {value} >= beta {beta}, got {score}");
            } else {
                prop_assert_eq!(score, value, "{}", name);
            }
            // Fail-soft bounds are true bounds.
            if score <= alpha {
                prop_assert!(value <= score, "{name}: upper bound {score} below the value {value}");
            }
            if score >= beta {
                prop_assert!(value >= score, "{name}: lower bound {score} above the value {value}");
            }
            prop_assert_eq!(game.path.as_slice(), &[0]);
        }
    }

    /// (b) The full window is plain minimax, best move included; so is `Minimax` with any
    /// window.
    #[test]
    fn the_full_window_equals_brute_force(tree in trees(), depth in 0_u32..=FULL_DEPTH, a in bound()) {
        let value = tree.negamax(0, depth, &|s| s);
        let mut game = Walk::new(&tree);
        for (name, config) in configs() {
            let mut engine: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, config);
            let result = engine.search_window(&mut game, depth, -i32::MAX, i32::MAX).unwrap();
            prop_assert_eq!(result.score, value, "{}", name);
            if name == "plain" {
                prop_assert_eq!(result.best_move, tree.pv(depth).first().copied());
            } else {
                let first: Vec<u8> = result.best_move.into_iter().collect();
                prop_assert!(tree.is_optimal_prefix(&first, depth) || depth == 0, "{}", name);
            }
            prop_assert_eq!(game.path.as_slice(), &[0]);
        }
        let mut engine: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
            Engine::new(IntEval, Config::value_preserving());

        let config = Config { algorithm: Algorithm::Minimax, ..Config::value_preserving() };
        engine.set_config(config);
        let beta = if a == i32::MAX { a } else { a + 1 };
        let result = engine.search_window(&mut game, depth, a.min(beta - 1), beta).unwrap();
        prop_assert_eq!(result.score, value, "Minimax ignores the window");
        prop_assert_eq!(game.path.as_slice(), &[0]);
    }

    /// (c) Iterative deepening, both algorithms, every depth limit, heuristics at the horizon.
    #[test]
    fn search_equals_brute_force_at_every_depth(tree in trees()) {
        let height = tree.height(0);
        let whole = tree.negamax(0, FULL_DEPTH, &|s| s);
        let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
        for (name, config) in [("minimax", minimax)].into_iter().chain(configs()) {
            let algorithm = config.algorithm;
            let mut engine: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, config);
            for depth in 1..=FULL_DEPTH {
                let mut game = Walk::new(&tree);
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                let what = format!("{name} depth {depth} height {height}");
                prop_assert_eq!(result.score, tree.negamax(0, depth, &|s| s), "{}", what);
                if name == "plain" || name == "minimax" {
                    let expected = tree.pv(depth);
                    prop_assert_eq!(result.pv.as_slice(), expected.as_slice(), "{}", what);
                } else {
                    prop_assert!(tree.is_optimal_line(&result.pv, result.depth), "{}", what);
                }
                prop_assert_eq!(result.best_move, result.pv.first().copied(), "{}", what);
                prop_assert!(result.completed && result.depth <= depth, "{}", what);
                if height <= depth {
                    prop_assert!(result.exact, "{}", what);
                }
                if result.exact {
                    prop_assert_eq!(result.score, whole, "{}", what);
                }
                if algorithm == Algorithm::Minimax {
                    prop_assert_eq!(result.exact, height <= result.depth, "{}", what);
                }
                prop_assert_eq!(game.path.as_slice(), &[0]);
            }
        }
    }

    /// (c2) Without the principal variation (`search_without_pv`), with and without a table
    /// (`EqualDraft`: fixed-depth values): what `search` returns, node counts and statistics
    /// included, but the line; so brute force's score at every depth and a best move that
    /// keeps the root's value (for plain alpha-beta brute force's leftmost), and a line (read
    /// back from the table where the search drops it) that starts with it and is a path of
    /// the tree within the depth.
    #[test]
    fn search_without_pv_equals_brute_force(tree in trees()) {
        let table = TranspositionTable::<i32, 64>::new();
        let line_table = TranspositionTable::<i32, 64>::new();
        for (name, config) in configs() {
            let config = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..config };
            let mut with_line: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, config);
            let mut without: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, config);
            let mut with_table =
                Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, config).with_table(&table);
            let mut with_line_table = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, config)
                .with_table(&line_table);
            for depth in 1..=FULL_DEPTH {
                let limits = Limits::depth(depth);
                let what = format!("{name} depth {depth}");
                let mut game = Walk::new(&tree);
                let expected = with_line.search(&mut game, &limits).unwrap();
                let got = without.search_without_pv(&mut game, &limits).unwrap();
                let tabled = with_table.search_without_pv(&mut game, &limits).unwrap();
                let expected_tabled = with_line_table.search(&mut game, &limits).unwrap();
                let same = |result: &SearchResult<u8, i32, MAX_PLY>, expected: &SearchResult<u8, i32, MAX_PLY>| {
                    SearchResult { pv: result.pv.clone(), ..expected.clone() }
                };
                prop_assert_eq!(&got, &same(&got, &expected), "{}", what);
                prop_assert_eq!(&tabled, &same(&tabled, &expected_tabled), "{}", what);
                prop_assert_eq!(game.path.as_slice(), &[0]);
                let whole = tree.negamax(0, FULL_DEPTH, &|s| s);
                for (result, table) in [(&got, false), (&tabled, true)] {
                    let what = format!("{what} table {table}");
                    // An iteration short of the limit only where the last one was exact.
                    let searched = result.depth;
                    prop_assert!(searched == depth || (searched < depth && result.exact), "{}", what);
                    prop_assert_eq!(result.score, tree.negamax(0, searched, &|s| s), "{}", what);
                    if result.exact {
                        prop_assert_eq!(result.score, whole, "{}", what);
                    }
                    prop_assert!(result.completed, "{}", what);
                    prop_assert_eq!(result.best_move, result.pv.first().copied(), "{}", what);
                    let first: Vec<u8> = result.best_move.into_iter().collect();
                    prop_assert!(tree.is_optimal_prefix(&first, searched), "{}", what);
                    // The line is a path of the tree, no deeper than the search.
                    prop_assert!(result.pv.len() as u32 <= result.depth, "{}", what);
                    let mut node = 0;
                    for &mv in &result.pv {
                        let child = tree.nodes[node].children.get(usize::from(mv)).copied();
                        prop_assert!(child.is_some(), "{}: {:?} is no path", what, result.pv);
                        node = child.unwrap_or(0);
                    }
                }
                if name == "plain" {
                    // Plain alpha-beta drops the line: without a table, the best move alone.
                    prop_assert_eq!(got.pv.len(), usize::from(got.best_move.is_some()), "{}", what);
                    let leftmost = tree.pv(depth).first().copied();
                    prop_assert_eq!(got.best_move, leftmost, "{}", what);
                    prop_assert_eq!(tabled.best_move, leftmost, "{}", what);
                }
            }
            table.clear();
            line_table.clear();
        }
    }

    /// (d) The same with `f64` scores.
    #[test]
    fn float_scores_equal_brute_force(tree in trees(), depth in 0_u32..=FULL_DEPTH) {
        let value = tree.negamax(0, depth, &quarter);
        prop_assert_eq!(value, f64::from(tree.negamax(0, depth, &|s| s)) / 4.0);
        let mut game = Walk::new(&tree);
        let mut engine: Engine<Walk, FloatEval, MAX_MOVES, MAX_PLY> =
            Engine::new(FloatEval, Config::value_preserving());
        let result =
            engine.search_window(&mut game, depth, f64::NEG_INFINITY, f64::INFINITY).unwrap();
        prop_assert_eq!(result.score, value);
        let first: Vec<u8> = result.best_move.into_iter().collect();
        prop_assert!(tree.is_optimal_prefix(&first, depth) || depth == 0);
        prop_assert_eq!(game.path.as_slice(), &[0]);
        if depth > 0 {
            let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
            for (name, config) in [("minimax", minimax)].into_iter().chain(configs()) {
                engine.set_config(config);
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                prop_assert_eq!(result.score, value, "{}", name);
                if name == "plain" || name == "minimax" {
                    let expected = tree.pv(depth);
                    prop_assert_eq!(result.pv.as_slice(), expected.as_slice(), "{}", name);
                } else {
                    prop_assert!(tree.is_optimal_line(&result.pv, result.depth), "{}", name);
                }
                prop_assert_eq!(game.path.as_slice(), &[0]);
            }
        }
    }
}

/// The root searches that must equal the full window: aspiration windows of a few widths and
/// MTD(f), without and with a table (`EqualDraft`: a fixed-depth value).
fn root_searches() -> Vec<(String, Config)> {
    let vp = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::value_preserving() };
    let mut out = Vec::new();
    for width in [1.0, 2.0, 3.0] {
        let config =
            Config { root_search: RootSearch::Aspiration, aspiration_half_width: width, ..vp };
        out.push((format!("aspiration {width}"), config));
    }
    out.push(("MTD(f)".to_owned(), Config { root_search: RootSearch::Mtdf, ..vp }));
    out.push((
        "MTD(f), tie-breaking".to_owned(),
        Config { root_search: RootSearch::Mtdf, tie_break_seed: Some(5), ..vp },
    ));
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// (e) Aspiration windows and MTD(f) at the root of each iteration, and `Engine::mtdf`
    /// from any first guess, give brute force's value at every depth, `i32` and `f64`, with
    /// and without a table; their best move is optimal.
    #[test]
    fn root_searches_and_mtdf_equal_brute_force(tree in trees(), guess in bound()) {
        let tables = (TranspositionTable::<i32, 256>::new(), TranspositionTable::<f64, 256>::new());
        let compact = CompactTable::<WalkLayout, 3>::with_entries(256).unwrap();
        for (name, config) in root_searches() {
            let mut plain: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> = Engine::new(IntEval, config);
            let mut int = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, config)
                .with_table(&tables.0);
            let mut small = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, config)
                .with_table(&compact);
            compact.clear();
            let mut float = Engine::<Walk, FloatEval, MAX_MOVES, MAX_PLY>::new(FloatEval, config)
                .with_table(&tables.1);
            tables.0.clear();
            tables.1.clear();
            for depth in 1..=FULL_DEPTH {
                let what = format!("{name} depth {depth}");
                let value = tree.negamax(0, depth, &|s| s);
                let mut game = Walk::new(&tree);
                for result in [
                    plain.search(&mut game, &Limits::depth(depth)).unwrap(),
                    int.search(&mut game, &Limits::depth(depth)).unwrap(),
                    small.search(&mut game, &Limits::depth(depth)).unwrap(),
                ] {
                    prop_assert_eq!(result.score, value, "{}", what);
                    let first: Vec<u8> = result.best_move.into_iter().collect();
                    prop_assert!(tree.is_optimal_prefix(&first, depth), "{}", what);
                    prop_assert!(result.stats.root_searches >= u64::from(result.depth), "{}", what);
                }
                let result = float.search(&mut game, &Limits::depth(depth)).unwrap();
                prop_assert_eq!(result.score, quarter(value), "{} (f64)", what);
                prop_assert_eq!(game.path.as_slice(), &[0]);
            }
        }
        // A fixed-depth value: entries of other depths do not cut.
        let exact = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::value_preserving() };
        tables.0.clear();
        let mut int = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, exact)
            .with_table(&tables.0);
        compact.clear();
        let mut small = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, exact)
            .with_table(&compact);
        let mut float = Engine::<Walk, FloatEval, MAX_MOVES, MAX_PLY>::new(FloatEval, Config::value_preserving());
        for depth in 0..=FULL_DEPTH {
            let mut game = Walk::new(&tree);
            let value = tree.negamax(0, depth, &|s| s);
            let result = int.mtdf(&mut game, depth, guess).unwrap();
            prop_assert_eq!(result.score, value, "mtdf depth {} guess {}", depth, guess);
            let compact_result = small.mtdf(&mut game, depth, guess).unwrap();
            prop_assert_eq!(compact_result.score, value, "compact mtdf depth {} guess {}", depth, guess);
            let first: Vec<u8> = result.best_move.into_iter().collect();
            prop_assert!(depth == 0 || tree.is_optimal_prefix(&first, depth));
            let guess = if guess.unsigned_abs() > 100 { f64::from(guess) } else { quarter(guess) };
            let result = float.mtdf(&mut game, depth, guess).unwrap();
            prop_assert_eq!(result.score, quarter(value), "mtdf f64 depth {}", depth);
            prop_assert_eq!(game.path.as_slice(), &[0]);
        }
    }

    /// (f) Analysis: with `lines` at least the moves, every root move's exact value; with
    /// fewer, the best `lines` exact (best first, each with a line that keeps its value) and
    /// the others bounded above by a bound at most the last of them; `i32` and `f64`.
    #[test]
    fn every_root_move_scores_its_brute_force_value(
        tree in trees(),
        depth in 1_u32..=FULL_DEPTH,
        lines in 1_usize..=6,
        table in any::<bool>(),
    ) {
        let moves = tree.nodes[0].children.len();
        let slots = TranspositionTable::<i32, 256>::new();
        for (name, config) in configs() {
            let mut engine = Engine::<Walk, IntEval, MAX_MOVES, MAX_PLY>::new(IntEval, config)
                .with_table(&slots);
            if !table {
                engine.set_config(Config { tt_cutoffs: TtCutoffs::Never, ..config });
            }
            let mut game = Walk::new(&tree);
            let analysis = engine.analyze(&mut game, &Limits::depth(depth), lines).unwrap();
            prop_assert_eq!(game.path.as_slice(), &[0]);
            let what = format!("{name} depth {depth} lines {lines} table {table}");
            prop_assert_eq!(analysis.moves.len(), moves, "{}", what);
            prop_assert_eq!(analysis.score, tree.negamax(0, depth, &|s| s), "{}", what);
            let exact: Vec<i32> = analysis.lines().map(|m| m.score).collect();
            prop_assert!(exact.len() >= lines.min(moves), "{}: {:?}", what, analysis.moves);
            prop_assert!(exact.windows(2).all(|w| w[0] >= w[1]), "{}", what);
            let last = exact.get(lines.min(moves).max(1) - 1).copied();
            for (index, m) in analysis.moves.iter().enumerate() {
                let value = tree.move_value(m.mv, depth, &|s| s);
                match m.bound {
                    Bound::Exact => {
                        prop_assert_eq!(m.score, value, "{}: move {}", what, m.mv);
                        prop_assert_eq!(m.pv.first(), Some(&m.mv), "{}", what);
                        let child = tree.nodes[0].children[usize::from(m.mv)];
                        prop_assert!(
                            tree.is_optimal_prefix_from(child, &m.pv[1..], depth - 1),
                            "{}: line {:?}", what, m.pv
                        );
                        prop_assert!(index < exact.len(), "{}: exact moves come first", what);
                    }
                    _ => {
                        prop_assert_eq!(m.bound, Bound::Upper, "{}", what);
                        prop_assert!(value <= m.score, "{}: bound {} below {}", what, m.score, value);
                        prop_assert!(Some(m.score) <= last, "{}: bound above the lines", what);
                        prop_assert!(m.pv.is_empty());
                    }
                }
            }
        }
        let mut float: Engine<Walk, FloatEval, MAX_MOVES, MAX_PLY> =
            Engine::new(FloatEval, Config::value_preserving());
        let analysis = float.analyze(&mut Walk::new(&tree), &Limits::depth(depth), usize::MAX).unwrap();
        for m in &analysis.moves {
            prop_assert_eq!(m.bound, Bound::Exact);
            prop_assert_eq!(m.score, tree.move_value(m.mv, depth, &quarter));
        }
    }
}

#[test]
fn the_strategy_makes_varied_trees() {
    // Deep trees, big trees, lone roots and turns that do not alternate all occur.
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = trees();
    let (mut deepest, mut biggest, mut lone_roots, mut repeated_turns, mut total) = (0, 0, 0, 0, 0);
    for _ in 0..1000 {
        let tree = strategy.new_tree(&mut runner).unwrap().current();
        let height = tree.height(0);
        assert!(height <= MAX_HEIGHT && tree.nodes.len() <= MAX_NODES);
        deepest += usize::from(height == MAX_HEIGHT);
        biggest += usize::from(tree.nodes.len() >= 200);
        lone_roots += usize::from(tree.nodes.len() == 1);
        let same_side = |n: &Node| n.children.iter().any(|&c| tree.nodes[c].player == n.player);
        repeated_turns += usize::from(tree.nodes.iter().any(same_side));
        total += tree.nodes.len();
    }
    println!("{deepest} of height 7, {biggest} of 200+ nodes, {lone_roots} lone roots, {repeated_turns} with repeated turns, {} nodes on average", total / 1000);
    assert!(deepest > 100 && biggest > 100 && lone_roots > 10 && repeated_turns > 500);
}

/// The exact solver ([`Engine::solve`]) against brute force on the whole tree.
mod solve {
    use super::*;

    /// Checks a solution of `tree` against brute force: the value, and a best move that
    /// achieves it.
    fn check<S: Score + core::fmt::Debug>(
        tree: &RandomTree,
        solution: &alphabeta::Solution<u8, S>,
        score: &dyn Fn(i32) -> S,
        what: &str,
    ) -> Result<(), TestCaseError> {
        let value = tree.negamax(0, FULL_DEPTH, score);
        prop_assert!(solution.exact, "{}", what);
        prop_assert_eq!(solution.value, value, "{}", what);
        prop_assert_eq!((solution.lower, solution.upper), (value, value), "{}", what);
        match solution.best_move {
            None => prop_assert!(tree.nodes[0].children.is_empty(), "{}: no move", what),
            Some(mv) => prop_assert_eq!(tree.move_value(mv, FULL_DEPTH, score), value, "{}", what),
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 3000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Integer scores, without a table and with one (kept across the solves, as a user
        /// keeps it), from the default range and from ranges given, right and wrong.
        #[test]
        fn solve_equals_brute_force(tree in trees(), a in -7_i32..=7, b in -7_i32..=7) {
            let table = TranspositionTable::<i32, 64>::new();
            let value = tree.negamax(0, FULL_DEPTH, &|s| s);
            let limits = Limits::depth(1);
            let mut bare: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY> =
                Engine::new(IntEval, Config::new());
            let mut tabled: Engine<Walk, IntEval, MAX_MOVES, MAX_PLY, _> =
                Engine::new(IntEval, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            let solution = bare.solve(&mut game, &limits).unwrap();
            check(&tree, &solution, &|s| s, "no table")?;
            prop_assert_eq!(game.path.as_slice(), &[0]);
            for round in 0..2 {
                let solution = tabled.solve(&mut game, &limits).unwrap();
                check(&tree, &solution, &|s| s, &format!("table, round {round}"))?;
                prop_assert_eq!(game.path.as_slice(), &[0]);
            }
            let (low, high) = (a.min(b), a.max(b));
            let solution = tabled.solve_between(&mut game, low, high, &limits).unwrap();
            if (low..=high).contains(&value) {
                check(&tree, &solution, &|s| s, &format!("range {low}..={high}"))?;
            } else {
                // A value outside the range given is reported as a bound that crosses it.
                prop_assert!(!solution.exact);
                prop_assert!(solution.lower <= value && value <= solution.upper);
                prop_assert!(solution.lower > high || solution.upper < low, "{:?}", solution);
            }
            prop_assert_eq!(game.path.as_slice(), &[0]);
            // One test with any window: fail-soft bounds around the value.
            let (alpha, beta) = (low - 1, high + 1);
            let result = bare.solve_window(&mut game, alpha, beta).unwrap();
            if value <= alpha {
                prop_assert!(value <= result.score && result.score <= alpha);
            } else if value >= beta {
                prop_assert!(beta <= result.score && result.score <= value);
            } else {
                prop_assert_eq!(result.score, value);
            }
        }

        /// Floating scores (quarters), where the tests are null windows of epsilon.
        #[test]
        fn solve_equals_brute_force_with_floats(tree in trees()) {
            let table = TranspositionTable::<f64, 64>::new();
            let mut engine: Engine<Walk, FloatEval, MAX_MOVES, MAX_PLY, _> =
                Engine::new(FloatEval, Config::new()).with_table(&table);
            let mut game = Walk::new(&tree);
            let solution = engine.solve(&mut game, &Limits::depth(1)).unwrap();
            check(&tree, &solution, &quarter, "f64")?;
            let solution = engine.solve_between(&mut game, -2.0, 2.0, &Limits::depth(1)).unwrap();
            let value = tree.negamax(0, FULL_DEPTH, &quarter);
            if (-2.0..=2.0).contains(&value) {
                check(&tree, &solution, &quarter, "f64 in -2..=2")?;
            } else {
                prop_assert!(!solution.exact);
            }
        }
    }
}

/// A game that declares copy-make ([`Game::copy_make`]): the node loops search children by
/// value and must find what make/unmake finds.
mod copy_make {
    use super::*;
    use std::cell::Cell;

    #[derive(Clone, Copy)]
    struct CopyWalk<'t> {
        tree: &'t RandomTree,
        node: usize,
        /// Counts the calls of `make_move` (the node loops should make none).
        makes: &'t Cell<u32>,
    }

    impl Game for CopyWalk<'_> {
        type Move = u8;
        type Player = bool;
        type Undo = usize;
        fn side_to_move(&self) -> bool {
            self.tree.nodes[self.node].player
        }
        fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
            for index in 0..self.tree.nodes[self.node].children.len() {
                let _ = moves.push(index as u8);
            }
        }
        fn make_move(&mut self, mv: u8) -> usize {
            self.makes.set(self.makes.get() + 1);
            let before = self.node;
            self.node = self.tree.nodes[self.node].children[usize::from(mv)];
            before
        }
        fn unmake_move(&mut self, _: u8, before: usize) {
            self.node = before;
        }
        fn copy_make(&self, mv: u8) -> Option<Self> {
            Some(CopyWalk { node: self.tree.nodes[self.node].children[usize::from(mv)], ..*self })
        }
        fn is_terminal(&self) -> bool {
            self.tree.nodes[self.node].children.is_empty()
        }
        fn zobrist_key(&self) -> u64 {
            self.node as u64
        }
    }

    struct CopyEval;
    impl<'t> Evaluator<CopyWalk<'t>> for CopyEval {
        type Score = i32;
        fn evaluate(&self, game: &CopyWalk<'t>, player: bool, _: EvalContext) -> i32 {
            let score = game.tree.nodes[game.node].score;
            if player {
                score
            } else {
                -score
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 2000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn copy_make_searches_equal_brute_force(tree in trees(), depth in 1_u32..=FULL_DEPTH) {
            let makes = Cell::new(0);
            let value = tree.negamax(0, depth, &|s| s);
            let whole = tree.negamax(0, FULL_DEPTH, &|s| s);
            for (name, config) in configs() {
                let table = TranspositionTable::<i32, 64>::new();
                let mut engine: Engine<CopyWalk, CopyEval, MAX_MOVES, MAX_PLY, _> =
                    Engine::new(CopyEval, config).with_table(&table);
                let mut game = CopyWalk { tree: &tree, node: 0, makes: &makes };
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                prop_assert_eq!(result.score, value, "{}", name);
                prop_assert!(tree.is_optimal_line(&result.pv, result.depth), "{}", name);
                let solution = engine.solve(&mut game, &Limits::depth(1)).unwrap();
                prop_assert_eq!(solution.value, whole, "{}", name);
                prop_assert_eq!(game.node, 0);
                let mut bare: Engine<CopyWalk, CopyEval, MAX_MOVES, MAX_PLY> =
                    Engine::new(CopyEval, config);
                let result = bare.search(&mut game, &Limits::depth(depth)).unwrap();
                prop_assert_eq!(result.score, value, "{} without a table", name);
            }
            prop_assert_eq!(makes.get(), 0, "the node loops made a move by make_move");
        }
    }
}
