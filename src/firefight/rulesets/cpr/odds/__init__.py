"""cpr's part of the odds layer: the single shot and autofire, exact by their fast path and by
a vectorized Monte Carlo kernel."""

from __future__ import annotations

from typing import Any

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.action_odds import ActionOdds, scalar_with_state
from firefight.probability.distribution import Distribution

__all__ = ["registrations"]


def _resolve_with(state: Any, action: Any, dice: Dice) -> Outcome:
    from firefight.rulesets.cpr.odds.shot import resolve_cpr

    return resolve_cpr(action, dice, state)


def _fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.cpr.odds.shot import cpr_exact

    return cpr_exact(action, state, generic=False)


def _kernel(state: Any, action: Any, samples: int, seed: int) -> Distribution[Any]:
    from firefight.rulesets.cpr.odds.shot import cpr_sample

    return cpr_sample(action, state, samples=samples, seed=seed)


def registrations() -> list[ActionOdds]:
    """The single shot and autofire."""
    from firefight.rulesets.cpr.attack import RangedAttack
    from firefight.rulesets.cpr.autofire import AutofireAttack
    from firefight.rulesets.cpr.odds.shot import CPR_STATS, cpr_key, cpr_stats, resolve_cpr_for_odds

    return [
        ActionOdds(
            ruleset="cpr",
            name=name,
            action_type=kind,
            scalar=scalar_with_state(resolve_cpr_for_odds, _resolve_with),
            key=cpr_key,
            stats=CPR_STATS,
            fast=_fast,
            fast_depth=0,
            kernel=_kernel,
            stats_for=cpr_stats,
        )
        for name, kind in (("shoot", RangedAttack), ("autofire", AutofireAttack))
    ]
