"""The audit trail of a resolution: what was asked, what was rolled, what was read, and why.

A resolver appends entries to a :class:`TraceBuilder` as it works and returns the frozen
:class:`Trace`. Entries are :class:`~firefight.dice.Roll` records, :class:`Total` sums of
itemized :class:`Modifier` values, :class:`Lookup` table reads and :class:`Step` notes. A total
is never bare arithmetic: it is the sum of the modifiers listed in it, each with its label and
the rule it comes from.

>>> tb = TraceBuilder()
>>> total = tb.total("attack total", [
...     Modifier(value=77, label="attack roll"),
...     Modifier(value=-30, label="recoil, unprepared", rule="RMU-GEN-3"),
... ])
>>> total.value
47
>>> print(tb.build().render_text())
attack total = 47
      +77  attack roll
      -30  recoil, unprepared  [RMU-GEN-3]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from firefight.dice import Dice, Roll
from firefight.frozen import maker, quick_init

__all__ = [
    "Entry",
    "Lookup",
    "Modifier",
    "QuietTraceBuilder",
    "Step",
    "Total",
    "Trace",
    "TraceBuilder",
    "roll_text",
]


def _cited(rule: str | None) -> str:
    """The rule a trace line cites, as every rendered line shows it after its text."""
    return f"  [{rule}]" if rule else ""


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Modifier:
    """One itemized contribution to a total."""

    value: int
    label: str
    rule: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "label": self.label, "rule": self.rule}

    def render(self) -> str:
        return f"{self.value:+5d}  {self.label}{_cited(self.rule)}"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Total:
    """A labelled sum; ``value`` is always the sum of ``parts``."""

    label: str
    parts: tuple[Modifier, ...]
    value: int = field(init=False)

    def __post_init__(self) -> None:
        # A plain loop, neither a generator nor a list: cheapest for the few terms of a total.
        value = 0
        for p in self.parts:
            value += p.value
        object.__setattr__(self, "value", value)

    def to_json(self) -> dict[str, object]:
        return {
            "type": "total",
            "label": self.label,
            "value": self.value,
            "parts": [p.to_json() for p in self.parts],
        }

    def render(self) -> str:
        lines = [f"{self.label} = {self.value}"]
        lines += ["    " + p.render() for p in self.parts]
        return "\n".join(lines)


#: A total as the trace builders make them, by the hundred a fight (frozen.maker: no class
#: call).
_new_total = maker(Total)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Lookup:
    """A cell read from a table."""

    table: str
    row: str
    column: str
    cell: str
    rule: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "type": "lookup",
            "table": self.table,
            "row": self.row,
            "column": self.column,
            "cell": self.cell,
            "rule": self.rule,
        }

    def render(self) -> str:
        return (
            f"{self.table}: row {self.row}, column {self.column} -> {self.cell}{_cited(self.rule)}"
        )


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """A decision the resolver took, in words, with the rule behind it."""

    text: str
    rule: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"type": "step", "text": self.text, "rule": self.rule}

    def render(self) -> str:
        return f"{self.text}{_cited(self.rule)}"


Entry = Roll | Total | Lookup | Step


def _render_roll(roll: Roll) -> str:
    return roll_text(roll.purpose, roll.kind, roll.faces, roll.total, roll.cards)


def roll_text(
    purpose: str, kind: str, faces: Iterable[object], total: object, cards: Iterable[str] = ()
) -> str:
    """A roll as a trace prints it, kept or read back from a log: cards drawn are named after
    their ranks, which alone say nothing of a suit. Their ranks are never added up (each card
    counts alone, K-1, K-2, K-4), so no total is written after them (DEC-940).

    >>> roll_text("shot", "draw 2", [3, 13], 16, ["3H", "KD"])
    'shot: draw 2 rolled 3, 13 (3H, KD)'
    >>> roll_text("attack roll", "d100", [97, 45], 142)
    'attack roll: d100 rolled 97, 45 -> 142'
    """
    shown = ", ".join(str(f) for f in faces)
    named = ", ".join(cards)
    if named:
        return f"{purpose}: {kind} rolled {shown} ({named})"
    return f"{purpose}: {kind} rolled {shown} -> {total}"


@quick_init
@dataclass(frozen=True, slots=True)
class Trace:
    """An ordered, immutable audit trail."""

    entries: tuple[Entry, ...] = ()

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(e for e in self.entries if isinstance(e, Roll))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID the trace cites, in first-cited order."""
        seen: dict[str, None] = {}
        for entry in self.entries:
            cited = [entry.rule] if not isinstance(entry, Roll | Total) else []
            if isinstance(entry, Total):
                cited = [p.rule for p in entry.parts]
            for rule in cited:
                if rule:
                    seen.setdefault(rule)
        return tuple(seen)

    def to_json(self) -> list[dict[str, object]]:
        return [e.to_json() for e in self.entries]

    def render_text(self) -> str:
        return "\n".join(
            _render_roll(e) if isinstance(e, Roll) else e.render() for e in self.entries
        )

    def dumps(self) -> str:
        import json  # only to compare traces: a command's text does not load it

        return json.dumps(self.to_json(), sort_keys=True)


