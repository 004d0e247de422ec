//! Traces of searches (`std` feature): every node entered with its alpha/beta window, every value
//! that comes back, every window that narrows and every cutoff, in the order they happen; and
//! a Graphviz drawing of a trace.
//!
//! Two searches record a [`SearchTrace`]:
//!
//! * the reference searches of a tree file, [`Tree::trace`](crate::tree::Tree::trace) (alpha-beta)
//!   and [`Tree::minimax_trace`](crate::tree::Tree::minimax_trace), where trace node `i` is the
//!   tree's node `i`, pruned subtrees included;
//! * the engine's own search, [`Engine::search_traced`](crate::Engine::search_traced), which
//!   records the first plies of its last completed iteration (off unless asked for, and free
//!   when off: the node loop it runs is compiled apart).
//!
//! Values and windows are from MAX's point of view (the side to move at the root), as in the
//! textbook pictures: MAX raises alpha, MIN lowers beta. A cutoff at a MAX node (its value
//! reached beta) is a beta cutoff, at a MIN node (its value fell to alpha) an alpha cutoff
//! (Knuth & Moore 1975).
//!
//! [`SearchTrace::to_dot`] draws a trace for Graphviz (`dot -Tsvg`): each node with its value
//! (`≤ v` or `≥ v` when the search only proved a bound) and the window it was searched with, the
//! principal variation in gold, pruned branches dashed and grey with `α-cut` or `β-cut` on the
//! edges leaving the node where the cut happened, and leaves never evaluated marked as such.
//!
//! ```
//! use alphabeta::trace::CutoffKind;
//! use alphabeta::tree::Tree;
//!
//! let tree: Tree = "ROOT A\nA B C\nB D E\nC F G\nVALUE\nD 3\nE 5\nF 2\nG 9\nEND\n".parse()?;
//! let trace = tree.trace();
//! let cut = &trace.cutoffs()[0];
//! assert_eq!((tree.name(cut.node), tree.name(cut.after)), ("C", "F"));
//! assert_eq!((cut.kind, cut.pruned.as_slice()), (CutoffKind::Alpha, &[6][..]));
//! let dot = trace.to_dot("seed", |node| tree.name(node).to_owned());
//! assert!(dot.contains("label=\"α-cut\""));
//! # Ok::<(), alphabeta::tree::TreeError>(())
//! ```

use std::fmt::{self, Write as _};

use crate::search::Algorithm;

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

    /// `"β-cut"` or `"α-cut"`, as the pictures label a pruned branch.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Beta => "β-cut",
            Self::Alpha => "α-cut",
        }
    }
}

impl fmt::Display for CutoffKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One step of a search. Nodes are indices into [`SearchTrace::nodes`]; values and windows are
/// MAX's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TraceEvent {
    /// The search enters `node` with the window `(alpha, beta)` (a node searched again, by a
    /// re-search of principal variation search or late move reductions, is entered again).
    Enter {
        /// The node.
        node: usize,
        /// What MAX is already sure of.
        alpha: f64,
        /// What MIN will allow.
        beta: f64,
    },
    /// `node`'s value comes back: a leaf's evaluation or an inner node's result (fail-soft: at
    /// most alpha is an upper bound, at least beta a lower bound).
    Value {
        /// The node.
        node: usize,
        /// Its value.
        value: f64,
    },
    /// `node`'s window narrowed after a child's value came back; recorded before its next child
    /// is searched, or before a cut.
    Window {
        /// The node.
        node: usize,
        /// Alpha now.
        alpha: f64,
        /// Beta now.
        beta: f64,
    },
    /// `node` stops after its child `after`: `alpha >= beta`, and its remaining children are
    /// pruned (a cut after the last child prunes nothing and is not recorded).
    Cut {
        /// The node whose remaining children are skipped.
        node: usize,
        /// The child whose value caused the cut.
        after: usize,
        /// `Beta` at a MAX node, `Alpha` at a MIN node.
        kind: CutoffKind,
    },
}

/// A node of a [`SearchTrace`]: a position reached by the search or a move it pruned.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceNode<M> {
    /// The parent (`None` for the root, node 0). Children follow their parent, in move order.
    pub parent: Option<usize>,
    /// The move from the parent (`None` for the root). In a tree file's trace, the node itself.
    pub mv: Option<M>,
    /// MAX (the side to move at the root) is to move here.
    pub max: bool,
    /// A leaf: a position without moves, or one at the search's horizon.
    pub leaf: bool,
    /// Nodes searched below this one that the trace leaves out (beyond the plies recorded).
    pub hidden_nodes: u64,
}

