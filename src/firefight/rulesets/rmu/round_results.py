"""What happens at an rmu round's change before initiative, as typed results.

Fires deal their criticals (:class:`Burnt`, RMU-EXP-14), the grenades whose fuse ran out go off
(:class:`DueBlasts`, RMU-EXP-9, DEC-306), and everyone near one that has just landed notices it
or not (:class:`NoticedGrenades`, RMU-EXP-10). The round's change writes them all with the
initiative order (:class:`~.merged.Merged`); none has anything to succeed at: ``done``.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import Done, ResolvedWord, Result, inline
from firefight.rulesets.rmu.blast_results import DetonationResult
from firefight.rulesets.rmu.flash_bang import FlashBangResult

__all__ = ["Burnt", "DueBlasts", "GoneOff", "NobodyNear", "Noticed", "NoticedGrenades"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Burnt(Done):
    """Who the fires burnt this round (RMU-EXP-14)."""

    burning: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NobodyNear(Result):
    """A flash-bang that went off with nobody in its radius (RMU-EXP-17)."""

    victims: tuple[str, ...] = ()

    @property
    def outcome(self) -> ResolvedWord:
        return "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoneOff:
    """A grenade that went off: its condition and what it did."""

    condition: str
    done: FlashBangResult | DetonationResult | NobodyNear = inline()


@dataclass(frozen=True, slots=True, kw_only=True)
class DueBlasts(Done):
    """Every grenade whose fuse ran out (DEC-306)."""

    blasts: tuple[GoneOff, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Noticed:
    """Someone near a grenade that has just landed: where it lies from them and the AP they
    have to react (RMU-EXP-10)."""

    name: str
    grenade: str
    where: str
    ap: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoticedGrenades(Done):
    """Everyone near a grenade that has just landed (RMU-EXP-10)."""

    noticed: tuple[Noticed, ...]
