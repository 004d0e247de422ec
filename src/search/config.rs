//! The configuration of a search: which algorithm, and which accelerators are on.

// For the documentation.
#[cfg(doc)]
use super::Engine;
use crate::error::SearchError;
#[cfg(doc)]
use crate::{clock::Limits, game::Game, ordering::DefaultSorter, score::Score};

/// Which tree search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Algorithm {
    /// Negamax with fail-soft alpha-beta pruning (Knuth & Moore 1975) and the accelerators
    /// switched on in [`Config`]. The default.
    #[default]
    AlphaBeta,
    /// Plain negamax minimax: every node to the depth limit, no pruning, no accelerator (the
    /// transposition table, ordering, PVS, LMR, quiescence and tie-breaking are all ignored).
    /// For teaching and for verifying the pruned search; it visits the whole tree.
    Minimax,
}

/// When a transposition-table entry may end a node's search without searching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TtCutoffs {
    /// An entry searched at least as deep as needed, or proven (its subtree reached no
    /// horizon). The default, and what every engine does: deeper entries make the value
    /// better than a fixed-depth search, so it may differ from plain alpha-beta at that depth.
    #[default]
    DeeperOrProven,
    /// Only an entry searched exactly as deep as needed: the root value then equals plain
    /// alpha-beta at the same depth. For verification.
    EqualDraft,
    /// Never: the table only supplies the move to try first.
    Never,
}

/// How each iteration of [`Engine::search`] searches the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum RootSearch {
    /// The full window `(-INFINITY, INFINITY)`: one search per iteration. The default.
    #[default]
    FullWindow,
    /// Aspiration windows: the window `(s - d, s + d)` around the previous iteration's score
    /// `s`, with `d` = [`Config::aspiration_half_width`]. A result on or beyond one edge
    /// (a fail-low or fail-high) only bounds the value: the failing edge is moved out past
    /// that bound by twice the last half-width (`d`, `2d`, `4d`, …) and the root searched
    /// again, the other edge staying where it is; an edge that would enter the range of win
    /// and loss scores goes to infinity. A result strictly inside the window is the value, as
    /// with the full window (fail-soft alpha-beta, Knuth & Moore 1975). Only widening, never
    /// narrowing, the window bounds the re-searches (at most about 32 for `i32`) even when
    /// the table makes two searches of one position disagree. The first iteration, and one
    /// after a win or loss score, use the full window.
    Aspiration,
    /// MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): a sequence of null-window searches
    /// (memory-enhanced test calls) starting from the previous iteration's score (0 for the
    /// first), each narrowing the interval the value lies in to its fail-soft bound, until
    /// the interval closes. Each test call reads what the earlier ones stored in the
    /// transposition table, so use it with a table. Its value equals the full window's (for
    /// floating scores the steps are [`Config::null_window_epsilon`]). Its principal variation
    /// is the move of the last search that proved the value, followed by the table's moves.
    Mtdf,
}

/// The reduction R of null-move pruning: the pass is searched `1 + R` plies shallower than
/// the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NullMoveReduction {
    /// The same R at every depth: 1 to [`NullMoveReduction::MAX`] (2 and 3 are the usual
    /// values; larger saves more and misses more).
    Fixed(u32),
    /// Heinz's adaptive null-move pruning (1999): R = 3 at nodes with more than 6 plies left,
    /// 2 below. The default.
    Adaptive,
}

impl NullMoveReduction {
    /// The largest fixed reduction.
    pub const MAX: u32 = 8;

    /// The reduction at a node with `depth` plies left.
    pub const fn at(self, depth: u32) -> u32 {
        match self {
            Self::Fixed(r) => r,
            Self::Adaptive => {
                if depth > 6 {
                    3
                } else {
                    2
                }
            }
        }
    }
}

/// Logarithmic late move reductions (as in Stockfish and most engines after it): a late quiet
/// move at a node with `depth` plies left, the `n`-th searched there (`n = index + 1`), is
/// searched `r = base + ln(depth) * ln(n) / divisor` plies shallower (rounded down, at least
/// 0), one ply less at a PV node, and never so much that it skips the child's quiescence
/// search: the child keeps at least 0 plies. See [`Config::lmr_log`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogReduction {
    /// The constant term `a`, in plies (Stockfish's old table: 0.75 for quiet moves). Finite.
    pub base: f32,
    /// The divisor `b` (Stockfish's old table: 2.25). Positive and finite.
    pub divisor: f32,
}

