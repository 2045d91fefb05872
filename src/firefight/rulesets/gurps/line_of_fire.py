"""Who a shot passes in the scene: the people in the way between shooter and target
(GUR-WRONG-1) and those down range of a miss or a dodged missile (GUR-WRONG-2, GUR-WRONG-3).

Bodies are the scene's circles (RULINGS S-1, S-3): someone is in the line of fire when their
circle meets the straight line from the shooter to the target. Low figures do not interfere
(GUR-WRONG-1): someone on the ground (prone, or down) only when the shooter is prone too, and
someone kneeling only when the shooter is kneeling or prone or the target is low; a burst from
a recoiling weapon of RoF 2 or more may still strike them, without the penalty. Down range, a
missile that went wide by N hexes follows the line from the shooter through the hex N yards to
that side of the target, out to the weapon's Max, and stops at a wall (DEC-399).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.geometry import Posture, bearing_deg, bodies_between, distance_ft
from firefight.geometry.plane import Point, crossing_share, point_at, unit_vector
from firefight.rulesets.gurps.ranges import feet_from_yards
from firefight.scene.state import CombatantState, EncounterState

__all__ = ["InTheWay", "down_range", "in_the_way"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class InTheWay:
    """``interfering`` each cost the shot -4 (-8 wide); ``possible`` may be struck by a miss,
    nearest the shooter first."""

    interfering: tuple[CombatantState, ...]
    possible: tuple[CombatantState, ...]


def _on_the_ground(c: CombatantState) -> bool:
    return c.posture is Posture.PRONE or not c.can_act()


def _low(c: CombatantState) -> bool:
    return _on_the_ground(c) or c.posture is Posture.KNEELING


def _interferes(c: CombatantState, shooter: CombatantState, target: CombatantState) -> bool:
    if _on_the_ground(c):
        return _on_the_ground(shooter)
    if c.posture is Posture.KNEELING:
        return _low(shooter) or _low(target)
    return True


def in_the_way(
    state: EncounterState, shooter: CombatantState, target: CombatantState, *, burst: bool
) -> InTheWay:
    """The people between ``shooter`` and ``target`` (GUR-WRONG-1)."""
    others = {c.name: c for c in state.combatants if c.name not in (shooter.name, target.name)}
    between = bodies_between(shooter.position, target.position, [c.body for c in others.values()])
    interfering, possible = [], []
    for body in between:
        c = others[body.name]
        if _interferes(c, shooter, target):
            interfering.append(c)
            possible.append(c)
        elif burst:
            possible.append(c)
    return InTheWay(interfering=tuple(interfering), possible=tuple(possible))


def _blocked(state: EncounterState, start: Point, end: Point) -> bool:
    return any(crossing_share(start, end, b.start, b.end) is not None for b in state.barriers)


def down_range(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    *,
    direction: str,
    wide: int,
    max_range_yd: float,
) -> tuple[CombatantState, ...]:
    """Who lies beyond the target along the missile's line, nearest first: the straight line
    for a missile through the target's hex, or the line through the hex ``wide`` yards to the
    ``direction`` side ("left" or "right" of the shooter's view) (GUR-WRONG-2)."""
    line = bearing_deg(shooter.position, target.position)
    aim = target.position
    if wide and direction in ("left", "right"):
        aim = point_at(aim, line + (-90 if direction == "left" else 90), feet_from_yards(wide))
        line = bearing_deg(shooter.position, aim)
    ux, uy = unit_vector(line)
    start = distance_ft(shooter.position, aim)
    most = feet_from_yards(max_range_yd)
    found: list[tuple[float, CombatantState]] = []
    for c in state.combatants:
        if c.name in (shooter.name, target.name):
            continue
        vx = c.position.x_ft - shooter.position.x_ft
        vy = c.position.y_ft - shooter.position.y_ft
        along, across = vx * ux + vy * uy, abs(vx * uy - vy * ux)
        if start < along <= most and across <= c.body.radius_ft + 1e-9:
            found.append((along, c))
    found.sort(key=lambda pair: (pair[0], pair[1].name))
    reached = []
    for _, c in found:
        if _blocked(state, aim, c.position):
            break  # GUR-WRONG-2: an obvious backstop ends the walk
        reached.append(c)
    return tuple(reached)
