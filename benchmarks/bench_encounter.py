"""Benchmark: folding a 10,000-event encounter log, and appending one action to it.

Run with ``make bench`` or ``python benchmarks/bench_encounter.py``. A fight between six
combatants with deep pockets is played with seeded dice until its log holds at least 10,000
events; then, each the median of a few runs:

- fold the log in memory (records already read back: the replay itself);
- read the log back from an SQLite file store and fold it (what every command pays);
- append one action through the service on that store (read, fold, validate, resolve, write):
  the whole cost of a command, which the read and fold dominate.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, parse_record
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.encounter.service import EncounterService
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.store import open_store

TARGET_EVENTS = 10_000
NAMES = ("Ash", "Bo", "Cy", "Di", "Ed", "Fay")


def _scenario() -> dict[str, Any]:
    people = []
    for n, name in enumerate(NAMES):
        people.append(
            {
                "name": name,
                "position": [10.0 * n, 60.0 * (n % 2)],
                "hits": 100_000,
                "stats": {"quickness": n, "body_development": 100_000, "bmr_ft": 20},
                "skills": {"pistol": {"bonus": 60, "ranks": 5}},
                "armor": {"kind": "BA IV"},
                "weapon": [
                    {
                        "name": "glock",
                        "weapon": "glock-17",
                        "skill": "pistol",
                        "magazines": [{"rounds": 17}] * 400,
                    }
                ],
            }
        )
    return {"scenario": {"title": "bench", "ruleset": "rmu"}, "combatant": people}


def build_log() -> tuple[list[LogRecord], int]:
    """Records of a long fight (as the store would hand them back) and their event count."""
    rmu = find_ruleset("rmu")
    scene = initial_state(scenario_from_data(_scenario()))
    opening = engine.open_fight(scene, rmu, Dice.seeded(0))
    records, state, events, seed = [opening.record], opening.state, len(opening.record.events), 1
    while events < TARGET_EVENTS:
        for n, name in enumerate(NAMES):
            target = NAMES[(n + 1) % len(NAMES)]
            glock = state.combatant(name).weapon()
            loaded = glock.loaded.rounds if glock and glock.loaded else 0
            text = f"{name} reloads" if loaded == 0 else f"{name} shoots {target} --ap 3"
            try:
                res = engine.act(state, text, rmu, Dice.seeded(seed))
            except RuleRefusal:
                continue  # down, dying or dead: a critical can do that whatever the hits
            records.append(res.record)
            state, events, seed = res.state, events + len(res.record.events), seed + 1
        res = engine.next_round(state, rmu, Dice.seeded(seed))
        records.append(res.record)
        state, events, seed = res.state, events + len(res.record.events), seed + 1
    stored = [parse_record(r.payload(), seq=i) for i, r in enumerate(records, start=1)]
    return stored, events


def median_ms(fn: Callable[[], object], repeat: int = 5) -> float:
    fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e6


def main() -> None:
    rmu = find_ruleset("rmu")
    scenario = scenario_from_data(_scenario())
    scene = initial_state(scenario)
    records, events = build_log()
    print(f"log: {len(records)} records, {events} events")
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{Path(folder) / 'bench.db'}")
        store.create("bench", "rmu", dict(scenario.data))
        store.append("bench", 0, [r.payload() for r in records])
        service = EncounterService(store)
        assert service.load("bench").state == fold(scene, records, rmu)
        # A fresh round first, so that every timed action has an AP to spend.
        state = service.next_round("bench", Dice.seeded(1)).state
        able = [c.name for c in state.combatants if c.can_act]
        turn = iter(range(10**6))

        def append_one() -> None:
            service.act("bench", f"{able[next(turn) % len(able)]} waits --ap 1", Dice.seeded(0))

        cases: dict[str, Callable[[], object]] = {
            "fold 10k events in memory": lambda: fold(scene, records, rmu),
            "read + fold 10k events from SQLite": lambda: service.load("bench"),
            "append one action (service, SQLite)": append_one,
        }
        base = None
        for name, fn in cases.items():
            ms = median_ms(fn)
            base = base or ms
            print(f"{name:40s} median {ms:9.1f} ms   ({ms / base:5.2f}x the first)")
        store.close()


if __name__ == "__main__":
    main()
