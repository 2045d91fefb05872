"""Benchmark: an exact sweep of 4 weapons x 14 armor columns (AT 1-10, BA I-IV) x 5 range bands
x 16 skill levels = 4480 shots (issue 7 target: <= 2 s).

Run with ``python benchmarks/odds_sweep.py``. Side by side in one run: in this process from
cold (every model built), again warm, and on a two-process pool.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor

from firefight.odds.sweep import sweep
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.shot import AimedShot

WEAPONS = ["glock-17", "zastava-m85-folded", "zastava-m85-stock", "sks-46"]
GRID: dict[str, Sequence[object]] = {
    "weapon": WEAPONS,
    "armor": [*NAKED_COLUMNS, "BA I", "BA II", "BA III", "BA IV"],
    "band": [1, 2, 3, 4, 5],
    "ob": list(range(0, 160, 10)),
}
BASE = AimedShot(weapon="glock-17", ob=0, distance_ft=15)


def build(base: AimedShot, point: Mapping[str, object]) -> AimedShot:
    values = dict(point)
    band = values.pop("band")
    shot = dataclasses.replace(base, **values)  # type: ignore[arg-type]
    assert isinstance(band, int)
    increment = default_data().weapon(shot.weapon).short_range_ft
    return dataclasses.replace(shot, distance_ft=(band - 0.5) * increment)


def timed(label: str, **kwargs: object) -> float:
    start = time.perf_counter()
    result = sweep(BASE, GRID, build=build, **kwargs)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    refused = sum(1 for r in result.refusals if r)
    print(f"{label:32s} {seconds:6.3f} s   {len(result.points)} shots, {refused} refused")
    return seconds


def main() -> None:
    timed("in process, cold")
    timed("in process, warm")
    with ProcessPoolExecutor(2) as pool:
        timed("2 processes (fork of a warm parent)", executor=pool)


if __name__ == "__main__":
    main()
