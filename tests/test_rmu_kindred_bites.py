"""Bites and feeding (issue 14): RMU-BITE-1..5 in the resolver and in encounters, with the
Rouse checks they call for (RULINGS V-4)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.bite import Bite, resolve_bite
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_events import Fed, HungerChanged, RouseChecked
from firefight.rulesets.rmu.kindred_feeding import FANGS, fangs_in
from firefight.rulesets.rmu.kindred_results import BiteResult
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import EncounterState
from firefight.service import EncounterService
from test_rmu_kindred import person, vampire

PAD = [5] * 40  # initiative d10s


def fight(*people: dict[str, Any]) -> EncounterService:
    service = in_memory("k", scene(*people), Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def sheet(state: EncounterState, name: str) -> KindredSheet:
    found = rmu_stats(state.combatant(name)).kindred
    assert found is not None
    return found


def total_of(outcome: Outcome[BiteResult]) -> int:
    total = outcome.result.attack.total
    assert total is not None
    return total


# --- the resolver -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reach", "penalty"),
    [("direct", -20), ("secondary", -20), ("held", 0), ("lodged", 0), ("helpless", 0)],
)
def test_rmu_bite_2_the_penalty_follows_how_the_fangs_reach(reach: Any, penalty: int) -> None:
    bite = Bite(biter="Mara", victim="Viktor", ob=30, reach=reach)
    outcome = resolve_bite(bite, Dice.scripted([50, 50]))
    assert total_of(outcome) == 50 + 30 + penalty


def test_rmu_bite_5_feral_weapons_waives_the_20() -> None:
    """RMU-BITE-5: Feral Weapons waives the -20 of a direct and of a secondary bite alike:
    50 + 30, no penalty."""
    for reach in ("direct", "secondary"):
        bite = Bite(biter="Mara", victim="Viktor", ob=30, reach=reach, feral=True)
        assert total_of(resolve_bite(bite, Dice.scripted([50, 50]))) == 80


def test_rmu_bite_1_the_bite_reads_the_small_puncture_table_and_is_aggravated() -> None:
    """97+60 +30 -20 = 167 on the Medium Puncture table, read Small; the fangs are aggravated
    and a Kindred victim's critical is not reduced."""
    bite = Bite(biter="Mara", victim="Viktor", ob=30, reach="direct", victim_kindred=True)
    outcome = resolve_bite(bite, Dice.scripted([97, 60, 50]))
    hits = [e for e in outcome.events if isinstance(e, HitsInflicted)]
    crits = [e for e in outcome.events if isinstance(e, CriticalInflicted)]
    assert hits and all(e.aggravated for e in hits)
    assert crits and all(e.aggravated and e.reduced_from is None for e in crits)
    assert crits[0].table == "puncture"
    assert any(t.get("rule") == "RMU-BITE-1" for t in outcome.trace.to_json())


def test_rmu_bite_3_a_bite_that_deals_damage_lodges_and_a_miss_does_not() -> None:
    hit = resolve_bite(
        Bite(biter="M", victim="V", ob=30, reach="helpless"), Dice.scripted([90, 50])
    )
    miss = resolve_bite(Bite(biter="M", victim="V", ob=0, reach="direct"), Dice.scripted([20]))
    assert hit.result.lodged and not miss.result.lodged


def test_a_bite_is_a_melee_attack_of_2_to_4_ap() -> None:
    with pytest.raises(RuleRefusal, match="2 to 4 AP"):
        resolve_bite(Bite(biter="M", victim="V", ob=0, reach="direct", ap=1), Dice.scripted([]))


# --- in an encounter ----------------------------------------------------------------------------


def close_pair(**mara: Any) -> EncounterService:
    """Mara at the origin; Viktor 3 ft north of her, facing her (south): a bite from the front."""
    viktor = person("Viktor", 0, 3, facing_deg=180)
    return fight(vampire("Mara", 0, 0, **mara), viktor, person("Ana", 40, 0))


def test_rmu_bite_2_a_direct_bite_in_an_encounter_is_at_20() -> None:
    service = close_pair()
    bitten = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert bitten.record.summary["reach"] == "direct"
    assert bitten.record.summary["total"] == 50 + 5 - 20  # 1 rank: +5 (DEC-367)


