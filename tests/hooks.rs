//! The game's hooks for chess-like games, against brute force: `Game::extension` (searching
//! forcing positions deeper) and `Game::may_stand_pat` (no standing pat in quiescence where
//! every move must be searched), on every position of a small game whose values come from a
//! hash of the path; and `Evaluator::solve_subtree` (the evaluator's own solver for the last
//! plies) against the same brute force.

use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, Solved,
};

/// A game of digits: each move appends 0 to 3 to the path; 10 moves end it. Moves 2 and 3
/// are tactical; after a 3 the position is "in check": it is extended by a ply, and
/// quiescence may not stand pat there.
#[derive(Clone, Debug, PartialEq)]
struct Digits {
    path: u64,
    len: u32,
}

const END: u32 = 10;
const MAX_Q: u32 = 3;

impl Digits {
    fn last(&self) -> u64 {
        self.path & 3
    }
    fn forcing(&self) -> bool {
        self.len > 0 && self.last() == 3
    }
    /// A pseudo-random value of the path for the side to move.
    fn value(&self) -> i32 {
        let mut h = self.path.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(self.len);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 32;
        (h % 201) as i32 - 100
    }
}

impl Game for Digits {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.len.is_multiple_of(2)
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        // Fewer moves where the last digit was 1: lists of every length.
        let count = if self.len > 0 && self.last() == 1 { 2 } else { 4 };
        for mv in 0..count {
            let _ = moves.push(mv);
        }
    }
    fn make_move(&mut self, mv: u8) {
        self.path = self.path << 2 | u64::from(mv);
        self.len += 1;
    }
    fn unmake_move(&mut self, _: u8, _: ()) {
        self.path >>= 2;
        self.len -= 1;
    }
    fn is_terminal(&self) -> bool {
        self.len >= END
    }
    fn zobrist_key(&self) -> u64 {
        self.path ^ u64::from(self.len) << 56
    }
    fn is_tactical(&self, mv: u8) -> bool {
        mv >= 2
    }
    const EXTENSIONS: bool = true;
    fn extension(&self) -> u32 {
        u32::from(self.forcing())
    }
    const QUIESCENCE: bool = true;
    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        let mut all = MoveList::<u8, 4>::new();
        self.generate_moves(&mut all);
        for &mv in all.iter().filter(|&&mv| mv >= 2) {
            let _ = moves.push(mv);
        }
    }
    fn may_stand_pat(&self) -> bool {
        !self.forcing()
    }
}

struct Eval;
impl Evaluator<Digits> for Eval {
    type Score = i32;
    fn evaluate(&self, game: &Digits, _: bool, _: EvalContext) -> i32 {
        game.value()
    }
}

fn children(game: &Digits, tactical: bool) -> Vec<Digits> {
    let mut moves = MoveList::<u8, 4>::new();
    if tactical {
        game.generate_tactical_moves(&mut moves);
    } else {
        game.generate_moves(&mut moves);
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.make_move(mv);
            child
        })
        .collect()
}

/// Quiescence by brute force: the best of standing pat (where allowed) and every tactical
/// move, or of every move where standing pat is not allowed, to `MAX_Q` plies.
fn quiescence(game: &Digits, qdepth: u32) -> i32 {
    if game.is_terminal() || qdepth >= MAX_Q {
        return game.value();
    }
    if game.may_stand_pat() {
        let stand = game.value();
        children(game, true).iter().map(|c| -quiescence(c, qdepth + 1)).fold(stand, i32::max)
    } else {
        let moves = children(game, false);
        if moves.is_empty() {
            return game.value();
        }
        moves.iter().map(|c| -quiescence(c, qdepth + 1)).max().unwrap()
    }
}

/// Negamax by brute force with the extension: a child in check is searched a ply deeper.
fn brute(game: &Digits, depth: u32, with_quiescence: bool) -> i32 {
    if game.is_terminal() {
        return game.value();
    }
    if depth == 0 {
        return if with_quiescence { quiescence(game, 0) } else { game.value() };
    }
    children(game, false)
        .iter()
        .map(|child| -brute(child, depth - 1 + child.extension(), with_quiescence))
        .max()
        .unwrap()
}

/// Every position of the first three plies, at depths 1 to 4.
fn roots() -> Vec<Digits> {
    let mut all = vec![Digits { path: 0, len: 0 }];
    let mut frontier = all.clone();
    for _ in 0..3 {
        frontier = frontier.iter().flat_map(|g| children(g, false)).collect();
        all.extend(frontier.iter().cloned());
    }
    all
}

fn search(config: Config, root: &Digits, depth: u32) -> i32 {
    let mut engine = Engine::<Digits, Eval, 4, 32>::new(Eval, config);
    let mut game = root.clone();
    let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
    assert_eq!(&game, root);
    result.score
}

