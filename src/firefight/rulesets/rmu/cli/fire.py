"""``firefight rmu rapid-fire | suppress | maneuver | move-to-cover``: the rmu firearm actions.

Each command's options are its declaration's fields (:mod:`firefight.rulesets.rmu.fire_options`,
shared with ``odds rmu rapid-fire`` / ``odds rmu suppress``). Interfaces hold no rules: these
commands build a declaration, call the resolver and show its outcome.
"""

from __future__ import annotations

from typing import Any

import typer

from firefight.cli.declared import declared_command
from firefight.outcome import Outcome, Result
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.fire_options import (
    ManeuverOptions,
    MoveToCoverOptions,
    RapidFireOptions,
    SuppressOptions,
)
from firefight.rulesets.rmu.fire_results import (
    BurstTarget,
    ConeOutOfReach,
    PreparationResult,
    RapidFireResult,
    SweepResult,
    SweptPerson,
)
from firefight.rulesets.rmu.maneuvers import (
    AbsoluteManeuverResult,
    PercentageResult,
    resolve_maneuver,
)
from firefight.rulesets.rmu.moving_cover import DashResult, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.struck import Struck
from firefight.rulesets.rmu.suppression import resolve_suppression_sweep
from firefight.rulesets.rmu.table_kinds import critical_words
from firefight.wording import counted

__all__ = ["app", "maneuver", "move_to_cover", "rapid_fire", "suppress"]


def _target_line(t: BurstTarget | ConeOutOfReach | SweptPerson) -> str:
    landing = t.person.landing if isinstance(t, BurstTarget | SweptPerson) else None
    if isinstance(landing, Struck) and landing.severity:
        return (
            f"{t.name}: {landing.total_hits} hits, {landing.severity} critical to the "
            f"{landing.location} ({critical_words(landing.critical_table)})"
            f"{landing.kindred_words}"
        )
    if landing is not None and landing.hit:
        return f"{t.name}: {landing.hits} hits, no critical"
    return f"{t.name}: {t.result}"


def _result_line(result: Result) -> str:
    """The headline's first line."""
    if isinstance(result, DashResult):
        return (
            f"{result.result.upper()}: +{result.bonus_this_round} of the cover's "
            f"+{result.full_bonus} this round"
        )
    if isinstance(result, PercentageResult | AbsoluteManeuverResult):
        return f"{result.result.upper()} (total {result.total})"
    assert isinstance(result, PreparationResult | RapidFireResult | SweepResult)
    if isinstance(result, PreparationResult | SweepResult) and result.malfunction is not None:
        m = result.malfunction
        return f"MALFUNCTION: {m.effect.label} ({m.column}, {m.total})"
    if isinstance(result, PreparationResult):
        if result.result == "prepared":
            return (
                f"PREPARED: {result.percent}%, {result.share_percent}% carried into next round "
                f"(+{result.carried_bonus} for {result.bullets_next_round} bullets)"
            )
        return "WASTED: the preparation failed to act; nothing spent, prepare again"
    if isinstance(result, RapidFireResult):
        return f"BURST: {counted(result.bullets, 'bullet')}, +{result.carried_bonus} carried"
    return f"SWEPT: {result.rounds} rounds, volume +{result.volume_bonus}"


def _headline(outcome: Outcome) -> str:
    result = outcome.result
    lines = [_result_line(result)]
    if isinstance(result, RapidFireResult | SweepResult):
        lines.extend("  " + _target_line(t) for t in result.targets)
    return "\n".join(lines)


_prepare = resolving(
    RapidFireOptions,
    "rapid-fire-preparation",
    lambda decl, dice: resolve_rapid_fire_preparation(decl, dice, RmuData()),
    lambda decl: f"rmu rapid fire, preparing: {decl.weapon}",
    _headline,
)
_fire = resolving(
    RapidFireOptions,
    "rapid-fire",
    lambda decl, dice: resolve_rapid_fire(decl, dice, RmuData()),
    lambda decl: f"rmu rapid fire: {decl.weapon}",
    _headline,
)


def rapid_fire(values: dict[str, Any], **how: Any) -> None:
    """The preparation round with ``--prepare``, else the firing round."""
    (_prepare if values.get("prepare") else _fire)(values, **how)


suppress = resolving(
    SuppressOptions,
    "suppression-sweep",
    lambda decl, dice: resolve_suppression_sweep(decl, dice, RmuData()),
    lambda decl: f"rmu suppression sweep: {decl.weapon}",
    _headline,
)
maneuver = resolving(
    ManeuverOptions,
    "maneuver",
    lambda decl, dice: resolve_maneuver(decl, dice, RmuData()),
    lambda decl: f"rmu maneuver: {decl.skill}",
    _headline,
)
move_to_cover = resolving(
    MoveToCoverOptions,
    "moving-to-cover",
    lambda decl, dice: resolve_moving_to_cover(decl, dice, RmuData()),
    lambda _: "rmu moving to cover",
    _headline,
)


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
