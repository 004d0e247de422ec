//! Parallel search on several threads (`std` feature).
//!
//! A [`ParallelEngine`] wraps an [`Engine`] and a thread pool that lives as long as it does
//! (a `rayon` pool: no thread is spawned per search; dropping the engine waits until the
//! pool's threads have ended). Every thread has its own engine state
//! (killers, history, principal variation, statistics) and its own copy of the game; all share
//! the evaluator settings and the lock-free transposition table. Three schemes
//! ([`ParallelScheme`]):
//!
//! * **ABDADA** (Weill 1996, in the simplified form of a separate table of marks; the
//!   default): every thread runs the iterative-deepening search of the root at the main
//!   thread's depth, sharing the table. A thread about to search a move other than the first
//!   of a node (at least [4 plies](crate::search) from the horizon) marks it; a thread that
//!   reaches a marked move puts it off until the node's other moves are done, and by then
//!   usually finds its result in the table, so that the threads spread over the tree instead
//!   of searching the same subtrees. The first thread to complete a depth completes it for
//!   all: the main thread takes a helper's score and line when the helper is first. Threads
//!   start each depth from the main thread's killers, history and line, and exchange what
//!   their sorters learn at every poll, since with late move reductions the depth a position
//!   is searched to depends on the order of the moves above it. The marks and the
//!   exchanges are compiled into node loops of their own: a sequential search runs none of
//!   that code. Without a table the threads would have nothing to share, so a
//!   [`ParallelEngine`] without one splits the root instead.
//! * **Root splitting**, extended down the principal variation (PV splitting, Marsland &
//!   Campbell 1982) and into re-searches: at every iterative-deepening depth from 2 on, the
//!   first root move is searched alone to get a sound alpha; the other root moves are then
//!   taken one at a time by the threads, each searched as the sequential search would search
//!   it (a null window above the best score so far with late move reductions, the full window
//!   if it beats it). The first move's own search is split the same way, and so on down the
//!   leftmost path while more than [`MIN_SPLIT_DEPTH`] plies remain, so that the second thread
//!   is not idle while the first move is searched (the bound of plain root splitting: about
//!   1.3x at 2 threads was published for one chess engine, and 1.30x is what it gives here).
//!   Below the split nodes, the young brothers wait concept (YBWC, Feldmann et al.): a move
//!   whose scout beats alpha needs a full-window search, a PV node in its turn, which is split
//!   the same way; and the null-window search of a move is split (its first move alone, then
//!   the others shared) while a thread is idle, or always when more than
//!   [`EAGER_SPLIT_DEPTH`] plies remain, so that a thread that has run out of moves helps
//!   with the long searches of the others instead of waiting for them. The thread that splits
//!   a node takes moves too; any other thread of the pool joins with a spare engine, starting
//!   from the splitter's killers and history, and what it learns is merged back
//!   ([`MoveSorter::merge`]) when the node is done, so that the ordering of later nodes and
//!   iterations reflects the whole tree, as a sequential search's does.
//!   Searches that have visited fewer than [`DEFAULT_MIN_SPLIT_NODES`] nodes so far keep to
//!   one thread (see [`ParallelEngine::set_min_split_nodes`]).
//! * **Lazy SMP**: every thread runs the whole iterative-deepening search of the root, sharing
//!   the transposition table, so that each finds entries the others stored; helpers on odd
//!   threads search one ply deeper. The main thread's result is returned; the helpers stop
//!   when it is done.
//!
//! Values are deterministic with the value-preserving options and equal-draft table cutoffs
//! ([`TtCutoffs::EqualDraft`](crate::TtCutoffs)) under every scheme: each table entry then
//! holds a value of the depth it is used at, and an iteration's value is the fixed-depth
//! minimax value whichever thread completes it. Root splitting keeps that with the default
//! cutoffs too (at every split node, every move's score is exact or a bound on the right side
//! of the window, as in the sequential search), and chooses among equal moves as the
//! sequential search does (the first in search order, or the seeded random choice made in
//! search order). Under ABDADA and Lazy SMP, the default cutoffs can give better values than
//! a sequential search of the same depth (deeper entries from the helpers), and the move
//! chosen among equal ones can differ.
//!
//! Time limits, the stop flag and `min_depth` hold on every thread; an interrupted iteration
//! never replaces the last completed result. Node counts are summed over the threads; the
//! other statistics too under root splitting, while under ABDADA and Lazy SMP they are the
//! main thread's.

use std::marker::PhantomData;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, TryLockError};

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game};
use crate::ordering::{DefaultSorter, MoveSorter};
use crate::score::Score;
pub use crate::search::ParallelScheme;
use crate::search::{
    check_window, Context, Engine, Halt, IterationInfo, Links, MoveMarks, Pace, RootSearchFn,
    SearchResult, SorterExchange, WindowResult, WindowSearch,
};
use crate::tt::{Bound, NoTable, Table};

mod busy;
mod pacer;
mod split;
pub(crate) use busy::BusyMoves;
pub use pacer::LockStep;

/// The killers and history the threads of a shared-table search exchange as they search
/// (ABDADA): with late move reductions, the depth a position is searched to depends on the
/// order of the moves above it, and so on each thread's history; threads that order alike
/// store table entries the others can use. Each thread adds what it learnt since its last
/// exchange to the common sorter and takes the result (the search calls it through
/// [`SorterExchange`]).
struct SharedSorter<G, O> {
    common: std::sync::Arc<Mutex<O>>,
    /// The common sorter as this thread took it last (locked by this thread only).
    base: Mutex<O>,
    _game: PhantomData<fn(&G)>,
}

impl<G, O: Clone> SharedSorter<G, O> {
    fn new(common: std::sync::Arc<Mutex<O>>) -> Self {
        let base = Mutex::new(lock(&common).clone());
        Self { common, base, _game: PhantomData }
    }
}

impl<G: Game, O: MoveSorter<G> + Clone + Send> SorterExchange<O> for SharedSorter<G, O> {
    fn exchange(&self, mine: &mut O) {
        let mut base = lock(&self.base);
        let mut common = lock(&self.common);
        common.merge(&base, mine);
        mine.clone_from(&common);
        base.clone_from(&common);
    }
}

/// The main thread's [`SharedSorter`]: in its links from the start, set when the helpers
/// start (the search exchanges only from then on).
impl<G: Game, O: MoveSorter<G> + Clone + Send> SorterExchange<O> for OnceLock<SharedSorter<G, O>> {
    fn exchange(&self, mine: &mut O) {
        if let Some(shared) = self.get() {
            shared.exchange(mine);
        }
    }
}

use split::{SplitMoveMode, SplitMoveScore, SplitMoves, SplitStart};

/// Why a parallel engine could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParallelError {
    /// The operating system refused to start the pool's threads.
    ThreadPool(String),
    /// `Config::threads` asks for more than [`MAX_THREADS`] threads.
    TooManyThreads {
        /// The thread count asked for.
        requested: u32,
    },
}

/// The most threads a [`ParallelEngine`] starts (each has its own engine state; far more than
/// the cores of any machine this search scales to).
pub const MAX_THREADS: u32 = 1024;

impl core::fmt::Display for ParallelError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::ThreadPool(reason) => write!(f, "could not start the thread pool: {reason}"),
            Self::TooManyThreads { requested } => write!(
                f,
                "{requested} threads asked for; a parallel engine starts at most {MAX_THREADS}"
            ),
        }
    }
}

impl std::error::Error for ParallelError {}

/// One helper thread's engine.
struct Helper<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> {
    engine: Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
}

