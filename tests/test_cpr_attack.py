"""cpr single shots, ROF 2, aimed shots and dodging, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firefight.dice import Dice, ScriptedSource
from firefight.errors import DiceError, RuleRefusal
from firefight.events import RoundsFired
from firefight.outcome import Outcome
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.attack import (
    RangedAttack,
    Shot,
    ranged_attack_events,
    resolve_ranged_attack,
)
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.events import (
    ActionTaken,
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    ItemDropped,
)
from firefight.rulesets.cpr.wounds import Health, WoundState
from firefight.trace import QuietTraceBuilder, Total

DATA = CprData()

BASE = RangedAttack(
    weapon="heavy pistol",
    ref=7,
    skill=6,
    shots=(Shot(distance_m=18, target=Target(body_sp=11)),),
)


def fire(attack: RangedAttack, *faces: int) -> Outcome:
    return resolve_ranged_attack(attack, Dice.scripted(faces), DATA)


def with_target(
    attack: RangedAttack = BASE, *, distance_m: float = 18, **target: object
) -> RangedAttack:
    return replace(attack, shots=(Shot(distance_m=distance_m, target=Target(**target)),))  # type: ignore[arg-type]


def total_named(outcome: Outcome, label: str) -> Total:
    return next(e for e in outcome.trace if isinstance(e, Total) and e.label == label)


GOLDEN = """\
shooter fires the heavy pistol (Handgun) at target, 18 m away.  [CPR-HIT-2]
range DV: row Pistol, column 13-25 m -> 20  [CPR-RNG-1]
shooter's attack: d10 (cpr) rolled 8 -> 8
attack total = 21
       +7  shooter's REF  [CPR-HIT-1]
       +6  shooter's Handgun skill  [CPR-HIT-2]
       +8  d10 rolled 8  [C-1]
21 beats the range DV 20.  [CPR-HIT-1]
heavy pistol damage: 3d6 rolled 4, 3, 5 -> 12
Not aimed at the head, so the hit meets target's body SP 11.  [C-3]
damage through target's armor = 1
      +12  3d6 damage dice  [CPR-DMG-1]
      -11  stopped by SP 11  [C-3]
HP target loses = 1
       +1  damage through the armor  [C-3]
Damage got through, so target's body SP ablates: 11 -> 10.  [C-3]"""


def test_cpr_hit_1_golden_heavy_pistol_at_18_m_into_sp_11() -> None:
    """CPR-HIT-1, CPR-HIT-2, CPR-RNG-1, CPR-DMG-1, C-1, C-3: 7 + 6 + 8 = 21 beats DV 20;
    3d6 = 12 less SP 11 = 1 through; the body SP ablates to 10."""
    outcome = fire(BASE, 8, 4, 3, 5)
    assert outcome.trace.render_text() == GOLDEN
    assert outcome.events == (
        ActionTaken(actor="shooter", action="attack"),
        RoundsFired(actor="shooter", weapon="heavy-pistol", rounds=1),
        DamageDealt(target="target", location="body", damage=12, sp=11, through=1, hp_lost=1),
        ArmorAblated(target="target", location="body", sp_before=11, sp_after=10),
    )
    assert outcome.result.fields()["rounds_left"] == 7 and outcome.result.fields()["hp_lost"] == 1


def test_cpr_hit_1_a_tie_misses_and_rolls_no_damage() -> None:
    source = ScriptedSource([7, 6, 6, 6])
    outcome = resolve_ranged_attack(BASE, Dice(source), DATA)
    assert total_named(outcome, "attack total").value == 20
    assert outcome.result.fields()["shots"][0]["result"] == "miss"
    assert "the defender wins ties" in outcome.trace.render_text()
    assert source.remaining == (6, 6, 6)
    assert not any(isinstance(e, DamageDealt) for e in outcome.events)


