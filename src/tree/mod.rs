//! Game-tree files (`std` feature): a reader for the `ROOT … VALUE … END` format, reference
//! minimax and alpha-beta, and a [`Game`] over a parsed tree so the real [`Engine`] can search
//! it.
//!
//! # The format
//!
//! ```text
//! ROOT A          first line: the root's name
//! A B C           one line per inner node: the node, then its children left to right
//! B D E
//! ...
//! VALUE           leaf values follow, one per line: name and number
//! D 4
//! ...
//! END
//! ```
//!
//! * The root is a MAX node; levels alternate (the children of a MAX node are MIN nodes).
//! * Names are any non-blank tokens without `#`; `ROOT`, `VALUE` and `END` are keywords and
//!   cannot name a node. Values are integers or decimals (`4`, `-3`, `0.1`), no exponent, no
//!   NaN or infinity.
//! * Values are stored as `f64`. An integer is read exactly when its magnitude is at most
//!   2^53 = 9007199254740992; a larger one (say `9007199254740993`, which `f64` would round
//!   to its neighbour) is rejected with [`TreeError::NumberTooLarge`], and so is a decimal
//!   whose integer part is larger than 2^53. A decimal within the limit is rounded to the
//!   nearest `f64`, as `0.1` must be.
//! * `#` starts a comment; blank lines are ignored.
//! * Every node except the root has exactly one parent, lists its children at most once, every
//!   node without children has exactly one value, no inner node has one, and every node is
//!   reachable from the root.
//!
//! A file is UTF-8 text; a leading byte-order mark (U+FEFF) is skipped. [`Tree::parse_bytes`]
//! reads raw bytes and reports bytes that are not UTF-8 as [`TreeError::InvalidUtf8`], with
//! the line, the byte column and the byte offset of the first bad byte; [`Tree::parse`] takes
//! text that is already a `str`. Lines end with `\n` (a `\r` before it is dropped).
//!
//! A file that breaks a rule gives a [`TreeError`] carrying the line number of the first
//! problem: first the ones met while reading line by line, then the structural ones (an
//! unreachable node, a leaf without a value), at the line where the node is first named.
//! Its message is one line of bounded length: a name or number it quotes is cut to its first
//! 40 characters (fewer when they need escaping) followed by `…` and the token's full length,
//! as in `"xxxx…" (52428800 bytes)`; see [`Token`].
//!
//! # Memory layout
//!
//! A [`Tree`] is a flat arena in breadth-first order: the root is node 0, the children of every
//! node are consecutive indices, and every parent comes before its children. Nothing is
//! recursive, neither the parser, the reference searches nor `Drop`, so a chain of 200,000
//! nodes is as safe as a bushy tree. (The [`Engine`] itself recurses once per ply and is meant
//! for trees no deeper than its `MAX_PLY`.)
//!
//! Each name is stored once, in one string; besides its name a node costs 16 bytes (its value,
//! the end of its name, and where its children start), and each depth 4 bytes. While a file
//! is read, the reader keeps the text and about 27 bytes a node (it refers to names by their
//! place in the text and copies them once, at the end): about 2.5 times the size of a file of
//! short names, less for longer ones. A tree holds at most `u32::MAX - 1` nodes, and every
//! name must end within the first 4 GiB of the text ([`TreeError::TooLarge`]).
//!
//! # Example
//!
//! ```
//! use alphabeta::tree::{CutoffKind, Tree};
//!
//! let tree: Tree = "ROOT A\nA B C\nB D E\nC F G\nVALUE\nD 3\nE 5\nF 2\nG 9\nEND\n".parse()?;
//! let report = tree.report();
//! assert_eq!(report.value, 3.0);
//! assert_eq!(report.pv, ["B", "D"]);
//! assert_eq!((report.minimax_leaves, report.alphabeta_leaves), (4, 3));
//! assert_eq!(report.cutoffs[0].node, "C");
//! assert_eq!(report.cutoffs[0].kind, CutoffKind::Alpha);
//! assert_eq!(report.cutoffs[0].pruned, ["G"]);
//! # Ok::<(), alphabeta::tree::TreeError>(())
//! ```
//!
//! [`Engine`]: crate::Engine
//! [`Game`]: crate::Game

use std::ops::Range;

pub use crate::trace::CutoffKind;

mod error;
mod game;
mod parse;
mod reference;
#[cfg(test)]
mod tests;

pub use error::{Token, TreeError};
pub use game::{TreeEvaluator, TreeGame};
pub use reference::{AlphaBeta, Cutoff, Minimax, NamedCutoff, Report};

