//! The game: what the user implements so that the engine can search it.

use core::fmt::Debug;

use crate::score::Score;
use crate::tt::MoveCode;

/// A fixed-capacity list of moves, written by [`Game::generate_moves`].
///
/// It wraps a [`heapless::Vec`] of capacity `N` and remembers whether a move was ever pushed
/// past the capacity. The engine checks that after every generation and reports
/// [`SearchError::MoveListOverflow`](crate::SearchError::MoveListOverflow) instead of
/// searching a truncated list, so a game that ignores the result of [`MoveList::push`] still
/// gets a typed error, never a silently wrong search.
#[derive(Clone, Debug)]
pub struct MoveList<M, const N: usize> {
    moves: heapless::Vec<M, N>,
    overflowed: bool,
}

impl<M, const N: usize> MoveList<M, N> {
    /// An empty list. `const`, so it can live in a `static`.
    pub const fn new() -> Self {
        Self { moves: heapless::Vec::new(), overflowed: false }
    }

    /// Appends a move.
    ///
    /// # Errors
    /// Returns the move back when the list already holds `N` moves; the list then remembers
    /// the overflow (see [`MoveList::overflowed`]) and the search fails with
    /// [`SearchError::MoveListOverflow`](crate::SearchError::MoveListOverflow).
    pub fn push(&mut self, mv: M) -> Result<(), M> {
        let result = self.moves.push(mv);
        if result.is_err() {
            self.overflowed = true;
        }
        result
    }

    /// The unused capacity, for a generator that writes moves in place (a C callback, say);
    /// [`MoveList::set_len`] then makes them part of the list.
    pub fn spare_capacity_mut(&mut self) -> &mut [core::mem::MaybeUninit<M>] {
        self.moves.spare_capacity_mut()
    }

    /// Sets the number of moves after writing them through [`MoveList::spare_capacity_mut`].
    ///
    /// # Safety
    /// `len <= N`, and the first `len` moves are initialised.
    #[allow(unsafe_code)]
    pub unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller guarantees `len <= N` and that the moves are initialised.
        unsafe { self.moves.set_len(len) }
    }

    /// Records that the generator had more moves than fit, as a refused push does: the search
    /// then stops with [`SearchError::MoveListOverflow`](crate::SearchError::MoveListOverflow).
    pub fn mark_overflow(&mut self) {
        self.overflowed = true;
    }

    /// Whether a push was ever refused since the last [`MoveList::clear`].
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Removes every move and forgets a past overflow.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.overflowed = false;
    }

    /// The capacity `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The number of moves held.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// `true` when the list holds no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, in the order they were pushed (or sorted since).
    pub fn as_slice(&self) -> &[M] {
        &self.moves
    }

    /// The moves, mutable (for sorting).
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves
    }

    /// An iterator over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, M> {
        self.moves.iter()
    }
}

impl<M, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

/// A two-player (or one-player-at-a-time) game the engine can search.
///
/// The engine calls [`Game::make_move`] and [`Game::unmake_move`] in strict stack order, so a
/// game may keep any incremental state it likes. A game that prefers copy-make sets
/// `type Undo = Self` (for a `Clone` state), returns a copy of itself from `make_move` and
/// restores it in `unmake_move`.
///
/// Turns need not alternate: after a pass, an extra turn or a multi-move turn the same player
/// may move again. The search negates scores and swaps the alpha/beta window only where
/// [`Game::side_to_move`] changes.
pub trait Game {
    /// A move. Small and `Copy`: the engine stores moves in the principal variation and the
    /// killer slots, and a 16-bit [`MoveCode`] of the best move in the transposition table.
    type Move: Copy + Eq + Debug + MoveCode;
    /// A player, as returned by [`Game::side_to_move`].
    type Player: Copy + Eq + Debug;
    /// What [`Game::make_move`] returns to let [`Game::unmake_move`] restore the position:
    /// `()` for a pure make/unmake game, the previous state for copy-make.
    type Undo;

