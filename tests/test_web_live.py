"""Live pages: a change made through one server reaches the event streams open on it and, over
PostgreSQL's LISTEN/NOTIFY, those open on a second server over the same database."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from store_support import backend_url
from web_support import KEYS, running_server

pytestmark = pytest.mark.slow

GM = {"Authorization": f"Bearer {KEYS.gm_token()}"}


def _changes(
    base: str, encounter: str, token: str, wanted: int
) -> tuple[threading.Event, list[Any]]:
    """Listen to ``encounter``'s event stream in a thread; the event is set once the stream
    is open, and the list gets each change's data, up to ``wanted`` of them."""
    ready = threading.Event()
    heard: list[Any] = []

    def listen() -> None:
        url = f"{base}/api/encounters/{encounter}/events"
        with httpx.stream("GET", url, params={"token": token}, timeout=20) as stream:
            for line in stream.iter_lines():
                if line.startswith("event: hello"):
                    ready.set()
                if line.startswith("data: ") and ready.is_set() and line != "data: {}":
                    heard.append(json.loads(line[6:]))
                    if len(heard) >= wanted:
                        return

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert ready.wait(20), "the event stream did not open"
    return ready, heard


def _wait_for(heard: list[Any], count: int) -> None:
    for _ in range(200):
        if len(heard) >= count:
            return
        threading.Event().wait(0.05)
    raise AssertionError(f"heard {heard}, wanted {count} changes")


def _act(base: str, line: str) -> dict[str, Any]:
    reply = httpx.post(
        f"{base}/api/encounters/raid/act", json={"line": line, "dice": {"seed": 1}}, headers=GM
    )
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def _create(base: str) -> None:
    body = {"name": "raid", "example": "warehouse", "dice": {"seed": 3}}
    reply = httpx.post(f"{base}/api/encounters", json=body, headers=GM, timeout=30)
    assert reply.status_code == 201, reply.text


def test_a_player_page_hears_each_change(tmp_path: Path) -> None:
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        _create(base)
        _, heard = _changes(base, "raid", KEYS.player_token("raid", "Mara"), 2)
        _act(base, "Jonah waits")
        httpx.post(f"{base}/api/encounters/raid/undo", json={}, headers=GM)
        _wait_for(heard, 2)
        assert [(h["head"], h["what"]) for h in heard] == [(2, "act"), (3, "undo")]


def test_two_servers_over_postgres_stay_in_step(tmp_path: Path) -> None:
    with (
        backend_url("postgres", tmp_path) as url,
        running_server(url) as first,
        running_server(url) as second,
    ):
        _create(first)
        _, heard = _changes(second, "raid", KEYS.gm_token(), 1)
        done = _act(first, "Jonah waits")
        _wait_for(heard, 1)
        assert heard[0] == {"encounter": "raid", "head": done["head"], "what": "act"}
        seen = httpx.get(f"{second}/api/encounters/raid", headers=GM).json()
        assert seen["head"] == done["head"]
        # Each server hears its own changes once, the other's once: no doubles.
        _, mine = _changes(first, "raid", KEYS.gm_token(), 2)
        _act(second, "Mara waits")
        _act(first, "Viktor waits")
        _wait_for(mine, 2)
        assert [h["head"] for h in mine] == [done["head"] + 1, done["head"] + 2]
        # The GM hides Lev on one server: the other's player pages stop showing him too, and
        # the pages are told only that the table changed, not what is hidden (DEC-432).
        mara = KEYS.player_token("raid", "Mara")
        _, told = _changes(second, "raid", mara, 1)
        hide = {"hidden": ["Lev"]}
        assert httpx.put(f"{first}/api/encounters/raid/table", json=hide, headers=GM).is_success
        _wait_for(told, 1)
        assert told[0] == {"encounter": "raid", "head": None, "what": "table"}
        seen = httpx.get(f"{second}/api/encounters/raid", params={"token": mara}).json()
        assert "Lev" not in [r["name"] for r in seen["rows"]]


def test_the_load_benchmark_counts_every_record(tmp_path: Path) -> None:
    """benchmarks/bench_web.py stays runnable (nothing timed): a short run, no errors, and the
    logs read back with one record per write acknowledged."""
    import bench_web

    example = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        load, counted = bench_web.run_load(
            [base], clients=3, encounters=2, seconds=1.0, example=example
        )
    assert load.errors == []
    assert sum(counted.values()) == 2 + sum(load.writes.values())
