"""Odds of the rmu aimed shot: the generic exact engine, the fast exact path and Monte Carlo
agree, and a refused shot is refused the same way by every engine.

The generic engine runs the real resolver once per dice path, so its cases are chosen to keep
the paths to tens of thousands: chains are followed for 0 rerolls (depth 0), which cuts the
same 5% (and 10% of each breakage check) from both engines' answers -- the agreement is on
everything else. Monte Carlo rolls every chain to its end, so it is compared with the fast
path at its full depth (1e-13 cut off).
"""

from __future__ import annotations

import math
from dataclasses import fields, replace

import pytest

from firefight.dice import Dice
from firefight.errors import FirefightError, RuleRefusal
from firefight.geometry import CoverGrade
from firefight.odds.api import odds
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import enumerate_outcomes
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.odds.shot import (
    aimed_shot_exact,
    aimed_shot_sample,
    aimed_shot_stats_batch,
)
from firefight.rulesets.rmu.odds.views import (
    CANNOT_HIT,
    SHOT_STATS,
    BreakageView,
    ShotEffects,
    ShotView,
    default_data,
    shot_view,
)
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.struck import BreakageCheck, CriticalEffects, Strike
from firefight.rulesets.rmu.tripod import Recoil

DATA = default_data()


def generic(shot: AimedShot, depth: int = 0) -> Distribution[ShotView]:
    return enumerate_outcomes(
        lambda dice: resolve_aimed_shot(shot, dice, DATA), key=shot_view, depth=depth
    )


def assert_exact_agreement(shot: AimedShot, depth: int = 0) -> Distribution[ShotView]:
    slow, fast = generic(shot, depth), aimed_shot_exact(shot, DATA, depth=depth)
    assert set(slow.probabilities) == set(fast.probabilities)
    for view, p in slow.items():
        assert fast.probabilities[view] == pytest.approx(p, abs=1e-12), view
    assert fast.cut_off == pytest.approx(slow.cut_off, abs=1e-12)
    assert slow.mass + slow.cut_off == pytest.approx(1.0, abs=1e-12)
    return slow


def test_rmu_gen_5_rmu_gen_6_bare_target_generic_equals_fast() -> None:
    """RMU-GEN-5/6/7, RMU-GEN-8: hits, criticals by location, fumbles on the natural face."""
    slow = assert_exact_agreement(AimedShot(weapon="glock-17", ob=65, distance_ft=40))
    assert slow.probability(lambda v: v.result == "fumble") == pytest.approx(0.03)
    assert slow.probability(lambda v: v.severity is not None) > 0


def test_p_6_p_7_rifle_past_the_top_row_generic_equals_fast() -> None:
    """P-6 (critical roll +1 per 5 over 175) and P-7 (F = E + A on one roll), point blank."""
    shot = AimedShot(weapon="sks-46", ob=150, distance_ft=10, ranks=10)
    slow = assert_exact_agreement(shot)
    assert slow.probability(lambda v: v.severity == "F") > 0.5
    # RMU-GEN-8: 10 ranks take the fumble range from 01-03 to 01.
    assert slow.probability(lambda v: v.result == "fumble") == pytest.approx(0.01)


def test_rmu_gen_2_one_reroll_deep_generic_equals_fast() -> None:
    """RMU-GEN-2: with one reroll followed, 0.05 ** 2 is cut off in both engines."""
    shot = AimedShot(weapon="glock-17", ob=20, distance_ft=40, armor="AT 6")
    slow = assert_exact_agreement(shot, depth=1)
    assert slow.cut_off == pytest.approx(0.0025)


def test_rmu_arm_3_rmu_ammo_5_p_5_breakage_checks_generic_equals_fast() -> None:
    """RMU-ARM-3 (Impact where the vest covers), RMU-AMMO-5 and P-5 (the breakage check, its
    bands and the unmodified 66), RMU-BRK-1."""
    slow = assert_exact_agreement(
        AimedShot(weapon="glock-17", ob=78, distance_ft=40, armor="BA II")
    )
    assert slow.probability(lambda v: v.breakage is not None) > 0
    assert slow.probability(lambda v: v.critical_table == "ballistic-impact") > 0


