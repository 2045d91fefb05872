"""Emptying the gun: rapid fire, its preparation, the 5° cone and the bodies in it
(RMU-RF-1..13, RMU-SK-1, RULINGS F-1..F-3, F-6, S-2, S-3, P-2)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice, Roll
from firefight.errors import RuleRefusal
from firefight.events import RoundsFired
from firefight.geometry import BURST_HALF_ANGLE_DEG, Point, Posture, Size, burst_cone
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData, Weapon, WeaponAction
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.events import ActionPointsSpent, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.fire_results import (
    BurstTarget,
    ConeOutOfReach,
    PersonAttacked,
    PreparationResult,
    RapidFireResult,
)
from firefight.rulesets.rmu.firearm_data import bullet_bonus, firearm_figures, rate_class
from firefight.rulesets.rmu.firearm_events import (
    PreparationWasted,
    RapidFireFired,
    RapidFirePrepared,
    WeaponMalfunctioned,
)
from firefight.rulesets.rmu.rapid_fire import (
    GunState,
    RapidFire,
    RapidFirePreparation,
    carried_bonus,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.struck import Struck
from firefight.rulesets.rmu.volley import Person
from firefight.trace import Total

DATA = RmuData()
MUZZLE = Point(x_ft=0, y_ft=0)


def at(x: float, y: float) -> Point:
    return Point(x_ft=x, y_ft=y)


def prepare(decl: RapidFirePreparation, *faces: int) -> Outcome[PreparationResult]:
    return resolve_rapid_fire_preparation(decl, Dice.scripted(faces), DATA)


def fire(decl: RapidFire, *faces: int) -> Outcome[RapidFireResult]:
    """Resolve with the given faces, then 50s for any die a test does not care about."""
    return resolve_rapid_fire(decl, Dice.scripted([*faces, *[50] * 30]), DATA)


def total_against(out: Outcome, name: str) -> Total:
    return next(
        e for e in out.trace if isinstance(e, Total) and e.label == f"attack total against {name}"
    )


def parts(out: Outcome, name: str) -> dict[str, int]:
    return {p.rule or p.label: p.value for p in total_against(out, name).parts}


def targets(out: Outcome[RapidFireResult]) -> dict[str, BurstTarget | ConeOutOfReach]:
    return {t.name: t for t in out.result.targets}


def person(out: Outcome[RapidFireResult], name: str) -> PersonAttacked:
    """The attack on ``name``, whom the burst reached."""
    found = targets(out)[name]
    assert isinstance(found, BurstTarget)
    return found.person


def struck(out: Outcome[RapidFireResult], name: str) -> Struck:
    """What the burst did to ``name``, whom it hit."""
    landing = person(out, name).landing
    assert isinstance(landing, Struck)
    return landing


BOB = Person(name="Bob", position=at(0, 40))
PREP = RapidFirePreparation(weapon="zastava-m85-stock", rapid_fire_bonus=60)
BURST = RapidFire(weapon="zastava-m85-stock", ob=70, share_percent=70, position=MUZZLE, target=BOB)


# --- the worked numbers ---------------------------------------------------------------------


def test_rmu_rf_4_and_f_2_thirty_rounds_at_70_percent_carry_49_of_70() -> None:
    """The source's example: a 70% preparation carries +49 of a 30-round burst's +70."""
    assert bullet_bonus(30) == 70
    assert carried_bonus(30, 70) == 49
    # F-2 rounds half up: 50% of 5 bullets' +25 is 12.5 -> 13; 30% of it 7.5 -> 8; 10% of
    # 6 bullets' +28 is 2.8 -> 3; 20% of +28 is 5.6 -> 6 and 40% is 11.2 -> 11.
    assert [carried_bonus(5, 50), carried_bonus(5, 30)] == [13, 8]
    assert [carried_bonus(6, 10), carried_bonus(6, 20), carried_bonus(6, 40)] == [3, 6, 11]
    # 25 + 60 Rapid Fire - 10 Hard = 75: 70% on Table 5-1.
    prepared = prepare(PREP, 25)
    event = next(e for e in prepared.events if isinstance(e, RapidFirePrepared))
    assert (event.percent, event.share_percent) == (70, 70)
    assert prepared.result.carried_bonus == 49
    fired = fire(BURST, 50)
    assert parts(fired, "Bob")["RMU-RF-4"] == 49
    assert fired.result.bullets == 30 and fired.result.carried_bonus == 49


@pytest.mark.parametrize(
    ("bullets", "bonus"),
    [
        (1, 5),
        (5, 25),
        (6, 28),
        (10, 40),
        (11, 42),
        (20, 60),
        (21, 61),
        (30, 70),
        (31, 70),
        (90, 70),
    ],
)
def test_f_1_and_rmu_rf_7_bullet_ladder(bullets: int, bonus: int) -> None:
    """+5 a bullet to 5, then +3 to 10, +2 to 20, +1 to 30, nothing after."""
    assert bullet_bonus(bullets) == bonus


def test_s_2_and_rmu_rf_10_the_cone_is_about_5_2_ft_across_at_60_ft() -> None:
    cone = burst_cone(MUZZLE, at(0, 60))
    assert cone.half_angle_deg == BURST_HALF_ANGLE_DEG
    assert round(cone.width_across_ft(60.0), 1) == 5.2
    # Beside the aimed man at 60 ft: a body whose side reaches the edge is in the burst.
    near_edge = Person(name="Edge", position=at(3.5, 60))
    beyond = Person(name="Wide", position=at(3.7, 60))
    out = fire(
        replace(BURST, target=Person(name="Bob", position=at(0, 60)), others=(near_edge, beyond))
    )
    assert set(targets(out)) == {"Bob", "Edge"}


# --- RMU-RF-1: who may, and refusals ----------------------------------------------------------


@pytest.mark.parametrize("weapon", ["glock-17", "sks-46"])
def test_rmu_rf_1_semi_automatics_are_refused_before_any_die(weapon: str) -> None:
    with pytest.raises(RuleRefusal) as info:
        resolve_rapid_fire_preparation(replace(PREP, weapon=weapon), Dice.scripted([]), DATA)
    assert info.value.rule == "RMU-RF-1"
    assert "semi-automatic" in info.value.reason and "fires automatically" in info.value.reason
    with pytest.raises(RuleRefusal) as firing:
        resolve_rapid_fire(replace(BURST, weapon=weapon), Dice.scripted([]), DATA)
    assert firing.value.rule == "RMU-RF-1"


def test_rmu_rf_1_any_shotgun_is_refused() -> None:
    data = RmuData()
    shotgun = Weapon(
        key="pump-12",
        name="pump shotgun",
        model="pump shotgun",
        caliber="12 gauge",
        attack_table="firearm-9mm",
        weapon_class="shotgun",
        action=WeaponAction.AUTOMATIC,  # even if someone lists one as automatic
        short_range_ft=30,
        magazine=8,
        me=6,
        fumble=3,
        shotgun=True,
    )
    data.__dict__["weapons"] = {**DATA.weapons, shotgun.key: shotgun}
    with pytest.raises(RuleRefusal) as info:
        resolve_rapid_fire_preparation(replace(PREP, weapon="pump-12"), Dice.scripted([]), data)
    assert info.value.rule == "RMU-RF-1" and "shotgun" in info.value.reason


def test_rmu_rf_1_four_rounds_left_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        prepare(replace(PREP, rounds_left=4))
    assert info.value.rule == "RMU-RF-1"
    assert "4 rounds left" in info.value.reason and "at least 5" in info.value.reason
    with pytest.raises(RuleRefusal, match="has 1 round left; emptying"):
        prepare(replace(PREP, rounds_left=1))
    with pytest.raises(RuleRefusal):
        fire(replace(BURST, rounds_left=4))
    assert prepare(replace(PREP, rounds_left=5), 25).result.result == "prepared"


def test_rmu_rf_13_a_jammed_or_semi_only_gun_is_refused() -> None:
    with pytest.raises(RuleRefusal) as jam:
        prepare(replace(PREP, gun=GunState(jammed=True)))
    assert jam.value.rule == "RMU-RF-13"
    with pytest.raises(RuleRefusal) as semi:
        prepare(replace(PREP, gun=GunState(semi_only=True)))
    assert semi.value.rule == "RMU-RF-1"


# --- RMU-RF-2, -3, SK-1: the preparation round ------------------------------------------------


def test_rmu_rf_2_preparing_spends_ap_but_no_rounds_and_firing_spends_the_rounds() -> None:
    prepared = prepare(replace(PREP, ap=3), 25)
    assert [type(e) for e in prepared.events] == [ActionPointsSpent, RapidFirePrepared]
    assert prepared.events[0] == ActionPointsSpent(actor="shooter", ap=3)
    fired = fire(BURST, 50)
    assert ActionPointsSpent(actor="shooter", ap=4) in fired.events
    assert RoundsFired(actor="shooter", weapon="zastava-m85-stock", rounds=30) in fired.events


def test_rmu_rf_3_hard_maneuver_with_haste_offset_by_fire_discipline() -> None:
    """2 AP: -50 haste; Fire Discipline +30 offsets 30 of it (RMU-SK-1, F-4)."""
    out = prepare(replace(PREP, ap=2, fire_discipline_bonus=30), 25)
    total = next(e for e in out.trace if isinstance(e, Total))
    assert [(p.value, p.rule) for p in total.parts] == [
        (25, "D-2"),
        (60, "RMU-RF-3"),
        (-10, "M-2"),
        (-50, "RMU-GEN-1"),
        (30, "RMU-SK-1"),
    ]
    assert out.result.maneuver_total == 55


def test_rmu_sk_1_rapid_fire_never_offsets_its_own_haste() -> None:
    """The prep rolls Rapid Fire; only Fire Discipline reduces its haste."""
    out = prepare(replace(PREP, ap=2, rapid_fire_bonus=200), 25)
    total = next(e for e in out.trace if isinstance(e, Total))
    assert "RMU-SK-1" not in [p.rule for p in total.parts]
    assert -50 in [p.value for p in total.parts]


def test_rmu_rf_3_ap_outside_2_to_4_is_refused() -> None:
    for ap in (1, 5):
        with pytest.raises(RuleRefusal) as info:
            prepare(replace(PREP, ap=ap))
        assert info.value.rule == "RMU-RF-3"
    with pytest.raises(RuleRefusal) as short:
        prepare(replace(PREP, ap=4, ap_available=3))
    assert short.value.rule == "RMU-GEN-1"


def test_rmu_rf_4_the_share_stops_at_100() -> None:
    out = prepare(PREP, 90)  # 140: 110% on the ladder
    event = next(e for e in out.events if isinstance(e, RapidFirePrepared))
    assert (event.percent, event.share_percent) == (110, 100)
    assert out.result.carried_bonus == 70
    with pytest.raises(RuleRefusal) as info:
        fire(replace(BURST, share_percent=110))
    assert info.value.rule == "RMU-RF-4"


def test_rmu_rf_5_the_preparation_prices_the_bullets_the_gun_still_holds() -> None:
    """12 rounds left in a 50-a-round gun: next round sends 12, worth +44 on the ladder
    (25 + 15 + 4); a 70% preparation carries 70% of 44 = 30.8, +31 -- not the +49 of 30."""
    out = prepare(replace(PREP, rounds_left=12), 25)
    assert (out.result.bullets_next_round, out.result.carried_bonus) == (12, 31)


@pytest.mark.parametrize(
    ("second_face", "result"),
    [
        (14, "malfunction"),  # 4 - 14 - 10 Hard = -20: an A critical, the gun malfunctions
        (13, "wasted"),  # 4 - 13 - 10 Hard = -19: fail to act, the round is wasted (F-3)
    ],
)
def test_rmu_rf_13_minus_20_is_the_first_malfunction(second_face: int, result: str) -> None:
    out = prepare(replace(PREP, rapid_fire_bonus=0), 4, second_face, 30)
    assert out.result.maneuver_total == -20 + (14 - second_face)
    assert out.result.result == result


def test_f_3_fail_to_act_wastes_the_preparation_and_spends_nothing() -> None:
    """15 - 10 Rapid Fire - 10 Hard = -5: fail to act. 25 more is 5%: prepared, barely."""
    failed = prepare(replace(PREP, rapid_fire_bonus=-10), 15)
    assert failed.result.result == "wasted"
    assert [type(e) for e in failed.events] == [ActionPointsSpent, PreparationWasted]
    barely = prepare(replace(PREP, rapid_fire_bonus=-10), 40)
    assert (barely.result.result, barely.result.share_percent) == ("prepared", 10)


def test_rmu_rf_13_a_critical_preparation_is_a_pushed_malfunction_with_no_bullets() -> None:
    """04 then 80: 4 - 80 = -76; -10 Hard: -86, a D critical. The fumble d100 30 is pushed
    +40 to 70: the Full Automatics column's 67-70 row."""
    out = prepare(replace(PREP, rapid_fire_bonus=0), 4, 80, 30)
    assert out.result.maneuver_result == "D critical"
    bad = next(e for e in out.events if isinstance(e, WeaponMalfunctioned))
    assert (bad.severity, bad.roll, bad.row, bad.column) == ("D", 70, "67-70", "full-automatics")
    assert bad.rule == "RMU-RF-13"
    assert not any(isinstance(e, RoundsFired) for e in out.events)
    push = next(e for e in out.trace if isinstance(e, Total) and e.label == "firearm fumble roll")
    assert [p.value for p in push.parts] == [30, 40]


