"""``firefight odds rmu ...`` and ``firefight odds sweep rmu ...``: the rmu aimed shot, rapid
fire and suppression sweep before anyone rolls, sweeps of the aimed shot over a grid, and
``firefight odds report rmu``, the designers' claims measured on the tables in use.

The aimed shot is here; every other action's command is in a module of its own, imported only
when that command runs (issue 19: ``odds rmu shoot`` once built the explosives', Kindred and
melee declarations and their odds modules, some 40% of its start).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli.common import JsonOpt, console, emit_json, fail, refusals
from firefight.cli.declared import declared_command
from firefight.cli.lazy import Lazy, lazy_group
from firefight.cli.odds_kit import (
    CSV_DECIMALS,
    ODDS_OPTIONS,
    CsvOpt,
    DecimalsOpt,
    DepthOpt,
    MethodOpt,
    OddsSeedOpt,
    PlotOpt,
    executor_for,
    method_from_text,
    print_sweep_refusals,
    progress_bar,
    show_odds,
    write_sweep_csv,
)
from firefight.declarations import DeclarationError, conditions, declare, options_of, sweep_grid
from firefight.odds.api import action_odds, stats_of
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.catalog import default_data
from firefight.rulesets.rmu.critical_effects_words import critical_effects_words
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.rulesets.rmu.struck import kindred_read_words
from firefight.rulesets.rmu.table_kinds import critical_words
from firefight.wording import counted

__all__ = [
    "COMMAND_HELP",
    "SamplesOpt",
    "app",
    "describe_view",
    "report",
    "show_every_stat",
    "sweep_app",
]

#: The help of each command in a module of its own (this package's ``fire``, ``explosives``,
#: ``melee`` and ``kindred``): the listing shows it without importing the module.
COMMAND_HELP = {
    "rapid-fire": "The odds of a rapid fire round, per person caught (RMU-RF-10): the aimed "
    "man and each bystander in the cone: P(hit), P(critical), expected hits, P(dying), "
    "P(dead). With --prepare, the preparation's: P(prepared), P(wasted), P(malfunction), the "
    "share.",
    "suppress": "The odds of a suppression sweep, per person in the swept ground (RMU-SUP-6): "
    "P(hit), P(critical), expected hits, P(dying), P(dead); and the shooter's P(malfunction).",
    "explode": "The odds of a detonation, per person near it (RMU-EXP-1): P(kill, casualty, "
    "fringe band), P(critical), expected hits, P(dying), P(dead); exact over the one "
    "detonation roll.",
    "throw": "The odds of a throw and its blast, per person (RMU-EXP-1, -2): P(kill, "
    "casualty, fringe band), P(critical), expected hits, P(dying), P(dead); exact over the "
    "placement roll, the d12 and the detonation roll.",
    "gas": "The odds of a round in CS gas (RMU-EXP-16): per victim, P(no coherent action); "
    "exact over each breathing victim's Constitution maneuver.",
    "melee": "The odds of one melee attack (R-6): P(miss), P(fumble), P(critical), expected "
    "hits, P(bleeding), P(dying), P(dead).",
    "grapple": "The odds of one grapple (RMU-BITE-2): P(held), the expected hold, P(miss)...",
    "escape": "The odds of breaking a hold (RMU-BITE-3): P(breaks free).",
    "bite": "The odds of a vampire's bite (RMU-BITE-1..3): P(fangs lodged), P(torpor), "
    "P(Final Death).",
    "stake": "The odds of a staking or a decapitation (RMU-STAKE-1..3): P(staked), P(Final "
    "Death), P(torpor).",
}
_MODULES = {
    "fire": ("rapid-fire", "suppress"),
    "explosives": ("explode", "throw", "gas"),
    "melee": ("melee", "grapple", "escape"),
    "kindred": ("bite", "stake"),
}

app = typer.Typer(
    cls=lazy_group(
        {
            name: Lazy.command_of(f"{__name__}.{module}", "app", name, COMMAND_HELP[name])
            for module, names in _MODULES.items()
            for name in names
        }
    ),
    help="Odds of rmu actions.",
    no_args_is_help=True,
)
sweep_app = typer.Typer(help="Sweeps of rmu actions.", no_args_is_help=True)

#: The Monte Carlo samples of the commands whose stats are per person or per action.
SamplesOpt = Annotated[int, typer.Option(help="Monte Carlo samples.")]


def show_every_stat(
    title: str,
    decl: object,
    describe: Callable[[Any], str],
    stats: Iterable[Stat],
    given: Sequence[str] = (),
    **how: Any,
) -> None:
    """The odds of an action with a row for each of its ``stats``, even one at zero: a
    burst's, a sweep's or a blast's per person, and the few of the rest."""
    show_odds(
        title,
        decl,
        conditions=given,
        describe=describe,
        always_shown={s.name for s in stats},
        **how,
    )


