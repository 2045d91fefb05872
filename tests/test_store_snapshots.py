"""Snapshots in the store, on SQLite and PostgreSQL: written with an append, found newest first
at or below the head, damaged or stale ones passed over, pruned, never exported; and the
migration that adds them upgrades an older database without touching its logs."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from firefight.store import Snapshot, SnapshotStore, SqlStore, StoreError, open_store
from firefight.store.migrate import alembic_config
from firefight.store.sql import SNAPSHOTS_KEPT
from test_store import migrated_tables

STAMP = "f" * 64


def action(n: int) -> dict[str, Any]:
    return {"kind": "action", "n": n}


def snap(seq: int, state: str = '{"round":1}', stamp: str = STAMP, version: int = 1) -> Snapshot:
    return Snapshot(seq=seq, version=version, fingerprint=stamp, state=state)


def newest(store: SqlStore, before: int | None = None, stamp: str = STAMP) -> int | None:
    found = store.snapshot("ambush", version=1, fingerprint=stamp, before=before)
    return None if found is None else found.seq


def test_sql_store_keeps_snapshots(store: SqlStore) -> None:
    assert isinstance(store, SnapshotStore)


def test_a_snapshot_is_written_with_its_append_and_read_back_as_given(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    state = '{"b":[1,2.5],"a":"é"}'  # opaque text: kept byte for byte, not re-encoded
    assert store.append("ambush", 0, [action(1), action(2)], snap(2, state)).head == 2
    found = store.snapshot("ambush", version=1, fingerprint=STAMP)
    assert found is not None
    assert (found.seq, found.version, found.fingerprint, found.state) == (2, 1, STAMP, state)
    assert found.created_at == store.records("ambush")[1].recorded_at


def test_the_newest_snapshot_below_a_record_is_found(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1), action(2)], snap(2))
    store.append("ambush", 2, [action(3)])
    store.append("ambush", 3, [action(4)], snap(4))
    store.append("ambush", 4, [action(5)])
    assert newest(store) == 4
    assert newest(store, before=5) == 4
    assert newest(store, before=4) == 2
    assert newest(store, before=2) is None
    # Asked for another fingerprint or version: nothing, however many there are.
    assert newest(store, stamp="e" * 64) is None
    assert store.snapshot("ambush", version=2, fingerprint=STAMP) is None


def test_a_snapshot_of_another_record_than_the_new_head_is_refused_whole(
    store: SqlStore,
) -> None:
    store.create("ambush", "rmu", {})
    with pytest.raises(StoreError, match="must be of the new head"):
        store.append("ambush", 0, [action(1), action(2)], snap(1))
    with pytest.raises(StoreError, match="fingerprint"):
        store.append("ambush", 0, [action(1)], snap(1, stamp=""))
    assert store.head("ambush") == 0 and newest(store) is None


def test_a_snapshot_damaged_since_it_was_written_is_passed_over(
    store: SqlStore, store_url: str
) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)], snap(1, '{"round":1}'))
    store.append("ambush", 1, [action(2)], snap(2, '{"round":2}'))
    engine = create_engine(store_url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text("UPDATE snapshots SET state = :state WHERE seq = 2"), {"state": '{"round":9}'}
            )
    finally:
        engine.dispose()
    found = store.snapshot("ambush", version=1, fingerprint=STAMP)
    assert found is not None and (found.seq, found.state) == (1, '{"round":1}')


def test_writing_a_snapshot_drops_stale_ones_and_keeps_the_newest_few(
    store: SqlStore, store_url: str
) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)], snap(1, stamp="e" * 64))
    for seq in range(2, 8):
        store.append("ambush", seq - 1, [action(seq)], snap(seq))
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            kept = connection.execute(text("SELECT seq FROM snapshots ORDER BY seq")).scalars()
            assert list(kept) == list(range(8 - SNAPSHOTS_KEPT, 8))
    finally:
        engine.dispose()


def test_deleting_snapshots_or_the_encounter_leaves_no_snapshot_behind(
    store: SqlStore, store_url: str
) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)], snap(1))
    store.append("ambush", 1, [action(2)], snap(2))
    assert store.delete_snapshots("ambush") == 2
    assert newest(store) is None and store.head("ambush") == 2  # the log is untouched
    store.append("ambush", 2, [action(3)], snap(3))
    store.delete("ambush")
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1), action(2), action(3)])
    assert newest(store) is None  # a new encounter of the same name starts with none
    engine = create_engine(store_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM snapshots")).scalar() == 0
    finally:
        engine.dispose()


def test_export_and_import_carry_the_records_only(store: SqlStore) -> None:
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1), action(2)], snap(2))
    exported = store.export("ambush")
    assert set(exported) == {"format", "version", "name", "ruleset", "created_at", "scenario"} | {
        "records"
    }
    assert "snapshot" not in json.dumps(exported)
    store.import_(exported, name="copy")
    assert store.snapshot("copy", version=1, fingerprint=STAMP) is None
    assert store.records("copy") == store.records("ambush")


def test_a_snapshot_cannot_be_of_a_record_that_does_not_exist(store: SqlStore) -> None:
    """The schema ties each snapshot to the record it was folded up to."""
    store.create("ambush", "rmu", {})
    store.append("ambush", 0, [action(1)])
    # Through the store's own engine, which turns SQLite's foreign keys on.
    with pytest.raises(IntegrityError), store._engine.begin() as connection:
        connection.execute(
            text("INSERT INTO snapshots VALUES (1, 5, 1, :stamp, :state, :digest, 'now')"),
            {"stamp": STAMP, "state": "{}", "digest": hashlib.sha256(b"{}").hexdigest()},
        )


def test_an_older_database_upgrades_keeping_its_logs(store_url: str) -> None:
    """A database written before snapshots existed (revision 0001) is brought to the head on
    open: its encounters and records are untouched and the new table matches the models."""
    engine = create_engine(store_url)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), "0001")
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO encounters (name, ruleset, scenario, created_at) "
                    "VALUES ('ambush', 'rmu', '{}', '2025-11-29T00:00:00.000000+00:00')"
                )
            )
            connection.execute(
                text("INSERT INTO records VALUES (1, 1, :payload, :at)"),
                {"payload": json.dumps(action(1)), "at": "2025-11-29T00:00:01.000000+00:00"},
            )
            assert not inspect(connection).has_table("snapshots")
    finally:
        engine.dispose()

    with open_store(store_url) as store:
        assert [r.payload for r in store.records("ambush")] == [action(1)]
        store.append("ambush", 1, [action(2)], snap(2))
        assert newest(store) == 2

    assert "snapshots" in migrated_tables(store_url)
