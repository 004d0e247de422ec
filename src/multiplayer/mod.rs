//! Multi-player search: paranoid, max^n and best-reply search, for games of 2 to
//! [`MAX_PLAYERS`] players.
//!
//! You describe the game with [`MultiGame`] (the player to move is an index `0..players`) and
//! score it with a [`MultiEvaluator`], which writes one score per player into a buffer. A
//! [`MultiEngine`] then searches it with the algorithm chosen in its [`MultiConfig`]:
//!
//! | algorithm | what the root player assumes | pruning | source |
//! |---|---|---|---|
//! | [`MultiAlgorithm::Paranoid`] | every other player plays to minimise the root player's score: a coalition | alpha-beta, with the transposition table, move ordering and every accelerator of the two-player [`Engine`] | Sturtevant & Korf 2000 |
//! | [`MultiAlgorithm::MaxN`] | every player maximises its own entry of the score vector | immediate and shallow pruning (Korf 1991), only when the evaluator declares [`ScoreBounds`] | Luckhardt & Irani 1986 |
//! | [`MultiAlgorithm::BestReply`] | after each of its moves, only the single strongest reply among all opponents is played; the others pass | alpha-beta and the two-player [`Engine`], as for paranoid | Schadd & Winands 2011 |
//!
//! # Two-player searches over an adapter
//!
//! Paranoid and best-reply search are two-player searches, so they are not written again
//! here: [`Paranoid`] and [`BestReply`] present the multi-player game as a two-player
//! [`Game`](crate::Game) (`true`: the root player, `false`: the coalition) and
//! [`CoalitionEval`] scores it with the root player's entry of the score vector (negated for
//! the coalition). The [`Engine`] searches the adapter with everything it has: negamax
//! alpha-beta, iterative deepening, the time limit and the stop flag, `min_depth`, the
//! transposition table (keys are the game's keys mixed with the root player and the
//! algorithm, so one table may serve both adapters and every seat), move ordering, PVS, LMR
//! and so on, as switched on in [`MultiConfig::search`]. You may also build an [`Engine`]
//! over an adapter yourself.
//!
//! Best-reply search (Schadd & Winands 2011) alternates two layers: at a root-player ("max")
//! node the root player's moves; at an opponent ("min") node the moves of *every* opponent,
//! each generated as if it were that opponent's turn ([`MultiGame::generate_moves_for`]),
//! of which the search keeps the one worst for the root player. Only that opponent moves,
//! the others pass, and the root player is to move again ([`MultiGame::set_player_to_move`]).
//! The positions it searches need not be reachable in the real game; that is the method.
//! A game opts in with [`MultiGame::supports_out_of_turn`].
//!
//! # Max^n
//!
//! Max^n (Luckhardt & Irani 1986) returns a [`ScoreVector`] from every node: the player to
//! move takes the child whose vector is best in its own entry. **Tie rule:** among children
//! with equal entries for the mover, the first in the game's move order is taken (moves are
//! searched in that order; max^n reorders nothing). The tie rule changes max^n values (a tie
//! at one node decides what every other player receives above it), so it is fixed and stated.
//!
//! Alpha-beta is unsound in max^n; Korf (1991) showed which pruning is sound when every
//! player's score is at least `min_score` and the scores sum to at most `max_sum`:
//!
//! * *immediate pruning*: once the mover's best entry reaches `max_sum - (players - 1) *
//!   min_score`, nothing can beat it;
//! * *shallow pruning*: at a node of player `j` whose parent's player `i != j` already has
//!   `b` from an earlier child, once `j`'s best entry here is `v`, player `i` can get at
//!   most `max_sum - v - (players - 2) * min_score` below this node; if that is `<= b` the
//!   parent will not choose this node (under the tie rule), so its other moves are skipped.
//!
//! Both keep the root vector and move exactly those of plain max^n (the tests check it).
//! Deep pruning is unsound in max^n and is not done. Max^n uses no transposition table (its
//! values are vectors, and a shallow-pruned node's vector is not its value) and ignores
//! [`Config::tie_break_seed`]; it follows the depth, time, stop and `min_depth` rules of the
//! two-player engine: iterative deepening returns the last completed iteration, the minimum
//! depth always completes.
//!
//! # Memory
//!
//! No heap. A [`MultiEngine`] holds its evaluator, configuration, table reference and a
//! principal-variation table of `MAX_PLY × MAX_PLY` [`PlayerMove`]s (for max^n). A paranoid or
//! best-reply search builds its two-player [`Engine`] on the stack for the duration of the
//! call (see [`Engine`] for its size), so killer moves and history do not carry over from one
//! search to the next. Max^n keeps one move list and one [`ScoreVector`] per ply on the
//! stack.

