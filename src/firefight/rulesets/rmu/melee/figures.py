"""The melee figures (``rulesets/rmu/data/melee.toml``): AP, sizes, critical letters, Table 9-5.

>>> figures = melee_figures()
>>> figures.attack_ap, figures.critical_tables["P"]
((2, 4), 'puncture')
>>> figures.sizes[WeaponSize.SMALL].severity
-1
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from pydantic import Field

from firefight.errors import UnknownNameError
from firefight.rulesets.rmu.catalog import PACKAGE
from firefight.tables.data_files import DataModel, package_data, read_toml, validate

__all__ = ["MeleeFigures", "SizeRule", "WeaponSize", "melee_figures"]

_FILE = "data/melee.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


class WeaponSize(Enum):
    """A melee weapon's size: which variant of its family's attack table it reads (DATA.md)."""

    SMALL = "small"
    MEDIUM = "medium"
    BIG = "big"


@dataclass(frozen=True, slots=True, kw_only=True)
class SizeRule:
    """How a size reads the Medium table: hits times ``hits``, severity moved ``severity``."""

    hits: Fraction
    severity: int

    def said(self) -> str:
        """What reading at this size does to a cell, as a trace tells it; empty for Medium.

        >>> SizeRule(hits=Fraction(3, 4), severity=-1).said()
        'hits x0.75, one severity lighter'
        """
        parts = [] if self.hits == 1 else [f"hits x{float(self.hits):g}"]
        if self.severity:
            way = "lighter" if self.severity < 0 else "heavier"
            steps = {1: "one", 2: "two"}.get(abs(self.severity), str(abs(self.severity)))
            parts.append(f"{steps} severity {way}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeFigures:
    attack_ap: tuple[int, int]
    haste_per_ap: int
    fumble_ranks_per_step: int
    fumble_minimum: int
    reach_ft: float
    armor_at: dict[str, str]  # BA class -> the AT it counts as in melee
    sizes: dict[WeaponSize, SizeRule]
    critical_tables: dict[str, str]  # attack-cell letter -> critical table name
    modifiers: dict[str, int]  # Table 9-5 melee OB modifiers by name
    provisional_modifiers: frozenset[str]
    hold_cap: int
    escape_ap: tuple[int, int]
    # A missile read on a melee table (the crossbow's bolt): its AP, point blank reach and bonus.
    missile_ap: tuple[int, int]
    point_blank_ft: float
    point_blank_bonus: int

    def critical_table(self, letter: str) -> str:
        try:
            return self.critical_tables[letter]
        except KeyError:
            raise UnknownNameError("melee critical letter", letter, self.critical_tables) from None

    def modifier(self, name: str) -> int:
        try:
            return self.modifiers[name]
        except KeyError:
            raise UnknownNameError("melee modifier", name, self.modifiers) from None


class _Source(DataModel):
    text: str


class _Attack(DataModel):
    ap: tuple[int, int]
    haste_per_ap: int = Field(le=0)
    fumble_ranks_per_step: int = Field(ge=1)
    fumble_minimum: int = Field(ge=1)
    reach_ft: float = Field(gt=0)


class _Size(DataModel):
    hits: tuple[int, int]
    severity: int = Field(ge=-4, le=4)


class _Modifiers(DataModel):
    provisional: list[str]
    derivation: str
    values: dict[str, int]


class _Grapple(DataModel):
    hold_cap: int = Field(ge=1)
    escape_ap: tuple[int, int]


class _Missile(DataModel):
    ap: tuple[int, int]
    point_blank_ft: float = Field(gt=0)
    point_blank_bonus: int


class _File(DataModel):
    source: _Source
    attack: _Attack
    sizes: dict[WeaponSize, _Size]
    armor_at: dict[str, str]
    criticals: dict[str, str]
    modifiers: _Modifiers
    grapple: _Grapple
    missile: _Missile


@functools.cache
def melee_figures() -> MeleeFigures:
    """The shipped melee figures, read and checked once."""
    m = validate(_File, read_toml(package_data(PACKAGE, _FILE), _LABEL), _LABEL)
    return MeleeFigures(
        attack_ap=m.attack.ap,
        haste_per_ap=m.attack.haste_per_ap,
        fumble_ranks_per_step=m.attack.fumble_ranks_per_step,
        fumble_minimum=m.attack.fumble_minimum,
        reach_ft=m.attack.reach_ft,
        armor_at=dict(m.armor_at),
        sizes={
            size: SizeRule(hits=Fraction(*rule.hits), severity=rule.severity)
            for size, rule in m.sizes.items()
        },
        critical_tables=dict(m.criticals),
        modifiers=dict(m.modifiers.values),
        provisional_modifiers=frozenset(m.modifiers.provisional),
        hold_cap=m.grapple.hold_cap,
        escape_ap=m.grapple.escape_ap,
        missile_ap=m.missile.ap,
        point_blank_ft=m.missile.point_blank_ft,
        point_blank_bonus=m.missile.point_blank_bonus,
    )
