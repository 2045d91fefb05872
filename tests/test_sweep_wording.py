"""The sweep's action line reads the way it is said (DEC-550): ``60 ft out, 30 ft wide`` or
``30 ft wide at 60 ft``; the old order ``60 ft wide 30 ft`` (60 ft out, 30 ft across) still
reads as before, because a saved log replays by reading its lines again (RMU-SUP-1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.replay import replay_log
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.encounter_actions import parse_rmu_action
from firefight.rulesets.rmu.fire_actions import Sweep

ROOT = Path(__file__).resolve().parents[1]
RMU = find_ruleset("rmu")
DOCK = load_scenario(ROOT / "examples" / "loading-dock.toml")
OLD = "Dario sweeps 50 ft wide 30 ft toward 30,50 --ap 3"
FACES = [42, 90, 40, 30, 20]


def _sweep(text: str) -> Sweep:
    action = parse_rmu_action(text, initial_state(DOCK))
    assert isinstance(action, Sweep)
    return replace(action, text="")


@pytest.mark.parametrize(
    "text",
    [
        "Dario sweeps 50 ft out, 30 ft wide toward 30,50 --ap 3",
        "Dario sweeps 50 ft out 30 ft wide toward 30,50 --ap 3",
        "Dario sweeps 30 ft wide at 50 ft toward 30,50 --ap 3",
        "Dario sweeps 30 ft wide at 50 ft at 30,50 --ap 3",
        "Dario sweeps 30ft wide at 50ft toward 30,50 --ap 3",
    ],
)
def test_rmu_sup_1_the_natural_wordings_read_as_the_old_line(text: str) -> None:
    assert _sweep(text) == _sweep(OLD)
    assert (_sweep(text).distance_ft, _sweep(text).width_ft) == (50, 30)


def test_rmu_sup_1_a_width_alone_sweeps_toward_the_point_named() -> None:
    swept = _sweep("Dario sweeps 30 ft wide toward 30,50 --ap 3")
    assert (swept.distance_ft, swept.width_ft) == (None, 30)
    assert swept.toward_point is not None


def _log(text: str) -> tuple[list[engine.Resolution], object]:
    opened = engine.open_fight(initial_state(DOCK), RMU, Dice.seeded(1))
    swept = engine.act(opened.state, text, RMU, Dice.scripted(FACES))
    return [opened, swept], swept.state


def test_rmu_sup_1_a_log_in_the_old_wording_replays_to_the_same_state() -> None:
    """The old line is re-read on replay (encounter/replay.py): it must give the same record."""
    steps, state = _log(OLD)
    records = [step.record for step in steps]
    assert replay_log(DOCK, records, RMU) == state


def test_rmu_sup_1_the_new_wording_records_what_the_old_one_did() -> None:
    old_steps, old_state = _log(OLD)
    new_steps, new_state = _log("Dario sweeps 50 ft out, 30 ft wide toward 30,50 --ap 3")
    old, new = old_steps[-1].record.payload(), new_steps[-1].record.payload()
    old.pop("text")
    new.pop("text")
    assert old == new
    assert old_state == new_state
