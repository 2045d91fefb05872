"""Text from outside (files, names, the store) made safe to show: no control characters."""

from __future__ import annotations

import unicodedata

__all__ = ["is_control", "printable", "quoted"]


def is_control(ch: str) -> bool:
    """Cc: C0/C1 controls (ESC, BEL, newline...); Cf: invisible formatting (bidi overrides)."""
    return unicodedata.category(ch) in ("Cc", "Cf")


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes, safe to print to a terminal.

    >>> printable("Bob\\x1b[2J")
    'Bob\\\\x1b[2J'
    """
    if not any(is_control(ch) for ch in text):
        return text
    return "".join(ch.encode("unicode_escape").decode() if is_control(ch) else ch for ch in text)


def quoted(text: str) -> str:
    """``text`` quoted for a refusal, cut short: a refusal stays one readable line.

    >>> quoted("Bob"), quoted("x" * 50)
    ("'Bob'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'")
    """
    return repr(text if len(text) <= 40 else text[:37] + "...")
