//! The C ABI of alphabeta.
//!
//! A C or C++ host describes its game as a table of callbacks ([`alphabeta_game`]), creates an
//! engine (in memory it provides, or on the heap under `std`), and searches. Every function
//! checks its pointers and arguments and returns an [`alphabeta_status`]; none panics across
//! the boundary (panics are caught under `std`; the `no_std` library aborts through its panic
//! handler, `panic-handler` feature). `include/alphabeta.h` is generated from this file.
//!
//! Thread-safety: an engine is used by one thread at a time, except [`alphabeta_engine_stop`],
//! which any thread (or an interrupt handler) may call while a search runs.

#![cfg_attr(not(feature = "std"), no_std)]
#![allow(non_camel_case_types)]
#![deny(missing_docs)]

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_void};
use core::mem::{align_of, size_of};
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU8, AtomicUsize, Ordering};

use alphabeta::ordering::{DefaultSorter, OrderingConfig};
use alphabeta::tt::{Slot, Slot32, Slot64, TableSlice};
use alphabeta::{
    Algorithm, Clock, Config, Engine, EvalContext, Evaluator, Game, IterationInfo, Limits,
    MoveList, Score, SearchError, TtCutoffs,
};

// -------------------------------------------------------------------------------------------
// Capacities

/// The most moves a position may have (the move-list capacity).
#[cfg(not(feature = "small"))]
const MAX_MOVES: usize = 256;
/// The deepest search, in plies.
#[cfg(not(feature = "small"))]
const MAX_PLY: usize = 64;
#[cfg(feature = "small")]
const MAX_MOVES: usize = 64;
#[cfg(feature = "small")]
const MAX_PLY: usize = 32;

// -------------------------------------------------------------------------------------------
// Status

/// The outcome of every call. `ALPHABETA_OK` is 0; values are never reused.
#[repr(C)]
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
    /// The call needs the standard library (`alphabeta_engine_new` in a `no_std` build).
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
    /// max_sum`), or too wide for exact int32 arithmetic (see `alphabeta_multi_game.has_bounds`).
    ALPHABETA_ERROR_INVALID_BOUNDS = 24,
    /// A score vector broke the bounds the game declared.
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
}

use alphabeta_status::*;

mod multi;
pub use multi::*;

impl From<SearchError> for alphabeta_status {
    fn from(error: SearchError) -> Self {
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
            | SearchError::InvalidNullWindowEpsilon => ALPHABETA_ERROR_BAD_CONFIG,
            // A later one is a configuration error too.
            _ => ALPHABETA_ERROR_BAD_CONFIG,
        }
    }
}

/// A message for a status, as a static NUL-terminated string (never NULL; unknown values get
/// "unknown status").
#[no_mangle]
pub extern "C" fn alphabeta_status_message(status: i32) -> *const c_char {
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
        18 => b"the call needs the standard library\0",
        19 => b"the pointer does not point at an initialised engine\0",
        20 => b"the game's clone_state callback returned NULL\0",
        21 => b"a multi-player game needs 2 to ALPHABETA_MAX_PLAYERS players\0",
        22 => b"the player to move is out of range\0",
        23 => b"best-reply search needs generate_moves_for and set_player_to_move\0",
        24 => b"the declared score bounds are impossible (players * min_score > max_sum) or too wide for int32 sums\0",
        25 => b"a score vector broke the declared bounds\0",
        26 => b"out of memory: the table could not be allocated\0",
        27 => b"the thread pool could not be started (the system refused the threads)\0",
        28 => b"the evaluator returned a score outside the valid range (at ply p: -(1000000 - p)..=1000000 - p; never INT32_MAX, infinity or INT32_MIN)\0",
        _ => b"unknown status\0",
    };
    message.as_ptr().cast()
}

/// The score of a win at the root itself (ply 0): `evaluate` returns `ALPHABETA_WIN - d` for a
/// position won `d` plies from the root and `-(ALPHABETA_WIN - d)` for one lost (see
/// `alphabeta_win_in`, `alphabeta_loss_in` and the `ALPHABETA_WIN_IN` / `ALPHABETA_LOSS_IN`
/// macros). The same in double engines (`1e6`).
pub const ALPHABETA_WIN: i32 = 1_000_000;

/// Scores within `ALPHABETA_MAX_MATE_PLY` of `±ALPHABETA_WIN` are wins and losses; heuristic
/// scores stay strictly inside `±(ALPHABETA_WIN - ALPHABETA_MAX_MATE_PLY)`.
pub const ALPHABETA_MAX_MATE_PLY: u32 = 4096;

const _: () = assert!(ALPHABETA_WIN == <i32 as alphabeta::Score>::WIN);
const _: () = assert!(ALPHABETA_MAX_MATE_PLY == alphabeta::MAX_MATE_PLY);

/// The score of a win `ply` plies from the root, `ALPHABETA_WIN - ply` (`ply` at most
/// `ALPHABETA_MAX_MATE_PLY`; larger plies give the score at `ALPHABETA_MAX_MATE_PLY`).
#[no_mangle]
pub extern "C" fn alphabeta_win_in(ply: u32) -> i32 {
    ALPHABETA_WIN - ply.min(ALPHABETA_MAX_MATE_PLY) as i32
}

/// The score of a loss `ply` plies from the root, `-(ALPHABETA_WIN - ply)` (`ply` at most
/// `ALPHABETA_MAX_MATE_PLY`, as in `alphabeta_win_in`).
#[no_mangle]
pub extern "C" fn alphabeta_loss_in(ply: u32) -> i32 {
    -alphabeta_win_in(ply)
}

/// The library's version as a static string, `"MAJOR.MINOR.PATCH"` (compare with the
/// header's `ALPHABETA_VERSION_STRING`).
#[no_mangle]
pub extern "C" fn alphabeta_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The most moves a position may have in this build (the move buffer's capacity).
#[no_mangle]
pub extern "C" fn alphabeta_max_moves() -> usize {
    MAX_MOVES
}

/// The deepest search in plies in this build (also the most moves a PV can hold).
#[no_mangle]
pub extern "C" fn alphabeta_max_ply() -> usize {
    MAX_PLY
}

// -------------------------------------------------------------------------------------------
// The game as callbacks

/// The game, as callbacks on the host's state. `user_data` is passed first to every callback
/// and never touched by the library. Moves are `uint32_t` values of the host's choosing.
///
/// Required: `generate_moves`, `make_move`, `unmake_move`, `zobrist_key`, `side_to_move`,
/// `is_terminal`, and the evaluate callback of the engine's score type (`evaluate` for
/// `ALPHABETA_SCORE_INT32`, `evaluate_double` for `ALPHABETA_SCORE_DOUBLE`). The others may be
/// NULL. Callbacks must not throw C++ exceptions or `longjmp` out.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct alphabeta_game {
    /// The host's state, passed to every callback.
    pub user_data: *mut c_void,
    /// Writes the legal moves into `moves` (room for `capacity`) and returns how many there
    /// are, best first if the game can tell. More than `capacity`: the search fails with
    /// `ALPHABETA_ERROR_MOVE_OVERFLOW`; negative: `ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT`.
    pub generate_moves:
        Option<unsafe extern "C" fn(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32>,
    /// Plays `move`.
    pub make_move: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32)>,
    /// Takes back `move`, the last move played.
    pub unmake_move: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32)>,
    /// The score of the position for `player` (higher is better for `player`); `ply` is the
    /// distance from the root, `depth_left` the plies left.
    ///
    /// Valid scores depend on `ply`: a position `ply` plies from the root scores within
    /// `-(1000000 - ply)..=1000000 - ply`. A win is `1000000 - d` and a loss `-(1000000 - d)`,
    /// where `d >= ply` is the distance from the root to the end of the game (a won position
    /// at ply 3 itself scores 999997); keep heuristic values strictly inside
    /// ±(1000000 - 4096) so that they are never read as wins or losses. Anything else stops
    /// the search with `ALPHABETA_ERROR_SCORE_OUT_OF_RANGE`: at ply 3, 999998 and 1000000 are
    /// out of range (a win nearer than the position itself), as is any value beyond
    /// ±1000000 at any ply, ±`INT32_MAX` (there is no "better / worse than anything" score)
    /// and `INT32_MIN`.
    pub evaluate: Option<
        unsafe extern "C" fn(user_data: *mut c_void, player: i32, ply: u32, depth_left: u32) -> i32,
    >,
    /// The same for `ALPHABETA_SCORE_DOUBLE` engines: a position `ply` plies from the root
    /// scores within `-(1e6 - ply)..=1e6 - ply` (wins `1e6 - d`, losses `-(1e6 - d)` with
    /// `d >= ply`; at ply 3, 999997.0 is valid and 999997.5 is not). NaN stops the search
    /// with `ALPHABETA_ERROR_NAN_SCORE`; any other value outside the range, ±infinity
    /// included, with `ALPHABETA_ERROR_SCORE_OUT_OF_RANGE`.
    pub evaluate_double: Option<
        unsafe extern "C" fn(user_data: *mut c_void, player: i32, ply: u32, depth_left: u32) -> f64,
    >,
    /// The 64-bit Zobrist key of the position, the side to move included.
    pub zobrist_key: Option<unsafe extern "C" fn(user_data: *mut c_void) -> u64>,
    /// The player to move (any `int32_t` values; the engine negates scores where it changes).
    pub side_to_move: Option<unsafe extern "C" fn(user_data: *mut c_void) -> i32>,
    /// Whether the game is over.
    pub is_terminal: Option<unsafe extern "C" fn(user_data: *mut c_void) -> bool>,
    /// Optional: whether `move` is tactical (never reduced; searched by quiescence).
    pub is_tactical: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32) -> bool>,
    /// Optional: the quiescence policy, like `generate_moves` but only tactical moves. Set it
    /// to enable quiescence search.
    pub generate_tactical_moves:
        Option<unsafe extern "C" fn(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32>,
    /// Optional: a lower bound on the plies before the side to move can win (default 1), for
    /// mate distance pruning.
    pub min_plies_to_win: Option<unsafe extern "C" fn(user_data: *mut c_void) -> u32>,
    /// Optional: the same for a loss of the side to move (default 1).
    pub min_plies_to_loss: Option<unsafe extern "C" fn(user_data: *mut c_void) -> u32>,
    /// A copy of the state for another thread, as a new `user_data` (NULL on failure).
    /// Required, with `free_state`, by engines with more than one thread; unused otherwise.
    pub clone_state: Option<unsafe extern "C" fn(user_data: *mut c_void) -> *mut c_void>,
    /// Frees a state made by `clone_state`. Required, with `clone_state`, by engines with more
    /// than one thread (without it every copy would leak); unused otherwise.
    pub free_state: Option<unsafe extern "C" fn(user_data: *mut c_void)>,
}

