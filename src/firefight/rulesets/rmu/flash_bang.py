"""A flash-bang: no injury roll, a contest per victim (RMU-EXP-17, RULINGS X-4).

The grenade rolls once for the detonation (as every explosive does, RMU-EXP-1; DEC-81); each
victim in the radius resists on their own: Resistance = d100 open-ended + 40 + 2 x (Co bonus +
SD bonus) + 5 per point of Blood Potency (-25 when using Nightvision). Against each, the grenade
totals its roll + 50 + (100 - Resistance), +20 in a closed room, +20 on an unaware victim. Every
full 10 points past 101 is one step: a round blind and deaf and 2 concussion hits.

>>> from firefight.dice import Dice
>>> ghoul = Victim(name="ghoul", co_bonus=5, unaware=True)
>>> bang = FlashBang(victims=(ghoul,), enclosed=True)
>>> outcome = resolve_flash_bang(bang, Dice.scripted([88, 62]))
>>> outcome.result.victims[0].steps, outcome.result.victims[0].hits
(6, 12)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.rmu.events import HitsInflicted
from firefight.rulesets.rmu.explosives import ExplosiveData, explosive_data
from firefight.trace import Modifier, TraceBuilder

__all__ = ["Dazzled", "Dazzling", "FlashBang", "FlashBangResult", "Victim", "resolve_flash_bang"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Dazzling:
    """What the flash-bang did to one victim (X-4): the total against their Resistance, the
    steps past the threshold (rounds blind and deaf) and the hits."""

    name: str
    resistance: int
    total: int
    steps: int
    hits: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FlashBangResult(Result):
    """A flash-bang (RMU-EXP-17): the grenade's roll and each victim's share."""

    result: str
    grenade_roll: int
    victims: tuple[Dazzling, ...]

    @property
    def outcome(self) -> ResolvedWord:
        """A ``hit`` when it blinds anyone."""
        return "hit" if any(v.steps for v in self.victims) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class Victim:
    """Someone in the flash-bang's radius, with what they resist it with."""

    name: str
    co_bonus: int = 0
    sd_bonus: int = 0
    blood_potency: int = 0
    unaware: bool = False
    nightvision: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class FlashBang:
    """A flash-bang going off among ``victims``; ``enclosed`` in a closed room."""

    victims: tuple[Victim, ...]
    enclosed: bool = False
    extra: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Dazzled(Event):
    """Blind and deaf for ``rounds`` rounds (RMU-EXP-17)."""

    target: str
    rounds: int
    rule: str


def resolve_flash_bang(
    bang: FlashBang, dice: Dice, data: ExplosiveData | None = None
) -> Outcome[FlashBangResult]:
    """Every victim's contest. Dice: the grenade's roll, then each victim's Resistance roll."""
    if not bang.victims:
        raise RuleRefusal("RMU-EXP-17", "A flash-bang with nobody in its radius affects nobody.")
    figures = (data or explosive_data()).flash_bang
    tb = TraceBuilder()
    grenade = tb.roll(dice.d100_open_ended("flash-bang"))
    events: list[Event] = []
    results: list[Dazzling] = []
    for v in bang.victims:
        roll = tb.roll(dice.d100_open_ended(f"{v.name}'s Resistance"))
        resistance = tb.total(
            f"{v.name}'s Resistance",
            [
                Modifier(value=roll.total, label="d100 (open-ended)", rule="RMU-EXP-17"),
                Modifier(value=figures.resistance_base, label="base", rule="RMU-EXP-17"),
                Modifier(
                    value=figures.stat_multiplier * (v.co_bonus + v.sd_bonus),
                    label=f"{figures.stat_multiplier} x (Co {v.co_bonus:+d} + SD {v.sd_bonus:+d})",
                    rule="RMU-EXP-17",
                ),
                Modifier(
                    value=figures.per_blood_potency * v.blood_potency,
                    label=f"Blood Potency {v.blood_potency}",
                    rule="RMU-EXP-17",
                ),
                *(
                    [Modifier(value=figures.nightvision, label="Nightvision", rule="X-4")]
                    if v.nightvision
                    else []
                ),
            ],
        ).value
        total = tb.total(
            f"flash-bang against {v.name}",
            [
                Modifier(value=grenade.total, label="d100 (open-ended)", rule="X-4"),
                Modifier(value=figures.grenade_base, label="base", rule="RMU-EXP-17"),
                Modifier(value=100 - resistance, label="100 - Resistance", rule="RMU-EXP-17"),
                *([Modifier(value=figures.enclosed, label="closed room", rule="X-4")]
                  if bang.enclosed else []),
                *([Modifier(value=figures.unaware, label="unaware", rule="X-4")]
                  if v.unaware else []),
                *bang.extra,
            ],
        ).value  # fmt: skip
        over = total - figures.step_threshold
        steps = over // figures.step_size if over >= 0 else 0
        hits = steps * figures.hits_per_step
        tb.step(
            f"{total}: {steps} step{'' if steps == 1 else 's'} past {figures.step_threshold}"
            + (f": {v.name} is blind and deaf {steps} rounds and takes {hits} hits." if steps else
               f": {v.name} shrugs it off."),
            "X-4",
        )  # fmt: skip
        if steps:
            events.append(Dazzled(target=v.name, rounds=steps, rule="RMU-EXP-17"))
            events.append(HitsInflicted(target=v.name, hits=hits, rule="RMU-EXP-17"))
        results.append(
            Dazzling(name=v.name, resistance=resistance, total=total, steps=steps, hits=hits)
        )
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=FlashBangResult(
            result="flash-bang", grenade_roll=grenade.total, victims=tuple(results)
        ),
    )
