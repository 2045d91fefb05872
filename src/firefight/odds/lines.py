"""The odds of an encounter's action line, before anyone rolls: what the web table shows beside
the action being composed.

An action line is resolved against the state by the ruleset's own seams (parse, validate,
resolve), so its odds come through those very seams, read as words of the shared outcome
vocabulary (docs/json.md). They are exact when the action's dice paths are few (the generic
enumeration, stopped past :data:`EXACT_PATHS`), else sampled: the same resolver fed seeded
dice :data:`LINE_SAMPLES` times, so the same line on the same state shows the same figures
(DEC-434). A refused line is refused here exactly as when it is declared, before any die.

Besides the outcome words, each run's events are applied to the state and the ruleset names
what they left people in (:meth:`~firefight.rulesets.base.Ruleset.odds_effects`: "Viktor
staked", "Tony dead"), so the odds say how likely each is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import enumerate_outcomes
from firefight.probability.montecarlo import simulate
from firefight.scene.apply import apply_all

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset
    from firefight.scene.state import EncounterState

__all__ = ["EXACT_PATHS", "LINE_SAMPLES", "LineOdds", "line_odds"]

K = TypeVar("K", bound=Hashable)

#: Samples per estimate: a standard error under 1.2 points on any probability, in about a
#: second for the slowest resolver.
LINE_SAMPLES = 2_000
#: Dice paths the exact enumeration may walk before the odds are sampled instead: a quarter of
#: the samples' work, so an action with too many paths costs little more for having tried.
EXACT_PATHS = 500


@dataclass(frozen=True, slots=True, kw_only=True)
class LineOdds:
    """How often each outcome word comes up, how often the action leaves someone in each state
    (``effects``), and how the figures were found (``exact``, or ``monte carlo`` with
    ``samples``)."""

    actor: str
    verb: str
    outcomes: Mapping[str, float]
    effects: Mapping[str, float]
    method: str
    samples: int | None


class _TooManyPaths(BaseException):
    """Raised through the resolver to stop the enumeration (control flow, not an error)."""


def _exact(run: Callable[[Dice], Outcome], key: Callable[[Outcome], K]) -> Distribution[K]:
    """The enumeration of ``run``, or :class:`_TooManyPaths` past :data:`EXACT_PATHS` runs."""
    runs = 0

    def counted(dice: Dice) -> Outcome:
        nonlocal runs
        runs += 1
        if runs > EXACT_PATHS:
            raise _TooManyPaths
        return run(dice)

    return enumerate_outcomes(counted, key=key)


def line_odds(
    state: EncounterState,
    ruleset: Ruleset,
    text: str,
    *,
    samples: int = LINE_SAMPLES,
    seed: int = 0,
) -> LineOdds:
    """The outcome words ``text`` comes to in ``state`` and their probabilities."""
    action = ruleset.parse_action(text, state)
    ruleset.validate(state, action)

    def run(dice: Dice) -> Outcome:
        return ruleset.resolve(state, action, dice)

    def key(outcome: Outcome) -> tuple[str, tuple[str, ...]]:
        after = apply_all(state, outcome.events, ruleset)
        return outcome.result.odds_word, tuple(ruleset.odds_effects(state, after))

    try:
        found = _exact(run, key)
    except _TooManyPaths:
        found = simulate(run, key=key, samples=samples, seed=seed)
    words: dict[str, float] = {}
    effects: dict[str, float] = {}
    for (word, left), p in found.probabilities.items():
        words[word] = words.get(word, 0.0) + p
        for effect in left:
            effects[effect] = effects.get(effect, 0.0) + p
    return LineOdds(
        actor=action.actor,
        verb=action.verb,
        outcomes=_by_odds(words),
        effects=_by_odds(effects),
        method=found.method,
        samples=found.samples,
    )


def _by_odds(shares: Mapping[str, float]) -> dict[str, float]:
    return dict(sorted(shares.items(), key=lambda kv: (-kv[1], kv[0])))
