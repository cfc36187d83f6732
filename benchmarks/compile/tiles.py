#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
# Compile time against tile size: every row and column warp-access of an n x n float tile
# (pitch n + 1), (a) through a user's own loop over analyze in one constant expression, and
# (b) through layout types (analyze_tile over row_major). Prints a markdown table.
"""Usage: benchmarks/compile/tiles.py [--sizes 32,64,128,256] [--repeat 3] [--compilers g++,clang++]

Each cell is the best CPU time of --repeat compiles (-fsyntax-only) of a unit holding one
static_assert, minus an empty unit's; "over limit" when the compiler's default constexpr
limits stop it."""
import argparse
import os
import resource
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GENERIC = """#include <bankcheck/analyze.hpp>
constexpr long long total(int n, int pitch) {
  long long t = 0;
  for (int r = 0; r < n; ++r)
    for (int s = 0; s < n / 32; ++s)
      t += bankcheck::analyze([=](int l) { return 4 * (r * pitch + 32 * s + l); }, bankcheck::load(4)).wavefronts;
  for (int c = 0; c < n; ++c)
    for (int s = 0; s < n / 32; ++s)
      t += bankcheck::analyze([=](int l) { return 4 * ((32 * s + l) * pitch + c); }, bankcheck::load(4)).wavefronts;
  return t;
}
static_assert(total(N, N + 1) == 2 * N * (N / 32), "");
"""

LAYOUT = """#include <bankcheck/layout.hpp>
#include <bankcheck/tile.hpp>
using L = bankcheck::row_major<N, N, N + 1>;
static_assert(bankcheck::analyze_tile<bankcheck::row_segments<>, float>(L{}).conflict_free(), "");
static_assert(bankcheck::analyze_tile<bankcheck::column_segments<>, float>(L{}).conflict_free(), "");
"""


def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ok = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ok, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="32,64,128,256")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compilers", default="g++,clang++")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    compilers = args.compilers.split(",")
    print(f"command: benchmarks/compile/tiles.py --sizes {args.sizes} --repeat {args.repeat} --compilers {args.compilers}")
    print("CPU seconds over an empty unit, best of --repeat; all row and column warp-accesses of an n x n float tile\n")
    header = "| n | accesses |" + "".join(f" {c} generic | {c} layout |" for c in compilers)
    print(header)
    print("|---:|---:|" + "---:|---:|" * len(compilers))
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.cpp")
        open(empty, "w").close()
        for n in sizes:
            row = f"| {n} | {2 * n * (n // 32)} |"
            for cxx in compilers:
                base = min(cpu([cxx, "-std=c++17", "-fsyntax-only", empty])[1] for _ in range(args.repeat))
                for kind, text in (("generic", GENERIC), ("layout", LAYOUT)):
                    path = os.path.join(tmp, f"{kind}.cpp")
                    with open(path, "w") as f:
                        f.write(text.replace("N", str(n)) if kind == "layout" else text.replace("(N, N + 1)", f"({n}, {n + 1})").replace("2 * N * (N / 32)", f"{2 * n * (n // 32)}"))
                    cmd = [cxx, "-std=c++17", "-fsyntax-only", "-I", os.path.join(ROOT, "include"), path]
                    results = [cpu(cmd) for _ in range(args.repeat)]
                    if not all(ok for ok, _ in results):
                        row += " over limit |"
                    else:
                        row += f" {min(t for _, t in results) - base:.2f} |"
            print(row, flush=True)


if __name__ == "__main__":
    main()
