"""gurps read against seed 002 rule by rule: the outcomes a mutation audit found no other test
asserting (GUR-MOD-1, GUR-OPP-1, GUR-IND-2, ...). Every figure is worked by hand from 002 and
RULINGS G-1..G-5, not read off the code."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.gurps.archery import HearBow, resolve_hear_bow
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA, GurpsData, Location
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.setup import ShotSetup, settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult
from gurps_support import GURPS, YARD, opened


def setup(**values: Any) -> ShotSetup:
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 14)
    values.setdefault("distance", 2)
    return settle(declare(Shoot, **values), DATA)


def by_label(**values: Any) -> dict[str, int]:
    return {m.label: m.value for m in setup(**values).modifiers}


def refused(rule: str, **values: Any) -> str:
    with pytest.raises(RuleRefusal) as caught:
        setup(**values)
    assert caught.value.rule == rule
    return str(caught.value)


def shoot(faces: list[int], **values: Any) -> Outcome[ShotResult]:
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 14)
    values.setdefault("distance", 2)
    return resolve_shot(declare(Shoot, **values), Dice.scripted(faces))


# --- GUR-MOD-1 --------------------------------------------------------------------------------


def test_gur_mod_1_nearsighted_counts_twice_beyond_half_d_and_once_within() -> None:
    """Nearsighted -3 with a 12-gauge (1/2D 25 yd): -6 at 30 yd, beyond 1/2D; -3 at 20 yd."""
    label = "nearsighted (doubled beyond 1/2D)"
    far = by_label(weapon="shotgun-12", distance=30, mods=("nearsighted=-3",))
    near = by_label(weapon="shotgun-12", distance=20, mods=("nearsighted=-3",))
    assert (far[label], near[label]) == (-6, -3)


# --- GUR-OPP-1 --------------------------------------------------------------------------------


@pytest.mark.parametrize("watch", ["2", "3", "line"])
def test_gur_opp_1_no_aim_while_watching_more_than_one_hex(watch: str) -> None:
    """Aiming while waiting is for one watched hex only: two hexes, three or a line refuse it."""
    refused("GUR-OPP-1", opportunity=watch, aim=1)


# --- GUR-IND-2 --------------------------------------------------------------------------------


def test_gur_ind_2_a_scatter_landing_exactly_at_max_range_still_lands() -> None:
    """A knife (ST 10: 1/2D 5 yd, Max 15 yd) lobbed at 12 yd by skill 18: 18 - 5 (12 yd) = 13,
    no snap shot (SS 11). A 16 misses by 3: 3 yd off (less than half of 12), hex side 1,
    straight on beyond the target: 12 + 3 = 15 yd, exactly Max, so it lands there."""
    out = shoot([6, 5, 5, 1], weapon="thrown-knife", skill=18, distance=12)
    missed = out.result.shots[0]
    assert (missed.target, missed.missed_by, missed.scatter_yd, missed.scatter_direction) == (
        13,
        3,
        3,
        1,
    )
    assert missed.path != "lost past its Max range"


# --- GUR-RANGE-1 ------------------------------------------------------------------------------


def test_gur_range_1_a_crosswind_counts_only_beyond_half_d() -> None:
    """A .38 (1/2D 120 yd) with a 30 yd/s crosswind: at 100 yd, inside 1/2D, the wind is no
    speed and the table reads 100 yd, -10; at 125 yd, beyond it, 125 + 30 = 155 yd reads the
    200 yd row, -12, where the distance alone would read -11."""
    near = [m.value for m in setup(distance=100, crosswind=30).modifiers if m.rule == "G-2"]
    far = [m.value for m in setup(distance=125, crosswind=30).modifiers if m.rule == "GUR-RANGE-1"]
    assert (near, far) == ([-10], [-12])


# --- GUR-CORE-1: 1/2D ----------------------------------------------------------------------


def test_gur_core_1_damage_is_halved_only_beyond_half_d_not_at_it() -> None:
    """A 12-gauge (4d, 1/2D 25 yd) hitting an unarmored target with 3, 3, 3, 3 (12 crushing):
    at 25 yd, the 1/2D itself, the 12 stands; at 26 yd it is halved to 6. Skill 20 aimed for a
    turn: 20 + 5 (Acc) - 7 (26 yd, the 30 yd row) = 18, so a 9 hits either way."""
    at = shoot([3, 3, 3, 3, 3, 3, 3], weapon="shotgun-12", skill=20, distance=25, aim=1)
    past = shoot([3, 3, 3, 3, 3, 3, 3], weapon="shotgun-12", skill=20, distance=26, aim=1)
    assert (at.result.injury, past.result.injury) == (12, 6)


# --- GUR-GUN-1 --------------------------------------------------------------------------------


def test_gur_gun_1_a_lengthened_barrel_is_minus_2_to_fast_draw() -> None:
    """A .45 with its barrel lengthened to 9-15": Fast-Draw 12 - 2 = 10, so an 11 misses (a
    Ready second spent) and a 10 is made (drawn at once)."""
    missed = resolve_draw(
        declare(Draw, weapon="pistol-45", fast_draw=12, barrel="long"), Dice.scripted([5, 5, 1])
    )
    made = resolve_draw(
        declare(Draw, weapon="pistol-45", fast_draw=12, barrel="long"), Dice.scripted([4, 5, 1])
    )
    assert (missed.result.seconds, made.result.seconds) == (1, 0)


# --- GUR-LOC-1 --------------------------------------------------------------------------------


def test_gur_loc_1_an_automatic_weapon_without_recoil_aims_every_shot() -> None:
    """Only an automatic weapon with a recoil penalty sends shots to random locations: a laser
    made automatic (RoF 10, Rcl 0) fires six shots at 2 yd, skill 14, each a 9 and a 3 on
    1d+2: 5 impaling, x2 = 10 to the body each, 60 in all, no location rolled."""
    data = GurpsData()
    laser = DATA.weapons["laser-pistol"].model_copy(update={"rof": "10"})
    vars(data)["weapons"] = {**DATA.weapons, "laser-pistol": laser}
    out = resolve_shot(
        declare(Shoot, weapon="laser-pistol", skill=14, distance=2, shots=6),
        Dice.scripted([3, 3, 3, 3] * 6 + [6] * 12),
        data,
    )
    assert [s.location for s in out.result.shots] == ["body"] * 6
    assert out.result.injury == 60


# --- GUR-AMMO-1 -------------------------------------------------------------------------------


def test_gur_ammo_1_a_blank_hurts_only_at_1_hex() -> None:
    """A blank from a .38 that hits (9 against 14) does 1 at 1 yd and nothing at 2 yd, whatever
    the 2d rolls (6, 6)."""
    at_1 = shoot([3, 3, 3, 6, 6], ammo="blank", distance=1)
    at_2 = shoot([3, 3, 3, 6, 6], ammo="blank", distance=2)
    assert (at_1.result.injury, at_2.result.injury) == (1, 0)


def test_gur_ammo_1_each_missile_of_a_dual_bullet_is_a_die_less() -> None:
    """A 9 mm (2d+1) loaded with dual bullets: each missile does 1d+1. Both hit (9, then 9
    with +2) and roll 4: 5 + 5 = 10 crushing to the body. A .44 Magnum's 3d: 2d each."""
    loaded = setup(weapon="pistol-9mm", ammo="dual")
    out = shoot([3, 3, 3, 4, 3, 3, 3, 4], weapon="pistol-9mm", ammo="dual")
    assert (loaded.damage.dice, loaded.damage.adds, out.result.injury) == (1, 1, 10)
    magnum = setup(weapon="revolver-44", ammo="dual")
    assert (magnum.damage.dice, magnum.damage.adds) == (2, 0)


