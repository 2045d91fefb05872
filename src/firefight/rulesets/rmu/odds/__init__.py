"""rmu's part of the odds layer: the aimed shot's fast exact path, batch path and Monte Carlo
kernel, the rapid fire and suppression sweep through the generic engines, and the designers'
claims checked against the tables. numpy is imported only when a fast path or kernel is first
used."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.action_odds import ActionOdds, BatchResult
from firefight.probability.distribution import Distribution

__all__ = ["registrations"]


def _on_data(
    for_odds: Callable[[Any, Dice], Outcome],
    with_data: Callable[[Any, Any, Dice], Outcome],
    state: Any,
    action: Any,
) -> Callable[[Dice], Outcome]:
    """The scalar resolver of ``action``: on the default data (``state`` None) a partial of
    ``for_odds``, which a process pool can pickle; else ``with_data`` on ``state``."""
    if state is None:
        return partial(for_odds, action)
    return partial(with_data, state, action)


def _shot_scalar(state: Any, shot: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.views import resolve_for_odds

    return _on_data(resolve_for_odds, _resolve_shot_with, state, shot)


def _resolve_shot_with(state: Any, shot: Any, dice: Dice) -> Outcome:
    from firefight.rulesets.rmu.shot import resolve_aimed_shot

    return resolve_aimed_shot(shot, dice, state)


def _shot_fast(state: Any, shot: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_exact

    return aimed_shot_exact(shot, state, depth=depth)


def _shot_batch(state: Any, shots: Sequence[Any], depth: int) -> BatchResult:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_stats_batch

    return aimed_shot_stats_batch(shots, state, depth=depth)


def _shot_kernel(state: Any, shot: Any, samples: int, seed: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_sample

    return aimed_shot_sample(shot, state, samples=samples, seed=seed)


def _fire_scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.fire import resolve_fire_for_odds, resolve_fire_with

    return _on_data(resolve_fire_for_odds, resolve_fire_with, state, action)


def _blast_scalar(state: Any, blast: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.blast import resolve_blast_for_odds, resolve_blast_with

    return _on_data(resolve_blast_for_odds, resolve_blast_with, state, blast)


def _blast_fast(state: Any, blast: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.blast import blast_exact

    return blast_exact(state, blast, depth)


def _thrown_scalar(state: Any, action: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.blast import resolve_thrown_for_odds, resolve_thrown_with

    return _on_data(resolve_thrown_for_odds, resolve_thrown_with, state, action)


def _thrown_fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.blast import thrown_exact

    return thrown_exact(state, action, depth)


def _melee_scalar(state: Any, attack: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.melee import resolve_melee_for_odds, resolve_melee_with

    return _on_data(resolve_melee_for_odds, resolve_melee_with, state, attack)


def _melee_fast(state: Any, attack: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.melee import melee_exact

    return melee_exact(state, attack, depth)


def _escape_fast(state: Any, escape: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.melee import escape_exact

    return escape_exact(state, escape, depth)


def _escape_scalar(state: Any, escape: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.melee import resolve_escape_for_odds

    return partial(resolve_escape_for_odds, escape)


def _gas_scalar(state: Any, decl: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.odds.gas import resolve_gas_for_odds

    return partial(resolve_gas_for_odds, decl)


def _kindred_scalar(state: Any, decl: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.kindred_options import BiteDeclaration
    from firefight.rulesets.rmu.odds.kindred import resolve_bite_for_odds, resolve_stake_for_odds

    if isinstance(decl, BiteDeclaration):
        return partial(resolve_bite_for_odds, decl)
    return partial(resolve_stake_for_odds, decl)


def registrations() -> list[ActionOdds]:
    """The aimed shot with every fast path; rapid fire (its preparation and its firing round)
    and the suppression sweep with none (each person caught rolls on their own), so the
    generic engine and Monte Carlo over the scalar resolver; the detonation with a fast path
    over its one roll (:mod:`firefight.rulesets.rmu.odds.blast`); the melee attack (a grapple is
    one) with a fast path over its one open-ended roll, the escape with one over its two
    (:mod:`firefight.rulesets.rmu.odds.melee`)."""
    from firefight.rulesets.rmu.odds.fire import (
        PREPARATION_STATS,
        fire_stats,
        fire_view,
        preparation_view,
    )
    from firefight.rulesets.rmu.odds.views import SHOT_STATS, shot_view
    from firefight.rulesets.rmu.rapid_fire import RapidFire, RapidFirePreparation
    from firefight.rulesets.rmu.shot import AimedShot
    from firefight.rulesets.rmu.suppression import SuppressionSweep

    found = [
        ActionOdds(
            ruleset="rmu",
            name="shoot",
            action_type=AimedShot,
            scalar=_shot_scalar,
            key=shot_view,
            stats=SHOT_STATS,
            fast=_shot_fast,
            fast_depth=9,
            batch=_shot_batch,
            kernel=_shot_kernel,
        ),
        ActionOdds(
            ruleset="rmu",
            name="rapid-fire-preparation",
            action_type=RapidFirePreparation,
            scalar=_fire_scalar,
            key=preparation_view,
            stats=PREPARATION_STATS,
        ),
    ]
    for name, kind in (("rapid-fire", RapidFire), ("suppress", SuppressionSweep)):
        found.append(
            ActionOdds(
                ruleset="rmu",
                name=name,
                action_type=kind,
                scalar=_fire_scalar,
                key=fire_view,
                stats=(),
                stats_for=fire_stats,
            )
        )
    from firefight.rulesets.rmu.detonation import Blast
    from firefight.rulesets.rmu.odds.blast import (
        blast_stats,
        blast_view,
        landing_view,
        thrown_stats,
    )
    from firefight.rulesets.rmu.thrown_blast import ThrownBlast

    found.append(
        ActionOdds(
            ruleset="rmu",
            name="explode",
            action_type=Blast,
            scalar=_blast_scalar,
            key=blast_view,
            stats=(),
            stats_for=blast_stats,
            fast=_blast_fast,
            fast_depth=9,
        )
    )
    found.append(
        ActionOdds(
            ruleset="rmu",
            name="throw",
            action_type=ThrownBlast,
            scalar=_thrown_scalar,
            key=landing_view,
            stats=(),
            stats_for=thrown_stats,
            fast=_thrown_fast,
            fast_depth=4,
        )
    )
    from firefight.rulesets.rmu.gas import CsExposure
    from firefight.rulesets.rmu.odds.gas import gas_stats, gas_view

    found.append(
        ActionOdds(
            ruleset="rmu",
            name="gas",
            action_type=CsExposure,
            scalar=_gas_scalar,
            key=gas_view,
            stats=(),
            stats_for=gas_stats,
        )
    )
    from firefight.rulesets.rmu.melee.attack import MeleeAttack
    from firefight.rulesets.rmu.melee.grapple import Escape
    from firefight.rulesets.rmu.odds.melee import (
        ESCAPE_STATS,
        escape_view,
        melee_stats,
        melee_view,
    )

    found.append(
        ActionOdds(
            ruleset="rmu",
            name="melee",
            action_type=MeleeAttack,
            scalar=_melee_scalar,
            key=melee_view,
            stats=melee_stats(None),
            stats_for=melee_stats,
            fast=_melee_fast,
            fast_depth=9,
        )
    )
    found.append(
        ActionOdds(
            ruleset="rmu",
            name="escape",
            action_type=Escape,
            scalar=_escape_scalar,
            key=escape_view,
            stats=ESCAPE_STATS,
            fast=_escape_fast,
            fast_depth=6,
        )
    )
    from firefight.rulesets.rmu.kindred_options import BiteDeclaration, StakeDeclaration
    from firefight.rulesets.rmu.odds.kindred import KINDRED_STATS, kindred_view

    kindred: tuple[tuple[str, type[Any]], ...] = (
        ("bite", BiteDeclaration),
        ("stake", StakeDeclaration),
    )
    for name, declared in kindred:
        found.append(
            ActionOdds(
                ruleset="rmu",
                name=name,
                action_type=declared,
                scalar=_kindred_scalar,
                key=kindred_view,
                stats=KINDRED_STATS,
            )
        )
    return found