class TraceBuilder:
    """Collects entries while a resolver works; :meth:`build` freezes them."""

    #: Whether the entries are kept: a resolver may skip wording a step or a lookup (the
    #: words of a table's cell, say) nobody will read, never a roll or a total.
    telling = True

    def __init__(self) -> None:
        self._entries: list[Entry] = []

    def roll(self, roll: Roll) -> Roll:
        self._entries.append(roll)
        return roll

    def die(self, dice: Dice, sides: int, purpose: str) -> int:
        """One dN rolled (:meth:`Dice.die`) and kept: its face."""
        return self.roll(dice.die(sides, purpose)).total

    def pool(self, dice: Dice, count: int, sides: int, purpose: str) -> int:
        """NdM rolled (:meth:`Dice.pool`) and kept: its sum."""
        return self.roll(dice.pool(count, sides, purpose)).total

    def d10_exploding(self, dice: Dice, purpose: str) -> tuple[tuple[int, ...], int]:
        """The cpr d10 rolled (:meth:`Dice.d10_exploding`) and kept: its faces and total."""
        roll = self.roll(dice.d10_exploding(purpose))
        return roll.faces, roll.total

    def total(self, label: str, parts: Iterable[Modifier]) -> Total:
        total = _new_total(label, tuple(parts))
        self._entries.append(total)
        return total

    def add(self, total: Total) -> Total:
        """A total built before (a frozen value, shared safely), kept as :meth:`total` keeps
        the one it builds."""
        self._entries.append(total)
        return total

    def lookup(
        self, *, table: str, row: str, column: str, cell: str, rule: str | None = None
    ) -> None:
        self._entries.append(Lookup(table=table, row=row, column=column, cell=cell, rule=rule))

    def step(self, text: str, rule: str | None = None) -> None:
        self._entries.append(Step(text=text, rule=rule))

    def extend(self, told: Trace) -> None:
        """The entries of a trace worked out before (kept for the same resolution)."""
        self._entries.extend(told.entries)

    def build(self) -> Trace:
        return Trace(tuple(self._entries))


_NO_TRACE = Trace()


class QuietTraceBuilder(TraceBuilder):
    """A :class:`TraceBuilder` for a resolution whose trace nobody reads (a simulated fight's
    quiet path): it keeps no entry and builds an empty :class:`Trace`. :meth:`roll` and
    :meth:`total` still hand back what they are given and the sum, so the resolver runs and
    rolls exactly as it does with a trace kept.

    >>> tb = QuietTraceBuilder()
    >>> tb.total("attack total", [Modifier(value=50, label="roll")]).value
    50
    >>> tb.step("told to nobody")
    >>> len(tb.build())
    0
    """

    telling = False

    def roll(self, roll: Roll) -> Roll:
        return roll

    def die(self, dice: Dice, sides: int, purpose: str) -> int:
        # The very same draw, and no Roll built for nobody.
        return dice.die_face(sides, purpose)

    def pool(self, dice: Dice, count: int, sides: int, purpose: str) -> int:
        return dice.pool_drawn(count, sides, purpose)[1]

    def d10_exploding(self, dice: Dice, purpose: str) -> tuple[tuple[int, ...], int]:
        return dice.d10_exploding_drawn(purpose)

    def total(self, label: str, parts: Iterable[Modifier]) -> Total:
        return _new_total(label, tuple(parts))

    def add(self, total: Total) -> Total:
        return total

    def lookup(
        self, *, table: str, row: str, column: str, cell: str, rule: str | None = None
    ) -> None:
        pass

    def step(self, text: str, rule: str | None = None) -> None:
        pass

    def extend(self, told: Trace) -> None:
        pass

    def build(self) -> Trace:
        return _NO_TRACE
