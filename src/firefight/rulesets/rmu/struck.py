"""What an attack total did to one target, as a typed part of a result.

Every rmu attack read on a firearm attack table -- an aimed shot, a stray round, each roll of
a burst or a sweep, a tripod gun's recoil -- ends in one of these (:mod:`strike` resolves it):
:class:`Missed` (below the table, behind impenetrable cover, a fumble) or :class:`Struck`
(hits, and a critical's location, table, combined effects and the armor's breakage check when
the cell gave one). The results that hold one write its fields in their own place
(:func:`~firefight.outcome.inline`), as the summaries did before results were typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.outcome import omitted

__all__ = ["BreakageCheck", "CriticalEffects", "Missed", "Strike", "Struck", "kindred_read_words"]


def kindred_read_words(severity: str | None, kindred_severity: str | None) -> str:
    """How a Kindred target read a ``severity`` critical (V-1), after a comma; '' if as dealt."""
    if not kindred_severity:
        return ""
    if kindred_severity == severity:
        # Nothing lies below A: it is read on a lighter row of the A column (V-1).
        return ", stepped down a row on a Kindred (V-1)"
    return f", read as {kindred_severity} on a Kindred (V-1)"


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalEffects:
    """The effects of every cell read on one critical, added up (several under RULINGS P-7)."""

    hits: int
    bleed: int
    stun_rounds: int
    stun_penalty: int
    staggered: int
    injury: int
    fatigue: int
    prone: bool
    dying_rounds: int | None
    dead: bool
    attacker_bonus: int
    breakage: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakageCheck:
    """The armor's breakage check a critical called for (RMU-BRK-1, RULINGS P-5)."""

    armor: str
    check_total: int
    penalty: int
    new_total: int
    broken: bool
    beaten_open: bool
    temporary: bool


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Missed:
    """No hit: ``miss`` (below the table, with the column read and how far short of its
    first row the total fell), ``cannot hit`` (behind impenetrable cover, or no column at all)
    or ``fumble``."""

    column: str | None = omitted()
    result: str = "miss"
    hit: bool = False
    hits: int = 0
    miss_by: int | None = omitted()

    @property
    def severity(self) -> None:
        return None

    @property
    def hits_taken(self) -> int:
        return self.hits


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Struck:
    """A hit: its concussion hits and ``severity`` (None: no critical); with a critical, its
    roll, location, table (``kindred_severity`` when a Kindred target lowered it, RULINGS V-1;
    ``kindred`` whenever the target is a Kindred whose fate V-2 reads, DEC-852), the effects, the
    hits with the critical's own, and any breakage check."""

    column: str
    result: str = "hit"
    hit: bool = True
    hits: int
    severity: str | None
    critical_roll: int | None = omitted()
    location: str | None = omitted()
    critical_table: str | None = omitted()
    kindred_severity: str | None = omitted()
    kindred: bool | None = omitted()
    effects: CriticalEffects | None = omitted()
    total_hits: int | None = omitted()
    breakage: BreakageCheck | None = omitted()

    @property
    def hits_taken(self) -> int:
        """Every hit the target took, the critical's own included."""
        return self.hits if self.total_hits is None else self.total_hits

    @property
    def kindred_words(self) -> str:
        return kindred_read_words(self.severity, self.kindred_severity)

    @property
    def kindred_table(self) -> str | None:
        """The critical's table when the target is Kindred (how its fate reads, V-2)."""
        return self.critical_table if self.kindred else None


#: What a total did to its target.
Strike = Missed | Struck
