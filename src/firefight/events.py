"""Events: the facts a resolver returns. State changes only by applying them (DESIGN.md 5-6).

Events are frozen, past-tense values. Every event serializes to JSON with a ``type`` key; a
ruleset adds its own event classes by subclassing :class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from firefight.serialize import to_plain

__all__ = ["ActionPointsSpent", "Event", "RoundsFired"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base class of every event."""

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"type": type(self).__name__}
        for f in fields(self):
            data[f.name] = to_plain(getattr(self, f.name))
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionPointsSpent(Event):
    actor: str
    ap: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundsFired(Event):
    actor: str
    weapon: str
    rounds: int
