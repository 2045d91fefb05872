"""``firefight rmu throw | flash-bang``: where an explosive lands, and a flash-bang's contest."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import dice_from_options, emit_json, refusals, show_outcome
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.outcome import Outcome
from firefight.rulesets.rmu.explosive_options import FlashBangOptions, ThrowOptions
from firefight.rulesets.rmu.flash_bang import resolve_flash_bang
from firefight.rulesets.rmu.placement import resolve_throw
from firefight.serialize import to_plain

__all__ = ["app"]

app = typer.Typer(add_completion=False)


def _throw_headline(outcome: Outcome) -> str:
    s = outcome.summary
    landed = s["landed"]
    assert isinstance(landed, dict)
    where = f"({landed['x_ft']:g}, {landed['y_ft']:g})"
    if s["result"] == "fumble":
        return f"FUMBLE: it lies at the thrower's feet {where}"
    if s["result"] == "on target":
        return f"ON TARGET at {where}"
    return f"SCATTERED {s['off_ft']:g} ft toward {s['clock']} o'clock, to {where}"


def _bang_headline(outcome: Outcome) -> str:
    victims = outcome.summary["victims"]
    assert isinstance(victims, list)
    return "; ".join(
        f"{v['name']}: {v['steps']} rounds blind and deaf, {v['hits']} hits"
        if v["steps"] else f"{v['name']}: unaffected"
        for v in victims
    )  # fmt: skip


def _emit(kind: str, decl: object, outcome: Outcome, dice_info: dict[str, object]) -> None:
    emit_json(
        {"ruleset": "rmu", "action": {"type": kind, **_plain(decl)}, "dice": dice_info,
         **outcome.to_json()}
    )  # fmt: skip


def _plain(decl: object) -> dict[str, object]:
    plain = to_plain(decl)
    assert isinstance(plain, dict)
    return plain


@declared_command(
    app, "throw", ThrowOptions, help="Throw an explosive at a spot: where it lands (RMU-EXP-2)."
)
def throw(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        decl = declare(ThrowOptions, **values).build()
        outcome = resolve_throw(decl, dice)
    if as_json:
        _emit("throw", decl, outcome, dice_info)
        return
    show_outcome(f"rmu throw: {decl.load}", outcome, dice_info, _throw_headline)


@declared_command(
    app,
    "flash-bang",
    FlashBangOptions,
    help="A flash-bang's contest against each person in its radius (RMU-EXP-17).",
)
def flash_bang(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        decl = declare(FlashBangOptions, **values).build()
        outcome = resolve_flash_bang(decl, dice)
    if as_json:
        _emit("flash-bang", decl, outcome, dice_info)
        return
    show_outcome("rmu flash-bang", outcome, dice_info, _bang_headline)
