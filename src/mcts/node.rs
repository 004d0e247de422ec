//! The tree's nodes and the arena that holds them: allocation, re-rooting and recycling, all
//! inside the caller's fixed memory.
//!
//! # Node layout
//!
//! A node is the position reached by its move and what the search learnt about it:
//!
//! | field | bits | content |
//! |---|---|---|
//! | `visits` | 32 | iterations through this node |
//! | `mean` | 32 | mean reward (`f32`, −1 to 1) of the player who chose this node (the player to move at its parent; at the root, the root player) |
//! | `first_child` | 0–29 | index of the first child; 0: no children (the root, index 0, is nobody's child) |
//! | | 30, 31 | flags of the compaction pass ([`Tree::reroot`], [`Tree::recycle`]); 0 otherwise |
//! | `meta` | 0–11 | number of children − 1 (children are one contiguous block) |
//! | | 12–13 | proven lower bound + 1 (loss −1, draw 0, win 1), for the chooser |
//! | | 14–15 | 1 − proven upper bound (so that a node of zeros has nothing proven) |
//! | `prior` | 16 | the move's prior probability, `p × 65535` (0 without priors) |
//! | `minimax` | 16 | implicit minimax value (Lanctot et al. 2014), `v × 32767`, for the chooser |
//! | `mv` | `M` | the move that leads here from the parent |
//!
//! 20 bytes with 8- or 16-bit moves, 24 with 32-bit moves (`size_of` is asserted in the tests).
//! [`Node::EMPTY`] is all zeros, so a `static` arena of them takes no flash on a
//! microcontroller: it goes to `.bss`.
//! What keeps it small: children are a contiguous range named by one 32-bit index and a
//! 12-bit count (no child array, no sibling or parent pointer); indices are 32 bits, not
//! pointers; each move is stored once, in the child it leads to; the solver's bounds take 4
//! bits of the count's word; priors and minimax values are 16-bit fixed point; the mean is kept
//! as a running mean (no separate sum, and no precision lost after 2^24 visits as a float sum
//! would).

/// The proven bounds on a node's game value for the player who chose it: `lower ..= upper`,
/// each −1 (loss), 0 (draw) or 1 (win). `(-1, 1)`: nothing proven; `lower == upper`: solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) lower: i8,
    pub(crate) upper: i8,
}

impl Bounds {
    pub(crate) const UNKNOWN: Self = Self { lower: -1, upper: 1 };

    /// The exact value `value` (−1, 0 or 1).
    pub(crate) const fn exact(value: i8) -> Self {
        Self { lower: value, upper: value }
    }

    pub(crate) const fn is_solved(self) -> bool {
        self.lower == self.upper
    }

    /// The same bounds seen by the opponent.
    pub(crate) const fn negated(self) -> Self {
        Self { lower: -self.upper, upper: -self.lower }
    }

    /// Both sets of bounds hold: their intersection. Two sound sets never exclude each other.
    pub(crate) fn intersect(self, other: Self) -> Self {
        let lower = self.lower.max(other.lower);
        let upper = self.upper.min(other.upper);
        debug_assert!(lower <= upper, "contradictory proofs {self:?} {other:?}");
        Self { lower, upper: upper.max(lower) }
    }
}

const INDEX_MASK: u32 = (1 << 30) - 1;
/// Compaction: the node is kept.
const MARK: u32 = 1 << 31;
/// Compaction: the node is the first of a kept block, and `first_child` holds its parent's
/// index (its own first child's index waits in the parent's `first_child`).
const THREAD: u32 = 1 << 30;

const COUNT_MASK: u16 = (1 << 12) - 1;
const LOWER_SHIFT: u16 = 12;
const UPPER_SHIFT: u16 = 14;
/// `meta` of a node with no children and nothing proven: zero.
const META_UNKNOWN: u16 = 0;

/// The most nodes an arena can use: indices have 30 bits. Larger arenas use this many.
pub const MAX_ARENA_NODES: usize = 1 << 30;
/// The most children a node can have (the count has 12 bits): the Monte Carlo engines' move
/// capacity `MAX_MOVES` is at most this.
pub const MAX_CHILDREN: usize = 1 << 12;

