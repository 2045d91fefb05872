"""Opportunity fire in the scene (issue 15, GUR-OPP-1): a Wait watching hexes, a line or a
cone placed on the map fires by itself at whoever moves into it; several watchers fire
together, each shot set up on the scene as it stood before any of them (DEC-400, DEC-401)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, parse_scenario
from firefight.errors import RuleRefusal
from firefight.geometry import Point
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.opportunity import HEX_AREA_YD2, WatchedArea
from firefight.scene.state import EncounterState
from firefight.scene.svg import Overlay
from gurps_support import GURPS, act, opened

# Ann and Cid (the law) face north; Bob (the gang) runs west across their front, 10 yd out,
# a Move (5 yd) from one side of it to the other (GUR-CORE-1).
SCENE = """
[scenario]
title = "Crossing"
ruleset = "gurps"

[[combatant]]
name = "Ann"
side = "law"
position = [0, 0]
move = 6

[[combatant.weapon]]
weapon = "revolver-38"
skill = 20

[[combatant]]
name = "Cid"
side = "law"
position = [6, 0]
move = 6

[[combatant.weapon]]
weapon = "revolver-38"
skill = 20

[[combatant]]
name = "Bob"
side = "gang"
position = [9, 30]
facing_deg = 270
dodge = 0
hp = 10

[[combatant]]
name = "Eve"
side = "law"
position = [9, 27]
facing_deg = 270
"""


def waiting(*lines: str) -> EncounterState:
    now = opened(SCENE)
    for line in lines:
        now = act(now, line)
    return now


def texts(out: engine.Resolution) -> list[str]:
    return [str(e.get("text", "")) for e in out.record.trace]


def test_gur_opp_1_a_watched_line_fires_at_the_crossing() -> None:
    """GUR-OPP-1: Bob crossing Ann's watched line is shot where he crosses it (10 yd and his
    5 yd/s: -5, line -5: 10, G-2); he keeps moving when not dropped."""
    state = waiting("Ann waits --watch line --at 0,30")
    out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted([3, 1, 1, 6, 6, 1, 1, 1]))
    assert "Ann fires as Bob comes in at 0,30" in texts(out)
    fired = out.record.summary["opportunity_fire"]
    assert [(f["shooter"], f["effective_skill"], f["injury"]) for f in fired] == [("Ann", 10, 1)]
    bob = out.state.combatant("Bob")
    assert bob.position == Point(x_ft=-6, y_ft=30) and gurps_stats(bob).lost == 1
    assert gurps_stats(out.state.combatant("Ann")).watching is None


def test_gur_opp_1_simultaneous_shots_all_fire() -> None:
    """GUR-OPP-1: two watchers both fire at Bob, though the first shot already dropped him:
    their shots are simultaneous; the wounds add up and Bob stops where he was dropped."""
    state = waiting("Ann waits --watch line --at 0,30", "Cid waits --watch 3 --at 0,30")
    # Cid's area is entered first (a 3-hex disc around 0,30): 5 hits; 6 damage, a major wound
    # (over HP/2), HT 10 fails on 12: knocked down. Ann still fires: 5 hits, 2 more.
    faces = [3, 1, 1, 6, 6, 1, 3, 4, 6, 5, 1, 3, 1, 1, 6, 6, 1, 1, 2]
    out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted(faces))
    fired = out.record.summary["opportunity_fire"]
    assert [f["shooter"] for f in fired] == ["Cid", "Ann"]
    assert [f["injury"] for f in fired] == [6, 2]
    bob = out.state.combatant("Bob")
    assert gurps_stats(bob).lost == 8
    radius = 3 * math.sqrt(3 * HEX_AREA_YD2 / math.pi)
    assert bob.position.x_ft == pytest.approx(radius, abs=0.01)


def test_gur_opp_1_a_specific_target_or_holding_fire() -> None:
    """GUR-OPP-1: waiting for one figure fires only at them (-4); not firing automatically
    holds fire on a friend and shoots a foe at -2 for telling them apart."""
    state = waiting("Ann waits --watch line --at 0,30 --for Eve")
    out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted([]))
    assert "opportunity_fire" not in out.record.summary
    state = waiting("Ann waits --watch line --at 0,30 --hold")
    out = engine.act(state, "Eve moves -6,27", GURPS, Dice.scripted([]))
    assert "opportunity_fire" not in out.record.summary
    out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted([6, 6, 6]))
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    assert {"value": -2, "label": "telling friend from foe before firing", "rule": "GUR-OPP-1"} in (
        total["parts"]
    )


def test_gur_opp_1_firing_automatically_hits_friends_too() -> None:
    """GUR-OPP-1: a watcher firing automatically shoots the first one to come in, friend or
    foe."""
    state = waiting("Ann waits --watch line --at 0,30")
    out = engine.act(state, "Eve moves -6,27", GURPS, Dice.scripted([6, 6, 6]))
    assert [f["shooter"] for f in out.record.summary["opportunity_fire"]] == ["Ann"]


def test_gur_opp_1_the_area_lies_in_the_arc_of_vision() -> None:
    """GUR-OPP-1: the whole watched area must lie in the watcher's arc of vision."""
    with pytest.raises(RuleRefusal, match="arc of vision"):
        waiting("Ann waits --watch cone --at 0,-30")
    with pytest.raises(RuleRefusal, match="arc of vision"):
        waiting("Ann waits --watch cone --at 30,0")  # the cone's edge at 105 degrees
    waiting("Ann waits --watch 3 --at 30,3")


