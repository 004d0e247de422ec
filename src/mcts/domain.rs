//! The game as the Monte Carlo search sees it: players as indices, rewards as a vector, for
//! two-player [`Game`]s and [`MultiGame`]s alike, and the move priors a game may supply.

use core::fmt::Debug;

use super::MctsError;
use crate::error::SearchError;
use crate::game::{EvalContext, Evaluator, Game, MoveList};
use crate::multiplayer::{MultiEvaluator, MultiGame, ScoreVector, MAX_PLAYERS};
use crate::score::{Mate, Score};

/// Move priors: how promising each move of a position looks before any search, for
/// [`MctsConfig::prior_weight`](crate::mcts::MctsConfig::prior_weight)'s progressive bias.
/// `G` is the game, `M` its move.
///
/// The engines take [`NoPriors`] unless given a provider ([`Mcts::with_priors`]), so a game
/// needs nothing to be searched; a provider is any type with this trait:
///
/// ```
/// use alphabeta::games::connect4::Connect4;
/// use alphabeta::mcts::MovePriors;
///
/// /// Central columns first: they take part in more lines.
/// struct Centre;
/// impl MovePriors<Connect4, u8> for Centre {
///     fn priors(&self, _: &Connect4, moves: &[u8], priors: &mut [f32]) {
///         for (prior, &col) in priors.iter_mut().zip(moves) {
///             *prior = 4.0 - (f32::from(col) - 3.0).abs();
///         }
///     }
/// }
/// ```
///
/// [`Mcts::with_priors`]: crate::mcts::Mcts::with_priors
pub trait MovePriors<G: ?Sized, M> {
    /// `false` only for [`NoPriors`]: the search then skips priors altogether.
    const ENABLED: bool = true;

    /// Writes a weight (not negative, finite) for each of `moves`, the legal moves of `game`,
    /// into `priors` (as long as `moves`, filled with zeros). The search normalises them to
    /// sum to 1; weights that are all zero, negative or not finite count as equal.
    fn priors(&self, game: &G, moves: &[M], priors: &mut [f32]);
}

/// No move priors: every move is as good as the others until searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoPriors;

impl<G: ?Sized, M> MovePriors<G, M> for NoPriors {
    const ENABLED: bool = false;
    fn priors(&self, _: &G, _: &[M], _: &mut [f32]) {}
}

impl<G: ?Sized, M, P: MovePriors<G, M>> MovePriors<G, M> for &P {
    const ENABLED: bool = P::ENABLED;
    fn priors(&self, game: &G, moves: &[M], priors: &mut [f32]) {
        (**self).priors(game, moves, priors);
    }
}

/// One reward per player, −1 to 1.
pub(crate) type Rewards = [f32; MAX_PLAYERS];

/// A game as the search needs it. Players are indices: for a two-player game, 0 is the root
/// player and 1 the other.
pub(crate) trait Domain {
    type Move: Copy + PartialEq + Debug;
    type Undo;
    /// Two players whose rewards are opposite: the solver applies.
    const TWO_PLAYER: bool;
    /// Whether [`Domain::priors`] supplies priors.
    const PRIORS: bool;

    /// The player to move, checked to be below the number of players.
    fn mover(&self, ply: u32) -> Result<usize, MctsError>;
    fn generate<const N: usize>(&self, moves: &mut MoveList<Self::Move, N>);
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
    fn is_terminal(&self) -> bool;
    fn key(&self) -> u64;
    /// The rewards of the position, `ply` plies from the root, for every player.
    fn rewards(&self, ply: u32, rewards: &mut Rewards) -> Result<(), MctsError>;
    /// The weights of `moves` (see [`MovePriors`]).
    fn priors(&self, moves: &[Self::Move], priors: &mut [f32]);
}

/// A score as a reward: ±1 for a win or loss score, `s / (|s| + scale)` otherwise.
pub(crate) fn reward<S: Score>(score: S, mate_scores: bool, scale: f32) -> f32 {
    if mate_scores {
        match score.mate() {
            Some(Mate::Win(_)) => return 1.0,
            Some(Mate::Loss(_)) => return -1.0,
            None => {}
        }
    }
    // In f64: no f64 score overflows `|s| + scale`, and a tiny one keeps its size.
    let s = score.to_f64();
    if s.is_infinite() {
        return if s > 0.0 { 1.0 } else { -1.0 };
    }
    let r = (s / (s.abs() + f64::from(scale))) as f32;
    if r == 0.0 && s != 0.0 {
        // Too small for an f32: the smallest reward of the score's sign, which the solver
        // reads as the result (a terminal score's sign is its result, whatever its size).
        return if s > 0.0 { f32::from_bits(1) } else { -f32::from_bits(1) };
    }
    r
}

/// A score the evaluator may return at `ply`, or its error.
fn checked<S: Score>(score: S, mate_scores: bool, ply: u32) -> Result<S, MctsError> {
    if score.is_nan() {
        Err(SearchError::NanScore { ply }.into())
    } else if !score.is_valid(mate_scores, ply) {
        Err(SearchError::ScoreOutOfRange { ply }.into())
    } else {
        Ok(score)
    }
}

