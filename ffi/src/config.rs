//! The engine's configuration: `alphabeta_config` and its conversion to the Rust `Config`.

use super::*;

/// `alphabeta_config.algorithm`: negamax alpha-beta with the accelerators (default).
pub const ALPHABETA_ALGORITHM_ALPHA_BETA: u32 = 0;
/// `alphabeta_config.algorithm`: plain minimax, no pruning, no accelerator.
pub const ALPHABETA_ALGORITHM_MINIMAX: u32 = 1;
/// `alphabeta_config.tt_cutoffs`: entries searched at least as deep, or proven (default).
pub const ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN: u32 = 0;
/// `alphabeta_config.tt_cutoffs`: only entries searched exactly as deep (verification).
pub const ALPHABETA_TT_CUTOFFS_EQUAL_DRAFT: u32 = 1;
/// `alphabeta_config.tt_cutoffs`: never; the table only orders moves.
pub const ALPHABETA_TT_CUTOFFS_NEVER: u32 = 2;
/// `alphabeta_config.parallel_scheme`: every thread searches the whole root, sharing the table.
pub const ALPHABETA_PARALLEL_LAZY_SMP: u32 = 0;
/// `alphabeta_config.parallel_scheme`: the first root move alone, then the others shared out,
/// and the same at each first move down the principal variation.
pub const ALPHABETA_PARALLEL_ROOT_SPLIT: u32 = 1;
/// `alphabeta_config.root_search`: the full window in every iteration (default).
pub const ALPHABETA_ROOT_SEARCH_FULL_WINDOW: u32 = 0;
/// `alphabeta_config.root_search`: aspiration windows around the previous score.
pub const ALPHABETA_ROOT_SEARCH_ASPIRATION: u32 = 1;
/// `alphabeta_config.root_search`: MTD(f), null-window test calls through the table.
pub const ALPHABETA_ROOT_SEARCH_MTDF: u32 = 2;
/// `alphabeta_config.null_move_reduction`: R = 3 with more than 6 plies left, else 2 (the
/// default); 1 to `ALPHABETA_NULL_MOVE_MAX_REDUCTION` is a fixed R.
pub const ALPHABETA_NULL_MOVE_ADAPTIVE: u32 = 0;
/// The largest fixed `alphabeta_config.null_move_reduction`.
pub const ALPHABETA_NULL_MOVE_MAX_REDUCTION: u32 = 8;
/// `alphabeta_config.parallel_scheme`: ABDADA (Weill 1996): every thread searches the whole
/// root, sharing the table, and puts off the moves another thread is searching (default).
pub const ALPHABETA_PARALLEL_ABDADA: u32 = 2;
/// `alphabeta_config.score_type`: `int32_t` scores from `evaluate` (default).
pub const ALPHABETA_SCORE_INT32: u32 = 0;
/// `alphabeta_config.score_type`: `double` scores from `evaluate_double`.
pub const ALPHABETA_SCORE_DOUBLE: u32 = 1;

