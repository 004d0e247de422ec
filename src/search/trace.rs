//! The trace hook of the node loop: [`Engine::search_traced`] runs the loop compiled with the
//! [`TRACE`] bit, whose hooks tell a recorder every node entered, every move tried, every value
//! and every cut. In every other loop the bit is off, the hooks are empty and compile to
//! nothing, so that a search without a trace costs what it cost before (see `tests/signature.rs`
//! and `benches/abstraction.sh`). Without `std` there is no recorder and the hooks are always
//! empty.

#[cfg(feature = "std")]
use super::features::TRACE;
use super::{Context, Engine, Node};
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::tt::Table;
#[cfg(feature = "std")]
use crate::{clock::Limits, error::SearchError, search::SearchResult, trace::SearchTrace};

#[cfg(feature = "std")]
pub(crate) use recorder::Recorder;

#[cfg(feature = "std")]
impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// [`Engine::search`], recording the first `plies` plies of its last completed iteration
    /// (`std`): every node entered with its window, every move tried, every value coming back,
    /// every cut, with the moves it pruned ([`SearchTrace`], drawn by
    /// [`SearchTrace::to_dot`]). Values and windows are the root player's (MAX's); a node at
    /// ply `plies` counts the nodes searched below it in
    /// [`hidden_nodes`](crate::trace::TraceNode::hidden_nodes).
    ///
    /// It runs the node loop that reads the configuration at run time, with the recorder's
    /// hooks compiled in, so it searches the same tree as [`Engine::search`] (the same result,
    /// nodes included); every other search has no hook at all. A principal variation search
    /// or late move reduction that searches a child again enters it again (two windows on one
    /// node). The trace takes memory in proportion to the nodes it records.
    ///
    /// ```
    /// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
    /// use alphabeta::{Config, Engine, Limits};
    ///
    /// let mut engine: Engine<Board, TicTacToeEval, 9, 9> =
    ///     Engine::new(TicTacToeEval, Config::plain_alpha_beta());
    /// let mut board = Board::parse("XO.XO....")?;
    /// let (result, trace) = engine.search_traced(&mut board, &Limits::depth(9), 2)?;
    /// assert_eq!(result.best_move, Some(6)); // X completes the left column
    /// assert_eq!(trace.nodes[trace.principal_variation()[0]].mv, Some(6));
    /// let dot = trace.to_dot("XO.XO....", |node| match trace.nodes[node].mv {
    ///     Some(cell) => format!("cell {cell}"),
    ///     None => "root".to_owned(),
    /// });
    /// assert!(dot.starts_with("digraph"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Engine::search`].
    #[allow(clippy::type_complexity)]
    pub fn search_traced(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        plies: u32,
    ) -> Result<(SearchResult<G::Move, E::Score, MAX_PLY>, SearchTrace<G::Move>), SearchError> {
        use super::features::DYNAMIC;
        let algorithm = self.config.algorithm;
        self.tracer = Some(Box::new(Recorder::new(plies, algorithm)));
        let result = self.iterate(
            game,
            limits,
            super::coordination::Links::default(),
            |_| {},
            |engine, ctx, game, depth, alpha, beta| {
                let root = Node { depth, ply: 0, pv: true, on_prev_pv: true, last: None };
                engine.negamax::<{ DYNAMIC | TRACE }>(ctx, game, root, alpha, beta)
            },
        );
        let recorder = self.tracer.take();
        let result = result?;
        let trace = recorder.and_then(|r| r.into_trace()).unwrap_or(SearchTrace {
            algorithm,
            nodes: Vec::new(),
            events: Vec::new(),
        });
        Ok((result, trace))
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// The recorder, in the node loop compiled for `F` with the [`TRACE`] bit during
    /// [`Engine::search_traced`]; `None` otherwise (a constant in every other loop).
    #[cfg(feature = "std")]
    #[inline(always)]
    fn recorder<const F: u16>(&mut self) -> Option<&mut Recorder<G::Move>> {
        if F & TRACE != 0 {
            self.tracer.as_deref_mut()
        } else {
            None
        }
    }

    /// The search enters `node` (the position `game` is in) with the window `(alpha, beta)`.
    #[inline(always)]
    pub(super) fn trace_enter<const F: u16>(
        &mut self,
        ctx: &Context<'_, '_, G::Player, O>,
        game: &G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) {
        #[cfg(feature = "std")]
        if let Some(recorder) = self.recorder::<F>() {
            let max = ctx.root_side == Some(game.side_to_move());
            let leaf = node.depth == 0 || game.is_terminal();
            recorder.enter(node.ply, max, leaf, alpha, beta, ctx.nodes());
        }
        #[cfg(not(feature = "std"))]
        let _ = (ctx, game, node, alpha, beta);
    }

    /// `score` came back from the node at `ply` (the position `game` is in), unless the search
    /// is halting.
    #[inline(always)]
    pub(super) fn trace_value<const F: u16>(
        &mut self,
        ctx: &Context<'_, '_, G::Player, O>,
        game: &G,
        ply: u32,
        score: E::Score,
    ) {
        #[cfg(feature = "std")]
        if let Some(recorder) = self.recorder::<F>().filter(|_| ctx.halt.is_none()) {
            let max = ctx.root_side == Some(game.side_to_move());
            recorder.value(ply, max, score, ctx.nodes());
        }
        #[cfg(not(feature = "std"))]
        let _ = (ctx, game, ply, score);
    }

    /// The node at `ply`, whose side to move is `side`, with the window `(alpha, beta)` now,
    /// tries `mv`.
    #[inline(always)]
    pub(super) fn trace_move<const F: u16>(
        &mut self,
        ctx: &Context<'_, '_, G::Player, O>,
        side: G::Player,
        ply: u32,
        mv: G::Move,
        alpha: E::Score,
        beta: E::Score,
    ) {
        #[cfg(feature = "std")]
        if let Some(recorder) = self.recorder::<F>() {
            recorder.try_move(ply, ctx.root_side == Some(side), mv, alpha, beta);
        }
        #[cfg(not(feature = "std"))]
        let _ = (ctx, side, ply, mv, alpha, beta);
    }

    /// The node at `ply`, whose side to move is `side`, cuts with the window `(alpha, beta)`
    /// (`alpha >= beta`) and leaves the moves `rest` unsearched.
    #[inline(always)]
    pub(super) fn trace_cut<const F: u16>(
        &mut self,
        ctx: &Context<'_, '_, G::Player, O>,
        side: G::Player,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
        rest: &[G::Move],
    ) {
        #[cfg(feature = "std")]
        if let Some(recorder) = self.recorder::<F>() {
            recorder.cut(ply, ctx.root_side == Some(side), alpha, beta, rest);
        }
        #[cfg(not(feature = "std"))]
        let _ = (ctx, side, ply, alpha, beta, rest);
    }
}

