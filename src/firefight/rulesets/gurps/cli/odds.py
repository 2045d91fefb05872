"""``firefight odds gurps ...``: a gurps shot before anyone rolls, with the options of
``gurps shoot``: P(hit), P(critical hit), the injury, P(major wound), P(down)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from firefight.cli.common import JsonOpt, console, emit_json, refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import (
    CSV_DECIMALS,
    CsvOpt,
    DecimalsOpt,
    odds_options,
    show_odds,
    write_sweep_csv,
)
from firefight.declarations import conditions, declare, field_named, sweep_values
from firefight.rulesets.gurps.shot import Shoot

__all__ = ["app", "sweep_app"]

app = typer.Typer(help="Odds of gurps shots.", no_args_is_help=True)
sweep_app = typer.Typer(help="Sweeps of gurps shots.", no_args_is_help=True)

SkillsOpt = Annotated[
    str, typer.Option("--skills", help="Skills to sweep: a comma list or START:STOP:STEP.")
]
DistancesOpt = Annotated[
    str, typer.Option("--distances", help="Distances (yd) to sweep: a list or START:STOP:STEP.")
]

_ODDS_OPTIONS = odds_options(samples=200_000)


@declared_command(
    app, "shoot", Shoot, help="The exact odds of one turn's shooting.", extra=_ODDS_OPTIONS
)
def shoot(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        action = declare(Shoot, **values)
    show_odds(
        f"gurps shot: {action.weapon}",
        action,
        conditions=conditions(Shoot, values),
        describe=str,
        always_shown=frozenset({"p_hit", "p_miss", "expected_injury"}),
        **how,
    )


@declared_command(
    sweep_app,
    "shoot",
    Shoot,
    help="P(hit), E[injury] and the rest over skill x distance (the other options fixed).",
    extra=(
        ("skills", SkillsOpt, "8:18:2"),
        ("distances", DistancesOpt, "2,5,10,20,45,100"),
        ("csv_path", CsvOpt, None),
        ("csv_decimals", DecimalsOpt, CSV_DECIMALS),
        ("as_json", JsonOpt, False),
    ),
)
def sweep_shoot(
    values: dict[str, Any],
    *,
    skills: str,
    distances: str,
    csv_path: Path | None,
    csv_decimals: int,
    as_json: bool,
) -> None:
    from firefight.odds.sweep import sweep

    with refusals():
        base = declare(Shoot, **values)
        grid = {
            "skill": sweep_values(field_named(Shoot, "skill"), skills),
            "distance": sweep_values(field_named(Shoot, "distance"), distances),
        }
        result = sweep(base, grid, build=lambda b, point: declare(Shoot, **{**values, **point}))
    rows = result.rows()
    if csv_path is not None:
        write_sweep_csv(csv_path, result, csv_decimals)
    if as_json:
        emit_json({"ruleset": "gurps", "action": "shoot", "method": result.method, "rows": rows})
        return
    for row in rows:
        refused = f"  refused: {row['refused']}" if row["refused"] else ""
        hit = row.get("p_hit")
        shown = (
            f"P(hit) {hit:.3f}  E\\[injury] {row['expected_injury']:.2f}" if hit is not None else ""
        )
        console.print(f"skill {row['skill']:>2}  {row['distance']:>6g} yd  {shown}{refused}")
