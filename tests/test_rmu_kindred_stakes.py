"""Called shots, staking and decapitation (issue 14): RULINGS R-7, RMU-STAKE-1..3, V-3."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.encounter.scenario import scenario_from_data
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.rmu.called import called_row
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.encounter_events import Died
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.kindred_events import FinalDeath, Staked
from firefight.rulesets.rmu.kindred_options import StakeOptions, resolve_stake_on
from firefight.rulesets.rmu.kindred_results import StakeResult
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.rulesets.rmu.staking import (
    StakingManeuver,
    resolve_stake_attack,
    resolve_staking_maneuver,
    stake_attack,
)
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from firefight.service import EncounterService
from test_rmu_kindred import RMU, person, vampire

PAD = [5] * 40


def hunter(name: str, x: float, y: float) -> dict[str, Any]:
    return person(
        name,
        x,
        y,
        skills={
            "pistol": {"bonus": 60, "ranks": 6},
            "stake": {"bonus": 60, "ranks": 5},
            "blade": {"bonus": 60, "ranks": 5},
        },
    )


def fight(*people: dict[str, Any]) -> EncounterService:
    service = in_memory("k", scene(*people), Dice.seeded(1))
    service.next_round("k", Dice.scripted(PAD))
    return service


def terms(outcome: Any) -> list[dict[str, Any]]:
    totals = [t for t in outcome.trace.to_json() if t["type"] == "total"]
    return list(totals[0]["parts"])


def stake(
    purpose: Any, weapon: str, rolls: list[int], *, kindred: bool = True
) -> Outcome[StakeResult]:
    attack = stake_attack(purpose, weapon=weapon, ob=60, attacker="Jonah", target="Mara")
    return resolve_stake_attack(purpose, attack, victim_kindred=kindred, dice=Dice.scripted(rolls))


# --- R-7 ------------------------------------------------------------------------------------------


def test_r7_a_called_shot_is_at_25_and_a_critical_elsewhere_takes_the_next_lower_row() -> None:
    """Critical roll 30 is the abdomen (26-35); called at the head it reads 16-20, the next lower
    head row, on the same column."""
    service = fight(hunter("Jonah", 0, 0), person("Mara", 0, 30))
    shot = service.act("k", "Jonah shoots Mara --called head", Dice.scripted([99, 40, 30]))
    parts = next(p for p in shot.record.trace if p["type"] == "total")["parts"]
    assert {"value": -25, "label": "called shot: head", "rule": "R-7"} in parts
    (crit,) = [e for e in shot.record.events if isinstance(e, CriticalInflicted)]
    table = RmuData().tables.critical("ballistic-puncture")
    assert crit.location == "head" and crit.effect == table.row_for(18).cell(crit_severity(crit))
    assert any(t.get("rule") == "R-7" and "16-20" in t.get("text", "") for t in shot.record.trace)


def crit_severity(crit: CriticalInflicted) -> Any:
    from firefight.rulesets.rmu.severity import Severity

    return Severity(crit.severity)


def test_r7_a_critical_already_on_the_called_area_stays_and_none_lower_takes_the_lowest() -> None:
    table = RmuData().tables.critical("ballistic-puncture")
    assert called_row(table, 18, HitLocation.HEAD).label == "16-20"
    assert called_row(table, 1, HitLocation.LEG).label == "06-10"  # DEC-372


def test_r7_a_called_location_must_be_one() -> None:
    service = fight(hunter("Jonah", 0, 0), person("Mara", 0, 30))
    with pytest.raises(RuleRefusal, match="no location"):
        service.act("k", "Jonah shoots Mara --called heart", Dice.scripted([]))


# --- RMU-STAKE-1..3: the called attacks -----------------------------------------------------------


def test_rmu_stake_1_staking_and_decapitation_are_called_at_20() -> None:
    staking = terms(stake("stake", "stake", [20]))
    assert {"value": -20, "label": "called shot, staking: chest", "rule": "RMU-STAKE-1"} in staking
    beheading = terms(stake("behead", "broadsword", [20]))
    assert {
        "value": -20,
        "label": "called shot, decapitation: head",
        "rule": "RMU-STAKE-1",
    } in beheading


def test_rmu_stake_2_wood_is_10_for_stabbing() -> None:
    assert any(
        p["value"] == -10 and p["rule"] == "RMU-STAKE-2"
        for p in terms(stake("stake", "stake", [20]))
    )


def test_rmu_stake_2_only_wood_stakes() -> None:
    for weapon in ("knife", "hand-axe"):
        with pytest.raises(RuleRefusal, match="Only wood") as refused:
            stake_attack("stake", weapon=weapon, ob=60)
        assert refused.value.rule == "RMU-STAKE-2"


def test_rmu_stake_2_rmu_stake_3_a_gun_named_to_stake_or_behead_is_refused_by_the_rule() -> None:
    """A gun is in no melee catalog: the refusal is the staking rule's, naming what can."""
    with pytest.raises(RuleRefusal, match="'glock' is no melee weapon that stakes") as staking:
        stake_attack("stake", weapon="glock", ob=60)
    assert staking.value.rule == "RMU-STAKE-2" and "stake" in str(staking.value)
    with pytest.raises(RuleRefusal, match="broadsword") as beheading:
        stake_attack("behead", weapon="glock", ob=60)
    assert beheading.value.rule == "RMU-STAKE-3"


