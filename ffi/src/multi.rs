//! The C ABI of the multi-player search: paranoid, max^n and best-reply search over a game
//! given as callbacks, with a score-vector evaluator (int32 scores).

use core::ffi::c_void;
use core::sync::atomic::{AtomicI32, AtomicU8, Ordering};

use alphabeta::multiplayer::{
    MultiAlgorithm, MultiConfig, MultiEngine, MultiError, MultiEvaluator, MultiGame, ScoreBounds,
    MAX_PLAYERS,
};
use alphabeta::tt::{Slot32, TableSlice};
use alphabeta::{EvalContext, MoveList};

use crate::{
    alphabeta_config, alphabeta_config_default, alphabeta_limits, alphabeta_status, caller_slots,
    convert, fill_moves, guard, status_of, Clocks, MAX_MOVES, MAX_PLY,
};
use alphabeta_status::*;

/// `alphabeta_multi_config.algorithm`: paranoid search, the root player against a coalition of
/// all the others (Sturtevant & Korf 2000). The default.
pub const ALPHABETA_MULTI_PARANOID: u32 = 0;
/// `alphabeta_multi_config.algorithm`: max^n (Luckhardt & Irani 1986), with Korf's (1991)
/// shallow pruning when the game declares bounds.
pub const ALPHABETA_MULTI_MAXN: u32 = 1;
/// `alphabeta_multi_config.algorithm`: best-reply search (Schadd & Winands 2011); needs
/// `generate_moves_for` and `set_player_to_move`.
pub const ALPHABETA_MULTI_BEST_REPLY: u32 = 2;
/// The most players a game may have.
pub const ALPHABETA_MAX_PLAYERS: u32 = 8;

// The header needs the number itself: cbindgen copies a constant's expression, and the core's
// `MAX_PLAYERS` means nothing to a C compiler. It must stay the core's value.
const _: () = assert!(ALPHABETA_MAX_PLAYERS as usize == MAX_PLAYERS);

/// A game of 2 to `ALPHABETA_MAX_PLAYERS` players, as callbacks (`user_data` first). Players
/// are numbered from 0. Required: `player_to_move`, `generate_moves`, `make_move`,
/// `unmake_move`, `is_terminal`, `zobrist_key`, `evaluate`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct alphabeta_multi_game {
    /// The host's state, passed to every callback.
    pub user_data: *mut c_void,
    /// The number of players, 2 to `ALPHABETA_MAX_PLAYERS`.
    pub players: u32,
    /// The player to move.
    pub player_to_move: Option<unsafe extern "C" fn(user_data: *mut c_void) -> u32>,
    /// Writes the moves of the player to move (as `alphabeta_game.generate_moves`).
    pub generate_moves:
        Option<unsafe extern "C" fn(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32>,
    /// Plays `mv`.
    pub make_move: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32)>,
    /// Takes back `mv`.
    pub unmake_move: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32)>,
    /// Whether the game is over.
    pub is_terminal: Option<unsafe extern "C" fn(user_data: *mut c_void) -> bool>,
    /// The 64-bit Zobrist key, the player to move included.
    pub zobrist_key: Option<unsafe extern "C" fn(user_data: *mut c_void) -> u64>,
    /// Writes one score per player into `scores` (`players` entries, each from that player's
    /// point of view; wins `1000000 - d`, with `d >= ply` the distance from the root to the
    /// end of the game). `INT32_MIN` is never valid, in any entry and for any algorithm
    /// (`ALPHABETA_ERROR_SCORE_OUT_OF_RANGE`). Paranoid and best-reply search read only the
    /// root player's entry, which must be a valid score as for `alphabeta_game.evaluate`:
    /// within `-(1000000 - ply)..=1000000 - ply` (at ply 3, 999997 is valid and 1000000 or
    /// ±`INT32_MAX` is `ALPHABETA_ERROR_SCORE_OUT_OF_RANGE`); the other entries are not
    /// checked. Max^n checks no entry against that range (only `INT32_MIN`, and the declared
    /// bounds when `has_bounds` is set: `ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS`).
    pub evaluate: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            ply: u32,
            depth_left: u32,
            scores: *mut i32,
            players: u32,
        ),
    >,
    /// Optional: whether `mv` is tactical.
    pub is_tactical: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32) -> bool>,
    /// Optional (best-reply search): the moves `player` could make here if it were its turn.
    pub generate_moves_for: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            player: u32,
            moves: *mut u32,
            capacity: i32,
        ) -> i32,
    >,
    /// Optional (best-reply search): makes `player` the player to move.
    pub set_player_to_move: Option<unsafe extern "C" fn(user_data: *mut c_void, player: u32)>,
    /// Whether `min_score` and `max_sum` hold for every score vector (enables max^n pruning;
    /// max^n then checks every vector and fails with `ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS` on
    /// one that breaks them). The bounds are checked before the search, whatever the
    /// algorithm: `ALPHABETA_ERROR_INVALID_BOUNDS` unless `players * min_score <= max_sum`
    /// (some vector can meet them), `players * min_score >= -INT32_MAX`, `max_sum <
    /// INT32_MAX` and `max_sum - (players - 1) * min_score < INT32_MAX` (the largest score
    /// one player can have), all computed without overflow.
    pub has_bounds: bool,
    /// Every score is at least this.
    pub min_score: i32,
    /// Every vector sums to at most this.
    pub max_sum: i32,
}

