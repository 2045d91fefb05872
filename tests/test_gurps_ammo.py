"""Special ammunition (GUR-AMMO-1), arrows and bows (GUR-ARROW-1), black powder
(GUR-RELOAD-1) on a gurps shot."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import DeclarationError, declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.setup import ShotSetup, settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import BarrelBurst, ShotResult

HIT = [3, 3, 4]  # 10: a plain hit at the skills used here


def shoot(faces: list[int], **values: Any) -> ShotResult:
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 16)
    values.setdefault("distance", 2)
    values.setdefault("aim", 1)
    return resolve_shot(declare(Shoot, **values), Dice.scripted(faces)).result


def setup(**values: Any) -> ShotSetup:
    values.setdefault("skill", 16)
    values.setdefault("distance", 2)
    return settle(declare(Shoot, **values), DATA)


# .38 revolver 2d-1: faces 6, 6 -> 11 basic damage


def test_gur_ammo_1_hollow_point() -> None:
    """GUR-AMMO-1: hollow points double DR and double what gets through."""
    assert shoot([*HIT, 6, 6], ammo="hollow-point", dr=3).injury == (11 - 6) * 2


def test_gur_ammo_1_rubber() -> None:
    """GUR-AMMO-1: plastic or rubber bullets: half damage, DR tripled, half range."""
    assert shoot([*HIT, 6, 6], ammo="rubber", dr=1).injury == 5 - 3
    assert setup(weapon="revolver-38", ammo="rubber").half_damage == 60


def test_gur_ammo_1_aps() -> None:
    """GUR-AMMO-1: APS +1 per die, half DR, half of what gets through, ranges x1.5."""
    assert shoot([*HIT, 6, 6], ammo="aps", dr=4).injury == (13 - 2) // 2
    assert setup(weapon="revolver-38", ammo="aps").max_range == 2250


def test_gur_ammo_1_flechette() -> None:
    """GUR-AMMO-1: flechettes impale; flexible armor stops them with DR 2, rigid armor has
    double DR; rifles and pistols lose a third of Acc and range, shotguns keep both."""
    assert shoot([*HIT, 6, 6], ammo="flechette", armor="kevlar-vest").injury == (11 - 2) * 2
    assert shoot([*HIT, 6, 6], ammo="flechette", dr=3, armor="plate").injury == (11 - 6) * 2
    assert setup(weapon="rifle-3006", ammo="flechette").half_damage == pytest.approx(666.67, 0.01)
    assert setup(weapon="shotgun-12", ammo="flechette").half_damage == 25


def test_gur_ammo_1_shotgun_flechettes_meet_the_armor_2d_at_a_time() -> None:
    """GUR-AMMO-1, DEC-722: a shotgun's flechettes meet the armor 2d at a time. The 12-gauge's
    4d, faces 6, 5 and 6, 3, is two groups of 11 and 9; a kevlar vest stops 2 of each (DR 2
    against flechettes): 9 + 7 = 16 through, impaling x2 = 32 (one 20 against DR 2 would be
    36). Plate (DR 7, rigid: 14) lets nothing through either group, though 20 beats 14."""
    shotgun = {"weapon": "shotgun-12", "ammo": "flechette", "skill": 20}
    assert shoot([*HIT, 6, 5, 6, 3], armor="kevlar-vest", **shotgun).injury == (9 + 7) * 2
    assert shoot([*HIT, 6, 5, 6, 3], armor="plate", **shotgun).injury == 0
    # Unarmored, the groups add up to the whole roll; a rifle's flechette meets armor whole.
    assert shoot([*HIT, 6, 5, 6, 3], **shotgun).injury == 20 * 2
    assert shoot([*HIT, 6, 6], ammo="flechette", armor="kevlar-vest").injury == (11 - 2) * 2


def test_gur_ammo_1_incendiary_api_and_explosive() -> None:
    """GUR-AMMO-1: incendiary half damage, DR x2, +1 burn; API halves what gets through then
    +1; explosive -1 per die, DR x2, 1d6 x 5 more in the wound."""
    assert shoot([*HIT, 6, 6], ammo="incendiary", dr=1).injury == 5 - 2 + 1
    assert shoot([*HIT, 6, 6], ammo="api", dr=1).injury == (11 - 1) // 2 + 1
    assert shoot([*HIT, 6, 6, 2], ammo="explosive", dr=1).injury == 9 - 2 + 10


def test_gur_ammo_1_explosive_stopped_by_armor() -> None:
    """GUR-AMMO-1: an explosive bullet spent on the armor still does a point of crushing
    underneath on a 5 or 6 on 1d6."""
    assert shoot([*HIT, 2, 2, 5], ammo="explosive", dr=10).injury == 1
    assert shoot([*HIT, 2, 2, 4], ammo="explosive", dr=10).injury == 0


def test_gur_ammo_1_dum_dum_expands_half_the_time() -> None:
    """GUR-AMMO-1: dum-dums -1 to hit; on 1-3 on 1d6 they expand: DR x2, damage through x2."""
    assert shoot([*HIT, 6, 6, 3], ammo="dum-dum", dr=2).injury == (11 - 4) * 2
    assert shoot([*HIT, 6, 6, 4], ammo="dum-dum", dr=2).injury == 11 - 2
    assert [
        m.value
        for m in setup(weapon="revolver-38", ammo="dum-dum").modifiers
        if m.rule == "GUR-AMMO-1"
    ] == [-1]


def test_gur_ammo_1_shotgun_rounds_and_blanks() -> None:
    """GUR-AMMO-1: bolo, stun bag and white phosphorus are shotgun rounds; a stun bag is
    useless beyond 1/2D; bolo triples DR, doubles the wound, -4 Acc, half Max; white
    phosphorus burns an area; blanks harm nobody beyond a yard."""
    with pytest.raises(RuleRefusal) as caught:
        setup(weapon="revolver-38", ammo="bolo")
    assert caught.value.rule == "GUR-AMMO-1"
    with pytest.raises(RuleRefusal):
        setup(weapon="shotgun-12", ammo="white-phosphorus")
    far = shoot([*HIT, 6, 6, 6, 6], weapon="shotgun-12", ammo="stun-bag", distance=30, skill=20)
    assert far.injury == 0
    bolo = setup(weapon="shotgun-12", ammo="bolo", aim=1)
    assert bolo.max_range == 75
    assert shoot([*HIT, 6, 6, 6, 6], weapon="shotgun-12", ammo="bolo", dr=2).injury == (24 - 6) * 2
    assert shoot([*HIT, 6, 6], ammo="blank", distance=3).injury == 0


def test_gur_ammo_1_dual_bullets_roll_twice() -> None:
    """GUR-AMMO-1: a dual bullet's two missiles roll to hit apart; when the first hits the
    second is at +2."""
    # .38 dual: 1d-1; skill 16 + Acc 2 - 2 (dual Acc) at 2 yd -> 16; 10 hits (4 -> 3), then
    # the second missile's 16 against 18 hits (6 -> 5)
    out = shoot([*HIT, 4, 6, 5, 5, 6], ammo="dual")
    shots = out.shots
    assert [s.target for s in shots] == [16, 18]
    assert out.hits == 2 and out.injury == 3 + 5
    missed_first = shoot([6, 6, 5, 3, 3, 4, 4], ammo="dual")
    assert [s.target for s in missed_first.shots] == [16, 16]


def test_gur_ammo_1_subsonic_and_dual() -> None:
    """GUR-AMMO-1: subsonic loads halve damage and ranges (rifles); a dual bullet loses a
    die and 2 Acc."""
    assert setup(weapon="rifle-3006", ammo="subsonic").half_damage == 500
    dual = setup(weapon="revolver-38", ammo="dual", aim=1)
    assert str(dual.damage) == "1d-1"
    assert -2 in [m.value for m in dual.modifiers if m.rule == "GUR-AMMO-1"]


@pytest.mark.parametrize(
    ("weapon", "damage"),
    [
        ("pistol-9mm", "2d-1"),  # 9x19 subsonic, in a pistol ...
        ("smg-9mm", "2d-1"),  # ... or an SMG
        ("revolver-44", "2d"),  # .44 Magnum subsonic
        ("revolver-38", "2d-1"),  # .38 Special is subsonic as it comes
        ("pistol-45", "2d"),  # so is .45 ACP
    ],
)
def test_gur_ammo_1_subsonic_handgun_loads_deal_the_sources_figures(
    weapon: str, damage: str
) -> None:
    """GUR-AMMO-1, worked figures of 002's subsonic entry: a slowed 9x19 does 2d-1 in a pistol
    or an SMG, a .44 Magnum 2d, and the calibers already subsonic do what they always do; the
    halving of damage and ranges is for rifles and shotguns only. A handgun keeps its ranges
    (DEC-740)."""
    plain = setup(weapon=weapon)
    loaded = setup(weapon=weapon, ammo="subsonic")
    assert str(loaded.damage) == damage
    assert (loaded.half_damage, loaded.max_range) == (plain.half_damage, plain.max_range)
    # 2d-1 rolled 6, 6 is 11, not halved to 5
    if damage == "2d-1":
        assert shoot([*HIT, 6, 6], weapon=weapon, ammo="subsonic").injury == 11


def test_gur_ammo_1_acc_hit_and_damage_of_each_round() -> None:
    """GUR-AMMO-1: a flechette keeps 2/3 of a pistol's Acc (2 -> 1); a bolo is -4 Acc; a stun
    bag -1 to hit and half damage (6 x 4 = 24 -> 12); a dum-dum -1 to hit and -1 Malf; a
    subsonic rifle load half damage (6 x 7 = 42 -> 21)."""

    def ammo_mods(weapon: str, ammo: str) -> list[int]:
        return [m.value for m in setup(weapon=weapon, ammo=ammo, aim=1).modifiers[2:]]

    assert setup(weapon="revolver-38", ammo="flechette", aim=1).modifiers[1].value == 1
    assert ammo_mods("shotgun-12", "bolo") == [-4]
    assert ammo_mods("shotgun-12", "stun-bag") == [-1]
    assert ammo_mods("revolver-38", "dum-dum") == [-1]
    assert DATA.ammo["dum-dum"].malf == -1
    six = [*HIT, 6, 6, 6, 6, 6, 6, 6]
    assert shoot(six, weapon="shotgun-12", skill=20).injury == 24
    assert shoot(six, weapon="shotgun-12", ammo="stun-bag", skill=20).injury == 12
    assert shoot(six, weapon="rifle-3006", skill=20).injury == 42
    assert shoot(six, weapon="rifle-3006", ammo="subsonic", skill=20).injury == 21


def _dr_met(faces: list[int], **values: Any) -> object:
    """The DR the missile met, as the shot's trace totals it."""
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 16)
    values.setdefault("distance", 2)
    values.setdefault("aim", 1)
    out = resolve_shot(declare(Shoot, **values), Dice.scripted(faces))
    return next(e["value"] for e in out.trace.to_json() if e.get("label") == "DR")


