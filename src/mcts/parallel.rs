//! Threads (`std`): root parallelism and tree parallelism with virtual loss (Chaslot, Winands
//! & van den Herik 2008, "Parallel Monte-Carlo Tree Search").
//!
//! * **Root parallelism**: the arena is cut into one share per thread; each thread grows its
//!   own tree from its own seed on its own copy of the game, with its share of the iteration
//!   budget, and the roots' statistics are merged at the end (visits summed, means weighted
//!   by visits, proofs intersected: each thread's proofs are sound, so all of them hold). No
//!   locks; a thread that proves the root stops the others.
//! * **Tree parallelism**: one tree, the whole arena, under a mutex held while a thread walks
//!   down the tree (and expands a leaf) and while it backs its reward up; playouts run
//!   outside the lock, in parallel. Every node a thread enters counts a loss for its chooser
//!   at once (virtual loss) and the backup replaces it with the real reward, so that the
//!   other threads avoid the same path meanwhile. The arena is not recycled (a full arena
//!   stops growing), and the tree can be reused as in the sequential search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::domain::Domain;
use super::node::{Bounds, Node, Tree, MAX_ARENA_NODES, ROOT};
use super::search::{self, Line, Run};
use super::{fill_counters, ChildStats, Core, MctsError, MctsResult, MctsScheme};
use crate::clock::Limits;

/// The threads a configuration asks for: 0 is the available parallelism.
pub(crate) fn thread_count(threads: u32) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    }
}

