"""The cpr ruleset inside encounters: the scenario, turns of one Move and one Action, the dodge
decided before the shooter rolls, ROF 2 with a move between, magazines, SP ablation, wound
states and critical injuries carried from one attack to the next, refusals that change
nothing, the stored log folding back to the state, undo -- and the bundled night market."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cpr_support import scene
from encounter_support import MemoryStore, in_memory, play
from firefight.cli.app import app
from firefight.cli.encounter import play_scenario
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, decode_event, parse_record
from firefight.encounter.scenario import (
    ScenarioError,
    initial_state,
    load_scenario,
    scenario_from_data,
)
from firefight.errors import RuleRefusal
from firefight.events import RoundsFired
from firefight.outcome import Happened, Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr import CPR
from firefight.rulesets.cpr.encounter_events import MoveTaken, NextTurnCurtailed
from firefight.rulesets.cpr.events import DamageDealt
from firefight.rulesets.cpr.fighter import CprFighter, fighter
from firefight.scene.apply import FoldError, apply_all
from firefight.scene.events import Moved
from firefight.scene.state import CombatantState, EncounterState
from firefight.service import EncounterService
from firefight.trace import Trace
from firefight.units import feet_from_metres

ROOT = Path(__file__).resolve().parents[1]
NIGHT_MARKET = ROOT / "examples" / "night-market.toml"
RULESET = find_ruleset("cpr")


# --- small scenes --------------------------------------------------------------------------------


def pistol(loaded: int | None = None, carried: int = 16, **kw: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": "pistol", "weapon": "heavy pistol", **kw}
    if loaded is not None:
        entry["loaded"] = loaded
    if carried:
        entry["carried"] = {"basic": carried}
    return entry


def person(
    name: str,
    x: float,
    y: float,
    *,
    hp: int = 40,
    ref: int = 6,
    dex: int = 6,
    will: int = 4,
    move: int = 6,
    skills: dict[str, int] | None = None,
    armor: dict[str, Any] | None = None,
    weapons: Sequence[dict[str, Any]] = (),
    **extra: Any,
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "position": [x, y],
        "hp": hp,
        "ref": ref,
        "dex": dex,
        "will": will,
        "move": move,
        "skills": skills if skills is not None else {"Handgun": 6, "Evasion": 4},
        "weapon": list(weapons),
        **extra,
    }
    if armor is not None:
        entry["armor"] = armor
    return entry


#: Faces after a test's opening dice for any initiative roll-off its equal totals need (C-11):
#: all different and never 1 or 10, so one roll-off settles it, first in scene order first.
ROLL_OFF = (9, 8, 7, 6, 5, 4, 3, 2)


def start(doc: dict[str, Any], opening: Sequence[int]) -> EncounterService:
    return in_memory("fight", doc, Dice.scripted([*opening, *ROLL_OFF]))


def act(service: EncounterService, text: str, rolls: Sequence[int] = ()) -> LogRecord:
    dice = Dice.scripted(rolls)
    record = service.act("fight", text, dice).record
    assert not dice.unused, f"{text!r} left dice unused: {dice.unused}"
    return record


def who(service: EncounterService, name: str) -> CombatantState:
    return service.state("fight").combatant(name)


def own(service: EncounterService, name: str) -> CprFighter:
    return fighter(who(service, name))


def rolls_in(record: LogRecord) -> list[str]:
    return [str(e["purpose"]) for e in record.trace if e.get("type") == "roll"]


def parts_of(record: LogRecord, label: str) -> list[tuple[int, str, str | None]]:
    total = next(e for e in record.trace if e.get("type") == "total" and e["label"] == label)
    return [(p["value"], p["label"], p["rule"]) for p in total["parts"]]


def snapshot(service: EncounterService) -> tuple[EncounterState, list[object]]:
    return service.state("fight"), [r.payload for r in service.store.records("fight")]


def duel(**juno: Any) -> dict[str, Any]:
    """V (REF 7, heavy pistol) at 0,0 and Juno (REF 9, Evasion 7) 10 m north."""
    figures = {"ref": 9, "dex": 8, "skills": {"Handgun": 5, "Evasion": 7}, **juno}
    return scene(
        person("V", 0, 0, ref=7, dex=7, weapons=[pistol()]),
        person("Juno", 0, 10, **figures),
    )


# --- the scenario --------------------------------------------------------------------------------


def test_c_2_a_cpr_scenario_is_written_in_metres_and_kept_in_feet() -> None:
    """C-2: positions in a cpr scenario are metres; the scene (the shared geometry) keeps
    feet, and the trace measures in metres again."""
    state = initial_state(scenario_from_data(duel()))
    assert state.combatant("Juno").position.y_ft == pytest.approx(feet_from_metres(10))
    service = start(duel(dodges=False), [5, 5])
    record = act(service, "V shoots Juno", [2])
    assert "V fires the heavy pistol (Handgun) at Juno, 10 m away." in [
        e.get("text") for e in record.trace
    ]


def test_cpr_hit_1_a_tie_misses_in_a_simulated_fight_too() -> None:
    """CPR-HIT-1: V's REF 7 + Handgun 6 + a d10 of 2 = 15 ties the heavy pistol's DV 15 at
    10 m; the quiet path a simulated fight takes misses as the table does, Juno unhurt and the
    damage dice never rolled."""
    service = start(duel(dodges=False), [5, 5])
    state = service.state("fight")
    dice = Dice.scripted([2, 6, 6, 6, 6])
    quiet = engine.act_quietly(state, RULESET.parse_action("V shoots Juno", state), RULESET, dice)
    assert quiet.combatant("Juno").hits_left == 40
    assert dice.unused == (6, 6, 6, 6)


def test_cpr_scenario_figures_become_the_fighters_state() -> None:
    """C-3, CPR-AMMO-1: SP from armor names, a full magazine by default, rounds carried."""
    doc = scene(
        person(
            "V",
            0,
            0,
            hp=40,
            hp_left=30,
            armor={"body": "light armorjack", "head": 7},
            weapons=[pistol(), {"weapon": "grenade", "count": 2}],
            injuries=["broken-leg"],
        )
    )
    v = initial_state(scenario_from_data(doc)).combatant("V")
    stats = fighter(v)
    assert (v.hits_max, v.hits_left) == (40, 30)
    assert (stats.body_sp, stats.head_sp, stats.body_sp_max) == (11, 7, 11)
    assert str(v.weapon("pistol").loaded) == "8/8 basic"  # type: ignore[union-attr]
    assert stats.rounds_carried("pistol", "basic") == 16
    assert stats.count_of("grenade") == 2 and stats.injuries == ("broken-leg",)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        ({"skills": {"Hacking": 5}}, "skills", "not a skill cpr encounters use"),
        ({"weapon": [{"weapon": "heavy pistol", "ammo": "shell"}]}, "weapon", "CPR-AMMO-1"),
        ({"weapon": [{"weapon": "heavy pistol", "loaded": 9}]}, "weapon", "holds 8"),
        ({"weapon": [{"weapon": "bow", "loaded": 1}]}, "weapon", "no magazine"),
        ({"hp": 0}, "hp", "greater than 0"),
        ({"injuries": ["sprained-pride"]}, "injuries", "unknown cpr critical injury"),
    ],
)
def test_cpr_ammo_1_bad_cpr_combatants_are_refused_with_their_key_path(
    change: dict[str, Any], path: str, words: str
) -> None:
    """CPR-AMMO-1 (one kind per magazine, its size), C-4, C-9: a scenario is checked when read."""
    doc = scene(person("V", 0, 0) | change)
    with pytest.raises(ScenarioError) as error:
        scenario_from_data(doc, "raid.toml")
    assert f"combatant 1 (V), {path}" in str(error.value)
    assert words in str(error.value)


# --- turns and initiative ------------------------------------------------------------------------


def test_c_11_initiative_is_ref_plus_d10_once_ties_roll_again() -> None:
    """C-11, CPR-REF-1: REF + d10 in scene order when the fight opens; equal totals roll again
    between the tied (whatever their REF); the queue repeats with no new dice; bystanders and
    the unconscious do not take part."""
    doc = scene(
        person("A", 0, 0, ref=7),
        person("B", 5, 0, ref=8),
        person("C", 10, 0, ref=7),
        person("Mei", 15, 0, bystander=True),
        person("Out", 20, 0, condition="unconscious"),
    )
    # A 7+3, B 8+2, C 7+3: all on 10. Roll-off: A 4, B 6, C 4; then A 2, C 9.
    service = start(doc, [3, 2, 3, 4, 6, 4, 2, 9])
    state = service.state("fight")
    assert state.initiative == (("B",), ("C",), ("A",))
    assert [who(service, n).initiative for n in "ABC"] == [10, 10, 10]
    service.next_round("fight", Dice.scripted([]))
    assert service.state("fight").initiative == (("B",), ("C",), ("A",))
    assert "Initiative: B, then C, then A." in service.log("fight")[-1].narration


def test_cpr_ref_1_a_turn_is_one_move_and_one_action_a_second_move_runs() -> None:
    """CPR-REF-1: MOVE x 2 m per Move; once the Move is spent a move runs on the Action;
    then nothing is left until the next turn, which gives both back."""
    service = start(scene(person("V", 0, 0, move=6), person("R", 0, 40)), [5, 5])
    act(service, "V moves to 0,12")
    assert (own(service, "V").move_left, own(service, "V").action_left) == (False, True)
    record = act(service, "V runs to 0,24")
    assert "V runs: the Action goes on moving [CPR-REF-1]." in record.narration
    assert own(service, "V").moved_m == 24
    with pytest.raises(RuleRefusal, match="CPR-REF-1: V has spent both"):
        act(service, "V moves to 0,26")
    service.next_round("fight", Dice.scripted([]))
    assert (own(service, "V").move_left, own(service, "V").action_left) == (True, True)
    assert own(service, "V").moved_m == 0


def test_c_4_a_broken_leg_shortens_every_move() -> None:
    """C-4, CPR-REF-1: MOVE 6 less 4 for a broken leg: 4 m a Move."""
    service = start(scene(person("V", 0, 0, injuries=["broken-leg"]), person("R", 0, 40)), [5, 5])
    with pytest.raises(RuleRefusal, match=r"CPR-REF-1: V can move 4 m in one Move \(MOVE 2"):
        act(service, "V moves to 0,5")
    act(service, "V moves to 0,4")


def test_c_4_injuries_that_punish_moving_bite_at_the_end_of_the_turn() -> None:
    """C-4: broken ribs cost the bonus damage again after more than 4 m on foot; a damaged
    ear takes the next turn's Move."""
    doc = scene(
        person("V", 0, 0, injuries=["broken-ribs"]),
        person("E", 10, 0, injuries=["damaged-ear"]),
        person("S", 20, 0, injuries=["broken-ribs"]),
    )
    service = start(doc, [5, 5, 5])
    act(service, "V moves to 0,5")
    act(service, "E moves to 10,5")
    act(service, "S moves to 20,4")  # not more than 4 m: nothing happens
    record = service.next_round("fight", Dice.scripted([])).record
    assert who(service, "V").hits_left == 35 and who(service, "S").hits_left == 40
    assert not own(service, "E").move_left and own(service, "E").action_left
    assert "V's ribs broken worsens with moving: 5 HP lost [C-4]." in record.narration


