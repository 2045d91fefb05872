"""``firefight odds rmu melee | grapple | escape``: a melee attack, a grapple and breaking a
hold, before anyone rolls."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import typer

from firefight.cli.common import refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import odds_options
from firefight.declarations import conditions, declare
from firefight.rulesets.rmu.cli.odds import COMMAND_HELP, SamplesOpt, show_every_stat
from firefight.rulesets.rmu.melee.options import EscapeOptions, GrappleOptions, MeleeOptions

__all__ = ["app"]

app = typer.Typer()


def _show_melee_odds(decl: Any, title: str, given: Sequence[str], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.melee import describe_melee, melee_stats

    describe = partial(describe_melee, attack=decl)
    show_every_stat(title, decl, describe, melee_stats(decl), given, **how)


@declared_command(
    app,
    "melee",
    MeleeOptions,
    help=COMMAND_HELP["melee"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_melee(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(MeleeOptions, **values)
        decl = options.build()
    title = f"odds: rmu melee, {options.weapon}, OB {options.ob}"
    _show_melee_odds(decl, title, conditions(MeleeOptions, values), **how)


@declared_command(
    app,
    "grapple",
    GrappleOptions,
    help=COMMAND_HELP["grapple"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_grapple(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(GrappleOptions, **values)
        decl = options.build()
    title = f"odds: rmu grapple, Unarmed {options.ob}"
    _show_melee_odds(decl, title, conditions(GrappleOptions, values), **how)


@declared_command(
    app,
    "escape",
    EscapeOptions,
    help=COMMAND_HELP["escape"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_escape(values: dict[str, Any], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.melee import ESCAPE_STATS, describe_escape

    with refusals():
        options = declare(EscapeOptions, **values)
        decl = options.build()
    title = f"odds: rmu escape, held {options.hold}%"
    given = conditions(EscapeOptions, values)
    show_every_stat(title, decl, describe_escape, ESCAPE_STATS, given, **how)
