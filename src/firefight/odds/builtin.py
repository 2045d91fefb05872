"""The odds registrations firefight ships: the rmu aimed shot, rapid fire (its preparation and
its firing round) and suppression sweep, and the cpr single shot and autofire. numpy is imported
only when a fast path or kernel is first used."""

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
    register_rmu_fire()
    register_cpr()


def _rmu_fire_scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    from firefight.odds.rmu_fire import resolve_fire_for_odds, resolve_fire_with

    if state is None:
        return partial(resolve_fire_for_odds, action)
    return partial(resolve_fire_with, state, action)


def register_rmu_fire() -> None:
    """The rmu rapid fire and suppression sweep: no fast path (each person caught rolls on
    their own), so the generic engine and Monte Carlo over the scalar resolver."""
    from firefight.odds.rmu_fire import (
        PREPARATION_STATS,
        fire_stats,
        fire_view,
        preparation_view,
    )
    from firefight.rulesets.rmu.rapid_fire import RapidFire, RapidFirePreparation
    from firefight.rulesets.rmu.suppression import SuppressionSweep

    register(
        ActionOdds(
            ruleset="rmu",
            name="rapid-fire-preparation",
            action_type=RapidFirePreparation,
            scalar=_rmu_fire_scalar,
            key=preparation_view,
            stats=PREPARATION_STATS,
        )
    )
    for name, kind in (("rapid-fire", RapidFire), ("suppress", SuppressionSweep)):
        register(
            ActionOdds(
                ruleset="rmu",
                name=name,
                action_type=kind,
                scalar=_rmu_fire_scalar,
                key=fire_view,
                stats=(),
                stats_for=fire_stats,
            )
        )


def _cpr_scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    from firefight.odds.cpr_shot import resolve_cpr_for_odds

    if state is None:
        return partial(resolve_cpr_for_odds, action)
    return partial(_resolve_cpr_with, state, action)


def _resolve_cpr_with(state: Any, action: Any, dice: Dice) -> Outcome:
    from firefight.odds.cpr_shot import resolve_cpr

    return resolve_cpr(action, dice, state)


def _cpr_fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.odds.cpr_shot import cpr_exact

    return cpr_exact(action, state)


def _cpr_kernel(state: Any, action: Any, samples: int, seed: int) -> Distribution[Any]:
    from firefight.odds.cpr_shot import cpr_sample

    return cpr_sample(action, state, samples=samples, seed=seed)


def register_cpr() -> None:
    """The cpr single shot and autofire, when the cpr ruleset is installed."""
    try:
        from firefight.odds.cpr_shot import CPR_STATS, cpr_key, cpr_stats
        from firefight.rulesets.cpr.attack import RangedAttack
        from firefight.rulesets.cpr.autofire import AutofireAttack
    except ImportError:  # pragma: no cover - a build without the cpr ruleset
        return
    for name, kind in (("shoot", RangedAttack), ("autofire", AutofireAttack)):
        register(
            ActionOdds(
                ruleset="cpr",
                name=name,
                action_type=kind,
                scalar=_cpr_scalar,
                key=cpr_key,
                stats=CPR_STATS,
                fast=_cpr_fast,
                fast_depth=0,
                kernel=_cpr_kernel,
                stats_for=cpr_stats,
            )
        )