# --- the dodge -----------------------------------------------------------------------------------


def test_cpr_dod_1_a_ref_8_target_dodges_before_the_shooter_rolls() -> None:
    """CPR-DOD-1: Juno's dodge d10 is the first die; DEX + Evasion + d10 replaces the DV."""
    service = start(duel(), [5, 5])
    record = act(service, "V shoots Juno", [2, 9, 3, 3, 3])
    assert rolls_in(record)[:2] == ["Juno's dodge", "V's attack"]
    shot = record.summary["shots"][0]
    assert (shot["dodge"], shot["attack_total"], shot["result"]) == (17, 22, "hit")
    assert who(service, "Juno").hits_left == 40 - 9


@pytest.mark.parametrize(
    ("figures", "text", "why"),
    [
        ({"dodges": False}, "V shoots Juno", "does not dodge (the scenario says so)"),
        ({}, "V shoots Juno --unseen", "cannot see this attack coming"),
        ({"surprise": "surprised"}, "V shoots Juno", "Juno was caught surprised"),
        ({"injuries": ["dismembered-leg"]}, "V shoots Juno", "cannot dodge with this injury"),
    ],
)
def test_cpr_dod_1_no_dodge_when_the_scenario_the_gm_or_the_rules_say_so(
    figures: dict[str, Any], text: str, why: str
) -> None:
    """CPR-DOD-1: no dodge against an attack the target cannot see (unseen, surprised in the
    first turn), with a lost leg, or when the scenario turns dodging off: the DV applies and
    the shooter's d10 is the first die."""
    service = start(duel(**figures), [5, 5])
    record = act(service, text, [9, 3, 3, 3])
    assert rolls_in(record)[0] == "V's attack"
    assert record.summary["shots"][0]["dodge"] is None
    assert any(why in str(e.get("text", "")) for e in record.trace)


