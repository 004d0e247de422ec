//! The node loops of the chance search: decision nodes (fail-soft alpha-beta), chance nodes
//! (expectimax, Star1, Star2), and the evaluation with the declared bound.

use super::MAX_TOTAL_WEIGHT;
use super::{ChanceError, ChanceEvaluator, ChanceScore, ChanceStats, Outcome, StochasticGame};
use crate::error::SearchError;
use crate::game::{EvalContext, MoveList};
use crate::ordering::{MoveSorter, OrderingHints};
use crate::score::Score;
use crate::search::{set_line, Context, Engine, Halt};
use crate::tt::{Bound, Entry, MoveCode, Table};

/// The state of one chance search call, beside the two-player [`Context`].
pub(crate) struct ChanceState<S> {
    star1: bool,
    star2: bool,
    /// The evaluator's bound `B` (every score within `-B..=B`), if it declares one.
    bound: Option<S>,
    pub(crate) stats: ChanceStats,
    /// The error behind a [`Halt::Failed`] that is the chance search's own (the context holds
    /// the two-player errors).
    pub(crate) error: Option<ChanceError>,
}

impl<S: ChanceScore> ChanceState<S> {
    pub(crate) fn new(star1: bool, star2: bool, bound: Option<S>) -> Self {
        Self { star1, star2, bound, stats: ChanceStats::default(), error: None }
    }

    /// Records a chance error and returns the halt that unwinds the search.
    fn fail(&mut self, error: ChanceError) -> Halt {
        self.error = Some(error);
        Halt::Failed
    }

    /// `score` within `-B..=B` (as it is without a bound).
    fn clamp(&self, score: S) -> S {
        match self.bound {
            Some(bound) if score > bound => bound,
            Some(bound) if score < -bound => -bound,
            _ => score,
        }
    }
}

/// What a chance node knows of one outcome: bounds on its score, from the chance node's
/// point of view. Equal bounds are its exact score.
#[derive(Clone, Copy)]
struct Known<S> {
    low: S,
    high: S,
}

impl<S: Score> Known<S> {
    fn exact(&self) -> bool {
        self.low >= self.high
    }
}

/// The weighted fold of a chance node's value over `scores` (one per outcome, in the game's
/// order), clamped into the bound: the definition of the value, used on bounds to prove
/// bounds on it.
fn fold<S: ChanceScore, M>(
    state: &ChanceState<S>,
    outcomes: &[Outcome<M>],
    total: u32,
    scores: impl Iterator<Item = S>,
) -> S {
    let sum = outcomes
        .iter()
        .zip(scores)
        .fold(S::EMPTY_SUM, |sum, (outcome, score)| S::add_weighted(sum, outcome.weight, score));
    state.clamp(S::mean(sum, total))
}

/// What a chance node knows of all its outcomes, and the weighted sums of their lower and
/// upper bounds, kept up to date as they narrow (exact for `i32`; for floats an estimate, which
/// only decides when [`fold`] is asked to confirm a cut, and gives Star1 its windows).
struct Knowledge<S: ChanceScore, const N: usize> {
    known: heapless::Vec<Known<S>, N>,
    sum_low: S::Sum,
    sum_high: S::Sum,
}

impl<S: ChanceScore, const N: usize> Knowledge<S, N> {
    /// Every outcome within `-bound..=bound`.
    fn new<M>(outcomes: &[Outcome<M>], bound: S) -> Self {
        let mut known = heapless::Vec::new();
        let (mut sum_low, mut sum_high) = (S::EMPTY_SUM, S::EMPTY_SUM);
        for outcome in outcomes {
            // Cannot fail: as many as the outcomes, at most N.
            let _ = known.push(Known { low: -bound, high: bound });
            sum_low = S::add_weighted(sum_low, outcome.weight, -bound);
            sum_high = S::add_weighted(sum_high, outcome.weight, bound);
        }
        Self { known, sum_low, sum_high }
    }

    fn of(&self, index: usize) -> Known<S> {
        self.known[index]
    }

    /// Replaces what is known of outcome `index` (of weight `weight`).
    fn set(&mut self, index: usize, weight: u32, known: Known<S>) {
        let old = core::mem::replace(&mut self.known[index], known);
        if old.low != known.low {
            self.sum_low =
                S::add_weighted(S::add_weighted(self.sum_low, weight, known.low), weight, -old.low);
        }
        if old.high != known.high {
            self.sum_high = S::add_weighted(
                S::add_weighted(self.sum_high, weight, known.high),
                weight,
                -old.high,
            );
        }
    }

