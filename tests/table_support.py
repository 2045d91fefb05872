"""What the table import tests share: a critical table in the Markdown import format, its rows
the 20 location bands every rmu critical table has (RMU-BP-1)."""

from __future__ import annotations

from firefight.rulesets.rmu.critical_table import LOCATION_BANDS

#: Markdown's header and separator lines of a critical table.
HEADER = "| Roll | A | B | C | D | E |\n|---|---|---|---|---|---|\n"


def critical_rows(cells: str, rows: slice = slice(None)) -> str:
    """The ``rows`` of RMU-BP-1's bands, each reading ``cells`` (the five cells, A to E)."""
    return "".join(
        f"| {where.value.title()}{low} - {high} | {cells} |\n"
        for low, high, where in LOCATION_BANDS[rows]
    )


def critical_markdown(title: str, cells: str) -> str:
    """A table titled ``title`` whose every row reads ``cells``."""
    return f"{title}\n{HEADER}{critical_rows(cells)}"
