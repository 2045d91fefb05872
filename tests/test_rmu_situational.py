"""Situational rules the firearm actions bring: tripods (RMU-TRI-1, RMU-TRI-2), moving to
cover (RMU-MOV-1, RMU-MOV-2), point blank in area fire (RMU-PB-1, RMU-PB-2), and the stand-in
tables they read: Fall/Crush, Ballistic Shrapnel and the Firearm Fumble table (DATA.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from generate_fall_crush import build_table
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.errors import RuleRefusal, TableDataError
from firefight.geometry import Point
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.events import ActionPointsSpent, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.firearm_events import CoverReached, LeftInTheOpen
from firefight.rulesets.rmu.fumble import firearm_fumble_table
from firefight.rulesets.rmu.moving_cover import DashResult, MovingToCover, resolve_moving_to_cover
from firefight.rulesets.rmu.ranges import range_band
from firefight.rulesets.rmu.rapid_fire import RapidFire, resolve_rapid_fire
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.struck import Struck
from firefight.rulesets.rmu.tripod import (
    mounted_modifier,
    prepare_recoil,
    recoil_bonus,
    recoil_penalties,
    resolve_recoil,
    unbraced_modifier,
)
from firefight.rulesets.rmu.volley import Person
from firefight.tables.data_files import read_toml
from firefight.trace import Total, TraceBuilder

DATA = RmuData()
TABLES = Path(__file__).resolve().parents[1] / "src/firefight/rulesets/rmu/tables"


# --- RMU-TRI-1, RMU-TRI-2 ------------------------------------------------------------------------


def test_rmu_tri_2_an_m2hb_from_the_hip_is_a_plus_145_recoil_attack() -> None:
    """The source's example: ME 29 at +5 per ME."""
    m2hb = DATA.weapon("m2hb")
    assert (m2hb.me, m2hb.requires_tripod) == (29, True)
    assert recoil_bonus(m2hb).value == 145
    tb = TraceBuilder()
    recoil = resolve_recoil(
        shooter="Mara",
        weapon=m2hb,
        strength_bonus=0,
        naked_column="AT 1",
        dice=Dice.scripted([10, 50]),
        data=DATA,
        trace=tb,
    )
    total = next(e for e in tb.build() if isinstance(e, Total))
    assert [(p.value, p.rule) for p in total.parts] == [
        (10, "RMU-GEN-2"),
        (0, "RMU-TRI-2"),
        (145, "RMU-TRI-2"),
    ]
    assert recoil.total == 155


def test_rmu_tri_2_the_recoil_beats_up_the_shooter_and_comes_off_the_shot() -> None:
    """50 + 145 - 3 x 5 Strength = 180: the top Fall/Crush row, 30 hits and an E critical (the
    critical roll pushed +1, P-6); the Ballistic Impact E cell at 41 adds 27 hits. The shot
    takes -50 unbraced, -57 for the hits and -50 for the five steps of E."""
    tb = TraceBuilder()
    recoil = resolve_recoil(
        shooter="Mara",
        weapon=DATA.weapon("m2hb"),
        strength_bonus=5,
        naked_column="AT 1",
        dice=Dice.scripted([50, 40]),
        data=DATA,
        trace=tb,
    )
    assert recoil.total == 180
    assert (recoil.hits_taken, recoil.severity) == (57, "E")
    assert [(m.value, m.rule) for m in recoil.modifiers] == [(-57, "RMU-TRI-2"), (-50, "RMU-TRI-2")]
    assert unbraced_modifier(DATA.weapon("m2hb")).value == -50
    assert recoil.report.penalty == -157
    assert HitsInflicted(target="Mara", hits=30, rule="RMU-GEN-5") in recoil.events
    crit = next(e for e in recoil.events if isinstance(e, CriticalInflicted))
    assert (crit.target, crit.table, crit.severity) == ("Mara", "ballistic-impact", "E")


