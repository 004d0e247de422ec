//! alphabeta on Cortex-M boards under QEMU: the searches of the demos ([`demo`], and `chess`
//! with the `chess` feature; both shared with the host-side `build.rs`) and what the firmware
//! needs around them ([`board`]: a SysTick [`Clock`](alphabeta::Clock), semihosting output and
//! exit, stack painting, and the checker that compares every result with the host's).
#![no_std]
#![deny(missing_docs)]

pub mod demo;

#[cfg(feature = "chess")]
pub mod chess;

#[cfg(all(target_arch = "arm", target_os = "none", board_known))]
pub mod board;
