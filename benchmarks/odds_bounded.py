"""Benchmark: the odds queries issue 19 found unbounded, each timed once in this process.

Run with ``python benchmarks/odds_bounded.py``. The M2HB from the hip (its recoil's outcomes
merged, DEC-470), cpr's injury reroll through the generic engine (conditioned, DEC-472), two
cpr shots by "exact" (the bounded walk, then 5,000 samples: DEC-471) and by "generic"
(refused once random paths judge the walk too big: DEC-661), a burst and a sweep sampled
20,000 times (each worked out up to its first die once), and the all-weapons sweep that took
9 min 39 s (the M2HB batched per recoil shift).
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping, Sequence

from firefight.declarations import declare
from firefight.limits import LimitError
from firefight.odds.api import odds
from firefight.odds.sweep import sweep
from firefight.rulesets.cpr.attack import RangedAttack, Shot
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.wounds import Health
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS
from firefight.rulesets.rmu.fire_options import RapidFireOptions, SuppressOptions
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.shot import AimedShot

HURT = Target(body_sp=0, health=Health(hp=30, max_hp=40), injuries=("dismembered-arm",))


def cpr(shots: int) -> RangedAttack:
    return RangedAttack(
        weapon="medium-pistol",
        ref=7,
        skill=6,
        shots=tuple(Shot(distance_m=10, target=HURT) for _ in range(shots)),
    )


def band(base: AimedShot, point: Mapping[str, object]) -> AimedShot:
    values = dict(point)
    n = values.pop("band")
    shot = dataclasses.replace(base, **values)  # type: ignore[arg-type]
    assert isinstance(n, int)
    return dataclasses.replace(
        shot, distance_ft=(n - 0.5) * default_data().weapon(shot.weapon).short_range_ft
    )


def all_weapons() -> object:
    grid: dict[str, Sequence[object]] = {
        "weapon": list(default_data().weapons),
        "armor": [*NAKED_COLUMNS, "BA I", "BA II", "BA III", "BA IV"],
        "band": [1, 2, 3, 4, 5],
        "ob": list(range(0, 160, 10)),
    }
    return sweep(AimedShot(weapon="glock-17", ob=0, distance_ft=15), grid, build=band)


def refused(work: Callable[[], object]) -> Callable[[], object]:
    """``work``, answering "refused" for the limit error it is expected to meet."""

    def run() -> object:
        try:
            return work()
        except LimitError:
            return "refused"

    return run


def timed(label: str, work: Callable[[], object]) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    found = work()
    wall, spent = time.perf_counter() - start, time.process_time() - cpu
    method = found if isinstance(found, str) else getattr(found, "method", "sweep")
    print(f"{label:44s} {spent:6.2f} CPU-s {wall:6.2f} s   {method}")


def main() -> None:
    print(f"cores: {len(os.sched_getaffinity(0))}")
    m2hb = AimedShot(weapon="m2hb", ob=80, distance_ft=100)
    timed("rmu shoot --weapon m2hb (cold)", lambda: odds(None, m2hb))
    timed("rmu shoot --weapon m2hb (warm)", lambda: odds(None, dataclasses.replace(m2hb, ob=90)))
    timed("cpr shoot, injury reroll, generic", lambda: odds(None, cpr(1), method="generic"))
    timed("cpr shoot, two shots, exact", lambda: odds(None, cpr(2)))
    timed("cpr shoot, two shots, generic", refused(lambda: odds(None, cpr(2), method="generic")))
    burst = declare(
        RapidFireOptions,
        weapon="zastava-m85-stock",
        share=70,
        ob=70,
        target=["Bob:0,40", "Ann:0,20:BA II"],
    ).build()
    timed(
        "rmu rapid-fire, 20,000 samples",
        lambda: odds(None, burst, method="monte-carlo", samples=20_000),
    )
    sweep_decl = declare(
        SuppressOptions,
        weapon="zastava-m85-stock",
        distance=60,
        width=20,
        target=["Bob:0,60", "Ann:5,60"],
        dive=["Ann"],
    ).build()
    timed(
        "rmu suppress, 20,000 samples",
        lambda: odds(None, sweep_decl, method="monte-carlo", samples=20_000),
    )
    timed("sweep: every weapon x armor x band x OB", all_weapons)


if __name__ == "__main__":
    main()
