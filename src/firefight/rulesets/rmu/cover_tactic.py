"""rmu's ``covered`` tactic for ``odds simulate``: cover first, and a gun that can is emptied.

The lines it offers are tried best first, as every tactic's are (:mod:`firefight.scene.tactics`);
the rules refuse what does not hold -- emptying a gun nobody prepared last round (RMU-RF-2), a
dash with too few AP (R-6), preparing a gun that cannot fire rapid (RMU-RF-1) -- and the next
line is tried. Whether someone stands in the open is read by the rules' own cover reading
(:func:`~firefight.rulesets.rmu.scene_reading.barrier_cover`), and where a dash ends by the
same :func:`~firefight.rulesets.rmu.scene_reading.reachable_cover` a diver's dash uses.
"""

from __future__ import annotations

import math

from firefight.rulesets.rmu.scene_reading import barrier_cover, reachable_cover
from firefight.rulesets.rmu.tactics import aimed, grouped_pair, reload_due
from firefight.rulesets.rmu.vitals import figures, vitals
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_by_distance, quoted
from firefight.trace import TraceBuilder

__all__ = ["SWEEP_MARGIN_FT", "covered", "in_the_open"]

#: How much wider than the gap between two enemies a sweep over them is: a body's width on
#: each side, so neither stands on its edge.
SWEEP_MARGIN_FT = 4


def in_the_open(state: EncounterState, me: CombatantState, enemy: CombatantState) -> bool:
    """Whether no barrier (nor smoke) covers ``me`` against a shot from ``enemy``'s gun
    (RMU-COV-1..5, P-1)."""
    gun = enemy.weapon()
    kind = gun.kind if gun is not None else None
    return barrier_cover(state, enemy, me, kind, TraceBuilder()) is None


def covered(state: EncounterState, name: str) -> list[str]:
    """empty a gun prepared last round at the nearest enemy; in the open, dash behind a barrier
    within a BMR of the nearest enemy first; sweep the two nearest enemies when they stand
    together; prepare a gun that fires rapid with the whole round; else as aimed, reloading
    only an empty gun, or in cover one under half full"""
    me = quoted(name)
    c = state.combatant(name)
    enemies = enemies_by_distance(state, name)
    names = [quoted(e.name) for e in enemies]
    lines = [f"{me} empties the gun at {e}" for e in names]  # RMU-RF-5: round N+1 only
    exposed = bool(enemies) and in_the_open(state, c, enemies[0])
    if exposed:
        spot = reachable_cover(state, enemies[0], c)
        if spot is not None:
            barrier = spot[0]
            lines.append(f"{me} dashes to cover {quoted(barrier.name)} --from {names[0]}")
    lines += _sweep(c, enemies)
    # RMU-RF-2, F-6: preparing takes the round's AP, and the next round's all fire the gun.
    if vitals(c).ap_left >= figures().round_ap:
        lines += [f"{me} prepares rapid fire at {e}" for e in names]
    # aimed reloads a gun under half full; out in the open only an empty one is.
    reload = f"{me} reloads"
    keep = reload_due(c, in_cover=not exposed)
    return [*lines, *(line for line in aimed(state, name) if line != reload or keep)]


def _sweep(me: CombatantState, enemies: list[CombatantState]) -> list[str]:
    """RMU-SUP-1: a sweep over the ground two grouped enemies share
    (:func:`~.tactics.grouped_pair`), aimed between them and a little wider than their gap;
    the rules refuse it for a gun past its sweeps or class rate this round (RMU-SUP-2, -3)."""
    group = grouped_pair(enemies)
    if group is None:
        return []
    gap, (x, y) = group
    width = math.ceil(gap) + SWEEP_MARGIN_FT
    return [f"{quoted(me.name)} sweeps {width} ft wide at {x:g},{y:g}"]
