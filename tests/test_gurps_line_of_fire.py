"""Who is in the way and who a miss strikes, read from the scene (issue 15): GUR-WRONG-1's
people in the line of fire with its posture exceptions and burst rule, GUR-WRONG-2's walk of a
miss past them and down range, GUR-WRONG-3's dodged missile flying on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.scene.state import EncounterState
from gurps_support import GURPS, act, barrier, next_round, opened

# Ann shoots north at Bob 10 yd away; Cid (Ann's side) stands half way, Dan (Bob's) 5 yd
# behind Bob.
SCENE = """
[scenario]
title = "Alley"
ruleset = "gurps"

[[combatant]]
name = "Ann"
side = "law"
position = [0, 0]
move = 6

[[combatant.weapon]]
weapon = "revolver-38"
skill = 16

[[combatant.weapon]]
weapon = "smg-9mm"
name = "smg"
skill = 16

[[combatant.weapon]]
weapon = "shotgun-12"
name = "shotgun"
skill = 16

[[combatant]]
name = "Cid"
side = "law"
position = [0, 15]
facing_deg = 180

[[combatant]]
name = "Bob"
side = "gang"
position = [0, 30]
facing_deg = 180
hp = 12

[[combatant]]
name = "Dan"
side = "gang"
position = [0, 45]
facing_deg = 180
"""


def posed(**postures: str) -> EncounterState:
    state = opened(SCENE)
    for name, verb in postures.items():
        state = act(state, f"{name} {verb}")
    return next_round(state)


def record(state: EncounterState, text: str, faces: list[int]) -> engine.Resolution:
    return engine.act(state, text, GURPS, Dice.scripted(faces))


def parts(state: EncounterState, text: str) -> list[dict[str, object]]:
    # 17: a miss; Cid (if in the way) not struck on 18; 6: right, nobody there
    out = record(state, text, [6, 6, 5, 6, 6, 6, 6])
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    found = total["parts"]
    assert isinstance(found, list)
    return found


def penalty(found: list[dict[str, object]]) -> int:
    return sum(int(str(p["value"])) for p in found if p["rule"] == "GUR-WRONG-1")


def test_gur_wrong_1_someone_standing_in_the_line_is_minus_4() -> None:
    """GUR-WRONG-1: Cid standing between Ann and Bob: -4, read from the scene."""
    assert {"value": -4, "label": "1 in the line of fire", "rule": "GUR-WRONG-1"} in parts(
        opened(SCENE), "Ann shoots Bob"
    )


def test_gur_wrong_1_minus_8_for_a_wide_pattern() -> None:
    """GUR-WRONG-1: a shotgun's spread: -8 for each one in the way."""
    state = act(opened(SCENE), "Ann draws shotgun")
    state = next_round(state)
    assert penalty(parts(state, "Ann shoots Bob --weapon shotgun")) == -8


def test_gur_wrong_1_kneeling_and_prone_figures_are_not_in_the_way() -> None:
    """GUR-WRONG-1: someone kneeling is not in the way of a standing shooter at a standing
    target, but is when the target is low or the shooter kneels; someone prone is in the way
    only of a prone shooter."""
    assert penalty(parts(posed(Cid="kneels"), "Ann shoots Bob")) == 0
    assert penalty(parts(posed(Cid="kneels", Bob="kneels"), "Ann shoots Bob")) == -4
    assert penalty(parts(posed(Cid="kneels", Ann="kneels"), "Ann shoots Bob")) == -4
    assert penalty(parts(posed(Cid="drops"), "Ann shoots Bob")) == 0
    assert penalty(parts(posed(Cid="drops", Bob="drops"), "Ann shoots Bob")) == 0
    assert penalty(parts(posed(Cid="drops", Ann="drops"), "Ann shoots Bob")) == -4


def test_gur_wrong_1_the_fallen_are_on_the_ground_and_a_kneeling_shooter_is_not_prone() -> None:
    """GUR-WRONG-1: someone on the ground is in the way only if the shooter is prone too, so
    not when Ann only kneels; Cid knocked out where he stood is on the ground as well."""
    assert penalty(parts(posed(Cid="drops", Ann="kneels"), "Ann shoots Bob")) == 0
    state = posed()
    fallen = state.with_combatant(replace(state.combatant("Cid"), unconscious=True))
    assert penalty(parts(fallen, "Ann shoots Bob")) == 0


