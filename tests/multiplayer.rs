//! Multi-player search against brute-force references written here, on random trees of 3 and
//! 4 players (and a few of 8); Korf's pruning; errors and limits; the grid-survivor rules on
//! hand-made positions.
//!
//! The random trees are implicit: a node is a 64-bit hash of its path, and everything about
//! it (its player to move, how many moves each player has there, whether it is terminal, its
//! score vector) is a hash of that. Turns follow no fixed order (a player may move twice in
//! a row), some inner nodes have no moves, some end early, and scores are small so that ties
//! are common. Any player's moves can be generated anywhere, as best-reply search needs.

use std::sync::atomic::AtomicBool;

use alphabeta::games::grid_survivor::{
    Cell, Direction, GridError, GridSurvivor, Outcome, SurvivorEval, SHARE,
};
use alphabeta::multiplayer::{
    MultiAlgorithm, MultiConfig, MultiEngine, MultiError, MultiEvaluator, MultiGame, PlayerMove,
    ScoreBounds, ScoreVector, MAX_PLAYERS,
};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, EvalContext, Limits, MoveList, Score, SearchError};
use proptest::prelude::*;

/// Up to 4 moves per player: a best-reply min node of 4 players has up to 12.
const MAX_MOVES: usize = 16;
const MAX_PLY: usize = 16;

/// splitmix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The shape of a random tree.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Spec {
    seed: u64,
    players: usize,
    /// Every line ends at this depth at the latest.
    height: u32,
    /// Moves per player: 1 to this, or 0 (one time in twenty).
    branching: u64,
    /// Inner nodes that end the game early, in permille.
    terminal_permille: u64,
    /// Scores: `constant_sum`: the entries sum to `total`; otherwise each is 0 to `total`.
    constant_sum: bool,
    total: i32,
    /// Added to every entry (so the lower bound need not be 0).
    offset: i32,
}

impl Spec {
    /// Korf's bounds, which the tree's vectors respect.
    fn bounds(&self) -> ScoreBounds<i32> {
        let n = self.players as i32;
        let max_sum = if self.constant_sum { self.total } else { n * self.total };
        ScoreBounds { min_score: self.offset, max_sum: max_sum + n * self.offset }
    }
}

/// A position in a random tree: copy-make.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tree {
    spec: Spec,
    node: u64,
    depth: u32,
    to_move: usize,
}

impl Tree {
    fn new(spec: Spec) -> Self {
        let node = mix(spec.seed);
        Tree { spec, node, depth: 0, to_move: (mix(node ^ 0xA1) % spec.players as u64) as usize }
    }

    fn move_count(&self, player: usize) -> u8 {
        let h = mix(self.node ^ mix(0xB0 + player as u64));
        if h.is_multiple_of(20) {
            0
        } else {
            (1 + (h >> 8) % self.spec.branching) as u8
        }
    }

    /// The position after `player` plays `mv` (in turn or not): the next player is the
    /// child's own.
    fn child(&self, player: usize, mv: u8) -> Tree {
        let node = mix(self.node ^ mix((player as u64 + 1) << 32 | u64::from(mv)));
        let to_move = (mix(node ^ 0xA1) % self.spec.players as u64) as usize;
        Tree { spec: self.spec, node, depth: self.depth + 1, to_move }
    }

    fn scores(&self) -> Vec<i32> {
        let n = self.spec.players;
        let h = |i: u64| mix(self.node ^ mix(0xE0 + i));
        let total = self.spec.total as u64;
        let mut scores = vec![0i32; n];
        if self.spec.constant_sum {
            let start = (h(99) % n as u64) as usize;
            let mut left = total;
            for j in 0..n - 1 {
                let i = (start + j) % n;
                let entry = h(i as u64) % (left + 1);
                scores[i] = entry as i32;
                left -= entry;
            }
            scores[(start + n - 1) % n] = left as i32;
        } else {
            for (i, score) in scores.iter_mut().enumerate() {
                *score = (h(i as u64) % (total + 1)) as i32;
            }
        }
        scores.iter().map(|s| s + self.spec.offset).collect()
    }
}

impl MultiGame for Tree {
    type Move = u8;
    type Undo = Tree;

    fn num_players(&self) -> usize {
        self.spec.players
    }
    fn player_to_move(&self) -> usize {
        self.to_move
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        self.generate_moves_for(self.to_move, moves);
    }
    fn make_move(&mut self, mv: u8) -> Tree {
        let before = *self;
        *self = self.child(self.to_move, mv);
        before
    }
    fn unmake_move(&mut self, _: u8, undo: Tree) {
        *self = undo;
    }
    fn is_terminal(&self) -> bool {
        self.depth >= self.spec.height
            || (self.depth > 0 && mix(self.node ^ 0x7E) % 1000 < self.spec.terminal_permille)
    }
    fn zobrist_key(&self) -> u64 {
        mix(self.node ^ 0x5EED) ^ mix(0xC0FFEE + self.to_move as u64)
    }
    fn supports_out_of_turn(&self) -> bool {
        true
    }
    fn generate_moves_for<const N: usize>(&self, player: usize, moves: &mut MoveList<u8, N>) {
        for mv in 0..self.move_count(player) {
            let _ = moves.push(mv);
        }
    }
    fn set_player_to_move(&mut self, player: usize) {
        self.to_move = player;
    }
}

