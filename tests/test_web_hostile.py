"""A careless or hostile client's audit of the web API (after the command line's,
test_hostile_audit.py): bodies of the wrong shape, type or size, addresses that try to step out
of their encounter, tokens of odd shapes, methods the API does not take, writers racing. Each
is refused with its status, an error naming what was wrong, and the store byte for byte as it
was; none reaches the client as a 500."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firefight.store import open_store
from firefight.store.base import StoreError, encounter_name
from firefight.store.table_settings import Tables
from firefight.web.app import MAX_FIELDS, Server, create_app
from firefight.web.bodies import MAX_LINE
from firefight.web.body_limit import MAX_BODY_BYTES
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.tokens import Keyring
from hostile_support import store_bytes

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM = {"Authorization": f"Bearer {KEYS.gm_token()}"}
ACT = "/api/encounters/raid/act"
JSON = {**GM, "content-type": "application/json"}
#: A shot in parts, to which a case adds its options.
SHOOTS = {"actor": "Mara", "verb": "shoots"}


def _app(db: Path) -> tuple[TestClient, Any]:
    store = open_store(f"sqlite:///{db}")
    server = Server(
        service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub(), examples=EXAMPLES
    )
    return TestClient(create_app(server), raise_server_exceptions=False), store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """A server over ``db`` holding "raid" (the warehouse), round 1 opened."""
    test_client, store = _app(db)
    with test_client as c:
        body = {"name": "raid", "example": "warehouse", "dice": {"seed": 3}}
        assert c.post("/api/encounters", json=body, headers=GM).status_code == 201
        yield c
    store.close()


def _refused_unchanged(
    client: TestClient, db: Path, status: int, error: str, says: str, **request: Any
) -> dict[str, Any]:
    """The request is answered ``status`` ``error``, its message holding ``says``; the store
    is as it was and the encounter's head too."""
    before = store_bytes(db)
    reply = client.request(request.pop("method", "POST"), request.pop("path", ACT), **request)
    assert reply.status_code == status, reply.text
    body: dict[str, Any] = reply.json()
    assert body["error"] == error and says in body["message"], body
    assert store_bytes(db) == before
    assert client.get("/api/encounters/raid", headers=GM).json()["head"] == 1
    return body


