"""``firefight rmu rapid-fire | suppress | maneuver | move-to-cover``: the rmu firearm actions.

Registered on the ``rmu`` app by :func:`register`. The options of rapid fire and the sweep,
and the declarations they build, live in :mod:`firefight.rulesets.rmu.cli.fire_options` (shared with
``odds rmu rapid-fire`` / ``odds rmu suppress``). Interfaces hold no rules: these commands build a
declaration, call the resolver and show its outcome.
"""

from __future__ import annotations

from typing import Annotated

import typer

from firefight.cli.common import (
    AskOpt,
    GivenDice,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    fail,
    given_dice,
    json_refusals,
    refusals,
    show_resolution,
)
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cli import fire_options as opts
from firefight.rulesets.rmu.cover import Cover, parse_cover
from firefight.rulesets.rmu.maneuvers import Maneuver, resolve_maneuver
from firefight.rulesets.rmu.moving_cover import Fire, MovingToCover, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    RapidFirePreparation,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.suppression import resolve_suppression_sweep

__all__ = ["maneuver", "move_to_cover", "rapid_fire", "suppress"]


def _show(
    title: str, action: str, decl: object, outcome: Outcome, given: GivenDice, as_json: bool
) -> None:
    show_resolution(
        ruleset="rmu",
        action=action,
        declaration=decl,
        outcome=outcome,
        given=given,
        as_json=as_json,
        title=title,
        headline=_headline,
    )


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
        lines.append(f"BURST: {s['bullets']} bullets, +{s['carried_bonus']} carried")
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
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Empty the gun: prepare (--prepare), then fire next round with the share it earned.
    The first --target is the man aimed at; everyone else is checked against the 5° cone."""
    options = {k: v for k, v in locals().items() if k in opts.RAPID_FIRE_OPTION_NAMES}
    given = given_dice(rolls, seed, ask)
    data = RmuData()
    action = "rapid-fire-preparation" if prepare else "rapid-fire"
    with refusals(json_refusals("rmu", action, given, as_json)):
        decl = opts.rapid_fire_from_options(**options)
        if isinstance(decl, RapidFirePreparation):
            outcome = resolve_rapid_fire_preparation(decl, given.dice, data)
            title = f"rmu rapid fire, preparing: {weapon}"
        else:
            outcome = resolve_rapid_fire(decl, given.dice, data)
            title = f"rmu rapid fire: {weapon}"
    _show(title, action, decl, outcome, given, as_json)


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
    mod: opts.ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Hose a stretch of ground: everyone in it dives or stands, then takes their own attack."""
    options = {k: v for k, v in locals().items() if k in opts.SUPPRESS_OPTION_NAMES}
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "suppression-sweep", given, as_json)):
        decl = opts.suppression_from_options(**options)
        outcome = resolve_suppression_sweep(decl, given.dice, RmuData())
    _show(f"rmu suppression sweep: {weapon}", "suppression-sweep", decl, outcome, given, as_json)


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
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "maneuver", given, as_json)):
        decl = Maneuver(
            kind="absolute" if absolute else "percentage",
            bonus=bonus,
            difficulty=difficulty,
            opposed_by=opposed,
            skill=skill,
            extra=tuple(opts.parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_maneuver(decl, given.dice, RmuData())
    _show(f"rmu maneuver: {skill}", "maneuver", decl, outcome, given, as_json)


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
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "moving-to-cover", given, as_json)):
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
        outcome = resolve_moving_to_cover(decl, given.dice, RmuData())
    _show("rmu moving to cover", "moving-to-cover", decl, outcome, given, as_json)
