"""Text from outside (files, names, the store) made safe to show: no control characters."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "LOOKALIKE_ALPHABETS",
    "Mixed",
    "composed",
    "controls",
    "is_control",
    "mixed_alphabets",
    "printable",
    "quoted",
]


#: Characters drawn as nothing that are no format character (Unicode's other default
#: ignorable code points but the variation selectors, which an emoji typed on a phone
#: carries): the combining grapheme joiner, the Hangul fillers, Khmer's inherent vowels,
#: Mongolian's variation selectors, and code points kept unassigned for such (DEC-955).
_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, range(0xFFF0, 0xFFF9)))
)


def is_control(ch: str) -> bool:
    """Cc: C0/C1 controls (ESC, BEL, newline...); Cf: invisible formatting (bidi overrides,
    zero-width spaces); and the other characters drawn as nothing (a combining grapheme
    joiner, a Hangul filler: ``Ma\\u034fra`` passes for ``Mara``, DEC-955).

    >>> [is_control(ch) for ch in ("\\x1b", "\\u200b", "\\u034f", "\\u3164", "a", "\\ufe0f")]
    [True, True, True, True, False, False]
    """
    return unicodedata.category(ch) in ("Cc", "Cf") or ch in _INVISIBLE


def controls(text: str) -> Iterator[str]:
    """Each control character of ``text`` (:func:`is_control`), and each variation selector
    (U+FE00-FE0F) that follows no symbol, punctuation or digit: after an emoji or a keycap's
    digit it chooses how that is drawn ("\\u2764\\ufe0f"), but after a letter, a space, another
    selector or nothing it is drawn as nothing, and ``Mara\\ufe0f`` would pass for ``Mara``
    (DEC-981). The one test of text that must be typed plainly: names, lines, labels.

    >>> list(controls("Ma\\ufe0fra\\x1b")), list(controls("\\u2764\\ufe0f 1\\ufe0f\\u20e3"))
    (['\\ufe0f', '\\x1b'], [])
    """
    return (ch for ch, control in zip(text, _marked(text), strict=True) if control)


def _marked(text: str) -> Iterator[bool]:
    """For each character of ``text``, whether :func:`controls` gives it."""
    before = " "  # what starts the text follows nothing: as after a space
    for ch in text:
        yield is_control(ch) or (
            "\ufe00" <= ch <= "\ufe0f" and unicodedata.category(before)[0] not in "SPN"
        )
        before = ch


#: The alphabets whose letters pass for one another's: Latin 'a', Cyrillic 'а', Greek 'α'.
LOOKALIKE_ALPHABETS = ("LATIN", "GREEK", "CYRILLIC")


def composed(text: str) -> str:
    """``text`` in Unicode's composed spelling (NFC): an 'é' typed as one character and one
    typed as 'e' and an accent (as macOS writes file names) are the same name (DEC-954).

    >>> composed("Jose\\u0301") == "Jos\\u00e9"
    True
    """
    return unicodedata.normalize("NFC", text)


@dataclass(frozen=True, slots=True)
class Mixed:
    """A word mixing look-alike alphabets: its first ``letter`` of an ``alphabet`` other than
    the one the word began in (``among``)."""

    word: str
    letter: str
    alphabet: str
    among: str

    def __str__(self) -> str:
        return (
            f"{self.alphabet.title()} {self.letter!r} (U+{ord(self.letter):04X}) among "
            f"{self.among.title()} letters"
        )


def mixed_alphabets(text: str) -> Mixed | None:
    """The first word of ``text`` mixing letters of the :data:`LOOKALIKE_ALPHABETS`: such a
    word passes for another (``Mаra`` with a Cyrillic 'а' for ``Mara``; DEC-954). None when
    each word keeps to one.

    >>> str(mixed_alphabets("Big M\\u0430ra"))
    "Cyrillic 'а' (U+0430) among Latin letters"
    >>> mixed_alphabets("Мара Mara") is None
    True
    """
    for word in text.split():
        first = None
        for ch in word:
            alphabet = unicodedata.name(ch, "").partition(" ")[0]
            if not ch.isalpha() or alphabet not in LOOKALIKE_ALPHABETS:
                continue
            if first is None:
                first = alphabet
            elif alphabet != first:
                return Mixed(word, ch, alphabet, first)
    return None


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes, safe to print to a terminal.

    >>> printable("Bob\\x1b[2J")
    'Bob\\\\x1b[2J'
    """
    if not any(controls(text)):
        return text
    return "".join(
        ch.encode("unicode_escape").decode() if control else ch
        for ch, control in zip(text, _marked(text), strict=True)
    )


def quoted(text: str) -> str:
    """``text`` quoted for a refusal, cut short: a refusal stays one readable line.

    >>> quoted("Bob"), quoted("x" * 50)
    ("'Bob'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'")
    """
    return repr(text if len(text) <= 40 else text[:37] + "...")