def test_r_6_a_bite_short_of_ap_points_to_the_hastier_one_that_fits() -> None:
    """RMU-GEN-1, R-6: with 2 AP left the bite's 4 were refused as "The bite costs 4 AP, but
    Mara has only 2.", where a shot's and a melee attack's refusals name the hastier one that
    fits; a bite is a melee attack, so it says "--ap 2" too, which then bites."""
    service = close_pair()
    service.gm("k", "set Mara ap 2")
    written = len(service.log("k"))
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert str(refused.value) == (
        "RMU-GEN-1: The bite costs 4 AP, but Mara has only 2 left: a hastier one fits, --ap 2."
    )
    assert len(service.log("k")) == written
    service.act("k", "Mara bites Viktor --ap 2", Dice.scripted([50, 50]))
    assert rmu_stats(service.state("k").combatant("Mara")).vitals.ap_left == 0


@pytest.mark.parametrize(
    ("mara", "viktor", "total", "rule"),
    [
        ({}, {"facing_deg": 0}, 50 + 5 - 20 + 35, "DEC-346"),  # rear: he faces away
        ({}, {"facing_deg": 45}, 50 + 5 - 20 + 15, "DEC-346"),  # flank: 135° off his facing
        ({}, {"facing_deg": 180, "posture": "prone"}, 50 + 5 - 20 + 30, "R-1"),
        ({"posture": "prone"}, {"facing_deg": 180}, 50 + 5 - 20 - 50, "R-1"),
    ],
)
def test_dec_780_a_bite_takes_the_melee_attacks_side_and_posture_terms(
    mara: dict[str, Any], viktor: dict[str, Any], total: int, rule: str
) -> None:
    """RMU-BITE-1: the bite is a melee attack, so Table 9-5's melee terms read off the scene
    (DEC-340: rear +35, flank +15, prone target +30, prone attacker -50; DEC-346's sides) add to
    RMU-BITE-2's -20 for a direct bite, once each (DEC-780): 50 + 5 (DEC-367) - 20 + the term."""
    service = fight(vampire("Mara", 0, 0, **mara), person("Viktor", 0, 3, **viktor))
    bitten = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert bitten.record.summary["reach"] == "direct"
    assert bitten.record.summary["total"] == total
    assert rule in [t.get("rule") for t in bitten.record.trace]


def test_dec_780_a_helpless_victims_reach_does_not_stand_in_for_the_rear() -> None:
    """RMU-BITE-2's helpless reach waives the -20 and P-9 takes the DB; neither is Table 9-5's
    rear, which still adds once (DEC-780): 50 + 5 + 35 against Viktor, unaware, facing away."""
    service = fight(vampire("Mara", 0, 0), person("Viktor", 0, 3, facing_deg=0))
    bitten = service.act("k", "Mara bites Viktor --unaware", Dice.scripted([50, 50]))
    assert bitten.record.summary["reach"] == "helpless"
    assert bitten.record.summary["total"] == 50 + 5 + 35


def test_rmu_bite_2_no_penalty_against_an_unaware_or_unresisting_victim() -> None:
    for flag in ("--unaware", "--unresisting"):
        service = close_pair()
        bitten = service.act("k", f"Mara bites Viktor {flag}", Dice.scripted([50, 50]))
        assert bitten.record.summary["reach"] == "helpless"
        assert bitten.record.summary["total"] == 55


def test_rmu_bite_2_a_flat_footed_victim_in_round_1_is_unaware() -> None:
    """RMU-BITE-2: flat-footed in round 1 (R-5), Viktor is unaware of Mara: no -20, 50 + 5. From
    round 2 he is not, and a bite without a hold is direct again: 50 + 5 - 20."""
    viktor = person("Viktor", 0, 3, surprise="flat-footed", facing_deg=180)
    surprised = scene(vampire("Mara", 0, 0), viktor)
    service = in_memory("k", surprised, Dice.seeded(1))
    first = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert (first.record.summary["reach"], first.record.summary["total"]) == ("helpless", 55)
    service.next_round("k", Dice.scripted(PAD))
    later = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert (later.record.summary["reach"], later.record.summary["total"]) == ("direct", 35)


