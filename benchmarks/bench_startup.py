"""Start-up cost of the command line, as ratios to a bare interpreter measured in the same run.

Each command runs as a whole process ``RUNS`` times, alternating with ``python -c pass``; the CPU
time (user + system) of every child is read from the kernel's accounting, and the ratio of the
medians is printed. Targets (issue 10): ``rmu shoot`` at most 12x, ``--help`` at most 10x;
``cpr shoot`` should be of the same order as ``rmu shoot``.

Two floors are measured with them. ``typer + rich`` imports the command line's libraries and
nothing of firefight: every command typer reads starts above it. ``+ pydantic`` adds pydantic's
``BaseModel``, which a command that validates a data file imports (cpr's, a user's table). A
scripted ``rmu shoot`` starts below both: it runs without typer (``firefight.cli.quick``),
writes its text without rich (``firefight.cli.plain``) and reads rmu's shipped data without
pydantic (``firefight.tables.shipped``; docs/architecture.md, "Where ``rmu shoot`` stands").

Measured on the 2-core development machine (15 runs, medians; the machine was shared, so
figures drift by a few tenths between runs)::

    python -c pass         0.014 s    1.0x
    typer + rich           0.113 s    8.2x
    + pydantic             0.176 s   12.7x
    firefight --help       0.095 s    6.8x  (target <= 10x)
    firefight rmu shoot    0.159 s   11.5x  (target <= 12x)
    firefight cpr shoot    0.454 s   32.9x

The children may write byte code (``PYTHONDONTWRITEBYTECODE`` is dropped for them), as they do
for a user: compiling the sources on every run is not what start-up costs once installed.

    python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys

FIREFIGHT = shutil.which("firefight", path=os.path.dirname(sys.executable)) or "firefight"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "typer + rich": [sys.executable, "-c", "import typer, rich.console"],
    "+ pydantic": [sys.executable, "-c", "import typer, rich.console, pydantic.main"],
    "firefight --help": [FIREFIGHT, "--help"],
    "firefight rmu shoot": [
        FIREFIGHT, "rmu", "shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40",
        "--rolls", "77,42",
    ],
    "firefight cpr shoot": [
        FIREFIGHT, "cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6",
        "--distance", "18", "--armor", "11", "--rolls", "8,4,3,5,9",
    ],
}  # fmt: skip
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
TARGETS = {"firefight --help": 10.0, "firefight rmu shoot": 12.0}


def cpu_seconds(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(runs: int) -> None:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():  # warm the file cache and byte code
        cpu_seconds(argv)
    for _ in range(runs):
        for name, argv in COMMANDS.items():
            times[name].append(cpu_seconds(argv))
    base = statistics.median(times["python -c pass"])
    cores = os.cpu_count()
    print(f"{runs} runs each on {cores} cores, CPU seconds (median), ratio to python -c pass")
    for name, found in times.items():
        median = statistics.median(found)
        target = TARGETS.get(name)
        goal = f"  (target <= {target:g}x)" if target else ""
        print(f"  {name:22s} {median:.3f} s  {median / base:5.1f}x{goal}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
