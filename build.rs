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
             #define ALPHABETA_LOSS_IN(ply) (-ALPHABETA_WIN_IN(ply))\n"
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
