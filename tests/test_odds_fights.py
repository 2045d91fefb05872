"""``odds simulate``: whole fights of a scenario, seeded, through the encounter engine
(RULINGS R-2 hits and death, R-4 upkeep, R-5 initiative decide who is left standing)."""

from __future__ import annotations

import gc
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.odds.fights import fight_once, simulate_fights

REPO = Path(__file__).resolve().parents[1]
WAREHOUSE = REPO / "examples" / "warehouse.toml"


def test_r_5_one_fight_is_reproducible_from_its_seed() -> None:
    scenario = load_scenario(WAREHOUSE)
    first = fight_once(scenario, Dice.seeded(3), max_rounds=6)
    again = fight_once(scenario, Dice.seeded(3), max_rounds=6)
    assert first == again
    assert 1 <= first.rounds <= 6
    names = {name for name, _ in first.down}
    assert names <= {"Mara", "Jonah", "Viktor", "Lev"}  # bystanders are never counted


def test_r_2_a_fight_ends_when_one_side_is_left_or_time_runs_out() -> None:
    summary = simulate_fights(WAREHOUSE, fights=8, seed=1, max_rounds=8)
    assert abs(sum(summary.winners().values()) - 1) < 1e-12
    sides = {"hunters": {"Mara", "Jonah"}, "smugglers": {"Viktor", "Lev"}}
    for result in summary.distribution:
        down = {name for name, _ in result.down}
        if result.winner is not None:
            loser = next(side for side in sides if side != result.winner)
            assert sides[loser] <= down  # every fighter of the other side is out
        else:
            assert result.rounds == 8 or down == sides["hunters"] | sides["smugglers"]


def test_simulated_fights_do_not_depend_on_the_executor() -> None:
    with ThreadPoolExecutor(2) as pool:
        one = simulate_fights(WAREHOUSE, fights=6, seed=2, max_rounds=5, executor=pool)
    with ThreadPoolExecutor(1) as pool:
        other = simulate_fights(WAREHOUSE, fights=6, seed=2, max_rounds=5, executor=pool)
    # Same seed, same tasks: the same fights, whatever ran them and in what order.
    assert one.distribution.probabilities == other.distribution.probabilities
    assert one.fights == 6


SIMULATE = ["odds", "simulate"]
SMALL = ["--fights", "6", "--max-rounds", "5", "--workers", "0"]


def test_odds_simulate_command_writes_json_and_a_histogram(tmp_path: Path) -> None:
    plot = tmp_path / "fights.png"
    result = CliRunner().invoke(
        app,
        [*SIMULATE, str(WAREHOUSE), *SMALL, "--json", "--plot", str(plot)],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["fights"] == 6
    assert abs(sum(data["winners"].values()) - 1) < 1e-12
    assert set(data["down"]) == {"Mara", "Jonah", "Viktor", "Lev"}
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_odds_simulate_gives_back_what_it_kept_from_the_collector() -> None:
    """The command keeps what it loaded out of the collector's sweeps while fights run, and
    gives it back, whether the fights end or are refused."""
    before = gc.get_freeze_count()
    played = CliRunner().invoke(app, [*SIMULATE, str(WAREHOUSE), *SMALL, "--json"])
    refused = CliRunner().invoke(app, [*SIMULATE, str(WAREHOUSE), *SMALL, "--tactic", "a=b"])
    assert (played.exit_code, refused.exit_code) == (0, 2)
    assert gc.get_freeze_count() == before