def test_gur_opp_1_areas_of_n_hexes_and_cones() -> None:
    """GUR-OPP-1: N hexes are a disc of N hexes' area; a 30-degree cone is 15 degrees to each
    side out to the weapon's Max; a line is crossed."""
    w = Point(x_ft=0, y_ft=0)
    seven = WatchedArea(kind="hexes", count=7, at=Point(x_ft=0, y_ft=30), watcher=w, reach_ft=900)
    assert seven.radius_ft / 3 == pytest.approx(math.sqrt(7 * math.sqrt(3) / 2 / math.pi))
    cone = WatchedArea(kind="cone", count=0, at=Point(x_ft=0, y_ft=30), watcher=w, reach_ft=900)
    assert cone.inside(Point(x_ft=7.9, y_ft=30)) and not cone.inside(Point(x_ft=8.1, y_ft=30))
    assert not cone.inside(Point(x_ft=0, y_ft=901))
    line = WatchedArea(kind="line", count=0, at=Point(x_ft=0, y_ft=30), watcher=w, reach_ft=900)
    assert line.entry(Point(x_ft=-3, y_ft=60), Point(x_ft=3, y_ft=60)) == 0.5
    assert line.entry(Point(x_ft=3, y_ft=60), Point(x_ft=9, y_ft=60)) is None


def _armed() -> EncounterState:
    scene = SCENE.replace(
        "position = [9, 30]\nfacing_deg = 270", "position = [6, 36]\nfacing_deg = 225"
    ).replace(
        'hp = 10\n\n[[combatant]]\nname = "Eve"',
        'hp = 10\n\n[[combatant.weapon]]\nweapon = "pistol-9mm"\nskill = 12\n\n'
        '[[combatant]]\nname = "Eve"',
    )
    state = engine.open_fight(initial_state(parse_scenario(scene)), GURPS, Dice.scripted([]))
    return engine.act(
        state.state, "Ann waits --watch line --at 0,30", GURPS, Dice.scripted([])
    ).state


def test_gur_opp_1_a_move_and_attack_walks_into_opportunity_fire() -> None:
    """GUR-OPP-1, GUR-MOVE-1: Bob's Move and Attack crosses Ann's line: she fires first; a
    major wound that knocks him down stops him there and his attack is lost."""
    dropped = engine.act(
        _armed(),
        "Bob moves and shoots Ann --to -3,27",
        GURPS,
        Dice.scripted([3, 1, 1, 6, 6, 1, 4, 4, 6, 5, 1]),
    )
    assert dropped.record.summary["headline"].startswith("Bob is dropped")
    assert dropped.state.combatant("Bob").position == Point(x_ft=0, y_ft=30)
    assert gurps_stats(dropped.state.combatant("Ann")).lost == 0
    # Ann misses (18): Bob goes on and fires (18 again: a miss)
    missed = engine.act(
        _armed(), "Bob moves and shoots Ann --to -3,27", GURPS, Dice.scripted([6, 6, 6, 6, 6, 6])
    )
    assert [f["shooter"] for f in missed.record.summary["opportunity_fire"]] == ["Ann"]
    assert missed.record.summary["result"] == "miss"
    assert missed.state.combatant("Bob").position == Point(x_ft=-3, y_ft=27)


