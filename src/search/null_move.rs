//! Null-move pruning: the side to move passes, and if the opponent cannot even then bring the
//! score below beta, the node is cut (Beal 1989; Donninger 1993; with an optional
//! verification search after David-Tabibi & Netanyahu 2002).

use super::{Context, Engine, Node};
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::score::{Score, MAX_MATE_PLY};
use crate::tt::Table;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Tries a null move at `node`, a non-PV node below the root with at least 2 plies left
    /// that is not the child of a null move, searched with beta `beta`: the score that cuts
    /// the node (a lower bound, `>= beta`), or `None` when the node must be searched. A halt
    /// is left in `ctx.halt` (the caller tests it before using the score).
    ///
    /// The pass is searched `1 + R` plies shallower with the null window just below beta,
    /// never where the game says a pass is unsafe, and never when beta is a win or loss score
    /// (a pass proves nothing about forced results). With verification on, a pass that fails
    /// high cuts only if the node itself, searched `R` plies shallower with no pass at its
    /// root, fails high too.
    #[inline(never)]
    pub(super) fn null_move_prune<const F: u16>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        node: Node,
        beta: E::Score,
    ) -> Option<E::Score> {
        let mate_band = E::Score::win_in(MAX_MATE_PLY);
        let heuristic_beta = beta > -mate_band && beta < mate_band;
        if !(heuristic_beta && game.null_move_allowed()) {
            return None;
        }
        let alpha = self.null_window_below(beta)?;
        let reduction = self.config.null_move_reduction.at(node.depth);
        let side = game.side_to_move();
        let undo = game.make_null_move()?;
        ctx.stats.null_moves += 1;
        // The opponent's reply to the pass is searched, not only evaluated (a static evaluation
        // does not see a threat to win at once), unless quiescence search looks further.
        let floor = u32::from(!self.quiescence_on::<F>());
        let child = Node {
            depth: node.depth.saturating_sub(1 + reduction).max(floor),
            ply: node.ply + 1,
            pv: false,
            on_prev_pv: false,
            last: None,
        };
        // Not twice in a row: the opponent may not pass back.
        let outer = core::mem::replace(&mut ctx.no_null_ply, child.ply);
        let mut score =
            self.search_move::<F>(ctx, game, side, child, false, 0, 0, alpha, beta, E::Score::ZERO);
        ctx.no_null_ply = outer;
        game.unmake_null_move(undo);
        if ctx.halt.is_some() || score < beta {
            return None;
        }
        if self.config.null_move_verification {
            // The node itself, shallower, without a pass at its root: a zugzwang here shows as
            // a fail-low.
            let verify = Node { depth: node.depth.saturating_sub(reduction).max(1), ..node };
            let outer = core::mem::replace(&mut ctx.no_null_ply, node.ply);
            score = if cfg!(feature = "std") {
                self.negamax_node::<F, { super::node::NON_PV_NODE }>(ctx, game, verify, alpha, beta)
            } else {
                self.negamax_node::<F, { super::node::ANY_NODE }>(ctx, game, verify, alpha, beta)
            };
            ctx.no_null_ply = outer;
            if ctx.halt.is_some() || score < beta {
                return None;
            }
        }
        ctx.stats.null_move_cutoffs += 1;
        // A forced win found after a pass is no forced win (the pass is no legal move): only
        // beta is proven.
        Some(if E::MATE_SCORES && score.mate().is_some() { beta } else { score })
    }
}