/// The largest magnitude of an integer value: every integer up to 2^53 is exact in an `f64`,
/// 2^53 + 1 is the first that is not.
const MAX_EXACT_INTEGER: u64 = 1 << 53;

/// The most nodes a [`Tree`] holds: indices are `u32`, and `u32::MAX` marks "none".
const MAX_NODES: usize = u32::MAX as usize - 1;

/// A parsed game tree: a flat arena of nodes in breadth-first order.
///
/// Nodes are `usize` indices: the root is `0`, every parent precedes its children, and the
/// children of a node are the consecutive indices [`Tree::children`] returns.
#[derive(Clone, Debug)]
pub struct Tree {
    /// Every name once, node after node.
    names: String,
    /// By node: the end of its name in `names` (a name starts where the previous one ends).
    name_ends: Vec<u32>,
    /// By node: a leaf's value as `f64` bits; NaN for an inner node (never read).
    values: Vec<u64>,
    /// The children of node `i` are `first_child[i]..first_child[i + 1]` (one more entry
    /// than nodes; breadth-first order makes the lists follow one another).
    first_child: Vec<u32>,
    /// The first node of each depth: `level_starts[d]..level_starts[d + 1]` are the nodes at
    /// depth `d` (breadth-first order sorts nodes by depth). Never empty.
    level_starts: Vec<u32>,
}

impl Tree {
    /// The root: always node 0.
    pub const fn root(&self) -> usize {
        0
    }

    /// The number of nodes (at least 1).
    pub fn node_count(&self) -> usize {
        self.name_ends.len()
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.first_child.windows(2).filter(|w| w[0] == w[1]).count()
    }

    /// The longest distance from the root to a leaf, in plies (0 for a lone root).
    pub fn height(&self) -> u32 {
        // At most `u32::MAX - 1` nodes, so the number of levels fits.
        (self.level_starts.len() - 1) as u32
    }

    /// The name of `node`.
    ///
    /// # Panics
    /// When `node >= self.node_count()`, as for every method taking a node.
    pub fn name(&self, node: usize) -> &str {
        let start = if node == 0 { 0 } else { self.name_ends[node - 1] as usize };
        &self.names[start..self.name_ends[node] as usize]
    }

    /// The children of `node`, left to right (empty for a leaf).
    pub fn children(&self, node: usize) -> Range<usize> {
        self.first_child[node] as usize..self.first_child[node + 1] as usize
    }

    /// `true` when `node` has no children.
    pub fn is_leaf(&self, node: usize) -> bool {
        self.first_child[node] == self.first_child[node + 1]
    }

    /// The value of a leaf; `None` for an inner node.
    pub fn value(&self, node: usize) -> Option<f64> {
        self.is_leaf(node).then(|| self.leaf_value(node))
    }

    /// The value of `node`, a leaf.
    fn leaf_value(&self, node: usize) -> f64 {
        f64::from_bits(self.values[node])
    }

    /// Plies from the root to `node`.
    pub fn depth(&self, node: usize) -> u32 {
        assert!(node < self.node_count(), "node {node} does not exist");
        // The number of levels that start at or before `node`, less one; fits as `height`.
        (self.level_starts.partition_point(|&start| start as usize <= node) - 1) as u32
    }

    /// `true` for a MAX node (an even depth), `false` for a MIN node.
    pub fn is_max(&self, node: usize) -> bool {
        self.depth(node).is_multiple_of(2)
    }

    /// The nodes at each depth, from the root's level down.
    fn levels(&self) -> impl DoubleEndedIterator<Item = Range<usize>> + ExactSizeIterator + '_ {
        let end = self.node_count() as u32;
        self.level_starts.iter().enumerate().map(move |(depth, &start)| {
            start as usize..self.level_starts.get(depth + 1).copied().unwrap_or(end) as usize
        })
    }

    /// The first node called `name` (a linear search).
    pub fn find(&self, name: &str) -> Option<usize> {
        (0..self.node_count()).find(|&node| self.name(node) == name)
    }

    /// The nodes reached by playing `moves` (child positions, as [`TreeGame`] numbers them)
    /// from the root, the root excluded; `None` when a move does not exist.
    pub fn path(&self, moves: &[u32]) -> Option<Vec<usize>> {
        let mut node = self.root();
        let mut path = Vec::with_capacity(moves.len());
        for &mv in moves {
            let children = self.children(node);
            let index = usize::try_from(mv).ok()?;
            if index >= children.len() {
                return None;
            }
            node = children.start + index;
            path.push(node);
        }
        Some(path)
    }
}
