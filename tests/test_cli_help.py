"""Every command's ``--help`` as docs/*.md describe it: the dice options under one panel and
no internal sentinel shown as a default."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import typer.main
from typer.testing import CliRunner

from firefight.cli.app import app

runner = CliRunner()


def _commands() -> Iterator[tuple[str, Any]]:
    """Every leaf command of ``firefight``, with its path (``odds sweep rmu shoot``)."""
    root = typer.main.get_command(app)
    context_class = root.context_class
    stack: list[tuple[list[str], Any, Any]] = [
        ([], root, context_class(root, info_name="firefight"))
    ]
    while stack:
        path, command, ctx = stack.pop()
        names = getattr(command, "list_commands", None)
        if names is None:
            yield " ".join(path), command
            continue
        for name in names(ctx):
            sub = command.get_command(ctx, name)
            stack.append(([*path, name], sub, context_class(sub, info_name=name, parent=ctx)))


def _option(command: Any, flag: str) -> Any | None:
    for param in command.params:
        if flag in getattr(param, "opts", ()):
            return param
    return None


def test_every_commands_own_dice_sit_with_seed_ask_and_json() -> None:
    """`--rolls` is listed beside `--seed`, `--ask` and `--json` in every command's help
    (cards names cards, not faces, but belongs in the same panel)."""
    seen = []
    for path, command in _commands():
        rolls = _option(command, "--rolls")
        if rolls is None:
            continue
        seen.append(path)
        assert rolls.rich_help_panel == "Dice and output", path
    assert {"cards shoot", "cards react", "rmu shoot", "cpr shoot"} <= set(seen)


def test_workers_default_is_said_in_words_not_as_a_number() -> None:
    """`odds simulate` and `odds sweep rmu shoot` choose their workers when `--workers` is not
    given: the help says so, and shows no number (once `[default: -1]`, outside its own limit
    of 0 to 64)."""
    commands = dict(_commands())
    for path in ("odds simulate", "odds sweep rmu shoot"):
        workers = _option(commands[path], "--workers")
        assert workers is not None, path
        assert workers.default is None, path
        assert "default: one per core" in workers.help, path


def test_cpr_ammo_help_names_the_rounds_the_commands_take() -> None:
    """C-14: `cpr shoot --help` names the rounds docs/cpr.md lists (once only basic and shell),
    and each one it names is fired; shell is refused as it says. `cpr reload` names them too."""
    commands = dict(_commands())
    shoot, reload = (
        _option(commands["cpr shoot"], "--ammo"),
        _option(commands["cpr reload"], "--ammo"),
    )
    assert shoot is not None and reload is not None
    shoot_help, reload_help = str(shoot.help), str(reload.help)
    kinds = ["basic", "armor-piercing", "expansive", "incendiary", "rubber", "smart"]
    shot = ["cpr", "shoot", "--weapon", "heavy pistol", "--ref", "7", "--skill", "6"]
    for kind in kinds:
        assert kind in shoot_help and kind in reload_help, kind
        result = runner.invoke(app, [*shot, "--distance", "10", "--ammo", kind, "--seed", "1"])
        assert result.exit_code == 0, (kind, result.output)
    refused = runner.invoke(app, [*shot, "--distance", "10", "--ammo", "shell", "--seed", "1"])
    assert refused.exit_code == 2 and "shotgun-shells" in shoot_help


def test_every_file_shows_as_path_in_help() -> None:
    """Seven file arguments read through a parser showed ``<Path>`` where every other file
    shows ``<path>``; each shows ``<path>`` now, and a help text's TOML table name (``[script]``,
    ``[catalog]``) is shown, not read as markup and dropped ("a scenario TOML file with a .")."""
    shown: dict[tuple[str, str], str] = {}
    for path, command in _commands():
        ctx = command.context_class(command, info_name=path)
        for param in command.params:
            shown[path, param.name] = param.display_type_rich(ctx)
    assert "<Path>" not in shown.values()
    files = {
        ("encounter new", "scenario"),
        ("encounter import", "file"),
        ("odds simulate", "scenario"),
        ("tables import", "file"),
        ("scene map", "scenario"),
        ("catalog add", "file"),
        ("play", "scenario"),
        ("scene map", "svg"),
    }
    assert {shown[f] for f in files} == {"<path>"}
    for command, table in (("play", "[script]"), ("catalog add", "[catalog]")):
        result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "100"})
        assert f"with a {table}" in result.output or f"({table} ruleset" in result.output


def test_every_commands_summary_is_one_line_so_a_listing_wraps_only_at_the_edge() -> None:
    """A group's listing shows each command's first paragraph keeping its line breaks (typer's
    rich mode): `encounter --help` broke "act" after "(--trace: every roll);" and "next-round"
    after "fuses) and", mid-sentence, at 80 columns. Every summary is one line now, wrapped only
    where the terminal ends; the details follow in the command's own help."""
    broken = [
        path
        for path, command in _commands()
        if "\n" in inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
    ]
    assert broken == []
    listing = runner.invoke(app, ["encounter", "--help"], env={"COLUMNS": "80"}).output
    act = listing[listing.index("│ act ") :].splitlines()[0]
    assert act.rstrip("│ ").endswith("the headline and what changed.")