# --- bodies of the wrong shape or type ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "path", "says"),
    [
        # Not JSON, not an object, or sent as something else: the body as a whole.
        ({"content": "{line: 'Mara waits'}", "headers": JSON}, "body",
         "the body is not JSON: Expecting property name enclosed in double quotes (at "
         "character 1)"),
        ({"content": '{"line": "Mara waits"}', "headers": {**GM, "content-type": "text/plain"}},
         "body", "needs a JSON object as its body, sent as application/json"),
        ({"json": ["Mara waits"]}, "body", "needs a JSON object"),
        ({"content": "", "headers": JSON}, "body", "needs a JSON object"),
        # A value of another JSON type is refused, not read as the one expected (DEC-845).
        ({"json": {"line": "Mara waits", "dice": {"seed": "7"}}}, "body.dice.seed",
         "valid integer"),
        ({"json": {"line": "Mara waits", "dice": {"seed": True}}}, "body.dice.seed",
         "valid integer"),
        ({"json": {"line": "Mara waits", "expected_head": "1"}}, "body.expected_head",
         "valid integer"),
        ({"json": {"line": "Mara waits", "expected_head": 1.0}}, "body.expected_head",
         "valid integer"),
        ({"json": {"line": "Mara shoots Viktor", "dice": {"rolls": [96, True]}}},
         "body.dice.rolls.1", "D-3: each of dice.rolls is a die face (a whole number) or a card"),
        ({"content": '{"line": "Mara shoots Viktor", "dice": {"rolls": [NaN]}}', "headers": JSON},
         "body.dice.rolls.0", "or a card by name or place ('QH', '10s'), not nan"),
        ({"json": {"line": "Mara shoots Viktor", "dice": {"rolls": [50.5]}}},
         "body.dice.rolls.0", "not 50.5"),
        # Control characters, by the store's and the readers' own test.
        ({"json": {"line": "Mara\x00 waits"}}, "body.line", "holds a control character ('\\x00')"),
        ({"json": {"line": "Mara waits \u202e"}}, "body.line",
         "holds a control character ('\\u202e'); type it on one line, plainly"),
        ({"json": {"compose": {"actor": "Ma\x1bra", "verb": "waits"}}}, "body.compose.actor",
         "control character"),
        ({"json": {"compose": {"actor": "Mara", "verb": "shoots", "options": {"ap": None}}}},
         "body.compose.options.ap",
         "an option's value is true (a flag), a word or a whole number, or a list of words; "
         "not None"),
        # DEC-958: an option's value refused in one sentence at its own path (pydantic said
        # first "should be a valid boolean", at body.compose.options.mod.bool); a name or a
        # verb spelt wrong in words, not by its pattern; half a character (a lone surrogate)
        # said so, and never a 500 from the store.
        ({"json": {"compose": {**SHOOTS, "options": {"mod": "1:\x1b"}}}},
         "body.compose.options.mod", "holds a control character ('\\x1b')"),
        ({"json": {"compose": {**SHOOTS, "options": {"mod": ["1:x"] * 25}}}},
         "body.compose.options.mod", "an option takes at most 20 values, not 25"),
        ({"json": {"compose": {**SHOOTS, "options": {"mod": "x" * 201}}}},
         "body.compose.options.mod", "a word of an option's value is at most 200 characters"),
        ({"json": {"compose": {**SHOOTS, "options": {"Mod": "1:x"}}}},
         "body.compose.options.Mod.[key]", "an option is named as after its -- in a line, in "
         "small letters, digits and dashes ('ap', 'move-between'), not 'Mod'"),
        ({"json": {"compose": {"actor": "Mara", "verb": "sh@@ts"}}}, "body.compose.verb",
         "a verb is words of letters and digits, with spaces or dashes, not 'sh@@ts'"),
        ({"content": '{"line": "Mara waits \\ud83d"}', "headers": JSON}, "body.line",
         "holds half of a character (a lone surrogate, as text cut inside an emoji leaves)"),
        ({"content": '{"compose": {"actor": "Mara", "verb": "shoots", "options": {"mod": '
                     '"1:\\ud83d"}}}', "headers": JSON}, "body.compose.options.mod",
         "holds half of a character"),
        # Parts each within bounds that make a line past the limit.
        ({"json": {"compose": {"actor": "Mara", "verb": "shoots", "words": "Viktor",
                               "options": {"mod": ["x" * 200] * 3}}}},
         "body", f"the limit is {MAX_LINE}"),
    ],
)  # fmt: skip
def test_a_body_of_the_wrong_shape_or_type_is_refused_naming_its_field(
    client: TestClient, db: Path, sent: dict[str, Any], path: str, says: str
) -> None:
    """DEC-845: each refused 422 "invalid" with the field's path and a sentence saying what was
    wrong; pydantic's regular expressions, its "Value error," and one line per JSON type a
    value was not are no longer what the client reads."""
    sent.setdefault("headers", GM)
    body = _refused_unchanged(client, db, 422, "invalid", says, **sent)
    assert body["fields"][0]["path"] == path
    assert body["message"].startswith(f"{path}: ")
    assert "Value error" not in body["message"] and "pattern" not in body["message"]
    assert not any("function" in f["path"] or "bool" in f["path"] for f in body["fields"])


@pytest.mark.parametrize(
    ("method", "path", "content", "key"),
    [
        ("POST", ACT, '{"line": "Mara waits", "line": "Mara shoots Viktor"}', "line"),
        ("POST", ACT, '{"line": "Mara waits", "dice": {"seed": 1, "seed": 2}}', "seed"),
        ("POST", ACT, '{"compose": {"actor": "Mara", "verb": "shoots", "words": "Viktor", '
         '"options": {"ap": 1, "\\u0061p": 3}}}', "ap"),
        ("POST", "/api/encounters/raid/odds", '{"line": "Mara waits", "line": "Mara waits"}',
         "line"),
        ("PUT", "/api/encounters/raid/table",
         '{"players_act": true, "hidden": [], "players_act": false}', "players_act"),
    ],
)  # fmt: skip
def test_dec_891_a_body_giving_a_key_twice_is_refused_naming_the_key(
    client: TestClient, db: Path, method: str, path: str, content: str, key: str
) -> None:
    """DEC-891: the API kept the last of a key given twice (the second line was shot, the table
    opened to players' declarations by a `false` read last), while `encounter import` refuses
    such a file (DEC-886); a body is refused the same way, 422 naming the key, and nothing
    changes: neither the log nor the table's settings."""
    table = client.get("/api/encounters/raid/table", headers=GM).json()
    body = _refused_unchanged(
        client, db, 422, "invalid", "", method=method, path=path, content=content, headers=JSON
    )
    said = f"the key {key!r} is given twice in one object; keep one"
    assert body["message"] == f"body: {said}"
    assert body["fields"] == [{"path": "body", "message": said}]
    assert client.get("/api/encounters/raid/table", headers=GM).json() == table
    # The same keys once each are taken as before.
    once = client.request(method, path, json={"players_act": True} if method == "PUT" else
                          {"line": "Mara waits"}, headers=GM)  # fmt: skip
    assert once.status_code == 200, once.text


