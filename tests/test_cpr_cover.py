"""cpr cover with hit points (RULINGS C-13) in encounters: shots at someone behind cover hit
the cover, damage beyond its HP is lost, destroyed cover no longer shields; shooting the cover
itself; a blast that destroys cover reaches who is behind it; the bulletproof shield. Every
figure is worked by hand from cover.toml (wood thick 20 HP, shield 10 HP)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from typer.testing import CliRunner

from cpr_support import person, scene, start, step
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.log import LogRecord
from firefight.encounter.scenario import ScenarioError, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import CoverDamaged
from firefight.rulesets.cpr.fighter import fighter
from firefight.service import EncounterService

DATA = CprData()


CRATES = {"name": "Crates", "from": [-2, 8], "to": [2, 8], "height_ft": 4, "cover": "wood thick"}
#: How the state table's lines place the crates, their cover's HP after it (C-13, DEC-812).
CRATES_AT = "barrier: Crates, hard, 1.22 m high, from -2,8 to 2,8; cover wood thick: "


def test_c_13_cover_hp_by_material_and_thickness() -> None:
    """C-13: the ruling's HP, thin/thick, for every material it lists."""
    expected = {
        "steel": (25, 50),
        "stone": (20, 40),
        "bulletproof glass": (15, 30),
        "concrete": (10, 25),
        "wood": (5, 20),
        "plaster": (0, 15),
        "foam": (0, 15),
        "plastic": (0, 15),
    }
    for material, (thin, thick) in expected.items():
        assert DATA.cover.hp_of(f"{material} thin") == thin
        assert DATA.cover.hp_of(f"thick {material}") == thick
    with pytest.raises(RuleRefusal, match="C-13"):
        DATA.cover.hp_of("cardboard thick")


def test_c_13_shots_hit_the_cover_until_it_is_destroyed() -> None:
    """C-13: REF 6 + Handgun 6 + d10 5 = 17 beats DV 15 (10 m). 4+4+4 = 12 off the crates'
    20 HP -> 8; Rook untouched. Then 5+5+5 = 15: destroyed, 7 lost; Rook still untouched.
    Then the crates are gone: 2+3+4 = 9 reaches Rook, 40 -> 31."""
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(CRATES,))
    ruleset = find_ruleset("cpr")
    assert ruleset.describe_scene(service.state("fight")) == [f"{CRATES_AT}20/20 HP"]
    record = step(service, [5, 4, 4, 4], "V shoots Rook")
    assert "The Crates takes 12 damage: 20 -> 8 HP [C-13]." in record.narration
    assert ruleset.describe_scene(service.state("fight")) == [f"{CRATES_AT}8/20 HP"]
    assert service.state("fight").combatant("Rook").hits_left == 40
    step(service, [])
    record = step(service, [5, 5, 5, 5], "V shoots Rook")
    assert "The Crates is destroyed (15 damage) [C-13]." in record.narration
    assert ruleset.describe_scene(service.state("fight")) == [f"{CRATES_AT}destroyed"]
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    assert any("the 7 damage beyond its HP is lost" in s for s in steps)
    assert service.state("fight").combatant("Rook").hits_left == 40
    step(service, [])
    step(service, [5, 2, 3, 4], "V shoots Rook")
    assert service.state("fight").combatant("Rook").hits_left == 31


def test_dec_812_the_table_places_each_barrier_and_says_its_cover_hp() -> None:
    """DEC-812, C-13: cpr's lines under the state table said only "cover: container (steel
    thick) 50/50 HP": where it stood, and any barrier with no cover HP, went unsaid, so a GM
    had no spot to move behind it. Each barrier is placed as the other rulesets place theirs,
    in metres, its cover's HP after it."""
    open_wall = {"name": "Wall", "from": [5, 0], "to": [5, 4], "height_ft": 6}
    service = start(
        [person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(CRATES, open_wall)
    )
    assert find_ruleset("cpr").describe_scene(service.state("fight")) == [
        f"{CRATES_AT}20/20 HP",
        "barrier: Wall, hard, 1.83 m high, from 5,0 to 5,4",
    ]


def test_c_13_the_headline_of_a_hit_on_the_cover_names_the_cover() -> None:
    """C-13: a hit the crates take in Rook's place says so: 12 off their 20 HP, then 15 that
    destroys them; neither reaches Rook (the headline said only '0 HP lost')."""
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(CRATES,))
    record = step(service, [5, 4, 4, 4], "V shoots Rook")
    assert record.summary["headline"] == (
        "V fires the pistol at Rook: hit (12 damage, stopped by the Crates: 0 HP lost)."
    )
    step(service, [])
    record = step(service, [5, 5, 5, 5], "V shoots Rook")
    assert record.summary["headline"] == (
        "V fires the pistol at Rook: hit (15 damage, stopped by the Crates, now destroyed: 0 HP "
        "lost)."
    )


