"""What a cpr action being declared looks like on the map (:mod:`firefight.scene.svg`): a shot's
or an autofire's line (dashed when it meets cover with HP left, C-13), the shotgun shells' block
in front of the shooter (C-7), a thrown explosive's square (C-8) and suppression's reach (C-6)."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.geometry import Point, distance_ft
from firefight.geometry.areas import Rectangle, area_in_front, square_around
from firefight.geometry.plane import bearing_deg
from firefight.rulesets.cpr.cover import the_cover
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_actions import (
    Autofire,
    FireShells,
    Shoot,
    Suppress,
    ThrowItem,
)
from firefight.rulesets.cpr.encounter_build import cover_of
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.scene.actions import Action
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.svg import Area, FireLine, Overlay, Ring
from firefight.units import feet_from_metres, metres_from_feet

__all__ = ["cpr_overlay"]


def _line(
    state: EncounterState, c: CombatantState, target: CombatantState, data: CprData
) -> FireLine:
    """The line of fire, dashed when the shot meets cover with HP left in front of the target
    (C-13, :func:`~firefight.rulesets.cpr.encounter_build.cover_of`, as the attack reads it);
    people it passes stop nothing in cpr, so they do not block it."""
    metres = metres_from_feet(distance_ft(c.position, target.position))
    label = f"{c.name} at {target.name}, {metres:.0f} m"
    try:
        cover = cover_of(state, target, c.position, data)
    except RuleRefusal as why:  # a barrier of no cover kind: the shot is refused for it
        return FireLine(start=c.position, end=target.position, label=f"{label}: {why.reason}")
    if cover is not None:
        label += f": behind {the_cover(cover.name, cover.holder)} ({cover.hp} HP)"
    return FireLine(start=c.position, end=target.position, label=label, blocked=cover is not None)


def _area(rect: Rectangle, label: str) -> Area:
    return Area(corners=rect.corners(), label=label)


def cpr_overlay(state: EncounterState, action: Action, data: CprData) -> Overlay:
    """The shapes of ``action`` in ``state``; nothing for an action that fires at nobody."""
    c = state.combatant(action.actor)
    figures = data.figures
    if isinstance(action, Shoot | Autofire):
        target = state.find(action.target)
        return Overlay(lines=(_line(state, c, target, data),)) if target else Overlay()
    if isinstance(action, FireShells):
        target = state.combatant(action.target)
        block = area_in_front(
            c.position,
            bearing_deg(c.position, target.position),
            feet_from_metres(figures.shells_depth_m),
            feet_from_metres(figures.shells_width_m),
        )
        label = f"shells: {figures.shells_depth_m:g} m deep, {figures.shells_width_m:g} m wide"
        return Overlay(lines=(_line(state, c, target, data),), areas=(_area(block, label),))
    if isinstance(action, ThrowItem):
        aim: Point | None = action.point
        lines: tuple[FireLine, ...] = ()
        if action.target is not None and (target := state.find(action.target)) is not None:
            aim = target.position
            lines = (_line(state, c, target, data),)
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