    /// The player to move.
    fn side_to_move(&self) -> Self::Player;

    /// Writes every legal move into `moves` (which the engine passes in empty), in the order
    /// the game prefers them searched: a good order (the likely best move first) makes
    /// alpha-beta prune far more.
    ///
    /// A move that does not fit is refused by [`MoveList::push`]; the engine then stops with
    /// [`SearchError::MoveListOverflow`](crate::SearchError::MoveListOverflow), so there is no
    /// need to check the result of each push.
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<Self::Move, N>);

    /// Plays `mv`, which [`Game::generate_moves`] produced for this position.
    fn make_move(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, the last move made, given what `make_move` returned for it.
    fn unmake_move(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Copy-make (opt-in): the position after `mv`, made from this one, which stays as it is.
    ///
    /// A game whose position is small and cheap to copy (a few bitboards: Connect Four,
    /// Othello, a chess board of a bitboard library) returns `Some(child)`; the engine then
    /// searches the child by value, in its own frame, and never calls
    /// [`Game::unmake_move`] for that move. The default, `None`, keeps make/unmake, so a game
    /// that does not override it compiles and searches as before (the check is resolved at
    /// compile time: it costs nothing). Both paths must give the same position:
    /// `copy_make(mv)` equals `make_move(mv)` applied to a copy.
    ///
    /// ```
    /// # use alphabeta::{Game, MoveList};
    /// #[derive(Clone, Copy)]
    /// struct Pile { stones: u32, first: bool }
    /// impl Game for Pile {
    ///     type Move = u32;
    ///     type Player = bool;
    ///     type Undo = ();
    ///     fn side_to_move(&self) -> bool { self.first }
    ///     fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
    ///         for take in 1..=self.stones.min(3) { let _ = moves.push(take); }
    ///     }
    ///     fn make_move(&mut self, take: u32) { self.stones -= take; self.first = !self.first; }
    ///     fn unmake_move(&mut self, take: u32, _: ()) { self.stones += take; self.first = !self.first; }
    ///     fn copy_make(&self, take: u32) -> Option<Self> {
    ///         Some(Pile { stones: self.stones - take, first: !self.first })
    ///     }
    ///     fn is_terminal(&self) -> bool { self.stones == 0 }
    ///     fn zobrist_key(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.first) }
    /// }
    /// ```
    #[inline(always)]
    fn copy_make(&self, mv: Self::Move) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = mv;
        None
    }

    /// The move of this position whose [`MoveCode`] is `code`, when the game can tell without
    /// generating its moves (opt-in; the default, `None`, means "generate them"): the first
    /// move of the list [`Game::generate_moves`] would write that has this code, or `None`
    /// when no move of that list has it.
    ///
    /// The exact solver ([`Engine::solve`](crate::Engine::solve)) then tries the table's move
    /// before it generates (and the game orders) the others, and does not generate them at
    /// all when that move cuts off: a staged generator's first stage, as chess engines try
    /// the hash move. The order of the moves, and so the search, is the same either way. A
    /// move that is not in the list makes the search wrong.
    ///
    /// ```
    /// # use alphabeta::{Game, MoveCode, MoveList};
    /// # #[derive(Clone, Copy)]
    /// # struct Pile { stones: u32, first: bool }
    /// # impl Game for Pile {
    /// #     type Move = u32;
    /// #     type Player = bool;
    /// #     type Undo = ();
    /// #     fn side_to_move(&self) -> bool { self.first }
    /// #     fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
    /// #         for take in 1..=self.stones.min(3) { let _ = moves.push(take); }
    /// #     }
    /// #     fn make_move(&mut self, take: u32) { self.stones -= take; self.first = !self.first; }
    /// #     fn unmake_move(&mut self, take: u32, _: ()) { self.stones += take; self.first = !self.first; }
    /// // Take 1 to 3 stones, at most what is left: the move is its own code.
    /// fn move_by_code(&self, code: u16) -> Option<u32> {
    ///     let take = u32::from(code);
    ///     (1..=self.stones.min(3)).contains(&take).then_some(take)
    /// }
    /// #     fn is_terminal(&self) -> bool { self.stones == 0 }
    /// #     fn zobrist_key(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.first) }
    /// # }
    /// # assert_eq!(Pile { stones: 2, first: true }.move_by_code(2), Some(2));
    /// # assert_eq!(Pile { stones: 2, first: true }.move_by_code(3), None);
    /// # assert_eq!(3u32.move_code(), 3);
    /// ```
    #[inline(always)]
    fn move_by_code(&self, code: u16) -> Option<Self::Move> {
        let _ = code;
        None
    }

    /// `true` when the game is over (a win, a loss or a draw). The engine evaluates terminal
    /// positions without generating moves; a position with no legal move is evaluated too.
    fn is_terminal(&self) -> bool;

    /// `true` when moves earn rewards ([`Game::reward`]): points scored along the way, such as
    /// the boxes of Dots and Boxes or the stones of Kalah. The default, `false`, keeps rewards
    /// out of the compiled search (the check is resolved at compile time: it costs nothing).
    ///
    /// With rewards, the value of a position is the sum of the rewards still to come plus the
    /// evaluation where the line ends, all from the side to move's view: the value **of the
    /// rest of the game**, without the score so far. The score so far can then stay out of
    /// [`Game::zobrist_key`]: positions that differ only in it are one entry of the table.
    /// The search's score at the root is the value of the rest from the root; add the score
    /// so far to it for the game's final margin.
    ///
    /// Supported by [`Engine::search`](crate::Engine::search) and its variants (the whole
    /// sequential search: iterative deepening, windows, MTD(f), analysis, null moves,
    /// quiescence, the checking mode) and by the exact solver
    /// ([`Engine::solve`](crate::Engine::solve) and its variants). The parallel search on more
    /// than one thread (`std`), the chance search and Monte Carlo tree search refuse a game
    /// with rewards
    /// ([`SearchError::RewardsUnsupported`](crate::SearchError::RewardsUnsupported)) rather
    /// than search it without them.
    ///
    /// Values are plain numbers then: an evaluator with mate scores
    /// ([`Evaluator::MATE_SCORES`]) must not return wins and losses (`±(WIN - ply)` depends on
    /// the ply a line ends at, so transpositions would differ, and a win plus rewards is no
    /// mate score): such a score stops the search with
    /// [`SearchError::ScoreOutOfRange`](crate::SearchError::ScoreOutOfRange). Score the end
    /// of the game by what is left to share (0 for Dots and Boxes) instead, and keep the
    /// rewards of a line and the evaluation together strictly inside `±(WIN -
    /// MAX_MATE_PLY)`, where the search reads no score as a mate. An evaluator without mate
    /// scores has neither limit.
    const REWARDS: bool = false;

    /// For a game with [`Game::REWARDS`]: what `mv` earns the side to move in this position
    /// (called before [`Game::make_move`]), in score units, from its own point of view: 1
    /// for a box completed in Dots and Boxes, 0 for a move that completes none.
    ///
    /// The value of the position through `mv` is `reward + v` when the same player moves
    /// again after it (completing a box keeps the turn) and `reward - v` when the turn passes,
    /// `v` the value of the position reached for its own side to move. An integer: exact in
    /// `i32` and `f64` scores, in `f32` scores up to `2^24`. A null move earns nothing.
    /// Default 0.
    ///
    /// ```
    /// # use alphabeta::{Game, MoveList};
    /// // Take 1 or 2 stones; whoever takes the last stone scores it.
    /// #[derive(Clone, Copy)]
    /// struct Last { stones: u32, first: bool }
    /// impl Game for Last {
    ///     type Move = u32;
    ///     type Player = bool;
    ///     type Undo = ();
    ///     fn side_to_move(&self) -> bool { self.first }
    ///     fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
    ///         for take in 1..=self.stones.min(2) { let _ = moves.push(take); }
    ///     }
    ///     fn make_move(&mut self, take: u32) { self.stones -= take; self.first = !self.first; }
    ///     fn unmake_move(&mut self, take: u32, _: ()) { self.stones += take; self.first = !self.first; }
    ///     fn is_terminal(&self) -> bool { self.stones == 0 }
    ///     // The side to move is not in the key: the value of the rest does not depend on it.
    ///     fn zobrist_key(&self) -> u64 { u64::from(self.stones) }
    ///     const REWARDS: bool = true;
    ///     fn reward(&self, take: u32) -> i32 { i32::from(take == self.stones) }
    /// }
    /// ```
    #[inline(always)]
    fn reward(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether this game has rewards after all: [`Game::REWARDS`] by default. A game type
    /// that declares rewards for some of its values only (a table of callbacks, one of which
    /// may be missing) returns `false` for the others, so that the searches that do not
    /// support rewards accept them. Read once per call, at the root.
    #[inline(always)]
    fn has_rewards(&self) -> bool {
        Self::REWARDS
    }

    /// The 64-bit Zobrist key of the position. **The key must cover everything the value of
    /// the position depends on**, not only the pieces: the side to move, and every other part
    /// of the state that changes what the rest of the game is worth. The classic mistakes are
    /// leaving out the score so far (a game that counts captures, boxes, points: two move
    /// orders that reach the same board with different scores then share a key), the
    /// repetition history (a draw by repetition or a ko rule), castling rights and the
    /// en-passant square in chess, a move counter that ends the game. Two positions with equal
    /// keys are one position to the transposition table: it gives one the other's value,
    /// marked exact, without a word. Equal positions must have equal keys.
    ///
    /// To catch a key that misses state, search with
    /// [`Config::check_table`](crate::Config::check_table) on while developing the game: the
    /// search then fails with [`SearchError::InconsistentKey`](crate::SearchError), naming the
    /// key, when the table contradicts the game.
    fn zobrist_key(&self) -> u64;

    /// A hint that `mv` is tactical (a capture, a promotion, a threat): such moves are never
    /// reduced and are the ones quiescence search looks at. The default says no move is.
    fn is_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// For a move [`is_tactical`](Self::is_tactical) says yes to: a hint that it is likely
    /// to lose (in chess, a capture that loses material by static exchange evaluation). The
    /// [`DefaultSorter`](crate::ordering::DefaultSorter) tries such moves last, after the killers and
    /// the quiet moves, instead of first; nothing else reads it (they are still never
    /// reduced, as tactical moves). The default says none does.
    fn is_losing_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// For a position that is not terminal, a lower bound on the plies before the side to move
    /// can win: the default 1 says its next move may win. Mate distance pruning
    /// ([`Config::mate_distance_pruning`](crate::Config::mate_distance_pruning)) caps the
    /// score at `win_in(ply + k)` with this `k`; a game that knows more (no immediate win is
    /// possible, say) returns more and prunes more. A value larger than the truth makes the
    /// search wrong.
    fn min_plies_to_win(&self) -> u32 {
        1
    }

    /// The same for a loss of the side to move: mate distance pruning raises the score to at
    /// least `loss_in(ply + k)` with this `k`. Default 1.
    fn min_plies_to_loss(&self) -> u32 {
        1
    }

    /// `true` when the game implements null moves ([`Game::make_null_move`],
    /// [`Game::unmake_null_move`]) for null-move pruning
    /// ([`Config::null_move`](crate::Config::null_move)). The default, `false`, keeps passes
    /// out of the search (and the pruning out of the compiled node loop). Pruning with passes
    /// is sound where a move never hurts the mover, as in k-in-a-row games without gravity
    /// (an extra stone never hurts: see [`games::mnk`](crate::games::mnk)); in games with
    /// zugzwang (chess endgames, the odd/even threats of Connect Four) it can prune the best
    /// move.
    const NULL_MOVE: bool = false;

    /// Whether the side to move may pass here, for a game with [`Game::NULL_MOVE`]: `false`
    /// where a pass could be better than every move (zugzwang-prone positions: endgames with
    /// few pieces) or must not be tried (in check). Default `true`.
    fn null_move_allowed(&self) -> bool {
        true
    }

    /// Makes a null move: a pass, after which the opponent is to move in the same position
    /// ([`Game::side_to_move`] and [`Game::zobrist_key`] must change: the key includes the side
    /// to move). Returns what [`Game::unmake_null_move`] needs to take it back, or `None` when
    /// the game has no pass here after all (then nothing is pruned). Called only where
    /// [`Game::NULL_MOVE`] and [`Game::null_move_allowed`] say yes; the default returns `None`.
    fn make_null_move(&mut self) -> Option<Self::Undo> {
        None
    }

    /// Takes back the null move made by [`Game::make_null_move`]. The default does nothing.
    fn unmake_null_move(&mut self, undo: Self::Undo) {
        let _ = undo;
    }

    /// `true` when the game extends some lines ([`Game::extension`]): a move after which the
    /// position is forcing (a check, say) is searched deeper than the others. The default,
    /// `false`, keeps the hook out of the compiled node loop.
    const EXTENSIONS: bool = false;

    /// For a game with [`Game::EXTENSIONS`]: the plies to add to the depth of the position
    /// just reached by a move (called after [`Game::make_move`], before the position is
    /// searched). Chess engines extend checks by one ply (the check extension: the Chess
    /// Programming Wiki's "Check Extensions"), so that a forcing line is not cut at the
    /// horizon. The search adds at most 1 per move, and none where the extended line would
    /// reach the engine's ply capacity, so extensions never stop a search from ending. Default 0.
    fn extension(&self) -> u32 {
        0
    }

    /// `true` when the game has a quiescence policy: [`Game::generate_tactical_moves`] is
    /// implemented. The default, `false`, evaluates horizon positions as they stand.
    const QUIESCENCE: bool = false;

    /// The quiescence policy: writes the moves worth searching beyond the horizon (captures,
    /// promotions: moves that change the evaluation sharply). Quiescence search
    /// ([`Config::quiescence`](crate::Config::quiescence)) tries them after "standing pat" on
    /// the static evaluation, up to
    /// [`Config::max_quiescence_depth`](crate::Config::max_quiescence_depth) plies. The
    /// default writes none.
    fn generate_tactical_moves<const N: usize>(&self, moves: &mut MoveList<Self::Move, N>) {
        let _ = moves;
    }

    /// Whether quiescence search may "stand pat" here: take the static evaluation as a lower
    /// bound of the position's score. `false` where every move must be searched because
    /// doing nothing is not an option (a chess position in check: the side to move must
    /// answer it). Quiescence then searches every legal move ([`Game::generate_moves`]) rather
    /// than the tactical ones, and a position without a legal move is scored by the
    /// evaluator as it stands (checkmate). Default `true`.
    fn may_stand_pat(&self) -> bool {
        true
    }
}

/// Where the evaluator is called from: the distance from the root and the depth left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalContext {
    /// Plies from the root of the search to this position (0 at the root).
    pub ply: u32,
    /// Plies of search left below this position (0 at a horizon leaf).
    pub depth_left: u32,
}

