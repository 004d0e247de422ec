//! Games with dice: chance nodes, expectimax, and Star1/Star2 pruning.
//!
//! A game whose positions include rolls of dice (or any move of nature with known odds)
//! implements [`StochasticGame`] on top of [`Game`]: [`StochasticGame::is_chance_node`] says
//! where nature moves, and [`StochasticGame::generate_outcomes`] writes each outcome with an
//! integer weight (a die: six outcomes of weight 1). Outcomes are played with the game's own
//! [`Game::make_move`] and [`Game::unmake_move`]. The evaluator declares the range of its
//! scores with [`ChanceEvaluator::score_bound`], and a [`ChanceEngine`] searches.
//!
//! # The value of a position
//!
//! Expectimax (Michie 1966; in negamax form): a decision node takes the best of its moves for
//! the side to move, a chance node the weighted mean of its outcomes, from the point of view
//! of the chance node's own [`Game::side_to_move`]; an outcome after which another side is to
//! move is negated, as everywhere in negamax. Every move and every outcome is one ply of
//! depth; at depth 0 the evaluator scores the position, chance node or not.
//!
//! The mean is defined to the last bit, so that the pruned searches can equal it exactly:
//!
//! ```text
//! value = clamp(mean(fold(add_weighted, EMPTY_SUM, outcomes in the game's order), total), -B, B)
//! ```
//!
//! with [`ChanceScore::add_weighted`] and [`ChanceScore::mean`] (for `f64`:
//! `sum += weight as f64 * score` in the order the game wrote the outcomes, then
//! `sum / total`; for `i32`: an exact `i64` sum, then the quotient rounded to nearest, ties to
//! even), clamped into the evaluator's bound `-B..=B` when it declares one (the clamp only
//! ever moves a float mean by the rounding of its sum: weights are integers, so the mean of
//! scores within the bound lies within it in exact arithmetic).
//!
//! # Pruning at chance nodes
//!
//! Plain expectimax searches every outcome with the full window. With the bound `B` on every
//! score, a chance node can be cut before all its outcomes are known (Ballard 1983; Hauk,
//! Buro & Schaeffer 2004):
//!
//! * **Star1**: every outcome is searched with the window that would make the whole chance
//!   node fail low or high, given the outcomes searched so far and `±B` for the others; the
//!   node returns as soon as the bounds settle its own window.
//! * **Star2**: first a probe of each outcome: where the outcome leads to a decision node, only
//!   its first move (the table's, or the first in order) is searched. For an outcome after
//!   which the same side moves, that gives a lower bound on the outcome (a max node is worth at
//!   least any of its moves), otherwise an upper bound; the probes alone often settle the
//!   window. Then Star1 searches what is left, with the probes' bounds instead of `±B`.
//!
//! Both give exactly plain expectimax's value. A cut is taken only when the same fold as the
//! value's, over the bounds instead of the scores (a lower bound in place of every unknown
//! outcome, or an upper bound), settles the window: since `add_weighted` and `mean` are
//! monotone, in floating point too, the value lies within those folds. A fail-soft result
//! strictly inside the window of its search is exact, and when every outcome is exact the
//! node computes the very fold plain expectimax computes. When float rounding keeps a fold
//! from confirming what the window promised, the outcome is searched again with its known
//! bounds as the window, which always gives its exact score ([`ChanceStats::window_researches`]
//! counts these). The tests check the equality on thousands of random trees with random
//! weights, for `i32`, `f32` and `f64` scores and every combination of the options.
//!
//! # Decision nodes, the table, iterative deepening
//!
//! Decision nodes run fail-soft alpha-beta with the engine's move ordering (the table move,
//! killers, history). The transposition table stores chance nodes as any other node: an exact
//! value, a lower bound after a fail-high cut, an upper bound after a fail-low one (Star2's
//! probes also read the bounds stored for an outcome's position). Iterative deepening, the
//! time limit, the stop flag and `min_depth` follow the two-player [`Engine`]'s rules. Scores
//! are plain numbers here: [`Evaluator::MATE_SCORES`] is ignored, there is no mate distance
//! pruning, and the table stores scores as they are (so an evaluator that scores by the ply
//! gives the table's values of the ply they were stored at).
//!
//! # Memory
//!
//! No heap. A chance node keeps its outcomes (up to the engine's `MAX_MOVES`), their order,
//! and two bounds per outcome on the stack; a decision node its move list, as in the
//! two-player engine.

