//! Example games, used by the examples, the tests and the benchmarks, and a model for your own.
//!
//! All are `no_std` and heap-free, so the microcontroller demos search them too.

pub mod connect4;
pub mod grid_survivor;
pub mod hog;
pub mod mnk;
pub mod othello;
pub mod tictactoe;
