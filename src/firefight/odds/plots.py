"""Pictures of the odds (matplotlib, drawn off-screen with the Agg backend).

- :func:`plot_outcomes` -- one action: a bar per outcome (the "outcome" stats, which exclude
  each other) and a second panel for the effects that may overlap (bleeding, stun ...);
- :func:`plot_heatmap` -- a sweep: one stat over a numeric parameter (x) and every
  combination of the others (y), a panel per value of the first parameter;
- :func:`plot_histogram` -- a sampled quantity, e.g. rounds until a fighter is out.

matplotlib is imported inside each function, so nothing else in the odds layer needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from firefight.odds.sweep import SweepResult
from firefight.probability.stats import StatValue

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_heatmap", "plot_histogram", "plot_outcomes"]


def _figure(width_in: float, height_in: float) -> Figure:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(width_in, height_in), dpi=110, layout="constrained")


def _percent(p: float) -> str:
    if p == 0:
        return "0"
    if p >= 0.001:
        return f"{100 * p:.1f}%"
    return f"{100 * p:.1g}%"


def plot_outcomes(
    values: Sequence[StatValue], title: str, path: Path, *, subtitle: str = ""
) -> Path:
    """A bar chart of one action's outcomes (left) and effects (right); zero bars are dropped
    except the first few outcomes, so the shape of the distribution stays readable."""
    outcomes = [v for v in values if v.stat.group == "outcome" and v.stat.kind == "probability"]
    keep = [v for v in outcomes if v.value > 0] or outcomes
    effects = [v for v in values if v.stat.group == "effect" and v.value > 0]
    summary = [v for v in values if v.stat.group == "summary"]
    fig = _figure(11, 5.2)
    axes = fig.subplots(1, 2, width_ratios=[max(len(keep), 3), max(len(effects), 2)])
    for ax, shown, colour in ((axes[0], keep, "#3b6ea5"), (axes[1], effects, "#b5523b")):
        labels = [v.stat.label.removeprefix("P(").removesuffix(")") for v in shown]
        heights = [100 * v.value for v in shown]
        bars = ax.bar(range(len(shown)), heights, color=colour)
        errors = [196 * v.standard_error for v in shown]
        if any(errors):
            ax.errorbar(range(len(shown)), heights, yerr=errors, fmt="none", ecolor="black")
        for bar, v in zip(bars, shown, strict=True):
            ax.annotate(
                _percent(v.value),
                (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                ha="center",
                va="bottom",
                fontsize=9,
                xytext=(0, 2),
                textcoords="offset points",
            )
        ax.set_xticks(range(len(shown)), labels, rotation=30, ha="right")
        ax.set_ylabel("probability (%)")
        ax.set_ylim(0, max([*heights, 1.0]) * 1.15)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_title("what the shot does (one outcome each)")
    axes[1].set_title("effects on the target (may overlap)")
    if not effects:
        axes[1].text(
            0.5, 0.5, "none possible", ha="center", va="center", transform=axes[1].transAxes
        )
    facts = "   ".join(
        f"{v.stat.label} {v.value:.2f}"
        if v.stat.kind == "expected"
        else f"{v.stat.label} {_percent(v.value)}"
        for v in summary
    )
    fig.suptitle(f"{title}\n{facts}" + (f"\n{subtitle}" if subtitle else ""), fontsize=11)
    fig.savefig(path)
    return path


def _label(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _numeric(values: Sequence[object]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def plot_heatmap(
    result: SweepResult,
    stat: str,
    path: Path,
    *,
    x: str | None = None,
    title: str = "",
) -> Path:
    """One stat of a sweep as a heatmap: ``x`` (default: the last numeric parameter with more
    than one value) across, every combination of the rest down, a panel per value of the first
    remaining parameter when it has 2-6 values."""
    import numpy as np

    column = result.column(stat)
    label = result.stat_labels[column]
    params = list(result.parameters)
    varying = {p: sorted({pt[i] for pt in result.points}, key=str) for i, p in enumerate(params)}
    ordered = {p: list(dict.fromkeys(pt[i] for pt in result.points)) for i, p in enumerate(params)}
    if x is None:
        numeric = [p for p in params if len(varying[p]) > 1 and _numeric(varying[p])]
        x = numeric[-1] if numeric else params[-1]
    rest = [p for p in params if p != x and len(varying[p]) > 1]
    facet = rest[0] if rest and 2 <= len(varying[rest[0]]) <= 6 and len(rest) > 1 else None
    rows = [p for p in rest if p != facet]
    xs = ordered[x]
    panels = ordered[facet] if facet else [None]
    lookup = {
        pt: (vals[column] if vals is not None else np.nan)
        for pt, vals in zip(result.points, result.values, strict=True)
    }

    def row_keys() -> list[tuple[object, ...]]:
        import itertools

        return list(itertools.product(*(ordered[p] for p in rows))) if rows else [()]

    keys = row_keys()
    fixed = {p: ordered[p][0] for p in params if len(varying[p]) == 1}
    height = min(max(2.5, 0.24 * len(keys) + 1.8), 40)
    fig = _figure(min(4.2 * len(panels) + 2.2, 24), height)
    axes = fig.subplots(1, len(panels), squeeze=False, sharey=True)[0]
    is_prob = stat.startswith("p_")
    vmax = 1.0 if is_prob else max((v[column] for v in result.values if v is not None), default=1.0)
    image = None
    for ax, panel in zip(axes, panels, strict=True):
        grid = np.full((len(keys), len(xs)), np.nan)
        for r, key in enumerate(keys):
            for c, xv in enumerate(xs):
                point = []
                for p in params:
                    if p == x:
                        point.append(xv)
                    elif p == facet:
                        point.append(panel)
                    elif p in rows:
                        point.append(key[rows.index(p)])
                    else:
                        point.append(fixed[p])
                value = lookup.get(tuple(point), np.nan)
                grid[r, c] = 100 * value if is_prob else value
        image = ax.imshow(
            grid,
            aspect="auto",
            cmap="viridis",
            vmin=0,
            vmax=100 * vmax if is_prob else vmax,
            interpolation="nearest",
        )
        step = max(1, -(-len(xs) // 8))
        ax.set_xticks(range(0, len(xs), step), [_label(v) for v in xs[::step]])
        ax.set_xlabel(x)
        if facet:
            ax.set_title(f"{facet} = {panel}")
    names = [" · ".join(_label(k) for k in key) for key in keys]
    axes[0].set_yticks(range(len(keys)), names, fontsize=8 if len(keys) > 30 else 9)

    if image is not None:
        bar = fig.colorbar(image, ax=list(axes), shrink=0.8)
        bar.set_label(f"{label} (%)" if is_prob else label)
    note = ", ".join(f"{p} = {_label(v)}" for p, v in fixed.items())
    if rows:
        note = "rows: " + " · ".join(rows) + (f";  {note}" if note else "")
    fig.suptitle((title or label) + (f"\n{note}" if note else ""), fontsize=11)
    fig.savefig(path)
    return path


def plot_histogram(
    counts: Mapping[int, int],
    path: Path,
    *,
    title: str,
    xlabel: str,
    never: int = 0,
) -> Path:
    """A histogram of whole-number outcomes (e.g. rounds to incapacitate); ``never`` counts the
    samples where it did not happen, shown as a note."""
    fig = _figure(8, 4.5)
    ax = fig.subplots()
    total = sum(counts.values()) + never
    xs = sorted(counts)
    ax.bar(xs, [100 * counts[k] / total for k in xs], color="#3b6ea5", width=0.8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of runs (%)")
    ax.grid(axis="y", alpha=0.3)
    if never:
        ax.text(
            0.98,
            0.95,
            f"never: {_percent(never / total)}",
            ha="right",
            va="top",
            transform=ax.transAxes,
        )
    fig.suptitle(title, fontsize=11)
    fig.savefig(path)
    return path


def plot_time_to_incapacitate(
    rounds_by_fighter: Mapping[str, tuple[Mapping[int, int], int]],
    fights: int,
    path: Path,
    *,
    title: str,
) -> Path:
    """Grouped bars: for each fighter, the share of fights in which they went down in each
    round; the legend says how often they never did."""
    fig = _figure(10, 5)
    ax = fig.subplots()
    names = list(rounds_by_fighter)
    rounds = sorted({r for counts, _ in rounds_by_fighter.values() for r in counts})
    width = 0.8 / max(len(names), 1)
    for k, name in enumerate(names):
        counts, never = rounds_by_fighter[name]
        xs = [r + (k - (len(names) - 1) / 2) * width for r in rounds]
        ax.bar(
            xs,
            [100 * counts.get(r, 0) / fights for r in rounds],
            width=width,
            label=f"{name} (never down: {_percent(never / fights)})",
        )
    ax.set_xlabel("round in which the fighter can no longer act")
    ax.set_ylabel("share of fights (%)")
    if rounds:
        ax.set_xticks(rounds)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=9)
    fig.suptitle(title, fontsize=11)
    fig.savefig(path)
    return path
