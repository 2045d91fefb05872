"""A ruleset's resolving command run without typer, when its command line is plain enough.

``firefight rmu shoot --weapon glock-17 --ob 70 --distance 40 --rolls 77,42`` would spend most
of its start-up importing typer and building its options (benchmarks/bench_startup.py). A
ruleset may name commands in ``quick_commands``, each with a module whose ``QUICK`` maps it to
a :class:`QuickCommand` (the declaration and the very function typer's command runs). When every
word after the command is ``--flag VALUE`` or ``--flag`` for one of the declaration's options or
the dice options, given once (a repeatable one as often as wanted), with a value read as typer
reads it for certain (whole numbers and plain decimals, valid text, an enum's exact word), and
every required option is there, :func:`run_quickly` reads the values typer would have passed
and runs the function itself. Anything else (``--help``, ``--ask``, ``--flag=value``, a form of
number typer reads its own way, an unknown word, a missing option) returns False and typer
reads the whole command line, so its answers and error messages are unchanged
(tests/test_quick_commands.py runs both on the same command lines; DEC-511).
"""

from __future__ import annotations

import errno
import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from firefight.declarations import Option

__all__ = [
    "DECIMAL",
    "DECLINED",
    "WHOLE",
    "QuickCommand",
    "is_text",
    "read_options",
    "run_quickly",
    "unset_value",
]

#: What a reader returns for a value it leaves to typer.
DECLINED: Any = object()
#: Whole numbers and plain decimals, short enough to be exact as a float: what typer's converter
#: reads from them is what int() and float() read (cli/quick_values.py, DEC-450).
WHOLE = re.compile(r"-?(?:0|[1-9][0-9]{0,14})")
DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?")
# The dice options every resolving command adds (cli/declared.py DICE_OPTIONS): parameter name
# and kind by flag. --ask prompts on the terminal: typer does that.
_DICE = {"--rolls": ("rolls", str), "--seed": ("seed", int), "--json": ("as_json", bool)}
_DICE_UNSET: dict[str, Any] = {"rolls": None, "seed": None, "ask": False, "as_json": False}


@dataclass(frozen=True, slots=True)
class QuickCommand:
    """A resolving command typer need not read: ``run(values, *, rolls, seed, ask, as_json)``
    is the function registered with :func:`~firefight.cli.declared.declared_command` for
    ``declaration``'s options."""

    declaration: type
    run: Callable[..., None]


def is_text(value: str) -> bool:
    """Whether typer's converter takes ``value`` as text: it refuses what is not valid Unicode
    (a lone surrogate from an undecodable command line)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def unset_value(option: Option) -> Any:
    """What typer passes for an option the command line does not give (none for a required
    one): None for a repeatable option, else the declared default."""
    return None if option.repeated else option.default


def _value(kind: Any, text: str) -> Any:
    if not is_text(text):
        return DECLINED
    if kind is str:
        return text
    if kind is int:
        return int(text) if WHOLE.fullmatch(text) else DECLINED
    if kind is float:
        return float(text) if DECIMAL.fullmatch(text) else DECLINED
    if isinstance(kind, type) and issubclass(kind, Enum):
        return next((m for m in kind if m.value == text), DECLINED)
    return DECLINED


def read_options(
    declaration: type, words: Sequence[str]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The declared values and the dice options typer would pass for ``words``, or None when
    typer must read them."""
    from firefight.declarations import options_of

    options = {o.flag: o for o in options_of(declaration)}
    values: dict[str, Any] = {}
    dice = dict(_DICE_UNSET)
    seen: set[str] = set()
    rest = list(words)
    while rest:
        flag = rest.pop(0)
        option = options.get(flag)
        name, kind = (option.name, option.kind) if option else _DICE.get(flag, (None, None))
        if name is None or (flag in seen and not (option and option.repeated)):
            return None
        seen.add(flag)
        if kind is bool:
            found: Any = True
        elif not rest:
            return None
        else:
            found = _value(kind, rest.pop(0))
            if found is DECLINED:
                return None
        if option is None:
            dice[name] = found
        elif option.repeated:
            values.setdefault(name, []).append(found)
        else:
            values[name] = found
    for option in options.values():
        if option.name not in values:
            if option.required:
                return None
            values[option.name] = unset_value(option)
    return values, dice


def _command(argv: Sequence[str]) -> QuickCommand | None:
    if len(argv) < 2 or argv[0].startswith("-"):
        return None  # no ruleset's command
    if any(v.startswith("_") and v.endswith("_COMPLETE") for v in os.environ):
        return None  # a shell asking typer to complete the command line
    from firefight.rulesets import find_ruleset, ruleset_names

    if argv[0] not in ruleset_names():
        return None
    module = find_ruleset(argv[0]).quick_commands.get(argv[1])
    if module is None:
        return None
    quick: Mapping[str, QuickCommand] = importlib.import_module(module).QUICK
    return quick[argv[1]]


def run_quickly(argv: Sequence[str]) -> bool:
    """Run ``firefight ARGV`` here and return True, or return False and leave it to typer."""
    command = _command(argv)
    read = read_options(command.declaration, argv[2:]) if command else None
    if command is None or read is None:
        return False
    values, dice = read
    try:
        command.run(values, **dice)
    except (EOFError, KeyboardInterrupt):
        # As typer's command line ends on them.
        print(file=sys.stderr)
        print("Aborted!", file=sys.stderr)
        raise SystemExit(1) from None
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        # A reader that stopped reading (``| head``): end quietly, as typer does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
    return True
