"""Shipped data files are read without pydantic (firefight.tables.shipped, DEC-510): these tests
are what holds every shipped file to its model instead, and prove the quick reading gives the
very values the validated one gives. A user's file is still validated on every read."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from firefight.errors import TableDataError
from firefight.files import read_toml
from firefight.rulesets import find_ruleset, ruleset_names
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.rmu import fumble
from firefight.rulesets.rmu.catalog import PACKAGE, RmuData
from firefight.rulesets.rmu.fumble import load_fumble_table
from firefight.rulesets.rmu.kindred_figures import kindred_figures
from firefight.rulesets.rmu.melee import fumble as melee_fumble
from firefight.rulesets.rmu.table_kinds import RmuTables
from firefight.tables.registry import TableSet, user_table_dir
from firefight.tables.shipped import package_data

_RMU_FIGURES = ("weapons", "armor", "cover", "rules", "ammo", "penetration", "breakage")


def _shipped_tables() -> list[tuple[str, str]]:
    found = []
    for name in ruleset_names():
        ruleset = find_ruleset(name)
        kinds = ruleset.table_kinds()
        if kinds:
            tables = TableSet(name, ruleset.package, kinds)
            found += [(name, table) for table in tables.shipped()]
    return found


@pytest.mark.parametrize("figure", _RMU_FIGURES)
def test_every_rmu_data_file_passes_its_model_and_reads_the_same_without_it(figure: str) -> None:
    """Validated by its pydantic model (file_models.py) or read as written, the same values."""
    quick, validated = RmuData(), RmuData(validate=True)
    assert getattr(quick, figure) == getattr(validated, figure)


_CPR_FIGURES = (
    "ranges",
    "autofire",
    "weapons",
    "ammo",
    "armor",
    "cover",
    "modifiers",
    "injuries",
    "figures",
    "turns",
)


@pytest.mark.parametrize("figure", _CPR_FIGURES)
def test_every_cpr_data_file_passes_its_model_and_reads_the_same_without_it(figure: str) -> None:
    """cpr's files too (DEC-560): validated by cpr/file_models.py or read as written, the same
    values, of the same types (a whole number in the file is a float where the model says so)."""
    quick, validated = getattr(CprData(), figure), getattr(CprData(validate=True), figure)
    assert quick == validated
    assert repr(quick) == repr(validated)


def test_cpr_checks_its_files_against_their_models() -> None:
    """``firefight tables check`` validates cpr's files, a run does not (DEC-560)."""
    assert not CprData().validate
    assert CprData(validate=True).check() == CprData().check()


def test_the_kindred_file_passes_its_model_and_reads_the_same_without_it() -> None:
    assert kindred_figures() == kindred_figures(validate=True)


@pytest.mark.parametrize("fumbles", [fumble, melee_fumble])
def test_each_fumble_table_passes_its_model_and_reads_the_same_without_it(
    fumbles: ModuleType,
) -> None:
    """The Firearm Fumble table a fight's first fumble reads is read as written (DEC-510); the
    Melee Fumble table, read by the same loader, stays validated when read."""
    raw = read_toml(package_data(PACKAGE, fumbles._FILE), fumbles._LABEL)
    quick = load_fumble_table(raw, fumbles._LABEL, validate=False)
    assert quick == load_fumble_table(raw, fumbles._LABEL, validate=True)
    assert quick.rows[-1].high == 100
    assert fumble.firearm_fumble_table() == load_fumble_table(validate=True)


def test_a_fumble_table_held_to_its_model_names_the_row_of_a_bad_cell() -> None:
    """Validated, a cell outside its model is refused naming the row (RMU-RF-13's table)."""
    raw = read_toml(package_data(PACKAGE, fumble._FILE), fumble._LABEL)
    raw["rows"][0]["semi-automatics"]["lose_ap"] = 9
    with pytest.raises(TableDataError) as caught:
        load_fumble_table(raw, fumble._LABEL, validate=True)
    assert "row 1 (1-20)" in str(caught.value)


@pytest.mark.parametrize(("ruleset", "table"), _shipped_tables())
def test_every_shipped_table_passes_its_kind_and_reads_the_same_without_it(
    ruleset: str, table: str
) -> None:
    """Every kind that reads its shipped tables quickly reads each to the validated table."""
    found = find_ruleset(ruleset)
    quick = TableSet(ruleset, found.package, found.table_kinds())
    validated = TableSet(ruleset, found.package, found.table_kinds(), validate_shipped=True)
    assert quick[table] == validated[table]


def test_rmu_reads_its_shipped_tables_quickly_unless_asked_to_validate() -> None:
    assert all(kind.from_shipped is not None for kind in RmuTables().kinds)
    assert not RmuData().tables.validate_shipped
    assert RmuData(validate=True).tables.validate_shipped


def _broken_copy(name: str, home: Path) -> Path:
    """The shipped table ``name`` copied as the user's, its first row's ``high`` made text."""
    shipped = RmuTables().shipped()[name][0]
    text = shipped.read_text(encoding="utf-8")
    target = user_table_dir("rmu")
    target.mkdir(parents=True, exist_ok=True)
    path = target / f"{name}.toml"
    first = text.index("high = ")
    path.write_text(text[:first] + 'high = "x"' + text[text.index("\n", first) :], "utf-8")
    assert read_toml(path)
    return path


@pytest.mark.parametrize("name", ["firearm-9mm", "ballistic-puncture"])
def test_a_users_table_is_still_validated_and_the_error_names_the_row(
    name: str, home: Path
) -> None:
    """An imported table overrides the shipped one and goes through its model: a bad cell is
    refused naming the user's file and the row, not read as written."""
    path = _broken_copy(name, home)
    with pytest.raises(TableDataError) as caught:
        RmuTables()[name]
    assert str(path) in str(caught.value)
    assert "row 1" in str(caught.value)
