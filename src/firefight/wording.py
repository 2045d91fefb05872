"""Small helpers for the sentences the trace and the narration print."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it needs.

    >>> counted(1, "bullet"), counted(30, "bullet"), counted(0, "round")
    ('1 bullet', '30 bullets', '0 rounds')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
