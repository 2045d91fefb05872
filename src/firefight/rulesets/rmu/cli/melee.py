"""``firefight rmu melee | grapple | escape``: a melee attack, a grapple and breaking a hold."""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import given_dice, json_refusals, refusals, show_resolution
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.outcome import Outcome
from firefight.rulesets.rmu.melee.attack import resolve_melee_attack
from firefight.rulesets.rmu.melee.grapple import resolve_escape
from firefight.rulesets.rmu.melee.options import EscapeOptions, GrappleOptions, MeleeOptions
from firefight.rulesets.rmu.melee.results import MeleeFumble, MeleeMiss, MeleeResult

__all__ = ["app", "melee_headline", "melee_text"]

app = typer.Typer(add_completion=False)


def melee_headline(outcome: Outcome[MeleeResult]) -> str:
    """A melee attack or a grapple in one line."""
    return melee_text(outcome.result)


def melee_text(attack: MeleeResult) -> str:
    """A melee attack's line: what the blow did."""
    s = attack.blow
    if isinstance(s, MeleeFumble):
        return f"FUMBLE: {s.fumble.effect.label}"
    if isinstance(s, MeleeMiss):
        return "MISS"
    if not s.severity:
        return f"HIT: {s.hits} hits, no critical"
    down = f" (stepped down {s.step_down})" if s.step_down else ""
    text = (
        f"HIT: {s.total_hits} hits, {s.severity}{down} critical to the {s.location} "
        f"on {s.critical_table}"
    )
    if s.hold:
        text += f"; grappled {s.hold}%"
    return text


@declared_command(
    app, "melee", MeleeOptions, help="Resolve one melee attack (R-6): every term, roll and table."
)
def melee(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "melee", given, as_json)):
        attack = declare(MeleeOptions, **values).build()
        outcome = resolve_melee_attack(attack, given.dice)
    show_resolution(
        ruleset="rmu",
        action="melee",
        declaration=attack,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title=f"rmu melee: {attack.weapon}",
        headline=melee_headline,
    )


@declared_command(
    app,
    "grapple",
    GrappleOptions,
    help="Resolve one grapple: a Strength-based Unarmed hold on the Grapple table (RMU-BITE-2).",
)
def grapple(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "grapple", given, as_json)):
        attack = declare(GrappleOptions, **values).build()
        outcome = resolve_melee_attack(attack, given.dice)
    show_resolution(
        ruleset="rmu",
        action="grapple",
        declaration=attack,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title="rmu grapple",
        headline=melee_headline,
    )


@declared_command(
    app,
    "escape",
    EscapeOptions,
    help="Try to break a hold: the opposed grapple contest (RMU-BITE-3).",
)
def escape(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "escape", given, as_json)):
        decl = declare(EscapeOptions, **values).build()
        outcome = resolve_escape(decl, given.dice)
    show_resolution(
        ruleset="rmu",
        action="escape",
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title="rmu escape",
        headline=lambda o: f"{o.result.result.upper()} ({o.result.contest})",
    )
