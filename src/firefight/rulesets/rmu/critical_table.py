"""Critical tables: a d100 roll and a severity give a location and a cell of mechanics.

RMU critical tables share one layout: 20 row bands, each naming a location band, crossed with
severities A-E (RMU-GEN-6, RMU-BP-1). A cell is pure mechanics (RMU-GEN-7) plus a short label;
prose stays with the GM, who may import their own copy
(:mod:`firefight.rulesets.rmu.critical_markdown`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any

from firefight.errors import TableDataError
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_reading import d100_rows, header_fields
from firefight.serialize import omitted_when
from firefight.tables.shipped import checked

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "CriticalEffect",
    "CriticalRow",
    "CriticalTable",
    "HitLocation",
    "critical_table_from_data",
    "critical_table_from_shipped",
    "critical_table_to_data",
]

_BASE = (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E)


class HitLocation(Enum):
    """The five location bands critical tables and armor coverage use (RMU-ARM-2)."""

    HEAD = "head"
    CHEST = "chest"
    ABDOMEN = "abdomen"
    ARM = "arm"
    LEG = "leg"


_BANDS = (
    (1, 1, "head"), (2, 3, "chest"), (4, 5, "abdomen"), (6, 10, "leg"), (11, 15, "arm"),
    (16, 20, "head"), (21, 25, "chest"), (26, 35, "abdomen"), (36, 45, "leg"), (46, 55, "arm"),
    (56, 65, "arm"), (66, 66, "abdomen"), (67, 75, "leg"), (76, 80, "chest"), (81, 85, "head"),
    (86, 90, "arm"), (91, 95, "leg"), (96, 97, "abdomen"), (98, 99, "chest"), (100, 100, "head"),
)  # fmt: skip
#: The 20 location bands every critical table has (RMU-BP-1). A critical's location is read
#: from them before the table is chosen (armor covering it or not: RMU-ARM-3), so a table with
#: bands of its own would name one location and read another's cell.
LOCATION_BANDS: tuple[tuple[int, int, HitLocation], ...] = tuple(
    (low, high, HitLocation(where)) for low, high, where in _BANDS
)


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalEffect:
    """The mechanics of one critical cell (RMU-GEN-7). Penalties are stored as negative numbers.

    >>> CriticalEffect(label="x", hits=10, bleed=5, stun_rounds=2, stun_penalty=-25,
    ...                injury=-5).summary()
    '+10H, bleed 5/rnd, stun 2 rnd at -25, injury -5'
    """

    label: str
    hits: int = 0
    bleed: int = 0
    stun_rounds: int = 0
    stun_penalty: int = 0
    staggered: int = 0
    injury: int = 0
    fatigue: int = 0
    prone: bool = False
    dying_rounds: int | None = None
    dead: bool = False
    attacker_bonus: int = 0
    breakage: int | None = None
    # A grapple critical's hold on the victim, in percent (DATA.md: Grapple cells are holds).
    # Left out of the logged event at 0, so logs written before holds existed read back and
    # write the same bytes.
    hold: int = omitted_when(lambda hold: hold == 0, 0)
    # The GM's own prose for the cell, only ever set by an import from their copy of the table.
    text: str = ""

    def summary(self) -> str:
        parts = [f"+{self.hits}H"]
        if self.bleed:
            parts.append(f"bleed {self.bleed}/rnd")
        if self.stun_rounds:
            parts.append(f"stun {self.stun_rounds} rnd at {self.stun_penalty}")
        if self.staggered:
            parts.append(f"staggered {self.staggered} AP")
        if self.injury:
            parts.append(f"injury {self.injury}")
        if self.fatigue:
            parts.append(f"fatigue {self.fatigue}")
        if self.prone:
            parts.append("prone")
        if self.dying_rounds is not None:
            parts.append(f"dying in {self.dying_rounds} rnd")
        if self.dead:
            parts.append("dead")
        if self.attacker_bonus:
            parts.append(f"attacker +{self.attacker_bonus} next action this round")
        if self.breakage is not None:
            parts.append(f"breakage check {self.breakage:+d}")
        if self.hold:
            parts.append(f"grappled {self.hold}%")
        return ", ".join(parts)

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalRow:
    low: int
    high: int
    location: HitLocation
    cells: tuple[CriticalEffect, ...]  # A-E

    @property
    def label(self) -> str:
        return _rolls(self.low, self.high)

    def cell(self, severity: Severity) -> CriticalEffect:
        return self.cells[_BASE.index(severity)]


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalTable:
    name: str
    title: str
    source: str
    provisional: bool
    derivation: str
    rows: tuple[CriticalRow, ...]
    #: The row each roll from 1 to 100 reads (:meth:`row_for`), made once with the table: a
    #: critical finds its row four times (its location, its cells, the breakage check's cell),
    #: and reading its twenty rows until the roll falls in one cost about twice an index.
    _by_roll: tuple[CriticalRow | None, ...] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        by_roll: list[CriticalRow | None] = [None] * 100
        for row in self.rows:
            for roll in range(max(1, row.low), min(100, row.high) + 1):
                if by_roll[roll - 1] is None:  # the first row holding a roll reads it
                    by_roll[roll - 1] = row
        object.__setattr__(self, "_by_roll", tuple(by_roll))

    def __repr__(self) -> str:
        return f"<CriticalTable {self.name!r}>"

    @property
    def short_title(self) -> str:
        """The title without its note in brackets ("Ballistic Impact (stand-in)" is "Ballistic
        Impact"): what a critical is called where it is told (DEC-682)."""
        return self.title.split(" (", 1)[0].strip() or self.name

    def row_for(self, roll: int) -> CriticalRow:
        """The row a critical roll reads; rolls past 100 (RULINGS P-6) read the 100 row."""
        row = self._by_roll[max(1, min(100, roll)) - 1]
        if row is None:
            raise AssertionError("rows are validated to cover 1-100")  # pragma: no cover
        return row

    def lower_row(self, row: CriticalRow, location: HitLocation) -> CriticalRow | None:
        """The nearest row below ``row`` that hits ``location``, if any: where the step-down
        (:meth:`stepped_down`) and a called shot that lands elsewhere (RULINGS R-7) read."""
        below = [r for r in self.rows if r.high < row.low and r.location is location]
        return below[-1] if below else None

    def stepped_down(self, roll: int, steps: int) -> CriticalRow:
        """The row a result ``steps`` severities below A reads (RMU step-down, RULINGS V-1).

        Each step moves to the next lower row that hits the same location, read on the A
        column; when no lower row hits it, the 01 row.

        >>> from firefight.rulesets.rmu.table_kinds import RmuTables
        >>> table = RmuTables().critical("ballistic-puncture")
        >>> table.stepped_down(40, 1).label   # leg 36-45 -> leg 06-10
        '06-10'
        >>> table.stepped_down(8, 1).label    # leg 06-10 has no lower leg row -> 01
        '01'
        """
        row = self.row_for(roll)
        for _ in range(steps):
            row = self.lower_row(row, row.location) or self.rows[0]
        return row

    def lookup(self, roll: int, severity: Severity) -> tuple[tuple[Severity, CriticalEffect], ...]:
        """Every cell a severity reads on one roll (F-J read E and more: RULINGS P-7)."""
        row = self.row_for(roll)
        return tuple((s, row.cell(s)) for s in severity.components)


def _file_model() -> type[BaseModel]:
    from firefight.rulesets.rmu.table_files import CriticalFile

    return CriticalFile


def critical_table_from_data(data: dict[str, Any], label: str) -> CriticalTable:
    """A table file validated (a user's copy: errors name the file and the row), its rows
    the location bands of RMU-BP-1."""
    table = _critical_table(checked(_file_model, data, label, validate=True), label)
    _check_bands(table, label)
    return table


def _rolls(low: int, high: int) -> str:
    """A band's rolls as the tables print them: ``01``, ``02-03``."""
    return f"{low:02d}" if low == high else f"{low:02d}-{high:02d}"


def _band(low: int, high: int, location: HitLocation) -> str:
    return f"{_rolls(low, high)} {location.value}"


def _check_bands(table: CriticalTable, label: str) -> None:
    """Refuse a table whose rows are not :data:`LOCATION_BANDS`, naming the first row that
    differs and listing the bands."""
    found = [(r.low, r.high, r.location) for r in table.rows]
    for number, (got, want) in enumerate(zip(found, LOCATION_BANDS, strict=False), start=1):
        if got != want:
            bands = ", ".join(_band(*b) for b in LOCATION_BANDS)
            raise TableDataError(
                label,
                f"row {number} ({_band(*got)})",
                f"should be {_band(*want)}: every rmu critical table has the 20 location "
                f"bands of RMU-BP-1 ({bands}), as a critical's location is read from them "
                "whatever the table",
            )


def critical_table_from_shipped(data: dict[str, Any], label: str) -> CriticalTable:
    """A table file firefight ships, read as written (:mod:`firefight.tables.shipped`)."""
    return _critical_table(data, label)


def _critical_table(data: dict[str, Any], label: str) -> CriticalTable:
    rows: list[CriticalRow] = []
    for _, row in d100_rows(data["rows"], label):
        cells = tuple(CriticalEffect(**row[s.value]) for s in _BASE)
        location = HitLocation(row["location"])
        rows.append(CriticalRow(low=row["low"], high=row["high"], location=location, cells=cells))
    head = data["table"]
    return CriticalTable(
        **header_fields(head),
        rows=tuple(rows),
    )


def critical_table_to_data(table: CriticalTable) -> dict[str, Any]:
    """The inverse of :func:`critical_table_from_data` (used by the importer to write TOML).

    Fields at their defaults are left out, so a cell without imported prose carries no ``text``.
    """
    defaults = {f.name: f.default for f in fields(CriticalEffect)}
    rows: list[dict[str, Any]] = []
    for row in table.rows:
        entry: dict[str, Any] = {"low": row.low, "high": row.high, "location": row.location.value}
        for sev, cell in zip(_BASE, row.cells, strict=True):
            entry[sev.value] = {
                k: v
                for k, v in cell.to_json().items()
                if k in ("label", "hits") or v != defaults[k]
            }
        rows.append(entry)
    header: dict[str, Any] = {
        "name": table.name,
        "kind": "critical",
        "title": table.title,
        "source": table.source,
        "provisional": table.provisional,
    }
    if table.derivation:
        header["derivation"] = table.derivation
    return {"table": header, "rows": rows}