def test_cpr_dod_1_dec_867_a_dodge_likely_to_fall_short_of_the_dv_is_not_taken() -> None:
    """CPR-DOD-1 lets a REF 8+ target dodge; DEC-867: a fighter takes the dodge only where it
    is likely to stand higher than the DV. Juno with DEX 6 and no Evasion averages 6 + 5.5 =
    11.5 on her dodge, under the heavy pistol's DV 15 at 10 m: she keeps the DV, the shooter's
    d10 is the first die, and the trace says why."""
    service = start(duel(dex=6, skills={"Handgun": 5}), [5, 5])
    record = act(service, "V shoots Juno", [9, 3, 3, 3])
    assert rolls_in(record)[0] == "V's attack"
    assert record.summary["shots"][0]["dodge"] is None
    said = "Juno does not dodge: DEX + Evasion 6 and a d10 average 11.5, no better than DV 15."
    assert said in [e.get("text") for e in record.trace]


def test_cpr_dod_1_surprise_only_blinds_the_first_turn() -> None:
    """CPR-DOD-1: caught by surprise, Juno sees nothing coming in turn 1; in turn 2 she dodges."""
    service = start(duel(surprise="surprised"), [5, 5])
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "V shoots Juno", [5, 2])  # her dodge 20; V's 15 does not beat it
    assert rolls_in(record) == ["Juno's dodge", "V's attack"]
    assert record.summary["shots"][0]["dodge"] == 20


def test_cpr_dod_1_an_unconscious_target_cannot_dodge() -> None:
    """CPR-DOD-1: no dodge while unconscious."""
    service = start(duel(condition="unconscious"), [5])
    record = act(service, "V shoots Juno", [9, 3, 3, 3])
    assert rolls_in(record)[0] == "V's attack"


# --- ROF 2 ---------------------------------------------------------------------------------------


def _range_duel() -> dict[str, Any]:
    return scene(
        person("V", 0, 0, ref=7, weapons=[pistol()]),
        person("Rook", 0, 20, weapons=[{"name": "smg", "weapon": "smg", "loaded": 12}]),
    )


def test_cpr_rof_1_two_attacks_with_a_move_between() -> None:
    """CPR-ROF-1: a ROF 2 pistol takes two shots in one Action; the Move between them brings
    V from 20 m (DV 20) to 12 m (DV 15) for the second, which is its own roll."""
    service = start(_range_duel(), [5, 5])
    record = act(service, "V shoots Rook --twice --move-between 0,8", [3, 5, 2, 2, 2])
    assert [s["dv"] for s in record.summary["shots"]] == [20, 15]
    assert [s["result"] for s in record.summary["shots"]] == ["miss", "hit"]
    kinds = [type(e) for e in record.events]
    assert kinds.index(Moved) < kinds.index(DamageDealt)  # the move comes between the shots
    assert RoundsFired(actor="V", weapon="pistol", rounds=2) in record.events
    assert MoveTaken(actor="V", distance_m=8.0) in record.events
    v = who(service, "V")
    assert v.position.y_ft == pytest.approx(feet_from_metres(8))
    assert (fighter(v).move_left, fighter(v).action_left) == (False, False)
    assert str(v.weapon("pistol").loaded) == "6/8 basic"  # type: ignore[union-attr]
    assert who(service, "Rook").hits_left == 34


def test_cpr_rof_1_two_hits_with_a_move_between_keep_the_move_between_them() -> None:
    """CPR-ROF-1: both shots hit; the Move taken between them comes after the first shot's
    damage and before the second's (a move put before both damages, or after both, would tell
    the shots in the wrong order)."""
    service = start(_range_duel(), [5, 5])
    record = act(service, "V shoots Rook --twice --move-between 0,8", [10, 9, 2, 2, 2, 9, 2, 2, 2])
    assert [s["result"] for s in record.summary["shots"]] == ["hit", "hit"]
    kinds = [type(e) for e in record.events if type(e) in (Moved, MoveTaken, DamageDealt)]
    assert kinds == [DamageDealt, Moved, MoveTaken, DamageDealt]


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Rook shoots V --twice", "CPR-ROF-1", "ROF 1"),
        ("V shoots Rook --twice --aim head", "CPR-AIM-1", "whole Action"),
        ("V shoots Rook --twice --move-between 0,13", "CPR-REF-1", "12 m in one Move"),
        ("V shoots Rook --move-between 0,5", "ENC-ACTION", "give --twice as well"),
    ],
)
def test_cpr_rof_1_what_two_shots_cannot_do(text: str, rule: str, words: str) -> None:
    """CPR-ROF-1, CPR-AIM-1, CPR-REF-1: a ROF 1 SMG gets one shot; an aimed shot is the whole
    Action; the move between shots is one Move."""
    service = start(_range_duel(), [5, 5])
    before = snapshot(service)
    with pytest.raises(RuleRefusal) as refused:
        act(service, text, [9, 9, 9, 9, 9])
    assert (refused.value.rule, words in refused.value.reason) == (rule, True)
    assert snapshot(service) == before


