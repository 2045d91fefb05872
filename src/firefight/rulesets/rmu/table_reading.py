"""What rmu's table readers share: the header every table keeps, and the d100 bands a rolled
table's rows run through (a critical table, the Firearm Fumble table), read from a file's data
as :func:`~firefight.tables.shipped.checked` hands it over."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from firefight.errors import TableDataError

__all__ = ["d100_rows", "header_fields"]


def header_fields(head: dict[str, Any]) -> dict[str, Any]:
    """The ``[table]`` header's fields every rmu table keeps: where its figures come from (a
    file firefight ships may leave ``derivation`` out).

    >>> header_fields({"name": "t", "title": "T", "source": "s", "provisional": False})
    {'name': 't', 'title': 'T', 'source': 's', 'provisional': False, 'derivation': ''}
    """
    return {
        "name": head["name"],
        "title": head["title"],
        "source": head["source"],
        "provisional": head["provisional"],
        "derivation": head.get("derivation", ""),
    }


def d100_rows(rows: Iterable[dict[str, Any]], label: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each row of a table rolled on d100, with where it stands in words (``row 3 (11-15)``),
    once its band is checked: each band starts where the one before it ended and the last
    ends at 100, else :class:`~firefight.errors.TableDataError` naming ``label`` and the row.
    The end is checked after the last row is read, so a bad row before it is told first.

    >>> [where for where, _ in d100_rows([{"low": 1, "high": 60}, {"low": 61, "high": 100}], "t")]
    ['row 1 (1-60)', 'row 2 (61-100)']
    """
    expected, number = 1, 0
    for number, row in enumerate(rows, start=1):
        low, high = row["low"], row["high"]
        where = f"row {number} ({low}-{high})"
        if low != expected or high < low:
            # The fault may be the row before's end: say where that one stopped.
            after = f", as row {number - 1} ends at {expected - 1}" if number > 1 else ""
            raise TableDataError(label, where, f"expected a band starting at {expected}{after}")
        expected = high + 1
        yield where, row
    if expected != 101:
        raise TableDataError(label, f"row {number}", f"rows end at {expected - 1}, not 100")
