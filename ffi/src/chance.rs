//! The C ABI of the chance search: a game with chance nodes (`alphabeta_chance_game`: the
//! two-player callback table and two more callbacks), searched by expectimax with Star1 and
//! Star2 pruning.
//!
//! A new table that embeds `alphabeta_game` rather than new fields at the end of it: the
//! two-player table keeps its size and layout (a host compiled against an older header passes
//! a table the library reads whole), and a host reuses its two-player callbacks as they are.

use core::ffi::c_void;
use core::sync::atomic::{AtomicI32, AtomicU8, Ordering};

use alphabeta::chance::{
    ChanceConfig, ChanceEngine, ChanceError, ChanceEvaluator, ChanceScore, Outcome, StochasticGame,
};
use alphabeta::ordering::DefaultSorter;
use alphabeta::tt::TableSlice;
use alphabeta::{EvalContext, Evaluator, Game, MoveList};

use crate::{
    alphabeta_config, alphabeta_config_default, alphabeta_game, alphabeta_limits, alphabeta_result,
    alphabeta_status, caller_slots, convert, deliver, fill, fill_moves, guard, status_of, CGame,
    Clocks, DoubleEval, InfoSink, IntEval, MAX_MOVES, MAX_PLY,
};
use alphabeta_status::*;

/// One outcome of a chance node and its weight (at least 1). Its probability is its weight
/// over the sum of the node's weights (at most `ALPHABETA_MAX_TOTAL_WEIGHT`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct alphabeta_outcome {
    /// The outcome, played with the game's `make_move` and taken back with `unmake_move`.
    pub outcome: u32,
    /// Its weight.
    pub weight: u32,
}

// The core's `Outcome<u32>` is `repr(C)` with the same fields: outcomes are written in place.
const _: () =
    assert!(core::mem::size_of::<alphabeta_outcome>() == core::mem::size_of::<Outcome<u32>>());
const _: () =
    assert!(core::mem::align_of::<alphabeta_outcome>() == core::mem::align_of::<Outcome<u32>>());

/// The largest sum of a chance node's weights: 2^24.
pub const ALPHABETA_MAX_TOTAL_WEIGHT: u32 = 16_777_216;
const _: () = assert!(ALPHABETA_MAX_TOTAL_WEIGHT == alphabeta::chance::MAX_TOTAL_WEIGHT);

/// A game with chance nodes (dice, cards): the two-player callbacks, and where nature moves.
///
/// `game` holds the callbacks of `alphabeta_game`, required as there (`generate_moves`,
/// `make_move`, `unmake_move`, `zobrist_key`, `side_to_move`, `is_terminal`, and `evaluate`
/// or `evaluate_double` for the score type); `make_move` and `unmake_move` also play and take
/// back outcomes. The chance search calls none of the optional ones. `is_chance_node` and
/// `generate_outcomes` are required.
///
/// The value of a chance node is the weighted mean of its outcomes from the point of view of
/// its `side_to_move`, summed in the order `generate_outcomes` writes them (see the README);
/// scores are plain numbers (no win distances).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct alphabeta_chance_game {
    /// The two-player callbacks (and `user_data`, passed to every callback here too).
    pub game: alphabeta_game,
    /// Whether nature moves in this position (never asked of a terminal one).
    pub is_chance_node: Option<unsafe extern "C" fn(user_data: *mut c_void) -> bool>,
    /// Writes the outcomes of this chance node with their weights into `outcomes` (room for
    /// `capacity`, which is `alphabeta_max_moves()`) and returns how many there are, always in
    /// the same order for a position. More than `capacity`: `ALPHABETA_ERROR_MOVE_OVERFLOW`;
    /// negative: `ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT`; none: `ALPHABETA_ERROR_NO_OUTCOMES`; a
    /// weight of 0: `ALPHABETA_ERROR_ZERO_WEIGHT`; weights summing to more than
    /// `ALPHABETA_MAX_TOTAL_WEIGHT`: `ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE`.
    pub generate_outcomes: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            outcomes: *mut alphabeta_outcome,
            capacity: i32,
        ) -> i32,
    >,
    /// Whether every score lies within `-score_bound..=score_bound` (int32 engines) or
    /// `-score_bound_double..=score_bound_double` (double engines): Star1 and Star2 need it
    /// (`ALPHABETA_ERROR_BOUND_REQUIRED` otherwise). A score beyond it stops the search with
    /// `ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS`; a bound below 0, NaN, `INT32_MAX`, or (double)
    /// above `DBL_MAX / 2^26` (about 2.68e300, infinity included: the weighted sums of larger
    /// scores can overflow) is `ALPHABETA_ERROR_INVALID_BOUNDS`. Without a bound, a chance
    /// node whose weighted mean overflows (outcomes scoring +infinity and -infinity, or a
    /// weighted sum beyond the range of doubles) stops the search with
    /// `ALPHABETA_ERROR_MEAN_OVERFLOW`.
    pub has_score_bound: bool,
    /// The bound of int32 scores.
    pub score_bound: i32,
    /// The bound of double scores.
    pub score_bound_double: f64,
}

