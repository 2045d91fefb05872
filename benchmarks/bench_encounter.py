"""Benchmark: reading and folding a 10,000-event encounter log, with and without snapshots.

Run with ``make bench`` or ``python benchmarks/bench_encounter.py``. A fight between six
combatants with deep pockets is played with seeded dice until its log holds at least 10,000
events, and stored in SQLite files three ways: records only; with a snapshot at the head; with a
snapshot 199 records back (the most a command ever folds, SNAPSHOT_EVERY - 1). Then, each the
median of a few runs:

- fold the log in memory (records already read back: the replay itself);
- read the encounter back from SQLite and fold it, as every command does: without a snapshot
  (the whole log), from a snapshot at the head, from a snapshot 199 records back;
- append one action through the service (read, fold, validate, resolve, write), on a store
  without snapshots and on one with them;
- write a snapshot: encode the state, check it reads back exactly (once every 200 records).
"""

from __future__ import annotations

import builtins
import itertools
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, parse_record
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.encounter.snapshot import (
    SNAPSHOT_EVERY,
    SNAPSHOT_VERSION,
    Folded,
    encode_snapshot,
    fingerprint,
)
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.service import EncounterService
from firefight.store import (
    EncounterInfo,
    EncounterStore,
    Snapshot,
    SqlStore,
    StoredRecord,
    Written,
    open_store,
)

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


class LogOnly:
    """The same store without its snapshots: the service then folds the whole log each time."""

    def __init__(self, store: EncounterStore) -> None:
        self._store = store

    def create(
        self,
        name: str,
        ruleset: str,
        scenario: dict[str, Any],
        payloads: Sequence[dict[str, Any]] = (),
    ) -> Written:
        return self._store.create(name, ruleset, scenario, payloads)

    def scenario(self, name: str) -> dict[str, Any]:
        return self._store.scenario(name)

    def append(self, name: str, expected_head: int, payloads: Sequence[dict[str, Any]]) -> Written:
        return self._store.append(name, expected_head, payloads)

    def records(self, name: str, after: int = 0) -> builtins.list[StoredRecord]:
        return self._store.records(name, after)

    def head(self, name: str) -> int:
        return self._store.head(name)

    def list(self) -> builtins.list[EncounterInfo]:
        return self._store.list()

    def delete(self, name: str) -> None:
        self._store.delete(name)

    def export(self, name: str) -> dict[str, Any]:
        return self._store.export(name)

    def import_(self, data: dict[str, Any], name: str | None = None) -> EncounterInfo:
        return self._store.import_(data, name)

    def close(self) -> None:
        self._store.close()


def median_ms(fn: Callable[[], object], repeat: int = 5) -> float:
    fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e6


def _store_with_snapshot(
    store: SqlStore, name: str, records: Sequence[LogRecord], snapshot_at: int
) -> None:
    """``records`` stored as the encounter ``name``, with a snapshot at record ``snapshot_at``."""
    rmu = find_ruleset("rmu")
    scenario = scenario_from_data(_scenario())
    payloads = [r.payload() for r in records]
    store.create(name, "rmu", dict(scenario.data))
    store.append(name, 0, payloads[: snapshot_at - 1])
    folded = Folded(
        seq=snapshot_at, state=fold(initial_state(scenario), records[:snapshot_at], rmu)
    )
    text = encode_snapshot(folded, rmu)
    assert text is not None, "the bench state must make a snapshot"
    snapshot = Snapshot(
        seq=snapshot_at, version=SNAPSHOT_VERSION, fingerprint=fingerprint(rmu), state=text
    )
    store.append(name, snapshot_at - 1, [payloads[snapshot_at - 1]], snapshot)
    store.append(name, snapshot_at, payloads[snapshot_at:])


def _acting(service: EncounterService, name: str) -> Callable[[], object]:
    """Appending one cheap action for whoever is next, after a fresh round (AP to spend)."""
    state = service.next_round(name, Dice.seeded(1)).state
    able = itertools.cycle([c.name for c in state.combatants if c.can_act()])
    return lambda: service.act(name, f"{next(able)} waits --ap 1", Dice.seeded(0))


def main() -> None:
    rmu = find_ruleset("rmu")
    scenario = scenario_from_data(_scenario())
    scene = initial_state(scenario)
    records, events = build_log()
    head = len(records)
    print(f"log: {head} records, {events} events; a snapshot every {SNAPSHOT_EVERY} records")
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{Path(folder) / 'bench.db'}")
        store.create("plain", "rmu", dict(scenario.data))
        store.append("plain", 0, [r.payload() for r in records])
        _store_with_snapshot(store, "at-head", records, head)
        _store_with_snapshot(store, "behind", records, head - (SNAPSHOT_EVERY - 1))
        plain = EncounterService(LogOnly(store))
        service = EncounterService(store)
        expected = fold(scene, records, rmu)
        for name in ("plain", "at-head", "behind"):
            assert service.current(name).state == expected, name
        assert service.current("behind").base.seq == head - (SNAPSHOT_EVERY - 1)
        assert len(service.current("at-head").tail) == 0

        plain_act = _acting(plain, "plain")
        snap_act = _acting(service, "at-head")
        after_round = service.current("at-head")
        folded = Folded(seq=after_round.head, state=after_round.state)

        rows: list[tuple[str, Callable[[], object], str | None]] = [
            ("fold the whole log in memory", lambda: fold(scene, records, rmu), None),
            ("read + fold, no snapshot", lambda: service.current("plain"), None),
            ("read + fold, snapshot at the head", lambda: service.current("at-head"), "nosnap"),
            (
                f"read + fold, snapshot {SNAPSHOT_EVERY - 1} records back",
                lambda: service.current("behind"),
                "nosnap",
            ),
            ("append one action, no snapshots", plain_act, None),
            ("append one action, with snapshots", snap_act, "noappend"),
            ("write a snapshot (encode + check)", lambda: encode_snapshot(folded, rmu), None),
        ]
        timed: dict[str, float] = {}
        for label, fn, _ in rows:
            timed[label] = median_ms(fn)
        reference = {
            "nosnap": timed["read + fold, no snapshot"],
            "noappend": timed["append one action, no snapshots"],
        }
        in_memory = timed["fold the whole log in memory"]
        for label, _, against in rows:
            ms = timed[label]
            faster = f"   {reference[against] / ms:5.1f}x faster than without" if against else ""
            print(f"{label:40s} median {ms:7.1f} ms  ({ms / in_memory:5.2f}x the fold){faster}")
        store.close()


if __name__ == "__main__":
    main()
