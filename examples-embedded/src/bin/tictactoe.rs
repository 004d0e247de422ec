//! The tic-tac-toe demo: solves the game from the empty board with a static engine and a
//! static 256-slot transposition table, searches it again under a time limit on the SysTick,
//! checks every result against the host's, and exits with the verdict. This is the demo whose
//! footprint the README reports for the Cortex-M0.
#![no_std]
#![no_main]

use alphabeta_embedded::board::{self, Checker, Memory, StaticSlot, SysTickClock};
use alphabeta_embedded::demo;
use cortex_m_rt::entry;

/// The transposition table: 4 KiB of `.bss`.
static TABLE: demo::Table = demo::Table::new();
/// The engine, built in place at start-up (2.4 KiB of `.bss`).
static ENGINE: StaticSlot<demo::TicTacToeEngine> = StaticSlot::new();

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        board::exit(board::exit_code::PANIC)
    };
    let clock = SysTickClock::start(peripherals.SYST);
    let Some(engine) = ENGINE.init_with(|| demo::tictactoe_engine(&TABLE)) else {
        board::exit(board::exit_code::PANIC)
    };
    let mut checker =
        Checker::new("tic-tac-toe demo", &clock, &[&board::expected::TICTACTOE], Memory::TABLE);
    demo::tictactoe(engine, &TABLE, Some(&clock), &mut checker);
    checker.finish()
}