#[cfg(feature = "std")]
mod recorder {
    use crate::score::Score;
    use crate::search::Algorithm;
    use crate::trace::{CutoffKind, SearchTrace, TraceEvent, TraceNode};

    /// Records the first `plies` plies of the iteration running, and keeps the last one that
    /// completed.
    pub(crate) struct Recorder<M> {
        plies: u32,
        algorithm: Algorithm,
        current: SearchTrace<M>,
        completed: Option<SearchTrace<M>>,
        /// By ply: the trace node searched there, and the node count when it was entered.
        path: Vec<(usize, u64)>,
        /// By trace node: its window as last told (MAX's view).
        windows: Vec<(f64, f64)>,
    }

    /// A score as a MAX's value: negated where MIN is to move; the infinities as `f64`'s.
    fn max_value<S: Score>(score: S, max: bool) -> f64 {
        let value = if score >= S::INFINITY {
            f64::INFINITY
        } else if score <= -S::INFINITY {
            f64::NEG_INFINITY
        } else {
            score.to_f64()
        };
        if max {
            value
        } else {
            -value
        }
    }

    /// A window `(alpha, beta)` of the side to move as MAX's.
    fn max_window<S: Score>(alpha: S, beta: S, max: bool) -> (f64, f64) {
        if max {
            (max_value(alpha, true), max_value(beta, true))
        } else {
            (max_value(beta, false), max_value(alpha, false))
        }
    }

    impl<M: Copy> Recorder<M> {
        pub(crate) fn new(plies: u32, algorithm: Algorithm) -> Self {
            Self {
                plies,
                algorithm,
                current: SearchTrace { algorithm, nodes: Vec::new(), events: Vec::new() },
                completed: None,
                path: Vec::new(),
                windows: Vec::new(),
            }
        }