def test_a_switch_of_the_table_is_true_or_false_not_yes(client: TestClient, db: Path) -> None:
    """DEC-845: ``"players_act": "yes"`` (or 1, or "true") let players declare."""
    for value in ("yes", 1, "true"):
        _refused_unchanged(
            client, db, 422, "invalid", "valid boolean",
            method="PUT", path="/api/encounters/raid/table", json={"players_act": value},
            headers=GM,
        )  # fmt: skip
    table = client.get("/api/encounters/raid/table", headers=GM).json()
    assert table["players_act"] is False


def test_an_option_given_as_a_number_is_the_word_it_is_written_as(client: TestClient) -> None:
    """``{"ap": 2}`` was refused as "Input should be a valid boolean, unable to interpret
    input"; a whole number is what a form's number field gives."""
    compose = {"actor": "Mara", "verb": "shoots", "words": "Viktor", "options": {"ap": 2}}
    reply = client.post("/api/encounters/raid/odds", json={"compose": compose}, headers=GM)
    assert reply.status_code == 200, reply.text
    assert reply.json()["line"] == "Mara shoots Viktor --ap 2"


def test_a_body_of_many_unknown_keys_is_answered_with_a_few(client: TestClient, db: Path) -> None:
    keys = {f"k{i}": 1 for i in range(5000)}
    body = _refused_unchanged(client, db, 422, "invalid", "body.k0: Extra inputs", json=keys,
                              headers=GM)  # fmt: skip
    assert len(body["fields"]) == MAX_FIELDS


@pytest.mark.parametrize(
    "content",
    [
        b'{"line": "Mara waits", "dice": {"seed": ' + b"9" * 5000 + b"}}",
        b'{"line": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"line": "Mara \xff waits"}',
    ],
    ids=["5000 digits", "nested 100,000 deep", "not UTF-8"],
)
def test_a_body_no_json_reader_reads_is_refused_in_a_sentence(
    client: TestClient, db: Path, content: bytes
) -> None:
    """It was 400 "http", "There was an error parsing the body"."""
    _refused_unchanged(
        client, db, 400, "invalid", "body: the body cannot be read as JSON", content=content,
        headers=JSON,
    )  # fmt: skip


# --- sizes ------------------------------------------------------------------------------------


def test_a_body_over_the_ceiling_is_refused_before_it_is_read(client: TestClient, db: Path) -> None:
    """DEC-845: 20 MB of action line were read, parsed and only then refused for its 500
    characters; a 5 MB body of spaces around a good action was done. Over the ceiling, by its
    declared length or (sent in chunks, none declared) by the bytes received: 413."""
    line = b'{"line": "Mara waits"' + b" " * MAX_BODY_BYTES + b"}"
    said = f"is over the {MAX_BODY_BYTES:,} bytes this server reads; nothing was read"
    body = _refused_unchanged(client, db, 413, "too-large", said, content=line, headers=JSON)
    assert f"of {len(line):,} bytes" in body["message"]

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(line), 64 * 1024):
            yield line[start : start + 64 * 1024]

    _refused_unchanged(client, db, 413, "too-large", said, content=chunks(), headers=JSON)
    # Under the ceiling, the largest scenario the API takes still arrives.
    scenario = (EXAMPLES / "warehouse.toml").read_text(encoding="utf-8")
    padded = scenario + "#" + "\u00e9" * (256 * 1024 - len(scenario) - 2) + "\n"
    reply = client.post("/api/encounters", json={"name": "big", "scenario": padded}, headers=GM)
    assert reply.status_code == 201, reply.text[:300]


# --- addresses, names, methods ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/api/encounters/%2e%2e", "no encounter named '..'"),
        ("/api/encounters/..%2Fraid/log", "no encounter named '../raid'"),
        ("/api/encounters/raid%00", "no encounter named 'raid\\x00'; did you mean 'raid'?"),
        ("/api/encounters/%0d%0aSet-Cookie:x", "no encounter named '\\r\\nSet-Cookie:x'"),
        ("/api/encounters/nope/table", "no encounter named 'nope'"),
    ],
)
def test_an_address_naming_no_encounter_is_404(
    client: TestClient, db: Path, path: str, says: str
) -> None:
    """The name is one segment, decoded once, and matched against the store's names only:
    no step out of the encounters, no control character in the answer's headers. The table's
    settings of an encounter that does not exist were answered 200 (the defaults)."""
    reply = _refused_unchanged(client, db, 404, "not-found", says, method="GET", path=path,
                               headers=GM)  # fmt: skip
    assert reply["message"].endswith("known: raid") or "did you mean" in reply["message"]


