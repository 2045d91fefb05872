"""Benchmark: whole fights of examples/warehouse.toml per CPU-second, the quiet engine path
against the recorded engine (issue 19).

Run with ``python benchmarks/odds_fights.py [FIGHTS]``. Side by side in one process: the two
paths take turns on the same seeds (quiet, recorded, quiet, recorded ...), so a machine whose
speed drifts slows both alike; the ratio is of their CPU seconds. Both play the same fights
(tests/test_odds_fights_quiet.py), so the ratio compares equal work.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.odds.fights import fight_once

WAREHOUSE = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    scenario = load_scenario(WAREHOUSE)
    fight_once(scenario, Dice.seeded(0))  # every table and model loaded before timing
    spent = {True: 0.0, False: 0.0}
    for seed in range(fights):
        for quiet in (True, False):
            start = time.process_time()
            fight_once(scenario, Dice.seeded(seed), quiet=quiet)
            spent[quiet] += time.process_time() - start
    print(f"cores: {len(os.sched_getaffinity(0))}; {fights} fights each, alternating")
    for quiet, label in ((False, "recorded engine"), (True, "quiet path")):
        rate = fights / spent[quiet]
        print(f"{label:16s} {rate:7.1f} fights per CPU-second ({1000 / rate:6.1f} ms a fight)")
    print(f"quiet / recorded: {spent[False] / spent[True]:.2f}x the fights per CPU-second")


if __name__ == "__main__":
    main()
