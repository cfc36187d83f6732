#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Checks that the compiler kept every shared-memory access of the harness, unmerged.

For each catalogue entry (from `harness --list`) the SASS of its kernel (from `cuobjdump -sass
harness`) must hold exactly `unroll` shared-memory instructions, all of the entry's width
(LDS.U8 .. LDS.128, STS.U8 .. STS.128, LDSM/STSM .x1 .x2 .x4), inside the loop (between the
target of the loop's backward branch and the branch), and no other shared-memory instruction
nor any generic load or store (LD, ST), which could reach shared memory unseen.
The kernel's template arguments must name the entry's op. Every kernel must be there, once.

usage: check_sass.py HARNESS [--cuobjdump PATH]    exit 0: all good; 1: a check failed;
                                                    77: cuobjdump not found (skipped)
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

# Kernel bankcheck_gpu::pattern_kernel<I, kind, bytes, matrices>, as mangled by nvcc.
KERNEL = re.compile(r"pattern_kernelILi(\d+)ELi(\d+)ELi(\d+)ELi(\d+)E")
# bankcheck::op_kind values, as the kernel's template argument.
KINDS = {"load": 0, "store": 1, "ldmatrix": 2, "stmatrix": 3}
# Any SASS instruction that reads or writes shared memory (sm_90): plain, matrix, atomic, async copy.
SHARED = re.compile(r"\b(LDS|STS|LDSM|STSM|ATOMS|LDGSTS|REDS|LDSD|STSD)(\.[A-Z0-9_]+)*\b")
# Generic loads and stores, which could reach shared memory behind the check's back.
GENERIC = re.compile(r"(LD|ST)(\.[A-Z0-9_]+)*")
INSTRUCTION = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P[0-7T]\s+)?([A-Z0-9_.]+)([^;]*);")


def expected_mnemonic(op):
    """The SASS mnemonic of a harness access, e.g. load(8) -> LDS.64, ldmatrix(4) -> LDSM.16.M88.4."""
    m = re.fullmatch(r"(load|store|ldmatrix|stmatrix)\((\d+)\)", op)
    if not m:
        raise ValueError(f"unknown op {op!r}")
    kind, n = m.group(1), int(m.group(2))
    if kind in ("load", "store"):
        suffix = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}[n]
        return ("LDS" if kind == "load" else "STS") + suffix
    return ("LDSM" if kind == "ldmatrix" else "STSM") + ".16.M88" + {1: "", 2: ".2", 4: ".4"}[n]


def op_arguments(op):
    """(kind, bytes, matrices): the kernel's template arguments for an op."""
    kind, n = re.fullmatch(r"(\w+)\((\d+)\)", op).groups()
    n = int(n)
    return (KINDS[kind], 16, n) if kind.endswith("matrix") else (KINDS[kind], n, 0)


def read_catalogue(text):
    """harness --list output -> list of dicts (index, name, op, predicted, ...)."""
    lines = text.strip().splitlines()
    if not lines or not lines[0].startswith("index\tname\t"):
        raise ValueError("not the output of harness --list")
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    for r in rows:
        for key in ("index", "predicted", "ideal", "merged", "unroll"):
            r[key] = int(r[key])
        r["mask"] = int(r["mask"], 16)
    return rows


def split_functions(sass):
    """cuobjdump -sass output -> {function name: [(address, mnemonic, operands), ...]}."""
    functions, current = {}, None
    for line in sass.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            current = functions.setdefault(m.group(1), [])
            continue
        m = INSTRUCTION.search(line)
        if m and current is not None:
            current.append((int(m.group(1), 16), m.group(3), m.group(4).strip()))
    return functions


