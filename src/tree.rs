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
//! * `#` starts a comment; blank lines are ignored.
//! * Every node except the root has exactly one parent, lists its children at most once, every
//!   node without children has exactly one value, no inner node has one, and every node is
//!   reachable from the root.
//!
//! A file that breaks a rule gives a [`TreeError`] carrying the line number of the first
//! problem: first the ones met while reading line by line, then the structural ones (an
//! unreachable node, a leaf without a value), at the line where the node is first named.
//!
//! # Memory layout
//!
//! A [`Tree`] is a flat arena in breadth-first order: the root is node 0, the children of every
//! node are consecutive indices, and every parent comes before its children. Nothing is
//! recursive, neither the parser, the reference searches nor `Drop`, so a chain of 200,000
//! nodes is as safe as a bushy tree. (The [`Engine`] itself recurses once per ply and is meant
//! for trees no deeper than its `MAX_PLY`.)
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

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use crate::game::{EvalContext, Evaluator, Game, MoveList};

/// The keywords of the format; they cannot name a node.
const KEYWORDS: [&str; 3] = ["ROOT", "VALUE", "END"];

/// Why a tree file was rejected. Every variant carries the 1-based `line` of the problem, and
/// `Display` prints one line such as `line 3: node "A" is the root and cannot be a child`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TreeError {
    /// The file holds nothing but blank lines and comments (`line` is 1).
    Empty {
        /// Always 1.
        line: usize,
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
        name: String,
    },
    /// An inner-node line with a node and no children.
    NoChildren {
        /// The line.
        line: usize,
        /// The node.
        node: String,
    },
    /// A node whose children are listed on two lines.
    DuplicateChildren {
        /// The second list.
        line: usize,
        /// The node.
        node: String,
        /// The first list.
        first_line: usize,
    },
    /// A node listed as the child of two nodes (or twice as the child of one).
    TwoParents {
        /// The line of the second parent.
        line: usize,
        /// The child.
        node: String,
        /// Its first parent.
        first_parent: String,
        /// The line of the first parent.
        first_line: usize,
        /// Its second parent.
        second_parent: String,
    },
    /// The root listed as a child.
    RootAsChild {
        /// The line that lists it.
        line: usize,
        /// The root.
        node: String,
    },
    /// A child that is already an ancestor of its parent (a loop that avoids the root).
    Cycle {
        /// The line that closes the cycle.
        line: usize,
        /// The child.
        node: String,
        /// The parent.
        parent: String,
    },
    /// A node that cannot be reached from the root (including a value for an unknown name).
    Unreachable {
        /// The line where the node is first named.
        line: usize,
        /// The node.
        node: String,
    },
    /// A node without children and without a value.
    MissingValue {
        /// The line where the leaf is first named.
        line: usize,
        /// The leaf.
        node: String,
    },
    /// A value given to a node that has children.
    ValueOnInnerNode {
        /// The line of the value.
        line: usize,
        /// The node.
        node: String,
    },
    /// A second value for the same leaf.
    DuplicateValue {
        /// The second value.
        line: usize,
        /// The leaf.
        node: String,
        /// The first value.
        first_line: usize,
    },
    /// A value that is not an integer or a decimal (or is too large to be finite).
    BadNumber {
        /// The line of the value.
        line: usize,
        /// The leaf.
        node: String,
        /// The text that failed.
        text: String,
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
}

