//! The selective refinements: logarithmic late move reductions, reverse futility pruning,
//! futility pruning, late move pruning and internal iterative reduction ([`Config::lmr_log`],
//! [`Config::reverse_futility`], [`Config::futility`], [`Config::late_move_pruning`],
//! [`Config::internal_reduction`]).
//!
//! They are not value-preserving: what they promise is tested. On random trees whose static
//! evaluation of every node is its exact value (the negamax value of its subtree), every
//! reduced search still finds the exact value and reverse futility and futility pruning cut
//! only with sound bounds, so the value and every fail-soft bound equal brute force, for any
//! margin and any window, with and without a table. With the static evaluation off by up to
//! `k`, reverse futility pruning with a margin of at least `k` per ply changes no value
//! either. Late move pruning skips moves whatever they hold: it is only checked not to fail
//! and to return a value within the tree's range. With every option off the search visits
//! the same nodes as the configuration that never had them.

use alphabeta::tt::HeapTable;
use alphabeta::{
    Config, EvalContext, Evaluator, Futility, Game, LogReduction, MoveList, SearchError,
};

const MAX_MOVES: usize = 6;
const MAX_PLY: usize = 16;

/// A random tree: each node's children, its exact negamax value for its side to move, the
/// noise its static evaluation adds, and whether it is "in check" (no standing pat).
struct Tree {
    children: Vec<Vec<usize>>,
    value: Vec<i32>,
    noise: Vec<i32>,
    in_check: Vec<bool>,
}

/// xorshift64: the tests' own random numbers.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn range(&mut self, low: i32, high: i32) -> i32 {
        low + self.below((high - low + 1) as u64) as i32
    }
}

impl Tree {
    /// A tree of height at most `height`, up to `MAX_MOVES` children a node, leaves in
    /// -100..=100, static evaluations off by at most `noise`.
    fn random(seed: u64, height: u32, noise: i32) -> Self {
        let mut tree = Tree {
            children: Vec::new(),
            value: Vec::new(),
            noise: Vec::new(),
            in_check: Vec::new(),
        };
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        tree.grow(&mut rng, height, noise);
        tree
    }

    fn grow(&mut self, rng: &mut Rng, height: u32, noise: i32) -> usize {
        let id = self.children.len();
        self.children.push(Vec::new());
        self.value.push(0);
        self.noise.push(rng.range(-noise, noise));
        self.in_check.push(rng.below(5) == 0);
        let leaf = height == 0 || (id > 0 && rng.below(6) == 0);
        if leaf {
            self.value[id] = rng.range(-100, 100);
            return id;
        }
        let count = 1 + rng.below(MAX_MOVES as u64) as usize;
        let children: Vec<usize> = (0..count).map(|_| self.grow(rng, height - 1, noise)).collect();
        self.value[id] = children.iter().map(|&c| -self.value[c]).max().unwrap();
        self.children[id] = children;
        id
    }
}

/// A walk down a [`Tree`]: the path from the root.
#[derive(Clone)]
struct Walk<'t> {
    tree: &'t Tree,
    path: Vec<usize>,
}

impl Walk<'_> {
    fn node(&self) -> usize {
        *self.path.last().unwrap_or(&0)
    }
}

impl Game for Walk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();

    fn side_to_move(&self) -> bool {
        self.path.len() % 2 == 1
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.tree.children[self.node()].len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        self.path.push(self.tree.children[self.node()][usize::from(mv)]);
    }
    fn unmake_move(&mut self, _: u8, (): ()) {
        self.path.pop();
    }
    fn is_terminal(&self) -> bool {
        self.tree.children[self.node()].is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        self.node() as u64 + 1
    }
    /// The odd moves are the "captures": never reduced or pruned.
    fn is_tactical(&self, mv: u8) -> bool {
        mv % 2 == 1
    }
    /// The nodes "in check" are extended and never pruned at.
    const EXTENSIONS: bool = true;
    fn extension(&self) -> u32 {
        u32::from(self.tree.in_check[self.node()])
    }
    fn may_stand_pat(&self) -> bool {
        !self.tree.in_check[self.node()]
    }
}

/// The exact value plus the node's noise (the leaves: their value).
struct Static;

impl Evaluator<Walk<'_>> for Static {
    type Score = i32;
    fn evaluate(&self, game: &Walk<'_>, _: bool, _: EvalContext) -> i32 {
        let node = game.node();
        let noise = if game.is_terminal() { 0 } else { game.tree.noise[node] };
        game.tree.value[node] + noise
    }
}

/// Every option of the selective search on some configuration.
fn selective(rng: &mut Rng, lmr_log: bool, reverse: bool, futility: bool) -> Config {
    Config {
        lmr_min_depth: 1 + rng.below(3) as u32,
        lmr_min_move_index: 1 + rng.below(3) as u32,
        lmr_log: lmr_log.then(|| LogReduction {
            base: rng.below(4) as f32 * 0.5,
            divisor: 0.5 + rng.below(6) as f32 * 0.5,
        }),
        lmr_history: rng.below(2) == 0,
        internal_reduction: rng.below(4) as u32,
        reverse_futility: reverse
            .then(|| Futility { max_depth: 1 + rng.below(6) as u32, margin: rng.below(40) as f64 }),
        futility: futility
            .then(|| Futility { max_depth: 1 + rng.below(4) as u32, margin: rng.below(40) as f64 }),
        ..Config::new()
    }
}