def test_rmu_bite_2_a_victim_who_cannot_act_is_helpless() -> None:
    """RMU-BITE-2: Lucien (1 hit) in torpor after Mara's shot resists nothing: her bite next
    round takes no penalty. He lies where he fell, and a prone target is Table 9-5's +30 to a
    bite as to a blade (DEC-340, DEC-780): 50 + 5 + 30."""
    service = fight(vampire("Mara", 0, 0), vampire("Lucien", 0, 3, hits=1, facing_deg=180))
    shot = service.act("k", "Mara shoots Lucien", Dice.scripted([80, 50]))
    assert sheet(shot.state, "Lucien").torpor
    service.next_round("k", Dice.scripted(PAD))
    bitten = service.act("k", "Mara bites Lucien", Dice.scripted([50, 50]))
    assert (bitten.record.summary["reach"], bitten.record.summary["total"]) == ("helpless", 85)


def test_rmu_bite_5_feral_weapons_costs_a_rouse_check_the_first_time() -> None:
    """RMU-BITE-5, V-4: the first Feral Weapons bite rouses it (3: Hunger 2 to 3); the bite
    carries no -20, only the haste of 2 AP."""
    service = close_pair()
    bitten = service.act("k", "Mara bites Viktor --feral --ap 2", Dice.scripted([3, 50, 50]))
    rouse = [e for e in bitten.record.events if isinstance(e, RouseChecked)]
    assert [(r.power, r.roll, r.hunger) for r in rouse] == [("feral-weapons", 3, 3)]
    assert bitten.record.summary["total"] == 50 + 5 - 50  # haste only, no -20
    again = service.act("k", "Mara bites Viktor --feral --ap 2", Dice.scripted([50, 50]))
    assert not [e for e in again.record.events if isinstance(e, RouseChecked)]


def test_rmu_bite_5_only_a_vampire_bites_so() -> None:
    service = close_pair()
    with pytest.raises(RuleRefusal, match="mortal"):
        service.act("k", "Viktor bites Mara", Dice.scripted([50]))


def test_rmu_bite_3_lodged_fangs_hold_the_victim_who_escapes_only_by_a_grapple_contest() -> None:
    service = close_pair()
    state = service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50])).state
    assert fangs_in(state, "Viktor", "Mara") is not None
    with pytest.raises(RuleRefusal, match="tears free") as held:
        service.act("k", "Viktor moves 0,20", Dice.scripted([]))
    assert held.value.rule == "RMU-BITE-3"
    kept = service.act("k", "Viktor tears free of Mara", Dice.scripted([50, 30]))
    assert not kept.record.summary["free"] and fangs_in(kept.state, "Viktor") is not None
    service.next_round("k", Dice.scripted(PAD))
    # Viktor rolls 97+40, less the fangs' 50% hold (DEC-371); Mara holds with 10: 137 - 50 +
    # (100 - 10) = 177, a win.
    free = service.act("k", "Viktor tears free of Mara", Dice.scripted([97, 40, 10]))
    assert free.record.summary["free"] and fangs_in(free.state, "Viktor") is None


def test_rmu_bite_3_the_biters_strength_based_unarmed_opposes_the_tear() -> None:
    """RMU-BITE-3: the contest is opposed Strength-based Unarmed rolls, the biter's counting
    too. Viktor 80 + 0 - the fangs' 50% hold (DEC-371) - the bite's -5 injury; Mara 10 + her
    Strength bonus 30 = 40: 80 - 50 - 5 + (100 - 40) = 85, short of 101, so the fangs stay
    (without her Strength: 115)."""
    service = close_pair(stats={"body_development": 25, "bmr_ft": 20, "strength": 30})
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    kept = service.act("k", "Viktor tears free of Mara", Dice.scripted([80, 10]))
    assert not kept.record.summary["free"]
    assert fangs_in(kept.state, "Viktor", "Mara") is not None


