"""A shot with a firearm (CRD-HIT-1): the declaration of every option and its resolver.

The shooter draws as many cards as the skill, plus one per three bullets (or part) of a burst
(CRD-MODE-2); each card reaching the Target is a success (K-1) doing the weapon's damage, at
its level. The target's armor lowers the level and reduces the total (CRD-DMG-1); the rest
fills the wound track (K-3); each level crossed wears the armor and calls for a knockdown test
(CRD-DMG-2, K-4). A single-shot weapon must be cocked again when the first card is black
(CRD-MODE-1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from firefight.declarations import param
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.limits import MAX_GM_MODS
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.cards.data import CardsData, DamageType, Level, Mode, Weapon, cards_data
from firefight.rulesets.cards.deck import DeckInPlay, successes
from firefight.rulesets.cards.target import Situation, band_for, situation_modifiers
from firefight.rulesets.cards.wounds import (
    LEVELS,
    Track,
    armor_level,
    boxes_per_level,
    knockdown_limit,
)
from firefight.scene.gm_mods import read_mod
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "FA_DEFAULT_BULLETS",
    "Drawn",
    "Shot",
    "ShotPlan",
    "ShotResult",
    "Wound",
    "draw_planned",
    "plan_shot",
    "resolve_planned",
    "resolve_shot",
    "three_ones",
    "weapon_keys",
]

#: FA fires 6-10 bullets (CRD-MODE-1); the G11 example's +3 means 7-9, and 9 is taken when
#: the shooter does not say (DEC-258).
FA_BULLETS = (6, 10)
FA_DEFAULT_BULLETS = 9
#: Sanity bounds on free figures (docs/cards.md, "Limits").
MAX_SKILL = 20
MAX_DISTANCE_M = 10_000
MAX_KMH = 1_000
#: The largest GM's modifier either way: a Target runs 2 to about 20.
_GM_MOST = 99


def weapon_keys() -> Sequence[str]:
    return tuple(cards_data().weapons)


def _armor() -> Sequence[str]:
    return tuple(cards_data().armor)


def _lighting() -> Sequence[str]:
    return tuple(cards_data().modifiers.lighting)


def _cover() -> Sequence[str]:
    return tuple(cards_data().modifiers.cover)


def _movement() -> Sequence[str]:
    return tuple(cards_data().modifiers.movement)


def _wounds() -> Sequence[str]:
    return tuple(cards_data().modifiers.wounds)


def _compensation_help() -> str:
    figures = cards_data().modifiers
    devices = ", ".join(f"{k} {figures.compensation_points(k)}" for k in figures.compensation)
    return f"Recoil compensation of added devices ({devices})."


def _aim_help() -> str:
    return f"Turns spent aiming, each {cards_data().modifiers.aim_per_turn:+d}."


def _called_help() -> str:
    return f"A called shot ({cards_data().modifiers.called_shot:+d}; never in BF or FA)."


def _two_weapons_help() -> str:
    return f"Firing two weapons ({cards_data().modifiers.two_weapons:+d} to both)."


@dataclass(frozen=True, slots=True, kw_only=True)
class Shot:
    """Every option of a shot, as typed (``firefight cards shoot``, odds and sweeps)."""

    weapon: str = param(help="Weapon key (see `firefight weapons -r cards`).", choices=weapon_keys)
    skill: int = param(
        help="The shooter's skill with the weapon: cards drawn.",
        low=0,
        high=MAX_SKILL,
        rule="CRD-HIT-1",
    )
    distance: float = param(
        help="Distance to the target.", unit="m", low=0, high=MAX_DISTANCE_M, rule="CRD-RNG-1"
    )
    mode: str | None = param(
        None,
        help="Firing mode (SS, SA, BF, FA); default the weapon's first.",
        choices=tuple(m.value for m in Mode),
        rule="CRD-MODE-1",
        line=True,
    )
    bullets: int | None = param(
        None,
        help=f"Bullets of an FA burst ({FA_BULLETS[0]}-{FA_BULLETS[1]}; default "
        f"{FA_DEFAULT_BULLETS}).",
        low=1,
        high=FA_BULLETS[1],
        rule="CRD-MODE-1",
        line=True,
    )
    loaded: int | None = param(
        None,
        help="Rounds in the magazine (default: full).",
        low=0,
        high=1000,
        rule="CRD-MODE-1",
        sweep=False,
    )
    needs_cocking: bool = param(
        False,
        help="The SS weapon has not been cocked since its last shot.",
        rule="CRD-MODE-1",
        sweep=False,
    )
    compensation: int = param(
        0,
        help=_compensation_help,
        low=0,
        high=6,
        rule="CRD-MODE-2",
        line=True,
    )
    aim: int = param(0, help=_aim_help, low=0, high=10, rule="CRD-MOD-1")
    wounds: str = param(
        "none", help="The shooter's worst wound level.", choices=_wounds, rule="K-3"
    )
    lighting: str = param(
        "normal", help="Lighting.", choices=_lighting, rule="CRD-MOD-1", line=True
    )
    cover: str = param(
        "none", help="The target's cover.", choices=_cover, rule="CRD-MOD-1", line=True
    )
    blind_fire: bool = param(False, help="Firing blind.", rule="CRD-MOD-1", line=True)
    vision: str = param(
        "normal",
        help="The shooter's vision.",
        choices=("normal", "low-light", "thermographic"),
        rule="CRD-MOD-1",
        line=True,
    )
    moving: str = param(
        "still",
        help="The shooter's movement.",
        choices=_movement,
        rule="CRD-MOD-2",
        line=True,
    )
    target_moving: str = param(
        "still",
        help="The target's movement.",
        choices=_movement,
        rule="CRD-MOD-2",
        line=True,
    )
    vehicle_kmh: int = param(
        0,
        help="Vehicle to foot or foot to vehicle: the vehicle's speed.",
        unit="km/h",
        low=0,
        high=MAX_KMH,
        rule="CRD-MOD-1",
        line=True,
    )
    vehicle_difference_kmh: int = param(
        0,
        help="Vehicle to vehicle: the difference of their speeds.",
        unit="km/h",
        low=0,
        high=MAX_KMH,
        rule="CRD-MOD-1",
        line=True,
    )
    called: bool = param(False, help=_called_help, rule="CRD-MOD-1", line=True)
    two_weapons: bool = param(False, help=_two_weapons_help, rule="CRD-MOD-1", line=True)
    mod: tuple[str, ...] = param(
        (),
        help=f"A GM's modifier VALUE:LABEL added to the Target as CRD-MOD-1's are: + makes the "
        f"shot harder, e.g. +1:smoke, VALUE -{_GM_MOST} to {_GM_MOST} (DEC-819).",
        high=MAX_GM_MODS,
        sweep=False,
        line=True,
        gm=True,
    )
    armor: str = param("none", help="The target's armor.", choices=_armor, rule="CRD-DMG-1")
    size: int = param(
        4, help="The target's Size (default: an adult human's).", low=1, high=20, rule="K-3"
    )
    green: int = param(
        0, help="Green boxes the target has filled.", low=0, high=1000, rule="K-3", sweep=False
    )
    yellow: int = param(
        0, help="Yellow boxes the target has filled.", low=0, high=1000, rule="K-3", sweep=False
    )
    red: int = param(
        0, help="Red boxes the target has filled.", low=0, high=1000, rule="K-3", sweep=False
    )
    knocked_down: bool = param(
        False,
        help="The target is knocked down already: a level crossed draws no knockdown card.",
        rule="K-4",
        sweep=False,
    )
    deck: str = param(
        "",
        help="A persistent deck's cards left (QH,7S,...); empty: a fresh deck per draw.",
        rule="D-4",
        sweep=False,
    )

    def gm_mods(self) -> tuple[Modifier, ...]:
        """The GM's own modifiers (``--mod``), each added to the Target as typed, as the
        modifiers of CRD-MOD-1's table are: +1 makes the shot harder (DEC-819)."""
        return tuple(read_mod(m, example="+1:smoke", most=_GM_MOST) for m in self.mod)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotPlan:
    """What a shot is before any card is drawn: checked, with its Target and its draw."""

    weapon: Weapon
    mode: Mode
    bullets: int
    extra: int
    cards: int
    band: str
    target: int
    target_parts: tuple[Modifier, ...]
    per_success: int
    level: Level
    armor_level: Level
    dr: int
    track: Track
    knockdown_limit: int
    #: The target is down already: no knockdown card is drawn (K-4, DEC-960).
    fallen: bool
    armored: bool


