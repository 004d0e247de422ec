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

use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::BuildHasher;
use std::ops::Range;
use std::str::FromStr;

use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::search::Algorithm;
use crate::trace::{SearchTrace, TraceEvent, TraceNode};

pub use crate::trace::CutoffKind;

/// The keywords of the format; they cannot name a node.
const KEYWORDS: [&str; 3] = ["ROOT", "VALUE", "END"];

/// The largest magnitude of an integer value: every integer up to 2^53 is exact in an `f64`,
/// 2^53 + 1 is the first that is not.
const MAX_EXACT_INTEGER: u64 = 1 << 53;

/// A [`Token`] keeps at most this many characters of the text it quotes…
const TOKEN_CHARS: usize = 40;
/// …and at most this many bytes once they are escaped for the message.
const TOKEN_ESCAPED_BYTES: usize = 120;

/// A name, keyword or number quoted by a [`TreeError`], cut to a bounded length so that a
/// 50 MB token gives a short message.
///
/// It keeps the token's first 40 characters (fewer when escaping them would take more than
/// 120 bytes), cut on a character boundary, and the full token's length in bytes. `Display`
/// prints it quoted and escaped as `{:?}` prints a string, with `…` and the full length when it
/// was cut: `"ab"`, or `"xxxx…" (52428800 bytes)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    kept: String,
    len: usize,
}

impl Token {
    /// The token `text`, cut to the bound.
    pub fn new(text: &str) -> Self {
        let mut end = 0;
        let mut escaped = 0;
        for (count, (at, c)) in text.char_indices().enumerate() {
            // `char::escape_debug` escapes at least what `{:?}` on a `str` does.
            escaped += c.escape_debug().len();
            if count == TOKEN_CHARS || escaped > TOKEN_ESCAPED_BYTES {
                break;
            }
            end = at + c.len_utf8();
        }
        Self { kept: text[..end].to_owned(), len: text.len() }
    }

    /// The kept text: the whole token unless [`Token::is_truncated`].
    pub fn as_str(&self) -> &str {
        &self.kept
    }

    /// The length of the whole token in bytes.
    pub fn byte_len(&self) -> usize {
        self.len
    }

    /// `true` when the token was cut.
    pub fn is_truncated(&self) -> bool {
        self.kept.len() < self.len
    }
}

impl From<&str> for Token {
    fn from(text: &str) -> Self {
        Self::new(text)
    }
}

impl PartialEq<str> for Token {
    /// `true` when the token was not cut and is `other`.
    fn eq(&self, other: &str) -> bool {
        !self.is_truncated() && self.kept == other
    }
}

impl PartialEq<&str> for Token {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_truncated() {
            write!(f, "{:?} ({} bytes)", format!("{}…", self.kept), self.len)
        } else {
            write!(f, "{:?}", self.kept)
        }
    }
}

/// Why a tree file was rejected. Every variant carries the 1-based `line` of the problem, and
/// `Display` prints one line such as `line 3: node "A" is the root and cannot be a child`.
/// Names and numbers are quoted as [`Token`]s, so the line is short whatever the file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TreeError {
    /// The file holds nothing but blank lines and comments (`line` is 1).
    Empty {
        /// Always 1.
        line: usize,
    },
    /// The file is not UTF-8 ([`Tree::parse_bytes`]).
    InvalidUtf8 {
        /// The line of the first byte that is not UTF-8.
        line: usize,
        /// Its 1-based position in the line, in bytes.
        column: usize,
        /// Its 0-based offset from the start of the file, in bytes (a byte-order mark
        /// included).
        offset: usize,
    },
    /// The first line with content is not `ROOT name`.
    MissingRoot {
        /// The first line with content.
        line: usize,
    },
    /// A second `ROOT` line.
    DuplicateRoot {
        /// The second `ROOT` line.
        line: usize,
        /// The first one.
        first_line: usize,
    },
    /// A keyword out of its place: `END` before `VALUE`, a second `VALUE`.
    UnexpectedKeyword {
        /// The line of the keyword.
        line: usize,
        /// `"VALUE"` or `"END"`.
        keyword: &'static str,
    },
    /// `ROOT`, `VALUE` or `END` used as a node name.
    ReservedName {
        /// The line of the name.
        line: usize,
        /// The keyword.
        name: Token,
    },
    /// An inner-node line with a node and no children.
    NoChildren {
        /// The line.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A node whose children are listed on two lines.
    DuplicateChildren {
        /// The second list.
        line: usize,
        /// The node.
        node: Token,
        /// The first list.
        first_line: usize,
    },
    /// A node that lists the same child twice (`A B B`).
    DuplicateChild {
        /// The line of the list.
        line: usize,
        /// The node.
        node: Token,
        /// The child listed twice.
        child: Token,
    },
    /// A node listed as the child of two nodes.
    TwoParents {
        /// The line of the second parent.
        line: usize,
        /// The child.
        node: Token,
        /// Its first parent.
        first_parent: Token,
        /// The line of the first parent.
        first_line: usize,
        /// Its second parent.
        second_parent: Token,
    },
    /// The root listed as a child.
    RootAsChild {
        /// The line that lists it.
        line: usize,
        /// The root.
        node: Token,
    },
    /// A child that is already an ancestor of its parent (a loop that avoids the root).
    Cycle {
        /// The line that closes the cycle.
        line: usize,
        /// The child.
        node: Token,
        /// The parent.
        parent: Token,
    },
    /// A node that cannot be reached from the root (including a value for an unknown name).
    Unreachable {
        /// The line where the node is first named.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A node without children and without a value.
    MissingValue {
        /// The line where the leaf is first named.
        line: usize,
        /// The leaf.
        node: Token,
    },
    /// A value given to a node that has children.
    ValueOnInnerNode {
        /// The line of the value.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A second value for the same leaf.
    DuplicateValue {
        /// The second value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The first value.
        first_line: usize,
    },
    /// A value that is not an integer or a decimal.
    BadNumber {
        /// The line of the value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The text that failed.
        text: Token,
    },
    /// An integer or decimal whose integer part is larger than 2^53 = 9007199254740992 in
    /// magnitude, so that an `f64` cannot hold every such value exactly.
    NumberTooLarge {
        /// The line of the value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The number.
        text: Token,
    },
    /// A line of the `VALUE` section that is not `name number`.
    BadValueLine {
        /// The line.
        line: usize,
    },
    /// The file ends before the `VALUE` line.
    MissingValueSection {
        /// The last line of the file.
        line: usize,
    },
    /// The file ends without `END`.
    MissingEnd {
        /// The last line of the file.
        line: usize,
    },
    /// Content after `END`.
    TextAfterEnd {
        /// The first line with content after `END`.
        line: usize,
    },
    /// More than `u32::MAX - 1` nodes, or a name that ends more than 4 GiB into the text.
    TooLarge {
        /// The line of the name that does not fit.
        line: usize,
    },
}

impl TreeError {
    /// The 1-based line number of the problem.
    pub fn line(&self) -> usize {
        match *self {
            Self::Empty { line }
            | Self::InvalidUtf8 { line, .. }
            | Self::MissingRoot { line }
            | Self::DuplicateRoot { line, .. }
            | Self::UnexpectedKeyword { line, .. }
            | Self::ReservedName { line, .. }
            | Self::NoChildren { line, .. }
            | Self::DuplicateChildren { line, .. }
            | Self::DuplicateChild { line, .. }
            | Self::TwoParents { line, .. }
            | Self::RootAsChild { line, .. }
            | Self::Cycle { line, .. }
            | Self::Unreachable { line, .. }
            | Self::MissingValue { line, .. }
            | Self::ValueOnInnerNode { line, .. }
            | Self::DuplicateValue { line, .. }
            | Self::BadNumber { line, .. }
            | Self::NumberTooLarge { line, .. }
            | Self::BadValueLine { line }
            | Self::MissingValueSection { line }
            | Self::MissingEnd { line }
            | Self::TextAfterEnd { line }
            | Self::TooLarge { line } => line,
        }
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line())?;
        match self {
            Self::Empty { .. } => f.write_str("the file is empty: expected \"ROOT <name>\""),
            Self::InvalidUtf8 { column, offset, .. } => write!(
                f,
                "the file is not valid UTF-8: a bad byte at column {column} (byte offset \
                 {offset} of the file)"
            ),
            Self::MissingRoot { .. } => f.write_str("expected \"ROOT <name>\" as the first line"),
            Self::DuplicateRoot { first_line, .. } => {
                write!(f, "a second ROOT line (the first is on line {first_line})")
            }
            Self::UnexpectedKeyword { keyword, .. } => write!(
                f,
                "unexpected {keyword}: a file is ROOT, the inner nodes, VALUE, the leaf values, END"
            ),
            Self::ReservedName { name, .. } => {
                write!(f, "{name} is a keyword and cannot name a node")
            }
            Self::NoChildren { node, .. } => write!(f, "node {node} is listed without children"),
            Self::DuplicateChildren { node, first_line, .. } => {
                write!(f, "node {node} is listed with children twice (first on line {first_line})")
            }
            Self::DuplicateChild { node, child, .. } => {
                write!(f, "node {node} lists child {child} twice")
            }
            Self::TwoParents { node, first_parent, first_line, second_parent, .. } => write!(
                f,
                "node {node} has two parents: {first_parent} (line {first_line}) and \
                 {second_parent}"
            ),
            Self::RootAsChild { node, .. } => {
                write!(f, "node {node} is the root and cannot be a child")
            }
            Self::Cycle { node, parent, .. } => write!(
                f,
                "node {node} is an ancestor of {parent}: making it a child closes a cycle"
            ),
            Self::Unreachable { node, .. } => {
                write!(f, "node {node} is not reachable from the root")
            }
            Self::MissingValue { node, .. } => {
                write!(f, "node {node} has no children and no value")
            }
            Self::ValueOnInnerNode { node, .. } => {
                write!(f, "node {node} has children and cannot have a value")
            }
            Self::DuplicateValue { node, first_line, .. } => {
                write!(f, "leaf {node} has a second value (the first is on line {first_line})")
            }
            Self::BadNumber { node, text, .. } => write!(
                f,
                "value {text} of node {node} is not a number (expected an integer or a decimal \
                 such as 0.1)"
            ),
            Self::NumberTooLarge { node, text, .. } => write!(
                f,
                "value {text} of node {node} is too large to be represented exactly (the \
                 integer part must be at most 2^53 = {MAX_EXACT_INTEGER} in magnitude)"
            ),
            Self::BadValueLine { .. } => {
                f.write_str("expected \"<name> <number>\" in the VALUE section")
            }
            Self::MissingValueSection { .. } => {
                f.write_str("the file ends before the VALUE section (and END)")
            }
            Self::MissingEnd { .. } => f.write_str("the file ends without END"),
            Self::TextAfterEnd { .. } => f.write_str("text after END"),
            Self::TooLarge { .. } => {
                write!(
                    f,
                    "the tree is too large (at most {MAX_NODES} nodes, named within the first 4 \
                     GiB of the file)"
                )
            }
        }
    }
}

impl std::error::Error for TreeError {}

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

/// One cutoff of the reference alpha-beta, by node index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cutoff {
    /// The node whose remaining children were skipped.
    pub node: usize,
    /// The child whose value caused the cut.
    pub after: usize,
    /// `Beta` at a MAX node, `Alpha` at a MIN node.
    pub kind: CutoffKind,
    /// The skipped children (never empty: a cut after the last child is not a cutoff).
    pub pruned: Range<usize>,
}