# --- magazines -----------------------------------------------------------------------------------


def _armory() -> dict[str, Any]:
    return scene(
        person(
            "V",
            0,
            0,
            ref=7,
            skills={"Handgun": 6, "Shoulder Arms": 5, "Autofire": 4},
            weapons=[
                {"name": "pistol", "weapon": "medium pistol", "carried": {"basic": 5}},
                {"weapon": "shotgun", "loaded": 2, "carried": {"basic": 3, "shell": 4}},
                {"weapon": "smg", "loaded": 9},
            ],
        ),
        person("Rook", 0, 5),
    )


def test_cpr_ammo_1_magazines_count_down_and_reload_from_what_is_carried() -> None:
    """CPR-AMMO-1: each shot spends a round; a reload is the Action and fills the magazine
    from the rounds carried (only as many as are left)."""
    service = start(_armory(), [5, 5])
    act(service, "V shoots Rook --twice", [1, 1, 1, 1])  # two misses: 1 and -1 each
    assert str(who(service, "V").weapon("pistol").loaded) == "10/12 basic"  # type: ignore[union-attr]
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "V reloads pistol")
    assert str(who(service, "V").weapon("pistol").loaded) == "12/12 basic"  # type: ignore[union-attr]
    assert own(service, "V").rounds_carried("pistol", "basic") == 3
    assert not own(service, "V").action_left
    assert "V's pistol: 12 basic rounds loaded; 3 carried [CPR-AMMO-1]." in record.narration


def test_cpr_ammo_1_one_kind_per_magazine_old_rounds_come_out_first() -> None:
    """CPR-AMMO-1: shells into a shotgun holding 2 slugs: the slugs come out (back among the
    rounds carried) before 4 shells go in."""
    service = start(_armory(), [5, 5])
    act(service, "V reloads shotgun --ammo shell")
    stats = own(service, "V")
    assert str(who(service, "V").weapon("shotgun").loaded) == "4/4 shell"  # type: ignore[union-attr]
    assert (stats.rounds_carried("shotgun", "basic"), stats.rounds_carried("shotgun", "shell")) == (
        5,
        0,
    )


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("V reloads pistol --ammo shell", "CPR-AMMO-1", "not shotgun shells"),
        ("V reloads pistol", "CPR-AMMO-1", "already full"),
        ("V autofires at Rook --with smg", "C-5", "needs 10 rounds loaded"),
        ("V reloads smg", "CPR-AMMO-1", "has no basic rounds left"),
    ],
)
def test_cpr_ammo_1_reload_refusals_change_nothing(text: str, rule: str, words: str) -> None:
    """CPR-AMMO-1, C-5: a pistol magazine takes no shells; a full one is not reloaded; an empty
    pocket reloads nothing; autofire needs 10 rounds loaded."""
    service = start(_armory(), [5, 5])
    before = snapshot(service)
    with pytest.raises(RuleRefusal) as refused:
        act(service, text, [5])
    assert (refused.value.rule, words in refused.value.reason) == (rule, True)
    assert snapshot(service) == before


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        (
            "V shoots Rook",
            "CPR-AMMO-1: This attack needs 1 round loaded; the pistol has 0. "
            "Reloading takes an Action.",
        ),
        (
            "V reloads pistol --ammo shell",
            "CPR-AMMO-1: The pistol magazine takes basic rounds, armor-piercing rounds, "
            "expansive rounds, incendiary rounds, rubber rounds, smart rounds, not shotgun "
            "shells.",
        ),
        (
            "V autofires at Rook --with smg",
            "C-5: Autofire needs 10 rounds loaded; the smg has 9. Reloading takes an Action.",
        ),
        ("V autofires at Rook", "C-5: The pistol cannot fire on autofire, so no autofire."),
    ],
)
def test_cpr_refusals_name_the_weapon_as_the_scene_does(text: str, refusal: str) -> None:
    """CPR-AMMO-1, C-5: the resolvers refuse by the catalog's name ("the medium pistol"); in an
    encounter the refusal names the gun as the scene does, so the GM can tell which it is."""
    doc = _armory()
    doc["combatant"][0]["weapon"][0]["loaded"] = 0
    service = start(doc, [5, 5])
    with pytest.raises(RuleRefusal) as refused:
        act(service, text, [5])
    assert str(refused.value) == refusal


def test_c_7_shells_in_an_encounter_hit_everyone_in_front() -> None:
    """C-7: once loaded with shells, one roll against DV 13 and one 3d6 for everyone in the
    block in front; slugs in the magazine are refused for shells and shells for a shot."""
    doc = _armory()
    doc["combatant"].append(person("Mei", 1, 4, bystander=True))
    service = start(doc, [5, 5])
    with pytest.raises(RuleRefusal, match=r"CPR-AMMO-1: .*holds basic rounds, not shells"):
        act(service, "V fires shells at Rook --with shotgun", [5])
    act(service, "V reloads shotgun --ammo shell")
    service.next_round("fight", Dice.scripted([]))
    with pytest.raises(RuleRefusal, match="C-7: V's shotgun holds shotgun shells"):
        act(service, "V shoots Rook --with shotgun", [5])
    record = act(service, "V fires shells at Rook --with shotgun", [6, 2, 3, 4])
    assert record.summary["headline"] == (
        "V fires a shell from the shotgun toward Rook: hits Rook and Mei."
    )
    assert (who(service, "Rook").hits_left, who(service, "Mei").hits_left) == (31, 31)
    assert str(who(service, "V").weapon("shotgun").loaded) == "3/4 shell"  # type: ignore[union-attr]


