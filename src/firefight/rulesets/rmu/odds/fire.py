"""The rmu rapid fire and suppression sweep as the odds layer sees them (RMU-RF-10, RMU-SUP-6).

A burst or a sweep catches several people, each with their own attack roll; the key of one
outcome, :class:`FireView`, lists what each person caught took (:class:`CaughtView`: result,
severity, total hits, dying, dead) and whether the gun malfunctioned, without the dice. The
stats are per person declared (:func:`fire_stats`): P(hit), P(critical), expected hits,
P(dying), P(dead) for the aimed man and each bystander, or each person on the swept ground,
plus P(malfunction) for a sweep, whose own roll can jam the gun (F-5). A person outside the
cone or the swept ground is never caught and reads 0.

The preparation round has its own small key (:class:`PreparationView`): its result and the
share it carries (RMU-RF-4, RMU-RF-13, F-3).

>>> view = FireView(malfunction=False, people=(CaughtView("Bob", "hit", "C", 12, False, False),))
>>> [_person_stat("Bob", s, s, "probability").read(view) for s in ("hit", "critical", "hits")]
[1.0, 1.0, 12.0]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.fire_results import (
    BurstTarget,
    ConeOutOfReach,
    PreparationResult,
    RapidFireResult,
    SweepResult,
    SweptPerson,
)
from firefight.rulesets.rmu.odds.views import (
    default_data,
    effects_of,
    kindred_fate_of,
    result_stat,
)
from firefight.rulesets.rmu.rapid_fire import (
    FiringRound,
    RapidFire,
    RapidFirePreparation,
    aim_rapid_fire,
    fire_rapid_fire,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.struck import Struck
from firefight.rulesets.rmu.suppression import (
    AimedSweep,
    aim_suppression_sweep,
    fire_suppression_sweep,
    resolve_suppression_sweep,
)
from firefight.rulesets.rmu.volley import Person
from firefight.wording import counted

__all__ = [
    "PREPARATION_STATS",
    "CaughtView",
    "FireView",
    "PreparationView",
    "describe_fire",
    "fire_scalar",
    "fire_stats",
    "fire_view",
    "preparation_view",
    "resolve_fire_for_odds",
    "resolve_fire_with",
]


class CaughtView(NamedTuple):
    """What one person caught by the burst or sweep took (no dice, no trace)."""

    name: str
    result: str  # hit, miss, cannot hit or out of reach
    severity: str | None
    total_hits: int
    # What the critical left them in: a mortal dying or dead, a Kindred in torpor or at Final
    # Death (V-2); at most one is true. The mortal pair keeps the JSON the odds always gave.
    dying: bool
    dead: bool
    torpor: bool = False
    final_death: bool = False

    @property
    def fate(self) -> str | None:
        """The one of the four that holds, in words, or None."""
        held = (self.dying, self.dead, self.torpor, self.final_death)
        return next((word for word, holds in zip(_FATES, held, strict=True) if holds), None)


#: Each fate a caught person can meet, with its stat's label: a mortal's, then a Kindred's (V-2).
_MORTAL_FATES = (("dying", "P(dying)"), ("dead", "P(dead)"))
_KINDRED_FATES = (("torpor", "P(torpor)"), ("final death", "P(Final Death)"))
_FATES = tuple(fate for fate, _ in (*_MORTAL_FATES, *_KINDRED_FATES))


class FireView(NamedTuple):
    """One outcome of a firing round or sweep: the gun's malfunction and everyone caught."""

    malfunction: bool
    people: tuple[CaughtView, ...]


class PreparationView(NamedTuple):
    """One outcome of the preparation round: prepared, wasted or malfunction, and the share."""

    result: str
    share_percent: int


def _caught(t: BurstTarget | ConeOutOfReach | SweptPerson) -> CaughtView:
    if isinstance(t, ConeOutOfReach):
        return CaughtView(t.name, t.result, None, 0, dying=False, dead=False)
    landing = t.person.landing
    caught = CaughtView(t.name, landing.result, landing.severity, landing.hits_taken, False, False)
    if not isinstance(landing, Struck) or landing.effects is None:
        return caught
    e = landing.effects
    if landing.kindred:
        kindred = kindred_fate_of(effects_of(e), landing.critical_table)
        return caught._replace(
            torpor=kindred.torpor and not kindred.final_death, final_death=kindred.final_death
        )
    return caught._replace(dying=e.dying_rounds is not None and not e.dead, dead=e.dead)


def fire_view(outcome: Outcome[RapidFireResult | SweepResult]) -> FireView:
    """The key of a resolved firing round or sweep, read off its result."""
    fired = outcome.result
    people = tuple(_caught(t) for t in fired.targets)
    malfunction = isinstance(fired, SweepResult) and fired.result == "malfunction"
    return FireView(malfunction=malfunction, people=people)


def preparation_view(outcome: Outcome[PreparationResult]) -> PreparationView:
    """The key of a resolved preparation round."""
    prepared = outcome.result
    return PreparationView(prepared.result, prepared.share_percent or 0)


def resolve_fire_with(data: Any, action: Any, dice: Dice) -> Outcome:
    """Resolve a rapid fire preparation, firing round or sweep on ``data``."""
    if isinstance(action, RapidFirePreparation):
        return resolve_rapid_fire_preparation(action, dice, data)
    if isinstance(action, RapidFire):
        return resolve_rapid_fire(action, dice, data)
    return resolve_suppression_sweep(action, dice, data)


