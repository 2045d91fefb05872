"""``odds sweep rmu shoot --kindred``: each point reports what its single query would -- a
Kindred target's P(torpor) and P(Final Death), a mortal's P(dying) and P(dead) (V-2) -- and a
grid of both kinds has both kinds' columns, None where a stat is not the point's (DEC-822)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app
from firefight.odds.api import odds, odds_stats
from firefight.odds.sweep import sweep
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.shot import AimedShot

runner = CliRunner()
SWEEP = ["odds", "sweep", "rmu", "shoot", "--weapon", "glock-17"]
MORTAL_FATE, KINDRED_FATE = ("p_dying", "p_dead"), ("p_torpor", "p_final_death")


def _json(*args: str) -> Any:
    done = runner.invoke(app, [*args, "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def _single(row: dict[str, Any]) -> dict[str, float]:
    """The single query's stats at one point of the sweeps below."""
    args = ["--ob", str(row["ob"]), "--distance", str(row["distance"])]
    found = _json("odds", "rmu", "shoot", "--weapon", "glock-17", *args,
                  *(["--kindred"] if row.get("kindred", True) else []))  # fmt: skip
    return {name: s["value"] for name, s in found["stats"].items()}


def test_dec_822_a_kindred_sweep_reads_each_points_fate_as_its_single_query() -> None:
    rows = _json(*SWEEP, "--ob", "60,120", "--distance", "10,40", "--kindred", "true")["rows"]
    assert len(rows) == 4
    for row in rows:
        assert not set(MORTAL_FATE) & set(row)
        single = _single(row)
        for name in KINDRED_FATE:
            assert row[name] == pytest.approx(single[name], abs=1e-12)
    # Not read off the mortal's rows: a round leaves a Kindred in torpor, never dead (V-2).
    assert max(row["p_torpor"] for row in rows) > 0.05
    assert all(row["p_final_death"] == 0.0 for row in rows)


def test_dec_822_a_sweep_over_kindred_true_and_false_has_both_kinds_columns() -> None:
    found = _json(*SWEEP, "--ob", "90", "--distance", "10,40", "--kindred", "true,false")
    rows = found["rows"]
    assert [(r["distance"], r["kindred"]) for r in rows] == [
        (10.0, True), (10.0, False), (40.0, True), (40.0, False),
    ]  # fmt: skip
    for row in rows:
        own, other = (KINDRED_FATE, MORTAL_FATE) if row["kindred"] else (MORTAL_FATE, KINDRED_FATE)
        assert all(row[name] is None for name in other)
        single = _single({"ob": 90, **row})
        for name in own:
            assert row[name] == pytest.approx(single[name], abs=1e-12)
        assert row["p_critical"] == pytest.approx(single["p_critical"], abs=1e-12)
    mortal, kindred = rows[1], rows[0]
    assert mortal["p_dying"] > 0.05 and kindred["p_torpor"] > 0.05


def test_dec_822_a_monte_carlo_sweep_reads_each_points_own_stats() -> None:
    """The path without a batch reads each point's stats too: equal, seed for seed, to the
    single estimate's."""
    base = AimedShot(weapon="glock-17", ob=90, distance_ft=10)
    grid = {"defender": [Defender(severity_steps=1), Defender()]}
    result = sweep(base, grid, method="monte-carlo", samples=2_000, seed=3)
    for point, values in zip(result.points, result.values, strict=True):
        assert isinstance(point[0], Defender)
        shot = AimedShot(weapon="glock-17", ob=90, distance_ft=10, defender=point[0])
        dist = odds(None, shot, method="monte-carlo", samples=2_000, seed=3)
        single = {s.stat.name: s.value for s in odds_stats(dist, shot)}
        assert values is not None
        swept = {n: v for n, v in zip(result.stat_names, values, strict=True) if v is not None}
        assert swept == single


def test_dec_822_the_stat_may_name_either_kinds_fate(tmp_path: Path) -> None:
    args = [*SWEEP, "--ob", "60,120", "--distance", "10"]
    plot = tmp_path / "torpor.png"
    done = runner.invoke(
        app, [*args, "--kindred", "true,false", "--stat", "p_torpor", "--plot", str(plot)]
    )
    assert done.exit_code == 0, done.output
    assert plot.stat().st_size > 0
    wrong = tmp_path / "dying.png"
    done = runner.invoke(
        app, [*args, "--kindred", "true", "--stat", "p_dying", "--plot", str(wrong)]
    )
    assert done.exit_code != 0
    assert "--stat is one of" in done.output and "p_torpor" in done.output
    assert not wrong.exists()
