"""DEC-823: a client that asks for odds in parallel or opens event streams by the thousand is
refused past a few at a time, per token and in all, with 429, a sentence naming the cap and a
``Retry-After``; a slot is given back however its work ends (an answer, a refusal, a failure, a
page closed); and a GM with a few players never meets a cap."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from firefight.limits import WEB_ODDS_PER_TOKEN, WEB_STREAMS_PER_TOKEN
from firefight.store import open_store
from firefight.store.table_settings import Tables
from firefight.web import app as web_app
from firefight.web.app import Server, create_app
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.slots import Gates, Slots, WebLimits
from firefight.web.tokens import Keyring, Scope

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM_SCOPE = Scope("gm")
ODDS = "/api/encounters/raid/odds"
EVENTS = "/api/encounters/raid/events"
# Each player's own shot, and the GM's.
LINES = {
    "Mara": "Mara shoots Viktor",
    "Jonah": "Jonah shoots Lev",
    "Viktor": "Viktor shoots Mara",
    None: "Jonah shoots Viktor",
}


def _headers(character: str | None = None) -> dict[str, str]:
    token = KEYS.player_token("raid", character) if character else KEYS.gm_token()
    return {"Authorization": f"Bearer {token}"}


def _server(db: Path, limits: WebLimits | None = None) -> Server:
    store = open_store(f"sqlite:///{db}")
    return Server(
        service=ReadingService(store),
        keys=KEYS,
        tables=Tables(store),
        hub=Hub(),
        examples=EXAMPLES,
        gates=Gates(limits),
    )


def _opened(client: httpx.Client | TestClient) -> None:
    """ "raid" (the warehouse) opened, its players free to declare (and so to ask odds)."""
    body = {"name": "raid", "example": "warehouse", "dice": {"seed": 3}}
    assert client.post("/api/encounters", json=body, headers=_headers()).status_code == 201
    table = {"players_act": True}
    assert client.put("/api/encounters/raid/table", json=table, headers=_headers()).is_success


class _Reply(Protocol):
    """A reply as both test clients give it (the app's own and httpx's)."""

    @property
    def status_code(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def headers(self) -> Mapping[str, str]: ...
    def json(self) -> Any: ...


def _busy(reply: _Reply, retry_after: str, *says: str) -> None:
    """429 ``busy``, its sentence holding each of ``says`` and DEC-823, and ``Retry-After``."""
    assert reply.status_code == 429, reply.text
    body = reply.json()
    assert body["error"] == "busy", body
    for words in (*says, "(DEC-823)"):
        assert words in body["message"], body
    assert reply.headers["Retry-After"] == retry_after


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Server]]:
    server = _server(tmp_path / "web.db")
    with TestClient(create_app(server), raise_server_exceptions=False) as client:
        _opened(client)
        yield client, server
    server.store.close()


# --- odds ---------------------------------------------------------------------------------------


def test_odds_past_a_token_s_cap_are_refused_and_others_still_answered(
    served: tuple[TestClient, Server],
) -> None:
    client, server = served
    odds = server.gates.odds
    held = [odds.take(GM_SCOPE) for _ in range(WEB_ODDS_PER_TOKEN)]
    reply = client.post(ODDS, json={"line": LINES[None]}, headers=_headers())
    _busy(reply, "1", f"this token has {WEB_ODDS_PER_TOKEN} odds being figured already")
    # Another token is not held back by the GM's.
    mara = client.post(ODDS, json={"line": LINES["Mara"]}, headers=_headers("Mara"))
    assert mara.status_code == 200, mara.text
    held.pop().release()
    assert client.post(ODDS, json={"line": LINES[None]}, headers=_headers()).status_code == 200
    # Each answered request gave its slot back: only the one still held here is counted.
    assert odds.held() == odds.held(GM_SCOPE) == 1


def test_odds_past_the_server_s_cap_are_refused_whoever_asks(tmp_path: Path) -> None:
    server = _server(tmp_path / "web.db", WebLimits(odds_per_server=2))
    with TestClient(create_app(server), raise_server_exceptions=False) as client:
        _opened(client)
        for character in ("Jonah", "Viktor"):
            server.gates.odds.take(Scope("player", "raid", character))
        reply = client.post(ODDS, json={"line": LINES["Mara"]}, headers=_headers("Mara"))
        _busy(reply, "1", "the server has 2 odds being figured already", "try again in 1 seconds")
    server.store.close()


def test_odds_refused_or_failed_give_their_slot_back(
    served: tuple[TestClient, Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, server = served
    refused = client.post(ODDS, json={"line": "Mara shoots Nobody"}, headers=_headers())
    assert refused.status_code in (404, 422), refused.text
    forbidden = client.post(ODDS, json={"line": LINES["Jonah"]}, headers=_headers("Mara"))
    assert forbidden.status_code == 403, forbidden.text

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug in the odds")

    monkeypatch.setattr(web_app, "line_odds", broken)
    for _ in range(WEB_ODDS_PER_TOKEN + 1):
        failed = client.post(ODDS, json={"line": LINES[None]}, headers=_headers())
        assert failed.status_code == 500, failed.text
    assert server.gates.odds.held() == 0


def test_a_slot_given_back_twice_counts_once() -> None:
    slots = Gates().odds
    first, second = slots.take(GM_SCOPE), slots.take(GM_SCOPE)
    first.release()
    first.release()
    assert slots.held(GM_SCOPE) == 1
    second.release()
    assert slots.held() == 0


# --- event streams, on a real server (a stream is open until its client leaves) ---------------


@contextmanager
def _live(db: Path, limits: WebLimits | None = None) -> Iterator[tuple[httpx.Client, Server]]:
    """The app served by uvicorn in a thread on a free loopback port, "raid" opened."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    server = _server(db, limits)
    config = uvicorn.Config(create_app(server), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as client:
            _opened(client)
            yield client, server
    finally:
        running.should_exit = True
        thread.join(timeout=10)
        server.store.close()


@contextmanager
def _stream(client: httpx.Client, character: str | None = None) -> Iterator[httpx.Response]:
    """An event stream held open (its ``hello`` read); the first reply's status otherwise."""
    with client.stream("GET", EVENTS, headers=_headers(character)) as reply:
        if reply.status_code == 200:
            # Held while the stream is: an iterator dropped would close the stream.
            lines = reply.iter_lines()
            assert next(lines).startswith("retry:")
        yield reply


def _soon(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "not within 10 s"
        time.sleep(0.05)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[httpx.Client, Server]]:
    with _live(tmp_path / "web.db") as pair:
        yield pair


def test_streams_past_a_token_s_cap_are_refused_and_a_closed_one_frees_its_slot(
    live: tuple[httpx.Client, Server],
) -> None:
    client, server = live
    streams: Slots = server.gates.streams
    with ExitStack() as stack:
        first = stack.enter_context(_stream(client))
        for _ in range(WEB_STREAMS_PER_TOKEN - 1):
            assert stack.enter_context(_stream(client)).status_code == 200
        assert first.status_code == 200
        with _stream(client) as refused:
            refused.read()
            _busy(refused, "10", f"this token has {WEB_STREAMS_PER_TOKEN} live event streams")
        # Another token opens its own.
        with _stream(client, "Mara") as mara:
            assert mara.status_code == 200
        first.close()  # the page is closed: its slot comes back
        _soon(lambda: streams.held(GM_SCOPE) == WEB_STREAMS_PER_TOKEN - 1)
        with _stream(client) as again:
            assert again.status_code == 200
    _soon(lambda: streams.held() == 0)


def test_streams_past_the_server_s_cap_are_refused_whoever_asks(tmp_path: Path) -> None:
    with _live(tmp_path / "web.db", WebLimits(streams_per_server=2)) as (client, server):
        with (
            _stream(client, "Jonah"),
            _stream(client, "Viktor"),
            _stream(client, "Mara") as refused,
        ):
            refused.read()
            _busy(refused, "10", "the server has 2 live event streams open already")
        _soon(lambda: server.gates.streams.held() == 0)


def test_a_stream_on_no_encounter_gives_its_slot_back(live: tuple[httpx.Client, Server]) -> None:
    client, server = live
    reply = client.get("/api/encounters/nowhere/events", headers=_headers())
    assert reply.status_code == 404, reply.text
    assert server.gates.streams.held() == 0


def test_a_gm_and_players_at_the_table_are_never_limited(
    live: tuple[httpx.Client, Server],
) -> None:
    """Everyone's page open on the live stream, everyone asking odds at the same moment, and
    the GM asking again while the first answer is figured."""
    client, server = live
    people = list(LINES)
    askers_of = [*people, None]
    start = threading.Barrier(len(askers_of))
    statuses: list[int] = []

    def ask(character: str | None) -> None:
        start.wait()
        reply = client.post(ODDS, json={"line": LINES[character]}, headers=_headers(character))
        statuses.append(reply.status_code)

    with ExitStack() as stack:
        for character in people:
            assert stack.enter_context(_stream(client, character)).status_code == 200
        askers = [threading.Thread(target=ask, args=(c,)) for c in askers_of]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join(60)
    assert statuses == [200] * len(askers)
    assert server.gates.odds.held() == 0
