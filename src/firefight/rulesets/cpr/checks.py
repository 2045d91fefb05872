"""The d10 check every cpr roll is (stat + skill + d10, C-1), ties, and the dodge (CPR-DOD-1).

A check beats a DV only by exceeding it: the defender wins ties (CPR-HIT-1). The same holds for
every opposed roll here: a dodge that ties the attack stands, a target who ties the
suppressive fire check holds their ground.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Protocol

from firefight.dice import Dice, Roll
from firefight.errors import RuleRefusal
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.injuries import Applies
from firefight.rulesets.cpr.wounds import WoundState, injury_modifiers, wound_modifier
from firefight.tables.settled import settled
from firefight.trace import Modifier, Total, TraceBuilder

__all__ = [
    "Firing",
    "aim_penalty",
    "attacker_parts",
    "beats",
    "check_dodge",
    "check_dodge_allowed",
    "compare",
    "condition_modifiers",
    "d10_modifier",
    "dodge_against",
    "dodges_against",
    "dv_or_dodge",
    "fire_check",
    "own_conditions",
    "roll_check",
    "roll_dodge",
    "shooter_parts",
]


def beats(total: int, dv: int) -> bool:
    """Whether ``total`` beats ``dv``: strictly more; a tie goes to the defender (CPR-HIT-1).

    >>> beats(16, 15), beats(15, 15), beats(14, 15)
    (True, False, False)
    """
    return total > dv


def d10_modifier(roll: Roll) -> Modifier:
    """The d10 as one modifier, saying how a natural 10 or 1 brought in a second die (C-1)."""
    return _d10_modifier(roll.faces, roll.natural, roll.total)


# Every check rolls a d10, and it comes up one of a few dozen ways: each modifier is built
# once, keyed on the figures it is made of (a frozen value; a bounded cache).
@lru_cache(maxsize=256)
def _d10_modifier(faces: tuple[int, ...], natural: int, total: int) -> Modifier:
    if len(faces) == 1:
        label = f"d10 rolled {total}"
    elif natural == 10:
        label = f"d10 rolled 10, then +{faces[1]} (a natural 10 adds one more d10)"
    else:
        label = f"d10 rolled 1, then -{faces[1]} (a natural 1 takes one more d10 away)"
    return Modifier(value=total, label=label, rule="C-1")


def roll_check(
    tb: TraceBuilder, dice: Dice, *, label: str, purpose: str, parts: Sequence[Modifier]
) -> Total:
    """Roll the exploding d10 and total it with ``parts`` (stat, skill, then modifiers)."""
    faces, rolled = tb.d10_exploding(dice, purpose)
    return tb.total(label, [*parts, _d10_modifier(faces, faces[0], rolled)])


def fire_check(
    tb: TraceBuilder,
    dice: Dice,
    *,
    label: str,
    purpose: str,
    parts: Sequence[Modifier],
    jams_on: int | None,
    weapon: str,
    fails: str = "the attack misses",
) -> tuple[Total, bool]:
    """:func:`roll_check` for a check made by firing ``weapon``, and whether its d10 came up
    the face that jams a poor weapon (CPR-REF-1): then the check ``fails`` whatever its total,
    and an Action clears the jam."""
    faces, rolled = tb.d10_exploding(dice, purpose)
    total = tb.total(label, [*parts, _d10_modifier(faces, faces[0], rolled)])
    if jams_on is None or faces[0] != jams_on:
        return total, False
    tb.step(
        f"A natural {jams_on} with a poor quality weapon: the {weapon} jams and {fails}; an "
        "Action clears it.",
        "CPR-REF-1",
    )
    return total, True


def compare(tb: TraceBuilder, total: Total, dv: int, against: str, rule: str = "CPR-HIT-1") -> bool:
    """Trace and return whether ``total`` beats ``dv`` (ties to the defender)."""
    if not tb.telling:
        return beats(total.value, dv)
    if total.value == dv:
        tb.step(f"{total.value} ties {against} {dv}: the defender wins ties, so it fails.", rule)
        return False
    if beats(total.value, dv):
        tb.step(f"{total.value} beats {against} {dv}.", rule)
        return True
    tb.step(f"{total.value} does not beat {against} {dv}.", rule)
    return False


def condition_modifiers(
    *,
    who: str,
    wound: WoundState,
    injuries: Iterable[str],
    kinds: Iterable[Applies],
    data: CprData,
) -> list[Modifier]:
    """What a wound state (C-9) and standing injuries (C-4) take off a roll of these kinds."""
    mods: list[Modifier] = []
    wound_mod = wound_modifier(wound, data.figures, who)
    if wound_mod:
        mods.append(wound_mod)
    mods.extend(injury_modifiers(injuries, kinds, data.injuries, who))
    return mods


def own_conditions(target: Target, data: CprData) -> list[Modifier]:
    """What a target's wound state and injuries take off a roll of their own, a dodge or a
    resistance: those that weigh on everything (C-9, C-4)."""
    return condition_modifiers(
        who=target.name,
        wound=target.wound_state,
        injuries=target.injuries,
        kinds=("all",),
        data=data,
    )


def check_dodge_allowed(target: Target, data: CprData) -> None:
    """Refuse a declared dodge the rules do not allow (CPR-DOD-1)."""
    dodge = target.dodge
    if dodge is None:
        return
    check_dodge(
        target.name,
        dodge,
        data,
        conscious=target.conscious,
        shield=target.shield,
        sees_attack=target.sees_attack,
        injuries=target.injuries,
    )


def check_dodge(
    name: str,
    dodge: Dodge,
    data: CprData,
    *,
    conscious: bool,
    shield: bool,
    sees_attack: bool,
    injuries: tuple[str, ...],
) -> None:
    """:func:`check_dodge_allowed` for a dodge ``name`` would declare, asked of their figures
    before any target is built (an encounter decides each dodge before the attack)."""
    need = data.figures.dodge_min_ref
    if dodge.ref < need:
        raise RuleRefusal(
            "CPR-DOD-1",
            f"{name} has REF {dodge.ref}; only a target with REF {need} or more can dodge "
            "a ranged attack.",
        )
    if not conscious:
        raise RuleRefusal("CPR-DOD-1", f"{name} is unconscious and cannot dodge.")
    if shield:
        raise RuleRefusal(
            "CPR-DOD-1",
            f"{name} is blocking with a shield, which takes the attack as cover; a "
            "shield-bearer does not dodge.",
        )
    if not sees_attack:
        raise RuleRefusal("CPR-DOD-1", f"{name} cannot see this attack coming, so cannot dodge it.")
    for key in injuries:
        injury = data.injuries.injury(key)
        if injury.no_evasion:
            raise RuleRefusal("CPR-DOD-1", f"{name} cannot dodge with this injury: {injury.label}.")


def roll_dodge(target: Target, dice: Dice, tb: TraceBuilder, data: CprData) -> Total:
    """The target's dodge: DEX + Evasion + d10, rolled before the attacker (CPR-DOD-1)."""
    return _rolled_dodge(target, own_conditions(target, data), dice, tb)


