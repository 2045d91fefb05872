"""Throwing an explosive: where it lands (RMU-EXP-2..4, RULINGS X-1, X-2).

An explosive is placed, not aimed. The placement maneuver adds the whole Ranged Weapon: Thrown
bonus, the GM's difficulty, the throw increment's penalty and -25 per AP short of 3 to a d100
open-ended at the high end (a throw is a ranged attack: its unmodified 01-04 fumble and the
explosive lies at the thrower's feet). A total of 100 or more lands on the aim point; a lower
one scatters (100 - total)% of half the throw (the whole half below 0), in the direction a d12
shows read as a clock laid on the throw (X-2).

>>> from firefight.dice import Dice
>>> from firefight.geometry import Point
>>> throw = Throw(load="m67", aim=Point(x_ft=0, y_ft=45), thrown_bonus=40)
>>> outcome = resolve_throw(throw, Dice.scripted([42, 12]))
>>> s = outcome.result
>>> s.total, s.off_ft, s.landed
(72, 6.3, Point(x_ft=0.0, y_ft=51.3))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import Point, distance_ft, scatter_point
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.rmu.explosives import ExplosiveData, ThrowFigures, explosive_data
from firefight.serialize import omitted_when
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import length_words

__all__ = [
    "THROW_DIFFICULTY",
    "ExplosiveLanded",
    "Landing",
    "Throw",
    "check_throw_ap",
    "landing_place",
    "placement_terms",
    "resolve_throw",
    "scatter_ft",
    "throw_band",
]


#: The GM's difficulty for a throw's precision runs from -this to this, typed on a command or an
#: encounter's line alike (DEC-898).
THROW_DIFFICULTY = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw:
    """A declared throw: ``thrower`` and ``aim`` on the plane (feet), the whole Ranged Weapon:
    Thrown bonus, the GM's difficulty for the precision wanted, and the AP spent (1-3)."""

    load: str
    aim: Point
    thrower: Point = field(default_factory=lambda: Point(x_ft=0.0, y_ft=0.0))
    thrown_bonus: int = 0
    difficulty: int = 0
    ap: int = 3
    extra: tuple[Modifier, ...] = ()
    name: str = "thrower"


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplosiveLanded(Event):
    """An explosive on the ground, where it came to rest (RMU-EXP-2). ``spent``: it came off
    the thrower's counted grenades, one fewer left (DEC-620); left out of stored logs when not,
    so a log written before the count reads the same."""

    actor: str
    load: str
    at: Point
    fumbled: bool
    spent: bool = omitted_when(lambda spent: not spent, False)


def throw_band(distance: float, increment_ft: float, bands: int) -> int:
    """The throw increment (1-based) a distance falls in; refused past the last (RMU-EXP-4).

    >>> throw_band(45.0, 25.0, 5)
    2
    """
    band = max(1, math.ceil(distance / increment_ft - 1e-9))
    if band > bands:
        raise RuleRefusal(
            "RMU-EXP-4",
            f"It does not arrive: {length_words(distance, 'ft')} is past the last of {bands} throw "
            f"increments of {increment_ft:g} ft ({bands * increment_ft:g} ft at most).",
        )
    return band


def check_throw_ap(ap: int, figures: ThrowFigures) -> None:
    """Refuse a throw declared with fewer than 1 AP or more than a full throw's (RMU-EXP-3)."""
    if not 1 <= ap <= figures.ap_full:
        raise RuleRefusal(
            "RMU-EXP-3", f"A throw takes 1 to {figures.ap_full} AP; {ap} AP was declared."
        )


def placement_terms(throw: Throw, data: ExplosiveData) -> tuple[float, tuple[Modifier, ...]]:
    """The throw's distance and every term of its placement total but the roll, refusing a
    throw that cannot be made (RMU-EXP-2..4)."""
    load = data.load(throw.load)
    figures = data.throw
    check_throw_ap(throw.ap, figures)
    distance = distance_ft(throw.thrower, throw.aim)
    band = throw_band(distance, load.increment_ft, figures.bands)
    short = figures.ap_full - throw.ap
    return distance, (
        Modifier(value=throw.thrown_bonus, label="Ranged Weapon: Thrown", rule="RMU-EXP-2"),
        Modifier(value=throw.difficulty, label="difficulty (GM)", rule="RMU-EXP-2"),
        Modifier(
            value=figures.band_penalties[band - 1],
            label=f"throw increment {band} ({length_words(distance, 'ft')})",
            rule="RMU-EXP-4",
        ),
        Modifier(
            value=figures.penalty_per_ap_short * short, label=f"{throw.ap} AP", rule="RMU-EXP-3"
        ),
        *throw.extra,
    )


