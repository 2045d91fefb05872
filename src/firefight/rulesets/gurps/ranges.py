"""Distances in yards on hexes (RULINGS G-4) and the speed/range modifier (G-2).

The scene keeps feet (RULINGS S-1); gurps converts at its edge, as cpr does with metres.

>>> from firefight.rulesets.gurps.data import DATA
>>> rows = DATA.core.speed_range.rows
>>> speed_range_modifier(45, rows), speed_range_modifier(46, rows), speed_range_modifier(700, rows)
(-8, -9, -15)
>>> effective_distance(100, 40, beam=False)
80.0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "FEET_PER_YARD",
    "effective_distance",
    "feet_from_yards",
    "speed_range_modifier",
    "yards_from_feet",
]

#: G-4: one hex is one yard, three feet.
FEET_PER_YARD = 3.0


def feet_from_yards(yards: float) -> float:
    return yards * FEET_PER_YARD


def yards_from_feet(feet: float) -> float:
    return round(feet / FEET_PER_YARD, 9)


def speed_range_modifier(yards: float, rows: Sequence[tuple[float, int]]) -> int:
    """The 3e speed/range modifier of ``yards`` (distance plus speed in yd/s): the row at or
    next above it (G-2). Past the last row the table repeats at ten times the distance six
    rows up, 6 points worse (DEC-203): 700 yd -15, 1000 yd -16, ..."""
    table = list(rows)
    i = 0
    while True:
        if i >= len(table):
            distance, modifier = table[i - 6]
            table.append((distance * 10, modifier - 6))
        if yards <= table[i][0] + 1e-9:
            return table[i][1]
        i += 1


def effective_distance(ground_yd: float, elevation_yd: float, *, beam: bool) -> float:
    """GUR-ELEV-1: firing down (``elevation_yd`` > 0, the firer higher) takes 1 yard off per 2
    yards of height, never below half the ground distance; firing up adds 1 yard per yard.
    Beams ignore elevation."""
    if beam or elevation_yd == 0:
        return float(ground_yd)
    if elevation_yd > 0:
        return float(max(ground_yd - elevation_yd / 2, ground_yd / 2))
    return float(ground_yd - elevation_yd)