@pytest.mark.parametrize("name", [".", "..", " .. "])
def test_dec_844_a_name_no_web_address_carries_is_refused(
    client: TestClient, db: Path, name: str
) -> None:
    """DEC-844: an encounter called ".." was created, and no page could reach it: a browser
    reads the segment as a step up the path, written %2E%2E as well."""
    _refused_unchanged(
        client, db, 422, "invalid", "a web address cannot carry it", path="/api/encounters",
        json={"name": name, "example": "warehouse"}, headers=GM,
    )  # fmt: skip
    with pytest.raises(StoreError, match="must not be"):
        encounter_name(name)
    assert encounter_name(".raid.") == ".raid."


@pytest.mark.parametrize(
    ("method", "path", "takes"),
    [
        ("DELETE", "/api/encounters/raid", "GET"),
        ("GET", ACT, "POST"),
        ("PATCH", "/api/encounters/raid/table", "GET or PUT"),
        ("POST", "/api/encounters/raid/log", "GET"),
    ],
)
def test_a_method_the_address_does_not_take_is_refused_naming_those_it_does(
    client: TestClient, db: Path, method: str, path: str, takes: str
) -> None:
    """It was 405 "http", "Method Not Allowed"."""
    before = store_bytes(db)
    reply = client.request(method, path, json={"line": "Mara waits"}, headers=GM)
    assert reply.status_code == 405
    body = reply.json()
    assert body == {
        "error": "not-allowed",
        "message": f"this address takes {takes}, not this method",
    }
    said = set(takes.split(" or "))
    assert set(reply.headers["allow"].split(", ")) == said | ({"HEAD"} if "GET" in said else set())
    assert store_bytes(db) == before


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/static/app.js", "javascript"),
        ("/api/encounters/raid", "application/json"),
        ("/api/encounters/raid/map.svg", "image/svg+xml"),
        ("/api/encounters/raid/events", "text/event-stream"),
    ],
)
def test_an_address_that_takes_get_answers_head_without_a_body(
    client: TestClient, db: Path, path: str, kind: str
) -> None:
    """HEAD was refused 405 where GET was answered (FastAPI's routes take only the methods
    they name): it is answered as the GET is, status and headers, with no body; the event
    stream ends at once instead of streaming."""
    before = store_bytes(db)
    reply = client.head(path, headers=GM)
    got = client.get(path, headers=GM) if "event" not in kind else None
    assert reply.status_code == 200 and kind in reply.headers["content-type"], reply.headers
    assert reply.content == b""
    if got is not None:
        assert reply.headers["content-length"] == str(len(got.content))
    assert store_bytes(db) == before


def test_head_is_refused_where_get_is(client: TestClient) -> None:
    """A HEAD at an address taking only POST is refused as its GET is: 405, naming POST."""
    reply = client.head(ACT, headers=GM)
    assert (reply.status_code, reply.headers["allow"]) == (405, "POST")
    assert reply.content == b""


