"""The rmu melee attack, grapple and escape as the odds layer sees them (R-6, RMU-BITE-2, -3).

:class:`MeleeView` is what a melee attack or grapple did, without the dice: result, total hits,
severity (and its step-down), location, critical table, the hold a grapple took, bleeding,
stun, dying, dead. :class:`EscapeView` is whether a victim broke free. The generic engine and
Monte Carlo run the scalar resolvers over them; :func:`melee_exact` is the fast exact path of
the attack: the open-ended attack roll's distribution (less the fumbling faces), each total
read once on the table, each critical over its 100 faces -- the same outcomes the generic
engine finds by running every dice path. :func:`escape_exact` does the same for the contest:
the two open-ended rolls' distributions, crossed.

>>> view = MeleeView("hit", 20, "C", 0, "leg", "grapple", 50, 0, 0, False, False)
>>> [s.read(view) for s in melee_stats(None) if s.name in ("p_hit", "expected_hold")]
[1.0, 50.0]
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.fumble_range import shrunk_fumble_range
from firefight.rulesets.rmu.haste import haste_penalty
from firefight.rulesets.rmu.kindred_criticals import aggravated_table
from firefight.rulesets.rmu.kindred_vitals import KindredFate, critical_fate
from firefight.rulesets.rmu.melee.attack import (
    MeleeAttack,
    check_attack,
    melee_terms,
    resolve_melee_attack,
)
from firefight.rulesets.rmu.melee.catalog import melee_weapon
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.grapple import Escape, check_escape, resolve_escape
from firefight.rulesets.rmu.melee.results import EscapeResult, MeleeHit, MeleeResult
from firefight.rulesets.rmu.melee.table_read import read_melee, shift_read
from firefight.rulesets.rmu.odds.views import (
    EXPECTED_HITS,
    default_data,
    kindred_fate_stats,
    result_stat,
)
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.table_kinds import critical_words
from firefight.trace import TraceBuilder
from firefight.wording import counted

__all__ = [
    "ESCAPE_STATS",
    "EscapeView",
    "MeleeView",
    "describe_escape",
    "describe_melee",
    "escape_exact",
    "escape_view",
    "melee_exact",
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


def melee_view(outcome: Outcome[MeleeResult]) -> MeleeView:
    s = outcome.result.blow
    if not isinstance(s, MeleeHit):
        return MeleeView(s.result, 0, None, 0, None, None, 0, 0, 0, False, False)
    e = s.effects
    return MeleeView(
        s.result,
        s.total_hits,
        s.severity,
        s.step_down,
        s.location,
        s.critical_table,
        s.hold,
        e.bleed if e else 0,
        e.stun_rounds if e else 0,
        e is not None and e.dying_rounds is not None,
        e is not None and e.dead,
    )


def escape_view(outcome: Outcome[EscapeResult]) -> EscapeView:
    return EscapeView(outcome.result.result)


def resolve_melee_with(data: Any, attack: MeleeAttack, dice: Dice) -> Outcome:
    return resolve_melee_attack(attack, dice, data)


def resolve_melee_for_odds(attack: MeleeAttack, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_melee_attack(attack, dice, default_data())


def resolve_escape_for_odds(escape: Escape, dice: Dice) -> Outcome:
    return resolve_escape(escape, dice)


_MISS = MeleeView("miss", 0, None, 0, None, None, 0, 0, 0, False, False)
_FUMBLE = MeleeView("fumble", 0, None, 0, None, None, 0, 0, 0, False, False)


def _reads(attack: MeleeAttack, total: int, data: RmuData) -> dict[MeleeView, float]:
    """What one attack total does, over the critical's 100 faces (each 1/100)."""
    weapon, figures = melee_weapon(attack.weapon), melee_figures()
    table = data.tables.attack(weapon.attack_table)
    read = read_melee(table, total, attack.armor, attack.size or weapon.size, figures)
    read = shift_read(read, attack.lightened_by(read))
    if read.result.row is None or not (read.hits or read.severity):
        return {_MISS: 1.0}
    if read.severity is None or read.critical_table is None:
        return {MeleeView("hit", read.hits, None, 0, None, None, 0, 0, 0, False, False): 1.0}
    crit = data.tables.critical(read.critical_table)
    views: dict[MeleeView, float] = defaultdict(float)
    for face in range(1, 101):
        roll = face + read.critical_roll_bonus
        if read.step_down:
            row = crit.stepped_down(roll, read.step_down)
            cells = [row.cell(Severity.A)]
        else:
            row = crit.row_for(roll)
            cells = [cell for _, cell in crit.lookup(roll, read.severity)]
        e = combine_effects(cells)
        views[
            MeleeView(
                "hit",
                read.hits + sum(c.hits for c in cells),
                read.severity.value,
                read.step_down,
                row.location.value,
                read.critical_table,
                sum(c.hold for c in cells),
                e.bleed,
                e.stun_rounds,
                e.dying_rounds is not None,
                e.dead,
            )
        ] += 0.01
    return views


