"""What a melee attack, a grapple and breaking a hold come to.

A melee attack (:class:`MeleeResult`) is its roll and then one blow: a fumble (the Melee Fumble
cell, RMU-GEN-8), a miss, or a hit (:class:`MeleeHit`: hits, the critical's severity, step-down,
table and, once rolled, its location, effects and the hold a Grapple critical takes). Breaking a
hold is the contest of :class:`EscapeResult` (RMU-BITE-3, M-4). In an encounter each comes
wrapped with the verb and who (:class:`MeleeActed`, :class:`EscapeActed`).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import ResolvedWord, Result, inline, omitted
from firefight.rulesets.rmu.malfunction import Malfunction
from firefight.rulesets.rmu.struck import CriticalEffects

__all__ = [
    "Blow",
    "EscapeActed",
    "EscapeResult",
    "MeleeActed",
    "MeleeFumble",
    "MeleeHit",
    "MeleeMiss",
    "MeleeResult",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeFumble:
    """A fumble: the Melee Fumble table's cell for the weapon's column."""

    result: str = "fumble"
    fumble: Malfunction


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeMiss:
    """A total that does nothing."""

    result: str = "miss"
    hits: int = 0
    total_hits: int = 0
    severity: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeHit:
    """A hit: its hits and critical (severity None: none); ``dealt_severity`` is what the blow
    dealt before a severity shift (RMU-STAKE-2, DEC-373); ``hold`` the percent a Grapple
    critical takes."""

    result: str = "hit"
    hits: int
    severity: str | None
    step_down: int
    critical_table: str | None
    total_hits: int
    hold: int
    dealt_severity: str | None = omitted()
    dealt_step_down: int | None = omitted()
    critical_roll: int | None = omitted()
    row: str | None = omitted()
    location: str | None = omitted()
    effects: CriticalEffects | None = omitted()


#: What one melee attack did.
Blow = MeleeFumble | MeleeMiss | MeleeHit


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeResult(Result):
    """One melee attack or grapple: the weapon, the roll, the AP and parry; the total (a
    fumble has none) and the blow."""

    weapon: str
    roll: int
    ap: int
    parry: int
    total: int | None = omitted()
    blow: Blow = inline()

    @property
    def result(self) -> str:
        """``hit``, ``miss`` or ``fumble``."""
        return self.blow.result

    @property
    def outcome(self) -> ResolvedWord:
        word = self.blow.result
        return "fumble" if word == "fumble" else "hit" if word == "hit" else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class EscapeResult(Result):
    """Breaking a hold (RMU-BITE-3): ``broke free`` (a ``success``) or ``held`` (a
    ``failure``), the contest and the holder's total, the hold left and the AP."""

    result: str
    contest: int
    holder_total: int
    hold: int
    ap: int

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.result == "broke free" else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class EscapeActed(Result):
    """An encounter's try at breaking a hold (``breaks-free``): who, whose hold, the contest."""

    action: str = "breaks-free"
    actor: str
    holder: str
    escape: EscapeResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.escape.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeActed(Result):
    """An encounter's melee attack or grapple: the verb, who, at whom, the attack."""

    action: str
    actor: str
    target: str
    attack: MeleeResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.attack.outcome