mod node;
mod score;

use core::fmt;

pub use score::ChanceScore;

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::{DefaultSorter, MoveSorter};
use crate::score::Score;
use crate::search::{
    Config, Engine, IterationInfo, RootSearch, SearchResult, SearchStats, WindowResult,
};
use crate::tt::{NoTable, Table};

pub(crate) use node::ChanceState;

/// The largest total weight of a chance node's outcomes: 2^24 (16,777,216). Within it the
/// `i32` sums are exact in `i64` and the `f32` products exact in `f64`.
pub const MAX_TOTAL_WEIGHT: u32 = 1 << 24;

/// One outcome of a chance node: the move nature makes, and its weight. The probability of
/// the outcome is its weight divided by the sum of the weights of the node's outcomes.
/// (`repr(C)`: with `u32` moves it is the C ABI's `alphabeta_outcome`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Outcome<M> {
    /// The outcome, played with [`Game::make_move`] like a move.
    pub outcome: M,
    /// Its weight, at least 1.
    pub weight: u32,
}

/// A [`Game`] with chance nodes: positions where nature moves (a roll of dice, a card drawn)
/// with known odds.
///
/// Outcomes are moves of the game's [`Game::Move`] type, played and taken back with
/// [`Game::make_move`] and [`Game::unmake_move`] in stack order, as moves are. At a chance
/// node the engine never calls [`Game::generate_moves`]; elsewhere it never calls
/// [`StochasticGame::generate_outcomes`]. A terminal position is never a chance node.
///
/// [`Game::side_to_move`] at a chance node says whose point of view its value takes: usually
/// the player who rolls. An outcome after which another player is to move is negated, as a
/// move is.
pub trait StochasticGame: Game {
    /// `true` when nature moves in this position.
    fn is_chance_node(&self) -> bool;

    /// Writes every outcome of this chance node with its weight into `outcomes` (passed in
    /// empty), in an order that never changes for a position: the mean of a chance node is
    /// summed in this order (see the module's documentation). Weights are at least 1 and sum
    /// to at most [`MAX_TOTAL_WEIGHT`]; the search fails with [`ChanceError::ZeroWeight`],
    /// [`ChanceError::TotalWeightTooLarge`] or, for no outcome at all,
    /// [`ChanceError::NoOutcomes`] otherwise, and with
    /// [`SearchError::MoveListOverflow`] for more outcomes than the engine's `MAX_MOVES`.
    fn generate_outcomes<const N: usize>(&self, outcomes: &mut MoveList<Outcome<Self::Move>, N>);
}

/// The evaluator of a [`StochasticGame`]: an [`Evaluator`] whose scores a chance node can
/// average ([`ChanceScore`]: `i32`, `f32`, `f64`), and which may declare the range of its
/// scores.
pub trait ChanceEvaluator<G: StochasticGame>: Evaluator<G, Score: ChanceScore> {
    /// `Some(b)`: every score the evaluator returns lies within `-b..=b` (`b >= 0`, finite);
    /// Star1 and Star2 need it. In negamax one player's score is the other's negation, so the
    /// range is symmetric: a game scored from -1 (lost) to 1 (won) declares `Some(1.0)`. The
    /// search checks every score against it ([`ChanceError::ScoreOutOfBounds`]). The default,
    /// `None`, allows plain expectimax only ([`ChanceConfig::expectimax`]).
    fn score_bound(&self) -> Option<Self::Score> {
        None
    }
}

