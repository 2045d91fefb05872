"""Dying and being saved (C-12): the death save, and stabilizing the mortally wounded.

A mortally wounded character (below 1 HP, C-9) rolls a death save at the start of each of
their turns: a plain d10 (a save is no skill check, so C-1's explosion does not apply) plus
one for every save already taken and the death-save penalties of their critical injuries;
under BODY survives, anything else -- and always a natural 10 -- is death. Stabilizing is an
Action: TECH + First Aid or Paramedic (the better) + the exploding d10 against DV 13; it ends
the saves and clears what earlier saves added.

``resolve_death_save`` and ``resolve_stabilize`` are pure and refuse before any die.

>>> from firefight.dice import Dice
>>> out = resolve_death_save(DeathSave(name="Rook", body=6, saves_made=2), Dice.scripted([3]),
...                          CprData())
>>> out.result.total, out.result.saved
(5, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.cpr.checks import compare, condition_modifiers, roll_check
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, DeathSaveRolled, Stabilized
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "DeathSave",
    "DeathSaveResult",
    "Stabilize",
    "StabilizeResult",
    "death_save_parts",
    "resolve_death_save",
    "resolve_stabilize",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathSaveResult(Result):
    """A death save (C-12): its total against BODY, and whether the patient held on."""

    target: str
    total: int
    body: int
    saved: bool

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.saved else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class StabilizeResult(Result):
    """A stabilizing check (C-12): the medic's total against the DV, and whether it held."""

    medic: str
    patient: str
    total: int
    dv: int
    stabilized: bool

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.stabilized else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathSave:
    """One death save: the character's BODY, how many saves they have taken since they were
    last stabilized, and their critical injuries (C-12)."""

    name: str
    body: int
    saves_made: int = 0
    injuries: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilize:
    """A medic's attempt to stabilize ``patient`` (C-12). ``skill`` is the better of First Aid
    and Paramedic; ``patient_state`` must be mortally wounded."""

    medic: str
    patient: str
    tech: int
    skill: int
    patient_state: WoundState = WoundState.MORTAL
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()


def death_save_parts(save: DeathSave, data: CprData) -> list[Modifier]:
    """What is added to the d10: earlier saves and the injuries' death-save penalties."""
    parts = []
    if save.saves_made:
        per = data.figures.death_save_per_save
        parts.append(
            Modifier(
                value=save.saves_made * per,
                label=f"{save.saves_made} earlier death save(s), +{per} each",
                rule="C-12",
            )
        )
    for key in save.injuries:
        injury = data.injuries.injury(key)
        if injury.death_save:
            parts.append(Modifier(value=injury.death_save, label=f"{injury.label}", rule="C-12"))
    return parts


def resolve_death_save(save: DeathSave, dice: Dice, data: CprData) -> Outcome[DeathSaveResult]:
    """Roll one death save (C-12)."""
    figures = data.figures
    if save.body < 1:
        raise RuleRefusal("C-12", f"{save.name}'s BODY must be at least 1 to roll a death save.")
    if save.saves_made < 0:
        raise RuleRefusal("C-12", "The number of saves already taken cannot be negative.")
    tb = TraceBuilder()
    tb.step(
        f"{save.name} is mortally wounded: a death save, d{figures.death_save_die} under BODY "
        f"{save.body}.",
        "C-12",
    )
    roll = tb.roll(dice.die(figures.death_save_die, f"{save.name}'s death save"))
    total = tb.total(
        f"{save.name}'s death save",
        [
            Modifier(value=roll.total, label=f"d{figures.death_save_die}", rule="C-12"),
            *death_save_parts(save, data),
        ],
    )
    if roll.natural == figures.death_save_always_fails:
        saved = False
        tb.step(f"A natural {roll.natural} always fails: {save.name} dies.", "C-12")
    elif total.value < save.body:
        saved = True
        tb.step(f"{total.value} is under BODY {save.body}: {save.name} holds on.", "C-12")
    else:
        saved = False
        tb.step(f"{total.value} is not under BODY {save.body}: {save.name} dies.", "C-12")
    return Outcome(
        events=(
            DeathSaveRolled(
                target=save.name, faces=roll.faces, total=total.value, body=save.body, saved=saved
            ),
        ),
        trace=tb.build(),
        result=DeathSaveResult(target=save.name, total=total.value, body=save.body, saved=saved),
    )


def resolve_stabilize(attempt: Stabilize, dice: Dice, data: CprData) -> Outcome[StabilizeResult]:
    """A First Aid or Paramedic check against DV 13 (C-12); success ends the death saves."""
    figures = data.figures
    if attempt.patient_state is not WoundState.MORTAL:
        raise RuleRefusal(
            "C-12",
            f"{attempt.patient} is not mortally wounded: only the mortally wounded make death "
            "saves that stabilizing would end.",
        )
    tb = TraceBuilder()
    skills = " or ".join(figures.stabilize_skills)
    tb.step(
        f"{attempt.medic} works on {attempt.patient}: {figures.stabilize_stat} + {skills} + d10 "
        f"against DV {figures.stabilize_dv}.",
        "C-12",
    )
    parts = [
        Modifier(
            value=attempt.tech, label=f"{attempt.medic}'s {figures.stabilize_stat}", rule="C-12"
        ),
        Modifier(value=attempt.skill, label=f"{attempt.medic}'s {skills}", rule="C-12"),
        # A medic's check is no attack: only what weighs on everything applies.
        *condition_modifiers(
            who=attempt.medic,
            wound=attempt.wound,
            injuries=attempt.injuries,
            kinds=("all",),
            data=data,
        ),
        *attempt.extra,
    ]
    total = roll_check(
        tb, dice, label="stabilize total", purpose=f"{attempt.medic}'s stabilize check", parts=parts
    )
    done = compare(tb, total, figures.stabilize_dv, "the stabilize DV", rule="C-12")
    events: list[Event] = [ActionTaken(actor=attempt.medic, action="stabilize")]
    if done:
        events.append(Stabilized(target=attempt.patient, by=attempt.medic))
        tb.step(f"{attempt.patient} is stabilized: no more death saves.", "C-12")
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=StabilizeResult(
            medic=attempt.medic,
            patient=attempt.patient,
            total=total.value,
            dv=figures.stabilize_dv,
            stabilized=done,
        ),
    )
