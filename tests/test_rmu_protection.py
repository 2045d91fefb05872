"""Protection in rmu: ammunition against armor, wearing armor down, bodies as cover, dodging.

The selection matrix below is written by hand from source 000 ('Ballistic Body Armor',
'Ammunition', 'Wearing Armor Down'), not from the code: which attack column, which critical
table at each location band, and whether concussion hits are halved.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal, UnknownNameError
from firefight.geometry import Body, CoverGrade, Point, Posture, Size
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bodies import (
    BodyScreen,
    Bystander,
    body_hides,
    choose_shielder,
    prepare_stray_round,
    screen_bodies,
    stray_shielders,
)
from firefight.rulesets.rmu.breakage import (
    maneuver_calls_for_breakage,
    resolve_breakage_check,
    resolve_maneuver_breakage,
)
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import parse_cover, price_melee_cover
from firefight.rulesets.rmu.defense import (
    Defender,
    armor_maneuver_penalty,
    defense_modifiers,
    dodge_share,
    quickness_db,
)
from firefight.rulesets.rmu.events import BreakageTaken, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.shot import AimedShot, prepare_aimed_shot, resolve_aimed_shot
from firefight.rulesets.rmu.shot_results import AimedShotResult
from firefight.rulesets.rmu.struck import Struck
from firefight.trace import Total

DATA = RmuData()

# --- helpers -------------------------------------------------------------------------------


def shoot(shot: AimedShot, *faces: int) -> Outcome[AimedShotResult]:
    """Resolve with the given faces, then 50s for any die a test does not care about."""
    return resolve_aimed_shot(shot, Dice.scripted([*faces, 50, 50, 50, 50]), DATA)


def hit(outcome: Outcome[AimedShotResult]) -> Struck:
    """What the shot did to the target, which it must have hit."""
    landing = outcome.result.landing
    assert isinstance(landing, Struck)
    return landing


def attack_parts(outcome: Outcome, label: str = "attack total") -> list[tuple[int, str | None]]:
    total = next(e for e in outcome.trace if isinstance(e, Total) and e.label == label)
    return [(p.value, p.rule) for p in total.parts]


def breakage(outcome: Outcome) -> list[BreakageTaken]:
    return [e for e in outcome.events if isinstance(e, BreakageTaken)]


def check(armor: str, prior: int, cell: int, *faces: int, quality: int = 0) -> BreakageTaken:
    return resolve_breakage_check(
        DATA.armor[armor], prior, cell, Dice.scripted(faces), rules=DATA.breakage, quality=quality
    )


# --- the selection matrix (RMU-ARM-1..4, RMU-AMMO-1..6) -------------------------------------

P, B, H, A = "ballistic-puncture", "ballistic-impact", "ballistic-hollowpoint", "armor-piercing"
NAKED = "AT 3"  # the target's own naked AT under any vest
# A critical roll landing in each location band of the shared 20-row layout.
LOCATION_ROLLS = {"head": 18, "chest": 23, "abdomen": 30, "arm": 50, "leg": 40}
# (armor, load) -> (attack column, hits halved?, tables for head, chest, abdomen, arm, leg);
# P Puncture, B Ballistic Impact (blunt trauma), H Hollowpoint, A Armor Piercing.
# bare: ball reads Puncture, AP the naked column for half hits on Armor Piercing, hollowpoint
#   Ballistic Hollowpoint.
# soft (BA I chest; BA II chest + abdomen): ball reads Impact where covered, Puncture elsewhere;
#   both AP rounds defeat it (9 mm rates BA II, 7.62 BA III): naked column, half, AP everywhere;
#   hollowpoint: Impact where covered, Hollowpoint elsewhere.
# BA III (chest, abdomen, arms): 9 mm AP is stopped: BA III column, full hits, Impact where
#   covered, AP on head and legs; 7.62 AP defeats it.
# BA IV (everything): nothing defeats it; every location covered, so Impact throughout.
MATRIX: dict[tuple[str, str], tuple[str, bool, tuple[str, str, str, str, str]]] = {
    ("bare", "ball"): (NAKED, False, (P, P, P, P, P)),
    ("bare", "ap-9mm"): (NAKED, True, (A, A, A, A, A)),
    ("bare", "ap-7.62"): (NAKED, True, (A, A, A, A, A)),
    ("bare", "hollowpoint"): (NAKED, False, (H, H, H, H, H)),
    ("BA I", "ball"): ("BA I", False, (P, B, P, P, P)),
    ("BA I", "ap-9mm"): (NAKED, True, (A, A, A, A, A)),
    ("BA I", "ap-7.62"): (NAKED, True, (A, A, A, A, A)),
    ("BA I", "hollowpoint"): ("BA I", False, (H, B, H, H, H)),
    ("BA II", "ball"): ("BA II", False, (P, B, B, P, P)),
    ("BA II", "ap-9mm"): (NAKED, True, (A, A, A, A, A)),
    ("BA II", "ap-7.62"): (NAKED, True, (A, A, A, A, A)),
    ("BA II", "hollowpoint"): ("BA II", False, (H, B, B, H, H)),
    ("BA III", "ball"): ("BA III", False, (P, B, B, B, P)),
    ("BA III", "ap-9mm"): ("BA III", False, (A, B, B, B, A)),
    ("BA III", "ap-7.62"): (NAKED, True, (A, A, A, A, A)),
    ("BA III", "hollowpoint"): ("BA III", False, (H, B, B, B, H)),
    ("BA IV", "ball"): ("BA IV", False, (B, B, B, B, B)),
    ("BA IV", "ap-9mm"): ("BA IV", False, (B, B, B, B, B)),
    ("BA IV", "ap-7.62"): ("BA IV", False, (B, B, B, B, B)),
    ("BA IV", "hollowpoint"): ("BA IV", False, (B, B, B, B, B)),
}
LOADS = {
    # load -> (weapon, ammunition, distance in ft: Short band, not point blank)
    "ball": ("glock-17", "ball", 20),
    "ap-9mm": ("glock-17", "armor-piercing", 20),
    "ap-7.62": ("sks-46", "armor-piercing", 100),
    "hollowpoint": ("glock-17", "hollowpoint", 20),
}
CASES = [
    (armor, load, location)
    for armor in ("bare", "BA I", "BA II", "BA III", "BA IV")
    for load in LOADS
    for location in LOCATION_ROLLS
]


@pytest.mark.parametrize(("armor", "load", "location"), CASES)
def test_rmu_arm_2_rmu_arm_3_rmu_ammo_selection_matrix(
    armor: str, load: str, location: str
) -> None:
    """Every armor class x load x location band against the hand-written matrix.

    RMU-ARM-1 (the armor's own column), RMU-ARM-2 (coverage), RMU-ARM-3 (soft and hard
    selection), RMU-ARM-4 (column before the roll), RMU-AMMO-1 (ball), RMU-AMMO-2 (penetration
    ratings), RMU-AMMO-3 (defeated: naked column, half hits rounded up, Armor Piercing),
    RMU-AMMO-4 (stopped: full hits, Impact where covered, AP elsewhere), RMU-AMMO-6
    (hollowpoint). Every shot totals 170: a critical on every column of both tables.
    """
    column, halved, tables = MATRIX[(armor, load)]
    weapon, ammo, distance = LOADS[load]
    shot = AimedShot(
        weapon=weapon,
        ob=120,
        distance_ft=distance,
        prepared=True,
        ammo=ammo,
        armor=NAKED if armor == "bare" else armor,
        naked_column=NAKED,
    )
    out = shoot(shot, 50, LOCATION_ROLLS[location])
    assert out.result.attack_total == 170
    s = hit(out)
    assert s.column == column
    assert s.location == location
    index = tuple(LOCATION_ROLLS).index(location)
    assert s.critical_table == tables[index]
    table_hits = DATA.tables.attack(DATA.weapon(weapon).attack_table).lookup(170, column).hits
    assert s.hits == (math.ceil(table_hits / 2) if halved else table_hits)
    text = out.trace.render_text()
    assert text.index(f"column {column}") > text.index("attack roll:")  # read after the roll
    assert text.index("critical roll:") > text.index("attack roll:")


def test_rmu_arm_4_column_settled_before_the_attack_roll_for_stopped_ap() -> None:
    """RMU-ARM-4: the AP-stopped decision is in the trace before the attack roll; the table
    (AP on the head, Impact on the chest) only after the critical roll."""
    shot = AimedShot(
        weapon="glock-17", ob=110, distance_ft=20, prepared=True, ammo="armor-piercing"
    )
    out = shoot(replace(shot, armor="BA III"), 50, 18)
    text = out.trace.render_text()
    assert text.index("BA III stops it") < text.index("attack roll:")
    assert text.index("critical roll:") < text.index("read on Armor Piercing")


def test_rmu_ammo_2_penetration_ratings_and_no_load_for_other_calibers() -> None:
    """RMU-AMMO-2: 9 mm rates BA II, 7.62 mm BA III; nothing rates BA IV; a caliber with no
    armor-piercing load is refused before any die."""
    assert DATA.penetration == {"9mm": "BA II", "7.62mm": "BA III"}
    assert "BA IV" not in DATA.penetration.values()
    dice = Dice.scripted([50])
    m2 = AimedShot(weapon="m2hb", ob=50, distance_ft=200, mounted=True, ammo="armor-piercing")
    with pytest.raises(RuleRefusal, match="RMU-AMMO-2: There is no armor-piercing load"):
        resolve_aimed_shot(m2, dice, DATA)
    assert dice.unused == (50,)


def test_rmu_ammo_1_ball_is_the_default_load() -> None:
    assert AimedShot(weapon="glock-17", ob=0, distance_ft=5).ammo == "ball"
    ball = DATA.ammunition("ball")
    assert (ball.flesh_table, ball.covered_table, ball.cover_multiplier) == (P, B, 1)


# --- breakage (RMU-BRK-1, RMU-BRK-2, RMU-AMMO-5, P-5) ----------------------------------------


@pytest.mark.parametrize(
    ("roll", "penalty"),
    [(55, -20), (56, -10), (80, -10), (81, 0), (90, 0)],
)
def test_p5_breakage_bands(roll: int, penalty: int) -> None:
    """P-5, RMU-BRK-1 (the result bands of Table 6-1): BA III (strength 20): 1-75 takes -20,
    76-100 -10, 101+ nothing."""
    taken = check("BA III", 0, 0, roll)
    assert taken.check_total == roll + 20
    assert (taken.penalty, taken.new_total, taken.broken) == (penalty, penalty, False)


def test_rmu_brk_2_the_plate_is_beaten_open_past_minus_50_not_at_it() -> None:
    """RMU-BRK-2: BA III (strength 20). With -30 taken, 50 + 20 - 30 = 40 takes -20: -50
    exactly, still protecting. With -40 taken, 50 + 20 - 40 = 30 takes -20: -60 has passed
    -50, beaten open."""
    at = check("BA III", -30, 0, 50)
    assert (at.check_total, at.new_total, at.beaten_open) == (40, -50, False)
    past = check("BA III", -40, 0, 50)
    assert (past.check_total, past.new_total, past.beaten_open) == (30, -60, True)


def test_p5_under_1_breaks_the_armor_outright() -> None:
    """P-5: 50 + 0 (BA I) - 40 - 10 = 0 breaks; 51 gives 1, a plain -20."""
    broken = check("BA I", -40, -10, 50)
    assert broken.check_total == 0 and broken.broken and broken.penalty == 0
    held = check("BA I", -40, -10, 51)
    assert not held.broken and held.penalty == -20 and held.new_total == -60


def test_p5_unmodified_66_makes_a_failure_temporary() -> None:
    failed = check("BA I", -20, -10, 66)  # 66 + 0 - 20 - 10 = 36: -20, but only for now
    assert failed.penalty == -20 and failed.temporary
    held = check("BA IV", 0, 0, 66, quality=10)  # 106: nothing failed, so nothing is temporary
    assert held.penalty == 0 and not held.temporary
    assert not check("BA I", -20, -10, 65).temporary


def test_rmu_brk_1_check_adds_strength_and_quality_less_prior_penalties_open_ended() -> None:
    """RMU-BRK-1: d100 OE both ends (D-2) + strength + quality - prior penalties + cell."""
    taken = check("BA III", -20, -30, 97, 40, quality=10)  # 137 + 20 + 10 - 20 - 30 = 117
    assert taken.check_total == 117 and taken.penalty == 0
    low = check("BA IV", 0, 0, 5, 2)  # 5 - 2 = 3, + 30 = 33
    assert low.check_total == 33 and low.penalty == -20
    with pytest.raises(RuleRefusal, match="RMU-BRK-2"):
        check("BA III", 10, 0, 50)


def test_rmu_brk_1_natural_33_or_77_on_a_maneuver_calls_for_a_check() -> None:
    rules = DATA.breakage
    assert [n for n in range(1, 101) if maneuver_calls_for_breakage(n, rules)] == [33, 77]
    dice = Dice.scripted([20])
    assert resolve_maneuver_breakage(DATA.armor["BA II"], 0, 34, dice, rules=rules) is None
    assert dice.unused == (20,)  # no check, no die
    taken = resolve_maneuver_breakage(DATA.armor["BA II"], -10, 77, dice, rules=rules)
    assert taken is not None and taken.check_total == 20 and taken.new_total == -30


def test_rmu_brk_2_threshold_is_past_minus_50() -> None:
    """RMU-BRK-2 (DEC-20): -50 still protects; -51 is beaten open and fires the naked column."""
    shot = AimedShot(weapon="glock-17", ob=70, distance_ft=20, armor="BA II", prepared=True)
    assert shoot(replace(shot, armor_damage=-50), 50).result.landing.column == "BA II"
    opened = shoot(replace(shot, armor_damage=-51), 50, 23)
    assert opened.result.landing.column == "AT 1"
    assert hit(opened).critical_table == P  # criticals as though unarmored
    assert not breakage(opened)  # armor that no longer protects is not checked
    assert check("BA II", -40, 0, 50).beaten_open  # 50 + 10 - 40 = 20: -20 -> -60
    at_50 = check("BA II", -30, 0, 50)  # 50 + 10 - 30 = 30: -20 -> -50, not past it
    assert at_50.new_total == -50 and not at_50.beaten_open


def test_p5_broken_armor_stops_protecting_at_once() -> None:
    shot = AimedShot(weapon="glock-17", ob=70, distance_ft=20, armor="BA IV", prepared=True)
    out = shoot(replace(shot, armor_broken=True), 50, 23)
    assert out.result.landing.column == "AT 1" and hit(out).critical_table == P
    assert "P-5" in out.trace.rules


@pytest.mark.parametrize("typical", [71, 80, 90, 95])
def test_rmu_brk_2_three_ap_rounds_beat_a_plate_open_and_the_next_shot_reads_naked(
    typical: int,
) -> None:
    """RMU-BRK-2, RMU-AMMO-5: a few armor-piercing hits on one plate beat it open.

    SKS-46 armor piercing into BA III (strength 20): total 130 on the naked AT 1 column is a D
    critical; to the chest (roll 23, covered) the Armor Piercing D cell calls for a check at
    -50. With a breakage roll of 71-95 each check lands in 1-75: -20, -40, -60. The running
    total is threaded through as the encounter would. The fourth shot, ball this time, reads
    the naked column and the Puncture table on the chest instead of BA III and Impact.
    """
    ap = AimedShot(
        weapon="sks-46",
        ob=80,
        distance_ft=100,
        prepared=True,
        ammo="armor-piercing",
        armor="BA III",
    )
    total = 0
    totals = []
    for _ in range(3):
        out = shoot(replace(ap, armor_damage=total), 50, 23, typical)
        assert out.result.landing.severity == "D" and hit(out).critical_table == A
        (taken,) = breakage(out)
        assert taken.armor == "BA III" and taken.wearer == "target"
        total = taken.new_total
        totals.append(total)
    assert totals == [-20, -40, -60]
    assert taken.beaten_open
    ball = replace(ap, ammo="ball", armor_damage=total)
    after = shoot(ball, 50, 23)
    assert after.result.landing.column == "AT 1"
    assert hit(after).critical_table == P
    fresh = shoot(replace(ball, armor_damage=0), 50, 23)
    assert fresh.result.landing.column == "BA III" and hit(fresh).critical_table == B


def test_rmu_brk_2_three_ap_rounds_into_a_soft_vest_from_a_9mm() -> None:
    """9 mm AP defeats BA II (strength 10): C criticals at 120 on AT 1 check at -40; a
    breakage roll of 80 lands in 1-75 each time (50, 30, 10): -20, -40, -60."""
    ap = AimedShot(
        weapon="glock-17",
        ob=70,
        distance_ft=20,
        prepared=True,
        ammo="armor-piercing",
        armor="BA II",
    )
    total = 0
    for _ in range(3):
        out = shoot(replace(ap, armor_damage=total), 50, 30, 80)  # abdomen, covered
        assert out.result.landing.severity == "C"
        (taken,) = breakage(out)
        total = taken.new_total
    assert total == -60 and taken.beaten_open


def test_rmu_ammo_5_stopped_ap_reads_the_wound_on_impact_but_breaks_at_aps_tier() -> None:
    """RMU-AMMO-5 (docs/decisions.md): 9 mm AP stopped by BA III, chest: the wound is the
    Ballistic Impact C cell, the breakage modifier the Armor Piercing C cell's -40 (Impact's
    would be -30). Ball on the same plate checks at Impact's -30."""
    shot = AimedShot(
        weapon="glock-17", ob=110, distance_ft=20, prepared=True, ammo="armor-piercing"
    )
    out = shoot(replace(shot, armor="BA III"), 50, 23, 50)
    assert hit(out).critical_table == B and out.result.landing.severity == "C"
    (taken,) = breakage(out)
    assert taken.check_total == 50 + 20 - 40
    ball = shoot(replace(shot, armor="BA III", ammo="ball"), 50, 23, 50)
    assert breakage(ball)[0].check_total == 50 + 20 - 30


