//! Monte Carlo tree search: MCTS-Solver's proofs against the known values of every
//! tic-tac-toe position and against brute-force negamax on random games whose turns need not
//! alternate; reproducibility; budgets; the arena's policies; tree reuse; priors; implicit
//! minimax; errors; more than two players.

use std::sync::atomic::AtomicBool;

use alphabeta::games::connect4::{Connect4, Connect4Eval, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::mcts::{
    Leaf, Mcts, MctsConfig, MctsError, MovePriors, MultiMcts, Node, Outcome, WhenFull,
};
use alphabeta::multiplayer::{MultiEvaluator, MultiGame};
use alphabeta::{Clock, EvalContext, Evaluator, Game, Limits, MoveList, Score, SearchError};

type TicTacToe<'a> = Mcts<Board, TicTacToeEval, 9, 9, &'a mut [Node<u8>]>;

struct Position {
    line: usize,
    board: Board,
    value: i32,
    best: Vec<u8>,
}

fn positions() -> Vec<Position> {
    let text = include_str!("data/tictactoe/positions.txt");
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let best = if fields[3] == "-" {
                Vec::new()
            } else {
                fields[3].split(',').map(|m| m.parse().unwrap()).collect()
            };
            Position {
                line: index + 1,
                board: Board::parse(fields[0]).unwrap(),
                value: fields[2].parse().unwrap(),
                best,
            }
        })
        .collect()
}

/// Every reachable tic-tac-toe position is proven, with the known value, and the move
/// played is one of the known best moves; the principal line starts with it.
#[test]
fn tictactoe_every_position_is_proven_exactly() {
    let mut arena = vec![Node::EMPTY; 200_000];
    let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, MctsConfig::new(), &mut arena[..]);
    let all = positions();
    assert_eq!(all.len(), 5_478);
    let mut most_iterations = 0;
    for position in &all {
        let mut board = position.board;
        let result = mcts.search(&mut board, &Limits::iterations(100_000)).unwrap();
        assert_eq!(board, position.board);
        if position.best.is_empty() {
            assert_eq!(result.best_move, None, "line {}", position.line);
            assert_eq!(result.iterations, 0);
            continue;
        }
        let proven = result.proven.map(Outcome::value);
        assert_eq!(proven, Some(position.value), "line {}", position.line);
        let best = result.best_move.unwrap();
        assert!(position.best.contains(&best), "line {}: {best}", position.line);
        assert_eq!(result.pv.first(), Some(&best));
        assert!(result.completed);
        // Proven children hold their values; the best one holds the root's.
        let best_child = result.children.iter().find(|c| c.mv == best).unwrap();
        assert_eq!(best_child.proven.map(Outcome::value), Some(position.value));
        most_iterations = most_iterations.max(result.iterations);
    }
    // The empty board is the hardest: a draw proven in some 14,500 iterations.
    assert!(most_iterations < 100_000);
}

/// Each child's proof against the table, for the empty board: every child that is proven
/// has the value of its position.
#[test]
fn tictactoe_children_proofs_are_their_positions_values() {
    let values: std::collections::HashMap<Board, i32> =
        positions().into_iter().map(|p| (p.board, p.value)).collect();
    let mut arena = vec![Node::EMPTY; 200_000];
    let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, MctsConfig::new(), &mut arena[..]);
    let mut board = Board::new();
    let result = mcts.search(&mut board, &Limits::iterations(100_000)).unwrap();
    assert_eq!(result.proven, Some(Outcome::Draw));
    let mut proven_children = 0;
    for child in &result.children {
        board.make_move(child.mv);
        // The child's value for the root player is minus its value for its side to move.
        if let Some(outcome) = child.proven {
            assert_eq!(outcome.value(), -values[&board]);
            proven_children += 1;
        }
        board.unmake_move(child.mv, ());
    }
    assert!(proven_children >= 1);
}

// ---------------------------------------------------------------------------------------------
// Random games

/// A random game tree: node 0 is the root; a node's children are its moves. Turns need not
/// alternate (each inner node's children have a random player). Values are for player `true`.
#[derive(Clone, Debug)]
struct TreeGame {
    nodes: std::rc::Rc<Vec<TreeNode>>,
    at: usize,
}

#[derive(Clone, Debug)]
struct TreeNode {
    children: Vec<usize>,
    player: bool,
    value: i32,
}

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

