"""``firefight odds cards shoot`` and ``firefight odds sweep cards shoot``: the exact odds of a
shot before any card is turned over (hypergeometric, from a fresh deck or a persistent deck's
cards left), and sweeps over skill, distance, mode and the rest of the declaration."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table as RichTable

from firefight.cli.common import JsonOpt, console, emit_json, fail, refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import (
    CSV_DECIMALS,
    CsvOpt,
    DecimalsOpt,
    MethodOpt,
    OddsSeedOpt,
    method_from_text,
    odds_options,
    print_sweep_refusals,
    show_odds,
    write_sweep_csv,
)
from firefight.declarations import conditions, declare, sweep_grid
from firefight.rulesets.cards.shot import Shot
from firefight.wording import counted

__all__ = ["app", "describe_key", "sweep_app"]

app = typer.Typer(help="Odds of cards actions.", no_args_is_help=True)
sweep_app = typer.Typer(help="Sweeps of cards actions.", no_args_is_help=True)


def describe_key(key: Any) -> str:
    """One shot outcome in words."""
    if not key.successes:
        text = "miss"
    else:
        text = f"{counted(key.successes, 'success', 'successes')}: {key.damage} {key.level}"
        if key.knocked_down:
            text += ", knocked down"
        if key.down:
            text += ", down and dying"
    if key.must_cock:
        text += "; must cock"
    return text


_ALWAYS_SHOWN = {"p_hit", "expected_successes", "expected_damage", "p_knockdown", "p_down"}

# A deck has no open-ended draws: no --depth.
_ODDS_OPTIONS = odds_options(samples=200_000, depth=False)


@declared_command(
    app,
    "shoot",
    Shot,
    help="The exact odds of one shot: P(k successes), damage by level, P(knockdown), P(down).",
    extra=_ODDS_OPTIONS,
)
def cards_shoot(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        shot = declare(Shot, **values)
    show_odds(
        f"odds: cards {shot.weapon}, skill {shot.skill}, {shot.distance:g} m",
        shot,
        conditions=conditions(Shot, values),
        describe=describe_key,
        always_shown=_ALWAYS_SHOWN,
        **how,
    )


@declared_command(
    sweep_app,
    "shoot",
    Shot,
    help="Headline stats of a shot over every combination of the listed values "
    "(e.g. --skill 1:6:1 --distance 3,10,40 --mode SA,BF).",
    extra=(
        ("method", MethodOpt, "exact"),
        ("samples", Annotated[int, typer.Option(help="Monte Carlo samples per point.")], 50_000),
        ("seed", OddsSeedOpt, 0),
        ("csv_path", CsvOpt, None),
        ("csv_decimals", DecimalsOpt, CSV_DECIMALS),
        ("as_json", JsonOpt, False),
    ),
    sweep=True,
)
def sweep_cards_shoot(
    values: dict[str, Any],
    *,
    method: str,
    samples: int,
    seed: int,
    csv_path: Path | None,
    csv_decimals: int,
    as_json: bool,
) -> None:
    from firefight.odds.sweep import sweep

    chosen = method_from_text(method)
    with refusals():
        fixed, grid = sweep_grid(Shot, values)
    if not grid:
        fail("error: nothing to sweep: give several values to at least one option")
    first = {name: found[0] for name, found in grid.items()}
    with refusals():
        base = declare(Shot, **fixed, **first)
        result = sweep(
            base,
            grid,
            build=lambda _, point: declare(Shot, **fixed, **dict(point)),
            method=chosen,
            samples=samples,
            seed=seed,
        )
    rows = result.rows()
    if csv_path is not None:
        write_sweep_csv(csv_path, result, csv_decimals)
    if as_json:
        emit_json(
            {
                "parameters": list(result.parameters),
                "fixed": fixed,
                "method": result.method,
                "rows": rows,
            }
        )
        return
    table = RichTable()
    for name in (*result.parameters, "P(hit)", "expected damage", "P(knockdown)", "P(down)"):
        table.add_column(name)
    for row in rows[:60]:
        table.add_row(
            *(str(row[p]) for p in result.parameters),
            *(
                ("refused" if row["refused"] else f"{row[n]:.4f}")
                for n in ("p_hit", "expected_damage", "p_knockdown", "p_down")
            ),
        )
    console.print(table)
    if len(rows) > 60:
        console.print(f"[dim]... {len(rows) - 60} more rows: use --csv or --json")
    print_sweep_refusals(result)
