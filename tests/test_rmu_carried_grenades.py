"""The grenades an rmu combatant carries, when the scenario counts them (DEC-620): the scenario
field, a throw refused with none left, each throw taking one off and a throw-back none, and the
``aimed`` tactic throwing from a gun-hand at a group (RMU-EXP-2, RMU-EXP-3, RMU-EXP-5,
RMU-EXP-9; DEC-473, DEC-540)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import doorway, in_memory, scene, thrower
from firefight.dice import Dice
from firefight.encounter.log import decode_event
from firefight.encounter.scenario import (
    ScenarioError,
    initial_state,
    parse_scenario,
)
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.odds.fights import fight_once
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.placement import ExplosiveLanded
from firefight.rulesets.rmu.tactics import aimed, can_still_harm
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from firefight.scene.state import CombatantState, EncounterState
from firefight.serialize import adapter
from firefight.service import EncounterService

PAD = [5] * 40  # initiative d10s and any critical roll a test does not look at

SCENARIO = """\
[scenario]
title = "Counted"
ruleset = "rmu"

[[combatant]]
name = "Mara"
position = [0, 0]
hits = 50
stats = { body_development = 20, bmr_ft = 20 }
skills = { thrown = { bonus = 40, ranks = 10 } }
grenades = { m67 = 2, M18 = 1 }

[[combatant]]
name = "Viktor"
position = [0, 30]
hits = 40
stats = { body_development = 15, bmr_ft = 20 }
"""


def fight(**mara: Any) -> EncounterService:
    """Mara throws from the origin at the door 45 ft north; Viktor stands in it, Sam well back."""
    return in_memory("g", doorway(**mara), Dice.seeded(1))


def left(state: EncounterState, name: str) -> tuple[tuple[str, int], ...] | None:
    return rmu_stats(state.combatant(name)).grenades


def test_dec_620_the_scenario_counts_grenades_per_load() -> None:
    state = initial_state(parse_scenario(SCENARIO, "counted.toml"))
    assert left(state, "Mara") == (("m67", 2), ("m18", 1))
    assert left(state, "Viktor") is None  # no count kept: DEC-473 as before
    # Left out of a stored state when not counted, kept when counted.
    mara, viktor = adapter(EncounterState).dump_python(state, mode="json")["combatants"]
    assert "grenades" not in viktor["stats"]
    assert mara["stats"]["grenades"] == [["m67", 2], ["m18", 1]]


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ("grenades = { m67 = -1 }", "-1 m67 is fewer than none"),
        ("grenades = { m99 = 1 }", "unknown rmu explosive 'm99'"),
        ("grenades = { m67 = 1, M67 = 2 }", "'M67' is given twice"),
        ("grenades = { m67 = 1.5 }", "valid integer"),
    ],
)
def test_dec_620_bad_grenade_rows_are_refused_naming_file_and_row(row: str, words: str) -> None:
    text = SCENARIO.replace("grenades = { m67 = 2, M18 = 1 }", row)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "counted.toml")
    message = str(caught.value)
    assert message.startswith("counted.toml, combatant 1 (Mara), grenades")
    assert "(line 11)" in message and words in message


def test_dec_620_rmu_exp_2_a_throw_takes_one_off_and_folds_back_from_the_log() -> None:
    service = fight(grenades={"m67": 2})
    thrown = service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    assert left(thrown.state, "Mara") == (("m67", 1),)
    landed = next(e for e in thrown.record.events if isinstance(e, ExplosiveLanded))
    assert landed.spent and decode_event(landed.to_json()) == landed
    steps = [t for t in thrown.record.trace if t.get("rule") == "DEC-620"]
    assert steps and steps[0]["text"] == "Mara has 1 M67 fragmentation grenade left."
    again = service.act("g", "Mara throws m67 at 0,45 --ap 1", Dice.scripted([70, 3]))
    assert left(again.state, "Mara") == (("m67", 0),)
    steps = [t for t in again.record.trace if t.get("rule") == "DEC-620"]
    assert steps[0]["text"] == "Mara has 0 M67 fragmentation grenades left."
    assert service.load("g").state == again.state  # the count folds back from the log
    assert find_ruleset("rmu").describe_row(thrown.state.combatant("Mara"))["weapons"] == (
        "grenades m67 x1"
    )


def test_dec_473_an_uncounted_throw_writes_the_event_as_before() -> None:
    service = fight()
    thrown = service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    landed = next(e for e in thrown.record.events if isinstance(e, ExplosiveLanded))
    assert not landed.spent and "spent" not in landed.to_json()
    assert left(thrown.state, "Mara") is None
    assert find_ruleset("rmu").describe_row(thrown.state.combatant("Mara"))["weapons"] == "-"


def test_dec_620_rmu_exp_3_a_throw_with_none_left_is_refused_before_any_die() -> None:
    service = fight(grenades={"m67": 1, "m18": 0})
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    before = service.load("g").state
    lines = ("Mara throws m67 at 0,45", "Mara throws m18 at 0,20")
    for line, name in zip(lines, ("M67 fragmentation grenade", "M18 smoke grenade"), strict=True):
        with pytest.raises(RuleRefusal) as err:
            service.act("g", line, Dice.scripted([]))  # no die: a roll would raise
        assert err.value.rule == "DEC-620"
        assert err.value.reason == f"Mara has no {name} left."
    assert service.load("g").state == before  # nothing changed


def test_dec_620_a_load_not_carried_is_none_left() -> None:
    service = fight(grenades={"m18": 1})
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Mara throws m67 at 0,45", Dice.scripted([]))
    assert err.value.reason == "Mara has no M67 fragmentation grenade left."


def test_dec_620_rmu_exp_9_a_throw_back_uses_none_of_the_throwers_own() -> None:
    """Viktor, carrying one M67 of his own, throws Mara's back: he keeps his; Mara's count went
    down by the throw that landed by him."""
    duel = scene(
        thrower("Mara", 0, 0, grenades={"m67": 1}), thrower("Viktor", 0, 45, grenades={"m67": 1})
    )
    service = in_memory("g", duel, Dice.seeded(1))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    back = service.act("g", "Viktor throws-back at 0,5", Dice.scripted([90, 6]))
    assert left(back.state, "Viktor") == (("m67", 1),)
    assert left(back.state, "Mara") == (("m67", 0),)
    landed = next(e for e in back.record.events if isinstance(e, ExplosiveLanded))
    assert not landed.spent


# --- the aimed tactic -----------------------------------------------------------------------

GUNMAN = """\
[scenario]
title = "Grouped"
ruleset = "rmu"

