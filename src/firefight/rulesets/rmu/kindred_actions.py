"""Kindred actions in rmu encounters: rousing a power, pulling a stake, putting out fire
(RULINGS V-3..V-5).

- ``rouses POWER`` -- a blood-bought power (Celerity, Potence, Fortitude, Blush of Life, Feral
  Weapons) active for the rest of the encounter, at a Rouse check (V-4; 0 AP, DEC-364);
- ``pulls the stake from TARGET`` -- 3 AP by someone adjacent (V-3);
- ``rolls on the ground`` -- a burning Kindred's own 2 AP maneuver, Medium (V-5), ending prone;
- ``puts out TARGET`` -- someone else's 2 AP, no roll (V-5).

Adjacent is within the reach a grenade is picked up from (5 ft, DEC-308).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import Posture, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu.burning import burning_on
from firefight.rulesets.rmu.encounter_events import bonus_used
from firefight.rulesets.rmu.encounter_explosives import REACH_FT
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.kindred import NO_EFFECT_POWERS, POWERS, KindredSheet, kindred_name
from firefight.rulesets.rmu.kindred_events import BurningEnded, PowerRoused, StakeRemoved
from firefight.rulesets.rmu.kindred_results import FirePutOut, Roused, StakePulled
from firefight.rulesets.rmu.kindred_rules import KindredRules, kindred_figures, kindred_rules
from firefight.rulesets.rmu.kindred_stakes import STAKE_WEAPON
from firefight.rulesets.rmu.kindred_vitals import check_hunger_allows, rouse_check, sheet_of
from firefight.rulesets.rmu.maneuvers import (
    AbsoluteResult,
    difficulty_modifier,
    roll_absolute_maneuver,
)
from firefight.rulesets.rmu.melee.carried import MeleeWeaponTaken, melee_carried
from firefight.rulesets.rmu.vitals import check_ap, penalty_modifiers, rmu_stats
from firefight.scene.actions import Action
from firefight.scene.events import ConditionEnded, PostureChanged
from firefight.scene.lines import Line, OptionKind, one_name
from firefight.scene.state import CombatantState, EncounterState
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "KINDRED_ACTIONS",
    "KINDRED_OPTIONS",
    "KINDRED_VERBS",
    "PullStake",
    "PutOut",
    "Rouse",
    "check_rouse",
    "parse_kindred_action",
    "resolve_kindred_action",
    "validate_kindred_action",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rouse(Action):
    power: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PullStake(Action):
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PutOut(Action):
    """``target`` the actor: they roll on the ground (a maneuver); anyone else: no roll."""

    target: str


KINDRED_ACTIONS = (Rouse, PullStake, PutOut)

KINDRED_VERBS: dict[str, str] = {
    "rouses": "rouses",
    "rouse": "rouses",
    "pulls the stake from": "pulls-stake",
    "pull the stake from": "pulls-stake",
    "pulls-stake": "pulls-stake",
    "pulls stake from": "pulls-stake",
    "pull stake from": "pulls-stake",
    "puts out": "puts-out",
    "put out": "puts-out",
    "puts-out": "puts-out",
    "rolls on the ground": "rolls-out",
    "roll on the ground": "rolls-out",
    "rolls-out": "rolls-out",
    "rolls out": "rolls-out",
    "roll out": "rolls-out",
}
KINDRED_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "rouses": {},
    "pulls-stake": {},
    "puts-out": {},
    "rolls-out": {},
}

_DISCIPLINE_OF = {"feral-weapons": "protean", "blush-of-life": "blush_of_life"}


def parse_kindred_action(line: Line, state: EncounterState, rule: str) -> Action:
    base = {"actor": line.actor, "verb": line.verb, "text": line.text}
    if line.verb == "rouses":
        # A power of two or three words may be written with spaces: 'blush of life'.
        power = "-".join(line.words).lower()
        if power not in POWERS:
            raise RuleRefusal(rule, f"'rouses' takes one power: {', '.join(POWERS)}.")
        return Rouse(**base, power=power)
    if line.verb == "rolls-out":
        if line.words:
            raise RuleRefusal(rule, f"'rolls on the ground' takes no {' '.join(line.words)!r}.")
        return PutOut(**base, target=line.actor)
    target = one_name(line.words, state, what="who", rule=rule)
    if line.verb == "pulls-stake":
        return PullStake(**base, target=target)
    return PutOut(**base, target=target)


def check_rouse(c: CombatantState, power: str, rules: KindredRules) -> KindredSheet:
    """Refuse rousing what ``c`` cannot (V-4, V-6); ``c``'s sheet otherwise."""
    sheet = sheet_of(c)
    if sheet is None:
        raise RuleRefusal("V-6", f"{c.name} is mortal: there is no blood to rouse.")
    shown = kindred_name(power)
    need = kindred_figures().feral_weapons_protean if power == "feral-weapons" else 1
    discipline = _DISCIPLINE_OF.get(power, power)
    if sheet.dots(discipline) < need:
        raise RuleRefusal(
            "V-4",
            f"{c.name} has {sheet.dots(discipline)} dots of {kindred_name(discipline)}: "
            f"{shown} needs {need}.",
        )
    if sheet.is_roused(power):
        raise RuleRefusal("V-4", f"{c.name}'s {shown} is already active.")
    check_hunger_allows(c, sheet, power, rules)
    return sheet


