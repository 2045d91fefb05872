"""How an rmu resolving command runs once its options are read: the declaration built, resolved
and shown (the shared JSON envelope with ``--json``), a refusal reported under the command's
action. Typer reads the options (:func:`~firefight.cli.declared.declared_command`) or, for a
plain scripted ``rmu shoot``, :mod:`firefight.cli.quick` does: both call the same function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from firefight.cli.resolving import given_dice, json_refusals, no_dice, refusals, show_resolution
from firefight.declarations import declare
from firefight.outcome import Outcome, Result

if TYPE_CHECKING:
    from firefight.dice import Dice

__all__ = ["Run", "resolving"]

#: The result type a command's resolver returns, which its headline renders as text.
R = TypeVar("R", bound=Result)

#: A command's function: the declared values, then the dice and output options by name.
Run = Callable[..., None]


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

    def run(
        values: dict[str, Any],
        *,
        rolls: str | None = None,
        seed: int | None = None,
        ask: bool = False,
        as_json: bool,
    ) -> None:
        given = given_dice(rolls, seed, ask) if dice else no_dice()
        with refusals(json_refusals("rmu", action, given, as_json)):
            declaration = declare(options, **values).build()
            outcome = resolve(declaration, given.dice)
        show_resolution(
            ruleset="rmu",
            action=action,
            declaration=declaration,
            outcome=outcome,
            given=given,
            as_json=as_json,
            title=title(declaration),
            headline=headline,
        )

    return run
