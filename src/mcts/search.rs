//! One search on one tree: the iterations (selection, expansion, simulation, backup), the
//! solver's proofs, the budget, and the result read from the tree.

use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

use super::domain::{Domain, Rewards};
use super::node::{prior_bits, Bounds, Tree, ROOT};
use super::{ChildStats, Leaf, MctsConfig, MctsError, MctsResult, Outcome, WhenFull};
use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::MoveList;
use crate::multiplayer::MAX_PLAYERS;

/// The counters and the budget of one search on one thread.
pub(crate) struct Run<'l, 'c> {
    pub(crate) limits: &'l Limits<'c>,
    pub(crate) config: MctsConfig,
    pub(crate) start_micros: u64,
    /// Iterations this run may do (its share of the limits' budget).
    pub(crate) max_iterations: u64,
    /// Positions left before the next poll of the clock and the stop flag.
    countdown: u64,
    pub(crate) iterations: u64,
    pub(crate) nodes: u64,
    pub(crate) full_expansions: u64,
    pub(crate) recyclings: u32,
    pub(crate) depth: u32,
    /// The clock or the stop flag ended the run.
    pub(crate) interrupted: bool,
    /// The arena was found full: recycle before the next iteration.
    recycle_pending: bool,
    pub(crate) rng: XorShiftRng,
    /// The player to move at the root (its index; 0 for two-player games).
    pub(crate) root_player: usize,
    /// Raised by another thread of a parallel search that is done (it proved the root, or
    /// failed): this one stops at its next iteration.
    pub(crate) abort: Option<&'l core::sync::atomic::AtomicBool>,
}

impl<'l, 'c> Run<'l, 'c> {
    pub(crate) fn new(
        limits: &'l Limits<'c>,
        config: MctsConfig,
        seed: u64,
        start_micros: u64,
        max_iterations: u64,
    ) -> Self {
        Self {
            limits,
            config,
            start_micros,
            max_iterations,
            countdown: u64::from(config.poll_interval_nodes.max(1)),
            iterations: 0,
            nodes: 0,
            full_expansions: 0,
            recyclings: 0,
            depth: 0,
            interrupted: false,
            recycle_pending: false,
            rng: XorShiftRng::seed_from_u64(seed),
            root_player: 0,
            abort: None,
        }
    }

    /// Counts `nodes` positions; `true` when a poll finds the time up or the stop flag raised.
    pub(crate) fn spend(&mut self, nodes: u64) -> bool {
        self.nodes += nodes;
        if nodes < self.countdown {
            self.countdown -= nodes;
            return false;
        }
        // The positions past the poll count towards the next one, so that polls come every
        // `poll_interval_nodes` positions on average (a node-counting clock then counts).
        let interval = u64::from(self.config.poll_interval_nodes.max(1));
        self.countdown = interval - (nodes - self.countdown) % interval;
        time_is_up(self.limits, self.start_micros)
    }

    /// Whether another thread asked this one to stop.
    pub(crate) fn aborted(&self) -> bool {
        self.abort.is_some_and(|abort| abort.load(core::sync::atomic::Ordering::Relaxed))
    }

    pub(crate) fn solver<D: Domain>(&self) -> bool {
        D::TWO_PLAYER && self.config.solver
    }

    pub(crate) fn minimax<D: Domain>(&self) -> bool {
        D::TWO_PLAYER && self.config.implicit_minimax > 0.0
    }
}

/// Whether the limits' time is used up (a clock reading below the start counts as used up)
/// or their stop flag is raised.
pub(crate) fn time_is_up(limits: &Limits<'_>, start_micros: u64) -> bool {
    if limits.stop_raised() {
        return true;
    }
    match (limits.clock, limits.time_limit_micros) {
        (Some(clock), Some(limit)) => {
            clock.now_micros().checked_sub(start_micros).is_none_or(|elapsed| elapsed >= limit)
        }
        _ => false,
    }
}

