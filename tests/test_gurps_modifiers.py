"""The to-hit modifiers of 002 on a gurps shot: the catalog (GUR-MOD-1), arcs (GUR-ARC-1),
opportunity fire (GUR-OPP-1), moving (GUR-MOVE-1), the line of fire (GUR-WRONG-1), hit
locations (GUR-LOC-1), windage and ranging (GUR-RANGE-1), indirect fire (GUR-IND-1)."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import DeclarationError, declare, options_of
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.setup import ShotSetup, settle
from firefight.rulesets.gurps.shot import Shoot


def setup(**values: Any) -> ShotSetup:
    values.setdefault("weapon", "revolver-38")
    values.setdefault("skill", 14)
    values.setdefault("distance", 2)
    return settle(declare(Shoot, **values), DATA)


def by_rule(rule: str, **values: Any) -> list[int]:
    return [m.value for m in setup(**values).modifiers if m.rule == rule]


def refused(rule: str, **values: Any) -> str:
    with pytest.raises(RuleRefusal) as caught:
        setup(**values)
    assert caught.value.rule == rule
    return str(caught.value)


# --- GUR-MOD-1 --------------------------------------------------------------------------------

CATALOG = {
    # figures as 002 lists them
    "head-only": -5,
    "head-and-shoulders": -4,
    "half-exposed": -3,
    "light-cover": -2,
    "slightly-obscured": -1,
    "prone": -4,
    "prone-head-up": -5,
    "prone-head-down": -7,
    "kneeling": -2,
    "sitting": -3,
    "crouching": -1,
    "very-cheap": -2,
    "cheap": -1,
    "fine": 1,
    "very-fine": 2,
    "double-action": -2,
    "unfamiliar-weapon": -2,
    "unfamiliar-type": -4,
    "unfamiliar-vehicle-sight": -2,
    "sweat-in-eyes": -2,
    "bad-goggles": -3,
    "inanimate": 4,
    "weapon-target": -6,
    "weapon-target-long": -5,
    "weapon-target-small": -7,
    "weapon-stationary": 2,
    "careful-loading": 1,
    "careful-weighing": 1,
    "into-the-sun": -5,
    "specific-target": -4,
    "identify-target": -2,
    "obstructed-hex": -2,
    "bad-footing": -2,
}

RANGES = {
    "darkness": (-10, -1),
    "smoke": (-10, -1),
    "rain": (-10, -1),
    "bright-light": (-5, -1),
    "erratic": (-4, -1),
    "camouflage": (-5, -1),
    "buck-fever": (-10, -1),
    "bullet-shyness": (-10, -1),
    "distraction": (-3, -1),
    "nearsighted": (-10, -1),
    "flinch": (-10, -1),
    "walking-the-burst": (1, 3),
    "night-sight": (1, 3),
    "improvised-arrow": (-3, -1),
}


@pytest.mark.parametrize(("key", "value"), sorted(CATALOG.items()))
def test_gur_mod_1_catalog_figures(key: str, value: int) -> None:
    """GUR-MOD-1: each fixed modifier of 002's catalog, selectable by name."""
    assert DATA.modifiers[key].value == value
    assert value in by_rule(DATA.modifiers[key].rule, mods=(key,), distance=1)


@pytest.mark.parametrize(("key", "span"), sorted(RANGES.items()))
def test_gur_mod_1_catalog_ranges(key: str, span: tuple[int, int]) -> None:
    """GUR-MOD-1: a modifier 002 gives as a range takes any value in it, no other."""
    entry = DATA.modifiers[key]
    assert (entry.low, entry.high) == span
    refused("GUR-MOD-1", mods=(f"{key}={span[0] - 1}",))


@pytest.mark.parametrize("key", ["targeting-system", "scope", "walking-the-burst", "night-sight"])
def test_gur_mod_1_a_bonus_named_without_a_figure_counts_its_least(key: str) -> None:
    """GUR-MOD-1: "+1 or more", "+1 per doubling", "+1 per burst to +3", "+1 to +3": named
    with no figure, each is the +1 the source starts it at (on an aimed .38 shot, at a target
    moving fast enough for a targeting system to have a speed penalty to cancel, DEC-724)."""
    assert by_rule("GUR-MOD-1", mods=(key,), aim=1, speed=10) == [2, 1]  # Acc 2, then the +1


