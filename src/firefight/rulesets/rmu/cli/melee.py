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

__all__ = ["app", "melee_headline"]

app = typer.Typer(add_completion=False)


def melee_headline(outcome: Outcome) -> str:
    """A melee attack or a grapple in one line."""
    s = outcome.summary
    if s["result"] == "fumble":
        fumble = s["fumble"]
        assert isinstance(fumble, dict)
        return f"FUMBLE: {fumble['effect']['label']}"
    if s["result"] == "miss":
        return "MISS"
    if not s.get("severity"):
        return f"HIT: {s['hits']} hits, no critical"
    down = f" (stepped down {s['step_down']})" if s.get("step_down") else ""
    text = (
        f"HIT: {s['total_hits']} hits, {s['severity']}{down} critical to the {s['location']} "
        f"on {s['critical_table']}"
    )
    if s.get("hold"):
        text += f"; grappled {s['hold']}%"
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
        headline=lambda o: f"{str(o.summary['result']).upper()} ({o.summary['contest']})",
    )
