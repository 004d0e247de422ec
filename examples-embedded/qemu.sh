#!/usr/bin/env bash
# Runs a firmware ELF under QEMU with semihosting and returns the firmware's exit status.
#
#   qemu.sh [--board BOARD] FIRMWARE.elf
#
# Without --board, the board is the one of the Rust target in the ELF's path
# (target/<triple>/...), from boards/boards.txt; Cargo uses this script as its runner. A C
# firmware passes --board. The run is killed after QEMU_TIMEOUT seconds (default 300).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

board=""
if [[ "${1:-}" == "--board" ]]; then
  board="$2"
  shift 2
fi
elf="${1:?usage: qemu.sh [--board BOARD] FIRMWARE.elf}"

# board  target  machine  clock  shift
row=""
while read -r name target machine clock shift; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if [[ -n "$board" && "$name" == "$board" ]] || [[ -z "$board" && "$elf" == *"/$target/"* ]]; then
    row="$name $machine $shift"
    break
  fi
done <"$here/boards/boards.txt"
if [[ -z "$row" ]]; then
  echo "qemu.sh: no board for $elf ${board:+(--board $board)} in boards/boards.txt" >&2
  exit 2
fi
read -r name machine shift <<<"$row"

exec timeout "${QEMU_TIMEOUT:-300}" qemu-system-arm \
  -machine "$machine" \
  -nographic -monitor none -serial none \
  -icount "shift=$shift" \
  -semihosting-config enable=on,target=native \
  -kernel "$elf"