# --- one action ------------------------------------------------------------------------------


def describe_view(view: Any) -> str:
    """A shot outcome in words (rmu :class:`~firefight.rulesets.rmu.odds.views.ShotView`)."""
    if view.recoil is not None:
        kick = view.recoil
        if kick.result != "hit":
            told = "misses the shooter"
        elif kick.severity is None:
            told = "hits the shooter, no critical"
        else:
            told = f"deals the shooter critical {kick.severity}"
        return f"{describe_view(view._replace(recoil=None))} (the recoil {told} first)"
    if view.result != "hit":
        text = str(view.result)
        if view.ally is not None:
            landing = view.ally.landing
            if landing.result == "out of reach":
                text += f"; its round toward {view.ally.name} does not reach"
            else:
                verb = "and hits" if landing.result == "hit" else "but misses"
                text += f"; its round goes toward {view.ally.name} {verb}: "
                text += describe_view(landing)
        if view.shielder is not None:
            landing = view.shielder.landing
            verb = "and hits" if landing.result == "hit" else "but misses"
            text += f"; the round flies on toward {view.shielder.name} {verb}: "
            text += describe_view(landing)
        return text
    if view.severity is None:
        if not view.total_hits:
            return "hit, stopped by armor: no hits, no critical"
        return f"hit: {counted(view.total_hits, 'hit')}, no critical"
    kindred_table = view.critical_table if view.kindred else None
    return (
        f"hit: {counted(view.total_hits, 'hit')}, {view.severity} critical to the {view.location} "
        f"({critical_words(view.critical_table)})"
        f"{kindred_read_words(view.severity, view.kindred_severity)}"
        f"{critical_effects_words(view.effects, view.breakage, kindred_table)}"
    )


_ALWAYS_SHOWN = {
    "p_miss",
    "p_hits_only",
    "p_critical",
    "expected_hits",
    "p_bleeding",
    "p_stunned",
    "p_dying",
    "p_dead",
    "p_torpor",
    "p_final_death",
}


@declared_command(
    app,
    "shoot",
    ShotOptions,
    help="The odds of one aimed shot: P(miss), P(critical A...), expected hits, P(bleeding)...",
    extra=ODDS_OPTIONS,
)
def rmu_shoot(values: dict[str, Any], **how: Any) -> None:
    with refusals():
        shot = declare(ShotOptions, **values).build()
    show_odds(
        f"odds: {shot.weapon}, OB {shot.ob}, {shot.distance_ft:g} ft, {shot.armor}",
        shot,
        conditions=conditions(ShotOptions, values),
        describe=describe_view,
        always_shown=_ALWAYS_SHOWN,
        **how,
    )


# --- sweeps ----------------------------------------------------------------------------------