/// A margin of futility-style pruning per ply left: the pruning applies at nodes with at most
/// `max_depth` plies left, with a margin of `margin * depth` in the evaluator's units
/// (rounded for integer scores). See [`Config::reverse_futility`] and [`Config::futility`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Futility {
    /// The most plies left at which it prunes (1 to 8 are usual; 0 prunes nowhere).
    pub max_depth: u32,
    /// The margin per ply left, in the evaluator's units. Finite and not negative.
    pub margin: f64,
}

/// A weaker, less predictable player, for games people play against (see
/// [`Config::strength`]): the engine still searches within its [`Limits`] (cap the depth with
/// `Limits::depth`, the work with [`Limits::with_max_nodes`]), then plays a move drawn at
/// random among the root moves whose scores lie within `margin` of the best one, each with
/// the same chance. Reproducible: the draws come from `rand_xorshift` seeded with `seed`
/// when the configuration is set, so the same positions, limits and seed give the same moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// How much worse than the best a move may score and still be played, in the evaluator's
    /// units (rounded for integer scores): 0 chooses among the best moves only. Finite and
    /// not negative.
    pub margin: f64,
    /// The seed of the draws.
    pub seed: u64,
}

/// How the engine searches. Per-call limits (depths, time) are in [`Limits`], not here.
///
/// ```
/// use alphabeta::{Algorithm, Config};
/// let config = Config { algorithm: Algorithm::Minimax, ..Config::default() };
/// assert!(config.iterative_deepening && config.pvs && config.tie_break_seed.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The tree search. Default: [`Algorithm::AlphaBeta`].
    pub algorithm: Algorithm,
    /// Search depth 1, 2, … `max_depth` (`true`, the default), or only `max_depth` (`false`;
    /// then `min_depth` must equal `max_depth` or the single iteration is not guaranteed).
    pub iterative_deepening: bool,
    /// Nodes between two polls of the clock and the stop flag. Default 1024; 0 counts as 1.
    /// Smaller reacts faster to a deadline, larger reads the clock less often.
    pub poll_interval_nodes: u32,
    /// Move ordering by the engine's sorter (the [`DefaultSorter`] unless replaced).
    /// Default on; off searches moves in the game's order.
    pub ordering: bool,
    /// When a transposition-table entry may cut a node (only with a table; see
    /// [`Engine::with_table`]). Default [`TtCutoffs::DeeperOrProven`]. Cutoffs are never
    /// taken at PV nodes, so the principal variation stays whole.
    pub tt_cutoffs: TtCutoffs,
    /// The fewest plies left at which a node probes and stores the transposition table
    /// (only with a table). Default 0: every node. Near the leaves of a deep exact search
    /// (an Othello endgame) a probe costs more than the subtree it may save, as the strong
    /// endgame solvers found (Edax keeps its hash table out of its last plies); a larger
    /// value skips it there. Value-preserving: it changes nodes and time, never a value.
    pub tt_min_depth: u32,
    /// Principal variation search. Default on.
    pub pvs: bool,
    /// The null-window width of PVS for floating scores (integers always use 1). Default 1e-4;
    /// a value that is not positive and finite makes every search fail with
    /// [`SearchError::InvalidNullWindowEpsilon`].
    pub null_window_epsilon: f64,
    /// Mate distance pruning: a node `ply` plies from the root can neither win before ply
    /// `ply + 1` nor lose before it, so the window is narrowed to that. Default on. Requires
    /// an evaluator that scores wins and losses with [`Score::win_in`] / [`Score::loss_in`] of
    /// the ply and keeps heuristic scores out of the mate range.
    pub mate_distance_pruning: bool,
    /// Late move reductions. Default on.
    pub lmr: bool,
    /// LMR applies at nodes with at least this many plies left. Default 3.
    pub lmr_min_depth: u32,
    /// LMR applies to moves from this index on (0 is the first move). Default 3.
    pub lmr_min_move_index: u32,
    /// `Some`: late move reductions grow with the depth left and the move's number, by the
    /// logarithmic formula of [`LogReduction`], instead of the fixed one ply (two from 6
    /// plies left and the seventh move on). The moves reduced are the same (quiet, not the
    /// PV move, the table move or a killer, not extended by the game, from
    /// `lmr_min_move_index` on at `lmr_min_depth` plies or more), and a reduced search that
    /// beats alpha is searched again at full depth. Needs `lmr`. Not value-preserving.
    /// Default `None`. With the `refinements` feature (without it
    /// [`SearchError::InvalidConfig`]).
    pub lmr_log: Option<LogReduction>,
    /// With [`Config::lmr_log`], the move's history adjusts its reduction (as in most engines
    /// since Stockfish's history-based reductions): a quiet move whose
    /// [`MoveSorter::history_score`](crate::ordering::MoveSorter::history_score) is above
    /// half of [`HISTORY_MAX`](crate::ordering::HISTORY_MAX) is reduced one ply less, one
    /// below minus half one ply more (still never past the child's quiescence search). No
    /// effect without `lmr_log`, or with a sorter that keeps no history. Not
    /// value-preserving. Default off.
    pub lmr_history: bool,
    /// Reverse futility pruning (static null-move pruning; Heinz 1998's futility pruning turned
    /// to beta, as in Stockfish): at a node off the principal variation, not the root, where
    /// [`Game::may_stand_pat`] (for chess: not in check), with at most `max_depth` plies left
    /// and beta a heuristic score, the node's static evaluation less `margin * depth` at or
    /// above beta returns that lower value at once. Not value-preserving: a position whose
    /// value lies more than the margin below its static evaluation is misjudged. Default
    /// `None`. With the `refinements` feature.
    pub reverse_futility: Option<Futility>,
    /// Futility pruning (Heinz 1998): at a node off the principal variation, not the root,
    /// where [`Game::may_stand_pat`], with at most `max_depth` plies left, when the static
    /// evaluation plus `margin * depth` is at or below alpha, the quiet moves after the first
    /// (not tactical, not the table move or a killer, not extended by the game, for chess:
    /// not a check) are not searched, as long as the node has found a score above a loss.
    /// Not value-preserving. Default `None`. With the `refinements` feature.
    pub futility: Option<Futility>,
    /// Late move pruning (move count pruning): at the nodes where futility pruning may apply
    /// (off the principal variation, not the root, where [`Game::may_stand_pat`]) with at
    /// most this many plies left, the quiet moves (as for `futility`) from index
    /// `3 + depth * depth` on are not searched. 0 (the default) is off. Not value-preserving.
    /// With the `refinements` feature.
    pub late_move_pruning: u32,
    /// Internal iterative reduction: a node with at least this many plies left whose position
    /// the transposition table holds no move for (one never searched, or searched too
    /// shallow to store one) is searched a ply shallower, not the root: the cheaper stand-in
    /// for internal iterative deepening (a shallow search of the node for a move to try
    /// first) that most chess programs now use. A node without a move to try first is likely
    /// a poor one to spend the full depth on, and its shallower search stores a move for the
    /// next visit. Values below 2 act as 2 (a node keeps at least one ply). 0 (the default)
    /// is off. Needs the table. Not value-preserving. With the `refinements` feature.
    pub internal_reduction: u32,
    /// Quiescence search at the horizon, for games with a policy ([`Game::QUIESCENCE`]).
    /// Default on (it does nothing for a game without a policy).
    pub quiescence: bool,
    /// The most plies quiescence search adds beyond the horizon. Default 4. At most the
    /// engine's ply capacity (`MAX_PLY`), so that the recursion stays within `2 * MAX_PLY`
    /// frames: a larger value makes a search of a game with a quiescence policy fail with
    /// [`SearchError::QuiescenceDepthBeyondCapacity`].
    pub max_quiescence_depth: u32,
    /// `Some(seed)`: choose at random (`rand_xorshift` seeded with `seed`, so runs are
    /// reproducible) among root moves whose scores are exactly equal. Default `None`: the
    /// first best move in search order.
    pub tie_break_seed: Option<u64>,
    /// Threads of a [`ParallelEngine`](crate::parallel::ParallelEngine) (`std`): 0 (the
    /// default) uses the available parallelism, 1 searches sequentially. [`Engine`] itself
    /// always searches on the calling thread.
    pub threads: u32,
    /// How a [`ParallelEngine`](crate::parallel::ParallelEngine) shares the work. Default
    /// [`ParallelScheme::Abdada`].
    pub parallel_scheme: ParallelScheme,
    /// Under [`ParallelScheme::Abdada`]: the plies left at or above which a node puts off
    /// the moves other threads are searching (Weill 1996) and searches them after its
    /// others; below, a subtree is too small to be worth the shared marks. Default 4. The
    /// Othello solver's [`SOLVER_CONFIG`](crate::games::othello::SOLVER_CONFIG) has 12: with
    /// its pattern order (shallow searches order the moves of its high nodes), 2 threads
    /// visited 15% to 18% more nodes than one on FFO #40-#49, against 23% to 26% from 4, and
    /// ran 1.62x one thread's speed, against 1.50x. Measure before raising it for another
    /// game. No effect on one thread or under the other schemes.
    pub defer_min_depth: u32,
    /// How each iteration searches the root: the full window, aspiration windows or MTD(f).
    /// Default [`RootSearch::FullWindow`].
    pub root_search: RootSearch,
    /// The first half-width of an aspiration window ([`RootSearch::Aspiration`]), in the
    /// evaluator's units (rounded, at least 1, for integer scores). Default 16. Must be
    /// positive and finite (else [`SearchError::InvalidConfig`]), whatever `root_search`.
    pub aspiration_half_width: f64,
    /// Null-move pruning (Beal 1989; Donninger 1993) for a game that opts in through
    /// [`Game::null_move_allowed`] and [`Game::make_null_move`]: at a node that is not on the
    /// principal variation, the side to move passes and the opponent's reply is searched
    /// `1 + R` plies shallower with a null window at beta; if even that fails high, the node
    /// is cut. Never at PV nodes, never twice in a row, never where the game says a pass is
    /// unsafe, never when beta is a win or loss score, and only with at least 2 plies left.
    /// It changes values where passing would be the best move (zugzwang). Default off.
    pub null_move: bool,
    /// R of null-move pruning. Default [`NullMoveReduction::Adaptive`].
    pub null_move_reduction: NullMoveReduction,
    /// Verified null-move pruning (after David-Tabibi & Netanyahu 2002): a pass that fails
    /// high cuts only if the node itself, searched `R` plies shallower without a pass, fails
    /// high too; else the node is searched as usual. Catches zugzwang at the node at the cost
    /// of that search. Default off.
    pub null_move_verification: bool,
    /// Plays weaker on purpose: a seeded choice among the root moves within a margin of the
    /// best (see [`Strength`]). Default `None`: the best move (and `tie_break_seed` among
    /// equals). [`Engine::search`] then finds the score of every root move within the
    /// margin; [`Engine::search_window`] ignores it, and a
    /// [`ParallelEngine`](crate::parallel::ParallelEngine) with more than one thread refuses
    /// it ([`SearchError::ParallelUnsupported`]).
    pub strength: Option<Strength>,
    /// Checking mode, for a game under development: the search verifies, where it is cheap,
    /// what the transposition table returns against the game, and fails with
    /// [`SearchError::InconsistentKey`] (naming the key) when the two disagree. A wrong
    /// [`Game::zobrist_key`](crate::Game::zobrist_key), one that misses part of what the value
    /// depends on (the score so far, the repetition history, castling rights), gives wrong
    /// values marked exact without it. Checked: a table move must be among the moves the game
    /// generates at that node (at every table hit); a terminal position must evaluate to what
    /// the table holds for its key (terminal positions are stored for this); a proven entry
    /// that cuts a node off must agree with the node's value found by a small search of its
    /// own (up to 256 nodes, without the table: near the end of the game); and a node that a
    /// proven exact entry did not cut off (a PV node) must not prove another exact value. It
    /// checks what the search meets, so a clean run is evidence, not proof. Costs a move
    /// generation per table hit and the small searches: a debugging aid, not for play.
    /// Default off. Needs the `refinements` feature (on by default; without it
    /// [`SearchError::InvalidConfig`]), so that a firmware built without it carries none of
    /// its code.
    pub check_table: bool,
}

