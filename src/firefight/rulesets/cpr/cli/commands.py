"""``firefight cpr ...``: resolve cpr attacks from the command line.

Every command's options are the fields of its action's declaration
(:mod:`firefight.rulesets.cpr.attack_options`, :mod:`firefight.rulesets.cpr.area_options`; ``odds
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
    DeathSaveOptions,
    ExplodeOptions,
    ReloadOptions,
    ShotgunShellsOptions,
    StabilizeOptions,
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
from firefight.rulesets.cpr.shotgun import resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import resolve_suppression
from firefight.rulesets.cpr.throwing import resolve_throw

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
    shots = outcome.summary["shots"]
    assert isinstance(shots, list)
    return "; ".join(_shot_text(s) for s in shots)


def _single_headline(outcome: Outcome) -> str:
    s = dict(outcome.summary)
    text = _shot_text(s)
    if s.get("multiplier"):
        text += f" [autofire x{s['multiplier']}]"
    return text


def _area_headline(outcome: Outcome) -> str:
    s = outcome.summary
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
    broken = outcome.summary["must_take_cover"]
    assert isinstance(broken, list)
    if not broken:
        return "Everyone holds their ground."
    return "Must use their next Move to reach cover: " + ", ".join(str(b) for b in broken)


def _throw_headline(outcome: Outcome) -> str:
    return (_area_headline if "targets" in outcome.summary else _single_headline)(outcome)


# --- the commands: a declaration, its resolver and how its outcome is shown --------------------


class _Options(Protocol):
    def build(self, data: CprData) -> Any: ...


def _command(
    name: str,
    options: type[_Options],
    *,
    action: str,
    resolve: Callable[[Any, Dice, CprData], Outcome],
    title: Callable[[Any], str],
    headline: Callable[[Outcome], str],
    help: str,
    dice: bool = True,
) -> None:
    """Register ``name``: ``options`` declared, built, resolved and shown as ``action`` (an
    :class:`~firefight.rulesets.cpr.explosives.Explosion` is shown as one)."""
    extra = DICE_OPTIONS if dice else (("as_json", JsonOpt, False),)

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
            title=title(chosen),
            headline=headline,
        )


def _resolve_throw(declaration: Any, dice: Dice, data: CprData) -> Outcome:
    if isinstance(declaration, Explosion):
        return resolve_explosion(declaration, dice, data)
    return resolve_throw(declaration, dice, data)


_command(
    "shoot",
    ShootOptions,
    action="ranged-attack",
    resolve=resolve_ranged_attack,
    title=lambda o: f"cpr {'aimed shot' if o.aim else 'attack'}: {o.weapon}",
    headline=_attack_headline,
    help="""One Attack Action: a single shot, two with a ROF 2 weapon, or one aimed shot.

    Dice order per shot: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the damage d6s and any critical injury 2d6.
    A d10 that shows 10 or 1 takes one more d10 right after it.
    """,
)
_command(
    "autofire",
    AutofireOptions,
    action="autofire",
    resolve=resolve_autofire,
    title=lambda o: f"cpr autofire: {o.weapon}",
    headline=_single_headline,
    help="""Autofire: 10 rounds at one target, 2d6 times how far the roll won, capped by the weapon.

    Dice order: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the 2d6 and any critical injury 2d6.
    """,
)
_command(
    "suppress",
    SuppressOptions,
    action="suppressive-fire",
    resolve=resolve_suppression,
    title=lambda o: f"cpr suppressive fire: {o.weapon}",
    headline=_suppress_headline,
    help="""Suppressive fire: 10 rounds, no damage; who fails WILL + Concentration runs for cover.

    Targets need will= and conc=.
    Dice order: the shooter's d10, then each affected target's d10 in the order given.
    """,
)
_command(
    "shotgun-shells",
    ShotgunShellsOptions,
    action="shotgun-shells",
    resolve=resolve_shotgun_shells,
    title=lambda o: "cpr shotgun shells",
    headline=_area_headline,
    help="""A shotgun shell: one attack vs DV 13 at everyone visible in the 6 m x 6 m block in
    front.

    Dice order: each dodging target's d10 in the area (in the order given),
    the shooter's d10, the 3d6 once if anyone is hit,
    then any critical injury 2d6 per target hit.
    """,
)
_command(
    "explode",
    ExplodeOptions,
    action="explosion",
    resolve=resolve_explosion,
    title=lambda o: f"cpr explosive: {o.weapon}",
    headline=_area_headline,
    help="""An explosive: everyone in the 10 m square around the point takes one damage roll.

    Fired from a launcher it needs --ref and --skill; thrown grenades use `throw`.
    Dice order: each dodging target's d10 in the square, the shooter's d10 (not with --placed),
    the damage d6s if anyone is caught, then any critical injury 2d6 per target caught.
    """,
)
_command(
    "throw",
    ThrowOptions,
    action="throw",
    resolve=_resolve_throw,
    title=lambda o: f"cpr throw: {o.weapon}",
    headline=_throw_headline,
    help="""Throw: DEX + Athletics + d10 against the grenade launcher's DV, up to 25 m.

    A knife or a bottle hits one target (--distance and the target options).
    A grenade goes off in the 10 m square at --at, among the --target list.
    Dice order as for `shoot` (one target) or `explode` (a grenade).
    """,
)
_command(
    "reload",
    ReloadOptions,
    action="reload",
    resolve=resolve_reload,
    title=lambda o: f"cpr reload: {o.weapon}",
    headline=lambda o: (
        f"{o.summary['weapon']}: {o.summary['rounds']} rounds of {o.summary['ammo']}"
    ),
    help="Reload: an Action that fills the magazine with one kind of ammunition.",
    dice=False,
)
_command(
    "damage",
    DamageOptions,
    action="damage",
    resolve=resolve_damage_roll,
    title=lambda o: f"cpr damage: {o.weapon or o.damage}",
    headline=_single_headline,
    help="""Damage for a hit decided at the table (a melee blow): armor, criticals, wound state.

    Dice order: the damage d6s, then any critical injury 2d6.
    """,
)
_command(
    "death-save",
    DeathSaveOptions,
    action="death-save",
    resolve=resolve_death_save,
    title=lambda o: "cpr death save",
    headline=lambda o: "Holds on." if o.summary["saved"] else "Dies.",
    help="""A mortally wounded character's death save (C-12): d10 + saves taken + injuries' death
    save penalties must come in under BODY; a natural 10 always fails. One d10.""",
)
_command(
    "stabilize",
    StabilizeOptions,
    action="stabilize",
    resolve=resolve_stabilize,
    title=lambda o: "cpr stabilize",
    headline=lambda o: "Stabilized." if o.summary["stabilized"] else "Still dying.",
    help="""Stabilizing a mortally wounded character (C-12): TECH + First Aid or Paramedic + d10
    against DV 13; success ends the death saves. One d10 (a 10 or 1 takes one more).""",
)