#: Penalties the source gives as "-N or more" (or -1 per point, per 5 shots): -N is the
#: mildest that may be chosen.
_OR_MORE = {
    "obstructed-hex": -2,
    "bad-footing": -2,
    "awkward-position": -1,
    "fatigue": -1,
    "bad-repair": -1,
    "fouling": -1,
}

#: Figures 002's catalog gives as one number, read off the source (GUR-MOD-1, with the bow
#: and range entries it lists beside them, GUR-ARROW-1 and GUR-RANGE-1).
_FIXED = {
    **{key: figure for key, figure in CATALOG.items() if key not in _OR_MORE},
    "quick-release": 2,
    "stabilizers": 1,
    "peep-sight": 2,
    "laser-sight": 2,
}


def _added(mod: str) -> list[int]:
    """What naming ``mod`` adds to an aimed .38 shot at skill 20: its own modifier(s)."""
    plain = [m.value for m in setup(skill=20, aim=1).modifiers]
    added = [m.value for m in setup(mods=(mod,), skill=20, aim=1).modifiers]
    for value in plain:
        added.remove(value)
    return added


@pytest.mark.parametrize(("key", "figure"), sorted(_FIXED.items()))
def test_gur_mod_1_a_figure_the_source_fixes_cannot_be_chosen_otherwise(
    key: str, figure: int
) -> None:
    """GUR-MOD-1: a catalog entry the source gives one figure for counts that figure, and any
    other figure named for it is refused rather than counted."""
    assert _added(f"{key}={figure}") == [figure]
    for wrong in (figure - 1, figure + 1):
        refused("GUR-MOD-1", mods=(f"{key}={wrong}",), skill=20, aim=1)


@pytest.mark.parametrize(("key", "mildest"), sorted(_OR_MORE.items()))
def test_gur_mod_1_a_penalty_of_n_or_more_is_never_milder_than_n(key: str, mildest: int) -> None:
    """GUR-MOD-1: obstructed hex and bad footing are "-2 or more", an awkward position and a
    weapon in bad repair "-1 or more", fatigue -1 per point lost, fouling -1 per 5 shots: the
    mildest figure counts, one point milder is refused."""
    assert _added(f"{key}={mildest}") == [mildest]
    refused("GUR-MOD-1", mods=(f"{key}={mildest + 1}",), skill=20, aim=1)


@pytest.mark.parametrize(("speed", "bonus"), [(0, []), (5, [1]), (20, [3]), (40, [3])])
def test_gur_mod_1_a_targeting_system_cancels_only_the_speed_penalty(
    speed: float, bonus: list[int]
) -> None:
    """GUR-MOD-1, DEC-724: 002's targeting system "helps cancel speed penalty" (tracking
    systems change the target's effective speed), so a +3 system is worth no more than what
    the target's speed costs on the Speed/Range table: at 10 yd (-4 standing still) nothing
    against a standing target, +1 at 5 yd/s (15: -5), all +3 at 20 yd/s (30: -7) or more."""
    shot = {"mods": ("targeting-system=3",), "skill": 30, "distance": 10, "speed": speed}
    assert by_rule("GUR-MOD-1", **shot) == bonus  # skill 30: no snap shot


def test_gur_mod_1_unknown_twice_and_exclusive() -> None:
    """GUR-MOD-1: an unknown name is refused with the closest; a target has one cover."""
    assert "prone" in refused("GUR-MOD-1", mods=("pron",))
    refused("GUR-MOD-1", mods=("prone", "kneeling"))
    refused("GUR-MOD-1", mods=("smoke", "smoke=-2"))


@pytest.mark.parametrize(("turns", "bonus"), [(1, 2), (2, 3), (3, 4), (4, 5), (7, 5)])
def test_gur_mod_1_aiming_turns(turns: int, bonus: int) -> None:
    """GUR-MOD-1: one turn 0+Acc, two +1, three +2, four or more +3 (a .38, Acc 2)."""
    assert sum(by_rule("GUR-MOD-1", aim=turns)) == bonus


