"""Smoke and CS clouds on people in rmu encounters (issue 13): smoke as soft cover graded by how
much it hides (RMU-EXP-15, DEC-380); CS at -30 on everything with a Constitution maneuver, -10
for two rounds after leaving, a gas mask and a held breath (RMU-EXP-16, DEC-381)."""

from __future__ import annotations

from typing import Any

import pytest

from encounter_support import in_memory, scene
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.geometry import CoverGrade, Point
from firefight.rulesets.rmu.affliction_events import GasChecked, GasExposure
from firefight.rulesets.rmu.clouds import chord_ft, smoke_hides
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.vitals import rmu_stats, vitals
from firefight.service import EncounterService

PAD = [5] * 40


def person(name: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "position": [x, y],
        "hits": 80,
        "stats": {"body_development": 25, "bmr_ft": 20, "constitution": 10},
        "skills": {"thrown": {"bonus": 40, "ranks": 10}, "pistol": {"bonus": 60, "ranks": 6}},
        "weapon": [{"weapon": "glock-17", "skill": "pistol", "magazines": [{"rounds": 17}]}],
        **extra,
    }


def fight(*people: dict[str, Any]) -> EncounterService:
    people = people or (person("Mara", 0, 0), person("Viktor", 0, 45), person("Sam", 30, 45))
    return in_memory("g", scene(*people), Dice.seeded(1))


def test_rmu_exp_15_the_cloud_figures_are_the_sources() -> None:
    """20 ft radius, smoke 10-18 rounds, CS 3-7; CS -30, -10 after for 2 rounds, eyes -10."""
    data = explosive_data()
    assert data.load("m18").radius_ft == data.load("cs").radius_ft == 20
    assert data.load("m18").rounds == (10, 18) and data.load("cs").rounds == (3, 7)
    clouds = data.clouds
    assert (clouds.gas_full, clouds.gas_after, clouds.gas_after_rounds) == (-30, -10, 2)
    assert clouds.gas_eyes == -10
    # DEC-380: one radius of smoke hides a body wholly.
    assert clouds.smoke_opaque_ft == data.load("m18").radius_ft


def test_rmu_exp_15_smoke_hides_by_the_feet_of_it_on_the_line() -> None:
    o = Point(x_ft=0, y_ft=0)
    assert chord_ft(Point(x_ft=-30, y_ft=0), Point(x_ft=30, y_ft=0), o, 20) == 40
    assert chord_ft(Point(x_ft=-30, y_ft=0), Point(x_ft=0, y_ft=0), o, 20) == 20
    assert chord_ft(Point(x_ft=-30, y_ft=25), Point(x_ft=30, y_ft=25), o, 20) == 0
    assert [smoke_hides(d, 20) for d in (4, 5, 10, 18, 40)] == [0.2, 0.25, 0.5, 0.9, 1.0]


@pytest.mark.parametrize(
    ("target", "grade", "bonus"),
    [
        ((0, 65), "full", 100),  # 40 ft of smoke on the line: wholly hidden
        ((0, 45), "full", 100),  # inside, at its heart: 20 ft of it
        ((0, 30), "partial", 20),  # 5 ft into the cloud: a quarter hidden
        ((30, 0), None, 0),  # the line misses the cloud
    ],
)
def test_rmu_exp_15_a_shot_into_or_through_smoke_meets_soft_cover(
    target: tuple[float, float], grade: str | None, bonus: int
) -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", *target))
    service.act("g", "Mara throws m18 at 0,45", Dice.scripted([70, 1]))
    service.next_round("g", Dice.scripted(PAD))
    shot = service.act("g", "Mara shoots Viktor", Dice.scripted([50, 50, 50]))
    steps = [e for e in shot.record.trace if e.get("rule") == "RMU-EXP-15"]
    if grade is None:
        assert not steps
        return
    assert f"{grade} soft cover" in steps[0]["text"]
    totals = [t for t in shot.record.trace if t.get("type") == "total"]
    cover = [p for t in totals for p in t["parts"] if "cover" in p["label"]]
    assert cover and cover[0]["value"] == -bonus
    assert CoverGrade(grade)