# --- armor, wounds, injuries ---------------------------------------------------------------------


def _armored() -> dict[str, Any]:
    return scene(
        person("V", 0, 0, ref=7, hp=20, weapons=[pistol()]),
        person("Rook", 0, 5, armor={"body": 11}, weapons=[pistol()]),
    )


def test_c_3_sp_ablation_persists_from_one_attack_to_the_next() -> None:
    """C-3: 14 damage through SP 11 ablates it to 10; a turn later, 11 damage meets SP 10."""
    service = start(_armored(), [5, 5])
    act(service, "V shoots Rook", [5, 5, 5, 4])
    assert own(service, "Rook").body_sp == 10
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "V shoots Rook", [5, 5, 5, 1])
    assert "Not aimed at the head, so the hit meets Rook's body SP 10." in [
        e.get("text") for e in record.trace
    ]
    assert own(service, "Rook").body_sp == 9
    assert who(service, "Rook").hits_left == 40 - 3 - 1


def test_c_9_a_wound_state_penalises_the_next_attack() -> None:
    """C-9: Rook's 14 leaves V at 6 of 20 HP, seriously wounded; V's next attack is at -2."""
    service = start(_armored(), [5, 5])
    record = act(service, "Rook shoots V", [8, 5, 5, 4])
    assert "V is seriously wounded (6/20 HP) [C-9]." in record.narration
    record = act(service, "V shoots Rook", [5, 5, 5, 4])
    assert (-2, "V is seriously wounded", "C-9") in parts_of(record, "attack total")
    assert record.summary["shots"][0]["attack_total"] == 7 + 6 - 2 + 5


def test_c_4_a_critical_injury_is_kept_and_takes_the_next_turns_action() -> None:
    """C-4: two 6s: a spinal injury (2d6 = 10) and 5 bonus damage; it stays on Rook, and his
    next turn has only a Move."""
    service = start(_armored(), [5, 5])
    record = act(service, "V shoots Rook", [5, 6, 6, 3, 5, 5])
    assert NextTurnCurtailed(target="Rook", loses="action", injury="spinal-injury") in (
        record.events
    )
    assert own(service, "Rook").injuries == ("spinal-injury",)
    assert who(service, "Rook").hits_left == 40 - (15 - 11) - 5
    service.next_round("fight", Dice.scripted([]))
    assert (own(service, "Rook").action_left, own(service, "Rook").move_left) == (False, True)
    with pytest.raises(RuleRefusal, match="CPR-REF-1: Rook has already spent"):
        act(service, "Rook shoots V", [5])
    service.next_round("fight", Dice.scripted([]))
    assert own(service, "Rook").action_left
    assert own(service, "Rook").injuries == ("spinal-injury",)


def test_c_4_a_turn_lost_while_down_is_not_kept_for_when_he_is_up() -> None:
    """C-4, CPR-REF-1: Rook lies unconscious when V's shot gives him a spinal injury (two 6s):
    the turn it would take passes with him down (no Move, no Action, nothing said of the lost
    Action), and the loss is not carried on to the turn he is up again."""
    service = start(_armored(), [5, 5])
    service.gm("fight", "set Rook unconscious")
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "V shoots Rook", [5, 6, 6, 3, 5, 5])
    assert NextTurnCurtailed(target="Rook", loses="action", injury="spinal-injury") in (
        record.events
    )
    opened = service.next_round("fight", Dice.scripted([])).record
    assert not any("Rook has no" in str(e.get("text", "")) for e in opened.trace)
    rook = own(service, "Rook")
    assert (rook.action_left, rook.move_left, rook.lose_next) == (False, False, ())
    service.gm("fight", "set Rook up")
    service.next_round("fight", Dice.scripted([]))
    assert (own(service, "Rook").action_left, own(service, "Rook").move_left) == (True, True)


def test_c_4_an_injury_that_leaves_no_grip_drops_the_weapon_in_hand() -> None:
    """C-4: a broken arm (2d6 = 6) drops what that hand held: Rook's pistol falls."""
    service = start(_armored(), [5, 5])
    record = act(service, "V shoots Rook", [5, 6, 6, 3, 3, 3])
    assert "Rook drops the pistol." in record.narration
    assert who(service, "Rook").weapons == ()
    with pytest.raises(RuleRefusal, match=r"ENC-ACTION: Rook carries no weapon\."):
        act(service, "Rook shoots V", [5])


def test_cpr_aim_1_a_held_item_shot_takes_the_gun_out_of_the_targets_hand() -> None:
    """CPR-AIM-1: aimed at the held item, 1 damage through the armor drops the weapon in hand."""
    service = start(_armored(), [5, 5])
    act(service, "V shoots Rook --aim held-item", [10, 5, 5, 5, 2])
    assert who(service, "Rook").weapon("pistol") is None


def test_c_8_a_thrown_grenade_is_gone_from_the_hand() -> None:
    """C-8, CPR-THR-1: the grenade goes off in the square around the aim point; the last one
    thrown leaves nothing to throw; a knife goes at someone, not at a place."""
    doc = scene(
        person(
            "V",
            0,
            0,
            skills={"Athletics": 5},
            weapons=[{"weapon": "grenade"}, {"weapon": "knife", "count": 2}],
        ),
        person("Rook", 0, 8),
        person("Mei", 8, 8),
    )
    service = start(doc, [5, 5, 5])
    with pytest.raises(RuleRefusal, match="CPR-THR-1: The knife is thrown at someone"):
        act(service, "V throws knife at 0,8", [5])
    # --aim head on a grenade was taken and dropped without a word (no -8, no head): refused.
    written = len(service.log("fight"))
    for line in ("V throws grenade at 0,8 --aim head", "V throws grenade at Rook --aim leg"):
        with pytest.raises(RuleRefusal) as aimed:
            act(service, line, [5, 1, 1, 1, 1, 1, 1])
        assert str(aimed.value) == (
            "C-8: A grenade hits an area; it cannot be aimed at a spot on someone."
        )
    assert len(service.log("fight")) == written
    record = act(service, "V throws grenade at 0,8", [5, 1, 1, 1, 1, 1, 1])
    assert (
        record.summary["headline"] == "V throws the grenade at (0, 8): it goes off, catching Rook."
    )
    assert (who(service, "Rook").hits_left, who(service, "Mei").hits_left) == (34, 40)
    assert who(service, "V").weapon("grenade") is None
    service.next_round("fight", Dice.scripted([]))
    act(service, "V throws knife at Rook", [5, 2])
    assert own(service, "V").count_of("knife") == 1


