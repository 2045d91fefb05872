"""``firefight d6 check``: the toy's one command, generated from its declaration."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.declared import declared_command
from firefight.cli.resolving import resolving_command
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight_d6.rules import Check, CheckResult, resolve_check

app = typer.Typer(help="A d6 against a target number.", no_args_is_help=True)


def _headline(outcome: Outcome[CheckResult]) -> str:
    """The text renderer of a check's result (``--json`` writes its fields)."""
    r = outcome.result
    return f"{r.outcome}: {r.total} against {r.target}"


def _check(values: dict[str, Any], dice: Dice) -> tuple[Check, Outcome[CheckResult], str]:
    declaration = declare(Check, **values)
    return declaration, resolve_check(declaration, dice), "d6 check"


check = declared_command(app, "check", Check, help="Roll a d6, add the skill, reach the target.")(
    resolving_command("d6", "check", _check, _headline)
)
