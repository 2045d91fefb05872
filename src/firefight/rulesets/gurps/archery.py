"""What 002 adds to archery beyond the shot (GUR-ARROW-1): the true maximum range of an arrow
or bolt shot only for distance, gleaning arrows after a fight, lighting an incendiary arrow
and whether it stays alight, and hearing a bow with vibration dampers.

>>> from firefight.declarations import declare
>>> out = resolve_long_shot(declare(LongShot, weapon="longbow", st=12, skill=15),
...                         Dice.scripted([3, 3, 3]))
>>> out.result.yards  # 2 x Max (ST x 20) at ST 12 + 6 (the roll made by 6)
720
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.gurps.archery_results import (
    GleanResult,
    HearBowResult,
    IncendiaryArrowResult,
    LongShotResult,
)
from firefight.rulesets.gurps.data import DATA, weapon_keys
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.success import judge
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "Glean",
    "HearBow",
    "IncendiaryArrow",
    "LongShot",
    "resolve_glean",
    "resolve_hear_bow",
    "resolve_incendiary_arrow",
    "resolve_long_shot",
]

RULE = "GUR-ARROW-1"


def _arrows() -> list[str]:
    return sorted(DATA.arrows)


@dataclass(frozen=True, slots=True, kw_only=True)
class LongShot:
    """An arrow or bolt shot purely for distance."""

    weapon: str = param(help="Bow or crossbow (catalog key).", choices=weapon_keys, rule=RULE)
    st: int = param(10, help="The archer's ST.", low=3, high=30, rule=RULE)
    skill: int | None = param(
        None, help="Bow or Crossbow skill (a made roll adds ST).", low=1, high=30, rule=RULE
    )
    arrow: str | None = param(None, help="Arrow or bolt head.", choices=_arrows, rule=RULE)


def resolve_long_shot(shot: LongShot, dice: Dice) -> Outcome[LongShotResult]:
    """Twice the missile's Max, with +1 ST to range per point the Bow or Crossbow roll is
    made by (GUR-ARROW-1)."""
    weapon = DATA.weapon(shot.weapon)
    if weapon.kind not in ("bow", "crossbow"):
        raise RuleRefusal(
            RULE, f"Only arrows and bolts are shot for distance, not a {weapon.name}."
        )
    rules = DATA.house.arrows
    trace = TraceBuilder()
    parts = [Modifier(value=shot.st, label="ST")]
    if weapon.st_bonus:
        parts.append(Modifier(value=weapon.st_bonus, label=weapon.name, rule=RULE))
    if shot.skill is not None:
        verdict = judge(DiceRoller(dice, trace).sum(3, "skill"), shot.skill, DATA.core.success)
        trace.step(f"{verdict.roll} against {shot.skill}: {verdict.result}", rule=RULE)
        if verdict.success:
            made = verdict.margin * rules.st_per_point_made
            parts.append(Modifier(value=made, label=f"made by {verdict.margin}", rule=RULE))
    st = trace.total("ST for range", parts).value
    arrow = DATA.arrows[shot.arrow] if shot.arrow is not None else None
    most = arrow.max_st if arrow is not None else weapon.max_st
    assert most is not None
    yards = math.floor(st * most * rules.true_max_multiplier)
    trace.step(f"ST {st} x {most:g} x {rules.true_max_multiplier:g} = {yards} yd", rule=RULE)
    result = LongShotResult(yards=yards, st=st, headline=f"The missile carries {yards} yd.")
    return Outcome(events=(), trace=trace.build(), result=result)


@dataclass(frozen=True, slots=True, kw_only=True)
class Glean:
    """Arrows gathered after a fight."""

    missed: int = param(0, help="Arrows that missed.", low=0, high=500, rule=RULE)
    from_dead: int = param(0, help="Arrows pulled from the dead.", low=0, high=500, rule=RULE)


def resolve_glean(glean: Glean, dice: Dice) -> Outcome[GleanResult]:
    """Each arrow that missed is fit again on 1-4, each from the dead on 1-2 (GUR-ARROW-1)."""
    rules = DATA.house.arrows
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    fit = {"missed": 0, "from_dead": 0}
    for key, count, on in (
        ("missed", glean.missed, rules.glean_missed_on),
        ("from_dead", glean.from_dead, rules.glean_dead_on),
    ):
        for i in range(count):
            fit[key] += (
                roller.sum(1, f"arrow {i + 1} ({key.replace('_', ' ')}), fit on 1-{on}") <= on
            )
    total = fit["missed"] + fit["from_dead"]
    trace.step(f"{total} arrow(s) fit to shoot again", rule=RULE)
    result = GleanResult(
        missed=fit["missed"],
        from_dead=fit["from_dead"],
        fit=total,
        headline=f"{total} arrow(s) recovered.",
    )
    return Outcome(events=(), trace=trace.build(), result=result)


@dataclass(frozen=True, slots=True, kw_only=True)
class IncendiaryArrow:
    """Lighting an incendiary arrow from a ready flame and loosing it."""

    arrow: str = param("incendiary", help="The arrow (an incendiary).", choices=_arrows, rule=RULE)


def resolve_incendiary_arrow(lit: IncendiaryArrow, dice: Dice) -> Outcome[IncendiaryArrowResult]:
    """1d6 turns to catch; once loosed it goes out on a 6 (GUR-ARROW-1, DEC-403)."""
    if lit.arrow != "incendiary":
        raise RuleRefusal(RULE, "Only an incendiary arrow is set alight.")
    rules = DATA.house.arrows
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    turns = roller.sum(rules.incendiary_light_dice, "turns to set it alight")
    out = roller.sum(1, f"goes out on {rules.incendiary_out_on}") >= rules.incendiary_out_on
    word = "goes out" if out else "still burns: it may set flammables alight; the arrow is lost"
    trace.step(f"alight after {turns} turn(s); in flight it {word}", rule=RULE)
    result = IncendiaryArrowResult(
        turns=turns, burning=not out, headline=f"Lit in {turns} turn(s); {word}."
    )
    return Outcome(events=(), trace=trace.build(), result=result)


@dataclass(frozen=True, slots=True, kw_only=True)
class HearBow:
    """Someone listening for a bow loosed 3 hexes away."""

    hearing: int = param(help="The listener's Hearing roll.", low=1, high=30, rule=RULE)
    dampers: bool = param(False, help="The bow has vibration dampers.", rule=RULE)


def resolve_hear_bow(hear: HearBow, dice: Dice) -> Outcome[HearBowResult]:
    """Whether a listener 3 hexes off hears the bow: Hearing, -2 with vibration dampers
    (GUR-ARROW-1)."""
    rules = DATA.house.arrows
    trace = TraceBuilder()
    parts = [Modifier(value=hear.hearing, label="Hearing")]
    if hear.dampers:
        parts.append(Modifier(value=rules.damper_hearing, label="vibration dampers", rule=RULE))
    target = trace.total(f"Hearing at {rules.damper_hexes} hexes", parts).value
    verdict = judge(DiceRoller(dice, trace).sum(3, "Hearing"), target, DATA.core.success)
    trace.step(f"{verdict.roll} against {target}: {verdict.result}", rule=RULE)
    word = "hears" if verdict.success else "does not hear"
    result = HearBowResult(heard=verdict.success, headline=f"The listener {word} the bow.")
    return Outcome(events=(), trace=trace.build(), result=result)