@pytest.mark.parametrize(
    ("faces", "severity", "push"),
    [
        ((4, 20, 20), "A", 10),  # 4 - 20 - 10 Hard = -26
        ((1, 99, 20, 20), "E", 50),  # 1 - 99 - 20 (the 99 chains) - 10 = -128
    ],
)
def test_rmu_rf_13_push_is_10_per_severity_step(
    faces: tuple[int, ...], severity: str, push: int
) -> None:
    out = prepare(replace(PREP, rapid_fire_bonus=0), *faces)
    bad = next(e for e in out.events if isinstance(e, WeaponMalfunctioned))
    assert (bad.severity, bad.roll) == (severity, 20 + push)


# --- RMU-RF-5, -6, -9, F-6: the firing round -----------------------------------------------------


def test_rmu_rf_5_class_rates_from_the_source() -> None:
    rates = firearm_figures().rates
    assert rates == {
        "machine-pistol": 90,
        "smg": 60,
        "assault-rifle": 50,
        "belt-fed": 75,
        "single-fire": 15,
    }
    assert rate_class(DATA.weapon("m2hb")).name == "belt-fed"
    assert rate_class(DATA.weapon("glock-17")).name == "single-fire"


def test_rmu_rf_5_only_the_belt_outlasts_one_firing_round() -> None:
    """RMU-RF-5 (000, the note on the class rates): every shipped gun that can empty itself
    sends its whole magazine in the one firing round, since no magazine is past its class's
    rate (the Zastava M85: 30 of 50); only the belt-fed M2HB (100 against 75) keeps firing."""
    automatic = [w for w in DATA.weapons.values() if w.action is not WeaponAction.SEMI_AUTOMATIC]
    belts = {w.key for w in automatic if rate_class(w).name == "belt-fed"}
    assert belts == {"m2hb"} and len(automatic) > len(belts)
    for weapon in automatic:
        out = fire(replace(BURST, weapon=weapon.key, mounted=weapon.key in belts), 50)
        sent = min(weapon.magazine, rate_class(weapon).rate)
        assert (out.result.bullets, out.result.belt_continues) == (sent, weapon.key in belts)
        assert (sent == weapon.magazine) is (weapon.key not in belts), weapon.key


