"""Suppression sweeps (RMU-SUP-1..10, RMU-SK-1, RULINGS F-5, F-7, S-2)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice, Roll
from firefight.errors import RuleRefusal
from firefight.events import RoundsFired
from firefight.geometry import Point, Posture
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fire_results import SweepResult, SweptPerson
from firefight.rulesets.rmu.firearm_events import (
    ApForfeited,
    ApLimitedNextRound,
    SuppressionSwept,
    WeaponMalfunctioned,
)
from firefight.rulesets.rmu.rapid_fire import GunState
from firefight.rulesets.rmu.suppression import (
    SuppressionSweep,
    SweepTarget,
    free_width_ft,
    resolve_suppression_sweep,
    width_penalty,
)
from firefight.trace import Total

DATA = RmuData()
MUZZLE = Point(x_ft=0, y_ft=0)


def at(x: float, y: float) -> Point:
    return Point(x_ft=x, y_ft=y)


def sweep(decl: SuppressionSweep, *faces: int) -> Outcome[SweepResult]:
    """Resolve with the given faces, then 50s for any die a test does not care about."""
    return resolve_suppression_sweep(decl, Dice.scripted([*faces, *[50] * 30]), DATA)


def maneuver(out: Outcome) -> Total:
    return next(e for e in out.trace if isinstance(e, Total) and e.label.startswith("Fire Disc"))


def attack(out: Outcome, name: str) -> dict[str, int]:
    total = next(
        e for e in out.trace if isinstance(e, Total) and e.label == f"attack total against {name}"
    )
    return {p.rule or p.label: p.value for p in total.parts}


def targets(out: Outcome[SweepResult]) -> dict[str, SweptPerson]:
    return {t.name: t for t in out.result.targets}


AT_EDGE = SweepTarget(name="Edge", position=at(0, 59.5))  # its far side reaches 60 ft
GLOCK = SuppressionSweep(
    weapon="glock-17",
    fire_discipline_bonus=50,
    position=MUZZLE,
    bearing_deg=0.0,
    distance_ft=60,
    width_ft=15,
    people=(AT_EDGE,),
)


# --- RMU-SUP-5, F-7: the free width and what widening costs -----------------------------------


@pytest.mark.parametrize(
    ("weapon", "free"), [("glock-17", 15), ("zastava-m85-stock", 25), ("sks-46", 100)]
)
def test_rmu_sup_5_free_width_is_half_the_short_range(weapon: str, free: int) -> None:
    """Glock 17 15 ft, Zastava M85 stock out 25 ft, SKS-46 100 ft (far enough out)."""
    assert free_width_ft(DATA.weapon(weapon), 1000) == free


def test_rmu_sup_5_free_width_is_capped_at_half_the_distance() -> None:
    """The rifle's 100 ft is all there at 200 ft; the Glock's 15 ft at 30 ft."""
    assert free_width_ft(DATA.weapon("sks-46"), 200) == 100
    assert free_width_ft(DATA.weapon("sks-46"), 120) == 60
    assert free_width_ft(DATA.weapon("glock-17"), 30) == 15
    assert free_width_ft(DATA.weapon("glock-17"), 20) == 10


@pytest.mark.parametrize("weapon", ["glock-17", "zastava-m85-stock", "sks-46"])
@pytest.mark.parametrize("distance", [20, 45, 90, 140])
def test_rmu_sup_5_double_the_free_width_is_minus_40_at_any_distance(
    weapon: str, distance: int
) -> None:
    free = free_width_ft(DATA.weapon(weapon), distance)
    assert width_penalty(float(free * 2), free) == -40


def test_f_7_each_quarter_or_part_of_one_is_minus_10() -> None:
    """RMU-SUP-5 read by F-7: a part of a quarter past the free width costs a whole -10."""
    free = Fraction(60)
    assert [width_penalty(w, free) for w in (30, 60, 61, 75, 76, 90, 91, 120, 121)] == [
        0,
        0,
        -10,
        -10,
        -20,
        -20,
        -30,
        -40,
        -50,
    ]


def test_rmu_sup_5_the_width_penalty_modifies_the_maneuver() -> None:
    """Width is the whole sweep: 30 ft for a Glock at 60 ft is double its free 15: -40."""
    out = sweep(replace(GLOCK, width_ft=30), 25)
    assert ("F-7", -40) in [(p.rule, p.value) for p in maneuver(out).parts]
    assert out.result.free_width_ft == 15 and out.result.width_penalty == -40


# --- refusals (RMU-SUP-2..4) ----------------------------------------------------------------------


def test_rmu_sup_4_no_sweep_inside_10_ft() -> None:
    """F-8: the boundary is the point-blank reach's own, so 10 ft is refused and 10.5 ft not."""
    for distance in (8, 10):
        with pytest.raises(RuleRefusal) as info:
            resolve_suppression_sweep(
                replace(GLOCK, distance_ft=distance, width_ft=4), Dice.scripted([]), DATA
            )
        assert info.value.rule == "RMU-SUP-4" and "within 10 ft" in info.value.reason
    past = sweep(replace(GLOCK, distance_ft=10.5, width_ft=5, people=()), 25)
    assert past.result.result == "swept" and past.result.free_width_ft == 5.25


