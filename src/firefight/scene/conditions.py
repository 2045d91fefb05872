"""Conditions that tick at upkeep, in a registry that later rules plug into.

A :class:`ConditionKind` has a name, a *phase* that places it in the upkeep order, and an
``upkeep(state)`` hook returning the events the end of a round brings. The phases follow RULINGS
R-4 (bleeding, then durations, then stun, then staggered) with room between them; a kind added
later (a grenade fuse, a smoke cloud, lodged fangs) registers itself with
:func:`register_condition` -- or through the ``firefight.conditions`` entry point group -- and
the core never changes.

Kinds that keep their figures on the combatant (rmu's bleeding and stun, in its stats) read them
there. Kinds with a life of their own keep :class:`~firefight.scene.state.ActiveCondition`
entries in the state; the default hook counts their ``rounds_left`` down and calls
:meth:`ConditionKind.expire` at 0.

:func:`run_upkeep` runs every kind in phase order, applying each kind's events before the next
kind looks, so a combatant who bleeds out is dead before the stun phase reaches them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import ClassVar

from firefight.entry_points import entry_points
from firefight.events import Event
from firefight.scene.events import ConditionEnded, ConditionTicked
from firefight.scene.state import ActiveCondition, EncounterState

__all__ = [
    "PHASE_BLEEDING",
    "PHASE_DURATIONS",
    "PHASE_STAGGER",
    "PHASE_STUN",
    "ConditionKind",
    "begun_words",
    "condition_kinds",
    "register_condition",
    "run_upkeep",
]

# RULINGS R-4: bleeding hits; durations tick; stun wears off one round; staggered cleared.
PHASE_BLEEDING = 100
PHASE_DURATIONS = 200
PHASE_STUN = 300
PHASE_STAGGER = 400


class ConditionKind:
    """A kind of condition and what upkeep does with it.

    ``rulesets`` limits the kind to the named rulesets (empty: every ruleset).
    """

    name: ClassVar[str]
    phase: ClassVar[int] = PHASE_DURATIONS
    rulesets: ClassVar[tuple[str, ...]] = ()
    #: That :meth:`upkeep` reads nothing but the scene's conditions, so finds nothing in a scene
    #: without any (the default count-down): such a kind is not asked at a round change with no
    #: condition in play, most rounds of most fights. Believed only of the class whose ``upkeep``
    #: runs: a subclass with a hook of its own is asked unless it says so too (DEC-885).
    reads_only_conditions: ClassVar[bool] = True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} phase {self.phase}>"

    def applies_to(self, ruleset: str) -> bool:
        return not self.rulesets or ruleset in self.rulesets

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        """The events this kind brings at the end of a round. By default: count down every
        condition of this kind in the state, ending (and expiring) those that reach 0."""
        events: list[Event] = []
        for condition in state.conditions:
            if condition.kind != self.name or condition.rounds_left is None:
                continue
            left = condition.rounds_left - 1
            if left > 0:
                events.append(ConditionTicked(id=condition.id, rounds_left=left))
            else:
                events.extend(self.expire(state, condition))
                events.append(ConditionEnded(id=condition.id))
        return events

    def expire(self, state: EncounterState, condition: ActiveCondition) -> Sequence[Event]:
        """What happens when a timed condition runs out (a fuse goes off). Nothing by default."""
        return ()

    def describe(self, event: Event, state: EncounterState) -> str | None:
        """A sentence for the narrated log, or None to leave it to others."""
        return None

    def begun(self, condition: ActiveCondition) -> str:
        """What the holder of ``condition`` is in, as the odds of an action count it when the
        action starts it (``"Viktor grappled"``). The default names the holder and the kind,
        which suits a kind named in words; a kind named by a key says it in words of its own."""
        return f"{condition.holder} {condition.kind}"


class _PlainDurations(ConditionKind):
    """Counts down conditions whose kind no installed plug-in claims, so they still run out."""

    name = "durations"
    phase = PHASE_DURATIONS
    reads_only_conditions = True

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        orphans = [c for c in state.conditions if c.kind not in _REGISTRY]
        events: list[Event] = []
        for condition in orphans:
            if condition.rounds_left is None:
                continue
            left = condition.rounds_left - 1
            events.append(
                ConditionTicked(id=condition.id, rounds_left=left)
                if left > 0
                else ConditionEnded(id=condition.id)
            )
        return events


_REGISTRY: dict[str, ConditionKind] = {}
_ORPHANS = _PlainDurations()

# Each ruleset's kinds in upkeep order, sorted once: upkeep asks for them every round. Emptied
# whenever a kind registers, so it always holds the order the registry gives; one entry per
# ruleset name asked for. Each kind with whether it reads only conditions (_only_conditions).
_ORDERED: dict[str, tuple[tuple[ConditionKind, bool], ...]] = {}


def register_condition(kind: ConditionKind) -> ConditionKind:
    """Add a condition kind; registering the same class again replaces it (re-imports)."""
    known = _REGISTRY.get(kind.name)
    if known is not None and type(known).__qualname__ != type(kind).__qualname__:
        raise TypeError(
            f"two condition kinds are called {kind.name!r}: {type(known).__qualname__} and "
            f"{type(kind).__qualname__}"
        )
    _REGISTRY[kind.name] = kind
    _ORDERED.clear()
    return kind


@cache
def _load_plugins() -> None:
    for ep in sorted(entry_points("firefight.conditions"), key=lambda e: e.name):
        loaded = ep.load()
        kind = loaded() if isinstance(loaded, type) else loaded
        if not isinstance(kind, ConditionKind):
            raise TypeError(f"entry point {ep.name!r} does not name a ConditionKind")
        register_condition(kind)


def condition_kinds(ruleset: str) -> list[ConditionKind]:
    """The kinds upkeep runs for ``ruleset``, in upkeep order (phase, then name)."""
    return [kind for kind, _ in _ordered_kinds(ruleset)]


def _ordered_kinds(ruleset: str) -> tuple[tuple[ConditionKind, bool], ...]:
    _load_plugins()
    ordered = _ORDERED.get(ruleset)
    if ordered is None:
        kinds = [k for k in _REGISTRY.values() if k.applies_to(ruleset)]
        kinds.append(_PlainDurations())
        ordered = _ORDERED[ruleset] = tuple(
            (k, _only_conditions(k)) for k in sorted(kinds, key=lambda k: (k.phase, k.name))
        )
    return ordered


def _only_conditions(kind: ConditionKind) -> bool:
    """Whether ``kind``'s upkeep reads only the scene's conditions, as the class whose
    ``upkeep`` it runs says (:attr:`ConditionKind.reads_only_conditions`)."""
    for cls in type(kind).__mro__:
        if "upkeep" in vars(cls):
            return bool(vars(cls).get("reads_only_conditions", False))
    return False


def run_upkeep(
    state: EncounterState,
    fold: Callable[[EncounterState, Sequence[Event]], EncounterState],
) -> tuple[tuple[Event, ...], EncounterState]:
    """Every kind's upkeep in order; the events and the state they leave.

    ``fold`` folds one kind's events in turn (as apply_all does): a kind works them all out from
    the state the kinds before it left, so they may fold in one run (one scene copy for a
    round's bleeders, not one each)."""
    events: list[Event] = []
    for kind, only_conditions in _ordered_kinds(state.ruleset):
        if only_conditions and not state.conditions:
            continue  # nothing for it to find (asked again of each kind: one may start some)
        found = kind.upkeep(state)
        if found:
            state = fold(state, found)
            events.extend(found)
    return tuple(events), state


def begun_words(condition: ActiveCondition) -> str | None:
    """What holding ``condition`` reads as (its kind's :meth:`ConditionKind.begun`; a kind no
    installed plug-in claims is named as the default names it); None when nobody holds it (a
    live grenade, a cloud)."""
    if condition.holder is None:
        return None
    _load_plugins()
    return _REGISTRY.get(condition.kind, _ORPHANS).begun(condition)


def describe(event: Event, state: EncounterState) -> str | None:
    """The first registered kind's sentence for ``event``."""
    for kind in _REGISTRY.values():
        if kind.applies_to(state.ruleset):
            text = kind.describe(event, state)
            if text is not None:
                return text
    return None
