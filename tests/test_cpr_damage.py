"""The cpr damage pipeline: SP, the head, melee halving, critical injuries, ablation, wounds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firefight.dice import Dice, ScriptedSource
from firefight.errors import RuleRefusal
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage import DamageResult, Hit, apply_damage, is_critical
from firefight.rulesets.cpr.damage_roll import DamageRoll, resolve_damage_roll
from firefight.rulesets.cpr.events import (
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    WoundStateChanged,
)
from firefight.rulesets.cpr.wounds import Health, WoundState, wound_state
from firefight.trace import Total, TraceBuilder

DATA = CprData()


def hit(target: Target, damage: list[int], *more: int, **how: object) -> DamageResult:
    """Apply damage dice ``damage`` to ``target``; ``more`` are faces for critical rolls."""
    roll = Dice.scripted(damage).pool(len(damage), 6, "damage")
    tb = TraceBuilder()
    return apply_damage(Hit(target=target, **how), roll, Dice.scripted(more), tb, DATA)  # type: ignore[arg-type]


def test_c_3_sp_is_subtracted_and_the_rest_lost_from_hp() -> None:
    result = hit(Target(body_sp=11, health=Health(hp=40, max_hp=40)), [5, 5, 4])
    assert (result.damage, result.sp, result.through, result.hp_lost) == (14, 11, 3, 3)
    assert result.target.health == Health(hp=37, max_hp=40)
    assert result.target.body_sp == 10


def test_c_3_no_ablation_when_nothing_got_through() -> None:
    result = hit(Target(body_sp=11), [5, 4, 2])
    assert result.through == 0 and result.hp_lost == 0
    assert result.target.body_sp == 11
    assert not any(isinstance(e, ArmorAblated) for e in result.events)


def test_c_3_ablation_is_one_point_and_never_below_zero() -> None:
    assert hit(Target(body_sp=1), [5, 5]).target.body_sp == 0
    bare = hit(Target(body_sp=0), [5, 5])
    assert bare.target.body_sp == 0
    assert not any(isinstance(e, ArmorAblated) for e in bare.events)


def test_c_3_unaimed_hits_meet_body_sp_and_leave_the_helmet_alone() -> None:
    result = hit(Target(body_sp=4, head_sp=15), [5, 5])
    assert result.sp == 4 and result.target.head_sp == 15


def test_c_3_head_takes_double_after_its_own_sp() -> None:
    result = hit(Target(body_sp=30, head_sp=4), [5, 5, 4], aim=Aim.HEAD)
    assert (result.sp, result.through, result.hp_lost) == (4, 10, 20)
    assert result.target.head_sp == 3 and result.target.body_sp == 30


@pytest.mark.parametrize(("sp", "half"), [(11, 6), (12, 6), (7, 4), (1, 1), (0, 0)])
def test_c_3_melee_meets_half_sp_rounded_up(sp: int, half: int) -> None:
    result = hit(Target(body_sp=sp), [6, 5, 4], halves_sp=True)
    assert result.sp == half
    assert result.through == max(0, 15 - half)
    if result.through:
        assert result.target.body_sp == max(0, sp - 1)  # the worn SP ablates, not the half


@given(sp=st.integers(min_value=0, max_value=40))
def test_c_3_melee_half_sp_is_always_rounded_up(sp: int) -> None:
    result = hit(Target(body_sp=sp), [1], halves_sp=True)
    assert result.sp == math.ceil(sp / 2)


def test_c_3_melee_halving_through_the_damage_command() -> None:
    melee = resolve_damage_roll(
        DamageRoll(weapon="medium melee", target=Target(body_sp=11)), Dice.scripted([5, 4]), DATA
    )
    thrown = resolve_damage_roll(
        DamageRoll(weapon="medium melee", thrown=True, target=Target(body_sp=11)),
        Dice.scripted([5, 4]),
        DATA,
    )
    assert (melee.result.fields()["sp"], melee.result.fields()["through"]) == (6, 3)
    assert (thrown.result.fields()["sp"], thrown.result.fields()["through"]) == (11, 0)


def test_c_3_a_gun_never_halves_sp() -> None:
    shot = resolve_damage_roll(
        DamageRoll(weapon="heavy pistol", target=Target(body_sp=11)), Dice.scripted([5, 4, 3]), DATA
    )
    assert shot.result.fields()["sp"] == 11


def test_c_4_two_sixes_make_a_critical_one_does_not() -> None:
    assert is_critical(Dice.scripted([6, 6]).pool(2, 6, "d"), DATA)
    assert is_critical(Dice.scripted([6, 1, 6, 6]).pool(4, 6, "d"), DATA)
    assert not is_critical(Dice.scripted([6, 5, 5]).pool(3, 6, "d"), DATA)


def test_c_4_bonus_bypasses_sp_and_lands_when_nothing_got_through() -> None:
    result = hit(Target(body_sp=20, health=Health(hp=30, max_hp=30)), [6, 6, 1], 3, 4)
    assert result.through == 0
    assert result.hp_lost == 5
    assert result.target.health == Health(hp=25, max_hp=30)
    assert result.injuries == ("foreign-object",)
    # Nothing got through the armor, so it does not ablate even though HP was lost.
    assert result.target.body_sp == 20
    assert not any(isinstance(e, ArmorAblated) for e in result.events)


def test_c_4_bonus_is_not_doubled_on_the_head_and_rolls_the_head_table() -> None:
    result = hit(Target(head_sp=4), [6, 6, 2], 1, 1, aim=Aim.HEAD)
    assert result.through == 10
    assert result.hp_lost == 10 * 2 + 5
    event = next(e for e in result.events if isinstance(e, CriticalInjuryInflicted))
    assert (event.table, event.roll, event.injury) == ("head", 2, "lost-eye")


def test_c_4_bonus_is_not_multiplied_by_autofire() -> None:
    result = hit(Target(body_sp=0), [6, 6], 2, 3, multiplier=3)
    assert result.damage == 36 and result.hp_lost == 36 + 5


def test_c_4_an_injury_already_suffered_is_rolled_again() -> None:
    result = hit(Target(injuries=("broken-leg",)), [6, 6], 4, 4, 1, 1)
    assert result.injuries == ("dismembered-arm",)
    assert result.target.injuries == ("broken-leg", "dismembered-arm")


def test_c_4_a_target_with_every_injury_still_takes_the_bonus() -> None:
    every = tuple(i.key for i in DATA.injuries.rows["body"].values())
    source = ScriptedSource([])
    roll = Dice.scripted([6, 6]).pool(2, 6, "damage")
    result = apply_damage(
        Hit(target=Target(injuries=every)), roll, Dice(source), TraceBuilder(), DATA
    )
    assert result.injuries == () and result.hp_lost == 12 + 5


def test_c_1_damage_dice_never_explode() -> None:
    source = ScriptedSource([6, 6, 6, 2, 2, 9])
    roll = Dice(source).pool(3, 6, "damage")
    assert roll.total == 18 and source.remaining == (2, 2, 9)


def test_c_4_cracked_skull_makes_an_aimed_head_shot_triple() -> None:
    result = hit(Target(head_sp=0, injuries=("cracked-skull",)), [5, 5], aim=Aim.HEAD)
    assert result.hp_lost == 30


def test_c_8_area_hits_use_body_sp_only() -> None:
    result = hit(Target(body_sp=4, head_sp=18), [5, 5], area=True)
    assert result.sp == 4
    ablated = next(e for e in result.events if isinstance(e, ArmorAblated))
    assert ablated.location == "body"


@given(
    faces=st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=8),
    sp=st.integers(min_value=0, max_value=25),
    head=st.booleans(),
)
def test_c_3_c_4_pipeline_arithmetic_holds_for_any_roll(
    faces: list[int], sp: int, head: bool
) -> None:
    target = Target(body_sp=sp, head_sp=sp)
    result = hit(target, faces, 3, 4, 3, 4, aim=Aim.HEAD if head else None)
    through = max(0, sum(faces) - sp)
    crit = faces.count(6) >= 2
    assert result.through == through
    assert result.hp_lost == through * (2 if head else 1) + (5 if crit else 0)
    ablated = any(isinstance(e, ArmorAblated) for e in result.events)
    assert ablated == (through > 0 and sp > 0)


@given(max_hp=st.integers(min_value=1, max_value=80), data=st.data())
def test_c_9_wound_state_thresholds(max_hp: int, data: st.DataObject) -> None:
    hp = data.draw(st.integers(min_value=-20, max_value=max_hp))
    state = wound_state(hp, max_hp)
    if hp < 1:
        assert state is WoundState.MORTAL
    elif hp < math.ceil(max_hp / 2):
        assert state is WoundState.SERIOUS
    elif hp < max_hp:
        assert state is WoundState.LIGHT
    else:
        assert state is WoundState.UNHURT


def test_c_9_half_rounds_up_35_hp_is_serious_below_18() -> None:
    assert wound_state(18, 35) is WoundState.LIGHT
    assert wound_state(17, 35) is WoundState.SERIOUS
    assert wound_state(0, 35) is WoundState.MORTAL


def test_c_9_crossing_a_threshold_is_an_event() -> None:
    result = hit(Target(health=Health(hp=20, max_hp=40)), [5, 5])
    change = next(e for e in result.events if isinstance(e, WoundStateChanged))
    assert (change.hp_before, change.hp_after, change.before, change.after) == (
        20,
        10,
        "light",
        "serious",
    )
    quiet = hit(Target(health=Health(hp=39, max_hp=40)), [1])
    assert not any(isinstance(e, WoundStateChanged) for e in quiet.events)
    assert DamageDealt in {type(e) for e in quiet.events}


def test_c_9_impossible_health_is_refused() -> None:
    with pytest.raises(RuleRefusal):
        Health(hp=41, max_hp=40)


def test_cpr_dmg_1_damage_command_needs_dice() -> None:
    with pytest.raises(RuleRefusal) as err:
        resolve_damage_roll(DamageRoll(), Dice.scripted([]), DATA)
    assert err.value.rule == "CPR-DMG-1"


def test_c_3_trace_itemizes_the_melee_half() -> None:
    outcome = resolve_damage_roll(
        DamageRoll(weapon="knife", target=Target(body_sp=11)), Dice.scripted([6]), DATA
    )
    half = next(e for e in outcome.trace if isinstance(e, Total) and "melee" in e.label)
    assert [(p.value, p.rule) for p in half.parts] == [(11, "C-3"), (-5, "C-3")]
