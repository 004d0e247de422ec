//! The shared library's SONAME on Linux, for a build with `cargo rustc --crate-type cdylib`
//! (`examples-c/Makefile`): `libalphabeta_ffi.so.0`, so that a program linked against it
//! records a versioned name. `cargo cinstall` (cargo-c) names the library itself
//! (`libalphabeta.so.0.1`), so this stays out of its builds (they set `--cfg cargo_c`).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let cargo_c = std::env::var_os("CARGO_CFG_CARGO_C").is_some();
    if linux && !cargo_c {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libalphabeta_ffi.so.0");
    }
}