def test_dec_630_c_13_the_crates_at_the_shooters_feet_cover_the_shooter_not_the_target() -> None:
    """DEC-630: the crates 2 m in front of V stand on V's half of the 10 m line. V's shot goes
    out past them: 17 beats DV 15 and 2+3+4 = 9 reaches Rook, 40 -> 31, the crates untouched.
    Rook's shot back meets them on V's half: 4+4+4 = 12 off their 20 HP, V untouched."""
    near_v = {**CRATES, "from": [-2, 2], "to": [2, 2]}
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(near_v,))
    ruleset = find_ruleset("cpr")
    step(service, [5, 2, 3, 4], "V shoots Rook")
    assert service.state("fight").combatant("Rook").hits_left == 31
    assert ruleset.describe_scene(service.state("fight")) == [
        "barrier: Crates, hard, 1.22 m high, from -2,2 to 2,2; cover wood thick: 20/20 HP"
    ]
    record = step(service, [5, 4, 4, 4], "Rook shoots V")
    assert "The Crates takes 12 damage: 20 -> 8 HP [C-13]." in record.narration
    assert service.state("fight").combatant("V").hits_left == 40


def test_dec_630_c_13_a_barrier_exactly_halfway_covers_both_whatever_the_metres() -> None:
    """DEC-630: exactly halfway still covers the target. V at (0, 1) m and Rook at (-4, 13) m
    have the wall at y = 7 m exactly halfway, though in feet the share comes out a hair under
    0.5: V's shot (REF 6 + Handgun 6 + 9 = 21 beats DV 20 at 13 m) meets the wall, 4+4+4 = 12
    off its 25 HP, Rook untouched; Rook's shot back meets it too, 13 -> 1 HP, V untouched."""
    wall = {"name": "Wall", "from": [-10, 7], "to": [10, 7], "height_ft": 3}
    wall["cover"] = "concrete thick"
    service = start([person("V", 0, 1), person("Rook", -4, 13)], [5, 4], barriers=(wall,))
    record = step(service, [9, 4, 4, 4], "V shoots Rook")
    assert "The Wall takes 12 damage: 25 -> 13 HP [C-13]." in record.narration
    assert service.state("fight").combatant("Rook").hits_left == 40
    record = step(service, [9, 4, 4, 4], "Rook shoots V")
    assert "The Wall takes 12 damage: 13 -> 1 HP [C-13]." in record.narration
    assert service.state("fight").combatant("V").hits_left == 40


def test_c_13_shooting_the_cover_itself_and_no_critical_for_a_wall() -> None:
    """C-13: the crates are 8 m from V: DV 15; 17 hits; 6+6+6 = 18 off 20 -> 2, and two sixes
    roll no critical injury on a crate. A destroyed barrier cannot be shot again."""
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(CRATES,))
    record = step(service, [5, 6, 6, 6], "V shoots cover crates")
    assert record.summary["headline"] == "V shoots the Crates: 2 HP left."
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    # Nobody stands behind a barrier shot for itself: nobody is said to be untouched.
    assert "The Crates holds (2 HP left)." in steps
    step(service, [])
    step(service, [5, 1, 1, 1], "V shoots cover Crates")
    with pytest.raises(RuleRefusal, match="C-13: The Crates is already destroyed"):
        service.act("fight", "V shoots cover Crates", Dice.scripted([]))
    with pytest.raises(RuleRefusal, match="ENC-SCENE"):
        service.act("fight", "V shoots cover Wall", Dice.scripted([]))


