"""``firefight gurps ...``: resolve gurps shots from the command line.

Every resolving command takes the dice options (``--rolls``, ``--seed``, ``--ask``) and
``--json``; a refusal prints one line and exits with status 2. Distances are in yards (G-4).
The commands turn options into a declaration, call the resolver and show its outcome: no
rules live here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from firefight.cli.common import console
from firefight.cli.declared import declared_command
from firefight.cli.resolving import resolving_command
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.errors import RuleRefusal
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
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.stray import Stray, resolve_stray

__all__ = ["app"]

app = typer.Typer(help="GURPS 3e ranged combat with the house rules of 002.", no_args_is_help=True)


def _run(
    action: str,
    cls: type[Any],
    values: dict[str, Any],
    resolve: Callable[[Any, Dice], Outcome],
    title: Callable[[Any], str],
    dice: tuple[str | None, int | None, bool, bool],
) -> None:
    """Declare, resolve and show one action: the shared JSON envelope with ``--json``."""

    def declared(values: dict[str, Any], rolled: Dice) -> tuple[Any, Outcome, str]:
        declaration = declare(cls, **values)
        return declaration, resolve(declaration, rolled), title(declaration)

    run = resolving_command("gurps", action, declared, lambda o: o.result.headline or "")
    rolls, seed, ask, as_json = dice
    run(values, rolls=rolls, seed=seed, ask=ask, as_json=as_json)


@declared_command(app, "shoot", Shoot, help="One turn's shooting at one target (3d6 under skill).")
def shoot(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "shoot",
        Shoot,
        values,
        resolve_shot,
        lambda d: f"gurps shot: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


def _throw(declaration: Shoot, dice: Dice) -> Outcome:
    if DATA.weapon(declaration.weapon).kind != "thrown":
        raise RuleRefusal("GUR-IND-1", f"A {declaration.weapon} is shot, not thrown: use shoot.")
    return resolve_shot(declaration, dice)


@declared_command(app, "throw", Shoot, help="Throw a knife or spear (a shot with a thrown weapon).")
def throw(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "throw",
        Shoot,
        values,
        _throw,
        lambda d: f"gurps throw: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


@declared_command(
    app,
    "fire-indirect",
    Shoot,
    help="Lob a missile onto a target (GUR-IND-1); a miss scatters (GUR-IND-2).",
)
def fire_indirect(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "fire-indirect",
        Shoot,
        values | {"indirect": True},
        resolve_shot,
        lambda d: f"gurps indirect fire: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


@declared_command(
    app,
    "reload",
    Reload,
    help="Seconds to reload a bow, crossbow, sling, magazine or black-powder gun (GUR-RELOAD-1).",
)
def reload(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "reload",
        Reload,
        values,
        resolve_reload,
        lambda d: f"gurps reload: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


@declared_command(
    app, "draw", Draw, help="Draw a weapon: a Ready, or nothing on a made Fast-Draw roll."
)
def draw(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "draw",
        Draw,
        values,
        resolve_draw,
        lambda d: f"gurps draw: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "stray", Stray, help="Where a missed shot goes (GUR-WRONG-2).")
def stray(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "stray",
        Stray,
        values,
        resolve_stray,
        lambda d: "gurps stray missile",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "random-fire", RandomFire, help="A turn under random fire (GUR-FIRE-1).")
def random_fire(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "random-fire",
        RandomFire,
        values,
        resolve_random_fire,
        lambda d: "gurps random fire",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "long-shot", LongShot, help="An arrow or bolt shot for distance alone.")
def long_shot(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "long-shot",
        LongShot,
        values,
        resolve_long_shot,
        lambda d: f"gurps long shot: {d.weapon}",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "glean", Glean, help="Arrows fit to shoot again after a fight.")
def glean(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "glean",
        Glean,
        values,
        resolve_glean,
        lambda d: "gurps gleaning arrows",
        (rolls, seed, ask, as_json),
    )


@declared_command(
    app, "incendiary-arrow", IncendiaryArrow, help="Light an incendiary arrow and loose it."
)
def incendiary_arrow(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "incendiary-arrow",
        IncendiaryArrow,
        values,
        resolve_incendiary_arrow,
        lambda d: "gurps incendiary arrow",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "hear-bow", HearBow, help="Hear a bow loosed 3 hexes away.")
def hear_bow(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "hear-bow",
        HearBow,
        values,
        resolve_hear_bow,
        lambda d: "gurps hearing a bow",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "area-fire", AreaFire, help="A white phosphorus shell's fire (GUR-AMMO-1).")
def area_fire(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "area-fire",
        AreaFire,
        values,
        resolve_area_fire,
        lambda d: f"gurps area fire: {d.ammo}",
        (rolls, seed, ask, as_json),
    )


@declared_command(app, "ignite", Ignite, help="Does a round set a flammable alight (GUR-AMMO-1)?")
def ignite(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    _run(
        "ignite",
        Ignite,
        values,
        resolve_ignite,
        lambda d: f"gurps ignite: {d.ammo}",
        (rolls, seed, ask, as_json),
    )


@app.command("modifiers")
def modifiers() -> None:
    """The to-hit modifier catalog (GUR-MOD-1): KEY, value, range."""
    for m in DATA.modifiers.values():
        span = f"{m.low:+d}..{m.high:+d}" if m.low != m.high else ""
        aimed = " (aimed shots)" if m.aimed else ""
        console.print(f"{m.key:26} {m.value:+3d} {span:10} {m.group:14} {m.label}{aimed}")