/// Prepares the root: a terminal root or one without moves gives `Ok(false)`; otherwise its
/// children are allocated (an empty or foreign tree is cleared first) and `Ok(true)`.
pub(crate) fn prepare_root<D: Domain, const MAX_MOVES: usize>(
    tree: &mut Tree<'_, D::Move>,
    game: &D,
    run: &mut Run<'_, '_>,
) -> Result<bool, MctsError> {
    run.root_player = game.mover(0)?;
    if tree.used == 0 {
        tree.clear();
    }
    if tree.capacity() == 0 {
        return Err(MctsError::ArenaTooSmall { capacity: 0, needed: 1 });
    }
    if game.is_terminal() {
        return Ok(false);
    }
    if tree.nodes[ROOT].is_expanded() {
        return Ok(true);
    }
    let mut moves = MoveList::<D::Move, MAX_MOVES>::new();
    generate(game, &mut moves, 0)?;
    if moves.is_empty() {
        return Ok(false);
    }
    if !expand::<D, MAX_MOVES>(tree, game, ROOT, moves.as_slice()) {
        return Err(MctsError::ArenaTooSmall {
            capacity: tree.capacity(),
            needed: 1 + moves.len(),
        });
    }
    Ok(true)
}

/// The game's moves, or the overflow error.
fn generate<D: Domain, const N: usize>(
    game: &D,
    moves: &mut MoveList<D::Move, N>,
    ply: u32,
) -> Result<(), MctsError> {
    moves.clear();
    game.generate(moves);
    if moves.overflowed() {
        return Err(SearchError::MoveListOverflow { capacity: N, ply }.into());
    }
    Ok(())
}

/// Gives `node` one child per move, with the game's priors. `false` when the arena has no
/// room.
fn expand<D: Domain, const MAX_MOVES: usize>(
    tree: &mut Tree<'_, D::Move>,
    game: &D,
    node: usize,
    moves: &[D::Move],
) -> bool {
    if !tree.expand(node, moves) {
        return false;
    }
    if D::PRIORS {
        let mut weights = [0f32; MAX_MOVES];
        let weights = &mut weights[..moves.len()];
        game.priors(moves, weights);
        normalise(weights);
        for (child, &weight) in tree.children(node).zip(weights.iter()) {
            tree.nodes[child].set_prior(prior_bits(weight));
        }
    }
    true
}

/// Scales non-negative finite weights to sum to 1; anything else gives equal weights.
fn normalise(weights: &mut [f32]) {
    let sum: f32 = weights.iter().sum();
    let valid = weights.iter().all(|w| w.is_finite() && *w >= 0.0);
    if valid && sum > 0.0 && sum.is_finite() {
        weights.iter_mut().for_each(|w| *w /= sum);
    } else {
        let equal = 1.0 / weights.len().max(1) as f32;
        weights.iter_mut().for_each(|w| *w = equal);
    }
}

/// One step of the path from the root: the node entered and the player who chose it.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    node: u32,
    chooser: u8,
}

/// Runs iterations on `tree` until the budget, the clock or the stop flag ends them, or the
/// solver proves the root. The root must be prepared ([`prepare_root`]).
pub(crate) fn iterate<D: Domain, const MAX_MOVES: usize, const MAX_PLY: usize>(
    tree: &mut Tree<'_, D::Move>,
    game: &mut D,
    run: &mut Run<'_, '_>,
) -> Result<(), MctsError> {
    loop {
        if run.solver::<D>() && tree.nodes[ROOT].bounds().is_solved() {
            return Ok(());
        }
        if run.iterations >= run.max_iterations {
            return Ok(());
        }
        if run.recycle_pending {
            run.recycle_pending = false;
            recycle(tree, run);
        }
        let nodes = one_iteration::<D, MAX_MOVES, MAX_PLY>(tree, game, run)?;
        run.iterations += 1;
        if run.spend(nodes) {
            run.interrupted = true;
            return Ok(());
        }
        if run.aborted() {
            return Ok(());
        }
    }
}

/// Frees at least a quarter of the arena by dropping the children of the least-visited nodes
/// (the smallest power-of-two visit threshold that does it).
/// The root's children always stay (the threshold never exceeds the root's visits).
fn recycle<M: Copy>(tree: &mut Tree<'_, M>, run: &mut Run<'_, '_>) {
    let target = tree.capacity() - tree.capacity() / 4;
    let root_visits = tree.nodes[ROOT].visits();
    let mut threshold = 2u32.min(root_visits.max(1));
    while threshold < root_visits && tree.kept_by(threshold) > target {
        threshold = threshold.saturating_mul(2).min(root_visits);
    }
    tree.recycle(threshold);
    run.recyclings += 1;
}

