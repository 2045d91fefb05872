"""Events of cpr encounters beyond the resolvers' own (:mod:`firefight.rulesets.cpr.events`):
the turn, the Move, and what standing injuries do between turns (CPR-REF-1, C-4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firefight.events import Event
from firefight.frozen import quick_init

__all__ = [
    "ActionHeld",
    "Burned",
    "FireOut",
    "InjuryAggravated",
    "LuckSpent",
    "MoveTaken",
    "NextTurnCurtailed",
    "TurnStarted",
    "WeaponUnjammed",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    """A new turn (the encounter's round): everyone up gets a Move and an Action, less what
    the last turn took from their next (CPR-REF-1)."""

    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveTaken(Event):
    """A Move Action, or the Action spent running (``run``): ``distance_m`` on foot."""

    actor: str
    distance_m: float
    run: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class NextTurnCurtailed(Event):
    """An injury takes the Action or the Move of the target's next turn (C-4)."""

    target: str
    loses: Literal["action", "move"]
    injury: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InjuryAggravated(Event):
    """A standing injury made worse by moving too far this turn: its bonus damage again,
    straight to HP (C-4)."""

    target: str
    injury: str
    bonus_damage: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Burned(Event):
    """A burning combatant's turn ended: the fire's HP, straight to HP (C-14)."""

    target: str
    hp_lost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FireOut(Event):
    """An Action put out the fire on ``target`` (C-14)."""

    target: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LuckSpent(Event):
    """LUCK points spent on a roll, gone for the rest of the fight (CPR-REF-1)."""

    actor: str
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponUnjammed(Event):
    """An Action cleared the jam in ``weapon`` (CPR-REF-1)."""

    actor: str
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionHeld(Event):
    """The actor holds this turn's Action to use later in the turn, out of the initiative
    order (``until`` is what they wait for, in the GM's words); unused, it is gone when the
    next turn starts (CPR-REF-1)."""

    actor: str
    until: str = ""
