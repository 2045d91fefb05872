"""``firefight tables ...``: list, show, check and import a ruleset's data tables."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli.common import (
    JsonOpt,
    RulesetOpt,
    console,
    emit_json,
    err_console,
    input_file,
    refusals,
)
from firefight.cli.width import print_table, typed_table
from firefight.errors import FirefightError, TableDataError
from firefight.files import read_text
from firefight.rulesets import find_ruleset, rulesets
from firefight.tables.registry import TableEntry, TableSet, remove_user_table, write_user_table
from firefight.text import printable

__all__ = ["app"]

app = typer.Typer(help="List, show, check and import data tables.", no_args_is_help=True)


def _safe(text: str) -> str:
    """A user's text made safe to print: markup and control characters shown, not obeyed."""
    return escape(printable(text))


def _table_set(ruleset: str) -> TableSet:
    r = find_ruleset(ruleset)
    return TableSet(r.name, r.package, r.table_kinds())


@app.command("list")
def tables_list(ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """Every table of a ruleset, with where it comes from."""
    with refusals():
        tset = _table_set(ruleset)
        entries: list[TableEntry] = []
        # One unreadable file of the user's (a binary one, a broken one) is reported and
        # skipped: the list still shows every table that reads.
        for name in tset:
            try:
                entries.append(tset.entry(name))
            except FirefightError as exc:
                err_console.print(f"skipped: {_safe(str(exc))}")
    if as_json:
        emit_json(
            {
                "ruleset": ruleset,
                "tables": [
                    {
                        "name": e.table.name,
                        "kind": e.kind.name,
                        "title": e.table.title,
                        "provisional": e.table.provisional,
                        "origin": e.origin,
                    }
                    for e in entries
                ],
            }
        )
        return
    rows = [
        [
            _safe(t)
            for t in (
                e.table.name,
                e.kind.name,
                e.table.title,
                "provisional" if e.table.provisional else "source",
                e.origin,
            )
        ]
        for e in entries
    ]
    print_table(
        typed_table(
            f"{ruleset} tables", ["name", "kind", "title", "status", "origin"], rows, typed={"name"}
        )
    )


@app.command("show")
def tables_show(name: str, ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """One table, cell by cell."""
    with refusals():
        tset = _table_set(ruleset)
        t = tset[name]
    if as_json:
        from firefight.serialize import to_plain

        emit_json({"ruleset": ruleset, "table": to_plain(t)})
        return
    console.print(f"[bold]{_safe(t.title)}[/] ({_safe(t.name)})  source: {_safe(t.source)}")
    if t.provisional:
        console.print(f"[yellow]provisional[/]: {_safe(t.derivation)}")
    grid = tset.entry(name).kind.show(t)
    shown = RichTable(show_lines=any("\n" in cell for row in grid.rows for cell in row))
    for i, heading in enumerate(grid.columns):
        shown.add_column(heading, justify="left" if i == 0 else "right", no_wrap=i == 0)
    for row in grid.rows:
        # A cell's own line breaks are kept; anything else unprintable is shown escaped.
        shown.add_row(*("\n".join(_safe(line) for line in cell.split("\n")) for cell in row))
    console.print(shown)


@app.command("check")
def tables_check() -> None:
    """Load and validate every data file of every ruleset."""
    with refusals():
        for r in rulesets().values():
            checked = r.check_data()
            console.print(f"[green]ok[/] {r.name}: {len(checked)} files ({', '.join(checked)})")


@app.command("import")
def tables_import(
    file: Annotated[
        Path,
        typer.Argument(
            help="A Markdown file with one critical table.", path_type=str, callback=input_file
        ),
    ],
    as_name: Annotated[str, typer.Option("--as", help="Table name it is stored under.")],
    ruleset: RulesetOpt = "rmu",
    title: Annotated[
        str | None, typer.Option(help="Title (default: the file's first line).")
    ] = None,
) -> None:
    """Import a critical table from your own copy (a Markdown pipe table).

    It replaces a shipped table of the same name."""
    with refusals():
        r = find_ruleset(ruleset)
        text = read_text(file)
        kinds = [k for k in r.table_kinds() if k.from_markdown is not None]
        if not kinds:
            raise TableDataError(str(file), "file", f"the {r.name} ruleset imports no tables")
        kind = kinds[0]
        assert kind.from_markdown is not None
        table = kind.from_markdown(text, as_name, title, str(file))
        path = write_user_table(table, kind, r.name, replaces=_table_set(r.name))
    console.print(
        f"imported {_safe(table.title)} as [bold]{_safe(as_name)}[/] -> {_safe(str(path))}"
    )


@app.command("remove")
def tables_remove(
    name: Annotated[str, typer.Argument(help="The name an imported table is stored under.")],
    ruleset: RulesetOpt = "rmu",
) -> None:
    """Remove a table you imported; the shipped table of that name is used again."""
    with refusals():
        r = find_ruleset(ruleset)
        path = remove_user_table(r.name, name)
    console.print(f"removed {_safe(str(path))}")