/// How a chance search runs.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_chance_config {
    /// The two-player configuration, of which the chance search reads `score_type`,
    /// `iterative_deepening`, `poll_interval_nodes`, `ordering` and its parts, and
    /// `tt_cutoffs`. `threads` must be 1.
    pub search: alphabeta_config,
    /// Star1 pruning at chance nodes (Ballard 1983). Default true.
    pub star1: bool,
    /// Star2 probing at chance nodes (Ballard 1983; Hauk, Buro & Schaeffer 2004). Default
    /// true.
    pub star2: bool,
}

/// The default chance configuration: Star1 and Star2, the default two-player configuration.
#[no_mangle]
pub extern "C" fn alphabeta_chance_config_default() -> alphabeta_chance_config {
    alphabeta_chance_config { search: alphabeta_config_default(), star1: true, star2: true }
}

/// The outcome of a chance search.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_chance_result {
    /// As for `alphabeta_search` (`has_best_move` is false when nature moves at the root; the
    /// PV follows each chance node's most probable outcome).
    pub search: alphabeta_result,
    /// Chance nodes searched.
    pub chance_nodes: u64,
    /// Star2 probes.
    pub probes: u64,
    /// Chance nodes cut by Star2's probes.
    pub star2_cutoffs: u64,
    /// Chance nodes cut by Star1.
    pub star1_cutoffs: u64,
    /// Outcomes searched again after a float rounding kept a cut from being confirmed.
    pub window_researches: u64,
}

/// The chance game seen from Rust: the two-player game, and the chance callbacks.
struct CChanceGame {
    base: CGame,
    is_chance_node: unsafe extern "C" fn(*mut c_void) -> bool,
    generate_outcomes: unsafe extern "C" fn(*mut c_void, *mut alphabeta_outcome, i32) -> i32,
    user_data: *mut c_void,
}

impl Game for CChanceGame {
    type Move = u32;
    type Player = i32;
    type Undo = ();

    fn side_to_move(&self) -> i32 {
        self.base.side_to_move()
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        self.base.generate_moves(moves);
    }
    fn make_move(&mut self, mv: u32) {
        self.base.make_move(mv);
    }
    fn unmake_move(&mut self, mv: u32, (): ()) {
        self.base.unmake_move(mv, ());
    }
    fn is_terminal(&self) -> bool {
        self.base.is_terminal()
    }
    fn zobrist_key(&self) -> u64 {
        self.base.zobrist_key()
    }
    // The chance search does not support rewards: a `reward` callback makes it refuse the
    // game (`REWARDS_UNSUPPORTED`) rather than ignore the callback.
    const REWARDS: bool = true;
    fn has_rewards(&self) -> bool {
        self.base.has_rewards()
    }
}

impl StochasticGame for CChanceGame {
    fn is_chance_node(&self) -> bool {
        // SAFETY: the host's callback with its own user_data.
        unsafe { (self.is_chance_node)(self.user_data) }
    }

