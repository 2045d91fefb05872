"""A round in CS gas as the odds layer sees it (RMU-EXP-16): who keeps a coherent action.
The generic engine enumerates each breathing victim's Constitution maneuver."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.gas import CsExposure, CsResult, resolve_cs

__all__ = ["GasView", "describe_gas", "gas_stats", "gas_view", "resolve_gas_for_odds"]


class GasView(NamedTuple):
    """Each victim's name and whether they kept a coherent action, in order."""

    coherent: tuple[tuple[str, bool], ...]


def gas_view(outcome: Outcome[CsResult]) -> GasView:
    return GasView(tuple((v.name, v.coherent) for v in outcome.result.victims))


def resolve_gas_for_odds(decl: CsExposure, dice: Dice) -> Outcome[CsResult]:
    return resolve_cs(decl, dice)


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
