//! Hog: a two-player dice race, the chance engine's example game.
//!
//! Players take turns. On a turn the player chooses how many dice to roll, 1 to the game's
//! maximum (5 unless chosen otherwise), and rolls them all at once: if any die shows a 1 the
//! turn scores 1 point ("pig out"), otherwise the sum of the dice. The first to reach the goal
//! wins. It is the core rule of Hog, a game of the Pig family (Neller & Presser 2004, "Optimal
//! play of the dice game Pig"), and it was chosen for the chance engine because
//!
//! * every turn scores at least one point, so the game always ends (Pig itself can go on
//!   forever) and every position has an exact value that brute force can compute: a game to
//!   `goal` lasts at most `2 * goal - 1` turns of two plies (a choice, then a roll);
//! * the roll's outcomes have unequal weights (3 dice: pig out 91 in 216, a sum of 6 1 in 216,
//!   of 12 19 in 216 …), which exercises the weighted means, not just uniform ones;
//! * the choice is a real one: more dice score more on average but pig out more often, and
//!   the best number depends on both scores (far behind, take risks; near the goal, few dice);
//! * it is small enough to solve exactly (goal 30: 900 positions) and its tree large enough for
//!   Star1 and Star2 to matter (up to 26 outcomes per roll, with 6 dice).
//!
//! A position is a decision node ("how many dice?") or, once the number is chosen, a chance
//! node (the roll), whose outcomes are the points the turn scores: 1, or a sum from `2n` to
//! `6n` for `n` dice, in that order, each weighted by its number of ways out of `6^n`. The
//! roller is to move at the chance node; after the roll the other player is.
//!
//! ```
//! use alphabeta::chance::{ChanceConfig, ChanceEngine};
//! use alphabeta::games::hog::{Hog, HogEval};
//! use alphabeta::tt::TranspositionTable;
//! use alphabeta::Limits;
//!
//! static TABLE: TranspositionTable<f64, 4096> = TranspositionTable::new();
//! // A race to 10 with up to 3 dice: solved exactly (the game lasts at most 38 plies).
//! let mut game = Hog::new(10, 3).unwrap();
//! let mut engine = ChanceEngine::<Hog, HogEval, 16, 40>::new(HogEval::new(), ChanceConfig::new())
//!     .with_table(&TABLE);
//! let result = engine.search(&mut game, &Limits::depth(40)).unwrap();
//! assert!(result.exact);
//! let win_probability = (result.score + 1.0) / 2.0;
//! assert!(win_probability > 0.5 && win_probability < 0.7);
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::chance::{ChanceEvaluator, Outcome, StochasticGame};
use crate::game::{EvalContext, Evaluator, Game, MoveList};

/// The most dice a turn may roll: `6^6 = 46,656` ways, well within the engine's weight limit.
pub const MAX_DICE: u8 = 6;
/// The highest goal.
pub const MAX_GOAL: u8 = 200;
/// The most outcomes of a roll: pig out and the sums `2n..=6n` of `n = MAX_DICE` dice.
pub const MAX_OUTCOMES: usize = 4 * MAX_DICE as usize + 2;

/// `WAYS[n][s]`: the rolls of `n` dice, none a 1, that sum to `s`.
const WAYS: [[u32; 6 * MAX_DICE as usize + 1]; MAX_DICE as usize + 1] = {
    let mut ways = [[0u32; 6 * MAX_DICE as usize + 1]; MAX_DICE as usize + 1];
    ways[0][0] = 1;
    let mut n = 1;
    while n <= MAX_DICE as usize {
        let mut sum = 0;
        while sum <= 6 * MAX_DICE as usize {
            let mut face = 2;
            while face <= 6 && face <= sum {
                ways[n][sum] += ways[n - 1][sum - face];
                face += 1;
            }
            sum += 1;
        }
        n += 1;
    }
    ways
};

