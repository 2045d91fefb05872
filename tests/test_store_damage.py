"""A store damaged or edited by hand (docs/store.md, "When the store fails"; DEC-751): a record
that reads but no longer folds, or that this firefight cannot read, is one line naming the
encounter and the record, saying what to do, and every command leaves the log as it was."""

from __future__ import annotations

import copy
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.encounter.snapshot import fingerprint
from firefight.rulesets import find_ruleset
from firefight.store import open_store

ROOT = Path(__file__).resolve().parents[1]
WAREHOUSE = ROOT / "examples" / "warehouse.toml"
ADVICE = "delete the encounter and import a good export"

runner = CliRunner()


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The warehouse raid after a move and a shot (records 1 to 3)."""
    path = tmp_path / "fights.db"
    store = ["--store", f"sqlite:///{path}"]
    assert (
        cli("encounter", "new", "raid", "-s", str(WAREHOUSE), "--rolls", "7,4,3,9,6,6", *store)[0]
        == 0
    )
    assert cli("encounter", "act", "raid", "Mara moves -8,6", "--seed", "1", *store)[0] == 0
    assert (
        cli("encounter", "act", "raid", "Mara shoots Viktor --ap 3", "--rolls", "97,45", *store)[0]
        == 0
    )
    return path


def _edit(sql: str) -> Callable[[sqlite3.Connection], None]:
    def edit(connection: sqlite3.Connection) -> None:
        connection.execute(sql)

    return edit


UNDO_OF_THE_OPENING = _edit(
    "insert into records values (1, 4, "
    """'{"kind":"undo","reverts":1,"round":1,"text":"undo #1","v":1}', '2026-01-01')"""
)
NOBODY = _edit(
    'update records set payload = replace(payload, \'"target":"Viktor"\', '
    '\'"target":"Nobody"\') where seq = 3'
)
VERSION_2 = _edit(
    "update records set payload = replace(payload, '\"v\":1', '\"v\":2') where seq = 2"
)


@pytest.mark.parametrize(
    ("damage", "record", "problem"),
    [
        pytest.param(UNDO_OF_THE_OPENING, 2, "Mara spends 1 AP with only 0 left", id="undo-of-1"),
        pytest.param(NOBODY, 3, "the log names 'Nobody', who is not in the scene", id="nobody"),
        pytest.param(VERSION_2, 2, "is of payload version 2", id="version"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ("show", "raid"),
        ("act", "raid", "Viktor waits"),
        ("next-round", "raid", "--force"),
        ("undo", "raid"),
        ("gm", "raid", "hits Jonah 2"),
        ("log", "raid"),
    ],
    ids=lambda c: c[0],
)
def test_a_record_that_does_not_fold_is_named_with_its_encounter_and_changes_nothing(
    db: Path,
    damage: Callable[[sqlite3.Connection], None],
    record: int,
    problem: str,
    command: tuple[str, ...],
) -> None:
    """ENC-UNDO: a hand-made undo of the opening round, an event naming someone not in the
    scene, a record of a payload version this firefight does not read: each was a bare line
    ("error: Mara spends 1 AP with only 0 left") naming neither the encounter nor the record."""
    with sqlite3.connect(db) as connection:
        damage(connection)
    url = f"sqlite:///{db}"
    with open_store(url) as store:
        before = store.export("raid")
    code, err = cli("encounter", *command, "--store", url)
    assert code != 0 and "Traceback" not in err
    line = " ".join(err.split())
    assert line.startswith("error: encounter 'raid': record ")
    assert f"record {record}" in line and problem in line and ADVICE in line, line
    with open_store(url) as store:
        assert store.export("raid") == before


def _extra_key(doc: dict[str, Any]) -> None:
    doc["records"][1]["payload"]["note"] = "Mara was luckier"


def _extra_event_field(doc: dict[str, Any]) -> None:
    doc["records"][2]["payload"]["events"][0]["bonus_ap"] = 2


def _unstamped(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def both(doc: dict[str, Any]) -> None:
        change(doc)
        doc.pop("rules")  # as from other rules: its events are folded, not replayed

    return both


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        pytest.param(_extra_key, "record 2 holds 'note'", id="payload-key"),
        pytest.param(_unstamped(_extra_key), "record 2 holds 'note'", id="payload-key-unstamped"),
        pytest.param(_extra_event_field, "record 3 holds 'events[0].bonus_ap'", id="event"),
        pytest.param(
            _unstamped(_extra_event_field), "record 3 holds 'events[0].bonus_ap'", id="unstamped"
        ),
    ],
)
def test_an_export_holding_what_firefight_never_writes_is_refused_whole(
    db: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None], problem: str
) -> None:
    """ENC-UNDO, DEC-754: a key added by hand to a record or to one of its events was stored
    and exported again for ever, though every record is checked on import; the import now
    names the record and what it holds, and stores nothing."""
    url = f"sqlite:///{db}"
    with open_store(url) as store:
        before = store.export("raid")
    document = copy.deepcopy(before)
    document["rules"] = fingerprint(find_ruleset("rmu"))
    change(document)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, err = cli("encounter", "import", str(path), "--name", "copy", "--store", url)
    line = " ".join(err.split())
    assert code != 0 and "Traceback" not in err
    assert "encounter 'copy': not imported: " in line and problem in line, line
    with open_store(url) as store:
        assert [info.name for info in store.list()] == ["raid"]