def test_rmu_ammo_5_no_check_where_the_armor_does_not_cover() -> None:
    """An AP cell on the head above a BA III plate never touches the plate: no die is drawn."""
    shot = AimedShot(
        weapon="glock-17",
        ob=110,
        distance_ft=20,
        prepared=True,
        ammo="armor-piercing",
        armor="BA III",
    )
    dice = Dice.scripted([50, 18, 77])
    out = resolve_aimed_shot(shot, dice, DATA)
    assert hit(out).critical_table == A and not breakage(out)
    assert dice.unused == (77,)
    assert "does not cover the head" in out.trace.render_text()


def test_rmu_ammo_5_dec_51_an_f_checks_once_at_its_deepest_modifier() -> None:
    """RMU-AMMO-5, DEC-51: 7.62 mm AP defeats BA III (rated BA III), so 170 reads the naked AT 1
    column: an F, read as E and A on the one roll (P-7). To the chest (23, covered by the
    plate still worn) the Armor Piercing E cell calls for -60 and the A cell for -20: one
    check, at -60. Breakage roll 50: 50 + 20 (BA III) - 60 = 10, in 1-75: -20."""
    shot = AimedShot(
        weapon="sks-46",
        ob=120,
        distance_ft=100,
        prepared=True,
        ammo="armor-piercing",
        armor="BA III",
    )
    out = shoot(shot, 50, 23, 50)
    assert out.result.attack_total == 170 and out.result.landing.severity == "F"
    (taken,) = breakage(out)
    assert (taken.check_total, taken.penalty) == (10, -20)


