"""The hastier attack a refusal for too few AP points to (RMU-GEN-1, R-6).

An attack declared with more AP than are left is refused; the same attack with fewer AP, at
haste's penalty, may still fit, and a GM at the table wants the option that says so.
"""

from __future__ import annotations

__all__ = ["hastier"]


def hastier(low: int, left: int) -> str:
    """The refusal's tail naming the hastier attack that fits ``left`` AP, when the fewest an
    attack takes (``low``) fits; empty when none does.

    >>> hastier(2, 3)
    ': a hastier one fits, --ap 3'
    >>> hastier(2, 1)
    ''
    """
    return f": a hastier one fits, --ap {left}" if left >= low else ""
