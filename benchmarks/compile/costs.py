#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
# What one step of a constant evaluation costs each compiler: the instructions (callgrind) that
# g++ and clang++ spend per loop iteration on an empty loop, and on top of it per operation.
"""Usage: benchmarks/compile/costs.py [--compilers g++,clang++] [--iterations 20000]

Each unit evaluates one constexpr function 20 times (20 static_asserts with distinct arguments,
so g++ cannot reuse a call's result), and the function runs a loop of --iterations iterations
whose body is one operation. Prints a markdown table: thousands of instructions per iteration
for the empty loop, and per operation over the empty loop. These are the prices behind the
check-cost design (benchmarks/README.md): a loop's control costs about as much as the work in
its body, so the stages that decide most checks are single written-out expressions."""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import instructions  # noqa: E402

PRELUDE = """#include <cstdint>
constexpr std::uint64_t id(std::uint64_t x) { return x; }
constexpr std::uint64_t by_reference(const std::uint64_t (&a)[32], int n) {
  std::uint64_t acc = 0;
  for (int i = 0; i < n; ++i) acc += a[3];
  return acc;
}
"""

# (name, what the body does per iteration, function body; s is the argument, N the iterations)
CASES = [
    ("loop", "an empty loop iteration (`for (...) {}`)", "for (int i = 0; i < N; ++i) {} return s;"),
    ("add", "`acc += s` (a local scalar)", "std::uint64_t acc = s; for (int i = 0; i < N; ++i) acc += s; return acc;"),
    ("arith", "`acc += s * 3 + 7`", "std::uint64_t acc = s; for (int i = 0; i < N; ++i) acc += s * 3 + 7; return acc;"),
    ("read", "`acc += a[3]` (a local array's element)",
     "std::uint64_t a[32] = {}; a[3] = s; std::uint64_t acc = 0; for (int i = 0; i < N; ++i) acc += a[3]; return acc;"),
    ("read_ref", "`acc += a[3]`, the array taken by reference",
     "std::uint64_t a[32] = {}; a[3] = s; return by_reference(a, N);"),
    ("read_i", "`acc += a[i & 31]`",
     "std::uint64_t a[32] = {}; a[3] = s; std::uint64_t acc = 0; for (int i = 0; i < N; ++i) acc += a[i & 31]; return acc;"),
    ("store_i", "`a[i & 31] = s`",
     "std::uint64_t a[32] = {}; for (int i = 0; i < N; ++i) a[i & 31] = s; return a[5];"),
    ("call", "`acc += id(s)` (a constexpr function)",
     "std::uint64_t acc = 0; for (int i = 0; i < N; ++i) acc += id(s); return acc;"),
    ("lambda", "`acc += f(s)` (a lambda)",
     "auto f = [](std::uint64_t x) { return x; }; std::uint64_t acc = 0; for (int i = 0; i < N; ++i) acc += f(s); return acc;"),
]


def unit(body, iterations):
    src = PRELUDE + f"constexpr std::uint64_t t(std::uint64_t s) {{ constexpr int N = {iterations}; {body} }}\n"
    return src + "".join(f"static_assert(t({k + 1}) != 12345, \"\");\n" for k in range(20))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--compilers", default="g++,clang++")
    ap.add_argument("--iterations", type=int, default=20000)
    args = ap.parse_args()
    compilers = args.compilers.split(",")
    limits = {"g++": ["-fconstexpr-ops-limit=4000000000", "-fconstexpr-loop-limit=100000000"],
              "clang++": ["-fconstexpr-steps=400000000"]}
    print(f"command: {' '.join([os.path.relpath(sys.argv[0])] + sys.argv[1:])}")
    print(f"thousands of instructions (callgrind) per iteration, 20 x {args.iterations} iterations; "
          "operations are over the empty loop\n")
    print("| step | " + " | ".join(compilers) + " |")
    print("|---|" + "---:|" * len(compilers))
    with tempfile.TemporaryDirectory() as tmp:
        costs = {}
        for name, _, body in [("base", "", "return s;")] + CASES:
            path = os.path.join(tmp, f"{name}.cpp")
            with open(path, "w") as f:
                f.write(unit(body, args.iterations) if name != "base" else PRELUDE +
                        "constexpr std::uint64_t t(std::uint64_t s) { return s; }\n")
            for cxx in compilers:
                ok, m = instructions([cxx, "-std=c++17", "-fsyntax-only"] + limits.get(cxx, []) + [path])
                if not ok:
                    raise SystemExit(f"costs.py: {cxx} failed on {name}")
                costs[name, cxx] = m
        n = 20 * args.iterations
        for name, what, _ in CASES:
            row = []
            for cxx in compilers:
                over = costs["base", cxx] if name == "loop" else costs["loop", cxx]
                row.append(f"{(costs[name, cxx] - over) * 1e6 / n / 1e3:.1f}")
            print(f"| {what} | " + " | ".join(row) + " |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
