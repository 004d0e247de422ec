//! The game as callbacks: `alphabeta_game`, its Rust side (`CGame`) and the evaluators,
//! and the win scores a host's evaluator returns.

use super::*;

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

/// The game, as callbacks on the host's state. `user_data` is passed first to every callback
/// and never touched by the library. Moves are `uint32_t` values of the host's choosing.
///
/// Required: `generate_moves`, `make_move`, `unmake_move`, `zobrist_key`, `side_to_move`,
/// `is_terminal`, and the evaluate callback of the engine's score type (`evaluate` for
/// `ALPHABETA_SCORE_INT32`, `evaluate_double` for `ALPHABETA_SCORE_DOUBLE`). The others may be
/// NULL (`make_null_move` and `unmake_null_move` both or neither). Callbacks must not throw
/// C++ exceptions or `longjmp` out.
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
    /// The 64-bit Zobrist key of the position. It must cover everything the value depends
    /// on: the side to move, and every other part of the state that changes what the rest of
    /// the game is worth. Classic mistakes: leaving out the score so far (captures, boxes,
    /// points), the repetition history, castling rights. Positions with equal keys are one
    /// position to the table, which then returns wrong values marked exact without a word;
    /// `alphabeta_config.check_table` catches it while you develop the game
    /// (`ALPHABETA_ERROR_INCONSISTENT_KEY`).
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
    /// Optional, for null-move pruning (`alphabeta_config.null_move`): makes a pass, the
    /// opponent to move in the same position (`side_to_move` and `zobrist_key` must change).
    /// Set it with `unmake_null_move` (one without the other is `NULL_CALLBACK`); without
    /// both, no null move is tried.
    pub make_null_move: Option<unsafe extern "C" fn(user_data: *mut c_void)>,
    /// Optional: takes back the pass made by `make_null_move`.
    pub unmake_null_move: Option<unsafe extern "C" fn(user_data: *mut c_void)>,
    /// Optional: whether a pass may be tried here (false in zugzwang-prone positions, in
    /// check). NULL: everywhere, when the pass callbacks are set.
    pub null_move_allowed: Option<unsafe extern "C" fn(user_data: *mut c_void) -> bool>,
    /// Optional: what `move` earns the side to move in the current position (called before
    /// `make_move`), from its own point of view, in score units: points scored along the
    /// way, such as a box completed in Dots and Boxes (1) or the stones of a capture. NULL:
    /// no rewards.
    ///
    /// With rewards the engine works on the value of the rest of the game: the position
    /// through `move` is worth `reward + v` when the same player moves again (an extra
    /// turn) and `reward - v` when the turn passes, `v` the next position's value for its own
    /// side to move; `evaluate` scores what is left (0 at the end of a game whose points are
    /// all shared out), and must not return win or loss scores (`ALPHABETA_WIN - d`: they
    /// differ between transpositions at different plies; `SCORE_OUT_OF_RANGE`). The score
    /// so far then stays out of `zobrist_key`, and so can the side to move where the value
    /// of the rest does not depend on it (Dots and Boxes: the key is the edge set). A
    /// search's score is the value of the rest from the root: add the score so far. Rewards
    /// plus evaluations must stay strictly inside `±(ALPHABETA_WIN - ALPHABETA_MAX_MATE_PLY)`:
    /// beyond, sums are clamped to the score range and read as wins or losses.
    ///
    /// Supported by `alphabeta_search` and its variants, `alphabeta_analyze` and
    /// `alphabeta_solve*`; a search on more than one thread, `alphabeta_mcts_search` and the
    /// chance search (`alphabeta_chance_game.game.reward`) return `REWARDS_UNSUPPORTED`.
    /// Appended last: C written for an earlier version of this table and zero-initialised
    /// (`= {0}` or designated initialisers) compiles as before and has no rewards.
    pub reward: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32) -> i32>,
    /// Optional: for a move `is_tactical` says yes to, whether it is likely to lose (in chess,
    /// a capture that loses material by static exchange evaluation): the engine's move
    /// ordering tries such moves after the quiet ones instead of first. NULL: none is.
    /// Appended last, as `reward`.
    pub is_losing_tactical: Option<unsafe extern "C" fn(user_data: *mut c_void, mv: u32) -> bool>,
}

/// The game seen from Rust: the callback table (checked for the required callbacks), and where
/// to report the first error a callback causes (shared by the copies a parallel search makes).
pub(crate) struct CGame {
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
    pub(crate) fn new(
        table: alphabeta_game,
        double: bool,
        error: &AtomicI32,
    ) -> Result<Self, alphabeta_status> {
        let evaluate = if double {
            (table.evaluate_double.is_some(), c"game->evaluate_double is NULL (a double engine)")
        } else {
            (table.evaluate.is_some(), c"game->evaluate is NULL (an int32 engine)")
        };
        let required = [
            (table.generate_moves.is_some(), c"game->generate_moves is NULL"),
            (table.make_move.is_some(), c"game->make_move is NULL"),
            (table.unmake_move.is_some(), c"game->unmake_move is NULL"),
            (table.zobrist_key.is_some(), c"game->zobrist_key is NULL"),
            (table.side_to_move.is_some(), c"game->side_to_move is NULL"),
            (table.is_terminal.is_some(), c"game->is_terminal is NULL"),
            evaluate,
            (
                table.make_null_move.is_some() == table.unmake_null_move.is_some(),
                c"game->make_null_move and game->unmake_null_move must be both set or both NULL",
            ),
        ];
        if let Some(&(_, what)) = required.iter().find(|(present, _)| !present) {
            return Err(detail::fail(ALPHABETA_ERROR_NULL_CALLBACK, what, Value::None));
        }
        Ok(Self { table, error, owned: false })
    }

