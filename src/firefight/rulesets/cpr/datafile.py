"""Reading the cpr data files: the shipped files as written, a user's rows validated, errors
naming the file.

Every file under ``rulesets/cpr/data/`` starts with a ``[table]`` header saying where its
figures come from (``source``), whether any were made up (``provisional``, with a
``derivation`` then required) and which rule IDs it serves. Each file has a pydantic model in
:mod:`.file_models`, imported only to validate: a shipped file is held to it by the tests and
``firefight tables check``, and read as written on a run (DEC-510, DEC-560).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from firefight.files import read_toml
from firefight.tables.shipped import checked, package_data

if TYPE_CHECKING:
    from pydantic import BaseModel

    from firefight.rulesets.cpr.weapons import Ammo, Weapon

__all__ = ["PACKAGE", "USER_KINDS", "file_model", "label_for", "load", "with_user_rows"]

PACKAGE = "firefight.rulesets.cpr"

#: The kinds of row a user catalog may give cpr (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "ammo")

_Built = TypeVar("_Built", "Weapon", "Ammo")


def label_for(name: str) -> str:
    """How errors name a cpr data file."""
    return f"firefight/rulesets/cpr/data/{name}"


def file_model(name: str) -> type[BaseModel]:
    """The model ``name`` of :mod:`.file_models` (pydantic loads with it)."""
    from firefight.rulesets.cpr import file_models

    model: type[BaseModel] = getattr(file_models, name)
    return model


def load(name: str, model: str, *, validate: bool) -> dict[str, Any]:
    """``data/<name>`` ready to read: as written, or validated by the file model ``model`` and
    dumped with its defaults filled in (:func:`~firefight.tables.shipped.checked`)."""
    label = label_for(name)
    data = read_toml(package_data(PACKAGE, f"data/{name}"), label)
    return checked(partial(file_model, model), data, label, validate=validate)


def with_user_rows(
    shipped: Mapping[str, _Built], kind: str, model: str, build: Callable[[dict[str, Any]], _Built]
) -> dict[str, _Built]:
    """``shipped`` with the user's catalog rows of ``kind`` laid over it (issue 17), each
    validated with the shipped file's row model ``model`` and built as a shipped row is."""
    from firefight.tables.user_catalogs import laid_over

    return laid_over(
        shipped,
        ruleset="cpr",
        kind=kind,
        known=USER_KINDS,
        model=partial(file_model, model),
        build=lambda row: build(row.model_dump()),
    )
