"""Events every encounter shares, whatever the ruleset: initiative, movement, posture, reloads,
conditions.

They are applied by :mod:`firefight.scene.apply`; a ruleset's own events (the start of its
rounds, action points, hits, criticals, bleeding...) are applied by the ruleset.
:class:`~firefight.events.RoundsFired` comes from :mod:`firefight.events` and is applied here
too.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from firefight.events import Event, RoundsFired
from firefight.frozen import quick_init
from firefight.geometry import Point, Posture, bearing_deg, distance_ft
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.wording import counted

__all__ = [
    "GM_RULE",
    "ArmorRepaired",
    "CombatantAdded",
    "CombatantRemoved",
    "ConditionEnded",
    "ConditionStarted",
    "ConditionTicked",
    "DamageAdjusted",
    "FigureSet",
    "InitiativeOrdered",
    "InitiativeRolled",
    "Moved",
    "PostureChanged",
    "Reloaded",
    "StatusSet",
    "event_types",
    "event_types_version",
    "moved_to",
    "register_event_types",
    "rounds_left_line",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeRolled(Event):
    actor: str
    faces: tuple[int, ...]
    total: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeOrdered(Event):
    """Who acts when this round: groups best first; a group acts at once."""

    groups: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    actor: str
    to: Point
    distance_ft: float
    facing_deg: float


def moved_to(c: CombatantState, to: Point) -> Moved:
    """``c`` moving to ``to``, facing the way they went (as before, when they stay put).

    >>> mara = CombatantState(name="Mara", position=Point(x_ft=0, y_ft=0))
    >>> moved_to(mara, Point(x_ft=3, y_ft=4))
    Moved(actor='Mara', to=Point(x_ft=3, y_ft=4), distance_ft=5.0, facing_deg=36.9)
    """
    if to == c.position:
        return Moved(actor=c.name, to=to, distance_ft=0.0, facing_deg=c.facing_deg)
    return Moved(
        actor=c.name,
        to=to,
        distance_ft=round(distance_ft(c.position, to), 2),
        facing_deg=round(bearing_deg(c.position, to), 1),
    )


def rounds_left_line(event: RoundsFired, state: EncounterState) -> str | None:
    """What the shots of ``event`` leave in the magazine, for the narrated log (``state`` is the
    state before them); None for a weapon the scene does not know or that holds no magazine."""
    c = state.find(event.actor)
    weapon = c.weapon(event.weapon) if c else None
    if weapon is None or weapon.loaded is None:
        return None
    left = weapon.loaded.rounds - event.rounds
    return f"{event.actor}'s {weapon.name}: {counted(left, 'round')} left in the magazine."


@dataclass(frozen=True, slots=True, kw_only=True)
class PostureChanged(Event):
    actor: str
    posture: Posture


@dataclass(frozen=True, slots=True, kw_only=True)
class Reloaded(Event):
    """The magazine in ``weapon`` swapped for the spare at ``spare`` (the old one is kept)."""

    actor: str
    weapon: str
    spare: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionStarted(Event):
    condition: ActiveCondition


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionTicked(Event):
    id: str
    rounds_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionEnded(Event):
    id: str


# --- the GM's overrides (issue 17): recorded as events, so that they fold and undo like any ---

#: The encounter's own rule a GM's command is recorded and refused under.
GM_RULE = "ENC-GM"
#: The GM's commands' first words (:mod:`firefight.encounter.gm`); an action line never starts
#: with one unless someone is called that.
GM_COMMANDS = (
    "hits",
    "heal",
    "repair",
    "add",
    "remove",
    "move",
    "set",
    "delay",
    "hold",
    "reorder",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageAdjusted(Event):
    """The GM moves someone's damage track: ``amount`` > 0 is damage taken, < 0 healed."""

    target: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmorRepaired(Event):
    """The GM makes someone's armor whole again: no damage, not broken."""

    wearer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusSet(Event):
    """The GM sets whether someone is up, unconscious or dead."""

    target: str
    status: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FigureSet(Event):
    """The GM sets one of a ruleset's own figures on someone (AP, bleeding, SP...): the
    ruleset applies it (``Ruleset.set_figure``), since it alone knows where the figure lives."""

    target: str
    figure: str
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatantAdded(Event):
    """Someone joins the fight mid-way (a copy of another with a name and place of their own);
    they come last in the initiative order."""

    combatant: CombatantState


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatantRemoved(Event):
    """Someone leaves the scene (fled, or added by mistake)."""

    name: str


# --- the registry the log reads events back by ---------------------------------------------

_REGISTRY: dict[str, type[Event]] = {}


def register_event_types(*classes: type[Event]) -> None:
    """Make events of these classes readable from the log, by class name.

    Registering the same class twice is harmless; two different classes under one name are not,
    since the log could not tell them apart.
    """
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise TypeError(f"{cls!r} is not an event class")
        if "type" in {f.name for f in fields(cls)}:
            raise TypeError(
                f"the event class {cls.__name__} has a field called 'type', where the log names "
                "an event's class"
            )
        known = _REGISTRY.get(cls.__name__)
        if known is not None and known is not cls:
            raise TypeError(
                f"two event classes are called {cls.__name__!r}: {known.__module__} and "
                f"{cls.__module__}; the log cannot tell them apart"
            )
        _REGISTRY[cls.__name__] = cls


register_event_types(
    ArmorRepaired,
    CombatantAdded,
    CombatantRemoved,
    DamageAdjusted,
    FigureSet,
    StatusSet,
    RoundsFired,
    ConditionEnded,
    ConditionStarted,
    ConditionTicked,
    InitiativeOrdered,
    InitiativeRolled,
    Moved,
    PostureChanged,
    Reloaded,
)


def event_types() -> dict[str, type[Event]]:
    """Every registered event class by name."""
    return dict(_REGISTRY)


def event_types_version() -> int:
    """Grows whenever a class is registered (never otherwise): what is built from the registry,
    such as the log's reader, is rebuilt when it changes."""
    return len(_REGISTRY)
