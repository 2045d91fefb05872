"""Command groups that import a subcommand's module only when the user invokes it.

``firefight --help`` and ``firefight rmu shoot ...`` must not pay for every ruleset, the store
and the odds engines at start (issue: start fast). A :class:`LazyGroup` knows its subcommands by
name, help line and module; each ruleset's commands are found through the ruleset registry by
the entry point's name, so only the ruleset invoked is imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import typer

# typer (>= 0.29) vendors its own click: a group subclass must speak its types.
from typer import _click as click
from typer._click.exceptions import NoSuchOption
from typer.core import TyperCommand, TyperGroup

from firefight.cli.quick_values import read_quickly
from firefight.errors import FirefightError
from firefight.fuzzy import closest

__all__ = ["Lazy", "LazyGroup", "lazy_group", "ruleset_commands"]


@dataclass(frozen=True, slots=True)
class Lazy:
    """A subcommand still to import: ``load()`` returns a ``typer.Typer`` or a function."""

    load: Callable[[], Any]
    help: str
    #: Whether it is there to list (None: always); asked only when listing or refusing.
    offered: Callable[[], bool] | None = None

    @classmethod
    def of(cls, module: str, attr: str, help: str) -> Lazy:
        """The subcommand ``module.attr``."""
        return cls(lambda: getattr(importlib.import_module(module), attr), help)

    @classmethod
    def command_of(cls, module: str, app: str, name: str, help: str) -> Lazy:
        """The command ``name`` of the typer app ``module.app``."""
        return cls(partial(_app_command, module, app, name), help)


def _app_command(module: str, app: str, name: str) -> click.Command:
    group = typer.main.get_group(getattr(importlib.import_module(module), app))
    return group.commands[name]


def _command(target: Any, name: str) -> click.Command:
    if isinstance(target, click.Command):
        return target
    if isinstance(target, typer.Typer):
        # A group even when it has one command: ``firefight d6 check`` keeps its verb.
        command: click.Command = typer.main.get_group(target)
    else:
        app = typer.Typer(add_completion=False)
        app.command(name)(target)
        command = typer.main.get_command(app)
    command.name = name
    return command


def _group_words(ctx: click.Context) -> str:
    """The group's words after the program's name (``odds sweep``), however it was started:
    the command path begins ``python -m firefight`` when run as a module."""
    words = []
    while ctx.parent is not None:
        words.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(reversed(words))


class LazyGroup(TyperGroup):
    """A typer group whose ``lazy`` subcommands load on first use. ``more`` (set per instance)
    lists further lazy subcommands found at run time, such as the installed rulesets'."""

    lazy: Mapping[str, Lazy] = {}
    more: Callable[[], Mapping[str, Lazy]] | None = None
    _listing = False

    def _all_lazy(self) -> dict[str, Lazy]:
        found = dict(self.lazy)
        if self.more is not None:
            for name, entry in self.more().items():
                found.setdefault(name, entry)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        offered = (n for n, e in self._all_lazy().items() if e.offered is None or e.offered())
        return sorted({*super().list_commands(ctx), *offered})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        entry = self._all_lazy().get(cmd_name)
        if entry is None:
            return None
        if entry.offered is not None and not entry.offered():
            there = ", ".join(self.list_commands(ctx))
            raise click.exceptions.UsageError(
                f"{cmd_name} has no '{_group_words(ctx)}' commands; these do: {there}.", ctx
            )
        if self._listing:
            # Help only needs a name and a line: a stand-in, so that --help imports nothing.
            return TyperCommand(cmd_name, help=entry.help)
        command = _command(entry.load(), cmd_name)
        self.add_command(command, cmd_name)
        return command

    # typer would load pydantic to read the first option value: the group's options and the
    # invoked command's read the usual values without it (quick_values).
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        read_quickly(self, ctx)
        return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            read_quickly(command, ctx)
        return name, command, rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except FirefightError as exc:
            # Bad data met outside a command's own refusals -- a user catalog read while a
            # ruleset's commands are built (their options list its weapons) -- is still the
            # user's to fix, and said as every refusal is: one line, exit status 2.
            from firefight.cli.resolving import fail

            fail(f"error: {exc}")
        except NoSuchOption as exc:
            # The command line's own suggestions are the project's one matcher's (issue 17):
            # --range finds --distance, not --ranks.
            if exc.ctx is not None:
                known = [
                    flag[2:]
                    for param in exc.ctx.command.params
                    for flag in getattr(param, "opts", ())
                    if flag.startswith("--")
                ]
                close = closest(exc.option_name.lstrip("-"), known)
                exc.possibilities = [f"--{c}" for c in close]
            raise

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def lazy_group(
    lazy: Mapping[str, Lazy], more: Callable[[], Mapping[str, Lazy]] | None = None
) -> type[LazyGroup]:
    """A :class:`LazyGroup` class with these subcommands, for ``typer.Typer(cls=...)``."""
    members = {"lazy": dict(lazy), "more": staticmethod(more) if more else None}
    return type("LazyGroup", (LazyGroup,), members)


def ruleset_commands(
    module_attr: str, attr: str, what: str, parts: str | None = None
) -> Callable[[], dict[str, Lazy]]:
    """One lazy subcommand per installed ruleset: ``attr`` of the module the ruleset names in
    ``module_attr`` (``cli_module`` or ``odds_cli_module``); ``what`` is the help line, with
    ``{name}`` for the ruleset's name. With ``parts``, the ruleset attribute that names what
    its module defines (``odds_cli_parts``): only the rulesets whose module has ``attr`` are
    listed, and the others refused in words."""

    def found() -> dict[str, Lazy]:
        from firefight.rulesets import ruleset_names

        return {
            name: Lazy(
                partial(_ruleset_part, name, module_attr, attr),
                what.format(name=name),
                None if parts is None else partial(_offers, name, parts, attr),
            )
            for name in ruleset_names()
        }

    return found


def _offers(name: str, parts: str, attr: str) -> bool:
    from firefight.rulesets import find_ruleset

    return attr in getattr(find_ruleset(name), parts)


def _ruleset_part(name: str, module_attr: str, attr: str) -> Any:
    from firefight.rulesets import find_ruleset

    module = getattr(find_ruleset(name), module_attr)
    target = getattr(importlib.import_module(module), attr, None) if module else None
    if target is None:
        raise click.exceptions.UsageError(f"The {name} ruleset has no commands here.")
    return target
