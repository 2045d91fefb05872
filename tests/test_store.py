"""The store's contract on SQLite and PostgreSQL: logs, conflicts, export and migrations."""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from firefight.errors import UnknownNameError
from firefight.store import (
    ConflictError,
    EncounterExists,
    EncounterInfo,
    EncounterNotFound,
    EncounterStore,
    SqlStore,
    StoreError,
    open_store,
    resolve_url,
)
from firefight.store.migrate import HEAD, alembic_config
from firefight.store.schema import metadata

SCENARIO: dict[str, Any] = {
    "map": {"width_ft": 120, "height_ft": 80},
    "combatants": [{"name": "Vasquez", "weapon": "glock-17"}, {"name": "Drake", "ob": 65}],
}


def head_revision() -> str:
    """The newest migration's revision, as Alembic finds it in the shipped scripts."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the shipped migrations have no head"
    return head


def action(n: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "action", "n": n, **extra}


def test_sql_store_satisfies_the_protocol(store: SqlStore) -> None:
    typed: EncounterStore = store  # mypy checks the structure; this checks it at run time too
    typed.create("ambush", "rmu", {})
    assert typed.head("ambush") == 0


def test_create_append_and_read_back(store: SqlStore) -> None:
    store.create("ambush", "rmu", SCENARIO)
    assert store.head("ambush") == 0
    assert store.records("ambush") == []
    assert store.append("ambush", 0, [action(1), action(2)]).head == 2
    assert store.append("ambush", 2, [action(3)]).head == 3

    logged = store.records("ambush")
    assert [r.seq for r in logged] == [1, 2, 3]
    assert [r.payload for r in logged] == [action(1), action(2), action(3)]
    assert [r.seq for r in store.records("ambush", after=2)] == [3]
    assert store.records("ambush", after=3) == []
    assert store.head("ambush") == 3
    assert store.scenario("ambush") == SCENARIO
    # One append is one moment: a batch shares its time, in UTC.
    assert logged[0].recorded_at == logged[1].recorded_at
    assert datetime.fromisoformat(logged[2].recorded_at).utcoffset() is not None
    assert logged[2].recorded_at >= logged[1].recorded_at


def test_dec_704_a_write_says_the_time_its_records_carry(store: SqlStore) -> None:
    """What ``create`` and ``append`` wrote comes back with the head and the time stamped on
    its records, the very text ``records`` reads back (DEC-704)."""
    made = store.create("ambush", "rmu", SCENARIO, [action(1)])
    first = store.append("ambush", 1, [action(2), action(3)])
    empty = store.append("ambush", 3, [])
    logged = store.records("ambush")
    assert (made.head, made.recorded_at) == (1, logged[0].recorded_at)
    assert (first.head, first.recorded_at) == (3, logged[1].recorded_at)
    assert logged[2].recorded_at == first.recorded_at
    assert empty.head == 3 and datetime.fromisoformat(empty.recorded_at).utcoffset() is not None


def test_empty_append_still_checks_the_head(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)])
    assert store.append("ambush", 1, []).head == 1
    with pytest.raises(ConflictError):
        store.append("ambush", 0, [])


def test_list_shows_each_encounter_with_its_head(store: SqlStore) -> None:
    assert store.list() == []
    store.create("bridge", "cpr", {})
    store.create("ambush", "rmu", SCENARIO)
    store.append("ambush", 0, [action(1), action(2)])
    listed = store.list()
    assert [(e.name, e.ruleset, e.head_seq) for e in listed] == [
        ("ambush", "rmu", 2),
        ("bridge", "cpr", 0),
    ]
    assert all(isinstance(e, EncounterInfo) and e.created_at for e in listed)


def test_delete_removes_the_encounter_and_its_whole_log(store: SqlStore) -> None:
    store.create("ambush", "rmu", SCENARIO)
    store.create("bridge", "rmu", {})
    store.append("ambush", 0, [action(1), action(2)])
    store.append("bridge", 0, [action(1)])
    store.delete("ambush")
    with pytest.raises(EncounterNotFound):
        store.head("ambush")
    assert [e.name for e in store.list()] == ["bridge"]
    assert store.head("bridge") == 1
    # A new encounter of the same name starts empty: the old log is gone, not resurrected.
    store.create("ambush", "rmu", {})
    assert store.records("ambush") == []


def test_creating_an_existing_name_is_refused_and_changes_nothing(store: SqlStore) -> None:
    store.create("ambush", "rmu", SCENARIO)
    store.append("ambush", 0, [action(1)])
    with pytest.raises(EncounterExists, match="'ambush' already exists"):
        store.create("ambush", "cpr", {"other": True})
    assert store.scenario("ambush") == SCENARIO
    assert store.head("ambush") == 1


def test_an_encounter_is_created_with_its_first_records_in_one_write(store: SqlStore) -> None:
    """DEC-752: the opening round goes in with the encounter, so no crash leaves an encounter
    with no record; a payload that would not read back refuses the whole creation."""
    store.create("ambush", "rmu", SCENARIO, [action(1)])
    assert [r.payload for r in store.records("ambush")] == [action(1)]
    with pytest.raises(StoreError, match="payload 2 is not plain JSON"):
        store.create("bridge", "rmu", SCENARIO, [action(1), {"hits": (1, 2)}])
    assert [info.name for info in store.list()] == ["ambush"]


def test_stale_expected_head_is_a_conflict_and_writes_nothing(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1), action(2)])
    with pytest.raises(ConflictError) as behind:
        store.append("ambush", 1, [action(99), action(100)])
    assert (behind.value.name, behind.value.expected_head, behind.value.actual_head) == (
        "ambush",
        1,
        2,
    )
    message = str(behind.value)
    assert "'ambush'" in message and "record 1" in message and "record 2" in message
    # Ahead of the log is refused as well: appending there would leave a gap.
    with pytest.raises(ConflictError) as ahead:
        store.append("ambush", 5, [action(99)])
    assert ahead.value.actual_head == 2
    assert [r.payload for r in store.records("ambush")] == [action(1), action(2)]


def test_unknown_encounter_is_refused_with_close_names(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    calls: dict[str, Callable[[], object]] = {
        "scenario": lambda: store.scenario("ambsh"),
        "append": lambda: store.append("ambsh", 0, [action(1)]),
        "records": lambda: store.records("ambsh"),
        "head": lambda: store.head("ambsh"),
        "delete": lambda: store.delete("ambsh"),
        "export": lambda: store.export("ambsh"),
    }
    for method, call in calls.items():
        with pytest.raises(EncounterNotFound) as missing:
            call()
        assert str(missing.value) == "no encounter named 'ambsh'; did you mean 'ambush'?", method
        assert missing.value.suggestions == ("ambush",)
    assert isinstance(missing.value, UnknownNameError) and missing.value.kind == "encounter"


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"hits": (1, 2)}, "not plain JSON"),
        ({1: "one"}, "not plain JSON"),
        ({"roll": math.nan}, "not JSON"),
        ({"faces": {1, 2}}, "not JSON"),
        (["not", "an", "object"], "must be a JSON object"),
    ],
)
def test_a_payload_that_would_not_read_back_equal_is_refused(
    store: SqlStore, payload: Any, problem: str
) -> None:
    store.create("ambush", "rmu", {})
    with pytest.raises(StoreError, match=problem) as refused:
        # The good first payload is not written either: the batch is all or nothing.
        store.append("ambush", 0, [action(1), payload])
    assert "'ambush'" in str(refused.value) and "payload 2" in str(refused.value)
    assert store.head("ambush") == 0


def test_payloads_read_back_exactly(store: SqlStore) -> None:
    tricky = {
        "label": 'Überraschung — ☠ "quoted" \\ back\nslash',
        "float": 0.1 + 0.2,
        "tiny": 5e-324,
        "big": 2**62,
        "negative": -17,
        "flags": [True, False, None],
        "nested": {"z": [], "a": {}, "m": [{"k": 1.5}]},
    }
    store.create("ambush", "rmu", tricky)
    store.append("ambush", 0, [tricky])
    assert store.records("ambush")[0].payload == tricky
    assert store.scenario("ambush") == tricky


def test_blank_or_overlong_names_are_refused(store: SqlStore) -> None:
    with pytest.raises(StoreError, match="name must not be empty"):
        store.create("  ", "rmu", {})
    with pytest.raises(StoreError, match="at most 200"):
        store.create("x" * 201, "rmu", {})
    with pytest.raises(StoreError, match="ruleset must be"):
        store.create("ambush", "", {})
    assert store.list() == []


def canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def test_export_then_import_round_trips_byte_for_byte(store: SqlStore, tmp_path: Path) -> None:
    store.create("ambush", "rmu", SCENARIO)
    store.append("ambush", 0, [action(1, trace=["OB 65", "+10 aim"]), action(2)])
    store.append("ambush", 2, [{"kind": "undo", "of": 2}])
    exported = store.export("ambush")
    assert exported["format"] == "firefight.encounter" and exported["version"] == 1
    assert [r["seq"] for r in exported["records"]] == [1, 2, 3]

    # Through text and back, under another name in the same store...
    info = store.import_(json.loads(json.dumps(exported)), name="ambush-copy")
    assert (info.name, info.head_seq, info.created_at) == ("ambush-copy", 3, exported["created_at"])
    copy = store.export("ambush-copy")
    assert canonical({**copy, "name": "ambush"}) == canonical(exported)
    assert store.records("ambush-copy") == store.records("ambush")

    # ...and into an SQLite store elsewhere under its own name: the same bytes come out.
    with open_store(f"sqlite:///{tmp_path / 'elsewhere.db'}") as other:
        other.import_(exported)
        assert canonical(other.export("ambush")) == canonical(exported)


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        pytest.param(lambda d: d.update(format="something-else"), "format", id="format"),
        pytest.param(lambda d: d.update(extra=1), "extra", id="unknown-key"),
        pytest.param(lambda d: d.pop("scenario"), "scenario", id="no-scenario"),
        pytest.param(lambda d: d["records"][1].update(seq=5), "record 2 has 5", id="gap"),
        pytest.param(
            lambda d: d["records"][0].update(payload=[1]), "records.0.payload", id="payload"
        ),
        # DEC-753: times the store did not write, which the other database would not keep.
        pytest.param(
            lambda d: d.update(created_at=d["created_at"] + " (the night of the raid)"),
            "created_at: .* at most 40 characters",
            id="long-created-at",
        ),
        pytest.param(
            lambda d: d["records"][1].update(recorded_at="x" * 41),
            "records.1.recorded_at: .* at most 40 characters",
            id="long-recorded-at",
        ),
        pytest.param(
            lambda d: d["records"][0].update(recorded_at="yester\x00day"),
            "records.0.recorded_at: .* is not a time",
            id="not-a-time",
        ),
    ],
)
def test_import_refuses_a_damaged_document_and_creates_nothing(
    store: SqlStore, damage: Any, problem: str
) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1), action(2)])
    document = store.export("ambush")
    damage(document)
    with pytest.raises(StoreError, match=problem):
        store.import_(document, name="copy")
    assert [e.name for e in store.list()] == ["ambush"]


def test_import_over_an_existing_name_is_refused(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)])
    document = store.export("ambush")
    with pytest.raises(EncounterExists):
        store.import_(document)
    assert store.head("ambush") == 1


def migrated_tables(url: str) -> list[str]:
    """The tables of the database at ``url``, once checked to be at the head revision and to
    hold what schema.py declares, no difference at all."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            version = connection.execute(text("SELECT version_num FROM alembic_version")).all()
            assert version == [(head_revision(),)]
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
            return inspect(connection).get_table_names()
    finally:
        engine.dispose()


