"""Running the fight: act (parse, validate, resolve, events) and change rounds (upkeep, a new
round, initiative).

Every function here is pure: it takes a state and returns a :class:`Resolution` -- the record to
append (with the dice faces consumed, the events, the trace and the narration) and the state it
leads to. A refusal raises before any die is rolled and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firefight.dice import (
    Dice,
    DiceSource,
    PromptSource,
    RecordingSource,
    ScriptedSource,
    SeededSource,
)
from firefight.encounter.log import DiceRecord, LogRecord, RecordKind
from firefight.encounter.narrate import narrate
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.outcome import Outcome
from firefight.scene.actions import Action
from firefight.scene.apply import FoldError, apply_all
from firefight.scene.events import GM_RULE
from firefight.scene.state import EncounterState
from firefight.trace import Trace

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = [
    "ROUND_RULE",
    "RecordingSource",
    "Resolution",
    "act",
    "act_quietly",
    "check_allowed",
    "first_round_opened",
    "gm",
    "initiative_quietly",
    "next_round",
    "next_round_quietly",
    "open_fight",
    "open_fight_quietly",
]

#: The encounter's own check that actions wait for the first round.
ROUND_RULE = "ENC-ROUND"


def _not_started() -> RuleRefusal:
    """What an action or a round's change meets before round 1 (ENC-ROUND); the callers test
    the round themselves, so the quiet path pays no call while the fight runs."""
    return RuleRefusal(ROUND_RULE, "The fight has not started: open round 1 first.")


def _already_started(state: EncounterState) -> RuleRefusal:
    """What opening the fight meets once it is open (ENC-ROUND)."""
    return RuleRefusal(ROUND_RULE, f"The fight is already in round {state.round}.")


def _dice_record(source: DiceSource, faces: Sequence[int]) -> DiceRecord:
    if isinstance(source, SeededSource):
        return DiceRecord(source="seeded", seed=source.seed, faces=tuple(faces))
    if isinstance(source, ScriptedSource):
        return DiceRecord(source="scripted", faces=tuple(faces))
    if isinstance(source, PromptSource):
        return DiceRecord(source="asked", faces=tuple(faces))
    return DiceRecord(source=type(source).__name__, faces=tuple(faces))


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolution:
    """What one command produced: the record to append and the state after it."""

    record: LogRecord
    state: EncounterState
    #: What the odds count the command's last result under (:attr:`.Result.odds_word`).
    odds_word: str
    #: The declaration an action record resolved (None for a round's change).
    action: Action | None = None


def _resolution(
    *,
    kind: RecordKind,
    text: str,
    before: EncounterState,
    outcomes: Sequence[Outcome],
    ruleset: Ruleset,
    recorder: RecordingSource,
    round_number: int,
) -> Resolution:
    events: list[Event] = [e for o in outcomes for e in o.events]
    after = apply_all(before, events, ruleset)
    entries = tuple(entry for o in outcomes for entry in o.trace.entries)
    # The log keeps the result as plain data: the fields of every result (a round's change has
    # several), and the word of the last, which is the one the command resolved.
    summary: dict[str, object] = {"outcome": outcomes[-1].result.outcome}
    for o in outcomes:
        summary |= o.result.fields()
    headlines = [o.result.headline for o in outcomes if o.result.headline]
    record = LogRecord(
        kind=kind,
        round=round_number,
        text=text,
        events=tuple(events),
        dice=_dice_record(recorder.inner, recorder.faces),
        trace=tuple(Trace(entries).to_json()),
        summary=summary,
        narration=tuple(headlines[-1:]) + tuple(narrate(before, events, ruleset)),
    )
    return Resolution(record=record, state=after, odds_word=outcomes[-1].result.odds_word)


def act(state: EncounterState, text: str, ruleset: Ruleset, dice: Dice) -> Resolution:
    """Parse ``text`` against the scene, validate it, resolve it with ``dice``.

    Raises:
        RuleRefusal: the action is refused (unknown name or verb, the actor down, AP spent,
            the gun empty...); nothing was rolled and nothing changed.
    """
    if state.round < 1:
        raise _not_started()
    action = ruleset.parse_action(text, state)
    ruleset.validate(state, action)
    recorder = RecordingSource(dice.source)
    outcome = ruleset.resolve(state, action, Dice(recorder))
    resolution = _resolution(
        kind="action",
        text=" ".join(text.split()),
        before=state,
        outcomes=[outcome],
        ruleset=ruleset,
        recorder=recorder,
        round_number=state.round,
    )
    return replace(resolution, action=action)


def gm(state: EncounterState, text: str, ruleset: Ruleset) -> Resolution:
    """A GM's override (:mod:`firefight.encounter.gm`): its events, no dice.

    Raises:
        RuleRefusal: the line does not read, or names what is not there; nothing changed.
    """
    from firefight.encounter.gm import gm_outcome

    if state.round < 1:
        raise _not_started()
    recorder = RecordingSource(Dice.scripted(()).source)
    done = _resolution(
        kind="gm",
        text=" ".join(text.split()),
        before=state,
        outcomes=[gm_outcome(state, text, ruleset)],
        ruleset=ruleset,
        recorder=recorder,
        round_number=state.round,
    )
    if done.state == state:
        # Recorded, it would be what the GM's next undo takes back, and nothing would change.
        raise RuleRefusal(
            GM_RULE, f"{done.record.text!r} changes nothing: the fight is so already."
        )
    return done


def _start(
    state: EncounterState, ruleset: Ruleset, dice: Dice
) -> tuple[list[Outcome], EncounterState]:
    wanted = state.round + 1
    started = ruleset.start_round(state, wanted)
    state = _opened(apply_all(state, started.events, ruleset), wanted, ruleset)
    initiative = ruleset.initiative(state, dice)
    state = apply_all(state, initiative.events, ruleset)
    return [started, initiative], state


def _opened(state: EncounterState, wanted: int, ruleset: Ruleset) -> EncounterState:
    """``state`` once a round's opening events are folded, checked to be in round ``wanted``."""
    if state.round != wanted:
        # Which event opens a round, and what it hands out (AP, a Move and an Action), is the
        # ruleset's; the engine only counts rounds, and checks it opens the one asked for.
        raise FoldError(
            f"the {ruleset.name} ruleset was asked to start round {wanted}, but its events "
            f"leave the scene in round {state.round}"
        )
    return state


