"""The frozen events and outcomes a simulated fight builds once per values (issue 19's bounded
caches): each answers exactly what building it anew answers, for every one of its inputs, so a
cache keyed on fewer fields than it reads (a stale answer for another input) is caught here."""

from __future__ import annotations

from itertools import product

from firefight.events import RoundsFired, rounds_fired
from firefight.rulesets.cards import encounter as cards_encounter
from firefight.rulesets.cards.encounter_events import CardsRoundStarted, ShotTaken, TurnTaken
from firefight.rulesets.cards.encounter_model import _track
from firefight.rulesets.cards.wounds import Track, boxes_per_level
from firefight.rulesets.cpr.events import ActionTaken, action_taken
from firefight.rulesets.gurps import encounter as gurps_encounter
from firefight.rulesets.gurps.turn_events import GurpsManeuver, GurpsTurnStarted, maneuver_taken
from firefight.rulesets.rmu.encounter_fire import _fired_at
from firefight.rulesets.rmu.firearm_events import FiredAt
from firefight.scene.events import InitiativeOrdered, InitiativeRolled

NAMES = ("Ash", "Bo")


def test_r_6_cpr_rof_1_rounds_fired_is_one_event_per_shooter_gun_and_count() -> None:
    """The rounds a shot spends (rmu R-6, cpr CPR-ROF-1): the same values, the same event."""
    for actor, weapon, rounds in product(NAMES, ("pistol", "rifle"), (1, 2, 3)):
        assert rounds_fired(actor, weapon, rounds) == RoundsFired(
            actor=actor, weapon=weapon, rounds=rounds
        )
    assert rounds_fired("Ash", "pistol", 2) is rounds_fired("Ash", "pistol", 2)


def test_cpr_ref_1_an_action_taken_is_one_event_per_actor_and_action() -> None:
    for actor, action in product(NAMES, ("attack", "aimed shot")):
        assert action_taken(actor, action) == ActionTaken(actor=actor, action=action)


def test_gur_core_1_a_maneuver_taken_is_one_event_per_figures() -> None:
    """GUR-CORE-1, GUR-MOD-1: an aim's target, turns and bracing all tell maneuvers apart."""
    for actor, target, turns, braced in product(NAMES, ("Cy", None), (0, 1, 2, 3), (False, True)):
        assert maneuver_taken(actor, "aim", target, turns, braced) == GurpsManeuver(
            actor=actor, maneuver="aim", aim_target=target, aim_turns=turns, braced=braced
        )
    assert maneuver_taken("Ash", "attack") == GurpsManeuver(actor="Ash", maneuver="attack")


def test_r_4_r_5_gurps_a_seconds_opening_and_order_are_one_outcome_per_values() -> None:
    for second in range(1, 12):
        assert gurps_encounter.start_turn(second).events == (GurpsTurnStarted(round=second),)
    for groups in ((("Ash",), ("Bo",)), (("Bo",), ("Ash",)), (("Ash", "Bo"),), ((),) * 4):
        assert gurps_encounter._ordered(groups).events == (InitiativeOrdered(groups=groups),)


def test_k_2_cards_a_rounds_opening_and_a_reaction_card_are_one_event_per_values() -> None:
    for number in range(1, 12):
        assert cards_encounter.start_round(number).events == (CardsRoundStarted(round=number),)
    for name, rank in product(NAMES, range(1, 14)):
        assert cards_encounter._reaction_card(name, rank) == InitiativeRolled(
            actor=name, faces=(rank,), total=rank
        )


def test_crd_mode_1_crd_wpn_1_a_cards_shot_is_one_set_of_events_per_values() -> None:
    """CRD-WPN-1 (the bullets spent), CRD-MODE-1 (whether the gun must be cocked)."""
    for actor, weapon, bullets, cock in product(NAMES, ("rifle",), (1, 3), (False, True)):
        assert cards_encounter._shot_taken(actor, weapon, bullets, cock) == (
            RoundsFired(actor=actor, weapon=weapon, rounds=bullets),
            ShotTaken(actor=actor, weapon=weapon, must_cock=cock),
            TurnTaken(actor=actor, doing="shoots"),
        )


def test_k_3_a_wound_track_is_one_per_size_and_boxes_filled() -> None:
    for size, green, yellow, red in product((-2, 0, 2), (0, 1), (0, 2), (0, 1)):
        assert _track(size, green, yellow, red) == Track(
            boxes=boxes_per_level(size), green=green, yellow=yellow, red=red
        )


def test_rmu_gen_5_a_shots_fired_at_is_one_event_per_values() -> None:
    for shooter, gun, rounds, target in product(NAMES, ("rifle",), (1, 3), ("Cy", "Di")):
        assert _fired_at(shooter, gun, rounds, target) == FiredAt(
            actor=shooter, weapon=gun, rounds=rounds, targets=(target,)
        )
