"""The record a command answers with carries the time the store wrote it, as the log reads it
back (DEC-704): the service, `encounter act --json` and `undo --json`, and the web API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from encounter_support import WAREHOUSE, WAREHOUSE_OPENING
from firefight.cli.app import app
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.service import Applied, EncounterService
from firefight.store import SqlStore


@pytest.mark.parametrize("every", [1, 1000])  # with a snapshot in the write, and without
def test_dec_704_every_command_answers_with_the_time_its_record_was_written(
    store: SqlStore, every: int
) -> None:
    service = EncounterService(store, snapshot_every=every)
    answers: list[Applied] = [
        service.new("raid", load_scenario(WAREHOUSE), Dice.scripted(list(WAREHOUSE_OPENING))),
        service.act("raid", "Mara shoots Viktor", Dice.scripted([96, 50, 50])),
        service.gm("raid", "hits Viktor 3"),
        service.undo("raid"),
        service.next_round("raid", Dice.seeded(2)),
    ]
    logged = {r.seq: r.recorded_at for r in service.log("raid")}
    said = {a.record.seq: a.record.recorded_at for a in answers}
    assert said == logged and all(said.values())


def test_dec_704_act_and_undo_json_carry_the_time_the_log_reads_back(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"FIREFIGHT_HOME": str(tmp_path)}

    def run(*args: str) -> dict[str, object]:
        done = runner.invoke(app, ["encounter", *args, "--json"], env=env)
        assert done.exit_code == 0, done.stderr
        answer: dict[str, object] = json.loads(done.stdout)
        return answer

    run("new", "raid", "-s", str(WAREHOUSE), "--seed", "3")
    acted = run("act", "raid", "Mara waits", "--force")
    undone = run("undo", "raid")
    log = run("log", "raid")["records"]
    assert isinstance(log, list)
    times = {r["seq"]: r["recorded_at"] for r in log}
    for answer in (acted, undone):
        record = answer["record"]
        assert isinstance(record, dict)
        assert record["recorded_at"] and record["recorded_at"] == times[record["seq"]]
