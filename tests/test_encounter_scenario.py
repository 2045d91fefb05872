"""Scenario validation: every problem names the key path and, where it can be found, the line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from firefight.encounter.scenario import (
    ScenarioError,
    find_line,
    initial_state,
    load_scenario,
    parse_scenario,
    scenario_from_data,
)
from firefight.geometry import Posture
from firefight.rulesets.rmu.vitals import armor_of

EXAMPLES = Path(__file__).parent.parent / "examples"

GOOD = """\
[scenario]
title = "Alley"
ruleset = "rmu"

[[combatant]]
name = "Mara"
position = [0, 0]
hits = 50
stats = { body_development = 20, bmr_ft = 20 }
skills = { pistol = { bonus = 70, ranks = 10 } }
armor = { kind = "BA II" }

[[combatant.weapon]]
name = "glock"
weapon = "glock-17"
skill = "pistol"
magazines = [{ rounds = 17 }, { rounds = 10, ammo = "hollowpoint" }]

[[combatant]]
name = "Viktor"
position = [0, 30]
posture = "kneeling"
hits = 40
stats = { body_development = 15, bmr_ft = 20 }

[[barrier]]
name = "wall"
from = [-5, 25]
to = [5, 25]
height_ft = 3
"""


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "alley.toml")
    return caught.value


def _line(text: str, needle: str, nth: int = 1) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    return hits[nth - 1]


def test_a_good_scenario_builds_the_scene() -> None:
    state = initial_state(parse_scenario(GOOD, "alley.toml"))
    mara, viktor = state.combatants
    armor = armor_of(mara)
    assert mara.hits_max == 50 and armor is not None and armor.kind == "BA II"
    glock = mara.weapon("glock")
    assert glock is not None and glock.loaded is not None
    assert (glock.loaded.rounds, glock.loaded.capacity, glock.spares[0].ammo) == (
        17,
        17,
        "hollowpoint",
    )
    assert viktor.posture is Posture.KNEELING and state.barriers[0].height_ft == 3
    assert state.round == 0


@pytest.mark.parametrize(
    ("old", "new", "where", "needle", "words"),
    [
        ("hits = 40", "hits = 0", "combatant 2 (Viktor), hits", "hits = 0", "greater than 0"),
        (
            'weapon = "glock-17"',
            'weapon = "glok-17"',
            "combatant 1 (Mara), weapon 1 (glock), weapon",
            'weapon = "glok-17"',
            "did you mean 'glock-17'?",
        ),
        (
            "{ rounds = 17 }",
            "{ rounds = 18 }",
            "combatant 1 (Mara), weapon 1 (glock)",
            "[[combatant.weapon]]",
            "magazine 1 holds 18 rounds, but a glock-17 magazine holds 17",
        ),
        (
            'ammo = "hollowpoint"',
            'ammo = "hollow"',
            "combatant 1 (Mara), weapon 1 (glock), magazines 2, ammo",
            'ammo = "hollow"',
            "unknown rmu ammunition 'hollow'",
        ),
        (
            'posture = "kneeling"',
            'posture = "crouching"',
            "combatant 2 (Viktor), posture",
            'posture = "crouching"',
            "'standing', 'kneeling' or 'prone'",
        ),
        (
            'kind = "BA II"',
            'kind = "BA V"',
            "combatant 1 (Mara), armor, kind",
            'kind = "BA V"',
            "unknown rmu armor 'BA V'",
        ),
        (
            "height_ft = 3",
            "height_ft = 3\ncolour = 'red'",
            "barrier 1 (wall), colour",
            "colour = 'red'",
            "not a key here; did you mean 'cover'?",
        ),
        (
            'skill = "pistol"',
            'skill = "rifle"',
            "combatant 1 (Mara)",
            "[[combatant]]",
            "skill 'rifle', which is not among the skills (pistol)",
        ),
        (
            'name = "Viktor"',
            'name = "mara"',
            "combatant 2 (mara), name",
            'name = "mara"',
            "already used by combatant 1",
        ),
        (
            "position = [0, 30]",
            "position = [0, 0]",
            "combatant 2 (Viktor), position",
            "position = [0, 0]",
            "very spot of Mara",
        ),
        # DEC-970: a text where a table or a list is wanted is told what to write, not
        # "Input should be a valid dictionary or instance of RmuArmorModel".
        (
            'armor = { kind = "BA II" }',
            'armor = "BA II"',
            "combatant 1 (Mara), armor",
            'armor = "BA II"',
            'armor is a table, not the text "BA II": write armor = { kind = "BA II" } '
            "(it takes kind, quality, damage)",
        ),
        (
            "skills = { pistol = { bonus = 70, ranks = 10 } }",
            'skills = "pistol"',
            "combatant 1 (Mara), skills",
            'skills = "pistol"',
            'skills is a table of names, not the text "pistol": write skills = { NAME = ... }',
        ),
        (
            'magazines = [{ rounds = 17 }, { rounds = 10, ammo = "hollowpoint" }]',
            'magazines = "17"',
            "combatant 1 (Mara), weapon 1 (glock), magazines",
            'magazines = "17"',
            'magazines is a list of tables, not the text "17": write a '
            "[[combatant.weapon.magazines]] table for each",
        ),
        (
            "stats = { body_development = 15, bmr_ft = 20 }",
            "stats = { body_development = 15 }",
            "combatant 2 (Viktor), stats, bmr_ft",
            "stats = { body_development = 15 }",
            "Field required",
        ),
    ],
)
def test_errors_name_the_field_and_its_line(
    old: str, new: str, where: str, needle: str, words: str
) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    err = _error(text)
    nth = 2 if needle == "position = [0, 0]" else 1
    assert err.path == where
    assert err.line == _line(text, needle, nth), str(err)
    assert words in err.problem
    assert str(err).startswith(f"alley.toml, {where} (line {err.line}): ")


def test_unknown_ruleset_names_the_header_key() -> None:
    err = _error(GOOD.replace('ruleset = "rmu"', 'ruleset = "rmv"'))
    assert err.path == "scenario, ruleset" and err.line == 3
    assert "did you mean 'rmu'?" in err.problem


def test_toml_syntax_errors_carry_tomllibs_line() -> None:
    err = _error(GOOD.replace("hits = 40", "hits = "))
    assert err.path == "TOML syntax" and "line 23" in err.problem


def test_a_script_step_does_one_thing() -> None:
    err = _error(GOOD + '\n[[script.step]]\nact = "Mara waits"\nnext_round = true\n')
    assert err.path == "script, step 1"
    assert "exactly one of" in err.problem
    assert err.line == _line(GOOD + "\n[[script.step]]\n", "[[script.step]]")


def test_find_line_walks_tables_and_inline_tables() -> None:
    assert find_line(GOOD, ("combatant", 1, "stats", "bmr_ft")) == _line(GOOD, "bmr_ft", 2)
    assert find_line(GOOD, ("barrier", 0, "height_ft")) == _line(GOOD, "height_ft")
    assert find_line(GOOD, ("combatant", 7, "hits")) is None


@pytest.mark.parametrize(
    "example", ["warehouse.toml", "night-market.toml", "dry-gulch.toml", "cards-alley.toml"]
)
def test_a_second_weapon_called_like_the_first_is_refused_in_every_ruleset(example: str) -> None:
    """An action line names its weapon, so a combatant's two weapons must be called apart: the
    second glock (by name or, unnamed, by its catalog key) is refused at its combatant's line."""
    text = (EXAMPLES / example).read_text()
    head = "[[combatant.weapon]]\n"
    start = text.index(head)
    block = text[start : text.index("\n[", start + len(head)) + 1]
    doubled = text[:start] + block + block + text[start + len(block) :]
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(doubled, example)
    err = caught.value
    assert "two weapons are called" in err.problem and "give one a name" in err.problem
    assert err.path.startswith("combatant 1 (")
    assert err.line == _line(doubled, "[[combatant]]")
    assert parse_scenario(text, example).ruleset  # the file as shipped loads


