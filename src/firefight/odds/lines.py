"""The odds of an encounter's action line, before anyone rolls: what the web table shows beside
the action being composed.

An action line is resolved against the state by the ruleset's own seams (parse, validate,
resolve), so its odds are sampled through those very seams: the same resolver, fed seeded dice
many times, its outcome read as a word of the shared vocabulary (docs/json.md). A refused line
is refused here exactly as when it is declared, before any die. The sampling is seeded, so the
same line on the same state shows the same figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firefight.probability.montecarlo import simulate

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset
    from firefight.scene.state import EncounterState

__all__ = ["LINE_SAMPLES", "LineOdds", "line_odds"]

#: Samples per estimate: a standard error under 1.2 points on any probability, in well under a
#: second for the slowest resolver.
LINE_SAMPLES = 2_000


@dataclass(frozen=True, slots=True, kw_only=True)
class LineOdds:
    """How often each outcome word came up, and how the figures were found."""

    actor: str
    verb: str
    outcomes: Mapping[str, float]
    method: str
    samples: int


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
    found = simulate(
        lambda dice: ruleset.resolve(state, action, dice),
        key=lambda outcome: str(ruleset.outcome_word(outcome.summary)),
        samples=samples,
        seed=seed,
    )
    ordered = dict(sorted(found.probabilities.items(), key=lambda kv: -kv[1]))
    return LineOdds(
        actor=action.actor,
        verb=action.verb,
        outcomes=ordered,
        method=found.method,
        samples=samples,
    )
