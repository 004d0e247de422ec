#!/usr/bin/env bash
# Side-by-side comparison of this engine's Connect Four solver (examples/connect4.rs) with
# Pascal Pons' C++ solver, on the same machine, interleaved, at about equal table memory.
#
#   PONS_BIN=/path/to/c4solver PONS_BITS=18 bash benches/pons.sh [OPTIONS]
#
# Pons' solver is not part of this project (AGPL) and is not built here. PONS_BIN is the path
# of a c4solver you built yourself, outside this repository, from his repository
# (github.com/PascalPons/connect4) at commit 754d3b8 (the last whose main.cpp prints, per
# position, `moves score nodes microseconds`, after clearing his table, untimed), with his
# Makefile's flags (`g++ --std=c++11 -W -Wall -O3 -DNDEBUG`) and his table of 2^PONS_BITS
# entries: TABLE_SIZE in his Solver.hpp, 24 as he ships it, 18 for the comparison at about
# 1 MiB. PONS_BITS says which (default 24). Our example (examples/connect4.rs) clears its
# table before every position, untimed, and times each solve alone, as his main does; it runs
# with `--table solo` (SoloTable: one thread, one entry per key, always replaced, as his table
# is), unless --table shared is given.
#
# Timing mode (default): for each set and each memory size, R rounds of `ours, his` (A B A B
# ...), so that the machine's drift hits both alike; prints each side's median mean_us and
# mean_nodes, the median over the rounds of the per-pair time ratio ours/his, and the node
# ratio ours/his (node counts do not vary between rounds).
#
# --callgrind: instructions instead of time, with valgrind --tool=callgrind, counted only
# inside each side's timed solve function (our `timed_solve`, his `Solver::solve`; table
# clearing, parsing and printing excluded), on the first --callgrind-positions (100)
# positions of each set: instructions per node for each side and the ratio ours/his.
#
# Options:
#   --rounds R              rounds (pairs of runs) per set and size [5]
#   --sets "L3 L2 L1"       which of tests/data/connect4/Test_<SET>_R1 [L3 L2 L1]
#   --positions N           only the first N positions of every set [all]
#   --positions SET=N       only the first N positions of SET (repeatable; wins over N)
#   --mib N                 our table in MiB [1 when PONS_BITS is 18 (his 1.25 MiB), 64
#                           when it is 24 (his 80 MiB)]
#   --table KIND            our table: solo (SoloTable), shared (the lock-free HeapTable,
#                           buckets of two slots), compact (CompactTable of 5-byte entries:
#                           a partial key and the bound, as his) or compact-move (6-byte
#                           entries with the best move) [solo]; compact and compact-move get
#                           his number of entries, next_prime(2^PONS_BITS), unless --mib is
#                           given (compact: the same bytes as his)
#   --callgrind             count instructions instead of timing
#   --callgrind-positions N positions per set in --callgrind mode [100]
#                           (his count is taken inside GameSolver::Connect4::Solver::solve)
#   -h, --help              this text
#
# His entry: a partial key of uint_t<49 - BITS> (the position key has 7 * (6 + 1) = 49 bits;
# the table index holds the rest) and a uint8_t value, so 5 bytes for BITS 17 to 33 and 9
# below 17: 2^17 is 655 KB (0.63 MiB), 2^18 1.25 MiB, 2^24 80.0 MiB. Ours: SoloTable's
# entries are 16 bytes (so 1 MiB holds 65,536, a quarter of his 262,147 at 1.25x the bytes);
# CompactTable's 5 (his 262,147 in his 1,310,735 bytes) or 6 with the move.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=5
sets="L3 L2 L1"
all_positions=""
declare -A set_positions=()
mib=""
callgrind=0
callgrind_positions=100
table=solo

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "pons.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="${2:?--rounds R}"; shift 2 ;;
    --sets) sets="${2:?--sets \"L3 L2 L1\"}"; shift 2 ;;
    --positions)
      value="${2:?--positions N or SET=N}"; shift 2
      if [[ "$value" == *=* ]]; then set_positions["${value%%=*}"]="${value#*=}"; else all_positions="$value"; fi ;;
    --mib) mib="${2:?--mib N}"; shift 2 ;;
    --table) table="${2:?--table solo|shared|compact|compact-move}"; shift 2 ;;
    --callgrind) callgrind=1; shift ;;
    --callgrind-positions) callgrind_positions="${2:?--callgrind-positions N}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (--help)" ;;
  esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "--rounds: a positive number, not '$rounds'"

