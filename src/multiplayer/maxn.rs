//! Max^n (Luckhardt & Irani 1986) with immediate and shallow pruning (Korf 1991), under
//! iterative deepening with the two-player engine's limits.

use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{EvalContext, MoveList};
use crate::multiplayer::{
    MultiAlgorithm, MultiEngine, MultiError, MultiEvaluator, MultiGame, MultiResult, PlayerMove,
    ScoreBounds, ScoreVector,
};
use crate::score::Score;
use crate::search::SearchStats;
use crate::tt::Table;

/// Why the recursion unwinds early; the error itself waits in [`MaxnContext::error`].
#[derive(Clone, Copy, Debug)]
enum Halt {
    /// The clock or the stop flag ended the iteration.
    Interrupted,
    /// An error, stored in the context.
    Failed,
}

/// Korf's bounds, with the two numbers the pruning tests need.
#[derive(Clone, Copy)]
struct Pruning<S> {
    bounds: ScoreBounds<S>,
    /// `max_sum - (players - 1) * min_score`: the most one player can score.
    most_for_one: S,
    /// `(players - 2) * min_score`: the least two players' complement can score.
    least_for_others: S,
}

impl<S: Score> Pruning<S> {
    fn new(bounds: ScoreBounds<S>, players: usize) -> Self {
        let mut least_for_others = S::ZERO;
        for _ in 2..players {
            least_for_others = least_for_others.add(bounds.min_score);
        }
        Self {
            bounds,
            most_for_one: bounds.max_sum.sub(least_for_others).sub(bounds.min_score),
            least_for_others,
        }
    }
}

/// The mutable state of one max^n search call.
struct MaxnContext<'l, 'c, S> {
    limits: &'l Limits<'c>,
    start_micros: u64,
    /// May the clock and the stop flag end the current iteration (beyond `min_depth`)?
    interruptible: bool,
    poll_interval: u64,
    next_poll: u64,
    nodes: u64,
    /// Set when a non-terminal position was evaluated at the horizon.
    reached_horizon: bool,
    stopped_at_micros: Option<u64>,
    players: usize,
    pruning: Option<Pruning<S>>,
    immediate_prunes: u64,
    shallow_prunes: u64,
    error: Option<MultiError>,
}

impl<S> MaxnContext<'_, '_, S> {
    fn fail(&mut self, error: MultiError) -> Halt {
        self.error = Some(error);
        Halt::Failed
    }

