"""002's house rules outside the shot itself: missing into someone else (GUR-WRONG-2, -3),
random fire (GUR-FIRE-1), indirect scatter (GUR-IND-2), reloading (GUR-RELOAD-1, GUR-GUN-1,
GUR-ARROW-1)."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import DeclarationError, declare, options_of
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.random_fire import RandomFire, resolve_random_fire
from firefight.rulesets.gurps.readying_results import ReloadResult
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult
from firefight.rulesets.gurps.stray import Stray, resolve_stray
from firefight.rulesets.gurps.stray_results import StrayResult


def stray(faces: list[int], **values: Any) -> StrayResult:
    return resolve_stray(declare(Stray, **values), Dice.scripted(faces)).result


def reload(faces: list[int], **values: Any) -> ReloadResult:
    return resolve_reload(declare(Reload, **values), Dice.scripted(faces)).result


def shot(faces: list[int], **values: Any) -> ShotResult:
    values.setdefault("skill", 12)
    return resolve_shot(declare(Shoot, **values), Dice.scripted(faces)).result


# --- GUR-WRONG-2 ------------------------------------------------------------------------------


def test_gur_wrong_2_the_miss_path_in_the_shot() -> None:
    """GUR-WRONG-2: missed by 4 or less the shot passes through the target's hex; each 2
    points more puts it a hex wide."""
    close = shot([5, 5, 6], weapon="revolver-38", distance=2, aim=1)  # 16 against 14
    assert close.shots[0].path == "passes through the target's hex"
    edge = shot([5, 5, 3], weapon="revolver-38", distance=2, aim=1, skill=7)  # 13 vs 9
    assert (edge.shots[0].missed_by, edge.shots[0].path) == (4, "passes through the target's hex")
    wide = shot([6, 5, 5], weapon="revolver-38", distance=2, aim=1, skill=7)  # 16 vs 9
    assert wide.shots[0].wide_hexes == (7 - 4) // 2
    fumble = shot([6, 6, 6], weapon="revolver-38", distance=2, aim=1, skill=7)
    assert fumble.shots[0].path == "critical miss: harms no enemy"


@pytest.mark.parametrize(("missed_by", "wide"), [(4, 0), (5, 1), (6, 1), (7, 1), (8, 2)])
def test_gur_wrong_2_a_miss_past_4_goes_wide(missed_by: int, wide: int) -> None:
    """GUR-WRONG-2, DEC-721: only a miss by 4 or less passes through the target's hex, so a
    miss by 5 goes a hex wide like one by 6 (it rolls the direction: a 1 sends it over Bob);
    each further 2 points are a hex more."""
    assert DATA.house.wrong_target.hexes_wide(missed_by) == wide
    out = stray([1, 3, 3, 3], missed_by=missed_by, down_range=("Bob:12",))
    assert (out.wide_hexes, out.direction, out.hit) == (
        (0, "through", "Bob") if missed_by == 4 else (wide, "over", None)
    )
    path = shot([6, 5, 3], weapon="revolver-38", distance=2, aim=1, skill=7).shots[0]  # 14 vs 9
    assert (path.missed_by, path.wide_hexes, path.path) == (5, 1, "goes 1 hex(es) wide")


def test_gur_wrong_2_direction_and_down_range() -> None:
    """GUR-WRONG-2: 1d6 1-2 over, 3-4 under (lost), 5 left, 6 right (flies on); the next
    target is hit on 9 or its own number, whichever is less."""
    assert stray([1], missed_by=6, down_range=("Bob:12",)).hit is None
    assert stray([3], missed_by=6, down_range=("Bob:12",)).direction == "under"
    # left, then Bob at min(9, 12): a 10 misses; the missile goes right, Cid on 7: 7 hits
    out = stray([5, 3, 3, 4, 6, 2, 2, 3], missed_by=6, down_range=("Bob:12", "Cid:7"))
    assert out.hit == "Cid"
    # through the target's hex: no direction roll for the first target
    assert stray([3, 3, 3], missed_by=3, down_range=("Bob:9",), half_damage=True).fields() == {
        "hit": "Bob",
        "wide_hexes": 0,
        "direction": "through",
        "damage": "half",
        "headline": "The stray hits Bob (half damage).",
    }


@pytest.mark.parametrize(
    ("face", "direction"),
    [(1, "over"), (2, "over"), (3, "under"), (4, "under"), (5, "left"), (6, "right")],
)
def test_gur_wrong_2_each_face_of_the_direction_die(face: int, direction: str) -> None:
    """GUR-WRONG-2: 1-2 over, 3-4 under, 5 left, 6 right; a miss by 6 goes a hex wide, so
    the die is rolled before Bob (an 18 misses him if the missile flies on)."""
    assert stray([face, 6, 6, 6], missed_by=6, down_range=("Bob:12",)).direction == direction


def test_gur_wrong_2_a_critical_miss_spares_enemies() -> None:
    """GUR-WRONG-2: a critical miss never strays into an enemy of the shooter."""
    out = stray([1, 1, 1], missed_by=3, critical_miss=True, down_range=("Foe:9:foe", "Ann:9"))
    assert out.hit == "Ann"
    with pytest.raises(RuleRefusal):
        stray([], missed_by=3, down_range=("Bob",))


# --- GUR-WRONG-3 ------------------------------------------------------------------------------


def test_gur_wrong_3_dodged_flies_on_blocked_is_knocked_away() -> None:
    """GUR-WRONG-3: a dodged missile flies on to whoever is beyond; a blocked one is gone."""
    dodged = shot(
        [3, 3, 4, 1, 1, 2], weapon="longbow", distance=5, aim=1, defense="dodge", defense_value=6
    )
    assert str(dodged.shots[0].path).startswith("dodged: flies on")
    blocked = shot(
        [3, 3, 4, 1, 1, 2], weapon="longbow", distance=5, aim=1, defense="block", defense_value=6
    )
    assert blocked.shots[0].path == "knocked away"
    parried = shot(
        [3, 3, 4, 1, 1, 2], weapon="thrown-knife", distance=3, defense="parry", defense_value=8
    )
    assert (parried.shots[0].defended, parried.shots[0].path) == ("parry", "knocked away")


def test_gur_core_1_dec_208_a_critical_hit_is_not_dodged() -> None:
    """GUR-CORE-1, DEC-208: a 4 is a critical hit at any skill; no dodge is rolled, so the
    next 3d6 (1, 1, 2 = 4) is read on the critical hit table, not as a dodge of 4 against 6."""
    out = shot(
        [1, 1, 2, 1, 1, 2, 3], weapon="longbow", distance=5, aim=1, defense="dodge", defense_value=6
    )
    assert (out.shots[0].result, out.shots[0].defended) == ("critical success", None)
    assert out.headline == "1 hit: 6 injury."  # bypass-armor: 1d of 3 impaling x2


def test_gur_range_1_a_surprised_target_gets_no_dodge() -> None:
    """GUR-RANGE-1: the same arrow at a stationary, unaware target: no defense roll (the 1, 1
    that would have dodged on 6 are read as damage instead), so the hit lands."""
    out = shot(
        [3, 3, 4, 1, 1, 2],
        weapon="longbow",
        distance=5,
        aim=1,
        defense="dodge",
        defense_value=6,
        surprised=True,
    )
    assert (out.shots[0].defended, out.shots[0].location) == (None, "body")
    assert out.headline == "1 hit: 2 injury."


# --- GUR-IND-2 --------------------------------------------------------------------------------


def test_gur_ind_2_scatter() -> None:
    """GUR-IND-2: a lobbed miss lands the yards it missed by, or half the distance, whichever
    is less, in a random direction."""
    near = shot([6, 6, 5, 4], weapon="thrown-knife", distance=4, indirect=True, skill=14)
    assert (near.shots[0].scatter_yd, near.shots[0].scatter_direction) == (2, 4)
    far = shot([5, 5, 4, 1], weapon="longbow", distance=160, skill=18, aim=1)
    missed_by = far.shots[0].missed_by
    assert missed_by is not None
    assert far.shots[0].scatter_yd == min(missed_by, 80)


def test_gur_ind_2_dec_214_half_an_odd_distance_is_rounded_up() -> None:
    """GUR-IND-2, DEC-214: a knife lobbed 3 yd at skill 14 needs 11 (14, -1 range, -2 lobbed
    inside its 1/2D); a 14 misses by 3, so it lands min(3, 3/2 rounded up = 2) = 2 yd off."""
    out = shot([5, 5, 4, 4], weapon="thrown-knife", distance=3, indirect=True, skill=14)
    assert (out.shots[0].missed_by, out.shots[0].scatter_yd) == (3, 2)


# --- GUR-FIRE-1 -------------------------------------------------------------------------------


def test_gur_fire_1_random_fire() -> None:
    """GUR-FIRE-1: each exposed character is hit on 9 (heavy fire) or 3-8 (lighter) less
    their position and size modifier."""
    intensity = next(o for o in options_of(RandomFire) if o.name == "intensity")
    rules = DATA.house.random_fire
    assert (intensity.default, *intensity.param.bounds()) == (
        rules.heavy,
        rules.light_low,
        rules.heavy,
    )
    assert rules.light_high == 8
    out = resolve_random_fire(
        declare(RandomFire, exposed=("Ann", "Bob:-4")), Dice.scripted([3, 3, 3, 3, 3, 3])
    )
    assert out.result.hit == ("Ann",)
    # 3d6 of 4 + 4 + 2 = 10 is over Ann's 9: spared (two dice alone would make 8 and hit)
    spared = resolve_random_fire(declare(RandomFire, exposed=("Ann",)), Dice.scripted([4, 4, 2]))
    assert spared.result.headline == "Nobody is hit."
    with pytest.raises(RuleRefusal):
        resolve_random_fire(declare(RandomFire, exposed=("Ann:x",)), Dice.scripted([]))


def test_gur_fire_1_the_lightest_fire_hits_on_3_and_nothing_lighter_is_fire() -> None:
    """GUR-FIRE-1: lighter fire sets the hit number from 8 down to 3. At 3 only a 3d6 of 3
    hits (1+1+1 hits Ann, 1+1+2 = 4 spares Bob); a hit number of 2 is no fire the rule
    knows and is refused before any die."""
    out = resolve_random_fire(
        declare(RandomFire, intensity=3, exposed=("Ann", "Bob")), Dice.scripted([1, 1, 1, 1, 1, 2])
    )
    assert out.result.hit == ("Ann",)
    with pytest.raises(DeclarationError, match="GUR-FIRE-1"):
        declare(RandomFire, intensity=2, exposed=("Ann",))


# --- GUR-RELOAD-1, GUR-ARROW-1 ----------------------------------------------------------------


def test_gur_reload_1_missile_reloads() -> None:
    """GUR-RELOAD-1: sling 2 s (fires every 3), bow 2 s, crossbow 4 s at the user's ST, 8 s
    up to 2 ST more, impossible beyond; a mixed quiver takes 3 turns."""
    assert reload([], weapon="sling").fire_every == 3
    assert reload([], weapon="longbow").seconds == 2
    assert reload([], weapon="crossbow", st=10, weapon_st=10).fire_every == 5
    assert reload([], weapon="crossbow", st=10, weapon_st=12).fire_every == 9
    with pytest.raises(RuleRefusal):
        reload([], weapon="crossbow", st=10, weapon_st=13)
    assert reload([], weapon="longbow", mixed_quiver=True).seconds == 3


def test_gur_reload_1_a_crossbow_one_st_over_yours_takes_8_seconds() -> None:
    """GUR-RELOAD-1: 4 s only for a crossbow of the user's ST or less; one of ST up to 2
    greater takes 8 s, so one a single point over (ST 11 for ST 10) fires every 9 seconds."""
    slow = reload([], weapon="crossbow", st=10, weapon_st=11)
    assert (slow.seconds, slow.fire_every) == (8, 9)
    assert reload([], weapon="crossbow", st=10, weapon_st=9).seconds == 4


def test_gur_reload_1_a_critical_load_saves_10_seconds_whatever_it_was_made_by() -> None:
    """GUR-RELOAD-1: a critical success on the Black Powder Weapons roll removes 10 seconds,
    not a second per point made by: a 3 at skill 14 (made by 11) loads a 60 s matchlock in
    50 s, not 49; a 4 at skill 8 (made by 4) loads a 20 s musket in 10 s, not 16."""
    assert reload([1, 1, 1], weapon="matchlock", skill=14).seconds == 50
    assert reload([1, 1, 2], weapon="musket", skill=8).seconds == 10


def test_gur_reload_1_half_the_load_time_is_never_cut_below_half() -> None:
    """GUR-RELOAD-1: loading never drops under half the time. A rifled musket fouled by
    coarse powder takes 30 x 1.5 = 45 s; made by 23 (7 at skill 30) would leave 22, under
    half of 45 (22.5), so the load takes 23 whole seconds."""
    fouled = reload([2, 2, 3], weapon="rifled-musket", skill=30, powder="coarse", shots_fired=3)
    assert fouled.seconds == 23


def test_gur_arrow_1_a_mixed_quiver_costs_a_crossbow_its_turn_of_choosing() -> None:
    """GUR-ARROW-1, DEC-725: a mixed quiver takes a bow 3 turns because choosing the arrow
    takes one; a crossbow's bolt is chosen the same way, a turn on top of its 4 (or 8) s."""
    assert reload([], weapon="longbow", mixed_quiver=True).seconds == 2 + 1
    assert reload([], weapon="crossbow", mixed_quiver=True).seconds == 4 + 1
    assert reload([], weapon="crossbow", weapon_st=12, mixed_quiver=True).fire_every == 8 + 1 + 1
    assert reload([], weapon="crossbow", mixed_quiver=True, random_arrow=True).seconds == 4


