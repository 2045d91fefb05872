"""People on fire (RMU-EXP-13, RMU-EXP-14): set alight by thermate or a Molotov, they burn on.

A burning person holds a ``rmu-burning`` condition (:data:`BURNING`). Each round change, with
the round's dice, it deals an A critical on the Heat table (the Kindred figure of V-5, used for
mortals too, DEC-384), and upkeep counts it down: a mortal's fire burns out by itself after
:attr:`~firefight.rulesets.rmu.explosives.BurningFigures.mortal_rounds` criticals.
:func:`burn_rounds` is the one place that says how long a body burns (None: until put out), so
that the Kindred rules can extend it.

``puts-out [NAME]`` smothers it for 2 AP: one's own fire by rolling on the ground, an absolute
maneuver at Medium difficulty that leaves them prone; someone else's within reach with no roll
(V-5, DEC-384).

Who catches fire: at an incendiary's burst, whoever took a critical from it (thermate sets
alight what it touches, RMU-EXP-14); at a Molotov's, everyone in its fire (RMU-EXP-13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import ActionPointsSpent, Event
from firefight.geometry import Posture, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import critical_cells
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.maneuvers import AbsoluteResult, Maneuver, resolve_maneuver
from firefight.rulesets.rmu.vitals import penalty_modifiers, rmu_stats
from firefight.scene.actions import Action
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.events import (
    ConditionEnded,
    ConditionStarted,
    ConditionTicked,
    PostureChanged,
)
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.trace import Entry, Trace, TraceBuilder

__all__ = [
    "BURNING",
    "PutsOut",
    "burn_due",
    "burn_rounds",
    "burning_on",
    "resolve_puts_out",
    "set_alight",
    "validate_puts_out",
]

BURNING = "rmu-burning"
#: DEC-384: another's fire is smothered from within this many feet (the reach of DEC-308).
SMOTHER_REACH_FT = 5.0
_PASSING = frozenset(
    {AbsoluteResult.PARTIAL_SUCCESS, AbsoluteResult.SUCCESS, AbsoluteResult.ABSOLUTE_SUCCESS}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PutsOut(Action):
    """Smother the fire on ``target`` (the actor when None): 2 AP (V-5)."""

    target: str | None = None


def burn_rounds(c: CombatantState) -> int | None:
    """How many round changes a fire on ``c`` deals its critical before it burns out; None for
    a fire that burns until put out. A mortal's burns out (DEC-384)."""
    del c
    return explosive_data().burning.mortal_rounds


def burning_on(state: EncounterState, name: str) -> ActiveCondition | None:
    """The fire on ``name``, if they burn."""
    return next((k for k in state.conditions if k.kind == BURNING and k.holder == name), None)


def set_alight(state: EncounterState, names: Sequence[str], source: str) -> list[Event]:
    """A fire on each of ``names`` not already burning (RMU-EXP-13, RMU-EXP-14)."""
    events: list[Event] = []
    for name in names:
        c = state.combatant(name)
        if c.dead or burning_on(state, name) is not None:
            continue
        events.append(
            ConditionStarted(
                condition=ActiveCondition(
                    id=f"fire-{name}-{state.round}",
                    kind=BURNING,
                    holder=name,
                    rounds_left=burn_rounds(c),
                    data=(("source", source),),
                )
            )
        )
    return events


def burn_due(state: EncounterState, dice: Dice, data: RmuData) -> Outcome:
    """Every fire deals its critical; a fire counted down to 0 then burns out. Dice: a d100 per
    burning person, in the order they caught fire."""
    figs = explosive_data().burning
    events: list[Event] = []
    entries: list[Entry] = []
    burnt = []
    for k in state.conditions:
        if k.kind != BURNING or k.holder is None:
            continue
        c = state.find(k.holder)
        if c is None or c.dead:
            events.append(ConditionEnded(id=k.id))
            continue
        tb = TraceBuilder()
        tb.step(f"{c.name} burns: an {figs.severity.value} {figs.table.capitalize()} critical.",
                "RMU-EXP-14")  # fmt: skip
        roll = tb.roll(dice.d100(f"fire on {c.name}")).total
        critical_cells(c.name, figs.table, roll, figs.severity, data, tb, events)
        if k.rounds_left == 0:
            tb.step(f"The fire on {c.name} burns out.", "RMU-EXP-14")
            events.append(ConditionEnded(id=k.id))
        entries.extend(tb.build().entries)
        burnt.append(c.name)
    return Outcome(events=tuple(events), trace=Trace(tuple(entries)), summary={"burning": burnt})