/// A two-player [`Game`] with its evaluator and priors.
pub(crate) struct TwoPlayer<'a, G: Game, E, P> {
    pub(crate) game: &'a mut G,
    pub(crate) evaluator: &'a E,
    pub(crate) priors: &'a P,
    pub(crate) root_side: G::Player,
    pub(crate) scale: f32,
}

impl<G, E, P> Domain for TwoPlayer<'_, G, E, P>
where
    G: Game,
    E: Evaluator<G>,
    P: MovePriors<G, G::Move>,
{
    type Move = G::Move;
    type Undo = G::Undo;
    const TWO_PLAYER: bool = true;
    const PRIORS: bool = P::ENABLED;

    #[inline]
    fn mover(&self, _: u32) -> Result<usize, MctsError> {
        Ok(usize::from(self.game.side_to_move() != self.root_side))
    }

    #[inline]
    fn generate<const N: usize>(&self, moves: &mut MoveList<G::Move, N>) {
        self.game.generate_moves(moves);
    }

    #[inline]
    fn make(&mut self, mv: G::Move) -> G::Undo {
        self.game.make_move(mv)
    }

    #[inline]
    fn unmake(&mut self, mv: G::Move, undo: G::Undo) {
        self.game.unmake_move(mv, undo);
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }

    fn key(&self) -> u64 {
        self.game.zobrist_key()
    }

    fn rewards(&self, ply: u32, rewards: &mut Rewards) -> Result<(), MctsError> {
        let side = self.game.side_to_move();
        let score = self.evaluator.evaluate(self.game, side, EvalContext { ply, depth_left: 0 });
        let r = reward(checked(score, E::MATE_SCORES, ply)?, E::MATE_SCORES, self.scale);
        let mover = usize::from(side != self.root_side);
        rewards[mover] = r;
        rewards[1 - mover] = -r;
        Ok(())
    }

    fn priors(&self, moves: &[G::Move], priors: &mut [f32]) {
        self.priors.priors(self.game, moves, priors);
    }
}

/// A [`MultiGame`] with its evaluator and priors.
pub(crate) struct MultiPlayer<'a, G: MultiGame, E, P> {
    pub(crate) game: &'a mut G,
    pub(crate) evaluator: &'a E,
    pub(crate) priors: &'a P,
    pub(crate) players: usize,
    pub(crate) scale: f32,
}

impl<G, E, P> Domain for MultiPlayer<'_, G, E, P>
where
    G: MultiGame,
    E: MultiEvaluator<G>,
    P: MovePriors<G, G::Move>,
{
    type Move = G::Move;
    type Undo = G::Undo;
    const TWO_PLAYER: bool = false;
    const PRIORS: bool = P::ENABLED;

    #[inline]
    fn mover(&self, ply: u32) -> Result<usize, MctsError> {
        let player = self.game.player_to_move();
        if player < self.players {
            Ok(player)
        } else {
            Err(MctsError::PlayerOutOfRange { player, players: self.players, ply })
        }
    }

    #[inline]
    fn generate<const N: usize>(&self, moves: &mut MoveList<G::Move, N>) {
        self.game.generate_moves(moves);
    }

    #[inline]
    fn make(&mut self, mv: G::Move) -> G::Undo {
        self.game.make_move(mv)
    }

    #[inline]
    fn unmake(&mut self, mv: G::Move, undo: G::Undo) {
        self.game.unmake_move(mv, undo);
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }

    fn key(&self) -> u64 {
        self.game.zobrist_key()
    }

    fn rewards(&self, ply: u32, rewards: &mut Rewards) -> Result<(), MctsError> {
        let mut scores = ScoreVector::<E::Score>::zeros(self.players);
        self.evaluator.evaluate(
            self.game,
            EvalContext { ply, depth_left: 0 },
            scores.as_mut_slice(),
        );
        for (slot, &score) in rewards.iter_mut().zip(scores.as_slice()) {
            *slot = reward(checked(score, true, ply)?, true, self.scale);
        }
        Ok(())
    }

    fn priors(&self, moves: &[G::Move], priors: &mut [f32]) {
        self.priors.priors(self.game, moves, priors);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_of_scores() {
        assert_eq!(reward(i32::win_in(5), true, 100.0), 1.0);
        assert_eq!(reward(i32::loss_in(5), true, 100.0), -1.0);
        assert_eq!(reward(0, true, 100.0), 0.0);
        assert_eq!(reward(100, true, 100.0), 0.5);
        assert_eq!(reward(-300, true, 100.0), -0.75);
        // Without mate scores a huge score is only large, and infinity is ±1.
        assert!(reward(999_000, false, 100.0) < 1.0);
        assert_eq!(reward(f64::INFINITY, false, 100.0), 1.0);
        assert_eq!(reward(-f64::INFINITY, false, 100.0), -1.0);
        // Tiny scores keep their sign (the solver's result), however large the scale.
        let tiny = f32::from_bits(1);
        assert_eq!(reward(-1e-20f64, false, 1e30), -tiny);
        assert_eq!(reward(-1e-44f64, false, 100.0), -tiny);
        assert_eq!(reward(5e-324f64, false, 100.0), tiny);
        assert_eq!(reward(1e-30f64, false, 1.0), 1e-30);
        assert_eq!(reward(0.0f64, false, 1e30), 0.0);
        assert_eq!(reward(f64::MAX, false, 100.0), 1.0);
    }
}
