"""Reading the cpr data files: one header model every file shares, and a loader naming the file.

Every file under ``rulesets/cpr/data/`` starts with a ``[table]`` header saying where its
figures come from (``source``), whether any were made up (``provisional``, with a
``derivation`` then required) and which rule IDs it serves. Errors name the file and the row.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, Field

from firefight.tables.data_files import TableHeader, package_data, read_toml, validate

__all__ = ["PACKAGE", "CprTableHeader", "label_for", "load"]

PACKAGE = "firefight.rulesets.cpr"

M = TypeVar("M", bound=BaseModel)


class CprTableHeader(TableHeader):
    """The ``[table]`` header of a cpr data file: the shared header plus the rule IDs it serves."""

    rules: list[str] = Field(default_factory=list)


def label_for(name: str) -> str:
    """How errors name a cpr data file."""
    return f"firefight/rulesets/cpr/data/{name}"


def load(model: type[M], name: str) -> M:
    """Read ``data/<name>`` and validate it against ``model``."""
    label = label_for(name)
    raw: dict[str, Any] = read_toml(package_data(PACKAGE, f"data/{name}"), label)
    return validate(model, raw, label)
