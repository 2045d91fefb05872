"""The short account of a record (issue 17): one headline and what changed for whom.

The headline is the ruleset's (:meth:`~firefight.rulesets.base.Ruleset.headline`); what
changed is read off the state table's rows (:meth:`~firefight.rulesets.base.Ruleset.
describe_row`) before and after, so that it shows whatever figures the ruleset shows, in its
words: ``Viktor: hits 50/50 → 38/50; state up, standing → unconscious, prone``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firefight.encounter.log import LogRecord
from firefight.scene.state import EncounterState

if TYPE_CHECKING:
    from firefight.rulesets.base import Ruleset

__all__ = ["headline", "short_account", "state_changes"]

# Columns that name a row rather than say anything about it.
_NAMING = frozenset({"name", "side"})


def headline(record: LogRecord, ruleset: Ruleset) -> str:
    """The record's one line: the ruleset's headline, else its first narrated sentence."""
    found = ruleset.headline(record.summary)
    if found:
        return found
    return record.narration[0] if record.narration else record.text


def state_changes(before: EncounterState, after: EncounterState, ruleset: Ruleset) -> list[str]:
    """One line per person whose row of the state table changed: each changed column, from
    and to; people who joined or left are said so."""
    lines = []
    old = {c.name: ruleset.describe_row(c, before) for c in before.combatants}
    for c in after.combatants:
        row = ruleset.describe_row(c, after)
        was = old.pop(c.name, None)
        if was is None:
            lines.append(f"{c.name}: joins the scene")
            continue
        changed = [
            f"{col} {was.get(col, '')} → {value}"
            for col, value in row.items()
            if col not in _NAMING and was.get(col) != value
        ]
        if changed:
            lines.append(f"{c.name}: " + "; ".join(changed))
    lines.extend(f"{name}: leaves the scene" for name in old)
    return lines


def short_account(
    record: LogRecord, before: EncounterState, after: EncounterState, ruleset: Ruleset
) -> list[str]:
    """The headline, then what changed for whom."""
    return [
        headline(record, ruleset),
        *(f"  {line}" for line in state_changes(before, after, ruleset)),
    ]
