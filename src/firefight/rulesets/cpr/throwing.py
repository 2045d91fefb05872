"""Throwing a knife, a bottle or any object at one target (CPR-THR-1).

DEX + Athletics + d10 against the grenade launcher's range DV, up to 25 m. Thrown, a melee
weapon keeps its damage dice but meets the full SP, no longer half (C-3). An improvised object
does what the GM says (``damage_d6``). A target with REF 8+ may dodge. A grenade hits an area
and is resolved as an explosion (:mod:`firefight.rulesets.cpr.explosives`).

Dice order: the dodge d10 if the target dodges, the thrower's d10, the damage dice on a hit,
then any critical injury 2d6.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.outcome import Outcome, ResolvedWord, Result, inline
from firefight.rulesets.cpr.checks import (
    aim_penalty,
    attacker_parts,
    check_dodge_allowed,
    compare,
    dv_or_dodge,
    roll_check,
)
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage import BodyHit, CoverHit, Hit, apply_damage, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, ItemThrown
from firefight.rulesets.cpr.ranges import DvRead, trace_range, whole_metres
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import length_words

__all__ = ["IMPROVISED", "Throw", "ThrowResult", "resolve_throw"]

#: The ``item`` of a throw whose damage the GM sets.
IMPROVISED = "improvised"


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw:
    """A thrown object at one target.

    ``item`` is a melee weapon from the catalog (``"knife"``), which does its own damage, or
    ``"improvised"`` with ``damage_d6`` set by the GM and ``item_name`` saying what it is.
    """

    item: str
    dex: int
    athletics: int
    distance_m: float
    target: Target = field(default_factory=Target)
    thrower: str = "thrower"
    item_name: str | None = None
    damage_d6: int | None = None
    aim: Aim | None = None
    held_item: str = "held item"
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()


def _validate(throw: Throw, data: CprData) -> tuple[str, str, int, DvRead]:
    """Refusals first; returns the item's key, its name, its damage dice and the DV read."""
    figures = data.figures
    if throw.item == IMPROVISED:
        if throw.damage_d6 is None or throw.damage_d6 < 1:
            raise RuleRefusal(
                "CPR-THR-1",
                "An improvised object does whatever damage the GM says: give its d6s.",
            )
        key, name, damage = IMPROVISED, throw.item_name or "improvised object", throw.damage_d6
    else:
        weapon = data.weapon(throw.item)
        if weapon.kind is WeaponKind.GRENADE:
            raise RuleRefusal(
                "C-8", f"A {weapon.name} hits an area: resolve it as an explosion at a point."
            )
        if weapon.kind is not WeaponKind.MELEE:
            raise RuleRefusal(
                "CPR-THR-1",
                f"A {weapon.name} is not made for throwing; throw it as an improvised object "
                "with the damage the GM gives.",
            )
        if throw.damage_d6 is not None:
            raise RuleRefusal(
                "CPR-THR-1",
                f"A thrown {weapon.name} does its own damage ({weapon.damage_d6}d6); "
                "damage dice from the GM are for an improvised object.",
            )
        key, name, damage = weapon.key, weapon.name, weapon.damage_d6
    limit = figures.throw_max_distance_m
    if whole_metres(throw.distance_m) > limit:
        raise RuleRefusal(
            "CPR-THR-1", f"A throw reaches {limit} m at most, not {throw.distance_m:g} m."
        )
    read = data.ranges.read(figures.throw_range_row, throw.distance_m, rule="CPR-THR-1")
    check_dodge_allowed(throw.target, data)
    return key, name, damage, read


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowResult(Result):
    """A throw at one target (CPR-THR-1): the DV, the dodge it met, the total, ``hit`` or
    ``miss``, and what the hit did."""

    item: str
    target: str
    distance_m: float
    band: str
    dv: int
    dodge: int | None
    attack_total: int
    aim: str | None
    result: str
    damage_done: BodyHit | CoverHit | None = inline()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.result == "hit" else "miss"


def resolve_throw(
    throw: Throw, dice: Dice, data: CprData, tb: TraceBuilder | None = None
) -> Outcome[ThrowResult]:
    """Resolve a throw at one target (CPR-THR-1, CPR-DOD-1, CPR-AIM-1, C-1..C-4, C-9), its
    trace told to ``tb`` (a fresh one if None; a quiet one words no step)."""
    key, name, damage_d6, read = _validate(throw, data)
    figures = data.figures
    target = throw.target
    if tb is None:
        tb = TraceBuilder()
    aim_text = f", aimed at the {throw.aim.words}" if throw.aim else ""
    tb.step(
        f"{throw.thrower} throws the {name} at {target.name}, "
        f"{length_words(throw.distance_m, 'm')} away"
        f"{aim_text}: DEX + {figures.throw_skill} against the grenade launcher's DV.",
        "CPR-THR-1",
    )
    trace_range(tb, read, throw.distance_m, "range DV (thrown)")
    events: list[Event] = [
        ActionTaken(actor=throw.thrower, action="aimed throw" if throw.aim else "throw"),
        ItemThrown(actor=throw.thrower, item=key),
    ]
    threshold, against, dodge_total = dv_or_dodge(target, read.dv, "the range DV", dice, tb, data)
    parts = attacker_parts(
        who=throw.thrower,
        stat=("DEX", throw.dex),
        skill=(figures.throw_skill, throw.athletics),
        wound=throw.wound,
        injuries=throw.injuries,
        data=data,
        extra=[*aim_penalty(throw.aim, data), *throw.extra],
        stat_rule="CPR-THR-1",
        skill_rule="CPR-THR-1",
    )
    total = roll_check(
        tb, dice, label="throw total", purpose=f"{throw.thrower}'s throw", parts=parts
    )
    hit = compare(tb, total, threshold, against)
    thrown = ThrowResult(
        item=key,
        target=target.name,
        distance_m=throw.distance_m,
        band=read.band.label,
        dv=read.dv,
        dodge=dodge_total.value if dodge_total else None,
        attack_total=total.value,
        aim=throw.aim.value if throw.aim else None,
        result="hit" if hit else "miss",
    )
    if hit:
        if key != IMPROVISED:
            tb.step(f"Thrown, the {name} meets the full SP, not half.", "CPR-THR-1")
        roll = roll_damage(tb, dice, damage_d6, f"{name} damage")
        result = apply_damage(
            Hit(target=target, aim=throw.aim, item=throw.held_item, halves_sp=False),
            roll,
            dice,
            tb,
            data,
        )
        events.extend(result.events)
        thrown = replace(thrown, damage_done=result.report)
    return Outcome(events=tuple(events), trace=tb.build(), result=thrown)
