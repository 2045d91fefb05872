"""What every command shares: dice from options, refusals as one line, JSON or rich output.

Interfaces hold no rules: commands turn options into a declaration, call a resolver, and show
its outcome.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from firefight.declarations import DeclarationError
from firefight.dice import Dice, PromptSource, RecordingSource, ScriptedSource, SeededSource
from firefight.errors import FirefightError, RuleRefusal
from firefight.outcome import Outcome, Result
from firefight.serialize import to_plain
from firefight.text import printable

__all__ = [
    "AskOpt",
    "GivenDice",
    "JsonOpt",
    "RollsOpt",
    "RulesetOpt",
    "SeedOpt",
    "console",
    "dice_from_options",
    "dice_json",
    "emit_json",
    "given_dice",
    "json_refusals",
    "no_dice",
    "refusal_json",
    "refusals",
    "resolution_json",
    "show_outcome",
    "show_resolution",
]

#: The result type of the outcome a command shows; its headline renders that type.
R = TypeVar("R", bound=Result)
#: The help panel of the options every resolving command shares.
DICE_PANEL = "Dice and output"

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="Your own dice, comma-separated die faces in the order the rules ask (e.g. 77,42); "
        "with --ask, any further die is asked for.",
        rich_help_panel=DICE_PANEL,
        metavar="FACES",
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help="Seed the dice for a reproducible result.",
        rich_help_panel=DICE_PANEL,
        metavar="N",
    ),
]
AskOpt = Annotated[
    bool,
    typer.Option("--ask", help="Ask for each die on the terminal.", rich_help_panel=DICE_PANEL),
]
JsonOpt = Annotated[
    bool,
    typer.Option(
        "--json", help="Print the result as JSON (docs/json.md).", rich_help_panel=DICE_PANEL
    ),
]
RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset name.")]


def fail(message: str, code: int = 2) -> NoReturn:
    # One line, whatever the input held: control characters (newlines, escape sequences)
    # from a file or a name are shown, not obeyed.
    err_console.print(escape(printable(message)))
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
        info: dict[str, object] = {"source": "scripted", "rolls": faces}
        if asked:
            info["then"] = "asked"
        return Dice(ScriptedSource(faces, then=asked)), info
    if asked:
        return Dice(asked), {"source": "asked"}
    if seed is None:
        import secrets  # only for a fresh seed; it loads OpenSSL's hashing

        seed = secrets.randbelow(2**31)
    return Dice(SeededSource(seed)), {"source": "seeded", "seed": seed}


@dataclass(frozen=True, slots=True)
class GivenDice:
    """A standalone command's dice: how the options gave them (``info``) and, once the action
    has resolved, every face it used."""

    dice: Dice
    info: Mapping[str, object]

    @property
    def _recorder(self) -> RecordingSource:
        assert isinstance(self.dice.source, RecordingSource)
        return self.dice.source

    @property
    def unused(self) -> list[int]:
        """Scripted faces the action did not need."""
        inner = self._recorder.inner
        return list(inner.remaining) if isinstance(inner, ScriptedSource) else []

    def to_json(self) -> dict[str, object]:
        return dice_json(self.info, self._recorder.faces, self.unused)


def given_dice(rolls: str | None, seed: int | None, ask: bool) -> GivenDice:
    """The dice the options ask for, recording the faces the action uses."""
    dice, info = dice_from_options(rolls, seed, ask)
    return GivenDice(Dice(RecordingSource(dice.source)), info)


def no_dice() -> GivenDice:
    """For an action that rolls nothing (a reload): any die it asked for would be a bug."""
    return GivenDice(Dice(RecordingSource(ScriptedSource([]))), {"source": "none"})


# --- the one JSON shape of a resolution (docs/json.md; its schema: cli/envelope.py) ------------


def dice_json(
    info: Mapping[str, object], used: Sequence[int], unused: Sequence[int] = ()
) -> dict[str, object]:
    """``dice``: how they were given (``source`` and ``seed``, ``rolls`` or ``then``), the faces
    used in order, and any scripted faces left over."""
    data = {**info, "used": list(used)}
    if unused:
        data["unused"] = list(unused)
    return data


def resolution_json(
    *,
    ruleset: str,
    action: Mapping[str, object],
    dice: Mapping[str, object],
    result: Mapping[str, object],
    events: Sequence[object] = (),
    trace: Sequence[object] = (),
) -> dict[str, object]:
    """The top level every resolving command prints with ``--json``, in every ruleset."""
    return {
        "ruleset": ruleset,
        "action": dict(action),
        "dice": dict(dice),
        "result": dict(result),
        "events": list(events),
        "trace": list(trace),
    }


def refusal_json(
    ruleset: str, action: Mapping[str, object], dice: Mapping[str, object], exc: RuleRefusal
) -> dict[str, object]:
    """The envelope of a refused action: nothing rolled, nothing happened."""
    result = {"outcome": "refused", "rule": exc.rule, "message": exc.reason}
    return resolution_json(ruleset=ruleset, action=action, dice=dice, result=result)


@contextmanager
def refusals(on_refusal: Callable[[RuleRefusal], None] | None = None) -> Iterator[None]:
    """Turn a refusal or bad input into one line on stderr and exit status 2.

    ``on_refusal`` runs first on a refusal: ``--json`` prints the refused envelope there.
    """
    try:
        yield
    except RuleRefusal as exc:
        if on_refusal is not None:
            on_refusal(exc)
        fail(f"refused: {exc}")
    except DeclarationError as exc:
        # A value past a bound a rule sets is refused under that rule; any other bad value is
        # an input error.
        if exc.rule and on_refusal is not None:
            on_refusal(RuleRefusal(exc.rule, str(exc).removeprefix(f"{exc.rule}: ")))
        fail(f"refused: {exc}" if exc.rule else f"error: {exc}")
    except FirefightError as exc:
        fail(f"error: {exc}")


def json_refusals(
    ruleset: str, action: str, given: GivenDice, as_json: bool
) -> Callable[[RuleRefusal], None] | None:
    """For :func:`refusals`: with ``--json``, a refused ``action`` prints its envelope."""
    if not as_json:
        return None

    def show(exc: RuleRefusal) -> None:
        declared = {"name": action, "declaration": None}
        emit_json(refusal_json(ruleset, declared, given.to_json(), exc))

    return show


def emit_json(payload: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(to_plain(payload), indent=2, sort_keys=False) + "\n")


def show_outcome(
    title: str,
    outcome: Outcome[R],
    dice_info: dict[str, object],
    headline: Callable[[Outcome[R]], str],
) -> None:
    console.rule(f"[bold]{escape(title)}")
    console.print(escape(outcome.trace.render_text()))
    console.rule()
    console.print(f"[bold]{escape(headline(outcome))}")
    if dice_info.get("source") == "seeded":
        console.print(
            f"[dim]dice: seed {dice_info['seed']} (repeat with --seed {dice_info['seed']})"
        )


def show_resolution(
    *,
    ruleset: str,
    action: str,
    declaration: object,
    outcome: Outcome[R],
    given: GivenDice,
    as_json: bool,
    title: str,
    headline: Callable[[Outcome[R]], str],
) -> None:
    """A standalone command's resolution: the JSON envelope, or the trace and a headline."""
    if as_json:
        emit_json(
            resolution_json(
                ruleset=ruleset,
                action={"name": action, "declaration": declaration},
                dice=given.to_json(),
                result=outcome.result.to_json(),
                events=[e.to_json() for e in outcome.events],
                trace=outcome.trace.to_json(),
            )
        )
        return
    show_outcome(title, outcome, dict(given.info), headline)
    if given.unused:
        typer.echo(f"note: {len(given.unused)} scripted dice were not needed: {given.unused}")