def three_ones(bullets: int) -> int:
    """CRD-MODE-2: one card, one damage and one Target per three bullets (or part) of a burst;
    nothing for a single bullet.

    >>> [three_ones(b) for b in (1, 3, 6, 7, 9, 10)]
    [0, 1, 2, 3, 3, 4]
    """
    return math.ceil(bullets / 3) if bullets > 1 else 0


def _bullets(shot: Shot, mode: Mode, weapon: Weapon) -> int:
    if mode is Mode.FA:
        bullets = FA_DEFAULT_BULLETS if shot.bullets is None else shot.bullets
        if not FA_BULLETS[0] <= bullets <= FA_BULLETS[1]:
            raise RuleRefusal(
                "CRD-MODE-1",
                f"Full auto fires {FA_BULLETS[0]} to {FA_BULLETS[1]} bullets, not {bullets}.",
            )
    else:
        bullets = 3 if mode is Mode.BF else 1
        if shot.bullets is not None and shot.bullets != bullets:
            raise RuleRefusal(
                "CRD-MODE-1",
                f"{mode.value} fires {bullets} bullet{'s' if bullets > 1 else ''}; only full auto "
                "lets the shooter choose.",
            )
    loaded = weapon.ammo if shot.loaded is None else shot.loaded
    if loaded < bullets:
        # A smaller burst (6 or more) may still fit what is loaded: say so, where "reload
        # first" sent the shooter to spend a turn they need not (DEC-937).
        least = FA_BULLETS[0]
        fits = mode is Mode.FA and loaded >= least
        sizes = f"{least}" if loaded == least else f"{least} to {loaded}"
        way = f"fire {sizes} with --bullets, or reload" if fits else "reload first"
        raise RuleRefusal(
            "CRD-MODE-1",
            f"The magazine holds {loaded} round{'s' if loaded != 1 else ''}; the shot in "
            f"{mode.value} fires {bullets}: {way}.",
        )
    return bullets


