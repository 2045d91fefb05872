"""rmu encounter rules: rounds and AP (RMU-GEN-1), hits and death (R-2), stun and stagger (R-3),
upkeep order (R-4), initiative and surprise (R-5), action costs (R-6), critical effects landing
(RMU-GEN-7), cover from the scene (RMU-COV-1, RMU-COV-5, P-1) and breakage kept per armor (P-5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from encounter_support import duel, person, scene
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import Posture
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.rulesets.rmu.afflictions import Afflictions
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.encounter_events import (
    ActionPointsLost,
    Bled,
    Died,
    DyingCountdown,
    RoundStarted,
    StaggerCleared,
    StunWoreOff,
)
from firefight.rulesets.rmu.events import BreakageTaken, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.vitals import (
    armor_of,
    dying,
    hit_loss_penalty,
    penalty_modifiers,
    penalty_sum,
    rmu_stats,
    total_penalty,
    vitals,
)
from firefight.scene.apply import apply_all
from firefight.scene.events import InitiativeOrdered
from firefight.scene.state import EncounterState, Surprise

RMU: Ruleset = find_ruleset("rmu")


def opened(doc: dict[str, object] | None = None, rolls: tuple[int, ...] = ()) -> EncounterState:
    """Round 1 of a scene, initiative from ``rolls`` (seeded when none are given)."""
    scenario = scenario_from_data(doc) if doc is not None else duel()
    dice = Dice.scripted(rolls) if rolls else Dice.seeded(1)
    return engine.open_fight(initial_state(scenario), RMU, dice).state


def land(state: EncounterState, *events: Event) -> EncounterState:
    return apply_all(state, events, RMU)


def crit(target: str = "Viktor", **effect: object) -> CriticalInflicted:
    return CriticalInflicted(
        target=target,
        table="ballistic-puncture",
        severity="C",
        roll=50,
        location="chest",
        effect=CriticalEffect(label="test cell", **effect),  # type: ignore[arg-type]
    )


def upkeep_types(state: EncounterState) -> list[str]:
    return [type(e).__name__ for e in RMU.upkeep(state).events]


# --- hits and death -------------------------------------------------------------------------


def test_r_2_unconscious_at_zero_hits_not_before() -> None:
    state = opened()
    hurt = land(state, HitsInflicted(target="Viktor", hits=49, rule="RMU-GEN-5"))
    assert not hurt.combatant("Viktor").unconscious
    down = land(hurt, HitsInflicted(target="Viktor", hits=1, rule="RMU-GEN-5"))
    viktor = down.combatant("Viktor")
    assert viktor.unconscious and not viktor.dead
    assert viktor.posture is Posture.PRONE  # whoever drops falls


def test_r_2_dead_only_when_hits_below_zero_exceed_body_development() -> None:
    state = opened()  # Viktor: 50 hits, Body Development 20
    at_limit = land(state, HitsInflicted(target="Viktor", hits=70, rule="RMU-GEN-5"))
    assert at_limit.combatant("Viktor").hits_left == -20
    assert not at_limit.combatant("Viktor").dead
    past = land(at_limit, HitsInflicted(target="Viktor", hits=1, rule="RMU-GEN-5"))
    assert past.combatant("Viktor").dead


@pytest.mark.parametrize(
    ("lost", "penalty"),
    [(0, 0), (25, 0), (26, -10), (50, -10), (51, -20), (75, -20), (76, -30), (140, -30)],
)
def test_r_2_hit_loss_penalty_bands(lost: int, penalty: int) -> None:
    assert hit_loss_penalty(100, lost) == penalty


def test_r_2_hit_loss_penalty_uses_the_exact_share() -> None:
    """R-2: 13 of 50 hits is 26% lost, past a quarter: -10; 12 of 50 (24%) is nothing."""
    assert hit_loss_penalty(50, 12) == 0
    assert hit_loss_penalty(50, 13) == -10


def test_r_2_penalties_itemized_and_summed() -> None:
    """R-2, R-3, RMU-GEN-7: hit loss, injury, the running stun tier and fatigue all count."""
    state = land(
        opened(),
        crit(hits=30, injury=-10, stun_rounds=2, stun_penalty=-50, fatigue=3),
    )
    viktor = state.combatant("Viktor")
    itemized = sorted((m.rule or "", m.value) for m in penalty_modifiers(viktor))
    assert itemized == [("R-2", -20), ("R-3", -50), ("RMU-GEN-7", -10), ("RMU-GEN-7", -3)]
    assert total_penalty(viktor) == -83 == penalty_sum(viktor)
    # RMU-EXP-16: the gas's penalty is no wound, but it is on everything the sum counts.
    stats = rmu_stats(viktor)
    gassed = replace(viktor, stats=replace(stats, afflictions=Afflictions(gas=-30)))
    assert penalty_sum(gassed) == sum(m.value for m in penalty_modifiers(gassed)) == -113


def test_r_2_total_penalty_of_minus_200_is_dying_and_minus_300_dies_at_upkeep() -> None:
    state = land(opened(), crit(injury=-200))
    assert dying(state.combatant("Viktor")) and not state.combatant("Viktor").dead
    with pytest.raises(RuleRefusal) as refused:
        engine.act(state, "Viktor waits", RMU, Dice.scripted([]))
    assert refused.value.rule == "R-2"
    worse = land(state, crit(injury=-100))
    after = engine.next_round(worse, RMU, Dice.scripted([5, 5])).state
    assert after.combatant("Viktor").dead
    died = [e for e in RMU.upkeep(worse).events if isinstance(e, Died)]
    assert died and died[0].rule == "R-2"


def test_r_2_dying_from_minus_200_and_death_from_minus_300_not_before() -> None:
    """R-2's thresholds are reached, not approached: -199 is not dying, -200 is; -299 does not
    die at the upkeep, -300 does."""
    short = land(opened(), crit(injury=-199))
    assert not dying(short.combatant("Viktor"))
    assert dying(land(short, crit(injury=-1)).combatant("Viktor"))
    almost = land(opened(), crit(injury=-299))
    after = engine.next_round(almost, RMU, Dice.scripted([5, 5])).state
    assert not after.combatant("Viktor").dead
    at = land(opened(), crit(injury=-300))
    assert engine.next_round(at, RMU, Dice.scripted([5, 5])).state.combatant("Viktor").dead


def test_r_2_whoever_dies_at_the_upkeep_falls_prone_as_one_felled_by_a_blow() -> None:
    """R-2, DEC-72, S-1: -300 kills Viktor at the upkeep while he still stands (dying is not
    down, DEC-72), and the dead fall as the knocked-out do: his body lies prone from then on,
    which is what the map draws and what screens the man behind it (DEC-695). It stood."""
    at = land(opened(), crit(injury=-300))
    assert at.combatant("Viktor").posture is Posture.STANDING
    viktor = engine.next_round(at, RMU, Dice.scripted([5, 5])).state.combatant("Viktor")
    assert viktor.dead and viktor.posture is Posture.PRONE
    counted = land(opened(), crit(dying_rounds=1))
    viktor = land(counted, Died(target="Viktor", cause="test", rule="R-2")).combatant("Viktor")
    assert viktor.dead and viktor.posture is Posture.PRONE


# --- RMU-GEN-7: critical effects landing ---------------------------------------------------------


def test_rmu_gen_7_critical_effects_all_land() -> None:
    state = land(
        opened(),
        crit(hits=12, bleed=3, injury=-15, fatigue=2, prone=True, stun_rounds=1, stun_penalty=-25),
    )
    v = state.combatant("Viktor")
    assert (v.hits_taken, vitals(v).bleed, vitals(v).injury, vitals(v).fatigue) == (12, 3, -15, 2)
    assert v.posture is Posture.PRONE
    assert vitals(v).stun == ((-25, 1),)


def test_rmu_gen_7_dying_countdown_runs_down_at_upkeep_and_ends_in_death() -> None:
    state = land(opened(), crit(dying_rounds=2))
    assert dying(state.combatant("Viktor"))
    one = engine.next_round(state, RMU, Dice.scripted([5, 5])).state
    assert vitals(one.combatant("Viktor")).dying_rounds == 1 and not one.combatant("Viktor").dead
    two = engine.next_round(one, RMU, Dice.scripted([5, 5])).state
    assert two.combatant("Viktor").dead


def test_rmu_gen_7_cell_saying_dead_kills() -> None:
    assert land(opened(), crit(hits=1, dead=True)).combatant("Viktor").dead


def test_rmu_gen_7_a_numbered_stagger_takes_that_many_ap() -> None:
    """Round 1, 4 AP untouched: "staggered 2" takes 2 of them now and owes nothing."""
    v = vitals(land(opened(), crit(staggered=2)).combatant("Viktor"))
    assert (v.ap_left, v.staggered_owed) == (2, 0)


def test_rmu_gen_7_a_second_dying_count_that_ends_sooner_is_the_one_kept() -> None:
    """Dying in 6, then a cell saying dying in 2: dead 2 rounds on, not 6."""
    state = land(opened(), crit(dying_rounds=6), crit(dying_rounds=2))
    assert vitals(state.combatant("Viktor")).dying_rounds == 2
    later = land(opened(), crit(dying_rounds=2), crit(dying_rounds=6))
    assert vitals(later.combatant("Viktor")).dying_rounds == 2


# --- stun and stagger -----------------------------------------------------------------------


def test_r_3_stun_rounds_add_up_by_tier_and_wear_off_worst_first() -> None:
    state = land(
        opened(),
        crit(stun_rounds=1, stun_penalty=-25),
        crit(stun_rounds=2, stun_penalty=-50),
        crit(stun_rounds=1, stun_penalty=-25),
    )
    assert vitals(state.combatant("Viktor")).stun == ((-50, 2), (-25, 2))
    assert vitals(state.combatant("Viktor")).stun_penalty == -50
    seen = []
    for _ in range(4):
        state = engine.next_round(state, RMU, Dice.seeded(3)).state
        seen.append(vitals(state.combatant("Viktor")).stun)
    assert seen == [((-50, 1), (-25, 2)), ((-25, 2),), ((-25, 1),), ()]


def test_r_3_stagger_takes_ap_at_once_or_at_the_start_of_next_round() -> None:
    state = opened()
    spent = land(
        state,
        *engine.act(state, "Viktor shoots Mara --ap 3", RMU, Dice.scripted([10])).record.events,
    )
    assert vitals(spent.combatant("Viktor")).ap_left == 1
    hit = land(spent, crit(staggered=2))
    v = vitals(hit.combatant("Viktor"))
    assert (v.ap_left, v.staggered_owed, v.staggered) == (0, 1, True)
    # not cleared at this upkeep, since an AP is still owed; paid at the round's start.
    assert "StaggerCleared" not in upkeep_types(hit)
    nxt = engine.next_round(hit, RMU, Dice.seeded(2)).state
    v = vitals(nxt.combatant("Viktor"))
    assert (v.ap_left, v.staggered_owed, v.staggered) == (3, 0, True)
    assert "StaggerCleared" in upkeep_types(nxt)


# --- upkeep order ---------------------------------------------------------------------------


def test_r_4_upkeep_runs_bleeding_then_durations_then_stun_then_stagger() -> None:
    state = land(
        opened(),
        crit(bleed=2, dying_rounds=5, stun_rounds=1, stun_penalty=-25, staggered=1),
    )
    types = upkeep_types(state)
    assert types == ["Bled", "DyingCountdown", "StunWoreOff", "StaggerCleared"]
    record = engine.next_round(state, RMU, Dice.seeded(4)).record
    names = [type(e).__name__ for e in record.events]
    assert names[:5] == [*types, "RoundStarted"]


def test_r_4_the_round_ends_where_its_upkeep_events_fold_to() -> None:
    """R-4: rmu's end of a round (what the engine goes on from) is its upkeep's events folded
    over the state, as the default :meth:`Ruleset.end_round` folds them."""
    state = land(
        opened(),
        crit(bleed=2, dying_rounds=5, stun_rounds=1, stun_penalty=-25, staggered=1),
    )
    done, after = RMU.end_round(state)
    assert done.events == RMU.upkeep(state).events
    assert after == apply_all(state, done.events, RMU)
    assert after == Ruleset.end_round(RMU, state)[1] != state


def test_r_4_bleeding_first_so_a_body_that_bleeds_out_is_not_ticked_further() -> None:
    """R-4: bleeding comes first; Viktor (50 hits, BD 20) at -19 bleeding 5 dies of it, and
    the later phases (stun) leave the dead alone."""
    state = land(
        opened(),
        HitsInflicted(target="Viktor", hits=69, rule="RMU-GEN-5"),
        crit(bleed=5, stun_rounds=2, stun_penalty=-25),
    )
    assert not state.combatant("Viktor").dead
    events = RMU.upkeep(state).events
    assert [type(e) for e in events] == [Bled]
    assert engine.next_round(state, RMU, Dice.scripted([5, 5])).state.combatant("Viktor").dead


def test_r_4_unconscious_keep_bleeding_dead_do_not() -> None:
    state = land(opened(), crit(hits=50, bleed=3))
    assert state.combatant("Viktor").unconscious
    assert Bled(target="Viktor", hits=3) in RMU.upkeep(state).events
    dead = land(state, Died(target="Viktor", cause="test", rule="R-2"))
    assert not [e for e in RMU.upkeep(dead).events if getattr(e, "target", "") == "Viktor"]


def test_r_4_each_upkeep_event_changes_what_it_says() -> None:
    state = land(opened(), crit(stun_rounds=1, stun_penalty=-75, dying_rounds=3, bleed=1))
    after = land(
        state,
        Bled(target="Viktor", hits=1),
        DyingCountdown(target="Viktor", rounds_left=2),
        StunWoreOff(target="Viktor", penalty=-75),
    )
    v = after.combatant("Viktor")
    assert (v.hits_taken, vitals(v).dying_rounds, vitals(v).stun) == (1, 2, ())
    cleared = land(land(state, crit(staggered=1)), StaggerCleared(target="Viktor"))
    assert not vitals(cleared.combatant("Viktor")).staggered


# --- initiative and surprise ----------------------------------------------------------------


def test_r_5_initiative_is_2d10_plus_quickness_less_one_per_full_minus_10() -> None:
    doc = scene(person("Mara", 0, 0, quickness=10), person("Viktor", 0, 30, quickness=3))
    state = opened(doc, rolls=(3, 4, 9, 9))
    assert state.combatant("Mara").initiative == 17
    assert state.combatant("Viktor").initiative == 21
    assert state.initiative == (("Viktor",), ("Mara",))
    hurt = land(state, crit(target="Mara", injury=-25))  # -25: two full steps of -10
    after = engine.next_round(hurt, RMU, Dice.scripted([3, 4, 1, 1])).state
    assert after.combatant("Mara").initiative == 15


def test_r_5_ties_act_together() -> None:
    doc = scene(person("Mara", 0, 0, quickness=2), person("Viktor", 0, 30))
    state = opened(doc, rolls=(5, 5, 6, 6))
    assert state.initiative == (("Mara", "Viktor"),)
    record = engine.open_fight(
        initial_state(scenario_from_data(doc)), RMU, Dice.scripted([5, 5, 6, 6])
    ).record
    assert InitiativeOrdered(groups=(("Mara", "Viktor"),)) in record.events
    assert any("act at the same time" in str(t.get("text")) for t in record.trace)


def test_r_5_flat_footed_acts_not_in_round_1_and_surprised_loses_2_ap() -> None:
    doc = scene(
        person("Mara", 0, 0, surprise="surprised"),
        person("Viktor", 0, 30, surprise="flat-footed"),
    )
    record = engine.open_fight(
        initial_state(scenario_from_data(doc)), RMU, Dice.scripted([5, 5])
    ).record
    state = land(initial_state(scenario_from_data(doc)), *record.events)
    assert vitals(state.combatant("Mara")).ap_left == 2
    assert vitals(state.combatant("Viktor")).ap_left == 0
    assert state.initiative == (("Mara",),)  # Viktor rolls no initiative in round 1
    lost = [e for e in record.events if isinstance(e, ActionPointsLost)]
    assert {(e.actor, e.ap, e.rule) for e in lost} == {("Mara", 2, "R-5"), ("Viktor", 4, "R-5")}
    with pytest.raises(RuleRefusal) as refused:
        engine.act(state, "Viktor waits", RMU, Dice.scripted([]))
    assert refused.value.rule == "R-5" and "flat-footed" in refused.value.reason
    later = engine.next_round(state, RMU, Dice.scripted([5, 5, 5, 5])).state
    assert (
        vitals(later.combatant("Viktor")).ap_left == 4
        and vitals(later.combatant("Mara")).ap_left == 4
    )
    assert state.combatant("Viktor").surprise is Surprise.FLAT_FOOTED


def test_r_1_surprised_target_gives_plus_25_in_round_1() -> None:
    doc = scene(person("Mara", 0, 0), person("Viktor", 0, 30, surprise="surprised"))
    state = opened(doc, rolls=(5, 5, 5, 5))
    trace = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    parts = [p for t in trace if t.get("type") == "total" for p in t["parts"]]
    assert {"value": 25, "label": "surprised foe", "rule": "R-1"} in parts


# --- RMU-GEN-1 and R-6: AP and what actions cost -------------------------------------------------


def test_rmu_gen_1_every_round_gives_4_ap() -> None:
    state = opened()
    assert {vitals(c).ap_left for c in state.combatants} == {4}
    record = engine.next_round(state, RMU, Dice.seeded(1)).record
    assert RoundStarted(round=2, ap=4) in record.events


@pytest.mark.parametrize(
    ("action", "cost"),
    [
        ("Mara reloads", 1),
        ("Mara drops-prone", 2),
        ("Mara moves 0,-20", 1),
        ("Mara moves 0,-21", 2),
        ("Mara moves 0,-60", 3),
        ("Mara shoots Viktor --ap 2", 2),
        ("Mara shoots Viktor --ap 3 --prepared", 4),
        ("Mara waits", 4),
        ("Mara waits --ap 1", 1),
    ],
)
def test_r_6_action_costs(action: str, cost: int) -> None:
    state = opened()
    # A shot: 01 fumbles, and 35 on the Firearm Fumble table jams the gun without costing AP.
    after = engine.act(state, action, RMU, Dice.scripted([1, 35])).state
    assert vitals(state.combatant("Mara")).ap_left - vitals(after.combatant("Mara")).ap_left == cost


def test_r_6_stand_up_costs_2_and_moving_while_prone_is_refused() -> None:
    prone = engine.act(opened(), "Mara drops-prone", RMU, Dice.scripted([])).state
    assert prone.combatant("Mara").posture is Posture.PRONE
    with pytest.raises(RuleRefusal, match="stand up first"):
        engine.act(prone, "Mara moves 5,5", RMU, Dice.scripted([]))
    up = engine.act(prone, "Mara stands-up", RMU, Dice.scripted([])).state
    assert up.combatant("Mara").posture is Posture.STANDING
    assert vitals(up.combatant("Mara")).ap_left == 0


def test_rmu_gen_1_a_move_past_the_ap_left_is_refused_with_the_reach() -> None:
    with pytest.raises(RuleRefusal) as refused:
        engine.act(opened(), "Mara moves 0,-100", RMU, Dice.scripted([]))
    assert refused.value.rule == "RMU-GEN-1" and "80 ft at most" in refused.value.reason


def test_r_6_reload_swaps_in_the_spare_of_the_asked_ammo_and_keeps_the_old_one() -> None:
    doc = scene(person("Mara", 0, 0), person("Viktor", 0, 30))
    doc["combatant"][0]["weapon"][0]["magazines"] = [
        {"rounds": 3},
        {"rounds": 17},
        {"rounds": 17, "ammo": "hollowpoint"},
    ]
    state = opened(doc)
    shot = engine.act(state, "Mara shoots Viktor --ap 1", RMU, Dice.scripted([10])).state
    assert shot.combatant("Mara").weapon().loaded.rounds == 2  # type: ignore[union-attr]
    loaded = engine.act(shot, "Mara reloads --ammo hollowpoint", RMU, Dice.scripted([])).state
    glock = loaded.combatant("Mara").weapon()
    assert glock is not None and glock.loaded is not None
    assert (glock.loaded.rounds, glock.loaded.ammo) == (17, "hollowpoint")
    assert [(m.rounds, m.ammo) for m in glock.spares] == [(17, "ball"), (2, "ball")]


# --- the aimed shot from the state ---------------------------------------------------------------


def test_rmu_gen_3_shot_from_the_state_spends_ap_and_a_round() -> None:
    state = opened()
    res = engine.act(state, "Mara shoots Viktor --ap 3 --prepared", RMU, Dice.scripted([1, 9]))
    mara = res.state.combatant("Mara")
    assert vitals(mara).ap_left == 0
    assert mara.weapon().loaded.rounds == 16  # type: ignore[union-attr]
    assert res.record.summary["result"] == "fumble"  # RMU-GEN-8: 10 ranks leave 01
    assert res.record.dice.faces == (1, 9)  # and the fumble's d100 on the Firearm Fumble table


def test_r_2_shooters_penalties_are_itemized_in_the_attack() -> None:
    state = land(opened(), crit(target="Mara", hits=30, injury=-10))
    trace = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    parts = [p for t in trace if t.get("type") == "total" for p in t["parts"]]
    assert {"value": -20, "label": "hits lost (30 of 50: 60%)", "rule": "R-2"} in parts
    assert {"value": -10, "label": "injury penalty", "rule": "RMU-GEN-7"} in parts


def test_r_1_prone_target_is_minus_30_automatically() -> None:
    state = engine.act(opened(), "Viktor drops-prone", RMU, Dice.scripted([])).state
    trace = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    parts = [p for t in trace if t.get("type") == "total" for p in t["parts"]]
    assert {"value": -30, "label": "prone target", "rule": "R-1"} in parts


def test_rmu_cov_1_p_1_barrier_on_the_targets_side_covers_on_the_shooters_side_not() -> None:
    wall = {"name": "wall", "from": [-5, 27], "to": [5, 27], "height_ft": 3.5, "material": "hard"}
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30), barriers=[wall]))
    at_viktor = engine.act(state, "Mara shoots Viktor", RMU, Dice.scripted([10])).record.trace
    texts = [str(t.get("text")) for t in at_viktor]
    assert any("behind the barrier 'wall'" in t and "half cover" in t for t in texts)
    at_mara = engine.act(state, "Viktor shoots Mara", RMU, Dice.scripted([10])).record.trace
    assert any("nearer Viktor" in str(t.get("text")) for t in at_mara)
    parts = [p for t in at_mara if t.get("type") == "total" for p in t["parts"]]
    assert not [p for p in parts if "cover" in p["label"]]


def test_rmu_cov_5_person_in_the_line_of_fire_shields_the_target() -> None:
    doc = scene(person("Mara", 0, 0), person("Viktor", 0, 30), person("Pavel", 0.5, 15))
    res = engine.act(opened(doc), "Mara shoots Viktor", RMU, Dice.scripted([10, 99, 50, 50]))
    parts = [p for t in res.record.trace if t.get("type") == "total" for p in t["parts"]]
    assert any(p["rule"] == "RMU-COV-5" for p in parts)
    # RMU-COV-6: the miss flies on into Pavel.
    assert res.record.summary["shielder"]["name"] == "Pavel"


def test_p_5_breakage_is_kept_on_the_piece_of_armor() -> None:
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30, armor="BA II")))
    taken = BreakageTaken(
        wearer="Viktor",
        armor="BA II",
        check_total=60,
        penalty=-20,
        new_total=-20,
        broken=False,
        beaten_open=False,
        temporary=False,
        rule="RMU-BRK-1",
    )
    once = land(state, taken)
    assert armor_of(once.combatant("Viktor")) == replace(
        armor_of(state.combatant("Viktor")), damage=-20
    )  # type: ignore[type-var]
    broken = land(once, replace(taken, penalty=0, new_total=-20, broken=True))
    assert armor_of(broken.combatant("Viktor")).broken  # type: ignore[union-attr]
