#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
# Compile-time benchmark: N distinct conflict_degree checks in one translation unit, against the
# floor (the same index functions, computing only each lane's bank) and an empty unit.
"""Usage: benchmarks/compile/checks.py [--checks 1000] [--repeat 5] [--compilers g++,clang++]
                                       [--mix all|free|conflict] [--family 0-5]
                                       [--form assert|variable|unchecked|instantiate|lambdas]
                                       [--std 17] [--callgrind]
                                       [--per-check FEWER] [--include DIR] [--analyze WIDTH]
                                       [--floor template|pointer]

Prints a markdown table: seconds over the empty unit (best of --repeat, user+sys CPU time) for
the library and for the floor, and their ratio. With --callgrind it counts the compilers'
instructions under valgrind instead (one run each): slower, but the same on every run, where
CPU times on a shared 2-core VM drift by tens of percent. The expected answer of every check is computed
here, in Python, from the seed's formula, so each generated static_assert is also a test.

--per-check FEWER measures the cost of one more check instead: each unit is also compiled with
its first FEWER checks, and the table gives (cost of N - cost of FEWER) / (N - FEWER), so the
header and the first check's instantiation drop out. --include DIR takes the library's headers
from DIR (a modified copy, say) instead of this repository's include/.

--form instantiate writes each callable as a constexpr variable and a call of the function on it
(conflict_degree, or the floor's template) in an inline function that is not constexpr, so the
call is compiled with everything it instantiates, but not evaluated: what a check costs before
it is evaluated. (Until the fifteenth session it took the address of the function's
specialization; conflict_degree is now two overloads, whose address is ambiguous.) --form
lambdas writes the callables alone; the difference between the two is the instantiation.

--analyze WIDTH checks `analyze(f, load(WIDTH)).wavefronts` instead of `conflict_degree(f)`, f
returning the byte address WIDTH * (word index); the floor's callables return the same byte
addresses and it takes each one's bank as (address / 4) % 32. The expected answer is known here
only for WIDTH 4 (one phase: the seed's formula), so other widths take --form unchecked.

--floor pointer writes the floor's function as one function of a function pointer, `constexpr
unsigned banks_touched(int (*f)(int))`, which each check's lambda converts to at the call (the
checks' text is the same): it is compiled once, where the default, a template of the callable
(`template <class F> banks_touched(F f)`), is compiled for every lambda. The library converts
each lambda to a function pointer too, inside conflict_degree."""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import cpu, instructions  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def families():
    """Index functions kernels use: (C++ body in `lane`, Python function of lane)."""
    out = []
    for k in range(10**6):
        f = k % 6
        a = k // 6
        if f == 0:   # column of a padded tile: s[lane][c] with pitch 32 + p
            p, c = a % 64, a // 64
            out.append((f"lane * {32 + p} + {c}", lambda l, p=p, c=c: l * (32 + p) + c))
        elif f == 1:  # row segment r
            out.append((f"lane + {32 * a + a % 7}", lambda l, a=a: l + 32 * a + a % 7))
        elif f == 2:  # XOR-swizzled row
            x = a % 31 + 1
            out.append((f"(lane ^ {x}) + {32 * a}", lambda l, a=a, x=x: (l ^ x) + 32 * a))
        elif f == 3:  # groups of lanes sharing a word
            g = 1 << (a % 5)
            out.append((f"lane / {g} + {64 * a}", lambda l, a=a, g=g: l // g + 64 * a))
        elif f == 4:  # 2-D thread block: w lanes per row, pitch q
            w = 1 << (a % 5 + 1)
            q = 32 + a // 5
            out.append((f"(lane / {w}) * {q} + lane % {w}", lambda l, w=w, q=q: (l // w) * q + l % w))
        else:         # plain stride
            d = a + 2
            out.append((f"lane * {d}", lambda l, d=d: l * d))
        yield out[-1]


def degree(fn):
    banks = {}
    for lane in range(32):
        w = fn(lane)
        banks.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in banks.values())


FORMS = {"assert": "a static_assert on the call", "variable": "a constexpr variable, then a static_assert on it",
         "unchecked": "a constexpr variable, not compared",
         "instantiate": "the callable a constexpr variable, and a call of the function on it compiled in an inline "
                        "function that is not constexpr, never evaluated",
         "lambdas": "the callable a constexpr variable, nothing else (the base for --form instantiate)"}

FAMILY_NAMES = ["padded columns", "row segments", "XOR-swizzled rows", "groups sharing a word",
                "2-D thread blocks", "plain strides"]


def pick(n, mix, family=None):
    chosen = []
    for k, (body, fn) in enumerate(families()):
        if family is not None and k % 6 != family:
            continue
        d = degree(fn)
        if mix == "free" and d != 1:
            continue
        if mix == "conflict" and d == 1:
            continue
        chosen.append((body, d))
        if len(chosen) == n:
            return chosen


def unit(kind, checks, header, form="assert", width=None, floor="template"):
    """The unit's source. form "assert": each check is a static_assert on the call, as users write
    it. form "variable": each call initializes a constexpr variable that a static_assert then
    compares; g++ and clang++ evaluate a static_assert's comparison of a call twice (benchmarks/
    README.md), a variable's initializer once, so this form compares one evaluation with one. form
    "unchecked": the variable alone, for a copy of the headers changed to compute less (--include).
    form "instantiate": the callables as constexpr variables, and a call on each compiled in an
    inline function that is not constexpr; form "lambdas": the callables alone."""
    lines = []
    if kind == "library":
        lines.append(f"#include <{header}>")
        call, expect = "bankcheck::conflict_degree([](int lane) {{ return {}; }})", "== {}"
        if width is not None:
            call = f"bankcheck::analyze([](int lane) {{{{ return {width}LL * ({{}}); }}}}, bankcheck::load({width})).wavefronts"
    elif kind == "floor":
        bank = "f(lane) % 32" if width is None else "f(lane) / 4 % 32"
        if floor == "template":
            lines.append("template <class F> constexpr unsigned banks_touched(F f) {")
        else:
            lines.append(f"constexpr unsigned banks_touched({'int' if width is None else 'long long'} (*f)(int)) {{")
        lines.append("  unsigned mask = 0;")
        lines.append(f"  for (int lane = 0; lane < 32; ++lane) mask |= 1u << ({bank});")
        lines.append("  return mask;")
        lines.append("}")
        call, expect = "banks_touched([](int lane) {{ return {}; }})", "!= {}u"
        if width is not None:
            call = f"banks_touched([](int lane) {{{{ return {width}LL * ({{}}); }}}})"
    else:
        return ""
    for k, (body, d) in enumerate(checks):
        value = d if kind == "library" else 0
        if form in ("instantiate", "lambdas"):
            lines.append(f"inline constexpr auto f{k} = [](int lane) {{ return {body}; }};")
            if form == "instantiate":  # a call in a function that is not constexpr: compiled, not evaluated
                fn = "bankcheck::conflict_degree" if kind == "library" else "banks_touched"
                lines.append(f"inline auto use{k}() {{ return {fn}(f{k}); }}")
        elif form == "assert":
            lines.append(f"static_assert({call.format(body)} {expect.format(value)}, \"\");")
        else:
            lines.append(f"constexpr auto check{k} = {call.format(body)};")
            if form == "variable":
                lines.append(f"static_assert(check{k} {expect.format(value)}, \"\");")
    return "\n".join(lines) + "\n"


def measured(cmd, callgrind):
    ok, value = instructions(cmd) if callgrind else cpu(cmd)
    if not ok:
        raise SystemExit(f"checks.py: {' '.join(cmd)} failed")
    return value


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checks", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--compilers", default="g++,clang++")
    ap.add_argument("--mix", choices=["all", "free", "conflict"], default="all")
    ap.add_argument("--family", type=int, choices=range(6),
                    help="only one family of index functions: " + ", ".join(f"{i} {n}" for i, n in enumerate(FAMILY_NAMES)))
    ap.add_argument("--form", choices=list(FORMS), default="assert",
                    help="; ".join(f"{k}: {v}" for k, v in FORMS.items()) + " (default: %(default)s)")
    ap.add_argument("--std", default="17")
    ap.add_argument("--header",
                    help="the header the library unit includes (default: bankcheck/seed.hpp, the one declaring "
                         "conflict_degree, which bankcheck/analyze.hpp includes; with --analyze, bankcheck/analyze.hpp)")
    ap.add_argument("--callgrind", action="store_true", help="count instructions (valgrind) instead of timing")
    ap.add_argument("--per-check", type=int, metavar="FEWER",
                    help="the cost of one more check: (cost of N checks - cost of FEWER) / (N - FEWER)")
    ap.add_argument("--include", default=os.path.join(ROOT, "include"),
                    help="the directory holding bankcheck/ (default: this repository's include/)")
    ap.add_argument("--analyze", type=int, choices=[1, 2, 4, 8, 16], metavar="WIDTH",
                    help="check analyze(f, load(WIDTH)).wavefronts instead of conflict_degree(f)")
    ap.add_argument("--floor", choices=["template", "pointer"], default="template",
                    help="the floor's function: a template of the callable (default), or one function of a function "
                         "pointer, compiled once")
    args = ap.parse_args()
    if args.header is None:
        args.header = "bankcheck/seed.hpp" if args.analyze is None else "bankcheck/analyze.hpp"
    if args.analyze is not None and args.form in ("instantiate", "lambdas"):
        raise SystemExit("checks.py: --form instantiate and lambdas measure conflict_degree only")
    if args.analyze not in (None, 4) and args.form != "unchecked":
        raise SystemExit("checks.py: --analyze WIDTH other than 4 needs --form unchecked (no expected answer)")
    if args.per_check is not None and not 0 < args.per_check < args.checks:
        raise SystemExit("checks.py: --per-check FEWER needs 0 < FEWER < --checks")

    checks = pick(args.checks, args.mix, args.family)
    free = sum(1 for _, d in checks if d == 1)
    print(f"command: {' '.join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:])}")
    measure = "instructions (millions, callgrind)" if args.callgrind else f"CPU seconds, best of {args.repeat}"
    unit_name = "Minstr" if args.callgrind else "s"
    base = "an empty unit"
    if args.per_check is not None:  # per check: thousands of instructions, or milliseconds
        measure = "instructions (thousands, callgrind)" if args.callgrind else f"CPU ms, best of {args.repeat}"
        unit_name = "Kinstr/check" if args.callgrind else "ms/check"
        base = f"the same unit's first {args.per_check} checks, per further check"
    only = "" if args.family is None else f" of family {args.family} ({FAMILY_NAMES[args.family]})"
    what = "conflict_degree" if args.analyze is None else f"analyze(f, load({args.analyze})).wavefronts"
    print(f"{len(checks)} distinct {what} checks{only} ({free} conflict-free, {len(checks) - free} with conflicts), "
          f"-std=c++{args.std} -fsyntax-only, {measure}, over {base}; the library unit includes "
          f"<{args.header}>; each check {FORMS[args.form]}; the floor's function "
          f"{'a template of the callable' if args.floor == 'template' else 'of a function pointer'}\n")
    print(f"| compiler | library ({unit_name}) | floor ({unit_name}) | ratio (library / floor) |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        units = {"floor": ("floor", checks), "library": ("library", checks)}
        if args.per_check is None:
            units["empty"] = ("empty", checks)
        else:
            units["floor_fewer"] = ("floor", checks[:args.per_check])
            units["library_fewer"] = ("library", checks[:args.per_check])
        for name, (kind, some) in units.items():
            paths[name] = os.path.join(tmp, f"{name}.cpp")
            with open(paths[name], "w") as f:
                f.write(unit(kind, some, args.header, args.form, args.analyze, args.floor))
        for cxx in args.compilers.split(","):
            best = {}
            for _ in range(1 if args.callgrind else args.repeat):  # interleaved: drifts hit all of them
                for name in units:
                    cmd = [cxx, f"-std=c++{args.std}", "-fsyntax-only", "-I", args.include, paths[name]]
                    t = measured(cmd, args.callgrind)
                    best[name] = min(best.get(name, t), t)
            if args.per_check is None:
                lib = best["library"] - best["empty"]
                flo = best["floor"] - best["empty"]
            else:  # M instructions or s per N - FEWER checks -> K instructions or ms per check
                lib = 1000 * (best["library"] - best["library_fewer"]) / (args.checks - args.per_check)
                flo = 1000 * (best["floor"] - best["floor_fewer"]) / (args.checks - args.per_check)
            digits = 0 if args.callgrind else 3
            print(f"| {cxx} | {lib:.{digits}f} | {flo:.{digits}f} | {lib / flo:.2f} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
