"""A Kindred target outside an encounter (RULINGS V-1): ``--kindred`` on ``rmu shoot``,
``rapid-fire``, ``suppress``, ``melee`` and ``explode`` and their odds reads a non-aggravated
critical one severity lower, below A a row lower, through the steps the encounter reads
(:func:`~firefight.rulesets.rmu.kindred_criticals.severity_steps`)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.declarations import DeclarationError, declare
from firefight.dice import Dice
from firefight.rulesets.rmu.encounter import build_shot
from firefight.rulesets.rmu.encounter_actions import Shoot
from firefight.rulesets.rmu.explosive_options import ExplodeOptions
from firefight.rulesets.rmu.fire_options import RapidFireOptions, SuppressOptions
from firefight.rulesets.rmu.melee.attack import resolve_melee_attack
from firefight.rulesets.rmu.melee.options import MeleeOptions
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.rulesets.rmu.odds.shot import aimed_shot_exact
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.rapid_fire import RapidFire
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.trace import TraceBuilder
from test_odds_rmu import assert_exact_agreement
from test_rmu_kindred import vampire
from test_rmu_kindred_encounter_odds import fight
from test_rmu_kindred_stakes import hunter

runner = CliRunner()
# A Glock 17 at 10 ft with OB 60: an attack roll of 50 deals a B to the leg, of 40 an A; the
# critical roll 40 reads the 36-45 row.
SHOT = ["rmu", "shoot", "--weapon", "glock-17", "--ob", "60", "--distance", "10"]


def shoot(*extra: str) -> dict[str, Any]:
    done = runner.invoke(app, [*SHOT, *extra, "--json"])
    assert done.exit_code == 0, done.output
    result: dict[str, Any] = json.loads(done.output)["result"]
    return result


def test_v_1_kindred_reads_the_shots_b_critical_as_an_a() -> None:
    mortal, kindred = shoot("--rolls", "50,40"), shoot("--rolls", "50,40", "--kindred")
    assert (mortal["severity"], mortal.get("kindred_severity")) == ("B", None)
    assert (kindred["severity"], kindred["kindred_severity"]) == ("B", "A")
    assert kindred["total_hits"] < mortal["total_hits"]  # the A cell is the lighter wound
    text = runner.invoke(app, [*SHOT, "--rolls", "50,40", "--kindred"]).output
    assert "the B critical reads 1 severity lower, A.  [V-1]" in text
    headline = "HIT: 24 hits, B critical to the leg (Ballistic Puncture), read as A on a Kindred"
    assert f"{headline} (V-1)" in text


def test_v_1_below_a_the_kindred_steps_down_a_row_of_the_a_column() -> None:
    kindred = shoot("--rolls", "40,40", "--kindred")
    assert (kindred["severity"], kindred["kindred_severity"]) == ("A", "A")
    text = runner.invoke(app, [*SHOT, "--rolls", "40,40", "--kindred"]).output
    assert "steps down from the 36-45 row to the A cell of the 06-10 row.  [V-1]" in text
    assert "stepped down a row on a Kindred (V-1)" in text


def test_v_1_the_kindred_shot_is_the_encounters_shot_at_the_kindred() -> None:
    """Jonah (Pistol 60, 6 ranks) shooting Mara, a Kindred 30 ft off, in a fight is the shot
    `rmu shoot --kindred` declares with his figures, and so are its odds: the scene's V-1 steps
    are the ruling's, which a calculator takes (DEC-820)."""
    state = fight(hunter("Jonah", 0, 0), vampire("Mara", 0, 30)).load("k").state
    line = Shoot(actor="Jonah", target="Mara", verb="shoots", text="Jonah shoots Mara")
    in_fight = replace(build_shot(state, line, TraceBuilder()), shooter="shooter", target="target")
    alone = declare(
        ShotOptions, weapon="glock-17", ob=60, ranks=6, distance=30, kindred=True
    ).build()
    assert alone == in_fight
    assert aimed_shot_exact(alone, default_data()).probabilities == (
        aimed_shot_exact(in_fight, default_data()).probabilities
    )
    mortal = declare(ShotOptions, weapon="glock-17", ob=60, ranks=6, distance=30).build()
    assert mortal != in_fight


def test_v_1_kindred_odds_the_fast_path_equals_the_generic_engine() -> None:
    shot = declare(
        ShotOptions, weapon="glock-17", ob=60, distance=10, prepared=True, kindred=True,
        shielder=("Ana",), body_cover="partial", kindred_bystander=("Ana",),
    ).build()  # fmt: skip
    found = assert_exact_agreement(shot)
    assert any(v.kindred_severity for v in found)
    assert any(v.shielder and v.shielder.landing.kindred_severity for v in found)


def test_v_1_odds_rmu_shoot_kindred_lowers_the_chance_of_bleeding() -> None:
    def odds_of(*extra: str) -> dict[str, Any]:
        done = runner.invoke(app, ["odds", *SHOT, *extra, "--json"])
        assert done.exit_code == 0, done.output
        found: dict[str, Any] = json.loads(done.output)
        return found

    kindred, mortal = odds_of("--kindred"), odds_of()
    assert kindred["action"]["defender"]["severity_steps"] == 1
    assert kindred["stats"]["p_bleeding"]["value"] < mortal["stats"]["p_bleeding"]["value"]
    read_lower = [o["outcome"] for o in kindred["outcomes"] if o["outcome"]["kindred_severity"]]
    assert read_lower and not any(o["outcome"]["kindred_severity"] for o in mortal["outcomes"])