    /// The game of a search on `kind`: the callbacks its score type needs, and `clone_state`
    /// and `free_state` for an engine with several threads (`NULL_CALLBACK` otherwise).
    pub(crate) fn for_engine(
        table: alphabeta_game,
        kind: &Kind,
        error: &AtomicI32,
    ) -> Result<Self, alphabeta_status> {
        let game = Self::new(table, kind.is_double(), error)?;
        if kind.is_parallel() {
            let what = if table.clone_state.is_none() {
                c"game->clone_state is NULL, and the engine searches on several threads \
                  (config.threads is not 1)"
            } else if table.free_state.is_none() {
                c"game->free_state is NULL, and the engine searches on several threads \
                  (config.threads is not 1)"
            } else {
                return Ok(game);
            };
            return Err(detail::fail(ALPHABETA_ERROR_NULL_CALLBACK, what, Value::None));
        }
        Ok(game)
    }

    /// Records the first error of the call; `true` if it was the first.
    pub(crate) fn fail(&self, status: alphabeta_status) -> bool {
        // SAFETY: the error slot outlives every copy of the game (see the field).
        let slot = unsafe { &*self.error };
        slot.compare_exchange(0, status as i32, Ordering::Relaxed, Ordering::Relaxed).is_ok()
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
            let _ = self.fail(if self.table.clone_state.is_none() {
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
pub(crate) const NO_CALLBACKS: alphabeta_game = alphabeta_game {
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
    make_null_move: None,
    unmake_null_move: None,
    null_move_allowed: None,
    reward: None,
    is_losing_tactical: None,
};

impl CGame {
    /// Calls a move generator (`what` names it for an error's detail) into the list's spare
    /// room.
    fn fill<const N: usize>(
        &self,
        generator: unsafe extern "C" fn(*mut c_void, *mut u32, i32) -> i32,
        moves: &mut MoveList<u32, N>,
        what: &'static core::ffi::CStr,
    ) {
        let mut count = 0;
        // SAFETY: the host's generator with its own user_data, writing at most `capacity`
        // moves into the buffer it is given.
        let generate = |buffer, capacity| {
            count = unsafe { generator(self.table.user_data, buffer, capacity) };
            count
        };
        if !fill_moves(moves, generate) && self.fail(ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT) {
            detail::set(what, Value::Signed(count.into()));
        }
    }
}

/// Lets a host's move generator write into a move list's spare room (`generate(buffer,
/// capacity)` returns how many it wrote). More moves than fit mark the list overflowed (the
/// search then fails with `MOVE_OVERFLOW`); a negative count does too and returns `false`, so
/// the caller can report `NEGATIVE_MOVE_COUNT`.
pub(crate) fn fill_moves<T, const N: usize>(
    moves: &mut MoveList<T, N>,
    generate: impl FnOnce(*mut T, i32) -> i32,
) -> bool {
    let spare = moves.spare_capacity_mut();
    let capacity = spare.len().min(i32::MAX as usize);
    let count = generate(spare.as_mut_ptr().cast::<T>(), capacity as i32);
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
            self.fill(generator, moves, c"game->generate_moves returned a negative count");
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

    fn is_losing_tactical(&self, mv: u32) -> bool {
        // SAFETY: as above.
        self.table.is_losing_tactical.is_some_and(|f| unsafe { f(self.table.user_data, mv) })
    }

    const QUIESCENCE: bool = true;

    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        if let Some(generator) = self.table.generate_tactical_moves {
            let what = c"game->generate_tactical_moves returned a negative count";
            self.fill(generator, moves, what);
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

    const NULL_MOVE: bool = true;

    fn null_move_allowed(&self) -> bool {
        // `CGame::new` checked that the pass callbacks come in pairs.
        self.table.make_null_move.is_some()
            // SAFETY: as above.
            && self.table.null_move_allowed.is_none_or(|f| unsafe { f(self.table.user_data) })
    }

    fn make_null_move(&mut self) -> Option<()> {
        let f = self.table.make_null_move?;
        // SAFETY: as above.
        unsafe { f(self.table.user_data) };
        Some(())
    }

    fn unmake_null_move(&mut self, (): ()) {
        if let Some(f) = self.table.unmake_null_move {
            // SAFETY: as above.
            unsafe { f(self.table.user_data) }
        }
    }

    // Compiled in for every host (one indirect call's test per move); a NULL callback earns
    // nothing, and the searches that do not support rewards accept the game.
    const REWARDS: bool = true;

    fn reward(&self, mv: u32) -> i32 {
        // SAFETY: as above.
        self.table.reward.map_or(0, |f| unsafe { f(self.table.user_data, mv) })
    }

    fn has_rewards(&self) -> bool {
        self.table.reward.is_some()
    }
}

/// The int32 evaluator: the game's `evaluate` callback.
#[derive(Clone, Copy)]
pub(crate) struct IntEval;

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
pub(crate) struct DoubleEval;

impl Evaluator<CGame> for DoubleEval {
    type Score = f64;
    fn evaluate(&self, game: &CGame, player: i32, ctx: EvalContext) -> f64 {
        // SAFETY: checked non-NULL by `CGame::new` for double engines.
        game.table
            .evaluate_double
            .map_or(0.0, |f| unsafe { f(game.table.user_data, player, ctx.ply, ctx.depth_left) })
    }
}
