"""RULINGS R-2's fatigue check (DEC-79): at a total penalty of -100 or worse, every effortful
rmu action first rolls an absolute maneuver (M-3); Failure or worse spends the action's AP and
does nothing else."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import person, scene
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogRecord, parse_record
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.events import Event
from firefight.geometry import Point
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.events import CriticalInflicted
from firefight.rulesets.rmu.fatigue import FatigueChecked
from firefight.rulesets.rmu.vitals import total_penalty, vitals
from firefight.scene.apply import apply_all
from firefight.scene.state import EncounterState
from test_rmu_encounter_fire import yard_scene

RMU: Ruleset = find_ruleset("rmu")


def worn_out(
    injury: int = -100, doc: dict[str, Any] | None = None, who: str = "Mara", **stats: Any
) -> EncounterState:
    """Round 1 of a duel (or of ``doc``) with ``who`` carrying an injury penalty of ``injury``."""
    if doc is None:
        mara = person("Mara", 0, 0)
        mara["stats"].update(stats)
        doc = scene(mara, person("Viktor", 0, 30))
    state = engine.open_fight(initial_state(scenario_from_data(doc)), RMU, Dice.seeded(1)).state
    hurt = CriticalInflicted(
        target=who,
        table="ballistic-puncture",
        severity="C",
        roll=50,
        location="leg",
        effect=CriticalEffect(label="test cell", injury=injury),
    )
    return apply_all(state, [hurt], RMU)


def checks(events: tuple[Event, ...]) -> list[FatigueChecked]:
    return [e for e in events if isinstance(e, FatigueChecked)]


def test_r_2_failed_fatigue_check_spends_the_move_ap_and_moves_nobody() -> None:
    """R-2, M-3: d100 50, +0 (no constitution), -100 penalty = -50: absolute failure."""
    state = worn_out()
    assert total_penalty(state.combatant("Mara")) == -100
    res = engine.act(state, "Mara moves 0,-20", RMU, Dice.scripted([50]))
    mara = res.state.combatant("Mara")
    assert mara.position == Point(x_ft=0, y_ft=0)
    assert vitals(mara).ap_left == vitals(state.combatant("Mara")).ap_left - 1
    [check] = checks(res.record.events)
    assert (check.total, check.result, check.passed) == (-50, "absolute failure", False)
    steps = " ".join(str(t.get("text", "")) for t in res.record.trace)
    assert "no constitution stat" in steps and "the action fails" in steps


def test_r_2_passed_fatigue_check_lets_the_move_happen_after_it() -> None:
    """R-2: constitution +200 and d100 50, less 100: 150 is a Success, so Mara moves."""
    state = worn_out(constitution=200)
    res = engine.act(state, "Mara moves 0,-20", RMU, Dice.scripted([50]))
    assert res.state.combatant("Mara").position == Point(x_ft=0, y_ft=-20)
    [check] = checks(res.record.events)
    assert (check.total, check.result, check.passed) == (150, "success", True)
    assert res.record.summary["fatigue_check"] == "success"


def test_r_2_failed_fatigue_check_on_a_shot_spends_its_ap_and_fires_nothing() -> None:
    state = worn_out()
    res = engine.act(state, "Mara shoots Viktor --ap 2", RMU, Dice.scripted([50]))
    mara = res.state.combatant("Mara")
    assert vitals(mara).ap_left == vitals(state.combatant("Mara")).ap_left - 2
    assert mara.weapon().loaded.rounds == 17  # type: ignore[union-attr]
    assert res.state.combatant("Viktor") == state.combatant("Viktor")
    assert res.record.dice.faces == (50,)


def test_r_2_failed_fatigue_check_on_a_reload_keeps_the_magazine() -> None:
    state = worn_out()
    res = engine.act(state, "Mara reloads", RMU, Dice.scripted([50]))
    before = state.combatant("Mara").weapon()
    after = res.state.combatant("Mara").weapon()
    assert after == before
    assert (
        vitals(res.state.combatant("Mara")).ap_left == vitals(state.combatant("Mara")).ap_left - 1
    )


def test_r_2_failed_fatigue_check_on_a_sweep_fires_nothing_and_nobody_dives() -> None:
    state = worn_out(doc=yard_scene(), who="Dario")
    res = engine.act(
        state, "Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 3", RMU, Dice.scripted([50])
    )
    assert (
        vitals(res.state.combatant("Dario")).ap_left == vitals(state.combatant("Dario")).ap_left - 3
    )
    assert res.state.combatant("Dario").weapons == state.combatant("Dario").weapons
    for name in ("Teo", "Sam", "Mara"):  # nobody in the swept ground dives or loses AP
        assert res.state.combatant(name) == state.combatant(name)
    assert res.record.dice.faces == (50,)


def test_r_2_failed_fatigue_check_on_a_dash_leaves_the_mover_where_they_were() -> None:
    state = worn_out(doc=yard_scene(position=[22, 44]))
    res = engine.act(state, "Mara dashes to cover pallets", RMU, Dice.scripted([50]))
    mara = res.state.combatant("Mara")
    assert mara.position == state.combatant("Mara").position
    assert vitals(mara).ap_left < vitals(state.combatant("Mara")).ap_left
    assert [c.passed for c in checks(res.record.events)] == [False]
    assert res.record.dice.faces == (50,)


@pytest.mark.parametrize("line", ["Mara waits --ap 1", "Mara drops-prone"])
def test_r_2_waiting_and_dropping_prone_need_no_fatigue_check(line: str) -> None:
    res = engine.act(worn_out(), line, RMU, Dice.scripted([]))
    assert checks(res.record.events) == []


def test_r_2_no_fatigue_check_above_minus_100() -> None:
    res = engine.act(worn_out(injury=-99), "Mara moves 0,-20", RMU, Dice.scripted([]))
    assert checks(res.record.events) == []
    assert res.state.combatant("Mara").position == Point(x_ft=0, y_ft=-20)


def test_r_2_fatigue_check_folds_and_undoes_from_the_log() -> None:
    """The check is in the record's events: the stored record read back folds to the same
    state, and an undo of it gives back the state before."""
    state = worn_out()
    res = engine.act(state, "Mara moves 0,-20", RMU, Dice.scripted([50]))
    stored = parse_record(res.record.payload(), seq=1)
    assert checks(stored.events) == checks(res.record.events) != []
    assert fold(state, [stored], RMU) == res.state
    undo = LogRecord(kind="undo", round=1, text="undo", reverts=1, seq=2)
    assert fold(state, [stored, undo], RMU) == state
