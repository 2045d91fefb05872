"""How the gurps resolvers ask for dice: sums of d6, the only dice 3e rolls.

A resolver asks a :class:`Roller` for the sum of ``count`` d6. :class:`DiceRoller` rolls them on
the injected :class:`~firefight.dice.Dice` and records each roll in the trace; the odds layer's
fast path (``gurps.odds``) answers the same questions with each possible sum and its weight, so
the one resolver serves both (3d6 has 16 sums where its faces make 216 paths).
``check`` is a roll whose only use is pass or fail against ``target`` (HT rolls), ``chance`` a
1d6 whose only use is whether it comes up 1 to ``on`` (a round bursting, a barrel holding) and
``lookup`` one that only picks a row of a table (hit locations, critical hits): the fast path
may answer them with one sum per side or per row.
"""

from __future__ import annotations

from typing import Protocol

from firefight.dice import Dice
from firefight.trace import TraceBuilder

__all__ = ["DiceRoller", "Roller"]


class Roller(Protocol):
    def sum(self, count: int, purpose: str) -> int:
        """The sum of ``count`` d6."""
        ...

    def check(self, target: int, purpose: str) -> int:
        """A 3d6 roll used only for pass or fail against ``target`` (no criticals read)."""
        ...

    def chance(self, on: int, purpose: str) -> bool:
        """A 1d6 roll used only to see whether it comes up 1 to ``on``."""
        ...

    def lookup(self, rows: tuple[tuple[int, ...], ...], purpose: str) -> int:
        """A 3d6 roll used only to pick one of ``rows`` (each the sums it covers)."""
        ...


class DiceRoller:
    """Dice from the injected :class:`Dice`, every roll shown in the trace."""

    def __init__(self, dice: Dice, trace: TraceBuilder) -> None:
        self._dice = dice
        self._trace = trace

    def sum(self, count: int, purpose: str) -> int:
        if count <= 0:
            return 0
        return self._trace.pool(self._dice, count, 6, purpose)

    def check(self, target: int, purpose: str) -> int:
        return self.sum(3, purpose)

    def chance(self, on: int, purpose: str) -> bool:
        return self.sum(1, purpose) <= on

    def lookup(self, rows: tuple[tuple[int, ...], ...], purpose: str) -> int:
        return self.sum(3, purpose)