def test_rmu_ammo_5_impact_a_cells_call_for_no_check() -> None:
    """Ball on BA II at 120 is an A critical: Impact A cells carry no breakage check."""
    shot = AimedShot(weapon="glock-17", ob=70, distance_ft=20, prepared=True, armor="BA II")
    dice = Dice.scripted([50, 23, 77])
    out = resolve_aimed_shot(shot, dice, DATA)
    assert out.result.landing.severity == "A" and hit(out).critical_table == B
    assert not breakage(out) and dice.unused == (77,)


def test_rmu_brk_1_dice_order_attack_then_critical_then_breakage() -> None:
    shot = AimedShot(weapon="glock-17", ob=110, distance_ft=20, prepared=True, armor="BA III")
    out = shoot(shot, 50, 23, 44)
    assert [r.purpose for r in out.trace.rolls] == [
        "attack roll",
        "critical roll",
        "breakage check on target's BA III",
    ]
    assert [r.total for r in out.trace.rolls] == [50, 23, 44]
    assert breakage(out)[0].check_total == 44 + 20 - 30


def test_rmu_brk_2_breakage_stacks_on_the_armor_maneuver_penalty() -> None:
    """RMU-BRK-2 with P-3: BA II trained -5, breakage -20: Dodge 40 behind cover keeps
    (40 - 25) // 2 = 7."""
    assert armor_maneuver_penalty(DATA.armor["BA II"], breakage_total=-20) == -25
    shot = AimedShot(
        weapon="glock-17",
        ob=70,
        distance_ft=20,
        armor="BA II",
        armor_damage=-20,
        cover=parse_cover("partial:soft"),
        defender=Defender(dodge_db=40),
    )
    assert (-7, "RMU-DOD-1") in attack_parts(shoot(shot, 50))