/// One node of a Monte Carlo search tree, in an arena the caller owns (see the
/// [module](crate::mcts) documentation for the layout and the sizes).
///
/// An arena is any `[Node<M>]`: an array (`[Node::EMPTY; 4096]` for integer moves, in a
/// `static` or on the stack), a slice of one, or a `Vec` under `std`. Its contents before the
/// first search do not matter. The fields are private: read a search's results from
/// [`MctsResult`](crate::mcts::MctsResult).
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    visits: u32,
    mean: f32,
    first_child: u32,
    meta: u16,
    prior: u16,
    minimax: i16,
    mv: M,
}

impl<M: Copy> Node<M> {
    /// Becomes `node`, field by field: `*self = node` between two nodes of one arena is a
    /// copy the compiler cannot prove disjoint, and it calls a general `memmove` for it (over
    /// a kilobyte of flash on a Cortex-M0).
    fn set_to(&mut self, node: Self) {
        self.visits = node.visits;
        self.mean = node.mean;
        self.first_child = node.first_child;
        self.meta = node.meta;
        self.prior = node.prior;
        self.minimax = node.minimax;
        self.mv = node.mv;
    }
}

impl<M> Node<M> {
    /// A node for an arena, with `filler` as its move: any value of the move type (the
    /// search overwrites it). For integer moves, [`Node::EMPTY`] is the same.
    pub const fn vacant(filler: M) -> Self {
        Self::child(filler, 0)
    }

    /// A fresh child reached by `mv`, with the prior `prior` (fixed point).
    pub(crate) const fn child(mv: M, prior: u16) -> Self {
        Self { visits: 0, mean: 0.0, first_child: 0, meta: META_UNKNOWN, prior, minimax: 0, mv }
    }
}

/// A move type with a constant value to fill an arena's nodes with before the first search,
/// so that an arena can be written `[Node::EMPTY; N]` (a constant: fit for a `static`).
/// Implemented for the integer types; a move type of your own may implement it, or fill its
/// arena with [`Node::vacant`].
pub trait FillerMove: Sized {
    /// Any value of the type (the search overwrites it).
    const FILLER: Self;
}

macro_rules! filler_moves {
    ($($t:ty),*) => {$(
        impl FillerMove for $t {
            const FILLER: Self = 0;
        }
    )*};
}
filler_moves!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl<M: FillerMove> Node<M> {
    /// A node to fill an arena with: `[Node::EMPTY; N]`, `vec![Node::EMPTY; n]`.
    pub const EMPTY: Self = Self::vacant(M::FILLER);
}

impl<M: Copy> Node<M> {
    pub(crate) fn mv(&self) -> M {
        self.mv
    }
}

impl<M> Node<M> {
    /// Iterations through the node.
    pub(crate) fn visits(&self) -> u32 {
        self.visits
    }

    /// The chooser's mean reward, −1 to 1.
    pub(crate) fn mean(&self) -> f32 {
        self.mean
    }

    /// Adds one iteration with reward `reward` for the chooser.
    #[inline]
    pub(crate) fn record(&mut self, reward: f32) {
        self.visits = self.visits.saturating_add(1);
        self.mean += (reward - self.mean) / self.visits as f32;
    }

    /// Virtual loss (tree parallelism): counts a loss now, before the playout is known.
    pub(crate) fn add_virtual_loss(&mut self) {
        self.record(-1.0);
    }

    /// Replaces a virtual loss counted by [`Node::add_virtual_loss`] with the real reward:
    /// the sum of rewards gains `1 + reward`, the visit is already counted.
    pub(crate) fn settle_virtual_loss(&mut self, reward: f32) {
        self.mean += (1.0 + reward) / self.visits.max(1) as f32;
    }

    /// The index of the first child and the number of children, if the node has children.
    #[inline]
    pub(crate) fn children(&self) -> Option<(usize, usize)> {
        let first = (self.first_child & INDEX_MASK) as usize;
        (first != 0).then(|| (first, usize::from(self.meta & COUNT_MASK) + 1))
    }

    pub(crate) fn is_expanded(&self) -> bool {
        self.first_child & INDEX_MASK != 0
    }

    fn set_children(&mut self, first: usize, count: usize) {
        debug_assert!(first > 0 && first <= INDEX_MASK as usize);
        debug_assert!((1..=MAX_CHILDREN).contains(&count));
        self.first_child = first as u32;
        self.meta = (self.meta & !COUNT_MASK) | (count - 1) as u16;
    }

    /// Forgets the children (their statistics are lost; the node's own are kept).
    fn drop_children(&mut self) {
        self.first_child = 0;
        self.meta &= !COUNT_MASK;
    }

