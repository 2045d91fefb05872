"""Applying one event to the state: the events every encounter shares are applied here, a
ruleset's own by the ruleset (DESIGN.md 5-6). The encounter's fold applies a log's events with
these; a ruleset applies the events of a step it just resolved with them."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import partial
from operator import attrgetter
from typing import Any, Protocol, TypeVar

from firefight.errors import FirefightError
from firefight.events import Event, RoundsFired
from firefight.frozen import replace, replacer
from firefight.scene.events import (
    CombatantAdded,
    CombatantRemoved,
    ConditionEnded,
    ConditionStarted,
    ConditionTicked,
    DamageAdjusted,
    FigureSet,
    InitiativeOrdered,
    InitiativeRolled,
    Moved,
    PostureChanged,
    Reloaded,
    StatusSet,
)
from firefight.scene.state import CombatantState, EncounterState, MagazineState, WeaponState

__all__ = [
    "EventApplier",
    "FoldError",
    "People",
    "apply",
    "apply_all",
    "fold_alone",
    "fold_personal_alone",
    "initiative_without",
    "named_in_log",
    "people_fold",
    "personal_fold",
    "personal_fold_into",
    "status_flags",
]


class EventApplier(Protocol):
    """What applies the events only a ruleset knows, the GM's setting of a figure only it
    keeps, and of a status whose consequences are its rules: the ruleset itself."""

    def apply(self, state: EncounterState, event: Event) -> EncounterState: ...

    def apply_figure(self, state: EncounterState, event: FigureSet) -> EncounterState: ...

    def apply_status(self, state: EncounterState, event: StatusSet) -> EncounterState: ...


E = TypeVar("E", bound=Event)
_Applier = Callable[[EncounterState, Any], EncounterState]
_CORE: dict[type[Event], _Applier] = {}


class FoldError(FirefightError):
    """An event that does not fit the state it is applied to (a corrupt or foreign log)."""


def _core(cls: type[E]) -> Callable[[Callable[[EncounterState, E], EncounterState]], None]:
    def register(fn: Callable[[EncounterState, E], EncounterState]) -> None:
        _CORE[cls] = fn

    return register


class People:
    """The scene's combatants as a run of personal events (:func:`people_fold`) leaves them:
    ``people[name]`` is whoever the log names, as the events before left them; ``scene`` is the
    scene as the run found it, whose round, rules and conditions no personal event changes."""

    __slots__ = ("everyone", "places", "scene")

    def __init__(
        self, scene: EncounterState, everyone: list[CombatantState], places: dict[str, int]
    ) -> None:
        self.scene = scene
        # Everyone as the run left them, in scene order, and where each name the run read
        # stands in it: the run puts each person back in their place, and the scene takes the
        # list whole in one copy, where a dict of the changed had every name looked up in it.
        self.everyone = everyone
        self.places = places

    # Where the name stands looked up once a run (a shot's fold reads and puts back its
    # shooter and target), written out in both: a call more costs what the lookup does.
    def __getitem__(self, name: str) -> CombatantState:
        i = self.places.get(name)
        if i is None:
            i = self.places[name] = _place(self.everyone, name)
        return self.everyone[i]

    def __setitem__(self, name: str, combatant: CombatantState) -> None:
        i = self.places.get(name)
        if i is None:
            i = self.places[name] = _place(self.everyone, name)
        self.everyone[i] = combatant

    def state(self) -> EncounterState:
        """The scene with everyone the run read as it left them, in one copy."""
        return _with_combatants(self.scene, tuple(self.everyone)) if self.places else self.scene


def _place(everyone: list[CombatantState], name: str) -> int:
    """Where the combatant an event names stands in ``everyone`` (:func:`named_in_log`)."""
    # Counted by hand: enumerate's object and pairs cost more than the loop (some 0.5% of a
    # warehouse fight, asked of every name a run reads).
    i = 0
    for c in everyone:
        if c.name == name:
            return i
        i += 1  # noqa: SIM113
    raise _not_in_scene(name)


_OnePerson = tuple[Callable[[Any], str], Callable[[CombatantState, Any], CombatantState]]
#: The events that change only the combatants they name, reading of the scene nothing else
#: that such an event could change. :func:`apply_all` folds a run of them in a row on the
#: combatants alone and puts them back in the scene in one copy (a round's initiative rolls,
#: one per fighter; a shot's cost, rounds, fire and wounds), the very state folding them one
#: by one leads to: each reads its people as the events before it left them, and changes no
#: name. Those changing one person: whom the event names and how it changes them.
_ONE_PERSON: dict[type[Event], _OnePerson] = {}
#: Those changing several: how the event changes the people.
_PEOPLE: dict[type[Event], Callable[[People, Any], None]] = {}


def people_fold(
    cls: type[E],
) -> Callable[[Callable[[People, E], None]], Callable[[People, E], None]]:
    """Register ``fn`` as how an event of ``cls`` changes the people it names (a ruleset's own
    events too: the ruleset folds them one at a time with :func:`fold_alone` and the same
    ``fn``)."""

    def register(fn: Callable[[People, E], None]) -> Callable[[People, E], None]:
        _PEOPLE[cls] = fn
        return fn

    return register


def personal_fold(
    cls: type[E], who: Callable[[E], str]
) -> Callable[
    [Callable[[CombatantState, E], CombatantState]], Callable[[CombatantState, E], CombatantState]
]:
    """Register ``fn`` as how an event of ``cls`` changes the one combatant ``who`` names,
    reading nothing else of the scene (:func:`people_fold` for one person)."""

    def register(
        fn: Callable[[CombatantState, E], CombatantState],
    ) -> Callable[[CombatantState, E], CombatantState]:
        _ONE_PERSON[cls] = (who, fn)
        return fn

    return register


def fold_alone(
    fold: Callable[[People, E], None], state: EncounterState, event: E
) -> EncounterState:
    """The state after the event ``event`` of a :func:`people_fold`, folded by itself."""
    people = People(state, list(state.combatants), {})
    fold(people, event)
    return people.state()


def fold_personal_alone(
    who: Callable[[E], str],
    fold: Callable[[CombatantState, E], CombatantState],
    state: EncounterState,
    event: E,
) -> EncounterState:
    """The state after the event ``event`` of a :func:`personal_fold`, folded by itself."""
    return state.with_combatant(fold(named_in_log(state, who(event)), event))


def personal_fold_into(
    folds: dict[type[Event], Callable[[EncounterState, Any], EncounterState]],
    cls: type[E],
    who: Callable[[E], str],
) -> Callable[
    [Callable[[CombatantState, E], CombatantState]], Callable[[CombatantState, E], CombatantState]
]:
    """Register ``fn`` as a :func:`personal_fold` and, in ``folds`` (the core's or a
    ruleset's table of folds by event class), as how an event of ``cls`` folds by itself."""

    def register(
        fn: Callable[[CombatantState, E], CombatantState],
    ) -> Callable[[CombatantState, E], CombatantState]:
        personal_fold(cls, who)(fn)
        folds[cls] = partial(fold_personal_alone, who, fn)
        return fn

    return register


_personal = partial(personal_fold_into, _CORE)
# Whom an event names, read for every personal event a fight folds: a C-level getter costs less
# than a call of a lambda.
_actor = attrgetter("actor")
_target = attrgetter("target")


def named_in_log(state: EncounterState, name: str) -> CombatantState:
    """The combatant an event names, by exact name; a log naming anyone else is corrupt.

    Unlike :meth:`EncounterState.combatant`, no close match is accepted: a stored log names
    people exactly as the scene does.
    """
    for c in state.combatants:
        if c.name == name:
            return c
    raise _not_in_scene(name)


def _not_in_scene(name: str) -> FoldError:
    return FoldError(f"the log names {name!r}, who is not in the scene")


def initiative_without(
    groups: tuple[tuple[str, ...], ...], names: Collection[str]
) -> tuple[tuple[str, ...], ...]:
    """The initiative order with ``names`` taken out (a group left empty goes too).

    >>> initiative_without((("A", "B"), ("C",)), {"C", "A"})
    (('B',),)
    """
    kept = (tuple(n for n in group if n not in names) for group in groups)
    return tuple(group for group in kept if group)


@_personal(DamageAdjusted, _target)
def _damage_adjusted(c: CombatantState, e: DamageAdjusted) -> CombatantState:
    return replace(c, hits_taken=max(0, c.hits_taken + e.amount))


# What each status the GM may set leaves of the shared flags: (unconscious, dead).
_STATUSES: dict[str, tuple[bool, bool]] = {
    "up": (False, False),
    "unconscious": (True, False),
    "dead": (False, True),
}


def status_flags(event: StatusSet) -> tuple[bool, bool]:
    """The shared flags (unconscious, dead) a GM's :class:`StatusSet` leaves; a status no GM
    sets is a corrupt log.

    >>> status_flags(StatusSet(target="V", status="dead"))
    (False, True)
    """
    flags = _STATUSES.get(event.status)
    if flags is None:
        raise FoldError(f"no status called {event.status!r}")
    return flags


@_core(CombatantAdded)
def _added(state: EncounterState, e: CombatantAdded) -> EncounterState:
    if state.find(e.combatant.name) is not None:
        raise FoldError(f"{e.combatant.name!r} is already in the scene")
    order = (*state.initiative, (e.combatant.name,)) if state.initiative else ()
    # A newcomer begins as they join (DEC-705), in place of anyone of that name who left.
    starts = (*(c for c in state.starts if c.name != e.combatant.name), e.combatant)
    return replace(
        state, combatants=(*state.combatants, e.combatant), initiative=order, starts=starts
    )


@_core(CombatantRemoved)
def _removed(state: EncounterState, e: CombatantRemoved) -> EncounterState:
    gone = named_in_log(state, e.name).name
    order = tuple(
        g for g in (tuple(n for n in group if n != gone) for group in state.initiative) if g
    )
    return replace(
        state,
        combatants=tuple(c for c in state.combatants if c.name != gone),
        initiative=order,
    )


# The copies a fight's every shot and round makes (frozen.replacer: no keywords gathered).
_with_rounds = replacer(MagazineState, "rounds")
_with_loaded = replacer(WeaponState, "loaded")
_with_initiative = replacer(CombatantState, "initiative")
_with_order = replacer(EncounterState, "initiative")
_with_combatants = replacer(EncounterState, "combatants")
_with_weapons = replacer(CombatantState, "weapons")


# The weapons a shot's rounds leave, kept by the identity of the weapons carried before, the
# gun and the count: every fight of a simulation starts from the same frozen scene, so the
# same guns fire the same rounds fight after fight (rmu's, gurps's), and each fold built anew
# the magazine, the gun and the tuple of guns an earlier fight had built. Each entry holds the
# weapons it was worked out from, so no other value takes their id while it is kept; cleared
# when full. Kept small: a gun a ruleset's own fold changes (cpr loads its magazines itself)
# starts a new line of weapons every fight, never met again, and 4,096 of those held alive
# cost the night market's fights more (+0.4%) than its 40% of shots found saved.
_FIRED: dict[tuple[int, str, int], tuple[tuple[WeaponState, ...], tuple[WeaponState, ...]]] = {}
_FIRED_HELD = 256


@_personal(RoundsFired, _actor)
def _rounds_fired(c: CombatantState, e: RoundsFired) -> CombatantState:
    weapons = c.weapons
    key = (id(weapons), e.weapon, e.rounds)
    found = _FIRED.get(key)
    if found is not None and found[0] is weapons:
        return _with_weapons(c, found[1])
    weapon = c.weapon(e.weapon)
    if weapon is None or weapon.loaded is None or weapon.loaded.rounds < e.rounds:
        raise FoldError(f"{e.actor} fires {e.rounds} from {e.weapon!r}, which does not hold them")
    loaded = _with_rounds(weapon.loaded, weapon.loaded.rounds - e.rounds)
    c = c.with_weapon(_with_loaded(weapon, loaded))
    if len(_FIRED) >= _FIRED_HELD:
        _FIRED.clear()
    _FIRED[key] = (weapons, c.weapons)
    return c


@_personal(Reloaded, _actor)
def _reloaded(c: CombatantState, e: Reloaded) -> CombatantState:
    weapon = c.weapon(e.weapon)
    if weapon is None or not 0 <= e.spare < len(weapon.spares):
        raise FoldError(f"{e.actor} has no spare #{e.spare} for {e.weapon!r}")
    return c.with_weapon(weapon.with_spare_loaded(e.spare))


@_personal(Moved, _actor)
def _moved(c: CombatantState, e: Moved) -> CombatantState:
    return replace(c, position=e.to, facing_deg=e.facing_deg)


@_personal(PostureChanged, _actor)
def _posture(c: CombatantState, e: PostureChanged) -> CombatantState:
    return replace(c, posture=e.posture)


@_personal(InitiativeRolled, _actor)
def _initiative(c: CombatantState, e: InitiativeRolled) -> CombatantState:
    return _with_initiative(c, e.total)


@_core(InitiativeOrdered)
def _order(state: EncounterState, e: InitiativeOrdered) -> EncounterState:
    if e.groups == state.initiative:
        return state  # the order stands (cpr orders every turn, mostly as before): no copy
    return _with_order(state, e.groups)


@_core(ConditionStarted)
def _condition_started(state: EncounterState, e: ConditionStarted) -> EncounterState:
    if state.condition(e.condition.id) is not None:
        raise FoldError(f"condition {e.condition.id!r} is already in play")
    return replace(state, conditions=(*state.conditions, e.condition))


@_core(ConditionTicked)
def _condition_ticked(state: EncounterState, e: ConditionTicked) -> EncounterState:
    return replace(
        state,
        conditions=tuple(
            replace(c, rounds_left=e.rounds_left) if c.id == e.id else c for c in state.conditions
        ),
    )


@_core(ConditionEnded)
def _condition_ended(state: EncounterState, e: ConditionEnded) -> EncounterState:
    return replace(state, conditions=tuple(c for c in state.conditions if c.id != e.id))


def apply(state: EncounterState, event: Event, ruleset: EventApplier) -> EncounterState:
    """The state after ``event``: shared events here, the ruleset's own by the ruleset."""
    applier = _CORE.get(type(event))
    if applier is not None:
        return applier(state, event)
    return _by_ruleset(state, event, ruleset)


def _by_ruleset(state: EncounterState, event: Event, ruleset: EventApplier) -> EncounterState:
    # A GM's FigureSet is shared, but only the ruleset knows where the figure lives (DEC-551);
    # a StatusSet too, since what else going down brings (rmu: falling prone) is the ruleset's
    # own rule (DEC-700).
    if isinstance(event, FigureSet):
        return ruleset.apply_figure(state, event)
    if isinstance(event, StatusSet):
        return ruleset.apply_status(state, event)
    return ruleset.apply(state, event)


def apply_all(
    state: EncounterState, events: Iterable[Event], ruleset: EventApplier
) -> EncounterState:
    begun = None if state.round else state.combatants
    core = _CORE
    one_person = _ONE_PERSON
    several = _PEOPLE
    # The run of personal events so far: everyone as it left them, where each name it read
    # stands (None: no run), and the People a fold of several is handed, once one is.
    everyone: list[CombatantState] = []
    places: dict[str, int] | None = None
    people = None
    for event in events:
        one = one_person.get(type(event))
        if one is not None:
            if places is None:
                everyone, places = list(state.combatants), {}
            who, change = one
            name = who(event)
            i = places.get(name)
            if i is None:
                i = places[name] = _place(everyone, name)
            everyone[i] = change(everyone[i], event)
            continue
        fold = several.get(type(event))
        if fold is not None:
            if places is None:
                everyone, places = list(state.combatants), {}
            if people is None:
                people = People(state, everyone, places)
            fold(people, event)
            continue
        if places is not None:
            if places:
                state = _with_combatants(state, tuple(everyone))
            places = people = None
        applier = core.get(type(event))
        state = applier(state, event) if applier is not None else _by_ruleset(state, event, ruleset)
    if places:
        state = _with_combatants(state, tuple(everyone))
    if begun is not None and state.round:
        # Everyone begins as the scenario set them up, kept as the first round opens (DEC-705).
        return replace(state, starts=begun)
    return state
