//! Generates the C header `include/alphabeta.h` from the `extern "C"` layer in `ffi/` with
//! cbindgen, when the `ffi` feature is on: only the `alphabeta-ffi` crate's tests switch it on
//! (a dev-dependency), so neither Rust users nor builds of the C library compile cbindgen.
//!
//! The fresh header goes to `$OUT_DIR/alphabeta.h`, where a test compares it with the committed
//! `include/alphabeta.h`. `ALPHABETA_UPDATE_HEADER=1` also writes the committed file:
//!
//! ```text
//! ALPHABETA_UPDATE_HEADER=1 cargo test -p alphabeta-ffi --test header
//! ```

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "ffi")]
    header::generate();
}

#[cfg(feature = "ffi")]
mod header {
    use std::env;
    use std::path::PathBuf;

    /// The capacities of the C library (chosen by `ffi/build.rs`) and the engine storage they
    /// need.
    const CAPACITIES: &str = r#"/**
 * The capacities of the library: the most moves a position may have (the buffer that
 * `generate_moves` fills) and the deepest search in plies (also the longest principal
 * variation). They are chosen when the library is built, with ALPHABETA_MAX_MOVES (1 to 4096)
 * and ALPHABETA_MAX_PLY (1 to 256) in the environment of `cargo cinstall` or `cargo rustc`:
 * 256 and 64 by default, 64 and 32 for the `small` library. This header has the defaults:
 * a program that links a library built otherwise defines ALPHABETA_MAX_MOVES and
 * ALPHABETA_MAX_PLY to its values (or ALPHABETA_SMALL for the `small` library) when it
 * compiles, `-DALPHABETA_MAX_MOVES=512` say. ALPHABETA_CAPACITIES_MATCH() checks them
 * against the library at run time; `alphabeta_engine_init` refuses storage too small for the
 * library (ALPHABETA_ERROR_ENGINE_MEMORY), whatever the macros say.
 */
#ifndef ALPHABETA_MAX_MOVES
#ifdef ALPHABETA_SMALL
#define ALPHABETA_MAX_MOVES 64
#else
#define ALPHABETA_MAX_MOVES 256
#endif
#endif
#ifndef ALPHABETA_MAX_PLY
#ifdef ALPHABETA_SMALL
#define ALPHABETA_MAX_PLY 32
#else
#define ALPHABETA_MAX_PLY 64
#endif
#endif

/** Whether the library linked has the capacities of this header (a run-time check). */
#define ALPHABETA_CAPACITIES_MATCH() \
  (alphabeta_max_moves() == ALPHABETA_MAX_MOVES && alphabeta_max_ply() == ALPHABETA_MAX_PLY)

/**
 * The bytes that hold an engine of a library built for `max_ply` plies, on every supported
 * target (32- or 64-bit, with or without the standard library): at least
 * `alphabeta_engine_size()` there (20,384 on x86-64 for 64 plies). A multiple of 8.
 */
#define ALPHABETA_ENGINE_STORAGE_SIZE_FOR(max_ply) \
  (4 * ((max_ply) + 1) * ((max_ply) + 4) + 16 * (max_ply) + 2560)
/** The bytes that hold an engine of the library this header describes. */
#define ALPHABETA_ENGINE_STORAGE_SIZE ALPHABETA_ENGINE_STORAGE_SIZE_FOR(ALPHABETA_MAX_PLY)

/**
 * Static storage for an engine, sized and aligned at compile time and usable from C99 (no
 * `_Alignas`: its `uint64_t` words give it the alignment, ALPHABETA_ENGINE_ALIGN at most).
 * Pass `&storage` and `sizeof storage` to `alphabeta_engine_init`.
 */
typedef struct alphabeta_engine_storage {
  /** The engine's memory. */
  uint64_t words[ALPHABETA_ENGINE_STORAGE_SIZE / 8];
} alphabeta_engine_storage;

/** The bytes of one node of a Monte Carlo arena on every target (alphabeta_mcts_node_size()). */
#define ALPHABETA_MCTS_NODE_SIZE 24

/**
 * Static storage for one node of a Monte Carlo arena, usable from C99: an array of them,
 * `static alphabeta_mcts_node_storage arena[N];`, is an arena of N nodes (pass `arena` and
 * `sizeof arena` to `alphabeta_mcts_init`).
 */
typedef struct alphabeta_mcts_node_storage {
  /** The node's memory. */
  uint32_t words[ALPHABETA_MCTS_NODE_SIZE / 4];
} alphabeta_mcts_node_storage;
"#;

    pub fn generate() {
        let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
        let ffi = root.join("ffi");
        println!("cargo:rerun-if-changed={}", ffi.join("src").display());
        println!("cargo:rerun-if-changed={}", ffi.join("cbindgen.toml").display());
        println!("cargo:rerun-if-env-changed=ALPHABETA_UPDATE_HEADER");

        let mut config = cbindgen::Config::from_file(ffi.join("cbindgen.toml"))
            .unwrap_or_else(|error| panic!("ffi/cbindgen.toml: {error}"));
        let (major, minor, patch) = (
            env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets it"),
            env::var("CARGO_PKG_VERSION_MINOR").expect("cargo sets it"),
            env::var("CARGO_PKG_VERSION_PATCH").expect("cargo sets it"),
        );
        config.after_includes = Some(format!(
            "\n/** The version of this header: major, minor, patch, and as a string. */\n\
             #define ALPHABETA_VERSION_MAJOR {major}\n\
             #define ALPHABETA_VERSION_MINOR {minor}\n\
             #define ALPHABETA_VERSION_PATCH {patch}\n\
             #define ALPHABETA_VERSION_STRING \"{major}.{minor}.{patch}\"\n\
             \n/** A win `ply` plies from the root, and a loss: the scores `evaluate` returns for\n\
             \x20* them, as constant expressions (a ply beyond ALPHABETA_MAX_MATE_PLY counts as\n\
             \x20* ALPHABETA_MAX_MATE_PLY, as in alphabeta_win_in; `ply` is evaluated twice). */\n\
             #define ALPHABETA_WIN_IN(ply) \\\n\
             \x20 (ALPHABETA_WIN - (int32_t)((ply) < ALPHABETA_MAX_MATE_PLY ? (ply) : ALPHABETA_MAX_MATE_PLY))\n\
             #define ALPHABETA_LOSS_IN(ply) (-ALPHABETA_WIN_IN(ply))\n\n{CAPACITIES}"
        ));
        let bindings = cbindgen::Builder::new()
            .with_crate(&ffi)
            .with_config(config)
            .generate()
            .unwrap_or_else(|error| panic!("cbindgen could not read ffi/: {error}"));

        let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("alphabeta.h");
        bindings.write_to_file(&out);
        if env::var_os("ALPHABETA_UPDATE_HEADER").is_some_and(|v| v == "1") {
            bindings.write_to_file(root.join("include").join("alphabeta.h"));
        }
    }
}