impl TreeGame {
    /// Up to `max_nodes` nodes, `max_height` plies, branching 1 to `max_branching` (a node
    /// is a leaf with probability 1/4 below the root), values −3 to 3 (many draws).
    fn random(seed: u64, max_nodes: usize, max_height: u32, max_branching: u64) -> Self {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut nodes = vec![TreeNode { children: Vec::new(), player: true, value: 0 }];
        let mut stack = vec![(0usize, 0u32)];
        while let Some((node, height)) = stack.pop() {
            nodes[node].value = rng.below(7) as i32 - 3;
            let leaf = height >= max_height || (node != 0 && rng.below(4) == 0);
            let branching = 1 + rng.below(max_branching) as usize;
            if leaf || nodes.len() + branching > max_nodes {
                continue;
            }
            let switch = rng.below(3) != 0; // two turns in three change the side
            let player = nodes[node].player ^ switch;
            for _ in 0..branching {
                let child = nodes.len();
                nodes.push(TreeNode { children: Vec::new(), player, value: 0 });
                nodes[node].children.push(child);
                stack.push((child, height + 1));
            }
        }
        Self { nodes: std::rc::Rc::new(nodes), at: 0 }
    }

    /// Brute-force negamax: the value of `node` for its player.
    fn negamax(&self, node: usize) -> i32 {
        let n = &self.nodes[node];
        if n.children.is_empty() {
            return if n.player { n.value } else { -n.value };
        }
        n.children
            .iter()
            .map(|&c| {
                let v = self.negamax(c);
                if self.nodes[c].player == n.player {
                    v
                } else {
                    -v
                }
            })
            .max()
            .unwrap()
    }
}

impl Game for TreeGame {
    type Move = u8;
    type Player = bool;
    type Undo = usize;
    fn side_to_move(&self) -> bool {
        self.nodes[self.at].player
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.nodes[self.at].children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) -> usize {
        let before = self.at;
        self.at = self.nodes[self.at].children[usize::from(mv)];
        before
    }
    fn unmake_move(&mut self, _: u8, before: usize) {
        self.at = before;
    }
    fn is_terminal(&self) -> bool {
        self.nodes[self.at].children.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        self.at as u64
    }
}

/// Leaf values as plain numbers (any size, no mate scores); inner nodes score their own value
/// as a heuristic.
struct TreeEval;
impl Evaluator<TreeGame> for TreeEval {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &TreeGame, player: bool, _: EvalContext) -> i32 {
        let value = game.nodes[game.at].value;
        if player {
            value
        } else {
            -value
        }
    }
}

type TreeMcts<'a> = Mcts<TreeGame, TreeEval, 8, 12, &'a mut [Node<u8>]>;

fn sign(v: i32) -> i32 {
    v.signum()
}

/// Checks every proof of `result` against brute force: the root's and each child's.
fn check_proofs<const M: usize, const P: usize>(
    game: &TreeGame,
    result: &alphabeta::mcts::MctsResult<u8, M, P>,
    context: &str,
) -> usize {
    let mut checked = 0;
    if let Some(outcome) = result.proven {
        assert_eq!(outcome.value(), sign(game.negamax(0)), "{context}: root");
        checked += 1;
    }
    let root = &game.nodes[0];
    for child in &result.children {
        let node = root.children[usize::from(child.mv)];
        if let Some(outcome) = child.proven {
            let v = game.negamax(node);
            let v = if game.nodes[node].player == root.player { v } else { -v };
            assert_eq!(outcome.value(), sign(v), "{context}: child {}", child.mv);
            checked += 1;
        }
    }
    checked
}

/// With a budget large enough, the root of every random game is proven with its brute-force
/// value, and so is every child that is proven; the move played keeps the value.
#[test]
fn random_games_are_solved_exactly() {
    let mut arena = vec![Node::EMPTY; 50_000];
    for seed in 0..400u64 {
        let mut game = TreeGame::random(seed, 300, 10, 5);
        for leaf in [Leaf::Playout, Leaf::Evaluator] {
            let config = MctsConfig { leaf, seed, ..MctsConfig::new() };
            let mut mcts: TreeMcts<'_> = Mcts::new(TreeEval, config, &mut arena[..]);
            let result = mcts.search(&mut game, &Limits::iterations(200_000)).unwrap();
            assert_eq!(game.at, 0);
            if game.nodes[0].children.is_empty() {
                assert_eq!(result.best_move, None);
                continue;
            }
            let context = format!("seed {seed} {leaf:?}");
            assert!(result.proven.is_some(), "{context}: not proven");
            check_proofs(&game, &result, &context);
            // The move played keeps the root's value.
            let best = result.best_move.unwrap();
            let root = &game.nodes[0];
            let child = root.children[usize::from(best)];
            let v = game.negamax(child);
            let v = if game.nodes[child].player == root.player { v } else { -v };
            assert_eq!(sign(v), sign(game.negamax(0)), "{context}: move {best}");
        }
    }
}

