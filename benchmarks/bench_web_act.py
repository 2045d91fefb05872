"""Benchmark: where the time of one web action goes, stage by stage, in this process (no HTTP).

Run with ``python benchmarks/bench_web_act.py`` (``--records N``: how long the log is first;
``--repeat K``: timings per stage; ``--profile``: a cProfile listing of the stages as well).
For an encounter of the bundled warehouse raid whose log already holds about N records it
times, each K times, what an ``act`` request does and what the pages open on the encounter then
ask for:

- the store: the head query, the records after a head, an append;
- the service: the encounter folded afresh (what a request did before the kept encounter), the
  kept one when nothing moved, the engine resolving a shot;
- the reply: the outcome's envelope (docs/json.md), a long log as JSON;
- the pages' reads after the change: the state view, the log view (rendered afresh, and as
  JSON from its records kept rendered), the map's SVG;
- the live fan-out to 50 event streams;
- whole requests through the app (``TestClient``): act, show, log, map.

Timings are wall-clock medians and 99th percentiles on whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import pstats
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.encoders import jsonable_encoder

from firefight.cli.encounter import applied_json
from firefight.dice import Dice, SeededSource
from firefight.encounter import engine
from firefight.encounter.scenario import load_scenario
from firefight.errors import RuleRefusal
from firefight.scene.svg import scene_svg
from firefight.service import EncounterService
from firefight.store import open_store
from firefight.store.table_settings import Tables, TableSettings
from firefight.web.app import Server, create_app
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.rendered import Rendered, encoded
from firefight.web.tokens import Keyring, Scope
from firefight.web.views import log_view, state_view

__all__ = ["main", "stages"]

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
PEOPLE = ("Mara", "Jonah", "Viktor", "Lev")
KEYS = Keyring(bytes(range(32)))


def _fill(service: EncounterService, name: str, records: int, rng: random.Random) -> None:
    """Shots, each taken back, and round changes until the log holds ``records`` records or
    more: a long log whose fight is still at its start, so every stage below can act."""
    service.next_round(name, Dice(SeededSource(1)))  # past the surprise round
    while service.store.head(name) < records:
        dice = Dice(SeededSource(rng.randrange(2**31)))
        if rng.random() < 0.1:
            service.next_round(name, dice)
            continue
        a, b = rng.sample(PEOPLE, 2)
        try:
            service.act(name, f"{a} shoots {b} --ap 1", dice)
        except RuleRefusal:  # out of AP this round
            continue
        service.undo(name)


def stages(records: int, folder: Path) -> dict[str, Callable[[], object]]:
    """Each stage of an act request and of the reads that follow it, as a call."""
    rng = random.Random(7)
    store = open_store(f"sqlite:///{folder / 'stages.db'}")
    reader = ReadingService(store)
    reader.new("raid", load_scenario(EXAMPLE), Dice(SeededSource(1)))
    _fill(reader, "raid", records, rng)
    plain = EncounterService(store)
    current = reader.current("raid")
    gm = Scope("gm")
    player = Scope("player", "raid", "Mara")
    settings = TableSettings()
    head, ruleset, listed = reader.listing("raid")
    hub = Hub()
    rendered, heads = Rendered(), itertools.count(10**6)
    log = {"records": log_view(listed, ruleset, gm)}
    line = "Jonah shoots Viktor --ap 1"
    resolution = engine.act(current.state, line, ruleset, Dice(SeededSource(5)))
    applied = reader.act("raid", line, Dice(SeededSource(5)))
    payload = [resolution.record.payload()]
    stream_names = [f"raid-{i}" for i in range(50)]

    # Appends go to an encounter of their own, which nothing folds.
    reader.new("scratch", load_scenario(EXAMPLE), Dice(SeededSource(1)))

    def append() -> object:
        return store.append("scratch", store.head("scratch"), payload)

    def fan_out() -> None:
        for stream in stream_names:
            hub.changed(stream, head, "act")

    return {
        "store: head": lambda: store.head("raid"),
        "store: records after head-5": lambda: store.records("raid", store.head("raid") - 5),
        "store: append one record": append,
        "service: fold afresh (snapshot + tail)": lambda: plain.current("raid"),
        "service: kept encounter, head unchanged": lambda: reader.current("raid"),
        "engine: resolve a shot": lambda: engine.act(
            current.state, line, ruleset, Dice(SeededSource(rng.randrange(2**31)))
        ),
        "reply: the envelope": lambda: applied_json(applied, {"source": "seeded", "seed": 5}),
        "read: state view (GM)": lambda: state_view(
            "raid", current.state, head, ruleset, gm, settings
        ),
        "read: state view (player)": lambda: state_view(
            "raid", current.state, head, ruleset, player, settings
        ),
        f"read: log view, {len(listed)} records (GM)": lambda: log_view(listed, ruleset, gm),
        # A head never asked for before, every record already kept: the log as a change sends it.
        "read: log as JSON, records kept": lambda: rendered.log(
            "raid", next(heads), ruleset, listed, gm, frozenset()
        ),
        "reply: the log view as JSON (FastAPI's encoder)": lambda: jsonable_encoder(log),
        "reply: the log view as JSON (encoded)": lambda: encoded(log),
        "read: the whole log listed afresh": lambda: plain.records("raid"),
        "read: map SVG": lambda: scene_svg(current.state, unit=ruleset.scene_unit),
        "live: fan-out to 50 streams (none open)": fan_out,
    }


def _requests(folder: Path) -> dict[str, Callable[[], object]]:
    """Whole requests through the app, as a page sends them."""
    from fastapi.testclient import TestClient

    store = open_store(f"sqlite:///{folder / 'app.db'}")
    server = Server(service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub())
    client = TestClient(create_app(server))
    headers = {"Authorization": f"Bearer {KEYS.gm_token()}"}
    text = EXAMPLE.read_text(encoding="utf-8")
    body = {"name": "raid", "scenario": text, "dice": {"seed": 1}}
    client.post("/api/encounters", json=body, headers=headers).raise_for_status()
    rng = random.Random(3)
    path = "/api/encounters/raid"

    def act() -> object:
        a, b = rng.sample(PEOPLE, 2)
        line = {"line": f"{a} shoots {b} --ap 1", "dice": {"seed": rng.randrange(2**31)}}
        reply = client.post(f"{path}/act", json=line, headers=headers)
        if reply.status_code == 422:  # out of AP: the next round
            client.post(f"{path}/next-round", json={}, headers=headers)
        return reply

    return {
        "request: act": act,
        "request: show": lambda: client.get(path, headers=headers),
        "request: log": lambda: client.get(f"{path}/log", headers=headers),
        "request: map": lambda: client.get(f"{path}/map.svg", headers=headers),
    }


def _time(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    call()  # warm
    took = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        took.append(time.perf_counter() - started)
    took.sort()
    return statistics.median(took), took[min(len(took) - 1, int(0.99 * len(took)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        calls: dict[str, Callable[[], Any]] = {
            **stages(args.records, folder),
            **_requests(folder),
        }
        print(f"{'stage':52} {'p50 ms':>8} {'p99 ms':>8}")
        for label, call in calls.items():
            p50, p99 = _time(call, args.repeat)
            print(f"{label:52} {1000 * p50:8.2f} {1000 * p99:8.2f}")
        if args.profile:
            # The app serves a request on another thread (out of a profiler's sight): the
            # stages of an action and of the reads after it are profiled instead.
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(args.repeat):
                for label, call in calls.items():
                    if label.startswith(("engine", "reply", "read", "store: append")):
                        call()
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
