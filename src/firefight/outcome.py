"""What a resolver returns: the events to apply, the trace that explains them, and a summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, get_args

from firefight.events import Event
from firefight.trace import Trace

__all__ = ["OUTCOME_WORDS", "RESOLVED_WORDS", "Outcome", "OutcomeWord", "ResolvedWord"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """A resolution. ``summary`` is a flat, JSON-ready digest of the result for interfaces."""

    events: tuple[Event, ...]
    trace: Trace
    summary: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "summary": dict(self.summary),
            "events": [e.to_json() for e in self.events],
            "trace": self.trace.to_json(),
        }


#: The word a resolution's JSON gives as ``result.outcome`` (docs/json.md): ``hit`` -- an attack
#: struck someone; ``miss`` -- it struck no one; ``fumble`` -- the roll went wrong for the actor
#: (a fumble, a malfunction); ``success`` / ``partial`` / ``failure`` -- a check or maneuver did
#: all, part or none of what it set out to; ``done`` -- an action with nothing to succeed or
#: fail at happened (a reload, a move, a round's change).
ResolvedWord = Literal["hit", "miss", "fumble", "success", "partial", "failure", "done"]
#: ... and ``refused``: the rules refused the declaration, and nothing changed.
OutcomeWord = Literal[ResolvedWord, "refused"]
RESOLVED_WORDS: tuple[ResolvedWord, ...] = get_args(ResolvedWord)
OUTCOME_WORDS: tuple[OutcomeWord, ...] = get_args(OutcomeWord)
