"""Headline numbers read off a distribution: named probabilities and expectations.

A :class:`Stat` says how to read one number from an outcome key; a ruleset's odds module lists
the stats worth showing for its actions (the rmu shot: P(miss), P(critical C), expected hits,
P(bleeding) ...). Tables, CSV, JSON, sweeps and plots all read the same list.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from firefight.probability.distribution import Distribution

__all__ = ["Stat", "StatValue", "read_stats"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Stat:
    """One headline number: ``kind`` "probability" reads an event, "expected" a mean.

    ``group`` says how a chart shows it: "outcome" stats of one action exclude each other (one
    bar chart), "effect" stats may overlap (a second chart), "summary" stats are listed.
    """

    name: str
    label: str
    kind: Literal["probability", "expected"]
    read: Callable[[Any], float]
    group: Literal["outcome", "effect", "summary"] = "outcome"


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
