# SPDX-License-Identifier: BSL-1.0
"""How the compile-time benchmarks measure a command: CPU seconds, or instructions (callgrind)."""
import os
import resource
import subprocess
import tempfile


def cpu(cmd):
    """(whether cmd succeeded, the CPU seconds it and its children used)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ok = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ok, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions(cmd):
    """(whether cmd succeeded, the millions of instructions it and its children ran, by callgrind)."""
    with tempfile.TemporaryDirectory() as out:
        ok = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                             f"--callgrind-out-file={out}/cg.%p"] + cmd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        total = 0
        for name in os.listdir(out):
            with open(os.path.join(out, name)) as f:
                for line in f:
                    if line.startswith("summary:"):
                        total += int(line.split()[1])
                        break
        return ok, total / 1e6
