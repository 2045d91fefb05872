"""What a resolver returns: the events to apply, the trace that explains them, and its result.

The result is typed: each ruleset defines a frozen dataclass per kind of result (a shot, a
burst, a reload...) deriving from :class:`Result`, and its resolvers return
``Outcome[ThatResult]``. The core reads only what every result has -- its word of the outcome
vocabulary, its headline -- and writes the rest as plain data with pydantic, from the
dataclass's own fields (docs/architecture.md, "How a ruleset returns a result").
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, get_args

from firefight.events import Event
from firefight.frozen import quick_init
from firefight.serialize import adapter
from firefight.trace import Trace

__all__ = [
    "OUTCOME_WORDS",
    "RESOLVED_WORDS",
    "Done",
    "Happened",
    "InitiativeOrder",
    "Outcome",
    "OutcomeWord",
    "ResolvedWord",
    "Result",
    "RoundOpened",
    "inline",
    "omitted",
    "result_json",
]


#: The word a resolution's JSON gives as ``result.outcome`` (docs/json.md): ``hit`` -- an attack
#: struck someone; ``miss`` -- it struck no one; ``fumble`` -- the roll went wrong for the actor
#: (a fumble, a malfunction); ``success`` / ``partial`` / ``failure`` -- a check or maneuver did
#: all, part or none of what it set out to; ``done`` -- an action with nothing to succeed or
#: fail at happened (a reload, a move, a round's change).
ResolvedWord = Literal["hit", "miss", "fumble", "success", "partial", "failure", "done"]
#: ... and ``refused``: the rules refused the declaration, and nothing changed.
OutcomeWord = Literal[ResolvedWord, "refused"]
RESOLVED_WORDS: tuple[ResolvedWord, ...] = get_args(ResolvedWord)
OUTCOME_WORDS: tuple[OutcomeWord, ...] = get_args(OutcomeWord)

# Field metadata: the field is left out of the plain data while it is None; a nested part's
# fields are written in its place.
_OMITTED = "firefight.omitted"
_INLINE = "firefight.inline"


def omitted() -> Any:
    """A field that defaults to None and is left out of the result's data while it is None
    (a figure only some results of the kind have, such as a burst barrel)."""
    return field(default=None, metadata={_OMITTED: True})


def inline() -> Any:
    """A nested part (a dataclass, default None) whose fields are written in its place, beside
    its parent's (which win where both have one): a hit's damage among the shot's figures, a
    standalone result among an encounter action's. The data stays as flat as the summaries
    the log kept before results were typed."""
    return field(default=None, metadata={_OMITTED: True, _INLINE: True})


class Result(ABC):
    """Base of every typed result: a frozen dataclass (``slots=True, kw_only=True``) in its
    ruleset's package.

    A subclass gives :attr:`outcome` (a property computed from its fields, or a field of its
    own); a field named ``result`` is the resolver's own word for it (``"80%"``, ``"in
    cover"``), shown as ``detail`` where it says more than the outcome word; a ``headline``
    field or property is the sentence the narrated log opens with.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def outcome(self) -> ResolvedWord:
        """The word of the outcome vocabulary (docs/json.md) this result comes to."""

    @property
    def headline(self) -> str | None:
        """One sentence saying what happened, for the narrated log; None: none."""
        return None

    @property
    def odds_word(self) -> str:
        """What the odds count this result under (an action line's odds, the live odds): the
        outcome word, unless the result says more plainly what a GM would see happen (where
        a throw lands, not that it is a 'partial' success)."""
        return self.outcome

    def fields(self) -> dict[str, Any]:
        """The result's fields as plain JSON data (the log keeps them), written by pydantic
        over the dataclass; a field declared with :func:`omitted` is left out while None."""
        data: dict[str, Any] = adapter(type(self)).dump_python(self, mode="json")
        _shape(self, data)
        return data

    def to_json(self) -> dict[str, Any]:
        """The ``result`` object of a resolution's JSON: the outcome word, then the fields."""
        return result_json(self.outcome, self.fields())


def _shape(value: object, data: object) -> None:
    """Give ``data`` (``value`` as pydantic wrote it) the shape its fields declare, in nested
    dataclasses too: each :func:`omitted` field that is None taken out, each :func:`inline`
    part's fields written in its place."""
    if dataclasses.is_dataclass(value) and isinstance(data, dict):
        for f in dataclasses.fields(value):
            if f.name not in data:
                continue
            if f.metadata.get(_OMITTED) and data[f.name] is None:
                del data[f.name]
                continue
            _shape(getattr(value, f.name), data[f.name])
            if f.metadata.get(_INLINE):
                part = data.pop(f.name)
                data.update((k, v) for k, v in part.items() if k not in data)
    elif isinstance(value, tuple | list) and isinstance(data, list):
        for item, written in zip(value, data, strict=True):
            _shape(item, written)
    elif isinstance(value, Mapping) and isinstance(data, dict):
        for key, item in value.items():
            _shape(item, data.get(str(key)))


def result_json(word: OutcomeWord, fields: Mapping[str, Any]) -> dict[str, Any]:
    """``result``: the outcome word, then the resolver's figures. The resolver's own ``result``
    is kept as ``detail`` where it says more than the word (``"70%"``, ``"in cover"``)."""
    data: dict[str, Any] = {"outcome": word}
    detail = fields.get("result")
    if detail is not None and detail != word:
        data["detail"] = detail
    data.update((k, v) for k, v in fields.items() if k not in ("result", "outcome"))
    return data


class Done(Result):
    """Base of the results of actions with nothing to succeed or fail at (a reload, a move, a
    round's change): their outcome word is ``done``."""

    __slots__ = ()

    @property
    def outcome(self) -> ResolvedWord:
        return "done"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Happened(Done):
    """What an action with nothing to succeed or fail at comes to (a move, a wait, a round's
    opening): ``done``, with the encounter's verb and a headline when it has them."""

    action: str | None = omitted()
    headline: str | None = omitted()


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundOpened(Done):
    """A round's start: its number (``done``)."""

    round: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeOrder(Done):
    """Initiative rolled for a round: the groups acting at once, first first (``done``)."""

    initiative: tuple[tuple[str, ...], ...]


if TYPE_CHECKING:
    # A bare ``Outcome`` is an ``Outcome[Result]`` (PEP 696); typing_extensions is only read by
    # the type checker, as loading it would slow every command's start.
    from typing_extensions import TypeVar as _TypeVar

    R_co = _TypeVar("R_co", bound=Result, covariant=True, default=Result)
else:
    R_co = TypeVar("R_co", bound=Result, covariant=True)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome(Generic[R_co]):
    """A resolution: the events to apply, the trace that explains them, the typed result."""

    events: tuple[Event, ...]
    trace: Trace
    result: R_co

    def to_json(self) -> dict[str, object]:
        return {
            "result": self.result.to_json(),
            "events": [e.to_json() for e in self.events],
            "trace": self.trace.to_json(),
        }
