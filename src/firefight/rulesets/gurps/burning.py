"""Fire from the gun (GUR-AMMO-1): a white phosphorus shotshell's cone, 2 hexes wide and 6
long from the muzzle, burning everyone in it for 4d (a flash in the dark), and the chance that
incendiary, tracer, explosive and API rounds set flammables alight (class A and class B).

002 gives no figure for how long phosphorus or a fire burns on, nor for the flash: those are
reported, not resolved (DEC-405).

>>> from firefight.declarations import declare
>>> out = resolve_ignite(declare(Ignite, ammo="tracer", material="A"), Dice.scripted([2]))
>>> out.result.alight
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.limits import typed_whole
from firefight.outcome import Outcome
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.dice_formula import DiceFormula
from firefight.rulesets.gurps.fire_results import AreaFireResult, IgniteResult, InTheFire
from firefight.rulesets.gurps.injury import Condition, take_injury
from firefight.rulesets.gurps.rolls import DiceRoller, Roller
from firefight.trace import TraceBuilder

__all__ = ["AreaFire", "Burned", "Ignite", "burn", "resolve_area_fire", "resolve_ignite"]

RULE = "GUR-AMMO-1"


def _area_ammo() -> list[str]:
    return sorted(k for k, a in DATA.ammo.items() if a.area_damage is not None)


def _igniting() -> list[str]:
    return sorted(k for k, a in DATA.ammo.items() if a.ignites_a_in_6 or a.ignites_b_in_6)


@dataclass(frozen=True, slots=True, kw_only=True)
class Burned:
    """What the area's fire did to one person in it."""

    name: str
    injury: int
    condition: Condition | None
    shock: int


def burn(
    ammo_key: str,
    people: Sequence[tuple[str, int, Condition | None]],
    roller: Roller,
    trace: TraceBuilder,
) -> list[Burned]:
    """Each of ``people`` (name, DR, condition) in the area takes the round's fire damage: its
    own roll, less DR, x1 for fire (G-3)."""
    ammo = DATA.ammo[ammo_key]
    assert ammo.area_damage is not None
    formula = DiceFormula.parse(ammo.area_damage)
    found = []
    for name, dr, condition in people:
        rolled = max(
            0, roller.sum(formula.dice, f"{ammo.area_damage} fire on {name}") + formula.adds
        )
        injury = max(0, rolled - dr) * int(DATA.core.wounding.fire)
        trace.step(f"{name}: {rolled} fire against DR {dr}: {injury} injury", rule=RULE)
        shock = 0
        if condition is not None and injury and not condition.dead:
            wounded = take_injury(
                condition,
                injury,
                stuns=False,
                knocks_out=False,
                roller=roller,
                trace=trace,
                data=DATA,
            )
            condition, shock = wounded.condition, wounded.shock
        found.append(Burned(name=name, injury=injury, condition=condition, shock=shock))
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaFire:
    """A round that fills an area with fire, and who is in it."""

    ammo: str = param("white-phosphorus", help="Area round.", choices=_area_ammo, rule=RULE)
    in_area: tuple[str, ...] = param(
        (), help="NAME[:DR[:HP[:HT]]] of each one in the area.", high=40, rule=RULE
    )
    dark: bool = param(False, help="It is dark (the round flashes).", rule=RULE)


def _people(texts: Sequence[str]) -> list[tuple[str, int, Condition | None]]:
    found = []
    for text in texts:
        parts = text.split(":")
        read = [typed_whole(p) for p in parts[1:]]
        numbers = [n for n in read if n is not None]
        if len(parts) > 4 or len(numbers) < len(read) or not parts[0]:
            raise RuleRefusal(
                RULE, f"Give each one in the area as NAME[:DR[:HP[:HT]]], not {text!r}."
            )
        dr = numbers[0] if numbers else 0
        condition = None
        if len(numbers) >= 2:
            hp = numbers[1]
            ht = numbers[2] if len(numbers) == 3 else 10
            if hp < 1 or ht < 1:
                raise RuleRefusal(RULE, f"HP and HT are 1 or more, not in {text!r}.")
            condition = Condition(hp=hp, ht=ht)
        found.append((parts[0], dr, condition))
    return found


def resolve_area_fire(fire: AreaFire, dice: Dice) -> Outcome[AreaFireResult]:
    ammo = DATA.ammo[fire.ammo]
    trace = TraceBuilder()
    trace.step(
        f"{ammo.name}: fire {ammo.area_width:g} hexes wide, {ammo.area_length:g} long from the "
        "muzzle",
        rule=RULE,
    )
    burned = burn(fire.ammo, _people(fire.in_area), DiceRoller(dice, trace), trace)
    flash = fire.dark and ammo.flash_in_dark
    if flash:
        trace.step("in the dark it flashes (the GM rules the flash's effect)", rule=RULE)
    result = AreaFireResult(
        burned=tuple(
            InTheFire(
                name=b.name,
                injury=b.injury,
                state=b.condition.state if b.condition else None,
                hp_left=b.condition.hp_left if b.condition else None,
            )
            for b in burned
        ),
        flash=flash,
        hit=any(b.injury for b in burned),
        headline=", ".join(f"{b.name} {b.injury}" for b in burned) or "Nobody in the fire.",
    )
    return Outcome(events=(), trace=trace.build(), result=result)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ignite:
    """A round lodged against something flammable."""

    ammo: str = param(help="Ammunition.", choices=_igniting, rule=RULE)
    material: str = param(
        help="How flammable: class A (catches easily) or B.", choices=("A", "B"), rule=RULE
    )


def resolve_ignite(ignite: Ignite, dice: Dice) -> Outcome[IgniteResult]:
    """Alight on 1-N on 1d6 (N of 6: always, no roll) (GUR-AMMO-1)."""
    ammo = DATA.ammo[ignite.ammo]
    chance = ammo.ignites_a_in_6 if ignite.material == "A" else ammo.ignites_b_in_6
    trace = TraceBuilder()
    if chance >= 6:
        alight = True
    elif chance <= 0:
        alight = False
    else:
        alight = DiceRoller(dice, trace).sum(1, f"catches on 1-{chance}") <= chance
    word = "catches fire" if alight else "does not catch"
    trace.step(f"class {ignite.material} with {ammo.name}: {word}", rule=RULE)
    result = IgniteResult(alight=alight, headline=f"The class {ignite.material} material {word}.")
    return Outcome(events=(), trace=trace.build(), result=result)
