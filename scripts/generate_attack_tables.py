"""Generate the stand-in RMU firearm attack tables (DATA.md; RMU-GEN-5, RMU-ARM-1, RMU-ARM-6).

The conversion (seed 000) lost its attack tables in extraction; only their properties survive
in the prose. This script rebuilds both tables from a small parametric model whose knobs are
the named constants below, so that a change of mind is a one-line edit followed by a rerun.
``tests/test_rmu_attack_tables.py`` asserts every property the source states and that the
shipped files match what :func:`build_tables` returns.

The model, per table:

* **Hits.** The naked AT 1 column follows one smooth curve of the band's middle total,
  ``start + span * x ** curve`` with ``x`` running 0 → 1 over the table, rounded. Every other
  column is a fixed fraction of that integer AT 1 column: AT n loses a straight-line share of
  it (none at AT 1, ``at10_loss`` at AT 10, rounded to nearest); a BA column keeps a small
  share below its breaking point (the vest eats the shot) and a larger one from it on (the
  round is through), rounded down so that a vest never matches bare clothes.
* **Severities.** Each column has a breaking point (a row's low total); the critical there is
  A and climbs one step every few rows, up to the column's ceiling. AT n's breaking point
  sits ``AT_BREAK_SHIFT`` points later per column than AT 1's.

Run from the repository root: ``python scripts/generate_attack_tables.py``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stand_in_tables import (
    AT_COLUMNS,
    BA_COLUMNS,
    ROW_WIDTH,
    WEAPON_FRAME,
    attack_table_data,
    write_table_data,
)

__all__ = [
    "BA_SHARE_BELOW",
    "BA_SHARE_FROM",
    "CALIBERS",
    "Caliber",
    "build_table",
    "build_tables",
    "kept_hits",
    "main",
]

# --- the table's frame (DATA.md, P-6: WEAPON_FRAME) -------------------------------------------

COLUMNS = AT_COLUMNS + BA_COLUMNS
SEVERITIES = "ABCDEFGHIJ"

# --- shared shape of the model --------------------------------------------------------------

# AT 1 hits bend slightly upward: a well-placed shot gains more per point near the top.
HIT_CURVE = 1.2
# Each heavier naked AT column starts criticals this many points later (AT 10: +27).
AT_BREAK_SHIFT = 3
# Rows per severity step past a breaking point. Naked and soft columns climb one step per 15
# points, about the pace of RMU weapon tables; hard plate gives criticals late but stacks them
# faster (12 points), as the conversion says of the spell tables it modelled the pacing on.
AT_STEP_ROWS = 5
SOFT_STEP_ROWS = 5
HARD_STEP_ROWS = 4
STEP_ROWS = {
    "BA I": SOFT_STEP_ROWS,
    "BA II": SOFT_STEP_ROWS,
    "BA III": HARD_STEP_ROWS,
    "BA IV": HARD_STEP_ROWS,
}
# Share of the AT 1 hits a vest lets through, below and from its breaking point.
BA_SHARE_BELOW = {"BA I": 0.35, "BA II": 0.30, "BA III": 0.25, "BA IV": 0.20}
BA_SHARE_FROM = {"BA I": 0.80, "BA II": 0.75, "BA III": 0.65, "BA IV": 0.55}


@dataclass(frozen=True, slots=True, kw_only=True)
class Caliber:
    """The knobs that differ between the two tables."""

    name: str
    title: str
    guns: str
    hits_start: float  # AT 1 hits at the bottom of the table (band 65-67)
    hits_span: float  # AT 1 hits gained from the bottom band to the top one
    # Share of AT 1's hits that AT 10 takes away, before rounding; set so that the rounded
    # table loses the source's figure (58% for 9 mm, 54% for 7.62 mm).
    at10_loss: float
    at1_break: int  # AT 1 breaking point (a row's low total)
    at_ceiling: str  # worst severity on the naked columns
    ba_break: dict[str, int]  # breaking point per BA column
    ba_ceiling: dict[str, str]  # worst severity per BA column


# 9 mm: breaking points on the BA columns are the source's (Glock 17); E on bare skin, D through
# soft armor (one step below), B at worst against BA IV. First naked critical at 86.
NINE_MM = Caliber(
    name="firearm-9mm",
    title="Firearm attack table: 9 mm (Glock 17, Zastava M85)",
    guns="Glock 17 and Zastava M85",
    hits_start=1.0,
    hits_span=23.0,
    at10_loss=0.575,
    at1_break=86,
    at_ceiling="E",
    ba_break={"BA I": 101, "BA II": 113, "BA III": 128, "BA IV": 161},
    ba_ceiling={"BA I": "D", "BA II": "D", "BA III": "C", "BA IV": "B"},
)

# 7.62 mm: a hotter round. Start and span set so the rounded table deals about 2.7x the 9 mm's
# hits overall and more than 2x in every cell. F on bare skin (E through soft armor); criticals
# start earlier on the naked and lighter armored columns. BA IV keeps the 9 mm's breaking point
# (the source lowers only the lighter classes'), so within the table it too stops at B.
SEVEN_62_MM = Caliber(
    name="firearm-7.62mm",
    title="Firearm attack table: 7.62 mm (SKS-46)",
    guns="SKS-46",
    hits_start=6.0,
    hits_span=52.0,
    at10_loss=0.54,
    at1_break=77,
    at_ceiling="F",
    ba_break={"BA I": 89, "BA II": 98, "BA III": 110, "BA IV": 161},
    ba_ceiling={"BA I": "E", "BA II": "E", "BA III": "D", "BA IV": "B"},
)

CALIBERS = (NINE_MM, SEVEN_62_MM)

SOURCE = (
    "000 (RMU firearms conversion), sections Ballistic Body Armor (breaking points, the "
    "soft-armor ceiling, 9 mm against BA IV, lighter classes lowered by a hotter round), "
    "Emptying the Gun (7.62 mm against 9 mm hits, F against E) and What They Are Loaded With "
    "(AT 1 to AT 10 hit loss); the real table was lost in extraction"
)

DERIVATION = (
    "Stand-in generated by scripts/generate_attack_tables.py; rerun it rather than editing by "
    "hand. AT 1 hits follow one curve of the band's middle total, start + span * x^{curve} "
    "with x from 0 at the bottom band to 1 at the top (start {start}, span {span}), rounded. "
    "Column AT n keeps 1 - {loss} * (n - 1) / 9 of the AT 1 hits, rounded. A BA column keeps "
    "a small share of them below its breaking point and a larger share from it on (BA I-IV "
    "{below} then {above}), rounded down so no vest equals bare clothes. Criticals start at A "
    "on each column's breaking point (AT 1 at {at1}, each heavier AT column {shift} later; "
    "BA I-IV at {ba}) and climb one step every {at_step} rows on naked and soft columns, "
    "every {hard_step} rows on hard plate, up to the column's ceiling (naked {at_top}, "
    "BA I-IV {ba_top}). Targets met: AT 1 to AT 10 loses 58% of the hits for 9 mm and 54% for "
    "7.62 mm (1 - sum of AT 10 hits / sum of AT 1 hits over all rows); the 7.62 mm table "
    "deals more than twice the 9 mm's hits in every cell where the 9 mm deals any, and about "
    "2.7 times as many in all (sum of hits over every cell of one table divided by the "
    "other's, both tables having the same rows and columns)."
)


# --- the model --------------------------------------------------------------------------------


def at1_hits(caliber: Caliber, low: int) -> int:
    """Naked AT 1 hits for the band starting at ``low``."""
    x = WEAPON_FRAME.position(low)
    return round(caliber.hits_start + caliber.hits_span * math.pow(x, HIT_CURVE))


def kept_hits(
    at1: int, column: str, low: int, *, at10_loss: float, ba_break: Mapping[str, int]
) -> int:
    """``column``'s hits in the band starting at ``low``, from the AT 1 column's ``at1``: AT n
    loses a straight-line share of them (``at10_loss`` at AT 10), rounded; a BA column keeps a
    small share below its breaking point and a larger one from it on, rounded down."""
    if column in AT_COLUMNS:
        return round(at1 * (1 - at10_loss * AT_COLUMNS.index(column) / 9))
    share = BA_SHARE_FROM[column] if low >= ba_break[column] else BA_SHARE_BELOW[column]
    return math.floor(at1 * share)


def column_hits(caliber: Caliber, column: str, low: int) -> int:
    return kept_hits(
        at1_hits(caliber, low),
        column,
        low,
        at10_loss=caliber.at10_loss,
        ba_break=caliber.ba_break,
    )


def column_severity(caliber: Caliber, column: str, low: int) -> str:
    """The column's critical for the band starting at ``low``, or "" below its breaking point."""
    if column in AT_COLUMNS:
        start = caliber.at1_break + AT_BREAK_SHIFT * AT_COLUMNS.index(column)
        step_rows, ceiling = AT_STEP_ROWS, caliber.at_ceiling
    else:
        start = caliber.ba_break[column]
        step_rows, ceiling = STEP_ROWS[column], caliber.ba_ceiling[column]
    if low < start:
        return ""
    step = (low - start) // (ROW_WIDTH * step_rows)
    return SEVERITIES[min(step, SEVERITIES.index(ceiling))]