def test_rmu_tri_2_severity_steps_count_ten_each() -> None:
    """20 + 145 - 3 x 10 Strength = 135 on the shooter's own AT 10 column (criticals from
    122): whatever severity it gives costs 10 a step, on top of -50 and -1 a hit."""
    tb = TraceBuilder()
    recoil = resolve_recoil(
        shooter="Mara",
        weapon=DATA.weapon("m2hb"),
        strength_bonus=10,
        naked_column="AT 10",
        dice=Dice.scripted([20, 60]),
        data=DATA,
        trace=tb,
    )
    assert recoil.severity is not None
    steps = Severity(recoil.severity).step
    assert [m.value for m in recoil.modifiers][-1] == -10 * steps
    assert sum(m.value for m in recoil.modifiers) == -recoil.hits_taken - 10 * steps


def test_rmu_tri_2_the_aimed_shot_rolls_the_recoil_prepare_recoil_sets_up() -> None:
    """An unbraced aimed shot's recoil is the attack prepare_recoil sets up -- on the shooter's
    own naked column (AT 6 here), +145 for ME 29, -15 for Strength 5 -- and what it did comes
    off the shot as recoil_penalties prices it. The odds engine starts from the same two."""
    shot = AimedShot(
        weapon="m2hb",
        ob=120,
        distance_ft=100,
        strength_bonus=5,
        shooter="Mara",
        shooter_naked_column="AT 6",
    )
    out = resolve_aimed_shot(shot, Dice.scripted([50, 40, 50, 50, 50, 50]), DATA)
    prepared = prepare_recoil(
        shooter="Mara", weapon=DATA.weapon("m2hb"), strength_bonus=5, naked_column="AT 6"
    )
    assert prepared.plan.column == "AT 6" and prepared.modifier_total == 130
    assert prepared.weapon.attack_table == firearm_figures().tripod.attack_table
    totals = {e.label: e for e in out.trace if isinstance(e, Total)}
    assert totals["recoil attack on Mara"].parts[1:] == prepared.modifiers
    recoil = out.result.recoil
    assert recoil is not None and isinstance(recoil.landing, Struck)
    landed = recoil.landing
    assert landed.column == "AT 6" and landed.total_hits is not None and landed.severity
    penalties = recoil_penalties(landed.total_hits, Severity(landed.severity))
    assert [m.rule for m in penalties] == ["RMU-TRI-2", "RMU-TRI-2"]
    assert totals["attack total"].parts[-len(penalties) :] == penalties


def test_rmu_tri_2_unbraced_rapid_fire_rolls_the_recoil_first_and_pays_on_the_aimed_roll() -> None:
    mg = RapidFire(
        weapon="m2hb",
        ob=80,
        share_percent=50,
        position=Point(x_ft=0, y_ft=0),
        target=Person(name="Bob", position=Point(x_ft=0, y_ft=100)),
        strength_bonus=5,
    )
    out = resolve_rapid_fire(mg, Dice.scripted([50, 40, *[50] * 10]), DATA)
    assert out.result.recoil is not None and out.result.recoil.attack_total == 180
    bob = next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Bob"
    )
    assert [p.value for p in bob.parts if p.rule == "RMU-TRI-2"] == [-50, -57, -50]
    mounted = resolve_rapid_fire(replace(mg, mounted=True), Dice.scripted([50] * 10), DATA)
    assert mounted.result.recoil is None


def test_rmu_tri_1_mounted_gains_25_against_the_range_penalty_never_past_0() -> None:
    m2hb = DATA.weapon("m2hb")  # 300 ft increments
    short = range_band(m2hb, 200, DATA.rules)
    medium = range_band(m2hb, 500, DATA.rules)
    long = range_band(m2hb, 800, DATA.rules)
    assert mounted_modifier(short) is None
    assert mounted_modifier(medium).value == 10  # type: ignore[union-attr]
    assert mounted_modifier(long).value == 25  # type: ignore[union-attr]
    assert firearm_figures().tripod.mounted_range_offset == 25


# --- RMU-MOV-1, RMU-MOV-2 ------------------------------------------------------------------------

FULL_SOFT = parse_cover("full:soft")
assert FULL_SOFT is not None


