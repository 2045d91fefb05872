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
from firefight.probability.action_odds import (
    ActionOdds,
    BatchResult,
    scalar_of_action,
    scalar_with_state,
)
from firefight.probability.distribution import Distribution
from firefight.probability.stats import Stat

__all__ = ["registration", "registrations"]


def _resolve_shot_with(state: Any, shot: Any, dice: Dice) -> Outcome:
    from firefight.rulesets.rmu.shot import resolve_aimed_shot

    return resolve_aimed_shot(shot, dice, state)


def _shot_fast(state: Any, shot: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_exact

    return aimed_shot_exact(shot, state, depth=depth)


def _shot_batch(state: Any, shots: Sequence[Any], depth: int, stats: Sequence[Stat]) -> BatchResult:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_stats_batch

    return aimed_shot_stats_batch(shots, state, depth=depth, stats=stats)


def _shot_kernel(state: Any, shot: Any, samples: int, seed: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.shot import aimed_shot_sample

    return aimed_shot_sample(shot, state, samples=samples, seed=seed)


def _blast_fast(state: Any, blast: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.blast import blast_exact

    return blast_exact(state, blast, depth)


def _thrown_fast(state: Any, action: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.blast import thrown_exact

    return thrown_exact(state, action, depth)


def _gas_fast(state: Any, decl: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.gas import gas_exact

    return gas_exact(decl, depth)


def _melee_fast(state: Any, attack: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.melee import melee_exact

    return melee_exact(state, attack, depth)


def _escape_fast(state: Any, escape: Any, depth: int) -> Distribution[Any]:
    from firefight.rulesets.rmu.odds.melee import escape_exact

    return escape_exact(state, escape, depth)


def _kindred_scalar(state: Any, decl: Any) -> Callable[[Dice], Outcome]:
    from firefight.rulesets.rmu.kindred_options import BiteDeclaration
    from firefight.rulesets.rmu.odds.kindred import resolve_bite_for_odds, resolve_stake_for_odds

    if isinstance(decl, BiteDeclaration):
        return partial(resolve_bite_for_odds, decl)
    return partial(resolve_stake_for_odds, decl)


def _shot() -> list[ActionOdds]:
    """The aimed shot, with every fast path."""
    from firefight.rulesets.rmu.odds.views import (
        SHOT_STATS,
        resolve_for_odds,
        shot_stats,
        shot_view,
    )
    from firefight.rulesets.rmu.shot import AimedShot

    return [
        ActionOdds(
            ruleset="rmu",
            name="shoot",
            action_type=AimedShot,
            scalar=scalar_with_state(resolve_for_odds, _resolve_shot_with),
            key=shot_view,
            stats=SHOT_STATS,
            stats_for=shot_stats,
            fast=_shot_fast,
            fast_depth=9,
            batch=_shot_batch,
            kernel=_shot_kernel,
        )
    ]


def _fire() -> list[ActionOdds]:
    """Rapid fire (its preparation and its firing round) and the suppression sweep with no
    fast path (each person caught rolls on their own): the generic engine and Monte Carlo
    over the scalar resolver."""
    from firefight.rulesets.rmu.odds.fire import (
        PREPARATION_STATS,
        fire_scalar,
        fire_stats,
        fire_view,
        preparation_view,
    )
    from firefight.rulesets.rmu.rapid_fire import RapidFire, RapidFirePreparation
    from firefight.rulesets.rmu.suppression import SuppressionSweep

    found = [
        ActionOdds(
            ruleset="rmu",
            name="rapid-fire-preparation",
            action_type=RapidFirePreparation,
            scalar=fire_scalar,
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
                scalar=fire_scalar,
                key=fire_view,
                stats=(),
                stats_for=fire_stats,
            )
        )
    return found


def _blasts() -> list[ActionOdds]:
    """The detonation with a fast path over its one roll, the throw with one over its
    placement (:mod:`firefight.rulesets.rmu.odds.blast`)."""
    from firefight.rulesets.rmu.detonation import Blast
    from firefight.rulesets.rmu.odds.blast import (
        blast_stats,
        blast_view,
        landing_view,
        resolve_blast_for_odds,
        resolve_blast_with,
        resolve_thrown_for_odds,
        resolve_thrown_with,
        thrown_stats,
    )
    from firefight.rulesets.rmu.thrown_blast import ThrownBlast

    return [
        ActionOdds(
            ruleset="rmu",
            name="explode",
            action_type=Blast,
            scalar=scalar_with_state(resolve_blast_for_odds, resolve_blast_with),
            key=blast_view,
            stats=(),
            stats_for=blast_stats,
            fast=_blast_fast,
            fast_depth=9,
        ),
        ActionOdds(
            ruleset="rmu",
            name="throw",
            action_type=ThrownBlast,
            scalar=scalar_with_state(resolve_thrown_for_odds, resolve_thrown_with),
            key=landing_view,
            stats=(),
            stats_for=thrown_stats,
            fast=_thrown_fast,
            fast_depth=4,
        ),
    ]


def _gas() -> list[ActionOdds]:
    from firefight.rulesets.rmu.gas import CsExposure
    from firefight.rulesets.rmu.odds.gas import gas_stats, gas_view, resolve_gas_for_odds

    return [
        ActionOdds(
            ruleset="rmu",
            name="gas",
            action_type=CsExposure,
            scalar=scalar_of_action(resolve_gas_for_odds),
            key=gas_view,
            stats=(),
            stats_for=gas_stats,
            fast=_gas_fast,
            fast_depth=9,
        )
    ]


def _melee() -> list[ActionOdds]:
    """The melee attack (a grapple is one) with a fast path over its one open-ended roll, the
    escape with one over its two (:mod:`firefight.rulesets.rmu.odds.melee`)."""
    from firefight.rulesets.rmu.melee.attack import MeleeAttack
    from firefight.rulesets.rmu.melee.grapple import Escape
    from firefight.rulesets.rmu.odds.melee import (
        ESCAPE_STATS,
        escape_view,
        melee_stats,
        melee_view,
        resolve_escape_for_odds,
        resolve_melee_for_odds,
        resolve_melee_with,
    )

    return [
        ActionOdds(
            ruleset="rmu",
            name="melee",
            action_type=MeleeAttack,
            scalar=scalar_with_state(resolve_melee_for_odds, resolve_melee_with),
            key=melee_view,
            stats=melee_stats(None),
            stats_for=melee_stats,
            fast=_melee_fast,
            fast_depth=9,
        ),
        ActionOdds(
            ruleset="rmu",
            name="escape",
            action_type=Escape,
            scalar=scalar_of_action(resolve_escape_for_odds),
            key=escape_view,
            stats=ESCAPE_STATS,
            fast=_escape_fast,
            fast_depth=6,
        ),
    ]


def _kindred() -> list[ActionOdds]:
    from firefight.rulesets.rmu.kindred_options import BiteDeclaration, StakeDeclaration
    from firefight.rulesets.rmu.odds.kindred import KINDRED_STATS, kindred_stats, kindred_view

    kindred: tuple[tuple[str, type[Any]], ...] = (
        ("bite", BiteDeclaration),
        ("stake", StakeDeclaration),
    )
    return [
        ActionOdds(
            ruleset="rmu",
            name=name,
            action_type=declared,
            scalar=_kindred_scalar,
            key=kindred_view,
            stats=KINDRED_STATS,
            stats_for=kindred_stats,
        )
        for name, declared in kindred
    ]


#: Each kind of action (by module and name, so that naming it imports nothing) and the group
#: of registrations it is in: the odds of one action import that group's modules alone.
_GROUPS: dict[str, Callable[[], list[ActionOdds]]] = {
    "firefight.rulesets.rmu.shot.AimedShot": _shot,
    "firefight.rulesets.rmu.rapid_fire.RapidFirePreparation": _fire,
    "firefight.rulesets.rmu.rapid_fire.RapidFire": _fire,
    "firefight.rulesets.rmu.suppression.SuppressionSweep": _fire,
    "firefight.rulesets.rmu.detonation.Blast": _blasts,
    "firefight.rulesets.rmu.thrown_blast.ThrownBlast": _blasts,
    "firefight.rulesets.rmu.gas.CsExposure": _gas,
    "firefight.rulesets.rmu.melee.attack.MeleeAttack": _melee,
    "firefight.rulesets.rmu.melee.grapple.Escape": _melee,
    "firefight.rulesets.rmu.kindred_options.BiteDeclaration": _kindred,
    "firefight.rulesets.rmu.kindred_options.StakeDeclaration": _kindred,
}


def registrations() -> list[ActionOdds]:
    """Every rmu action the odds layer knows: the aimed shot, rapid fire and suppression, the
    detonation and the throw, CS gas, melee and the escape, the bite and the stake."""
    return [entry for group in dict.fromkeys(_GROUPS.values()) for entry in group()]


def registration(kind: type[Any]) -> ActionOdds | None:
    """The registration of ``kind``, importing only the modules of its group."""
    group = _GROUPS.get(f"{kind.__module__}.{kind.__qualname__}")
    return next((e for e in group() if e.action_type is kind), None) if group else None