def test_gur_ammo_1_a_rifle_flechette_keeps_two_thirds_of_its_acc() -> None:
    """A .30-06 (Acc 10) firing flechettes aims with 2/3 of it, 6 (rounded down); a 12-gauge
    keeps its whole Acc 5."""
    rifle = setup(weapon="rifle-3006", ammo="flechette", aim=1, distance=10)
    shotgun = setup(weapon="shotgun-12", ammo="flechette", aim=1, distance=10)
    assert [m.value for m in rifle.modifiers if m.label.startswith("aimed: Acc")] == [6]
    assert [m.value for m in shotgun.modifiers if m.label.startswith("aimed: Acc")] == [5]


def test_gur_ammo_1_white_phosphorus_reaches_6_hexes_from_the_muzzle() -> None:
    """The phosphorus block runs 6 hexes (18 ft) out: Dan standing at 18 ft (his body from 17
    ft) burns, 4d of 2s = 8; Fay at 19.5 ft (from 18.5 ft) does not. Bob, the target at 15 ft,
    takes 4d of 1s = 4."""
    scene = """
[scenario]
title = "Porch"
ruleset = "gurps"

[[combatant]]
name = "Ann"
position = [0, 0]

[[combatant.weapon]]
weapon = "shotgun-12"
skill = 12
ammo = "white-phosphorus"

[[combatant]]
name = "Bob"
position = [0, 15]
hp = 30

[[combatant]]
name = "Dan"
position = [0, 18]
hp = 30

[[combatant]]
name = "Fay"
position = [0, 19.5]
hp = 30
"""
    faces = [1] * 4 + [2] * 4 + [3] * 4
    out = engine.act(opened(scene), "Ann shoots Bob", GURPS, Dice.scripted(faces))
    lost = {n: gurps_stats(out.state.combatant(n)).lost for n in ("Bob", "Dan", "Fay")}
    assert lost == {"Bob": 4, "Dan": 8, "Fay": 0}


