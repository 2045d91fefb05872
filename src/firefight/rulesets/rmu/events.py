"""Events the rmu resolvers return (applied by the encounter layer)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event
from firefight.tables.critical import CriticalEffect

__all__ = ["AttackerBonusGained", "CriticalInflicted", "HitsInflicted"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HitsInflicted(Event):
    """Concussion hits from an attack table (RMU-GEN-5)."""

    target: str
    hits: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalInflicted(Event):
    """One critical cell's effects landing on the target (RMU-GEN-6, RMU-GEN-7)."""

    target: str
    table: str
    severity: str
    roll: int
    location: str
    effect: CriticalEffect


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackerBonusGained(Event):
    """A cell that rewards the attacker on their next action this round (RMU-BP-3)."""

    actor: str
    bonus: int
    rule: str