def test_g_2_gur_opp_1_a_mover_s_speed_adds_to_the_range() -> None:
    """G-2, GUR-OPP-1: a watcher fires at someone on the move: the yards they cover in the
    second are their speed, which adds to the range (DEC-641). Bob runs 5 yd across Ann's line
    10 yd out: 15 yd on the table (-5), not 10 (-4); a 2 yd step over a line a little east of
    it, 10.35 yd out, is read at 12.35 yd (-5)."""
    state = waiting("Ann waits --watch line --at 0,30")
    out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted([6, 6, 6]))
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    assert {"value": -5, "label": "speed/range 10 yd + 5 yd/s", "rule": "G-2"} in total["parts"]
    state = waiting("Ann waits --watch line --at 8,30")
    out = engine.act(state, "Bob moves 3,30", GURPS, Dice.scripted([6, 6, 6]))
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    assert {"value": -5, "label": "speed/range 10.35 yd + 2 yd/s", "rule": "G-2"} in (
        total["parts"]
    )


def test_gur_opp_1_a_watcher_who_cannot_take_the_shot_fires_nothing() -> None:
    """GUR-OPP-1, GUR-CORE-1: Ann watches 3 hexes 2000 yd out, past her .38's Max: Bob
    running through them draws no shot, and his move is not refused for her gun's range; the
    trace says why she did not fire."""
    far = opened(SCENE.replace("position = [9, 30]", "position = [9, 6000]"))
    state = act(far, "Ann waits --watch 3 --at 0,6000")
    out = engine.act(state, "Bob moves -6,6000", GURPS, Dice.scripted([]))
    assert "opportunity_fire" not in out.record.summary
    assert out.state.combatant("Bob").position == Point(x_ft=-6, y_ft=6000)
    assert any(t.startswith("Ann fires no shot at Bob: 2000 yd is beyond") for t in texts(out))


def test_gur_opp_1_an_empty_gun_or_a_stunned_watcher_fires_nothing() -> None:
    """GUR-OPP-1, GUR-CORE-1: Bob crosses the line Ann watches (she fires there when able):
    with her .38 empty, or Ann stunned, no shot is fired and no die is rolled."""
    empty = opened(
        SCENE.replace(
            'weapon = "revolver-38"\nskill = 20\n\n[[combatant]]\nname = "Cid"',
            'weapon = "revolver-38"\nskill = 20\nloaded = 0\n\n[[combatant]]\nname = "Cid"',
        )
    )
    watching = waiting("Ann waits --watch line --at 0,30")
    ann = watching.combatant("Ann")
    stunned = watching.with_combatant(replace(ann, stats=replace(gurps_stats(ann), stunned=True)))
    for state in (act(empty, "Ann waits --watch line --at 0,30"), stunned):
        out = engine.act(state, "Bob moves -6,30", GURPS, Dice.scripted([]))
        assert "opportunity_fire" not in out.record.summary
        assert out.state.combatant("Bob").position == Point(x_ft=-6, y_ft=30)


def test_dec_774_a_placed_wait_is_drawn_on_the_map_where_it_watches() -> None:
    """GUR-OPP-1, DEC-774: a Wait with --at is drawn where it watches, hexes as the disc they
    cover; a cone (out to the weapon's Max) as a mark where it points; a Wait with no place
    draws nothing; a watcher who is down no longer watches."""
    now = waiting("Ann waits --watch 3 --at 9,27", "Cid waits --watch cone --at 9,30")
    shapes = GURPS.scene_overlay(now)
    (ring,) = shapes.rings
    assert ring.center == Point(x_ft=9, y_ft=27) and ring.label == "Ann watches 3 hexes (GUR-OPP-1)"
    assert ring.radius_ft == pytest.approx(3 * math.sqrt(3 * HEX_AREA_YD2 / math.pi))
    assert [(m.at, m.label) for m in shapes.marks] == [
        (Point(x_ft=9, y_ft=30), "Cid watches a cone this way")
    ]
    assert GURPS.scene_overlay(waiting("Ann waits --watch 3")) == Overlay()
    cid = now.combatant("Cid")
    assert not GURPS.scene_overlay(now.with_combatant(replace(cid, unconscious=True))).marks
