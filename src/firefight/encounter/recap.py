"""A round in a few lines per person, for reading out at the table or pasting into a campaign
log: what each person did (their actions and the first line of what came of them) and how they
stand after it (the state table's cells that changed, as the ruleset words them).

The recap reads the log and the ruleset's :meth:`~firefight.rulesets.base.Ruleset.describe_row`
only, so it knows no ruleset; :func:`recap_markdown` and :func:`recap_html` write it out.

>>> line = PersonRecap(name="Mara", did=("Mara shoots Viktor: hit, 12 hits",), changed=())
>>> recap_markdown(Recap(title="Alley", round=2, people=(line,), scene=()))
'## Alley, round 2\\n\\n- **Mara**: Mara shoots Viktor: hit, 12 hits\\n'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from firefight.encounter.fold import fold_from
from firefight.encounter.log import LogRecord, live
from firefight.errors import FirefightError
from firefight.rulesets.base import Ruleset
from firefight.scene.state import EncounterState

__all__ = [
    "PersonRecap",
    "Recap",
    "RecapError",
    "recap_html",
    "recap_markdown",
    "recap_round",
    "state_after_round",
]

#: State-table columns that change with every round or say nothing new in a recap: what is
#: left of the turn (rmu's AP, cpr's and cards' turn), which every opening resets.
_QUIET_COLUMNS = frozenset({"name", "side", "AP", "turn"})


class RecapError(FirefightError, ValueError):
    """A round the encounter has not reached (or cannot have)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonRecap:
    """One person's round: their actions in words and the changes to how they stand, each as
    ``(column, before, after)``."""

    name: str
    did: tuple[str, ...]
    changed: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Recap:
    """A round of an encounter, person by person; ``scene`` holds what happened to no one in
    particular (the round's opening, with what came as it opened; a GM's override)."""

    title: str
    round: int
    people: tuple[PersonRecap, ...]
    scene: tuple[str, ...]


def _round_bounds(records: Sequence[LogRecord], round_number: int) -> tuple[int, int | None]:
    """The seq of the record opening ``round_number`` and of the one opening the next (None
    while the round is still being played)."""
    openings = {r.round: r.seq for r in live(records) if r.kind == "round"}
    if round_number not in openings:
        reached = max(openings, default=0)
        raise RecapError(
            f"round {round_number} has not been played: the encounter is in round {reached}"
        )
    return openings[round_number], openings.get(round_number + 1)


def _fold_until(
    scene: EncounterState, records: Sequence[LogRecord], ruleset: Ruleset, stop: int | None
) -> EncounterState:
    kept = [r for r in records if stop is None or r.seq < stop]
    return fold_from(scene, kept, ruleset)


def state_after_round(
    scene: EncounterState, records: Sequence[LogRecord], ruleset: Ruleset, round_number: int
) -> EncounterState:
    """The state at the end of ``round_number`` (now, if it is the round being played), folded
    from the initial ``scene``."""
    _, end = _round_bounds(records, round_number)
    return _fold_until(scene, records, ruleset, end)


def _actor(text: str, names: Sequence[str]) -> str | None:
    """Who an action line is about: the longest name it starts with."""
    lowered = text.lower()
    found = [n for n in names if lowered == n.lower() or lowered.startswith(n.lower() + " ")]
    return max(found, key=len, default=None)


def recap_round(
    scene: EncounterState, records: Sequence[LogRecord], ruleset: Ruleset, round_number: int
) -> Recap:
    """Round ``round_number`` of the encounter whose initial scene is ``scene`` and whose log
    is ``records``."""
    start, end = _round_bounds(records, round_number)
    # The round's opening record is the round's, as the log tells it under the round's heading:
    # what the last round's end left to happen (a grenade going off, bleeding, a death save)
    # happens there, and is in this recap or in none (DEC-710).
    before = _fold_until(scene, records, ruleset, start)
    after = _fold_until(scene, records, ruleset, end)
    names = [c.name for c in after.combatants]
    did: dict[str, list[str]] = {n: [] for n in names}
    happened: list[str] = []
    for record in live(records):
        if record.seq < start or (end is not None and record.seq >= end):
            continue
        if record.kind == "round":
            # An opening is everyone's: each line of it is something that happened.
            happened.extend(record.narration)
            continue
        # The narration's first line tells the action and what came of it; the typed line
        # stands in only when there is none.
        line = record.narration[0] if record.narration else record.text
        actor = _actor(record.text, names)
        (did[actor] if actor else happened).append(line)
    people = []
    for c in after.combatants:
        was = before.find(c.name)
        now_row = ruleset.describe_row(c, after)
        was_row = ruleset.describe_row(was, before) if was is not None else {}
        changed = tuple(
            (col, was_row.get(col, "-"), cell)
            for col, cell in now_row.items()
            # A cell empty before and after ("- → -") is no change (DEC-917).
            if col not in _QUIET_COLUMNS and was_row.get(col, "-") != cell
        )
        # Someone the GM brought in this round joined the fight, whatever else they did.
        joined = ("joins the fight",) if was is None else ()
        if joined or did[c.name] or changed:
            people.append(PersonRecap(name=c.name, did=(*joined, *did[c.name]), changed=changed))
    return Recap(title=after.title, round=round_number, people=tuple(people), scene=tuple(happened))


def _changes(person: PersonRecap) -> str:
    return "; ".join(f"{col} {was} → {now}" for col, was, now in person.changed)


def recap_markdown(recap: Recap) -> str:
    """The recap as Markdown: a heading and a bullet per person."""
    lines = [f"## {recap.title}, round {recap.round}", ""]
    lines += [f"- {line}" for line in recap.scene]
    for person in recap.people:
        said = " ".join(person.did) or "did nothing"
        lines.append(f"- **{person.name}**: {said}")
        if person.changed:
            lines.append(f"  - now: {_changes(person)}")
    if not recap.people and not recap.scene:
        lines.append("- nothing happened")
    return "\n".join(lines) + "\n"


def recap_html(recap: Recap) -> str:
    """The recap as an HTML fragment (every text escaped): a heading and a list."""
    e = html.escape
    items = [f"<li>{e(line)}</li>" for line in recap.scene]
    for person in recap.people:
        said = " ".join(person.did) or "did nothing"
        now = f"<br><small>now: {e(_changes(person))}</small>" if person.changed else ""
        items.append(f"<li><strong>{e(person.name)}</strong>: {e(said)}{now}</li>")
    if not items:
        items.append("<li>nothing happened</li>")
    body = "\n".join(f"  {item}" for item in items)
    return (
        f'<section class="recap">\n<h2>{e(recap.title)}, round {recap.round}</h2>\n'
        f"<ul>\n{body}\n</ul>\n</section>\n"
    )
