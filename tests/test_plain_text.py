"""The plain writer (firefight.cli.plain) writes what rich writes to a file, byte for byte, and
leaves to rich whatever it cannot be sure of."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.markup import escape

from firefight.cli.plain import PlainWriter

TITLES = ["rmu aimed shot: glock-17", "x", "odd title", "a" * 60, "cpr attack: heavy pistol"]
TEXTS = [
    "attack roll: d100 open-ended (high) rolled 77 -> 77\n      +77  attack roll  [RMU-GEN-2]",
    "trailing spaces   \n\nblank line above, wide \u4e2d\u6587 and \u00e9",
    "HIT: 33 hits, B critical to the leg (stunned 1 rnd at -25)",
    "a [B] c and [RMU-GEN-4] and 10:aimed and 1 : 2",
    "",
]


def _rich(width: int, title: str, text: str) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, soft_wrap=True)
    console.rule(f"[bold]{escape(title)}")
    console.print(escape(text))
    console.rule()
    console.print(f"[bold]{escape(text)}")
    return out.getvalue()


def _plain(width: int, title: str, text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    out = io.StringIO()
    writer = PlainWriter(out)
    assert writer.can_write(text, title=title)
    writer.rule(title)
    writer.line(text)
    writer.rule()
    writer.line(text)
    return out.getvalue()


@pytest.mark.parametrize("width", [30, 64, 79, 80, 81, 100, 157])
@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("text", TEXTS)
def test_plain_text_is_what_rich_writes(
    width: int, title: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if len(title) + 4 > width:
        monkeypatch.setenv("COLUMNS", str(width))
        assert not PlainWriter(io.StringIO()).can_write(text, title=title)
        return
    assert _plain(width, title, text, monkeypatch) == _rich(width, title, text)


@pytest.mark.parametrize(
    "text",
    [
        ":thumbs_up: as an emoji code",
        "a [bold]tag",
        "a [b] that rich would read as a tag",
        "a back\\slash",
        "a\ttab",
        "a carriage\rreturn",
        "an escape \x1b[31m",
    ],
)
def test_what_rich_could_read_otherwise_goes_to_rich(text: str) -> None:
    assert not PlainWriter(io.StringIO()).can_write(text)


def test_a_terminal_or_forced_colour_goes_to_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert not PlainWriter(Terminal()).can_write("text")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not PlainWriter(io.StringIO()).can_write("text")


def test_the_width_is_rich_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS`` when it is a number, else the terminal's or 80, as rich reads it."""
    monkeypatch.setenv("COLUMNS", "0")
    assert PlainWriter(io.StringIO()).width() is None
    monkeypatch.setenv("COLUMNS", "wide")
    assert PlainWriter(io.StringIO()).width() == Console(file=io.StringIO()).width
    monkeypatch.delenv("COLUMNS")
    assert PlainWriter(io.StringIO()).width() == Console(file=io.StringIO()).width
