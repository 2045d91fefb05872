"""The events that change a combatant's :class:`~firefight.rulesets.rmu.afflictions.Afflictions`,
how they fold into the state and how the log tells them (RMU-EXP-10, RMU-EXP-16, RMU-EXP-17)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event
from firefight.frozen import replace
from firefight.rulesets.rmu.afflictions import Afflictions, Reaction
from firefight.rulesets.rmu.flash_bang import Dazzled
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.apply import named_in_log
from firefight.scene.state import EncounterState

__all__ = [
    "AFFLICTION_EVENTS",
    "BreathHeld",
    "GasChecked",
    "GasExposure",
    "GrenadeNoticed",
    "SensesReturning",
    "apply_affliction_event",
    "describe_affliction_event",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class GasExposure(Event):
    """``target``'s CS figures change: ``penalty`` on everything, ``inside`` the cloud or out
    of it with the after-effect through round ``until`` (RMU-EXP-16)."""

    target: str
    penalty: int
    inside: bool
    until: int
    why: str
    rule: str = "RMU-EXP-16"


@dataclass(frozen=True, slots=True, kw_only=True)
class GasChecked(Event):
    """The Constitution maneuver of a breathing CS victim (RMU-EXP-16); failed, they hold no
    coherent action in ``round``."""

    actor: str
    round: int
    total: int
    result: str
    passed: bool
    rule: str = "RMU-EXP-16"


@dataclass(frozen=True, slots=True, kw_only=True)
class BreathHeld(Event):
    """``actor`` holds their breath (``held``) or breathes again (RMU-EXP-16)."""

    actor: str
    held: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SensesReturning(Event):
    """A round of a flash-bang's blindness and deafness wears off (RMU-EXP-17)."""

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GrenadeNoticed(Event):
    """``target`` sees (or misses) the grenade ``grenade`` land: ``ap`` may go on reacting
    this round, counted from ``ap_left`` (RMU-EXP-10)."""

    target: str
    grenade: str
    round: int
    where: str
    ap: int
    ap_left: int
    rule: str = "RMU-EXP-10"


AFFLICTION_EVENTS = (GasExposure, GasChecked, BreathHeld, SensesReturning, GrenadeNoticed, Dazzled)


def _with(state: EncounterState, name: str, afflictions: Afflictions) -> EncounterState:
    c = named_in_log(state, name)
    stats = rmu_stats(c)
    return state.with_combatant(replace(c, stats=replace(stats, afflictions=afflictions)))


def apply_affliction_event(state: EncounterState, event: Event) -> EncounterState:
    """The state after one of the events above."""
    if isinstance(event, GasExposure):
        now = rmu_stats(named_in_log(state, event.target)).afflictions
        changed = replace(now, gas=event.penalty, gas_inside=event.inside, gas_until=event.until)
        return _with(state, event.target, changed)
    if isinstance(event, GasChecked):
        now = rmu_stats(named_in_log(state, event.actor)).afflictions
        failed = now.gas_failed if event.passed else event.round
        return _with(state, event.actor, replace(now, gas_checked=event.round, gas_failed=failed))
    if isinstance(event, BreathHeld):
        now = rmu_stats(named_in_log(state, event.actor)).afflictions
        return _with(state, event.actor, replace(now, held_breath=event.held))
    if isinstance(event, Dazzled):
        now = rmu_stats(named_in_log(state, event.target)).afflictions
        # DEC-382: a second flash-bang does not add up with the first; the longer one runs.
        rounds = max(now.blind, event.rounds)
        return _with(state, event.target, replace(now, blind=rounds, deaf=rounds))
    if isinstance(event, SensesReturning):
        now = rmu_stats(named_in_log(state, event.target)).afflictions
        changed = replace(now, blind=max(0, now.blind - 1), deaf=max(0, now.deaf - 1))
        return _with(state, event.target, changed)
    assert isinstance(event, GrenadeNoticed)
    now = rmu_stats(named_in_log(state, event.target)).afflictions
    reaction = Reaction(round=event.round, grenade=event.grenade, where=event.where,
                        ap=event.ap, ap_left_then=event.ap_left)  # fmt: skip
    return _with(state, event.target, now.sighted(reaction))


def describe_affliction_event(event: Event) -> str | None:
    """The narrated line of one of the events above, None for any other."""
    if isinstance(event, GasExposure):
        if event.inside:
            what = f"{event.penalty} on everything" if event.penalty else "no effect"
            return f"{event.target} is in the CS ({event.why}): {what} [RMU-EXP-16]."
        if event.penalty:
            return f"{event.target} is out of the CS: {event.penalty} through round " \
                f"{event.until} [RMU-EXP-16]."  # fmt: skip
        return f"{event.target} is clear of the CS [RMU-EXP-16]."
    if isinstance(event, GasChecked):
        verdict = "keeps their head" if event.passed else "chokes: no coherent action this round"
        return f"{event.actor}'s Constitution against the CS: {event.result} ({event.total}), " \
            f"{verdict} [RMU-EXP-16]."  # fmt: skip
    if isinstance(event, BreathHeld):
        what = "holds their breath" if event.held else "breathes again"
        return f"{event.actor} {what} [RMU-EXP-16]."
    if isinstance(event, Dazzled):
        return f"{event.target} is blind and deaf for {event.rounds} rounds [RMU-EXP-17]."
    if isinstance(event, SensesReturning):
        return f"A round of {event.target}'s blindness and deafness wears off [RMU-EXP-17]."
    if isinstance(event, GrenadeNoticed):
        if not event.ap:
            # What is left of the round, the look's cost paid: the state table shows it.
            return f"{event.target} does not notice the {event.grenade} ({event.where}): " \
                f"{event.ap_left} AP left [RMU-EXP-10]."  # fmt: skip
        return f"{event.target} sees the {event.grenade} land ({event.where}): {event.ap} AP " \
            "to react [RMU-EXP-10]."  # fmt: skip
    return None
