"""``firefight d6 check``: the toy's one command."""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli.common import (
    AskOpt,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    given_dice,
    json_refusals,
    refusals,
    show_resolution,
)
from firefight.outcome import Outcome
from firefight_d6.rules import Check, resolve_check

app = typer.Typer(help="A d6 against a target number.", no_args_is_help=True)


def _headline(outcome: Outcome) -> str:
    return str(outcome.summary["result"])


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
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("d6", "check", given, as_json)):
        declaration = Check(skill=skill, target=target)
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
