#!/usr/bin/env bash
# The C firmware demo on the Cortex-M4 board: builds it (Makefile: the static library, the
# host's results, the firmware), runs it under QEMU (../qemu.sh, the Rust demos' settings),
# and fails when it exits non-zero (a result that differs from the host's, a search error, an
# engine that does not fit, a stack overflow, a fault) or does not print its verdict. Then
# prints its footprint: flash, static RAM, stack high-water mark.
#
#   examples-embedded/c/run.sh                  # called by examples-embedded/run.sh
#   examples-embedded/c/run.sh --table FILE     # also appends the footprint row to FILE
#
# Needs gcc-arm-none-eabi, binutils-arm-none-eabi and qemu-system-arm (Debian packages), and
# the rustup target thumbv7em-none-eabihf.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
embedded="$(dirname "$here")"

board=mps2-an386
table=""
if [[ "${1:-}" == "--table" ]]; then
  table="${2:?--table needs a file}"
  shift 2
fi

make -C "$here" --no-print-directory BOARD="$board"
elf="$embedded/target/c/$board/demo.elf"

logs="$embedded/target/qemu-logs"
mkdir -p "$logs"
log="$logs/$board-c-demo.log"
status=0
# The demo runs in under a second of QEMU time; a hang (the library's panic handler spins)
# fails well within the embedded part's budget.
QEMU_TIMEOUT="${QEMU_TIMEOUT:-60}" "$embedded/qemu.sh" --board "$board" "$elf" >"$log" 2>&1 || status=$?
cat "$log"
failed=0
if [[ $status -ne 0 ]]; then
  echo "FAILED: the C demo on $board exited with status $status"
  failed=1
elif ! grep -qE '^checks: [0-9]+ passed, 0 failed$' "$log"; then
  echo "FAILED: the C demo on $board printed no verdict"
  failed=1
fi

# Flash: the vector table, code, constants and the initial values of .data; RAM: .data and
# .bss (the engine, the table, the games' state), then the stack.
size_tool=arm-none-eabi-size
command -v "$size_tool" >/dev/null || size_tool=llvm-size
read -r flash ram < <("$size_tool" -A "$elf" | awk '
  $1 == ".vector_table" || $1 == ".text" || $1 == ".rodata" || $1 == ".ARM.exidx" { flash += $2 }
  $1 == ".data" { flash += $2; ram += $2 }
  $1 == ".bss" { ram += $2 }
  END { print flash + 0, ram + 0 }')
stack=$(sed -nE 's/^stack high-water mark: ([0-9]+) B.*/\1/p' "$log")
stack=${stack:-0}
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
echo "footprint of the C demo on $board: flash $flash B ($(kib "$flash")), RAM data+bss $ram B, stack high-water $stack B, RAM total $((ram + stack)) B ($(kib $((ram + stack))))"
if [[ -n "$table" ]]; then
  echo "| $board | Cortex-M4F | C demo (static library) | $flash B ($(kib "$flash")) | $ram B | $stack B | $((ram + stack)) B ($(kib $((ram + stack)))) |" >>"$table"
fi
exit $failed
