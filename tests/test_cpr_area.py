"""cpr area attacks: shotgun shells (C-7), explosives (C-8), suppressive fire (C-6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firefight.dice import Dice, ScriptedSource
from firefight.errors import RuleRefusal
from firefight.events import RoundsFired
from firefight.geometry import Body, Point
from firefight.geometry.areas import Rectangle, area_in_front, body_in_rectangle, square_around
from firefight.outcome import Outcome
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.combatants import Aim, Dodge, Spot, Target
from firefight.rulesets.cpr.events import (
    ActionTaken,
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    ItemThrown,
    MustTakeCover,
)
from firefight.rulesets.cpr.explosives import Explosion, resolve_explosion
from firefight.rulesets.cpr.shotgun import ShotgunShells, resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import SuppressiveFire, resolve_suppression
from firefight.rulesets.cpr.wounds import Health
from firefight.units import feet_from_metres

DATA = CprData()


def at(name: str, x: float, y: float, **more: object) -> Target:
    return Target(name=name, position=Spot(x_m=x, y_m=y), **more)  # type: ignore[arg-type]


def by_target(outcome: Outcome) -> dict[str, dict[str, object]]:
    targets = outcome.result.fields()["targets"]
    assert isinstance(targets, list)
    return {str(t["target"]): t for t in targets}


def damage_rolls(outcome: Outcome) -> list[tuple[int, ...]]:
    return [r.faces for r in outcome.trace.rolls if r.purpose.endswith("damage")]


# --- geometry: any part of a body in a rectangle ---------------------------------------------


def test_c_8_square_edges_and_corners_count_when_touched() -> None:
    square = square_around(Point(x_ft=0, y_ft=0), 10.0)
    assert body_in_rectangle(Body(center=Point(x_ft=6.0, y_ft=0)), square)
    assert not body_in_rectangle(Body(center=Point(x_ft=6.01, y_ft=0)), square)
    assert body_in_rectangle(Body(center=Point(x_ft=5.7, y_ft=-5.7)), square)
    assert not body_in_rectangle(Body(center=Point(x_ft=5.75, y_ft=-5.75)), square)


def test_c_7_area_in_front_starts_at_the_shooter_and_turns_with_the_facing() -> None:
    block = area_in_front(Point(x_ft=0, y_ft=0), 90.0, 20.0, 20.0)
    assert body_in_rectangle(Body(center=Point(x_ft=19.5, y_ft=9.5)), block)
    assert not body_in_rectangle(Body(center=Point(x_ft=-1.5, y_ft=0)), block)
    north = area_in_front(Point(x_ft=0, y_ft=0), 0.0, 20.0, 20.0)
    assert body_in_rectangle(Body(center=Point(x_ft=9.5, y_ft=19.5)), north)
    assert not body_in_rectangle(Body(center=Point(x_ft=19.5, y_ft=9.5)), north)


def test_areas_refuse_a_flat_rectangle() -> None:
    with pytest.raises(RuleRefusal):
        Rectangle(center=Point(x_ft=0, y_ft=0), depth_ft=0.0, width_ft=1.0)


# --- C-7 shotgun shells ---------------------------------------------------------------------

SHELLS = ShotgunShells(
    ref=6,
    skill=5,
    toward=Spot(x_m=10, y_m=0),
    targets=(
        at("Ana", 3, 1, body_sp=7),
        at("Bo", 5, -2, body_sp=11),
        at("Cy", 9, 0),
        at("Di", 2, 2, visible=False),
        at("Ed", -1, 0),
    ),
)


def test_c_7_one_attack_at_dv_13_one_damage_roll_armor_per_target() -> None:
    outcome = resolve_shotgun_shells(SHELLS, Dice.scripted([4, 5, 4, 3]), DATA)
    assert outcome.result.fields()["attack_total"] == 15 and outcome.result.fields()["dv"] == 13
    assert damage_rolls(outcome) == [(5, 4, 3)]
    dealt = {e.target: e for e in outcome.events if isinstance(e, DamageDealt)}
    assert {k: (v.sp, v.through) for k, v in dealt.items()} == {"Ana": (7, 5), "Bo": (11, 1)}
    results = by_target(outcome)
    assert [results[n]["result"] for n in ("Cy", "Di", "Ed")] == ["not in area"] * 3
    assert results["Di"]["reason"] == "the shooter cannot see them"
    assert outcome.events[:2] == (
        ActionTaken(actor="shooter", action="shotgun shells"),
        RoundsFired(actor="shooter", weapon="shotgun", rounds=1),
    )
    assert outcome.result.fields()["rounds_left"] == 3


def test_c_7_the_dv_is_flat_even_where_the_slug_row_says_15() -> None:
    fire = replace(SHELLS, targets=(at("Far", 6.2, 2.9),))
    outcome = resolve_shotgun_shells(fire, Dice.scripted([3, 1, 1, 1]), DATA)
    assert outcome.result.fields()["attack_total"] == 14
    assert by_target(outcome)["Far"]["result"] == "hit"


def test_c_7_edges_of_the_6_m_block() -> None:
    fire = replace(
        SHELLS,
        targets=(at("edge", 6.3, 0), at("past", 6.31, 0), at("side", 3, 3.3), at("wide", 3, 3.31)),
    )
    outcome = resolve_shotgun_shells(fire, Dice.scripted([9, 1, 1, 1]), DATA)
    results = by_target(outcome)
    assert results["edge"]["result"] == results["side"]["result"] == "hit"
    assert results["past"]["result"] == results["wide"]["result"] == "not in area"


def test_c_7_dec_866_a_body_level_with_the_shooter_is_beside_the_spread() -> None:
    """A body whose edge reaches over the block's near side but stands level with the shooter,
    or a little behind, is not in front of them; a step ahead of the shooter, it is."""
    fire = replace(SHELLS, targets=(at("level", 0, 2), at("behind", -0.2, 1), at("ahead", 0.05, 2)))
    outcome = resolve_shotgun_shells(fire, Dice.scripted([9, 1, 1, 1]), DATA)
    results = by_target(outcome)
    assert results["ahead"]["result"] == "hit"
    assert results["level"]["result"] == results["behind"]["result"] == "not in area"
    assert results["level"]["reason"] == "level with the shooter or behind, not in front"


def test_c_7_a_dodging_target_replaces_the_dv_for_themselves_only() -> None:
    fire = replace(
        SHELLS,
        targets=(at("Ana", 3, 1), at("Bo", 5, -2, dodge=Dodge(ref=8, dex=7, evasion=6))),
    )
    outcome = resolve_shotgun_shells(fire, Dice.scripted([9, 4, 2, 2, 2]), DATA)
    assert [r.purpose for r in outcome.trace.rolls][:2] == ["Bo's dodge", "shooter's shotgun shell"]
    results = by_target(outcome)
    assert results["Ana"]["result"] == "hit"
    assert results["Bo"]["result"] == "miss" and results["Bo"]["dodge"] == 22


def test_c_7_a_critical_is_rolled_for_each_target_hit() -> None:
    fire = replace(SHELLS, targets=(at("Ana", 3, 1), at("Bo", 5, -2)))
    outcome = resolve_shotgun_shells(fire, Dice.scripted([4, 6, 6, 1, 1, 1, 6, 6]), DATA)
    injuries = [
        (e.target, e.injury) for e in outcome.events if isinstance(e, CriticalInjuryInflicted)
    ]
    assert injuries == [("Ana", "dismembered-arm"), ("Bo", "dismembered-leg")]
    assert len(damage_rolls(outcome)) == 1


def test_c_7_a_miss_rolls_no_damage() -> None:
    source = ScriptedSource([2, 6, 6, 6])
    outcome = resolve_shotgun_shells(SHELLS, Dice(source), DATA)
    assert outcome.result.fields()["hits"] == 0 and source.remaining == (6, 6, 6)


def test_c_7_faces_the_first_target_by_default() -> None:
    fire = replace(SHELLS, toward=None, targets=(at("Ana", 0, 4), at("Bo", 4, 0)))
    outcome = resolve_shotgun_shells(fire, Dice.scripted([9, 1, 1, 1]), DATA)
    results = by_target(outcome)
    assert results["Ana"]["result"] == "hit" and results["Bo"]["result"] == "not in area"


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"aim": Aim.HEAD}, "CPR-AIM-1"),
        ({"weapon": "heavy pistol"}, "C-7"),
        ({"loaded": 0}, "CPR-AMMO-1"),
        ({"ammo": "basic"}, "CPR-AMMO-1"),
        ({"targets": (Target(name="nowhere"),)}, "C-7"),
        ({"targets": (at("A", 1, 0), at("A", 2, 0))}, "C-7"),
        ({"toward": None, "targets": ()}, "C-7"),
    ],
)
def test_c_7_refusals(change: dict[str, object], rule: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_shotgun_shells(replace(SHELLS, **change), Dice.scripted([]), DATA)  # type: ignore[arg-type]
    assert err.value.rule == rule


# --- C-8 explosives -------------------------------------------------------------------------

BLAST = Explosion(
    weapon="grenade launcher",
    aim_point=Spot(x_m=20, y_m=0),
    stat=7,
    skill=4,
    targets=(
        at("Ana", 18, 1, body_sp=11, head_sp=18),
        at("Bo", 25.2, 5.2),
        at("Cy", 25.25, 5.25),
        at("Di", 30, 0),
    ),
)


def test_c_8_everyone_in_the_10_m_square_takes_one_damage_roll() -> None:
    outcome = resolve_explosion(BLAST, Dice.scripted([7, 1, 2, 3, 4, 5, 1]), DATA)
    assert outcome.result.fields()["dv"] == 15 and outcome.result.fields()["attack_total"] == 18
    assert damage_rolls(outcome) == [(1, 2, 3, 4, 5, 1)]
    dealt = {
        e.target: (e.location, e.sp, e.through)
        for e in outcome.events
        if isinstance(e, DamageDealt)
    }
    assert dealt == {"Ana": ("body", 11, 5), "Bo": ("body", 0, 16)}
    assert [by_target(outcome)[n]["result"] for n in ("Cy", "Di")] == ["outside", "outside"]
    assert RoundsFired(actor="shooter", weapon="grenade-launcher", rounds=1) in outcome.events
    assert outcome.result.fields()["rounds_left"] == 1


def test_c_8_never_the_head_and_only_body_sp_ablates() -> None:
    outcome = resolve_explosion(BLAST, Dice.scripted([7, 1, 2, 3, 4, 5, 1]), DATA)
    ablated = [e for e in outcome.events if isinstance(e, ArmorAblated)]
    assert [(e.target, e.location, e.sp_after) for e in ablated] == [("Ana", "body", 10)]
    assert "never hits the head" in outcome.trace.render_text()


def test_c_8_a_miss_leaves_the_landing_to_the_gm() -> None:
    source = ScriptedSource([3, 6, 6, 6, 6, 6, 6])
    outcome = resolve_explosion(BLAST, Dice(source), DATA)
    assert outcome.result.fields()["result"] == "missed"
    assert source.remaining == (6, 6, 6, 6, 6, 6)
    assert "the GM's call" in outcome.trace.render_text()
    assert not any(isinstance(e, DamageDealt) for e in outcome.events)


def test_c_8_a_placed_charge_rolls_no_attack() -> None:
    placed = replace(BLAST, placed=True, damage_d6=2)
    outcome = resolve_explosion(placed, Dice.scripted([3, 4]), DATA)
    assert outcome.result.fields()["attack_total"] is None
    assert damage_rolls(outcome) == [(3, 4)]
    assert not any(isinstance(e, ActionTaken | RoundsFired) for e in outcome.events)


def test_c_8_a_dodge_the_attack_does_not_beat_takes_the_target_clear() -> None:
    fire = replace(
        BLAST,
        targets=(at("Ana", 18, 1), at("Bo", 22, 0, dodge=Dodge(ref=9, dex=8, evasion=7))),
    )
    clear = resolve_explosion(fire, Dice.scripted([5, 7, 1, 1, 1, 1, 1, 1]), DATA)
    assert by_target(clear)["Bo"]["result"] == "dodged"
    caught = resolve_explosion(fire, Dice.scripted([1, 1, 9, 1, 1, 1, 1, 1, 1]), DATA)
    assert by_target(caught)["Bo"]["result"] == "hit"


def test_cpr_dod_1_a_ref_7_target_cannot_dodge_an_area_attack() -> None:
    """CPR-DOD-1 (C-7 allows it REF 8+, CPR-THR-1 for a thrown grenade): Bo's REF 7 dodge in a
    shotgun shell's block or a grenade's square is refused before any die."""
    slow = Dodge(ref=7, dex=8, evasion=7)
    shells = replace(SHELLS, targets=(at("Bo", 5, -2, dodge=slow),))
    blast = replace(BLAST, targets=(at("Bo", 22, 0, dodge=slow),))
    with pytest.raises(RuleRefusal) as in_block:
        resolve_shotgun_shells(shells, Dice.scripted([]), DATA)
    with pytest.raises(RuleRefusal) as in_square:
        resolve_explosion(blast, Dice.scripted([]), DATA)
    for err in (in_block, in_square):
        assert err.value.rule == "CPR-DOD-1" and "REF 7" in err.value.reason


def test_c_8_nobody_dodges_a_placed_charge() -> None:
    fire = replace(
        BLAST, placed=True, targets=(at("Bo", 22, 0, dodge=Dodge(ref=9, dex=8, evasion=7)),)
    )
    with pytest.raises(RuleRefusal) as err:
        resolve_explosion(fire, Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-DOD-1"


def test_cpr_thr_1_a_thrown_grenade_is_dex_athletics_on_the_grenade_launcher_row() -> None:
    thrown = replace(
        BLAST,
        weapon="grenade",
        stat=6,
        skill=5,
        aim_point=Spot(x_m=10, y_m=0),
        targets=(at("Ana", 10, 0),),
    )
    outcome = resolve_explosion(thrown, Dice.scripted([5, 1, 1, 1, 1, 1, 1]), DATA)
    assert outcome.result.fields()["dv"] == 15 and outcome.result.fields()["attack_total"] == 16
    text = outcome.trace.render_text()
    assert "shooter's DEX" in text and "Athletics skill" in text
    assert ItemThrown(actor="shooter", item="grenade") in outcome.events
    assert damage_rolls(outcome) == [(1, 1, 1, 1, 1, 1)]


def test_cpr_thr_1_a_grenade_goes_25_m_at_most() -> None:
    far = replace(BLAST, weapon="grenade", aim_point=Spot(x_m=25.5, y_m=0))
    with pytest.raises(RuleRefusal) as err:
        resolve_explosion(far, Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-THR-1"
    near = replace(BLAST, weapon="grenade", aim_point=Spot(x_m=25, y_m=0), targets=())
    assert resolve_explosion(near, Dice.scripted([1, 1]), DATA).result.fields()["dv"] == 15


def test_c_2_a_throw_is_measured_as_a_shot_is_to_the_hundredth() -> None:
    # 25.004 m is 25 m to the hundredth, as a shot's distance reads it: within the throw's
    # 25 m (CPR-THR-1), not 26 m and refused; 25.01 m is over.
    edge = replace(BLAST, weapon="grenade", aim_point=Spot(x_m=25.004, y_m=0), targets=())
    thrown = resolve_explosion(edge, Dice.scripted([1, 1]), DATA)
    assert thrown.result.fields()["dv"] == 15
    assert "rounds up" not in thrown.trace.render_text()
    over = replace(edge, aim_point=Spot(x_m=25.01, y_m=0))
    with pytest.raises(RuleRefusal) as err:
        resolve_explosion(over, Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-THR-1"


def test_c_8_launcher_reach_follows_the_range_table() -> None:
    rocket = replace(BLAST, weapon="rocket launcher", aim_point=Spot(x_m=600, y_m=0), targets=())
    assert resolve_explosion(rocket, Dice.scripted([5]), DATA).result.fields()["dv"] == 30
    grenade = replace(BLAST, aim_point=Spot(x_m=600, y_m=0), targets=())
    with pytest.raises(RuleRefusal) as err:
        resolve_explosion(grenade, Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-RNG-1"


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"weapon": "heavy pistol"}, "C-8"),
        ({"loaded": 0}, "CPR-AMMO-1"),
        ({"targets": (Target(name="nowhere"),)}, "C-8"),
        ({"damage_d6": 0}, "C-8"),
    ],
)
def test_c_8_refusals(change: dict[str, object], rule: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_explosion(replace(BLAST, **change), Dice.scripted([]), DATA)  # type: ignore[arg-type]
    assert err.value.rule == rule


# --- C-6 suppressive fire -------------------------------------------------------------------

SUPPRESS = SuppressiveFire(
    weapon="assault rifle",
    ref=7,
    skill=4,
    targets=(
        at("Ana", 25, 0, will=5, concentration=3),
        at("Bo", 25.2, 0),
        at("Cy", 10, 0, visible=False),
        at("Di", 10, 5, on_foot=False),
        at("Ed", 5, 5, in_cover=True),
    ),
)


def test_c_6_only_the_exposed_within_25_m_roll() -> None:
    outcome = resolve_suppression(SUPPRESS, Dice.scripted([6, 2]), DATA)
    assert [r.purpose for r in outcome.trace.rolls] == [
        "shooter's autofire check",
        "Ana's resistance",
    ]
    results = by_target(outcome)
    assert results["Bo"]["reason"] == "26 m away, beyond 25 m"
    assert results["Cy"]["reason"] == "out of the shooter's line of sight"
    assert results["Di"]["reason"] == "not on foot"
    assert results["Ed"]["reason"] == "already in cover"
    assert outcome.events == (
        ActionTaken(actor="shooter", action="suppressive fire"),
        RoundsFired(actor="shooter", weapon="assault-rifle", rounds=10),
        MustTakeCover(target="Ana", by="shooter"),
    )
    assert outcome.result.fields()["rounds_left"] == 15


def test_c_6_a_tie_goes_to_the_suppressed_target() -> None:
    outcome = resolve_suppression(SUPPRESS, Dice.scripted([6, 9]), DATA)
    assert outcome.result.fields()["check_total"] == 17
    assert by_target(outcome)["Ana"]["resist_total"] == 17
    assert outcome.result.fields()["must_take_cover"] == []


def test_c_6_deals_no_damage() -> None:
    outcome = resolve_suppression(SUPPRESS, Dice.scripted([10, 10, 1, 10]), DATA)
    assert not any(isinstance(e, DamageDealt) for e in outcome.events)


def test_c_6_a_seriously_wounded_target_resists_at_minus_2() -> None:
    fire = replace(
        SUPPRESS,
        targets=(at("Ana", 5, 0, will=5, concentration=3, health=Health(hp=5, max_hp=40)),),
    )
    outcome = resolve_suppression(fire, Dice.scripted([6, 9]), DATA)
    assert by_target(outcome)["Ana"]["resist_total"] == 15
    assert outcome.result.fields()["must_take_cover"] == ["Ana"]


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"loaded": 9}, "C-6"),
        ({"weapon": "heavy pistol"}, "C-6"),
        ({"targets": (Target(name="nowhere"),)}, "C-6"),
    ],
)
def test_c_6_refusals(change: dict[str, object], rule: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_suppression(replace(SUPPRESS, **change), Dice.scripted([]), DATA)  # type: ignore[arg-type]
    assert err.value.rule == rule


def test_c_2_scene_distances_are_metres_and_round_up() -> None:
    """C-2: positions in metres reach the feet-based geometry and come back unchanged."""
    assert feet_from_metres(1.0) == pytest.approx(3.28084, abs=1e-5)
    fire = replace(SUPPRESS, targets=(at("Ana", 15, 20, will=9, concentration=9),))
    outcome = resolve_suppression(fire, Dice.scripted([1, 1, 5]), DATA)
    assert by_target(outcome)["Ana"]["distance_m"] == 25.0
    assert by_target(outcome)["Ana"]["affected"] is True