    fn generate_outcomes<const N: usize>(&self, outcomes: &mut MoveList<Outcome<u32>, N>) {
        let generate = |buffer: *mut Outcome<u32>, capacity| {
            // SAFETY: the host writes at most `capacity` outcomes into the list's spare room;
            // `alphabeta_outcome` and `Outcome<u32>` have one layout (asserted above).
            unsafe { (self.generate_outcomes)(self.user_data, buffer.cast(), capacity) }
        };
        if !fill_moves(outcomes, generate) {
            self.base.fail(ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        }
    }
}

/// The two-player evaluator of the score type, with the game's bound.
struct Bounded<E: Evaluator<CGame>> {
    inner: E,
    bound: Option<E::Score>,
}

impl<E: Evaluator<CGame, Score: ChanceScore>> Evaluator<CChanceGame> for Bounded<E> {
    type Score = E::Score;
    fn evaluate(&self, game: &CChanceGame, player: i32, ctx: EvalContext) -> E::Score {
        self.inner.evaluate(&game.base, player, ctx)
    }
}

impl<E: Evaluator<CGame, Score: ChanceScore>> ChanceEvaluator<CChanceGame> for Bounded<E> {
    fn score_bound(&self) -> Option<E::Score> {
        self.bound
    }
}

impl From<ChanceError> for alphabeta_status {
    fn from(error: ChanceError) -> Self {
        match error {
            ChanceError::Search(error) => error.into(),
            ChanceError::NoOutcomes { .. } => ALPHABETA_ERROR_NO_OUTCOMES,
            ChanceError::ZeroWeight { .. } => ALPHABETA_ERROR_ZERO_WEIGHT,
            ChanceError::TotalWeightTooLarge { .. } => ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE,
            ChanceError::InvalidBound => ALPHABETA_ERROR_INVALID_BOUNDS,
            ChanceError::BoundRequired => ALPHABETA_ERROR_BOUND_REQUIRED,
            ChanceError::ScoreOutOfBounds { .. } => ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS,
            ChanceError::MeanOverflow { .. } => ALPHABETA_ERROR_MEAN_OVERFLOW,
            _ => ALPHABETA_ERROR_BAD_CONFIG,
        }
    }
}

/// One chance search with score type `E::Score` over `slots` of table; the result and its PV.
#[allow(clippy::too_many_arguments)]
fn run<E>(
    game: &mut CChanceGame,
    inner: E,
    bound: Option<E::Score>,
    config: ChanceConfig,
    ordering: alphabeta::ordering::OrderingConfig,
    slots: &[<E::Score as alphabeta::Score>::Slot],
    limits: &alphabeta_limits,
    scores: impl Fn(E::Score) -> (i32, f64),
) -> Result<(alphabeta_chance_result, heapless::Vec<u32, MAX_PLY>), alphabeta_status>
where
    E: Evaluator<CGame, Score: ChanceScore>,
{
    let generation = AtomicU8::new(0);
    let mut engine: ChanceEngine<
        CChanceGame,
        Bounded<E>,
        MAX_MOVES,
        MAX_PLY,
        TableSlice<'_, E::Score>,
        DefaultSorter<u32, MAX_PLY>,
    > = ChanceEngine::with_parts(
        Bounded { inner, bound },
        config,
        TableSlice::new(slots, &generation),
        DefaultSorter::with_config(ordering),
    );
    let clocks = Clocks::new(limits);
    let rust_limits = clocks.limits(limits);
    let sink = InfoSink { callback: limits.on_iteration, user_data: limits.on_iteration_user_data };
    let found = engine.search_with_info(game, &rust_limits, |info| {
        sink.send(info.depth, scores(info.score).1, info)
    });
    let r = found.map_err(alphabeta_status::from)?;
    let (search, chance) = r.into_parts();
    let (search, pv) = fill(search, scores);
    let result = alphabeta_chance_result {
        search,
        chance_nodes: chance.chance_nodes,
        probes: chance.probes,
        star2_cutoffs: chance.star2_cutoffs,
        star1_cutoffs: chance.star1_cutoffs,
        window_researches: chance.window_researches,
    };
    Ok((result, pv))
}

/// A chance search (expectimax with Star1 and Star2, see `alphabeta_chance_game`), self-
/// contained: the engine lives on the stack for the call (about `alphabeta_max_ply()`² moves),
/// with a transposition table in caller memory (`table_memory`/`table_bytes` as for
/// `alphabeta_engine_init`: 16-byte aligned, `alphabeta_table_slot_size()` bytes a slot of the
/// score type; NULL and 0 for none), zeroed at the start of every call: no entry of an earlier
/// call is used (the table is the call's scratch memory, and must not overlap an engine a
/// call runs on). `config` NULL takes the defaults. The PV goes to `pv`
/// (moves and, at chance nodes, the most probable outcome).
///
/// Errors: `NULL_POINTER`, `NULL_CALLBACK`, `BAD_CONFIG` (also `threads` other than 1),
/// `TABLE_MEMORY`, `ALREADY_SEARCHING` (the table overlaps an engine a call runs on),
/// `BOUND_REQUIRED`, `INVALID_BOUNDS`, `SCORE_OUT_OF_BOUNDS`, `NO_OUTCOMES`,
/// `ZERO_WEIGHT`, `TOTAL_WEIGHT_TOO_LARGE`, `MEAN_OVERFLOW`, the limit errors of `alphabeta_search`,
/// `MOVE_OVERFLOW`, `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`, `SCORE_OUT_OF_RANGE` (without a bound:
/// `INT32_MIN`), `PV_TRUNCATED` (not for a NULL buffer of capacity 0), `NO_CLOCK`, `PANIC`.
/// Out-parameters are written only on success (and with `PV_TRUNCATED`). The game is back in
/// its starting position after the call.
///
/// # Safety
/// Every non-NULL pointer is valid; the callbacks behave as documented.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_chance_search(
    game: *const alphabeta_chance_game,
    config: *const alphabeta_chance_config,
    limits: *const alphabeta_limits,
    table_memory: *mut c_void,
    table_bytes: usize,
    result: *mut alphabeta_chance_result,
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    guard(|| {
        if game.is_null()
            || limits.is_null()
            || result.is_null()
            || (pv.is_null() && pv_capacity > 0)
        {
            return ALPHABETA_ERROR_NULL_POINTER;
        }
        // SAFETY: checked non-NULL; valid by the caller's promise.
        let (table, limits) = unsafe { (*game, *limits) };
        let config = if config.is_null() {
            alphabeta_chance_config_default()
        } else {
            // SAFETY: non-NULL, valid by the caller's promise.
            unsafe { *config }
        };
        let (search, ordering, double) = match convert(&config.search) {
            Ok(parts) => parts,
            Err(status) => return status,
        };
        if config.search.threads != 1 {
            return ALPHABETA_ERROR_BAD_CONFIG;
        }
        let error = AtomicI32::new(0);
        let base = match CGame::new(table.game, double, &error) {
            Ok(base) => base,
            Err(status) => return status,
        };
        let (Some(is_chance_node), Some(generate_outcomes)) =
            (table.is_chance_node, table.generate_outcomes)
        else {
            return ALPHABETA_ERROR_NULL_CALLBACK;
        };
        let mut game = CChanceGame {
            base,
            is_chance_node,
            generate_outcomes,
            user_data: table.game.user_data,
        };
        let config = ChanceConfig { search, star1: config.star1, star2: config.star2 };
        let out = if double {
            let bound = table.has_score_bound.then_some(table.score_bound_double);
            // SAFETY: the caller's table memory.
            match unsafe { caller_slots(table_memory, table_bytes) } {
                Ok(slots) => {
                    run(&mut game, DoubleEval, bound, config, ordering, slots, &limits, |s| {
                        (s as i32, s)
                    })
                }
                Err(status) => return status,
            }
        } else {
            // INT32_MAX is the infinity of int32 scores: no bound.
            let bound = table.has_score_bound.then_some(table.score_bound);
            if bound == Some(i32::MAX) {
                return ALPHABETA_ERROR_INVALID_BOUNDS;
            }
            // SAFETY: the caller's table memory.
            match unsafe { caller_slots(table_memory, table_bytes) } {
                Ok(slots) => {
                    run(&mut game, IntEval, bound, config, ordering, slots, &limits, |s| {
                        (s, f64::from(s))
                    })
                }
                Err(status) => return status,
            }
        };
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            return status;
        }
        let (c, line) = match out {
            Ok(found) => found,
            Err(status) => return status,
        };
        // SAFETY: `result` valid for a write, `pv` for `pv_capacity` moves (the caller's).
        unsafe { deliver(result, c, &line, pv, pv_capacity) }
    })
}