pons="${PONS_BIN:-}"
[ -n "$pons" ] && [ -x "$pons" ] || die "set PONS_BIN to Pons' c4solver, built outside this
repository at his commit 754d3b8 with his flags and a table of 2^PONS_BITS entries (--help)"
bits="${PONS_BITS:-24}"
[[ "$bits" =~ ^[0-9]+$ ]] || die "PONS_BITS: a number, not '$bits'"
entries_arg=()
if [ -z "$mib" ] && [[ "$table" == compact* ]]; then
  mib=0
  entries_arg=(--table-entries "$(awk -v bits="$bits" 'BEGIN { n = 2 ^ bits
    for (;; n++) { prime = 1; for (d = 2; d * d <= n; d++) if (n % d == 0) { prime = 0; break }; if (prime) break }
    printf "%d", n }')")
fi
if [ -z "$mib" ]; then
  case "$bits" in 18) mib=1 ;; 24) mib=64 ;; *) die "--mib N: our table's size against his 2^$bits entries" ;; esac
fi
[[ "$mib" =~ ^[0-9]+$ ]] || die "--mib: a number, not '$mib'"
case "$table" in solo|shared|compact|compact-move) ;; *) die "--table: solo, shared, compact or compact-move, not '$table'" ;; esac
sizes="$mib:$bits"
if [ "$callgrind" = 1 ] && ! command -v valgrind > /dev/null; then
  die "--callgrind needs valgrind (apt-get install valgrind)"
fi

target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building our example (release); his solver: $pons (2^$bits entries)"
(cd "$root" && cargo build --quiet --release --features std --example connect4)
ours="$target/release/examples/connect4"
[ -x "$ours" ] || die "no $ours after the build"
declare -A his=(["$bits"]="$pons")

# His main prints `moves score nodes microseconds` per position; the summary our example
# prints, from that and the expected scores of the set.
his_run() {  # INPUT OUT [valgrind args...]
  local input="$1" out="$2"; shift 2
  cut -d' ' -f1 "$input" | "$@" "$pons" 2> "$out.err" > "$out.raw" || true
  paste -d' ' "$input" "$out.raw" | awk '{ if ($4 != $2) m++; n += $5; t += $6; c++ }
    END { printf "SUMMARY pons positions %d mismatches %d mean_us %.1f mean_nodes %.1f\n", c, m, c ? t / c : 0, c ? n / c : 0 }' > "$out"
}

# His table in bytes: next_prime(2^bits) entries of (partial key + 1) bytes.
his_bytes() {
  awk -v bits="$1" 'BEGIN {
    n = 2 ^ bits
    for (;; n++) { prime = 1; for (d = 2; d * d <= n; d++) if (n % d == 0) { prime = 0; break }; if (prime) break }
    k = 49 - bits; key = k <= 8 ? 1 : k <= 16 ? 2 : k <= 32 ? 4 : 8
    printf "%d", n * (key + 1) }'
}
describe_size() {  # MIB BITS -> text
  local bytes; bytes="$(his_bytes "$2")"
  if [ "${#entries_arg[@]}" -gt 0 ]; then
    awk -v e="${entries_arg[1]}" -v w="$([ "$table" = compact ] && echo 5 || echo 6)" -v b="$2" -v bytes="$bytes" \
      'BEGIN { printf "ours %d entries of %d bytes (%d bytes) against his 2^%d build (%d bytes; %.2fx ours)", e, w, e * w, b, bytes, bytes / (e * w) }'
    return
  fi
  awk -v m="$1" -v b="$2" -v bytes="$bytes" \
    'BEGIN { printf "ours %d MiB against his 2^%d build (%d bytes, %.2f MiB; %.2fx ours)", m, b, bytes, bytes / 1048576, m ? bytes / (m * 1048576) : 0 }'
}

# Our table's memory, as the summary tables print it.
ours_memory() {  # MIB -> text
  if [ "${#entries_arg[@]}" -gt 0 ]; then
    echo "$table ${entries_arg[1]} entries"
  else
    echo "$table $1 MiB"
  fi
}

