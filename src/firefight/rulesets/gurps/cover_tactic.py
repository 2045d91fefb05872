"""gurps's ``covered`` tactic for ``odds simulate`` (DEC-634): a fighter in the open against the
nearest enemy first moves behind a barrier that gives cover but can be fired over (DEC-632:
at least half their height, less than all of it), toward the enemy enough to keep them in the
front cone (GUR-ARC-1: a move faces the way it went), then plays ``steady``."""

from __future__ import annotations

from firefight.geometry import Point, Posture, bearing_deg
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.ranges import feet_from_yards
from firefight.rulesets.gurps.scene_cover import hiding_barrier
from firefight.rulesets.gurps.tactics import steady
from firefight.scene.cover import covering
from firefight.scene.spots import cover_within
from firefight.scene.state import Barrier, CombatantState, EncounterState
from firefight.scene.tactics import enemies_by_distance, quoted

__all__ = ["covered", "fires_over"]

#: How far inside a Move's reach a spot must lie: the line writes it to 0.1 ft.
REACH_MARGIN_FT = 0.1


def fires_over(barrier: Barrier, c: CombatantState) -> bool:
    """Whether ``barrier`` gives ``c`` one of the scene's cover modifiers without hiding them
    (DEC-632): from the lowest row's share of their height, short of all of it."""
    cover = DATA.house.scene_cover
    share = barrier.height_ft / c.body.height_ft
    return cover.rows[-1][0] <= share < cover.hidden_from


def covered(state: EncounterState, name: str) -> list[str]:
    """in the open against the nearest enemy, move behind the nearest barrier within a Move
    that covers without hiding and leaves that enemy in the front cone; down behind one that
    hides, stand; then as steady"""
    c = state.combatant(name)
    enemies = enemies_by_distance(state, name)
    lines = steady(state, name)
    if not enemies:
        return lines
    enemy = enemies[0]
    if c.posture is not Posture.STANDING and hiding_barrier(state, enemy, c) is not None:
        # Down behind cover that hides them (knocked down, DEC-632), they rise to fire over it.
        return [f"{quoted(name)} stands", *lines]
    if any(fires_over(b, c) for b in covering(state, enemy.position, c.position)):
        return lines
    reach_ft = feet_from_yards(gurps_stats(c).move) - REACH_MARGIN_FT

    def ahead(spot: Point) -> bool:
        # A move leaves the mover facing the way they went: only a spot from which the enemy
        # still stands in the front cone (GUR-ARC-1) lets them fire on without a penalty.
        off = bearing_deg(spot, enemy.position) - bearing_deg(c.position, spot)
        return abs((off + 180) % 360 - 180) <= DATA.house.arc.front_cone

    spot = cover_within(state, c, enemy, reach_ft, lambda b: fires_over(b, c), ahead)
    if spot is None:
        return lines
    return [f"{quoted(name)} moves {spot.x_ft:.1f},{spot.y_ft:.1f}", *lines]
