"""The odds of a gurps shot (GUR-CORE-1, G-1): the fast path (sums of d6) equals the generic
enumeration (every face), and the headline stats read off it."""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from functools import partial
from itertools import product

import pytest

from firefight.declarations import declare
from firefight.odds.api import odds, odds_stats
from firefight.probability.enumeration import enumerate_outcomes
from firefight.probability.montecarlo import simulate
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.odds.shot import _pass_fail, _rows, d6_sums, shot_exact, shot_key
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.success import judge


def test_3d6_is_the_d6_convolved() -> None:
    """GUR-CORE-1: the 3d6 sums and their counts, 216 paths in all (27 ways to roll 10)."""
    sums = dict(d6_sums(3))
    assert sum(sums.values()) == 216 and sums[10] == 27 and sums[3] == 1
    faces = [sum(f) for f in product(range(1, 7), repeat=3)]
    assert sums == {s: faces.count(s) for s in set(faces)}


@pytest.mark.parametrize("target", range(0, 21))
def test_g1_pass_fail_weights_equal_the_faces(target: int) -> None:
    """G-1: a pass-or-fail roll followed once per side carries the faces' exact weights."""
    faces = [sum(f) for f in product(range(1, 7), repeat=3)]
    passed = Fraction(sum(judge(s, target, DATA.core.success).success for s in faces), 216)
    weights = dict((judge(s, target, DATA.core.success).success, p) for s, p in _pass_fail(target))
    assert weights.get(True, 0) == passed
    assert weights.get(False, 0) == 1 - passed


def test_gur_loc_1_location_rows_weigh_their_sums() -> None:
    """GUR-LOC-1: each hit-location row is followed once, weighted by the sums it covers."""
    weights = {DATA.location_rolled(s).key: p for s, p in _rows(DATA.location_rows)}
    assert weights["body"] == Fraction(25 + 27 + 27, 216)
    assert sum(weights.values()) == 1


@pytest.mark.parametrize(
    "values",
    [
        {"weapon": "thrown-knife", "skill": 14, "distance": 3, "mods": ("darkness=-1",)},
        {"weapon": "sling", "skill": 11, "distance": 4, "aim": 1, "dr": 1},
    ],
)
def test_gur_core_1_fast_path_equals_the_generic_enumeration(values: dict[str, object]) -> None:
    """GUR-CORE-1: the fast exact path (sums) gives the generic engine's numbers (faces)."""
    shot = declare(Shoot, **values)
    fast = shot_exact(shot)
    generic = enumerate_outcomes(partial(resolve_shot, shot), key=shot_key)
    assert fast.method == "fast exact" and fast.paths is not None
    assert generic.paths is not None and fast.paths < generic.paths
    assert set(fast.probabilities) == set(generic.probabilities)
    found: dict[Hashable, float] = {k: p for k, p in fast.items()}
    for k, p in generic.items():
        assert found[k] == pytest.approx(p, abs=1e-12)


def test_gur_core_1_fast_path_agrees_with_sampling_on_a_full_shot() -> None:
    """GUR-CORE-1: with a defense, HT rolls and death checks (too many faces to enumerate),
    the fast path agrees with Monte Carlo within four standard errors."""
    shot = declare(
        Shoot,
        weapon="revolver-44",
        skill=13,
        distance=5,
        aim=1,
        hp=8,
        ht=10,
        defense="dodge",
        defense_value=6,
        armor="leather",
    )
    fast = shot_exact(shot)
    sampled = simulate(partial(resolve_shot, shot), key=shot_key, samples=6000, seed=7)
    for read in (
        lambda k: float(k.result == "hit"),
        lambda k: float(k.major_wound),
        lambda k: float(k.injury),
    ):
        mean = fast.expected(read)
        error = sampled.standard_error(read)
        assert abs(sampled.expected(read) - mean) <= 4 * error + 1e-9


def test_odds_stats_of_a_plain_shot() -> None:
    """G-1, GUR-CORE-1: a skill-10 shot hits on 10 or less: P(hit) = 1/2, P(critical) on
    3-4 = 4/216; the registry answers through the ruleset's seam."""
    shot = declare(Shoot, weapon="revolver-38", skill=8, distance=2, aim=1)
    stats = {v.stat.name: v.value for v in odds_stats(odds(None, shot), shot)}
    assert math.isclose(stats["p_hit"], 0.5)
    assert math.isclose(stats["p_critical"], 4 / 216)
    assert math.isclose(stats["p_miss"], 0.5)