/// One search of a node: the window it was entered with and the value that came back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeSearch {
    /// Alpha on entry.
    pub alpha: f64,
    /// Beta on entry.
    pub beta: f64,
    /// The value it returned; `None` for a search still running when the trace ends.
    pub value: Option<f64>,
}

/// What a returned value proves, compared with the window it was searched with (fail-soft).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Strictly inside the window (or a leaf's evaluation, or minimax): the node's value.
    Exact,
    /// At most alpha: the node is worth at most this (it failed low).
    AtMost,
    /// At least beta: the node is worth at least this (it failed high).
    AtLeast,
}

/// A cutoff as a trace records it, with the children it pruned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceCutoff {
    /// The node whose remaining children were skipped.
    pub node: usize,
    /// The child whose value caused the cut.
    pub after: usize,
    /// `Beta` at a MAX node, `Alpha` at a MIN node.
    pub kind: CutoffKind,
    /// The children skipped, left to right.
    pub pruned: Vec<usize>,
}

/// The trace of one search: its nodes and its events in order.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTrace<M> {
    /// Alpha-beta (windows and cuts) or plain minimax (neither).
    pub algorithm: Algorithm,
    /// Node 0 is the root; every node comes after its parent.
    pub nodes: Vec<TraceNode<M>>,
    /// The steps, in the order they happened.
    pub events: Vec<TraceEvent>,
}

