"""Damage for a hit already decided at the table: a melee blow, or any hit the GM rolled for.

The hit itself is not rolled here (001 covers ranged combat; a melee attack roll is another
book's business). The damage runs through the same pipeline as every ranged hit (C-3, C-4,
C-9); a melee weapon in hand meets half the SP, rounded up, and a thrown one the full SP.

Dice order: the damage dice, then any critical injury 2d6.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome, ResolvedWord, Result, inline
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage import BodyHit, CoverHit, Hit, apply_damage, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.trace import TraceBuilder

__all__ = ["DamageRoll", "DamageRollResult", "resolve_damage_roll"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRoll:
    """A hit to roll damage for: a catalog ``weapon`` or bare ``damage_d6`` (which overrides
    the weapon's dice). ``thrown`` marks a melee weapon that was thrown (full SP)."""

    target: Target = field(default_factory=Target)
    weapon: str | None = None
    damage_d6: int | None = None
    aim: Aim | None = None
    held_item: str = "held item"
    thrown: bool = False
    attacker: str = "attacker"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRollResult(Result):
    """Damage rolled for a hit and what it did (None: dice given without a weapon)."""

    weapon: str | None
    result: str = "hit"
    damage_done: BodyHit | CoverHit | None = inline()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit"


def resolve_damage_roll(hit: DamageRoll, dice: Dice, data: CprData) -> Outcome[DamageRollResult]:
    """Roll damage for one hit and apply it (CPR-DMG-1, C-3, C-4, C-9, CPR-AIM-1)."""
    weapon = data.weapon(hit.weapon) if hit.weapon else None
    count = hit.damage_d6 if hit.damage_d6 is not None else (weapon.damage_d6 if weapon else None)
    if count is None or count < 1:
        raise RuleRefusal("CPR-DMG-1", "Name the weapon or give its damage dice (at least 1d6).")
    halves = bool(weapon and weapon.halves_sp and not hit.thrown)
    what = weapon.name if weapon else f"{count}d6"
    tb = TraceBuilder()
    tb.step(
        f"{hit.attacker}'s {what} hits {hit.target.name}"
        + (", thrown: the full SP applies" if weapon and weapon.halves_sp and hit.thrown else "")
        + ".",
        "CPR-THR-1" if weapon and weapon.halves_sp and hit.thrown else "CPR-DMG-1",
    )
    roll = roll_damage(tb, dice, count, f"{what} damage")
    result = apply_damage(
        Hit(target=hit.target, aim=hit.aim, item=hit.held_item, halves_sp=halves),
        roll,
        dice,
        tb,
        data,
    )
    return Outcome(
        events=result.events,
        trace=tb.build(),
        result=DamageRollResult(weapon=weapon.key if weapon else None, damage_done=result.report),
    )
