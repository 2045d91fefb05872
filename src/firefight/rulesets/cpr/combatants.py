"""Who is shot at, as the GM knows them: armor, hit points, a declared dodge, where they stand.

These are the figures a declaration carries. An encounter builds them from its state; the
command line builds them from options. Positions are metres on the scene's plane (C-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from firefight.frozen import quick_init
from firefight.limits import MAX_COORDINATE_M, finite
from firefight.rulesets.cpr.wounds import Health, WoundState

if TYPE_CHECKING:
    from firefight.rulesets.cpr.cover import Cover

__all__ = ["Aim", "Dodge", "Spot", "Target"]


class Aim(Enum):
    """Where an aimed shot is aimed (CPR-AIM-1)."""

    HEAD = "head"
    HELD_ITEM = "held-item"
    LEG = "leg"

    @property
    def words(self) -> str:
        """The spot as a trace or headline names it: ``"held item"``."""
        return self.value.replace("-", " ")


@dataclass(frozen=True, slots=True, kw_only=True)
class Spot:
    """A position on the scene's plane, in metres.

    >>> Spot(x_m=3, y_m=4)
    Spot(x_m=3, y_m=4)
    """

    x_m: float
    y_m: float

    def __post_init__(self) -> None:
        # The same edge as the scene's Point: a finite place within the documented limit. The
        # two comparisons pass every place that is (nan fails them), so the refusal's words
        # are put together only for one that is not: a fight makes a spot at every shot.
        if not (abs(self.x_m) <= MAX_COORDINATE_M and abs(self.y_m) <= MAX_COORDINATE_M):
            for axis, value in (("x", self.x_m), ("y", self.y_m)):
                finite(f"a position's {axis} (m)", value, MAX_COORDINATE_M)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Dodge:
    """A target's declared dodge (CPR-DOD-1): DEX + Evasion + d10 replaces the DV.

    ``ref`` is checked against the REF 8 threshold; ``dex`` and ``evasion`` are rolled.
    ``if_better``: the dodge is a choice the target makes against each attack, taken only
    where it is likely to stand higher than the DV (an encounter's fighter, DEC-867); a dodge
    declared for one shot is rolled whatever the DV.
    """

    ref: int
    dex: int
    evasion: int
    if_better: bool = False


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Target:
    """A target's figures for one attack.

    ``body_sp`` / ``head_sp`` are the SP the armor has left at each location (C-3).
    ``health`` is optional: without it damage is reported but no wound state is worked out.
    ``injuries`` are the critical injury keys already suffered (C-4).
    ``dodge`` is declared before the attacker rolls, or None (CPR-DOD-1).
    ``position`` places the target for area attacks; ``visible`` says whether the attacker can
    see them, ``on_foot`` and ``in_cover`` matter to suppressive fire (C-6), ``will`` and
    ``concentration`` are what they resist it with; ``resist`` is their Resist Torture/Drugs
    against a poison or sleep load (C-14). ``cover`` is the cover with HP a shot
    at them meets first (C-13): a barrier, or the shield they block with.
    """

    name: str = "target"
    body_sp: int = 0
    head_sp: int = 0
    health: Health | None = None
    injuries: tuple[str, ...] = ()
    dodge: Dodge | None = None
    conscious: bool = True
    shield: bool = False
    sees_attack: bool = True
    position: Spot | None = None
    visible: bool = True
    on_foot: bool = True
    in_cover: bool = False
    will: int = 0
    concentration: int = 0
    resist: int = 0
    cover: Cover | None = None

    @property
    def wound_state(self) -> WoundState:
        return self.health.state if self.health else WoundState.UNHURT
