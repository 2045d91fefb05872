"""``firefight gurps ...``: resolve gurps shots from the command line.

Every resolving command takes the dice options (``--rolls``, ``--seed``, ``--ask``) and
``--json``; a refusal prints one line and exits with status 2. Distances are in yards (G-4).
The commands turn options into a declaration, call the resolver and show its outcome: no
rules live here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import typer

from firefight.cli.common import console
from firefight.cli.declared import declared_command
from firefight.cli.resolving import resolving_command
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.rulesets.gurps.archery import (
    Glean,
    HearBow,
    IncendiaryArrow,
    LongShot,
    resolve_glean,
    resolve_hear_bow,
    resolve_incendiary_arrow,
    resolve_long_shot,
)
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.burning import AreaFire, Ignite, resolve_area_fire, resolve_ignite
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.random_fire import RandomFire, resolve_random_fire
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.shot import Shoot, check_missile
from firefight.rulesets.gurps.stray import Stray, resolve_stray

__all__ = ["app"]

app = typer.Typer(help="GURPS 3e ranged combat with the house rules of 002.", no_args_is_help=True)


def _command(
    name: str,
    cls: type[Any],
    resolve: Callable[[Any, Dice], Outcome],
    title: Callable[[Any], str],
    help: str,
    *,
    fixed: Mapping[str, Any] | None = None,
) -> None:
    """Register ``name``: ``cls`` declared from its options (with ``fixed`` laid over them),
    resolved and shown under ``title``; the shared JSON envelope with ``--json``."""

    def declared(values: dict[str, Any], rolled: Dice) -> tuple[Any, Outcome, str]:
        declaration = declare(cls, **(values | dict(fixed or {})))
        return declaration, resolve(declaration, rolled), title(declaration)

    run = resolving_command("gurps", name, declared, lambda o: o.result.headline or "")
    declared_command(app, name, cls, help=help)(run)


def _missile(thrown: bool) -> Callable[[Shoot, Dice], Outcome]:
    """``throw``'s resolver (``thrown``) or ``shoot``'s: each takes only its own weapons, since
    GUR-IND-1 tells a thrown weapon from one that is shot (its lob, its penalty), and the
    command the GM typed should say which (DEC-907)."""

    def resolve(declaration: Shoot, dice: Dice) -> Outcome:
        check_missile(declaration.weapon, thrown=thrown)
        return resolve_shot(declaration, dice)

    return resolve


_command(
    "shoot",
    Shoot,
    _missile(thrown=False),
    lambda d: f"gurps shot: {d.weapon}",
    "One turn's shooting at one target (3d6 under skill).",
)
_command(
    "throw",
    Shoot,
    _missile(thrown=True),
    lambda d: f"gurps throw: {d.weapon}",
    "Throw a knife or spear (a shot with a thrown weapon).",
)
_command(
    "fire-indirect",
    Shoot,
    resolve_shot,
    lambda d: f"gurps indirect fire: {d.weapon}",
    "Lob a missile onto a target (GUR-IND-1); a miss scatters (GUR-IND-2).",
    fixed={"indirect": True},
)
_command(
    "reload",
    Reload,
    resolve_reload,
    lambda d: f"gurps reload: {d.weapon}",
    "Seconds to reload a bow, crossbow, sling, magazine or black-powder gun (GUR-RELOAD-1).",
)
_command(
    "draw",
    Draw,
    resolve_draw,
    lambda d: f"gurps draw: {d.weapon}",
    "Draw a weapon: a Ready, or nothing on a made Fast-Draw roll.",
)
_command(
    "stray",
    Stray,
    resolve_stray,
    lambda d: "gurps stray missile",
    "Where a missed shot goes (GUR-WRONG-2).",
)
_command(
    "random-fire",
    RandomFire,
    resolve_random_fire,
    lambda d: "gurps random fire",
    "A turn under random fire (GUR-FIRE-1).",
)
_command(
    "long-shot",
    LongShot,
    resolve_long_shot,
    lambda d: f"gurps long shot: {d.weapon}",
    "An arrow or bolt shot for distance alone.",
)
_command(
    "glean",
    Glean,
    resolve_glean,
    lambda d: "gurps gleaning arrows",
    "Arrows fit to shoot again after a fight.",
)
_command(
    "incendiary-arrow",
    IncendiaryArrow,
    resolve_incendiary_arrow,
    lambda d: "gurps incendiary arrow",
    "Light an incendiary arrow and loose it.",
)
_command(
    "hear-bow",
    HearBow,
    resolve_hear_bow,
    lambda d: "gurps hearing a bow",
    "Hear a bow loosed 3 hexes away.",
)
_command(
    "area-fire",
    AreaFire,
    resolve_area_fire,
    lambda d: f"gurps area fire: {d.ammo}",
    "A white phosphorus shell's fire (GUR-AMMO-1).",
)
_command(
    "ignite",
    Ignite,
    resolve_ignite,
    lambda d: f"gurps ignite: {d.ammo}",
    "Does a round set a flammable alight (GUR-AMMO-1)?",
)


@app.command("modifiers")
def modifiers() -> None:
    """The to-hit modifier catalog (GUR-MOD-1): KEY, value, range."""
    for m in DATA.modifiers.values():
        span = f"{m.low:+d}..{m.high:+d}" if m.low != m.high else ""
        aimed = " (aimed shots)" if m.aimed else ""
        console.print(f"{m.key:26} {m.value:+3d} {span:10} {m.group:14} {m.label}{aimed}")
