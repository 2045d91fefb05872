"""``firefight tables ...``: list, show, check and import a ruleset's data tables."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli.common import JsonOpt, RulesetOpt, console, emit_json, refusals
from firefight.errors import TableDataError
from firefight.rulesets import find_ruleset, rulesets
from firefight.tables.registry import TableSet, write_user_table

__all__ = ["app"]

app = typer.Typer(help="List, show, check and import data tables.", no_args_is_help=True)


def _table_set(ruleset: str) -> TableSet:
    r = find_ruleset(ruleset)
    return TableSet(r.name, r.package, r.table_kinds())


@app.command("list")
def tables_list(ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """Every table of a ruleset, with where it comes from."""
    with refusals():
        tset = _table_set(ruleset)
        entries = [tset.entry(name) for name in tset]
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
    table = RichTable(title=f"{ruleset} tables")
    for col in ("name", "kind", "title", "status", "origin"):
        table.add_column(col)
    for e in entries:
        kind = e.kind.name
        status = "provisional" if e.table.provisional else "source"
        table.add_row(e.table.name, kind, e.table.title, status, e.origin)
    console.print(table)


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
    console.print(f"[bold]{escape(t.title)}[/] ({t.name})  source: {escape(t.source)}")
    if t.provisional:
        console.print(f"[yellow]provisional[/]: {escape(t.derivation)}")
    grid = tset.entry(name).kind.show(t)
    shown = RichTable(show_lines=any("\n" in cell for row in grid.rows for cell in row))
    for i, heading in enumerate(grid.columns):
        shown.add_column(heading, justify="left" if i == 0 else "right", no_wrap=i == 0)
    for row in grid.rows:
        shown.add_row(*(escape(cell) for cell in row))
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
    file: Annotated[Path, typer.Argument(help="A Markdown file with one critical table.")],
    as_name: Annotated[str, typer.Option("--as", help="Table name it is stored under.")],
    ruleset: RulesetOpt = "rmu",
    title: Annotated[
        str | None, typer.Option(help="Title (default: the file's first line).")
    ] = None,
) -> None:
    """Import a critical table from your own copy (Markdown pipe table); it replaces a shipped
    table of the same name."""
    with refusals():
        r = find_ruleset(ruleset)
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as exc:
            raise TableDataError(str(file), "file", exc.strerror or str(exc)) from None
        kinds = [k for k in r.table_kinds() if k.from_markdown is not None]
        if not kinds:
            raise TableDataError(str(file), "file", f"the {r.name} ruleset imports no tables")
        kind = kinds[0]
        assert kind.from_markdown is not None
        table = kind.from_markdown(text, as_name, title, str(file))
        path = write_user_table(table, kind, r.name)
    console.print(f"imported {escape(table.title)} as [bold]{as_name}[/] -> {escape(str(path))}")