def _rolled_dodge(
    target: Target, conditions: Sequence[Modifier], dice: Dice, tb: TraceBuilder
) -> Total:
    """:func:`roll_dodge` with what weighs on the target (:func:`own_conditions`) read."""
    dodge = target.dodge
    assert dodge is not None
    if tb.telling:
        tb.step(
            f"{target.name} (REF {dodge.ref}) chooses to dodge before the attacker rolls; the "
            "attacker must beat the dodge instead of the DV.",
            "CPR-DOD-1",
        )
    parts = [*_dex_and_evasion(target.name, dodge.dex, dodge.evasion), *conditions]
    return roll_check(
        tb, dice, label=f"{target.name}'s dodge", purpose=f"{target.name}'s dodge", parts=parts
    )


def dodges_against(target: Target, dv: int, tb: TraceBuilder, data: CprData) -> bool:
    """Whether ``target`` dodges an attack that must otherwise beat ``dv`` (CPR-DOD-1: they
    may). A fighter choosing for themselves dodges where the dodge is likely to stand higher:
    DEX + Evasion, less what weighs on them, plus the d10's 5.5 on average, above the DV
    (DEC-867); a declared dodge is always rolled."""
    return _dodging(target, dv, tb, data) is not None


def _dodging(target: Target, dv: int, tb: TraceBuilder, data: CprData) -> Sequence[Modifier] | None:
    """What weighs on ``target``'s dodge (:func:`own_conditions`) where they dodge an attack
    that must otherwise beat ``dv`` (:func:`dodges_against`), read once for the choice and the
    roll; None where they keep the DV."""
    dodge = target.dodge
    if dodge is None:
        return None
    conditions = own_conditions(target, data)
    if not dodge.if_better:
        return conditions
    base = dodge.dex + dodge.evasion + sum(m.value for m in conditions)
    if 2 * base + 11 > 2 * dv:
        return conditions
    if tb.telling:
        tb.step(
            f"{target.name} does not dodge: DEX + Evasion {base} and a d10 average "
            f"{base + 5.5:g}, no better than DV {dv}.",
            "CPR-DOD-1",
        )
    return None


