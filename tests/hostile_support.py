"""What the hostile-input tests and the fuzz suite share: running the command line, the store's
contents as bytes, and what every refusal must look like."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
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


# --- the fuzz suite's shared settings and vocabulary ------------------------------------------

FUZZ = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Numbers that broke things once: non-finite, huge, many digits, negative, fractional.
NASTY_NUMBERS = (
    "inf",
    "-inf",
    "nan",
    "1e308",
    "-1e308",
    "1e-300",
    "9" * 400,
    "9" * 5000,
    "-1",
    "0",
    "-0",
    "0.5",
    "1000000",
    "1000001",
    "99999999999999999999",
    "0x10",
    "1_000",
    "+5",
    "",
    " ",
)
#: Text that broke things once: escapes, controls, quotes, brackets, very long.
NASTY_TEXT = (
    "\x1b[2J",
    "\x00",
    "\x07",
    "\r",
    "\n",
    "\t",
    "\u202e",
    "'",
    '"',
    "\\",
    "[[[",
    "]]]",
    "{",
    "}",
    "--",
    "-",
    "=",
    ":",
    ",",
    "é",
    "🙂",
    "x" * 300,
    "Bob ",
    " Bob",
    "",
)


def nasty_token() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(NASTY_NUMBERS),
        st.sampled_from(NASTY_TEXT),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=12),
    )


def one_line(message: str) -> None:
    """A refusal the user reads: one line, no terminal escape."""
    assert "\n" not in message.strip(), message
    assert "\x1b" not in message, message
