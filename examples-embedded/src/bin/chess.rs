//! The chess demo: the chess engine of `alphabeta-chess` built without `std` (its position,
//! PeSTO evaluation and search configuration) with a static 8,192-slot transposition table
//! (128 KiB), solving Win At Chess position 1, a mate in two: it prints the key move, the mate
//! distance and the node count, checks the search against the host's, and exits with the
//! verdict. Cortex-M4 board only: cozy-chess's move tables take 688 KiB of flash, more than
//! the 256 KiB of the micro:bit and the LM3S6965.
#![no_std]
#![no_main]

use alphabeta_embedded::board::{self, Checker, Memory, StaticSlot, SysTickClock};
use alphabeta_embedded::chess;
use cortex_m_rt::entry;

/// The transposition table: 128 KiB of `.bss`.
static TABLE: chess::ChessTable = chess::ChessTable::new();
/// The engine, built in place at start-up.
static ENGINE: StaticSlot<chess::ChessEngine> = StaticSlot::new();

#[entry]
fn main() -> ! {
    let Some(peripherals) = cortex_m::Peripherals::take() else {
        board::exit(board::exit_code::PANIC)
    };
    let clock = SysTickClock::start(peripherals.SYST);
    let Some(engine) = ENGINE.init_with(|| chess::chess_engine(&TABLE)) else {
        board::exit(board::exit_code::PANIC)
    };
    let memory = Memory {
        what: "table",
        count: chess::CHESS_TABLE_SLOTS,
        unit: "slots",
        bytes: core::mem::size_of::<chess::ChessTable>(),
    };
    let mut checker = Checker::new("chess demo", &clock, &[&board::expected::CHESS], memory);
    let solution = chess::mate_in_two(engine, &TABLE, &mut checker);
    let out = checker.out();
    out.str("WAC.001: ");
    match solution {
        Some(solution) => {
            out.str("best move ").str(solution.best.as_str());
            match solution.mate_plies {
                Some(plies) => {
                    out.str(", mate in ").u64(u64::from(plies.div_ceil(2)));
                    out.str(" (").u64(u64::from(plies)).str(" plies)");
                }
                None => {
                    out.str(", no mate found");
                }
            }
        }
        None => {
            out.str("no move");
        }
    }
    out.nl();
    checker.finish()
}