/// `ROLLS[n]`: the outcomes of a roll of `n` dice, pig out first, then the sums `2n..=6n`
/// (the first `4n + 2` entries).
const ROLLS: [[Outcome<u8>; MAX_OUTCOMES]; MAX_DICE as usize + 1] = {
    let mut rolls = [[Outcome { outcome: 0, weight: 0 }; MAX_OUTCOMES]; MAX_DICE as usize + 1];
    let mut n = 1;
    while n <= MAX_DICE as usize {
        rolls[n][0] = Outcome { outcome: 1, weight: 6u32.pow(n as u32) - 5u32.pow(n as u32) };
        let mut sum = 2 * n;
        while sum <= 6 * n {
            rolls[n][sum - 2 * n + 1] = Outcome { outcome: sum as u8, weight: WAYS[n][sum] };
            sum += 1;
        }
        n += 1;
    }
    rolls
};

/// What is wrong with a requested game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HogError {
    /// The goal is not 1 to [`MAX_GOAL`].
    Goal(u32),
    /// The number of dice is not 1 to [`MAX_DICE`].
    Dice(u32),
    /// A score is not below the goal (the game would be over), or the player is not 0 or 1.
    Position,
}

impl fmt::Display for HogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Goal(goal) => write!(f, "the goal must be 1 to {MAX_GOAL}, not {goal}"),
            Self::Dice(dice) => write!(f, "the dice per turn must be 1 to {MAX_DICE}, not {dice}"),
            Self::Position => f.write_str("scores must be below the goal and the player 0 or 1"),
        }
    }
}

impl core::error::Error for HogError {}

/// A position of Hog: both scores, the player whose turn it is, and the dice being rolled (a
/// chance node) if the player has chosen. Moves and outcomes are `u8`: a number of dice at a
/// decision node, the points scored at a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hog {
    goal: u8,
    max_dice: u8,
    scores: [u8; 2],
    /// The player whose turn it is (0 moves first).
    turn: u8,
    /// 0: the player chooses; `n`: `n` dice are rolling.
    rolling: u8,
}

impl Hog {
    /// The start of a race to `goal` with 1 to `max_dice` dice a turn; player 0 to choose.
    ///
    /// # Errors
    /// [`HogError::Goal`] unless `1 <= goal <= MAX_GOAL`, [`HogError::Dice`] unless
    /// `1 <= max_dice <= MAX_DICE`.
    pub fn new(goal: u32, max_dice: u32) -> Result<Self, HogError> {
        Self::with_scores(goal, max_dice, [0, 0], 0)
    }

    /// A position of such a race: `scores` of players 0 and 1, `turn` to choose.
    ///
    /// # Errors
    /// As [`Hog::new`], and [`HogError::Position`] for a score at or above the goal or a
    /// player other than 0 and 1.
    pub fn with_scores(
        goal: u32,
        max_dice: u32,
        scores: [u32; 2],
        turn: u32,
    ) -> Result<Self, HogError> {
        if !(1..=u32::from(MAX_GOAL)).contains(&goal) {
            return Err(HogError::Goal(goal));
        }
        if !(1..=u32::from(MAX_DICE)).contains(&max_dice) {
            return Err(HogError::Dice(max_dice));
        }
        if scores.iter().any(|&s| s >= goal) || turn > 1 {
            return Err(HogError::Position);
        }
        Ok(Self {
            goal: goal as u8,
            max_dice: max_dice as u8,
            scores: [scores[0] as u8, scores[1] as u8],
            turn: turn as u8,
            rolling: 0,
        })
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        u32::from(self.goal)
    }

    /// The most dice a turn may roll.
    pub fn max_dice(&self) -> u32 {
        u32::from(self.max_dice)
    }

    /// The scores of players 0 and 1.
    pub fn scores(&self) -> [u32; 2] {
        self.scores.map(u32::from)
    }

    /// The player whose turn it is (the roller, at a chance node).
    pub fn turn(&self) -> u32 {
        u32::from(self.turn)
    }