/// Scores positions.
///
/// `evaluate` returns the score of `game` from the point of view of `player` (higher is better
/// for `player`). The engine always asks for the side to move.
///
/// For a won or lost terminal position return [`Score::win_in`]`(ctx.ply)` or
/// [`Score::loss_in`]`(ctx.ply)`: the distance from the root makes the engine prefer faster
/// wins and slower losses, and keeps results comparable between iterations and safe to store
/// in a transposition table. `ctx.depth_left` is there for evaluators that want it (for
/// example to trust a static score less near the root), but scores derived from it differ from
/// one iteration to the next.
///
/// # The valid score range
///
/// With mate scores ([`Evaluator::MATE_SCORES`], the default), the score of a position
/// `ctx.ply` plies from the root lies in `loss_in(ply) ..= win_in(ply)`, that is
/// `-(WIN - ply) ..= WIN - ply` (`WIN` is 1,000,000 for `i32`, `f32` and `f64`): wins and losses
/// as `±(WIN - d)` with `d >= ply` the distance from the root to the end of the game, heuristic
/// values strictly inside `±(WIN - MAX_MATE_PLY)`.
///
/// Without mate scores (`MATE_SCORES = false`), any number from `-INFINITY` to `INFINITY`
/// (`i32`: `±i32::MAX`; floats: `±inf`) is taken at face value.
///
/// Anything else stops the search with a typed error rather than a wrong value:
/// NaN with [`SearchError::NanScore`](crate::SearchError::NanScore), and a score outside the
/// range (`i32::MIN` always, since it has no negation; with mate scores anything beyond
/// `±(WIN - ply)`, which the table and mate distance pruning would misread) with
/// [`SearchError::ScoreOutOfRange`](crate::SearchError::ScoreOutOfRange).
pub trait Evaluator<G: Game> {
    /// The score type: `i32`, `f32` or `f64`.
    type Score: Score;

