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

A roll the rules repeat until they accept its result (cpr's critical injury rerolled while
already suffered, C-4) would never end on the all-ones path. Its tries come through
:meth:`Dice.pool_try <firefight.dice.Dice.pool_try>`, so the engine conditions instead: a path
that asks for a second try is set aside as rejected, and every path through the accepted
first try is weighed up by ``1 / (1 - rejected share)`` of that loop -- the chance of each
accepted result given that some result is accepted, which is what repeating until acceptance
gives.

The walk visits at most ``max_paths`` paths (:data:`~firefight.limits.MAX_PATHS`), then stops
with a :class:`~firefight.limits.LimitError` naming the cheaper choices; ``progress``, when
given, is told the share of the probability visited so far after every path. A walk given
``checkpoints`` stops sooner when it cannot finish (DEC-661): at each it runs the resolver on
random dice paths, each standing for ``1 / its probability`` paths of the tree -- Knuth's
estimate of a tree's size, right on average whatever the tree's shape -- and gives up when
their mean passes the checkpoint's margin times ``max_paths``. The share of probability the
walked paths cover (``projected``) is a cheaper guess, for a cut-off whose mistakes cost time,
not an answer: a walk in face order meets the subtrees one after another, so the share misjudged
trees twentyfold either way (DEC-661).

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
import re
from collections.abc import Callable, Hashable, Sequence
from contextlib import suppress
from decimal import Decimal
from fractions import Fraction
from math import prod
from typing import NamedTuple, TypeVar

from firefight.dice import TRY_PURPOSE_SUFFIX, Dice, DiceSource, SeededSource
from firefight.errors import DiceError
from firefight.limits import MAX_DEPTH, MAX_PATHS, LimitError, at_most
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution

__all__ = [
    "CHAIN_PURPOSE_SUFFIX",
    "DEFAULT_DEPTH",
    "Checkpoint",
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

#: Paths walked before a projected walk judges how many it will need.
PROJECT_AFTER = 500

#: The seed of the random paths a walk judges its size by: the same judgement on every run.
PROBE_SEED = 0


class Checkpoint(NamedTuple):
    """Where a walk judges whether it can finish (DEC-661): once ``walked`` paths are walked,
    from ``probes`` random paths in all (those of earlier checkpoints count), giving up when
    they estimate more than ``margin`` times its limit."""

    walked: int
    probes: int
    margin: float


#: A guard against a resolver that never stops asking for dice.
MAX_FACES_PER_PATH = 10_000

_TRY = re.compile(re.escape(TRY_PURPOSE_SUFFIX).replace(r"\{n\}", r"(\d+)") + "$")

#: A repeated roll on one path: where its first try starts, and the faces before it.
_Loop = tuple[int, tuple[int, ...]]


class _ChainCut(BaseException):
    """Raised through the resolver to abandon a path past the depth (not an error: control flow
    that no resolver's ``except Exception`` may swallow)."""


class _Retry(BaseException):
    """Raised through the resolver when a repeated roll asks for its second try: the first was
    rejected, and the engine conditions on acceptance instead of following the loop."""


class PathSource:
    """A dice source that follows one path: ``prefix`` first, then face 1 for every new call
    (or, with ``then``, the face ``then`` gives: a random path of the same tree).

    ``sides`` and ``faces`` record every call answered, so the caller can compute the path's
    probability and the next path; ``loops`` the first tries of repeated rolls it went through
    (:meth:`~firefight.dice.Dice.pool_try`), ``rejected`` the one whose second try cut it.
    """

    def __init__(self, prefix: list[int], depth: int, then: DiceSource | None = None) -> None:
        self._prefix = prefix
        self._depth = depth
        self._then = then
        self._chain = 0
        self._try: str | None = None  # the purpose of the first try under way
        self.sides: list[int] = []
        self.faces: list[int] = []
        self.loops: list[_Loop] = []
        self.rejected: _Loop | None = None

    def face(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise DiceError(f"cannot enumerate a d{sides} for {purpose}", rule=None)
        if purpose.endswith(CHAIN_PURPOSE_SUFFIX):
            self._chain += 1
            if self._chain > self._depth:
                raise _ChainCut
        else:
            self._chain = 0
        i = len(self.faces)
        attempt = _TRY.search(purpose)
        if attempt is None:
            self._try = None
        elif attempt.group(1) != "1":
            self.rejected = self.loops[-1]
            raise _Retry
        elif purpose != self._try:
            self._try = purpose
            self.loops.append((i, tuple(self.faces)))
        if i >= MAX_FACES_PER_PATH:
            raise DiceError(
                f"a resolver asked for more than {MAX_FACES_PER_PATH} dice on one path", rule=None
            )
        if i < len(self._prefix):
            value = self._prefix[i]
        else:
            value = 1 if self._then is None else self._then.face(sides, purpose)
        self.sides.append(sides)
        self.faces.append(value)
        return value


class _Probes:
    """Random paths of a walk's tree, for Knuth's estimate of how many paths it has: a path of
    probability ``p`` stands for ``1 / p`` paths, and the mean over random paths tends to the
    count whatever the tree's shape (D. E. Knuth, Estimating the efficiency of backtrack
    programs, 1975). A path the walk would cut or set aside ends a random path the same way;
    any other error it raises the walk would meet on that path too, so it propagates."""

    def __init__(self, run: Callable[[Dice], object], depth: int) -> None:
        self._run = run
        self._depth = depth
        self._faces = SeededSource(PROBE_SEED)
        self._drawn = 0
        self._stands_for = 0

    def estimate(self, probes: int) -> float:
        """The estimate from the first ``probes`` random paths (drawing those not yet drawn)."""
        while self._drawn < probes:
            path = PathSource([], self._depth, then=self._faces)
            with suppress(_ChainCut, _Retry):
                self._run(Dice(path))
            self._stands_for += prod(path.sides)
            self._drawn += 1
        return self._stands_for / self._drawn


def result_key(outcome: Outcome) -> str:
    """The default key: the outcome's result as canonical JSON (the trace is left out)."""
    return json.dumps(outcome.result.to_json(), sort_keys=True, separators=(",", ":"))


def enumerate_outcomes(
    run: Callable[[Dice], R],
    *,
    key: Callable[[R], K],
    depth: int = DEFAULT_DEPTH,
    max_paths: int = MAX_PATHS,
    projected: float | None = None,
    checkpoints: Sequence[Checkpoint] = (),
    progress: Callable[[float], None] | None = None,
) -> Distribution[K]:
    """The exact distribution of ``key(run(dice))`` over every dice path.

    ``run`` must be pure: called again with the same faces it asks for the same dice and
    returns the same result. A refusal it raises (before any die, as resolvers do) propagates
    unchanged: asking the odds of a refused action is refused the same way. With
    ``projected``, the walk gives up as soon as the share of probability it has visited
    projects more than ``projected`` times ``max_paths`` paths (judged from
    :data:`PROJECT_AFTER` paths on): a quick guess, for a caller with another way to answer.
    At each of ``checkpoints`` it judges by random paths instead, and gives up when they
    estimate more than the checkpoint's margin times ``max_paths`` (DEC-661).

    >>> def until_odd(dice: Dice) -> int:
    ...     n = 0
    ...     while True:
    ...         n += 1
    ...         face = dice.pool_try(1, 6, "d6 until odd", n).total
    ...         if face % 2:
    ...             return face
    >>> enumerate_outcomes(until_odd, key=lambda face: face).probabilities[3]
    0.3333333333333333
    """
    at_most("--depth", depth, MAX_DEPTH, low=0)
    # Masses are summed per outcome and per repeated rolls passed; a repeated roll's weight is
    # known only once all its tries are visited, so the weighing waits for the end.
    merged: dict[tuple[K, tuple[_Loop, ...]], Fraction] = {}
    cut: dict[tuple[_Loop, ...], Fraction] = {}
    reached: dict[_Loop, Fraction] = {}
    rejected: dict[_Loop, Fraction] = {}
    visited = Fraction(0)
    paths = runs = 0
    prefix: list[int] = []
    way_out = f"{max_paths:,}; use --method monte-carlo, or a smaller --depth"
    ahead = iter(checkpoints)
    check = next(ahead, None)
    probes = _Probes(run, depth)
    while True:
        runs += 1
        if runs > max_paths or (
            projected and runs > PROJECT_AFTER and runs > visited * projected * max_paths
        ):
            raise LimitError("dice paths of one generic enumeration", runs, way_out)
        if check is not None and runs > check.walked:
            estimate = probes.estimate(check.probes)
            if estimate > check.margin * max_paths:
                raise LimitError(
                    "dice paths of one generic enumeration, estimated from "
                    f"{check.probes:,} random ones,",
                    # A count of many digits is shown as 2.2E+43.
                    round(estimate) if estimate < 1e12 else Decimal(f"{estimate:.1e}"),
                    way_out,
                )
            check = next(ahead, None)
        source = PathSource(prefix, depth)
        try:
            result = run(Dice(source))
        except _ChainCut:
            mass = Fraction(1, prod(source.sides))
            loops = tuple(source.loops)
            cut[loops] = cut.get(loops, Fraction(0)) + mass
        except _Retry:
            mass = Fraction(1, prod(source.sides))
            assert source.rejected is not None
            rejected[source.rejected] = rejected.get(source.rejected, Fraction(0)) + mass
        else:
            paths += 1
            mass = Fraction(1, prod(source.sides))
            entry = (key(result), tuple(source.loops))
            merged[entry] = merged.get(entry, Fraction(0)) + mass
        visited += mass
        for loop in source.loops:
            if loop not in reached:
                reached[loop] = Fraction(1, prod(source.sides[: loop[0]]))
        if progress is not None:
            progress(float(visited))
        faces, sides = source.faces, source.sides
        if faces[: len(prefix)] != prefix:  # pragma: no cover - a resolver that is not pure
            raise DiceError("the resolver asked for different dice on a replayed path", rule=None)
        i = len(faces) - 1
        while i >= 0 and faces[i] == sides[i]:
            i -= 1
        if i < 0:
            break
        prefix = [*faces[:i], faces[i] + 1]

    def weight(loops: tuple[_Loop, ...]) -> Fraction:
        w = Fraction(1)
        for loop in loops:
            accepted = reached[loop] - rejected.get(loop, Fraction(0))
            if not accepted:
                raise DiceError(
                    "a repeated roll can never give a result the rules accept", rule=None
                )
            w *= reached[loop] / accepted
        return w

    probabilities: dict[K, float] = {}
    exact: dict[K, Fraction] = {}
    for (k, loops), mass in merged.items():
        exact[k] = exact.get(k, Fraction(0)) + mass * weight(loops)
    for k, p in exact.items():
        probabilities[k] = float(p)
    return Distribution(
        probabilities=probabilities,
        method="exact",
        cut_off=float(sum((m * weight(loops) for loops, m in cut.items()), Fraction(0))),
        depth=depth,
        paths=paths,
    )