@pytest.mark.parametrize(
    ("faces", "values", "met"),
    [
        ([*HIT, 6, 6], {"ammo": "aps"}, 2),  # only 1/2 DR
        ([*HIT, 6, 6, 6], {"ammo": "explosive"}, 8),  # DR doubled
        ([*HIT, 6, 6], {"ammo": "hollow-point"}, 8),  # DR doubled
        ([*HIT, 6, 6], {"ammo": "incendiary"}, 8),  # DR doubled
        ([*HIT, 6, 6], {"ammo": "rubber"}, 12),  # DR tripled
        ([*HIT, 6, 6, 3], {"ammo": "dum-dum"}, 8),  # expanded (1-3): DR doubled
        ([*HIT, 6, 6], {"ammo": "flechette", "armor": "plate"}, 8),  # rigid armor: doubled
        ([*HIT, 6, 6, 6, 6], {"ammo": "bolo", "weapon": "shotgun-12"}, 12),  # DR tripled
        ([*HIT, 6], {"arrow": "bowel-raker", "weapon": "longbow", "st": 13}, 8),  # doubled
    ],
)
def test_gur_ammo_1_gur_arrow_1_each_load_meets_dr_4_as_the_source_scales_it(
    faces: list[int], values: dict[str, Any], met: int
) -> None:
    """GUR-AMMO-1, GUR-ARROW-1: against DR 4 (large enough that x2.25 and x2 part ways, as
    DR 2 or 3 would not) APS meets half, hollow points, explosive and incendiary bullets and
    an expanded dum-dum double it, flechettes double rigid armor's, plastic or rubber bullets
    and bolo rounds triple it, and a bowel raker doubles it."""
    assert _dr_met(faces, dr=4, **values) == met


