"""``firefight odds d6 check``: P(success) before rolling, from the generic engine."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import JsonOpt, emit_json, refusals
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.odds.api import odds, odds_stats
from firefight_d6.rules import Check

app = typer.Typer(help="Odds of a d6 check.", no_args_is_help=True)


@declared_command(
    app, "check", Check, help="The exact chance of the check.", extra=(("as_json", JsonOpt, False),)
)
def check(values: dict[str, Any], *, as_json: bool) -> None:
    with refusals():
        action = declare(Check, **values)
    stats = odds_stats(odds(None, action), action)
    if as_json:
        emit_json({"ruleset": "d6", "stats": {s.stat.name: s.value for s in stats}})
    else:
        for s in stats:
            typer.echo(f"{s.stat.label}: {s.value:.4f}")
