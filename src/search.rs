//! The two-player search: negamax with fail-soft alpha-beta under iterative deepening.
//!
//! # The algorithm
//!
//! Negamax (Knuth & Moore 1975) scores every position from the point of view of the side to
//! move, so one routine serves both players: a child's score is negated, and its window
//! `(alpha, beta)` becomes `(-beta, -alpha)`, only where the side to move changes (a pass or an
//! extra turn keeps the same side, the same sign and the same window).
//!
//! Alpha-beta keeps a window `(alpha, beta)`: `alpha` is what the side to move is already sure
//! of, `beta` what the opponent will allow. As soon as a move scores `>= beta` the remaining
//! moves cannot matter (a fail-high, or beta cutoff) and the node returns. The search is
//! *fail-soft*: it returns the best score it saw even when that lies outside the window, so
//!
//! * a result `<= alpha` (fail-low) is an upper bound on the true value,
//! * a result `>= beta` (fail-high) is a lower bound,
//! * a result strictly inside the window is the exact minimax value.
//!
//! With the full window `(-INFINITY, INFINITY)` the root value equals plain minimax
//! (Knuth & Moore 1975, theorem 1); the tests check that on random trees and real games.
//!
//! Iterative deepening searches depth 1, 2, … `max_depth`. Its results are what a time limit
//! returns: the last iteration that completed, never a half-searched one. An iteration whose
//! search reached no horizon (every line ended in a terminal position) has found the game's
//! value, so deeper iterations are skipped.

use core::marker::PhantomData;

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::score::Score;

/// Which tree search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Algorithm {
    /// Negamax with fail-soft alpha-beta pruning (Knuth & Moore 1975). The default.
    #[default]
    AlphaBeta,
    /// Plain negamax minimax: every node to the depth limit, no pruning. For teaching and for
    /// verifying the pruned search; it visits the whole tree.
    Minimax,
}

/// How the engine searches. Per-call limits (depths, time) are in [`Limits`], not here.
///
/// ```
/// use alphabeta::{Algorithm, Config};
/// let config = Config { algorithm: Algorithm::Minimax, ..Config::default() };
/// assert!(config.iterative_deepening);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The tree search. Default: [`Algorithm::AlphaBeta`].
    pub algorithm: Algorithm,
    /// Search depth 1, 2, … `max_depth` (`true`, the default), or only `max_depth` (`false`;
    /// then `min_depth` must equal `max_depth` or the single iteration is not guaranteed).
    pub iterative_deepening: bool,
    /// Nodes between two polls of the clock and the stop flag. Default 1024; 0 counts as 1.
    /// Smaller reacts faster to a deadline, larger reads the clock less often.
    pub poll_interval_nodes: u32,
}

impl Config {
    /// The defaults: alpha-beta, iterative deepening, a poll every 1024 nodes.
    pub const fn new() -> Self {
        Self { algorithm: Algorithm::AlphaBeta, iterative_deepening: true, poll_interval_nodes: 1024 }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

/// The outcome of [`Engine::search`].
///
/// `MAX_PLY` is the engine's ply capacity, which bounds the principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M, S, const MAX_PLY: usize> {
    /// The best move at the root; `None` when the root is terminal or has no legal move.
    pub best_move: Option<M>,
    /// The root's score for the side to move at the root (see [`Score`] for the ranges).
    pub score: S,
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// Nodes visited by every iteration, the root of each included, the interrupted one too.
    pub nodes: u64,
    /// `true` when `score` is the game's value: the last completed iteration reached no
    /// horizon, every line it searched ended in a terminal position.
    pub exact: bool,
    /// `false` when the clock or the stop flag interrupted an iteration (whose partial result
    /// was discarded); `true` when the search ended by reaching `max_depth` or an exact score.
    pub completed: bool,
    /// The principal variation from the root: the best move, the best reply, and so on.
    pub pv: heapless::Vec<M, MAX_PLY>,
    /// Microseconds from the start of the search to its end, when a clock was given.
    pub elapsed_micros: Option<u64>,
}

/// The outcome of [`Engine::search_window`]: one fixed-depth search with a given window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindowResult<M, S> {
    /// The fail-soft score: `<= alpha` is an upper bound, `>= beta` a lower bound, anything
    /// between is exact.
    pub score: S,
    /// The move that produced `score` (the first of the best when several tie); `None` for a
    /// terminal root, a root without legal moves, or depth 0.
    pub best_move: Option<M>,
    /// Nodes visited, the root included.
    pub nodes: u64,
}

/// Why the recursion unwinds early.
enum Halt {
    /// The clock or the stop flag ended the iteration.
    Interrupted,
    /// A user error.
    Error(SearchError),
}

impl From<SearchError> for Halt {
    fn from(error: SearchError) -> Self {
        Self::Error(error)
    }
}

