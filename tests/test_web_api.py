"""The web table's JSON API (docs/api.md): every endpoint tried with every kind of token, the
errors' JSON, optimistic concurrency, what a player may see and do, and the action form built
from each ruleset's declared verbs."""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient

from encounter_support import warehouse_raid
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.scene.lines import write_line
from firefight.store import open_store
from firefight.store.table_settings import Tables, TableSettings
from firefight.web.app import Server, create_app
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.rendered import Rendered
from firefight.web.tokens import Keyring, Scope
from firefight.web.views import log_view, seen_state, unseen_words, verbs_view, wounds

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM = KEYS.gm_token()


@contextmanager
def serving(db: Path) -> Iterator[TestClient]:
    """A server over the SQLite store ``db``, as ``firefight serve`` starts one."""
    store = open_store(f"sqlite:///{db}")
    server = Server(
        service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub(), examples=EXAMPLES
    )
    with TestClient(create_app(server), raise_server_exceptions=False) as c:
        yield c
    store.close()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serving(tmp_path / "web.db") as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new(client: TestClient, name: str = "raid", example: str = "warehouse") -> dict[str, Any]:
    reply = client.post(
        "/api/encounters",
        json={"name": name, "example": example, "dice": {"seed": 3}},
        headers=auth(GM),
    )
    assert reply.status_code == 201, reply.text
    data: dict[str, Any] = reply.json()
    return data


# Every route, with a body that is valid for it: (method, path, body, GM only).
ROUTES: list[tuple[str, str, dict[str, Any] | None, bool]] = [
    ("GET", "/", None, True),
    ("GET", "/play", None, False),
    ("GET", "/api/whoami", None, False),
    ("GET", "/api/scenarios", None, True),
    ("GET", "/api/encounters", None, True),
    ("POST", "/api/encounters", {"name": "other", "example": "warehouse"}, True),
    ("GET", "/api/encounters/raid", None, False),
    ("GET", "/api/encounters/raid/log", None, False),
    ("GET", "/api/encounters/raid/verbs", None, False),
    ("GET", "/api/encounters/raid/map.svg", None, False),
    ("POST", "/api/encounters/raid/odds", {"line": "Mara shoots Viktor"}, True),
    ("POST", "/api/encounters/raid/act", {"line": "Mara waits", "dice": {"seed": 1}}, True),
    ("POST", "/api/encounters/raid/next-round", {"dice": {"seed": 1}}, True),
    ("POST", "/api/encounters/raid/undo", {}, True),
    ("POST", "/api/encounters/raid/redo", {}, True),
    ("GET", "/api/encounters/raid/table", None, True),
    ("PUT", "/api/encounters/raid/table", {"hidden": ["Lev"]}, True),
    ("GET", "/api/encounters/raid/players", None, True),
]


def test_every_route_is_tried_here(client: TestClient) -> None:
    """A route added to the app without a line in ROUTES fails this test (the static files and
    the event stream, which test_web_live opens, excepted)."""
    served = {(m, r.path) for r in client.app.routes for m in getattr(r, "methods", ()) or ()}  # type: ignore[attr-defined]
    tried = {(m, p.replace("/raid", "/{name:encounter}")) for m, p, _, _ in ROUTES}
    left = {
        (m, p)
        for m, p in served
        if m not in ("HEAD",) and not p.startswith("/static/") and not p.endswith("/events")
    }
    left -= {("GET", "/openapi.json")}
    assert left <= tried, sorted(left - tried)


@pytest.mark.parametrize(("method", "path", "body", "gm_only"), ROUTES)
def test_every_endpoint_with_every_kind_of_token(
    client: TestClient, method: str, path: str, body: dict[str, Any] | None, gm_only: bool
) -> None:
    new(client)
    new(client, "elsewhere", "street-ambush")
    something = {"line": "Jonah waits", "dice": {"seed": 1}}  # for undo to take back
    assert client.post("/api/encounters/raid/act", json=something, headers=auth(GM)).is_success
    if path.endswith("/redo"):  # for redo to play again
        assert client.post("/api/encounters/raid/undo", json={}, headers=auth(GM)).is_success
    tokens = {
        "none": None,
        "forged": "gm." + "A" * 43,
        "malformed": "p.!!.??",
        "player of Mara": KEYS.player_token("raid", "Mara"),
        "player elsewhere": KEYS.player_token("elsewhere", "Rook"),
        "other server": Keyring(bytes(32)).gm_token(),
    }
    for kind, token in tokens.items():
        reply = client.request(method, path, json=body, headers=auth(token) if token else {})
        if kind in ("none", "forged", "malformed", "other server"):
            assert reply.status_code == 401, (kind, reply.text)
            assert reply.json()["error"] == "unauthorized"
        elif gm_only or (kind == "player elsewhere" and "/raid" in path):
            assert reply.status_code == 403, (kind, path, reply.text)
            assert reply.json()["error"] == "forbidden"
        else:
            assert reply.status_code == 200, (kind, path, reply.text)
    reply = client.request(method, path, json=body, headers=auth(GM))
    assert reply.status_code in (200, 201), reply.text


def _renamed(tmp_path: Path, client: TestClient, old: str, stored: str) -> None:
    """``old`` stored under ``stored``, as a store written before DEC-686 may hold it."""
    with sqlite3.connect(tmp_path / "web.db") as connection:
        connection.execute("UPDATE encounters SET name = ? WHERE name = ?", (stored, old))
    connection.close()


def test_dec_686_an_encounter_stored_under_a_slash_is_reached_from_the_web(
    client: TestClient, tmp_path: Path
) -> None:
    """DEC-686, DEC-701: "north/raid", stored before names with `/` were refused, is listed and
    reached at every address, its `/` written %2F as the page writes it (encodeURIComponent);
    "north/log" is that encounter, not the log of one called "north". A new name with `/` is
    still refused."""
    new(client)
    new(client, "two", "street-ambush")
    _renamed(tmp_path, client, "raid", "north/raid")
    _renamed(tmp_path, client, "two", "north/log")
    listed = client.get("/api/encounters", headers=auth(GM)).json()["encounters"]
    assert sorted(e["name"] for e in listed) == ["north/log", "north/raid"]
    assert client.post("/api/encounters/north%2Fraid/act", json={"line": "Jonah waits"},
                       headers=auth(GM)).is_success  # fmt: skip
    for method, path, body, _ in ROUTES:
        if "/raid" in path:
            at = path.replace("/raid", "/north%2Fraid")
            reply = client.request(method, at, json=body, headers=auth(GM))
            assert reply.status_code == 200, (at, reply.text)
    shown = client.get("/api/encounters/north%2Fraid", headers=auth(GM)).json()
    assert shown["state"]["encounter"] == "north/raid"
    other = client.get("/api/encounters/north%2Flog", headers=auth(GM)).json()
    assert other["state"]["encounter"] == "north/log"
    records = client.get("/api/encounters/north%2Flog/log", headers=auth(GM)).json()["records"]
    assert [r["seq"] for r in records] == [1]
    mara = auth(KEYS.player_token("north/raid", "Mara"))
    assert client.get("/api/encounters/north%2Fraid", headers=mara).status_code == 200
    assert client.get("/api/encounters/north%2Flog", headers=mara).status_code == 403
    refused = client.post(
        "/api/encounters", json={"name": "south/raid", "example": "warehouse"}, headers=auth(GM)
    )
    assert refused.status_code == 422 and "'/'" in refused.json()["message"]


