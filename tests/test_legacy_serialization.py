"""Logs and snapshots written before serialization moved to pydantic still read, and are written
again to the same bytes (issue 10).

The fixtures in tests/fixtures/legacy/ were written by older trees: the store and exports by
the tree before the ruleset refactor (scripts/record_legacy_store.py), the snapshots by the main
before this change (scripts/record_legacy_snapshots.py). Decoding errors stay one clear
:class:`~firefight.encounter.log.LogError` naming the record and the field.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from corpus_support import ROOT, case_env, run_cli
from firefight.dice import Dice
from firefight.encounter.log import LogError, LogRecord, decode_event, parse_record
from firefight.encounter.snapshot import (
    SNAPSHOT_VERSION,
    Folded,
    SnapshotError,
    decode_snapshot,
    encode_snapshot,
)
from firefight.events import Event
from firefight.frozen import replace
from firefight.rulesets.base import Ruleset
from firefight.scene.events import register_event_types
from firefight.scene.state import CombatantState
from firefight.service import EncounterService
from firefight.store import Snapshot, SqlStore, open_store

LEGACY = ROOT / "tests" / "fixtures" / "legacy"

# (encounter name, fixture file prefix)
ENCOUNTERS = [("raid", "warehouse"), ("market", "night-market")]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _export(prefix: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LEGACY / f"{prefix}-export.json").read_text("utf-8"))
    return data


@pytest.fixture
def legacy_store(tmp_path: Path) -> Iterator[SqlStore]:
    """A copy of the legacy store (opening it may upgrade it; the fixture must stay as is)."""
    db = tmp_path / "legacy.sqlite"
    shutil.copyfile(LEGACY / "store.sqlite", db)
    with open_store(f"sqlite:///{db}") as store:
        yield store


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_every_legacy_record_reads_back_and_writes_the_same_payload(
    name: str, prefix: str, legacy_store: SqlStore
) -> None:
    """The writer is byte-compatible: no payload version to bump, no migration to run."""
    EncounterService(legacy_store).load(name)  # registers the ruleset's events
    records = _export(prefix)["records"]
    assert records
    for stored in records:
        record = parse_record(stored["payload"], seq=stored["seq"])
        assert _canonical(record.payload()) == _canonical(stored["payload"]), stored["seq"]


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_a_legacy_export_round_trips_through_import_and_export(
    name: str, prefix: str, tmp_path: Path
) -> None:
    store = ["--store", f"sqlite:///{tmp_path / 'imported.sqlite'}"]
    env = case_env(tmp_path)
    imported = run_cli(["encounter", "import", str(LEGACY / f"{prefix}-export.json"), *store], env)
    assert imported.exit_code == 0, imported.stderr
    exported = run_cli(["encounter", "export", name, *store], env)
    assert exported.exit_code == 0, exported.stderr
    assert json.loads(exported.stdout) == _export(prefix)


# --- snapshots --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Legacy:
    text: str
    stamp: str
    folded: Folded
    ruleset: Ruleset


def _legacy_snapshot(store: SqlStore, name: str, prefix: str) -> _Legacy:
    loaded = EncounterService(store).load(name)
    text = (LEGACY / f"{prefix}-snapshot.json").read_text("utf-8").strip()
    stamp = json.loads(text)["fingerprint"]
    folded = Folded(seq=loaded.head, state=loaded.state)
    return _Legacy(text=text, stamp=stamp, folded=folded, ruleset=loaded.ruleset)


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_a_legacy_snapshot_reads_back_as_the_full_fold(
    name: str, prefix: str, legacy_store: SqlStore
) -> None:
    """Read with the stamp it was written under, the old document gives the fold's state,
    the ruleset's figures (named under ``~class``) included. It kept no starts (DEC-705: the
    fold takes them as round 1 opens); stamped by other code, no service reads it (below)."""
    legacy = _legacy_snapshot(legacy_store, name, prefix)
    back = decode_snapshot(legacy.text, legacy.ruleset, seq=legacy.folded.seq, stamp=legacy.stamp)
    assert back == replace(legacy.folded, state=replace(legacy.folded.state, starts=()))
    assert "~class" in legacy.text


def _changed(old: Any, new: Any, path: str = "") -> list[str]:
    """Where ``new`` does not hold what ``old`` held, kind of number included; keys only
    ``new`` has (fields added since, with their defaults) are not changes."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [
            change
            for key, value in old.items()
            for change in (
                _changed(value, new[key], f"{path}.{key}") if key in new else [f"{path}.{key}"]
            )
        ]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        pairs = enumerate(zip(old, new, strict=True))
        return [c for i, (o, n) in pairs for c in _changed(o, n, f"{path}[{i}]")]
    return [] if old == new and type(old) is type(new) else [path or "."]


