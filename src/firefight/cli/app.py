"""The ``firefight`` command line (typer + rich)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli import cpr as cpr_cli
from firefight.cli import encounter as encounter_cli
from firefight.cli import odds as odds_cli
from firefight.cli import rmu as rmu_cli
from firefight.cli.common import JsonOpt, console, emit_json, err_console, refusals
from firefight.errors import FirefightError
from firefight.files import read_text
from firefight.rulesets import find_ruleset, rulesets
from firefight.tables.attack import AttackTable
from firefight.tables.critical import CriticalTable
from firefight.tables.markdown import import_critical_markdown
from firefight.tables.registry import TableEntry, TableSet, remove_user_table, write_user_table
from firefight.text import printable

app = typer.Typer(
    help="firefight: firearms combat rules for tabletop RPGs, with every roll shown.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(rmu_cli.app, name="rmu")
app.add_typer(encounter_cli.app, name="encounter")
app.command("play")(encounter_cli.play)
app.command("demo")(encounter_cli.demo)
app.add_typer(cpr_cli.app, name="cpr")
app.add_typer(odds_cli.app, name="odds")
tables_app = typer.Typer(help="List, show, check and import data tables.", no_args_is_help=True)
app.add_typer(tables_app, name="tables")

RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset name.")]


@app.command("rulesets")
def list_rulesets(as_json: JsonOpt = False) -> None:
    """The installed rulesets."""
    found = rulesets()
    if as_json:
        emit_json({"rulesets": [{"name": r.name, "title": r.title} for r in found.values()]})
        return
    for r in found.values():
        console.print(f"[bold]{r.name}[/]  {escape(r.title)}")


@app.command()
def weapons(ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """The weapon catalog of a ruleset."""
    with refusals():
        rows = find_ruleset(ruleset).weapon_catalog()
    if as_json:
        emit_json(
            {
                "ruleset": ruleset,
                "weapons": [
                    {
                        "key": r.key,
                        "name": r.name,
                        **dict(r.figures),
                        "provisional": list(r.provisional),
                    }
                    for r in rows
                ],
            }
        )
        return
    table = RichTable(title=f"{ruleset} weapons")
    table.add_column("key")
    table.add_column("name")
    for label, _ in rows[0].figures if rows else ():
        table.add_column(label)
    for r in rows:
        table.add_row(r.key, r.name, *(v for _, v in r.figures))
    console.print(table)
    console.print("[dim]Provisional stand-in figures are marked in the data files (DATA.md).")


def _safe(text: str) -> str:
    """A user's text made safe to print: markup and control characters shown, not obeyed."""
    return escape(printable(text))


def _table_set(ruleset: str) -> TableSet:
    r = find_ruleset(ruleset)
    return TableSet(r.name, r.package)


@tables_app.command("list")
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
                        "kind": "attack" if isinstance(e.table, AttackTable) else "critical",
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
        kind = "attack" if isinstance(e.table, AttackTable) else "critical"
        status = "provisional" if e.table.provisional else "source"
        table.add_row(*(_safe(t) for t in (e.table.name, kind, e.table.title, status, e.origin)))
    console.print(table)


@tables_app.command("show")
def tables_show(name: str, ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """One table, cell by cell."""
    with refusals():
        t = _table_set(ruleset)[name]
    if as_json:
        from firefight.serialize import to_plain

        emit_json({"ruleset": ruleset, "table": to_plain(t)})
        return
    console.print(f"[bold]{_safe(t.title)}[/] ({_safe(t.name)})  source: {_safe(t.source)}")
    if t.provisional:
        console.print(f"[yellow]provisional[/]: {_safe(t.derivation)}")
    if isinstance(t, AttackTable):
        grid = RichTable()
        grid.add_column("total", no_wrap=True)
        for col in t.columns:
            grid.add_column(col, justify="right")
        for row in t.rows:
            grid.add_row(row.label, *(str(c) for c in row.cells))
        console.print(grid)
    else:
        assert isinstance(t, CriticalTable)
        grid = RichTable(show_lines=True)
        grid.add_column("roll")
        grid.add_column("location")
        for sev in "ABCDE":
            grid.add_column(sev)
        for crow in t.rows:
            grid.add_row(
                crow.label,
                crow.location.value,
                *(f"{_safe(c.label)}\n{_safe(c.summary())}" for c in crow.cells),
            )
        console.print(grid)


@tables_app.command("check")
def tables_check() -> None:
    """Load and validate every data file of every ruleset."""
    with refusals():
        for r in rulesets().values():
            checked = r.check_data()
            console.print(f"[green]ok[/] {r.name}: {len(checked)} files ({', '.join(checked)})")


@tables_app.command("import")
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
        text = read_text(file)
        table = import_critical_markdown(text, name=as_name, title=title, source=str(file))
        path = write_user_table(table, r.name, replaces=TableSet(r.name, r.package))
    console.print(
        f"imported {_safe(table.title)} as [bold]{_safe(as_name)}[/] -> {_safe(str(path))}"
    )


@tables_app.command("remove")
def tables_remove(
    name: Annotated[str, typer.Argument(help="The name an imported table is stored under.")],
    ruleset: RulesetOpt = "rmu",
) -> None:
    """Remove a table you imported; the shipped table of that name is used again."""
    with refusals():
        r = find_ruleset(ruleset)
        path = remove_user_table(r.name, name)
    console.print(f"removed {_safe(str(path))}")


def main() -> None:
    app()
