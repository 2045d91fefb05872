"""The library entry point: ``odds(state, action) -> Distribution``.

Each kind of action the odds layer knows is registered as an
:class:`~firefight.probability.action_odds.ActionOdds`: its scalar resolver and outcome key (all
the generic engines need), its headline stats, and optionally a fast exact path, a batch path
for sweeps and a vectorized Monte Carlo kernel. Every ruleset hands over its own from
:meth:`~firefight.rulesets.base.Ruleset.action_odds` the first time the registry is read; a
package adds more with :func:`register`.

``state`` is what the resolver reads besides the action: for the rmu and cpr shots, the
ruleset's data (None means the shipped data).

>>> from firefight.rulesets.rmu.shot import AimedShot
>>> d = odds(None, AimedShot(weapon="glock-17", ob=65, distance_ft=40, armor="BA II"))
>>> d.method, round(d.cut_off, 15) < 1e-12
('fast exact', True)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, Literal

from firefight.errors import UnknownNameError
from firefight.limits import MAX_DEPTH, MAX_PATHS, MAX_SAMPLES, LimitError, at_most
from firefight.probability.action_odds import ActionOdds, NoFastPath
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import DEFAULT_DEPTH, Checkpoint, enumerate_outcomes
from firefight.probability.montecarlo import simulate
from firefight.probability.stats import Stat, StatValue, read_stats
from firefight.rulesets import find_ruleset, ruleset_holding, ruleset_names

__all__ = [
    "EXACT_PATHS",
    "FALLBACK_SAMPLES",
    "GENERIC_CHECKPOINTS",
    "ActionOdds",
    "OddsMethod",
    "action_odds",
    "odds",
    "odds_stats",
    "register",
    "registered",
    "stats_of",
]

#: "exact": the fast exact path where there is one, else the generic enumeration;
#: "generic": always the generic enumeration (the reference); "monte-carlo": the vectorized
#: kernel where there is one, else the scalar resolver run ``samples`` times (on
#: ``executor`` when one is given).
OddsMethod = Literal["exact", "generic", "monte-carlo"]

#: Dice paths "exact" enumerates for an action without a fast path (about half a second of
#: resolver runs here), or projects it will need, before it samples instead (DEC-471);
#: "generic" goes on to :data:`~firefight.limits.MAX_PATHS`.
EXACT_PATHS = 3_000
#: Samples of that fallback at most: under a second of the scalar resolver here.
FALLBACK_SAMPLES = 5_000
#: Where "generic" judges whether its walk can finish within its limit (DEC-661, amending
#: DEC-651): after so many paths walked, from so many random paths in all, refusing past so
#: many times the limit. A tree far past it (a gurps turn of many shots) is refused after 500
#: paths, two cpr shots (six times it) after 500 or 8,000; a walk that finishes runs the
#: resolver at most 4,000 times more.
GENERIC_CHECKPOINTS = (
    Checkpoint(500, 125, 10),
    Checkpoint(8_000, 2_000, 3),
    Checkpoint(32_000, 4_000, 2),
)

_REGISTRY: dict[type[Any], ActionOdds] = {}
_FROM_RULESETS: set[str] = set()


def register(entry: ActionOdds) -> None:
    """Add (or replace) the odds handling of ``entry.action_type``."""
    _REGISTRY[entry.action_type] = entry


def registered() -> dict[type[Any], ActionOdds]:
    """Every registered kind of action: each installed ruleset's, read the first time the
    registry is asked after that ruleset is installed."""
    for name in ruleset_names():
        if name not in _FROM_RULESETS:
            _FROM_RULESETS.add(name)
            for entry in find_ruleset(name).action_odds():
                _REGISTRY.setdefault(entry.action_type, entry)
    return dict(_REGISTRY)


def action_odds(action: object) -> ActionOdds:
    """The registration for ``action``'s type. The ruleset whose package defines the type is
    asked first, for that type alone: the odds of an rmu shot import no other ruleset, nor
    the modules of rmu's other actions."""
    kind = type(action)
    found = _REGISTRY.get(kind)
    if found is None:
        owner = ruleset_holding(kind.__module__)
        own = find_ruleset(owner).odds_of(kind) if owner is not None else None
        found = _REGISTRY.setdefault(kind, own) if own is not None else registered().get(kind)
    if found is None:
        known = [e.name for e in registered().values()]
        raise UnknownNameError("kind of action for odds", kind.__name__, known)
    return found


def odds(
    state: object | None,
    action: object,
    *,
    method: OddsMethod = "exact",
    depth: int | None = None,
    samples: int = 1_000_000,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[float], None] | None = None,
) -> Distribution[Any]:
    """The distribution of what ``action`` does in ``state``.

    A refused action raises the same refusal as resolving it. ``depth`` is the number of
    open-ended rerolls followed by the exact engines (default: the fast path's, or the generic
    engine's smaller one); ``samples``, ``seed`` and ``executor`` drive Monte Carlo.
    """
    # Checked before any work, whichever engine runs (a fast path takes any depth it is given).
    if depth is not None:
        at_most("--depth", depth, MAX_DEPTH, low=0)
    at_most("--samples", samples, MAX_SAMPLES)
    entry = action_odds(action)
    if method == "exact" and entry.fast is not None:
        try:
            return entry.fast(state, action, entry.fast_depth if depth is None else depth)
        except NoFastPath:
            pass
    if method in ("exact", "generic"):
        try:
            return enumerate_outcomes(
                entry.scalar(state, action),
                key=entry.key,
                depth=DEFAULT_DEPTH if depth is None else depth,
                max_paths=EXACT_PATHS if method == "exact" else MAX_PATHS,
                projected=1 if method == "exact" else None,
                checkpoints=() if method == "exact" else GENERIC_CHECKPOINTS,
                progress=progress,
            )
        except LimitError:
            if method == "generic":
                raise
        # DEC-471: "exact" without a fast path answers in about a second or samples instead,
        # saying so (the distribution is a Monte Carlo one, with its sample count).
        samples = min(samples, FALLBACK_SAMPLES)
    if entry.kernel is not None:
        return entry.kernel(state, action, samples, seed)
    return simulate(
        entry.scalar(state, action),
        key=entry.key,
        samples=samples,
        seed=seed,
        executor=executor,
    )


def odds_stats(dist: Distribution[Any], action: object) -> list[StatValue]:
    """The headline stats of ``action`` read off ``dist``."""
    return read_stats(dist, stats_of(action_odds(action), action))


def stats_of(entry: ActionOdds, action: object) -> tuple[Stat, ...]:
    """The headline stats of ``action``, one of ``entry``'s kind: a query's and a sweep point's."""
    return entry.stats_for(action) if entry.stats_for is not None else entry.stats
