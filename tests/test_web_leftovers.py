"""The web table's hostile probe's leftovers (DEC-981..DEC-986): table settings a stale page
sent whole, encounter names told apart by case alone, a variation selector after a letter, an
action sent again, and a large body read on the event loop."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firefight.store import open_store
from firefight.store.table_settings import Tables, TableSettings
from firefight.web.app import Server, create_app
from firefight.web.live import Hub
from firefight.web.reader import ReadingService
from firefight.web.tokens import Keyring
from hostile_support import store_bytes

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEYS = Keyring(bytes(range(32)))
GM = {"Authorization": f"Bearer {KEYS.gm_token()}"}
RAID = "/api/encounters/raid"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """A server over ``db`` holding "raid" (the warehouse), round 1 opened."""
    store = open_store(f"sqlite:///{db}")
    server = Server(
        service=ReadingService(store), keys=KEYS, tables=Tables(store), hub=Hub(), examples=EXAMPLES
    )
    with TestClient(create_app(server), raise_server_exceptions=False) as c:
        body = {"name": "raid", "example": "warehouse", "dice": {"seed": 3}}
        assert c.post("/api/encounters", json=body, headers=GM).status_code == 201
        yield c
    store.close()


def _table(client: TestClient, **body: Any) -> Any:
    return client.put(f"{RAID}/table", json=body, headers=GM)


# --- DEC-982: table settings a page read before another change ----------------------------------


def test_dec_982_settings_sent_from_an_older_revision_are_refused(
    client: TestClient, db: Path
) -> None:
    """Two tabs read revision 0; one hides Lev. The other, hiding Viktor from its old list,
    would have shown Lev again: it is refused 409 naming both revisions, nothing written."""
    assert client.get(f"{RAID}/table", headers=GM).json()["revision"] == 0
    first = _table(client, hidden=["Lev"], revision=0)
    assert first.status_code == 200, first.text
    assert first.json() == {
        "hidden": ["Lev"], "opened": [], "players_act": False, "players_roll": False,
        "revision": 1,
    }  # fmt: skip
    before = store_bytes(db)
    stale = _table(client, hidden=["Viktor"], revision=0)
    assert stale.status_code == 409, stale.text
    assert stale.json() == {
        "error": "table-changed",
        "message": "encounter 'raid': its table settings were changed since this page read "
        "them (revision 0, now 1), by another tab or a GM command; nothing was changed: they "
        "are shown as they are now, set them again",
        "revision": 1,
    }
    assert store_bytes(db) == before
    # Sent from the revision it read, the change is taken.
    again = _table(client, hidden=["Lev", "Viktor"], revision=1)
    assert again.json()["hidden"] == ["Lev", "Viktor"] and again.json()["revision"] == 2


def test_dec_982_a_newcomer_hidden_by_a_gm_command_is_not_shown_again_by_a_stale_page(
    client: TestClient,
) -> None:
    """`add Kat like Lev` (Lev hidden) hid Kat (DEC-930) by a change of the settings: a page
    that read them before the command is refused, not let show Kat; the hiding kept what
    stood (Lev) rather than writing its own copy over it."""
    assert _table(client, hidden=["Lev"], revision=0).status_code == 200
    added = client.post(f"{RAID}/act", json={"line": "add Kat like Lev"}, headers=GM)
    assert added.status_code == 200, added.text
    table = client.get(f"{RAID}/table", headers=GM).json()
    assert table["hidden"] == ["Kat", "Lev"] and table["revision"] == 2
    stale = _table(client, hidden=["Lev"], revision=1)
    assert stale.status_code == 409 and "(revision 1, now 2)" in stale.json()["message"]
    assert client.get(f"{RAID}/table", headers=GM).json()["hidden"] == ["Kat", "Lev"]


def test_dec_982_a_change_is_made_to_the_settings_as_they_stand(db: Path) -> None:
    """Tables.change reads and writes in one transaction: of two writers changing one name
    each, neither loses the other's, and each change is one revision."""
    with open_store(f"sqlite:///{db}") as store:
        from encounter_support import WAREHOUSE
        from firefight.dice import Dice
        from firefight.encounter.scenario import load_scenario
        from firefight.service import EncounterService

        EncounterService(store).new("raid", load_scenario(WAREHOUSE), Dice.seeded(3))
        tables = Tables(store)

        def hide(who: str) -> None:
            tables.change("raid", lambda now: TableSettings(hidden=now.hidden | {who}))

        writers = [threading.Thread(target=hide, args=(who,)) for who in ("Lev", "Viktor")]
        for w in writers:
            w.start()
        for w in writers:
            w.join()
        assert tables.get("raid") == TableSettings(hidden=frozenset({"Lev", "Viktor"}), revision=2)


def test_dec_982_settings_stored_before_revisions_read_as_revision_0(db: Path) -> None:
    """Settings a store kept before revisions (no ``revision`` key) read as revision 0, and a
    revision that is no whole number is damaged settings (DEC-888)."""
    from firefight.store.table_settings import settings_from_json

    old = {"hidden": ["Lev"], "opened": [], "players_act": True}
    assert settings_from_json(old).revision == 0
    with pytest.raises(ValueError, match="revision is -1, not a whole number from 0"):
        settings_from_json({**old, "revision": -1})


# --- DEC-985: a large body read off the event loop, once ------------------------------------------


