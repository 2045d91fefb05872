"""Odds of cpr shots: the generic engine, the class enumeration and the numpy kernel agree
(CPR-HIT-1, C-1, C-4, C-5, CPR-DOD-1, CPR-AIM-1), and refusals are the resolver's."""

from __future__ import annotations

import math
from typing import Any

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.odds.api import odds
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import enumerate_outcomes
from firefight.rulesets.cpr.attack import RangedAttack, Shot, resolve_ranged_attack
from firefight.rulesets.cpr.autofire import AutofireAttack, resolve_autofire
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.odds.shot import (
    CPR_STATS,
    CprView,
    cpr_default_data,
    cpr_exact,
    cpr_key,
    cpr_sample,
)
from firefight.rulesets.cpr.wounds import Health

DATA = cpr_default_data()

PISTOL = RangedAttack(
    weapon="medium-pistol",
    ref=7,
    skill=6,
    shots=(Shot(distance_m=10, target=Target(body_sp=7, health=Health(hp=40, max_hp=40))),),
)
HEAD_DODGE = RangedAttack(
    weapon="medium-pistol",
    ref=7,
    skill=6,
    shots=(
        Shot(
            distance_m=10,
            aim=Aim.HEAD,
            target=Target(head_sp=7, dodge=Dodge(ref=8, dex=6, evasion=4)),
        ),
    ),
)
AUTOFIRE = AutofireAttack(
    weapon="smg",
    ref=7,
    skill=6,
    distance_m=10,
    target=Target(body_sp=11, health=Health(hp=30, max_hp=30)),
)


def _shot(view: CprView) -> dict[str, Any]:
    from firefight.rulesets.cpr.odds.shot import _shots

    return _shots(view)[0]


def _resolve(action: RangedAttack | AutofireAttack, dice: Dice) -> Outcome:
    if isinstance(action, AutofireAttack):
        return resolve_autofire(action, dice, DATA)
    return resolve_ranged_attack(action, dice, DATA)


def generic(action: RangedAttack | AutofireAttack) -> Distribution[CprView]:
    return enumerate_outcomes(lambda dice: _resolve(action, dice), key=cpr_key, depth=0)


@pytest.mark.parametrize(
    "action", [PISTOL, HEAD_DODGE, AUTOFIRE], ids=["pistol", "head-dodge", "autofire"]
)
def test_cpr_hit_1_c_1_c_4_generic_equals_the_class_enumeration(
    action: RangedAttack | AutofireAttack,
) -> None:
    """CPR-HIT-1 (ties miss), C-1 (exploding d10), C-4 (two sixes), CPR-DOD-1, CPR-AIM-1,
    C-5: every face path enumerated equals the classes of dice, to 1e-12."""
    slow, fast = generic(action), cpr_exact(action, DATA)
    assert set(slow.probabilities) == set(fast.probabilities)
    for view, p in slow.items():
        assert fast.probabilities[view] == pytest.approx(p, abs=1e-12)
    assert slow.cut_off == fast.cut_off == 0.0
    assert fast.mass == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    "action", [PISTOL, HEAD_DODGE, AUTOFIRE], ids=["pistol", "head-dodge", "autofire"]
)
def test_c_1_monte_carlo_agrees_with_exact_within_5_standard_errors(
    action: RangedAttack | AutofireAttack,
) -> None:
    exact = cpr_exact(action, DATA)
    sampled = cpr_sample(action, DATA, samples=1_000_000, seed=4)
    for stat in CPR_STATS:
        error = math.sqrt(exact.variance(stat.read) / 1_000_000)
        assert abs(sampled.expected(stat.read) - exact.expected(stat.read)) <= 5 * error + 1e-12


def test_c_4_rerolled_injuries_monte_carlo_agrees_with_exact() -> None:
    """C-4: an injury already suffered is rerolled, so only fresh ones come up. The generic
    engine cannot enumerate an unbounded reroll; the exact classes and sampling agree."""
    have = next(iter(DATA.injuries.rows["body"].values())).key
    action = RangedAttack(
        weapon="heavy-pistol",
        ref=8,
        skill=7,
        shots=(Shot(distance_m=8, target=Target(body_sp=4, injuries=(have,))),),
    )
    exact = cpr_exact(action, DATA)
    assert exact.probability(lambda v: have in (_shot(v).get("critical_injuries") or ())) == 0
    assert exact.probability(lambda v: bool(_shot(v).get("critical_injuries"))) > 0
    sampled = cpr_sample(action, DATA, samples=1_000_000, seed=9)
    for stat in CPR_STATS:
        error = math.sqrt(exact.variance(stat.read) / 1_000_000)
        assert abs(sampled.expected(stat.read) - exact.expected(stat.read)) <= 5 * error + 1e-12


def test_cpr_hit_1_a_tie_misses() -> None:
    """REF 7 + skill 6 + d10 against DV 13 at ... : P(hit) is P(d10 > DV - 13)."""
    exact = cpr_exact(PISTOL, DATA)
    dv = _shot(next(iter(exact)))["dv"]
    need = dv - 13  # the d10 must beat this
    from firefight.rulesets.cpr.odds.shot import _d10

    expected = sum(p for v, p, _ in _d10() if v > need)
    assert exact.probability(lambda v: _shot(v)["result"] == "hit") == (
        pytest.approx(expected, abs=1e-12)
    )


def test_odds_api_answers_cpr_actions() -> None:
    assert odds(None, AUTOFIRE).method == "fast exact"
    assert odds(None, AUTOFIRE, method="monte-carlo", samples=1000).samples == 1000


@pytest.mark.parametrize("method", ["exact", "generic", "monte-carlo"])
def test_cpr_aim_1_refused_autofire_aim_is_refused_alike(method: str) -> None:
    """CPR-AIM-1: autofire cannot be aimed; every engine refuses with the resolver's words."""
    aimed = AutofireAttack(weapon="smg", ref=7, skill=6, distance_m=10, aim=Aim.HEAD)
    with pytest.raises(RuleRefusal) as resolving:
        resolve_autofire(aimed, Dice.scripted([]), DATA)
    with pytest.raises(RuleRefusal) as asking:
        odds(None, aimed, method=method, samples=100)  # type: ignore[arg-type]
    assert (asking.value.rule, asking.value.reason) == (
        resolving.value.rule,
        resolving.value.reason,
    )


def test_cpr_ref_1_a_jam_is_told_apart_from_a_plain_miss_in_words() -> None:
    """CPR-REF-1: a poor quality gun jams on a natural 1 and the attack misses. The odds keep
    the jam apart from a plain miss; their words said "miss" for both, so the likeliest
    outcomes listed two identical "miss" rows."""
    from dataclasses import replace

    from firefight.rulesets.cpr.odds.shot import describe_cpr

    poor = replace(PISTOL, jams_on=1)
    words = {describe_cpr(view): p for view, p in odds(None, poor).items()}
    assert len(words) == len(odds(None, poor))
    assert words["miss: the gun jams"] == pytest.approx(0.1)
    assert "miss" in words
