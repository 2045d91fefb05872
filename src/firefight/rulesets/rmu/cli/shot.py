"""``firefight rmu shoot``: one aimed shot, its text headline, and the command run without typer
when its command line is plain (:mod:`firefight.cli.quick`); :mod:`.commands` registers the same
function with typer."""

from __future__ import annotations

from firefight.cli.quick import QuickCommand
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.critical_effects_words import critical_effects_words
from firefight.rulesets.rmu.shot import resolve_aimed_shot
from firefight.rulesets.rmu.shot_options import ShotOptions
from firefight.rulesets.rmu.shot_results import AimedShotResult, StrayRound
from firefight.rulesets.rmu.struck import Strike, Struck
from firefight.rulesets.rmu.table_kinds import critical_words
from firefight.wording import counted

__all__ = ["QUICK", "shoot", "shot_headline"]


def _strike_text(s: Strike) -> str:
    if isinstance(s, Struck) and s.severity:
        return (
            f"{s.total_hits} hits, {s.severity} critical to the {s.location} "
            f"({critical_words(s.critical_table)}){s.kindred_words}"
            f"{critical_effects_words(s.effects, s.breakage, s.kindred_table)}"
        )
    if s.hit:
        return f"{counted(s.hits, 'hit')}, no critical"
    return "missed"


def shot_headline(outcome: Outcome[AimedShotResult]) -> str:
    s = outcome.result
    result = s.result
    stray = s.shielder
    if result == "miss" and stray is not None:
        return f"MISS; the round flies on into {stray.name}: {_strike_text(stray.landing)}"
    if result == "hit":
        return f"HIT: {_strike_text(s.landing)}"
    ally = s.toward_ally.ally if s.toward_ally else None
    if result == "fumble" and isinstance(ally, StrayRound):
        return f"FUMBLE; a round flies toward {ally.name}: {_strike_text(ally.landing)}"
    return {"miss": "MISS", "fumble": "FUMBLE", "cannot hit": "CANNOT HIT"}.get(result, result)


shoot = resolving(
    ShotOptions,
    "aimed-shot",
    lambda shot, dice: resolve_aimed_shot(shot, dice, RmuData()),
    lambda shot: f"rmu aimed shot: {shot.weapon}",
    shot_headline,
)


QUICK = {"shoot": QuickCommand(ShotOptions, shoot)}
