"""What a shot reads off the scene is worked out once for the same spots and kept: these tests
hold that what is kept follows the scene -- a shielder who steps aside, a target who gets down
behind a wall -- and that a shot settled twice reads the same (RMU-COV-1, RMU-COV-5, P-1)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from encounter_support import person, scene
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, scenario_from_data
from firefight.errors import RuleRefusal
from firefight.geometry import Point
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter import build_shot
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.shot import AimedShot, prepare_aimed_shot
from firefight.scene.state import EncounterState
from firefight.tables import settled as settled_module
from firefight.trace import Step, TraceBuilder

RMU: Ruleset = find_ruleset("rmu")
WALL = {"name": "wall", "from": [-5, 27], "to": [5, 27], "height_ft": 3.5, "material": "hard"}


def opened(doc: dict[str, object]) -> EncounterState:
    return engine.open_fight(initial_state(scenario_from_data(doc)), RMU, Dice.seeded(1)).state


def read(state: EncounterState, line: str = "Mara shoots Viktor") -> tuple[AimedShot, list[str]]:
    """The shot ``line`` declares as the scene has it, with the steps that read it."""
    action = RMU.parse_action(line, state)
    assert isinstance(action, Shoot)
    tb = TraceBuilder()
    shot = build_shot(state, action, tb)
    return shot, [e.text for e in tb.build().entries if isinstance(e, Step)]


def test_rmu_cov_5_the_screen_follows_a_shielder_who_steps_aside() -> None:
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30), person("Pavel", 0.5, 15)))
    before, _ = read(state)
    assert before.screen is not None
    assert [s.name for s in before.screen.shielders] == ["Pavel"]
    aside = state.with_combatant(
        replace(state.combatant("Pavel"), position=Point(x_ft=10, y_ft=15))
    )
    after, _ = read(aside)
    assert after.screen is None
    # ... and back in the line, the same screen again.
    assert read(state)[0].screen == before.screen


def test_rmu_cov_5_p_1_a_body_in_front_hiding_too_little_is_no_screen() -> None:
    """Ilse lies prone in the line: she is in front, but hides under a quarter of Viktor."""
    ilse = person("Ilse", 0.5, 15, posture="prone")
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30), ilse))
    assert read(state)[0].screen is None


def test_p_1_barrier_cover_follows_the_targets_posture() -> None:
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30), barriers=[WALL]))
    standing, said = read(state)
    assert standing.cover is not None and standing.cover.grade.value == "half"
    assert any("Viktor (standing) is behind the barrier 'wall'" in t for t in said)
    prone = engine.act(state, "Viktor drops-prone", RMU, Dice.scripted([])).state
    down, said = read(prone)
    assert down.cover is not None and down.cover.grade.value == "full"
    assert any("Viktor (prone) is behind the barrier 'wall'" in t for t in said)
    # RMU-COV-5: the same wall seen from the other side covers the shooter's side only.
    back, said = read(state, "Viktor shoots Mara")
    assert back.cover is None
    assert any("nearer Viktor" in t for t in said)


def test_rmu_cov_1_a_shot_settled_twice_reads_the_same() -> None:
    state = opened(scene(person("Mara", 0, 0), person("Viktor", 0, 30), barriers=[WALL]))
    shot, _ = read(state)
    copy = replace(shot, target="Viktor")
    first, again = TraceBuilder(), TraceBuilder()
    one = prepare_aimed_shot(shot, rmu_data(), first)
    two = prepare_aimed_shot(copy, rmu_data(), again)
    assert one.modifiers == two.modifiers and first.build() == again.build()
    assert one.shot is shot and two.shot is copy  # each caller gets their own shot back
    assert any("half hard cover" in m.label for m in one.modifiers)


def test_rmu_gen_1_a_refused_shot_is_refused_every_time() -> None:
    shot = AimedShot(weapon="glock-17", ob=50, distance_ft=30, ap=4)
    for _ in range(2):
        with pytest.raises(RuleRefusal) as refused:
            prepare_aimed_shot(shot, rmu_data())
        assert refused.value.rule == "RMU-GEN-1"


def test_what_is_settled_is_kept_with_its_data_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog loaded anew starts afresh, and what one keeps goes with it (no data object is
    held alive by what was worked out from it); the oldest value goes first past the bound."""
    shot = AimedShot(weapon="glock-17", ob=50, distance_ft=30)
    data, other = RmuData(), RmuData()

    def kept_shots() -> list[object]:
        memo = data.settled["aimed shot"]
        # Kept by settled_while: under each key, a list of (inputs, value), the shot last.
        lists = cast("list[list[tuple[tuple[object, ...], object]]]", [*memo.values()])
        return [inputs[-1] for kept in lists for inputs, _ in kept]

    prepare_aimed_shot(shot, data)
    assert kept_shots() == [shot] and other.settled == {}
    monkeypatch.setattr(settled_module, "KEPT", 2)
    for distance in (40, 50):
        prepare_aimed_shot(replace(shot, distance_ft=distance), data)
    assert kept_shots() == [replace(shot, distance_ft=40), replace(shot, distance_ft=50)]