/// The path of one iteration: the tree nodes entered below the root (with their choosers),
/// and every move made from the root (the tree's, then the playout's) with its undo record.
pub(crate) struct Line<D: Domain, const MAX_PLY: usize> {
    pub(crate) path: heapless::Vec<Step, MAX_PLY>,
    pub(crate) moves: heapless::Vec<(D::Move, D::Undo), MAX_PLY>,
}

impl<D: Domain, const MAX_PLY: usize> Line<D, MAX_PLY> {
    pub(crate) const fn new() -> Self {
        Self { path: heapless::Vec::new(), moves: heapless::Vec::new() }
    }

    /// Takes every move back: the game is at the root again. Returns the moves there were.
    pub(crate) fn unwind(&mut self, game: &mut D) -> u64 {
        let made = self.moves.len() as u64;
        while let Some((mv, undo)) = self.moves.pop() {
            game.unmake(mv, undo);
        }
        self.path.clear();
        made
    }
}

/// What the descent found at its end.
pub(crate) enum Reached {
    /// A proven node: its rewards, nothing to simulate.
    Proven(Rewards),
    /// A leaf to simulate.
    Leaf,
}

/// One iteration: returns the positions it visited. The game is back at the root afterwards,
/// error or not.
fn one_iteration<D: Domain, const MAX_MOVES: usize, const MAX_PLY: usize>(
    tree: &mut Tree<'_, D::Move>,
    game: &mut D,
    run: &mut Run<'_, '_>,
) -> Result<u64, MctsError> {
    let mut line = Line::<D, MAX_PLY>::new();
    let outcome =
        descend::<D, MAX_MOVES, MAX_PLY>(tree, game, run, &mut line, false).and_then(|reached| {
            simulate_reached::<D, MAX_MOVES, MAX_PLY>(game, run, &mut line, reached)
        });
    if let Ok((rewards, proven_leaf)) = &outcome {
        backup::<D>(tree, run, &line.path, rewards, *proven_leaf, false);
    }
    let visited = line.unwind(game);
    outcome.map(|_| visited)
}

/// The rewards of what the descent reached, and whether a leaf was newly proven: a proven
/// node's value, or the simulation of a leaf.
pub(crate) fn simulate_reached<D: Domain, const MAX_MOVES: usize, const MAX_PLY: usize>(
    game: &mut D,
    run: &mut Run<'_, '_>,
    line: &mut Line<D, MAX_PLY>,
    reached: Reached,
) -> Result<(Rewards, bool), MctsError> {
    match reached {
        Reached::Proven(rewards) => Ok((rewards, false)),
        Reached::Leaf => {
            let mut rewards: Rewards = [0.0; MAX_PLAYERS];
            let terminal =
                simulate::<D, MAX_MOVES, MAX_PLY>(game, run, &mut line.moves, &mut rewards)?;
            Ok((rewards, run.solver::<D>() && terminal))
        }
    }
}

/// Selection and expansion: walks the tree from the root, making the moves on `game`, into
/// `line`, and expands the leaf it ends at if it was visited before. With `virtual_loss`
/// (tree parallelism) every node entered, the root included, counts a loss at once.
pub(crate) fn descend<D: Domain, const MAX_MOVES: usize, const MAX_PLY: usize>(
    tree: &mut Tree<'_, D::Move>,
    game: &mut D,
    run: &mut Run<'_, '_>,
    line: &mut Line<D, MAX_PLY>,
    virtual_loss: bool,
) -> Result<Reached, MctsError> {
    let solver = run.solver::<D>();
    let mut moves = MoveList::<D::Move, MAX_MOVES>::new();
    let mut node = ROOT;
    let mut mover = run.root_player;
    if virtual_loss {
        tree.nodes[ROOT].add_virtual_loss();
    }
    loop {
        let ply = line.path.len() as u32;
        if node != ROOT {
            let here = &tree.nodes[node];
            let bounds = here.bounds();
            if solver && bounds.is_solved() {
                // A proven node: its value, no simulation.
                let chooser = usize::from(line.path.last().map_or(0, |s| s.chooser));
                let mut rewards: Rewards = [0.0; MAX_PLAYERS];
                rewards[chooser] = f32::from(bounds.lower);
                rewards[1 - chooser] = -f32::from(bounds.lower);
                return Ok(Reached::Proven(rewards));
            }
            if line.moves.is_full() {
                break;
            }
            if !here.is_expanded() {
                // A leaf: simulate from it on its first visit, expand it on the next (with
                // virtual loss, this descent's own visit is already counted).
                if here.visits() <= u32::from(virtual_loss) {
                    break;
                }
                if game.is_terminal() {
                    break;
                }
                generate(game, &mut moves, ply)?;
                if moves.is_empty() {
                    break;
                }
                if !expand::<D, MAX_MOVES>(tree, game, node, moves.as_slice()) {
                    run.full_expansions += 1;
                    run.recycle_pending = run.config.when_full == WhenFull::Recycle;
                    break;
                }
                if run.minimax::<D>() {
                    evaluate_children(tree, game, run, node, mover, ply)?;
                }
            }
        }
        let child =
            select::<D::Move>(tree, node, &run.config, solver, D::PRIORS, run.minimax::<D>());
        let mv = tree.nodes[child].mv();
        let undo = game.make(mv);
        // Cannot fail: the line is shorter than MAX_PLY here (checked above at every node
        // but the root, which is ply 0 of a MAX_PLY of at least 1).
        let _ = line.moves.push((mv, undo));
        let _ = line.path.push(Step { node: child as u32, chooser: mover as u8 });
        if virtual_loss {
            tree.nodes[child].add_virtual_loss();
        }
        node = child;
        mover = game.mover(ply + 1)?;
        run.depth = run.depth.max(ply + 1);
    }
    Ok(Reached::Leaf)
}

