"""cpr grenade loads thrown by hand and the effects that last (C-8, C-14, DEC-461): a grenade
comes as any of the launcher's loads; a flashbang's blindness and deafness, a sleep load's
sleep and an EMP stand on whoever they took for a minute (20 turns), smoke and teargas fill
the square as long, all counted down by the turns and shown under the state table. A grenade
thrown "at" someone in an encounter is aimed at where they stand (C-8)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cpr_support import person, scene
from encounter_support import in_memory
from firefight.dice import Dice
from firefight.encounter.scenario import scenario_from_data
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter import apply_cpr_event
from firefight.rulesets.cpr.events import CloudFormed, LoadTook, LoadWoreOff
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.magazine import check_ammo
from firefight.service import EncounterService

DATA = CprData()
CPR = find_ruleset("cpr")


def thrown(load: str, rolls: Sequence[int], line: str) -> EncounterService:
    """V at 0,0 throws a grenade of ``load`` at 0,10 (10 m, DV 15): DEX 6 + Athletics 4 + a
    d10 of 6 = 16 goes off there, catching Rook at 0,10."""
    grenade = {"name": "grenade", "weapon": "grenade", "count": 1, "ammo": load}
    doc = scene(person("V", 0, 0, weapon=[grenade]), person("Rook", 0, 10))
    service = in_memory("fight", doc, Dice.scripted([5, 4]))
    dice = Dice.scripted([6, *rolls])
    service.act("fight", line, dice)
    assert not dice.unused
    return service


def test_c_14_a_flashbang_thrown_by_hand_blinds_and_deafens_for_20_turns() -> None:
    """The flashbang's penalties are the damaged eye's and ear's (ranged -2, sight -2, hearing
    -2) while it lasts; the count goes down a turn at a time."""
    service = thrown("flashbang", [], "V throws grenade at 0,10")
    state = service.state("fight")
    rook = fighter(state.combatant("Rook"))
    assert rook.injuries == ("damaged-eye", "damaged-ear")
    assert "Rook: flashbang load, 20 turns left" in CPR.describe_scene(state)
    service.next_round("fight", Dice.scripted([]))
    assert "Rook: flashbang load, 19 turns left" in CPR.describe_scene(service.state("fight"))


def test_dec_461_a_grenade_thrown_at_someone_is_aimed_where_they_stand() -> None:
    service = thrown("flashbang", [], "V throws grenade at Rook")
    record = service.log("fight")[-1]
    assert record.narration[0] == "V throws the grenade at (0, 10): it goes off, catching Rook."
    assert fighter(service.state("fight").combatant("Rook")).injuries


def test_c_14_when_it_wears_off_the_penalties_go_and_a_real_injury_stays() -> None:
    service = thrown("flashbang", [], "V throws grenade at 0,10")
    state = service.state("fight")
    rook = state.combatant("Rook")
    hurt = replace(
        rook, stats=replace(fighter(rook), injuries=(*fighter(rook).injuries, "damaged-eye"))
    )
    state = apply_cpr_event(
        state.with_combatant(hurt), LoadWoreOff(target="Rook", load="flashbang")
    )
    assert fighter(state.combatant("Rook")).injuries == ("damaged-eye",)


def test_c_14_a_second_flashbang_restarts_the_count_without_stacking() -> None:
    service = thrown("flashbang", [], "V throws grenade at 0,10")
    state = apply_cpr_event(
        service.state("fight"), LoadTook(target="Rook", load="flashbang", turns=20)
    )
    assert fighter(state.combatant("Rook")).injuries == ("damaged-eye", "damaged-ear")
    assert [c.rounds_left for c in state.conditions if c.holder == "Rook"] == [20]


def test_c_14_a_sleep_load_knocks_out_until_it_wears_off() -> None:
    """Rook resists with WILL 4 + 0 + d10 2 = 6 against DV 13: out, for 20 turns."""
    service = thrown("sleep", [2], "V throws grenade at 0,10")
    state = service.state("fight")
    assert state.combatant("Rook").unconscious
    woke = apply_cpr_event(state, LoadWoreOff(target="Rook", load="sleep"))
    assert not woke.combatant("Rook").unconscious


def test_c_14_smoke_fills_the_square_for_20_turns() -> None:
    service = thrown("smoke", [], "V throws grenade at 0,10")
    state = service.state("fight")
    assert "smoke load: a 10 m square at 0,10 m, 20 turns left" in CPR.describe_scene(state)
    events = service.log("fight")[-1].events
    assert [e for e in events if isinstance(e, CloudFormed)] == [
        CloudFormed(load="smoke", x_m=0, y_m=10, side_m=10, turns=20)
    ]


def test_c_14_a_grenade_comes_only_as_the_listed_loads() -> None:
    with pytest.raises(RuleRefusal, match=r"CPR-AMMO-1: A grenade comes as .*, not smart rounds"):
        check_ammo(DATA.weapon("grenade"), "smart", DATA)
    knife = scene(person("V", 0, 0, weapon=[{"weapon": "knife", "ammo": "smart"}]))
    with pytest.raises(ValueError, match="a light melee weapon takes no ammunition"):
        scenario_from_data(knife)