@pytest.mark.parametrize(("roll", "free"), [(91, True), (90, False)])
def test_rmu_bite_3_dec_371_the_fangs_hold_at_50_percent(roll: int, free: bool) -> None:
    """RMU-BITE-3 with DEC-371's 50% hold: Viktor's roll less the 50, less the bite's -5
    injury, plus 100 - (Mara's 10 + her Strength 25) must reach 101 (M-3's Success):
    91 - 50 - 5 + 65 = 101 tears free; 90 gives 100 and the fangs stay."""
    service = close_pair(stats={"body_development": 25, "bmr_ft": 20, "strength": 25})
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    tried = service.act("k", "Viktor tears free of Mara", Dice.scripted([roll, 10]))
    assert tried.record.summary["free"] is free
    assert (fangs_in(tried.state, "Viktor", "Mara") is None) is free


def test_rmu_bite_3_breaking_free_of_lodged_fangs_points_to_tearing_free() -> None:
    """The fangs hold Viktor as a grapple would (RMU-BITE-3): 'breaks free' is not told he is
    not held, but which verb escapes them."""
    service = close_pair()
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Viktor breaks free", Dice.scripted([]))
    assert refused.value.rule == "RMU-BITE-3"
    assert "not held" not in str(refused.value)
    assert "Viktor tears free of Mara" in str(refused.value)


def test_rmu_bite_3_tearing_free_names_the_biter_when_left_out() -> None:
    """'Viktor tears free' is the contest against the one whose fangs hold him (RMU-BITE-3)."""
    service = close_pair()
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    free = service.act("k", "Viktor tears free", Dice.scripted([97, 40, 10]))
    assert free.record.summary["free"] and fangs_in(free.state, "Viktor") is None
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Ana tears free", Dice.scripted([]))
    assert refused.value.rule == "RMU-BITE-3" and "no fangs" in str(refused.value)


def test_rmu_bite_3_while_lodged_further_bites_take_no_penalty() -> None:
    service = close_pair()
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    service.next_round("k", Dice.scripted(PAD))
    again = service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert again.record.summary["reach"] == "lodged"
    assert again.record.summary["total"] == 55


def test_rmu_bite_4_feeding_needs_lodged_fangs_and_comes_once_a_turn() -> None:
    service = close_pair()
    with pytest.raises(RuleRefusal, match="bite Viktor first"):
        service.act("k", "Mara feeds on Viktor", Dice.scripted([]))
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    service.next_round("k", Dice.scripted(PAD))
    service.act("k", "Mara feeds on Viktor", Dice.scripted([4]))
    with pytest.raises(RuleRefusal, match="once a turn"):
        service.act("k", "Mara feeds on Viktor", Dice.scripted([4]))


def test_rmu_bite_4_a_feeding_sequence_over_several_rounds_replays_from_the_log() -> None:
    """Hunger 4: bite (round 1), feed (round 2: 10+4 hits, Hunger 3), feed (round 3: 10+7,
    Hunger 2), a Brutal Feed (round 4: Potence roused at a calm 8, three slakes, Hunger 0)."""
    service = close_pair(hunger=4)
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    hits_after_bite = service.load("k").state.combatant("Viktor").hits_taken
    service.next_round("k", Dice.scripted(PAD))
    fed = service.act("k", "Mara feeds on Viktor", Dice.scripted([4]))
    assert [e.hunger for e in fed.record.events if isinstance(e, Fed)] == [3]
    service.next_round("k", Dice.scripted(PAD))
    service.act("k", "Mara feeds on Viktor", Dice.scripted([7]))
    service.next_round("k", Dice.scripted(PAD))
    brutal = service.act("k", "Mara feeds on Viktor --brutal", Dice.scripted([8, 1, 2, 3]))
    assert brutal.record.summary["slakes"] == 3 and brutal.record.summary["hits"] == 36
    state = brutal.state
    assert sheet(state, "Mara").hunger == 0 and sheet(state, "Mara").is_roused("potence")
    drained = [
        e.hits
        for r in service.log("k")
        for e in r.events
        if isinstance(e, HitsInflicted) and e.rule == "RMU-BITE-4"
    ]
    assert drained == [10 + 4, 10 + 7, 11, 12, 13]
    assert state.combatant("Viktor").hits_taken >= hits_after_bite + sum(drained)
    assert service.load("k").state == state  # folded again from the log
    narrated = " ".join(line for r in service.log("k") for line in r.narration)
    assert "feeds on Viktor" in narrated and "[RMU-BITE-4]" in narrated


