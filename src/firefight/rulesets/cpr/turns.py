"""Turns in a cpr encounter: the start of a turn, initiative, and the end of a turn.

cpr has no action points. The encounter's round is the turn: when it starts everyone able gets
one Move Action and one Action (CPR-REF-1), less what an injury or their own legs took from
this turn (C-4). Initiative is REF + d10, rolled once when the fight opens; the queue then
repeats every turn, the higher REF first on equal totals, those equal in both acting together
(CPR-REF-1, figures in ``data/encounter.toml``). At the end of a turn, an injury that punishes
moving on foot (broken ribs, a lodged object, a damaged ear) bites whoever moved too far (C-4).
"""

from __future__ import annotations

from collections.abc import Callable

from firefight.dice import Dice
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_events import (
    InjuryAggravated,
    NextTurnCurtailed,
    TurnStarted,
)
from firefight.rulesets.cpr.events import WoundStateChanged
from firefight.rulesets.cpr.fighter import fighter, health
from firefight.scene.conditions import run_upkeep
from firefight.scene.events import InitiativeOrdered, InitiativeRolled
from firefight.scene.state import CombatantState, EncounterState
from firefight.trace import Modifier, TraceBuilder

__all__ = ["end_turn", "initiative", "start_turn"]


def start_turn(state: EncounterState, round_number: int) -> Outcome:
    """``TurnStarted``: a Move and an Action for everyone able (CPR-REF-1)."""
    tb = TraceBuilder()
    tb.step(
        f"Turn {round_number}: everyone who can act has one Move Action and one Action.",
        "CPR-REF-1",
    )
    for c in state.combatants:
        lost = fighter(c).lose_next
        if lost and not (c.dead or c.unconscious):
            tb.step(f"{c.name} has no {' and no '.join(lost)} this turn (an injury).", "C-4")
    return Outcome(
        events=(TurnStarted(round=round_number),),
        trace=tb.build(),
        summary={"round": round_number},
    )


def _takes_part(c: CombatantState) -> bool:
    return not c.bystander and c.can_act


def initiative(state: EncounterState, dice: Dice, data: CprData) -> Outcome:
    """REF + d10 for whoever has not rolled yet (everyone, in the first turn), in scene order;
    then the queue, best first (CPR-REF-1)."""
    figures = data.turns
    tb = TraceBuilder()
    events: list[Event] = []
    totals: dict[str, int] = {}
    refs: dict[str, int] = {}
    rolled_now = False
    for c in state.combatants:
        if not _takes_part(c):
            continue
        refs[c.name] = fighter(c).ref
        if c.initiative is not None:
            totals[c.name] = c.initiative
            continue
        rolled_now = True
        roll = tb.roll(dice.die(figures.initiative_die, f"initiative for {c.name}"))
        total = tb.total(
            f"{c.name}'s initiative",
            [
                Modifier(value=fighter(c).ref, label=f"{c.name}'s REF", rule="CPR-REF-1"),
                Modifier(value=roll.total, label=f"d{figures.initiative_die}", rule="CPR-REF-1"),
            ],
        )
        totals[c.name] = total.value
        events.append(InitiativeRolled(actor=c.name, faces=roll.faces, total=total.value))
    if not rolled_now and totals:
        tb.step("The initiative queue of the first turn comes round again.", "CPR-REF-1")
    keys = sorted({(totals[n], refs[n]) for n in totals}, reverse=True)
    groups = tuple(tuple(n for n in totals if (totals[n], refs[n]) == key) for key in keys)
    for value in sorted(set(totals.values()), reverse=True):
        tied = [n for n in totals if totals[n] == value]
        if len(tied) > 1:
            tb.step(
                f"{' and '.join(tied)} tie on {value}: the higher REF goes first; equal REF "
                "act together.",
                "CPR-REF-1",
            )
    events.append(InitiativeOrdered(groups=groups))
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        summary={"initiative": [list(g) for g in groups]},
    )


def end_turn(
    state: EncounterState,
    data: CprData,
    apply: Callable[[EncounterState, Event], EncounterState],
) -> Outcome:
    """The end of a turn: conditions plugged into the encounter tick, then standing injuries
    punish whoever moved too far on foot this turn (C-4)."""
    tb = TraceBuilder()
    ticked, state = run_upkeep(state, apply)
    events: list[Event] = list(ticked)
    bonus = data.figures.critical_bonus
    for c in state.combatants:
        own = fighter(c)
        if c.dead or not own.moved_m:
            continue
        for key in own.injuries:
            injury = data.injuries.injury(key)
            limit = injury.on_move_over_m
            if limit is None or own.moved_m <= limit or injury.on_move is None:
                continue
            why = f"{c.name} moved {own.moved_m:g} m on foot with '{injury.label}' (over {limit} m)"
            if injury.on_move == "bonus-damage":
                tb.step(f"{why}: the injury's {bonus} bonus damage again.", "C-4")
                before = health(c)
                aggravated = InjuryAggravated(target=c.name, injury=key, bonus_damage=bonus)
                events.append(aggravated)
                state = apply(state, aggravated)
                c = state.combatant(c.name)
                after = health(c)
                if after.state is not before.state:
                    changed = WoundStateChanged(
                        target=c.name,
                        hp_before=before.hp,
                        hp_after=after.hp,
                        before=before.state.value,
                        after=after.state.value,
                    )
                    events.append(changed)
                    state = apply(state, changed)
            else:
                tb.step(f"{why}: no Move Action next turn.", "C-4")
                curtailed = NextTurnCurtailed(target=c.name, loses="move", injury=key)
                events.append(curtailed)
                state = apply(state, curtailed)
    return Outcome(events=tuple(events), trace=tb.build(), summary={})