@pytest.mark.parametrize(
    ("rolls", "severity", "staked"),
    [([97, 20, 23], "C", True), ([97, 60, 23], "D", True), ([90, 23], "B", False)],
)
def test_rmu_stake_2_a_c_or_worse_to_the_chest_stakes_a_kindred(
    rolls: list[int], severity: str, staked: bool
) -> None:
    out = stake("stake", "stake", rolls)
    blow = out.result.attack.blow
    assert isinstance(blow, MeleeHit) and (blow.severity, blow.location) == (severity, "chest")
    assert out.result.staked is staked
    assert bool([e for e in out.events if isinstance(e, Staked)]) is staked


def test_rmu_stake_2_a_mortal_is_only_wounded() -> None:
    out = stake("stake", "stake", [97, 60, 23], kindred=False)
    assert not out.result.staked and not [e for e in out.events if isinstance(e, Staked)]


def test_rmu_stake_2_dec_865_a_club_is_wood_but_stakes_nobody() -> None:
    """RMU-STAKE-2: a stake or a wooden bolt, a point that stabs. The club is wood too, but a
    blunt one: it used to be taken for staking (at no -10, on Krush criticals)."""
    with pytest.raises(RuleRefusal) as refused:
        stake_attack("stake", weapon="club", ob=60)
    assert refused.value.rule == "RMU-STAKE-2" and "the Club is neither" in refused.value.reason
    stake_attack("stake", weapon="stake", ob=60)
    stake_attack("stake", weapon="crossbow", ob=60, distance_ft=30)


def test_rmu_stake_3_only_a_heavy_edged_weapon_beheads() -> None:
    for weapon in ("knife", "stake", "club"):
        with pytest.raises(RuleRefusal) as refused:
            stake_attack("behead", weapon=weapon, ob=60)
        assert refused.value.rule == "RMU-STAKE-3"


@pytest.mark.parametrize(("rolls", "done"), [([90, 23], True), ([70, 23], False)])
def test_rmu_stake_3_a_d_or_worse_to_the_head_is_final_death(rolls: list[int], done: bool) -> None:
    kindred = stake("behead", "broadsword", rolls)
    assert bool([e for e in kindred.events if isinstance(e, FinalDeath)]) is done
    mortal = stake("behead", "broadsword", rolls, kindred=False)
    assert bool([e for e in mortal.events if isinstance(e, Died)]) is done