impl TreeError {
    /// The 1-based line number of the problem.
    pub fn line(&self) -> usize {
        match *self {
            Self::Empty { line }
            | Self::MissingRoot { line }
            | Self::DuplicateRoot { line, .. }
            | Self::UnexpectedKeyword { line, .. }
            | Self::ReservedName { line, .. }
            | Self::NoChildren { line, .. }
            | Self::DuplicateChildren { line, .. }
            | Self::TwoParents { line, .. }
            | Self::RootAsChild { line, .. }
            | Self::Cycle { line, .. }
            | Self::Unreachable { line, .. }
            | Self::MissingValue { line, .. }
            | Self::ValueOnInnerNode { line, .. }
            | Self::DuplicateValue { line, .. }
            | Self::BadNumber { line, .. }
            | Self::BadValueLine { line }
            | Self::MissingValueSection { line }
            | Self::MissingEnd { line }
            | Self::TextAfterEnd { line } => line,
        }
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line())?;
        match self {
            Self::Empty { .. } => f.write_str("the file is empty: expected \"ROOT <name>\""),
            Self::MissingRoot { .. } => f.write_str("expected \"ROOT <name>\" as the first line"),
            Self::DuplicateRoot { first_line, .. } => {
                write!(f, "a second ROOT line (the first is on line {first_line})")
            }
            Self::UnexpectedKeyword { keyword, .. } => write!(
                f,
                "unexpected {keyword}: a file is ROOT, the inner nodes, VALUE, the leaf values, END"
            ),
            Self::ReservedName { name, .. } => {
                write!(f, "{name:?} is a keyword and cannot name a node")
            }
            Self::NoChildren { node, .. } => {
                write!(f, "node {node:?} is listed without children")
            }
            Self::DuplicateChildren { node, first_line, .. } => write!(
                f,
                "node {node:?} is listed with children twice (first on line {first_line})"
            ),
            Self::TwoParents { node, first_parent, first_line, second_parent, .. } => write!(
                f,
                "node {node:?} has two parents: {first_parent:?} (line {first_line}) and \
                 {second_parent:?}"
            ),
            Self::RootAsChild { node, .. } => {
                write!(f, "node {node:?} is the root and cannot be a child")
            }
            Self::Cycle { node, parent, .. } => write!(
                f,
                "node {node:?} is an ancestor of {parent:?}: making it a child closes a cycle"
            ),
            Self::Unreachable { node, .. } => {
                write!(f, "node {node:?} is not reachable from the root")
            }
            Self::MissingValue { node, .. } => {
                write!(f, "node {node:?} has no children and no value")
            }
            Self::ValueOnInnerNode { node, .. } => {
                write!(f, "node {node:?} has children and cannot have a value")
            }
            Self::DuplicateValue { node, first_line, .. } => {
                write!(f, "leaf {node:?} has a second value (the first is on line {first_line})")
            }
            Self::BadNumber { node, text, .. } => write!(
                f,
                "value {text:?} of node {node:?} is not a number (expected an integer or a \
                 decimal such as 0.1)"
            ),
            Self::BadValueLine { .. } => {
                f.write_str("expected \"<name> <number>\" in the VALUE section")
            }
            Self::MissingValueSection { .. } => {
                f.write_str("the file ends before the VALUE section (and END)")
            }
            Self::MissingEnd { .. } => f.write_str("the file ends without END"),
            Self::TextAfterEnd { .. } => f.write_str("text after END"),
        }
    }
}

impl std::error::Error for TreeError {}

/// One node of a [`Tree`].
#[derive(Clone, Debug)]
struct Node {
    name: String,
    /// The index of the first child; the children are `first_child..first_child + child_count`.
    first_child: usize,
    child_count: usize,
    /// The leaf's value; `NAN` for an inner node (never read).
    value: f64,
    /// Plies from the root: even for MAX nodes, odd for MIN nodes.
    depth: u32,
}

/// A parsed game tree: a flat arena of nodes in breadth-first order.
///
/// Nodes are `usize` indices: the root is `0`, every parent precedes its children, and the
/// children of a node are the consecutive indices [`Tree::children`] returns.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    height: u32,
}

/// Which bound a cutoff came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CutoffKind {
    /// At a MAX node: a child's value reached beta (fail-high).
    Beta,
    /// At a MIN node: a child's value fell to alpha.
    Alpha,
}

impl CutoffKind {
    /// `"beta"` or `"alpha"`, as in the expected-result files.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Beta => "beta",
            Self::Alpha => "alpha",
        }
    }
}

