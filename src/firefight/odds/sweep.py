"""Sweeps: the headline stats of an action over a grid of its parameters.

A grid maps parameter names to the values to try; every combination is one point, turned into
an action by a builder (by default :func:`dataclasses.replace` on a base action). Points are
evaluated in chunks on any :class:`concurrent.futures.Executor` -- a process pool on one
machine, or a Dask cluster's executor (``distributed.Client(address).get_executor()``) when one
machine is not enough -- or in this process when no executor is given. Within a chunk, exact
points go through the action's batch path where it has one (the rmu shot: one matrix product
per signature). A point the rules refuse keeps its refusal in place of numbers.

Each point reports the stats a single query of it would (``stats_for``): a grid whose points
differ in them (an rmu shot at a mortal and at a Kindred) gets every point's stats as its
columns, None where a stat is not one of the point's (DEC-822).

>>> from firefight.rulesets.rmu.shot import AimedShot
>>> result = sweep(AimedShot(weapon="glock-17", ob=0, distance_ft=40), {"ob": [0, 100]})
>>> [round(row[result.column("p_miss")], 3) for row in result.values]
[0.923, 0.01]
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any

from firefight.errors import FirefightError, RuleRefusal
from firefight.limits import MAX_DEPTH, MAX_SAMPLES, MAX_SWEEP_POINTS, at_most
from firefight.odds.api import OddsMethod, action_odds, odds, stats_of
from firefight.odds.blas import one_blas_thread
from firefight.probability.action_odds import ActionOdds
from firefight.probability.stats import Stat, read_stats

__all__ = ["SweepResult", "auto_workers", "evaluate_chunk", "grid_points", "sweep"]

#: Points per task sent to an executor: enough to amortize a task's overhead, few enough that
#: every worker gets several tasks.
CHUNK_POINTS = 256


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepResult:
    """Stats at every point of a grid, in grid order (the last parameter varies fastest).

    ``values[k]`` is None where the rules refused the point; ``refusals[k]`` then says why.
    A value is None where its stat is not one of the point's (DEC-822).
    """

    parameters: tuple[str, ...]
    points: tuple[tuple[object, ...], ...]
    stat_names: tuple[str, ...]
    stat_labels: tuple[str, ...]
    values: tuple[tuple[float | None, ...] | None, ...]
    refusals: tuple[str | None, ...]
    method: OddsMethod
    depth: int | None = None
    samples: int | None = None

    def column(self, stat: str) -> int:
        return self.stat_names.index(stat)

    def rows(self) -> list[dict[str, object]]:
        """One flat record per point: parameters, then every stat (absent where refused; None
        where the stat is not the point's)."""
        out: list[dict[str, object]] = []
        for point, values, refusal in zip(self.points, self.values, self.refusals, strict=True):
            row: dict[str, object] = dict(zip(self.parameters, point, strict=True))
            for name, value in zip(self.stat_names, values or (), strict=False):
                row[name] = value
            row["refused"] = refusal or ""
            out.append(row)
        return out


def grid_points(grid: Mapping[str, Sequence[object]]) -> list[tuple[object, ...]]:
    """Every combination of the grid's values, the last parameter varying fastest.

    >>> grid_points({"a": [1, 2], "b": ["x", "y"]})
    [(1, 'x'), (1, 'y'), (2, 'x'), (2, 'y')]
    """
    return list(itertools.product(*grid.values()))


def _replace(base: Any, point: Mapping[str, object]) -> Any:
    return dataclasses.replace(base, **point)


def evaluate_chunk(
    actions: Sequence[object],
    method: OddsMethod,
    depth: int | None,
    samples: int,
    seed: int,
) -> list[tuple[float, ...] | str]:
    """Stats of each action (one kind), or the refusal's text; runs in a worker.

    Refusals travel as text: an exception with extra constructor arguments does not survive
    pickling between processes.
    """
    if not actions:
        return []
    with one_blas_thread():
        return _evaluate(actions, method, depth, samples, seed)


def _evaluate(
    actions: Sequence[object],
    method: OddsMethod,
    depth: int | None,
    samples: int,
    seed: int,
) -> list[tuple[float, ...] | str]:
    entry = action_odds(actions[0])
    if method == "exact" and entry.batch is not None:
        groups, unstatable = _by_stats(entry, actions)
        batched: list[tuple[float, ...] | str] = [
            unstatable.get(i, "") for i in range(len(actions))
        ]
        for stats, members in groups:
            found = entry.batch(
                None,
                [actions[i] for i in members],
                entry.fast_depth if depth is None else depth,
                stats,
            )
            for i, r in zip(members, found, strict=True):
                batched[i] = str(r) if isinstance(r, FirefightError) else r
        return batched
    out: list[tuple[float, ...] | str] = []
    for action in actions:
        try:
            dist = odds(None, action, method=method, depth=depth, samples=samples, seed=seed)
        except FirefightError as exc:
            out.append(str(exc))
            continue
        out.append(tuple(v.value for v in read_stats(dist, stats_of(entry, action))))
    return out


def _by_stats(
    entry: ActionOdds, actions: Sequence[object]
) -> tuple[list[tuple[tuple[Stat, ...], list[int]]], dict[int, str]]:
    """The actions' positions grouped by their stats, by the tuple's identity (which costs a
    point nothing where ``stats_for`` returns one tuple per kind of point), and the refusal of
    each action whose stats the rules refuse to say (a cards shot past Extreme range)."""
    groups: dict[int, tuple[tuple[Stat, ...], list[int]]] = {}
    refused: dict[int, str] = {}
    for i, action in enumerate(actions):
        try:
            stats = stats_of(entry, action)
        except FirefightError as exc:
            refused[i] = str(exc)
            continue
        groups.setdefault(id(stats), (stats, []))[1].append(i)
    return list(groups.values()), refused


def _columns(kinds: Sequence[tuple[Stat, ...]]) -> tuple[Stat, ...]:
    """Every kind's stats once (by name), the first kind's order kept and each other stat
    placed after the one it follows in its own kind (DEC-822)."""
    out = list(kinds[0])
    names = [s.name for s in out]
    for stats in kinds[1:]:
        at = 0
        for stat in stats:
            if stat.name in names:
                at = names.index(stat.name) + 1
            else:
                out.insert(at, stat)
                names.insert(at, stat.name)
                at += 1
    return tuple(out)


#: Estimated in-process seconds past which a sweep's points go to worker processes: each worker
#: starts cold (imports, tables, models: about a second here), so on less they lose.
WORKERS_PAY_AFTER_S = 4.0


def auto_workers(base: object, points: int, method: OddsMethod, samples: int, cores: int) -> int:
    """How many local worker processes a sweep should use: ``cores`` when its estimated
    in-process time exceeds :data:`WORKERS_PAY_AFTER_S`, else 0 (this process).

    The estimates are this machine's, per point: a batched exact point about 0.1 ms, another
    exact point 2 ms, a kernel's Monte Carlo point 1 ms and 20 ns a sample, the scalar resolver
    0.15 ms a sample, a generic enumeration a second.

    >>> from firefight.rulesets.rmu.shot import AimedShot
    >>> glock = AimedShot(weapon="glock-17", ob=0, distance_ft=40)
    >>> auto_workers(glock, 4_480, "exact", 0, 2), auto_workers(glock, 4_480, "generic", 0, 2)
    (0, 2)
    """
    entry = action_odds(base)
    if method == "exact" and entry.batch is not None:
        each = 1e-4
    elif method == "exact" and entry.fast is not None:
        each = 2e-3
    elif method == "monte-carlo" and entry.kernel is not None:
        each = 1e-3 + 2e-8 * samples
    elif method == "monte-carlo":
        each = 1.5e-4 * samples
    else:
        each = 1.0
    return cores if cores > 1 and points * each > WORKERS_PAY_AFTER_S else 0


def sweep(
    base: object,
    grid: Mapping[str, Sequence[object]],
    *,
    build: Callable[[Any, Mapping[str, object]], object] = _replace,
    method: OddsMethod = "exact",
    depth: int | None = None,
    samples: int = 100_000,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_points: int = CHUNK_POINTS,
    progress: Callable[[float], None] | None = None,
) -> SweepResult:
    """Evaluate ``base`` changed by every point of ``grid`` (see the module docstring).

    A point whose action cannot even be built (a name the catalog does not know) is refused
    like any other. ``progress`` is told the share of the points done, as chunks finish.
    """
    entry = action_odds(base)
    names = tuple(grid)
    count = at_most("sweep points", math.prod(len(v) for v in grid.values()), MAX_SWEEP_POINTS)
    if depth is not None:
        at_most("--depth", depth, MAX_DEPTH, low=0)
    at_most("--samples", samples, MAX_SAMPLES)
    if method == "monte-carlo":
        # DEC-673: a sweep draws no more samples in all than one estimate may; each point
        # within the limits, 21,000 points of 100,000,000 ran for days.
        at_most("Monte Carlo samples of a sweep (points x --samples)", count * samples, MAX_SAMPLES)
    points = grid_points(grid)
    actions: list[object | None] = []
    refused: list[str | None] = []
    for point in points:
        try:
            actions.append(build(base, dict(zip(names, point, strict=True))))
            refused.append(None)
        except RuleRefusal as exc:
            # Only the rules refuse a point; a name nobody knows is the caller's error.
            actions.append(None)
            refused.append(str(exc))
    built = [i for i, a in enumerate(actions) if a is not None]
    groups, unstatable = _by_stats(entry, [actions[i] for i in built])
    for k, why in unstatable.items():
        refused[built[k]] = why
    todo = [i for k, i in enumerate(built) if k not in unstatable]
    kinds: dict[tuple[str, ...], tuple[Stat, ...]] = {}
    for stats, _ in groups:
        kinds.setdefault(tuple(s.name for s in stats), stats)
    columns = _columns(list(kinds.values()) or [stats_of(entry, base)])
    names_of = tuple(s.name for s in columns)
    # Where each column sits in a point's values (None: not the point's stat), by point; None
    # for a point whose stats are the columns.
    places: list[tuple[int | None, ...] | None] = [None] * len(points)
    place_of = {
        own: tuple(own.index(n) if n in own else None for n in names_of)
        for own in kinds
        if own != names_of
    }
    for stats, members in groups:
        place = place_of.get(tuple(s.name for s in stats))
        for k in members:
            places[built[k]] = place
    chunks = [todo[i : i + chunk_points] for i in range(0, len(todo), chunk_points)]
    results: list[list[tuple[float, ...] | str]] = []
    done = 0
    if executor is None:
        for chunk in chunks:
            results.append(
                evaluate_chunk([actions[i] for i in chunk], method, depth, samples, seed)
            )
            done += len(chunk)
            if progress is not None:
                progress(done / len(todo))
    else:
        futures = [
            executor.submit(
                evaluate_chunk, [actions[i] for i in chunk], method, depth, samples, seed
            )
            for chunk in chunks
        ]
        if progress is not None:
            for future in as_completed(futures):
                done += len(chunks[futures.index(future)])
                progress(done / len(todo))
        results = [f.result() for f in futures]
    values: list[tuple[float | None, ...] | None] = [None] * len(points)
    for chunk, found in zip(chunks, results, strict=True):
        for i, value in zip(chunk, found, strict=True):
            if isinstance(value, str):
                refused[i] = value
            elif (place := places[i]) is None:
                values[i] = value
            else:
                values[i] = tuple(None if p is None else value[p] for p in place)
    return SweepResult(
        parameters=names,
        points=tuple(points),
        stat_names=names_of,
        stat_labels=tuple(s.label for s in columns),
        values=tuple(values),
        refusals=tuple(refused),
        method=method,
        depth=(entry.fast_depth if depth is None else depth) if method == "exact" else depth,
        samples=samples if method == "monte-carlo" else None,
    )