/// Scores the leaf reached by `line`: a playout, or the evaluator. `Ok(true)` when the leaf
/// itself is terminal (or has no moves): its rewards are then its exact value.
fn simulate<D: Domain, const MAX_MOVES: usize, const MAX_PLY: usize>(
    game: &mut D,
    run: &mut Run<'_, '_>,
    line: &mut heapless::Vec<(D::Move, D::Undo), MAX_PLY>,
    rewards: &mut Rewards,
) -> Result<bool, MctsError> {
    let leaf_ply = line.len();
    let limit = leaf_ply.saturating_add(run.config.playout_limit as usize).min(MAX_PLY);
    let mut moves = MoveList::<D::Move, MAX_MOVES>::new();
    loop {
        let ply = line.len() as u32;
        let at_leaf = line.len() == leaf_ply;
        if game.is_terminal() {
            game.rewards(ply, rewards)?;
            return Ok(at_leaf);
        }
        if (at_leaf && run.config.leaf == Leaf::Evaluator) || line.len() >= limit {
            game.rewards(ply, rewards)?;
            return Ok(false);
        }
        generate(game, &mut moves, ply)?;
        if moves.is_empty() {
            game.rewards(ply, rewards)?;
            return Ok(at_leaf);
        }
        // Lemire's multiply-shift: a uniform index without a division.
        let pick = ((u64::from(run.rng.next_u32()) * moves.len() as u64) >> 32) as usize;
        let mv = moves.as_slice()[pick];
        let undo = game.make(mv);
        let _ = line.push((mv, undo));
    }
}

/// Implicit minimax (Lanctot et al. 2014): the evaluator's reward of every child of `node`,
/// for `mover` (their chooser).
fn evaluate_children<D: Domain>(
    tree: &mut Tree<'_, D::Move>,
    game: &mut D,
    run: &mut Run<'_, '_>,
    node: usize,
    mover: usize,
    ply: u32,
) -> Result<(), MctsError> {
    let mut rewards: Rewards = [0.0; MAX_PLAYERS];
    for child in tree.children(node) {
        let mv = tree.nodes[child].mv();
        let undo = game.make(mv);
        let scored = game.rewards(ply + 1, &mut rewards);
        game.unmake(mv, undo);
        scored?;
        tree.nodes[child].set_minimax(rewards[mover]);
    }
    run.nodes += tree.children(node).len() as u64;
    Ok(())
}

