//! The Monte Carlo demo: MCTS-Solver in a static arena of 256 nodes (5 KiB) recycled when
//! full: two tic-tac-toe boards (a win played at once, and a draw proven from the second
//! ply) and the first eight positions of Pons' Test_L3_R1, each with a budget of 20,000
//! iterations. Every result (proof, move, iterations, arena use) is checked against the same
//! searches on the host, and the exit status says whether all agree.
#![no_std]
#![no_main]

use alphabeta::mcts::Node;
use alphabeta_embedded::board::{self, Checker, Memory, StaticCell, SysTickClock};
use alphabeta_embedded::demo;
use cortex_m_rt::entry;

/// The arena, in `.bss` (an empty node is all zeros).
static ARENA: StaticCell<demo::Arena> = StaticCell::new([Node::EMPTY; demo::ARENA_NODES]);

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        board::exit(board::exit_code::PANIC)
    };
    let clock = SysTickClock::start(peripherals.SYST);
    let Some(arena) = ARENA.take() else { board::exit(board::exit_code::PANIC) };
    let mut checker =
        Checker::new("Monte Carlo demo", &clock, &[&board::expected::MCTS], Memory::ARENA);
    demo::mcts(arena, &mut checker);
    checker.finish()
}