/// The tree's own scores, with or without declared bounds.
struct TreeEval {
    bounds: Option<ScoreBounds<i32>>,
}

impl MultiEvaluator<Tree> for TreeEval {
    type Score = i32;
    fn evaluate(&self, tree: &Tree, _: EvalContext, scores: &mut [i32]) {
        scores.copy_from_slice(&tree.scores());
    }
    fn bounds(&self) -> Option<ScoreBounds<i32>> {
        self.bounds
    }
}

// ---- Brute-force references: the same algorithms, no pruning, moves in the game's order.

fn moves_of(tree: &Tree, player: usize) -> Vec<u8> {
    (0..tree.move_count(player)).collect()
}

/// Paranoid: the root player's entry, maximised by the root player, minimised by the others.
fn paranoid(tree: &Tree, depth: u32, root: usize) -> i32 {
    let moves = moves_of(tree, tree.to_move);
    if tree.is_terminal() || depth == 0 || moves.is_empty() {
        return tree.scores()[root];
    }
    let values = moves.iter().map(|&mv| paranoid(&tree.child(tree.to_move, mv), depth - 1, root));
    if tree.to_move == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Best-reply search: at the root player's nodes its moves; elsewhere every opponent's moves
/// (from the root player's left), after which the root player is to move again.
fn best_reply(tree: &Tree, depth: u32, root: usize) -> i32 {
    if tree.is_terminal() || depth == 0 {
        return tree.scores()[root];
    }
    if tree.to_move == root {
        let moves = moves_of(tree, root);
        if moves.is_empty() {
            return tree.scores()[root];
        }
        return moves
            .iter()
            .map(|&mv| best_reply(&tree.child(root, mv), depth - 1, root))
            .max()
            .unwrap();
    }
    let n = tree.spec.players;
    let replies: Vec<Tree> = (1..n)
        .map(|k| (root + k) % n)
        .flat_map(|p| moves_of(tree, p).into_iter().map(move |mv| (p, mv)))
        .map(|(p, mv)| Tree { to_move: root, ..tree.child(p, mv) })
        .collect();
    if replies.is_empty() {
        return tree.scores()[root];
    }
    replies.iter().map(|child| best_reply(child, depth - 1, root)).min().unwrap()
}

/// Max^n: the mover takes the first child best in its own entry. Counts the nodes visited.
fn maxn(tree: &Tree, depth: u32, nodes: &mut u64) -> Vec<i32> {
    *nodes += 1;
    let moves = moves_of(tree, tree.to_move);
    if tree.is_terminal() || depth == 0 || moves.is_empty() {
        return tree.scores();
    }
    let mover = tree.to_move;
    let mut best: Option<Vec<i32>> = None;
    for &mv in &moves {
        let vector = maxn(&tree.child(mover, mv), depth - 1, nodes);
        if best.as_ref().is_none_or(|b| vector[mover] > b[mover]) {
            best = Some(vector);
        }
    }
    best.unwrap()
}

/// The root's value and the values of its moves, in order, under a reference.
fn root_values(tree: &Tree, depth: u32, value: impl Fn(&Tree, u32) -> i32) -> Vec<i32> {
    moves_of(tree, tree.to_move)
        .iter()
        .map(|&mv| value(&tree.child(tree.to_move, mv), depth - 1))
        .collect()
}

fn first_best(values: &[i32]) -> Option<u8> {
    let best = values.iter().max()?;
    values.iter().position(|v| v == best).map(|i| i as u8)
}

type TreeEngine = MultiEngine<Tree, TreeEval, MAX_MOVES, MAX_PLY>;

fn engine(
    algorithm: MultiAlgorithm,
    search: Config,
    bounds: Option<ScoreBounds<i32>>,
) -> TreeEngine {
    let config = MultiConfig { algorithm, search, shallow_pruning: true };
    MultiEngine::new(TreeEval { bounds }, config)
}

/// Checks that every move of the line is legal for its player and the players alternate as
/// the algorithm says: the game's player to move (paranoid, max^n), or the best-reply layers.
fn check_pv(tree: &Tree, pv: &[PlayerMove<u8>], algorithm: MultiAlgorithm) {
    let root = tree.to_move;
    let mut at = *tree;
    for step in pv {
        let player = usize::from(step.player);
        if algorithm == MultiAlgorithm::BestReply && at.to_move != root {
            assert_ne!(player, root);
        } else {
            assert_eq!(player, at.to_move);
        }
        assert!(step.mv < at.move_count(player), "illegal move in the PV");
        at = at.child(player, step.mv);
        if algorithm == MultiAlgorithm::BestReply && player != root {
            at.to_move = root;
        }
    }
}

/// A random tree and a search depth: the depth 3 to 7, the tree at most 2 plies deeper, 2 to
/// 4 moves per player (or none, one time in twenty), up to 10% of inner nodes ending the game.
fn specs(players: usize) -> impl Strategy<Value = (Spec, u32)> {
    let shape = (any::<u64>(), 3u32..=7, 0u32..=2, 2u64..=4, 0u64..=100);
    let scores = (any::<bool>(), 2i32..=12, -3i32..=3);
    (shape, scores).prop_map(move |((seed, depth, extra, branching, permille), scores)| {
        let (constant_sum, total, offset) = scores;
        let height = depth + extra;
        let terminal_permille = permille;
        let spec = Spec {
            seed,
            players,
            height,
            branching,
            terminal_permille,
            constant_sum,
            total,
            offset,
        };
        (spec, depth)
    })
}

/// Paranoid equals the reference: exactly (value and first best move) with plain alpha-beta;
/// the value and a best move with the accelerators and a transposition table.
fn check_paranoid(spec: Spec, depth: u32) -> Result<(), TestCaseError> {
    let mut tree = Tree::new(spec);
    let start = tree;
    let root = tree.to_move;
    let expected = paranoid(&tree, depth, root);
    let values = root_values(&tree, depth, |t, d| paranoid(t, d, root));

    let mut plain = engine(MultiAlgorithm::Paranoid, Config::plain_alpha_beta(), None);
    let result = plain.search(&mut tree, &Limits::depth(depth)).unwrap();
    prop_assert_eq!(tree, start);
    prop_assert_eq!(result.algorithm, MultiAlgorithm::Paranoid);
    prop_assert_eq!(result.root_player, root);
    prop_assert_eq!(result.score, expected);
    prop_assert_eq!(result.scores, None);
    if tree.is_terminal() {
        prop_assert_eq!(result.best_move, None);
    } else {
        prop_assert_eq!(result.best_move, first_best(&values));
    }
    check_pv(&tree, &result.pv, MultiAlgorithm::Paranoid);

    let table = Box::new(TranspositionTable::<i32, 1024>::new());
    let mut fast =
        engine(MultiAlgorithm::Paranoid, Config::value_preserving(), None).with_table(&*table);
    let result = fast.search(&mut tree, &Limits::depth(depth)).unwrap();
    prop_assert_eq!(tree, start);
    prop_assert_eq!(result.score, expected);
    if let Some(mv) = result.best_move {
        prop_assert_eq!(values[usize::from(mv)], expected);
    }
    check_pv(&tree, &result.pv, MultiAlgorithm::Paranoid);
    Ok(())
}

/// Best-reply search equals the reference, in the same two ways.
fn check_best_reply(spec: Spec, depth: u32) -> Result<(), TestCaseError> {
    let mut tree = Tree::new(spec);
    let start = tree;
    let root = tree.to_move;
    let expected = best_reply(&tree, depth, root);
    let values = root_values(&tree, depth, |t, d| best_reply(t, d, root));

    let mut plain = engine(MultiAlgorithm::BestReply, Config::plain_alpha_beta(), None);
    let result = plain.search(&mut tree, &Limits::depth(depth)).unwrap();
    prop_assert_eq!(tree, start);
    prop_assert_eq!(result.algorithm, MultiAlgorithm::BestReply);
    prop_assert_eq!(result.score, expected);
    if tree.is_terminal() {
        prop_assert_eq!(result.best_move, None);
    } else {
        prop_assert_eq!(result.best_move, first_best(&values));
    }
    check_pv(&tree, &result.pv, MultiAlgorithm::BestReply);

    let table = Box::new(TranspositionTable::<i32, 1024>::new());
    let mut fast =
        engine(MultiAlgorithm::BestReply, Config::value_preserving(), None).with_table(&*table);
    let result = fast.search(&mut tree, &Limits::depth(depth)).unwrap();
    prop_assert_eq!(tree, start);
    prop_assert_eq!(result.score, expected);
    if let Some(mv) = result.best_move {
        prop_assert_eq!(values[usize::from(mv)], expected);
    }
    check_pv(&tree, &result.pv, MultiAlgorithm::BestReply);
    Ok(())
}

/// Max^n equals the reference (vector and move, under the first-best tie rule) with pruning
/// and without, by iterative deepening and in one iteration; without bounds it visits exactly
/// the reference's nodes and prunes nothing. Returns the prunes counted with bounds.
fn check_maxn(spec: Spec, depth: u32) -> Result<(u64, u64), TestCaseError> {
    let mut tree = Tree::new(spec);
    let start = tree;
    let mut reference_nodes = 0;
    let expected = maxn(&tree, depth, &mut reference_nodes);
    let values: Vec<i32> = moves_of(&tree, tree.to_move)
        .iter()
        .map(|&mv| maxn(&tree.child(tree.to_move, mv), depth - 1, &mut 0)[tree.to_move])
        .collect();
    let expected_move = if tree.is_terminal() { None } else { first_best(&values) };
    let one_iteration = Config { iterative_deepening: false, ..Config::new() };

    let mut prunes = (0, 0);
    for (bounds, config) in [
        (Some(spec.bounds()), Config::new()),
        (Some(spec.bounds()), one_iteration),
        (None, Config::new()),
        (None, one_iteration),
    ] {
        let mut maxn_engine = engine(MultiAlgorithm::MaxN, config, bounds);
        let result = maxn_engine.search(&mut tree, &Limits::depth(depth)).unwrap();
        prop_assert_eq!(tree, start);
        prop_assert_eq!(result.algorithm, MultiAlgorithm::MaxN);
        prop_assert_eq!(result.scores, Some(ScoreVector::from_slice(&expected)));
        prop_assert_eq!(result.score, expected[tree.to_move]);
        prop_assert_eq!(result.best_move, expected_move);
        check_pv(&tree, &result.pv, MultiAlgorithm::MaxN);
        if bounds.is_none() {
            prop_assert_eq!((result.immediate_prunes, result.shallow_prunes), (0, 0));
            if !config.iterative_deepening {
                prop_assert_eq!(result.nodes, reference_nodes);
            }
        } else if !config.iterative_deepening {
            prunes = (result.immediate_prunes, result.shallow_prunes);
            prop_assert!(result.nodes <= reference_nodes);
        }
    }
    // Bounds declared but pruning switched off: every node, no prune.
    let mut off = engine(MultiAlgorithm::MaxN, one_iteration, Some(spec.bounds()));
    off.set_config(MultiConfig { shallow_pruning: false, ..*off.config() });
    let result = off.search(&mut tree, &Limits::depth(depth)).unwrap();
    prop_assert_eq!(result.scores, Some(ScoreVector::from_slice(&expected)));
    prop_assert_eq!(
        (result.nodes, result.immediate_prunes, result.shallow_prunes),
        (reference_nodes, 0, 0)
    );
    Ok(prunes)
}

proptest! {
    // 2,500 cases per property and player count: 15,000 random trees in all.
    #![proptest_config(ProptestConfig {
        cases: 2500,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn paranoid_equals_the_reference_with_3_players((spec, depth) in specs(3)) {
        check_paranoid(spec, depth)?;
    }

    #[test]
    fn paranoid_equals_the_reference_with_4_players((spec, depth) in specs(4)) {
        check_paranoid(spec, depth)?;
    }

    #[test]
    fn best_reply_equals_the_reference_with_3_players((spec, depth) in specs(3)) {
        check_best_reply(spec, depth)?;
    }

    #[test]
    fn best_reply_equals_the_reference_with_4_players((spec, depth) in specs(4)) {
        check_best_reply(spec, depth)?;
    }

    #[test]
    fn maxn_equals_the_reference_with_3_players((spec, depth) in specs(3)) {
        check_maxn(spec, depth)?;
    }

    #[test]
    fn maxn_equals_the_reference_with_4_players((spec, depth) in specs(4)) {
        check_maxn(spec, depth)?;
    }
}

/// Shallow and immediate pruning do happen on constant-sum trees (and the results are the
/// reference's, checked inside), so the equality above is not vacuous.
#[test]
fn pruning_happens_and_keeps_the_result() {
    let (mut immediate, mut shallow, mut cases) = (0, 0, 0);
    for seed in 0..400u64 {
        for players in [3, 4] {
            let spec = Spec {
                seed,
                players,
                height: 6,
                branching: 3,
                terminal_permille: 50,
                constant_sum: true,
                total: 6,
                offset: (seed % 3) as i32 - 1,
            };
            let (i, s) = check_maxn(spec, 5).unwrap();
            immediate += i;
            shallow += s;
            cases += 1;
        }
    }
    assert_eq!(cases, 800);
    assert!(immediate > 100, "immediate prunes {immediate}");
    assert!(shallow > 100, "shallow prunes {shallow}");
}

/// A tree where every algorithm searches more than 100 nodes to depth 5 without reaching the
/// end of the game.
fn sample_spec(players: usize) -> Spec {
    Spec {
        seed: 10,
        players,
        height: 6,
        branching: 3,
        terminal_permille: 0,
        constant_sum: true,
        total: 10,
        offset: 0,
    }
}

#[test]
fn bounds_that_do_not_hold_are_an_error() {
    let mut tree = Tree::new(sample_spec(3));
    let start = tree;
    // The vectors sum to 10; a declared sum of at most 9 is false.
    let lying = ScoreBounds { min_score: 0, max_sum: 9 };
    let mut maxn_engine = engine(MultiAlgorithm::MaxN, Config::new(), Some(lying));
    let error = maxn_engine.search(&mut tree, &Limits::depth(3)).unwrap_err();
    assert!(matches!(error, MultiError::ScoreOutOfBounds { .. }), "{error:?}");
    assert_eq!(tree, start);
    // An entry can be 0; a declared minimum of 1 is false.
    let lying = ScoreBounds { min_score: 1, max_sum: 100 };
    let mut maxn_engine = engine(MultiAlgorithm::MaxN, Config::new(), Some(lying));
    let error = maxn_engine.search(&mut tree, &Limits::depth(3)).unwrap_err();
    assert!(matches!(error, MultiError::ScoreOutOfBounds { .. }), "{error:?}");
    // Without pruning the bounds are not used, so not checked.
    let mut unpruned = engine(MultiAlgorithm::MaxN, Config::new(), Some(lying));
    unpruned.set_config(MultiConfig { shallow_pruning: false, ..*unpruned.config() });
    assert!(unpruned.search(&mut tree, &Limits::depth(3)).is_ok());
    assert!(error.to_string().contains("bounds"));
}

/// A game that reports nonsense, to check the typed errors.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Broken {
    players: usize,
    to_move: usize,
    out_of_turn: bool,
}

