"""``firefight odds rmu rapid-fire | suppress``: a rapid fire round and a suppression sweep,
per person caught, before anyone rolls."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from firefight.cli.common import refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import odds_options
from firefight.declarations import conditions, declare
from firefight.rulesets.rmu.cli.odds import COMMAND_HELP, SamplesOpt, show_every_stat
from firefight.rulesets.rmu.fire_options import RapidFireOptions, SuppressOptions

__all__ = ["app"]

app = typer.Typer()

FireMethodOpt = Annotated[
    str,
    typer.Option(
        "--method",
        help="monte-carlo (the scalar resolver sampled), or generic (every dice path: small "
        "cases only, with --depth 0); exact means generic here.",
    ),
]


def _show_fire_odds(decl: object, title: str, given: tuple[str, ...], **how: Any) -> None:
    """The odds of a rapid fire or sweep, per person caught."""
    from firefight.rulesets.rmu.odds.fire import describe_fire, fire_stats

    show_every_stat(title, decl, describe_fire, fire_stats(decl), given, **how)


_FIRE_ODDS_OPTIONS = odds_options(
    method="monte-carlo", samples=20_000, method_opt=FireMethodOpt, samples_opt=SamplesOpt
)


@declared_command(
    app,
    "rapid-fire",
    RapidFireOptions,
    help=COMMAND_HELP["rapid-fire"],
    extra=_FIRE_ODDS_OPTIONS,
)
def rmu_rapid_fire(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(RapidFireOptions, **values)
        decl = options.build()
    what = "preparing" if options.prepare else f"OB {options.ob}, {options.share}% carried"
    _show_fire_odds(
        decl,
        f"odds: rmu rapid fire, {options.weapon}, {what}",
        conditions(RapidFireOptions, values),
        **how,
    )


@declared_command(
    app,
    "suppress",
    SuppressOptions,
    help=COMMAND_HELP["suppress"],
    extra=_FIRE_ODDS_OPTIONS,
)
def rmu_suppress(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        options = declare(SuppressOptions, **values)
        decl = options.build()
    title = (
        f"odds: rmu suppression sweep, {options.weapon}, {options.width:g} ft wide at "
        f"{options.distance:g} ft"
    )
    _show_fire_odds(decl, title, conditions(SuppressOptions, values), **how)
