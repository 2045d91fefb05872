"""Shipped data files are read without pydantic (firefight.tables.shipped, DEC-510): these tests
are what holds every shipped file to its model instead, and prove the quick reading gives the
very values the validated one gives. A user's file is still validated on every read."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.errors import TableDataError
from firefight.files import read_toml
from firefight.rulesets import find_ruleset, ruleset_names
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.kindred_figures import kindred_figures
from firefight.rulesets.rmu.table_kinds import RmuTables
from firefight.tables.registry import TableSet, user_table_dir

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


def test_the_kindred_file_passes_its_model_and_reads_the_same_without_it() -> None:
    assert kindred_figures() == kindred_figures(validate=True)


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