/// The outcome of [`Tree::minimax`].
#[derive(Clone, Debug, PartialEq)]
pub struct Minimax {
    /// The root's minimax value (MAX's point of view).
    pub value: f64,
    /// The principal variation below the root: at each level the leftmost child whose value
    /// equals its parent's. Empty when the root is a leaf.
    pub pv: Vec<usize>,
    /// Leaves evaluated: all of them.
    pub leaves: u64,
}

/// The outcome of [`Tree::alpha_beta`].
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBeta {
    /// The root's value (equal to the minimax value: the root has the full window).
    pub value: f64,
    /// Leaves evaluated.
    pub leaves: u64,
    /// The cutoffs, in the order they happened.
    pub cutoffs: Vec<Cutoff>,
}

/// One cutoff, by node names, as in the expected-result files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedCutoff {
    /// The node whose remaining children were skipped.
    pub node: String,
    /// The child whose value caused the cut.
    pub after: String,
    /// `beta` at a MAX node, `alpha` at a MIN node.
    pub kind: CutoffKind,
    /// The skipped children, left to right.
    pub pruned: Vec<String>,
}

/// Everything the expected-result files (`NAME.expected.json`) hold, with the same fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The minimax value of the root.
    pub value: f64,
    /// The principal variation below the root, by name.
    pub pv: Vec<String>,
    /// Leaves evaluated by plain minimax.
    pub minimax_leaves: u64,
    /// Leaves evaluated by left-to-right alpha-beta with the full window at the root.
    pub alphabeta_leaves: u64,
    /// The alpha-beta cutoffs, in the order they happened.
    pub cutoffs: Vec<NamedCutoff>,
}

impl FromStr for Tree {
    type Err = TreeError;
    fn from_str(text: &str) -> Result<Self, TreeError> {
        Self::parse(text)
    }
}

