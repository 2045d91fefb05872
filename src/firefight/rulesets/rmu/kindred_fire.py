"""Fire on a Kindred keeps burning (RULINGS V-5, RMU-EXP-14).

A Heat critical landing on a Kindred sets them alight (:func:`with_fire` adds the
:class:`~firefight.rulesets.rmu.kindred_events.BurningStarted` after it). Between rounds each
burning Kindred takes an A Heat critical -- aggravated, so read at full severity (V-1) -- until
the fire is put out (:mod:`firefight.rulesets.rmu.kindred_actions`). The upkeep hooks roll no
dice, so the burn is rolled with the round change's dice before initiative and before the
round change's blasts, as a mortal's fire is (DEC-306, DEC-366, DEC-837).
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.dice import Dice
from firefight.events import Event
from firefight.outcome import Happened, Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.critical_landed import cell_landed
from firefight.rulesets.rmu.events import CriticalInflicted
from firefight.rulesets.rmu.kindred_events import BurningStarted
from firefight.rulesets.rmu.kindred_rules import kindred_figures, kindred_rules
from firefight.rulesets.rmu.kindred_vitals import sheet_of
from firefight.rulesets.rmu.merged import Merged, SetAlight
from firefight.scene.state import CombatantState, EncounterState
from firefight.trace import Trace, TraceBuilder

__all__ = ["burn_due", "burning_started", "set_alight", "still_burning", "with_fire"]


def with_fire(state: EncounterState, outcome: Outcome) -> Outcome:
    """``outcome`` with every Kindred a Heat critical struck set burning (V-5)."""
    lit = set_alight(state, outcome.events)
    if not lit:
        return outcome
    tb = TraceBuilder()
    for name in lit:
        tb.step(f"{name} is Kindred: the fire catches and keeps burning until put out.", "V-5")
    return Outcome(
        events=(*outcome.events, *burning_started(lit)),
        trace=Trace((*outcome.trace.entries, *tb.build().entries)),
        result=Merged(main=outcome.result, after=(SetAlight(set_alight=tuple(lit)),)),
    )


def set_alight(state: EncounterState, events: Sequence[Event]) -> list[str]:
    """Who among ``events``' targets a Heat critical sets burning, Kindred not yet alight, in
    the order struck (V-5)."""
    for e in events:
        if isinstance(e, CriticalInflicted):
            break
    else:  # no critical struck, most actions: no rule to read
        return []
    if not kindred_rules(state).fire_keeps_burning:
        return []
    table = kindred_figures().burn_table
    lit: list[str] = []
    for e in events:
        if not isinstance(e, CriticalInflicted) or e.table != table or e.target in lit:
            continue
        c = state.find(e.target)
        sheet = sheet_of(c) if c is not None else None
        if sheet is not None and not sheet.burning and not sheet.final_death:
            lit.append(e.target)
    return lit


def burning_started(lit: Sequence[str]) -> list[Event]:
    """The events of :func:`set_alight`'s ``lit`` catching fire (V-5)."""
    return [BurningStarted(target=name) for name in lit]


def still_burning(state: EncounterState) -> list[CombatantState]:
    """The Kindred a fire is still burning, in scene order (V-5)."""
    burning = []
    for c in state.combatants:
        sheet = sheet_of(c)
        if sheet is not None and sheet.burning and not sheet.final_death:
            burning.append(c)
    return burning


def burn_due(state: EncounterState, dice: Dice, data: RmuData) -> Outcome:
    """Each burning Kindred's A Heat critical for the round gone by (V-5). Dice: one d100 per
    burning Kindred, in scene order."""
    figs = kindred_figures()
    table = data.tables.critical(figs.burn_table)
    tb = TraceBuilder()
    events: list[Event] = []
    for c in still_burning(state):
        tb.step(
            f"{c.name} is still burning: an {figs.burn_severity.value} {table.title} critical, "
            "aggravated.",
            "V-5",
        )
        roll = tb.roll(dice.d100(f"burn critical for {c.name}")).total
        row = table.row_for(roll)
        events.extend(
            cell_landed(
                target=c.name,
                table=table.name,
                roll=roll,
                severity=severity,
                row=row,
                cell=cell,
                rule="V-5",
                trace=tb,
                aggravated=True,
            )
            for severity, cell in table.lookup(roll, figs.burn_severity)
        )
    return Outcome(events=tuple(events), trace=tb.build(), result=Happened())