# --- tokens -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scope",
    [b'["gm", null, null]', b'["player", "raid"]', b"null", b'{"a": 1}', b"not json",
     b'["player", "raid", "Mara", "x"]', b'["player", 1, 2]'],
)  # fmt: skip
def test_a_signed_token_of_another_shape_grants_nothing(client: TestClient, scope: bytes) -> None:
    """A token signed with the server's secret around a scope of another shape (another
    version's) failed the request with a 500, or read as a player of encounter 1."""
    import base64

    token = "p." + base64.urlsafe_b64encode(scope).rstrip(b"=").decode() + "."
    token += KEYS._sign(scope)
    reply = client.get("/api/whoami", headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 401 and reply.json()["error"] == "unauthorized"
    assert KEYS.read(token) is None


# --- writers racing ---------------------------------------------------------------------------


def test_two_servers_racing_on_one_encounter_lose_and_double_nothing(
    client: TestClient, db: Path
) -> None:
    """Two servers over one SQLite file, six clients each acting, undoing and changing the
    round at once on one encounter: every answer is 200, 409 or 422 (never a 500), each 200
    is one record of its own, and the log is numbered 1..n with nothing else in it."""
    other, store = _app(db)
    answers: list[tuple[int, int | None]] = []
    lines = ["Mara waits", "Jonah waits", "Viktor waits", "hits Pavel 1"]

    def client_(number: int) -> None:
        c = client if number % 2 else other
        for k in range(4):
            path, body = {
                0: ("undo", {}),
                1: ("act", {"line": lines[(number + k) % 4], "dice": {"seed": k}}),
                2: ("next-round", {"dice": {"seed": number}}),
                3: ("act", {"line": lines[number % 4]}),
            }[k]
            reply = c.post(f"/api/encounters/raid/{path}", json=body, headers=GM)
            ok = reply.status_code == 200
            answers.append((reply.status_code, reply.json()["head"] if ok else None))

    with other:
        threads = [threading.Thread(target=client_, args=(n,)) for n in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    store.close()
    assert {status for status, _ in answers} <= {200, 409, 422}, answers
    heads = [head for status, head in answers if head is not None]
    records = client.get("/api/encounters/raid/log", headers=GM).json()["records"]
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    assert sorted(heads) == list(range(2, len(records) + 1))


# --- work -----------------------------------------------------------------------------------


def test_an_action_s_odds_read_only_the_people_it_touched() -> None:
    """The odds' trials are bounded (2,000 samples, none asked for by the client), but each
    sample's effects read every person of the scene and looked each one up by walking the
    scene: 38 s for one odds request in a scene of 569 people (under 3 s now). What someone was left
    in is now asked only of the people the action changed, each found by name at once."""
    from firefight.encounter.scenario import initial_state, load_scenario
    from firefight.frozen import replace
    from firefight.rulesets.base import states_begun

    before = initial_state(load_scenario(EXAMPLES / "warehouse.toml"))
    viktor = before.combatant("Viktor")
    after = before.with_combatant(replace(viktor, hits_taken=viktor.hits_max + 1))
    asked: list[str] = []

    def words(c: Any) -> str:
        asked.append(c.name)
        return "down" if c.hits_taken > c.hits_max else "up"

    assert states_begun(before, after, words) == ["Viktor down"]
    assert asked == ["Viktor", "Viktor"]


# --- what a player may read ---------------------------------------------------------------------


def test_dec_846_a_refusal_names_no_hidden_person_to_a_player(client: TestClient) -> None:
    """DEC-846: the rules check a player's action against the whole scene, and cards' K-2 said
    who comes first by name: "Giga and Rico drew higher for reaction and act before Jilly",
    with Giga hidden from Jilly. To her, a hidden person is someone unseen there too, in the
    odds' refusal and the action's (its envelope as well); the GM reads the names."""
    body = {"name": "alley", "example": "cards-alley", "dice": {"seed": 1}}
    assert client.post("/api/encounters", json=body, headers=GM).status_code == 201
    table = {"hidden": ["Giga"], "players_act": True}
    assert client.put("/api/encounters/alley/table", json=table, headers=GM).is_success
    jilly = {"Authorization": f"Bearer {KEYS.player_token('alley', 'Jilly')}"}
    line = {"line": "Jilly shoots Rico"}
    gm = client.post("/api/encounters/alley/odds", json=line, headers=GM).json()
    assert gm["rule"] == "K-2" and gm["message"].startswith("Giga and Rico drew higher")
    for path in ("odds", "act"):
        reply = client.post(f"/api/encounters/alley/{path}", json=line, headers=jilly)
        assert reply.status_code == 422, reply.text
        told = reply.json()
        assert told["rule"] == "K-2", told
        # DEC-929: the sentence begins with a capital, as the GM's does.
        assert told["message"].startswith("Someone unseen and Rico drew higher for reaction")
        assert "Giga" not in reply.text
    assert client.get("/api/encounters/alley", headers=GM).json()["head"] == 1


def test_dec_847_the_table_is_told_when_the_fight_is_decided(client: TestClient) -> None:
    """DEC-847 (DEC-810 at the web table): actions after the last foe fell were taken with
    nothing on the page saying so. The view says it as the token's holder sees the scene: the
    GM once both smugglers are down; a player with Lev hidden from her already once Viktor is
    (she sees no smuggler standing, and is not told that someone unseen still is)."""
    table = {"hidden": ["Lev"], "players_act": True}
    assert client.put("/api/encounters/raid/table", json=table, headers=GM).is_success
    mara = {"Authorization": f"Bearer {KEYS.player_token('raid', 'Mara')}"}

    def said(headers: dict[str, str]) -> str | None:
        reply = client.get("/api/encounters/raid", headers=headers)
        decided: str | None = reply.json()["decided"]
        return decided

    assert (said(GM), said(mara)) == (None, None)
    client.post(ACT, json={"line": "set Viktor unconscious"}, headers=GM)
    assert (said(GM), said(mara)) == (None, "hunters left standing")
    client.post(ACT, json={"line": "set Lev dead"}, headers=GM)
    assert (said(GM), said(mara)) == ("hunters left standing", "hunters left standing")
    # Play goes on (DEC-810): the GM's and the players' actions are still taken.
    reply = client.post(ACT, json={"line": "Mara waits"}, headers=mara)
    assert reply.status_code == 200, reply.text


def test_dec_850_a_player_s_odds_are_of_the_scene_they_see(client: TestClient) -> None:
    """DEC-850: a player's odds were figured on the whole scene, so the cover of a body hidden
    from them changed their figures, telling them someone stood in the line of fire. Pavel,
    standing between Mara and Viktor and hidden from Mara, changes the GM's odds, not hers:
    hers are the GM's once Pavel has left, and say they are of the scene as she sees it."""
    line = {"line": "Mara shoots Viktor"}
    odds = "/api/encounters/raid/odds"
    mara = {"Authorization": f"Bearer {KEYS.player_token('raid', 'Mara')}"}
    table = {"hidden": ["Pavel"], "players_act": True}
    assert client.put("/api/encounters/raid/table", json=table, headers=GM).is_success
    gm = client.post(odds, json=line, headers=GM).json()
    told = client.post(odds, json=line, headers=mara).json()
    assert client.post(ACT, json={"line": "remove Pavel"}, headers=GM).is_success
    clear = client.post(odds, json=line, headers=GM).json()
    assert gm["outcomes"] != clear["outcomes"]
    assert told["outcomes"] == clear["outcomes"]
    assert (gm["note"], told["note"]) == (None, "as you see the scene")


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        # "Lev" read as a set of names hid "L", "e" and "v" and showed Lev.
        ('{"hidden": "Lev", "opened": [], "players_act": false}', "hidden is 'Lev', not a list"),
        ('{"hidden": [], "opened": [], "players_act": "yes"}', "players_act is 'yes', not true"),
        ('{"hidden": [], "opened": []}', "players_act is missing"),
    ],
)
def test_dec_888_damaged_table_settings_name_the_table_and_the_way_out(
    client: TestClient, db: Path, stored: str, why: str
) -> None:
    """DEC-888: settings of the wrong shape were read wrong or answered 500; they are refused
    naming the encounter's table settings and the command that clears them, which leaves the
    fight as it was."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    with open_store(f"sqlite:///{db}") as store:
        store.put_table_settings("raid", {"hidden": ["Lev"], "opened": [], "players_act": True})
        with store._engine.begin() as connection:
            connection.exec_driver_sql("UPDATE table_settings SET settings = ?", (stored,))
    reply = client.get("/api/encounters/raid/table", headers=GM)
    assert reply.status_code == 422, reply.text
    message = reply.json()["message"]
    assert message.startswith(
        "encounter 'raid': its table settings (who the players see, whether they declare and "
        f"roll) are damaged in the store ({why}"
    )
    assert "`firefight encounter table raid --reset` (with the server's --store)" in message
    cleared = CliRunner().invoke(
        app, ["encounter", "table", "raid", "--reset", "--store", f"sqlite:///{db}"]
    )
    assert cleared.exit_code == 0, cleared.stderr
    assert cleared.stdout.startswith("raid: table settings cleared (everyone shown")
    table = client.get("/api/encounters/raid/table", headers=GM).json()
    assert table == {
        "hidden": [], "opened": [], "players_act": False, "players_roll": False, "revision": 0
    }  # fmt: skip
    assert client.get("/api/encounters/raid", headers=GM).json()["head"] == 1


# --- names that pass for others -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("r\u0430id", "one alphabet a word, not Cyrillic 'а' (U+0430) among Latin letters"),
        ("\u0440aid", "not Latin 'a' (U+0061) among Cyrillic letters"),
        ("raid\u00a0night", "no space but the plain one, not U+00A0"),
        ("ra\u2028id", "no space but the plain one, not U+2028"),
    ],
)
def test_dec_954_an_encounter_name_passing_for_another_is_refused(
    client: TestClient, db: Path, name: str, says: str
) -> None:
    """DEC-954: "rаid" with a Cyrillic 'а' was created beside "raid", and "raid night" with a
    no-break space beside the plain one: two encounters listed alike, and a page's link to one
    reached the other or neither. A line separator (U+2028) broke the name in two."""
    body = _refused_unchanged(
        client, db, 422, "invalid", says, path="/api/encounters",
        json={"name": name, "example": "warehouse"}, headers=GM,
    )  # fmt: skip
    assert body["message"].endswith("it would pass for another name")
    assert [e["name"] for e in client.get("/api/encounters", headers=GM).json()["encounters"]] == [
        "raid"
    ]


def test_dec_954_an_accent_typed_in_two_ways_is_one_name(client: TestClient, db: Path) -> None:
    """DEC-954: "café" typed as one character and as 'e' and an accent (as macOS writes file
    names) were two encounters, and two combatants, that no one could tell apart; a line
    naming one in the other spelling named nobody. A name is kept composed, so the second is
    the first: refused as taken, and found by a line however its accent was typed."""
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    body = {"name": decomposed, "example": "warehouse"}
    made = client.post("/api/encounters", json=body, headers=GM)
    assert made.status_code == 201, made.text
    assert made.json()["encounter"] == composed
    _refused_unchanged(
        client, db, 409, "exists", f"an encounter named {composed!r} already exists",
        path="/api/encounters", json={"name": composed, "example": "warehouse"}, headers=GM,
    )  # fmt: skip
    added = client.post(ACT, json={"line": "add Jos\u00e9 like Viktor"}, headers=GM)
    assert added.status_code == 200, added.text
    before = store_bytes(db)
    again = client.post(ACT, json={"line": "add Jose\u0301 like Viktor"}, headers=GM)
    assert (again.status_code, again.json()["rule"]) == (422, "ENC-GM"), again.text
    assert again.json()["message"].startswith("Someone called 'José' is already in the scene")
    assert store_bytes(db) == before
    odds = client.post(
        "/api/encounters/raid/odds", json={"line": "Jose\u0301 waits"}, headers=GM
    ).json()
    assert odds["actor"] == "Jos\u00e9", odds


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("add M\u0430ra like Viktor", "a name is 'Mаra'; the limit is one alphabet a word, not "
         "Cyrillic 'а' (U+0430) among Latin letters (README, Limits)"),
        ("add Big Mar\u03b1 like Viktor", "not Greek 'α' (U+03B1) among Latin letters"),
    ],
)  # fmt: skip
def test_dec_954_a_combatant_passing_for_another_is_refused(
    client: TestClient, db: Path, line: str, says: str
) -> None:
    """DEC-954: the GM's `add Mаra like Viktor` (a Cyrillic 'а' pasted in) added a second Mara
    beside the first: the players' links, the state table and the map showed two, and every
    line typed "Mara" acted as the first. A name mixing look-alike alphabets is refused where
    every name enters (a scenario's too), naming the letter."""
    _refused_unchanged(client, db, 422, "invalid", says, json={"line": line}, headers=GM)
    scenario = (EXAMPLES / "warehouse.toml").read_text(encoding="utf-8")
    assert 'name = "Mara"' in scenario
    mixed = scenario.replace('name = "Mara"', 'name = "M\u0430ra"', 1)
    _refused_unchanged(
        client, db, 422, "scenario", "one alphabet a word, not Cyrillic 'а' (U+0430)",
        path="/api/encounters", json={"name": "mixed", "scenario": mixed}, headers=GM,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("path", "body", "field", "says"),
    [
        ("/api/encounters", {"name": "ra\u3164id", "example": "warehouse"}, "body.name",
         "holds a control character ('\\u3164')"),
        (ACT, {"line": "add Ma\u034fra like Viktor"}, "body.line",
         "holds a control character ('\\u034f')"),
        (ACT, {"compose": {"actor": "Ma\u180bra", "verb": "waits"}}, "body.compose.actor",
         "holds a control character ('\\u180b')"),
    ],
)  # fmt: skip
def test_dec_955_a_character_drawn_as_nothing_is_refused_as_a_control_is(
    client: TestClient, db: Path, path: str, body: dict[str, Any], field: str, says: str
) -> None:
    """DEC-955: a zero-width space was refused in a name, but a combining grapheme joiner
    (U+034F), a Hangul filler (U+3164) or a Mongolian variation selector, drawn as nothing
    too, were not: `add Ma\\u034fra like Viktor` added a second "Mara" that no line typed by
    hand could name. They are refused wherever a control character is, and shown escaped."""
    reply = _refused_unchanged(client, db, 422, "invalid", says, path=path, json=body, headers=GM)
    assert reply["fields"][0]["path"] == field
    from firefight.limits import LimitError, clean_name
    from firefight.text import printable

    with pytest.raises(LimitError, match="no control characters"):
        clean_name("Ma\u034fra")
    assert printable("Ma\u3164ra") == "Ma\\u3164ra"
    # An emoji's variation selector, as a phone types it, is kept.
    assert clean_name("Red \u2764\ufe0f") == "Red \u2764\ufe0f"


# --- a player's token and the GM's word -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"line": "Mara shoots Viktor --mod 90:lucky"}, "mod"),
        ({"line": "Mara shoots Viktor --ap 2 --mod=90:lucky"}, "mod"),
        ({"compose": {"actor": "Mara", "verb": "shoots", "words": "Viktor",
                      "options": {"mod": ["90:lucky"]}}}, "mod"),
        ({"line": "Mara throws m67 at 30,20 --difficulty 50"}, "difficulty"),
    ],
)  # fmt: skip
def test_dec_956_a_player_may_not_give_the_gm_s_word(
    client: TestClient, db: Path, sent: dict[str, Any], said: str
) -> None:
    """DEC-956: a player let declare gave their own shot "--mod 90:lucky" (the GM's modifier,
    up to 99 a line), a throw the GM's difficulty, a stake the GM's word that nobody
    interferes: a chosen bonus is a chosen roll, which DEC-531 keeps from them. Their odds and
    action are refused 403 naming the option, nothing done; the GM's are taken, and the form
    marks the options so a player's page leaves them out."""
    assert client.put(
        "/api/encounters/raid/table", json={"players_act": True}, headers=GM
    ).is_success
    mara = {"Authorization": f"Bearer {KEYS.player_token('raid', 'Mara')}"}
    says = f"--{said} is the GM's word, not a player's: ask the GM for it"
    for path in ("/api/encounters/raid/odds", ACT):
        _refused_unchanged(client, db, 403, "forbidden", says, path=path, json=sent, headers=mara)
    gm = client.post("/api/encounters/raid/odds", json=sent, headers=GM)
    assert gm.status_code == 200, gm.text
    # The same action without it is the player's to declare.
    plain = client.post(ACT, json={"line": "Mara shoots Viktor"}, headers=mara)
    assert plain.status_code == 200, plain.text
    verbs = client.get("/api/encounters/raid/verbs", headers=mara).json()["verbs"]
    marked = {(v["verb"], o["flag"]) for v in verbs for o in v["options"] if o.get("gm")}
    assert {("shoots", "mod"), ("throws", "difficulty"), ("stakes", "untroubled")} <= marked
    assert not any(flag in {"ap", "called", "prepared"} for _, flag in marked)


