"""Start-up cost of the command line, as ratios to a bare interpreter measured in the same run.

Each command runs as a whole process ``RUNS`` times, alternating with ``python -c pass``; the CPU
time (user + system) of every child is read from the kernel's accounting, and the ratio of the
medians is printed. Targets (issue 10): ``rmu shoot`` at most 12x, ``--help`` at most 10x.

    python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 15
FIREFIGHT = shutil.which("firefight", path=os.path.dirname(sys.executable)) or "firefight"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "firefight --help": [FIREFIGHT, "--help"],
    "firefight rmu shoot": [
        FIREFIGHT, "rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40",
        "--rolls", "77,42",
    ],
}  # fmt: skip
TARGETS = {"firefight --help": 10.0, "firefight rmu shoot": 12.0}


def cpu_seconds(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():  # warm the file cache and byte code
        cpu_seconds(argv)
    for _ in range(RUNS):
        for name, argv in COMMANDS.items():
            times[name].append(cpu_seconds(argv))
    base = statistics.median(times["python -c pass"])
    print(f"{RUNS} runs each, CPU seconds (median), ratio to python -c pass")
    for name, found in times.items():
        median = statistics.median(found)
        target = TARGETS.get(name)
        goal = f"  (target <= {target:g}x)" if target else ""
        print(f"  {name:22s} {median:.3f} s  {median / base:5.1f}x{goal}")


if __name__ == "__main__":
    main()
