"""The 3e attack maneuvers with missile weapons (issue 15): All-Out Attack and Move and Attack
in the standalone shot, on encounter action lines and in the odds (GUR-CORE-1, GUR-MOVE-1)."""

from __future__ import annotations

import math

import pytest

from firefight.declarations import declare, options_of
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import RuleRefusal
from firefight.odds.api import odds, odds_stats
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.setup import settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.scene.state import EncounterState
from gurps_support import GURPS, YARD, act, next_round, opened


def parts_of(state: EncounterState, text: str, faces: list[int]) -> list[dict[str, object]]:
    out = engine.act(state, text, GURPS, Dice.scripted(faces))
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    parts = total["parts"]
    assert isinstance(parts, list)
    return parts


def skill(**values: object) -> int:
    values = {"weapon": "revolver-38", "skill": 14, "distance": 5, **values}
    return settle(declare(Shoot, **values), DATA).skill


def test_gur_core_1_all_out_attack_is_plus_one_to_hit() -> None:
    """GUR-CORE-1: an All-Out Attack with a missile weapon is +1 (3e, provisional)."""
    shot = settle(
        declare(Shoot, weapon="revolver-38", skill=14, distance=5, aim=1, maneuver="all-out"), DATA
    )
    assert any(
        m.label == "All-Out Attack" and m.value == 1 and m.rule == "GUR-CORE-1"
        for m in shot.modifiers
    )
    assert skill(aim=1, maneuver="all-out") == skill(aim=1) + 1


def test_gur_core_1_the_maneuver_figures_are_provisional_3e() -> None:
    """GUR-CORE-1: the All-Out Attack and Fast-Draw figures are recalled 3e: provisional, each
    with its derivation."""
    for section in (DATA.core.maneuvers, DATA.core.fast_draw):
        assert section.provisional and "public core (3e)" in section.source
        assert "recalled" in section.derivation
    assert DATA.core.maneuvers.all_out_ranged_hit == 1
    assert DATA.core.maneuvers.all_out_move_fraction == 0.5


def test_gur_core_1_all_out_attack_is_not_fired_on_the_move() -> None:
    """GUR-CORE-1: the All-Out Attack's advance comes before the shot: no --moving with it."""
    with pytest.raises(RuleRefusal, match="move-and-attack"):
        settle(
            declare(
                Shoot,
                weapon="revolver-38",
                skill=14,
                distance=5,
                maneuver="all-out",
                moving="walking",
            ),
            DATA,
        )


def test_gur_move_1_move_and_attack_fires_walking_or_running() -> None:
    """GUR-MOVE-1: Move and Attack is firing on the move: -1 walking, -2 running, x6 for a bow
    (and the snap shot besides); it needs --moving."""
    with pytest.raises(RuleRefusal, match="walking or running"):
        settle(
            declare(Shoot, weapon="revolver-38", skill=14, distance=5, maneuver="move-and-attack"),
            DATA,
        )
    walk = skill(maneuver="move-and-attack", moving="walking")
    run = skill(maneuver="move-and-attack", moving="running")
    assert walk - run == 1
    bow = settle(
        declare(
            Shoot,
            weapon="longbow",
            skill=14,
            distance=5,
            st=11,
            maneuver="move-and-attack",
            moving="running",
        ),
        DATA,
    )
    assert any(m.value == -12 and m.rule == "GUR-MOVE-1" for m in bow.modifiers)


def test_gur_core_1_no_4e_bulk() -> None:
    """GUR-CORE-1, G-5: 4e's Bulk is no 3e statistic: no weapon row, option or modifier has it."""
    assert not any("bulk" in o.flag for o in options_of(Shoot))
    assert "bulk" not in DATA.modifiers
    assert all(not hasattr(w, "bulk") for w in DATA.weapons.values())


