"""``firefight odds rmu explode | throw | gas``: a detonation, a throw and its blast, and a
round in CS gas, per person, before anyone rolls."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import odds_options
from firefight.declarations import conditions, declare
from firefight.rulesets.rmu.cli.odds import COMMAND_HELP, SamplesOpt, show_every_stat
from firefight.rulesets.rmu.explosive_options import ExplodeOptions, GasOptions, ThrowBlastOptions

__all__ = ["app"]

app = typer.Typer()


@declared_command(
    app,
    "explode",
    ExplodeOptions,
    help=COMMAND_HELP["explode"],
    extra=odds_options(samples=20_000, samples_opt=SamplesOpt),
)
def rmu_explode(values: dict[str, Any], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.blast import blast_stats, describe_blast

    with refusals():
        options = declare(ExplodeOptions, **values)
        decl = options.build()
    show_every_stat(
        f"odds: rmu explode, {options.load}, {options.ranks} ranks",
        decl,
        describe_blast,
        blast_stats(decl),
        conditions(ExplodeOptions, values),
        **how,
    )


@declared_command(
    app,
    "throw",
    ThrowBlastOptions,
    help=COMMAND_HELP["throw"],
    extra=odds_options(samples=20_000, samples_opt=SamplesOpt),
)
def rmu_throw(values: dict[str, Any], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.blast import describe_landing, thrown_stats

    with refusals():
        options = declare(ThrowBlastOptions, **values)
        decl = options.build()
    show_every_stat(
        f"odds: rmu throw, {options.load} at {options.aim}, Thrown {options.thrown:+d}",
        decl,
        describe_landing,
        thrown_stats(decl),
        conditions(ThrowBlastOptions, values),
        **how,
    )


@declared_command(
    app,
    "gas",
    GasOptions,
    help=COMMAND_HELP["gas"],
    extra=odds_options(method="exact", samples=20_000, samples_opt=SamplesOpt),
)
def rmu_gas(values: dict[str, Any], **how: Any) -> None:
    from firefight.rulesets.rmu.odds.gas import describe_gas, gas_stats

    with refusals():
        decl = declare(GasOptions, **values).build()
    given = conditions(GasOptions, values)
    show_every_stat("odds: rmu gas", decl, describe_gas, gas_stats(decl), given, **how)