# The input of a set: the whole file or its first N lines.
set_file() {  # SET [N] -> path
  local set="$1" limit="${2:-}" file="$root/tests/data/connect4/Test_$1_R1"
  [ -f "$file" ] || die "no set $file"
  if [ -z "$limit" ]; then echo "$file"; else head -n "$limit" "$file" > "$work/$set-$limit"; echo "$work/$set-$limit"; fi
}
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' "$2"; }
check_summary() {  # NAME FILE POSITIONS
  local got mism
  got="$(field positions "$2")"; mism="$(field mismatches "$2")"
  [ "$got" = "$3" ] && [ "$mism" = 0 ] || die "$1: expected $3 positions and 0 mismatches: $(tail -n 1 "$2")"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

if [ "$callgrind" = 0 ]; then
  echo "== timing: $rounds rounds of (ours, his) per set and size; load $(cut -d' ' -f1-3 /proc/loadavg)"
  summary=()
  for set in $sets; do
    input="$(set_file "$set" "${set_positions[$set]:-$all_positions}")"
    count="$(wc -l < "$input")"
    for size in $sizes; do
      mib="${size%%:*}"; bits="${size#*:}"
      echo "-- Test_${set}_R1, $count positions, $(describe_size "$mib" "$bits")"
      : > "$work/rounds"
      for round in $(seq "$rounds"); do
        "$ours" -q --table "$table" --table-mib "$mib" "${entries_arg[@]}" "$input" > "$work/ours.out" || true
        his_run "$input" "$work/his.out"
        check_summary ours "$work/ours.out" "$count"
        check_summary his "$work/his.out" "$count"
        o_us="$(field mean_us "$work/ours.out")"; o_nodes="$(field mean_nodes "$work/ours.out")"
        h_us="$(field mean_us "$work/his.out")"; h_nodes="$(field mean_nodes "$work/his.out")"
        echo "$o_us $h_us $o_nodes $h_nodes" >> "$work/rounds"
        awk -v r="$round" -v o="$o_us" -v h="$h_us" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
          'BEGIN { printf "   round %d: ours %.1f us, his %.1f us, ratio %.2f (load %s)\n", r, o, h, o / h, l }'
      done
      o_us="$(awk '{ print $1 }' "$work/rounds" | median)"
      h_us="$(awk '{ print $2 }' "$work/rounds" | median)"
      ratio="$(awk '{ print $1 / $2 }' "$work/rounds" | median)"
      o_nodes="$(awk '{ print $3 }' "$work/rounds" | median)"
      h_nodes="$(awk '{ print $4 }' "$work/rounds" | median)"
      line="$(awk -v s="Test_${set}_R1" -v c="$count" -v m="$(ours_memory "$mib")" -v b="$bits" -v ou="$o_us" -v hu="$h_us" \
        -v r="$ratio" -v on="$o_nodes" -v hn="$h_nodes" -v n="$rounds" \
        'BEGIN { printf "%s | %d | %s / 2^%d | %.1f | %.1f | %.2f | %.1f | %.2f | %.3f | %d", s, c, m, b, ou, hu, r, on, hn, on / hn, n }')"
      echo "   $line"
      summary+=("$line")
    done
  done
  echo
  echo "set | positions | memory ours / his | ours median mean_us | his median mean_us | median per-pair time ratio ours/his | ours mean_nodes | his mean_nodes | node ratio ours/his | rounds"
  printf '%s\n' "${summary[@]}"
else
  echo "== callgrind: instructions inside timed_solve, first $callgrind_positions positions per set"
  summary=()
  for set in $sets; do
    input="$(set_file "$set" "$callgrind_positions")"
    count="$(wc -l < "$input")"
    for size in $sizes; do
      mib="${size%%:*}"; bits="${size#*:}"
      valgrind --tool=callgrind --toggle-collect='*timed_solve*' --callgrind-out-file="$work/ours.cg" \
        "$ours" --table "$table" --table-mib "$mib" "${entries_arg[@]}" "$input" > "$work/ours.out" 2> "$work/ours.vg" || true
      his_run "$input" "$work/his.out" valgrind --tool=callgrind \
        --toggle-collect='GameSolver::Connect4::Solver::solve*' --callgrind-out-file="$work/his.cg"
      check_summary ours "$work/ours.out" "$count"
      check_summary his "$work/his.out" "$count"
      o_ir="$(awk '/^(summary|totals):/ { print $2; exit }' "$work/ours.cg")"
      h_ir="$(awk '/^(summary|totals):/ { print $2; exit }' "$work/his.cg")"
      o_nodes="$(awk '/^line / { for (i = 1; i < NF; i++) if ($i == "nodes") n += $(i + 1) } END { print n }' "$work/ours.out")"
      h_nodes="$(awk '{ n += $3 } END { print n }' "$work/his.out.raw")"
      [ -n "$o_ir" ] && [ "$o_ir" -gt 0 ] || die "ours: no instructions counted inside timed_solve"
      [ -n "$h_ir" ] && [ "$h_ir" -gt 0 ] || die "his: no instructions counted inside timed_solve"
      line="$(awk -v s="Test_${set}_R1" -v c="$count" -v m="$(ours_memory "$mib")" -v b="$bits" -v oi="$o_ir" -v hi="$h_ir" \
        -v on="$o_nodes" -v hn="$h_nodes" \
        'BEGIN { printf "%s | %d | %s / 2^%d | %d | %d | %d | %d | %.1f | %.1f | %.2f", s, c, m, b, oi, hi, on, hn, oi / on, hi / hn, (oi / on) / (hi / hn) }')"
      echo "   $line"
      summary+=("$line")
    done
  done
  echo
  echo "set | positions | memory ours / his | ours instructions | his instructions | ours nodes | his nodes | ours instructions/node | his instructions/node | ratio ours/his"
  printf '%s\n' "${summary[@]}"
fi