def test_v1_decapitation_is_aggravated_and_a_stake_is_not() -> None:
    beheading = [e for e in stake("behead", "broadsword", [90, 23]).events
                 if isinstance(e, CriticalInflicted)]  # fmt: skip
    assert beheading and all(e.aggravated for e in beheading)
    attack = stake_attack(
        "stake",
        weapon="stake",
        ob=60,
        attacker="Jonah",
        target="Mara",
        severity_shift=-1,
        shift_why="Mara is Kindred",
    )
    staked = resolve_stake_attack(
        "stake", attack, victim_kindred=True, dice=Dice.scripted([97, 20, 23])
    )
    crits = [e for e in staked.events if isinstance(e, CriticalInflicted)]
    assert [(e.severity, e.reduced_from) for e in crits] == [("B", "C")]
    assert staked.result.staked  # DEC-373: the C the attack dealt stakes


# --- RMU-STAKE-2: the staking maneuver ---------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "result"),
    [
        ([90], "staked"),
        ([70], "next-round"),
        ([40], "missed"),
        ([2, 30], "breaks"),
        ([97, 80], "staked"),
    ],
)
def test_rmu_stake_2_the_staking_maneuver_bands(rolls: list[int], result: str) -> None:
    """Absolute maneuver (M-3) with Stake +20: 110 success, 90 partial, 60 failure, 2 then 30
    (open-ended low, -28) absolute failure; 97 then 80 (open-ended high, 177) + 20 = 197, an
    absolute success, stakes as a success does."""
    m = StakingManeuver(staker="Jonah", victim="Mara", bonus=20)
    out = resolve_staking_maneuver(m, Dice.scripted(rolls))
    assert out.result.result == result
    assert bool([e for e in out.events if isinstance(e, Staked)]) is (result == "staked")


def test_rmu_stake_2_with_time_and_no_interference_no_roll_is_needed() -> None:
    m = StakingManeuver(staker="Jonah", victim="Mara", untroubled=True)
    out = resolve_staking_maneuver(m, Dice.scripted([]))
    assert out.result.staked and out.result.roll is None


# --- in an encounter ----------------------------------------------------------------------------


def test_rmu_stake_2_v3_jonah_stakes_mara_and_ana_pulls_the_stake() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3), person("Ana", 3, 3))
    staked = service.act("k", "Jonah stakes Mara --called chest", Dice.scripted([97, 20, 23]))
    assert staked.record.summary["staked"]
    sheet = rmu_stats(staked.state.combatant("Mara")).kindred
    assert sheet is not None and sheet.staked
    assert "staked" in staked.record.narration[0]
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Mara waits", Dice.scripted([]))
    assert refused.value.rule == "V-3"
    pulled = service.act("k", "Ana pulls the stake from Mara", Dice.scripted([]))
    sheet = rmu_stats(pulled.state.combatant("Mara")).kindred
    assert sheet is not None and not sheet.staked
    with pytest.raises(RuleRefusal) as again:  # was "Mara has no stake in them."
        service.act("k", "Ana pulls the stake from Mara", Dice.scripted([]))
    assert str(again.value) == "V-3: There is no stake in Mara to pull."