def dodge_against(
    target: Target, dv: int, dice: Dice, tb: TraceBuilder, data: CprData
) -> Total | None:
    """``target``'s dodge rolled where they dodge an attack that must otherwise beat ``dv``
    (:func:`dodges_against`); None where they keep the DV."""
    conditions = _dodging(target, dv, tb, data)
    return None if conditions is None else _rolled_dodge(target, conditions, dice, tb)


def dv_or_dodge(
    target: Target, dv: int, against: str, dice: Dice, tb: TraceBuilder, data: CprData
) -> tuple[int, str, Total | None]:
    """What an attack at one target must beat, and its name for the trace: the DV (``against``
    names it), or the target's dodge rolled in its place (CPR-DOD-1, :func:`dodge_against`);
    with the dodge's total, None when they do not dodge."""
    dodge = dodge_against(target, dv, dice, tb, data)
    if dodge is None:
        return dv, against, None
    return dodge.value, f"{target.name}'s dodge", dodge


def aim_penalty(aim: Aim | None, data: CprData) -> tuple[Modifier, ...]:
    """The aimed shot's penalty (CPR-AIM-1); none for a shot that is not aimed."""
    if aim is None:
        return ()
    # The same at every aimed shot: built once and kept with the catalog it reads.
    return settled(data, "aimed shot penalty", None, _aimed_penalty, data)


def _aimed_penalty(data: CprData) -> tuple[Modifier, ...]:
    return (Modifier(value=data.figures.aimed_penalty, label="aimed shot", rule="CPR-AIM-1"),)


def attacker_parts(
    *,
    who: str,
    stat: tuple[str, int],
    skill: tuple[str, int],
    wound: WoundState,
    injuries: Iterable[str],
    data: CprData,
    extra: Sequence[Modifier] = (),
    stat_rule: str,
    skill_rule: str,
) -> list[Modifier]:
    """The attacker's side of a ranged check: stat, skill, wounds, injuries, GM modifiers.

    ``stat`` and ``skill`` are (name, value), e.g. ("REF", 7) and ("Handgun", 6).
    """
    return [
        *_stat_and_skill(who, stat, skill, stat_rule, skill_rule),
        *condition_modifiers(
            who=who, wound=wound, injuries=injuries, kinds=("all", "ranged"), data=data
        ),
        *extra,
    ]


class Firing(Protocol):
    """A declaration of firing a weapon: who shoots, with what REF and skill, and the wound
    and injuries they fire with."""

    @property
    def shooter(self) -> str: ...
    @property
    def ref(self) -> int: ...
    @property
    def skill(self) -> int: ...
    @property
    def wound(self) -> WoundState: ...
    @property
    def injuries(self) -> tuple[str, ...]: ...


def shooter_parts(
    fire: Firing,
    skill: str,
    extra: Sequence[Modifier],
    data: CprData,
    *,
    stat_rule: str = "CPR-HIT-1",
    skill_rule: str = "CPR-HIT-2",
) -> list[Modifier]:
    """The shooter's side of a check to fire a weapon: REF and the ``skill`` named (CPR-HIT-2),
    as :func:`attacker_parts` totals them."""
    return attacker_parts(
        who=fire.shooter,
        stat=("REF", fire.ref),
        skill=(skill, fire.skill),
        wound=fire.wound,
        injuries=fire.injuries,
        data=data,
        extra=extra,
        stat_rule=stat_rule,
        skill_rule=skill_rule,
    )


# An attacker's stat and skill are the same two modifiers at every attack they make: built
# once, keyed on the figures they are made of (frozen values; a bounded cache).
@lru_cache(maxsize=256)
def _stat_and_skill(
    who: str, stat: tuple[str, int], skill: tuple[str, int], stat_rule: str, skill_rule: str
) -> tuple[Modifier, Modifier]:
    return (
        Modifier(value=stat[1], label=f"{who}'s {stat[0]}", rule=stat_rule),
        Modifier(value=skill[1], label=f"{who}'s {skill[0]} skill", rule=skill_rule),
    )


# A dodger's DEX and Evasion are the same two modifiers at every dodge (as the attacker's).
@lru_cache(maxsize=256)
def _dex_and_evasion(who: str, dex: int, evasion: int) -> tuple[Modifier, Modifier]:
    return (
        Modifier(value=dex, label=f"{who}'s DEX", rule="CPR-DOD-1"),
        Modifier(value=evasion, label=f"{who}'s Evasion", rule="CPR-DOD-1"),
    )