def test_gur_arrow_1_shooting_a_bow_faster() -> None:
    """GUR-ARROW-1: a Bow roll takes a second off per 3 points made by, 1 second at least."""
    assert reload([1, 1, 2], weapon="longbow", skill=14).seconds == 1
    assert reload([3, 3, 4], weapon="longbow", skill=13).seconds == 1
    assert reload([3, 3, 4], weapon="longbow", skill=12).seconds == 2


def test_gur_reload_1_black_powder() -> None:
    """GUR-RELOAD-1: black powder loads need a Black Powder Weapons roll; a second off per
    point made by, 10 on a critical, never under half; coarse powder fouls after 3 shots
    (50% longer); 20 s flintlocks, 30 s rifled, 60 s matchlocks."""
    assert {k: DATA.weapons[k].load_seconds for k in ("musket", "rifled-musket", "matchlock")} == {
        "musket": 20,
        "rifled-musket": 30,
        "matchlock": 60,
    }
    assert reload([2, 3, 3], weapon="musket", skill=13).seconds == 15
    assert reload([1, 1, 1], weapon="musket", skill=13).seconds == 10
    assert reload([1, 1, 2], weapon="matchlock", skill=14).seconds == 50
    # made by 11 (7 against 18, no critical): 20 - 11 = 9 is under half of 20, so 10
    assert reload([2, 2, 3], weapon="musket", skill=18).seconds == 10
    failed = reload([6, 6, 6], weapon="musket", skill=13)
    assert (failed.loaded, failed.seconds) == (False, 20)
    fouled = reload([6, 5, 2], weapon="musket", skill=13, powder="coarse", shots_fired=3)
    assert fouled.seconds == 30
    with pytest.raises(RuleRefusal):
        reload([], weapon="musket")