/// The game seen from Rust: the callback table (checked for the required callbacks), and where
/// to report the first error a callback causes (shared by the copies a parallel search makes).
struct CGame {
    table: alphabeta_game,
    /// The search call's error slot (0: none): valid for the whole call, shared by clones.
    error: *const AtomicI32,
    /// A copy made with `clone_state`, freed with `free_state` when dropped.
    owned: bool,
}

// SAFETY: a game is sent to another thread only by a parallel search, which needs
// `clone_state`: each thread then works on its own copy of the host's state, and the error slot
// is an atomic. The header asks hosts that use threads for callbacks safe to call that way.
unsafe impl Send for CGame {}

impl CGame {
    /// Checks the required callbacks for a score type.
    fn new(
        table: alphabeta_game,
        double: bool,
        error: &AtomicI32,
    ) -> Result<Self, alphabeta_status> {
        let evaluate_ok =
            if double { table.evaluate_double.is_some() } else { table.evaluate.is_some() };
        let required = table.generate_moves.is_some()
            && table.make_move.is_some()
            && table.unmake_move.is_some()
            && table.zobrist_key.is_some()
            && table.side_to_move.is_some()
            && table.is_terminal.is_some()
            && evaluate_ok;
        if !required {
            return Err(ALPHABETA_ERROR_NULL_CALLBACK);
        }
        Ok(Self { table, error, owned: false })
    }

    /// Records the first error of the call.
    fn fail(&self, status: alphabeta_status) {
        // SAFETY: the error slot outlives every copy of the game (see the field).
        let slot = unsafe { &*self.error };
        let _ = slot.compare_exchange(0, status as i32, Ordering::Relaxed, Ordering::Relaxed);
    }
}

impl Clone for CGame {
    /// A copy of the host's state through `clone_state`. Without that callback, or when it
    /// returns NULL, the copy is marked failed: the search reports
    /// `ALPHABETA_ERROR_CLONE_FAILED` (or `NULL_CALLBACK`) instead of using it.
    fn clone(&self) -> Self {
        let user_data = match self.table.clone_state {
            // SAFETY: the host's clone callback with its own user_data.
            Some(clone) => unsafe { clone(self.table.user_data) },
            None => core::ptr::null_mut(),
        };
        if user_data.is_null() {
            self.fail(if self.table.clone_state.is_none() {
                ALPHABETA_ERROR_NULL_CALLBACK
            } else {
                ALPHABETA_ERROR_CLONE_FAILED
            });
            // A copy without callbacks: every position terminal, every score 0. The search
            // result is discarded because of the error above, and the table is emptied
            // (`alphabeta_search`): the copy's scores may have reached it.
            let dead = alphabeta_game { user_data, ..NO_CALLBACKS };
            return Self { table: dead, error: self.error, owned: false };
        }
        Self { table: alphabeta_game { user_data, ..self.table }, error: self.error, owned: true }
    }
}

impl Drop for CGame {
    fn drop(&mut self) {
        if self.owned {
            if let Some(free) = self.table.free_state {
                // SAFETY: a state made by `clone_state`, freed once.
                unsafe { free(self.table.user_data) };
            }
        }
    }
}

/// A game table without callbacks.
const NO_CALLBACKS: alphabeta_game = alphabeta_game {
    user_data: core::ptr::null_mut(),
    generate_moves: None,
    make_move: None,
    unmake_move: None,
    evaluate: None,
    evaluate_double: None,
    zobrist_key: None,
    side_to_move: None,
    is_terminal: None,
    is_tactical: None,
    generate_tactical_moves: None,
    min_plies_to_win: None,
    min_plies_to_loss: None,
    clone_state: None,
    free_state: None,
};

impl CGame {
    /// Calls a move generator into the list's spare room.
    fn fill<const N: usize>(
        &self,
        generator: unsafe extern "C" fn(*mut c_void, *mut u32, i32) -> i32,
        moves: &mut MoveList<u32, N>,
    ) {
        // SAFETY: the host's generator with its own user_data, writing at most `capacity`
        // moves into the buffer it is given.
        let generate =
            |buffer, capacity| unsafe { generator(self.table.user_data, buffer, capacity) };
        if !fill_moves(moves, generate) {
            self.fail(ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        }
    }
}

/// Lets a host's move generator write into a move list's spare room (`generate(buffer,
/// capacity)` returns how many it wrote). More moves than fit mark the list overflowed (the
/// search then fails with `MOVE_OVERFLOW`); a negative count does too and returns `false`, so
/// the caller can report `NEGATIVE_MOVE_COUNT`.
pub(crate) fn fill_moves<const N: usize>(
    moves: &mut MoveList<u32, N>,
    generate: impl FnOnce(*mut u32, i32) -> i32,
) -> bool {
    let spare = moves.spare_capacity_mut();
    let capacity = spare.len().min(i32::MAX as usize);
    let count = generate(spare.as_mut_ptr().cast::<u32>(), capacity as i32);
    match usize::try_from(count) {
        Ok(count) if count <= capacity => {
            // SAFETY: the generator initialised `count <= capacity` moves.
            unsafe { moves.set_len(count) };
            true
        }
        Ok(_) => {
            moves.mark_overflow();
            true
        }
        Err(_) => {
            moves.mark_overflow(); // stops the search at once
            false
        }
    }
}

// The `unwrap_or` fallbacks below are never taken: `CGame::new` checked the callbacks.
impl Game for CGame {
    type Move = u32;
    type Player = i32;
    type Undo = ();

    fn side_to_move(&self) -> i32 {
        // SAFETY: a valid callback of the host, called with its own user_data.
        self.table.side_to_move.map_or(0, |f| unsafe { f(self.table.user_data) })
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        if let Some(generator) = self.table.generate_moves {
            self.fill(generator, moves);
        }
    }

    fn make_move(&mut self, mv: u32) {
        if let Some(f) = self.table.make_move {
            // SAFETY: as above.
            unsafe { f(self.table.user_data, mv) }
        }
    }

    fn unmake_move(&mut self, mv: u32, (): ()) {
        if let Some(f) = self.table.unmake_move {
            // SAFETY: as above.
            unsafe { f(self.table.user_data, mv) }
        }
    }

    fn is_terminal(&self) -> bool {
        // SAFETY: as above.
        self.table.is_terminal.is_none_or(|f| unsafe { f(self.table.user_data) })
    }

    fn zobrist_key(&self) -> u64 {
        // SAFETY: as above.
        self.table.zobrist_key.map_or(0, |f| unsafe { f(self.table.user_data) })
    }

    fn is_tactical(&self, mv: u32) -> bool {
        // SAFETY: as above.
        self.table.is_tactical.is_some_and(|f| unsafe { f(self.table.user_data, mv) })
    }

    const QUIESCENCE: bool = true;

    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        if let Some(generator) = self.table.generate_tactical_moves {
            self.fill(generator, moves);
        } else {
            // No quiescence policy: no tactical moves, so quiescence is the static evaluation.
        }
    }

    fn min_plies_to_win(&self) -> u32 {
        // SAFETY: as above.
        self.table.min_plies_to_win.map_or(1, |f| unsafe { f(self.table.user_data) })
    }

    fn min_plies_to_loss(&self) -> u32 {
        // SAFETY: as above.
        self.table.min_plies_to_loss.map_or(1, |f| unsafe { f(self.table.user_data) })
    }
}

/// The int32 evaluator: the game's `evaluate` callback.
#[derive(Clone, Copy)]
struct IntEval;

impl Evaluator<CGame> for IntEval {
    type Score = i32;
    fn evaluate(&self, game: &CGame, player: i32, ctx: EvalContext) -> i32 {
        // SAFETY: checked non-NULL by `CGame::new` for int32 engines.
        game.table
            .evaluate
            .map_or(0, |f| unsafe { f(game.table.user_data, player, ctx.ply, ctx.depth_left) })
    }
}

/// The double evaluator: the game's `evaluate_double` callback.
#[derive(Clone, Copy)]
struct DoubleEval;

impl Evaluator<CGame> for DoubleEval {
    type Score = f64;
    fn evaluate(&self, game: &CGame, player: i32, ctx: EvalContext) -> f64 {
        // SAFETY: checked non-NULL by `CGame::new` for double engines.
        game.table
            .evaluate_double
            .map_or(0.0, |f| unsafe { f(game.table.user_data, player, ctx.ply, ctx.depth_left) })
    }
}

