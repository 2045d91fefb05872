"""``firefight odds gurps ...``: a gurps shot or throw before anyone rolls, with the options
of ``gurps shoot`` and ``gurps throw``: P(hit), P(critical hit), the injury, P(major wound),
P(down)."""

from __future__ import annotations

from math import prod
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from firefight.cli.common import JsonOpt, console, emit_json, refusals
from firefight.cli.declared import declared_command
from firefight.cli.odds_kit import (
    CSV_DECIMALS,
    CsvOpt,
    DecimalsOpt,
    odds_options,
    progress_bar,
    show_odds,
    write_sweep_csv,
)
from firefight.declarations import conditions, declare, sweep_grid
from firefight.rulesets.gurps.shot import Shoot, check_missile

__all__ = ["app", "sweep_app"]

app = typer.Typer(help="Odds of gurps shots.", no_args_is_help=True)
sweep_app = typer.Typer(help="Sweeps of gurps shots.", no_args_is_help=True)

SkillsOpt = Annotated[
    str | None, typer.Option("--skills", help="The same as a swept --skill (an older spelling).")
]
DistancesOpt = Annotated[
    str | None,
    typer.Option("--distances", help="The same as a swept --distance (an older spelling)."),
]

_ODDS_OPTIONS = odds_options(samples=200_000)


#: Each command and the weapons it takes (GUR-IND-1, DEC-907, DEC-889): a thrown weapon's
#: odds are ``throw``'s, as ``gurps throw`` is the command that throws it.
_MISSILES = (
    ("shoot", False, "gurps shot", "The exact odds of one turn's shooting."),
    ("throw", True, "gurps throw", "The exact odds of throwing a knife or spear."),
)


def _odds_command(name: str, thrown: bool, title: str, help: str) -> None:
    """``odds gurps NAME``: the shot's odds, of a weapon the command takes."""

    def run(values: dict[str, Any], **how: Any) -> None:
        with refusals():
            action = declare(Shoot, **values)
            check_missile(action.weapon, thrown=thrown)
        show_odds(
            f"{title}: {action.weapon}",
            action,
            conditions=conditions(Shoot, values),
            describe=str,
            always_shown=frozenset({"p_hit", "p_miss", "expected_injury"}),
            **how,
        )

    declared_command(app, name, Shoot, help=help, extra=_ODDS_OPTIONS)(run)


def _sweep_command(name: str, thrown: bool) -> None:
    """``odds sweep gurps NAME``: the odds over a grid, a point of a weapon the command does
    not take refused as the command refuses it."""

    def run(
        values: dict[str, Any],
        *,
        skills: str | None,
        distances: str | None,
        csv_path: Path | None,
        csv_decimals: int,
        as_json: bool,
    ) -> None:
        from firefight.odds.sweep import sweep

        # --skills and --distances are the older spelling of a swept --skill and --distance.
        given = {
            **values,
            "skill": skills or values.get("skill") or _SKILLS,
            "distance": distances or values.get("distance") or _DISTANCES,
        }

        def build(point: dict[str, Any]) -> Shoot:
            action = declare(Shoot, **fixed, **point)
            check_missile(action.weapon, thrown=thrown)
            return action

        with refusals():
            fixed, grid = sweep_grid(Shoot, given)
            base = declare(Shoot, **fixed, **{key: found[0] for key, found in grid.items()})
            points = prod(len(found) for found in grid.values())
            with progress_bar(f"{points:,} points", 1.0) as update:
                result = sweep(
                    base, grid, build=lambda _, point: build(dict(point)), progress=update
                )
        rows = result.rows()
        if csv_path is not None:
            write_sweep_csv(csv_path, result, csv_decimals)
        if as_json:
            emit_json({"ruleset": "gurps", "action": name, "method": result.method, "rows": rows})
            return
        for row in rows:
            refused = f"  refused: {row['refused']}" if row["refused"] else ""
            hit = row.get("p_hit")
            shown = (
                f"P(hit) {hit:.3f}  expected injury {row['expected_injury']:.2f}"
                if hit is not None
                else ""
            )
            point = "  ".join(_cell(key, row[key]) for key in result.parameters)
            console.print(f"{escape(point)}  {shown}{refused}".rstrip())

    declared_command(
        sweep_app,
        name,
        Shoot,
        help="P(hit), the expected injury and the rest over every combination of the listed "
        "values (e.g. --skill 8:18:2 --distance 2,5,10 --aim 0,1); skill and distance sweep "
        "8:18:2 and 2,5,10,20,45,100 unless given.",
        extra=(
            ("skills", SkillsOpt, None),
            ("distances", DistancesOpt, None),
            ("csv_path", CsvOpt, None),
            ("csv_decimals", DecimalsOpt, CSV_DECIMALS),
            ("as_json", JsonOpt, False),
        ),
        sweep=True,
        optional=("skill", "distance"),
    )(run)


for _name, _thrown, _title, _help in _MISSILES:
    _odds_command(_name, _thrown, _title, _help)
    _sweep_command(_name, _thrown)


_SKILLS = "8:18:2"
_DISTANCES = "2,5,10,20,45,100"


def _cell(name: str, value: object) -> str:
    if name == "skill":
        return f"skill {value:>2}"
    if name == "distance":
        return f"{value:>6g} yd"
    shown = str(value).lower() if isinstance(value, bool) else value  # as the option takes it
    return f"{name.replace('_', '-')} {shown}"