    pub(crate) fn bounds(&self) -> Bounds {
        let lower = ((self.meta >> LOWER_SHIFT) & 3) as i8 - 1;
        let upper = 1 - ((self.meta >> UPPER_SHIFT) & 3) as i8;
        Bounds { lower, upper }
    }

    pub(crate) fn set_bounds(&mut self, bounds: Bounds) {
        let lower = (bounds.lower + 1) as u16;
        let upper = (1 - bounds.upper) as u16;
        self.meta = (self.meta & COUNT_MASK) | lower << LOWER_SHIFT | upper << UPPER_SHIFT;
    }

    pub(crate) fn set_prior(&mut self, prior: u16) {
        self.prior = prior;
    }

    /// The prior, 0 to 1.
    pub(crate) fn prior(&self) -> f32 {
        f32::from(self.prior) / 65535.0
    }

    /// The implicit minimax value for the chooser, −1 to 1.
    pub(crate) fn minimax(&self) -> f32 {
        f32::from(self.minimax) / 32767.0
    }

    pub(crate) fn set_minimax(&mut self, value: f32) {
        self.minimax = (value.clamp(-1.0, 1.0) * 32767.0) as i16;
    }

    /// Resets the node as a fresh root, keeping its move field.
    fn reset(&mut self) {
        self.visits = 0;
        self.mean = 0.0;
        self.first_child = 0;
        self.meta = META_UNKNOWN;
        self.prior = 0;
        self.minimax = 0;
    }

    /// The node's view turned to the opponent's (two players): mean, bounds, minimax.
    pub(crate) fn negate_view(&mut self) {
        self.mean = -self.mean;
        self.minimax = -self.minimax;
        let bounds = self.bounds().negated();
        self.set_bounds(bounds);
    }
}

/// A prior in fixed point.
pub(crate) fn prior_bits(prior: f32) -> u16 {
    (prior.clamp(0.0, 1.0) * 65535.0) as u16
}

/// The root is always node 0.
pub(crate) const ROOT: usize = 0;

/// The arena as the search uses it: the nodes and how many are in use (the root and every
/// block of children allocated since, in allocation order).
pub(crate) struct Tree<'a, M> {
    pub(crate) nodes: &'a mut [Node<M>],
    pub(crate) used: usize,
}

impl<'a, M: Copy> Tree<'a, M> {
    /// The arena `nodes` with `used` nodes in use (at most [`MAX_ARENA_NODES`] are used).
    pub(crate) fn new(nodes: &'a mut [Node<M>], used: usize) -> Self {
        let len = nodes.len().min(MAX_ARENA_NODES);
        let nodes = &mut nodes[..len];
        Self { used: used.min(len), nodes }
    }

    pub(crate) fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Empties the tree down to a fresh root.
    pub(crate) fn clear(&mut self) {
        if let Some(root) = self.nodes.first_mut() {
            root.reset();
            self.used = 1;
        } else {
            self.used = 0;
        }
    }

    /// Allocates a block of `moves.len()` children for `parent`. `false` when the arena has
    /// no room; nothing changes then.
    pub(crate) fn expand(&mut self, parent: usize, moves: &[M]) -> bool {
        let count = moves.len();
        let first = self.used;
        if count == 0 || count > self.nodes.len() - first {
            return false;
        }
        for (&mv, slot) in moves.iter().zip(&mut self.nodes[first..first + count]) {
            *slot = Node::child(mv, 0);
        }
        self.used += count;
        self.nodes[parent].set_children(first, count);
        true
    }

    /// The children of `parent` (empty if it has none).
    #[inline]
    pub(crate) fn children(&self, parent: usize) -> core::ops::Range<usize> {
        match self.nodes[parent].children() {
            Some((first, count)) => first..first + count,
            None => 0..0,
        }
    }

    /// The bounds of `parent` for the player to move there, from its children's bounds
    /// (stored for that player, their chooser): the best lower bound and the best upper bound.
    pub(crate) fn bounds_from_children(&self, parent: usize) -> Option<Bounds> {
        let children = self.children(parent);
        if children.is_empty() {
            return None;
        }
        let mut bounds = Bounds { lower: -1, upper: -1 };
        for child in &self.nodes[children] {
            let b = child.bounds();
            bounds.lower = bounds.lower.max(b.lower);
            bounds.upper = bounds.upper.max(b.upper);
        }
        Some(bounds)
    }