// -------------------------------------------------------------------------------------------
// Configuration

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
/// and the same at each first move down the principal variation (default).
pub const ALPHABETA_PARALLEL_ROOT_SPLIT: u32 = 1;
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
    /// `ALPHABETA_PARALLEL_ROOT_SPLIT` (default) or `ALPHABETA_PARALLEL_LAZY_SMP`.
    pub parallel_scheme: u32,
    /// Root splitting keeps an iteration on one thread while the search so far has visited
    /// fewer nodes than this (forking the pool costs more than it saves on small trees).
    /// Default 16384; 0 splits every iteration from depth 2 on.
    pub parallel_min_split_nodes: u32,
}

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
        parallel_scheme: ALPHABETA_PARALLEL_ROOT_SPLIT,
        parallel_min_split_nodes: DEFAULT_MIN_SPLIT_NODES,
    }
}

/// The Rust configuration, ordering and score type (`true`: double) of a C configuration.
fn convert(c: &alphabeta_config) -> Result<(Config, OrderingConfig, bool), alphabeta_status> {
    let algorithm = match c.algorithm {
        ALPHABETA_ALGORITHM_ALPHA_BETA => Algorithm::AlphaBeta,
        ALPHABETA_ALGORITHM_MINIMAX => Algorithm::Minimax,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let tt_cutoffs = match c.tt_cutoffs {
        ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN => TtCutoffs::DeeperOrProven,
        ALPHABETA_TT_CUTOFFS_EQUAL_DRAFT => TtCutoffs::EqualDraft,
        ALPHABETA_TT_CUTOFFS_NEVER => TtCutoffs::Never,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    let double = match c.score_type {
        ALPHABETA_SCORE_INT32 => false,
        ALPHABETA_SCORE_DOUBLE => true,
        _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
    };
    if !(c.null_window_epsilon > 0.0 && c.null_window_epsilon.is_finite()) {
        return Err(ALPHABETA_ERROR_BAD_CONFIG);
    }
    if c.threads > MAX_THREADS {
        return Err(ALPHABETA_ERROR_BAD_CONFIG);
    }
    // The core bounds quiescence like the main search (`QuiescenceDepthBeyondCapacity`, at
    // search time when quiescence is on): refused here whatever `quiescence` says, so that a
    // configuration is accepted or refused once, when the engine is made.
    if c.max_quiescence_depth as usize > MAX_PLY {
        return Err(ALPHABETA_ERROR_BAD_CONFIG);
    }
    let config = Config {
        algorithm,
        iterative_deepening: c.iterative_deepening,
        poll_interval_nodes: c.poll_interval_nodes,
        ordering: c.ordering,
        tt_cutoffs,
        pvs: c.pvs,
        null_window_epsilon: c.null_window_epsilon,
        mate_distance_pruning: c.mate_distance_pruning,
        lmr: c.lmr,
        lmr_min_depth: c.lmr_min_depth,
        lmr_min_move_index: c.lmr_min_move_index,
        quiescence: c.quiescence,
        max_quiescence_depth: c.max_quiescence_depth,
        tie_break_seed: c.tie_break.then_some(c.tie_break_seed),
        threads: c.threads,
        parallel_scheme: match c.parallel_scheme {
            ALPHABETA_PARALLEL_LAZY_SMP => alphabeta::ParallelScheme::LazySmp,
            ALPHABETA_PARALLEL_ROOT_SPLIT => alphabeta::ParallelScheme::RootSplit,
            _ => return Err(ALPHABETA_ERROR_BAD_CONFIG),
        },
    };
    let ordering = OrderingConfig {
        pv_move: c.order_pv_move,
        tt_move: c.order_tt_move,
        tactical: c.order_tactical,
        killers: c.order_killers,
        history: c.order_history,
    };
    Ok((config, ordering, double))
}

// -------------------------------------------------------------------------------------------
// Limits, results, progress

/// The host's clock: monotonic microseconds.
pub type alphabeta_clock_fn = Option<unsafe extern "C" fn(user_data: *mut c_void) -> u64>;

/// Progress after each completed iteration (the `info` lines of chess engines). `pv` points at
/// `pv_length` moves valid only during the callback.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_info {
    /// The depth just completed.
    pub depth: u32,
    /// Its score (int32 engines; the double score rounded toward zero otherwise).
    pub score: i32,
    /// Its score as a double.
    pub score_double: f64,
    /// Nodes so far.
    pub nodes: u64,
    /// Microseconds since the search started (0 without a clock).
    pub elapsed_micros: u64,
    /// Nodes per second so far (0 without a clock or before any time passed).
    pub nodes_per_second: u64,
    /// Whether the score is the game's value.
    pub exact: bool,
    /// The principal variation of this iteration.
    pub pv: *const u32,
    /// Moves in `pv`.
    pub pv_length: usize,
}

/// The progress callback.
pub type alphabeta_info_fn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, info: *const alphabeta_info)>;

/// The limits of one search.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct alphabeta_limits {
    /// The depth that always completes (at least 1).
    pub min_depth: u32,
    /// The deepest iteration (1 to `alphabeta_max_ply()`).
    pub max_depth: u32,
    /// Microseconds allowed, measured on the clock, or `ALPHABETA_NO_TIME_LIMIT` (the value
    /// `alphabeta_limits_depth` sets) for none. As in the Rust `Limits::with_time_limit`, 0 is
    /// no time at all: the search completes `min_depth` and stops there.
    pub time_limit_micros: u64,
    /// The host's clock; NULL uses the library's own clock (std builds only; a `no_std`
    /// build with a time limit and no clock returns `ALPHABETA_ERROR_NO_CLOCK`).
    pub clock: alphabeta_clock_fn,
    /// Passed to `clock`.
    pub clock_user_data: *mut c_void,
    /// Called after every completed iteration (may be NULL).
    pub on_iteration: alphabeta_info_fn,
    /// Passed to `on_iteration`.
    pub on_iteration_user_data: *mut c_void,
}

/// `alphabeta_limits.time_limit_micros`: no time limit (`UINT64_MAX`). Any other value is a
/// limit; 0 completes `min_depth` and stops.
pub const ALPHABETA_NO_TIME_LIMIT: u64 = u64::MAX;

/// Limits from depth 1 to `max_depth`, no time limit (`ALPHABETA_NO_TIME_LIMIT`), no clock, no
/// callback.
#[no_mangle]
pub extern "C" fn alphabeta_limits_depth(max_depth: u32) -> alphabeta_limits {
    alphabeta_limits {
        min_depth: 1,
        max_depth,
        time_limit_micros: ALPHABETA_NO_TIME_LIMIT,
        clock: None,
        clock_user_data: core::ptr::null_mut(),
        on_iteration: None,
        on_iteration_user_data: core::ptr::null_mut(),
    }
}

/// The outcome of a search. The PV goes to the caller's buffer.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_result {
    /// Whether `best_move` holds a move (false for a terminal root or one without moves).
    pub has_best_move: bool,
    /// The best move.
    pub best_move: u32,
    /// The root's score for the side to move (int32 engines; the double score rounded toward
    /// zero otherwise).
    pub score: i32,
    /// The root's score as a double.
    pub score_double: f64,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the score is the game's value (no horizon reached).
    pub exact: bool,
    /// False when the clock or the stop call interrupted an iteration (the result is the last
    /// completed one).
    pub completed: bool,
    /// The PV's true length (moves written: the smaller of this and the buffer's capacity).
    pub pv_length: usize,
    /// Whether the elapsed time is known (a clock was used).
    pub has_elapsed: bool,
    /// Microseconds from start to end.
    pub elapsed_micros: u64,
    /// Table probes.
    pub tt_probes: u64,
    /// Table probes that found the position.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub beta_cutoffs: u64,
    /// Beta cutoffs by the first move.
    pub first_move_cutoffs: u64,
    /// Re-searches (PVS and LMR).
    pub researches: u64,
}

/// The outcome of a window search.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct alphabeta_window_result {
    /// The fail-soft score: `<= alpha` an upper bound, `>= beta` a lower bound, between them
    /// exact (int32 engines; rounded toward zero otherwise).
    pub score: i32,
    /// The same as a double.
    pub score_double: f64,
    /// Whether `best_move` holds a move.
    pub has_best_move: bool,
    /// The move that produced the score.
    pub best_move: u32,
    /// Nodes visited.
    pub nodes: u64,
}

struct CClock {
    pub(crate) now: unsafe extern "C" fn(*mut c_void) -> u64,
    pub(crate) user_data: *mut c_void,
}

// SAFETY: the host's clock is read from the searching thread only while one thread searches;
// with several threads (a future `threads > 1`) the header asks for a thread-safe clock.
unsafe impl Sync for CClock {}

impl Clock for CClock {
    fn now_micros(&self) -> u64 {
        // SAFETY: the host's clock callback with its own user_data.
        unsafe { (self.now)(self.user_data) }
    }
}

// -------------------------------------------------------------------------------------------
// The engine

type IntEngine = Engine<
    CGame,
    IntEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, i32>,
    DefaultSorter<u32, MAX_PLY>,
>;
type DoubleEngine = Engine<
    CGame,
    DoubleEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, f64>,
    DefaultSorter<u32, MAX_PLY>,
>;

#[cfg(feature = "std")]
type IntParallel = alphabeta::parallel::ParallelEngine<
    CGame,
    IntEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, i32>,
    DefaultSorter<u32, MAX_PLY>,
>;
#[cfg(feature = "std")]
type DoubleParallel = alphabeta::parallel::ParallelEngine<
    CGame,
    DoubleEval,
    MAX_MOVES,
    MAX_PLY,
    TableSlice<'static, f64>,
    DefaultSorter<u32, MAX_PLY>,
>;

enum Kind {
    Int(IntEngine),
    Double(DoubleEngine),
    #[cfg(feature = "std")]
    IntParallel(Box<IntParallel>),
    #[cfg(feature = "std")]
    DoubleParallel(Box<DoubleParallel>),
}

