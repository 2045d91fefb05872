"""Tables that fit the terminal without cutting what must be typed (issue 17).

A column a person types from (a weapon's key, a combatant's name) is never wrapped or cut:
the other columns wrap instead. Printed to a pipe or a file, a table is as wide as its
widest row, so that nothing is cut there either.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich.table import Table as RichTable

from firefight.cli.common import console
from firefight.cli.resolving import new_console

__all__ = ["print_table", "typed_table"]

# Wide enough for any row a table here holds: rich gives a table no more than it needs.
_PIPE_WIDTH = 2_000


def typed_table(
    title: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    typed: Collection[str],
) -> RichTable:
    """A table whose ``typed`` columns are never cut: they keep their widest cell's width."""
    rows = [list(r) for r in rows]
    table = RichTable(title=title)
    for i, col in enumerate(columns):
        if col in typed:
            widest = max([len(col), *(len(r[i]) for r in rows if i < len(r))])
            table.add_column(col, no_wrap=True, min_width=widest)
        else:
            table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def print_table(table: RichTable) -> None:
    """Print ``table`` to the terminal's width, or whole when the output is not a terminal."""
    out = console if console.is_terminal else new_console(width=_PIPE_WIDTH, highlight=False)
    out.print(table)
