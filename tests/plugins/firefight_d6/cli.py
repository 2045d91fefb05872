"""``firefight d6 check``: the toy's one command."""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli.common import AskOpt, JsonOpt, RollsOpt, SeedOpt, dice_from_options, emit_json
from firefight_d6.rules import Check, resolve_check

app = typer.Typer(help="A d6 against a target number.", no_args_is_help=True)


@app.command("check")
def check(
    skill: Annotated[int, typer.Option()],
    target: Annotated[int, typer.Option()],
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Roll a d6, add the skill, reach the target."""
    dice, _ = dice_from_options(rolls, seed, ask)
    outcome = resolve_check(Check(skill=skill, target=target), dice)
    if as_json:
        emit_json({"ruleset": "d6", "action": "check", **outcome.to_json()})
    else:
        typer.echo(outcome.trace.render_text())
        typer.echo(str(outcome.summary["result"]))
