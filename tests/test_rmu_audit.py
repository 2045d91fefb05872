"""The rmu defects of the rules audit (issue 11), each pinned by the audit's own command and the
numbers the rules give, worked by hand: bodies in front (P-2 revised, RMU-RF-11, RMU-COV-5), the
stray round (P-8, RMU-COV-6), suppression at point blank (F-8, RMU-SUP-4), the unconscious
defender (P-9), armor wear (P-5, RMU-BRK-1, RMU-BRK-2), the rule IDs and wording of the trace,
and rules that had no way in (RMU-HUNT-1, RMU-RF-1, RMU-DOD-2, RMU-COV-7, RMU-TRI-2, RMU-ARM-5,
the fumble's 66)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from encounter_support import person, scene
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.events import HitsInflicted
from firefight.rulesets.rmu.melee.holds import GRAPPLED
from firefight.rulesets.rmu.vitals import penalty_modifiers
from firefight.scene.apply import apply_all
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState

RMU: Ruleset = find_ruleset("rmu")
RUNNER = CliRunner()
#: ``rmu shoot`` with the Glock 17 most of the audit's commands fire.
GLOCK_SHOT = ("rmu", "shoot", "--weapon", "glock-17")
#: The Benelli M4 of the shotgun's commands, at OB 80.
SHOTGUN_SHOT = ("rmu", "shoot", "--weapon", "benelli-m4", "--ob", "80")


def hits_on(total: int, column: str) -> int:
    """The 9 mm table's concussion hits at ``total`` in ``column``."""
    return RmuData().tables.attack("firearm-9mm").lookup(total, column).hits


def opened_state(doc: dict[str, Any]) -> EncounterState:
    """Round 1 of a scene, initiative from a seeded die."""
    return engine.open_fight(initial_state(scenario_from_data(doc)), RMU, Dice.seeded(1)).state


def run(*args: str) -> Any:
    """Run a command with --json and return its document."""
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def parts_of(trace: Sequence[Mapping[str, Any]], label: str) -> dict[str, int]:
    """The parts of the total named ``label``, by rule ID (or label when the part has none)."""
    total = next(t for t in trace if t.get("type") == "total" and t["label"] == label)
    return {p["rule"] or p["label"]: p["value"] for p in total["parts"]}


# --- P-2 revised: the screen is the best single grade, one up for two or more ---------------

SCENE_P2 = """
[[person]]
name = "Bob"
x_ft = 0
y_ft = 60
[[person]]
name = "A"
x_ft = 0
y_ft = 20
posture = "prone"
[[person]]
name = "B"
x_ft = 0
y_ft = 40
"""


def rapid_fire_at_the_audit_scene(tmp_path: Path, *args: str) -> Any:
    """``rmu rapid-fire`` (Zastava M85, share 100, OB 100) into :data:`SCENE_P2`, as JSON."""
    path = tmp_path / "scene.toml"
    path.write_text(SCENE_P2)
    return run(
        "rmu",
        "rapid-fire",
        "--weapon",
        "zastava-m85-stock",
        "--share",
        "100",
        "--ob",
        "100",
        "--scene",
        str(path),
        *args,
    )


def test_p_2_rmu_rf_11_a_prone_body_in_front_never_lowers_a_standing_bodys_full_cover(
    tmp_path: Path,
) -> None:
    """The audit's scene: B standing at 40 ft hides all of Bob at 60 ft (full, -175 on the
    SG & ME 1-6 hard column); A prone at 20 ft hides less. Best single grade full, stepped up
    stays full: -175, not the -35 the nearer prone body gave."""
    doc = rapid_fire_at_the_audit_scene(tmp_path, "--rolls", "50,50,50,50,50,50")
    bob = next(t for t in doc["result"]["targets"] if t["name"] == "Bob")
    assert bob["body_cover"] == "full"
    assert parts_of(doc["trace"], "attack total against Bob")["RMU-RF-11"] == -175