def test_rmu_ammo_3_armor_piercing_defeats_ba_iii_generic_equals_fast() -> None:
    """RMU-AMMO-3: 7.62 AP defeats BA III: naked column, half hits, Armor Piercing criticals,
    and the worn plate still takes its breakage checks (RMU-BRK-2 running total)."""
    shot = AimedShot(
        weapon="sks-46",
        ob=12,
        distance_ft=150,
        armor="BA III",
        ammo="armor-piercing",
        armor_damage=-20,
        armor_quality=5,
    )
    slow = assert_exact_agreement(shot)
    assert slow.probability(lambda v: v.critical_table == "armor-piercing") > 0


@pytest.mark.parametrize(("prior", "beaten"), [(-30, False), (-31, True)])
def test_rmu_brk_2_beaten_open_past_minus_50_not_at_it_in_both_engines(
    prior: int, beaten: bool
) -> None:
    """RMU-BRK-2: a plate at -30 whose AP check costs -20 stands at -50, not past it, and still
    protects; at -31 the same check leaves -51, beaten open. The fast path agrees."""
    shot = AimedShot(
        weapon="sks-46",
        ob=12,
        distance_ft=150,
        armor="BA III",
        ammo="armor-piercing",
        armor_damage=prior,
        armor_quality=5,
    )
    slow = assert_exact_agreement(shot)
    checked = [v.breakage for v in slow.probabilities if v.breakage and v.breakage.penalty == -20]
    assert checked
    assert {(b.new_total, b.beaten_open) for b in checked} == {(prior - 20, beaten)}


def test_rmu_cov_6_stray_round_into_shielders_generic_equals_fast() -> None:
    """RMU-COV-5/6: a miss through people flies into one of them (a die picks), OB +0."""
    screen = BodyScreen(
        grade=CoverGrade.PARTIAL,
        shielders=(Bystander(name="Ana", armor="AT 10"), Bystander(name="Ben")),
    )
    slow = assert_exact_agreement(
        AimedShot(weapon="glock-17", ob=70, distance_ft=20, prepared=True, screen=screen)
    )
    hit = slow.probability(
        lambda v: v.shielder is not None and v.shielder.landing.severity is not None
    )
    assert hit > 0
    names = {v.shielder.name for v in slow if v.shielder is not None}
    assert names == {"Ana", "Ben"}


def test_v_1_a_kindred_target_and_shielder_generic_equals_fast() -> None:
    """V-1: a Kindred's criticals read one severity lower, and the fast path reads them as the
    resolver does, for the target and for a shielder a miss flies into. Before the fix the
    fast path read them at full severity (expected hits 18.34 against the resolver's 17.07)."""
    kindred = Defender(severity_steps=1)
    slow = assert_exact_agreement(
        AimedShot(weapon="glock-17", ob=90, distance_ft=20, defender=kindred)
    )
    mortal = generic(AimedShot(weapon="glock-17", ob=90, distance_ft=20))
    hits = [d.expected(lambda v: v.total_hits) for d in (slow, mortal)]
    assert hits[0] < hits[1]
    screen = BodyScreen(
        grade=CoverGrade.PARTIAL, shielders=(Bystander(name="Ana", defender=kindred),)
    )
    screened = assert_exact_agreement(
        AimedShot(weapon="glock-17", ob=70, distance_ft=20, prepared=True, screen=screen)
    )
    assert screened.probability(
        lambda v: v.shielder is not None and v.shielder.landing.severity is not None
    )


def test_rmu_cov_6_dec_708_stray_round_never_rolled_at_the_dead_in_the_odds() -> None:
    """RMU-COV-6, DEC-708: Ben lies dead in front of the target with Ana standing: his body
    still screens, but the odds, like the resolver, send a missed round only into Ana."""
    screen = BodyScreen(
        grade=CoverGrade.PARTIAL,
        shielders=(Bystander(name="Ana", armor="AT 10"), Bystander(name="Ben")),
        dead=("Ben",),
    )
    slow = assert_exact_agreement(
        AimedShot(weapon="glock-17", ob=70, distance_ft=20, prepared=True, screen=screen)
    )
    names = {v.shielder.name for v in slow if v.shielder is not None}
    assert names == {"Ana"}


