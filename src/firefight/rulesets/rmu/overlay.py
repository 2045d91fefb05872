"""What an rmu action being declared looks like on the map (:mod:`firefight.scene.svg`): an aimed
shot's line of fire (dashed, naming them, when the bodies in it count as cover: RMU-COV-5, P-1),
a burst's 5° cone (RMU-RF-10, S-2), a sweep's sector (RMU-SUP-1, RMU-SUP-6) and a throw's aim
point with the bands (or cloud) it would bring there (RMU-EXP-2, RMU-EXP-5)."""

from __future__ import annotations

from typing import Literal

from firefight.frozen import replace
from firefight.geometry import Point, burst_cone, distance_ft, sweep_cone
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.encounter_explosives import Throws, throw_aim
from firefight.rulesets.rmu.encounter_fire import sweep_aim
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_actions import EmptyGun, Sweep
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.scene_reading import body_screen
from firefight.scene.actions import Action
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.svg import FireLine, Mark, Overlay, Ring
from firefight.trace import TraceBuilder

__all__ = ["rmu_overlay"]

#: How far past the target a burst's cone is drawn, as a share of the distance to the target.
BURST_DRAWN_PAST = 0.5


def _line(c: CombatantState, target: CombatantState, in_front: tuple[str, ...]) -> FireLine:
    label = f"{c.name} at {target.name}, {distance_ft(c.position, target.position):.0f} ft"
    if in_front:
        label += ": through " + ", ".join(in_front)
    return FireLine(start=c.position, end=target.position, label=label, blocked=bool(in_front))


def _shot(state: EncounterState, c: CombatantState, target: CombatantState) -> FireLine:
    """An aimed shot's or a burst's line at its target, blocked by the bodies its resolution
    counts as cover, the dead's among them (RMU-COV-5, RMU-RF-11, DEC-695): a burst grades the
    bodies in front of the man it is aimed at as the aimed shot does
    (:func:`~firefight.rulesets.rmu.volley.catch`)."""
    screen = body_screen(state, c, target, kindred_rules(state), rmu_data())
    return _line(c, target, tuple(s.name for s in screen.shielders) if screen else ())


def rmu_overlay(state: EncounterState, action: Action) -> Overlay:
    """The shapes of ``action`` in ``state``; nothing for an action that fires at nobody."""
    c = state.combatant(action.actor)
    if isinstance(action, Shoot):
        return Overlay(lines=(_shot(state, c, state.combatant(action.target)),))
    if isinstance(action, EmptyGun):
        target = state.combatant(action.target)
        reach = distance_ft(c.position, target.position) * (1 + BURST_DRAWN_PAST)
        cone = replace(burst_cone(c.position, target.position), max_distance_ft=reach)
        return Overlay(lines=(_shot(state, c, target),), cones=(cone,))
    if isinstance(action, Sweep):
        bearing, distance = sweep_aim(state, c, action, TraceBuilder())
        sector = sweep_cone(c.position, bearing, distance, action.width_ft)
        return Overlay(cones=(sector,))
    if isinstance(action, Throws):
        return _throw(c, action, throw_aim(state, action))
    return Overlay()


def _throw(c: CombatantState, action: Throws, aim: Point) -> Overlay:
    load = explosive_data().load(action.load)
    label = f"{c.name} throws the {load.key}, {distance_ft(c.position, aim):.0f} ft"
    bands = load.bands_in(enclosed=action.enclosed)
    kind: Literal["band", "cloud"] = "cloud" if load.effect in ("smoke", "gas") else "band"
    named = bands or (("radius", load.radius_ft),)
    rings = tuple(Ring(center=aim, radius_ft=r, label=f"{load.key} {name} {r:g} ft",
                       kind=kind) for name, r in named)  # fmt: skip
    return Overlay(
        lines=(FireLine(start=c.position, end=aim, label=label),),
        rings=rings,
        marks=(Mark(at=aim, label=f"aim {load.key}"),),
    )