def test_c_13_a_barrier_shot_as_if_a_person_points_to_shooting_its_cover() -> None:
    """C-13, DEC-933: "V shoots crates" was refused as "Nobody called 'crates'", which never
    said that cover is shot with `shoots cover`; a two-word barrier was named by its first word
    only. The refusal names the barrier whole and the line that shoots it; nothing changes."""
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(CRATES,))
    before = service.state("fight")
    for line in ("V shoots crates", "V shoots at CRATES"):
        with pytest.raises(RuleRefusal) as refused:
            service.act("fight", line, Dice.scripted([]))
        assert str(refused.value) == (
            "C-13: 'Crates' is cover, not a person: 'shoots cover Crates' shoots at its HP."
        )
    assert service.state("fight") == before
    jersey = {**CRATES, "name": "jersey west"}
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(jersey,))
    with pytest.raises(RuleRefusal, match="'jersey west' is cover, not a person"):
        service.act("fight", "V shoots jersey west", Dice.scripted([]))


def _blast(damage: Sequence[int]) -> EncounterService:
    """V at 0,-15 throws a grenade at 0,5 (20 m, DV 15): DEX 6 + Athletics 4 + d10 6 = 16.
    The 10 m square reaches Rook at 0,10, behind the crates at y 8."""
    grenade = {"name": "grenade", "weapon": "grenade", "count": 2}
    service = start(
        [person("V", 0, -15, weapon=[grenade]), person("Rook", 0, 10)], [5, 4], barriers=(CRATES,)
    )
    step(service, [6, *damage], "V throws grenade at 0,5")
    return service


def test_c_13_a_blast_that_destroys_the_cover_reaches_who_is_behind() -> None:
    """C-13: 6d6 = 24 destroys the crates' 20 HP; Rook takes the whole 24: 40 -> 16."""
    service = _blast([4, 4, 4, 4, 4, 4])
    assert service.state("fight").combatant("Rook").hits_left == 16


def test_c_13_a_blast_that_takes_the_cover_to_exactly_0_destroys_it_and_reaches_behind() -> None:
    """C-13: the cover is destroyed at 0, not below it: 6d6 = 20 takes the crates' 20 HP to 0
    and Rook takes the whole 20: 40 -> 20."""
    service = _blast([4, 4, 3, 3, 3, 3])
    assert service.state("fight").combatant("Rook").hits_left == 20
    narration = service.log("fight")[-1].narration
    assert "The Crates is destroyed (20 damage) [C-13]." in narration


def test_c_13_a_blast_the_cover_holds_leaves_them_untouched() -> None:
    """C-13: 6d6 = 12 leaves the crates 8 HP; Rook untouched, and the next shot meets 8 HP."""
    service = _blast([1, 2, 3, 1, 2, 3])
    assert service.state("fight").combatant("Rook").hits_left == 40
    step(service, [])
    record = step(service, [6, 3, 3, 3, 3, 3, 3], "V throws grenade at 0,5")
    assert "The Crates is destroyed (18 damage) [C-13]." in record.narration
    assert service.state("fight").combatant("Rook").hits_left == 22


def test_dec_630_dec_146_c_13_crates_nearer_the_blast_than_rook_still_shield_him() -> None:
    """DEC-630 leaves blasts to DEC-146: whatever stands between the blast and someone shields
    them, on whichever half of the way. The grenade goes off at 0,7 (22 m, DV 15: 16 beats
    it), the crates at y 8 a quarter of the way to Rook at 0,11: 6d6 = 12 leaves them 8 HP,
    Rook untouched."""
    grenade = {"name": "grenade", "weapon": "grenade", "count": 1}
    service = start(
        [person("V", 0, -15, weapon=[grenade]), person("Rook", 0, 11)], [5, 4], barriers=(CRATES,)
    )
    record = step(service, [6, 1, 2, 3, 1, 2, 3], "V throws grenade at 0,7")
    assert "The Crates takes 12 damage: 20 -> 8 HP [C-13]." in record.narration
    assert service.state("fight").combatant("Rook").hits_left == 40