def test_rmu_rf_5_one_roll_sends_the_lesser_of_the_rate_and_what_is_left() -> None:
    out = fire(replace(BURST, rounds_left=12), 50)
    assert out.result.bullets == 12 and out.result.bullet_bonus == 44
    rolls = [e for e in out.trace if isinstance(e, Roll) and e.purpose.startswith("attack roll")]
    assert len(rolls) == 1


def test_rmu_rf_6_a_belt_keeps_firing_on_one_preparation() -> None:
    """M2HB on its tripod, 100 rounds: 75 go this round, 25 next, at the same share."""
    mg = RapidFire(
        weapon="m2hb",
        ob=60,
        share_percent=50,
        position=MUZZLE,
        target=Person(name="Bob", position=at(0, 200)),
        mounted=True,
    )
    first = fire(mg, 50)
    assert (first.result.bullets, first.result.rounds_left) == (75, 25)
    assert first.result.belt_continues is True
    assert first.result.carried_bonus == 35  # 50% of +70
    again = fire(replace(mg, rounds_left=25, continuing=True), 50)
    assert (again.result.bullets, again.result.belt_continues) == (25, False)
    assert again.result.carried_bonus == 33  # 50% of +65 for 25 bullets, half up
    done = next(e for e in again.events if isinstance(e, RapidFireFired))
    assert done.rounds_left == 0


