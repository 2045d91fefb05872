"""Benchmark: resolving one rmu aimed shot with its full trace (issue 2's target: < 1 ms).

Run with ``make bench`` or ``python benchmarks/bench_shot.py``. Reports the median over many
shots of three variants side by side, each on warm data (tables already loaded):

- the bare aimed shot in the open (no critical),
- a shot that reads a critical table (the longest path),
- the same shot plus rendering its trace as text and JSON.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from firefight.dice import Dice
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot

DATA = RmuData()
MISS = AimedShot(weapon="glock-17", ob=65, distance_ft=40)
CRIT = AimedShot(
    weapon="glock-17",
    ob=90,
    distance_ft=50,
    ap=2,
    armor="BA II",
    cover=parse_cover("partial:hard"),
    defender=Defender(quickness_db=10, dodge_db=20),
    situational=("higher-ground",),
)


def median_us(fn: Callable[[], object], repeat: int = 5000) -> float:
    fn()  # warm: loads every table the path touches
    samples = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1000


def cases() -> dict[str, Callable[[], object]]:
    """Each benchmarked call; tests run every one once so the benchmark cannot rot."""
    return {
        "shot, no critical": lambda: resolve_aimed_shot(MISS, Dice.scripted([50]), DATA),
        "shot with critical": lambda: resolve_aimed_shot(
            CRIT, Dice.scripted([98, 60, 30, 50]), DATA
        ),
        "shot with critical + text + JSON": lambda: (
            (
                o := resolve_aimed_shot(CRIT, Dice.scripted([98, 60, 30, 50]), DATA)
            ).trace.render_text(),
            json.dumps(o.to_json()),
        ),
    }


def main() -> None:
    base = None
    for name, fn in cases().items():
        us = median_us(fn)
        base = base or us
        print(f"{name:36s} median {us:8.1f} us   ({us / base:4.2f}x the first)")


if __name__ == "__main__":
    main()
