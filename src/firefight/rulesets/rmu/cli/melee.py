"""``firefight rmu melee | grapple | escape``: a melee attack, a grapple and breaking a hold."""

from __future__ import annotations

import typer

from firefight.cli.declared import declared_command
from firefight.outcome import Outcome
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.melee.attack import resolve_melee_attack
from firefight.rulesets.rmu.melee.grapple import resolve_escape
from firefight.rulesets.rmu.melee.options import EscapeOptions, GrappleOptions, MeleeOptions
from firefight.rulesets.rmu.melee.results import MeleeFumble, MeleeMiss, MeleeResult
from firefight.rulesets.rmu.table_kinds import critical_words

__all__ = ["app", "melee_headline", "melee_text"]

app = typer.Typer(add_completion=False)


def melee_headline(outcome: Outcome[MeleeResult]) -> str:
    """A melee attack or a grapple in one line."""
    return melee_text(outcome.result)


def melee_text(attack: MeleeResult) -> str:
    """A melee attack's line: what the blow did."""
    s = attack.blow
    if isinstance(s, MeleeFumble):
        return f"FUMBLE: {s.fumble.effect.label}"
    if isinstance(s, MeleeMiss):
        return "MISS"
    if not s.severity:
        return f"HIT: {s.hits} hits, no critical"
    down = f" (stepped down {s.step_down})" if s.step_down else ""
    text = (
        f"HIT: {s.total_hits} hits, {s.severity}{down} critical to the {s.location} "
        f"({critical_words(s.critical_table)})"
    )
    if s.hold:
        text += f"; grappled {s.hold}%"
    return text


declared_command(
    app, "melee", MeleeOptions, help="Resolve one melee attack (R-6): every term, roll and table."
)(
    resolving(
        MeleeOptions,
        "melee",
        resolve_melee_attack,
        lambda attack: f"rmu melee: {attack.weapon}",
        melee_headline,
    )
)


declared_command(
    app,
    "grapple",
    GrappleOptions,
    help="Resolve one grapple: a Strength-based Unarmed hold on the Grapple table (RMU-BITE-2).",
)(
    resolving(
        GrappleOptions,
        "grapple",
        resolve_melee_attack,
        lambda _: "rmu grapple",
        melee_headline,
    )
)


declared_command(
    app,
    "escape",
    EscapeOptions,
    help="Try to break a hold: the opposed grapple contest (RMU-BITE-3).",
)(
    resolving(
        EscapeOptions,
        "escape",
        resolve_escape,
        lambda _: "rmu escape",
        lambda o: f"{o.result.result.upper()} ({o.result.contest})",
    )
)
