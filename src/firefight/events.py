"""Events: the facts a resolver returns. State changes only by applying them (DESIGN.md 5-6).

Events are frozen, past-tense values. Every event serializes to JSON with a ``type`` key; a
ruleset adds its own event classes by subclassing :class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from firefight.frozen import quick_init
from firefight.serialize import adapter

__all__ = ["Event", "RoundsFired", "rounds_fired"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base class of every event."""

    def to_json(self) -> dict[str, object]:
        """The event as plain JSON data, its class named under ``type`` (how the log keeps it).

        >>> RoundsFired(actor="Mara", weapon="glock", rounds=3).to_json()
        {'type': 'RoundsFired', 'actor': 'Mara', 'weapon': 'glock', 'rounds': 3}
        """
        cls = type(self)
        return {"type": cls.__name__, **adapter(cls).dump_python(self, mode="json")}


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundsFired(Event):
    actor: str
    weapon: str
    rounds: int


# A fight's shooters fire the same guns again and again: one frozen event per values, shared
# safely, for every ruleset's shots (a bounded cache).
@lru_cache(maxsize=1024)
def rounds_fired(actor: str, weapon: str, rounds: int) -> RoundsFired:
    """``actor`` fired ``rounds`` from ``weapon``."""
    return RoundsFired(actor=actor, weapon=weapon, rounds=rounds)
