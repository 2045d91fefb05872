"""Events of rmu encounters beyond the shot's own (:mod:`firefight.rulesets.rmu.events`): the
start of a round with its AP (RMU-GEN-1), AP lost without an action, upkeep (RULINGS R-2..R-4)
and the attacker's bonus used up.

:class:`RoundStarted` and :class:`ActionPointsLost` keep the names the shared events had before
rounds and AP became rmu's (issue 10), so that logs written then read back as they are."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event
from firefight.frozen import quick_init
from firefight.rulesets.rmu.vitals import RmuVitals, vitals
from firefight.scene.state import CombatantState

__all__ = [
    "ActionPointsLost",
    "AttackerBonusUsed",
    "Bled",
    "Died",
    "DyingCountdown",
    "RoundStarted",
    "StaggerCleared",
    "StaggerPaid",
    "StunWoreOff",
    "bonus_used",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """A new round: everyone's AP back to ``ap`` (RMU-GEN-1), last round's leftovers gone."""

    round: int
    ap: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionPointsLost(Event):
    """AP taken away without an action (a stagger, surprise), citing why."""

    actor: str
    ap: int
    reason: str
    rule: str


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Bled(Event):
    """Bleeding hits taken at upkeep (R-4, first)."""

    target: str
    hits: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DyingCountdown(Event):
    """A dying combatant's count runs down one round (R-4, durations)."""

    target: str
    rounds_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Event):
    target: str
    cause: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StunWoreOff(Event):
    """One round of stun gone from the worst tier (R-3, R-4)."""

    target: str
    penalty: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StaggerCleared(Event):
    """The stagger is over once its AP were lost (R-3, R-4)."""

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StaggerPaid(Event):
    """AP a stagger still owed, taken at the start of the round (R-3)."""

    target: str
    ap: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackerBonusUsed(Event):
    """The bonus a critical gave the attacker is spent on their next action (RMU-BP-3)."""

    actor: str
    bonus: int


def bonus_used(c: CombatantState, v: RmuVitals | None = None) -> list[Event]:
    """Any action ``c`` takes spends the bonus a critical gave them this round (RMU-BP-3);
    ``v``: ``c``'s vitals, when the caller has them."""
    bonus = (vitals(c) if v is None else v).next_action_bonus
    if bonus:
        return [AttackerBonusUsed(actor=c.name, bonus=bonus)]
    return []
