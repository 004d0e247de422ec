#!/usr/bin/env bash
# The Rust firmware demos on the three QEMU boards, and the C firmware demo (c/run.sh) on the
# Cortex-M4 board: builds them, runs each under QEMU, and fails when a firmware exits non-zero
# (a result that differs from the host's, a search error, a stack overflow, a fault or a panic)
# or does not print its verdict. Then prints the footprint of each demo on each board (flash,
# static RAM, stack high-water mark).
#
#   examples-embedded/run.sh            # all boards (boards/boards.txt), all demos
#   BOARDS="microbit" examples-embedded/run.sh
#   DEMOS="tictactoe hog" examples-embedded/run.sh   # some demos only (built and run)
#
# The chess demo is built with the crate's `chess` feature, in a build of its own, and runs on
# the Cortex-M4 board only: cozy-chess's move tables take 688 KiB of flash, and the micro:bit
# and the LM3S6965 have 256 KiB.
#
# Needs the rustup targets of boards/boards.txt and qemu-system-arm (Debian package
# qemu-system-arm); sizes come from arm-none-eabi-size (binutils-arm-none-eabi) or llvm-size.
# The C demo (when mps2-an386 is selected) needs gcc-arm-none-eabi too. Honours
# CARGO_TARGET_DIR; stops at the first demo that fails.
set -euo pipefail
cd "$(dirname "$0")"

ALL_DEMOS=(tictactoe demo hog mcts chess)
read -r -a DEMOS <<<"${DEMOS:-${ALL_DEMOS[*]}}"
for demo in "${DEMOS[@]}"; do
  if [[ " ${ALL_DEMOS[*]} " != *" $demo "* ]]; then
    echo "run.sh: no demo named $demo (demos: ${ALL_DEMOS[*]})" >&2
    exit 2
  fi
done

# The boards: name, Rust target and machine, from the table qemu.sh and build.rs read too.
declare -a names targets
while read -r name target _machine _clock _shift; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if [[ -n "${BOARDS:-}" && " $BOARDS " != *" $name "* ]]; then continue; fi
  names+=("$name")
  targets+=("$target")
done <boards/boards.txt
if [[ ${#names[@]} -eq 0 ]]; then
  echo "run.sh: no board selected" >&2
  exit 2
fi

size_tool=""
for tool in arm-none-eabi-size llvm-size; do
  if command -v "$tool" >/dev/null; then
    size_tool="$tool"
    break
  fi
done
if [[ -z "$size_tool" ]]; then
  echo "run.sh: neither arm-none-eabi-size nor llvm-size is installed" >&2
  exit 2
fi

# Whether a demo runs on a board: every demo on every board, but chess on the Cortex-M4 board
# only (its flash).
runs_on() {
  local demo="$1" board="$2"
  [[ "$demo" != chess || "$board" == mps2-an386 ]]
}

# The demos but chess in one build for every selected board; chess, with its feature, in a
# build of its own for the boards it runs on.
target_args=()
chess_target_args=()
for i in "${!names[@]}"; do
  target_args+=(--target "${targets[$i]}")
  if runs_on chess "${names[$i]}"; then chess_target_args+=(--target "${targets[$i]}"); fi
done
bin_args=()
chess=0
for demo in "${DEMOS[@]}"; do
  if [[ "$demo" == chess ]]; then chess=1; else bin_args+=(--bin "$demo"); fi
done
if [[ ${#bin_args[@]} -gt 0 ]]; then
  echo "== build: ${bin_args[*]} for ${targets[*]}"
  cargo build --release "${bin_args[@]}" "${target_args[@]}"
fi
if [[ $chess -eq 1 && ${#chess_target_args[@]} -gt 0 ]]; then
  echo "== build: chess (feature chess) for ${chess_target_args[*]}"
  cargo build --release --bin chess --features chess "${chess_target_args[@]}"
fi
# Where cargo put them: target/, or $CARGO_TARGET_DIR (or a configured build.target-dir).
target_dir="$(cargo metadata --format-version 1 --no-deps | sed -nE 's/.*"target_directory":"([^"]*)".*/\1/p')"

logs="target/qemu-logs"
mkdir -p "$logs"
table="target/footprint.md"
{
  echo "| board | core | demo | flash (text+rodata+data) | RAM: data+bss | stack high-water | RAM total |"
  echo "|---|---|---|---|---|---|---|"
} >"$table"

kib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
runs=0
for i in "${!names[@]}"; do
  board="${names[$i]}"
  target="${targets[$i]}"
  case "$target" in
    thumbv6m-*) core="Cortex-M0" ;;
    thumbv7m-*) core="Cortex-M3" ;;
    thumbv7em-*) core="Cortex-M4F" ;;
    *) core="$target" ;;
  esac
  for demo in "${DEMOS[@]}"; do
    runs_on "$demo" "$board" || continue
    runs=$((runs + 1))
    elf="$target_dir/$target/release/$demo"
    log="$logs/$board-$demo.log"
    echo
    echo "== $demo on $board ($core, $target)"
    if [[ ! -f "$elf" ]]; then
      echo "FAILED: $elf was not built"
      exit 1
    fi
    status=0
    ./qemu.sh "$elf" >"$log" 2>&1 || status=$?
    cat "$log"
    # The first failure ends the run: no footprint is measured from a firmware that failed.
    if [[ $status -ne 0 ]]; then
      echo "FAILED: $demo on $board exited with status $status"
      exit 1
    elif ! grep -qE '^checks: [0-9]+ passed, 0 failed$' "$log"; then
      echo "FAILED: $demo on $board printed no verdict"
      exit 1
    fi

    # Section sizes (System V format): flash holds the vector table, code, constants and the
    # initial values of .data; RAM holds .data, .bss and .uninit, then the stack.
    read -r flash ram < <("$size_tool" -A "$elf" | awk '
      $1 == ".vector_table" || $1 == ".text" || $1 == ".rodata" { flash += $2 }
      $1 == ".data" { flash += $2; ram += $2 }
      $1 == ".bss" || $1 == ".uninit" { ram += $2 }
      END { print flash + 0, ram + 0 }')
    stack=$(sed -nE 's/^stack high-water mark: ([0-9]+) B.*/\1/p' "$log")
    stack=${stack:-0}
    echo "| $board | $core | $demo | $flash B ($(kib "$flash") KiB) | $ram B | $stack B | $((ram + stack)) B ($(kib $((ram + stack))) KiB) |" >>"$table"
  done
done

# The C firmware demo (c/: C code linking the static library of the C ABI) on the Cortex-M4
# board: the same searches, the same results.
c_demo=""
if [[ " ${names[*]} " == *" mps2-an386 "* ]]; then
  c_demo=", and the C demo on mps2-an386"
  echo
  echo "== C demo on mps2-an386 (Cortex-M4F, static library for thumbv7em-none-eabihf)"
  c/run.sh --table "$table"
fi

echo
echo "== footprint (also in examples-embedded/$table)"
cat "$table"
echo
echo "embedded demos: $runs runs of ${#DEMOS[@]} demos on ${#names[@]} boards passed$c_demo"