# --- GUR-ARROW-1 ------------------------------------------------------------------------------


def test_gur_arrow_1_vibration_dampers_cost_the_listener_2() -> None:
    """Hearing 12 with vibration dampers on the bow is a roll against 10: an 11 does not hear
    it, a 10 does."""
    missed = resolve_hear_bow(declare(HearBow, hearing=12, dampers=True), Dice.scripted([5, 5, 1]))
    heard = resolve_hear_bow(declare(HearBow, hearing=12, dampers=True), Dice.scripted([4, 5, 1]))
    assert (missed.result.heard, heard.result.heard) == (False, True)


def test_gur_arrow_1_dec_766_a_bow_shot_faster_still_fires_every_2_seconds_at_best() -> None:
    """A longbow (2 s to reload, fires every 3) and a Bow roll of 5 against 17, made by 12:
    four seconds off, but the reload keeps its 1 second, so it fires every 2 (DEC-766)."""
    out = resolve_reload(
        declare(Reload, weapon="longbow", skill=17), Dice.scripted([1, 1, 3])
    ).result
    assert (out.seconds, out.fire_every) == (1, 2)


# --- GUR-CORE-1 -------------------------------------------------------------------------------


def test_gur_core_1_a_cutting_roll_does_at_least_1() -> None:
    """A bow with a leaf head (cutting, thrust+3) drawn at ST 5 (thrust 1d-5) rolls 1d-2: a 1
    comes to -1, but a cutting roll does at least 1, and 1 x 1.5 = 1 (rounded down) against
    no armor. A crushing blunt head at the same ST (1d-6) rolls 0 and does nothing."""
    leaf = shoot([3, 3, 3, 1], weapon="bow", arrow="leaf", st=5)
    blunt = shoot([3, 3, 3, 1], weapon="bow", arrow="blunt", st=5)
    assert (leaf.result.injury, blunt.result.injury) == (1, 0)


def test_gur_core_1_an_impaling_roll_does_at_least_1_then_doubles() -> None:
    """An impaling roll, like a cutting one, does at least 1: a target head (thrust-1,
    impaling) drawn at ST 5 (thrust 1d-5) rolls 1d-6, a 1 comes to -5, raised to 1; against
    no armor impaling doubles it to 2."""
    target_head = shoot([3, 3, 3, 1], weapon="bow", arrow="target", st=5)
    assert target_head.result.injury == 2