def test_token_in_the_query_opens_a_page(client: TestClient) -> None:
    reply = client.get(f"/?token={GM}")
    assert reply.status_code == 200 and 'data-role="gm"' in reply.text
    # The token is in the page's URL: it is never passed on, and the page runs only its own.
    assert reply.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'self'" in reply.headers["content-security-policy"]
    player = KEYS.player_token("raid", "Mara")
    assert 'data-role="player"' in client.get(f"/play?token={player}").text
    assert client.get(f"/?token={player}").status_code == 403


def test_tokens_are_random_and_long() -> None:
    """Two servers' secrets give different tokens; a token carries at least 128 bits."""
    a, b = Keyring.from_environment(), Keyring.from_environment()
    assert a.gm_token() != b.gm_token()
    assert len(a.gm_token()) - len("gm.") >= 128 // 6


def test_nothing_outside_the_routes(client: TestClient) -> None:
    for path in ("/docs", "/redoc", "/static/page.html", "/static/../tokens.py", "/etc/passwd"):
        reply = client.get(path, headers=auth(GM))
        assert reply.status_code == 404, path
        assert reply.json()["error"] == "not-found"


def test_openapi_lists_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/encounters/{name}/act" in spec["paths"]
    assert "ActBody" in spec["components"]["schemas"]


def test_create_act_show_log_undo(client: TestClient) -> None:
    created = new(client)
    assert created["head"] == 1 and created["result"]["outcome"] == "done"
    reply = client.post(
        "/api/encounters/raid/act",
        json={"line": "Mara shoots Viktor", "dice": {"rolls": [96, 50, 50]}, "expected_head": 1},
        headers=auth(GM),
    )
    assert reply.status_code == 200, reply.text
    done = reply.json()
    assert done["head"] == 2 and done["dice"]["source"] == "scripted"
    assert {"ruleset", "action", "dice", "result", "events", "trace"} <= set(done)
    shown = client.get("/api/encounters/raid", headers=auth(GM)).json()
    assert shown["head"] == 2 and shown["state"]["encounter"] == "raid"
    log = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    assert [r["seq"] for r in log] == [1, 2] and log[1]["trace_text"]
    undone = client.post("/api/encounters/raid/undo", json={}, headers=auth(GM)).json()
    assert undone["reverted"]["seq"] == 2 and undone["head"] == 3
    log = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    assert log[1]["undone_by"] == 3


def test_dec_873_can_act_names_who_still_has_some_of_their_turn(client: TestClient) -> None:
    """DEC-873: the turn panel's "Can act" listed everyone up, Lev with his round-1 AP lost to
    being flat-footed (R-5) and Mara with hers spent among them; it names those with some of
    their turn left, in the order they act, and never a combatant hidden from a player."""
    new(client, example="warehouse")
    shown = client.get("/api/encounters/raid", headers=auth(GM)).json()
    assert shown["can_act"] == ["Mara", "Viktor", "Jonah"]
    client.post(
        "/api/encounters/raid/act", json={"line": "Mara waits"}, headers=auth(GM)
    ).raise_for_status()
    client.put(
        "/api/encounters/raid/table",
        json={"hidden": ["Viktor"], "opened": [], "players_act": False, "players_roll": False},
        headers=auth(GM),
    ).raise_for_status()
    players = client.get("/api/encounters/raid/players", headers=auth(GM)).json()["players"]
    jonah = next(p["token"] for p in players if p["character"] == "Jonah")
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["can_act"] == [
        "Viktor",
        "Jonah",
    ]
    assert client.get("/api/encounters/raid", headers=auth(jonah)).json()["can_act"] == ["Jonah"]


def test_dec_878_a_player_reads_no_outcome_of_what_befell_someone_hidden(
    client: TestClient,
) -> None:
    """DEC-878: Mara's shot misses Viktor and flies on into Pavel, hidden from the players: its
    outcome word, "hit", told Mara's player (and Jonah's log) of a body their map does not
    show. They read "something unseen happens"; the GM reads "hit"; unhidden, so do they."""
    new(client, example="warehouse")
    client.put(
        "/api/encounters/raid/table",
        json={"hidden": ["Pavel"], "opened": [], "players_act": True, "players_roll": True},
        headers=auth(GM),
    ).raise_for_status()
    players = client.get("/api/encounters/raid/players", headers=auth(GM)).json()["players"]
    token = {p["character"]: p["token"] for p in players}
    reply = client.post(
        "/api/encounters/raid/act",
        json={"line": "Mara shoots Viktor --ap 3", "dice": {"rolls": [20, 99, 60, 50]}},
        headers=auth(token["Mara"]),
    )
    assert reply.status_code == 200, reply.text
    assert reply.json()["outcome"] == "something unseen happens"

    def last(who: str) -> Any:
        return client.get("/api/encounters/raid/log", headers=auth(who)).json()["records"][-1]

    assert last(token["Jonah"])["outcome"] == "something unseen happens"
    assert last(GM)["result"]["outcome"] == "hit"
    client.put(
        "/api/encounters/raid/table",
        json={"hidden": [], "opened": [], "players_act": True, "players_roll": True},
        headers=auth(GM),
    ).raise_for_status()
    assert last(token["Jonah"])["outcome"] == "hit"


def test_dec_704_the_api_answers_with_the_time_the_store_wrote(client: TestClient) -> None:
    """An act's, a GM command's and an undo's answer carry their record's ``recorded_at`` as
    the log reads it back, not an empty string."""
    said = [new(client)["record"]]
    for path, body in (("act", {"line": "Mara waits"}), ("act", {"line": "hits Viktor 2"}),
                       ("undo", {})):  # fmt: skip
        reply = client.post(f"/api/encounters/raid/{path}", json=body, headers=auth(GM))
        assert reply.status_code == 200, reply.text
        said.append(reply.json()["record"])
    log = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    assert [(r["seq"], r["recorded_at"]) for r in said] == [
        (r["seq"], r["recorded_at"]) for r in log
    ]
    assert all(r["recorded_at"] for r in said)


def test_a_conflict_names_both_heads_and_writes_nothing(client: TestClient) -> None:
    new(client)
    first = {"line": "Mara waits", "dice": {"seed": 1}, "expected_head": 1}
    assert client.post("/api/encounters/raid/act", json=first, headers=auth(GM)).status_code == 200
    second = {"line": "Jonah waits", "dice": {"seed": 1}, "expected_head": 1}
    reply = client.post("/api/encounters/raid/act", json=second, headers=auth(GM))
    assert reply.status_code == 409
    body = reply.json()
    assert (body["error"], body["expected_head"], body["actual_head"]) == ("conflict", 1, 2)
    assert "record 1" in body["message"] and "record 2" in body["message"]
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 2
    reply = client.post("/api/encounters/raid/undo", json={"expected_head": 1}, headers=auth(GM))
    assert reply.status_code == 409


def test_a_refused_action_says_why_and_changes_nothing(client: TestClient) -> None:
    new(client)
    reply = client.post("/api/encounters/raid/act", json={"line": "Mara dances"}, headers=auth(GM))
    assert reply.status_code == 422
    body = reply.json()
    assert body["error"] == "refused" and body["rule"] == "R-6" and "dashes" in body["message"]
    assert body["envelope"]["result"]["outcome"] == "refused"
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 1


