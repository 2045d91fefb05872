"""Headline numbers read off a distribution: named probabilities and expectations.

A :class:`Stat` says how to read one number from an outcome key; a ruleset's odds module lists
the stats worth showing for its actions (the rmu shot: P(miss), P(critical C), expected hits,
P(bleeding) ...). Tables, CSV, JSON, sweeps and plots all read the same list.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from firefight.probability.distribution import Distribution

__all__ = ["Stat", "StatValue", "mean_interval", "read_stats", "share_interval"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Stat:
    """One headline number: ``kind`` "probability" reads an event, "expected" a mean.

    ``group`` says how a chart shows it: "outcome" stats of one action exclude each other (one
    bar chart), "after" stats are the states a target can be left in, which exclude each other
    too (a chart of their own), "effect" stats may overlap (another chart), "summary" stats are
    listed.
    """

    name: str
    label: str
    kind: Literal["probability", "expected"]
    read: Callable[[Any], float]
    group: Literal["outcome", "after", "effect", "summary"] = "outcome"


@dataclass(frozen=True, slots=True, kw_only=True)
class StatValue:
    """A stat's value; ``standard_error`` is 0 for exact distributions."""

    stat: Stat
    value: float
    standard_error: float

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"name": self.stat.name, "value": self.value}
        if self.standard_error:
            data["standard_error"] = self.standard_error
        return data


def read_stats(dist: Distribution[Hashable], stats: Sequence[Stat]) -> list[StatValue]:
    """Every stat of ``stats`` read off ``dist``."""
    return [
        StatValue(
            stat=s,
            value=dist.expected(s.read),
            standard_error=dist.standard_error(s.read),
        )
        for s in stats
    ]


#: The normal quantile of a 95% two-sided interval.
Z95 = 1.959963984540054


def share_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share seen ``successes`` times in
    ``trials``: unlike p ± z·se it stays inside 0-1 and is honest for shares near 0 or 1.

    >>> low, high = share_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> share_interval(0, 10)[0], share_interval(10, 10)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        raise ValueError(f"a share needs at least one trial, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes do not fit in {trials} trials")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At a share of 0 or 1 the interval ends there exactly; rounding left 10 of 10's top at
    # 0.9999999999999999, below the share itself.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float]) -> tuple[float, float, float] | None:
    """The mean of ``values`` and its 95% normal interval (None for no values).

    >>> [round(x, 3) for x in mean_interval([2, 4, 6])]
    [4.0, 1.737, 6.263]
    """
    if not values:
        return None
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return mean, mean - half, mean + half
