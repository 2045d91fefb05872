"""People on fire (RMU-EXP-13, RMU-EXP-14): set alight by thermate or a Molotov, they burn on.

A burning person holds a ``rmu-burning`` condition (:data:`BURNING`). Each round change, with
the round's dice, it deals an A critical on the Heat table (the Kindred figure of V-5, used for
mortals too, DEC-384), and upkeep counts it down: a mortal's fire burns out by itself after
:attr:`~firefight.rulesets.rmu.explosives.BurningFigures.mortal_rounds` criticals.

It is put out as a Kindred's fire is (V-5, DEC-384): ``rolls on the ground`` or ``puts out
NAME`` (:mod:`.kindred_actions`).

Who catches fire: at an incendiary's burst, every mortal who took a critical from it (thermate
sets alight what it touches, RMU-EXP-14); at a Molotov's, every mortal in its fire
(RMU-EXP-13). A Kindred struck by fire is V-5's (:mod:`.kindred_fire`).
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.dice import Dice
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.countdown import CountedToZero
from firefight.rulesets.rmu.detonation import BlastTarget, critical_cells
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.round_results import Burnt
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.conditions import register_condition
from firefight.scene.events import (
    ConditionEnded,
    ConditionStarted,
    ConditionTicked,
)
from firefight.scene.state import ActiveCondition, EncounterState
from firefight.trace import Entry, Trace, TraceBuilder

__all__ = ["BURNING", "burn_due", "burning_on", "set_alight"]

BURNING = "rmu-burning"


def burning_on(state: EncounterState, name: str) -> ActiveCondition | None:
    """The fire on ``name``, if they burn."""
    return next((k for k in state.conditions if k.kind == BURNING and k.holder == name), None)


def set_alight(state: EncounterState, names: Sequence[str], source: str) -> list[Event]:
    """A fire on each of ``names`` not already burning (RMU-EXP-13, RMU-EXP-14)."""
    events: list[Event] = []
    for name in names:
        c = state.combatant(name)
        if c.dead or rmu_stats(c).kindred is not None or burning_on(state, name) is not None:
            continue
        events.append(
            ConditionStarted(
                condition=ActiveCondition(
                    id=f"fire-{name}-{state.round}",
                    kind=BURNING,
                    holder=name,
                    rounds_left=explosive_data().burning.mortal_rounds,
                    data=(("source", source),),
                )
            )
        )
    return events


def burn_due(state: EncounterState, dice: Dice, data: RmuData) -> Outcome[Burnt]:
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
        body = BlastTarget(name=c.name, position=c.position)
        critical_cells(body, figs.table, roll, figs.severity, data, tb, events)
        if k.rounds_left == 0:
            tb.step(f"The fire on {c.name} burns out.", "RMU-EXP-14")
            events.append(ConditionEnded(id=k.id))
        entries.extend(tb.build().entries)
        burnt.append(c.name)
    return Outcome(
        events=tuple(events), trace=Trace(tuple(entries)), result=Burnt(burning=tuple(burnt))
    )


class _Burning(CountedToZero):
    """A fire on someone: counted down at upkeep to 0, its last critical (RMU-EXP-14); a fire
    with no count burns until put out."""

    name = BURNING
    rulesets = ("rmu",)

    def begun(self, condition: ActiveCondition) -> str:
        return f"{condition.holder} burning"

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
