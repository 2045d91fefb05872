"""What a resolving command does once its options are read: dice from the options, refusals as
one line, the JSON envelope or the text of the outcome.

None of it needs typer or rich to be loaded: a scripted shot runs through it without either
(:mod:`firefight.cli.quick`), and :mod:`firefight.cli.common` hands it to every other command.
Interfaces hold no rules: commands turn options into a declaration, call a resolver, and show
its outcome.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from firefight.cli.plain import PlainWriter, console_environ
from firefight.declarations import DeclarationError
from firefight.dice import (
    Dice,
    PromptSource,
    RecordingSource,
    ScriptedSource,
    SeededSource,
    read_faces,
)
from firefight.errors import DiceError, FirefightError, RuleRefusal
from firefight.outcome import Outcome, Result
from firefight.serialize import to_plain
from firefight.text import printable
from firefight.wording import unused_note

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "GivenDice",
    "Run",
    "ask_terminal",
    "dice_from_options",
    "dice_json",
    "emit_json",
    "fail",
    "given_dice",
    "json_refusals",
    "new_console",
    "no_dice",
    "parse_rolls",
    "refusal_json",
    "refusals",
    "resolution_json",
    "resolving_command",
    "rich_console",
    "show_outcome",
    "show_resolution",
]

#: The result type of the outcome a command shows; its headline renders that type.
R = TypeVar("R", bound=Result)

#: A resolving command's function: the declared values, then the dice and output options by
#: name (``rolls``, ``seed``, ``ask``, ``as_json``), as typer or :mod:`firefight.cli.quick`
#: passes them.
Run = Callable[..., None]


@cache
def rich_console(*, stderr: bool = False) -> Console:
    """The rich console of stdout (or stderr), made on first use: a command whose text
    :class:`~firefight.cli.plain.PlainWriter` writes never imports rich."""
    # No emoji codes: a range such as 0:100:10 is text, not ':100:' made a picture.
    return new_console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


def new_console(**options: Any) -> Console:
    """A rich console with ``options``; every console of the CLI is made here, so that a
    ``COLUMNS`` or ``LINES`` rich cannot read (``COLUMNS=\u00b2``) counts as unset instead of
    ending the command (:func:`~firefight.cli.plain.console_environ`)."""
    from rich.console import Console

    return Console(_environ=console_environ(), **options)


def fail(message: str, code: int = 2) -> NoReturn:
    # One line, whatever the input held: control characters (newlines, escape sequences)
    # from a file or a name are shown, not obeyed.
    text = printable(message)
    plain = PlainWriter(sys.stderr)
    if plain.can_write(text):
        plain.line(text)
    else:
        from rich.markup import escape

        rich_console(stderr=True).print(escape(text))
    # typer's Exit would end the process the same way; SystemExit needs no typer loaded.
    raise SystemExit(code)


def parse_rolls(text: str) -> list[int | str]:
    try:
        return list(read_faces(text))
    except DiceError as exc:
        fail(f"error: {exc}")


def dice_from_options(
    rolls: str | None, seed: int | None, ask: bool
) -> tuple[Dice, dict[str, object]]:
    """The dice the options ask for, and how to describe them in JSON output.

    With none given, a fresh seed is drawn and reported, so any result can be reproduced.
    """
    if seed is not None and (rolls is not None or ask):
        fail("error: --seed cannot be combined with --rolls or --ask")
    asked = PromptSource(ask_terminal) if ask else None
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


def ask_terminal(prompt: str) -> str:
    """``prompt`` asked on the terminal (``--ask``), for :class:`~firefight.dice.PromptSource`.

    typer ends the command with a bare "Aborted!" when the input ends before the answer (stdin
    empty or closed, Ctrl-D); that is handed back as the EOFError it was, which the source
    refuses saying the dice ran out. Ctrl-C stays typer's: the user's own way out.
    """
    import typer  # only to ask for a die on the terminal

    try:
        answer: str = typer.prompt(prompt.rstrip(": "))
    except typer.Abort as exc:
        if isinstance(exc.__context__, EOFError):
            # End the question's line, so that the refusal does not follow it on the same one.
            typer.echo()
            raise EOFError from None
        raise
    return answer


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
    def rolled(self) -> bool:
        """Whether the action used any die at all."""
        return bool(self._recorder.faces)

    @property
    def unused(self) -> list[int | str]:
        """Scripted faces (and cards) the action did not need."""
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
    info: Mapping[str, object], used: Sequence[int], unused: Sequence[int | str] = ()
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
    import json  # only for --json: the text of an outcome does not load it

    sys.stdout.write(json.dumps(to_plain(payload), indent=2, sort_keys=False) + "\n")


def show_outcome(
    title: str,
    outcome: Outcome[R],
    dice_info: dict[str, object],
    headline: Callable[[Outcome[R]], str],
    *,
    rolled: bool = True,
) -> None:
    trace, head = outcome.trace.render_text(), headline(outcome)
    # A seed is worth printing only for dice that were rolled: with none, nothing to repeat.
    seeded = rolled and dice_info.get("source") == "seeded"
    number = dice_info.get("seed")
    seed = f"dice: seed {number} (repeat with --seed {number})"
    plain = PlainWriter(sys.stdout)
    if plain.can_write(trace, head, seed, title=title):
        plain.rule(title)
        plain.line(trace)
        plain.rule()
        plain.line(head)
        if seeded:
            plain.line(seed)
        return
    from rich.markup import escape

    console = rich_console()
    console.rule(f"[bold]{escape(title)}")
    console.print(escape(trace))
    console.rule()
    console.print(f"[bold]{escape(head)}")
    if seeded:
        console.print(f"[dim]{seed}")


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
    show_outcome(title, outcome, dict(given.info), headline, rolled=given.rolled)
    if given.unused:
        print(unused_note(given.unused))


def resolving_command(
    ruleset: str,
    action: str,
    resolve: Callable[[dict[str, Any], Dice], tuple[object, Outcome[R], str]],
    headline: Callable[[Outcome[R]], str],
    *,
    dice: bool = True,
    shown_as: Callable[[Any], str] | None = None,
) -> Run:
    """The function of a ruleset's resolving command: ``resolve`` turns the declared values and
    the dice into the declaration, its outcome and the title to show it under; a refusal there
    is reported under ``action``, else the resolution is shown under ``action`` (or what
    ``shown_as`` names the declaration, where that depends on it). Without ``dice`` the action
    rolls nothing."""

    def run(
        values: dict[str, Any],
        *,
        rolls: str | None = None,
        seed: int | None = None,
        ask: bool = False,
        as_json: bool,
    ) -> None:
        given = given_dice(rolls, seed, ask) if dice else no_dice()
        with refusals(json_refusals(ruleset, action, given, as_json)):
            declaration, outcome, title = resolve(values, given.dice)
        show_resolution(
            ruleset=ruleset,
            action=shown_as(declaration) if shown_as else action,
            declaration=declaration,
            outcome=outcome,
            given=given,
            as_json=as_json,
            title=title,
            headline=headline,
        )

    return run
