"""Moving to cover (RMU-MOV-1, RMU-MOV-2).

With nobody shooting, reaching cover takes no roll. Under fire it is a moving maneuver (a
percentage maneuver) at -20, or -40 while the ground is being swept or more than one gun fires
(RMU-MOV-1); the move itself is paid in AP as ordinary movement. The maneuver's percentage,
capped at 100, is the share of the cover's protection gained this round: 70% behind full soft
cover (+100) is +70 (RMU-MOV-2). A failure gains none, and the mover is in the open this round.
From the next round on the cover counts in full with no roll.

>>> from firefight.dice import Dice
>>> from firefight.geometry import CoverGrade
>>> from firefight.rulesets.rmu.catalog import RmuData
>>> from firefight.rulesets.rmu.cover import Cover, CoverMaterial
>>> dash = MovingToCover(cover=Cover(grade=CoverGrade.FULL, material=CoverMaterial.SOFT),
...                      maneuver_bonus=40, fire="under-fire")
>>> resolve_moving_to_cover(dash, Dice.scripted([55]), RmuData()).result.bonus_this_round
70
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.rmu.breakage import resolve_maneuver_breakage
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData
from firefight.rulesets.rmu.cover import (
    Cover,
    barrier_bonus,
    check_gun_named,
    price_cover,
    reached_bonus,
)
from firefight.rulesets.rmu.defense import armor_maneuver_penalty
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.firearm_events import CoverReached, LeftInTheOpen
from firefight.rulesets.rmu.maneuvers import (
    PercentageManeuver,
    by_percent,
    roll_percentage_maneuver,
)
from firefight.rulesets.rmu.protection import breakage_total_refused
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "Dash",
    "DashResult",
    "Fire",
    "MovingToCover",
    "move_difficulty",
    "resolve_moving_to_cover",
    "roll_dash",
]

#: How much fire is coming in: none, one gun, or a sweep / several guns (RMU-MOV-1).
Fire = Literal["none", "under-fire", "suppressed"]


def move_difficulty(fire: Fire) -> Modifier | None:
    """RMU-MOV-1: -20 under fire, -40 under a sweep or several guns; nothing with no fire."""
    fig = firearm_figures().moving_cover
    if fire == "none":
        return None
    if fire == "under-fire":
        return Modifier(value=fig.under_fire, label="moving to cover under fire", rule="RMU-MOV-1")
    return Modifier(
        value=fig.suppressed,
        label="moving to cover under a sweep or several guns",
        rule="RMU-MOV-1",
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Dash:
    """A rolled move to cover, and the breakage check its roll may have called for."""

    maneuver: PercentageManeuver
    events: tuple[Event, ...]


def roll_dash(
    *,
    mover: str,
    bonus: int,
    fire: Fire,
    extra: tuple[Modifier, ...],
    dice: Dice,
    trace: TraceBuilder,
    data: RmuData,
    armor: str = "AT 1",
    armor_damage: int = 0,
    armor_quality: int = 0,
    armor_trained: bool = True,
) -> Dash:
    """The moving maneuver itself (RMU-MOV-1): a percentage maneuver on the mover's bonus, less
    their armor's maneuver penalty (RMU-ARM-5). An unmodified 33 or 77 calls for a breakage
    check on that armor (RMU-BRK-1): dice, the maneuver and then that check."""
    worn = data.armor_class(armor)
    parts = [Modifier(value=bonus, label=f"{mover}'s moving maneuver bonus")]
    difficulty = move_difficulty(fire)
    if difficulty is not None:
        parts.append(difficulty)
    penalty = armor_maneuver_penalty(worn, trained=armor_trained, breakage_total=armor_damage)
    if penalty and worn is not None:
        parts.append(
            Modifier(
                value=penalty, label=f"{mover}'s {worn.key} maneuver penalty", rule="RMU-ARM-5"
            )
        )
    parts.extend(extra)
    rolled = roll_percentage_maneuver(
        purpose=f"{mover} moving to cover", parts=parts, dice=dice, trace=trace
    )
    events: tuple[Event, ...] = ()
    if worn is not None:
        taken = resolve_maneuver_breakage(
            worn,
            armor_damage,
            rolled.natural,
            dice,
            rules=data.breakage,
            quality=armor_quality,
            wearer=mover,
            trace=trace,
        )
        events = (taken,) if taken is not None else ()
    return Dash(maneuver=rolled, events=events)


@dataclass(frozen=True, slots=True, kw_only=True)
class MovingToCover:
    """A dash for cover. ``weapon`` is the incoming gun, needed to price hard or hardened cover
    (RMU-COV-3); ``ammo`` the incoming load (hollowpoint doubles cover, RMU-COV-8)."""

    cover: Cover
    maneuver_bonus: int = 0
    fire: Fire = "under-fire"
    weapon: str | None = None
    ammo: str = "ball"
    move_ap: int = 1
    ap_available: int = 4
    extra: tuple[Modifier, ...] = ()
    mover: str = "mover"
    # The mover's own armor: its maneuver penalty counts, and a 33 or 77 wears it (RMU-BRK-1).
    armor: str = "AT 1"
    armor_damage: int = 0
    armor_quality: int = 0
    armor_trained: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class DashResult(Result):
    """A dash for cover (RMU-MOV-1, RMU-MOV-2): the cover and its full bonus, the fire it ran
    under, the maneuver (none when nobody shoots), ``in cover`` or ``in the open``, and the
    share and bonus it counts this round."""

    cover: str
    full_bonus: int
    fire: str
    ap_spent: int
    maneuver_total: int | None = omitted()
    maneuver_result: str | None = omitted()
    result: str = "in cover"
    share_percent: int = 100
    bonus_this_round: int = 0

    @property
    def outcome(self) -> ResolvedWord:
        """All of the cover is a ``success``, a share ``partial``, none a ``failure``."""
        return by_percent(self.share_percent)


def resolve_moving_to_cover(decl: MovingToCover, dice: Dice, data: RmuData) -> Outcome[DashResult]:
    """Resolve a dash for cover (RMU-MOV-1, RMU-MOV-2). Dice: the maneuver, if under fire."""
    if decl.move_ap < 0 or decl.move_ap > decl.ap_available:
        raise RuleRefusal(
            "RMU-MOV-1",
            f"The move is paid in AP as ordinary movement: {decl.move_ap} AP was declared and "
            f"{decl.ap_available} are left.",
        )
    ammo = data.ammunition(decl.ammo)
    if decl.armor not in NAKED_COLUMNS:
        data.armor_class(decl.armor)
    if decl.armor_damage > 0:
        raise breakage_total_refused(decl.armor_damage)
    check_gun_named(decl.cover, decl.weapon)
    if decl.weapon:
        price = price_cover(decl.cover, data.weapon(decl.weapon), data.cover)
    else:
        # Soft and impenetrable cover do not depend on the gun; any weapon prices them.
        price = price_cover(decl.cover, next(iter(data.weapons.values())), data.cover)
    full = barrier_bonus(price.bonus, ammo)
    tb = TraceBuilder()
    tb.step(
        f"{decl.mover} moves to {decl.cover.grade.value} {decl.cover.material.value} cover "
        f"(+{full}{', doubled against hollowpoint' if ammo.cover_multiplier > 1 else ''}), "
        f"paying {decl.move_ap} AP as ordinary movement.",
        "RMU-MOV-1",
    )
    events: list[Event] = [ActionPointsSpent(actor=decl.mover, ap=decl.move_ap)]
    dashed = DashResult(
        cover=str(decl.cover), full_bonus=full, fire=decl.fire, ap_spent=decl.move_ap
    )
    if decl.fire == "none":
        tb.step("Nobody is shooting: no roll is needed, the cover counts in full.", "RMU-MOV-1")
        events.append(
            CoverReached(
                actor=decl.mover,
                cover=str(decl.cover),
                share_percent=100,
                bonus_this_round=full,
                full_bonus=full,
            )
        )
        dashed = replace(dashed, bonus_this_round=full)
        return Outcome(events=tuple(events), trace=tb.build(), result=dashed)

    dash = roll_dash(
        mover=decl.mover,
        bonus=decl.maneuver_bonus,
        fire=decl.fire,
        extra=decl.extra,
        dice=dice,
        trace=tb,
        data=data,
        armor=decl.armor,
        armor_damage=decl.armor_damage,
        armor_quality=decl.armor_quality,
        armor_trained=decl.armor_trained,
    )
    events.extend(dash.events)
    reading = dash.maneuver.reading
    dashed = replace(dashed, maneuver_total=reading.total, maneuver_result=reading.result)
    if not reading.succeeded:
        tb.step(
            f"{reading.result.capitalize()}: {decl.mover} reaches the cover but not behind it, "
            "and is in the open this round; from next round on the cover counts in full.",
            "RMU-MOV-2",
        )
        events.append(LeftInTheOpen(actor=decl.mover, cover=str(decl.cover)))
        dashed = replace(dashed, result="in the open", share_percent=0, bonus_this_round=0)
        return Outcome(events=tuple(events), trace=tb.build(), result=dashed)
    share = reading.share_percent
    gained = reached_bonus(full, share)
    capped = " (capped at the cover's full value)" if (reading.percent or 0) > share else ""
    tb.step(
        f"{share}% of the cover's +{full} is gained this round: +{gained}{capped}. From next "
        "round on it counts in full, with no roll.",
        "RMU-MOV-2",
    )
    events.append(
        CoverReached(
            actor=decl.mover,
            cover=str(decl.cover),
            share_percent=share,
            bonus_this_round=gained,
            full_bonus=full,
        )
    )
    dashed = replace(dashed, share_percent=share, bonus_this_round=gained)
    return Outcome(events=tuple(events), trace=tb.build(), result=dashed)
