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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.limits import typed_whole
from firefight.outcome import Outcome
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.rolls import DiceRoller, Roller
from firefight.rulesets.gurps.stray_results import StrayResult
from firefight.rulesets.gurps.success import judge
from firefight.trace import TraceBuilder

__all__ = [
    "RULE",
    "Candidate",
    "Stray",
    "Walked",
    "resolve_stray",
    "spare_enemies",
    "strike_roll",
    "walk",
]

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
class Candidate:
    """Someone a stray missile may strike: their hit number (GUR-WRONG-2) and whether they
    are an enemy of the shooter."""

    name: str
    number: int
    foe: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Walked:
    """Where a stray missile ended: who it struck (None: nobody), the last direction rolled
    ("through" when none was) and how many hexes wide it went at the target."""

    hit: str | None
    direction: str
    wide: int


#: Who lies down range of a missile that went ``direction`` ("through", "left", "right")
#: ``wide`` hexes off at the target: nearest first.
DownRange = Callable[[str, int], Sequence[Candidate]]
#: Whether the stray strikes this candidate (a roll, then whatever else the caller asks).
Strike = Callable[[Candidate], bool]


def walk(
    missed_by: int | None,
    in_the_way: Sequence[Candidate],
    down_range: DownRange,
    strike: Strike,
    roller: Roller,
    trace: TraceBuilder,
) -> Walked:
    """The walk of a missile that missed by ``missed_by`` (None: dodged, GUR-WRONG-3) past
    the people in its way, then down range (GUR-WRONG-2): through the target's hex when missed
    by 4 or less, else a hex wide per 2 more; before every possible target after the first the
    direction is rolled again, and over or under loses it."""
    rules = DATA.house.wrong_target
    last = "through"

    def turned() -> bool:
        nonlocal last
        last = rules.direction[roller.sum(1, "direction of the miss") - 1]
        trace.step(f"the missile goes {last}", rule=RULE)
        return last in ("over", "under")

    for i, candidate in enumerate(in_the_way):
        if i and turned():
            return Walked(hit=None, direction=last, wide=0)
        if strike(candidate):
            return Walked(hit=candidate.name, direction=last, wide=0)
    wide = 0
    if missed_by is not None:
        wide = rules.hexes_wide(missed_by)
        where = f"{wide} hex(es) wide" if wide else "through the target's hex"
        trace.step(f"missed by {missed_by}: {where}", rule=RULE)
    if (wide or in_the_way) and turned():
        return Walked(hit=None, direction=last, wide=wide)
    for i, candidate in enumerate(down_range(last, wide)):
        if i and turned():
            break
        if strike(candidate):
            return Walked(hit=candidate.name, direction=last, wide=wide)
    return Walked(hit=None, direction=last, wide=wide)


def _targets(stray: Stray) -> list[Candidate]:
    found = []
    for text in stray.down_range:
        parts = text.split(":")
        number = typed_whole(parts[1], signed=True) if len(parts) in (2, 3) else None
        if number is None:
            raise RuleRefusal(RULE, f"Give a down-range target as NAME:NUMBER[:foe], not {text!r}.")
        if len(parts) == 3 and parts[2] != "foe":
            raise RuleRefusal(RULE, f"Only ':foe' may follow the number, not {parts[2]!r}.")
        found.append(Candidate(name=parts[0], number=number, foe=len(parts) == 3))
    return found


def strike_roll(candidate: Candidate, roller: Roller, trace: TraceBuilder) -> bool:
    """GUR-WRONG-2: a possible target is struck on 9 or its own number, whichever is less."""
    number = min(DATA.house.wrong_target.stray_hit_number, candidate.number)
    verdict = judge(roller.sum(3, f"stray hit on {candidate.name}"), number, DATA.core.success)
    trace.step(f"{candidate.name}: {verdict.roll} against {number}: {verdict.result}", rule=RULE)
    return verdict.success


def spare_enemies(candidates: Sequence[Candidate], trace: TraceBuilder | None) -> list[Candidate]:
    """GUR-WRONG-2: a critical miss never strays into an enemy of the shooter (said on
    ``trace`` when one is left out; None when it has been said already)."""
    kept = [c for c in candidates if not c.foe]
    if trace is not None and len(kept) != len(candidates):
        trace.step("a critical miss never strays into an enemy", rule=RULE)
    return kept


def resolve_stray(stray: Stray, dice: Dice) -> Outcome[StrayResult]:
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    targets = _targets(stray)
    if stray.critical_miss:
        targets = spare_enemies(targets, trace)
    walked = walk(
        stray.missed_by,
        (),
        lambda direction, wide: targets,
        lambda c: strike_roll(c, roller, trace),
        roller,
        trace,
    )
    damage = "half" if stray.half_damage else "normal"
    hit = walked.hit
    headline = f"The stray hits {hit} ({damage} damage)." if hit else "The stray hits nobody."
    result = StrayResult(
        hit=hit,
        wide_hexes=walked.wide,
        direction=walked.direction,
        damage=damage,
        headline=headline,
    )
    return Outcome(events=(), trace=trace.build(), result=result)