def test_rmu_exp_6_smoke_is_no_barrier_to_a_blast() -> None:
    """Viktor deep in smoke takes the grenade's blast without any cover term."""
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 50))
    service.act("g", "Mara throws m18 at 0,45", Dice.scripted([70, 1]))
    service.next_round("g", Dice.scripted(PAD))
    service.act("g", "Mara throws m67 at 0,45", Dice.scripted([70]))
    service.next_round("g", Dice.scripted(PAD))
    boom = service.next_round("g", Dice.scripted([60, *PAD]))
    totals = {t["label"]: t["parts"] for t in boom.record.trace if t.get("type") == "total"}
    assert not [p for p in totals["detonation against Viktor"] if "cover" in p["label"]]


def test_rmu_exp_16_a_breathing_victim_takes_minus_30_on_everything() -> None:
    service = fight()
    thrown = service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    gassed = {e.target: e for e in thrown.record.events if isinstance(e, GasExposure)}
    assert set(gassed) == {"Viktor"}  # Sam at 30 ft is clear of the 20 ft cloud
    assert gassed["Viktor"].penalty == -30 and gassed["Viktor"].inside
    viktor = thrown.state.combatant("Viktor")
    assert rmu_stats(viktor).afflictions.gas == -30
    # -30 on everything: the shot carries it, initiative loses 3.
    service.next_round("g", Dice.scripted(PAD))
    shot = service.act("g", "Viktor shoots Mara", Dice.scripted([90, 50, 50, 50]))
    parts = [p for t in shot.record.trace if t.get("type") == "total" for p in t["parts"]]
    assert any(p["rule"] == "RMU-EXP-16" and p["value"] == -30 for p in parts)


def test_rmu_exp_16_the_round_starts_with_initiative_down_by_the_gas() -> None:
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    rolled = service.next_round("g", Dice.scripted(PAD))
    totals = {t["label"]: t for t in rolled.record.trace if t.get("type") == "total"}
    assert totals["Viktor's initiative"]["value"] == totals["Sam's initiative"]["value"] - 3


def test_rmu_exp_16_a_failed_constitution_maneuver_takes_the_round() -> None:
    """Con +10, -30 gas: a 50 totals 30, Failure: the shot's 3 AP go for nothing and every
    other action that round is refused; the next round he rolls again."""
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    service.next_round("g", Dice.scripted(PAD))
    choked = service.act("g", "Viktor shoots Mara", Dice.scripted([50]))
    check = next(e for e in choked.record.events if isinstance(e, GasChecked))
    assert not check.passed and check.total == 30
    assert vitals(choked.state.combatant("Viktor")).ap_left == 1
    assert choked.state.combatant("Mara").hits_taken == 0
    with pytest.raises(RuleRefusal) as err:
        service.act("g", "Viktor drops-prone", Dice.scripted([]))
    assert err.value.rule == "RMU-EXP-16"
    service.act("g", "Viktor waits", Dice.scripted([]))  # letting AP go is no coherent action
    service.next_round("g", Dice.scripted(PAD))
    again = service.act("g", "Viktor drops-prone", Dice.scripted([96, 10]))
    assert [e.passed for e in again.record.events if isinstance(e, GasChecked)] == [True]


