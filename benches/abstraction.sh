#!/bin/sh
# Instructions per solve and per node of the engine and of the hand-written baseline
# (benches/abstraction.rs), counted by callgrind: each side runs at two iteration counts and
# the difference, divided by the difference of the counts, cancels the setup.
#
#   sh benches/abstraction.sh                  # both configurations, the empty board
#   SET=positions sh benches/abstraction.sh    # the 81 positions after one and two moves
#   LOW=50 HIGH=100 CONFIGS=plain sh benches/abstraction.sh
#   CONFIGS="plain plain-no-pv trait trait-pv table table-no-pv table-one-depth table-bare table-solve" sh benches/abstraction.sh
#
# Uses $CARGO_TARGET_DIR if set (default target/). Out files go to /tmp.
set -eu
cd "$(dirname "$0")/.."
LOW=${LOW:-100}
HIGH=${HIGH:-200}
SET=${SET:-empty}
CONFIGS=${CONFIGS:-"plain table"}
OUT=${OUT:-/tmp/abstraction-callgrind}

bin=$(cargo bench --bench abstraction ${FEATURES:+--features "$FEATURES"} --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*abstraction-[^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { echo "bench binary not found" >&2; exit 1; }
echo "binary: $bin"
echo "set: $SET; iterations $LOW and $HIGH; instructions per solve = (I($HIGH) - I($LOW)) / ($HIGH - $LOW)"

# Runs one side and prints "instructions nodes_per_iteration" (extra arguments: --prepare-only).
count() { # side config iterations [--prepare-only]
    out="$OUT-$1-$2-$SET-$3${4:-}.out"
    nodes=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" \
        --only "$1" --config "$2" --set "$SET" --iterations "$3" ${4:-} 2>/dev/null |
        sed -n 's/^nodes_per_iteration //p')
    instructions=$(sed -n 's/^summary: *//p' "$out" | cut -d' ' -f1)
    echo "$instructions $nodes"
}

# Instructions per iteration: the difference of the two runs over the difference of the counts.
per_iteration() { # side config [--prepare-only]
    set -- "$1" "$2" "${3:-}" $(count "$1" "$2" "$LOW" "${3:-}") $(count "$1" "$2" "$HIGH" "${3:-}")
    echo $(( ($6 - $4) / (HIGH - LOW) )) "$7"
}

echo "An iteration is one pass over the set; the table clears (configs table*) are counted apart."
echo "config | side | instructions per iteration | of which table clears | nodes per iteration | instructions per node, clears excluded"
for config in $CONFIGS; do
    for side in engine baseline; do
        set -- $(per_iteration "$side" "$config")
        total=$1 nodes=$2
        clears=0
        case $config in
        table*)
            set -- $(per_iteration "$side" "$config" --prepare-only)
            clears=$1
            ;;
        esac
        per_node=$(awk "BEGIN { printf \"%.1f\", ($total - $clears) / $nodes }")
        echo "$config | $side | $total | $clears | $nodes | $per_node"
        eval "solve_$side=$((total - clears))"
    done
    # shellcheck disable=SC2154
    awk "BEGIN { printf \"$config: engine / baseline instructions per iteration, clears excluded = %.2fx\\n\", $solve_engine / $solve_baseline }"
done
