"""Several rmu results told as one: an action and the checks it passed first (RMU-EXP-16,
R-2), a round's opening and what happened before initiative (RMU-EXP-9, -10, -14, V-5), a
blast and the Kindred it set burning (V-5).

The log has always kept such a resolution as one flat set of figures; :class:`Merged` writes
each part's fields in turn over the ones before, and says the main part's outcome word and
headline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firefight.outcome import Done, ResolvedWord, Result

__all__ = ["Merged", "SetAlight"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Merged(Result):
    """``main``'s result with the fields of ``before`` written under it and those of
    ``after`` over it."""

    main: Result
    before: tuple[Result, ...] = ()
    after: tuple[Result, ...] = ()

    @property
    def outcome(self) -> ResolvedWord:
        return self.main.outcome

    @property
    def headline(self) -> str | None:
        return self.main.headline

    def fields(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for part in (*self.before, self.main, *self.after):
            data |= part.fields()
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAlight(Done):
    """The Kindred a Heat critical set burning (V-5)."""

    set_alight: tuple[str, ...]
