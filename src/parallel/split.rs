//! The split machinery of root splitting: a node's moves shared among threads, each searched
//! as the sequential search would search it, and the helper threads' contexts.

use core::sync::atomic::AtomicBool;

use crate::error::SearchError;
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::{MoveSorter, OrderingHints};
use crate::score::Score;
use crate::search::features::with_loop;
use crate::search::{Algorithm, Context, Engine, Halt, Node, SearchStats};
use crate::tt::{Bound, Entry, MoveCode, Table};

/// A node being split among threads (the root, or a first child below it): its moves in search
/// order (the first `ordered` placed by the sorter's first stage), the ordering hints and the
/// node's key.
pub(super) struct SplitMoves<M, const N: usize> {
    pub(super) moves: MoveList<M, N>,
    ordered: usize,
    hints: OrderingHints<M>,
    key: u64,
    /// A PV node (an open window) rather than a null-window one.
    pv: bool,
}

/// How [`Engine::split_moves`] starts a split node.
pub(super) enum SplitStart<M, S, const N: usize> {
    /// Its moves, to be shared out.
    Moves(SplitMoves<M, N>),
    /// Its score, from a table cutoff (a non-PV node).
    Settled(S),
    /// Not worth splitting: search it sequentially.
    Sequential,
}

/// What [`Engine::search_split_move`] found for a move of a split node.
pub(super) enum SplitMoveScore<S> {
    /// The move's score for the split node's side to move, and whether it is above the alpha
    /// it was searched with (exact, or a lower bound when it reaches beta).
    Searched { score: S, above: bool },
    /// The scout beat `alpha` (the alpha used, lowered for tie-breaking) without reaching
    /// beta: the move needs the full-window search of a PV node (its child is on the
    /// previous iteration's line when `on_prev_pv`).
    NeedsResearch { alpha: S, on_prev_pv: bool },
    /// Nothing searched yet: the move needs the full-depth search of its child, a non-PV
    /// node, with the window `(alpha, top)` (a null window: the PVS scout of a PV node's
    /// move, or the window of a non-PV node), which the caller may split; at a PV node,
    /// a score inside `(alpha, beta)` then needs the re-search.
    NeedsSearch { alpha: S, top: S, on_prev_pv: bool },
}

/// How far [`Engine::search_split_move`] searches a move by itself.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SplitMoveMode {
    /// The whole search of the move.
    Whole,
    /// Everything but a PV re-search ([`SplitMoveScore::NeedsResearch`]).
    ToResearch,
    /// Nothing, for a move that is not reduced ([`SplitMoveScore::NeedsSearch`]); a reduced
    /// move as [`SplitMoveMode::ToResearch`].
    ToSearch,
}

impl<M: Copy, const N: usize> SplitMoves<M, N> {
    /// Whether it is a PV node (an open window) rather than a null-window one.
    pub(super) fn is_pv(&self) -> bool {
        self.pv
    }

    /// The node's ply.
    pub(super) fn ply(&self) -> u32 {
        self.hints.ply
    }

    /// The node's remaining depth.
    pub(super) fn depth(&self) -> u32 {
        self.hints.depth
    }

    /// The previous iteration's move at this node, if the node is on its line.
    pub(super) fn pv_move(&self) -> Option<M> {
        self.hints.pv_move
    }
}

