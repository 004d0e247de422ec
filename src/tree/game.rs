//! A [`Game`] over a parsed [`Tree`], so that the real engine can search it.

use super::Tree;
use crate::game::{EvalContext, Evaluator, Game, MoveList};

/// A [`Game`] over a [`Tree`]: the position is a node, a move is a child's position among its
/// siblings (0 for the leftmost), the player is `true` at MAX nodes (even depth) and `false`
/// at MIN nodes.
///
/// ```
/// use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
/// use alphabeta::{Algorithm, Config, Engine, Limits};
///
/// let tree: Tree = "ROOT A\nA B C\nB D E\nC F G\nVALUE\nD 3\nE 5\nF 2\nG 9\nEND".parse()?;
/// let mut game = TreeGame::new(&tree);
/// let mut engine: Engine<TreeGame, TreeEvaluator, 16, 64> =
///     Engine::new(TreeEvaluator, Config::new());
/// let result = engine.search(&mut game, &Limits::depth(tree.height())).unwrap();
/// assert_eq!(result.score, 3.0);
/// let pv: Vec<&str> = tree.path(&result.pv).unwrap().iter().map(|&n| tree.name(n)).collect();
/// assert_eq!(pv, ["B", "D"]);
/// # Ok::<(), alphabeta::tree::TreeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TreeGame<'t> {
    tree: &'t Tree,
    node: usize,
}

impl<'t> TreeGame<'t> {
    /// The game at the root of `tree`.
    pub fn new(tree: &'t Tree) -> Self {
        Self { tree, node: tree.root() }
    }

    /// The tree.
    pub fn tree(&self) -> &'t Tree {
        self.tree
    }

    /// The current node.
    pub fn node(&self) -> usize {
        self.node
    }
}

impl Game for TreeGame<'_> {
    type Move = u32;
    type Player = bool;
    /// The node before the move.
    type Undo = usize;

    fn side_to_move(&self) -> bool {
        self.tree.is_max(self.node)
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        for index in 0..self.tree.children(self.node).len() {
            // A node with more than u32::MAX children cannot be written in a file that fits in
            // memory; stop rather than wrap.
            let Ok(mv) = u32::try_from(index) else { break };
            let _ = moves.push(mv); // an overflow is reported by the engine
        }
    }

    fn make_move(&mut self, mv: u32) -> usize {
        let children = self.tree.children(self.node);
        debug_assert!((mv as usize) < children.len(), "move {mv} does not exist");
        let previous = self.node;
        self.node = children.start + mv as usize;
        previous
    }

    fn unmake_move(&mut self, _: u32, previous: usize) {
        self.node = previous;
    }

    fn is_terminal(&self) -> bool {
        self.tree.is_leaf(self.node)
    }

    fn zobrist_key(&self) -> u64 {
        // SplitMix64's finaliser over the index: distinct nodes get unrelated keys. The node
        // fixes the side to move, so the key includes it.
        let mut z = (self.node as u64) ^ 0x9E37_79B9_7F4A_7C15;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The evaluator for [`TreeGame`]: a leaf's value for MAX, its negation for MIN. An inner node
/// cut off by the depth limit scores 0 (no opinion).
///
/// Leaf values are plain numbers of any size ([`Evaluator::MATE_SCORES`] is `false`): none is
/// read as a forced win or loss, so mate distance pruning is off and the table stores values as
/// they are, and the engine's value equals the reference minimax on every tree file, values of
/// ±1,000,000 and beyond included.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeEvaluator;

impl Evaluator<TreeGame<'_>> for TreeEvaluator {
    type Score = f64;
    const MATE_SCORES: bool = false;

    fn evaluate(&self, game: &TreeGame<'_>, player: bool, _: EvalContext) -> f64 {
        let value = game.tree.value(game.node).unwrap_or(0.0);
        if player {
            value
        } else {
            -value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::SEED;

    #[test]
    fn tree_game_walks_and_restores() {
        let tree = Tree::parse(SEED).unwrap();
        let mut game = TreeGame::new(&tree);
        assert!(game.side_to_move());
        let mut moves = MoveList::<u32, 4>::new();
        game.generate_moves(&mut moves);
        assert_eq!(moves.as_slice(), [0, 1]);
        let undo = game.make_move(1);
        assert_eq!(tree.name(game.node()), "C");
        assert!(!game.side_to_move());
        let key = game.zobrist_key();
        game.unmake_move(1, undo);
        assert_eq!(game.node(), 0);
        assert_ne!(game.zobrist_key(), key);
        let ctx = EvalContext { ply: 0, depth_left: 0 };
        let leaf = TreeGame { tree: &tree, node: 7 };
        assert_eq!(TreeEvaluator.evaluate(&leaf, true, ctx), 4.0);
        assert_eq!(TreeEvaluator.evaluate(&leaf, false, ctx), -4.0);
        assert!(leaf.is_terminal());
    }
}
