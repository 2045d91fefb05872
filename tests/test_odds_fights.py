"""``odds simulate``: whole fights of a scenario, seeded, through the encounter engine
(RULINGS R-2 hits and death, R-4 upkeep, R-5 initiative decide who is left standing)."""

from __future__ import annotations

import gc
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.cli.odds import YOUNG_SWEPT_AT
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.limits import LimitError
from firefight.odds import fights
from firefight.odds.fights import (
    WITHIN_BATCH,
    FightResult,
    FightSummary,
    fight_once,
    simulate_fights,
)
from firefight.probability.distribution import Distribution
from firefight.probability.stats import share_interval

REPO = Path(__file__).resolve().parents[1]
WAREHOUSE = REPO / "examples" / "warehouse.toml"
DRY_GULCH = REPO / "examples" / "dry-gulch.toml"


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
    here = simulate_fights(WAREHOUSE, fights=6, seed=2, max_rounds=5)
    # Same seed, same tasks: the same fights, whatever ran them and in what order, and in
    # this process too (it ran one stream, workers eight: --workers 0 gave other answers).
    assert one.distribution.probabilities == other.distribution.probabilities
    assert here.distribution.probabilities == one.distribution.probabilities
    assert one.fights == 6


def _widest(summary: FightSummary) -> float:
    """The widest half-interval of the ways the fights ended (each side's win, the rest)."""
    ends = [*summary.winners().values()]
    return max(
        (high - low) / 2
        for p in ends
        for low, high in [share_interval(round(p * summary.fights), summary.fights)]
    )


def test_a_run_within_a_precision_stops_at_the_first_batch_that_knows_enough() -> None:
    """Batches of 250 fights until every end is known to within the precision: at the stop it
    is, one batch before it was not; the same seed plays the same batches."""
    tight = simulate_fights(DRY_GULCH, fights=5000, within=0.03)
    assert tight.fights == 3 * WITHIN_BATCH
    assert _widest(tight) <= 0.03
    before = simulate_fights(DRY_GULCH, fights=2 * WITHIN_BATCH, within=0.03)
    assert _widest(before) > 0.03
    first = simulate_fights(DRY_GULCH, fights=WITHIN_BATCH, within=0.03)
    assert _widest(first) > 0.03
    loose = simulate_fights(DRY_GULCH, fights=5000, within=0.05)
    assert loose.distribution.probabilities == first.distribution.probabilities
    again = simulate_fights(DRY_GULCH, fights=5000, within=0.03)
    assert again.distribution.probabilities == tight.distribution.probabilities


def test_a_run_within_a_precision_tells_its_progress_against_the_fights_it_looks_like_taking() -> (
    None
):
    """Once a batch is played the bar runs against the fights the widest interval says are
    needed (here 584, not the 5,000 at most), never goes back, and is full at the stop."""
    seen: list[float] = []
    simulate_fights(DRY_GULCH, fights=5000, within=0.03, progress=seen.append)
    assert len(seen) == 3 * WITHIN_BATCH  # one report a fight, in this process
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert seen[WITHIN_BATCH - 1] == WITHIN_BATCH / 5000  # nothing known yet: against the most
    assert seen[WITHIN_BATCH] == pytest.approx((WITHIN_BATCH + 1) / 584)


@pytest.mark.parametrize("within", [0.0, -0.01, 0.51, float("nan"), float("inf")])
def test_a_precision_past_the_limits_is_refused_before_any_fight(within: float) -> None:
    with pytest.raises(LimitError, match=r"0\.1 to 50 points"):
        simulate_fights(DRY_GULCH, fights=10, within=within)