def test_gur_core_1_a_death_check_at_minus_4_times_hp() -> None:
    """HP 10, down to -36 already; a .38 hit (9 against 14) for 2d-1 of 3, 3 = 5 takes him to
    -41, past -4 x HP (-40) but short of -5 x HP: a death check on HT 10, and an 18 fails it.
    5 is no major wound (not over HP/2), and he was below 0 already: no other roll."""
    out = shoot([3, 3, 3, 3, 3, 6, 6, 6], hp=10, ht=10, injured=46)
    assert out.result.condition is not None
    assert (out.result.condition.hp_left, out.result.condition.state) == (-41, "dead")


def test_gur_core_1_a_stunned_target_defends_at_minus_4() -> None:
    """Dodge 10, stunned: a dodge roll against 6, so a 7 fails and the .38's hit lands."""
    out = shoot([3, 3, 3, 2, 2, 3, 3, 3], defense="dodge", defense_value=10, stunned=True)
    assert (out.result.result, out.result.injury) == ("hit", 5)


def test_gur_core_1_a_thrown_knife_is_parried_at_minus_1() -> None:
    """Parry 10 against a thrown knife: a roll against 9, and a 9 knocks it away."""
    out = shoot(
        [3, 3, 3, 3, 3, 3, 3],
        weapon="thrown-knife",
        defense="parry",
        defense_value=10,
    )
    assert out.result.result == "defended"


def test_gur_core_1_dec_208_a_parry_10_against_a_thrown_knife_fails_on_a_10() -> None:
    """DEC-208: parrying a thrown weapon is at -1, so Parry 10 rolls against 9 and a 10 (that
    a plain Parry 10 would make) fails: the knife hits."""
    out = shoot(
        [3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3],
        weapon="thrown-knife",
        defense="parry",
        defense_value=10,
    )
    assert out.result.result == "hit"
    parry = next(e for e in out.trace.to_json() if e.get("label") == "parry")
    assert parry["value"] == 9


def test_gur_core_1_the_brain_multiplies_a_larger_wound_by_exactly_4() -> None:
    """A .38 aimed at the brain for 2d-1 of 4, 4 = 7: the skull stops 2, and 5 x 4 = 20
    injury (a x4.25 would make 21)."""
    out = shoot([3, 3, 3, 4, 4, 3, 3, 3, 3, 3, 3], skill=20, location="brain")
    assert out.result.injury == 20


def test_gur_core_1_the_skull_is_dr_2_before_the_brains_x4() -> None:
    """A .38 aimed at the brain, skill 20 - 7 = 13: a 9 hits for 2d-1 of 3, 3 = 5; the skull
    stops 2, and 3 x 4 = 12 injury."""
    out = shoot([3, 3, 3, 3, 3], skill=20, location="brain")
    assert (out.result.effective_skill, out.result.injury) == (13, 12)


@pytest.mark.parametrize(
    ("location", "penalty"),
    [
        ("eyes", -9),
        ("brain", -7),
        ("head", -5),
        ("hand", -4),
        ("foot", -4),
        ("vitals", -3),
        ("near-arm", -2),
        ("near-leg", -2),
        ("body", 0),
    ],
)
def test_gur_core_1_gur_loc_1_a_called_location_costs_its_3e_penalty(
    location: str, penalty: int
) -> None:
    """An aimed-at location's penalty (the 3e table): a .38 at 2 yd, skill 20."""
    assert setup(skill=20, location=location).skill == 20 + penalty


def test_gur_core_1_a_hand_is_crippled_past_a_third_of_hp() -> None:
    """HP 12: a hand is crippled by more than 4 (HP/3) and keeps just 5 of a .38's 2d-1 of 6,
    6 = 11 crushing; a near arm (over HP/2, 6) keeps 7, a major wound his HT 18 shrugs off."""
    hand = shoot([3, 3, 3, 6, 6], skill=20, location="hand", hp=12, ht=18)
    arm = shoot([3, 3, 3, 6, 6, 3, 3, 3], skill=20, location="near-arm", hp=12, ht=18)
    assert (hand.result.injury, arm.result.injury) == (5, 7)


