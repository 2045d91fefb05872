"""What a fumble does: one cell of a fumble table, and the malfunction a roll on it came to.

Kept apart from the tables (:mod:`.fumble`, :mod:`.melee.fumble`) so that a result holding a
malfunction (an aimed shot's fumble, :mod:`.shot_results`) loads without the table's data
models.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FumbleEffect", "Malfunction"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FumbleEffect:
    """What one fumble cell does to the shooter and the gun (mechanics only). The Melee
    Fumble table (:mod:`firefight.rulesets.rmu.melee.fumble`) uses the same cells, with the
    fields a blade or a grab needs: a dropped weapon, hits to oneself, a fall, a stun."""

    label: str
    lose_ap: int = 0
    jam_clear_ap: int = 0
    semi_only: bool = False
    half_effect: bool = False
    lose_round: bool = False
    nearest_ally: bool = False
    broken: bool = False
    drops_weapon: bool = False
    self_hits: int = 0
    prone: bool = False
    stun_rounds: int = 0

    def summary(self) -> str:
        parts: list[str] = []
        if self.lose_ap:
            parts.append(f"lose {self.lose_ap} AP")
        if self.jam_clear_ap:
            parts.append(f"jammed: {self.jam_clear_ap} AP to clear")
        if self.semi_only:
            parts.append("semi-automatic only until cleared")
        if self.half_effect:
            parts.append("bursts at half effect until cleared")
        if self.lose_round:
            parts.append("the rest of the round is lost")
        if self.nearest_ally:
            parts.append("a round goes toward the nearest ally (OB +0)")
        if self.broken:
            parts.append("broken until repaired")
        if self.drops_weapon:
            parts.append("the weapon is dropped")
        if self.self_hits:
            parts.append(f"{self.self_hits} hits to oneself")
        if self.prone:
            parts.append("falls prone")
        if self.stun_rounds:
            parts.append(f"stunned {self.stun_rounds} rnd")
        return ", ".join(parts) or "no further effect"


@dataclass(frozen=True, slots=True, kw_only=True)
class Malfunction:
    """A roll on a fumble table: its total, the row and column read, and the cell."""

    total: int
    row: str
    column: str
    effect: FumbleEffect