def test_a_run_within_a_precision_stops_at_its_fights_all_the_same() -> None:
    capped = simulate_fights(DRY_GULCH, fights=WITHIN_BATCH + 20, within=0.001, max_rounds=3)
    assert capped.fights == WITHIN_BATCH + 20
    assert abs(sum(capped.winners().values()) - 1) < 1e-12


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
    # Each way a fight ends is its own key, nobody standing and the rounds running out
    # apart (both were "None"), each with its interval.
    assert set(data["winners"]) <= {"hunters", "smugglers", "nobody", "undecided"}
    assert set(data["winner_intervals"]) == set(data["winners"])
    assert data["winners"].get("undecided", 0.0) == data["undecided"]
    assert set(data["down"]) == {"Mara", "Jonah", "Viktor", "Lev"}
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_odds_simulate_within_says_how_many_fights_it_took() -> None:
    result = CliRunner().invoke(
        app, [*SIMULATE, str(DRY_GULCH), "--within", "5", "--workers", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["fights"], data["within"]) == (WITHIN_BATCH, 5)
    text = CliRunner().invoke(app, [*SIMULATE, str(DRY_GULCH), "--within", "5", "--workers", "0"])
    assert f"{WITHIN_BATCH} fights" in text.output and "within 5 points" in text.output
    refused = CliRunner().invoke(app, [*SIMULATE, str(DRY_GULCH), "--within", "0"])
    assert refused.exit_code == 2 and "0.1" in refused.output


def test_odds_simulate_gives_back_what_it_kept_from_the_collector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The command keeps what it loaded out of the collector's sweeps while fights run, and
    sweeps less often, and gives both back, whether the fights end or are refused."""
    before = gc.get_freeze_count(), gc.get_threshold()
    swept_at: list[int] = []

    def fight(*args: Any, **kwargs: Any) -> FightResult:
        swept_at.append(gc.get_threshold()[0])  # as each fight starts
        return fight_once(*args, **kwargs)

    monkeypatch.setattr(fights, "fight_once", fight)
    played = CliRunner().invoke(app, [*SIMULATE, str(WAREHOUSE), *SMALL, "--json"])
    refused = CliRunner().invoke(app, [*SIMULATE, str(WAREHOUSE), *SMALL, "--tactic", "a=b"])
    assert (played.exit_code, refused.exit_code) == (0, 2)
    assert swept_at == [YOUNG_SWEPT_AT] * 6 and before[1][0] < YOUNG_SWEPT_AT
    assert (gc.get_freeze_count(), gc.get_threshold()) == before


def test_a_run_that_meets_its_fights_before_its_precision_says_so() -> None:
    """`--within 1 --fights 300` stopped at 300 fights with every end known to about ±5
    points, and said it had played until every end was known to within 1; it now says where
    it stopped and how well the ends are known (`within_reached` in --json)."""
    args = [*SIMULATE, str(DRY_GULCH), "--fights", "300", "--workers", "0", "--within"]
    runner = CliRunner()
    capped = runner.invoke(app, [*args, "1"])
    assert capped.exit_code == 0, capped.output
    assert "Played until" not in capped.output
    assert "Stopped at the 300 fights --fights allows" in capped.output
    data = json.loads(runner.invoke(app, [*args, "1", "--json"]).output)
    assert data["within_reached"] is False and data["widest"] > 0.01
    met = runner.invoke(app, [*args, "10"])
    assert "Played until every end was known to within 10 points" in met.output
    data = json.loads(runner.invoke(app, [*args, "10", "--json"]).output)
    assert data["within_reached"] is True and data["widest"] <= 0.10
    one = [*SIMULATE, str(DRY_GULCH), "--workers", "0", "--max-rounds", "3", "--within", "1"]
    assert "known to within 1 point." in runner.invoke(app, [*one, "--fights", "200000"]).output


def test_shares_are_fights_counted_then_divided() -> None:
    # 97 fights of 100 won, each ending apart: summing 97 hundredths gives 0.9699999999999993.
    won = {FightResult(winner="law", rounds=r, down=()): 0.01 for r in range(1, 98)}
    lost = {FightResult(winner="gang", rounds=r, down=()): 0.01 for r in range(1, 4)}
    summary = FightSummary(
        fights=100,
        distribution=Distribution(probabilities={**won, **lost}, method="monte carlo", samples=100),
        fighters=(),
    )
    assert summary.winners() == {"law": 0.97, "gang": 0.03}
    assert summary.rounds()[1] == 0.02
    assert sum(summary.ends().values()) == 1.0
