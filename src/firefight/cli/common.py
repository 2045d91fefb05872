"""What every command shares: the dice and JSON options, and (from
:mod:`firefight.cli.resolving`, which needs no typer) dice from options, refusals as one line,
JSON or rich output.

Interfaces hold no rules: commands turn options into a declaration, call a resolver, and show
its outcome.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from firefight.cli.resolving import (
    ask_terminal,
    dice_from_options,
    dice_json,
    emit_json,
    fail,
    given_dice,
    json_refusals,
    refusal_json,
    refusals,
    resolution_json,
    rich_console,
    show_outcome,
    show_resolution,
)

__all__ = [
    "DICE_PANEL",
    "AskOpt",
    "JsonOpt",
    "RollsOpt",
    "RulesetOpt",
    "SeedOpt",
    "ask_terminal",
    "console",
    "dice_from_options",
    "dice_json",
    "emit_json",
    "err_console",
    "fail",
    "given_dice",
    "input_file",
    "json_refusals",
    "output_file",
    "refusal_json",
    "refusals",
    "resolution_json",
    "show_outcome",
    "show_resolution",
]


def input_file(text: str) -> Path:
    """A file to read, as typed (a callback, given the text by ``path_type=str``; a parser
    would show ``<Path>`` in help where every other file shows ``<path>``): an empty name is
    refused as one, where ``Path("")`` is the current folder, which the refusal then named as
    the file "."."""
    if not text:
        raise typer.BadParameter("the file name is empty: name a file")
    return Path(text)


def output_file(path: Path | None) -> Path | None:
    """An output file whose folder exists and can be written, checked when the options are
    read (an option callback): a command asked to write where it cannot says so before any
    work, and before writing any other file it was asked for."""
    from firefight.atomic import unwritable  # tempfile: only a command that writes files

    why = None if path is None else unwritable(path)
    if why is not None:
        raise typer.BadParameter(why)
    return path


#: The help panel of the options every resolving command shares.
DICE_PANEL = "Dice and output"

console = rich_console()
err_console = rich_console(stderr=True)

RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="Your own dice, comma-separated die faces in the order the rules ask (e.g. 77,42); "
        "with --ask, any further die is asked for.",
        rich_help_panel=DICE_PANEL,
        metavar="FACES",
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help="Seed the dice for a reproducible result.",
        rich_help_panel=DICE_PANEL,
        metavar="N",
    ),
]
AskOpt = Annotated[
    bool,
    typer.Option("--ask", help="Ask for each die on the terminal.", rich_help_panel=DICE_PANEL),
]
JsonOpt = Annotated[
    bool,
    typer.Option(
        "--json", help="Print the result as JSON (docs/json.md).", rich_help_panel=DICE_PANEL
    ),
]
RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset name.")]
