"""gurps's part of the odds layer: the shot, exact by the generic enumeration (every die face)
and by its fast path (every sum of the same dice, :mod:`.shot`)."""

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
    from firefight.rulesets.gurps.attack import resolve_shot

    return partial(resolve_shot, action)


def _fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.gurps.odds.shot import shot_exact

    return shot_exact(action)


def registrations() -> list[ActionOdds]:
    from firefight.rulesets.gurps.odds.shot import SHOT_STATS, shot_key
    from firefight.rulesets.gurps.shot import Shoot

    return [
        ActionOdds(
            ruleset="gurps",
            name="shoot",
            action_type=Shoot,
            scalar=_scalar,
            key=shot_key,
            stats=SHOT_STATS,
            fast=_fast,
            fast_depth=0,
        )
    ]