def test_opening_a_fresh_database_migrates_it_to_the_models(store_url: str) -> None:
    store = open_store(store_url)
    store.create("ambush", "rmu", {})
    store.close()
    assert {"encounters", "records"} <= set(migrated_tables(store_url))
    # Opening again is a no-op that keeps the data.
    with open_store(store_url) as again:
        assert [e.name for e in again.list()] == ["ambush"]


def test_the_known_head_is_the_newest_shipped_migration() -> None:
    """open_store skips loading Alembic when a database is at HEAD: HEAD must be the newest."""
    assert head_revision() == HEAD


def test_a_database_from_a_newer_firefight_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    open_store(url).close()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StoreError, match=r"revision '9999'.*newer firefight"):
        open_store(url)


def test_default_store_is_an_sqlite_file_in_the_user_data_folder(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = home / "not-yet-made"
    monkeypatch.setenv("FIREFIGHT_HOME", str(folder))
    monkeypatch.delenv("FIREFIGHT_DATABASE_URL", raising=False)
    with open_store() as store:
        store.create("ambush", "rmu", {})
        assert store.backend == "sqlite"
        assert store.url == f"sqlite:///{folder / 'firefight.db'}"
    assert (folder / "firefight.db").is_file()


def test_database_url_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIREFIGHT_DATABASE_URL", f"sqlite:///{tmp_path / 'chosen.db'}")
    with open_store() as store:
        store.create("ambush", "rmu", {})
    with open_store(f"sqlite:///{tmp_path / 'chosen.db'}") as same:
        assert same.head("ambush") == 0
    assert resolve_url("postgresql://gm:pw@host/db") == "postgresql+psycopg://gm:pw@host/db"
    assert resolve_url("postgresql+psycopg://host/db") == "postgresql+psycopg://host/db"


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    with open_store(f"sqlite:///{path}") as store:
        store.create("ambush", "rmu", {})
        store.append("ambush", 0, [action(1)])
        with store._engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        # A record whose encounter does not exist is refused by the schema itself.
        raw.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute("INSERT INTO records VALUES (999, 1, '{}', 'now')")
    finally:
        raw.close()


def test_the_primary_key_refuses_a_second_record_with_the_same_number(store_url: str) -> None:
    """What makes a lost race impossible to write, whatever the code above it does."""
    with open_store(store_url) as store:
        store.create("ambush", "rmu", {})
        store.append("ambush", 0, [action(1)])
    engine = create_engine(store_url)
    try:
        with pytest.raises(IntegrityError), engine.begin() as connection:
            connection.execute(
                text("INSERT INTO records VALUES (1, 1, '{}', 'now')"),
            )
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("not a url", "not a database URL"),
        ("mysql://gm@localhost/firefight", "unsupported database 'mysql'"),
        ("sqlite:////no/such/folder/x.db", "cannot open the store"),
        ("postgresql://gm:secret@127.0.0.1:1/firefight", "cannot open the store"),
    ],
)
def test_an_unusable_url_is_a_store_error_that_hides_the_password(url: str, problem: str) -> None:
    with pytest.raises(StoreError, match=problem) as refused:
        open_store(url)
    assert "secret" not in str(refused.value)
