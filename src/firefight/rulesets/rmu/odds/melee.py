"""The rmu melee attack, grapple and escape as the odds layer sees them (R-6, RMU-BITE-2, -3).

:class:`MeleeView` is what a melee attack or grapple did, without the dice: result, total hits,
severity (and its step-down), location, critical table, the hold a grapple took, bleeding,
stun, dying, dead. :class:`EscapeView` is whether a victim broke free. The generic engine and
Monte Carlo run the scalar resolvers over them; no fast path is needed at these sizes (the
attack roll, then one d100).

>>> view = MeleeView("hit", 20, "C", 0, "leg", "grapple", 50, 0, 0, False, False)
>>> [s.read(view) for s in melee_stats(None) if s.name in ("p_hit", "expected_hold")]
[1.0, 50.0]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.melee.attack import MeleeAttack, resolve_melee_attack
from firefight.rulesets.rmu.melee.grapple import Escape, resolve_escape
from firefight.rulesets.rmu.odds.views import default_data

__all__ = [
    "ESCAPE_STATS",
    "EscapeView",
    "MeleeView",
    "describe_escape",
    "describe_melee",
    "escape_view",
    "melee_stats",
    "melee_view",
    "resolve_escape_for_odds",
    "resolve_melee_for_odds",
    "resolve_melee_with",
]


class MeleeView(NamedTuple):
    result: str  # hit, miss or fumble
    total_hits: int
    severity: str | None
    step_down: int
    location: str | None
    critical_table: str | None
    hold: int
    bleed: int
    stun_rounds: int
    dying: bool
    dead: bool


class EscapeView(NamedTuple):
    result: str  # broke free or held


def melee_view(outcome: Outcome) -> MeleeView:
    s: Mapping[str, Any] = outcome.summary
    effects: Mapping[str, Any] = s.get("effects") or {}
    return MeleeView(
        str(s["result"]),
        int(s.get("total_hits", 0)),
        s.get("severity"),
        int(s.get("step_down", 0)),
        s.get("location"),
        s.get("critical_table"),
        int(s.get("hold", 0)),
        int(effects.get("bleed", 0)),
        int(effects.get("stun_rounds", 0)),
        effects.get("dying_rounds") is not None,
        bool(effects.get("dead", False)),
    )


def escape_view(outcome: Outcome) -> EscapeView:
    return EscapeView(str(outcome.summary["result"]))


def resolve_melee_with(data: Any, attack: MeleeAttack, dice: Dice) -> Outcome:
    return resolve_melee_attack(attack, dice, data)


def resolve_melee_for_odds(attack: MeleeAttack, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_melee_attack(attack, dice, default_data())


def resolve_escape_for_odds(escape: Escape, dice: Dice) -> Outcome:
    return resolve_escape(escape, dice)


def _p(name: str, label: str, test: Any, group: Any = "outcome") -> Stat:
    return Stat(name=name, label=label, kind="probability", read=test, group=group)


_STATS = (
    _p("p_miss", "P(miss)", lambda v: float(v.result == "miss")),
    _p("p_fumble", "P(fumble)", lambda v: float(v.result == "fumble")),
    _p("p_hit", "P(hit)", lambda v: float(v.result == "hit")),
    _p("p_critical", "P(critical)", lambda v: float(v.severity is not None), "effect"),
    Stat(
        name="expected_hits",
        label="expected hits",
        kind="expected",
        read=lambda v: float(v.total_hits),
        group="summary",
    ),
    _p("p_bleeding", "P(bleeding)", lambda v: float(v.bleed > 0), "effect"),
    _p("p_stunned", "P(stunned)", lambda v: float(v.stun_rounds > 0), "effect"),
    _p("p_dying", "P(dying)", lambda v: float(v.dying), "effect"),
    _p("p_dead", "P(dead)", lambda v: float(v.dead), "effect"),
)
_HOLD_STATS = (
    _p("p_held", "P(held)", lambda v: float(v.hold > 0), "effect"),
    Stat(
        name="expected_hold",
        label="expected hold %",
        kind="expected",
        read=lambda v: float(v.hold),
        group="summary",
    ),
)

ESCAPE_STATS = (_p("p_free", "P(breaks free)", lambda v: float(v.result == "broke free")),)


def melee_stats(attack: MeleeAttack | None) -> tuple[Stat, ...]:
    """The attack's stats; a grapple's add P(held) and the expected hold (None: all of them)."""
    if attack is None or attack.weapon == "grapple":
        return (*_STATS, *_HOLD_STATS)
    return _STATS


def describe_melee(view: Any) -> str:
    if view.result != "hit":
        return str(view.result)
    if view.severity is None:
        return f"hit: {view.total_hits} hits, no critical"
    down = f" stepped down {view.step_down}" if view.step_down else ""
    text = (
        f"hit: {view.total_hits} hits, {view.severity}{down} critical to the {view.location} "
        f"({view.critical_table})"
    )
    if view.hold:
        text += f", grappled {view.hold}%"
    if view.dead:
        text += ", dead"
    elif view.dying:
        text += ", dying"
    return text


def describe_escape(view: Any) -> str:
    return str(view.result)
