"""A distribution of outcomes: what a declared action can do, each with its probability.

Every engine of the odds layer returns one: the generic exact engine (every dice path the
resolver can ask for), the fast exact paths (the same numbers from vector arithmetic) and Monte
Carlo (sampled). Outcomes are merged under a hashable key chosen by the caller, so the same
action gives the same keys whichever engine answered.

>>> d = Distribution(probabilities={"hit": 0.25, "miss": 0.75}, method="exact")
>>> d.probability(lambda k: k == "hit")
0.25
>>> d.expected(lambda k: 10 if k == "hit" else 0)
2.5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

__all__ = ["Distribution", "Method"]

K = TypeVar("K", bound=Hashable)

#: How the numbers were obtained. "exact" is the generic enumeration (the reference),
#: "fast exact" a vectorized path tested equal to it, "monte carlo" sampling.
Method = Literal["exact", "fast exact", "monte carlo"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Distribution(Generic[K]):
    """Merged outcomes and their probabilities.

    ``cut_off`` is the probability an exact engine did not follow: the dice paths whose
    open-ended chains ran past ``depth`` further rolls (RMU-GEN-2). The listed probabilities sum
    to ``1 - cut_off``. A Monte Carlo distribution has ``samples`` and no cut-off.
    """

    probabilities: Mapping[K, float]
    method: Method
    cut_off: float = 0.0
    depth: int | None = None
    samples: int | None = None
    paths: int | None = None

    def __len__(self) -> int:
        return len(self.probabilities)

    def __iter__(self) -> Iterator[K]:
        return iter(self.probabilities)

    def items(self) -> Iterator[tuple[K, float]]:
        return iter(self.probabilities.items())

    @property
    def mass(self) -> float:
        """The probability listed (1 less the cut-off, up to rounding)."""
        return math.fsum(self.probabilities.values())

    def probability(self, event: Callable[[K], bool]) -> float:
        """P(event) over the listed outcomes."""
        return math.fsum(p for k, p in self.probabilities.items() if event(k))

    def expected(self, value: Callable[[K], float]) -> float:
        """E[value] over the listed outcomes (the cut-off contributes nothing)."""
        return math.fsum(p * value(k) for k, p in self.probabilities.items())

    def variance(self, value: Callable[[K], float]) -> float:
        mean = self.expected(value)
        return math.fsum(p * (value(k) - mean) ** 2 for k, p in self.probabilities.items())

    def standard_error(self, value: Callable[[K], float]) -> float:
        """The standard error of E[value] for a Monte Carlo distribution; 0 for exact ones.

        For an event (value 0 or 1) this is sqrt(p (1 - p) / n).
        """
        if self.samples is None:
            return 0.0
        return math.sqrt(self.variance(value) / self.samples)

    def most_likely(self, count: int = 10) -> list[tuple[K, float]]:
        """The ``count`` likeliest outcomes, likeliest first (ties keep their listed order)."""
        ranked = sorted(self.probabilities.items(), key=lambda kv: -kv[1])
        return ranked[:count]
