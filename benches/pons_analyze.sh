#!/usr/bin/env bash
# Line-by-line comparison of `connect4 --analyze` (examples/connect4.rs) with Pascal Pons'
# solver in its analysis mode (`-a`: every column's score, -1000 for a full column) on his
# test sets.
#
#   PONS_BIN=/path/to/c4solver bash benches/pons_analyze.sh [SET ...]   # default: L3 L2 L1
#   PONS_BIN=/path/to/c4solver bash benches/pons_analyze.sh --lines 100 L1   # first 100
#
# His solver is not part of this project (AGPL) and is not built here: PONS_BIN is the path
# of a c4solver binary you built yourself, outside this repository, from his repository
# (github.com/PascalPons/connect4) as it stands (its main.cpp has the `-a` option), with his
# Makefile's flags (`g++ --std=c++11 -W -Wall -O3 -DNDEBUG`, his default table of 2^24
# entries). Nothing of his is copied into the project. His main reads moves only, so the
# scores of the sets' lines are cut off first; ours reads the same input. It prints, per
# set, the lines compared and how many are identical, and the first differences; the outputs
# stay in the target directory. Both run one after the other (this compares values, not
# speed: his `-a` solves each column's position on its own, with the same table).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
lines=""
sets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --lines) lines="${2:?--lines N}"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) sets+=("$1"); shift ;;
  esac
done
[ ${#sets[@]} -gt 0 ] || sets=(L3 L2 L1)
pons="${PONS_BIN:-}"
[ -n "$pons" ] && [ -x "$pons" ] || {
  echo "pons_analyze.sh: set PONS_BIN to Pons' c4solver, built outside this repository (see --help)" >&2
  exit 2
}
pons="$(cd "$(dirname "$pons")" && pwd)/$(basename "$pons")"

out="$target/pons-analyze"
mkdir -p "$out"
(cd "$root" && cargo build -q --release --features std --example connect4)
ours="$target/release/examples/connect4"

for set in "${sets[@]}"; do
  input="$root/tests/data/connect4/Test_${set}_R1"
  [ -f "$input" ] || { echo "pons_analyze.sh: no set $set" >&2; exit 2; }
  if [ -n "$lines" ]; then head -n "$lines" "$input"; else cat "$input"; fi | cut -d' ' -f1 > "$out/$set.in"
  # His main loads an opening book when it finds one; there is none here (it says so).
  (cd "$out" && "$pons" -a < "$set.in" > "$set.pons" 2> "$set.pons.err")
  "$ours" --analyze "$out/$set.in" > "$out/$set.ours"
  total=$(wc -l < "$out/$set.in")
  same=$(paste -d'\n' "$out/$set.pons" "$out/$set.ours" | awk 'NR % 2 { a = $0; next } a == $0 { n++ } END { print n + 0 }')
  echo "$set: $total positions, $same identical lines (his $(wc -l < "$out/$set.pons"), ours $(wc -l < "$out/$set.ours"))"
  diff "$out/$set.pons" "$out/$set.ours" | head -n 6 || true
done
