"""State = fold(initial scene, events). Replaying the stored log never rolls a die.

:func:`fold` applies every live record's events in order (one by one with
:func:`firefight.scene.apply.apply_all`), skipping the records an undo reverted;
:func:`fold_from` does the same for the records after a snapshot, starting from the snapshot's
state.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from firefight.encounter.log import LogRecord, reverted
from firefight.scene.apply import apply_all
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
    """
    gone = reverted(records)
    if skip:
        gone = gone | frozenset(skip)
    for record in records:
        if record.kind != "undo" and record.seq not in gone:
            state = apply_all(state, record.events, ruleset)
    return state
