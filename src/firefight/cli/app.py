"""The ``firefight`` command line (typer + rich).

Every command is imported when it is invoked (:mod:`.lazy`), and each installed ruleset mounts
its own commands as ``firefight <ruleset> ...`` through the registry: this module names no
ruleset.
"""

from __future__ import annotations

import typer

from firefight.cli.lazy import Lazy, lazy_group, ruleset_commands

__all__ = ["app"]

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
    "serve": Lazy.of("firefight.web.serve", "serve", "The GM's and the players' web pages."),
    "catalog": Lazy.of(
        "firefight.cli.catalogs", "app", "Your own weapons, armor, ammunition and NPC templates."
    ),
    "rulesets": Lazy.of("firefight.cli.catalog", "list_rulesets", "The installed rulesets."),
    "weapons": Lazy.of("firefight.cli.catalog", "weapons", "The weapon catalog of a ruleset."),
    "cheatsheet": Lazy.of(
        "firefight.cli.cheatsheet", "cheatsheet", "A ruleset's figures on one or two pages."
    ),
}

app = typer.Typer(
    cls=lazy_group(
        _GROUPS,
        more=ruleset_commands(
            "cli_module", "app", "The {name} ruleset's actions, every roll shown."
        ),
    ),
    no_args_is_help=True,
    # typer's rich help formatter loads markdown and syntax highlighting: alone it costs more
    # than the whole start-up budget of ``firefight --help`` (benchmarks/bench_startup.py).
    # Subcommands keep it; their help loads their module anyway.
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


# typer makes a group only of an app with a command or a callback, and every command is lazy.
@app.callback()
def firefight() -> None:
    """firefight: firearms combat rules for tabletop RPGs, with every roll shown."""