# --- GUR-ARROW-1 ------------------------------------------------------------------------------


def test_gur_arrow_1_a_custom_explosive_head_bursts_for_1d_doubled() -> None:
    """GUR-ARROW-1, 002's figures for a custom explosive arrow: 1d of blast, doubled because it
    goes off on contact, besides the head's own crushing blow of at most 1d-3. The blast meets
    the armor as any blow does (DEC-741). A longbow at ST 12: thrust 1d-1, capped at 1d-3."""
    bare = shoot([*HIT, 6, 4], weapon="longbow", arrow="explosive", st=12, distance=5)
    assert bare.injury == (6 - 3) + 2 * 4
    armored = shoot([*HIT, 6, 4], weapon="longbow", arrow="explosive", st=12, distance=5, dr=5)
    assert armored.injury == 0 + (2 * 4 - 5)


def test_gur_arrow_1_a_custom_explosive_head_is_plain_thrust_at_st_x15_and_x20() -> None:
    """GUR-ARROW-1: a custom explosive arrow's own blow is the archer's thrust, crushing, up to
    1d-3; its 1/2D is ST x15 and Max ST x20; only an improvised one is at -2 to hit. A longbow
    at ST 6 (thrust 1d-4, under the cap): 1d-4, 1/2D 90 yd, Max 120 yd, no head modifier."""
    custom = setup(weapon="longbow", arrow="explosive", st=6, aim=1)
    assert (str(custom.damage), custom.damage_type) == ("1d-4", "crushing")
    assert (custom.half_damage, custom.max_range) == (90, 120)
    assert [m for m in custom.modifiers if m.rule == "GUR-ARROW-1"] == []


