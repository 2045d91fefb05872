"""Holds on a victim, as the scene keeps them (DEC-343): the condition ``grappled`` (holder = the
victim; data: the grappler and the hold in percent), the holds on one victim counted together up
to the cap, and whether they hold the victim fast.

Kept apart from the melee actions so that whatever reads a target's defenses -- a blade, a
shot, a blast -- asks the same question (P-9: a victim held fast is helpless).
"""

from __future__ import annotations

from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.scene.state import ActiveCondition, EncounterState

__all__ = ["GRAPPLED", "held_fast", "hold_of", "hold_on", "holds_on"]

#: The condition kind of a hold: holder = the victim; data: grappler, hold (percent).
GRAPPLED = "grappled"


def holds_on(state: EncounterState, victim: str) -> list[ActiveCondition]:
    """Every hold on ``victim``, strongest first."""
    if not state.conditions:
        return []  # most scenes: every shot asks twice, of its shooter
    found = [k for k in state.conditions if k.kind == GRAPPLED and k.holder == victim]
    return sorted(found, key=lambda k: -hold_of(k)) if found else found


def hold_of(condition: ActiveCondition) -> int:
    """The hold, in percent, one ``grappled`` condition gives."""
    value = condition.get("hold")
    return int(value) if isinstance(value, int | float) else 0


def hold_on(state: EncounterState, victim: str) -> int:
    """The hold on ``victim`` from everyone holding them, capped (DEC-343)."""
    # A hold is one of the scene's conditions: a scene with none (most fights; every shot asks
    # this of its shooter) holds nobody, told without looking for holds.
    holds = holds_on(state, victim) if state.conditions else None
    if not holds:
        return 0  # nobody holds most people
    return min(melee_figures().hold_cap, sum(hold_of(k) for k in holds))


def held_fast(state: EncounterState, victim: str) -> bool:
    """Whether the holds on ``victim`` reach the cap: helpless (DEC-343, P-9)."""
    return bool(state.conditions) and hold_on(state, victim) >= melee_figures().hold_cap