def test_rmu_cov_8_hollowpoint_behind_soft_cover_generic_equals_fast() -> None:
    """RMU-COV-8 / RMU-AMMO-6: cover doubled against hollowpoint; RMU-DOD-1 DB behind cover."""
    shot = AimedShot(
        weapon="glock-17",
        ob=90,
        distance_ft=20,
        ammo="hollowpoint",
        cover=parse_cover("partial:soft"),
        defender=Defender(quickness_db=10, dodge_db=20),
    )
    assert_exact_agreement(shot)


def test_rmu_cov_4_fully_behind_impenetrable_cover_is_certain() -> None:
    shot = AimedShot(
        weapon="glock-17", ob=65, distance_ft=40, cover=parse_cover("full:impenetrable")
    )
    assert generic(shot).probabilities == {CANNOT_HIT: 1.0}
    assert aimed_shot_exact(shot, DATA).probabilities == {CANNOT_HIT: 1.0}
    assert aimed_shot_sample(shot, DATA, samples=10).probabilities == {CANNOT_HIT: 1.0}


def test_fast_path_cut_off_is_below_1e_12_at_its_default_depth() -> None:
    dist = aimed_shot_exact(AimedShot(weapon="glock-17", ob=65, distance_ft=40, armor="BA II"))
    assert dist.cut_off < 1e-12
    assert dist.mass + dist.cut_off == pytest.approx(1.0, abs=1e-12)


def test_p_6_every_total_past_the_top_row_keeps_its_mass_in_the_fast_path() -> None:
    """P-6: a total however far past the top row still lands there (DEC-870); the fast path
    used to drop every landing past 10**9 points, leaving a shot at +10**12 only its fumbles."""
    from firefight.trace import Modifier

    for extra in (999, 10**12):
        push = (Modifier(value=extra, label="GM", rule=None),)
        dist = aimed_shot_exact(AimedShot(weapon="glock-17", ob=65, distance_ft=40, extra=push))
        assert dist.mass + dist.cut_off == pytest.approx(1.0, abs=1e-12)
        assert dist.probability(lambda v: v.severity == "E") == pytest.approx(0.97)


MONTE_CARLO_CASES = [
    AimedShot(weapon="glock-17", ob=65, distance_ft=40, armor="BA II"),
    AimedShot(weapon="sks-46", ob=120, distance_ft=150, armor="BA III", ammo="armor-piercing"),
    AimedShot(
        weapon="glock-17",
        ob=90,
        distance_ft=40,
        screen=BodyScreen(grade=CoverGrade.HALF, shielders=(Bystander(name="Ana", armor="BA I"),)),
    ),
]


@pytest.mark.parametrize("shot", MONTE_CARLO_CASES, ids=["ba-ii", "ap-ba-iii", "screened"])
def test_rmu_gen_2_monte_carlo_agrees_with_exact_within_5_standard_errors(
    shot: AimedShot,
) -> None:
    """10^6 shots, every die rolled as the resolver rolls it (RMU-GEN-2 chains to the end)."""
    exact = aimed_shot_exact(shot, DATA)
    sampled = aimed_shot_sample(shot, DATA, samples=1_000_000, seed=11)
    assert sampled.samples == 1_000_000
    for stat in SHOT_STATS:
        mean = exact.expected(stat.read)
        error = math.sqrt(exact.variance(stat.read) / 1_000_000)
        assert abs(sampled.expected(stat.read) - mean) <= 5 * error + 1e-12, stat.name
    # Outcome by outcome, wherever at least 100 samples are expected.
    for view, p in exact.items():
        if p * 1_000_000 >= 100:
            error = math.sqrt(p * (1 - p) / 1_000_000)
            assert abs(sampled.probabilities.get(view, 0.0) - p) <= 5 * error, view


UNBRACED = AimedShot(weapon="m2hb", ob=120, distance_ft=100, strength_bonus=5)


