"""cpr's ``covered`` tactic for ``odds simulate`` (issue 19, DEC-631): the Move behind a barrier
first, reloading from cover, enemies in the open shot first; and the container yard it was
made for."""

from __future__ import annotations

from pathlib import Path

from cpr_support import person, scene
from encounter_support import in_memory
from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.frozen import replace
from firefight.geometry import Point
from firefight.odds.fights import _turn, simulate_fights
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr.cover_tactic import covered, in_the_open, spot_in_reach
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.tactics import sharp
from firefight.scene.state import EncounterState
from firefight.units import feet_from_metres

YARD = Path(__file__).resolve().parents[1] / "examples" / "container-yard.toml"
CPR = find_ruleset("cpr")


def _opened() -> EncounterState:
    """The container yard in turn 1: Kes and Dova at the south end of the lane, Brick and Sable
    22-24 m north, every one of them in the open; the barriers stand off to either side."""
    return engine.open_fight_quietly(initial_state(load_scenario(YARD)), CPR, Dice.seeded(0))


def _at(state: EncounterState, name: str, x_m: float, y_m: float) -> EncounterState:
    spot = Point(x_ft=feet_from_metres(x_m), y_ft=feet_from_metres(y_m))
    return state.with_combatant(replace(state.combatant(name), position=spot))


def _loaded(state: EncounterState, name: str, rounds: int) -> EncounterState:
    c = state.combatant(name)
    gun = c.weapons[0]
    assert gun.loaded is not None
    gun = replace(gun, loaded=replace(gun.loaded, rounds=rounds))
    return state.with_combatant(replace(c, weapons=(gun, *c.weapons[1:])))


def test_dec_631_c_13_in_the_open_the_move_goes_behind_the_nearest_barrier_then_the_shot() -> None:
    """Kes stands in the open against Brick; the west jersey barrier's near end is 3.5 m off,
    within one Move (MOVE 6 x 2 m), so the Move takes Kes behind it, against Brick and Sable
    alike; asked again, the tactic shoots with the Action, and offers no more moving."""
    state = _opened()
    kes = state.combatant("Kes")
    assert in_the_open(state, kes, state.combatant("Brick"))
    lines = covered(state, "Kes")
    assert lines[0] == "Kes moves -3.4,2.5"
    after = _turn(state, state.combatant("Kes"), CPR, Dice.seeded(3), covered, {})
    kes = after.combatant("Kes")
    assert (round(kes.position.x_ft, 1), round(kes.position.y_ft, 1)) == (-11.2, 8.2)
    assert not in_the_open(after, kes, after.combatant("Brick"))
    assert not in_the_open(after, kes, after.combatant("Sable"))
    assert not fighter(kes).move_left and not fighter(kes).action_left
    assert not any("moves" in line for line in covered(after, "Kes"))


def test_dec_631_cpr_ref_1_s_1_no_barrier_past_one_move_nor_a_spot_taken() -> None:
    """CPR-REF-1: with MOVE 1 Kes reaches 2 m, short of every barrier: no move, the attacks
    as sharp's. S-1: with Dova crouched on the west barrier's spot, Kes's Move goes behind the
    east one, 8.5 m off."""
    state = _opened()
    slow = state.with_combatant(
        replace(state.combatant("Kes"), stats=replace(fighter(state.combatant("Kes")), move=1))
    )
    assert spot_in_reach(slow, slow.combatant("Kes"), slow.combatant("Brick")) is None
    assert covered(slow, "Kes") == list(sharp(slow, "Kes"))
    taken = _at(state, "Dova", -3.4, 2.5)
    assert covered(taken, "Kes")[0] == "Kes moves 8.4,2.5"


def test_dec_631_cpr_ammo_1_a_gun_under_half_is_reloaded_from_cover_only() -> None:
    """3 of the pistol's 8 rounds: behind the jersey barrier Kes reloads first; in the open the
    shots come first and the reload stays last (a Move to cover goes before either); 4 of 8 is
    not under half."""
    covered_kes = _loaded(_at(_opened(), "Kes", -3.4, 2.5), "Kes", 3)
    assert covered(covered_kes, "Kes")[0] == "Kes reloads"
    assert covered(covered_kes, "Kes").count("Kes reloads") == 1
    open_kes = _loaded(_opened(), "Kes", 3)
    lines = covered(open_kes, "Kes")
    assert lines[0].startswith("Kes moves") and lines[1] != "Kes reloads"
    assert lines[-1] == "Kes reloads" and lines.count("Kes reloads") == 1
    half = _loaded(_at(_opened(), "Kes", -3.4, 2.5), "Kes", 4)
    assert covered(half, "Kes")[0] != "Kes reloads"


def test_dec_631_cpr_dod_1_enemies_in_the_open_are_shot_before_those_in_cover() -> None:
    """Brick (REF 6) cannot dodge, so sharp shoots at him before Sable (REF 8); once Brick
    crouches behind the container, covered turns to Sable in the open first."""
    state = _at(_at(_opened(), "Kes", -3.4, 2.5), "Brick", -3.4, 20.5)
    assert not in_the_open(state, state.combatant("Brick"), state.combatant("Kes"))
    assert next(sharp(state, "Kes")).startswith("Kes shoots Brick")
    assert covered(state, "Kes")[0].startswith("Kes shoots Sable")


def test_dec_631_the_gangers_win_more_often_from_cover() -> None:
    """The same 120 fights from the same seed: standing in the open (sharp) the Maelstrom pair
    win a few; getting behind the container and the forklift first (covered) at least three
    times as many, the crew's fire spent on the cover (C-13)."""
    sharp_runs = simulate_fights(YARD, fights=120, seed=1)
    covered_runs = simulate_fights(YARD, fights=120, seed=1, tactics={"maelstrom": "covered"})
    assert covered_runs.tactics == (("crew", "sharp"), ("maelstrom", "covered"))
    before = sharp_runs.winners().get("maelstrom", 0.0)
    after = covered_runs.winners().get("maelstrom", 0.0)
    assert after >= 3 * max(before, 1 / 120)
    assert covered_runs.undecided() == 0.0


def test_dec_631_the_spot_the_move_line_writes_is_still_behind_the_barrier() -> None:
    """DEC-631: the line writes the spot to 0.1 m, which can carry it past where the barrier
    covers: behind this slanting crate, 0.21 m east of its west end as the line from Eve
    meets it, the spot rounded to (0.2, 2.7) m was in the open again, and the Move wasted.
    The spot offered is the one written, and it is covered."""
    crate = {"name": "crate", "from": [-0.32, 3.11], "to": [3.34, 3.76], "height_ft": 3}
    crate["cover"] = "concrete thick"
    doc = scene(
        person("Al", 0, 0, side="a"), person("Eve", -17.36, 15.14, side="e"), barriers=[crate]
    )
    state = in_memory("f", doc, Dice.seeded(1)).state("f")
    lines = covered(state, "Al")
    assert lines[0].startswith("Al moves ")
    after = engine.act(state, lines[0], CPR, Dice.scripted([])).state
    assert not in_the_open(after, after.combatant("Al"), after.combatant("Eve"))
