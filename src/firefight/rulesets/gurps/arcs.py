"""Arcs of vision for ranged attacks on hexes (GUR-ARC-1).

The bearing is the target's direction off the shooter's facing, in degrees (0 ahead, 90 to
either side, 180 behind). Normal vision shoots freely inside the front hex's cone and at -4
into the two front-side hexes; Peripheral Vision shoots across the whole front 180 freely
(and sees the side-rear hexes at -4 without shooting); 360-degree Vision sees everything but
shoots only into the front three hexes (DEC-201).

>>> from firefight.rulesets.gurps.data import DATA
>>> arc_modifier(20, "normal", DATA.house.arc), arc_modifier(60, "normal", DATA.house.arc)
(0, -4)
>>> arc_modifier(60, "peripheral", DATA.house.arc)
0
"""

from __future__ import annotations

from typing import Literal

from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.data import Arc

__all__ = ["RULE", "Vision", "arc_modifier", "off_facing"]

RULE = "GUR-ARC-1"
Vision = Literal["normal", "peripheral", "360"]


def off_facing(bearing_deg: float) -> float:
    """Degrees between the facing and the target, 0..180 either side."""
    folded = abs(bearing_deg) % 360
    return 360 - folded if folded > 180 else folded


def arc_modifier(bearing_deg: float, vision: Vision | str, arc: Arc) -> int:
    """The arc's modifier to a shot at ``bearing_deg`` off the facing; a refusal outside the
    arcs the shooter may fire into."""
    off = off_facing(bearing_deg)
    if vision == "normal":
        if off <= arc.front_cone:
            return 0
        if off <= arc.front_hexes:
            return arc.side_penalty
    elif off <= arc.front_hexes:
        return 0
    sees = vision == "360" or (vision == "peripheral" and off <= arc.rear_side_hexes)
    then = "They can see there, but turn" if sees else "Turn"
    raise RuleRefusal(
        RULE,
        f"The target is {off:g} degrees off the shooter's facing, outside the arc a ranged "
        f"weapon can fire into. {then} to face it first ('NAME turns to face TARGET').",
    )