def test_c_13_cpr_dod_1_the_bulletproof_shield_is_cover_and_no_dodge() -> None:
    """C-13, CPR-DOD-1: Rook (REF 9) blocks with a 10 HP shield, so no dodge: 17 beats DV 15;
    3+3+3 = 9 -> 1 HP left; then 2+2+2 = 6 destroys it; then Rook dodges again (d10 first)
    and 1+1+1 reaches them: 40 -> 37."""
    rook = person("Rook", 0, 10, ref=9, shield="bulletproof shield")
    service = start([person("V", 0, 0), rook], [5, 4], barriers=())
    record = step(service, [5, 3, 3, 3], "V shoots Rook")
    assert "Rook's bulletproof shield takes 9 damage: 10 -> 1 HP [C-13]." in record.narration
    # A shield is its holder's: never "the Rook's bulletproof shield".
    assert record.summary["headline"] == (
        "V fires the pistol at Rook: hit (9 damage, stopped by Rook's bulletproof shield: "
        "0 HP lost)."
    )
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    assert "Rook is behind Rook's bulletproof shield: the hit strikes it." in steps
    assert "Rook's bulletproof shield holds (1 HP left); Rook is untouched." in steps
    assert fighter(service.state("fight").combatant("Rook")).shield_hp == 1
    step(service, [])
    step(service, [5, 2, 2, 2], "V shoots Rook")
    assert fighter(service.state("fight").combatant("Rook")).shield_hp == 0
    assert service.state("fight").combatant("Rook").hits_left == 40
    step(service, [])
    record = step(service, [2, 5, 1, 1, 1], "V shoots Rook")  # dodge 6 + 5 + 2 = 13; 17 beats it
    rolls = [e["purpose"] for e in record.trace if e.get("type") == "roll"]
    assert rolls[0] == "Rook's dodge"
    assert service.state("fight").combatant("Rook").hits_left == 37


def test_c_13_a_barrier_without_a_cover_kind_is_refused() -> None:
    """C-13: cpr needs the material and thickness to know what a barrier stops."""
    wall = {"name": "Wall", "from": [-2, 8], "to": [2, 8], "height_ft": 4}
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4], barriers=(wall,))
    with pytest.raises(RuleRefusal, match="C-13: The Wall has no cover kind"):
        service.act("fight", "V shoots Rook", Dice.scripted([]))


def test_c_13_a_cover_kind_cpr_does_not_know_is_refused_when_the_scenario_is_read() -> None:
    """C-13: a barrier's cover names a material of cover.toml and thin or thick; "concrete
    medium" was read without a word and broke `encounter show` (a traceback) and every shot."""
    wall = {"name": "Wall", "from": [-2, 8], "to": [2, 8], "height_ft": 4}
    doc = scene(person("V", 0, 0), person("Rook", 0, 10), barriers=[wall])
    doc["barrier"][0]["cover"] = "concrete medium"
    with pytest.raises(ScenarioError, match=r"barrier 1 \(Wall\), cover: C-13: Cover 'concrete"):
        scenario_from_data(doc, "yard.toml")
    doc["barrier"][0]["cover"] = "Thick Concrete"
    assert scenario_from_data(doc, "yard.toml").barriers[0].cover == "Thick Concrete"


def test_c_13_cpr_shoot_behind_cover_on_the_command_line_and_its_odds() -> None:
    """C-13: `cpr shoot --behind "wood thick"`: 18 beats DV 15; 6+6+6 = 18 off the 20 HP, 2 left,
    the target untouched and no critical. `odds cpr shoot --behind`: nothing ever reaches HP."""
    runner = CliRunner()
    pistol = ["--weapon", "heavy pistol", "--ref", "7", "--skill", "6", "--distance", "10"]
    out = runner.invoke(
        app, ["cpr", "shoot", *pistol, "--behind", "wood thick", "--rolls", "5,6,6,6", "--json"]
    )
    assert out.exit_code == 0, out.output
    shot = json.loads(out.output)["result"]["shots"][0]
    assert (shot["cover_hp_after"], shot["hp_lost"]) == (2, 0)
    out = runner.invoke(
        app, ["odds", "cpr", "shoot", *pistol, "--behind", "wood thin", "--hp", "40/40", "--json"]
    )
    assert out.exit_code == 0, out.output
    stats = json.loads(out.output)["stats"]
    assert stats["expected_hp_lost"]["value"] == 0.0
    assert stats["p_hit"]["value"] == pytest.approx(0.8)
    assert stats["p_hit_stopped"]["value"] == pytest.approx(0.8)
    # The cover, not armor (the target wears none), stops every hit: the label says both.
    out = runner.invoke(app, ["odds", "cpr", "shoot", *pistol, "--behind", "wood thin"])
    assert "P(hit, stopped by armor or cover)" in out.output


