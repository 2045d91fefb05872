"""Checking a log that comes from outside (an imported encounter) by playing it again.

An exported log is only text: anyone can edit it. Folding its events is not enough to trust it
(a forged start of a round handing out 1001 AP folds cleanly), so every record is resolved again
from the state before it -- the opening round, each action line, each round change -- with the
dice faces the record says were rolled, and must come out exactly as stored: the same events,
narration, trace and summary, every face used. An undo must take back the last record still in
force, as :meth:`~firefight.service.EncounterService.undo` would. Replaying with the recorded
faces is what RULINGS D-3 promises a log allows.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from firefight.dice import Dice
from firefight.encounter import engine
from firefight.encounter.fold import fold
from firefight.encounter.log import LogError, LogRecord, check_version, live, parse_record
from firefight.encounter.scenario import Scenario, initial_state
from firefight.errors import FirefightError
from firefight.limits import MAX_NUMBER
from firefight.scene.state import EncounterState
from firefight.serialize import to_plain

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["fold_log", "read_records", "replay_log"]


def read_records(payloads: Sequence[tuple[int, Mapping[str, Any]]]) -> tuple[LogRecord, ...]:
    """Records ``(seq, payload)`` read back; any payload that does not decode is a
    :class:`LogError` naming its record, and so is one holding a key that reading it drops,
    which the store would otherwise keep and export for ever (DEC-754)."""
    records: list[LogRecord] = []
    for seq, payload in payloads:
        check_version(seq, payload.get("v"))  # a stored record must name its version
        try:
            record = parse_record(payload, seq=seq)
        except FirefightError:
            raise
        except Exception as exc:
            # Outside data can break a decoder in any way (a number where an event belongs):
            # every failure is the record's fault, reported as such.
            raise LogError(f"record {seq} is malformed: {type(exc).__name__}: {exc}") from None
        added = _added(payload, record.payload(), "")
        if added is not None:
            raise LogError(f"record {seq} holds {added!r}, which no firefight writes there")
        records.append(record)
    return tuple(records)


def _added(given: Any, kept: Any, where: str) -> str | None:
    """The first key ``given`` holds that ``kept`` (the same value read and written again)
    does not, as a path. A figure written otherwise (a default filled in) is no key added, nor
    a null that writing leaves out: a null and a missing key say the same (DEC-331)."""
    if isinstance(given, Mapping) and isinstance(kept, Mapping):
        for key, value in given.items():
            at = f"{where}.{key}" if where else str(key)
            if key not in kept:
                if value is None:
                    continue
                return at
            found = _added(value, kept[key], at)
            if found is not None:
                return found
    elif isinstance(given, list) and isinstance(kept, list):
        for index, (item, again) in enumerate(zip(given, kept, strict=False)):
            found = _added(item, again, f"{where}[{index}]")
            if found is not None:
                return found
    return None


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _same(record: LogRecord, redo: LogRecord) -> bool:
    # A record written before results were typed keeps no outcome word in its summary (the
    # word is read from the rest, which must match all the same), and may keep as null a
    # figure a typed result leaves out: in a summary, a null and a missing key say the same.
    worded = "outcome" in record.summary

    def plain(r: LogRecord) -> str:
        data = r.payload()
        data.pop("dice", None)  # where the dice came from may differ; their faces may not
        if "summary" in data:
            if not worded:
                data["summary"].pop("outcome", None)
            data["summary"] = _without_nulls(data["summary"])
        return json.dumps(data, sort_keys=True)

    return plain(record) == plain(redo) and record.dice.faces == redo.dice.faces


def _redo(
    state: EncounterState, record: LogRecord, first: bool, ruleset: Ruleset
) -> engine.Resolution:
    dice = Dice.scripted(record.dice.faces)
    if first:
        _check_opening(record)
        redo = engine.open_fight(state, ruleset, dice)
    elif record.kind == "round":
        redo = engine.next_round(state, ruleset, dice)
    elif record.kind == "gm":
        redo = engine.gm(state, record.text, ruleset)
    else:
        redo = engine.act(state, record.text, ruleset, dice)
    if dice.unused:
        raise LogError(f"record {record.seq} lists dice it never rolled: {list(dice.unused)}")
    return redo


def _check_not_empty(records: Sequence[LogRecord]) -> None:
    if not records:
        raise LogError("the log is empty: every encounter starts with its opening round")


def _check_opening(first: LogRecord) -> None:
    if first.kind != "round":
        raise LogError("record 1 must open round 1")


def _check_undo(records: Sequence[LogRecord], index: int) -> None:
    """The undo at ``index`` must take back the last record still in force before it, as
    :meth:`~firefight.service.EncounterService.undo` would."""
    record = records[index]
    in_force = live(records[:index])
    if len(in_force) <= 1 or record.reverts != in_force[-1].seq:
        raise LogError(
            f"record {record.seq} undoes #{record.reverts}, which is not the last "
            "record still in force"
        )


@contextmanager
def _failing(record: LogRecord, doing: str) -> Iterator[None]:
    """Any failure inside as a :class:`LogError` saying the record does not ``doing``. A forged
    record can drive the rules anywhere (an overflow, a name that is not there): whatever
    fails, it is the record's fault."""
    try:
        yield
    except LogError:
        raise
    except FirefightError as exc:
        raise LogError(f"record {record.seq} ({record.text!r}) does not {doing}: {exc}") from None
    except Exception as exc:
        raise LogError(
            f"record {record.seq} ({record.text!r}) does not {doing}: {type(exc).__name__}: {exc}"
        ) from None


def replay_log(
    scenario: Scenario, records: Sequence[LogRecord], ruleset: Ruleset
) -> EncounterState:
    """The state the log leads to, after every record was checked by playing it again.

    Raises:
        LogError: the first record that does not replay, and why.
    """
    _check_not_empty(records)
    scene = initial_state(scenario)
    state = scene
    for index, record in enumerate(records):
        if record.kind == "undo":
            _check_undo(records, index)
            state = fold(scene, records[: index + 1], ruleset)
            continue
        with _failing(record, "replay"):
            redo = _redo(state, record, index == 0, ruleset)
        if not _same(record, redo.record):
            raise LogError(
                f"record {record.seq} ({record.text!r}) does not replay: the rules, given its "
                "dice, record something else (an edited or foreign log)"
            )
        state = redo.state
    return state


def fold_log(scenario: Scenario, records: Sequence[LogRecord], ruleset: Ruleset) -> EncounterState:
    """The state the log leads to, checked without replaying it: for a log written by other
    rules than these, whose records the rules now in force may resolve otherwise. Every undo
    takes back the last record in force, every record's events fold, and every figure of the
    state after each record stays finite and in bounds.

    Raises:
        LogError: the first record that does not fold, and why.
    """
    _check_not_empty(records)
    _check_opening(records[0])
    scene = initial_state(scenario)
    for index, record in enumerate(records):
        if record.kind == "undo":
            _check_undo(records, index)
        with _failing(record, "fold"):
            state = fold(scene, records[: index + 1], ruleset)
            check_figures(to_plain(state), f"after record {record.seq}")
    return state


def check_figures(value: object, where: str) -> None:
    """Every number in a folded state finite and within :data:`~firefight.limits.MAX_NUMBER`."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        if not (math.isfinite(value) and abs(value) <= MAX_NUMBER):
            raise LogError(f"{where}, a figure of the state is out of bounds: {value!r}")
    elif isinstance(value, dict):
        for item in value.values():
            check_figures(item, where)
    elif isinstance(value, list | tuple):
        for item in value:
            check_figures(item, where)
