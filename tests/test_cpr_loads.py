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
from firefight.rulesets.cpr.events import CloudFormed, DeathSaveRolled, LoadTook, LoadWoreOff
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.magazine import check_ammo
from firefight.scene.apply import FoldError
from firefight.service import EncounterService

DATA = CprData()
CPR = find_ruleset("cpr")


def thrown(load: str, rolls: Sequence[int], line: str, gm: Sequence[str] = ()) -> EncounterService:
    """V at 0,0 throws a grenade of ``load`` at 0,10 (10 m, DV 15): DEX 6 + Athletics 4 + a
    d10 of 6 = 16 goes off there, catching Rook at 0,10 (after the GM's commands ``gm``)."""
    grenade = {"name": "grenade", "weapon": "grenade", "count": 1, "ammo": load}
    doc = scene(person("V", 0, 0, weapon=[grenade]), person("Rook", 0, 10))
    service = in_memory("fight", doc, Dice.scripted([5, 4]))
    for command in gm:
        service.gm("fight", command)
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


def test_dec_789_a_death_ends_the_sleep_and_the_table_shows_no_corpse_asleep() -> None:
    """Rook, put out by a sleep load (WILL 4 + d10 2 = 6 against DV 13), is then set dead by
    the GM: the load ends with him, so the lines under the state table show nothing lasting
    and the row says dead."""
    service = thrown("sleep", [2], "V throws grenade at Rook")
    assert "Rook: sleep load, 20 turns left" in CPR.describe_scene(service.state("fight"))
    service.gm("fight", "set Rook dead")
    state = service.state("fight")
    assert not any(c.holder == "Rook" for c in state.conditions)
    assert not any("sleep load" in line for line in CPR.describe_scene(state))
    assert CPR.describe_row(state.combatant("Rook"))["state"].startswith("dead")


def test_dec_789_a_failed_death_save_takes_a_flashbangs_penalties_with_the_load() -> None:
    """A flashbang holds Rook (the damaged eye and ear); he fails a death save: the load and its
    penalties end, and no load takes hold of the dead body afterwards."""
    service = thrown("flashbang", [], "V throws grenade at Rook")
    state = apply_cpr_event(
        service.state("fight"),
        DeathSaveRolled(target="Rook", faces=(10,), total=10, body=6, saved=False),
    )
    rook = state.combatant("Rook")
    assert rook.dead and fighter(rook).injuries == ()
    assert not [c for c in state.conditions if c.holder == "Rook"]
    with pytest.raises(FoldError, match="DEC-789"):
        apply_cpr_event(state, LoadTook(target="Rook", load="flashbang", turns=20))


def test_dec_789_the_dead_are_not_caught_by_a_load() -> None:
    service = thrown("flashbang", [], "V throws grenade at 0,10", gm=["set Rook dead"])
    state = service.state("fight")
    assert fighter(state.combatant("Rook")).injuries == ()
    assert not state.conditions
    assert service.log("fight")[-1].narration[0] == "V throws the grenade at (0, 10): it goes off."


def test_dec_789_a_sleep_load_takes_no_hold_of_one_already_unconscious() -> None:
    """The GM has put Rook out: no resist is rolled (the attack's d10 is the only die), nothing
    takes hold, so the sleep wearing off can never wake him."""
    service = thrown("sleep", [], "V throws grenade at Rook", gm=["set Rook unconscious"])
    state = service.state("fight")
    assert state.combatant("Rook").unconscious
    assert not state.conditions
    assert any("unconscious already" in str(entry) for entry in service.log("fight")[-1].trace)


def test_c_14_smoke_fills_the_square_for_20_turns() -> None:
    service = thrown("smoke", [], "V throws grenade at 0,10")
    state = service.state("fight")
    assert "smoke load: a 10 m square at 0,10 m, 20 turns left" in CPR.describe_scene(state)
    events = service.log("fight")[-1].events
    assert [e for e in events if isinstance(e, CloudFormed)] == [
        CloudFormed(load="smoke", x_m=0, y_m=10, side_m=10, turns=20)
    ]


@pytest.mark.parametrize(
    ("load", "said"),
    [
        ("emp", "Rook: EMP load, 20 turns left"),
        ("teargas", "teargas load: a 10 m square at 0,10 m, 20 turns left"),
    ],
)
def test_c_14_an_emp_and_teargas_last_a_minute(load: str, said: str) -> None:
    """C-14's grenade loads: an EMP stands on whoever it took, teargas fills the square, each
    for a minute (20 turns of 3 s), as the flashbang, sleep and smoke do."""
    service = thrown(load, [], "V throws grenade at 0,10")
    assert said in CPR.describe_scene(service.state("fight"))


def test_c_14_a_grenade_comes_only_as_the_listed_loads() -> None:
    with pytest.raises(RuleRefusal, match=r"CPR-AMMO-1: A grenade comes as .*, not smart rounds"):
        check_ammo(DATA.weapon("grenade"), "smart", DATA)
    knife = scene(person("V", 0, 0, weapon=[{"weapon": "knife", "ammo": "smart"}]))
    with pytest.raises(ValueError, match="a light melee weapon takes no ammunition"):
        scenario_from_data(knife)
