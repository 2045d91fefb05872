"""cards' part of the odds layer: the shot, exact by the hypergeometric fast path."""

from __future__ import annotations

from firefight.probability.action_odds import ActionOdds, exact_of_action, scalar_of_action

__all__ = ["registrations"]


def registrations() -> list[ActionOdds]:
    from firefight.rulesets.cards.odds.shot import CARDS_STATS, shot_exact, shot_key, shot_stats
    from firefight.rulesets.cards.shot import Shot, resolve_shot

    return [
        ActionOdds(
            ruleset="cards",
            name="shoot",
            action_type=Shot,
            scalar=scalar_of_action(resolve_shot),
            key=shot_key,
            stats=CARDS_STATS,
            fast=exact_of_action(shot_exact),
            fast_depth=0,
            stats_for=shot_stats,
        )
    ]
