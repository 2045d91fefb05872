"""The rmu odds tell a Kindred by the flag the scene sets, not by V-1's steps (DEC-852, DEC-853).

A scene may set V-1's ``severity_steps`` to 0: its Kindred's criticals then read as a mortal's,
yet the encounter still leaves them in torpor, not dying (V-2). A scene may switch V-2 off: its
Kindred then drop and die as mortals do. The odds of a shot, a burst, a blast and a blow read
each the way the encounter's own bodies do (``kindred_vitals.kindred_landed``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from typer.testing import CliRunner

from encounter_support import in_memory, scene
from firefight.cli.app import app
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.odds.api import odds, odds_stats
from firefight.odds.lines import line_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.rmu.encounter import build_shot
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.explosive_options import ExplodeOptions
from firefight.rulesets.rmu.fire_options import RapidFireOptions
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_options import BiteOptions, StakeOptions
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.melee.encounter import Attack, build_attack
from firefight.rulesets.rmu.scene_reading import defender
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import EncounterState
from firefight.trace import TraceBuilder
from test_odds_rmu import assert_exact_agreement
from test_rmu_kindred import person, vampire

RMU = find_ruleset("rmu")
NO_STEPS = {"severity_steps": 0}  # V-1 off: a Kindred's criticals read as a mortal's
NO_TORPOR = {"torpor": False}  # V-2 off: a Kindred drops and dies as a mortal does
FATES = ("p_dying", "p_dead", "p_torpor", "p_final_death")


def _state(rules: dict[str, Any]) -> EncounterState:
    """Jonah (pistol OB 90, a broadsword) 3 ft from Mara, a Kindred with hits to spare, so
    that only a critical's cells bring her down, as the calculators read them (DEC-821)."""
    jonah = person(
        "Jonah",
        0,
        0,
        skills={"pistol": {"bonus": 90, "ranks": 6}, "blade": {"bonus": 90, "ranks": 6}},
        melee=["broadsword"],
    )
    data = scene(jonah, vampire("Mara", 0, 3, hits=300))
    data["rules"] = {"kindred": rules}
    return in_memory("k", data, Dice.seeded(1)).load("k").state


def _fates(action: Any) -> dict[str, float]:
    found = odds(None, action, depth=0)
    return {s.stat.name: s.value for s in odds_stats(found, action) if s.stat.name in FATES}


def _shot(state: EncounterState) -> Any:
    action = RMU.parse_action("Jonah shoots Mara", state)
    assert isinstance(action, Shoot)
    return build_shot(state, action, TraceBuilder())


BLOW = "Jonah attacks Mara with broadsword"


def _blow(state: EncounterState) -> Any:
    action = RMU.parse_action(BLOW, state)
    assert isinstance(action, Attack)
    return build_attack(state, action, TraceBuilder())


def test_v_2_dec_852_a_shot_at_a_kindred_with_no_v1_steps_reads_torpor_as_the_encounter() -> None:
    """With 0 steps the odds used to take Mara for a mortal (P(dying), P(dead)); the encounter
    puts her in torpor as often as the cells would leave a mortal dying or dead."""
    state = _state(NO_STEPS)
    shot = _shot(state)
    assert (shot.defender.severity_steps, shot.defender.kindred) == (0, True)
    kindred = _fates(shot)
    assert set(kindred) == {"p_torpor", "p_final_death"}
    mortal = _fates(replace(shot, defender=replace(shot.defender, kindred=False)))
    assert kindred["p_torpor"] == pytest.approx(mortal["p_dying"] + mortal["p_dead"])
    assert kindred["p_torpor"] > 0.05 and kindred["p_final_death"] == 0.0
    engine = line_odds(state, RMU, "Jonah shoots Mara")  # 2,000 samples: SE under 0.008
    assert engine.effects["Mara in torpor"] == pytest.approx(kindred["p_torpor"], abs=0.025)
    assert not {"Mara dying", "Mara dead", "Mara Final Death"} & set(engine.effects)


def test_v_2_dec_852_the_resolver_marks_the_kindred_by_the_flag_fast_and_generic_alike() -> None:
    """The scalar resolver's landing says Kindred by the flag too (``Struck.kindred``), so the
    generic engine's outcomes are the fast path's, torpor words and all."""
    shot = _shot(_state(NO_STEPS))
    found = assert_exact_agreement(shot)
    assert any(v.kindred for v in found.probabilities)
    assert not any(v.kindred_severity for v in found.probabilities)  # nothing read lower


