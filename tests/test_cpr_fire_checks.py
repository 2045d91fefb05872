"""Suppressive fire, autofire and shotgun shells in an encounter are checks fired with the
weapon, as a shot is (CPR-REF-1): a jammed weapon is refused, a poor quality one jams on a
natural 1, the worn armor's penalty weighs on REF, and the modifiers standing on the weapon and
LUCK apply."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cpr_support import person, start, step
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.odds.api import odds
from firefight.rulesets.cpr.autofire import AutofireAttack
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.odds.shot import describe_cpr
from firefight.rulesets.cpr.wounds import Health
from firefight.service import EncounterService


def _fight(**smg: Any) -> EncounterService:
    """Tank (REF 8, Autofire 6, heavy armorjack: -2 REF, LUCK 3, an SMG) at the origin, first
    in the queue, and Vic (WILL 3, Concentration 1) 10 m north in the open."""
    people = [
        person(
            "Tank",
            0,
            0,
            ref=8,
            skills={"Autofire": 6, "Handgun": 4},
            armor={"body": "heavy armorjack"},
            luck=3,
            weapon=[{"name": "smg", "weapon": "smg", "carried": {"basic": 30}, **smg}],
        ),
        person("Vic", 0, 10, will=3, skills={"Handgun": 5, "Concentration": 1}),
    ]
    return start(people, [9, 2])


def _parts(record: Any, label: str) -> list[tuple[int, str]]:
    total = next(e for e in record.trace if e.get("type") == "total" and e["label"] == label)
    return [(p["value"], p["label"]) for p in total["parts"]]


def test_cpr_ref_1_c_6_the_armor_penalty_and_luck_weigh_on_the_suppressive_fire_check() -> None:
    """CPR-REF-1, C-6: the heavy armorjack's -2 comes off REF on the Autofire check, as on any
    attack, and LUCK spent on the line adds to it: 8 + 6 - 2 + 2 + 3 = 17."""
    service = _fight()
    record = step(service, [3, 5], "Tank suppresses --modifier luck:2")
    assert _parts(record, "suppressive fire check") == [
        (8, "Tank's REF"),
        (6, "Tank's Autofire skill"),
        (-2, "heavy armorjack armor penalty"),
        (2, "Luck spent (2 points)"),
        (3, "d10 rolled 3"),
    ]
    assert record.summary["check_total"] == 17
    assert fighter(service.state("fight").combatant("Tank")).luck == 1


def test_c_6_the_suppressed_resist_with_will_and_their_concentration_skill() -> None:
    """C-6: WILL + Concentration + d10 against the Autofire check: Vic's 3 + 1 + 5 = 9, read
    off the skill named Concentration on his sheet (his Handgun 5 has no part in it), short of
    Tank's 8 + 6 - 2 + 3 = 15, so he must run for cover."""
    record = step(_fight(), [3, 5], "Tank suppresses")
    assert _parts(record, "Vic resists") == [
        (3, "Vic's WILL"),
        (1, "Vic's Concentration skill"),
        (5, "d10 rolled 5"),
    ]
    assert record.summary["targets"][0]["resist_total"] == 9
    assert record.summary["must_take_cover"] == ["Vic"]


def test_cpr_ref_1_c_6_a_poor_smg_jams_on_a_natural_1_and_nobody_is_suppressed() -> None:
    """CPR-REF-1, C-6: a natural 1 on a poor quality SMG's check jams it: the fire breaks off,
    nobody rolls to resist or owes a Move, the ten rounds are spent, and the next suppressive
    fire is refused until an Action clears the jam."""
    service = _fight(modifiers=["poor-quality"])
    record = step(service, [1, 5], "Tank suppresses")
    assert record.summary["jammed"] is True
    assert record.summary["must_take_cover"] == []
    assert record.summary["headline"] == (
        "Tank lays down suppressive fire with the smg: the smg jams, and nobody breaks."
    )
    state = service.state("fight")
    assert fighter(state.combatant("Tank")).jammed == ("smg",)
    assert not fighter(state.combatant("Vic")).must_take_cover
    assert str(state.combatant("Tank").weapon("smg").loaded) == "20/30 basic"  # type: ignore[union-attr]
    service.next_round("fight", Dice.scripted([]))
    with pytest.raises(RuleRefusal, match="Tank's smg is jammed: 'clears jam' takes an Action"):
        service.act("fight", "Tank suppresses", Dice.scripted([5, 5]))


