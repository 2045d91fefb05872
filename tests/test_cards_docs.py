"""Every command line of docs/cards.md runs (the examples stay runnable)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from firefight.cli.app import app

DOC = Path(__file__).parent.parent / "docs" / "cards.md"
LINES = [
    line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("firefight ")
]


def test_the_page_has_examples() -> None:
    assert len(LINES) >= 8


@pytest.mark.parametrize("line", LINES)
def test_doc_example_runs(line: str) -> None:
    result = CliRunner().invoke(app, shlex.split(line)[1:])
    assert result.exit_code == 0, result.output
