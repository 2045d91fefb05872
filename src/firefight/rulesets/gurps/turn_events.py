"""The events of a gurps one-second turn and its action line (docs/gurps.md): a new turn, the
maneuver each fighter took, a weapon drawn, a wound and a recovery (GUR-CORE-1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from firefight.events import Event
from firefight.frozen import quick_init
from firefight.outcome import Happened, Outcome
from firefight.rulesets.gurps.injury import Condition
from firefight.rulesets.gurps.shot_result import ShotResult
from firefight.scene.actions import Action
from firefight.trace import Trace

__all__ = [
    "EVENT_TYPES",
    "GurpsAction",
    "GurpsDrew",
    "GurpsHurt",
    "GurpsManeuver",
    "GurpsRecovered",
    "GurpsStoodUp",
    "GurpsTurnStarted",
    "announced",
    "hurt_by",
    "hurt_from_shot",
    "maneuver_taken",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsTurnStarted(Event):
    """A new one-second turn: everyone may take a maneuver; last turn's shock wears off."""

    round: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsManeuver(Event):
    """``actor`` took ``maneuver`` this turn (aim, attack, all-out attack, move and attack,
    move, wait, ready, nothing)."""

    actor: str
    maneuver: str
    aim_target: str | None = None
    aim_turns: int = 0
    braced: bool = False
    watching: str | None = None
    watch_x: float | None = None
    watch_y: float | None = None
    watch_for: str | None = None
    watch_hold: bool = False
    busy: int = 0
    reloading: str | None = None


# A fight's attacks and aims repeat (the same fighter at the same target, a turn more of aim):
# the frozen event is built once per figures (a bounded cache).
@lru_cache(maxsize=512)
def maneuver_taken(
    actor: str,
    maneuver: str,
    aim_target: str | None = None,
    aim_turns: int = 0,
    braced: bool = False,
) -> GurpsManeuver:
    """``actor``'s ``maneuver`` (an attack, or an aim at ``aim_target`` for ``aim_turns``)."""
    return GurpsManeuver(
        actor=actor,
        maneuver=maneuver,
        aim_target=aim_target,
        aim_turns=aim_turns,
        braced=braced,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsDrew(Event):
    """``actor`` drew ``weapon``: ``ready`` unless it was dropped (GUR-RELOAD-1)."""

    actor: str
    weapon: str
    ready: bool


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsHurt(Event):
    """``target`` took ``injury`` HP, with what it did to them."""

    target: str
    injury: int
    shock: int
    stunned: bool
    knocked_down: bool
    unconscious: bool
    dead: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsRecovered(Event):
    actor: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsStoodUp(Event):
    """The GM got a knocked-down ``actor`` off the ground (``set NAME standing`` or
    ``kneeling``): the fall is over, as rising with a Change Position ends it (DEC-959)."""

    actor: str


EVENT_TYPES: tuple[type[Event], ...] = (
    GurpsTurnStarted,
    GurpsManeuver,
    GurpsDrew,
    GurpsHurt,
    GurpsRecovered,
    GurpsStoodUp,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsAction(Action):
    target: str | None = None
    weapon: str | None = None
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    words: tuple[str, ...] = ()


def hurt_from_shot(target: str, shot: ShotResult) -> GurpsHurt:
    """The wound a resolved shot (with ``--hp``) says ``target`` took."""
    after = shot.condition
    assert after is not None
    return GurpsHurt(
        target=target,
        injury=shot.injury,
        shock=after.shock,
        stunned=after.state == "stunned",
        knocked_down=after.knocked_down,
        unconscious=after.state == "unconscious",
        dead=after.state == "dead",
    )


def hurt_by(target: str, injury: int, shock: int, condition: Condition) -> GurpsHurt:
    """The wound ``target`` took, leaving them in ``condition``."""
    return GurpsHurt(
        target=target,
        injury=injury,
        shock=shock,
        stunned=condition.stunned,
        knocked_down=condition.knocked_down,
        unconscious=condition.unconscious,
        dead=condition.dead,
    )


def announced(event: Event, headline: str) -> Outcome[Happened]:
    """A maneuver with nothing to roll (an aim, a wait...): its event and headline."""
    return Outcome(events=(event,), trace=Trace(()), result=Happened(headline=headline))
