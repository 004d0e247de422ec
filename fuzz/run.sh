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
  # c_abi: no leak check after each input. Its engines run thread pools (rayon), whose
  # work-stealing deques free memory lazily through crossbeam-epoch, on whichever thread next
  # advances the epoch, so an input's allocations and frees need not balance and libFuzzer's
  # check, which then scans the heap while pool threads come and go, is racy: it disables
  # itself after a few such inputs ("libFuzzer disabled leak detection after every
  # mutation"), and once reported 32 bytes from a pool thread that no rerun of the input
  # reproduced. Leaks through the C ABI are checked deterministically instead: valgrind's full
  # leak check on the C examples and the misuse test with a 2-thread engine (`make -C
  # examples-c valgrind`), and ffi/tests/threads.rs counting every copy made and freed.
  leaks=1
  if [ "$target" = c_abi ]; then leaks=0; fi
  if ! cargo +nightly fuzz run -a "$target" "$work/$target" -- -detect_leaks="$leaks" \
      -max_total_time="$seconds" -timeout=10 -print_final_stats=1 2>"$work/$target.log"; then
    # The report from its first line (a leak's allocation stack is at the top of it), then
    # the end with the input.
    sed -n '/ERROR: \|panicked at/,$p' "$work/$target.log" | head -n 150
    printf '[...]\n'
    tail -n 30 "$work/$target.log"
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