/// A thread's seed: the configured one mixed with the thread's index (thread 0 keeps it).
fn seed_for(seed: u64, thread: usize) -> u64 {
    seed ^ (thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// What a thread hands back: its counters (and, for root parallelism, its tree's size).
struct Counters {
    iterations: u64,
    nodes: u64,
    full_expansions: u64,
    depth: u32,
    interrupted: bool,
    used: usize,
}

impl Counters {
    fn of(run: &Run<'_, '_>, used: usize) -> Self {
        Self {
            iterations: run.iterations,
            nodes: run.nodes,
            full_expansions: run.full_expansions,
            depth: run.depth,
            interrupted: run.interrupted,
            used,
        }
    }

    /// The counters of all threads in `run` (whose other fields are unused).
    fn total(all: &[Counters], run: &mut Run<'_, '_>) {
        run.iterations = all.iter().map(|c| c.iterations).sum();
        run.nodes = all.iter().map(|c| c.nodes).sum();
        run.full_expansions = all.iter().map(|c| c.full_expansions).sum();
        run.depth = all.iter().map(|c| c.depth).max().unwrap_or(0);
        run.interrupted = all.iter().any(|c| c.interrupted);
    }
}

impl<A> Core<A> {
    /// A search on `domains.len()` threads, one domain (a copy of the game) each.
    pub(crate) fn search_parallel<M, D, const MAX_MOVES: usize, const MAX_PLY: usize>(
        &mut self,
        domains: Vec<D>,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<M, MAX_MOVES, MAX_PLY>, MctsError>
    where
        M: Copy + Send,
        A: AsMut<[Node<M>]>,
        D: Domain<Move = M> + Send,
    {
        self.check(limits)?;
        let threads = domains.len();
        let mut result = match self.config.scheme {
            MctsScheme::Tree => self.tree_parallel::<M, D, MAX_MOVES, MAX_PLY>(domains, limits),
            _ => self.root_parallel::<M, D, MAX_MOVES, MAX_PLY>(domains, limits),
        }?;
        result.threads = threads as u32;
        Ok(result)
    }

    fn root_parallel<M, D, const MAX_MOVES: usize, const MAX_PLY: usize>(
        &mut self,
        domains: Vec<D>,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<M, MAX_MOVES, MAX_PLY>, MctsError>
    where
        M: Copy + Send,
        A: AsMut<[Node<M>]>,
        D: Domain<Move = M> + Send,
    {
        let start = limits.clock.map_or(0, |clock| clock.now_micros());
        let budget = limits.max_iterations.unwrap_or(u64::MAX);
        // A budget below the thread count runs on as many threads as it has iterations (one
        // each; a budget of 0 on one thread, which runs none): a thread never runs more than
        // its share, and the budget is spent exactly.
        let threads =
            domains.len().max(1).min(usize::try_from(budget.max(1)).unwrap_or(usize::MAX));
        let config = self.config;
        // Root parallelism keeps no tree: each search cuts the arena afresh.
        self.used = 0;
        self.root_key = None;
        let nodes = self.arena.as_mut();
        let len = nodes.len().min(MAX_ARENA_NODES);
        let share = (len / threads).max(1);
        let abort = AtomicBool::new(false);
        let mut bodies = Vec::with_capacity(threads);
        for (thread, (chunk, mut domain)) in
            nodes[..len].chunks_mut(share).zip(domains.into_iter().take(threads)).enumerate()
        {
            let abort = &abort;
            let iterations = if budget == u64::MAX {
                budget
            } else {
                budget / threads as u64 + u64::from((thread as u64) < budget % threads as u64)
            };
            bodies.push(move || {
                let seed = seed_for(config.seed, thread);
                let mut run = Run::new(limits, config, seed, start, iterations);
                run.abort = Some(abort);
                let mut tree = Tree::new(chunk, 0);
                tree.clear();
                let outcome = search::prepare_root::<D, MAX_MOVES>(&mut tree, &domain, &mut run)
                    .and_then(|live| {
                        if live {
                            search::iterate::<D, MAX_MOVES, MAX_PLY>(
                                &mut tree,
                                &mut domain,
                                &mut run,
                            )?;
                        }
                        Ok(live)
                    });
                let solved = run.solver::<D>() && tree.nodes[ROOT].bounds().is_solved();
                if outcome.is_err() || solved {
                    abort.store(true, Ordering::Relaxed);
                }
                outcome.map(|live| (Counters::of(&run, tree.used), live))
            });
        }
        let outcomes = run_threads(bodies, &abort).map_err(|error| match error {
            MctsError::ArenaTooSmall { needed, .. } if threads > 1 => {
                MctsError::ArenaShareTooSmall { capacity: len, threads, needed }
            }
            error => error,
        })?;
        let live = outcomes.iter().any(|&(_, live)| live);
        let counters: Vec<Counters> = outcomes.into_iter().map(|(c, _)| c).collect();
        let trees: Vec<Tree<'_, M>> = nodes[..len]
            .chunks_mut(share)
            .zip(&counters)
            .map(|(chunk, c)| Tree::new(chunk, c.used))
            .collect();
        let solver = D::TWO_PLAYER && config.solver;
        let mut result =
            if live { merge(&trees, solver) } else { search::result(&trees[0], solver) };
        let mut run = Run::new(limits, config, config.seed, start, budget);
        Counters::total(&counters, &mut run);
        fill_counters(&mut result, &run, limits, start);
        result.tree_nodes = counters.iter().map(|c| c.used).sum();
        result.arena_capacity = len;
        Ok(result)
    }

    fn tree_parallel<M, D, const MAX_MOVES: usize, const MAX_PLY: usize>(
        &mut self,
        mut domains: Vec<D>,
        limits: &Limits<'_>,
    ) -> Result<MctsResult<M, MAX_MOVES, MAX_PLY>, MctsError>
    where
        M: Copy + Send,
        A: AsMut<[Node<M>]>,
        D: Domain<Move = M> + Send,
    {
        let start = limits.clock.map_or(0, |clock| clock.now_micros());
        let config = self.config;
        let threads = domains.len();
        let Some(first) = domains.first() else { return Err(MctsError::Threads) };
        let key = first.key();
        let reuse = config.tree_reuse && self.root_key == Some(key);
        self.root_key = None;
        let mut tree = Tree::new(self.arena.as_mut(), self.used);
        if !reuse {
            tree.clear();
        }
        let budget = limits.max_iterations.unwrap_or(u64::MAX);
        let mut run = Run::new(limits, config, config.seed, start, budget);
        let live = match search::prepare_root::<D, MAX_MOVES>(&mut tree, first, &mut run) {
            Ok(live) => live,
            Err(error) => {
                self.used = tree.used;
                return Err(error);
            }
        };
        let solver = D::TWO_PLAYER && config.solver;
        let shared = Mutex::new((tree, 0u64));
        let abort = AtomicBool::new(false);
        let mut bodies = Vec::with_capacity(threads);
        for (thread, mut domain) in domains.drain(..).enumerate() {
            let (shared, abort) = (&shared, &abort);
            bodies.push(move || {
                let seed = seed_for(config.seed, thread);
                let mut run = Run::new(limits, config, seed, start, budget);
                run.abort = Some(abort);
                run.root_player = domain.mover(0)?;
                let outcome =
                    tree_thread::<M, D, MAX_MOVES, MAX_PLY>(shared, &mut domain, &mut run);
                if outcome.is_err() {
                    abort.store(true, Ordering::Relaxed);
                }
                outcome.map(|()| Counters::of(&run, 0))
            });
        }
        let outcomes = if live { run_threads(bodies, &abort) } else { Ok(Vec::new()) };
        let (tree, _) = shared.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.used = tree.used;
        let counters = outcomes?;
        if config.tree_reuse {
            self.root_key = Some(key);
        }
        let mut result = search::result(&tree, solver);
        Counters::total(&counters, &mut run);
        fill_counters(&mut result, &run, limits, start);
        Ok(result)
    }
}

/// Runs each of `bodies` on a thread of its own and returns their results in order, or the
/// first error; a thread that cannot be started raises `abort` (the others stop at their next
/// iteration) and makes the whole call fail with [`MctsError::Threads`].
fn run_threads<'env, T, F>(bodies: Vec<F>, abort: &AtomicBool) -> Result<Vec<T>, MctsError>
where
    T: Send + 'env,
    F: FnOnce() -> Result<T, MctsError> + Send + 'env,
{
    let count = bodies.len();
    let outcomes: Vec<Result<T, MctsError>> = std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(count);
        for body in bodies {
            match std::thread::Builder::new().spawn_scoped(scope, body) {
                Ok(handle) => handles.push(handle),
                Err(_) => {
                    abort.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        handles.into_iter().map(|h| h.join().unwrap_or(Err(MctsError::Threads))).collect()
    });
    if outcomes.len() < count {
        return Err(MctsError::Threads);
    }
    outcomes.into_iter().collect()
}

/// One thread of the tree-parallel search: descents and backups under the lock, playouts
/// outside it.
fn tree_thread<M, D, const MAX_MOVES: usize, const MAX_PLY: usize>(
    shared: &Mutex<(Tree<'_, M>, u64)>,
    domain: &mut D,
    run: &mut Run<'_, '_>,
) -> Result<(), MctsError>
where
    M: Copy,
    D: Domain<Move = M>,
{
    let lock = || shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut line = Line::<D, MAX_PLY>::new();
    loop {
        let reached = {
            let mut guard = lock();
            let (tree, started) = &mut *guard;
            if run.solver::<D>() && tree.nodes[ROOT].bounds().is_solved() {
                return Ok(());
            }
            if *started >= run.max_iterations {
                return Ok(());
            }
            *started += 1;
            search::descend::<D, MAX_MOVES, MAX_PLY>(tree, domain, run, &mut line, true)
        };
        let outcome = reached.and_then(|reached| {
            search::simulate_reached::<D, MAX_MOVES, MAX_PLY>(domain, run, &mut line, reached)
        });
        if let Ok((rewards, proven_leaf)) = &outcome {
            let mut guard = lock();
            search::backup::<D>(&mut guard.0, run, &line.path, rewards, *proven_leaf, true);
        }
        let visited = line.unwind(domain);
        outcome?;
        run.iterations += 1;
        if run.spend(visited) {
            run.interrupted = true;
            return Ok(());
        }
        if run.aborted() {
            return Ok(());
        }
    }
}

/// The result of root parallelism: the roots' children merged (visits summed, means
/// weighted by visits, proofs intersected), the best move chosen from them, and the line of
/// the thread that visited it most.
fn merge<M: Copy, const MAX_MOVES: usize, const MAX_PLY: usize>(
    trees: &[Tree<'_, M>],
    solver: bool,
) -> MctsResult<M, MAX_MOVES, MAX_PLY> {
    let mut result = search::result::<M, MAX_MOVES, MAX_PLY>(&trees[0], solver);
    let count = trees[0].children(ROOT).len();
    let mut merged: Vec<(u32, f32, Bounds)> = Vec::with_capacity(count);
    for i in 0..count {
        let (mut visits, mut sum, mut bounds) = (0u32, 0f64, Bounds::UNKNOWN);
        for tree in trees {
            let node = &tree.nodes[tree.children(ROOT).start + i];
            visits = visits.saturating_add(node.visits());
            sum += f64::from(node.mean()) * f64::from(node.visits());
            bounds = bounds.intersect(node.bounds());
        }
        let mean = if visits == 0 { 0.0 } else { (sum / f64::from(visits)) as f32 };
        merged.push((visits, mean, if solver { bounds } else { Bounds::UNKNOWN }));
    }
    let mut root = Bounds::UNKNOWN;
    for tree in trees {
        root = root.intersect(tree.nodes[ROOT].bounds());
    }
    let best = search::choose(count, |i| merged[i]);
    for (stats, &(visits, value, bounds)) in result.children.iter_mut().zip(&merged) {
        *stats = ChildStats { mv: stats.mv, visits, value, proven: search::proven(bounds) };
    }
    result.best_move = best.map(|i| result.children[i].mv);
    result.value = best.map_or(0.0, |i| match result.children[i].proven {
        Some(outcome) => outcome.value() as f32,
        None => result.children[i].value,
    });
    result.proven = if solver { search::proven(root) } else { None };
    result.pv = match best {
        Some(i) => {
            let deepest = trees
                .iter()
                .max_by_key(|tree| tree.nodes[tree.children(ROOT).start + i].visits())
                .unwrap_or(&trees[0]);
            search::line_from(deepest, Some(deepest.children(ROOT).start + i))
        }
        None => heapless::Vec::new(),
    };
    result
}
