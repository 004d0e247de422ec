#!/usr/bin/env bash
# The C library as a user installs it: `cargo cinstall` (cargo-c) into a temporary prefix,
# shared and static, then a C host built through pkg-config and the C and C++ hosts through
# CMake (examples-c/cmake), each run; prints the installed libraries' sizes (also of the build
# for size, `--features alphabeta-engine/one-loop`). Fails at the first step that does not work.
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

# The installed libraries' sizes in bytes: as installed, and the archive without the debug
# information of the standard library's objects that it carries (`strip --strip-debug`).
sizes() { # prefix
  local a="$1/lib/libalphabeta.a" so
  so="$(readlink -f "$1/lib/libalphabeta.so")"
  strip --strip-debug -o "$work/stripped.a" "$a"
  echo "sizes: libalphabeta.a $(stat -c %s "$a") ($(stat -c %s "$work/stripped.a") after strip --strip-debug)," \
    "$(basename "$so") $(stat -c %s "$so")"
  rm "$work/stripped.a"
}

echo "== cargo cinstall: shared and static library, pkg-config file, headers"
cargo cinstall --profile capi --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/usr" --libdir lib
for f in lib/libalphabeta.a lib/libalphabeta.so lib/pkgconfig/alphabeta.pc \
  include/alphabeta.h include/alphabeta.hpp; do
  test -e "$work/usr/$f" || { echo "FAILED: $f was not installed"; exit 1; }
done
sizes "$work/usr"
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
cargo cinstall --profile capi --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/static" \
  --libdir lib --library-type staticlib
PKG_CONFIG_PATH="$work/static/lib/pkgconfig" cc -std=c99 -O2 "$root/examples-c/tictactoe.c" \
  $(PKG_CONFIG_PATH="$work/static/lib/pkgconfig" pkg-config --cflags --libs alphabeta) \
  -o "$work/tictactoe-static"
if ldd "$work/tictactoe-static" | grep -q alphabeta; then
  echo "FAILED: the static build links the shared library"
  exit 1
fi
check "tictactoe (static)" "$work/tictactoe-static" --solve XX.OO....

echo "== the build for size (one node loop for every configuration): the same hosts, smaller"
cargo cinstall --profile capi --manifest-path "$root/ffi/Cargo.toml" --prefix "$work/one" \
  --libdir lib --features alphabeta-engine/one-loop
sizes "$work/one"
# Linked statically as above: the archive by its path (the prefix has the shared library too),
# the system libraries from alphabeta.pc.
libs="$(PKG_CONFIG_PATH="$work/one/lib/pkgconfig" pkg-config --static --libs-only-l alphabeta)"
cc -std=c99 -O2 "$root/examples-c/tictactoe.c" -I"$work/one/include" \
  "$work/one/lib/libalphabeta.a" ${libs/-lalphabeta/} -o "$work/tictactoe-one"
check "tictactoe (one loop, static)" "$work/tictactoe-one" --solve XX.OO....
# The cost of the one loop: the instructions of a search of the whole game, both builds.
if command -v valgrind >/dev/null; then
  for build in static one; do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/tictactoe-$build" \
      --solve ......... 2>&1 >/dev/null | sed -nE "s/.*refs: *(.*)/instructions ($build): \1/p"
  done
fi

echo "== capacities chosen at build time: the host compiled with the same macros"
ALPHABETA_MAX_MOVES=12 ALPHABETA_MAX_PLY=100 cargo cinstall --profile capi \
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