def test_c_8_a_grenade_that_misses_goes_off_where_the_gm_says_it_landed() -> None:
    """C-8: a grenade that missed "lands off target (where is the GM's call)", and the fight
    had no way to say where: it went off nowhere, the GM left to work the blast out with
    `cpr explode --placed` and copy the damage in by hand. `--lands X,Y` says where; the throw
    misses as before and the grenade goes off there as a placed charge (no attack roll, so no
    dodge), in one record that an undo takes back whole. Without it, the headline names the
    option; a knife thrown at someone has no landing to give."""
    doc = scene(
        person(
            "V",
            0,
            0,
            skills={"Athletics": 5},
            weapons=[{"weapon": "grenade", "count": 2}, {"weapon": "knife"}],
        ),
        person("Rook", 0, 8),
        person("Mei", 8, 8),
    )
    service = start(doc, [5, 5, 5])
    with pytest.raises(RuleRefusal, match="C-8: --lands says where a grenade that misses lands"):
        act(service, "V throws knife at Rook --lands 8,8", [])
    # d10 1, less a second d10 of 5: far under the DV; then the blast's 6d6 at (8, 8).
    record = act(service, "V throws grenade at 0,8 --lands 8,8", [1, 5, 1, 1, 1, 1, 1, 1])
    assert record.summary["headline"] == (
        "V throws the grenade at (0, 8): it misses and lands at (8, 8): it goes off, catching Mei."
    )
    assert (who(service, "Rook").hits_left, who(service, "Mei").hits_left) == (40, 34)
    assert own(service, "V").count_of("grenade") == 1
    # The throw missed: so the odds count it, wherever it then went off.
    assert record.summary["outcome"] == "miss"
    service.undo("fight")
    assert (who(service, "Mei").hits_left, own(service, "V").count_of("grenade")) == (40, 2)
    missed = act(service, "V throws grenade at 0,8", [1, 5])
    assert "'--lands X,Y' sets it off there" in str(missed.summary["headline"])
    assert who(service, "Mei").hits_left == 40


# --- suppressive fire ----------------------------------------------------------------------------


def _suppression(
    start: tuple[float, float], end: tuple[float, float], *more: dict[str, Any]
) -> dict[str, Any]:
    """Rook with an SMG (Autofire 5) at the origin, V (WILL 3, Concentration 0) 10 m north,
    ``more`` people, and a cart from ``start`` to ``end``."""
    return scene(
        person("Rook", 0, 0, skills={"Autofire": 5}, weapons=[{"name": "smg", "weapon": "smg"}]),
        person("V", 0, 10, will=3, skills={"Concentration": 0}, weapons=[pistol()]),
        *more,
        barriers=[{"name": "cart", "from": list(start), "to": list(end), "height_ft": 4}],
    )


def test_c_6_suppressed_the_next_move_goes_to_cover() -> None:
    """C-6: everyone in sight within 25 m and out of cover resists; who fails owes their next
    Move to reaching cover (DEC-669: a move into the open, between shots or not, is refused
    while the cart is in reach); moving behind it pays it. A barrier in between is cover; 30 m
    is too far."""
    doc = _suppression(
        (5, -2),
        (5, 2),
        person("Mei", 10, 0, bystander=True),
        person("Far", 0, -30),
    )
    service = start(doc, [5, 5, 5])
    record = act(service, "Rook suppresses", [8, 2])
    assert record.summary["must_take_cover"] == ["V"]
    reasons = {t["target"]: t.get("reason") for t in record.summary["targets"]}
    assert reasons["Mei"] == "already in cover" and "beyond 25 m" in str(reasons["Far"])
    assert own(service, "V").must_take_cover
    with pytest.raises(RuleRefusal, match="C-6: V owes this Move to reaching cover from Rook's"):
        act(service, "V shoots Rook --twice --move-between 2,10", [5])
    with pytest.raises(RuleRefusal, match=r"behind the cart at 5\.5,1\.6"):
        act(service, "V moves to 3,12")
    record = act(service, "V moves to 5.5,1.6")
    assert not own(service, "V").must_take_cover
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    assert "V reaches cover from Rook's suppressive fire: the Move it made them owe." in steps
    assert str(who(service, "Rook").weapon("smg").loaded) == "20/30 basic"  # type: ignore[union-attr]


def test_dec_630_c_6_a_suppressor_behind_a_cart_still_reaches_the_open_ground_beyond() -> None:
    """DEC-630, C-6: the cart 1 m in front of Rook is Rook's own cover, on Rook's tenth of the
    line: V, 10 m off in the open, resists (8 against WILL 3 + 0 + 2) and owes the Move."""
    doc = _suppression((-2, 1), (2, 1))
    service = start(doc, [5, 5])
    record = act(service, "Rook suppresses", [8, 2])
    assert record.summary["must_take_cover"] == ["V"]


def test_dec_645_c_6_c_13_a_destroyed_cart_is_no_cover_from_suppressive_fire() -> None:
    """C-13: cover at 0 HP is destroyed and stops nothing more, so C-6 no longer counts V
    behind it. Rook's shot at the cart (wood thin, 5 HP; REF 6 + Handgun 0 + 9 = 15 beats DV 13
    at 8 m) takes 3 + 3 = 6 off it; next turn V, 10 m off, resists (8 against WILL 3 + 0 + 2)."""
    doc = _suppression((-2, 8), (2, 8))
    doc["barrier"][0]["cover"] = "wood thin"
    service = start(doc, [5, 5])
    act(service, "Rook shoots cover cart", [9, 3, 3])
    service.next_round("fight", Dice.scripted([]))
    record = act(service, "Rook suppresses", [8, 2])
    assert record.summary["must_take_cover"] == ["V"]


