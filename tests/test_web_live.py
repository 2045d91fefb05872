"""Live pages: a change made through one server reaches the event streams open on it and, over
PostgreSQL's LISTEN/NOTIFY, those open on a second server over the same database."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from firefight.store import open_store
from firefight.store.table_settings import Tables, TableSettings, settings_json
from firefight.web.live import PAYLOAD_LIMIT, Hub, PostgresRelay, message_parts
from store_support import backend_url, postgres_url
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
        # the pages are told only that the table changed, not what is hidden (DEC-924).
        mara = KEYS.player_token("raid", "Mara")
        _, told = _changes(second, "raid", mara, 1)
        hide = {"hidden": ["Lev"]}
        assert httpx.put(f"{first}/api/encounters/raid/table", json=hide, headers=GM).is_success
        _wait_for(told, 1)
        assert told[0] == {"encounter": "raid", "head": None, "what": "table"}
        seen = httpx.get(f"{second}/api/encounters/raid", params={"token": mara}).json()
        assert "Lev" not in [r["name"] for r in seen["rows"]]


def _crowded_warehouse(extra: int) -> str:
    """The warehouse without its script, with ``extra`` bystanders whose names are long and
    not ASCII (each character JSON-escaped to six bytes on the way)."""
    example = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
    text = example.read_text(encoding="utf-8").split("# The scripted fight")[0]
    for i in range(extra):
        text += (
            f'\n[[combatant]]\nname = "Dockhand {i:03d} Émile-Zoë Øster-Ångström"\n'
            'side = "bystanders"\nbystander = true\n'
            f"position = [{50 + 2 * (i % 10)}, {2 * (i // 10)}]\nhits = 30\n"
            "stats = { body_development = 10, bmr_ft = 20 }\n"
        )
    return text


def test_settings_longer_than_a_notify_reach_the_other_server(tmp_path: Path) -> None:
    """DEC-829, DEC-924: the settings hiding 150 people with long names are far over the 8000
    bytes a NOTIFY takes, yet a player on the other server sees none of them: the other server
    reads them from the store."""
    with (
        backend_url("postgres", tmp_path) as url,
        running_server(url) as first,
        running_server(url) as second,
    ):
        body = {"name": "raid", "scenario": _crowded_warehouse(150), "dice": {"seed": 3}}
        made = httpx.post(f"{first}/api/encounters", json=body, headers=GM, timeout=30)
        assert made.status_code == 201, made.text
        names = [
            r["name"] for r in httpx.get(f"{first}/api/encounters/raid", headers=GM).json()["rows"]
        ]
        dockhands = [n for n in names if n.startswith("Dockhand")]
        assert len(dockhands) == 150
        hidden = [*dockhands, "Lev"]
        hide = {"hidden": hidden, "opened": ["Viktor"], "players_act": True}
        settings = TableSettings(hidden=frozenset(hidden), opened=frozenset({"Viktor"}))
        assert len(json.dumps(settings_json(settings)).encode()) > PAYLOAD_LIMIT
        mara = KEYS.player_token("raid", "Mara")
        before = httpx.get(f"{second}/api/encounters/raid", params={"token": mara}).json()
        assert {"Lev", *dockhands} <= {r["name"] for r in before["rows"]}
        _, told = _changes(second, "raid", mara, 1)
        put = httpx.put(f"{first}/api/encounters/raid/table", json=hide, headers=GM)
        assert put.is_success, put.text
        _wait_for(told, 1)
        assert told[0] == {"encounter": "raid", "head": None, "what": "table"}
        seen = httpx.get(f"{second}/api/encounters/raid", params={"token": mara}).json()
        assert sorted(r["name"] for r in seen["rows"]) == [
            "Ilse",
            "Jonah",
            "Mara",
            "Pavel",
            "Viktor",
        ]
        assert seen["players_act"] is True
        table = httpx.get(f"{second}/api/encounters/raid/table", headers=GM).json()
        assert table == settings_json(settings) | {"players_act": True, "revision": 1}


class _Recording(Hub):
    """A hub that keeps what it hands its pages, encounter by encounter."""

    def __init__(self) -> None:
        super().__init__()
        self.told: list[tuple[str, dict[str, Any]]] = []

    def deliver(self, encounter: str, message: str) -> None:
        self.told.append((encounter, json.loads(message)))


def _relay() -> tuple[PostgresRelay, _Recording]:
    hub = _Recording()
    conninfo = postgres_url().replace("postgresql+psycopg://", "postgresql://")
    relay = PostgresRelay(hub, conninfo)
    return relay, hub


def test_a_message_is_put_back_together_from_its_parts() -> None:
    """DEC-829: every part within the limit, and the parts heard in order make the message."""
    relay, hub = _relay()
    try:
        name = "Ünseen " + "x" * 190
        message = json.dumps({"encounter": name, "head": 4, "what": "act", "pad": "y" * 20000})
        parts = message_parts("elsewhere", 7, name, message)
        assert len(parts) > 2
        assert max(len(p.encode()) for p in parts) <= PAYLOAD_LIMIT
        for part in parts:
            relay._heard(part)
        assert hub.told == [(name, json.loads(message))]
    finally:
        relay.close()


def test_a_message_missing_a_part_sends_the_pages_to_the_store(tmp_path: Path) -> None:
    """DEC-924 (after DEC-829): the parts of a message that come without its first, one broken
    off by the next message, or one that does not read tell that encounter's pages to read it
    again; a reconnected listener tells every encounter open here. The settings they read are
    the GM's last, from the store: a lost notice changes none of them."""
    relay, hub = _relay()
    table = {"encounter": "raid", "head": None, "what": "table"}
    try:
        with open_store(f"sqlite:///{tmp_path / 'store.db'}") as store:
            store.create("raid", "rmu", {})
            tables = Tables(store)
            shown = tables.put("raid", TableSettings(hidden=frozenset({"Lev"}), players_act=True))
            message = json.dumps({"encounter": "raid", "head": 3, "what": "act"})
            parts = message_parts("elsewhere", 1, "raid", "x" * 3 * PAYLOAD_LIMIT)
            relay._heard(parts[1])  # the first part lost
            assert hub.told == [("raid", table)]
            relay._heard(parts[0])
            relay._heard(message_parts("elsewhere", 2, "raid", message)[0])  # the rest lost
            assert hub.told == [("raid", table), ("raid", table), ("raid", json.loads(message))]
            hub.told.clear()
            relay._heard(message_parts("elsewhere", 3, "raid", "{not json")[0])
            assert hub.told == [("raid", table)]
            assert tables.get("raid") == shown

            async def open_pages() -> None:
                hub.subscribe("raid")
                hub.subscribe("dock")

            asyncio.run(open_pages())
            hub.told.clear()
            relay._reconnect()  # cut off, a server may have missed whole changes
            assert sorted(hub.told, key=str) == [
                ("dock", {**table, "encounter": "dock"}),
                ("raid", table),
            ]
    finally:
        relay.close()


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