def _build_shot(fixed: dict[str, object], point: dict[str, object]) -> Any:
    raw = {**fixed, **point}
    band = raw.pop("band", None)
    if band is not None:
        from firefight.errors import RuleRefusal

        data = default_data()
        weapon = data.weapon(str(raw["weapon"]))
        bands = len(data.rules.band_names)
        if not isinstance(band, int) or not 1 <= band <= bands:
            raise RuleRefusal("RMU-GEN-4", f"Range band {band!r} is not one of 1 to {bands}.")
        # The middle of band N (RMU-GEN-4: each band is one short range increment).
        raw["distance"] = (band - 0.5) * weapon.short_range_ft
    return declare(ShotOptions, **raw).build()


def _band_values(text: str) -> list[int]:
    """``--band``: whole numbers, a comma list or START:STOP:STEP."""
    if text.count(":") == 2:
        start, stop, step = (int(p) for p in text.split(":"))
        if step <= 0 or stop < start:
            raise DeclarationError("--band", f"range {text!r} needs STOP >= START and STEP > 0.")
        return list(range(start, stop + 1, step))
    return [int(p) for p in text.split(",") if p.strip()]


def _band_help() -> str:
    names = default_data().rules.band_names
    return (
        f"Range band 1 ({names[0]}) to {len(names)}, instead of --distance: the middle of that "
        "band for each weapon. Sweep: a comma list or START:STOP:STEP."
    )


_SWEEP_OPTIONS: tuple[tuple[str, Any, Any], ...] = (
    (
        "band",
        Annotated[
            str | None,
            typer.Option(
                help=_band_help(),
            ),
        ],
        None,
    ),
    ("method", MethodOpt, "exact"),
    ("depth", DepthOpt, None),
    ("samples", Annotated[int, typer.Option(help="Monte Carlo samples per point.")], 100_000),
    ("seed", OddsSeedOpt, 0),
    (
        "stat",
        Annotated[str, typer.Option(help="The stat the heatmap shows (a CSV column name).")],
        "expected_hits",
    ),
    (
        "x",
        Annotated[
            str | None, typer.Option("--x", help="The heatmap's across parameter (default: --ob).")
        ],
        None,
    ),
    (
        "workers",
        Annotated[
            int | None,
            typer.Option(
                help="Local worker processes (default: one per core when the sweep is big "
                "enough to pay for their start, else none; 0: this process)."
            ),
        ],
        None,
    ),
    (
        "dask",
        Annotated[
            str | None,
            typer.Option(help="Run on a Dask cluster: the scheduler's address, tcp://HOST:PORT."),
        ],
        None,
    ),
    ("csv_path", CsvOpt, None),
    ("csv_decimals", DecimalsOpt, CSV_DECIMALS),
    ("plot", PlotOpt, None),
    ("as_json", JsonOpt, False),
)