/// Every option of the engine; start from `alphabeta_config_default()`. Booleans are `bool`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_config {
    /// `ALPHABETA_SCORE_INT32` or `ALPHABETA_SCORE_DOUBLE`; fixed for the engine's life.
    pub score_type: u32,
    /// `ALPHABETA_ALGORITHM_ALPHA_BETA` or `ALPHABETA_ALGORITHM_MINIMAX`.
    pub algorithm: u32,
    /// Depth 1, 2, … max (true) or only max (false).
    pub iterative_deepening: bool,
    /// Nodes between polls of the clock and the stop flag (0 counts as 1). Default 1024.
    pub poll_interval_nodes: u32,
    /// Move ordering on. Default true.
    pub ordering: bool,
    /// Ordering: the PV move first. Default true.
    pub order_pv_move: bool,
    /// Ordering: the table move next. Default true.
    pub order_tt_move: bool,
    /// Ordering: tactical moves next. Default true.
    pub order_tactical: bool,
    /// Ordering: killer moves next. Default true.
    pub order_killers: bool,
    /// Ordering: history scores for the rest. Default true.
    pub order_history: bool,
    /// `ALPHABETA_TT_CUTOFFS_*`. Default `DEEPER_OR_PROVEN`.
    pub tt_cutoffs: u32,
    /// Principal variation search. Default true.
    pub pvs: bool,
    /// PVS null-window width for double scores. Default 1e-4.
    pub null_window_epsilon: f64,
    /// Mate distance pruning. Default true.
    pub mate_distance_pruning: bool,
    /// Late move reductions. Default true.
    pub lmr: bool,
    /// LMR from this many plies left. Default 3.
    pub lmr_min_depth: u32,
    /// LMR from this move index (0 is the first). Default 3.
    pub lmr_min_move_index: u32,
    /// Quiescence search (with a `generate_tactical_moves` callback). Default true.
    pub quiescence: bool,
    /// Most plies of quiescence search: at most `alphabeta_max_ply()` (`BAD_CONFIG` above).
    /// Default 4.
    pub max_quiescence_depth: u32,
    /// Random choice among exactly equal root moves. Default false.
    pub tie_break: bool,
    /// The seed of the tie-breaking generator.
    pub tie_break_seed: u64,
    /// Threads searching (std builds, `alphabeta_engine_new` only): 1 (the default, unlike the
    /// Rust `Config`, whose default 0 uses every core) searches on the calling thread; 0 uses
    /// every available core; at most 1024 (`BAD_CONFIG` above). More than 1 needs the game's
    /// `clone_state` and `free_state` callbacks, callbacks safe to call on other threads
    /// (each on its own copy of the state), and a thread-safe clock and progress callback.
    pub threads: u32,
    /// `ALPHABETA_PARALLEL_ABDADA` (default), `ALPHABETA_PARALLEL_ROOT_SPLIT` or
    /// `ALPHABETA_PARALLEL_LAZY_SMP`.
    pub parallel_scheme: u32,
    /// The other threads start helping once the search has visited this many nodes (before,
    /// every iteration runs on the calling thread alone: on small trees a second thread costs
    /// more than it saves). Default 16384; 0 starts at the first iteration.
    pub parallel_min_split_nodes: u32,
    /// `ALPHABETA_ROOT_SEARCH_*`: how each iteration searches the root. Default
    /// `FULL_WINDOW`.
    pub root_search: u32,
    /// The first half-width of an aspiration window, in score units (rounded, at least 1,
    /// for int32 scores): positive and finite (`BAD_CONFIG` otherwise). Default 16.
    pub aspiration_half_width: f64,
    /// Null-move pruning, for a game with the pass callbacks. Default false.
    pub null_move: bool,
    /// `ALPHABETA_NULL_MOVE_ADAPTIVE` (the default) or a fixed reduction R, 1 to
    /// `ALPHABETA_NULL_MOVE_MAX_REDUCTION` (`BAD_CONFIG` above).
    pub null_move_reduction: u32,
    /// Verify a null-move cutoff with a shallower search of the node. Default false.
    pub null_move_verification: bool,
    /// Play weaker on purpose: a random move, drawn with `strength_seed`, among those within
    /// `strength_margin` of the best (cap the depth or the nodes in the limits). Only with
    /// `threads` 1 (`BAD_CONFIG` otherwise). Default false.
    pub strength: bool,
    /// How much worse than the best a move may score, in score units: finite and not
    /// negative (`BAD_CONFIG` otherwise, whatever `strength`). Default 0.
    pub strength_margin: f64,
    /// The seed of the strength level's draws.
    pub strength_seed: u64,
    /// Checking mode, for a game under development: the search verifies, where it is cheap,
    /// what the transposition table returns against the game (a table move must be among the
    /// moves `generate_moves` writes there; a terminal position must evaluate to what the
    /// table holds for its key; a proven exact value must not be contradicted when the same
    /// key is searched again) and fails with `ALPHABETA_ERROR_INCONSISTENT_KEY`, the key in
    /// `alphabeta_last_error_detail()`, when they disagree: the `zobrist_key` callback then
    /// misses part of the state the value depends on. Default false.
    pub check_table: bool,
    /// Logarithmic late move reductions (the Rust `Config::lmr_log`): a late quiet move at a
    /// node with `depth` plies left, the `n`-th searched there, is searched
    /// `lmr_log_base + ln(depth) * ln(n) / lmr_log_divisor` plies shallower (rounded down; one
    /// ply less at a PV node; the child keeps at least 0 plies) instead of the fixed one ply
    /// (two from 6 plies left and the seventh move on). The moves reduced are those of `lmr`,
    /// which it needs, and a reduced search that beats alpha is searched again at full depth.
    /// Not value-preserving. Needs the `refinements` feature of the engine crate (the C library
    /// is built with it). Default false.
    pub lmr_log: bool,
    /// The constant term of `lmr_log`, in plies: finite (`BAD_CONFIG` otherwise, whatever
    /// `lmr_log`). Default 0.75 (Stockfish's old table for quiet moves).
    pub lmr_log_base: f32,
    /// The divisor of `lmr_log`: positive and finite (`BAD_CONFIG` otherwise, whatever
    /// `lmr_log`). Default 2.25 (Stockfish's old table).
    pub lmr_log_divisor: f32,
    /// Reverse futility pruning (static null-move pruning; the Rust `Config::reverse_futility`):
    /// at a node off the principal variation, not the root, with at most this many plies left
    /// and beta a heuristic score (not a win or loss), a static evaluation less
    /// `reverse_futility_margin * depth` at or above beta returns that lower value at once.
    /// The C game has no in-check callback, so every such node may be pruned. 0 (the default)
    /// is off. Not value-preserving: a position whose value lies more than the margin below
    /// its static evaluation is misjudged. Needs the `refinements` feature (the C library is
    /// built with it).
    pub reverse_futility_max_depth: u32,
    /// The margin of reverse futility pruning per ply left, in score units (rounded for int32
    /// scores): finite and not negative (`BAD_CONFIG` otherwise, whatever
    /// `reverse_futility_max_depth`). Default 0.
    pub reverse_futility_margin: f64,
    /// Futility pruning (Heinz 1998; the Rust `Config::futility`): at a node off the principal
    /// variation, not the root, with at most this many plies left, when the static evaluation
    /// plus `futility_margin * depth` is at or below alpha, the quiet moves after the first
    /// (not tactical, not the table move or a killer) are not searched, as long as the node
    /// has found a score above a loss. 0 (the default) is off. Not value-preserving. Needs the
    /// `refinements` feature (the C library is built with it).
    pub futility_max_depth: u32,
    /// The margin of futility pruning per ply left, in score units (rounded for int32 scores):
    /// finite and not negative (`BAD_CONFIG` otherwise, whatever `futility_max_depth`).
    /// Default 0.
    pub futility_margin: f64,
    /// Late move pruning (move count pruning; the Rust `Config::late_move_pruning`): at the
    /// nodes where futility pruning may apply (off the principal variation, not the root)
    /// with at most this many plies left, the quiet moves (as for futility pruning) from index
    /// `3 + depth * depth` on are not searched. 0 (the default) is off. Not value-preserving.
    /// Needs the `refinements` feature (the C library is built with it).
    pub late_move_pruning: u32,
    /// With `lmr_log`, the move's history adjusts its reduction (the Rust
    /// `Config::lmr_history`): a quiet move whose history score is above half of the largest
    /// is reduced one ply less, one below minus half one ply more. Default false. Not
    /// value-preserving.
    pub lmr_history: bool,
    /// Internal iterative reduction (the Rust `Config::internal_reduction`): a node, not the
    /// root, with at least this many plies left whose position the transposition table holds
    /// no move for is searched a ply shallower. 0 (the default) is off. Needs the table. Not
    /// value-preserving.
    pub internal_reduction: u32,
}

