"""The one way a name typed by a person is matched against the names a program knows: weapons,
armor, verbs, options, people, scenario keys (issue 17).

Names match ignoring case. When nothing matches, :func:`closest` offers the likeliest ones, in
this order: a known synonym (``--weapon`` means ``--with``), the same name spelled otherwise
(``ba2`` and ``BA II``: case, spaces, dashes and Roman numerals ignored), a name the word begins
or ends, then the closest by spelling.

>>> closest("ba2", ["BA I", "BA II", "BA III"])
['BA II']
>>> closest("weapon", ["ap", "with", "aim"])
['with']
>>> match("Glock-17", ["glock-17", "sks-46"])
'glock-17'
>>> hint("zzz", ["shoots", "waits"], listing="it knows")
'it knows shoots, waits.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

__all__ = ["SYNONYMS", "closest", "hint", "match", "normalized", "suggestion"]

#: Words people type for a name the program spells otherwise, whatever the ruleset: an option
#: (``weapon`` for ``with``), a scenario key (``surprised`` for ``surprise``), a verb.
SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "weapon": ("with", "weapon"),
    "gun": ("with", "weapon"),
    "using": ("with",),
    # rmu's and cpr's lines say --with, gurps's and cards's --weapon: each points to the other.
    "with": ("with", "weapon"),
    "range": ("distance", "range-ft", "range"),
    "dist": ("distance",),
    "surprised": ("surprise",),
    "flatfooted": ("surprise",),
    "attacks": ("shoots", "strikes", "attacks"),
    "attack": ("shoots", "strikes", "attacks"),
    "fire": ("shoots", "fires"),
    "fires": ("shoots", "fires"),
    "shoot": ("shoots",),
    "hp": ("hits", "hp"),
    "health": ("hits", "hp"),
}

_ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7"}


def normalized(text: str) -> str:
    """``text`` as compared: lower case, Roman numerals as digits, no spaces or punctuation.

    >>> normalized("BA II"), normalized("glock-17"), normalized("40ft")
    ('ba2', 'glock17', '40ft')
    """
    words = re.split(r"[\s_\-./]+", text.lower().strip())
    return "".join(_ROMAN.get(w, w) if len(words) > 1 else w for w in words if w)


def match(word: str, choices: Iterable[str]) -> str | None:
    """The choice ``word`` names: exactly, else ignoring case; None when none does."""
    known = list(choices)
    if word in known:
        return word
    lowered = word.lower()
    return next((c for c in known if c.lower() == lowered), None)


def closest(word: str, choices: Iterable[str], *, n: int = 3) -> list[str]:
    """Up to ``n`` choices ``word`` most likely meant, best first (none: nothing is close)."""
    known = list(dict.fromkeys(choices))
    found: list[str] = []

    def add(names: Iterable[str]) -> None:
        for name in names:
            if name not in found:
                found.append(name)

    by_lower = {c.lower(): c for c in known}
    key = normalized(word)
    for meant in SYNONYMS.get(word.lower().lstrip("-"), ()):
        if meant in by_lower:
            add([by_lower[meant]])
    add(c for c in known if normalized(c) == key)
    if found:
        return found[:n]
    if len(key) >= 2:
        add(c for c in known if normalized(c).startswith(key))
        add(c for c in known if len(normalized(c)) >= 2 and key.startswith(normalized(c)))
    import difflib  # only when a name was not found: a command that finds all it reads skips it

    by_norm: dict[str, list[str]] = {}
    for c in known:
        by_norm.setdefault(normalized(c), []).append(c)
    for near in difflib.get_close_matches(key, list(by_norm), n=n, cutoff=0.5):
        add(by_norm[near])
    return found[:n]


def suggestion(word: str, choices: Iterable[str], *, prefix: str = "") -> str:
    """``did you mean 'x' or 'y'?`` for the closest choices; empty when none is close."""
    close = closest(word, choices)
    if not close:
        return ""
    return "did you mean " + " or ".join(f"'{prefix}{c}'" for c in close) + "?"


def hint(word: str, choices: Iterable[str], *, listing: str = "known:", prefix: str = "") -> str:
    """The suggestion for ``word``, else the whole list of choices (``listing`` introduces it).

    A list longer than twenty names says how many there are instead.
    """
    known = list(dict.fromkeys(choices))
    said = suggestion(word, known, prefix=prefix)
    if said:
        return said
    if len(known) > 20:
        return f"{listing} {len(known)} names (none close to {word!r})."
    return f"{listing} " + ", ".join(f"{prefix}{c}" for c in known) + "."