def test_gur_core_1_all_out_attack_in_an_encounter_leaves_no_defense() -> None:
    """GUR-CORE-1: after 'Ann all-out attacks Bob' Ann cannot defend until her next maneuver;
    the shot is +1."""
    scene = YARD.replace("skill = 12", "skill = 18")
    state = opened(scene)
    parts = parts_of(state, "Ann all-out attacks Bob", [6, 6, 6])
    assert {"value": 1, "label": "All-Out Attack", "rule": "GUR-CORE-1"} in parts
    state = act(state, "Ann all-out attacks Bob", [6, 6, 6])
    assert gurps_stats(state.combatant("Ann")).all_out
    # Bob's 18 - 4 (10 yd) - 4 (snap) = 10: 10 hits, no dodge is rolled, damage 2d
    out = engine.act(state, "Bob shoots Ann", GURPS, Dice.scripted([3, 3, 4, 1, 1]))
    assert out.record.summary["result"] == "hit"
    assert any("no active defense" in str(e.get("text", "")) for e in out.record.trace)
    state = engine.next_round(out.state, GURPS, Dice.scripted([])).state
    state = act(state, "Ann aims at Bob")
    assert not gurps_stats(state.combatant("Ann")).all_out


def test_gur_core_1_all_out_attack_advances_half_move_forward() -> None:
    """GUR-CORE-1: the All-Out Attack's advance is at most half Move (Ann's Move 6: 3 yd = 9 ft),
    forward only."""
    state = act(opened(), "Ann all-out attacks Bob --to 0,9", [6, 6, 6])
    assert state.combatant("Ann").position.y_ft == 9
    with pytest.raises(RuleRefusal, match="half Move"):
        act(opened(), "Ann all-out attacks Bob --to 0,12")
    with pytest.raises(RuleRefusal, match="forward"):
        act(opened(), "Ann all-out attacks Bob --to 0,-6")


def test_gur_move_1_moves_and_shoots_in_an_encounter() -> None:
    """GUR-MOVE-1: 'Ann moves and shoots Bob --to X,Y' moves her first; up to half Move is a
    walk (-1), more a run (-2), more than Move is refused (DEC-396)."""
    state = opened()
    walk = parts_of(state, "Ann moves and shoots Bob --to 6,6", [6, 6, 6])
    assert any(p["value"] == -1 and p["rule"] == "GUR-MOVE-1" for p in walk)
    run = parts_of(state, "Ann moves and shoots Bob --to 0,15", [6, 6, 6])
    assert any(p["value"] == -2 and p["rule"] == "GUR-MOVE-1" for p in run)
    moved = act(state, "Ann moves and shoots Bob --to 0,15", [6, 6, 6])
    assert moved.combatant("Ann").position.y_ft == 15
    with pytest.raises(RuleRefusal, match="at most Move"):
        act(state, "Ann moves and shoots Bob --to 0,21")
    with pytest.raises(RuleRefusal, match="--to"):
        act(state, "Ann moves and shoots Bob")


def test_gur_move_1_aim_kept_only_within_the_walking_limits() -> None:
    """GUR-MOVE-1: an aim carries into Move and Attack only at 2 yd/s or half Move at most
    (+1 in all); running loses it."""
    state = act(opened(), "Ann aims at Bob")
    state = next_round(state)
    slow = parts_of(state, "Ann moves and shoots Bob --to 0,6", [6, 6, 6])
    assert any(p["rule"] == "GUR-MOVE-1" and "+1 at most" in str(p["label"]) for p in slow)
    out = engine.act(state, "Ann moves and shoots Bob --to 0,15", GURPS, Dice.scripted([6, 6, 6]))
    assert any("aim is lost" in str(e.get("text", "")) for e in out.record.trace)


def test_gur_core_1_odds_of_an_all_out_attack() -> None:
    """GUR-CORE-1, G-1: the +1 shows in the exact odds: skill 9 + 1 hits on 10 or less (1/2)."""
    plain = declare(Shoot, weapon="revolver-38", skill=7, distance=2, aim=1)
    aoa = declare(Shoot, weapon="revolver-38", skill=7, distance=2, aim=1, maneuver="all-out")
    p = {v.stat.name: v.value for v in odds_stats(odds(None, aoa), aoa)}
    q = {v.stat.name: v.value for v in odds_stats(odds(None, plain), plain)}
    assert math.isclose(p["p_hit"], 0.5) and math.isclose(q["p_hit"], 81 / 216)


