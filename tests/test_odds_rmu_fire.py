"""``firefight odds rmu rapid-fire`` / ``odds rmu suppress``: the odds of a burst and a sweep,
per person caught (RMU-RF-10, RMU-SUP-6), with the resolving commands' options and refusals."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.odds.api import action_odds, odds, odds_stats
from firefight.rulesets.rmu.fire_options import RapidFireOptions, SuppressOptions
from firefight.rulesets.rmu.odds.fire import (
    FireView,
    PreparationView,
    fire_scalar,
    resolve_fire_with,
)
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.rapid_fire import RapidFire
from odds_support import assert_odds_mirror

runner = CliRunner()

ZASTAVA = ["--weapon", "zastava-m85-stock"]
#: Bob, the aimed man, 60 ft out in BA IV; Ann 40 ft behind him, inside the 5° cone. At OB
#: +20 with nothing carried, neither takes a critical on a roll of 95 or less, so every dice
#: path of depth 0 is a few thousand resolver runs.
SMALL_BURST = ["--share", "0", "--ob", "20", "--target", "Bob:0,60:BA IV"]
SMALL_BURST += ["--target", "Ann:1,100:BA II"]
SWEEP = ["--distance", "60", "--width", "20", "--target", "Bob:0,60", "--target", "Ann:5,60"]


@pytest.mark.parametrize("command", ["rapid-fire", "suppress"])
def test_odds_rmu_fire_takes_exactly_the_options_of_the_resolving_command(command: str) -> None:
    """Every option of ``rmu rapid-fire`` / ``rmu suppress`` but the dice is on the odds
    command with the same flag, help and default; what the odds command adds is its own."""
    assert_odds_mirror("rmu", command)


@pytest.mark.parametrize(
    ("command", "args", "start"),
    [
        (
            "rapid-fire",
            ["--weapon", "sks-46", "--share", "50", "--target", "Bob:0,40"],
            "refused: RMU-RF-1",
        ),
        ("rapid-fire", [*ZASTAVA, "--target", "Bob:0,40"], "error: --share: is needed to fire"),
        ("rapid-fire", [*ZASTAVA, "--share", "50"], "error: --target: is needed to fire"),
        ("rapid-fire", [*ZASTAVA, "--share", "50", "--target", "Bob"], "error: --target: takes"),
        ("suppress", [*ZASTAVA, *SWEEP, "--ap", "1"], "refused: RMU-SUP-3"),
        ("suppress", [*ZASTAVA, *SWEEP, "--dash", "Ann=fast"], "error: --dash: takes"),
        ("suppress", [*ZASTAVA, *SWEEP, "--cover", "Cy=half:soft"], "error: --cover: names"),
    ],
)
def test_rmu_rf_10_rmu_sup_6_odds_refuse_with_the_resolving_commands_words(
    command: str, args: list[str], start: str
) -> None:
    """RMU-RF-1, RMU-SUP-3: a refused or unreadable declaration gets the same line and status
    from the odds command as from the resolving one."""
    resolving = runner.invoke(app, ["rmu", command, *args, "--seed", "1"])
    asking = runner.invoke(app, ["odds", "rmu", command, *args, "--samples", "10"])
    assert resolving.exit_code == asking.exit_code == 2
    assert asking.output.startswith(start)
    assert asking.output == resolving.output


@pytest.mark.slow  # a Monte Carlo run beside the exact answer: about 6 s
def test_rmu_rf_10_generic_and_monte_carlo_agree_on_the_aimed_man_and_the_bystander() -> None:
    """RMU-RF-10: the bystander in the cone rolls on their own. The generic engine at depth 0
    leaves out every path with a roll of 96+ (its cut-off), so the true P(hit) lies between its
    figure and that plus the cut-off; 20,000 Monte Carlo samples land there within 5 standard
    errors, for the aimed man and the bystander alike."""
    burst = declare(
        RapidFireOptions,
        weapon="zastava-m85-stock",
        share=0,
        ob=20,
        target=["Bob:0,60:BA IV", "Ann:1,100:BA II"],
    ).build()
    assert isinstance(burst, RapidFire)
    exact = odds(None, burst, method="generic", depth=0)
    sampled = odds(None, burst, method="monte-carlo", samples=20_000, seed=3)
    assert exact.cut_off == pytest.approx(1 - 0.95**2)
    found = {v.stat.name: v for v in odds_stats(exact, burst)}
    drawn = {v.stat.name: v for v in odds_stats(sampled, burst)}
    assert found["Bob.p_hit"].value > 0.2  # a real test, not 0 against 0
    for name in ("Bob.p_hit", "Ann.p_hit"):
        low, high = found[name].value, found[name].value + exact.cut_off
        margin = 5 * drawn[name].standard_error
        assert low - margin <= drawn[name].value <= high + margin, name
    assert all(isinstance(k, FireView) for k in exact)
    assert [p.name for p in next(iter(exact)).people] == ["Bob", "Ann"]


def test_rmu_rf_10_odds_rapid_fire_json_reports_each_person_caught() -> None:
    """RMU-RF-10 from the command line: --json lists the five stats of the aimed man and of
    each bystander, with standard errors (Monte Carlo, seeded, so the same twice)."""
    args = ["odds", "rmu", "rapid-fire", *ZASTAVA, "--share", "70", "--ob", "70"]
    args += ["--target", "Bob:0,40", "--target", "Ann:0,20:BA II", "--samples", "2000", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stdout == runner.invoke(app, args).stdout
    data = json.loads(first.stdout)
    assert data["method"] == "monte carlo" and data["samples"] == 2000
    stats = data["stats"]
    for who in ("Bob", "Ann"):
        for stat in ("p_hit", "p_critical", "expected_hits", "p_dying", "p_dead"):
            assert f"{who}.{stat}" in stats
    # Ann stands in front of Bob in the cone: she takes the burst far more often than he.
    assert stats["Ann.p_hit"]["value"] > stats["Bob.p_hit"]["value"]
    assert stats["Ann.p_hit"]["standard_error"] > 0
    assert "shooter.p_malfunction" not in stats
    human = runner.invoke(app, args[:-1])
    assert "Ann: P(hit)" in human.stdout and "Monte Carlo: 2,000 samples" in human.stdout


def test_rmu_sup_6_odds_suppress_reports_everyone_swept_and_the_malfunction() -> None:
    """RMU-SUP-6, F-5: each person in the swept ground has their own stats; the shooter's
    sweep roll can jam the gun, and then nobody is hit."""
    sweep = declare(
        SuppressOptions,
        weapon="zastava-m85-stock",
        distance=60,
        width=20,
        target=["Bob:0,60", "Ann:5,60", "Cy:0,400"],
    ).build()
    dist = odds(None, sweep, method="monte-carlo", samples=3000, seed=5)
    stats = {v.stat.name: v.value for v in odds_stats(dist, sweep)}
    assert 0 < stats["shooter.p_malfunction"] < 0.2
    assert stats["Bob.p_hit"] > 0 and stats["Ann.p_hit"] > 0
    assert stats["Cy.p_hit"] == 0  # far past the swept ground: never caught
    jammed = dist.probability(lambda v: v.malfunction)
    assert jammed == pytest.approx(stats["shooter.p_malfunction"])
    assert all(not v.people for v in dist if v.malfunction)
    result = runner.invoke(app, ["odds", "rmu", "suppress", *ZASTAVA, *SWEEP, "--samples", "500"])
    assert result.exit_code == 0, result.output
    assert "shooter: P(malfunction)" in result.stdout


def test_rmu_rf_13_odds_of_the_preparation_sum_to_one() -> None:
    """RMU-RF-4, RMU-RF-13, F-3: the preparation is prepared, wasted or a malfunction; the
    generic engine lists all three and they sum to 1 less the cut-off."""
    prep = declare(RapidFireOptions, weapon="zastava-m85-stock", prepare=True, skill=30).build()
    assert action_odds(prep).name == "rapid-fire-preparation"
    dist = odds(None, prep, method="generic", depth=1)
    stats = {v.stat.name: v.value for v in odds_stats(dist, prep)}
    total = stats["p_prepared"] + stats["p_wasted"] + stats["p_malfunction"]
    assert total == pytest.approx(1 - dist.cut_off)
    assert stats["p_malfunction"] > 0 and stats["p_wasted"] > 0
    assert 0 < stats["expected_share_percent"] <= 100
    assert all(isinstance(k, PreparationView) for k in dist)


def test_rmu_rf_10_one_hit_is_worded_in_the_singular() -> None:
    """RMU-RF-10: the likeliest outcomes of a burst read "Ann 1 hits"; one hit is one hit."""
    from firefight.rulesets.rmu.odds.fire import CaughtView, describe_fire

    one = CaughtView("Ann", "hit", None, 1, dying=False, dead=False)
    two = CaughtView("Bob", "hit", "A", 12, dying=False, dead=False)
    assert describe_fire(FireView(False, (one, two))) == "Ann 1 hit; Bob 12 hits, A critical"


@pytest.mark.parametrize(
    ("options", "values"),
    [
        # An unbraced M2HB (its recoil rolled first), Ann shielding Bob, Cy past the last band.
        (
            RapidFireOptions,
            {
                "weapon": "m2hb",
                "share": 50,
                "ob": 80,
                "strength": 5,
                "target": ["Bob:0,100:BA II", "Ann:0,90", "Cy:0,5000"],
                "cover": ["Bob=half:hard"],
            },
        ),
        # Ann dashes for cover out of reach (her dash rolled), Cy dives behind hers.
        (
            SuppressOptions,
            {
                "weapon": "zastava-m85-stock",
                "distance": 60,
                "width": 60,
                "target": ["Bob:0,60", "Ann:5,50:BA II", "Cy:-5,40"],
                "cover": ["Ann=full:hard", "Cy=half:hard"],
                "dash": ["Ann=20"],
                "dive": ["Cy"],
            },
        ),
    ],
    ids=["rapid-fire", "suppress"],
)
def test_the_odds_work_a_burst_or_sweep_out_once_and_roll_it_as_resolving_does(
    options: type[RapidFireOptions | SuppressOptions], values: dict[str, object]
) -> None:
    """The odds work a firing round or a sweep out up to its first die once (who is caught,
    their cover, columns and terms: over half of every sample when each sample worked it out
    again); each roll is then the resolver's own outcome, trace and all."""
    decl = declare(options, **values).build()
    run = fire_scalar(None, decl)
    for seed in range(30):
        resolved = resolve_fire_with(default_data(), decl, Dice.seeded(seed))
        assert run(Dice.seeded(seed)) == resolved