    /// The windows of outcome `index` (of weight `weight`) that would settle the chance node
    /// (of total weight `total`, searched with `(alpha, beta)`), given what is known of the
    /// others: below the first the outcome makes it fail low, above the second high.
    fn thresholds(&self, index: usize, weight: u32, total: u32, alpha: S, beta: S) -> (S, S) {
        let known = self.known[index];
        let others_low = S::add_weighted(self.sum_low, weight, -known.low);
        let others_high = S::add_weighted(self.sum_high, weight, -known.high);
        (
            S::fail_low_threshold(alpha, others_high, weight, total),
            S::fail_high_threshold(beta, others_low, weight, total),
        )
    }

    /// The value of the chance node if what is known settles the window `(alpha, beta)`:
    /// the fold over the lower bounds if it reaches `beta`, or over the upper bounds if it
    /// stays at or below `alpha` (fail-soft bounds on the value: the fold is monotone). The
    /// running sums, against `window` (`total * alpha`, `total * beta` as sums), say when to
    /// ask.
    fn settled<M>(
        &self,
        state: &ChanceState<S>,
        outcomes: &[Outcome<M>],
        total: u32,
        (alpha, beta): (S, S),
        window: (S::Sum, S::Sum),
    ) -> Option<S> {
        if self.sum_low >= window.1 {
            let low = fold(state, outcomes, total, self.known.iter().map(|k| k.low));
            if low >= beta {
                return Some(low);
            }
        }
        if self.sum_high <= window.0 {
            let high = fold(state, outcomes, total, self.known.iter().map(|k| k.high));
            if high <= alpha {
                return Some(high);
            }
        }
        None
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: StochasticGame,
    E: ChanceEvaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// The expectimax value of `game` for its side to move, `depth` plies deep, fail-soft with
    /// the window `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn expectimax(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        if game.is_terminal() {
            return self.chance_evaluate(ctx, state, game, ply, depth);
        }
        if depth == 0 {
            ctx.reached_horizon = true;
            return self.chance_evaluate(ctx, state, game, ply, 0);
        }
        // Whether this node's own subtree reached a horizon, for the table's proven flag.
        let outer_horizon = core::mem::replace(&mut ctx.reached_horizon, false);
        let score = if game.is_chance_node() {
            self.chance_node(ctx, state, game, depth, ply, alpha, beta)
        } else {
            self.decision_node(ctx, state, game, depth, ply, alpha, beta)
        };
        ctx.reached_horizon |= outer_horizon;
        score
    }

    /// The evaluator's score for the side to move, checked against the declared bound (or,
    /// without one, against `±INFINITY`).
    fn chance_evaluate(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &G,
        ply: u32,
        depth_left: u32,
    ) -> Result<E::Score, Halt> {
        let score =
            self.evaluator().evaluate(game, game.side_to_move(), EvalContext { ply, depth_left });
        if score.is_nan() {
            return Err(ctx.fail(SearchError::NanScore { ply }));
        }
        match state.bound {
            Some(bound) if !(score >= -bound && score <= bound) => {
                Err(state.fail(ChanceError::ScoreOutOfBounds { ply }))
            }
            None if !score.is_valid(false, ply) => {
                Err(ctx.fail(SearchError::ScoreOutOfRange { ply }))
            }
            _ => Ok(score),
        }
    }

    /// Probes the table for a node at `ply` searched `depth` deep with `(alpha, beta)`: the
    /// stored move code, and the score of a cutoff when the entry settles the window (never
    /// at the root, which must search for its move).
    fn chance_table_probe(
        &self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> (Option<u16>, Option<E::Score>) {
        ctx.stats.tt_probes += 1;
        let Some(entry) = self.table.probe(key) else { return (None, None) };
        ctx.stats.tt_hits += 1;
        if ply > 0 && self.draft_suffices(&entry, depth) {
            let settles = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if settles {
                ctx.stats.tt_cutoffs += 1;
                ctx.reached_horizon |= !entry.proven;
                return (entry.move_code, Some(entry.score));
            }
        }
        (entry.move_code, None)
    }

    /// Stores a node's result: a lower bound at or above `beta`, an upper bound at or below
    /// `alpha`, exact between.
    #[allow(clippy::too_many_arguments)]
    fn chance_table_store(
        &self,
        ctx: &Context<'_, '_, G::Player, O>,
        key: u64,
        depth: u32,
        score: E::Score,
        alpha: E::Score,
        beta: E::Score,
        move_code: Option<u16>,
    ) {
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            move_code,
            score,
            draft: depth.min(255) as u8,
            bound,
            proven: !ctx.reached_horizon,
        };
        self.table.store(key, entry);
    }

    /// A chance node's result `value`, stored in the table (as a bound or exact, by the window
    /// it was searched with) and returned.
    #[allow(clippy::too_many_arguments)]
    fn chance_result(
        &self,
        ctx: &Context<'_, '_, G::Player, O>,
        key: u64,
        depth: u32,
        value: E::Score,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        if T::ENABLED {
            self.chance_table_store(ctx, key, depth, value, alpha, beta, None);
        }
        Ok(value)
    }

    /// A decision node: fail-soft alpha-beta over the moves, in the sorter's order.
    #[allow(clippy::too_many_arguments)]
    fn decision_node(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let key = if T::ENABLED { game.zobrist_key() } else { 0 };
        let mut tt_move = None;
        if T::ENABLED {
            let (code, cutoff) = self.chance_table_probe(ctx, key, depth, ply, alpha, beta);
            if let Some(score) = cutoff {
                return Ok(score);
            }
            tt_move = code;
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.is_empty() {
            // No legal move: the position is scored as it stands.
            return self.chance_evaluate(ctx, state, game, ply, depth);
        }
        let side = game.side_to_move();
        let hints = OrderingHints {
            ply,
            depth,
            pv_move: None,
            tt_move,
            side: usize::from(ctx.root_side != Some(side)),
            last_move: None,
        };
        let ordering = self.config.ordering;
        let placed =
            if ordering { self.sorter.order_first(game, moves.as_mut_slice(), &hints) } else { 0 };

        let original_alpha = alpha;
        let mut best = -E::Score::INFINITY;
        let mut best_move = None;
        for index in 0..moves.len() {
            if ordering && index == placed {
                let rest = &mut moves.as_mut_slice()[index..];
                self.sorter.order_rest::<MAX_MOVES>(game, rest, &hints);
            }
            let mv = moves.as_slice()[index];
            let undo = game.make_move(mv);
            let same_side = game.side_to_move() == side;
            let (low, high) = if same_side { (alpha, beta) } else { (-beta, -alpha) };
            let result = self.expectimax(ctx, state, game, depth - 1, ply + 1, low, high);
            game.unmake_move(mv, undo);
            let score = if same_side { result? } else { -result? };
            // The first move is the best so far whatever it scores: a node with moves has a
            // best move.
            if score > best || best_move.is_none() {
                best = score;
                best_move = Some(mv);
                set_line(&mut self.pv, ply as usize, mv);
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    ctx.stats.beta_cutoffs += 1;
                    if index == 0 {
                        ctx.stats.first_move_cutoffs += 1;
                    }
                    if ordering {
                        self.sorter.on_cutoff(game, mv, &moves.as_slice()[..index], &hints);
                    }
                    break;
                }
            }
        }
        if T::ENABLED {
            let code = best_move.map(MoveCode::move_code).or(tt_move);
            self.chance_table_store(ctx, key, depth, best, original_alpha, beta, code);
        }
        Ok(best)
    }

    /// A chance node: plain expectimax, or Star2's probes then Star1's search.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn chance_node(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let key = if T::ENABLED { game.zobrist_key() } else { 0 };
        if T::ENABLED {
            if let (_, Some(score)) = self.chance_table_probe(ctx, key, depth, ply, alpha, beta) {
                return Ok(score);
            }
        }
        state.stats.chance_nodes += 1;
        let mut outcomes = MoveList::<Outcome<G::Move>, MAX_MOVES>::new();
        game.generate_outcomes(&mut outcomes);
        if outcomes.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if outcomes.is_empty() {
            return Err(state.fail(ChanceError::NoOutcomes { ply }));
        }
        let mut total = 0u32;
        for outcome in &outcomes {
            if outcome.weight == 0 {
                return Err(state.fail(ChanceError::ZeroWeight { ply }));
            }
            total = total.saturating_add(outcome.weight);
        }
        if total > MAX_TOTAL_WEIGHT {
            return Err(state.fail(ChanceError::TotalWeightTooLarge { ply }));
        }
        let outcomes = outcomes.as_slice();
        let side = game.side_to_move();

        // The first of the heaviest outcomes (in the game's order): its line is the principal
        // variation's.
        let mut heaviest = 0;
        for (index, outcome) in outcomes.iter().enumerate() {
            if outcome.weight > outcomes[heaviest].weight {
                heaviest = index;
            }
        }

        let Some(bound) = state.bound.filter(|_| state.star1 || state.star2) else {
            // Plain expectimax: every outcome with the full window, in the game's order.
            let infinity = E::Score::INFINITY;
            let mut sum = E::Score::EMPTY_SUM;
            let mut infinite = false;
            for (index, outcome) in outcomes.iter().enumerate() {
                let score = self.outcome_score(
                    ctx, state, game, side, outcome, depth, ply, -infinity, infinity,
                )?;
                if index == heaviest {
                    set_line(&mut self.pv, ply as usize, outcome.outcome);
                }
                infinite |= score.to_f64().is_infinite();
                sum = E::Score::add_weighted(sum, outcome.weight, score);
            }
            let value = state.clamp(E::Score::mean(sum, total));
            // Without a bound (with one, no sum can overflow): +infinity and -infinity make
            // NaN, and finite f64 scores can sum to an infinity that is not their mean.
            let mean = value.to_f64();
            if mean.is_nan() || (mean.is_infinite() && !infinite) {
                return Err(state.fail(ChanceError::MeanOverflow { ply }));
            }
            return self.chance_result(ctx, key, depth, value, -infinity, infinity);
        };

        let window = (E::Score::scaled(total, alpha), E::Score::scaled(total, beta));
        if depth == 1 {
            return self.leaf_chance_node(
                ctx,
                state,
                game,
                ply,
                outcomes,
                total,
                bound,
                window,
                (alpha, beta),
                key,
                heaviest,
            );
        }

        // The order of search: the heaviest outcome, then the others in the game's order (the
        // sum keeps the game's order whatever the order of search).
        let order = || {
            core::iter::once(heaviest).chain((0..outcomes.len()).filter(move |&i| i != heaviest))
        };
        let mut known = Knowledge::<E::Score, MAX_MOVES>::new(outcomes, bound);

        if state.star2 {
            for index in order() {
                if known.of(index).exact() {
                    continue;
                }
                let settle = known.thresholds(index, outcomes[index].weight, total, alpha, beta);
                let outcome = outcomes[index];
                let mut narrowed = known.of(index);
                let undo = game.make_move(outcome.outcome);
                let probed =
                    self.probe(ctx, state, game, side, depth - 1, ply + 1, &mut narrowed, settle);
                game.unmake_move(outcome.outcome, undo);
                probed?;
                known.set(index, outcomes[index].weight, narrowed);
                if let Some(cut) = known.settled(state, outcomes, total, (alpha, beta), window) {
                    state.stats.star2_cutoffs += 1;
                    return self.chance_result(ctx, key, depth, cut, alpha, beta);
                }
            }
        }

        for index in order() {
            let outcome = outcomes[index];
            let weight = outcome.weight;
            let mut attempt = 0;
            while !known.of(index).exact() {
                let Known { low, high } = known.of(index);
                // Star1's window: the scores that would settle the node, within what is known
                // of the outcome; a second attempt (or no Star1) takes what is known, which
                // always gives the exact score (a fail-soft result outside `(low, high)` is
                // `low` or `high` itself).
                let (mut a, mut b) = (low, high);
                // (At depth 1 the outcome is a leaf, exact whatever the window: no window to
                // compute.)
                if state.star1 && attempt == 0 && depth > 1 {
                    let (fail_low, fail_high) = known.thresholds(index, weight, total, alpha, beta);
                    if fail_low > a {
                        a = fail_low;
                    }
                    if fail_high < b {
                        b = fail_high;
                    }
                    if a.partial_cmp(&b) != Some(core::cmp::Ordering::Less) {
                        (a, b) = (low, high);
                    }
                }
                let score =
                    self.outcome_score(ctx, state, game, side, &outcome, depth, ply, a, b)?;
                let mut entry = Known { low, high };
                if score <= a {
                    if score < entry.high {
                        entry.high = score;
                    }
                } else if score >= b {
                    if score > entry.low {
                        entry.low = score;
                    }
                } else {
                    entry = Known { low: score, high: score };
                }
                if entry.high < entry.low {
                    // Only at `a == low` or `b == high`: the bounds met, the score is theirs.
                    entry.high = entry.low;
                }
                known.set(index, weight, entry);
                if let Some(cut) = known.settled(state, outcomes, total, (alpha, beta), window) {
                    state.stats.star1_cutoffs += 1;
                    return self.chance_result(ctx, key, depth, cut, alpha, beta);
                }
                attempt += 1;
                if !entry.exact() {
                    state.stats.window_researches += 1;
                }
            }
            if index == heaviest {
                if attempt == 0 {
                    // Known from its probe (a leaf, or the table): no line below it.
                    if let Some(line) = self.pv.get_mut(ply as usize + 1) {
                        line.clear();
                    }
                }
                set_line(&mut self.pv, ply as usize, outcome.outcome);
            }
        }

        // Every outcome exact: the fold of plain expectimax.
        let value = fold(state, outcomes, total, known.known.iter().map(|k| k.low));
        self.chance_result(ctx, key, depth, value, alpha, beta)
    }

    /// Star1 and Star2 at a chance node one ply above the horizon, whose outcomes are leaves:
    /// each is scored exactly, in the game's order, and the node is cut as soon as the scores
    /// so far and `±bound` for the rest settle the window (the probes of Star2 and the
    /// searches of Star1 are the same evaluations here).
    #[allow(clippy::too_many_arguments)]
    fn leaf_chance_node(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        ply: u32,
        outcomes: &[Outcome<G::Move>],
        total: u32,
        bound: E::Score,
        window: (<E::Score as ChanceScore>::Sum, <E::Score as ChanceScore>::Sum),
        (alpha, beta): (E::Score, E::Score),
        key: u64,
        heaviest: usize,
    ) -> Result<E::Score, Halt> {
        let side = game.side_to_move();
        let infinity = E::Score::INFINITY;
        let mut scores = heapless::Vec::<E::Score, MAX_MOVES>::new();
        let mut sum = E::Score::EMPTY_SUM;
        let mut rest = total;
        for outcome in outcomes {
            let score =
                self.outcome_score(ctx, state, game, side, outcome, 1, ply, -infinity, infinity)?;
            // Cannot fail: as many as the outcomes, at most MAX_MOVES.
            let _ = scores.push(score);
            sum = E::Score::add_weighted(sum, outcome.weight, score);
            rest -= outcome.weight;
            if rest == 0 {
                break;
            }
            // The quick tests with the running sum, then the fold that decides.
            let cut = if E::Score::add_weighted(sum, rest, -bound) >= window.1 {
                let rest = core::iter::repeat(-bound);
                Some(fold(state, outcomes, total, scores.iter().copied().chain(rest)))
                    .filter(|&low| low >= beta)
            } else if E::Score::add_weighted(sum, rest, bound) <= window.0 {
                let rest = core::iter::repeat(bound);
                Some(fold(state, outcomes, total, scores.iter().copied().chain(rest)))
                    .filter(|&high| high <= alpha)
            } else {
                None
            };
            if let Some(cut) = cut {
                let counter = if state.star1 {
                    &mut state.stats.star1_cutoffs
                } else {
                    &mut state.stats.star2_cutoffs
                };
                *counter += 1;
                return self.chance_result(ctx, key, 1, cut, alpha, beta);
            }
        }
        // The leaves' lines are empty: the line is the heaviest outcome.
        set_line(&mut self.pv, ply as usize, outcomes[heaviest].outcome);
        // The sum ran over every outcome in the game's order: the fold itself.
        let value = state.clamp(E::Score::mean(sum, total));
        self.chance_result(ctx, key, 1, value, alpha, beta)
    }

    /// The score of one outcome for the chance node's side `side`, searched with the window
    /// `(alpha, beta)` (the chance node's point of view).
    #[allow(clippy::too_many_arguments)]
    fn outcome_score(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        side: G::Player,
        outcome: &Outcome<G::Move>,
        depth: u32,
        ply: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let undo = game.make_move(outcome.outcome);
        let same_side = game.side_to_move() == side;
        let (low, high) = if same_side { (alpha, beta) } else { (-beta, -alpha) };
        let result = self.expectimax(ctx, state, game, depth - 1, ply + 1, low, high);
        game.unmake_move(outcome.outcome, undo);
        if same_side {
            result
        } else {
            result.map(|score| -score)
        }
    }

    /// Star2's probe of the outcome just played (`game` is at the outcome's position, `depth`
    /// plies left, `ply` from the root): narrows `known` (the chance node's point of view, its
    /// side `side`). A terminal or horizon position is evaluated (exact); a decision node
    /// gives the score of its first move alone, a lower bound on it for its own side, searched
    /// with the window that would settle the chance node (`settle`: below its first number the
    /// chance node fails low, above its second high); a chance node is not probed.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        state: &mut ChanceState<E::Score>,
        game: &mut G,
        side: G::Player,
        depth: u32,
        ply: u32,
        known: &mut Known<E::Score>,
        settle: (E::Score, E::Score),
    ) -> Result<(), Halt> {
        let same_side = game.side_to_move() == side;
        // What the child's own score `s` (its side's point of view) says for the chance node.
        let narrow = |known: &mut Known<E::Score>, low: E::Score, high: E::Score| {
            let (low, high) = if same_side { (low, high) } else { (-high, -low) };
            if low > known.low {
                known.low = low;
            }
            if high < known.high {
                known.high = high;
            }
            if known.high < known.low {
                known.high = known.low;
            }
        };
        let infinity = E::Score::INFINITY;
        let terminal = game.is_terminal();
        if !terminal && depth > 0 && game.is_chance_node() {
            return Ok(());
        }
        // The outcome's node, visited by the probe.
        ctx.visit()?;
        if terminal || depth == 0 {
            if !terminal {
                ctx.reached_horizon = true;
            }
            let score = self.chance_evaluate(ctx, state, game, ply, depth)?;
            narrow(known, score, score);
            return Ok(());
        }
        let mut tt_move = None;
        if T::ENABLED {
            ctx.stats.tt_probes += 1;
            if let Some(entry) = self.table.probe(game.zobrist_key()) {
                ctx.stats.tt_hits += 1;
                tt_move = entry.move_code;
                if self.draft_suffices(&entry, depth) {
                    ctx.reached_horizon |= !entry.proven;
                    let (low, high) = match entry.bound {
                        Bound::Exact => (entry.score, entry.score),
                        Bound::Lower => (entry.score, infinity),
                        Bound::Upper => (-infinity, entry.score),
                    };
                    narrow(known, low, high);
                    if known.exact() {
                        return Ok(());
                    }
                }
            }
        }
        // The window of the first move: the scores between those that would settle the chance
        // node, within what is known of the outcome (the chance node's point of view), turned
        // to the child's. A result above its bottom is a lower bound for the child's side.
        let bottom = if settle.0 > known.low { settle.0 } else { known.low };
        let top = if settle.1 < known.high { settle.1 } else { known.high };
        let (low, high) = if same_side { (bottom, top) } else { (-top, -bottom) };
        if low.partial_cmp(&high) != Some(core::cmp::Ordering::Less) {
            return Ok(());
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if moves.is_empty() {
            // Scored as it stands, as the search will.
            let score = self.chance_evaluate(ctx, state, game, ply, depth)?;
            narrow(known, score, score);
            return Ok(());
        }
        state.stats.probes += 1;
        let child_side = game.side_to_move();
        let mv = tt_move
            .and_then(|code| moves.iter().copied().find(|m| m.move_code() == code))
            .unwrap_or(moves.as_slice()[0]);
        let undo = game.make_move(mv);
        let same = game.side_to_move() == child_side;
        let (a, b) = if same { (low, high) } else { (-high, -low) };
        let result = self.expectimax(ctx, state, game, depth - 1, ply + 1, a, b);
        game.unmake_move(mv, undo);
        let score = if same { result? } else { -result? };
        if score > low {
            // Exact, or a fail-high: the move is worth at least `score`, the child too.
            narrow(known, score, infinity);
        }
        Ok(())
    }
}