mod best_reply;
mod maxn;
mod paranoid;

use core::cell::Cell;
use core::fmt;
use core::marker::PhantomData;

pub use best_reply::{BestReply, BestReplyUndo};
pub use paranoid::Paranoid;

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{EvalContext, Evaluator, MoveList};
use crate::ordering::DefaultSorter;
use crate::score::Score;
use crate::search::{Config, Engine, SearchResult, SearchStats};
use crate::tt::{MoveCode, NoTable, Table};

/// The most players a [`MultiGame`] may have.
pub const MAX_PLAYERS: usize = 8;

/// A game of 2 to [`MAX_PLAYERS`] players the [`MultiEngine`] can search.
///
/// Players are numbered `0..num_players()`. As for the two-player [`Game`](crate::Game), the
/// engine calls [`MultiGame::make_move`] and [`MultiGame::unmake_move`] in strict stack order;
/// turns may follow any order (a player may move twice in a row, eliminated players are
/// skipped): the engine asks [`MultiGame::player_to_move`] at every node.
pub trait MultiGame {
    /// A move. Small and `Copy`; its [`MoveCode`] is what the transposition table stores for
    /// paranoid and best-reply search.
    type Move: Copy + Eq + fmt::Debug + MoveCode;
    /// What [`MultiGame::make_move`] returns to let [`MultiGame::unmake_move`] restore the
    /// position.
    type Undo;

    /// The number of players, 2 to [`MAX_PLAYERS`], the same in every position of one search
    /// (eliminated players still count).
    fn num_players(&self) -> usize;

    /// The player to move, `0..num_players()`.
    fn player_to_move(&self) -> usize;

    /// Writes every legal move of the player to move into `moves` (passed in empty), in the
    /// order the game prefers them searched. A move that does not fit is refused by
    /// [`MoveList::push`] and the search fails with
    /// [`SearchError::MoveListOverflow`].
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<Self::Move, N>);

    /// Plays `mv`, which [`MultiGame::generate_moves`] (or, for best-reply search,
    /// [`MultiGame::generate_moves_for`]) produced for this position.
    fn make_move(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, the last move made, given what `make_move` returned for it.
    fn unmake_move(&mut self, mv: Self::Move, undo: Self::Undo);

    /// `true` when the game is over. Terminal positions are evaluated without generating
    /// moves; a position without legal moves is evaluated too.
    fn is_terminal(&self) -> bool;

    /// The 64-bit Zobrist key of the position, the player to move included.
    fn zobrist_key(&self) -> u64;

    /// A hint that `mv` is tactical (never reduced by late move reductions in paranoid and
    /// best-reply search). Default: no move is.
    fn is_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// `true` when the game implements [`MultiGame::generate_moves_for`] and
    /// [`MultiGame::set_player_to_move`] for any player, as best-reply search needs. Default
    /// `false`: best-reply search then fails with [`MultiError::OutOfTurnUnsupported`].
    fn supports_out_of_turn(&self) -> bool {
        false
    }

    /// Best-reply search: writes the moves `player` could make in this position if it were
    /// its turn (none for an eliminated player). The default writes the moves of the player
    /// to move and none for anyone else.
    fn generate_moves_for<const N: usize>(
        &self,
        player: usize,
        moves: &mut MoveList<Self::Move, N>,
    ) {
        if player == self.player_to_move() {
            self.generate_moves(moves);
        }
    }

    /// Best-reply search: makes `player` the player to move, leaving the rest of the position
    /// (and the Zobrist key's other parts) as it is. The search restores the previous player
    /// with the same call. The default does nothing.
    fn set_player_to_move(&mut self, player: usize) {
        let _ = player;
    }
}

