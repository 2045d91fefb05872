"""State = fold(initial scene, events). Replaying the stored log never rolls a die.

:func:`fold` applies every live record's events in order (one by one with
:func:`firefight.scene.apply.apply_all`), skipping the records an undo reverted;
:func:`fold_from` does the same for the records after a snapshot, starting from the snapshot's
state.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from firefight.encounter.log import LogError, LogRecord, reverted
from firefight.scene.apply import FoldError, apply_all
from firefight.scene.state import EncounterState

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["fold", "fold_from"]


def fold(scene: EncounterState, records: Sequence[LogRecord], ruleset: Ruleset) -> EncounterState:
    """The state the log leads to from the initial ``scene``; undone records are skipped."""
    return fold_from(scene, records, ruleset)


def fold_from(
    state: EncounterState,
    records: Sequence[LogRecord],
    ruleset: Ruleset,
    *,
    skip: Collection[int] = frozenset(),
) -> EncounterState:
    """The state ``records`` (a run of the log) lead to from ``state``.

    A record is skipped when an undo among ``records`` reverts it, or when its seq is in
    ``skip``: what undo records *before* the run revert among its records (a snapshot keeps
    those, so that folding the rest of the log from it gives exactly what the full fold gives).

    Raises:
        LogError: naming the first record whose events do not fold.
    """
    gone = reverted(records)
    if skip:
        gone = gone | frozenset(skip)
    for record in records:
        if record.kind != "undo" and record.seq not in gone:
            try:
                state = apply_all(state, record.events, ruleset)
            except FoldError as exc:
                # Named, since a log is long: which record no longer folds, and what it says.
                raise LogError(
                    f"record {record.seq} ({record.text!r}) does not fold: {exc}"
                ) from None
    return state
