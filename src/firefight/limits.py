"""Limits on what one command may ask for: numbers, names and amounts of work (README, Limits).

Every limit is checked where the work or the value enters the library (the dice, the odds
engines, the scene's geometry, the readers), before anything is rolled, computed or stored, so
the command line, action lines, scenario files, imports and the Python API all refuse the same
input with the same sentence, naming the limit. A limit the command line sets with an option is
named by that option as typed (``--depth``, ``--samples``, ``--max-rounds``), whoever passed the
value: the one wording is the one a user of the command line can act on.

The web table's limits on work in flight (``WEB_*``) are of another kind: not what one request
may ask for but how many long ones may run at once, so that one client cannot starve the table
(DEC-823); ``firefight serve`` takes each as an option.
"""

from __future__ import annotations

import math
import os
import re

from firefight.errors import FirefightError
from firefight.text import composed, controls, mixed_alphabets

__all__ = [
    "MAX_COORDINATE_FT",
    "MAX_COORDINATE_M",
    "MAX_CSV_DECIMALS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EXPLOSIONS",
    "MAX_FIGHTS",
    "MAX_FILE_BYTES",
    "MAX_GM_MOD",
    "MAX_GM_MODS",
    "MAX_NAME",
    "MAX_NESTING",
    "MAX_NUMBER",
    "MAX_PATHS",
    "MAX_POOL_DICE",
    "MAX_ROUNDS",
    "MAX_SAMPLES",
    "MAX_SWEEP_POINTS",
    "MAX_TRIALS",
    "MAX_WORKERS",
    "WEB_ODDS_PER_SERVER",
    "WEB_ODDS_PER_TOKEN",
    "WEB_STREAMS_PER_SERVER",
    "WEB_STREAMS_PER_TOKEN",
    "WITHIN_POINTS",
    "LimitError",
    "at_most",
    "clean_name",
    "finite",
    "plain_text",
    "typed_whole",
]

#: Dice rolled at once in one pool (``Nd6``): no weapon or charge comes near it.
MAX_POOL_DICE = 1_000
#: Further dice one open-ended or exploding roll may chain (each takes a 1-in-20 or rarer face).
MAX_EXPLOSIONS = 100
#: How far from the scene's origin a position may lie, in feet (about 190 miles).
MAX_COORDINATE_FT = 1_000_000.0
#: The same in metres, for rulesets that measure the scene in metres.
MAX_COORDINATE_M = MAX_COORDINATE_FT * 0.3048
#: The largest magnitude of any number in a scenario or an imported encounter.
MAX_NUMBER = 1_000_000_000
#: Digits in a whole number typed in an action line (what is read before it is converted).
MAX_DIGITS = 12
#: A GM's own modifiers (``--mod VALUE:LABEL``) one command may take, in every ruleset.
MAX_GM_MODS = 12
#: The largest VALUE of one such modifier where a ruleset sets none smaller: an OB's bound
#: (DEC-870; gurps and cards take 99, DEC-819).
MAX_GM_MOD = 999
#: Points of one ``odds sweep`` grid.
MAX_SWEEP_POINTS = 100_000
#: Monte Carlo samples of one estimate, and of one sweep's points together (DEC-673).
MAX_SAMPLES = 100_000_000
#: Dice paths one generic exact enumeration may visit (each is a run of the resolver: 10-20 s
#: here); past it the enumeration stops and says to use Monte Carlo or less depth.
MAX_PATHS = 200_000
#: Open-ended rerolls the exact engines follow.
MAX_DEPTH = 20
#: Fights of one ``odds simulate``.
MAX_FIGHTS = 1_000_000
#: Runs of one ``encounter odds`` (and the table's ``odds``) from the fight as it stands.
MAX_TRIALS = 1_000_000
#: Rounds of one simulated fight.
MAX_ROUNDS = 1_000
#: The precision ``odds simulate --within`` may ask for, in percentage points.
WITHIN_POINTS = (0.1, 50.0)
#: Local worker processes.
MAX_WORKERS = 64
#: Decimal places of a CSV file's numbers: a float holds no more than 17 significant digits.
MAX_CSV_DECIMALS = 17
#: Brackets nested inside each other in a TOML or JSON file the project reads.
MAX_NESTING = 64
#: Bytes in one file the project reads (scenario, table, targets, import).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Characters in a name (combatant, encounter, table).
MAX_NAME = 100
#: Odds the web table figures at once for one token (DEC-823): a page asks for one at a time
#: and drops an answer overtaken by the next, so two leave room for typing ahead of an answer.
WEB_ODDS_PER_TOKEN = 2
#: Odds the web table figures at once for all tokens together (DEC-823): each keeps a core
#: busy for up to seconds, so twice the cores, but eight at the least: a GM and a few players
#: asking at once, each maybe twice, are never refused.
WEB_ODDS_PER_SERVER = max(8, 2 * (os.cpu_count() or 1))
#: Event streams open at once on one token (DEC-823): one per page open, so eight tabs.
WEB_STREAMS_PER_TOKEN = 8
#: Event streams open at once on the server (DEC-823): each holds a connection and a queue.
WEB_STREAMS_PER_SERVER = 256