def test_rmu_rf_6_a_magazine_gun_cannot_fire_on_without_preparing_again() -> None:
    with pytest.raises(RuleRefusal) as info:
        fire(replace(BURST, continuing=True))
    assert info.value.rule == "RMU-RF-6"


def test_f_6_the_firing_round_takes_all_4_ap() -> None:
    with pytest.raises(RuleRefusal) as info:
        fire(replace(BURST, ap_available=3))
    assert info.value.rule == "F-6"
    # A magazine that runs dry mid-round (12 rounds of the class's 50) still costs the 4 AP.
    dry = fire(replace(BURST, rounds_left=12), 50)
    assert dry.result.bullets == 12
    assert [e.ap for e in dry.events if isinstance(e, ActionPointsSpent)] == [4]


def test_rmu_rf_9_class_modifier_on_the_aimed_man_only() -> None:
    """Assault rifle -10 (DATA stand-in); the heavier class the worse; bystanders carry only
    the bullet bonus."""
    mods = firearm_figures().modifiers
    assert mods["machine-pistol"] >= mods["smg"] >= mods["assault-rifle"] >= mods["belt-fed"]
    ann = Person(name="Ann", position=at(0.5, 20))
    out = fire(replace(BURST, others=(ann,)), 50, 50, 50)
    assert parts(out, "Bob")["RMU-RF-9"] == -10
    assert "RMU-RF-9" not in parts(out, "Ann")


