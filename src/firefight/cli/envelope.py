"""The JSON Schema of a resolution, the one top level every resolving command prints with
``--json`` in every ruleset (docs/json.md), and ``firefight schema``, which prints it.

The schema is generated from the pydantic models below (pydantic at the edges): they describe
the envelope that :func:`firefight.cli.common.resolution_json` builds, and the tests validate
every command's output against the schema with an independent validator. What a ruleset puts
in ``action.declaration``, ``result`` (beside ``outcome``) and in each event is its own, so those
stay open objects; the envelope, the dice and the trace are closed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from firefight.cli.common import emit_json
from firefight.outcome import ResolvedWord

__all__ = ["Envelope", "resolution_schema", "schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Action(_Closed):
    """The declaration, as data."""

    name: str | None = Field(
        description="The action: 'aimed-shot', 'autofire'... standalone; the verb of an "
        "encounter's action line ('shoots'), or 'round'; null when a refused line named none."
    )
    text: str | None = Field(default=None, description="The action line (encounters only).")
    declaration: dict[str, Any] | None = Field(
        default=None,
        description="Every field of the declaration the resolver was given; null or absent "
        "when it was refused before one was built, or read back from the log.",
    )


class Dice(_Closed):
    """How the dice were given, and the faces the action used."""

    source: Literal["seeded", "scripted", "asked", "none"] = Field(
        description="--seed (or a fresh seed), --rolls, --ask, or no dice at all."
    )
    seed: int | None = Field(default=None, description="The seed, when seeded.")
    rolls: list[int | str] | None = Field(
        default=None,
        description="The faces given with --rolls; a card typed by name is the card's name.",
    )
    then: Literal["asked"] | None = Field(
        default=None, description="With --rolls and --ask: further dice are asked for."
    )
    used: list[int] = Field(description="Every face the action consumed, in order.")
    unused: list[int | str] | None = Field(
        default=None, description="Faces (or cards) given with --rolls that were not needed."
    )


class Resolved(_Open):
    """What the action came to: the outcome word, then the resolver's own figures."""

    outcome: ResolvedWord = Field(description="One word of the vocabulary in docs/json.md.")
    detail: str | None = Field(
        default=None,
        description="The resolver's own word for the result where it says more than the "
        "outcome ('70%', 'in cover', 'went off').",
    )


class Refused(_Closed):
    """The rules refused the declaration: nothing was rolled and nothing changed."""

    outcome: Literal["refused"]
    rule: str = Field(description="The rule ID the refusal names.")
    message: str = Field(description="Why, in a sentence.")


class Event(_Open):
    """A fact to apply to an encounter: its type, then its fields."""

    type: str


class Part(_Closed):
    value: int
    label: str
    rule: str | None


class RollEntry(_Closed):
    type: Literal["roll"]
    purpose: str
    kind: str
    faces: list[int]
    natural: int
    total: int
    cards: list[str] | None = None


class TotalEntry(_Closed):
    type: Literal["total"]
    label: str
    value: int = Field(description="Always the sum of the parts' values.")
    parts: list[Part]


class LookupEntry(_Closed):
    type: Literal["lookup"]
    table: str
    row: str
    column: str
    cell: str
    rule: str | None


class StepEntry(_Closed):
    type: Literal["step"]
    text: str
    rule: str | None


TraceEntry = Annotated[
    RollEntry | TotalEntry | LookupEntry | StepEntry, Field(discriminator="type")
]


class Envelope(_Open):
    """One resolution. Encounter commands add their own keys beside these (``encounter``,
    ``record``, ``state``; a log record its ``seq``, ``kind``, ``round``, ``narration``...)."""

    ruleset: str = Field(description="The ruleset that resolved it.")
    action: Action
    dice: Dice
    result: Annotated[Resolved | Refused, Field(discriminator="outcome")]
    events: list[Event]
    trace: list[TraceEntry] = Field(description="The audit trail, in order.")


def resolution_schema() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of a resolution."""
    generated = Envelope.model_json_schema()
    return {"$schema": DRAFT, **generated, "title": "firefight resolution"}


def schema() -> None:
    """The JSON Schema (Draft 2020-12) of every resolving command's --json output."""
    emit_json(resolution_schema())
