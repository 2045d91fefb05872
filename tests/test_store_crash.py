"""Crash safety: writer processes killed (SIGKILL) mid-write leave only whole actions behind.

Each round starts three writer processes appending multi-record batches to one encounter, waits
until both are writing, then kills each at a random moment. After every round the log must be
the log before it plus whole batches: nothing torn, nothing lost, nothing changed.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firefight.store import StoredRecord, open_store
from store_support import BACKENDS, WRITER, backend_url, complete_batches

NAME = "last-stand"
KILLS = {"sqlite": 30, "postgres": 9}
AT_ONCE = 3


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_url(backend: str, tmp_path: Path) -> Iterator[str]:
    with backend_url(backend, tmp_path) as url:
        yield url


def start_writers(url: str, names: list[str]) -> list[subprocess.Popen[str]]:
    """Start the writers together; once all have opened the store, let them all write."""
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), url, NAME, name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    for name, process in zip(names, writers, strict=True):
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            for other in writers:
                other.kill()
            _, err = process.communicate()
            raise AssertionError(f"writer {name} did not start:\n{err}")
    for process in writers:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    return writers


@pytest.mark.slow  # each kill costs a Python start-up: 10-20 s in all
def test_killed_writers_leave_a_log_of_whole_batches(backend: str, store_url: str) -> None:
    rng = random.Random(1129)
    with open_store(store_url) as store:
        store.create(NAME, "rmu", {})
        before: list[StoredRecord] = []
        kills = 0
        while kills < KILLS[backend]:
            writers = start_writers(store_url, [f"r{kills}w{n}" for n in range(AT_ONCE)])
            for process in writers:
                time.sleep(rng.uniform(0.01, 0.1))
                process.kill()  # SIGKILL: no handler, no cleanup, no goodbye
                process.communicate()
                assert process.returncode == -signal.SIGKILL
            kills += len(writers)

            after = store.records(NAME)
            complete_batches(after)
            assert after[: len(before)] == before, f"kill {kills} changed or lost records"
            before = after
    assert len(before) > 0, "the writers never stored anything"
    if backend == "sqlite":
        path = store_url.removeprefix("sqlite:///")
        raw = sqlite3.connect(path)
        try:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        finally:
            raw.close()


# A `firefight encounter new` killed between storing the encounter and opening its round.
_KILLED_AT_THE_OPENING = """
import os, signal, sys
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.service import EncounterService
from firefight.store import SqlStore, open_store

def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

SqlStore.append = killed
EncounterService(open_store(sys.argv[1])).new("raid", load_scenario(sys.argv[2]), Dice.seeded(1))
"""


def test_an_encounter_is_never_left_without_its_opening_round(tmp_path: Path) -> None:
    """ENC-ROUND: `encounter new` stored the encounter, then opened round 1 in a second
    transaction; killed between the two, it left an encounter with no record, which every
    command refused ("The fight has not started: open round 1 first") and nothing could open.
    The encounter and its opening round are one write: killed anywhere, the name is free or the
    fight is at round 1."""
    url = f"sqlite:///{tmp_path / 'fights.db'}"
    scenario = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
    subprocess.run([sys.executable, "-c", _KILLED_AT_THE_OPENING, url, str(scenario)], check=False)
    with open_store(url) as store:
        kept = {info.name: info.head_seq for info in store.list()}
    assert kept in ({}, {"raid": 1})
