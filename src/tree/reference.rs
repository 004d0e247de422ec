//! The reference searches over a [`Tree`]: plain minimax and left-to-right alpha-beta, their
//! traces, and the [`Report`] of an expected-result file.

use std::ops::Range;

use super::{CutoffKind, Tree};
use crate::search::Algorithm;
use crate::trace::{SearchTrace, TraceEvent, TraceNode};

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
impl Tree {
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
