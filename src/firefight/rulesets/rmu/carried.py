"""The grenades an rmu combatant carries, when the scenario counts them (DEC-620).

A scenario's ``grenades = { m67 = 2 }`` keeps a count per load in
:attr:`~firefight.rulesets.rmu.vitals.RmuStats.grenades`: a throw of a load with none left is
refused before any die, and each throw that resolves takes one off (its ``ExplosiveLanded``
event says so). Throwing back a grenade that landed uses none of the thrower's own
(RMU-EXP-9). A combatant without a count (None) throws whatever is declared, as before
(DEC-473).
"""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import CombatantState

__all__ = ["carried_text", "check_carried", "grenades_left", "take_grenade"]


def grenades_left(c: CombatantState, load: str) -> int | None:
    """How many of ``load`` ``c`` has left; None when nobody counts (DEC-473)."""
    carried = rmu_stats(c).grenades
    if carried is None:
        return None
    return sum(n for key, n in carried if key == load)


def check_carried(c: CombatantState, load: str, name: str) -> None:
    """Refuse a throw of ``load`` (called ``name``) when ``c``'s count has none left."""
    if grenades_left(c, load) == 0:
        raise RuleRefusal("DEC-620", f"{c.name} has no {name} left.")


def take_grenade(c: CombatantState, load: str) -> CombatantState:
    """``c`` with one ``load`` fewer: a throw that resolved."""
    stats = rmu_stats(c)
    assert stats.grenades is not None  # a throw is only marked spent from a count
    left = tuple((key, n - 1 if key == load else n) for key, n in stats.grenades)
    return replace(c, stats=replace(stats, grenades=left))


def carried_text(c: CombatantState) -> str | None:
    """What is left, as the state table shows it: ``m67 x1, m18 x0``; None when not counted."""
    carried = rmu_stats(c).grenades
    if carried is None:
        return None
    return ", ".join(f"{key} x{n}" for key, n in carried) or "none"