/// The mutable state of one search call.
struct Context<'l, 'c> {
    limits: Option<&'l Limits<'c>>,
    start_micros: u64,
    /// May the clock and the stop flag end the current iteration (beyond `min_depth`)?
    interruptible: bool,
    poll_interval: u64,
    nodes: u64,
    /// Set when a non-terminal position was evaluated at depth 0.
    reached_horizon: bool,
    /// The clock reading of the poll that ended the search, if one did.
    stopped_at_micros: Option<u64>,
}

impl Context<'_, '_> {
    /// One poll: `true` when the search must stop now.
    fn out_of_time(&mut self) -> bool {
        let Some(limits) = self.limits else { return false };
        if limits.stop_raised() {
            self.stopped_at_micros = limits.clock.map(|c| c.now_micros());
            return true;
        }
        if let (Some(clock), Some(limit)) = (limits.clock, limits.time_limit_micros) {
            let now = clock.now_micros();
            if now.saturating_sub(self.start_micros) >= limit {
                self.stopped_at_micros = Some(now);
                return true;
            }
        }
        false
    }
}

/// The search engine for one game type `G` with evaluator `E`.
///
/// * `MAX_MOVES`: the capacity of a move list, the most legal moves a position may have.
/// * `MAX_PLY`: the deepest search, in plies, and the capacity of the principal variation.
///
/// The engine holds no heap memory: its size is fixed by the two capacities (the principal
/// variation table takes `MAX_PLY * MAX_PLY` moves) and `new` is `const`, so an engine can
/// live in a `static`. The recursion keeps one move list (`MAX_MOVES` moves) per ply on the
/// stack.
///
/// An engine is used by one thread at a time (`search` takes `&mut self`); stop it from
/// another thread or an interrupt through [`Limits::stop`].
pub struct Engine<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize> {
    evaluator: E,
    config: Config,
    /// Triangular principal-variation table: `pv[ply]` is the best line found from `ply` on.
    pv: [heapless::Vec<G::Move, MAX_PLY>; MAX_PLY],
    _game: PhantomData<fn(&mut G)>,
}

