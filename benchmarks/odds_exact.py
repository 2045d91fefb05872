"""Benchmark: the exact distribution of one rmu aimed shot (issue 7 target: <= 2 ms warm).

Run with ``python benchmarks/odds_exact.py``. Side by side in one run, median over many calls:

- the fast exact path (every chain followed 9 rerolls: ~1e-13 left out), warm;
- one scalar resolution of the same shot (for scale);
- the generic exact engine on the same shot at depth 0 (the reference: one resolver run per
  dice path), once, for the first two shots.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.enumeration import enumerate_outcomes
from firefight.rulesets.rmu.odds.shot import aimed_shot_exact
from firefight.rulesets.rmu.odds.views import default_data, shot_view
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.shot_results import AimedShotResult

DATA = default_data()
CASES = {
    "glock-17 OB 65 at 40 ft, BA II": AimedShot(
        weapon="glock-17", ob=65, distance_ft=40, armor="BA II"
    ),
    "glock-17 OB 65 at 40 ft, bare": AimedShot(weapon="glock-17", ob=65, distance_ft=40),
    "sks-46 OB 120 at 150 ft, BA III, AP": AimedShot(
        weapon="sks-46", ob=120, distance_ft=150, armor="BA III", ammo="armor-piercing"
    ),
}

# The generic engine runs the resolver once per path; the AP case has ~500 000 paths (~30 s).
GENERIC = {"glock-17 OB 65 at 40 ft, BA II", "glock-17 OB 65 at 40 ft, bare"}


def _resolve(shot: AimedShot, dice: Dice) -> Outcome[AimedShotResult]:
    return resolve_aimed_shot(shot, dice, DATA)


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm: tables loaded, the shot's model built
    samples = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e6


def main() -> None:
    for name, shot in CASES.items():
        fast = median_ms(partial(aimed_shot_exact, shot, DATA), 300)
        scalar = median_ms(lambda: resolve_aimed_shot(shot, Dice.seeded(1), DATA), 300)  # noqa: B023
        print(f"{name}")
        print(f"  fast exact (depth 9)      median {fast:9.3f} ms")
        print(f"  one scalar resolution     median {scalar:9.3f} ms  ({fast / scalar:5.1f}x)")
        if name not in GENERIC:
            continue
        start = time.perf_counter()
        # Past the command line's path limit on purpose: the reference is timed whole.
        generic = enumerate_outcomes(
            partial(_resolve, shot), key=shot_view, depth=0, max_paths=10**6
        )
        generic_ms = (time.perf_counter() - start) * 1e3
        print(
            f"  generic exact (depth 0)   once   {generic_ms:9.1f} ms  "
            f"({generic.paths} paths; fast path is {generic_ms / fast:,.0f}x quicker)"
        )


if __name__ == "__main__":
    main()