@given(
    row=st.sampled_from(["bow", "pistol", "sniper-rifle", "smg", "assault-rifle", "shotgun-slug"]),
    band=st.integers(min_value=0, max_value=5),
    face=st.integers(min_value=2, max_value=9),
    margin=st.sampled_from([0, 1]),
)
def test_cpr_hit_1_ties_always_miss_and_one_more_always_hits(
    row: str, band: int, face: int, margin: int
) -> None:
    weapon = {
        "pistol": "medium pistol",
        "smg": "smg",
        "shotgun-slug": "shotgun",
        "assault-rifle": "assault rifle",
        "sniper-rifle": "sniper rifle",
        "bow": "bow",
    }[row]
    dv = DATA.ranges.rows[row][band]
    assert dv is not None
    distance = DATA.ranges.bands[band].high_m
    ref = (dv + margin - face) // 2
    attack = RangedAttack(
        weapon=weapon,
        ref=ref,
        skill=dv + margin - face - ref,
        shots=(Shot(distance_m=distance),),
    )
    outcome = resolve_ranged_attack(attack, Dice.scripted([face, 1, 1, 1, 1, 1]), DATA)
    assert outcome.result.fields()["shots"][0]["result"] == ("hit" if margin else "miss")


def test_c_1_a_natural_10_adds_one_d10_and_never_chains() -> None:
    outcome = fire(BASE, 10, 10, 1, 2, 3)
    assert total_named(outcome, "attack total").value == 7 + 6 + 20
    damage = [r for r in outcome.trace.rolls if r.purpose == "heavy pistol damage"]
    assert damage[0].faces == (1, 2, 3)  # the third face went to damage, not a third d10


def test_c_1_a_natural_1_subtracts_one_d10() -> None:
    outcome = fire(BASE, 1, 10)
    assert total_named(outcome, "attack total").value == 7 + 6 + 1 - 10
    assert "a natural 1 takes one more d10 away" in outcome.trace.render_text()


def test_c_2_fractional_distance_rounds_up_into_the_next_band() -> None:
    outcome = fire(with_target(distance_m=12.2), 9, 1, 1, 1)
    assert outcome.result.fields()["shots"][0]["dv"] == 20
    assert "12.2 m rounds up to 13 m" in outcome.trace.render_text()


def test_cpr_rng_1_a_dash_is_refused_before_any_die() -> None:
    with pytest.raises(RuleRefusal) as err:
        fire(with_target(distance_m=250))
    assert err.value.rule == "CPR-RNG-1"


def test_cpr_dod_1_dodge_is_rolled_first_and_replaces_the_dv() -> None:
    attack = with_target(body_sp=0, dodge=Dodge(ref=8, dex=7, evasion=6))
    outcome = fire(attack, 4, 5, 1, 1, 1)
    rolls = [r.purpose for r in outcome.trace.rolls]
    assert rolls[:2] == ["target's dodge", "shooter's attack"]
    assert total_named(outcome, "target's dodge").value == 17
    shot = outcome.result.fields()["shots"][0]
    assert shot["dodge"] == 17 and shot["attack_total"] == 18
    assert shot["result"] == "hit"  # 18 beats the dodge, though not the DV of 20


def test_cpr_dod_1_a_good_dodge_makes_a_hit_on_the_dv_miss() -> None:
    attack = with_target(dodge=Dodge(ref=9, dex=8, evasion=7))
    outcome = fire(attack, 9, 9)
    shot = outcome.result.fields()["shots"][0]
    assert shot["attack_total"] == 22 > shot["dv"]
    assert shot["result"] == "miss"


