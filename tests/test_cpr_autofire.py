"""cpr autofire (C-5): DV table, multiplier, cap, ten rounds, refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import RoundsFired
from firefight.outcome import Outcome
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.autofire import AutofireAttack, autofire_multiplier, resolve_autofire
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.events import ActionTaken, CriticalInjuryInflicted, DamageDealt
from firefight.trace import Total

DATA = CprData()

SMG = AutofireAttack(weapon="smg", ref=7, skill=5, distance_m=10, target=Target(body_sp=11))


def spray(attack: AutofireAttack, *faces: int) -> Outcome:
    return resolve_autofire(attack, Dice.scripted(faces), DATA)


def multiplier_total(outcome: Outcome) -> Total:
    return next(
        e for e in outcome.trace if isinstance(e, Total) and e.label == "autofire multiplier"
    )


def test_c_5_smg_at_10_m_margin_3_times_2d6() -> None:
    """C-5: 7 + 5 + 8 = 20 against the SMG autofire DV 17 at 7-12 m: x3; 2d6 = 6 -> 18 - SP 11."""
    outcome = spray(SMG, 8, 4, 2)
    assert outcome.result.fields()["dv"] == 17 and outcome.result.fields()["multiplier"] == 3
    dealt = next(e for e in outcome.events if isinstance(e, DamageDealt))
    assert (dealt.damage, dealt.through, dealt.hp_lost) == (18, 7, 7)
    assert outcome.events[:2] == (
        ActionTaken(actor="shooter", action="autofire"),
        RoundsFired(actor="shooter", weapon="smg", rounds=10),
    )
    assert outcome.result.fields()["rounds_left"] == 20
    skill = next(e for e in outcome.trace if isinstance(e, Total) and e.label == "autofire total")
    assert [p.label for p in skill.parts][1] == "shooter's Autofire skill"


def test_c_5_the_cap_is_per_weapon() -> None:
    smg = spray(replace(SMG, ref=10, skill=10), 9, 1, 1)
    assert smg.result.fields()["multiplier"] == 3
    assert [p.value for p in multiplier_total(smg).parts] == [12, -9]
    rifle = spray(replace(SMG, weapon="assault rifle", ref=10, skill=10, distance_m=30), 9, 1, 1)
    assert rifle.result.fields()["dv"] == 20 and rifle.result.fields()["multiplier"] == 4


@given(
    weapon=st.sampled_from(["smg", "heavy smg", "assault rifle"]),
    distance=st.integers(min_value=0, max_value=100),
    stats=st.integers(min_value=0, max_value=30),
    face=st.integers(min_value=2, max_value=9),
)
def test_c_5_multiplier_on_a_hit_is_never_0_and_never_above_the_cap(
    weapon: str, distance: int, stats: int, face: int
) -> None:
    attack = replace(SMG, weapon=weapon, ref=stats, skill=0, distance_m=distance)
    outcome = spray(attack, face, 3, 3, 3, 3)
    cap = DATA.weapon(weapon).autofire_cap
    assert cap is not None
    if outcome.result.fields()["result"] == "hit":
        margin = stats + face - int(outcome.result.fields()["dv"])
        assert 1 <= int(outcome.result.fields()["multiplier"]) <= cap
        assert outcome.result.fields()["multiplier"] == min(margin, cap)
    else:
        assert "multiplier" not in outcome.result.fields()
        assert stats + face <= int(outcome.result.fields()["dv"])


def test_c_5_multiplier_function_refuses_a_non_hit() -> None:
    assert autofire_multiplier(1, 4) == 1
    with pytest.raises(ValueError, match="at least 1"):
        autofire_multiplier(0, 4)


def test_c_5_a_tie_misses() -> None:
    outcome = spray(SMG, 5)
    assert (
        outcome.result.fields()["attack_total"] == 17
        and outcome.result.fields()["result"] == "miss"
    )


def test_c_5_against_a_dodge_the_margin_is_over_the_dodge() -> None:
    attack = replace(SMG, target=Target(dodge=Dodge(ref=8, dex=4, evasion=4)))
    outcome = spray(attack, 2, 9, 2, 2)  # dodge 10; attack 21
    assert outcome.result.fields()["dodge"] == 10 and outcome.result.fields()["multiplier"] == 3
    assert [p.value for p in multiplier_total(outcome).parts] == [11, -8]


def test_c_4_autofire_criticals_come_from_its_2d6() -> None:
    outcome = spray(SMG, 8, 6, 6, 2, 2)
    injury = next(e for e in outcome.events if isinstance(e, CriticalInjuryInflicted))
    assert injury.roll == 4 and injury.injury == "collapsed-lung"
    assert outcome.result.fields()["hp_lost"] == (12 * 3 - 11) + 5


@pytest.mark.parametrize(
    ("change", "rule", "words"),
    [
        ({"loaded": 9}, "C-5", "needs 10 rounds loaded; the SMG has 9"),
        ({"weapon": "heavy pistol"}, "C-5", "cannot fire on autofire"),
        ({"weapon": "shotgun"}, "C-5", "cannot fire on autofire"),
        ({"aim": Aim.HEAD}, "CPR-AIM-1", "Autofire cannot make an aimed shot"),
        ({"distance_m": 150}, "C-5", "does not reach 150 m"),
        ({"target": Target(dodge=Dodge(ref=6, dex=9, evasion=9))}, "CPR-DOD-1", "REF 8"),
    ],
)
def test_c_5_refusals(change: dict[str, object], rule: str, words: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        spray(replace(SMG, **change))  # type: ignore[arg-type]
    assert err.value.rule == rule
    assert words in err.value.reason


def test_c_5_ten_loaded_is_enough() -> None:
    outcome = spray(replace(SMG, loaded=10), 1, 1)
    assert outcome.result.fields()["rounds_left"] == 0