/// The defaults of `alphabeta_config.lmr_log_base` and `lmr_log_divisor` (the constants of
/// Stockfish's old reduction table, as in the Rust documentation of `LogReduction`).
const LMR_LOG_BASE: f32 = 0.75;
/// See [`LMR_LOG_BASE`].
const LMR_LOG_DIVISOR: f32 = 2.25;

/// The default of `alphabeta_config.parallel_min_split_nodes`: the Rust
/// `parallel::DEFAULT_MIN_SPLIT_NODES` (that module needs `std`; a test checks they agree).
const DEFAULT_MIN_SPLIT_NODES: u32 = 16_384;

/// The most threads `alphabeta_config.threads` may ask for: the Rust `parallel::MAX_THREADS`.
const MAX_THREADS: u32 = 1024;

#[cfg(all(test, feature = "std"))]
#[test]
fn the_defaults_and_limits_are_the_rust_ones() {
    assert_eq!(u64::from(DEFAULT_MIN_SPLIT_NODES), alphabeta::parallel::DEFAULT_MIN_SPLIT_NODES);
    assert_eq!(MAX_THREADS, alphabeta::parallel::MAX_THREADS);
}

/// The default configuration (the Rust `Config::new()`, int32 scores).
#[no_mangle]
pub extern "C" fn alphabeta_config_default() -> alphabeta_config {
    let c = Config::new();
    let o = OrderingConfig::ALL;
    let log = c.lmr_log.unwrap_or(LogReduction { base: LMR_LOG_BASE, divisor: LMR_LOG_DIVISOR });
    let off = Futility { max_depth: 0, margin: 0.0 };
    let (reverse, futility) = (c.reverse_futility.unwrap_or(off), c.futility.unwrap_or(off));
    alphabeta_config {
        score_type: ALPHABETA_SCORE_INT32,
        algorithm: ALPHABETA_ALGORITHM_ALPHA_BETA,
        iterative_deepening: c.iterative_deepening,
        poll_interval_nodes: c.poll_interval_nodes,
        ordering: c.ordering,
        order_pv_move: o.pv_move,
        order_tt_move: o.tt_move,
        order_tactical: o.tactical,
        order_killers: o.killers,
        order_history: o.history,
        tt_cutoffs: ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN,
        pvs: c.pvs,
        null_window_epsilon: c.null_window_epsilon,
        mate_distance_pruning: c.mate_distance_pruning,
        lmr: c.lmr,
        lmr_min_depth: c.lmr_min_depth,
        lmr_min_move_index: c.lmr_min_move_index,
        quiescence: c.quiescence,
        max_quiescence_depth: c.max_quiescence_depth,
        tie_break: false,
        tie_break_seed: 0,
        threads: 1,
        parallel_scheme: ALPHABETA_PARALLEL_ABDADA,
        parallel_min_split_nodes: DEFAULT_MIN_SPLIT_NODES,
        root_search: ALPHABETA_ROOT_SEARCH_FULL_WINDOW,
        aspiration_half_width: c.aspiration_half_width,
        null_move: c.null_move,
        null_move_reduction: ALPHABETA_NULL_MOVE_ADAPTIVE,
        null_move_verification: c.null_move_verification,
        strength: false,
        strength_margin: 0.0,
        strength_seed: 0,
        check_table: false,
        // Off in `Config::new()`, with the documented constants for when they are switched on.
        lmr_log: c.lmr_log.is_some(),
        lmr_log_base: log.base,
        lmr_log_divisor: log.divisor,
        reverse_futility_max_depth: reverse.max_depth,
        reverse_futility_margin: reverse.margin,
        futility_max_depth: futility.max_depth,
        futility_margin: futility.margin,
        late_move_pruning: c.late_move_pruning,
        lmr_history: c.lmr_history,
        internal_reduction: c.internal_reduction,
    }
}

