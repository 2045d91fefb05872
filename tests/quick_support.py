"""What the tests of commands run without typer share: running one the quick way, and the check
that it says exactly what typer's command says (firefight.cli.quick, DEC-511, DEC-561)."""

from __future__ import annotations

import sys

from typer.testing import CliRunner

from corpus_support import run_cli
from firefight.cli.quick import run_quickly


def run_quick(argv: tuple[str, ...], env: dict[str, str]) -> tuple[bool, int, str, str]:
    """Run ``argv`` through :func:`run_quickly` as the test runner runs typer's app."""
    code = 0
    with CliRunner().isolation(env=env) as (out, err, _):
        try:
            handled = run_quickly(argv)
        except SystemExit as exc:
            handled, code = True, int(exc.code or 0)
        sys.stdout.flush()
        sys.stderr.flush()
        said = out.getvalue().decode(), err.getvalue().decode()
    return handled, code, *said


def assert_quick_says_what_typer_says(argv: tuple[str, ...], env: dict[str, str]) -> None:
    """A command line the quick way leaves to typer prints nothing; one it handles prints and
    exits exactly as typer's command does."""
    handled, code, out, err = run_quick(argv, env)
    if not handled:
        assert (out, err) == ("", "")
        return
    typer = run_cli(argv, env)
    assert (code, out, err) == (typer.exit_code, typer.stdout, typer.stderr)