/// How a parallel search shares the work among threads (`std`, see
/// [`ParallelEngine`](crate::parallel::ParallelEngine)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ParallelScheme {
    /// Root splitting, extended down the principal variation (PV splitting) and below it by
    /// the young brothers wait concept: at every depth from 2 on, the first root move is
    /// searched alone for a sound alpha (split the same way at its own first move, and so on
    /// down the leftmost path), then the other moves of each such node are shared among the
    /// threads, whose long searches are split in turn (see the
    /// [`parallel`](crate::parallel) module). With the value-preserving options its values
    /// equal the sequential search's, with the default table cutoffs too (with LMR on they can
    /// differ, as between two sequential searches with different histories), and with a
    /// tie-break seed it chooses the sequential search's move.
    RootSplit,
    /// Lazy SMP: every thread searches the whole root, sharing the transposition table; the
    /// main thread's result is returned (helpers search one ply deeper on odd threads).
    LazySmp,
    /// ABDADA (Weill 1996): every thread searches the whole root at the main thread's depth,
    /// sharing the transposition table, and a node puts off the moves another thread is
    /// searching until its other moves are done, so that the threads spread over the tree
    /// instead of searching the same subtrees; the first thread to complete a depth completes
    /// it for all. The default: the fastest scheme at 2 threads from the empty Connect Four
    /// board, and the one that keeps its threads busiest (see the README's parallel section).
    /// Values equal the sequential search's with `TtCutoffs::EqualDraft` and the
    /// value-preserving options; among equal root moves the choice can differ.
    #[default]
    Abdada,
}

