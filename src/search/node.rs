//! The node loop: negamax with fail-soft alpha-beta, PVS and late move reductions.

use rand_core::Rng;

use super::context::Deferred;
use super::features;
use super::{Context, Engine, Halt};
use crate::error::{KeyCheck, SearchError};
use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::ordering::{MoveSorter, OrderingHints, HISTORY_MAX};
use crate::score::{Score, MAX_MATE_PLY};
use crate::tt::{Bound, Entry, MoveCode, Table};

use super::config::LogReduction;

/// What the selective refinements make of a node ([`Engine::selective_node`]).
enum Selective<S> {
    /// Nothing to prune.
    None,
    /// Reverse futility pruning: the node's score, a lower bound at or above beta.
    Cut(S),
    /// Futility or late move pruning may skip quiet moves: the static evaluation plus the
    /// futility margin (`INFINITY` without futility pruning).
    Prune(S),
}

/// Checking mode (`Config::check_table`): the most nodes of the search that checks a proven
/// table entry at a cutoff against the game.
const CHECK_NODES: u32 = 256;

/// `LN[n]`: the natural logarithm of `n` (0 for 0), for the logarithmic late move reductions
/// (`core` has no `ln` without `std`).
#[rustfmt::skip]
const LN: [f32; 64] = [0.0, 0.0, core::f32::consts::LN_2, 1.0986, 1.3863, 1.6094, 1.7918, 1.9459, 2.0794, 2.1972, core::f32::consts::LN_10, 2.3979, 2.4849, 2.5649, 2.6391, 2.7081, 2.7726, 2.8332, 2.8904, 2.9444, 2.9957, 3.0445, 3.0910, 3.1355, 3.1781, 3.2189, 3.2581, 3.2958, 3.3322, 3.3673, 3.4012, 3.4340, 3.4657, 3.4965, 3.5264, 3.5553, 3.5835, 3.6109, 3.6376, 3.6636, 3.6889, 3.7136, 3.7377, 3.7612, 3.7842, 3.8067, 3.8286, 3.8501, 3.8712, 3.8918, 3.9120, 3.9318, 3.9512, 3.9703, 3.9890, 4.0073, 4.0254, 4.0431, 4.0604, 4.0775, 4.0943, 4.1109, 4.1271, 4.1431];

/// [`Engine::negamax_node`]'s kinds of node: any (read from the node), the root, a PV node
/// and another node.
pub(super) const ANY_NODE: u8 = 0;
const ROOT_NODE: u8 = 1;
const PV_NODE: u8 = 2;
pub(super) const NON_PV_NODE: u8 = 3;

