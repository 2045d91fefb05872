"""Derive the stand-in RMU melee critical tables from Ballistic Puncture (DATA.md).

RMU Core Law's Puncture, Slash, Krush and Grapple criticals are not in the sources; DATA.md
restates a few of their cells as numbers (the Puncture leg row 36-45 and the arm row 56-65 C)
and what Grapple cells hold (a hold percentage rising with severity). Like the firearm stand-ins
(``scripts/derive_criticals.py``), each table here is Ballistic Puncture (seed 004, decoded) put
through a stated cell-by-cell transform; the known cells then replace what the transform made.
The transforms and the known cells are the constants below, and each file's ``derivation`` is
built from them. ``tests/test_rmu_melee_criticals.py`` asserts every known cell exactly and
that the shipped files equal what :func:`derive_all` makes.

Run from the repository root after changing a constant or ballistic-puncture.toml:
``python scripts/derive_melee_criticals.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from derive_criticals import SEVERITIES, load_puncture, render, round_half_up
from stand_in_tables import write_tables

from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalTable, HitLocation
from firefight.rulesets.rmu.severity import Severity

__all__ = [
    "GRAPPLE",
    "KNOWN",
    "KRUSH",
    "MELEE_TRANSFORMS",
    "PUNCTURE",
    "SLASH",
    "MeleeTransform",
    "derive",
    "derive_all",
    "derive_cell",
    "describe",
    "main",
]

BASE = "ballistic-puncture"


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeTransform:
    """How one melee table's cells follow from the Puncture cell on the same row and column."""

    name: str
    title: str
    label_prefix: str
    words: tuple[str, str, str, str, str]  # what each severity A-E does to the location
    why: str
    hits_factor: Fraction  # Puncture hits times this, rounded half up
    bleed_extra_from: Severity | None = None  # bleeding +1 where it bleeds and from here up
    bleed_to_fatigue: bool = False  # bleeding becomes fatigue of the same number
    lasting: bool = True  # False: bleeding, stun, injury, dying and death are all dropped
    holds: Mapping[Severity, int] = dataclasses.field(default_factory=dict)


# A stab: a narrower wound than a bullet's, with fewer hits (DATA.md known cells override).
PUNCTURE = MeleeTransform(
    name="puncture",
    title="Puncture (melee stand-in)",
    label_prefix="stab: ",
    words=("grazed", "pricked", "stabbed", "run through", "skewered"),
    why="RMU Core Law's Puncture criticals (daggers, stakes, spears, fangs).",
    hits_factor=Fraction(3, 4),
)

# A cut: a bullet's blow, laid open wider, so it bleeds more.
SLASH = MeleeTransform(
    name="slash",
    title="Slash (melee stand-in)",
    label_prefix="cut: ",
    words=("nicked", "gashed", "cut deep", "hacked open", "cleaved"),
    why="RMU Core Law's Slash criticals (swords, axes): cuts bleed more than stabs.",
    hits_factor=Fraction(1),
    bleed_extra_from=Severity.C,
)

# A blunt blow: more hits, bruising that tires rather than bleeds, bones that break.
KRUSH = MeleeTransform(
    name="krush",
    title="Krush (melee stand-in)",
    label_prefix="blow: ",
    words=("thumped", "bruised", "battered", "bone cracked", "crushed"),
    why="RMU Core Law's Krush criticals (maces, clubs): blunt blows bruise and break.",
    hits_factor=Fraction(5, 4),
    bleed_to_fatigue=True,
)

# A hold: few hits, no wound, and the victim held by a share rising with severity.
GRAPPLE = MeleeTransform(
    name="grapple",
    title="Grapple (melee stand-in)",
    label_prefix="hold: ",
    words=("brushed", "snagged", "caught", "pinned", "locked"),
    why="RMU Core Law's Grapple criticals: each cell is a hold on the victim (DATA.md).",
    hits_factor=Fraction(1, 5),
    lasting=False,
    holds={
        Severity.A: 10,
        Severity.B: 30,
        Severity.C: 50,
        Severity.D: 70,
        Severity.E: 90,
    },
)

MELEE_TRANSFORMS = (PUNCTURE, SLASH, KRUSH, GRAPPLE)

