"""The quiet engine path a simulation runs (issue 19): the same rules and dice as the recorded
engine, no log records, so every fight it plays is the fight ``firefight encounter`` plays."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.odds.fights import fight_once, simulate_fights
from firefight.rulesets import find_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WAREHOUSE = EXAMPLES / "warehouse.toml"


SCENARIOS = sorted(p.name for p in EXAMPLES.glob("*.toml") if "[scenario]" in p.read_text())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_r_2_r_4_r_5_quiet_fights_are_the_recorded_engines_fights(scenario: str) -> None:
    """R-2 (hits, death), R-4 (upkeep), R-5 (initiative): seed by seed, the quiet path and the
    recorded engine leave the same side standing, after the same rounds, with the same people
    down when."""
    loaded = load_scenario(EXAMPLES / scenario)
    for seed in range(3):
        quiet = fight_once(loaded, Dice.seeded(seed), max_rounds=4)
        loud = fight_once(loaded, Dice.seeded(seed), max_rounds=4, quiet=False)
        assert quiet == loud


def test_quiet_and_recorded_win_shares_agree_within_monte_carlo_error() -> None:
    """Many fights, different seeds for the two engines: the shares of each ending agree
    within five standard errors of their difference."""
    n = 40
    quiet = simulate_fights(WAREHOUSE, fights=n, seed=11, max_rounds=6).winners()
    loaded = load_scenario(WAREHOUSE)
    loud: dict[str | None, float] = {}
    for k in range(n):
        won = fight_once(loaded, Dice.seeded(10_000 + k), max_rounds=6, quiet=False).winner
        loud[won] = loud.get(won, 0.0) + 1 / n
    for side in set(quiet) | set(loud):
        p, q = quiet.get(side, 0.0), loud.get(side, 0.0)
        pooled = (p + q) / 2
        error = math.sqrt(max(pooled * (1 - pooled), 1 / n) * 2 / n)
        assert abs(p - q) <= 5 * error, side


def test_the_quiet_path_refuses_as_the_engine_does() -> None:
    loaded = load_scenario(WAREHOUSE)
    ruleset = find_ruleset(loaded.ruleset)
    state = initial_state(loaded)
    with pytest.raises(RuleRefusal):
        engine.next_round_quietly(state, ruleset, Dice.seeded(0))
    opened = engine.open_fight_quietly(state, ruleset, Dice.seeded(0))
    assert opened == engine.open_fight(state, ruleset, Dice.seeded(0)).state
    with pytest.raises(RuleRefusal):
        engine.open_fight_quietly(opened, ruleset, Dice.seeded(0))