@pytest.mark.parametrize(("column", "steps"), [("AT 1", 0), ("AT 8", 0), ("AT 1", 1)])
def test_rmu_tri_2_recoil_on_the_shooter_generic_equals_fast(column: str, steps: int) -> None:
    """RMU-TRI-2: the recoil's own attack (Large, +5 per ME, triple Strength as defense, read
    on the shooter's own naked column) through the fast path's body model equals the generic
    enumeration of resolve_recoil; on a Kindred shooter too, whose criticals read one lower
    (V-1)."""
    from firefight.rulesets.rmu.odds.shot import _body, _recoil
    from firefight.rulesets.rmu.shot import prepare_aimed_shot
    from firefight.rulesets.rmu.tripod import resolve_recoil
    from firefight.trace import TraceBuilder

    unbraced = replace(UNBRACED, shooter_naked_column=column, shooter_severity_steps=steps)
    prep = prepare_aimed_shot(unbraced, DATA)
    recoil = _recoil(prep)
    assert recoil is not None
    assert recoil.body.plan.column == column

    def run(dice: Dice) -> Recoil:
        return resolve_recoil(
            shooter="shooter",
            weapon=prep.weapon,
            strength_bonus=5,
            naked_column=column,
            dice=dice,
            data=DATA,
            trace=TraceBuilder(),
            severity_steps=steps,
        )

    slow = enumerate_outcomes(
        run,
        key=lambda r: (recoil.shift(_view(r.report.landing)), sum(m.value for m in r.modifiers)),
        depth=0,
    )
    fast, cut = _body(DATA, recoil.body).distribution(recoil.modifier_total, 0)
    shifts: dict[tuple[int, int], float] = {}
    for view, p in fast.items():
        key = (recoil.shift(view), recoil.shift(view))
        shifts[key] = shifts.get(key, 0.0) + p
    assert set(shifts) == set(slow.probabilities)
    for key, p in slow.items():
        assert shifts[key] == pytest.approx(p, abs=1e-12)
    assert cut == pytest.approx(slow.cut_off, abs=1e-12)


def _view(landing: Strike) -> ShotView:
    from firefight.rulesets.rmu.odds.views import _landing_view

    return _landing_view(landing)


def test_rmu_tri_2_unbraced_shot_monte_carlo_agrees_with_exact() -> None:
    """RMU-TRI-2: the shot is a mixture over what the recoil did; 10^6 samples."""
    exact = aimed_shot_exact(UNBRACED, DATA)
    sampled = aimed_shot_sample(UNBRACED, DATA, samples=1_000_000, seed=2)
    assert exact.probability(lambda v: v.recoil is not None) == pytest.approx(1.0, abs=1e-12)
    for stat in SHOT_STATS:
        mean = exact.expected(stat.read)
        error = math.sqrt(exact.variance(stat.read) / 1_000_000)
        assert abs(sampled.expected(stat.read) - mean) <= 5 * error + 1e-12, stat.name


def test_monte_carlo_is_seeded() -> None:
    shot = MONTE_CARLO_CASES[0]
    a = aimed_shot_sample(shot, DATA, samples=50_000, seed=5)
    b = aimed_shot_sample(shot, DATA, samples=50_000, seed=5)
    c = aimed_shot_sample(shot, DATA, samples=50_000, seed=6)
    assert a.probabilities == b.probabilities
    assert a.probabilities != c.probabilities


def test_batch_stats_equal_one_shot_at_a_time() -> None:
    shots = [
        replace(MONTE_CARLO_CASES[0], ob=ob, armor=armor)
        for ob in (0, 50, 120)
        for armor in ("AT 1", "BA II", "BA IV")
    ]
    batch = aimed_shot_stats_batch(shots, DATA)
    for shot, row in zip(shots, batch, strict=True):
        assert not isinstance(row, FirefightError)
        single = aimed_shot_exact(shot, DATA)
        assert row == pytest.approx([single.expected(s.read) for s in SHOT_STATS], abs=1e-12)


REFUSED = [
    AimedShot(weapon="glock-17", ob=65, distance_ft=40, ap=4),
    AimedShot(weapon="glock-17", ob=65, distance_ft=400),
    AimedShot(weapon="m2hb", ob=65, distance_ft=40, mounted=True, ammo="armor-piercing"),
    AimedShot(weapon="glock-17", ob=65, distance_ft=40, situational=("moonlight",)),
    AimedShot(weapon="glock-17", ob=65, distance_ft=40, armor="BA II", armor_damage=10),
]