def test_cpr_hit_2_a_burst_takes_autofire_and_a_single_shot_handgun() -> None:
    """CPR-HIT-2: Tank's SMG on autofire is fired with Autofire 6: 8 + 6 - 2 + a d10 of 2 =
    14 against the autofire DV 17, needing 18, short by 4; the same SMG's single shot is
    Handgun 4: 8 + 4 - 2 + 2 = 12 against the range DV 13, short by 2."""
    burst = step(_fight(), [2], "Tank autofires at Vic")
    assert burst.summary["headline"] == "Tank autofires the smg at Vic: missed by 4."
    single = step(_fight(), [2], "Tank shoots Vic")
    assert single.summary["headline"] == "Tank fires the smg at Vic: missed by 2."


def test_cpr_ref_1_c_5_a_poor_smg_jams_on_autofire_too() -> None:
    """CPR-REF-1, C-5: the jam the catalog names for a poor quality weapon holds for a burst:
    a natural 1 jams it and the burst misses (it did neither), rolling no damage."""
    service = _fight(modifiers=["poor-quality"])
    record = step(service, [1, 9], "Tank autofires at Vic")
    assert record.summary["jammed"] is True and record.summary["result"] == "miss"
    assert fighter(service.state("fight").combatant("Tank")).jammed == ("smg",)


def test_cpr_ref_1_c_5_the_odds_of_a_poor_burst_count_the_jam() -> None:
    """CPR-REF-1, C-5: the odds of a poor quality SMG's burst keep a jam (one natural 1 in ten)
    apart from a miss, and no longer take the fast path that knew nothing of it."""
    burst = AutofireAttack(
        weapon="smg",
        ref=7,
        skill=6,
        distance_m=10,
        target=Target(body_sp=11, health=Health(hp=30, max_hp=30)),
    )
    poor = odds(None, replace(burst, jams_on=1))
    words = {describe_cpr(view): p for view, p in poor.items()}
    assert words["miss: the gun jams"] == pytest.approx(0.1)
    assert poor.method != "fast exact"


def test_cpr_ref_1_c_7_a_shell_takes_the_armor_penalty_luck_and_the_poor_shotguns_jam() -> None:
    """CPR-REF-1, C-7: Tank's shell from a poor quality shotgun at Vic 4 m in front: REF 8 +
    Shoulder Arms 0 - 2 (heavy armorjack) + 1 LUCK, and a natural 1 jams it: the shell hits
    nobody (the LUCK on the line was dropped before, the armor and the jam ignored)."""
    people = [
        person(
            "Tank",
            0,
            0,
            ref=8,
            armor={"body": "heavy armorjack"},
            luck=3,
            weapon=[
                {
                    "name": "shotgun",
                    "weapon": "shotgun",
                    "ammo": "shell",
                    "carried": {"shell": 8},
                    "modifiers": ["poor-quality"],
                }
            ],
        ),
        person("Vic", 0, 4),
    ]
    service = start(people, [9, 2])
    record = step(service, [1, 5], "Tank fires shells at Vic --modifier luck:1")
    assert [v for v, _ in _parts(record, "attack total")] == [8, 0, -2, 1, -4]
    assert record.summary["jammed"] is True and record.summary["hits"] == 0
    assert record.summary["headline"] == (
        "Tank fires a shell from the shotgun toward Vic: the shotgun jams and hits nobody."
    )
    tank = fighter(service.state("fight").combatant("Tank"))
    assert tank.jammed == ("shotgun",) and tank.luck == 2