def resolve_fire_for_odds(action: Any, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_fire_with(default_data(), action, dice)


def _fire_aimed_with(data: Any, aimed: FiringRound | AimedSweep, dice: Dice) -> Outcome:
    """Roll a firing round or sweep worked out up to its first die, on ``data``."""
    if isinstance(aimed, FiringRound):
        return fire_rapid_fire(aimed, dice, data)
    return fire_suppression_sweep(aimed, dice, data)


def _fire_aimed_for_odds(aimed: FiringRound | AimedSweep, dice: Dice) -> Outcome:
    """The same on the default data: picklable, for process pools."""
    return _fire_aimed_with(default_data(), aimed, dice)


def fire_scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    """The scalar resolver of a preparation, firing round or sweep on ``state`` (None: the
    default data). A firing round or a sweep is worked out up to its first die once
    (:func:`~firefight.rulesets.rmu.rapid_fire.aim_rapid_fire`,
    :func:`~firefight.rulesets.rmu.suppression.aim_suppression_sweep`), not on every roll of
    its odds, where it was half the work or more; a refusal is raised here, as resolving
    raises it."""
    if isinstance(action, RapidFirePreparation):
        if state is None:
            return partial(resolve_fire_for_odds, action)
        return partial(resolve_fire_with, state, action)
    data = default_data() if state is None else state
    if isinstance(action, RapidFire):
        aimed: FiringRound | AimedSweep = aim_rapid_fire(action, data)
    else:
        aimed = aim_suppression_sweep(action, data)
    if state is None:
        return partial(_fire_aimed_for_odds, aimed)
    return partial(_fire_aimed_with, state, aimed)


def _find(view: FireView, name: str) -> CaughtView | None:
    for person in view.people:
        if person.name == name:
            return person
    return None


def _person_stat(name: str, stat: str, label: str, kind: str) -> Stat:
    def read(view: FireView) -> float:
        p = _find(view, name)
        if p is None:
            return 0.0
        if stat == "hit":
            return float(p.result == "hit")
        if stat == "critical":
            return float(p.severity is not None)
        if stat == "hits":
            return float(p.total_hits)
        return float(p.fate == stat)

    return Stat(
        name=f"{name}.{'expected_hits' if stat == 'hits' else 'p_' + stat.replace(' ', '_')}",
        label=f"{name}: {label}",
        kind="expected" if kind == "expected" else "probability",
        read=read,
        group="summary" if stat in ("critical", "hits") else "effect",
    )


def _person_stats(person: Person) -> tuple[Stat, ...]:
    """A person's five stats; a Kindred's fate reads torpor and Final Death (V-2), told by the
    flag, not by V-1's steps (DEC-852)."""
    name = person.name
    fates = _KINDRED_FATES if person.defender.kindred else _MORTAL_FATES
    return (
        _person_stat(name, "hit", "P(hit)", "probability"),
        _person_stat(name, "critical", "P(critical)", "probability"),
        _person_stat(name, "hits", "expected hits", "expected"),
        *(_person_stat(name, fate, label, "probability") for fate, label in fates),
    )


_MALFUNCTION = Stat(
    name="shooter.p_malfunction",
    label="shooter: P(malfunction)",
    kind="probability",
    read=lambda v: float(v.malfunction),
)


#: What ``odds rmu rapid-fire --prepare`` reports.
PREPARATION_STATS: tuple[Stat, ...] = (
    result_stat("prepared"),
    result_stat("wasted"),
    result_stat("malfunction"),
    Stat(
        name="expected_share_percent",
        label="expected share carried (%)",
        kind="expected",
        read=lambda v: float(v.share_percent),
        group="summary",
    ),
)


def fire_stats(action: Any) -> tuple[Stat, ...]:
    """The stats of one firing round or sweep: five per person declared, in the order given
    (the aimed man first), and P(malfunction) for a sweep."""
    if isinstance(action, RapidFirePreparation):
        return PREPARATION_STATS
    if isinstance(action, RapidFire):
        people: list[Person] = [action.target, *action.others]
        head: tuple[Stat, ...] = ()
    else:
        people = list(action.people)
        head = (_MALFUNCTION,)
    return head + tuple(s for p in people for s in _person_stats(p))


def describe_fire(view: Any) -> str:
    """An outcome in words."""
    if isinstance(view, PreparationView):
        if view.result == "prepared":
            return f"prepared: {view.share_percent}% carried"
        return view.result
    if view.malfunction:
        return "malfunction: no sweep flies"
    parts = []
    for p in view.people:
        if p.result != "hit":
            parts.append(f"{p.name} {p.result}")
            continue
        if not p.total_hits and p.severity is None:
            parts.append(f"{p.name} hit, stopped by armor")  # as the aimed shot's odds say it
            continue
        text = f"{p.name} {counted(p.total_hits, 'hit')}"
        if p.severity is not None:
            text += f", {p.severity} critical"
        if p.fate is not None:
            text += f", {p.fate}"
        parts.append(text)
    return "; ".join(parts) if parts else "nobody caught"