/// The child of `parent` to descend into: UCT, with the solver's pruning, implicit minimax
/// and progressive bias as configured. Unvisited children first (the highest prior first).
fn select<M: Copy>(
    tree: &Tree<'_, M>,
    parent: usize,
    config: &MctsConfig,
    solver: bool,
    priors: bool,
    minimax: bool,
) -> usize {
    let children = tree.children(parent);
    // The best proven lower bound among the children: children that cannot beat it are
    // not worth a visit (score-bounded MCTS, Cazenave & Saffidine 2011).
    let secured = if solver {
        tree.nodes[children.clone()].iter().map(|c| c.bounds().lower).max().unwrap_or(-1)
    } else {
        -1
    };
    let prunable = |b: Bounds| solver && (b.is_solved() || (b.upper <= secured && secured > -1));
    let log_visits = libm::logf(tree.nodes[parent].visits().max(1) as f32);
    let alpha = config.implicit_minimax;
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    let mut first_unvisited: Option<(usize, f32)> = None;
    for index in children.clone() {
        let child = &tree.nodes[index];
        if prunable(child.bounds()) {
            continue;
        }
        let visits = child.visits();
        if visits == 0 {
            let prior = child.prior();
            if first_unvisited.is_none_or(|(_, p)| prior > p) {
                first_unvisited = Some((index, prior));
            }
            continue;
        }
        if first_unvisited.is_some() {
            continue;
        }
        let n = visits as f32;
        let mut q = (child.mean() + 1.0) * 0.5;
        if minimax {
            q = (1.0 - alpha) * q + alpha * (child.minimax() + 1.0) * 0.5;
        }
        let mut score = q + config.exploration * libm::sqrtf(log_visits / n);
        if priors {
            score += config.prior_weight * child.prior() / (n + 1.0);
        }
        if score > best_score {
            best_score = score;
            best = Some(index);
        }
    }
    if let Some((index, _)) = first_unvisited {
        return index;
    }
    // Nothing selectable means the parent is solved, which the caller checks first; keep a
    // sound fallback anyway.
    best.unwrap_or_else(|| most_visited(tree, children))
}

fn most_visited<M>(tree: &Tree<'_, M>, children: core::ops::Range<usize>) -> usize {
    let start = children.start;
    children.max_by_key(|&i| (tree.nodes[i].visits(), core::cmp::Reverse(i))).unwrap_or(start)
}

/// Backs `rewards` up the path: every node on it counts the iteration with its chooser's
/// reward; a newly proven leaf's proof is propagated up while it changes its ancestors'.
/// With `virtual_loss`, the path's virtual losses are replaced by the rewards.
pub(crate) fn backup<D: Domain>(
    tree: &mut Tree<'_, D::Move>,
    run: &Run<'_, '_>,
    path: &[Step],
    rewards: &Rewards,
    proven_leaf: bool,
    virtual_loss: bool,
) {
    let record = |node: &mut super::node::Node<D::Move>, reward: f32| {
        if virtual_loss {
            node.settle_virtual_loss(reward);
        } else {
            node.record(reward);
        }
    };
    for step in path {
        record(&mut tree.nodes[step.node as usize], rewards[usize::from(step.chooser)]);
    }
    record(&mut tree.nodes[ROOT], rewards[run.root_player]);
    if proven_leaf {
        if let Some(leaf) = path.last() {
            let chooser = usize::from(leaf.chooser);
            let value = rewards[chooser];
            let exact = if value > 0.0 {
                1
            } else if value < 0.0 {
                -1
            } else {
                0
            };
            tree.nodes[leaf.node as usize].set_bounds(Bounds::exact(exact));
            propagate_proof(tree, run, path);
        }
    }
    if run.minimax::<D>() {
        propagate_minimax(tree, run, path);
    }
}

/// After the last node of `path` changed its bounds: the bounds of its ancestors, from the
/// bottom up, while they change. A node's bounds for the player to move there are the best
/// lower and upper bounds of its children (which are stored for that player), kept within
/// what was proven before.
fn propagate_proof<M: Copy>(tree: &mut Tree<'_, M>, run: &Run<'_, '_>, path: &[Step]) {
    for level in (0..path.len()).rev() {
        // The parent of path[level], the player to move there, and the parent's chooser.
        let (parent, chooser) = match level.checked_sub(1) {
            Some(up) => (path[up].node as usize, usize::from(path[up].chooser)),
            None => (ROOT, run.root_player),
        };
        let mover = usize::from(path[level].chooser);
        let Some(from_children) = tree.bounds_from_children(parent) else { return };
        let stored = tree.nodes[parent].bounds();
        let same = chooser == mover;
        let old = if same { stored } else { stored.negated() };
        let new = old.intersect(from_children);
        if new == old {
            return;
        }
        tree.nodes[parent].set_bounds(if same { new } else { new.negated() });
    }
}

