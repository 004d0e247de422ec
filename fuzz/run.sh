#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 60) from a copy of the kept
# corpus (fuzz/corpus/<target>/), so that the run never changes the repository. Fails if a
# target finds a crash; the input is then in fuzz/artifacts/<target>/.
#
# Needs nightly and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# Usage: fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-60}"
targets=(tree_reader differential c_abi)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# -a: debug assertions and overflow checks on, so that an arithmetic overflow is a crash too.
cargo +nightly fuzz build -a

failed=()
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  if [ -d "corpus/$target" ]; then cp -R "corpus/$target/." "$work/$target/"; fi
  printf '\n== fuzz %s for %ss\n' "$target" "$seconds"
  # -timeout: one input running longer than 10 s counts as a crash (a hang).
  if ! cargo +nightly fuzz run -a "$target" "$work/$target" -- \
      -max_total_time="$seconds" -timeout=10 -print_final_stats=1 2>"$work/$target.log"; then
    tail -n 60 "$work/$target.log"
    failed+=("$target")
  else
    grep -E '^(Done|stat::number_of_executed_units)' "$work/$target.log" || true
  fi
done

if ((${#failed[@]})); then
  printf '\nfuzzing found crashes in: %s (inputs in fuzz/artifacts/)\n' "${failed[*]}"
  exit 1
fi
printf '\nfuzzing: %s ran %ss each, no crash\n' "${targets[*]}" "$seconds"
