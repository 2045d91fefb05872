"""cpr throwing (CPR-THR-1), reloading (CPR-AMMO-1), and events an encounter can fold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firefight.dice import Dice
from firefight.errors import RuleRefusal, UnknownNameError
from firefight.events import Event, RoundsFired
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.attack import RangedAttack, Shot, resolve_ranged_attack
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.events import (
    ActionTaken,
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    ItemThrown,
    MagazineReloaded,
    WoundStateChanged,
)
from firefight.rulesets.cpr.reload import Reload, resolve_reload
from firefight.rulesets.cpr.throwing import Throw, resolve_throw
from firefight.rulesets.cpr.wounds import Health
from firefight.trace import Total

DATA = CprData()

KNIFE = Throw(item="knife", dex=7, athletics=5, distance_m=8, target=Target(body_sp=11))


def test_cpr_thr_1_dex_athletics_against_the_grenade_launcher_dv() -> None:
    outcome = resolve_throw(KNIFE, Dice.scripted([4, 6]), DATA)
    total = next(e for e in outcome.trace if isinstance(e, Total) and e.label == "throw total")
    assert [(p.label, p.value) for p in total.parts] == [
        ("thrower's DEX", 7),
        ("thrower's Athletics skill", 5),
        ("d10 rolled 4", 4),
    ]
    assert outcome.result.fields()["dv"] == DATA.ranges.read("grenade-launcher", 8).dv == 15
    assert outcome.result.fields()["result"] == "hit"
    assert outcome.events[:2] == (
        ActionTaken(actor="thrower", action="throw"),
        ItemThrown(actor="thrower", item="light-melee"),
    )


def test_cpr_thr_1_a_thrown_melee_weapon_meets_full_sp() -> None:
    outcome = resolve_throw(KNIFE, Dice.scripted([9, 6]), DATA)
    assert outcome.result.fields()["sp"] == 11 and outcome.result.fields()["through"] == 0
    assert "meets the full SP, not half" in outcome.trace.render_text()


def test_cpr_thr_1_up_to_25_m() -> None:
    assert resolve_throw(replace(KNIFE, distance_m=25), Dice.scripted([1, 1]), DATA)
    with pytest.raises(RuleRefusal) as err:
        resolve_throw(replace(KNIFE, distance_m=25.1), Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-THR-1"


def test_cpr_thr_1_an_improvised_object_does_what_the_gm_says() -> None:
    bottle = replace(KNIFE, item="improvised", item_name="bottle", damage_d6=1, target=Target())
    outcome = resolve_throw(bottle, Dice.scripted([9, 3]), DATA)
    assert outcome.result.fields()["hp_lost"] == 3
    assert ItemThrown(actor="thrower", item="improvised") in outcome.events
    with pytest.raises(RuleRefusal) as err:
        resolve_throw(replace(bottle, damage_d6=None), Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-THR-1"


def test_cpr_thr_1_guns_are_not_thrown_and_grenades_go_off_at_a_point() -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_throw(replace(KNIFE, item="heavy pistol"), Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-THR-1"
    with pytest.raises(RuleRefusal) as err:
        resolve_throw(replace(KNIFE, item="grenade"), Dice.scripted([]), DATA)
    assert err.value.rule == "C-8"


def test_cpr_thr_1_a_ref_8_target_may_dodge_a_thrown_object() -> None:
    dodger = replace(KNIFE, target=Target(dodge=Dodge(ref=8, dex=8, evasion=8)))
    outcome = resolve_throw(dodger, Dice.scripted([5, 9]), DATA)
    assert outcome.result.fields()["dodge"] == 21 and outcome.result.fields()["result"] == "miss"


def test_cpr_thr_1_cpr_dod_1_a_ref_7_target_cannot_dodge_a_thrown_object() -> None:
    """CPR-THR-1: only REF 8+ may dodge a thrown object, as a bullet; REF 7 is refused before
    any die, naming the rule."""
    slow = replace(KNIFE, target=Target(dodge=Dodge(ref=7, dex=8, evasion=8)))
    with pytest.raises(RuleRefusal) as refused:
        resolve_throw(slow, Dice.scripted([]), DATA)
    assert refused.value.rule == "CPR-DOD-1" and "REF 7" in refused.value.reason


def test_cpr_aim_1_an_aimed_throw_takes_minus_8() -> None:
    aimed = replace(KNIFE, aim=Aim.HEAD, target=Target(head_sp=0))
    outcome = resolve_throw(aimed, Dice.scripted([9, 4]), DATA)
    assert outcome.result.fields()["attack_total"] == 7 + 5 - 8 + 9
    assert outcome.result.fields()["result"] == "miss"  # 13 does not beat 15


# --- reload -----------------------------------------------------------------------------------


def test_cpr_ammo_1_reload_is_an_action_that_fills_the_magazine() -> None:
    outcome = resolve_reload(Reload(weapon="medium pistol", loaded=3), Dice.scripted([]), DATA)
    assert outcome.events == (
        ActionTaken(actor="shooter", action="reload"),
        MagazineReloaded(
            actor="shooter",
            weapon="medium-pistol",
            ammo="basic",
            rounds=12,
            removed=0,
            removed_ammo=None,
        ),
    )
    assert outcome.result.fields()["added"] == 9


def test_cpr_ammo_1_one_round_short_of_a_full_magazine_fills_it_but_one() -> None:
    """CPR-AMMO-1: an empty medium pistol (12) and 11 rounds at hand: all 11 go in, 11 of 12
    loaded; the magazine is not filled from rounds the shooter does not have."""
    reload = Reload(weapon="medium pistol", loaded=0, at_hand=11)
    result = resolve_reload(reload, Dice.scripted([]), DATA).result
    assert (result.rounds, result.added) == (11, 11)


def test_cpr_ammo_1_one_kind_per_magazine() -> None:
    swap = Reload(weapon="shotgun", ammo="shell", loaded=2, loaded_ammo="basic")
    outcome = resolve_reload(swap, Dice.scripted([]), DATA)
    event = outcome.events[1]
    assert isinstance(event, MagazineReloaded)
    assert (event.rounds, event.removed, event.removed_ammo, event.ammo) == (4, 2, "basic", "shell")
    assert "holds one kind" in outcome.trace.render_text()


@pytest.mark.parametrize("weapon", ["bow", "crossbow"])
def test_cpr_ammo_1_bows_are_never_reloaded(weapon: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_reload(Reload(weapon=weapon), Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-AMMO-1"
    assert "never reloaded" in err.value.reason


@pytest.mark.parametrize(
    "reload",
    [
        Reload(weapon="knife"),
        Reload(weapon="grenade"),
        Reload(weapon="medium pistol", ammo="shell"),
        Reload(weapon="medium pistol", loaded=13),
    ],
)
def test_cpr_ammo_1_reload_refusals(reload: Reload) -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_reload(reload, Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-AMMO-1"


def test_unknown_ammunition_is_named() -> None:
    with pytest.raises(UnknownNameError, match="cpr ammunition"):
        resolve_reload(Reload(weapon="smg", ammo="hollow"), Dice.scripted([]), DATA)


def test_cpr_ammo_1_a_bow_shot_spends_no_magazine_round() -> None:
    attack = RangedAttack(weapon="bow", ref=3, skill=3, shots=(Shot(distance_m=10),))
    outcome = resolve_ranged_attack(attack, Dice.scripted([2]), DATA)
    assert not any(isinstance(e, RoundsFired) for e in outcome.events)
    assert outcome.result.fields()["rounds_left"] is None


# --- the events carry everything an encounter needs ---------------------------------------------


def fold(state: dict[str, int], events: tuple[Event, ...]) -> dict[str, int]:
    """A stand-in for the encounter layer: HP, body SP and magazine rounds from the events."""
    state = dict(state)
    for event in events:
        if isinstance(event, DamageDealt):
            state["hp"] -= event.hp_lost
        elif isinstance(event, CriticalInjuryInflicted):
            state["hp"] -= event.bonus_damage
        elif isinstance(event, ArmorAblated):
            state["sp"] = event.sp_after
        elif isinstance(event, RoundsFired):
            state["rounds"] -= event.rounds
        elif isinstance(event, MagazineReloaded):
            state["rounds"] = event.rounds
    return state


def test_cpr_rof_1_events_fold_into_the_same_state_the_summary_reports() -> None:
    """CPR-ROF-1, C-3, C-4, C-9: an encounter can track HP, SP and ammo from events alone."""
    target = Target(body_sp=11, health=Health(hp=40, max_hp=40))
    attack = RangedAttack(
        weapon="heavy pistol",
        ref=7,
        skill=6,
        loaded=8,
        shots=(Shot(distance_m=18, target=target), Shot(distance_m=5, target=target)),
    )
    outcome = resolve_ranged_attack(
        attack, Dice.scripted([8, 6, 6, 5, 3, 3, 4, 6, 6, 6, 1, 1]), DATA
    )
    state = fold({"hp": 40, "sp": 11, "rounds": 8}, outcome.events)
    last = outcome.result.fields()["shots"][-1]
    assert state == {"hp": last["hp_after"], "sp": last["sp_after"], "rounds": 6}
    changes = [e for e in outcome.events if isinstance(e, WoundStateChanged)]
    assert changes and changes[-1].hp_after == state["hp"]
    reloaded = fold(
        state,
        resolve_reload(Reload(weapon="heavy pistol", loaded=6), Dice.scripted([]), DATA).events,
    )
    assert reloaded["rounds"] == 8