def test_f_8_the_zastava_stock_out_is_a_long_gun_and_folded_is_not() -> None:
    """F-8: "20 ft for rifles and longer" takes in the assault rifle (the Zastava, stock
    out), so 20 ft is refused and 20.5 ft sweeps; folded it is a compact long arm with the
    10 ft reach, so 20 ft sweeps and 10 ft is refused."""
    stock = replace(GLOCK, weapon="zastava-m85-stock", width_ft=10, people=())
    folded = replace(stock, weapon="zastava-m85-folded")
    for decl, refused_at, sweeps_at in ((stock, 20, 20.5), (folded, 10, 20)):
        with pytest.raises(RuleRefusal) as info:
            sweep(replace(decl, distance_ft=refused_at))
        assert info.value.rule == "RMU-SUP-4" and f"within {refused_at} ft" in info.value.reason
        assert sweep(replace(decl, distance_ft=sweeps_at), 25).result.result == "swept"


def test_rmu_sup_3_a_third_sweep_in_a_round_is_refused() -> None:
    second = sweep(replace(GLOCK, sweeps_this_round=1, ap=2, ap_available=2), 25)
    assert second.result.sweep_number == 2
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, sweeps_this_round=2, ap=2))
    assert info.value.rule == "RMU-SUP-3" and "at most 2 sweeps" in info.value.reason


def test_rmu_sup_3_a_sweep_takes_2_to_4_ap() -> None:
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, ap=1))
    assert info.value.rule == "RMU-SUP-3"


def test_rmu_sup_2_a_sweep_never_exceeds_the_class_rate_in_one_round() -> None:
    """Glock 17: single fire, 15 a round. 10 already this round and 5 more is the rate; one
    extra round is refused. The Zastava's assault-rifle rate is 50."""
    assert sweep(replace(GLOCK, rounds_this_round=10), 25).result.rounds == 5
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, rounds_this_round=10, extra_rounds=1))
    assert info.value.rule == "RMU-SUP-2" and "at most 15 rounds a round" in info.value.reason
    zastava = replace(GLOCK, weapon="zastava-m85-stock", rounds_this_round=20)
    assert sweep(replace(zastava, extra_rounds=5), 25).result.rounds == 10
    with pytest.raises(RuleRefusal):
        sweep(replace(zastava, rounds_left=30, rounds_this_round=40, extra_rounds=6))


def test_rmu_sup_2_the_gun_must_hold_5_rounds_and_spends_5_plus_extras() -> None:
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, rounds_left=4))
    assert info.value.rule == "RMU-SUP-2"
    with pytest.raises(RuleRefusal):
        sweep(replace(GLOCK, rounds_left=7, extra_rounds=3))
    out = sweep(replace(GLOCK, extra_rounds=5), 25)
    assert RoundsFired(actor="shooter", weapon="glock-17", rounds=10) in out.events
    assert out.result.rounds_left == 7


def test_rmu_rf_13_a_jammed_gun_cannot_sweep() -> None:
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, gun=GunState(jammed=True)))
    assert info.value.rule == "RMU-RF-13"