impl fmt::Display for CutoffKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
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
    /// Parses a tree file.
    ///
    /// # Errors
    /// A [`TreeError`] with the line of the first problem found.
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        Parser::default().parse(text)
    }

    /// The root: always node 0.
    pub const fn root(&self) -> usize {
        0
    }

    /// The number of nodes (at least 1).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.child_count == 0).count()
    }

    /// The longest distance from the root to a leaf, in plies (0 for a lone root).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The name of `node`.
    ///
    /// # Panics
    /// When `node >= self.node_count()`, as for every method taking a node.
    pub fn name(&self, node: usize) -> &str {
        &self.nodes[node].name
    }

    /// The children of `node`, left to right (empty for a leaf).
    pub fn children(&self, node: usize) -> Range<usize> {
        let n = &self.nodes[node];
        n.first_child..n.first_child + n.child_count
    }

    /// `true` when `node` has no children.
    pub fn is_leaf(&self, node: usize) -> bool {
        self.nodes[node].child_count == 0
    }

    /// The value of a leaf; `None` for an inner node.
    pub fn value(&self, node: usize) -> Option<f64> {
        self.is_leaf(node).then_some(self.nodes[node].value)
    }

    /// Plies from the root to `node`.
    pub fn depth(&self, node: usize) -> u32 {
        self.nodes[node].depth
    }

    /// `true` for a MAX node (an even depth), `false` for a MIN node.
    pub fn is_max(&self, node: usize) -> bool {
        self.nodes[node].depth.is_multiple_of(2)
    }

    /// The first node called `name` (a linear search).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.name == name)
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
        let mut values = vec![0.0; self.nodes.len()];
        // Breadth-first order puts every child after its parent: walk backwards.
        for node in (0..self.nodes.len()).rev() {
            let n = &self.nodes[node];
            values[node] = if n.child_count == 0 {
                n.value
            } else {
                let mut children = self.children(node).map(|c| values[c]);
                let first = children.next().unwrap_or(0.0);
                if self.is_max(node) {
                    children.fold(first, |best, v| if v > best { v } else { best })
                } else {
                    children.fold(first, |best, v| if v < best { v } else { best })
                }
            };
        }
        values
    }

    /// Left-to-right fail-soft alpha-beta with the full window at the root, cutting when
    /// `alpha >= beta`, with an explicit stack.
    pub fn alpha_beta(&self) -> AlphaBeta {
        struct Frame {
            node: usize,
            alpha: f64,
            beta: f64,
            best: f64,
            /// The next child to search.
            next: usize,
        }
        let root = self.root();
        if self.is_leaf(root) {
            return AlphaBeta { value: self.nodes[root].value, leaves: 1, cutoffs: Vec::new() };
        }
        let frame = |tree: &Self, node: usize, alpha: f64, beta: f64| Frame {
            node,
            alpha,
            beta,
            best: if tree.is_max(node) { f64::NEG_INFINITY } else { f64::INFINITY },
            next: tree.nodes[node].first_child,
        };
        let mut leaves = 0;
        let mut cutoffs = Vec::new();
        let mut stack = vec![frame(self, root, f64::NEG_INFINITY, f64::INFINITY)];
        // The value of the child the top frame searched last, not yet folded into it.
        let mut returned: Option<f64> = None;
        while let Some(top) = stack.last_mut() {
            let end = self.children(top.node).end;
            if let Some(v) = returned.take() {
                let child = top.next - 1;
                let kind = if self.is_max(top.node) {
                    top.best = top.best.max(v);
                    top.alpha = top.alpha.max(v);
                    CutoffKind::Beta
                } else {
                    top.best = top.best.min(v);
                    top.beta = top.beta.min(v);
                    CutoffKind::Alpha
                };
                if top.alpha >= top.beta {
                    if child + 1 < end {
                        cutoffs.push(Cutoff {
                            node: top.node,
                            after: child,
                            kind,
                            pruned: child + 1..end,
                        });
                    }
                    top.next = end;
                }
            }
            if top.next < end {
                let child = top.next;
                top.next += 1;
                if self.is_leaf(child) {
                    leaves += 1;
                    returned = Some(self.nodes[child].value);
                } else {
                    let (alpha, beta) = (top.alpha, top.beta);
                    stack.push(frame(self, child, alpha, beta));
                }
            } else {
                returned = Some(top.best);
                stack.pop();
            }
        }
        AlphaBeta { value: returned.unwrap_or(f64::NAN), leaves, cutoffs }
    }

    /// Minimax and alpha-beta together, by names: the content of an expected-result file.
    pub fn report(&self) -> Report {
        let minimax = self.minimax();
        let alpha_beta = self.alpha_beta();
        let names = |nodes: &mut dyn Iterator<Item = usize>| -> Vec<String> {
            nodes.map(|n| self.nodes[n].name.clone()).collect()
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
                    node: self.nodes[c.node].name.clone(),
                    after: self.nodes[c.after].name.clone(),
                    kind: c.kind,
                    pruned: names(&mut c.pruned.clone()),
                })
                .collect(),
        }
    }
}