impl MultiGame for Broken {
    type Move = u8;
    type Undo = ();
    fn num_players(&self) -> usize {
        self.players
    }
    fn player_to_move(&self) -> usize {
        self.to_move
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for mv in 0..40 {
            let _ = moves.push(mv);
        }
    }
    fn make_move(&mut self, _: u8) {}
    fn unmake_move(&mut self, _: u8, _: ()) {}
    fn is_terminal(&self) -> bool {
        false
    }
    fn zobrist_key(&self) -> u64 {
        0
    }
    fn supports_out_of_turn(&self) -> bool {
        self.out_of_turn
    }
}

struct Nan;
impl MultiEvaluator<Broken> for Nan {
    type Score = f64;
    fn evaluate(&self, _: &Broken, _: EvalContext, scores: &mut [f64]) {
        scores.fill(f64::NAN);
    }
    fn bounds(&self) -> Option<ScoreBounds<f64>> {
        Some(ScoreBounds { min_score: f64::NAN, max_sum: 1.0 })
    }
}

#[test]
fn typed_errors() {
    let run = |game: Broken, algorithm: MultiAlgorithm, limits: Limits<'_>| {
        let mut game = game;
        let mut engine: MultiEngine<Broken, Nan, 64, 8> =
            MultiEngine::new(Nan, MultiConfig::new(algorithm));
        engine.search(&mut game, &limits).unwrap_err()
    };
    let fine = Broken { players: 3, to_move: 0, out_of_turn: false };
    let depth = Limits::depth(2);
    assert_eq!(
        run(Broken { players: 1, ..fine }, MultiAlgorithm::Paranoid, depth),
        MultiError::PlayerCount { players: 1 }
    );
    assert_eq!(
        run(Broken { players: MAX_PLAYERS + 1, ..fine }, MultiAlgorithm::MaxN, depth),
        MultiError::PlayerCount { players: MAX_PLAYERS + 1 }
    );
    assert_eq!(
        run(Broken { to_move: 3, ..fine }, MultiAlgorithm::MaxN, depth),
        MultiError::PlayerOutOfRange { player: 3, players: 3, ply: 0 }
    );
    assert_eq!(run(fine, MultiAlgorithm::BestReply, depth), MultiError::OutOfTurnUnsupported);
    assert_eq!(run(fine, MultiAlgorithm::MaxN, depth), MultiError::InvalidBounds);
    assert_eq!(
        run(fine, MultiAlgorithm::Paranoid, Limits::depth(0)),
        MultiError::Search(SearchError::ZeroMaxDepth)
    );
    assert_eq!(
        run(fine, MultiAlgorithm::MaxN, Limits::depth(9)),
        MultiError::Search(SearchError::DepthBeyondCapacity { max_depth: 9, capacity: 8 })
    );
    assert_eq!(
        run(fine, MultiAlgorithm::MaxN, Limits::depth(2).with_min_depth(3)),
        MultiError::Search(SearchError::MinDepthAboveMaxDepth { min_depth: 3, max_depth: 2 })
    );
    // 40 moves do not fit in a list of 16.
    let mut game = fine;
    let mut small: MultiEngine<Broken, Nan, 16, 8> = MultiEngine::new(
        Nan,
        MultiConfig { shallow_pruning: false, ..MultiConfig::new(MultiAlgorithm::MaxN) },
    );
    assert_eq!(
        small.search(&mut game, &depth).unwrap_err(),
        MultiError::Search(SearchError::MoveListOverflow { capacity: 16, ply: 0 })
    );
    let mut small: MultiEngine<Broken, Nan, 16, 8> =
        MultiEngine::new(Nan, MultiConfig::new(MultiAlgorithm::BestReply));
    let mut game = Broken { out_of_turn: true, ..fine };
    assert_eq!(
        small.search(&mut game, &depth).unwrap_err(),
        MultiError::Search(SearchError::MoveListOverflow { capacity: 16, ply: 0 })
    );
    // NaN scores.
    let mut nan: MultiEngine<Broken, Nan, 64, 8> = MultiEngine::new(
        Nan,
        MultiConfig { shallow_pruning: false, ..MultiConfig::new(MultiAlgorithm::MaxN) },
    );
    assert_eq!(
        nan.search(&mut game, &depth).unwrap_err(),
        MultiError::Search(SearchError::NanScore { ply: 1 })
    );
    nan.set_config(MultiConfig::new(MultiAlgorithm::Paranoid));
    assert_eq!(
        nan.search(&mut game, &depth).unwrap_err(),
        MultiError::Search(SearchError::NanScore { ply: 1 })
    );
    let error = MultiError::Search(SearchError::ZeroMaxDepth);
    assert!(std::error::Error::source(&error).is_some());
    assert!(!MultiError::OutOfTurnUnsupported.to_string().is_empty());
}

