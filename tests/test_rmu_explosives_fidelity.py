"""rmu explosives read against 000 'Grenades & Explosives' term by term: the outcomes a
mutation audit found no other test asserting (RMU-EXP-1, -2, -8, -9, -13, -16; RULINGS X-1, X-3)."""

from __future__ import annotations

import pytest

from encounter_support import doorway, in_memory, scene, thrower
from firefight.dice import Dice
from firefight.geometry import Point
from firefight.rulesets.rmu.affliction_events import GasExposure
from firefight.rulesets.rmu.blast_results import BlastPerson
from firefight.rulesets.rmu.detonation import Blast, BlastTarget, resolve_detonation
from firefight.rulesets.rmu.placement import ExplosiveLanded, Throw, resolve_throw
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.trace import Step

DOOR = Point(x_ft=0, y_ft=45)
ORIGIN = Point(x_ft=0, y_ft=0)
PAD = [5] * 40  # initiative and any roll a test does not look at


def test_rmu_exp_2_the_gms_difficulty_adds_to_the_placement_total() -> None:
    """The worked example's throw made Hard (-20): 42 + 40 - 10 - 20 = 52, so 48% of the half
    throw (22.5 ft) = 10.8 ft off, where the plain throw is 72 and 6.3 ft."""
    hard = resolve_throw(
        Throw(load="m67", aim=DOOR, thrown_bonus=40, difficulty=-20), Dice.scripted([42, 12])
    )
    assert (hard.result.total, hard.result.off_ft) == (52, 10.8)


def test_rmu_exp_2_x_1_a_total_of_exactly_100_lands_on_the_aim_point() -> None:
    """60 + 50 - 10 = 100: on the spot, the 100-or-more clause, no d12 rolled."""
    exact = resolve_throw(Throw(load="m67", aim=DOOR, thrown_bonus=50), Dice.scripted([60]))
    assert (exact.result.total, exact.result.result, exact.result.clock) == (100, "on target", None)
    assert Step(text="100: on the aim point.", rule="X-1") in exact.trace.entries


def _blast(load: str, people: dict[str, float], roll: int) -> dict[str, BlastPerson]:
    """``people`` by name at x feet from the burst; the criticals all roll 50."""
    blast = Blast(
        load=load,
        center=ORIGIN,
        people=tuple(
            BlastTarget(name=n, position=Point(x_ft=x, y_ft=0)) for n, x in people.items()
        ),
    )
    outcome = resolve_detonation(blast, Dice.scripted([roll, *[50] * len(people)]))
    return {p.name: p for p in outcome.result.people}


def test_rmu_exp_8_x_3_the_band_alone_sets_a_non_fragmenting_loads_severity() -> None:
    """Concussion and incendiary skip armor: kill D, casualty B, fringe A (X-3). A roll of 80:
    the AN-M14's kill band at 2 ft reads D, its casualty band at 8 ft B; the MK3A2's fringe
    (5-15 ft) at 12 ft reads 80 - 40 = 40, an A."""
    incendiary = _blast("an-m14", {"Kill": 2, "Casualty": 8}, 80)
    concussion = _blast("mk3a2", {"Fringe": 12}, 80)
    assert (incendiary["Kill"].severity, incendiary["Casualty"].severity) == ("D", "B")
    assert (concussion["Fringe"].total, concussion["Fringe"].severity) == (40, "A")


def test_rmu_exp_13_a_molotovs_fire_reaches_its_10_ft_and_no_further() -> None:
    """DATA.md's Molotov burns 10 ft round: a body 10.5 ft off has a part inside and takes the
    flat C; one 12 ft off (its near side 11 ft) is clear of it."""
    fire = _blast("molotov", {"Edge": 10.5, "Clear": 12}, 50)
    assert (fire["Edge"].band, fire["Edge"].severity) == ("fire", "C")
    assert fire["Clear"].band is None


def test_rmu_exp_16_a_gas_mask_leaves_nothing_behind_when_its_wearer_walks_out() -> None:
    """A mask negates CS, so there is nothing for the eyes to clear: Viktor, masked at 0 in the
    cloud, walks out at 0 with no -10 for the next two rounds (the unmasked carry it)."""
    people = scene(thrower("Mara", 0, 0), thrower("Viktor", 0, 45, gas_mask=True))
    service = in_memory("g", people, Dice.seeded(1))
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    service.next_round("g", Dice.scripted(PAD))
    out = service.act("g", "Viktor moves 0,80", Dice.scripted(PAD))
    assert [(e.penalty, e.inside) for e in out.record.events if isinstance(e, GasExposure)] == [
        (0, False)
    ]
    later = service.next_round("g", Dice.scripted(PAD)).state
    assert rmu_stats(later.combatant("Viktor")).afflictions.gas == 0


def test_rmu_exp_9_a_throw_back_takes_the_gms_difficulty_too() -> None:
    """A throw-back is a throw (RMU-EXP-2): Viktor's from the door at 0,5, made Hard (-20):
    90 + 40 - 10 (40 ft) - 50 (1 AP) - 20 = 50, so 50% of 20 ft = 10 ft short of 0,5."""
    service = in_memory("g", doorway(), Dice.seeded(1))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    back = service.act("g", "Viktor throws-back at 0,5 --difficulty -20", Dice.scripted([90, 6]))
    landed = next(e for e in back.record.events if isinstance(e, ExplosiveLanded))
    assert landed.at.y_ft == pytest.approx(15)


def test_rmu_exp_1_a_thrown_back_grenade_carries_the_new_throwers_ranks_not_bonus() -> None:
    """Only ranks ride the blast: the M67 Viktor throws back goes off with his 10 ranks of
    Thrown in every total, not his +40 bonus (that placed it)."""
    service = in_memory("g", doorway(), Dice.seeded(1))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    service.act("g", "Viktor throws-back at 0,5", Dice.scripted([90, 6]))
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    parts = [
        p
        for t in boom.record.trace
        if t.get("type") == "total" and str(t["label"]).startswith("detonation against")
        for p in t["parts"]
        if p["label"] == "Thrown ranks"
    ]
    assert parts and {p["value"] for p in parts} == {10}