def test_gur_mod_1_bracing_and_snap_shots() -> None:
    """GUR-MOD-1: bracing +1 when aiming; snap shot -4 unless the adjusted skill reaches SS;
    a pop-up attack -2 and always a snap shot (-6)."""
    assert sum(by_rule("GUR-MOD-1", aim=1, braced=True)) == 3
    refused("GUR-MOD-1", braced=True)
    assert setup(skill=9).snap and not setup(skill=10).snap  # .38: SS 10, 2 yd 0
    assert setup(skill=10, distance=3).modifiers[-1].value == -4
    assert sorted(by_rule("GUR-MOD-1", skill=20, pop_up=True)) == [-4, -2]


def test_gur_mod_1_aimed_only_sights_and_laser() -> None:
    """GUR-MOD-1: scopes add to Acc on aimed shots only; a laser sight's snap-shot penalty
    is -1 inside 50 yd, -2 to 100 yd, -4 beyond (DEC-204)."""
    assert sum(by_rule("GUR-MOD-1", aim=1, mods=("scope=2",))) == 4
    assert sum(by_rule("GUR-MOD-1", mods=("scope=2",), distance=1)) == 0
    snap = [
        m
        for m in setup(skill=10, distance=20, mods=("laser-sight",)).modifiers
        if "snap" in m.label
    ]
    assert snap[0].value == -1
    far = [
        m
        for m in setup(skill=19, distance=80, mods=("laser-sight",)).modifiers
        if "snap" in m.label
    ]
    assert far[0].value == -2


def test_gur_mod_1_darkness_cancelled_and_nearsighted_doubled() -> None:
    """GUR-MOD-1: an IR, light-intensification or thermal sight removes darkness; being
    nearsighted is doubled at long range (beyond 1/2D)."""
    dark = setup(mods=("darkness=-5", "thermal"))
    assert not any(m.value == -5 for m in dark.modifiers)
    far = setup(weapon="thrown-knife", distance=6, mods=("nearsighted=-2",))
    assert -4 in [m.value for m in far.modifiers]


# --- GUR-ARC-1 --------------------------------------------------------------------------------


def test_gur_arc_1_arcs() -> None:
    """GUR-ARC-1: front cone free, left/right front hexes -4, behind refused; Peripheral
    Vision: the front 180 free; 360 Vision still shoots only into the front three hexes."""
    assert by_rule("GUR-ARC-1", bearing=20) == []
    assert by_rule("GUR-ARC-1", bearing=-60) == [-4]
    refused("GUR-ARC-1", bearing=120)
    assert by_rule("GUR-ARC-1", bearing=80, vision="peripheral") == []
    assert "see" in refused("GUR-ARC-1", bearing=120, vision="360")


def test_gur_arc_1_dec_201_the_edges_of_the_arcs() -> None:
    """GUR-ARC-1, DEC-201: the front cone runs to 30 degrees (its edge included), the front
    side hexes to 90; 360 Vision shoots freely into all three front hexes; Peripheral Vision
    sees the side-rear hexes (to 150) but does not shoot there, and sees nothing behind."""
    assert by_rule("GUR-ARC-1", bearing=30) == []
    assert by_rule("GUR-ARC-1", bearing=31) == [-4]
    assert by_rule("GUR-ARC-1", bearing=-90) == [-4]
    refused("GUR-ARC-1", bearing=91)
    assert by_rule("GUR-ARC-1", bearing=80, vision="360") == []
    assert "They can see there" in refused("GUR-ARC-1", bearing=150, vision="peripheral")
    assert "They can see there" not in refused("GUR-ARC-1", bearing=151, vision="peripheral")


@pytest.mark.parametrize("vision", ["peripheral", "360"])
def test_gur_arc_1_dec_201_a_wide_eyed_shooter_fires_freely_right_to_the_side(vision: str) -> None:
    """GUR-ARC-1, DEC-201: Peripheral Vision fires without penalty across a 180 degree arc,
    and 360 Vision into the front three hexes: a target square to the side (90 degrees, the
    arc's edge) takes no arc modifier; one degree further is outside the firing arc."""
    assert by_rule("GUR-ARC-1", bearing=90, vision=vision) == []
    assert by_rule("GUR-ARC-1", bearing=-90, vision=vision) == []
    refused("GUR-ARC-1", bearing=91, vision=vision)


# --- GUR-OPP-1 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("watch", "value"),
    [
        ("1", -1),
        ("2", -3),
        ("3", -4),
        ("4", -4),
        ("5", -6),
        ("6", -6),
        ("7", -7),
        ("10", -7),
        ("11", -8),
        ("40", -8),
        ("line", -5),
        ("cone", -8),
    ],
)
def test_gur_opp_1_watched_area(watch: str, value: int) -> None:
    """GUR-OPP-1: the watched area's modifier, the snap-shot penalty besides."""
    assert by_rule("GUR-OPP-1", opportunity=watch, skill=20) == [value]