#[test]
fn extensions_equal_brute_force() {
    let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
    let plain = Config::plain_alpha_beta();
    let preserving = Config::value_preserving();
    for root in roots() {
        for depth in 1..=4 {
            let expected = brute(&root, depth, false);
            for (name, config) in [("minimax", minimax), ("plain", plain), ("vp", preserving)] {
                assert_eq!(search(config, &root, depth), expected, "{name} {root:?} depth {depth}");
            }
        }
    }
}

#[test]
fn quiescence_without_standing_pat_in_check_equals_brute_force() {
    let plain =
        Config { quiescence: true, max_quiescence_depth: MAX_Q, ..Config::plain_alpha_beta() };
    let preserving =
        Config { quiescence: true, max_quiescence_depth: MAX_Q, ..Config::value_preserving() };
    let mut forced = 0;
    for root in roots() {
        forced += usize::from(root.forcing());
        for depth in 1..=4 {
            let expected = brute(&root, depth, true);
            for (name, config) in [("plain", plain), ("vp", preserving)] {
                assert_eq!(search(config, &root, depth), expected, "{name} {root:?} depth {depth}");
            }
        }
    }
    assert!(forced > 0);
}

/// An evaluator with a solver for the last two plies: brute force, answering the exact value
/// (`Bound::Exact` style) on even paths, a fail-soft bound at the window's edge on paths ending
/// in 1, and declining on the others; it counts its calls.
struct Solving {
    calls: core::cell::Cell<u64>,
}

impl Evaluator<Digits> for Solving {
    type Score = i32;
    fn evaluate(&self, game: &Digits, _: bool, _: EvalContext) -> i32 {
        game.value()
    }
    const SOLVE_DEPTH: u32 = 2;
    fn solve_subtree(
        &self,
        game: &Digits,
        ctx: EvalContext,
        alpha: i32,
        beta: i32,
    ) -> Option<Solved<i32>> {
        assert!(ctx.depth_left <= 2 && ctx.ply > 0 && alpha < beta);
        self.calls.set(self.calls.get() + 1);
        let value = brute(game, ctx.depth_left, false);
        let score = match game.path % 4 {
            0 | 2 => value,
            1 if value <= alpha => alpha,
            1 if value >= beta => beta,
            1 => value,
            _ => return None,
        };
        Some(Solved { score, nodes: 1 })
    }
}

#[test]
fn an_evaluators_solver_equals_brute_force() {
    let plain = Config::plain_alpha_beta();
    let preserving = Config::value_preserving();
    let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
    let mut calls = 0;
    for root in roots() {
        for depth in 1..=4 {
            let expected = brute(&root, depth, false);
            for (name, config) in [("plain", plain), ("vp", preserving), ("minimax", minimax)] {
                let solving = Solving { calls: core::cell::Cell::new(0) };
                let mut engine = Engine::<Digits, Solving, 4, 32>::new(solving, config);
                let mut game = root.clone();
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                assert_eq!(result.score, expected, "{name} {root:?} depth {depth}");
                let used = engine.evaluator().calls.get();
                if name == "minimax" {
                    // Without pruning there is no window: the solver is never asked.
                    assert_eq!(used, 0);
                }
                calls += used;
            }
        }
    }
    assert!(calls > 1000, "{calls}");
}

/// An evaluator that bounds every node by brute force: the exact value clamped to the edge of
/// the window it falls outside, on paths ending in 0 or 1 (the others are searched).
struct Bounding {
    cuts: core::cell::Cell<u64>,
}

impl Evaluator<Digits> for Bounding {
    type Score = i32;
    fn evaluate(&self, game: &Digits, _: bool, _: EvalContext) -> i32 {
        game.value()
    }
    const BOUNDS: bool = true;
    fn bound_cut(&self, game: &Digits, ctx: EvalContext, alpha: i32, beta: i32) -> Option<i32> {
        assert!(ctx.ply > 0 && alpha < beta);
        if game.path % 4 > 1 {
            return None;
        }
        let value = brute(game, ctx.depth_left, false);
        let cut = if value <= alpha {
            Some(alpha)
        } else if value >= beta {
            Some(beta)
        } else {
            None
        };
        self.cuts.set(self.cuts.get() + u64::from(cut.is_some()));
        cut
    }
}

#[test]
fn an_evaluators_bound_equals_brute_force() {
    let plain = Config::plain_alpha_beta();
    let preserving = Config::value_preserving();
    let mut cuts = 0;
    for root in roots() {
        for depth in 1..=4 {
            let expected = brute(&root, depth, false);
            for (name, config) in [("plain", plain), ("vp", preserving)] {
                let bounding = Bounding { cuts: core::cell::Cell::new(0) };
                let mut engine = Engine::<Digits, Bounding, 4, 32>::new(bounding, config);
                let mut game = root.clone();
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                assert_eq!(result.score, expected, "{name} {root:?} depth {depth}");
                cuts += engine.evaluator().cuts.get();
            }
        }
    }
    assert!(cuts > 1000, "{cuts}");
}