def test_rmu_bite_4_a_kindred_victims_hunger_rises_instead() -> None:
    service = fight(vampire("Mara", 0, 0), vampire("Lucien", 0, 3, hunger=1))
    service.act("k", "Mara bites Lucien --unaware --ap 2", Dice.scripted([97, 50, 50]))
    fed = service.act("k", "Mara feeds on Lucien", Dice.scripted([]))
    assert [e.hunger for e in fed.record.events if isinstance(e, HungerChanged)] == [2]
    assert not [e for e in fed.record.events if isinstance(e, HitsInflicted)]
    assert sheet(fed.state, "Mara").hunger == 1 and sheet(fed.state, "Lucien").hunger == 2


def test_rmu_bite_4_a_brutal_feed_on_a_kindred_raises_their_hunger_once_a_slake() -> None:
    """RMU-BITE-4: each slake raises a vampire victim's Hunger by 1, and a Brutal Feed is three
    slakes in one turn (DEC-362): Lucien goes from Hunger 1 to 4, while Mara (Hunger 2, Potence
    roused at a calm 8) ends at 0."""
    service = fight(vampire("Mara", 0, 0), vampire("Lucien", 0, 3, hunger=1))
    service.act("k", "Mara bites Lucien --unaware --ap 2", Dice.scripted([97, 50, 50]))
    fed = service.act("k", "Mara feeds on Lucien --brutal", Dice.scripted([8]))
    assert [e.hunger for e in fed.record.events if isinstance(e, HungerChanged)] == [4]
    assert sheet(fed.state, "Lucien").hunger == 4 and sheet(fed.state, "Mara").hunger == 0


def test_rmu_bite_4_a_mortal_loses_10_plus_a_d10() -> None:
    """RMU-BITE-4: the die is a d10, so a 10 drains 10 + 10 = 20 aggravated hits."""
    service = close_pair()
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    service.next_round("k", Dice.scripted(PAD))
    fed = service.act("k", "Mara feeds on Viktor", Dice.scripted([10]))
    drained = [e for e in fed.record.events if isinstance(e, HitsInflicted)]
    assert [(e.hits, e.aggravated) for e in drained] == [(20, True)]


def test_rmu_bite_4_a_kindred_victims_hunger_stops_at_5() -> None:
    """RMU-BITE-4 with V-4's scale: Lucien is already at Hunger 5, the top; feeding on him
    leaves him there."""
    service = fight(vampire("Mara", 0, 0), vampire("Lucien", 0, 3, hunger=5))
    service.act("k", "Mara bites Lucien --unaware --ap 2", Dice.scripted([97, 50, 50]))
    fed = service.act("k", "Mara feeds on Lucien", Dice.scripted([]))
    assert [e.hunger for e in fed.record.events if isinstance(e, HungerChanged)] == [5]
    assert sheet(fed.state, "Lucien").hunger == 5


def test_rmu_bite_4_brutal_feed_needs_potence_3() -> None:
    service = fight(vampire("Mara", 0, 0, disciplines={"potence": 2}), person("Viktor", 0, 3))
    service.act("k", "Mara bites Viktor --unaware --ap 2", Dice.scripted([97, 50, 50]))
    with pytest.raises(RuleRefusal, match="Potence 3"):
        service.act("k", "Mara feeds on Viktor --brutal", Dice.scripted([]))


def test_the_fangs_come_out_when_the_biter_lets_go() -> None:
    service = close_pair()
    service.act("k", "Mara bites Viktor --unaware --ap 2", Dice.scripted([97, 50, 50]))
    out = service.act("k", "Mara lets go of Viktor", Dice.scripted([]))
    assert not [k for k in out.state.conditions if k.kind == FANGS]