def _shells(cover: str, damage: Sequence[int]) -> tuple[EncounterService, LogRecord]:
    """V fires shells north from 0,0: REF 6 + Shoulder Arms 6 + d10 5 = 17 beats DV 13 (C-7).
    Rook at 0,5 and Mei at 1,5 both stand behind the crates at y 4 (C-13)."""
    shotgun = {"name": "shotgun", "weapon": "shotgun", "ammo": "shell"}
    skills = {"Shoulder Arms": 6, "Athletics": 4, "Evasion": 5}
    crates = {"name": "Crates", "from": [-2, 4], "to": [3, 4], "height_ft": 4, "cover": cover}
    service = start(
        [
            person("V", 0, 0, weapon=[shotgun], skills=skills),
            person("Rook", 0, 5),
            person("Mei", 1, 5),
        ],
        [5, 4, 3],
        barriers=(crates,),
    )
    return service, step(service, [5, *damage], "V fires shells at Rook")


def test_c_7_c_13_shells_strike_shared_cover_once_and_it_holds() -> None:
    """C-7 rolls 3d6 once for everyone in the spread: 4+4+4 = 12 strikes the crates (20 HP)
    once, not once per person behind them: 8 HP left, Rook and Mei untouched (DEC-460)."""
    service, record = _shells("wood thick", [4, 4, 4])
    damaged = [e for e in record.events if isinstance(e, CoverDamaged)]
    assert [(e.hp_before, e.hp_after) for e in damaged] == [(20, 8)]
    assert "stopped short of Rook (the Crates holds) and Mei" in record.summary["headline"]
    state = service.state("fight")
    assert (state.combatant("Rook").hits_left, state.combatant("Mei").hits_left) == (40, 40)


def test_c_7_c_13_shells_a_shield_holds_are_stopped_by_its_holder_s_shield() -> None:
    """C-7, C-13: 17 beats DV 13; 1+1+1 = 3 strikes Rook's shield (10 HP), which holds. The
    headline names it as his, not "the Rook's bulletproof shield"."""
    shotgun = {"name": "shotgun", "weapon": "shotgun", "ammo": "shell"}
    skills = {"Shoulder Arms": 6, "Athletics": 4, "Evasion": 5}
    rook = person("Rook", 0, 5, shield="bulletproof shield")
    service = start([person("V", 0, 0, weapon=[shotgun], skills=skills), rook], [5, 4])
    record = step(service, [5, 1, 1, 1], "V fires shells at Rook")
    assert record.summary["headline"] == (
        "V fires a shell from the shotgun toward Rook: stopped short of Rook "
        "(Rook's bulletproof shield holds)."
    )


def test_c_7_c_13_shells_that_destroy_the_cover_reach_everyone_behind() -> None:
    """4+4+4 = 12 destroys the thin crates' 5 HP and reaches both: 40 -> 28 each."""
    service, _ = _shells("wood thin", [4, 4, 4])
    state = service.state("fight")
    assert (state.combatant("Rook").hits_left, state.combatant("Mei").hits_left) == (28, 28)


def test_dec_630_dec_146_the_cheatsheet_says_which_barrier_covers() -> None:
    """`firefight cheatsheet cpr`: beside the HP (C-13), whom a barrier covers: who stands
    nearer it, both when it stands halfway (DEC-630), and anyone behind it from a blast
    (DEC-146)."""
    sheet = {s.title: s for s in find_ruleset("cpr").cheatsheet()}
    note = sheet["Cover HP (C-13)"].note
    assert "nearer" in note and "halfway" in note and "DEC-630" in note and "DEC-146" in note