/// Under small budgets and small arenas (both policies), whatever is proven is right.
#[test]
fn proofs_under_small_budgets_and_arenas_are_right() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut game = TreeGame::random(seed, 400, 10, 6);
        for (capacity, when_full) in
            [(40, WhenFull::Stop), (40, WhenFull::Recycle), (120, WhenFull::Recycle)]
        {
            let mut arena = vec![Node::EMPTY; capacity];
            let config = MctsConfig { when_full, seed, ..MctsConfig::new() };
            let mut mcts: TreeMcts<'_> = Mcts::new(TreeEval, config, &mut arena[..]);
            let iterations = 50 + seed * 7;
            match mcts.search(&mut game, &Limits::iterations(iterations)) {
                Ok(result) => {
                    assert!(result.tree_nodes <= capacity);
                    checked += check_proofs(&game, &result, &format!("seed {seed}"));
                }
                Err(MctsError::ArenaTooSmall { capacity: c, needed }) => {
                    assert_eq!(c, capacity);
                    assert!(needed > capacity);
                }
                Err(error) => panic!("seed {seed}: {error}"),
            }
            assert_eq!(game.at, 0);
        }
    }
    assert!(checked > 300, "only {checked} proofs checked");
}

/// A full arena: with `Stop` the tree stops growing and the search goes on; with `Recycle`
/// the arena is recycled and the tree grows again.
#[test]
fn a_full_arena_stops_growing_or_recycles() {
    let mut arena = vec![Node::EMPTY; 2_000];
    let mut position = Connect4::new();
    for (when_full, recycles) in [(WhenFull::Stop, false), (WhenFull::Recycle, true)] {
        let config = MctsConfig { when_full, ..MctsConfig::new() };
        let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
            Mcts::new(Connect4Eval, config, &mut arena[..]);
        let result = mcts.search(&mut position, &Limits::iterations(5_000)).unwrap();
        assert_eq!(result.iterations, 5_000);
        assert!(result.full_expansions > 0);
        assert!(result.tree_nodes <= 2_000);
        assert_eq!(result.recyclings > 0, recycles);
        assert!(result.best_move.is_some());
        let visits: u32 = result.children.iter().map(|c| c.visits).sum();
        assert_eq!(u64::from(visits), result.iterations);
    }
}

// ---------------------------------------------------------------------------------------------
// Reproducibility, budgets, limits

#[test]
fn the_same_seed_gives_the_same_search() {
    let mut arena = vec![Node::EMPTY; 100_000];
    let mut position = Connect4::from_moves("4453").unwrap();
    let search = |arena: &mut [Node<u8>], seed: u64, position: &mut Connect4| {
        let config = MctsConfig { seed, ..MctsConfig::new() };
        let mut mcts: Mcts<Connect4, Connect4Heuristic, 7, 42, _> =
            Mcts::new(Connect4Heuristic, config, arena);
        mcts.search(position, &Limits::iterations(3_000)).unwrap()
    };
    let first = search(&mut arena, 7, &mut position);
    let second = search(&mut arena, 7, &mut position);
    assert_eq!(first, second);
    assert_eq!(first.iterations, 3_000);
    let other = search(&mut arena, 8, &mut position);
    assert_ne!(first.children, other.children);
    assert_eq!(position, Connect4::from_moves("4453").unwrap());
}

/// A clock that advances by `step` microseconds at every read.
struct Ticking {
    now: std::sync::atomic::AtomicU64,
    step: u64,
}
impl Clock for Ticking {
    fn now_micros(&self) -> u64 {
        self.now.fetch_add(self.step, std::sync::atomic::Ordering::Relaxed)
    }
}

#[test]
fn time_limits_and_the_stop_flag_end_the_search() {
    let mut arena = vec![Node::EMPTY; 100_000];
    let config = MctsConfig { poll_interval_nodes: 100, ..MctsConfig::new() };
    let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, config, &mut arena[..]);
    let mut position = Connect4::new();
    // Each poll reads the clock once and it advances 10 µs a read: a 1 ms limit allows 100
    // polls, one every 100 positions on average (and one iteration more).
    let clock = Ticking { now: 0.into(), step: 10 };
    let limits = Limits::depth(1).with_time_limit(&clock, 1_000);
    let result = mcts.search(&mut position, &limits).unwrap();
    assert!(!result.completed);
    assert!(result.nodes >= 10_000 && result.nodes <= 10_042, "{}", result.nodes);
    // A limit of 0 still runs one iteration.
    let clock = Ticking { now: 0.into(), step: 10 };
    let limits = Limits::depth(1).with_time_limit(&clock, 0);
    let result = mcts.search(&mut position, &limits).unwrap();
    assert!(result.iterations >= 1 && result.best_move.is_some());
    // A raised stop flag: one poll, then the end.
    let stop = AtomicBool::new(true);
    let result = mcts.search(&mut position, &Limits::depth(1).with_stop(&stop)).unwrap();
    assert!(!result.completed);
    assert!(result.nodes <= 200);
    // An iteration budget that ends is complete.
    let result = mcts.search(&mut position, &Limits::iterations(10)).unwrap();
    assert!(result.completed);
    assert_eq!(result.iterations, 10);
}