    /// Counts a node and polls every `poll_interval` nodes: `Err` when the search must stop.
    fn visit(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = (self.nodes / self.poll_interval + 1) * self.poll_interval;
            if self.interruptible && self.out_of_time_at(self.limits.clock.map(|c| c.now_micros()))
            {
                return Err(Halt::Interrupted);
            }
        }
        Ok(())
    }

    /// Whether the search must stop, given a clock reading just taken (`None`: no clock).
    fn out_of_time_at(&mut self, reading: Option<u64>) -> bool {
        let timed_out = match (reading, self.limits.time_limit_micros) {
            (Some(now), Some(limit)) => now.saturating_sub(self.start_micros) >= limit,
            _ => false,
        };
        if timed_out || self.limits.stop_raised() {
            self.stopped_at_micros = reading;
            return true;
        }
        false
    }
}

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T> MultiEngine<G, E, MAX_MOVES, MAX_PLY, T>
where
    G: MultiGame,
    E: MultiEvaluator<G>,
    T: Table<E::Score>,
{
    /// Max^n by iterative deepening; the player count and the root player are checked.
    pub(super) fn search_maxn(
        &mut self,
        game: &mut G,
        limits: &Limits<'_>,
    ) -> Result<MultiResult<G::Move, E::Score, MAX_PLY>, MultiError> {
        limits.check(MAX_PLY)?;
        let players = game.num_players();
        let root = game.player_to_move();
        let pruning = match self.evaluator.bounds() {
            Some(bounds) if self.config.shallow_pruning => {
                if bounds.min_score.is_nan() || bounds.max_sum.is_nan() {
                    return Err(MultiError::InvalidBounds);
                }
                Some(Pruning::new(bounds, players))
            }
            _ => None,
        };
        let poll_interval = u64::from(self.config.search.poll_interval_nodes.max(1));
        let mut ctx = MaxnContext {
            limits,
            start_micros: limits.clock.map_or(0, |c| c.now_micros()),
            interruptible: false,
            poll_interval,
            next_poll: poll_interval,
            nodes: 0,
            reached_horizon: false,
            stopped_at_micros: None,
            players,
            pruning,
            immediate_prunes: 0,
            shallow_prunes: 0,
            error: None,
        };

        let mut result = MultiResult {
            algorithm: MultiAlgorithm::MaxN,
            root_player: root,
            best_move: None,
            score: E::Score::ZERO,
            scores: None,
            depth: 0,
            nodes: 0,
            exact: false,
            completed: true,
            pv: heapless::Vec::new(),
            elapsed_micros: None,
            stats: SearchStats::default(),
            immediate_prunes: 0,
            shallow_prunes: 0,
        };
        let mut last_reading = None;
        let mut depth = if self.config.search.iterative_deepening { 1 } else { limits.max_depth };
        // A minimum depth of 0 means 1: a search always has a move to return.
        let min_depth = limits.min_depth.max(1);
        loop {
            ctx.interruptible = depth > min_depth;
            ctx.reached_horizon = false;
            match self.maxn(&mut ctx, game, depth, 0, None) {
                Ok(vector) => {
                    result.scores = Some(vector);
                    result.score = vector.get(root).unwrap_or(E::Score::ZERO);
                    result.depth = depth;
                    result.pv = self.pv.first().cloned().unwrap_or_default();
                    result.best_move = result.pv.first().map(|m| m.mv);
                    result.exact = !ctx.reached_horizon;
                    last_reading = limits.clock.map(|c| c.now_micros());
                    if result.exact || depth >= limits.max_depth {
                        break;
                    }
                    depth += 1;
                    // Do not start an iteration beyond the minimum that is already out of time.
                    if depth > min_depth && ctx.out_of_time_at(last_reading) {
                        result.completed = false;
                        break;
                    }
                }
                Err(Halt::Interrupted) => {
                    result.completed = false;
                    break;
                }
                Err(Halt::Failed) => {
                    return Err(ctx.error.take().unwrap_or(MultiError::InvalidBounds));
                }
            }
        }
        result.nodes = ctx.nodes;
        result.stats.nodes = ctx.nodes;
        result.immediate_prunes = ctx.immediate_prunes;
        result.shallow_prunes = ctx.shallow_prunes;
        result.elapsed_micros = ctx
            .stopped_at_micros
            .or(last_reading)
            .or_else(|| limits.clock.map(|c| c.now_micros()))
            .map(|end| end.saturating_sub(ctx.start_micros));
        Ok(result)
    }

    /// The max^n vector of `game`, `depth` plies deep. `parent` is the parent's player and its
    /// best entry so far, for shallow pruning (`None` at the root and for a first child).
    fn maxn(
        &mut self,
        ctx: &mut MaxnContext<'_, '_, E::Score>,
        game: &mut G,
        depth: u32,
        ply: u32,
        parent: Option<(usize, E::Score)>,
    ) -> Result<ScoreVector<E::Score>, Halt> {
        ctx.visit()?;
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, depth);
        }
        if depth == 0 {
            ctx.reached_horizon = true;
            return self.evaluate(ctx, game, ply, 0);
        }
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        game.generate_moves(&mut moves);
        if moves.overflowed() {
            let error = SearchError::MoveListOverflow { capacity: MAX_MOVES, ply };
            return Err(ctx.fail(MultiError::Search(error)));
        }
        if moves.is_empty() {
            // No legal move: the position is scored as it stands.
            return self.evaluate(ctx, game, ply, depth);
        }
        let mover = game.player_to_move();
        if mover >= ctx.players {
            let error = MultiError::PlayerOutOfRange { player: mover, players: ctx.players, ply };
            return Err(ctx.fail(error));
        }

        let mut best: Option<ScoreVector<E::Score>> = None;
        for (index, &mv) in moves.iter().enumerate() {
            let own_best = best.and_then(|vector| vector.get(mover));
            let undo = game.make_move(mv);
            let searched = self.maxn(ctx, game, depth - 1, ply + 1, own_best.map(|b| (mover, b)));
            game.unmake_move(mv, undo);
            let vector = searched?;
            let own = vector.get(mover).unwrap_or(E::Score::ZERO);
            // The tie rule: only a strictly better entry replaces the first best move.
            if own_best.is_none_or(|b| own > b) {
                best = Some(vector);
                self.update_pv(ply as usize, PlayerMove { player: mover as u8, mv });
            }

            let Some(pruning) = ctx.pruning else { continue };
            let own = best.and_then(|vector| vector.get(mover)).unwrap_or(own);
            let more_moves = index + 1 < moves.len();
            // Immediate pruning: nothing can beat the largest score the bounds allow.
            if own >= pruning.most_for_one {
                ctx.immediate_prunes += u64::from(more_moves);
                break;
            }
            // Shallow pruning: the parent's player gets at most what the others leave over,
            // which is no more than it already has.
            if let Some((parent_player, parent_best)) = parent {
                let most_for_parent = pruning.bounds.max_sum.sub(own).sub(pruning.least_for_others);
                if parent_player != mover && most_for_parent <= parent_best {
                    ctx.shallow_prunes += u64::from(more_moves);
                    break;
                }
            }
        }
        Ok(best.unwrap_or_else(|| ScoreVector::zeros(ctx.players)))
    }

    /// The evaluator's vector, checked for NaN and, when pruning relies on them, the bounds.
    fn evaluate(
        &self,
        ctx: &mut MaxnContext<'_, '_, E::Score>,
        game: &G,
        ply: u32,
        depth_left: u32,
    ) -> Result<ScoreVector<E::Score>, Halt> {
        let mut vector = ScoreVector::zeros(ctx.players);
        self.evaluator.evaluate(game, EvalContext { ply, depth_left }, vector.as_mut_slice());
        if vector.as_slice().iter().any(|score| score.is_nan()) {
            return Err(ctx.fail(MultiError::Search(SearchError::NanScore { ply })));
        }
        if let Some(pruning) = ctx.pruning {
            let mut sum = E::Score::ZERO;
            for &score in vector.as_slice() {
                if score < pruning.bounds.min_score {
                    return Err(ctx.fail(MultiError::ScoreOutOfBounds { ply }));
                }
                sum = sum.add(score);
            }
            if sum > pruning.bounds.max_sum {
                return Err(ctx.fail(MultiError::ScoreOutOfBounds { ply }));
            }
        }
        Ok(vector)
    }

    /// `pv[ply] = mv` followed by the child's line `pv[ply + 1]`.
    fn update_pv(&mut self, ply: usize, mv: PlayerMove<G::Move>) {
        crate::search::set_line(&mut self.pv, ply, mv);
    }
}
