"""Critical injuries (C-4): the Body and Head tables, 2d6, and rolling on them.

The mechanics of each row are data (``data/critical_injuries.toml``); the labels and notes are
the project's own. A target already suffering the injury rolled rolls again, so nobody suffers
the same injury twice (the public core rules' practice, kept here).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from firefight.dice import Dice
from firefight.errors import UnknownNameError
from firefight.rulesets.cpr.datafile import load
from firefight.trace import TraceBuilder

__all__ = [
    "CriticalInjury",
    "InjuryTables",
    "Penalty",
    "load_injuries",
    "roll_critical_injury",
]

Applies = Literal["all", "ranged", "melee", "hand", "speech", "vision", "hearing"]
InjuryTable = Literal["body", "head"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """A standing penalty an injury puts on some kind of action."""

    applies: Applies
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalInjury:
    table: InjuryTable
    roll: int
    key: str
    label: str
    effect: str
    penalties: tuple[Penalty, ...] = ()
    move: int = 0
    death_save: int = 0
    drops_item: bool = False
    no_evasion: bool = False
    aimed_head_multiplier: int | None = None
    on_move_over_m: int | None = None
    on_move: str | None = None
    next_turn: str | None = None

    def penalty_for(self, kinds: Iterable[Applies]) -> int:
        """The sum of this injury's penalties on any of the given kinds of action."""
        wanted = set(kinds)
        return sum(p.value for p in self.penalties if p.applies in wanted)


@dataclass(frozen=True, slots=True, kw_only=True)
class InjuryTables:
    """Both tables, by table and 2d6 roll, and every injury by key."""

    rows: dict[InjuryTable, dict[int, CriticalInjury]]

    def by_key(self) -> dict[str, CriticalInjury]:
        return {i.key: i for table in self.rows.values() for i in table.values()}

    def labels(self, keys: Iterable[str]) -> list[str]:
        """The injuries ``keys`` name, as a GM reads them (``object lodged in the body``)."""
        return [self.injury(key).label for key in keys]

    def injury(self, key: str) -> CriticalInjury:
        known = self.by_key()
        try:
            return known[key]
        except KeyError:
            raise UnknownNameError("cpr critical injury", key, known) from None


def _injury(i: dict[str, Any]) -> CriticalInjury:
    return CriticalInjury(
        table=i["table"],
        roll=i["roll"],
        key=i["key"],
        label=i["label"],
        effect=i["effect"],
        penalties=tuple(
            Penalty(applies=p["applies"], value=p["value"]) for p in i.get("penalties", ())
        ),
        move=i.get("move", 0),
        death_save=i.get("death_save", 0),
        drops_item=i.get("drops_item", False),
        no_evasion=i.get("no_evasion", False),
        aimed_head_multiplier=i.get("aimed_head_multiplier"),
        on_move_over_m=i.get("on_move_over_m"),
        on_move=i.get("on_move"),
        next_turn=i.get("next_turn"),
    )


def load_injuries(*, validate: bool = False) -> InjuryTables:
    data = load("critical_injuries.toml", "InjuriesFile", validate=validate)
    rows: dict[InjuryTable, dict[int, CriticalInjury]] = {"body": {}, "head": {}}
    for i in data["injury"]:
        injury = _injury(i)
        rows[injury.table][injury.roll] = injury
    return InjuryTables(rows=rows)


def roll_critical_injury(
    tables: InjuryTables,
    table: InjuryTable,
    suffered: Iterable[str],
    dice: Dice,
    tb: TraceBuilder,
    *,
    target: str,
) -> tuple[CriticalInjury | None, int | None]:
    """Roll 2d6 on ``table`` until an injury the target does not already suffer comes up (C-4).

    Returns the injury and the roll that gave it, or ``(None, None)`` when the target already
    suffers every injury on the table (the bonus damage still lands; the caller says so).
    """
    have = set(suffered)
    rows = tables.rows[table]
    if all(i.key in have for i in rows.values()):
        tb.step(
            f"{target} already suffers every injury on the {table} table; no new one is rolled.",
            "C-4",
        )
        return None, None
    attempt = 0
    while True:
        attempt += 1
        roll = tb.roll(dice.pool_try(2, 6, f"critical injury, {table} table", attempt))
        injury = rows[roll.total]
        tb.lookup(
            table=f"critical injuries ({table})",
            row=str(roll.total),
            column="2d6",
            cell=f"{injury.label}: {injury.effect}",
            rule="C-4",
        )
        if injury.key not in have:
            return injury, roll.total
        tb.step(f"{target} already suffers '{injury.label}': roll again.", "C-4")
