"""The round change a simulated fight runs quietly (issue 19): the same events from the same
dice as the round change the encounter records, without its trace or result."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.rulesets import find_ruleset
from firefight.scene.apply import apply_all

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCENARIOS = sorted(p.name for p in EXAMPLES.glob("*.toml") if "[scenario]" in p.read_text())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_r_4_r_5_quiet_round_change_gives_the_recorded_events(scenario: str) -> None:
    """R-4 and R-5: a round's opening events and its initiative rolls, worked out quietly, are
    the events the recorded round change keeps from the same dice, and the quiet round change
    leads to the recorded one's state (rounds nobody acts in, upkeep running)."""
    loaded = load_scenario(EXAMPLES / scenario)
    ruleset = find_ruleset(loaded.ruleset)
    for seed in range(3):
        state = engine.open_fight(initial_state(loaded), ruleset, Dice.seeded(seed)).state
        for _ in range(3):
            after = ruleset.end_round(state)[1]
            wanted = after.round + 1
            loud = ruleset.start_round(after, wanted).events
            assert tuple(ruleset.start_round_events(after, wanted)) == tuple(loud)
            opened = apply_all(after, loud, ruleset)
            rolled = ruleset.initiative(opened, Dice.seeded(seed + 7)).events
            assert tuple(ruleset.initiative_events(opened, Dice.seeded(seed + 7))) == rolled
            quiet = engine.next_round_quietly(state, ruleset, Dice.seeded(seed))
            state = engine.next_round(state, ruleset, Dice.seeded(seed)).state
            assert quiet == state