# --- armor penalties (RMU-ARM-5) -------------------------------------------------------------


def test_rmu_arm_5_maneuver_penalty_runs_from_trained_to_untrained() -> None:
    figures = {
        key: (
            armor_maneuver_penalty(a, trained=True),
            armor_maneuver_penalty(a, trained=False),
        )
        for key, a in DATA.armor.items()
    }
    assert figures == {
        "BA I": (0, -10),
        "BA II": (-5, -20),
        "BA III": (-15, -40),
        "BA IV": (-30, -70),
    }
    assert armor_maneuver_penalty(None, trained=False) == 0


def test_rmu_arm_5_p3_untrained_wearer_loses_more_of_the_dodge() -> None:
    """P-3: the armor penalty comes off the Dodge before halving; BA III trained -15 leaves
    (40 - 15) // 2 = 12, untrained -40 leaves nothing."""
    shot = AimedShot(
        weapon="glock-17",
        ob=70,
        distance_ft=20,
        armor="BA III",
        cover=parse_cover("partial:soft"),
        defender=Defender(dodge_db=40),
    )
    assert (-12, "RMU-DOD-1") in attack_parts(shoot(shot, 50))
    untrained = replace(shot, defender=Defender(dodge_db=40, armor_trained=False))
    assert all(rule != "RMU-DOD-1" for _, rule in attack_parts(shoot(untrained, 50)))


def test_rmu_arm_5_missile_penalty_on_the_wearers_own_shots() -> None:
    shot = AimedShot(weapon="glock-17", ob=70, distance_ft=20, shooter_armor="BA III")
    assert (-10, "RMU-ARM-5") in attack_parts(shoot(shot, 50))
    assert all(r != "RMU-ARM-5" for _, r in attack_parts(shoot(replace(shot, shooter_armor=None))))


