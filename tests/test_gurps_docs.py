"""Every command line of docs/gurps.md runs (the examples stay runnable): GUR-CORE-1."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

DOC = Path(__file__).parent.parent / "docs" / "gurps.md"


def _lines() -> list[str]:
    found: list[str] = []
    pending = ""
    for raw in DOC.read_text(encoding="utf-8").splitlines():
        line = raw.split("  #")[0].rstrip()
        if pending:
            pending += " " + line.strip()
        elif line.startswith("firefight "):
            pending = line
        else:
            continue
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        found.append(pending)
        pending = ""
    return found


LINES = _lines()


def test_the_page_has_examples() -> None:
    assert len(LINES) >= 20


@pytest.mark.parametrize("line", LINES)
def test_gur_core_1_doc_example_runs(line: str) -> None:
    result = CliRunner().invoke(app, shlex.split(line)[1:])
    assert result.exit_code == 0, result.output