/// Scores positions of a [`MultiGame`]: one score per player.
///
/// `scores[p]` is player `p`'s score from its own point of view, higher is better for it.
/// The evaluator does not need to be zero-sum. Use [`Score::win_in`]`(ctx.ply)` for a win
/// so that faster wins score higher, and keep heuristic scores out of the mate range (see
/// [`Score`]).
pub trait MultiEvaluator<G: MultiGame> {
    /// The score type: `i32`, `f32` or `f64`.
    type Score: Score;

    /// Writes the score of `game` for every player into `scores`, whose length is
    /// `game.num_players()` and which arrives filled with [`Score::ZERO`].
    ///
    /// Paranoid and best-reply search read only the root player's entry; max^n reads all. A
    /// NaN entry that is read stops the search with
    /// [`SearchError::NanScore`].
    fn evaluate(&self, game: &G, ctx: EvalContext, scores: &mut [Self::Score]);

    /// The bounds that make Korf's immediate and shallow pruning sound in max^n: every entry
    /// at least `min_score`, every vector's entries summing to at most `max_sum`. The default
    /// declares none and max^n then prunes nothing. Max^n checks every vector it evaluates
    /// against declared bounds and fails with [`MultiError::ScoreOutOfBounds`] on a violation.
    fn bounds(&self) -> Option<ScoreBounds<Self::Score>> {
        None
    }
}

impl<G: MultiGame, E: MultiEvaluator<G> + ?Sized> MultiEvaluator<G> for &E {
    type Score = E::Score;
    fn evaluate(&self, game: &G, ctx: EvalContext, scores: &mut [Self::Score]) {
        (**self).evaluate(game, ctx, scores);
    }
    fn bounds(&self) -> Option<ScoreBounds<Self::Score>> {
        (**self).bounds()
    }
}

/// Bounds on score vectors for Korf's max^n pruning (Korf 1991).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreBounds<S> {
    /// Every player's score is at least this.
    pub min_score: S,
    /// The scores of all players sum to at most this.
    pub max_sum: S,
}

/// One score per player: what max^n returns from every node.
///
/// A fixed array of [`MAX_PLAYERS`] scores and a length (the number of players); entries
/// beyond the length are [`Score::ZERO`] and not compared.
#[derive(Clone, Copy)]
pub struct ScoreVector<S> {
    scores: [S; MAX_PLAYERS],
    len: u8,
}

impl<S: Score> ScoreVector<S> {
    /// `players` zero scores (at most [`MAX_PLAYERS`]; more are cut to it).
    pub fn zeros(players: usize) -> Self {
        Self { scores: [S::ZERO; MAX_PLAYERS], len: players.min(MAX_PLAYERS) as u8 }
    }

    /// The vector of `scores` (at most [`MAX_PLAYERS`]; more are cut to it).
    pub fn from_slice(scores: &[S]) -> Self {
        let mut vector = Self::zeros(scores.len());
        let len = vector.len();
        vector.as_mut_slice().copy_from_slice(&scores[..len]);
        vector
    }
}

