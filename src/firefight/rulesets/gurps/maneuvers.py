"""Moving as part of an attack in an encounter: an All-Out Attack's advance of up to half Move,
forward, before the shot (GUR-CORE-1, a provisional 3e figure) and Move and Attack's walk or
run while firing (GUR-MOVE-1). A second's move of at most half Move is a walk, more a run, up
to the full Move (DEC-396).

>>> from firefight.geometry import Point
>>> c = CombatantState(name="Ann", position=Point(x_ft=0, y_ft=0))
>>> advance(c, (0, 9), "move-and-attack", move=6).moving
'walking'
>>> advance(c, (0, 12), "move-and-attack", move=6).moving
'running'
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point, bearing_deg, distance_ft
from firefight.rulesets.gurps.arcs import off_facing
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.ranges import feet_from_yards, yards_from_feet
from firefight.scene.events import Moved, moved_to
from firefight.scene.points import scene_point
from firefight.scene.state import CombatantState

__all__ = ["Advance", "advance", "check_reach"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Advance:
    """Where an attacker ends a move made with the attack, how far (yd) and at what gait."""

    event: Moved | None
    mover: CombatantState
    yards: float
    moving: str


def advance(
    c: CombatantState,
    point: tuple[float, float] | None,
    maneuver: str,
    *,
    move: int,
) -> Advance:
    """The move ``c`` makes with a ``maneuver`` ("all-out" or "move-and-attack") to ``point``
    (feet; None stays put); a refusal past the maneuver's limits."""
    if point is None:
        if maneuver == "move-and-attack":
            raise RuleRefusal(
                "GUR-MOVE-1", "Move and Attack needs somewhere to move: give --to X,Y (feet)."
            )
        return Advance(event=None, mover=c, yards=0.0, moving="no")
    to = scene_point(point[0], point[1], "ft")
    yards = yards_from_feet(distance_ft(c.position, to))
    if maneuver == "all-out":
        most = move * DATA.core.maneuvers.all_out_move_fraction
        if yards > most + 1e-9:
            raise RuleRefusal(
                "GUR-CORE-1",
                f"An All-Out Attack advances at most half Move ({most:g} yd), not {yards:g} yd.",
            )
        if yards and off_facing(bearing_deg(c.position, to) - c.facing_deg) > 90:
            raise RuleRefusal("GUR-CORE-1", "An All-Out Attack only advances forward.")
        moving = "no"
    else:
        check_reach(c, to, move, rule="GUR-MOVE-1")
        moving = "walking" if yards <= move / 2 else "running"
    event = moved_to(c, to)
    mover = replace(c, position=event.to, facing_deg=event.facing_deg)
    return Advance(event=event, mover=mover, yards=round(yards, 2), moving=moving)


def check_reach(c: CombatantState, to: Point, move: int, *, rule: str) -> None:
    """Refuse a second's move of ``c`` to ``to`` farther than their Move in yards: the Move
    maneuver (GUR-CORE-1) and Move and Attack (GUR-MOVE-1, DEC-396) alike (DEC-640)."""
    feet = distance_ft(c.position, to)
    yards = yards_from_feet(feet)
    if yards > move + 1e-9:
        # Both units: the place was typed in feet (DEC-205), the Move is in yards.
        raise RuleRefusal(
            rule,
            f"{c.name} covers at most Move {move} yd ({feet_from_yards(move):g} ft) in a "
            f"second, not {round(yards, 2):g} yd ({round(feet, 2):g} ft).",
        )
