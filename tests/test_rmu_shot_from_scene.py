"""The rmu shot read off a scene and prepared for it (issue 19): a shot met anew that differs
from one kept only by the shooter's own terms is prepared from that one, and comes out as the
shot prepared from scratch would."""

from __future__ import annotations

from pathlib import Path

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.scenario import initial_state, load_scenario
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.encounter import _prepared_for
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.shot import prepare_aimed_shot
from firefight.trace import Modifier

WAREHOUSE = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"


def _shot(mods: tuple[Modifier, ...]) -> Shoot:
    return Shoot(actor="Mara", target="Viktor", verb="shoots", text="Mara shoots Viktor", mods=mods)


def test_p_8_a_shot_with_its_shooters_own_terms_is_the_shot_prepared_afresh() -> None:
    """P-8: the declared terms stand where the shooter's terms stand in the total and carry
    over to a stray round; the cover, the range and the target's terms are the plain shot's."""
    start = initial_state(load_scenario(WAREHOUSE))
    state = engine.open_fight(start, find_ruleset("rmu"), Dice.seeded(1)).state
    plain = _prepared_for(state, _shot(()), state.combatant("Mara"), quiet=True)
    for mods in (
        (Modifier(value=-10, label="smoke in the eyes"),),
        (Modifier(value=-10, label="smoke in the eyes"), Modifier(value=5, label="braced")),
    ):
        built = _prepared_for(state, _shot(mods), state.combatant("Mara"), quiet=True)
        assert built.shot.extra[-len(mods) :] == mods
        afresh = prepare_aimed_shot(built.shot, RmuData())  # a data object with nothing kept
        assert built.prepared[0] == afresh
        assert built.prepared[1] == plain.prepared[1]  # the plain shot's steps
        total = afresh.modifier_total
        assert total == plain.prepared[0].modifier_total + sum(m.value for m in mods)
