"""Small helpers for the sentences the trace and the narration print."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["chance_in_words", "counted", "either", "length_words", "unused_note"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it needs.

    >>> counted(1, "bullet"), counted(30, "bullet"), counted(0, "round")
    ('1 bullet', '30 bullets', '0 rounds')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def unused_note(unused: Sequence[int | str], noun: str = "die", plural: str = "dice") -> str:
    """The note after an action that was given more scripted faces (or cards) than it read
    (D-3), so the GM knows which throws went unread.

    >>> unused_note([42])
    'note: 1 scripted die was not needed: [42]'
    >>> unused_note(["7H", "2C"], "card", "cards")
    "note: 2 scripted cards were not needed: ['7H', '2C']"
    """
    faces = counted(len(unused), f"scripted {noun}", f"scripted {plural}")
    was = "was" if len(unused) == 1 else "were"
    return f"note: {faces} {was} not needed: {list(unused)}"


def either(words: Sequence[str]) -> str:
    """Each of ``words``, the last after "or": the choices a help or an error lists.

    >>> either(["ball"]), either(["a", "b"]), either(["ball", "hollowpoint", "armor-piercing"])
    ('ball', 'a or b', 'ball, hollowpoint or armor-piercing')
    """
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def length_words(length: float, unit: str) -> str:
    """A length as a trace words it: to the hundredth of its unit, as a shot's distance is
    measured, but never rounded to a whole number it is not (a table read in whole units rounds
    a fraction up, and "7 m rounds up to 8 m" would read as a mistake).

    >>> length_words(41.10961, "ft"), length_words(6, "m"), length_words(7.0007, "m")
    ('41.11 ft', '6 m', '7.0007 m')
    >>> length_words(12345.678, "ft"), length_words(7.00000001, "m")
    ('12345.68 ft', '7.00000001 m')
    """
    exact = float(length)  # a whole length may come as an int, which has no is_integer
    shown = round(exact, 2)
    if shown.is_integer() and shown != exact:
        return f"{exact!r} {unit}"  # every digit: it is not the whole number
    return f"{f'{shown:.2f}'.rstrip('0').rstrip('.')} {unit}"


_ONE_IN: tuple[tuple[float, str], ...] = (
    (1e-12, "a trillion"),
    (1e-9, "a billion"),
    (1e-6, "a million"),
    (1e-3, "a thousand"),
)


def chance_in_words(p: float) -> str:
    """A small probability as a GM says it: the largest round "one chance in ..." it is below.

    >>> chance_in_words(1.0e-13), chance_in_words(4e-8), chance_in_words(0.02)
    ('less than one chance in a trillion', 'less than one chance in a million', '2%')
    """
    for bound, words in _ONE_IN:
        if p < bound:
            return f"less than one chance in {words}"
    if p < 0.01:
        return "less than one chance in a hundred"
    return f"{100 * p:.2g}%"