def test_enc_gm_the_state_table_shows_a_cpr_combatant_s_posture() -> None:
    """ENC-GM: `set V prone` is seen in the state table's state cell, as rmu's and gurps's
    rows show it (the session's table, `encounter show` and the web table read this row)."""
    service = start(duel(), (5, 5))
    assert RULESET.describe_row(who(service, "V"))["state"] == "up, standing"
    service.gm("fight", "set V prone")
    assert RULESET.describe_row(who(service, "V"))["state"] == "up, prone"


# --- refusals, fold, undo ------------------------------------------------------------------------


REFUSALS = [
    ("Vee shoots Juno", "ENC-SCENE", "did you mean 'V'?"),
    ("V dances", "ENC-ACTION", "cpr knows no action 'dances'"),
    ("V shoots Juno --ap 3", "ENC-ACTION", "'shoots' has no option --ap"),
    ("V shoots Juno --aim knee", "ENC-ACTION", "--aim: 'knee' is not one of head, held-item"),
    ("V shoots V", "ENC-ACTION", "cannot attack themselves"),
    ("V shoots Corpse", "ENC-DOWN", "Corpse is already dead."),
    ("Corpse shoots V", "ENC-DOWN", "Corpse is dead and takes no more actions."),
    ("Sleeper moves to 1,1", "ENC-DOWN", "Sleeper is unconscious and cannot act."),
    ("V shoots Juno --with rifle", "ENC-ACTION", "no weapon called 'rifle'; they carry pistol"),
    ("V shoots Far", "CPR-RNG-1", "does not reach"),
    ("V autofires at Juno", "C-5", "cannot fire on autofire"),
    ("V moves to 0,13", "CPR-REF-1", "13 m is too far"),
    ("V moves to 0,10", "S-1", "Juno already takes up that spot"),
    ("V shoots Juno", "CPR-REF-1", "already spent this turn's Action"),
]


@pytest.fixture
def refusing() -> EncounterService:
    doc = scene(
        person("V", 0, 0, ref=7, weapons=[pistol()]),
        person("Juno", 0, 10, weapons=[pistol()]),
        person("Corpse", 5, 5, condition="dead", weapons=[pistol()]),
        person("Sleeper", -5, 5, condition="unconscious"),
        person("Far", 0, 300),
    )
    service = start(doc, [5, 5, 5])
    return service


@pytest.mark.parametrize(("text", "rule", "words"), REFUSALS)
def test_refused_cpr_actions_change_neither_state_nor_log(
    refusing: EncounterService, text: str, rule: str, words: str
) -> None:
    """ENC-SCENE, ENC-ACTION, ENC-DOWN, CPR-RNG-1, C-5, CPR-REF-1, S-1: a plain sentence
    naming the rule, no die rolled, nothing written."""
    if rule == "CPR-REF-1" and "Action" in words:
        act(refusing, "V shoots Juno", [1, 1])
    before = snapshot(refusing)
    dice = Dice.scripted([5, 5, 5, 5])
    with pytest.raises(RuleRefusal) as refused:
        refusing.act("fight", text, dice)
    assert refused.value.rule == rule
    assert words in refused.value.reason
    assert refused.value.reason.endswith((".", "?"))
    assert dice.unused == (5, 5, 5, 5)
    assert snapshot(refusing) == before


def test_undo_gives_back_the_action_the_rounds_and_the_hp() -> None:
    """CPR-REF-1, CPR-AMMO-1, C-3: undo appends a record; the fold skips what it reverts."""
    service = start(_armored(), [5, 5])
    opened = service.state("fight")
    act(service, "V shoots Rook", [5, 6, 6, 3, 5, 5])
    undone = service.undo("fight")
    assert undone.state == opened
    assert fighter(undone.state.combatant("V")).action_left
    assert [r.kind for r in service.log("fight")] == ["round", "action", "undo"]
    act(service, "V shoots Rook", [1, 1])  # the Action is there to spend again


def test_folding_the_stored_cpr_log_reproduces_the_state_exactly() -> None:
    """The night market's stored log (undo included) folds to the state built step by step;
    every event reads back equal through the type registry."""
    service, incremental = play(NIGHT_MARKET)
    loaded = service.load("fight")
    assert loaded.state == incremental
    reread = [parse_record(r.payload(), seq=r.seq) for r in loaded.records]
    assert fold(loaded.scene, reread, RULESET) == incremental
    events = [e for r in loaded.records for e in r.events]
    assert len({type(e) for e in events}) >= 12
    for event in events:
        assert decode_event(json.loads(json.dumps(event.to_json()))) == event


ACTIONS = (
    "V shoots Juno",
    "V shoots Juno --twice",
    "V shoots Juno --twice --move-between {x},{y}",
    "V shoots Juno --aim head",
    "Juno shoots V --twice",
    "Juno shoots V --aim held-item",
    "Rook autofires at V",
    "Rook suppresses",
    "V reloads",
    "Rook reloads",
    "Juno moves to {x},{y}",
    "V moves to {x},{y}",
    "V throws grenade at {x},{y}",
)


