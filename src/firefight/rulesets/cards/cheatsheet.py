"""cards' cheat-sheet (``firefight cheatsheet cards``): range bands and their Targets, and the
combat modifiers — every figure read from the data files the rules themselves use."""

from __future__ import annotations

from firefight.cheatsheet import Section, signed
from firefight.rulesets.cards.data import CardsData, cards_data

__all__ = ["cards_cheatsheet"]


def _ranges(data: CardsData) -> Section:
    names = ("short", "medium", "long", "extreme")
    rows = tuple((row.name, *(f"{m:g}" for m in row.bands_m)) for row in data.ranges.values())
    targets = ", ".join(f"{k.replace('-', ' ')} {v}" for k, v in data.targets.items())
    return Section(
        title="Range bands, metres (CRD-RNG-1)",
        columns=("weapon", *names),
        rows=rows,
        note=f"Target by band (CRD-HIT-1): {targets}; point blank within {data.point_blank_m:g} m.",
    )


def _modifiers(data: CardsData) -> Section:
    m = data.modifiers
    rows: list[tuple[str, str]] = [
        ("aiming, per turn", signed(m.aim_per_turn)),
        ("called shot", signed(m.called_shot)),
        ("two weapons", signed(m.two_weapons)),
        ("thermographic sight", signed(m.thermographic)),
        ("blind fire", signed(m.blind_fire)),
        ("per 10 km/h of speed", signed(m.per_10_kmh)),
    ]
    for group, table in (("light", m.lighting), ("cover", m.cover), ("moving", m.movement)):
        rows += [
            (f"{group}: {_named(group, k, m.cover_share)}", signed(v)) for k, v in table.items()
        ]
    rows += [(f"wounded: {k}", signed(v)) for k, v in m.wounds.items()]
    return Section(
        title="Combat modifiers (CRD-MOD-1, -2)",
        columns=("condition", "Target"),
        rows=tuple(rows),
        note="A positive figure raises the Target (harder).",
    )


def _named(group: str, key: str, shares: dict[str, float]) -> str:
    """A modifier's name; a cover's with the share of the target a barrier of the scene must
    hide for it (DEC-632)."""
    name = key.replace("-", " ")
    if group == "cover" and key in shares:
        return f"{name} (a barrier hides {100 * shares[key]:g}%+)"
    return name


def _compensation(data: CardsData) -> Section:
    figures = data.modifiers
    rows = tuple(
        (k.replace("-", " "), figures.compensation_points(k)) for k in figures.compensation
    )
    return Section(
        title="Recoil compensation (CRD-MODE-2)", columns=("device", "points"), rows=rows
    )


def cards_cheatsheet() -> tuple[Section, ...]:
    """Every section of the cards cheat-sheet, in reading order."""
    data = cards_data()
    return (_ranges(data), _modifiers(data), _compensation(data))
