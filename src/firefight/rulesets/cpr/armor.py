"""Armor: SP per location (C-3), from the armor catalog or as a bare number.

A character wears one piece on the body and one on the head; each has its own SP, and each
ablates on its own. Unaimed hits and every area attack meet the body's SP (C-3, C-8); only an
aimed head shot meets the head's (CPR-AIM-1).

>>> from firefight.rulesets.cpr.data import CprData
>>> data = CprData()
>>> sp_from_text("11", data.armor), sp_from_text("Light Armorjack", data.armor)
(11, 11)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from firefight.errors import UnknownNameError
from firefight.limits import typed_whole
from firefight.rulesets.cpr.datafile import load
from firefight.rulesets.cpr.weapons import normalize_key

__all__ = ["Armor", "Location", "load_armor", "sp_from_text"]


class Location(Enum):
    """Where armor is worn and where a hit lands (C-3)."""

    BODY = "body"
    HEAD = "head"


@dataclass(frozen=True, slots=True, kw_only=True)
class Armor:
    key: str
    name: str
    sp: int
    penalty: int
    locations: frozenset[Location]


def load_armor(*, validate: bool = False) -> dict[str, Armor]:
    data = load("armor.toml", "ArmorFile", validate=validate)
    return {
        a["key"]: Armor(
            key=a["key"],
            name=a["name"],
            sp=a["sp"],
            penalty=a["penalty"],
            locations=frozenset(map(Location, a["locations"])),
        )
        for a in data["armor"]
    }


def sp_from_text(text: str, catalog: dict[str, Armor]) -> int:
    """SP from a number (``"11"``) or an armor name (``"light armorjack"``); ``"none"`` is 0."""
    cleaned = text.strip()
    sp = typed_whole(cleaned)
    if sp is not None:
        return sp
    key = normalize_key(cleaned)
    if key in ("none", ""):
        return 0
    if key not in catalog:
        raise UnknownNameError("cpr armor", text, [*catalog, "none"])
    return catalog[key].sp