impl<S> ScoreVector<S> {
    /// Player `player`'s score, `None` beyond the number of players.
    pub fn get(&self, player: usize) -> Option<S>
    where
        S: Copy,
    {
        self.as_slice().get(player).copied()
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// `true` for a vector of no players.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The scores, one per player.
    pub fn as_slice(&self) -> &[S] {
        &self.scores[..usize::from(self.len)]
    }

    /// The scores, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [S] {
        &mut self.scores[..usize::from(self.len)]
    }
}

impl<S: PartialEq> PartialEq for ScoreVector<S> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<S: fmt::Debug> fmt::Debug for ScoreVector<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move and the player who makes it: the moves of a multi-player principal variation, and
/// the moves of [`BestReply`] (where an opponent may move out of turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerMove<M> {
    /// The player making the move, `0..players`.
    pub player: u8,
    /// The move.
    pub mv: M,
}

impl<M: MoveCode> MoveCode for PlayerMove<M> {
    fn move_code(self) -> u16 {
        // The player (< 8) in the top three bits: equal moves of two players get two codes.
        self.mv.move_code() ^ (u16::from(self.player) << 13)
    }
}

/// Which multi-player search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MultiAlgorithm {
    /// Paranoid search (Sturtevant & Korf 2000): the root player against a coalition of all
    /// the others, searched by the two-player alpha-beta [`Engine`]. The default.
    #[default]
    Paranoid,
    /// Max^n (Luckhardt & Irani 1986) with Korf's (1991) immediate and shallow pruning when
    /// the evaluator declares [`ScoreBounds`].
    MaxN,
    /// Best-reply search (Schadd & Winands 2011), searched by the two-player alpha-beta
    /// [`Engine`]; needs [`MultiGame::supports_out_of_turn`].
    BestReply,
}

impl MultiAlgorithm {
    /// A short name: `"paranoid"`, `"max^n"` or `"best-reply"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Paranoid => "paranoid",
            Self::MaxN => "max^n",
            Self::BestReply => "best-reply",
        }
    }
}

impl fmt::Display for MultiAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a [`MultiEngine`] searches. Per-call limits (depths, time, stop flag) are in
/// [`Limits`], as for the two-player engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultiConfig {
    /// The algorithm. Default [`MultiAlgorithm::Paranoid`].
    pub algorithm: MultiAlgorithm,
    /// The two-player engine's configuration, used whole by paranoid and best-reply search.
    /// Max^n reads only [`Config::iterative_deepening`] and [`Config::poll_interval_nodes`].
    /// Default [`Config::new`].
    pub search: Config,
    /// Max^n: Korf's immediate and shallow pruning, when the evaluator declares
    /// [`ScoreBounds`]. Default on; off searches every node (and ignores the bounds).
    pub shallow_pruning: bool,
}

impl MultiConfig {
    /// `algorithm` with the defaults for everything else.
    pub const fn new(algorithm: MultiAlgorithm) -> Self {
        Self { algorithm, search: Config::new(), shallow_pruning: true }
    }
}

impl Default for MultiConfig {
    fn default() -> Self {
        Self::new(MultiAlgorithm::Paranoid)
    }
}