def test_rmu_exp_16_leaving_the_cloud_leaves_minus_10_for_two_more_rounds() -> None:
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    service.next_round("g", Dice.scripted(PAD))  # round 2
    out = service.act("g", "Viktor moves 0,80", Dice.scripted([96, 10]))
    left = [e for e in out.record.events if isinstance(e, GasExposure)]
    assert [(e.penalty, e.inside, e.until) for e in left] == [(-10, False, 4)]
    state = service.next_round("g", Dice.scripted(PAD)).state  # round 3
    assert rmu_stats(state.combatant("Viktor")).afflictions.gas == -10
    state = service.next_round("g", Dice.scripted(PAD)).state  # round 4
    assert rmu_stats(state.combatant("Viktor")).afflictions.gas == -10
    state = service.next_round("g", Dice.scripted(PAD)).state  # round 5: over
    assert rmu_stats(state.combatant("Viktor")).afflictions.gas == 0


def test_rmu_exp_16_a_gas_mask_negates_it() -> None:
    service = fight(person("Mara", 0, 0), person("Viktor", 0, 45, gas_mask=True))
    thrown = service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    gassed = [e for e in thrown.record.events if isinstance(e, GasExposure)]
    assert [(e.penalty, e.inside) for e in gassed] == [(0, True)]
    service.next_round("g", Dice.scripted(PAD))
    shot = service.act("g", "Viktor shoots Mara", Dice.scripted([50, 50, 50]))
    assert not [e for e in shot.record.events if isinstance(e, GasChecked)]


def test_rmu_exp_16_holding_the_breath_leaves_only_the_eyes_minus_10() -> None:
    service = fight()
    service.act("g", "Viktor holds-breath", Dice.scripted([]))
    thrown = service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    gassed = [e for e in thrown.record.events if isinstance(e, GasExposure)]
    assert [(e.target, e.penalty) for e in gassed] == [("Viktor", -10)]
    service.next_round("g", Dice.scripted(PAD))
    shot = service.act("g", "Viktor shoots Mara", Dice.scripted([50, 50, 50]))
    assert not [e for e in shot.record.events if isinstance(e, GasChecked)]  # no maneuver
    breathes = service.act("g", "Viktor breathes", Dice.scripted([]))
    assert [e.penalty for e in breathes.record.events if isinstance(e, GasExposure)] == [-30]


def test_rmu_exp_16_the_cloud_clearing_leaves_the_after_effect() -> None:
    """A CS cloud of 3 rounds (d5 = 1) thrown in round 1 clears at the end of round 3; Viktor,
    still in it, carries -10 through round 5."""
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 1]))
    service.next_round("g", Dice.scripted(PAD))
    service.next_round("g", Dice.scripted(PAD))
    cleared = service.next_round("g", Dice.scripted(PAD))  # round 4 starts, cloud gone
    assert cleared.state.conditions == ()
    left = [e for e in cleared.record.events if isinstance(e, GasExposure)]
    assert [(e.penalty, e.until) for e in left] == [(-10, 5)]


def test_rmu_exp_16_the_gas_fold_replays_from_the_log() -> None:
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    service.next_round("g", Dice.scripted(PAD))
    service.act("g", "Viktor moves 0,80", Dice.scripted([96, 10]))
    played = service.next_round("g", Dice.scripted(PAD)).state
    assert service.load("g").state == played


# --- rmu gas and its odds -------------------------------------------------------------------


