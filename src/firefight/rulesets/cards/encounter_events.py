"""The cards ruleset's own events and how each changes the scene (DESIGN.md 5-6).

A round opens with :class:`CardsRoundStarted` (every combatant gets one turn, K-2); the
reaction order is the shared ``InitiativeOrdered``. Ammunition leaves a magazine by the shared
``RoundsFired`` and a reload is the shared ``Reloaded``. Everything else is here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from firefight.events import Event
from firefight.frozen import quick_init, replace, replacer
from firefight.geometry import Posture
from firefight.rulesets.cards.encounter_model import CardsScene, CardsStats, stats_of
from firefight.scene.apply import FoldError, personal_fold_into
from firefight.scene.state import CombatantState, EncounterState

__all__ = [
    "EVENT_TYPES",
    "CardsRoundStarted",
    "DeckChanged",
    "ShotTaken",
    "StoodUp",
    "TurnTaken",
    "Wounded",
    "apply_cards_event",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsRoundStarted(Event):
    """A new round: everyone's turn is ahead of them again."""

    round: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnTaken(Event):
    """``actor`` used this round's turn ``doing`` (shoots, reloads, aims, cocks, gets up,
    waits)."""

    actor: str
    doing: str


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotTaken(Event):
    """A shot from ``weapon``; ``must_cock``: an SS weapon whose first card was black
    (CRD-MODE-1)."""

    actor: str
    weapon: str
    must_cock: bool


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded(Event):
    """``target``'s wound track after a hit (K-3), the armor wear it caused and what the
    knockdown tests did (CRD-DMG-2, K-4)."""

    target: str
    green: int
    yellow: int
    red: int
    wear: int
    knocked_down: bool
    down: bool


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DeckChanged(Event):
    """The shared deck's cards left after a draw (D-4)."""

    left: tuple[str, ...]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class StoodUp(Event):
    """The GM got a knocked-down ``actor`` off the ground (``set NAME standing``): the fall is
    over and the turn it owed to getting up is not owed (K-4, DEC-935)."""

    actor: str


EVENT_TYPES: tuple[type[Event], ...] = (
    CardsRoundStarted,
    TurnTaken,
    ShotTaken,
    Wounded,
    DeckChanged,
    StoodUp,
)


#: The folds of the events that change only the one combatant they name, by event class: each
#: is also a personal fold, so a shot's events fold in one run with its rounds (apply_all) and
#: the scene is copied once for them all.
_PERSONAL: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {}
_personal = partial(personal_fold_into, _PERSONAL)


# The copies every round, turn and wound of a fight makes (frozen.replacer: no keywords
# gathered).
_new_round = replacer(EncounterState, "round", "initiative", "combatants")
_unready = replacer(CombatantState, "initiative", "stats")
_with_stats = replacer(CombatantState, "stats")
_hurt = replacer(CombatantState, "stats", "unconscious")
_with_acted = replacer(CardsStats, "acted")
_taken = replacer(CardsStats, "acted", "owes", "aiming")
_marked = replacer(CardsStats, "green", "yellow", "red", "wear")


def apply_cards_event(state: EncounterState, event: Event) -> EncounterState:
    personal = _PERSONAL.get(type(event))
    if personal is not None:
        return personal(state, event)
    if isinstance(event, CardsRoundStarted):
        return _new_round(
            state,
            event.round,
            (),
            tuple(_unready(c, None, _with_acted(stats_of(c), False)) for c in state.combatants),
        )
    if isinstance(event, DeckChanged):
        return replace(state, ruleset_state=CardsScene(deck_left=event.left))
    raise FoldError(f"the cards ruleset has no {type(event).__name__} events")


@_personal(TurnTaken, lambda e: e.actor)
def _turn_taken(c: CombatantState, event: TurnTaken) -> CombatantState:
    s = stats_of(c)
    owes = s.owes[1:] if s.owes and s.owes[0] == event.doing else s.owes
    taken = _taken(s, True, owes, s.aiming + 1 if event.doing == "aims" else 0)
    if event.doing == "gets up":
        taken = replace(taken, knocked_down=False)
        c = replace(c, posture=Posture.STANDING)
    if event.doing == "cocks":
        taken = replace(taken, uncocked=())
    return _with_stats(c, taken)


@_personal(StoodUp, lambda e: e.actor)
def _stood_up(c: CombatantState, event: StoodUp) -> CombatantState:
    s = stats_of(c)
    owes = list(s.owes)
    if "gets up" in owes:
        owes.remove("gets up")
    return _with_stats(c, replace(s, knocked_down=False, owes=tuple(owes)))


@_personal(ShotTaken, lambda e: e.actor)
def _shot_taken(c: CombatantState, event: ShotTaken) -> CombatantState:
    if not event.must_cock:
        return c  # the shot itself changes nothing here (RoundsFired spends the rounds)
    s = stats_of(c)
    # One turn of cocking readies every gun (two SS guns fired as two weapons owe one).
    owes = s.owes if "cocks" in s.owes else (*s.owes, "cocks")
    return replace(c, stats=replace(s, uncocked=(*s.uncocked, event.weapon), owes=owes))


@_personal(Wounded, lambda e: e.target)
def _wounded(c: CombatantState, event: Wounded) -> CombatantState:
    s = stats_of(c)
    s = _marked(s, event.green, event.yellow, event.red, s.wear + event.wear)
    if event.knocked_down and not s.knocked_down:
        s = replace(s, knocked_down=True, owes=("gets up", *s.owes))
        c = replace(c, posture=Posture.PRONE)
    return _hurt(c, s, c.unconscious or event.down)
