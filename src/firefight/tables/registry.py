"""Finding tables: the ones a ruleset ships, overridden by the ones the GM imported.

Shipped tables live in ``<ruleset package>/tables/*.toml``. Imported tables live in the user's
data directory (``$FIREFIGHT_HOME`` or the platform's user data dir) under
``tables/<ruleset>/<name>.toml`` and replace a shipped table of the same name.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from firefight.errors import TableDataError, UnknownNameError
from firefight.files import read_toml
from firefight.tables.kinds import DataTable, TableKind, kind_names
from firefight.tables.shipped import package_data

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "TableSet",
    "load_table",
    "remove_user_table",
    "user_home",
    "user_table_dir",
    "write_user_table",
]

T = TypeVar("T")


def user_home() -> Path:
    """Where firefight keeps what the user made: ``$FIREFIGHT_HOME`` or the platform data dir."""
    env = os.environ.get("FIREFIGHT_HOME")
    if env:
        return Path(env)
    import platformdirs  # only without FIREFIGHT_HOME: it loads tempfile, random, shutil...

    return Path(platformdirs.user_data_dir("firefight"))


def user_table_dir(ruleset: str) -> Path:
    return user_home() / "tables" / ruleset


def write_user_table(
    table: DataTable, kind: TableKind[Any], ruleset: str, replaces: TableSet | None = None
) -> Path:
    """Save ``table`` as the user's ``<name>.toml`` for ``ruleset``, replacing any older copy.

    With ``replaces`` (the ruleset's tables), a shipped table of that name must be of the same
    kind as the new one: a critical table under an attack table's name would break every
    attack that reads it, so it is refused naming the file it came from (``table.source``).

    The file is written beside its final place and moved over it in one step, so a crash
    leaves either the old table or the new one, never half of one. :class:`TableSet` then
    prefers it to a shipped table of the same name.
    """
    if kind.to_data is None:
        raise TableDataError(table.source, "[table] kind", f"{kind.name} tables cannot be imported")
    if replaces is not None and table.name in replaces.shipped():
        old = replaces.shipped_kind(table.name)
        if old.name != kind.name:
            raise TableDataError(
                table.source,
                f"--as {table.name}",
                f"{table.name!r} is {_an(old.name)} table; {_an(kind.name)} table cannot "
                "replace it",
            )
    directory = user_table_dir(ruleset)
    target = directory / f"{table.name}.toml"
    import tomli_w  # only to write: reading a table does not load it

    payload = tomli_w.dumps(kind.to_data(table))
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _write_atomically(directory, target, payload)
    except OSError as exc:
        # A folder that cannot be written, a full disk: one line naming the place.
        raise TableDataError(str(target), "file", exc.strerror or str(exc)) from None
    return target


def _write_atomically(directory: Path, target: Path, payload: str) -> None:
    import tempfile

    # The ".tmp" suffix keeps a half-written file out of TableSet's "*.toml" glob.
    handle, temp_name = tempfile.mkstemp(dir=directory, prefix=f".{target.stem}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(payload)
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _an(kind: str) -> str:
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"


def remove_user_table(ruleset: str, name: str) -> Path:
    """Delete the user's copy of table ``name``, so the shipped table (if any) is used again."""
    path = user_table_dir(ruleset) / f"{name}.toml"
    if "/" in name or "\\" in name or not path.is_file():
        known = sorted(p.stem for p in user_table_dir(ruleset).glob("*.toml"))
        raise UnknownNameError(f"imported {ruleset} table", name, known)
    try:
        path.unlink()
    except OSError as exc:
        raise TableDataError(str(path), "file", exc.strerror or str(exc)) from None
    return path


def table_from_data(
    data: dict[str, Any], label: str, kinds: Sequence[TableKind[Any]], *, shipped: bool = False
) -> DataTable:
    """A parsed table file read by the kind its ``[table] kind`` names; a ``shipped`` file is
    read without validating it when its kind can (:mod:`firefight.tables.shipped`)."""
    header = data.get("table")
    name = header.get("kind") if isinstance(header, dict) else None
    for kind in kinds:
        if kind.name == name:
            read = kind.from_shipped if shipped and kind.from_shipped else kind.from_data
            table: DataTable = read(data, label)
            return table
    raise TableDataError(label, "[table] kind", f"expected {kind_names(kinds)}, got {name!r}")


def load_table(
    source: Traversable | Path,
    kinds: Sequence[TableKind[Any]],
    label: str | None = None,
    *,
    shipped: bool = False,
) -> DataTable:
    label = label or str(source)
    return table_from_data(read_toml(source, label), label, kinds, shipped=shipped)


@dataclass(frozen=True, slots=True)
class TableEntry:
    table: DataTable
    kind: TableKind[Any]
    origin: str  # "shipped" or the path of the user's file


class TableSet(Mapping[str, DataTable]):
    """The tables of one ruleset by name, loaded lazily. The user's tables are validated on
    load; the shipped ones only with ``validate_shipped`` (``firefight tables check``), since
    the tests hold them to their kinds (:mod:`firefight.tables.shipped`)."""

    def __init__(
        self,
        ruleset: str,
        package: str,
        kinds: Sequence[TableKind[Any]],
        *,
        validate_shipped: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self._package = package
        self.kinds = tuple(kinds)
        self.validate_shipped = validate_shipped
        self._cache: dict[str, TableEntry] = {}

    def shipped(self) -> dict[str, tuple[Traversable | Path, str, str]]:
        """The ruleset's own tables: name -> (file, label for errors, "shipped")."""
        found: dict[str, tuple[Traversable | Path, str, str]] = {}
        shipped = package_data(self._package, "tables")
        if shipped.is_dir():
            for item in sorted(shipped.iterdir(), key=lambda t: t.name):
                if item.name.endswith(".toml"):
                    label = f"{self._package.replace('.', '/')}/tables/{item.name}"
                    found[item.name.removesuffix(".toml")] = (item, label, "shipped")
        return found

    def shipped_kind(self, name: str) -> TableKind[Any]:
        """The kind of the shipped table ``name``, whatever the user imported over it."""
        source, label, _ = self.shipped()[name]
        table = load_table(source, self.kinds, label, shipped=not self.validate_shipped)
        return next(k for k in self.kinds if isinstance(table, k.type))

    def _files(self) -> dict[str, tuple[Traversable | Path, str, str]]:
        """Table name -> (file, label for errors, origin: "shipped" or the user file's path)."""
        found = self.shipped()
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
            shipped = origin == "shipped" and not self.validate_shipped
            table = load_table(source, self.kinds, label, shipped=shipped)
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
        """The table ``name``, which must be of the ``kind`` the caller reads it as; the error
        names the file the table came from: the user's copy if it is theirs."""
        entry = self.entry(name)
        if isinstance(entry.table, kind):
            return entry.table
        # Said by the kind's own name ("attack"), as the table files and `tables list` say it.
        wanted = next((k.name for k in self.kinds if k.type is kind), kind.__name__)
        if entry.origin == "shipped":
            raise TableDataError(
                name,
                "[table] kind",
                f"{name!r} is {_an(entry.kind.name)} table, not {_an(wanted)} table",
            )
        raise TableDataError(
            entry.origin,
            "[table] kind",
            f"your {name!r} is {_an(entry.kind.name)} table, not the {wanted} table the rules "
            f"need; fix it or remove it with 'firefight tables remove {name} --ruleset "
            f"{self.ruleset}'",
        )
