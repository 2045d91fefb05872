"""Branches of the quiet path (issue 19) that the bundled fights seldom or never reach: a
downed actor, a shot at cover, a fighter at 0 HP, a bonus a critical left. Each is played
quietly and recorded on the same state and dice, and must refuse with the same words or lead
to the same state."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.errors import RuleRefusal
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.turn_events import GurpsHurt
from firefight.rulesets.rmu.events import AttackerBonusGained
from firefight.rulesets.rmu.vitals import vitals
from firefight.scene.state import EncounterState

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _opened(scenario: str) -> tuple[EncounterState, Ruleset]:
    loaded = load_scenario(EXAMPLES / scenario)
    ruleset = find_ruleset(loaded.ruleset)
    return engine.open_fight(initial_state(loaded), ruleset, Dice.seeded(0)).state, ruleset


def _both_ways(state: EncounterState, ruleset: Ruleset, text: str, seed: int) -> object:
    """What ``text`` leads to quietly, asserted to be what the recorded engine leads to: the
    state, or the refusal's words."""
    try:
        quiet: object = engine.act_quietly(
            state, ruleset.parse_action(text, state), ruleset, Dice.seeded(seed)
        )
    except RuleRefusal as refused:
        quiet = str(refused)
    try:
        loud: object = engine.act(state, text, ruleset, Dice.seeded(seed)).state
    except RuleRefusal as refused:
        loud = str(refused)
    assert quiet == loud, (text, seed)
    return loud


@pytest.mark.parametrize("dead", [False, True])
def test_enc_down_a_downed_cpr_fighter_is_refused_quietly_in_the_same_words(dead: bool) -> None:
    """A dead or unconscious cpr fighter takes no Action (ENC-DOWN): the quiet
    resolver, which validates itself (resolve_validates), refuses each kind it resolves on
    its own -- a shot, autofire, a throw -- as the engine does."""
    state, cpr = _opened("night-market.toml")
    rook = state.combatant("Rook")
    state = state.with_combatant(replace(rook, dead=dead, unconscious=not dead))
    lines = ['"Rook" shoots "V"', '"Rook" autofires at "V"', '"Rook" throws "smg" at 3,3']
    said = {_both_ways(state, cpr, text, 0) for text in lines}
    assert all(isinstance(s, str) and s.startswith("ENC-DOWN") for s in said), said


def test_c_13_a_shot_at_cover_is_the_same_quietly() -> None:
    """C-13: a shot at a barrier (the quiet path leaves it to the told resolver) damages the
    cover as the recorded shot does, or misses, on every seed."""
    state, cpr = _opened("container-yard.toml")
    name = next(n for group in state.initiative for n in group)
    changed = 0
    for seed in range(12):
        after = _both_ways(state, cpr, f'"{name}" shoots cover "jersey west"', seed)
        changed += after != state
    assert changed


@pytest.mark.parametrize("hp_left", [0, -1])
def test_gur_core_1_at_0_hp_or_less_the_quiet_maneuver_rolls_ht_first(hp_left: int) -> None:
    """GUR-CORE-1, DEC-209: at 0 HP or less a fighter rolls HT to stay
    conscious before each maneuver; the quiet path rolls it too, at exactly 0 as below, and
    a failure leaves them down as recorded."""
    state, gurps = _opened("dry-gulch.toml")
    hurt = GurpsHurt(
        target="Bob",
        injury=gurps_stats(state.combatant("Bob")).hp - hp_left,
        shock=0,
        stunned=False,
        knocked_down=False,
        unconscious=False,
        dead=False,
    )
    state = gurps.apply(state, hurt)
    assert gurps_stats(state.combatant("Bob")).hp_left == hp_left
    fainted = 0
    for seed in range(12):
        for text in ("Bob shoots Ann", "Bob aims at Ann"):
            after = _both_ways(state, gurps, text, seed)
            assert isinstance(after, EncounterState)
            fainted += after.combatant("Bob").unconscious
    assert 0 < fainted < 24


def test_rmu_bp_3_a_bonus_a_critical_gave_is_spent_by_the_quiet_shot() -> None:
    """RMU-BP-3: the next action after a critical that rewards the attacker spends its bonus;
    a quiet shot spends it as the recorded shot does."""
    state, rmu = _opened("warehouse.toml")
    name = next(n for group in state.initiative for n in group)
    state = rmu.apply(state, AttackerBonusGained(actor=name, bonus=10, rule="RMU-BP-3"))
    assert vitals(state.combatant(name)).next_action_bonus == 10
    enemy = next(c.name for c in state.combatants if c.side != state.combatant(name).side)
    spent = 0
    for seed in range(4):
        after = _both_ways(state, rmu, f'"{name}" shoots "{enemy}"', seed)
        assert isinstance(after, EncounterState)
        spent += vitals(after.combatant(name)).next_action_bonus == 0
    assert spent == 4


