//! The features of the node loop, as bits of a const generic parameter: the loop is compiled
//! once per set it is used with, so that a feature switched off costs nothing per node (no
//! branch on the configuration, no dead state). [`DYNAMIC`] reads every
//! feature from the [`Config`] at run time instead: the one copy that serves every other
//! configuration, and, without the `std` feature, every search (one copy of the loop in a
//! microcontroller's flash).

use super::{Algorithm, Engine};

#[cfg(doc)] // for the documentation
use super::Config;
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::tt::Table;

/// Alpha-beta pruning (without it: plain minimax, every other bit ignored).
pub const ALPHA_BETA: u8 = 1;
/// Move ordering by the sorter.
pub const ORDERING: u8 = 2;
/// Principal variation search.
pub const PVS: u8 = 4;
/// Late move reductions.
pub const LMR: u8 = 8;
/// Quiescence search (for a game with a policy).
pub const QUIESCENCE: u8 = 16;
/// Mate distance pruning (for an evaluator with mate scores).
pub const MDP: u8 = 32;
/// Tell the trace recorder every step ([`Engine::search_traced`]; with [`DYNAMIC`] only).
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const TRACE: u8 = 64;
/// Read every feature from the configuration.
pub const DYNAMIC: u8 = 128;

// The sets with a node loop of their own. Without `std` only `PLAIN` is read (by the node
// loop); the others are dispatched to under `std` only.

/// `Config::plain_alpha_beta()`.
pub const PLAIN: u8 = ALPHA_BETA;
/// `Config::value_preserving()`.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const VALUE_PRESERVING: u8 = ALPHA_BETA | ORDERING | PVS | MDP;
/// `Config::new()` for a game without a quiescence policy.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const DEFAULT_NO_QUIESCENCE: u8 = VALUE_PRESERVING | LMR;
/// `Config::new()`.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const DEFAULT: u8 = DEFAULT_NO_QUIESCENCE | QUIESCENCE;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Whether the feature `bit` is on in the node loop compiled for `F`: a constant, or, for
    /// [`DYNAMIC`], `dynamic` (read from the configuration).
    #[inline(always)]
    pub(super) fn on<const F: u8>(bit: u8, dynamic: bool) -> bool {
        if F & DYNAMIC != 0 {
            dynamic
        } else {
            F & bit != 0
        }
    }

    /// Alpha-beta pruning, rather than plain minimax.
    #[inline(always)]
    pub(super) fn pruning<const F: u8>(&self) -> bool {
        Self::on::<F>(ALPHA_BETA, self.config.algorithm == Algorithm::AlphaBeta)
    }

    /// Move ordering (with pruning).
    #[inline(always)]
    pub(super) fn ordering<const F: u8>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(ORDERING, self.config.ordering)
    }

    /// Principal variation search (with pruning).
    #[inline(always)]
    pub(super) fn pvs<const F: u8>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(PVS, self.config.pvs)
    }

    /// Quiescence search (with pruning, for a game with a policy).
    #[inline(always)]
    pub(super) fn quiescence_on<const F: u8>(&self) -> bool {
        self.pruning::<F>() && G::QUIESCENCE && Self::on::<F>(QUIESCENCE, self.config.quiescence)
    }

    /// Mate distance pruning (with pruning, for an evaluator with mate scores).
    #[inline(always)]
    pub(super) fn mdp<const F: u8>(&self) -> bool {
        self.pruning::<F>()
            && E::MATE_SCORES
            && Self::on::<F>(MDP, self.config.mate_distance_pruning)
    }
}
