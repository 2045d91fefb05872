"""A vampire's bite and feeding (RMU-BITE-1..5).

The bite is a melee attack with Unarmed: Bite (every Kindred has 1 rank) on the Bite table: the
Puncture chassis read Small (DATA.md; :func:`~firefight.rulesets.rmu.melee.table_read.
read_melee`). How the fangs reach the victim sets the penalty (RMU-BITE-2, -3):

=============  =====================================================  =======
reach          when                                                   penalty
=============  =====================================================  =======
``lodged``     the fangs are already in (RMU-BITE-3)                  0
``helpless``   the victim is unaware, helpless or unresisting         0
``held``       a hold from an earlier round still lasts               0
``secondary``  a grapple landed this round: the bite follows it       -20
``direct``     no hold                                                -20
=============  =====================================================  =======

Feral Weapons (Protean 2) waives the -20 (RMU-BITE-5). Against Kindred the fangs are aggravated:
no V-1 reduction (RMU-BITE-1). A bite that deals damage lodges the fangs (RMU-BITE-3).

Dice: the attack roll (d100 open-ended high), then the critical roll when the total gives one.
A bite does not fumble here (DEC-368).

>>> from firefight.dice import Dice
>>> bite = Bite(biter="Mara", victim="Viktor", ob=5, reach="direct")
>>> outcome = resolve_bite(bite, Dice.scripted([97, 60, 50]))
>>> outcome.summary["attack_total"], outcome.summary["hits"], outcome.summary["lodged"]
(142, 13, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData
from firefight.rulesets.rmu.events import CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.melee.critical import land_critical
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.table_read import read_melee
from firefight.rulesets.rmu.strike import attack_roll_term
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import counted

__all__ = ["REACHES", "Bite", "Reach", "bite_modifiers", "resolve_bite"]

#: How the fangs reach the victim (RMU-BITE-2, RMU-BITE-3).
Reach = Literal["lodged", "helpless", "held", "secondary", "direct"]
REACHES: tuple[Reach, ...] = ("lodged", "helpless", "held", "secondary", "direct")

_WHY: dict[Reach, tuple[str, str]] = {
    "lodged": ("the fangs are already lodged: no penalty", "RMU-BITE-3"),
    "helpless": ("the victim is unaware, helpless or unresisting: no penalty", "RMU-BITE-2"),
    "held": ("the hold lasts from an earlier round: full OB", "RMU-BITE-2"),
    "secondary": ("a secondary attack after this round's grapple", "RMU-BITE-2"),
    "direct": ("a direct bite without a hold", "RMU-BITE-2"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Bite:
    """One bite. ``ob`` is the biter's Unarmed: Bite bonus; ``feral`` Feral Weapons active
    (RMU-BITE-5); ``victim_column`` the victim's naked AT; ``victim_db`` the DB they bring (none
    when helpless, P-9); ``victim_kindred`` whether the victim is Kindred (the fangs are
    aggravated to them, RMU-BITE-1); ``extra`` the biter's penalties and situational terms."""

    biter: str
    victim: str
    ob: int
    reach: Reach
    ap: int = 4
    ap_available: int = 4
    feral: bool = False
    victim_column: str = "AT 1"
    victim_db: int = 0
    victim_kindred: bool = False
    extra: tuple[Modifier, ...] = ()


