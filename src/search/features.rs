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
use crate::score::Score;
use crate::tt::Table;

/// Alpha-beta pruning (without it: plain minimax, every other bit ignored).
pub const ALPHA_BETA: u16 = 1;
/// Move ordering by the sorter.
pub const ORDERING: u16 = 2;
/// Principal variation search.
pub const PVS: u16 = 4;
/// Late move reductions.
pub const LMR: u16 = 8;
/// Quiescence search (for a game with a policy).
pub const QUIESCENCE: u16 = 16;
/// Mate distance pruning (for an evaluator with mate scores).
pub const MDP: u16 = 32;
/// ABDADA's deferral of the moves other threads are searching (a thread of a parallel search
/// with shared marks; never without `std`).
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const ABDADA: u16 = 64;
/// Read every feature from the configuration.
pub const DYNAMIC: u16 = 128;
/// Tell the trace recorder every step ([`Engine::search_traced`]; with [`DYNAMIC`] only).
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const TRACE: u16 = 256;
/// Null-move pruning (for a game with null moves; no compiled loop has it: [`DYNAMIC`] reads
/// it from the configuration).
pub const NULL_MOVE: u16 = 512;

/// Checking mode ([`Config::check_table`]; no compiled loop has it: [`DYNAMIC`] reads it from
/// the configuration, and only with the `refinements` feature).
pub const CHECK_TABLE: u16 = 1024;

/// Selective search beyond LMR and null moves: logarithmic late move reductions, reverse
/// futility, futility and late move pruning, internal iterative reduction
/// ([`Config::lmr_log`], [`Config::reverse_futility`], [`Config::futility`],
/// [`Config::late_move_pruning`], [`Config::internal_reduction`]). No compiled loop has it: [`DYNAMIC`]
/// reads them from the configuration, and only with the `refinements` feature.
pub const SELECTIVE: u16 = 4096;

/// No principal variation: the loop keeps no line below the root (no triangular table to
/// clear and copy at every node), only the root's best move ([`Engine::search_without_pv`];
/// the line is then read back from the transposition table). A constant of every loop,
/// [`DYNAMIC`] included ([`DYNAMIC_NO_LINE`]).
pub const NO_LINE: u16 = 2048;
/// The loop that reads the configuration, without the line.
pub const DYNAMIC_NO_LINE: u16 = DYNAMIC | NO_LINE;

// The sets with a node loop of their own. Without `std` only `PLAIN` is read (by the node
// loop); the others are dispatched to under `std` only.

/// `Config::plain_alpha_beta()`.
pub const PLAIN: u16 = ALPHA_BETA;
/// `Config::plain_alpha_beta()` with quiescence (for a game with a policy): the textbook
/// search with quiescence, as a hand-written engine has it.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const PLAIN_QUIESCENCE: u16 = ALPHA_BETA | QUIESCENCE;
/// `Config::value_preserving()`.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const VALUE_PRESERVING: u16 = ALPHA_BETA | ORDERING | PVS | MDP;
/// `Config::new()` for a game without a quiescence policy.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const DEFAULT_NO_QUIESCENCE: u16 = VALUE_PRESERVING | LMR;
/// `Config::new()`.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const DEFAULT: u16 = DEFAULT_NO_QUIESCENCE | QUIESCENCE;

/// `Config::plain_alpha_beta()` without the line: the one set with a loop of its own without
/// it (see [`Engine::drops_line`]).
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const PLAIN_NO_LINE: u16 = PLAIN | NO_LINE;

