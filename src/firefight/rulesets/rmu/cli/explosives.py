"""``firefight rmu throw | explode | flash-bang | gas``: where an explosive lands, what its
detonation does to everyone near it, a flash-bang's contest, and a round in CS gas."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import given_dice, json_refusals, refusals, show_resolution
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.outcome import Outcome
from firefight.rulesets.rmu.blast_results import DetonationResult
from firefight.rulesets.rmu.detonation import resolve_detonation
from firefight.rulesets.rmu.explosive_options import (
    ExplodeOptions,
    FlashBangOptions,
    GasOptions,
    ThrowOptions,
)
from firefight.rulesets.rmu.flash_bang import FlashBangResult, resolve_flash_bang
from firefight.rulesets.rmu.gas import CsResult, resolve_cs
from firefight.rulesets.rmu.placement import Landing, resolve_throw

__all__ = ["app"]

app = typer.Typer(add_completion=False)


def _throw_headline(outcome: Outcome[Landing]) -> str:
    s = outcome.result
    where = f"({s.landed.x_ft:g}, {s.landed.y_ft:g})"
    if s.result == "fumble":
        return f"FUMBLE: it lies at the thrower's feet {where}"
    if s.result == "on target":
        return f"ON TARGET at {where}"
    return f"SCATTERED {s.off_ft:g} ft toward {s.clock} o'clock, to {where}"


def _bang_headline(outcome: Outcome[FlashBangResult]) -> str:
    return "; ".join(
        f"{v.name}: {v.steps} rounds blind and deaf, {v.hits} hits"
        if v.steps else f"{v.name}: unaffected"
        for v in outcome.result.victims
    )  # fmt: skip


@declared_command(
    app, "throw", ThrowOptions, help="Throw an explosive at a spot: where it lands (RMU-EXP-2)."
)
def throw(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "throw", given, as_json)):
        decl = declare(ThrowOptions, **values).build()
        outcome = resolve_throw(decl, given.dice)
    show_resolution(
        ruleset="rmu",
        action="throw",
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title=f"rmu throw: {decl.load}",
        headline=_throw_headline,
    )


def _explode_headline(outcome: Outcome[DetonationResult]) -> str:
    parts = []
    for p in outcome.result.people:
        if p.band is None:
            parts.append(f"{p.name}: outside")
            continue
        severity = f", critical {p.severity}" if p.severity else ""
        parts.append(f"{p.name} ({p.band}): {p.hits} hits{severity}")
    return "; ".join(parts)


@declared_command(
    app,
    "explode",
    ExplodeOptions,
    help="An explosive goes off: one detonation roll read by everyone near it (RMU-EXP-1).",
)
def explode(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "explode", given, as_json)):
        decl = declare(ExplodeOptions, **values).build()
        outcome = resolve_detonation(decl, given.dice)
    show_resolution(
        ruleset="rmu",
        action="explode",
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title=f"rmu explode: {decl.load}",
        headline=_explode_headline,
    )


@declared_command(
    app,
    "flash-bang",
    FlashBangOptions,
    help="A flash-bang's contest against each person in its radius (RMU-EXP-17).",
)
def flash_bang(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "flash-bang", given, as_json)):
        decl = declare(FlashBangOptions, **values).build()
        outcome = resolve_flash_bang(decl, given.dice)
    show_resolution(
        ruleset="rmu",
        action="flash-bang",
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title="rmu flash-bang",
        headline=_bang_headline,
    )


def _gas_headline(outcome: Outcome[CsResult]) -> str:
    parts = []
    for v in outcome.result.victims:
        text = f"{v.name}: {v.penalty or 'no'} penalty"
        if v.maneuver is not None:
            text += ", " + ("keeps acting" if v.coherent else "no coherent action")
        parts.append(text)
    return "; ".join(parts)


@declared_command(
    app,
    "gas",
    GasOptions,
    help="A round in CS gas (RMU-EXP-16): each victim's penalty and, for one breathing it, the "
    "Constitution maneuver.",
)
def gas(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "gas", given, as_json)):
        decl = declare(GasOptions, **values).build()
        outcome = resolve_cs(decl, given.dice)
    show_resolution(
        ruleset="rmu",
        action="gas",
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title="rmu gas",
        headline=_gas_headline,
    )
