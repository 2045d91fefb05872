"""Errors raised by firefight.

Every error subclasses :class:`ValueError` (through :class:`FirefightError`) so that callers
who only care that an input was bad can catch the builtin. Each names the input it refused.

- :class:`RuleRefusal` -- the rules forbid the declared action; carries the rule ID.
- :class:`UnknownNameError` -- a weapon, armor, table or ruleset name that does not exist;
  carries close matches.
- :class:`TableDataError` -- a data file that does not validate; names the file and the row.
- :class:`DiceError` -- a scripted die ran out or was given an impossible face.

Nothing that raises one of these has changed any state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from firefight.fuzzy import closest, hint
from firefight.text import printable

__all__ = [
    "DiceError",
    "FirefightError",
    "RuleRefusal",
    "TableDataError",
    "UnknownNameError",
    "known_or_refused",
]

T = TypeVar("T")


class FirefightError(ValueError):
    """Base class of every error this package raises on bad input."""


class RuleRefusal(FirefightError):
    """The rules refuse the declared action.

    >>> err = RuleRefusal("RMU-GEN-4", "The target is beyond the last range band.")
    >>> str(err)
    'RMU-GEN-4: The target is beyond the last range band.'
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class UnknownNameError(FirefightError):
    """A name that is not in its catalog, with the closest names offered.

    >>> str(UnknownNameError("weapon", "glok-17", ["glock-17", "sks-46"]))
    "unknown weapon 'glok-17'; did you mean 'glock-17'?"
    """

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        known = sorted(known)
        close = closest(name, known)
        super().__init__(f"unknown {kind} {name!r}; {hint(name, known).removesuffix('.')}")
        self.kind = kind
        self.name = name
        self.known = tuple(known)
        self.suggestions = tuple(close)


class TableDataError(FirefightError):
    """A data file failed validation.

    >>> str(TableDataError("rmu/data/cover.toml", "row 3", "hits must be >= 0"))
    'rmu/data/cover.toml, row 3: hits must be >= 0'
    """

    def __init__(self, file: str, where: str, problem: str) -> None:
        # One line whatever the file held: a key or value with a newline or an escape in it
        # is shown escaped.
        super().__init__(f"{printable(file)}, {printable(where)}: {printable(problem)}")
        self.file = file
        self.where = where
        self.problem = problem


class DiceError(FirefightError):
    """A die could not be rolled: scripted faces ran out, or a face is impossible.

    Dice typed at the table are refused under the dice ruling they break, named first as a
    :class:`RuleRefusal` names its rule, so that the session and the web table say it alike;
    ``rule`` is None only for a fault of the program's own (the odds engine's walk).

    >>> str(DiceError("ran out of scripted dice", rule="D-3"))
    'D-3: ran out of scripted dice'
    """

    def __init__(self, reason: str, *, rule: str | None) -> None:
        super().__init__(f"{rule}: {reason}" if rule else reason)
        self.rule = rule
        self.reason = reason


def known_or_refused(rule: str, lookup: Callable[[str], T], name: str) -> T:
    """``lookup(name)``; a name its catalog lacks, typed in an action line, refused under
    ``rule`` with the names it knows (DEC-717): the line is the player's to fix, where an
    :class:`UnknownNameError` reads as a missing encounter or file.

    >>> def ammo(key: str) -> str:
    ...     raise UnknownNameError("rmu ammunition", key, ["ball", "hollowpoint"])
    >>> known_or_refused("R-6", ammo, "hollow")
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: R-6: Unknown rmu ammunition 'hollow'; did you mean 'hollowpoint'?
    """
    try:
        return lookup(name)
    except UnknownNameError as exc:
        said = str(exc)
        said = said[:1].upper() + said[1:]
        raise RuleRefusal(rule, said if said.endswith(("?", ".")) else f"{said}.") from None
