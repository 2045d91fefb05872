"""The JSON bodies the API accepts, validated by pydantic with limits on every size, so that a
bad request is refused with the path of the field at fault before anything is read or rolled."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from firefight.dice import read_faces
from firefight.errors import DiceError
from firefight.limits import MAX_NAME

__all__ = [
    "ActBody",
    "ComposeBody",
    "CreateBody",
    "DiceBody",
    "HeadBody",
    "LineBody",
    "RoundBody",
    "TableBody",
]

#: The largest scenario accepted in a request, in characters: the bundled ones are under 10 kB.
MAX_SCENARIO_CHARS = 256 * 1024
#: Die faces one request may give: a long burst with its criticals stays well under it.
MAX_FACES = 200
#: The highest die face a request may give: a d1000 is more than any rule rolls.
MAX_FACE = 1000
#: Characters in an action line.
MAX_LINE = 500

# Printable text only: no control characters (newlines, escapes) in a name or a line.
Name = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_NAME, pattern=r"^[^\x00-\x1f\x7f]+$")
]
Line = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_LINE, pattern=r"^[^\x00-\x1f\x7f]+$")
]
Word = Annotated[str, StringConstraints(max_length=200, pattern=r"^[^\x00-\x1f\x7f]*$")]


def _typed(value: int | str) -> int | str:
    """One die face, or one card by name or by place (``QH``, ``10s``), read by the one reader
    of typed dice the command line uses (DEC-679); its refusal's sentence is the field's."""
    typed = read_faces(str(value), "dice.rolls")
    if len(typed) != 1:
        raise ValueError(f"each of dice.rolls is one die face or one card, not {str(value)[:20]!r}")
    face = typed[0]
    if isinstance(face, int) and not 1 <= face <= MAX_FACE:
        raise DiceError(
            f"a die face is a whole number from 1 to {MAX_FACE}, not {face}", rule="D-3"
        )
    return face


#: A die face as a number, or a face or a card as typed (read by :func:`_typed`).
Typed = Annotated[int | Annotated[str, StringConstraints(max_length=40)], AfterValidator(_typed)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DiceBody(_Body):
    """The dice: a seed for rolls the server makes, or the faces rolled at the table (a cards
    GM's cards by name or by place, DEC-679), in the order the rules ask for them; neither: a
    fresh seed, reported back."""

    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    rolls: list[Typed] | None = Field(default=None, max_length=MAX_FACES)

    @model_validator(mode="after")
    def _one_kind(self) -> DiceBody:
        if self.seed is not None and self.rolls is not None:
            raise ValueError("give a seed or rolls, not both")
        return self


class CreateBody(_Body):
    """A new encounter from a bundled scenario (``example``) or one given as TOML text."""

    name: Name
    scenario: str | None = Field(default=None, max_length=MAX_SCENARIO_CHARS)
    example: Name | None = None
    dice: DiceBody = Field(default_factory=DiceBody)

    @model_validator(mode="after")
    def _one_source(self) -> CreateBody:
        if (self.scenario is None) == (self.example is None):
            raise ValueError("give a scenario's TOML text or a bundled example, one of them")
        return self


class ComposeBody(_Body):
    """An action line in parts, as the form gives it (:func:`~firefight.scene.lines.
    write_line`)."""

    actor: Name
    verb: Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[\w -]+$")]
    words: Word = ""
    options: dict[
        Annotated[str, StringConstraints(max_length=40, pattern=r"^[a-z][a-z0-9-]*$")],
        bool | Word | Annotated[list[Word], Field(max_length=20)],
    ] = Field(default_factory=dict, max_length=30)


class LineBody(_Body):
    """An action: a whole line, or its parts."""

    line: Line | None = None
    compose: ComposeBody | None = None

    @model_validator(mode="after")
    def _one_form(self) -> LineBody:
        if (self.line is None) == (self.compose is None):
            raise ValueError("give the action as a line or in parts, one of them")
        return self


class HeadBody(_Body):
    """``expected_head``: the last record the client saw; when the log has moved on since, the
    request is refused with 409 and nothing is written."""

    expected_head: int | None = Field(default=None, ge=0, le=2**62)


class ActBody(LineBody, HeadBody):
    dice: DiceBody = Field(default_factory=DiceBody)


class RoundBody(HeadBody):
    dice: DiceBody = Field(default_factory=DiceBody)


class TableBody(_Body):
    hidden: list[Name] = Field(default_factory=list, max_length=500)
    opened: list[Name] = Field(default_factory=list, max_length=500)
    players_act: bool = False
    players_roll: bool = False
