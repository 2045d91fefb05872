"""Two tables on one encounter (docs/store.md, "Writes, conflicts and crashes"; DEC-750): a
session acts on the fight its prompt showed, so a command typed on a view another process has
since changed is refused as a conflict and writes nothing, never undoing, redoing or doubling
what the other did."""

from __future__ import annotations

import pytest

from encounter_support import warehouse_raid
from firefight.cli.play import Session
from firefight.service import EncounterService


@pytest.fixture
def service() -> EncounterService:
    return warehouse_raid()


def table(service: EncounterService) -> Session:
    """A session as a GM sees it: its prompt drawn from the fight as it stood then."""
    session = Session(service, "raid", confirm=lambda q: True, seed=1)
    session.prompt()
    return session


def texts(service: EncounterService) -> list[str]:
    return [r.text for r in service.log("raid")]


def test_a_second_session_cannot_redo_what_the_first_already_redid(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-UNDO, DEC-750: both sessions knew the move was undone; each redid it, and the move
    was made twice from one undo."""
    first = table(service)
    first.handle("Mara moves -8,6")
    first.handle("undo")
    second = table(service)  # opened now: it may redo the undone move
    first.handle("redo")
    log = texts(service)
    second.handle("redo")
    assert texts(service) == log
    assert texts(service).count("Mara moves -8,6") == 2  # made, undone, redone once
    assert "changed" in capsys.readouterr().out
    second.handle("redo")  # read again: the log ends with the redone move
    assert texts(service) == log


def test_an_undo_typed_on_an_old_view_does_not_take_back_another_table_s_action(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-UNDO, DEC-750: the first table meant to take back its own move; the other table's
    shot came in between, and the undo took the shot back instead, losing it."""
    first = table(service)
    first.handle("Mara moves -8,6")
    first.prompt()
    second = table(service)
    second.handle("Mara reloads")
    log = texts(service)
    first.handle("undo")
    assert texts(service) == log
    out = capsys.readouterr().out
    assert "changed" in out and "undone" not in out
    # "reload and try again": the session has read it again, and says so.
    assert "read again: the prompt shows the fight as it stands" in out
    first.prompt()  # drawn again from the fight as it stands
    first.handle("undo")
    assert service.log("raid")[-1].reverts == len(log)


@pytest.mark.parametrize("line", ["Mara moves -8,6", "hits Jonah 3", "next"])
def test_an_action_typed_on_an_old_view_is_refused_as_a_conflict(
    service: EncounterService, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-GM, DEC-750: what a GM types answers the fight their prompt showed; when another
    table changed it since, the line is refused and nothing is written."""
    first = table(service)
    second = table(service)
    second.handle("Mara moves -8,0")
    log = texts(service)
    first.handle(line)
    assert texts(service) == log
    assert "changed" in capsys.readouterr().out
    first.prompt()
    first.handle(line)
    assert texts(service) == [*log, line if line != "next" else "round 2"]


def test_a_redo_after_another_table_acted_is_refused(
    service: EncounterService, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENC-UNDO, DEC-750: redo plays again what this session undid, on the fight it undid it
    in; after another table's action that is no longer the fight."""
    first = table(service)
    first.handle("Mara moves -8,6")
    first.handle("undo")
    first.prompt()
    second = table(service)
    second.handle("Mara moves -8,0")
    log = texts(service)
    first.handle("redo")
    assert texts(service) == log
    assert "changed" in capsys.readouterr().out
    first.prompt()
    first.handle("redo")
    assert texts(service) == log
    assert "nothing to redo" in capsys.readouterr().out
