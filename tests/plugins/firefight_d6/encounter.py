"""The toy in an encounter: "Ann shoots Bob [--aim N]" rolls the check against 4 (aim adds to
the skill); a success wounds. Each combatant acts once a round: its own round event clears
``acted``, as the core knows no turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.outcome import Happened, Outcome
from firefight.scene.actions import Action
from firefight.scene.apply import FoldError, named_in_log
from firefight.scene.events import InitiativeOrdered
from firefight.scene.lines import declared_options, declared_values, one_name, read_line
from firefight.scene.state import DOWN_RULE, CombatantState, CombatantStats, EncounterState
from firefight.trace import Trace
from firefight_d6.rules import Check, resolve_check

TARGET = 4


class D6Combatant(BaseModel):
    skill: int = 0
    wounds: int = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class D6Stats(CombatantStats):
    skill: int
    wounds_left: int
    acted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    target: str
    aim: int = param(
        0, help="Seconds spent aiming, each +1.", low=0, high=2, rule="D6-2", line=True
    )


# The log names an event by its class, across every installed ruleset (cards has a Wounded).
@dataclass(frozen=True, slots=True, kw_only=True)
class D6Wounded(Event):
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class D6RoundStarted(Event):
    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class D6Acted(Event):
    actor: str


def new_combatant(spec: BaseModel, core: CombatantState) -> CombatantState:
    assert isinstance(spec, D6Combatant)
    return replace(core, stats=D6Stats(skill=spec.skill, wounds_left=spec.wounds))


def start_round(round_number: int) -> Outcome:
    return Outcome(events=(D6RoundStarted(round=round_number),), trace=Trace(()), result=Happened())


def nothing() -> Outcome:
    return Outcome(events=(), trace=Trace(()), result=Happened())


def in_scene_order(state: EncounterState) -> Outcome:
    """Everyone able to act, one at a time in the scene's order: the turns ``odds simulate``
    plays (an order is the core's shared ``InitiativeOrdered``, folded without the ruleset)."""
    order = tuple((c.name,) for c in state.combatants if not c.bystander and c.can_act())
    return Outcome(events=(InitiativeOrdered(groups=order),), trace=Trace(()), result=Happened())


def parse_action(text: str, state: EncounterState) -> Action:
    line = read_line(
        text, state, {"shoots": "shoots"}, {"shoots": declared_options(Shoot)}, ruleset="d6"
    )
    target = one_name(line.words, state, what="'shoots'")
    values = declared_values(line, Shoot)
    return Shoot(actor=line.actor, verb=line.verb, text=line.text, target=target, **values)


def validate(state: EncounterState, action: Action) -> None:
    actor = state.combatant(action.actor)
    # The core refuses nobody for being down: each ruleset's validation does (ENC-DOWN).
    if not actor.can_act():
        raise RuleRefusal(DOWN_RULE, f"{actor.name} is out of the fight.")
    stats = actor.stats
    assert isinstance(stats, D6Stats)
    if stats.acted:
        raise RuleRefusal("D6-1", f"{action.actor} has already acted this round.")


def resolve(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    assert isinstance(action, Shoot)
    stats = state.combatant(action.actor).stats
    assert isinstance(stats, D6Stats)
    check = resolve_check(Check(skill=stats.skill + action.aim, target=TARGET), dice)
    events: list[Event] = [D6Acted(actor=action.actor)]
    if check.result.outcome == "success":
        events.append(D6Wounded(target=action.target))
    return Outcome(events=tuple(events), trace=check.trace, result=check.result)


def _stats(c: CombatantState) -> D6Stats:
    assert isinstance(c.stats, D6Stats)
    return c.stats


def apply(state: EncounterState, event: Event) -> EncounterState:
    if isinstance(event, D6RoundStarted):
        fresh = [replace(c, stats=replace(_stats(c), acted=False)) for c in state.combatants]
        return replace(state, round=event.round, combatants=tuple(fresh))
    if isinstance(event, D6Acted):
        c = named_in_log(state, event.actor)
        return state.with_combatant(replace(c, stats=replace(_stats(c), acted=True)))
    if not isinstance(event, D6Wounded):
        raise FoldError(f"the d6 ruleset has no {type(event).__name__} events")
    c = named_in_log(state, event.target)
    assert isinstance(c.stats, D6Stats)
    left = c.stats.wounds_left - 1
    return state.with_combatant(
        replace(c, stats=replace(c.stats, wounds_left=left), unconscious=left <= 0)
    )


def figures(combatant: CombatantState) -> Mapping[str, object]:
    assert isinstance(combatant.stats, D6Stats)
    return {"wounds_left": combatant.stats.wounds_left}
