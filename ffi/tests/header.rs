//! The committed header `include/alphabeta.h` must be exactly what cbindgen generates from the
//! code now. If this fails, regenerate it and commit the result:
//!
//! ```text
//! ALPHABETA_UPDATE_HEADER=1 cargo test -p alphabeta-ffi --test header
//! ```

#[test]
fn the_committed_header_is_current() {
    let committed = include_str!("../../include/alphabeta.h");
    assert!(
        committed == alphabeta::GENERATED_C_HEADER,
        "include/alphabeta.h differs from a fresh cbindgen run: regenerate it with \
         `ALPHABETA_UPDATE_HEADER=1 cargo test -p alphabeta-ffi --test header` and commit it"
    );
}

#[test]
fn the_header_declares_every_export_with_the_prefix() {
    let header = alphabeta::GENERATED_C_HEADER;
    for name in [
        "alphabeta_status_message",
        "alphabeta_version",
        "alphabeta_engine_size",
        "alphabeta_engine_init",
        "alphabeta_engine_new",
        "alphabeta_engine_free",
        "alphabeta_engine_stop",
        "alphabeta_search",
        "alphabeta_search_window",
        "alphabeta_solve_window",
        "alphabeta_solve_window_double",
        "alphabeta_config_default",
    ] {
        assert!(header.contains(&format!("{name}(")), "{name} is not declared");
    }
    assert!(header.contains("#ifndef ALPHABETA_H") && header.contains("extern \"C\" {"));
    assert!(header.contains("#define ALPHABETA_VERSION_STRING \"0.1.0\""));
}