def test_gur_arrow_1_heads_damage_cap_and_ranges() -> None:
    """GUR-ARROW-1: a head's damage is thrust plus its adds, never more than its maximum;
    1/2D and Max are ST multiples of the head."""
    weak = setup(weapon="longbow", arrow="bodkin", st=10)
    assert str(weak.damage) == "1d"
    strong = setup(weapon="longbow", arrow="bodkin", st=16)
    assert str(strong.damage) == "1d+2"  # thr 1d+1 +2 is capped at 1d+2
    assert (weak.half_damage, weak.max_range) == (150, 200)
    broad = setup(weapon="longbow", arrow="broad-head", st=10)
    assert (broad.half_damage, broad.max_range) == (200, 250)
    flying = setup(weapon="longbow", arrow="flying", st=10)
    assert flying.max_range == 350


def test_gur_arrow_1_bodkin_and_bowel_raker_against_armor() -> None:
    """GUR-ARROW-1: bodkin and armor-piercing heads take 2 off DR (at least 1); a bowel raker
    doubles DR and doubles the wound."""
    # ST 13 thrust 1d: bodkin 1d+2, face 6 -> 8; DR 4 - 2 = 2 -> 6 x2 impaling
    assert shoot([*HIT, 6], weapon="longbow", arrow="bodkin", st=13, armor="chainmail").injury == 12
    # bowel raker 1d+3 (cap 1d+4): 9; DR 2 x2 = 4 -> 5 x1.5 cutting = 7 x2 = 14
    assert shoot([*HIT, 6], weapon="longbow", arrow="bowel-raker", st=13, dr=2).injury == 14
    # armor piercing: thrust 1d +1 capped at 1d, face 6 -> 6; DR 4 - 2 = 2 -> 4 x2 = 8; DR 2
    # - 2 leaves the minimum 1 -> 5 x2 = 10
    ap = {"weapon": "longbow", "arrow": "armor-piercing", "st": 13}
    assert shoot([*HIT, 6], armor="chainmail", **ap).injury == 8
    assert shoot([*HIT, 6], dr=2, **ap).injury == 10