def test_the_comparison_of_documents_sees_a_changed_kind_of_number() -> None:
    assert _changed({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 0}], "d": 1}) == []
    assert _changed({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2.0}]}) == [".a[1].b"]
    assert _changed({"a": 1}, {}) == [".a"]


# The running figures a version 1 snapshot kept on every combatant, which version 2 keeps in
# rmu's stats under the same names (issue 10); the other rulesets never used them.
_V1_VITALS = (
    "ap_left",
    "bleed",
    "stun",
    "staggered",
    "staggered_owed",
    "injury",
    "fatigue",
    "dying_rounds",
    "next_action_bonus",
)


def _where_version_2_keeps_it(old: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """The version 1 document ``old`` with each running figure where version 2 keeps it."""
    doc = copy.deepcopy(old)
    doc["version"] = 2
    for c in doc["state"]["combatants"]:
        vitals = {k: c.pop(k) for k in _V1_VITALS}
        armor = c.pop("armor")
        if ruleset == "rmu":
            c["stats"]["vitals"] = vitals
            c["stats"]["armor"] = armor
        else:  # dropped, so they must have been the defaults
            assert not any(vitals.values()) and armor is None
    return doc


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_a_legacy_snapshot_is_written_again_with_every_value_it_held(
    name: str, prefix: str, legacy_store: SqlStore
) -> None:
    """Version 2 moved the running figures off the shared combatant: the state read from the
    old document encodes to the same keys and values (``~class`` tags included), those figures
    at their new place in rmu's stats; fields the state classes gained since are written with
    their defaults."""
    legacy = _legacy_snapshot(legacy_store, name, prefix)
    back = decode_snapshot(legacy.text, legacy.ruleset, seq=legacy.folded.seq, stamp=legacy.stamp)
    again = encode_snapshot(back, legacy.ruleset, legacy.stamp)
    assert again is not None
    old = json.loads(legacy.text)
    assert (old["version"], SNAPSHOT_VERSION) == (1, 2)
    moved = _where_version_2_keeps_it(old, legacy.ruleset.name)
    assert _changed(moved, json.loads(again)) == []


def test_a_version_1_figure_a_ruleset_never_kept_makes_the_snapshot_unreadable(
    legacy_store: SqlStore,
) -> None:
    """cpr has no AP: a version 1 snapshot giving a cpr combatant some is not read (the log is
    folded instead), rather than the figure being dropped."""
    legacy = _legacy_snapshot(legacy_store, "market", "night-market")
    doc = json.loads(legacy.text)
    doc["state"]["combatants"][0]["ap_left"] = 2
    forged = json.dumps(doc)
    with pytest.raises(SnapshotError, match="the cpr ruleset keeps no ap_left"):
        decode_snapshot(forged, legacy.ruleset, seq=legacy.folded.seq, stamp=legacy.stamp)


def test_the_shared_combatant_keeps_no_ruleset_s_running_figures() -> None:
    """What every ruleset shares, and nothing more (issue 10, DEC-320)."""
    shared = {f.name for f in dataclasses.fields(CombatantState)}
    assert shared == {
        "name",
        "position",
        "side",
        "bystander",
        "posture",
        "facing_deg",
        "size",
        "surprise",
        "initiative",
        "weapons",
        "hits_max",
        "hits_taken",
        "unconscious",
        "dead",
        "stats",
    }


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_a_stale_legacy_snapshot_is_passed_over_and_rebuilt(
    name: str, prefix: str, legacy_store: SqlStore
) -> None:
    """A snapshot stamped by other code is never read: the log is folded whole, and the next
    command writes a snapshot of this code's own that later commands start from."""
    legacy = _legacy_snapshot(legacy_store, name, prefix)
    head = legacy.folded.seq
    stale = Snapshot(
        seq=head, version=SNAPSHOT_VERSION, fingerprint=legacy.stamp, state=legacy.text
    )
    legacy_store.append(name, head, [], stale)
    service = EncounterService(legacy_store, snapshot_every=1)
    current = service.current(name)
    assert current.base.seq == 0
    assert current.state == legacy.folded.state

    service.next_round(name, Dice.seeded(5))
    rebuilt = service.current(name)
    assert rebuilt.base.seq == head + 1
    assert rebuilt.state == service.load(name).state


# --- decoding errors --------------------------------------------------------------------------


def _damage(db: Path, name: str, seq: int, change: Any) -> None:
    """Rewrite record ``seq`` of encounter ``name`` in the SQLite file ``db`` by ``change``."""
    with sqlite3.connect(db) as conn:
        (text,) = conn.execute(
            "SELECT payload FROM records JOIN encounters ON encounters.id = encounter_id "
            "WHERE name = ? AND seq = ?",
            (name, seq),
        ).fetchone()
        payload = json.loads(text)
        change(payload)
        conn.execute(
            "UPDATE records SET payload = ? WHERE seq = ? AND encounter_id = "
            "(SELECT id FROM encounters WHERE name = ?)",
            (json.dumps(payload), seq, name),
        )
    conn.close()


def _unknown_event(payload: dict[str, Any]) -> None:
    payload["events"][0]["type"] = "GrenadeBounced"


def _bad_field(payload: dict[str, Any]) -> None:
    event = payload["events"][0]
    assert event["type"] == "ActionPointsSpent"
    event["ap"] = "a lot"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            _unknown_event,
            "record 3 is malformed: at events[0], an event of unknown type 'GrenadeBounced'; "
            "is the ruleset or plug-in that wrote it installed?",
            id="unknown-event-type",
        ),
        pytest.param(
            _bad_field,
            "record 3 is malformed: at events[0].ActionPointsSpent.ap, Input should be a valid "
            "integer",
            id="malformed-field",
        ),
    ],
)
def test_a_damaged_legacy_record_is_one_clear_error_not_a_traceback(
    change: Any, expected: str, tmp_path: Path
) -> None:
    db = tmp_path / "legacy.sqlite"
    shutil.copyfile(LEGACY / "store.sqlite", db)
    # Opened once first, so that the store is upgraded before it is changed under it.
    open_store(f"sqlite:///{db}").close()
    _damage(db, "raid", 3, change)
    result = run_cli(
        ["encounter", "show", "raid", "--store", f"sqlite:///{db}"], case_env(tmp_path)
    )
    assert result.exit_code != 0
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_malformed_field_names_the_event_and_the_field() -> None:
    ok = {"type": "ActionPointsSpent", "actor": "Mara", "ap": 3}
    bad = {**ok, "ap": [3]}
    with pytest.raises(LogError, match=r"at ActionPointsSpent\.ap, Input should be a valid int"):
        decode_event(bad)
    with pytest.raises(LogError, match=r"record 4 is malformed: at events\[1\]\.Act"):
        parse_record({"kind": "action", "round": 1, "text": "x", "events": [ok, bad]}, seq=4)
    with pytest.raises(LogError, match=r"record 2 is malformed: at round, "):
        parse_record({"kind": "undo", "round": "first", "text": "undo", "reverts": 1}, seq=2)
    with pytest.raises(LogError, match="record 2 is malformed: an undo that names no record"):
        parse_record({"kind": "undo", "round": 1, "text": "undo"}, seq=2)
    with pytest.raises(LogError, match="record 3 is malformed: the action record lists no events"):
        parse_record({"kind": "action", "round": 1, "text": "x"}, seq=3)
    with pytest.raises(LogError, match=r"at events\[0\], expected an event .*, got 5"):
        parse_record({"kind": "round", "round": 1, "text": "x", "events": [5]}, seq=3)
    with pytest.raises(LogError, match="record 5 is of payload version 2"):
        parse_record({"v": 2, "kind": "undo", "round": 1, "text": "undo", "reverts": 1}, seq=5)


@dataclass(frozen=True, slots=True, kw_only=True)
class LanternLit(Event):
    """An event of a ruleset installed after the log's reader was first built."""

    holder: str
    lumens: float


def test_an_event_type_registered_later_is_read_by_a_rebuilt_reader() -> None:
    """Plug-ins extend the registry at run time: the reader follows the registry."""
    record = LogRecord(
        kind="action", round=1, text="light", events=(LanternLit(holder="Mara", lumens=40),)
    )
    payload = json.loads(json.dumps(record.payload()))
    assert payload["events"] == [{"type": "LanternLit", "holder": "Mara", "lumens": 40.0}]
    with pytest.raises(LogError, match="unknown type 'LanternLit'"):
        parse_record(payload, seq=1)
    register_event_types(LanternLit)
    assert parse_record(payload, seq=1).events == record.events


def test_an_event_class_the_log_could_not_name_is_refused_at_registration() -> None:
    @dataclass(frozen=True, slots=True, kw_only=True)
    class Typed(Event):
        type: str

    with pytest.raises(TypeError, match="field called 'type'"):
        register_event_types(Typed)
    with pytest.raises(TypeError, match="is not an event class"):
        register_event_types(print)  # type: ignore[arg-type]
