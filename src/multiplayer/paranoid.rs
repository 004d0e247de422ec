//! Paranoid search (Sturtevant & Korf 2000) as a two-player game: the root player against a
//! coalition of all the others.

use crate::game::{Game, MoveList};
use crate::multiplayer::{key_salt, MultiError, MultiGame, TurnCheck};

/// Salt of the paranoid adapter's keys.
const PARANOID: u64 = 1;

/// A multi-player game seen as a two-player game for paranoid search (Sturtevant & Korf
/// 2000): side `true` is the root player (the player to move when the adapter is made),
/// side `false` the coalition of every other player, which minimises the root player's score.
///
/// Moves, make/unmake and the terminal test are the game's; only the side to move is
/// recomputed, so the engine negates scores only where the turn passes between the root
/// player and the coalition (two opponents in a row are one side). Score it with
/// [`CoalitionEval`](crate::multiplayer::CoalitionEval) and search it with the two-player
/// [`Engine`](crate::Engine):
///
/// ```
/// use alphabeta::games::grid_survivor::{GridSurvivor, SurvivorEval};
/// use alphabeta::multiplayer::{CoalitionEval, Paranoid};
/// use alphabeta::{Config, Engine, Limits};
///
/// let mut game = GridSurvivor::<25>::random(5, 5, 3, 0, 1).unwrap();
/// let mut paranoid = Paranoid::new(&mut game);
/// let mut engine: Engine<_, _, 4, 8> = Engine::new(CoalitionEval(SurvivorEval), Config::new());
/// let result = engine.search(&mut paranoid, &Limits::depth(6)).unwrap();
/// assert!(result.best_move.is_some());
/// ```
///
/// The Zobrist key is the game's mixed with the root player, so a table may be shared by
/// searches for different root players.
///
/// A position whose [`MultiGame::player_to_move`] is not below the number of players gets no
/// moves: the adapter marks its move list overflowed, so that the engine stops at once (with
/// [`SearchError::MoveListOverflow`](crate::SearchError::MoveListOverflow)), and
/// [`Paranoid::fault`] then names the real error, as
/// [`MultiEngine`](crate::multiplayer::MultiEngine) reports it.
#[derive(Debug)]
pub struct Paranoid<'a, G> {
    game: &'a mut G,
    root: usize,
    turns: TurnCheck,
}

impl<'a, G: MultiGame> Paranoid<'a, G> {
    /// The adapter for the player to move in `game`.
    pub fn new(game: &'a mut G) -> Self {
        let root = game.player_to_move();
        Self { game, root, turns: TurnCheck::new() }
    }

    /// The first player to move out of range met by a search of the adapter
    /// ([`MultiError::PlayerOutOfRange`] with its ply), if any.
    pub fn fault(&self) -> Option<MultiError> {
        self.turns.fault()
    }

    /// The root player.
    pub fn root_player(&self) -> usize {
        self.root
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.game
    }

    /// The game back.
    pub fn into_inner(self) -> &'a mut G {
        self.game
    }
}

impl<G: MultiGame> Game for Paranoid<'_, G> {
    type Move = G::Move;
    type Player = bool;
    type Undo = G::Undo;

    fn side_to_move(&self) -> bool {
        self.game.player_to_move() == self.root
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<G::Move, N>) {
        if self.turns.in_range(&*self.game, moves) {
            self.game.generate_moves(moves);
        }
    }

    fn make_move(&mut self, mv: G::Move) -> G::Undo {
        self.turns.ply += 1;
        self.game.make_move(mv)
    }

    fn unmake_move(&mut self, mv: G::Move, undo: G::Undo) {
        self.turns.ply -= 1;
        self.game.unmake_move(mv, undo);
    }

    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }

    fn zobrist_key(&self) -> u64 {
        self.game.zobrist_key() ^ key_salt(PARANOID, self.root)
    }

    fn is_tactical(&self, mv: G::Move) -> bool {
        self.game.is_tactical(mv)
    }
}
