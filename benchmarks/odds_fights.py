"""Benchmark: whole fights of a scenario per CPU-second (issue 19), side by side.

Run with ``python benchmarks/odds_fights.py [--fights N] [--turns K] [--before SRC]
[--scenario FILE]``. Each contender is timed in a fresh process (its start-up and one warm-up
fight not counted), in turns (A B C A B C ...), so a shared machine whose speed drifts slows
them alike; the ratio is of CPU seconds per fight. The contenders:

- ``quiet``: this tree's simulation path (what ``odds simulate`` runs), default tactics;
- ``recorded``: this tree's recorded engine (every log record built, as ``firefight
  encounter`` plays), the same tactics and so the same fights (tests/test_odds_fights_quiet.py);
- ``before``: another tree's ``src`` (``--before``, e.g. a ``git archive`` of the commit before
  a change), its own simulation path and default tactics (a tree from before the quiet path,
  such as f33d368 where issue 19 was filed, plays through its whole engine).

Fights differ in length between trees when their tactics differ, so rounds per fight are shown
beside the rate.
"""

from __future__ import annotations

import argparse
import inspect
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WAREHOUSE = ROOT / "examples" / "warehouse.toml"


def _worker(scenario: str, fights: int, quiet: bool) -> None:
    """Time ``fights`` fights in this process and print CPU seconds and rounds played."""
    from firefight.dice import Dice
    from firefight.encounter.scenario import load_scenario
    from firefight.odds.fights import fight_once

    loaded = load_scenario(scenario)
    # A tree from before the quiet path (f33d368, when issue 19 was filed) has only the engine.
    has_quiet = "quiet" in inspect.signature(fight_once).parameters
    how: dict[str, Any] = {"quiet": quiet} if has_quiet else {}
    fight_once(loaded, Dice.seeded(10_000), **how)  # every table and model loaded before timing
    rounds = 0
    start = time.process_time()
    for seed in range(fights):
        rounds += fight_once(loaded, Dice.seeded(seed), **how).rounds
    print(time.process_time() - start, rounds)


def _run(src: Path, scenario: str, fights: int, quiet: bool) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); import odds_fights; "
        f"odds_fights._worker({scenario!r}, {fights}, {quiet})"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    seconds, rounds = out.stdout.split()
    return float(seconds), int(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=40, help="fights per turn and contender")
    parser.add_argument("--turns", type=int, default=3, help="turns of every contender")
    parser.add_argument("--before", type=Path, help="another tree's src directory")
    parser.add_argument("--scenario", default=str(WAREHOUSE))
    args = parser.parse_args()
    contenders: dict[str, tuple[Path, bool]] = {
        "quiet": (ROOT / "src", True),
        "recorded": (ROOT / "src", False),
    }
    if args.before is not None:
        contenders["before"] = (args.before.resolve(), True)
    spent = dict.fromkeys(contenders, 0.0)
    rounds = dict.fromkeys(contenders, 0)
    for _ in range(args.turns):
        for name, (src, quiet) in contenders.items():
            seconds, played = _run(src, args.scenario, args.fights, quiet)
            spent[name] += seconds
            rounds[name] += played
    n = args.fights * args.turns
    print(f"cores: {len(os.sched_getaffinity(0))}; {Path(args.scenario).name}; {n} fights each")
    for name in contenders:
        rate = n / spent[name]
        print(
            f"{name:9s} {rate:7.1f} fights per CPU-second ({1000 / rate:6.1f} ms a fight, "
            f"{rounds[name] / n:.1f} rounds a fight)"
        )
    for name in contenders:
        if name != "quiet":
            print(f"quiet / {name}: {spent[name] / spent['quiet']:.2f}x the fights per CPU-second")


if __name__ == "__main__":
    main()