def test_rmu_arm_5_quickness_penalty_never_below_a_zero_bonus() -> None:
    ba4 = DATA.armor["BA IV"]
    assert quickness_db(30, ba4) == 10
    assert quickness_db(10, ba4) == 0  # not -10: a zero bonus gives 0
    assert quickness_db(-5, ba4) == -5  # the armor never makes a poor bonus worse
    assert quickness_db(10, None) == 10


@pytest.mark.parametrize(
    ("armor", "missile", "quickness"),
    [("BA I", None, -30), ("BA II", -5, -25), ("BA III", -10, -20), ("BA IV", -20, -10)],
)
def test_rmu_arm_5_each_class_s_missile_and_quickness_penalty(
    armor: str, missile: int | None, quickness: int
) -> None:
    """RMU-ARM-5 with DATA.md's stand-ins: missile 0 / -5 / -10 / -20 on the wearer's own shot
    (BA I's 0 shows no term), Quickness 0 / -5 / -10 / -20 off a Quickness DB of 30 behind
    partial soft cover, where Quickness counts (RMU-DOD-1): 30, 25, 20, 10."""
    own = AimedShot(weapon="glock-17", ob=70, distance_ft=20, shooter_armor=armor)
    worn = [v for v, rule in attack_parts(shoot(own, 50)) if rule == "RMU-ARM-5"]
    assert worn == ([] if missile is None else [missile])
    target = AimedShot(
        weapon="glock-17",
        ob=70,
        distance_ft=20,
        armor=armor,
        cover=parse_cover("partial:soft"),
        defender=Defender(quickness_db=30),
    )
    parts = attack_parts(shoot(target, 50))
    assert [v for v, rule in parts if rule in ("RMU-ARM-5", "RMU-DOD-1")] == [quickness]


def test_rmu_arm_5_quickness_penalty_applies_while_worn_even_when_ap_defeats_it() -> None:
    shot = AimedShot(
        weapon="glock-17",
        ob=70,
        distance_ft=20,
        armor="BA II",
        ammo="armor-piercing",
        cover=parse_cover("partial:soft"),
        defender=Defender(quickness_db=20),
    )
    assert (-15, "RMU-ARM-5") in attack_parts(shoot(shot, 50))


# --- bodies as cover (RMU-COV-5, RMU-COV-6, P-1, P-2) ----------------------------------------

SHOOTER = Point(x_ft=0, y_ft=0)
TARGET = Body(center=Point(x_ft=0, y_ft=60), name="target")


def test_rmu_cov_5_p1_a_body_in_front_is_graded_by_position_and_size() -> None:
    """P-1: square in the line, a standing body hides all of the target (full); half a body
    width off the line, half of it (half); kneeling in the line, the hips down (half)."""

    def grade(body: Body) -> CoverGrade:
        return screen_bodies(SHOOTER, TARGET, [TARGET, body]).grade

    assert grade(Body(center=Point(x_ft=0, y_ft=30), name="a")) is CoverGrade.FULL
    assert grade(Body(center=Point(x_ft=1.0, y_ft=30), name="a")) is CoverGrade.HALF
    kneeling = Body(center=Point(x_ft=0, y_ft=30), posture=Posture.KNEELING, name="a")
    assert grade(kneeling) is CoverGrade.HALF
    # nearer the muzzle a body fills more of the view: the same offset hides more
    near = body_hides(SHOOTER, TARGET, Body(center=Point(x_ft=0.8, y_ft=10)))
    far = body_hides(SHOOTER, TARGET, Body(center=Point(x_ft=0.8, y_ft=50)))
    assert near > far


def test_rmu_cov_5_only_from_the_covered_side() -> None:
    """A body behind or beside the target is not between muzzle and target: no cover."""
    behind = Body(center=Point(x_ft=0, y_ft=70), name="behind")
    beside = Body(center=Point(x_ft=3, y_ft=60), name="beside")
    screen = screen_bodies(SHOOTER, TARGET, [TARGET, behind, beside])
    assert screen.grade is CoverGrade.NONE and screen.shielders == ()
    # from the other side the one behind now stands in front
    other = screen_bodies(Point(x_ft=0, y_ft=120), TARGET, [TARGET, behind, beside])
    assert other.grade is CoverGrade.FULL and [s.name for s in other.shielders] == ["behind"]


def test_p2_two_bodies_in_front_are_one_grade_up_not_two_bonuses() -> None:
    a = Body(center=Point(x_ft=1.0, y_ft=20), name="a")  # alone: half
    b = Body(center=Point(x_ft=-1.0, y_ft=40), name="b")
    assert screen_bodies(SHOOTER, TARGET, [a]).grade is CoverGrade.HALF
    two = screen_bodies(SHOOTER, TARGET, [a, b])
    assert two.grade is CoverGrade.FULL
    assert [s.name for s in two.shielders] == ["a", "b"]


def test_p2_three_bodies_in_front_still_step_up_once() -> None:
    """P-2: three kneeling bodies just off the line each hide a partial share (31-35%): the
    screen is partial stepped up once, half; a step per extra body would make it full."""
    kneeling = [
        Body(center=Point(x_ft=0.9, y_ft=y), posture=Posture.KNEELING, name=f"k{y}")
        for y in (20, 30, 40)
    ]
    assert all(
        0.25 <= body_hides(SHOOTER, TARGET, body) < 0.5 for body in kneeling
    )  # each alone: partial
    assert screen_bodies(SHOOTER, TARGET, kneeling[:1]).grade is CoverGrade.PARTIAL
    assert screen_bodies(SHOOTER, TARGET, kneeling[:2]).grade is CoverGrade.HALF
    assert screen_bodies(SHOOTER, TARGET, kneeling).grade is CoverGrade.HALF


