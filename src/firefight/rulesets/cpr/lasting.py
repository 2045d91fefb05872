"""Grenade loads whose effect lasts (C-14, DEC-461): a flashbang's blindness and deafness, an
EMP's dead electronics and a sleep load's sleep stand on the one they took for the load's
turns; smoke and teargas fill the explosive square for as long. Each is an
:class:`~firefight.scene.state.ActiveCondition` counted down by the encounter's upkeep (a cpr
turn ends: :func:`~firefight.rulesets.cpr.turns.end_turn`), so the state table and the log show
how long is left and a GM can undo it like any other event.

While a personal effect lasts, the load's ``lasting_injuries`` stand among the combatant's
critical injuries, so every roll reads their penalties where the injuries' own rules put them.
A load holds only the living (DEC-789): none takes hold of a dead body, and death ends every
load on the one who dies, penalties and all, so nothing shows a corpse asleep or blinded.
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.events import Event
from firefight.frozen import replace
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import CloudFormed, LoadTook, LoadWoreOff
from firefight.rulesets.cpr.fighter import fighter
from firefight.scene.apply import FoldError
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.wording import counted

__all__ = [
    "CLOUD_CONDITION",
    "LOAD_CONDITION",
    "apply_cloud",
    "apply_load",
    "apply_wore_off",
    "death_ends_loads",
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
    not stack); never of a dead body (DEC-789)."""
    c = state.combatant(e.target)
    if c.dead:
        raise FoldError(f"{e.target} is dead: no load takes hold of a dead body (DEC-789)")
    key = _load_id(e.target, e.load)
    fresh = not any(cond.id == key for cond in state.conditions)
    kept = ActiveCondition(
        id=key, kind=LOAD_CONDITION, holder=e.target, rounds_left=e.turns, data=(("load", e.load),)
    )
    state = replace(state, conditions=(*(k for k in state.conditions if k.id != key), kept))
    if not fresh:
        return state
    own = fighter(c)
    injuries = (*own.injuries, *_data().ammunition(e.load).lasting_injuries)
    return state.with_combatant(replace(c, stats=replace(own, injuries=injuries)))


def _lifted(c: CombatantState, load: str) -> CombatantState:
    """``c`` without the load's injuries (one of each, so a real injury of the same kind
    stays)."""
    own = fighter(c)
    injuries = list(own.injuries)
    for key in _data().ammunition(load).lasting_injuries:
        if key in injuries:
            injuries.remove(key)
    return replace(c, stats=replace(own, injuries=tuple(injuries)))


def apply_wore_off(state: EncounterState, e: LoadWoreOff) -> EncounterState:
    """The effect ends: its injuries go and a load that knocked them out lets them wake."""
    c = state.combatant(e.target)
    resist = _data().ammunition(e.load).resist
    # A log kept before DEC-789 may wear a load off one who died under it: they stay dead.
    woke = resist is not None and resist.unconscious and not c.dead
    c = _lifted(c, e.load)
    if woke:
        c = replace(c, unconscious=False)
    return state.with_combatant(c)


def death_ends_loads(state: EncounterState, name: str) -> EncounterState:
    """``name`` has died: every load on them ends with its penalties (DEC-789), as the fold of
    whatever killed them leaves the state."""
    held = [k for k in state.conditions if k.kind == LOAD_CONDITION and k.holder == name]
    if not held:
        return state
    c = state.combatant(name)
    for k in held:
        c = _lifted(c, str(k.get("load")))
    state = replace(state, conditions=tuple(k for k in state.conditions if k not in held))
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