[[combatant]]
name = "Mara"
side = "hunters"
position = [0, 0]
hits = 60
stats = { body_development = 25, bmr_ft = 20 }
skills = { pistol = { bonus = 60, ranks = 10 }, thrown = { bonus = 40, ranks = 10 } }
grenades = { m18 = 1, m67 = 1 }

[[combatant.weapon]]
name = "glock"
weapon = "glock-17"
skill = "pistol"
magazines = [{ rounds = 17 }, { rounds = 17 }]

[[combatant]]
name = "Viktor"
side = "smugglers"
position = [-4, 70]
hits = 50
stats = { body_development = 20, bmr_ft = 20 }
skills = { pistol = { bonus = 50, ranks = 8 } }

[[combatant.weapon]]
name = "glock"
weapon = "glock-17"
skill = "pistol"
magazines = [{ rounds = 17 }]

[[combatant]]
name = "Ilya"
side = "smugglers"
position = [4, 70]
hits = 50
stats = { body_development = 20, bmr_ft = 20 }
skills = { pistol = { bonus = 50, ranks = 8 } }

[[combatant.weapon]]
name = "glock"
weapon = "glock-17"
skill = "pistol"
magazines = [{ rounds = 17 }]
"""


def gunman() -> EncounterState:
    return initial_state(parse_scenario(GUNMAN, "grouped.toml"))


def _with(state: EncounterState, name: str, **changes: Any) -> EncounterState:
    return state.with_combatant(replace(state.combatant(name), **changes))


def _count(c: CombatantState, carried: tuple[tuple[str, int], ...] | None) -> CombatantState:
    return replace(c, stats=replace(rmu_stats(c), grenades=carried))


def test_dec_620_rmu_exp_5_a_gunman_throws_a_counted_m67_first_at_a_group() -> None:
    """Viktor and Ilya stand 8 ft apart (grouped, within 10 ft): the M67 (not the smoke, which
    wounds nobody) goes between them, 70 ft off, clear of its 50 ft casualty band, before any
    shot."""
    lines = list(aimed(gunman(), "Mara"))
    assert lines[0] == "Mara throws m67 at 0,70"
    assert lines[1] == "Mara shoots Viktor --prepared"


def test_dec_620_a_gunman_shoots_when_the_enemies_stand_apart() -> None:
    state = gunman()
    ilya = state.combatant("Ilya")
    apart = _with(state, "Ilya", position=replace(ilya.position, x_ft=20.0))
    assert not any("throws" in line for line in aimed(apart, "Mara"))


def test_dec_620_a_gunman_with_none_left_or_uncounted_shoots() -> None:
    state = gunman()
    mara = state.combatant("Mara")
    for carried in ((("m18", 1), ("m67", 0)), None):
        lines = list(aimed(state.with_combatant(_count(mara, carried)), "Mara"))
        assert not any("throws" in line for line in lines), carried
        assert lines[0] == "Mara shoots Viktor --prepared"


def test_dec_620_rmu_exp_5_a_gunman_never_throws_with_an_ally_in_the_kill_band() -> None:
    """An ally stands by the pair: in the casualty band and the kill band of every spot the
    gunman throws at, so the shots come first (no step back with too few AP for it and the
    throw: R-6, RMU-EXP-3)."""
    state = gunman()
    friend = replace(state.combatant("Mara"), name="Sam", position=replace(
        state.combatant("Mara").position, x_ft=0.0, y_ft=66.0))  # fmt: skip
    crowded = replace(state, combatants=(*state.combatants, friend))
    assert vitals(crowded.combatant("Mara")).ap_left == 0  # round not opened: no room to step
    assert not any("throws" in line for line in aimed(crowded, "Mara"))


def test_dec_620_a_gunless_thrower_with_a_count_throws_only_what_is_left() -> None:
    state = gunman()
    mara = replace(state.combatant("Mara"), weapons=())
    throws = [line for line in aimed(state.with_combatant(mara), "Mara") if "throws" in line]
    assert throws == ["Mara throws m67 at 0,70"]
    spent = _count(mara, (("m18", 1), ("m67", 0)))
    assert not any("throws" in line for line in aimed(state.with_combatant(spent), "Mara"))


def test_dec_620_dec_540_counted_grenades_keep_a_fighter_in_the_fight() -> None:
    """A counted blast grenade left keeps someone without a round able to harm; smoke does not,
    nor an M67 count at 0, whatever the Thrown skill."""
    mara = replace(gunman().combatant("Mara"), weapons=())
    assert can_still_harm(_count(mara, (("m67", 1),)))
    assert not can_still_harm(_count(mara, (("m18", 3), ("m67", 0))))
    assert can_still_harm(_count(mara, None))  # DEC-473: a gun-less thrower, uncounted


@pytest.mark.parametrize("seed", range(3))
def test_r_2_r_4_r_5_dec_620_quiet_fights_with_counted_grenades_are_the_recorded_ones(
    seed: int, tmp_path: Any
) -> None:
    """The quiet path a simulation runs and the recorded engine play the same fight when the
    grenades are counted (the count folds from the throw's event in both)."""
    from firefight.encounter.scenario import load_scenario

    path = tmp_path / "grouped.toml"
    path.write_text(GUNMAN)
    loaded = load_scenario(path)
    quiet = fight_once(loaded, Dice.seeded(seed), max_rounds=4)
    loud = fight_once(loaded, Dice.seeded(seed), max_rounds=4, quiet=False)
    assert quiet == loud