def test_s_2_a_sweep_wider_than_twice_its_distance_is_refused() -> None:
    with pytest.raises(RuleRefusal) as info:
        sweep(replace(GLOCK, distance_ft=20, width_ft=41))
    assert info.value.rule == "S-2"


# --- RMU-SUP-1, F-5, SK-1: the maneuver --------------------------------------------------------


def test_rmu_sup_1_and_f_5_the_maneuver_sets_the_volume_every_target_carries() -> None:
    """25 + 50 Fire Discipline + 0 Medium = 75: 70% of the +25 five rounds are worth, +18."""
    two = replace(GLOCK, people=(AT_EDGE, SweepTarget(name="Two", position=at(3, 59))))
    out = sweep(two, 25)
    assert [(p.value, p.rule) for p in maneuver(out).parts] == [
        (25, "D-2"),
        (50, "RMU-SUP-1"),
        (0, "M-2"),
    ]
    assert out.result.volume_bonus == 18
    for name in ("Edge", "Two"):
        assert attack(out, name)["F-5"] == 18
        assert attack(out, name)["RMU-SUP-6"] == 0  # OB +0
    swept = next(e for e in out.events if isinstance(e, SuppressionSwept))
    assert (swept.rounds, swept.volume_bonus) == (5, 18)


def test_f_5_fail_to_act_still_fires_with_no_volume_bonus() -> None:
    out = sweep(replace(GLOCK, fire_discipline_bonus=-40), 30)  # -10: fail to act
    assert out.result.maneuver_result == "fail to act"
    assert out.result.volume_bonus == 0 and out.result.rounds == 5
    assert "F-5" not in attack(out, "Edge")
    assert "Edge" in targets(out)


def test_f_5_a_critical_result_is_a_malfunction_on_the_guns_own_column_and_no_sweep() -> None:
    """4 - 80 = -76: a C critical. The Glock reads the Semi-automatics column, pushed +30."""
    out = sweep(replace(GLOCK, fire_discipline_bonus=0), 4, 80, 40)
    bad = next(e for e in out.events if isinstance(e, WeaponMalfunctioned))
    assert (bad.severity, bad.column, bad.roll, bad.rule) == ("C", "semi-automatics", 70, "F-5")
    assert not any(isinstance(e, RoundsFired) for e in out.events)
    assert out.result.targets == () and out.result.rounds == 0
    zastava = sweep(replace(GLOCK, weapon="zastava-m85-stock", fire_discipline_bonus=0), 4, 80, 40)
    assert next(e for e in zastava.events if isinstance(e, WeaponMalfunctioned)).column == (
        "full-automatics"
    )


def test_rmu_sk_1_rapid_fire_offsets_the_sweeps_haste_and_fire_discipline_does_not() -> None:
    out = sweep(replace(GLOCK, ap=2, rapid_fire_bonus=20, fire_discipline_bonus=90), 25)
    rules = [(p.value, p.rule) for p in maneuver(out).parts]
    assert (-50, "RMU-GEN-1") in rules and (20, "RMU-SK-1") in rules
    alone = sweep(replace(GLOCK, ap=2, fire_discipline_bonus=200), 25)
    assert "RMU-SK-1" not in [p.rule for p in maneuver(alone).parts]


# --- RMU-SUP-4, -6: who is caught and what they face -------------------------------------------


def test_rmu_sup_6_any_part_in_the_ground_is_in_it_and_each_rolls_separately() -> None:
    """A body whose center is just past the declared distance still reaches into the sector;
    one beyond it and one outside the width are not caught."""
    inside_edge = SweepTarget(name="Reach", position=at(0, 60.9))
    too_far = SweepTarget(name="Far", position=at(0, 61.2))
    wide = SweepTarget(name="Wide", position=at(12, 55))
    out = sweep(replace(GLOCK, people=(inside_edge, too_far, wide, AT_EDGE)), 25)
    assert set(targets(out)) == {"Reach", "Edge"}
    rolls = [e.purpose for e in out.trace if isinstance(e, Roll) and "attack roll" in e.purpose]
    assert sorted(rolls) == ["attack roll against Edge", "attack roll against Reach"]


