"""The quiet path, step by step (issue 19): every action and round change a simulated fight
plays leads, from the same dice, to the very state the recorded engine's leads to, and is
refused when the recorded engine refuses it. The fight-level checks (test_odds_fights_quiet)
compare only how fights end; a quiet-only branch a few fights never reach, or whose change
comes out even by the end, is caught here at the step it goes wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import FirefightError
from firefight.rulesets import find_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCENARIOS = sorted(p.name for p in EXAMPLES.glob("*.toml") if "[scenario]" in p.read_text())


def _step_dice(seed: int, step: int) -> tuple[Dice, Dice]:
    """Two sources drawing the same faces: one for each path."""
    return Dice.seeded(seed * 10_000 + step), Dice.seeded(seed * 10_000 + step)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_r_2_r_4_r_5_every_quiet_step_is_the_recorded_step(scenario: str) -> None:
    """R-2 (hits and what they do), R-4 (upkeep), R-5 (initiative), and each ruleset's shot
    rules through its quiet resolver (rmu RMU-GEN-5, cpr CPR-HIT-1/C-1, gurps GUR-CORE-1,
    cards K-1/D-4): each tactic's lines are tried in turn, quiet first, then recorded, on the
    same state and dice; both refuse, or both lead to equal states."""
    loaded = load_scenario(EXAMPLES / scenario)
    ruleset = find_ruleset(loaded.ruleset)
    tactics = ruleset.fight_tactics()
    played = 0
    for tactic_name, tactic in sorted(tactics.items()):
        for seed in range(2):
            step = 0
            quiet_dice, loud_dice = _step_dice(seed, step)
            start = initial_state(loaded)
            state = engine.open_fight(start, ruleset, loud_dice).state
            assert engine.open_fight_quietly(start, ruleset, quiet_dice) == state
            for _ in range(4):
                for name in [n for group in state.initiative for n in group]:
                    if not state.combatant(name).can_act():
                        continue
                    for text in tactic(state, name):
                        step += 1
                        quiet_dice, loud_dice = _step_dice(seed, step)
                        action = ruleset.parse_action(text, state)
                        try:
                            quiet = engine.act_quietly(state, action, ruleset, quiet_dice)
                        except FirefightError:
                            quiet = None
                        try:
                            loud = engine.act(state, text, ruleset, loud_dice).state
                        except FirefightError:
                            assert quiet is None, (tactic_name, seed, text)
                            continue
                        assert quiet == loud, (tactic_name, seed, text)
                        state = loud
                        played += 1
                        break
                step += 1
                quiet_dice, loud_dice = _step_dice(seed, step)
                quiet_round = engine.next_round_quietly(state, ruleset, quiet_dice)
                state = engine.next_round(state, ruleset, loud_dice).state
                assert quiet_round == state, (tactic_name, seed, state.round)
    assert played >= 4