def test_dec_956_each_ruleset_marks_its_gm_s_words_alike_in_every_verb() -> None:
    """The web check reads a spelling as the GM's in every verb of the ruleset: none may be the
    GM's in one verb and a player's in another."""
    from firefight.rulesets import find_ruleset
    from firefight.web.views import gm_word, gm_words

    for name in ("rmu", "cpr", "gurps", "cards"):
        ruleset = find_ruleset(name)
        words = gm_words(ruleset)
        assert "mod" in words, name
        for verb in ruleset.action_verbs():
            for spelled in verb.options:
                option = verb.param_of(spelled)
                assert (option is not None and option.param.gm) == (spelled in words), spelled
    cpr = find_ruleset("cpr")
    assert gm_word(cpr, "V throws grenade at 3,4 --lands 9,9") == "lands"
    assert gm_word(cpr, "V throws grenade at 3,4") is None


def test_dec_957_a_seed_is_one_a_browser_keeps_exactly(client: TestClient, db: Path) -> None:
    """DEC-957: a seed up to 2^63 - 1 was taken, but a page (JavaScript reads every JSON number
    as a double) sends 2^53 + 1 as 2^53 and reads a seed past 2^53 back as another: the
    GM's typed seed was not the one rolled, nor the one the log showed. The largest seed is
    now 2^53 - 1, reported back as itself."""
    from firefight.web.bodies import MAX_SEED

    assert MAX_SEED == 2**53 - 1 == 9_007_199_254_740_991
    _refused_unchanged(
        client, db, 422, "invalid", f"less than or equal to {MAX_SEED}",
        json={"line": "Mara waits", "dice": {"seed": MAX_SEED + 2}}, headers=GM,
    )  # fmt: skip
    reply = client.post(ACT, json={"line": "Mara waits", "dice": {"seed": MAX_SEED}}, headers=GM)
    assert reply.status_code == 200, reply.text
    assert reply.json()["dice"]["seed"] == MAX_SEED
