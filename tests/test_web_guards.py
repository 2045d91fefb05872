"""DEC-953: a route taking a body refuses a token it does not let by before it reads a byte of
the body, the same way whatever was sent; and DEC-891's refusal of a key given twice says where
the second stands in a body of several lines."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from firefight.store import open_store
from firefight.store.table_settings import Tables
from firefight.web.app import Server, create_app
from firefight.web.body_limit import MAX_BODY_BYTES
from firefight.web.guards import GUARDS
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.tokens import Keyring
from hostile_support import store_bytes

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM = {"Authorization": f"Bearer {KEYS.gm_token()}"}
MARA = {"Authorization": f"Bearer {KEYS.player_token('raid', 'Mara')}"}
ELSEWHERE = {"Authorization": f"Bearer {KEYS.player_token('other', 'Mara')}"}

#: Bodies of every kind a route might tell apart: good, a key twice, not JSON, not UTF-8, not an
#: object, sent as text, and too large to read.
BODIES: dict[str, tuple[bytes, dict[str, str]]] = {
    "good": (b'{"line": "Mara waits"}', {"content-type": "application/json"}),
    "key twice": (b'{"line": "Mara waits", "line": "x"}', {"content-type": "application/json"}),
    "syntax": (b"{line: 'Mara waits'}", {"content-type": "application/json"}),
    "not utf-8": (b'{"line": "\xff"}', {"content-type": "application/json"}),
    "no object": (b"[1, 2]", {"content-type": "application/json"}),
    "as text": (b'{"line": "Mara waits"}', {"content-type": "text/plain"}),
    "too large": (
        b'{"line": "Mara waits"' + b" " * MAX_BODY_BYTES + b"}",
        {"content-type": "application/json"},
    ),
}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """A server over ``db`` holding "raid" (the warehouse), round 1 opened, players watching."""
    store = open_store(f"sqlite:///{db}")
    server = Server(
        service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub(), examples=EXAMPLES
    )
    with TestClient(create_app(server), raise_server_exceptions=False) as c:
        body = {"name": "raid", "example": "warehouse", "dice": {"seed": 3}}
        assert c.post("/api/encounters", json=body, headers=GM).status_code == 201
        yield c
    store.close()


def _body_routes(client: TestClient) -> list[tuple[str, str, Any]]:
    """Each (method, address, guard) of a route taking a body, for the encounter "raid"."""
    found = []
    for route in client.app.routes:  # type: ignore[attr-defined]
        if isinstance(route, APIRoute) and route.body_field is not None:
            guards = [d.call for d in route.dependant.dependencies if d.call in GUARDS]
            path = route.path.replace("{name:encounter}", "raid")
            found += [(method, path, guards) for method in sorted(route.methods or ())]
    return found


def test_every_route_taking_a_body_has_a_guard(client: TestClient) -> None:
    """A route without one would read any body for anyone: each names exactly one."""
    routes = _body_routes(client)
    assert len(routes) == 7, routes  # create, odds, act, next-round, undo, redo, the table
    assert all(len(guards) == 1 for _, _, guards in routes), routes


def _answers(client: TestClient, method: str, path: str, headers: dict[str, str]) -> set[str]:
    """The answers, status and body, to every kind of body sent with ``headers``."""
    said = set()
    for content, kind in BODIES.values():
        reply = client.request(method, path, content=content, headers={**headers, **kind})
        said.add(f"{reply.status_code} {reply.text}")
    return said


@pytest.mark.parametrize(
    ("headers", "answer"),
    [
        ({}, '401 {"error":"unauthorized","message":"a token is needed: the link the GM was '
             'given"}'),
        ({"Authorization": "Bearer gm.forged"},
         '401 {"error":"unauthorized","message":"this token is not one this server gave"}'),
    ],
)  # fmt: skip
def test_dec_953_no_token_is_refused_the_same_whatever_the_body(
    client: TestClient, db: Path, headers: dict[str, str], answer: str
) -> None:
    """DEC-953: a caller without a good token was told of a key given twice (422), a syntax
    error (422), a body too large (413) before being told they may not ask at all. Every route
    taking a body now answers them one way, whatever they send, and the store is as it was."""
    before = store_bytes(db)
    for method, path, _ in _body_routes(client):
        assert _answers(client, method, path, headers) == {answer}, (method, path)
    assert store_bytes(db) == before


@pytest.mark.parametrize(
    ("who", "path", "says"),
    [
        (MARA, "/api/encounters/raid/undo", "only the GM may do this"),
        (MARA, "/api/encounters/raid/table", "only the GM may do this"),
        (MARA, "/api/encounters", "only the GM may do this"),
        (ELSEWHERE, "/api/encounters/raid/act", "this token is for another encounter"),
        (ELSEWHERE, "/api/encounters/raid/odds", "this token is for another encounter"),
        # Players watching only (the GM has not let them declare): nothing to ask.
        (MARA, "/api/encounters/raid/act", "the GM declares the actions for now"),
        (MARA, "/api/encounters/raid/odds", "the GM declares the actions for now"),
    ],
)
def test_dec_953_a_token_refused_the_route_is_refused_the_same_whatever_the_body(
    client: TestClient, db: Path, who: dict[str, str], path: str, says: str
) -> None:
    """DEC-953: a player's token at a GM's route, at another encounter's, or at a declaring
    route while the GM declares, was answered about the body first when it was bad (and the
    encounter given at a player's address checked after it); 403 now, whatever the body."""
    before = store_bytes(db)
    method = "PUT" if path.endswith("/table") else "POST"
    answer = '403 {"error":"forbidden","message":"' + says + '"}'
    assert _answers(client, method, path, who) == {answer}
    assert store_bytes(db) == before


def test_a_player_let_declare_still_reads_the_body_s_refusal(client: TestClient) -> None:
    """Let by, a player is told what is wrong with their body as the GM is."""
    table = {"players_act": True}
    assert client.put("/api/encounters/raid/table", json=table, headers=GM).is_success
    content = b'{"line": "Mara waits", "line": "Mara waits"}'
    reply = client.post(
        "/api/encounters/raid/odds",
        content=content,
        headers={**MARA, "content-type": "application/json"},
    )
    assert reply.status_code == 422
    assert reply.json()["message"] == "body: the key 'line' is given twice in one object; keep one"


@pytest.mark.parametrize(
    ("content", "key", "where"),
    [
        ('{\n  "line": "Mara waits",\n  "line": "Mara shoots Viktor"\n}', "line", (3, 3)),
        ('{"line": "Mara waits",\r\n "dice": {"seed": 1,\r\n    "s\\u0065ed": 2}}', "seed",
         (3, 5)),
        ('{"compose": {"actor": "Mara", "verb": "shoots", "words": "Viktor",\n'
         '"options": {"ap": 1, "ap": 2}}}', "ap", (2, 22)),
    ],
)  # fmt: skip
def test_dec_953_a_key_given_twice_on_a_later_line_is_found_there(
    client: TestClient, db: Path, content: str, key: str, where: tuple[int, int]
) -> None:
    """DEC-891 left the line out ("a request's body is mostly one line"); a client that writes
    its bodies indented was left to look for the second key. In a body of several lines the
    refusal says where it stands, line and column from 1, as an editor counts them; nothing is
    done."""
    before = store_bytes(db)
    reply = client.post(
        "/api/encounters/raid/act",
        content=content.encode(),
        headers={**GM, "content-type": "application/json"},
    )
    assert reply.status_code == 422, reply.text
    line, column = where
    said = f"the key {key!r} is given twice in one object; keep one (line {line}, column {column})"
    assert reply.json()["message"] == f"body: {said}"
    assert reply.json()["fields"] == [{"path": "body", "message": said}]
    assert store_bytes(db) == before