/// A raised stop flag: the minimum depth completes, nothing beyond it, `completed` is false.
#[test]
fn stop_flag_keeps_the_minimum_depth() {
    let stop = AtomicBool::new(true);
    for algorithm in [MultiAlgorithm::Paranoid, MultiAlgorithm::MaxN, MultiAlgorithm::BestReply] {
        let mut tree = Tree::new(sample_spec(4));
        let start = tree;
        let mut search =
            engine(algorithm, Config { poll_interval_nodes: 1, ..Config::new() }, None);
        let limits = Limits::depth(6).with_min_depth(2).with_stop(&stop);
        let result = search.search(&mut tree, &limits).unwrap();
        assert_eq!((result.depth, result.completed), (2, false), "{algorithm}");
        assert!(result.best_move.is_some());
        assert_eq!(tree, start);
        // Without the flag the same search reaches depth 6.
        let result = search.search(&mut tree, &Limits::depth(6)).unwrap();
        assert_eq!((result.depth, result.completed), (6, true), "{algorithm}");
    }
}

/// Eight players, the most a game may have: the three algorithms still equal their
/// references.
#[test]
fn eight_players() {
    for seed in 0..60u64 {
        let spec = Spec {
            seed,
            players: MAX_PLAYERS,
            height: 5,
            branching: 2, // a best-reply min node has up to 7 × 2 = 14 moves
            terminal_permille: 50,
            constant_sum: seed.is_multiple_of(2),
            total: 16,
            offset: 0,
        };
        check_paranoid(spec, 4).unwrap();
        check_best_reply(spec, 4).unwrap();
        check_maxn(spec, 4).unwrap();
    }
}