impl Kind {
    fn is_double(&self) -> bool {
        match self {
            Kind::Double(_) => true,
            #[cfg(feature = "std")]
            Kind::DoubleParallel(_) => true,
            _ => false,
        }
    }

    fn is_parallel(&self) -> bool {
        match self {
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => engine.threads() > 1,
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => engine.threads() > 1,
            _ => false,
        }
    }

    /// The engine that runs on the calling thread (a window search, the table).
    fn int_engine(&mut self) -> Option<&mut IntEngine> {
        match self {
            Kind::Int(engine) => Some(engine),
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => Some(engine.engine_mut()),
            _ => None,
        }
    }

    fn double_engine(&mut self) -> Option<&mut DoubleEngine> {
        match self {
            Kind::Double(engine) => Some(engine),
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => Some(engine.engine_mut()),
            _ => None,
        }
    }

    /// Empties the engine's transposition table.
    fn clear_table(&mut self) {
        if let Some(engine) = self.int_engine() {
            engine.table().clear();
        } else if let Some(engine) = self.double_engine() {
            engine.table().clear();
        }
    }
}

const MAGIC: u64 = 0x616c_7068_6162_6574; // "alphabet"

/// `alphabeta_engine.state`: no call runs.
const IDLE: u8 = 0;
/// `alphabeta_engine.state`: a search (or a table or history call) runs.
const SEARCHING: u8 = 1;
/// `alphabeta_engine.state`: a call runs and the engine was freed meanwhile; the call frees
/// it when it returns.
const FREE_PENDING: u8 = 2;
/// `alphabeta_engine.state`: being freed.
const FREEING: u8 = 3;

/// An engine. Opaque: create one with `alphabeta_engine_init` (in memory you provide) or
/// `alphabeta_engine_new` (std builds).
pub struct alphabeta_engine {
    magic: u64,
    /// Raised by `alphabeta_engine_stop`; cleared when a search starts.
    stop: AtomicBool,
    /// `IDLE`, `SEARCHING` (a call runs), `FREE_PENDING` (`alphabeta_engine_free` was called
    /// while a call runs: the call frees the engine on its way out) or `FREEING`.
    state: AtomicU8,
    /// Made by `alphabeta_engine_new` (freeing it returns the memory), not
    /// `alphabeta_engine_init` (the memory is the host's).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    on_heap: bool,
    /// The table's generation counter (the table's slots are in the host's memory).
    generation: AtomicU8,
    /// Whether `alphabeta_engine_free` must free the table (std builds).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    owns_table: bool,
    /// The table's slots and memory (freed by `alphabeta_engine_free` when owned).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    table_slots: usize,
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    table_memory: *mut u8,
    kind: UnsafeCell<Kind>,
}

/// Bytes that hold an engine of the standard library (256 moves, 64 plies) on every supported
/// target, 32- or 64-bit, with or without `std`: at least `alphabeta_engine_size()` there
/// (20,384 on x86-64 and 20,104 on Cortex-M4 today). For static storage decided at compile
/// time; `alphabeta_engine_init` still checks the size it is given.
pub const ALPHABETA_ENGINE_STORAGE_SIZE: usize = 20_480;

/// Bytes that hold an engine of the `small` library (64 moves, 32 plies) on every supported
/// target: at least `alphabeta_engine_size()` there (7,048 on Cortex-M4 today).
pub const ALPHABETA_SMALL_ENGINE_STORAGE_SIZE: usize = 7_168;

/// The alignment every engine needs at most, in bytes (`alphabeta_engine_align()` is at most
/// this): 8, the alignment of `uint64_t` on the supported targets.
pub const ALPHABETA_ENGINE_ALIGN: usize = 8;

/// Static storage for an engine of the standard library, usable from C99 (no `_Alignas`): its
/// `uint64_t` words give it the alignment. Pass `&storage` and `sizeof storage` to
/// `alphabeta_engine_init`.
#[repr(C)]
pub struct alphabeta_engine_storage {
    /// The engine's memory.
    pub words: [u64; 2_560],
}

/// Static storage for an engine of the `small` library, as `alphabeta_engine_storage`.
#[repr(C)]
pub struct alphabeta_small_engine_storage {
    /// The engine's memory.
    pub words: [u64; 896],
}

// The constants hold for this build: a target or a change that outgrows them fails to compile.
#[cfg(not(feature = "small"))]
const _: () = assert!(size_of::<alphabeta_engine>() <= ALPHABETA_ENGINE_STORAGE_SIZE);
#[cfg(feature = "small")]
const _: () = assert!(size_of::<alphabeta_engine>() <= ALPHABETA_SMALL_ENGINE_STORAGE_SIZE);
const _: () = assert!(align_of::<alphabeta_engine>() <= ALPHABETA_ENGINE_ALIGN);
const _: () = assert!(align_of::<alphabeta_engine_storage>() >= align_of::<alphabeta_engine>());
const _: () = assert!(size_of::<alphabeta_engine_storage>() == ALPHABETA_ENGINE_STORAGE_SIZE);
const _: () =
    assert!(size_of::<alphabeta_small_engine_storage>() == ALPHABETA_SMALL_ENGINE_STORAGE_SIZE);

/// The bytes an engine needs (for `alphabeta_engine_init`).
#[no_mangle]
pub extern "C" fn alphabeta_engine_size() -> usize {
    size_of::<alphabeta_engine>()
}

/// The alignment an engine's memory needs, in bytes.
#[no_mangle]
pub extern "C" fn alphabeta_engine_align() -> usize {
    align_of::<alphabeta_engine>()
}

/// The bytes of one table slot for a score type (16 for int32, 20 for double); table memory
/// must be 16-byte aligned.
#[no_mangle]
pub extern "C" fn alphabeta_table_slot_size(score_type: u32) -> usize {
    if score_type == ALPHABETA_SCORE_DOUBLE {
        size_of::<Slot64>()
    } else {
        size_of::<Slot32>()
    }
}

/// Runs `body`, catching a panic under std.
fn guard(body: impl FnOnce() -> alphabeta_status) -> alphabeta_status {
    #[cfg(feature = "std")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(body))
            .unwrap_or(ALPHABETA_ERROR_PANIC)
    }
    #[cfg(not(feature = "std"))]
    {
        body()
    }
}

/// Builds the engine in `memory` (not yet a valid engine) over a table of `slots` slots at
/// `table`. On failure `memory` holds no engine (whatever was built in it is dropped and its
/// magic cleared).
///
/// # Safety
/// `memory` is valid for writes of an engine and suitably aligned; `table` is valid for
/// `slots` slots of the score type and 16-byte aligned (or `slots` is 0), and both stay valid
/// and unmoved until the engine is no longer used.
unsafe fn build(
    memory: *mut alphabeta_engine,
    config: &alphabeta_config,
    table: *mut u8,
    slots: usize,
    on_heap: bool,
) -> alphabeta_status {
    #[cfg(feature = "std")]
    let min_split_nodes = u64::from(config.parallel_min_split_nodes);
    let (config, ordering, double) = match convert(config) {
        Ok(parts) => parts,
        Err(status) => return status,
    };
    // SAFETY: `memory` is valid for writes (the caller's promise).
    unsafe {
        memory.write(alphabeta_engine {
            magic: MAGIC,
            stop: AtomicBool::new(false),
            state: AtomicU8::new(IDLE),
            on_heap,
            generation: AtomicU8::new(0),
            owns_table: on_heap,
            table_slots: slots,
            table_memory: table,
            kind: UnsafeCell::new(Kind::Int(Engine::with_parts(
                IntEval,
                config,
                TableSlice::new(&[], &EMPTY_GENERATION),
                DefaultSorter::with_config(ordering),
            ))),
        });
    }
    // SAFETY: just written; the generation and the slots live as long as the engine (the
    // caller's promise), so extending their lifetime to 'static is sound while it is used.
    let engine = unsafe { &mut *memory };
    let generation: &'static AtomicU8 = unsafe { &*(&engine.generation as *const AtomicU8) };
    let kind = engine.kind.get_mut();
    if double {
        let table = if slots >= 2 {
            // SAFETY: `table` holds `slots` 16-byte-aligned slots (the caller's promise);
            // zeroed below.
            unsafe { core::slice::from_raw_parts(table.cast::<Slot64>(), slots) }
        } else {
            &[]
        };
        zero(table);
        *kind = Kind::Double(Engine::with_parts(
            DoubleEval,
            config,
            TableSlice::new(table, generation),
            DefaultSorter::with_config(ordering),
        ));
    } else {
        let table = if slots >= 2 {
            // SAFETY: as above.
            unsafe { core::slice::from_raw_parts(table.cast::<Slot32>(), slots) }
        } else {
            &[]
        };
        zero(table);
        *kind = Kind::Int(Engine::with_parts(
            IntEval,
            config,
            TableSlice::new(table, generation),
            DefaultSorter::with_config(ordering),
        ));
    }
    #[cfg(feature = "std")]
    if config.threads != 1 {
        // The sequential engine becomes the main engine of a parallel one.
        let placeholder = Kind::Int(Engine::with_parts(
            IntEval,
            config,
            TableSlice::new(&[], &EMPTY_GENERATION),
            DefaultSorter::with_config(ordering),
        ));
        let parallel = match core::mem::replace(kind, placeholder) {
            Kind::Int(engine) => alphabeta::parallel::ParallelEngine::new(engine).map(|mut p| {
                p.set_min_split_nodes(min_split_nodes);
                Kind::IntParallel(Box::new(p))
            }),
            Kind::Double(engine) => {
                alphabeta::parallel::ParallelEngine::new(engine).map(|mut p| {
                    p.set_min_split_nodes(min_split_nodes);
                    Kind::DoubleParallel(Box::new(p))
                })
            }
            other => Ok(other),
        };
        match parallel {
            Ok(parallel) => *kind = parallel,
            Err(error) => {
                // Nothing is left half-made: the engine is dropped, and `memory` no longer
                // reads as one.
                // SAFETY: `memory` holds the engine written above, dropped once; the magic
                // is plain data, written after.
                unsafe {
                    core::ptr::drop_in_place(memory);
                    core::ptr::addr_of_mut!((*memory).magic).write(0);
                }
                return match error {
                    alphabeta::parallel::ParallelError::TooManyThreads { .. } => {
                        ALPHABETA_ERROR_BAD_CONFIG
                    }
                    _ => ALPHABETA_ERROR_THREADS,
                };
            }
        }
    }
    ALPHABETA_OK
}

