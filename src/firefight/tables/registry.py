"""Finding tables: the ones a ruleset ships, overridden by the ones the GM imported.

Shipped tables live in ``<ruleset package>/tables/*.toml``. Imported tables live in the user's
data directory (``$FIREFIGHT_HOME`` or the platform's user data dir) under
``tables/<ruleset>/<name>.toml`` and replace a shipped table of the same name.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
import tomli_w

from firefight.errors import TableDataError, UnknownNameError
from firefight.tables.data_files import package_data, read_toml
from firefight.tables.kinds import DataTable, TableKind, kind_names

__all__ = [
    "TableSet",
    "load_table",
    "user_home",
    "user_table_dir",
    "write_user_table",
]

T = TypeVar("T")


def user_home() -> Path:
    """Where firefight keeps what the user made: ``$FIREFIGHT_HOME`` or the platform data dir."""
    env = os.environ.get("FIREFIGHT_HOME")
    return Path(env) if env else Path(platformdirs.user_data_dir("firefight"))


def user_table_dir(ruleset: str) -> Path:
    return user_home() / "tables" / ruleset


def write_user_table(table: DataTable, kind: TableKind[Any], ruleset: str) -> Path:
    """Save ``table`` as the user's ``<name>.toml`` for ``ruleset``, replacing any older copy.

    The file is written beside its final place and moved over it in one step, so a crash
    leaves either the old table or the new one, never half of one. :class:`TableSet` then
    prefers it to a shipped table of the same name.
    """
    if kind.to_data is None:
        raise TableDataError(table.source, "[table] kind", f"{kind.name} tables cannot be imported")
    directory = user_table_dir(ruleset)
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{table.name}.toml"
    payload = tomli_w.dumps(kind.to_data(table))
    # The ".tmp" suffix keeps a half-written file out of TableSet's "*.toml" glob.
    handle, temp_name = tempfile.mkstemp(dir=directory, prefix=f".{table.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(payload)
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return target


def table_from_data(data: dict[str, Any], label: str, kinds: Sequence[TableKind[Any]]) -> DataTable:
    """A parsed table file read by the kind its ``[table] kind`` names."""
    header = data.get("table")
    name = header.get("kind") if isinstance(header, dict) else None
    for kind in kinds:
        if kind.name == name:
            table: DataTable = kind.from_data(data, label)
            return table
    raise TableDataError(label, "[table] kind", f"expected {kind_names(kinds)}, got {name!r}")


def load_table(
    source: Traversable | Path, kinds: Sequence[TableKind[Any]], label: str | None = None
) -> DataTable:
    label = label or str(source)
    return table_from_data(read_toml(source, label), label, kinds)


@dataclass(frozen=True, slots=True)
class TableEntry:
    table: DataTable
    kind: TableKind[Any]
    origin: str  # "shipped" or the path of the user's file


class TableSet(Mapping[str, DataTable]):
    """The tables of one ruleset by name, loaded lazily and validated on load."""

    def __init__(self, ruleset: str, package: str, kinds: Sequence[TableKind[Any]]) -> None:
        self.ruleset = ruleset
        self._package = package
        self.kinds = tuple(kinds)
        self._cache: dict[str, TableEntry] = {}

    def _files(self) -> dict[str, tuple[Traversable | Path, str, str]]:
        """Table name -> (file, label for errors, origin: "shipped" or the user file's path)."""
        found: dict[str, tuple[Traversable | Path, str, str]] = {}
        shipped = package_data(self._package, "tables")
        if shipped.is_dir():
            for item in sorted(shipped.iterdir(), key=lambda t: t.name):
                if item.name.endswith(".toml"):
                    label = f"{self._package.replace('.', '/')}/tables/{item.name}"
                    found[item.name.removesuffix(".toml")] = (item, label, "shipped")
        user = user_table_dir(self.ruleset)
        if user.is_dir():
            for path in sorted(user.glob("*.toml")):
                found[path.stem] = (path, str(path), str(path))
        return found

    def entry(self, name: str) -> TableEntry:
        if name not in self._cache:
            files = self._files()
            if name not in files:
                raise UnknownNameError(f"{self.ruleset} table", name, files)
            source, label, origin = files[name]
            table = load_table(source, self.kinds, label)
            if table.name != name:
                raise TableDataError(
                    label, "[table] name", f"{table.name!r} does not match file name {name!r}"
                )
            kind = next(k for k in self.kinds if isinstance(table, k.type))
            self._cache[name] = TableEntry(table=table, kind=kind, origin=origin)
        return self._cache[name]

    def __getitem__(self, name: str) -> DataTable:
        return self.entry(name).table

    def __iter__(self) -> Iterator[str]:
        return iter(self._files())

    def __len__(self) -> int:
        return len(self._files())

    def of(self, name: str, kind: type[T]) -> T:
        """The table ``name``, which must be of the ``kind`` the caller reads it as."""
        table = self[name]
        if not isinstance(table, kind):
            entry = self.entry(name)
            raise TableDataError(
                entry.origin if entry.origin != "shipped" else name,
                "[table] kind",
                f"expected a {kind.__name__}, found a {entry.kind.name} table",
            )
        return table