/// A clock that advances one microsecond at every read.
struct Ticking(std::sync::atomic::AtomicU64);

impl alphabeta::Clock for Ticking {
    fn now_micros(&self) -> u64 {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }
}

/// A time limit ends max^n like the two-player search: the last completed iteration, never
/// less than the minimum depth, `completed` false, the elapsed time measured.
#[test]
fn maxn_time_limit_returns_the_last_completed_iteration() {
    let spec = sample_spec(3);
    // The clock is read every 4 nodes and after each iteration; the minimum depth is 2.
    for (limit, depth) in [(1, 2), (5, 2), (20, 4), (40, 5)] {
        let mut tree = Tree::new(spec);
        let clock = Ticking(std::sync::atomic::AtomicU64::new(0));
        let mut search = engine(
            MultiAlgorithm::MaxN,
            Config { poll_interval_nodes: 4, ..Config::new() },
            Some(spec.bounds()),
        );
        let limits = Limits::depth(6).with_min_depth(2).with_time_limit(&clock, limit);
        let result = search.search(&mut tree, &limits).unwrap();
        assert_eq!((result.depth, result.completed), (depth, false), "limit {limit}");
        assert!(result.elapsed_micros.is_some_and(|micros| micros >= limit.min(result.nodes)));
        // The result is that of a plain search to the same depth.
        let mut nodes = 0;
        let expected = maxn(&tree, result.depth, &mut nodes);
        assert_eq!(result.scores, Some(ScoreVector::from_slice(&expected)));
        assert_eq!(tree, Tree::new(spec));
    }
    // Without a clock a time limit is an error, as for the two-player search.
    let mut tree = Tree::new(spec);
    let mut search = engine(MultiAlgorithm::MaxN, Config::new(), None);
    let limits = Limits { time_limit_micros: Some(5), ..Limits::depth(3) };
    assert_eq!(
        search.search(&mut tree, &limits).unwrap_err(),
        MultiError::Search(SearchError::TimeLimitWithoutClock)
    );
}

