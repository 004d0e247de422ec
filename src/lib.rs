//! # alphabeta
//!
//! A game-tree search engine for any two-player game, `no_std` and heap-free, for desktops and
//! microcontrollers alike.
//!
//! You describe your game with the [`Game`] trait (moves into a fixed-capacity [`MoveList`],
//! make and unmake, a terminal test, a Zobrist key) and score it with an [`Evaluator`]. An
//! [`Engine`] then searches it: negamax with fail-soft alpha-beta (Knuth & Moore 1975) under
//! iterative deepening, with a time limit measured on a [`Clock`] you supply, a stop flag, and
//! a guaranteed minimum depth.
//!
//! ## A complete toy game
//!
//! Subtraction: a pile of stones, each player takes 1, 2 or 3, whoever takes the last stone
//! wins. A pile that is a multiple of 4 is lost for the side to move.
//!
//! ```
//! use alphabeta::{Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, Score};
//!
//! #[derive(Clone)]
//! struct Pile { stones: u32, first_to_move: bool }
//!
//! impl Game for Pile {
//!     type Move = u32;        // stones taken
//!     type Player = bool;     // true: the first player
//!     type Undo = ();
//!     fn side_to_move(&self) -> bool { self.first_to_move }
//!     fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
//!         for take in 1..=self.stones.min(3) {
//!             let _ = moves.push(take); // an overflow is reported by the engine
//!         }
//!     }
//!     fn make_move(&mut self, take: u32) {
//!         self.stones -= take;
//!         self.first_to_move = !self.first_to_move;
//!     }
//!     fn unmake_move(&mut self, take: u32, _: ()) {
//!         self.stones += take;
//!         self.first_to_move = !self.first_to_move;
//!     }
//!     fn is_terminal(&self) -> bool { self.stones == 0 }
//!     fn zobrist_key(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.first_to_move) }
//! }
//!
//! struct LastStoneWins;
//! impl Evaluator<Pile> for LastStoneWins {
//!     type Score = i32;
//!     fn evaluate(&self, pile: &Pile, player: bool, ctx: EvalContext) -> i32 {
//!         if pile.stones > 0 {
//!             return 0; // not over: no opinion
//!         }
//!         // The player who just moved took the last stone.
//!         if player == pile.first_to_move { i32::loss_in(ctx.ply) } else { i32::win_in(ctx.ply) }
//!     }
//! }
//!
//! // Up to 3 moves per position, up to 16 plies deep.
//! let mut engine: Engine<Pile, LastStoneWins, 3, 16> = Engine::new(LastStoneWins, Config::new());
//! let mut pile = Pile { stones: 10, first_to_move: true };
//! let result = engine.search(&mut pile, &Limits::depth(16)).unwrap();
//! assert_eq!(result.best_move, Some(2));          // leave a multiple of 4
//! assert_eq!(result.score, i32::win_in(5));       // a win 5 plies away (2, then 4 + 4)
//! assert_eq!(result.score.mate_distance(), Some(5));
//! assert!(result.exact);                          // every line reached the end of the game
//! assert_eq!(result.pv.len(), 5);
//! ```
//!
//! ## Modules
//!
//! | module | what |
//! |---|---|
//! | [`game`] | the [`Game`] and [`Evaluator`] traits, [`MoveList`] |
//! | [`score`] | the [`Score`] trait for `i32`, `f32`, `f64`; win/loss scores with distances |
//! | [`search`] | the [`Engine`], its [`Config`] and [`SearchResult`] |
//! | [`clock`] | the [`Clock`] trait, [`Limits`] of one search, `StdClock` under `std` |
//! | [`error`] | [`SearchError`] |
//! | [`tt`] | the lock-free transposition table ([`TranspositionTable`](tt::TranspositionTable), [`TableSlice`](tt::TableSlice)) and its slots; under `std` the one-thread tables (`SoloTable`, and `CompactTable`: a partial key in a prime number of entries of a few bytes) |
//! | [`ordering`] | move ordering: the [`MoveSorter`](ordering::MoveSorter) trait and the default sorter (PV, table, killers, history) |
//! | [`zobrist`] | Zobrist key tables drawn from a seed |
//! | [`multiplayer`] | games of more than two players: paranoid, max^n, best-reply search |
//! | [`chance`] | games with dice: chance nodes, expectimax with Star1 and Star2 pruning |
//! | [`mcts`] | Monte Carlo tree search: UCT, MCTS-Solver, playouts, in a fixed arena; also for more than two players |
//! | [`games`] | tic-tac-toe, Connect Four, grid survivor and Hog (dice), used by the examples, tests and benchmarks |
//! | `parallel` (`std`) | `ParallelEngine`: ABDADA, root/PV splitting and Lazy SMP on a thread pool |
//! | `tree` (`std`) | game-tree files (`ROOT … VALUE … END`) and a reference minimax/alpha-beta |
//! | `trace` (`std`) | traces of searches (windows, values, cuts) and their Graphviz drawing |
//!
//! ## Features
//!
//! | feature | what |
//! |---|---|
//! | (without `std`) | `no_std`, no allocation: everything a microcontroller needs |
//! | `std` | `StdClock`, the game-tree file reader, parallel search (`parallel`), search traces |
//! | `refinements` (default) | aspiration windows and MTD(f) at the root, null-move pruning, strength levels: without it a configuration asking for one fails with `SearchError::InvalidConfig` (a firmware saves their flash) |
//! | `portable-atomic` | targets without compare-and-swap (Cortex-M0, `riscv32imc`) |
//! | `one-loop` (`std`) | every search on the one node loop that reads the configuration at run time, as without `std`, instead of a loop compiled for each common configuration: less code (0.5 MB of the C library), a few percent more instructions per node |

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![warn(clippy::all)]