def test_gur_gun_1_black_powder_rof_is_the_load_time() -> None:
    """GUR-GUN-1: a single-shot black-powder gun's RoF is its load time (1/20 for 20 s)."""
    for w in DATA.weapons.values():
        if w.black_powder:
            assert w.rof == f"1/{w.load_seconds}"
    with pytest.raises(RuleRefusal, match="thrown"):
        reload([], weapon="thrown-knife")


def test_gur_ind_2_dec_771_a_scatter_past_max_range_is_ignored_and_the_missile_lost() -> None:
    """GUR-IND-2, DEC-771: the scatter's d6 counts hex sides clockwise from the one straight on
    beyond the target (1) to the one back toward the firer (4). A knife lobbed 14 yd (Max 15 at
    ST 10) that misses by 12 scatters min(12, 7) = 7 yd: straight on it would land 21 yd out,
    past its Max, so the result is ignored and the missile lost, said in the trace; back toward
    the firer it lands 7 yd short, as before. One die either way: no reroll."""
    lob = declare(Shoot, weapon="thrown-knife", distance=14, indirect=True, skill=14)
    lost = resolve_shot(lob, Dice.scripted([6, 6, 5, 1]))
    said = lost.trace.render_text()
    assert "past the thrown knife's Max 15 yd: ignored, the missile is lost" in said
    assert "GUR-IND-2" in said
    first = lost.result.shots[0]
    assert (first.scatter_yd, first.scatter_direction) == (7, 1)
    assert first.path == "lost past its Max range"
    short = resolve_shot(lob, Dice.scripted([6, 6, 5, 4]))
    assert short.result.shots[0].path != "lost past its Max range"
    # DEC-901: where it comes down is said, not only the die (the path read "passes through
    # the target's hex")
    assert short.result.shots[0].path == "comes down 7 yd off, hex side 4"
    assert (
        "it comes down 7 yd off toward hex side 4 (1 beyond the target, 4 back toward the "
        "thrower), 7.0 yd out" in short.trace.render_text()
    )
    assert "the missile is lost" not in short.trace.render_text()
    # hex side 2 carries it sqrt(14^2 + 7^2 + 14*7) = 18.5 yd: lost too; side 3 lands 12.1 yd out
    assert "missile is lost" in resolve_shot(lob, Dice.scripted([6, 6, 5, 2])).trace.render_text()
    assert (
        "missile is lost" not in resolve_shot(lob, Dice.scripted([6, 6, 5, 3])).trace.render_text()
    )
