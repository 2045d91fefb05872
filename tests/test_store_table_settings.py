"""The GM's table settings in the store (DEC-924), on SQLite and PostgreSQL: kept per
encounter beside the log and outside it, replaced whole, gone with their encounter, never
exported; and the migration that adds them upgrades an older database keeping its logs."""

from __future__ import annotations

import json
import threading

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from firefight.store import (
    EncounterNotFound,
    SqlStore,
    StoreError,
    TableSettingsStore,
    open_store,
)
from firefight.store.migrate import alembic_config
from test_store import migrated_tables

HIDE_LEV = {"hidden": ["Lev"], "opened": [], "players_act": True, "players_roll": False}


def test_sql_store_keeps_table_settings(store: SqlStore) -> None:
    assert isinstance(store, TableSettingsStore)


def test_settings_are_kept_per_encounter_and_replaced_whole(store: SqlStore) -> None:
    store.create("raid", "rmu", {})
    store.create("dock", "rmu", {})
    assert store.table_settings("raid") is None
    store.put_table_settings("raid", HIDE_LEV)
    assert store.table_settings("raid") == HIDE_LEV
    assert store.table_settings("dock") is None
    store.put_table_settings("raid", {"hidden": []})
    assert store.table_settings("raid") == {"hidden": []}


def test_settings_outlive_the_store_being_closed_and_opened(store_url: str) -> None:
    with open_store(store_url) as first:
        first.create("raid", "rmu", {})
        first.put_table_settings("raid", HIDE_LEV)
    with open_store(store_url) as second:
        assert second.table_settings("raid") == HIDE_LEV


def test_settings_are_no_part_of_the_log_nor_of_an_export(store: SqlStore) -> None:
    store.create("raid", "rmu", {}, [{"kind": "round", "round": 1}])
    store.put_table_settings("raid", HIDE_LEV)
    assert store.head("raid") == 1
    exported = store.export("raid")
    assert "Lev" not in json.dumps(exported)
    store.import_(exported, "raid again")
    assert store.table_settings("raid again") is None


def test_deleting_an_encounter_drops_its_settings(store: SqlStore) -> None:
    store.create("raid", "rmu", {})
    store.put_table_settings("raid", HIDE_LEV)
    store.delete("raid")
    store.create("raid", "rmu", {})
    assert store.table_settings("raid") is None
    with store._engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM table_settings")).scalar() == 0


def test_an_unknown_encounter_or_unstorable_settings_are_refused(store: SqlStore) -> None:
    store.create("raid", "rmu", {})
    with pytest.raises(EncounterNotFound):
        store.put_table_settings("rade", HIDE_LEV)
    with pytest.raises(EncounterNotFound):
        store.table_settings("rade")
    with pytest.raises(StoreError, match="table settings"):
        store.put_table_settings("raid", {"hidden": float("nan")})
    assert store.table_settings("raid") is None


def test_racing_writers_leave_one_whole_setting(store_url: str) -> None:
    """Servers putting at once (two stores, as two processes): none fails, and what is kept
    is one of them whole, never a mix."""
    with open_store(store_url) as setup:
        setup.create("raid", "rmu", {})
    stores = [open_store(store_url) for _ in range(4)]
    start = threading.Barrier(len(stores))
    failures: list[BaseException] = []

    def put(store: SqlStore, n: int) -> None:
        start.wait()
        try:
            for round_ in range(10):
                store.put_table_settings("raid", {"hidden": [f"p{n}"], "round": round_})
        except BaseException as exc:  # reported below
            failures.append(exc)

    threads = [threading.Thread(target=put, args=(s, n)) for n, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failures == []
        kept = stores[0].table_settings("raid")
        assert kept is not None and kept["round"] == 9
        assert kept["hidden"] in [[f"p{n}"] for n in range(len(stores))]
    finally:
        for store in stores:
            store.close()


def test_a_database_from_before_table_settings_upgrades_keeping_its_logs(
    store_url: str,
) -> None:
    """A database at revision 0002 (snapshots, no table settings) is brought to the head on
    open: its encounters and records are untouched, its tables have the default settings,
    and the new table matches the models."""
    engine = create_engine(store_url)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), "0002")
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO encounters (name, ruleset, scenario, created_at) "
                    "VALUES ('raid', 'rmu', '{}', '2025-12-01T00:00:00.000000+00:00')"
                )
            )
            connection.execute(
                text("INSERT INTO records VALUES (1, 1, :payload, :at)"),
                {"payload": '{"kind":"round"}', "at": "2025-12-01T00:00:01.000000+00:00"},
            )
            assert not inspect(connection).has_table("table_settings")
    finally:
        engine.dispose()

    with open_store(store_url) as store:
        assert [r.payload for r in store.records("raid")] == [{"kind": "round"}]
        assert store.table_settings("raid") is None
        store.put_table_settings("raid", HIDE_LEV)
        assert store.table_settings("raid") == HIDE_LEV

    assert "table_settings" in migrated_tables(store_url)


