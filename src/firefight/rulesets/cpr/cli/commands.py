"""``firefight cpr ...``: resolve cpr attacks from the command line.

Every command's options are the fields of its action's declaration
(:mod:`~firefight.rulesets.cpr.attack_options`, ``area_options``, ``upkeep_options``; ``odds
cpr shoot`` / ``odds cpr autofire`` take the same ones), checked by
:func:`~firefight.declarations.declare` before anything is rolled. Every resolving command also
takes the dice options (``--rolls``, ``--seed``, ``--ask``) and ``--json``; a refusal prints one
line and exits with status 2. Distances and positions are in metres. The commands build the
declaration, call the resolver and show its outcome: no rules live here.

Targets of area commands (``shotgun-shells``, ``explode``, ``suppress``, ``throw`` with a
grenade) are given as repeated ``--target`` options, ``NAME:X,Y`` followed by ``:key=value``
fields and flags, or in a TOML file with ``--targets`` (see
:data:`~firefight.rulesets.cpr.option_text.TARGET_HELP` and docs/cpr.md).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from firefight.cli.common import JsonOpt
from firefight.cli.declared import DICE_OPTIONS, declared_command
from firefight.cli.resolving import Run
from firefight.dice import Dice
from firefight.outcome import Outcome, Result
from firefight.rulesets.cpr import CprData
from firefight.rulesets.cpr.area_options import (
    ExplodeOptions,
    ShotgunShellsOptions,
    SuppressOptions,
)
from firefight.rulesets.cpr.attack_options import (
    AutofireOptions,
    DamageOptions,
    ShootOptions,
    ThrowOptions,
)
from firefight.rulesets.cpr.cli.resolved import resolving
from firefight.rulesets.cpr.cli.shot import autofire, hit_text, shoot, single_line
from firefight.rulesets.cpr.damage import AreaTarget
from firefight.rulesets.cpr.damage_roll import DamageRollResult, resolve_damage_roll
from firefight.rulesets.cpr.death import (
    DeathSaveResult,
    StabilizeResult,
    resolve_death_save,
    resolve_stabilize,
)
from firefight.rulesets.cpr.explosives import Explosion, ExplosionResult, resolve_explosion
from firefight.rulesets.cpr.reload import ReloadResult, resolve_reload
from firefight.rulesets.cpr.shotgun import ShellsResult, resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import SuppressionResult, resolve_suppression
from firefight.rulesets.cpr.throwing import ThrowResult, resolve_throw
from firefight.rulesets.cpr.upkeep_options import DeathSaveOptions, ReloadOptions, StabilizeOptions
from firefight.wording import counted

#: The result type a command's resolver returns, which its headline renders as text.
R = TypeVar("R", bound=Result)

app = typer.Typer(
    help="d10 + skill vs DV, Cyberpunk RED style (cpr). Distances in metres.",
    no_args_is_help=True,
)


# --- output -----------------------------------------------------------------------------------


def _damage_headline(outcome: Outcome[DamageRollResult]) -> str:
    done = outcome.result.damage_done
    assert done is not None  # a damage roll always lands
    return hit_text(done)


def _area_text(t: AreaTarget) -> str | None:
    if t.result == "hit":
        if t.damage_done is not None:
            return hit_text(t.damage_done)
        # A load that skips armor (C-14): it knocks out, or goes straight to HP.
        return f"HIT {t.target}: " + ("knocked out" if t.knocked_out else f"{t.hp_lost} HP lost")
    if t.result == "dodged":
        return f"{t.target} dodged clear"
    if t.result == "miss":
        return f"MISS {t.target}"
    return None


def _area_line(r: ExplosionResult | ShellsResult) -> str:
    if isinstance(r, ExplosionResult) and r.result == "missed":
        return "MISSED the aim point: the GM places the explosive (then explode --placed)"
    parts = [text for text in map(_area_text, r.targets) if text]
    return "; ".join(parts) or "nobody caught"


def _suppress_headline(outcome: Outcome[SuppressionResult]) -> str:
    broken = outcome.result.must_take_cover
    if not broken:
        return "Everyone holds their ground."
    return "Must use their next Move to reach cover: " + ", ".join(broken)


def _throw_headline(outcome: Outcome[ThrowResult | ExplosionResult]) -> str:
    r = outcome.result
    return _area_line(r) if isinstance(r, ExplosionResult) else single_line(r)


# --- the commands: a declaration, its resolver and how its outcome is shown --------------------


def _register(name: str, options: type, run: Run, *, dice: bool = True) -> None:
    """Register ``name``: ``options`` declared, then ``run`` (:func:`.resolved.resolving`)."""
    extra = DICE_OPTIONS if dice else (("as_json", JsonOpt, False),)
    declared_command(app, name, options, help=inspect.getdoc(options) or name, extra=extra)(run)


def _command(
    name: str,
    options: type,
    action: str,
    resolve: Callable[[Any, Dice, CprData], Outcome[R]],
    headline: Callable[[Outcome[R]], str],
    *,
    dice: bool = True,
) -> None:
    """Register ``name``: ``options`` declared, built, resolved and shown as ``action``."""
    _register(name, options, resolving(options, action, resolve, headline, dice=dice), dice=dice)


def _resolve_throw(
    declaration: Any, dice: Dice, data: CprData
) -> Outcome[ThrowResult | ExplosionResult]:
    if isinstance(declaration, Explosion):
        return resolve_explosion(declaration, dice, data)
    return resolve_throw(declaration, dice, data)


def _reload_headline(o: Outcome[ReloadResult]) -> str:
    return f"{o.result.weapon}: {counted(o.result.rounds, 'round')} of {o.result.ammo}"


def _death_save_headline(o: Outcome[DeathSaveResult]) -> str:
    return "Holds on." if o.result.saved else "Dies."


def _stabilize_headline(o: Outcome[StabilizeResult]) -> str:
    return "Stabilized." if o.result.stabilized else "Still dying."


# Their functions are those a scripted command line runs without typer (.shot).
_register("shoot", ShootOptions, shoot)
_register("autofire", AutofireOptions, autofire)
_command("suppress", SuppressOptions, "suppressive-fire", resolve_suppression, _suppress_headline)
_command(
    "shotgun-shells",
    ShotgunShellsOptions,
    "shotgun-shells",
    resolve_shotgun_shells,
    lambda o: _area_line(o.result),
)
_command("explode", ExplodeOptions, "explosion", resolve_explosion, lambda o: _area_line(o.result))
_command("throw", ThrowOptions, "throw", _resolve_throw, _throw_headline)
_command("reload", ReloadOptions, "reload", resolve_reload, _reload_headline, dice=False)
_command("damage", DamageOptions, "damage", resolve_damage_roll, _damage_headline)
_command("death-save", DeathSaveOptions, "death-save", resolve_death_save, _death_save_headline)
_command("stabilize", StabilizeOptions, "stabilize", resolve_stabilize, _stabilize_headline)
