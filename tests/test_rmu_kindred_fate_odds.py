"""RULINGS V-2 outside an encounter: what the rmu calculators and their odds say a Kindred
target is left in -- torpor, and Final Death only from an aggravated source -- read where the
encounter reads it (``kindred_vitals.kindred_fate``)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, NamedTuple

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.declarations import declare
from firefight.odds.api import OddsMethod, odds, odds_stats
from firefight.rulesets.rmu.explosive_options import ExplodeOptions
from firefight.rulesets.rmu.kindred_criticals import aggravated_table
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.kindred_vitals import critical_fate, kindred_fate, table_fate
from firefight.rulesets.rmu.melee.options import MeleeOptions
from firefight.rulesets.rmu.odds.shot import aimed_shot_exact
from firefight.rulesets.rmu.odds.views import default_data, shot_stats
from firefight.rulesets.rmu.shot_options import ShotOptions
from test_odds_rmu import generic

runner = CliRunner()
# A Glock 17 at 10 ft with OB 90: an attack roll of 90 deals an E, read as a D on a Kindred;
# the critical roll 90 reads the leg's D cell, which leaves a mortal dying.
SHOT = ["rmu", "shoot", "--weapon", "glock-17", "--ob", "90", "--distance", "10"]


def _invoke(*args: str) -> str:
    done = runner.invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done.output


def _stats(*args: str) -> dict[str, float]:
    found: dict[str, Any] = json.loads(_invoke("odds", *args, "--json"))
    return {name: s["value"] for name, s in found["stats"].items()}


def test_v_2_the_encounters_reading_torpor_and_final_death_only_when_aggravated() -> None:
    """The one place V-2 is decided: down is torpor; a killing cell or hits past the Body
    Development bonus are Final Death only from an aggravated source (DEC-363)."""
    ordinary = kindred_fate(down=True, past_body=True, lethal=True, aggravated=False)
    assert (ordinary.torpor, ordinary.final_death) == (True, False)
    fire = kindred_fate(down=True, past_body=False, lethal=True, aggravated=True)
    assert (fire.torpor, fire.final_death) == (True, True)
    assert kindred_fate(down=False, past_body=False, lethal=False, aggravated=True) == (
        critical_fate(dying=False, dead=False, aggravated=True)
    )
    dying = critical_fate(dying=True, dead=False, aggravated=True)
    assert (dying.torpor, dying.final_death) == (True, False)


class _Cells(NamedTuple):
    dying_rounds: int | None
    dead: bool


def test_v_2_a_criticals_fate_by_its_table_and_the_words_every_line_says() -> None:
    """V-1, V-2: a killing cell on a heat table is Final Death, on any other torpor; the one
    wording the encounter's lines and the calculators' outcomes share."""
    dead = _Cells(dying_rounds=None, dead=True)
    heat, ordinary = sorted(kindred_figures().aggravated_tables)[0], "puncture"
    assert not aggravated_table(ordinary)
    assert table_fate(dead, heat).words == "FINAL DEATH (V-2)"
    assert table_fate(dead, ordinary).words == "torpor (V-2)"
    assert table_fate(_Cells(dying_rounds=None, dead=False), heat).words is None


def test_v_2_the_shots_headline_says_torpor_where_a_mortals_says_dying() -> None:
    mortal = _invoke(*SHOT, "--rolls", "90,90").strip().splitlines()[-1]
    kindred = _invoke(*SHOT, "--rolls", "90,90", "--kindred").strip().splitlines()[-1]
    assert mortal.endswith("dying in 10 rounds")
    assert kindred.endswith("read as D on a Kindred (V-1): bleeding 8/rnd, stunned 2 rnd at "
                            "-75, injury -45, torpor (V-2)")  # fmt: skip
    assert "dying" not in kindred and "DEAD" not in kindred


def test_v_2_odds_rmu_shoot_kindred_reads_torpor_and_never_final_death_from_a_bullet() -> None:
    """A round is no aggravated source: every cell a mortal would die or bleed out of is
    torpor on a Kindred, and Final Death never comes of it."""
    mortal, kindred = _stats(*SHOT), _stats(*SHOT, "--kindred")
    assert {"p_dying", "p_dead"} <= set(mortal) and not {"p_torpor", "p_final_death"} & set(mortal)
    assert "p_dying" not in kindred and "p_dead" not in kindred
    assert kindred["p_torpor"] > 0.05
    assert kindred["p_final_death"] == 0.0
    text = _invoke("odds", *SHOT, "--kindred")
    assert "P(torpor)" in text and "P(Final Death)" in text
    assert "torpor (V-2)" in text and ", DEAD" not in text and "dying in" not in text


def test_v_2_kindred_fate_the_fast_path_equals_the_generic_engine() -> None:
    shot = declare(ShotOptions, weapon="glock-17", ob=120, distance=10, kindred=True).build()
    stats = {s.name: s for s in shot_stats(shot)}
    assert "p_dying" not in stats and "p_dead" not in stats
    slow, fast = generic(shot), aimed_shot_exact(shot, default_data(), depth=0)
    for stat in stats.values():
        assert fast.expected(stat.read) == pytest.approx(slow.expected(stat.read), abs=1e-12)
    assert slow.expected(stats["p_torpor"].read) > 0.05
    assert slow.expected(stats["p_final_death"].read) == 0.0


def test_v_2_odds_rmu_melee_kindred_reads_torpor_fast_and_generic_alike() -> None:
    attack = declare(MeleeOptions, weapon="broadsword", ob=120, kindred=True).build()
    fast, slow = (
        odds(None, attack, method="exact", depth=0),
        odds(None, attack, method="generic", depth=0),
    )
    read = {s.stat.name: s.value for s in odds_stats(fast, attack)}
    assert read == pytest.approx(
        {s.stat.name: s.value for s in odds_stats(slow, attack)}, abs=1e-12
    )
    assert read["p_torpor"] > 0.05 and read["p_final_death"] == 0.0
    assert "p_dying" not in read
    text = _invoke("odds", "rmu", "melee", "--weapon", "broadsword", "--ob", "120", "--kindred")
    assert "torpor (V-2)" in text and ", dead" not in text and ", dying" not in text


def test_v_2_odds_melee_reads_a_kindred_by_its_flag_not_by_a_severity_shift() -> None:
    # A scene may set V-1's steps to 0: the blow is then unshifted, yet its target is Kindred.
    attack = replace(
        declare(MeleeOptions, weapon="broadsword", ob=120, kindred=True).build(), severity_shift=0
    )
    read = {s.stat.name for s in odds_stats(odds(None, attack, depth=0), attack)}
    assert {"p_torpor", "p_final_death"} <= read and "p_dying" not in read
    mortal = replace(attack, kindred=False, severity_shift=-1)
    assert "p_dying" in {s.stat.name for s in odds_stats(odds(None, mortal, depth=0), mortal)}


def test_v_2_odds_rmu_rapid_fire_a_kindred_caught_reads_torpor() -> None:
    found = _stats(
        "rmu", "rapid-fire", "--weapon", "zastava-m85-stock", "--share", "70", "--ob", "70",
        "--target", "Bob:0,30", "--target", "Ann:0,20", "--kindred", "Bob",
        "--method", "monte-carlo", "--samples", "500", "--seed", "0",
    )  # fmt: skip
    assert found["Bob.p_torpor"] > 0 and found["Bob.p_final_death"] == 0.0
    assert "Bob.p_dying" not in found and {"Ann.p_dying", "Ann.p_dead"} <= set(found)


@pytest.mark.parametrize(("load", "at"), [("an-m14", "Bob:0,3"), ("m67", "Bob:0,20")])
def test_v_2_odds_rmu_explode_final_death_only_from_thermate_fast_and_generic_alike(
    load: str, at: str
) -> None:
    """Thermate's heat is aggravated (V-1): what kills a mortal outright destroys a Kindred;
    a fragmentation grenade's shrapnel only puts them in torpor."""
    kindred = declare(ExplodeOptions, load=load, target=(at,), kindred=("Bob",)).build()
    mortal = declare(ExplodeOptions, load=load, target=(at,)).build()

    def stats(blast: Any, method: OddsMethod) -> dict[str, float]:
        found = odds(None, blast, method=method, depth=0)
        return {s.stat.name: s.value for s in odds_stats(found, blast)}

    fast, slow, man = stats(kindred, "exact"), stats(kindred, "generic"), stats(mortal, "exact")
    assert fast == pytest.approx(slow, abs=1e-12)
    assert "Bob.p_dying" not in fast and "Bob.p_torpor" not in man
    assert fast["Bob.p_torpor"] > 0
    if load == "an-m14":  # the same cells: a mortal's death is the Kindred's Final Death
        assert man["Bob.p_dead"] > 0
        assert fast["Bob.p_final_death"] == pytest.approx(man["Bob.p_dead"])
        assert fast["Bob.p_torpor"] == pytest.approx(man["Bob.p_dying"] + man["Bob.p_dead"])
    else:
        assert fast["Bob.p_final_death"] == 0.0
