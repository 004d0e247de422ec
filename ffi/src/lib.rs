//! The C ABI of alphabeta.
//!
//! A C or C++ host describes its game as a table of callbacks ([`alphabeta_game`]), creates an
//! engine (in memory it provides, or on the heap under `std`), and searches. Every function
//! checks its pointers and arguments and returns an [`alphabeta_status`]; none panics across
//! the boundary (panics are caught under `std`; the `no_std` library aborts through its panic
//! handler, `panic-handler` feature). `include/alphabeta.h` is generated from this crate.
//!
//! Thread-safety: an engine is used by one thread at a time, except [`alphabeta_engine_stop`],
//! which any thread (or an interrupt handler) may call while a search runs.
//!
//! | file | what |
//! |---|---|
//! | `status.rs` | [`alphabeta_status`], its messages |
//! | `detail.rs` | [`alphabeta_last_error_detail`]: the culprit of the last failure |
//! | `game.rs` | [`alphabeta_game`] (the callbacks) and its Rust side; the win scores |
//! | `config.rs` | [`alphabeta_config`] |
//! | `limits.rs` | [`alphabeta_limits`], the clocks, the progress callback |
//! | `result.rs` | [`alphabeta_result`], [`alphabeta_window_result`] |
//! | `engine.rs` | the engine's memory and lifetime: init, new, free, stop, clearing |
//! | `search.rs` | [`alphabeta_search`], the window searches and MTD(f) |
//! | `solve.rs` | [`alphabeta_solve`]: the exact solver (null-window tests, no depth) |
//! | `analysis.rs` | [`alphabeta_analyze`]: every root move's score, multi-PV |
//! | `multi.rs` | multi-player games and search |
//! | `chance.rs` | games with chance nodes: expectimax with Star1 and Star2 |
//! | `mcts.rs` | Monte Carlo tree search: its configuration, limits, engines and results |

#![cfg_attr(not(feature = "std"), no_std)]
#![allow(non_camel_case_types)]
#![deny(missing_docs)]

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_void};
use core::mem::{align_of, size_of};
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU8, AtomicUsize, Ordering};

use alphabeta::ordering::{DefaultSorter, OrderingConfig};
use alphabeta::tt::{Slot, Slot32, Slot64, TableSlice};
use alphabeta::{
    Algorithm, Clock, Config, Engine, EvalContext, Evaluator, Futility, Game, IterationInfo,
    Limits, LogReduction, MoveList, NullMoveReduction, RootSearch, Score, SearchError, Strength,
    TtCutoffs,
};

// -------------------------------------------------------------------------------------------
// Capacities: `MAX_MOVES` and `MAX_PLY`, chosen when the library is built (`build.rs`: the
// `ALPHABETA_MAX_MOVES` and `ALPHABETA_MAX_PLY` environment variables; 256 and 64 by default,
// 64 and 32 with the `small` feature).
include!(concat!(env!("OUT_DIR"), "/capacities.rs"));

mod analysis;
mod chance;
mod config;
mod detail;
mod engine;
mod game;
mod limits;
mod mcts;
mod multi;
mod result;
mod search;
mod solve;
mod status;

pub use analysis::*;
pub use chance::*;
pub use config::*;
pub use detail::alphabeta_last_error_detail;
pub use engine::*;
pub use game::*;
pub use limits::*;
pub use mcts::*;
pub use multi::*;
pub use result::*;
pub use search::*;
pub use solve::*;
pub use status::*;
// The modules' crate-private items, for one another (each module starts with `use super::*`).
use alphabeta_status::*;
use detail::Value;
#[allow(unused_imports)]
use {analysis::*, config::*, engine::*, game::*, limits::*, result::*, search::*, status::*};

/// The library's version as a static string, `"MAJOR.MINOR.PATCH"` (compare with the
/// header's `ALPHABETA_VERSION_STRING`).
#[no_mangle]
pub extern "C" fn alphabeta_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The most moves a position may have in this build (the move buffer's capacity): the
/// header's `ALPHABETA_MAX_MOVES` for the library it describes.
#[no_mangle]
pub extern "C" fn alphabeta_max_moves() -> usize {
    MAX_MOVES
}

/// The deepest search in plies in this build (also the most moves a PV can hold): the
/// header's `ALPHABETA_MAX_PLY` for the library it describes.
#[no_mangle]
pub extern "C" fn alphabeta_max_ply() -> usize {
    MAX_PLY
}

/// A no_std static library's panic handler: abort, as firmware expects (an undefined
/// instruction on Arm, so the HardFault handler reports it; a spin elsewhere). Only with the
/// `panic-handler` feature.
#[cfg(all(feature = "panic-handler", not(feature = "std"), not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    // On Arm, a permanently undefined instruction: the firmware's HardFault handler sees it
    // (and a debugger stops there). Elsewhere, spin.
    #[cfg(target_arch = "arm")]
    // SAFETY: `udf` only raises an exception; it never returns.
    unsafe {
        core::arch::asm!("udf #0", options(noreturn))
    }
    #[cfg(not(target_arch = "arm"))]
    loop {
        core::hint::spin_loop();
    }
}
