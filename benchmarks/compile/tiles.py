#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
# Compile time against tile size, for every row and column warp-access of an n x n float tile:
# (a) through a user's own loop over analyze in one constant expression (the generic path),
# (b) through layout types (analyze_tile over a padded row_major and over a 128-byte-swizzled one),
# (c) through analyze_pattern_v over a lambda layout, in chunks of constant evaluations (the chunked path).
"""Usage: benchmarks/compile/tiles.py [--generic-sizes 32,64,128,256] [--layout-sizes 64,256,1024,4096,8192]
                                      [--chunked-sizes 256,512,1024] [--repeat 3] [--compilers g++,clang++]
                                      [--callgrind]

Each cell is the cost of compiling (-fsyntax-only) a unit of static_asserts, minus that of a unit
that only includes the same header: the best CPU seconds of --repeat runs, or with --callgrind
the compiler's instruction count in millions (the same on every run). "over limit" when the
compiler's default constexpr limits stop it; "failed" when a chunked unit does not compile (its
chunks stay within the limits, so that is memory or time)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import cpu, instructions  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GENERIC_HEADER = "#include <bankcheck/analyze.hpp>\n"
GENERIC = """constexpr long long total(int n, int pitch) {
  long long t = 0;
  for (int r = 0; r < n; ++r)
    for (int s = 0; s < n / 32; ++s)
      t += bankcheck::analyze([=](int l) { return 4 * (r * pitch + 32 * s + l); }, bankcheck::load(4)).wavefronts;
  for (int c = 0; c < n; ++c)
    for (int s = 0; s < n / 32; ++s)
      t += bankcheck::analyze([=](int l) { return 4 * ((32 * s + l) * pitch + c); }, bankcheck::load(4)).wavefronts;
  return t;
}
static_assert(total(@N@, @N@ + 1) == 2 * @N@ * (@N@ / 32), "");
"""

LAYOUT_HEADER = "#include <bankcheck/layout.hpp>\n#include <bankcheck/tile.hpp>\n"
PADDED = """using L = bankcheck::row_major<@N@, @N@, @N@ + 1>;
static_assert(bankcheck::analyze_tile<bankcheck::row_segments<>, float>(L{}).conflict_free(), "");
static_assert(bankcheck::analyze_tile<bankcheck::column_segments<>, float>(L{}).conflict_free(), "");
"""
SWIZZLED = """using L = bankcheck::swizzled_bytes<bankcheck::row_major<@N@, @N@>, bankcheck::tma::swizzle_128b, 4>;
static_assert(bankcheck::analyze_tile<bankcheck::row_segments<>, float>(L{}).conflict_free(), "");
static_assert(bankcheck::analyze_tile<bankcheck::column_segments<>, float>(L{}).accesses == @N@ * (@N@ / 32), "");
"""

CHUNKED = """inline constexpr auto padded = [](int r, int c) { return 4LL * (r * (@N@ + 1) + c); };
static_assert(bankcheck::analyze_pattern_v<bankcheck::row_segments<>, float, @N@, @N@, padded>.conflict_free(), "");
static_assert(bankcheck::analyze_pattern_v<bankcheck::column_segments<>, float, @N@, @N@, padded>.conflict_free(), "");
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generic-sizes", default="32,64,128,256")
    ap.add_argument("--layout-sizes", default="64,256,1024,4096,8192")
    ap.add_argument("--chunked-sizes", default="")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compilers", default="g++,clang++")
    ap.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of timing")
    args = ap.parse_args()
    compilers = args.compilers.split(",")
    measure = instructions if args.callgrind else cpu
    repeat = 1 if args.callgrind else args.repeat
    unit = "M instructions (callgrind)" if args.callgrind else f"CPU seconds, best of {repeat}"
    print(f"command: {' '.join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:])}")
    print(f"{unit}, over a unit that only includes the header; every row and column warp-access of an "
          f"n x n float tile\n")

    with tempfile.TemporaryDirectory() as tmp:
        def cost(cxx, header, body):
            base_path, path = os.path.join(tmp, "header.cpp"), os.path.join(tmp, "unit.cpp")
            with open(base_path, "w") as f:
                f.write(header)
            with open(path, "w") as f:
                f.write(header + body)
            flags = [cxx, "-std=c++17", "-fsyntax-only", "-I", os.path.join(ROOT, "include")]
            base = min(measure(flags + [base_path])[1] for _ in range(repeat))
            results = [measure(flags + [path]) for _ in range(repeat)]
            if not all(ok for ok, _ in results):
                # "over limit" only where the compiler says a constant evaluation ran out of its
                # default budget (steps, operations, loop iterations or depth); else "failed".
                errors = subprocess.run(flags + [path], capture_output=True, text=True).stderr
                limit = re.search(r"exceeds limit|maximum step limit|exceeds maximum|exceeded maximum", errors)
                return " over limit |" if limit else " failed |"
            return f" {min(t for _, t in results) - base:.{0 if args.callgrind else 2}f} |"

        print("Generic path: a user's loop over `analyze`, one constant expression, pitch n + 1\n")
        print("| n | accesses |" + "".join(f" {c} |" for c in compilers))
        print("|---:|---:|" + "---:|" * len(compilers))
        for n in [int(s) for s in args.generic_sizes.split(",") if s]:
            row = f"| {n} | {2 * n * (n // 32)} |"
            for cxx in compilers:
                row += cost(cxx, GENERIC_HEADER, GENERIC.replace("@N@", str(n)))
            print(row, flush=True)

        print("\nLayout path: `analyze_tile` over `row_major<n, n, n + 1>` (padded) and over "
              "`swizzled_bytes<row_major<n, n>, tma::swizzle_128b, 4>` (swizzled)\n")
        print("| n | accesses |" + "".join(f" {c} padded | {c} swizzled |" for c in compilers))
        print("|---:|---:|" + "---:|---:|" * len(compilers))
        for n in [int(s) for s in args.layout_sizes.split(",") if s]:
            row = f"| {n} | {2 * n * (n // 32)} |"
            for cxx in compilers:
                row += cost(cxx, LAYOUT_HEADER, PADDED.replace("@N@", str(n)))
                row += cost(cxx, LAYOUT_HEADER, SWIZZLED.replace("@N@", str(n)))
            print(row, flush=True)

        chunked = [int(s) for s in args.chunked_sizes.split(",") if s]
        if chunked:
            print("\nChunked path: `analyze_pattern_v` over the lambda `4LL * (r * (n + 1) + c)`, rows and "
                  "columns, 128 accesses a constant evaluation\n")
            print("| n | accesses |" + "".join(f" {c} chunked |" for c in compilers))
            print("|---:|---:|" + "---:|" * len(compilers))
        for n in chunked:
            row = f"| {n} | {2 * n * (n // 32)} |"
            for cxx in compilers:
                row += cost(cxx, LAYOUT_HEADER, CHUNKED.replace("@N@", str(n)))
            print(row, flush=True)


if __name__ == "__main__":
    main()