/// The fail-soft promise of a search with the window `(alpha, beta)` that returned `score` for
/// a position of value `value`.
fn assert_fail_soft(score: i32, value: i32, alpha: i32, beta: i32, what: &str) {
    if score <= alpha {
        assert!(value <= score, "{what}: fail-low {score} above the value {value}");
    } else if score >= beta {
        assert!(value >= score, "{what}: fail-high {score} below the value {value}");
    } else {
        assert_eq!(score, value, "{what}: inside ({alpha}, {beta})");
    }
}

#[test]
fn with_an_exact_static_evaluation_every_window_gets_the_exact_value_or_a_sound_bound() {
    let mut rng = Rng(7);
    let mut pruned = (0, 0);
    for seed in 0..300 {
        let tree = Tree::random(seed, 6, 0);
        let value = tree.value[0];
        if tree.children[0].is_empty() {
            continue;
        }
        for options in 1..8u32 {
            let config = selective(&mut rng, options & 1 != 0, options & 2 != 0, options & 4 != 0);
            let what = format!("tree {seed}, {config:?}");
            let table = HeapTable::<i32>::with_slots(1 << 10).unwrap();
            // Without a table and with one; deeper than the tree, so that every line ends.
            let mut bare = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config);
            let mut tabled = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config)
                .with_table(&table);
            let mut walk = Walk { tree: &tree, path: Vec::new() };
            let full = bare.search(&mut walk, &alphabeta::Limits::depth(8)).unwrap();
            assert_eq!(full.score, value, "{what}");
            let full = tabled.search(&mut walk, &alphabeta::Limits::depth(8)).unwrap();
            assert_eq!(full.score, value, "{what}, table");
            pruned.0 += full.stats.pruned_nodes;
            pruned.1 += full.stats.pruned_moves;
            for _ in 0..4 {
                let alpha = rng.range(-110, 100);
                let beta = alpha + 1 + rng.range(0, 30);
                let result = bare.search_window(&mut walk, 8, alpha, beta).unwrap();
                assert_fail_soft(result.score, value, alpha, beta, &what);
                let result = tabled.search_window(&mut walk, 8, alpha, beta).unwrap();
                assert_fail_soft(result.score, value, alpha, beta, &what);
                assert!(walk.path.is_empty());
            }
        }
    }
    // The pruning happened: the test could have failed.
    assert!(pruned.0 > 1000 && pruned.1 > 1000, "{pruned:?}");
}

#[test]
fn reverse_futility_with_a_margin_above_the_evaluations_error_keeps_the_value() {
    let mut cuts = 0;
    for seed in 0..300 {
        let tree = Tree::random(seed, 6, 15);
        for margin in [15.0, 40.0] {
            let config = Config {
                reverse_futility: Some(Futility { max_depth: 8, margin }),
                ..Config::new()
            };
            let mut engine = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config);
            let mut walk = Walk { tree: &tree, path: Vec::new() };
            let result = engine.search(&mut walk, &alphabeta::Limits::depth(8)).unwrap();
            assert_eq!(result.score, tree.value[0], "tree {seed}, margin {margin}");
            cuts += result.stats.pruned_nodes;
        }
    }
    assert!(cuts > 1000, "{cuts}");
}

#[test]
fn late_move_pruning_and_every_option_search_any_window_without_failing() {
    let mut rng = Rng(11);
    let mut skipped = 0;
    for seed in 0..200 {
        let tree = Tree::random(seed, 7, 30);
        let config = Config {
            late_move_pruning: 1 + rng.below(4) as u32,
            ..selective(&mut rng, true, true, true)
        };
        let table = HeapTable::<i32>::with_slots(1 << 10).unwrap();
        let mut engine =
            alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config).with_table(&table);
        let mut walk = Walk { tree: &tree, path: Vec::new() };
        for depth in 1..=9 {
            for (alpha, beta) in
                [(-i32::MAX, i32::MAX), (-5, 5), (0, 1), (99, 100), (-i32::MAX, -200)]
            {
                let result = engine.search_window(&mut walk, depth, alpha, beta).unwrap();
                // Every value lies in -130..=130: a score inside the window is one of them, a
                // fail-high's lower bound is never above 130 and a fail-low's upper bound never
                // below -130 (a pruned node's bound, its static evaluation less a margin, may
                // lie outside the range on the other side).
                let score = result.score;
                let sound = if score <= alpha {
                    score >= -130
                } else if score >= beta {
                    score <= 130
                } else {
                    (-130..=130).contains(&score)
                };
                assert!(sound, "tree {seed}, ({alpha}, {beta}): {score}");
                assert!(walk.path.is_empty());
                skipped += result.stats.pruned_moves;
            }
        }
    }
    assert!(skipped > 1000, "{skipped}");
}