def plan_shot(shot: Shot, data: CardsData | None = None) -> ShotPlan:
    """Check the shot and work out its Target and draw; refuses what the rules forbid."""
    data = data or cards_data()
    weapon = data.weapon(shot.weapon)
    mode = Mode(shot.mode) if shot.mode is not None else weapon.modes[0]
    if mode not in weapon.modes:
        raise RuleRefusal(
            "CRD-MODE-1",
            f"The {weapon.name} fires {'/'.join(m.value for m in weapon.modes)}, not {mode.value}.",
        )
    if shot.called and mode in (Mode.BF, Mode.FA):
        raise RuleRefusal("CRD-MODE-1", f"A {mode.value} attack cannot be a called shot.")
    if shot.needs_cocking and Mode.SS not in weapon.modes:
        # DEC-908: only a single-shot weapon is cocked again after a shot (CRD-MODE-1); taken
        # silently, the flag told the GM a semi-automatic could owe a turn of cocking.
        raise RuleRefusal(
            "CRD-MODE-1",
            f"Only a single-shot (SS) weapon must be cocked again; the {weapon.name} fires "
            f"{'/'.join(m.value for m in weapon.modes)} and needs no cocking: drop "
            "--needs-cocking.",
        )
    if shot.needs_cocking and mode is Mode.SS:
        raise RuleRefusal(
            "CRD-MODE-1",
            f"The {weapon.name} must be cocked again (its last first card was black): "
            "this turn goes to cocking it.",
        )
    bullets = _bullets(shot, mode, weapon)
    boxes = boxes_per_level(shot.size)
    for name, filled in (("green", shot.green), ("yellow", shot.yellow), ("red", shot.red)):
        if filled > boxes:
            raise RuleRefusal(
                "K-3", f"A Size {shot.size} target has {boxes} {name} boxes, not {filled}."
            )
    row = data.ranges[weapon.range_class]
    band = band_for(row, shot.distance, data)
    parts = [
        Modifier(
            value=data.targets[band], label=f"{band} range, {shot.distance:g} m", rule="CRD-RNG-1"
        )
    ]
    parts += situation_modifiers(
        Situation(
            aim=shot.aim,
            wounds=shot.wounds,
            lighting=shot.lighting,
            cover=shot.cover,
            blind_fire=shot.blind_fire,
            vision=shot.vision,
            moving=shot.moving,
            target_moving=shot.target_moving,
            vehicle_kmh=shot.vehicle_kmh,
            vehicle_difference_kmh=shot.vehicle_difference_kmh,
            called=shot.called,
            two_weapons=shot.two_weapons,
        ),
        data,
    )
    parts += shot.gm_mods()
    extra = three_ones(bullets)
    if extra:
        parts.append(
            Modifier(value=extra, label=f"rule of three ones, {bullets} bullets", rule="CRD-MODE-2")
        )
        # Compensation cancels the burst's increase and no more, so it never takes the Target
        # below what it would be without the burst (K-1, DEC-250).
        cancel = min(extra, weapon.rc + shot.compensation)
        if cancel:
            parts.append(Modifier(value=-cancel, label="recoil compensation", rule="K-1"))
    armor = data.armor[shot.armor]
    level = weapon.level
    return ShotPlan(
        weapon=weapon,
        mode=mode,
        bullets=bullets,
        extra=extra,
        cards=shot.skill + extra,
        band=band,
        target=sum(p.value for p in parts),
        target_parts=tuple(parts),
        per_success=weapon.damage + extra,
        level=level,
        armor_level=armor_level(level, armor, DamageType.BALLISTIC),
        dr=armor.reduction(DamageType.BALLISTIC),
        track=Track(boxes=boxes, green=shot.green, yellow=shot.yellow, red=shot.red),
        knockdown_limit=knockdown_limit(shot.size),
        fallen=shot.knocked_down,
        armored=any(armor.dr) or any(armor.stars),
    )


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Wound:
    """What the successes did to the target: damage recorded at a level, the track after it
    (green, yellow, red boxes), levels crossed, armor wear, knockdown and down (K-3, K-4)."""

    damage: int
    level: str | None
    track: tuple[int, int, int]
    crossed: int
    wear: int
    knocked_down: bool
    down: bool


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotResult(Result):
    """One shot: the Target, the cards drawn and the successes, then the wound."""

    weapon: str
    mode: str
    bullets: int
    band: str
    target: int
    cards: tuple[str, ...]
    successes: int
    must_cock: bool
    wound: Wound
    #: A persistent deck's cards left after the draw (D-4).
    deck_left: tuple[str, ...] | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.successes else "miss"


