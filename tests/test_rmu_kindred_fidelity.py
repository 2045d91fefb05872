"""Kindred rules pinned where a deliberate wrong change to the code or data went unnoticed
(fidelity audit by mutation; each test names the rule and the change it guards against)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import KINDRED_SHEET
from encounter_support import kindred_scene as start
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.bite import Bite, bite_attack
from firefight.rulesets.rmu.kindred import KindredSheet
from firefight.rulesets.rmu.kindred_events import Staked
from firefight.rulesets.rmu.kindred_rules import KindredRules
from firefight.rulesets.rmu.kindred_vitals import rouse_check
from firefight.rulesets.rmu.melee.attack import MeleeAttack
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.rulesets.rmu.staking import resolve_stake_attack
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.apply import apply_all
from firefight.scene.state import EncounterState
from firefight.trace import TraceBuilder

RMU = find_ruleset("rmu")


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 60,
        "stats": {"body_development": 25, "bmr_ft": 20, **extra.pop("stats", {})},
        **extra,
    }


def vampire(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return person(name, x, y, **{**KINDRED_SHEET, **extra})


def act(state: EncounterState, line: str, rolls: list[int]) -> tuple[Event, ...]:
    action = RMU.parse_action(line, state)
    RMU.validate(state, action)
    return tuple(RMU.resolve(state, action, Dice.scripted(rolls)).events)


def sheet(state: EncounterState, name: str) -> KindredSheet:
    found = rmu_stats(state.combatant(name)).kindred
    assert found is not None
    return found


# --- V-4 ------------------------------------------------------------------------------------------


def test_v4_the_rouse_check_is_a_d10_whose_10_leaves_hunger_as_it_is() -> None:
    """V-4: a Rouse check is one d10, 6+ no change. A 10 is a face of that die (a d9 would
    refuse it) and calm: Hunger stays 2."""
    state = start(vampire("Mara", 0, 0))
    roused = apply_all(state, act(state, "Mara rouses celerity", [10]), RMU)
    assert sheet(roused, "Mara").hunger == 2
    assert sheet(roused, "Mara").is_roused("celerity")


# --- RMU-BITE-1 -----------------------------------------------------------------------------------


def test_rmu_bite_1_every_kindred_bites_with_one_rank_of_unarmed_bite() -> None:
    """RMU-BITE-1: every Kindred has 1 rank in Unarmed: Bite; the bite is rolled with it (the
    Bite's 01 fumble range is the floor already, so the rank shows on the attack only)."""
    attack = bite_attack(Bite(biter="Mara", victim="Viktor", ob=5, reach="direct"))
    assert (attack.weapon, attack.ranks) == ("bite", 1)


# --- RMU-STAKE-2 ----------------------------------------------------------------------------------


def test_rmu_stake_2_a_heavy_critical_that_misses_the_chest_stakes_no_one() -> None:
    """RMU-STAKE-2: the stake must reach the heart, not merely land. An uncalled thrust (no
    R-7 redirection): 97+60 + 60 - 10 for wood = 207, a 15D read Small; critical roll 28 + 7
    past 175 (P-6) = 35, the abdomen (26-35). A D is past C, and still no stake."""
    attack = MeleeAttack(weapon="stake", ob=60, attacker="Jonah", target="Mara")
    rolls = Dice.scripted([97, 60, 28])
    done = resolve_stake_attack("stake", attack, victim_kindred=True, dice=rolls)
    blow = done.result.attack.blow
    assert isinstance(blow, MeleeHit) and blow.location == "abdomen"
    assert blow.severity == "D"
    assert done.result.staked is False
    assert not [e for e in done.events if isinstance(e, Staked)]


def test_v4_at_the_top_of_the_hunger_scale_no_rouse_check_is_rolled() -> None:
    """V-4: at Hunger 5 no Rouse check can be made and the power fails, asked of the check
    itself, before any die (no d10 is scripted)."""
    state = start(vampire("Mara", 0, 0, hunger=5))
    with pytest.raises(RuleRefusal, match="Hunger is 5") as refused:
        rouse_check(
            state.combatant("Mara"), "celerity", Dice.scripted([]), KindredRules(), TraceBuilder()
        )
    assert refused.value.rule == "V-4"


def test_dec_761_with_v4_off_hunger_5_stops_no_power() -> None:
    """V-4 switched off (``rouse_checks = false``): powers cost no blood, so no Rouse check
    is due and Hunger 5 does not make the power fail (DEC-761); Hunger stays 5."""
    state = start(vampire("Mara", 0, 0, hunger=5), rouse_checks=False)
    roused = apply_all(state, act(state, "Mara rouses celerity", []), RMU)
    assert sheet(roused, "Mara").is_roused("celerity")
    assert sheet(roused, "Mara").hunger == 5
