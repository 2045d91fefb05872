"""gurps' cheat-sheet (``firefight cheatsheet gurps``): the speed/range table, the named
modifiers of GUR-MOD-1, hit locations and wounding — every figure read from the data files the
rules themselves use."""

from __future__ import annotations

from firefight.cheatsheet import Section, signed
from firefight.rulesets.gurps.data import DATA, GurpsData

__all__ = ["gurps_cheatsheet"]


def _speed_range(data: GurpsData) -> Section:
    rows = tuple((f"{yards:g}", signed(mod)) for yards, mod in data.core.speed_range.rows)
    return Section(
        title="Speed/range (G-2)",
        columns=("up to (yd)", "skill"),
        rows=rows,
        note=f"Speed in yd/s adds to the range. {data.core.speed_range.source}.",
    )


def _modifiers(data: GurpsData) -> Section:
    rows = tuple(
        (m.label, signed(m.value) if m.low == m.high else f"{m.low:+d} to {m.high:+d}")
        for m in data.modifiers.values()
    )
    return Section(
        title="Named modifiers (GUR-MOD-1)",
        columns=("modifier", "skill"),
        rows=rows,
        note="Give them as --modifier NAME (or NAME:VALUE inside its range).",
    )


def _locations(data: GurpsData) -> Section:
    rows = tuple(
        (
            loc.key.replace("-", " "),
            ", ".join(str(r) for r in loc.rolls) or "-",
            signed(loc.penalty),
            f"×{loc.multiplier:g}" if loc.multiplier else "-",
        )
        for loc in data.core.location
    )
    return Section(
        title="Hit locations (GUR-LOC-1)",
        columns=("location", "3d6", "to hit", "injury"),
        rows=rows,
        note="Public core (3e) figures, as the data file marks them.",
    )


def gurps_cheatsheet() -> tuple[Section, ...]:
    """Every section of the gurps cheat-sheet, in reading order."""
    return (_speed_range(DATA), _modifiers(DATA), _locations(DATA))