#[test]
fn with_every_option_off_the_search_is_the_one_without_them() {
    for seed in 0..50 {
        let tree = Tree::random(seed, 7, 30);
        let off = Config {
            lmr_log: None,
            reverse_futility: None,
            futility: None,
            late_move_pruning: 0,
            internal_reduction: 0,
            ..Config::new()
        };
        // A futility that prunes at no depth changes nothing either (but takes the loop that
        // reads the configuration).
        let idle = Config { futility: Some(Futility { max_depth: 0, margin: 0.0 }), ..off };
        let mut results = Vec::new();
        for config in [Config::new(), off, idle] {
            let mut engine = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config);
            let mut walk = Walk { tree: &tree, path: Vec::new() };
            let result = engine.search(&mut walk, &alphabeta::Limits::depth(5)).unwrap();
            results.push((result.score, result.best_move, result.stats));
        }
        assert_eq!(results[0], results[1], "tree {seed}");
        assert_eq!(results[0], results[2], "tree {seed}");
    }
}

#[test]
fn unsound_settings_are_refused_by_name() {
    let tree = Tree::random(1, 4, 0);
    let bad = [
        (
            "lmr_log",
            Config { lmr_log: Some(LogReduction { base: 0.5, divisor: 0.0 }), ..Config::new() },
        ),
        (
            "lmr_log",
            Config {
                lmr_log: Some(LogReduction { base: f32::NAN, divisor: 2.0 }),
                ..Config::new()
            },
        ),
        (
            "reverse_futility",
            Config {
                reverse_futility: Some(Futility { max_depth: 3, margin: -1.0 }),
                ..Config::new()
            },
        ),
        (
            "futility",
            Config {
                futility: Some(Futility { max_depth: 3, margin: f64::INFINITY }),
                ..Config::new()
            },
        ),
    ];
    for (field, config) in bad {
        let mut engine = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(Static, config);
        let mut walk = Walk { tree: &tree, path: Vec::new() };
        match engine.search(&mut walk, &alphabeta::Limits::depth(3)) {
            Err(SearchError::InvalidConfig { field: name, .. }) => assert_eq!(name, field),
            other => panic!("{field}: {other:?}"),
        }
    }
}

/// An endless binary tree whose static evaluation is the ply it is reached at: a search's
/// score tells how deep its lines went.
#[derive(Clone, Copy)]
struct Endless {
    ply: u32,
    key: u64,
}

impl Game for Endless {
    type Move = u8;
    type Player = bool;
    type Undo = Self;

    fn side_to_move(&self) -> bool {
        self.ply % 2 == 1
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let _ = moves.push(0);
        let _ = moves.push(1);
    }
    fn make_move(&mut self, mv: u8) -> Self {
        let before = *self;
        self.ply += 1;
        self.key = self.key * 2 + u64::from(mv) + 1;
        before
    }
    fn unmake_move(&mut self, _: u8, before: Self) {
        *self = before;
    }
    fn is_terminal(&self) -> bool {
        false
    }
    fn zobrist_key(&self) -> u64 {
        self.key
    }
}

/// The ply reached, for the side to move there.
struct PlyReached;

impl Evaluator<Endless> for PlyReached {
    type Score = i32;
    fn evaluate(&self, game: &Endless, player: bool, _: EvalContext) -> i32 {
        let ply = game.ply as i32;
        if player == game.side_to_move() {
            ply
        } else {
            -ply
        }
    }
}

#[test]
fn internal_reduction_takes_a_ply_off_each_node_without_a_table_move_from_its_depth() {
    // (depth searched, internal_reduction, the ply every line ends at). The root is never
    // reduced; below it, each node with at least `internal_reduction` (and 2) plies left and
    // no table move (the table starts empty, and the tree has no transpositions) loses one.
    for (depth, reduction, reached) in [
        (4, 0, 4),
        (4, 2, 3),
        (5, 2, 3),
        (6, 2, 4),
        (6, 3, 4),
        (6, 5, 5),
        (6, 6, 6),
        (7, 2, 4),
        (7, 1, 4),
    ] {
        let config = Config { lmr: false, internal_reduction: reduction, ..Config::new() };
        let table = HeapTable::<i32>::with_slots(1 << 12).unwrap();
        let mut engine = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(PlyReached, config)
            .with_table(&table);
        let mut game = Endless { ply: 0, key: 0 };
        let result = engine.search_window(&mut game, depth, -1000, 1000).unwrap();
        assert_eq!(result.score.abs(), reached, "depth {depth}, internal_reduction {reduction}");
        // Without the table there is no reduction.
        let mut bare = alphabeta::Engine::<_, _, MAX_MOVES, MAX_PLY>::new(PlyReached, config);
        let result = bare.search_window(&mut game, depth, -1000, 1000).unwrap();
        assert_eq!(result.score.abs(), depth as i32, "depth {depth}, no table");
    }
}