#[test]
fn errors_are_reported_and_the_game_restored() {
    let mut arena = vec![Node::EMPTY; 100];
    let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, MctsConfig::new(), &mut arena[..]);
    let mut position = Connect4::new();
    assert_eq!(mcts.search(&mut position, &Limits::depth(4)), Err(MctsError::NoBudget));
    let unmeasured = Limits { time_limit_micros: Some(5), ..Limits::iterations(5) };
    assert_eq!(
        mcts.search(&mut position, &unmeasured),
        Err(MctsError::Search(SearchError::TimeLimitWithoutClock))
    );
    for (config, field) in [
        (MctsConfig { exploration: f32::NAN, ..MctsConfig::new() }, "exploration"),
        (MctsConfig { exploration: -1.0, ..MctsConfig::new() }, "exploration"),
        (MctsConfig { eval_scale: 0.0, ..MctsConfig::new() }, "eval_scale"),
        (MctsConfig { implicit_minimax: 1.5, ..MctsConfig::new() }, "implicit_minimax"),
        (MctsConfig { prior_weight: f32::INFINITY, ..MctsConfig::new() }, "prior_weight"),
        (MctsConfig { threads: 1025, ..MctsConfig::new() }, "threads"),
    ] {
        mcts.set_config(config);
        let error = mcts.search(&mut position, &Limits::iterations(5)).unwrap_err();
        assert_eq!(error, MctsError::InvalidConfig { field });
        assert!(error.to_string().contains(field));
    }
    mcts.set_config(MctsConfig::new());
    // An arena too small for the root's children.
    let mut tiny = [Node::EMPTY; 5];
    let mut small: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, MctsConfig::new(), &mut tiny[..]);
    assert_eq!(
        small.search(&mut position, &Limits::iterations(5)),
        Err(MctsError::ArenaTooSmall { capacity: 5, needed: 8 })
    );
    // A move list too small for the game.
    let mut narrow: Mcts<Connect4, Connect4Eval, 6, 42, _> =
        Mcts::new(Connect4Eval, MctsConfig::new(), &mut arena[..]);
    assert_eq!(
        narrow.search(&mut position, &Limits::iterations(5)),
        Err(MctsError::Search(SearchError::MoveListOverflow { capacity: 6, ply: 0 }))
    );
    assert_eq!(position, Connect4::new());
}

/// Evaluators that misbehave deep in a playout: the error, and the game back at its root.
#[test]
fn bad_scores_stop_the_search_with_their_errors() {
    struct Bad(i32);
    impl Evaluator<TreeGame> for Bad {
        type Score = i32;
        fn evaluate(&self, game: &TreeGame, _: bool, ctx: EvalContext) -> i32 {
            if game.at == 0 || ctx.ply < 2 {
                0
            } else {
                self.0
            }
        }
    }
    struct Nan;
    impl Evaluator<TreeGame> for Nan {
        type Score = f64;
        fn evaluate(&self, _: &TreeGame, _: bool, _: EvalContext) -> f64 {
            f64::NAN
        }
    }
    let mut game = TreeGame::random(3, 300, 10, 4);
    let mut arena = vec![Node::EMPTY; 1_000];
    let mut mcts: Mcts<TreeGame, Bad, 8, 12, _> =
        Mcts::new(Bad(i32::WIN), MctsConfig::new(), &mut arena[..]);
    let error = mcts.search(&mut game, &Limits::iterations(100)).unwrap_err();
    assert!(matches!(error, MctsError::Search(SearchError::ScoreOutOfRange { ply }) if ply >= 2));
    assert_eq!(game.at, 0);
    let mut nan: Mcts<TreeGame, Nan, 8, 12, _> = Mcts::new(Nan, MctsConfig::new(), &mut arena[..]);
    let error = nan.search(&mut game, &Limits::iterations(100)).unwrap_err();
    assert!(matches!(error, MctsError::Search(SearchError::NanScore { .. })));
    assert_eq!(game.at, 0);
}

// ---------------------------------------------------------------------------------------------
// Features

#[test]
fn a_proven_win_is_played_at_once() {
    let mut arena = vec![Node::EMPTY; 10_000];
    let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, MctsConfig::new(), &mut arena[..]);
    // X (to move) has three in column 1 and wins there.
    let mut position = Connect4::from_moves("121212").unwrap();
    let result = mcts.search(&mut position, &Limits::iterations(100_000)).unwrap();
    assert_eq!(result.best_move, Some(0));
    assert_eq!(result.proven, Some(Outcome::Win));
    assert_eq!(result.value, 1.0);
    assert!(result.iterations < 100, "{}", result.iterations);
}

