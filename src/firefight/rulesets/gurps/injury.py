"""What injury does to the one who takes it (public core 3e, GUR-CORE-1): shock, a major wound
and its HT roll against being stunned and knocked down, the HT roll to stay conscious at 0 HP
or less, death checks at each multiple of -HP and death at -5 x HP.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from firefight.frozen import quick_init
from firefight.rulesets.gurps.data import GurpsData
from firefight.rulesets.gurps.rolls import Roller
from firefight.rulesets.gurps.success import judge
from firefight.trace import TraceBuilder

__all__ = ["Condition", "Wounded", "shock", "take_injury"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """How the target stands: HP lost so far and what the fight has done to them."""

    hp: int
    ht: int
    lost: int = 0
    stunned: bool = False
    knocked_down: bool = False
    unconscious: bool = False
    dead: bool = False

    @property
    def hp_left(self) -> int:
        return self.hp - self.lost

    @property
    def state(self) -> str:
        if self.dead:
            return "dead"
        if self.unconscious:
            return "unconscious"
        if self.stunned:
            return "stunned"
        return "up"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded:
    condition: Condition
    major_wound: bool
    shock: int


def shock(injury: int, data: GurpsData) -> int:
    """-1 per HP lost, -4 at most, on the next turn (public core 3e)."""
    rules = data.core.injury
    return max(rules.shock_cap, rules.shock_per_hp * injury) if injury else 0


def _ht_roll(ht: int, what: str, roller: Roller, trace: TraceBuilder, data: GurpsData) -> bool:
    roll = roller.check(ht, f"HT roll: {what}")
    verdict = judge(roll, ht, data.core.success)
    trace.step(f"HT {ht} {what}: {verdict.result}", rule="GUR-CORE-1")
    return verdict.success


def take_injury(
    before: Condition,
    injury: int,
    *,
    stuns: bool,
    knocks_out: bool,
    roller: Roller,
    trace: TraceBuilder,
    data: GurpsData,
) -> Wounded:
    """``before`` after ``injury`` more, with every roll the core asks for."""
    rules = data.core.injury
    after = Condition(
        hp=before.hp,
        ht=before.ht,
        lost=before.lost + injury,
        stunned=before.stunned or stuns,
        knocked_down=before.knocked_down,
        unconscious=before.unconscious or knocks_out,
        dead=before.dead,
    )
    major = injury > before.hp * rules.major_wound_fraction
    if after.dead:
        return Wounded(condition=after, major_wound=major, shock=shock(injury, data))
    hp, left = before.hp, after.hp_left
    if left <= -rules.dead_at_multiple * hp:
        trace.step(f"{left} HP is -{rules.dead_at_multiple} x HP or worse: dead", rule="GUR-CORE-1")
        return Wounded(
            condition=_with(after, dead=True), major_wound=major, shock=shock(injury, data)
        )
    if major and not after.unconscious:
        trace.step(f"{injury} is a major wound (over HP/2)", rule="GUR-CORE-1")
        if not _ht_roll(before.ht, "against knockdown", roller, trace, data):
            after = _with(after, stunned=True, knocked_down=True)
    for k in rules.death_check_multiples:
        crossed = left <= -k * hp < before.hp_left
        if crossed and not _ht_roll(before.ht, f"death check at -{k} x HP", roller, trace, data):
            return Wounded(
                condition=_with(after, dead=True), major_wound=major, shock=shock(injury, data)
            )
    fell = left <= rules.conscious_roll_at_or_below < before.hp_left and not after.unconscious
    if fell and not _ht_roll(before.ht, "to stay conscious", roller, trace, data):
        after = _with(after, unconscious=True)
    return Wounded(condition=after, major_wound=major, shock=shock(injury, data))


def _with(c: Condition, **changes: bool) -> Condition:
    return replace(c, **changes)