impl Tree {
    /// Parses a tree file held as text. A leading byte-order mark is skipped.
    ///
    /// # Errors
    /// A [`TreeError`] with the line of the first problem found.
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        Parser::new(text.strip_prefix('\u{FEFF}').unwrap_or(text)).parse()
    }

    /// Parses a tree file as read from disk: UTF-8, a leading byte-order mark skipped.
    ///
    /// # Errors
    /// [`TreeError::InvalidUtf8`] at the first byte that is not UTF-8, else as
    /// [`Tree::parse`].
    pub fn parse_bytes(bytes: &[u8]) -> Result<Self, TreeError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse(text),
            Err(error) => {
                let offset = error.valid_up_to();
                let before = &bytes[..offset];
                let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
                let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
                Err(TreeError::InvalidUtf8 { line, column: offset - line_start + 1, offset })
            }
        }
    }

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

    /// Plain minimax over the whole tree: every leaf evaluated, no recursion.
    pub fn minimax(&self) -> Minimax {
        let values = self.minimax_values();
        let mut pv = Vec::new();
        let mut node = self.root();
        while !self.is_leaf(node) {
            // The minimax value is one of the children's, so a match always exists.
            let Some(best) = self.children(node).find(|&c| values[c] == values[node]) else {
                break;
            };
            pv.push(best);
            node = best;
        }
        Minimax { value: values[self.root()], pv, leaves: self.leaf_count() as u64 }
    }

    /// The minimax value of every node, from MAX's point of view at MAX nodes and MIN's
    /// (lower is better) at MIN nodes: plain values, no negation.
    pub fn minimax_values(&self) -> Vec<f64> {
        let mut values = vec![0.0; self.node_count()];
        // Breadth-first order puts every child after its parent: walk backwards.
        for (depth, level) in self.levels().enumerate().rev() {
            let max = depth % 2 == 0;
            for node in level.rev() {
                values[node] = if self.is_leaf(node) {
                    self.leaf_value(node)
                } else {
                    let mut children = self.children(node).map(|c| values[c]);
                    let first = children.next().unwrap_or(0.0);
                    if max {
                        children.fold(first, |best, v| if v > best { v } else { best })
                    } else {
                        children.fold(first, |best, v| if v < best { v } else { best })
                    }
                };
            }
        }
        values
    }

    /// Left-to-right fail-soft alpha-beta with the full window at the root, cutting when
    /// `alpha >= beta`, with an explicit stack ([`Tree::trace`] records its every step).
    pub fn alpha_beta(&self) -> AlphaBeta {
        let mut leaves = 0;
        let mut cutoffs = Vec::new();
        let value = self.search_events(true, |event| match event {
            TraceEvent::Value { node, .. } if self.is_leaf(node) => leaves += 1,
            TraceEvent::Cut { node, after, kind } => {
                let pruned = after + 1..self.children(node).end;
                cutoffs.push(Cutoff { node, after, kind, pruned });
            }
            _ => {}
        });
        AlphaBeta { value, leaves, cutoffs }
    }

    /// The trace of [`Tree::alpha_beta`]: every node entered with its window, every value
    /// coming back, every narrowed window and cut. Trace node `i` is the tree's node `i`
    /// (`mv` holds it too), so that the nodes it never searched are there, pruned.
    pub fn trace(&self) -> SearchTrace<usize> {
        self.trace_of(Algorithm::AlphaBeta)
    }

    /// The trace of plain minimax: every node searched, with the window `(-∞, ∞)`.
    pub fn minimax_trace(&self) -> SearchTrace<usize> {
        self.trace_of(Algorithm::Minimax)
    }

    fn trace_of(&self, algorithm: Algorithm) -> SearchTrace<usize> {
        let mut nodes: Vec<TraceNode<usize>> = (0..self.node_count())
            .map(|node| TraceNode {
                parent: None,
                mv: (node != self.root()).then_some(node),
                max: self.is_max(node),
                leaf: self.is_leaf(node),
                hidden_nodes: 0,
            })
            .collect();
        for parent in 0..self.node_count() {
            for child in self.children(parent) {
                nodes[child].parent = Some(parent);
            }
        }
        let mut events = Vec::new();
        self.search_events(algorithm == Algorithm::AlphaBeta, |event| events.push(event));
        SearchTrace { algorithm, nodes, events }
    }

    /// The reference search, left to right with an explicit stack, telling `on` every step:
    /// fail-soft alpha-beta with the full window at the root, cutting when `alpha >= beta`,
    /// when `prune`; plain minimax otherwise. Returns the root's value.
    fn search_events(&self, prune: bool, mut on: impl FnMut(TraceEvent)) -> f64 {
        struct Frame {
            node: usize,
            max: bool,
            alpha: f64,
            beta: f64,
            best: f64,
            /// The next child to search.
            next: usize,
        }
        let root = self.root();
        let (alpha, beta) = (f64::NEG_INFINITY, f64::INFINITY);
        on(TraceEvent::Enter { node: root, alpha, beta });
        if self.is_leaf(root) {
            let value = self.leaf_value(root);
            on(TraceEvent::Value { node: root, value });
            return value;
        }
        let frame = |tree: &Self, node: usize, max: bool, alpha: f64, beta: f64| Frame {
            node,
            max,
            alpha,
            beta,
            best: if max { f64::NEG_INFINITY } else { f64::INFINITY },
            next: tree.children(node).start,
        };
        let mut stack = vec![frame(self, root, true, alpha, beta)];
        // The value of the child the top frame searched last, not yet folded into it.
        let mut returned: Option<f64> = None;
        while let Some(top) = stack.last_mut() {
            let end = self.children(top.node).end;
            if let Some(v) = returned.take() {
                let child = top.next - 1;
                let window = (top.alpha, top.beta);
                let kind = if top.max {
                    top.best = top.best.max(v);
                    if prune {
                        top.alpha = top.alpha.max(v);
                    }
                    CutoffKind::Beta
                } else {
                    top.best = top.best.min(v);
                    if prune {
                        top.beta = top.beta.min(v);
                    }
                    CutoffKind::Alpha
                };
                // A narrowed window is told before the next child or the cut it causes.
                let rest = child + 1 < end;
                if rest && window != (top.alpha, top.beta) {
                    on(TraceEvent::Window { node: top.node, alpha: top.alpha, beta: top.beta });
                }
                if top.alpha >= top.beta {
                    if rest {
                        on(TraceEvent::Cut { node: top.node, after: child, kind });
                    }
                    top.next = end;
                }
            }
            if top.next < end {
                let child = top.next;
                top.next += 1;
                on(TraceEvent::Enter { node: child, alpha: top.alpha, beta: top.beta });
                if self.is_leaf(child) {
                    let value = self.leaf_value(child);
                    on(TraceEvent::Value { node: child, value });
                    returned = Some(value);
                } else {
                    let (max, alpha, beta) = (!top.max, top.alpha, top.beta);
                    stack.push(frame(self, child, max, alpha, beta));
                }
            } else {
                on(TraceEvent::Value { node: top.node, value: top.best });
                returned = Some(top.best);
                stack.pop();
            }
        }
        returned.unwrap_or(f64::NAN)
    }

    /// Minimax and alpha-beta together, by names: the content of an expected-result file.
    pub fn report(&self) -> Report {
        let minimax = self.minimax();
        let alpha_beta = self.alpha_beta();
        let names = |nodes: &mut dyn Iterator<Item = usize>| -> Vec<String> {
            nodes.map(|n| self.name(n).to_owned()).collect()
        };
        Report {
            value: minimax.value,
            pv: names(&mut minimax.pv.iter().copied()),
            minimax_leaves: minimax.leaves,
            alphabeta_leaves: alpha_beta.leaves,
            cutoffs: alpha_beta
                .cutoffs
                .into_iter()
                .map(|c| NamedCutoff {
                    node: self.name(c.node).to_owned(),
                    after: self.name(c.after).to_owned(),
                    kind: c.kind,
                    pruned: names(&mut c.pruned.clone()),
                })
                .collect(),
        }
    }
}

/// The names read so far, each once, numbered in order of first mention ("file order"). A
/// name is kept as the offset of its first mention in the text: it runs from there to the next
/// blank or `#`.
struct Names<'t> {
    text: &'t str,
    /// By file order: where the name starts in `text`.
    starts: Vec<u32>,
    /// An open-addressing hash table of file-order numbers plus one (0: empty); its length is
    /// a power of two, at most three quarters full.
    slots: Vec<u32>,
    hasher: RandomState,
}

/// `true` for the characters that end a name.
fn ends_name(c: char) -> bool {
    c.is_whitespace() || c == '#'
}

impl<'t> Names<'t> {
    fn new(text: &'t str, capacity: usize) -> Self {
        Self {
            text,
            starts: Vec::with_capacity(capacity),
            slots: vec![0; 16],
            hasher: RandomState::new(),
        }
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    fn get(&self, index: usize) -> &'t str {
        let rest = &self.text[self.starts[index] as usize..];
        // Bytes first: ASCII ends a name only as a blank or `#` (`\x0B` is a blank for
        // `char::is_whitespace`, not for `u8::is_ascii_whitespace`); from the first non-ASCII
        // byte on, characters.
        let ascii = rest
            .bytes()
            .position(|b| b.is_ascii_whitespace() || b == b'#' || b == 0x0B || !b.is_ascii())
            .unwrap_or(rest.len());
        let end = rest[ascii..].find(ends_name).map_or(rest.len(), |at| ascii + at);
        &rest[..end]
    }

    /// `true` when name `index` is `name`.
    fn is(&self, index: usize, name: &str) -> bool {
        let rest = &self.text[self.starts[index] as usize..];
        rest.strip_prefix(name).is_some_and(|after| after.chars().next().is_none_or(ends_name))
    }

