"""The gurps shot (issue 15): each test names the rule (RULES.md GUR-*, RULINGS G-*) it holds."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.ranges import (
    effective_distance,
    feet_from_yards,
    speed_range_modifier,
    yards_from_feet,
)
from firefight.rulesets.gurps.setup import settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult, TargetCondition
from firefight.rulesets.gurps.success import judge


def three(total: int) -> list[int]:
    """Three d6 faces summing to ``total``."""
    faces = [1, 1, 1]
    left = total - 3
    for i in range(3):
        step = min(5, left)
        faces[i] += step
        left -= step
    return faces


def shot(**values: Any) -> Shoot:
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 14)
    values.setdefault("distance", 2)
    return declare(Shoot, **values)


def resolve(faces: list[int], **values: Any) -> Outcome[ShotResult]:
    return resolve_shot(shot(**values), Dice.scripted(faces))


def target_after(out: Outcome[ShotResult]) -> TargetCondition:
    """The target's condition after a shot at a target whose HP were given."""
    assert out.result.condition is not None
    return out.result.condition


def mods(**values: Any) -> dict[str, int]:
    """The effective-skill modifiers by label."""
    return {m.label: m.value for m in settle(shot(**values), DATA).modifiers}


def rules_of(**values: Any) -> set[str | None]:
    return {m.rule for m in settle(shot(**values), DATA).modifiers}


# --- G-1: the success roll ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "skill", "result"),
    [
        (3, 3, "critical success"),
        (4, 1, "critical success"),
        (3, -2, "critical success"),  # 3-4 at any skill, below 0 too
        (4, -9, "critical success"),
        (5, 14, "success"),
        (5, 15, "critical success"),
        (6, 15, "success"),
        (6, 16, "critical success"),
        (16, 20, "success"),
        (17, 20, "failure"),
        (17, 15, "critical failure"),
        (17, 16, "failure"),
        (18, 25, "critical failure"),
        (13, 3, "critical failure"),
        (12, 3, "failure"),
    ],
)
def test_g1_success_and_criticals(roll: int, skill: int, result: str) -> None:
    """G-1: 3-4 always succeed, 17-18 always fail; criticals by roll and skill; a roll 10 or
    more over the skill is a critical failure."""
    assert judge(roll, skill, DATA.core.success).result == result


# --- G-2, G-4: speed/range in yards -----------------------------------------------------------


@pytest.mark.parametrize(
    ("yards", "modifier"),
    [
        (1, 0),
        (2, 0),
        (3, -1),
        (4, -2),
        (5, -2),
        (7, -3),
        (10, -4),
        (15, -5),
        (20, -6),
        (30, -7),
        (45, -8),
        (46, -9),
        (70, -9),
        (100, -10),
        (150, -11),
        (200, -12),
        (300, -13),
        (450, -14),
        (451, -15),
        (700, -15),
        (1000, -16),
        # a yard past each row reads the next one down
        *[(d + 1, m - 1) for d, m in ((5, -2), (7, -3), (10, -4), (15, -5), (20, -6))],
        *[(d + 1, m - 1) for d, m in ((30, -7), (70, -9), (100, -10), (150, -11))],
        *[(d + 1, m - 1) for d, m in ((200, -12), (300, -13))],
    ],
)
def test_g2_speed_range_rows(yards: float, modifier: int) -> None:
    """G-2: the 3e rows, the next higher row for distances between them."""
    assert speed_range_modifier(yards, DATA.core.speed_range.rows) == modifier


def test_g2_not_the_4e_table() -> None:
    """G-2 anti-pattern: the 3e rows are 45 and 450 yards; 4e's 50 and 500 are absent, so 46
    yards is already -9 and 500 yards -15."""
    rows = DATA.core.speed_range.rows
    assert [d for d, _ in rows if d in (45, 450)] == [45, 450]
    assert not any(d in (50, 500) for d, _ in rows)
    assert speed_range_modifier(50, rows) == -9
    assert speed_range_modifier(500, rows) == -15


def test_g2_speed_adds_to_range() -> None:
    """G-2: the target's speed in yd/s adds to the distance."""
    assert mods(distance=5, speed=5)["speed/range 5 yd + 5 yd/s"] == -4


def test_gur_elev_1_firing_down_and_up() -> None:
    """GUR-ELEV-1: down, 1 yard off per 2 yards higher, never under half the ground distance;
    up, 1 yard more per yard; beams ignore elevation."""
    assert effective_distance(100, 40, beam=False) == 80
    assert effective_distance(100, 180, beam=False) == 50
    assert effective_distance(100, -30, beam=False) == 130
    assert effective_distance(100, 40, beam=True) == 100
    assert mods(distance=46, elevation=2)["speed/range 45 yd + 0 yd/s"] == -8


