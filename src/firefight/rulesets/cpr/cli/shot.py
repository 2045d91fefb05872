"""``firefight cpr shoot`` and ``cpr autofire``: their text headlines, and the two commands run
without typer when their command line is plain (:mod:`firefight.cli.quick`, DEC-511, DEC-561);
:mod:`.commands` registers the same functions with typer."""

from __future__ import annotations

from firefight.cli.quick import QuickCommand
from firefight.outcome import Outcome
from firefight.rulesets.cpr import cpr_data
from firefight.rulesets.cpr.attack import AttackResult, ShotResult, resolve_ranged_attack
from firefight.rulesets.cpr.attack_options import AutofireOptions, ShootOptions
from firefight.rulesets.cpr.autofire import AutofireResult, resolve_autofire
from firefight.rulesets.cpr.cli.resolved import resolving
from firefight.rulesets.cpr.damage import BodyHit, CoverHit
from firefight.rulesets.cpr.throwing import ThrowResult

__all__ = ["QUICK", "autofire", "hit_text", "shoot", "single_line"]


def hit_text(d: BodyHit | CoverHit) -> str:
    text = f"HIT {d.target}: {d.damage} damage"
    if isinstance(d, BodyHit) and d.sp:
        text += f" vs SP {d.sp}, {d.through} through"
    text += f", {d.hp_lost} HP lost"
    extras = []
    if isinstance(d, BodyHit):
        if d.critical_injuries:
            extras.append("critical: " + ", ".join(cpr_data().injuries.labels(d.critical_injuries)))
        if d.item_dropped:
            extras.append(f"drops the {d.item_dropped}")
        if d.wound_state:
            extras.append(f"now {d.hp_after} HP, {d.wound_state}")
    if extras:
        text += f" ({'; '.join(extras)})"
    return text


def _shot_text(s: ShotResult | AutofireResult | ThrowResult) -> str:
    if s.result == "hit" and s.damage_done is not None:
        return hit_text(s.damage_done)
    against = f"dodge {s.dodge}" if s.dodge is not None else f"DV {s.dv}"
    return f"MISS {s.target} ({s.attack_total} vs {against})"


def _attack_headline(outcome: Outcome[AttackResult]) -> str:
    return "; ".join(_shot_text(s) for s in outcome.result.shots)


def single_line(s: AutofireResult | ThrowResult) -> str:
    text = _shot_text(s)
    if isinstance(s, AutofireResult) and s.multiplier:
        text += f" [autofire x{s.multiplier}]"
    return text


shoot = resolving(ShootOptions, "ranged-attack", resolve_ranged_attack, _attack_headline)
autofire = resolving(AutofireOptions, "autofire", resolve_autofire, lambda o: single_line(o.result))

QUICK = {
    "shoot": QuickCommand(ShootOptions, shoot),
    "autofire": QuickCommand(AutofireOptions, autofire),
}