def resolve_shot(shot: Shot, dice: Dice, data: CardsData | None = None) -> Outcome[ShotResult]:
    """Resolve one shot; a refusal draws no card."""
    return resolve_planned(shot, plan_shot(shot, data), dice)


def resolve_planned(shot: Shot, plan: ShotPlan, dice: Dice) -> Outcome[ShotResult]:
    """Resolve ``shot`` by its ``plan`` (:func:`plan_shot` of it), for a caller that checked
    the shot already and kept the plan; a refusal draws no card."""
    trace = TraceBuilder()
    drawn = draw_planned(shot, plan, dice, trace)
    result = ShotResult(
        weapon=plan.weapon.key,
        mode=plan.mode.value,
        bullets=plan.bullets,
        band=plan.band,
        target=drawn.target,
        cards=drawn.cards,
        successes=drawn.successes,
        must_cock=drawn.must_cock,
        wound=drawn.wound,
        deck_left=drawn.deck_left,
    )
    return Outcome(events=(), trace=trace.build(), result=result)


class Drawn(NamedTuple):
    """What a planned shot's cards came to (:func:`draw_planned`): the Target, the cards'
    names, the successes, whether the gun must be cocked, the wound, and a persistent deck's
    cards left."""

    target: int
    cards: tuple[str, ...]
    successes: int
    must_cock: bool
    wound: Wound
    deck_left: tuple[str, ...] | None


