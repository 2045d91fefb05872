"""Plain JSON-ready data from the frozen values of the domain, in one place."""

from __future__ import annotations

import dataclasses
from enum import Enum

__all__ = ["to_plain"]


def to_plain(value: object) -> object:
    """Dataclasses to dicts (field order kept), enums to their values, tuples to lists.

    >>> from firefight.trace import Modifier
    >>> to_plain(Modifier(value=-30, label="recoil", rule="RMU-GEN-3"))
    {'value': -30, 'label': 'recoil', 'rule': 'RMU-GEN-3'}
    """
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((to_plain(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value