/// The outcome of [`MultiEngine::search`].
#[derive(Clone, Debug, PartialEq)]
pub struct MultiResult<M, S, const MAX_PLY: usize> {
    /// The algorithm that produced this result.
    pub algorithm: MultiAlgorithm,
    /// The root player: the player to move at the root.
    pub root_player: usize,
    /// The root player's best move; `None` when the root is terminal or has no legal move.
    pub best_move: Option<M>,
    /// The root player's value: the paranoid or best-reply value (the root player's entry
    /// backed up through the coalition's minimisation), or its entry of the max^n vector.
    pub score: S,
    /// Max^n: the root's score vector, one entry per player. `None` for the other
    /// algorithms, whose values are the root player's only.
    pub scores: Option<ScoreVector<S>>,
    /// The depth of the last completed iteration, in plies (best-reply search: in layers,
    /// a root-player move or an opponent's reply each count one).
    pub depth: u32,
    /// Nodes visited by every iteration.
    pub nodes: u64,
    /// `true` when the last completed iteration reached no horizon: for paranoid and max^n
    /// the value is the game's under that algorithm's assumptions; for best-reply search it is
    /// the value of the best-reply tree, whose lines skip opponents.
    pub exact: bool,
    /// `false` when the clock or the stop flag interrupted an iteration (whose partial result
    /// was discarded).
    pub completed: bool,
    /// The principal variation, each move with its player.
    pub pv: heapless::Vec<PlayerMove<M>, MAX_PLY>,
    /// Microseconds from the start of the search to its end, when a clock was given.
    pub elapsed_micros: Option<u64>,
    /// Counters of the call: all of them for paranoid and best-reply search (the two-player
    /// engine's), only `nodes` for max^n.
    pub stats: SearchStats,
    /// Max^n: nodes whose remaining moves were skipped because the mover reached the largest
    /// score the bounds allow (immediate pruning, Korf 1991). 0 for the other algorithms.
    pub immediate_prunes: u64,
    /// Max^n: nodes whose remaining moves were skipped by shallow pruning (Korf 1991). 0 for
    /// the other algorithms.
    pub shallow_prunes: u64,
}

/// Why a multi-player search failed. A failed call returns no result; the game is back in
/// its starting position and the engine is ready for the next call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MultiError {
    /// An error of the search itself, as for the two-player engine: invalid [`Limits`], a
    /// move-list overflow, a NaN score.
    Search(SearchError),
    /// [`MultiGame::num_players`] is not in `2..=MAX_PLAYERS`.
    PlayerCount {
        /// The number the game reported.
        players: usize,
    },
    /// [`MultiGame::player_to_move`] is not below the number of players.
    PlayerOutOfRange {
        /// The player the game reported.
        player: usize,
        /// The number of players.
        players: usize,
        /// Plies from the root.
        ply: u32,
    },
    /// Best-reply search on a game whose [`MultiGame::supports_out_of_turn`] is `false`.
    OutOfTurnUnsupported,
    /// The evaluator's [`ScoreBounds`] contain NaN.
    InvalidBounds,
    /// Max^n with pruning: an evaluated vector breaks the evaluator's [`ScoreBounds`] (an
    /// entry below `min_score` or NaN, or a sum above `max_sum`); pruning on it would be
    /// unsound.
    ScoreOutOfBounds {
        /// The ply of the evaluated position.
        ply: u32,
    },
}

impl fmt::Display for MultiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Search(error) => fmt::Display::fmt(&error, f),
            Self::PlayerCount { players } => write!(
                f,
                "the game has {players} players; multi-player search takes 2 to {MAX_PLAYERS}"
            ),
            Self::PlayerOutOfRange { player, players, ply } => write!(
                f,
                "the player to move is {player} at ply {ply}, but the game has {players} players"
            ),
            Self::OutOfTurnUnsupported => f.write_str(
                "best-reply search needs a game that supports out-of-turn moves \
                 (MultiGame::supports_out_of_turn)",
            ),
            Self::InvalidBounds => f.write_str("the evaluator's score bounds contain NaN"),
            Self::ScoreOutOfBounds { ply } => write!(
                f,
                "a score vector at ply {ply} breaks the evaluator's declared bounds \
                 (an entry below min_score, or a sum above max_sum)"
            ),
        }
    }
}

impl core::error::Error for MultiError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Search(error) => Some(error),
            _ => None,
        }
    }
}

impl From<SearchError> for MultiError {
    fn from(error: SearchError) -> Self {
        Self::Search(error)
    }
}

/// The two-player evaluation of [`Paranoid`] and [`BestReply`]: the root player's entry of
/// the [`MultiEvaluator`]'s score vector, negated for the coalition.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoalitionEval<E>(pub E);

