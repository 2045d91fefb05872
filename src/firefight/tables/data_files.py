"""Reading data files: TOML parsed, validated by a pydantic model, errors naming file and row."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from firefight.errors import TableDataError
from firefight.files import read_toml as files_read_toml
from firefight.limits import clean_name
from firefight.tables.shipped import package_data

__all__ = [
    "TABLE_NAME_MAX",
    "TOP_LEVEL",
    "DataModel",
    "Key",
    "TableHeader",
    "package_data",
    "read_toml",
    "validate",
]

M = TypeVar("M", bound=BaseModel)


#: Values that hold no true or false: text and numbers themselves.
_PLAIN = frozenset((str, int, float, type(None)))


def _holds_a_flag_for_a_number(annotation: Any, value: Any) -> bool:
    """Whether ``value`` holds true or false where ``annotation`` takes a number and no yes or
    no: pydantic reads true as 1 and false as 0 into a number, so ``hits = true`` would be one
    hit. Lists, tuples and tables of numbers are looked into; a model checks its own fields."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _holds_a_flag_for_a_number(get_args(annotation)[0], value)
    if isinstance(value, bool):
        return _takes_a_number_only(annotation)
    if isinstance(value, list) and origin in (list, tuple, set, frozenset):
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        items = args if origin is tuple and len(args) == len(value) else args[:1] * len(value)
        return any(_holds_a_flag_for_a_number(a, v) for a, v in zip(items, value, strict=False))
    if isinstance(value, dict) and origin is dict and len(get_args(annotation)) == 2:
        inner = get_args(annotation)[1]
        return any(_holds_a_flag_for_a_number(inner, v) for v in value.values())
    if origin in (Union, UnionType):
        return any(_holds_a_flag_for_a_number(a, value) for a in get_args(annotation))
    return False


def _takes_a_number_only(annotation: Any) -> bool:
    if get_origin(annotation) is Annotated:
        return _takes_a_number_only(get_args(annotation)[0])
    if get_origin(annotation) in (Union, UnionType):
        members = get_args(annotation)
        return bool not in members and any(_takes_a_number_only(a) for a in members)
    return annotation in (int, float)


class DataModel(BaseModel):
    """Base of every data-file model: unknown keys are errors, not silently ignored, and so
    are true or false where a figure belongs and numbers that are not finite (inf, nan).

    A model's validator is built when it first validates a file, not when its module is
    imported: a command pays only for the files it reads.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_flag_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        if type(value) in _PLAIN:
            return value  # most values: nothing to look into
        field = cls.model_fields.get(info.field_name or "")
        if field is not None and _holds_a_flag_for_a_number(field.annotation, value):
            raise ValueError("takes a number, not true or false")
        return value


def _key(text: str) -> str:
    return clean_name(text, "a key")


#: A row's key in a catalog (the name actions and options call it by): visible, one line.
Key = Annotated[str, AfterValidator(_key)]

#: Characters in a table's name: the file stem of the user's copy, well inside any file system's.
TABLE_NAME_MAX = 64


def _title(text: str) -> str:
    return clean_name(text, "a title", longest=200, title=True)


class TableHeader(DataModel):
    """The ``[table]`` header every data table carries: where its figures come from.

    A ``provisional`` table (a stand-in for one the source lost) must say how it was derived.
    File formats subclass it to add their own header fields (``kind``, ``columns``...).
    """

    # A name is a file stem (it names the user's copy on disk), a title one printable line.
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", max_length=TABLE_NAME_MAX)
    title: Annotated[str, AfterValidator(_title)]
    source: str
    provisional: bool
    derivation: str = ""

    @model_validator(mode="after")
    def _provisional_says_how(self) -> TableHeader:
        if self.provisional and not self.derivation.strip():
            raise ValueError("a provisional table must say how it was derived (derivation)")
        return self


def read_toml(source: Traversable | Path, label: str | None = None) -> dict[str, Any]:
    """Parse a TOML file; a syntax error names the file and the line (:mod:`firefight.files`)."""
    return files_read_toml(source, label)


#: Where an error lies that is the whole document's (a model's own check across its fields).
TOP_LEVEL = "top level"


def _where(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"#{item + 1}")
        else:
            parts.append(item)
    text = " ".join(parts)
    # "rows #4 cells #2" reads better as "row 4, cells #2"
    if len(loc) >= 2 and isinstance(loc[1], int):
        rest = " ".join(str(p) for p in parts[2:])
        text = f"{str(loc[0]).rstrip('s')} {loc[1] + 1}" + (f", {rest}" if rest else "")
    return text or TOP_LEVEL


def validate(model: type[M], data: Any, label: str) -> M:
    """Validate ``data`` against ``model``; the first problem becomes a :class:`TableDataError`."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        msg = str(first["msg"]).removeprefix("Value error, ")
        raise TableDataError(label, _where(tuple(first["loc"])), msg) from None
