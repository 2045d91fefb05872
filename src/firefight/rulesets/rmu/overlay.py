"""What an rmu action being declared looks like on the map (:mod:`firefight.scene.svg`): an aimed
shot's line of fire (dashed when someone stands in it, RMU-COV-5), a burst's 5° cone (RMU-RF-10,
S-2), a sweep's sector (RMU-SUP-1, RMU-SUP-6) and a throw's aim point with the bands (or cloud)
it would bring there (RMU-EXP-2, RMU-EXP-5)."""

from __future__ import annotations

from typing import Literal

from firefight.frozen import replace
from firefight.geometry import Body, bodies_between, burst_cone, distance_ft, sweep_cone
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.encounter_explosives import Throws
from firefight.rulesets.rmu.encounter_fire import sweep_aim
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_actions import EmptyGun, Sweep
from firefight.scene.actions import Action
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.svg import FireLine, Mark, Overlay, Ring
from firefight.trace import TraceBuilder

__all__ = ["rmu_overlay"]

#: How far past the target a burst's cone is drawn, as a share of the distance to the target.
BURST_DRAWN_PAST = 0.5


def _bodies(state: EncounterState, *skip: str) -> list[Body]:
    return [
        Body(center=o.position, posture=o.posture, size=o.size, name=o.name)
        for o in state.combatants
        if o.name not in skip and not o.dead
    ]


def _line(state: EncounterState, c: CombatantState, target: CombatantState) -> FireLine:
    aimed = Body(center=target.position, posture=target.posture, size=target.size, name=target.name)
    between = bodies_between(c.position, aimed, _bodies(state, c.name, target.name))
    label = f"{c.name} at {target.name}, {distance_ft(c.position, target.position):.0f} ft"
    if between:
        label += ": through " + ", ".join(b.name for b in between)
    return FireLine(start=c.position, end=target.position, label=label, blocked=bool(between))


def rmu_overlay(state: EncounterState, action: Action) -> Overlay:
    """The shapes of ``action`` in ``state``; nothing for an action that fires at nobody."""
    c = state.combatant(action.actor)
    if isinstance(action, Shoot):
        return Overlay(lines=(_line(state, c, state.combatant(action.target)),))
    if isinstance(action, EmptyGun):
        target = state.combatant(action.target)
        reach = distance_ft(c.position, target.position) * (1 + BURST_DRAWN_PAST)
        cone = replace(burst_cone(c.position, target.position), max_distance_ft=reach)
        return Overlay(lines=(_line(state, c, target),), cones=(cone,))
    if isinstance(action, Sweep):
        bearing, distance = sweep_aim(state, c, action, TraceBuilder())
        sector = sweep_cone(c.position, bearing, distance, action.width_ft)
        return Overlay(cones=(sector,))
    if isinstance(action, Throws):
        return _throw(c, action)
    return Overlay()


def _throw(c: CombatantState, action: Throws) -> Overlay:
    load = explosive_data().load(action.load)
    label = f"{c.name} throws the {load.key}, {distance_ft(c.position, action.aim):.0f} ft"
    bands = load.bands_in(enclosed=action.enclosed)
    kind: Literal["band", "cloud"] = "cloud" if load.effect in ("smoke", "gas") else "band"
    named = bands or (("radius", load.radius_ft),)
    rings = tuple(Ring(center=action.aim, radius_ft=r, label=f"{load.key} {name} {r:g} ft",
                       kind=kind) for name, r in named)  # fmt: skip
    return Overlay(
        lines=(FireLine(start=c.position, end=action.aim, label=label),),
        rings=rings,
        marks=(Mark(at=action.aim, label=f"aim {load.key}"),),
    )
