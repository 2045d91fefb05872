"""``firefight gurps ...``: resolve gurps shots from the command line.

Every resolving command takes the dice options (``--rolls``, ``--seed``, ``--ask``) and
``--json``; a refusal prints one line and exits with status 2. Distances are in yards (G-4).
The commands turn options into a declaration, call the resolver and show its outcome: no
rules live here.
"""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import console, dice_from_options, emit_json, refusals, show_outcome
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.random_fire import RandomFire, resolve_random_fire
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.stray import Stray, resolve_stray

__all__ = ["app"]

app = typer.Typer(help="GURPS 3e ranged combat with the house rules of 002.", no_args_is_help=True)


def _show(
    action: str, title: str, outcome: Outcome, dice_info: dict[str, object], as_json: bool
) -> None:
    if as_json:
        emit_json({"ruleset": "gurps", "action": action, "dice": dice_info, **outcome.to_json()})
    else:
        show_outcome(title, outcome, dice_info, lambda o: str(o.summary["headline"]))


@declared_command(app, "shoot", Shoot, help="One turn's shooting at one target (3d6 under skill).")
def shoot(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Shoot, **values)
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_shot(action, dice)
    _show("shoot", f"gurps shot: {action.weapon}", outcome, info, as_json)


@declared_command(app, "throw", Shoot, help="Throw a knife or spear (a shot with a thrown weapon).")
def throw(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Shoot, **values)
        if DATA.weapon(action.weapon).kind != "thrown":
            raise RuleRefusal("GUR-IND-1", f"A {action.weapon} is shot, not thrown: use shoot.")
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_shot(action, dice)
    _show("throw", f"gurps throw: {action.weapon}", outcome, info, as_json)


@declared_command(
    app,
    "fire-indirect",
    Shoot,
    help="Lob a missile onto a target (GUR-IND-1); a miss scatters (GUR-IND-2).",
)
def fire_indirect(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Shoot, **(values | {"indirect": True}))
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_shot(action, dice)
    _show("fire-indirect", f"gurps indirect fire: {action.weapon}", outcome, info, as_json)


@declared_command(
    app,
    "reload",
    Reload,
    help="Seconds to reload a bow, crossbow, sling or black-powder gun (GUR-RELOAD-1).",
)
def reload(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Reload, **values)
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_reload(action, dice)
    _show("reload", f"gurps reload: {action.weapon}", outcome, info, as_json)


@declared_command(app, "stray", Stray, help="Where a missed shot goes (GUR-WRONG-2).")
def stray(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(Stray, **values)
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_stray(action, dice)
    _show("stray", "gurps stray missile", outcome, info, as_json)


@declared_command(app, "random-fire", RandomFire, help="A turn under random fire (GUR-FIRE-1).")
def random_fire(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    with refusals():
        action = declare(RandomFire, **values)
        dice, info = dice_from_options(rolls, seed, ask)
        outcome = resolve_random_fire(action, dice)
    _show("random-fire", "gurps random fire", outcome, info, as_json)


@app.command("modifiers")
def modifiers() -> None:
    """The to-hit modifier catalog (GUR-MOD-1): KEY, value, range."""
    for m in DATA.modifiers.values():
        span = f"{m.low:+d}..{m.high:+d}" if m.low != m.high else ""
        aimed = " (aimed shots)" if m.aimed else ""
        console.print(f"{m.key:26} {m.value:+3d} {span:10} {m.group:14} {m.label}{aimed}")
