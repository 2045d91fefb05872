"""The fatigue check of RULINGS R-2: at a total penalty of -100 or worse, every effortful action
is first an absolute maneuver (M-3) against exhaustion (DEC-79).

Effortful here means what takes a body's effort in a firefight: shooting (an aimed shot, rapid
fire, a sweep), dashing for cover, moving, reloading, and putting out a fire (rolling on the
ground or beating out another's flames, V-5, DEC-973). Waiting, changing posture, preparing
rapid fire and clearing a jam are not checked. The check is Constitution-based when the
scenario gives a ``constitution`` stat, else +0 (said in the trace), plus the combatant's
penalties. A Failure or worse means the effort comes to nothing: the action's AP are spent and
nothing else happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.events import Event
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.fire_actions import DashToCover, EmptyGun, Sweep
from firefight.rulesets.rmu.kindred_actions import PutOut
from firefight.rulesets.rmu.maneuvers import (
    ABSOLUTE_PASSES,
    AbsoluteResult,
    Maneuver,
    resolve_maneuver,
)
from firefight.rulesets.rmu.vitals import (
    RmuVitals,
    figures,
    penalty_modifiers,
    rmu_stats,
    total_penalty,
)
from firefight.scene.actions import Action, Move, Reload
from firefight.scene.state import CombatantState
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "EFFORTFUL",
    "FATIGUE_RULE",
    "FatigueCheck",
    "FatigueChecked",
    "needs_fatigue_check",
    "roll_fatigue_check",
]

FATIGUE_RULE = "R-2"

#: The actions that take effort (DEC-79).
EFFORTFUL: tuple[type[Action], ...] = (
    Shoot,
    EmptyGun,
    Sweep,
    DashToCover,
    Move,
    Reload,
    PutOut,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueChecked(Event):
    """A fatigue check before an effortful action (R-2); ``passed`` False: the action fails."""

    actor: str
    total: int
    result: str
    passed: bool
    rule: str = FATIGUE_RULE


def needs_fatigue_check(c: CombatantState, action: Action, v: RmuVitals | None = None) -> bool:
    """Whether ``action`` by ``c`` must first pass a fatigue check (R-2, DEC-79); ``v``:
    ``c``'s vitals, when the caller has them."""
    return isinstance(action, EFFORTFUL) and total_penalty(c, v) <= figures().fatigue_check_at


@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueCheck(Result):
    """A fatigue check (R-2): its band and total; the action goes on when it passed."""

    fatigue_check: str
    fatigue_total: int

    @property
    def passed(self) -> bool:
        return AbsoluteResult(self.fatigue_check) in ABSOLUTE_PASSES

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.passed else "failure"


def roll_fatigue_check(c: CombatantState, dice: Dice) -> tuple[bool, Outcome[FatigueCheck]]:
    """Roll ``c``'s fatigue check: whether they may go on, and the check's event and trace."""
    constitution = rmu_stats(c).constitution
    tb = TraceBuilder()
    basis = (
        f"their Constitution bonus {constitution:+d}"
        if constitution is not None
        else "+0, as the scenario gives no constitution stat"
    )
    tb.step(
        f"{c.name}'s total penalty is {total_penalty(c)}: the effort needs a fatigue check first, "
        f"an absolute maneuver on {basis}; Failure or worse and the action comes to nothing.",
        FATIGUE_RULE,
    )
    decl = Maneuver(
        kind="absolute",
        bonus=constitution or 0,
        actor=c.name,
        skill="constitution",
        extra=tuple(penalty_modifiers(c)),
    )
    rolled = resolve_maneuver(decl, dice)
    result, total = rolled.result.result, rolled.result.total
    passed = AbsoluteResult(result) in ABSOLUTE_PASSES
    after = TraceBuilder()
    after.step(
        f"Fatigue check: {result}; {c.name} "
        + ("finds the strength to go on." if passed else "is too spent: the action fails."),
        FATIGUE_RULE,
    )
    event: Event = FatigueChecked(actor=c.name, total=total, result=result, passed=passed)
    trace = Trace((*tb.build().entries, *rolled.trace.entries, *after.build().entries))
    checked = FatigueCheck(fatigue_check=result, fatigue_total=total)
    return passed, Outcome(events=(event,), trace=trace, result=checked)