/// Tree reuse: the subtree of the moves played is kept and re-rooted, the next search starts
/// from it, and what it proves is still right.
#[test]
fn tree_reuse_keeps_the_subtree_of_the_moves_played() {
    let mut arena = vec![Node::EMPTY; 200_000];
    let config = MctsConfig { tree_reuse: true, ..MctsConfig::new() };
    let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, config, &mut arena[..]);
    let values: std::collections::HashMap<Board, i32> =
        positions().into_iter().map(|p| (p.board, p.value)).collect();
    let mut board = Board::new();
    let mut replies = [8u8, 6, 2, 7].into_iter();
    while !board.is_terminal() {
        let result = mcts.search(&mut board, &Limits::iterations(3_000)).unwrap();
        if let Some(outcome) = result.proven {
            assert_eq!(outcome.value(), values[&board]);
        }
        let mv = result.best_move.unwrap();
        let used = mcts.tree_nodes();
        mcts.play(&mut board, mv);
        assert!(mcts.tree_nodes() > 0 && mcts.tree_nodes() < used, "the subtree of {mv}");
        if board.is_terminal() {
            break;
        }
        // The opponent's move, free or taken.
        let mut moves = MoveList::<u8, 9>::new();
        board.generate_moves(&mut moves);
        let reply = replies.find(|r| moves.as_slice().contains(r)).unwrap_or(moves.as_slice()[0]);
        mcts.play(&mut board, reply);
    }
    // A position the tree is not about: a fresh tree.
    let mut other = Board::parse("X........").unwrap();
    let _ = mcts.search(&mut other, &Limits::iterations(100)).unwrap();
    let mut board = Board::new();
    mcts.play(&mut board, 4);
    assert_eq!(mcts.tree_nodes(), 0);
}

/// Priors: unvisited children are tried in order of their priors.
#[test]
fn priors_order_the_first_visits() {
    struct Prefer(u8);
    impl MovePriors<Board, u8> for Prefer {
        fn priors(&self, _: &Board, moves: &[u8], priors: &mut [f32]) {
            for (p, &m) in priors.iter_mut().zip(moves) {
                *p = if m == self.0 { 10.0 } else { 1.0 };
            }
        }
    }
    let mut arena = vec![Node::EMPTY; 1_000];
    for preferred in [0u8, 4, 8] {
        let mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, MctsConfig::new(), &mut arena[..]);
        let mut mcts = mcts.with_priors(Prefer(preferred));
        let result = mcts.search(&mut Board::new(), &Limits::iterations(1)).unwrap();
        let visited: Vec<u8> =
            result.children.iter().filter(|c| c.visits > 0).map(|c| c.mv).collect();
        assert_eq!(visited, [preferred]);
    }
}