def _adjacent(state: EncounterState, c: CombatantState, target: str, what: str) -> None:
    other = state.combatant(target)
    gap = distance_ft(c.position, other.position)
    if gap > REACH_FT:
        raise RuleRefusal(
            "V-3" if what == "pull the stake" else "V-5",
            f"{c.name} is {gap:.0f} ft from {other.name}: to {what} they must be within "
            f"{REACH_FT:g} ft.",
        )


def validate_kindred_action(state: EncounterState, action: Action) -> None:
    c = state.combatant(action.actor)
    if isinstance(action, Rouse):
        check_rouse(c, action.power, kindred_rules(state))
        return
    if isinstance(action, PullStake):
        sheet = sheet_of(state.combatant(action.target))
        if sheet is None or not sheet.staked:
            raise RuleRefusal("V-3", f"There is no stake in {action.target} to pull.")
        _adjacent(state, c, action.target, "pull the stake")
        check_ap(c, kindred_rules(state).stake_removal_ap, "Pulling a stake", "V-3")
        return
    assert isinstance(action, PutOut)
    sheet = sheet_of(state.combatant(action.target))
    mortal_fire = burning_on(state, action.target)  # a mortal's fire goes out the same way
    if (sheet is None or not sheet.burning) and mortal_fire is None:
        raise RuleRefusal("V-5", f"{action.target} is not on fire.")
    if action.target != c.name:
        _adjacent(state, c, action.target, "put out the fire")
    check_ap(c, kindred_figures().put_out_ap, "Putting out the fire", "V-5")


def resolve_kindred_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    tb = TraceBuilder()
    events: list[Event] = []
    if isinstance(action, Rouse):
        checked = rouse_check(c, action.power, dice, kindred_rules(state), tb)
        if checked is None:
            tb.step(f"The scene's V-4 is off: {action.power} costs no blood.", "V-4")
        else:
            events.append(checked)
        events.append(PowerRoused(actor=c.name, power=action.power))
        headline = f"{c.name} rouses {kindred_name(action.power)}."
        if action.power in NO_EFFECT_POWERS:
            # DEC-947: a power the rules price and give nothing is said to do nothing here.
            tb.step(
                f"{kindred_name(action.power)} has no effect in the rules beyond its Rouse "
                "check: what it does is the GM's call.",
                "DEC-524",
            )
            headline = headline[:-1] + ": no effect beyond the Rouse check (DEC-524)."
        return Outcome(
            events=tuple(events),
            trace=tb.build(),
            result=Roused(power=action.power, headline=headline),
        )
    if isinstance(action, PullStake):
        ap = kindred_rules(state).stake_removal_ap
        tb.step(f"{c.name} pulls the stake from {action.target}: {ap} AP.", "V-3")
        events = [
            ActionPointsSpent(actor=c.name, ap=ap),
            StakeRemoved(target=action.target, by=c.name),
        ]
        if melee_carried(c) is not None:
            # DEC-828: the stake comes out in the puller's hand, kept in the list they keep.
            events.append(MeleeWeaponTaken(actor=c.name, weapon=STAKE_WEAPON, target=action.target))
        events.extend(bonus_used(c))
        headline = f"{c.name} pulls the stake from {action.target}."
        return Outcome(
            events=tuple(events),
            trace=tb.build(),
            result=StakePulled(target=action.target, headline=headline),
        )
    assert isinstance(action, PutOut)
    ap = kindred_figures().put_out_ap
    events = [ActionPointsSpent(actor=c.name, ap=ap)]
    if action.target != c.name:
        tb.step(f"{c.name} beats out the fire on {action.target}: {ap} AP, no roll.", "V-5")
        out = True
    else:
        out = _roll_on_the_ground(c, dice, tb)
        if c.posture is not Posture.PRONE:
            # Rolling on the ground ends lying on it, out or not (DEC-944): V-5's 2 AP take
            # them down, and getting up is R-6's 2 more.
            tb.step(f"{c.name} ends the roll lying prone.", "DEC-944")
            events.append(PostureChanged(actor=c.name, posture=Posture.PRONE))
    mortal_fire = burning_on(state, action.target)
    if out and mortal_fire is not None:
        events.append(ConditionEnded(id=mortal_fire.id))  # DEC-384
    elif out:
        events.append(BurningEnded(target=action.target, by=c.name))
    events.extend(bonus_used(c))
    verdict = "the fire is out" if out else "still burning"
    how = (
        "rolls on the ground"
        if action.target == c.name
        else f"tries to put out the fire on {action.target}"
    )
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=FirePutOut(
            target=action.target,
            out=out,
            headline=f"{c.name} {how}: {verdict}.",
        ),
    )


def _roll_on_the_ground(c: CombatantState, dice: Dice, tb: TraceBuilder) -> bool:
    """V-5's maneuver: absolute (M-3), Medium, on the Quickness bonus (DEC-365); a success or
    better puts the fire out."""
    figs = kindred_figures()
    quickness = rmu_stats(c).quickness
    parts = [
        Modifier(value=quickness, label="Quickness bonus", rule="DEC-365"),
        difficulty_modifier(figs.roll_difficulty),
        *penalty_modifiers(c),
    ]
    reading = roll_absolute_maneuver(
        purpose=f"{c.name} rolls on the ground",
        label="rolling on the ground",
        parts=parts,
        dice=dice,
        trace=tb,
    )
    out = reading.result in (AbsoluteResult.SUCCESS, AbsoluteResult.ABSOLUTE_SUCCESS)
    tb.step("The fire is out." if out else "The flames keep burning.", "V-5")
    return out
