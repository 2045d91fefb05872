"""The rmu aimed shot, end to end, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firefight.dice import Dice, RecordingSource, SeededSource
from firefight.errors import RuleRefusal, UnknownNameError
from firefight.geometry import CoverGrade, Size
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bodies import BodyScreen, Bystander
from firefight.rulesets.rmu.catalog import RmuData, Weapon, WeaponAction
from firefight.rulesets.rmu.cover import (
    Cover,
    CoverMaterial,
    parse_cover,
    price_cover,
    reached_bonus,
)
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.events import AttackerBonusGained, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.ranges import range_band
from firefight.rulesets.rmu.shot import (
    AimedShot,
    aimed_shot_events,
    prepare_aimed_shot,
    resolve_aimed_shot,
)
from firefight.rulesets.rmu.shot_results import AimedShotResult
from firefight.rulesets.rmu.struck import Struck
from firefight.trace import Modifier, Total

DATA = RmuData()


def shoot(shot: AimedShot, *faces: int) -> Outcome[AimedShotResult]:
    """Resolve with the given faces, then 50s for any die a test does not care about."""
    return resolve_aimed_shot(shot, Dice.scripted([*faces, 50, 50, 50]), DATA)


def hit(outcome: Outcome[AimedShotResult]) -> Struck:
    """What the shot did to the target, which it must have hit."""
    landing = outcome.result.landing
    assert isinstance(landing, Struck)
    return landing


def attack_total(outcome: Outcome) -> Total:
    return next(e for e in outcome.trace if isinstance(e, Total) and e.label == "attack total")


def parts(outcome: Outcome) -> dict[str, int]:
    return {p.rule or p.label: p.value for p in attack_total(outcome).parts}


BASE = AimedShot(weapon="glock-17", ob=65, distance_ft=20)


def test_hand_worked_shot_through_every_modifier() -> None:
    """A shot worked by hand: RMU-GEN-1, -2, -3, -4, -5, -6, RMU-COV-3, RMU-DOD-1, RMU-ARM-3, -5.

    98+60 open-ended = 158; +90 OB -30 recoil -25 haste (2 AP of 3) -10 Medium band (50 ft of a
    30 ft increment) +10 higher ground +5 GM -35 partial hard cover vs SG & ME 1-6 -5 Quickness
    (10 less BA II's 5) -7 half of a Dodge 20 less BA II's -5 = 151 -> BA II row 149-151: 13C.
    Critical roll 30: abdomen, covered by BA II -> Ballistic Impact C: 24 hits (16 x 1.5),
    fatigue 3. Total 37 hits.
    """
    shot = AimedShot(
        weapon="glock-17",
        ob=90,
        distance_ft=50,
        ap=2,
        armor="BA II",
        cover=Cover(grade=CoverGrade.PARTIAL, material=CoverMaterial.HARD),
        defender=Defender(quickness_db=10, dodge_db=20),
        situational=("higher-ground",),
        extra=(Modifier(value=5, label="GM: silhouetted"),),
        ranks=10,
    )
    out = shoot(shot, 98, 60, 30)
    assert [p.value for p in attack_total(out).parts] == [
        158,
        90,
        -30,
        -25,
        -10,
        10,
        5,
        -35,
        -5,
        -7,
    ]
    assert attack_total(out).value == 151
    s = hit(out)
    assert (s.column, s.hits, s.severity, s.location) == ("BA II", 13, "C", "abdomen")
    assert s.critical_table == "ballistic-impact"
    assert s.total_hits == 37
    crit = next(e for e in out.events if isinstance(e, CriticalInflicted))
    assert (crit.effect.hits, crit.effect.fatigue, crit.effect.bleed) == (24, 3, 0)
    assert "RMU-DOD-1" in out.trace.rules and "RMU-ARM-3" in out.trace.rules


def test_rmu_gen_3_recoil_only_without_preparation() -> None:
    assert parts(shoot(BASE, 50))["RMU-GEN-3"] == -30
    assert "RMU-GEN-3" not in parts(shoot(replace(BASE, prepared=True), 50))


def test_rmu_gen_3_prepared_shot_without_the_ap_is_refused() -> None:
    with pytest.raises(
        RuleRefusal, match="RMU-GEN-3: A prepared shot needs 1 AP to prepare plus 3 AP"
    ):
        shoot(replace(BASE, prepared=True, ap_available=3), 50)
    # the same shot with the AP is fine and spends 4
    out = shoot(replace(BASE, prepared=True, ap_available=4), 50)
    assert out.result.ap_spent == 4


def test_rmu_gen_1_haste_is_minus_25_per_ap_short_of_3() -> None:
    assert "RMU-GEN-1" not in parts(shoot(BASE, 50))
    assert parts(shoot(replace(BASE, ap=2), 50))["RMU-GEN-1"] == -25
    assert parts(shoot(replace(BASE, ap=1), 50))["RMU-GEN-1"] == -50
    with pytest.raises(RuleRefusal, match="RMU-GEN-1"):
        shoot(replace(BASE, ap=4), 50)
    with pytest.raises(RuleRefusal, match="RMU-GEN-1: The shot costs 3 AP but only 2"):
        shoot(replace(BASE, ap_available=2), 50)


@pytest.mark.parametrize(
    ("distance", "band", "modifier"),
    [
        (11, "Short", 0),
        (30, "Short", 0),
        (31, "Medium", -10),
        (60, "Medium", -10),
        (61, "Long", -25),
        (120, "Extreme", -50),
        (121, "Maximum", -100),
        (150, "Maximum", -100),
    ],
)
def test_rmu_gen_4_range_ladder_by_increment(distance: float, band: str, modifier: int) -> None:
    b = range_band(DATA.weapon("glock-17"), distance, DATA.rules)
    assert (b.name, b.modifier) == (band, modifier)


def test_rmu_gen_4_beyond_the_last_band_is_refused_before_any_die() -> None:
    dice = Dice.scripted([50])
    with pytest.raises(RuleRefusal, match="RMU-GEN-4: The Glock 17 does not reach 151 ft"):
        resolve_aimed_shot(replace(BASE, distance_ft=151), dice, DATA)
    assert dice.unused == (50,)


def test_rmu_pb_1_point_blank_by_class() -> None:
    rules = DATA.rules
    glock = range_band(DATA.weapon("glock-17"), 10, rules)
    assert (glock.point_blank, glock.modifier) == (True, 30)
    assert not range_band(DATA.weapon("glock-17"), 10.5, rules).point_blank
    sks = range_band(DATA.weapon("sks-46"), 20, rules)  # a rifle reaches point blank at 20 ft
    assert (sks.point_blank, sks.modifier) == (True, 10)
    assert parts(shoot(replace(BASE, distance_ft=5), 50))["RMU-PB-1"] == 30


def test_rmu_pb_1_each_class_reaches_point_blank_with_its_bonus() -> None:
    """RMU-PB-1 (the class bonuses themselves are pinned in test_rmu_stand_in_properties): an
    assault rifle is a rifle for the 20 ft reach, +10; the folded Zastava, a compact long arm,
    is not; the belt-fed M2HB reaches it at +0."""
    stock = range_band(DATA.weapon("zastava-m85-stock"), 20, DATA.rules)
    assert (stock.point_blank, stock.modifier) == (True, 10)
    assert not range_band(DATA.weapon("zastava-m85-folded"), 20, DATA.rules).point_blank
    m2hb = range_band(DATA.weapon("m2hb"), 20, DATA.rules)
    assert (m2hb.point_blank, m2hb.modifier) == (True, 0)


def test_rmu_pb_2_zastava_stock_out_trades_a_step_for_half_again_the_reach() -> None:
    folded, stock = DATA.weapon("zastava-m85-folded"), DATA.weapon("zastava-m85-stock")
    assert range_band(folded, 10, DATA.rules).modifier == 15
    assert range_band(stock, 10, DATA.rules).modifier == 10
    assert stock.short_range_ft == 50 and folded.short_range_ft == 33  # 50 / 1.5
    with pytest.raises(RuleRefusal):
        range_band(folded, 166, DATA.rules)
    assert range_band(stock, 166, DATA.rules).name == "Extreme"


def test_rmu_gen_8_fumble_range_shrinks_with_ranks() -> None:
    """Glock 17 fumbles 01-03; every 5 ranks take one off, never below 01."""
    assert shoot(BASE, 3).result.result == "fumble"
    # 4 ranks are not yet 5: 01-03 still; 9 ranks are one step of 5: 01-02 (RMU-GEN-8).
    assert shoot(replace(BASE, ranks=4), 3).result.result == "fumble"
    assert shoot(replace(BASE, ranks=9), 2).result.result == "fumble"
    assert shoot(replace(BASE, ranks=5), 3).result.result != "fumble"
    assert shoot(replace(BASE, ranks=5), 2).result.result == "fumble"
    assert shoot(replace(BASE, ranks=50), 1).result.result == "fumble"
    assert shoot(replace(BASE, ranks=50), 2).result.result != "fumble"


def test_rmu_gen_5_below_the_table_misses() -> None:
    out = shoot(replace(BASE, ob=0), 60)  # 60 - 30 recoil = 30
    assert out.result.result == "miss"
    assert not any(isinstance(e, HitsInflicted) for e in out.events)


def test_rmu_gen_6_critical_roll_is_plain_d100() -> None:
    """A 100 on the critical roll does not open-end: no further die is asked for."""
    dice = Dice.scripted([90, 100, 77])
    out = resolve_aimed_shot(replace(BASE, ob=80, prepared=True), dice, DATA)  # 170: 22E
    assert hit(out).critical_roll == 100
    assert dice.unused == (77,)


def test_p_6_totals_past_175_push_the_critical_roll() -> None:
    out = shoot(replace(BASE, ob=100, prepared=True), 90, 50)  # total 190: 15 over -> +3
    assert hit(out).critical_roll == 53


def test_rmu_bp_3_head_100_e_gives_the_attacker_plus_25() -> None:
    out = shoot(replace(BASE, ob=100, prepared=True), 60, 100)  # 160 on AT 1 -> 20E, roll 100
    assert out.result.landing.severity == "E"
    assert hit(out).location == "head"
    bonus = [e for e in out.events if isinstance(e, AttackerBonusGained)]
    assert [(b.actor, b.bonus) for b in bonus] == [("shooter", 25)]
    effects = hit(out).effects
    assert effects is not None and effects.dead is True


def test_p_7_severity_f_reads_e_and_a_on_the_same_roll() -> None:
    shot = AimedShot(weapon="sks-46", ob=110, distance_ft=100, prepared=True)
    out = shoot(shot, 70, 40)  # 180 on AT 1 of the 7.62 table
    assert out.result.landing.severity == "F"
    crits = [e for e in out.events if isinstance(e, CriticalInflicted)]
    assert [c.severity for c in crits] == ["E", "A"]
    assert {c.location for c in crits} == {"leg"}  # roll 40 + 1 for 5 over: 36-45 leg
    assert {c.roll for c in crits} == {41}


def test_rmu_arm_3_soft_armor_uncovered_location_reads_puncture() -> None:
    shot = replace(BASE, ob=120, armor="BA I", prepared=True)
    covered = shoot(shot, 50, 22)  # 170 on BA I; chest row 21-25 -> covered
    bare = shoot(shot, 50, 40)  # leg
    assert hit(covered).critical_table == "ballistic-impact"
    assert hit(bare).critical_table == "ballistic-puncture"


def test_rmu_arm_3_hard_armor_reads_impact_where_it_covers() -> None:
    shot = replace(BASE, ob=120, armor="BA III", prepared=True)
    assert hit(shoot(shot, 50, 50)).critical_table == "ballistic-impact"  # arm, covered
    assert hit(shoot(shot, 50, 40)).critical_table == "ballistic-puncture"  # leg, bare
    assert hit(shoot(shot, 50, 18)).critical_table == "ballistic-puncture"  # head, bare


def test_rmu_arm_1_armor_fires_its_own_column_and_bare_reads_naked() -> None:
    assert shoot(replace(BASE, armor="BA IV"), 80).result.landing.column == "BA IV"
    assert shoot(replace(BASE, armor="AT 4"), 80).result.landing.column == "AT 4"
    with pytest.raises(UnknownNameError, match="unknown rmu armor 'BA V'"):
        shoot(replace(BASE, armor="BA V"), 80)


def test_rmu_arm_4_column_is_fixed_before_the_roll_and_location_after() -> None:
    """The trace settles the column before the attack roll, the table only after the critical."""
    out = shoot(replace(BASE, ob=120, armor="BA II", prepared=True), 50, 30)
    text = out.trace.render_text()
    assert text.index("Fire the BA II column") < text.index("attack roll:")
    assert text.index("critical roll:") < text.index("read on Ballistic Impact")


def test_rmu_dod_1_in_the_open_only_armor_defends() -> None:
    defender = Defender(quickness_db=20, dodge_db=40)
    open_shot = shoot(replace(BASE, defender=defender), 50)
    assert "RMU-DOD-1" not in parts(open_shot)
    assert "RMU-DOD-1" in open_shot.trace.rules  # the trace says why no DB applied
    covered = shoot(
        replace(
            BASE,
            defender=defender,
            cover=Cover(grade=CoverGrade.PARTIAL, material=CoverMaterial.SOFT),
        ),
        50,
    )
    values = [p.value for p in attack_total(covered).parts]
    assert values[-3:] == [-20, -20, -20]  # soft partial cover, Quickness 20, half of Dodge 40


@pytest.mark.parametrize(
    ("cover", "weapon", "bonus"),
    [
        ("partial:soft", "sks-46", 20),
        ("half:soft", "glock-17", 40),
        ("full:soft", "m2hb", 100),
        ("half:hard", "glock-17", 70),
        ("half:hard", "sks-46", 60),
        ("full:hard", "m2hb", 100),
        ("half:hardened", "glock-17", 80),
        ("half:hardened", "sks-46", 70),
        ("partial:impenetrable", "sks-46", 40),
        ("half:impenetrable", "m2hb", 80),
    ],
)
def test_rmu_cov_2_and_rmu_cov_3_cover_values(cover: str, weapon: str, bonus: int) -> None:
    """RMU-COV-2 soft floor and impenetrable ceiling for any gun; RMU-COV-3 hard by the gun's
    column,
    hardened one column lighter and impenetrable against SG & ME 1-6; half brick vs ME 1-6 = +70."""
    parsed = parse_cover(cover)
    assert parsed is not None
    assert price_cover(parsed, DATA.weapon(weapon), DATA.cover).bonus == bonus


@pytest.mark.parametrize(
    ("me", "values"),
    [
        (6, (35, 70, 175)),  # SG & ME 1-6 up to ME 6 ...
        (7, (30, 60, 150)),  # ... ME 7-12 from ME 7
        (18, (27, 53, 133)),
        (19, (24, 47, 117)),
        (24, (24, 47, 117)),
        (25, (20, 40, 100)),  # ME 25+ from ME 25
    ],
)
def test_rmu_cov_3_every_hard_column_and_where_it_starts(
    me: int, values: tuple[int, int, int]
) -> None:
    """RMU-COV-3 by the DATA.md stand-in: partial / half / full hard cover against a rifle of
    each weight read at both edges of its ME band."""
    gun = replace(DATA.weapon("sks-46"), me=me)
    grades = ("partial:hard", "half:hard", "full:hard")
    priced = []
    for grade in grades:
        cover = parse_cover(grade)
        assert cover is not None
        priced.append(price_cover(cover, gun, DATA.cover).bonus)
    assert tuple(priced) == values


def test_rmu_cov_2_the_impenetrable_ceiling_is_40_80_200() -> None:
    """RMU-COV-2: full impenetrable cover stops the shot outright, and its +200 is still the
    price a dash half-way to it counts (RMU-MOV-2: 50% of +200 is +100)."""
    full = parse_cover("full:impenetrable")
    assert full is not None
    assert DATA.cover.impenetrable == (40, 80, 200)
    assert reached_bonus(price_cover(full, DATA.weapon("m2hb"), DATA.cover).bonus, 50) == 100


def test_rmu_cov_1_grades_parse_and_none_is_open_ground() -> None:
    assert parse_cover("none") is None
    assert parse_cover("half") == Cover(grade=CoverGrade.HALF, material=CoverMaterial.HARD)
    with pytest.raises(RuleRefusal, match="RMU-COV-1"):
        parse_cover("most:brick")


def test_rmu_cov_4_fully_behind_impenetrable_cannot_be_hit() -> None:
    dice = Dice.scripted([100, 100, 100])
    out = resolve_aimed_shot(replace(BASE, cover=parse_cover("full:impenetrable")), dice, DATA)
    assert out.result.result == "cannot hit"
    assert dice.unused == (100, 100, 100)  # nothing was rolled
    # against a pistol, full hardened cover counts as impenetrable too
    hardened = shoot(replace(BASE, cover=parse_cover("full:hardened")))
    assert hardened.result.result == "cannot hit"


def test_rmu_cov_4_rmu_mov_2_impenetrable_cover_only_half_reached_can_be_hit() -> None:
    """A dash that reached 50% of a full impenetrable wall this round is not fully behind it:
    the shot is rolled against half its +200, -100."""
    walled = replace(BASE, cover=parse_cover("full:impenetrable"), cover_share_percent=50)
    out = shoot(walled, 50)
    assert out.result.result != "cannot hit"
    assert parts(out)["RMU-MOV-2"] == -100


def test_rmu_hunt_1_hunting_class_against_large_and_huge_only() -> None:
    data = RmuData()
    rifle = Weapon(
        key="elk-rifle",
        name="Elk rifle",
        model="Elk rifle",
        caliber="7.62mm",
        attack_table="firearm-7.62mm",
        weapon_class="rifle",
        action=WeaponAction.SEMI_AUTOMATIC,
        short_range_ft=200,
        magazine=5,
        me=12,
        fumble=3,
        hunting_class="II",
    )
    data.__dict__["weapons"] = {**data.weapons, "elk-rifle": rifle}
    shot = AimedShot(weapon="elk-rifle", ob=50, distance_ft=100)
    for size, bonus in ((Size.MEDIUM, None), (Size.BIG, None), (Size.LARGE, 25), (Size.HUGE, 25)):
        out = resolve_aimed_shot(replace(shot, target_size=size), Dice.scripted([50, 50]), data)
        assert parts(out).get("RMU-HUNT-1") == bonus
    # Classes I and III: +10 and +50 against the same Large target.
    for hunting_class, bonus in (("I", 10), ("III", 50)):
        other = RmuData()
        other.__dict__["weapons"] = {
            **other.weapons,
            "elk-rifle": replace(rifle, hunting_class=hunting_class),
        }
        big = replace(shot, target_size=Size.LARGE)
        out = resolve_aimed_shot(big, Dice.scripted([50, 50]), other)
        assert parts(out)["RMU-HUNT-1"] == bonus


def test_unknown_weapon_suggests_close_names() -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'glock-17'"):
        shoot(replace(BASE, weapon="glok-17"), 50)


def test_tripod_gun_unbraced_recoils_and_mounted_gains_against_range() -> None:
    """RMU-TRI-1: +25 against the range penalty, never past 0. RMU-TRI-2: unbraced, the recoil
    attacks the shooter first (50 + 145 - 15 = 180: 30 hits, E; the Impact E cell at 41 adds
    27), and the shot takes -50, -57 for the hits and -50 for the five steps of E."""
    m2 = AimedShot(weapon="m2hb", ob=60, distance_ft=700)  # band 3 of 300 ft: -25
    hip = shoot(replace(m2, strength_bonus=5), 50, 40, 50)
    assert hip.result.recoil is not None and hip.result.recoil.attack_total == 180
    assert [p.value for p in attack_total(hip).parts if p.rule == "RMU-TRI-2"] == [-50, -57, -50]
    assert HitsInflicted(target="shooter", hits=30, rule="RMU-GEN-5") in hip.events
    out = shoot(replace(m2, mounted=True), 50)
    assert parts(out)["RMU-TRI-1"] == 25 and parts(out)["RMU-GEN-4"] == -25
    near = shoot(replace(m2, mounted=True, distance_ft=400), 50)  # Medium -10: gains only 10
    assert parts(near)["RMU-TRI-1"] == 10
    assert "RMU-TRI-1" not in parts(shoot(replace(m2, mounted=True, distance_ft=100), 50))


def test_r_1_named_situational_modifiers_and_unknown_names_refused() -> None:
    out = shoot(replace(BASE, situational=("prone-target", "higher-ground")))
    assert [p.value for p in attack_total(out).parts if p.rule == "R-1"] == [-30, 10]
    with pytest.raises(RuleRefusal, match="R-1: No situational modifier is called 'uphill'"):
        shoot(replace(BASE, situational=("uphill",)))


R_1 = [
    ("higher-ground", 10),
    ("stunned-foe", 20),
    ("surprised-foe", 25),
    ("prone-target", -30),
    ("attacker-in-melee", -20),
    ("off-hand", -20),
    ("quarters-close", -25),
    ("quarters-cramped", -50),
    ("quarters-tight", -75),
    ("quarters-confined", -100),
]


@pytest.mark.parametrize(("name", "value"), R_1)
def test_r_1_each_ranged_ob_modifier_is_table_9_5s(name: str, value: int) -> None:
    """R-1, figure by figure, as the shot's own term."""
    out = shoot(replace(BASE, situational=(name,)))
    parts = [(p.label, p.value) for p in attack_total(out).parts if p.rule == "R-1"]
    assert parts == [(name.replace("-", " "), value)]


def test_r_1_melee_reads_r_1s_figure_wherever_r_1_gives_one() -> None:
    """The melee column repeats R-1 for higher ground, a stunned foe and the quarters
    (DEC-340): the two copies must agree."""
    figures = melee_figures()
    shared = ("higher-ground", "stunned-foe", "quarters-close", "quarters-cramped",
              "quarters-tight", "quarters-confined")  # fmt: skip
    ranged = dict(R_1)
    assert {n: figures.modifier(n) for n in shared} == {n: ranged[n] for n in shared}


def test_p_8_extra_terms_stand_before_cover_and_carry_over_whatever_was_settled_before() -> None:
    """P-8, RMU-COV-3: a shot's extra terms (the shooter's wounds, a GM's call) stand after the
    shot's own terms and before the cover and the defense, and a stray round carries them over;
    the same whether the shot without them was prepared first or not."""
    wound = Modifier(value=-15, label="hits lost", rule="R-3")
    shot = replace(
        BASE,
        cover=Cover(grade=CoverGrade.PARTIAL, material=CoverMaterial.HARD),
        defender=Defender(quickness_db=10),
        extra=(wound,),
    )
    alone = prepare_aimed_shot(shot, RmuData())
    labels = [m.label for m in alone.modifiers]
    at = labels.index("hits lost")
    assert labels[at - 1] == "recoil, shot not prepared"
    assert "cover" in labels[at + 1]
    assert alone.carried[-1] is wound
    data = RmuData()
    plain = prepare_aimed_shot(replace(shot, extra=()), data)
    after = prepare_aimed_shot(shot, data)
    assert wound not in plain.modifiers and wound not in plain.carried
    assert (after.modifiers, after.carried) == (alone.modifiers, alone.carried)
    assert after.shot is shot


@pytest.mark.parametrize(
    "shot",
    [
        replace(BASE, armor="BA II", armor_quality=5),
        AimedShot(weapon="m2hb", ob=160, distance_ft=50, strength_bonus=5),
        replace(
            BASE,
            screen=BodyScreen(
                grade=CoverGrade.HALF,
                shielders=(Bystander(name="Ana", armor="BA I"), Bystander(name="Ben")),
            ),
        ),
    ],
    ids=["armored", "unbraced tripod", "screened"],
)
def test_rmu_tri_2_rmu_cov_6_a_quiet_shot_rolls_the_same_dice_to_the_same_events(
    shot: AimedShot,
) -> None:
    """A shot whose trace and result nobody reads (aimed_shot_events, a simulated fight) rolls
    the very dice the told shot rolls and gives its events: an unbraced gun's recoil priced
    from what it did to the shooter (RMU-TRI-2), a miss flying on into a shielder (RMU-COV-6),
    criticals and breakage checks alike."""
    for seed in range(150):
        told, quiet = RecordingSource(SeededSource(seed)), RecordingSource(SeededSource(seed))
        loud = resolve_aimed_shot(shot, Dice(told), DATA)
        assert aimed_shot_events(shot, Dice(quiet), DATA) == list(loud.events)
        assert quiet.faces == told.faces