def test_g4_yards_and_feet() -> None:
    """G-4: a hex is a yard, three feet; the scene keeps feet."""
    assert feet_from_yards(10) == 30
    assert yards_from_feet(feet_from_yards(7)) == 7


# --- GUR-CORE-1 and G-3: damage ---------------------------------------------------------------


def test_gur_core_1_hit_damage_dr_and_crushing() -> None:
    """GUR-CORE-1, G-3: roll 3d6 under the skill, roll damage, subtract DR, crushing x1."""
    out = resolve([*three(10), 6, 6], skill=14, aim=1, dr=3)
    assert out.result.result == "hit"
    assert out.result.injury == 11 - 3


def test_g3_impaling_doubles_and_crushing_does_not() -> None:
    """G-3: impaling x2, crushing x1 on what gets past DR."""
    # a thrown spear at ST 10: thrust 1d-2, +3 -> 4 - 2 + 3 = 5; DR 2 -> 3; x2 -> 6
    spear = resolve([*three(7), 4], weapon="thrown-spear", skill=16, dr=2)
    assert spear.result.injury == 6
    # a sling at ST 10: swing 1d -> 6; DR 2 -> 4; x1
    sling = resolve([*three(7), 6], weapon="sling", skill=16, dr=2)
    assert sling.result.injury == 4


def test_g3_impaling_doubles_a_larger_wound_exactly() -> None:
    """G-3: impaling x2 on what gets past DR, whatever its size: a thrown spear at ST 10
    (thrust 1d-2, +3) rolling 6 does 7; DR 2 leaves 5; x2 is 10 (a x2.25 would make 11)."""
    spear = resolve([*three(7), 6], weapon="thrown-spear", skill=16, dr=2)
    assert spear.result.injury == 10


def test_gur_ind_1_a_lob_inside_half_d_does_half_damage() -> None:
    """GUR-IND-1: the thrown spear lobbed at 2 yd, closer than its 1/2D: -2 to hit (16 - 2 =
    14, a 7 hits) and half damage: 4 - 2 + 3 = 5, halved to 2, no DR, impaling x2 -> 4 (thrown
    straight, the same 4 does 10)."""
    lobbed = resolve([*three(7), 4], weapon="thrown-spear", skill=16, distance=2, indirect=True)
    assert lobbed.result.injury == 4
    straight = resolve([*three(7), 4], weapon="thrown-spear", skill=16, distance=2)
    assert straight.result.injury == 10


def test_gur_loc_1_autofire_aims_only_the_first_four_rounds() -> None:
    """GUR-LOC-1: five SMG rounds aimed at the vitals, every attack roll a 9 (a hit): the
    first four-round group goes where aimed; the fifth round's location is rolled (9: body)."""
    out = resolve([3, 3, 3] * 40, weapon="smg-9mm", skill=18, aim=1, shots=5, location="vitals")
    assert [s.location for s in out.result.shots] == ["vitals"] * 4 + ["body"]


def test_g3_cutting_rounds_down() -> None:
    """G-3: cutting x1.5 rounded down (a leaf-head arrow, 5 through DR -> 7)."""
    out = resolve([*three(7), 3], weapon="bow", skill=16, arrow="leaf", st=13, distance=2, dr=1)
    # ST 13 thrust 1d; leaf adds 3: 3 + 3 = 6, DR 1 -> 5, x1.5 -> 7
    assert out.result.injury == 7
    # 2 + 3 = 5, DR 1 -> 4, x1.5 -> 6 exactly
    even = resolve([*three(7), 2], weapon="bow", skill=16, arrow="leaf", st=13, distance=2, dr=1)
    assert even.result.injury == 6


def test_g3_pd_adds_to_the_defense() -> None:
    """G-3: the armor's PD and a shield's add to the active defense roll."""
    out = resolve(
        [*three(7), *three(10)], defense="dodge", defense_value=6, armor="leather", shield_pd=2
    )
    assert out.result.result == "defended"
    dodge = next(e for e in out.trace.to_json() if e.get("label") == "dodge")
    assert dodge["value"] == 6 + 2 + 2


def test_g3_pd_given_for_the_shot_takes_the_place_of_the_armors() -> None:
    """G-3: PD adds to the active defense; a PD given for the shot replaces the armor's own
    (leather's 2). Dodge 6 + PD 4 = 10, so a defense roll of 10 dodges; with the leather's
    PD the same roll (10 against 8) would have failed."""
    out = resolve([*three(7), *three(10)], defense="dodge", defense_value=6, armor="leather", pd=4)
    assert out.result.result == "defended"
    dodge = next(e for e in out.trace.to_json() if e.get("label") == "dodge")
    assert dodge["value"] == 6 + 4


def test_g3_no_blocking_bullets() -> None:
    """G-3 (public core 3e): bullets are dodged, not blocked or parried."""
    with pytest.raises(RuleRefusal, match="dodge"):
        resolve([], defense="block", defense_value=8)


