"""Cover against firearms (RMU-COV-1..4, RMU-COV-7, RMU-COV-8 for hollowpoint).

The grade (how much of the target is hidden) comes from the GM or from scene geometry
(:func:`firefight.geometry.cover_grade`); the material decides which row of the cover table
prices it, and for hard and hardened cover the incoming gun's attack table picks the column.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.geometry import CoverGrade
from firefight.rulesets.rmu.catalog import Ammunition, CoverValues, Weapon

__all__ = [
    "GUN_PRICED",
    "Cover",
    "CoverMaterial",
    "CoverPrice",
    "barrier_bonus",
    "check_gun_named",
    "dashed_short",
    "parse_cover",
    "price_cover",
    "price_melee_cover",
    "reached_bonus",
    "share_refused",
]


class CoverMaterial(Enum):
    SOFT = "soft"
    HARD = "hard"
    HARDENED = "hardened"
    IMPENETRABLE = "impenetrable"


#: RMU-COV-3: the materials whose worth hangs on the incoming gun (soft and impenetrable
#: cover do not depend on it, RMU-COV-2).
GUN_PRICED = (CoverMaterial.HARD, CoverMaterial.HARDENED)


@dataclass(frozen=True, slots=True, kw_only=True)
class Cover:
    grade: CoverGrade
    material: CoverMaterial

    def __str__(self) -> str:
        return f"{self.grade.value}:{self.material.value}"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class CoverPrice:
    """The cover's DB, which column priced it, whether it stops the shot outright, and the
    rule that priced it: RMU-COV-2 for soft and impenetrable (the same against any gun),
    RMU-COV-3 for hard and hardened (by the incoming gun)."""

    bonus: int
    column: str
    impassable: bool
    rule: str = "RMU-COV-3"


_GRADE_INDEX = {CoverGrade.PARTIAL: 0, CoverGrade.HALF: 1, CoverGrade.FULL: 2}


def parse_cover(text: str) -> Cover | None:
    """``"half:hard"`` -> Cover; ``"none"`` -> None.

    >>> parse_cover("half:hard")
    Cover(grade=<CoverGrade.HALF: 'half'>, material=<CoverMaterial.HARD: 'hard'>)
    """
    text = text.strip().lower()
    if text in ("", "none"):
        return None
    grade_text, _, material_text = text.partition(":")
    try:
        grade = CoverGrade(grade_text)
        material = CoverMaterial(material_text or "hard")
    except ValueError:
        raise RuleRefusal(
            "RMU-COV-1",
            f"Cover {text!r} is not GRADE:MATERIAL with GRADE partial, half or full and "
            "MATERIAL soft, hard, hardened or impenetrable.",
        ) from None
    return None if grade is CoverGrade.NONE else Cover(grade=grade, material=material)


def check_gun_named(cover: Cover, weapon: str | None) -> None:
    """RMU-COV-3: hard and hardened cover are priced by the gun firing, so one must be named
    (a cover's bonus asked for on its own, a dash to cover)."""
    if cover.material in GUN_PRICED and not weapon:
        raise RuleRefusal(
            "RMU-COV-3",
            f"{cover.material.value.capitalize()} cover is worth what the incoming gun makes "
            "of it: name the weapon firing.",
        )


def price_cover(cover: Cover, weapon: Weapon | None, values: CoverValues) -> CoverPrice:
    """The ranged DB of ``cover`` against ``weapon`` (RMU-COV-2, RMU-COV-3, RMU-COV-4).

    ``weapon`` None is a missile with no gun behind it (an arrow, a thrown blade): it reads the
    lightest column, SG & ME 1-6, as the source has fragments do (docs/decisions.md DEC-103).
    """
    i = _GRADE_INDEX[cover.grade]
    column = (
        0
        if weapon is None or weapon.shotgun
        else next(
            (n for n, col in enumerate(values.hard) if weapon.me <= col.me_max),
            len(values.hard) - 1,
        )
    )
    if cover.material is CoverMaterial.SOFT:
        return CoverPrice(
            bonus=values.soft[i], column="soft (any gun)", impassable=False, rule="RMU-COV-2"
        )
    material = cover.material
    if material is CoverMaterial.HARDENED:
        # Hardened lags one column behind hard; against the lightest column it is impenetrable.
        if column == 0:
            material = CoverMaterial.IMPENETRABLE
        else:
            col = values.hard[column - 1]
            return CoverPrice(
                bonus=col.values[i], column=f"hardened, read as hard {col.label}", impassable=False
            )
    if material is CoverMaterial.IMPENETRABLE:
        hardened = cover.material is CoverMaterial.HARDENED
        return CoverPrice(
            bonus=values.impenetrable[i],
            column="hardened, read as impenetrable" if hardened else "impenetrable (any gun)",
            impassable=cover.grade is CoverGrade.FULL,
            # Hardened read as impenetrable is RMU-COV-3's own clause.
            rule="RMU-COV-3" if hardened else "RMU-COV-2",
        )
    col = values.hard[column]
    return CoverPrice(bonus=col.values[i], column=f"hard {col.label}", impassable=False)


def share_refused(share_percent: int) -> RuleRefusal:
    """What a share of cover reached outside 0-100% meets (RMU-MOV-2); the callers test the
    share themselves, so a shot pays no call."""
    return RuleRefusal(
        "RMU-MOV-2", f"The share of cover reached is 0 to 100%; {share_percent}% was given."
    )


def dashed_short(target: str, cover: Cover) -> str:
    """RMU-MOV-2's step for a dash that reached none of ``cover``: no bonus from it yet."""
    return (
        f"{target} dashed for the {cover} cover this round and did not get behind it: in the "
        "open until next round."
    )


def reached_bonus(bonus: int, share_percent: int) -> int:
    """RMU-MOV-2: the share of a cover's bonus a dash reached this round, rounded half up.

    >>> reached_bonus(25, 50), reached_bonus(40, 100), reached_bonus(40, 0)
    (13, 40, 0)
    """
    if share_percent == 100:
        return bonus  # all of it: nothing to round (most shots at cover, each one settled)
    # Imported here: the firearm figures module (its data models) loads only for a dash's
    # share of a cover, not with every shot.
    from firefight.rulesets.rmu.firearm_data import round_half_up

    return round_half_up(Fraction(bonus * share_percent, 100))


def price_melee_cover(cover: Cover, values: CoverValues) -> int:
    """The DB ``cover`` gives against a melee attack (RMU-COV-7).

    Melee cover does not care what strikes: partial, half and full cover give the melee row
    (+10/+20/+50), doubled for anything harder than soft cover.

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> values = RmuData().cover
    >>> price_melee_cover(Cover(grade=CoverGrade.HALF, material=CoverMaterial.SOFT), values)
    20
    >>> price_melee_cover(Cover(grade=CoverGrade.FULL, material=CoverMaterial.HARD), values)
    100
    """
    base = values.melee[_GRADE_INDEX[cover.grade]]
    if cover.material is CoverMaterial.SOFT:
        return base
    return base * values.melee_hard_multiplier


def barrier_bonus(
    bonus: int, ammo: Ammunition, *, multiplier: int = 1, share_percent: int = 100
) -> int:
    """A barrier's priced ``bonus`` as an attack counts it: times ``multiplier`` (a diver's
    doubling, RMU-SUP-9), doubled again against hollowpoint (RMU-COV-8, DEC-63), then the share
    of it reached this round (RMU-MOV-2)."""
    return reached_bonus(bonus * multiplier * ammo.cover_multiplier, share_percent)
