"""Derive the stand-in RMU firearm critical tables from Ballistic Puncture (DATA.md).

The conversion (seed 000) names Ballistic Impact, Armor Piercing, Ballistic Hollowpoint and
Ballistic Shrapnel criticals but lost the tables themselves; only what they are like survives
(RMU-ARM-3, RMU-AMMO-3..6, RMU-RF-8). Shrapnel's cells each hold a clause for covered and one
for bare locations; the two clauses ship as two tables read by the same roll. Each stand-in
here is Ballistic Puncture (seed 004, the one table that did survive) put through a stated
cell-by-cell transform. The transforms are the constants below;
the one-paragraph ``derivation`` each file carries is built from the same constants, so the
file always says what was actually done. ``tests/test_rmu_criticals.py`` asserts the
properties the source states and that the shipped files equal what :func:`derive_all` makes.

Run from the repository root after changing a constant or ballistic-puncture.toml:
``python scripts/derive_criticals.py``.
"""

from __future__ import annotations

import dataclasses
import math
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import tomli_w
from stand_in_tables import TABLES_DIR, write_tables

from firefight.rulesets.rmu.critical_table import (
    CriticalEffect,
    CriticalTable,
    critical_table_to_data,
)
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_kinds import TABLE_KINDS
from firefight.tables.registry import load_table

__all__ = [
    "AP",
    "HEAT",
    "HOLLOWPOINT",
    "IMPACT",
    "SHRAPNEL_BARE",
    "SHRAPNEL_COVERED",
    "SUBDUAL",
    "TRANSFORMS",
    "Transform",
    "derive",
    "derive_all",
    "derive_cell",
    "describe",
    "load_puncture",
    "main",
    "render",
    "round_half_up",
]

PUNCTURE = "ballistic-puncture"
SEVERITIES = (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E)


@dataclass(frozen=True, slots=True, kw_only=True)
class Transform:
    """How one stand-in table's cells follow from the Puncture cell on the same row and column."""

    name: str
    title: str
    label_prefix: str
    why: str  # what the source says the table is like, in our words
    hits_factor: Fraction  # Puncture hits times this, rounded half up
    hits_min: int = 0
    bleed_to_fatigue: bool = False  # bleeding becomes fatigue of the same number
    bleed_extra: int = 0  # added where Puncture bleeds ...
    bleed_extra_from: Severity | None = None  # ... and, from this severity up, everywhere
    injury_extra: int = 0  # added (a negative number) where Puncture has an injury
    breakage: Mapping[Severity, int] = dataclasses.field(default_factory=dict)  # none if absent
    lasting: bool = True  # False: bleeding, injury, dying and death are all dropped


# Blunt trauma: the vest stops the round, the body takes the blow (RMU-ARM-3, RMU-AMMO-5).
IMPACT = Transform(
    name="ballistic-impact",
    title="Ballistic Impact (stand-in)",
    label_prefix="blunt: ",
    why=(
        "The source describes it as blunt trauma behind armor: more hits, less bleeding, "
        "fatigue, and a breakage check in most cells."
    ),
    hits_factor=Fraction(3, 2),
    bleed_to_fatigue=True,
    breakage={Severity.B: -20, Severity.C: -30, Severity.D: -40, Severity.E: -50},
)

# A narrow channel: fewer hits, the same bleeding, and the plate always pays (RMU-AMMO-3..5).
AP = Transform(
    name="armor-piercing",
    title="Armor Piercing (stand-in)",
    label_prefix="AP: ",
    why=(
        "The source describes a narrow wound channel and a breakage check in every cell, a "
        "tier deeper than Ballistic Impact's."
    ),
    hits_factor=Fraction(4, 5),
    hits_min=1,
    breakage={
        Severity.A: -20,
        Severity.B: -30,
        Severity.C: -40,
        Severity.D: -50,
        Severity.E: -60,
    },
)