static EMPTY_GENERATION: AtomicU8 = AtomicU8::new(0);

fn zero<L: Slot>(slots: &[L]) {
    for slot in slots {
        for word in slot.words() {
            word.store(0, Ordering::Relaxed);
        }
    }
}

/// Initialises an engine in memory the host provides: no heap at all.
///
/// * `memory`, `memory_size`: at least `alphabeta_engine_size()` bytes aligned to
///   `alphabeta_engine_align()`.
/// * `config`: the configuration (NULL: `alphabeta_config_default()`).
/// * `table_memory`, `table_bytes`: the transposition table, 16-byte aligned, holding
///   `table_bytes / alphabeta_table_slot_size(score_type)` slots (at least 2), and not
///   overlapping the engine's memory (its first `alphabeta_engine_size()` bytes); NULL and 0
///   for no table. It is zeroed here.
/// * `out`: receives the engine (the same address as `memory`), only on success.
///
/// Both memories must stay valid and unmoved while the engine is used; nothing needs
/// freeing afterwards (`alphabeta_engine_free` may end the engine, which then reads as no
/// engine, but frees nothing). Errors: `NULL_POINTER`, `ENGINE_MEMORY`, `TABLE_MEMORY`
/// (also a table overlapping the engine memory), `BAD_CONFIG`, `UNSUPPORTED` (`threads` other
/// than 1: a thread pool needs `alphabeta_engine_new`), `ALREADY_SEARCHING` (see below). On
/// an error nothing was written, neither the memories nor `*out`.
///
/// **Memory that already holds an engine.** If a call runs on that engine (this is one of
/// its callbacks, or `alphabeta_engine_free` was called during the call, which only defers
/// the free until the call returns), the answer is `ALPHABETA_ERROR_ALREADY_SEARCHING` and the
/// engine is left as it was; so it is when the table memory overlaps such an engine. Build the
/// new engine after that call has returned. An idle engine made here is simply replaced: the
/// old one owned nothing (no heap, no threads), so nothing leaks, and the new engine's
/// pointer is the same as the old one's. Memory of an engine from `alphabeta_engine_new` is
/// not yours to build in.
///
/// # Safety
/// The pointers are valid for the sizes given.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_init(
    memory: *mut c_void,
    memory_size: usize,
    config: *const alphabeta_config,
    table_memory: *mut c_void,
    table_bytes: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    guard(|| {
        if memory.is_null() || out.is_null() {
            return ALPHABETA_ERROR_NULL_POINTER;
        }
        if memory_size < size_of::<alphabeta_engine>()
            || !(memory as usize).is_multiple_of(align_of::<alphabeta_engine>())
        {
            return ALPHABETA_ERROR_ENGINE_MEMORY;
        }
        // A call runs on an engine there (this is one of its callbacks, or the engine was
        // freed during the call, which only defers the free): building over it would rewrite
        // the engine that call uses. Nothing is touched.
        // SAFETY: `memory` is valid for an engine (the caller's promise).
        if unsafe { busy::overlaps(memory.cast(), size_of::<alphabeta_engine>()) } {
            return ALPHABETA_ERROR_ALREADY_SEARCHING;
        }
        let config = if config.is_null() {
            alphabeta_config_default()
        } else {
            // SAFETY: non-NULL, pointing at a config (the caller's promise).
            unsafe { *config }
        };
        if convert(&config).is_err() {
            return ALPHABETA_ERROR_BAD_CONFIG;
        }
        if config.threads != 1 {
            // A thread pool needs the heap: only `alphabeta_engine_new` makes one.
            return ALPHABETA_ERROR_UNSUPPORTED;
        }
        let slots = match table_slots(&config, table_memory, table_bytes, memory) {
            Ok(slots) => slots,
            Err(status) => return status,
        };
        // The table is zeroed: not over an engine a call uses either.
        // SAFETY: `table_memory` is valid for `table_bytes` bytes (the caller's promise).
        if slots > 0 && unsafe { busy::overlaps(table_memory.cast(), table_bytes) } {
            return ALPHABETA_ERROR_ALREADY_SEARCHING;
        }
        let engine = memory.cast::<alphabeta_engine>();
        // SAFETY: memory checked for size and alignment; the table for alignment and size.
        let status = unsafe { build(engine, &config, table_memory.cast(), slots, false) };
        if status == ALPHABETA_OK {
            // SAFETY: `out` is non-NULL and valid for a write.
            unsafe { out.write(engine) };
        }
        status
    })
}

/// How many slots the table memory holds, or why it is unusable: misaligned, fewer than 2
/// slots, or overlapping the engine's memory at `engine` (its first `alphabeta_engine_size()`
/// bytes, which `build` writes before it zeroes the table).
fn table_slots(
    config: &alphabeta_config,
    table: *mut c_void,
    bytes: usize,
    engine: *mut c_void,
) -> Result<usize, alphabeta_status> {
    if table.is_null() {
        return if bytes == 0 { Ok(0) } else { Err(ALPHABETA_ERROR_NULL_POINTER) };
    }
    let slots = bytes / alphabeta_table_slot_size(config.score_type);
    if !(table as usize).is_multiple_of(16) || slots < 2 {
        return Err(ALPHABETA_ERROR_TABLE_MEMORY);
    }
    let (table, engine) = (table as usize, engine as usize);
    let overlap = table < engine.saturating_add(size_of::<alphabeta_engine>())
        && engine < table.saturating_add(bytes);
    if overlap {
        return Err(ALPHABETA_ERROR_TABLE_MEMORY);
    }
    Ok(slots)
}

/// Creates an engine on the heap (std builds) with a table of `table_slots` slots (0: none),
/// searching on `config->threads` threads (a pool that lives as long as the engine). Free it
/// with `alphabeta_engine_free`. `*out` is written only on success: after an error nothing was
/// created and there is nothing to free. Errors: `NULL_POINTER`, `BAD_CONFIG`,
/// `OUT_OF_MEMORY` (the table is too large), `THREADS` (the operating system refused the
/// pool's threads), `UNSUPPORTED` (no_std builds).
///
/// # Safety
/// `config` is NULL or points at a config; `out` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_new(
    config: *const alphabeta_config,
    table_slots: usize,
    out: *mut *mut alphabeta_engine,
) -> alphabeta_status {
    #[cfg(feature = "std")]
    {
        guard(|| {
            if out.is_null() {
                return ALPHABETA_ERROR_NULL_POINTER;
            }
            let config = if config.is_null() {
                alphabeta_config_default()
            } else {
                // SAFETY: non-NULL, pointing at a config (the caller's promise).
                unsafe { *config }
            };
            if convert(&config).is_err() {
                return ALPHABETA_ERROR_BAD_CONFIG;
            }
            let slots = if table_slots == 1 { 0 } else { table_slots };
            let table: *mut u8 = if slots == 0 {
                core::ptr::null_mut()
            } else if config.score_type == ALPHABETA_SCORE_DOUBLE {
                match slot_table::<Slot64>(slots) {
                    Some(table) => table,
                    None => return ALPHABETA_ERROR_OUT_OF_MEMORY,
                }
            } else {
                match slot_table::<Slot32>(slots) {
                    Some(table) => table,
                    None => return ALPHABETA_ERROR_OUT_OF_MEMORY,
                }
            };
            let memory: Box<core::mem::MaybeUninit<alphabeta_engine>> = Box::new_uninit();
            let engine = Box::into_raw(memory).cast::<alphabeta_engine>();
            // SAFETY: fresh heap memory for the engine and the table.
            let status = unsafe { build(engine, &config, table, slots, true) };
            if status != ALPHABETA_OK {
                // `*out` is written only on success: free what was made for the engine.
                // SAFETY: `build` left the memory without an engine (it dropped what it
                // built); the box and the table were allocated above, and are freed once.
                unsafe {
                    drop(Box::from_raw(engine.cast::<core::mem::MaybeUninit<alphabeta_engine>>()));
                    free_table(table, slots, config.score_type == ALPHABETA_SCORE_DOUBLE);
                }
                return status;
            }
            // SAFETY: `out` is valid for a write.
            unsafe { out.write(engine) };
            ALPHABETA_OK
        })
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = (config, table_slots, out);
        ALPHABETA_ERROR_UNSUPPORTED
    }
}

/// A heap table of `slots` empty slots, or `None` when the memory cannot be had (instead of
/// aborting the host).
#[cfg(feature = "std")]
fn slot_table<L: Slot>(slots: usize) -> Option<*mut u8> {
    let mut table: Vec<L> = Vec::new();
    table.try_reserve_exact(slots).ok()?;
    table.extend((0..slots).map(|_| L::EMPTY));
    Some(Box::into_raw(table.into_boxed_slice()).cast())
}