def melee_exact(data: Any, attack: MeleeAttack, depth: int) -> Distribution[MeleeView]:
    """The exact distribution of one melee attack (see the module docstring)."""
    from firefight.probability.openended import open_ended

    data = data if data is not None else default_data()
    check_attack(attack)
    weapon, figures = melee_weapon(attack.weapon), melee_figures()
    bonus = sum(m.value for m in melee_terms(attack, weapon, figures, data, TraceBuilder()))
    reach = shrunk_fumble_range(weapon.fumble, attack.ranks, figures)
    roll = open_ended(depth)
    found: dict[MeleeView, float] = defaultdict(float)
    found[_FUMBLE] = reach / 100
    for index, p in enumerate(roll.p):
        face = roll.low + index
        if face <= reach:
            p -= 0.01  # those faces fumbled instead
        if p <= 0:
            continue
        for view, q in _reads(attack, face + bonus, data).items():
            found[view] += float(p) * q
    return Distribution(
        probabilities=dict(found), method="fast exact", cut_off=roll.cut_off, depth=depth
    )


def escape_exact(data: Any, escape: Escape, depth: int) -> Distribution[EscapeView]:
    """The exact odds of breaking free: P(victim's roll − holder's roll ≥ the margin)."""
    from firefight.probability.openended import open_ended

    check_escape(escape)
    figures = melee_figures()
    haste = haste_penalty(escape.ap, figures.escape_ap[1], figures.haste_per_ap)
    extra = sum(m.value for m in escape.extra)
    # contest = a + ob - hold + haste + extra + 100 - (b + holder_ob) >= 101
    margin = 1 - escape.ob + escape.hold - haste - extra + escape.holder_ob
    roll = open_ended(depth, low_end=True)
    free = 0.0
    for i, pa in enumerate(roll.p):
        a = roll.low + i
        # every holder roll b <= a - margin
        last = a - margin - roll.low
        if pa and last >= 0:
            free += float(pa) * float(roll.p[: last + 1].sum())
    mass = (1 - roll.cut_off) ** 2
    return Distribution(
        probabilities={EscapeView("broke free"): free, EscapeView("held"): mass - free},
        method="fast exact",
        cut_off=1 - mass,
        depth=depth,
    )


def _p(name: str, label: str, test: Any, group: Any = "outcome") -> Stat:
    return Stat(name=name, label=label, kind="probability", read=test, group=group)


_STATS = (
    result_stat("miss"),
    result_stat("fumble"),
    result_stat("hit"),
    _p("p_critical", "P(critical)", lambda v: float(v.severity is not None), "effect"),
    EXPECTED_HITS,
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
    """The attack's stats; a grapple's add P(held) and the expected hold (None: all of them).
    A blow at a Kindred target reads P(torpor) and P(Final Death) where a mortal's reads
    P(dying) and P(dead) (V-2)."""
    if attack is None or attack.weapon == "grapple":
        return (*_STATS, *_HOLD_STATS)
    if not attack.kindred:
        return _STATS
    kindred = kindred_fate_stats(partial(_fate, attack.aggravated))
    return tuple(kindred.get(s.name, s) for s in _STATS)


def _fate(aggravated: bool, view: MeleeView) -> KindredFate:
    """Where a blow leaves a Kindred target (V-2): an ``aggravated`` blow (fangs, a beheading)
    or a critical read on an aggravated table can bring Final Death."""
    table = view.critical_table
    return critical_fate(
        dying=view.dying,
        dead=view.dead,
        aggravated=aggravated or (table is not None and aggravated_table(table)),
    )


def describe_melee(view: Any, attack: MeleeAttack | None = None) -> str:
    """One outcome in words; at a Kindred target (``attack``'s), its fate as V-2 reads it."""
    if view.result != "hit":
        return str(view.result)
    if view.severity is None:
        return f"hit: {counted(view.total_hits, 'hit')}, no critical"
    down = f" stepped down {view.step_down}" if view.step_down else ""
    text = (
        f"hit: {counted(view.total_hits, 'hit')}, {view.severity}{down} critical to the "
        f"{view.location} ({critical_words(view.critical_table)})"
    )
    if view.hold:
        text += f", grappled {view.hold}%"
    if attack is not None and attack.kindred:
        if words := _fate(attack.aggravated, view).words:
            text += f", {words}"
    elif view.dead:
        text += ", dead"
    elif view.dying:
        text += ", dying"
    return text


def describe_escape(view: Any) -> str:
    return str(view.result)
