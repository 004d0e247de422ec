#!/usr/bin/env bash
# Side-by-side comparison of this engine's Othello endgame solver (examples/othello.rs) with
# Edax 4.6, on the same machine, one thread each, on FFO endgame positions.
#
#   EDAX_BIN=/path/to/lEdax-x86-64-v3 bash benches/othello_edax.sh [FILE [FIRST [COUNT]]] [ROUNDS]
#
#   FILE    an FFO/OBF file [tests/data/othello/ffo-20-39.obf]
#   FIRST   the FFO number of its first line, for the printout [20]
#   COUNT   solve only its first COUNT positions [all]
#   ROUNDS  pairs of runs, ours then Edax's (A B A B ...) [1]
#
# EDAX_BIN must be an Edax 4.6 executable (github.com/abulmo/edax-reversi, built with its
# Makefile, outside this repository: nothing of Edax is here) with an evaluation file at
# data/eval.dat beside its bin/ directory, or at $EDAX_EVAL. Edax's real weights are a release
# download; a file of the same size and format holding all-zero weights (a 28-byte header:
# the little-endian words 0x45444158 "EDAX" and 0x4556414c "EVAL", three version words and a
# double, then 61 x 114,364 zero int16 weights) lets its exact solver run and stay exact,
# without its evaluation's move ordering: that is the Edax measured here.
#
# Ours is built by cargo with the environment's RUSTFLAGS and CARGO_TARGET_DIR: to build it for
# the instruction set Edax's Makefile targets (ARCH=x86-64-v3: popcnt, lzcnt, AVX2), run
#   RUSTFLAGS="-C target-cpu=x86-64-v3" CARGO_TARGET_DIR=target/x86-64-v3 EDAX_BIN=... bash ...
#
# Both solve every position exactly (Edax: `-solve FILE -n 1 -l 60`, its default hash table
# of 2^22 entries; ours: `--solve FILE`, its default 64 MiB table of 2^22 slots, cleared before
# every position, with the pattern evaluation's move order; OTHELLO_ARGS=--no-patterns for
# the order without it), under `nice`. Prints per round each side's total nodes and CPU seconds
# (user time of the process, from /usr/bin/time: the machine is shared, so wall time overstates
# both), and the ratios ours/Edax; the last line gives the medians of the per-round ratios.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
file="${1:-$root/tests/data/othello/ffo-20-39.obf}"
first="${2:-20}"
count="${3:-0}"
rounds="${4:-1}"
: "${EDAX_BIN:?set EDAX_BIN to an Edax 4.6 executable (see the comment at the top)}"
edax_dir="$(cd "$(dirname "$EDAX_BIN")/.." && pwd)"
eval_file="${EDAX_EVAL:-$edax_dir/data/eval.dat}"

cargo build --release --features std --example othello --manifest-path "$root/Cargo.toml" \
    >/dev/null 2>&1
ours="${CARGO_TARGET_DIR:-$root/target}/release/examples/othello"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "$count" -gt 0 ]; then
    grep -v '^\s*$' "$file" | head -n "$count" >"$work/set.obf"
else
    grep -v '^\s*$' "$file" >"$work/set.obf"
fi
n=$(wc -l <"$work/set.obf")
echo "positions $n from $file (first #$first), $rounds round(s)"

node_ratios=()
time_ratios=()
for round in $(seq 1 "$rounds"); do
    # shellcheck disable=SC2086
    /usr/bin/time -f "%U" -o "$work/ours.time" nice "$ours" --solve "$work/set.obf" \
        --first "$first" -q ${OTHELLO_ARGS:-} >"$work/ours.out" || { cat "$work/ours.out"; exit 1; }
    our_nodes=$(awk '/^positions/ {print $6}' "$work/ours.out")
    our_cpu=$(cat "$work/ours.time")
    (cd "$edax_dir" && /usr/bin/time -f "%U" -o "$work/edax.time" nice "$EDAX_BIN" \
        -solve "$work/set.obf" -n 1 -l 60 -eval-file "$eval_file" >"$work/edax.out" 2>&1)
    edax_nodes=$(awk '/nodes in/ {for (i = 1; i <= NF; i++) if ($(i+1) == "nodes") print $i}' \
        "$work/edax.out")
    edax_cpu=$(cat "$work/edax.time")
    node_ratio=$(awk -v a="$our_nodes" -v b="$edax_nodes" 'BEGIN {printf "%.3f", a / b}')
    time_ratio=$(awk -v a="$our_cpu" -v b="$edax_cpu" 'BEGIN {printf "%.3f", a / b}')
    node_ratios+=("$node_ratio")
    time_ratios+=("$time_ratio")
    echo "round $round: ours nodes $our_nodes cpu_s $our_cpu | edax nodes $edax_nodes" \
        "cpu_s $edax_cpu | ratio nodes $node_ratio cpu $time_ratio"
    grep -q "mismatches 0" "$work/ours.out" || { echo "ours: mismatch"; cat "$work/ours.out"; }
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "median ratio ours/edax: nodes $(median "${node_ratios[@]}") cpu $(median "${time_ratios[@]}")"
