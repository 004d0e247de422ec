//! Monte Carlo tree search: UCT with MCTS-Solver, in a fixed arena of nodes the caller owns.
//!
//! # The algorithm
//!
//! Each iteration walks from the root down the tree, choosing at every node the child that
//! maximises UCT's bound (Kocsis & Szepesvári 2006)
//!
//! ```text
//! q + C * sqrt(ln N / n)
//! ```
//!
//! (`q` the child's mean reward for the player to move, scaled to a win rate 0..1, `n` its
//! visits, `N` the parent's, `C` [`MctsConfig::exploration`]); unvisited children come first.
//! At a leaf that was visited before, it adds the leaf's children to the tree (all of them, one
//! contiguous block of the arena) and steps into the first; then it scores the new leaf by a
//! random playout ([`Leaf::Playout`]) or the evaluator ([`Leaf::Evaluator`]), and backs the
//! reward up the path: every node keeps the mean reward of the player who chose it, so turns
//! need not alternate (a pass or an extra turn is a node whose chooser moves again).
//!
//! **MCTS-Solver** (Winands, Björnsson & Saito 2008; draws as in score-bounded MCTS, Cazenave
//! & Saffidine 2011): a terminal position is a proven win, draw or loss (the sign of the
//! evaluator's score); each node keeps a proven lower and upper bound for its chooser, and a
//! node's bounds for the player to move are the best of its children's, so a node is won as
//! soon as one child is, lost when all are, drawn when the best possible is a draw and one
//! child secures it. Proven children are not sampled again (nor are those that cannot beat
//! what another child secures), a proven root ends the search, and the move returned is a
//! proven win when there is one and never a move proven to lose what another secures.
//! Proofs are exact: the tests check every tic-tac-toe position and random games against
//! brute force.
//!
//! **Implicit minimax backups** (Lanctot, Winands, Pepels & Sturtevant 2014),
//! [`MctsConfig::implicit_minimax`]: every node added to the tree is evaluated, the
//! evaluations are backed up by minimax, and the choice of a child mixes its minimax value
//! into `q`. **Move priors** ([`MovePriors`]) add a progressive bias (Chaslot et al. 2008).
//!
//! **More than two players** ([`MultiMcts`]): the reward is a vector, one entry per player
//! (max^n style: Sturtevant 2008), and each node keeps its chooser's entry; the solver and
//! implicit minimax are two-player only.
//!
//! # Memory
//!
//! No heap: the tree lives in an arena of [`Node`]s the caller provides, an array (a `static`
//! on a microcontroller) or a slice of one, or a `Vec` under `std`. A node is 20 bytes with
//! 8- or 16-bit moves and 24 with 32-bit moves (see [`Node`]); an expansion takes one node per
//! legal move. When the arena is full the search recycles the children of the least-visited
//! nodes ([`WhenFull::Recycle`], the default) or stops growing the tree and keeps sampling
//! ([`WhenFull::Stop`]). The line being searched (tree and playout) is bounded by
//! `MAX_PLY`, and one move list of `MAX_MOVES` moves and `MAX_PLY` undo records are on the
//! stack.
//!
//! # Budgets and results
//!
//! The same [`Limits`] as alpha-beta: [`Limits::iterations`] (or `max_iterations`), a time
//! limit on the caller's [`Clock`](crate::Clock), a stop flag; the clock and the flag are polled
//! every [`MctsConfig::poll_interval_nodes`] positions, after an iteration. At least one
//! iteration always runs. The [`MctsResult`] holds the best move, every root move's visits,
//! value and proof, the principal line, and the counters.
//!
//! ```
//! use alphabeta::games::tictactoe::{Board, TicTacToeEval};
//! use alphabeta::mcts::{Mcts, MctsConfig, Node, Outcome};
//! use alphabeta::Limits;
//!
//! // 20,000 nodes of 20 bytes; tic-tac-toe has at most 9 moves and 9 plies.
//! let mut arena = vec![Node::EMPTY; 20_000];
//! let mut mcts: Mcts<Board, TicTacToeEval, 9, 9, _> =
//!     Mcts::new(TicTacToeEval, MctsConfig::new(), &mut arena[..]);
//! let mut board = Board::parse("XX.OO....").unwrap(); // X to move wins at cell 2
//! let result = mcts.search(&mut board, &Limits::iterations(1_000)).unwrap();
//! assert_eq!(result.best_move, Some(2));
//! assert_eq!(result.proven, Some(Outcome::Win)); // proven, and played at once
//! assert!(result.iterations < 1_000);
//! ```