    /// The slot where `name` is, or the empty slot where it belongs.
    fn slot(&self, name: &str) -> usize {
        let mask = self.slots.len() - 1;
        // Triangular probing visits every slot of a power-of-two table.
        let mut at = self.hasher.hash_one(name) as usize & mask;
        let mut step = 0;
        loop {
            match self.slots[at] {
                0 => return at,
                entry if self.is(entry as usize - 1, name) => return at,
                _ => {
                    step += 1;
                    at = (at + step) & mask;
                }
            }
        }
    }

    /// The number of `name`, a token of the text, added if it is new (`true` when it is);
    /// `None` when there is no room ([`MAX_NODES`] names, or a name 4 GiB into the text).
    fn intern(&mut self, name: &'t str) -> Option<(usize, bool)> {
        let at = self.slot(name);
        if self.slots[at] != 0 {
            return Some((self.slots[at] as usize - 1, false));
        }
        let index = self.len();
        if index >= MAX_NODES {
            return None;
        }
        // Every name the parser passes is a slice of `text`.
        let offset = name.as_ptr() as usize - self.text.as_ptr() as usize;
        debug_assert!(self.text.get(offset..offset + name.len()) == Some(name));
        // A name must end within the first 4 GiB, so all of them fit in 4 GiB.
        u32::try_from(offset + name.len()).ok()?;
        self.starts.push(offset as u32);
        self.slots[at] = index as u32 + 1;
        if self.len() * 4 > self.slots.len() * 3 {
            self.grow();
        }
        Some((index, true))
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for index in 0..self.len() {
            let at = self.slot(self.get(index));
            self.slots[at] = index as u32 + 1;
        }
    }
}

/// Per node in file order, while reading: what the file said so far, in the low bits…
const HAS_CHILDREN: u8 = 1;
const HAS_VALUE: u8 = 2;
const HAS_PARENT: u8 = 4;
/// …and the node's union-find rank in the high bits (at most 31, as there are fewer than
/// 2^32 nodes).
const RANK_SHIFT: u32 = 3;
/// Set by the breadth-first walk, once the ranks are cleared.
const REACHED: u8 = 8;

#[derive(PartialEq, Eq, Clone, Copy)]
enum Section {
    /// Before the ROOT line.
    Start,
    /// The inner-node lines.
    Inner,
    /// After VALUE.
    Values,
    /// After END.
    Done,
}

/// The reader. Nodes are numbered in order of first mention ("file order"); line numbers are
/// not stored per node: an error finds the line it needs by reading the text again.
struct Parser<'t> {
    text: &'t str,
    names: Names<'t>,
    /// By file order: `HAS_CHILDREN`, `HAS_VALUE`, `HAS_PARENT`, and the rank.
    flags: Vec<u8>,
    /// By file order: the value's `f64` bits for a leaf; for an inner node, its list in
    /// `children` as `start << 32 | len`.
    data: Vec<u64>,
    /// The child lists one after the other, by file order.
    children: Vec<u32>,
    /// Union-find over the parent links, to see a cycle as it closes: each set is a tree of
    /// parent links whose top has no parent yet.
    set: Vec<u32>,
    root_line: usize,
}