impl<'l, 'c, P, O> Context<'l, 'c, P, O> {
    /// The context of a helper thread of a parallel search: the same limits and start time,
    /// interruptible like `main`, stopping also when `abort` is raised.
    pub(super) fn helper<'a>(main: &Self, abort: &'a AtomicBool) -> Context<'a, 'c, P, O>
    where
        P: Copy,
        'l: 'a,
    {
        Context {
            limits: main.limits,
            start_micros: main.start_micros,
            interruptible: main.interruptible,
            poll_interval: main.poll_interval,
            countdown: main.poll_interval,
            stats: SearchStats::default(),
            reached_horizon: false,
            stopped_at_micros: None,
            root_side: main.root_side,
            error: None,
            abort: Some(abort),
            halt: None,
            horizon_ply: 0,
            plain: main.plain,
            no_null_ply: u32::MAX,
            links: main.links,
            sorter_exchange_due: false,
            helpers_active: false,
        }
    }

    /// Counts a re-search (made by a parallel search outside [`Engine::search_move`]).
    pub(super) fn count_research(&mut self) {
        self.stats.researches += 1;
    }

    /// Starts the search of a subtree whose own "reached a horizon" is wanted: returns the
    /// flag so far, to be given back to [`Context::leave_subtree`].
    pub(super) fn enter_subtree(&mut self) -> bool {
        core::mem::replace(&mut self.reached_horizon, false)
    }

    /// Ends what [`Context::enter_subtree`] started.
    pub(super) fn leave_subtree(&mut self, outer: bool) {
        self.reached_horizon |= outer;
    }

    /// Whether the iteration so far reached a horizon.
    pub(super) fn reached_horizon(&self) -> bool {
        self.reached_horizon
    }

    /// Takes in what a helper thread found: its counters, whether it reached a horizon, and
    /// its error or interruption.
    pub(super) fn absorb(&mut self, helper: &mut Context<'_, '_, P, O>) {
        let h = helper.stats();
        let s = &mut self.stats;
        s.nodes += h.nodes;
        s.quiescence_nodes += h.quiescence_nodes;
        s.tt_probes += h.tt_probes;
        s.tt_hits += h.tt_hits;
        s.tt_cutoffs += h.tt_cutoffs;
        s.beta_cutoffs += h.beta_cutoffs;
        s.first_move_cutoffs += h.first_move_cutoffs;
        s.researches += h.researches;
        s.null_moves += h.null_moves;
        s.null_move_cutoffs += h.null_move_cutoffs;
        s.pruned_nodes += h.pruned_nodes;
        s.pruned_moves += h.pruned_moves;
        s.deferrals += h.deferrals;
        self.reached_horizon |= helper.reached_horizon;
        if self.error.is_none() {
            self.error = helper.error.take();
        }
        if self.stopped_at_micros.is_none() {
            self.stopped_at_micros = helper.stopped_at_micros;
        }
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G>,
{
    /// The first stage of splitting a node at `ply` and `depth` among threads (the root at ply
    /// 0; deeper, a node on the leftmost path as in Marsland & Campbell's PV splitting, or a
    /// child of a split node): its moves, generated, with the PV and table moves placed first
    /// as in the sequential search (or, without them, the best of the others), the node
    /// counted. A non-PV node (`pv` false, searched with the window `(alpha, beta)`) first
    /// looks for a table cutoff, as the sequential search does. [`SplitStart::Sequential`] when splitting is pointless (plain
    /// minimax, depth below 2, a terminal node, fewer than two moves): the caller then
    /// searches the node with [`Engine::search_node`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_moves(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        depth: u32,
        on_prev_pv: bool,
        pv: bool,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<SplitStart<G::Move, E::Score, MAX_MOVES>, Halt> {
        if self.config.algorithm != Algorithm::AlphaBeta || depth < 2 || game.is_terminal() {
            return Ok(SplitStart::Sequential);
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.len() < 2 {
            return Ok(SplitStart::Sequential);
        }
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        let key = game.zobrist_key();
        let mut tt_move = None;
        if T::ENABLED {
            let node = Node { depth, ply, pv, on_prev_pv, last: None };
            let (stored, cutoff) = self.probe_node(ctx, key, node, alpha, beta);
            if let Some(score) = cutoff {
                return Ok(SplitStart::Settled(score));
            }
            tt_move = stored;
        }
        let side = game.side_to_move();
        let pv_move = if on_prev_pv { self.prev_pv.get(ply as usize).copied() } else { None };
        let hints = OrderingHints {
            ply,
            depth,
            pv_move,
            tt_move,
            side: usize::from(ctx.root_side != Some(side)),
            last_move: None,
        };
        let mut ordered = moves.len();
        if self.config.ordering {
            ordered = self.sorter.order_first(game, moves.as_mut_slice(), &hints).min(moves.len());
            if ordered == 0 {
                // Nothing placed first: the best of them now, as the sequential search does;
                // the others are ordered (`split_order_rest`) once it has been searched.
                let all = self.sorter.order_best::<MAX_MOVES>(game, moves.as_mut_slice(), &hints);
                ordered = if all { moves.len() } else { 1 };
            }
        }
        Ok(SplitStart::Moves(SplitMoves { moves, ordered, hints, key, pv }))
    }

    /// A beta cutoff at a split node by its move at `index`: counted, and the sorter learns
    /// from it as in the sequential search.
    pub(super) fn split_cutoff(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        index: usize,
    ) {
        // The same as at a cutoff in `negamax_node`, written out there: a shared inline helper
        // grew the recursion's frame by 96 B on the Cortex-M4F (C demo), an out-of-line one
        // by 72 B on the Cortex-M3.
        ctx.stats.beta_cutoffs += 1;
        if index == 0 {
            ctx.stats.first_move_cutoffs += 1;
        }
        let moves = split.moves.as_slice();
        if self.config.ordering && index < moves.len() {
            self.sorter.on_cutoff(game, moves[index], &moves[..index], &split.hints);
        }
    }

    /// Orders the moves of a split node that [`Engine::split_moves`] did not place, once the
    /// first has been searched: all of them at once, since the threads then take them in
    /// parallel (the sequential search places the best of them first, searches it, and only
    /// then orders the others).
    pub(super) fn split_order_rest(
        &mut self,
        game: &G,
        split: &mut SplitMoves<G::Move, MAX_MOVES>,
    ) {
        if self.config.ordering && split.ordered < split.moves.len() {
            let rest = &mut split.moves.as_mut_slice()[split.ordered..];
            self.sorter.order_rest::<MAX_MOVES>(game, rest, &split.hints);
        }
    }

    /// Searches the node `game` at `ply` sequentially (as a PV node when `pv`), with the
    /// window `(alpha, beta)` seen from its side to move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_node(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
        on_prev_pv: bool,
        pv: bool,
    ) -> Result<E::Score, Halt> {
        self.dispatch::<true>(
            ctx,
            game,
            Node { depth, ply, pv, on_prev_pv, last: None },
            alpha,
            beta,
        )
    }

    /// Searches the move at `index` (not the first) of a split node as the sequential search
    /// would: at a PV node, PVS (a null-window scout above `alpha`, then the window `(alpha,
    /// beta)` if it beats alpha); at a non-PV node, the node's null window; late move
    /// reductions at both. With `floor`, `alpha` is lowered so that a score equal to it is
    /// seen (tie-breaking at the root). `mode` says where to stop and hand the rest to the
    /// caller, which may split it among the threads.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_split_move(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        index: usize,
        alpha: E::Score,
        beta: E::Score,
        floor: bool,
        mode: SplitMoveMode,
    ) -> Result<SplitMoveScore<E::Score>, Halt> {
        // The node loop compiled for the configuration, as the sequential search runs it.
        with_loop!(self.loop_bits(ctx), F => {
            self.search_split_move_with::<F>(ctx, game, split, index, alpha, beta, floor, mode)
        })
    }

    /// [`Engine::search_split_move`] with the node loop compiled for `F`.
    #[allow(clippy::too_many_arguments)]
    fn search_split_move_with<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        index: usize,
        alpha: E::Score,
        beta: E::Score,
        floor: bool,
        mode: SplitMoveMode,
    ) -> Result<SplitMoveScore<E::Score>, Halt> {
        let hints = &split.hints;
        let mv = split.moves.as_slice()[index];
        let alpha = if floor { self.null_window_below(alpha).unwrap_or(alpha) } else { alpha };
        let at = Node {
            depth: hints.depth,
            ply: hints.ply,
            pv: split.pv,
            on_prev_pv: false,
            last: hints.last_move,
        };
        let reduction = self.lmr_reduction::<F>(game, mv, at, index, hints);
        let on_prev_pv = hints.pv_move == Some(mv);
        let child = Node {
            depth: hints.depth - 1,
            ply: hints.ply + 1,
            pv: split.pv && (index == 0 || !self.config.pvs),
            on_prev_pv,
            last: Some(mv.move_code()),
        };
        // The null window the move is searched with first: the scout at a PV node, the
        // node's own window at a non-PV node.
        let scout_top = if self.config.pvs && index > 0 {
            self.null_window_above(alpha).filter(|&top| top < beta)
        } else {
            None
        };
        let first_window = if split.pv { scout_top } else { Some(beta) };
        if mode == SplitMoveMode::ToSearch && reduction == 0 {
            if let Some(top) = first_window {
                return Ok(SplitMoveScore::NeedsSearch { alpha, top, on_prev_pv });
            }
        }
        let stop_at_scout = mode != SplitMoveMode::Whole && split.pv;
        let side = game.side_to_move();
        let undo = game.make_move(mv);
        let score = match scout_top.filter(|_| stop_at_scout) {
            // The window (alpha, top) is a null window: search_move runs the reduced scout
            // and the full-depth scout, and returns before any re-search.
            Some(top) => self.search_move::<F>(
                ctx,
                game,
                side,
                Node { pv: false, ..child },
                false,
                index,
                reduction,
                alpha,
                top,
                E::Score::ZERO,
            ),
            // (No reward: a game with rewards is refused by `ParallelEngine::search`.)
            None => self.search_move::<F>(
                ctx,
                game,
                side,
                child,
                split.pv,
                index,
                reduction,
                alpha,
                beta,
                E::Score::ZERO,
            ),
        };
        game.unmake_move(mv, undo);
        let score = Self::unwind(ctx, score)?;
        if stop_at_scout && scout_top.is_some() && score > alpha && score < beta {
            ctx.stats.researches += 1;
            return Ok(SplitMoveScore::NeedsResearch { alpha, on_prev_pv });
        }
        Ok(SplitMoveScore::Searched { score, above: score > alpha })
    }

    /// The line of move `mv` of the node at `ply`, just searched as a PV search: `mv`, then
    /// its best reply and so on.
    pub(super) fn split_line(&self, mv: G::Move, ply: u32) -> heapless::Vec<G::Move, MAX_PLY> {
        let mut line = heapless::Vec::new();
        let _ = line.push(mv);
        if let Some(rest) = self.pv.get(ply as usize + 1) {
            for &m in rest {
                if line.push(m).is_err() {
                    break;
                }
            }
        }
        line
    }

    /// Ends the search of a split node at `ply`: the chosen line becomes its principal
    /// variation and its entry goes to the table, as in the sequential search.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_finish(
        &mut self,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        ply: u32,
        depth: u32,
        score: E::Score,
        bound: Bound,
        line: &heapless::Vec<G::Move, MAX_PLY>,
        proven: bool,
    ) {
        if let Some(pv) = self.pv.get_mut(ply as usize) {
            pv.clear();
            // Lines are only kept where they can reach the root's principal variation; a
            // non-PV root (a window search's null window) keeps its move, the search's best.
            // Cannot fail: a line from ply p holds at most MAX_PLY - p moves.
            let keep = match (split.pv, ply) {
                (true, _) => MAX_PLY - ply as usize,
                (false, 0) => 1,
                (false, _) => 0,
            };
            for &mv in line.iter().take(keep) {
                let _ = pv.push(mv);
            }
        }
        if T::ENABLED {
            self.table.store(
                split.key,
                Entry {
                    move_code: line.first().map(|&mv| mv.move_code()),
                    score: Self::table_score(score, ply),
                    draft: depth.min(255) as u8,
                    bound,
                    proven,
                },
            );
        }
    }

    /// Copies what a helper thread needs of the main engine for an iteration: the previous
    /// principal variation (the killers and history come with each split node it joins).
    pub(super) fn sync_helper(&self, helper: &mut Self) {
        helper.prev_pv.clone_from(&self.prev_pv);
    }

    /// Takes in what a helper learnt in a split node (see [`MoveSorter::merge`]): `learned`
    /// started as a copy of `base`.
    pub(super) fn merge_sorter(&mut self, base: &O, learned: &O)
    where
        O: Clone,
    {
        self.sorter.merge(base, learned);
    }
}