/// How a [`ChanceEngine`] searches. Per-call limits are in [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceConfig {
    /// The two-player configuration, of which the chance search reads
    /// `iterative_deepening`, `poll_interval_nodes`, `ordering` and `tt_cutoffs` (with a
    /// table: [`TtCutoffs::EqualDraft`](crate::TtCutoffs::EqualDraft) makes the value equal
    /// plain expectimax at the same depth). Default [`Config::new`].
    pub search: Config,
    /// Star1 pruning at chance nodes (Ballard 1983). Default on; needs
    /// [`ChanceEvaluator::score_bound`].
    pub star1: bool,
    /// Star2 probing at chance nodes (Ballard 1983; Hauk, Buro & Schaeffer 2004). Default on;
    /// needs [`ChanceEvaluator::score_bound`].
    pub star2: bool,
}

impl ChanceConfig {
    /// The defaults: Star1 and Star2 on, [`Config::new`] for the rest.
    pub const fn new() -> Self {
        Self { search: Config::new(), star1: true, star2: true }
    }

    /// Plain expectimax: every outcome of a chance node searched with the full window (alpha-
    /// beta still prunes between consecutive decision nodes). No bound needed.
    pub const fn expectimax() -> Self {
        Self { star1: false, star2: false, ..Self::new() }
    }
}

impl Default for ChanceConfig {
    fn default() -> Self {
        Self::new()
    }
}

/// Counters of a chance search, besides the two-player [`SearchStats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChanceStats {
    /// Chance nodes searched (not counting those the table answered).
    pub chance_nodes: u64,
    /// Star2 probes: outcomes whose first move was searched alone.
    pub probes: u64,
    /// Chance nodes cut by Star2's probes.
    pub star2_cutoffs: u64,
    /// Chance nodes cut during the search of their outcomes (Star1).
    pub star1_cutoffs: u64,
    /// Outcomes searched again with their known bounds as the window, because float
    /// rounding kept a cut the window promised from being confirmed.
    pub window_researches: u64,
}

/// The outcome of [`ChanceEngine::search`].
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceResult<M, S, const MAX_PLY: usize> {
    /// The best move at the root; `None` for a terminal root, one without moves, or a chance
    /// node (nature moves there).
    pub best_move: Option<M>,
    /// The root's value for its side to move: the expectimax value at `depth`.
    pub score: S,
    /// The depth of the last completed iteration, in plies (moves and outcomes).
    pub depth: u32,
    /// Nodes visited by every iteration.
    pub nodes: u64,
    /// `true` when the last completed iteration reached no horizon: `score` is the game's
    /// expected value under best play.
    pub exact: bool,
    /// `false` when the clock or the stop flag interrupted an iteration.
    pub completed: bool,
    /// The principal variation: best moves, and at each chance node its most probable
    /// outcome (the first of the most probable, in the game's order).
    pub pv: heapless::Vec<M, MAX_PLY>,
    /// Microseconds from the start of the search to its end, when a clock was given.
    pub elapsed_micros: Option<u64>,
    /// The two-player counters: nodes, table probes, hits and cutoffs, beta cutoffs at
    /// decision nodes.
    pub stats: SearchStats,
    /// The chance counters.
    pub chance: ChanceStats,
}

impl<M, S, const MAX_PLY: usize> ChanceResult<M, S, MAX_PLY> {
    /// The result from the two-player engine's and the chance counters.
    pub fn from_parts(search: SearchResult<M, S, MAX_PLY>, chance: ChanceStats) -> Self {
        let SearchResult {
            best_move,
            score,
            depth,
            nodes,
            exact,
            completed,
            pv,
            elapsed_micros,
            stats,
        } = search;
        Self { best_move, score, depth, nodes, exact, completed, pv, elapsed_micros, stats, chance }
    }