    /// The number of dice being rolled, at a chance node.
    pub fn rolling(&self) -> Option<u32> {
        (self.rolling > 0).then_some(u32::from(self.rolling))
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<u32> {
        (0..2).find(|&p| self.scores[p] >= self.goal).map(|p| p as u32)
    }

    /// The ways out of `6^dice` that a roll of `dice` dice scores `points` (`dice` 1 to
    /// [`MAX_DICE`]; 0 for anything else).
    pub fn ways(dice: u32, points: u32) -> u32 {
        let dice = dice as usize;
        if !(1..=usize::from(MAX_DICE)).contains(&dice) {
            return 0;
        }
        if points == 1 {
            return 6u32.pow(dice as u32) - 5u32.pow(dice as u32);
        }
        WAYS[dice].get(points as usize).copied().unwrap_or(0)
    }
}

impl Game for Hog {
    type Move = u8;
    type Player = u8;
    type Undo = Hog;

    fn side_to_move(&self) -> u8 {
        self.turn
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for dice in 1..=self.max_dice {
            let _ = moves.push(dice);
        }
    }

    fn make_move(&mut self, mv: u8) -> Hog {
        let before = *self;
        if self.rolling == 0 {
            self.rolling = mv;
        } else {
            let score = &mut self.scores[usize::from(self.turn)];
            *score = score.saturating_add(mv);
            self.rolling = 0;
            self.turn ^= 1;
        }
        before
    }

    fn unmake_move(&mut self, _: u8, before: Hog) {
        *self = before;
    }

    fn is_terminal(&self) -> bool {
        self.scores[0] >= self.goal || self.scores[1] >= self.goal
    }

    fn zobrist_key(&self) -> u64 {
        // The whole position in 48 bits: exact (the table mixes keys itself).
        u64::from(self.scores[0])
            | u64::from(self.scores[1]) << 8
            | u64::from(self.turn) << 16
            | u64::from(self.rolling) << 24
            | u64::from(self.goal) << 32
            | u64::from(self.max_dice) << 40
    }
}

impl StochasticGame for Hog {
    fn is_chance_node(&self) -> bool {
        self.rolling > 0
    }

    fn generate_outcomes<const N: usize>(&self, outcomes: &mut MoveList<Outcome<u8>, N>) {
        let dice = usize::from(self.rolling);
        for &outcome in &ROLLS[dice][..4 * dice + 2] {
            let _ = outcomes.push(outcome);
        }
    }
}

impl fmt::Display for Hog {
    /// `"12-7, player 1 to choose"` or `"12-7, player 0 rolls 3 dice"`, `"30-7, player 0 won"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}, ", self.scores[0], self.scores[1])?;
        match (self.winner(), self.rolling) {
            (Some(winner), _) => write!(f, "player {winner} won"),
            (None, 0) => write!(f, "player {} to choose", self.turn),
            (None, dice) => write!(f, "player {} rolls {dice} dice", self.turn),
        }
    }
}

/// A score type for [`HogEval`]: `f64` and `f32` count a won game as 1 and a lost one as -1
/// (so a value is `2p - 1` for a win probability `p`), `i32` as ±1,000,000.
pub trait HogScore: crate::chance::ChanceScore {
    /// The score of a won game, and the bound of every score.
    const ONE: Self;
    /// `x` (within -1..=1) in this scale.
    fn from_unit(x: f64) -> Self;
}

impl HogScore for f64 {
    const ONE: f64 = 1.0;
    fn from_unit(x: f64) -> f64 {
        x
    }
}

impl HogScore for f32 {
    const ONE: f32 = 1.0;
    fn from_unit(x: f64) -> f32 {
        x as f32
    }
}

impl HogScore for i32 {
    const ONE: i32 = 1_000_000;
    fn from_unit(x: f64) -> i32 {
        // Round half away from zero, without `f64::round` (not in `core`).
        let scaled = x * 1_000_000.0;
        (if scaled >= 0.0 { scaled + 0.5 } else { scaled - 0.5 }) as i32
    }
}

/// Hog's evaluator: -1 for the side to move in a finished game (the other player won), and
/// at the horizon a guess from the points both players still need, within ±0.8. `S` is the
/// score type: `f64` (the default), `f32` or `i32` (see [`HogScore`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct HogEval<S = f64>(PhantomData<S>);

