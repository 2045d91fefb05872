"""The cards shot (seed 003): every CRD-* rule and RULINGS K-1, K-3, K-4, D-4, and the worked
examples of the source (the G11 in BF and FA, walking vs sprinting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from catalog_support import install
from firefight.declarations import declare
from firefight.dice import Dice, ScriptedSource, parse_card, read_faces
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.cards.data import Level, cards_data
from firefight.rulesets.cards.deck import parse_deck
from firefight.rulesets.cards.shot import (
    Shot,
    ShotResult,
    draw_planned,
    plan_shot,
    resolve_planned,
    resolve_shot,
    three_ones,
)
from firefight.rulesets.cards.target import movement_modifier
from firefight.rulesets.cards.wounds import Track, boxes_per_level
from firefight.trace import QuietTraceBuilder


def shot(**values: Any) -> Shot:
    base: dict[str, Any] = {"weapon": "glock-22", "skill": 3, "distance": 10}
    return declare(Shot, **(base | values))


def fire(cards: str, **values: Any) -> Outcome[ShotResult]:
    return resolve_shot(shot(**values), Dice(ScriptedSource(read_faces(cards))))


def target(**values: Any) -> int:
    return plan_shot(shot(**values)).target


# --- the range table and the Target (CRD-RNG-1, CRD-HIT-1) ----------------------------------


@pytest.mark.parametrize(
    ("distance", "band", "value"),
    [
        (1, "point-blank", 2),
        (2, "point-blank", 2),  # DEC-251: point blank is within 2 m, the 2 m included
        (2.5, "short", 4),
        (5, "short", 4),
        (15, "medium", 6),
        (30, "long", 9),
        (60, "extreme", 12),
    ],
)
def test_crd_hit_1_targets_by_range_band(distance: float, band: str, value: int) -> None:
    """CRD-HIT-1 / CRD-RNG-1, DEC-251: Point Blank 2, Short 4, Medium 6, Long 9, Extreme 12
    (pistol)."""
    plan = plan_shot(shot(distance=distance))
    assert (plan.band, plan.target) == (band, value)


def test_crd_rng_1_the_range_table_is_the_sources() -> None:
    """CRD-RNG-1: metres of Short/Medium/Long/Extreme for every weapon type of 003."""
    rows = {k: r.bands_m for k, r in cards_data().ranges.items()}
    assert rows == {
        "pistol": (5, 15, 30, 60),
        "rifle": (100, 200, 300, 400),
        "shotgun": (10, 30, 60, 120),
        "smg": (10, 40, 80, 150),
        "sniper": (150, 300, 600, 1000),
        "lmg": (75, 150, 300, 500),
        "mmg": (80, 160, 400, 600),
        "hmg": (100, 200, 400, 600),
    }
    assert cards_data().targets == {
        "point-blank": 2,
        "short": 4,
        "medium": 6,
        "long": 9,
        "extreme": 12,
    }


def test_crd_rng_1_past_extreme_is_refused() -> None:
    """CRD-RNG-1: a pistol reaches 60 m at Extreme; 61 m is refused, drawing no card."""
    dice = Dice(ScriptedSource([]))
    with pytest.raises(RuleRefusal) as refused:
        resolve_shot(shot(distance=61), dice)
    assert refused.value.rule == "CRD-RNG-1"
    assert "Extreme" in refused.value.reason


def test_k_1_a_card_reaching_the_target_succeeds() -> None:
    """K-1: a card of the Target's value succeeds, one below does not; A=1, J/Q/K=11/12/13
    (D-4). Medium pistol range: Target 6."""
    outcome = fire("6H,5S,KD,2C", distance=10)
    assert outcome.result.target == 6
    assert outcome.result.successes == 2
    assert fire("AS,JC,QH,2C", distance=10, skill=3).result.successes == 2


def test_crd_hit_1_each_success_does_the_listed_damage() -> None:
    """CRD-HIT-1: three successes with a 3-point weapon do 9 points of its level (Desert Eagle,
    3Y: 9 Yellow), recorded on the target's track."""
    outcome = fire("KH,QH,JH,2S,3S", weapon="desert-eagle", skill=3, distance=10)
    assert outcome.result.successes == 3
    assert (outcome.result.wound.damage, outcome.result.wound.level) == (9, "Yellow")


