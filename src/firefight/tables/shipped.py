"""Data files read as written when firefight shipped them, validated when a user wrote them.

Every data file has a pydantic model: its schema, whose errors name the file and the row. But
importing pydantic and building a file's validator costs more than a quick command's whole
start-up (``firefight rmu shoot``: benchmarks/bench_startup.py), and a file firefight ships is
the same on every run. So the models live in modules of their own, imported only to validate;
a shipped file is held to its model by the tests (tests/test_shipped_data.py validates every
one and checks that both readings give the same values) and by ``firefight tables check``, and
a run reads it as written. A file the user hands over (an imported table, a scenario) is always
validated. A reader passes the parsed file through :func:`checked` and reads plain data after
it, the same way for both (docs/decisions.md, DEC-510).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from pydantic import BaseModel

__all__ = ["checked", "package_data"]


def package_data(package: str, name: str) -> Traversable | Path:
    """A data file shipped inside ``package`` (e.g. ``firefight.rulesets.rmu``, ``data/x.toml``).

    A package imported from a folder has its files beside its ``__init__``: found there without
    importing :mod:`importlib.resources` (which alone costs a quick command a tenth of its
    start-up); a package in a zip file is read through it.
    """
    folder = _folder(package)
    if folder is not None:
        return folder.joinpath(name)
    from importlib.resources import files

    return files(package).joinpath(name)


@cache
def _folder(package: str) -> Path | None:
    """The folder of a package imported from one, else None."""
    module = sys.modules.get(package)
    origin = getattr(module, "__file__", None)
    if origin is None or not getattr(module, "__path__", None):
        return None
    folder = Path(origin).parent
    return folder if folder.is_dir() else None


def checked(
    model: Callable[[], type[BaseModel]], data: dict[str, Any], label: str, *, validate: bool
) -> dict[str, Any]:
    """``data`` ready to read: as written when not ``validate`` (a shipped file), else validated
    by the model ``model()`` returns (imported only then) and dumped with its defaults filled
    in; the first problem raises :class:`~firefight.errors.TableDataError` naming ``label`` and
    the row."""
    if not validate:
        return data
    from firefight.tables.data_files import validate as validated

    return validated(model(), data, label).model_dump()
