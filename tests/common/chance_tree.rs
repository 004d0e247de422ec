//! Random stochastic trees, for the chance search's tests and benchmark: decision and chance
//! nodes, uneven branching, random weights, turns that change or not below any node; the
//! walk down a tree as a [`StochasticGame`], its evaluator, and brute-force expectimax with
//! its own arithmetic for each score type.

#![allow(dead_code)]

use alphabeta::chance::{ChanceEvaluator, ChanceScore, Outcome, StochasticGame};
use alphabeta::{EvalContext, Evaluator, Game, MoveList};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

pub const MAX_MOVES: usize = 8;
pub const MAX_PLY: usize = 16;
/// Leaf scores lie in `-BOUND..=BOUND` (before the score type's scaling).
pub const BOUND: i32 = 60;

/// One node of a random stochastic tree: a decision or a chance node, the player to move
/// (whose point of view its value takes), its children (with weights at a chance node), and a
/// score for player `true` (a leaf's value, or the heuristic at the horizon).
#[derive(Clone, Debug)]
pub struct Node {
    pub chance: bool,
    pub player: bool,
    pub children: Vec<(usize, u32)>,
    pub score: i32,
}

#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<Node>,
}

pub fn below(rng: &mut XorShiftRng, n: u32) -> u32 {
    rng.next_u32() % n
}

impl Tree {
    /// A random tree of at most about `max_nodes` nodes and height 7.
    pub fn random(seed: u64, max_nodes: usize) -> Self {
        let mut rng = XorShiftRng::seed_from_u64(seed);
        let score = |rng: &mut XorShiftRng| below(rng, 2 * BOUND as u32 + 1) as i32 - BOUND;
        let root_chance = below(&mut rng, 3) == 0;
        let first = score(&mut rng);
        let mut nodes =
            vec![Node { chance: root_chance, player: true, children: Vec::new(), score: first }];
        let mut stack = vec![(0_usize, 0_u32)];
        while let Some((node, height)) = stack.pop() {
            let chance = nodes[node].chance;
            // Decision nodes: 0 (a leaf) to 4 moves; chance nodes: 1 to 4 outcomes.
            let branching = if chance { 1 + below(&mut rng, 4) } else { below(&mut rng, 5) };
            if height >= 7 || nodes.len() + branching as usize > max_nodes {
                continue;
            }
            let mut children = Vec::new();
            for _ in 0..branching {
                // Weights: mostly small, sometimes large and uneven.
                let weight = if below(&mut rng, 4) == 0 {
                    1 + below(&mut rng, 1000)
                } else {
                    1 + below(&mut rng, 6)
                };
                // The side changes below a decision node most of the time, below a chance
                // node half of the time (outcome by outcome, as in Pig).
                let flip = below(&mut rng, 10) < if chance { 5 } else { 7 };
                let player = nodes[node].player ^ flip;
                let child_chance = below(&mut rng, 3) == 0;
                let child_score = score(&mut rng);
                nodes.push(Node {
                    chance: child_chance,
                    player,
                    children: Vec::new(),
                    score: child_score,
                });
                children.push((nodes.len() - 1, weight));
                stack.push((nodes.len() - 1, height + 1));
            }
            nodes[node].children = children;
        }
        Self { nodes }
    }

    /// Brute-force expectimax of `node` for its player, `depth` plies deep: the definition
    /// written out again (a weighted sum in the order of the children, then the mean, clamped
    /// into the bound when the evaluator declares one).
    pub fn expectimax<S: Reference>(&self, node: usize, depth: u32, bounded: bool) -> S {
        let n = &self.nodes[node];
        if n.children.is_empty() || depth == 0 {
            return S::own(n.player, n.score);
        }
        let child = |(c, _): (usize, u32)| {
            let value = self.expectimax::<S>(c, depth - 1, bounded);
            if self.nodes[c].player == n.player {
                value
            } else {
                -value
            }
        };
        if n.chance {
            let pairs: Vec<(u32, S)> =
                n.children.iter().map(|&(c, w)| (w, child((c, w)))).collect();
            S::mean_of(&pairs, bounded)
        } else {
            let mut best = -S::INFINITY;
            for &pair in &n.children {
                let value = child(pair);
                if value > best {
                    best = value;
                }
            }
            best
        }
    }
}

/// The score types, with the brute force's own arithmetic for a chance node's mean.
pub trait Reference: ChanceScore {
    /// A stored score as this type, from `player`'s point of view.
    fn own(player: bool, score: i32) -> Self;
    /// The bound of every score.
    fn bound() -> Self;
    /// The weighted mean of `(weight, score)` pairs, summed in order.
    fn mean_of(pairs: &[(u32, Self)], bounded: bool) -> Self;
}