/// The part of a line before any `#`.
fn content(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Self {
        // Every node is named by a token, so the tokens bound the nodes (about twice over:
        // most nodes are named twice). Reserving once, before anything is freed, keeps the
        // tables from being copied as they grow; the allocator maps what is reserved but
        // never written as untouched pages, which cost no memory.
        let mut tokens = 0;
        let mut in_token = false;
        for &byte in text.as_bytes() {
            let blank = byte.is_ascii_whitespace();
            tokens += usize::from(!blank && !in_token);
            in_token = !blank;
        }
        Self {
            text,
            names: Names::new(text, tokens),
            flags: Vec::with_capacity(tokens),
            data: Vec::with_capacity(tokens),
            children: Vec::with_capacity(tokens),
            set: Vec::with_capacity(tokens),
            root_line: 0,
        }
    }

    fn parse(mut self) -> Result<Tree, TreeError> {
        let mut section = Section::Start;
        let mut last_line = 1;
        for (index, raw) in self.text.lines().enumerate() {
            let line = index + 1;
            last_line = line;
            let content = content(raw);
            let mut tokens = content.split_whitespace();
            let Some(first) = tokens.next() else { continue };
            let second = tokens.next();
            let alone = second.is_none();
            section = match section {
                Section::Start => {
                    let (Some(name), None) = (second, tokens.next()) else {
                        return Err(TreeError::MissingRoot { line });
                    };
                    if first != "ROOT" {
                        return Err(TreeError::MissingRoot { line });
                    }
                    check_name(name, line)?;
                    self.intern(name, line)?;
                    self.root_line = line;
                    Section::Inner
                }
                Section::Inner => match first {
                    "ROOT" => {
                        return Err(TreeError::DuplicateRoot { line, first_line: self.root_line })
                    }
                    "VALUE" if alone => Section::Values,
                    "END" if alone => {
                        return Err(TreeError::UnexpectedKeyword { line, keyword: "END" })
                    }
                    _ => {
                        self.inner_line(content, line)?;
                        Section::Inner
                    }
                },
                Section::Values => match first {
                    "ROOT" => {
                        return Err(TreeError::DuplicateRoot { line, first_line: self.root_line })
                    }
                    "END" if alone => Section::Done,
                    "VALUE" if alone => {
                        return Err(TreeError::UnexpectedKeyword { line, keyword: "VALUE" })
                    }
                    _ => {
                        let (Some(text), None) = (second, tokens.next()) else {
                            return Err(TreeError::BadValueLine { line });
                        };
                        self.value_line(first, text, line)?;
                        Section::Values
                    }
                },
                Section::Done => return Err(TreeError::TextAfterEnd { line }),
            };
        }
        match section {
            Section::Start => Err(TreeError::Empty { line: 1 }),
            Section::Inner => Err(TreeError::MissingValueSection { line: last_line }),
            Section::Values => Err(TreeError::MissingEnd { line: last_line }),
            Section::Done => self.build(),
        }
    }

    /// The number of `name`, a new node if it is new.
    fn intern(&mut self, name: &'t str, line: usize) -> Result<usize, TreeError> {
        let (index, new) = self.names.intern(name).ok_or(TreeError::TooLarge { line })?;
        if new {
            self.flags.push(0);
            self.data.push(0);
            self.set.push(index as u32);
        }
        Ok(index)
    }

    /// The representative of `node`'s set, halving the path on the way.
    fn find_set(&mut self, mut node: usize) -> usize {
        while self.set[node] as usize != node {
            self.set[node] = self.set[self.set[node] as usize];
            node = self.set[node] as usize;
        }
        node
    }

    /// `name child child …`, from the line's content without the comment.
    fn inner_line(&mut self, content: &'t str, line: usize) -> Result<(), TreeError> {
        // A keyword anywhere on the line is the line's error, whatever else is wrong with it.
        // The line is read once; an error stops the whole reading, so what the line changed
        // before it does not matter.
        self.inner_line_unchecked(content, line).map_err(|error| {
            match content.split_whitespace().find(|t| KEYWORDS.contains(t)) {
                Some(keyword) => TreeError::ReservedName { line, name: keyword.into() },
                None => error,
            }
        })
    }

    /// [`Parser::inner_line`], reporting a keyword only when it is met.
    fn inner_line_unchecked(&mut self, content: &'t str, line: usize) -> Result<(), TreeError> {
        let mut tokens = content.split_whitespace();
        let Some(name) = tokens.next() else { return Ok(()) };
        check_name(name, line)?;
        let parent = self.intern(name, line)?;
        let mut tokens = tokens.peekable();
        if tokens.peek().is_none() {
            return Err(TreeError::NoChildren { line, node: name.into() });
        }
        if self.flags[parent] & HAS_CHILDREN != 0 {
            let first_line = first_line(self.text, |section, content| {
                let mut tokens = content.split_whitespace();
                let hit = section == Section::Inner
                    && tokens.next() == Some(name)
                    && tokens.next().is_some();
                hit.then_some("")
            })
            .map_or(line, |(first_line, _)| first_line);
            return Err(TreeError::DuplicateChildren { line, node: name.into(), first_line });
        }
        let start = self.children.len();
        for child_name in tokens {
            check_name(child_name, line)?;
            let child = self.intern(child_name, line)?;
            if child == 0 {
                return Err(TreeError::RootAsChild { line, node: child_name.into() });
            }
            if self.flags[child] & HAS_PARENT != 0 {
                let listed = &self.children[start..];
                return Err(self.second_parent(name, child_name, child, listed, line));
            }
            // `child` has no parent, so it tops its set: sharing a set with `parent` means
            // it is an ancestor of `parent` (or `parent` itself).
            let (top_parent, top_child) = (self.find_set(parent), self.find_set(child));
            if top_parent == top_child {
                return Err(TreeError::Cycle {
                    line,
                    node: child_name.into(),
                    parent: name.into(),
                });
            }
            let rank = |flags: u8| flags >> RANK_SHIFT;
            let (rank_parent, rank_child) =
                (rank(self.flags[top_parent]), rank(self.flags[top_child]));
            let (low, high) = if rank_parent < rank_child {
                (top_parent, top_child)
            } else {
                (top_child, top_parent)
            };
            self.set[low] = high as u32;
            if rank_parent == rank_child {
                // Rank r needs 2^r nodes below it, so it stays below 32 and within the bits.
                self.flags[high] += 1 << RANK_SHIFT;
            }
            self.flags[child] |= HAS_PARENT;
            self.children.push(child as u32);
        }
        self.flags[parent] |= HAS_CHILDREN;
        let len = (self.children.len() - start) as u64;
        self.data[parent] = (start as u64) << 32 | len;
        Ok(())
    }

    /// The error for `child` (number `index`), which has a parent already, listed by `parent`
    /// on `line`, whose list so far is `listed`.
    fn second_parent(
        &self,
        parent: &str,
        child: &str,
        index: usize,
        listed: &[u32],
        line: usize,
    ) -> TreeError {
        if listed.contains(&(index as u32)) {
            return TreeError::DuplicateChild { line, node: parent.into(), child: child.into() };
        }
        let (first_line, first_parent) = first_line(self.text, |section, content| {
            let mut tokens = content.split_whitespace();
            let first = tokens.next()?;
            (section == Section::Inner && tokens.any(|t| t == child)).then_some(first)
        })
        .unwrap_or((line, parent));
        TreeError::TwoParents {
            line,
            node: child.into(),
            first_parent: first_parent.into(),
            first_line,
            second_parent: parent.into(),
        }
    }

    /// `name number`
    fn value_line(&mut self, name: &'t str, text: &'t str, line: usize) -> Result<(), TreeError> {
        check_name(name, line)?;
        // A name never seen before has no parent: the reachability check reports it.
        let node = self.intern(name, line)?;
        if self.flags[node] & HAS_CHILDREN != 0 {
            return Err(TreeError::ValueOnInnerNode { line, node: name.into() });
        }
        if self.flags[node] & HAS_VALUE != 0 {
            let first_line = first_line(self.text, |section, content| {
                let hit =
                    section == Section::Values && content.split_whitespace().next() == Some(name);
                hit.then_some("")
            })
            .map_or(line, |(first_line, _)| first_line);
            return Err(TreeError::DuplicateValue { line, node: name.into(), first_line });
        }
        let value = parse_number(text).map_err(|error| match error {
            NumberError::NotANumber => {
                TreeError::BadNumber { line, node: name.into(), text: text.into() }
            }
            NumberError::TooLarge => {
                TreeError::NumberTooLarge { line, node: name.into(), text: text.into() }
            }
        })?;
        self.flags[node] |= HAS_VALUE;
        self.data[node] = value.to_bits();
        Ok(())
    }

    /// Structural checks, then the breadth-first arena. Each table goes as soon as it is no
    /// longer needed, to keep the peak low.
    fn build(self) -> Result<Tree, TreeError> {
        let Parser { text, mut names, mut flags, mut data, children, set, .. } = self;
        drop(set);
        names.slots = Vec::new();
        let has_children = |flags: u8| flags & HAS_CHILDREN != 0;
        let list = |data: u64| {
            let (start, len) = ((data >> 32) as usize, data as u32 as usize);
            start..start + len
        };
        // Breadth-first from the root; `order[i]` is the file-order node that becomes node
        // `i`, and `level_starts` marks where each depth begins.
        for f in &mut flags {
            *f &= HAS_CHILDREN | HAS_VALUE | HAS_PARENT; // the ranks
        }
        let count = flags.len();
        let mut order: Vec<u32> = Vec::with_capacity(count);
        let mut level_starts = vec![0];
        order.push(0);
        flags[0] |= REACHED;
        let mut head = 0;
        let mut level_end = 1;
        while let Some(&raw) = order.get(head) {
            if head == level_end {
                level_starts.push(head as u32);
                level_end = order.len();
            }
            head += 1;
            let raw = raw as usize;
            if has_children(flags[raw]) {
                for &child in &children[list(data[raw])] {
                    flags[child as usize] |= REACHED;
                    order.push(child);
                }
            }
        }
        drop(children);
        // File order is the order of first mention, so the first problem found is the earliest.
        let problem = flags.iter().enumerate().find_map(|(index, &f)| {
            if f & REACHED == 0 {
                Some((index, true))
            } else if f & (HAS_CHILDREN | HAS_VALUE) == 0 {
                Some((index, false))
            } else {
                None
            }
        });
        if let Some((index, unreachable)) = problem {
            let name = names.get(index);
            let (line, node) = (first_mention(text, name), name.into());
            return Err(if unreachable {
                TreeError::Unreachable { line, node }
            } else {
                TreeError::MissingValue { line, node }
            });
        }
        // The names, copied in breadth-first order.
        let name_bytes = (0..count).map(|raw| names.get(raw).len()).sum();
        let mut name_text = String::with_capacity(name_bytes);
        let mut name_ends = Vec::with_capacity(count);
        for &raw in &order {
            name_text.push_str(names.get(raw as usize));
            // At most 4 GiB: the names are distinct tokens, none overlapping, all ending
            // within the first 4 GiB of the text.
            name_ends.push(name_text.len() as u32);
        }
        drop(names);
        // In breadth-first order the children of each node follow one another, and the first
        // child of the i-th node comes right after the children of the nodes before it.
        let mut first_child = Vec::with_capacity(count + 1);
        let mut next_child = 1;
        for &raw in &order {
            first_child.push(next_child);
            if has_children(flags[raw as usize]) {
                next_child += list(data[raw as usize]).len() as u32;
            }
        }
        first_child.push(next_child);
        // The values into breadth-first order in place: node `i` takes `data[order[i]]`,
        // one cycle of the permutation at a time, `flags` marking the nodes done.
        let done = &mut flags;
        done.fill(0);
        for start in 0..count {
            if done[start] != 0 {
                continue;
            }
            let saved = data[start];
            let mut node = start;
            loop {
                done[node] = 1;
                let from = order[node] as usize;
                if from == start {
                    data[node] = saved;
                    break;
                }
                data[node] = data[from];
                node = from;
            }
        }
        drop((flags, order));
        for (node, value) in data.iter_mut().enumerate() {
            if first_child[node] != first_child[node + 1] {
                *value = f64::NAN.to_bits();
            }
        }
        level_starts.shrink_to_fit();
        Ok(Tree { names: name_text, name_ends, values: data, first_child, level_starts })
    }
}

