"""What a playtest of the cards ruleset at the table found (DEC-934..DEC-940): the odds of a
line in the state table's words, the GM's posture lines and a knockdown, and what the session's
help says an option takes."""

from __future__ import annotations

from typing import Any

from encounter_support import in_memory, scene
from firefight.dice import Dice, ScriptedSource, read_faces
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.service import EncounterService

CARDS = find_ruleset("cards")


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "skill": 4,
        "reflex": 5 if name == "Ann" else 1,
        "weapon": [{"weapon": "ruger-redhawk", "name": "redhawk"}],
        **extra,
    }


def ann_first(**bob: Any) -> EncounterService:
    """Ann (a redhawk, skill 4) 3 m from Bob; Ann draws the higher reaction card."""
    doc = scene(person("Ann", 0, 0), person("Bob", 0, 3, **bob), ruleset="cards")
    return in_memory("f", doc, cards("KS,2H"))


def cards(names: str) -> Dice:
    """The cards turned over at the table, by name (DEC-679)."""
    return Dice(ScriptedSource(read_faces(names)))


def test_k_3_k_4_dec_934_the_odds_of_a_line_name_the_states_as_the_table_does() -> None:
    """DEC-934: `odds Ann shoots Bob` said "P(Bob unconscious)" of a full Red level, which the
    state table calls down and dying (K-3), and never counted the fall (K-4) that
    `odds cards shoot` gives as P(knocked down)."""
    unhurt = line_odds(ann_first().state("f"), CARDS, "Ann shoots Bob").effects
    assert unhurt["Bob knocked down"] > 0.5
    nearly = ann_first(wounds=[12, 12, 11]).state("f")
    effects = line_odds(nearly, CARDS, "Ann shoots Bob").effects
    assert effects["Bob down and dying"] > 0.9
    assert "Bob unconscious" not in effects
    # Down and dying is no fall: the one who cannot act is not counted knocked down too.
    assert "Bob knocked down" not in effects
