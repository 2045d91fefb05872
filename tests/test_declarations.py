"""One declaration per action (issue 10): a field's Param bounds, types and choices are checked
by one function wherever a value comes from (command line, action line, sweep)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import pytest

from firefight.declarations import (
    MAX_SWEEP_VALUES,
    DeclarationError,
    declare,
    field_named,
    options_of,
    param,
    parse_value,
    sweep_grid,
    sweep_values,
)


class Grade(enum.Enum):
    HALF = "half"
    FULL = "full"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shot:
    weapon: str = param(help="Weapon key.", choices=("glock-17", "sks-46"), rule="RMU-GEN-4")
    distance: float = param(help="Distance.", unit="ft", low=0, high=10_000)
    celerity: int = param(0, help="Celerity dots.", low=0, high=5, rule="RMU-DOD-1")
    prepared: bool = param(False, help="A Prep shot.", sweep=False)
    grade: Grade = param(Grade.HALF, help="Cover grade.")
    situation: tuple[str, ...] = param((), help="Situations.", high=3)
    armor: str | None = param(None, help="Shooter armor.")
    note: str = "not an option"


def test_only_param_fields_are_options() -> None:
    assert [o.name for o in options_of(Shot)] == [
        "weapon", "distance", "celerity", "prepared", "grade", "situation", "armor",
    ]  # fmt: skip
    assert field_named(Shot, "situation").repeated
    assert field_named(Shot, "armor").optional
    assert field_named(Shot, "weapon").required and not field_named(Shot, "celerity").required


def test_declare_fills_defaults_and_checks_values() -> None:
    shot = declare(Shot, weapon="glock-17", distance=40, situation=["prone-target"])
    assert shot == Shot(weapon="glock-17", distance=40.0, situation=("prone-target",))


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"celerity": 99}, "RMU-DOD-1: --celerity: 99 is more than 5, the most it can be."),
        ({"celerity": -5}, "RMU-DOD-1: --celerity: -5 is less than 0, the least it can be."),
        # The number as typed: ":g" said 1234567 was "1.23457e+06", another number.
        ({"celerity": 1234567}, "--celerity: 1234567 is more than 5, the most it can be."),
        ({"distance": 1234567.5}, "--distance: 1234567.5 ft is more than 10000"),
        ({"celerity": 1.5}, "--celerity: takes a whole number, not 1.5."),
        ({"distance": math.inf}, "--distance: takes a finite number, not inf."),
        ({"distance": math.nan}, "--distance: takes a finite number, not nan."),
        ({"distance": 1e308}, "--distance: 1e+308 ft is more than 10000, the most it can be."),
        ({"weapon": "glock17"}, "Did you mean 'glock-17'?"),
        ({"weapon": "glock-17\x1b[2J"}, "--weapon: must not hold control characters."),
        (
            {"situation": ["a", "b", "c", "d"]},
            "--situation: given 4 times; give --situation 3 times at most.",
        ),
        ({"grade": "most"}, "--grade: 'most' is not one of half, full."),
        ({"prepared": "maybe"}, "--prepared: takes yes or no, not 'maybe'."),
    ],
)
def test_a_bad_value_is_refused_naming_the_option(values: dict[str, object], message: str) -> None:
    given = {"weapon": "glock-17", "distance": 40.0, **values}
    with pytest.raises(DeclarationError) as refused:
        declare(Shot, **given)
    assert message in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_missing_required_value_is_refused() -> None:
    with pytest.raises(DeclarationError, match="--distance: is required"):
        declare(Shot, weapon="glock-17")


def test_checks_run_in_declaration_order_whatever_order_the_values_come_in() -> None:
    """The first problem in the declaration's order is the one refused: a missing required
    option before a bad value declared after it, a bad value before a missing one after it."""
    with pytest.raises(DeclarationError, match="--distance: is required"):
        declare(Shot, celerity=9, weapon="glock-17")
    with pytest.raises(DeclarationError, match="--weapon: "):
        declare(Shot, celerity=1, weapon="glock17")
    with pytest.raises(TypeError, match="Shot declares no range, speed"):
        declare(Shot, speed=1, weapon="glock-17", distance=40.0, range=3)
    assert declare(Shot, distance=40.0, weapon="glock-17") == declare(
        Shot, weapon="glock-17", distance=40.0
    )


def test_text_values_read_with_the_same_checks() -> None:
    celerity = field_named(Shot, "celerity")
    assert parse_value(celerity, " 3 ") == 3
    with pytest.raises(DeclarationError, match="takes a whole number, not '3x'"):
        parse_value(celerity, "3x")
    with pytest.raises(DeclarationError, match="is more than 5"):
        parse_value(celerity, "9" * 150)
    with pytest.raises(DeclarationError, match="characters long"):
        parse_value(celerity, "9" * 5000)
    assert parse_value(field_named(Shot, "prepared"), "yes") is True
    assert parse_value(field_named(Shot, "grade"), "full") is Grade.FULL


def test_sweeps_read_lists_ranges_and_all() -> None:
    assert sweep_values(field_named(Shot, "celerity"), "0:4:2") == [0, 2, 4]
    assert sweep_values(field_named(Shot, "distance"), "20, 60,150") == [20.0, 60.0, 150.0]
    assert sweep_values(field_named(Shot, "weapon"), "all") == ["glock-17", "sks-46"]
    assert sweep_values(field_named(Shot, "grade"), "all") == [Grade.HALF, Grade.FULL]
    with pytest.raises(DeclarationError, match="cannot be swept"):
        sweep_values(field_named(Shot, "prepared"), "yes,no")
    with pytest.raises(DeclarationError, match="is more than 5"):
        sweep_values(field_named(Shot, "celerity"), "0:10:5")
    with pytest.raises(DeclarationError, match="STOP >= START"):
        sweep_values(field_named(Shot, "celerity"), "4:0:1")
    with pytest.raises(DeclarationError, match=f"{MAX_SWEEP_VALUES} at most"):
        sweep_values(field_named(Shot, "distance"), "0:10000:0.001")


def test_a_sweep_splits_its_options_into_fixed_values_and_axes() -> None:
    fixed, grid = sweep_grid(
        Shot,
        {"weapon": "glock-17", "distance": "20,60", "celerity": "0:4:2", "situation": ["x"]},
        {"band": [1, 2]},
    )
    assert fixed == {"weapon": "glock-17", "situation": ["x"]}
    assert grid == {"distance": [20.0, 60.0], "celerity": [0, 2, 4], "band": [1, 2]}
    with pytest.raises(DeclarationError, match="--celerity: 9 is more than 5"):
        sweep_grid(Shot, {"weapon": "glock-17", "celerity": "9"})
