"""The generic exact engine: every dice path a pure resolver can ask for, with its probability.

A resolver takes its dice through :class:`~firefight.dice.Dice`, and every die is one
``source.face(sides, purpose)`` call. :class:`PathSource` answers those calls along one path of
the tree of possible faces: it replays a given prefix and answers 1 to every call past it,
recording how many faces each call had. :func:`enumerate_outcomes` walks the tree like an
odometer -- re-run the resolver, then advance the deepest face that has not reached its last
value -- so each run is exactly one leaf and no path is visited twice. A path's probability is
the product of ``1/sides`` over its faces, kept as an exact fraction. Paths whose outcomes share
a key are merged.

Open-ended chains (RMU-GEN-2, RULINGS D-1) have no last face, so they are followed for
``depth`` further rolls; a path that asks for one more is cut and its probability is reported
as the distribution's ``cut_off``. A chain roll is recognised by the purpose
:meth:`Dice.d100_open_ended <firefight.dice.Dice.d100_open_ended>` gives it.

The engine knows nothing of any ruleset: it is the reference every fast path is tested
against.

>>> from firefight.dice import Dice
>>> d = enumerate_outcomes(lambda dice: dice.pool(2, 6, "2d6").total, key=lambda total: total)
>>> d.probabilities[7]
0.16666666666666666
>>> d.paths, d.cut_off
(36, 0.0)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from fractions import Fraction
from math import prod
from typing import TypeVar

from firefight.dice import Dice
from firefight.errors import DiceError
from firefight.limits import MAX_DEPTH, at_most
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution

__all__ = [
    "CHAIN_PURPOSE_SUFFIX",
    "DEFAULT_DEPTH",
    "PathSource",
    "enumerate_outcomes",
    "result_key",
]

R = TypeVar("R")
K = TypeVar("K", bound=Hashable)

#: What :class:`~firefight.dice.Dice` appends to the purpose of every open-ended reroll.
CHAIN_PURPOSE_SUFFIX = " (open-ended)"

#: Further rolls followed per open-ended chain by default: 0.05 ** 3 = 1.25e-4 of a roll's
#: probability lies past it. Every path is a resolver run, so deeper is slow here; the fast
#: paths go as deep as asked.
DEFAULT_DEPTH = 2

#: A guard against a resolver that never stops asking for dice.
MAX_FACES_PER_PATH = 10_000


class _ChainCut(BaseException):
    """Raised through the resolver to abandon a path past the depth (not an error: control flow
    that no resolver's ``except Exception`` may swallow)."""


class PathSource:
    """A dice source that follows one path: ``prefix`` first, then face 1 for every new call.

    ``sides`` and ``faces`` record every call answered, so the caller can compute the path's
    probability and the next path.
    """

    def __init__(self, prefix: list[int], depth: int) -> None:
        self._prefix = prefix
        self._depth = depth
        self._chain = 0
        self.sides: list[int] = []
        self.faces: list[int] = []

    def face(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise DiceError(f"cannot enumerate a d{sides} for {purpose}")
        if purpose.endswith(CHAIN_PURPOSE_SUFFIX):
            self._chain += 1
            if self._chain > self._depth:
                raise _ChainCut
        else:
            self._chain = 0
        i = len(self.faces)
        if i >= MAX_FACES_PER_PATH:
            raise DiceError(f"a resolver asked for more than {MAX_FACES_PER_PATH} dice on one path")
        value = self._prefix[i] if i < len(self._prefix) else 1
        self.sides.append(sides)
        self.faces.append(value)
        return value


def result_key(outcome: Outcome) -> str:
    """The default key: the outcome's result as canonical JSON (the trace is left out)."""
    return json.dumps(outcome.result.to_json(), sort_keys=True, separators=(",", ":"))


def enumerate_outcomes(
    run: Callable[[Dice], R],
    *,
    key: Callable[[R], K],
    depth: int = DEFAULT_DEPTH,
) -> Distribution[K]:
    """The exact distribution of ``key(run(dice))`` over every dice path.

    ``run`` must be pure: called again with the same faces it asks for the same dice and
    returns the same result. A refusal it raises (before any die, as resolvers do) propagates
    unchanged: asking the odds of a refused action is refused the same way.
    """
    at_most("depth", depth, MAX_DEPTH, low=0)
    merged: dict[K, Fraction] = {}
    cut = Fraction(0)
    paths = 0
    prefix: list[int] = []
    while True:
        source = PathSource(prefix, depth)
        try:
            result = run(Dice(source))
        except _ChainCut:
            cut += Fraction(1, prod(source.sides))
        else:
            paths += 1
            k = key(result)
            merged[k] = merged.get(k, Fraction(0)) + Fraction(1, prod(source.sides))
        faces, sides = source.faces, source.sides
        if faces[: len(prefix)] != prefix:  # pragma: no cover - a resolver that is not pure
            raise DiceError("the resolver asked for different dice on a replayed path")
        i = len(faces) - 1
        while i >= 0 and faces[i] == sides[i]:
            i -= 1
        if i < 0:
            break
        prefix = [*faces[:i], faces[i] + 1]
    return Distribution(
        probabilities={k: float(p) for k, p in merged.items()},
        method="exact",
        cut_off=float(cut),
        depth=depth,
        paths=paths,
    )