def open_fight(state: EncounterState, ruleset: Ruleset, dice: Dice) -> Resolution:
    """Round 1 begins as the ruleset starts a round (rmu: AP for everyone, surprise), then
    initiative. The first record of every log."""
    if state.round != 0:
        raise _already_started(state)
    recorder = RecordingSource(dice.source)
    outcomes, _ = _start(state, ruleset, Dice(recorder))
    return _resolution(
        kind="round",
        text="round 1",
        before=state,
        outcomes=outcomes,
        ruleset=ruleset,
        recorder=recorder,
        round_number=1,
    )


def next_round(state: EncounterState, ruleset: Ruleset, dice: Dice) -> Resolution:
    """End this round (the ruleset's upkeep) and start the next (the ruleset's start of a round,
    then initiative)."""
    if state.round < 1:
        raise _not_started()
    recorder = RecordingSource(dice.source)
    upkeep, after_upkeep = ruleset.end_round(state)
    outcomes, _ = _start(after_upkeep, ruleset, Dice(recorder))
    return _resolution(
        kind="round",
        text=f"round {state.round + 1}",
        before=state,
        outcomes=[upkeep, *outcomes],
        ruleset=ruleset,
        recorder=recorder,
        round_number=state.round + 1,
    )


# --- quietly: the same rules without the record, for simulations ------------------------------
#
# A simulated fight needs only the state each step leads to. These run exactly what act,
# open_fight and next_round run -- the same ruleset calls, so the same dice in the same order --
# but build no log record: no narration, no trace or summary gathered, no dice echoed.


def act_quietly(
    state: EncounterState, action: Action, ruleset: Ruleset, dice: Dice
) -> EncounterState:
    """What :func:`act` leads to for a declaration already built (``ruleset.parse_action``),
    without its record. Refuses as :func:`act` does (a ruleset whose resolver refuses all its
    validation does, before any die, is not asked to validate first)."""
    if state.round < 1:
        raise _not_started()
    if not ruleset.resolve_validates:
        ruleset.validate(state, action)
    return ruleset.resolve_quietly(state, action, dice)


def check_allowed(state: EncounterState, action: Action, ruleset: Ruleset) -> None:
    """Raise what the rules refuse ``action`` for: its validation and its resolver's own checks
    alike (a sweep inside point blank, a preparation short of its AP), by a dry run on
    throwaway dice, since every refusal comes before any die. Asked before the initiative
    order, so that no out-of-turn question is put, and no --force asked for, about an action
    no answer would let through (ENC-ORDER, DEC-716)."""
    act_quietly(state, action, ruleset, Dice.seeded(0))


def open_fight_quietly(state: EncounterState, ruleset: Ruleset, dice: Dice) -> EncounterState:
    """What :func:`open_fight` leads to, without its record."""
    return initiative_quietly(first_round_opened(state, ruleset), ruleset, dice)


def first_round_opened(state: EncounterState, ruleset: Ruleset) -> EncounterState:
    """The scene as round 1 opens, before initiative: what :func:`open_fight_quietly` folds
    before its first die (a ruleset starts a round without dice), so a simulation that opens
    every fight on the same scene may work it out once."""
    if state.round != 0:
        raise _already_started(state)
    return _opened_quietly(state, ruleset)


def initiative_quietly(state: EncounterState, ruleset: Ruleset, dice: Dice) -> EncounterState:
    """The round just opened once its initiative is rolled, without a record."""
    return apply_all(state, ruleset.initiative_events(state, dice), ruleset)


def next_round_quietly(state: EncounterState, ruleset: Ruleset, dice: Dice) -> EncounterState:
    """What :func:`next_round` leads to, without its record."""
    if state.round < 1:
        raise _not_started()
    return _start_quietly(ruleset.end_round(state)[1], ruleset, dice)


def _start_quietly(state: EncounterState, ruleset: Ruleset, dice: Dice) -> EncounterState:
    """What :func:`_start` leads to, from the ruleset's events alone (no trace, no result)."""
    return initiative_quietly(_opened_quietly(state, ruleset), ruleset, dice)


def _opened_quietly(state: EncounterState, ruleset: Ruleset) -> EncounterState:
    wanted = state.round + 1
    return _opened(
        apply_all(state, ruleset.start_round_events(state, wanted), ruleset), wanted, ruleset
    )
