"""Benchmark: Monte Carlo shots per second (issue 7 targets: >= 20 million a second for the rmu
shot kernel, within ~4x of raw numpy open-ended d100 generation; >= 100x the scalar resolver
called in a loop).

Run with ``python benchmarks/odds_montecarlo.py``. Measured side by side in one run (best of a
few repeats for the vector rates, which a busy machine otherwise drags down):

- raw numpy: open-ended d100 totals (chains to the end), nothing else;
- the rmu shot kernel: attack roll, fumble, table, critical, breakage check, view;
- the scalar resolver in a Python loop with seeded dice.
"""

from __future__ import annotations

import time
from functools import partial

import numpy as np

from firefight.dice import Dice
from firefight.rulesets.rmu.odds.shot import aimed_shot_sample
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot

DATA = default_data()
SAMPLES = 4_000_000
CASES = {
    "bare": AimedShot(weapon="glock-17", ob=65, distance_ft=40),
    "BA II": AimedShot(weapon="glock-17", ob=65, distance_ft=40, armor="BA II"),
}


def raw_open_ended(n: int, seed: int = 0, chunk: int = 1 << 16) -> None:
    rng = np.random.default_rng(seed)
    for start in range(0, n, chunk):
        size = min(chunk, n - start)
        first = rng.integers(1, 101, size, dtype=np.int16)
        total = first.astype(np.int32)
        rolling = np.flatnonzero(first >= 96)
        while rolling.size:
            more = rng.integers(1, 101, rolling.size, dtype=np.int16)
            total[rolling] += more
            rolling = rolling[more >= 96]


def best_rate(fn: object, n: int, repeat: int = 5) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return n / best


def main() -> None:
    raw = best_rate(lambda: raw_open_ended(SAMPLES), SAMPLES)
    print(f"raw numpy open-ended d100          {raw / 1e6:8.1f} M/s")
    for name, shot in CASES.items():
        aimed_shot_sample(shot, DATA, samples=10_000)  # warm
        kernel = best_rate(partial(aimed_shot_sample, shot, DATA, samples=SAMPLES), SAMPLES)
        loops = 20_000
        dice = Dice.seeded(1)
        start = time.perf_counter()
        for _ in range(loops):
            resolve_aimed_shot(shot, dice, DATA)
        scalar = loops / (time.perf_counter() - start)
        print(
            f"rmu shot kernel ({name:5s})           {kernel / 1e6:8.1f} M/s   "
            f"raw / kernel {raw / kernel:4.1f}x   kernel / scalar loop {kernel / scalar:,.0f}x"
        )
        print(f"scalar resolver loop ({name:5s})      {scalar / 1e3:8.1f} k/s")


if __name__ == "__main__":
    main()
