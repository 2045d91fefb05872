"""``firefight cards ...``: shots, reloads and reaction draws from the command line.

Every command's options come from its declaration (:mod:`firefight.declarations`); the dice
options take card names (``--rolls QH,7S,AC``, in the order they are turned over), a seed, or
``--ask`` for each card. A refusal prints one line naming the rule and exits with status 2.
Distances are in metres. No rules live here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from firefight.cli.common import (
    DICE_PANEL,
    AskOpt,
    JsonOpt,
    SeedOpt,
    ask_terminal,
    dice_from_options,
    emit_json,
    fail,
    refusals,
    show_outcome,
)
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.dice import Dice, PromptSource, ScriptedSource, read_faces
from firefight.errors import DiceError
from firefight.outcome import Outcome, Result
from firefight.rulesets.cards.reaction import Reaction, ReactionResult, resolve_reaction
from firefight.rulesets.cards.reload import Reload, resolve_reload
from firefight.rulesets.cards.shot import Shot, ShotResult, resolve_shot
from firefight.serialize import to_plain
from firefight.wording import counted, unused_note

__all__ = ["app", "card_dice"]

R = TypeVar("R", bound=Result)

app = typer.Typer(help="Cards drawn against a Target (seed 003).", no_args_is_help=True)

CardsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        help="Your own cards, named in the order turned over (e.g. QH,7S,AC,10D); with --ask, "
        "any further card is asked for.",
        rich_help_panel=DICE_PANEL,
    ),
]

_DICE: tuple[tuple[str, Any, Any], ...] = (
    ("rolls", CardsOpt, None),
    ("seed", SeedOpt, None),
    ("ask", AskOpt, False),
    ("as_json", JsonOpt, False),
)


def card_dice(rolls: str | None, seed: int | None, ask: bool) -> tuple[Dice, dict[str, object]]:
    """Dice that deal the cards typed (``--rolls``, by name or by place among the cards left,
    :func:`~firefight.dice.read_faces`), asked cards, or seeded shuffles."""
    if seed is not None and (rolls is not None or ask):
        fail("error: --seed cannot be combined with --rolls or --ask")
    asked = PromptSource(ask_terminal) if ask else None
    if rolls is not None:
        try:
            typed = read_faces(rolls)
        except DiceError as exc:
            fail(f"error: {exc}")
        source = ScriptedSource(typed, then=asked)
        info: dict[str, object] = {"source": "scripted", "cards": list(typed)}
        if asked:
            info["then"] = "asked"
        return Dice(source), info
    if asked:
        return Dice(asked), {"source": "asked"}
    return dice_from_options(None, seed, False)


def _finish(
    title: str,
    kind: str,
    declaration: object,
    outcome: Outcome[R],
    dice: Dice,
    info: dict[str, object],
    as_json: bool,
    headline: Callable[[Outcome[R]], str],
) -> None:
    unused = list(dice.unused)
    if as_json:
        plain = to_plain(declaration)
        assert isinstance(plain, dict)
        emit_json(
            {
                "ruleset": "cards",
                "action": {"type": kind, **plain},
                "dice": {**info, "unused": unused} if unused else info,
                **outcome.to_json(),
            }
        )
        return
    show_outcome(title, outcome, info, headline)
    if unused:
        typer.echo(unused_note(unused, "card", "cards"))


def _shot_headline(outcome: Outcome[ShotResult]) -> str:
    s = outcome.result
    if not s.successes:
        text = "No success: a miss."
    else:
        successes = counted(s.successes, "success", "successes")
        text = f"{successes}: {s.wound.damage} {s.wound.level} damage recorded."
        if s.wound.down:
            # Down and dying takes no more turns (K-3): a fall owes none (DEC-940).
            text += (
                " Knocked down, and down and dying." if s.wound.knocked_down else " Down and dying."
            )
        elif s.wound.knocked_down:
            text += " Knocked down: the next turn goes to getting up."
    if s.must_cock:
        text += " The next turn goes to cocking the weapon."
    return text


@declared_command(
    app, "shoot", Shot, help="Draw for one shot (any mode) at one target.", extra=_DICE
)
def shoot(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        shot = declare(Shot, **values)
    dice, info = card_dice(rolls, seed, ask)
    with refusals():
        outcome = resolve_shot(shot, dice)
    _finish(
        f"cards shot: {shot.weapon}, skill {shot.skill}, {shot.distance:g} m",
        "shoot",
        shot,
        outcome,
        dice,
        info,
        as_json,
        _shot_headline,
    )


@declared_command(
    app,
    "reload",
    Reload,
    help="A fresh magazine (takes the turn).",
    extra=(("as_json", JsonOpt, False),),
)
def reload(values: dict[str, Any], *, as_json: bool) -> None:
    with refusals():
        action = declare(Reload, **values)
        outcome = resolve_reload(action)
    if as_json:
        emit_json({"ruleset": "cards", "action": {"type": "reload", **values}, **outcome.to_json()})
        return
    typer.echo(outcome.trace.render_text())


@declared_command(
    app, "react", Reaction, help="Draw for reaction: who acts first (K-2).", extra=_DICE
)
def react(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Reaction, **values)
    dice, info = card_dice(rolls, seed, ask)
    with refusals():
        outcome = resolve_reaction(action, dice)

    def headline(o: Outcome[ReactionResult]) -> str:
        return "Acting order: " + ", then ".join(" and ".join(g) for g in o.result.order)

    _finish("cards reaction", "react", action, outcome, dice, info, as_json, headline)
