"""A malfunction's 66 sends a round toward the shooter's nearest ally, rolled, in every firearm
action that can malfunction: the aimed shot's fumble (RMU-GEN-8, tests/test_rmu_audit.py), the
rapid-fire preparation's critical (RMU-RF-13) and the sweep's (F-5); DEC-105."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.geometry import Point
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bodies import Ally, Bystander
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.fire_results import PreparationResult, SweepResult
from firefight.rulesets.rmu.firearm_events import WeaponMalfunctioned
from firefight.rulesets.rmu.rapid_fire import (
    RapidFirePreparation,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.shot_results import StrayRound
from firefight.rulesets.rmu.suppression import (
    SuppressionSweep,
    SweepTarget,
    resolve_suppression_sweep,
)
from firefight.trace import Step, Total

DATA = RmuData()
RUNNER = CliRunner()
ANA = Ally(who=Bystander(name="Ana", armor="BA II"), distance_ft=25)
PREP = RapidFirePreparation(weapon="zastava-m85-stock", rapid_fire_bonus=0, ally=ANA)
SWEEP = SuppressionSweep(
    weapon="glock-17",
    fire_discipline_bonus=0,
    position=Point(x_ft=0, y_ft=0),
    bearing_deg=0.0,
    distance_ft=60,
    width_ft=15,
    people=(SweepTarget(name="Edge", position=Point(x_ft=0, y_ft=59.5)),),
    ally=replace(ANA, distance_ft=20),
)


def stray_at_ally(out: Outcome[PreparationResult] | Outcome[SweepResult]) -> StrayRound:
    """The round the malfunction sent at the named ally."""
    toward = out.result.toward_ally
    assert toward is not None and isinstance(toward.ally, StrayRound)
    return toward.ally


def _ally_total(out: Outcome) -> Total:
    return next(
        e for e in out.trace if isinstance(e, Total) and e.label == "attack total against Ana"
    )


def test_rmu_rf_13_a_preparations_66_is_rolled_at_the_nearest_ally() -> None:
    """04 then 80: a D critical, the fumble d100 26 pushed +40 to 66; the round goes toward Ana
    25 ft away, in the Zastava's Short band (no point blank): 90 + 0 on her BA II."""
    out = resolve_rapid_fire_preparation(PREP, Dice.scripted([4, 80, 26, 90, 50, 50, 50]), DATA)
    bad = next(e for e in out.events if isinstance(e, WeaponMalfunctioned))
    assert (bad.roll, bad.effect.nearest_ally) == (66, True)
    ally = stray_at_ally(out)
    assert (ally.name, ally.attack_total, ally.landing.column) == ("Ana", 90, "BA II")
    assert {p.rule: p.value for p in _ally_total(out).parts} == {"RMU-GEN-2": 90, "RMU-RF-13": 0}


def test_f_5_a_sweeps_66_is_rolled_at_the_nearest_ally() -> None:
    """04 then 80: a C critical; the Glock's own column, 36 pushed +30 to 66: a round toward
    Ana 20 ft away, Short band: 70 + 0."""
    out = resolve_suppression_sweep(SWEEP, Dice.scripted([4, 80, 36, 70, 50, 50, 50]), DATA)
    ally = stray_at_ally(out)
    assert (ally.name, ally.attack_total) == ("Ana", 70)
    assert {p.rule: p.value for p in _ally_total(out).parts} == {"RMU-GEN-2": 70, "F-5": 0}


def test_dec_105_with_nobody_named_the_66_is_the_gms_to_place() -> None:
    out = resolve_rapid_fire_preparation(replace(PREP, ally=None), Dice.scripted([4, 80, 26]), DATA)
    toward = out.result.toward_ally
    assert toward is not None and toward.ally is None
    told = [e for e in out.trace if isinstance(e, Step) and "GM's to place" in e.text]
    assert [e.rule for e in told] == ["RMU-RF-13"]


def _run(*args: str) -> Any:
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_commands_take_the_ally_and_the_firing_round_refuses_it() -> None:
    doc = _run(
        "rmu", "suppress", "--weapon", "glock-17", "--distance", "60", "--width", "15",
        "--target", "Edge:0,59.5", "--ally", "Ana=BA II@20", "--rolls", "4,80,36,70,50,50,50",
    )  # fmt: skip
    assert doc["result"]["ally"]["attack_total"] == 70
    prep = _run(
        "rmu", "rapid-fire", "--weapon", "zastava-m85-stock", "--prepare",
        "--ally", "Ana=BA II@25", "--rolls", "4,80,26,90,50,50,50",
    )  # fmt: skip
    assert prep["result"]["ally"]["attack_total"] == 90
    firing = RUNNER.invoke(
        app,
        [
            "rmu", "rapid-fire", "--weapon", "zastava-m85-stock", "--share", "50",
            "--target", "Bob:0,40", "--ally", "Ana@20", "--rolls", "50",
        ],
    )  # fmt: skip
    assert firing.exit_code == 2
    assert "--ally: is for the preparation" in firing.output