/// Implicit minimax backups: each node on the path takes the best minimax value of its
/// children, for the player to move there, stored for its chooser.
fn propagate_minimax<M: Copy>(tree: &mut Tree<'_, M>, run: &Run<'_, '_>, path: &[Step]) {
    for level in (0..path.len()).rev() {
        let (parent, chooser) = match level.checked_sub(1) {
            Some(up) => (path[up].node as usize, usize::from(path[up].chooser)),
            None => (ROOT, run.root_player),
        };
        let mover = usize::from(path[level].chooser);
        let best = tree.nodes[tree.children(parent)]
            .iter()
            .map(|c| c.minimax())
            .fold(f32::NEG_INFINITY, f32::max);
        tree.nodes[parent].set_minimax(if chooser == mover { best } else { -best });
    }
}

/// The move to play among `count` children whose visits, mean and bounds `stat` gives: a
/// proven win if there is one (the most visited); else, among the children not proven worse
/// than the best proven lower bound of them all (the ones that secure it, when there is one;
/// otherwise the ones not proven lost), the most visited, then the higher mean, then the
/// first.
pub(crate) fn choose(count: usize, stat: impl Fn(usize) -> (u32, f32, Bounds)) -> Option<usize> {
    let secured = (0..count).map(|i| stat(i).2.lower).max()?;
    let eligible = |b: Bounds| {
        if secured > -1 {
            b.lower >= secured
        } else {
            b.upper > -1
        }
    };
    let any_eligible = (0..count).any(|i| eligible(stat(i).2));
    let mut best: Option<(usize, u32, f32)> = None;
    for i in 0..count {
        let (visits, mean, bounds) = stat(i);
        if any_eligible && !eligible(bounds) {
            continue;
        }
        if best.is_none_or(|(_, v, m)| (visits, mean) > (v, m)) {
            best = Some((i, visits, mean));
        }
    }
    best.map(|(i, _, _)| i)
}

/// The child of `parent` to play ([`choose`]).
pub(crate) fn best_child<M: Copy>(tree: &Tree<'_, M>, parent: usize) -> Option<usize> {
    let children = tree.children(parent);
    let nodes = &tree.nodes[children.clone()];
    choose(nodes.len(), |i| (nodes[i].visits(), nodes[i].mean(), nodes[i].bounds()))
        .map(|i| children.start + i)
}

/// The principal line from `node` down: its move, then the best child's, and so on.
pub(crate) fn line_from<M: Copy, const MAX_PLY: usize>(
    tree: &Tree<'_, M>,
    node: Option<usize>,
) -> heapless::Vec<M, MAX_PLY> {
    let mut pv = heapless::Vec::new();
    let mut at = node;
    while let Some(node) = at {
        if pv.push(tree.nodes[node].mv()).is_err() {
            break;
        }
        at = best_child(tree, node);
    }
    pv
}

pub(crate) fn proven(bounds: Bounds) -> Option<Outcome> {
    bounds.is_solved().then(|| Outcome::from_value(bounds.lower))
}

/// The result read from the tree after a search.
pub(crate) fn result<M: Copy, const MAX_MOVES: usize, const MAX_PLY: usize>(
    tree: &Tree<'_, M>,
    solver: bool,
) -> MctsResult<M, MAX_MOVES, MAX_PLY> {
    let mut children = heapless::Vec::new();
    for index in tree.children(ROOT) {
        let child = &tree.nodes[index];
        let stats = ChildStats {
            mv: child.mv(),
            visits: child.visits(),
            value: child.mean(),
            proven: if solver { proven(child.bounds()) } else { None },
        };
        // Cannot fail: the root has at most MAX_MOVES children.
        let _ = children.push(stats);
    }
    let best = best_child(tree, ROOT);
    let value = best.map_or(0.0, |b| {
        let node = &tree.nodes[b];
        match proven(node.bounds()).filter(|_| solver) {
            Some(outcome) => outcome.value() as f32,
            None => node.mean(),
        }
    });
    let pv = line_from(tree, best);
    let root_bounds = if tree.used > 0 { tree.nodes[ROOT].bounds() } else { Bounds::UNKNOWN };
    MctsResult {
        best_move: best.map(|b| tree.nodes[b].mv()),
        value,
        proven: if solver { proven(root_bounds) } else { None },
        children,
        pv,
        iterations: 0,
        nodes: 0,
        tree_nodes: tree.used,
        arena_capacity: tree.capacity(),
        full_expansions: 0,
        recyclings: 0,
        depth: 0,
        completed: true,
        elapsed_micros: None,
        threads: 1,
    }
}
