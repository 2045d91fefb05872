"""What a cpr action being declared looks like on the map (:mod:`firefight.scene.svg`): a shot's
or an autofire's line (dashed when someone stands in it), the shotgun shells' block in front of
the shooter (C-7), a thrown explosive's square (C-8) and suppression's reach (C-6)."""

from __future__ import annotations

from firefight.geometry import Body, Point, bodies_between, distance_ft
from firefight.geometry.areas import Rectangle, area_in_front, square_around
from firefight.geometry.plane import bearing_deg
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_actions import (
    Autofire,
    FireShells,
    Shoot,
    Suppress,
    ThrowItem,
)
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.scene.actions import Action
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.svg import Area, FireLine, Overlay, Ring
from firefight.units import feet_from_metres, metres_from_feet

__all__ = ["cpr_overlay"]


def _line(state: EncounterState, c: CombatantState, target: CombatantState) -> FireLine:
    aimed = Body(center=target.position, posture=target.posture, size=target.size, name=target.name)
    others = [
        Body(center=o.position, posture=o.posture, size=o.size, name=o.name)
        for o in state.combatants
        if o.name not in (c.name, target.name) and not o.dead
    ]
    between = bodies_between(c.position, aimed, others)
    metres = metres_from_feet(distance_ft(c.position, target.position))
    label = f"{c.name} at {target.name}, {metres:.0f} m"
    if between:
        label += ": through " + ", ".join(b.name for b in between)
    return FireLine(start=c.position, end=target.position, label=label, blocked=bool(between))


def _area(rect: Rectangle, label: str) -> Area:
    return Area(corners=rect.corners(), label=label)


def cpr_overlay(state: EncounterState, action: Action, data: CprData) -> Overlay:
    """The shapes of ``action`` in ``state``; nothing for an action that fires at nobody."""
    c = state.combatant(action.actor)
    figures = data.figures
    if isinstance(action, Shoot | Autofire):
        target = state.find(action.target)
        return Overlay(lines=(_line(state, c, target),)) if target else Overlay()
    if isinstance(action, FireShells):
        target = state.combatant(action.target)
        block = area_in_front(
            c.position,
            bearing_deg(c.position, target.position),
            feet_from_metres(figures.shells_depth_m),
            feet_from_metres(figures.shells_width_m),
        )
        label = f"shells: {figures.shells_depth_m:g} m deep, {figures.shells_width_m:g} m wide"
        return Overlay(lines=(_line(state, c, target),), areas=(_area(block, label),))
    if isinstance(action, ThrowItem):
        aim: Point | None = action.point
        lines: tuple[FireLine, ...] = ()
        if action.target is not None and (target := state.find(action.target)) is not None:
            aim = target.position
            lines = (_line(state, c, target),)
        carried = c.weapon(action.item)
        explosive = carried is not None and data.weapon(carried.kind).kind is WeaponKind.GRENADE
        if aim is None or not explosive:
            return Overlay(lines=lines)
        side = figures.explosive_square_m
        square = square_around(aim, feet_from_metres(side))
        return Overlay(lines=lines, areas=(_area(square, f"blast: {side:g} m square"),))
    if isinstance(action, Suppress):
        radius = figures.suppression_radius_m
        return Overlay(
            rings=(
                Ring(
                    center=c.position,
                    radius_ft=feet_from_metres(radius),
                    label=f"suppression: {radius} m",
                ),
            )
        )
    return Overlay()