def scatter_ft(total: int, distance: float) -> tuple[int, float]:
    """X-1: the share of half the throw a total below 100 misses by, and that distance.

    >>> scatter_ft(72, 45.0)
    (28, 6.3)
    """
    share = 100 if total < 0 else 100 - total
    return share, round(share / 100 * distance / 2, 6)


def landing_place(at: Point) -> str:
    """Where a load lies, in words: to a tenth of a foot, as the source tells a scatter (6.3 ft
    at 45 ft; RMU-EXP-2), whatever the figures the scatter computed (DEC-714).

    >>> landing_place(Point(x_ft=4.3875, y_ft=37.4006))
    '(4.4, 37.4)'
    """
    return f"({round(at.x_ft, 1):g}, {round(at.y_ft, 1):g})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Landing(Result):
    """Where a thrown explosive lands (RMU-EXP-2, X-1): ``on target``, ``scattered`` (how
    far, toward which hour) or ``fumble``, the throw's total and the spot."""

    result: str
    load: str
    total: int | None
    off_ft: float
    clock: int | None
    landed: Point

    @property
    def outcome(self) -> ResolvedWord:
        """On the spot a ``success``, scattered ``partial``, a fumble a ``fumble``."""
        if self.result == "fumble":
            return "fumble"
        return "success" if self.result == "on target" else "partial"

    def said(self, thrower: str) -> str:
        """Where it landed, as the log narrates it (RMU-EXP-2, RMU-EXP-3), for the odds:
        on the aim point, off it, or at ``thrower``'s feet."""
        if self.result == "fumble":
            return f"drops at {thrower}'s feet (fumble)"
        return "lands on the aim point" if self.result == "on target" else "lands off the aim point"


def resolve_throw(throw: Throw, dice: Dice, data: ExplosiveData | None = None) -> Outcome[Landing]:
    """Where ``throw`` lands. Dice: the placement roll, then (when it scatters) the d12."""
    data = data or explosive_data()
    load = data.load(throw.load)
    distance, terms = placement_terms(throw, data)
    tb = TraceBuilder()
    roll = tb.roll(dice.d100_open_ended("placement", low_end=False))
    if roll.natural <= data.throw.fumble_max:
        tb.step(
            f"A natural {roll.natural:02d} fumbles: the {load.name} never leaves "
            f"{throw.name}'s hand and lies at their feet, fuse running.",
            "RMU-EXP-3",
        )
        landed = throw.thrower
        return _landed(throw, load.key, landed, tb, fumbled=True, total=None, off=0.0)
    total = tb.total(
        "placement",
        [Modifier(value=roll.total, label="d100 (open-ended)", rule="RMU-EXP-2"), *terms],
    ).value
    if total >= 100:
        tb.step(f"{total}: on the aim point.", "X-1")
        return _landed(throw, load.key, throw.aim, tb, fumbled=False, total=total, off=0.0)
    share, off = scatter_ft(total, distance)
    if off == 0:
        tb.step(f"{total}: short of 100, but a throw of 0 ft scatters nowhere.", "X-1")
        return _landed(throw, load.key, throw.aim, tb, fumbled=False, total=total, off=0.0)
    hour = tb.roll(dice.die(12, "scatter direction")).total
    landed = scatter_point(throw.thrower, throw.aim, off, hour)
    tb.step(
        f"{total}: {share}% of half the throw ({length_words(distance / 2, 'ft')}) = "
        f"{length_words(off, 'ft')} off, toward "
        f"{hour} o'clock (12 past the aim point, 6 back toward the thrower).",
        "X-1",
    )
    return _landed(throw, load.key, landed, tb, fumbled=False, total=total, off=off, hour=hour)


def _landed(
    throw: Throw,
    load: str,
    at: Point,
    tb: TraceBuilder,
    *,
    fumbled: bool,
    total: int | None,
    off: float,
    hour: int | None = None,
) -> Outcome[Landing]:
    landing = Landing(
        result="fumble" if fumbled else ("on target" if off == 0 else "scattered"),
        load=load,
        total=total,
        off_ft=round(off, 1),
        clock=hour,
        landed=Point(x_ft=round(at.x_ft, 1), y_ft=round(at.y_ft, 1)),
    )
    event = ExplosiveLanded(actor=throw.name, load=load, at=at, fumbled=fumbled)
    return Outcome(events=(event,), trace=tb.build(), result=landing)