def dash(decl: MovingToCover, *faces: int) -> tuple[DashResult, list[object]]:
    out = resolve_moving_to_cover(decl, Dice.scripted(faces), DATA)
    return out.result, list(out.events)


def test_rmu_mov_2_seventy_percent_behind_full_soft_cover_gives_70_this_round() -> None:
    """The source's example: 70% of full soft cover's +100 is +70."""
    assert FULL_SOFT is not None
    dashed, events = dash(MovingToCover(cover=FULL_SOFT, maneuver_bonus=40), 55)  # 55+40-20
    assert dashed.maneuver_result == "70%"
    assert dashed.bonus_this_round == 70 and dashed.full_bonus == 100
    reached = next(e for e in events if isinstance(e, CoverReached))
    assert (reached.share_percent, reached.bonus_this_round, reached.full_bonus) == (70, 70, 100)


def test_rmu_mov_2_half_a_cover_worth_35_rounds_up_to_18() -> None:
    """35 + 40 - 20 = 55: 50%. Partial hard cover against a Glock is +35; half of it is 17.5,
    counted +18 this round."""
    partial_hard = parse_cover("partial:hard")
    assert partial_hard is not None
    decl = MovingToCover(cover=partial_hard, maneuver_bonus=40, weapon="glock-17")
    dashed, _ = dash(decl, 35)
    assert (dashed.share_percent, dashed.full_bonus, dashed.bonus_this_round) == (50, 35, 18)


def test_rmu_cov_8_rmu_mov_2_a_dash_from_hollowpoint_fire_reaches_doubled_cover() -> None:
    """RMU-COV-8: every cover bonus doubles against hollowpoint, a dash's too. Partial hard
    cover against a Glock is +35, +70 against its hollowpoints; 35 + 40 - 20 = 55 reaches 50%
    of it this round: +35 (ball would give 18)."""
    partial_hard = parse_cover("partial:hard")
    assert partial_hard is not None
    decl = MovingToCover(
        cover=partial_hard, maneuver_bonus=40, weapon="glock-17", ammo="hollowpoint"
    )
    dashed, _ = dash(decl, 35)
    assert (dashed.share_percent, dashed.full_bonus, dashed.bonus_this_round) == (50, 70, 35)


def test_rmu_mov_1_under_fire_is_minus_20_and_under_a_sweep_minus_40() -> None:
    assert FULL_SOFT is not None
    for fire, value in (("under-fire", -20), ("suppressed", -40)):
        out = resolve_moving_to_cover(
            MovingToCover(cover=FULL_SOFT, maneuver_bonus=40, fire=fire),  # type: ignore[arg-type]
            Dice.scripted([55]),
            DATA,
        )
        total = next(e for e in out.trace if isinstance(e, Total))
        assert (total.parts[-1].value, total.parts[-1].rule) == (value, "RMU-MOV-1")


def test_rmu_mov_1_with_nobody_shooting_no_roll_is_needed() -> None:
    assert FULL_SOFT is not None
    dashed, events = dash(MovingToCover(cover=FULL_SOFT, fire="none", move_ap=2))
    assert dashed.bonus_this_round == 100
    assert events[0] == ActionPointsSpent(actor="mover", ap=2)  # paid as ordinary movement


def test_rmu_mov_2_a_failure_gains_nothing_and_leaves_the_mover_in_the_open() -> None:
    assert FULL_SOFT is not None
    dashed, events = dash(MovingToCover(cover=FULL_SOFT, maneuver_bonus=0), 15)  # -5
    assert dashed.result == "in the open" and dashed.bonus_this_round == 0
    assert LeftInTheOpen(actor="mover", cover="full:soft") in events


def test_rmu_mov_2_the_share_stops_at_the_full_value() -> None:
    assert FULL_SOFT is not None
    dashed, _ = dash(MovingToCover(cover=FULL_SOFT, maneuver_bonus=120), 90)  # 190: 120%
    assert dashed.share_percent == 100 and dashed.bonus_this_round == 100