def test_p_2_rmu_cov_5_encounter_aimed_shot_takes_the_best_body_not_the_nearest() -> None:
    """Mara at 0,0 shoots Viktor at 0,60 past Ann prone at 0,20 and Ben standing at 0,40: full
    hard cover from bodies, -175 (SG & ME 1-6), where the nearer prone body alone gave partial
    stepped up."""
    doc = scene(
        person("Mara", 0, 0),
        person("Viktor", 0, 60),
        person("Ann", 0, 20, posture="prone"),
        person("Ben", 0, 40),
    )
    res = engine.act(opened_state(doc), "Mara shoots Viktor", RMU, Dice.scripted([10, 1, 50, 50]))
    parts = parts_of(res.record.trace, "attack total")
    assert parts["RMU-COV-5"] == -175


# --- P-8: the stray round drops only the OB ----------------------------------------------------


def test_p_8_rmu_cov_6_stray_round_keeps_range_and_recoil() -> None:
    """The audit's shot: Glock 17 at 100 ft is Extreme (-50), unprepared (-30); 60 + 40 - 30
    - 50 - 70 (half hard cover from bodies) = -50 misses. A d2 of 2 sends it into Ben: 88 + 0
    - 30 - 50 = 8, below the table (not the 88 the OB-only reading gave)."""
    doc = run(
        *GLOCK_SHOT,
        "--ob",
        "40",
        "--distance",
        "100",
        "--body-cover",
        "half",
        "--shielder",
        "Ana=BA II",
        "--shielder",
        "Ben",
        "--rolls",
        "60,2,88,12",
    )
    assert doc["result"]["attack_total"] == -50
    assert doc["result"]["shielder"]["name"] == "Ben"
    assert doc["result"]["shielder"]["attack_total"] == 8
    assert parts_of(doc["trace"], "attack total against Ben") == {
        "RMU-GEN-2": 88,
        "RMU-COV-6": 0,
        "RMU-GEN-3": -30,
        "RMU-GEN-4": -50,
    }


def test_p_8_dec_100_the_targets_own_conditions_stay_behind() -> None:
    """A prone target's -30 (R-1) and a hunting weapon's bonus against a Large target
    (RMU-HUNT-1) are the target's, not the shot's: the stray round into Ben leaves them and
    keeps the shooter's higher ground +10 and the haste of a 2 AP shot (-25)."""
    doc = run(
        *GLOCK_SHOT,
        "--ob",
        "40",
        "--distance",
        "20",
        "--ap",
        "2",
        "--situation",
        "prone-target",
        "--situation",
        "higher-ground",
        "--body-cover",
        "full",
        "--shielder",
        "Ben",
        "--rolls",
        "30,50",
    )
    against_ben = next(
        t
        for t in doc["trace"]
        if t.get("type") == "total" and t["label"] == "attack total against Ben"
    )
    # Both R-1 terms share a rule ID, so the parts are read by label: 50 + 0 - 30 - 25 + 10 = 5
    # (the prone -30 carried over would make it -25).
    assert [(p["label"], p["value"]) for p in against_ben["parts"]] == [
        ("attack roll, d100 open-ended high", 50),
        ("OB +0: none of the shooter's skill", 0),
        ("recoil, shot not prepared", -30),
        ("haste: 2 AP of 3", -25),
        ("higher ground", 10),
    ]
    assert against_ben["value"] == 5


# --- F-8: suppression at the point-blank boundary ----------------------------------------------


def test_f_8_rmu_sup_4_glock_sweep_at_10_ft_is_refused() -> None:
    """10 ft is point blank for an aimed Glock shot (RMU-PB-1), so it is too close to sweep."""
    args = ["rmu", "suppress", "--weapon", "glock-17", "--distance", "10", "--width", "5"]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("refused: RMU-SUP-4: There is no suppressing within 10 ft")


def test_f_8_rmu_sup_4_a_rifle_sweep_inside_20_ft_is_refused() -> None:
    """An SKS-46 is a rifle: its point-blank reach is 20 ft, so a sweep at 15 or 20 ft is
    refused and one at 21 ft flies."""
    for distance in ("15", "20"):
        args = ["rmu", "suppress", "--weapon", "sks-46", "--distance", distance, "--width", "5"]
        result = RUNNER.invoke(app, args)
        assert result.exit_code == 2
        assert result.stderr.startswith("refused: RMU-SUP-4: There is no suppressing within 20 ft")
    doc = run(
        "rmu", "suppress", "--weapon", "sks-46", "--distance", "21", "--width", "5", "--seed", "1"
    )
    assert doc["result"]["detail"] == "swept"