def test_v3_r5_a_kindred_freed_mid_round_waits_for_the_next_round_s_initiative() -> None:
    """Staked through a round's start, Mara rolled no initiative (DEC-581) yet kept the round's
    4 AP: pulled free, she bit Jonah out of the order, unasked. The round's AP now go with the
    stake (V-3, R-5, DEC-969); the next round she rolls and acts."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3), person("Ana", 3, 3))
    service.act("k", "Jonah stakes Mara --called chest", Dice.scripted([97, 20, 23]))
    service.next_round("k", Dice.scripted(PAD), force=True)
    pulled = service.act("k", "Ana pulls the stake from Mara", Dice.scripted([]))
    mara = pulled.state.combatant("Mara")
    assert all("Mara" not in group for group in pulled.state.initiative)
    assert vitals(mara).ap_left == 0 and RMU.turn_left(mara) is None
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Mara bites Jonah --ap 2", Dice.scripted([50]), force=False)
    assert refused.value.rule == "RMU-GEN-1"
    opened = service.next_round("k", Dice.scripted(PAD), force=True)
    assert vitals(opened.state.combatant("Mara")).ap_left == 4
    assert any("Mara" in group for group in opened.state.initiative)


def test_rmu_stake_2_a_helpless_kindred_is_staked_by_the_maneuver_in_an_encounter() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3, hits=1))
    service.act("k", "Jonah shoots Mara", Dice.scripted([80, 50]))  # any hit drops her
    state = service.load("k").state
    sheet = rmu_stats(state.combatant("Mara")).kindred
    assert sheet is not None and sheet.torpor
    service.next_round("k", Dice.scripted(PAD))
    partial = service.act("k", "Jonah stakes Mara", Dice.scripted([30]))  # 30+60 = 90: partial
    assert partial.record.summary["result"] == "next-round"
    after = service.next_round("k", Dice.scripted(PAD))
    assert not [e for e in after.record.events if isinstance(e, Staked)]  # not yet
    done = service.next_round("k", Dice.scripted(PAD))
    assert [e.target for e in done.record.events if isinstance(e, Staked)] == ["Mara"]


def test_dec_835_a_stake_and_a_bite_reach_as_a_blade_does_between_the_bodies() -> None:
    """DEC-346, DEC-835: a blow reaches 5 ft between the bodies' edges, but a stake and a bite
    measured 5 ft between the centres: Jonah beside Mara lying in torpor at his feet was told
    "Mara is 5 ft away: out of reach (5 ft)" where a knife from the same spot struck. They reach
    as a blade does; 8 ft off they are refused, saying the gap between the bodies."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 5.4, hits=1), vampire("Lu", 5.5, 0))
    service.act("k", "Jonah shoots Mara", Dice.scripted([80, 50]))  # she drops, prone
    service.next_round("k", Dice.scripted(PAD))
    state = service.load("k").state
    assert rmu_stats(state.combatant("Mara")).kindred.torpor  # type: ignore[union-attr]
    staked = service.act("k", "Jonah stakes Mara", Dice.scripted([97, 20]), force=True)
    assert staked.record.summary["result"] == "staked"
    bite = service.act("k", "Lu bites Jonah --ap 2", Dice.scripted([20]), force=True)
    assert bite.record.summary["action"] == "bites"
    far = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 8))
    for line, rule in (("Jonah stakes Mara", "RMU-STAKE-1"), ("Mara bites Jonah", "RMU-BITE-2")):
        with pytest.raises(RuleRefusal) as refused:
            far.act("k", line, Dice.scripted([]), force=True)
        assert refused.value.rule == rule
        assert "ft between them:" in refused.value.reason, refused.value.reason


def test_rmu_stake_3_beheading_in_an_encounter_is_final_death() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    out = service.act("k", "Jonah beheads Mara", Dice.scripted([90, 23]))
    sheet = rmu_stats(out.state.combatant("Mara")).kindred
    assert sheet is not None and sheet.final_death and out.state.combatant("Mara").dead


@pytest.mark.parametrize(("rolls", "takes_the_head"), [([90, 23], True), ([70, 23], False)])
def test_v1_rmu_stake_3_only_the_blow_that_takes_the_head_is_read_at_full_severity(
    rolls: list[int], takes_the_head: bool
) -> None:
    """V-1 names decapitation among the aggravated sources, and RMU-STAKE-3 makes a
    decapitation a D or worse to the head: the blow that takes the head (D, 90) reads the cell
    dealt, no lighter; the swing that falls short (C, 70) is a blade's cut, read one lighter
    (B) on a Kindred, in the encounter and from ``rmu stake`` alike (DEC-968)."""

    attack = stake_attack(
        "behead",
        weapon="broadsword",
        ob=60,
        attacker="Jonah",
        target="Mara",
        severity_shift=-1,
        shift_why="Mara is Kindred",
    )
    alone = resolve_stake_attack("behead", attack, victim_kindred=True, dice=Dice.scripted(rolls))
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    out = service.act("k", "Jonah beheads Mara", Dice.scripted(rolls))
    for events in (alone.events, out.record.events):
        crits = [e for e in events if isinstance(e, CriticalInflicted)]
        assert crits and all(e.aggravated is takes_the_head for e in crits)
        assert [e.reduced_from for e in crits] == [None if takes_the_head else "C"]
    lightened = any(t.get("rule") == "V-1" and "not aggravated" in t.get("text", "")
                    for t in out.record.trace)  # fmt: skip
    assert lightened is not takes_the_head


