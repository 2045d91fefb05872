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

from pydantic import Field

from firefight.errors import UnknownNameError
from firefight.rulesets.cpr.datafile import CprTableHeader, load
from firefight.rulesets.cpr.weapons import normalize_key
from firefight.tables.data_files import DataModel

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


class _ArmorModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    sp: int = Field(ge=0)
    penalty: int = Field(le=0)
    locations: list[Location] = Field(min_length=1)


class _ArmorFile(DataModel):
    table: CprTableHeader
    armor: list[_ArmorModel] = Field(min_length=1)


def load_armor() -> dict[str, Armor]:
    model = load(_ArmorFile, "armor.toml")
    return {
        a.key: Armor(
            key=a.key, name=a.name, sp=a.sp, penalty=a.penalty, locations=frozenset(a.locations)
        )
        for a in model.armor
    }


def sp_from_text(text: str, catalog: dict[str, Armor]) -> int:
    """SP from a number (``"11"``) or an armor name (``"light armorjack"``); ``"none"`` is 0."""
    cleaned = text.strip()
    if cleaned.isdigit():
        return int(cleaned)
    key = normalize_key(cleaned)
    if key in ("none", ""):
        return 0
    if key not in catalog:
        raise UnknownNameError("cpr armor", text, [*catalog, "none"])
    return catalog[key].sp
