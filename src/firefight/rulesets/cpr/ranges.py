"""DV tables by distance: the range table (CPR-RNG-1) and the autofire table (C-5).

Both are read the same way: the weapon family picks the row, the distance in metres picks the
band (a fractional distance is rounded up first, C-2), and the cell is the DV, or "—" where the
weapon does not reach, which is refused.

>>> from firefight.rulesets.cpr.data import CprData
>>> ranges = CprData().ranges
>>> ranges.band_for(18).label
'13-25 m'
>>> ranges.read("pistol", 18).dv
20
>>> ranges.band_for(6.2).label
'7-12 m'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal, UnknownNameError
from firefight.frozen import quick_init
from firefight.rulesets.cpr.datafile import load
from firefight.trace import TraceBuilder
from firefight.wording import length_words

__all__ = [
    "Band",
    "DvRead",
    "DvTable",
    "load_dv_table",
    "to_the_centimetre",
    "trace_range",
    "whole_metres",
]

#: How the source marks a band the weapon does not reach.
OUT_OF_REACH = "—"


def whole_metres(distance_m: float) -> int:
    """A distance as the whole metres the tables read: fractions round up (C-2), counted to
    the centimetre, so a hair over a whole number (7.0007 m) reads as that number for a
    grenade's throw as for a shot, whose distance the encounter measures to the hundredth.

    >>> whole_metres(12.0), whole_metres(12.01), whole_metres(12.004)
    (12, 13, 12)
    """
    if not 0 <= distance_m < math.inf:
        raise RuleRefusal("C-2", f"A distance of {distance_m!r} m is not a distance.")
    return math.ceil(to_the_centimetre(distance_m))


def to_the_centimetre(distance_m: float) -> float:
    """A distance as cpr counts it: to the hundredth of a metre (:func:`whole_metres`)."""
    return round(distance_m, 2)


@dataclass(frozen=True, slots=True, kw_only=True)
class Band:
    """One distance column: whole metres ``low_m`` to ``high_m``, both included."""

    index: int
    low_m: int
    high_m: int

    @property
    def label(self) -> str:
        return f"{self.low_m}-{self.high_m} m"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DvRead:
    """A cell read: the row, the band, the whole metres looked up, and the DV."""

    table: str
    rule: str
    row: str
    row_name: str
    band: Band
    metres: int
    dv: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DvTable:
    """A DV table: rows by weapon family, columns by distance band; ``None`` is out of reach."""

    name: str
    title: str
    noun: str
    source: str
    rule: str
    bands: tuple[Band, ...]
    rows: dict[str, tuple[int | None, ...]]
    row_names: dict[str, str]

    def band_for(self, distance_m: float, *, rule: str | None = None) -> Band:
        """The band a distance falls in; past the last band is refused."""
        metres = whole_metres(distance_m)
        for band in self.bands:
            if band.low_m <= metres <= band.high_m:
                return band
        last = self.bands[-1].high_m
        raise RuleRefusal(
            rule or self.rule,
            f"{distance_m:g} m is past the last band of the {self.noun} ({last} m).",
        )

    def read(
        self, row: str, distance_m: float, *, weapon: str | None = None, rule: str | None = None
    ) -> DvRead:
        """The DV for ``row`` at ``distance_m``; a "—" cell is refused, naming the weapon."""
        if row not in self.rows:
            raise UnknownNameError(f"{self.name} row", row, self.rows)
        band = self.band_for(distance_m, rule=rule)
        dv = self.rows[row][band.index]
        if dv is None:
            reach = max(
                (
                    b.high_m
                    for b, cell in zip(self.bands, self.rows[row], strict=True)
                    if cell is not None
                ),
                default=0,
            )
            what = weapon or self.row_names[row]
            raise RuleRefusal(
                rule or self.rule,
                f"The {what} does not reach {distance_m:g} m on the {self.noun} "
                f"(its row ends at {reach} m).",
            )
        return DvRead(
            table=self.name,
            rule=self.rule,
            row=row,
            row_name=self.row_names[row],
            band=band,
            metres=whole_metres(distance_m),
            dv=dv,
        )


def trace_range(tb: TraceBuilder, read: DvRead, distance_m: float, table: str) -> None:
    """Trace the distance, its rounding (C-2) and the DV read (the table's own rule)."""
    if read.metres != to_the_centimetre(distance_m):
        tb.step(
            f"{length_words(distance_m, 'm')} rounds up to {read.metres} m for the table.", "C-2"
        )
    tb.lookup(
        table=table, row=read.row_name, column=read.band.label, cell=str(read.dv), rule=read.rule
    )


def load_dv_table(file: str, rule: str, noun: str, *, validate: bool = False) -> DvTable:
    """Load a DV table file (``ranges.toml`` or ``autofire.toml``); ``noun`` names it in
    refusals ("range table")."""
    data = load(file, "DvFile", validate=validate)
    bands = tuple(
        Band(index=i, low_m=low, high_m=high) for i, (low, high) in enumerate(data["bands_m"])
    )
    header = data["table"]
    return DvTable(
        name=header["name"],
        title=header["title"],
        noun=noun,
        source=header["source"],
        rule=rule,
        bands=bands,
        rows={
            r["key"]: tuple(None if cell == OUT_OF_REACH else int(cell) for cell in r["dv"])
            for r in data["row"]
        },
        row_names={r["key"]: r["name"] for r in data["row"]},
    )
