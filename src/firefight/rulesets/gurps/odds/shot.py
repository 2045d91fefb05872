"""The shot's exact fast path: the same resolver, asked for sums of d6 instead of faces.

3d6 has 216 face paths but 16 sums; a damage roll of n d6 has 6**n paths but 5n + 1 sums. The
resolver only ever reads a roll's sum (:class:`~firefight.rulesets.gurps.rolls.Roller`), so
following every *sum* with its weight -- the count of face paths that give it, from the d6
distribution convolved -- gives exactly the distribution the generic enumeration finds, in a
fraction of the runs. A roll used only for pass or fail (``check``) is followed once per side.

Each shot of a turn multiplies the paths (G-5: every hit rolls its own damage), so the walk is
bounded (DEC-650): past :data:`FAST_PATHS` it hands over, and ``exact`` samples instead.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import prod
from typing import Any

from firefight.outcome import Outcome
from firefight.probability.action_odds import NoFastPath
from firefight.probability.distribution import Distribution
from firefight.probability.stats import Stat
from firefight.rulesets.gurps.attack import run_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult
from firefight.rulesets.gurps.success import judge
from firefight.trace import TraceBuilder
from firefight.wording import counted

__all__ = ["FAST_PATHS", "SHOT_STATS", "ShotKey", "d6_sums", "shot_exact", "shot_key"]

#: Paths of sums the fast path walks before handing over (DEC-650): about a second here. The
#: deepest single shot (a .30-06 wound with HT rolls) takes some 14,400; two revolver shots in a
#: turn already take 81,200, and every further shot multiplies them.
FAST_PATHS = 20_000

#: The first path's choices multiplied out overstate a tree of sums some 8-40 times; a tree
#: whose first path multiplies out past this is handed over before any walking.
_HOPELESS = 100 * FAST_PATHS


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotKey:
    """What the odds tell apart about a shot. ``critical_miss``: a miss that was a critical
    failure (G-1), the encounter's fumble, told apart from a plain miss as the encounter's odds
    tell it."""

    result: str
    hits: int
    injury: int
    critical: bool
    major_wound: bool
    state: str
    critical_miss: bool = False

    def __str__(self) -> str:
        if self.result == "miss" and self.critical_miss:
            return "critical miss"
        if self.result != "hit":
            return self.result
        crit = " (critical)" if self.critical else ""
        major = ", major wound" if self.major_wound else ""
        state = "" if self.state == "unknown" else f", target {self.state}"  # no HP given
        return f"{counted(self.hits, 'hit')}{crit}: {self.injury} injury{major}{state}"


def _key(shot: ShotResult) -> ShotKey:
    after = shot.condition
    return ShotKey(
        result=shot.result,
        hits=shot.hits,
        injury=shot.injury,
        critical=shot.critical,
        major_wound=after is not None and after.major_wound,
        state="unknown" if after is None else after.state,
        critical_miss=shot.result == "miss" and shot.critical_miss,
    )


def shot_key(outcome: Outcome) -> Hashable:
    assert isinstance(outcome.result, ShotResult)
    return _key(outcome.result)


@cache
def d6_sums(count: int) -> tuple[tuple[int, int], ...]:
    """(sum, number of face paths) for ``count`` d6: the d6 convolved ``count`` times."""
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    return tuple(sorted(ways.items()))


class _SumPath:
    """A roller that follows one path of sums: the prefix's choices, then the first of each
    new roll, recording every roll's choices for the next path."""

    def __init__(self, prefix: list[int]) -> None:
        self._prefix = prefix
        self.options: list[tuple[tuple[int, Fraction], ...]] = []
        self.chosen: list[int] = []

    def _take(self, choices: tuple[tuple[int, Fraction], ...]) -> int:
        i = len(self.chosen)
        pick = self._prefix[i] if i < len(self._prefix) else 0
        self.options.append(choices)
        self.chosen.append(pick)
        return choices[pick][0]

    def sum(self, count: int, purpose: str) -> int:
        if count <= 0:
            return 0
        return self._take(_weighted(count))

    def check(self, target: int, purpose: str) -> int:
        return self._take(_pass_fail(target))

    def chance(self, on: int, purpose: str) -> bool:
        return self._take(_in_six(on)) <= on

    def lookup(self, rows: tuple[tuple[int, ...], ...], purpose: str) -> int:
        return self._take(_rows(rows))