@pytest.mark.parametrize("on", range(0, 7))
def test_gur_ammo_1_chance_rolls_weigh_their_faces(on: int) -> None:
    """GUR-AMMO-1: a 1d6 read only as 'came up 1 to N' (a round bursting, expanding, a barrel
    holding) is followed once per side, with the faces' exact weights."""
    from firefight.rulesets.gurps.odds.shot import _in_six

    weights = {face <= on: p for face, p in _in_six(on)}
    assert weights.get(True, 0) == Fraction(on, 6)
    assert weights.get(False, 0) == Fraction(6 - on, 6)


def test_gur_core_1_odds_of_an_ape_round_behind_cover_run_exact() -> None:
    """GUR-AMMO-1, GUR-CORE-1: the fast path follows the APE bursts as chances: a pistol's
    round (no shrapnel under 6 dice) is spent on the cover half the time."""
    shot = declare(
        Shoot, weapon="revolver-38", ammo="ape", skill=20, distance=2, aim=1, hard_cover=True
    )
    fast = shot_exact(shot)
    assert fast.expected(lambda k: float(k.result == "hit")) == pytest.approx(
        0.5 * 212 / 216
    )  # 17-18 always miss


def test_gur_core_1_dec_650_a_turn_of_many_shots_is_sampled_not_walked() -> None:
    """GUR-CORE-1, G-5, DEC-650: every shot of a turn multiplies the paths of sums (twelve
    5d bursts: past 10**40), so the fast path hands over at its bound and `exact` answers by
    Monte Carlo with its sample count, as DEC-471 does for an action with no fast path."""
    from firefight.odds.api import FALLBACK_SAMPLES
    from firefight.probability.action_odds import NoFastPath
    from firefight.rulesets.gurps.odds.shot import FAST_PATHS

    burst = declare(Shoot, weapon="assault-rifle", skill=14, distance=50, shots=12)
    with pytest.raises(NoFastPath):
        shot_exact(burst)
    found = odds(None, burst)
    assert found.method == "monte carlo" and found.samples == FALLBACK_SAMPLES
    two = declare(Shoot, weapon="revolver-38", skill=16, distance=5, shots=2)
    with pytest.raises(NoFastPath):
        shot_exact(two)  # 81,200 paths of sums: more than a second's walk
    # The deepest single shot (HT rolls for a .30-06's wound) stays exact under the bound.
    deep = shot_exact(declare(Shoot, weapon="rifle-3006", skill=14, distance=50, hp=10, ht=10))
    assert deep.method == "fast exact" and deep.paths is not None and deep.paths <= FAST_PATHS


def test_gur_core_1_outcomes_are_worded_plainly() -> None:
    """GUR-CORE-1: an outcome read "1 hit(s) (critical): 8 injury, target unknown" when no HP
    were given; now "1 hit (critical): 8 injury", and the target's state when it is known."""
    from firefight.rulesets.gurps.odds.shot import ShotKey

    unknown = ShotKey(
        result="hit", hits=1, injury=8, critical=True, major_wound=False, state="unknown"
    )
    assert str(unknown) == "1 hit (critical): 8 injury"
    known = ShotKey(
        result="hit", hits=3, injury=20, critical=False, major_wound=True, state="stunned"
    )
    assert str(known) == "3 hits: 20 injury, major wound, target stunned"


def test_g_1_the_odds_tell_a_critical_miss_from_a_miss() -> None:
    """G-1: at effective skill 5 (a .38 at 10 yd aimed at the head) 15-18 is a critical
    failure, 20 of 216: the encounter's odds counted it as a fumble, `odds gurps shoot` folded
    it into P(miss). It is P(critical miss), and its own outcome."""
    shot = declare(Shoot, weapon="revolver-38", skill=14, distance=10, location="head")
    found = odds(None, shot)
    stats = {v.stat.name: v.value for v in odds_stats(found, shot)}
    assert math.isclose(stats["p_critical_miss"], 20 / 216)
    assert math.isclose(stats["p_miss"], 1 - stats["p_hit"])
    words = {str(k): p for k, p in found.probabilities.items()}
    assert math.isclose(words["critical miss"], 20 / 216)
