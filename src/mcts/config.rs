//! The configuration of a Monte Carlo tree search.

// For the documentation.
#[cfg(doc)]
use crate::{clock::Limits, game::Evaluator, mcts::Mcts};

/// What a new leaf of the tree is scored with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Leaf {
    /// A random playout: uniformly random moves from the leaf (a seeded `rand_xorshift`
    /// generator) until the game ends or [`MctsConfig::playout_limit`] plies were played,
    /// then the evaluator's score of the last position. The default.
    #[default]
    Playout,
    /// The [`Evaluator`]'s score of the leaf itself, no playout: for games with a good
    /// heuristic, whose random playouts say little.
    Evaluator,
}

/// What the search does when the arena has no room for a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum WhenFull {
    /// Stop growing the tree and keep sampling: leaves that cannot be expanded are scored by
    /// playouts (or the evaluator) from then on; the statistics of the tree go on improving.
    Stop,
    /// Recycle: drop the children of the least-visited nodes (their statistics and proofs
    /// stay in the nodes, whose subtrees are rebuilt if the search comes back) until at least
    /// a quarter of the arena is free, then go on growing. A few passes over the arena per
    /// recycling; the thread-parallel search ([`MctsScheme::Tree`]) stops instead. The
    /// default: with an arena that fills it won 56% of Connect Four games against `Stop` at
    /// equal iterations and 60% at equal time, and it proves more (`docs/mcts.md`).
    #[default]
    Recycle,
}

/// How several threads share a search (`std`; see [`Mcts::search_parallel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MctsScheme {
    /// Root parallelism (Cazenave & Jouandeau 2007; Chaslot, Winands & van den Herik 2008):
    /// every thread grows its own tree in its own share of the arena from its own seed, and
    /// the roots' statistics are summed at the end. No locks. The default (measured the
    /// stronger of the two at 2 threads: `docs/mcts.md`).
    #[default]
    Root,
    /// Tree parallelism with virtual loss (Chaslot, Winands & van den Herik 2008): the threads
    /// share one tree under a lock held for the descent and the backup, and play out in
    /// parallel; a thread's path counts a loss until its playout is backed up, so that the
    /// others look elsewhere meanwhile.
    Tree,
}

/// How the Monte Carlo engines search. Per-call budgets (iterations, time, stop flag) are in
/// [`Limits`].
///
/// ```
/// use alphabeta::mcts::{Leaf, MctsConfig};
/// let config = MctsConfig { leaf: Leaf::Evaluator, ..MctsConfig::new() };
/// assert!(config.solver && config.exploration > 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The exploration constant `C` of UCT (Kocsis & Szepesvári 2006): a child is chosen by
    /// `q + C * sqrt(ln N / n)`, with `q` its mean reward scaled to 0..1 (a win rate), `n` its
    /// visits and `N` its parent's. Default 0.7 (tuned on Connect Four: `docs/mcts.md`);
    /// `sqrt(2)` is the textbook value. Finite and not negative.
    pub exploration: f32,
    /// MCTS-Solver (Winands, Björnsson & Saito 2008), with draws as in score-bounded MCTS
    /// (Cazenave & Saffidine 2011): terminal positions are proven wins, draws or losses, and
    /// the proofs are backed up (a node is won if one child is, lost if all are), so proven
    /// subtrees are no longer sampled, a proven win is played at once, and small games are
    /// solved exactly. Default on. Two-player engines only (multi-player search ignores it).
    pub solver: bool,
    /// How new leaves are scored. Default [`Leaf::Playout`].
    pub leaf: Leaf,
    /// The longest random playout, in plies. Default 1,000; the line from the root (tree and
    /// playout) is also bounded by the engine's `MAX_PLY`. A playout that stops before the
    /// game ends scores its last position with the evaluator.
    pub playout_limit: u32,
    /// The seed of the playouts' random generator (`rand_xorshift`), drawn afresh for every
    /// search: the same seed, position and budget give the same search. Default 1.
    pub seed: u64,
    /// Turns evaluator scores into rewards: a win or loss score is ±1, any other score `s`
    /// becomes `s / (|s| + eval_scale)` (so `eval_scale` is the score worth a reward of 0.5).
    /// Default 100. Finite and positive.
    pub eval_scale: f32,
    /// Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014): every new node
    /// is evaluated, the evaluations are backed up by minimax through the tree, and a child is
    /// chosen by `(1 - w) q + w v` instead of `q`, `v` its minimax value. The weight `w`, from
    /// 0 (off, the default) to 1.
    pub implicit_minimax: f32,
    /// The weight of move priors ([`MovePriors`](crate::mcts::MovePriors)) in the choice of
    /// a child, by progressive bias (Chaslot et al. 2008): `+ prior_weight * p / (n + 1)`.
    /// Unvisited children are tried in order of their priors. Default 1. Finite and not
    /// negative; it does nothing without a priors provider.
    pub prior_weight: f32,
    /// Keep the subtree of the moves played between searches
    /// ([`Mcts::play`](crate::mcts::Mcts::play)): the next search starts from what the last
    /// one learnt about the new position. Default off: every search starts from an empty
    /// tree.
    pub tree_reuse: bool,
    /// What to do when the arena is full. Default [`WhenFull::Recycle`].
    pub when_full: WhenFull,
    /// Positions (moves made in the tree and in playouts) between two polls of the clock and
    /// the stop flag, checked after each iteration. Default 1,024; 0 counts as 1.
    pub poll_interval_nodes: u32,
    /// Threads of [`Mcts::search_parallel`] (`std`): 0 (the default) the available
    /// parallelism, 1 the sequential search; at most 1,024.
    pub threads: u32,
    /// How threads share the search. Default [`MctsScheme::Root`].
    pub scheme: MctsScheme,
}

impl MctsConfig {
    /// The defaults (see each field).
    pub const fn new() -> Self {
        Self {
            exploration: 0.7,
            solver: true,
            leaf: Leaf::Playout,
            playout_limit: 1000,
            seed: 1,
            eval_scale: 100.0,
            implicit_minimax: 0.0,
            prior_weight: 1.0,
            tree_reuse: false,
            when_full: WhenFull::Recycle,
            poll_interval_nodes: 1024,
            threads: 0,
            scheme: MctsScheme::Root,
        }
    }

    /// Checks every field's range.
    ///
    /// # Errors
    /// [`MctsError::InvalidConfig`](crate::mcts::MctsError::InvalidConfig) with the first
    /// field out of its range: the error every search with this configuration would return.
    pub fn check(&self) -> Result<(), crate::mcts::MctsError> {
        match self.invalid_field() {
            Some(field) => Err(crate::mcts::MctsError::InvalidConfig { field }),
            None => Ok(()),
        }
    }

    /// The first field that is out of its range, if any.
    pub(crate) fn invalid_field(&self) -> Option<&'static str> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            Some("exploration")
        } else if !(self.eval_scale.is_finite() && self.eval_scale > 0.0) {
            Some("eval_scale")
        } else if !(0.0..=1.0).contains(&self.implicit_minimax) {
            Some("implicit_minimax")
        } else if !(self.prior_weight.is_finite() && self.prior_weight >= 0.0) {
            Some("prior_weight")
        } else if self.threads > 1024 {
            Some("threads")
        } else {
            None
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self::new()
    }
}