// ---- Grid survivor.

type Grid = GridSurvivor<64>;

fn moves(game: &Grid) -> Vec<u16> {
    let mut list = MoveList::<u16, 4>::new();
    game.generate_moves(&mut list);
    list.as_slice().to_vec()
}

fn moves_for(game: &Grid, player: usize) -> Vec<u16> {
    let mut list = MoveList::<u16, 4>::new();
    game.generate_moves_for(player, &mut list);
    list.as_slice().to_vec()
}

#[test]
fn grid_move_generation() {
    // A at (1, 1): north free, east an obstacle, south free, west free. B at (0, 3).
    let game = Grid::parse("..../.A#./..b./B...", 0).unwrap();
    assert_eq!((game.width(), game.height(), game.players()), (4, 4, 2));
    assert_eq!(game.player_to_move(), 0);
    assert_eq!(moves(&game), vec![1, 9, 4]); // north, south, west: cells y * 4 + x
    assert_eq!(moves_for(&game, 1), vec![8, 13]); // B: north, east
    assert_eq!(moves_for(&game, 2), Vec::<u16>::new()); // no such player
    assert_eq!(game.destination(Direction::East), None);
    assert_eq!(game.destination(Direction::North), Some(1));
    assert_eq!(game.cell(2, 2), Some(Cell::Trail(1)));
    assert_eq!(game.cell(2, 1), Some(Cell::Obstacle));
    assert_eq!(game.cell(4, 0), None);
    assert!(game.supports_out_of_turn());
}