mod config;
mod domain;
mod node;
#[cfg(feature = "std")]
mod parallel;
mod result;
mod search;

use core::marker::PhantomData;

pub use config::{Leaf, MctsConfig, MctsScheme, WhenFull};
pub use domain::{MovePriors, NoPriors};
pub use node::{FillerMove, Node, MAX_ARENA_NODES, MAX_CHILDREN};
pub use result::{ChildStats, MctsError, MctsResult, Outcome};

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game};
use crate::multiplayer::{MultiEvaluator, MultiGame, MAX_PLAYERS};
use domain::{Domain, MultiPlayer, TwoPlayer};
use node::{Tree, ROOT};
use search::Run;

// For the documentation.
#[cfg(doc)]
use crate::Engine;

/// What the two engines share: the configuration, the arena and the kept tree.
struct Core<A> {
    config: MctsConfig,
    arena: A,
    /// Nodes of the arena in use (the tree kept for the next search).
    used: usize,
    /// The position the kept tree is rooted at (tree reuse), by its key.
    root_key: Option<u64>,
}

impl<A> Core<A> {
    const fn new(config: MctsConfig, arena: A) -> Self {
        Self { config, arena, used: 0, root_key: None }
    }

    /// Checks the configuration and the limits before a search.
    fn check(&self, limits: &Limits<'_>) -> Result<(), MctsError> {
        if let Some(field) = self.config.invalid_field() {
            return Err(MctsError::InvalidConfig { field });
        }
        if limits.time_limit_micros.is_some() && limits.clock.is_none() {
            return Err(SearchError::TimeLimitWithoutClock.into());
        }
        if limits.max_iterations.is_none()
            && limits.time_limit_micros.is_none()
            && limits.stop.is_none()
        {
            return Err(MctsError::NoBudget);
        }
        Ok(())
    }

