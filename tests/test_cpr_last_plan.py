"""The attack plan validation builds is kept for the resolution that follows it
(firefight.rulesets.cpr.last_plan): the same events, trace and result as a resolution that
built its own, for the very state and action it was built from and no other."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.scene.state import EncounterState

NIGHT_MARKET = Path(__file__).resolve().parents[1] / "examples" / "night-market.toml"


def _opened() -> EncounterState:
    cpr = find_ruleset("cpr")
    return engine.open_fight_quietly(
        initial_state(load_scenario(NIGHT_MARKET)), cpr, Dice.seeded(1)
    )


@pytest.mark.parametrize(
    "line",
    [
        "V shoots Rook --twice",
        "V shoots Juno --twice --move-between 2,3",
        "Juno shoots V --aim head",
        "Rook autofires at V",
    ],
)
def test_cpr_dod_1_cpr_rof_1_c_5_a_validated_shot_resolves_as_one_resolved_cold(line: str) -> None:
    """CPR-DOD-1 (Juno's dodge in the trace), CPR-ROF-1 (the move between), C-5: resolving
    right after validating gives what resolving alone gives, seed for seed."""
    cpr = find_ruleset("cpr")
    state = _opened()
    action = cpr.parse_action(line, state)
    for seed in range(5):
        cpr.validate(state, cpr.parse_action("V shoots Juno", state))  # another plan kept
        cold = cpr.resolve(state, action, Dice.seeded(seed))
        cpr.validate(state, action)
        assert cpr.resolve(state, action, Dice.seeded(seed)) == cold


def test_a_plan_is_kept_for_its_own_state_only() -> None:
    """The same action on a state where the shooter moved is planned afresh: the distance
    and so the trace differ."""
    cpr = find_ruleset("cpr")
    state = _opened()
    action = cpr.parse_action("V shoots Rook", state)
    v = state.combatant("V")
    moved = state.with_combatant(replace(v, position=replace(v.position, x_ft=3.0)))
    cpr.validate(state, action)
    here = cpr.resolve(state, action, Dice.seeded(2))
    there = cpr.resolve(moved, action, Dice.seeded(2))
    assert here.trace != there.trace
    assert cpr.resolve(moved, action, Dice.seeded(2)) == there
