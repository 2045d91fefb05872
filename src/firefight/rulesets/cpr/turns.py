"""Turns in a cpr encounter: the start of a turn, initiative, and the end of a turn.

cpr has no action points. The encounter's round is the turn: when it starts everyone able gets
one Move Action and one Action (CPR-REF-1), less what an injury or their own legs took from
this turn (C-4). Initiative is REF + the exploding d10 of C-1, less the penalties of standing
injuries that weigh on everything, rolled once when the fight opens; equal totals roll again
between the tied; the queue then repeats every turn (C-11, CPR-REF-1, figures in
``data/encounter.toml``). At the end of a turn, an injury that punishes
moving on foot (broken ribs, a lodged object, a damaged ear) bites whoever moved too far (C-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, reduce

from firefight.dice import Dice
from firefight.events import Event
from firefight.outcome import Happened, InitiativeOrder, Outcome, RoundOpened
from firefight.rulesets.cpr.checks import d10_modifier
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.death import DeathSave, resolve_death_save
from firefight.rulesets.cpr.encounter_events import (
    Burned,
    InjuryAggravated,
    NextTurnCurtailed,
    TurnStarted,
)
from firefight.rulesets.cpr.events import WoundStateChanged
from firefight.rulesets.cpr.fighter import armor_penalty, fighter, health, wound_of
from firefight.rulesets.cpr.wounds import MORTAL
from firefight.scene.conditions import run_upkeep
from firefight.scene.events import InitiativeOrdered, InitiativeRolled
from firefight.scene.state import CombatantState, EncounterState
from firefight.trace import Entry, Modifier, Trace, TraceBuilder

__all__ = ["death_saves", "end_turn", "initiative", "start_turn", "turn_rolls"]


#: What a turn's death saves or its end come to when nothing happens, as most turns: one
#: frozen value, not three built anew.
_NOTHING: Outcome[Happened] = Outcome(events=(), trace=Trace(()), result=Happened())


def start_turn(state: EncounterState, round_number: int) -> Outcome:
    """``TurnStarted``: a Move and an Action for everyone able (CPR-REF-1)."""
    notes: list[tuple[str, str]] = []
    for c in state.combatants:
        if fighter(c).holding is not None:
            notes.append((f"{c.name}'s held Action went unused and is gone.", "CPR-REF-1"))
        lost = fighter(c).lose_next
        if lost and not (c.dead or c.unconscious):
            notes.append((f"{c.name} has no {' and no '.join(lost)} this turn (an injury).", "C-4"))
    return _turn_opened(round_number, tuple(notes))


# The same turn opens the same way in every fight of a simulation: its frozen outcome is built
# once per turn number and notes (a bounded cache).
@lru_cache(maxsize=256)
def _turn_opened(round_number: int, notes: tuple[tuple[str, str], ...]) -> Outcome[RoundOpened]:
    tb = TraceBuilder()
    tb.step(
        f"Turn {round_number}: everyone who can act has one Move Action and one Action.",
        "CPR-REF-1",
    )
    for text, rule in notes:
        tb.step(text, rule)
    return Outcome(
        events=(TurnStarted(round=round_number),),
        trace=tb.build(),
        result=RoundOpened(round=round_number),
    )


def _injury_parts(c: CombatantState, data: CprData) -> list[Modifier]:
    """Standing injuries that weigh on everything also weigh on initiative; the wound state's
    own penalty does not (C-11, docs/decisions.md DEC-140)."""
    penalty = armor_penalty(c, data)
    parts = [penalty] if penalty is not None else []  # the armor weighs on REF (CPR-REF-1)
    for key in fighter(c).injuries:
        injury = data.injuries.injury(key)
        value = injury.penalty_for(("all",))
        if value:
            parts.append(Modifier(value=value, label=f"{c.name}: {injury.label}", rule="C-11"))
    return parts


def _break_ties(
    names: list[str], dice: Dice, tb: TraceBuilder, what: str = "tie-break"
) -> list[str]:
    """Order ``names`` (tied on one total) by rolling again between them, and again between
    any still tied, until every place is clear (C-11). The rolls only order the tied; the
    initiative totals stand."""
    rolls: dict[str, int] = {}
    for name in names:
        roll = tb.roll(dice.d10_exploding(f"initiative {what} for {name}"))
        rolls[name] = roll.total
    ordered: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [n for n in names if rolls[n] == value]
        if len(tied) > 1:
            tb.step(f"{' and '.join(tied)} tie again on {value}: they roll again.", "C-11")
            tied = _break_ties(tied, dice, tb, what)
        ordered.extend(tied)
    return ordered


def initiative(state: EncounterState, dice: Dice, data: CprData) -> Outcome[InitiativeOrder]:
    """REF + the exploding d10 (less standing injuries' penalties) for whoever has not rolled
    yet (everyone, in the first turn), in scene order; equal totals roll again between the
    tied; then the queue, best first (C-11, CPR-REF-1)."""
    tb = TraceBuilder()
    events: list[Event] = []
    totals: dict[str, int] = {}
    new: set[str] = set()
    for c in state.combatants:
        if not c.in_fight():
            continue
        if c.initiative is not None:
            totals[c.name] = c.initiative
            continue
        new.add(c.name)
        roll = tb.roll(dice.d10_exploding(f"initiative for {c.name}"))
        total = tb.total(
            f"{c.name}'s initiative",
            [
                Modifier(value=fighter(c).ref, label=f"{c.name}'s REF", rule="C-11"),
                d10_modifier(roll),
                *_injury_parts(c, data),
            ],
        )
        totals[c.name] = total.value
        events.append(InitiativeRolled(actor=c.name, faces=roll.faces, total=total.value))
    # Each total's names in scene order, gathered in one pass (every turn comes here).
    by_total: dict[int, list[str]] = {}
    for name, value in totals.items():
        by_total.setdefault(value, []).append(name)
    order: list[str] = []
    for value in sorted(by_total, reverse=True):
        tied = by_total[value]
        if len(tied) > 1 and new.intersection(tied):
            tb.step(f"{' and '.join(tied)} tie on {value}: they roll again.", "C-11")
            tied = _break_ties(tied, dice, tb)
        elif len(tied) > 1:
            # Settled by an earlier roll-off: the queue keeps that order.
            before = [n for group in state.initiative for n in group]
            tied.sort(key=lambda n: before.index(n) if n in before else len(before))
        order.extend(tied)
    groups = tuple((n,) for n in order)
    if not new:
        return _queue_again(groups)
    events.append(InitiativeOrdered(groups=groups))
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=InitiativeOrder(initiative=groups),
    )


# Every turn after the first, with nobody new, the queue comes round again: the same frozen
# outcome for the same queue, built once (a bounded cache keyed on the queue).
@lru_cache(maxsize=256)
def _queue_again(groups: tuple[tuple[str, ...], ...]) -> Outcome[InitiativeOrder]:
    tb = TraceBuilder()
    if groups:
        tb.step("The initiative queue of the first turn comes round again.", "CPR-REF-1")
    return Outcome(
        events=(InitiativeOrdered(groups=groups),),
        trace=tb.build(),
        result=InitiativeOrder(initiative=groups),
    )


def turn_rolls(state: EncounterState, dice: Dice, data: CprData) -> Outcome[InitiativeOrder]:
    """The rolls of a turn's start: initiative for newcomers (C-11), then the death saves of
    the mortally wounded in the queue it gives (C-12)."""
    queue = initiative(state, dice, data)
    # Initiative changes nobody's wounds: the saves read the state as it was, in the new queue.
    saves = death_saves(state, queue.result.initiative, dice, data)
    if not (saves.events or saves.trace.entries):
        return queue  # most turns, with nobody mortally wounded
    return Outcome(
        events=(*queue.events, *saves.events),
        trace=Trace((*queue.trace.entries, *saves.trace.entries)),
        result=queue.result,
    )


def death_saves(
    state: EncounterState, groups: Sequence[Sequence[str]], dice: Dice, data: CprData
) -> Outcome:
    """The death saves of the turn's start (C-12): everyone mortally wounded and not
    stabilized, in the order of the initiative queue's ``groups``, then the rest (the
    unconscious) in scene order (docs/decisions.md DEC-141)."""
    saving = [
        c
        for c in state.combatants
        if not (c.dead or wound_of(c) is not MORTAL or fighter(c).stabilized)
    ]
    if not saving:
        return _NOTHING  # most turns
    queue = [n for group in groups for n in group]
    # Sorted after choosing: a stable sort keeps the same order.
    people = sorted(
        saving,
        key=lambda c: queue.index(c.name) if c.name in queue else len(queue),
    )
    events: list[Event] = []
    entries: list[Entry] = []
    for c in people:
        own = fighter(c)
        if own.body is None:
            tb = TraceBuilder()
            tb.step(
                f"{c.name} is mortally wounded, but the scenario gives no BODY: no death save "
                "can be rolled (give the combatant `body`).",
                "C-12",
            )
            entries.extend(tb.build().entries)
            continue
        out = resolve_death_save(
            DeathSave(
                name=c.name, body=own.body, saves_made=own.death_saves, injuries=own.injuries
            ),
            dice,
            data,
        )
        events.extend(out.events)
        entries.extend(out.trace.entries)
    return Outcome(events=tuple(events), trace=Trace(tuple(entries)), result=Happened())


def _hp_lost(
    state: EncounterState,
    name: str,
    event: Event,
    events: list[Event],
    apply: Callable[[EncounterState, Event], EncounterState],
) -> EncounterState:
    """The state after ``event`` takes HP from ``name`` at the end of the turn, and after the
    wound state it moves them into, if it does (C-9); both events are added to ``events``."""
    before = health(state.combatant(name))
    events.append(event)
    state = apply(state, event)
    after = health(state.combatant(name))
    if after.state is not before.state:
        changed = WoundStateChanged(
            target=name,
            hp_before=before.hp,
            hp_after=after.hp,
            before=before.state.value,
            after=after.state.value,
        )
        events.append(changed)
        state = apply(state, changed)
    return state


def end_turn(
    state: EncounterState,
    data: CprData,
    apply: Callable[[EncounterState, Event], EncounterState],
) -> Outcome:
    """The end of a turn: conditions plugged into the encounter tick, then standing injuries
    punish whoever moved too far on foot this turn (C-4), and fires burn (C-14)."""
    tb = TraceBuilder()
    ticked, state = run_upkeep(state, lambda s, events: reduce(apply, events, s))
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
                aggravated = InjuryAggravated(target=c.name, injury=key, bonus_damage=bonus)
                state = _hp_lost(state, c.name, aggravated, events, apply)
            else:
                tb.step(f"{why}: no Move Action next turn.", "C-4")
                curtailed = NextTurnCurtailed(target=c.name, loses="move", injury=key)
                events.append(curtailed)
                state = apply(state, curtailed)
    for c in state.combatants:
        burning = fighter(c).burning
        if c.dead or not burning:
            continue
        tb.step(f"{c.name} is on fire: {burning} HP at the end of the turn.", "C-14")
        state = _hp_lost(state, c.name, Burned(target=c.name, hp_lost=burning), events, apply)
    trace = tb.build()
    if not (events or trace.entries):
        return _NOTHING  # most turns
    return Outcome(events=tuple(events), trace=trace, result=Happened())
