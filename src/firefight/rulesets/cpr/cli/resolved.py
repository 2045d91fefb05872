"""How a cpr resolving command runs once its options are read: the declaration built on the
ruleset's data, resolved and shown. Typer reads the options (:mod:`.commands`) or, for a plain
scripted command line, :mod:`firefight.cli.quick` does (:mod:`.shot`): both call the same
function, so both say the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from firefight.cli.resolving import Run, resolving_command
from firefight.declarations import declare
from firefight.outcome import Outcome, Result
from firefight.rulesets.cpr.explosives import Explosion

if TYPE_CHECKING:
    from firefight.dice import Dice
    from firefight.rulesets.cpr.data import CprData

__all__ = ["resolving"]

#: The result type a command's resolver returns, which its headline renders as text.
R = TypeVar("R", bound=Result)


class _Options(Protocol):
    """A cpr declaration: its docstring is the command's help."""

    def title(self) -> str: ...

    def build(self, data: CprData) -> Any: ...


def _data() -> CprData:
    from firefight.rulesets import find_ruleset
    from firefight.rulesets.cpr import CPR

    ruleset = find_ruleset("cpr")
    assert isinstance(ruleset, CPR)
    return ruleset.data


def resolving(
    options: type[_Options],
    action: str,
    resolve: Callable[[Any, Dice, CprData], Outcome[R]],
    headline: Callable[[Outcome[R]], str],
    *,
    dice: bool = True,
) -> Run:
    """The function of a command: ``options`` declared, built, resolved and shown as ``action``
    (an :class:`~firefight.rulesets.cpr.explosives.Explosion` is shown as one); without
    ``dice`` it rolls nothing."""

    def built(values: dict[str, Any], rolled: Dice) -> tuple[Any, Outcome[R], str]:
        data = _data()
        chosen = declare(options, **values)
        declaration = chosen.build(data)
        return declaration, resolve(declaration, rolled, data), chosen.title()

    def shown_as(declaration: object) -> str:
        return "explosion" if isinstance(declaration, Explosion) else action

    return resolving_command("cpr", action, built, headline, dice=dice, shown_as=shown_as)
