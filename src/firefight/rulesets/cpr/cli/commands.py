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
from typing import Any, Protocol

import typer

from firefight.cli.common import (
    JsonOpt,
    given_dice,
    json_refusals,
    no_dice,
    refusals,
    show_resolution,
)
from firefight.cli.declared import DICE_OPTIONS, declared_command
from firefight.declarations import declare
from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.rulesets import find_ruleset
from firefight.rulesets.cpr import CPR, CprData
from firefight.rulesets.cpr.area_options import (
    ExplodeOptions,
    ShotgunShellsOptions,
    SuppressOptions,
)
from firefight.rulesets.cpr.attack import resolve_ranged_attack
from firefight.rulesets.cpr.attack_options import (
    AutofireOptions,
    DamageOptions,
    ShootOptions,
    ThrowOptions,
)
from firefight.rulesets.cpr.autofire import resolve_autofire
from firefight.rulesets.cpr.damage_roll import resolve_damage_roll
from firefight.rulesets.cpr.death import resolve_death_save, resolve_stabilize
from firefight.rulesets.cpr.explosives import Explosion, resolve_explosion
from firefight.rulesets.cpr.reload import resolve_reload
from firefight.rulesets.cpr.results import summary_of
from firefight.rulesets.cpr.shotgun import resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import resolve_suppression
from firefight.rulesets.cpr.throwing import resolve_throw
from firefight.rulesets.cpr.upkeep_options import DeathSaveOptions, ReloadOptions, StabilizeOptions

app = typer.Typer(
    help="d10 + skill vs DV, Cyberpunk RED style (cpr). Distances in metres.",
    no_args_is_help=True,
)


def _cpr() -> CPR:
    ruleset = find_ruleset("cpr")
    assert isinstance(ruleset, CPR)
    return ruleset


def _data() -> CprData:
    return _cpr().data


# --- output -----------------------------------------------------------------------------------


def _hit_text(s: dict[str, Any]) -> str:
    text = f"HIT {s['target']}: {s['damage']} damage"
    if s.get("sp"):
        text += f" vs SP {s['sp']}, {s['through']} through"
    text += f", {s['hp_lost']} HP lost"
    extras = []
    if s.get("critical_injuries"):
        extras.append("critical: " + ", ".join(s["critical_injuries"]))
    if s.get("item_dropped"):
        extras.append(f"drops the {s['item_dropped']}")
    if s.get("wound_state"):
        extras.append(f"now {s['hp_after']} HP, {s['wound_state']}")
    if extras:
        text += f" ({'; '.join(extras)})"
    return text


def _shot_text(s: dict[str, Any]) -> str:
    if s.get("result") == "hit":
        return _hit_text(s)
    against = f"dodge {s['dodge']}" if s.get("dodge") is not None else f"DV {s.get('dv')}"
    return f"MISS {s['target']} ({s['attack_total']} vs {against})"


def _attack_headline(outcome: Outcome) -> str:
    shots = summary_of(outcome)["shots"]
    assert isinstance(shots, list)
    return "; ".join(_shot_text(s) for s in shots)


def _single_headline(outcome: Outcome) -> str:
    s = dict(summary_of(outcome))
    text = _shot_text(s)
    if s.get("multiplier"):
        text += f" [autofire x{s['multiplier']}]"
    return text


def _area_headline(outcome: Outcome) -> str:
    s = summary_of(outcome)
    targets = s.get("targets")
    assert isinstance(targets, list)
    if s.get("result") == "missed":
        return "MISSED the aim point: the GM places the explosive (then explode --placed)"
    parts = []
    for t in targets:
        if t["result"] == "hit":
            parts.append(_hit_text(t))
        elif t["result"] == "dodged":
            parts.append(f"{t['target']} dodged clear")
        elif t["result"] == "miss":
            parts.append(f"MISS {t['target']}")
    return "; ".join(parts) or "nobody caught"


def _suppress_headline(outcome: Outcome) -> str:
    broken = summary_of(outcome)["must_take_cover"]
    assert isinstance(broken, list)
    if not broken:
        return "Everyone holds their ground."
    return "Must use their next Move to reach cover: " + ", ".join(str(b) for b in broken)


def _throw_headline(outcome: Outcome) -> str:
    return (_area_headline if "targets" in summary_of(outcome) else _single_headline)(outcome)


# --- the commands: a declaration, its resolver and how its outcome is shown --------------------


class _Options(Protocol):
    """A cpr declaration: its docstring is the command's help."""

    def title(self) -> str: ...

    def build(self, data: CprData) -> Any: ...


def _command(
    name: str,
    options: type[_Options],
    action: str,
    resolve: Callable[[Any, Dice, CprData], Outcome],
    headline: Callable[[Outcome], str],
    *,
    dice: bool = True,
) -> None:
    """Register ``name``: ``options`` declared, built, resolved and shown as ``action`` (an
    :class:`~firefight.rulesets.cpr.explosives.Explosion` is shown as one)."""
    extra = DICE_OPTIONS if dice else (("as_json", JsonOpt, False),)
    help = inspect.getdoc(options) or name

    @declared_command(app, name, options, help=help, extra=extra)
    def run(
        values: dict[str, Any],
        *,
        rolls: str | None = None,
        seed: int | None = None,
        ask: bool = False,
        as_json: bool,
    ) -> None:
        given = given_dice(rolls, seed, ask) if dice else no_dice()
        with refusals(json_refusals("cpr", action, given, as_json)):
            data = _data()
            chosen = declare(options, **values)
            declaration = chosen.build(data)
            outcome = resolve(declaration, given.dice, data)
        show_resolution(
            ruleset="cpr",
            action="explosion" if isinstance(declaration, Explosion) else action,
            declaration=declaration,
            outcome=outcome,
            given=given,
            as_json=as_json,
            title=chosen.title(),
            headline=headline,
        )


def _resolve_throw(declaration: Any, dice: Dice, data: CprData) -> Outcome:
    if isinstance(declaration, Explosion):
        return resolve_explosion(declaration, dice, data)
    return resolve_throw(declaration, dice, data)


def _reload_headline(o: Outcome) -> str:
    return f"{summary_of(o)['weapon']}: {summary_of(o)['rounds']} rounds of {summary_of(o)['ammo']}"


def _death_save_headline(o: Outcome) -> str:
    return "Holds on." if summary_of(o)["saved"] else "Dies."


def _stabilize_headline(o: Outcome) -> str:
    return "Stabilized." if summary_of(o)["stabilized"] else "Still dying."


_command("shoot", ShootOptions, "ranged-attack", resolve_ranged_attack, _attack_headline)
_command("autofire", AutofireOptions, "autofire", resolve_autofire, _single_headline)
_command("suppress", SuppressOptions, "suppressive-fire", resolve_suppression, _suppress_headline)
_command(
    "shotgun-shells", ShotgunShellsOptions, "shotgun-shells", resolve_shotgun_shells, _area_headline
)
_command("explode", ExplodeOptions, "explosion", resolve_explosion, _area_headline)
_command("throw", ThrowOptions, "throw", _resolve_throw, _throw_headline)
_command("reload", ReloadOptions, "reload", resolve_reload, _reload_headline, dice=False)
_command("damage", DamageOptions, "damage", resolve_damage_roll, _single_headline)
_command("death-save", DeathSaveOptions, "death-save", resolve_death_save, _death_save_headline)
_command("stabilize", StabilizeOptions, "stabilize", resolve_stabilize, _stabilize_headline)
