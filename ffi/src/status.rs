//! The status of every call, and its message.

use super::*;

/// The outcome of every call. `ALPHABETA_OK` is 0; values are never reused. In C the type is
/// an `int32_t` with these constants, so that any value a host holds (an unknown one
/// included) can be passed to `alphabeta_status_message`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum alphabeta_status {
    /// Success.
    ALPHABETA_OK = 0,
    /// A required pointer argument is NULL.
    ALPHABETA_ERROR_NULL_POINTER = 1,
    /// A required callback of the game table is NULL (or the evaluate callback of the
    /// engine's score type).
    ALPHABETA_ERROR_NULL_CALLBACK = 2,
    /// `min_depth > max_depth`.
    ALPHABETA_ERROR_MIN_DEPTH_ABOVE_MAX_DEPTH = 3,
    /// `max_depth` is 0.
    ALPHABETA_ERROR_ZERO_MAX_DEPTH = 4,
    /// `max_depth` (or a window search's depth) exceeds `alphabeta_max_ply()`.
    ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY = 5,
    /// The game reported more moves than the buffer holds (`alphabeta_max_moves()`).
    ALPHABETA_ERROR_MOVE_OVERFLOW = 6,
    /// The game reported a negative number of moves.
    ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT = 7,
    /// The evaluator returned NaN (a double engine).
    ALPHABETA_ERROR_NAN_SCORE = 8,
    /// A window search with `alpha >= beta`, a NaN bound, or a bound beyond the infinities
    /// (`INT32_MIN`, below -`INT32_MAX`).
    ALPHABETA_ERROR_INVALID_WINDOW = 9,
    /// A search was started on an engine that is already searching; or
    /// `alphabeta_engine_init` was given memory (for the engine or its table) that overlaps an
    /// engine on which a call runs (from one of its callbacks, or after `alphabeta_engine_free`
    /// deferred its free): nothing was changed.
    ALPHABETA_ERROR_ALREADY_SEARCHING = 10,
    /// The memory given for an engine is too small or misaligned (see
    /// `alphabeta_engine_size()` and `alphabeta_engine_align()`).
    ALPHABETA_ERROR_ENGINE_MEMORY = 11,
    /// The memory given for a transposition table is misaligned (16 bytes needed), holds
    /// fewer than 2 slots, or overlaps the engine's memory (`alphabeta_engine_init`).
    ALPHABETA_ERROR_TABLE_MEMORY = 12,
    /// A configuration field is out of range (an unknown constant, say).
    ALPHABETA_ERROR_BAD_CONFIG = 13,
    /// The call does not match the engine's score type (an int32 window on a double engine).
    ALPHABETA_ERROR_WRONG_SCORE_TYPE = 14,
    /// The principal-variation buffer was too small: the result is complete, the PV
    /// truncated to the buffer (`pv_length` says how long it really is).
    ALPHABETA_ERROR_PV_TRUNCATED = 15,
    /// A time limit without a clock (only the `std` library has a clock of its own).
    ALPHABETA_ERROR_NO_CLOCK = 16,
    /// A panic inside the library was caught (a bug: please report it).
    ALPHABETA_ERROR_PANIC = 17,
    /// The call is not available here: `alphabeta_engine_new` in a `no_std` build (it needs
    /// the standard library), or `alphabeta_engine_init` with `config.threads` other than 1
    /// (several threads need `alphabeta_engine_new`).
    ALPHABETA_ERROR_UNSUPPORTED = 18,
    /// The engine pointer does not point at an initialised engine.
    ALPHABETA_ERROR_NOT_AN_ENGINE = 19,
    /// The game's `clone_state` callback returned NULL (a search on several threads). The
    /// engine's transposition table is emptied, since the search went on with a placeholder
    /// for the missing copy.
    ALPHABETA_ERROR_CLONE_FAILED = 20,
    /// A multi-player game's `players` is not 2 to `ALPHABETA_MAX_PLAYERS`.
    ALPHABETA_ERROR_PLAYER_COUNT = 21,
    /// A multi-player game's `player_to_move` returned a player out of range.
    ALPHABETA_ERROR_PLAYER_OUT_OF_RANGE = 22,
    /// Best-reply search without `generate_moves_for` and `set_player_to_move`.
    ALPHABETA_ERROR_OUT_OF_TURN_UNSUPPORTED = 23,
    /// A multi-player game declares score bounds no vector can meet (`players * min_score >
    /// max_sum`), or too wide for exact int32 arithmetic (see `alphabeta_multi_game.has_bounds`);
    /// or a chance game's score bound is negative, NaN, infinite or `INT32_MAX` (see
    /// `alphabeta_chance_game.has_score_bound`).
    ALPHABETA_ERROR_INVALID_BOUNDS = 24,
    /// A score vector broke the bounds the game declared (multi-player search), or a score
    /// its bound (chance search).
    ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS = 25,
    /// The memory for the table (or the engine) could not be allocated.
    ALPHABETA_ERROR_OUT_OF_MEMORY = 26,
    /// The engine's thread pool could not be started (the operating system refused the
    /// threads `config.threads` asks for); nothing was created.
    ALPHABETA_ERROR_THREADS = 27,
    /// The evaluator returned a score outside the valid range: at ply `p` (plies from the
    /// root) a score must lie in `-(1000000 - p)..=1000000 - p` (double engines:
    /// `-(1e6 - p)..=1e6 - p`). Out of range are, say, 1000000 at ply 3, anything beyond
    /// ±1000000, ±`INT32_MAX`, ±infinity and `INT32_MIN` (see `alphabeta_game.evaluate`).
    ALPHABETA_ERROR_SCORE_OUT_OF_RANGE = 28,
    /// A chance node wrote no outcome.
    ALPHABETA_ERROR_NO_OUTCOMES = 29,
    /// A chance node wrote an outcome of weight 0.
    ALPHABETA_ERROR_ZERO_WEIGHT = 30,
    /// A chance node's weights sum to more than `ALPHABETA_MAX_TOTAL_WEIGHT`.
    ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE = 31,
    /// Star1 or Star2 is on and the chance game declares no score bound.
    ALPHABETA_ERROR_BOUND_REQUIRED = 32,
    /// A Monte Carlo call on an alpha-beta engine, or an alpha-beta call (a search, a window
    /// search) on a Monte Carlo engine.
    ALPHABETA_ERROR_WRONG_ENGINE = 33,
    /// The memory given for a Monte Carlo arena is misaligned (`alphabeta_mcts_node_align()`),
    /// holds fewer than 2 nodes, or overlaps the engine's memory; or, at search time, the arena
    /// cannot hold the root and its children.
    ALPHABETA_ERROR_ARENA_MEMORY = 34,
    /// A Monte Carlo search without an end: neither an iteration budget nor a time limit.
    ALPHABETA_ERROR_NO_BUDGET = 35,
    /// The children's buffer of `alphabeta_mcts_search` was too small: the result is
    /// complete, the children truncated to the buffer (`children_length` says how many there
    /// are).
    ALPHABETA_ERROR_CHILDREN_TRUNCATED = 36,
    /// The buffer for an analysis' root moves was too small: the analysis is complete,
    /// `count` says how many moves the root has, and the best `capacity` were written.
    ALPHABETA_ERROR_MOVES_TRUNCATED = 37,
    /// An analysis was asked for no line (`lines` is 0).
    ALPHABETA_ERROR_ZERO_LINES = 38,
    /// A chance game without a score bound: the weighted mean of a chance node's outcomes
    /// overflows, because they score +infinity and -infinity (the mean would be NaN) or their
    /// weighted sum is beyond the range of doubles. Declare a score bound.
    ALPHABETA_ERROR_MEAN_OVERFLOW = 39,
    /// Root parallelism (`ALPHABETA_MCTS_ROOT_PARALLEL` on more than one thread) gives each
    /// thread its own tree in `arena_nodes / threads` nodes: at `alphabeta_mcts_new`, that
    /// share is below 2 nodes; at search time, it cannot hold the root and its children. Give
    /// a larger arena, fewer threads, or tree parallelism (one shared tree).
    ALPHABETA_ERROR_ARENA_PER_THREAD = 40,
    /// Checking mode (`alphabeta_config.check_table`) found a table entry that contradicts
    /// the game: the `zobrist_key` callback gives two different positions the same key (it
    /// misses part of the state, such as the score so far). `alphabeta_last_error_detail()`
    /// names the key.
    ALPHABETA_ERROR_INCONSISTENT_KEY = 41,
    /// The game has a `reward` callback, and the call does not support rewards: a search on
    /// more than one thread, a Monte Carlo search. Search on one thread, or solve.
    ALPHABETA_ERROR_REWARDS_UNSUPPORTED = 42,
}