# Expanding bullets on bare flesh: the same blow, a wider wound (RMU-AMMO-6).
HOLLOWPOINT = Transform(
    name="ballistic-hollowpoint",
    title="Ballistic Hollowpoint (stand-in)",
    label_prefix="HP: ",
    why=(
        "The source says only that it is worse than Ballistic Puncture against bare flesh, "
        "with more bleeding and injury."
    ),
    hits_factor=Fraction(1),
    bleed_extra=1,
    bleed_extra_from=Severity.C,
    injury_extra=-5,
)

# A burst's criticals (RMU-RF-8): every cell has a clause for a location armor covers and one
# for bare flesh; each clause ships as its own table, read by the same critical roll.
SHRAPNEL_COVERED = Transform(
    name="ballistic-shrapnel-covered",
    title="Ballistic Shrapnel, covered clause (stand-in)",
    label_prefix="burst, covered: ",
    why=(
        "The source says a Shrapnel cell's covered clause deals more hits and leaves no "
        "bleeding and no lasting injury; the bare clause carries the lasting damage."
    ),
    hits_factor=Fraction(3, 2),
    lasting=False,
)

SHRAPNEL_BARE = Transform(
    name="ballistic-shrapnel-bare",
    title="Ballistic Shrapnel, bare clause (stand-in)",
    label_prefix="burst, bare: ",
    why=(
        "The source says a Shrapnel cell's bare clause deals fewer hits than the covered one "
        "and carries all the lasting damage."
    ),
    hits_factor=Fraction(1, 2),
    hits_min=1,
)

# Fire (RMU-EXP-8, RMU-EXP-14): burns sear rather than bleed, and they scar.
HEAT = Transform(
    name="heat",
    title="Heat (stand-in)",
    label_prefix="burn: ",
    why=(
        "RMU's own Heat table is named by the source (incendiary loads, RMU-EXP-8 and -14) but "
        "not reproduced; burns tire and scar where a bullet wound bleeds."
    ),
    hits_factor=Fraction(1),
    bleed_to_fatigue=True,
    injury_extra=-5,
)

# A concussion's secondary (RMU-EXP-8): half the concussion hits, nothing that lasts.
SUBDUAL = Transform(
    name="subdual",
    title="Subdual (stand-in)",
    label_prefix="subdual: ",
    why=(
        "RMU's own Subdual table is named by the source (the concussion secondary, RMU-EXP-8) "
        "but not reproduced; DATA.md gives it half the concussion hits and no severity past E."
    ),
    hits_factor=Fraction(1, 2),
    lasting=False,
)

TRANSFORMS = (IMPACT, AP, HOLLOWPOINT, SHRAPNEL_COVERED, SHRAPNEL_BARE, HEAT, SUBDUAL)


def round_half_up(value: Fraction) -> int:
    """Round to the nearest whole number, halves up (1.5 -> 2, 2.5 -> 3), as table makers do."""
    return math.floor(value + Fraction(1, 2))


def describe(t: Transform) -> str:
    """The transform in one paragraph, for the file's ``derivation`` and its comment header."""
    if t.hits_factor == 1:
        hits = "hits unchanged"
    else:
        hits = f"hits x{float(t.hits_factor):g} rounded half up"
        if t.hits_min:
            hits += f", at least {t.hits_min}"
    if not t.lasting:
        bleed = "no bleeding"
    elif t.bleed_to_fatigue:
        bleed = "bleeding becomes fatigue of the same number and bleeds no more"
    elif t.bleed_extra:
        bleed = f"bleeding +{t.bleed_extra} wherever Puncture bleeds"
        if t.bleed_extra_from is not None:
            bleed += f" and in every {t.bleed_extra_from.value}-E cell where it does not"
    else:
        bleed = "bleeding as Puncture"
    if not t.lasting:
        injury = "no injury, no dying and no death"
    elif t.injury_extra:
        injury = f"injury {abs(t.injury_extra)} worse wherever Puncture has one"
    else:
        injury = "injury kept"
    if t.breakage:
        checks = ", ".join(f"{s.value} {t.breakage[s]:+d}" for s in SEVERITIES if s in t.breakage)
        missing = [s.value for s in SEVERITIES if s not in t.breakage]
        breakage = f"a breakage check by severity ({checks})"
        if missing:
            breakage += f" and none in {', '.join(missing)} cells"
    else:
        breakage = "no breakage checks"
    steps = "; ".join((hits, bleed, injury, breakage))
    kept = (
        "stun, dying, dead and the attacker bonus" if t.lasting else "stun and the attacker bonus"
    )
    return (
        f"Provisional stand-in: the real table was lost. {t.why} Derived cell by cell from "
        f"{PUNCTURE} by scripts/derive_criticals.py: {steps}; {kept} kept. "
        f"Labels are Puncture's with the prefix {t.label_prefix.strip()!r}."
    )


