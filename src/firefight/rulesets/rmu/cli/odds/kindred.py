"""``firefight odds rmu bite | stake``: a vampire's bite, a staking or a decapitation, before
anyone rolls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer

from firefight.cli.common import refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import odds_options
from firefight.declarations import conditions, declare
from firefight.rulesets.rmu.cli.odds import COMMAND_HELP, SamplesOpt, show_every_stat
from firefight.rulesets.rmu.kindred_options import BiteOptions, StakeOptions

__all__ = ["app"]

app = typer.Typer()


def _show_kindred_odds(decl: Any, title: str, given: Sequence[str], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.kindred import describe_kindred, kindred_stats

    show_every_stat(title, decl, describe_kindred, kindred_stats(decl), given, **how)


@declared_command(
    app,
    "bite",
    BiteOptions,
    help=COMMAND_HELP["bite"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_bite(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(BiteOptions, **values)
        decl = options.build()
    title = f"odds: rmu bite, {options.reach}, OB {options.ob}"
    _show_kindred_odds(decl, title, conditions(BiteOptions, values), **how)


@declared_command(
    app,
    "stake",
    StakeOptions,
    help=COMMAND_HELP["stake"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_stake(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(StakeOptions, **values)
        decl = options.build()
    what = "behead" if options.behead else "stake"
    title = f"odds: rmu {what}, {options.weapon}, OB {options.ob}"
    _show_kindred_odds(decl, title, conditions(StakeOptions, values), **how)
