"""Where a missed shot goes next (GUR-WRONG-2): through the target's hex when missed by 4 or
less, else wide by a hex per 2 more points in a direction rolled on 1d6 (1-2 over, 3-4 under,
5 left, 6 right); high and low misses are lost, left and right fly on down range, where each
possible target is hit on 9 or its own modified hit number, whichever is less, for normal or
half damage, until one is hit or none is left. A critical miss never strays into an enemy.

Down-range targets are given nearest first as ``NAME:NUMBER`` (the original hit number adjusted
for that target's own size, speed and distance) with ``:foe`` for an enemy of the shooter
(DEC-213).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.gurps.data import DATA, GurpsData
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.success import judge
from firefight.trace import TraceBuilder

__all__ = ["RULE", "Stray", "StrayResult", "resolve_stray"]

RULE = "GUR-WRONG-2"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stray:
    """A missed shot and who stands down range of it."""

    missed_by: int = param(help="Points the attack roll missed by.", low=1, high=20, rule=RULE)
    critical_miss: bool = param(False, help="The miss was a critical failure.", rule=RULE)
    down_range: tuple[str, ...] = param(
        (), help="NAME:NUMBER[:foe] of each possible target, nearest first.", high=20, rule=RULE
    )
    half_damage: bool = param(False, help="A stray hit does half damage.", rule=RULE)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Target:
    name: str
    number: int
    foe: bool


def _targets(stray: Stray) -> list[_Target]:
    found = []
    for text in stray.down_range:
        parts = text.split(":")
        if len(parts) not in (2, 3) or not parts[1].lstrip("-").isdigit():
            raise RuleRefusal(RULE, f"Give a down-range target as NAME:NUMBER[:foe], not {text!r}.")
        if len(parts) == 3 and parts[2] != "foe":
            raise RuleRefusal(RULE, f"Only ':foe' may follow the number, not {parts[2]!r}.")
        found.append(_Target(name=parts[0], number=int(parts[1]), foe=len(parts) == 3))
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayResult(Result):
    """Who a stray missile struck (None: nobody), how wide and which way it went."""

    hit: str | None
    wide_hexes: int
    direction: str
    damage: str
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.hit else "miss"


def resolve_stray(stray: Stray, dice: Dice, data: GurpsData = DATA) -> Outcome[StrayResult]:
    rules = data.house.wrong_target
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    targets = _targets(stray)
    if stray.critical_miss:
        kept = [t for t in targets if not t.foe]
        if len(kept) != len(targets):
            trace.step("a critical miss never strays into an enemy", rule=RULE)
        targets = kept
    wide = 0
    if stray.missed_by <= rules.passes_through_within:
        trace.step(f"missed by {stray.missed_by}: through the target's hex", rule=RULE)
    else:
        wide = (stray.missed_by - rules.passes_through_within) // rules.points_per_hex_wide
        trace.step(f"missed by {stray.missed_by}: {wide} hex(es) wide", rule=RULE)
    hit: str | None = None
    direction = "through"
    for i, target in enumerate(targets):
        if i or wide:
            direction = rules.direction[roller.sum(1, "direction of the miss") - 1]
            trace.step(f"the missile goes {direction}", rule=RULE)
            if direction in ("over", "under"):
                break
        number = min(rules.stray_hit_number, target.number)
        verdict = judge(roller.sum(3, f"stray hit on {target.name}"), number, data.core.success)
        trace.step(f"{target.name}: {verdict.roll} against {number}: {verdict.result}", rule=RULE)
        if verdict.success:
            hit = target.name
            break
    if not targets and wide:
        direction = rules.direction[roller.sum(1, "direction of the miss") - 1]
        trace.step(f"the missile goes {direction}", rule=RULE)
    damage = "half" if stray.half_damage else "normal"
    headline = f"The stray hits {hit} ({damage} damage)." if hit else "The stray hits nobody."
    result = StrayResult(
        hit=hit, wide_hexes=wide, direction=direction, damage=damage, headline=headline
    )
    return Outcome(events=(), trace=trace.build(), result=result)