#[test]
fn grid_a_move_leaves_a_wall_and_passes_the_turn() {
    let mut game = Grid::parse("..../.A#./..b./B...", 0).unwrap();
    let before = game.clone();
    let undo = game.make_move(1);
    assert_eq!(game.to_string(), ".A../.a#./..b./B...\n".replace('/', "\n"));
    assert_eq!(game.player_to_move(), 1);
    assert_eq!(game.round(), 0);
    assert_eq!(game.zobrist_key(), game.key_from_scratch());
    assert_ne!(game.zobrist_key(), before.zobrist_key());
    game.unmake_move(1, undo);
    assert_eq!(game, before);
    // B moves, the round ends, A is to move in round 1.
    game.make_move(1);
    game.make_move(13);
    assert_eq!((game.player_to_move(), game.round()), (0, 1));
    // Illegal moves are refused by `play` and change nothing.
    let now = game.clone();
    assert_eq!(game.play(10), Err(GridError::IllegalMove { cell: 10 }));
    assert_eq!(game.play(1000), Err(GridError::IllegalMove { cell: 1000 }));
    assert_eq!(game, now);
}

#[test]
fn grid_a_boxed_in_player_is_out_and_skipped() {
    // Three players. A steps east to (1, 0) and closes B's last free neighbour; B is out when
    // its turn comes, C (who can move) is to move, all in round 0.
    let mut game = Grid::parse("A..#/#B#./.#C.", 0).unwrap();
    assert_eq!(moves(&game), vec![1]);
    game.play(1).unwrap();
    assert!(!game.is_in(1));
    assert!(game.is_in(0) && game.is_in(2));
    assert_eq!(game.player_to_move(), 2);
    assert_eq!(game.round(), 0);
    assert_eq!(game.outcome(), None);
    assert_eq!(moves_for(&game, 1), Vec::<u16>::new()); // an eliminated player has no moves
    assert_eq!(game.zobrist_key(), game.key_from_scratch());
    assert_eq!(game.cell(1, 1), Some(Cell::Head(1))); // its head stays as an obstacle
}

#[test]
fn grid_the_last_one_standing_wins() {
    // At the end of a round: A boxes B in; B is out; the round ends with A alone.
    let mut game = GridSurvivor::<3>::parse("A.B", 0).unwrap();
    game.play(1).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Winner(0)));
    assert!(game.is_terminal());
    assert_eq!(game.players_in(), 1);
    let mut list = MoveList::<u16, 4>::new();
    game.generate_moves(&mut list);
    assert!(list.is_empty());
    assert_eq!(game.play(0), Err(GridError::IllegalMove { cell: 0 }));

    // Within a round: B boxes A in and keeps a free cell; in round 1 A is out and B, alone
    // and able to move, wins at once.
    let mut game = GridSurvivor::<6>::parse("A.B/#..", 1).unwrap();
    assert_eq!(game.player_to_move(), 1);
    game.play(1).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Winner(1)));
    assert_eq!(game.round(), 1);
    assert!(!game.is_in(0));

    // At the start: A is boxed in, B wins.
    let game = GridSurvivor::<16>::parse("A#../#.../..../...B", 0).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Winner(1)));
}

#[test]
fn grid_all_out_in_one_round_is_a_draw_among_them() {
    // B steps west next to A and walls itself in; in round 1 both are out: a draw.
    let mut game = GridSurvivor::<3>::parse("A.B", 1).unwrap();
    game.play(1).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(0b11)));
    assert_eq!(game.round(), 1);

    // Three players: C is boxed in from the start and goes out in round 0; A and B go out
    // together in round 1. The draw is A's and B's only.
    let mut game = GridSurvivor::<5>::parse("A.B#C", 1).unwrap();
    game.play(1).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(0b011)));
    let mut scores = [0; 3];
    SurvivorEval.evaluate(&game, EvalContext { ply: 1, depth_left: 0 }, &mut scores);
    assert_eq!(scores, [SHARE / 2, SHARE / 2, 0]);
}

#[test]
fn grid_evaluation() {
    let ctx = EvalContext { ply: 3, depth_left: 0 };
    // A reaches cell 1 first; B reaches cells 2 and 4: territories 1 and 2.
    let game = GridSurvivor::<5>::parse("A..B.", 0).unwrap();
    assert_eq!(game.territories(), [1, 2, 0, 0]);
    let mut scores = [0; 2];
    SurvivorEval.evaluate(&game, ctx, &mut scores);
    assert_eq!(scores, [331_967, 663_935]); // 995,903 × 1/3 and × 2/3, rounded down
                                            // A cell reached by both at once is no one's: cell 2 here.
    let game = GridSurvivor::<5>::parse("A...B", 0).unwrap();
    assert_eq!(game.territories(), [1, 1, 0, 0]);
    // A won game: the winner's score carries the distance.
    let mut game = GridSurvivor::<3>::parse("A.B", 0).unwrap();
    game.play(1).unwrap();
    let mut scores = [0; 2]; // the engine passes the buffer filled with zeros
    SurvivorEval.evaluate(&game, ctx, &mut scores);
    assert_eq!(scores, [<i32 as Score>::win_in(3), 0]);
    assert_eq!(
        <SurvivorEval as MultiEvaluator<GridSurvivor<3>>>::bounds(&SurvivorEval),
        Some(ScoreBounds { min_score: 0, max_sum: 1_000_000 })
    );
}

