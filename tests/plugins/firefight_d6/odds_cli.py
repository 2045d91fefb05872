"""``firefight odds d6 check``: P(success) before rolling, from the generic engine."""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli.common import JsonOpt, emit_json
from firefight.odds.api import odds, odds_stats
from firefight_d6.rules import Check

app = typer.Typer(help="Odds of a d6 check.", no_args_is_help=True)


@app.command("check")
def check(
    skill: Annotated[int, typer.Option()],
    target: Annotated[int, typer.Option()],
    as_json: JsonOpt = False,
) -> None:
    """The exact chance of the check."""
    action = Check(skill=skill, target=target)
    stats = odds_stats(odds(None, action), action)
    if as_json:
        emit_json({"ruleset": "d6", "stats": {s.stat.name: s.value for s in stats}})
    else:
        for s in stats:
            typer.echo(f"{s.stat.label}: {s.value:.4f}")