impl<M> SearchTrace<M> {
    /// The children of every node, in move order.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut children = vec![Vec::new(); self.nodes.len()];
        for (node, entry) in self.nodes.iter().enumerate() {
            if let Some(parent) = entry.parent {
                children[parent].push(node);
            }
        }
        children
    }

    /// The searches of every node, in order (empty for a node never searched).
    pub fn searches(&self) -> Vec<Vec<NodeSearch>> {
        let mut searches: Vec<Vec<NodeSearch>> = vec![Vec::new(); self.nodes.len()];
        for event in &self.events {
            match *event {
                TraceEvent::Enter { node, alpha, beta } => {
                    searches[node].push(NodeSearch { alpha, beta, value: None });
                }
                TraceEvent::Value { node, value } => {
                    if let Some(last) = searches[node].last_mut() {
                        last.value = Some(value);
                    }
                }
                TraceEvent::Window { .. } | TraceEvent::Cut { .. } => {}
            }
        }
        searches
    }

    /// What `search`'s value proves about the node `node`.
    pub fn value_kind(&self, node: usize, search: &NodeSearch) -> ValueKind {
        match search.value {
            Some(v) if self.algorithm == Algorithm::AlphaBeta && !self.nodes[node].leaf => {
                if v <= search.alpha {
                    ValueKind::AtMost
                } else if v >= search.beta {
                    ValueKind::AtLeast
                } else {
                    ValueKind::Exact
                }
            }
            _ => ValueKind::Exact,
        }
    }

    /// The cutoffs, in the order they happened.
    pub fn cutoffs(&self) -> Vec<TraceCutoff> {
        let children = self.children();
        self.events
            .iter()
            .filter_map(|event| match *event {
                TraceEvent::Cut { node, after, kind } => Some(TraceCutoff {
                    node,
                    after,
                    kind,
                    pruned: children[node].iter().copied().filter(|&c| c > after).collect(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The leaves evaluated: values that came back from leaves.
    pub fn leaves_evaluated(&self) -> u64 {
        let values = self.events.iter().filter(
            |event| matches!(**event, TraceEvent::Value { node, .. } if self.nodes[node].leaf),
        );
        values.count() as u64
    }

    /// The principal variation: from the root, at each node the first child whose last value
    /// equals the node's (the child that set it: a later child can only equal it as a bound).
    /// Empty when the root has no searched child.
    pub fn principal_variation(&self) -> Vec<usize> {
        let children = self.children();
        let values: Vec<Option<f64>> =
            self.searches().iter().map(|s| s.last().and_then(|s| s.value)).collect();
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(value) = values.get(node).copied().flatten() {
            let Some(&best) = children[node].iter().find(|&&c| values[c] == Some(value)) else {
                break;
            };
            line.push(best);
            node = best;
        }
        line
    }

    /// The trace as a Graphviz graph (`dot -Tsvg`), titled `title`, each node named by
    /// `name(node)`.
    ///
    /// MAX nodes are boxes and MIN nodes ellipses. A searched node shows its value (`≤ v` or
    /// `≥ v` for a bound) and, under alpha-beta, the window of each search (`α … β …`, and `→ v`
    /// for an earlier search of the same node); the principal variation is gold; nodes and edges
    /// never searched are dashed and grey, the edges leaving the node where the cut happened
    /// labelled `α-cut` or `β-cut`; a leaf never evaluated says so.
    pub fn to_dot(&self, title: &str, name: impl Fn(usize) -> String) -> String {
        const GOLD: &str = "#b8860b";
        const GREY: &str = "#9a9a9a";
        let children = self.children();
        let searches = self.searches();
        let pv = self.principal_variation();
        // The node each pruned child was cut at, with the kind.
        let mut cut_at = vec![None; self.nodes.len()];
        for cut in self.cutoffs() {
            for &child in &cut.pruned {
                cut_at[child] = Some(cut.kind);
            }
        }
        let mut out = String::new();
        let _ = writeln!(out, "digraph search {{");
        let legend = if self.algorithm == Algorithm::AlphaBeta {
            "boxes MAX, ellipses MIN; ≤ v or ≥ v: a bound; α β: the window searched with\\n\
             gold: the principal variation; dashed grey: pruned"
        } else {
            "boxes MAX, ellipses MIN; gold: the principal variation"
        };
        let _ = writeln!(
            out,
            "  graph [label=\"{}\\n{legend}\", labelloc=t, fontname=\"Helvetica\", \
             fontsize=12, nodesep=0.25, ranksep=0.45];",
            escape(title)
        );
        let _ =
            writeln!(out, "  node [fontname=\"Helvetica\", fontsize=11, margin=\"0.08,0.04\"];");
        let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=10, arrowsize=0.6];");
        for (node, entry) in self.nodes.iter().enumerate() {
            let mut label = escape(&name(node));
            let searched = &searches[node];
            match searched.last() {
                None if entry.leaf => label.push_str("\\nnot evaluated"),
                None => label.push_str("\\npruned"),
                Some(last) => {
                    let value = match (last.value, self.value_kind(node, last)) {
                        (None, _) => "…".to_owned(),
                        (Some(v), ValueKind::Exact) => number(v),
                        (Some(v), ValueKind::AtMost) => format!("≤ {}", number(v)),
                        (Some(v), ValueKind::AtLeast) => format!("≥ {}", number(v)),
                    };
                    let _ = write!(label, "\\n{value}");
                    if self.algorithm == Algorithm::AlphaBeta {
                        for (i, search) in searched.iter().enumerate() {
                            let _ = write!(
                                label,
                                "\\nα {}  β {}",
                                number(search.alpha),
                                number(search.beta)
                            );
                            if let (true, Some(v)) = (i + 1 < searched.len(), search.value) {
                                let _ = write!(label, " → {}", number(v));
                            }
                        }
                    }
                    if entry.hidden_nodes > 0 {
                        let _ = write!(label, "\\n+{} nodes below", entry.hidden_nodes);
                    }
                }
            }
            let shape = if entry.max { "box" } else { "ellipse" };
            let style = if searched.is_empty() {
                format!("style=dashed, color=\"{GREY}\", fontcolor=\"{GREY}\"")
            } else if node == 0 || pv.contains(&node) {
                format!("style=\"filled,bold\", fillcolor=\"#fdefc3\", color=\"{GOLD}\"")
            } else {
                "style=solid".to_owned()
            };
            let _ = writeln!(out, "  n{node} [shape={shape}, label=\"{label}\", {style}];");
        }
        for (node, kids) in children.iter().enumerate() {
            for &child in kids {
                let style = if let Some(kind) = cut_at[child] {
                    format!(
                        "style=dashed, color=\"{GREY}\", fontcolor=\"#c0392b\", label=\"{}\"",
                        kind.label()
                    )
                } else if searches[child].is_empty() {
                    format!("style=dashed, color=\"{GREY}\"")
                } else if pv.contains(&child) {
                    format!("color=\"{GOLD}\", penwidth=3")
                } else {
                    "color=black".to_owned()
                };
                let _ = writeln!(out, "  n{node} -> n{child} [{style}];");
            }
        }
        out.push_str("}\n");
        out
    }
}

/// A value as the pictures print it: `4`, `-2.5`, `∞`, `-∞`.
pub fn number(value: f64) -> String {
    if value == f64::INFINITY {
        "∞".to_owned()
    } else if value == f64::NEG_INFINITY {
        "-∞".to_owned()
    } else if value == 0.0 {
        // -0 prints as 0.
        "0".to_owned()
    } else {
        format!("{value}")
    }
}

/// `text` inside a DOT string: quotes and backslashes escaped, line breaks as `\n`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}
