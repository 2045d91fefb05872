"""gurps's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

import math

from firefight.rulesets.gurps.encounter_model import (
    gurps_stats,
    missile_verb,
    next_usable,
    still_usable,
)
from firefight.rulesets.gurps.scene_cover import hiding_barrier
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import enemies_by_distance, plain_lines, quoted

__all__ = ["AIM_FROM_FT", "LONG_AIM_FROM_FT", "plain", "steady"]

#: Past this distance (2 yd) a loaded weapon is aimed for a turn before it is fired: the
#: weapon's Acc counts and the snap-shot penalty goes (GUR-MOD-1, GUR-WRONG-2).
AIM_FROM_FT = 6.0
#: Past this one (20 yd, -6) it is aimed for three turns, Acc +2 (GUR-MOD-1 gives a fourth
#: turn +1 more, the most that counts; the tactic does not wait for it).
LONG_AIM_FROM_FT = 60.0


def plain(state: EncounterState, name: str) -> list[str]:
    """shoot the nearest enemy it can; else reload; else, the weapon in hand spent for good,
    draw another; else wait"""
    # The shared plain tactic, its shot thrown when the weapon in hand is thrown (DEC-890).
    me = state.combatant(name)
    *fire, wait = plain_lines(name, enemies_by_distance(state, name), missile_verb(me))
    return [*fire, *_draw(me), wait]


def _draw(me: CombatantState) -> list[str]:
    """The next weapon still of use drawn once the one in hand is spent for good: a knife
    thrown, a gun whose counted reloads are gone (GUR-RELOAD-1, DEC-926)."""
    in_hand = me.weapon(gurps_stats(me).in_hand)
    if in_hand is None or still_usable(me, in_hand):
        return []
    other = next_usable(me, in_hand)
    return [] if other is None else [f"{quoted(me.name)} draws {other.name}"]


def steady(state: EncounterState, name: str) -> list[str]:
    """aim a loaded weapon at the nearest enemy for a turn (three past 20 yd; none from behind
    a barrier that hides the shooter, a pop-up attack), then shoot it; else reload; else, the
    weapon in hand spent for good, draw another; else, stunned, try to recover; else wait"""
    me = state.combatant(name)
    stats = gurps_stats(me)
    if stats.stunned:
        # GUR-CORE-1: a stunned fighter may only Do Nothing, rolling HT to shake it off. The
        # lines the rules would refuse are not offered: a refused line draws no die, but the
        # three a stunned turn met cost 1.5% of a dry-gulch fight.
        return [f"{quoted(name)} recovers"]
    enemies = enemies_by_distance(state, name)
    *shots_and_reload, wait = plain_lines(name, enemies, missile_verb(me))
    aim: list[str] = []
    loaded = any(w.loaded is not None and w.loaded.rounds > 0 for w in me.weapons)
    if enemies and loaded:
        target = enemies[0]
        gap = math.hypot(
            target.position.x_ft - me.position.x_ft, target.position.y_ft - me.position.y_ft
        )
        turns = stats.aim_turns if stats.aim_target == target.name else 0
        wanted = 3 if gap > LONG_AIM_FROM_FT else 1 if gap > AIM_FROM_FT else 0
        # DEC-633: from behind a barrier that hides them the shot is a pop-up attack, which
        # takes no aim.
        if turns < wanted and hiding_barrier(state, target, me) is None:
            aim = [f"{quoted(name)} aims at {quoted(target.name)}"]
    # Not stunned, "recovers" is Do Nothing, taken before the Wait (which watches and may
    # fire) when nothing else is.
    return [*aim, *shots_and_reload, *_draw(me), f"{quoted(name)} recovers", wait]