class LimitError(FirefightError):
    """A value or an amount of work beyond a documented limit; nothing was done.

    >>> str(LimitError("--samples", 10**12, "at most 100,000,000"))
    '--samples is 1000000000000; the limit is at most 100,000,000 (README, Limits)'
    """

    def __init__(self, what: str, value: object, limit: str) -> None:
        shown = repr(value) if isinstance(value, str) else str(value)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        super().__init__(f"{what} is {shown}; the limit is {limit} (README, Limits)")
        self.what = what
        self.limit = limit


def at_most(what: str, value: int, high: int, *, low: int = 1) -> int:
    """``value`` if ``low <= value <= high``; else :class:`LimitError` naming the limit.

    >>> at_most("--fights", 10, MAX_FIGHTS)
    10
    >>> at_most("--workers", 1000, MAX_WORKERS, low=0)
    Traceback (most recent call last):
    ...
    firefight.limits.LimitError: --workers is 1000; the limit is 0 to 64 (README, Limits)
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LimitError(what, value, f"{low:,} to {high:,}")
    return value


def typed_whole(text: str, *, signed: bool = False) -> int | None:
    """A whole number typed as digits, at most :data:`MAX_DIGITS` of them, with a sign in front
    when ``signed``; None for anything else, for its reader to refuse in its own words.
    ``str.isdigit`` will not do: it takes a superscript, which ``int`` refuses, and any number
    of digits.

    >>> typed_whole("42"), typed_whole("\\u00b2"), typed_whole("9" * 13), typed_whole("-1")
    (42, None, None, None)
    >>> typed_whole("-1", signed=True), typed_whole("+1", signed=True)
    (-1, 1)
    """
    sign = "[+-]?" if signed else ""
    if not re.fullmatch(rf"{sign}\d{{1,{MAX_DIGITS}}}", text):
        return None
    return int(text)


def finite(what: str, value: float, bound: float) -> float:
    """``value`` as a float if it is a number within ``±bound``; else :class:`LimitError`.

    >>> finite("x", 3, 10)
    3.0
    >>> finite("x", float("nan"), 10)
    Traceback (most recent call last):
    ...
    firefight.limits.LimitError: x is nan; the limit is a finite number within ±10 (README, Limits)
    """
    try:
        number = float(value)
    except (OverflowError, TypeError, ValueError):
        number = math.inf
    if not math.isfinite(number) or abs(number) > bound:
        raise LimitError(what, value, f"a finite number within ±{bound:,.10g}")
    return number


def clean_name(
    text: str, what: str = "a name", *, longest: int = MAX_NAME, title: bool = False
) -> str:
    """A name with its ends stripped, inner whitespace collapsed and in Unicode's composed
    spelling; blank names, names with control characters and names over :data:`MAX_NAME`
    characters are refused, and (but for a ``title``, which names nobody) a word mixing
    look-alike alphabets, which would pass for another name (DEC-954).

    >>> clean_name("  Big   Sal ")
    'Big Sal'
    >>> clean_name("Bob\\x1b[2J")
    Traceback (most recent call last):
    ...
    firefight.limits.LimitError: a name is 'Bob\\x1b[2J'; the limit is no control characters \
(README, Limits)
    """
    # Tabs and line breaks are whitespace, collapsed like spaces; other controls are refused.
    if any(ch not in "\t\n\r\v\f" for ch in controls(text)):
        raise LimitError(what, text, "no control characters")
    cleaned = composed(" ".join(text.split()))
    if not cleaned:
        raise LimitError(what, text, "at least one visible character")
    if len(cleaned) > longest:
        raise LimitError(what, cleaned, f"{longest} characters")
    mixed = None if title else mixed_alphabets(cleaned)
    if mixed is not None:
        raise LimitError(what, cleaned, f"one alphabet a word, not {mixed}")
    return cleaned


def plain_text(text: str, what: str = "a text") -> str:
    """``text`` unchanged if it holds no control character but line breaks and tabs.

    >>> plain_text("two\\nlines")
    'two\\nlines'
    """
    if any(ch not in "\n\t" for ch in controls(text)):
        raise LimitError(what, text, "no control characters")
    return text