@pytest.mark.parametrize(
    ("stored", "why"),
    [("{not json", "JSONDecodeError: Expecting property name"), ("[1]", "not a JSON object")],
)
def test_dec_888_damaged_settings_say_whose_and_clear_without_the_fight(
    store: SqlStore, stored: str, why: str
) -> None:
    """DEC-888: a damaged settings row was met with a damaged log's advice (delete the
    encounter, import an export), which loses the settings anyway; it names the encounter's
    table settings and the command that clears them, and clearing them leaves the log be."""
    store.create("raid", "rmu", {}, [{"kind": "round", "round": 1}])
    store.put_table_settings("raid", HIDE_LEV)
    with store._engine.begin() as connection:
        connection.execute(text("UPDATE table_settings SET settings = :s"), {"s": stored})
    with pytest.raises(StoreError) as caught:
        store.table_settings("raid")
    said = str(caught.value)
    assert said.startswith(
        "encounter 'raid': its table settings (who the players see, whether they declare and "
        f"roll) are damaged in the store ({why}"
    )
    assert said.endswith(
        "the fight itself is untouched: `firefight encounter table raid --reset` (with the "
        "server's --store) clears them to the defaults, everyone shown and players watching, "
        "and the GM sets the table again"
    )
    assert "import" not in said
    assert store.clear_table_settings("raid") is True
    assert store.table_settings("raid") is None
    assert store.clear_table_settings("raid") is False
    assert store.head("raid") == 1 and len(store.records("raid")) == 1


def test_dec_982_changes_of_the_settings_by_two_writers_at_once_keep_both(store_url: str) -> None:
    """A change of the settings is read and written in one transaction no other change
    interleaves (on PostgreSQL the encounter's row is locked): eight writers each adding one
    name at once leave all eight, where reading and then putting lost all but the last."""
    from firefight.store.table_settings import Tables

    with open_store(store_url) as store:
        store.create("raid", "rmu", {})
        tables = Tables(store)
        names = [f"n{i}" for i in range(8)]
        start = threading.Barrier(len(names))

        def hide(who: str) -> None:
            start.wait()
            tables.change("raid", lambda now: type(now)(hidden=now.hidden | {who}))

        writers = [threading.Thread(target=hide, args=(n,)) for n in names]
        for w in writers:
            w.start()
        for w in writers:
            w.join()
        settings = tables.get("raid")
        assert settings.hidden == set(names) and settings.revision == len(names)


def test_dec_983_an_encounter_s_name_is_one_whatever_its_case(store_url: str) -> None:
    """ "Raid" and "raid" were two encounters: a second in another case is refused naming the
    first (created or imported). The command line's store finds a name in any case; the web's
    only as stored, offering it. A store holding both from before reads each as stored."""
    from firefight.store import EncounterExists

    with open_store(store_url) as store:
        store.create("Raid", "rmu", {})
        with pytest.raises(EncounterExists, match="an encounter named 'Raid' already exists"):
            store.create("raid", "rmu", {})
        with pytest.raises(EncounterExists, match="named 'Raid'"):
            store.import_(store.export("Raid"), "RAID")
        with pytest.raises(
            EncounterNotFound, match="no encounter named 'raid'; did you mean 'Raid'"
        ):
            store.head("raid")
    with open_store(store_url, any_case=True) as store:
        store.append("raid", 0, [{"kind": "round", "round": 1}])
        assert store.head("RAID") == 1 and store.export("rAiD")["name"] == "Raid"
        store.put_table_settings("raid", HIDE_LEV)
        assert store.table_settings("Raid") == HIDE_LEV
        # Written before DEC-983: both kept, each found as stored, another case names neither.
        with store._engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO encounters (name, ruleset, scenario, created_at) "
                    "SELECT 'raid', ruleset, scenario, created_at FROM encounters"
                )
            )
        assert (store.head("Raid"), store.head("raid")) == (1, 0)
        with pytest.raises(EncounterNotFound, match="no encounter named 'RAID'"):
            store.head("RAID")