def _sweep_grid(
    values: dict[str, Any], band: str | None
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The options given once (fixed) and those given several values (the grid's axes)."""
    more = {"band": _band_values(band)} if band is not None else {}
    return sweep_grid(ShotOptions, values, more)


@declared_command(
    sweep_app,
    "shoot",
    ShotOptions,
    help="Headline stats of an aimed shot over every combination of the listed values.",
    extra=_SWEEP_OPTIONS,
    sweep=True,
    optional=("distance",),
)
def sweep_rmu_shoot(
    values: dict[str, Any],
    *,
    band: str | None,
    method: str,
    depth: int | None,
    samples: int,
    seed: int,
    stat: str,
    x: str | None,
    workers: int | None,
    dask: str | None,
    csv_path: Path | None,
    csv_decimals: int,
    plot: Path | None,
    as_json: bool,
) -> None:
    from firefight.odds.sweep import auto_workers, sweep

    chosen = method_from_text(method)
    if (values.get("distance") is None) == (band is None):
        fail("error: give one of --distance and --band")
    with refusals():
        fixed, grid = _sweep_grid(values, band)
    if not grid:
        fail("error: nothing to sweep: give several values to at least one option")
    if plot is not None and x is not None and x not in grid:
        fail(f"error: --x is one of the swept options ({', '.join(grid)}), got {x!r}")
    first = {name: values[0] for name, values in grid.items()}
    with refusals():
        base = _build_shot(fixed, first)
    # A Kindred target's fate stats stand in for a mortal's (V-2, DEC-822): --stat may name
    # either kind's when --kindred is swept.
    shots = [base]
    if "kindred" in grid:
        with refusals():
            shots = [_build_shot(fixed, {**first, "kindred": k}) for k in grid["kindred"]]
    entry = action_odds(base)
    stats = list(dict.fromkeys(s.name for shot in shots for s in stats_of(entry, shot)))
    if plot is not None and stat not in stats:
        fail(f"error: --stat is one of {', '.join(stats)}, got {stat!r}")
    points = math.prod(len(v) for v in grid.values())
    if workers is None:
        workers = auto_workers(base, points, chosen, samples, len(os.sched_getaffinity(0)))
    with (
        executor_for(dask, workers) as executor,
        refusals(),
        progress_bar(f"{points:,} points", 1.0) as update,
    ):
        result = sweep(
            base,
            grid,
            build=lambda _, point: _build_shot(fixed, dict(point)),
            method=chosen,
            depth=depth,
            samples=samples,
            seed=seed,
            executor=executor,
            progress=update,
        )
    rows = result.rows()
    if csv_path is not None:
        write_sweep_csv(csv_path, result, csv_decimals)
    if plot is not None:
        if stat not in result.stat_names:
            fail(f"error: --stat is one of {', '.join(result.stat_names)}, got {stat!r}")
        from firefight.odds.plots import plot_heatmap

        given = conditions(ShotOptions, fixed)
        plot_heatmap(
            result,
            stat,
            plot,
            x=x or ("ob" if "ob" in grid else None),
            title=f"rmu aimed shot: {result.stat_labels[result.column(stat)]}"
            + (f" (given: {', '.join(given)})" if given else ""),
            units={o.name: o.param.unit for o in options_of(ShotOptions) if o.param.unit},
        )
    if as_json:
        emit_json(
            {
                "parameters": list(result.parameters),
                "fixed": fixed,
                "method": result.method,
                "depth": result.depth,
                "samples": result.samples,
                "rows": rows,
            }
        )
        return
    refused = sum(1 for r in result.refusals if r)
    console.print(
        f"{len(rows)} points over {', '.join(result.parameters)}"
        + (f"; {refused} refused by the rules" if refused else "")
        + (f"; written to {escape(str(csv_path))}" if csv_path else "")
        + (f"; heatmap {escape(str(plot))}" if plot else "")
    )
    if not csv_path and not plot:
        table = RichTable()
        for name in (*result.parameters, "P(miss)", "P(any critical)", "expected hits"):
            table.add_column(name)
        for row in rows[:60]:
            table.add_row(
                *(str(row[p]) for p in result.parameters),
                *(
                    ("refused" if row["refused"] else f"{row[n]:.4f}")
                    for n in ("p_miss", "p_critical", "expected_hits")
                ),
            )
        console.print(table)
        if len(rows) > 60:
            console.print(f"[dim]... {len(rows) - 60} more rows: use --csv or --json")
        print_sweep_refusals(result)


def report(as_json: JsonOpt = False) -> None:
    """The source's claims about the 9 mm and 7.62 mm tables, measured on the tables in use."""
    from firefight.rulesets.rmu.odds.claims import rmu_claims

    with refusals():
        claims = rmu_claims(default_data())
    if as_json:
        emit_json({"ruleset": "rmu", "claims": [c.to_json() for c in claims]})
        return
    table = RichTable(title="rmu firearm tables: the designer's claims")
    for col in ("", "claim", "stated", "measured", "rule"):
        table.add_column(col)
    for c in claims:
        mark = {True: "[green]holds", False: "[red]FAILS", None: "[dim]info"}[c.holds]
        table.add_row(mark, escape(c.claim), escape(c.stated), escape(c.measured), c.rule)
    console.print(table)
    failed = [c for c in claims if c.holds is False]
    if failed:
        raise typer.Exit(1)
