"""The Target a shot's cards must reach: the range band's Target plus the situation
(CRD-HIT-1, CRD-RNG-1, CRD-MOD-1, CRD-MOD-2), the Rule of Three Ones and recoil compensation
(CRD-MODE-2, K-1). Positive modifiers raise the Target, so make the shot harder.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.rulesets.cards.data import CardsData, RangeRow
from firefight.trace import Modifier

__all__ = ["BANDS", "Situation", "band_for", "movement_modifier", "situation_modifiers"]

#: The range bands after Point Blank, in the order of a range row's distances.
BANDS = ("short", "medium", "long", "extreme")


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """What CRD-MOD-1 reads, already checked against the choices the data offers."""

    aim: int = 0
    wounds: str = "none"
    lighting: str = "normal"
    cover: str = "none"
    blind_fire: bool = False
    vision: str = "normal"
    moving: str = "still"
    target_moving: str = "still"
    vehicle_kmh: int = 0
    vehicle_difference_kmh: int = 0
    called: bool = False
    two_weapons: bool = False


def band_for(row: RangeRow, distance_m: float, data: CardsData) -> str:
    """The band a distance falls in (CRD-RNG-1); past Extreme is refused.

    >>> from firefight.rulesets.cards.data import cards_data
    >>> data = cards_data()
    >>> [band_for(data.ranges["pistol"], d, data) for d in (1, 5, 5.5, 60)]
    ['point-blank', 'short', 'medium', 'extreme']
    """
    if distance_m <= data.point_blank_m:
        return "point-blank"
    for band, limit in zip(BANDS, row.bands_m, strict=True):
        if distance_m <= limit:
            return band
    raise RuleRefusal(
        "CRD-RNG-1",
        f"{distance_m:g} m is past Extreme range for a {row.name} "
        f"({row.bands_m[-1]:g} m): the shot cannot be taken.",
    )


def movement_modifier(attacker: str, target: str, data: CardsData) -> int:
    """CRD-MOD-1 movement, with CRD-MOD-2 when both move at different speeds: the larger
    penalty plus half the smaller, rounded up (walking vs sprinting: 3 + 1/2 -> 4).

    >>> from firefight.rulesets.cards.data import cards_data
    >>> movement_modifier("walking", "sprinting", cards_data())
    4
    """
    a = data.modifiers.movement[attacker]
    t = data.modifiers.movement[target]
    if a and t and a != t:
        return max(a, t) + math.ceil(min(a, t) / 2)
    # One mover, or both at one speed: the table's penalty once (DEC-253).
    return max(a, t)


def situation_modifiers(s: Situation, data: CardsData) -> list[Modifier]:
    """Every CRD-MOD-1 modifier that applies, each named, zero ones left out."""
    m = data.modifiers
    found: list[Modifier] = []

    def add(value: int, label: str, rule: str = "CRD-MOD-1") -> None:
        if value:
            found.append(Modifier(value=value, label=label, rule=rule))

    add(m.aim_per_turn * s.aim, f"aimed {s.aim} turn{'s' if s.aim != 1 else ''}")
    add(m.wounds[s.wounds], f"shooter's wounds ({s.wounds})", "K-3")
    if s.vision == "thermographic":
        # Thermographic vision replaces every visibility modifier (DEC-252).
        add(m.thermographic, "thermographic vision (replaces lighting)")
        add(m.blind_fire if s.blind_fire else 0, "blind fire")
    else:
        lighting = 0 if s.vision == "low-light" else m.lighting[s.lighting]
        if s.vision == "low-light" and m.lighting[s.lighting]:
            found.append(
                Modifier(
                    value=0, label=f"{s.lighting}: ignored by low-light vision", rule="CRD-MOD-1"
                )
            )
        blind = m.blind_fire if s.blind_fire else 0
        # Full dark and blind fire share their row: the worse of the two counts (DEC-252).
        if blind >= lighting:
            add(blind, "blind fire")
        else:
            add(lighting, s.lighting)
    add(m.cover[s.cover], f"target in {s.cover} cover")
    moving = movement_modifier(s.moving, s.target_moving, data)
    both = s.moving != "still" and s.target_moving != "still" and s.moving != s.target_moving
    add(
        moving,
        f"movement: shooter {s.moving}, target {s.target_moving}",
        "CRD-MOD-2" if both else "CRD-MOD-1",
    )
    if s.vehicle_kmh and s.vehicle_difference_kmh:
        raise RuleRefusal(
            "CRD-MOD-1",
            "A shot is vehicle-to-foot or vehicle-to-vehicle, not both: give one speed.",
        )
    # "+1 per 10 km/h": whole tens only (DEC-255).
    add(m.per_10_kmh * (s.vehicle_kmh // 10), f"vehicle and foot, {s.vehicle_kmh} km/h")
    add(
        m.per_10_kmh * (s.vehicle_difference_kmh // 10),
        f"vehicle to vehicle, {s.vehicle_difference_kmh} km/h apart",
    )
    add(m.called_shot if s.called else 0, "called shot")
    add(m.two_weapons if s.two_weapons else 0, "two weapons")
    return found