def test_cpr_dod_1_a_tie_with_the_dodge_goes_to_the_dodger() -> None:
    attack = with_target(dodge=Dodge(ref=8, dex=7, evasion=6))
    outcome = fire(attack, 5, 4)
    assert outcome.result.fields()["shots"][0]["result"] == "miss"


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        (Target(dodge=Dodge(ref=7, dex=9, evasion=9)), "REF 8 or more"),
        (Target(dodge=Dodge(ref=8, dex=7, evasion=6), conscious=False), "unconscious"),
        (Target(dodge=Dodge(ref=8, dex=7, evasion=6), shield=True), "shield"),
        (Target(dodge=Dodge(ref=8, dex=7, evasion=6), sees_attack=False), "cannot see"),
        (
            Target(dodge=Dodge(ref=8, dex=7, evasion=6), injuries=("dismembered-leg",)),
            "leg lost",
        ),
    ],
)
def test_cpr_dod_1_refusals(target: Target, reason: str) -> None:
    attack = replace(BASE, shots=(Shot(distance_m=18, target=target),))
    with pytest.raises(RuleRefusal) as err:
        fire(attack)
    assert err.value.rule == "CPR-DOD-1"
    assert reason in err.value.reason


def test_cpr_dod_1_a_seriously_wounded_dodger_takes_minus_2() -> None:
    attack = with_target(dodge=Dodge(ref=8, dex=7, evasion=6), health=Health(hp=10, max_hp=40))
    outcome = fire(attack, 4, 1, 3)
    assert total_named(outcome, "target's dodge").value == 7 + 6 - 2 + 4


def test_cpr_rof_1_a_rof_2_pistol_takes_two_shots_with_a_move_between() -> None:
    target = Target(body_sp=11, health=Health(hp=40, max_hp=40))
    attack = replace(
        BASE, shots=(Shot(distance_m=18, target=target), Shot(distance_m=5, target=target))
    )
    outcome = fire(attack, 8, 6, 5, 4, 2, 6, 5, 4)
    attacks = [r for r in outcome.trace.rolls if r.purpose == "shooter's attack"]
    assert len(attacks) == 2
    dealt = [e for e in outcome.events if isinstance(e, DamageDealt)]
    # The second shot meets the SP the first ablated: 15 - 11 = 4, then 15 - 10 = 5.
    assert [(d.sp, d.through) for d in dealt] == [(11, 4), (10, 5)]
    ablated = [e for e in outcome.events if isinstance(e, ArmorAblated)]
    assert [(a.sp_before, a.sp_after) for a in ablated] == [(11, 10), (10, 9)]
    assert RoundsFired(actor="shooter", weapon="heavy-pistol", rounds=2) in outcome.events
    assert outcome.result.fields()["rounds_left"] == 6 and outcome.result.fields()["hp_lost"] == 9
    assert "may move before the next shot" in outcome.trace.render_text()
    shots = outcome.result.fields()["shots"]
    assert isinstance(shots, list)
    assert [s["hp_after"] for s in shots] == [36, 31]


def test_cpr_rof_1_the_quiet_shot_gathers_the_told_shots_events_from_the_same_rolls() -> None:
    """A simulated fight's shot (ranged_attack_events) builds no result: the same events from
    the same dice as the told one, and whether its last shot hit (a move between two shots
    goes before that shot's damage, CPR-ROF-1); a jam (jams_on) stops it alike."""
    target = Target(
        body_sp=7, health=Health(hp=30, max_hp=30), dodge=Dodge(ref=8, dex=6, evasion=4)
    )
    twice = replace(
        BASE, shots=(Shot(distance_m=18, target=target), Shot(distance_m=5, target=target))
    )
    hits = set()
    for attack in (twice, replace(twice, jams_on=1)):
        for seed in range(60):
            told = resolve_ranged_attack(attack, Dice.seeded(seed), DATA)
            events, last_hit = ranged_attack_events(
                attack, Dice.seeded(seed), DATA, QuietTraceBuilder()
            )
            assert tuple(events) == told.events
            assert last_hit == (told.result.shots[-1].result == "hit")
            hits.add(last_hit)
    assert hits == {True, False}


def test_cpr_rof_1_a_rof_1_weapon_gets_one_attack() -> None:
    attack = replace(
        BASE, weapon="very heavy pistol", shots=(Shot(distance_m=5), Shot(distance_m=5))
    )
    with pytest.raises(RuleRefusal) as err:
        fire(attack)
    assert err.value.rule == "CPR-ROF-1"


