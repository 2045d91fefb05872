"""What every ruleset's ``firefight odds`` commands share: the options of an odds query, the
table of stats and likeliest outcomes, the executors sweeps and simulations run on, and the
progress bar of long work."""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.atomic import replacing
from firefight.cli.common import JsonOpt, console, emit_json, fail, output_file, refusals
from firefight.cli.progress import progress_bar
from firefight.limits import MAX_CSV_DECIMALS, MAX_WORKERS, LimitError, at_most
from firefight.odds.api import OddsMethod, odds, odds_stats
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import DEFAULT_DEPTH
from firefight.probability.stats import StatValue
from firefight.serialize import to_plain
from firefight.wording import chance_in_words, counted

if TYPE_CHECKING:
    from firefight.odds.sweep import SweepResult

__all__ = [
    "CSV_DECIMALS",
    "ODDS_OPTIONS",
    "CsvOpt",
    "DecimalsOpt",
    "DepthOpt",
    "MethodOpt",
    "OddsSeedOpt",
    "PlotOpt",
    "SamplesOpt",
    "TopOpt",
    "executor_for",
    "method_from_text",
    "odds_options",
    "plain_view",
    "print_sweep_refusals",
    "progress_bar",
    "show_distribution",
    "show_odds",
    "write_csv",
    "write_sweep_csv",
]

MethodOpt = Annotated[
    str,
    typer.Option(
        "--method",
        help="exact (fast path where there is one), generic (the reference enumeration, slow) "
        "or monte-carlo.",
    ),
]
DepthOpt = Annotated[
    int | None,
    typer.Option(
        help="Open-ended rerolls followed by the exact engines (default: the action's fast "
        f"path's own; generic {DEFAULT_DEPTH})."
    ),
]
SamplesOpt = Annotated[int, typer.Option(help="Monte Carlo samples.")]
OddsSeedOpt = Annotated[int, typer.Option("--seed", help="Monte Carlo seed.")]


def _chart_file(path: Path | None) -> Path | None:
    """An output file for a chart: its name must end in a picture kind matplotlib writes, which
    it reads from the name (``chart.txt`` failed once the work was done)."""
    path = output_file(path)
    if path is not None:
        from matplotlib.backend_bases import FigureCanvasBase

        kinds = FigureCanvasBase.get_supported_filetypes()
        if path.suffix.lower().removeprefix(".") not in kinds:
            raise typer.BadParameter(
                f"a chart file ends in .png or another picture kind ({', '.join(sorted(kinds))})"
                f", not {path.name!r}"
            )
    return path


CsvOpt = Annotated[
    Path | None,
    typer.Option("--csv", help="Write the numbers to a CSV file.", callback=output_file),
]
PlotOpt = Annotated[
    Path | None,
    typer.Option("--plot", help="Draw a PNG chart to this file.", callback=_chart_file),
]


def _top(count: int) -> int:
    # Checked here, not by typer's bounds: a bad count is refused like every other bad number,
    # in one line naming the limit (README, Limits), not with typer's usage screen.
    with refusals():
        if count < 0:
            raise LimitError("--top", count, "0 or more")
    return count


def _decimals(places: int) -> int:
    with refusals():
        return at_most("--csv-decimals", places, MAX_CSV_DECIMALS, low=0)


TopOpt = Annotated[
    int, typer.Option(help="How many of the likeliest outcomes to list.", callback=_top)
]
DecimalsOpt = Annotated[
    int,
    typer.Option(
        "--csv-decimals", help="Decimal places of the numbers in the CSV file.", callback=_decimals
    ),
]

#: Decimal places a CSV file's numbers are rounded to unless the user asks otherwise: finer
#: than any chance a table reads, coarse enough to hide floating-point noise.
CSV_DECIMALS = 6


def csv_number(value: object, decimals: int = CSV_DECIMALS) -> object:
    """A CSV cell: a float rounded to ``decimals`` places, written without trailing zeros
    (0.9100000000000006 → 0.91); anything else as it is.

    >>> csv_number(0.9100000000000006), csv_number(2.0), csv_number(1e-13), csv_number("BA II")
    ('0.91', '2', '0', 'BA II')
    """
    if isinstance(value, float):
        text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
        return "0" if text in ("", "-0") else text
    return value


