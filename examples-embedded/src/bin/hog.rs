//! The dice demo: Hog (a race to 10 with up to 3 dice a turn) searched by the chance engine,
//! expectimax with Star1 and Star2 and a static 256-slot transposition table: two positions
//! solved to the end of the game, a depth-6 search and a plain expectimax search of the start;
//! every value, move and node count checked against the host's, and the verdict as the exit
//! status.
#![no_std]
#![no_main]

use alphabeta_embedded::board::{self, Checker, Memory, StaticSlot, SysTickClock};
use alphabeta_embedded::demo;
use cortex_m_rt::entry;

/// The transposition table: 4 KiB of `.bss`.
static TABLE: demo::Table = demo::Table::new();
/// The engine, built in place at start-up.
static ENGINE: StaticSlot<demo::HogEngine> = StaticSlot::new();

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        board::exit(board::exit_code::PANIC)
    };
    let clock = SysTickClock::start(peripherals.SYST);
    let Some(engine) = ENGINE.init_with(|| demo::hog_engine(&TABLE)) else {
        board::exit(board::exit_code::PANIC)
    };
    let mut checker =
        Checker::new("dice (Hog) demo", &clock, &[&board::expected::HOG], Memory::TABLE);
    demo::hog(engine, &TABLE, &mut checker);
    checker.finish()
}