def test_rmu_rf_9_the_class_modifiers_are_the_data_stand_in() -> None:
    """DATA.md: machine pistol 0, SMG -5, assault rifle -10, belt-fed -20; the M2HB's burst
    carries its -20 on the aimed man."""
    assert firearm_figures().modifiers == {
        "machine-pistol": 0,
        "smg": -5,
        "assault-rifle": -10,
        "belt-fed": -20,
    }
    mg = RapidFire(
        weapon="m2hb", ob=60, share_percent=50, position=MUZZLE, target=BOB, mounted=True
    )
    assert parts(fire(mg, 50), "Bob")["RMU-RF-9"] == -20


def test_rmu_gen_3_no_recoil_penalty_and_no_haste_on_a_prepared_burst() -> None:
    out = fire(BURST, 50)
    assert {p.rule for p in total_against(out, "Bob").parts} == {
        "RMU-GEN-2",
        None,
        "RMU-RF-4",
        "RMU-RF-9",
    }


# --- RMU-RF-8: always Shrapnel --------------------------------------------------------------------


def test_rmu_rf_8_bare_locations_read_the_shrapnel_bare_clause() -> None:
    out = fire(BURST, 90, 70)  # 90 + 70 + 49 - 10 = 199; critical roll 70 + P-6: leg
    assert struck(out, "Bob").critical_table == "ballistic-shrapnel-bare"
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert crit.table == "ballistic-shrapnel-bare"


def test_rmu_rf_8_covered_locations_read_the_covered_clause_whatever_the_load() -> None:
    armored = replace(BOB, armor="BA II")
    for ammo in ("ball", "hollowpoint"):
        out = fire(replace(BURST, target=armored, ammo=ammo), 90, 25)  # 25 + bonus: chest/abdomen
        bob = struck(out, "Bob")
        assert bob.location in ("chest", "abdomen")
        assert bob.critical_table == "ballistic-shrapnel-covered"


# --- RMU-RF-10..12: the cone ----------------------------------------------------------------------


def test_rmu_rf_10_a_body_half_in_the_cone_is_in_it() -> None:
    """S-2: any part counts. A center on the cone's edge is half in; a body clear of the edge is
    not caught."""
    edge_x = 40 * math.tan(math.radians(BURST_HALF_ANGLE_DEG))
    half = Person(name="Half", position=at(edge_x, 40))
    clear = Person(name="Clear", position=at(edge_x + 1.1, 40))
    target = Person(name="Bob", position=at(0, 80))
    out = fire(replace(BURST, target=target, others=(half, clear)))
    assert set(targets(out)) == {"Bob", "Half"}
    assert targets(out)["Half"].role == "cone"


def test_rmu_rf_10_bystanders_roll_at_ob_0_with_the_same_carried_bonus() -> None:
    ann = Person(name="Ann", position=at(0, 80))  # behind Bob, in the cone
    out = fire(replace(BURST, others=(ann,)), 50, 50, 50, 50)
    ann_parts = total_against(out, "Ann").parts
    assert [(p.value, p.rule) for p in ann_parts[:3]] == [
        (50, "RMU-GEN-2"),
        (0, "RMU-RF-10"),
        (49, "RMU-RF-4"),
    ]
    assert targets(out)["Ann"].role == "cone"


