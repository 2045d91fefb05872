"""Progress on long odds work and outputs written whole or not at all (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firefight.atomic import replacing
from firefight.cli.progress import progress_bar
from firefight.odds.sweep import sweep
from firefight.probability.enumeration import enumerate_outcomes
from firefight.rulesets.rmu.shot import AimedShot


def test_an_interrupted_write_leaves_the_old_file_and_no_partial_one(tmp_path: Path) -> None:
    target = tmp_path / "chart.png"
    target.write_text("the old chart")

    def interrupted() -> None:
        with replacing(target) as partial:
            partial.write_text("half a new ch")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted()
    assert target.read_text() == "the old chart"
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"]


def test_a_finished_write_replaces_the_file_with_the_usual_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    with replacing(target) as partial:
        assert partial.suffix == ".csv"  # writers that read the format from the name still do
        partial.write_text("a,b\n")
    assert target.read_text() == "a,b\n"
    assert target.stat().st_mode & 0o044  # readable by others, as a new file would be


def test_the_generic_engine_reports_its_share_visited_up_to_all() -> None:
    seen: list[float] = []
    enumerate_outcomes(
        lambda dice: dice.pool(3, 6, "3d6").total, key=lambda t: t, progress=seen.append
    )
    assert len(seen) == 6**3
    assert seen == sorted(seen)
    assert seen[-1] == pytest.approx(1.0)


def test_a_sweep_reports_its_share_of_points_done() -> None:
    seen: list[float] = []
    base = AimedShot(weapon="glock-17", ob=0, distance_ft=40)
    sweep(base, {"ob": list(range(0, 100, 10))}, chunk_points=3, progress=seen.append)
    assert seen == pytest.approx([0.3, 0.6, 0.9, 1.0])


def test_no_bar_when_standard_error_is_not_a_terminal() -> None:
    with progress_bar("work", 1.0) as update:
        update(0.5)  # under pytest stderr is captured: nothing is drawn, nothing fails
