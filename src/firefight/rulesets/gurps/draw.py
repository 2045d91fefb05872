"""Drawing a weapon (GUR-RELOAD-1, GUR-GUN-1): a Ready maneuver of one second, or none at all
on a made Fast-Draw roll; a critical failure drops it (3e Fast-Draw, provisional). A pistol's
cut-down barrel is +1 to Fast-Draw, a lengthened one -2 (002's pistol modifications).

>>> from firefight.declarations import declare
>>> out = resolve_draw(declare(Draw, weapon="pistol-45", fast_draw=12), Dice.scripted([3, 4, 5]))
>>> out.result.seconds, out.result.ready
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.rulesets.gurps.data import DATA, weapon_keys
from firefight.rulesets.gurps.readying_results import DrawResult
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.success import judge
from firefight.trace import Modifier, TraceBuilder

__all__ = ["RULE", "Draw", "resolve_draw"]

RULE = "GUR-RELOAD-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """Drawing a weapon, with or without a Fast-Draw roll."""

    weapon: str = param(help="Weapon (catalog key).", choices=weapon_keys, rule=RULE)
    fast_draw: int | None = param(
        None, help="Fast-Draw skill (none: a one-second Ready).", low=1, high=30, rule=RULE
    )
    barrel: str = param(
        "normal", help="Pistol barrel.", choices=("normal", "short", "long"), rule="GUR-GUN-1"
    )


def resolve_draw(draw: Draw, dice: Dice) -> Outcome[DrawResult]:
    weapon = DATA.weapon(draw.weapon)
    weapon.check_barrel(draw.barrel)
    trace = TraceBuilder()
    rules = DATA.core.fast_draw
    seconds, ready = rules.ready_seconds, True
    if draw.fast_draw is not None:
        parts = [Modifier(value=draw.fast_draw, label="Fast-Draw")]
        if draw.barrel != "normal":
            shift = DATA.house.barrel[draw.barrel].fast_draw
            parts.append(Modifier(value=shift, label=f"{draw.barrel} barrel", rule="GUR-GUN-1"))
        target = trace.total("Fast-Draw", parts).value
        verdict = judge(DiceRoller(dice, trace).sum(3, "Fast-Draw"), target, DATA.core.success)
        trace.step(f"Fast-Draw {verdict.roll} against {target}: {verdict.result}", rule=RULE)
        if verdict.success:
            seconds = 0
        elif verdict.critical:
            ready = False
    word = "dropped" if not ready else "drawn at once" if seconds == 0 else "drawn in 1 s"
    trace.step(f"the {weapon.name} is {word}", rule=RULE)
    result = DrawResult(seconds=seconds, ready=ready, headline=f"{weapon.name}: {word}.")
    return Outcome(events=(), trace=trace.build(), result=result)
