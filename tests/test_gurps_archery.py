"""Archery beyond the shot (issue 15, GUR-ARROW-1): shooting for distance, gleaning arrows,
incendiary arrows, vibration dampers and the stabilizer's SS (DEC-402, DEC-403)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome, Result
from firefight.rulesets.gurps.archery import (
    Glean,
    HearBow,
    IncendiaryArrow,
    LongShot,
    resolve_glean,
    resolve_hear_bow,
    resolve_incendiary_arrow,
    resolve_long_shot,
)
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.setup import settle
from firefight.rulesets.gurps.shot import Shoot

D = TypeVar("D")
R = TypeVar("R", bound=Result)


def run(
    resolve: Callable[[D, Dice], Outcome[R]], cls: type[D], faces: list[int], **values: Any
) -> R:
    return resolve(declare(cls, **values), Dice.scripted(faces)).result


def test_gur_arrow_1_true_maximum_range_is_twice_max() -> None:
    """GUR-ARROW-1: shot for distance alone an arrow carries twice its Max; a Bow roll adds
    +1 ST per point made by: a longbow (Max ST x 20) at ST 12 carries 480 yd, 720 yd with a
    roll made by 6."""
    assert run(resolve_long_shot, LongShot, [], weapon="longbow", st=12).yards == 480
    made = run(resolve_long_shot, LongShot, [3, 3, 3], weapon="longbow", st=12, skill=15)
    assert (made.yards, made.st) == (720, 18)
    failed = run(resolve_long_shot, LongShot, [6, 6, 4], weapon="longbow", st=12, skill=15)
    assert failed.yards == 480


def test_gur_arrow_1_600_yards_from_a_strong_experienced_archer() -> None:
    """GUR-ARROW-1: 002's worked claim: a strong, skilled bowman with the right gear may drive
    an arrow 600 yd or more (a flying arrow, Max ST x 35: ST 13 made by 0 gives 910 yd; a
    compound bow's +5 ST helps too)."""
    flying = run(resolve_long_shot, LongShot, [], weapon="longbow", st=13, arrow="flying")
    assert flying.yards >= 600
    compound = run(resolve_long_shot, LongShot, [3, 3, 4], weapon="compound-bow", st=13, skill=14)
    assert compound.st == 13 + 5 + 4 and compound.yards >= 600


def test_gur_arrow_1_only_arrows_and_bolts_are_shot_for_distance() -> None:
    with pytest.raises(RuleRefusal, match="arrows and bolts"):
        run(resolve_long_shot, LongShot, [], weapon="sling")


def test_gur_arrow_1_gleaning_arrows() -> None:
    """GUR-ARROW-1: a missed arrow is fit again on 1-4, one from the dead on 1-2."""
    out = run(resolve_glean, Glean, [4, 5, 2, 3], missed=2, from_dead=2)
    assert (out.missed, out.from_dead, out.fit) == (1, 1, 2)
    assert DATA.house.arrows.glean_missed_on == 4 and DATA.house.arrows.glean_dead_on == 2


def test_gur_arrow_1_incendiary_arrows() -> None:
    """GUR-ARROW-1: 1d6 turns to set it alight; it goes out on a 6 on 1d6; its ranges are
    ST x 15 and ST x 20."""
    assert run(resolve_incendiary_arrow, IncendiaryArrow, [4, 6]).fields() == {
        "turns": 4,
        "burning": False,
        "headline": "Lit in 4 turn(s); goes out.",
    }
    assert run(resolve_incendiary_arrow, IncendiaryArrow, [1, 5]).burning is True
    arrow = DATA.arrows["incendiary"]
    assert (arrow.half_damage_st, arrow.max_st) == (15, 20)
    with pytest.raises(RuleRefusal):
        run(resolve_incendiary_arrow, IncendiaryArrow, [], arrow="bodkin")


def test_gur_arrow_1_vibration_dampers() -> None:
    """GUR-ARROW-1: Hearing at 3 hexes, -2 with vibration dampers: a 12 hears against
    Hearing 12, not against 10."""
    assert run(resolve_hear_bow, HearBow, [4, 4, 4], hearing=12).heard is True
    assert run(resolve_hear_bow, HearBow, [4, 4, 4], hearing=12, dampers=True).heard is False


def test_gur_arrow_1_stabilizers_raise_the_ss_number() -> None:
    """GUR-ARROW-1: stabilizers are +1 Acc on aimed shots and +2 to the SS number (read as
    written, DEC-402): a longbow (SS 15) unaimed at skill 16 is no snap shot, with
    stabilizers (SS 17) it is."""
    bare = settle(declare(Shoot, weapon="longbow", skill=16, distance=2, st=11), DATA)
    fitted = settle(
        declare(Shoot, weapon="longbow", skill=16, distance=2, st=11, mods=("stabilizers",)),
        DATA,
    )
    assert DATA.weapon("longbow").ss <= 16 < DATA.weapon("longbow").ss + 2
    assert not bare.snap and fitted.snap
    aimed = settle(
        declare(Shoot, weapon="longbow", skill=16, distance=2, st=11, aim=1, mods=("stabilizers",)),
        DATA,
    )
    assert aimed.skill == bare.skill + DATA.weapon("longbow").acc + 1