/// Evaluates `$call` with `$f` the const feature set of the node loop compiled for `$bits`
/// (one of the common sets, each with or without [`ABDADA`], under `std`), or [`DYNAMIC`]
/// (with [`ABDADA`] if `$bits` has it) for any other set, and without `std` always.
///
/// Used in the methods of [`Engine`] only (the sets its game and evaluator cannot reach,
/// `Self::REACHABLE`, are left out).
///
/// `with_loop!(without_line $bits, ...)` is the sequential search without the line (`$bits`
/// has [`NO_LINE`]): [`PLAIN_NO_LINE`], or [`DYNAMIC_NO_LINE`] for any other set.
///
/// `with_loop!(sequential $bits, ...)` is the same for a search that is no thread of a
/// parallel search (its bits never have [`ABDADA`]): the loops with ABDADA's deferral are not
/// compiled in, so that a program that never searches in parallel does not carry them (half
/// the node loops of a `std` build).
///
/// With the `one-loop` feature, [`DYNAMIC`] (with [`ABDADA`] if `$bits` has it and the
/// search can be a thread of a parallel search) for every set.
macro_rules! with_loop {
    (sequential $bits:expr, $f:ident => $call:expr) => {
        $crate::search::features::with_loop!(@sets $bits, $f => $call;
            [PLAIN, PLAIN_QUIESCENCE, VALUE_PRESERVING, DEFAULT_NO_QUIESCENCE, DEFAULT]; [];
            DYNAMIC)
    };
    (without_line $bits:expr, $f:ident => $call:expr) => {
        $crate::search::features::with_loop!(@sets $bits, $f => $call;
            [PLAIN_NO_LINE]; []; DYNAMIC_NO_LINE)
    };
    ($bits:expr, $f:ident => $call:expr) => {
        $crate::search::features::with_loop!(@sets $bits, $f => $call;
            [PLAIN, PLAIN_QUIESCENCE, VALUE_PRESERVING, DEFAULT_NO_QUIESCENCE, DEFAULT,
                VP_ABDADA, DNQ_ABDADA, DEFAULT_ABDADA];
            [DYNAMIC_ABDADA]; DYNAMIC)
    };
    (@one $bits:ident, $f:ident => $call:expr; []; $dynamic:ident) => {{
        let _ = $bits;
        const $f: u16 = $dynamic;
        $call
    }};
    (@one $bits:ident, $f:ident => $call:expr; [$abdada:ident]; $dynamic:ident) => {{
        if $bits & ABDADA != 0 {
            const $f: u16 = $abdada;
            $call
        } else {
            const $f: u16 = $dynamic;
            $call
        }
    }};
    (@sets $bits:expr, $f:ident => $call:expr; [$($set:ident),*]; [$($abdada:ident)?];
        $dynamic:ident) => {{
        #[allow(unused_imports)]
        use $crate::search::features::*;
        let bits: u16 = $bits;
        #[cfg(all(feature = "std", feature = "one-loop"))]
        {
            $crate::search::features::with_loop!(@one bits, $f => $call; [$($abdada)?]; $dynamic)
        }
        #[cfg(all(feature = "std", not(feature = "one-loop")))]
        {
            match bits {
                $(
                    // A set the game and evaluator can never ask for (quiescence without a
                    // policy, mate distance pruning without mate scores) is not compiled.
                    $set if $set & !Self::REACHABLE == 0 => {
                        const $f: u16 = $set;
                        $call
                    }
                )*
                $(
                    _ if bits & ABDADA != 0 => {
                        const $f: u16 = $abdada;
                        $call
                    }
                )?
                _ => {
                    const $f: u16 = $dynamic;
                    $call
                }
            }
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = bits;
            const $f: u16 = $dynamic;
            $call
        }
    }};
}
pub(crate) use with_loop;