def test_gur_core_1_a_brain_wound_of_exactly_a_third_of_hp_does_not_stun() -> None:
    """HP 12: the brain stuns on a wound over HP/3, so over 4. A .38's 2d-1 of 2, 2 = 3 leaves
    1 past the skull, x4 = 4: not over 4, so no stun, and no major wound (not over 6)."""
    out = shoot([3, 3, 3, 2, 2], skill=20, location="brain", hp=12, ht=18)
    assert out.result.condition is not None
    assert (out.result.injury, out.result.condition.state) == (4, "up")


def test_gur_core_1_a_bullet_in_the_vitals_does_triple() -> None:
    """Vitals take a bullet's or an impaling wound x3: a .38 aimed there (20 - 3 = 17) hits
    for 2d-1 of 3, 3 = 5 crushing, 15 injury; the same 5 to the body is 5."""
    vitals = shoot([3, 3, 3, 3, 3], skill=20, location="vitals")
    body = shoot([3, 3, 3, 3, 3], skill=20)
    assert (vitals.result.injury, body.result.injury) == (15, 5)


def test_gur_core_1_swing_at_st_13_is_2d_minus_1() -> None:
    """The 3e damage table: ST 13 swings for 2d-1 (a sling's damage) and thrusts for 1d."""
    sling = setup(weapon="sling", st=13)
    assert (sling.damage.dice, sling.damage.adds) == (2, -1)
    knife = setup(weapon="thrown-knife", st=13)
    assert (knife.damage.dice, knife.damage.adds) == (1, 0)


@pytest.mark.parametrize(("table", "injury"), [(5, 15), (6, 10), (9, 5)])
def test_gur_core_1_a_critical_hit_triples_or_doubles_the_basic_damage(
    table: int, injury: int
) -> None:
    """A 3 is a critical hit; on the critical hit table 5 triples the damage, 6 doubles it, 9
    leaves it: a .38's 2d-1 of 3, 3 = 5 crushing to the body becomes 15, 10 or 5."""
    table_faces = [1, 1, table - 2] if table <= 8 else [3, 3, table - 6]
    out = shoot([1, 1, 1, *table_faces, 3, 3])
    assert (out.result.critical, out.result.injury) == (True, injury)


def test_gur_ammo_1_an_ape_round_under_6_dice_never_bursts_in_the_wound() -> None:
    """The wound burst is +1d per 6d of basic damage: an assault rifle's 5d APE round that does
    not burst on contact (6) and goes in does its 5 (all 1s) and rolls nothing more."""
    out = shoot(
        [3, 3, 3, 1, 1, 1, 1, 1, 6], weapon="assault-rifle", ammo="ape", skill=14, distance=2
    )
    assert out.result.injury == 5


def test_gur_ammo_1_flechettes_leave_flexible_armor_under_dr_2_as_it_is() -> None:
    """Mail or Kevlar stops only 2 of a flechette; a flexible DR 1 stays 1. A .38 flechette
    (impaling) of 2d-1 = 5 through DR 1: 4, x2 = 8."""
    out = shoot([3, 3, 3, 3, 3], ammo="flechette", armor="leather", dr=1)
    assert out.result.injury == 8


def test_gur_arrow_1_range_is_the_bowmans_st_not_the_bows() -> None:
    """A longbow (1/2D ST x 15, Max ST x 20) rated ST 12 drawn by an ST 10 archer: 150 and
    200 yd, his ST's, at -2 to hit for the bow too strong."""
    drawn = setup(weapon="longbow", st=10, bow_st=12, distance=10)
    assert (drawn.half_damage, drawn.max_range) == (150, 200)
    assert [m.value for m in drawn.modifiers if m.label == "bow too strong"] == [-2]


def test_gur_loc_1_a_blind_shot_takes_no_aim() -> None:
    """Shooting blind gets no bonus for aiming."""
    assert "cannot be aimed" in refused("GUR-LOC-1", blind=True, aim=1)


