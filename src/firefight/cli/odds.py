"""``firefight odds ...``: what an action will do, before anyone rolls (DESIGN.md layer 8).

- ``odds RULESET ACTION``: the distribution of one action, with the resolving command's options
  (each ruleset's ``odds_cli_module`` mounts its own, lazily);
- ``odds sweep RULESET ACTION``: those options, each taking a list or a range, over a grid;
  local processes by default, a Dask cluster with ``--dask ADDRESS``;
- ``odds report RULESET``: a ruleset's designers' claims about its tables, measured;
- ``odds simulate SCENARIO``: whole fights run many times (the encounter layer).

Interfaces hold no rules: these commands build declarations and call :mod:`firefight.odds`.
numpy, matplotlib and dask are imported only by the commands that need them.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli.common import JsonOpt, console, emit_json, fail, input_file, refusals
from firefight.cli.lazy import lazy_group, ruleset_commands
from firefight.cli.odds_kit import (
    OddsSeedOpt,
    PlotOpt,
    executor_for,
    progress_bar,
)
from firefight.odds.fight_span import FIGHT_SECONDS, MIN_ROUNDS
from firefight.probability.stats import mean_interval, share_interval

__all__ = ["app"]

app = typer.Typer(
    cls=lazy_group(
        {},
        more=ruleset_commands("odds_cli_module", "app", "Odds of {name} actions."),
    ),
    help="Odds before rolling: exact distributions, Monte Carlo, sweeps and reports.",
    no_args_is_help=True,
)
sweep_app = typer.Typer(
    cls=lazy_group(
        {},
        more=ruleset_commands(
            "odds_cli_module", "sweep_app", "Sweeps of {name} actions.", "odds_cli_parts"
        ),
    ),
    help="Sweep an action's options over a grid.",
    no_args_is_help=True,
)
report_app = typer.Typer(
    cls=lazy_group(
        {},
        more=ruleset_commands(
            "odds_cli_module", "report", "The {name} designers' claims, measured.", "odds_cli_parts"
        ),
    ),
    help="Check the designers' claims against the tables.",
    no_args_is_help=True,
)
app.add_typer(sweep_app, name="sweep")
app.add_typer(report_app, name="report")

#: How the report names the people a scenario gives no side.
NO_SIDE = "(no side)"


# --- whole fights ----------------------------------------------------------------------------

#: Fights from which ``odds simulate`` runs on a worker process per core by default: a few
#: seconds of fights, enough to pay for the workers' start.
WORKERS_AFTER_FIGHTS = 200
#: The fights ``odds simulate`` plays by default; with ``--within``, the most it plays.
FIGHTS = 1_000
FIGHTS_WITHIN = 100_000
#: The values made and kept since the collector's last sweep that set off the next one while
#: ``odds simulate`` plays (Python's default: 700).
YOUNG_SWEPT_AT = 20_000


@app.command("simulate")
def simulate_command(
    scenario: Annotated[
        Path,
        typer.Argument(
            help="A scenario TOML file (examples/*.toml).", path_type=str, callback=input_file
        ),
    ],
    fights: Annotated[
        int | None,
        typer.Option(
            help=f"How many fights to play (default {FIGHTS:,}); with --within, the most to "
            f"play (default {FIGHTS_WITHIN:,})."
        ),
    ] = None,
    within: Annotated[
        float | None,
        typer.Option(
            help="Play until every way the fights end is known to within this many points "
            "(the half-width of its 95% interval)."
        ),
    ] = None,
    seed: OddsSeedOpt = 0,
    max_rounds: Annotated[
        int | None,
        typer.Option(
            help=f"Stop a fight after this many rounds (default: {FIGHT_SECONDS:g} seconds of "
            f"fight, at least {MIN_ROUNDS} rounds; DEC-541)."
        ),
    ] = None,
    tactic: Annotated[
        list[str] | None,
        typer.Option(
            help="SIDE=NAME: the tactic a side plays by (default: the scenario's, else the "
            "ruleset's first); repeat per side."
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            help="Local worker processes (default: one per core from 200 fights on, else "
            "none; 0: this process)."
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(help="Run on a Dask cluster: the scheduler's address, tcp://HOST:PORT."),
    ] = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play a scenario's fight many times: who wins, how many rounds, when each goes down."""
    from firefight.odds.fights import scenario_to_fight, simulate_fights, tactic_words

    if fights is None:
        fights = FIGHTS if within is None else FIGHTS_WITHIN
    chosen: dict[str, str] = {}
    for given in tactic or ():
        side, sep, name = given.partition("=")
        if not sep or not side.strip() or not name.strip():
            fail(f"error: --tactic is SIDE=NAME, got {given!r}")
        chosen[side.strip()] = name.strip()
    if workers is None:
        # Worker processes start cold (about a second each here): worth it past a few seconds.
        workers = len(os.sched_getaffinity(0)) if fights >= WORKERS_AFTER_FIGHTS else 0
    with executor_for(dask, workers) as executor:
        young = gc.get_threshold()
        try:
            with refusals():
                scenario_to_fight(scenario)
            # What is loaded by now (the scenario and the ruleset's modules it imported)
            # outlasts the fights: kept out of the collector's sweeps; and a sweep waits for
            # YOUNG_SWEPT_AT new values kept, not 700: a fight's thousands of small values are
            # freed as they go, and what the fights keep grows slowly (memos, about 40 K values
            # in 5,000 warehouse fights), so the sweeps found little and cost some 60 ms there
            # (0.6%), some 10 ms now (docs/odds-speed-log.md, round nineteen). Workers, forked
            # later, inherit both. Given back.
            gc.freeze()
            gc.set_threshold(YOUNG_SWEPT_AT, *young[1:])
            label = f"{fights:,} fights" if within is None else f"fights to ±{within:g} points"
            with refusals(), progress_bar(label, 1.0) as update:
                summary = simulate_fights(
                    scenario,
                    fights=fights,
                    seed=seed,
                    max_rounds=max_rounds,
                    executor=executor,
                    progress=update,
                    tactics=chosen,
                    within=None if within is None else within / 100,
                )
        finally:
            gc.set_threshold(*young)
            gc.unfreeze()
    fights = summary.fights  # with --within, those it took
    tactics = {side: (name, tactic_words(summary.ruleset, name)) for side, name in summary.tactics}
    rounds = summary.rounds()
    down = {name: summary.down_rounds(name) for name in summary.fighters}
    spent = {name: summary.mean_spent(name) for name in summary.fighters}
    fled = {name: summary.fled_share(name) for name in summary.fighters}
    mean_rounds = sum(r * p for r, p in rounds.items())
    decided = summary.rounds_to_decide()
    to_decide = mean_interval(decided)
    undecided = summary.undecided()
    said = {
        "undecided": f"nobody ({summary.max_rounds} rounds ran out)",
        "nobody": "nobody left standing",
        "won": NO_SIDE,  # the people a scenario gives no side (`side` left out) won
    }
    endings = summary.ends()
    shares = {side or said[how]: p for (how, side), p in endings.items()}
    by_end = {side or (NO_SIDE if how == "won" else how): p for (how, side), p in endings.items()}
    widest = summary.widest()
    ends = [
        (side, p, share_interval(round(p * fights), fights))
        for side, p in sorted(shares.items(), key=lambda kv: (kv[0].startswith("nobody"), -kv[1]))
    ]
    played = "; ".join(f"{side}: {name}" for side, (name, _) in tactics.items())
    if plot is not None:
        from firefight.odds.plots import plot_fights

        plot_fights(
            ends,
            down,
            fights,
            plot,
            title=f"{scenario.name}: {fights:,} fights (tactics: {played}); "
            f"rounds per fight: mean {mean_rounds:.2f}",
        )
    if as_json:
        emit_json(
            {
                "scenario": str(scenario),
                "fights": fights,
                "seed": seed,
                "within": within,
                "within_reached": None if within is None else widest <= within / 100,
                "widest": widest,
                "max_rounds": summary.max_rounds,
                "tactics": {side: name for side, (name, _) in tactics.items()},
                # Each way the fights ended: a side's name, "nobody" (left standing) or
                # "undecided" (the rounds ran out), as the table shows them.
                "winners": by_end,
                "undecided": undecided,
                "winner_intervals": {
                    end: list(share_interval(round(p * fights), fights))
                    for end, p in by_end.items()
                },
                "rounds": {str(k): v for k, v in rounds.items()},
                "mean_rounds": mean_rounds,
                "rounds_to_decide": None
                if to_decide is None
                else {"mean": to_decide[0], "interval": list(to_decide[1:])},
                "down": {
                    name: {"rounds": {str(r): n for r, n in counts.items()}, "never": never}
                    for name, (counts, never) in down.items()
                },
                "mean_rounds_spent": spent,
                "broke_off": fled,
            }
        )
        return
    console.rule(f"[bold]{escape(str(scenario))}: {fights:,} fights")
    table = RichTable(title="how the fights end")
    table.add_column("winner")
    table.add_column("share", justify="right")
    table.add_column("95% interval", justify="right")
    for name, p, (low, high) in ends:
        table.add_row(escape(name), f"{100 * p:.1f}%", f"{100 * low:.1f}-{100 * high:.1f}%")
    console.print(table)
    console.print(f"rounds per fight: mean {mean_rounds:.2f}")
    if to_decide is not None:
        mean, low, high = to_decide
        console.print(
            f"rounds to decide (fights a side won): mean {mean:.2f} (95% {low:.2f}-{high:.2f})"
        )
    table = RichTable(title="time to incapacitate")
    for col in ("fighter", "went down", "mean round when down", "rounds fired (mean)", "broke off"):
        table.add_column(col)
    for name, (counts, _never) in down.items():
        n = sum(counts.values())
        mean = sum(r * c for r, c in counts.items()) / n if n else float("nan")
        table.add_row(
            escape(name),
            f"{100 * n / fights:.1f}%",
            f"{mean:.2f}" if n else "-",
            f"{spent[name]:.1f}",
            f"{100 * fled[name]:.1f}%",
        )
    console.print(table)
    for side, (name, words) in tactics.items():
        console.print(f"[dim]{escape(side or NO_SIDE)} play {escape(name)}: {escape(words)}.")
    if within is not None and widest <= within / 100:
        points = "point" if within == 1 else "points"
        console.print(f"[dim]Played until every end was known to within {within:g} {points}.")
    elif within is not None:
        console.print(
            f"[dim]Stopped at the {fights:,} fights --fights allows: every end is known to "
            f"within {100 * widest:.1f} points, not {within:g}."
        )
    console.print(f"[dim]Monte Carlo, seed {seed}.")