/// A node while the file is read, in order of first mention.
struct RawNode<'t> {
    name: &'t str,
    /// The line where the node is first named.
    line: usize,
    /// The parent and the line that made it the parent.
    parent: Option<(usize, usize)>,
    /// `raw_children[start..start + len]` and the line of the list.
    children: Option<(usize, usize, usize)>,
    /// The value and its line.
    value: Option<(f64, usize)>,
}

#[derive(Default, PartialEq, Eq, Clone, Copy)]
enum Section {
    /// Before the ROOT line.
    #[default]
    Start,
    /// The inner-node lines.
    Inner,
    /// After VALUE.
    Values,
    /// After END.
    Done,
}

#[derive(Default)]
struct Parser<'t> {
    nodes: Vec<RawNode<'t>>,
    by_name: HashMap<&'t str, usize>,
    raw_children: Vec<usize>,
    /// Union-find over the parent links, to see a cycle as it closes: each set is a tree of
    /// parent links whose top has no parent yet.
    set: Vec<usize>,
    set_size: Vec<usize>,
    root_line: usize,
}

impl<'t> Parser<'t> {
    fn parse(mut self, text: &'t str) -> Result<Tree, TreeError> {
        let mut section = Section::Start;
        let mut last_line = 1;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            last_line = line;
            let content = raw.split('#').next().unwrap_or("");
            let tokens: Vec<&'t str> = content.split_whitespace().collect();
            let Some(&first) = tokens.first() else { continue };
            let alone = tokens.len() == 1;
            section = match section {
                Section::Start => {
                    if first != "ROOT" || tokens.len() != 2 {
                        return Err(TreeError::MissingRoot { line });
                    }
                    self.check_name(tokens[1], line)?;
                    self.intern(tokens[1], line);
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
                        self.inner_line(&tokens, line)?;
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
                        self.value_line(&tokens, line)?;
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

    fn check_name(&self, name: &str, line: usize) -> Result<(), TreeError> {
        if KEYWORDS.contains(&name) {
            return Err(TreeError::ReservedName { line, name: name.to_owned() });
        }
        Ok(())
    }

    fn intern(&mut self, name: &'t str, line: usize) -> usize {
        if let Some(&index) = self.by_name.get(name) {
            return index;
        }
        let index = self.nodes.len();
        self.nodes.push(RawNode { name, line, parent: None, children: None, value: None });
        self.by_name.insert(name, index);
        self.set.push(index);
        self.set_size.push(1);
        index
    }

    /// The representative of `node`'s set, halving the path on the way.
    fn find_set(&mut self, mut node: usize) -> usize {
        while self.set[node] != node {
            self.set[node] = self.set[self.set[node]];
            node = self.set[node];
        }
        node
    }

    /// `name child child …`
    fn inner_line(&mut self, tokens: &[&'t str], line: usize) -> Result<(), TreeError> {
        for token in tokens {
            self.check_name(token, line)?;
        }
        let parent = self.intern(tokens[0], line);
        if tokens.len() == 1 {
            return Err(TreeError::NoChildren { line, node: tokens[0].to_owned() });
        }
        if let Some((_, _, first_line)) = self.nodes[parent].children {
            return Err(TreeError::DuplicateChildren {
                line,
                node: tokens[0].to_owned(),
                first_line,
            });
        }
        let start = self.raw_children.len();
        for &name in &tokens[1..] {
            let child = self.intern(name, line);
            if child == 0 {
                return Err(TreeError::RootAsChild { line, node: name.to_owned() });
            }
            if let Some((first_parent, first_line)) = self.nodes[child].parent {
                return Err(TreeError::TwoParents {
                    line,
                    node: name.to_owned(),
                    first_parent: self.nodes[first_parent].name.to_owned(),
                    first_line,
                    second_parent: tokens[0].to_owned(),
                });
            }
            // `child` has no parent, so it tops its set: sharing a set with `parent` means
            // it is an ancestor of `parent` (or `parent` itself).
            let (top_parent, top_child) = (self.find_set(parent), self.find_set(child));
            if top_parent == top_child {
                return Err(TreeError::Cycle {
                    line,
                    node: name.to_owned(),
                    parent: tokens[0].to_owned(),
                });
            }
            let (small, large) = if self.set_size[top_parent] < self.set_size[top_child] {
                (top_parent, top_child)
            } else {
                (top_child, top_parent)
            };
            self.set[small] = large;
            self.set_size[large] += self.set_size[small];
            self.nodes[child].parent = Some((parent, line));
            self.raw_children.push(child);
        }
        self.nodes[parent].children = Some((start, tokens.len() - 1, line));
        Ok(())
    }

    /// `name number`
    fn value_line(&mut self, tokens: &[&'t str], line: usize) -> Result<(), TreeError> {
        let &[name, text] = tokens else {
            return Err(TreeError::BadValueLine { line });
        };
        self.check_name(name, line)?;
        // A name never seen before has no parent: the reachability check reports it.
        let node = self.intern(name, line);
        if self.nodes[node].children.is_some() {
            return Err(TreeError::ValueOnInnerNode { line, node: name.to_owned() });
        }
        if let Some((_, first_line)) = self.nodes[node].value {
            return Err(TreeError::DuplicateValue { line, node: name.to_owned(), first_line });
        }
        let value = parse_number(text).ok_or_else(|| TreeError::BadNumber {
            line,
            node: name.to_owned(),
            text: text.to_owned(),
        })?;
        self.nodes[node].value = Some((value, line));
        Ok(())
    }

    /// Structural checks, then the breadth-first arena.
    fn build(self) -> Result<Tree, TreeError> {
        // Breadth-first from the root; `order[i]` is the raw node that becomes node `i`.
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut depth = vec![u32::MAX; self.nodes.len()];
        order.push(0);
        depth[0] = 0;
        let mut head = 0;
        while let Some(&raw) = order.get(head) {
            head += 1;
            if let Some((start, len, _)) = self.nodes[raw].children {
                for &child in &self.raw_children[start..start + len] {
                    depth[child] = depth[raw] + 1;
                    order.push(child);
                }
            }
        }
        // Raw nodes are in order of first mention, so the first problem found is the earliest.
        for (raw, node) in self.nodes.iter().enumerate() {
            if depth[raw] == u32::MAX {
                return Err(TreeError::Unreachable { line: node.line, node: node.name.to_owned() });
            }
            if node.children.is_none() && node.value.is_none() {
                return Err(TreeError::MissingValue {
                    line: node.line,
                    node: node.name.to_owned(),
                });
            }
        }
        // In breadth-first order the children of each node follow one another, and the first
        // child of the i-th inner node comes right after the children of the inner nodes
        // before it.
        let mut nodes = Vec::with_capacity(order.len());
        let mut next_child = 1;
        let mut height = 0;
        for &raw in &order {
            let node = &self.nodes[raw];
            let child_count = node.children.map_or(0, |(_, len, _)| len);
            nodes.push(Node {
                name: node.name.to_owned(),
                first_child: next_child,
                child_count,
                value: node.value.map_or(f64::NAN, |(v, _)| v),
                depth: depth[raw],
            });
            next_child += child_count;
            height = height.max(depth[raw]);
        }
        Ok(Tree { nodes, height })
    }
}

/// An integer or a decimal: an optional sign, digits, an optional point and digits; finite.
fn parse_number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    text.parse::<f64>().ok().filter(|v| v.is_finite())
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
/// Leaf values are taken as they are: a value of ±1,000,000 or near it reads as a forced win or
/// loss in [`Score::mate`](crate::Score::mate); the table converts such scores exactly, so the search is
/// unaffected.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeEvaluator;

impl Evaluator<TreeGame<'_>> for TreeEvaluator {
    type Score = f64;

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
            assert!(parse_number(good).is_some(), "{good}");
        }
        for bad in ["", "-", ".", "two", "1e5", "NaN", "inf", "0x10", "1.2.3", "1 ", "--1"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
        assert_eq!(parse_number(&"9".repeat(400)), None); // infinite as f64
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
            ("ROOT A\nA B B\n", 2, "two parents"),
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