def test_crd_hit_1_three_successes_with_a_3g_weapon_are_9_green(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CRD-HIT-1, the source's own figures: three successes with a 3G weapon are 9 points of
    Green. No listed gun does Green damage, so a house weapon of the user's catalog carries it."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    cards_data.cache_clear()
    try:
        install(tmp_path, HOUSE_3G)
        outcome = fire("KH,QH,JH,2S,3S", weapon="house-3g", skill=3, distance=10)
        assert outcome.result.successes == 3
        assert (outcome.result.wound.damage, outcome.result.wound.level) == (9, "Green")
    finally:
        cards_data.cache_clear()


HOUSE_3G = """[catalog]
ruleset = "cards"

[[weapon]]
key = "house-3g"
name = "House 3G pistol"
class = "pistol"
ammo = 6
damage = "3G"
modes = ["SA"]
rc = 0
conceal = 8
load = 50
provisional = ["ammo", "damage", "conceal", "load"]
derivation = "the source's example weapon: 3G, the rest made up"
"""


@pytest.mark.parametrize(
    ("armor", "damage", "level", "track"),
    [
        ("riot-plate", 6, "Green", (6, 0, 0)),  # two stars: Red -> Yellow -> Green, 12 - DR 6
        ("ceramic-plates", 7, "Yellow", (0, 7, 0)),  # one star: Red -> Yellow, 12 - DR 5
    ],
)
def test_crd_dmg_1_each_star_lowers_red_one_level(
    armor: str,
    damage: int,
    level: str,
    track: tuple[int, int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CRD-DMG-1: Red -> Yellow and Yellow -> Green, one level a star, before the DR comes off.
    No listed gun does Red damage, so a house 4R weapon of the user's catalog carries it: three
    successes are 12 Red."""
    monkeypatch.setenv("FIREFIGHT_HOME", str(tmp_path))
    cards_data.cache_clear()
    try:
        install(tmp_path, HOUSE_3G.replace("3G", "4R"))
        outcome = fire("KH,QH,JH,2S,3S", weapon="house-3g", skill=3, distance=10, armor=armor)
        assert outcome.result.successes == 3
        wound = outcome.result.wound
        assert (wound.damage, wound.level, wound.track) == (damage, level, track)
    finally:
        cards_data.cache_clear()


# --- the modifier table (CRD-MOD-1, CRD-MOD-2) ------------------------------------------------


@pytest.mark.parametrize(
    ("values", "change"),
    [
        ({"aim": 2}, -2),
        ({"wounds": "green"}, 1),
        ({"wounds": "yellow"}, 2),
        ({"wounds": "red"}, 3),
        ({"lighting": "glare"}, 1),
        ({"lighting": "semi-dark"}, 2),
        ({"lighting": "twilight"}, 3),
        ({"lighting": "full-dark"}, 5),
        ({"cover": "quarter"}, 2),
        ({"cover": "half"}, 3),
        ({"blind_fire": True}, 5),
        ({"moving": "walking"}, 1),
        ({"target_moving": "running"}, 2),
        ({"moving": "sprinting"}, 3),
        ({"vehicle_kmh": 40}, 4),
        ({"vehicle_kmh": 45}, 4),
        ({"vehicle_difference_kmh": 30}, 3),
        ({"called": True}, 3),
        ({"two_weapons": True}, 2),
    ],
)
def test_crd_mod_1_each_modifier_raises_the_target(values: dict[str, Any], change: int) -> None:
    """CRD-MOD-1: the table's figures, positive numbers raising the Target (K-1); wounds per
    K-3 (+1 Green, +2 Yellow, +3 Red)."""
    assert target(**values) - target() == change


def test_crd_mod_1_low_light_vision_ignores_lighting_only() -> None:
    """CRD-MOD-1 footnote 1: lighting does not affect low-light vision; cover still does."""
    assert target(lighting="twilight", vision="low-light") == target()
    assert target(cover="half", vision="low-light") == target() + 3


def test_crd_mod_1_thermographic_vision_replaces_visibility() -> None:
    """CRD-MOD-1 footnote 2: thermographic vision is +2 in place of any lighting modifier."""
    assert target(lighting="full-dark", vision="thermographic") == target() + 2
    assert target(vision="thermographic") == target() + 2


def test_crd_mod_1_dec_252_blind_fire_still_counts_with_thermographic_vision() -> None:
    """CRD-MOD-1, DEC-252: thermographic vision replaces the lighting, not blind fire: +2 for
    the vision and +5 for firing blind, +7 in all."""
    assert target(blind_fire=True, vision="thermographic") == target() + 2 + 5


def test_crd_mod_1_dec_255_vehicle_speeds_count_whole_tens() -> None:
    """CRD-MOD-1, DEC-255: +1 per full 10 km/h: 19 km/h is +1, a 29 km/h difference +2."""
    assert target(vehicle_kmh=19) == target() + 1
    assert target(vehicle_difference_kmh=29) == target() + 2


def test_crd_mod_1_one_vehicle_figure_at_a_time() -> None:
    """CRD-MOD-1: vehicle-to-foot and vehicle-to-vehicle are two situations, not one shot."""
    with pytest.raises(RuleRefusal) as refused:
        target(vehicle_kmh=20, vehicle_difference_kmh=20)
    assert refused.value.rule == "CRD-MOD-1"


def test_crd_mod_2_walking_shooter_sprinting_target_is_plus_4() -> None:
    """CRD-MOD-2, the source's example: a walking shooter and a sprinting target give
    3 + half of 1, rounded up: +4."""
    data = cards_data()
    assert movement_modifier("walking", "sprinting", data) == 4
    assert target(moving="walking", target_moving="sprinting") == target() + 4
    assert movement_modifier("running", "walking", data) == 3  # 2 + ceil(1/2)
    assert movement_modifier("sprinting", "running", data) == 4  # 3 + ceil(2/2)
    assert movement_modifier("walking", "walking", data) == 1  # one speed: no half added


# --- modes and the Rule of Three Ones (CRD-MODE-1, CRD-MODE-2) -------------------------------


def test_crd_mode_2_the_g11_burst_example() -> None:
    """CRD-MODE-2, the source's example: Rifles 3 with a G11 (4Y). BF: 4 cards, Target +1,
    5Y per success. FA: 6 cards, Target +3, 7Y per success."""
    base = plan_shot(shot(weapon="hk-g11", skill=3, distance=150, mode="BF"))
    assert (base.cards, base.per_success, base.level) == (4, 5, Level.YELLOW)
    assert base.target == 6 + 1
    for bullets in (7, 8, 9):
        fa = plan_shot(shot(weapon="hk-g11", skill=3, distance=150, mode="FA", bullets=bullets))
        assert (fa.cards, fa.target, fa.per_success) == (6, 6 + 3, 7)
    outcome = fire("KS,2S,3S,4S,2C", weapon="hk-g11", skill=3, distance=150, mode="BF")
    assert outcome.result.cards == ("KS", "2S", "3S", "4S")
    assert outcome.result.wound.damage == 5


def test_crd_mode_2_every_three_bullets_or_part() -> None:
    """CRD-MODE-2: one card, one damage, one Target per three bullets or part thereof."""
    assert [three_ones(b) for b in (1, 3, 4, 6, 7, 10)] == [0, 1, 2, 2, 3, 4]


def test_crd_mode_2_recoil_compensation_cancels_the_burst_increase() -> None:
    """CRD-MODE-2 / K-1: compensation (the weapon's R/C plus devices) cancels the Target
    increase of the burst, never taking the Target below the range's (DEC-250)."""
    # Beretta 93R, R/C 1, BF: the +1 is cancelled.
    assert plan_shot(shot(weapon="beretta-93r", mode="BF")).target == 6
    assert plan_shot(shot(weapon="hk-vp70m", mode="BF")).target == 7
    # A gyromount's 6 points against FA's +3: back to the range's Target, not below it.
    fa = plan_shot(shot(weapon="hk-g11", distance=150, mode="FA", compensation=6))
    assert fa.target == 6
    # A single shot has no increase to cancel.
    assert target(compensation=4) == target()


def test_crd_mode_1_ss_first_card_black_means_cocking() -> None:
    """CRD-MODE-1: after an SS shot a black first card spends the next turn cocking; a red one
    lets the shooter fire next turn; an uncocked SS weapon is refused."""
    black = fire("2C,KH,KD,2S", weapon="ruger-redhawk")
    red = fire("2H,KS,KC,2D", weapon="ruger-redhawk")
    assert black.result.must_cock is True
    assert red.result.must_cock is False
    assert fire("2C,KH,KD,2S").result.must_cock is False  # SA cocks itself
    with pytest.raises(RuleRefusal) as refused:
        plan_shot(shot(weapon="ruger-redhawk", needs_cocking=True))
    assert refused.value.rule == "CRD-MODE-1"


@pytest.mark.parametrize("weapon", ["glock-22", "beretta-93r", "hk-g11"])
def test_dec_908_only_a_single_shot_weapon_needs_cocking(weapon: str) -> None:
    """CRD-MODE-1, DEC-908: `--needs-cocking` on a semi-automatic (or a burst weapon) was taken
    and did nothing, as if the gun could owe a turn of cocking. Only an SS weapon is cocked
    again; the flag on any other is refused, naming its modes and what to do."""
    with pytest.raises(RuleRefusal) as refused:
        plan_shot(shot(weapon=weapon, needs_cocking=True))
    assert refused.value.rule == "CRD-MODE-1"
    assert "needs no cocking: drop --needs-cocking" in refused.value.reason
    assert plan_shot(shot(weapon=weapon)).bullets >= 1


def test_crd_mode_1_no_called_shots_in_bursts() -> None:
    """CRD-MODE-1: BF and FA attacks cannot be called shots; SA ones can."""
    for mode in ("BF", "FA"):
        with pytest.raises(RuleRefusal) as refused:
            plan_shot(shot(weapon="hk-g11", distance=150, mode=mode, called=True))
        assert refused.value.rule == "CRD-MODE-1"
    assert target(called=True) == target() + 3


def test_crd_mode_1_bullets_per_mode_and_magazine() -> None:
    """CRD-MODE-1: SA one bullet, BF three, FA 6-10; an FA burst with fewer bullets loaded is
    refused, as is a mode the weapon lacks."""
    assert plan_shot(shot()).bullets == 1
    assert plan_shot(shot(weapon="hk-g11", distance=150, mode="BF")).bullets == 3
    assert plan_shot(shot(weapon="hk-g11", distance=150, mode="FA", bullets=6)).bullets == 6
    bad: list[dict[str, Any]] = [
        {"weapon": "hk-g11", "mode": "FA", "bullets": 5},
        {"weapon": "hk-g11", "mode": "FA", "bullets": 8, "loaded": 7},
        {"weapon": "hk-g11", "mode": "BF", "loaded": 2},
        {"weapon": "hk-g11", "mode": "BF", "bullets": 4},
        {"weapon": "glock-22", "mode": "FA"},
        {"weapon": "glock-22", "loaded": 0},
    ]
    for values in bad:
        with pytest.raises(RuleRefusal) as refused:
            plan_shot(shot(distance=150 if values["weapon"] == "hk-g11" else 10, **values))
        assert refused.value.rule == "CRD-MODE-1", values


# --- armor, the wound track, knockdown (CRD-DMG-1, CRD-DMG-2, K-3, K-4) ----------------------


def test_crd_dmg_1_stars_lower_the_level_before_dr_comes_off() -> None:
    """CRD-DMG-1: a ballistic star lowers Yellow to Green; then the DR (ballistic) comes off
    the total: ceramic plates (DR 5, one star) turn 3 x 3Y into 9 Green less 5 = 4 Green."""
    outcome = fire("KH,QH,JH,AS", weapon="desert-eagle", armor="ceramic-plates")
    assert (outcome.result.wound.damage, outcome.result.wound.level) == (4, "Green")
    assert outcome.result.wound.track == (4, 0, 0)
    # the sum is of the level the stars left: it said "+9 Yellow damage" of 9 Green
    dealt = next(e for e in outcome.trace.to_json() if e.get("label") == "damage recorded")
    assert isinstance(dealt["parts"], list) and dealt["parts"][0]["label"] == "Green damage"
    soft = fire("KH,2H,2D", weapon="desert-eagle", armor="kevlar-vest")
    assert (soft.result.wound.damage, soft.result.wound.level) == (0, "Yellow")


def test_crd_dmg_1_dec_256_dr_past_the_damage_leaves_nothing_not_less() -> None:
    """CRD-DMG-1, DEC-256: one 3Y success (star: 3 Green) into ceramic plates' DR 5 records
    nothing; the 2 DR left over takes no boxes off the track."""
    outcome = fire("KH,2H,2D", weapon="desert-eagle", armor="ceramic-plates", green=3)
    assert outcome.result.successes == 1
    assert (outcome.result.wound.damage, outcome.result.wound.track) == (0, (3, 0, 0))


def test_k_3_boxes_and_overflow() -> None:
    """K-3: each level has 2 x Size + 4 boxes (12 at Size 4); damage fills its own level and
    a full level overflows into the next; a full Red level is down and dying."""
    assert boxes_per_level(4) == 12
    assert boxes_per_level(2) == 8
    track, lost = Track(boxes=12, yellow=10).take(20, Level.YELLOW)
    assert (track.green, track.yellow, track.red, lost) == (0, 12, 12, 6)
    assert track.down
    green = Track(boxes=12).take(5, Level.GREEN)[0]
    assert (green.green, green.yellow) == (5, 0)


def test_k_3_a_full_red_level_is_down() -> None:
    """K-3: a shot filling the Red level leaves the target down and dying."""
    outcome = fire("KH,QH,JH,2S,2D", weapon="sw-29", red=0, yellow=12, green=12)
    assert outcome.result.wound.track == (12, 12, 12)
    assert outcome.result.wound.down is True


def test_k_3_filled_boxes_cannot_exceed_the_level() -> None:
    """K-3: a Size 4 target has 12 boxes a level."""
    with pytest.raises(RuleRefusal) as refused:
        plan_shot(shot(yellow=13))
    assert refused.value.rule == "K-3"


def test_crd_dmg_2_crossing_a_level_wears_armor_and_tests_knockdown() -> None:
    """CRD-DMG-2 / K-4: a hit moving the worst level up (Green to Yellow) wears the armor by
    one and draws one knockdown card: below 2 x Size (8) stays up, 8 or more falls."""
    up = fire("KH,2S,2D,7C", weapon="glock-22", armor="leather-jacket")
    assert (up.result.wound.crossed, up.result.wound.wear) == (1, 1)
    assert up.result.wound.knocked_down is False
    down = fire("KH,2S,2D,8C", weapon="glock-22")
    assert down.result.wound.knocked_down is True
    assert [r.purpose for r in down.trace.rolls] == ["shot", "knockdown"]


def test_k_4_knockdown_limit_follows_size() -> None:
    """K-4: a Size 2 target stays up only below 4."""
    assert fire("KH,2S,2D,3C", size=2).result.wound.knocked_down is False
    assert fire("KH,2S,2D,4C", size=2).result.wound.knocked_down is True


def test_crd_dmg_2_one_test_per_level_crossed() -> None:
    """CRD-DMG-2: a hit from Green into Red crosses two levels: two tests, two points of wear;
    a hit within a level crosses none and draws nothing more."""
    both = fire("KH,QH,JH,2C,3C", weapon="sw-29", skill=3)  # 3 x 4Y: 12 Yellow, one level
    assert both.result.wound.crossed == 1
    two = fire("KH,QH,JH,2C,3C", weapon="sw-29", skill=3, yellow=6, armor="none")
    assert two.result.wound.track == (0, 12, 6)
    assert (two.result.wound.crossed, two.result.wound.wear) == (1, 0)  # no armor to wear
    red = fire("KH,QH,JH,2C,3C", weapon="hk-g11", distance=150, mode="FA", skill=0, bullets=9)
    assert red.result.wound.crossed == 2
    assert [r.purpose for r in red.trace.rolls] == ["shot", "knockdown", "knockdown"]
    within = fire("KH,2S,2D", green=0, yellow=3)
    assert within.result.wound.crossed == 0
    assert [r.purpose for r in within.trace.rolls] == ["shot"]


def test_crd_dmg_2_a_fall_ends_the_tests() -> None:
    """CRD-DMG-2 / K-4: once a test knocks the target down, no further card is drawn
    (DEC-259): the second crossing still wears the armor."""
    red = fire(
        "KH,QH,JH,KC", weapon="hk-g11", distance=150, mode="FA", skill=0, armor="leather-jacket"
    )
    assert red.result.wound.knocked_down is True
    assert red.result.wound.wear == 2
    assert [r.purpose for r in red.trace.rolls] == ["shot", "knockdown"]


# --- the deck (D-4) ---------------------------------------------------------------------------


def test_d_4_a_fresh_deck_for_each_draw() -> None:
    """D-4: each draw action shuffles a fresh deck: the knockdown card may repeat a shot card."""
    outcome = fire("KH,2S,2D,KH")
    assert outcome.result.wound.knocked_down is True


def test_d_4_a_persistent_deck_deals_from_the_cards_left() -> None:
    """D-4: with a persistent deck the shot draws from the cards left, the knockdown card
    follows from what is left after it, and the rest are reported."""
    outcome = fire("KH,2S,7C", skill=2, deck="KH,2S,7C,9D")
    assert outcome.result.deck_left == ("9D",)
    assert outcome.trace.rolls[1].cards == ("7C",)
    with pytest.raises(Exception, match="no longer in the deck"):
        fire("QS", skill=1, deck="KH,2S")


def test_d_4_a_quiet_draw_comes_to_what_the_told_shot_reports() -> None:
    """A simulated fight's shot (draw_planned) builds no result: from the same cards it comes
    to the Target, cards, successes, cocking, wound and deck left the told shot reports
    (K-1, K-3, K-4, CRD-MODE-1, D-4), a fresh deck's draw and a persistent one's alike."""
    seen = set()
    for values in (
        {"weapon": "ruger-redhawk", "skill": 2, "distance": 30},
        {"weapon": "hk-g11", "skill": 3, "distance": 8, "mode": "BF", "deck": "KH,2S,7C,9D,QS,3H"},
    ):
        declared = shot(**values)
        plan = plan_shot(declared)
        for seed in range(40):
            told = resolve_planned(declared, plan, Dice.seeded(seed)).result
            drawn = draw_planned(declared, plan, Dice.seeded(seed), QuietTraceBuilder())
            assert drawn == (
                told.target,
                told.cards,
                told.successes,
                told.must_cock,
                told.wound,
                told.deck_left,
            )
            seen.add((drawn.must_cock, bool(drawn.wound.damage)))
    assert {cock for cock, _ in seen} == {True, False}
    assert {hurt for _, hurt in seen} == {True, False}


def test_d_4_a_persistent_deck_reshuffles_the_discards() -> None:
    """D-4: when the cards left run out, the discards are reshuffled; the cards of the draw
    under way stay on the table (DEC-254)."""
    outcome = resolve_shot(shot(skill=3, deck="KH,2S"), Dice.scripted([1, 1, 1, 1]))
    cards = outcome.result.cards
    assert cards[:2] == ("KH", "2S")
    assert cards[2] == "AS"
    assert len(set(cards)) == 3
    assert any("reshuffled" in getattr(e, "text", "") for e in outcome.trace)


def test_d_4_the_deck_a_draw_leaves_reads_back_as_the_cards_it_left() -> None:
    """D-4: the deck left by a draw, written as the scene writes it, is read as those very
    cards by the next draw (kept as the draw leaves it); a deck naming a card twice is still
    refused every time it is read."""
    first = fire("KH,2S,7C", skill=2, deck="KH,2S,7C,9D,QS,3H")
    left = first.result.deck_left
    assert left == ("9D", "QS", "3H")
    assert parse_deck(",".join(left)) == tuple(parse_card(c) for c in left)
    then = fire("QS,3H,9D", skill=2, deck=",".join(left))
    assert then.result.deck_left == ()
    for _ in range(2):
        with pytest.raises(RuleRefusal, match="twice"):
            parse_deck("9D,9D")


def test_d_4_a_deck_written_by_hand_reads_as_its_cards() -> None:
    """D-4: the cards left may be written in any case and spacing: they are read as the cards
    they name, reported by the cards' own names, and a card named twice (however written) is
    refused."""
    outcome = fire("2S", skill=1, deck=" kh, 2s ,,7C")
    assert outcome.result.deck_left == ("KH", "7C")
    assert parse_deck("qh, 10d") == (parse_card("QH"), parse_card("10D"))
    with pytest.raises(RuleRefusal, match="twice"):
        parse_deck("qh,QH")
