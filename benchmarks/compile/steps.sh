#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Prints the fewest clang constexpr evaluation steps (-fconstexpr-steps) that evaluate EXPR, found
# by bisection. Usage: benchmarks/compile/steps.sh 'analyze([](int l) { return 132 * l; }, load(4)).wavefronts'
# An optional second argument is put before EXPR's line (declarations it uses). The limit holds for
# each constant evaluation, so for analyze_pattern_v EXPR this is the costliest chunk's steps.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
unit=$(mktemp --suffix=.cpp)
trap 'rm -f "$unit"' EXIT
printf '#include <bankcheck/bankcheck.hpp>\nusing namespace bankcheck;\n%s\nconstexpr auto value = %s;\n' "${2:-}" "$1" > "$unit"
clang++ -std=c++17 -I"$root/include" -fsyntax-only -fconstexpr-steps=100000000 "$unit" ||
  { echo "steps.sh: the expression does not compile even with 10^8 steps" >&2; exit 1; }
lo=0 hi=100000000
while ((hi - lo > 1)); do
  mid=$(((lo + hi) / 2))
  if clang++ -std=c++17 -I"$root/include" -fsyntax-only -fconstexpr-steps=$mid "$unit" 2>/dev/null; then hi=$mid; else lo=$mid; fi
done
echo "$hi"
