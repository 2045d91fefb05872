"""The quiet engine path a simulation runs (issue 19): the same rules and dice as the recorded
engine, no log records, so every fight it plays is the fight ``firefight encounter`` plays."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.odds.fights import fight_once, simulate_fights
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.tactics import aimed
from firefight.scene.apply import apply_all

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


@pytest.mark.parametrize(
    "scenario", ["warehouse.toml", "night-market.toml", "dry-gulch.toml", "cards-alley.toml"]
)
def test_quiet_and_recorded_win_shares_agree_within_monte_carlo_error(scenario: str) -> None:
    """Many fights, different seeds for the two engines, one scenario per ruleset under its
    default tactics: the shares of each ending agree within five standard errors of their
    difference."""
    n = 40
    path = EXAMPLES / scenario
    quiet = simulate_fights(path, fights=n, seed=11, max_rounds=6).winners()
    loaded = load_scenario(path)
    loud: dict[str | None, float] = {}
    for k in range(n):
        won = fight_once(loaded, Dice.seeded(10_000 + k), max_rounds=6, quiet=False).winner
        loud[won] = loud.get(won, 0.0) + 1 / n
    for side in set(quiet) | set(loud):
        p, q = quiet.get(side, 0.0), loud.get(side, 0.0)
        pooled = (p + q) / 2
        error = math.sqrt(max(pooled * (1 - pooled), 1 / n) * 2 / n)
        assert abs(p - q) <= 5 * error, side


@pytest.mark.parametrize("scenario", ["warehouse.toml", "gas-and-flash.toml"])
def test_rmu_exp_16_resolving_quietly_is_folding_the_resolved_events(scenario: str) -> None:
    """rmu's quiet resolution folds a shot's events once and reads the CS again on the state
    they leave (RMU-EXP-16): the same state as folding every event the recorded resolution
    returns, from the same dice."""
    loaded = load_scenario(EXAMPLES / scenario)
    rmu = find_ruleset("rmu")
    state = engine.open_fight_quietly(initial_state(loaded), rmu, Dice.seeded(3))
    tactic = rmu.fight_tactics()["aimed"]
    played = 0
    for name in [n for group in state.initiative for n in group]:
        for text in tactic(state, name):
            action = rmu.parse_action(text, state)
            try:
                rmu.validate(state, action)
            except RuleRefusal:
                continue
            quiet = rmu.resolve_quietly(state, action, Dice.seeded(7))
            loud = apply_all(state, rmu.resolve(state, action, Dice.seeded(7)).events, rmu)
            assert quiet == loud, text
            state, played = quiet, played + 1
            break
    assert played >= 2


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


def _refusal(run: Callable[[], object]) -> str | None:
    """The refusal ``run`` raises, in words; None when it raises none."""
    try:
        run()
    except RuleRefusal as refused:
        return str(refused)
    return None


def test_rmu_resolving_quietly_refuses_what_validating_refuses_before_any_die() -> None:
    """rmu's quiet resolution validates first itself (``resolve_validates``): whatever
    validation refuses (R-5 a flat-footed Lev in round 1, R-6 a shot at oneself or a step to
    where one stands, RMU-RF-13 a clear with no jam), the quiet path refuses with the same
    words and without a die (scripted dice with no faces would fail on the first)."""
    rmu = find_ruleset("rmu")
    assert rmu.resolve_validates
    loaded = load_scenario(EXAMPLES / "warehouse.toml")
    state = engine.open_fight_quietly(initial_state(loaded), rmu, Dice.seeded(0))
    refused = set()
    for c in state.combatants:
        me = f'"{c.name}"'
        at = f"{c.position.x_ft:g},{c.position.y_ft:g}"
        lines = [f"{me} shoots {me}", f"{me} clears", f"{me} moves {at}", *aimed(state, c.name)]
        for text in lines:
            action = rmu.parse_action(text, state)
            said = _refusal(partial(rmu.validate, state, action))
            if said is None:
                continue
            again = _refusal(partial(engine.act_quietly, state, action, rmu, Dice.scripted([])))
            assert again == said
            refused.add(said.split(":")[0])
    assert {"R-5", "R-6", "RMU-RF-13"} <= refused


def test_cpr_resolving_refuses_what_validating_refuses_before_any_die() -> None:
    """cpr's quiet path resolves without validating first (``resolve_validates``): every line
    its tactic or a player might say that validation refuses, resolving refuses with the same
    words and without a die (scripted dice with no faces would fail on the first)."""
    from firefight.rulesets.cpr.tactics import sharp

    cpr = find_ruleset("cpr")
    assert cpr.resolve_validates
    loaded = load_scenario(EXAMPLES / "night-market.toml")
    state = engine.open_fight_quietly(initial_state(loaded), cpr, Dice.seeded(0))
    refused = 0
    for c in state.combatants:
        others = [o.name for o in state.combatants if o.name != c.name]
        extra = [f'"{c.name}" reloads', *(f'"{c.name}" shoots "{o}" --twice' for o in others)]
        for text in [*sharp(state, c.name), *extra]:
            try:
                action = cpr.parse_action(text, state)
            except RuleRefusal:
                continue  # "waits": a verb cpr does not have, refused as the line is read
            said = _refusal(partial(cpr.validate, state, action))
            if said is None:
                continue
            again = _refusal(partial(engine.act_quietly, state, action, cpr, Dice.scripted([])))
            assert again == said
            refused += 1
    assert refused >= 3