#[test]
fn grid_parse_errors() {
    assert_eq!(Grid::parse("A.B/..", 0), Err(GridError::Ragged { row: 1, length: 2, expected: 3 }));
    assert_eq!(Grid::parse("A.x", 0), Err(GridError::Character { row: 0, column: 2, found: 'x' }));
    assert_eq!(Grid::parse("A.A", 0), Err(GridError::Head { player: 0 }));
    assert_eq!(Grid::parse("A.C", 0), Err(GridError::Head { player: 2 }));
    assert_eq!(Grid::parse("A..", 0), Err(GridError::Players { found: 1 }));
    assert_eq!(Grid::parse("A.B", 2), Err(GridError::FirstPlayer { seat: 2, players: 2 }));
    assert!(matches!(GridSurvivor::<4>::parse("A.B..", 0), Err(GridError::Size { .. })));
    assert!(matches!(Grid::random(3, 8, 2, 0, 1), Err(GridError::Size { .. })));
    assert!(matches!(Grid::random(9, 8, 2, 0, 1), Err(GridError::Size { .. })));
    assert_eq!(Grid::random(8, 8, 5, 0, 1), Err(GridError::Players { found: 5 }));
    assert_eq!(Grid::random(8, 8, 4, 1001, 1), Err(GridError::Density { permille: 1001 }));
    assert!(!GridError::Density { permille: 1001 }.to_string().is_empty());
}

#[test]
fn grid_random_boards_are_reproducible_and_parse_back() {
    let game = Grid::random(8, 8, 4, 200, 9).unwrap();
    assert_eq!(game, Grid::random(8, 8, 4, 200, 9).unwrap());
    assert_ne!(game, Grid::random(8, 8, 4, 200, 10).unwrap());
    assert_eq!(Grid::parse(&game.to_string(), 0).unwrap(), game);
    assert_eq!(game.head(0), Some(9)); // (1, 1)
    assert_eq!(game.head(1), Some(54)); // (6, 6)
    assert_eq!(game.head(2), Some(14)); // (6, 1)
    assert_eq!(game.head(3), Some(49)); // (1, 6)
    assert_eq!(game.head(4), None);
    for player in 0..4 {
        assert_eq!(moves_for(&game, player).len(), 4, "start cells keep their neighbours free");
    }
}

/// Random playouts, with out-of-turn moves as best-reply search makes them: the incremental
/// key always equals the key from scratch, and unmaking every move gives back the start.
#[test]
fn grid_make_unmake_and_keys_over_playouts() {
    for seed in 0..200u64 {
        let mut game = Grid::random(8, 8, 2 + (seed % 3) as usize, 150, seed).unwrap();
        let start = game.clone();
        let mut stack = Vec::new();
        let mut rng = mix(seed);
        while !game.is_terminal() {
            rng = mix(rng);
            if rng.is_multiple_of(5) {
                let player = (rng >> 8) as usize % game.players();
                let before = game.player_to_move();
                game.set_player_to_move(player);
                assert_eq!(game.zobrist_key(), game.key_from_scratch());
                game.set_player_to_move(before);
            }
            let list = moves(&game);
            assert!(!list.is_empty(), "a player on move can move");
            let mv = list[(rng >> 16) as usize % list.len()];
            let undo = game.make_move(mv);
            stack.push((mv, undo));
            assert_eq!(game.zobrist_key(), game.key_from_scratch());
        }
        assert!(stack.len() <= 64);
        while let Some((mv, undo)) = stack.pop() {
            game.unmake_move(mv, undo);
        }
        assert_eq!(game, start);
    }
}

/// Every algorithm finds the only winning move, and leaves the game as it was.
#[test]
fn grid_every_algorithm_takes_the_win() {
    // A steps east and boxes B in (a win at ply 1); stepping west loses.
    for algorithm in [MultiAlgorithm::Paranoid, MultiAlgorithm::MaxN, MultiAlgorithm::BestReply] {
        let mut game = GridSurvivor::<4>::parse(".A.B", 0).unwrap();
        let start = game.clone();
        let mut engine: MultiEngine<GridSurvivor<4>, SurvivorEval, 8, 8> =
            MultiEngine::new(SurvivorEval, MultiConfig::new(algorithm));
        let result = engine.search(&mut game, &Limits::depth(4)).unwrap();
        assert_eq!(result.best_move, Some(2), "{algorithm}");
        assert_eq!(result.score, <i32 as Score>::win_in(1), "{algorithm}");
        assert!(result.exact);
        assert_eq!(result.pv.as_slice(), &[PlayerMove { player: 0, mv: 2 }]);
        assert_eq!(game, start);
    }
}

#[test]
fn random_boards_keep_every_players_head_on_every_size() {
    // On boards 4 cells wide or high the starts are next to one another: clearing one start's
    // neighbourhood once removed an earlier head. Every head is where `head` says, once.
    for (width, height) in (4..=8).flat_map(|w| (4..=8).map(move |h| (w, h))) {
        for players in 2..=4 {
            for seed in 0..4 {
                let board = Grid::random(width, height, players, 300, seed).unwrap();
                let mut found = 0;
                for y in 0..height {
                    for x in 0..width {
                        if let Some(Cell::Head(player)) = board.cell(x, y) {
                            let (hx, hy) = board.coordinates(board.head(player).unwrap());
                            assert_eq!((hx, hy), (x, y), "{width}x{height}, {players} players");
                            found += 1;
                        }
                    }
                }
                assert_eq!(found, players, "{width}x{height}, {players} players, seed {seed}");
            }
        }
    }
}
