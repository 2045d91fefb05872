"""A round in CS gas as the odds layer sees it (RMU-EXP-16): who keeps a coherent action.
The generic engine enumerates each breathing victim's Constitution maneuver; the fast path
reads the same maneuver off the open-ended d100's distribution."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import product
from math import prod
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.openended import open_ended
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.gas import CsExposure, CsResult, resolve_cs
from firefight.rulesets.rmu.maneuvers import ABSOLUTE_PASSES, read_absolute

__all__ = [
    "GasView",
    "describe_gas",
    "gas_exact",
    "gas_stats",
    "gas_view",
    "resolve_gas_for_odds",
]

#: A first face that opens no chain: the resolver run on it gives each maneuver's modifiers.
_PLAIN = 50


class GasView(NamedTuple):
    """Each victim's name and whether they kept a coherent action, in order."""

    coherent: tuple[tuple[str, bool], ...]


def gas_view(outcome: Outcome[CsResult]) -> GasView:
    return GasView(tuple((v.name, v.coherent) for v in outcome.result.victims))


def resolve_gas_for_odds(decl: CsExposure, dice: Dice) -> Outcome[CsResult]:
    return resolve_cs(decl, dice)


def gas_exact(decl: CsExposure, depth: int) -> Distribution[GasView]:
    """Exact over each breathing victim's maneuver, its open-ended d100 (D-1, both ends)
    followed ``depth`` rerolls and read on the absolute ladder (M-3); the victims roll apart,
    so their chances multiply. The modifiers are the resolver's own: one run of it on a plain
    face gives each maneuver's total, the face taken off."""
    roll = open_ended(depth, low_end=True)
    plain = resolve_cs(decl, Dice.scripted([_PLAIN] * len(decl.victims))).result
    chances: list[list[tuple[bool, float]]] = []
    for row in plain.victims:
        if row.total is None:  # a mask, a held breath, no breath: nothing to roll
            chances.append([(row.coherent, 1.0)])
            continue
        shift = row.total - _PLAIN
        kept = sum(
            float(p)
            for i, p in enumerate(roll.p)
            if read_absolute(roll.low + i + shift, _PLAIN).result in ABSOLUTE_PASSES
        )
        chances.append([(True, kept), (False, 1 - roll.cut_off - kept)])
    names = [row.name for row in plain.victims]
    probabilities: dict[GasView, float] = {}
    for picks in product(*chances):
        p = prod(chance for _, chance in picks)
        if p > 0:
            view = GasView(tuple(zip(names, (ok for ok, _ in picks), strict=True)))
            probabilities[view] = probabilities.get(view, 0.0) + p
    rolled = sum(row.total is not None for row in plain.victims)
    return Distribution(
        probabilities=probabilities,
        method="fast exact",
        cut_off=1 - (1 - roll.cut_off) ** rolled,
        depth=depth,
    )


def _choke(name: str) -> Stat:
    def read(view: Hashable) -> float:
        assert isinstance(view, GasView)
        return float(not dict(view.coherent)[name])

    return Stat(name=f"{name}.p_no_action", label=f"{name}: P(no coherent action)",
                kind="probability", read=read, group="effect")  # fmt: skip


def gas_stats(decl: Any) -> tuple[Stat, ...]:
    """One stat per victim: P(no coherent action this round)."""
    return tuple(_choke(v.name) for v in decl.victims)


def describe_gas(view: Any) -> str:
    return "; ".join(f"{n} {'acts' if ok else 'chokes'}" for n, ok in view.coherent)
