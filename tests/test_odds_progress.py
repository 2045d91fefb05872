"""Progress on long odds work and outputs written whole or not at all (issue 19)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from firefight.atomic import replacing
from firefight.cli import progress
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


def test_no_bar_when_standard_error_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_bar("work", 1.0) as update:
        update(0.5)
    assert capsys.readouterr().err == ""


def test_on_a_terminal_the_bar_shows_the_share_done_once_the_work_runs_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(progress, "err_console", Console(file=screen, force_terminal=True))
    monkeypatch.setattr(progress, "SHOW_AFTER_S", 0.0)
    with progress_bar("simulating fights", 10.0) as update:
        update(5.0)
    drawn = screen.getvalue()
    assert "simulating fights" in drawn and "50%" in drawn and "left" in drawn


def test_on_a_terminal_a_quick_job_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(progress, "err_console", Console(file=screen, force_terminal=True))
    monkeypatch.setattr(progress, "SHOW_AFTER_S", 3600.0)
    with progress_bar("simulating fights", 10.0) as update:
        update(5.0)
    assert screen.getvalue() == ""