def test_rmu_sup_6_short_of_the_declared_distance_is_minus_20() -> None:
    short = SweepTarget(name="Short", position=at(3, 40))
    out = sweep(replace(GLOCK, people=(short, AT_EDGE)), 25)
    short_parts = next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Short"
    ).parts
    assert [(p.value, p.rule) for p in short_parts if p.rule == "RMU-SUP-6"] == [
        (0, "RMU-SUP-6"),
        (-20, "RMU-SUP-6"),
    ]
    assert "RMU-SUP-6" in attack(out, "Edge") and -20 not in attack(out, "Edge").values()
    assert targets(out)["Short"].short is True and targets(out)["Edge"].short is False


def test_rmu_sup_4_each_target_reads_the_range_band_of_their_own_distance() -> None:
    """Glock increments are 30 ft: 25 ft is Short (no point blank in a sweep), 59.5 ft Medium."""
    close = SweepTarget(name="Close", position=at(1, 8))
    out = sweep(replace(GLOCK, people=(close, AT_EDGE)), 25)
    assert "RMU-GEN-4" not in attack(out, "Close") and "RMU-PB-1" not in attack(out, "Close")
    assert attack(out, "Edge")["RMU-GEN-4"] == -10


# --- RMU-SUP-7, -8: bodies and defense -----------------------------------------------------------


def test_rmu_sup_7_bodies_in_the_sweep_shield_those_behind_and_are_rolled_once() -> None:
    front = SweepTarget(name="Front", position=at(0, 30))
    out = sweep(replace(GLOCK, people=(AT_EDGE, front)), 25)
    t = targets(out)
    assert t["Edge"].person.shielded_by == ("Front",) and t["Edge"].person.body_cover == "full"
    assert attack(out, "Edge")["RMU-RF-11"] == -175
    assert t["Front"].person.shielded_by == ()
    rolls = [e.purpose for e in out.trace if isinstance(e, Roll) and "attack roll" in e.purpose]
    assert rolls == ["attack roll against Front", "attack roll against Edge"]  # front first


def test_rmu_sup_8_defended_like_any_gunfire() -> None:
    quick = Defender(quickness_db=10, dodge_db=30)
    in_open = replace(AT_EDGE, defender=quick)
    out = sweep(replace(GLOCK, people=(in_open,)), 25)
    assert "RMU-DOD-1" not in attack(out, "Edge")
    behind = replace(in_open, cover=parse_cover("partial:soft"))
    out2 = sweep(replace(GLOCK, people=(behind,)), 25)
    terms = next(
        e for e in out2.trace if isinstance(e, Total) and e.label == "attack total against Edge"
    ).parts
    assert [p.value for p in terms if p.rule == "RMU-DOD-1"] == [-10, -15]
    assert (-20, "RMU-COV-2") in [(p.value, p.rule) for p in terms]


# --- RMU-SUP-9, -10: dive or stand ---------------------------------------------------------------

WALL = parse_cover("half:hard")  # +70 against the Glock's column (SG & ME 1-6)


def test_rmu_sup_9_a_diver_drops_behind_cover_in_reach_and_it_counts_double() -> None:
    diver = replace(AT_EDGE, cover=WALL, response="dive")
    out = sweep(replace(GLOCK, people=(diver,)), 25)
    assert attack(out, "Edge")["RMU-SUP-9"] == -140
    assert ApForfeited(actor="Edge", rule="RMU-SUP-9") in out.events
    assert ApLimitedNextRound(actor="Edge", ap=2, rule="RMU-SUP-9") in out.events


def test_rmu_sup_9_cover_to_reach_takes_the_dash_at_minus_40_scaling_the_doubled_cover() -> None:
    """Dash: 50 + 60 move bonus - 40 = 70: 60% of the doubled +140 is +84."""
    diver = replace(AT_EDGE, cover=WALL, response="dive", cover_in_reach=False, move_bonus=60)
    out = sweep(replace(GLOCK, people=(diver,)), 25, 50)
    dash = next(e for e in out.trace if isinstance(e, Total) and "moving to cover" in e.label)
    assert [(p.value, p.rule) for p in dash.parts][-1] == (-40, "RMU-MOV-1")
    dived = targets(out)["Edge"].dash
    assert dived is not None and dived.dash_share_percent == 60
    assert attack(out, "Edge")["RMU-SUP-9"] == -84
    failed = sweep(replace(GLOCK, people=(replace(diver, move_bonus=0),)), 25, 20)  # -20
    assert "RMU-SUP-9" not in attack(failed, "Edge")
    assert ApLimitedNextRound(actor="Edge", ap=2, rule="RMU-SUP-9") in failed.events