def test_dec_364_what_costs_no_ap_is_taken_with_the_rounds_ap_spent() -> None:
    """DEC-364, RMU-BITE-3, DEC-381: rousing a power, letting the fangs go and holding the
    breath spend no AP, yet with the round's AP gone they were refused "Mara has no AP left this
    round"; they are taken, and what costs AP is still refused."""
    service = close_pair()
    service.act("k", "Mara bites Viktor --unresisting", Dice.scripted([97, 30, 50]))
    assert rmu_stats(service.state("k").combatant("Mara")).vitals.ap_left == 0
    roused = service.act("k", "Mara rouses potence", Dice.scripted([4]))
    assert [type(e) for e in roused.record.events if isinstance(e, RouseChecked)] == [RouseChecked]
    service.act("k", "Mara lets go of Viktor", Dice.scripted([]))
    assert fangs_in(service.state("k"), "Viktor") is None
    service.gm("k", "set Viktor ap 0")
    service.act("k", "Viktor holds-breath", Dice.scripted([]), force=True)  # Mara has no breath
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Mara bites Viktor", Dice.scripted([50, 50]))
    assert str(refused.value) == (
        "RMU-GEN-1: Mara has no AP left this round (4 a round); wait for the next round."
    )


def test_r_6_tearing_free_short_of_ap_points_to_the_hastier_try_that_fits() -> None:
    """RMU-BITE-3, RMU-GEN-1: with 2 AP left, tearing free of lodged fangs (4 AP) says the
    hastier try that fits, as a held victim's breaking free and an attack do."""
    service = close_pair()
    service.act("k", "Mara bites Viktor --unresisting", Dice.scripted([97, 30, 50]))
    service.gm("k", "set Viktor ap 2")
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Viktor tears free", Dice.scripted([]), force=True)
    assert str(refused.value) == (
        "RMU-GEN-1: Tearing free costs 4 AP, but Viktor has only 2 left: a hastier one fits, "
        "--ap 2."
    )


def test_v4_a_brutal_feed_slakes_the_hunger_its_rouse_check_left() -> None:
    """V-4, RMU-BITE-4: a Brutal Feed at Hunger 3 whose Rouse check for Potence fails (a 3)
    raises Hunger to 4, then slakes three: Hunger 1. The slakes came off the Hunger read before
    the check, so the check's +1 was lost and she ended at 0."""
    service = close_pair(hunger=3)
    service.act("k", "Mara bites Viktor --unaware", Dice.scripted([90, 50]))
    service.next_round("k", Dice.scripted(PAD))
    brutal = service.act("k", "Mara feeds on Viktor --brutal", Dice.scripted([3, 1, 2, 3]))
    checked = [e for e in brutal.record.events if isinstance(e, RouseChecked)]
    assert [(e.roll, e.hunger) for e in checked] == [(3, 4)]
    assert [e.hunger for e in brutal.record.events if isinstance(e, Fed)] == [1]
    assert sheet(brutal.state, "Mara").hunger == 1
    assert brutal.record.summary["headline"] == "Mara feeds on Viktor: Hunger 1, 36 hits drained."


def test_dec_946_a_power_is_named_as_the_rules_name_it_in_the_log_trace_and_state() -> None:
    """V-4, DEC-946: the headline said "Feral Weapons" while the log read "rouses the blood for
    feral-weapons", the trace "Rouse check for feral-weapons" and the state table "roused
    feral-weapons/potence"; all three name the power as the rules do now."""
    service = close_pair(hunger=1)
    bitten = service.act("k", "Mara bites Viktor --feral", Dice.scripted([3, 50, 50]))
    assert "Mara rouses the blood for Feral Weapons: 3, Hunger rises to 2 [V-4]." in (
        bitten.record.narration
    )
    rolled = next(t for t in bitten.record.trace if t.get("type") == "roll")
    assert rolled["purpose"] == "Rouse check for Feral Weapons"
    row = find_ruleset("rmu").describe_row(bitten.state.combatant("Mara"))
    assert row["state"].endswith("; Hunger 2, roused Feral Weapons")