    /// Whether scores within [`MAX_MATE_PLY`](crate::MAX_MATE_PLY) of `±WIN` are forced
    /// results (`true`, the default): the transposition table then stores them relative to
    /// the node, and mate distance pruning
    /// ([`Config::mate_distance_pruning`](crate::Config::mate_distance_pruning)) narrows the
    /// window with them; scores beyond `±(WIN - ply)` are errors.
    ///
    /// `false` for an evaluator whose numbers are plain values of any size, such as the leaf
    /// values of a game-tree file: no score is read as a mate, mate distance pruning is off
    /// whatever the configuration says, and every score from `-INFINITY` to `INFINITY` is
    /// valid.
    const MATE_SCORES: bool = true;

    /// The score of `game` for `player`.
    fn evaluate(&self, game: &G, player: G::Player, ctx: EvalContext) -> Self::Score;

    /// Exact solving of small subtrees (opt-in): the deepest `depth_left` at which the search
    /// offers a node to [`Evaluator::solve_subtree`]. The default, 0, never does, and the
    /// check is resolved at compile time: an evaluator that keeps it pays nothing.
    const SOLVE_DEPTH: u32 = 0;

    /// For an evaluator with [`Evaluator::SOLVE_DEPTH`]: the value of `game`'s subtree, for
    /// its side to move, searched by the evaluator's own code instead of the engine's node
    /// loop (a game's dedicated solver for its last plies, with no move list, no table and
    /// no ordering beyond what it chooses; Othello programs solve their last four empty
    /// squares so), or `None` to let the engine search the node itself.
    ///
    /// Called with the node's window `(alpha, beta)` (`alpha < beta`) at nodes below the root
    /// with `ctx.depth_left <= SOLVE_DEPTH` (`ctx.ply` plies from the root), except at nodes
    /// on the principal variation when the search keeps the line (so the line stays whole),
    /// by the node loop of every configuration with a table or a refinement; the plain
    /// alpha-beta loop without a table and the exact solver's loop (`Engine::solve*`) do not
    /// ask it (values are the same either way).
    /// The answer must be what the engine's fail-soft search of the node to `depth_left`
    /// plies would prove: with `v` that search's value, a `score` at or below `alpha` with
    /// `v <= score`, at or above `beta` with `v >= score`, `v` itself in between. Only a
    /// subtree that ends within `depth_left` plies can be solved so (the table takes what
    /// depends on the answer as proven, not as a horizon's estimate); return `None` for the
    /// others. `nodes` are the positions it visited,
    /// added to the search's count (at least 1: the node itself). The table does not see the
    /// subtree, and the node's principal variation ends there, as at a leaf.
    ///
    /// ```
    /// # use alphabeta::{EvalContext, Evaluator, Game, MoveList};
    /// # use alphabeta::game::Solved;
    /// // Take 1 to 3 stones; who takes the last one wins (scores ±1).
    /// #[derive(Clone, Copy)]
    /// struct Pile { stones: u32, first: bool }
    /// # impl Game for Pile {
    /// #     type Move = u32;
    /// #     type Player = bool;
    /// #     type Undo = ();
    /// #     fn side_to_move(&self) -> bool { self.first }
    /// #     fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
    /// #         for take in 1..=self.stones.min(3) { let _ = moves.push(take); }
    /// #     }
    /// #     fn make_move(&mut self, take: u32) { self.stones -= take; self.first = !self.first; }
    /// #     fn unmake_move(&mut self, take: u32, _: ()) { self.stones += take; self.first = !self.first; }
    /// #     fn is_terminal(&self) -> bool { self.stones == 0 }
    /// #     fn zobrist_key(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.first) }
    /// # }
    /// struct Rule;
    /// impl Evaluator<Pile> for Rule {
    ///     type Score = i32;
    ///     const MATE_SCORES: bool = false;
    ///     // The side to move has lost when no stone is left.
    ///     fn evaluate(&self, pile: &Pile, player: bool, _: EvalContext) -> i32 {
    ///         if player == pile.first { -1 } else { 1 }
    ///     }
    ///     // The side to move wins unless the stones are a multiple of 4: the whole game
    ///     // solved at once (it lasts at most `stones` plies, so only within the depth).
    ///     const SOLVE_DEPTH: u32 = u32::MAX;
    ///     fn solve_subtree(&self, pile: &Pile, ctx: EvalContext, _: i32, _: i32) -> Option<Solved<i32>> {
    ///         (pile.stones <= ctx.depth_left)
    ///             .then(|| Solved { score: if pile.stones % 4 == 0 { -1 } else { 1 }, nodes: 1 })
    ///     }
    /// }
    /// ```
    #[inline(always)]
    fn solve_subtree(
        &self,
        game: &G,
        ctx: EvalContext,
        alpha: Self::Score,
        beta: Self::Score,
    ) -> Option<Solved<Self::Score>> {
        let _ = (game, ctx, alpha, beta);
        None
    }
    /// `true` when the evaluator can bound a position's value without searching it
    /// ([`Evaluator::bound_cut`]). The default, `false`, keeps the hook out of the compiled
    /// node loop.
    const BOUNDS: bool = false;