    /// Keeps only the subtree of `new_root` (a node in use), moved to the front of the arena
    /// with `new_root` as node 0; frees the rest. The kept nodes keep their statistics.
    ///
    /// In place, with no memory beyond the nodes' flag bits, in two forward passes over the
    /// arena (sliding compaction in the manner of Jonkers' threaded compaction, 1979). Blocks
    /// are allocated after their parent, so one forward pass can mark every kept node and
    /// count the kept nodes before each; the one pointer into a block (its parent's
    /// `first_child`) is threaded through the block's first node: the first node holds the
    /// parent's index and the parent holds the first node's own pointer, until the pass
    /// reaches the first node, learns its new index, and puts both pointers right. The second
    /// pass slides the kept nodes down, in order.
    pub(crate) fn reroot(&mut self, new_root: usize) {
        self.compact(new_root, 0);
    }

    /// Frees memory by dropping the children of every node with fewer than `min_visits`
    /// visits (their subtrees go with them; the nodes keep their own statistics and proofs,
    /// and are expanded again when the search next passes through them). Returns the nodes
    /// still in use.
    pub(crate) fn recycle(&mut self, min_visits: u32) -> usize {
        self.compact(ROOT, min_visits);
        self.used
    }

    /// The nodes that [`Tree::recycle`] with `min_visits` would keep (nothing changes).
    pub(crate) fn kept_by(&mut self, min_visits: u32) -> usize {
        let mut kept = 0;
        if self.used == 0 {
            return 0;
        }
        self.nodes[ROOT].first_child |= MARK;
        for i in 0..self.used {
            let node = self.nodes[i];
            if node.first_child & MARK == 0 {
                continue;
            }
            kept += 1;
            self.nodes[i].first_child &= !MARK;
            if let (Some((first, count)), true) = (node.children(), node.visits >= min_visits) {
                for child in &mut self.nodes[first..first + count] {
                    child.first_child |= MARK;
                }
            }
        }
        kept
    }