/// Where a node stands in the tree.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub(crate) depth: u32,
    pub(crate) ply: u32,
    /// A PV node: searched with an open window, expected to end inside it.
    pub(crate) pv: bool,
    /// On the previous iteration's principal variation (so its move there is tried first).
    pub(crate) on_prev_pv: bool,
    /// The code of the move that led here (`None` at the root, after a null move, and where
    /// a parallel search took the node over).
    pub(crate) last: Option<u16>,
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Negamax with fail-soft alpha-beta: the score of `game` for its side to move.
    pub(crate) fn negamax<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        // Whether this node's own subtree reached a horizon, kept apart from the rest of the
        // iteration so that the table can record proven entries.
        let outer_horizon = core::mem::replace(&mut ctx.reached_horizon, false);
        self.trace_enter::<F>(ctx, game, node, alpha, beta);
        // The root's loop apart (under `std`; firmware keeps one copy in flash): tie-breaking
        // and the root's line are then not in the others.
        let score = if cfg!(feature = "std") && node.ply == 0 {
            self.negamax_node::<F, ROOT_NODE>(ctx, game, node, alpha, beta)
        } else {
            self.negamax_node::<F, ANY_NODE>(ctx, game, node, alpha, beta)
        };
        ctx.reached_horizon |= outer_horizon;
        self.trace_value::<F>(ctx, game, node.ply, score);
        Self::unwind(ctx, score)
    }

    /// A bare score of the node loop as a `Result`: `Err` when a halt is waiting in the
    /// context (which it takes), the score otherwise.
    #[inline(always)]
    pub(crate) fn unwind(
        ctx: &mut Context<'_, '_, G::Player, O>,
        score: E::Score,
    ) -> Result<E::Score, Halt> {
        match ctx.halt.take() {
            Some(halt) => Err(halt),
            None => Ok(score),
        }
    }

    /// A `Result` as a bare score of the node loop: the score, or a meaningless one with the
    /// halt left in the context.
    #[inline(always)]
    pub(super) fn bare(
        result: Result<E::Score, Halt>,
        ctx: &mut Context<'_, '_, G::Player, O>,
    ) -> E::Score {
        match result {
            Ok(score) => score,
            Err(halt) => {
                ctx.halt = Some(halt);
                E::Score::ZERO
            }
        }
    }

    /// [`Engine::negamax`] at depth 0: a terminal position's score, or quiescence, or the
    /// static evaluation.
    #[inline(never)]
    fn horizon<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        ctx.visit()?;
        if Self::keeps_line::<F>() {
            self.clear_pv(ply);
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, 0);
        }
        if self.quiescence_on::<F>() {
            return self.quiescence(ctx, game, ply, 0, alpha, beta);
        }
        ctx.reached_horizon = true;
        self.evaluate(ctx, game, ply, 0)
    }

    /// The node loop, compiled apart (under `std`) for the root, for PV nodes and for the
    /// others (`KIND`: [`ROOT_NODE`], [`PV_NODE`], [`NON_PV_NODE`]), or, as [`ANY_NODE`],
    /// reading which it is from `node`.
    ///
    /// It returns bare scores, like the plain loop: a halt waits in `ctx.halt`, tested after
    /// every child before its score is used (so that nothing reaches the table), and turned
    /// back into a `Result` by [`Engine::negamax`] (and by the parallel search).
    #[inline(never)]
    pub(super) fn negamax_node<const F: u16, const KIND: u8>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        node: Node,
        mut alpha: E::Score,
        mut beta: E::Score,
    ) -> E::Score {
        let pruning = self.pruning::<F>();
        debug_assert!(!pruning || alpha < beta, "empty window at ply {}", node.ply);
        let ply = node.ply;
        let root = match KIND {
            ROOT_NODE => true,
            ANY_NODE => ply == 0,
            _ => false,
        };
        // A constant in the PV and non-PV loops, so that what only one kind does is compiled
        // out of the other.
        let mut node = Node {
            pv: match KIND {
                PV_NODE => true,
                NON_PV_NODE => false,
                _ => node.pv,
            },
            ..node
        };

        if !ctx.visit_or_halt() {
            return E::Score::ZERO;
        }
        // Without the line, only the root's is kept (its best move).
        let line = Self::keeps_line::<F>();
        if line || root {
            self.clear_pv(ply);
        }

        if game.is_terminal() {
            let score = self.evaluate(ctx, game, ply, node.depth);
            if self.check_table_on::<F>() && pruning && T::ENABLED {
                if let Ok(score) = score {
                    self.check_terminal(ctx, game.zobrist_key(), node, score);
                }
            }
            return Self::bare(score, ctx);
        }
        if node.depth == 0 {
            if self.quiescence_on::<F>() {
                return Self::bare(self.quiescence(ctx, game, ply, 0, alpha, beta), ctx);
            }
            ctx.reached_horizon = true;
            return Self::bare(self.evaluate(ctx, game, ply, 0), ctx);
        }

        // A window within the heuristic scores (`-T..=T`, `T` the smallest mate score) lies
        // inside the bounds below whatever they are: nothing to narrow.
        let mate_band = E::Score::win_in(MAX_MATE_PLY);
        if self.mdp::<F>() && !(alpha >= -mate_band && beta <= mate_band) {
            // Not terminal: the side to move wins `k >= 1` plies from here at the earliest, and
            // loses `l >= 1` plies from here at the earliest (`u32::MAX`, never, saturates at
            // the edge of the mate range, above every heuristic score).
            let best_possible =
                E::Score::win_in(ply.saturating_add(game.min_plies_to_win().max(1)));
            let worst_possible =
                E::Score::loss_in(ply.saturating_add(game.min_plies_to_loss().max(1)));
            if alpha >= best_possible || beta <= worst_possible {
                // The window lies beyond what the node can score, if it has a move (a node
                // without one is scored as it stands, a win or a loss at this very ply): the
                // bound is returned once the moves are generated, below, as an empty window.
                let bound = if alpha >= best_possible { best_possible } else { worst_possible };
                (alpha, beta) = (bound, bound);
            } else {
                if worst_possible > alpha {
                    alpha = worst_possible;
                }
                if best_possible < beta {
                    beta = best_possible;
                }
            }
        }

        // The evaluator's bound (stable discs in Othello, say) may end the node at once.
        if E::BOUNDS && pruning && !root && alpha < beta {
            let context = EvalContext { ply, depth_left: node.depth };
            if let Some(score) = self.evaluator.bound_cut(game, context, alpha, beta) {
                if !score.is_valid(E::MATE_SCORES, ply) {
                    ctx.halt = Some(ctx.fail(Self::invalid_score(score, ply)));
                    return E::Score::ZERO;
                }
                return score;
            }
        }

        // The transposition table: a cutoff, or at least a move to try first.
        let use_table = pruning && T::ENABLED && node.depth >= self.config.tt_min_depth;
        let key = if use_table { game.zobrist_key() } else { 0 };
        let mut tt_move = None;
        // Checking mode: the proven exact value the table holds for this node (which did not
        // cut it off), to compare with what the search of the node proves.
        let mut proven_exact = None;
        if use_table && alpha < beta {
            // The root takes no cutoff from the table: an entry from a deeper or earlier
            // search would settle a shallower iteration without a move of its own, and the
            // move searched for it at this depth would not be the one that proves the value.
            let probed = if root { Node { pv: true, ..node } } else { node };
            let (stored, cutoff) = self.probe_node(ctx, key, probed, alpha, beta);
            if self.check_table_on::<F>() {
                if let Some(found) = self.check_hit(game, key, ply, stored, cutoff.is_some()) {
                    ctx.halt = Some(ctx.fail(SearchError::InconsistentKey { key, ply, found }));
                    return E::Score::ZERO;
                }
            }
            if let Some(score) = cutoff {
                return score;
            }
            tt_move = stored;
            if self.check_table_on::<F>() {
                proven_exact = self.proven_exact(key);
            }
        }

        // Internal iterative reduction: no move to try first, a ply less.
        if use_table
            && tt_move.is_none()
            && !root
            && self.selective_on::<F>()
            && self.config.internal_reduction > 0
            && node.depth >= self.config.internal_reduction.max(2)
        {
            node.depth -= 1;
        }

        // Null-move pruning, for a game with passes, away from the principal variation.
        if self.null_move_on::<F>()
            && !node.pv
            && !root
            && node.depth >= 2
            && alpha < beta
            && ply != ctx.no_null_ply
        {
            if let Some(score) = self.null_move_prune::<F>(ctx, game, node, beta) {
                return score;
            }
            if ctx.halt.is_some() {
                return E::Score::ZERO;
            }
        }

        // Reverse futility pruning, and the static evaluation that futility pruning needs.
        let mut selective = None;
        if self.selective_on::<F>() && !node.pv && !root && alpha < beta && game.may_stand_pat() {
            match self.selective_node(ctx, game, node, beta) {
                Ok(Selective::Cut(score)) => return score,
                Ok(Selective::Prune(margin)) => selective = Some(margin),
                Ok(Selective::None) => {}
                Err(halt) => {
                    ctx.halt = Some(halt);
                    return E::Score::ZERO;
                }
            }
        }

        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if pruning && alpha >= beta && (!moves.is_empty() || moves.overflowed()) {
            // The mate distance cut above, for a node that has moves (its moves are not
            // searched, so an overflowing list is not an error here).
            return alpha;
        }
        if moves.overflowed() {
            ctx.halt = Some(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
            return E::Score::ZERO;
        }
        if moves.is_empty() {
            // No legal move: the game's evaluator scores the position as it stands.
            return Self::bare(self.evaluate(ctx, game, ply, node.depth), ctx);
        }

        let side = game.side_to_move();
        let pv_move = if node.on_prev_pv { self.prev_pv.get(ply as usize).copied() } else { None };
        let hints = OrderingHints {
            ply,
            depth: node.depth,
            pv_move,
            tt_move,
            side: usize::from(ctx.root_side != Some(side)),
            last_move: node.last,
        };
        // Staged ordering: the PV and table moves now, the best of the rest only if they do
        // not cut, and the others only if that does not cut either.
        let ordering = self.ordering::<F>();
        // Where the next stage starts, times two, plus one once the best of the rest is
        // placed (one word, not two: the frame of this function is the stack of a ply).
        let mut next_stage = if ordering {
            // Saturating: a sorter that claims more moves than there are only stops ordering.
            self.sorter.order_first(game, moves.as_mut_slice(), &hints).saturating_mul(2)
        } else {
            usize::MAX
        };

        let tie_break = root && pruning && self.rng.is_some();
        let original_alpha = alpha;
        let mut best = -E::Score::INFINITY;
        let mut best_move = None;
        let mut ties = 0u32;
        // In a parallel search that defers busy moves (ABDADA, Weill 1996): the moves other
        // threads were searching when this node reached them, searched after the others.
        let defer = Self::defers::<F>() && node.depth >= self.config.defer_min_depth && use_table;
        if defer && ctx.take_sorter_exchange() {
            ctx.exchange_sorter(&mut self.sorter);
        }
        let mut deferred = Deferred::new();
        let mut cursor = 0;
        loop {
            let (index, first_pass) = if cursor < moves.len() {
                cursor += 1;
                (cursor - 1, true)
            } else if let Some(index) = deferred.next() {
                (index, false)
            } else {
                break;
            };
            if index == next_stage / 2 && first_pass {
                let rest = &mut moves.as_mut_slice()[index..];
                next_stage = if next_stage % 2 == 1 {
                    self.sorter.order_rest::<MAX_MOVES>(game, rest, &hints);
                    usize::MAX
                } else if self.sorter.order_best::<MAX_MOVES>(game, rest, &hints) {
                    usize::MAX
                } else {
                    2 * index + 3
                };
            }
            let mv = moves.as_slice()[index];
            if let Some(static_eval) = selective {
                if index > 0
                    && first_pass
                    && best > -mate_band
                    && self.prunes_quiet(
                        game,
                        mv,
                        node,
                        index,
                        static_eval,
                        alpha,
                        pv_move,
                        tt_move,
                    )
                {
                    ctx.stats.pruned_moves += 1;
                    // Fail-soft: the moves skipped as futile score at most the static
                    // evaluation plus the margin (if the evaluation is that good), so the
                    // node's upper bound is raised to it.
                    if static_eval <= alpha && static_eval > best {
                        best = static_eval;
                    }
                    continue;
                }
            }
            // The move's mark (never the first move's: its search gives the others their
            // alpha, as in the young brothers wait concept).
            let mark = if defer && index > 0 { ctx.busy_mark(key, mv.move_code()) } else { None };
            if let Some(mark) = mark {
                if first_pass && ctx.is_busy(mark) && deferred.push(index) {
                    ctx.stats.deferrals += 1;
                    continue;
                }
                // A move put off is searched now, even if another thread still is: waiting
                // for it idles this thread longer than the search takes with the other
                // thread's table entries (benches/parallel_model.rs).
                ctx.enter_busy(mark);
            }
            let child = Node {
                depth: node.depth - 1,
                ply: ply + 1,
                // Without PVS (or without pruning) every move gets the open window.
                pv: node.pv && (index == 0 || !self.pvs::<F>()),
                on_prev_pv: pv_move == Some(mv),
                // (For the sorter alone: without ordering the code is not computed.)
                last: if ordering { Some(mv.move_code()) } else { None },
            };
            // A window that can see a score equal to the best so far, for tie-breaking.
            let floor = if tie_break && index > 0 { self.null_window_below(alpha) } else { None };
            let move_alpha = floor.unwrap_or(alpha);

            let reduction =
                if pruning { self.lmr_reduction::<F>(game, mv, node, index, &hints) } else { 0 };
            self.trace_move::<F>(ctx, side, ply, mv, alpha, beta);
            let reward = Self::reward_of(game, mv);
            // Copy-make where the game offers it (the child in this frame, nothing undone),
            // make/unmake otherwise: `copy_make` is resolved at compile time, so one branch
            // is compiled.
            let score = match game.copy_make(mv) {
                Some(mut position) => self.search_move::<F>(
                    ctx,
                    &mut position,
                    side,
                    child,
                    node.pv,
                    index,
                    reduction,
                    move_alpha,
                    beta,
                    reward,
                ),
                None => {
                    let undo = game.make_move(mv);
                    let score = self.search_move::<F>(
                        ctx, game, side, child, node.pv, index, reduction, move_alpha, beta, reward,
                    );
                    game.unmake_move(mv, undo);
                    score
                }
            };
            if let Some(mark) = mark {
                ctx.leave_busy(mark);
            }
            if ctx.halt.is_some() {
                return E::Score::ZERO;
            }

            // The first move is the best so far whatever it scores (even -INFINITY): a node
            // with moves always has a best move.
            if score > best || best_move.is_none() {
                best = score;
                best_move = Some(mv);
                ties = 1;
                // Lines are only kept where they can reach the root's principal variation: at
                // the root, and at PV nodes for a score above alpha (a score at or below it is
                // a bound, whose line is nobody's principal variation).
                if !line {
                    if root {
                        self.set_root_move(mv);
                    }
                } else if root || (node.pv && score > alpha) {
                    self.update_pv(ply as usize, mv);
                }
            } else if tie_break && floor.is_some() && score == best {
                // Only a search whose window reached below the best score can prove equality.
                // Reservoir sampling: each of the equal moves is kept with probability 1/ties.
                ties += 1;
                if self.tie_break_pick(ties) == Some(true) {
                    best_move = Some(mv);
                    if line {
                        self.update_pv(ply as usize, mv);
                    } else {
                        self.set_root_move(mv);
                    }
                }
            }
            if pruning && score > alpha {
                alpha = score;
                if alpha >= beta {
                    // Fail-high: the opponent will not allow this line.
                    ctx.stats.beta_cutoffs += 1;
                    if index == 0 {
                        ctx.stats.first_move_cutoffs += 1;
                    }
                    self.trace_cut::<F>(
                        ctx,
                        side,
                        ply,
                        alpha,
                        beta,
                        &moves.as_slice()[index + 1..],
                    );
                    if ordering {
                        self.sorter.on_cutoff(game, mv, &moves.as_slice()[..index], &hints);
                    }
                    break;
                }
            }
        }

        if use_table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let score = Self::table_score(best, ply);
            if let Some(stored) = proven_exact {
                if bound == Bound::Exact && !ctx.reached_horizon && stored != score {
                    ctx.halt = Some(ctx.fail(SearchError::InconsistentKey {
                        key,
                        ply,
                        found: KeyCheck::ProvenValue,
                    }));
                    return E::Score::ZERO;
                }
            }
            self.table.store(
                key,
                Entry {
                    move_code: best_move.map(MoveCode::move_code).or(tt_move),
                    score,
                    draft: node.depth.min(255) as u8,
                    bound,
                    proven: !ctx.reached_horizon,
                },
            );
        }
        best
    }

    /// Checking mode at a table hit for `key` at `ply` (the entry's move `code`; `cutoff`:
    /// the entry ends the node's search): what contradicts the game, if anything. The move
    /// must be one the game generates here; and the value of a proven entry that cuts the node
    /// off must agree with the position's value, found by a small search of its own (at most
    /// [`CHECK_NODES`] nodes, without the table: a larger subtree is not checked).
    #[cold]
    #[inline(never)]
    fn check_hit(
        &self,
        game: &mut G,
        key: u64,
        ply: u32,
        code: Option<u16>,
        cutoff: bool,
    ) -> Option<KeyCheck> {
        if let Some(code) = code {
            let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
            game.generate_moves(&mut moves);
            if !moves.as_slice().iter().any(|m| m.move_code() == code) {
                return Some(KeyCheck::MoveNotGenerated);
            }
        }
        if !cutoff {
            return None;
        }
        let entry = self.table.probe(key).filter(|entry| entry.proven)?;
        let mut budget = CHECK_NODES;
        let value = Self::table_score(
            self.exact_value(game, ply, -E::Score::INFINITY, E::Score::INFINITY, &mut budget)?,
            ply,
        );
        let agrees = match entry.bound {
            Bound::Exact => value == entry.score,
            Bound::Lower => value >= entry.score,
            Bound::Upper => value <= entry.score,
        };
        (!agrees).then_some(KeyCheck::ProvenValue)
    }

    /// Checking mode: the value of `game` (at `ply`) by plain fail-soft alpha-beta with the
    /// window `(alpha, beta)` down to the end of the game, without the table; `None` when
    /// that takes more than `budget` nodes, reaches the ply capacity, or meets an invalid
    /// score or a move list that overflows.
    fn exact_value(
        &self,
        game: &mut G,
        ply: u32,
        mut alpha: E::Score,
        beta: E::Score,
        budget: &mut u32,
    ) -> Option<E::Score> {
        *budget = budget.checked_sub(1)?;
        let evaluate = |game: &G| {
            let context = EvalContext { ply, depth_left: 0 };
            let score = self.evaluator.evaluate(game, game.side_to_move(), context);
            Self::valid_leaf(game, score, ply).then_some(score)
        };
        if game.is_terminal() {
            return evaluate(game);
        }
        if ply as usize + 1 >= MAX_PLY {
            return None;
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return None;
        }
        if moves.is_empty() {
            return evaluate(game);
        }
        let mut best = -E::Score::INFINITY;
        let side = game.side_to_move();
        for &mv in moves.as_slice() {
            // The move's reward shifts the window; the child's value is negated where the
            // turn passes.
            let reward = Self::reward_of(game, mv);
            let (low, high) = Self::shifted_window(alpha, beta, reward);
            let undo = game.make_move(mv);
            let value = if game.side_to_move() == side {
                self.exact_value(game, ply + 1, low, high, budget)
            } else {
                self.exact_value(game, ply + 1, -high, -low, budget).map(|value| -value)
            };
            game.unmake_move(mv, undo);
            let value = value?.add(reward);
            if value > best {
                best = value;
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// Checking mode: the proven exact value the table holds for `key`, if any.
    #[cold]
    #[inline(never)]
    fn proven_exact(&self, key: u64) -> Option<E::Score> {
        let entry = self.table.probe(key)?;
        (entry.proven && entry.bound == Bound::Exact).then_some(entry.score)
    }

    /// Checking mode at a terminal position (key `key`) that evaluated to `score`: the value
    /// the table holds for the key must be that value (a terminal value is exact and proven
    /// whatever the depth); then it is stored, for the next time a position with this key
    /// is met.
    #[cold]
    #[inline(never)]
    fn check_terminal(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        key: u64,
        node: Node,
        score: E::Score,
    ) {
        let score = Self::table_score(score, node.ply);
        if let Some(stored) = self.proven_exact(key) {
            if stored != score {
                ctx.halt = Some(ctx.fail(SearchError::InconsistentKey {
                    key,
                    ply: node.ply,
                    found: KeyCheck::TerminalValue,
                }));
                return;
            }
        }
        let entry = Entry {
            move_code: None,
            score,
            draft: node.depth.min(255) as u8,
            bound: Bound::Exact,
            proven: true,
        };
        self.table.store(key, entry);
    }

    /// The late move reduction of `mv`, the move at `index` of `node`: one ply (two from
    /// depth 6 and the seventh move on) for a late quiet move, or with [`Config::lmr_log`] its
    /// logarithmic formula (adjusted by the move's history with
    /// [`Config::lmr_history`](crate::Config::lmr_history)); none for the PV move, the table
    /// move, killers and tactical moves.
    #[inline(always)]
    pub(crate) fn lmr_reduction<const F: u16>(
        &self,
        game: &G,
        mv: G::Move,
        node: Node,
        index: usize,
        hints: &OrderingHints<G::Move>,
    ) -> u32 {
        let (pv_move, tt_move) = (hints.pv_move, hints.tt_move);
        let depth = node.depth;
        if Self::on::<F>(features::LMR, self.config.lmr)
            && depth >= self.config.lmr_min_depth
            && index as u32 >= self.config.lmr_min_move_index
            && Some(mv) != pv_move
            && tt_move != Some(mv.move_code())
            && !self.sorter.is_killer(mv, node.ply)
            && !game.is_tactical(mv)
        {
            if self.selective_on::<F>() {
                if let Some(log) = self.config.lmr_log {
                    let r = Self::log_reduction(log, node, index);
                    return if self.config.lmr_history {
                        self.history_adjusted(r, mv, node, hints)
                    } else {
                        r
                    };
                }
            }
            if depth >= 6 && index >= 6 {
                2
            } else {
                1
            }
        } else {
            0
        }
    }

    /// [`Config::lmr_history`](crate::Config::lmr_history): the reduction `r` of `mv` at
    /// `node` a ply smaller when the move's history score is above half of [`HISTORY_MAX`], a
    /// ply larger (at most `depth - 1`) when it is below minus half.
    #[inline(never)]
    fn history_adjusted(
        &self,
        r: u32,
        mv: G::Move,
        node: Node,
        hints: &OrderingHints<G::Move>,
    ) -> u32 {
        let history = self.sorter.history_score(mv, hints);
        if history > HISTORY_MAX / 2 {
            r.saturating_sub(1)
        } else if history < -HISTORY_MAX / 2 {
            (r + 1).min(node.depth.saturating_sub(1))
        } else {
            r
        }
    }

    /// [`Config::lmr_log`]'s reduction of the move at `index` of `node` (with at least one ply
    /// left): `base + ln(depth) ln(index + 1) / divisor` rounded down, one less at a PV node,
    /// between 0 and `depth - 1` (the child keeps its quiescence search).
    #[inline(never)]
    fn log_reduction(log: LogReduction, node: Node, index: usize) -> u32 {
        let d = LN[(node.depth as usize).min(LN.len() - 1)];
        let n = LN[(index + 1).min(LN.len() - 1)];
        let r = log.base + d * n / log.divisor;
        // (`as` saturates: a negative or NaN value is 0.)
        let r = (r as u32).saturating_sub(u32::from(node.pv));
        r.min(node.depth.saturating_sub(1))
    }

    /// At a node where the selective refinements may apply (off the principal variation, not
    /// the root, where [`Game::may_stand_pat`], the window not empty): reverse futility
    /// pruning's cut, or the static evaluation for futility and late move pruning (which
    /// need it only for futility: a node with late move pruning alone gets `INFINITY`, whose
    /// futility test never holds).
    #[cold]
    #[inline(never)]
    fn selective_node(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &G,
        node: Node,
        beta: E::Score,
    ) -> Result<Selective<E::Score>, Halt> {
        let c = &self.config;
        let reverse = c.reverse_futility.filter(|f| node.depth <= f.max_depth);
        let futility = c.futility.filter(|f| node.depth <= f.max_depth);
        let late = node.depth <= c.late_move_pruning;
        if reverse.is_none() && futility.is_none() && !late {
            return Ok(Selective::None);
        }
        let mate_band = E::Score::win_in(MAX_MATE_PLY);
        let static_eval = if reverse.is_some() || futility.is_some() {
            let score = self.evaluate(ctx, game, node.ply, 0)?;
            if !(score > -mate_band && score < mate_band) {
                // A win or loss as it stands: nothing to prune on.
                return Ok(Selective::None);
            }
            score
        } else {
            E::Score::INFINITY
        };
        if let Some(f) = reverse {
            let margin = E::Score::from_f64(f.margin * f64::from(node.depth));
            let bound = static_eval.sub(margin);
            if beta > -mate_band && beta < mate_band && bound >= beta {
                ctx.stats.pruned_nodes += 1;
                return Ok(Selective::Cut(bound));
            }
        }
        Ok(match futility {
            Some(f) => Selective::Prune(
                static_eval.add(E::Score::from_f64(f.margin * f64::from(node.depth))),
            ),
            None if late => Selective::Prune(E::Score::INFINITY),
            None => Selective::None,
        })
    }

    /// Whether futility or late move pruning skips `mv`, the move at `index > 0` of `node`
    /// whose static evaluation plus the futility margin is `futile_below` (`INFINITY`
    /// without futility pruning): a quiet move, not the PV move, the table move or a killer,
    /// which the game does not extend, when `futile_below <= alpha` or `index` is at least
    /// `3 + depth * depth` with late move pruning at this depth.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn prunes_quiet(
        &self,
        game: &mut G,
        mv: G::Move,
        node: Node,
        index: usize,
        futile_below: E::Score,
        alpha: E::Score,
        pv_move: Option<G::Move>,
        tt_move: Option<u16>,
    ) -> bool {
        let depth = node.depth;
        let late = depth <= self.config.late_move_pruning
            && index as u64 >= 3 + u64::from(depth) * u64::from(depth);
        if !(futile_below <= alpha || late)
            || Some(mv) == pv_move
            || tt_move == Some(mv.move_code())
            || game.is_tactical(mv)
            || self.sorter.is_killer(mv, node.ply)
        {
            return false;
        }
        if G::EXTENSIONS {
            // A move the game extends (a check) is forcing: searched.
            let undo = game.make_move(mv);
            let extended = game.extension() > 0;
            game.unmake_move(mv, undo);
            return !extended;
        }
        true
    }

    /// Searches one move (already made) under PVS and LMR and returns its score for the
    /// parent: every search of the child (reduced, scout, re-search) goes through one call
    /// site, so that a ply of the recursion takes one stack frame.
    ///
    /// The sequence: with a null window available (PVS, not the first move), a scout at
    /// `(alpha, alpha + epsilon)`, reduced by `reduction` plies if LMR applies, then at full
    /// depth if the reduced scout beat alpha, then with the whole window if the scout beat
    /// alpha without reaching beta. Without one (the first move, PVS off, plain minimax), the
    /// whole window, after a reduced search that must beat alpha first if LMR applies.
    ///
    /// With rewards ([`Game::REWARDS`]), `reward` is what the move earned its player: the
    /// window is shifted by it before the child is searched and the score after, so that the
    /// child works on the value of the rest. Without, it is zero and compiled out.
    ///
    /// It returns a bare score, like the node loop: a halt is left in `ctx.halt` (the parallel
    /// search, which calls it too, takes it with [`Engine::unwind`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn search_move<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        side: G::Player,
        child: Node,
        parent_pv: bool,
        index: usize,
        reduction: u32,
        alpha: E::Score,
        beta: E::Score,
        reward: E::Score,
    ) -> E::Score {
        let pruning = self.pruning::<F>();
        let (alpha, beta) = if !pruning {
            (-E::Score::INFINITY, E::Score::INFINITY)
        } else if G::REWARDS && reward != E::Score::ZERO {
            Self::shifted_window(alpha, beta, reward)
        } else {
            (alpha, beta)
        };
        let score = self
            .search_shifted::<F>(ctx, game, side, child, parent_pv, index, reduction, alpha, beta);
        // (A move that earns nothing, the common case, skips the saturating arithmetic.)
        if G::REWARDS && reward != E::Score::ZERO && ctx.halt.is_none() {
            score.add(reward)
        } else {
            score
        }
    }

    /// [`Engine::search_move`] for the window shifted by the move's reward: the score of the
    /// rest for the parent.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_shifted<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        side: G::Player,
        child: Node,
        parent_pv: bool,
        index: usize,
        reduction: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        // Below a node that is not on the principal variation the window is already null
        // (PVS gave it one): no scout.
        let scout_top = if self.pvs::<F>() && index > 0 && parent_pv {
            self.null_window_above(alpha).filter(|&top| top < beta)
        } else {
            None
        };
        let pruning = self.pruning::<F>();
        let same_side = game.side_to_move() == side;
        // The game's extension of the position the move reached (one ply at most, and none
        // that would take the line to the ply capacity).
        // A move the game extends is forcing: it is not reduced either.
        let (child, reduction) = if G::EXTENSIONS {
            let extension = game.extension().min(1);
            let reduction = if extension > 0 { 0 } else { reduction };
            if child.ply + child.depth + extension < MAX_PLY as u32 {
                (Node { depth: child.depth + extension, ..child }, reduction)
            } else {
                (child, reduction)
            }
        } else {
            (child, reduction)
        };
        let mut reduced = reduction > 0;
        let mut scouting = scout_top.is_some();
        let mut full_pv = child.pv;
        loop {
            let top = if scouting { scout_top.unwrap_or(beta) } else { beta };
            let node = Node {
                depth: if reduced { child.depth.saturating_sub(reduction) } else { child.depth },
                pv: if reduced || scouting { false } else { full_pv },
                ..child
            };
            // The child's score for the side to move there: negated, and the window
            // swapped, only when the side to move changed.
            let (low, high) = if same_side { (alpha, top) } else { (-top, -alpha) };
            self.trace_enter::<F>(ctx, game, node, low, high);
            // (A window shifted by a reward can saturate at an infinite bound and be empty:
            // the hook is promised `alpha < beta`.)
            let solved = if E::SOLVE_DEPTH > 0
                && pruning
                && low < high
                && node.depth <= E::SOLVE_DEPTH
                && !(node.pv && Self::keeps_line::<F>())
            {
                self.solve_subtree::<F>(ctx, game, node, low, high)
            } else {
                None
            };
            let result = if let Some(score) = solved {
                score
            } else if node.depth == 0 {
                // The horizon: scored without a frame of the recursion.
                Self::bare(self.horizon::<F>(ctx, game, node.ply, low, high), ctx)
            } else if !T::ENABLED
                && !G::EXTENSIONS
                && (F & !features::NO_LINE == features::PLAIN
                    || (F & !features::NO_LINE == features::DYNAMIC && ctx.plain))
            {
                // Plain alpha-beta without a table: the textbook loop below the root (also
                // from the loop that reads the configuration, as without `std`).
                self.alpha_beta_below::<F>(ctx, game, node.ply, node.depth, low, high)
            } else {
                let outer_horizon = core::mem::replace(&mut ctx.reached_horizon, false);
                let result = if !cfg!(feature = "std") {
                    self.negamax_node::<F, ANY_NODE>(ctx, game, node, low, high)
                } else if node.pv {
                    self.negamax_node::<F, PV_NODE>(ctx, game, node, low, high)
                } else {
                    self.negamax_node::<F, NON_PV_NODE>(ctx, game, node, low, high)
                };
                ctx.reached_horizon |= outer_horizon;
                result
            };
            if ctx.halt.is_some() {
                return E::Score::ZERO;
            }
            self.trace_value::<F>(ctx, game, node.ply, result);
            let score = if same_side { result } else { -result };
            if score <= alpha {
                return score;
            }
            if reduced {
                // The reduced search beat alpha: search at full depth (same window).
                reduced = false;
            } else if scouting && score < beta {
                // The scout beat alpha: search with the whole window for the value.
                scouting = false;
                full_pv = parent_pv;
            } else {
                return score;
            }
            ctx.stats.researches += 1;
        }
    }

    /// The evaluator's solver ([`Evaluator::solve_subtree`]) for a node at `depth <=
    /// E::SOLVE_DEPTH`: its score as a bare score, its nodes counted; `None` when it declines
    /// (and a meaningless score with the halt in the context for an invalid score).
    #[inline(always)]
    fn solve_subtree<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> Option<E::Score> {
        let context = EvalContext { ply: node.ply, depth_left: node.depth };
        let solved = self.evaluator.solve_subtree(game, context, alpha, beta)?;
        ctx.stats.nodes += solved.nodes;
        if Self::keeps_line::<F>() {
            self.clear_pv(node.ply);
        }
        if !solved.score.is_valid(E::MATE_SCORES, node.ply) {
            ctx.halt = Some(ctx.fail(Self::invalid_score(solved.score, node.ply)));
            return Some(E::Score::ZERO);
        }
        Some(solved.score)
    }

    /// Plain fail-soft alpha-beta (Knuth & Moore 1975) for a node below the root, when nothing
    /// else is switched on and there is no table: the node loop of
    /// [`Engine::negamax_node`] with every feature taken out (no ordering, PVS, reductions,
    /// quiescence, mate distance pruning, table or tie-breaking), so that it costs what a
    /// hand-written search costs. It searches the same tree, counts the same nodes and keeps
    /// the same principal variation.
    ///
    /// Its horizon is at `ctx.horizon_ply`, and it returns bare scores: a halt (the clock, the
    /// stop flag, an error) is left in `ctx.halt`, and the recursion then unwinds with
    /// meaningless scores, tested once per child rather than carried in every return value.
    fn alpha_beta_below<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        ctx.horizon_ply = ply + depth;
        if Self::keeps_line::<F>() {
            self.alpha_beta::<true>(ctx, game, ply, alpha, beta)
        } else {
            self.alpha_beta::<false>(ctx, game, ply, alpha, beta)
        }
    }

    /// The node of [`Engine::alpha_beta_below`], keeping the line if `LINE`.
    ///
    /// Without the line, up to a leaf's score (a terminal position or the horizon) it makes no
    /// call that returns to it: the poll and an invalid score go to cold functions that end
    /// the node, and the moves of a node that has some are searched by a tail call. So no
    /// register is saved and no frame opened at a leaf (two nodes in five of a tic-tac-toe
    /// tree), as in a hand-written search.
    #[inline(never)]
    fn alpha_beta<const LINE: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        if LINE {
            if !ctx.visit_or_halt() {
                return E::Score::ZERO;
            }
        } else if ctx.count_node() {
            return self.alpha_beta_polled(ctx, game, ply, alpha, beta);
        }
        let terminal = game.is_terminal();
        if terminal || ply == ctx.horizon_ply {
            if !terminal {
                ctx.reached_horizon = true;
            }
            return self.leaf::<LINE>(ctx, game, ply);
        }
        if LINE {
            // The leaf's line to clear takes the registers a frameless leaf would need: one
            // function (tic-tac-toe: 125.5 instructions a node, 130.8 split as below).
            self.alpha_beta_moves::<LINE>(ctx, game, ply, alpha, beta)
        } else {
            self.alpha_beta_moves_apart(ctx, game, ply, alpha, beta)
        }
    }

    /// [`Engine::alpha_beta_moves`] without the line, in a function of its own (a tail call
    /// of [`Engine::alpha_beta`]), so that the frame is opened here and not at a leaf.
    #[inline(never)]
    fn alpha_beta_moves_apart(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        self.alpha_beta_moves::<false>(ctx, game, ply, alpha, beta)
    }

    /// [`Engine::alpha_beta`] at a node that is neither terminal nor at the horizon: its
    /// moves.
    #[inline(always)]
    fn alpha_beta_moves<const LINE: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            ctx.halt = Some(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
            return E::Score::ZERO;
        }
        if moves.is_empty() {
            return self.leaf::<LINE>(ctx, game, ply);
        }
        let side = game.side_to_move();
        let original_alpha = alpha;
        let mut best = -E::Score::INFINITY;
        for (index, &mv) in moves.iter().enumerate() {
            let reward = Self::reward_of(game, mv);
            let score = match game.copy_make(mv) {
                Some(mut child) => {
                    self.alpha_beta_child::<LINE>(ctx, &mut child, side, ply, alpha, beta, reward)
                }
                None => {
                    let undo = game.make_move(mv);
                    let score =
                        self.alpha_beta_child::<LINE>(ctx, game, side, ply, alpha, beta, reward);
                    game.unmake_move(mv, undo);
                    score
                }
            };
            if ctx.halt.is_some() {
                return E::Score::ZERO;
            }
            if score > best || index == 0 {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if LINE {
                    self.update_pv(ply as usize, mv);
                }
                if alpha >= beta {
                    // Fail-high: the opponent will not allow this line.
                    ctx.stats.beta_cutoffs += 1;
                    if index == 0 {
                        ctx.stats.first_move_cutoffs += 1;
                    }
                    return best;
                }
            }
        }
        if LINE && best <= original_alpha {
            // No move raised alpha (an all node): no line, as at a leaf. The lines of the
            // other nodes are written by `update_pv`, so that only these are cleared.
            self.clear_pv(ply);
        }
        best
    }

    /// A child of [`Engine::alpha_beta`]'s node (the move made in `game`, which earned
    /// `reward`): its score for the parent. Negamax: the child's score and window are negated
    /// where the side to move changes, and shifted by the reward (for a game with rewards).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn alpha_beta_child<const LINE: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        side: G::Player,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
        reward: E::Score,
    ) -> E::Score {
        if G::REWARDS && reward != E::Score::ZERO {
            let (low, high) = Self::shifted_window(alpha, beta, reward);
            let score = if game.side_to_move() == side {
                self.alpha_beta::<LINE>(ctx, game, ply + 1, low, high)
            } else {
                -self.alpha_beta::<LINE>(ctx, game, ply + 1, -high, -low)
            };
            return score.add(reward);
        }
        if game.side_to_move() == side {
            self.alpha_beta::<LINE>(ctx, game, ply + 1, alpha, beta)
        } else {
            -self.alpha_beta::<LINE>(ctx, game, ply + 1, -beta, -alpha)
        }
    }

    /// A leaf of [`Engine::alpha_beta`]: no line, and the evaluation (a halt on a bad score).
    #[inline(always)]
    fn leaf<const LINE: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &G,
        ply: u32,
    ) -> E::Score {
        if LINE {
            self.clear_pv(ply);
        }
        let context = EvalContext { ply, depth_left: ctx.horizon_ply - ply };
        let score = self.evaluator.evaluate(game, game.side_to_move(), context);
        if !Self::valid_leaf(game, score, ply) {
            return Self::invalid_leaf(ctx, score, ply);
        }
        score
    }

    /// [`Engine::alpha_beta`]'s node without the line when its count fell due for a poll: the
    /// poll, then (if the search goes on) the node, counted again as the poll uncounted it.
    #[cold]
    #[inline(never)]
    fn alpha_beta_polled(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> E::Score {
        if !ctx.poll_and_uncount() {
            return E::Score::ZERO;
        }
        self.alpha_beta::<false>(ctx, game, ply, alpha, beta)
    }

    /// A leaf of [`Engine::alpha_beta`] whose evaluation is not a valid score: the search
    /// stops with the error.
    #[cold]
    #[inline(never)]
    fn invalid_leaf(
        ctx: &mut Context<'_, '_, G::Player, O>,
        score: E::Score,
        ply: u32,
    ) -> E::Score {
        ctx.halt = Some(ctx.fail(Self::invalid_score(score, ply)));
        E::Score::ZERO
    }

    /// Empties the line from `ply`.
    #[inline(always)]
    pub(super) fn clear_pv(&mut self, ply: u32) {
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
    }

    /// The root's line without the principal variation: its best move alone.
    #[inline(never)]
    fn set_root_move(&mut self, mv: G::Move) {
        if let Some(line) = self.pv.first_mut() {
            line.clear();
            // Cannot fail: the root's line holds `MAX_PLY >= 1` moves (none for an engine of
            // no ply, whose `pv` is empty).
            let _ = line.push(mv);
        }
    }

    /// `pv[ply] = mv` followed by the child's line `pv[ply + 1]`.
    #[inline(never)]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        crate::search::set_line(&mut self.pv, ply, mv);
    }

    /// Whether tie-breaking at the root is on, and a random choice among `ties` equal moves:
    /// `true` if the newest should replace the one kept (reservoir sampling).
    #[cold]
    #[inline(never)]
    pub(crate) fn tie_break_pick(&mut self, ties: u32) -> Option<bool> {
        self.rng.as_mut().map(|rng| remainder(rng.next_u32(), ties) == 0)
    }

    #[inline]
    pub(super) fn evaluate(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &G,
        ply: u32,
        depth_left: u32,
    ) -> Result<E::Score, Halt> {
        let score =
            self.evaluator.evaluate(game, game.side_to_move(), EvalContext { ply, depth_left });
        if !Self::valid_leaf(game, score, ply) {
            return Err(ctx.fail(Self::invalid_score(score, ply)));
        }
        Ok(score)
    }

    /// The error of a score outside the valid range.
    #[cold]
    #[inline(never)]
    fn invalid_score(score: E::Score, ply: u32) -> SearchError {
        if score.is_nan() {
            SearchError::NanScore { ply }
        } else {
            SearchError::ScoreOutOfRange { ply }
        }
    }
}