def test_cpr_rof_1_each_shot_is_dodged_separately() -> None:
    target = Target(dodge=Dodge(ref=8, dex=7, evasion=6))
    attack = replace(BASE, shots=(Shot(distance_m=5, target=target),) * 2)
    outcome = fire(attack, 2, 2, 2, 2)
    dodges = [r for r in outcome.trace.rolls if r.purpose == "target's dodge"]
    assert len(dodges) == 2


def test_cpr_aim_1_head_shot_minus_8_head_sp_doubled() -> None:
    target = Target(body_sp=20, head_sp=2)
    attack = replace(BASE, shots=(Shot(distance_m=5, target=target, aim=Aim.HEAD),))
    outcome = fire(attack, 9, 4, 3, 2)
    parts = {p.label: p.value for p in total_named(outcome, "attack total").parts}
    assert parts["aimed shot"] == -8
    dealt = next(e for e in outcome.events if isinstance(e, DamageDealt))
    assert (dealt.location, dealt.sp, dealt.through, dealt.hp_lost) == ("head", 2, 7, 14)
    assert ArmorAblated(target="target", location="head", sp_before=2, sp_after=1) in outcome.events
    assert outcome.events[0] == ActionTaken(actor="shooter", action="aimed shot")


def test_cpr_aim_1_held_item_drops_only_when_damage_gets_through() -> None:
    hit = replace(
        BASE, shots=(Shot(distance_m=5, target=Target(body_sp=11), aim=Aim.HELD_ITEM, item="smg"),)
    )
    through = fire(hit, 9, 6, 5, 1)
    assert ItemDropped(target="target", item="smg") in through.events
    stopped = fire(hit, 9, 5, 4, 1)
    assert not any(isinstance(e, ItemDropped) for e in stopped.events)
    assert "keeps the smg" in stopped.trace.render_text()


def test_cpr_aim_1_a_critical_bonus_alone_does_not_drop_the_item() -> None:
    hit = replace(BASE, shots=(Shot(distance_m=5, target=Target(body_sp=30), aim=Aim.HELD_ITEM),))
    outcome = fire(hit, 9, 6, 6, 1, 3, 4)
    assert any(isinstance(e, CriticalInjuryInflicted) for e in outcome.events)
    assert not any(isinstance(e, ItemDropped) for e in outcome.events)


def test_cpr_aim_1_leg_shot_through_the_armor_breaks_the_leg() -> None:
    hit = replace(BASE, shots=(Shot(distance_m=5, target=Target(body_sp=11), aim=Aim.LEG),))
    outcome = fire(hit, 9, 6, 5, 1)
    injury = next(e for e in outcome.events if isinstance(e, CriticalInjuryInflicted))
    assert (injury.injury, injury.roll, injury.cause, injury.bonus_damage) == (
        "broken-leg",
        None,
        "aimed leg shot",
        5,
    )
    assert outcome.result.fields()["hp_lost"] == 1 + 5
    stopped = fire(hit, 9, 5, 4, 1)
    assert not any(isinstance(e, CriticalInjuryInflicted) for e in stopped.events)


def test_cpr_aim_1_a_leg_already_broken_is_not_broken_again() -> None:
    """CPR-AIM-1, C-4: the same leg shot (7 + 6 - 8 + 9 = 14 beats DV 13; 6 + 5 + 1 = 12
    against SP 11, 1 through) at a target whose leg is already broken brings no second Broken
    Leg and no 5 bonus damage: 1 HP lost."""
    target = Target(body_sp=11, injuries=("broken-leg",))
    hit = replace(BASE, shots=(Shot(distance_m=5, target=target, aim=Aim.LEG),))
    outcome = fire(hit, 9, 6, 5, 1)
    assert not any(isinstance(e, CriticalInjuryInflicted) for e in outcome.events)
    assert outcome.result.fields()["hp_lost"] == 1


