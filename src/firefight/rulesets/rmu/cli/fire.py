"""``firefight rmu rapid-fire | suppress | maneuver | move-to-cover``: the rmu firearm actions.

Each command's options are its declaration's fields (:mod:`firefight.rulesets.rmu.fire_options`,
shared with ``odds rmu rapid-fire`` / ``odds rmu suppress``). Interfaces hold no rules: these
commands build a declaration, call the resolver and show its outcome.
"""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.common import (
    GivenDice,
    given_dice,
    json_refusals,
    refusals,
    show_resolution,
)
from firefight.cli.declared import declared_command
from firefight.declarations import declare
from firefight.outcome import Outcome, Result
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.fire_options import (
    ManeuverOptions,
    MoveToCoverOptions,
    RapidFireOptions,
    SuppressOptions,
)
from firefight.rulesets.rmu.maneuvers import (
    AbsoluteManeuverResult,
    PercentageResult,
    resolve_maneuver,
)
from firefight.rulesets.rmu.moving_cover import DashResult, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    RapidFirePreparation,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.results import summary_of
from firefight.rulesets.rmu.suppression import resolve_suppression_sweep
from firefight.wording import counted

__all__ = ["app", "maneuver", "move_to_cover", "rapid_fire", "suppress"]


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


def _typed_line(result: Result) -> str | None:
    """The headline of a typed result (the fire's summaries are read below)."""
    if isinstance(result, DashResult):
        return (
            f"{result.result.upper()}: +{result.bonus_this_round} of the cover's "
            f"+{result.full_bonus} this round"
        )
    if isinstance(result, PercentageResult | AbsoluteManeuverResult):
        return f"{result.result.upper()} (total {result.total})"
    return None


def _headline(outcome: Outcome) -> str:
    typed = _typed_line(outcome.result)
    if typed is not None:
        return typed
    s = summary_of(outcome)
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
    else:
        lines.append(f"{str(s.get('result')).upper()} (total {s.get('total')})")
    listed = s.get("targets")
    for t in listed if isinstance(listed, list) else []:
        lines.append("  " + _target_line(t))
    return "\n".join(lines)


def rapid_fire(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    data = RmuData()
    action = "rapid-fire-preparation" if values.get("prepare") else "rapid-fire"
    with refusals(json_refusals("rmu", action, given, as_json)):
        decl = declare(RapidFireOptions, **values).build()
        if isinstance(decl, RapidFirePreparation):
            outcome = resolve_rapid_fire_preparation(decl, given.dice, data)
            title = f"rmu rapid fire, preparing: {decl.weapon}"
        else:
            outcome = resolve_rapid_fire(decl, given.dice, data)
            title = f"rmu rapid fire: {decl.weapon}"
    _show(title, action, decl, outcome, given, as_json)


def suppress(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "suppression-sweep", given, as_json)):
        decl = declare(SuppressOptions, **values).build()
        outcome = resolve_suppression_sweep(decl, given.dice, RmuData())
    title = f"rmu suppression sweep: {decl.weapon}"
    _show(title, "suppression-sweep", decl, outcome, given, as_json)


def maneuver(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "maneuver", given, as_json)):
        decl = declare(ManeuverOptions, **values).build()
        outcome = resolve_maneuver(decl, given.dice, RmuData())
    _show(f"rmu maneuver: {decl.skill}", "maneuver", decl, outcome, given, as_json)


def move_to_cover(
    values: dict[str, Any], *, rolls: str | None, seed: int | None, ask: bool, as_json: bool
) -> None:
    given = given_dice(rolls, seed, ask)
    with refusals(json_refusals("rmu", "moving-to-cover", given, as_json)):
        decl = declare(MoveToCoverOptions, **values).build()
        outcome = resolve_moving_to_cover(decl, given.dice, RmuData())
    _show("rmu moving to cover", "moving-to-cover", decl, outcome, given, as_json)


#: The commands, each generated from its declaration (mounted lazily by ``rmu``'s group).
app = typer.Typer(add_completion=False)
declared_command(
    app,
    "rapid-fire",
    RapidFireOptions,
    help="Empty the gun: prepare (--prepare), then fire next round with the share it earned. "
    "The first --target is the man aimed at; everyone else is checked against the 5° cone.",
)(rapid_fire)
declared_command(
    app,
    "suppress",
    SuppressOptions,
    help="Hose a stretch of ground: everyone in it dives or stands, then takes their own attack.",
)(suppress)
declared_command(
    app,
    "maneuver",
    ManeuverOptions,
    help="Roll a percentage (default) or absolute maneuver on RMU Table 5-1.",
)(maneuver)
declared_command(
    app,
    "move-to-cover",
    MoveToCoverOptions,
    help="Dash for cover under fire: the maneuver's % is the share of cover gained this round.",
)(move_to_cover)