/// Frees a heap table of `slots` slots made by `slot_table` (NULL: nothing).
///
/// # Safety
/// `table` is NULL or came from `slot_table` with `slots` slots of the score type, and is not
/// used afterwards.
#[cfg(feature = "std")]
unsafe fn free_table(table: *mut u8, slots: usize, double: bool) {
    if table.is_null() {
        return;
    }
    // SAFETY: allocated by `slot_table` as a boxed slice of `slots` (the caller's promise).
    unsafe {
        if double {
            drop(Box::from_raw(core::ptr::slice_from_raw_parts_mut(table.cast::<Slot64>(), slots)));
        } else {
            drop(Box::from_raw(core::ptr::slice_from_raw_parts_mut(table.cast::<Slot32>(), slots)));
        }
    }
}

/// Ends an engine: a heap engine is freed with its table (its pool threads joined first); an
/// engine in host memory is dropped in place and its magic cleared, so that later calls with
/// the pointer return `NOT_AN_ENGINE` while the memory is the host's again.
///
/// # Safety
/// `engine` is a live engine that no call is using (its state is `FREEING`, or a call that
/// ran on it has just finished), released once.
unsafe fn release(engine: *mut alphabeta_engine) {
    // SAFETY: a live engine (the caller's promise).
    let on_heap = unsafe { (*engine).on_heap };
    #[cfg(feature = "std")]
    if on_heap {
        // SAFETY: from `alphabeta_engine_new`, so a box, freed once.
        let boxed = unsafe { Box::from_raw(engine) };
        let (owned, table, slots) = (boxed.owns_table, boxed.table_memory, boxed.table_slots);
        // SAFETY: no call uses the engine (the caller's promise).
        let double = unsafe { (*boxed.kind.get()).is_double() };
        // The engine (and its thread pool) first, then the table it points into.
        drop(boxed);
        if owned {
            // SAFETY: allocated in `alphabeta_engine_new` with `slots` slots of this type.
            unsafe { free_table(table, slots, double) };
        }
        return;
    }
    let _ = on_heap;
    // SAFETY: the host's memory, holding an engine dropped once; the magic is plain data,
    // written after, so that the memory no longer reads as an engine.
    unsafe {
        core::ptr::drop_in_place(engine);
        core::ptr::addr_of_mut!((*engine).magic).write(0);
    }
}

/// Ends an engine. NULL, and memory that holds no engine, are ignored.
///
/// * An engine from `alphabeta_engine_new` is freed with its table. With `threads > 1` this
///   returns once the engine's pool threads have ended, so that none outlives it (a host may
///   exit right after).
/// * An engine from `alphabeta_engine_init` is ended in place: nothing is freed (the memory
///   is yours), and later calls with the pointer return `ALPHABETA_ERROR_NOT_AN_ENGINE` as
///   long as the memory is not reused; `alphabeta_engine_init` may build a new engine there
///   once no call runs on the old one (a free during a call is done when that call returns;
///   until then `alphabeta_engine_init` on the memory answers `ALREADY_SEARCHING`).
/// * **During a call on the engine** (from one of its callbacks, or from another thread while
///   it searches) the free is deferred: it asks the search to stop, as
///   `alphabeta_engine_stop` does, and returns at once. The engine stays valid until that call
///   returns: the search ends as a stopped search does (its status, the result of the last
///   completed iteration with `completed == false`, the PV) and frees the engine on its way
///   out, after the last callback. The engine must not be used once that call has returned.
///   Calling `alphabeta_engine_free` again before then does nothing more.
///
/// # Safety
/// `engine` is NULL or points at memory that holds (or held) an engine; a heap engine is not
/// used after it is freed, and no other thread starts a call on the engine meanwhile.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_free(engine: *mut alphabeta_engine) {
    let _ = guard(|| {
        // SAFETY: the caller's promise.
        let Ok(live) = (unsafe { check(engine) }) else {
            return ALPHABETA_OK; // NULL, or no engine: nothing to do
        };
        let mut current = live.state.load(Ordering::Acquire);
        loop {
            let next = match current {
                IDLE => FREEING,
                SEARCHING => FREE_PENDING,
                _ => return ALPHABETA_OK, // already pending or being freed
            };
            match live.state.compare_exchange(current, next, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => break,
                Err(actual) => current = actual,
            }
        }
        if current == IDLE {
            // SAFETY: `FREEING`: no call runs, and none can start.
            unsafe { release(engine) };
        } else {
            // The running call frees it when it returns (`Searching::drop`).
            live.stop.store(true, Ordering::Relaxed);
        }
        ALPHABETA_OK
    });
}

/// The engine behind a pointer, if it is one.
///
/// # Safety
/// `engine` is NULL or points at memory readable as an engine.
unsafe fn check<'a>(
    engine: *const alphabeta_engine,
) -> Result<&'a alphabeta_engine, alphabeta_status> {
    if engine.is_null() {
        return Err(ALPHABETA_ERROR_NULL_POINTER);
    }
    // SAFETY: non-NULL; the caller's promise that it points at an engine's memory.
    let engine = unsafe { &*engine };
    if engine.magic != MAGIC {
        return Err(ALPHABETA_ERROR_NOT_AN_ENGINE);
    }
    Ok(engine)
}

/// Asks a running search to stop at its next poll (it returns the last completed iteration).
/// Safe from another thread or an interrupt handler. Errors: `NULL_POINTER`,
/// `NOT_AN_ENGINE`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_stop(
    engine: *const alphabeta_engine,
) -> alphabeta_status {
    // No guard: nothing here can panic, and this must stay async-signal-safe.
    // SAFETY: the caller's promise.
    match unsafe { check(engine) } {
        Ok(engine) => {
            engine.stop.store(true, Ordering::Relaxed);
            ALPHABETA_OK
        }
        Err(status) => status,
    }
}

/// Runs `body` on the engine's search state, refusing a second concurrent search.
///
/// # Safety
/// `engine` is NULL or a live engine.
unsafe fn with_engine(
    engine: *mut alphabeta_engine,
    body: impl FnOnce(&mut Kind, &AtomicBool) -> alphabeta_status,
) -> alphabeta_status {
    let pointer = engine;
    guard(|| {
        // SAFETY: the caller's promise.
        let engine = match unsafe { check(pointer) } {
            Ok(engine) => engine,
            Err(status) => return status,
        };
        let start =
            engine.state.compare_exchange(IDLE, SEARCHING, Ordering::Acquire, Ordering::Relaxed);
        if start.is_err() {
            return ALPHABETA_ERROR_ALREADY_SEARCHING;
        }
        // Ends the call when this scope ends, also when `body` panics and `guard` catches it
        // (otherwise every later call on the engine would return ALREADY_SEARCHING), and frees
        // the engine if `alphabeta_engine_free` was called meanwhile. Declared before the
        // borrows below, so dropped after them. Until then the engine is on the busy list, so
        // that `alphabeta_engine_init` refuses to build over it.
        let _searching = Searching { engine: pointer, busy: busy::enlist(pointer) };
        engine.stop.store(false, Ordering::Relaxed);
        // SAFETY: `state` gives this call exclusive use of `kind`; `stop` is a separate field
        // that other threads only touch through shared references.
        let kind = unsafe { &mut *engine.kind.get() };
        body(kind, &engine.stop)
    })
}

/// Ends a call on an engine when dropped: the engine is idle again, or, when it was freed
/// during the call, released; then it leaves the busy list.
struct Searching {
    engine: *mut alphabeta_engine,
    /// Its entry on the busy list (`busy::enlist`).
    busy: busy::Entry,
}

impl Drop for Searching {
    fn drop(&mut self) {
        // SAFETY: the engine is live while the call runs (a free is deferred to here).
        let state = unsafe { &(*self.engine).state };
        if state.compare_exchange(SEARCHING, IDLE, Ordering::Release, Ordering::Acquire).is_err() {
            // FREE_PENDING: `alphabeta_engine_free` was called during the call, which no longer
            // uses the engine.
            // SAFETY: the call is over and the free was asked once; nothing else runs on it.
            unsafe { release(self.engine) };
        }
        // Last: while the engine was busy (and while it was released) it stayed listed.
        busy::delist(self.busy);
    }
}

/// The engines on which a call runs (searching, or with a free pending), so that
/// `alphabeta_engine_init` can refuse to build over one of them (from one of its callbacks,
/// say) without reading the memory it is given, which is often uninitialised (valgrind would
/// see a branch on uninitialised bytes in every host that builds an engine in fresh memory).
///
/// A fixed array of addresses, lock-free (an interrupt handler may build an engine): a call
/// takes a free entry when it starts and clears it when it ends. When more than `CAPACITY`
/// calls run at once, the further ones are only counted, and `alphabeta_engine_init` then
/// reads the memory's magic and state as well.
mod busy {
    use super::*;

    /// Calls that can be listed at once (nested searches on several engines, or one search
    /// per thread on that many threads, are far fewer in practice).
    const CAPACITY: usize = 64;

    static LISTED: [AtomicPtr<alphabeta_engine>; CAPACITY] =
        [const { AtomicPtr::new(core::ptr::null_mut()) }; CAPACITY];
    /// Busy engines not in `LISTED` (it was full when their call started).
    static UNLISTED: AtomicUsize = AtomicUsize::new(0);

    /// An engine's place on the list: an index into `LISTED`, or `UNLISTED_ENTRY`.
    #[derive(Clone, Copy)]
    pub(super) struct Entry(usize);

    const UNLISTED_ENTRY: usize = usize::MAX;

