//! The null windows of principal variation search.

use super::Engine;
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::Table;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// `alpha + epsilon`, the top of the null window above `alpha`; `None` when it rounds
    /// back to `alpha` (huge floating scores) or `alpha` is infinite.
    pub(crate) fn null_window_above(&self, alpha: E::Score) -> Option<E::Score> {
        let top = alpha.add(E::Score::null_window(self.config.null_window_epsilon));
        (top > alpha && top < E::Score::INFINITY).then_some(top)
    }

    /// `alpha - epsilon`, the bottom of a window that sees a score equal to `alpha` exactly.
    pub(crate) fn null_window_below(&self, alpha: E::Score) -> Option<E::Score> {
        let bottom = alpha.sub(E::Score::null_window(self.config.null_window_epsilon));
        (bottom < alpha && bottom > -E::Score::INFINITY).then_some(bottom)
    }
}