/// `n % d` by shifting and subtracting (`n` itself when `d` is 0): the remainder of the
/// tie-break, the search's only division. It runs once per tied root move; on a core without a
/// divide instruction (Cortex-M0) `%` would link the library's division, 432 B of flash.
fn remainder(n: u32, d: u32) -> u32 {
    if d == 0 {
        return n;
    }
    let d = u64::from(d);
    let mut r: u64 = 0;
    for bit in (0..32).rev() {
        r = (r << 1) | u64::from((n >> bit) & 1);
        if r >= d {
            r -= d;
        }
    }
    r as u32
}

#[cfg(test)]
mod remainder_tests {
    use super::remainder;

    #[test]
    fn remainder_equals_the_operator() {
        let mut x: u32 = 0x9E37_79B9;
        for d in (1..=70).chain([255, 65_537, u32::MAX - 1, u32::MAX]) {
            for n in [0, 1, d - 1, d, d.wrapping_add(1), u32::MAX, u32::MAX - 1] {
                assert_eq!(remainder(n, d), n % d, "{n} % {d}");
            }
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                assert_eq!(remainder(x, d), x % d, "{x} % {d}");
            }
        }
        assert_eq!(remainder(7, 0), 7);
    }
}

#[cfg(all(test, feature = "refinements"))]
mod lmr_history_tests {
    use super::{features, Node};
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::ordering::{MoveSorter, OrderingHints, HISTORY_MAX};
    use crate::{Config, Engine, LogReduction};

