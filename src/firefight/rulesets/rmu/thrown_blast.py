"""A throw and the blast where it lands, as one action for the odds (RMU-EXP-1, RMU-EXP-2).

``odds rmu throw`` asks what a throw does to everyone in the scene before it is made: the
placement roll and the d12 decide where it lands (:mod:`~firefight.rulesets.rmu.placement`),
then the detonation there is read by every body
(:mod:`~firefight.rulesets.rmu.detonation`). Dice: the placement roll, the d12 when it
scatters, the detonation roll, then each body's critical.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.frozen import replace
from firefight.outcome import Outcome
from firefight.rulesets.rmu.blast_results import ThrownBlastResult
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import Blast, resolve_detonation
from firefight.rulesets.rmu.placement import ExplosiveLanded, Throw, resolve_throw
from firefight.trace import Trace

__all__ = ["ThrownBlast", "resolve_thrown_blast"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrownBlast:
    """``throw`` and the people its ``blast`` may reach; the blast's centre is where it lands."""

    throw: Throw
    blast: Blast


def resolve_thrown_blast(
    action: ThrownBlast, dice: Dice, data: RmuData | None = None
) -> Outcome[ThrownBlastResult]:
    thrown = resolve_throw(action.throw, dice)
    landed = next(e for e in thrown.events if isinstance(e, ExplosiveLanded))
    done = resolve_detonation(replace(action.blast, center=landed.at), dice, data)
    return Outcome(
        events=(*thrown.events, *done.events),
        trace=Trace((*thrown.trace.entries, *done.trace.entries)),
        result=ThrownBlastResult(
            blast=done.result, landed=thrown.result.landed, placement=thrown.result.result
        ),
    )