use alphabeta_status::*;

/// A search error's status. Converting also records the error's text (which names its field
/// or limit and the value) as the call's detail (`alphabeta_last_error_detail`).
impl From<SearchError> for alphabeta_status {
    fn from(error: SearchError) -> Self {
        detail::set_error(&error);
        match error {
            SearchError::MinDepthAboveMaxDepth { .. } => ALPHABETA_ERROR_MIN_DEPTH_ABOVE_MAX_DEPTH,
            SearchError::ZeroMaxDepth => ALPHABETA_ERROR_ZERO_MAX_DEPTH,
            SearchError::DepthBeyondCapacity { .. } => ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY,
            SearchError::TimeLimitWithoutClock => ALPHABETA_ERROR_NO_CLOCK,
            SearchError::MoveListOverflow { .. } => ALPHABETA_ERROR_MOVE_OVERFLOW,
            SearchError::NanScore { .. } => ALPHABETA_ERROR_NAN_SCORE,
            SearchError::InvalidWindow => ALPHABETA_ERROR_INVALID_WINDOW,
            SearchError::ScoreOutOfRange { .. } => ALPHABETA_ERROR_SCORE_OUT_OF_RANGE,
            // Refused by the C configuration already (`max_quiescence_depth` above
            // `alphabeta_max_ply()`, `null_window_epsilon`).
            SearchError::QuiescenceDepthBeyondCapacity { .. }
            | SearchError::InvalidNullWindowEpsilon
            | SearchError::InvalidConfig { .. }
            | SearchError::ParallelUnsupported { .. } => ALPHABETA_ERROR_BAD_CONFIG,
            SearchError::ZeroLines => ALPHABETA_ERROR_ZERO_LINES,
            SearchError::InconsistentKey { .. } => ALPHABETA_ERROR_INCONSISTENT_KEY,
            SearchError::RewardsUnsupported { .. } => ALPHABETA_ERROR_REWARDS_UNSUPPORTED,
            // A later one is a configuration error too.
            _ => ALPHABETA_ERROR_BAD_CONFIG,
        }
    }
}