    /// One search of `game` on this thread, on the whole arena.
    fn search<M, D, const MAX_MOVES: usize, const MAX_PLY: usize>(
        &mut self,
        game: &mut D,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<M, MAX_MOVES, MAX_PLY>, MctsError>
    where
        M: Copy,
        A: AsMut<[Node<M>]>,
        D: Domain<Move = M>,
    {
        const { assert!(MAX_MOVES >= 1 && MAX_MOVES <= MAX_CHILDREN) };
        const { assert!(MAX_PLY >= 1) };
        self.check(limits)?;
        let start = limits.clock.map_or(0, |clock| clock.now_micros());
        let key = game.key();
        let reuse = self.config.tree_reuse && self.root_key == Some(key);
        self.root_key = None;
        let mut tree = Tree::new(self.arena.as_mut(), self.used);
        if !reuse {
            tree.clear();
        }
        let budget = limits.max_iterations.unwrap_or(u64::MAX);
        let mut run = Run::new(limits, self.config, self.config.seed, start, budget);
        let outcome =
            search::prepare_root::<D, MAX_MOVES>(&mut tree, game, &mut run).and_then(|live| {
                if live {
                    search::iterate::<D, MAX_MOVES, MAX_PLY>(&mut tree, game, &mut run)
                } else {
                    Ok(())
                }
            });
        self.used = tree.used;
        outcome?;
        if self.config.tree_reuse {
            self.root_key = Some(key);
        }
        let mut result = search::result(&tree, D::TWO_PLAYER && self.config.solver);
        fill_counters(&mut result, &run, limits, start);
        Ok(result)
    }

    /// Re-roots the kept tree at the child reached by `mv` from the position whose key was
    /// `key_before` (`mv` was just played); `key_after` is the new position's key. Two-player
    /// games whose side to move changed (`flip`) turn the new root's view to the new player.
    fn advance<M: Copy + PartialEq>(&mut self, key_before: u64, mv: M, key_after: u64, flip: bool)
    where
        A: AsMut<[Node<M>]>,
    {
        let kept = self.config.tree_reuse && self.root_key == Some(key_before) && self.used > 0;
        self.root_key = None;
        let mut tree = Tree::new(self.arena.as_mut(), self.used);
        let child = if kept {
            tree.children(ROOT).find(|&child| tree.nodes[child].mv() == mv)
        } else {
            None
        };
        match child {
            Some(child) => {
                tree.reroot(child);
                if flip {
                    tree.nodes[ROOT].negate_view();
                }
                self.root_key = Some(key_after);
            }
            None => tree.clear(),
        }
        self.used = tree.used;
    }

    fn clear(&mut self) {
        self.used = 0;
        self.root_key = None;
    }
}

/// The counters of `run` (and the elapsed time) into `result`.
fn fill_counters<M, const MAX_MOVES: usize, const MAX_PLY: usize>(
    result: &mut MctsResult<M, MAX_MOVES, MAX_PLY>,
    run: &Run<'_, '_>,
    limits: &Limits<'_>,
    start: u64,
) {
    result.iterations = run.iterations;
    result.nodes = run.nodes;
    result.full_expansions = run.full_expansions;
    result.recyclings = run.recyclings;
    result.depth = run.depth;
    result.completed = !run.interrupted;
    result.elapsed_micros = limits.clock.map(|clock| clock.now_micros().saturating_sub(start));
}

/// The accessors both engines have.
macro_rules! engine_accessors {
    ($engine:ident) => {
        /// The configuration.
        pub fn config(&self) -> &MctsConfig {
            &self.core.config
        }

        /// Replaces the configuration for the following searches (a kept tree stays).
        pub fn set_config(&mut self, config: MctsConfig) {
            self.core.config = config;
        }

        /// The evaluator.
        pub fn evaluator(&self) -> &E {
            &self.evaluator
        }

        /// The move priors.
        pub fn priors(&self) -> &P {
            &self.priors
        }

        /// The arena (its nodes are opaque; for a firmware that wants its memory back).
        pub fn arena_mut(&mut self) -> &mut A {
            self.core.clear();
            &mut self.core.arena
        }

        /// Nodes of the arena in use by the kept tree: the last search's tree with
        /// [`MctsConfig::tree_reuse`], re-rooted by the moves played since.
        pub fn tree_nodes(&self) -> usize {
            if self.core.root_key.is_some() {
                self.core.used
            } else {
                0
            }
        }

        /// Forgets the kept tree: the next search starts from an empty one.
        pub fn clear_tree(&mut self) {
            self.core.clear();
        }

        /// The same engine with move priors.
        pub fn with_priors<P2>(self, priors: P2) -> $engine<G, E, MAX_MOVES, MAX_PLY, A, P2> {
            $engine { evaluator: self.evaluator, core: self.core, priors, _game: PhantomData }
        }
    };
}

/// Monte Carlo tree search for a two-player [`Game`]: UCT, MCTS-Solver, playouts or the
/// evaluator at the leaves (see the [module](self) documentation).
///
/// * `E`: the [`Evaluator`]: scores terminal positions (the sign of its score is the result:
///   win, draw or loss) and the positions where a playout stops, or every leaf with
///   [`Leaf::Evaluator`].
/// * `MAX_MOVES`: the most legal moves a position has (at most [`MAX_CHILDREN`], 4,096).
/// * `MAX_PLY`: the longest line searched, tree and playout together.
/// * `A`: the arena, any `AsMut<[Node<G::Move>]>`: `[Node<M>; N]`, `&mut [Node<M>]`,
///   `Vec<Node<M>>`.
/// * `P`: the move priors, [`NoPriors`] unless [`Mcts::with_priors`] gives others.
///
/// An engine is used by one thread at a time (`search` takes `&mut self`); stop it from
/// another thread or an interrupt through [`Limits::stop`]. Between searches it keeps its tree
/// only with [`MctsConfig::tree_reuse`].
pub struct Mcts<G: Game, E, const MAX_MOVES: usize, const MAX_PLY: usize, A, P = NoPriors> {
    evaluator: E,
    core: Core<A>,
    priors: P,
    _game: PhantomData<fn(&mut G)>,
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, A> Mcts<G, E, MAX_MOVES, MAX_PLY, A>
where
    G: Game,
{
    /// An engine with the given evaluator, configuration and arena, without move priors.
    /// `const`, so an engine can live in a `static`.
    pub const fn new(evaluator: E, config: MctsConfig, arena: A) -> Self {
        Self { evaluator, core: Core::new(config, arena), priors: NoPriors, _game: PhantomData }
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, A, P> Mcts<G, E, MAX_MOVES, MAX_PLY, A, P>
where
    G: Game,
    E: Evaluator<G>,
    A: AsMut<[Node<G::Move>]>,
    P: MovePriors<G, G::Move>,
{
    engine_accessors!(Mcts);

    /// Searches `game` within `limits` (see the [module](self) documentation). `game` is back
    /// in its position when the call returns, whatever the outcome.
    ///
    /// # Errors
    /// * [`MctsError::InvalidConfig`], [`MctsError::NoBudget`],
    ///   [`MctsError::Search`]`(`[`SearchError::TimeLimitWithoutClock`]`)`: nothing was
    ///   searched.
    /// * [`MctsError::ArenaTooSmall`]: the arena cannot hold the root's children.
    /// * [`MctsError::Search`]: a move-list overflow, or an evaluator score that is NaN or out
    ///   of range (as for [`Engine::search`]); [`SearchError::RewardsUnsupported`] for a game
    ///   with rewards ([`Game::REWARDS`]), which Monte Carlo tree search does not add up.
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<G::Move, MAX_MOVES, MAX_PLY>, MctsError> {
        if G::REWARDS && game.has_rewards() {
            return Err(MctsError::Search(SearchError::RewardsUnsupported {
                search: "Monte Carlo tree search",
            }));
        }
        let root_side = game.side_to_move();
        let scale = self.core.config.eval_scale;
        let mut domain =
            TwoPlayer { game, evaluator: &self.evaluator, priors: &self.priors, root_side, scale };
        self.core.search::<_, _, MAX_MOVES, MAX_PLY>(&mut domain, limits)
    }

    /// [`Mcts::search`] on [`MctsConfig::threads`] threads (`std`), each on its own copy of
    /// `game`, shared as [`MctsConfig::scheme`] says (see [`MctsScheme`]); one thread is the
    /// sequential search. With root parallelism (the default) each thread grows a tree in its
    /// share of the arena (its nodes divided by the threads) and the iteration budget is
    /// shared out (a budget below the thread count runs on that many threads, one iteration
    /// each), so results differ from the sequential search's; the tree is not kept between
    /// searches.
    ///
    /// # Errors
    /// As [`Mcts::search`]; [`MctsError::ArenaShareTooSmall`] when root parallelism's share
    /// of the arena cannot hold the root and its children; and [`MctsError::Threads`] when a
    /// thread cannot be started.
    #[cfg(feature = "std")]
    pub fn search_parallel(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<G::Move, MAX_MOVES, MAX_PLY>, MctsError>
    where
        G: Clone + Send,
        G::Move: Send,
        G::Player: Send,
        E: Sync,
        P: Sync,
    {
        let threads = parallel::thread_count(self.core.config.threads);
        if threads <= 1
            || self.core.config.invalid_field().is_some()
            || (G::REWARDS && game.has_rewards())
        {
            return self.search(game, limits);
        }
        let root_side = game.side_to_move();
        let scale = self.core.config.eval_scale;
        let mut copies: Vec<G> = (0..threads).map(|_| game.clone()).collect();
        let domains = copies
            .iter_mut()
            .map(|game| TwoPlayer {
                game,
                evaluator: &self.evaluator,
                priors: &self.priors,
                root_side,
                scale,
            })
            .collect();
        self.core.search_parallel::<_, _, MAX_MOVES, MAX_PLY>(domains, limits)
    }

    /// Plays `mv` on `game` (as `game.make_move(mv)` does, whose undo it returns) and, with
    /// [`MctsConfig::tree_reuse`], keeps the subtree of `mv` for the next search: call it for
    /// every move of the game, yours and the opponent's, between searches. Without tree reuse
    /// (or when the kept tree is not `game`'s) it only plays the move.
    pub fn play(&mut self, game: &mut G, mv: G::Move) -> G::Undo {
        let (key, side) = (game.zobrist_key(), game.side_to_move());
        let undo = game.make_move(mv);
        let flip = game.side_to_move() != side;
        self.core.advance(key, mv, game.zobrist_key(), flip);
        undo
    }
}

/// Monte Carlo tree search for a [`MultiGame`] of 2 to [`MAX_PLAYERS`] players: UCT over a
/// vector of rewards (max^n style, Sturtevant 2008: each node keeps the mean reward of the
/// player who chose it, so every player maximises its own), playouts or the evaluator at the
/// leaves. The solver and implicit minimax, two-player methods, are not used.
///
/// The parameters are those of [`Mcts`], over a [`MultiGame`] and a [`MultiEvaluator`]
/// (whose scores become rewards as [`MctsConfig::eval_scale`] says; a win score is 1).
///
/// ```
/// use alphabeta::games::grid_survivor::{GridSurvivor, SurvivorEval};
/// use alphabeta::mcts::{MctsConfig, MultiMcts, Node};
/// use alphabeta::Limits;
///
/// let mut game = GridSurvivor::<36>::random(6, 6, 3, 0, 7).unwrap();
/// let mut arena = vec![Node::EMPTY; 10_000];
/// let config = MctsConfig { eval_scale: 300_000.0, ..MctsConfig::new() };
/// let mut mcts: MultiMcts<GridSurvivor<36>, SurvivorEval, 4, 64, _> =
///     MultiMcts::new(SurvivorEval, config, &mut arena[..]);
/// let result = mcts.search(&mut game, &Limits::iterations(500)).unwrap();
/// assert!(result.best_move.is_some());
/// assert_eq!(result.iterations, 500);
/// ```
pub struct MultiMcts<G: MultiGame, E, const MAX_MOVES: usize, const MAX_PLY: usize, A, P = NoPriors>
{
    evaluator: E,
    core: Core<A>,
    priors: P,
    _game: PhantomData<fn(&mut G)>,
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, A> MultiMcts<G, E, MAX_MOVES, MAX_PLY, A>
where
    G: MultiGame,
{
    /// An engine with the given evaluator, configuration and arena, without move priors.
    /// `const`, so an engine can live in a `static`.
    pub const fn new(evaluator: E, config: MctsConfig, arena: A) -> Self {
        Self { evaluator, core: Core::new(config, arena), priors: NoPriors, _game: PhantomData }
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, A, P>
    MultiMcts<G, E, MAX_MOVES, MAX_PLY, A, P>
where
    G: MultiGame,
    E: MultiEvaluator<G>,
    A: AsMut<[Node<G::Move>]>,
    P: MovePriors<G, G::Move>,
{
    engine_accessors!(MultiMcts);

    /// Searches `game` for the player to move within `limits`. `game` is back in its position
    /// when the call returns, whatever the outcome. The result's values and proofs are the
    /// root player's.
    ///
    /// # Errors
    /// As [`Mcts::search`], and [`MctsError::PlayerCount`] or
    /// [`MctsError::PlayerOutOfRange`] for a game that reports an impossible number of players
    /// or player to move.
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<G::Move, MAX_MOVES, MAX_PLY>, MctsError> {
        let players = game.num_players();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(MctsError::PlayerCount { players });
        }
        let scale = self.core.config.eval_scale;
        let mut domain =
            MultiPlayer { game, evaluator: &self.evaluator, priors: &self.priors, players, scale };
        self.core.search::<_, _, MAX_MOVES, MAX_PLY>(&mut domain, limits)
    }

    /// [`MultiMcts::search`] on [`MctsConfig::threads`] threads (`std`), as
    /// [`Mcts::search_parallel`].
    ///
    /// # Errors
    /// As [`MultiMcts::search`], [`MctsError::ArenaShareTooSmall`], and
    /// [`MctsError::Threads`] when a thread cannot be started.
    #[cfg(feature = "std")]
    pub fn search_parallel(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<G::Move, MAX_MOVES, MAX_PLY>, MctsError>
    where
        G: Clone + Send,
        G::Move: Send,
        E: Sync,
        P: Sync,
    {
        let threads = parallel::thread_count(self.core.config.threads);
        let players = game.num_players();
        if threads <= 1 || !(2..=MAX_PLAYERS).contains(&players) {
            return self.search(game, limits);
        }
        let scale = self.core.config.eval_scale;
        let mut copies: Vec<G> = (0..threads).map(|_| game.clone()).collect();
        let domains = copies
            .iter_mut()
            .map(|game| MultiPlayer {
                game,
                evaluator: &self.evaluator,
                priors: &self.priors,
                players,
                scale,
            })
            .collect();
        self.core.search_parallel::<_, _, MAX_MOVES, MAX_PLY>(domains, limits)
    }

    /// Plays `mv` on `game` and, with [`MctsConfig::tree_reuse`], keeps its subtree for the
    /// next search (as [`Mcts::play`]).
    pub fn play(&mut self, game: &mut G, mv: G::Move) -> G::Undo {
        let key = game.zobrist_key();
        let undo = game.make_move(mv);
        self.core.advance(key, mv, game.zobrist_key(), false);
        undo
    }
}