pub mod chance;
pub mod clock;
mod compact;
pub mod error;
pub mod game;
pub mod games;
pub mod mcts;
pub mod multiplayer;
pub mod ordering;
#[cfg(feature = "std")]
pub mod parallel;
pub mod score;
pub mod search;
mod slot;
#[cfg(feature = "std")]
pub mod trace;
#[cfg(feature = "std")]
pub mod tree;
pub mod tt;
pub mod zobrist;

/// The README's Rust examples, compiled and run as documentation tests, so that none drifts
/// from the code.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;

/// The C header generated from the `ffi/` layer by this build (`ffi` feature only), for the
/// test that the committed `include/alphabeta.h` is current.
#[cfg(feature = "ffi")]
#[doc(hidden)]
pub const GENERATED_C_HEADER: &str = include_str!(concat!(env!("OUT_DIR"), "/alphabeta.h"));

#[cfg(feature = "std")]
pub use clock::StdClock;
pub use clock::{Clock, Limits};
pub use error::{KeyCheck, SearchError};
pub use game::{EvalContext, Evaluator, Game, MoveList, Solved};
pub use score::{Mate, Score, MAX_MATE_PLY};
pub use search::{
    Algorithm, Analysis, Config, Engine, Futility, IterationInfo, LogReduction, NullMoveReduction,
    ParallelScheme, RootMove, RootSearch, SearchResult, SearchStats, Solution, Strength, TtCutoffs,
    WindowResult, WindowSearch,
};
pub use tt::MoveCode;

/// An engine whose transposition table is a `static` [`TranspositionTable`](tt::TranspositionTable)
/// of `SLOTS` slots (no heap: the firmware's table), with the default move sorter: the type to
/// write where an engine is kept, in a struct for instance.
///
/// ```
/// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
/// use alphabeta::tt::TranspositionTable;
/// use alphabeta::{Config, Engine, Limits, StaticTableEngine};
///
/// static TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();
///
/// struct Player {
///     engine: StaticTableEngine<Board, TicTacToeEval, 9, 9, 4096>,
/// }
///
/// let mut player =
///     Player { engine: Engine::new(TicTacToeEval, Config::new()).with_table(&TABLE) };
/// let result = player.engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
/// assert_eq!(result.score, 0);
/// ```
pub type StaticTableEngine<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, const SLOTS: usize> =
    Engine<
        G,
        E,
        MAX_MOVES,
        MAX_PLY,
        &'static tt::TranspositionTable<<E as Evaluator<G>>::Score, SLOTS>,
    >;

/// An engine whose transposition table is a [`HeapTable`](tt::HeapTable) sized at run time
/// (`std`), borrowed for `'t`, with the default move sorter.
///
/// ```
/// use alphabeta::games::tictactoe::{Board, TicTacToeEval};
/// use alphabeta::tt::HeapTable;
/// use alphabeta::{Config, Engine, HeapTableEngine, Limits};
///
/// struct Player<'t> {
///     engine: HeapTableEngine<'t, Board, TicTacToeEval, 9, 9>,
/// }
///
/// let table = HeapTable::with_mib(1).expect("1 MiB");
/// let mut player = Player { engine: Engine::new(TicTacToeEval, Config::new()).with_table(&table) };
/// let result = player.engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
/// assert_eq!(result.score, 0);
/// ```
#[cfg(feature = "std")]
pub type HeapTableEngine<'t, G, E, const MAX_MOVES: usize, const MAX_PLY: usize> =
    Engine<G, E, MAX_MOVES, MAX_PLY, &'t tt::HeapTable<<E as Evaluator<G>>::Score>>;

/// What a program that implements a game and searches it needs, in one `use`:
///
/// ```
/// use alphabeta::prelude::*;
/// ```
///
/// The traits ([`Game`], [`Evaluator`], [`Score`], [`MoveCode`], [`Clock`]), the engine and its
/// options ([`Engine`], [`Config`], [`Limits`], [`SearchResult`], [`SearchError`]), the move list
/// and the evaluation context, the tables and the engine type aliases.
pub mod prelude {
    #[cfg(feature = "std")]
    pub use crate::tt::{HeapTable, SoloTable};
    pub use crate::tt::{MoveCode, TranspositionTable};
    pub use crate::{
        Clock, Config, Engine, EvalContext, Evaluator, Game, Limits, Mate, MoveList, Score,
        SearchError, SearchResult, StaticTableEngine,
    };
    #[cfg(feature = "std")]
    pub use crate::{HeapTableEngine, StdClock};
}