/// `BAD_CONFIG`, with the field, its rule and its value as the call's detail.
fn bad(what: &'static core::ffi::CStr, value: u32) -> alphabeta_status {
    detail::fail(ALPHABETA_ERROR_BAD_CONFIG, what, Value::Unsigned(value.into()))
}

/// The Rust configuration, ordering and score type (`true`: double) of a C configuration.
/// An error records its culprit as the call's detail.
pub(crate) fn convert(
    c: &alphabeta_config,
) -> Result<(Config, OrderingConfig, bool), alphabeta_status> {
    let algorithm = match c.algorithm {
        ALPHABETA_ALGORITHM_ALPHA_BETA => Algorithm::AlphaBeta,
        ALPHABETA_ALGORITHM_MINIMAX => Algorithm::Minimax,
        other => {
            return Err(bad(
                c"config.algorithm must be ALPHABETA_ALGORITHM_ALPHA_BETA (0) or _MINIMAX (1)",
                other,
            ))
        }
    };
    let tt_cutoffs = match c.tt_cutoffs {
        ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN => TtCutoffs::DeeperOrProven,
        ALPHABETA_TT_CUTOFFS_EQUAL_DRAFT => TtCutoffs::EqualDraft,
        ALPHABETA_TT_CUTOFFS_NEVER => TtCutoffs::Never,
        other => {
            return Err(bad(
                c"config.tt_cutoffs must be ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN (0), \
                  _EQUAL_DRAFT (1) or _NEVER (2)",
                other,
            ))
        }
    };
    let double = match c.score_type {
        ALPHABETA_SCORE_INT32 => false,
        ALPHABETA_SCORE_DOUBLE => true,
        other => return Err(bad(
            c"config.score_type must be ALPHABETA_SCORE_INT32 (0) or ALPHABETA_SCORE_DOUBLE (1)",
            other,
        )),
    };
    if c.threads > MAX_THREADS {
        return Err(bad(c"config.threads must be at most 1024 (0: every core)", c.threads));
    }
    // The core bounds quiescence like the main search (`QuiescenceDepthBeyondCapacity`, at
    // search time when quiescence is on): refused here whatever `quiescence` says, so that a
    // configuration is accepted or refused once, when the engine is made.
    if c.max_quiescence_depth as usize > MAX_PLY {
        return Err(bad(
            c"config.max_quiescence_depth must be at most alphabeta_max_ply()",
            c.max_quiescence_depth,
        ));
    }
    let root_search = match c.root_search {
        ALPHABETA_ROOT_SEARCH_FULL_WINDOW => RootSearch::FullWindow,
        ALPHABETA_ROOT_SEARCH_ASPIRATION => RootSearch::Aspiration,
        ALPHABETA_ROOT_SEARCH_MTDF => RootSearch::Mtdf,
        other => {
            return Err(bad(
                c"config.root_search must be ALPHABETA_ROOT_SEARCH_FULL_WINDOW (0), \
                  _ASPIRATION (1) or _MTDF (2)",
                other,
            ))
        }
    };
    let null_move_reduction = match c.null_move_reduction {
        ALPHABETA_NULL_MOVE_ADAPTIVE => NullMoveReduction::Adaptive,
        r => NullMoveReduction::Fixed(r),
    };
    // A strength level is an analysis of the root moves, which one thread runs.
    if c.strength && c.threads != 1 {
        return Err(bad(c"config.strength needs config.threads = 1", c.threads));
    }
    let config = Config {
        algorithm,
        iterative_deepening: c.iterative_deepening,
        poll_interval_nodes: c.poll_interval_nodes,
        ordering: c.ordering,
        tt_cutoffs,
        // Not in the C configuration: C hosts probe the table at every node.
        tt_min_depth: 0,
        pvs: c.pvs,
        null_window_epsilon: c.null_window_epsilon,
        mate_distance_pruning: c.mate_distance_pruning,
        lmr: c.lmr,
        lmr_min_depth: c.lmr_min_depth,
        lmr_min_move_index: c.lmr_min_move_index,
        // The selective refinements; a maximum depth of 0 is off.
        lmr_log: c
            .lmr_log
            .then_some(LogReduction { base: c.lmr_log_base, divisor: c.lmr_log_divisor }),
        lmr_history: c.lmr_history,
        reverse_futility: (c.reverse_futility_max_depth > 0).then_some(Futility {
            max_depth: c.reverse_futility_max_depth,
            margin: c.reverse_futility_margin,
        }),
        futility: (c.futility_max_depth > 0)
            .then_some(Futility { max_depth: c.futility_max_depth, margin: c.futility_margin }),
        late_move_pruning: c.late_move_pruning,
        internal_reduction: c.internal_reduction,
        quiescence: c.quiescence,
        max_quiescence_depth: c.max_quiescence_depth,
        tie_break_seed: c.tie_break.then_some(c.tie_break_seed),
        threads: c.threads,
        // Not in the C configuration: the library's default.
        defer_min_depth: Config::new().defer_min_depth,
        parallel_scheme: match c.parallel_scheme {
            ALPHABETA_PARALLEL_LAZY_SMP => alphabeta::ParallelScheme::LazySmp,
            ALPHABETA_PARALLEL_ROOT_SPLIT => alphabeta::ParallelScheme::RootSplit,
            ALPHABETA_PARALLEL_ABDADA => alphabeta::ParallelScheme::Abdada,
            other => {
                return Err(bad(
                    c"config.parallel_scheme must be ALPHABETA_PARALLEL_LAZY_SMP (0), \
                      _ROOT_SPLIT (1) or _ABDADA (2)",
                    other,
                ))
            }
        },
        root_search,
        aspiration_half_width: c.aspiration_half_width,
        null_move: c.null_move,
        null_move_reduction,
        null_move_verification: c.null_move_verification,
        strength: c
            .strength
            .then_some(Strength { margin: c.strength_margin, seed: c.strength_seed }),
        check_table: c.check_table,
    };
    // The Rust ranges (the null-window epsilon, the half-width, the reduction; the margin even
    // without `strength`).
    let float =
        |what, value| Err(detail::fail(ALPHABETA_ERROR_BAD_CONFIG, what, Value::Float(value)));
    let epsilon = c.null_window_epsilon;
    if !(epsilon > 0.0 && epsilon.is_finite()) {
        return float(c"config.null_window_epsilon must be positive and finite", epsilon);
    }
    let width = c.aspiration_half_width;
    if !(width > 0.0 && width.is_finite()) {
        return float(c"config.aspiration_half_width must be positive and finite", width);
    }
    if c.null_move_reduction > ALPHABETA_NULL_MOVE_MAX_REDUCTION {
        return Err(bad(
            c"config.null_move_reduction must be ALPHABETA_NULL_MOVE_ADAPTIVE (0) or 1 to \
              ALPHABETA_NULL_MOVE_MAX_REDUCTION (8)",
            c.null_move_reduction,
        ));
    }
    let margin = c.strength_margin;
    if !(margin >= 0.0 && margin.is_finite()) {
        return float(c"config.strength_margin must be finite and not negative", margin);
    }
    // The selective refinements' ranges, checked whether or not each is on (as the strength
    // margin), so that a configuration is refused for its values, not for its switches.
    let base = c.lmr_log_base;
    if !base.is_finite() {
        return float(c"config.lmr_log_base must be finite", base.into());
    }
    let divisor = c.lmr_log_divisor;
    if !(divisor > 0.0 && divisor.is_finite()) {
        return float(c"config.lmr_log_divisor must be positive and finite", divisor.into());
    }
    let margin = c.reverse_futility_margin;
    if !(margin >= 0.0 && margin.is_finite()) {
        return float(c"config.reverse_futility_margin must be finite and not negative", margin);
    }
    let margin = c.futility_margin;
    if !(margin >= 0.0 && margin.is_finite()) {
        return float(c"config.futility_margin must be finite and not negative", margin);
    }
    // What is left: the Rust checks (a refinement in a build without them, say), whose error
    // names the field.
    if let Err(error) = config.validate() {
        return Err(error.into());
    }
    let ordering = OrderingConfig {
        pv_move: c.order_pv_move,
        tt_move: c.order_tt_move,
        tactical: c.order_tactical,
        killers: c.order_killers,
        history: c.order_history,
    };
    Ok((config, ordering, double))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C default is the Rust `Config::new()` (but for `threads`: 1 in C), the selective
    /// refinements off, with the documented constants for `lmr_log`.
    #[test]
    fn the_default_converts_to_config_new() {
        let c = alphabeta_config_default();
        assert!(!c.lmr_log);
        assert_eq!((c.lmr_log_base, c.lmr_log_divisor), (0.75, 2.25));
        assert_eq!((c.reverse_futility_max_depth, c.reverse_futility_margin), (0, 0.0));
        assert_eq!((c.futility_max_depth, c.futility_margin), (0, 0.0));
        assert_eq!(c.late_move_pruning, 0);
        assert!(!c.lmr_history);
        assert_eq!(c.internal_reduction, 0);
        let (config, ordering, double) = convert(&c).unwrap();
        assert_eq!(config, Config { threads: 1, ..Config::new() });
        assert_eq!(ordering, OrderingConfig::ALL);
        assert!(!double);
    }

    /// Each selective option on becomes its Rust option with exactly the C values; a maximum
    /// depth of 0 and `lmr_log` false are `None` whatever the values beside them.
    #[test]
    fn the_selective_options_convert_exactly() {
        let c = alphabeta_config {
            lmr_log: true,
            lmr_log_base: -0.5,
            lmr_log_divisor: 3.125,
            reverse_futility_max_depth: 6,
            reverse_futility_margin: 100.5,
            futility_max_depth: 3,
            futility_margin: 150.25,
            late_move_pruning: 4,
            lmr_history: true,
            internal_reduction: 5,
            ..alphabeta_config_default()
        };
        let (config, _, _) = convert(&c).unwrap();
        let expected = Config {
            threads: 1,
            lmr_log: Some(LogReduction { base: -0.5, divisor: 3.125 }),
            reverse_futility: Some(Futility { max_depth: 6, margin: 100.5 }),
            futility: Some(Futility { max_depth: 3, margin: 150.25 }),
            late_move_pruning: 4,
            lmr_history: true,
            internal_reduction: 5,
            ..Config::new()
        };
        assert_eq!(config, expected);

        // Off: the switches alone decide, the values beside them are kept out.
        let off = alphabeta_config {
            lmr_log: false,
            reverse_futility_max_depth: 0,
            futility_max_depth: 0,
            late_move_pruning: 0,
            lmr_history: false,
            internal_reduction: 0,
            ..c
        };
        let (config, _, _) = convert(&off).unwrap();
        assert_eq!(config, Config { threads: 1, ..Config::new() });

        // One at a time.
        let only = |change: fn(&mut alphabeta_config)| {
            let mut c = alphabeta_config { lmr_log_base: 1.0, lmr_log_divisor: 2.0, ..off };
            change(&mut c);
            convert(&c).unwrap().0
        };
        let base = Config { threads: 1, ..Config::new() };
        assert_eq!(
            only(|c| c.lmr_log = true),
            Config { lmr_log: Some(LogReduction { base: 1.0, divisor: 2.0 }), ..base }
        );
        assert_eq!(
            only(|c| c.reverse_futility_max_depth = 1),
            Config { reverse_futility: Some(Futility { max_depth: 1, margin: 100.5 }), ..base }
        );
        assert_eq!(
            only(|c| c.futility_max_depth = u32::MAX),
            Config { futility: Some(Futility { max_depth: u32::MAX, margin: 150.25 }), ..base }
        );
        assert_eq!(only(|c| c.late_move_pruning = 1), Config { late_move_pruning: 1, ..base });
        assert_eq!(only(|c| c.lmr_history = true), Config { lmr_history: true, ..base });
        assert_eq!(only(|c| c.internal_reduction = 2), Config { internal_reduction: 2, ..base });
    }
}
