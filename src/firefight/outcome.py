"""What a resolver returns: the events to apply, the trace that explains them, and a summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from firefight.events import Event
from firefight.trace import Trace

__all__ = ["Outcome"]


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