def test_gur_arrow_1_a_blunt_head_is_1_less_per_die() -> None:
    """GUR-ARROW-1, DEC-723: a blunt head does 1 less per die, which 002 writes as Thrust-1
    (thrust is one die at these ST): at ST 10 thrust 1d-2 -> 1d-3, its maximum; at ST 7, 1d-3
    -> 1d-4. The two are one rule, not two: 1d-4 at ST 10 took the point off twice."""
    assert str(setup(weapon="longbow", arrow="blunt", st=10).damage) == "1d-3"
    assert str(setup(weapon="longbow", arrow="blunt", st=7).damage) == "1d-4"


def test_gur_arrow_1_bows_st_and_improvements() -> None:
    """GUR-ARROW-1: a compound bow +5 ST; a bow stronger than the archer -1 per point; the
    strength trade-off +1 damage per ST off range, lost beyond 1/2D; quick release +2; peep
    sight +2 Acc and stabilizers +1 Acc on aimed shots."""
    compound = setup(weapon="compound-bow", st=10)
    assert str(compound.damage) == "1d+4" and compound.half_damage == 300
    assert [
        m.value
        for m in setup(weapon="longbow", bow_st=13, st=10).modifiers
        if m.rule == "GUR-ARROW-1"
    ] == [-3]
    traded = setup(weapon="longbow", st=12, trade_off=2)
    assert traded.trade_off_damage == 2 and traded.half_damage == 150
    assert setup(weapon="longbow", st=12, trade_off=2, distance=160).trade_off_damage == 0
    with pytest.raises(DeclarationError, match="more than 2") as caught:
        setup(weapon="longbow", st=12, trade_off=3)
    assert caught.value.rule == "GUR-ARROW-1"
    aimed = setup(
        weapon="longbow", st=12, aim=1, mods=("peep-sight", "stabilizers", "quick-release")
    )
    assert sorted(m.value for m in aimed.modifiers if m.rule == "GUR-ARROW-1") == [1, 2, 2]


def test_gur_arrow_1_arrows_too_light_for_the_bow() -> None:
    """GUR-ARROW-1: arrows lighter than the bow's ST cost -1 per 3 points of difference."""
    light = setup(weapon="longbow", st=10, bow_st=16, arrow_st=10)
    assert [m.value for m in light.modifiers if m.label == "arrows too light for the bow"] == [-2]
    assert not [
        m
        for m in setup(weapon="longbow", st=12, arrow_st=11).modifiers
        if m.label == "arrows too light for the bow"
    ]


def test_gur_arrow_1_long_flight_helps_the_dodge() -> None:
    """GUR-ARROW-1: an arrow beyond 1/2D takes 2 seconds: +2 to Dodge or Block."""
    out = resolve_shot(
        declare(
            Shoot,
            weapon="longbow",
            st=10,
            skill=20,
            distance=160,
            aim=3,
            defense="dodge",
            defense_value=5,
        ),
        Dice.scripted([*HIT, 2, 2, 3]),
    )
    dodge = next(e for e in out.trace.to_json() if e.get("label") == "dodge")
    assert dodge["value"] == 7 and out.result.result == "defended"


# --- GUR-RELOAD-1: powder ---------------------------------------------------------------------


def test_gur_reload_1_powder_grades() -> None:
    """GUR-RELOAD-1: too-coarse powder -1 to hit and 1/2D, Max x0.75; too-fine +1d damage,
    ranges x1.25, Rcl 2 worse, and the barrel bursts on a 1 on 1d6."""
    coarse = setup(weapon="musket", powder="coarse")
    assert coarse.half_damage == 75 and -1 in [m.value for m in coarse.modifiers]
    fine = setup(weapon="musket", powder="fine")
    assert (str(fine.damage), fine.half_damage, fine.rcl) == ("5d", 125, -6)
    burst = shoot([1, 6, 6, 6, 6, 6], weapon="musket", powder="fine")
    assert burst.barrel_burst == BarrelBurst(firer_injury=15) and burst.result == "miss"
    with pytest.raises(RuleRefusal):
        setup(weapon="revolver-38", powder="fine")