def test_a_second_barrier_called_like_the_first_is_refused() -> None:
    """Actions name barriers (cpr's `shoots cover NAME`, rmu's `dashes to cover NAME`) and cpr
    keeps a barrier's HP under its name (C-13): two barriers called alike (ignoring case) are
    refused at the second, or a shot at the wood crate destroyed the steel one too."""
    second = '\n[[barrier]]\nname = "Wall"\nfrom = [5, 5]\nto = [9, 5]\nheight_ft = 4\n'
    err = _error(GOOD + second)
    assert err.path == "barrier 2 (Wall), name"
    assert "already used by barrier 1" in err.problem
    assert err.line == _line(GOOD + second, 'name = "Wall"')


def test_dec_874_a_barrier_of_no_length_is_refused() -> None:
    """DEC-874: a barrier whose ends are one point was taken and covered nobody, not even a
    target whose line of fire ran through it; it is refused naming the barrier."""
    err = _error(GOOD.replace("to = [5, 25]", "to = [-5, 25]"))
    assert err.path.startswith("barrier 1 (wall)")
    assert "two different points" in err.problem


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("my-gurps-catalog.toml", "this is a catalog (add it with 'firefight catalog add FILE'"),
        ("sweep-scene.toml", "this is a scene of [[person]] tables for an rmu command's --scene"),
    ],
)
def test_a_file_of_another_kind_played_as_a_scenario_says_what_it_is(name: str, says: str) -> None:
    """DEC-904: a catalog or a --scene file given where a scenario goes was refused as
    "scenario: Field required", which said nothing of what the file was."""
    with pytest.raises(ScenarioError) as refused:
        load_scenario(EXAMPLES / name)
    assert f"scenario: no [scenario] here: {says}" in str(refused.value)
    with pytest.raises(ScenarioError, match=r"scenario: no \[scenario\] table: put title under"):
        parse_scenario('title = "no tables"\n')