def test_p2_dec_830_two_bodies_that_each_hide_too_little_give_partial() -> None:
    """P-2, DEC-830: a prone body on the line hides 13% of a standing target (no cover alone);
    two of them stand in the way, so the best single grade, none, steps up to partial."""
    prone = [
        Body(center=Point(x_ft=0, y_ft=y), posture=Posture.PRONE, name=f"p{y}") for y in (20, 40)
    ]
    assert screen_bodies(SHOOTER, TARGET, prone[:1]).grade is CoverGrade.NONE
    assert screen_bodies(SHOOTER, TARGET, prone).grade is CoverGrade.PARTIAL


def test_rmu_cov_5_body_cover_is_hard_cover_on_the_guns_column() -> None:
    """Half cover from a body: +70 against the Glock (SG & ME 1-6), +60 against the SKS-46
    (ME 7-12), doubled against hollowpoint (RMU-COV-8)."""
    screen = BodyScreen(grade=CoverGrade.HALF, shielders=(Bystander(name="Ana"),))
    glock = AimedShot(weapon="glock-17", ob=150, distance_ft=20, screen=screen)
    assert (-70, "RMU-COV-5") in attack_parts(shoot(glock, 50))
    sks = replace(glock, weapon="sks-46", distance_ft=100)
    assert (-60, "RMU-COV-5") in attack_parts(shoot(sks, 50))
    hollow = replace(glock, ammo="hollowpoint")
    assert (-140, "RMU-COV-8") in attack_parts(shoot(hollow, 50))


def test_rmu_cov_5_a_barrier_and_bodies_do_not_stack() -> None:
    screen = BodyScreen(grade=CoverGrade.PARTIAL, shielders=(Bystander(name="Ana"),))
    shot = AimedShot(weapon="glock-17", ob=150, distance_ft=20, screen=screen)
    wall = attack_parts(shoot(replace(shot, cover=parse_cover("half:hard")), 50))
    assert (-70, "RMU-COV-3") in wall and all(r != "RMU-COV-5" for _, r in wall)
    fog = attack_parts(shoot(replace(shot, cover=parse_cover("partial:soft")), 50))
    assert (-35, "RMU-COV-5") in fog and all(r != "RMU-COV-3" for _, r in fog)


def test_rmu_cov_5_screen_needs_someone_in_the_way() -> None:
    with pytest.raises(RuleRefusal, match="RMU-COV-5: Half cover from bodies needs someone"):
        BodyScreen(grade=CoverGrade.HALF)
    shot = AimedShot(
        weapon="glock-17",
        ob=50,
        distance_ft=20,
        screen=BodyScreen(grade=CoverGrade.FULL, shielders=(Bystander(name="X", armor="BA V"),)),
    )
    dice = Dice.scripted([50])
    with pytest.raises(UnknownNameError):
        resolve_aimed_shot(shot, dice, DATA)
    assert dice.unused == (50,)


def test_rmu_cov_6_a_miss_hits_the_shielder_at_ob_0() -> None:
    """RMU-COV-6: the shot misses the target (40 + 20 - 30 - 175 body cover); the round
    flies on into the one shielder at OB +0 keeping the shot's recoil -30 (P-8): 96 then 30
    open-ended, 126 + 0 - 30 = 96 on her BA II column, no cover for her from other bodies.
    Dice: attack, stray attack (no die to choose among one)."""
    ana = Bystander(name="Ana", armor="BA II")
    shot = AimedShot(
        weapon="glock-17",
        ob=20,
        distance_ft=20,
        screen=BodyScreen(grade=CoverGrade.FULL, shielders=(ana,)),
    )
    out = shoot(shot, 40, 96, 30)
    assert out.result.result == "miss"
    stray = out.result.shielder
    assert stray is not None
    assert (stray.name, stray.attack_total, stray.landing.column) == ("Ana", 96, "BA II")
    assert attack_parts(out, "attack total against Ana") == [
        (126, "RMU-GEN-2"),
        (0, "RMU-COV-6"),
        (-30, "RMU-GEN-3"),
    ]
    hits = [e for e in out.events if isinstance(e, HitsInflicted)]
    assert [(h.target, h.hits) for h in hits] == [("Ana", stray.landing.hits)]
    assert stray.landing.hits == DATA.tables.attack("firearm-9mm").lookup(96, "BA II").hits > 0


def test_p_8_the_stray_round_leaves_the_targets_size_and_gives_the_shielder_no_cover() -> None:
    """P-8: the Browning BAR (hunting class II) at a Large target 100 ft off (range +0), OB 20,
    Ben standing fully in front. The shot: 40 + 20 - 30 recoil + 25 against a Large target
    (RMU-HUNT-1) - 133 body cover = miss. The stray round into Ben drops the OB and the +25,
    which is the target's, keeps the recoil, and Ben, in the open with nobody's cover, keeps
    neither his Quickness 20 nor his Dodge 30 (RMU-DOD-1): 60 + 0 - 30 = 30."""
    ben = Bystander(name="Ben", defender=Defender(quickness_db=20, dodge_db=30))
    shot = AimedShot(
        weapon="browning-bar",
        ob=20,
        distance_ft=100,
        target_size=Size.LARGE,
        screen=BodyScreen(grade=CoverGrade.FULL, shielders=(ben,)),
    )
    out = shoot(shot, 40, 60)
    assert out.result.result == "miss"
    assert (25, "RMU-HUNT-1") in attack_parts(out)
    assert attack_parts(out, "attack total against Ben") == [
        (60, "RMU-GEN-2"),
        (0, "RMU-COV-6"),
        (-30, "RMU-GEN-3"),
    ]
    stray = out.result.shielder
    assert stray is not None and (stray.name, stray.attack_total) == ("Ben", 30)


