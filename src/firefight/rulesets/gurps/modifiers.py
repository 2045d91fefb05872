"""Choosing modifiers from 002's catalog (GUR-MOD-1): ``KEY`` takes the listed value, ``KEY=N``
any value the catalog allows for it.

>>> from firefight.rulesets.gurps.data import DATA
>>> [(m.entry.key, m.value) for m in choose(("prone", "darkness=-3"), DATA.modifiers)]
[('prone', -4), ('darkness', -3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.rulesets.gurps.data import ModifierEntry, unknown

__all__ = ["RULE", "Chosen", "choose"]

RULE = "GUR-MOD-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class Chosen:
    entry: ModifierEntry
    value: int


def _one(text: str, catalog: Mapping[str, ModifierEntry]) -> Chosen:
    key, _, given = text.strip().partition("=")
    entry = catalog.get(key.strip())
    if entry is None:
        raise unknown(RULE, "to-hit modifier", key.strip(), sorted(catalog))
    if not given:
        return Chosen(entry=entry, value=entry.value)
    try:
        value = int(given)
    except ValueError:
        raise RuleRefusal(RULE, f"{key} takes a whole number, as {key}={entry.value}.") from None
    if not entry.low <= value <= entry.high:
        raise RuleRefusal(
            RULE, f"{entry.label} runs from {entry.low:+d} to {entry.high:+d}, not {value:+d}."
        )
    return Chosen(entry=entry, value=value)


def choose(texts: Iterable[str], catalog: Mapping[str, ModifierEntry]) -> tuple[Chosen, ...]:
    """The chosen modifiers, refusing an unknown key, a value out of range, a modifier given
    twice and two of one exclusive group (a target has one cover or posture)."""
    chosen = tuple(_one(t, catalog) for t in texts)
    seen: dict[str, str] = {}
    keys: set[str] = set()
    for c in chosen:
        if c.entry.key in keys:
            raise RuleRefusal(RULE, f"{c.entry.label} is given twice.")
        keys.add(c.entry.key)
        if c.entry.exclusive:
            other = seen.get(c.entry.group)
            if other is not None:
                raise RuleRefusal(
                    RULE,
                    f"{other} and {c.entry.key} cannot both apply: pick one {c.entry.group}.",
                )
            seen[c.entry.group] = c.entry.key
    return chosen
