"""Encounters saved by an older firefight still load (issue 10).

tests/fixtures/legacy/ holds a SQLite store and exports written by the tree before the ruleset
refactor (scripts/record_legacy_store.py; the README there names the commit): one rmu encounter
(``raid``, examples/warehouse.toml) and one cpr encounter (``market``,
examples/night-market.toml), each with an undo and a round change. Opening a copy of the store,
or importing an export, must show the same state and log: every number and boolean kept, since
the JSON may be reshaped. Exporting is exact: what is exported imports back to the same export.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus_support import ROOT, Json, case_env, missing_numbers, run_cli

LEGACY = ROOT / "tests" / "fixtures" / "legacy"

# (encounter name, fixture file prefix)
ENCOUNTERS = [("raid", "warehouse"), ("market", "night-market")]


def _fixture(name: str) -> Json:
    return json.loads((LEGACY / name).read_text(encoding="utf-8"))


def _cli_json(tmp: Path, *argv: str) -> Json:
    result = run_cli(list(argv), case_env(tmp))
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _store(db: Path) -> list[str]:
    return ["--store", f"sqlite:///{db}"]


@pytest.fixture
def legacy_store(tmp_path: Path) -> list[str]:
    """A copy of the legacy store: opening it may upgrade it, and the fixture must stay as is."""
    db = tmp_path / "legacy.sqlite"
    shutil.copyfile(LEGACY / "store.sqlite", db)
    return _store(db)


def _import(tmp: Path, prefix: str, db_name: str = "imported.sqlite") -> list[str]:
    store = _store(tmp / db_name)
    result = run_cli(
        ["encounter", "import", str(LEGACY / f"{prefix}-export.json"), *store], case_env(tmp)
    )
    assert result.exit_code == 0, result.stderr
    return store


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_the_legacy_store_shows_and_logs_what_it_did(
    name: str, prefix: str, tmp_path: Path, legacy_store: list[str]
) -> None:
    for view in ("show", "log"):
        now = _cli_json(tmp_path, "encounter", view, name, "--json", *legacy_store)
        assert missing_numbers(_fixture(f"{prefix}-{view}.json"), now) == [], view


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_a_legacy_export_imports_to_the_same_state_and_log(
    name: str, prefix: str, tmp_path: Path
) -> None:
    store = _import(tmp_path, prefix)
    for view in ("show", "log"):
        now = _cli_json(tmp_path, "encounter", view, name, "--json", *store)
        assert missing_numbers(_fixture(f"{prefix}-{view}.json"), now) == [], view


@pytest.mark.parametrize(("name", "prefix"), ENCOUNTERS)
def test_exports_round_trip(
    name: str, prefix: str, tmp_path: Path, legacy_store: list[str]
) -> None:
    from_store = _cli_json(tmp_path, "encounter", "export", name, *legacy_store)
    from_import = _cli_json(tmp_path, "encounter", "export", name, *_import(tmp_path, prefix))
    assert from_import == from_store
    assert missing_numbers(_fixture(f"{prefix}-export.json"), from_store) == []

    again = tmp_path / "again.json"
    again.write_text(json.dumps(from_store), encoding="utf-8")
    store = _store(tmp_path / "again.sqlite")
    result = run_cli(["encounter", "import", str(again), *store], case_env(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert _cli_json(tmp_path, "encounter", "export", name, *store) == from_store


def test_the_legacy_store_is_left_untouched_by_the_tests() -> None:
    """The tests open copies: the fixture keeps no write-ahead log beside it."""
    assert not (LEGACY / "store.sqlite-wal").exists()
    assert (LEGACY / "store.sqlite").read_bytes()[:16] == b"SQLite format 3\x00"


def test_the_show_comparison_would_catch_a_changed_figure(
    tmp_path: Path, legacy_store: list[str]
) -> None:
    """The check above is not vacuous: one hit more on Viktor is reported."""
    recorded = _fixture("warehouse-show.json")
    now = _cli_json(tmp_path, "encounter", "show", "raid", "--json", *legacy_store)
    viktor = next(c for c in now["combatants"] if c["name"] == "Viktor")
    viktor["hits_taken"] += 1
    assert missing_numbers(recorded, now) != []
