"""Kindred as rmu combatants (issue 14): the scenario sheet (RULINGS V-6) and what it changes."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import MemoryStore
from firefight.dice import Dice
from firefight.encounter.scenario import ScenarioError, initial_state, scenario_from_data
from firefight.geometry import Point
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import Blast, BlastTarget, resolve_detonation
from firefight.rulesets.rmu.events import CriticalInflicted
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.scene_reading import defender
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.service import EncounterService


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
    assert defender(state.combatant("Mara"), kindred_rules(state)).celerity == 0
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet is not None and sheet.rouse("celerity").celerity_in_play == 2


def test_a_mortal_given_rapid_reflexes_keeps_them_without_blood() -> None:
    """A ghoul (or any mortal) given stats.celerity has it in play at once, as before."""
    state = initial_state(scenario_from_data(scene(person("Ghoul", 0, 0, stats={"celerity": 2}))))
    assert defender(state.combatant("Ghoul"), kindred_rules(state)).celerity == 2


# --- V-1: ordinary damage reads one severity lower --------------------------------------------


def shot_at(target: dict[str, Any], rolls: list[int], **rules: Any) -> Any:
    data = scene(person("Jonah", 0, 0), target)
    if rules:
        data["rules"] = {"kindred": rules}
    service = EncounterService(MemoryStore())
    service.new("k", scenario_from_data(data), Dice.seeded(1))
    return service.act("k", "Jonah shoots Mara --ap 3", Dice.scripted(rolls))


def criticals(applied: Any) -> list[CriticalInflicted]:
    return [e for e in applied.record.events if isinstance(e, CriticalInflicted)]


def test_v1_a_kindred_hit_by_a_9mm_reads_one_severity_lower_than_a_mortal() -> None:
    """Same dice (attack 99+40, critical 05): the mortal takes the E cell, the Kindred the D."""
    table = RmuData().tables.critical("ballistic-puncture")
    mortal = criticals(shot_at(person("Mara", 0, 30), [99, 40, 5]))
    kindred_shot = shot_at(vampire("Mara", 0, 30), [99, 40, 5])
    kindred = criticals(kindred_shot)
    assert [(e.severity, e.effect) for e in mortal] == [("E", table.row_for(5).cell(Severity.E))]
    assert [(e.severity, e.effect, e.reduced_from) for e in kindred] == [
        ("D", table.row_for(5).cell(Severity.D), "E")
    ]
    steps = [t for t in kindred_shot.record.trace if t.get("rule") == "V-1"]
    assert steps and "reads 1 severity lower, D" in steps[0]["text"]
    assert "read as D on a Kindred (V-1)" in kindred_shot.record.narration[0]


def test_v1_is_a_scenario_option_and_0_turns_it_off() -> None:
    off = criticals(shot_at(vampire("Mara", 0, 30), [99, 40, 5], severity_steps=0))
    assert [e.severity for e in off] == ["E"]


def test_v1_below_a_steps_down_to_the_nearest_lower_row_of_the_same_location() -> None:
    table = RmuData().tables.critical("ballistic-puncture")
    leg = read_critical(table, 40, Severity.A, steps=1)  # 36-45 leg: the next lower leg is 06-10
    assert [(s, row.label) for s, row, _ in leg.cells] == [(Severity.A, "06-10")]
    assert leg.cells[0][2] == table.row_for(8).cell(Severity.A) and leg.reduced
    chest = read_critical(table, 3, Severity.A, steps=1)  # 02-03 chest: none lower, so 01
    assert [row.label for _, row, _ in chest.cells] == ["01"]


def test_v1_a_compound_severity_steps_down_the_ladder() -> None:
    """P-7's F (E + A) one lower is E alone; G (E + B) is F (E + A)."""
    table = RmuData().tables.critical("ballistic-puncture")
    assert [s for s, _, _ in read_critical(table, 50, Severity.F, steps=1).cells] == [Severity.E]
    assert [s for s, _, _ in read_critical(table, 50, Severity.G, steps=1).cells] == [
        Severity.E,
        Severity.A,
    ]


def test_v1_fire_is_aggravated_a_thermate_critical_is_not_reduced() -> None:
    """An AN-M14 (thermate) reads Heat at the band's severity on a Kindred as on a mortal."""
    blast = Blast(
        load="an-m14",
        center=Point(x_ft=0, y_ft=0),
        people=(
            BlastTarget(name="Mara", position=Point(x_ft=3, y_ft=0), severity_steps=1),
            BlastTarget(name="Jonah", position=Point(x_ft=-3, y_ft=0)),
        ),
    )
    outcome = resolve_detonation(blast, Dice.scripted([80, 40, 40]))
    crits = {e.target: e for e in outcome.events if isinstance(e, CriticalInflicted)}
    assert crits["Mara"].severity == crits["Jonah"].severity
    assert crits["Mara"].effect == crits["Jonah"].effect
    assert crits["Mara"].aggravated and crits["Mara"].reduced_from is None
    assert any(
        t.get("rule") == "V-1" and "aggravated" in str(t["text"]) for t in outcome.trace.to_json()
    )


def test_v1_fragments_are_not_aggravated_and_read_lower() -> None:
    blast = Blast(
        load="m67",
        center=Point(x_ft=0, y_ft=0),
        thrown_ranks=10,
        people=(BlastTarget(name="Mara", position=Point(x_ft=30, y_ft=0), severity_steps=1),),
    )
    outcome = resolve_detonation(blast, Dice.scripted([60, 50]))
    (crit,) = [e for e in outcome.events if isinstance(e, CriticalInflicted)]
    assert (crit.reduced_from, crit.severity) == ("B", "A")  # the docstring's mortal reads B
