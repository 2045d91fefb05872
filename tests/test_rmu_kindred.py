"""Kindred as rmu combatants (issue 14): the scenario sheet (RULINGS V-6) and what it changes."""

from __future__ import annotations

from typing import Any

import pytest

from firefight.encounter.scenario import ScenarioError, initial_state, scenario_from_data
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.scene_reading import defender
from firefight.rulesets.rmu.vitals import rmu_stats


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 60,
        "stats": {"body_development": 25, "bmr_ft": 20, **extra.pop("stats", {})},
        "skills": {"pistol": {"bonus": 60, "ranks": 6}},
        "weapon": [{"weapon": "glock-17", "skill": "pistol", "magazines": [{"rounds": 17}]}],
        **extra,
    }


def vampire(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    sheet = {
        "kindred": True,
        "blood_potency": 2,
        "hunger": 2,
        "disciplines": {"celerity": 2, "potence": 3, "protean": 2},
    }
    return person(name, x, y, **{**sheet, **extra})


def scene(*people: dict[str, Any]) -> dict[str, Any]:
    return {"scenario": {"title": "kindred test", "ruleset": "rmu"}, "combatant": list(people)}


def test_v6_a_kindred_carries_the_sheet_and_a_mortal_none() -> None:
    state = initial_state(scenario_from_data(scene(vampire("Mara", 0, 0), person("Jonah", 0, 30))))
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet == KindredSheet(blood_potency=2, hunger=2, celerity=2, potence=3, protean=2)
    assert rmu_stats(state.combatant("Jonah")).kindred is None


def test_v6_a_kindred_sheet_defaults_to_blood_potency_1_and_hunger_1() -> None:
    bare = person("Mara", 0, 0, kindred=True)
    sheet = rmu_stats(initial_state(scenario_from_data(scene(bare))).combatant("Mara")).kindred
    assert sheet is not None and (sheet.blood_potency, sheet.hunger) == (1, 1)


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"hunger": 3}, "kindred = true"),
        ({"kindred": True, "hunger": 6}, "less than or equal to 5"),
        ({"kindred": True, "stats": {"celerity": 2}}, "disciplines.celerity"),
        ({"kindred": True, "disciplines": {"celerity": 6}}, "less than or equal to 5"),
    ],
)
def test_v6_the_sheet_is_checked_when_read(extra: dict[str, Any], says: str) -> None:
    with pytest.raises(ScenarioError, match=says):
        scenario_from_data(scene(person("Mara", 0, 0, **extra)))


def test_v4_a_kindreds_celerity_counts_for_the_dodge_share_only_once_roused() -> None:
    state = initial_state(scenario_from_data(scene(vampire("Mara", 0, 0))))
    assert defender(state.combatant("Mara")).celerity == 0
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet is not None and sheet.rouse("celerity").celerity_in_play == 2


def test_a_mortal_given_rapid_reflexes_keeps_them_without_blood() -> None:
    """A ghoul (or any mortal) given stats.celerity has it in play at once, as before."""
    state = initial_state(scenario_from_data(scene(person("Ghoul", 0, 0, stats={"celerity": 2}))))
    assert defender(state.combatant("Ghoul")).celerity == 2
