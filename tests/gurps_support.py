"""What the gurps encounter tests share: the ruleset, a yard with two people in it, and a fight
opened from a scene and played on with scripted dice."""

from __future__ import annotations

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, parse_scenario
from firefight.rulesets import find_ruleset
from firefight.scene.state import EncounterState

GURPS = find_ruleset("gurps")

# Ann (Move 6, a .38 at skill 14) at the origin; Bob (HP 12, a .45 at skill 12) 10 yd north,
# facing her.
YARD = """
[scenario]
title = "Yard"
ruleset = "gurps"

[[combatant]]
name = "Ann"
position = [0, 0]
move = 6

[[combatant.weapon]]
weapon = "revolver-38"
skill = 14

[[combatant]]
name = "Bob"
position = [0, 30]
facing_deg = 180
hp = 12

[[combatant.weapon]]
weapon = "pistol-45"
skill = 12
"""


#: The yard with Ann on the law's side and Bob on the gang's: the tactics tell enemies apart.
SIDED_YARD = YARD.replace('name = "Ann"', 'name = "Ann"\nside = "law"').replace(
    'name = "Bob"', 'name = "Bob"\nside = "gang"'
)


def barrier(
    name: str, start: tuple[float, float], end: tuple[float, float], height_ft: float
) -> str:
    """A ``[[barrier]]`` table to add to a scene (feet)."""
    return f"""
[[barrier]]
name = "{name}"
from = [{start[0]}, {start[1]}]
to = [{end[0]}, {end[1]}]
height_ft = {height_ft}
"""


def opened(scene: str = YARD) -> EncounterState:
    """The first second of a fight in ``scene``: its order taken, no die rolled."""
    return engine.open_fight(initial_state(parse_scenario(scene)), GURPS, Dice.scripted([])).state


def act(state: EncounterState, text: str, faces: list[int] | None = None) -> EncounterState:
    """The state after the action line ``text``, rolled with ``faces``."""
    return engine.act(state, text, GURPS, Dice.scripted(faces or [])).state


def next_round(state: EncounterState) -> EncounterState:
    """The state a second later: the next turn's start, no die rolled."""
    return engine.next_round(state, GURPS, Dice.scripted([])).state
