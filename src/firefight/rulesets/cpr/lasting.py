"""Grenade loads whose effect lasts (C-14, DEC-461): a flashbang's blindness and deafness, an
EMP's dead electronics and a sleep load's sleep stand on the one they took for the load's
turns; smoke and teargas fill the explosive square for as long. Each is an
:class:`~firefight.scene.state.ActiveCondition` counted down by the encounter's upkeep (a cpr
turn ends: :func:`~firefight.rulesets.cpr.turns.end_turn`), so the state table and the log show
how long is left and a GM can undo it like any other event.

While a personal effect lasts, the load's ``lasting_injuries`` stand among the combatant's
critical injuries, so every roll reads their penalties where the injuries' own rules put them.
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.events import Event
from firefight.frozen import replace
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import CloudFormed, LoadTook, LoadWoreOff
from firefight.rulesets.cpr.fighter import fighter
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.state import ActiveCondition, EncounterState
from firefight.wording import counted

__all__ = [
    "CLOUD_CONDITION",
    "LOAD_CONDITION",
    "apply_cloud",
    "apply_load",
    "apply_wore_off",
    "lasting_lines",
]

LOAD_CONDITION = "cpr-load"
CLOUD_CONDITION = "cpr-cloud"


def _data() -> CprData:
    from firefight.rulesets.cpr import cpr_data

    return cpr_data()


def _load_id(target: str, load: str) -> str:
    return f"{LOAD_CONDITION}:{load}:{target}"


def apply_load(state: EncounterState, e: LoadTook) -> EncounterState:
    """The effect takes hold (again: a second flashbang restarts the count, its penalties do
    not stack)."""
    key = _load_id(e.target, e.load)
    fresh = not any(c.id == key for c in state.conditions)
    kept = ActiveCondition(
        id=key, kind=LOAD_CONDITION, holder=e.target, rounds_left=e.turns, data=(("load", e.load),)
    )
    state = replace(state, conditions=(*(c for c in state.conditions if c.id != key), kept))
    if not fresh:
        return state
    c = state.combatant(e.target)
    own = fighter(c)
    injuries = (*own.injuries, *_data().ammunition(e.load).lasting_injuries)
    return state.with_combatant(replace(c, stats=replace(own, injuries=injuries)))


def apply_wore_off(state: EncounterState, e: LoadWoreOff) -> EncounterState:
    """The effect ends: its injuries go (one of each, so a real injury of the same kind stays)
    and a load that knocked them out lets them wake."""
    c = state.combatant(e.target)
    own = fighter(c)
    injuries = list(own.injuries)
    ammo = _data().ammunition(e.load)
    for key in ammo.lasting_injuries:
        if key in injuries:
            injuries.remove(key)
    woke = ammo.resist is not None and ammo.resist.unconscious and not c.dead
    c = replace(c, stats=replace(own, injuries=tuple(injuries)))
    if woke:
        c = replace(c, unconscious=False)
    return state.with_combatant(c)


def apply_cloud(state: EncounterState, e: CloudFormed) -> EncounterState:
    number = sum(1 for c in state.conditions if c.kind == CLOUD_CONDITION) + 1
    cloud = ActiveCondition(
        id=f"{CLOUD_CONDITION}:{number}",
        kind=CLOUD_CONDITION,
        rounds_left=e.turns,
        data=(("load", e.load), ("x_m", e.x_m), ("y_m", e.y_m), ("side_m", e.side_m)),
    )
    return replace(state, conditions=(*state.conditions, cloud))


def _load_name(condition: ActiveCondition) -> str:
    """The name of the load a lasting effect or a cloud came from (``flashbang load``)."""
    return _data().ammunition(str(condition.get("load"))).name


def lasting_lines(state: EncounterState) -> list[str]:
    """What lasts, for the lines under the state table: each person's load effects with the
    turns left, then the clouds on the scene."""
    lines = []
    for c in state.conditions:
        if c.kind not in (LOAD_CONDITION, CLOUD_CONDITION):
            continue
        name = _load_name(c)
        assert c.rounds_left is not None  # a load and a cloud take with their turns (C-14)
        left = counted(c.rounds_left, "turn")
        if c.kind == LOAD_CONDITION:
            lines.append(f"{c.holder}: {name}, {left} left")
            continue
        x, y, side = (float(c.get(k) or 0) for k in ("x_m", "y_m", "side_m"))
        lines.append(f"{name}: a {side:g} m square at {x:g},{y:g} m, {left} left")
    return lines


class _Load(ConditionKind):
    """A load's effect on one person: counted down each turn, worn off at 0."""

    name = LOAD_CONDITION
    rulesets = ("cpr",)

    def begun(self, condition: ActiveCondition) -> str:
        return f"{condition.holder} under the {_load_name(condition)}"

    def expire(self, state: EncounterState, condition: ActiveCondition) -> Sequence[Event]:
        assert condition.holder is not None
        return (LoadWoreOff(target=condition.holder, load=str(condition.get("load"))),)


class _Cloud(ConditionKind):
    """Smoke or teargas over a square: counted down each turn, gone at 0."""

    name = CLOUD_CONDITION
    rulesets = ("cpr",)


register_condition(_Load())
register_condition(_Cloud())