def test_v_2_dec_853_a_shot_at_a_kindred_with_v2_off_reads_dying_and_dead_as_the_encounter() -> (
    None
):
    """With V-2 off the encounter lets Mara bleed out and die as a mortal; the odds say so
    (they used to say torpor), and the encounter's odds name those states."""
    state = _state(NO_TORPOR)
    shot = _shot(state)
    assert (shot.defender.severity_steps, shot.defender.kindred) == (1, False)
    mortal = _fates(shot)
    assert set(mortal) == {"p_dying", "p_dead"} and mortal["p_dead"] > 0.01
    engine = line_odds(state, RMU, "Jonah shoots Mara")
    assert engine.effects["Mara dying"] == pytest.approx(mortal["p_dying"], abs=0.02)
    assert engine.effects["Mara dead"] == pytest.approx(mortal["p_dead"], abs=0.02)
    assert "Mara in torpor" not in engine.effects


def _bob_as(fire: Any, kindred: Any) -> Any:
    """``fire`` with its person Bob defending as ``kindred`` (a :class:`Defender`) does."""
    return replace(fire, target=replace(fire.target, defender=kindred))


@pytest.mark.parametrize(
    ("rules", "fates"),
    [(NO_STEPS, ("p_torpor", "p_final_death")), (NO_TORPOR, ("p_dying", "p_dead"))],
)
def test_v_2_dec_852_rapid_fire_reads_the_scenes_kindred_by_the_flag(
    rules: dict[str, Any], fates: tuple[str, str]
) -> None:
    """A burst at Bob, who defends as the scene's Mara: torpor with 0 steps, dying and dead
    with V-2 off; the same dice read the same cells with the flag turned, the other words."""
    state = _state(rules)
    mara = defender(state, state.combatant("Mara"))
    declared = declare(
        RapidFireOptions, weapon="zastava-m85-stock", share=70, ob=90, target=("Bob:0,20",)
    ).build()

    def stats(kindred: Any) -> dict[str, float]:
        fire = _bob_as(declared, kindred)
        found = odds(None, fire, method="monte-carlo", samples=400, seed=3)
        return {
            s.stat.name.removeprefix("Bob."): s.value
            for s in odds_stats(found, fire)
            if s.stat.name.removeprefix("Bob.") in FATES
        }

    read, turned = stats(mara), stats(replace(mara, kindred=not mara.kindred))
    assert set(read) == set(fates) and not set(read) & set(turned)
    assert sum(read.values()) == pytest.approx(sum(turned.values()))
    assert read[fates[0]] > 0


@pytest.mark.parametrize(
    ("rules", "fates"),
    [(NO_STEPS, ("p_torpor", "p_final_death")), (NO_TORPOR, ("p_dying", "p_dead"))],
)
def test_v_2_dec_852_a_blast_reads_the_scenes_kindred_by_the_flag(
    rules: dict[str, Any], fates: tuple[str, str]
) -> None:
    """A grenade by Bob, who is the scene's Mara: what the encounter reads off her body."""
    state = _state(rules)
    stats, kindred = rmu_stats(state.combatant("Mara")), kindred_rules(state)
    mortal = declare(ExplodeOptions, load="m67", target=("Bob:0,20",)).build()
    bob = replace(
        mortal.people[0],
        severity_steps=severity_steps(stats, kindred),
        kindred=reads_torpor(stats, kindred),
    )
    blast = replace(mortal, people=(bob,))
    found = odds(None, blast, depth=0)
    read = {s.stat.name: s.value for s in odds_stats(found, blast)}
    assert {f"Bob.{f}" for f in fates} <= set(read)
    assert not {f"Bob.{f}" for f in FATES if f not in fates} & set(read)
    if rules is NO_STEPS:  # the cells a mortal reads, each down one a torpor
        man = {s.stat.name: s.value for s in odds_stats(odds(None, mortal, depth=0), mortal)}
        assert read["Bob.p_torpor"] == pytest.approx(man["Bob.p_dying"] + man["Bob.p_dead"])
        assert read["Bob.p_torpor"] > 0