impl Config {
    /// The defaults (see each field).
    pub const fn new() -> Self {
        Self {
            algorithm: Algorithm::AlphaBeta,
            iterative_deepening: true,
            poll_interval_nodes: 1024,
            ordering: true,
            tt_cutoffs: TtCutoffs::DeeperOrProven,
            tt_min_depth: 0,
            pvs: true,
            null_window_epsilon: 1e-4,
            mate_distance_pruning: true,
            lmr: true,
            lmr_min_depth: 3,
            lmr_min_move_index: 3,
            lmr_log: None,
            lmr_history: false,
            reverse_futility: None,
            futility: None,
            late_move_pruning: 0,
            internal_reduction: 0,
            quiescence: true,
            max_quiescence_depth: 4,
            tie_break_seed: None,
            threads: 0,
            parallel_scheme: ParallelScheme::Abdada,
            defer_min_depth: 4,
            root_search: RootSearch::FullWindow,
            aspiration_half_width: 16.0,
            null_move: false,
            null_move_reduction: NullMoveReduction::Adaptive,
            null_move_verification: false,
            strength: None,
            check_table: false,
        }
    }

    /// Only what preserves the value: no LMR, no quiescence, no null-move pruning, no
    /// futility or late move pruning (PVS,
    /// ordering, the table with the default cutoffs and mate distance pruning stay on, and
    /// the root search, since aspiration windows and MTD(f) preserve it too).
    pub const fn value_preserving() -> Self {
        Self {
            lmr: false,
            lmr_log: None,
            quiescence: false,
            null_move: false,
            reverse_futility: None,
            futility: None,
            late_move_pruning: 0,
            internal_reduction: 0,
            ..Self::new()
        }
    }