def test_gur_opp_1_aiming_only_on_one_hex() -> None:
    """GUR-OPP-1: aiming while waiting only when watching one hex."""
    setup(opportunity="1", aim=2)
    refused("GUR-OPP-1", opportunity="cone", aim=1)
    refused("GUR-OPP-1", opportunity="zero")


# --- GUR-MOVE-1 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "moving", "value"),
    [
        ("revolver-38", "walking", -1),
        ("revolver-38", "running", -2),
        ("crossbow", "walking", -3),
        ("crossbow", "running", -6),
        ("longbow", "walking", -6),
        ("longbow", "running", -12),
    ],
)
def test_gur_move_1_penalties(weapon: str, moving: str, value: int) -> None:
    """GUR-MOVE-1: walking -1, running -2; tripled for crossbows, six times for bows."""
    # 002 is not consistent here: its modifier list prints "x2 crossbow" beside walking and
    # running, while its Firing on the Move paragraph triples the penalties for crossbows.
    # GUR-MOVE-1 (and DEC-395) settle on the paragraph's x3, so a crossbow is -3 / -6, not -2 / -4.
    assert by_rule("GUR-MOVE-1", weapon=weapon, moving=moving, skill=20) == [value]


def test_gur_move_1_aiming_limits() -> None:
    """GUR-MOVE-1: no bracing on the move; aiming only walking at 2 yd/s or half Move at
    most, +1 at most, not over bad terrain, not with a bow (a crossbow may)."""
    refused("GUR-MOVE-1", moving="walking", aim=1, braced=True)
    refused("GUR-MOVE-1", moving="running", aim=1)
    refused("GUR-MOVE-1", moving="walking", aim=1, pace=3)
    refused("GUR-MOVE-1", moving="walking", aim=1, pace=2, move=3)
    refused("GUR-MOVE-1", moving="walking", aim=1, pace=1, bad_terrain=True)
    refused("GUR-MOVE-1", weapon="longbow", moving="walking", aim=1, pace=1)
    aimed = setup(weapon="crossbow", moving="walking", aim=3, pace=1)
    aim_total = sum(
        m.value
        for m in aimed.modifiers
        if m.rule in ("GUR-MOD-1", "GUR-MOVE-1") and "firing while" not in m.label
    )
    assert aim_total == 1


def test_gur_move_1_half_an_odd_move_is_not_rounded_down() -> None:
    """GUR-MOVE-1: aiming while walking needs a pace of 2 yd/s or half Move, whichever is
    less. Half of Move 3 is 1.5 yd/s: a crossbowman walking 1.5 yd/s still aims (+1 at most),
    at 1.6 yd/s they cannot."""
    walking = by_rule("GUR-MOVE-1", weapon="crossbow", moving="walking", aim=1, pace=1.5, move=3)
    # Acc 4 cut to +1 (-3), and walking with a crossbow: -1 x 3
    assert walking == [-3, -3]
    refused("GUR-MOVE-1", weapon="crossbow", moving="walking", aim=1, pace=1.6, move=3)


def test_gur_move_1_dec_720_a_sling_on_the_move_and_the_pace_limit_itself() -> None:
    """GUR-MOVE-1, DEC-720: a sling is not aimed while walking, yet its walking penalty is the
    plain -1 (no bow's x6); a crossbow at exactly 2 yd/s (Move 4: half is 2 too) may aim."""
    refused("GUR-MOVE-1", weapon="sling", moving="walking", aim=1, pace=1)
    assert by_rule("GUR-MOVE-1", weapon="sling", moving="walking", skill=20) == [-1]
    assert setup(weapon="crossbow", moving="walking", aim=1, pace=2, move=4).modifiers


# --- GUR-WRONG-1 ------------------------------------------------------------------------------


def test_gur_wrong_1_characters_in_the_way() -> None:
    """GUR-WRONG-1: -4 for each character in the line of fire, -8 with a wide pattern."""
    assert by_rule("GUR-WRONG-1", in_the_way=2) == [-8]
    assert by_rule("GUR-WRONG-1", weapon="shotgun-12", in_the_way=2, skill=20) == [-16]


