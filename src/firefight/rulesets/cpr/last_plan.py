"""The last attack planned from an encounter's state, kept for the resolution that follows.

An action is validated, then resolved, on the same frozen state: validation runs the resolver
to its first die (:func:`~firefight.rulesets.cpr.encounter.validate_cpr_action`), so the
declaration the encounter builds from the state (the target's figures, the dodge, the named
modifiers, the trace of working them out) was built once already when the resolution asks
for it. The last one is kept, keyed on the identity of the function that built it and of the
state, the action and the data it was built from: a pure function of frozen values gives the
same plan for the same objects, and holding them here keeps their identity from being reused.
A plan that refuses is not kept (the next ask refuses again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from firefight.rulesets.cpr.data import CprData
from firefight.scene.actions import Action
from firefight.scene.state import EncounterState

__all__ = ["planned"]

A = TypeVar("A", bound=Action)
P = TypeVar("P")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Kept:
    build: Callable[..., object]
    state: EncounterState
    action: Action
    data: CprData
    plan: object


#: At most one plan: the last built.
_last: list[_Kept] = []


def planned(
    build: Callable[[EncounterState, A, CprData], P],
    state: EncounterState,
    action: A,
    data: CprData,
) -> P:
    """``build(state, action, data)``, or the plan it gave for these very objects last time."""
    for kept in _last:
        if (
            kept.build is build
            and kept.state is state
            and kept.action is action
            and kept.data is data
        ):
            return cast(P, kept.plan)
    plan = build(state, action, data)
    _last[:] = [_Kept(build=build, state=state, action=action, data=data, plan=plan)]
    return plan
