"""Many writers on one encounter: one wins each race, losers are told why, nothing is lost.

Every writer does what a real client does: read the head, build its action on it, append with
that head as the expected one, and on a conflict read again and retry.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from firefight.store import ConflictError, SqlStore, open_store
from store_support import BACKENDS, WRITER, backend_url, complete_batches
from store_writer import append_on_the_head, batch

NAME = "siege"
THREADS = 8
ACTIONS = 20
PROCESSES = 4


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with backend_url(request.param, tmp_path) as url, open_store(url) as store:
        store.create(NAME, "rmu", {})
        yield url


def assert_told_why(conflict: ConflictError | str, expected: int, actual: int) -> None:
    message = str(conflict)
    assert f"'{NAME}'" in message
    assert f"built on record {expected} " in message
    assert f"now at record {actual};" in message
    assert actual > expected


def test_writers_racing_on_the_same_head_exactly_one_wins(store_url: str) -> None:
    stores = [open_store(store_url) for _ in range(THREADS)]
    all_read = threading.Barrier(THREADS)

    def attempt(writer: int) -> int | ConflictError:
        store = stores[writer]
        head = store.head(NAME)
        all_read.wait()  # everyone holds head 0 before anyone appends
        try:
            return store.append(NAME, head, batch(f"t{writer}", 0, 3)).head
        except ConflictError as exc:
            return exc

    try:
        with ThreadPoolExecutor(THREADS) as pool:
            outcomes = list(pool.map(attempt, range(THREADS)))
    finally:
        for store in stores:
            store.close()
    wins = [o for o in outcomes if isinstance(o, int)]
    losses = [o for o in outcomes if isinstance(o, ConflictError)]
    assert wins == [3]
    assert len(losses) == THREADS - 1
    for loss in losses:
        assert (loss.expected_head, loss.actual_head) == (0, 3)
        assert_told_why(loss, 0, 3)
    with open_store(store_url) as store:
        winner = outcomes.index(3)
        assert complete_batches(store.records(NAME)) == [f"t{winner}:0"]


@pytest.mark.parametrize("sharing", ["one-store", "store-per-thread"])
def test_many_threads_appending_lose_and_duplicate_nothing(store_url: str, sharing: str) -> None:
    shared = open_store(store_url) if sharing == "one-store" else None

    def write(writer: int) -> tuple[int, list[ConflictError]]:
        store: SqlStore = shared or open_store(store_url)
        rng = random.Random(writer)
        conflicts: list[ConflictError] = []
        written = 0
        try:
            for number in range(ACTIONS):
                payloads = batch(f"t{writer}", number, rng.randint(1, 3))
                conflicts += append_on_the_head(store, NAME, payloads)
                written += len(payloads)
        finally:
            if store is not shared:
                store.close()
        return written, conflicts

    try:
        with ThreadPoolExecutor(THREADS) as pool:
            results = list(pool.map(write, range(THREADS)))
        check = shared or open_store(store_url)
        logged = check.records(NAME)
        check.close()
    finally:
        if shared is not None:
            shared.close()

    assert len(logged) == sum(written for written, _ in results)
    ids = complete_batches(logged)
    assert sorted(ids) == sorted(f"t{w}:{n}" for w in range(THREADS) for n in range(ACTIONS))
    # Each writer's own actions land in the order it made them.
    for writer in range(THREADS):
        mine = [i for i in ids if i.startswith(f"t{writer}:")]
        assert mine == [f"t{writer}:{n}" for n in range(ACTIONS)]
    for _, conflicts in results:
        for conflict in conflicts:
            assert_told_why(conflict, conflict.expected_head, conflict.actual_head)


@pytest.mark.slow  # four Python processes writing at once: several seconds per backend
def test_many_processes_appending_lose_and_duplicate_nothing(store_url: str) -> None:
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), store_url, NAME, f"p{n}", str(ACTIONS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(PROCESSES)
    ]
    summaries = []
    for process in writers:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        summaries.append(json.loads(out.splitlines()[-1]))
    with open_store(store_url) as store:
        ids = complete_batches(store.records(NAME))
    assert sorted(ids) == sorted(f"p{w}:{n}" for w in range(PROCESSES) for n in range(ACTIONS))
    for summary in summaries:
        assert summary["actions"] == ACTIONS
        for message in summary["conflicts"]:
            assert f"encounter '{NAME}' changed: this action was built on record" in message