# --- GUR-LOC-1 --------------------------------------------------------------------------------


def test_gur_loc_1_random_locations_only_where_called_for() -> None:
    """GUR-LOC-1: a snap shot lands at random unless the shooter hesitates (-2, then the
    location's penalty); an aimed shot hits where aimed; a blind shot lands at random."""
    assert setup(skill=9).random_location
    hesitant = setup(skill=9, hesitate=True, location="head")
    assert not hesitant.random_location
    assert {m.value for m in hesitant.modifiers if m.rule == "GUR-LOC-1"} == {-2, -5}
    aimed = setup(aim=1, location="vitals")
    assert not aimed.random_location and by_rule("GUR-LOC-1", aim=1, location="vitals") == [-3]
    assert setup(blind=True, skill=20).random_location


def test_gur_loc_1_a_snap_shot_that_does_not_hesitate_pays_nothing_for_a_location() -> None:
    """GUR-LOC-1: a snap shot allows no called location unless the shooter hesitates, so a
    snap shot naming the head without hesitating lands at random and pays neither the head's
    -5 nor the hesitation's -2; nor does a blind shot naming it."""
    for blind in (False, True):
        snap = setup(skill=9, location="head", blind=blind)
        assert snap.random_location
        assert by_rule("GUR-LOC-1", skill=9, location="head", blind=blind) == []


def test_gur_mod_1_gur_loc_1_a_called_location_takes_the_place_of_the_cover() -> None:
    """GUR-MOD-1, GUR-LOC-1: cover and posture stand for aiming at the part left exposed, and
    are not added to a shot at a chosen location: of the two the costlier counts (DEC-642).
    Only the head showing (-5): a head shot is -5 in all, not -10; the brain (-7) costs -7; a
    leg (-2) still costs the cover's -5. Kneeling (-2) under a head shot: -5. Branches or haze
    hide what shows, and add to the location's penalty."""

    def total(*mods: str, location: str = "body") -> int:
        return setup(aim=1, mods=mods, location=location).skill

    plain = total()
    assert total("head-only", location="head") == plain - 5
    assert total("head-only", location="brain") == plain - 7
    assert total("head-only", location="near-leg") == plain - 5
    assert total("kneeling", location="head") == plain - 5
    assert total("head-only") == plain - 5
    assert total("light-cover", location="head") == plain - 7
    assert total("slightly-obscured", location="vitals") == plain - 4
    parts = setup(aim=1, mods=("head-only",), location="brain").modifiers
    assert [(m.value, m.rule) for m in parts if m.rule == "GUR-LOC-1"] == [(-2, "GUR-LOC-1")]


# --- GUR-RANGE-1 ------------------------------------------------------------------------------


def test_gur_range_1_windage_and_ranging() -> None:
    """GUR-RANGE-1: beyond 1/2D a crosswind adds to the speed, and an unknown range doubles
    the speed/range modifier; inside 1/2D neither."""
    near = setup(weapon="longbow", st=10, distance=100, crosswind=5, range_known=False, aim=1)
    assert by_rule("GUR-RANGE-1", weapon="longbow", st=10, distance=100, crosswind=5) == []
    assert not near.beyond_half_damage
    far = by_rule(
        "GUR-RANGE-1", weapon="longbow", st=10, distance=160, crosswind=10, range_known=False, aim=1
    )
    assert far == [-12, -12]  # 160 + 10 -> 200 yd row


def test_gur_range_1_the_wind_counts_and_a_close_unknown_range_costs_nothing() -> None:
    """GUR-RANGE-1: a 45 yd/s crosswind on a 160 yd longbow shot (past 1/2D) reads the G-2
    row of 205 yd, the 300 yd row, -13, not 160's -12; at 100 yd (inside 1/2D) not knowing
    the range costs nothing."""
    assert by_rule("GUR-RANGE-1", weapon="longbow", st=10, distance=160, crosswind=45, aim=1) == [
        -13
    ]
    assert by_rule("GUR-RANGE-1", weapon="longbow", st=10, distance=100, range_known=False) == []