/// How a multi-player search runs.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_multi_config {
    /// `ALPHABETA_MULTI_PARANOID`, `ALPHABETA_MULTI_MAXN` or `ALPHABETA_MULTI_BEST_REPLY`.
    pub algorithm: u32,
    /// The two-player configuration used by paranoid and best-reply search (max^n reads only
    /// `iterative_deepening` and `poll_interval_nodes`). `score_type` must be int32 and
    /// `threads` 1.
    pub search: alphabeta_config,
    /// Max^n: Korf's pruning when the game declares bounds. Default true.
    pub shallow_pruning: bool,
}

/// The default multi-player configuration: paranoid search with the default configuration.
#[no_mangle]
pub extern "C" fn alphabeta_multi_config_default() -> alphabeta_multi_config {
    alphabeta_multi_config {
        algorithm: ALPHABETA_MULTI_PARANOID,
        search: alphabeta_config_default(),
        shallow_pruning: true,
    }
}

/// A move of the principal variation with the player who makes it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_player_move {
    /// The player.
    pub player: u32,
    /// The move.
    pub mv: u32,
}

/// The outcome of a multi-player search.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_multi_result {
    /// The algorithm that produced it (`ALPHABETA_MULTI_*`).
    pub algorithm: u32,
    /// The player to move at the root.
    pub root_player: u32,
    /// Whether `best_move` holds a move.
    pub has_best_move: bool,
    /// The root player's best move.
    pub best_move: u32,
    /// The root player's value.
    pub score: i32,
    /// Max^n only (`has_scores`): the root's score vector, `players` entries.
    pub scores: [i32; ALPHABETA_MAX_PLAYERS as usize],
    /// Whether `scores` is filled.
    pub has_scores: bool,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the value is exact (no horizon reached).
    pub exact: bool,
    /// False when the clock or the stop flag interrupted an iteration.
    pub completed: bool,
    /// The PV's true length (moves written: the smaller of this and the buffer's capacity).
    pub pv_length: usize,
    /// Max^n: nodes cut by immediate pruning.
    pub immediate_prunes: u64,
    /// Max^n: nodes cut by shallow pruning.
    pub shallow_prunes: u64,
}

/// The game seen from Rust.
struct CMultiGame {
    table: alphabeta_multi_game,
    error: AtomicI32,
}