def test_rmu_cov_3_hard_cover_needs_the_incoming_gun_to_price_it() -> None:
    wall = parse_cover("half:hard")
    assert wall is not None
    with pytest.raises(RuleRefusal) as info:
        resolve_moving_to_cover(MovingToCover(cover=wall), Dice.scripted([]), DATA)
    assert info.value.rule == "RMU-COV-3"
    dashed, _ = dash(MovingToCover(cover=wall, weapon="sks-46", maneuver_bonus=40), 55)
    assert dashed.full_bonus == 60 and dashed.bonus_this_round == 42  # 70% of +60


# --- RMU-PB-1, RMU-PB-2 in area fire -------------------------------------------------------------


def test_rmu_pb_1_point_blank_is_for_the_aimed_man_not_the_cone() -> None:
    """A folded Zastava (compact long arm, +15 inside 10 ft): the aimed man at 6 ft gets it;
    a bystander in the cone at 9 ft, also inside 10 ft, reads Short instead."""
    burst = RapidFire(
        weapon="zastava-m85-folded",
        ob=50,
        share_percent=50,
        position=Point(x_ft=0, y_ft=0),
        target=Person(name="Bob", position=Point(x_ft=0, y_ft=6)),
        others=(Person(name="Ann", position=Point(x_ft=0.5, y_ft=9)),),
    )
    out = resolve_rapid_fire(burst, Dice.scripted([50] * 12), DATA)
    bob = next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Bob"
    )
    ann = next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Ann"
    )
    assert ("RMU-PB-1", 15) in [(p.rule, p.value) for p in bob.parts]
    assert "RMU-PB-1" not in [p.rule for p in ann.parts]


def test_rmu_pb_2_the_zastava_stock_out_trades_a_point_blank_step_for_reach() -> None:
    folded, stock = DATA.weapon("zastava-m85-folded"), DATA.weapon("zastava-m85-stock")
    assert DATA.rules.point_blank_bonus[folded.weapon_class] == 15
    assert DATA.rules.point_blank_bonus[stock.weapon_class] == 10
    assert stock.short_range_ft == 50 and round(stock.short_range_ft / 1.5) == folded.short_range_ft


# --- the stand-in tables -------------------------------------------------------------------------


def test_fall_crush_stand_in_is_what_its_script_makes_and_says_so() -> None:
    """RMU-TRI-2 reads it; DATA.md: a lost table ships as a marked, explained stand-in."""
    assert read_toml(TABLES / "fall-crush.toml") == build_table()
    table = DATA.tables.attack("fall-crush")
    assert table.provisional and "generate_fall_crush.py" in table.derivation
    assert table.columns == tuple(f"AT {n}" for n in range(1, 11))
    # heavier armor never takes more of the blow, and a bigger total never less
    for row in table.rows:
        hits = [c.hits for c in row.cells]
        assert hits == sorted(hits, reverse=True)
    at1 = table.column_cells("AT 1")
    assert [c.hits for c in at1] == sorted(c.hits for c in at1)
    assert table.breaking_point("AT 1") == 95


@pytest.mark.parametrize("roll", [1, 30, 66, 100])
def test_rmu_rf_8_shrapnel_covered_clause_more_hits_no_lasting_damage(roll: int) -> None:
    """DATA.md: covered, more hits, no bleeding, no lasting injury; bare, fewer hits, all the
    lasting damage. Both read by the same roll: same rows, same locations as Puncture."""
    covered = DATA.tables.critical("ballistic-shrapnel-covered")
    bare = DATA.tables.critical("ballistic-shrapnel-bare")
    puncture = DATA.tables.critical("ballistic-puncture")
    assert covered.provisional and bare.provisional
    for sev in (Severity.A, Severity.B, Severity.C, Severity.D, Severity.E):
        c = covered.row_for(roll).cell(sev)
        b = bare.row_for(roll).cell(sev)
        p = puncture.row_for(roll).cell(sev)
        assert c.hits > b.hits
        assert (c.bleed, c.injury, c.dying_rounds, c.dead) == (0, 0, None, False)
        assert (b.bleed, b.injury, b.dying_rounds, b.dead) == (
            p.bleed,
            p.injury,
            p.dying_rounds,
            p.dead,
        )
        assert covered.row_for(roll).location is bare.row_for(roll).location