@pytest.mark.parametrize("seed", range(8))
def test_random_play_folds_to_the_incremental_state(seed: int) -> None:
    """Random lines (refusals, turns and undos among them) on seeded dice: the fold of the
    stored log always equals the state built one step at a time."""
    rng = random.Random(seed)
    scenario = load_scenario(NIGHT_MARKET)
    service = EncounterService(MemoryStore())
    stack = [service.new("fight", scenario, Dice.seeded(seed)).state]
    for _ in range(40):
        roll = rng.random()
        if roll < 0.2:
            stack.append(service.next_round("fight", Dice.seeded(rng.randrange(999))).state)
        elif roll < 0.28 and len(stack) > 1:
            stack.pop()
            assert service.undo("fight").state == stack[-1]
        else:
            text = rng.choice(ACTIONS).format(x=rng.randint(-6, 8), y=rng.randint(-2, 16))
            head = service.store.head("fight")
            try:
                applied = service.act("fight", text, Dice.seeded(rng.randrange(999)))
            except RuleRefusal:
                assert service.store.head("fight") == head
                continue
            assert apply_all(stack[-1], applied.record.events, RULESET) == applied.state
            stack.append(applied.state)
        assert service.load("fight").state == stack[-1]


def test_a_stored_cpr_log_reads_back_in_a_process_that_never_resolved_a_cpr_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service registers the ruleset's event types (``Ruleset.event_types``) before it
    parses a stored log, so a fresh process folds it without having imported the encounter."""
    from firefight.rulesets.cpr.encounter import EVENT_TYPES
    from firefight.scene import events as log

    service, incremental = play(NIGHT_MARKET)
    bare = {k: v for k, v in log.event_types().items() if v not in EVENT_TYPES}
    monkeypatch.setattr(log, "_REGISTRY", bare)
    assert service.load("fight").state == incremental
    assert set(EVENT_TYPES) <= set(log.event_types().values())


def test_the_engine_checks_that_a_ruleset_opens_the_round_it_was_asked_for() -> None:
    """The turn is the ruleset's (a Move and an Action here, AP in rmu); the round number it
    must open is the engine's to check."""

    class Stuck(CPR):
        def start_round(self, state: EncounterState, round_number: int) -> Outcome:
            return Outcome(events=(), trace=Trace(), result=Happened())

    state = initial_state(scenario_from_data(duel()))
    with pytest.raises(FoldError, match="asked to start round 1"):
        engine.open_fight(state, Stuck(), Dice.scripted([5, 5]))


# --- the night market ----------------------------------------------------------------------------


def _summary(c: CombatantState) -> tuple[object, ...]:
    stats = fighter(c)
    weapons = tuple(f"{w.name} {w.loaded}" if w.loaded else w.name for w in c.weapons)
    return (c.name, c.hits_left, stats.body_sp, stats.head_sp, stats.injuries, weapons)


def test_night_market_plays_to_its_golden_end() -> None:
    """CPR-DOD-1, CPR-ROF-1, C-5, CPR-AIM-1, C-4, C-9, CPR-AMMO-1, C-8: the bundled street
    fight -- a REF 9 dodger, a ROF 2 pistol with a move between, SMG autofire, armor that
    ablates, a concussion that weighs on Rook's last burst, a bystander -- ends here."""
    _, records, state = play_scenario(EncounterService(MemoryStore()), NIGHT_MARKET, "x")
    assert state.round == 3 and len(records) == 15
    assert [_summary(c) for c in state.combatants] == [
        ("V", 9, 9, 7, ("broken-leg",), ("grenade",)),
        ("Juno", 4, 2, 0, (), ("pistol 9/12 basic",)),
        ("Rook", 2, 6, 6, ("concussion",), ("smg 20/30 basic",)),
        ("Mei", 30, 0, 0, (), ()),
    ]
    assert fighter(state.combatant("Rook")).rounds_carried("smg", "basic") == 4
    last = records[-1]
    assert (-2, "Rook: concussed", "C-4") in parts_of(last, "autofire total")
    assert (-2, "Rook is seriously wounded", "C-9") in parts_of(last, "autofire total")
    dodge = records[2]
    assert rolls_in(dodge)[:2] == ["Juno's dodge", "V's attack"]
    assert any(r.kind == "undo" for r in records)
    assert any(c.bystander for c in state.combatants)


def test_night_market_plays_the_same_every_time() -> None:
    runs = [play_scenario(EncounterService(MemoryStore()), NIGHT_MARKET, "x") for _ in range(2)]
    first, second = ([r.payload() for r in records] for _, records, _ in runs)
    assert first == second
    assert runs[0][2] == runs[1][2]


def test_firefight_play_night_market_prints_the_log_and_the_cpr_table() -> None:
    """``firefight play examples/night-market.toml``: the narrated log and a state table with
    cpr's own columns (the turn, HP, wound state, SP), byte for byte the same as JSON twice."""
    runner = CliRunner()
    result = runner.invoke(app, ["play", str(NIGHT_MARKET), "--no-trace"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Turn 1 begins: a Move and an Action each [CPR-REF-1]." in out
    assert "V fires the pistol twice at Juno: shot 1 hit (12 damage, 8 HP lost); shot 2 " in out
    for heading in ("turn", "HP", "wound", "SP body/head", "at (m)"):
        assert heading in out
    assert "AP" not in out.split("Night market")[-1]
    runs = [runner.invoke(app, ["play", str(NIGHT_MARKET), "--json"]).stdout for _ in range(2)]
    assert runs[0] == runs[1]
    rook = next(c for c in json.loads(runs[0])["state"]["combatants"] if c["name"] == "Rook")
    assert (rook["wound_state"], rook["hp"], rook["injuries"]) == ("serious", 2, ["concussion"])


@pytest.mark.parametrize("place", ["1e300,0", "3,3,3", "nan,0"])
def test_a_throw_at_no_place_says_so_not_that_nobody_is_called_it(place: str) -> None:
    """DEC-923: 'V throws grenade at 1e300,0' was refused as "Nobody called '1e300,0' is in
    the scene", as if a name were meant. A word written as a place that reads as none, and
    names nobody, is refused as the place it is not."""
    state = initial_state(load_scenario(NIGHT_MARKET))
    with pytest.raises(RuleRefusal) as refused:
        find_ruleset("cpr").parse_action(f"V throws grenade at {place}", state)
    assert "Nobody called" not in refused.value.reason
    assert f"as X,Y (e.g. '4,10'), not '{place}'" in refused.value.reason