def test_the_gm_s_whole_line_takes_a_gm_command(client: TestClient) -> None:
    """ENC-GM (DEC-711): the GM's overrides, typed in the whole line as in `encounter play`,
    were refused as naming nobody ("Nobody called 'hits'...; did you mean 'Ilse'?"). The GM's
    line is done as `encounter gm` does it, and its odds check it first; a player may not."""
    new(client)
    line = {"line": "hits Jonah 5"}
    odds = client.post("/api/encounters/raid/odds", json=line, headers=auth(GM)).json()
    assert (odds["method"], odds["outcomes"], odds["samples"]) == ("exact", {"done": 1.0}, None)
    bad = client.post(
        "/api/encounters/raid/odds", json={"line": "hits Jonah 5000"}, headers=auth(GM)
    )
    assert bad.status_code == 422 and bad.json()["rule"] == "ENC-GM"
    assert "0 to 999" in bad.json()["message"]
    # Faces rolled at the table wait for an action: a GM command rolls none.
    faces = client.post(
        "/api/encounters/raid/act", json={**line, "dice": {"rolls": [50]}}, headers=auth(GM)
    )
    assert faces.status_code == 422 and faces.json()["rule"] == "ENC-GM"
    assert "rolls no dice" in faces.json()["message"]
    done = client.post(
        "/api/encounters/raid/act", json={**line, "expected_head": 1}, headers=auth(GM)
    )
    assert done.status_code == 200, done.text
    body = done.json()
    assert body["record"]["kind"] == "gm" and body["head"] == 2
    assert body["result"]["headline"] == "GM: Jonah takes 5 hits."
    shown = client.get("/api/encounters/raid", headers=auth(GM)).json()
    assert shown["head"] == 2
    assert next(c for c in shown["state"]["combatants"] if c["name"] == "Jonah")["hits_taken"] == 5
    refused = client.post(
        "/api/encounters/raid/act", json={"line": "hits Jonah 5000"}, headers=auth(GM)
    )
    assert refused.status_code == 422 and refused.json()["rule"] == "ENC-GM"
    client.put("/api/encounters/raid/table", json={"players_act": True}, headers=auth(GM))
    mara = auth(KEYS.player_token("raid", "Mara"))
    for path in ("/act", "/odds"):
        reply = client.post(f"/api/encounters/raid{path}", json=line, headers=mara)
        assert reply.status_code == 403 and "GM" in reply.json()["message"]
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 2


@pytest.mark.parametrize(
    ("example", "line", "rule", "says"),
    [
        ("warehouse", "Mara reloads --ammo hollow", "R-6", "did you mean 'hollowpoint'?"),
        ("grenade-room", "Mara throws grenade at 0,45", "RMU-EXP-12", "known: an-m14"),
        ("warehouse", "Mara attacks Jonah --with sword", "R-6", "did you mean 'broadsword'?"),
        ("night-market", "V reloads --ammo ap", "CPR-AMMO-1", "known: armor-piercing"),
    ],
)
def test_a_name_no_catalog_holds_in_an_action_line_is_refused(
    client: TestClient, example: str, line: str, rule: str, says: str
) -> None:
    """DEC-717: a load, an ammunition or a melee weapon its catalog lacks, typed in an action
    line, answered 404 "not-found" as if the encounter were missing (no rule, no envelope),
    and `encounter act` an error; it is refused, naming the rule and the names it knows."""
    new(client, "x", example)
    for path in ("/act", "/odds"):
        reply = client.post(f"/api/encounters/x{path}", json={"line": line}, headers=auth(GM))
        assert reply.status_code == 422, reply.text
        body = reply.json()
        assert (body["error"], body["rule"]) == ("refused", rule) and says in body["message"]
        # A sentence a player reads: "Unknown ...", ended by a question or a full stop.
        assert body["message"].startswith("Unknown ") and body["message"][-1] in ".?"
    assert client.get("/api/encounters/x", headers=auth(GM)).json()["head"] == 1


def test_faces_an_action_did_not_ask_for_are_named_in_the_answer(client: TestClient) -> None:
    """DEC-718: the GM typed two faces more than Mara's shot rolled; the answer names them, so
    the table can say they went unrolled."""
    new(client)
    shot = {"line": "Mara shoots Viktor", "dice": {"rolls": [96, 50, 50, 9, 10]}}
    body = client.post("/api/encounters/raid/act", json=shot, headers=auth(GM)).json()
    assert body["dice"]["used"] == [96, 50, 50] and body["dice"]["unused"] == [9, 10]


def test_redo_plays_again_what_undo_took_back_with_its_own_dice(client: TestClient) -> None:
    """ENC-UNDO (DEC-697, DEC-711): the web table could undo but not redo."""
    new(client)
    shot = {"line": "Mara shoots Viktor", "dice": {"rolls": [96, 50, 50]}}
    first = client.post("/api/encounters/raid/act", json=shot, headers=auth(GM)).json()
    client.post("/api/encounters/raid/undo", json={}, headers=auth(GM))
    nothing = client.post("/api/encounters/raid/redo", json={"expected_head": 2}, headers=auth(GM))
    assert nothing.status_code == 409
    again = client.post("/api/encounters/raid/redo", json={"expected_head": 3}, headers=auth(GM))
    assert again.status_code == 200, again.text
    body = again.json()
    assert body["head"] == 4 and body["record"]["text"] == "Mara shoots Viktor"
    assert body["dice"]["used"] == first["dice"]["used"] == [96, 50, 50]
    assert body["result"]["headline"] == first["result"]["headline"]
    none = client.post("/api/encounters/raid/redo", json={}, headers=auth(GM))
    assert none.status_code == 422 and none.json()["rule"] == "ENC-UNDO"
    assert "nothing to redo" in none.json()["message"]


def test_too_few_table_dice_are_refused_and_change_nothing(client: TestClient) -> None:
    new(client)
    line = {"line": "Mara shoots Viktor", "dice": {"rolls": [50]}}
    reply = client.post("/api/encounters/raid/act", json=line, headers=auth(GM))
    said = reply.json()["message"]
    assert reply.status_code == 422 and said.startswith("D-3: ran out of scripted dice"), said
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 1


def _cards_drawn(reply: dict[str, Any]) -> list[str]:
    return [c for e in reply["trace"] if e.get("type") == "roll" for c in e.get("cards", [])]


def test_d_4_a_cards_gm_types_the_cards_turned_over_by_name_or_by_place(
    client: TestClient,
) -> None:
    """D-4, DEC-679: at the web table a cards GM types the cards turned over by name (any case)
    or by place, read by the one reader of typed dice the command line uses; a card no longer
    in the deck, or no card at all, is refused with the sentence naming it and changes nothing."""
    new(client, "alley", "cards-alley")
    shown = client.get("/api/encounters/alley", headers=auth(GM)).json()
    first = shown["state"]["initiative"][0][0]
    target = "Rico" if first != "Rico" else "Jilly"
    act = "/api/encounters/alley/act"
    shot = {"line": f"{first} shoots {target}"}
    for rolls, path, said in (
        (["QH", "zh"], "body.dice.rolls.1", "D-4: dice.rolls takes whole die faces"),
        (["QH", "qh", *[1] * 9], None, "D-4: typed card #2 is QH, no longer in the deck:"),
    ):
        reply = client.post(act, json={**shot, "dice": {"rolls": rolls}}, headers=auth(GM))
        body = reply.json()
        assert reply.status_code == 422 and body["error"] == "invalid", body
        assert said in body["message"], body
        if path:
            assert body["fields"][0]["path"] == path
        assert client.get("/api/encounters/alley", headers=auth(GM)).json()["head"] == 1
    typed = ["qh", " 10s", "AS", *[1] * 9]
    reply = client.post(act, json={**shot, "dice": {"rolls": typed}}, headers=auth(GM))
    assert reply.status_code == 200, reply.text
    done = reply.json()
    assert _cards_drawn(done)[:3] == ["QH", "10S", "AS"]
    assert done["dice"]["rolls"] == ["QH", "10S", "AS", *[1] * 9]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"name": "x" * 101, "example": "warehouse"}, "body.name"),
        ({"name": "a\nb", "example": "warehouse"}, "body.name"),
        ({"name": "x", "example": "warehouse", "dice": {"rolls": [0]}}, "body.dice.rolls.0"),
        ({"name": "x", "example": "warehouse", "dice": {"seed": 1, "rolls": [1]}}, "body.dice"),
        ({"name": "x", "scenario": "a" * 300_000}, "body.scenario"),
        ({"name": "x", "example": "warehouse", "extra": 1}, "body.extra"),
        ({"name": "x"}, "body"),
    ],
)
def test_bodies_are_validated_with_the_field_path(
    client: TestClient, body: dict[str, Any], path: str
) -> None:
    reply = client.post("/api/encounters", json=body, headers=auth(GM))
    assert reply.status_code == 422
    data = reply.json()
    assert data["error"] == "invalid" and data["fields"][0]["path"] == path, data