/// The first line, and what `hit` returned for it, for which `hit(section, content)` is `Some`,
/// reading `text` again from the start: `content` is the line without its comment, `section`
/// the part of the file it is in (`Start` for the ROOT line). Only errors call it, once.
fn first_line<'t>(
    text: &'t str,
    mut hit: impl FnMut(Section, &'t str) -> Option<&'t str>,
) -> Option<(usize, &'t str)> {
    let mut section = Section::Start;
    for (index, raw) in text.lines().enumerate() {
        let content = content(raw);
        let mut tokens = content.split_whitespace();
        let Some(first) = tokens.next() else { continue };
        let alone = tokens.next().is_none();
        // Keyword lines are passed too; no name equals a keyword, so they never hit.
        if let Some(found) = hit(section, content) {
            return Some((index + 1, found));
        }
        section = match (section, first, alone) {
            (Section::Start, _, _) => Section::Inner,
            (Section::Inner, "VALUE", true) => Section::Values,
            (Section::Values, "END", true) => Section::Done,
            (other, _, _) => other,
        };
    }
    None
}

/// The line where `name` is first named: on the ROOT line, an inner-node line, or as the name
/// of a value.
fn first_mention(text: &str, name: &str) -> usize {
    first_line(text, |section, content| {
        let mut tokens = content.split_whitespace();
        let hit = match section {
            Section::Start => tokens.nth(1) == Some(name),
            Section::Inner => tokens.any(|t| t == name),
            Section::Values => tokens.next() == Some(name),
            Section::Done => false,
        };
        hit.then_some("")
    })
    .map_or(1, |(line, _)| line)
}

fn check_name(name: &str, line: usize) -> Result<(), TreeError> {
    if KEYWORDS.contains(&name) {
        return Err(TreeError::ReservedName { line, name: name.into() });
    }
    Ok(())
}

/// Why [`parse_number`] refused a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NumberError {
    /// Not an integer or a decimal.
    NotANumber,
    /// An integer part above 2^53 in magnitude.
    TooLarge,
}