def test_rmu_cov_6_shielder_chosen_at_random_and_takes_a_critical() -> None:
    """Two shielders: a d2 picks the second; her stray round is a critical on her own
    protection (bare: Puncture)."""
    people = (Bystander(name="Ana", armor="BA II"), Bystander(name="Ben"))
    shot = AimedShot(
        weapon="glock-17",
        ob=20,
        distance_ft=20,
        screen=BodyScreen(grade=CoverGrade.FULL, shielders=people),
    )
    out = shoot(shot, 40, 2, 100, 40)
    assert [r.purpose for r in out.trace.rolls][:3] == [
        "attack roll",
        "which shielder the missed shot meets",
        "stray round at Ben",
    ]
    crits = [e for e in out.events if isinstance(e, CriticalInflicted)]
    assert crits and {c.target for c in crits} == {"Ben"} and crits[0].table == P
    assert choose_shielder(people, Dice.scripted([1])).name == "Ana"
    lone = Dice.scripted([1])
    assert choose_shielder(people[:1], lone).name == "Ana" and lone.unused == (1,)


def test_rmu_cov_6_stray_round_cannot_fumble_and_a_hit_goes_nowhere_else() -> None:
    """An unmodified 02 is in the Glock's fumble range, but the stray roll cannot fumble: it
    is just a low total that misses. A shot that hits its target never strays."""
    shot = AimedShot(
        weapon="glock-17",
        ob=20,
        distance_ft=20,
        screen=BodyScreen(grade=CoverGrade.HALF, shielders=(Bystander(name="Ana"),)),
    )
    out = shoot(shot, 40, 2)
    stray = out.result.shielder
    assert stray is not None and stray.landing.result == "miss"
    struck = shoot(replace(shot, ob=150), 50, 50)
    assert struck.result.result == "hit" and struck.result.shielder is None


def test_rmu_cov_6_the_stray_round_is_the_one_prepare_stray_round_sets_up() -> None:
    """The stray round's terms are prepare_stray_round's, in the resolver's own total: OB +0,
    the shot's carried terms (P-8: the recoil -30 here), then the shielder's DB in the open,
    which only Celerity lets count (RMU-DOD-3), their BA II taking its Quickness penalty
    (RMU-ARM-5). The odds engine reads the same function; a screen too thin to be cover sends
    a miss nowhere."""
    ana = Bystander(
        name="Ana", armor="BA II", defender=Defender(quickness_db=10, dodge_db=30, celerity=1)
    )
    screen = BodyScreen(grade=CoverGrade.HALF, shielders=(ana,))
    shot = AimedShot(weapon="glock-17", ob=20, distance_ft=20, screen=screen)
    stray = prepare_stray_round(
        weapon=DATA.weapon("glock-17"),
        ammo=DATA.ammunition("ball"),
        who=ana,
        data=DATA,
        carried=prepare_aimed_shot(shot, DATA).carried,
    )
    assert stray.plan.column == "BA II"
    rules = ["RMU-COV-6", "RMU-GEN-3", "RMU-ARM-5", "RMU-DOD-3"]
    assert [m.rule for m in stray.modifiers] == rules
    assert stray.modifiers[0].value == 0 and stray.modifier_total < 0
    out = shoot(shot, 40, 95)
    assert out.result.result == "miss"
    total = next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Ana"
    )
    assert total.parts[1:] == stray.modifiers
    assert stray_shielders(screen) == (ana,)
    assert stray_shielders(BodyScreen(grade=CoverGrade.NONE, shielders=(ana,))) == ()
    assert stray_shielders(None) == ()


def test_rmu_cov_7_melee_cover_values() -> None:
    """RMU-COV-7: +10/+20/+50, doubled for anything harder than soft, whatever strikes."""
    values = DATA.cover

    def melee(text: str) -> int:
        cover = parse_cover(text)
        assert cover is not None
        return price_melee_cover(cover, values)

    assert [melee(f"{g}:soft") for g in ("partial", "half", "full")] == [10, 20, 50]
    assert [melee(f"{g}:hard") for g in ("partial", "half", "full")] == [20, 40, 100]
    assert melee("half:hardened") == 40 and melee("full:impenetrable") == 100


def test_rmu_cov_8_all_cover_doubles_against_hollowpoint() -> None:
    """RMU-COV-8, RMU-AMMO-6 (all cover bonuses double against hollowpoint): half hard +70
    becomes +140, full soft +100 becomes +200."""
    shot = AimedShot(weapon="glock-17", ob=150, distance_ft=20, cover=parse_cover("half:hard"))
    assert (-70, "RMU-COV-3") in attack_parts(shoot(shot, 50))
    assert (-140, "RMU-COV-8") in attack_parts(shoot(replace(shot, ammo="hollowpoint"), 50))
    soft = replace(shot, ammo="hollowpoint", cover=parse_cover("full:soft"))
    assert (-200, "RMU-COV-8") in attack_parts(shoot(soft, 50))


# --- dodging (RMU-DOD-1..3, P-3, P-4) --------------------------------------------------------


def test_rmu_dod_1_open_against_guns_behind_cover_quickness_and_half_dodge() -> None:
    defender = Defender(quickness_db=15, dodge_db=30)
    rules = DATA.rules
    assert (
        defense_modifiers(
            defender=defender, behind_cover=False, armor=None, armor_penalty=0, rules=rules
        )
        == []
    )
    behind = defense_modifiers(
        defender=defender, behind_cover=True, armor=None, armor_penalty=0, rules=rules
    )
    assert [(m.value, m.rule) for m in behind] == [(-15, "RMU-DOD-1"), (-15, "RMU-DOD-1")]


def test_rmu_dod_2_other_missiles_half_dodge_without_cover() -> None:
    """RMU-DOD-2: an arrow or a thrown blade: Quickness DB and half the Dodge in the open."""
    defender = Defender(quickness_db=15, dodge_db=30)
    mods = defense_modifiers(
        defender=defender,
        behind_cover=False,
        armor=None,
        armor_penalty=0,
        rules=DATA.rules,
        missile="other",
    )
    assert [(m.value, m.rule) for m in mods] == [(-15, "RMU-DOD-2"), (-15, "RMU-DOD-2")]