def draw_planned(shot: Shot, plan: ShotPlan, dice: Dice, trace: TraceBuilder) -> Drawn:
    """:func:`resolve_planned`'s draws and what they come to, with no result built: for a
    caller that reads nothing else (a simulated fight's quiet path, whose ``trace`` words no
    step)."""
    deck = DeckInPlay(dice, shot.deck)
    # A quiet trace words no step: the quiet path (most of a simulation's shots) skips
    # putting the words together.
    telling = trace.telling
    target = trace.total("Target", plan.target_parts)
    if telling:
        trace.step(
            f"{plan.mode.value}, {plan.bullets} bullet{'s' if plan.bullets > 1 else ''}: "
            f"draw {plan.cards} card{'s' if plan.cards != 1 else ''} (skill"
            + (f" + {plan.extra} for the burst)" if plan.extra else ")"),
            rule="CRD-MODE-2" if plan.extra else "CRD-HIT-1",
        )
    cards = deck.draw(plan.cards, "shot", trace)
    names = tuple(str(c) for c in cards)
    hits = successes(cards, target.value)
    must_cock = plan.mode is Mode.SS and bool(cards) and cards[0].is_black
    if telling:
        trace.step(
            f"{', '.join(names) or 'no cards'}: {hits} of {target.value} or more",
            rule="K-1",
        )
        if plan.mode is Mode.SS:
            trace.step(
                f"first card {cards[0] if cards else 'none'}: "
                + ("black, the next turn goes to cocking" if must_cock else "may fire next turn"),
                rule="CRD-MODE-1",
            )
    wound = _damage(plan, hits, deck, trace)
    return Drawn(target.value, names, hits, must_cock, wound, deck.left_names)


def _damage(plan: ShotPlan, hits: int, deck: DeckInPlay, trace: TraceBuilder) -> Wound:
    """Damage of the successes through armor onto the track, and the knockdown tests."""
    track = plan.track
    raw = hits * plan.per_success
    if not hits:
        return Wound(
            damage=0,
            level=None,
            track=(track.green, track.yellow, track.red),
            crossed=0,
            wear=0,
            knocked_down=False,
            down=track.down,
        )
    telling = trace.telling
    if telling:
        trace.step(
            f"{hits} x {plan.per_success}{plan.level.value} = {raw} {plan.level.label}",
            rule="CRD-MODE-2" if plan.extra else "CRD-HIT-1",
        )
        if plan.armor_level is not plan.level:
            trace.step(f"armor stars lower it to {plan.armor_level.label}", rule="CRD-DMG-1")
    dealt = trace.total(
        "damage recorded",
        [Modifier(value=raw, label=f"{plan.armor_level.label} damage", rule="CRD-HIT-1")]
        + (
            [Modifier(value=-min(plan.dr, raw), label="armor DR (ballistic)", rule="CRD-DMG-1")]
            if plan.dr
            else []
        ),
    ).value
    after, lost = track.take(dealt, plan.armor_level)
    crossed = after.worst - track.worst
    if telling:
        trace.step(
            f"track green {after.green}, yellow {after.yellow}, red {after.red} of {track.boxes}"
            + (f" ({lost} past a full Red)" if lost else ""),
            rule="K-3",
        )
    knocked = False
    for n in range(crossed):
        if telling:
            wear = ": armor wear +1" if plan.armored else ""
            trace.step(f"crossed into {LEVELS[track.worst + n + 1].label}{wear}", rule="CRD-DMG-2")
        if plan.fallen:
            # A knockdown test is whether they stay upright (K-4); one already down has no
            # fall to test, and the turn getting up is owed once (DEC-960).
            if telling:
                trace.step("knocked down already: no knockdown card", rule="K-4")
            break
        card = deck.draw(1, "knockdown", trace)[0]
        stays = card.rank < plan.knockdown_limit
        if telling:
            trace.step(
                f"knockdown card {card}: "
                + (
                    f"below {plan.knockdown_limit}, stays up" if stays else "falls, loses next turn"
                ),
                rule="K-4",
            )
        if not stays:
            knocked = True
            # Once down, further tests can change nothing (DEC-259).
            break
    if after.down:
        trace.step("a full Red level: down and dying", rule="K-3")
    return Wound(
        damage=dealt,
        level=plan.armor_level.label,
        track=(after.green, after.yellow, after.red),
        crossed=crossed,
        # Wear is the armor's: an unarmored target has none to wear.
        wear=crossed if plan.armored else 0,
        knocked_down=knocked,
        down=after.down,
    )
