"""gurps's typed results (issue 10): each kind names its outcome word, the same word a log
record written before results were typed is read as (DEC-331), and an encounter's shot writes
its figures in place, beside the encounter's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from firefight.declarations import declare
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.outcome import Outcome
from firefight.rulesets.gurps.archery import (
    Glean,
    HearBow,
    IncendiaryArrow,
    LongShot,
    resolve_glean,
    resolve_hear_bow,
    resolve_incendiary_arrow,
    resolve_long_shot,
)
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.burning import AreaFire, Ignite, resolve_area_fire, resolve_ignite
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.encounter_results import Attacked
from firefight.rulesets.gurps.random_fire import RandomFire, resolve_random_fire
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.results import outcome_word
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.stray import Stray, resolve_stray
from gurps_support import GURPS, opened

KINDS: list[tuple[str, Callable[[Any, Dice], Outcome], type, dict[str, Any], list[int], str]] = [
    (
        "shot hit",
        resolve_shot,
        Shoot,
        {"weapon": "revolver-38", "skill": 14, "distance": 5, "aim": 1},
        [3, 3, 3, 4, 2],
        "hit",
    ),
    (
        "shot missed",
        resolve_shot,
        Shoot,
        {"weapon": "revolver-38", "skill": 12, "distance": 2, "aim": 1},
        [5, 5, 6],
        "miss",
    ),
    (
        "critical miss",
        resolve_shot,
        Shoot,
        {"weapon": "revolver-38", "skill": 7, "distance": 2, "aim": 1},
        [6, 6, 6],
        "fumble",
    ),
    (
        "barrel burst",
        resolve_shot,
        Shoot,
        {"weapon": "musket", "skill": 16, "distance": 2, "aim": 1, "powder": "fine"},
        [1, 6, 6, 6, 6, 6],
        "fumble",
    ),
    (
        "stray hits",
        resolve_stray,
        Stray,
        {"missed_by": 3, "down_range": ("Bob:9",)},
        [3, 3, 3],
        "hit",
    ),
    ("stray lost", resolve_stray, Stray, {"missed_by": 6, "down_range": ("Bob:12",)}, [1], "miss"),
    ("random fire", resolve_random_fire, RandomFire, {"exposed": ("Ann",)}, [3, 3, 3], "hit"),
    (
        "random fire spares",
        resolve_random_fire,
        RandomFire,
        {"exposed": ("Ann",)},
        [6, 6, 6],
        "miss",
    ),
    (
        "fast draw",
        resolve_draw,
        Draw,
        {"weapon": "pistol-45", "fast_draw": 12},
        [3, 4, 5],
        "success",
    ),
    ("plain draw", resolve_draw, Draw, {"weapon": "pistol-45"}, [], "done"),
    ("dropped", resolve_draw, Draw, {"weapon": "pistol-45", "fast_draw": 14}, [6, 6, 6], "fumble"),
    ("loaded", resolve_reload, Reload, {"weapon": "longbow"}, [], "success"),
    ("not loaded", resolve_reload, Reload, {"weapon": "musket", "skill": 10}, [6, 6, 6], "failure"),
    ("area fire", resolve_area_fire, AreaFire, {"in_area": ("Bob",)}, [1, 2, 3, 4], "hit"),
    ("nobody in the fire", resolve_area_fire, AreaFire, {}, [], "miss"),
    ("alight", resolve_ignite, Ignite, {"ammo": "tracer", "material": "A"}, [2], "success"),
    ("not alight", resolve_ignite, Ignite, {"ammo": "tracer", "material": "A"}, [6], "failure"),
    ("long shot", resolve_long_shot, LongShot, {"weapon": "longbow", "st": 12}, [], "done"),
    ("glean", resolve_glean, Glean, {"missed": 1}, [4], "done"),
    ("still burning", resolve_incendiary_arrow, IncendiaryArrow, {}, [1, 5], "success"),
    ("gone out", resolve_incendiary_arrow, IncendiaryArrow, {}, [4, 6], "failure"),
    ("heard", resolve_hear_bow, HearBow, {"hearing": 12}, [4, 4, 4], "success"),
    ("unheard", resolve_hear_bow, HearBow, {"hearing": 10}, [4, 4, 4], "failure"),
]


@pytest.mark.parametrize(
    ("resolve", "cls", "values", "faces", "word"),
    [k[1:] for k in KINDS],
    ids=[k[0] for k in KINDS],
)
def test_gur_wrong_2_each_kind_of_result_names_its_word(
    resolve: Callable[[Any, Dice], Outcome],
    cls: type,
    values: dict[str, Any],
    faces: list[int],
    word: str,
) -> None:
    """GUR-CORE-1, GUR-WRONG-2, GUR-FIRE-1, GUR-RELOAD-1, GUR-AMMO-1, GUR-ARROW-1: a shot that
    strikes nobody is a miss, a critical miss or a burst barrel a fumble; a load, a fire, an
    arrow alight or a bow heard succeed or fail; a draw at once succeeds, a Ready is done, a
    dropped weapon a fumble. An older record's fields come to the same word."""
    result = resolve(declare(cls, **values), Dice.scripted(faces)).result
    assert result.outcome == word
    assert outcome_word(result.fields()) == word
    assert result.to_json()["outcome"] == word


