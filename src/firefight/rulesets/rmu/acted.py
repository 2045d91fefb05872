"""What an rmu encounter action with nothing to roll comes to (holding one's breath...)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import Done

__all__ = ["Acted"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Acted(Done):
    """An action with nothing to roll: the verb, who, the headline (``done``)."""

    action: str
    actor: str
    headline: str
