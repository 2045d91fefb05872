"""cpr's ``covered`` tactic for ``odds simulate`` (DEC-631): behind a barrier first, then the
attacks.

The lines are tried best first, as every tactic's are (:mod:`firefight.scene.tactics`), and the
rules refuse what does not hold. Whether someone stands in the open is read as the attacks read
it: a barrier with HP left covering them on their half of the line (C-13, DEC-630); the spot
behind one is the scene's own (:func:`~firefight.scene.spots.cover_within`).
"""

from __future__ import annotations

from firefight.geometry import Point
from firefight.rulesets.cpr import cpr_data
from firefight.rulesets.cpr.encounter_build import barrier_cover
from firefight.rulesets.cpr.fighter import fighter, move_allowance
from firefight.rulesets.cpr.tactic_moves import REACH_MARGIN_M, line_point, on_grid, owed_move
from firefight.rulesets.cpr.tactics import attack_lines
from firefight.scene.cover import covering
from firefight.scene.spots import cover_within
from firefight.scene.state import Barrier, CombatantState, EncounterState
from firefight.scene.tactics import enemies_of, quoted
from firefight.units import feet_from_metres

__all__ = ["covered", "in_the_open", "spot_in_reach"]


def in_the_open(state: EncounterState, c: CombatantState, enemy: CombatantState) -> bool:
    """Whether no barrier with HP left stands between ``enemy`` and ``c`` (C-13); a shield
    held is no place to stand, and a barrier of no cover kind stops nothing cpr can tell."""
    data = cpr_data()
    return not any(
        barrier.cover and barrier_cover(state, barrier, data).hp > 0
        for barrier in covering(state, enemy.position, c.position)
    )


def spot_in_reach(state: EncounterState, c: CombatantState, enemy: CombatantState) -> Point | None:
    """The nearest spot behind a barrier with HP left, against ``enemy``, that one Move takes
    ``c`` to (MOVE x 2 m, CPR-REF-1) and nobody stands on (S-1), as the action line writes it
    (to 0.1 m) and still behind it there; None when there is none."""
    data = cpr_data()
    move, _ = move_allowance(c, data)
    reach_ft = feet_from_metres(move * data.turns.metres_per_move - REACH_MARGIN_M)

    def counts(barrier: Barrier) -> bool:
        return bool(barrier.cover) and barrier_cover(state, barrier, data).hp > 0

    def holds(p: Point) -> bool:
        return any(counts(b) for b in covering(state, enemy.position, p))

    spot = cover_within(
        state, c, enemy, reach_ft, counts, fits=lambda p: on_grid(p, holds) is not None
    )
    return None if spot is None else on_grid(spot, holds)


def covered(state: EncounterState, name: str) -> list[str]:
    """in the open, the Move behind the nearest barrier in reach first; from cover, reload a gun
    under half full; then as sharp, enemies in the open before those in cover (suppressed, the
    Move owed to cover comes first, DEC-671)"""
    me = quoted(name)
    c = state.combatant(name)
    enemies = enemies_of(state, c)
    lines = owed_move(state, c)
    exposed = bool(enemies) and in_the_open(state, c, enemies[0])
    if not lines and exposed and fighter(c).move_left:
        spot = spot_in_reach(state, c, enemies[0])
        if spot is not None:
            lines.append(f"{me} moves {line_point(spot)}")
    reload = f"{me} reloads"
    early = not exposed and _under_half(c)
    return [
        *lines,
        *([reload] if early else []),
        *attack_lines(state, c, enemies, first=lambda e: in_the_open(state, e, c)),
        *([] if early else [reload]),
    ]


def _under_half(c: CombatantState) -> bool:
    """Whether the gun in hand holds fewer than half its magazine (CPR-AMMO-1)."""
    gun = c.weapon()
    if gun is None or gun.loaded is None:
        return False
    return 2 * gun.loaded.rounds < gun.loaded.capacity