def test_gur_wrong_1_a_burst_may_strike_the_low_ones() -> None:
    """GUR-WRONG-1: a burst from a recoiling weapon (Rcl -1, RoF 10) may strike Cid kneeling
    in the line of fire, though he costs the shot nothing."""
    state = act(posed(Cid="kneels"), "Ann draws smg")
    state = next_round(state)
    # two misses; shot 1 strikes Cid (6 against 9), his dodge fails, 3d-1 = 2; shot 2 misses
    # him (18) and goes under
    faces = [6, 6, 5, 6, 6, 5, 2, 2, 2, 6, 6, 6, 1, 1, 1, 6, 6, 6, 3]
    out = record(state, "Ann shoots Bob --weapon smg --shots 2", faces)
    total = next(e for e in out.record.trace if e.get("label") == "effective skill")
    assert penalty(total["parts"]) == 0
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert any("a burst may still strike Cid" in t for t in texts)
    assert any(t.startswith("Cid: 6 against") for t in texts)


def test_gur_wrong_2_a_miss_may_strike_the_one_in_the_way() -> None:
    """GUR-WRONG-2: Ann's miss (17 against 4) passes Cid: he is struck on 9 or the shot's own
    number at his range, whichever is less (4 + 4 for 10 yd - 2 for 5 yd = 6); a 6 strikes,
    Cid's Dodge 5 fails on 12 and a 2d-1 of 5 hurts him."""
    out = record(opened(SCENE), "Ann shoots Bob", [6, 6, 5, 2, 2, 2, 4, 4, 4, 3, 3])
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert "Cid: 6 against 6: success" in texts
    assert out.record.summary["strays"] == [{"shot": 1, "hit": "Cid", "injury": 5}]
    assert gurps_stats(out.state.combatant("Cid")).lost == 5


def test_gur_wrong_2_past_the_target_down_range() -> None:
    """GUR-WRONG-2: missed by 4 or less the missile passes through the target's hex and flies
    on down the straight line to Dan, struck on 9 or the shot's number at his range."""
    state = opened(SCENE.replace("position = [0, 15]\nfacing_deg = 180", "position = [9, 15]"))
    # Ann aimed: 16 - 4 + 2 (Acc) = 14; a 16 misses by 2: through Bob's hex, on to Dan at
    # 15 yd (-5): 14 + 4 - 5 = 13, so 9; a 9 strikes; Dan's dodge fails on 18; 2d-1 = 3
    state = act(state, "Ann aims at Bob")
    state = next_round(state)
    out = record(state, "Ann shoots Bob", [6, 5, 5, 3, 3, 3, 6, 6, 6, 2, 2])
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert "missed by 2: through the target's hex" in texts
    assert "Dan: 9 against 9: success" in texts
    assert out.record.summary["strays"] == [{"shot": 1, "hit": "Dan", "injury": 3}]


def test_gur_wrong_2_dec_213_past_the_one_in_the_way_the_direction_is_rolled() -> None:
    """GUR-WRONG-2, DEC-213: Ann aimed, Cid in the way: 16 - 4 (10 yd) - 4 (Cid) + 2 = 10; a
    13 misses by 3. Cid, the first possible target, is met without a direction roll and not
    struck (18); before Dan, a later one, the direction is rolled: 5, left, flies on; Dan is
    struck on 9 (10 + 4 - 5 for 15 yd), fails his dodge (18), and 2d-1 of 2, 2 = 3."""
    state = next_round(act(opened(SCENE), "Ann aims at Bob"))
    faces = [5, 5, 3, 6, 6, 6, 5, 3, 3, 3, 6, 6, 6, 2, 2]
    out = record(state, "Ann shoots Bob", faces)
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert texts.index("Cid: 18 against 9: critical failure") < texts.index("the missile goes left")
    assert out.record.summary["strays"] == [{"shot": 1, "hit": "Dan", "injury": 3}]


def test_gur_wrong_2_a_critical_miss_never_strikes_an_enemy() -> None:
    """GUR-WRONG-2: Ann's critical miss passes through Bob's hex, but Dan is her enemy: he is
    not a possible target, so nothing is rolled for him."""
    state = opened(SCENE.replace("position = [0, 15]\nfacing_deg = 180", "position = [9, 15]"))
    out = record(state, "Ann shoots Bob", [6, 6, 6])
    assert "strays" not in out.record.summary
    # Said once, however often the missile's way is looked along (it was said per direction).
    said = [
        t for t in out.record.trace if t.get("text") == "a critical miss never strays into an enemy"
    ]
    assert len(said) == 1


def _across(scene: str, y_ft: float, height_ft: float) -> str:
    """``scene`` with whoever stands at 0,15 stepped aside to 9,15, out of the line, and a wall
    across the line at ``y_ft``."""
    aside = scene.replace("position = [0, 15]\nfacing_deg = 180", "position = [9, 15]")
    return aside + barrier("wall", (-6, y_ft), (6, y_ft), height_ft)


def test_gur_wrong_2_a_wall_is_a_backstop() -> None:
    """GUR-WRONG-2: a wall between the target and Dan ends the missile's walk."""
    walled = _across(SCENE, 39, 8)
    state = act(opened(walled), "Ann aims at Bob")
    state = next_round(state)
    out = record(state, "Ann shoots Bob", [6, 5, 5])
    assert "strays" not in out.record.summary


