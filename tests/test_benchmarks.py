"""The benchmark scripts stay runnable: each benchmarked call runs once here (nothing is timed)."""

from __future__ import annotations

from pathlib import Path

import bench_shot

from firefight.outcome import Outcome
from firefight.rulesets.rmu.results import summary_of


def test_every_shot_benchmark_case_runs() -> None:
    for name, case in bench_shot.cases().items():
        result = case()
        assert result is not None, name
    hit = bench_shot.cases()["shot with critical"]()
    assert isinstance(hit, Outcome)
    assert summary_of(hit)["severity"] == "C"


def test_every_web_action_stage_runs(tmp_path: Path) -> None:
    """benchmarks/bench_web_act.py: each stage of an action runs once here (nothing timed)."""
    import bench_web_act

    for name, call in bench_web_act.stages(12, tmp_path).items():
        assert call() is not None or name.startswith("live"), name