def test_rmu_exp_16_the_gas_command_gives_each_victim_their_level() -> None:
    import json

    from typer.testing import CliRunner

    from firefight.cli.app import app

    result = CliRunner().invoke(
        app,
        ["rmu", "gas", "--victim", "Viktor:10", "--victim", "Lucia:5", "--no-breath", "Lucia",
         "--victim", "Dana:5", "--mask", "Dana", "--victim", "Ilya:0", "--holding-breath",
         "Ilya", "--rolls", "96,30", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    victims = {v["name"]: v for v in json.loads(result.stdout)["result"]["victims"]}
    assert {n: v["penalty"] for n, v in victims.items()} == {
        "Viktor": -30, "Lucia": -10, "Dana": 0, "Ilya": -10
    }  # fmt: skip
    # 96 + 30 (open-ended) + 10 - 30 = 106: Success, he keeps acting; only he rolled.
    assert victims["Viktor"]["total"] == 106 and victims["Viktor"]["coherent"]
    assert ["maneuver" in v for v in victims.values()] == [True, False, False, False]


def test_rmu_exp_16_the_odds_of_choking_are_exact_over_the_maneuver() -> None:
    """Co +10 and -30: only 76 or more on the absolute ladder keeps him acting, so a natural
    96-100 (5%) and its open-ended rerolls."""
    from firefight.odds.api import odds, odds_stats
    from firefight.rulesets.rmu.gas import CsExposure, GasVictim

    decl = CsExposure(victims=(GasVictim(name="Viktor", constitution=10),))
    stats = odds_stats(odds(None, decl), decl)
    value = next(s.value for s in stats if s.stat.name == "Viktor.p_no_action")
    assert value == pytest.approx(0.95, abs=0.001)


def test_rmu_exp_16_the_odds_of_choking_are_exact_not_sampled() -> None:
    """RMU-EXP-16, M-3: `odds rmu gas` says it is exact over each breathing victim's maneuver,
    but a maneuver's open-ended d100 walked past the generic engine's 3,000 paths and the
    answer was 5,000 samples (DEC-471). It is exact now, and equals the generic enumeration
    of every face; victims roll apart, so their chances multiply."""
    from firefight.odds.api import action_odds, odds
    from firefight.probability.enumeration import enumerate_outcomes
    from firefight.rulesets.rmu.gas import CsExposure, GasVictim

    one = CsExposure(victims=(GasVictim(name="Viktor", constitution=50),))
    found = odds(None, one)
    assert found.method == "fast exact" and found.samples is None
    entry = action_odds(one)
    walked = enumerate_outcomes(entry.scalar(None, one), key=entry.key, depth=2)
    shallow = odds(None, one, depth=2)
    assert set(shallow.probabilities) == set(walked.probabilities)
    for view, p in walked.items():
        assert shallow.probabilities[view] == pytest.approx(p, abs=1e-12)
    assert shallow.cut_off == pytest.approx(walked.cut_off, abs=1e-12)
    three = CsExposure(
        victims=(
            GasVictim(name="Viktor", constitution=50),
            GasVictim(name="Ilya", holding_breath=True),
            GasVictim(name="Lev", constitution=10, penalty=-10),
        )
    )
    joint = odds(None, three)
    viktor = found.probability(lambda v: dict(v.coherent)["Viktor"])
    lev = odds(None, CsExposure(victims=(three.victims[2],)))
    lev_acts = lev.probability(lambda v: dict(v.coherent)["Lev"])
    both = joint.probability(lambda v: dict(v.coherent)["Viktor"] and dict(v.coherent)["Lev"])
    assert both == pytest.approx(viktor * lev_acts, abs=1e-12)
    assert joint.probability(lambda v: dict(v.coherent)["Ilya"]) == pytest.approx(1 - joint.cut_off)


def test_rmu_exp_16_a_move_out_of_the_cloud_played_quietly_gives_the_after_effect() -> None:
    """RMU-EXP-16: the quiet path (a simulated fight) reads the CS again on the state a move
    leaves, as the recorded action does: Viktor walking out keeps -10 for two more rounds."""
    from firefight.encounter import engine
    from firefight.rulesets import find_ruleset

    rmu = find_ruleset("rmu")
    service = fight()
    service.act("g", "Mara throws cs at 0,45", Dice.scripted([70, 5]))
    state = service.next_round("g", Dice.scripted(PAD)).state  # round 2
    action = rmu.parse_action("Viktor moves 0,80", state)
    quiet = engine.act_quietly(state, action, rmu, Dice.scripted([96, 10]))
    assert rmu_stats(quiet.combatant("Viktor")).afflictions.gas == -10
    assert quiet == service.act("g", "Viktor moves 0,80", Dice.scripted([96, 10])).state
