"""``firefight rmu rapid-fire | suppress | maneuver | move-to-cover``: the rmu firearm actions.

Registered on the ``rmu`` app by :func:`register`. The options of rapid fire and the sweep,
and the declarations they build, live in :mod:`firefight.cli.rmu_fire_options` (shared with
``odds rmu rapid-fire`` / ``odds rmu suppress``). Interfaces hold no rules: these commands build a
declaration, call the resolver and show its outcome.
"""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli import rmu_fire_options as opts
from firefight.cli.common import (
    AskOpt,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    dice_from_options,
    emit_json,
    fail,
    refusals,
    show_outcome,
)
from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover, parse_cover
from firefight.rulesets.rmu.maneuvers import Maneuver, resolve_maneuver
from firefight.rulesets.rmu.moving_cover import Fire, MovingToCover, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    RapidFirePreparation,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.suppression import resolve_suppression_sweep
from firefight.serialize import to_plain
from firefight.wording import counted

__all__ = ["register"]


def _show(
    title: str,
    action: str,
    decl: object,
    outcome: Outcome,
    dice: Dice,
    dice_info: dict[str, object],
    as_json: bool,
) -> None:
    unused = list(dice.unused)
    if as_json:
        plain = to_plain(decl)
        assert isinstance(plain, dict)
        emit_json(
            {
                "ruleset": "rmu",
                "action": {"type": action, **plain},
                "dice": {**dice_info, "unused": unused} if unused else dice_info,
                **outcome.to_json(),
            }
        )
        return
    show_outcome(title, outcome, dice_info, _headline)
    if unused:
        typer.echo(f"note: {len(unused)} scripted dice were not needed: {unused}")


def _target_line(t: dict[str, object]) -> str:
    result = t.get("result")
    if result == "hit" and t.get("severity"):
        return (
            f"{t['name']}: {t['total_hits']} hits, {t['severity']} critical to the "
            f"{t['location']} on {t['critical_table']}"
        )
    if result == "hit":
        return f"{t['name']}: {t['hits']} hits, no critical"
    return f"{t['name']}: {result}"


def _headline(outcome: Outcome) -> str:
    s = outcome.summary
    lines: list[str] = []
    if "malfunction" in s:
        m = s["malfunction"]
        assert isinstance(m, dict)
        lines.append(f"MALFUNCTION: {m['effect']['label']} ({m['column']}, {m['total']})")
    elif s.get("result") == "prepared":
        lines.append(
            f"PREPARED: {s['percent']}%, {s['share_percent']}% carried into next round "
            f"(+{s['carried_bonus']} for {s['bullets_next_round']} bullets)"
        )
    elif s.get("result") == "wasted":
        lines.append("WASTED: the preparation failed to act; nothing spent, prepare again")
    elif "bullets" in s:
        lines.append(
            f"BURST: {counted(int(str(s['bullets'])), 'bullet')}, +{s['carried_bonus']} carried"
        )
    elif s.get("result") == "swept":
        lines.append(f"SWEPT: {s['rounds']} rounds, volume +{s['volume_bonus']}")
    elif "bonus_this_round" in s:
        lines.append(
            f"{str(s['result']).upper()}: +{s['bonus_this_round']} of the cover's "
            f"+{s['full_bonus']} this round"
        )
    else:
        lines.append(f"{str(s.get('result')).upper()} (total {s.get('total')})")
    listed = s.get("targets")
    for t in listed if isinstance(listed, list) else []:
        lines.append("  " + _target_line(t))
    return "\n".join(lines)


