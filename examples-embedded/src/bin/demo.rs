//! The full demo: the tic-tac-toe searches, Pons' Connect Four solver on the first eight
//! positions of Test_L3_R1, and a time-limited Connect Four search on the SysTick. The engines
//! take turns in one static slot and share one static 256-slot transposition table (the
//! micro:bit has 16 KiB of RAM: one engine at a time leaves the stack as much of it as can be).
//! Every result is checked against the host's and the exit status says whether all agree.
#![no_std]
#![no_main]

use alphabeta_embedded::board::{self, Checker, Memory, StaticSlot, SysTickClock};
use alphabeta_embedded::demo;
use cortex_m_rt::entry;

/// The transposition table both games use in turn: 4 KiB of `.bss`.
static TABLE: demo::Table = demo::Table::new();

/// The engine of the game being searched. The variants differ in size on purpose: the slot
/// holds one engine at a time, and there is no heap to box the larger one.
#[allow(clippy::large_enum_variant)]
enum Engines {
    TicTacToe(demo::TicTacToeEngine),
    Connect4(demo::Connect4Engine),
}

/// The engines' slot, in `.bss`: as large as the larger engine (Connect Four's, 2.9 KiB).
static ENGINES: StaticSlot<Engines> = StaticSlot::new();

/// Replaces the tic-tac-toe engine by the Connect Four engine, in place (never inlined: the
/// new engine may be built on this function's stack before it is moved into the slot).
#[inline(never)]
fn switch_to_connect4(engines: &mut Engines) -> Option<&mut demo::Connect4Engine> {
    *engines = Engines::Connect4(demo::connect4_engine(&TABLE));
    match engines {
        Engines::Connect4(engine) => Some(engine),
        Engines::TicTacToe(_) => None,
    }
}

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        board::exit(board::exit_code::PANIC)
    };
    let clock = SysTickClock::start(peripherals.SYST);
    let Some(engines) = ENGINES.init_with(|| Engines::TicTacToe(demo::tictactoe_engine(&TABLE)))
    else {
        board::exit(board::exit_code::PANIC)
    };
    let mut checker = Checker::new(
        "full demo",
        &clock,
        &[&board::expected::TICTACTOE, &board::expected::CONNECT4],
        Memory::TABLE,
    );
    if let Engines::TicTacToe(engine) = engines {
        demo::tictactoe(engine, &TABLE, Some(&clock), &mut checker);
    }
    let Some(engine) = switch_to_connect4(engines) else { board::exit(board::exit_code::PANIC) };
    demo::connect4(engine, &TABLE, Some(&clock), &mut checker);
    checker.finish()
}
