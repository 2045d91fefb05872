"""gurps's part of the odds layer: the shot, exact by the generic enumeration (every die face)
and by its fast path (every sum of the same dice, :mod:`.shot`)."""

from __future__ import annotations

from firefight.probability.action_odds import ActionOdds, exact_of_action, scalar_of_action

__all__ = ["registrations"]


def registrations() -> list[ActionOdds]:
    from firefight.rulesets.gurps.attack import resolve_shot
    from firefight.rulesets.gurps.odds.shot import SHOT_STATS, shot_exact, shot_key
    from firefight.rulesets.gurps.shot import Shoot

    return [
        ActionOdds(
            ruleset="gurps",
            name="shoot",
            action_type=Shoot,
            scalar=scalar_of_action(resolve_shot),
            key=shot_key,
            stats=SHOT_STATS,
            fast=exact_of_action(shot_exact),
            fast_depth=0,
        )
    ]
