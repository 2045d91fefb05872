"""DEC-490: every typed rmu result says the outcome word the log always read off its figures.

A log record written before results were typed keeps no word, and ``outcome_word`` reads it off
the record's figures; a typed result says its own. Over many seeded resolutions of every kind,
the two must agree, so that an old record and a new one of the same resolution come to the same
word (docs/json.md).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from firefight.dice import Dice
from firefight.geometry import CoverGrade, Point
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bite import Bite, resolve_bite
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import Blast, BlastTarget, resolve_detonation
from firefight.rulesets.rmu.gas import CsExposure, GasVictim, resolve_cs
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.grapple import Escape, resolve_escape
from firefight.rulesets.rmu.placement import Throw
from firefight.rulesets.rmu.rapid_fire import (
    RapidFire,
    RapidFirePreparation,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.results import outcome_word
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.staking import (
    StakingManeuver,
    resolve_stake_attack,
    resolve_staking_maneuver,
    stake_attack,
)
from firefight.rulesets.rmu.suppression import (
    SuppressionSweep,
    SweepTarget,
    resolve_suppression_sweep,
)
from firefight.rulesets.rmu.thrown_blast import ThrownBlast, resolve_thrown_blast
from firefight.rulesets.rmu.volley import Person

DATA = RmuData()
ORIGIN = Point(x_ft=0, y_ft=0)
ANA = Ally(who=Bystander(name="Ana", armor="BA II"), distance_ft=25)


def _at(x: float, y: float) -> Point:
    return Point(x_ft=x, y_ft=y)


RESOLVERS: dict[str, Callable[[Dice], Outcome]] = {
    "aimed shot": lambda d: resolve_aimed_shot(
        AimedShot(weapon="glock-17", ob=40, distance_ft=30, armor="BA II", ally=ANA), d, DATA
    ),
    "shot into a shielder": lambda d: resolve_aimed_shot(
        AimedShot(
            weapon="glock-17",
            ob=20,
            distance_ft=20,
            screen=BodyScreen(grade=CoverGrade.FULL, shielders=(Bystander(name="Ben"),)),
        ),
        d,
        DATA,
    ),
    "preparation": lambda d: resolve_rapid_fire_preparation(
        RapidFirePreparation(weapon="zastava-m85-stock", rapid_fire_bonus=10, ally=ANA), d, DATA
    ),
    "firing round": lambda d: resolve_rapid_fire(
        RapidFire(
            weapon="zastava-m85-stock",
            ob=40,
            share_percent=50,
            position=ORIGIN,
            target=Person(name="Bob", position=_at(0, 40)),
            others=(Person(name="Ann", position=_at(2, 60)),),
        ),
        d,
        DATA,
    ),
    "sweep": lambda d: resolve_suppression_sweep(
        SuppressionSweep(
            weapon="glock-17",
            fire_discipline_bonus=10,
            position=ORIGIN,
            bearing_deg=0.0,
            distance_ft=60,
            width_ft=15,
            people=(SweepTarget(name="Edge", position=_at(0, 59.5)),),
            ally=ANA,
        ),
        d,
        DATA,
    ),
    "melee": lambda d: resolve_melee_attack(MeleeAttack(weapon="spear-2h", ob=40), d, DATA),
    "escape": lambda d: resolve_escape(Escape(ob=40, holder_ob=30, hold=50), d),
    "bite": lambda d: resolve_bite(Bite(biter="M", victim="V", ob=20, reach="direct"), d, DATA),
    "stake": lambda d: resolve_stake_attack(
        "stake", stake_attack("stake", weapon="stake", ob=60), victim_kindred=True, dice=d
    ),
    "staking maneuver": lambda d: resolve_staking_maneuver(
        StakingManeuver(staker="J", victim="M", bonus=20), d
    ),
    "detonation": lambda d: resolve_detonation(
        Blast(
            load="m67",
            center=ORIGIN,
            people=(BlastTarget(name="Bob", position=_at(30, 0)),),
        ),
        d,
        DATA,
    ),
    "thrown blast": lambda d: resolve_thrown_blast(
        ThrownBlast(
            throw=Throw(load="m67", aim=_at(0, 45), thrown_bonus=40),
            blast=Blast(
                load="m67", center=ORIGIN, people=(BlastTarget(name="Bob", position=_at(0, 60)),)
            ),
        ),
        d,
        DATA,
    ),
    "cs gas": lambda d: resolve_cs(
        CsExposure(victims=(GasVictim(name="V", constitution=10), GasVictim(name="L"))), d
    ),
}


@pytest.mark.parametrize("kind", list(RESOLVERS))
def test_dec_490_a_typed_result_says_the_word_its_figures_always_came_to(kind: str) -> None:
    words = set()
    for seed in range(40):
        result = RESOLVERS[kind](Dice.seeded(seed)).result
        assert result.outcome == outcome_word(result.fields()), (kind, seed)
        words.add(result.outcome)
    assert words, kind
