"""``firefight cheatsheet RULESET``: the figures a table reaches for most, on screen or as a
printable page (``--html``) or PDF (``--pdf``), built from the ruleset's data files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.atomic import replacing
from firefight.cheatsheet import Section, sheet_html, sheet_pdf
from firefight.cli.common import console, fail, output_file, refusals
from firefight.errors import FirefightError
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.tables.registry import TableSet

__all__ = ["cheatsheet"]


def _tables(ruleset: Ruleset) -> tuple[Section, ...]:
    """The ruleset's tables and where each comes from, so a table the user imported (which
    replaces a shipped one) shows on the sheet."""
    tset = TableSet(ruleset.name, ruleset.package, ruleset.table_kinds())
    rows = []
    for name in tset:
        try:
            entry = tset.entry(name)
        except FirefightError:
            continue  # an unreadable file of the user's: `tables list` reports it
        rows.append((entry.table.name, entry.table.title, entry.origin))
    if not rows:
        return ()
    return (
        Section(
            title="Tables in use",
            columns=("name", "title", "from"),
            rows=tuple(rows),
            note="`firefight tables show NAME` prints one; imported tables replace shipped ones.",
        ),
    )


def cheatsheet(
    ruleset: Annotated[str, typer.Argument(help="The ruleset (see `firefight rulesets`).")],
    html: Annotated[
        Path | None,
        typer.Option(
            "--html", help="Write a printable HTML page to this file.", callback=output_file
        ),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option("--pdf", help="Write A4 PDF pages to this file.", callback=output_file),
    ] = None,
) -> None:
    """A ruleset's range bands, cover, common modifiers and action costs on a page or two."""
    with refusals():
        found = find_ruleset(ruleset)
    sections = (*found.cheatsheet(), *_tables(found))
    if not sections:
        fail(f"error: the {found.name} ruleset has no cheat-sheet")
    for path, write in (
        (html, lambda p: p.write_text(sheet_html(found.name, sections), encoding="utf-8")),
        (pdf, lambda p: sheet_pdf(found.name, sections, p)),
    ):
        if path is None:
            continue
        try:
            with replacing(path) as partial:
                write(partial)
        except OSError as exc:
            fail(f"error: cannot write {path}: {exc.strerror or exc}")
        console.print(f"cheat-sheet written to {escape(str(path))}")
    if html or pdf:
        return
    for s in sections:
        table = RichTable(title=s.title, title_justify="left", caption=s.note or None)
        for c in s.columns:
            table.add_column(c)
        for row in s.rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
