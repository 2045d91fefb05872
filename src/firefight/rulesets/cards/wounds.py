"""Armor and the wound track: level-reduction stars and damage reduction (CRD-DMG-1), the
three wound levels that fill and overflow (K-3), and the crossings that wear armor and call
for knockdown tests (CRD-DMG-2, K-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.rulesets.cards.data import Armor, DamageType, Level

__all__ = [
    "LEVELS",
    "Track",
    "armor_level",
    "boxes_per_level",
    "knockdown_limit",
    "wound_modifier_level",
]


#: The levels, lightest first, as :attr:`Level.index` counts them.
LEVELS: tuple[Level, ...] = tuple(Level)


def boxes_per_level(size: int) -> int:
    """K-3: each level has 2 x Size + 4 boxes (an adult human, Size 4, has 12).

    >>> boxes_per_level(4)
    12
    """
    return 2 * size + 4


def knockdown_limit(size: int) -> int:
    """K-4: a knockdown card below 2 x Size keeps the target upright."""
    return 2 * size


def armor_level(level: Level, armor: Armor, kind: DamageType) -> Level:
    """CRD-DMG-1: each star against the damage type lowers the level one step; Green is the
    lightest and stays Green (DEC-256).

    >>> from firefight.rulesets.cards.data import cards_data
    >>> armor_level(Level.RED, cards_data().armor["riot-plate"], DamageType.BALLISTIC)
    <Level.GREEN: 'G'>
    """
    return LEVELS[max(0, level.index - armor.star_count(kind))]


@dataclass(frozen=True, slots=True, kw_only=True)
class Track:
    """A wound track: boxes filled on each level (K-3), each level ``boxes`` long."""

    boxes: int
    green: int = 0
    yellow: int = 0
    red: int = 0

    @property
    def by_level(self) -> tuple[int, int, int]:
        """Boxes filled on each level, in the order of :data:`LEVELS`."""
        return (self.green, self.yellow, self.red)

    def filled(self, level: Level) -> int:
        return self.by_level[level.index]

    @property
    def left_of_whole(self) -> tuple[int, int]:
        """The boxes still empty on every level, and how many the track holds (K-3)."""
        whole = len(LEVELS) * self.boxes
        return whole - sum(self.by_level), whole

    @property
    def worst(self) -> int:
        """The index of the worst level holding damage; an unhurt track counts as Green, so
        that the first crossing is Green to Yellow as the source's example has it (DEC-257)."""
        return max((n for n, boxes in enumerate(self.by_level) if boxes), default=0)

    @property
    def hurt(self) -> Level | None:
        """The worst level holding any damage (what the shooter's wound modifier reads, K-3)."""
        return LEVELS[self.worst] if any(self.by_level) else None

    @property
    def down(self) -> bool:
        """K-3: a full Red level is down and dying."""
        return self.red >= self.boxes

    def take(self, damage: int, level: Level) -> tuple[Track, int]:
        """K-3: ``damage`` fills its own level, a full level overflowing into the next; what
        is left past a full Red level is returned (it has nowhere to go).

        >>> Track(boxes=12, green=10).take(5, Level.GREEN)
        (Track(boxes=12, green=12, yellow=3, red=0), 0)
        """
        filled = list(self.by_level)
        left = damage
        for n in range(level.index, len(LEVELS)):
            used = min(self.boxes - filled[n], left)
            filled[n] += used
            left -= used
        green, yellow, red = filled
        return Track(boxes=self.boxes, green=green, yellow=yellow, red=red), left


def wound_modifier_level(track: Track) -> str:
    """The wounds entry of the modifier table a shooter with ``track`` uses (K-3)."""
    hurt = track.hurt
    return "none" if hurt is None else hurt.name.lower()
