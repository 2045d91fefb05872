"""Your own catalogs (issue 17): weapons, armor, ammunition and NPC templates as TOML files in
your data folder (``$FIREFIGHT_HOME/catalogs/*.toml``, else the platform's data folder), read
over the shipped ones: a row with a shipped row's key replaces it, any other is added.

Each file names the ruleset its rows are for and holds rows of the kinds that ruleset takes
(:meth:`~firefight.rulesets.base.Ruleset.user_catalog_kinds`), each kind an array of tables::

    [catalog]
    ruleset = "rmu"

    [[weapon]]
    key = "my-pistol"
    ...the fields of the ruleset's own data file for that kind

    [[template]]          # an NPC template, for any ruleset: a scenario's combatant says
    name = "thug"         # template = "thug" and gets these fields under its own
    hits = 40

A ruleset validates its rows with the model of its own data file; every error names the file
and the row (``my.toml, weapon 2, magazine: ...``). A ``catalog.toml`` next to a scenario may
hold templates for that scenario alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from firefight.errors import TableDataError
from firefight.files import read_toml
from firefight.fuzzy import hint
from firefight.tables.registry import user_home

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "SCENARIO_CATALOG",
    "TEMPLATE_KIND",
    "UserRow",
    "catalog_dir",
    "catalog_files",
    "laid_over",
    "merged",
    "read_catalog",
    "user_catalog_digest",
    "user_rows",
]

#: The kind of row every ruleset takes: an NPC template for a scenario's combatants.
TEMPLATE_KIND = "template"
#: The file next to a scenario that may hold templates for it.
SCENARIO_CATALOG = "catalog.toml"

T = TypeVar("T")


@dataclass(frozen=True, slots=True, kw_only=True)
class UserRow:
    """One row of a user catalog: where it is written, its kind and its fields."""

    file: str
    kind: str
    number: int
    data: Mapping[str, Any]

    @property
    def where(self) -> str:
        return f"{self.kind} {self.number}"

    def error(self, problem: str, field: str = "") -> TableDataError:
        return TableDataError(self.file, f"{self.where}, {field}" if field else self.where, problem)


def catalog_dir() -> Path:
    return user_home() / "catalogs"


def catalog_files() -> list[Path]:
    folder = catalog_dir()
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def read_catalog(path: Path, known: Mapping[str, tuple[str, ...]]) -> tuple[str, list[UserRow]]:
    """The ruleset a catalog file is for and its rows; ``known`` gives each installed
    ruleset's kinds. A file that does not say its ruleset, names one not installed, or holds a
    kind its ruleset does not take is refused naming the file."""
    label = str(path)
    data = read_toml(path, label)
    header = data.get("catalog")
    ruleset = header.get("ruleset") if isinstance(header, dict) else None
    if not isinstance(ruleset, str):
        raise TableDataError(label, "[catalog]", 'say the ruleset: [catalog] ruleset = "rmu"')
    if ruleset not in known:
        raise TableDataError(
            label, "[catalog] ruleset", f"no ruleset {ruleset!r}; " + hint(ruleset, known)
        )
    kinds = (*known[ruleset], TEMPLATE_KIND)
    rows: list[UserRow] = []
    for kind, found in data.items():
        if kind == "catalog":
            continue
        if kind not in kinds:
            said = hint(kind, kinds, listing=f"{ruleset} catalogs take")
            raise TableDataError(label, kind, f"not a kind of row here; {said}")
        if not isinstance(found, list) or not all(isinstance(r, dict) for r in found):
            raise TableDataError(label, kind, f"write each {kind} as a [[{kind}]] table")
        rows.extend(
            UserRow(file=label, kind=kind, number=n, data=r) for n, r in enumerate(found, start=1)
        )
    return ruleset, rows


def user_rows(ruleset: str, kind: str, known: tuple[str, ...]) -> list[UserRow]:
    """Every row of ``kind`` the user's catalogs hold for ``ruleset`` (which takes ``known``
    kinds), file by file in name order."""
    found: list[UserRow] = []
    for path in catalog_files():
        label = str(path)
        data = read_toml(path, label)
        header = data.get("catalog")
        if isinstance(header, dict) and header.get("ruleset") == ruleset:
            _, rows = read_catalog(path, {ruleset: known})
            found.extend(r for r in rows if r.kind == kind)
    return found


def merged(
    shipped: Mapping[str, T], rows: list[UserRow], build: Callable[[UserRow], tuple[str, T]]
) -> dict[str, T]:
    """The shipped rows by key, with the user's laid over them: a user row replaces the
    shipped row of its key; two user rows of one key are refused, naming the second."""
    result = dict(shipped)
    seen: dict[str, UserRow] = {}
    for row in rows:
        key, value = build(row)
        if key in seen:
            first = seen[key]
            raise row.error(f"the key {key!r} is already given in {first.file}, {first.where}")
        seen[key] = row
        result[key] = value
    return result


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


M = TypeVar("M", bound="BaseModel")
K = TypeVar("K", bound=_Keyed)


def laid_over(
    shipped: Mapping[str, K],
    *,
    ruleset: str,
    kind: str,
    known: tuple[str, ...],
    model: Callable[[], type[M]],
    build: Callable[[M], K],
) -> dict[str, K]:
    """``shipped`` with the user's catalog rows of ``kind`` for ``ruleset`` (which takes the
    ``known`` kinds) laid over it, each validated with the model ``model()`` gives -- the
    shipped file's row model -- and built as a shipped row is; an error names the user's file
    and row. Without such rows the model is never asked for: a quick command whose data is
    read as shipped loads no pydantic (DEC-510)."""
    rows = user_rows(ruleset, kind, known)
    if not rows:
        return dict(shipped)
    from firefight.tables.data_files import TOP_LEVEL, validate

    row_model = model()

    def read(row: UserRow) -> tuple[str, K]:
        # What building the row finds wrong (a name the rest of the data does not know) names
        # the user's row as the model's checks do.
        try:
            built = build(validate(row_model, dict(row.data), row.file))
        except TableDataError as exc:
            # A check across the row's fields is the row's: "gun.toml, weapon 1: ...".
            raise row.error(exc.problem, "" if exc.where == TOP_LEVEL else exc.where) from None
        return built.key, built

    return merged(shipped, rows, read)


def user_catalog_digest() -> str:
    """A digest of every user catalog file: what a snapshot folded with them depends on."""
    import hashlib  # only a snapshot asks: a standalone shot reads catalogs without it

    digest = hashlib.sha256()
    for path in catalog_files():
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
