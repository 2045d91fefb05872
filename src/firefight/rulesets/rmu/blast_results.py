"""What an explosive going off comes to (RMU-EXP-1, -5..8, -13, RULINGS X-3).

One detonation roll (none for a Molotov) read by every body (:class:`BlastPerson`): its band
(None: outside), its total, the hits and, when the blast reached it, the critical
(:class:`BlastCritical`) or none (:class:`NoCritical`). A throw and the blast where it lands is
:class:`ThrownBlastResult`.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.geometry import Point
from firefight.outcome import ResolvedWord, Result, inline, omitted
from firefight.rulesets.rmu.struck import CriticalEffects

__all__ = ["BlastCritical", "BlastPerson", "DetonationResult", "NoCritical", "ThrownBlastResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class NoCritical:
    """The blast reached the body and gave no critical."""

    severity: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BlastCritical:
    """The critical a body took: its severity, roll, table and effects (fragments also say the
    location struck, RMU-EXP-8); ``read_as`` the lower severity a Kindred read it at (V-1), the
    effects' own, left out when it was read as struck."""

    severity: str
    read_as: str | None = omitted()
    critical_roll: int
    location: str | None = omitted()
    critical_table: str
    effects: CriticalEffects


@dataclass(frozen=True, slots=True, kw_only=True)
class BlastPerson:
    """One body's share: its band (None: outside; ``fire`` in a Molotov's), its total (none
    outside or in a Molotov's fire), the hits, and what the blast did (nothing when it stopped
    short or the body was outside)."""

    name: str
    band: str | None
    total: int | None
    hits: int
    critical: NoCritical | BlastCritical | None = inline()

    @property
    def severity(self) -> str | None:
        return self.critical.severity if self.critical is not None else None

    @property
    def wounded(self) -> bool:
        return bool(self.hits or self.severity)

    @property
    def total_hits(self) -> int:
        """Every hit the body took: the table's and its critical's own (RMU-GEN-7), as a shot's
        ``total_hits`` counts them."""
        extra = self.critical.effects.hits if isinstance(self.critical, BlastCritical) else 0
        return self.hits + extra


@dataclass(frozen=True, slots=True, kw_only=True)
class DetonationResult(Result):
    """A detonation: the load, the roll (None for a Molotov) and everyone's share; a ``hit``
    when it wounds anyone, else a ``miss``."""

    result: str = "detonation"
    load: str
    roll: int | None
    people: tuple[BlastPerson, ...]

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(p.wounded for p in self.people) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrownBlastResult(Result):
    """A throw and the blast where it landed: the spot and the placement's result."""

    blast: DetonationResult = inline()
    landed: Point
    placement: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.blast.outcome
