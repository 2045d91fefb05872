"""cpr Hold Action in encounters (public core rules, CPR-REF-1): the Action is kept for later
in the turn, taken out of the initiative order, and lost when the turn ends unused."""

from __future__ import annotations

from typing import Any

import pytest

from cpr_support import scene
from encounter_support import in_memory
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.fighter import fighter


def person(name: str, y: float) -> dict[str, Any]:
    return {
        "name": name,
        "position": [0, y],
        "hp": 40,
        "ref": 7,
        "dex": 6,
        "will": 4,
        "move": 6,
        "skills": {"Handgun": 6},
        "weapon": [{"name": "pistol", "weapon": "heavy pistol"}],
    }


def test_cpr_ref_1_hold_the_action_then_act_on_it_or_lose_it() -> None:
    """CPR-REF-1: V holds until Rook moves; the state shows it; acting on it later spends it;
    a hold not acted on is gone when the next turn starts."""
    doc = scene(person("V", 0), person("Rook", 10))
    service = in_memory("fight", doc, Dice.scripted([5, 4]))
    record = service.act("fight", 'V holds --until "Rook moves"', Dice.scripted([])).record
    assert "V holds the Action until Rook moves [CPR-REF-1]." in record.narration
    v = service.state("fight").combatant("V")
    assert fighter(v).holding == "Rook moves"
    row = find_ruleset("cpr").describe_row(v)
    assert "holding the Action until Rook moves" in row["conditions"]
    with pytest.raises(RuleRefusal, match="CPR-REF-1: V is already holding"):
        service.act("fight", "V holds", Dice.scripted([]))
    service.act("fight", "Rook moves to 0,12", Dice.scripted([]))
    record = service.act("fight", "V shoots Rook", Dice.scripted([2])).record  # 15: no hit
    assert "V acts on the held Action [CPR-REF-1]." in record.narration
    assert fighter(service.state("fight").combatant("V")).holding is None
    service.next_round("fight", Dice.scripted([]))
    service.act("fight", "V holds", Dice.scripted([]))
    record = service.next_round("fight", Dice.scripted([])).record
    steps = [e["text"] for e in record.trace if e.get("type") == "step"]
    assert "V's held Action went unused and is gone." in steps
    assert fighter(service.state("fight").combatant("V")).holding is None


def test_cpr_ref_1_a_new_turn_starts_the_way_gone_on_foot_afresh_for_someone_down() -> None:
    """CPR-REF-1, C-4: V moves 3 m and shoots, then the GM knocks him out; the next turn
    counts his way on foot from nothing, down or not (a count kept on would punish a leg
    injury's move again at every turn's end, and follow him back up)."""
    doc = scene(person("V", 0), person("Rook", 10))
    service = in_memory("fight", doc, Dice.scripted([5, 4]))
    service.act("fight", "V moves to 0,3", Dice.scripted([]))
    service.act("fight", "V shoots Rook", Dice.scripted([2]))  # 15: no hit
    assert fighter(service.state("fight").combatant("V")).moved_m == 3
    service.gm("fight", "set V unconscious")
    service.next_round("fight", Dice.scripted([]))
    v = fighter(service.state("fight").combatant("V"))
    assert (v.moved_m, v.action_left, v.move_left) == (0, False, False)
