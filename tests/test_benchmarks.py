"""The benchmark scripts stay runnable: each benchmarked call runs once here (nothing is timed)."""

from __future__ import annotations

from pathlib import Path

import bench_shot
import bench_table

from firefight.cli.play import Session, SessionCompleter
from firefight.outcome import Outcome
from firefight.rulesets.rmu.shot_results import AimedShotResult
from firefight.service import EncounterService
from firefight.store import open_store


def test_every_shot_benchmark_case_runs() -> None:
    for name, case in bench_shot.cases().items():
        result = case()
        assert result is not None, name
    hit = bench_shot.cases()["shot with critical"]()
    assert isinstance(hit, Outcome) and isinstance(hit.result, AimedShotResult)
    assert hit.result.landing.severity == "C"


def test_the_table_benchmark_plans_a_three_round_fight(tmp_path: Path) -> None:
    """bench_table: the plan plays three rounds, the plain commands seed as the session does,
    and Tab completion saves keystrokes (nothing is timed)."""
    service = EncounterService(open_store(f"sqlite:///{tmp_path / 'plan.db'}"))
    lines = bench_table.plan(service)
    assert lines.count("next") == bench_table.ROUNDS - 1 and service.state("raid").round == 3
    commands = bench_table.plain_commands(lines, "sqlite://")
    assert commands[1][-4:] == ["--seed", str(bench_table.SEED + 1), "--store", "sqlite://"]
    completer = SessionCompleter(Session(service, "raid", confirm=lambda q: False))
    line = "Viktor shoots Mara --ap 3"
    assert bench_table.with_completion(line, completer) < len(line) + 1


def test_every_web_action_stage_runs(tmp_path: Path) -> None:
    """benchmarks/bench_web_act.py: each stage of an action runs once here (nothing timed)."""
    import bench_web_act

    for name, call in bench_web_act.stages(12, tmp_path).items():
        assert call() is not None or name.startswith("live"), name