def test_a_bad_scenario_names_the_key_path_and_line(client: TestClient) -> None:
    text = (EXAMPLES / "warehouse.toml").read_text().replace("hits = 55", "hits = -5", 1)
    reply = client.post("/api/encounters", json={"name": "bad", "scenario": text}, headers=auth(GM))
    assert reply.status_code == 422
    body = reply.json()
    assert body["error"] == "scenario" and "hits" in body["where"] and body["line"] > 1
    reply = client.post(
        "/api/encounters", json={"name": "bad", "scenario": "[scenario\n"}, headers=auth(GM)
    )
    assert reply.status_code == 422 and reply.json()["error"] == "scenario"


def test_every_bundled_scenario_offered_opens_an_encounter(client: TestClient) -> None:
    # examples/ also holds catalogs and a sweep's scene: offering them as scenarios made the
    # GM's New... list propose files that are refused as soon as they are picked.
    offered = client.get("/api/scenarios", headers=auth(GM)).json()["scenarios"]
    assert {"warehouse", "night-market", "dry-gulch", "cards-alley"} <= set(offered)
    assert not {"my-catalog", "my-gurps-catalog", "my-cards-catalog", "sweep-scene"} & set(offered)
    for number, example in enumerate(offered):
        new(client, name=f"e{number}", example=example)


def test_an_existing_name_and_an_unknown_encounter(client: TestClient) -> None:
    new(client)
    reply = client.post(
        "/api/encounters", json={"name": "raid", "example": "warehouse"}, headers=auth(GM)
    )
    assert reply.status_code == 409 and reply.json()["error"] == "exists"
    reply = client.get("/api/encounters/rade", headers=auth(GM))
    assert reply.status_code == 404 and "raid" in reply.json()["message"]


