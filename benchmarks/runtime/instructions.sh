#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Instructions per warp-access of the run-time benchmark's loops, counted by callgrind: unlike
# times on a shared machine, the same on every run. Each loop is run over the first N accesses
# of the benchmark's generator, less a loop that only reads them.
# Usage: benchmarks/runtime/instructions.sh [N (default 65536)] [program (default build/benchmarks/...)] [shapes]
# With `shapes`, a second table gives analyze's instructions per access for each of the
# generator's shapes alone (every access of one shape, N accesses each).
# The program is built by `benchmarks/run --only runtime` (or its CMake target bankcheck_runtime_benchmark).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
n=${1:-65536}
exe=${2:-$root/build/benchmarks/benchmarks/bankcheck_runtime_benchmark}
shapes=${3:-}
[[ -z $shapes || $shapes == shapes ]] || { echo "instructions.sh: the third argument can only be 'shapes'" >&2; exit 2; }
[[ -x $exe ]] || { echo "instructions.sh: no $exe; run benchmarks/run --only runtime first" >&2; exit 1; }
command -v valgrind > /dev/null || { echo "instructions.sh: valgrind is missing (Debian: apt-get install valgrind)" >&2; exit 1; }
refs() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" --count "$@" 2>&1 |
    awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}
echo "| width | floor | analyze | seed's loop |"
echo "|---:|---:|---:|---:|"
for w in 4 8 16; do
  none=$(refs "$w" none "$n")
  row="| $w |"
  for what in floor analyze baseline; do row="$row $(( ($(refs "$w" "$what" "$n") - none) / n )) |"; done
  echo "$row"
done
[[ -n $shapes ]] || exit 0
echo
echo "analyze, one shape at a time:"
echo
echo "| width | strided | padded column | row | shared words | random, nearby | XOR-swizzled column (not in the mix) |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for w in 4 8 16; do
  row="| $w |"
  for s in 0 1 2 3 4 5; do row="$row $(( ($(refs "$w" analyze "$n" "$s") - $(refs "$w" none "$n" "$s")) / n )) |"; done
  echo "$row"
done