# --- P-9: no defenses for the unconscious ------------------------------------------------------


def test_p_9_an_unconscious_target_gets_no_quickness_or_dodge() -> None:
    """Behind half hard cover a conscious target adds Quickness DB 10 and half the Dodge 30
    (15) (RMU-DOD-1): 50 + 60 - 30 - 70 - 10 - 15 = -15. Unconscious, only the cover counts:
    50 + 60 - 30 - 70 = 10."""
    base = (
        *GLOCK_SHOT,
        "--ob",
        "60",
        "--distance",
        "20",
        "--cover",
        "half:hard",
        "--quickness-db",
        "10",
        "--dodge",
        "30",
        "--rolls",
        "50",
    )
    awake = run(*base)
    assert awake["result"]["attack_total"] == -15
    out = run(*base, "--unconscious")
    assert out["result"]["attack_total"] == 10
    assert "RMU-DOD-1" not in parts_of(out["trace"], "attack total")
    assert any(t.get("rule") == "P-9" for t in out["trace"])


def test_p_9_in_an_encounter_an_unconscious_combatant_loses_quickness_db() -> None:
    """Viktor (Quickness DB 20) kneels behind a waist-high wall: conscious, his DB 20 counts;
    knocked out (50 hits taken of 50), it does not."""
    wall = {"name": "wall", "from": [-5, 27], "to": [5, 27], "height_ft": 3.5, "material": "hard"}
    doc = scene(person("Mara", 0, 0), person("Viktor", 0, 30, quickness=20), barriers=[wall])
    doc["combatant"][1]["stats"]["quickness_db"] = 20
    state = opened_state(doc)
    awake = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    assert parts_of(awake, "attack total").get("RMU-DOD-1") == -20
    out = apply_all(state, (HitsInflicted(target="Viktor", hits=50, rule="RMU-GEN-5"),), RMU)
    assert out.combatant("Viktor").unconscious
    trace = engine.act(out, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    assert "RMU-DOD-1" not in parts_of(trace, "attack total")
    assert any(t.get("rule") == "P-9" for t in trace)


def held(state: EncounterState, victim: str, by: str, hold: int) -> EncounterState:
    """``state`` with ``by``'s hold of ``hold``% on ``victim`` (DEC-343), from round 1."""
    grip = ActiveCondition(
        id=f"{GRAPPLED}-{by}-{victim}",
        kind=GRAPPLED,
        holder=victim,
        data=(("grappler", by), ("hold", hold), ("round", 1)),
    )
    return replace(state, conditions=(*state.conditions, grip))


def test_p_9_dec_343_a_victim_held_fast_brings_no_defense_against_a_shot() -> None:
    """P-9 names the helpless with the unconscious; DEC-343 makes a victim held 100% helpless.
    Viktor (Quickness DB 20) behind the waist-high wall, Ana holding him from behind: held 90%
    his DB 20 still counts against Mara's shot (RMU-DOD-1); held fast it does not, and the
    trace says why. Before the fix a held-fast victim defended against gunfire as ever."""
    wall = {"name": "wall", "from": [-5, 27], "to": [5, 27], "height_ft": 3.5, "material": "hard"}
    doc = scene(
        person("Mara", 0, 0), person("Viktor", 0, 30), person("Ana", 0, 32), barriers=[wall]
    )
    doc["combatant"][1]["stats"]["quickness_db"] = 20
    state = opened_state(doc)
    loose = engine.act(
        held(state, "Viktor", "Ana", 90), "Mara shoots Viktor", RMU, Dice.scripted([10])
    )
    assert parts_of(loose.record.trace, "attack total").get("RMU-DOD-1") == -20
    fast = engine.act(
        held(state, "Viktor", "Ana", 100), "Mara shoots Viktor", RMU, Dice.scripted([10])
    )
    assert "RMU-DOD-1" not in parts_of(fast.record.trace, "attack total")
    assert any(t.get("rule") == "P-9" for t in fast.record.trace)


# --- RMU-TRI-2: the shooter's Strength against an unbraced tripod gun's recoil ---------------


def test_rmu_tri_2_shoot_strength_defends_against_the_recoil() -> None:
    """M2HB from the hip: the recoil attack is 50 + 0 + 145 (5 x ME 29) - 3 x Strength 10
    = 165; with no --strength it was 195."""
    base = ("rmu", "shoot", "--weapon", "m2hb", "--ob", "60", "--distance", "100")
    strong = run(*base, "--strength", "10", "--rolls", "50,50,50,50,50")
    assert strong["result"]["recoil"]["attack_total"] == 165
    weak = run(*base, "--rolls", "50,50,50,50,50")
    assert weak["result"]["recoil"]["attack_total"] == 195


# --- the trace's wording -------------------------------------------------------------------------


def test_rmu_ammo_3_an_ap_round_through_a_soft_vest_is_under_it_not_uncovered() -> None:
    """9 mm AP defeats BA II (RMU-AMMO-3): the abdomen is under the vest the round goes
    through, which is also why the breakage check follows (RMU-AMMO-5)."""
    doc = run(
        *GLOCK_SHOT,
        "--ob",
        "70",
        "--distance",
        "20",
        "--prepared",
        "--armor",
        "BA II",
        "--ammo",
        "armor-piercing",
        "--rolls",
        "50,30,80",
    )
    texts = [t["text"] for t in doc["trace"] if t["type"] == "step"]
    read = next(t for t in texts if t.startswith("Critical C to the abdomen"))
    assert "under the BA II, which the round goes through" in read
    assert "not covered" not in read
    assert any("the abdomen is covered" in t for t in texts)


def test_rmu_rf_10_rapid_fire_scene_with_target_aims_at_the_first_target(
    tmp_path: Path,
) -> None:
    """With --scene and --target the first --target is the man aimed at, as the help says."""
    doc = rapid_fire_at_the_audit_scene(
        tmp_path, "--target", "Zed:3,30", "--rolls", ",".join(["50"] * 12)
    )
    roles = {t["name"]: t["role"] for t in doc["result"]["targets"]}
    assert roles["Zed"] == "aimed" and roles.get("Bob") != "aimed"


def test_r_4_next_round_prints_the_upkeep_before_the_initiative_it_depends_on(
    tmp_path: Path,
) -> None:
    """Jonah bleeds 4 a round from a D critical (R-4); his initiative takes the penalties the
    upkeep leaves (R-5), so the bleeding is printed first."""
    store = ["--store", f"sqlite:///{tmp_path / 'fights.db'}"]
    warehouse = str(Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml")
    for args in (
        ["encounter", "new", "dock", "--scenario", warehouse, "--seed", "3"],
        ["encounter", "act", "dock", "Mara shoots Jonah", "--rolls", "95,60"],
    ):
        assert RUNNER.invoke(app, [*args, *store]).exit_code == 0
    argv = ["encounter", "next-round", "dock", "--seed", "4", "--force", *store]
    out = RUNNER.invoke(app, argv).stdout
    assert "Jonah bleeds 4 hits" in out
    assert out.index("Jonah bleeds 4 hits") < out.index("initiative for")


def test_r_2_hits_lost_label_says_what_the_share_really_is() -> None:
    """74.5% lost is -20 (51-75%), 75.4% is -30 (over 75%): neither reads "75%" (R-2)."""
    here = Point(x_ft=0, y_ft=0)
    below = penalty_modifiers(CombatantState(name="a", position=here, hits_max=200, hits_taken=149))
    above = penalty_modifiers(CombatantState(name="a", position=here, hits_max=500, hits_taken=377))
    assert [(m.value, m.label) for m in below] == [(-20, "hits lost (149 of 200: 74.5%)")]
    assert [(m.value, m.label) for m in above] == [(-30, "hits lost (377 of 500: 75.4%)")]


def test_rmu_rf_6_one_bullet_is_one_bullet() -> None:
    """A belt with one round left fires it (RMU-RF-6): 1 bullet, worth +5 (F-1)."""
    args = (
        "rmu",
        "rapid-fire",
        "--weapon",
        "m2hb",
        "--share",
        "50",
        "--ob",
        "50",
        "--mounted",
        "--continuing",
        "--rounds-left",
        "1",
        "--target",
        "Bob:0,100",
    )
    human = RUNNER.invoke(app, [*args, "--rolls", "50,50"]).stdout
    assert "1 bullets" not in human
    assert "BURST: 1 bullet, +3 carried" in human
    assert "Bullet ladder: 1 bullet worth +5" in human


# --- rules that had no way in: a shotgun and a hunting rifle ------------------------------------


def armed(name: str, x: float, y: float, weapon: str, rounds: int, **core: Any) -> dict[str, Any]:
    """A combatant with one gun at OB 80 and Rapid Fire 50."""
    return {
        "name": name,
        "position": [x, y],
        "hits": 60,
        "stats": {"quickness": 0, "body_development": 25, "bmr_ft": 20},
        "skills": {"gun": {"bonus": 80, "ranks": 10}, "rapid-fire": {"bonus": 50}},
        "weapon": [
            {"name": "gun", "weapon": weapon, "skill": "gun", "magazines": [{"rounds": rounds}]}
        ],
        **core,
    }


def test_rmu_hunt_1_the_hunting_rifle_gets_class_ii_against_a_large_target() -> None:
    """Browning BAR (hunting class II): +25 against a Large target, nothing against a man."""
    base = ("rmu", "shoot", "--weapon", "browning-bar", "--ob", "80", "--distance", "100")
    large = run(*base, "--size", "large", "--rolls", "50,50")
    assert parts_of(large["trace"], "attack total")["RMU-HUNT-1"] == 25
    assert large["result"]["attack_total"] == 50 + 80 - 30 + 25
    man = run(*base, "--rolls", "50,50")
    assert "RMU-HUNT-1" not in parts_of(man["trace"], "attack total")


def test_rmu_hunt_1_in_an_encounter_against_a_large_combatant() -> None:
    state = opened_state(
        scene(
            armed("Hana", 0, 0, "browning-bar", 4),
            armed("Bear", 0, 100, "glock-17", 17, size="large"),
        )
    )
    trace = engine.act(state, "Hana shoots Bear", RMU, Dice.scripted([10, 50, 50])).record.trace
    assert parts_of(trace, "attack total")["RMU-HUNT-1"] == 25


def test_rmu_rf_1_the_shotgun_is_refused_rapid_fire_from_the_cli_and_an_encounter() -> None:
    args = ["rmu", "rapid-fire", "--weapon", "benelli-m4", "--prepare"]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("refused: RMU-RF-1: The Benelli M4 is a shotgun")
    state = opened_state(
        scene(armed("Hana", 0, 0, "benelli-m4", 7), armed("Ivo", 0, 30, "glock-17", 17))
    )
    with pytest.raises(RuleRefusal) as info:
        engine.act(state, "Hana prepares rapid fire at Ivo", RMU, Dice.scripted([50]))
    assert info.value.rule == "RMU-RF-1" and "shotgun" in info.value.reason


def test_rmu_pb_1_rmu_cov_3_the_shotgun_point_blank_and_cover_column() -> None:
    """At 15 ft the shotgun is inside a long gun's 20 ft: point blank +10 (RMU-PB-1). Hard
    half cover reads the SG & ME 1-6 column, +70, although its ME 10 would read ME 7-12's 60
    (RMU-COV-3): 50 + 80 - 30 + 10 - 70 = 40."""
    doc = run(*SHOTGUN_SHOT, "--distance", "15", "--cover", "half:hard", "--rolls", "50")
    parts = parts_of(doc["trace"], "attack total")
    assert parts["RMU-PB-1"] == 10 and parts["RMU-COV-3"] == -70
    assert doc["result"]["attack_total"] == 40
    past = run(*SHOTGUN_SHOT, "--distance", "21", "--rolls", "50,50")
    assert "RMU-PB-1" not in parts_of(past["trace"], "attack total")


def test_rmu_ammo_2_no_armor_piercing_load_for_the_shotgun() -> None:
    result = RUNNER.invoke(app, [*SHOTGUN_SHOT, "--distance", "15", "--ammo", "armor-piercing"])
    assert result.exit_code == 2 and "RMU-AMMO-2" in result.stderr


# --- other missiles and melee cover: rmu defend ------------------------------------------------


def test_rmu_dod_2_other_missiles_get_half_the_dodge_with_no_cover_needed() -> None:
    """In the open, a gun meets armor alone (RMU-DOD-1: DB 0); an arrow meets the Quickness DB
    10 and half the Dodge 30 (15): DB 25. Behind half hard cover the arrow reads the lightest
    column (DEC-103): 70 + 25 = 95."""
    base = ("rmu", "defend", "--quickness-db", "10", "--dodge", "30")
    assert run(*base, "--against", "firearm")["result"]["db"] == 0
    arrow = run(*base, "--against", "missile")
    assert arrow["result"]["db"] == 25
    assert set(parts_of(arrow["trace"], "defender's DB against missile")) == {"RMU-DOD-2"}
    covered = run(*base, "--against", "missile", "--cover", "half:hard")
    assert covered["result"]["db"] == 95
    out = run(*base, "--against", "missile", "--unconscious")  # P-9
    assert out["result"]["db"] == 0


def test_rmu_cov_7_melee_cover_from_the_command_line() -> None:
    """+10/+20/+50 by grade, doubled for anything harder than soft."""
    found = {
        cover: run("rmu", "defend", "--against", "melee", "--cover", cover)["result"]["db"]
        for cover in ("partial:soft", "half:soft", "full:soft", "partial:hard", "full:hardened")
    }
    assert found == {
        "partial:soft": 10,
        "half:soft": 20,
        "full:soft": 50,
        "partial:hard": 20,
        "full:hardened": 100,
    }


def test_rmu_cov_3_rmu_dod_1_defend_against_a_named_gun_behind_hard_cover() -> None:
    """Behind half hard cover against an SKS-46 (ME 12: the ME 7-12 column, 60) the defender
    adds the Quickness DB 10 (RMU-DOD-1): 70. With no gun named, hard cover is refused."""
    doc = run(
        "rmu",
        "defend",
        "--against",
        "firearm",
        "--cover",
        "half:hard",
        "--weapon",
        "sks-46",
        "--quickness-db",
        "10",
    )
    assert doc["result"]["db"] == 70
    result = RUNNER.invoke(app, ["rmu", "defend", "--against", "firearm", "--cover", "half:hard"])
    assert result.exit_code == 2 and "RMU-COV-3" in result.stderr


# --- RMU-ARM-5: the shooter's armor on a sweep (DEC-104) ---------------------------------------


def test_rmu_arm_5_a_sweep_carries_the_shooters_missile_penalty() -> None:
    """Fire Discipline 50 + roll 50 - 40 (30 ft past a free 15) = 60: 50% of the +25 five
    rounds are worth, +13 (F-5). In BA III (missile -10) the maneuver is 50: 40%, +10."""
    base = (
        "rmu",
        "suppress",
        "--weapon",
        "glock-17",
        "--distance",
        "60",
        "--width",
        "30",
        "--fire-discipline",
        "50",
        "--rolls",
        "50",
    )
    bare = run(*base)
    armored = run(*base, "--shooter-armor", "BA III")
    assert (bare["result"]["maneuver_total"], bare["result"]["volume_bonus"]) == (60, 13)
    assert (armored["result"]["maneuver_total"], armored["result"]["volume_bonus"]) == (50, 10)
    assert parts_of(armored["trace"], "Fire Discipline sweep total")["RMU-ARM-5"] == -10


def test_rmu_arm_5_in_an_encounter_the_sweepers_armor_counts() -> None:
    state = opened_state(
        scene(
            armed("Dario", 0, 0, "zastava-m85-stock", 30, armor={"kind": "BA IV"}),
            armed("Mara", 0, 40, "glock-17", 17),
        )
    )
    res = engine.act(state, "Dario sweeps 20 ft wide toward Mara", RMU, Dice.scripted([50] * 12))
    parts = parts_of(res.record.trace, "Fire Discipline sweep total")
    assert parts["RMU-ARM-5"] == -20


# --- the fumble's 66: a round toward the nearest ally, resolved (DEC-105) ----------------------


def test_rmu_gen_8_dec_105_a_fumbles_66_round_is_rolled_at_the_named_ally() -> None:
    """A natural 02 fumbles the Glock (01-03, RMU-GEN-8); the semi-automatics column's 66
    sends a round toward Ana, 50 ft away: 90 + 0 (OB +0) - 10 (Medium band) = 80 on her BA II
    column, rolled, with no fumble of its own."""
    doc = run(
        *GLOCK_SHOT,
        "--ob",
        "40",
        "--distance",
        "40",
        "--ally",
        "Ana=BA II@50",
        "--rolls",
        "2,66,90",
    )
    ally = doc["result"]["ally"]
    assert (ally["name"], ally["attack_total"], ally["column"]) == ("Ana", 80, "BA II")
    assert parts_of(doc["trace"], "attack total against Ana") == {
        "RMU-GEN-2": 90,
        "RMU-GEN-8": 0,
        "RMU-GEN-4": -10,
    }
    hits = hits_on(80, "BA II")
    landed = [e for e in doc["events"] if e["type"] == "HitsInflicted"]
    assert [(e["target"], e["hits"]) for e in landed] == ([("Ana", hits)] if hits else [])
    nobody = run(
        *GLOCK_SHOT,
        "--ob",
        "40",
        "--distance",
        "40",
        "--rolls",
        "2,66",
    )
    assert "ally" not in nobody["result"] or nobody["result"]["ally"] is None


def _mara_and_crew() -> dict[str, Any]:
    """Mara aims at Viktor 60 ft off; her crew: Lev 10 ft beside her, Ivo 30 ft the other way."""
    return scene(
        person("Mara", 0, 0, side="crew"),
        person("Viktor", 0, 60, side="them"),
        person("Lev", 10, 0, side="crew"),
        person("Ivo", -30, 0, side="crew"),
    )


def test_dec_105_in_an_encounter_the_66_hits_the_nearest_ally() -> None:
    """Mara (10 ranks: her Glock fumbles on 01 only, RMU-GEN-8) rolls 01; the 66 sends a round
    at Lev, her side's nearest at 10 ft, not Ivo at 30 ft: 95 + 0, Short band (no point
    blank), and the hits land on him."""
    state = opened_state(_mara_and_crew())
    res = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([1, 66, 95, 50, 50]))
    assert res.record.summary["ally"]["name"] == "Lev"
    assert res.record.summary["ally"]["attack_total"] == 95
    hurt = res.state.combatant("Lev").hits_taken
    assert hurt == res.record.summary["ally"]["total_hits"] > 0
    assert res.state.combatant("Ivo").hits_taken == 0


def test_dec_105_the_same_shot_asked_again_sends_its_66_at_whoever_is_nearest_now() -> None:
    """The shot of the test above, asked again of the scene where Lev has walked off to 50 ft:
    every figure of Mara's shot at Viktor is the same, but Ivo (30 ft) is now her nearest, so
    the 66 goes at him; a shot kept from the first asking must not send it at Lev."""
    state = opened_state(_mara_and_crew())
    rolls = [1, 66, 95, 50, 50]
    first = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted(rolls))
    assert first.record.summary["ally"]["name"] == "Lev"
    lev = state.combatant("Lev")
    walked = state.with_combatant(replace(lev, position=Point(x_ft=50, y_ft=0)))
    again = engine.act(walked, "Mara shoots Viktor", RMU, Dice.scripted(rolls))
    assert again.record.summary["ally"]["name"] == "Ivo"
