"""APE's bursts, white phosphorus's fire and rounds that set things alight (issue 15,
GUR-AMMO-1; DEC-404, DEC-405)."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.burning import AreaFire, Ignite, resolve_area_fire, resolve_ignite
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.fire_results import InTheFire
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult, ShotRoll
from gurps_support import GURPS, opened


def shot(faces: list[int], **values: Any) -> ShotResult:
    values = {
        "weapon": "rifle-3006",
        "ammo": "ape",
        "skill": 14,
        "distance": 20,
        "aim": 1,
        **values,
    }
    return resolve_shot(declare(Shoot, **values), Dice.scripted(faces)).result


def test_gur_ammo_1_ape_bursting_on_contact_halves_what_gets_through() -> None:
    """GUR-AMMO-1: an APE hit bursts on contact on 1-3: 21 less DR 2 is 19, halved: 9; no
    wound burst follows."""
    burst = shot([3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3], armor="leather")
    assert burst.injury == 9


def test_gur_ammo_1_ape_not_bursting_may_burst_in_the_wound() -> None:
    """GUR-AMMO-1: on 4-6 it does not burst on contact: full 19 through DR; in the wound it
    bursts on 1-3 for +1d6 per 6 dice of basic damage (7d: one d6)."""
    whole = shot([3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4], armor="leather")
    assert whole.injury == 19
    wound = shot([3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 2, 5], armor="leather")
    assert wound.injury == 19 + 5


def test_gur_ammo_1_ape_shrapnel_through_hard_cover() -> None:
    """GUR-AMMO-1: through hard cover without bursting (4-6) an APE round throws 1d6-3 per 6
    dice of basic damage at whoever is behind, even when the bullet misses; bursting on the
    cover (1-3) it is spent."""
    missed = shot([5, 6, 6, 6, 6], hard_cover=True)  # 6 - 3 = 3 shrapnel; the shot: 18 misses
    assert (missed.result, missed.injury, missed.shrapnel_injury) == ("miss", 3, 3)
    spent = shot([2], hard_cover=True)
    assert spent.shots == (ShotRoll(result="burst on the cover", path="stopped by the cover"),)
    light = shot([5, 6, 6, 6], weapon="assault-rifle", hard_cover=True)  # 5d: no shrapnel
    assert light.shrapnel_injury is None
    with pytest.raises(RuleRefusal, match="APE"):
        shot([], ammo="standard", hard_cover=True)


def test_gur_ammo_1_white_phosphorus_burns_everyone_in_the_area() -> None:
    """GUR-AMMO-1: 4d fire for each one in the area, less DR; a flash in the dark."""
    out = resolve_area_fire(
        declare(AreaFire, in_area=("Bob:2", "Cid"), dark=True),
        Dice.scripted([1, 2, 3, 4, 6, 6, 6, 6]),
    ).result
    assert out.burned == (InTheFire(name="Bob", injury=8), InTheFire(name="Cid", injury=24))
    assert out.flash is True


def test_gur_ammo_1_white_phosphorus_in_an_encounter() -> None:
    """GUR-AMMO-1: fired toward Bob, the shell burns whoever stands in the block 2 hexes wide
    and 6 long from the muzzle: Bob at 5 yd and Cid beside him, not Dan at 7 yd nor Eve 5 ft
    to the side."""
    scene = """
[scenario]
title = "Porch"
ruleset = "gurps"

[[combatant]]
name = "Ann"
position = [0, 0]
move = 6

[[combatant.weapon]]
weapon = "shotgun-12"
skill = 12
ammo = "white-phosphorus"

[[combatant]]
name = "Bob"
position = [0, 15]
hp = 30

[[combatant]]
name = "Cid"
position = [2, 12]
hp = 30

[[combatant]]
name = "Dan"
position = [0, 21]
hp = 30

[[combatant]]
name = "Eve"
position = [5, 12]
hp = 30
"""
    # Eve's body, 5 ft to the side, stays clear of the block's 3 ft either side of the line
    faces = [1] * 4 + [2] * 4 + [3] * 4
    out = engine.act(opened(scene), "Ann shoots Bob", GURPS, Dice.scripted(faces))
    lost = {n: gurps_stats(out.state.combatant(n)).lost for n in ("Bob", "Cid", "Dan", "Eve")}
    assert lost == {"Bob": 4, "Cid": 8, "Dan": 0, "Eve": 0}


@pytest.mark.parametrize(
    ("ammo", "material", "face", "alight"),
    [
        ("incendiary", "A", None, True),
        ("incendiary", "B", 2, True),
        ("incendiary", "B", 3, False),
        ("tracer", "A", 2, True),
        ("tracer", "A", 3, False),
        ("tracer", "B", 1, True),
        ("tracer", "B", 2, False),
        ("explosive", "A", 3, True),
        ("explosive", "A", 4, False),
        ("explosive", "B", None, False),
        ("api", "A", None, True),
        ("api", "B", 2, True),
        ("api", "B", 3, False),
    ],
)
def test_gur_ammo_1_setting_flammables_alight(
    ammo: str, material: str, face: int | None, alight: bool
) -> None:
    """GUR-AMMO-1: incendiaries always light class A and 1 in 3 class B; tracers 1 in 3 A and
    1 in 6 B; explosive bullets half the time A; API rounds as incendiaries."""
    faces = [] if face is None else [face]
    out = resolve_ignite(declare(Ignite, ammo=ammo, material=material), Dice.scripted(faces))
    assert out.result.alight is alight
