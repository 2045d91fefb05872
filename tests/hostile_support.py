"""What the hostile-input tests and the fuzz suite share: running the command line, the store's
contents as bytes, and what every refusal must look like."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from typer.testing import CliRunner, Result

from firefight.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
WAREHOUSE = ROOT / "examples" / "warehouse.toml"

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def store_bytes(path: Path) -> bytes:
    """Every row of every table of the SQLite store, as SQL text: equal bytes, equal store."""
    if not path.exists():
        return b""
    connection = sqlite3.connect(path)
    try:
        return "\n".join(connection.iterdump()).encode()
    finally:
        connection.close()


def store_digest(path: Path) -> str:
    return hashlib.sha256(store_bytes(path)).hexdigest()


def assert_clean_exit(result: Result, *, allowed: tuple[int, ...] = (0, 2)) -> None:
    """Exit 0 or 2, no exception escaped, and a refusal is one line on stderr."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback: {result.exception!r}") from result.exception
    assert result.exit_code in allowed, (result.exit_code, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert_one_line(result.stderr)


def assert_one_line(stderr: str) -> None:
    lines = stderr.strip().splitlines()
    # typer's own usage errors (a bad option) come in a box: its message is still one line.
    if lines and lines[0].startswith("Usage:"):
        return
    assert len(lines) == 1, stderr
    assert "\x1b" not in stderr
