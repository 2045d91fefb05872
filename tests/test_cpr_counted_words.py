"""cpr says one of a thing in the singular: one LUCK point spent (CPR-REF-1), one round in or
left in a magazine (CPR-AMMO-1), one turn left of a load (C-14)."""

from __future__ import annotations

import pytest

from cpr_support import person, start, step
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter import apply_cpr_event
from firefight.rulesets.cpr.events import LoadTook
from firefight.rulesets.cpr.magazine import check_rounds
from firefight.rulesets.cpr.reload import Reload, resolve_reload

DATA = CprData()


def test_cpr_ref_1_one_luck_point_spent() -> None:
    """CPR-REF-1: luck:1 adds +1, "1 point"; luck:2 adds +2, "2 points"."""
    one = DATA.modifiers.resolve(["luck:1"])
    assert [(m.value, m.label) for m in one.attack] == [(1, "Luck spent (1 point)")]
    two = DATA.modifiers.resolve(["luck:2"])
    assert [(m.value, m.label) for m in two.attack] == [(2, "Luck spent (2 points)")]


def test_cpr_ammo_1_one_round_left_in_the_magazine() -> None:
    """CPR-AMMO-1: a heavy pistol loaded with 2 fires one: 1 round left."""
    gun = {"name": "pistol", "weapon": "heavy pistol", "loaded": 2}
    service = start([person("V", 0, 0, weapon=[gun]), person("Rook", 0, 10)], [5, 4])
    record = step(service, [2], "V shoots Rook")  # 6 + 6 + 2 = 14 misses DV 15
    assert "V's pistol: 1 round left in the magazine." in record.narration


def test_cpr_ammo_1_a_one_round_magazine_and_one_round_at_hand() -> None:
    """CPR-AMMO-1: the rocket launcher's magazine holds 1 round; a reload with 1 round of
    basic at hand puts 1 in, after the 1 round of another kind comes out."""
    launcher = DATA.weapon("rocket launcher")
    assert launcher.magazine == 1
    with pytest.raises(RuleRefusal, match="holds 1 round, not 2"):
        check_rounds(launcher, 2, 1, what="a rocket")
    outcome = resolve_reload(
        Reload(weapon="heavy pistol", loaded=1, loaded_ammo="armor-piercing", at_hand=1),
        Dice.scripted([]),
        DATA,
    )
    steps = [e.text for e in outcome.trace.entries if hasattr(e, "text")]
    assert any("the 1 round of armor-piercing rounds comes out" in s for s in steps), steps
    assert any("only 1 round of basic rounds at hand" in s for s in steps), steps
    assert any(": 1 round of basic rounds goes in;" in s for s in steps), steps


def test_c_14_one_turn_left_of_a_load() -> None:
    """C-14: a load with 1 turn left says so."""
    service = start([person("V", 0, 0), person("Rook", 0, 10)], [5, 4])
    state = apply_cpr_event(
        service.state("fight"), LoadTook(target="Rook", load="flashbang", turns=1)
    )
    assert "Rook: flashbang load, 1 turn left" in find_ruleset("cpr").describe_scene(state)