@pytest.mark.parametrize(("rolls", "takes_the_head"), [([30], False), ([70, 23], False),
                                                      ([90, 23], True)])  # fmt: skip
def test_v1_v2_a_beheading_blow_s_hits_are_aggravated_only_when_it_takes_the_head(
    rolls: list[int], takes_the_head: bool
) -> None:
    """Decapitation is an aggravated source (V-1), and a decapitation is a D or worse to the
    head (RMU-STAKE-3): that blow's hits count as the fangs' do; a swing that falls short (30: 7
    hits, no critical; 70: a C) is a blade's, and a stake's hits never are (DEC-968)."""
    hits = [e for e in stake("behead", "broadsword", rolls).events if isinstance(e, HitsInflicted)]
    assert hits and all(e.aggravated is takes_the_head for e in hits)
    staked = [e for e in stake("stake", "stake", [97, 20, 23]).events
              if isinstance(e, HitsInflicted)]  # fmt: skip
    assert staked and not any(e.aggravated for e in staked)


def test_v2_rmu_stake_3_a_beheading_that_falls_short_leaves_a_kindred_in_torpor() -> None:
    """A swing of hits alone (30: 7 hits) taking a torpid Kindred past the Body Development
    bonus brought Final Death, as if the head had come off; a blade's hits leave them in torpor
    (V-2, DEC-968)."""
    decl = declare(StakeOptions, behead=True, weapon="broadsword", ob=60, hits_left=-20,
                   body_development=25).build()  # fmt: skip
    victim = resolve_stake_on(decl, Dice.scripted([30])).result.victim
    assert victim.torpor and not victim.final_death


def test_a_stake_goes_to_the_chest_and_nowhere_else() -> None:
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", "Jonah stakes Mara --called head", Dice.scripted([]))
    assert refused.value.rule == "RMU-STAKE-2"


@pytest.mark.parametrize(
    ("flags", "status"),
    [
        ({}, "up"),
        ({"staked": True}, "staked"),
        ({"torpor": True, "staked": True}, "torpor, staked"),
        ({"final_death": True}, "Final Death"),
    ],
)
def test_v3_the_state_json_status_of_a_kindred_says_staked_torpor_or_final_death(
    flags: dict[str, bool], status: str
) -> None:
    """V-2, V-3: a staked Kindred has hits left and no shared flag set, yet is out of the fight;
    the state's JSON ``status`` says so instead of "up"."""
    from firefight.cli.encounter import state_json
    from firefight.encounter.scenario import initial_state
    from firefight.frozen import replace

    state = initial_state(scenario_from_data(scene(vampire("Mara", 0, 0))))
    mara = state.combatant("Mara")
    stats = rmu_stats(mara)
    assert stats.kindred is not None
    staked = replace(mara, stats=replace(stats, kindred=replace(stats.kindred, **flags)))
    shown = state_json("k", state.with_combatant(staked))["combatants"]
    assert isinstance(shown, list)
    assert shown[0]["status"] == status


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("Mara stakes Mara", "Mara cannot stake themselves."),
        ("Mara beheads Mara", "Mara cannot behead themselves."),
        ("Mara bites Mara", "Mara cannot bite themselves."),
    ],
)
def test_dec_897_nobody_stakes_beheads_or_bites_themselves(line: str, says: str) -> None:
    """R-6, DEC-897: a stake or a beheading at oneself was rolled (a miss, the AP spent), and a
    bite was refused as "Point(x_ft=0.0, y_ft=3.0) and Point(...) are the same spot"."""
    service = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 3))
    with pytest.raises(RuleRefusal) as refused:
        service.act("k", line, Dice.scripted([50] * 10))
    assert str(refused.value) == f"R-6: {says}"