def test_rmu_gen_5_a_shot_read_off_one_scene_is_not_fired_in_another() -> None:
    """A shot is read off the scene once for its validation and its resolution (the last one
    kept); the same line in another scene (the target gone five times as far: another range,
    RMU-GEN-5) is read again, so a quiet shot after a validation elsewhere is the shot of its
    own scene."""
    rmu = find_ruleset("rmu")
    state, _ = _opened("warehouse.toml")
    name = next(n for group in state.initiative for n in group)
    me = state.combatant(name)
    enemy = next(c for c in state.combatants if c.side != me.side)
    far = replace(
        enemy.position,
        x_ft=me.position.x_ft + 5 * (enemy.position.x_ft - me.position.x_ft),
        y_ft=me.position.y_ft + 5 * (enemy.position.y_ft - me.position.y_ft),
    )
    farther = state.with_combatant(replace(enemy, position=far))
    action = rmu.parse_action(f'"{name}" shoots "{enemy.name}"', state)
    other = next(
        rmu.parse_action(f'"{name}" shoots "{c.name}"', state)
        for c in state.combatants
        if c.side not in (me.side, enemy.side) or (c.side == enemy.side and c is not enemy)
    )

    def read_anew(scene: EncounterState, seed: int) -> EncounterState:
        rmu.validate(state, other)  # another shot read last: this one is read off ``scene``
        return engine.act_quietly(scene, action, rmu, Dice.seeded(seed))

    seeds = range(12)
    fresh = [read_anew(farther, seed) for seed in seeds]
    near = [read_anew(state, seed) for seed in seeds]
    assert [f.combatant(enemy.name) for f in fresh] != [n.combatant(enemy.name) for n in near]
    for seed in seeds:
        rmu.validate(state, action)  # the shot read off the first scene, kept
        assert engine.act_quietly(farther, action, rmu, Dice.seeded(seed)) == fresh[seed]


def test_rmu_gen_5_a_shot_read_for_one_target_is_not_fired_at_another() -> None:
    """The shot kept from a validation is the one for its line: the same shooter's line at
    another target on the same scene (another range and defender, RMU-GEN-5) is read anew."""
    state, rmu = _opened("warehouse.toml")
    shooter = state.combatant("Mara")
    first, second = (c.name for c in state.combatants if c.side == "smugglers")
    at_first = rmu.parse_action(f'"{shooter.name}" shoots "{first}"', state)
    at_second = rmu.parse_action(f'"{shooter.name}" shoots "{second}"', state)
    for seed in range(6):
        # An equal scene that is another value: nothing read off ``state`` is taken for it.
        fresh = engine.act_quietly(replace(state), at_first, rmu, Dice.seeded(seed))
        rmu.validate(state, at_second)  # kept last: the shot at the other
        assert engine.act_quietly(state, at_first, rmu, Dice.seeded(seed)) == fresh
        rmu.validate(state, at_second)
        assert engine.act(state, at_first.text, rmu, Dice.seeded(seed)).state == fresh


def test_rmu_gen_5_a_recorded_shot_after_a_quiet_one_tells_every_step_of_its_reading() -> None:
    """A shot read for the quiet path keeps no steps; the recorded shot of the same line on the
    same scene (a player's, after a simulation asked) reads it again and tells its range,
    cover (P-1) and every term (RMU-GEN-5), as it does with no quiet shot before it."""
    state, rmu = _opened("warehouse.toml")
    text = '"Mara" shoots "Viktor"'
    told = engine.act(replace(state), text, rmu, Dice.seeded(4)).record.trace
    engine.act_quietly(state, rmu.parse_action(text, state), rmu, Dice.seeded(4))
    assert engine.act(state, text, rmu, Dice.seeded(4)).record.trace == told
    # The barrier Viktor stands behind, read off the scene with the shot (P-1).
    assert any(e.get("rule") == "P-1" and "crates" in str(e.get("text")) for e in told)


def test_r_6_a_quiet_rmu_shot_spends_the_round_from_the_gun_the_scene_names() -> None:
    """R-6: a shot spends a round from the magazine of the gun fired, found by the name the
    scene gives it ("sidearm"), not its catalog kind: quietly as recorded."""
    from encounter_support import in_memory, scene

    def person(name: str, y: float) -> dict[str, object]:
        return {
            "name": name,
            "side": name,
            "position": [0, y],
            "hits": 80,
            "stats": {"body_development": 25, "bmr_ft": 20, "constitution": 10},
            "skills": {"pistol": {"bonus": 60, "ranks": 6}},
            "weapon": [
                {
                    "name": "sidearm",
                    "weapon": "glock-17",
                    "skill": "pistol",
                    "magazines": [{"rounds": 17}],
                }
            ],
        }

    service = in_memory("g", scene(person("Mara", 0), person("Viktor", 30)), Dice.seeded(1))
    state = service.load("g").state
    rmu = find_ruleset("rmu")
    shooter = next(n for group in state.initiative for n in group)
    target = "Viktor" if shooter == "Mara" else "Mara"
    after = _both_ways(state, rmu, f"{shooter} shoots {target}", 3)
    assert isinstance(after, EncounterState)
    gun = after.combatant(shooter).weapon("sidearm")
    assert gun is not None and gun.loaded is not None and gun.loaded.rounds == 16


@pytest.mark.parametrize("scenario", ["warehouse.toml", "night-market.toml", "dry-gulch.toml"])
def test_enc_round_no_action_is_played_quietly_before_round_1_opens(scenario: str) -> None:
    """ENC-ROUND: before the fight opens (round 0) every action is refused, by the quiet path
    in the engine's words, and no die is drawn (scripted dice with no faces)."""
    loaded = load_scenario(EXAMPLES / scenario)
    ruleset = find_ruleset(loaded.ruleset)
    state = initial_state(loaded)
    opened = engine.open_fight(state, ruleset, Dice.seeded(0)).state
    name = next(n for group in opened.initiative for n in group)
    text = next(iter(next(iter(ruleset.fight_tactics().values()))(opened, name)))
    action = ruleset.parse_action(text, opened)
    with pytest.raises(RuleRefusal) as quiet:
        engine.act_quietly(state, action, ruleset, Dice.scripted([]))
    with pytest.raises(RuleRefusal) as loud:
        engine.act(state, text, ruleset, Dice.scripted([]))
    assert str(quiet.value) == str(loud.value)
    assert str(quiet.value).startswith("ENC-ROUND")
