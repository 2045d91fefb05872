"""Breaking a hold: the opposed grapple contest (RMU-BITE-3; RULINGS M-4; DEC-344).

A grapple is a melee attack with the catalog's ``grapple`` (:mod:`.attack`); its critical takes
a hold on the victim. The victim gets out only by winning the contest: both roll d100
open-ended (a maneuver, D-2) and add their Unarmed bonus; the victim, the active side, takes
the hold as a penalty and -25 per AP short of the most, and adds 100 − the holder's total
(M-4). 101 or more (M-3's Success) breaks the hold: the victim's roll beat the holder's.
Anything less leaves the hold as it was.

Dice, in order: the victim's roll, then the holder's.

>>> from firefight.dice import Dice
>>> out = resolve_escape(Escape(ob=40, holder_ob=30, hold=50), Dice.scripted([70, 20]))
>>> out.result.result, out.result.contest
('broke free', 110)
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu.haste import haste_term, hastier
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.results import EscapeResult
from firefight.trace import Modifier, TraceBuilder

__all__ = ["ESCAPE_RULE", "Escape", "HoldBroken", "check_escape", "resolve_escape"]

ESCAPE_RULE = "RMU-BITE-3"
#: M-3: the least total that is a Success.
_SUCCESS = 101


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldBroken(Event):
    """``victim`` broke ``holder``'s hold (RMU-BITE-3)."""

    victim: str
    holder: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Escape:
    """The victim's try to break a hold of ``hold`` percent."""

    ob: int
    holder_ob: int
    hold: int
    ap: int = 4
    ap_available: int = 4
    extra: tuple[Modifier, ...] = ()
    victim: str = "victim"
    holder: str = "holder"


def check_escape(escape: Escape) -> None:
    """Refuse, citing the rule, a try that cannot be made."""
    low, high = melee_figures().escape_ap
    if escape.hold <= 0:
        raise RuleRefusal(ESCAPE_RULE, f"{escape.victim} is not held: there is nothing to break.")
    if not low <= escape.ap <= high:
        raise RuleRefusal("DEC-344", f"Breaking free takes {low} to {high} AP, not {escape.ap}.")
    if escape.ap > escape.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"Breaking free costs {escape.ap} AP, but only {escape.ap_available} are left"
            f"{hastier(low, escape.ap_available)}.",
        )


def resolve_escape(escape: Escape, dice: Dice) -> Outcome[EscapeResult]:
    """The contest (see the module docstring)."""
    check_escape(escape)
    figures = melee_figures()
    high = figures.escape_ap[1]
    tb = TraceBuilder()
    mine = tb.roll(dice.d100_open_ended(f"{escape.victim}'s grapple roll"))
    theirs = tb.roll(dice.d100_open_ended(f"{escape.holder}'s grapple roll"))
    holder_total = tb.total(
        f"{escape.holder}'s grapple total",
        [
            Modifier(value=theirs.total, label="d100 open-ended", rule="D-2"),
            Modifier(value=escape.holder_ob, label="Unarmed (Strength)", rule=ESCAPE_RULE),
        ],
    ).value
    terms = [
        Modifier(value=mine.total, label="d100 open-ended", rule="D-2"),
        Modifier(value=escape.ob, label="Unarmed (Strength)", rule=ESCAPE_RULE),
        Modifier(value=-escape.hold, label=f"held {escape.hold}%", rule="DEC-343"),
    ]
    haste = haste_term(
        escape.ap, high, figures.haste_per_ap, lambda short: f"haste: {short} AP short"
    )
    if haste is not None:
        terms.append(haste)
    terms.extend(escape.extra)
    terms.append(Modifier(value=100 - holder_total, label="100 - holder's total", rule="M-4"))
    contest = tb.total(f"{escape.victim}'s contest", terms).value
    free = contest >= _SUCCESS
    if free:
        tb.step(f"{contest}: {escape.victim} wins the contest and breaks free.", ESCAPE_RULE)
        events: tuple[Event, ...] = (
            HoldBroken(victim=escape.victim, holder=escape.holder, rule=ESCAPE_RULE),
        )
    else:
        tb.step(f"{contest}: {escape.holder} keeps the hold.", ESCAPE_RULE)
        events = ()
    return Outcome(
        events=events,
        trace=tb.build(),
        result=EscapeResult(
            result="broke free" if free else "held",
            contest=contest,
            holder_total=holder_total,
            hold=0 if free else escape.hold,
            ap=escape.ap,
        ),
    )
