"""The exact distribution of a d100 open-ended roll as a numpy vector (RMU-GEN-2, RULINGS D-1).

A first face of 96-100 rolls again and adds, chaining while each new face is 96-100; with the
low end, a first face of 01-05 rolls again and subtracts, that roll chaining upward the same
way. The chain is a short recursion of convolutions, followed for ``depth`` further rolls --
the same cut as the generic engine's -- so both engines leave out exactly
``0.05 ** (depth + 1)`` of the probability (twice that with the low end).

>>> roll = open_ended(2)
>>> round(float(roll.p[roll.index(50)]), 12), round(roll.cut_off, 12)
(0.01, 0.000125)
>>> roll.low, roll.high
(1, 300)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

__all__ = ["OpenEndedRoll", "chain_sums", "open_ended"]

_FACE = 0.01
_HIGH = 96  # 96-100 chain
_LOW = 5  # 01-05 open the low end

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenEndedRoll:
    """P(total = t) for ``t`` in ``low..high`` as ``p[t - low]``; ``cut_off`` is left out."""

    p: FloatArray
    low: int
    cut_off: float
    depth: int

    @property
    def high(self) -> int:
        return self.low + len(self.p) - 1

    def index(self, total: int) -> int:
        return total - self.low


@cache
def chain_sums(depth: int) -> FloatArray:
    """P(a chain of rerolls sums to ``s``) as ``c[s]``, rerolling at most ``depth`` times.

    A chain is one roll, plus another chain when that roll is 96-100; with no rolls left, a
    96-100 needs one more and the path is cut.
    """
    if depth < 1:
        return np.zeros(1)
    stop = np.zeros(101)
    stop[1:_HIGH] = _FACE  # a reroll of 01-95 ends the chain
    go = np.zeros(101)
    go[_HIGH:] = _FACE  # 96-100 adds and rolls on
    chain = stop
    for _ in range(depth - 1):
        longer = np.convolve(go, chain)
        longer[: len(stop)] += stop
        chain = longer
    chain.setflags(write=False)
    return chain


@cache
def open_ended(depth: int, *, low_end: bool = False) -> OpenEndedRoll:
    """The total of one open-ended d100 with chains followed for ``depth`` rerolls.

    ``low_end=False`` is the RMU attack roll (RULINGS D-2: open at the high end only).
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth!r}")
    chain = chain_sums(depth)
    high_total = 100 + len(chain) - 1 if depth else 100
    low_total = 1 - (len(chain) - 1) if low_end and depth else 1
    p = np.zeros(high_total - low_total + 1)
    plain_from = _LOW + 1 if low_end else 1
    for first in range(plain_from, _HIGH):
        p[first - low_total] += _FACE
    if depth:
        for first in range(_HIGH, 101):
            p[first - low_total : first - low_total + len(chain)] += _FACE * chain
        if low_end:
            for first in range(1, _LOW + 1):
                # first - s for s = 0..len-1: the chain reversed, ending at first.
                start = first - (len(chain) - 1) - low_total
                p[start : start + len(chain)] += _FACE * chain[::-1]
    opening = 0.05 * (2 if low_end else 1)
    cut = opening * 0.05**depth
    p.setflags(write=False)
    return OpenEndedRoll(p=p, low=low_total, cut_off=cut, depth=depth)
