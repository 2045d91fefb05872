"""Kinds of data table: what a ruleset's ``[table] kind`` names and how to read, write and show it.

The tables layer knows no kind by name: each ruleset hands its kinds over
(:meth:`~firefight.rulesets.base.Ruleset.table_kinds`), so a new ruleset brings its own kinds of
table with it. A kind reads a parsed TOML file into its typed table, may write one back (then a
GM can import a table of this kind from their own copy) and lays a table out as a grid of text
for ``firefight tables show``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from firefight.wording import either

__all__ = ["DataTable", "Grid", "TableKind"]


class DataTable(Protocol):
    """What every kind of table carries: its name and where its figures come from."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def source(self) -> str: ...

    @property
    def provisional(self) -> bool: ...

    @property
    def derivation(self) -> str: ...


T = TypeVar("T", bound=DataTable)


@dataclass(frozen=True, slots=True)
class Grid:
    """A table laid out for a reader: column headings, then rows of cells (a cell may hold
    line breaks)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class TableKind(Generic[T]):
    """One kind of table: ``name`` is what ``[table] kind`` says; ``from_data`` validates a
    parsed file (``label`` names it in errors); ``from_shipped``, when given, reads a file the
    ruleset ships without validating it (the tests hold every shipped file to ``from_data``:
    :mod:`firefight.tables.shipped`); ``to_data`` is its inverse, for imports;
    ``from_markdown(text, name, title, source)`` reads the GM's own copy; ``grid`` lays it out."""

    name: str
    type: type[T]
    from_data: Callable[[dict[str, Any], str], T]
    grid: Callable[[T], Grid]
    to_data: Callable[[T], dict[str, Any]] | None = None
    from_markdown: Callable[[str, str, str | None, str], T] | None = None
    from_shipped: Callable[[dict[str, Any], str], T] | None = None

    def show(self, table: DataTable) -> Grid:
        assert isinstance(table, self.type)
        return self.grid(table)


def kind_names(kinds: Sequence[TableKind[Any]]) -> str:
    """``'attack' or 'critical'``: the kinds a file may name, for an error."""
    return either([repr(k.name) for k in kinds])