    /// The result as the two-player engine's, and the chance counters apart.
    pub fn into_parts(self) -> (SearchResult<M, S, MAX_PLY>, ChanceStats) {
        let search = SearchResult {
            best_move: self.best_move,
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            exact: self.exact,
            completed: self.completed,
            pv: self.pv,
            elapsed_micros: self.elapsed_micros,
            stats: self.stats,
        };
        (search, self.chance)
    }
}

/// Why a chance search failed. A failed call returns no result; the game is back in its
/// starting position and the engine ready for the next call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChanceError {
    /// An error of the search itself, as for the two-player engine: invalid [`Limits`], a
    /// move or outcome list overflow, a NaN score, a score outside `±INFINITY`.
    Search(SearchError),
    /// A chance node wrote no outcome.
    NoOutcomes {
        /// Plies from the root.
        ply: u32,
    },
    /// A chance node wrote an outcome of weight 0.
    ZeroWeight {
        /// Plies from the root.
        ply: u32,
    },
    /// A chance node's weights sum to more than [`MAX_TOTAL_WEIGHT`].
    TotalWeightTooLarge {
        /// Plies from the root.
        ply: u32,
    },
    /// The evaluator's [`ChanceEvaluator::score_bound`] is negative, NaN, or above
    /// [`ChanceScore::MAX_BOUND`] (infinite, or so large that weighted sums of scores within
    /// it would overflow).
    InvalidBound,
    /// Star1 or Star2 is on, and the evaluator declares no bound.
    BoundRequired,
    /// The evaluator returned a score beyond its declared bound.
    ScoreOutOfBounds {
        /// Plies from the root.
        ply: u32,
    },
    /// Without a declared bound, the weighted mean of a chance node's outcomes has no finite
    /// or no defined value in the score type: outcomes scoring `+INFINITY` and `-INFINITY`
    /// (their mean is NaN), or finite `f64` scores whose weighted sum overflows. Declare a
    /// bound (at most [`ChanceScore::MAX_BOUND`]) to have every score checked at the leaves.
    MeanOverflow {
        /// Plies from the root of the chance node.
        ply: u32,
    },
}

impl fmt::Display for ChanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Search(error) => fmt::Display::fmt(&error, f),
            Self::NoOutcomes { ply } => write!(f, "a chance node at ply {ply} has no outcome"),
            Self::ZeroWeight { ply } => {
                write!(f, "a chance node at ply {ply} has an outcome of weight 0")
            }
            Self::TotalWeightTooLarge { ply } => write!(
                f,
                "the outcome weights of a chance node at ply {ply} sum to more than \
                 {MAX_TOTAL_WEIGHT}"
            ),
            Self::InvalidBound => f.write_str(
                "the evaluator's score bound must be a number from 0 to ChanceScore::MAX_BOUND \
                 (i32::MAX - 1, f32::MAX, or f64::MAX / 2^26 = 2.68e300), not NaN: weighted \
                 sums of scores within a larger one can overflow",
            ),
            Self::BoundRequired => f.write_str(
                "Star1 and Star2 need the evaluator's score bound (ChanceEvaluator::score_bound); \
                 declare it, or search with ChanceConfig::expectimax()",
            ),
            Self::ScoreOutOfBounds { ply } => {
                write!(f, "the evaluator returned a score beyond its declared bound at ply {ply}")
            }
            Self::MeanOverflow { ply } => write!(
                f,
                "the weighted mean of the outcomes of a chance node at ply {ply} overflows: \
                 they score +infinity and -infinity, or their weighted sum is beyond the \
                 score type's range; declare a score bound (at most ChanceScore::MAX_BOUND)"
            ),
        }
    }
}

impl core::error::Error for ChanceError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Search(error) => Some(error),
            _ => None,
        }
    }
}

impl From<SearchError> for ChanceError {
    fn from(error: SearchError) -> Self {
        Self::Search(error)
    }
}