@cache
def _weighted(count: int) -> tuple[tuple[int, Fraction], ...]:
    total = 6**count
    return tuple((s, Fraction(n, total)) for s, n in d6_sums(count))


@cache
def _pass_fail(target: int) -> tuple[tuple[int, Fraction], ...]:
    """One 3d6 sum standing for every passing sum and one for every failing sum."""
    sides: dict[bool, tuple[int, Fraction]] = {}
    for s, p in _weighted(3):
        ok = judge(s, target, DATA.core.success).success
        first, weight = sides.get(ok, (s, Fraction(0)))
        sides[ok] = (first, weight + p)
    return tuple(sides[ok] for ok in (True, False) if ok in sides)


@cache
def _in_six(on: int) -> tuple[tuple[int, Fraction], ...]:
    """One d6 face standing for 1..``on`` and one for the rest."""
    sides = ((1, Fraction(on, 6)), (on + 1, Fraction(6 - on, 6)))
    return tuple((face, p) for face, p in sides if p)


@cache
def _rows(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, Fraction], ...]:
    """One 3d6 sum standing for each row of a table, weighted by the sums the row covers."""
    weights = dict(_weighted(3))
    return tuple((row[0], sum((weights[s] for s in row), Fraction(0))) for row in rows)


def shot_exact(shot: Shoot) -> Distribution[ShotKey]:
    """The exact distribution of the shot's :class:`ShotKey`, one resolver run per path of sums.

    A refused shot raises its refusal, as resolving it would; a tree of more than
    :data:`FAST_PATHS` paths raises :class:`NoFastPath` (DEC-650)."""
    merged: dict[ShotKey, Fraction] = {}
    prefix: list[int] = []
    paths = 0
    while True:
        path = _SumPath(prefix)
        result = run_shot(shot, path, TraceBuilder())
        if paths == 0 and prod(len(choices) for choices in path.options) > _HOPELESS:
            raise NoFastPath("too many shots to walk every sum")
        if paths == FAST_PATHS:
            raise NoFastPath(f"more than {FAST_PATHS:,} paths of sums")
        weight = Fraction(1)
        for choices, pick in zip(path.options, path.chosen, strict=True):
            weight *= choices[pick][1]
        k = _key(result)
        merged[k] = merged.get(k, Fraction(0)) + weight
        paths += 1
        i = len(path.chosen) - 1
        while i >= 0 and path.chosen[i] == len(path.options[i]) - 1:
            i -= 1
        if i < 0:
            break
        prefix = [*path.chosen[:i], path.chosen[i] + 1]
    return Distribution(
        probabilities={k: float(p) for k, p in merged.items()},
        method="fast exact",
        depth=0,
        paths=paths,
    )


def _is(result: str) -> Any:
    return lambda k: float(k.result == result)


SHOT_STATS: tuple[Stat, ...] = (
    Stat(
        name="p_hit_hurts",
        label="P(hit that hurts)",
        kind="probability",
        read=lambda k: float(k.result == "hit" and k.injury > 0),
    ),
    Stat(
        name="p_hit_stopped",
        label="P(hit, stopped by DR)",
        kind="probability",
        read=lambda k: float(k.result == "hit" and k.injury == 0),
    ),
    Stat(name="p_hit", label="P(hit)", kind="probability", read=_is("hit"), group="summary"),
    Stat(name="p_defended", label="P(defended)", kind="probability", read=_is("defended")),
    Stat(name="p_miss", label="P(miss)", kind="probability", read=_is("miss")),
    Stat(
        name="p_critical_miss",
        label="P(critical miss)",
        kind="probability",
        read=lambda k: float(k.critical_miss),
    ),
    Stat(
        name="p_critical",
        label="P(critical hit)",
        kind="probability",
        read=lambda k: float(k.critical),
        group="effect",
    ),
    Stat(
        name="expected_injury",
        label="expected injury",
        kind="expected",
        read=lambda k: float(k.injury),
        group="summary",
    ),
    Stat(
        name="p_major_wound",
        label="P(major wound)",
        kind="probability",
        read=lambda k: float(k.major_wound),
        group="effect",
    ),
    Stat(
        name="p_down",
        label="P(down: stunned, unconscious or dead)",
        kind="probability",
        read=lambda k: float(k.state in ("stunned", "unconscious", "dead")),
        group="effect",
    ),
    Stat(
        name="p_dead",
        label="P(dead)",
        kind="probability",
        read=lambda k: float(k.state == "dead"),
        group="effect",
    ),
)