    fn compact(&mut self, new_root: usize, min_visits: u32) {
        if new_root >= self.used {
            self.clear();
            return;
        }
        // Pass 1: mark, thread and count.
        self.nodes[new_root].first_child |= MARK;
        let mut kept = 0usize;
        for i in new_root..self.used {
            let flags = self.nodes[i].first_child;
            if flags & MARK == 0 {
                continue;
            }
            let new_index = kept;
            kept += 1;
            if flags & THREAD != 0 {
                // The first node of a block: its parent learns the block's new place, and
                // the node gets its own pointer back from the parent.
                let parent = (flags & INDEX_MASK) as usize;
                let own = self.nodes[parent].first_child & INDEX_MASK;
                self.nodes[i].first_child = own | MARK;
                self.nodes[parent].first_child = new_index as u32 | MARK;
            }
            let node = self.nodes[i];
            let Some((first, count)) = node.children() else { continue };
            if node.visits < min_visits {
                self.nodes[i].drop_children();
                self.nodes[i].first_child |= MARK;
                continue;
            }
            for child in &mut self.nodes[first..first + count] {
                child.first_child |= MARK;
            }
            // Thread the block's one incoming pointer through its first node.
            let own = self.nodes[first].first_child & INDEX_MASK;
            self.nodes[i].first_child = own | MARK;
            self.nodes[first].first_child = i as u32 | MARK | THREAD;
        }
        // Pass 2: slide the kept nodes down, in order.
        let mut next = 0;
        for i in new_root..self.used {
            if self.nodes[i].first_child & MARK != 0 {
                self.nodes[i].first_child &= !MARK;
                if next != i {
                    let node = self.nodes[i];
                    self.nodes[next].set_to(node);
                }
                next += 1;
            }
        }
        debug_assert_eq!(next, kept);
        self.used = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_sizes() {
        assert_eq!(core::mem::size_of::<Node<u8>>(), 20);
        assert_eq!(core::mem::size_of::<Node<u16>>(), 20);
        assert_eq!(core::mem::size_of::<Node<u32>>(), 24);
    }

    #[test]
    fn an_empty_node_is_all_zeros() {
        let node = Node::<u32>::EMPTY;
        let fields = (node.visits, node.mean.to_bits(), node.first_child, node.meta);
        assert_eq!(fields, (0, 0, 0, 0));
        assert_eq!((node.prior, node.minimax, node.mv), (0, 0, 0));
        assert_eq!(node.bounds(), Bounds::UNKNOWN);
    }

    #[test]
    fn fields_round_trip() {
        let mut node = Node::<u8>::EMPTY;
        assert_eq!(node.bounds(), Bounds::UNKNOWN);
        assert!(!node.is_expanded());
        node.set_children(5, MAX_CHILDREN);
        assert_eq!(node.children(), Some((5, MAX_CHILDREN)));
        for lower in -1..=1 {
            for upper in lower..=1 {
                node.set_bounds(Bounds { lower, upper });
                assert_eq!(node.bounds(), Bounds { lower, upper });
                assert_eq!(node.children(), Some((5, MAX_CHILDREN)));
            }
        }
        node.record(1.0);
        node.record(0.0);
        node.record(-0.5);
        assert_eq!(node.visits(), 3);
        assert!((node.mean() - 0.5 / 3.0).abs() < 1e-6);
        node.add_virtual_loss();
        node.settle_virtual_loss(0.5);
        assert_eq!(node.visits(), 4);
        assert!((node.mean() - 1.0 / 4.0).abs() < 1e-6);
        node.set_minimax(-0.25);
        assert!((node.minimax() + 0.25).abs() < 1e-4);
        assert_eq!(prior_bits(1.0), 65535);
        assert_eq!(prior_bits(2.0), 65535);
        assert_eq!(prior_bits(-1.0), 0);
    }

    /// A random tree, built by random expansions; every node's move is its own index at
    /// creation, so that a subtree can be compared before and after compaction.
    fn random_tree(nodes: &mut [Node<u32>], seed: u64, expansions: usize) -> usize {
        let mut state = seed;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut tree = Tree::new(nodes, 0);
        tree.clear();
        for _ in 0..expansions {
            let leaf = (next() % tree.used as u64) as usize;
            if tree.nodes[leaf].is_expanded() {
                continue;
            }
            let count = 1 + (next() % 5) as usize;
            let moves: Vec<u32> = (0..count).map(|k| (tree.used + k) as u32).collect();
            if !tree.expand(leaf, &moves) {
                break;
            }
        }
        for i in 0..tree.used {
            let visits = (next() % 8) as u32;
            for _ in 0..visits {
                tree.nodes[i].record(0.5);
            }
            tree.nodes[i].set_bounds(Bounds { lower: -1, upper: (i % 2) as i8 });
        }
        tree.used
    }

    /// The subtree of `root` as nested (move, visits, bounds, children) descriptions,
    /// children only if `keep(visits)`.
    fn shape(tree: &Tree<'_, u32>, root: usize, keep: &dyn Fn(u32) -> bool) -> String {
        let node = &tree.nodes[root];
        let mut text = format!("{}:{}:{:?}(", node.mv, node.visits, node.bounds());
        if keep(node.visits) {
            for child in tree.children(root) {
                text += &shape(tree, child, keep);
            }
        }
        text + ")"
    }

    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        for seed in 1..200u64 {
            let mut nodes = vec![Node::<u32>::EMPTY; 400];
            let used = random_tree(&mut nodes, seed, 150);
            let mut tree = Tree::new(&mut nodes, used);
            for new_root in [1usize, 2, 3] {
                if new_root >= tree.used {
                    continue;
                }
                let before = shape(&tree, new_root, &|_| true);
                let size = before.matches('(').count();
                tree.reroot(new_root);
                assert_eq!(tree.used, size, "seed {seed}");
                assert_eq!(shape(&tree, ROOT, &|_| true), before, "seed {seed}");
                assert!(tree.nodes[..tree.used]
                    .iter()
                    .all(|n| n.first_child & (MARK | THREAD) == 0));
            }
        }
    }

    #[test]
    fn recycle_drops_the_children_of_rarely_visited_nodes() {
        for seed in 1..200u64 {
            let mut nodes = vec![Node::<u32>::EMPTY; 400];
            let used = random_tree(&mut nodes, seed, 150);
            let mut tree = Tree::new(&mut nodes, used);
            for min_visits in [0u32, 2, 4, 7] {
                let before = shape(&tree, ROOT, &|v| v >= min_visits);
                let size = before.matches('(').count();
                assert_eq!(tree.kept_by(min_visits), size);
                assert_eq!(tree.recycle(min_visits), size, "seed {seed}");
                assert_eq!(shape(&tree, ROOT, &|_| true), before, "seed {seed}");
            }
        }
    }
}
