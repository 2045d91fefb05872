"""``firefight d6 check``: the toy's one command, generated from its declaration."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import given_dice, json_refusals, refusals, show_resolution
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.outcome import Outcome
from firefight_d6.rules import Check, CheckResult, resolve_check

app = typer.Typer(help="A d6 against a target number.", no_args_is_help=True)


def _headline(outcome: Outcome[CheckResult]) -> str:
    """The text renderer of a check's result (``--json`` writes its fields)."""
    r = outcome.result
    return f"{r.outcome}: {r.total} against {r.target}"


@declared_command(app, "check", Check, help="Roll a d6, add the skill, reach the target.")
def check(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("d6", "check", given, as_json)):
        declaration = declare(Check, **values)
        outcome = resolve_check(declaration, given.dice)
    show_resolution(
        ruleset="d6",
        action="check",
        declaration=declaration,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title="d6 check",
        headline=_headline,
    )
