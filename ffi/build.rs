//! The C library's capacities, chosen when it is built, and the header that states them.
//!
//! `ALPHABETA_MAX_MOVES` (the most moves a position may have) and `ALPHABETA_MAX_PLY` (the
//! deepest search, in plies) are read from the environment; without them the library has 256
//! moves and 64 plies, or 64 and 32 with the `small` feature. They become the constants of
//! `$OUT_DIR/capacities.rs`. The header's `ALPHABETA_MAX_MOVES` and `ALPHABETA_MAX_PLY` have
//! the defaults; a host that links a library built otherwise defines them to match (the
//! header's `ALPHABETA_CAPACITIES_MATCH()` checks that at run time).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// The most moves a build may choose: a move list of this many moves (and their ordering
/// keys) sits on the stack at every ply.
const MOVES_LIMIT: usize = 4096;
/// The deepest search a build may choose: the principal-variation table grows with its
/// square, and the multi-player search keeps its engine on the caller's stack.
const PLY_LIMIT: usize = 256;

fn capacity(name: &str, default: usize, limit: usize) -> usize {
    println!("cargo:rerun-if-env-changed={name}");
    let Ok(text) = env::var(name) else { return default };
    match text.trim().parse::<usize>() {
        Ok(value) if (1..=limit).contains(&value) => value,
        _ => panic!(
            "\n\n{name}={text:?}: the C library's {what} must be a whole number from 1 to {limit} \
             (unset: {default})\n\n",
            what = if name.ends_with("MOVES") { "move capacity" } else { "ply capacity" },
        ),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let small = env::var_os("CARGO_FEATURE_SMALL").is_some();
    let max_moves = capacity("ALPHABETA_MAX_MOVES", if small { 64 } else { 256 }, MOVES_LIMIT);
    let max_ply = capacity("ALPHABETA_MAX_PLY", if small { 32 } else { 64 }, PLY_LIMIT);

    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut constants = String::new();
    writeln!(constants, "/// The most moves a position may have (the move-list capacity).")
        .unwrap();
    writeln!(constants, "pub(crate) const MAX_MOVES: usize = {max_moves};").unwrap();
    writeln!(constants, "/// The deepest search, in plies.").unwrap();
    writeln!(constants, "pub(crate) const MAX_PLY: usize = {max_ply};").unwrap();
    fs::write(out.join("capacities.rs"), constants).expect("write $OUT_DIR/capacities.rs");
}