def test_cpr_aim_1_no_aimed_shot_with_shotgun_shells() -> None:
    attack = replace(
        BASE, weapon="shotgun", ammo="shell", shots=(Shot(distance_m=5, aim=Aim.HEAD),)
    )
    with pytest.raises(RuleRefusal) as err:
        fire(attack)
    assert err.value.rule == "CPR-AIM-1"


def test_cpr_aim_1_an_aimed_shot_is_the_whole_action() -> None:
    attack = replace(BASE, shots=(Shot(distance_m=5, aim=Aim.HEAD), Shot(distance_m=5)))
    with pytest.raises(RuleRefusal) as err:
        fire(attack)
    assert err.value.rule == "CPR-AIM-1"


def test_c_7_shells_go_through_their_own_command() -> None:
    attack = replace(BASE, weapon="shotgun", ammo="shell", shots=(Shot(distance_m=5),))
    with pytest.raises(RuleRefusal) as err:
        fire(attack)
    assert err.value.rule == "C-7"


def test_cpr_rng_1_a_shotgun_slug_reads_the_slug_row() -> None:
    attack = replace(BASE, weapon="shotgun", shots=(Shot(distance_m=150),))
    outcome = fire(attack, 5)
    assert outcome.result.fields()["shots"][0]["dv"] == 35


def test_cpr_dmg_1_a_hit_rolls_the_weapons_own_dice() -> None:
    attack = replace(BASE, weapon="very heavy pistol", shots=(Shot(distance_m=5),))
    outcome = fire(attack, 9, 1, 2, 3, 4)
    damage = next(r for r in outcome.trace.rolls if r.purpose.endswith("damage"))
    assert damage.kind == "4d6" and damage.total == 10


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"weapon": "knife"}, "CPR-HIT-2"),
        ({"weapon": "grenade"}, "CPR-THR-1"),
        ({"weapon": "rocket launcher"}, "C-8"),
        ({"loaded": 0}, "CPR-AMMO-1"),
        ({"loaded": 9}, "CPR-AMMO-1"),
        ({"ammo": "shell"}, "CPR-AMMO-1"),
        ({"shots": ()}, "CPR-ROF-1"),
    ],
)
def test_refusals_name_their_rule_and_roll_nothing(change: dict[str, object], rule: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        fire(replace(BASE, **change))  # type: ignore[arg-type]
    assert err.value.rule == rule


def test_cpr_rof_1_a_refused_attack_is_refused_again_and_a_kept_read_still_checks_the_dodge() -> (
    None
):
    # The weapon's checks are kept per distinct attack (its reads): a refusal never is.
    empty = replace(BASE, loaded=0)
    for _ in range(2):
        with pytest.raises(RuleRefusal) as err:
            fire(empty)
        assert err.value.rule == "CPR-AMMO-1"
    fire(BASE, 8, 4, 3, 5)  # the same weapon, rounds and distance: its read kept
    dodger = with_target(dodge=Dodge(ref=6, dex=6, evasion=4))
    with pytest.raises(RuleRefusal) as err:
        fire(dodger)
    assert err.value.rule == "CPR-DOD-1"


def test_c_9_a_seriously_wounded_shooter_takes_minus_2() -> None:
    outcome = fire(replace(BASE, wound=WoundState.SERIOUS), 9, 1, 1, 1)
    parts = {p.rule: p.value for p in total_named(outcome, "attack total").parts}
    assert parts["C-9"] == -2
    assert total_named(outcome, "attack total").value == 20
    assert outcome.result.fields()["shots"][0]["result"] == "miss"


def test_c_4_a_shooters_lost_eye_costs_4_on_ranged_attacks() -> None:
    outcome = fire(replace(BASE, injuries=("lost-eye", "torn-muscle")), 9)
    parts = [(p.label, p.value) for p in total_named(outcome, "attack total").parts]
    assert ("shooter: eye lost", -4) in parts
    assert all("muscle" not in label for label, _ in parts)  # a melee penalty, not ranged


def test_scripted_dice_running_out_names_what_was_being_rolled() -> None:
    with pytest.raises(DiceError, match="heavy pistol damage"):
        fire(BASE, 8)