/// The search engine for a [`StochasticGame`] `G` with evaluator `E`: expectimax with Star1
/// and Star2 pruning, a transposition table and iterative deepening.
///
/// The parameters are the two-player [`Engine`]'s: `MAX_MOVES` bounds the moves of a position
/// and the outcomes of a chance node, `MAX_PLY` the depth (moves and outcomes each count one
/// ply), `T` is the table ([`NoTable`] by default, see [`ChanceEngine::with_table`]), `O` the
/// move sorter. No heap; `new` is `const`.
///
/// ```
/// use alphabeta::chance::{ChanceConfig, ChanceEngine};
/// use alphabeta::games::hog::{Hog, HogEval};
/// use alphabeta::Limits;
///
/// // A race to 4 points with 1 or 2 dice a turn; 10 outcomes at most (pig out, sums 4 to 12).
/// let mut game = Hog::new(4, 2).unwrap();
/// let mut engine: ChanceEngine<Hog, HogEval, 10, 16> =
///     ChanceEngine::new(HogEval::new(), ChanceConfig::new());
/// let result = engine.search(&mut game, &Limits::depth(16)).unwrap();
/// assert!(result.exact); // solved: the game ends within 14 plies
/// assert_eq!(result.best_move, Some(2)); // roll both dice
/// let win_probability = (result.score + 1.0) / 2.0;
/// assert!(win_probability > 0.5); // the first player has the edge
/// ```
pub struct ChanceEngine<
    G: StochasticGame,
    E: ChanceEvaluator<G>,
    const MAX_MOVES: usize,
    const MAX_PLY: usize,
    T = NoTable,
    O = DefaultSorter<<G as Game>::Move, MAX_PLY>,
