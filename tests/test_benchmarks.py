"""The benchmark scripts stay runnable: each benchmarked call runs once here (nothing is timed)."""

from __future__ import annotations

import bench_shot

from firefight.outcome import Outcome
from firefight.rulesets.rmu.shot_results import AimedShotResult


def test_every_shot_benchmark_case_runs() -> None:
    for name, case in bench_shot.cases().items():
        result = case()
        assert result is not None, name
    hit = bench_shot.cases()["shot with critical"]()
    assert isinstance(hit, Outcome) and isinstance(hit.result, AimedShotResult)
    assert hit.result.landing.severity == "C"