/// An integer or a decimal: an optional sign, digits, an optional point and digits, with an
/// integer part of at most 2^53 in magnitude.
fn parse_number(text: &str) -> Result<f64, NumberError> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return Err(NumberError::NotANumber);
    }
    // Digit strings of one length compare as their numbers do.
    let significant = whole.trim_start_matches('0');
    let limit = MAX_EXACT_INTEGER.to_string();
    if (significant.len(), significant) > (limit.len(), limit.as_str()) {
        return Err(NumberError::TooLarge);
    }
    // Within the limit the value is finite; an integer is exact.
    text.parse::<f64>().map_err(|_| NumberError::NotANumber)
}

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

    const SEED: &str = "ROOT A\nA B C\nB D E\nC F G\nD H I\nE J K\nF L M\nG N O\nVALUE\n\
                        H 4\nI 1\nJ 5\nK 0\nL 3\nM 2\nN 7\nO 1\nEND\n";

    fn err(text: &str) -> TreeError {
        Tree::parse(text).expect_err("the text is malformed")
    }

    #[test]
    fn seed_example_gives_4_through_b() {
        let tree = Tree::parse(SEED).unwrap();
        let report = tree.report();
        assert_eq!(report.value, 4.0);
        assert_eq!(report.pv, ["B", "D", "H"]);
        assert_eq!(report.minimax_leaves, 8);
        assert_eq!(report.alphabeta_leaves, 5);
        let cut = |node: &str, after: &str, kind, pruned: &[&str]| NamedCutoff {
            node: node.into(),
            after: after.into(),
            kind,
            pruned: pruned.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(
            report.cutoffs,
            [cut("E", "J", CutoffKind::Beta, &["K"]), cut("C", "F", CutoffKind::Alpha, &["G"])]
        );
        assert_eq!(tree.alpha_beta().value, 4.0);
    }

    #[test]
    fn layout_is_breadth_first() {
        let tree = Tree::parse(SEED).unwrap();
        let names: Vec<&str> = (0..tree.node_count()).map(|n| tree.name(n)).collect();
        assert_eq!(names.concat(), "ABCDEFGHIJKLMNO");
        assert_eq!(tree.children(2), 5..7);
        assert_eq!(tree.height(), 3);
        assert_eq!(tree.leaf_count(), 8);
        assert!(tree.is_max(0) && !tree.is_max(1) && tree.is_max(3));
        assert_eq!(tree.value(7), Some(4.0));
        assert_eq!(tree.value(1), None);
        assert_eq!(tree.find("K"), Some(10));
        assert_eq!(tree.path(&[1, 0]), Some(vec![2, 5]));
        assert_eq!(tree.path(&[2]), None);
    }

    #[test]
    fn children_may_be_listed_before_their_parent() {
        let tree = Tree::parse("ROOT r\nb y z\nr a b\nVALUE\na 1\ny 2\nz 3\nEND").unwrap();
        assert_eq!(tree.report().value, 2.0);
        assert_eq!(tree.report().pv, ["b", "y"]);
    }

    #[test]
    fn a_lone_root_is_a_leaf() {
        let tree = Tree::parse("ROOT A\nVALUE\nA -2.5\nEND").unwrap();
        let report = tree.report();
        assert_eq!((report.value, report.minimax_leaves, report.alphabeta_leaves), (-2.5, 1, 1));
        assert!(report.pv.is_empty() && report.cutoffs.is_empty());
    }

    #[test]
    fn comments_blank_lines_and_decimals() {
        let text =
            "# header\n\nROOT A # the root\nA B C\n  \nVALUE\nB 0.1\nC -.5 # half\nEND\n# bye";
        let tree = Tree::parse(text).unwrap();
        assert_eq!(tree.minimax().value, 0.1);
        assert_eq!(tree.value(2), Some(-0.5));
    }

    #[test]
    fn numbers_are_integers_or_decimals() {
        for good in ["4", "-3", "+2", "0.1", "5.", ".5", "-0"] {
            assert!(parse_number(good).is_ok(), "{good}");
        }
        for bad in ["", "-", ".", "two", "1e5", "NaN", "inf", "0x10", "1.2.3", "1 ", "--1"] {
            assert_eq!(parse_number(bad), Err(NumberError::NotANumber), "{bad}");
        }
    }

    #[test]
    fn integers_are_exact_up_to_2_pow_53_and_rejected_above() {
        const LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53
        assert_eq!(parse_number("9007199254740992"), Ok(LIMIT));
        assert_eq!(parse_number("-9007199254740992"), Ok(-LIMIT));
        assert_eq!(parse_number("+0009007199254740992"), Ok(LIMIT));
        assert_eq!(parse_number("9007199254740991"), Ok(LIMIT - 1.0));
        assert_eq!(parse_number("9007199254740992.5"), Ok(LIMIT)); // a decimal, rounded
        assert_eq!(parse_number("0.1"), Ok(0.1));
        assert_eq!(parse_number(&format!("0.{}", "1".repeat(400))), Ok(1.0 / 9.0));
        assert_eq!(parse_number(&format!("{}5", "0".repeat(400))), Ok(5.0));
        for large in [
            "9007199254740993",
            "-9007199254740993",
            "9999999999999999",
            "10000000000000000",
            "9007199254740993.0",
            "-9007199254740993.25",
            "18446744073709551616",
        ] {
            assert_eq!(parse_number(large), Err(NumberError::TooLarge), "{large}");
        }
        assert_eq!(parse_number(&"9".repeat(401)), Err(NumberError::TooLarge));
        assert_eq!(parse_number(&format!("{}.5", "9".repeat(400))), Err(NumberError::TooLarge));
        // Syntax first: a huge token that is not a number is not a number.
        assert_eq!(parse_number(&format!("{}x", "9".repeat(401))), Err(NumberError::NotANumber));
    }

    #[test]
    fn a_value_above_2_pow_53_is_a_typed_error() {
        // Before the fix this parsed, as 9007199254740992 (value and PV B instead of C).
        let text = "ROOT A\nA B C\nVALUE\nB 9007199254740993\nC 9007199254740992\nEND\n";
        let error = err(text);
        assert_eq!(
            error,
            TreeError::NumberTooLarge {
                line: 4,
                node: "B".into(),
                text: "9007199254740993".into()
            }
        );
        assert_eq!(
            error.to_string(),
            "line 4: value \"9007199254740993\" of node \"B\" is too large to be represented \
             exactly (the integer part must be at most 2^53 = 9007199254740992 in magnitude)"
        );
        let error = err("ROOT A\nA B\nVALUE\nB -12345678901234567.5\nEND\n");
        assert_eq!(
            error,
            TreeError::NumberTooLarge {
                line: 4,
                node: "B".into(),
                text: "-12345678901234567.5".into()
            }
        );
        // 2^53 itself is exact, and so is the answer.
        let tree =
            Tree::parse("ROOT A\nA B C\nVALUE\nB -9007199254740992\nC 9007199254740992\nEND")
                .unwrap();
        assert_eq!(tree.report().value, 9_007_199_254_740_992.0);
        assert_eq!(tree.report().pv, ["C"]);
    }

    #[test]
    fn a_401_digit_integer_is_too_large_not_a_non_number() {
        // Before the fix: BadNumber, "... is not a number ...", quoting all 401 digits.
        let digits = "9".repeat(401);
        let error = err(&format!("ROOT A\nA B\nVALUE\nB {digits}\nEND\n"));
        assert_eq!(
            error,
            TreeError::NumberTooLarge { line: 4, node: "B".into(), text: digits.as_str().into() }
        );
        assert_eq!(
            error.to_string(),
            format!(
                "line 4: value \"{}…\" (401 bytes) of node \"B\" is too large to be represented \
                 exactly (the integer part must be at most 2^53 = 9007199254740992 in magnitude)",
                "9".repeat(40)
            )
        );
        // A token of digits and a letter is not a number, however long.
        let error = err(&format!("ROOT A\nA B\nVALUE\nB {digits}x\nEND\n"));
        assert_eq!(
            error.to_string(),
            format!(
                "line 4: value \"{}…\" (402 bytes) of node \"B\" is not a number (expected an \
                 integer or a decimal such as 0.1)",
                "9".repeat(40)
            )
        );
        assert!(matches!(error, TreeError::BadNumber { line: 4, .. }), "{error:?}");
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        // Before the fix: MissingRoot, "line 1: expected \"ROOT <name>\" as the first line".
        let text = "\u{FEFF}ROOT A\nA B C\nVALUE\nB 1\nC 2\nEND\n";
        let tree = Tree::parse(text).unwrap();
        assert_eq!((tree.name(0), tree.report().value, tree.node_count()), ("A", 2.0, 3));
        let tree = Tree::parse_bytes(text.as_bytes()).unwrap();
        assert_eq!((tree.name(0), tree.report().value), ("A", 2.0));
        // Lines are counted as before.
        assert_eq!(
            err("\u{FEFF}ROOT A\nA B\nVALUE\nB 1\nB 2\n"),
            TreeError::DuplicateValue { line: 5, node: "B".into(), first_line: 4 }
        );
        // Only one mark, only at the start.
        assert_eq!(err("\u{FEFF}\u{FEFF}ROOT A\n"), TreeError::MissingRoot { line: 1 });
        assert_eq!(
            err("ROOT A\n\u{FEFF}A B\n"),
            TreeError::MissingValueSection { line: 2 } // a node called "\u{FEFF}A"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_give_their_line_and_column() {
        // Before the fix there was no byte entry point; the example's `read_to_string` said
        // "stream did not contain valid UTF-8" with no line.
        let bytes = b"ROOT A\nA B\nVALUE\nB 1 # caf\xe9\nEND\n";
        let error = Tree::parse_bytes(bytes).unwrap_err();
        assert_eq!(error, TreeError::InvalidUtf8 { line: 4, column: 10, offset: 26 });
        assert_eq!(
            error.to_string(),
            "line 4: the file is not valid UTF-8: a bad byte at column 10 (byte offset 26 of the \
             file)"
        );
        // The first bad byte counts; the mark counts in offsets.
        let error = Tree::parse_bytes(b"\xef\xbb\xbf\xffROOT A\n\xff").unwrap_err();
        assert_eq!(error, TreeError::InvalidUtf8 { line: 1, column: 4, offset: 3 });
        // A sequence cut short by the end of the file.
        let error = Tree::parse_bytes(b"ROOT A\n\nA \xe2\x82").unwrap_err();
        assert_eq!(error, TreeError::InvalidUtf8 { line: 3, column: 3, offset: 10 });
        assert_eq!(
            Tree::parse_bytes(b"ROOT \xc3\xa9\nVALUE\n\xc3\xa9 1\nEND").unwrap().name(0),
            "é"
        );
        assert_eq!(Tree::parse_bytes(b"").unwrap_err(), TreeError::Empty { line: 1 });
    }

    #[test]
    fn quoted_tokens_are_cut_to_a_bounded_length() {
        // Before the fix the message quoted the whole 52,428,800-byte name.
        let name = "x".repeat(52_428_800);
        let error = err(&format!("ROOT A\nA B\nVALUE\nB 1\n{name} 2\nEND\n"));
        let TreeError::Unreachable { line: 5, node } = &error else { panic!("{error:?}") };
        assert_eq!((node.as_str(), node.byte_len()), ("x".repeat(40).as_str(), 52_428_800));
        assert!(node.is_truncated() && *node != "x".repeat(40).as_str());
        assert_eq!(
            error.to_string(),
            format!(
                "line 5: node \"{}…\" (52428800 bytes) is not reachable from the root",
                "x".repeat(40)
            )
        );
        // Cut on a character boundary: 40 characters of two bytes each.
        let name = "é".repeat(100);
        let error = err(&format!("ROOT A\nA {name}\n{name} B\n{name} C\n"));
        assert_eq!(
            error.to_string(),
            format!(
                "line 4: node \"{}…\" (200 bytes) is listed with children twice (first on line 3)",
                "é".repeat(40)
            )
        );
        let error = err(&format!("ROOT A\nA {name}\nB {name}\n"));
        assert_eq!(
            error.to_string(),
            format!(
                "line 3: node \"{0}…\" (200 bytes) has two parents: \"A\" (line 2) and \"B\"",
                "é".repeat(40)
            )
        );
        // Characters that need escaping count by their escaped length: 24 of `\u{1}` (5 bytes) fit.
        let control = "\u{1}".repeat(100);
        let error = err(&format!("ROOT A\nA B\n{control} {control}\n"));
        assert_eq!(
            error.to_string(),
            format!(
                "line 3: node \"{0}…\" (100 bytes) is an ancestor of \"{0}…\" (100 bytes): making \
                 it a child closes a cycle",
                "\\u{1}".repeat(24)
            )
        );
        // The longest message with three quoted tokens stays short.
        let wide = "\u{10FFFF}".repeat(1000);
        let error = err(&format!("ROOT A\nA {wide}\n{wide}0 {wide}1\n{wide}2 {wide}1\n"));
        assert!(matches!(error, TreeError::TwoParents { line: 4, .. }), "{error:?}");
        let message = error.to_string();
        assert!(message.len() < 600, "{} bytes: {message}", message.len());
        // Short tokens are whole and compare equal to their text.
        let token = Token::new("abc");
        assert_eq!((token.as_str(), token.byte_len(), token.is_truncated()), ("abc", 3, false));
        assert_eq!(token, "abc");
        assert_eq!(token.to_string(), "\"abc\"");
        assert_eq!(Token::new(&"y".repeat(40)).to_string(), format!("{:?}", "y".repeat(40)));
        assert_eq!(
            Token::new(&"y".repeat(41)).to_string(),
            format!("\"{}…\" (41 bytes)", "y".repeat(40))
        );
    }

    #[test]
    fn a_child_listed_twice_is_a_duplicate_edge_not_two_parents() {
        // Before the fix: `line 2: node "B" has two parents: "A" (line 2) and "A"`.
        let error = err("ROOT A\nA B C B\nVALUE\nB 1\nC 2\nEND\n");
        assert_eq!(
            error,
            TreeError::DuplicateChild { line: 2, node: "A".into(), child: "B".into() }
        );
        assert_eq!(error.to_string(), "line 2: node \"A\" lists child \"B\" twice");
        // Two different parents are still two parents, with the first parent's line.
        let error = err("# c\nROOT A\nA B C\n\nB D\nC D\n");
        assert_eq!(
            error,
            TreeError::TwoParents {
                line: 6,
                node: "D".into(),
                first_parent: "B".into(),
                first_line: 5,
                second_parent: "C".into(),
            }
        );
        assert_eq!(
            error.to_string(),
            "line 6: node \"D\" has two parents: \"B\" (line 5) and \"C\""
        );
    }

    #[test]
    fn a_keyword_anywhere_on_a_line_is_its_error() {
        // As before the rewrite: the keyword wins over the problems met before it.
        for (text, keyword) in [
            ("ROOT A\nA B B END\n", "END"),
            ("ROOT A\nB A VALUE\n", "VALUE"),
            ("ROOT A\nA B\nC B ROOT\n", "ROOT"),
            ("ROOT A\nA B\nVALUE x\n", "VALUE"),
            ("ROOT A\nA B\nVALUE\nEND 1\n", "END"),
        ] {
            let error = err(text);
            let line = error.line();
            assert_eq!(error, TreeError::ReservedName { line, name: keyword.into() }, "{text:?}");
            assert_eq!(
                error.to_string(),
                format!("line {line}: \"{keyword}\" is a keyword and cannot name a node")
            );
        }
    }

    #[test]
    fn errors_found_by_reading_again_name_the_right_lines() {
        // Lines that are not stored per node: each is found again in the text.
        assert_eq!(
            err("ROOT A\nA B\n# x\nB C # B D\nB D\n"),
            TreeError::DuplicateChildren { line: 5, node: "B".into(), first_line: 4 }
        );
        assert_eq!(
            err("ROOT A\nA B C\nVALUE\nC 1\nB 1\n\nB 2\n"),
            TreeError::DuplicateValue { line: 7, node: "B".into(), first_line: 5 }
        );
        // "1" is a value on line 4 before it names a node on line 5.
        assert_eq!(
            err("ROOT A\nA B\nVALUE\nB 1\n1 5\nEND\n"),
            TreeError::Unreachable { line: 5, node: "1".into() }
        );
        // A comment that mentions a name does not count.
        assert_eq!(
            err("ROOT A # C\nA B C\nVALUE\nB 1\nEND\n"),
            TreeError::MissingValue { line: 2, node: "C".into() }
        );
        assert_eq!(
            err("ROOT A\nX Y\nA B\nVALUE\nB 1\nY 1\nEND\n"),
            TreeError::Unreachable { line: 2, node: "X".into() }
        );
        assert_eq!(
            err("ROOT A\nVALUE\nEND\n"),
            TreeError::MissingValue { line: 1, node: "A".into() }
        );
    }

    #[test]
    fn every_error_has_its_line() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "empty"),
            ("# only a comment\n\n", 1, "empty"),
            ("A B\n", 1, "ROOT"),
            ("ROOT A\nROOT B\n", 2, "second ROOT"),
            ("ROOT A\nA B\nEND\n", 3, "unexpected END"),
            ("ROOT A\nA B\nVALUE\nVALUE\n", 4, "unexpected VALUE"),
            ("ROOT A\nA END\n", 2, "keyword"),
            ("ROOT A\nA\n", 2, "without children"),
            ("ROOT A\nA B\nA C\n", 3, "twice"),
            ("ROOT A\nA B C\nB D\nC D\n", 4, "two parents"),
            ("ROOT A\nA B B\n", 2, "node \"A\" lists child \"B\" twice"),
            ("ROOT A\nA B\nB A\n", 3, "node \"A\" is the root and cannot be a child"),
            ("ROOT A\nA B\nC D\nD C\n", 4, "cycle"),
            ("ROOT A\nA B\nC C\n", 3, "cycle"),
            ("ROOT A\nA B\nC D\nVALUE\nB 1\nD 2\nEND\n", 3, "not reachable"),
            ("ROOT A\nA B\nVALUE\nB 1\nZ 2\nEND\n", 5, "\"Z\" is not reachable"),
            ("ROOT A\nA B C\nVALUE\nB 1\nEND\n", 2, "\"C\" has no children and no value"),
            ("ROOT A\nVALUE\nEND\n", 1, "\"A\" has no children"),
            ("ROOT A\nA B\nVALUE\nA 1\n", 4, "cannot have a value"),
            ("ROOT A\nA B\nVALUE\nB 1\nB 2\n", 5, "second value"),
            ("ROOT A\nA B\nVALUE\nB two\n", 4, "not a number"),
            ("ROOT A\nA B\nVALUE\nB NaN\n", 4, "not a number"),
            ("ROOT A\nA B\nVALUE\nB -inf\n", 4, "not a number"),
            ("ROOT A\nA B\nVALUE\nB 1 2\n", 4, "<name> <number>"),
            ("ROOT A\nA B\nVALUE\nB\n", 4, "<name> <number>"),
            ("ROOT A\nA B\n", 2, "before the VALUE"),
            ("ROOT A\nA B\nVALUE\nB 1\n\n", 5, "without END"),
            ("ROOT A\nA B\nVALUE\nB 1\nEND\nB 2\n", 6, "after END"),
        ];
        for &(text, line, needle) in cases {
            let error = err(text);
            let message = error.to_string();
            assert_eq!(error.line(), line, "{text:?}: {message}");
            assert!(message.starts_with(&format!("line {line}: ")), "{message}");
            assert!(message.contains(needle), "{text:?}: {message} lacks {needle:?}");
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn a_deep_chain_needs_no_deep_stack() {
        const DEPTH: usize = 200_000;
        let mut text = String::from("ROOT n0\n");
        for i in 0..DEPTH {
            text.push_str(&format!("n{i} n{}\n", i + 1));
        }
        text.push_str(&format!("VALUE\nn{DEPTH} 7\nEND\n"));
        // The test thread's small stack would overflow on any recursion of this depth.
        let tree = Tree::parse(&text).unwrap();
        assert_eq!(tree.height() as usize, DEPTH);
        let report = tree.report();
        // An even chain ends on a MAX level; the value goes up unchanged.
        assert_eq!(report.value, 7.0);
        assert_eq!(report.pv.len(), DEPTH);
        assert_eq!((report.minimax_leaves, report.alphabeta_leaves), (1, 1));
        drop(tree);
    }

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