/// Implicit minimax and evaluator leaves: proofs stay exact, and a tactical position is
/// found.
#[test]
fn implicit_minimax_keeps_proofs_exact() {
    let mut arena = vec![Node::EMPTY; 50_000];
    for seed in 0..100u64 {
        let mut game = TreeGame::random(seed, 300, 10, 5);
        for leaf in [Leaf::Playout, Leaf::Evaluator] {
            let config = MctsConfig { leaf, implicit_minimax: 0.4, seed, ..MctsConfig::new() };
            let mut mcts: TreeMcts<'_> = Mcts::new(TreeEval, config, &mut arena[..]);
            let result = mcts.search(&mut game, &Limits::iterations(200_000)).unwrap();
            if !game.nodes[0].children.is_empty() {
                assert!(result.proven.is_some());
            }
            check_proofs(&game, &result, &format!("seed {seed}"));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// More than two players

/// A node of [`Three`]: its children, the player to move, each player's score.
type ThreeNode = (Vec<usize>, usize, [i32; 3]);

/// A random game of three players: a tree whose nodes name the player to move; leaves give a
/// score to each player.
#[derive(Clone)]
struct Three {
    nodes: std::rc::Rc<Vec<ThreeNode>>,
    at: usize,
}

impl MultiGame for Three {
    type Move = u8;
    type Undo = usize;
    fn num_players(&self) -> usize {
        3
    }
    fn player_to_move(&self) -> usize {
        self.nodes[self.at].1
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.nodes[self.at].0.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) -> usize {
        let before = self.at;
        self.at = self.nodes[self.at].0[usize::from(mv)];
        before
    }
    fn unmake_move(&mut self, _: u8, before: usize) {
        self.at = before;
    }
    fn is_terminal(&self) -> bool {
        self.nodes[self.at].0.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        self.at as u64
    }
}

struct ThreeEval;
impl MultiEvaluator<Three> for ThreeEval {
    type Score = i32;
    fn evaluate(&self, game: &Three, _: EvalContext, scores: &mut [i32]) {
        scores.copy_from_slice(&game.nodes[game.at].2);
    }
}

/// Max^n rewards: every player picks its own best. In this tree player 0 moves, then player
/// 1 chooses between a leaf good for 1 and bad for 0, or one good for 0; player 2 likewise.
/// Player 0 must expect the others to play for themselves.
#[test]
fn each_player_maximises_its_own_reward() {
    let nodes = vec![
        (vec![1, 2], 0, [0; 3]),
        (vec![3, 4], 1, [0; 3]),
        (vec![5, 6], 2, [0; 3]),
        (vec![], 0, [90, 10, 0]),  // 1 would not choose this
        (vec![], 0, [0, 80, 20]),  // 1 chooses this: 0 gets 0
        (vec![], 0, [50, 0, 60]),  // 2 chooses this: 0 gets 50
        (vec![], 0, [100, 0, 10]), // 2 would not choose this
    ];
    let mut game = Three { nodes: std::rc::Rc::new(nodes), at: 0 };
    let mut arena = vec![Node::EMPTY; 1_000];
    let mut mcts: MultiMcts<Three, ThreeEval, 4, 8, _> =
        MultiMcts::new(ThreeEval, MctsConfig::new(), &mut arena[..]);
    let result = mcts.search(&mut game, &Limits::iterations(3_000)).unwrap();
    assert_eq!(result.best_move, Some(1));
    assert_eq!(result.proven, None);
    assert_eq!(game.at, 0);
    assert_eq!(result.pv.as_slice(), [1, 0]);
}

#[test]
fn multi_player_errors() {
    struct Players(usize, usize);
    impl MultiGame for Players {
        type Move = u8;
        type Undo = ();
        fn num_players(&self) -> usize {
            self.0
        }
        fn player_to_move(&self) -> usize {
            self.1
        }
        fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
            let _ = moves.push(0);
        }
        fn make_move(&mut self, _: u8) {}
        fn unmake_move(&mut self, _: u8, (): ()) {}
        fn is_terminal(&self) -> bool {
            false
        }
        fn zobrist_key(&self) -> u64 {
            0
        }
    }
    struct Zero;
    impl MultiEvaluator<Players> for Zero {
        type Score = i32;
        fn evaluate(&self, _: &Players, _: EvalContext, _: &mut [i32]) {}
    }
    let mut arena = vec![Node::EMPTY; 100];
    let mut mcts: MultiMcts<Players, Zero, 4, 8, _> =
        MultiMcts::new(Zero, MctsConfig::new(), &mut arena[..]);
    let limits = Limits::iterations(10);
    assert_eq!(
        mcts.search(&mut Players(1, 0), &limits),
        Err(MctsError::PlayerCount { players: 1 })
    );
    assert_eq!(
        mcts.search(&mut Players(9, 0), &limits),
        Err(MctsError::PlayerCount { players: 9 })
    );
    assert_eq!(
        mcts.search(&mut Players(3, 3), &limits),
        Err(MctsError::PlayerOutOfRange { player: 3, players: 3, ply: 0 })
    );
}

// ---------------------------------------------------------------------------------------------
// Threads

/// Both schemes, on 2 and 4 threads: every tic-tac-toe position proven with its value (a
/// sample of every 7th), and the budget spent exactly when nothing is proven.
#[test]
fn parallel_searches_prove_tictactoe_positions() {
    use alphabeta::mcts::MctsScheme;
    let mut arena = vec![Node::EMPTY; 400_000];
    for scheme in [MctsScheme::Root, MctsScheme::Tree] {
        for threads in [2u32, 4] {
            let config = MctsConfig { threads, scheme, ..MctsConfig::new() };
            let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, config, &mut arena[..]);
            for position in positions().iter().step_by(7) {
                let mut board = position.board;
                let result =
                    mcts.search_parallel(&mut board, &Limits::iterations(400_000)).unwrap();
                assert_eq!(board, position.board);
                let context = format!("{scheme:?} {threads} line {}", position.line);
                if position.best.is_empty() {
                    assert_eq!(result.best_move, None, "{context}");
                    continue;
                }
                assert_eq!(result.threads, threads, "{context}");
                assert_eq!(result.proven.map(Outcome::value), Some(position.value), "{context}");
                assert!(position.best.contains(&result.best_move.unwrap()), "{context}");
                assert_eq!(result.pv.first(), result.best_move.as_ref());
            }
            // No proof within 1,000 iterations from the empty board: all of them are run.
            let result =
                mcts.search_parallel(&mut Board::new(), &Limits::iterations(1_000)).unwrap();
            assert_eq!(result.iterations, 1_000, "{scheme:?} {threads}");
            let visits: u32 = result.children.iter().map(|c| c.visits).sum();
            assert_eq!(u64::from(visits), result.iterations, "{scheme:?} {threads}");
        }
    }
}

/// Both schemes on random games: whatever is proven is right.
#[test]
fn parallel_proofs_on_random_games_are_right() {
    use alphabeta::mcts::MctsScheme;
    let mut arena = vec![Node::EMPTY; 60_000];
    let mut proven = 0;
    for seed in 0..60u64 {
        let game = TreeGame::random(seed, 300, 10, 5);
        // TreeGame shares its nodes through an Rc: a Send copy for the threads.
        let mut game = SendTree(game.nodes.as_ref().clone(), 0);
        for scheme in [MctsScheme::Root, MctsScheme::Tree] {
            let config = MctsConfig { threads: 2, scheme, seed, ..MctsConfig::new() };
            let mut mcts: Mcts<SendTree, SendTreeEval, 8, 12, _> =
                Mcts::new(SendTreeEval, config, &mut arena[..]);
            let budget = 1 + seed * 50;
            let result = mcts.search_parallel(&mut game, &Limits::iterations(budget)).unwrap();
            assert_eq!(game.1, 0);
            let reference = TreeGame { nodes: std::rc::Rc::new(game.0.clone()), at: 0 };
            proven += check_proofs(&reference, &result, &format!("seed {seed} {scheme:?}"));
        }
    }
    assert!(proven > 60, "{proven}");
}

/// `TreeGame` with its nodes owned, for threads.
#[derive(Clone)]
struct SendTree(Vec<TreeNode>, usize);

impl Game for SendTree {
    type Move = u8;
    type Player = bool;
    type Undo = usize;
    fn side_to_move(&self) -> bool {
        self.0[self.1].player
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.0[self.1].children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) -> usize {
        let before = self.1;
        self.1 = self.0[self.1].children[usize::from(mv)];
        before
    }
    fn unmake_move(&mut self, _: u8, before: usize) {
        self.1 = before;
    }
    fn is_terminal(&self) -> bool {
        self.0[self.1].children.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        self.1 as u64
    }
}

struct SendTreeEval;
impl Evaluator<SendTree> for SendTreeEval {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &SendTree, player: bool, _: EvalContext) -> i32 {
        let value = game.0[game.1].value;
        if player {
            value
        } else {
            -value
        }
    }
}