/// An [`Engine`] that searches on several threads (see the module documentation).
///
/// Built from an engine; the thread count and scheme come from its
/// [`Config::threads`](crate::Config::threads) and
/// [`Config::parallel_scheme`](crate::Config::parallel_scheme). With one thread it is the
/// engine itself. The game must be `Clone + Send` (each thread searches a copy), the evaluator
/// and sorter `Clone + Send` (each thread has its own).
///
/// Dropping it returns once every thread of its pool has ended (joined, thread-local
/// destructors included), so that no thread outlives the engine; dropped on one of its own
/// pool's threads (which no search does), it leaves them to end on their own instead of
/// waiting for itself.
pub struct ParallelEngine<
    G: Game,
    E: Evaluator<G>,
    const MAX_MOVES: usize,
    const MAX_PLY: usize,
    T = NoTable,
    O = DefaultSorter<<G as Game>::Move, MAX_PLY>,
> {
    main: Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
    /// The helpers' engines: under root splitting, taken by whichever thread joins a split
    /// (twice the threads, so that threads waiting at an outer split still find one free for
    /// a nested split); under Lazy SMP, the first `threads`.
    helpers: Vec<Mutex<Helper<G, E, MAX_MOVES, MAX_PLY, T, O>>>,
    threads: usize,
    pool: Option<Pool>,
    /// See [`ParallelEngine::set_min_split_nodes`].
    min_split_nodes: u64,
    /// The moves being searched, for ABDADA.
    busy: BusyMoves,
    /// The pacer of a simulated run (see [`ParallelEngine::simulate_lock_step`]).
    pacer: Option<std::sync::Arc<LockStep>>,
    /// The nodes of each thread in the last shared-table search, the main thread's first.
    last_thread_nodes: Vec<u64>,
    /// The last simulated search's length in the model, in nodes.
    last_model_length: u64,
}

/// The default of [`ParallelEngine::set_min_split_nodes`]: a few milliseconds of search, from
/// which two threads are faster than one on average for every size of search measured.
pub const DEFAULT_MIN_SPLIT_NODES: u64 = 16_384;

/// The stack of each helper thread of a [`ParallelEngine`], bytes (16 MiB; the calling
/// thread searches on its own stack). A search takes a frame per ply, quiescence included,
/// (a split node keeps its copies of the sorter on the heap): the platform's default for a new
/// thread (2 MiB on Linux) is too small for a chess engine's frames, quiescence included. The
/// memory is reserved, and only what the search touches is used.
pub const HELPER_STACK_BYTES: usize = 16 << 20;

/// A `rayon` thread pool whose worker threads are joined when it is dropped.
///
/// Dropping a `rayon::ThreadPool` only tells its workers to exit and returns at once, so a
/// process that drops an engine and then exits (a C host calling `alphabeta_engine_free`, then
/// returning from `main`) can end while the workers are still winding down: valgrind then
/// reports their thread-local memory as "possibly lost". The pool's threads are spawned here
/// (rayon's `spawn_handler`) so that their join handles are kept, and dropping the pool waits
/// until every one of them has ended, thread-local destructors included.
struct Pool {
    /// `None` only while being dropped.
    pool: Option<rayon::ThreadPool>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl Pool {
    fn new(threads: usize) -> Result<Self, ParallelError> {
        let mut workers = Vec::with_capacity(threads);
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("alphabeta-{i}"))
            .stack_size(HELPER_STACK_BYTES)
            .spawn_handler(|thread| {
                let mut builder = std::thread::Builder::new();
                if let Some(name) = thread.name() {
                    builder = builder.name(name.to_owned());
                }
                if let Some(size) = thread.stack_size() {
                    builder = builder.stack_size(size);
                }
                workers.push(builder.spawn(|| thread.run())?);
                Ok(())
            })
            .build();
        match built {
            Ok(pool) => Ok(Self { pool: Some(pool), workers }),
            Err(e) => {
                // rayon has told the threads it did start to exit; wait for them.
                for worker in workers {
                    let _ = worker.join();
                }
                Err(ParallelError::ThreadPool(e.to_string()))
            }
        }
    }