def _target(state: EncounterState, action: PutsOut) -> CombatantState:
    return state.combatant(action.target or action.actor)


def validate_puts_out(state: EncounterState, action: PutsOut) -> None:
    c = state.combatant(action.actor)
    target = _target(state, action)
    if burning_on(state, target.name) is None:
        raise RuleRefusal("RMU-EXP-14", f"{target.name} is not on fire.")
    need = explosive_data().burning.put_out_ap
    if c.ap_left < need:
        raise RuleRefusal(
            "RMU-EXP-14",
            f"Putting the fire out takes {need} AP; {c.name} has only {c.ap_left} left.",
        )
    if target.name != c.name and distance_ft(c.position, target.position) > SMOTHER_REACH_FT:
        raise RuleRefusal(
            "RMU-EXP-14",
            f"{target.name} is {distance_ft(c.position, target.position):.0f} ft away: "
            f"{c.name} must be within {SMOTHER_REACH_FT:g} ft to smother the flames.",
        )


def resolve_puts_out(state: EncounterState, action: PutsOut, dice: Dice) -> Outcome:
    """Someone else's 2 AP put it out; one's own takes the rolling maneuver (V-5, DEC-384)."""
    c = state.combatant(action.actor)
    target = _target(state, action)
    fire = burning_on(state, target.name)
    assert fire is not None
    figs = explosive_data().burning
    tb = TraceBuilder()
    events: list[Event] = [ActionPointsSpent(actor=c.name, ap=figs.put_out_ap)]
    if target.name != c.name:
        tb.step(f"{c.name} smothers the flames on {target.name}: {figs.put_out_ap} AP, no roll.",
                "RMU-EXP-14")  # fmt: skip
        events.append(ConditionEnded(id=fire.id))
        headline = f"{c.name} puts out the fire on {target.name}."
        return Outcome(events=tuple(events), trace=tb.build(),
                       summary={"action": "puts-out", "actor": c.name, "result": "out",
                                "headline": headline})  # fmt: skip
    tb.step(f"{c.name} rolls on the ground: {figs.put_out_ap} AP and a "
            f"{figs.put_out_difficulty} absolute maneuver.", "RMU-EXP-14")  # fmt: skip
    skill = rmu_stats(c).skill("acrobatics")
    rolled = resolve_maneuver(
        Maneuver(kind="absolute", bonus=skill.bonus if skill else 0,
                 difficulty=figs.put_out_difficulty, actor=c.name, skill="acrobatics",
                 extra=tuple(penalty_modifiers(c))),
        dice,
    )  # fmt: skip
    result = str(rolled.summary["result"])
    out = AbsoluteResult(result) in _PASSING
    if c.posture is not Posture.PRONE:
        events.append(PostureChanged(actor=c.name, posture=Posture.PRONE))
    if out:
        events.append(ConditionEnded(id=fire.id))
    headline = f"{c.name} rolls on the ground: {result}, " + (
        "the fire is out." if out else "still burning."
    )
    return Outcome(
        events=tuple(events),
        trace=Trace((*tb.build().entries, *rolled.trace.entries)),
        summary={"action": "puts-out", "actor": c.name, "maneuver": result,
                 "result": "out" if out else "burning", "headline": headline},
    )  # fmt: skip


class _Burning(ConditionKind):
    """A fire on someone: counted down at upkeep to 0, its last critical (RMU-EXP-14); a fire
    with no count burns until put out."""

    name = BURNING
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        return [
            ConditionTicked(id=k.id, rounds_left=k.rounds_left - 1)
            for k in state.conditions
            if k.kind == BURNING and k.rounds_left
        ]

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, ConditionStarted) and event.condition.kind == BURNING:
            k = event.condition
            how = "until put out" if k.rounds_left is None else f"for {k.rounds_left} rounds"
            return f"{k.holder} is set alight by the {k.get('source')}: burning {how} " \
                "[RMU-EXP-14]."  # fmt: skip
        if isinstance(event, ConditionTicked | ConditionEnded):
            found = state.condition(event.id)
            if found is None or found.kind != BURNING:
                return None
            if isinstance(event, ConditionTicked):
                return f"{found.holder} is still burning [RMU-EXP-14]."
            return f"The fire on {found.holder} is out [RMU-EXP-14]."
        return None


register_condition(_Burning())