def _dodge_against_ann(lost: int) -> object:
    """Bob's dodge total when Ann's .38 hits him (9 against 10), Bob having lost ``lost`` HP."""
    state = opened(YARD)
    bob = state.combatant("Bob")
    state = state.with_combatant(replace(bob, stats=replace(gurps_stats(bob), lost=lost)))
    out = engine.act(state, "Ann shoots Bob", GURPS, Dice.scripted([3] * 14))
    return next(e["value"] for e in out.record.trace if e.get("label") == "dodge")


def test_gur_core_1_dodge_is_halved_at_3_hp_or_less() -> None:
    """Bob, HP 12 and Dodge 5 (his Move): with 3 HP left he dodges at 2 (5 halved, rounded
    down); with 4 left, at 5."""
    assert (_dodge_against_ann(9), _dodge_against_ann(8)) == (2, 5)


def test_gur_core_1_a_torso_knockout_on_the_body_knocks_out_without_tripling() -> None:
    """A critical hit (3) and a 3 on the critical hit table on a body hit: the target is knocked
    out and the .38's 2d-1 of 3, 3 = 5 stays 5 (the triple is for a hit elsewhere)."""
    out = shoot([1, 1, 1, 1, 1, 1, 3, 3], hp=20, ht=10)
    assert out.result.condition is not None
    assert (out.result.injury, out.result.condition.state) == (5, "unconscious")


def test_gur_ind_1_a_beam_is_never_lobbed() -> None:
    """A beam weapon cannot be fired indirectly, and says so."""
    assert "beam weapon" in refused("GUR-IND-1", weapon="laser-pistol", indirect=True)


def test_gur_elev_1_a_beam_ignores_the_height_a_bullet_gains_from() -> None:
    """20 yd above the target at 40 yd: a .38 counts 40 - 20 / 2 = 30 yd, a laser 40."""
    assert (
        setup(distance=40, elevation=20).distance,
        setup(weapon="laser-pistol", distance=40, elevation=20).distance,
    ) == (30, 40)


def test_gur_elev_1_dec_868_an_odd_yard_of_height_counts_half_a_yard() -> None:
    """DEC-868: 3 yd above the target at 20 yd counts 20 - 3 / 2 = 18.5 yd, not 19 (whole
    pairs of yards only); a scene's heights are seldom whole yards."""
    assert setup(distance=20, elevation=3).distance == 18.5
    assert setup(distance=20, elevation=1).distance == 19.5


def test_gur_core_1_a_brain_wound_over_a_third_of_hp_stuns_and_over_half_knocks_out() -> None:
    """HP 18: a .38's 2d-1 of 2, 3 = 4 leaves 2 past the skull, x4 = 8: over 6 (HP/3), so
    stunned, not over 9 (HP/2), so not knocked out, and no major wound. Of 3, 3 = 5: 3 past
    the skull, x4 = 12, over 9: knocked out."""
    stunned = shoot([3, 3, 3, 2, 3], skill=20, location="brain", hp=18, ht=18)
    out = shoot([3, 3, 3, 3, 3, 3, 3, 3], skill=20, location="brain", hp=18, ht=18)
    assert stunned.result.condition is not None and out.result.condition is not None
    assert (stunned.result.injury, stunned.result.condition.state) == (8, "stunned")
    assert (out.result.injury, out.result.condition.state) == (12, "unconscious")


def test_gur_loc_1_a_share_of_hp_is_read_exactly_and_a_bad_one_refused() -> None:
    """core.toml writes HP/3 as 0.3333333333: it is read as exactly a third, and a
    share given as true, inf or nan is refused with the field named."""
    assert DATA.location("hand").cripple_over == Fraction(1, 3)
    assert DATA.location("brain").stun_over == Fraction(1, 3)
    assert DATA.location("foot").cripple_over == Fraction(1, 3)
    for bad in (True, float("inf"), float("nan")):
        with pytest.raises(ValidationError, match="stun_over"):
            Location(key="odd", rolls=[3], penalty=0, stun_over=bad)