def check(catalogue, sass):
    """The list of problems (empty when every kernel is as expected)."""
    problems = []
    kernels = {}
    for name, body in split_functions(sass).items():
        m = KERNEL.search(name)
        if not m:
            continue
        index = int(m.group(1))
        if index in kernels:
            problems.append(f"kernel {index} appears twice")
        kernels[index] = (tuple(int(g) for g in m.groups()[1:]), body)
    for entry in catalogue:
        i, label = entry["index"], f"{entry['index']} {entry['name']}"
        if i not in kernels:
            problems.append(f"{label}: no kernel in the SASS")
            continue
        arguments, body = kernels.pop(i)
        if arguments != op_arguments(entry["op"]):
            problems.append(f"{label}: kernel arguments {arguments} do not name {entry['op']}")
        want = expected_mnemonic(entry["op"])
        shared = [(a, mn) for a, mn, _ in body if SHARED.fullmatch(mn)]
        wrong = sorted({mn for _, mn in shared if mn != want})
        if wrong:
            problems.append(f"{label}: expected only {want}, found {', '.join(wrong)}")
        generic = sorted({mn for _, mn, _ in body if GENERIC.fullmatch(mn)})
        if generic:
            problems.append(f"{label}: generic memory instructions {', '.join(generic)} (could reach shared memory)")
        if len(shared) != entry["unroll"]:
            problems.append(f"{label}: {len(shared)} shared-memory instructions, expected {entry['unroll']} ({want})")
        if shared:
            first, last = shared[0][0], shared[-1][0]
            loops = [(a, ops) for a, mn, ops in body if mn == "BRA"]
            inside = any(
                a > last and int(t, 16) <= first
                for a, ops in loops
                for t in re.findall(r"\b0x([0-9a-f]+)\b", ops)[-1:]
            )
            if not inside:
                problems.append(f"{label}: the {want} are not inside a loop (no backward branch around them)")
    for i in sorted(kernels):
        problems.append(f"kernel {i} is not in the catalogue")
    return problems


def find_cuobjdump(given, cuda_bin=None):
    """cuobjdump: the one given, else on PATH, in the CUDA toolkit, or from PyPI's
    nvidia-cuda-cuobjdump in this Python's site-packages."""
    if given:
        return given if os.path.isfile(given) and os.access(given, os.X_OK) else None
    candidates = [shutil.which("cuobjdump"), cuda_bin and os.path.join(cuda_bin, "cuobjdump"),
                  "/usr/local/cuda/bin/cuobjdump"]
    for site in {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}:
        candidates += sorted(glob.glob(os.path.join(site, "nvidia", "cu*", "bin", "cuobjdump")), reverse=True)
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def disassemble(cuobjdump, binary, timeout=None):
    """cuobjdump -sass output; cuobjdump runs nvdisasm, looked for beside it first."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(os.path.abspath(cuobjdump)) + os.pathsep + env.get("PATH", "")
    return subprocess.run([cuobjdump, "-sass", binary], capture_output=True, text=True, env=env, timeout=timeout)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("harness", help="the harness executable (or cubin) built for sm_90")
    parser.add_argument("--cuobjdump", help="cuobjdump to use (default: PATH, --cuda-bin, /usr/local/cuda/bin, "
                        "then PyPI's nvidia-cuda-cuobjdump)")
    parser.add_argument("--cuda-bin", help="the CUDA toolkit's bin directory, to look for cuobjdump in")
    parser.add_argument("--list", help="harness --list output in a file (default: run the harness)")
    args = parser.parse_args(argv)

    cuobjdump = find_cuobjdump(args.cuobjdump, args.cuda_bin)
    if not cuobjdump:
        print("SKIPPED: cuobjdump not found (CUDA toolkit's cuda-cuobjdump, or pip install "
              "nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm)")
        return 77
    if args.list:
        with open(args.list) as f:
            listing = f.read()
    else:
        listing = subprocess.run([args.harness, "--list"], check=True, capture_output=True, text=True).stdout
    catalogue = read_catalogue(listing)
    result = disassemble(cuobjdump, args.harness)
    if result.returncode != 0:
        print(f"check_sass: {cuobjdump} -sass failed:\n{result.stderr}", file=sys.stderr)
        return 1
    problems = check(catalogue, result.stdout)
    for p in problems:
        print(f"check_sass: {p}", file=sys.stderr)
    if problems:
        print(f"check_sass: {len(problems)} problem(s) in {len(catalogue)} kernels", file=sys.stderr)
        return 1
    print(f"check_sass: {len(catalogue)} kernels, each with exactly its {catalogue[0]['unroll']} accesses "
          f"of the right width inside its loop")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