def test_gur_wrong_2_dec_632_nobody_out_of_sight_is_struck() -> None:
    """GUR-WRONG-2, DEC-632, DEC-644: Dan kneels down range behind a 4 ft wall that hides him
    from Ann (it stands on his half of her line to him, and on Bob's, who shows half his body
    over it). Ann's miss through Bob's hex cannot strike Dan: no die is rolled for him, and the
    shot at Bob is not refused for it."""
    kneeling = SCENE.replace(
        "position = [0, 45]\nfacing_deg = 180",
        'position = [0, 45]\nfacing_deg = 180\nposture = "kneeling"',
    )
    walled = _across(kneeling, 25, 4)
    state = act(opened(walled), "Ann aims at Bob")
    state = next_round(state)
    # 16 - 4 + 2 (Acc) - 3 (half exposed) = 11; a 14 misses by 3: through Bob's hex
    out = record(state, "Ann shoots Bob", [6, 5, 3])
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert "shot 1: 14 against 11: failure" in texts
    assert out.record.summary["result"] == "miss" and "strays" not in out.record.summary
    assert not any(t.startswith("Dan") for t in texts)


def test_gur_wrong_3_a_dodged_missile_flies_on_to_the_one_beyond() -> None:
    """GUR-WRONG-3: Bob dodges Ann's hit; the missile flies on to Dan beyond him, no direction
    rolled for the first one."""
    state = opened(SCENE.replace("position = [0, 15]\nfacing_deg = 180", "position = [9, 15]"))
    state = act(state, "Ann aims at Bob")
    state = next_round(state)
    out = record(state, "Ann shoots Bob", [3, 3, 3, 1, 1, 2, 3, 3, 3, 6, 6, 6, 1, 1])
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert any(e.get("rule") == "GUR-WRONG-3" for e in out.record.trace)
    assert "Dan: 9 against 9: success" in texts
    assert out.record.summary["strays"][0]["hit"] == "Dan"


def test_gur_wrong_3_a_dodged_missile_does_not_come_back_for_the_one_in_the_way() -> None:
    """GUR-WRONG-3: with Cid standing in the way (-4: Ann needs 10, rolls 9) Bob dodges (4
    against 5); the missile is already past Cid, so its next chance is Dan beyond Bob (9
    against 9), not Cid on the same dice."""
    state = next_round(act(opened(SCENE), "Ann aims at Bob"))
    out = record(state, "Ann shoots Bob", [3, 3, 3, 1, 1, 2, 3, 3, 3, 6, 6, 6, 1, 1])
    texts = [str(e.get("text", "")) for e in out.record.trace]
    assert "in the line of fire: Cid" in texts
    assert not any(t.startswith("Cid:") for t in texts)
    assert out.record.summary["strays"] == [{"shot": 1, "hit": "Dan", "injury": 1}]


def test_gur_wrong_1_one_shot_or_a_recoilless_pair_is_no_burst() -> None:
    """GUR-WRONG-1: only a burst (2+ shots) from a weapon with Rcl -1 or worse may strike
    kneeling Cid: not one shot from the SMG, nor two from a laser (Rcl 0). Each 15 misses 12
    by 3, passes Bob's hex and meets Dan first (18: missed)."""
    state = next_round(act(posed(Cid="kneels"), "Ann draws smg"))
    single = record(state, "Ann shoots Bob --weapon smg", [5, 5, 5, 6, 6, 6])
    laser_scene = SCENE.replace(
        'name = "shotgun"\nskill = 16\n',
        'name = "shotgun"\nskill = 16\n\n[[combatant.weapon]]\nweapon = "laser-pistol"\n'
        'name = "laser"\nskill = 16\n',
    )
    state = next_round(act(act(opened(laser_scene), "Cid kneels"), "Ann draws laser"))
    pair = record(
        state, "Ann shoots Bob --weapon laser --shots 2", [5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6]
    )
    for out in (single, pair):
        texts = [str(e.get("text", "")) for e in out.record.trace]
        assert "missed by 3: through the target's hex" in texts
        assert not any("Cid" in t for t in texts)


@pytest.mark.parametrize("damage", ["half", "normal"])
def test_gur_wrong_2_half_damage_when_the_gm_says(damage: str) -> None:
    """GUR-WRONG-2: a stray does normal or half damage, as the GM rules (--stray-damage)."""
    out = record(
        opened(SCENE),
        f"Ann shoots Bob --stray-damage {damage}",
        [6, 6, 5, 2, 2, 2, 4, 4, 4, 3, 3],
    )
    assert out.record.summary["strays"][0]["injury"] == (2 if damage == "half" else 5)
