"""The JSON bodies the API accepts, validated by pydantic with limits on every size, so that a
bad request is refused with the path of the field at fault before anything is read or rolled.

Strict: a value of the wrong JSON type is refused, not read as another (``"7"`` is no seed,
``true`` no die face, ``"yes"`` no switch; DEC-845)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    StringConstraints,
    model_validator,
)

from firefight.dice import read_faces
from firefight.errors import DiceError
from firefight.limits import MAX_NAME
from firefight.scene.lines import write_line
from firefight.text import controls, printable

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
#: Characters in the words after a verb, and in one word of an option's value.
MAX_WORD = 200
#: The largest seed: every whole number up to it goes to a browser and back as itself
#: (JavaScript reads every JSON number as a double), so a seed reported is the seed rolled.
MAX_SEED = 2**53 - 1


def _printable(value: str) -> str:
    """Printable text only: no control character (a newline, NUL, an escape, a bidi override)
    in a name, a line or a word, by the test the store and the readers use."""
    bad = next(controls(value), None)
    if bad is not None:
        # Escaped: one drawn as nothing would show as nothing (DEC-955).
        shown = printable(bad)
        raise ValueError(f"holds a control character ('{shown}'); type it on one line, plainly")
    return value


Name = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_NAME), AfterValidator(_printable)
]
Line = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_LINE), AfterValidator(_printable)
]
Word = Annotated[str, StringConstraints(max_length=MAX_WORD), AfterValidator(_printable)]


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


def _face_or_card(value: Any) -> Any:
    """One sentence for a die face of the wrong JSON type, instead of one per kind it is not."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise DiceError(
            "each of dice.rolls is a die face (a whole number) or a card by name or place "
            f"('QH', '10s'), not {value!r}"[:200],
            rule="D-3",
        )
    return value


#: A die face as a number, or a face or a card as typed (read by :func:`_typed`).
Typed = Annotated[
    int | Annotated[str, StringConstraints(max_length=40)],
    BeforeValidator(_face_or_card),
    AfterValidator(_typed),
]


#: Values of an option given several times.
MAX_VALUES = 20


#: A text holding a lone surrogate (JSON lets ``"\\ud83d"`` be written, but it is no
#: character, and the store cannot keep it), said in words (DEC-958).
HALF_A_CHARACTER = (
    "holds half of a character (a lone surrogate, as text cut inside an emoji leaves); send "
    "whole characters"
)


def _word(value: str) -> str:
    """One word of an option's value: whole characters, printable, and no longer than
    :data:`MAX_WORD` (what pydantic's own text checks, which :data:`OptionValue` reads past)."""
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ValueError(HALF_A_CHARACTER)
    if len(value) > MAX_WORD:
        raise ValueError(f"a word of an option's value is at most {MAX_WORD} characters")
    return _printable(value)


def _option_value(value: Any) -> Any:
    """An option's value as the form gives it: ``true`` for a flag, a word, a list of words; a
    whole number is the word it is written as (``{"ap": 2}`` is ``--ap 2``). Checked here
    whole, in one sentence: as a union of types, pydantic told a word it failed as each type in
    turn, first "should be a valid boolean", at paths of its own making (DEC-958)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _word(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        if len(value) > MAX_VALUES:
            raise ValueError(f"an option takes at most {MAX_VALUES} values, not {len(value)}")
        return [_word(v) for v in value]
    raise ValueError(
        "an option's value is true (a flag), a word or a whole number, or a list of words; "
        f"not {value!r}"[:200]
    )


OptionValue = Annotated[
    bool | str | list[str],
    PlainValidator(_option_value, json_schema_input_type=bool | int | str | list[str]),
]


def _spelt(pattern: str, what: str) -> AfterValidator:
    """A check that a text is spelt as ``pattern`` says, refused in words (``what``, with the
    text) rather than by the pattern itself (DEC-958)."""
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if not compiled.fullmatch(value):
            raise ValueError(f"{what}, not {value[:40]!r}")
        return value

    return AfterValidator(check)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class DiceBody(_Body):
    """The dice: a seed for rolls the server makes, or the faces rolled at the table (a cards
    GM's cards by name or by place, DEC-679), in the order the rules ask for them; neither: a
    fresh seed, reported back."""

    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
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
    verb: Annotated[
        str,
        StringConstraints(min_length=1, max_length=40),
        _spelt(r"[\w -]+", "a verb is words of letters and digits, with spaces or dashes"),
    ]
    words: Word = ""
    options: dict[
        Annotated[
            str,
            StringConstraints(max_length=40),
            _spelt(
                r"[a-z][a-z0-9-]*",
                "an option is named as after its -- in a line, in small letters, digits and "
                "dashes ('ap', 'move-between')",
            ),
        ],
        OptionValue,
    ] = Field(default_factory=dict, max_length=30)


class LineBody(_Body):
    """An action: a whole line, or its parts."""

    line: Line | None = None
    compose: ComposeBody | None = None

    @model_validator(mode="after")
    def _one_form(self) -> LineBody:
        if (self.line is None) == (self.compose is None):
            raise ValueError("give the action as a line or in parts, one of them")
        if len(self.text) > MAX_LINE:
            # Its parts each within their bounds, the line they make may still be too long.
            raise ValueError(
                f"the action's parts make a line of {len(self.text)} characters; the limit is "
                f"{MAX_LINE}"
            )
        return self

    @property
    def text(self) -> str:
        """The action line: as given, or written from its parts."""
        if self.line is not None:
            return self.line
        assert self.compose is not None
        c = self.compose
        return write_line(c.actor, c.verb, c.words, c.options)


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
    #: The settings' revision the client read; when another change came since, refused with
    #: 409 and nothing changed (DEC-982). Left out, the settings are replaced whatever came.
    revision: int | None = Field(default=None, ge=0, le=2**62)