# The cells DATA.md restates from RMU Core Law, by (table, row low, severity): set exactly (the
# label is the derived cell's).
KNOWN: Mapping[tuple[str, int, Severity], CriticalEffect] = {
    ("puncture", 36, Severity.A): CriticalEffect(label="", hits=13, bleed=1),
    ("puncture", 36, Severity.B): CriticalEffect(
        label="", hits=22, stun_rounds=1, stun_penalty=-25
    ),
    ("puncture", 36, Severity.C): CriticalEffect(label="", hits=11, bleed=5),
    ("puncture", 36, Severity.D): CriticalEffect(
        label="", bleed=4, injury=-5, fatigue=10, stun_rounds=2, stun_penalty=-25
    ),
    ("puncture", 36, Severity.E): CriticalEffect(
        label="", hits=20, bleed=2, injury=-10, breakage=-25
    ),
    ("puncture", 56, Severity.C): CriticalEffect(label="", hits=14, bleed=4, injury=-10),
}


def describe(t: MeleeTransform) -> str:
    """The transform in one paragraph, for the file's ``derivation`` and its comment header."""
    hits = "hits unchanged" if t.hits_factor == 1 else f"hits x{t.hits_factor} rounded half up"
    if not t.lasting:
        rest = "no bleeding, stun, injury, dying or death"
    elif t.bleed_to_fatigue:
        rest = "bleeding becomes fatigue of the same number; stun, injury, dying, dead kept"
    elif t.bleed_extra_from is not None:
        rest = (
            f"bleeding +1 wherever Puncture bleeds and in every {t.bleed_extra_from.value}-E "
            "cell; stun, injury, dying, dead kept"
        )
    else:
        rest = "bleeding, stun, injury, dying and dead kept"
    parts = [hits, rest, "no breakage checks (melee reads AT columns)"]
    if t.holds:
        parts.append(
            "hold by severity " + ", ".join(f"{s.value} {t.holds[s]}%" for s in SEVERITIES)
        )
    known = sorted({(low, s.value) for (name, low, s) in KNOWN if name == t.name})
    text = (
        f"Provisional stand-in: not in the sources. {t.why} Derived cell by cell from {BASE} by "
        f"scripts/derive_melee_criticals.py: {'; '.join(parts)}. Labels are our own: the "
        f"prefix {t.label_prefix.strip()!r}, the location and what the severity does to it."
    )
    if known:
        cells = ", ".join(f"row {low:02d} {sev}" for low, sev in known)
        text += f" Cells DATA.md restates from RMU Core Law are set exactly: {cells}."
    return text


def derive_cell(
    cell: CriticalEffect, severity: Severity, location: HitLocation, t: MeleeTransform
) -> CriticalEffect:
    bleed, fatigue = cell.bleed, cell.fatigue
    if t.bleed_to_fatigue:
        bleed, fatigue = 0, fatigue + cell.bleed
    elif t.bleed_extra_from is not None and (
        cell.bleed or severity.step >= t.bleed_extra_from.step
    ):
        bleed += 1
    derived = dataclasses.replace(
        cell,
        label=f"{t.label_prefix}{location.value} {t.words[SEVERITIES.index(severity)]}",
        hits=round_half_up(cell.hits * t.hits_factor),
        bleed=bleed,
        fatigue=fatigue,
        breakage=None,
        hold=t.holds.get(severity, 0),
        text="",
    )
    if t.lasting:
        return derived
    return dataclasses.replace(
        derived,
        bleed=0,
        stun_rounds=0,
        stun_penalty=0,
        injury=0,
        dying_rounds=None,
        dead=False,
        attacker_bonus=0,
    )


def derive(puncture: CriticalTable, t: MeleeTransform) -> CriticalTable:
    """One melee stand-in table from Ballistic Puncture, the known cells set exactly."""
    rows = []
    for row in puncture.rows:
        cells = []
        for sev, cell in zip(SEVERITIES, row.cells, strict=True):
            known = KNOWN.get((t.name, row.low, sev))
            derived = derive_cell(cell, sev, row.location, t)
            if known is not None:
                derived = dataclasses.replace(known, label=derived.label)
            cells.append(derived)
        rows.append(dataclasses.replace(row, cells=tuple(cells)))
    return CriticalTable(
        name=t.name,
        title=t.title,
        source=(
            f"RMU Core Law (DATA.md 'Melee, bites and grapples'); derived from {BASE}.toml "
            "(seed 004, decoded); see derivation"
        ),
        provisional=True,
        derivation=describe(t),
        rows=tuple(rows),
    )


def derive_all() -> dict[str, str]:
    """Every melee stand-in's file text by table name (what :func:`main` writes)."""
    source = load_puncture()
    return {
        t.name: render(derive(source, t), "derive_melee_criticals.py") for t in MELEE_TRANSFORMS
    }


def main() -> None:
    write_tables(derive_all())


if __name__ == "__main__":
    main()
