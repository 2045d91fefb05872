"""``firefight odds cpr ...``: a cpr Attack Action and autofire before anyone rolls, with the
options of ``cpr shoot`` / ``cpr autofire`` (the same declarations) and the odds options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from firefight.cli.common import err_console, refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import ODDS_OPTIONS, show_odds
from firefight.declarations import conditions, declare
from firefight.rulesets.cpr.attack_options import AutofireOptions, ShootOptions

__all__ = ["app"]

app = typer.Typer(help="Odds of cpr attacks.", no_args_is_help=True)


_CPR_ALWAYS_SHOWN = frozenset(
    {
        "p_miss",
        "p_hit",
        "expected_damage",
        "expected_hp_lost",
        "p_critical_injury",
        "p_left_unhurt",
        "p_left_light",
        "p_left_serious",
        "p_left_mortal",
    }
)


def _show_cpr_odds(
    options: type[ShootOptions] | type[AutofireOptions],
    values: dict[str, Any],
    title: Callable[[Any], str],
    **how: Any,
) -> None:
    """Work out and show the odds of a cpr attack (refusing as resolving it would)."""
    from firefight.rulesets.cpr.odds.shot import cpr_default_data, cpr_view_plain, describe_cpr

    with refusals():
        declared = declare(options, **values)
        attack = declared.build(cpr_default_data())
    if len(getattr(attack, "shots", ())) > 1 and how["method"] != "monte-carlo":
        err_console.print(
            "[dim]note: two shots have no fast path; the generic engine follows every dice "
            "path of both: exact answers it when that takes about a second, else 5,000 "
            "samples do; generic walks up to its path limit, or refuses at once a walk too "
            "big for it."
        )
    show_odds(
        title(declared),
        attack,
        conditions=conditions(options, values),
        describe=describe_cpr,
        plain=cpr_view_plain,
        always_shown=_CPR_ALWAYS_SHOWN,
        **how,
    )


def _odds_command(
    name: str,
    options: type[ShootOptions] | type[AutofireOptions],
    title: Callable[[Any], str],
    help: str,
) -> None:
    """``odds cpr NAME``: the resolving command's declaration plus the odds options."""

    @declared_command(app, name, options, help=help, extra=ODDS_OPTIONS)
    def run(values: dict[str, Any], **how: Any) -> None:
        _show_cpr_odds(options, values, title, **how)


def _shoot_title(o: ShootOptions) -> str:
    distances = " and ".join(f"{d:g}" for d in o.distance)
    kind = "aimed shot" if o.aim else "attack"
    return (
        f"odds: cpr {kind}, {o.weapon}, REF {o.ref}, skill {o.skill}, {distances} m, SP {o.armor}"
    )


def _autofire_title(o: AutofireOptions) -> str:
    return (
        f"odds: cpr autofire, {o.weapon}, REF {o.ref}, skill {o.skill}, {o.distance:g} m, "
        f"SP {o.armor}"
    )


_odds_command(
    "shoot",
    ShootOptions,
    _shoot_title,
    "The odds of one Attack Action: P(miss), P(hit), expected damage, P(critical injury), "
    "and with --hp the wound state the target is left in.",
)
_odds_command(
    "autofire",
    AutofireOptions,
    _autofire_title,
    "The odds of autofire at one target: P(miss), P(hit), expected damage, P(critical "
    "injury), and with --hp the wound state the target is left in.",
)
