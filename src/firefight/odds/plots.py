"""Pictures of the odds (matplotlib, drawn off-screen with the Agg backend). Each function
writes its PNG and returns the figure, so a test can read what the picture says.

- :func:`plot_outcomes` -- one action: a bar per outcome (the "outcome" stats, which exclude
  each other) and a second panel for the effects that may overlap (bleeding, stun ...);
- :func:`plot_heatmap` -- a sweep: one stat over a numeric parameter (x) and every
  combination of the others (y), a panel per value of the first parameter;
- :func:`plot_fights` -- many fights of one scenario: how they end, then when each fighter
  goes down.

matplotlib is imported inside each function, so nothing else in the odds layer needs it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from firefight.atomic import replacing
from firefight.odds.sweep import SweepResult
from firefight.probability.stats import StatValue

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_fights", "plot_heatmap", "plot_outcomes"]


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


#: A title line is wrapped at this many characters, so a long list of conditions stays on the
#: page.
TITLE_WIDTH = 110

#: The panels of an outcome chart, in order: which stats each holds and what it says about them.
_PANELS: tuple[tuple[str, str, str], ...] = (
    ("outcome", "what the action does (one each: adds up to 100%)", "#3b6ea5"),
    ("after", "how the target is left (one each)", "#5a8f4e"),
    ("effect", "effects on the target (may overlap)", "#b5523b"),
)


def _wrapped(text: str) -> str:
    import textwrap

    return "\n".join(textwrap.fill(line, TITLE_WIDTH) for line in text.splitlines())


def plot_outcomes(
    values: Sequence[StatValue],
    title: str,
    path: Path,
    *,
    conditions: Sequence[str] = (),
    footnote: str = "",
) -> Figure:
    """A bar chart of one action: the outcomes that exclude each other, the states the target
    can be left in and the effects that may overlap, each in its own panel on one shared
    0-100% axis (so a 3% bar looks like 3% next to a 92% one), every bar labelled. The title
    names every condition of the query; the footnote says how the numbers were worked out."""
    panels = []
    for group, heading, colour in _PANELS:
        shown = [v for v in values if v.stat.group == group and v.stat.kind == "probability"]
        if group == "outcome":
            shown = [v for v in shown if v.value > 0] or shown
        else:
            shown = [v for v in shown if v.value > 0]
        if shown or group == "outcome":
            panels.append((shown, heading, colour))
    summary = [v for v in values if v.stat.group == "summary"]
    fig = _figure(12, 5.8)
    axes = fig.subplots(
        1, len(panels), sharey=True, squeeze=False, width_ratios=[max(len(p[0]), 2) for p in panels]
    )[0]
    for ax, (shown, heading, colour) in zip(axes, panels, strict=True):
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
        ax.set_title(heading, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("chance (%)")
    axes[0].set_ylim(0, 108)
    facts = "   ".join(
        f"{v.stat.label} {v.value:.2f}"
        if v.stat.kind == "expected"
        else f"{v.stat.label} {_percent(v.value)}"
        for v in summary
    )
    heading = title + (f"\ngiven: {', '.join(conditions)}" if conditions else "")
    fig.suptitle(_wrapped(heading + (f"\n{facts}" if facts else "")), fontsize=11)
    if footnote:
        fig.supxlabel(_wrapped(footnote), fontsize=8, color="#555555")
    with replacing(path) as partial:
        fig.savefig(partial)
    return fig


def _label(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _numeric(values: Sequence[object]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


#: A colour map whose lightness rises steadily with the value, so a heatmap reads the same
#: printed in greyscale.
HEATMAP_COLOURS = "cividis"
#: Rows down one panel before a sweep is split into small multiples (one panel per value of its
#: most varied option), so row labels stay readable.
MAX_ROWS = 12
#: The most cells across and down a panel that still have room for their numbers.
NUMBERED_CELLS = (16, 24)


def _cell(value: float, percent: bool) -> str:
    """A heatmap cell's number: whole percents, a decimal below 10% so small chances don't
    read as 0."""
    if percent:
        return "0" if value == 0 else (f"{value:.0f}" if value >= 9.95 else f"{value:.1f}")
    return f"{value:.1f}"


def _columns(panels: int) -> int:
    """Panels across a page of small multiples: about as many across as down, at most six."""
    if panels <= 3:
        return panels
    return min(6, math.ceil(math.sqrt(panels)))


def _axis(name: str, units: Mapping[str, str]) -> str:
    unit = units.get(name)
    return f"{name.replace('_', ' ')} ({unit})" if unit else name.replace("_", " ")


def _value(values: tuple[float | None, ...] | None, column: int) -> float:
    """A point's value of one stat; NaN (a blank cell) where refused or not the point's."""
    value = None if values is None else values[column]
    return float("nan") if value is None else value


def plot_heatmap(
    result: SweepResult,
    stat: str,
    path: Path,
    *,
    x: str | None = None,
    title: str = "",
    units: Mapping[str, str] | None = None,
) -> Figure:
    """One stat of a sweep as heatmaps: ``x`` (default: the last numeric parameter with more
    than one value) across, every combination of the rest down; split into small multiples, a
    panel per value of one option, when there are more than :data:`MAX_ROWS` rows or a
    parameter with 2-6 values to compare side by side. Cells carry their numbers when there is
    room; axes carry the parameters' ``units``."""
    import itertools

    import numpy as np

    units = units or {}
    column = result.column(stat)
    label = result.stat_labels[column]
    params = list(result.parameters)
    varying = {p: sorted({pt[i] for pt in result.points}, key=str) for i, p in enumerate(params)}
    ordered = {p: list(dict.fromkeys(pt[i] for pt in result.points)) for i, p in enumerate(params)}
    if x is None:
        numeric = [p for p in params if len(varying[p]) > 1 and _numeric(varying[p])]
        x = numeric[-1] if numeric else params[-1]
    rest = [p for p in params if p != x and len(varying[p]) > 1]
    all_rows = int(np.prod([len(varying[p]) for p in rest])) if rest else 1
    facet: str | None = None
    if rest and all_rows > MAX_ROWS:
        facet = max(rest, key=lambda p: len(varying[p]))
    elif len(rest) > 1 and 2 <= len(varying[rest[0]]) <= 6:
        facet = rest[0]
    rows = [p for p in rest if p != facet]
    xs = ordered[x]
    panels: list[object] = list(ordered[facet]) if facet else [None]
    lookup = {
        pt: _value(vals, column) for pt, vals in zip(result.points, result.values, strict=True)
    }
    keys = list(itertools.product(*(ordered[p] for p in rows))) if rows else [()]
    fixed = {p: ordered[p][0] for p in params if len(varying[p]) == 1}
    across = _columns(len(panels))
    down = -(-len(panels) // across)
    panel_w = max(2.6, 0.32 * len(xs) + 1.0)
    panel_h = max(1.6, 0.24 * len(keys) + 0.9)
    label_w = 0.09 * max((len(" · ".join(_label(k) for k in key)) for key in keys), default=4)
    fig = _figure(min(panel_w * across + label_w + 1.6, 30), min(panel_h * down + 1.6, 40))
    grid_axes = fig.subplots(down, across, squeeze=False, sharex=True, sharey=True)
    is_prob = stat.startswith("p_")
    vmax = 1.0 if is_prob else max((v for v in lookup.values() if not np.isnan(v)), default=1.0)
    top = 100 * vmax if is_prob else vmax
    numbered = len(xs) <= NUMBERED_CELLS[0] and len(keys) <= NUMBERED_CELLS[1] and down <= 4
    image = None
    flat = [ax for row in grid_axes for ax in row]
    for ax, panel in itertools.zip_longest(flat, panels):
        if panel is None and facet is not None:
            ax.set_axis_off()
            continue
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
            cmap=HEATMAP_COLOURS,
            vmin=0,
            vmax=top,
            interpolation="nearest",
        )
        if numbered:
            for (r, c), value in np.ndenumerate(grid):
                if np.isnan(value):
                    continue
                ax.text(
                    c,
                    r,
                    _cell(value, is_prob),
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="black" if value > 0.6 * top else "white",
                )
        if facet:
            ax.set_title(f"{_axis(facet, {})} {_label(panel)}", fontsize=9)
    step = max(1, -(-len(xs) // 8))
    for k, ax in enumerate(flat[: len(panels)]):
        # The lowest panel of each column carries the x axis, also when the last row is short.
        ax.set_xticks(range(0, len(xs), step), [_label(v) for v in xs[::step]])
        if k + across >= len(panels):
            ax.xaxis.set_tick_params(labelbottom=True)
            ax.set_xlabel(_axis(x, units), fontsize=9)
    names = [" · ".join(_label(k) for k in key) for key in keys]
    for row in grid_axes:
        row[0].set_yticks(range(len(keys)), names, fontsize=8 if len(keys) > 30 else 9)
    if image is not None:
        bar = fig.colorbar(image, ax=flat, shrink=0.8)
        bar.set_label(f"{label} (%)" if is_prob else label)
    note = ", ".join(
        f"{_axis(p, {})} {_label(v)}{' ' + units[p] if p in units else ''}"
        for p, v in fixed.items()
    )
    if rows:
        note = "rows: " + " · ".join(_axis(p, units) for p in rows) + (f";  {note}" if note else "")
    fig.suptitle(_wrapped((title or label) + (f"\n{note}" if note else "")), fontsize=11)
    with replacing(path) as partial:
        fig.savefig(partial)
    return fig


def plot_fights(
    winners: Sequence[tuple[str, float, tuple[float, float]]],
    rounds_by_fighter: Mapping[str, tuple[Mapping[int, int], int]],
    fights: int,
    path: Path,
    *,
    title: str,
) -> Figure:
    """Many fights of one scenario: the headline first — each outcome's share (who wins, and
    how often nobody does) with its 95% interval — then, for each fighter, the share of fights
    in which they went down in each round (the legend says how often they never did)."""
    fig = _figure(10, 7.5)
    head, tail = fig.subplots(2, 1, height_ratios=[max(len(winners), 2), 4])
    names = [w[0] for w in winners]
    shares = [100 * w[1] for w in winners]
    low = [100 * (w[1] - w[2][0]) for w in winners]
    high = [100 * (w[2][1] - w[1]) for w in winners]
    ys = range(len(winners))
    head.barh(ys, shares, xerr=[low, high], color="#3b6ea5", ecolor="black", capsize=3)
    for y, (_, share, (lower, upper)) in enumerate(winners):
        head.text(
            100 * upper + 1,
            y,
            f"{_percent(share)}  (95%: {_percent(lower)} to {_percent(upper)})",
            va="center",
            fontsize=9,
        )
    head.set_yticks(list(ys), names)
    head.invert_yaxis()
    head.set_xlim(0, 130)
    head.set_xticks(range(0, 101, 20))
    head.set_xlabel("share of fights (%)")
    head.set_title("how the fights end", fontsize=10)
    rounds = sorted({r for counts, _ in rounds_by_fighter.values() for r in counts})
    fighters = list(rounds_by_fighter)
    width = 0.8 / max(len(fighters), 1)
    for k, name in enumerate(fighters):
        counts, never = rounds_by_fighter[name]
        xs = [r + (k - (len(fighters) - 1) / 2) * width for r in rounds]
        tail.bar(
            xs,
            [100 * counts.get(r, 0) / fights for r in rounds],
            width=width,
            label=f"{name} (never down: {_percent(never / fights)})",
        )
    tail.set_xlabel("round in which the fighter can no longer act")
    tail.set_ylabel("share of fights (%)")
    if rounds:
        tail.set_xticks(rounds)
    tail.grid(axis="y", alpha=0.3)
    tail.legend(fontsize=8)
    tail.set_title("time to incapacitate", fontsize=10)
    fig.suptitle(_wrapped(title), fontsize=11)
    with replacing(path) as partial:
        fig.savefig(partial)
    return fig