def rapid_fire(
    weapon: opts.WeaponOpt,
    prepare: opts.PrepareOpt = False,
    skill: opts.RapidSkillOpt = 0,
    fire_discipline: opts.RapidDisciplineOpt = 0,
    ap: opts.PrepApOpt = 4,
    ap_left: opts.ApLeftOpt = 4,
    share: opts.ShareOpt = None,
    ob: opts.FiringObOpt = 0,
    at: opts.AtOpt = "0,0",
    target: opts.TargetOpt = None,
    cover: opts.CoverOpt = None,
    scene: opts.SceneOpt = None,
    rounds_left: opts.RoundsLeftOpt = None,
    continuing: opts.ContinuingOpt = False,
    ammo: opts.AmmoOpt = "ball",
    mounted: opts.MountedOpt = False,
    strength: opts.StrengthOpt = 0,
    shooter_armor: opts.ShooterArmorOpt = None,
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Empty the gun: prepare (--prepare), then fire next round with the share it earned.
    The first --target is the man aimed at; everyone else is checked against the 5° cone."""
    options = {k: v for k, v in locals().items() if k in opts.RAPID_FIRE_OPTION_NAMES}
    dice, dice_info = dice_from_options(rolls, seed, ask)
    data = RmuData()
    with refusals():
        decl = opts.rapid_fire_from_options(**options)
        if isinstance(decl, RapidFirePreparation):
            outcome = resolve_rapid_fire_preparation(decl, dice, data)
            _show(
                f"rmu rapid fire, preparing: {weapon}",
                "rapid-fire-preparation",
                decl,
                outcome,
                dice,
                dice_info,
                as_json,
            )
            return
        outcome = resolve_rapid_fire(decl, dice, data)
    _show(f"rmu rapid fire: {weapon}", "rapid-fire", decl, outcome, dice, dice_info, as_json)


def suppress(
    weapon: opts.WeaponOpt,
    distance: opts.DistanceOpt,
    width: opts.WidthOpt,
    fire_discipline: opts.SweepDisciplineOpt = 0,
    skill: opts.SweepSkillOpt = 0,
    bearing: opts.BearingOpt = 0.0,
    at: opts.AtOpt = "0,0",
    target: opts.TargetOpt = None,
    cover: opts.CoverOpt = None,
    scene: opts.SceneOpt = None,
    dive: opts.DiveOpt = None,
    dash: opts.DashOpt = None,
    extra_rounds: opts.ExtraRoundsOpt = 0,
    ap: opts.SweepApOpt = 4,
    ap_left: opts.ApLeftOpt = 4,
    rounds_left: opts.RoundsLeftOpt = None,
    rounds_this_round: opts.RoundsThisRoundOpt = 0,
    sweeps_this_round: opts.SweepsThisRoundOpt = 0,
    ammo: opts.AmmoOpt = "ball",
    mounted: opts.MountedOpt = False,
    strength: opts.StrengthOpt = 0,
    shooter_armor: opts.ShooterArmorOpt = None,
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Hose a stretch of ground: everyone in it dives or stands, then takes their own attack."""
    options = {k: v for k, v in locals().items() if k in opts.SUPPRESS_OPTION_NAMES}
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        decl = opts.suppression_from_options(**options)
        outcome = resolve_suppression_sweep(decl, dice, RmuData())
    _show(
        f"rmu suppression sweep: {weapon}",
        "suppression-sweep",
        decl,
        outcome,
        dice,
        dice_info,
        as_json,
    )


def maneuver(
    bonus: Annotated[int, typer.Option(help="The skill bonus.")] = 0,
    difficulty: Annotated[str, typer.Option(help="casual ... medium, hard ... absurd.")] = "medium",
    absolute: Annotated[bool, typer.Option(help="An absolute (static) maneuver.")] = False,
    opposed: Annotated[
        int | None, typer.Option(help="The passive side's total, for an opposed roll.")
    ] = None,
    skill: Annotated[str, typer.Option(help="The skill's name, for the trace.")] = "maneuver",
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Roll a percentage (default) or absolute maneuver on RMU Table 5-1."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        decl = Maneuver(
            kind="absolute" if absolute else "percentage",
            bonus=bonus,
            difficulty=difficulty,
            opposed_by=opposed,
            skill=skill,
            extra=tuple(opts.parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_maneuver(decl, dice, RmuData())
    _show(f"rmu maneuver: {skill}", "maneuver", decl, outcome, dice, dice_info, as_json)


def move_to_cover(
    cover: Annotated[str, typer.Option(help="The cover reached, GRADE:MATERIAL.")],
    bonus: Annotated[int, typer.Option(help="The mover's moving maneuver bonus.")] = 0,
    fire: Annotated[
        str, typer.Option(help="none, under-fire, or suppressed (a sweep or several guns).")
    ] = "under-fire",
    weapon: Annotated[
        str | None, typer.Option(help="The incoming gun (prices hard cover).")
    ] = None,
    ammo: Annotated[str, typer.Option(help="The incoming load.")] = "ball",
    move_ap: Annotated[int, typer.Option(help="AP the move costs as movement.")] = 1,
    armor: Annotated[
        str, typer.Option(help="The mover's armor (its maneuver penalty counts).")
    ] = "AT 1",
    ap_left: Annotated[int, typer.Option(help="AP the mover has left this round.")] = 4,
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Dash for cover under fire: the maneuver's % is the share of cover gained this round."""
    if fire not in ("none", "under-fire", "suppressed"):
        fail(f"error: --fire is none, under-fire or suppressed, got {fire!r}")
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        target_cover: Cover | None = parse_cover(cover)
        if target_cover is None:
            fail("error: --cover names the cover reached, e.g. full:soft")
        kind: Fire = fire  # type: ignore[assignment]
        decl = MovingToCover(
            cover=target_cover,
            maneuver_bonus=bonus,
            fire=kind,
            weapon=weapon,
            ammo=ammo,
            move_ap=move_ap,
            ap_available=ap_left,
            extra=tuple(opts.parse_mod(m) for m in mod or ()),
            armor=armor,
        )
        outcome = resolve_moving_to_cover(decl, dice, RmuData())
    _show("rmu moving to cover", "moving-to-cover", decl, outcome, dice, dice_info, as_json)


def register(app: typer.Typer) -> None:
    """Add the firearm-action commands to the ``rmu`` app."""
    app.command("rapid-fire")(rapid_fire)
    app.command("suppress")(suppress)
    app.command("maneuver")(maneuver)
    app.command("move-to-cover")(move_to_cover)