    /// Plain alpha-beta: every accelerator off, moves in the game's order.
    pub const fn plain_alpha_beta() -> Self {
        Self {
            ordering: false,
            tt_cutoffs: TtCutoffs::Never,
            pvs: false,
            mate_distance_pruning: false,
            lmr: false,
            lmr_log: None,
            quiescence: false,
            root_search: RootSearch::FullWindow,
            null_move: false,
            reverse_futility: None,
            futility: None,
            late_move_pruning: 0,
            internal_reduction: 0,
            ..Self::new()
        }
    }
}

impl Config {
    /// The range checks every search makes first, for a configuration made ahead of time:
    /// [`SearchError::InvalidNullWindowEpsilon`] for a `null_window_epsilon` that is not
    /// positive and finite, [`SearchError::InvalidConfig`] for an `aspiration_half_width` that
    /// is not positive and finite, a fixed `null_move_reduction` outside 1 to
    /// [`NullMoveReduction::MAX`], a `strength` margin that is negative or not finite, an
    /// `lmr_log` whose base is not finite or whose divisor is not positive and finite, and a
    /// `reverse_futility` or `futility` margin that is negative or not finite; in a build
    /// without the `refinements` feature, also a `root_search` other than `FullWindow`,
    /// `null_move` on, a `strength`, `lmr_log`, `reverse_futility`, `futility`,
    /// `late_move_pruning` or `internal_reduction`.
    /// (`max_quiescence_depth` depends on the engine's capacity: the search checks it.)
    ///
    /// # Errors
    /// As above.
    pub fn validate(&self) -> Result<(), SearchError> {
        let epsilon = self.null_window_epsilon;
        if !(epsilon > 0.0 && epsilon.is_finite()) {
            return Err(SearchError::InvalidNullWindowEpsilon);
        }
        #[cfg(feature = "refinements")]
        self.validate_refinements()?;
        #[cfg(not(feature = "refinements"))]
        {
            use SearchError::InvalidConfig;
            let without = "off: this build leaves out the `refinements` feature";
            if self.root_search != RootSearch::FullWindow {
                return Err(InvalidConfig {
                    field: "root_search",
                    requirement: "FullWindow: this build leaves out the `refinements` feature",
                });
            }
            if self.null_move {
                return Err(InvalidConfig { field: "null_move", requirement: without });
            }
            if self.strength.is_some() {
                return Err(InvalidConfig { field: "strength", requirement: without });
            }
            if self.check_table {
                return Err(InvalidConfig { field: "check_table", requirement: without });
            }
            let none = "None: this build leaves out the `refinements` feature";
            if self.lmr_log.is_some() {
                return Err(InvalidConfig { field: "lmr_log", requirement: none });
            }
            if self.reverse_futility.is_some() {
                return Err(InvalidConfig { field: "reverse_futility", requirement: none });
            }
            if self.futility.is_some() {
                return Err(InvalidConfig { field: "futility", requirement: none });
            }
            if self.late_move_pruning > 0 {
                return Err(InvalidConfig {
                    field: "late_move_pruning",
                    requirement: "0: this build leaves out the `refinements` feature",
                });
            }
            if self.internal_reduction > 0 {
                return Err(InvalidConfig {
                    field: "internal_reduction",
                    requirement: "0: this build leaves out the `refinements` feature",
                });
            }
        }
        Ok(())
    }