impl<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize>
    Engine<G, E, MAX_MOVES, MAX_PLY>
{
    /// An engine with the given evaluator and configuration.
    pub const fn new(evaluator: E, config: Config) -> Self {
        Self {
            evaluator,
            config,
            pv: [const { heapless::Vec::new() }; MAX_PLY],
            _game: PhantomData,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Replaces the configuration for the following searches.
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The evaluator, mutable (to change its parameters between searches).
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// Searches `game` by iterative deepening within `limits` and returns the last completed
    /// iteration. `game` is back in its original position when the call returns, whatever the
    /// outcome.
    ///
    /// # Errors
    /// * [`SearchError::ZeroMaxDepth`], [`SearchError::DepthBeyondCapacity`],
    ///   [`SearchError::MinDepthAboveMaxDepth`], [`SearchError::TimeLimitWithoutClock`]: the
    ///   limits are invalid; nothing was searched.
    /// * [`SearchError::MoveListOverflow`]: the game generated more than `MAX_MOVES` moves.
    /// * [`SearchError::NanScore`]: the evaluator returned NaN.
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError> {
        self.check_limits(limits)?;
        let start_micros = limits.clock.map_or(0, |c| c.now_micros());
        let mut ctx = Context {
            limits: Some(limits),
            start_micros,
            interruptible: false,
            poll_interval: u64::from(self.config.poll_interval_nodes.max(1)),
            nodes: 0,
            reached_horizon: false,
            stopped_at_micros: None,
        };
        let first_depth = if self.config.iterative_deepening { 1 } else { limits.max_depth };
        let mut result = SearchResult {
            best_move: None,
            score: E::Score::ZERO,
            depth: 0,
            nodes: 0,
            exact: false,
            completed: true,
            pv: heapless::Vec::new(),
            elapsed_micros: None,
        };
        for depth in first_depth..=limits.max_depth {
            ctx.interruptible = depth > limits.min_depth;
            // Between iterations: do not start one that the clock would interrupt at once.
            if ctx.interruptible && ctx.out_of_time() {
                result.completed = false;
                break;
            }
            ctx.reached_horizon = false;
            match self.negamax(&mut ctx, game, depth, 0, -E::Score::INFINITY, E::Score::INFINITY) {
                Ok(score) => {
                    result.score = score;
                    result.depth = depth;
                    result.pv = self.pv[0].clone();
                    result.best_move = result.pv.first().copied();
                    result.exact = !ctx.reached_horizon;
                    if result.exact {
                        break;
                    }
                }
                Err(Halt::Interrupted) => {
                    result.completed = false;
                    break;
                }
                Err(Halt::Error(error)) => return Err(error),
            }
        }
        result.nodes = ctx.nodes;
        result.elapsed_micros = match (ctx.stopped_at_micros, limits.clock) {
            (Some(stopped), _) => Some(stopped.saturating_sub(start_micros)),
            (None, Some(clock)) => Some(clock.now_micros().saturating_sub(start_micros)),
            (None, None) => None,
        };
        Ok(result)
    }

    /// One fixed-depth search of `game` with the window `(alpha, beta)`, without iterative
    /// deepening, clock or stop flag. Depth 0 returns the static evaluation.
    ///
    /// This is the building block of window drivers (aspiration windows, MTD(f), a null-window
    /// solver that narrows the score range). The result is fail-soft: `<= alpha` is an upper
    /// bound, `>= beta` a lower bound, anything between is the exact value. Under
    /// [`Algorithm::Minimax`] the window is ignored and the exact value returned.
    ///
    /// # Errors
    /// [`SearchError::InvalidWindow`] when `!(alpha < beta)`, [`SearchError::DepthBeyondCapacity`]
    /// when `depth > MAX_PLY`, and the game's and evaluator's errors as for [`Engine::search`].
    pub fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        // Written so that NaN fails too.
        if !(alpha < beta) {
            return Err(SearchError::InvalidWindow);
        }
        if depth as usize > MAX_PLY {
            return Err(SearchError::DepthBeyondCapacity { max_depth: depth, capacity: MAX_PLY });
        }
        let mut ctx = Context {
            limits: None,
            start_micros: 0,
            interruptible: false,
            poll_interval: u64::MAX,
            nodes: 0,
            reached_horizon: false,
            stopped_at_micros: None,
        };
        match self.negamax(&mut ctx, game, depth, 0, alpha, beta) {
            Ok(score) => Ok(WindowResult {
                score,
                best_move: self.pv.first().and_then(|line| line.first().copied()),
                nodes: ctx.nodes,
            }),
            Err(Halt::Error(error)) => Err(error),
            // Without limits nothing can interrupt the search.
            Err(Halt::Interrupted) => unreachable!("a windowed search has no clock or stop flag"),
        }
    }

    fn check_limits(&self, limits: &Limits<'_>) -> Result<(), SearchError> {
        if limits.max_depth == 0 {
            return Err(SearchError::ZeroMaxDepth);
        }
        if limits.max_depth as usize > MAX_PLY {
            return Err(SearchError::DepthBeyondCapacity {
                max_depth: limits.max_depth,
                capacity: MAX_PLY,
            });
        }
        if limits.min_depth > limits.max_depth {
            return Err(SearchError::MinDepthAboveMaxDepth {
                min_depth: limits.min_depth,
                max_depth: limits.max_depth,
            });
        }
        if limits.time_limit_micros.is_some() && limits.clock.is_none() {
            return Err(SearchError::TimeLimitWithoutClock);
        }
        Ok(())
    }

    fn evaluate(&self, game: &G, ply: u32, depth_left: u32) -> Result<E::Score, SearchError> {
        let score =
            self.evaluator.evaluate(game, game.side_to_move(), EvalContext { ply, depth_left });
        if score.is_nan() {
            return Err(SearchError::NanScore { ply });
        }
        Ok(score)
    }

    /// Negamax with fail-soft alpha-beta: the score of `game` for its side to move, searched
    /// `depth` plies deep, `ply` plies from the root.
    fn negamax(
        &mut self,
        ctx: &mut Context<'_, '_>,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let pruning = self.config.algorithm == Algorithm::AlphaBeta;
        debug_assert!(!pruning || alpha < beta, "empty window at ply {ply}");

        ctx.nodes += 1;
        if ctx.interruptible && ctx.nodes % ctx.poll_interval == 0 && ctx.out_of_time() {
            return Err(Halt::Interrupted);
        }
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }

        if game.is_terminal() {
            return Ok(self.evaluate(game, ply, depth)?);
        }
        if depth == 0 {
            ctx.reached_horizon = true;
            return Ok(self.evaluate(game, ply, depth)?);
        }

        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }.into());
        }
        if moves.is_empty() {
            // No legal move: the game's evaluator scores the position as it stands.
            return Ok(self.evaluate(game, ply, depth)?);
        }

        let side = game.side_to_move();
        let mut best = -E::Score::INFINITY;
        for &mv in moves.iter() {
            let undo = game.make_move(mv);
            let same_side = game.side_to_move() == side;
            let child = if same_side {
                self.negamax(ctx, game, depth - 1, ply + 1, alpha, beta)
            } else {
                self.negamax(ctx, game, depth - 1, ply + 1, -beta, -alpha).map(|s| -s)
            };
            // Restore the position before anything else, even when unwinding.
            game.unmake_move(mv, undo);
            let score = child?;

            if score > best {
                best = score;
                self.update_pv(ply as usize, mv);
            }
            if pruning && score > alpha {
                alpha = score;
                if alpha >= beta {
                    break; // Fail-high: the opponent will not allow this line.
                }
            }
        }
        Ok(best)
    }

    /// `pv[ply] = mv` followed by the child's line `pv[ply + 1]`.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let Some(line) = head.last_mut() else { return };
        line.clear();
        // Cannot fail: a line from ply p holds at most MAX_PLY - p moves.
        let _ = line.push(mv);
        if let Some(child) = tail.first() {
            for &m in child {
                if line.push(m).is_err() {
                    break;
                }
            }
        }
    }
}
