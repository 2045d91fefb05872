"""rmu's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

import math

from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_by_distance, quoted

__all__ = ["GROUPED_FT", "aimed"]

#: Enemies this close to each other are one grenade's target: it is thrown between them.
GROUPED_FT = 10.0


def aimed(state: EncounterState, name: str) -> list[str]:
    """a prepared shot at the nearest enemy it can (no recoil penalty); else a quick shot; else
    clear a jam; else reload; a thrower without a gun throws an M67 between grouped enemies;
    else wait"""
    me = quoted(name)
    enemies = enemies_by_distance(state, name)
    names = [quoted(e.name) for e in enemies]
    return [
        # RMU-GEN-1: the whole round's 4 AP on one shot, its preparation taking the -30 recoil
        # off; when fewer are left, a plain shot.
        *(f"{me} shoots {e} --prepared" for e in names),
        *(f"{me} shoots {e}" for e in names),
        # RMU-RF-13, RMU-GEN-8: a jammed gun fires no more until cleared.
        f"{me} clears",
        f"{me} reloads",
        *_throw(state.combatant(name), enemies),
        f"{me} waits",
    ]


def _throw(me: CombatantState, enemies: list[CombatantState]) -> list[str]:
    """DEC-473: the scene counts no grenades, so only a fighter with no gun and a Thrown skill
    is taken to carry them; they land between the two nearest enemies when grouped, else on the
    nearest."""
    from firefight.rulesets.rmu.vitals import rmu_stats

    if me.weapons or not enemies or rmu_stats(me).skill("thrown") is None:
        return []
    at = enemies[0].position
    x, y = at.x_ft, at.y_ft
    if len(enemies) > 1:
        other = enemies[1].position
        if math.hypot(other.x_ft - x, other.y_ft - y) <= GROUPED_FT:
            x, y = (x + other.x_ft) / 2, (y + other.y_ft) / 2
    return [f"{quoted(me.name)} throws m67 at {x:g},{y:g}"]
