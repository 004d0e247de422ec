//! Quiescence search beyond the horizon.

use super::{Context, Engine, Halt};
use crate::error::SearchError;
use crate::game::{Evaluator, Game, MoveList};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::Table;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Quiescence search: stand pat on the static evaluation, then try the game's tactical
    /// moves, up to `max_quiescence_depth` plies beyond the horizon.
    pub(super) fn quiescence(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        ply: u32,
        qdepth: u32,
        mut alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        if qdepth > 0 {
            ctx.visit()?;
            ctx.stats.quiescence_nodes += 1;
        }
        if game.is_terminal() {
            return self.evaluate(ctx, game, ply, 0);
        }
        ctx.reached_horizon = true;
        let at_limit = qdepth >= self.config.max_quiescence_depth;
        // A position where doing nothing is no option (in check) searches every move instead,
        // unless quiescence has reached its depth limit (the evaluation then stands).
        let stand = at_limit || game.may_stand_pat();
        let mut moves = MoveList::<G::Move, MAX_MOVES>::new();
        let mut best = -E::Score::INFINITY;
        if stand {
            let stand_pat = self.evaluate(ctx, game, ply, 0)?;
            if at_limit || stand_pat >= beta {
                return Ok(stand_pat);
            }
            if stand_pat > alpha {
                alpha = stand_pat;
            }
            best = stand_pat;
            game.generate_tactical_moves(&mut moves);
        } else {
            game.generate_moves(&mut moves);
        }
        if moves.overflowed() {
            return Err(ctx.fail(SearchError::MoveListOverflow { capacity: MAX_MOVES, ply }));
        }
        if !stand && moves.is_empty() {
            // No legal move where standing pat is no option: scored as it stands.
            return self.evaluate(ctx, game, ply, 0);
        }
        let side = game.side_to_move();
        for &mv in moves.iter() {
            // A game with rewards: the window shifted by the move's reward, and the score.
            let reward = Self::reward_of(game, mv);
            let shift = G::REWARDS && reward != E::Score::ZERO;
            let (low, high) =
                if shift { Self::shifted_window(alpha, beta, reward) } else { (alpha, beta) };
            let undo = game.make_move(mv);
            let searched = if game.side_to_move() == side {
                self.quiescence(ctx, game, ply + 1, qdepth + 1, low, high)
            } else {
                self.quiescence(ctx, game, ply + 1, qdepth + 1, -high, -low).map(|s| -s)
            };
            game.unmake_move(mv, undo);
            let score = if shift { searched?.add(reward) } else { searched? };
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        Ok(best)
    }
}
