"""JSON as the store writes it, and the document an exported encounter travels in.

Payloads and scenarios are stored as canonical JSON text (sorted keys, no spaces), so the same
value is always the same bytes and an export is byte-stable across backends.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from firefight.store.base import StoreError

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "ExportedEncounter",
    "ExportedRecord",
    "canonical_json",
    "parse_export",
]

EXPORT_FORMAT = "firefight.encounter"
EXPORT_VERSION = 1

#: The longest time the store keeps (its columns' width on every database).
TIME_MAX = 40


def _time(value: str) -> str:
    """A time as the store writes it (ISO 8601), kept as it is given: one the store did not
    write would not move to another database (too long, a NUL byte), DEC-753."""
    if len(value) > TIME_MAX:
        raise ValueError(f"a time is at most {TIME_MAX} characters, as the store writes it")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a time (ISO 8601, as the store writes it)") from None
    return value


Time = Annotated[str, AfterValidator(_time)]


def canonical_json(value: object, *, name: str, what: str) -> str:
    """``value`` as canonical JSON text; :class:`StoreError` if it would not read back equal.

    Tuples, non-string keys and NaN are refused rather than silently changed: what the
    encounter layer reads back must be exactly what it appended.

    >>> canonical_json({"b": [1, 2.5], "a": "é"}, name="ambush", what="payload 1")
    '{"a":"é","b":[1,2.5]}'
    >>> canonical_json({"hits": (1, 2)}, name="ambush", what="payload 1")
    Traceback (most recent call last):
    ...
    firefight.store.base.StoreError: encounter 'ambush': payload 1 is not plain JSON (objects \
with string keys, lists, strings, numbers, booleans, null); it would not read back as written
    """
    if not isinstance(value, dict):
        raise StoreError(name, f"{what} must be a JSON object, not {type(value).__name__}")
    try:
        text = json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        raise StoreError(name, f"{what} is not JSON: {exc}") from exc
    if json.loads(text) != value:
        raise StoreError(
            name,
            f"{what} is not plain JSON (objects with string keys, lists, strings, numbers, "
            "booleans, null); it would not read back as written",
        )
    return text


class ExportedRecord(BaseModel):
    """One record in an export: what :class:`~firefight.store.base.StoredRecord` holds."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    seq: int
    recorded_at: Time
    payload: dict[str, Any]


class ExportedEncounter(BaseModel):
    """A whole encounter as one JSON document: set-up, log and the times they were written."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    format: Literal["firefight.encounter"]
    version: Literal[1]
    name: str
    ruleset: str
    created_at: Time
    scenario: dict[str, Any]
    records: list[ExportedRecord]
    #: The fingerprint of the rules that wrote it (absent in exports older than it).
    rules: str | None = None


def parse_export(data: object) -> ExportedEncounter:
    """Validate an exported encounter; :class:`StoreError` naming the first problem.

    The records must be numbered 1, 2, 3... with no gap, as every stored log is.
    """
    label = data.get("name") if isinstance(data, dict) else None
    name = label if isinstance(label, str) else None
    try:
        doc = ExportedEncounter.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        raise StoreError(
            name, f"not an exported encounter ({EXPORT_FORMAT}): {where}: {first['msg']}"
        ) from exc
    for expected, record in enumerate(doc.records, start=1):
        if record.seq != expected:
            raise StoreError(
                doc.name, f"records must be numbered 1, 2, 3...; record {expected} has {record.seq}"
            )
    return doc
