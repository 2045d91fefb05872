"""The rmu defects of the rules audit (issue 11), each pinned by the audit's own command and the
numbers the rules give, worked by hand: bodies in front (P-2 revised, RMU-RF-11, RMU-COV-5), the
stray round (P-8, RMU-COV-6), suppression at point blank (F-8, RMU-SUP-4), the unconscious
defender (P-9), armor wear (P-5, RMU-BRK-1, RMU-BRK-2), the rule IDs and wording of the trace,
and rules that had no way in (RMU-HUNT-1, RMU-RF-1, RMU-DOD-2, RMU-COV-7, RMU-TRI-2, RMU-ARM-5,
the fumble's 66)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from encounter_support import person, scene
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.encounter.state import EncounterState
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset

RMU: Ruleset = find_ruleset("rmu")
RUNNER = CliRunner()


def opened_state(doc: dict[str, Any]) -> EncounterState:
    """Round 1 of a scene, initiative from a seeded die."""
    return engine.open_fight(initial_state(scenario_from_data(doc)), RMU, Dice.seeded(1)).state


def run(*args: str) -> Any:
    """Run a command with --json and return its document."""
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def parts_of(trace: list[dict[str, Any]], label: str) -> dict[str, int]:
    """The parts of the total named ``label``, by rule ID (or label when the part has none)."""
    total = next(t for t in trace if t.get("type") == "total" and t["label"] == label)
    return {p["rule"] or p["label"]: p["value"] for p in total["parts"]}


# --- P-2 revised: the screen is the best single grade, one up for two or more ---------------

SCENE_P2 = """
[[person]]
name = "Bob"
x_ft = 0
y_ft = 60
[[person]]
name = "A"
x_ft = 0
y_ft = 20
posture = "prone"
[[person]]
name = "B"
x_ft = 0
y_ft = 40
"""


def test_p_2_rmu_rf_11_a_prone_body_in_front_never_lowers_a_standing_bodys_full_cover(
    tmp_path: Path,
) -> None:
    """The audit's scene: B standing at 40 ft hides all of Bob at 60 ft (full, -175 on the
    SG & ME 1-6 hard column); A prone at 20 ft hides less. Best single grade full, stepped up
    stays full: -175, not the -35 the nearer prone body gave."""
    path = tmp_path / "scene.toml"
    path.write_text(SCENE_P2)
    doc = run(
        "rmu",
        "rapid-fire",
        "--weapon",
        "zastava-m85-stock",
        "--share",
        "100",
        "--ob",
        "100",
        "--scene",
        str(path),
        "--rolls",
        "50,50,50,50,50,50",
    )
    bob = next(t for t in doc["summary"]["targets"] if t["name"] == "Bob")
    assert bob["body_cover"] == "full"
    assert parts_of(doc["trace"], "attack total against Bob")["RMU-RF-11"] == -175


def test_p_2_rmu_cov_5_encounter_aimed_shot_takes_the_best_body_not_the_nearest() -> None:
    """Mara at 0,0 shoots Viktor at 0,60 past Ann prone at 0,20 and Ben standing at 0,40: full
    hard cover from bodies, -175 (SG & ME 1-6), where the nearer prone body alone gave partial
    stepped up."""
    doc = scene(
        person("Mara", 0, 0),
        person("Viktor", 0, 60),
        person("Ann", 0, 20, posture="prone"),
        person("Ben", 0, 40),
    )
    res = engine.act(opened_state(doc), "Mara shoots Viktor", RMU, Dice.scripted([10, 1, 50, 50]))
    parts = parts_of(res.record.trace, "attack total")
    assert parts["RMU-COV-5"] == -175