impl Reference for i32 {
    fn own(player: bool, score: i32) -> i32 {
        if player {
            score
        } else {
            -score
        }
    }
    fn bound() -> i32 {
        BOUND
    }
    fn mean_of(pairs: &[(u32, i32)], _: bool) -> i32 {
        let total: i64 = pairs.iter().map(|&(w, _)| i64::from(w)).sum();
        let sum: i64 = pairs.iter().map(|&(w, v)| i64::from(w) * i64::from(v)).sum();
        // Round to nearest, ties to even: compare twice the remainder with the total.
        let quotient = sum.div_euclid(total);
        let twice = 2 * (sum - quotient * total);
        let rounded = match twice.cmp(&total) {
            std::cmp::Ordering::Less => quotient,
            std::cmp::Ordering::Greater => quotient + 1,
            std::cmp::Ordering::Equal => quotient + quotient.rem_euclid(2),
        };
        rounded as i32
    }
}

/// Sevenths: not exact in binary, so the sums round.
impl Reference for f64 {
    fn own(player: bool, score: i32) -> f64 {
        let x = f64::from(score) / 7.0;
        if player {
            x
        } else {
            -x
        }
    }
    fn bound() -> f64 {
        f64::from(BOUND) / 7.0
    }
    fn mean_of(pairs: &[(u32, f64)], bounded: bool) -> f64 {
        let mut sum = 0.0;
        let mut total = 0.0;
        for &(w, v) in pairs {
            sum += f64::from(w) * v;
            total += f64::from(w);
        }
        let mean = sum / total;
        if bounded {
            mean.clamp(-Self::bound(), Self::bound())
        } else {
            mean
        }
    }
}

impl Reference for f32 {
    fn own(player: bool, score: i32) -> f32 {
        let x = score as f32 / 7.0;
        if player {
            x
        } else {
            -x
        }
    }
    fn bound() -> f32 {
        BOUND as f32 / 7.0
    }
    fn mean_of(pairs: &[(u32, f32)], bounded: bool) -> f32 {
        let mut sum = 0.0_f64;
        let mut total = 0.0_f64;
        for &(w, v) in pairs {
            sum += f64::from(w) * f64::from(v);
            total += f64::from(w);
        }
        let mean = (sum / total) as f32;
        if bounded {
            mean.clamp(-Self::bound(), Self::bound())
        } else {
            mean
        }
    }
}

/// The game: a walk down a [`Tree`], checking that the engine unmakes in stack order.
pub struct Walk<'t> {
    pub tree: &'t Tree,
    pub path: Vec<usize>,
}

impl<'t> Walk<'t> {
    pub fn new(tree: &'t Tree) -> Self {
        Self { tree, path: vec![0] }
    }
    pub fn node(&self) -> &Node {
        &self.tree.nodes[*self.path.last().unwrap()]
    }
}

impl Game for Walk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.node().player
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        assert!(!self.node().chance, "moves asked of a chance node");
        for index in 0..self.node().children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        let child = self.node().children[usize::from(mv)].0;
        self.path.push(child);
    }
    fn unmake_move(&mut self, mv: u8, (): ()) {
        let child = self.path.pop().unwrap();
        assert_eq!(self.node().children[usize::from(mv)].0, child, "unmake order");
    }
    fn is_terminal(&self) -> bool {
        self.node().children.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        0x9e37_79b9_7f4a_7c15 ^ *self.path.last().unwrap() as u64
    }
}

impl StochasticGame for Walk<'_> {
    fn is_chance_node(&self) -> bool {
        self.node().chance
    }
    fn generate_outcomes<const N: usize>(&self, outcomes: &mut MoveList<Outcome<u8>, N>) {
        for (index, &(_, weight)) in self.node().children.iter().enumerate() {
            let _ = outcomes.push(Outcome { outcome: index as u8, weight });
        }
    }
}

/// The tree's evaluator, with or without the bound.
pub struct TreeEval<S> {
    bounded: bool,
    _score: std::marker::PhantomData<S>,
}

impl<S> TreeEval<S> {
    pub fn new(bounded: bool) -> Self {
        Self { bounded, _score: std::marker::PhantomData }
    }
}

impl<S: Reference> Evaluator<Walk<'_>> for TreeEval<S> {
    type Score = S;
    fn evaluate(&self, game: &Walk<'_>, player: bool, _: EvalContext) -> S {
        S::own(player, game.node().score)
    }
}

impl<S: Reference> ChanceEvaluator<Walk<'_>> for TreeEval<S> {
    fn score_bound(&self) -> Option<S> {
        self.bounded.then(S::bound)
    }
}
