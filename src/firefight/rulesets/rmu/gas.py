"""CS gas on the people in it (RMU-EXP-16), as one declaration: ``rmu gas`` and its odds, and
the Constitution maneuver the encounter asks of a breathing victim.

A gas mask negates it. Holding the breath, or a body that does not breathe (a Kindred without
Blush of Life), leaves only -10 on the eyes and no maneuver. A breathing victim takes -30 on
everything and makes an absolute maneuver (M-3) on their Constitution bonus with every penalty
they carry, the gas's among them (DEC-381): Failure or worse and they hold no coherent action
that round.

>>> from firefight.dice import Dice
>>> cs = CsExposure(victims=(GasVictim(name="Viktor", constitution=10),
...                          GasVictim(name="Lucia", breathes=False)))
>>> [(v.name, v.penalty, v.coherent) for v in
...  resolve_cs(cs, Dice.scripted([96, 30])).result.victims]
[('Viktor', -30, True), ('Lucia', -10, True)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.rmu.explosives import CloudFigures, explosive_data
from firefight.rulesets.rmu.maneuvers import (
    ABSOLUTE_PASSES,
    AbsoluteResult,
    Maneuver,
    resolve_maneuver,
)
from firefight.trace import Entry, Modifier, Trace, TraceBuilder

__all__ = [
    "CsExposure",
    "CsResult",
    "GasCheck",
    "GasLevel",
    "GasVictim",
    "Gassed",
    "con_maneuver",
    "gas_level_for",
    "resolve_cs",
]

RULE = "RMU-EXP-16"


@dataclass(frozen=True, slots=True, kw_only=True)
class GasLevel:
    """What the CS does to one person inside it: the penalty, why, and whether their
    Constitution is tested (only a breathing victim's)."""

    penalty: int
    why: str
    check: bool


def gas_level_for(
    *, mask: bool, breathes: bool, holding_breath: bool, figures: CloudFigures | None = None
) -> GasLevel:
    """RMU-EXP-16: a mask negates it, a held breath or a body that does not breathe leaves the
    eyes' -10, a breathing victim takes -30 and the maneuver."""
    figs = figures or explosive_data().clouds
    if mask:
        return GasLevel(penalty=0, why="a gas mask keeps it out", check=False)
    if not breathes:
        return GasLevel(penalty=figs.gas_eyes, why="does not breathe: the eyes only", check=False)
    if holding_breath:
        return GasLevel(penalty=figs.gas_eyes, why="holding their breath: the eyes only",
                        check=False)  # fmt: skip
    return GasLevel(penalty=figs.gas_full, why="breathing it", check=True)


def con_maneuver(
    name: str, constitution: int | None, penalties: Sequence[Modifier], dice: Dice
) -> tuple[bool, int, str, Trace]:
    """A breathing victim's Constitution maneuver: whether they hold a coherent action, the
    total, the result and the trace. ``penalties`` holds the gas's -30 and any other."""
    tb = TraceBuilder()
    basis = f"Constitution {constitution:+d}" if constitution is not None else "+0 (no Co given)"
    tb.step(f"{name} is breathing CS: an absolute maneuver on {basis}; Failure or worse and no "
            "coherent action this round.", RULE)  # fmt: skip
    decl = Maneuver(kind="absolute", bonus=constitution or 0, actor=name, skill="constitution",
                    extra=tuple(penalties))  # fmt: skip
    rolled = resolve_maneuver(decl, dice)
    result = rolled.result.result
    passed = AbsoluteResult(result) in ABSOLUTE_PASSES
    return (
        passed,
        rolled.result.total,
        result,
        Trace((*tb.build().entries, *rolled.trace.entries)),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class GasCheck(Result):
    """An encounter's Constitution maneuver against the CS before an action: its band and
    total; Failure or worse and the action has no effect."""

    gas_check: str
    gas_total: int

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if AbsoluteResult(self.gas_check) in ABSOLUTE_PASSES else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class Gassed:
    """One person in the CS: their penalty, whether they keep a coherent action, and a
    breathing victim's maneuver band and total."""

    name: str
    penalty: int
    coherent: bool
    maneuver: str | None = omitted()
    total: int | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class CsResult(Result):
    """A round in the CS (``result`` ``cs``): a ``hit`` when it takes anyone's coherent
    action, else a ``miss``."""

    result: str = "cs"
    victims: tuple[Gassed, ...]

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(not v.coherent for v in self.victims) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class GasVictim:
    """Someone in a CS cloud: their Constitution bonus, a mask, a held breath, whether the body
    breathes, and any other penalty they carry (``penalty``, <= 0)."""

    name: str
    constitution: int = 0
    mask: bool = False
    holding_breath: bool = False
    breathes: bool = True
    penalty: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class CsExposure:
    """A round in the CS for ``victims``."""

    victims: tuple[GasVictim, ...]


def resolve_cs(decl: CsExposure, dice: Dice) -> Outcome[CsResult]:
    """Each victim's level and, for a breathing one, the maneuver. Dice: one maneuver per
    breathing victim, in order."""
    if not decl.victims:
        raise RuleRefusal(RULE, "Name at least one person in the CS.")
    tb = TraceBuilder()
    entries: list[Entry] = []
    victims = []
    for v in decl.victims:
        level = gas_level_for(mask=v.mask, breathes=v.breathes, holding_breath=v.holding_breath)
        tb.step(f"{v.name}: {level.why}: {level.penalty or 'no'} penalty.", RULE)
        row = Gassed(name=v.name, penalty=level.penalty, coherent=True)
        entries.extend(tb.build().entries)
        tb = TraceBuilder()
        if level.check:
            penalties = [Modifier(value=level.penalty, label="CS gas", rule=RULE)]
            if v.penalty:
                penalties.append(Modifier(value=v.penalty, label="other penalties"))
            passed, total, result, trace = con_maneuver(v.name, v.constitution, penalties, dice)
            entries.extend(trace.entries)
            row = Gassed(
                name=v.name, penalty=level.penalty, coherent=passed, maneuver=result, total=total
            )
        victims.append(row)
    return Outcome(events=(), trace=Trace(tuple(entries)), result=CsResult(victims=tuple(victims)))
