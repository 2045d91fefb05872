"""Generate the stand-in RMU melee attack tables (DATA.md "Melee, bites and grapples").

None of RMU Core Law's melee attack tables is in the sources; DATA.md restates what is known of
them as numbers: the frame (rows 65-67 ... 173-175, columns AT 1-10), one Medium row of the
Puncture table, three worked examples read on Small and Big variants, and the size rule
(Small x0.75 hits and one severity lighter, Big x1.5 and one heavier). This script rebuilds one
Medium table per weapon family from a small parametric model whose knobs are the constants
below; the Small and Big variants are not separate files but the size rule applied when a
table is read (:mod:`firefight.rulesets.rmu.melee.sizes`). ``tests/test_rmu_melee_tables.py``
asserts the known row, the worked examples and that the shipped files match
:func:`build_tables`.

The model, per family:

* **Hits.** AT 1 follows ``start + span * x ** power`` of the band's middle total, ``x`` running
  0 -> 1 over the table, rounded half up. AT n keeps a fixed share of that integer, the shares
  fitted to the known Medium Puncture row (13 12 12 11 10 10 10 9 7 6), rounded half up.
* **Severities.** Each column has the total where its A critical starts (the known row fixes
  them: AT 1-3 already at B by 101, AT 4-8 at A, AT 9-10 none); the family shifts them all by
  a few points and climbs one severity every ``step`` points, up to E.
* **Critical type.** Each family prints its own letter in every critical cell.

Run from the repository root: ``python scripts/generate_melee_tables.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stand_in_tables import AT_COLUMNS, WEAPON_FRAME, attack_table_data, write_table_data

__all__ = ["FAMILIES", "Family", "at1_hits", "build_table", "build_tables", "cell", "main"]

# --- the table's frame (DATA.md, P-6: WEAPON_FRAME, columns AT 1-10) ---------------------------

SEVERITIES = "ABCDE"

# --- shared shape of the model ----------------------------------------------------------------

# Share of the AT 1 hits each column keeps, fitted to the known Medium row: with 13 hits on
# AT 1 they round half up to 13 12 12 11 10 10 10 9 7 6. The step at AT 9 is the move to metal.
SHARES = ("1", "0.93", "0.9", "0.85", "0.8", "0.77", "0.75", "0.7", "0.55", "0.45")
# Where each column's A critical starts before the family's shift. The known row puts AT 1-3 at
# B by 101 and AT 4-8 at A, AT 9-10 at none, at the Puncture pace of one step per 20 points.
A_START = (74, 77, 80, 83, 86, 89, 92, 95, 107, 113)


@dataclass(frozen=True, slots=True, kw_only=True)
class Family:
    """The knobs that differ between the families' tables."""

    name: str
    title: str
    weapons: str
    letter: str  # the critical type each critical cell prints
    critical_table: str
    hits_start: float  # AT 1 hits at the bottom band (65-67)
    hits_span: float  # AT 1 hits gained from the bottom band to the top one
    # Below 1 the curve is concave: hits climb fast through the low rows and level off.
    hits_power: float
    shift: int  # points added to every column's A start
    step: int  # points per severity step
    fixed_by: str  # which known figures pinned the knobs


# Puncture: the known Medium row (101-103) and the Big 2H spear (139 AT 3 -> 23 D: Medium 15 C).
PUNCTURE = Family(
    name="melee-puncture",
    title="Melee attack table: Puncture (dagger, stake, spear; Bite read Small)",
    weapons="daggers, knives, stakes and spears; the Bite is this table read Small",
    letter="P",
    critical_table="puncture",
    hits_start=2,
    hits_span=18,
    hits_power=0.45,
    shift=0,
    step=20,
    fixed_by="the known Medium row 101-103 and the Big 2H spear example",
)

# Slash: the Small hand axe (150 AT 3 -> 16 D: Medium 21 E). A blade's criticals climb faster.
SLASH = Family(
    name="melee-slash",
    title="Melee attack table: Slash (broadsword, axe)",
    weapons="swords and axes",
    letter="S",
    critical_table="slash",
    hits_start=2,
    hits_span=23.5,
    hits_power=0.45,
    shift=0,
    step=15,
    fixed_by="the Small hand axe example",
)

