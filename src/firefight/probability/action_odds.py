"""What a ruleset tells the odds layer about one kind of its actions (DESIGN.md 5 and 8).

A ruleset builds these from its own resolvers and fast paths and returns them from
:meth:`~firefight.rulesets.base.Ruleset.action_odds`; the odds layer only reads them, so the
contract sits here, below both.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from firefight.dice import Dice
from firefight.errors import FirefightError
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import DEFAULT_DEPTH
from firefight.probability.stats import Stat

__all__ = [
    "ActionOdds",
    "BatchResult",
    "NoFastPath",
    "exact_of_action",
    "scalar_of_action",
    "scalar_with_state",
]

BatchResult = list[tuple[float, ...] | FirefightError]


class NoFastPath(Exception):
    """Raised by a fast path given an action of a shape it does not cover (a cpr attack of two
    shots): the odds layer then takes the generic engine's bounded way (DEC-471)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionOdds:
    """How the odds layer handles one kind of action.

    ``scalar(state, action)`` returns a callable of the dice alone; for process pools it must
    be picklable when ``state`` is None. ``stats_for(action)``, when given, lists the stats of
    one action in place of ``stats`` (e.g. a wound state per state only when the target's HP
    are known), in a sweep too (DEC-822); it should return the same tuple for actions with the
    same stats, which a sweep's batches are grouped by. ``batch(state, actions, depth, stats)``
    reads ``stats`` on each of ``actions``.
    """

    ruleset: str
    name: str
    action_type: type[Any]
    # Each action's resolver returns its own result type, which its key reads.
    scalar: Callable[[Any, Any], Callable[[Dice], Outcome[Any]]]
    key: Callable[[Outcome[Any]], Hashable]
    stats: tuple[Stat, ...]
    fast: Callable[[Any, Any, int], Distribution[Any]] | None = None
    fast_depth: int = DEFAULT_DEPTH
    batch: Callable[[Any, Sequence[Any], int, Sequence[Stat]], BatchResult] | None = None
    kernel: Callable[[Any, Any, int, int], Distribution[Any]] | None = None
    stats_for: Callable[[Any], tuple[Stat, ...]] | None = None


# The callables below are partials of module-level functions, not closures: a scalar's
# callable must pickle for process pools.

Resolver = Callable[[Any, Dice], Outcome[Any]]
Scalar = Callable[[Any, Any], Callable[[Dice], Outcome[Any]]]


def scalar_of_action(resolve: Resolver) -> Scalar:
    """The ``scalar`` of a kind of action resolved from the action alone, ``resolve(action,
    dice)``, whatever the state."""
    return partial(_action_alone, resolve)


def _action_alone(resolve: Resolver, state: Any, action: Any) -> Callable[[Dice], Outcome[Any]]:
    return partial(resolve, action)


def scalar_with_state(
    alone: Resolver, with_state: Callable[[Any, Any, Dice], Outcome[Any]]
) -> Scalar:
    """The ``scalar`` of a kind of action resolved ``alone(action, dice)`` when no state is
    given (a command line's odds), else ``with_state(state, action, dice)``."""
    return partial(_alone_or_with_state, alone, with_state)


def _alone_or_with_state(
    alone: Resolver,
    with_state: Callable[[Any, Any, Dice], Outcome[Any]],
    state: Any,
    action: Any,
) -> Callable[[Dice], Outcome[Any]]:
    if state is None:
        return partial(alone, action)
    return partial(with_state, state, action)


def exact_of_action(
    exact: Callable[[Any], Distribution[Any]],
) -> Callable[[Any, Any, int], Distribution[Any]]:
    """The ``fast`` path of a kind of action whose exact distribution ``exact(action)`` reads
    neither a state nor a depth (no open-ended roll)."""
    return partial(_exact_alone, exact)


def _exact_alone(
    exact: Callable[[Any], Distribution[Any]], state: Any, action: Any, depth: int
) -> Distribution[Any]:
    return exact(action)
