"""``firefight d6 check``: the toy's one command, generated from its declaration."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import dice_from_options, emit_json, refusals
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight_d6.rules import Check, resolve_check

app = typer.Typer(help="A d6 against a target number.", no_args_is_help=True)


@declared_command(app, "check", Check, help="Roll a d6, add the skill, reach the target.")
def check(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Check, **values)
    dice, _ = dice_from_options(rolls, seed, ask)
    outcome = resolve_check(action, dice)
    if as_json:
        emit_json({"ruleset": "d6", "action": "check", **outcome.to_json()})
    else:
        typer.echo(outcome.trace.render_text())
        typer.echo(str(outcome.summary["result"]))