        /// The trace of the last completed iteration.
        pub(crate) fn into_trace(self) -> Option<SearchTrace<M>> {
            self.completed
        }

        fn push_node(&mut self, node: TraceNode<M>) -> usize {
            self.current.nodes.push(node);
            self.windows.push((f64::NEG_INFINITY, f64::INFINITY));
            self.current.nodes.len() - 1
        }

        /// The trace node at `ply`, if that ply is recorded.
        fn at(&self, ply: u32) -> Option<usize> {
            if ply > self.plies {
                return None;
            }
            self.path.get(ply as usize).map(|&(node, _)| node)
        }

        pub(crate) fn enter<S: Score>(
            &mut self,
            ply: u32,
            max: bool,
            leaf: bool,
            alpha: S,
            beta: S,
            nodes: u64,
        ) {
            if ply == 0 {
                // A new iteration: a new trace.
                let algorithm = self.algorithm;
                self.current = SearchTrace { algorithm, nodes: Vec::new(), events: Vec::new() };
                self.windows.clear();
                self.path.clear();
                let root = TraceNode { parent: None, mv: None, max, leaf, hidden_nodes: 0 };
                let root = self.push_node(root);
                self.path.push((root, nodes));
            }
            let Some(node) = self.at(ply) else { return };
            if let Some(entry) = self.path.get_mut(ply as usize) {
                entry.1 = nodes;
            }
            let (alpha, beta) = max_window(alpha, beta, max);
            let entry = &mut self.current.nodes[node];
            entry.max = max;
            entry.leaf = leaf;
            self.windows[node] = (alpha, beta);
            self.current.events.push(TraceEvent::Enter { node, alpha, beta });
        }

        pub(crate) fn value<S: Score>(&mut self, ply: u32, max: bool, score: S, nodes: u64) {
            let Some(node) = self.at(ply) else { return };
            let value = max_value(score, max);
            self.current.events.push(TraceEvent::Value { node, value });
            if ply == self.plies {
                // The nodes below it were searched but not recorded.
                let entered = self.path[ply as usize].1;
                self.current.nodes[node].hidden_nodes += nodes.saturating_sub(entered + 1);
            }
            if ply == 0 {
                self.completed = Some(core::mem::replace(
                    &mut self.current,
                    SearchTrace {
                        algorithm: self.algorithm,
                        nodes: Vec::new(),
                        events: Vec::new(),
                    },
                ));
            }
        }

        /// Tells the window of the node at `ply` if it changed since it was last told.
        fn window<S: Score>(&mut self, node: usize, max: bool, alpha: S, beta: S) {
            let (alpha, beta) = max_window(alpha, beta, max);
            if self.windows[node] != (alpha, beta) {
                self.windows[node] = (alpha, beta);
                self.current.events.push(TraceEvent::Window { node, alpha, beta });
            }
        }

        pub(crate) fn try_move<S: Score>(&mut self, ply: u32, max: bool, mv: M, alpha: S, beta: S) {
            if ply >= self.plies {
                return;
            }
            let Some(parent) = self.at(ply) else { return };
            self.window(parent, max, alpha, beta);
            let child = TraceNode {
                parent: Some(parent),
                mv: Some(mv),
                max: !max,
                leaf: false,
                hidden_nodes: 0,
            };
            let child = self.push_node(child);
            self.path.truncate(ply as usize + 1);
            self.path.push((child, 0));
        }

        pub(crate) fn cut<S: Score>(&mut self, ply: u32, max: bool, alpha: S, beta: S, rest: &[M]) {
            if ply >= self.plies || rest.is_empty() {
                return;
            }
            let Some(node) = self.at(ply) else { return };
            let Some(&(after, _)) = self.path.get(ply as usize + 1) else { return };
            self.window(node, max, alpha, beta);
            let kind = if max { CutoffKind::Beta } else { CutoffKind::Alpha };
            self.current.events.push(TraceEvent::Cut { node, after, kind });
            for &mv in rest {
                let pruned = TraceNode {
                    parent: Some(node),
                    mv: Some(mv),
                    max: !max,
                    leaf: false,
                    hidden_nodes: 0,
                };
                self.push_node(pruned);
            }
        }
    }
}
