"""The odds registrations firefight ships: the rmu aimed shot, and the cpr shots when the cpr
ruleset is installed. numpy is imported only when a fast path or kernel is first used."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from firefight.dice import Dice
from firefight.odds.api import ActionOdds, BatchResult, register
from firefight.odds.distribution import Distribution
from firefight.outcome import Outcome

__all__ = ["register_builtins"]


def _rmu_scalar(state: Any, shot: Any) -> Callable[[Dice], Outcome]:
    from firefight.odds.rmu_views import resolve_for_odds

    if state is None:
        return partial(resolve_for_odds, shot)
    return partial(_resolve_rmu_with, state, shot)


def _resolve_rmu_with(state: Any, shot: Any, dice: Dice) -> Outcome:
    from firefight.rulesets.rmu.shot import resolve_aimed_shot

    return resolve_aimed_shot(shot, dice, state)


def _rmu_fast(state: Any, shot: Any, depth: int) -> Distribution[Any]:
    from firefight.odds.rmu_shot import aimed_shot_exact

    return aimed_shot_exact(shot, state, depth=depth)


def _rmu_batch(state: Any, shots: Sequence[Any], depth: int) -> BatchResult:
    from firefight.odds.rmu_shot import aimed_shot_stats_batch

    return aimed_shot_stats_batch(shots, state, depth=depth)


def _rmu_kernel(state: Any, shot: Any, samples: int, seed: int) -> Distribution[Any]:
    from firefight.odds.rmu_shot import aimed_shot_sample

    return aimed_shot_sample(shot, state, samples=samples, seed=seed)


def register_builtins() -> None:
    from firefight.odds.rmu_views import SHOT_STATS, shot_view
    from firefight.rulesets.rmu.shot import AimedShot

    register(
        ActionOdds(
            ruleset="rmu",
            name="shoot",
            action_type=AimedShot,
            scalar=_rmu_scalar,
            key=shot_view,
            stats=SHOT_STATS,
            fast=_rmu_fast,
            fast_depth=9,
            batch=_rmu_batch,
            kernel=_rmu_kernel,
        )
    )
