#!/usr/bin/env bash
# Builds the browser page into examples-web/dist/ (not committed): the engine for
# wasm32-unknown-unknown, its JavaScript glue by the wasm-bindgen CLI, the static files of www/
# and the tree files the teaching view offers. Serve dist/ with any static file server:
#
#   examples-web/build.sh && python3 -m http.server -d examples-web/dist 8000
#
# Needs: rustup target add wasm32-unknown-unknown; the wasm-bindgen CLI of the version the
# crate pins (cargo install wasm-bindgen-cli --version 0.2.129 --locked). Prints the .wasm's
# size and fails when it is over the budget of 100 KiB gzipped (MAX_WASM_GZIP_BYTES).
# Uses $CARGO_TARGET_DIR if set (default examples-web/target).
set -euo pipefail
cd "$(dirname "$0")"
BUDGET=${MAX_WASM_GZIP_BYTES:-102400}
VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
command -v wasm-bindgen >/dev/null || {
    echo "wasm-bindgen not found: cargo install wasm-bindgen-cli --version $VERSION --locked" >&2
    exit 1
}
installed=$(wasm-bindgen --version | cut -d' ' -f2)
[ "$installed" = "$VERSION" ] || {
    echo "wasm-bindgen $installed found, the crate pins $VERSION:" \
        "cargo install wasm-bindgen-cli --version $VERSION --locked --force" >&2
    exit 1
}
cargo build --release --target wasm32-unknown-unknown
target=${CARGO_TARGET_DIR:-target}
rm -rf dist
mkdir -p dist/trees
# Without the name section (the functions' names, for debuggers and profilers only: 5 KiB
# gzipped) and the producers section. Cargo's .wasm under $target keeps the names, for
# twiggy and a debugger (see docs/performance.md, The browser build).
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir dist/pkg "$target/wasm32-unknown-unknown/release/alphabeta_web.wasm"
cp www/* dist/
for tree in seed-example textbook-3ply uneven-depth ties random-05; do
    cp "../tests/data/trees/$tree.tree" dist/trees/
done
wasm=dist/pkg/alphabeta_web_bg.wasm
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "wasm: $raw bytes, $gz bytes gzipped (gzip -9; budget $BUDGET)"
if [ "$gz" -gt "$BUDGET" ]; then
    echo "the .wasm is over its budget of $BUDGET bytes gzipped" >&2
    exit 1
fi