    /// Lists `engine` as busy.
    pub(super) fn enlist(engine: *mut alphabeta_engine) -> Entry {
        for (index, slot) in LISTED.iter().enumerate() {
            if slot
                .compare_exchange(
                    core::ptr::null_mut(),
                    engine,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                )
                .is_ok()
            {
                return Entry(index);
            }
        }
        UNLISTED.fetch_add(1, Ordering::AcqRel);
        Entry(UNLISTED_ENTRY)
    }

    /// Takes an engine off the list (the entry `enlist` returned for it).
    pub(super) fn delist(entry: Entry) {
        match LISTED.get(entry.0) {
            Some(slot) => slot.store(core::ptr::null_mut(), Ordering::Release),
            None => {
                UNLISTED.fetch_sub(1, Ordering::AcqRel);
            }
        }
    }

    /// Whether the bytes `start..start + len` overlap a busy engine.
    ///
    /// # Safety
    /// `start` is valid for reads of `len` bytes and, when `len` is at least an engine's size
    /// and `start` is aligned for one, initialised memory or memory the host allows to be read
    /// as an engine (only looked at when more than `CAPACITY` calls run at once).
    pub(super) unsafe fn overlaps(start: *const u8, len: usize) -> bool {
        let (start, end) = (start as usize, (start as usize).saturating_add(len));
        let size = size_of::<alphabeta_engine>();
        let listed = LISTED.iter().any(|slot| {
            let engine = slot.load(Ordering::Acquire) as usize;
            engine != 0 && engine < end && start < engine.saturating_add(size)
        });
        if listed {
            return true;
        }
        if UNLISTED.load(Ordering::Acquire) == 0
            || len < size
            || !start.is_multiple_of(align_of::<alphabeta_engine>())
        {
            return false;
        }
        // More calls run than the list holds: the memory itself says whether it is a busy
        // engine (at this address; one overlapping it at another address is not seen).
        let engine = start as *const alphabeta_engine;
        // SAFETY: readable for an engine (the caller's promise); plain reads of the magic and
        // of the atomic state, which a running call only changes through shared references.
        unsafe {
            core::ptr::addr_of!((*engine).magic).read_volatile() == MAGIC
                && (*core::ptr::addr_of!((*engine).state)).load(Ordering::Acquire) != IDLE
        }
    }
}

/// Searches by iterative deepening within `limits`.
///
/// * `game`: the callbacks (the position is the host's current state; it is back in place
///   when the call returns).
/// * `result`: written on success (and on `PV_TRUNCATED`).
/// * `pv`, `pv_capacity`: a buffer for the principal variation, or NULL and 0 when the PV is
///   not wanted (the call then returns `OK`; `pv_length` still tells its length). A PV longer
///   than a buffer is truncated to it and the call returns `PV_TRUNCATED` with the result
///   complete.
///
/// Errors: `NULL_POINTER`, `NOT_AN_ENGINE`, `NULL_CALLBACK` (also a missing `clone_state` or
/// `free_state` on an engine with several threads), `ALREADY_SEARCHING`, `ZERO_MAX_DEPTH`,
/// `MIN_DEPTH_ABOVE_MAX_DEPTH`, `DEPTH_BEYOND_CAPACITY`, `NO_CLOCK`, `MOVE_OVERFLOW`,
/// `NEGATIVE_MOVE_COUNT`, `NAN_SCORE`, `SCORE_OUT_OF_RANGE` (see the evaluate callback),
/// `CLONE_FAILED`, `PV_TRUNCATED`, `PANIC`.
///
/// # Safety
/// Every non-NULL pointer is valid; the callbacks behave as documented.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    limits: *const alphabeta_limits,
    result: *mut alphabeta_result,
    pv: *mut u32,
    pv_capacity: usize,
) -> alphabeta_status {
    if game.is_null() || limits.is_null() || result.is_null() || (pv.is_null() && pv_capacity > 0) {
        return ALPHABETA_ERROR_NULL_POINTER;
    }
    // SAFETY: checked non-NULL; valid by the caller's promise.
    let (table, limits) = unsafe { (*game, *limits) };
    let body = |kind: &mut Kind, stop: &AtomicBool| {
        let error = AtomicI32::new(0);
        let mut game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        if kind.is_parallel() && (table.clone_state.is_none() || table.free_state.is_none()) {
            return ALPHABETA_ERROR_NULL_CALLBACK;
        }
        let clocks = Clocks::new(&limits);
        let mut rust_limits = clocks.limits(&limits);
        rust_limits.stop = Some(stop);
        let sink =
            InfoSink { callback: limits.on_iteration, user_data: limits.on_iteration_user_data };
        let int_info = |i: &IterationInfo<'_, u32, i32>| sink.send(i.depth, i.score as f64, i);
        let double_info = |i: &IterationInfo<'_, u32, f64>| sink.send(i.depth, i.score, i);
        let int_scores = |s: i32| (s, f64::from(s));
        let double_scores = |s: f64| (s as i32, s);
        let out = match kind {
            Kind::Int(engine) => engine
                .search_with_info(&mut game, &rust_limits, int_info)
                .map(|r| fill(r, int_scores)),
            Kind::Double(engine) => engine
                .search_with_info(&mut game, &rust_limits, double_info)
                .map(|r| fill(r, double_scores)),
            #[cfg(feature = "std")]
            Kind::IntParallel(engine) => engine
                .search_with_info(&mut game, &rust_limits, int_info)
                .map(|r| fill(r, int_scores)),
            #[cfg(feature = "std")]
            Kind::DoubleParallel(engine) => engine
                .search_with_info(&mut game, &rust_limits, double_info)
                .map(|r| fill(r, double_scores)),
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            if matches!(status, ALPHABETA_ERROR_CLONE_FAILED | ALPHABETA_ERROR_NULL_CALLBACK) {
                // A copy that could not be made was searched as a position without moves until
                // the end (the search cannot tell): what it stored in the shared table is wrong.
                kind.clear_table();
            }
            return status;
        }
        let (c_result, line) = match out {
            Ok(parts) => parts,
            Err(error) => return error.into(),
        };
        let written = line.len().min(pv_capacity);
        if written > 0 {
            // SAFETY: `pv` holds `pv_capacity >= written` moves (the caller's promise).
            unsafe { core::ptr::copy_nonoverlapping(line.as_ptr(), pv, written) };
        }
        // SAFETY: `result` is valid for a write.
        unsafe { result.write(c_result) };
        // A NULL buffer (capacity 0) asked for no PV: nothing was truncated.
        if line.len() > pv_capacity && !pv.is_null() {
            ALPHABETA_ERROR_PV_TRUNCATED
        } else {
            ALPHABETA_OK
        }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}

/// The clock of one call: the host's callback, or the library's own under `std`.
pub(crate) struct Clocks {
    host: Option<CClock>,
    #[cfg(feature = "std")]
    library: alphabeta::StdClock,
}

impl Clocks {
    pub(crate) fn new(limits: &alphabeta_limits) -> Self {
        Self {
            host: limits.clock.map(|now| CClock { now, user_data: limits.clock_user_data }),
            #[cfg(feature = "std")]
            library: alphabeta::StdClock::new(),
        }
    }

    /// The Rust limits of a C call (without a stop flag), measured on this clock.
    pub(crate) fn limits(&self, limits: &alphabeta_limits) -> Limits<'_> {
        let clock: Option<&dyn Clock> = match &self.host {
            Some(clock) => Some(clock),
            #[cfg(feature = "std")]
            None => Some(&self.library),
            #[cfg(not(feature = "std"))]
            None => None,
        };
        let mut rust = Limits::depth(limits.max_depth).with_min_depth(limits.min_depth);
        rust.clock = clock;
        if limits.time_limit_micros != ALPHABETA_NO_TIME_LIMIT {
            rust.time_limit_micros = Some(limits.time_limit_micros);
        }
        rust
    }
}

/// The host's progress callback, called from the searching thread (a pool thread in a
/// parallel search).
struct InfoSink {
    callback: alphabeta_info_fn,
    user_data: *mut c_void,
}

// SAFETY: the callback is the host's, documented to be called from the searching thread,
// which may be a pool thread when the engine has several threads.
unsafe impl Send for InfoSink {}
// SAFETY: as above; `send` only reads the fields.
unsafe impl Sync for InfoSink {}

impl InfoSink {
    fn send<S>(&self, depth: u32, score: f64, i: &IterationInfo<'_, u32, S>) {
        if let Some(callback) = self.callback {
            let c_info = alphabeta_info {
                depth,
                score: score as i32,
                score_double: score,
                nodes: i.nodes,
                elapsed_micros: i.elapsed_micros.unwrap_or(0),
                nodes_per_second: i.nodes_per_second.unwrap_or(0),
                exact: i.exact,
                pv: i.pv.as_ptr(),
                pv_length: i.pv.len(),
            };
            // SAFETY: the host's callback with its own user_data and a valid info.
            unsafe { callback(self.user_data, &c_info) };
        }
    }
}

