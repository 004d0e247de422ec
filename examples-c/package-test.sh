#!/usr/bin/env bash
# The C library as a user installs it: `cargo cinstall` (cargo-c) into a temporary prefix,
# shared and static, then a C host built through pkg-config and the C and C++ hosts through
# CMake (examples-c/cmake), each run. Fails at the first step that does not work.
#
#   examples-c/package-test.sh            # needs cargo-c 0.10.24+, pkg-config, cmake, cc, c++
#
# Honours CARGO_TARGET_DIR. The prefixes are removed at the end.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
want="value 1 best 2"

check() { # what program args...
  local what="$1"
  shift
  local got
  got="$("$@")"
  if [[ "$got" != "$want" ]]; then
    echo "FAILED: $what printed '$got', want '$want'"
    exit 1
  fi
  echo "$what: $got"
}

echo "== cargo cinstall: shared and static library, pkg-config file, headers"
cargo cinstall --release --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/usr" --libdir lib
for f in lib/libalphabeta.a lib/libalphabeta.so lib/pkgconfig/alphabeta.pc \
  include/alphabeta.h include/alphabeta.hpp; do
  test -e "$work/usr/$f" || { echo "FAILED: $f was not installed"; exit 1; }
done
soname="$(readelf -d "$work/usr/lib/libalphabeta.so" | sed -nE 's/.*SONAME.*\[(.*)\]/\1/p')"
echo "SONAME: $soname"
[[ "$soname" == libalphabeta.so.* ]] || { echo "FAILED: no versioned SONAME"; exit 1; }

export PKG_CONFIG_PATH="$work/usr/lib/pkgconfig"
echo "== a C host through pkg-config, against the shared library"
cc -std=c99 "$root/examples-c/tictactoe.c" $(pkg-config --cflags --libs alphabeta) \
  -Wl,-rpath,"$(pkg-config --variable=libdir alphabeta)" -o "$work/tictactoe-shared"
check "tictactoe (shared)" "$work/tictactoe-shared" --solve XX.OO....

echo "== the C and C++ hosts through CMake (pkg_check_modules)"
cmake -S "$root/examples-c/cmake" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/usr" >/dev/null
cmake --build "$work/cmake" >/dev/null
check "tictactoe (CMake, C)" "$work/cmake/tictactoe" --solve XX.OO....
check "tictactoe_cpp (CMake, C++)" "$work/cmake/tictactoe_cpp" --solve XX.OO....

echo "== cargo cinstall --library-type staticlib: a C host through pkg-config, static"
cargo cinstall --release --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/static" \
  --libdir lib --library-type staticlib
PKG_CONFIG_PATH="$work/static/lib/pkgconfig" cc -std=c99 "$root/examples-c/tictactoe.c" \
  $(PKG_CONFIG_PATH="$work/static/lib/pkgconfig" pkg-config --cflags --libs alphabeta) \
  -o "$work/tictactoe-static"
if ldd "$work/tictactoe-static" | grep -q alphabeta; then
  echo "FAILED: the static build links the shared library"
  exit 1
fi
check "tictactoe (static)" "$work/tictactoe-static" --solve XX.OO....

echo "== capacities chosen at build time: the host compiled with the same macros"
ALPHABETA_MAX_MOVES=12 ALPHABETA_MAX_PLY=100 cargo cinstall --release \
  --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/sized" --libdir lib \
  --library-type staticlib
export PKG_CONFIG_PATH="$work/sized/lib/pkgconfig"
cc -std=c99 -DALPHABETA_MAX_MOVES=12 -DALPHABETA_MAX_PLY=100 "$root/examples-c/tictactoe.c" \
  $(pkg-config --cflags --libs alphabeta) -o "$work/tictactoe-sized"
check "tictactoe (12 moves, 100 plies)" "$work/tictactoe-sized" --solve XX.OO....
echo "== the same host without the macros is refused (ALPHABETA_CAPACITIES_MATCH), not crashed"
cc -std=c99 "$root/examples-c/tictactoe.c" $(pkg-config --cflags --libs alphabeta) \
  -o "$work/tictactoe-mismatched"
if "$work/tictactoe-mismatched" --solve XX.OO.... 2>"$work/mismatch.err"; then
  echo "FAILED: a header with other capacities was accepted"
  exit 1
fi
grep -q "the header says 256 moves and 64 plies, the library 12 and 100" "$work/mismatch.err" \
  || { echo "FAILED: unexpected message: $(cat "$work/mismatch.err")"; exit 1; }
echo "mismatch: $(cat "$work/mismatch.err")"
echo "packaging: all passed"
