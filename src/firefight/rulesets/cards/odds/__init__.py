"""cards' part of the odds layer: the shot, exact by the hypergeometric fast path."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.action_odds import ActionOdds
from firefight.probability.distribution import Distribution

__all__ = ["registrations"]


def _scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.cards.shot import resolve_shot

    return partial(resolve_shot, action)


def _fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.cards.odds.shot import shot_exact

    return shot_exact(action)


def registrations() -> list[ActionOdds]:
    from firefight.rulesets.cards.odds.shot import CARDS_STATS, shot_key, shot_stats
    from firefight.rulesets.cards.shot import Shot

    return [
        ActionOdds(
            ruleset="cards",
            name="shoot",
            action_type=Shot,
            scalar=_scalar,
            key=shot_key,
            stats=CARDS_STATS,
            fast=_fast,
            fast_depth=0,
            stats_for=shot_stats,
        )
    ]
