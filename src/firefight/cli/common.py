"""What every command shares: dice from options, refusals as one line, JSON or rich output.

Interfaces hold no rules: commands turn options into a declaration, call a resolver, and show
its outcome.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from firefight.declarations import DeclarationError
from firefight.dice import Dice, PromptSource, ScriptedSource, SeededSource
from firefight.errors import FirefightError, RuleRefusal
from firefight.outcome import Outcome
from firefight.serialize import to_plain

__all__ = [
    "AskOpt",
    "JsonOpt",
    "RollsOpt",
    "RulesetOpt",
    "SeedOpt",
    "console",
    "dice_from_options",
    "emit_json",
    "refusals",
    "show_outcome",
]

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="Your own dice, comma-separated die faces in the order the rules ask (e.g. 77,42); "
        "with --ask, any further die is asked for.",
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed the dice for a reproducible result.")
]
AskOpt = Annotated[bool, typer.Option("--ask", help="Ask for each die on the terminal.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON (docs/json.md).")]
RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset name.")]


def fail(message: str, code: int = 2) -> NoReturn:
    err_console.print(escape(message))
    raise typer.Exit(code)


def parse_rolls(text: str) -> list[int]:
    faces: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part.isdigit():
            fail(f"error: --rolls takes whole die faces separated by commas, got {part!r}")
        faces.append(int(part))
    return faces


def dice_from_options(
    rolls: str | None, seed: int | None, ask: bool
) -> tuple[Dice, dict[str, object]]:
    """The dice the options ask for, and how to describe them in JSON output.

    With none given, a fresh seed is drawn and reported, so any result can be reproduced.
    """
    if seed is not None and (rolls is not None or ask):
        fail("error: --seed cannot be combined with --rolls or --ask")
    asked = PromptSource(lambda prompt: typer.prompt(prompt.rstrip(": "))) if ask else None
    if rolls is not None:
        faces = parse_rolls(rolls)
        info: dict[str, object] = {"source": "scripted", "faces": faces}
        if asked:
            info["then"] = "asked"
        return Dice(ScriptedSource(faces, then=asked)), info
    if asked:
        return Dice(asked), {"source": "asked"}
    if seed is None:
        import secrets  # only for a fresh seed; it loads OpenSSL's hashing

        seed = secrets.randbelow(2**31)
    return Dice(SeededSource(seed)), {"source": "seeded", "seed": seed}


@contextmanager
def refusals() -> Iterator[None]:
    """Turn a refusal or bad input into one line on stderr and exit status 2."""
    try:
        yield
    except RuleRefusal as exc:
        fail(f"refused: {exc}")
    except DeclarationError as exc:
        # A value past a bound a rule sets is refused under that rule; any other bad value is
        # an input error.
        fail(f"refused: {exc}" if exc.rule else f"error: {exc}")
    except FirefightError as exc:
        fail(f"error: {exc}")


def emit_json(payload: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(to_plain(payload), indent=2, sort_keys=False) + "\n")


def show_outcome(
    title: str,
    outcome: Outcome,
    dice_info: dict[str, object],
    headline: Callable[[Outcome], str],
) -> None:
    console.rule(f"[bold]{escape(title)}")
    console.print(escape(outcome.trace.render_text()))
    console.rule()
    console.print(f"[bold]{escape(headline(outcome))}")
    if dice_info.get("source") == "seeded":
        console.print(
            f"[dim]dice: seed {dice_info['seed']} (repeat with --seed {dice_info['seed']})"
        )