#[test]
fn parallel_searches_stop_on_time_and_on_the_flag() {
    use alphabeta::mcts::MctsScheme;
    let mut arena = vec![Node::EMPTY; 200_000];
    for scheme in [MctsScheme::Root, MctsScheme::Tree] {
        let config = MctsConfig { threads: 2, scheme, ..MctsConfig::new() };
        let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
            Mcts::new(Connect4Eval, config, &mut arena[..]);
        let mut position = Connect4::new();
        let clock = alphabeta::StdClock::new();
        let limits = Limits::depth(1).with_time_limit(&clock, 20_000);
        let result = mcts.search_parallel(&mut position, &limits).unwrap();
        assert!(!result.completed);
        assert!(result.iterations > 0 && result.best_move.is_some());
        assert!(result.elapsed_micros.unwrap() >= 20_000);
        let stop = AtomicBool::new(true);
        let result =
            mcts.search_parallel(&mut position, &Limits::depth(1).with_stop(&stop)).unwrap();
        assert!(!result.completed);
        assert_eq!(position, Connect4::new());
    }
}

/// MCTS-Solver proves every position of Pons' Test_L3_R1 (end-games of 29 to 41 stones)
/// within 100,000 iterations, each with the result of Pons' score.
#[test]
fn connect4_end_games_are_proven_with_pons_results() {
    let text = include_str!("data/connect4/Test_L3_R1");
    let mut arena = vec![Node::EMPTY; 1 << 20];
    let mut mcts: Mcts<Connect4, Connect4Eval, 7, 42, _> =
        Mcts::new(Connect4Eval, MctsConfig::new(), &mut arena[..]);
    let mut proven = 0;
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        let mut position = Connect4::from_moves(moves).unwrap();
        let result = mcts.search(&mut position, &Limits::iterations(100_000)).unwrap();
        assert_eq!(result.proven.map(Outcome::value), Some(score.signum()), "{moves}");
        // The move played keeps the result: the child is proven to the same value.
        let best = result.best_move.unwrap();
        let child = result.children.iter().find(|c| c.mv == best).unwrap();
        assert_eq!(child.proven.map(Outcome::value), Some(score.signum()), "{moves}");
        proven += 1;
    }
    assert_eq!(proven, 1_000);
}

