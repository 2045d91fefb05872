"""``firefight catalog add|list|check``: your own catalogs of weapons, armor, ammunition and NPC
templates (:mod:`firefight.tables.user_catalogs`)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from firefight.cli.common import JsonOpt, console, emit_json, input_file, refusals
from firefight.cli.width import print_table, typed_table
from firefight.errors import TableDataError
from firefight.rulesets import find_ruleset, ruleset_names
from firefight.tables.user_catalogs import (
    SCENARIO_CATALOG,
    UserRow,
    catalog_dir,
    catalog_files,
    read_catalog,
)
from firefight.wording import counted

__all__ = ["app"]

app = typer.Typer(
    help="Your own weapons, armor, ammunition and NPC templates, read over the shipped ones.",
    no_args_is_help=True,
)


def _kinds() -> dict[str, tuple[str, ...]]:
    return {name: find_ruleset(name).user_catalog_kinds() for name in ruleset_names()}


def _check(path: Path) -> tuple[str, list[UserRow]]:
    """The ruleset ``path`` is for and its rows, their kinds checked."""
    return read_catalog(path, _kinds())


def _check_all() -> list[str]:
    """Every user catalog read, and every ruleset with rows in one loading its data: each row
    is validated as the shipped file's rows are."""
    from firefight.encounter.templates import check_templates

    found = []
    read = []
    for path in catalog_files():
        ruleset, rows = _check(path)
        read.append((ruleset, rows))
        found.append(f"{path.name}: {ruleset}, {len(rows)} rows")
    for name in sorted({ruleset for ruleset, _ in read}):
        find_ruleset(name).check_data()
    # Templates last: they name weapons and armor the rows above may add.
    for ruleset, rows in read:
        check_templates(rows, ruleset)
    return found


def _given_file(text: str | None) -> Path | None:
    return None if text is None else input_file(text)


@app.command("check")
def check(
    scenario_catalog: Annotated[
        Path | None,
        typer.Argument(
            help=f"A scenario's own {SCENARIO_CATALOG} (or the scenario's folder), checked too.",
            path_type=str,
            show_default=False,
            callback=_given_file,
        ),
    ] = None,
) -> None:
    """Check every catalog in your data folder, and a scenario's own catalog if given.

    Each error names the file and the row."""
    with refusals():
        found = _check_all()
        if scenario_catalog is not None:
            found.append(_check_beside(scenario_catalog))
    for line in found:
        console.print(f"[green]ok[/] {escape(line)}")
    if not found:
        console.print(f"no catalogs in {escape(str(catalog_dir()))}")


def _check_beside(path: Path) -> str:
    """A scenario's own catalog checked as loading the scenario reads it, and each of its
    templates as a combatant's fields (with yours in place: a template may name a weapon of
    your catalogs); a folder stands for the catalog in it (DEC-839)."""
    from firefight.encounter.templates import check_templates, scenario_templates

    file = path / SCENARIO_CATALOG if path.is_dir() else path
    if not file.is_file():
        said = "not a file" if file.exists() else "no such file"
        raise TableDataError(str(file), "file", said)
    ruleset, rows = scenario_templates(file, _kinds())
    check_templates(rows, ruleset)
    return f"{file}: {ruleset}, {counted(len(rows), 'template')}"


@app.command("add")
def add(
    file: Annotated[
        Path,
        typer.Argument(
            help="A catalog TOML file (\\[catalog] ruleset = ...).",
            path_type=str,
            callback=input_file,
        ),
    ],
) -> None:
    """Check a catalog file and copy it into your data folder, read from there on.

    A bad file is refused and nothing is copied."""
    # Only the folder's *.toml files are read: one kept as mine.txt was "added", never read.
    target = catalog_dir() / (file.name if file.suffix == ".toml" else f"{file.stem}.toml")
    with refusals():
        _check(file)
        if target.is_file() and target.samefile(file):
            # Added again after an edit where it lies: copying it onto itself would fail.
            _check_all()
            console.print(f"{escape(file.name)} is in your data folder already: checked")
            return
        replaced = _copy_in(file, target)
    said = " (the one there before is replaced)" if replaced else ""
    console.print(f"added {escape(file.name)} -> {escape(str(target))}{said}")


def _copy_in(file: Path, target: Path) -> bool:
    """``file`` copied to ``target`` and every catalog checked with it in place; whatever
    stops that (any refusal, an unknown name as much as a bad figure; a folder that cannot be
    written, a full disk; Ctrl-C) leaves the folder as it was. True if a file was replaced."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        kept = target.read_bytes() if target.exists() else None
    except OSError as exc:
        raise TableDataError(str(target), "file", exc.strerror or str(exc)) from None
    try:
        shutil.copyfile(file, target)
        _check_all()
    except BaseException as exc:
        if kept is None:
            target.unlink(missing_ok=True)
        else:
            target.write_bytes(kept)
        if isinstance(exc, OSError):
            raise TableDataError(str(target), "file", exc.strerror or str(exc)) from None
        if isinstance(exc, TableDataError):
            # The copy is gone again: the row to fix is in the file the user gave.
            given = [p.replace(str(target), str(file)) for p in (exc.file, exc.where, exc.problem)]
            raise TableDataError(*given) from None
        raise
    return kept is not None


@app.command("list")
def list_rows(as_json: JsonOpt = False) -> None:
    """Every row of your catalogs: its kind, key or name, ruleset and file."""
    with refusals():
        rows = [(ruleset, row) for path in catalog_files() for ruleset, row in _rows(path)]
    listed = [
        {
            "ruleset": ruleset,
            "kind": row.kind,
            "key": str(row.data.get("key", row.data.get("name", ""))),
            "file": row.file,
        }
        for ruleset, row in rows
    ]
    if as_json:
        emit_json({"folder": str(catalog_dir()), "rows": listed})
        return
    if not listed:
        console.print(f"no catalogs in {escape(str(catalog_dir()))} (firefight catalog add FILE)")
        return
    table = typed_table(
        f"your catalogs ({catalog_dir()})",
        ["key", "kind", "ruleset", "file"],
        ([r["key"], r["kind"], r["ruleset"], Path(r["file"]).name] for r in listed),
        typed={"key"},
    )
    print_table(table)


def _rows(path: Path) -> list[tuple[str, UserRow]]:
    ruleset, rows = _check(path)
    return [(ruleset, r) for r in rows]
