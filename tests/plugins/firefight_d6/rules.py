"""The toy's one rule: roll a d6, add the skill, reach the target number (D6-1)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from firefight.declarations import param
from firefight.dice import Dice
from firefight.outcome import Outcome, Result
from firefight.probability.action_odds import ActionOdds
from firefight.probability.stats import Stat
from firefight.tables.data_files import DataModel, TableHeader, validate
from firefight.tables.kinds import Grid, TableKind
from firefight.tables.registry import TableSet
from firefight.trace import Modifier, TraceBuilder

__all__ = ["LADDER", "Check", "CheckResult", "Ladder", "registrations", "resolve_check", "tables"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    """The toy's one declaration: every option of its commands comes from these fields."""

    skill: int = param(help="Skill added to the die.", low=0, high=10, rule="D6-1")
    target: int = param(4, help="Number to reach.", low=2, high=16, rule="D6-1")


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult(Result):
    """What a check comes to: a plug-in's typed result. Its word of the outcome vocabulary is
    a field here; a result may instead compute it in an ``outcome`` property."""

    outcome: Literal["success", "failure"]
    total: int
    target: int


def resolve_check(check: Check, dice: Dice) -> Outcome[CheckResult]:
    trace = TraceBuilder()
    roll = trace.roll(dice.die(6, "check"))
    total = trace.total(
        "check",
        [Modifier(value=roll.total, label="d6"), Modifier(value=check.skill, label="skill")],
    )
    result = CheckResult(
        outcome="success" if total.value >= check.target else "failure",
        total=total.value,
        target=check.target,
    )
    trace.step(f"{total.value} against {check.target}: {result.outcome}", rule="D6-1")
    return Outcome(events=(), trace=trace.build(), result=result)


def _scalar(state: Any, check: Check) -> Callable[[Dice], Outcome[CheckResult]]:
    return partial(resolve_check, check)


def _key(outcome: Outcome[CheckResult]) -> Hashable:
    return outcome.result.outcome


def registrations() -> list[ActionOdds]:
    success = Stat(
        name="p_success",
        label="P(success)",
        kind="probability",
        read=lambda key: float(key == "success"),
    )
    return [
        ActionOdds(
            ruleset="d6",
            name="check",
            action_type=Check,
            scalar=_scalar,
            key=_key,
            stats=(success,),
        )
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Ladder:
    """A ladder of target numbers by difficulty: the toy's kind of table."""

    name: str
    title: str
    source: str
    provisional: bool
    derivation: str
    steps: tuple[tuple[str, int], ...]


class _Step(DataModel):
    difficulty: str
    target: int


class _Header(TableHeader):
    kind: str


class _File(DataModel):
    table: _Header
    step: list[_Step]


def _ladder(data: dict[str, Any], label: str) -> Ladder:
    model = validate(_File, data, label)
    h = model.table
    return Ladder(
        name=h.name,
        title=h.title,
        source=h.source,
        provisional=h.provisional,
        derivation=h.derivation,
        steps=tuple((s.difficulty, s.target) for s in model.step),
    )


def _grid(table: Ladder) -> Grid:
    return Grid(
        columns=("difficulty", "target"),
        rows=tuple((d, str(t)) for d, t in table.steps),
    )


LADDER: TableKind[Ladder] = TableKind(name="ladder", type=Ladder, from_data=_ladder, grid=_grid)


def tables() -> TableSet:
    return TableSet("d6", "firefight_d6", (LADDER,))
