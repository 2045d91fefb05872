"""What an aimed shot comes to, and the rounds that fly besides it.

:class:`AimedShotResult` is the aimed shot's (RMU-GEN-1..8): the weapon, the range, what an
unbraced tripod gun's recoil did first (:class:`RecoilReport`, RMU-TRI-2), and then either what
the total did to the target (:class:`~firefight.rulesets.rmu.struck.Strike`, with the round a
miss sent on into a shielder, RMU-COV-6) or the fumble's malfunction and the round it may send
toward the nearest ally (:class:`TowardAlly`, DEC-105). Rapid fire and sweeps share the
malfunction's parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.outcome import ResolvedWord, Result, inline, omitted
from firefight.rulesets.rmu.malfunction import Malfunction
from firefight.rulesets.rmu.struck import Strike

__all__ = ["AimedShotResult", "OutOfReach", "RecoilReport", "StrayRound", "TowardAlly"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class StrayRound:
    """A round at someone besides the target (a shielder, an ally): who, its roll and total,
    and what it did."""

    name: str
    roll: int
    attack_total: int
    landing: Strike = inline()


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfReach:
    """A round toward an ally standing past the weapon's last band (RMU-GEN-4)."""

    name: str
    result: str = "out of reach"


@dataclass(frozen=True, slots=True, kw_only=True)
class TowardAlly:
    """A malfunction's round toward the nearest ally (DEC-105): None when nobody was named
    (the GM places it)."""

    ally: StrayRound | OutOfReach | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecoilReport:
    """What an unbraced tripod gun's recoil did to its shooter (RMU-TRI-2): its roll and
    total, the strike, and the penalty it puts on the shot."""

    attack_total: int
    roll: int
    landing: Strike = inline()
    penalty: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AimedShotResult(Result):
    """One aimed shot: the weapon, ammunition, range and AP; the recoil first when the gun is
    unbraced; the roll and total (a fumble has no total); what it did to the target
    (``cannot hit``, ``fumble``, ``miss`` or ``hit``); a fumble's ``malfunction`` and the round
    toward an ally; a miss's round into a shielder."""

    weapon: str
    ammo: str
    distance_ft: float
    range_band: str
    ap_spent: int
    recoil: RecoilReport | None = omitted()
    attack_total: int | None = omitted()
    landing: Strike = inline()
    roll: int | None = omitted()
    fumble: bool | None = omitted()
    malfunction: Malfunction | None = omitted()
    toward_ally: TowardAlly | None = inline()
    shielder: StrayRound | None = omitted()

    @property
    def result(self) -> str:
        """What the shot did: ``hit``, ``miss``, ``cannot hit`` or ``fumble``."""
        return self.landing.result

    @property
    def outcome(self) -> ResolvedWord:
        """``fumble`` on a fumble; ``hit`` when it struck the target or, flying on, a
        shielder; else ``miss``."""
        if self.landing.result == "fumble":
            return "fumble"
        if self.landing.hit or (self.shielder is not None and self.shielder.landing.hit):
            return "hit"
        return "miss"