def test_dec_985_a_large_body_is_read_once_in_a_worker_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A body of 2 MiB of small objects took some 0.15 s to read, twice (the key check's
    reading and FastAPI's), on the event loop. A body past ON_LOOP_BYTES is now read once, in a
    worker thread; a small one on the loop, also once. Either is refused as before."""
    import starlette.requests

    from firefight.files import json_once_each
    from firefight.web import once_each

    threads: list[str] = []
    read_here = json_once_each

    def reading(text: str) -> Any:
        threads.append(threading.current_thread().name)
        return read_here(text)

    class Counted:
        """Starlette's own reading of a body, counted."""

        calls = 0

        @classmethod
        def loads(cls, *args: Any, **kwargs: Any) -> Any:
            cls.calls += 1
            return __import__("json").loads(*args, **kwargs)

    monkeypatch.setattr(once_each, "json_once_each", reading)
    monkeypatch.setattr(starlette.requests, "json", Counted)
    padding = [{"k": 1}] * ((once_each.ON_LOOP_BYTES // 8) + 10)
    large = client.post(f"{RAID}/act", json={"line": "Mara waits", "padding": padding}, headers=GM)
    assert large.status_code == 422 and "padding" in large.text, large.text
    small = client.post(f"{RAID}/act", json={"line": "Mara waits", "extra": 1}, headers=GM)
    assert small.status_code == 422 and "extra" in small.text, small.text
    assert Counted.calls == 0
    on_loop = threads[1]
    assert len(threads) == 2 and threads[0] != on_loop


# --- DEC-981: a variation selector after a letter -------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (f"{RAID}/act", {"line": "add Mara\ufe0f like Viktor"}, "body.line"),
        (
            f"{RAID}/act",
            {"compose": {"actor": "Ma\ufe00ra", "verb": "waits"}},
            "body.compose.actor",
        ),
        ("/api/encounters", {"name": "raid\ufe0f", "example": "warehouse"}, "body.name"),
    ],
)
def test_dec_981_a_variation_selector_after_a_letter_is_a_control_character(
    client: TestClient, db: Path, path: str, body: dict[str, Any], field: str
) -> None:
    """DEC-955 kept the variation selectors for emoji, but one after a letter is drawn as
    nothing: `add Mara\\ufe0f like Viktor` added a second "Mara" and "raid\\ufe0f" a second
    "raid". After a letter (or a space, or first) it is now a control character, refused and
    shown escaped; after an emoji or a keycap's digit it is kept."""
    before = store_bytes(db)
    reply = client.post(path, json=body, headers=GM)
    assert reply.status_code == 422, reply.text
    selector = next(ch for ch in str(body) if "\ufe00" <= ch <= "\ufe0f")
    said = reply.json()["fields"][0]
    assert said == {
        "path": field,
        "message": f"holds a control character ('\\u{ord(selector):04x}'); type it on one "
        "line, plainly",
    }
    assert store_bytes(db) == before


def test_dec_981_names_and_text_outside_the_web() -> None:
    from firefight.limits import LimitError, clean_name
    from firefight.store.base import StoreError, encounter_name
    from firefight.text import printable

    for name in ("Mara\ufe0f", "\ufe0fMara", "Red \u2764\ufe0f\ufe0f"):
        with pytest.raises(LimitError, match="no control characters"):
            clean_name(name)
    with pytest.raises(StoreError, match="must not hold control characters"):
        encounter_name("ra\ufe0eid")
    assert printable("Ma\ufe0fra \u2764\ufe0f") == "Ma\\ufe0fra \u2764\ufe0f"
    # An emoji's, a keycap's and a mark's selectors, as a phone types them, are kept.
    for kept in ("Red \u2764\ufe0f", "Team 1\ufe0f\u20e3", "\u00a9\ufe0f Ann"):
        assert clean_name(kept) == kept


# --- DEC-983: an encounter's name whatever its case -----------------------------------------------


def test_dec_983_a_name_in_another_case_is_the_same_encounter(client: TestClient, db: Path) -> None:
    """The web API created "RAID" beside "raid": two encounters the command line, finding
    names in any case, could not tell apart. It is refused as taken, naming the one stored;
    an address in another case is 404 offering it (the address names the live events and the
    players' links); the command line finds it."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    before = store_bytes(db)
    made = client.post("/api/encounters", json={"name": "RAID", "example": "warehouse"}, headers=GM)
    assert made.status_code == 409, made.text
    assert made.json()["message"].startswith("an encounter named 'raid' already exists")
    assert store_bytes(db) == before
    other = client.get("/api/encounters/Raid", headers=GM)
    assert other.status_code == 404
    assert other.json()["message"] == "no encounter named 'Raid'; did you mean 'raid'?"
    shown = CliRunner().invoke(app, ["encounter", "show", "RAID", "--store", f"sqlite:///{db}"])
    assert shown.exit_code == 0, shown.stderr
    assert "Mara" in shown.stdout


def test_dec_986_the_newcomer_and_their_hiding_are_one_write(client: TestClient, db: Path) -> None:
    """`add Kat like Lev` (Lev hidden) was written, and Kat hidden in a second transaction: a
    page reading between them saw Kat. Both are now one transaction, all or nothing: settings
    that cannot be read (DEC-888) refuse the command, and the log is as it was."""
    assert _table(client, hidden=["Lev"], revision=0).status_code == 200
    with open_store(f"sqlite:///{db}") as store, store._engine.begin() as connection:
        connection.exec_driver_sql("UPDATE table_settings SET settings = '{\"hidden\": 7}'")
    before = store_bytes(db)
    added = client.post(f"{RAID}/act", json={"line": "add Kat like Lev"}, headers=GM)
    assert added.status_code == 422, added.text
    assert "its table settings (who the players see" in added.json()["message"]
    assert store_bytes(db) == before
    # Any other GM command reads no settings and is done.
    moved = client.post(f"{RAID}/act", json={"line": "set Lev prone"}, headers=GM)
    assert moved.status_code == 200, moved.text