SCENE = """
[scenario]
title = "Alley"
ruleset = "gurps"

[[combatant]]
name = "Ann"
side = "law"
position = [0, 0]

[[combatant.weapon]]
weapon = "revolver-38"
skill = 16

[[combatant]]
name = "Cid"
side = "law"
position = [0, 15]
facing_deg = 180

[[combatant]]
name = "Bob"
side = "gang"
position = [0, 30]
facing_deg = 180
hp = 12
"""


def test_gur_wrong_2_an_encounter_shot_keeps_its_figures_in_place() -> None:
    """GUR-WRONG-2: Ann's miss strikes Cid, in her way: the attack's result holds the shot
    and the stray as attributes, and its data keeps the shot's figures beside the stray and
    the encounter's headline, as flat as the log has always kept them (DEC-500)."""
    state = opened(SCENE)
    action = GURPS.parse_action("Ann shoots Bob", state)
    out = GURPS.resolve(state, action, Dice.scripted([6, 6, 5, 2, 2, 2, 4, 4, 4, 3, 3]))
    attacked = out.result
    assert isinstance(attacked, Attacked) and attacked.shot is not None
    assert (attacked.shot.result, attacked.shot.hits) == ("miss", 0)
    assert attacked.shot.condition is not None and attacked.shot.condition.hp_left == 12
    assert attacked.strays is not None and [(s.hit, s.injury) for s in attacked.strays] == [
        ("Cid", 5)
    ]
    # a critical miss (17 against 4, G-1), said as one; a stray that strikes someone else
    # makes it no hit
    assert attacked.outcome == "fumble"
    data = attacked.fields()
    assert "shot" not in data and data["hits"] == 0 and data["hp_left"] == 12
    assert data["strays"] == [{"shot": 1, "hit": "Cid", "injury": 5}]
    assert data["headline"] == (
        "Ann shoots Bob with the revolver-38: a critical failure. A stray strikes Cid."
    )


def test_gur_core_1_a_maneuver_with_nothing_to_hit_is_done() -> None:
    """GUR-CORE-1 (DEC-501): an aim comes to ``done`` with its headline, a change of position
    with its verb (the narration tells it once), and the log keeps just that."""
    state = opened(SCENE)
    aimed = engine.act(state, "Ann aims at Bob", GURPS, Dice.scripted([]))
    assert aimed.record.summary == {"outcome": "done", "headline": "Ann aims at Bob (1 turn)."}
    knelt = engine.act(aimed.state, "Cid kneels", GURPS, Dice.scripted([]))
    assert knelt.record.summary == {"outcome": "done", "action": "kneels"}
    assert knelt.record.narration == ("Cid kneels.",)


def test_gur_opp_1_a_wait_says_what_it_watches_in_words() -> None:
    """GUR-OPP-1: "Bob waits, watching 1." and a table row "watching 1" read as a count of
    nothing; the watched area is said as hexes, a line or a cone."""
    state = opened(SCENE)
    hex_ = engine.act(state, "Bob waits", GURPS, Dice.scripted([]))
    assert hex_.record.narration[0] == "Bob waits, watching 1 hex."
    assert "watching 1 hex" in GURPS.describe_row(hex_.state.combatant("Bob"))["conditions"]
    three = engine.act(state, "Bob waits --watch 3", GURPS, Dice.scripted([]))
    assert three.record.narration[0] == "Bob waits, watching 3 hexes."
    cone = engine.act(state, "Bob waits --watch cone", GURPS, Dice.scripted([]))
    assert cone.record.narration[0] == "Bob waits, watching a cone."
    # Do Nothing, unstunned, said "Bob waits." as if he watched for a mover.
    idle = engine.act(state, "Bob recovers", GURPS, Dice.scripted([]))
    assert idle.record.narration[0] == "Bob does nothing."