@pytest.mark.parametrize(
    ("celerity", "share"),
    [
        (0, Fraction(1, 2)),
        (1, Fraction(1, 2)),
        (2, Fraction(2, 3)),
        (3, Fraction(3, 4)),
        (4, Fraction(4, 5)),
        (5, Fraction(1)),
        (7, Fraction(1)),
    ],
)
def test_p4_rapid_reflexes_share_never_more_than_one_dodge(celerity: int, share: Fraction) -> None:
    """P-4 / RMU-DOD-3: Celerity 1-5 keeps 1/2, 2/3, 3/4, 4/5, all; never more than all."""
    assert dodge_share(celerity, DATA.rules) == share


def test_rmu_dod_3_celerity_reads_the_shot_and_dodges_in_the_open() -> None:
    """RMU-DOD-3 / P-4: in the open a mortal gets nothing against the Glock: 50 + 60 - 0 = 110
    is a hit. A vampire with Celerity 5 and Fleetness Dodge 60 keeps all of it and Quickness 10
    with no cover needed: 110 - 70 = 40, below the table: a miss."""
    shot = AimedShot(weapon="glock-17", ob=60, distance_ft=20, prepared=True)
    mortal = shoot(replace(shot, defender=Defender(quickness_db=10, dodge_db=60)), 50)
    assert mortal.result.result == "hit" and mortal.result.attack_total == 110
    vampire = replace(shot, defender=Defender(quickness_db=10, dodge_db=60, celerity=5))
    out = shoot(vampire, 50)
    assert out.result.result == "miss" and out.result.attack_total == 40
    assert (-60, "RMU-DOD-3") in attack_parts(out)
    celerity_2 = replace(shot, defender=Defender(dodge_db=60, celerity=2))
    assert (-40, "RMU-DOD-3") in attack_parts(shoot(celerity_2, 50))
    # P-4: the waiver starts at Celerity 1, which keeps half the Dodge in the open.
    celerity_1 = replace(shot, defender=Defender(dodge_db=60, celerity=1))
    assert (-30, "RMU-DOD-3") in attack_parts(shoot(celerity_1, 50))


def test_p3_armor_penalty_comes_off_the_dodge_before_the_share() -> None:
    """P-3: Dodge 45, BA IV trained -30: (45 - 30) // 2 = 7, not 45 // 2 - 30."""
    mods = defense_modifiers(
        defender=Defender(dodge_db=45),
        behind_cover=True,
        armor=DATA.armor["BA IV"],
        armor_penalty=armor_maneuver_penalty(DATA.armor["BA IV"]),
        rules=DATA.rules,
    )
    assert [m.value for m in mods] == [-7]
    # Dodge 10 under the same -30 keeps nothing: a Dodge worn away to nothing is no DB, never
    # a bonus to the attacker.
    weighed_down = defense_modifiers(
        defender=Defender(dodge_db=10),
        behind_cover=True,
        armor=DATA.armor["BA IV"],
        armor_penalty=armor_maneuver_penalty(DATA.armor["BA IV"]),
        rules=DATA.rules,
    )
    assert weighed_down == []


def test_breakage_data_file_is_checked() -> None:
    """The bands in data/breakage.toml run on from 1 without gaps (RULINGS P-5)."""
    rules = DATA.breakage
    assert [(b.low, b.high, b.penalty) for b in rules.bands] == [
        (1, 75, -20),
        (76, 100, -10),
        (101, None, 0),
    ]
    assert (rules.broken_below, rules.temporary_natural, rules.beaten_open_past) == (1, 66, -50)
    assert rules.band_for(0) is None
    assert "breakage.toml" in RmuData().check()


def test_protection_options_on_the_command_line() -> None:
    """The CLI carries the new declaration fields through to the resolver."""
    from typer.testing import CliRunner

    from firefight.cli.app import app

    runner = CliRunner()
    base = ["rmu", "shoot", "--weapon", "glock-17", "--ob", "20", "--distance", "20"]
    result = runner.invoke(
        app,
        [*base, "--body-cover", "full", "--shielder", "Ana=BA II:-20", "--rolls", "40,95"],
    )
    assert result.exit_code == 0, result.output
    assert "the round flies on into Ana" in result.output
    refused = runner.invoke(app, [*base, "--body-cover", "half", "--rolls", "40"])
    assert refused.exit_code == 2 and "RMU-COV-5" in refused.stderr
    broken = runner.invoke(
        app, [*base, "--armor", "BA IV", "--armor-broken", "--rolls", "60", "--json"]
    )
    assert broken.exit_code == 0 and '"column": "AT 1"' in broken.stdout


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"armor_damage": -20}, "--armor-damage is"),
        ({"armor_quality": 10, "armor_broken": True}, "--armor-quality and --armor-broken are"),
        ({"naked": "AT 5"}, "--naked is"),
        ({"armor": "AT 5", "armor_damage": -20}, "--armor-damage is"),
    ],
)
def test_dec_875_ballistic_armor_figures_for_a_target_in_none_are_refused(
    given: dict[str, object], named: str
) -> None:
    """DEC-875 (RMU-ARM-1): `rmu shoot --armor-damage -20` with no BA class fired the bare
    AT 1 column and read the breakage total nowhere; each such figure is refused, naming it."""
    from firefight.declarations import declare
    from firefight.rulesets.rmu.shot_options import ShotOptions

    options = declare(ShotOptions, weapon="glock-17", ob=65, distance=40, **given)
    with pytest.raises(RuleRefusal, match=f"^RMU-ARM-1: {named} for ballistic body armor"):
        options.build()
    worn = {**given, "armor": "BA II"}
    assert declare(ShotOptions, weapon="glock-17", ob=65, distance=40, **worn).build().armor == (
        "BA II"
    )