impl<E> CoalitionEval<E> {
    /// The root player's entry of `game`'s score vector.
    fn root_score<G>(&self, game: &G, root: usize, ctx: EvalContext) -> E::Score
    where
        G: MultiGame,
        E: MultiEvaluator<G>,
    {
        let mut scores = ScoreVector::<E::Score>::zeros(game.num_players());
        self.0.evaluate(game, ctx, scores.as_mut_slice());
        // The root is below the player count (checked when the search starts).
        scores.get(root).unwrap_or(E::Score::ZERO)
    }
}

impl<G: MultiGame, E: MultiEvaluator<G>> Evaluator<Paranoid<'_, G>> for CoalitionEval<E> {
    type Score = E::Score;
    fn evaluate(&self, game: &Paranoid<'_, G>, root_side: bool, ctx: EvalContext) -> E::Score {
        let score = self.root_score(game.game(), game.root_player(), ctx);
        coalition_view(score, root_side)
    }
}

impl<G: MultiGame, E: MultiEvaluator<G>> Evaluator<BestReply<'_, G>> for CoalitionEval<E> {
    type Score = E::Score;
    fn evaluate(&self, game: &BestReply<'_, G>, root_side: bool, ctx: EvalContext) -> E::Score {
        let score = self.root_score(game.game(), game.root_player(), ctx);
        coalition_view(score, root_side)
    }
}

/// The check of the player to move that the two-player adapters make where max^n makes it:
/// at every node whose moves are generated.
#[derive(Debug)]
pub(crate) struct TurnCheck {
    /// Plies below the adapter's root (the engine's ply).
    pub(crate) ply: u32,
    /// The first out-of-range player met, the number of players, and its ply.
    pub(crate) fault: Cell<Option<(usize, usize, u32)>>,
}

impl TurnCheck {
    /// At the adapter's root, no fault yet.
    pub(crate) const fn new() -> Self {
        Self { ply: 0, fault: Cell::new(None) }
    }

    /// Whether `game`'s player to move is in range; if not, the fault is recorded and `moves`
    /// marked overflowed, which stops the engine at once.
    pub(crate) fn in_range<G: MultiGame, M, const N: usize>(
        &self,
        game: &G,
        moves: &mut MoveList<M, N>,
    ) -> bool {
        if game.player_to_move() < game.num_players() {
            return true;
        }
        if self.fault.get().is_none() {
            self.fault.set(Some((game.player_to_move(), game.num_players(), self.ply)));
        }
        moves.mark_overflow();
        false
    }

    pub(crate) fn fault(&self) -> Option<MultiError> {
        self.fault.get().map(|(player, players, ply)| MultiError::PlayerOutOfRange {
            player,
            players,
            ply,
        })
    }
}

/// The root player's score seen by `root_side`'s side: negated for the coalition, except a
/// score without a negation (`i32::MIN`), which the engine then reports as out of range.
fn coalition_view<S: Score>(score: S, root_side: bool) -> S {
    if root_side || !score.is_valid(false, 0) {
        score
    } else {
        -score
    }
}