def test_gur_range_1_dec_767_windage_and_ranging_start_past_half_d_not_at_it() -> None:
    """GUR-RANGE-1, DEC-767: windage and ranging apply to shots over 1/2D. A longbow at ST 10
    has 1/2D 150 yd. At exactly 150 yd a 45 yd/s crosswind and an unknown range change
    nothing (G-2 alone: the 150 yd row, -11). At 151 yd the wind reads 151 + 45 = 196, the
    200 yd row, -12, and the unknown range doubles it: another -12."""
    at = dict(weapon="longbow", st=10, crosswind=45, range_known=False, aim=1)
    assert by_rule("GUR-RANGE-1", distance=150, **at) == []
    assert by_rule("G-2", distance=150, **at) == [-11]
    assert by_rule("GUR-RANGE-1", distance=151, **at) == [-12, -12]


def test_gur_range_1_surprised_target() -> None:
    """GUR-RANGE-1: a stationary, unaware target +4 (not for indirect fire)."""
    assert by_rule("GUR-RANGE-1", surprised=True) == [4]
    assert (
        by_rule("GUR-RANGE-1", surprised=True, weapon="longbow", distance=200, skill=20, aim=1)
        == []
    )


# --- GUR-IND-1 --------------------------------------------------------------------------------


def test_gur_ind_1_who_may_lob() -> None:
    """GUR-IND-1: beams never, firearms not here; no overhead room, no lob."""
    refused("GUR-IND-1", weapon="laser-pistol", indirect=True)
    refused("GUR-IND-1", weapon="rifle-3006", indirect=True)
    refused("GUR-IND-1", weapon="longbow", indirect=True, no_room=True)


def test_gur_ind_1_close_and_far() -> None:
    """GUR-IND-1: at or beyond 1/2D thrown and low-tech missiles are always lobbed; closer a
    lob costs -2 (thrown) or -4 (slings, bows, crossbows); overhead obstruction -1 to -4."""
    assert setup(weapon="longbow", distance=200, skill=20, aim=1).indirect
    assert by_rule("GUR-IND-1", weapon="thrown-knife", distance=2, indirect=True) == [-2]
    assert by_rule("GUR-IND-1", weapon="sling", distance=10, indirect=True, overhead=-3) == [-4, -3]


def test_gur_ind_1_at_half_d_a_bow_lobs_with_no_close_penalty() -> None:
    """GUR-IND-1: "at or beyond 1/2D" a bow always lobs: a longbow at ST 10 (1/2D 150 yd)
    lobs at 150 yd, as it does at 151, and at neither is it the -4 of a lob closer in."""
    for yards in (150, 151):
        assert setup(weapon="longbow", st=10, distance=yards, skill=20, aim=1).indirect
        assert by_rule("GUR-IND-1", weapon="longbow", st=10, distance=yards, skill=20, aim=1) == []
    assert not setup(weapon="longbow", st=10, distance=149, skill=20, aim=1).indirect


def test_gur_ind_1_a_bow_that_must_lob_cannot_shoot_under_a_low_ceiling() -> None:
    """GUR-IND-1: a bow always lobs at or beyond 1/2D (150 yd for a longbow at ST 10), and a
    lob is impossible with no overhead room, so that shot is refused even though the shooter
    did not ask for indirect fire; at 149 yd the bow shoots direct, so the ceiling reads
    nothing and is refused as a figure for a lob (DEC-871)."""
    assert "overhead room" in refused(
        "GUR-IND-1", weapon="longbow", st=10, distance=150, aim=1, no_room=True
    )
    assert "counts only for a lob" in refused(
        "GUR-IND-1", weapon="longbow", st=10, distance=149, aim=1, no_room=True
    )
    assert not setup(weapon="longbow", st=10, distance=149, aim=1).indirect


@pytest.mark.parametrize("overhead", [-5, -40, 1])
def test_gur_ind_1_an_obstruction_past_the_worst_is_refused_before_any_die(overhead: int) -> None:
    """GUR-IND-1: a partial overhead obstruction is -1 to -4 (the worst read from the data);
    past that there is no room to lob at all, which is --no-room, not a bigger penalty."""
    with pytest.raises(DeclarationError) as caught:
        setup(weapon="sling", distance=10, indirect=True, overhead=overhead)
    assert caught.value.rule == "GUR-IND-1" and "--overhead" in str(caught.value)
    option = next(o for o in options_of(Shoot) if o.name == "overhead")
    assert option.param.bounds() == (DATA.house.indirect.overhead_worst, 0) == (-4, 0)
