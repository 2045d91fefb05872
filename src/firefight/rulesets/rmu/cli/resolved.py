"""How an rmu resolving command runs once its options are read: the declaration built, resolved
and shown (the shared JSON envelope with ``--json``), a refusal reported under the command's
action. Typer reads the options (:func:`~firefight.cli.declared.declared_command`) or, for a
plain scripted ``rmu shoot``, :mod:`firefight.cli.quick` does: both call the same function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from firefight.cli.resolving import Run, resolving_command
from firefight.declarations import declare
from firefight.outcome import Outcome, Result

if TYPE_CHECKING:
    from firefight.dice import Dice

__all__ = ["resolving"]

#: The result type a command's resolver returns, which its headline renders as text.
R = TypeVar("R", bound=Result)


def resolving(
    options: type[Any],
    action: str,
    resolve: Callable[[Any, Dice], Outcome[R]],
    title: Callable[[Any], str],
    headline: Callable[[Outcome[R]], str],
    *,
    dice: bool = True,
) -> Run:
    """The function of a command: ``options`` declared and built, ``resolve`` d and shown as
    ``action`` under the ``title`` the declaration gives; without ``dice`` it rolls nothing."""

    def built(values: dict[str, Any], rolled: Dice) -> tuple[Any, Outcome[R], str]:
        declaration = declare(options, **values).build()
        return declaration, resolve(declaration, rolled), title(declaration)

    return resolving_command("rmu", action, built, headline, dice=dice)