    /// For an evaluator with [`Evaluator::BOUNDS`]: a cutoff proved from the position alone,
    /// asked below the root by the node loop of every configuration with a table or a
    /// refinement (before the transposition table; not by the plain alpha-beta loop without
    /// a table, nor by the exact solver's loop), with its window `(alpha, beta)`, `alpha < beta`. `Some(score)`
    /// ends the node with `score`, which must be a fail-soft bound of the value `v` the search
    /// of the node would find: `score <= alpha` with `v <= score` (an upper bound that fails
    /// low), or `score >= beta` with `v >= score` (a lower bound that fails high). `None`
    /// searches the node. The bound must hold for the game's exact value as well (the table
    /// takes what depends on it as proven): bound only where the search reaches the end of
    /// the game, or with a bound that holds for every evaluation. An Othello evaluator bounds the score by the discs that can no
    /// longer be flipped (Edax's stability cutoff); a game with a material count that can
    /// only fall, by the count. The default, `None`.
    #[inline(always)]
    fn bound_cut(
        &self,
        game: &G,
        ctx: EvalContext,
        alpha: Self::Score,
        beta: Self::Score,
    ) -> Option<Self::Score> {
        let _ = (game, ctx, alpha, beta);
        None
    }
}

/// What [`Evaluator::solve_subtree`] proved: a fail-soft value and the positions visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved<S> {
    /// The value for the side to move, fail-soft against the window it was given.
    pub score: S,
    /// The positions visited (the node itself included).
    pub nodes: u64,
}