def derive_cell(cell: CriticalEffect, severity: Severity, t: Transform) -> CriticalEffect:
    hits = max(t.hits_min, round_half_up(cell.hits * t.hits_factor))
    bleed, fatigue = cell.bleed, cell.fatigue
    if t.bleed_to_fatigue:
        bleed, fatigue = 0, fatigue + cell.bleed
    elif t.bleed_extra and (
        cell.bleed or (t.bleed_extra_from is not None and severity.step >= t.bleed_extra_from.step)
    ):
        bleed += t.bleed_extra
    injury = cell.injury + t.injury_extra if cell.injury else 0
    dying, dead = cell.dying_rounds, cell.dead
    if not t.lasting:
        bleed, injury, dying, dead = 0, 0, None, False
    return dataclasses.replace(
        cell,
        label=t.label_prefix + cell.label,
        hits=hits,
        bleed=bleed,
        fatigue=fatigue,
        injury=injury,
        dying_rounds=dying,
        dead=dead,
        breakage=t.breakage.get(severity),
        text="",
    )


def derive(puncture: CriticalTable, t: Transform) -> CriticalTable:
    """One stand-in table from Ballistic Puncture.

    >>> table = derive(load_puncture(), IMPACT)
    >>> table.rows[0].cells[4].summary()
    '+5H, fatigue 1, breakage check -50'
    """
    rows = tuple(
        dataclasses.replace(
            row,
            cells=tuple(
                derive_cell(cell, sev, t) for sev, cell in zip(SEVERITIES, row.cells, strict=True)
            ),
        )
        for row in puncture.rows
    )
    return CriticalTable(
        name=t.name,
        title=t.title,
        source=f"derived from {PUNCTURE}.toml (seed 004, decoded); see derivation",
        provisional=True,
        derivation=describe(t),
        rows=rows,
    )


def render(table: CriticalTable, script: str = "derive_criticals.py") -> str:
    """The data file's text: a comment header naming the script that made it and stating the
    transform, then the TOML."""
    head = [f"# {table.title}: generated by scripts/{script}; do not edit by hand.", "#"]
    head += textwrap.wrap(table.derivation, width=98, initial_indent="# ", subsequent_indent="# ")
    return "\n".join(head) + "\n\n" + tomli_w.dumps(critical_table_to_data(table))


def load_puncture(directory: Path | None = None) -> CriticalTable:
    path = (directory or TABLES_DIR) / f"{PUNCTURE}.toml"
    table = load_table(path, TABLE_KINDS)
    if not isinstance(table, CriticalTable):
        raise TypeError(f"{path} is not a critical table")
    return table


def derive_all(puncture: CriticalTable | None = None) -> dict[str, str]:
    """Every stand-in's file text by table name (what :func:`main` writes)."""
    source = puncture or load_puncture()
    return {t.name: render(derive(source, t)) for t in TRANSFORMS}


def main() -> None:
    write_tables(derive_all())


if __name__ == "__main__":
    main()
