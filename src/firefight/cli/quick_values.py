"""Option values read without pydantic, for the kinds of option firefight's commands declare.

typer (>= 0.29) converts every option value through a pydantic ``TypeAdapter``, built the first
time the option is read; building one loads pydantic, which alone costs more CPU than the whole
start-up budget of ``firefight rmu shoot`` (benchmarks/bench_startup.py). :func:`read_quickly`
gives each option of a command a converter that reads the values a command line gives most
often — text, whole numbers, plain decimals, one of an enum's words, and lists of them — into
exactly what typer's adapter would return. Anything else (a form this module does not read with
certainty, a value typer refuses) is handed to typer's own converter, so typer's answers and
its error messages stay the same; tests/test_quick_values.py compares the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, get_args, get_origin

from typer import _click as click
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_choice
from typer.core import TyperGroup, _TyperParameter
from typer.models import ParameterInfo

# The forms of number read here (shared with the typer-free reader): what pydantic reads from
# them is what int() and float() read (both round a decimal correctly).
from firefight.cli.quick import DECIMAL, DECLINED, WHOLE, is_text

__all__ = ["DECLINED", "QuickValue", "quick_value", "read_quickly"]

# Past this an int is not exactly a float; typer's converter decides those.
_EXACT = 2**53


def _text(value: Any) -> bool:
    # pydantic refuses text that is not valid Unicode (a lone surrogate from undecodable argv).
    return isinstance(value, str) and is_text(value)


def _leaf(annotation: Any, value: Any, info: ParameterInfo, ctx: click.Context | None) -> Any:
    # In the order typer's adapter tries them (typer._adapters.build_leaf_adapter).
    if info.parser is not None:
        # typer's adapter returns what the parser returns; a ValueError it raises becomes
        # pydantic's message, so that case goes to typer.
        try:
            return info.parser(value)
        except (ValueError, AssertionError):
            return DECLINED
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        # typer's own choice reading, which its adapter passes through unchanged.
        try:
            return coerce_cli_choice(
                value, choices=tuple(annotation), case_sensitive=info.case_sensitive, ctx=ctx
            )
        except ValueError:
            return DECLINED
    if annotation in (int, float) and (info.min is not None or info.max is not None):
        return DECLINED
    if annotation is int:
        if type(value) is int:
            return value
        return int(value) if _text(value) and WHOLE.fullmatch(value) else DECLINED
    if annotation is float:
        if type(value) is float:
            return value
        if type(value) is int and abs(value) < _EXACT:
            return float(value)
        return float(value) if _text(value) and DECIMAL.fullmatch(value) else DECLINED
    if annotation is bool:
        return value if type(value) is bool else DECLINED
    if annotation is str:
        return value if _text(value) else DECLINED
    return DECLINED


def quick_value(
    annotation: Any, value: Any, info: ParameterInfo, ctx: click.Context | None = None
) -> Any:
    """``value`` read as typer's adapter for ``annotation`` would read it, or the marker
    :data:`DECLINED` when typer's own converter must decide."""
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        items = value if isinstance(value, list | tuple) else [value]
        found = [_leaf(item, v, info, ctx) for v in items]
        return DECLINED if any(v is DECLINED for v in found) else found
    return _leaf(annotation, value, info, ctx)


@dataclass(frozen=True)
class QuickValue(RuntimeParam):
    """typer's runtime converter of one option, reading common values itself (above)."""

    descriptor: TypeDescriptor

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: click.Context) -> Any:
        found = quick_value(self.annotation, value, self.parameter_info, ctx)
        if found is not DECLINED:
            return found
        return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def read_quickly(command: click.Command, ctx: click.Context) -> None:
    """Give every typer option of ``command`` (its help option included, which needs ``ctx``)
    and of its subcommands already built a :class:`QuickValue` converter, unless typer already
    built its own."""
    for param in command.get_params(ctx):
        if not isinstance(param, _TyperParameter) or param._runtime_param is not None:
            continue
        descriptor = param.type_descriptor
        if descriptor.file_annotation is None:
            param._runtime_param = QuickValue(
                parameter_info=descriptor.parameter_info,
                annotation=descriptor.annotation,
                descriptor=descriptor,
            )
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            read_quickly(sub, ctx)