    fn get(&self) -> Option<&rayon::ThreadPool> {
        self.pool.as_ref()
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let Some(pool) = self.pool.take() else { return };
        // On one of the pool's own threads (a job of this pool dropping its engine), waiting
        // would wait for this very thread, and for siblings that may be waiting for it: the
        // workers are left to exit on their own, as a plain rayon pool does.
        let on_a_worker = pool.current_thread_index().is_some();
        // Tells every worker to exit once it is out of work.
        drop(pool);
        if on_a_worker {
            return;
        }
        for worker in self.workers.drain(..) {
            // A worker never unwinds (rayon aborts on a panic outside a job), so there is no
            // error to pass on.
            let _ = worker.join();
        }
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    ParallelEngine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game + Clone + Send,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G> + Clone + Send,
{
    /// A parallel engine around `engine`, with `engine.config().threads` threads (0: the
    /// available parallelism) and its `parallel_scheme`.
    ///
    /// # Errors
    /// [`ParallelError::TooManyThreads`] above [`MAX_THREADS`] threads (before anything is
    /// allocated); [`ParallelError::ThreadPool`] when the threads cannot be started.
    pub fn new(engine: Engine<G, E, MAX_MOVES, MAX_PLY, T, O>) -> Result<Self, ParallelError> {
        let threads = match engine.config().threads {
            0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            n if n > MAX_THREADS => return Err(ParallelError::TooManyThreads { requested: n }),
            n => n as usize,
        };
        let mut helpers = Vec::new();
        let mut pool = None;
        if threads > 1 {
            for _ in 0..2 * threads {
                let helper = Engine::with_parts(
                    engine.evaluator().clone(),
                    *engine.config(),
                    *engine.table(),
                    engine.sorter().clone(),
                );
                helpers.push(Mutex::new(Helper { engine: helper }));
            }
            pool = Some(Pool::new(threads)?);
        }
        Ok(Self {
            main: engine,
            helpers,
            threads,
            pool,
            min_split_nodes: DEFAULT_MIN_SPLIT_NODES,
            busy: BusyMoves::new(),
            pacer: None,
            last_thread_nodes: Vec::new(),
            last_model_length: 0,
        })
    }

    /// The other threads start helping once the search (its earlier iterations) has visited
    /// `nodes` nodes: before that, every iteration is searched on the calling thread alone,
    /// exactly as the sequential search does. In a tree that small a second thread costs
    /// more than it saves (forking the pool at every split node under root splitting,
    /// starting the helpers and their marks under ABDADA and Lazy SMP). Default
    /// [`DEFAULT_MIN_SPLIT_NODES`], measured with `cargo bench --features std --bench
    /// parallel -- --sweep` (see the README's parallel section); 0 starts at the first
    /// iteration. (Not a field of [`Config`](crate::Config), which every engine carries, on
    /// microcontrollers too.)
    pub fn set_min_split_nodes(&mut self, nodes: u64) {
        self.min_split_nodes = nodes;
    }

    /// The number of threads searching (1: sequential).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// For measurements: makes the threads of the shared-table schemes (Lazy SMP, ABDADA)
    /// advance in lock step, one poll interval of nodes per round, so that a run simulates a
    /// machine with a core per thread whatever this one has (see [`LockStep`]); the main
    /// thread's nodes ([`ParallelEngine::last_thread_nodes`]) are then the search's length in
    /// that model. Root splitting ignores it.
    #[doc(hidden)]
    pub fn simulate_lock_step(&mut self, on: bool) {
        self.pacer = on.then(|| std::sync::Arc::new(LockStep::new()));
    }

    /// For measurements: the length of the last search simulated in lock step (see
    /// [`ParallelEngine::simulate_lock_step`]) in the model, in nodes: the main thread's
    /// turns, searching or waiting, times the poll interval. 0 otherwise.
    #[doc(hidden)]
    pub fn last_model_length(&self) -> u64 {
        self.last_model_length
    }

    /// For measurements: the nodes each thread visited in the last search of a shared-table
    /// scheme (Lazy SMP, ABDADA), the main thread's first; empty after other searches.
    #[doc(hidden)]
    pub fn last_thread_nodes(&self) -> &[u64] {
        &self.last_thread_nodes
    }

    /// The main engine (its configuration, table, evaluator).
    pub fn engine(&self) -> &Engine<G, E, MAX_MOVES, MAX_PLY, T, O> {
        &self.main
    }

    /// The main engine, mutable (for a window search, which runs on the calling thread).
    pub fn engine_mut(&mut self) -> &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O> {
        &mut self.main
    }

    /// Forgets the killers and history of every thread.
    pub fn clear_history(&mut self) {
        self.main.clear_history();
        for helper in &mut self.helpers {
            if let Ok(helper) = helper.get_mut() {
                helper.engine.clear_history();
            }
        }
    }

    /// Searches `game` on the pool's threads; the same contract as [`Engine::search`].
    ///
    /// # Errors
    /// As [`Engine::search`]; and [`SearchError::ParallelUnsupported`] for a configuration
    /// with a [`Config::strength`](crate::Config::strength) on more than one thread,
    /// [`SearchError::RewardsUnsupported`] for a game with rewards
    /// ([`Game::REWARDS`]) on more than one thread.
    pub fn search(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError> {
        self.search_with_info(game, limits, |_| {})
    }

    /// [`ParallelEngine::search`] with a per-iteration callback (called on the main thread
    /// for the main thread's iterations).
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn search_with_info<F>(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
        on_iteration: F,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>) + Send,
    {
        let Some(pool) = self.pool.as_ref().and_then(Pool::get) else {
            return self.main.search_with_info(game, limits, on_iteration);
        };
        if self.main.config().strength.is_some() {
            // A strength level is an analysis of the root moves, run by the sequential search.
            return Err(SearchError::ParallelUnsupported { option: "strength" });
        }
        if G::REWARDS && game.has_rewards() {
            // Root splitting searches its moves apart from the node loop, without rewards.
            return Err(SearchError::RewardsUnsupported { search: "a parallel search" });
        }
        let threads = self.threads;
        match self.scheme() {
            ParallelScheme::RootSplit => {
                self.last_thread_nodes.clear();
                self.last_model_length = 0;
                // A trial copy of the root: it tells the host at once when its clone callback
                // fails, even if this search never splits (the split nodes make their own).
                drop(game.clone());
                let searching = AtomicUsize::new(1);
                let workers =
                    Workers { pool, helpers: &self.helpers, searching: &searching, threads };
                let main = &mut self.main;
                // The whole search runs on a thread of the pool: each split then forks from
                // inside the pool, and the splitting thread takes moves itself.
                let min_split_nodes = self.min_split_nodes;
                pool.install(|| {
                    main.iterate(
                        game,
                        limits,
                        Links::default(),
                        on_iteration,
                        |main, ctx, game, depth, alpha, beta| {
                            if ctx.nodes() < min_split_nodes {
                                return main.root_iteration::<true>(ctx, game, depth, alpha, beta);
                            }
                            workers.split_iteration(main, ctx, game, depth, alpha, beta, true)
                        },
                    )
                })
            }
            scheme => {
                // A trial copy of the root, as for root splitting: a failing clone shows at once,
                // even in a search too small for the helpers to start.
                drop(game.clone());
                let helpers = &self.helpers[..threads - 1];
                let abdada = scheme == ParallelScheme::Abdada;
                let options = SharedTableOptions {
                    busy: abdada.then_some(&self.busy),
                    pacer: self.pacer.as_deref(),
                    depth_offsets: !abdada,
                    min_nodes: self.min_split_nodes,
                };
                let infinity = E::Score::INFINITY;
                let (result, helper_nodes, main_turns) = shared_table_search(
                    pool,
                    helpers,
                    &mut self.main,
                    game,
                    limits.max_depth,
                    (-infinity, infinity),
                    options,
                    |main, game, links, iteration| {
                        main.iterate(game, limits, links, on_iteration, iteration)
                    },
                );
                self.end_shared_table_search(result, helper_nodes, main_turns)
            }
        }
    }

    /// Ends a shared-table search: the helpers' nodes added to the result, and what the
    /// search leaves for the next (no marks, the pacer reset, the measurements).
    fn end_shared_table_search<R: NodeTotals>(
        &mut self,
        result: Result<R, SearchError>,
        helper_nodes: Vec<u64>,
        main_turns: u64,
    ) -> Result<R, SearchError> {
        let extra: u64 = helper_nodes.iter().sum();
        let result = result.map(|mut result| {
            result.add_nodes(extra);
            result
        });
        let main_nodes = result.as_ref().map_or(0, |r| r.nodes() - extra);
        let thread_nodes = thread_nodes(&result, main_nodes, helper_nodes);
        if thread_nodes.iter().skip(1).any(|&nodes| nodes > 0) {
            // Marks that an interrupted search left behind.
            self.busy.clear();
        }
        if let Some(pacer) = &self.pacer {
            pacer.reset();
        }
        self.last_thread_nodes = thread_nodes;
        self.last_model_length =
            main_turns * u64::from(self.main.config().poll_interval_nodes.max(1));
        result
    }

    /// One fixed-depth search of `game` with the window `(alpha, beta)` on the pool's threads,
    /// under the engine's [`ParallelScheme`]: the meaning and result of
    /// [`Engine::search_window`] (no iterative deepening, clock or stop flag; the table used
    /// but not aged), so that a window driver (a null-window solver narrowing the score's
    /// interval, MTD(f)) runs on every thread through [`WindowSearch`].
    ///
    /// The result is fail-soft: `<= alpha` an upper bound on the value at `depth`, `>= beta`
    /// a lower bound, between them the exact value. `best_move` is a move that achieves the
    /// score when it is above `alpha`; `nodes` (and `stats.nodes`) count the nodes of every
    /// thread, the other statistics as for [`ParallelEngine::search`]. The bound returned on
    /// a fail-low or fail-high may differ from the sequential search's (the threads search
    /// moves with the alphas they have at the time), and with the default table cutoffs
    /// under ABDADA and Lazy SMP the value too, as for [`ParallelEngine::search`]; with
    /// [`TtCutoffs::EqualDraft`](crate::TtCutoffs) every exact value is the sequential one.
    ///
    /// Under root splitting the root is split as in an iteration of
    /// [`ParallelEngine::search`] (a null window at the root is split as a non-PV node);
    /// under ABDADA every thread searches the root with the window, and the first to
    /// complete it ends the search for all; under Lazy SMP the helpers search the window one
    /// ply deeper on every other thread, filling the table for the calling thread, whose
    /// result is returned. The other threads start at once:
    /// [`ParallelEngine::set_min_split_nodes`], a threshold on the nodes of earlier
    /// iterations, does not apply to a search without them. With one thread it is
    /// [`Engine::search_window`] itself.
    ///
    /// Thread-safety: `&mut self`, one search at a time; the pool's threads search copies of
    /// `game`, which is back in its position when the call returns.
    ///
    /// # Errors
    /// As [`Engine::search_window`]; and [`SearchError::RewardsUnsupported`] for a game with
    /// rewards ([`Game::REWARDS`]) on more than one thread.
    pub fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        let Some(pool) = self.pool.as_ref().and_then(Pool::get) else {
            return self.main.search_window(game, depth, alpha, beta);
        };
        check_window(alpha, beta)?;
        if G::REWARDS && game.has_rewards() {
            return Err(SearchError::RewardsUnsupported { search: "a parallel search" });
        }
        let threads = self.threads;
        let poll_interval = u64::from(self.main.config().poll_interval_nodes.max(1));
        // A trial copy of the root (see `search_with_info`).
        drop(game.clone());
        match self.scheme() {
            ParallelScheme::RootSplit => {
                self.last_thread_nodes.clear();
                self.last_model_length = 0;
                let searching = AtomicUsize::new(1);
                let workers =
                    Workers { pool, helpers: &self.helpers, searching: &searching, threads };
                let main = &mut self.main;
                pool.install(|| {
                    main.fixed_depth_linked(
                        game,
                        depth,
                        Links::default(),
                        poll_interval,
                        |main, ctx, game| {
                            let pv = main.null_window_above(alpha).is_none_or(|top| top < beta);
                            workers.split_iteration(main, ctx, game, depth, alpha, beta, pv)
                        },
                    )
                })
            }
            scheme => {
                let helpers = &self.helpers[..threads - 1];
                let abdada = scheme == ParallelScheme::Abdada;
                let options = SharedTableOptions {
                    busy: abdada.then_some(&self.busy),
                    pacer: self.pacer.as_deref(),
                    depth_offsets: !abdada,
                    min_nodes: 0,
                };
                let (result, helper_nodes, main_turns) = shared_table_search(
                    pool,
                    helpers,
                    &mut self.main,
                    game,
                    depth,
                    (alpha, beta),
                    options,
                    |main, game, links, iteration| {
                        main.fixed_depth_linked(
                            game,
                            depth,
                            links,
                            poll_interval,
                            |main, ctx, game| iteration(main, ctx, game, depth, alpha, beta),
                        )
                    },
                );
                self.end_shared_table_search(result, helper_nodes, main_turns)
            }
        }
    }

    /// The scheme searches run under: the configuration's, but root splitting for ABDADA
    /// without a table (it shares its work through the table).
    fn scheme(&self) -> ParallelScheme {
        match self.main.config().parallel_scheme {
            ParallelScheme::Abdada if !T::ENABLED => ParallelScheme::RootSplit,
            scheme => scheme,
        }
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> WindowSearch<G>
    for ParallelEngine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game + Clone + Send,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G> + Clone + Send,
{
    type Score = E::Score;

    fn search_window(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<WindowResult<G::Move, E::Score>, SearchError> {
        ParallelEngine::search_window(self, game, depth, alpha, beta)
    }
}

/// A move of a split node: its index in search order, its score, whether the score is above
/// the alpha it was searched with (exact, or a lower bound at beta), and its line when it is.
type Found<M, S, const P: usize> = (usize, S, bool, heapless::Vec<M, P>);

/// Nodes are split among the threads while more than this many plies remain below them;
/// shallower, they are searched by one thread. Every split is a fork and a join of the pool
/// and copies of the position and the sorter: splitting tiny subtrees would cost more than
/// it saves.
pub const MIN_SPLIT_DEPTH: u32 = 4;

/// A null-window search (of a non-PV node) is split only while a thread is idle, unless more
/// than this many plies remain below it: such a search can take a large share of an
/// iteration, and a thread that runs out of work while it runs then joins it instead of
/// waiting for it to end. (From `benches/parallel.rs` with tracing: at depth 16 from the
/// empty board, the splitting thread waited 0.1–0.3 s of a 0.7–1.0 s search at the root in
/// some runs without it, under 0.1 s with it; 8, 10 and 12 all did as well.)
pub const EAGER_SPLIT_DEPTH: u32 = 10;

/// What every search of a split needs: the pool, the helpers' engines (taken by whichever
/// thread joins a split; twice the threads, so that a thread waiting at an outer split still
/// finds one for a nested split), and how many threads are searching.
struct Workers<'p, G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> {
    pool: &'p rayon::ThreadPool,
    helpers: &'p [Mutex<Helper<G, E, MAX_MOVES, MAX_PLY, T, O>>],
    /// Threads taking moves of a split node or searching the leftmost path: fewer than the
    /// pool's threads means one is idle, and a move's null-window search is worth splitting.
    searching: &'p AtomicUsize,
    threads: usize,
}

impl<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> Clone
    for Workers<'_, G, E, MAX_MOVES, MAX_PLY, T, O>
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game, E: Evaluator<G>, const MAX_MOVES: usize, const MAX_PLY: usize, T, O> Copy
    for Workers<'_, G, E, MAX_MOVES, MAX_PLY, T, O>
{
}

/// Locks a helper, poisoned or not (a helper's state is valid whatever a panicking thread
/// left: it is overwritten at the start of every split).
fn lock<H>(helper: &Mutex<H>) -> std::sync::MutexGuard<'_, H> {
    helper.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A helper's engine that no other thread holds, if there is one.
fn free_helper<H>(helpers: &[Mutex<H>]) -> Option<std::sync::MutexGuard<'_, H>> {
    helpers.iter().find_map(|helper| match helper.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    })
}

/// A node being split: its ply, remaining depth, window (from its side to move), whether it
/// is on the previous iteration's line, and whether it is a PV node (an open window) or a
/// null-window one.
#[derive(Clone, Copy)]
struct SplitNode<S> {
    ply: u32,
    depth: u32,
    alpha: S,
    beta: S,
    on_prev_pv: bool,
    pv: bool,
}

/// What the threads searching the moves of one split node share.
struct Shared<S> {
    /// The best score above alpha so far: the alpha of the next move taken.
    best_so_far: Mutex<S>,
    /// The alpha of every move instead, if set.
    fixed_alpha: Option<S>,
    /// The next move to take (an index into the moves after the first).
    next: AtomicUsize,
    /// Raised when a thread halts or a move fails high: the others stop.
    abort: AtomicBool,
    /// A thread halted on an error (in its context).
    failed: AtomicBool,
    /// A move failed high: the node's value is settled.
    cut: AtomicBool,
}

/// Counts a thread as searching while it lives.
struct Searching<'a>(&'a AtomicUsize);

impl<'a> Searching<'a> {
    fn new(counter: &'a AtomicUsize) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        Self(counter)
    }
}

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What a thread joining a split node brings and takes away: its copy of the position and
/// of the splitting thread's sorter, its context, the moves it searched, what it learnt.
struct Joiner<'l, 'c, G: Game, O, S, const MAX_PLY: usize> {
    game: G,
    sorter: Box<O>,
    ctx: Context<'l, 'c, G::Player, O>,
    found: Vec<Found<G::Move, S, MAX_PLY>>,
    learned: Option<Box<O>>,
}

/// A copy of `sorter` on the heap, made in a frame of its own: a sorter can be large (a
/// history table per pair of moves), and a split node's frame, which nested split nodes stack
/// up on a helper's stack, must not hold one.
#[inline(never)]
fn boxed_clone<O: Clone>(sorter: &O) -> Box<O> {
    Box::new(sorter.clone())
}

/// `*target = source.clone()`, in a frame of its own (see [`boxed_clone`]).
#[inline(never)]
fn clone_into<O: Clone>(target: &mut O, source: &O) {
    target.clone_from(source);
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Workers<'_, G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game + Clone + Send,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G> + Clone + Send,
{
    /// Whether a thread of the pool is waiting for work.
    fn idle(&self) -> bool {
        self.searching.load(Ordering::Relaxed) < self.threads
    }

    /// One iteration of root splitting, extended down the leftmost path (PV splitting, Marsland &
    /// Campbell 1982): at the root and at each first child below it, as long as `MIN_SPLIT_DEPTH`
    /// plies remain, the first move is searched (split the same way) for a sound alpha, then the
    /// other moves are shared out among the threads. The root is searched with the window
    /// `(alpha, beta)` of the configured root search (the full window by default), as a PV
    /// node when `pv` (an iteration) or else as a non-PV one (a window search's null window).
    #[allow(clippy::too_many_arguments)]
    fn split_iteration(
        self,
        main: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
        pv: bool,
    ) -> Result<E::Score, Halt> {
        for helper in self.helpers {
            main.sync_helper(&mut lock(helper).engine);
        }
        let root = SplitNode { ply: 0, depth, alpha, beta, on_prev_pv: true, pv };
        self.searching.store(1, Ordering::Relaxed);
        self.split_node(main, ctx, game, root)
    }

    /// Searches a node on as many threads as join in (the Young Brothers Wait Concept of
    /// Feldmann et al.): its first move first, split in turn when deep enough, then the other
    /// moves taken one at a time by the calling thread and by helpers, each searched as the
    /// sequential search would search it. The nodes split are the root, the leftmost path below
    /// it (PV splitting), the full-window re-search of a move whose scout beat alpha, and,
    /// while a thread is idle, the null-window search of any move with enough depth left.
    /// Any idle thread of the pool joins with a helper engine it finds free, starting from the
    /// splitter's killers and history; what it learns is merged back when the node is done.
    fn split_node(
        self,
        engine: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        node: SplitNode<E::Score>,
    ) -> Result<E::Score, Halt> {
        let SplitNode { ply, depth, alpha, beta, on_prev_pv, pv } = node;
        let mut split =
            match engine.split_moves(ctx, game, ply, depth, on_prev_pv, pv, alpha, beta)? {
                SplitStart::Moves(split) => split,
                SplitStart::Settled(score) => return Ok(score),
                SplitStart::Sequential => {
                    return engine.search_node(ctx, game, ply, depth, alpha, beta, on_prev_pv, pv)
                }
            };
        let root = ply == 0;
        // (A window search's null window at the root has no ties to break.)
        let seeded_root = root && pv && engine.config().tie_break_seed.is_some();

        // The first move alone (split in turn if deep enough): a sound alpha for the others.
        let first = split.moves.as_slice()[0];
        let first_on_pv = split.pv_move() == Some(first);
        let first_node = SplitNode { alpha, beta, on_prev_pv: first_on_pv, ..node };
        let first_score = self.search_child(engine, ctx, game, first, first_node)?;
        let first_line = engine.split_line(first, ply);
        let mut found: Vec<Found<G::Move, E::Score, MAX_PLY>> =
            vec![(0, first_score, first_score > alpha, first_line)];

        if first_score < beta {
            engine.split_order_rest(game, &mut split);
            let shared = Shared {
                best_so_far: Mutex::new(if first_score > alpha { first_score } else { alpha }),
                // With tie-breaking at the root, every move is searched above the first one's
                // score rather than above the best so far: the choice among equal moves then
                // sees each tie the sequential search sees (see the choice below).
                fixed_alpha: seeded_root.then_some(first_score),
                next: AtomicUsize::new(0),
                abort: AtomicBool::new(false),
                failed: AtomicBool::new(false),
                cut: AtomicBool::new(false),
            };
            let split_ref = &split;
            let shared_ref = &shared;
            let take = |engine: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
                        ctx: &mut Context<'_, '_, G::Player, O>,
                        game: &mut G,
                        found: &mut Vec<Found<G::Move, E::Score, MAX_PLY>>| {
                self.take_moves(engine, ctx, game, split_ref, seeded_root, beta, shared_ref, found);
            };
            // Each other thread of the pool may join: it gets a copy of the position and of the
            // caller's sorter, made here (the caller's own are in use), and its own context.
            let base = boxed_clone(engine.sorter());
            let mut kits: Vec<Joiner<'_, '_, G, O, E::Score, MAX_PLY>> = (1..self.threads)
                .map(|_| Joiner {
                    game: game.clone(),
                    sorter: boxed_clone(&*base),
                    ctx: Context::helper(ctx, &shared.abort),
                    found: Vec::new(),
                    learned: None,
                })
                .collect();
            self.pool.scope(|scope| {
                for kit in &mut kits {
                    let take = &take;
                    scope.spawn(move |_| {
                        if shared_ref.cut.load(Ordering::Relaxed)
                            || shared_ref.abort.load(Ordering::Relaxed)
                            || shared_ref.next.load(Ordering::Relaxed) >= split_ref.moves.len() - 1
                        {
                            return;
                        }
                        let Some(mut helper) = free_helper(self.helpers) else { return };
                        let _searching = Searching::new(self.searching);
                        let engine = &mut helper.engine;
                        clone_into(engine.sorter_mut(), &*kit.sorter);
                        take(engine, &mut kit.ctx, &mut kit.game, &mut kit.found);
                        kit.learned = Some(boxed_clone(engine.sorter()));
                    });
                }
                // The caller takes moves too, then waits for the others (stealing work meanwhile,
                // as any idle thread of the pool does).
                take(engine, ctx, game, &mut found);
                self.searching.fetch_sub(1, Ordering::Relaxed);
            });
            self.searching.fetch_add(1, Ordering::Relaxed);
            for mut kit in kits {
                if let Some(learned) = &kit.learned {
                    engine.merge_sorter(&base, learned);
                }
                ctx.absorb(&mut kit.ctx);
                found.append(&mut kit.found);
            }
            if shared.failed.load(Ordering::Relaxed) {
                return Err(Halt::Failed);
            }
            if shared.abort.load(Ordering::Relaxed) && !shared.cut.load(Ordering::Relaxed) {
                return Err(Halt::Interrupted);
            }
        }

        // Fail-soft: the best score of all (bounds included). The move: among the scores above
        // alpha, the first best in search order, or a seeded random choice made in search order
        // at the root (as the sequential search makes it).
        found.sort_by_key(|f| f.0);
        let best =
            found.iter().map(|f| f.1).fold(-E::Score::INFINITY, |a, b| if b > a { b } else { a });
        let mut chosen = 0;
        if seeded_root {
            // The sequential search's reservoir sampling, replayed in search order: a draw at
            // every move equal to the best so far. Every move at or above the first move's
            // score has an exact score here (all were searched above it), so the draws, and
            // the random stream, are the sequential search's.
            let (mut running, mut ties) = (-E::Score::INFINITY, 0);
            for (i, f) in found.iter().enumerate().filter(|(_, f)| f.2) {
                if f.1 > running {
                    (running, ties, chosen) = (f.1, 1, i);
                } else if f.1 == running {
                    ties += 1;
                    if engine.tie_break_pick(ties) == Some(true) {
                        chosen = i;
                    }
                }
            }
        } else if let Some(first_best) = found.iter().position(|f| f.2 && f.1 == best) {
            chosen = first_best;
        }
        let bound = if best >= beta {
            // The first move in search order that fails high is the one the sequential search
            // would have cut with: the sorter learns from it.
            if let Some(cut) = found.iter().find(|f| f.1 >= beta) {
                engine.split_cutoff(ctx, game, &split, cut.0);
            }
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let proven = !ctx.reached_horizon();
        let line = found.swap_remove(chosen).3;
        engine.split_finish(&split, ply, depth, best, bound, &line, proven);
        Ok(best)
    }

    /// Searches the child after `mv` of the node at `at.ply` and `at.depth`, with that node's
    /// window `(at.alpha, at.beta)` seen from its side to move; `at.on_prev_pv` and `at.pv` are
    /// the child's (on the previous line, a PV node). Split among the threads when deep enough
    /// (a non-PV child only while a thread is idle, or when deeper than [`EAGER_SPLIT_DEPTH`]).
    /// Returns its score for the node's side.
    fn search_child(
        self,
        engine: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        mv: G::Move,
        at: SplitNode<E::Score>,
    ) -> Result<E::Score, Halt> {
        let SplitNode { ply, depth, alpha, beta, on_prev_pv, pv } = at;
        let side = game.side_to_move();
        let undo = game.make_move(mv);
        let same_side = game.side_to_move() == side;
        let (low, high) = if same_side { (alpha, beta) } else { (-beta, -alpha) };
        let child =
            SplitNode { ply: ply + 1, depth: depth - 1, alpha: low, beta: high, on_prev_pv, pv };
        // The child's own "reached a horizon" decides whether its table entry is proven.
        let outer_horizon = ctx.enter_subtree();
        let split = pv || depth > EAGER_SPLIT_DEPTH || self.idle();
        let searched = if depth > MIN_SPLIT_DEPTH && split {
            self.split_node(engine, ctx, game, child)
        } else {
            engine.search_node(ctx, game, ply + 1, depth - 1, low, high, on_prev_pv, pv)
        };
        ctx.leave_subtree(outer_horizon);
        game.unmake_move(mv, undo);
        let score = searched?;
        Ok(if same_side { score } else { -score })
    }

    /// The loop of a thread searching the moves of a split node: takes the next move until none
    /// is left or one failed high, and records each score in `found`. With `floor` (a seeded
    /// root), each move is searched so that a score equal to its alpha is seen.
    #[allow(clippy::too_many_arguments)]
    fn take_moves(
        self,
        engine: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        split: &SplitMoves<G::Move, MAX_MOVES>,
        floor: bool,
        beta: E::Score,
        shared: &Shared<E::Score>,
        found: &mut Vec<Found<G::Move, E::Score, MAX_PLY>>,
    ) {
        let (ply, depth) = (split.ply(), split.depth());
        let moves = &split.moves.as_slice()[1..];
        while !shared.cut.load(Ordering::Relaxed) {
            let index = shared.next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(index) else { break };
            let alpha = shared.fixed_alpha.unwrap_or_else(|| *lock(&shared.best_so_far));
            if alpha >= beta {
                // Another thread failed high since this one last looked (null-window nodes).
                break;
            }
            // A move's searches below are split in turn when its child is deep enough: the PV
            // re-search always, the null-window search while a thread is idle or when it is
            // deeper than EAGER_SPLIT_DEPTH.
            let mode = if depth <= MIN_SPLIT_DEPTH {
                SplitMoveMode::Whole
            } else if depth > EAGER_SPLIT_DEPTH || self.idle() {
                SplitMoveMode::ToSearch
            } else {
                SplitMoveMode::ToResearch
            };
            let at =
                |alpha, beta, on_prev_pv, pv| SplitNode { ply, depth, alpha, beta, on_prev_pv, pv };
            let searched = engine
                .search_split_move(ctx, game, split, index + 1, alpha, beta, floor, mode)
                .and_then(|outcome| match outcome {
                    SplitMoveScore::Searched { score, above } => Ok((score, above)),
                    SplitMoveScore::NeedsResearch { alpha, on_prev_pv } => {
                        let node = at(alpha, beta, on_prev_pv, true);
                        let score = self.search_child(engine, ctx, game, mv, node)?;
                        Ok((score, score > alpha))
                    }
                    SplitMoveScore::NeedsSearch { alpha, top, on_prev_pv } => {
                        let node = at(alpha, top, on_prev_pv, false);
                        let mut score = self.search_child(engine, ctx, game, mv, node)?;
                        if split.is_pv() && score > alpha && score < beta {
                            // The scout beat alpha: the full window for the value.
                            ctx.count_research();
                            let node = at(alpha, beta, on_prev_pv, true);
                            score = self.search_child(engine, ctx, game, mv, node)?;
                        }
                        Ok((score, score > alpha))
                    }
                });
            match searched {
                Ok((score, above)) => {
                    let line =
                        if above { engine.split_line(mv, ply) } else { heapless::Vec::new() };
                    found.push((index + 1, score, above, line));
                    let mut best = lock(&shared.best_so_far);
                    if above && score > *best {
                        *best = score;
                    }
                    if score >= beta {
                        // Fail-high: the other moves do not matter any more.
                        shared.cut.store(true, Ordering::Relaxed);
                        shared.abort.store(true, Ordering::Relaxed);
                    }
                }
                Err(halt) => {
                    if matches!(halt, Halt::Failed) {
                        shared.failed.store(true, Ordering::Relaxed);
                    }
                    shared.abort.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
    }
}

/// How [`shared_table_search`] shares the work.
struct SharedTableOptions<'b> {
    /// ABDADA's marks of the moves being searched (none under Lazy SMP).
    busy: Option<&'b BusyMoves>,
    /// The pacer of a simulation.
    pacer: Option<&'b LockStep>,
    /// Lazy SMP: helpers on even helper numbers search one ply deeper than the main thread,
    /// and only the main thread ends an iteration. Otherwise (ABDADA) every thread searches
    /// the main thread's depth, and the first to complete it ends the iteration for all.
    depth_offsets: bool,
    /// The helpers start once the search has visited this many nodes (earlier iterations are
    /// too small for a second thread to pay).
    min_nodes: u64,
}

/// What the threads of a shared-table search (Lazy SMP, ABDADA) share besides the table.
struct SharedTable<O, M, S, const MAX_PLY: usize> {
    /// The depth the main thread is searching.
    main_depth: AtomicU32,
    /// Raised when the main thread's search is over.
    stop: AtomicBool,
    /// The main thread's killers and history and its last principal variation, as they were
    /// when it started its current depth: a helper starting a depth takes them, so that it
    /// orders moves as the main thread does and searches the tree the main thread will.
    start: Mutex<Option<(O, heapless::Vec<M, MAX_PLY>)>>,
    /// The deepest iteration completed by any thread, and a helper's result for it when a
    /// helper completed it first.
    finished: Mutex<Finished<M, S, MAX_PLY>>,
    /// Raised by a helper that completed the main thread's iteration first: it interrupts the
    /// main thread's search of that iteration, which then takes the helper's result.
    interrupt: AtomicBool,
}

/// An iteration completed by a helper before the main thread: its depth, and its score,
/// principal variation and whether it reached a horizon.
struct Finished<M, S, const MAX_PLY: usize> {
    depth: u32,
    result: Option<(S, heapless::Vec<M, MAX_PLY>, bool)>,
}

/// One helper of a shared-table search: the depth it searches, the flag that interrupts it
/// (when the main thread moves past that depth, or ends), and its nodes once it has ended.
struct HelperState {
    depth: AtomicU32,
    restart: AtomicBool,
    nodes: AtomicU64,
}

/// What a helper of a shared-table search is given: the root, its depth offset, the deepest
/// depth, the window, its links with the other threads and its poll interval.
struct HelperJob<'b, G, O, S> {
    /// The sorter the threads share, if they do.
    shared_sorter: Option<SharedSorter<G, O>>,
    root: G,
    offset: u32,
    max_depth: u32,
    /// The window of every root search (see [`shared_table_search`]).
    window: (S, S),
    links: Links<'b, O>,
    /// The pacer of a simulation.
    pacer: Option<&'b LockStep>,
    poll_interval: u64,
    /// Whether completing the main thread's depth ends the iteration (ABDADA).
    ends_iterations: bool,
}

/// Lazy SMP and ABDADA: the main thread runs the iterative-deepening search; once the search
/// has visited `options.min_nodes` nodes, every helper searches the whole root too, sharing
/// the table (and under ABDADA the marks of busy moves), starting each depth from the main
/// thread's killers, history and principal variation. Under ABDADA every thread searches the
/// main thread's depth and the first to complete it ends it for all (the main thread takes a
/// helper's result); under Lazy SMP odd helpers search one ply deeper and move on to the next
/// depth when they complete one. Helpers behind the main thread's depth restart at it.
///
/// `drive` runs the main thread's search of `game` with the links it is given, calling the
/// iteration it is given for each root search: iterative deepening ([`Engine::iterate`]) up
/// to `max_depth`, or one fixed-depth window search. The helpers search each depth with
/// `window` (the full window for iterative deepening: an exact score serves any window the
/// main thread searches an iteration with; a window search's own window otherwise, so that
/// a helper that completes the depth first has the main thread's result).
/// Returns the main thread's result, the nodes of each helper, and the main thread's turns
/// in a simulation.
#[allow(clippy::too_many_arguments)]
fn shared_table_search<G, E, R, D, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>(
    pool: &rayon::ThreadPool,
    helpers: &[Mutex<Helper<G, E, MAX_MOVES, MAX_PLY, T, O>>],
    main: &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
    game: &mut G,
    max_depth: u32,
    window: (E::Score, E::Score),
    options: SharedTableOptions<'_>,
    drive: D,
) -> (Result<R, SearchError>, Vec<u64>, u64)
where
    G: Game + Clone + Send,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    E: Evaluator<G> + Clone + Send + Sync,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G> + Clone + Send,
    D: for<'b> FnOnce(
        &mut Engine<G, E, MAX_MOVES, MAX_PLY, T, O>,
        &mut G,
        Links<'b, O>,
        &mut RootSearchFn<'_, Engine<G, E, MAX_MOVES, MAX_PLY, T, O>, G, E::Score, O>,
    ) -> Result<R, SearchError>,
{
    let shared = SharedTable {
        main_depth: AtomicU32::new(0),
        stop: AtomicBool::new(false),
        start: Mutex::new(None),
        finished: Mutex::new(Finished { depth: 0, result: None }),
        interrupt: AtomicBool::new(false),
    };
    let states: Vec<HelperState> = helpers
        .iter()
        .map(|_| HelperState {
            depth: AtomicU32::new(0),
            restart: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        })
        .collect();
    let poll_interval = u64::from(main.config().poll_interval_nodes.max(1));
    let ends_iterations = !options.depth_offsets;
    let share_sorters = ends_iterations;
    let pacer = options.pacer;
    let main_sorter: OnceLock<SharedSorter<G, O>> = OnceLock::new();
    let links = Links {
        busy: options.busy.map(|busy| busy as &dyn MoveMarks),
        pacer: pacer.map(|pacer| pacer as &dyn Pace),
        interrupt: ends_iterations.then_some(&shared.interrupt),
        sorter: share_sorters.then_some(&main_sorter as &dyn SorterExchange<O>),
    };
    let (shared, states) = (&shared, &states);
    // The main thread searches on the calling thread (a small search never wakes the pool);
    // the helpers are spawned into the pool once the search is large enough.
    let result = pool.in_place_scope(|scope| {
        let mut started = false;
        if let Some(pacer) = pacer {
            pacer.bind(pacer.join());
        }
        let result = drive(main, game, links, &mut |main, ctx, game, depth, alpha, beta| {
            if started || ctx.nodes() >= options.min_nodes {
                *lock(&shared.start) = Some((main.sorter().clone(), main.prev_pv.clone()));
            }
            if started {
                // Helpers behind the new depth restart at it.
                shared.main_depth.store(depth, Ordering::Relaxed);
                for state in states {
                    if state.depth.load(Ordering::Relaxed) < depth {
                        state.restart.store(true, Ordering::Relaxed);
                    }
                }
            } else if ctx.nodes() >= options.min_nodes {
                started = true;
                ctx.set_helpers_active(true);
                let common_sorter = std::sync::Arc::new(Mutex::new(main.sorter().clone()));
                if share_sorters {
                    let _ = main_sorter.set(SharedSorter::new(common_sorter.clone()));
                }
                shared.main_depth.store(depth, Ordering::Relaxed);
                for (index, (helper, state)) in helpers.iter().zip(states).enumerate() {
                    let offset = u32::from(options.depth_offsets && index % 2 == 0);
                    let job = HelperJob {
                        shared_sorter: share_sorters
                            .then(|| SharedSorter::new(common_sorter.clone())),
                        root: game.clone(),
                        offset,
                        max_depth,
                        window,
                        links,
                        pacer,
                        poll_interval,
                        ends_iterations,
                    };
                    // Joins here, so that it starts level with the main thread.
                    let slot = pacer.map(LockStep::join);
                    scope.spawn(move |_| {
                        if let (Some(pacer), Some(slot)) = (pacer, slot) {
                            pacer.bind(slot);
                        }
                        let nodes = lock(helper).engine.help(job, shared, state);
                        state.nodes.store(nodes, Ordering::Relaxed);
                        if let Some(pacer) = pacer {
                            pacer.leave();
                        }
                    });
                }
            }
            let searched = main.root_iteration::<true>(ctx, game, depth, alpha, beta);
            if !ends_iterations {
                return searched;
            }
            // The iteration is over for every thread: a helper that completes it now has
            // nothing to report.
            let mut finished = lock(&shared.finished);
            let by_helper = finished.result.take().filter(|_| finished.depth == depth);
            finished.depth = finished.depth.max(depth);
            shared.interrupt.store(false, Ordering::Relaxed);
            drop(finished);
            match (searched, by_helper) {
                (Err(Halt::Interrupted), Some((score, line, reached_horizon))) => {
                    // A helper completed the iteration first: its result is the iteration's.
                    main.pv[0] = line;
                    ctx.set_reached_horizon(reached_horizon);
                    Ok(score)
                }
                (searched, _) => searched,
            }
        });
        shared.stop.store(true, Ordering::Relaxed);
        for state in states {
            state.restart.store(true, Ordering::Relaxed);
        }
        // Leaves last (while its turn lasts), so that a simulated run repeats exactly.
        let main_turns = pacer.map_or(0, LockStep::leave);
        (result, main_turns)
    });
    let (result, main_turns) = result;
    let helper_nodes: Vec<u64> = states.iter().map(|s| s.nodes.load(Ordering::Relaxed)).collect();
    (result, helper_nodes, main_turns)
}

/// The nodes of each thread of a shared-table search that ended `Ok` with `main_nodes` on
/// the main thread (the main thread's first); empty after an error.
/// A result that counts nodes (the whole search's and its statistics'), to which a shared-table
/// search adds its helpers' nodes.
trait NodeTotals {
    /// The nodes counted so far.
    fn nodes(&self) -> u64;
    /// Adds `extra` nodes to both counts.
    fn add_nodes(&mut self, extra: u64);
}

impl<M, S, const P: usize> NodeTotals for SearchResult<M, S, P> {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn add_nodes(&mut self, extra: u64) {
        self.nodes += extra;
        self.stats.nodes += extra;
    }
}

impl<M, S> NodeTotals for WindowResult<M, S> {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn add_nodes(&mut self, extra: u64) {
        self.nodes += extra;
        self.stats.nodes += extra;
    }
}

fn thread_nodes<R>(
    result: &Result<R, SearchError>,
    main_nodes: u64,
    helpers: Vec<u64>,
) -> Vec<u64> {
    match result {
        Ok(_) => core::iter::once(main_nodes).chain(helpers).collect(),
        Err(_) => Vec::new(),
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score> + Send + Sync,
    O: MoveSorter<G> + Clone + Send,
{
    /// A helper thread of a shared-table search (see [`shared_table_search`]): iterative
    /// deepening of the job's root from the main thread's depth (plus the job's offset),
    /// until the main thread's search ends. Returns the nodes it visited.
    fn help(
        &mut self,
        job: HelperJob<'_, G, O, E::Score>,
        shared: &SharedTable<O, G::Move, E::Score, MAX_PLY>,
        state: &HelperState,
    ) -> u64 {
        let HelperJob {
            shared_sorter,
            mut root,
            offset,
            max_depth,
            window: (alpha, beta),
            links,
            pacer,
            poll_interval,
            ends_iterations,
        } = job;
        let mut nodes = 0;
        let mut completed = 0;
        let mut synced = 0;
        let deepest = (max_depth + offset).min(MAX_PLY as u32);
        while !shared.stop.load(Ordering::Relaxed) {
            let main_depth = shared.main_depth.load(Ordering::Relaxed);
            if ends_iterations && completed >= main_depth {
                // This depth is done: wait for the main thread to start the next.
                match pacer {
                    Some(pacer) => pacer.tick(),
                    None => std::thread::yield_now(),
                }
                continue;
            }
            if main_depth != synced {
                // The main thread started a new depth: order as it does from there.
                if let Some((sorter, line)) = lock(&shared.start).as_ref() {
                    self.sorter = sorter.clone();
                    self.prev_pv.clone_from(line);
                }
                if let Some(shared) = &shared_sorter {
                    self.sorter.clone_from(&lock(&shared.common));
                    lock(&shared.base).clone_from(&self.sorter);
                }
                synced = main_depth;
            }
            let depth = (main_depth + offset).max(completed + 1);
            if depth > deepest {
                break;
            }
            state.depth.store(depth, Ordering::Relaxed);
            state.restart.store(false, Ordering::Relaxed);
            // The main thread may have moved on (or ended) before the flag was lowered.
            if shared.main_depth.load(Ordering::Relaxed) != main_depth
                || shared.stop.load(Ordering::Relaxed)
            {
                continue;
            }
            let mut ctx = Context::new(None, poll_interval);
            ctx.abort = Some(&state.restart);
            ctx.links = Links {
                interrupt: None,
                sorter: shared_sorter.as_ref().map(|shared| shared as &dyn SorterExchange<O>),
                ..links
            };
            ctx.set_helpers_active(true);
            ctx.root_side = Some(root.side_to_move());
            let searched = self.root_iteration::<true>(&mut ctx, &mut root, depth, alpha, beta);
            nodes += ctx.nodes();
            match searched {
                Ok(score) => {
                    completed = depth;
                    self.prev_pv.clone_from(&self.pv[0]);
                    if ends_iterations {
                        let mut finished = lock(&shared.finished);
                        if finished.depth < depth {
                            // First to complete it: the main thread takes this result.
                            finished.depth = depth;
                            let horizon = ctx.reached_horizon;
                            finished.result = Some((score, self.pv[0].clone(), horizon));
                            shared.interrupt.store(true, Ordering::Relaxed);
                        }
                    }
                }
                // An error would be the main thread's too, and it reports it.
                Err(_) => {
                    if !state.restart.load(Ordering::Relaxed) {
                        break;
                    }
                }
            }
        }
        nodes
    }
}

#[cfg(test)]
mod tests {
    use core::cell::RefCell;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{mpsc, Arc, Mutex};
    use std::time::Duration;

    use super::ParallelEngine;
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::{Config, Engine, Limits};

    type TicTacToe = ParallelEngine<Board, TicTacToeEval, 9, 9>;

    fn engine(threads: u32) -> TicTacToe {
        let config = Config { threads, ..Config::new() };
        ParallelEngine::new(Engine::new(TicTacToeEval, config)).unwrap()
    }

    /// Counts, in its destructor, the end of the thread that holds it in `EXIT_COUNTER`.
    struct ExitCounter(&'static AtomicUsize);

    impl Drop for ExitCounter {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    std::thread_local! {
        static EXIT_COUNTER: RefCell<Option<ExitCounter>> = const { RefCell::new(None) };
    }

    /// Puts a counter on every worker of `engine`'s pool and returns how many there are.
    fn count_exits(engine: &TicTacToe, exits: &'static AtomicUsize) -> usize {
        let pool = engine.pool.as_ref().and_then(super::Pool::get).unwrap();
        pool.broadcast(|_| EXIT_COUNTER.with(|c| *c.borrow_mut() = Some(ExitCounter(exits))));
        pool.current_num_threads()
    }

    #[test]
    fn dropping_the_engine_waits_until_every_worker_thread_has_ended() {
        for threads in [2, 3] {
            // One counter per engine: tests run in parallel.
            let exits: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
            let mut parallel = engine(threads);
            assert_eq!(count_exits(&parallel, exits), threads as usize);
            let result = parallel.search(&mut Board::new(), &Limits::depth(9)).unwrap();
            assert_eq!(result.score, 0);
            assert_eq!(exits.load(Ordering::SeqCst), 0, "a worker ended while the engine lives");
            drop(parallel);
            // Every worker has ended, its thread-local destructors run, by the time the drop
            // returns: no sleep, no retry.
            assert_eq!(exits.load(Ordering::SeqCst), threads as usize);
        }
    }

    #[test]
    fn dropping_the_engine_on_one_of_its_own_threads_does_not_wait_for_itself() {
        static EXITS: AtomicUsize = AtomicUsize::new(0);
        let parallel = engine(2);
        assert_eq!(count_exits(&parallel, &EXITS), 2);
        let shared = Arc::new(Mutex::new(Some(parallel)));
        let (done, dropped) = mpsc::channel();
        {
            let guard = shared.lock().unwrap();
            let pool = guard.as_ref().and_then(|p| p.pool.as_ref()).and_then(super::Pool::get);
            let shared = Arc::clone(&shared);
            pool.unwrap().spawn(move || {
                let parallel = shared.lock().unwrap().take();
                drop(parallel);
                done.send(()).unwrap();
            });
        }
        dropped.recv_timeout(Duration::from_secs(60)).expect("the drop returned");
        assert!(shared.lock().unwrap().is_none());
        // The workers still end on their own (the one that dropped the engine after its job).
        let waited = std::time::Instant::now();
        while EXITS.load(Ordering::SeqCst) < 2 && waited.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(EXITS.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn one_thread_has_no_pool() {
        let mut parallel = engine(1);
        assert!(parallel.pool.is_none());
        assert_eq!(parallel.threads(), 1);
        assert_eq!(parallel.search(&mut Board::new(), &Limits::depth(9)).unwrap().score, 0);
    }
}
