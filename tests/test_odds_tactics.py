"""Tactics for ``odds simulate`` (issue 19): pluggable per ruleset, chosen per side in the
scenario or on the command line (DEC-473, DEC-474)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.odds.fights import fight_once, side_tactics, simulate_fights
from firefight.rulesets import find_ruleset
from firefight.rulesets.gurps.tactics import steady
from firefight.rulesets.rmu.tactics import aimed

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WAREHOUSE = EXAMPLES / "warehouse.toml"


def test_each_ruleset_offers_its_default_first_and_the_plain_tactic() -> None:
    assert list(find_ruleset("rmu").fight_tactics()) == ["aimed", "plain"]
    assert list(find_ruleset("gurps").fight_tactics()) == ["steady", "plain"]
    assert list(find_ruleset("cpr").fight_tactics()) == ["plain"]


def test_rmu_gen_1_rmu_rf_13_aimed_prepares_the_shot_then_clears_a_jam() -> None:
    """RMU-GEN-1: a prepared shot (no -30 recoil) at the nearest enemy comes first; RMU-RF-13:
    a jammed gun is cleared before the fighter gives up and waits."""
    state = initial_state(load_scenario(WAREHOUSE))
    lines = aimed(state, "Mara")
    assert lines[0].startswith("Mara shoots ") and lines[0].endswith(" --prepared")
    assert lines.index("Mara clears") < lines.index("Mara reloads") < lines.index("Mara waits")
    assert not any("throws" in line for line in lines)  # Mara has a gun: no grenades


def test_dec_473_a_thrower_without_a_gun_throws_at_the_nearest_or_between_the_grouped() -> None:
    scenario = load_scenario(EXAMPLES / "grenade-room.toml")
    state = initial_state(scenario)
    lines = aimed(state, "Mara")
    throws = [line for line in lines if "throws" in line]
    assert throws == ["Mara throws m67 at 4,47"]  # Viktor; Ilya stands 11 ft from him
    ilya = state.combatant("Ilya")
    moved = replace(ilya, position=replace(ilya.position, x_ft=-2.0, y_ft=50.0))
    grouped = replace(state, combatants=tuple(moved if c is ilya else c for c in state.combatants))
    assert [line for line in aimed(grouped, "Mara") if "throws" in line] == [
        "Mara throws m67 at 1,48.5"
    ]


def test_gur_core_1_steady_tries_to_recover_when_nothing_else_is_allowed() -> None:
    """GUR-CORE-1: a stunned fighter may only try to recover, so the line comes before
    waiting."""
    state = initial_state(load_scenario(EXAMPLES / "dry-gulch.toml"))
    name = next(c.name for c in state.combatants if not c.bystander)
    lines = steady(state, name)
    assert lines[-2:] == [f"{name} recovers", f"{name} waits"]


def test_dec_474_tactics_are_chosen_per_side_and_refused_when_unknown() -> None:
    scenario = load_scenario(WAREHOUSE)
    assert side_tactics(scenario) == {"hunters": "aimed", "smugglers": "aimed"}
    assert side_tactics(scenario, {"hunters": "plain"}) == {
        "hunters": "plain",
        "smugglers": "aimed",
    }
    with pytest.raises(RuleRefusal, match="No side is called 'pirates'"):
        side_tactics(scenario, {"pirates": "plain"})
    with pytest.raises(RuleRefusal, match="no tactic 'sneaky'"):
        side_tactics(scenario, {"hunters": "sneaky"})


def test_dec_474_a_scenario_names_its_sides_tactics(tmp_path: Path) -> None:
    text = WAREHOUSE.read_text().replace(
        'ruleset = "rmu"\n', 'ruleset = "rmu"\ntactics = { smugglers = "plain" }\n', 1
    )
    path = tmp_path / "warehouse.toml"
    path.write_text(text)
    assert side_tactics(load_scenario(path)) == {"hunters": "aimed", "smugglers": "plain"}


def test_the_default_tactic_decides_the_warehouse_where_the_plain_one_ran_out_of_time() -> None:
    """The plain tactic's fighters traded quick shots across the crates until the rounds ran
    out in most fights; the rmu default decides nearly all of the same fights."""
    scenario = load_scenario(WAREHOUSE)
    plain = {"hunters": "plain", "smugglers": "plain"}
    seeds = range(30)
    undecided = sum(fight_once(scenario, Dice.seeded(s)).winner is None for s in seeds)
    before = sum(fight_once(scenario, Dice.seeded(s), tactics=plain).winner is None for s in seeds)
    assert undecided <= 3 < 10 <= before


def test_a_fight_counts_the_rounds_each_fighter_fired() -> None:
    summary = simulate_fights(WAREHOUSE, fights=6, seed=3, max_rounds=6)
    assert summary.tactics == (("hunters", "aimed"), ("smugglers", "aimed"))
    for result in summary.distribution:
        assert {name for name, _ in result.spent} == set(summary.fighters)
        assert all(n >= 0 for _, n in result.spent)
    assert summary.mean_spent("Mara") > 0


def test_odds_simulate_takes_tactic_per_side_and_reports_rounds_to_decide() -> None:
    args = ["odds", "simulate", str(WAREHOUSE), "--fights", "6", "--max-rounds", "6"]
    result = CliRunner().invoke(
        app, [*args, "--workers", "0", "--tactic", "hunters=plain", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tactics"] == {"hunters": "plain", "smugglers": "aimed"}
    assert set(data["mean_rounds_spent"]) == {"Mara", "Jonah", "Viktor", "Lev"}
    assert data["rounds_to_decide"] is None or data["rounds_to_decide"]["mean"] <= 6
    bad = CliRunner().invoke(app, [*args, "--tactic", "hunters"])
    assert bad.exit_code != 0
    assert "SIDE=NAME" in bad.output