def test_v_1_kindred_bystander_names_a_shielder_or_the_ally() -> None:
    shot = declare(
        ShotOptions, weapon="glock-17", ob=60, distance=10, shielder=("Ana", "Ben"),
        ally="Cy@20", kindred_bystander=("Ana", "Cy"),
    ).build()  # fmt: skip
    assert shot.screen is not None and shot.ally is not None
    assert [s.defender.severity_steps for s in shot.screen.shielders] == [1, 0]
    assert shot.ally.who.defender.severity_steps == 1
    assert shot.defender.severity_steps == 0
    with pytest.raises(DeclarationError, match=r"--kindred-bystander.*'Zed'"):
        declare(
            ShotOptions, weapon="glock-17", ob=60, distance=10, kindred_bystander=("Zed",)
        ).build()


def test_v_1_rapid_fire_and_suppress_take_kindred_by_name_or_from_the_scene(
    tmp_path: Path,
) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text('[[person]]\nname = "Cy"\nx_ft = 5\ny_ft = 30\nkindred = true\n')
    burst = declare(
        RapidFireOptions, weapon="zastava-m85-stock", share=100, ob=90,
        target=("Bob:0,20", "Ann:20,20"), kindred=("Bob",), scene=scene,
    ).build()  # fmt: skip
    assert isinstance(burst, RapidFire)
    steps = {p.name: p.defender.severity_steps for p in (burst.target, *burst.others)}
    assert steps == {"Bob": 1, "Ann": 0, "Cy": 1}
    sweep = declare(
        SuppressOptions, weapon="zastava-m85-stock", distance=30, width=10,
        target=("Bob:0,30",), kindred=("Bob",),
    ).build()  # fmt: skip
    assert [p.defender.severity_steps for p in sweep.people] == [1]
    with pytest.raises(DeclarationError, match=r"--kindred.*'Zed'"):
        declare(
            SuppressOptions, weapon="zastava-m85-stock", distance=30, width=10,
            target=("Bob:0,30",), kindred=("Zed",),
        ).build()  # fmt: skip


def test_v_1_a_burst_at_a_kindred_reads_its_critical_lower() -> None:
    done = runner.invoke(app, [
        "rmu", "rapid-fire", "--weapon", "zastava-m85-stock", "--share", "100", "--ob", "90",
        "--target", "Bob:0,20", "--kindred", "Bob", "--seed", "1",
    ])  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "Bob is Kindred and the damage is not aggravated: the E critical reads" in done.output
    assert "E critical to the leg (Ballistic Shrapnel, bare clause), read as D on a Kindred" in (
        done.output
    )


def test_v_1_a_blade_at_a_kindred_target_reads_one_severity_lower() -> None:
    mortal = declare(MeleeOptions, weapon="broadsword", ob=90).build()
    kindred = declare(MeleeOptions, weapon="broadsword", ob=90, kindred=True).build()
    blow = resolve_melee_attack(kindred, Dice.seeded(1))
    plain = resolve_melee_attack(mortal, Dice.seeded(1))
    assert isinstance(plain.result.blow, MeleeHit) and isinstance(blow.result.blow, MeleeHit)
    assert (plain.result.blow.severity, blow.result.blow.severity) == ("C", "B")
    assert "target is Kindred and the blow is not aggravated: 17C slash becomes 17B slash." in (
        blow.trace.render_text()
    )


def test_v_1_thermate_is_aggravated_the_kindred_reads_it_at_full_severity() -> None:
    """An AN-M14's heat is aggravated (V-1): Bob, Kindred, takes the D a mortal would."""
    blast = declare(ExplodeOptions, load="an-m14", target=("Bob:0,3",), kindred=("Bob",))
    decl = blast.build()
    assert decl.people[0].severity_steps == 1
    done = runner.invoke(app, [
        "rmu", "explode", "--load", "an-m14", "--target", "Bob:0,3", "--kindred", "Bob",
        "--seed", "1",
    ])  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "Bob is Kindred, but Heat (stand-in) is aggravated damage: full severity.  [V-1]" in (
        done.output
    )
    assert "Bob (kill): 15 hits, critical D" in done.output
    mortal = runner.invoke(
        app, ["rmu", "explode", "--load", "an-m14", "--target", "Bob:0,3", "--seed", "1"]
    )
    # The same cells, hits and critical: only the V-1 line tells them apart.
    told = [t for t in done.output.splitlines() if not t.endswith("[V-1]")]
    assert told == mortal.output.splitlines()


def test_v_1_fragments_on_a_kindred_step_down_below_a() -> None:
    done = runner.invoke(app, [
        "rmu", "explode", "--load", "m67", "--target", "Bob:0,5", "--kindred", "Bob",
        "--seed", "3",
    ])  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "Bob is Kindred and the damage is not aggravated: the A critical falls 1 below A" in (
        done.output
    )
