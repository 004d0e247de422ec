//! The transposition table in the node loop: the probe, the cutoff, the stored score.

use super::{Context, Engine, Node, TtCutoffs};
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::{Bound, Entry, Table};

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// A score of the node at `ply` as the table stores it: relative to the node for an
    /// evaluator with mate scores, as it is otherwise.
    #[inline(always)]
    pub(crate) fn table_score(score: E::Score, ply: u32) -> E::Score {
        if E::MATE_SCORES {
            score.relative_to_node(ply)
        } else {
            score
        }
    }

    /// Probes the table for `node` (key `key`, searched with the window `(alpha, beta)`),
    /// counted in the statistics: the stored move, and at a non-PV node the score of a table
    /// cutoff when the entry settles the window.
    #[inline(always)]
    pub(crate) fn probe_node(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        key: u64,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> (Option<u16>, Option<E::Score>) {
        ctx.stats.tt_probes += 1;
        let Some(entry) = self.table.probe(key) else { return (None, None) };
        ctx.stats.tt_hits += 1;
        if !node.pv {
            if let Some(score) = self.tt_cutoff(&entry, node.depth, node.ply, alpha, beta) {
                ctx.stats.tt_cutoffs += 1;
                ctx.reached_horizon |= !entry.proven;
                return (entry.move_code, Some(score));
            }
        }
        (entry.move_code, None)
    }

    /// Whether an entry was searched deep enough to end the search of a node `depth` plies
    /// deep, under the configuration's [`TtCutoffs`].
    #[inline(always)]
    pub(crate) fn draft_suffices(&self, entry: &Entry<E::Score>, depth: u32) -> bool {
        let draft = u32::from(entry.draft);
        match self.config.tt_cutoffs {
            TtCutoffs::DeeperOrProven => entry.proven || draft >= depth,
            // A stored draft saturates at 255 ("255 or more"): equality is only known below.
            TtCutoffs::EqualDraft => draft == depth && depth < 255,
            TtCutoffs::Never => false,
        }
    }

    /// The score a table entry proves for this node, if it is deep enough and its bound
    /// settles the window.
    fn tt_cutoff(
        &self,
        entry: &Entry<E::Score>,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Option<E::Score> {
        if !self.draft_suffices(entry, depth) {
            return None;
        }
        let score = if E::MATE_SCORES { entry.score.relative_to_root(ply) } else { entry.score };
        let settles = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }
}
