"""Haste (RMU-GEN-1): the penalty of an action taken with fewer AP than its most, and the
hastier attack a refusal for too few AP points to (RMU-GEN-1, R-6).

An attack declared with more AP than are left is refused; the same attack with fewer AP, at
haste's penalty, may still fit, and a GM at the table wants the option that says so.
"""

from __future__ import annotations

from collections.abc import Callable

from firefight.trace import Modifier

__all__ = ["haste_penalty", "haste_term", "hastier"]


def haste_penalty(ap: int, most: int, per_ap: int) -> int:
    """RMU-GEN-1: an action taken with ``ap`` AP, fewer than its ``most``, takes ``per_ap`` for
    each AP short; 0 at the most.

    >>> haste_penalty(2, 4, -25)
    -50
    """
    return (most - ap) * per_ap


def haste_term(ap: int, most: int, per_ap: int, label: Callable[[int], str]) -> Modifier | None:
    """:func:`haste_penalty` as a total's term, None at the most; ``label`` words it, given the
    AP short, as each action words its haste (asked only when there is haste to word).

    >>> haste_term(2, 4, -25, lambda short: f"haste: {short} AP short")
    Modifier(value=-50, label='haste: 2 AP short', rule='RMU-GEN-1')
    >>> haste_term(4, 4, -25, str) is None
    True
    """
    short = most - ap
    if not short:
        return None
    return Modifier(value=haste_penalty(ap, most, per_ap), label=label(short), rule="RMU-GEN-1")


def hastier(low: int, left: int) -> str:
    """The refusal's tail naming the hastier attack that fits ``left`` AP, when the fewest an
    attack takes (``low``) fits; empty when none does.

    >>> hastier(2, 3)
    ': a hastier one fits, --ap 3'
    >>> hastier(2, 1)
    ''
    """
    return f": a hastier one fits, --ap {left}" if left >= low else ""
