"""Importing a critical table the GM holds as a Markdown pipe table in the source site's format.

The format is the one seed 004 (Ballistic Puncture) arrives in: a title line and maybe some
description, a header ``| Roll | A | B | C | D | E |``, a separator, then one row per location
band whose first cell is the location and the band (``Head1``, ``Chest2 - 3``). Every other cell
opens with its severity letter, carries the prose, and ends with the stripped effects string
(:func:`firefight.rulesets.rmu.effects.parse_effects`). A legend line after the table is ignored.

The prose decides what the digits cannot: "Foe is dying." makes the trailing number the rounds
left, "Foe is dead." kills outright, and a sentence giving "+N" to the "next action" is a bonus for
the attacker (RMU-GEN-7, RMU-BP-3). The import is the GM's own copy, so the prose is kept in each
cell's ``text`` and a short label is cut from its first words.
"""

from __future__ import annotations

import re
from typing import Any

from firefight.errors import TableDataError
from firefight.rulesets.rmu.critical_table import (
    CriticalTable,
    HitLocation,
    critical_table_from_data,
)
from firefight.rulesets.rmu.effects import parse_effects

__all__ = ["import_critical_markdown", "short_label"]

_COLUMNS = ("A", "B", "C", "D", "E")
_HEADER = ("roll", *(c.lower() for c in _COLUMNS))
_SEPARATOR = re.compile(r"^\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$")
_BAND = re.compile(r"^(?P<location>[A-Za-z]+)\s*(?P<low>\d+)(?:\s*-\s*(?P<high>\d+))?$")
# The effects string is the tail of the cell made only of the characters the grammar uses.
_EFFECTS_TAIL = re.compile(r"\+\d+H[\d,\s\[\]-]*$")
_DYING = re.compile(r"\bfoe is dying\.", re.IGNORECASE)
_DEAD = re.compile(r"\bfoe is dead\.", re.IGNORECASE)
# "Your next action this round takes +25", or the same said the other way round, in one sentence.
_ATTACKER_BONUS = re.compile(
    r"\+(\d+)\b[^.]*\bnext action\b|\bnext action\b[^.]*?\+(\d+)", re.IGNORECASE
)
_LABEL_MAX = 60


def short_label(prose: str, limit: int = _LABEL_MAX) -> str:
    """The prose's first sentence, cut on a word boundary to at most ``limit`` characters.

    >>> short_label("A clean hole. Nothing more.")
    'A clean hole'
    >>> short_label("one two three four", limit=12)
    'one two…'
    """
    sentence = re.split(r"(?<=[.!?])\s", prose.strip(), maxsplit=1)[0].rstrip(".!? ")
    if len(sentence) <= limit:
        return sentence
    cut = sentence[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:—-") + "…"


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _is_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def _cell_data(cell: str, severity: str, file: str, where: str) -> dict[str, Any]:
    if not cell.startswith(severity):
        raise TableDataError(file, where, f"cell should open with its severity {severity!r}")
    body = cell[len(severity) :]
    tail = _EFFECTS_TAIL.search(body)
    if tail is None:
        raise TableDataError(
            file, where, f"no effects string (like '+3H, 1') at the end of {cell!r}"
        )
    prose = body[: tail.start()].strip()
    try:
        effects: dict[str, Any] = dict(parse_effects(tail.group()))
    except ValueError as exc:
        raise TableDataError(file, where, str(exc)) from None
    dying = _DYING.search(prose) is not None
    if dying and "dying_rounds" not in effects:
        raise TableDataError(file, where, "the prose says the foe is dying but gives no rounds")
    if not dying and "dying_rounds" in effects:
        raise TableDataError(
            file, where, f"a trailing {effects['dying_rounds']} but the prose never says dying"
        )
    if _DEAD.search(prose):
        effects["dead"] = True
    bonus = _ATTACKER_BONUS.search(prose)
    if bonus:
        effects["attacker_bonus"] = int(bonus.group(1) or bonus.group(2))
    label = short_label(prose) or "(no prose)"
    return {"label": label, **effects, **({"text": prose} if prose else {})}


def import_critical_markdown(
    text: str, *, name: str, title: str | None = None, source: str
) -> CriticalTable:
    """Read a critical table from Markdown in 004's format, keeping the prose (RMU-BP-2).

    Args:
        text: the Markdown, title line first.
        name: the table's name (file stem it will be saved under, e.g. ``ballistic-impact``).
        title: the table's title; by default the first non-blank line above the header.
        source: where the copy came from; also names the input in errors.

    Raises:
        TableDataError: naming ``source`` and the row (and column) that did not read, or the
            band coverage when the rows do not run 1-100 without gaps.
    """
    lines = text.splitlines()
    header_at = next(
        (
            i
            for i, line in enumerate(lines)
            if _is_row(line) and tuple(c.lower() for c in _cells(line)) == _HEADER
        ),
        None,
    )
    if header_at is None:
        raise TableDataError(source, "header", "no '| Roll | A | B | C | D | E |' line found")
    preamble = [line.strip() for line in lines[:header_at] if line.strip()]
    if title is None:
        if not preamble:
            raise TableDataError(source, "title", "no title line above the table; pass title=")
        title = preamble[0]
    if header_at + 1 >= len(lines) or not _SEPARATOR.match(lines[header_at + 1].strip()):
        raise TableDataError(source, "header", "the header is not followed by a |---| separator")

    rows: list[dict[str, Any]] = []
    for line in lines[header_at + 2 :]:
        if not _is_row(line):
            break  # the legend, or whatever follows the table
        cells = _cells(line)
        where = f"row {len(rows) + 1} ({cells[0]!r})"
        if len(cells) != len(_HEADER):
            raise TableDataError(source, where, f"{len(cells)} cells, expected {len(_HEADER)}")
        band = _BAND.match(cells[0])
        if band is None:
            raise TableDataError(source, where, "first cell should be a location and band")
        try:
            location = HitLocation(band["location"].lower())
        except ValueError:
            known = ", ".join(loc.value.title() for loc in HitLocation)
            raise TableDataError(
                source, where, f"unknown location {band['location']!r} (known: {known})"
            ) from None
        low = int(band["low"])
        row: dict[str, Any] = {
            "low": low,
            "high": int(band["high"] or low),
            "location": location.value,
        }
        for severity, cell in zip(_COLUMNS, cells[1:], strict=True):
            row[severity] = _cell_data(cell, severity, source, f"{where} column {severity}")
        rows.append(row)
    if not rows:
        raise TableDataError(source, "rows", "the table has a header but no rows")

    header = {
        "name": name,
        "kind": "critical",
        "title": title,
        "source": source,
        "provisional": False,
    }
    return critical_table_from_data({"table": header, "rows": rows}, source)
