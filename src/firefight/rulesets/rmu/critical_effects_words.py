"""A critical's combined effects and the armor's breakage check in words: the one wording the
``rmu shoot`` headline and the ``odds rmu shoot`` rows share (RMU-GEN-7, RMU-BRK-1).

The resolver's :class:`~firefight.rulesets.rmu.struck.CriticalEffects` and
:class:`~firefight.rulesets.rmu.struck.BreakageCheck` and the odds' views of them (without the
dice) carry the same fields; the protocols below name only the ones the words read.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["critical_effects_words"]


class Effects(Protocol):
    """The effects of a critical the words tell (RMU-GEN-7)."""

    @property
    def bleed(self) -> int: ...
    @property
    def stun_rounds(self) -> int: ...
    @property
    def stun_penalty(self) -> int: ...
    @property
    def injury(self) -> int: ...
    @property
    def dying_rounds(self) -> int | None: ...
    @property
    def dead(self) -> bool: ...


class Breakage(Protocol):
    """What a breakage check did to the armor (RMU-BRK-1, RMU-BRK-2)."""

    @property
    def armor(self) -> str: ...
    @property
    def penalty(self) -> int: ...
    @property
    def new_total(self) -> int: ...
    @property
    def broken(self) -> bool: ...
    @property
    def beaten_open(self) -> bool: ...
    @property
    def temporary(self) -> bool: ...


def _effects(e: Effects, kindred_table: str | None) -> str:
    said = []
    if e.bleed:
        said.append(f"bleeding {e.bleed}/rnd")
    if e.stun_rounds:
        said.append(f"stunned {e.stun_rounds} rnd at {e.stun_penalty}")
    if e.injury:
        said.append(f"injury {e.injury}")
    if kindred_table is not None:
        said.extend(_kindred_fate(e, kindred_table))
    else:
        if e.dying_rounds is not None:
            said.append(f"dying in {e.dying_rounds} rounds")
        if e.dead:
            said.append("DEAD")
    return f": {', '.join(said)}" if said else ""


def _kindred_fate(e: Effects, table: str) -> list[str]:
    """A Kindred's fate where a mortal's would read dying or dead (V-2)."""
    # Loaded only for a Kindred target: a mortal's line needs none of the encounter's figures.
    from firefight.rulesets.rmu.kindred_vitals import table_fate

    words = table_fate(e, table).words
    return [words] if words else []


def _breakage(b: Breakage) -> str:
    if b.broken:
        what = "BROKEN"
    elif b.penalty:
        what = f"{b.penalty}, total {b.new_total}"
        if b.beaten_open:
            what += ", BEATEN OPEN"
    else:
        what = "held"
    if b.temporary:
        what += ", temporary"
    return f"; {b.armor} breakage: {what}"


def critical_effects_words(
    effects: Effects | None, breakage: Breakage | None, kindred_table: str | None = None
) -> str:
    """What follows a critical's table in a line: ``": bleeding 3/rnd; BA II breakage: -20,
    total -20"``; empty when the critical did nothing beyond its hits and checked no armor.
    ``kindred_table``: the critical's table when the target is Kindred, whose fate reads torpor
    or Final Death where a mortal's reads dying or dead (V-2)."""
    return (_effects(effects, kindred_table) if effects is not None else "") + (
        _breakage(breakage) if breakage is not None else ""
    )
