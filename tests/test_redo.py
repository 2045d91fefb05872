"""Redo (ENC-UNDO, DEC-697): what waits to be redone is read from the log alone, so the command
line, a session opened again and another table all redo the same thing, once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from encounter_support import WAREHOUSE, warehouse_raid
from firefight.cli.app import app
from firefight.cli.play import Session
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.service import EncounterService, redoable


@pytest.fixture
def service() -> EncounterService:
    return warehouse_raid()


def texts(service: EncounterService) -> list[str]:
    return [r.text for r in service.log("raid")]


def test_undone_records_are_redone_earliest_first_with_their_own_dice(
    service: EncounterService,
) -> None:
    """Two actions undone (the shot, then the move) come back move first, then the shot with
    the faces it rolled, to the very state they made; a third redo is refused."""
    service.act("raid", "Mara moves -8,6", Dice.scripted([]))
    service.act("raid", "Mara shoots Viktor --ap 3", Dice.scripted([97, 45]))
    played = service.state("raid")
    service.undo("raid")
    service.undo("raid")
    assert [r.text for r in redoable(service.log("raid"))] == [
        "Mara shoots Viktor --ap 3",
        "Mara moves -8,6",
    ]
    assert service.redo_next("raid").record.text == "Mara moves -8,6"
    again = service.redo_next("raid")
    assert again.record.text == "Mara shoots Viktor --ap 3"
    assert again.record.dice.faces == (97, 45)
    assert service.state("raid") == played
    with pytest.raises(RuleRefusal) as refused:
        service.redo_next("raid")
    assert refused.value.rule == "ENC-UNDO" and "nothing to redo" in refused.value.reason


def test_a_new_record_after_the_undos_leaves_nothing_to_redo(service: EncounterService) -> None:
    service.act("raid", "Mara moves -8,6", Dice.scripted([]))
    service.undo("raid")
    service.act("raid", "Mara moves -8,0", Dice.scripted([]))
    assert redoable(service.log("raid")) == []
    before = texts(service)
    with pytest.raises(RuleRefusal):
        service.redo_next("raid")
    assert texts(service) == before


def test_a_session_opened_after_one_redo_redoes_the_next(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session that undid two records and redid one, then quit: the next session redid
    nothing (the log no longer ended with an undo). It now redoes the second."""
    service.act("raid", "Mara moves -8,6", Dice.scripted([]))
    service.act("raid", "Mara shoots Viktor --ap 3", Dice.scripted([97, 45]))
    service.undo("raid")
    service.undo("raid")
    service.redo_next("raid")
    session = Session(service, "raid", confirm=lambda q: True, seed=1)
    session.prompt()
    session.handle("redo")
    assert texts(service)[-1] == "Mara shoots Viktor --ap 3"
    assert service.state("raid").combatant("Viktor").hits_left == 49
    session.handle("redo")
    assert "nothing to redo" in capsys.readouterr().out


def test_encounter_redo_on_the_command_line(tmp_path: Path) -> None:
    """`encounter redo` plays the undone action again; with nothing undone it exits 2 naming
    ENC-UNDO and writes nothing."""
    store = ["--store", f"sqlite:///{tmp_path / 'fights.db'}"]
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, [*args, *store])
        return result.exit_code, result.stdout, result.stderr

    assert (
        run("encounter", "new", "raid", "--scenario", str(WAREHOUSE), "--rolls", "7,4,3,9,6,6")[0]
        == 0
    )
    assert (
        run("encounter", "act", "raid", "Mara shoots Viktor --ap 3 --prepared", "--rolls", "40,50")[
            0
        ]
        == 0
    )
    assert run("encounter", "undo", "raid")[0] == 0
    code, out, err = run("encounter", "redo", "raid", "--json")
    assert code == 0, err
    redone = json.loads(out)
    assert redone["dice"] == {"source": "scripted", "rolls": [40, 50], "used": [40, 50]}
    assert redone["record"]["text"] == "Mara shoots Viktor --ap 3 --prepared"
    code, out, err = run("encounter", "redo", "raid")
    assert code == 2 and "ENC-UNDO" in err and "nothing to redo" in err
    code, out, _ = run("encounter", "log", "raid", "--json")
    assert [r["kind"] for r in json.loads(out)["records"]] == ["round", "action", "undo", "action"]