/// Budgets below the thread count: both schemes run exactly the budget (root parallelism runs
/// only as many threads as there are iterations, one each), never one iteration per thread.
#[test]
fn budgets_below_the_thread_count_are_spent_exactly() {
    use alphabeta::mcts::MctsScheme;
    let mut arena = vec![Node::EMPTY; 20_000];
    for scheme in [MctsScheme::Root, MctsScheme::Tree] {
        for (threads, budget) in [(2u32, 1u64), (3, 2), (48, 5), (4, 0), (5, 7)] {
            let config = MctsConfig { threads, scheme, ..MctsConfig::new() };
            let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, config, &mut arena[..]);
            let result =
                mcts.search_parallel(&mut Board::new(), &Limits::iterations(budget)).unwrap();
            let context = format!("{scheme:?} {threads} threads, budget {budget}");
            assert_eq!(result.iterations, budget, "{context}");
            let visits: u32 = result.children.iter().map(|c| c.visits).sum();
            assert_eq!(u64::from(visits), budget, "{context}");
        }
    }
}

/// Nim: a heap of `heap` counters, each move takes 1 or 2, and whoever cannot move loses.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Nim {
    heap: u8,
    /// Moves made so far (whose parity is the side to move).
    moves: u8,
}

impl Game for Nim {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.moves.is_multiple_of(2)
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for take in 1..=self.heap.min(2) {
            let _ = moves.push(take);
        }
    }
    fn make_move(&mut self, take: u8) {
        self.heap -= take;
        self.moves += 1;
    }
    fn unmake_move(&mut self, take: u8, (): ()) {
        self.heap += take;
        self.moves -= 1;
    }
    fn is_terminal(&self) -> bool {
        self.heap == 0
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.heap) | u64::from(self.moves % 2) << 8
    }
}

/// The side to move at the end has lost: `-loss` (a tiny number), plain values.
struct TinyLoss(f64);

impl Evaluator<Nim> for TinyLoss {
    type Score = f64;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Nim, _: bool, _: EvalContext) -> f64 {
        if game.heap == 0 {
            -self.0
        } else {
            0.0
        }
    }
}

/// MCTS-Solver reads a terminal score's sign as its result, however small the score: a tiny
/// loss is a loss, not a draw.
#[test]
fn tiny_terminal_scores_keep_their_sign() {
    for (loss, eval_scale) in [(1e-20, 1e30f32), (1e-44, 100.0), (1e-300, 100.0), (5e-324, 1.0)] {
        let mut arena = vec![Node::EMPTY; 10_000];
        let config = MctsConfig { eval_scale, ..MctsConfig::new() };
        let mut mcts: Mcts<Nim, TinyLoss, 2, 16, _> =
            Mcts::new(TinyLoss(loss), config, &mut arena[..]);
        for heap in 1..=7u8 {
            let mut nim = Nim { heap, moves: 0 };
            let result = mcts.search(&mut nim, &Limits::iterations(10_000)).unwrap();
            assert_eq!(nim, Nim { heap, moves: 0 });
            let context = format!("loss {loss:e}, scale {eval_scale:e}, heap {heap}");
            if heap % 3 == 0 {
                assert_eq!(result.proven, Some(Outcome::Loss), "{context}");
            } else {
                assert_eq!(result.proven, Some(Outcome::Win), "{context}");
                assert_eq!(result.best_move, Some(heap % 3), "{context}");
            }
        }
    }
}

/// Root parallelism's share of the arena (its nodes over the threads) too small for the root
/// and its children: an error that says so, with the numbers, where one thread with the whole
/// arena, or one shared tree, succeeds.
#[test]
fn an_arena_share_too_small_for_the_root_is_its_own_error() {
    use alphabeta::mcts::MctsScheme;
    // Tic-tac-toe's empty board has 9 children: 10 nodes a tree.
    let mut arena = vec![Node::EMPTY; 19];
    for (threads, scheme, want) in [
        (1, MctsScheme::Root, None),
        (
            2,
            MctsScheme::Root,
            Some(MctsError::ArenaShareTooSmall { capacity: 19, threads: 2, needed: 10 }),
        ),
        (
            3,
            MctsScheme::Root,
            Some(MctsError::ArenaShareTooSmall { capacity: 19, threads: 3, needed: 10 }),
        ),
        (3, MctsScheme::Tree, None),
    ] {
        let config = MctsConfig { threads, scheme, ..MctsConfig::new() };
        let mut mcts: TicTacToe<'_> = Mcts::new(TicTacToeEval, config, &mut arena[..]);
        let found = mcts.search_parallel(&mut Board::new(), &Limits::iterations(100));
        assert_eq!(found.as_ref().err(), want.as_ref(), "{threads} {scheme:?}");
    }
    let error = MctsError::ArenaShareTooSmall { capacity: 19, threads: 3, needed: 10 };
    assert_eq!(
        error.to_string(),
        "root parallelism gives each of 3 threads 6 of the arena's 19 nodes; the root and its \
         children need 10 per thread (give at least 30 nodes, fewer threads, or tree \
         parallelism)"
    );
}