@pytest.mark.parametrize("shot", REFUSED, ids=["ap", "range", "no-ap-load", "situation", "damage"])
@pytest.mark.parametrize("method", ["exact", "generic", "monte-carlo"])
def test_rmu_gen_1_a_refused_shot_is_refused_alike_by_every_engine(
    shot: AimedShot, method: str
) -> None:
    """RMU-GEN-1, RMU-GEN-4, RMU-AMMO-2, R-1, RMU-BRK-2: same rule, same sentence."""
    with pytest.raises(RuleRefusal) as resolving:
        resolve_aimed_shot(shot, _no_dice(), DATA)
    with pytest.raises(RuleRefusal) as asking:
        odds(None, shot, method=method, samples=1000)  # type: ignore[arg-type]
    assert (asking.value.rule, asking.value.reason) == (
        resolving.value.rule,
        resolving.value.reason,
    )


def _no_dice() -> Dice:
    return Dice.scripted([])


def test_batch_keeps_each_refusal() -> None:
    found = aimed_shot_stats_batch([MONTE_CARLO_CASES[0], REFUSED[1]], DATA)
    assert isinstance(found[1], RuleRefusal) and found[1].rule == "RMU-GEN-4"
    assert not isinstance(found[0], FirefightError)


# --- DEC-105: a fumble's 66 sends a round toward the named ally -------------------------------


@pytest.mark.parametrize("distance", [25.0, 500.0], ids=["in-reach", "out-of-reach"])
def test_rmu_gen_8_dec_105_the_fumbles_ally_round_generic_equals_fast(distance: float) -> None:
    """With an ally named, a fumble reads the Firearm Fumble table and its 66 sends a round
    toward them (OB +0, their distance's band): the fast path and the generic engine agree on
    every outcome, the ally's landings included; past the last band the round does not reach."""
    ally = Ally(who=Bystander(name="Ana", armor="BA II"), distance_ft=distance)
    slow = assert_exact_agreement(AimedShot(weapon="glock-17", ob=40, distance_ft=40, ally=ally))
    sent = slow.probability(lambda v: v.ally is not None)
    fumbled = slow.probability(lambda v: v.result == "fumble")
    # One d100 face in a hundred reads the 66; in reach, the ally round's own open-ended roll
    # loses what lies past depth 0 to the cut-off.
    if distance > 150:
        assert sent == pytest.approx(fumbled / 100)
    else:
        assert 0.9 * fumbled / 100 < sent < fumbled / 100
    landed = {v.ally.landing.result for v in slow if v.ally is not None}
    assert landed == ({"out of reach"} if distance > 150 else {"hit", "miss"})


def test_dec_105_monte_carlo_rolls_the_ally_round_too() -> None:
    ally = Ally(who=Bystander(name="Ana"), distance_ft=25)
    shot = AimedShot(weapon="glock-17", ob=40, distance_ft=40, ally=ally)
    exact = aimed_shot_exact(shot, DATA)
    sampled = aimed_shot_sample(shot, DATA, samples=1_000_000, seed=5)
    read = next(s.read for s in SHOT_STATS if s.name == "p_ally_hit")
    mean = exact.expected(read)
    assert mean > 0
    error = math.sqrt(exact.variance(read) / 1_000_000)
    assert abs(sampled.expected(read) - mean) <= 5 * error


def test_each_rmu_action_is_registered_alike_alone_and_among_all() -> None:
    """The odds of one rmu action import the registrations of its group alone (issue 19):
    each type the whole list registers is found by itself, under the same name, and a type
    rmu does not register is not."""
    from firefight.rulesets.rmu.odds import registration, registrations

    every = registrations()
    assert len(every) == 11
    for entry in every:
        alone = registration(entry.action_type)
        assert alone is not None, entry.name
        assert (alone.name, alone.action_type) == (entry.name, entry.action_type)
    assert registration(int) is None


def test_rmu_gen_7_rmu_brk_1_the_odds_key_keeps_every_effect_the_resolver_adds_up() -> None:
    """RMU-GEN-7, RMU-BRK-1: the odds key's effects are the resolver's, field for field, and
    its breakage view the check's but for its roll; a field added to one and not the other
    would merge outcomes that differ in it. (They are NamedTuples for the fast path's
    hashing: as the frozen dataclasses themselves, the M2HB's odds cost 1.9% more.)"""
    assert ShotEffects._fields == tuple(f.name for f in fields(CriticalEffects))
    rolled = tuple(f.name for f in fields(BreakageCheck) if f.name != "check_total")
    assert BreakageView._fields == rolled