> {
    engine: Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
    star1: bool,
    star2: bool,
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize> ChanceEngine<G, E, MAX_MOVES, MAX_PLY>
where
    G: StochasticGame,
    E: ChanceEvaluator<G>,
{
    /// An engine with the given evaluator and configuration, no table and the default move
    /// sorter.
    pub const fn new(evaluator: E, config: ChanceConfig) -> Self {
        Self::with_parts(evaluator, config, NoTable, DefaultSorter::new())
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    ChanceEngine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: StochasticGame,
    E: ChanceEvaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// An engine from all its parts.
    pub const fn with_parts(evaluator: E, config: ChanceConfig, table: T, sorter: O) -> Self {
        Self {
            engine: Engine::with_parts(evaluator, config.search, table, sorter),
            star1: config.star1,
            star2: config.star2,
        }
    }

    /// The same engine with a transposition table (`&TABLE`, a
    /// [`TableSlice`](crate::tt::TableSlice), a [`HeapTable`](crate::tt) reference).
    pub fn with_table<T2: Table<E::Score>>(
        self,
        table: T2,
    ) -> ChanceEngine<G, E, MAX_MOVES, MAX_PLY, T2, O> {
        ChanceEngine { engine: self.engine.with_table(table), star1: self.star1, star2: self.star2 }
    }

    /// The configuration.
    pub fn config(&self) -> ChanceConfig {
        ChanceConfig { search: *self.engine.config(), star1: self.star1, star2: self.star2 }
    }

    /// Replaces the configuration for the following searches.
    pub fn set_config(&mut self, config: ChanceConfig) {
        self.engine.set_config(config.search);
        self.star1 = config.star1;
        self.star2 = config.star2;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        self.engine.evaluator()
    }

    /// The transposition table.
    pub fn table(&self) -> &T {
        self.engine.table()
    }

    /// Forgets the killer moves and history learnt so far.
    pub fn clear_history(&mut self) {
        self.engine.clear_history();
    }

    /// Searches `game` by iterative deepening within `limits` and returns the last completed
    /// iteration. `game` is back in its original position when the call returns, whatever the
    /// outcome.
    ///
    /// # Errors
    /// [`ChanceError::InvalidBound`], [`ChanceError::BoundRequired`] before searching; the
    /// game's [`ChanceError::NoOutcomes`], [`ChanceError::ZeroWeight`],
    /// [`ChanceError::TotalWeightTooLarge`]; the evaluator's
    /// [`ChanceError::ScoreOutOfBounds`]; [`ChanceError::MeanOverflow`] (no bound declared);
    /// and [`ChanceError::Search`] for the errors of
    /// [`Engine::search`] (limits, overflowing move or outcome lists, NaN, a score beyond
    /// `±INFINITY` without a declared bound), and
    /// [`SearchError::RewardsUnsupported`] for a game with rewards ([`Game::REWARDS`]).
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<ChanceResult<G::Move, E::Score, MAX_PLY>, ChanceError> {
        self.search_with_info(game, limits, |_| {})
    }

    /// [`ChanceEngine::search`], calling `on_iteration` after every completed iteration.
    ///
    /// # Errors
    /// As [`ChanceEngine::search`].
    pub fn search_with_info<F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        on_iteration: F,
    ) -> Result<ChanceResult<G::Move, E::Score, MAX_PLY>, ChanceError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
    {
        if G::REWARDS && game.has_rewards() {
            let search = "the chance search";
            return Err(ChanceError::Search(SearchError::RewardsUnsupported { search }));
        }
        let mut state = self.state()?;
        let found = self.engine.iterate(
            game,
            limits,
            crate::search::Links::default(),
            on_iteration,
            |engine, ctx, game, depth, alpha, beta| {
                engine.expectimax(ctx, &mut state, game, depth, 0, alpha, beta)
            },
        );
        if let Some(error) = state.error {
            return Err(error);
        }
        let mut search = found?;
        if !game.is_terminal() && game.is_chance_node() {
            // Nature moves at the root: no move to choose (the line starts with an outcome).
            search.best_move = None;
        }
        Ok(ChanceResult::from_parts(search, state.stats))
    }

    /// One fixed-depth search of `game` with the window `(alpha, beta)`, without iterative
    /// deepening. Fail-soft: a score `<= alpha` is an upper bound on the value, `>= beta` a
    /// lower bound, anything between is exact. Depth 0 is the static evaluation.
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] (as [`ChanceError::Search`]) when `!(alpha < beta)` or a
    /// bound is NaN or beyond `±INFINITY`; otherwise as [`ChanceEngine::search`].
    pub fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, ChanceError> {
        let infinity = E::Score::INFINITY;
        if alpha.partial_cmp(&beta) != Some(core::cmp::Ordering::Less)
            || !(alpha >= -infinity && beta <= infinity)
        {
            return Err(SearchError::InvalidWindow.into());
        }
        let mut state = self.state()?;
        // One iteration at `depth` (depth 0: the evaluation, at depth 1 without a ply).
        let config = *self.engine.config();
        self.engine.set_config(Config {
            iterative_deepening: false,
            root_search: RootSearch::FullWindow,
            ..config
        });
        let limits = Limits::depth(depth.max(1));
        let found = self.engine.iterate(
            game,
            &limits,
            crate::search::Links::default(),
            |_| {},
            |engine, ctx, game, _, _, _| {
                engine.expectimax(ctx, &mut state, game, depth, 0, alpha, beta)
            },
        );
        self.engine.set_config(config);
        if let Some(error) = state.error {
            return Err(error);
        }
        let r = found?;
        let nature_moves = !game.is_terminal() && game.is_chance_node();
        Ok(WindowResult {
            score: r.score,
            best_move: if nature_moves || depth == 0 { None } else { r.best_move },
            nodes: r.nodes,
            stats: r.stats,
        })
    }

    /// The state of one call: the options, and the declared bound, checked.
    fn state(&self) -> Result<ChanceState<E::Score>, ChanceError> {
        let bound = match self.engine.evaluator().score_bound() {
            Some(bound) if bound >= E::Score::ZERO && bound <= E::Score::MAX_BOUND => Some(bound),
            Some(_) => return Err(ChanceError::InvalidBound),
            None if self.star1 || self.star2 => return Err(ChanceError::BoundRequired),
            None => None,
        };
        Ok(ChanceState::new(self.star1, self.star2, bound))
    }
}
