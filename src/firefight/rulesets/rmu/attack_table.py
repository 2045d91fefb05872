"""Attack tables: an attack total and an armor column give concussion hits and maybe a critical.

Rows are 3-point bands (65-67 ... 173-175 for RMU weapon tables); columns are the defender's
protection (``AT 1`` ... ``AT 10`` naked, ``BA I`` ... ``BA IV`` ballistic armor). A cell is
written compactly in data files: ``"12"`` is 12 hits, ``"12B"`` is 12 hits and a B critical,
``"12BP"`` names the critical's type too (a letter: P Puncture, S Slash... as melee tables print
it; a table whose cells carry no letter leaves the type to whoever reads it).

Totals above the last row read the last row and add to the critical roll (RULINGS P-6); totals
below the first row do nothing.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from firefight.errors import TableDataError, UnknownNameError
from firefight.frozen import quick_init
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_reading import header_fields
from firefight.tables.shipped import checked

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "AttackCell",
    "AttackResult",
    "AttackRow",
    "AttackTable",
    "attack_table_from_data",
    "attack_table_from_shipped",
]

_CELL = re.compile(r"^(\d+)(?:([A-J])([A-Z])?)?$")


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackCell:
    """Concussion hits and, at or past the column's breaking point, a critical severity.

    >>> AttackCell.parse("12B")
    AttackCell(hits=12, severity=<Severity.B: 'B'>, critical=None)
    >>> str(AttackCell.parse("13BP"))
    '13BP'
    >>> str(AttackCell(hits=3, severity=None))
    '3'
    """

    hits: int
    severity: Severity | None = None
    critical: str | None = None  # the critical type's letter, when the cell prints one

    @classmethod
    def parse(cls, text: str) -> AttackCell:
        match = _CELL.match(text.strip())
        if not match:
            raise ValueError(
                f"cell {text!r} is not hits with an optional severity A-J and critical letter "
                "(e.g. '12B', '13BP')"
            )
        sev = Severity(match.group(2)) if match.group(2) else None
        return cls(hits=int(match.group(1)), severity=sev, critical=match.group(3))

    def __str__(self) -> str:
        sev = self.severity.value if self.severity else ""
        return f"{self.hits}{sev}{self.critical or ''}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRow:
    low: int
    high: int
    cells: tuple[AttackCell, ...]

    @property
    def label(self) -> str:
        return f"{self.low}-{self.high}"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackResult:
    """What a total reads on a column: ``row`` is None when the total is below the table."""

    row: AttackRow | None
    column: str
    cell: AttackCell
    critical_roll_bonus: int = 0

    @property
    def hits(self) -> int:
        return self.cell.hits

    @property
    def severity(self) -> Severity | None:
        return self.cell.severity


_NO_EFFECT = AttackCell(hits=0, severity=None)


@lru_cache(maxsize=64)
def _below(column: str) -> AttackResult:
    """A total below the table, read in ``column``: no effect, whatever the table (nothing of
    any table's figures in it), so one for each column name, shared: most of a fight's
    attack totals fall below the table."""
    return AttackResult(row=None, column=column, cell=_NO_EFFECT)


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackTable:
    name: str
    title: str
    source: str
    provisional: bool
    derivation: str
    columns: tuple[str, ...]
    rows: tuple[AttackRow, ...]
    #: What each total from the first row's low to the last row's high reads, per column, made
    #: at a column's first lookup (:meth:`lookup`): a fight reads a few columns of a few tables
    #: some forty times each, and a total's row found by halving, with its result built, cost
    #: some ten times an index. Kept in the table itself, so it holds this table's cells only.
    _reads: dict[str, tuple[AttackResult, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __repr__(self) -> str:
        return f"<AttackTable {self.name!r} rows {self.rows[0].low}-{self.rows[-1].high}>"

    def column_index(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise UnknownNameError(f"column of {self.name}", column, self.columns) from None

    def lookup(self, total: int, column: str) -> AttackResult:
        """Read ``total`` in ``column`` (RMU-GEN-5; RULINGS P-6 above the top row).

        >>> t = AttackTable(name="t", title="t", source="s", provisional=True, derivation="",
        ...     columns=("AT 1",), rows=(
        ...         AttackRow(low=65, high=67, cells=(AttackCell(hits=1),)),
        ...         AttackRow(low=68, high=70, cells=(AttackCell(hits=2, severity=Severity.A),)),
        ...     ))
        >>> t.lookup(64, "AT 1").row is None
        True
        >>> t.lookup(81, "AT 1").critical_roll_bonus   # 11 over the top: +1 per 5, rounded up
        3
        """
        reads = self._reads.get(column)
        if reads is None:
            reads = self._reads[column] = self._column_reads(column)
        at = total - self.rows[0].low
        if at < 0:
            return _below(column)
        if at < len(reads):
            return reads[at]
        top = self.rows[-1]
        bonus = math.ceil((total - top.high) / 5)
        return AttackResult(
            row=top,
            column=column,
            cell=top.cells[self.column_index(column)],
            critical_roll_bonus=bonus,
        )

    def _column_reads(self, column: str) -> tuple[AttackResult, ...]:
        """What each total on the table reads in ``column``, the first row's low first."""
        index = self.column_index(column)
        reads: list[AttackResult] = []
        for row in self.rows:
            # The rows run up without gaps (validated), so each total falls in one row.
            if row.low != self.rows[0].low + len(reads):
                raise AssertionError("rows are validated to be contiguous")  # pragma: no cover
            result = AttackResult(row=row, column=column, cell=row.cells[index])
            reads.extend([result] * (row.high - row.low + 1))
        return tuple(reads)

    def breaking_point(self, column: str) -> int | None:
        """The lowest total that gives a critical in ``column`` (RMU-ARM-6), or None."""
        index = self.column_index(column)
        for row in self.rows:
            if row.cells[index].severity is not None:
                return row.low
        return None

    def column_cells(self, column: str) -> tuple[AttackCell, ...]:
        index = self.column_index(column)
        return tuple(row.cells[index] for row in self.rows)


def _file_model() -> type[BaseModel]:
    from firefight.rulesets.rmu.table_files import AttackFile

    return AttackFile


def attack_table_from_data(data: dict[str, Any], label: str) -> AttackTable:
    """A table file validated (a user's copy: errors name the file and the row)."""
    return _attack_table(checked(_file_model, data, label, validate=True), label)


def attack_table_from_shipped(data: dict[str, Any], label: str) -> AttackTable:
    """A table file firefight ships, read as written (:mod:`firefight.tables.shipped`)."""
    return _attack_table(data, label)


def _attack_table(data: dict[str, Any], label: str) -> AttackTable:
    head = data["table"]
    columns = tuple(head["columns"])
    rows: list[AttackRow] = []
    for number, row in enumerate(data["rows"], start=1):
        where = f"row {number} ({row['low']}-{row['high']})"
        if len(row["cells"]) != len(columns):
            raise TableDataError(
                label, where, f"{len(row['cells'])} cells for {len(columns)} columns"
            )
        try:
            cells = tuple(AttackCell.parse(c) for c in row["cells"])
        except ValueError as exc:
            raise TableDataError(label, where, str(exc)) from None
        rows.append(AttackRow(low=row["low"], high=row["high"], cells=cells))
    return AttackTable(
        **header_fields(head),
        columns=columns,
        rows=tuple(rows),
    )
