#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""CPU test of benchmarks/gpu/run's tabulation: no GPU, a synthetic Nsight Compute log.

usage: test_run.py HARNESS

Takes the catalogue from `HARNESS --list` and checks each prediction against MODEL.md's rules
written out here (the catalogue the GPU runs, as built by nvcc). Then writes an ncu `--csv --page raw` log in which every
kernel measures its predicted wavefronts except two planted faults (one wrong wavefront count,
one wrong instruction count), rows shuffled, with a units row and thousands separators; then
checks that `run --from-ncu-csv` finds exactly those two, writes the results file, and that
--strict fails. The clock64() estimate is checked on synthetic cycles the same way. The numbers
in the log are made up to test the script; they are not measurements.
"""
import csv
import io
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import check_sass  # noqa: E402

import importlib.machinery  # noqa: E402
import importlib.util  # noqa: E402

# benchmarks/gpu/run has no .py suffix: load it as a module by path.
_loader = importlib.machinery.SourceFileLoader("gpu_run", os.path.join(HERE, "run"))
_spec = importlib.util.spec_from_loader("gpu_run", _loader)
run = importlib.util.module_from_spec(_spec)
_loader.exec_module(run)

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def model_wavefronts(entry, merge_rule=True):
    """MODEL.md's NVIDIA rules written out (as tests/gpu_catalogue.test.cpp does in C++): the
    phases of the instruction, then per phase with an active lane the most distinct 4-byte words
    one of the 32 banks delivers."""
    address = [int(x) for x in entry["addresses"].split(",")]
    mask = entry["mask"]

    def active(lane):
        return 0 <= lane < 32 and (mask >> lane) & 1

    kind, n = entry["op"].rstrip(")").split("(")
    n = int(n)
    if kind.endswith("matrix"):
        width, phases = 16, [[8 * m + r for r in range(8)] for m in range(n)]  # one phase per matrix
    else:
        width, size = n, 32 if n <= 4 else 16 if n == 8 else 8
        agree = [all(not active(i) or not active(i ^ k) or address[i] == address[i ^ k] for i in range(32))
                 for k in (1, 2)]
        if merge_rule and kind == "load" and width >= 8 and any(agree):
            size = 32 if width == 8 else 16
        phases = [[lane for lane in range(first, first + size) if active(lane)] for first in range(0, 32, size)]
    total = 0
    for lanes in phases:
        banks = {}
        for lane in lanes:
            for word in range(address[lane] // 4, (address[lane] + width - 1) // 4 + 1):
                banks.setdefault(word % 32, set()).add(word)
        total += max((len(words) for words in banks.values()), default=0)
    return total


def ncu_log(catalogue, iterations, wrong_wavefronts, wrong_count):
    header = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream", "Block Size",
              "Grid Size", "Device", "CC"] + list(run.METRICS.values()) + ["smsp__inst_executed_op_ldsm.sum"]
    rows = []
    for e in catalogue:
        instructions = iterations * e["unroll"]
        wavefronts = e["predicted"] * instructions
        if e["name"] == wrong_wavefronts:
            wavefronts += instructions  # one wavefront too many per instruction
        if e["name"] == wrong_count:
            instructions -= 1
            wavefronts = e["predicted"] * instructions
        kind, n = e["op"].rstrip(")").split("(")
        args = (2 if kind == "ldmatrix" else 3 if kind == "stmatrix" else 0 if kind == "load" else 1,
                16 if "matrix" in kind else int(n), int(n) if "matrix" in kind else 0)
        loads = kind in ("load", "ldmatrix")
        # As if the shared-load instruction counter did not count LDSM, and another counter did.
        counted = 0 if kind == "ldmatrix" and e["name"] != wrong_count else instructions
        values = [wavefronts if loads else 0, 0 if loads else wavefronts,
                  counted if loads else 0, 0 if loads else instructions,
                  instructions if kind == "ldmatrix" else 0]
        name = (f"_ZN13bankcheck_gpu14pattern_kernelILi{e['index']}ELi{args[0]}ELi{args[1]}ELi{args[2]}EEEv"
                f"NS_14lane_addressesEjijPy")
        rows.append([str(e["index"]), "4242", "harness", "127.0.0.1", name, "1", "7", "(32, 1, 1)", "(1, 1, 1)",
                     "0", "9.0"] + [f"{v:,}" for v in values])
    random.Random(7).shuffle(rows)
    out = io.StringIO()
    out.write("==PROF== Connected to process 4242\n")
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(header)
    writer.writerow([""] * len(header))  # the units row
    writer.writerows(rows)
    out.write("==PROF== Disconnected from process 4242\n")
    return out.getvalue()


def measure_with_stubs(harness, work, disassemble, catalogue):
    """run.measure as on a device, its tools stubbed: the harness already built, a GPU of
    compute capability 9.0, the given disassembler, and ncu answering with a log in which every
    kernel measures its prediction. Returns (exit status, results file's text)."""
    import argparse  # noqa: E402 (only here)
    names = ("build", "gpu_facts", "find_tool", "tool_version", "measure_ncu")
    saved = [getattr(run, n) for n in names] + [check_sass.find_cuobjdump, check_sass.disassemble]
    log = ncu_log(catalogue, run.NCU_ITERATIONS, None, None)
    run.build = lambda nvcc, build_dir, boost_include=None: (harness, 0.0)
    run.gpu_facts = lambda smi: {"name": "NVIDIA H100 80GB HBM3", "driver": "0", "cc": "9.0", "driver_cuda": "0"}
    run.find_tool = lambda name, env, extra=(): "/stub/" + name
    run.tool_version = lambda tool, pattern: "stub"
    run.measure_ncu = lambda ncu, exe, iterations, path: (run.read_ncu_csv(log), ["ncu"])
    check_sass.find_cuobjdump = lambda *a: "/stub/cuobjdump"
    check_sass.disassemble = disassemble
    out = os.path.join(work, "stubbed.md")
    args = argparse.Namespace(mode="auto", iterations=None, build_dir=work, boost_include=None, out=out, strict=False)
    import contextlib
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = run.measure(args, "run (stubbed)")
    finally:
        for n, f in zip(names, saved):
            setattr(run, n, f)
        check_sass.find_cuobjdump, check_sass.disassemble = saved[-2:]
    text = ""
    if os.path.exists(out):
        with open(out) as f:
            text = f.read()
    return status, text


def main(harness):
    listing = subprocess.run([harness, "--list"], check=True, capture_output=True, text=True).stdout
    catalogue = check_sass.read_catalogue(listing)
    expect(len(catalogue) >= 60, f"the catalogue has {len(catalogue)} entries, fewer than 60")
    # The catalogue the GPU runs (built by nvcc's host pass) predicts what MODEL.md's rules give.
    for e in catalogue:
        expect(e["predicted"] == model_wavefronts(e), f"{e['name']}: predicted {e['predicted']}, "
                                                      f"MODEL.md's rules give {model_wavefronts(e)}")
    decided = [e["name"] for e in catalogue if model_wavefronts(e, True) != model_wavefronts(e, False)]
    expect(len(decided) >= 10, f"only {len(decided)} entries depend on the merge rule")
    with tempfile.TemporaryDirectory() as work:
        list_file, log_file, out_file = (os.path.join(work, n) for n in ("list.tsv", "ncu.csv", "h200.md"))
        with open(list_file, "w") as f:
            f.write(listing)
        with open(log_file, "w") as f:
            f.write(ncu_log(catalogue, run.NCU_ITERATIONS, "ld16_same_address", "ldmatrix_x4_pitch128B"))
        script = [sys.executable, os.path.join(HERE, "run"), "--from-ncu-csv", log_file, "--list", list_file,
                  "--out", out_file]
        r = subprocess.run(script, capture_output=True, text=True)
        expect(r.returncode == 0, f"run --from-ncu-csv exited {r.returncode}: {r.stderr}")
        n = len(catalogue)
        expect(f"{n - 2} of {n} entries match the prediction." in r.stdout, "the summary counts the two faults")
        table = [line for line in r.stdout.splitlines() if line.startswith("| ") and "`" in line]
        expect(len(table) == n, f"{len(table)} table rows for {n} entries")
        bad = sorted(line.split("`")[1] for line in table if "**no**" in line)
        expect(bad == ["ld16_same_address", "ldmatrix_x4_pitch128B"], f"mismatches found: {bad}")
        row = next((line for line in table if "`ld16_same_address`" in line), "")
        expect("| 2 | 3 |" in row, f"ld16_same_address: predicted 2, measured 3: {row}")
        row = next((line for line in table if "`ldmatrix_x4_pitch128B`" in line), "")
        expect("instructions executed, expected 128" in row, f"the instruction count is reported: {row}")
        row = next((line for line in table if "`ldmatrix_x1_pitch128B`" in line), "")
        expect("| 8 | 8 | yes |" in row and "reads 0" in row and "smsp__inst_executed_op_ldsm.sum = 128" in row,
               f"an instruction counter that reads 0 is replaced, and said so: {row}")
        written = ""
        if os.path.exists(out_file):
            with open(out_file) as f:
                written = f.read()
        expect("| # | pattern |" in written and "- command: " in written, "results file written")
        r = subprocess.run(script + ["--strict"], capture_output=True, text=True)
        expect(r.returncode == 1, f"--strict with mismatches exits 1, not {r.returncode}")
        r = subprocess.run([sys.executable, os.path.join(HERE, "run"), "--from-ncu-csv", log_file],
                           capture_output=True, text=True)
        expect(r.returncode == 2 and "--list" in r.stderr, "--from-ncu-csv without --list: a clear error")

    # A device run is not stopped by its disassembler: one that fails leaves the SASS unchecked,
    # and SASS that is not what the harness needs is measured anyway, no row trusted, exit 1.
    # (Both used to stop the run before ncu: the session's only run, lost.)
    n = len(catalogue)
    with tempfile.TemporaryDirectory() as work:
        failed = lambda cuobjdump, exe, timeout=None: subprocess.CompletedProcess([], 1, "", "nvdisasm: not found")
        status, text = measure_with_stubs(harness, work, failed, catalogue)
        expect(status == 0 and f"{n} of {n} entries match" in text, f"a failing disassembler: exit {status}")
        expect("- SASS: not checked (/stub/cuobjdump failed: nvdisasm: not found)" in text, "and the results say so")
        garbage = lambda cuobjdump, exe, timeout=None: subprocess.CompletedProcess([], 0, "no kernels here\n", "")
        status, text = measure_with_stubs(harness, work, garbage, catalogue)
        expect(status == 1 and f"0 of {n} entries match" in text, f"SASS not as built: exit {status}, no match")
        expect(text.count("SASS check failed") == n and "no kernel in the SASS" in text, "every row says why")
    # Every tool has a time limit, so a hung one fails in time for the fallback and the results.
    run.TIMEOUT["sleep"] = 1
    try:
        run.run_command(["sleep", "5"], "sleep")
        expect(False, "a command past its time limit fails")
    except run.Failure as f:
        expect("no answer in 1 s" in str(f), f"a command past its time limit: {f}")

    # clock64 mode: cycles = 30 + 2 per wavefront for loads, 5 + 1 per wavefront for stores,
    # one planted fault (two wavefronts too many).
    cycles = {}
    for e in catalogue:
        load = e["op"].startswith(("load", "ldmatrix"))
        extra = 2 if e["name"] == "st8_pairs_xor1" else 0
        cycles[e["index"]] = (30 + 2 * e["predicted"]) if load else (5 + 1 * (e["predicted"] + extra))
    rows, slope = run.clock_rows(catalogue, cycles)
    expect(abs(slope["ld"] - 2) < 1e-9 and abs(slope["st"] - 1) < 1e-9, f"slopes {slope}")
    _, matches = run.table(rows, exact=False)
    expect(matches == len(catalogue) - 1, f"clock mode: {matches} matches, expected {len(catalogue) - 1}")

    expect(run.slug("NVIDIA H200") == "h200", "results/h200.md for an H200")
    if failures:
        print(f"test_run: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"test_run: the harness's {len(catalogue)} predictions are MODEL.md's ({len(decided)} depend on the merge "
          f"rule); the table is right on a synthetic ncu log and synthetic cycles")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:][0]))
