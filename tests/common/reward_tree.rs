//! Random game trees with rewards and turns that need not alternate, their reward-aware
//! brute-force negamax, and the game and evaluator that walk them: shared by
//! `tests/rewards.rs` and `tests/rewards_edges.rs`.

#![allow(dead_code)]

use alphabeta::{EvalContext, Evaluator, Game, MoveList};

/// The deepest a generated tree grows.
pub const MAX_HEIGHT: u32 = 7;

/// One node of a random tree: the player to move, the reward the move into it earned the
/// player who made it (the parent's side to move), and its value of the rest at a horizon
/// (a leaf's value is what is left to share), for its own side to move.
#[derive(Clone, Debug)]
pub struct Node {
    pub children: Vec<usize>,
    pub player: bool,
    pub reward: i32,
    pub score: i32,
}

#[derive(Clone, Debug)]
pub struct RandomTree {
    pub nodes: Vec<Node>,
}

/// Branching, whether the side changes below the node, a reward, a value.
pub type Entry = (usize, bool, i32, i32);

impl RandomTree {
    pub fn build(entries: &[Entry], max_nodes: usize) -> Self {
        let entry = |i: usize| entries[i % entries.len()];
        let root = Node { children: Vec::new(), player: true, reward: 0, score: entry(0).3 };
        let mut nodes = vec![root];
        let mut depth = vec![0_u32];
        let mut stack = vec![0_usize];
        while let Some(node) = stack.pop() {
            let (branching, switch, _, _) = entry(node);
            if depth[node] >= MAX_HEIGHT || nodes.len() + branching > max_nodes {
                continue;
            }
            let player = if switch { !nodes[node].player } else { nodes[node].player };
            let first = nodes.len();
            for child in first..first + branching {
                let (_, _, reward, score) = entry(child);
                nodes.push(Node { children: Vec::new(), player, reward, score });
                depth.push(depth[node] + 1);
            }
            nodes[node].children = (first..first + branching).collect();
            stack.extend((first..first + branching).rev());
        }
        Self { nodes }
    }

    /// Brute force: the value of the rest at `node` for its side to move, `depth` plies deep:
    /// the best over the moves of the reward plus the child's value, negated where the turn
    /// passes.
    pub fn negamax(&self, node: usize, depth: u32) -> i32 {
        let n = &self.nodes[node];
        if n.children.is_empty() || depth == 0 {
            return n.score;
        }
        n.children.iter().map(|&c| self.move_value(node, c, depth)).max().unwrap()
    }

    /// The value of the move from `node` to its child `child` for `node`'s side to move.
    pub fn move_value(&self, node: usize, child: usize, depth: u32) -> i32 {
        let value = self.negamax(child, depth - 1);
        let c = &self.nodes[child];
        c.reward + if c.player == self.nodes[node].player { value } else { -value }
    }
}

pub struct Walk<'t> {
    pub tree: &'t RandomTree,
    pub path: Vec<usize>,
}

impl<'t> Walk<'t> {
    pub fn new(tree: &'t RandomTree) -> Self {
        Self { tree, path: vec![0] }
    }
    pub fn node(&self) -> usize {
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
    const REWARDS: bool = true;
    fn reward(&self, mv: u8) -> i32 {
        self.tree.nodes[self.tree.nodes[self.node()].children[usize::from(mv)]].reward
    }
}

/// The node's value of the rest, for its side to move (the engine asks for no other).
pub struct RestEval;

impl Evaluator<Walk<'_>> for RestEval {
    type Score = i32;
    fn evaluate(&self, game: &Walk<'_>, player: bool, _: EvalContext) -> i32 {
        assert_eq!(player, game.side_to_move());
        game.tree.nodes[game.node()].score
    }
}