def test_gur_core_1_a_move_covers_at_most_move_yards_in_a_second() -> None:
    """GUR-CORE-1: the Move maneuver takes a fighter at most their Move in yards in the
    second, as Move and Attack does (DEC-396, DEC-640): Ann (Move 6) may go 18 ft, not 21; a
    refused move changes nothing."""
    state = opened()
    moved = act(state, "Ann moves 0,18")
    assert moved.combatant("Ann").position.y_ft == 18
    with pytest.raises(RuleRefusal) as refused:
        act(state, "Ann moves 0,21")
    # The place is typed in feet and the Move is in yards: the refusal gives both (DEC-779).
    assert str(refused.value) == (
        "GUR-CORE-1: Ann covers at most Move 6 yd (18 ft) in a second, not 7 yd (21 ft)."
    )
    assert state.combatant("Ann").position.y_ft == 0
    assert GURPS.describe_row(moved.combatant("Ann"))["at (ft)"] == "0,18"


def test_gur_mod_1_aim_turns_count_at_one_target_and_start_again_at_another() -> None:
    """GUR-MOD-1: each second of Aim at the same target adds a turn; an Aim at someone else
    starts again at one, and a braced Aim is kept braced. Played quietly (a simulated fight)
    and recorded alike."""
    scene = YARD + '\n[[combatant]]\nname = "Cy"\nposition = [30, 30]\n'
    for play in (act, _quietly):
        state = play(opened(scene), "Ann aims at Bob --braced")
        ann = gurps_stats(state.combatant("Ann"))
        assert (ann.aim_target, ann.aim_turns, ann.braced) == ("Bob", 1, True)
        state = play(next_round(state), "Ann aims at Bob")
        ann = gurps_stats(state.combatant("Ann"))
        assert (ann.aim_target, ann.aim_turns, ann.braced) == ("Bob", 2, False)
        state = play(next_round(state), "Ann aims at Cy")
        ann = gurps_stats(state.combatant("Ann"))
        assert (ann.aim_target, ann.aim_turns) == ("Cy", 1)


def _quietly(state: EncounterState, text: str) -> EncounterState:
    return engine.act_quietly(state, GURPS.parse_action(text, state), GURPS, Dice.scripted([]))


def test_gur_core_1_an_aim_with_a_weapon_not_carried_is_refused_quietly_too() -> None:
    """GUR-CORE-1: an Aim is taken with a weapon; one the fighter does not carry is refused,
    naming what they carry, by the quiet path (a simulated fight) as by the recorded one."""
    state = opened()
    for play in (act, _quietly):
        with pytest.raises(RuleRefusal, match="no weapon called 'rifle'; they carry revolver-38"):
            play(state, "Ann aims at Bob --weapon rifle")


def test_gur_move_1_dec_950_a_walk_faster_than_2_yd_a_second_loses_the_aim() -> None:
    """GUR-MOVE-1, DEC-950: an aim carries into a walk at 2 yd/s or half Move at most. Ann
    (Move 6) walking 3 yd in the second (half her Move, but past 2 yd/s) kept her aim: the
    pace was read from where she stood after the move, always 0. Her 3 yd/s now loses it, said
    in the trace; a 2 yd walk keeps it (+1 at most)."""
    state = next_round(act(opened(), "Ann aims at Bob"))
    out = engine.act(state, "Ann moves and shoots Bob --to 0,9", GURPS, Dice.scripted([6, 6, 6]))
    said = [str(e.get("text", "")) for e in out.record.trace]
    assert any("the aim is lost" in t and "not 3." in t for t in said)
    fast = parts_of(state, "Ann moves and shoots Bob --to 0,9", [6, 6, 6])
    assert not any("aim" in str(p["label"]) for p in fast)
    slow = parts_of(state, "Ann moves and shoots Bob --to 0,6", [6, 6, 6])
    assert any("+1 at most" in str(p["label"]) for p in slow)