def test_rmu_rf_11_a_second_body_on_the_line_is_shielded_by_the_first() -> None:
    """S-3: a body whose circle meets the line from the muzzle stands in front."""
    first = Person(name="First", position=at(0, 20))
    second = Person(name="Second", position=at(0, 30))
    out = fire(replace(BURST, others=(second, first)))
    assert person(out, "First").shielded_by == () and person(out, "First").cover == "none"
    assert person(out, "Second").shielded_by == ("First",)
    assert person(out, "Second").body_cover == "full"
    assert parts(out, "Second")["RMU-RF-11"] == -175  # full hard, SG & ME 1-6 column
    assert "RMU-RF-11" not in parts(out, "First")  # the front rank has no cover from bodies


def test_rmu_rf_11_the_aimed_man_is_shielded_by_a_bystander_in_front() -> None:
    ann = Person(name="Ann", position=at(0, 20))
    out = fire(replace(BURST, others=(ann,)), 50)
    assert person(out, "Bob").shielded_by == ("Ann",)
    assert parts(out, "Bob")["RMU-RF-11"] == -175
    assert targets(out)["Bob"].result == "miss"


def test_rmu_rf_11_rmu_cov_5_a_barrier_and_the_bodies_in_front_do_not_stack() -> None:
    """Bob behind Ann (full hard by position: +175 against the 9 mm) and a partial soft screen
    (+20): the bodies give more and only they count. Behind a full impenetrable wall as well,
    the wall counts, and he cannot be hit at all (RMU-COV-4)."""
    ann = Person(name="Ann", position=at(0, 20))
    screened = replace(BOB, cover=parse_cover("partial:soft"))
    out = fire(replace(BURST, target=screened, others=(ann,)), 50)
    assert parts(out, "Bob")["RMU-RF-11"] == -175
    assert person(out, "Bob").cover == "bodies"
    assert "RMU-COV-2" not in parts(out, "Bob")
    walled = replace(BOB, cover=parse_cover("full:impenetrable"))
    out = fire(replace(BURST, target=walled, others=(ann,)), 50)
    assert (person(out, "Bob").cover, targets(out)["Bob"].result) == ("barrier", "cannot hit")


def test_rmu_cov_8_a_burst_of_hollowpoint_meets_a_barrier_doubled() -> None:
    """Half soft cover is +40; against hollowpoint, +80."""
    behind = replace(BOB, cover=parse_cover("half:soft"))
    out = fire(replace(BURST, target=behind, ammo="hollowpoint"), 50)
    assert parts(out, "Bob")["RMU-COV-8"] == -80


def test_rmu_cov_4_rmu_mov_2_a_wall_half_reached_does_not_stop_the_burst() -> None:
    """Bob dashed half-way behind a full impenetrable wall this round: he is rolled against,
    at 50% of its +200."""
    behind = replace(BOB, cover=parse_cover("full:impenetrable"), cover_share_percent=50)
    out = fire(replace(BURST, target=behind), 50)
    assert targets(out)["Bob"].result != "cannot hit"
    assert parts(out, "Bob")["RMU-MOV-2"] == -100


def test_p_2_and_rmu_rf_11_two_in_front_is_one_grade_up_not_two_bonuses() -> None:
    """A kneeling body (S-1: 3.5 ft tall) 0.9 ft off the line at 40 ft hides about 31% of a
    man at 60 ft: partial. A second one in front makes it half, priced once."""
    target = Person(name="Bob", position=at(0, 60))
    one = Person(name="One", position=at(0.9, 40), posture=Posture.KNEELING)
    two = Person(name="Two", position=at(-0.9, 50), posture=Posture.KNEELING)
    alone = fire(replace(BURST, target=target, others=(one,)))
    assert person(alone, "Bob").body_cover == "partial"
    assert parts(alone, "Bob")["RMU-RF-11"] == -35
    both = fire(replace(BURST, target=target, others=(one, two)))
    assert person(both, "Bob").body_cover == "half"
    assert [p.rule for p in total_against(both, "Bob").parts].count("RMU-RF-11") == 1
    assert parts(both, "Bob")["RMU-RF-11"] == -70


