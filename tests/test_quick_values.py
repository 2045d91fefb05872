"""Option values read without pydantic (firefight.cli.quick_values) are exactly typer's."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer import _adapters
from typer.models import OptionInfo
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.cli.quick_values import DECLINED, quick_value
from firefight.geometry import Size

SAMPLES: list[tuple[Any, Any]] = [
    (str, "glock-17"),
    (str, ""),
    (str, "AT 1"),
    (str, "\udcff"),  # undecodable argv: pydantic refuses it, so it is left to typer
    (str, 3),
    (int, "65"),
    (int, "-30"),
    (int, "0"),
    (int, "007"),
    (int, "+5"),
    (int, " 5"),
    (int, "1_000"),
    (int, "6.5"),
    (int, "x"),
    (int, 4),
    (int, True),
    (float, "40"),
    (float, "40.5"),
    (float, "-0.25"),
    (float, "1e3"),
    (float, "inf"),
    (float, "nan"),
    (float, "0x10"),
    (float, 0),
    (float, 2.5),
    (float, 2**60),
    (bool, False),
    (bool, "yes"),
    (Size, "medium"),
    (Size, "MEDIUM"),
    (Size, "huge-ish"),
    (Size, Size.LARGE),
    (list[str], ("a", "b")),
    (list[str], "a"),
    (list[int], ("1", "2")),
    (list[int], ("1", "x")),
]


def _typer_reads(annotation: Any, value: Any) -> Any:
    adapter = _adapters.try_build_adapter(annotation, OptionInfo())
    assert adapter is not None
    return adapter.validate_python(value)


@pytest.mark.parametrize(("annotation", "value"), SAMPLES)
def test_a_value_read_quickly_is_what_typer_reads(annotation: Any, value: Any) -> None:
    """Whatever quick_values reads, typer's pydantic adapter reads the same, of the same type;
    what it cannot read with certainty it leaves to typer (DECLINED)."""
    found = quick_value(annotation, value, OptionInfo())
    if found is DECLINED:
        return
    expected = _typer_reads(annotation, value)
    assert found == expected
    assert type(found) is type(expected)
    if isinstance(found, list):
        assert [type(v) for v in found] == [type(v) for v in expected]


def test_the_usual_values_are_read_quickly() -> None:
    """The values of the benchmark's command line never need pydantic."""
    for annotation, value in [(str, "glock-17"), (int, "65"), (float, "40"), (Size, "medium")]:
        assert quick_value(annotation, value, OptionInfo()) is not DECLINED


@given(st.integers(min_value=-(10**15), max_value=10**15))
def test_whole_numbers_read_as_typer_reads_them(number: int) -> None:
    for annotation in (int, float):
        found = quick_value(annotation, str(number), OptionInfo())
        assert found is DECLINED or found == _typer_reads(annotation, str(number))


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda x: f"{x:.6f}"))
def test_decimals_read_as_typer_reads_them(text: str) -> None:
    found = quick_value(float, text, OptionInfo())
    assert found is not DECLINED
    assert found == _typer_reads(float, text)


def test_bounds_leave_the_value_to_typer() -> None:
    assert quick_value(int, "5", OptionInfo(min=0)) is DECLINED
    assert quick_value(float, "5", OptionInfo(max=9)) is DECLINED


@pytest.mark.parametrize("value", ["12", "12ft", ""])
def test_a_parser_reads_as_in_typer(value: str) -> None:
    """An option with its own parser gets what the parser returns; a ValueError it raises is
    left to typer, which words it."""

    def feet(text: str) -> float:
        return float(text.removesuffix("ft"))

    info = OptionInfo(parser=feet)
    found = quick_value(float, value, info)
    if value:
        adapter = _adapters.try_build_adapter(float, info)
        assert adapter is not None
        assert found == adapter.validate_python(value) == 12.0
    else:
        assert found is DECLINED


@pytest.mark.parametrize(
    "bad",
    [["--ob", "6.5"], ["--ob", "lots"], ["--distance", "far"], ["--size", "vast"]],
)
def test_a_refused_value_gets_typer_s_own_message(bad: list[str]) -> None:
    """A value quick_values declines is refused by typer's converter, word for word as
    before: the root app (quick values) and the rmu app alone (typer's only) say the same."""
    from firefight.rulesets.rmu.cli.commands import app as rmu_app

    shot = ["shoot", "--weapon", "glock-17", "--ob", "65", "--distance", "40", *bad]
    quick = CliRunner().invoke(app, ["rmu", *shot])
    plain = CliRunner().invoke(rmu_app, shot)
    assert quick.exit_code == plain.exit_code == 2
    assert "Invalid value" in quick.output
    assert _error(quick.output) == _error(plain.output)


def _error(output: str) -> str:
    # The rmu app alone frames its error in a rich panel; the words are what count.
    text = output[output.index("Invalid value") :]
    return " ".join(text.translate(str.maketrans("", "", "│╭╮╰╯─")).split())