/// A status as a host holds it: any `int32_t`, known or not. The header names this type
/// `alphabeta_status` (an `int32_t` in C, the enum with an `int32_t` base in C++), so that
/// `alphabeta_status_message` takes a status as every call returns it.
pub type alphabeta_status_value = i32;

/// A message for a status, as a static NUL-terminated string (never NULL; a value that is no
/// status gets "unknown status").
#[no_mangle]
pub extern "C" fn alphabeta_status_message(status: alphabeta_status_value) -> *const c_char {
    let message: &'static [u8] = match status {
        0 => b"ok\0",
        1 => b"a required pointer argument is NULL\0",
        2 => b"a required callback of the game is NULL\0",
        3 => b"min_depth is greater than max_depth\0",
        4 => b"max_depth is 0; a search needs at least 1 ply\0",
        5 => b"the depth exceeds the engine's ply capacity (alphabeta_max_ply())\0",
        6 => b"the game reported more moves than the buffer holds (alphabeta_max_moves())\0",
        7 => b"the game reported a negative number of moves\0",
        8 => b"the evaluator returned NaN\0",
        9 => b"the search window is invalid: alpha must be less than beta, neither NaN nor INT32_MIN\0",
        10 => b"the engine is already searching (or a call runs on an engine in the memory given)\0",
        11 => b"the engine memory is too small or misaligned\0",
        12 => b"the table memory is misaligned (16 bytes), holds fewer than 2 slots, or overlaps the engine memory\0",
        13 => b"a configuration field is out of range\0",
        14 => b"the call does not match the engine's score type\0",
        15 => b"the principal-variation buffer is too small; the PV was truncated\0",
        16 => b"a time limit needs a clock\0",
        17 => b"a panic inside the library was caught (a bug)\0",
        18 => b"not available here: alphabeta_engine_new needs the standard library, and threads other than 1 need alphabeta_engine_new\0",
        19 => b"the pointer does not point at an initialised engine\0",
        20 => b"the game's clone_state callback returned NULL\0",
        21 => b"a multi-player game needs 2 to ALPHABETA_MAX_PLAYERS players\0",
        22 => b"the player to move is out of range\0",
        23 => b"best-reply search needs generate_moves_for and set_player_to_move\0",
        24 => b"the declared score bounds are impossible (players * min_score > max_sum), too wide for int32 sums, or a chance game's bound is negative, NaN, INT32_MAX or above DBL_MAX / 2^26 (weighted sums would overflow)\0",
        25 => b"a score (or score vector) broke the declared bounds\0",
        26 => b"out of memory: the table could not be allocated\0",
        27 => b"the thread pool could not be started (the system refused the threads)\0",
        28 => b"the evaluator returned a score outside the valid range (at ply p: -(1000000 - p)..=1000000 - p; never INT32_MAX, infinity or INT32_MIN)\0",
        29 => b"a chance node has no outcome\0",
        30 => b"a chance node has an outcome of weight 0\0",
        31 => b"the outcome weights of a chance node sum to more than ALPHABETA_MAX_TOTAL_WEIGHT\0",
        32 => b"Star1 and Star2 need the game's score bound (has_score_bound), or switch them off\0",
        33 => b"the call does not match the engine's kind (alpha-beta or Monte Carlo)\0",
        34 => b"the arena memory is misaligned, holds fewer than 2 nodes, overlaps the engine, or cannot hold the root's children\0",
        35 => b"a Monte Carlo search needs an iteration budget or a time limit\0",
        36 => b"the children's buffer is too small; the children were truncated\0",
        37 => b"the root-move buffer is too small; the best moves that fit were written\0",
        38 => b"an analysis needs at least 1 line\0",
        39 => b"the weighted mean of a chance node's outcomes overflows (+infinity and -infinity, or a weighted sum beyond the double range); declare a score bound\0",
        40 => b"root parallelism gives each thread arena_nodes / threads nodes, too few (fewer than 2, or at search time fewer than the root and its children need); give a larger arena, fewer threads, or tree parallelism\0",
        41 => b"the table contradicts the game: zobrist_key gives two positions the same key (it must cover everything the value depends on)\0",
        42 => b"the call does not support a game with a reward callback (a search on more than one thread, a Monte Carlo search)\0",
        _ => b"unknown status\0",
    };
    message.as_ptr().cast()
}

/// The status behind an error slot's value (0: none).
pub(crate) fn status_of(code: i32) -> Option<alphabeta_status> {
    match code {
        0 => None,
        7 => Some(ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT),
        6 => Some(ALPHABETA_ERROR_MOVE_OVERFLOW),
        20 => Some(ALPHABETA_ERROR_CLONE_FAILED),
        2 => Some(ALPHABETA_ERROR_NULL_CALLBACK),
        28 => Some(ALPHABETA_ERROR_SCORE_OUT_OF_RANGE),
        _ => Some(ALPHABETA_ERROR_PANIC),
    }
}