/// A key salt per algorithm and root player, so that a table shared by paranoid and
/// best-reply searches from different seats never mixes their values (splitmix64's mix).
pub(crate) fn key_salt(algorithm: u64, root: usize) -> u64 {
    let mut z = (algorithm << 8 | root as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The multi-player search engine for game `G` with evaluator `E`.
///
/// * `MAX_MOVES`: the move-list capacity. Best-reply search puts the moves of *all*
///   opponents of a position into one list, so it needs up to `players - 1` times the most
///   moves of one player.
/// * `MAX_PLY`: the deepest search, in plies, and the capacity of the principal variation.
/// * `T`: the transposition table used by paranoid and best-reply search ([`NoTable`] by
///   default; see [`MultiEngine::with_table`]).
///
/// ```
/// use alphabeta::games::grid_survivor::{GridSurvivor, SurvivorEval};
/// use alphabeta::multiplayer::{MultiAlgorithm, MultiConfig, MultiEngine};
/// use alphabeta::Limits;
///
/// // Three players on an open 6×6 board (at most 36 cells); A moves first.
/// let mut game = GridSurvivor::<36>::random(6, 6, 3, 0, 7).unwrap();
/// for algorithm in [MultiAlgorithm::Paranoid, MultiAlgorithm::MaxN, MultiAlgorithm::BestReply] {
///     let mut engine: MultiEngine<GridSurvivor<36>, SurvivorEval, 12, 16> =
///         MultiEngine::new(SurvivorEval, MultiConfig::new(algorithm));
///     let result = engine.search(&mut game, &Limits::depth(4)).unwrap();
///     assert_eq!(result.algorithm, algorithm);
///     assert_eq!(result.root_player, 0);
///     assert!(result.best_move.is_some());
///     assert_eq!(result.scores.is_some(), algorithm == MultiAlgorithm::MaxN);
/// }
/// ```
pub struct MultiEngine<
    G: MultiGame,
    E: MultiEvaluator<G>,
    const MAX_MOVES: usize,
    const MAX_PLY: usize,
    T = NoTable,
> {
    evaluator: E,
    config: MultiConfig,
    table: T,
    /// Max^n's triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pv: [heapless::Vec<PlayerMove<G::Move>, MAX_PLY>; MAX_PLY],
    _game: PhantomData<fn(&mut G)>,
}

impl<G: MultiGame, E: MultiEvaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize>
    MultiEngine<G, E, MAX_MOVES, MAX_PLY>
{
    /// An engine with the given evaluator and configuration and no transposition table.
    /// `const`, so an engine can live in a `static`.
    pub const fn new(evaluator: E, config: MultiConfig) -> Self {
        Self::with_parts(evaluator, config, NoTable)
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T> MultiEngine<G, E, MAX_MOVES, MAX_PLY, T>
where
    G: MultiGame,
    E: MultiEvaluator<G>,
    T: Table<E::Score>,
{
    /// An engine from all its parts.
    pub const fn with_parts(evaluator: E, config: MultiConfig, table: T) -> Self {
        Self {
            evaluator,
            config,
            table,
            pv: [const { heapless::Vec::new() }; MAX_PLY],
            _game: PhantomData,
        }
    }

    /// The same engine with a transposition table (for paranoid and best-reply search), for
    /// example `&TABLE`, a reference to a [`TranspositionTable`](crate::tt::TranspositionTable).
    pub fn with_table<T2: Table<E::Score>>(
        self,
        table: T2,
    ) -> MultiEngine<G, E, MAX_MOVES, MAX_PLY, T2> {
        MultiEngine::with_parts(self.evaluator, self.config, table)
    }

    /// The configuration.
    pub fn config(&self) -> &MultiConfig {
        &self.config
    }

    /// Replaces the configuration for the following searches.
    pub fn set_config(&mut self, config: MultiConfig) {
        self.config = config;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The evaluator, mutable.
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// The transposition table.
    pub fn table(&self) -> &T {
        &self.table
    }

    /// Searches `game` for the player to move with the configured algorithm, by iterative
    /// deepening within `limits`, and returns the last completed iteration. `game` is back in
    /// its original position when the call returns, whatever the outcome.
    ///
    /// # Errors
    /// * [`MultiError::PlayerCount`], [`MultiError::PlayerOutOfRange`]: the game reports an
    ///   impossible number of players or player to move.
    /// * [`MultiError::OutOfTurnUnsupported`]: best-reply search on a game without
    ///   out-of-turn moves.
    /// * [`MultiError::InvalidBounds`], [`MultiError::ScoreOutOfBounds`]: max^n with pruning,
    ///   and bounds that are NaN or do not hold.
    /// * [`MultiError::Search`]: invalid limits, a move-list overflow or a NaN score, as for
    ///   [`Engine::search`].
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MultiResult<G::Move, E::Score, MAX_PLY>, MultiError> {
        let players = game.num_players();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(MultiError::PlayerCount { players });
        }
        let root = game.player_to_move();
        if root >= players {
            return Err(MultiError::PlayerOutOfRange { player: root, players, ply: 0 });
        }
        match self.config.algorithm {
            MultiAlgorithm::Paranoid => self.search_paranoid(game, limits),
            MultiAlgorithm::BestReply => self.search_best_reply(game, limits),
            MultiAlgorithm::MaxN => self.search_maxn(game, limits),
        }
    }

    fn search_paranoid(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MultiResult<G::Move, E::Score, MAX_PLY>, MultiError> {
        let mut adapter = Paranoid::new(game);
        let mut engine: Engine<_, _, MAX_MOVES, MAX_PLY, T, _> = Engine::with_parts(
            CoalitionEval(&self.evaluator),
            self.config.search,
            self.table,
            DefaultSorter::<G::Move, MAX_PLY>::new(),
        );
        let found = engine.search(&mut adapter, limits);
        if let Some(fault) = adapter.fault() {
            return Err(fault);
        }
        let found = found?;
        let root = adapter.root_player();
        // The principal variation with the player of each move, replayed on the game.
        let mut pv = heapless::Vec::new();
        annotate(adapter.into_inner(), &found.pv, &mut pv);
        Ok(two_player_result(MultiAlgorithm::Paranoid, root, found, pv))
    }

    fn search_best_reply(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MultiResult<G::Move, E::Score, MAX_PLY>, MultiError> {
        if !game.supports_out_of_turn() {
            return Err(MultiError::OutOfTurnUnsupported);
        }
        let mut adapter = BestReply::new(game);
        let mut engine: Engine<_, _, MAX_MOVES, MAX_PLY, T, _> = Engine::with_parts(
            CoalitionEval(&self.evaluator),
            self.config.search,
            self.table,
            DefaultSorter::<PlayerMove<G::Move>, MAX_PLY>::new(),
        );
        let found = engine.search(&mut adapter, limits);
        if let Some(fault) = adapter.fault() {
            return Err(fault);
        }
        let found = found?;
        let pv = found.pv.clone();
        Ok(two_player_result(MultiAlgorithm::BestReply, adapter.root_player(), found, pv))
    }
}

/// A [`MultiResult`] from the two-player engine's result over an adapter.
fn two_player_result<M, AM, S: Score, const MAX_PLY: usize>(
    algorithm: MultiAlgorithm,
    root_player: usize,
    found: SearchResult<AM, S, MAX_PLY>,
    pv: heapless::Vec<PlayerMove<M>, MAX_PLY>,
) -> MultiResult<M, S, MAX_PLY>
where
    M: Copy,
{
    MultiResult {
        algorithm,
        root_player,
        best_move: pv.first().map(|m| m.mv),
        score: found.score,
        scores: None,
        depth: found.depth,
        nodes: found.nodes,
        exact: found.exact,
        completed: found.completed,
        pv,
        elapsed_micros: found.elapsed_micros,
        stats: found.stats,
        immediate_prunes: 0,
        shallow_prunes: 0,
    }
}

/// Appends `line` to `out` with the player of each move, found by playing the line on `game`
/// (and taking it back).
fn annotate<G: MultiGame, const MAX_PLY: usize>(
    game: &mut G,
    line: &[G::Move],
    out: &mut heapless::Vec<PlayerMove<G::Move>, MAX_PLY>,
) {
    let Some((&mv, rest)) = line.split_first() else { return };
    let player = game.player_to_move() as u8;
    if out.push(PlayerMove { player, mv }).is_err() {
        return;
    }
    let undo = game.make_move(mv);
    annotate(game, rest, out);
    game.unmake_move(mv, undo);
}