def build_table(caliber: Caliber) -> dict[str, Any]:
    """The TOML data (``[table]`` and ``[[rows]]``) of one caliber's attack table."""
    derivation = DERIVATION.format(
        curve=HIT_CURVE,
        start=_number(caliber.hits_start),
        span=_number(caliber.hits_span),
        loss=caliber.at10_loss,
        below=" / ".join(str(BA_SHARE_BELOW[c]) for c in BA_COLUMNS),
        above=" / ".join(str(BA_SHARE_FROM[c]) for c in BA_COLUMNS),
        at1=caliber.at1_break,
        shift=AT_BREAK_SHIFT,
        ba=" / ".join(str(caliber.ba_break[c]) for c in BA_COLUMNS),
        at_step=AT_STEP_ROWS,
        hard_step=HARD_STEP_ROWS,
        at_top=caliber.at_ceiling,
        ba_top=" / ".join(caliber.ba_ceiling[c] for c in BA_COLUMNS),
    )
    return attack_table_data(
        name=caliber.name,
        title=caliber.title,
        source=f"{SOURCE}. Used by the {caliber.guns}.",
        derivation=derivation,
        columns=COLUMNS,
        frame=WEAPON_FRAME,
        cells=lambda low: [
            f"{column_hits(caliber, c, low)}{column_severity(caliber, c, low)}" for c in COLUMNS
        ],
    )


def _number(value: float) -> str:
    return f"{value:g}"


def build_tables() -> dict[str, dict[str, Any]]:
    """Every stand-in attack table by name, as the data its TOML file holds."""
    return {caliber.name: build_table(caliber) for caliber in CALIBERS}


def main() -> None:
    write_table_data(build_tables())


if __name__ == "__main__":
    main()