def test_rmu_sup_10_a_stander_keeps_normal_cover_and_pays_3_ap_next_round() -> None:
    stander = replace(AT_EDGE, cover=WALL)
    out = sweep(replace(GLOCK, people=(stander,)), 25)
    assert attack(out, "Edge")["RMU-COV-3"] == -70
    assert ApLimitedNextRound(actor="Edge", ap=3, rule="RMU-SUP-10") in out.events
    assert not any(isinstance(e, ApForfeited) for e in out.events)


def test_rmu_sup_10_a_stander_in_the_open_pays_nothing_further() -> None:
    out = sweep(GLOCK, 25)
    assert not any(isinstance(e, ApLimitedNextRound | ApForfeited) for e in out.events)
    assert [type(e) for e in out.events][:3] == [ActionPointsSpent, RoundsFired, SuppressionSwept]


def test_rmu_tri_1_a_mounted_gun_sweeps_flatter() -> None:
    mg = SuppressionSweep(
        weapon="m2hb",
        fire_discipline_bonus=50,
        position=MUZZLE,
        bearing_deg=0.0,
        distance_ft=500,
        width_ft=100,
        mounted=True,
        people=(SweepTarget(name="Far", position=at(0, 499.5), posture=Posture.STANDING),),
    )
    out = sweep(mg, 25)
    far = attack(out, "Far")
    assert far["RMU-GEN-4"] == -10 and far["RMU-TRI-1"] == 10  # never past 0


# --- the command line --------------------------------------------------------------------------


def test_cli_suppress_reads_a_scene_file_and_dive_options(tmp_path: Path) -> None:
    """RMU-SUP-9 from the command line: a diver named by --dive behind cover from the scene."""
    scene = tmp_path / "scene.toml"
    scene.write_text(
        '[[person]]\nname = "Edge"\nx_ft = 0\ny_ft = 59.5\ncover = "half:hard"\n'
        '[[person]]\nname = "Short"\nx_ft = 3\ny_ft = 40\nquickness_db = 10\n',
        encoding="utf-8",
    )
    args = ["rmu", "suppress", "--weapon", "glock-17", "--distance", "60", "--width", "15"]
    args += ["--fire-discipline", "50", "--scene", str(scene), "--dive", "Edge"]
    result = CliRunner().invoke(app, [*args, "--rolls", "25,50,50,50,50", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    by_name = {t["name"]: t for t in data["result"]["targets"]}
    assert by_name["Edge"]["response"] == "dive" and by_name["Edge"]["cover_bonus"] == 140
    assert by_name["Short"]["short"] is True
    types = [e["type"] for e in data["events"]]
    assert "ApForfeited" in types and "ApLimitedNextRound" in types


def test_cli_rmu_sup_4_refusal_is_one_line_with_the_rule() -> None:
    args = ["rmu", "suppress", "--weapon", "glock-17", "--distance", "8", "--width", "4"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("refused: RMU-SUP-4: There is no suppressing within 10 ft")


def test_rmu_sup_6_dec_698_a_body_reaching_in_from_past_the_distance_is_read_at_it() -> None:
    """RMU-SUP-6, DEC-698: Reach stands 60.9 ft out, past the Glock's 60 ft medium band (30 ft
    increments), but his body reaches into ground swept to 60 ft: he is caught there, so his
    attack reads the band of the declared 60 ft (-10), not the long band of his own distance."""
    reach = SweepTarget(name="Reach", position=at(0, 60.9))
    out = sweep(replace(GLOCK, people=(reach, AT_EDGE)), 25)
    assert attack(out, "Reach")["RMU-GEN-4"] == attack(out, "Edge")["RMU-GEN-4"] == -10
    assert targets(out)["Reach"].short is False