def test_a_scenario_missing_its_tables_says_which_and_where_keys_go() -> None:
    """DEC-921: a file with its title and ruleset at the top, or with no combatant, was refused
    "scenario: Field required" or "combatant: Field required", which did not say what to
    write."""
    with pytest.raises(ScenarioError) as top:
        parse_scenario('title = "x"\nruleset = "rmu"\n')
    assert "scenario: no [scenario] table: put title, ruleset under [scenario]" in str(top.value)
    with pytest.raises(ScenarioError) as nobody:
        parse_scenario('[scenario]\ntitle = "x"\nruleset = "rmu"\n')
    assert "combatant: no [[combatant]] table: a scenario needs one per person" in str(nobody.value)


@pytest.mark.parametrize(
    ("example", "armor", "words"),
    [
        ("cards-alley.toml", 3, 'armor is a name, in quotes, not 3: write armor = "..."'),
        ("container-yard.toml", "kevlar", 'armor is a table, not the text "kevlar": write armor'),
        ("alley-crossing.toml", 3, 'armor is a name, in quotes, not 3: write armor = "..."'),
    ],
)
def test_every_ruleset_says_what_to_write_for_a_value_of_the_wrong_kind(
    example: str, armor: object, words: str
) -> None:
    """DEC-970: cards', cpr's and gurps' scenarios read pydantic's "Input should be a valid
    string" or "... instance of CprArmorModel" in the scenario's words, as rmu's do."""
    data = tomllib.loads((Path(__file__).parent.parent / "examples" / example).read_text())
    data["combatant"][0]["armor"] = armor
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data, example)
    assert caught.value.path.endswith("armor")
    assert words in caught.value.problem