def test_rmu_rf_13_firearm_fumble_stand_in_has_the_chassis_bands_and_columns() -> None:
    table = firearm_fumble_table()
    assert table.provisional and table.derivation
    assert [r.label for r in table.rows] == [
        "01-20",
        "21-30",
        "31-40",
        "41-50",
        "51-60",
        "61-65",
        "66",
        "67-70",
        "71-80",
        "81-85",
        "86-90",
        "91-95",
        "96-99",
        "100",
    ]
    assert table.columns == ("semi-automatics", "full-automatics")
    auto = [r.cells["full-automatics"] for r in table.rows]
    assert any(c.half_effect for c in auto) and any(c.semi_only for c in auto)
    assert any(c.jam_clear_ap for c in auto) and any(c.lose_round for c in auto)
    assert table.read(66, "full-automatics").effect.nearest_ally
    assert table.read(66, "semi-automatics").effect.nearest_ally
    assert table.read(150, "full-automatics").label == "100"  # a pushed roll past 100


# --- the command line --------------------------------------------------------------------------


def test_cli_rmu_mov_2_move_to_cover_and_m_1_maneuver() -> None:
    runner = CliRunner()
    moved = runner.invoke(
        app, ["rmu", "move-to-cover", "--cover", "full:soft", "--bonus", "40", "--rolls", "55"]
    )
    assert moved.exit_code == 0 and "IN COVER: +70 of the cover's +100 this round" in moved.stdout
    rolled = runner.invoke(
        app, ["rmu", "maneuver", "--bonus", "40", "--difficulty", "hard", "--rolls", "55", "--json"]
    )
    assert json.loads(rolled.stdout)["result"]["detail"] == "80%"  # 55 + 40 - 10 = 85
    hard = runner.invoke(app, ["rmu", "move-to-cover", "--cover", "half:hard", "--rolls", "55"])
    assert hard.exit_code == 2 and hard.stderr.startswith("refused: RMU-COV-3")


def test_rmu_mov_1_the_dash_carries_the_movers_armor_penalty_and_33_wears_it() -> None:
    """A moving maneuver in BA III (trained -15: RMU-ARM-5); an unmodified 33 calls for a
    breakage check on it (RMU-BRK-1), rolled after the maneuver."""
    assert FULL_SOFT is not None
    decl = MovingToCover(cover=FULL_SOFT, maneuver_bonus=40, armor="BA III")
    out = resolve_moving_to_cover(decl, Dice.scripted([33, 60]), DATA)
    total = next(e for e in out.trace if isinstance(e, Total))
    assert (-15, "RMU-ARM-5") in [(p.value, p.rule) for p in total.parts]
    assert out.result.maneuver_total == 33 + 40 - 20 - 15
    assert any(type(e).__name__ == "BreakageTaken" for e in out.events)
    quiet = resolve_moving_to_cover(decl, Dice.scripted([34]), DATA)
    assert not any(type(e).__name__ == "BreakageTaken" for e in quiet.events)


def test_rmu_rf_5_firearm_data_is_cross_checked_with_the_catalog() -> None:
    """`firefight tables check` loads the firearm actions' files; a rate class for a weapon that
    is not in the catalog, or an automatic weapon without one, is a data error."""
    from firefight.rulesets.rmu import RMU
    from firefight.rulesets.rmu.firearm_data import check_firearm_data

    assert "firearm_actions.toml" in RMU().check_data()
    data = RmuData()
    assert check_firearm_data(data)
    data.__dict__["weapons"] = {k: w for k, w in DATA.weapons.items() if k != "m2hb"}
    with pytest.raises(TableDataError) as gone:
        check_firearm_data(data)
    assert "'m2hb'" in str(gone.value)
    listed = {**DATA.weapons}
    listed["mp5"] = replace(DATA.weapon("zastava-m85-stock"), key="mp5", name="MP5")
    data.__dict__["weapons"] = listed
    with pytest.raises(TableDataError) as info:
        check_firearm_data(data)
    assert "weapon_rate_class" in str(info.value)
