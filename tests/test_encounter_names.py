"""What an encounter may be called (DEC-686): the name given, spaces around it stripped; an
empty one, a ``/`` (which a web address must write %2F) or a control character refused as the
encounter is made or imported, changing nothing. Encounters stored before under such names
still load and are reached from the command line by their stored name."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from hostile_support import WAREHOUSE, run, store_bytes


def _store(db: Path) -> list[str]:
    return ["--store", f"sqlite:///{db}"]


def _new(db: Path, name: str) -> tuple[int, str]:
    result = run("encounter", "new", name, "--scenario", str(WAREHOUSE), "--seed", "1", *_store(db))
    return result.exit_code, result.stdout + result.stderr


def _names(db: Path) -> list[str]:
    result = run("encounter", "list", "--json", *_store(db))
    assert result.exit_code == 0, result.stderr
    return sorted(e["name"] for e in json.loads(result.stdout)["encounters"])


def test_dec_686_spaces_around_a_name_are_stripped(tmp_path: Path) -> None:
    db = tmp_path / "fights.db"
    code, out = _new(db, "  raid ")
    assert code == 0 and "saved as raid" in out
    assert _names(db) == ["raid"]
    code, out = _new(db, "raid")
    assert code != 0 and "an encounter named 'raid' already exists" in out
    assert run("encounter", "show", "raid", *_store(db)).exit_code == 0


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("north/raid", "'/'"),
        ("   ", "empty"),
        ("", "empty"),
        ("raid\x07", "control characters"),
        ("x" * 201, "at most 200"),
    ],
)
def test_dec_686_a_name_a_web_address_cannot_hold_is_refused(
    tmp_path: Path, name: str, says: str
) -> None:
    db = tmp_path / "fights.db"
    _new(db, "raid")
    before = store_bytes(db)
    code, out = _new(db, name)
    assert code != 0 and says in out and "Traceback" not in out
    assert store_bytes(db) == before


def test_dec_686_an_import_is_named_as_a_new_encounter_is(tmp_path: Path) -> None:
    db = tmp_path / "fights.db"
    _new(db, "raid")
    exported = run("encounter", "export", "raid", *_store(db))
    doc = json.loads(exported.stdout)
    bad = tmp_path / "slash.json"
    bad.write_text(json.dumps({**doc, "name": "a/b"}), encoding="utf-8")
    result = run("encounter", "import", str(bad), *_store(db))
    assert result.exit_code != 0 and "'/'" in result.stderr and "--name" in result.stderr
    result = run("encounter", "import", str(bad), "--name", " copy ", *_store(db))
    assert result.exit_code == 0, result.stderr
    result = run("encounter", "import", str(bad), "--name", "c/d", *_store(db))
    assert result.exit_code != 0 and "'/'" in result.stderr
    assert _names(db) == ["copy", "raid"]


def test_dec_686_encounters_stored_under_odd_names_still_load(tmp_path: Path) -> None:
    """A store written before DEC-686 may hold " raid " and "north/raid": both load, are
    played on and exported from the command line by the name as stored."""
    db = tmp_path / "fights.db"
    _new(db, "one")
    _new(db, "two")
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("UPDATE encounters SET name = ' raid ' WHERE name = 'one'")
        connection.execute("UPDATE encounters SET name = 'north/raid' WHERE name = 'two'")
    connection.close()
    assert _names(db) == [" raid ", "north/raid"]
    for name in (" raid ", "north/raid"):
        shown = run("encounter", "show", name, "--json", *_store(db))
        assert shown.exit_code == 0, shown.stderr
        assert (
            run("encounter", "next-round", name, "--force", "--seed", "2", *_store(db)).exit_code
            == 0
        )
        exported = run("encounter", "export", name, *_store(db))
        assert exported.exit_code == 0 and json.loads(exported.stdout)["name"] == name
    assert run("encounter", "delete", "north/raid", *_store(db)).exit_code == 0
    assert _names(db) == [" raid "]