def test_no_stack_trace_reaches_the_client(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    new(client)

    def broken(*_: object) -> None:
        raise KeyError("secret internals")

    monkeypatch.setattr("firefight.service.EncounterService.current", broken)
    reply = client.get("/api/encounters/raid", headers=auth(GM))
    assert reply.status_code == 500
    assert reply.json()["error"] == "internal" and "secret" not in reply.text
    assert "Traceback" not in reply.text


def hide_lev_open_jonah(client: TestClient) -> dict[str, str]:
    """The GM hides Lev from the players and opens Jonah's figures to them; the headers of
    Mara's player."""
    client.put(
        "/api/encounters/raid/table",
        json={"hidden": ["Lev"], "opened": ["Jonah"]},
        headers=auth(GM),
    )
    return auth(KEYS.player_token("raid", "Mara"))


def test_a_player_sees_words_not_figures_and_no_hidden_combatant(client: TestClient) -> None:
    new(client)
    mara = hide_lev_open_jonah(client)
    shown = client.get("/api/encounters/raid", headers=mara).json()
    rows = {r["name"]: r for r in shown["rows"]}
    assert "Lev" not in rows and "state" not in shown and "settings" not in shown
    assert rows["Mara"]["open"] and "hits" in rows["Mara"]["row"]
    assert rows["Jonah"]["open"] and "hits" in rows["Jonah"]["row"]
    assert not rows["Viktor"]["open"] and rows["Viktor"]["row"]["looks"] == "unhurt"
    assert "hits" not in rows["Viktor"]["row"]
    svg = client.get("/api/encounters/raid/map.svg", headers=mara).text
    assert ">Lev</text>" not in svg and ">Viktor</text>" in svg
    log = client.get("/api/encounters/raid/log", headers=mara).json()["records"]
    assert "trace" not in log[0] and "events" not in log[0] and "narration" not in log[0]
    # A hidden combatant's deeds are not told by name either.
    lev = {"line": "Jonah shoots Lev", "dice": {"seed": 1}}
    assert client.post("/api/encounters/raid/act", json=lev, headers=auth(GM)).is_success
    log = client.get("/api/encounters/raid/log", headers=mara).json()["records"]
    assert log[-1]["text"] == "something unseen happens" and "Lev" not in str(log)
    gm_log = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    assert gm_log[-1]["text"] == "Jonah shoots Lev"
    # DEC-719: the GM's overrides tell a player no figure ("hits Viktor 12" did).
    for line in ("hits Viktor 12", "set Viktor stun 2", "hits Lev 3"):
        assert client.post(
            "/api/encounters/raid/act", json={"line": line}, headers=auth(GM)
        ).is_success
    log = client.get("/api/encounters/raid/log", headers=mara).json()["records"]
    assert [r["text"] for r in log[-3:]] == [
        "the GM steps in (hits)",
        "the GM steps in (set)",
        "something unseen happens",
    ]
    assert "12" not in str(log) and "stun" not in str(log)


def test_dec_924_a_restarted_server_keeps_the_gm_s_table(tmp_path: Path) -> None:
    """DEC-924: the GM hides Lev and opens Jonah's figures; a new server over the same store
    (a restart) still hides Lev from Mara's page and gives the GM the same settings. They are
    no part of the log: an undo leaves them, and the export does not carry them."""
    db = tmp_path / "web.db"
    with serving(db) as first:
        new(first)
        mara = hide_lev_open_jonah(first)
        set_before = first.get("/api/encounters/raid/table", headers=auth(GM)).json()
        assert set_before["hidden"] == ["Lev"]
    with serving(db) as second:
        rows = {
            r["name"]: r for r in second.get("/api/encounters/raid", headers=mara).json()["rows"]
        }
        assert "Lev" not in rows and "Viktor" in rows
        assert rows["Jonah"]["open"] and not rows["Viktor"]["open"]
        assert ">Lev</text>" not in second.get("/api/encounters/raid/map.svg", headers=mara).text
        assert second.get("/api/encounters/raid/table", headers=auth(GM)).json() == set_before
        line = {"line": "Jonah shoots Viktor", "dice": {"seed": 1}}
        assert second.post("/api/encounters/raid/act", json=line, headers=auth(GM)).is_success
        assert second.post("/api/encounters/raid/undo", json={}, headers=auth(GM)).is_success
        assert second.get("/api/encounters/raid/table", headers=auth(GM)).json() == set_before
        second.put("/api/encounters/raid/table", json={"hidden": []}, headers=auth(GM))
    with serving(db) as third:
        shown = third.get("/api/encounters/raid", headers=mara).json()["rows"]
        assert "Lev" in {r["name"] for r in shown}
    with open_store(f"sqlite:///{db}") as store:
        assert set(store.export("raid")) == {
            "format",
            "version",
            "name",
            "ruleset",
            "created_at",
            "scenario",
            "records",
        }


def test_a_player_s_line_is_read_against_the_scene_they_see(client: TestClient) -> None:
    """DEC-674: a combatant the GM hid is nobody to the players. A player's line naming one
    was taken (Mara shot the hidden Lev from her page), and a misspelt name was refused with
    every name in the scene, the hidden ones too, in the answer and on the map's caption; it
    is refused as a name nobody in their scene has, and nothing is written. The GM's lines
    read the whole scene."""
    new(client)
    table = {"hidden": ["Lev"], "players_act": True}
    client.put("/api/encounters/raid/table", json=table, headers=auth(GM))
    mara = auth(KEYS.player_token("raid", "Mara"))
    for typed in ("Lev", "Zed", "Le"):
        line = f"Mara shoots {typed} --ap 1"
        for path in ("odds", "act"):
            reply = client.post(f"/api/encounters/raid/{path}", json={"line": line}, headers=mara)
            assert reply.status_code == 422 and reply.json()["rule"] == "ENC-SCENE", reply.text
            message = reply.json()["message"]
            assert message.startswith(f"Nobody called '{typed}'") and "Lev" not in message[20:]
        svg = client.get("/api/encounters/raid/map.svg", params={"line": line}, headers=mara)
        said = f"Nobody called &#x27;{typed}&#x27;"
        assert said in svg.text and "Lev" not in svg.text.replace(said, "")
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 1
    lev = {"line": "Mara shoots Lev --ap 1", "dice": {"seed": 1}}
    assert client.post("/api/encounters/raid/act", json=lev, headers=auth(GM)).is_success


def test_dec_705_a_player_s_state_holds_no_hidden_person_s_start() -> None:
    """DEC-674, DEC-705: the state a player is handed leaves a hidden combatant out of the
    starts as well as the scene; the GM's keeps both."""
    state = warehouse_raid().current("raid").state
    hidden = TableSettings(hidden=frozenset({"Viktor"}))
    player = seen_state(state, Scope(role="player", encounter="raid", character="Mara"), hidden)
    assert "Viktor" not in [c.name for c in player.starts]
    assert "Viktor" not in player.names and "Mara" in [c.name for c in player.starts]
    gm = seen_state(state, Scope(role="gm"), hidden)
    assert "Viktor" in [c.name for c in gm.starts]


def test_a_player_s_odds_name_nobody_hidden(client: TestClient) -> None:
    """DEC-674, DEC-523: the odds of Mara's shot at Viktor count what its stray round may do to
    Pavel, standing in the line of fire. Hidden from the players, he was named on Mara's page
    ("Pavel dead" 0.1%); a player's odds leave out what befalls a hidden combatant, the GM's
    keep it."""
    new(client)
    table = {"hidden": ["Pavel"], "players_act": True}
    client.put("/api/encounters/raid/table", json=table, headers=auth(GM))
    line = {"line": "Mara shoots Viktor --ap 3"}
    gm = client.post("/api/encounters/raid/odds", json=line, headers=auth(GM)).json()
    assert any(effect.startswith("Pavel ") for effect in gm["effects"])
    mara = auth(KEYS.player_token("raid", "Mara"))
    seen = client.post("/api/encounters/raid/odds", json=line, headers=mara).json()
    assert "Pavel" not in json.dumps(seen) and seen["effects"]
    # DEC-850: figured on the scene she sees, without his cover either.
    assert seen["outcomes"] != gm["outcomes"]


def test_the_table_takes_names_as_the_scene_spells_them(client: TestClient) -> None:
    """DEC-432: names are matched ignoring case, so `{"hidden": ["lev"]}` was accepted, kept as
    typed and then compared as spelt: Lev stayed in the players' view while the GM's settings
    said he was hidden. The settings keep each name as the scene has it."""
    new(client)
    table = {"hidden": ["lev"], "opened": ["JONAH"]}
    settings = client.put("/api/encounters/raid/table", json=table, headers=auth(GM)).json()
    assert (settings["hidden"], settings["opened"]) == (["Lev"], ["Jonah"])
    mara = auth(KEYS.player_token("raid", "Mara"))
    rows = {r["name"]: r for r in client.get("/api/encounters/raid", headers=mara).json()["rows"]}
    assert "Lev" not in rows and rows["Jonah"]["open"]


def _hover(svg: str, name: str) -> dict[str, str]:
    """The data attributes of ``name``'s group on the map (what hovering them shows)."""
    found = re.search(rf'<g class="person"([^>]*data-name="{name}"[^>]*)>', svg)
    assert found is not None, name
    return dict(re.findall(r'data-([a-z0-9-]+)="([^"]*)"', found.group(1)))


def test_hovering_a_person_on_the_map_shows_what_the_token_may_see(client: TestClient) -> None:
    """The GM's map shows every figure on hover (hits, conditions, AP, ammunition); a player's
    shows their own character's figures, an NPC's wound in words unless the GM opened them,
    and no hidden combatant: the rules of the state table (DEC-433)."""
    new(client)
    shot = {"line": "Jonah shoots Viktor --ap 2", "dice": {"seed": 4}}
    assert client.post("/api/encounters/raid/act", json=shot, headers=auth(GM)).is_success
    state = client.get("/api/encounters/raid", headers=auth(GM)).json()
    rows = {r["name"]: r["row"] for r in state["rows"]}
    gm = client.get("/api/encounters/raid/map.svg", headers=auth(GM)).text
    ElementTree.fromstring(gm)  # still well-formed XML with every field an attribute
    viktor = _hover(gm, "Viktor")
    assert {"hits", "conditions", "ap", "weapons"} <= set(viktor)
    assert viktor["hits"] == rows["Viktor"]["hits"] and viktor["ap"] == rows["Viktor"]["AP"]
    mara = hide_lev_open_jonah(client)
    seen = client.get("/api/encounters/raid", headers=mara).json()
    looks = {r["name"]: r["row"].get("looks") for r in seen["rows"]}
    svg = client.get("/api/encounters/raid/map.svg", headers=mara).text
    ElementTree.fromstring(svg)
    assert 'data-name="Lev"' not in svg
    assert _hover(svg, "Mara")["hits"] == rows["Mara"]["hits"]  # her own
    assert _hover(svg, "Jonah")["hits"] == rows["Jonah"]["hits"]  # opened by the GM
    closed = _hover(svg, "Viktor")
    assert closed["looks"] == looks["Viktor"] and "hits" not in closed and "ap" not in closed
    client.put("/api/encounters/raid/table", json={"opened": ["Viktor"]}, headers=auth(GM))
    svg = client.get("/api/encounters/raid/map.svg", headers=mara).text
    assert _hover(svg, "Viktor")["hits"] == rows["Viktor"]["hits"]


def test_a_player_declares_only_for_their_character_when_allowed(client: TestClient) -> None:
    new(client)
    mara = auth(KEYS.player_token("raid", "Mara"))
    line = {"line": "Mara waits"}
    reply = client.post("/api/encounters/raid/act", json=line, headers=mara)
    assert reply.status_code == 403 and "GM declares" in reply.json()["message"]
    client.put("/api/encounters/raid/table", json={"players_act": True}, headers=auth(GM))
    other = {"line": "Viktor waits"}
    reply = client.post("/api/encounters/raid/act", json=other, headers=mara)
    assert reply.status_code == 403 and "Viktor" in reply.json()["message"]
    odds = client.post(
        "/api/encounters/raid/odds", json={"line": "Mara shoots Viktor"}, headers=mara
    )
    assert odds.status_code == 200
    reply = client.post("/api/encounters/raid/act", json=line, headers=mara)
    assert reply.status_code == 200, reply.text
    assert set(reply.json()) == {"encounter", "head", "text", "outcome"}
    for path in ("/undo", "/next-round"):
        assert client.post(f"/api/encounters/raid{path}", json={}, headers=mara).status_code == 403


def test_players_roll_their_own_dice_only_when_the_gm_asks(client: TestClient) -> None:
    """The GM's switch "ask players for their dice" (DEC-531), tried with every kind of token:
    off, the server rolls a player's action and a player sending dice is refused; on, a player's
    action takes the faces they rolled and is refused without them; the GM's dice are the
    GM's choice either way; only the GM turns it."""
    new(client)
    new(client, "copy")  # the same fight, for the faces the shot reads
    shot = "Mara shoots Viktor --ap 1"
    faces = client.post(
        "/api/encounters/copy/act", json={"line": shot, "dice": {"seed": 9}}, headers=auth(GM)
    ).json()["dice"]["used"]
    mara = auth(KEYS.player_token("raid", "Mara"))
    act = "/api/encounters/raid/act"
    table = "/api/encounters/raid/table"
    client.put(table, json={"players_act": True}, headers=auth(GM))
    for dice in ({"seed": 9}, {"rolls": faces}):
        reply = client.post(act, json={"line": shot, "dice": dice}, headers=mara)
        assert reply.status_code == 403 and "server rolls" in reply.json()["message"], dice
    for token in (KEYS.player_token("raid", "Mara"), KEYS.player_token("copy", "Mara")):
        switch = {"players_act": True, "players_roll": True}
        assert client.put(table, json=switch, headers=auth(token)).status_code == 403
    assert client.put(table, json=switch, headers={}).status_code == 401
    assert client.get(table, headers=auth(GM)).json()["players_roll"] is False

    assert client.put(table, json=switch, headers=auth(GM)).json()["players_roll"] is True
    assert client.get("/api/encounters/raid", headers=mara).json()["players_roll"] is True
    for dice in ({}, {"seed": 9}):
        reply = client.post(act, json={"line": shot, "dice": dice}, headers=mara)
        assert reply.status_code == 422 and reply.json()["error"] == "dice-needed", dice
    viktor = auth(KEYS.player_token("raid", "Viktor"))
    reply = client.post(act, json={"line": shot, "dice": {"rolls": faces}}, headers=viktor)
    assert reply.status_code == 403  # not Viktor's character to roll for
    reply = client.post(act, json={"line": shot, "dice": {"rolls": faces}}, headers=mara)
    assert reply.status_code == 200, reply.text
    record = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"][-1]
    assert record["dice"]["source"] == "scripted" and record["dice"]["used"] == faces
    gm_turn = {"line": "Jonah shoots Viktor --ap 1", "dice": {"seed": 2}}
    assert client.post(act, json=gm_turn, headers=auth(GM)).status_code == 200

    client.put(table, json={"players_act": True}, headers=auth(GM))
    reply = client.post(act, json={"line": "Mara shoots Viktor --ap 1"}, headers=mara)
    assert reply.status_code == 200, reply.text
    record = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"][-1]
    assert record["dice"]["source"] == "seeded"


def test_a_player_acts_in_initiative_order(client: TestClient) -> None:
    """ENC-ORDER, DEC-675: a player's action before someone ahead in the initiative who still
    has some of their turn was taken (Jonah's page shot before Mara and Viktor had acted); it
    is refused naming who comes first, as `encounter act` refuses it, and nothing is written.
    Once they have acted it goes ahead. The GM's own actions are the GM's call. Every page
    says who is up, as the session's prompt does."""
    new(client)
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["initiative"] == [
        ["Mara", "Viktor"],
        ["Jonah"],
    ]
    client.put("/api/encounters/raid/table", json={"players_act": True}, headers=auth(GM))
    jonah = auth(KEYS.player_token("raid", "Jonah"))
    act = "/api/encounters/raid/act"
    reply = client.post(act, json={"line": "Jonah waits"}, headers=jonah)
    assert reply.status_code == 422 and reply.json()["rule"] == "ENC-ORDER", reply.text
    assert "Mara (4 AP), Viktor (4 AP) come first" in reply.json()["message"]
    # DEC-716: what the rules refuse is refused for that first, resolver's checks and all.
    sweep = {"line": "Jonah sweeps 5 ft out, 20 ft wide toward Viktor"}
    reply = client.post(act, json=sweep, headers=jonah)
    assert reply.status_code == 422 and reply.json()["rule"] == "RMU-SUP-4", reply.text
    shown = client.get("/api/encounters/raid", headers=jonah).json()
    assert shown["head"] == 1 and shown["up"] == ["Mara (4 AP)", "Viktor (4 AP)"]
    # Someone the GM hides is not named to the players, here or in the refusal (DEC-674).
    table = {"hidden": ["Viktor"], "players_act": True}
    client.put("/api/encounters/raid/table", json=table, headers=auth(GM))
    assert client.get("/api/encounters/raid", headers=jonah).json()["up"] == [
        "Mara (4 AP)",
        "someone unseen",
    ]
    reply = client.post(act, json={"line": "Jonah waits"}, headers=jonah)
    assert "Mara (4 AP), someone unseen come first" in reply.json()["message"]
    assert "Viktor" not in reply.text
    assert client.post(act, json={"line": "Viktor waits"}, headers=auth(GM)).is_success
    mara = auth(KEYS.player_token("raid", "Mara"))
    assert client.post(act, json={"line": "Mara waits"}, headers=mara).is_success
    assert client.get("/api/encounters/raid", headers=jonah).json()["up"] == ["Jonah (4 AP)"]
    assert client.post(act, json={"line": "Jonah waits"}, headers=jonah).is_success


def test_odds_of_a_line_and_the_map_with_its_shapes(client: TestClient) -> None:
    new(client)
    odds = client.post(
        "/api/encounters/raid/odds",
        json={"compose": {"actor": "Jonah", "verb": "shoots", "words": "Viktor"}},
        headers=auth(GM),
    ).json()
    assert odds["line"] == "Jonah shoots Viktor" and odds["method"] == "monte carlo"
    assert abs(sum(odds["outcomes"].values()) - 1) < 1e-9 and "hit" in odds["outcomes"]
    plain = client.get("/api/encounters/raid/map.svg", headers=auth(GM)).text
    shot = client.get(
        "/api/encounters/raid/map.svg", params={"line": "Jonah shoots Viktor"}, headers=auth(GM)
    ).text
    assert 'class="overlay"' not in plain and 'class="overlay"' in shot
    # DEC-665: a line the rules refuse is drawn grey, under its refusal.
    flat = client.get(
        "/api/encounters/raid/map.svg", params={"line": "Lev shoots Mara"}, headers=auth(GM)
    ).text
    assert 'class="overlay"' not in flat and 'class="overlay refused"' in flat
    assert "Lev shoots Mara: refused: R-5: Lev was caught flat-footed" in flat
    waits = client.post(
        "/api/encounters/raid/odds", json={"line": "Jonah waits"}, headers=auth(GM)
    ).json()
    assert (waits["method"], waits["outcomes"], waits["samples"]) == ("exact", {"done": 1.0}, None)
    refused = client.post(
        "/api/encounters/raid/odds", json={"line": "Lev shoots Mara"}, headers=auth(GM)
    )
    assert refused.status_code == 422 and refused.json()["line"] == "Lev shoots Mara"


@pytest.mark.parametrize(
    ("example", "actor", "target"),
    [
        ("warehouse", "Mara", "Viktor"),
        ("night-market", None, None),
        ("dry-gulch", None, None),
        ("cards-alley", None, None),
    ],
)
def test_every_rulesets_form_comes_from_its_declarations(
    example: str, actor: str | None, target: str | None
) -> None:
    """Each ruleset's verbs give a form, and a shot composed from it reads back as a shot."""
    scenario = load_scenario(EXAMPLES / f"{example}.toml")
    ruleset = find_ruleset(scenario.ruleset)
    verbs = {v["verb"]: v for v in verbs_view(ruleset)}
    assert "shoots" in verbs and verbs["shoots"]["options"]
    state = initial_state(scenario)
    names = [c.name for c in state.combatants]
    line = write_line(actor or names[0], "shoots", target or names[-1])
    action = ruleset.parse_action(line, state)
    assert action.verb == "shoots" and action.actor == (actor or names[0])


@pytest.mark.parametrize(
    ("example", "line"),
    [
        ("warehouse", "Mara shoots Viktor --ap 3"),
        ("night-market", "Juno shoots V --aim head"),
        ("container-yard", "Dova shoots Brick --aim head"),
    ],
)
def test_the_whole_line_s_example_is_the_fight_s_ruleset_s(
    client: TestClient, example: str, line: str
) -> None:
    """Issue 17: the whole line's example was rmu's "--ap 2" in every fight; the verbs come with
    the fight's ruleset's own line, which the page shows. DEC-746: it named the bundled fights'
    people ("V shoots Juno" in the container yard); it names the fight's own, whoever is up,
    and comes with the encounter as it stands, so the page's refresh follows the turn."""
    new(client, example=example)
    reply = client.get("/api/encounters/raid", headers=auth(GM)).json()
    assert reply["example"] == line


def test_a_player_s_example_line_is_their_own_character_s(client: TestClient) -> None:
    """DEC-746: a player's whole line shows their own character acting, at someone they see."""
    new(client)
    jonah = auth(KEYS.player_token("raid", "Jonah"))
    reply = client.get("/api/encounters/raid", headers=jonah).json()
    assert reply["example"] == "Jonah shoots Viktor --ap 3"


def test_v_2_a_player_sees_a_kindred_in_torpor_not_unconscious() -> None:
    """V-2, DEC-745: a player's closed row said a Kindred in torpor looked "unconscious" (the
    shared flag she is kept with), where the GM's row and headline say torpor; it says the
    ruleset's word, and Final Death for Final Death."""
    from encounter_support import MemoryStore
    from firefight.dice import Dice
    from firefight.service import EncounterService
    from firefight.web.views import rows_view

    service = EncounterService(MemoryStore())
    scenario = load_scenario(EXAMPLES / "kindred-ambush.toml")
    service.new("f", scenario, Dice.scripted(scenario.opening_rolls or [5] * 40))
    jonah = Scope("player", "f", "Jonah")

    def looks() -> dict[str, str]:
        state = service.state("f")
        rows = rows_view(state, find_ruleset("rmu"), jonah, TableSettings())
        return {r["name"]: r["row"].get("looks") for r in rows if not r["open"]}

    service.gm("f", "set Mara unconscious")
    service.gm("f", "set Viktor unconscious")
    assert looks() == {"Mara": "torpor", "Viktor": "unconscious"}
    service.gm("f", "set Mara dead")
    assert looks()["Mara"] == "Final Death"


def test_the_page_follows_writes_made_elsewhere(client: TestClient) -> None:
    """The reader keeps an encounter as last read only while the store's head says it has not
    moved: a write through another service (another process, the command line) shows at once."""
    new(client)
    assert client.get("/api/encounters/raid", headers=auth(GM)).json()["head"] == 1
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    from firefight.dice import Dice
    from firefight.service import EncounterService

    EncounterService(server.store).act("raid", "Jonah waits", Dice.seeded(1))
    shown = client.get("/api/encounters/raid", headers=auth(GM)).json()
    assert shown["head"] == 2
    assert [
        r["seq"] for r in client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    ] == [1, 2]


@pytest.mark.parametrize("every", [5, 200])
def test_the_kept_encounter_is_the_folded_log(tmp_path: Path, every: int) -> None:
    """ReadingService folds only what was appended since it last read (and undoes from what it
    kept), and comes to the same state and log as reading the whole log, through actions,
    round changes and undos made elsewhere; the log sent from records kept rendered is the log
    rendered afresh."""
    import random

    from firefight.dice import Dice
    from firefight.errors import FirefightError
    from firefight.service import EncounterService

    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    plain, reading = EncounterService(store, snapshot_every=every), ReadingService(store)
    rendered = Rendered()
    reading.snapshot_every = every
    plain.new("raid", load_scenario(EXAMPLES / "warehouse.toml"), Dice.seeded(1))
    rng = random.Random(7)
    people = ["Mara", "Jonah", "Viktor", "Lev"]
    for step in range(40):
        writer = plain if step % 2 else reading
        roll = rng.random()
        try:
            if roll < 0.6:
                a, b = rng.sample(people, 2)
                writer.act("raid", f"{a} shoots {b} --ap 1", Dice.seeded(step))
            elif roll < 0.8:
                writer.next_round("raid", Dice.seeded(step))
            else:
                writer.undo("raid")
        except FirefightError:
            pass
        assert reading.current("raid").state == plain.load("raid").state, step
        head, ruleset, records = reading.listing("raid")
        assert [r.seq for r in records] == list(range(1, head + 1))
        assert records == plain.records("raid")[1], step
        # The log as sent, from the records kept rendered, is the log rendered afresh.
        for scope in (Scope("gm"), Scope("player", "raid", "Mara")):
            sent = rendered.log("raid", head, ruleset, records, scope, frozenset({"Lev"}))
            shown = log_view(records, ruleset, scope, frozenset({"Lev"}))
            assert json.loads(sent) == {"encounter": "raid", "head": head, "records": shown}
    store.close()


def test_writes_from_this_server_take_turns(tmp_path: Path) -> None:
    """Writes to one encounter made at once through one server queue for it (DEC-530): none is
    refused as a conflict, and each is one record."""
    import threading

    from firefight.dice import Dice

    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    reading = ReadingService(store)
    reading.new("raid", load_scenario(EXAMPLES / "warehouse.toml"), Dice.seeded(1))
    failed: list[BaseException] = []

    def write(seed: int) -> None:
        try:
            reading.next_round("raid", Dice.seeded(seed))
        except BaseException as exc:  # a conflict would land here
            failed.append(exc)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == []
    head, _, records = reading.listing("raid")
    assert head == 7 and [r.kind for r in records].count("round") == 7
    store.close()


def test_kept_answers_are_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers are kept until they hold too many bytes, the oldest asked for going first."""
    monkeypatch.setattr("firefight.web.rendered.ANSWER_BYTES", 10)
    rendered, made = Rendered(), []

    def make(text: str) -> bytes:
        made.append(text)
        return text.encode()

    for key in ("first", "first", "secnd", "first", "third", "secnd"):
        assert rendered.answer(key, functools.partial(make, key)) == key.encode()
    assert made == ["first", "secnd", "third", "secnd"]


def grenade_and_cloud(client: TestClient) -> None:
    """The gas-and-flash scene as encounter "bay", with Mara's CS cloud at -2,50 and Dana's
    Mk3A2 lying live at 40,48 (RMU-EXP-5, RMU-EXP-15)."""
    new(client, "bay", "gas-and-flash")
    for line, rolls in (("Mara throws cs at -2,50", [80, 3]), ("Dana throws mk3a2 at 40,48", [85])):
        reply = client.post(
            "/api/encounters/bay/act",
            json={"line": line, "dice": {"rolls": rolls}},
            headers=auth(GM),
        )
        assert reply.status_code == 200, reply.text


def test_the_map_draws_the_grenades_and_clouds_lying_in_the_scene(client: TestClient) -> None:
    """The web map is the command line's (`encounter map`): a live grenade with its bands and a
    cloud with its extent are drawn between actions, not only the line being composed
    (RMU-EXP-5, RMU-EXP-15)."""
    grenade_and_cloud(client)
    for params in ({}, {"line": "Viktor holds-breath"}):
        svg = client.get("/api/encounters/bay/map.svg", params=params, headers=auth(GM)).text
        root = ElementTree.fromstring(svg)
        titles = [
            "".join(e.itertext())
            for e in root.iter("{http://www.w3.org/2000/svg}circle")
            if e.get("class") in ("band", "cloud")
        ]
        assert titles == ["mk3a2 casualty 5 ft", "mk3a2 fringe 15 ft", "cs cloud 20 ft"]


@pytest.mark.parametrize(
    ("scene", "hurt", "looks"),
    [
        ("dry-gulch", {"lost": 8}, "barely standing"),
        ("dry-gulch", {"lost": 2}, "grazed"),
        ("cards-alley", {"green": 12, "yellow": 6}, "badly wounded"),
    ],
)
def test_dec_772_a_wound_in_words_reads_the_ruleset_s_own_track(
    scene: str, hurt: dict[str, int], looks: str
) -> None:
    """DEC-772, DEC-433: gurps keeps HP lost and cards its wound boxes in their own figures,
    not in the shared hits: read from those, a gurps Bob at 2 of 10 HP looked *unhurt*."""
    state = initial_state(load_scenario(EXAMPLES / f"{scene}.toml"))
    ruleset = find_ruleset(state.ruleset)
    c = state.combatants[1]
    assert wounds(c, ruleset) == "unhurt"
    assert wounds(replace(c, stats=replace(c.stats, **hurt)), ruleset) == looks


def test_a_player_s_log_tells_no_figure_of_an_undone_gm_line(client: TestClient) -> None:
    """DEC-919: the GM's override reads "the GM steps in (hits)" to a player (DEC-719), yet its
    undo read "undo #2: hits Viktor 12", the figure and all. The undo names what it took back
    as the player's log names that record."""
    new(client)
    mara = auth(KEYS.player_token("raid", "Mara"))
    for line in ("hits Viktor 12", "Mara shoots Viktor --ap 1"):
        assert client.post(
            "/api/encounters/raid/act", json={"line": line, "dice": {"seed": 1}}, headers=auth(GM)
        ).is_success
        assert client.post("/api/encounters/raid/undo", json={}, headers=auth(GM)).is_success
    log = client.get("/api/encounters/raid/log", headers=mara).json()["records"]
    assert [r["text"] for r in log[1:]] == [
        "the GM steps in (hits)",
        "undo #2: the GM steps in (hits)",
        "Mara shoots Viktor --ap 1",
        "undo #4: Mara shoots Viktor --ap 1",
    ]
    gm_log = client.get("/api/encounters/raid/log", headers=auth(GM)).json()["records"]
    assert gm_log[2]["text"] == "undo #2: hits Viktor 12"


def test_an_open_row_names_nobody_hidden(client: TestClient) -> None:
    """DEC-920: Rook, hidden, laid down suppressive fire; V's own row, open to V's player, read
    "must take cover from Rook" (C-6), on the state table and the map's hover alike. A hidden
    combatant is *someone unseen* in an open row, as in a refusal (DEC-846)."""
    new(client, "market", "night-market")
    table = {"hidden": ["Rook"], "opened": ["Juno"]}
    client.put("/api/encounters/market/table", json=table, headers=auth(GM))
    fire = {"line": "Rook suppresses", "dice": {"seed": 5}}
    assert client.post("/api/encounters/market/act", json=fire, headers=auth(GM)).is_success
    gm_rows = client.get("/api/encounters/market", headers=auth(GM)).json()["rows"]
    assert gm_rows[0]["row"]["conditions"] == "must take cover from Rook"
    v = auth(KEYS.player_token("market", "V"))
    rows = client.get("/api/encounters/market", headers=v).json()["rows"]
    assert rows[0]["row"]["conditions"] == "must take cover from someone unseen"
    svg = client.get("/api/encounters/market/map.svg", headers=v).text
    assert "Rook" not in svg and "must take cover from someone unseen" in svg


def test_a_player_whose_character_left_is_given_no_line_to_type(client: TestClient) -> None:
    """DEC-922: the GM removed Jonah, and Jonah's page still offered "Jonah shoots Viktor --ap
    3" as the line to type, a line naming nobody in the scene. With their character gone a
    player is given no example; the others' pages keep theirs."""
    new(client)
    client.put("/api/encounters/raid/table", json={"players_act": True}, headers=auth(GM))
    assert client.post(
        "/api/encounters/raid/act", json={"line": "remove Jonah"}, headers=auth(GM)
    ).is_success
    jonah = auth(KEYS.player_token("raid", "Jonah"))
    assert client.get("/api/encounters/raid", headers=jonah).json()["example"] is None
    mara = auth(KEYS.player_token("raid", "Mara"))
    assert client.get("/api/encounters/raid", headers=mara).json()["example"].startswith("Mara ")


def test_a_player_reads_the_scene_s_notes_with_a_hidden_thrower_unseen(
    client: TestClient,
) -> None:
    """DEC-925: the notes under the state table (a live grenade, a gas cloud: RMU-EXP-5,
    RMU-EXP-15) were the GM's alone, so a player never learned of the grenade at their feet.
    A player reads them too; the hidden Dana who threw it is *someone unseen* there."""
    grenade_and_cloud(client)
    client.put("/api/encounters/bay/table", json={"hidden": ["Dana"]}, headers=auth(GM))
    gm_scene = client.get("/api/encounters/bay", headers=auth(GM)).json()["scene"]
    mara = auth(KEYS.player_token("bay", "Mara"))
    scene = client.get("/api/encounters/bay", headers=mara).json()["scene"]
    assert any("thrown by Dana" in line for line in gm_scene)
    assert scene == [line.replace("Dana", "someone unseen") for line in gm_scene]
    assert any("thrown by someone unseen" in line for line in scene)
    assert any(line.startswith("cloud ") for line in scene)
    dana = auth(KEYS.player_token("bay", "Dana"))
    assert client.get("/api/encounters/bay", headers=dana).json()["scene"] == gm_scene


def test_dec_929_someone_unseen_begins_a_sentence_with_a_capital() -> None:
    """DEC-929: a hidden grappler's victim read "someone unseen is grappled 30% by Mara." on a
    player's page (DEC-925), and a refusal "someone unseen and Rico drew higher": where the
    hidden name began a sentence, its stand-in now does so with a capital, as the GM's does."""
    hidden = frozenset({"Viktor", "Giga"})
    assert (
        unseen_words("Viktor is grappled 30% by Mara.", hidden)
        == "Someone unseen is grappled 30% by Mara."
    )
    assert (
        unseen_words("Giga and Rico drew higher. Viktor waits; Mara sees Viktor.", hidden)
        == "Someone unseen and Rico drew higher. Someone unseen waits; Mara sees someone unseen."
    )
    assert unseen_words("on fire: Viktor (3 more rounds)", hidden) == (
        "on fire: someone unseen (3 more rounds)"
    )