def write_csv(
    path: Path, header: Sequence[str], rows: Iterable[Mapping[str, object]], decimals: int
) -> None:
    """Rows to a CSV file with ``header`` as its columns, numbers rounded (:func:`csv_number`)."""
    with replacing(path) as partial, partial.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(header))
        writer.writeheader()
        for row in rows:
            writer.writerow({k: csv_number(v, decimals) for k, v in row.items()})


def write_sweep_csv(path: Path, result: SweepResult, decimals: int) -> None:
    """A sweep's rows to a CSV file: the parameters, every stat, then why a point was refused
    (every column even when the first point was refused and has no stats)."""
    write_csv(
        path,
        [*result.parameters, *result.stat_names, "refused"],
        to_plain(result.rows()),  # type: ignore[arg-type]
        decimals,
    )


def print_sweep_refusals(result: SweepResult) -> None:
    """Under a sweep's table, why its refused points were refused: each refusal once, with how
    many points met it (the table says only "refused")."""
    met: dict[str, int] = {}
    for refusal in result.refusals:
        if refusal:
            met[refusal] = met.get(refusal, 0) + 1
    for refusal, n in met.items():
        console.print(f"refused ({counted(n, 'point')}): {escape(refusal)}")


_METHODS: tuple[OddsMethod, ...] = ("exact", "generic", "monte-carlo")


def odds_options(
    *,
    method: str = "exact",
    samples: int = 1_000_000,
    depth: bool = True,
    method_opt: Any = MethodOpt,
    samples_opt: Any = SamplesOpt,
) -> tuple[tuple[str, Any, Any], ...]:
    """The options an ``odds`` command of one action adds to its declaration's (the ``extra``
    of :func:`~firefight.cli.declared.declared_command`): name, typer annotation, default —
    with the command's own default method and sample count (and no ``--depth`` for an
    engine without open-ended rolls)."""
    return (
        ("method", method_opt, method),
        *((("depth", DepthOpt, None),) if depth else ()),
        ("samples", samples_opt, samples),
        ("seed", OddsSeedOpt, 0),
        ("top", TopOpt, 10),
        ("csv_path", CsvOpt, None),
        ("csv_decimals", DecimalsOpt, CSV_DECIMALS),
        ("plot", PlotOpt, None),
        ("as_json", JsonOpt, False),
    )


#: The odds options with the defaults most commands take.
ODDS_OPTIONS = odds_options()


def method_from_text(text: str) -> OddsMethod:
    for m in _METHODS:
        if text == m:
            return m
    fail(f"error: --method is one of {', '.join(_METHODS)}, got {text!r}")


def plain_view(view: Any) -> object:
    if hasattr(view, "_asdict"):
        return {k: plain_view(v) for k, v in view._asdict().items()}
    if isinstance(view, tuple):
        return [plain_view(v) for v in view]
    return view


def _how(dist: Distribution[Any], *, fell_back: bool = False) -> str:
    """How the numbers were found; ``fell_back``: "exact" was asked (the default) and sampled
    instead (DEC-471), which the footer says, with how to sample more: --samples alone is
    capped on that way, and "Monte Carlo: 5,000 samples" read as if --samples were ignored."""
    if dist.method == "monte carlo":
        why = (
            " (no exact answer within reach, DEC-471: --method monte-carlo --samples N for more)"
            if fell_back
            else ""
        )
        return f"Monte Carlo: {dist.samples:,} samples{why}; ± is one standard error"
    engine = "exact" if dist.method == "fast exact" else "exact (generic enumeration)"
    if not dist.cut_off:
        return f"{engine}; nothing cut off"
    assert dist.depth is not None  # only a depth cuts anything off
    return (
        f"{engine}; open-ended rolls followed for {counted(dist.depth, 'reroll')}; what lies "
        f"past them ({chance_in_words(dist.cut_off)}) is not shown"
    )


def _format(v: StatValue) -> str:
    if v.stat.kind == "expected":
        text = f"{v.value:.3f}"
        return text + (f" ± {v.standard_error:.3f}" if v.standard_error else "")
    text = f"{100 * v.value:.3f}%"
    return text + (f" ± {100 * v.standard_error:.3f}%" if v.standard_error else "")