/// `Config::value_preserving()` in a thread of ABDADA.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const VP_ABDADA: u16 = VALUE_PRESERVING | ABDADA;
/// `Config::new()` without quiescence, in a thread of ABDADA.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const DNQ_ABDADA: u16 = DEFAULT_NO_QUIESCENCE | ABDADA;
/// `Config::new()` in a thread of ABDADA.
#[cfg_attr(any(not(feature = "std"), feature = "one-loop"), allow(dead_code))]
pub const DEFAULT_ABDADA: u16 = DEFAULT | ABDADA;
/// Any other set in a thread of ABDADA: the features read from the configuration.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub const DYNAMIC_ABDADA: u16 = DYNAMIC | ABDADA;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// The features a configuration can switch on for this game and evaluator: all but
    /// quiescence for a game without a policy and mate distance pruning for an evaluator
    /// without mate scores ([`Engine::feature_bits`] never has them then).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const REACHABLE: u16 =
        !((if G::QUIESCENCE { 0 } else { QUIESCENCE }) | (if E::MATE_SCORES { 0 } else { MDP }));

    /// Whether the evaluator may return `score` for `game` at `ply` (see [`Evaluator`]); for
    /// a game with rewards and an evaluator with mate scores, a heuristic score only: a win
    /// or loss plus the rewards on the way is no mate score, and would make transpositions at
    /// different plies differ.
    #[inline(always)]
    pub(crate) fn valid_leaf(game: &G, score: E::Score, ply: u32) -> bool {
        score.is_valid(E::MATE_SCORES, ply)
            && !(G::REWARDS && E::MATE_SCORES && score.mate().is_some() && game.has_rewards())
    }

    /// What `mv` earns the side to move in `game` ([`Game::reward`]) as a score: zero, and
    /// nothing compiled, for a game without rewards.
    #[inline(always)]
    pub(crate) fn reward_of(game: &G, mv: G::Move) -> E::Score {
        if G::REWARDS {
            E::Score::from_f64(f64::from(game.reward(mv)))
        } else {
            E::Score::ZERO
        }
    }

    /// The window `(alpha, beta)` of a parent shifted by a move's `reward`: the child's window
    /// on the value of the rest. Where the shift empties it (both ends saturated at the same
    /// infinity, or floating-point rounding), the whole window `(-INFINITY, INFINITY)`: the
    /// child's exact value answers any window, and no node is ever handed an empty one.
    #[inline(always)]
    pub(crate) fn shifted_window(
        alpha: E::Score,
        beta: E::Score,
        reward: E::Score,
    ) -> (E::Score, E::Score) {
        let (low, high) = (alpha.sub(reward), beta.sub(reward));
        if low < high {
            (low, high)
        } else {
            (-E::Score::INFINITY, E::Score::INFINITY)
        }
    }

    /// Whether the feature `bit` is on in the node loop compiled for `F`: a constant, or, for
    /// [`DYNAMIC`], `dynamic` (read from the configuration).
    #[inline(always)]
    pub(super) fn on<const F: u16>(bit: u16, dynamic: bool) -> bool {
        if F & DYNAMIC != 0 {
            dynamic
        } else {
            F & bit != 0
        }
    }

    /// Whether a search that does not ask for the principal variation
    /// ([`Engine::search_without_pv`]) runs without it, for the configuration's feature
    /// `bits`: only where the line does not steer the search, so that the result is the one
    /// the search with the line returns (but the line), and only where a loop without it is
    /// not slower than the compiled loop with it.
    ///
    /// The previous iteration's line orders the next iteration's first moves (and spares
    /// them late move reductions): with move ordering and iterative deepening the line is
    /// kept. And under `std` (without `one-loop`) the common sets have a loop compiled with
    /// the line, but only [`PLAIN`] one without it ([`PLAIN_NO_LINE`], where the line costs
    /// most: the plain loop clears and copies it at every node); the other compiled sets
    /// keep their loop and the line, and the sets that no loop is compiled for run on the
    /// loop that reads the configuration either way. Without `std` that loop serves every
    /// set.
    pub(super) fn drops_line(&self, bits: u16) -> bool {
        // (Minimax, `DYNAMIC` here, orders nothing.)
        let steers = self.config.iterative_deepening && bits & ORDERING != 0;
        // The sets of `with_loop!`'s sequential list that have no twin without the line.
        let compiled_with_line = cfg!(all(feature = "std", not(feature = "one-loop")))
            && bits & !Self::REACHABLE == 0
            && matches!(
                bits,
                PLAIN_QUIESCENCE | VALUE_PRESERVING | DEFAULT_NO_QUIESCENCE | DEFAULT
            );
        !steers && !compiled_with_line
    }

    /// Whether the loop compiled for `F` keeps the principal variation below the root (a
    /// constant, [`DYNAMIC`] included: a program that never asks for a search without the
    /// line carries no loop without it).
    #[inline(always)]
    pub(super) fn keeps_line<const F: u16>() -> bool {
        F & NO_LINE == 0
    }

    /// ABDADA's deferral of busy moves: compiled into the loops of a parallel search's threads
    /// only (the flag is a constant in every loop).
    #[inline(always)]
    pub(super) fn defers<const F: u16>() -> bool {
        F & ABDADA != 0
    }

    /// Alpha-beta pruning, rather than plain minimax.
    #[inline(always)]
    pub(super) fn pruning<const F: u16>(&self) -> bool {
        Self::on::<F>(ALPHA_BETA, self.config.algorithm == Algorithm::AlphaBeta)
    }

    /// Move ordering (with pruning).
    #[inline(always)]
    pub(super) fn ordering<const F: u16>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(ORDERING, self.config.ordering)
    }

    /// Principal variation search (with pruning).
    #[inline(always)]
    pub(super) fn pvs<const F: u16>(&self) -> bool {
        self.pruning::<F>() && Self::on::<F>(PVS, self.config.pvs)
    }

    /// Quiescence search (with pruning, for a game with a policy).
    #[inline(always)]
    pub(super) fn quiescence_on<const F: u16>(&self) -> bool {
        self.pruning::<F>() && G::QUIESCENCE && Self::on::<F>(QUIESCENCE, self.config.quiescence)
    }

    /// Null-move pruning (with pruning, for a game with null moves).
    #[inline(always)]
    pub(super) fn null_move_on<const F: u16>(&self) -> bool {
        cfg!(feature = "refinements")
            && self.pruning::<F>()
            && G::NULL_MOVE
            && Self::on::<F>(NULL_MOVE, self.config.null_move)
    }

    /// Checking mode: the table's answers verified against the game (with the
    /// `refinements` feature, in the loop that reads the configuration).
    #[inline(always)]
    pub(super) fn check_table_on<const F: u16>(&self) -> bool {
        cfg!(feature = "refinements") && Self::on::<F>(CHECK_TABLE, self.config.check_table)
    }

    /// Any of the selective refinements (with pruning and the `refinements` feature): see
    /// [`SELECTIVE`].
    #[inline(always)]
    pub(super) fn selective_on<const F: u16>(&self) -> bool {
        let c = &self.config;
        cfg!(feature = "refinements")
            && self.pruning::<F>()
            && Self::on::<F>(SELECTIVE, c.any_selective())
    }

    /// Mate distance pruning (with pruning, for an evaluator with mate scores).
    #[inline(always)]
    pub(super) fn mdp<const F: u16>(&self) -> bool {
        self.pruning::<F>()
            && E::MATE_SCORES
            && Self::on::<F>(MDP, self.config.mate_distance_pruning)
    }
}
