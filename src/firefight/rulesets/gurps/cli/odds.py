"""``firefight odds gurps ...``: a gurps shot before anyone rolls, with the options of
``gurps shoot``: P(hit), P(critical hit), the injury, P(major wound), P(down)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from firefight.cli.common import JsonOpt, refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import (
    CsvOpt,
    DepthOpt,
    MethodOpt,
    OddsSeedOpt,
    PlotOpt,
    SamplesOpt,
    TopOpt,
    method_from_text,
    show_distribution,
)
from firefight.declarations import declare
from firefight.odds.api import odds
from firefight.rulesets.gurps.shot import Shoot

__all__ = ["app"]

app = typer.Typer(help="Odds of gurps shots.", no_args_is_help=True)

_ODDS_OPTIONS: tuple[tuple[str, Any, Any], ...] = (
    ("method", MethodOpt, "exact"),
    ("depth", DepthOpt, None),
    ("samples", SamplesOpt, 200_000),
    ("seed", OddsSeedOpt, 0),
    ("top", TopOpt, 10),
    ("csv_path", CsvOpt, None),
    ("plot", PlotOpt, None),
    ("as_json", JsonOpt, False),
)


@declared_command(
    app, "shoot", Shoot, help="The exact odds of one turn's shooting.", extra=_ODDS_OPTIONS
)
def shoot(
    values: dict[str, Any],
    *,
    method: str,
    depth: int | None,
    samples: int,
    seed: int,
    top: int,
    csv_path: Path | None,
    plot: Path | None,
    as_json: bool,
) -> None:
    with refusals():
        action = declare(Shoot, **values)
        dist = odds(
            None, action, method=method_from_text(method), depth=depth, samples=samples, seed=seed
        )
    show_distribution(
        f"gurps shot: {action.weapon}",
        action,
        dist,
        as_json=as_json,
        csv_path=csv_path,
        plot_path=plot,
        top=top,
        describe=str,
        always_shown=frozenset({"p_hit", "p_miss", "expected_injury"}),
    )