def bite_modifiers(bite: Bite, tb: TraceBuilder | None = None) -> list[Modifier]:
    """Every term of the bite's total but the roll: OB, reach, haste, DB, the rest."""
    figs = kindred_figures()
    low, high = figs.bite_ap
    if not low <= bite.ap <= high:
        raise RuleRefusal("R-6", f"A bite is a melee attack: {low} to {high} AP, not {bite.ap}.")
    if bite.ap > bite.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"The bite takes {bite.ap} AP, but {bite.biter} has only {bite.ap_available} left.",
        )
    if bite.victim_column not in NAKED_COLUMNS:
        raise RuleRefusal("RMU-BITE-1", f"{bite.victim_column!r} is not a naked armor column.")
    mods = [Modifier(value=bite.ob, label=f"{bite.biter}'s Unarmed: Bite", rule="RMU-BITE-1")]
    why, rule = _WHY[bite.reach]
    if bite.reach in ("secondary", "direct"):
        if bite.feral:
            if tb is not None:
                tb.step(f"Feral Weapons: the -20 of {why} is waived.", "RMU-BITE-5")
        else:
            mods.append(Modifier(value=figs.bite_penalty, label=why, rule=rule))
    elif tb is not None:
        tb.step(f"{bite.biter} bites {bite.victim}: {why}.", rule)
    haste = melee_figures().haste_per_ap * (high - bite.ap)
    if haste:
        mods.append(Modifier(value=haste, label=f"haste: {bite.ap} AP", rule="RMU-GEN-1"))
    if bite.victim_db:
        mods.append(Modifier(value=-bite.victim_db, label=f"{bite.victim}'s DB", rule="P-9"))
    return [*mods, *bite.extra]


def resolve_bite(bite: Bite, dice: Dice, data: RmuData | None = None) -> Outcome:
    """Roll and read one bite (RMU-BITE-1..3)."""
    data = data or RmuData()
    figs = kindred_figures()
    tb = TraceBuilder()
    mods = bite_modifiers(bite, tb)
    roll = tb.roll(dice.d100_open_ended("bite", low_end=False))
    total = tb.total("bite total", [attack_roll_term(roll.total), *mods]).value
    table = data.tables.attack(figs.bite_table)
    read = read_melee(table, total, bite.victim_column, figs.bite_size)
    tb.lookup(
        table=f"{table.name} (Small: the Bite)",
        row=read.result.row.label if read.result.row else f"below {table.rows[0].low}",
        column=bite.victim_column,
        cell=str(read),
        rule="RMU-BITE-1",
    )
    summary: dict[str, object] = {
        "biter": bite.biter,
        "victim": bite.victim,
        "reach": bite.reach,
        "roll": roll.total,
        "attack_total": total,
        "hits": read.hits,
        "severity": None,
        "lodged": False,
    }
    if read.result.row is None:
        tb.step(f"{total} is below the table: the fangs miss.", "RMU-GEN-5")
        return Outcome(events=(), trace=tb.build(), summary={**summary, "result": "miss"})
    events: list[Event] = []
    if read.hits:
        events.append(
            HitsInflicted(target=bite.victim, hits=read.hits, rule="RMU-BITE-1", aggravated=True)
        )
    if bite.victim_kindred:
        tb.step(f"Fangs are aggravated to {bite.victim}: no severity reduction.", "RMU-BITE-1")
    if read.severity is not None and read.critical_table is not None:
        landed = land_critical(
            table=data.tables.critical(read.critical_table),
            severity=read.severity,
            step_down=read.step_down,
            roll_bonus=read.critical_roll_bonus,
            target=bite.victim,
            attacker=bite.biter,
            dice=dice,
            trace=tb,
            rule="RMU-BITE-1",
        )
        events.extend(
            replace(e, aggravated=True) if isinstance(e, CriticalInflicted) else e
            for e in landed.events
        )
        summary |= {"severity": read.severity.value, **landed.summary()}
    lodged = bool(events)
    if lodged:
        tb.step(f"The bite draws blood: the fangs lodge in {bite.victim}.", "RMU-BITE-3")
    summary |= {"result": "hit", "lodged": lodged}
    headline = f"{bite.biter} bites {bite.victim}: " + (
        f"{counted(read.hits, 'hit')}"
        + (f" and a {read.severity.value} critical" if read.severity else "")
        + ", the fangs lodge."
        if lodged
        else "no harm."
    )
    return Outcome(
        events=tuple(events), trace=tb.build(), summary={**summary, "headline": headline}
    )