/// The status behind an error slot's value (0: none).
fn status_of(code: i32) -> Option<alphabeta_status> {
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

/// A C result and the PV from a Rust result.
fn fill<S: Score>(
    r: alphabeta::SearchResult<u32, S, MAX_PLY>,
    scores: impl Fn(S) -> (i32, f64),
) -> (alphabeta_result, heapless::Vec<u32, MAX_PLY>) {
    let (score, score_double) = scores(r.score);
    let result = alphabeta_result {
        has_best_move: r.best_move.is_some(),
        best_move: r.best_move.unwrap_or(0),
        score,
        score_double,
        depth: r.depth,
        nodes: r.nodes,
        exact: r.exact,
        completed: r.completed,
        pv_length: r.pv.len(),
        has_elapsed: r.elapsed_micros.is_some(),
        elapsed_micros: r.elapsed_micros.unwrap_or(0),
        tt_probes: r.stats.tt_probes,
        tt_hits: r.stats.tt_hits,
        beta_cutoffs: r.stats.beta_cutoffs,
        first_move_cutoffs: r.stats.first_move_cutoffs,
        researches: r.stats.researches,
    };
    (result, r.pv)
}

/// One fixed-depth search with the window `(alpha, beta)` on an int32 engine: no iterative
/// deepening, no clock, no stop. The building block of window drivers (MTD(f), a
/// null-window solver). Depth 0 is not an error here: it returns the static evaluation (or
/// quiescence) of the position.
///
/// The window: `alpha < beta`, both in `-INT32_MAX..=INT32_MAX` (`-INT32_MAX, INT32_MAX` is
/// the full window). ±`INT32_MAX` are valid as bounds only: the evaluate callback's scores
/// must still lie within `-(1000000 - ply)..=1000000 - ply` (±`INT32_MAX` from it is
/// `SCORE_OUT_OF_RANGE`). `INT32_MIN` is below -infinity: `INVALID_WINDOW`. Errors: as
/// `alphabeta_search` (but not `ZERO_MAX_DEPTH`), plus `INVALID_WINDOW` and
/// `WRONG_SCORE_TYPE` (a double engine: use `alphabeta_search_window_double`).
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search_window(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    alpha: i32,
    beta: i32,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::Int(alpha, beta), result) }
}

/// `alphabeta_search_window` for a double engine: `alpha < beta`, neither NaN
/// (`-HUGE_VAL, HUGE_VAL` is the full window), else `INVALID_WINDOW`. ±infinity are valid as
/// bounds only: the evaluate_double callback's scores must still lie within
/// `-(1e6 - ply)..=1e6 - ply` (±infinity from it is `SCORE_OUT_OF_RANGE`).
///
/// # Safety
/// As `alphabeta_search`.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_search_window_double(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    alpha: f64,
    beta: f64,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    // SAFETY: forwarded promises.
    unsafe { window(engine, game, depth, Bounds::Double(alpha, beta), result) }
}

enum Bounds {
    Int(i32, i32),
    Double(f64, f64),
}

/// # Safety
/// As `alphabeta_search`.
unsafe fn window(
    engine: *mut alphabeta_engine,
    game: *const alphabeta_game,
    depth: u32,
    bounds: Bounds,
    result: *mut alphabeta_window_result,
) -> alphabeta_status {
    if game.is_null() || result.is_null() {
        return ALPHABETA_ERROR_NULL_POINTER;
    }
    // SAFETY: checked non-NULL.
    let table = unsafe { *game };
    let body = |kind: &mut Kind, _: &AtomicBool| {
        let error = AtomicI32::new(0);
        let mut game = match CGame::new(table, kind.is_double(), &error) {
            Ok(game) => game,
            Err(status) => return status,
        };
        let out = match bounds {
            Bounds::Int(alpha, beta) => match kind.int_engine() {
                Some(engine) => engine
                    .search_window(&mut game, depth, alpha, beta)
                    .map(|r| (r.score, f64::from(r.score), r.best_move, r.nodes)),
                None => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
            },
            Bounds::Double(alpha, beta) => match kind.double_engine() {
                Some(engine) => engine
                    .search_window(&mut game, depth, alpha, beta)
                    .map(|r| (r.score as i32, r.score, r.best_move, r.nodes)),
                None => return ALPHABETA_ERROR_WRONG_SCORE_TYPE,
            },
        };
        drop(game);
        if let Some(status) = status_of(error.load(Ordering::Relaxed)) {
            return status;
        }
        match out {
            Ok((score, score_double, best_move, nodes)) => {
                let c = alphabeta_window_result {
                    score,
                    score_double,
                    has_best_move: best_move.is_some(),
                    best_move: best_move.unwrap_or(0),
                    nodes,
                };
                // SAFETY: valid for a write.
                unsafe { result.write(c) };
                ALPHABETA_OK
            }
            Err(error) => error.into(),
        }
    };
    // SAFETY: the caller's promise.
    unsafe { with_engine(engine, body) }
}

/// Empties the engine's transposition table. Errors: `NULL_POINTER`, `NOT_AN_ENGINE`,
/// `ALREADY_SEARCHING`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_clear_table(
    engine: *mut alphabeta_engine,
) -> alphabeta_status {
    // SAFETY: the caller's promise.
    unsafe {
        with_engine(engine, |kind, _| {
            kind.clear_table();
            ALPHABETA_OK
        })
    }
}

/// Forgets the killer moves and history scores learnt by earlier searches. Errors:
/// `NULL_POINTER`, `NOT_AN_ENGINE`, `ALREADY_SEARCHING`.
///
/// # Safety
/// `engine` is NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn alphabeta_engine_clear_history(
    engine: *mut alphabeta_engine,
) -> alphabeta_status {
    // SAFETY: the caller's promise.
    unsafe {
        with_engine(engine, |kind, _| {
            match kind {
                Kind::Int(engine) => engine.clear_history(),
                Kind::Double(engine) => engine.clear_history(),
                #[cfg(feature = "std")]
                Kind::IntParallel(engine) => engine.clear_history(),
                #[cfg(feature = "std")]
                Kind::DoubleParallel(engine) => engine.clear_history(),
            }
            ALPHABETA_OK
        })
    }
}

/// A no_std static library's panic handler: abort, as firmware expects (an undefined
/// instruction on Arm, so the HardFault handler reports it; a spin elsewhere). Only with the
/// `panic-handler` feature.
#[cfg(all(feature = "panic-handler", not(feature = "std"), not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    // On Arm, a permanently undefined instruction: the firmware's HardFault handler sees it
    // (and a debugger stops there). Elsewhere, spin.
    #[cfg(target_arch = "arm")]
    // SAFETY: `udf` only raises an exception; it never returns.
    unsafe {
        core::arch::asm!("udf #0", options(noreturn))
    }
    #[cfg(not(target_arch = "arm"))]
    loop {
        core::hint::spin_loop();
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// A panic inside a call (a library bug; no input provokes one) is caught at the boundary,
    /// and the engine is idle again afterwards instead of answering ALREADY_SEARCHING for
    /// ever; a free asked during that call is done on the unwinding.
    #[test]
    fn a_caught_panic_leaves_the_engine_usable_and_a_pending_free_done() {
        let mut engine = core::ptr::null_mut();
        // SAFETY: valid pointers; every engine is ended once.
        unsafe {
            assert_eq!(alphabeta_engine_new(core::ptr::null(), 64, &mut engine), ALPHABETA_OK);
            let status = with_engine(engine, |_, _| panic!("a bug inside a call"));
            assert_eq!(status, ALPHABETA_ERROR_PANIC);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_OK);
            alphabeta_engine_free(engine);

            // In caller memory, where the end of the engine can be seen.
            let mut memory = vec![0u64; alphabeta_engine_size() / 8 + 1];
            let status = alphabeta_engine_init(
                memory.as_mut_ptr().cast(),
                memory.len() * 8,
                core::ptr::null(),
                core::ptr::null_mut(),
                0,
                &mut engine,
            );
            assert_eq!(status, ALPHABETA_OK);
            let status = with_engine(engine, |_, _| {
                alphabeta_engine_free(engine);
                panic!("a bug after the free")
            });
            assert_eq!(status, ALPHABETA_ERROR_PANIC);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_ERROR_NOT_AN_ENGINE);
        }
    }

    /// With the busy list full, a busy engine is only counted, and `alphabeta_engine_init`
    /// reads the memory instead: building over the engine from inside its call is still
    /// refused, and the engine is untouched.
    #[test]
    fn init_over_a_busy_engine_is_refused_when_the_busy_list_is_full() {
        let size = alphabeta_engine_size();
        // Entries at addresses of a buffer no engine uses (other tests may list theirs).
        let dummies = vec![0u8; 64 * size];
        let entries: Vec<_> =
            (0..64).map(|i| busy::enlist(dummies[i * size..].as_ptr().cast_mut().cast())).collect();
        let mut memory = vec![0u64; size / 8 + 1];
        let (bytes, memory) = (memory.len() * 8, memory.as_mut_ptr());
        let mut engine = core::ptr::null_mut();
        // SAFETY: valid pointers; the engine is ended once.
        unsafe {
            let init = |engine: &mut *mut alphabeta_engine| {
                alphabeta_engine_init(
                    memory.cast(),
                    bytes,
                    core::ptr::null(),
                    core::ptr::null_mut(),
                    0,
                    engine,
                )
            };
            assert_eq!(init(&mut engine), ALPHABETA_OK);
            let status = with_engine(engine, |_, _| {
                let mut other = core::ptr::null_mut();
                assert_eq!(init(&mut other), ALPHABETA_ERROR_ALREADY_SEARCHING);
                assert!(other.is_null());
                alphabeta_engine_free(engine);
                assert_eq!(init(&mut other), ALPHABETA_ERROR_ALREADY_SEARCHING);
                ALPHABETA_OK
            });
            assert_eq!(status, ALPHABETA_OK);
            // The pending free was done; the memory takes a new engine.
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_ERROR_NOT_AN_ENGINE);
            assert_eq!(init(&mut engine), ALPHABETA_OK);
            assert_eq!(with_engine(engine, |_, _| ALPHABETA_OK), ALPHABETA_OK);
            alphabeta_engine_free(engine);
        }
        // An address inside a listed entry overlaps it.
        // SAFETY: readable bytes.
        assert!(unsafe { busy::overlaps(dummies[size + 8..].as_ptr(), 8) });
        entries.into_iter().for_each(busy::delist);
        // SAFETY: as above.
        assert!(!unsafe { busy::overlaps(dummies.as_ptr(), dummies.len()) });
    }
}