    /// The ranges of the refinements' settings (see [`Config::validate`]).
    #[cfg(feature = "refinements")]
    fn validate_refinements(&self) -> Result<(), SearchError> {
        use SearchError::InvalidConfig;
        let width = self.aspiration_half_width;
        if !(width > 0.0 && width.is_finite()) {
            return Err(InvalidConfig {
                field: "aspiration_half_width",
                requirement: "positive and finite",
            });
        }
        if let NullMoveReduction::Fixed(r) = self.null_move_reduction {
            if !(1..=NullMoveReduction::MAX).contains(&r) {
                return Err(InvalidConfig {
                    field: "null_move_reduction",
                    requirement: "Fixed(1) to Fixed(8), or Adaptive",
                });
            }
        }
        if let Some(strength) = self.strength {
            if !(strength.margin >= 0.0 && strength.margin.is_finite()) {
                return Err(InvalidConfig {
                    field: "strength",
                    requirement: "a margin that is finite and not negative",
                });
            }
        }
        if let Some(log) = self.lmr_log {
            if !(log.base.is_finite() && log.divisor > 0.0 && log.divisor.is_finite()) {
                return Err(InvalidConfig {
                    field: "lmr_log",
                    requirement: "a finite base and a positive, finite divisor",
                });
            }
        }
        for (field, futility) in
            [("reverse_futility", self.reverse_futility), ("futility", self.futility)]
        {
            if futility.is_some_and(|f| !(f.margin >= 0.0 && f.margin.is_finite())) {
                return Err(InvalidConfig {
                    field,
                    requirement: "a margin that is finite and not negative",
                });
            }
        }
        Ok(())
    }
}

impl Config {
    /// Whether any of the selective refinements is on (the node loop's `SELECTIVE` feature
    /// bit): `lmr_log`, `reverse_futility`, `futility`, `late_move_pruning` or
    /// `internal_reduction`.
    pub(crate) const fn any_selective(&self) -> bool {
        self.lmr_log.is_some()
            || self.reverse_futility.is_some()
            || self.futility.is_some()
            || self.late_move_pruning > 0
            || self.internal_reduction > 0
    }
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(all(test, not(feature = "refinements")))]
mod without_refinements {
    use super::{Config, RootSearch, Strength};
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::{Engine, Limits, SearchError};

    /// A build without the `refinements` feature refuses each of them by name, before any
    /// search, and searches as usual without them.
    #[test]
    fn each_refinement_is_refused_by_name() {
        let refused = [
            ("root_search", Config { root_search: RootSearch::Aspiration, ..Config::new() }),
            ("root_search", Config { root_search: RootSearch::Mtdf, ..Config::new() }),
            ("null_move", Config { null_move: true, ..Config::new() }),
            ("check_table", Config { check_table: true, ..Config::new() }),
            ("internal_reduction", Config { internal_reduction: 4, ..Config::new() }),
            (
                "strength",
                Config { strength: Some(Strength { margin: 0.0, seed: 1 }), ..Config::new() },
            ),
        ];
        for (name, config) in refused {
            let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
            let mut board = Board::new();
            match engine.search(&mut board, &Limits::depth(9)) {
                Err(SearchError::InvalidConfig { field, .. }) => assert_eq!(field, name),
                other => panic!("{name}: {other:?}"),
            }
            assert_eq!(board, Board::new());
        }
        let config = Config::value_preserving();
        let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
        let result = engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
        assert_eq!((result.score, result.depth, result.exact), (0, 9, true));
    }
}
