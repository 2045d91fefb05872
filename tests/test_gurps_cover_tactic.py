"""gurps's ``covered`` tactic (DEC-634) and what the scene's cover asks of ``steady``: no aim at
a target out of sight, none before a pop-up attack (DEC-632, DEC-633)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Posture
from firefight.odds.fights import _turn, simulate_fights
from firefight.rulesets.gurps.cover_tactic import covered
from firefight.rulesets.gurps.scene_cover import scene_cover
from firefight.rulesets.gurps.tactics import steady
from gurps_support import GURPS, SIDED_YARD, barrier, opened


def _crates(
    height_ft: float = 4.0,
    start: tuple[float, float] = (1, 22),
    end: tuple[float, float] = (7, 22),
) -> str:
    """Ann at the origin, Bob 10 yd north in the open; a stack of crates a few steps ahead of
    him and off the line between them, between them once he steps behind it."""
    return SIDED_YARD + barrier("crates", start, end, height_ft)


def test_dec_634_in_the_open_bob_moves_behind_the_crates_then_plays_steady() -> None:
    """The crates (4 ft: 0.67 of Bob) would leave half of him exposed (-3) and are 7 ft off,
    inside his Move of 5 yd, toward Ann enough to keep her in his front cone: the move comes
    first; behind them the move is not offered again, and Ann's shot at him reads half the
    body exposed."""
    state = opened(_crates())
    assert covered(state, "Bob")[0] == "Bob moves 2.5,23.5"
    assert covered(state, "Bob")[1:] == steady(state, "Bob")
    after = _turn(state, state.combatant("Bob"), GURPS, Dice.seeded(1), covered, {})
    bob = after.combatant("Bob")
    assert (bob.position.x_ft, bob.position.y_ft) == (2.5, 23.5)
    assert scene_cover(after, after.combatant("Ann"), bob)[0] == "half-exposed"
    assert covered(after, "Bob") == steady(after, "Bob")


def test_dec_634_gur_arc_1_no_run_for_cover_that_hides_is_out_of_reach_or_turns_away() -> None:
    """6 ft crates would hide Bob, and he could only pop up from them: not a place to go;
    crates 30 ft off are past his Move; crates off to his side (the way there turns 87
    degrees from the way on to Ann) would leave him facing away from her (GUR-ARC-1):
    steady's lines alone."""
    tall = opened(_crates(6.0))
    assert covered(tall, "Bob") == steady(tall, "Bob")
    far = opened(_crates(start=(36, 26), end=(42, 26)))
    assert covered(far, "Bob") == steady(far, "Bob")
    aside = opened(_crates(start=(6, 26), end=(12, 26)))
    assert covered(aside, "Bob") == steady(aside, "Bob")


def test_dec_634_knocked_down_behind_cover_that_hides_him_bob_stands() -> None:
    state = opened(_crates())
    state = _turn(state, state.combatant("Bob"), GURPS, Dice.seeded(1), covered, {})
    down = state.with_combatant(replace(state.combatant("Bob"), posture=Posture.PRONE))
    assert covered(down, "Bob")[0] == "Bob stands"


def test_dec_632_nobody_aims_at_what_they_cannot_see() -> None:
    state = opened(_crates(6.0, start=(-5, 27), end=(5, 27)))
    with pytest.raises(RuleRefusal, match="GUR-MOD-1: Bob is out of sight: the crates"):
        engine.act(state, "Ann aims at Bob", GURPS, Dice.scripted([]))


def test_dec_633_steady_takes_no_aim_before_a_pop_up_attack() -> None:
    """Ann kneeling (3.5 ft) wholly behind 4 ft crates at her feet fires a pop-up attack,
    which takes no aim: steady shoots at once; standing behind them (fired over) it aims
    first, as in the open."""
    crates = _crates(4.0, start=(-5, 3), end=(5, 3))
    hidden = opened(crates.replace("move = 6", 'move = 6\nposture = "kneeling"'))
    assert steady(hidden, "Ann")[0] == "Ann shoots Bob"
    assert engine.act(hidden, "Ann shoots Bob", GURPS, Dice.seeded(1)).state.round == 1
    low = opened(crates)
    assert steady(low, "Ann")[0] == "Ann aims at Bob"


def test_dec_634_a_simulated_duel_from_cover_is_decided(tmp_path: Path) -> None:
    """Bob covered against Ann steady, 100 fights: every one decided (knocked down behind the
    crates Bob stands again rather than trade hopeless pop-up shots for 100 seconds)."""
    path = tmp_path / "yard.toml"
    path.write_text(_crates())
    summary = simulate_fights(path, fights=100, seed=1, tactics={"gang": "covered"})
    assert summary.tactics == (("gang", "covered"), ("law", "steady"))
    assert summary.undecided() == 0.0


def test_dec_634_the_stockyard_rustlers_win_more_often_from_the_wagon() -> None:
    """The same 120 fights from the same seed: the rustlers, outgunned by Ann's rifle, win one
    standing in the open (steady) and ten stepping behind the wagon first (covered)."""
    stockyard = Path(__file__).resolve().parents[1] / "examples" / "stockyard.toml"
    steady_runs = simulate_fights(stockyard, fights=120, seed=1)
    covered_runs = simulate_fights(stockyard, fights=120, seed=1, tactics={"rustlers": "covered"})
    assert round(120 * steady_runs.winners().get("rustlers", 0.0)) == 1
    assert round(120 * covered_runs.winners().get("rustlers", 0.0)) == 10
    assert covered_runs.undecided() == 0.0