def test_rmu_rf_12_no_roll_in_the_cone_fumbles_and_no_shielder_is_rolled_twice() -> None:
    """Unmodified 02 would fumble the Zastava (01-04): here it is just a low roll."""
    ann = Person(name="Ann", position=at(0, 20))
    out = fire(replace(BURST, others=(ann,)), 2, 2)
    assert targets(out)["Bob"].result == "miss"
    assert person(out, "Ann").roll == 2
    assert all(t.result != "fumble" for t in targets(out).values())
    attack_rolls = [
        e.purpose for e in out.trace if isinstance(e, Roll) and "attack roll" in e.purpose
    ]
    assert attack_rolls == ["attack roll against Bob", "attack roll against Ann"]


def test_rmu_rf_10_bystanders_beyond_reach_are_not_attacked() -> None:
    far = Person(name="Far", position=at(0, 400))  # Zastava stock out: 5 bands of 50 ft
    out = fire(replace(BURST, others=(far,)), 50)
    assert targets(out)["Far"].result == "out of reach"


def test_rmu_dod_1_bystanders_defend_like_any_gunfire() -> None:
    """In the open only armor; behind a barrier their Quickness DB and half their Dodge."""
    ann = Person(
        name="Ann", position=at(2.5, 60), defender=Defender(quickness_db=10, dodge_db=20)
    )  # in the cone, clear of Bob's line
    out = fire(replace(BURST, others=(ann,)), 50, 50)
    assert person(out, "Ann").shielded_by == ()
    assert "RMU-DOD-1" not in parts(out, "Ann")
    behind = replace(ann, cover=parse_cover("half:soft"))
    walled = [
        (p.value, p.rule)
        for p in total_against(fire(replace(BURST, others=(behind,))), "Ann").parts
    ]
    assert (-40, "RMU-COV-2") in walled  # soft half cover, any gun
    assert [v for v, r in walled if r == "RMU-DOD-1"] == [-10, -10]  # Quickness 10, Dodge 20 / 2


def test_rmu_hunt_1_hunting_class_counts_against_large_bystanders_too() -> None:
    data = RmuData()
    hunter = replace(DATA.weapon("zastava-m85-stock"), hunting_class="II")
    data.__dict__["weapons"] = {**DATA.weapons, hunter.key: hunter}
    big = Person(name="Big", position=at(0, 80), size=Size.LARGE)
    out = resolve_rapid_fire(replace(BURST, others=(big,)), Dice.scripted([50] * 20), data)
    assert parts(out, "Big")["RMU-HUNT-1"] == 25


def test_rmu_rf_12_hits_and_criticals_are_events_for_each_person() -> None:
    ann = Person(name="Ann", position=at(2.5, 60))
    out = fire(replace(BURST, others=(ann,)), 90, 40, 90, 40)
    hit_targets = {e.target for e in out.events if isinstance(e, HitsInflicted)}
    assert hit_targets == {"Bob", "Ann"}


# --- the command line --------------------------------------------------------------------------


def test_cli_rapid_fire_prepare_then_fire_with_the_share_it_earned() -> None:
    """RMU-RF-2 from the command line: the preparation's share is passed to the firing."""
    runner = CliRunner()
    base = ["rmu", "rapid-fire", "--weapon", "zastava-m85-stock"]
    prepared = runner.invoke(app, [*base, "--prepare", "--skill", "60", "--rolls", "25", "--json"])
    assert prepared.exit_code == 0, prepared.stderr
    share = json.loads(prepared.stdout)["result"]["share_percent"]
    assert share == 70
    args = [*base, "--share", str(share), "--ob", "70", "--target", "Bob:0,40"]
    args += ["--target", "Ann:0,20:BA II", "--rolls", "50,50,50,50", "--json"]
    fired = runner.invoke(app, args)
    assert fired.exit_code == 0, fired.stderr
    assert fired.stdout == runner.invoke(app, args).stdout
    data = json.loads(fired.stdout)
    assert data["action"]["name"] == "rapid-fire"
    names = [t["name"] for t in data["result"]["targets"]]
    assert names == ["Bob", "Ann"] and data["result"]["carried_bonus"] == 49
    human = runner.invoke(app, [*base, "--share", "70", "--ob", "70", "--target", "Bob:0,40"])
    assert "BURST: 30 bullets, +49 carried" in human.stdout


def test_cli_rmu_rf_1_refusal_is_one_line_with_the_rule() -> None:
    result = CliRunner().invoke(app, ["rmu", "rapid-fire", "--weapon", "sks-46", "--prepare"])
    assert result.exit_code == 2
    assert result.stderr.startswith("refused: RMU-RF-1: The SKS-46 is semi-automatic")
