"""Readying weapons (issue 15): Fast-Draw, magazine reloads and drawing (GUR-RELOAD-1,
GUR-ARROW-1, GUR-GUN-1)."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.readying_results import DrawResult, ReloadResult
from firefight.rulesets.gurps.reload import Reload, resolve_reload


def reload(faces: list[int], **values: Any) -> ReloadResult:
    return resolve_reload(declare(Reload, **values), Dice.scripted(faces)).result


def draw(faces: list[int], **values: Any) -> DrawResult:
    return resolve_draw(declare(Draw, **values), Dice.scripted(faces)).result


def test_gur_reload_1_firearm_reload_times_are_provisional() -> None:
    """GUR-RELOAD-1: every magazine, cylinder or cell firearm has a reload time, recalled 3e
    (the weapons table is provisional and says how the times were made)."""
    for w in DATA.weapons.values():
        if w.kind in ("firearm", "beam") and not w.black_powder:
            assert w.reload_seconds is not None
            assert w.reload_seconds + w.shots * w.reload_seconds_a_round >= 3
    assert reload([], weapon="pistol-9mm").seconds == 3
    assert reload([], weapon="revolver-38").seconds == 7


def test_gur_reload_1_loose_rounds_load_only_the_spent_ones() -> None:
    """GUR-RELOAD-1 (DEC-785, revising DEC-397): a cylinder, tube or internal magazine takes
    1 s for each round put in plus 1 s to open and close it; a detachable magazine takes its
    3 s however many rounds are left in the one taken out."""
    # the .38's cylinder, one round spent: 1 round x 1 s + 1 s = 2 s
    assert reload([], weapon="revolver-38", rounds=1).seconds == 2
    # all six spent: 6 x 1 s + 1 s = 7 s; no count given is all of them
    assert reload([], weapon="revolver-38", rounds=6).seconds == 7
    assert reload([], weapon="revolver-38").seconds == 7
    # the pump shotgun's tube, 3 of its 5 shells spent: 3 x 1 s + 1 s = 4 s
    assert reload([], weapon="shotgun-12", rounds=3).seconds == 4
    # a made Fast-Draw roll takes its second off the 2 s: 1 s (1 s at least)
    assert reload([3, 3, 3], weapon="revolver-38", rounds=1, fast_draw=12).seconds == 1
    # the 9mm's magazine: 3 s with one round spent as with all eight
    assert reload([], weapon="pistol-9mm", rounds=1).seconds == 3
    assert reload([], weapon="pistol-9mm", rounds=8).seconds == 3
    with pytest.raises(RuleRefusal, match=r"GUR-RELOAD-1: A \.38 revolver holds 6 rounds"):
        reload([], weapon="revolver-38", rounds=7)


def test_gur_reload_1_fast_draw_takes_a_second_off() -> None:
    """GUR-RELOAD-1: a made Fast-Draw roll saves a second (1 s at least); a critical failure
    costs one more; a plain failure changes nothing."""
    assert reload([3, 3, 3], weapon="pistol-9mm", fast_draw=12).seconds == 2
    assert reload([5, 5, 5], weapon="pistol-9mm", fast_draw=12).seconds == 3
    assert reload([6, 6, 6], weapon="pistol-9mm", fast_draw=12).seconds == 4
    # a bow: Bow skill made by 6 takes 2 s off (1 s at least); Fast-Draw cannot go lower
    assert reload([3, 3, 3, 3, 3, 3], weapon="longbow", skill=15, fast_draw=12).seconds == 1
    # 002: the bow's 2 s, a second off for the arrow drawn fast
    assert reload([3, 3, 3], weapon="longbow", fast_draw=12).fire_every == 2


def test_gur_arrow_1_no_fast_draw_from_a_mixed_quiver() -> None:
    """GUR-ARROW-1: Fast-Draw cannot pick from a mixed quiver unless the archer draws at
    random, which also spares the turn of choosing."""
    with pytest.raises(RuleRefusal, match="random"):
        reload([], weapon="longbow", mixed_quiver=True, fast_draw=12)
    assert reload([], weapon="longbow", mixed_quiver=True).seconds == 3
    randomly = reload(
        [3, 3, 3], weapon="longbow", mixed_quiver=True, random_arrow=True, fast_draw=12
    )
    assert randomly.seconds == 1


def test_gur_reload_1_no_fast_draw_for_loose_powder() -> None:
    """GUR-RELOAD-1: black powder is loaded by the Black Powder Weapons roll alone."""
    with pytest.raises(RuleRefusal, match="powder"):
        reload([], weapon="musket", skill=13, fast_draw=12)


def test_gur_gun_1_barrels_shift_fast_draw() -> None:
    """GUR-GUN-1: a cut-down pistol barrel is +1 to Fast-Draw, a lengthened one -2: a roll of
    13 against Fast-Draw 12 is made with the short barrel and missed with the long one."""
    assert draw([5, 5, 3], weapon="pistol-45", fast_draw=12, barrel="short").seconds == 0
    assert draw([5, 5, 3], weapon="pistol-45", fast_draw=12, barrel="long").seconds == 1
    with pytest.raises(RuleRefusal):
        draw([], weapon="rifle-3006", fast_draw=12, barrel="short")


def test_gur_reload_1_drawing_without_fast_draw_is_a_ready() -> None:
    """GUR-RELOAD-1: no Fast-Draw: one second; a critical failure drops the weapon."""
    assert draw([], weapon="pistol-45").fields() == {
        "seconds": 1,
        "ready": True,
        "headline": ".45 automatic pistol: drawn in 1 s.",
    }
    assert draw([6, 6, 6], weapon="pistol-45", fast_draw=14).ready is False
