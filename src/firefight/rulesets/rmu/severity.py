"""Critical severities A-J (RMU-GEN-5, RULINGS P-7)."""

from __future__ import annotations

from enum import Enum

__all__ = ["Severity"]


class Severity(Enum):
    """A critical's severity. F-J stand for E plus a lighter critical on the same roll.

    >>> [s.value for s in Severity.I.components]
    ['E', 'C', 'A']
    >>> Severity.B.step
    2
    """

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"
    F = "F"
    G = "G"
    H = "H"
    I = "I"  # noqa: E741 -- the letter is the table's own name for it
    J = "J"

    @property
    def step(self) -> int:
        """1 for A up to 10 for J: the severity's place on the ladder."""
        return "ABCDEFGHIJ".index(self.value) + 1

    @property
    def components(self) -> tuple[Severity, ...]:
        """The A-E columns read on one roll to produce this severity (RULINGS P-7)."""
        return _COMPONENTS.get(self, (self,))

    @classmethod
    def parse(cls, text: str) -> Severity:
        return cls(text.strip().upper())


_COMPONENTS: dict[Severity, tuple[Severity, ...]] = {
    Severity.F: (Severity.E, Severity.A),
    Severity.G: (Severity.E, Severity.B),
    Severity.H: (Severity.E, Severity.C),
    Severity.I: (Severity.E, Severity.C, Severity.A),
    Severity.J: (Severity.E, Severity.C, Severity.B),
}
