"""The ``firefight`` command line (typer + rich).

Every group but the two smallest commands is imported when it is invoked (:mod:`.lazy`), and each
installed ruleset mounts its own commands as ``firefight <ruleset> ...`` through the registry:
this module names no ruleset.
"""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from firefight.cli.common import JsonOpt, RulesetOpt, console, emit_json, refusals
from firefight.cli.lazy import Lazy, lazy_group, ruleset_commands
from firefight.rulesets import find_ruleset, ruleset_names

__all__ = ["app", "main"]

_GROUPS = {
    "encounter": Lazy.of(
        "firefight.cli.encounter", "app", "Run an encounter round by round, saved and undoable."
    ),
    "play": Lazy.of("firefight.cli.encounter", "play", "Play a scenario's scripted fight."),
    "demo": Lazy.of("firefight.cli.encounter", "demo", "Play the bundled fight and save it."),
    "odds": Lazy.of("firefight.cli.odds", "app", "Odds before rolling, sweeps and simulations."),
    "tables": Lazy.of("firefight.cli.tables", "app", "List, show, check and import data tables."),
    "scene": Lazy.of("firefight.cli.scene", "app", "Pictures of a scenario's scene."),
    "schema": Lazy.of(
        "firefight.cli.envelope", "schema", "The JSON Schema of every resolution (--json)."
    ),
}

app = typer.Typer(
    cls=lazy_group(
        _GROUPS,
        more=ruleset_commands(
            "cli_module", "app", "The {name} ruleset's actions, every roll shown."
        ),
    ),
    help="firefight: firearms combat rules for tabletop RPGs, with every roll shown.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.command("rulesets")
def list_rulesets(as_json: JsonOpt = False) -> None:
    """The installed rulesets."""
    found = [find_ruleset(name) for name in ruleset_names()]
    if as_json:
        emit_json({"rulesets": [{"name": r.name, "title": r.title} for r in found]})
        return
    for r in found:
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


def main() -> None:
    app()