def test_v_2_dec_853_a_blow_at_a_kindred_with_v2_off_reads_dying_and_dead_as_the_encounter() -> (
    None
):
    """Melee already told a Kindred by a flag (set even at 0 steps); with V-2 off the flag is
    down too, and the odds are the encounter's dying and dead."""
    blow = _blow(_state(NO_STEPS))
    assert (blow.severity_shift, blow.kindred) == (0, True)
    assert set(_fates(blow)) == {"p_torpor", "p_final_death"}
    state = _state(NO_TORPOR)
    attack = _blow(state)
    assert (attack.severity_shift, attack.kindred) == (-1, False)
    mortal = _fates(attack)
    assert set(mortal) == {"p_dying", "p_dead"}
    engine = line_odds(state, RMU, BLOW)
    dying = engine.effects.get("Mara dying", 0.0)
    assert dying + engine.effects.get("Mara dead", 0.0) > 0
    assert dying == pytest.approx(mortal["p_dying"], abs=0.03)
    assert "Mara in torpor" not in engine.effects


# --- the bite and the stake (DEC-854) ---------------------------------------------------------


def _named(decl: Any) -> dict[str, float]:
    return {s.stat.name: s.value for s in odds_stats(odds(None, decl, samples=500), decl)}


def test_rmu_bite_1_v_2_dec_854_bite_odds_at_a_kindred_read_torpor_and_final_death_alone() -> None:
    """Fangs are aggravated (RMU-BITE-1): a bitten Kindred meets torpor, or Final Death past
    the Body Development bonus; never a mortal's death, which the odds no longer list for
    them, nor a stake a bite cannot drive. A mortal's list has death and no torpor."""
    kindred = _named(declare(BiteOptions, ob=60, hits_left=5).build())
    assert set(kindred) == {"p_hit", "p_lodged", "p_torpor", "p_final_death"}
    assert kindred["p_torpor"] > 0.3 and kindred["p_final_death"] > 0.01
    mortal = _named(declare(BiteOptions, ob=60, hits_left=5, mortal=True).build())
    assert set(mortal) == {"p_hit", "p_lodged", "p_dead"}
    # The same dice: what destroys the Kindred kills the mortal (DEC-363).
    assert mortal["p_dead"] == pytest.approx(kindred["p_final_death"])


def test_rmu_bite_1_v_2_the_encounter_leaves_a_bitten_kindred_as_the_odds_say() -> None:
    """In an encounter a Kindred bitten to 0 hits and past falls into torpor or meets Final
    Death, the two fates the bite's odds report, and nothing a mortal meets."""
    biter = vampire("Mara", 0, 0, skills={"bite": {"bonus": 40, "ranks": 4}})
    biter["weapon"] = []
    data = scene(biter, vampire("Jonah", 0, 3, hits=5))
    state = in_memory("k", data, Dice.seeded(1)).load("k").state
    effects = line_odds(state, RMU, "Mara bites Jonah").effects
    assert effects["Jonah in torpor"] > 0.3 and effects["Jonah Final Death"] > 0.01
    assert not {"Jonah dying", "Jonah dead", "Jonah unconscious"} & set(effects)


@pytest.mark.parametrize(
    ("args", "said", "unsaid"),
    [
        ([], ("P(torpor)", "P(Final Death)"), ("P(dead", "P(staked)")),
        (["--mortal"], ("P(dead)",), ("P(torpor)", "P(Final Death)", "P(staked)")),
    ],
)
def test_rmu_bite_1_odds_rmu_bite_says_only_the_fates_the_victim_can_meet(
    args: list[str], said: tuple[str, ...], unsaid: tuple[str, ...]
) -> None:
    done = CliRunner().invoke(
        app, ["odds", "rmu", "bite", "--ob", "60", "--hits-left", "5", "--samples", "500", *args]
    )
    assert done.exit_code == 0, done.output
    assert all(word in done.output for word in said)
    assert not any(word in done.output for word in unsaid)


def test_rmu_stake_3_a_beheading_lists_no_stake_and_a_stake_at_a_mortal_no_kindred_fate() -> None:
    behead = _named(declare(StakeOptions, ob=60, weapon="broadsword", behead=True).build())
    assert set(behead) == {"p_hit", "p_torpor", "p_final_death"}
    stake = _named(declare(StakeOptions, ob=60).build())
    assert set(stake) == {"p_hit", "p_staked", "p_torpor", "p_final_death"}
    assert set(_named(declare(StakeOptions, ob=60, mortal=True).build())) == {"p_hit", "p_dead"}