@pytest.mark.parametrize(
    ("values", "rule"),
    [
        ({"defense_value": 6}, "G-3"),
        ({"pace": 2.0}, "GUR-MOVE-1"),
        ({"bad_terrain": True}, "GUR-MOVE-1"),
        ({"overhead": -2}, "GUR-IND-1"),
        ({"no_room": True}, "GUR-IND-1"),
    ],
)
def test_dec_871_a_figure_for_a_rule_the_shot_does_not_call_on_is_refused(
    values: dict[str, Any], rule: str
) -> None:
    """DEC-871: a dodge score with no defense (a pace standing still, an overhead without a
    lob) was read by nothing, so the odds were those of an undefended shot; it is refused,
    before any die is asked for."""
    with pytest.raises(RuleRefusal, match=f"^{rule}: .* counts only"):
        resolve([], **values)


def test_gur_core_1_half_damage_beyond_half_d_and_max() -> None:
    """GUR-CORE-1: beyond 1/2D damage is halved; beyond Max there is no shot."""
    near = resolve([*three(7), 6, 6, 6, 6], weapon="shotgun-12", distance=20, skill=18, aim=1)
    far = resolve([*three(7), 6, 6, 6, 6], weapon="shotgun-12", distance=30, skill=18, aim=1)
    assert (near.result.injury, far.result.injury) == (24, 12)
    with pytest.raises(RuleRefusal, match="Max"):
        resolve([], weapon="shotgun-12", distance=151)


def test_gur_core_1_shock_major_wound_and_knockdown() -> None:
    """GUR-CORE-1 (public core 3e): a wound over HP/2 is major: a failed HT roll stuns and
    knocks down; shock is -1 per HP, -4 at most."""
    out = resolve([*three(10), 6, 6, *three(12)], aim=1, hp=12, ht=10)
    after = target_after(out)
    assert (out.result.injury, after.major_wound, after.state, after.knocked_down) == (
        11,
        True,
        "stunned",
        True,
    )
    assert after.shock == -4
    light = target_after(resolve([*three(10), 1, 2], aim=1, hp=12, ht=10))
    assert light.shock == -2 and not light.major_wound


def test_gur_core_1_death_checks() -> None:
    """GUR-CORE-1 (public core 3e): at 0 HP a HT roll to stay conscious; at -1 x HP a death
    check; at -5 x HP dead outright."""
    out = resolve([*three(10), 6, 6, *three(10), *three(18)], aim=1, hp=5, ht=12, injured=4)
    # 11 injury from 1 HP left: -10 HP = -2 x HP: major wound roll made, death checks at -1x
    # (made... the second roll is 18: dead)
    assert target_after(out).state == "dead"
    outright = target_after(resolve([*three(10), 6, 6], aim=1, hp=2, ht=12, injured=1))
    assert outright.hp_left == -10 and outright.state == "dead"


# --- G-5, GUR-GUN-1: Rcl and RoF ---------------------------------------------------------------


def test_g5_rcl_per_shot_cumulative_and_no_4e_rapid_fire_bonus() -> None:
    """G-5: each shot after the first is at the Rcl again; no 4e rapid-fire bonus."""
    out = resolve([*three(18), *three(18), *three(18)], weapon="pistol-45", shots=3, aim=1)
    targets = [s.target for s in out.result.shots]
    skill = out.result.effective_skill
    assert targets == [skill, skill - 2, skill - 4]
    # The trace's own totals say the same: the third shot is at Rcl x2.
    totals = {e["label"]: e["value"] for e in out.trace.to_json() if e.get("type") == "total"}
    assert (totals["shot 2"], totals["shot 3"]) == (skill - 2, skill - 4)


def test_gur_gun_1_three_shots_at_most_and_rcl_doubled_below_st() -> None:
    """GUR-GUN-1: a "3-" RoF fires up to three shots; Rcl doubles below the weapon's ST."""
    with pytest.raises(RuleRefusal):
        shot(shots=4).weapon and settle(shot(shots=4), DATA)
    weak = settle(shot(weapon="revolver-44", st=9), DATA)
    assert weak.rcl == -6


def test_gur_gun_1_pistol_barrels() -> None:
    """GUR-GUN-1: a cut-down barrel -1 per die and -2 Acc; a long one +1 per die, +1 Acc."""
    short = settle(shot(barrel="short", aim=1), DATA)
    long = settle(shot(barrel="long", aim=1), DATA)
    assert (str(short.damage), str(long.damage)) == ("2d-3", "2d+1")
    assert mods(barrel="short", aim=1)["short barrel Acc"] == -2
    with pytest.raises(RuleRefusal, match="pistol"):
        settle(shot(weapon="rifle-3006", barrel="long"), DATA)
