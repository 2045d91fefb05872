"""Every command's ``--help`` as docs/*.md describe it: the dice options under one panel and
no internal sentinel shown as a default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer.main

from firefight.cli.app import app


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