    /// A sorter that orders nothing and gives every move the same history score.
    struct FixedHistory(i32);

    impl MoveSorter<Board> for FixedHistory {
        fn history_score(&self, _: u8, _: &OrderingHints<u8>) -> i32 {
            self.0
        }

        fn order_rest<const N: usize>(&mut self, _: &Board, _: &mut [u8], _: &OrderingHints<u8>) {}

        fn on_cutoff(&mut self, _: &Board, _: u8, _: &[u8], _: &OrderingHints<u8>) {}

        fn clear(&mut self) {}
    }

    /// The reduction of the fifth move (index 4) at a non-PV node with `depth` plies left, under
    /// `0.75 + ln(depth) ln(5) / 2.25` plies, with `history` as every move's history score.
    fn reduction(lmr_history: bool, history: i32, depth: u32) -> u32 {
        let config = Config {
            lmr_log: Some(LogReduction { base: 0.75, divisor: 2.25 }),
            lmr_history,
            lmr_min_depth: 2,
            ..Config::new()
        };
        let engine =
            Engine::<_, _, 9, 16>::new(TicTacToeEval, config).with_sorter(FixedHistory(history));
        let node = Node { depth, ply: 1, pv: false, on_prev_pv: false, last: None };
        let hints =
            OrderingHints { ply: 1, depth, pv_move: None, tt_move: None, side: 1, last_move: None };
        engine.lmr_reduction::<{ features::DYNAMIC }>(&Board::default(), 4, node, 4, &hints)
    }

    #[test]
    fn the_history_takes_a_ply_off_or_adds_one() {
        // ln(8) ln(5) / 2.25 = 1.49: 0.75 + 1.49 = 2.24, two plies.
        assert_eq!(reduction(false, HISTORY_MAX, 8), 2);
        assert_eq!(reduction(true, 0, 8), 2);
        assert_eq!(reduction(true, HISTORY_MAX / 2, 8), 2);
        assert_eq!(reduction(true, HISTORY_MAX / 2 + 1, 8), 1);
        assert_eq!(reduction(true, -HISTORY_MAX / 2, 8), 2);
        assert_eq!(reduction(true, -HISTORY_MAX / 2 - 1, 8), 3);
        assert_eq!(reduction(false, -HISTORY_MAX, 8), 2);
        // Never past the child's quiescence search: at 3 plies left (0.75 + 0.52 = 1.27, one
        // ply) one more is 2, the most (depth - 1); at 2 plies left (0.75 + 0.34: one ply)
        // the most is already 1.
        assert_eq!(reduction(true, -HISTORY_MAX, 3), 2);
        assert_eq!(reduction(true, -HISTORY_MAX, 2), 1);
        assert_eq!(reduction(true, HISTORY_MAX, 2), 0);
    }
}