def show_distribution(
    title: str,
    action: object,
    dist: Distribution[Any],
    *,
    as_json: bool,
    csv_path: Path | None,
    plot_path: Path | None,
    top: int,
    describe: Callable[[Any], str],
    always_shown: Collection[str],
    plain: Callable[[Any], object] = plain_view,
    conditions: Sequence[str] = (),
    csv_decimals: int = CSV_DECIMALS,
    fell_back: bool = False,
) -> None:
    """The stats (a row each, zero rows left out unless ``always_shown``) and the ``top``
    likeliest outcomes in words (``describe``); or JSON (outcomes as ``plain`` data), a CSV of
    the stats, a chart. ``conditions`` (see :func:`firefight.declarations.conditions`) are
    printed under the title and on the chart; ``fell_back``: sampled where exact was asked."""
    stats = odds_stats(dist, action)
    if csv_path is not None:
        write_csv(
            csv_path,
            ("stat", "label", "value", "standard_error"),
            (
                {
                    "stat": v.stat.name,
                    "label": v.stat.label,
                    "value": v.value,
                    "standard_error": v.standard_error,
                }
                for v in stats
            ),
            csv_decimals,
        )
    if plot_path is not None:
        from firefight.odds.plots import plot_outcomes

        footnote = _how(dist, fell_back=fell_back)
        plot_outcomes(stats, title, plot_path, conditions=conditions, footnote=footnote)
    if as_json:
        emit_json(
            {
                "action": to_plain(action),
                "method": dist.method,
                "depth": dist.depth,
                "cut_off": dist.cut_off,
                "samples": dist.samples,
                "stats": {v.stat.name: v.to_json() for v in stats},
                "outcomes": [
                    {"outcome": plain(k), "probability": p}
                    for k, p in sorted(dist.items(), key=lambda kv: -kv[1])
                ],
            }
        )
        return
    console.rule(f"[bold]{escape(title)}")
    if conditions:
        console.print(f"[dim]given: {escape(', '.join(conditions))}")
    table = RichTable(show_header=True)
    table.add_column("")
    table.add_column("value", justify="right")
    for v in stats:
        if v.value or v.stat.name in always_shown:
            table.add_row(escape(v.stat.label), _format(v))
    console.print(table)
    likely = RichTable(title=f"the {min(top, len(dist))} likeliest of {len(dist)} outcomes")
    likely.add_column("probability", justify="right")
    likely.add_column("outcome")
    for view, p in dist.most_likely(top):
        likely.add_row(f"{100 * p:.3f}%", escape(describe(view)))
    console.print(likely)
    console.print(f"[dim]{escape(_how(dist, fell_back=fell_back))}")


@contextmanager
def executor_for(dask: str | None, workers: int) -> Iterator[Executor | None]:
    """The executor ``--dask`` or ``--workers`` asks for (None: work in this process), shut
    down when the block ends, and the cluster's client closed."""
    with refusals():
        at_most("--workers", workers, MAX_WORKERS, low=0)
    if dask is not None:
        from distributed import Client

        try:
            client = Client(dask)  # type: ignore[no-untyped-call]
        except (OSError, ValueError) as exc:
            # A mistyped address (ValueError) or one where no scheduler answers (OSError,
            # after distributed's connect timeout) is the user's to fix, said in one line.
            fail(f"error: --dask {dask!r}: no Dask scheduler reached there ({exc})")
        executor: Executor = client.get_executor()  # type: ignore[no-untyped-call]
        try:
            yield executor
        finally:
            executor.shutdown()
            client.close()  # type: ignore[no-untyped-call]
    elif workers == 0:
        yield None
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            yield pool


def show_odds(
    title: str,
    action: object,
    *,
    describe: Callable[[Any], str],
    always_shown: Collection[str],
    method: str,
    samples: int,
    seed: int,
    top: int,
    csv_path: Path | None,
    plot: Path | None,
    as_json: bool,
    depth: int | None = None,
    plain: Callable[[Any], object] = plain_view,
    conditions: Sequence[str] = (),
    csv_decimals: int = CSV_DECIMALS,
) -> None:
    """Work out the odds of ``action`` (refusing as resolving it would) and show them: what
    every ``odds`` command of one action does once its declaration is built."""
    chosen = method_from_text(method)
    with refusals(), progress_bar("dice paths", 1.0) as update:
        dist = odds(
            None, action, method=chosen, depth=depth, samples=samples, seed=seed, progress=update
        )
    show_distribution(
        title,
        action,
        dist,
        as_json=as_json,
        csv_path=csv_path,
        plot_path=plot,
        top=top,
        describe=describe,
        always_shown=always_shown,
        plain=plain,
        conditions=conditions,
        csv_decimals=csv_decimals,
        fell_back=chosen == "exact" and dist.method == "monte carlo",
    )