impl CMultiGame {
    fn fill<const N: usize>(
        &self,
        generate: impl FnOnce(*mut u32, i32) -> i32,
        moves: &mut MoveList<u32, N>,
    ) {
        if self.failed() {
            // An error is recorded: stop the search at once (the status is the recorded one).
            moves.mark_overflow();
            return;
        }
        if !fill_moves(moves, generate) {
            self.fail(ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        }
    }

    /// Records the first error of the call.
    fn fail(&self, status: alphabeta_status) {
        let code = status as i32;
        let _ = self.error.compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn failed(&self) -> bool {
        self.error.load(Ordering::Relaxed) != 0
    }
}

// The callbacks were checked non-NULL by `alphabeta_multi_search`; the fallbacks are never
// taken. SAFETY for every call below: a valid callback of the host with its own user_data.
impl MultiGame for CMultiGame {
    type Move = u32;
    type Undo = ();

    fn num_players(&self) -> usize {
        self.table.players as usize
    }

    fn player_to_move(&self) -> usize {
        self.table.player_to_move.map_or(0, |f| unsafe { f(self.table.user_data) }) as usize
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        if let Some(f) = self.table.generate_moves {
            self.fill(
                |buffer, capacity| unsafe { f(self.table.user_data, buffer, capacity) },
                moves,
            );
        }
    }

    fn make_move(&mut self, mv: u32) {
        if let Some(f) = self.table.make_move {
            unsafe { f(self.table.user_data, mv) }
        }
    }

    fn unmake_move(&mut self, mv: u32, (): ()) {
        if let Some(f) = self.table.unmake_move {
            unsafe { f(self.table.user_data, mv) }
        }
    }

    fn is_terminal(&self) -> bool {
        self.table.is_terminal.is_none_or(|f| unsafe { f(self.table.user_data) })
    }

    fn zobrist_key(&self) -> u64 {
        self.table.zobrist_key.map_or(0, |f| unsafe { f(self.table.user_data) })
    }

    fn is_tactical(&self, mv: u32) -> bool {
        self.table.is_tactical.is_some_and(|f| unsafe { f(self.table.user_data, mv) })
    }

    fn supports_out_of_turn(&self) -> bool {
        self.table.generate_moves_for.is_some() && self.table.set_player_to_move.is_some()
    }

    fn generate_moves_for<const N: usize>(&self, player: usize, moves: &mut MoveList<u32, N>) {
        if let Some(f) = self.table.generate_moves_for {
            let ud = self.table.user_data;
            self.fill(|buffer, capacity| unsafe { f(ud, player as u32, buffer, capacity) }, moves);
        }
    }

    fn set_player_to_move(&mut self, player: usize) {
        if let Some(f) = self.table.set_player_to_move {
            unsafe { f(self.table.user_data, player as u32) }
        }
    }
}

/// The score-vector evaluator: the game's `evaluate` callback and declared bounds.
struct CMultiEval;

impl MultiEvaluator<CMultiGame> for CMultiEval {
    type Score = i32;

    fn evaluate(&self, game: &CMultiGame, ctx: EvalContext, scores: &mut [i32]) {
        if let Some(f) = game.table.evaluate {
            // SAFETY: the host's callback writes `players` scores into a buffer that long.
            unsafe {
                f(
                    game.table.user_data,
                    ctx.ply,
                    ctx.depth_left,
                    scores.as_mut_ptr(),
                    scores.len() as u32,
                )
            }
        }
        // `INT32_MIN` is never a valid score (it has no negation, which paranoid and best-reply
        // search apply to the root player's score): recorded, and replaced by a harmless
        // vector while the search stops (at its next move generation).
        if scores.contains(&i32::MIN) {
            game.fail(ALPHABETA_ERROR_SCORE_OUT_OF_RANGE);
            scores.fill(0);
        }
    }

    fn bounds(&self) -> Option<ScoreBounds<i32>> {
        None // replaced per call by `Bounded`
    }
}

/// The evaluator with the bounds of one call's game.
struct Bounded(Option<ScoreBounds<i32>>);

impl MultiEvaluator<CMultiGame> for Bounded {
    type Score = i32;

    fn evaluate(&self, game: &CMultiGame, ctx: EvalContext, scores: &mut [i32]) {
        CMultiEval.evaluate(game, ctx, scores);
    }

    fn bounds(&self) -> Option<ScoreBounds<i32>> {
        self.0
    }
}

/// The declared bounds, if some score vector can meet them and max^n's arithmetic on them is
/// exact in `int32_t` (`None` otherwise, and for a player count out of range). With `n`
/// players, `m = min_score` and `s = max_sum`, computed without overflow:
///
/// * `n * m <= s`: a vector of `n` entries, each at least `m`, sums to at least `n * m`, so
///   with `n * m > s` no vector meets the bounds (every evaluation would fail);
/// * `n * m >= -INT32_MAX`: the sums of vectors that meet the bounds, and every partial sum,
///   are representable (the core's integer sums saturate at `±INT32_MAX`);
/// * `s < INT32_MAX` and `s - (n - 1) * m < INT32_MAX`: the largest entry a vector meeting the
///   bounds can have (what immediate pruning compares with, and an upper bound of every
///   partial sum) is representable, and a sum that saturates at `INT32_MAX` is always seen to
///   break `max_sum`.
fn checked_bounds(players: u32, min_score: i32, max_sum: i32) -> Option<ScoreBounds<i32>> {
    if !(2..=ALPHABETA_MAX_PLAYERS).contains(&players) {
        return None;
    }
    let (n, m, s) = (i64::from(players), i64::from(min_score), i64::from(max_sum));
    let least_sum = n * m;
    let most_for_one = s - (n - 1) * m;
    let most = i64::from(i32::MAX);
    let ok = least_sum <= s && least_sum >= -most && s < most && most_for_one < most;
    ok.then_some(ScoreBounds { min_score, max_sum })
}

#[cfg(test)]
#[test]
fn bounds_are_checked() {
    assert!(checked_bounds(3, 0, 1_000_000).is_some());
    assert!(checked_bounds(3, -10, 100).is_some());
    assert!(checked_bounds(2, 0, 0).is_some()); // only the zero vector
    assert!(checked_bounds(3, 1, 2).is_none()); // 3 * 1 > 2: no vector meets them
    assert!(checked_bounds(3, 10, 5).is_none());
    assert!(checked_bounds(3, 0, i32::MAX).is_none()); // a saturated sum would pass
    assert!(checked_bounds(3, 0, i32::MAX - 1).is_some());
    assert!(checked_bounds(3, -1, i32::MAX - 2).is_none()); // the largest entry is INT32_MAX
    assert!(checked_bounds(3, -1, i32::MAX - 3).is_some());
    assert!(checked_bounds(2, i32::MIN, 0).is_none()); // 2 * INT32_MIN overflows
    assert!(checked_bounds(8, i32::MIN / 8 + 1, 0).is_some());
    assert!(checked_bounds(8, i32::MIN / 8, 0).is_none()); // a sum of INT32_MIN saturates
    assert!(checked_bounds(2, 1, i32::MAX).is_none()); // [INT32_MAX, 1] would pass
    assert!(checked_bounds(2, 1, i32::MAX - 1).is_some());
    assert!(checked_bounds(1, 0, 10).is_none() && checked_bounds(9, 0, 10).is_none());
}

impl From<MultiError> for alphabeta_status {
    fn from(error: MultiError) -> Self {
        match error {
            MultiError::Search(error) => error.into(),
            MultiError::PlayerCount { .. } => ALPHABETA_ERROR_PLAYER_COUNT,
            MultiError::PlayerOutOfRange { .. } => ALPHABETA_ERROR_PLAYER_OUT_OF_RANGE,
            MultiError::OutOfTurnUnsupported => ALPHABETA_ERROR_OUT_OF_TURN_UNSUPPORTED,
            MultiError::InvalidBounds => ALPHABETA_ERROR_INVALID_BOUNDS,
            MultiError::ScoreOutOfBounds { .. } => ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS,
            _ => ALPHABETA_ERROR_BAD_CONFIG,
        }
    }
}

/// A multi-player search, self-contained: the engine lives on the stack for the call (about
/// `alphabeta_max_ply()`² moves), with a transposition table in caller memory for paranoid and
/// best-reply search (`table_memory`/`table_bytes` as for `alphabeta_engine_init`; NULL and 0
/// for none), zeroed at the start of every call: no entry of an earlier call is used (the
/// table is the call's scratch memory, and must not overlap an engine a call runs on). The PV
/// goes to `pv` (moves with their players).
///
/// Errors: `NULL_POINTER`, `NULL_CALLBACK`, `BAD_CONFIG` (also a double score type or
/// `threads` other than 1), `TABLE_MEMORY`, `ALREADY_SEARCHING` (the table overlaps an engine
/// a call runs on), `PLAYER_COUNT`, `PLAYER_OUT_OF_RANGE`,
/// `OUT_OF_TURN_UNSUPPORTED`, `INVALID_BOUNDS`, `SCORE_OUT_OF_BOUNDS`, the limit errors of
/// `alphabeta_search`, `MOVE_OVERFLOW`, `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`,
/// `SCORE_OUT_OF_RANGE` (paranoid and best-reply: the root player's score, see `evaluate`),
/// `PV_TRUNCATED` (not for a NULL buffer of capacity 0: the PV is then not wanted, and
/// `pv_length` still tells its length), `NO_CLOCK`, `PANIC`.
///
/// # Safety
/// Every non-NULL pointer is valid; the callbacks behave as documented.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_multi_search(
    game: *const alphabeta_multi_game,
    config: *const alphabeta_multi_config,
    limits: *const alphabeta_limits,
    table_memory: *mut c_void,
    table_bytes: usize,
    result: *mut alphabeta_multi_result,
    pv: *mut alphabeta_player_move,
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
            alphabeta_multi_config_default()
        } else {
            // SAFETY: non-NULL, valid by the caller's promise.
            unsafe { *config }
        };
        let required = table.player_to_move.is_some()
            && table.generate_moves.is_some()
            && table.make_move.is_some()
            && table.unmake_move.is_some()
            && table.is_terminal.is_some()
            && table.zobrist_key.is_some()
            && table.evaluate.is_some();
        if !required {
            return ALPHABETA_ERROR_NULL_CALLBACK;
        }
        let algorithm = match config.algorithm {
            ALPHABETA_MULTI_PARANOID => MultiAlgorithm::Paranoid,
            ALPHABETA_MULTI_MAXN => MultiAlgorithm::MaxN,
            ALPHABETA_MULTI_BEST_REPLY => MultiAlgorithm::BestReply,
            _ => return ALPHABETA_ERROR_BAD_CONFIG,
        };
        let (search, _ordering, double) = match convert(&config.search) {
            Ok(parts) => parts,
            Err(status) => return status,
        };
        if double || config.search.threads != 1 {
            return ALPHABETA_ERROR_BAD_CONFIG;
        }
        // SAFETY: the caller's table memory.
        let slots = match unsafe { caller_slots::<Slot32>(table_memory, table_bytes) } {
            Ok(slots) => slots,
            Err(status) => return status,
        };
        let bounds = if table.has_bounds {
            match checked_bounds(table.players, table.min_score, table.max_sum) {
                Some(bounds) => Some(bounds),
                None if (2..=ALPHABETA_MAX_PLAYERS).contains(&table.players) => {
                    return ALPHABETA_ERROR_INVALID_BOUNDS;
                }
                None => return ALPHABETA_ERROR_PLAYER_COUNT,
            }
        } else {
            None
        };
        let generation = AtomicU8::new(0);
        let multi_config =
            MultiConfig { algorithm, search, shallow_pruning: config.shallow_pruning };
        let mut engine: MultiEngine<CMultiGame, Bounded, MAX_MOVES, MAX_PLY, TableSlice<'_, i32>> =
            MultiEngine::with_parts(
                Bounded(bounds),
                multi_config,
                TableSlice::new(slots, &generation),
            );

