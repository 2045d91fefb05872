"""Random fire in combat (GUR-FIRE-1): under heavy unaimed fire each exposed character is hit
on 9 or less on 3d6, less for lighter fire (3 to 8), with modifiers for position and size only
(not range or motion)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.limits import typed_whole
from firefight.outcome import Outcome
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.fire_results import RandomFireResult
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.trace import Modifier, TraceBuilder

__all__ = ["RULE", "RandomFire", "resolve_random_fire"]

RULE = "GUR-FIRE-1"


def _intensity_help() -> str:
    fire = DATA.house.random_fire
    return f"Hit number: {fire.heavy} heavy fire, {fire.light_low}-{fire.light_high} lighter."


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomFire:
    """A turn under random fire: its intensity and everyone exposed to it."""

    intensity: int = param(
        9,
        help=_intensity_help,
        low=lambda: DATA.house.random_fire.light_low,
        high=lambda: DATA.house.random_fire.heavy,
        rule=RULE,
    )
    exposed: tuple[str, ...] = param(
        help="NAME or NAME:MOD (position and size modifier) of each exposed character.",
        low=1,
        high=40,
        rule=RULE,
    )


def resolve_random_fire(fire: RandomFire, dice: Dice) -> Outcome[RandomFireResult]:
    """Who is hit this turn: a 3d6 roll each at or under the intensity plus their modifier."""
    trace = TraceBuilder()
    roller = DiceRoller(dice, trace)
    hit = []
    for text in fire.exposed:
        name, _, mod = text.partition(":")
        value = typed_whole(mod, signed=True) if mod else 0
        if value is None:
            raise RuleRefusal(RULE, f"Give an exposed character as NAME or NAME:MOD, not {text!r}.")
        number = trace.total(
            f"{name} is hit on",
            [
                Modifier(value=fire.intensity, label="intensity of fire", rule=RULE),
                Modifier(value=value, label="position and size", rule=RULE),
            ],
        ).value
        roll = roller.sum(3, f"random fire at {name}")
        if roll <= number:
            hit.append(name)
        trace.step(
            f"{name}: {roll} against {number}: {'hit' if roll <= number else 'spared'}", rule=RULE
        )
    headline = f"Hit: {', '.join(hit)}." if hit else "Nobody is hit."
    return Outcome(
        events=(), trace=trace.build(), result=RandomFireResult(hit=tuple(hit), headline=headline)
    )