# Krush: the Small mace (105 AT 3 -> 7 A: Medium 9 B). Blunt blows deal fewer hits low down but
# keep gaining with the total (a straighter curve), and reach a critical a few points sooner.
KRUSH = Family(
    name="melee-krush",
    title="Melee attack table: Krush (mace, club)",
    weapons="maces, clubs and other blunt weapons",
    letter="K",
    critical_table="krush",
    hits_start=2,
    hits_span=18,
    hits_power=0.8,
    shift=-3,
    step=20,
    fixed_by="the Small mace example",
)

# Grapple: a hold deals few hits; its criticals are holds and come early.
GRAPPLE = Family(
    name="melee-grapple",
    title="Melee attack table: Grapple (unarmed hold)",
    weapons="unarmed holds (Strength-based Unarmed)",
    letter="G",
    critical_table="grapple",
    hits_start=0,
    hits_span=6,
    hits_power=0.45,
    shift=-6,
    step=15,
    fixed_by="nothing known: a light table by analogy",
)

FAMILIES = (PUNCTURE, SLASH, KRUSH, GRAPPLE)

SOURCE = (
    "RMU Core Law melee attack tables, restated as numbers in DATA.md 'Melee, bites and "
    "grapples' (frame, the known Medium Puncture row 101-103, the three worked examples); "
    "none is in the sources"
)

DERIVATION = (
    "Provisional stand-in generated by scripts/generate_melee_tables.py; rerun it rather than "
    "editing by hand. Medium size; Small and Big are the size rule applied on reading. AT 1 "
    "hits = start + span * x^power with x from 0 at the bottom band to 1 at the top (start "
    "{start}, span {span}, power {power}), rounded half up. AT 1-10 keep the shares "
    "{shares} of the AT 1 hits, rounded half up (fitted to the known Medium Puncture row). "
    "Criticals start at A on AT 1-10 from totals {starts} and climb one step every {step} "
    "points up to E; every critical cell prints the letter {letter} ({table} criticals). "
    "Knobs fixed by {fixed_by}."
)


# --- the model --------------------------------------------------------------------------------


def round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def at1_hits(family: Family, low: int) -> int:
    """AT 1 hits for the band starting at ``low``."""
    x = WEAPON_FRAME.position(low)
    curve = family.hits_start + family.hits_span * math.pow(x, family.hits_power)
    return round_half_up(Fraction(curve).limit_denominator(10**6))


def a_starts(family: Family) -> tuple[int, ...]:
    return tuple(start + family.shift for start in A_START)


def cell(family: Family, column: int, low: int) -> str:
    """The cell of column ``column`` (0 for AT 1) in the band starting at ``low``."""
    hits = round_half_up(at1_hits(family, low) * Fraction(SHARES[column]))
    start = a_starts(family)[column]
    if low < start:
        return str(hits)
    step = min((low - start) // family.step, len(SEVERITIES) - 1)
    return f"{hits}{SEVERITIES[step]}{family.letter}"


def build_table(family: Family) -> dict[str, Any]:
    """The TOML data (``[table]`` and ``[[rows]]``) of one family's Medium attack table."""
    derivation = DERIVATION.format(
        power=f"{family.hits_power:g}",
        start=f"{family.hits_start:g}",
        span=f"{family.hits_span:g}",
        shares=" / ".join(SHARES),
        starts=" / ".join(str(s) for s in a_starts(family)),
        step=family.step,
        letter=family.letter,
        table=family.critical_table,
        fixed_by=family.fixed_by,
    )
    return attack_table_data(
        name=family.name,
        title=family.title,
        source=f"{SOURCE}. Used by {family.weapons}.",
        derivation=derivation,
        columns=AT_COLUMNS,
        frame=WEAPON_FRAME,
        cells=lambda low: [cell(family, i, low) for i in range(len(AT_COLUMNS))],
    )


def build_tables() -> dict[str, dict[str, Any]]:
    """Every melee stand-in attack table by name, as the data its TOML file holds."""
    return {family.name: build_table(family) for family in FAMILIES}


def main() -> None:
    write_table_data(build_tables())


if __name__ == "__main__":
    main()
