"""Events of Kindred in rmu encounters (RULINGS V-2..V-5, RMU-BITE-3..4, RMU-STAKE-2..3).

Applied by :func:`firefight.rulesets.rmu.kindred_vitals.apply_kindred_event`; what hits and
criticals do to a Kindred's body is the ordinary events' (with V-1 and V-2 applied on landing).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event

__all__ = [
    "KINDRED_EVENTS",
    "BurningEnded",
    "BurningStarted",
    "Fed",
    "FinalDeath",
    "HungerChanged",
    "PowerRoused",
    "RouseChecked",
    "StakeRemoved",
    "Staked",
    "event_subject",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RouseChecked(Event):
    """A Rouse check for a blood-bought power (V-4): d10, ``calm`` at 6 or more; Hunger after."""

    actor: str
    power: str
    roll: int
    calm: bool
    hunger: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PowerRoused(Event):
    """A blood-bought power active for the rest of the encounter (V-4)."""

    actor: str
    power: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HungerChanged(Event):
    """Hunger set by feeding: the feeder slakes, a Kindred victim hungers (RMU-BITE-4)."""

    target: str
    hunger: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Fed(Event):
    """A turn of feeding (RMU-BITE-4): the feeder slakes ``slakes`` Hunger, to ``hunger``."""

    actor: str
    victim: str
    round: int
    slakes: int
    hunger: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Staked(Event):
    """A stake through the heart: paralysed until it is pulled (V-3, RMU-STAKE-2)."""

    target: str
    by: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeRemoved(Event):
    """The stake pulled by someone adjacent (V-3)."""

    target: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalDeath(Event):
    """A Kindred destroyed (V-2, RMU-STAKE-3)."""

    target: str
    cause: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BurningStarted(Event):
    """Fire caught on a Kindred keeps burning (V-5, RMU-EXP-14)."""

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BurningEnded(Event):
    """The fire on a Kindred put out, by rolling on the ground or by someone else (V-5)."""

    target: str
    by: str


def event_subject(event: Event) -> str:
    """The Kindred a Kindred event changes."""
    if isinstance(event, RouseChecked | PowerRoused | Fed):
        return event.actor
    assert isinstance(
        event, HungerChanged | Staked | StakeRemoved | FinalDeath | BurningStarted | BurningEnded
    )
    return event.target


KINDRED_EVENTS = (
    RouseChecked,
    PowerRoused,
    HungerChanged,
    Fed,
    Staked,
    StakeRemoved,
    FinalDeath,
    BurningStarted,
    BurningEnded,
)
