"""Command-line options generated from a declaration (:mod:`firefight.declarations`).

A ruleset's command is its declaration plus what to do with it: :func:`declared_command` gives
the command one option per declared field (flag, type, default and help from the field), the
dice and JSON options every resolving command shares, and checks every value with
:func:`~firefight.declarations.declare` before the ruleset sees it — so a bad value is refused
the same way on the command line as in an action line or a sweep.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable, Collection, Sequence
from typing import Annotated, Any, TypeVar

import typer
from rich.markup import escape

from firefight.cli.common import AskOpt, JsonOpt, RollsOpt, SeedOpt
from firefight.cli.quick import unset_value
from firefight.declarations import (
    DeclarationError,
    Option,
    options_of,
    read_number,
    sweep_forms,
)

__all__ = ["DICE_OPTIONS", "declared_command", "help_text", "option_parameters"]

F = TypeVar("F", bound=Callable[..., None])

#: The options every resolving command adds to its declaration's: the dice and --json.
DICE_OPTIONS: tuple[tuple[str, Any, Any], ...] = (
    ("rolls", RollsOpt, None),
    ("seed", SeedOpt, None),
    ("ask", AskOpt, False),
    ("as_json", JsonOpt, False),
)


def help_text(option: Option) -> str:
    """The option's help, with its unit, bounds and choices."""
    p = option.param
    low, high = p.bounds()
    extras = []
    if p.unit:
        extras.append(p.unit)
    if low is not None and high is not None:
        extras.append(f"{low:g} to {high:g}")
    elif low is not None:
        extras.append(f"at least {low:g}")
    elif high is not None:
        extras.append(f"at most {high:g}")
    if option.repeated:
        extras.append("repeatable")
    # The help is printed as rich markup: a bracketed word ("[[person]]", "[@X,Y]") is text.
    return escape(p.said()) + (f" ({'; '.join(extras)})" if extras else "")


def _annotation(option: Option, *, as_text: bool) -> Any:
    kind: Any = str if as_text else option.kind
    if option.repeated:
        return list[kind] | None
    if option.optional:
        return kind | None
    return kind


def _default(option: Option, *, as_text: bool) -> Any:
    if option.required:
        return inspect.Parameter.empty
    value = unset_value(option)
    if not as_text or value is None:
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def _unit_parser(option: Option) -> dict[str, Any]:
    """A number with a unit is read with its unit (``--distance 40ft``, ``12m``)."""
    if option.kind not in (int, float) or not option.param.unit or option.repeated:
        return {}

    def read(text: object) -> Any:
        try:
            # Bounds are checked with the rest of the declaration, as a refusal.
            return read_number(option, str(text))
        except DeclarationError as exc:
            raise typer.BadParameter(str(exc)) from None

    return {"parser": read}


def _metavar(option: Option, *, as_text: bool) -> str:
    """A short word for what the option takes, so that help stays readable at 80 columns."""
    if as_text:
        return "LIST"
    if option.kind is bool:
        return " "
    if option.kind in (int, float):
        return option.param.unit.upper().replace("METRES", "M").replace("FEET", "FT") or "N"
    return "NAME" if option.choices() is not None else "TEXT"


def _panel(option: Option) -> str:
    # Help groups what must be given apart from what may be.
    return "Required" if option.required else "More options"


def option_parameters(
    cls: type, *, sweep: bool = False, optional: Collection[str] = ()
) -> list[inspect.Parameter]:
    """One keyword parameter per declared field of ``cls``, annotated for typer. With ``sweep``
    every sweepable field takes text (a list, a range or ``all``: see
    :func:`~firefight.declarations.sweep_values`). Fields named in ``optional`` are not
    required even if the declaration requires them (another option may stand in)."""
    found = []
    for option in options_of(cls):
        text = sweep and option.param.sweep and not option.repeated
        suffix = f" Sweep: {sweep_forms(option)}." if text else ""
        parser = {} if text else _unit_parser(option)
        info = typer.Option(
            option.flag,
            help=help_text(option) + suffix,
            metavar=_metavar(option, as_text=text),
            rich_help_panel=_panel(option),
            **parser,
        )
        default = _default(option, as_text=text)
        if option.name in optional and default is inspect.Parameter.empty:
            default = None
        annotation = _annotation(option, as_text=text)
        if option.name in optional:
            annotation = annotation | None
        found.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=default,
                annotation=Annotated[annotation, info],
            )
        )
    return found


def declared_command(
    app: typer.Typer,
    name: str,
    cls: type,
    *,
    help: str,
    extra: Sequence[tuple[str, Any, Any]] = DICE_OPTIONS,
    sweep: bool = False,
    optional: Collection[str] = (),
) -> Callable[[F], F]:
    """Register ``run(values, **extra)`` as ``name``: the command's options are ``cls``'s
    declared fields (passed to ``run`` as a dict of the values given) followed by ``extra``
    (name, typer annotation, default), passed by name. ``sweep`` and ``optional`` are as for
    :func:`option_parameters`."""
    declared = {o.name for o in options_of(cls)}

    def register(run: F) -> F:
        def command(**given: Any) -> None:
            values = {k: v for k, v in given.items() if k in declared}
            rest = {k: v for k, v in given.items() if k not in declared}
            run(values, **rest)

        params = option_parameters(cls, sweep=sweep, optional=optional) + [
            inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=d, annotation=a)
            for n, a, d in extra
        ]
        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        command.__doc__ = help
        command.__name__ = name.replace("-", "_")
        app.command(name)(command)
        return run

    return register