        let clocks = Clocks::new(&limits);
        let rust_limits = clocks.limits(&limits);
        let mut game = CMultiGame { table, error: AtomicI32::new(0) };
        let out = engine.search(&mut game, &rust_limits);
        if let Some(status) = status_of(game.error.load(Ordering::Relaxed)) {
            return status;
        }
        let r = match out {
            Ok(r) => r,
            Err(error) => return error.into(),
        };
        let mut scores = [0; MAX_PLAYERS];
        if let Some(vector) = &r.scores {
            for (slot, &score) in scores.iter_mut().zip(vector.as_slice()) {
                *slot = score;
            }
        }
        let c = alphabeta_multi_result {
            algorithm: config.algorithm,
            root_player: r.root_player as u32,
            has_best_move: r.best_move.is_some(),
            best_move: r.best_move.unwrap_or(0),
            score: r.score,
            scores,
            has_scores: r.scores.is_some(),
            depth: r.depth,
            nodes: r.nodes,
            exact: r.exact,
            completed: r.completed,
            pv_length: r.pv.len(),
            immediate_prunes: r.immediate_prunes,
            shallow_prunes: r.shallow_prunes,
        };
        let written = r.pv.len().min(pv_capacity);
        for (i, m) in r.pv.iter().take(written).enumerate() {
            // SAFETY: `pv` holds `pv_capacity >= written` entries.
            unsafe { pv.add(i).write(alphabeta_player_move { player: m.player as u32, mv: m.mv }) };
        }
        // SAFETY: valid for a write.
        unsafe { result.write(c) };
        // A NULL buffer (capacity 0) asked for no PV: nothing was truncated (as in
        // `alphabeta_search`).
        if r.pv.len() > pv_capacity && !pv.is_null() {
            ALPHABETA_ERROR_PV_TRUNCATED
        } else {
            ALPHABETA_OK
        }
    })
}
