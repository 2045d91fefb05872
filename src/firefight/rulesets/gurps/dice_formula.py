"""Damage as 3e writes it: ``2d-1`` (dice of d6 plus adds), or a muscle-powered weapon's
``thr+2`` / ``sw`` read off the thrust and swing table at the shooter's ST (GUR-CORE-1).

>>> DiceFormula.parse("2d-1")
DiceFormula(dice=2, adds=-1)
>>> str(DiceFormula(dice=1, adds=4))
'1d+4'
>>> DiceFormula.parse("1d+4").mean
7.5
>>> DiceFormula.parse("0d")
Traceback (most recent call last):
...
firefight.errors.FirefightError: '0d' rolls 0 dice; a damage formula rolls 1 to 1,000 \
(README, Limits)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from firefight.errors import FirefightError
from firefight.limits import MAX_POOL_DICE

__all__ = ["DiceFormula", "MuscleFormula"]

_DICE = re.compile(r"^(\d+)d([+-]\d+)?$")
_MUSCLE = re.compile(r"^(thr|sw)([+-]\d+)?$")


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceFormula:
    """``dice`` d6 plus ``adds``."""

    dice: int
    adds: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceFormula:
        found = _DICE.match(text.strip())
        if found is None:
            raise FirefightError(f"{text!r} is not a damage formula like 2d-1")
        dice = int(found[1])
        # A catalog row's formula is rolled as a pool: none rolls nothing, and past the pool
        # limit a shot is refused and its odds never end (DEC-876).
        if not 1 <= dice <= MAX_POOL_DICE:
            raise FirefightError(
                f"{text!r} rolls {dice} dice; a damage formula rolls 1 to {MAX_POOL_DICE:,} "
                "(README, Limits)"
            )
        return cls(dice=dice, adds=int(found[2] or 0))

    @property
    def mean(self) -> float:
        return 3.5 * self.dice + self.adds

    def plus(self, adds: int) -> DiceFormula:
        return DiceFormula(dice=self.dice, adds=self.adds + adds)

    def __str__(self) -> str:
        return f"{self.dice}d{self.adds:+d}" if self.adds else f"{self.dice}d"


@dataclass(frozen=True, slots=True, kw_only=True)
class MuscleFormula:
    """Thrust or swing at the shooter's ST, plus ``adds``."""

    base: str
    adds: int = 0

    @classmethod
    def parse(cls, text: str) -> MuscleFormula | None:
        found = _MUSCLE.match(text.strip())
        if found is None:
            return None
        return cls(base=found[1], adds=int(found[2] or 0))