impl<S> HogEval<S> {
    /// The evaluator.
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<S: HogScore> Evaluator<Hog> for HogEval<S> {
    type Score = S;
    fn evaluate(&self, game: &Hog, player: u8, _: EvalContext) -> S {
        if let Some(winner) = game.winner() {
            return if winner == u32::from(player) { S::ONE } else { -S::ONE };
        }
        let need = |p: u8| f64::from(game.goal) - f64::from(game.scores[usize::from(p)]);
        let (own, other) = (need(player), need(player ^ 1));
        S::from_unit(0.8 * (other - own) / (other + own))
    }
}

impl<S: HogScore> ChanceEvaluator<Hog> for HogEval<S> {
    fn score_bound(&self) -> Option<S> {
        Some(S::ONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_of_a_roll_count_its_ways() {
        for dice in 1..=u32::from(MAX_DICE) {
            let game = Hog { rolling: dice as u8, ..Hog::new(50, 6).unwrap() };
            let mut outcomes = MoveList::<Outcome<u8>, MAX_OUTCOMES>::new();
            game.generate_outcomes(&mut outcomes);
            assert!(!outcomes.overflowed());
            assert_eq!(outcomes.len() as u32, 4 * dice + 2);
            let total: u32 = outcomes.iter().map(|o| o.weight).sum();
            assert_eq!(total, 6u32.pow(dice));
            assert!(outcomes.iter().all(|o| o.weight > 0));
        }
        assert_eq!(Hog::ways(3, 1), 91);
        assert_eq!(Hog::ways(3, 6), 1);
        assert_eq!(Hog::ways(3, 12), 19); // 2+4+6 ×6, 2+5+5 ×3, 3+3+6 ×3, 3+4+5 ×6, 4+4+4
        assert_eq!(Hog::ways(2, 7), 4); // 2+5, 3+4, 4+3, 5+2
        assert_eq!(Hog::ways(0, 1), 0);
        assert_eq!(Hog::ways(7, 1), 0);
    }

    #[test]
    fn a_turn_chooses_then_rolls() {
        let mut game = Hog::with_scores(20, 5, [18, 3], 1).unwrap();
        assert_eq!(game.to_string(), "18-3, player 1 to choose");
        let before = game.make_move(4);
        assert!(game.is_chance_node());
        assert_eq!(game.side_to_move(), 1);
        assert_eq!(game.to_string(), "18-3, player 1 rolls 4 dice");
        let rolled = game.make_move(1);
        assert_eq!(game.scores(), [18, 4]);
        assert_eq!(game.side_to_move(), 0);
        game.unmake_move(1, rolled);
        game.unmake_move(4, before);
        assert_eq!(game, Hog::with_scores(20, 5, [18, 3], 1).unwrap());
        game.turn = 0;
        game.make_move(1);
        game.make_move(2);
        assert!(game.is_terminal());
        assert_eq!(game.winner(), Some(0));
        assert_eq!(game.to_string(), "20-3, player 0 won");
        let eval = HogEval::<f64>::new();
        let ctx = EvalContext { ply: 2, depth_left: 0 };
        assert_eq!(eval.evaluate(&game, 1, ctx), -1.0);
        assert_eq!(HogEval::<i32>::new().evaluate(&game, 0, ctx), 1_000_000);
    }

    #[test]
    fn bad_games_are_refused() {
        assert_eq!(Hog::new(0, 3), Err(HogError::Goal(0)));
        assert_eq!(Hog::new(201, 3), Err(HogError::Goal(201)));
        assert_eq!(Hog::new(20, 0), Err(HogError::Dice(0)));
        assert_eq!(Hog::new(20, 7), Err(HogError::Dice(7)));
        assert_eq!(Hog::with_scores(20, 3, [20, 0], 0), Err(HogError::Position));
        assert_eq!(Hog::with_scores(20, 3, [0, 0], 2), Err(HogError::Position));
    }
}
