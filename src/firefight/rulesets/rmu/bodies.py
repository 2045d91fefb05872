"""People as cover: bodies standing between the muzzle and the target (RMU-COV-5, RMU-COV-6,
RULINGS S-3, P-1, P-2).

A person in the line of fire is hard cover, priced on the incoming gun's column like any hard
barrier, and only for the target they actually stand in front of: whoever is beside or behind
the target shields nothing (S-3 decides who is in front). How much they shield is graded by
position and relative size (P-1) from what the shooter can still see of the target:

- across the line of fire, the share of the target's width, as the shooter sees it, that the
  nearer body overlaps (a body close to the muzzle looks wider than one close to the target);
- up the body, the share of the target's silhouette below the shielding body's height (a
  kneeling bystander hides the legs and hips of a standing target, a prone one little).

The two shares are multiplied: the body-width profile is taken to be the same across the whole
width. Each body in front is graded on its own; the screen is the best of those grades, stepped
up once when two or more bodies stand in the way (P-2, revised), so a weaker body in front never
lowers the cover a stronger one gives; a third changes nothing more and full stays full.
When the shot misses a target screened this way, it flies on into one of the shielders,
chosen at random among several (RMU-COV-6): :func:`stray_shielders` says who may be met,
:func:`choose_shielder` picks one, and :func:`prepare_stray_round` settles the round's column,
critical tables and terms before its roll, for the resolver and the odds engine alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.geometry import (
    Body,
    CoverGrade,
    Point,
    bearing_deg,
    bodies_between,
    cover_grade,
    distance_ft,
    hidden_fraction,
)
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.cover import Cover, CoverMaterial
from firefight.rulesets.rmu.defense import Defender, firearm_defense
from firefight.rulesets.rmu.protection import FirePlan, plan_fire
from firefight.tables.settled import settled_while
from firefight.trace import Modifier, Trace, TraceBuilder

__all__ = [
    "Ally",
    "BodyScreen",
    "Bystander",
    "StrayRound",
    "body_hides",
    "choose_shielder",
    "prepare_stray_round",
    "screen_bodies",
    "screen_grade",
    "stray_shielders",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Bystander:
    """Someone standing in the line of fire, with what a stray round would meet (RMU-COV-6).

    The armor fields mean what they mean on :class:`~firefight.rulesets.rmu.shot.AimedShot`.
    """

    name: str
    armor: str = "AT 1"
    naked_column: str = "AT 1"
    armor_damage: int = 0
    armor_broken: bool = False
    armor_quality: int = 0
    defender: Defender = field(default_factory=Defender)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Ally:
    """The shooter's nearest ally and how far from the muzzle: where a fumble's 66 sends a
    round (the Firearm Fumble table's 66; docs/decisions.md DEC-105)."""

    who: Bystander
    distance_ft: float


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BodyScreen:
    """The cover people in front give a target, and who they are (RMU-COV-5).

    Raises:
        RuleRefusal: (RMU-COV-5) a grade of body cover with nobody named standing in the way.

    >>> BodyScreen(grade=CoverGrade.HALF, shielders=(Bystander(name="Ana"),)).as_cover()
    Cover(grade=<CoverGrade.HALF: 'half'>, material=<CoverMaterial.HARD: 'hard'>)
    """

    grade: CoverGrade
    shielders: tuple[Bystander, ...] = ()
    #: The shielders who lie dead: they screen as any body does (DEC-695), but a missed round
    #: is never rolled at them (DEC-708).
    dead: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.grade is not CoverGrade.NONE and not self.shielders:
            raise RuleRefusal(
                "RMU-COV-5",
                f"{self.grade.value.capitalize()} cover from bodies needs someone standing in "
                "the way: name the shielder.",
            )
        names = [s.name for s in self.shielders]
        if len(set(names)) != len(names):
            raise RuleRefusal(
                "RMU-COV-5", f"Each shielder is one person; a name is repeated in {names}."
            )
        strangers = [name for name in self.dead if name not in names]
        if strangers:
            raise RuleRefusal(
                "RMU-COV-5", f"Only a shielder can lie dead in the way; {strangers} shield nobody."
            )

    def as_cover(self) -> Cover | None:
        """A person is hard cover by position (RMU-COV-5); None when they hide too little."""
        if self.grade is CoverGrade.NONE:
            return None
        return Cover(grade=self.grade, material=CoverMaterial.HARD)


def _position(who: Body | Point) -> Point:
    return who.center if isinstance(who, Body) else who


def _span_deg(eye: Point, axis_deg: float, body: Body) -> tuple[float, float]:
    """The angles, either side of ``axis_deg``, a body's circle fills as seen from ``eye``."""
    dist = distance_ft(eye, body.center)
    if dist <= body.radius_ft:
        return (-90.0, 90.0)  # the eye is inside the body: it fills the view
    middle = (bearing_deg(eye, body.center) - axis_deg + 180.0) % 360.0 - 180.0
    half = math.degrees(math.asin(body.radius_ft / dist))
    return (middle - half, middle + half)


def body_hides(shooter: Body | Point, target: Body, body: Body) -> float:
    """The share of ``target`` that one ``body`` hides from ``shooter`` (RMU-COV-5, P-1).

    Width: the overlap of the angles the two bodies fill, seen from the shooter, over the
    target's angle. Height: the share of the target's silhouette below the body's height,
    both standing on the same ground.

    >>> shooter, target = Point(x_ft=0, y_ft=0), Body(center=Point(x_ft=0, y_ft=60))
    >>> body_hides(shooter, target, Body(center=Point(x_ft=0, y_ft=30)))
    1.0
    >>> round(body_hides(shooter, target, Body(center=Point(x_ft=1.0, y_ft=30))), 2)
    0.5
    """
    eye = _position(shooter)
    axis = bearing_deg(eye, target.center)
    low_t, high_t = _span_deg(eye, axis, target)
    low_b, high_b = _span_deg(eye, axis, body)
    overlap = max(0.0, min(high_t, high_b) - max(low_t, low_b))
    across = min(1.0, overlap / (high_t - low_t))
    upward = hidden_fraction(target.height_ft, body.height_ft)
    return across * upward


def screen_grade(shooter: Body | Point, target: Body, in_front: Sequence[Body]) -> CoverGrade:
    """The cover grade bodies in front give ``target`` (RMU-COV-5, P-1, P-2 revised).

    Each body is graded by what it alone hides; the best single grade counts, one grade up
    when two or more bodies stand in the way (capped at full).

    >>> shooter, target = Point(x_ft=0, y_ft=0), Body(center=Point(x_ft=0, y_ft=60))
    >>> from firefight.geometry import Posture
    >>> prone = Body(center=Point(x_ft=0, y_ft=20), posture=Posture.PRONE)
    >>> standing = Body(center=Point(x_ft=0, y_ft=40))
    >>> screen_grade(shooter, target, [prone, standing]).value
    'full'
    """
    if not in_front:
        return CoverGrade.NONE
    grade = max(
        (cover_grade(body_hides(shooter, target, body)) for body in in_front),
        key=tuple(CoverGrade).index,  # declared weakest to strongest
    )
    return grade.one_up() if len(in_front) >= 2 else grade


def screen_bodies(shooter: Body | Point, target: Body, scene: Iterable[Body]) -> BodyScreen:
    """Who in ``scene`` stands between shooter and target, and the cover they give.

    Each shielder is a bare bystander named as the body is (:attr:`Body.name`): the caller
    finds who they are. Bodies beside or behind the target are never in front (S-3), so they
    give no cover: cover counts only against shots from the covered side (RMU-COV-5).

    >>> shooter, target = Point(x_ft=0, y_ft=0), Body(center=Point(x_ft=0, y_ft=60), name="t")
    >>> near = Body(center=Point(x_ft=0.5, y_ft=20), name="Ana")
    >>> behind = Body(center=Point(x_ft=0, y_ft=70), name="Ben")
    >>> screen = screen_bodies(shooter, target, [target, near, behind])
    >>> screen.grade.value, [s.name for s in screen.shielders]
    ('full', ['Ana'])
    """
    in_front = tuple(bodies_between(shooter, target, scene))
    shielders = tuple(Bystander(name=b.name) for b in in_front)
    return BodyScreen(grade=screen_grade(shooter, target, in_front), shielders=shielders)


def choose_shielder(
    shielders: Sequence[Bystander], dice: Dice, trace: TraceBuilder | None = None
) -> Bystander:
    """The shielder a missed shot flies into: the only one, or one at random (RMU-COV-6).

    Several draw one die with a face per shielder, in the order given; one draws nothing.

    Raises:
        RuleRefusal: (RMU-COV-6) nobody to choose from.

    >>> people = [Bystander(name="Ana"), Bystander(name="Ben")]
    >>> choose_shielder(people, Dice.scripted([2])).name
    'Ben'
    """
    if not shielders:
        raise RuleRefusal("RMU-COV-6", "A stray round needs a shielder to hit; none was named.")
    if len(shielders) == 1:
        return shielders[0]
    tb = trace if trace is not None else TraceBuilder()
    return shielders[tb.die(dice, len(shielders), "which shielder the missed shot meets") - 1]


def stray_shielders(screen: BodyScreen | None) -> tuple[Bystander, ...]:
    """Whom a shot that misses may fly on into: the living shielders of a screen that gives
    cover (RMU-COV-6); nobody when no body stands in the way, the bodies hide too little, or
    only the dead lie there (DEC-708: fire has nothing left to hurt in them, DEC-695).

    >>> stray_shielders(BodyScreen(grade=CoverGrade.NONE, shielders=(Bystander(name="Ana"),)))
    ()
    >>> people = (Bystander(name="Ana"), Bystander(name="Ben"))
    >>> [s.name for s in stray_shielders(BodyScreen(grade=CoverGrade.HALF, shielders=people,
    ...                                             dead=("Ben",)))]
    ['Ana']
    """
    if screen is None or screen.grade is CoverGrade.NONE:
        return ()
    if not screen.dead:
        return screen.shielders
    return tuple(s for s in screen.shielders if s.name not in screen.dead)


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayRound:
    """A missed round flying on into one shielder, settled before its roll (RMU-COV-6).

    ``plan`` is the column and critical tables the shielder's own armor gives; ``modifiers``
    every term of the total but the roll: OB +0 (none of the shooter's skill), the missed
    shot's other terms (P-8) and the shielder's DB in the open (no cover from other bodies).
    """

    who: Bystander
    plan: FirePlan
    modifiers: tuple[Modifier, ...]

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)


def prepare_stray_round(
    *,
    weapon: Weapon,
    ammo: Ammunition,
    who: Bystander,
    data: RmuData,
    carried: Sequence[Modifier] = (),
    trace: TraceBuilder | None = None,
    rule: str = "RMU-COV-6",
) -> StrayRound:
    """The stray round of ``weapon`` loaded with ``ammo`` into ``who`` (RMU-COV-6): OB +0, then
    the ``carried`` terms of the missed shot (range, recoil, haste, the shooter's situation:
    P-8), then the shielder's DB in the open. ``rule`` is what sent the round there: a miss
    through a screen (RMU-COV-6) or a fumble (RMU-GEN-8).

    The column choice is told to ``trace`` (a throwaway one when None).

    >>> data = RmuData()
    >>> stray = prepare_stray_round(
    ...     weapon=data.weapon("glock-17"),
    ...     ammo=data.ammunition("ball"),
    ...     who=Bystander(name="Ana", armor="BA II"),
    ...     data=data,
    ... )
    >>> stray.plan.column, stray.modifier_total
    ('BA II', 0)
    """
    # Kept under the names (cheap to hash) and compared whole with the few kept for them: the
    # weapon, load and shielder are mostly the very same objects from one miss to the next,
    # where hashing them would go through every field.
    terms = (weapon, ammo, who, tuple(carried), rule)
    stray, told = settled_while(
        data,
        "stray round",
        (weapon.key, ammo.key, who.name, rule),
        terms,
        _stray_round,
        *terms,
        data,
    )
    if trace is not None:
        trace.extend(told)
    return stray


def _stray_round(
    weapon: Weapon,
    ammo: Ammunition,
    who: Bystander,
    carried: tuple[Modifier, ...],
    rule: str,
    data: RmuData,
) -> tuple[StrayRound, Trace]:
    """:func:`prepare_stray_round` worked out, with the steps it tells: frozen values and the
    data alone, so settled once for the same shielder and terms
    (:mod:`~firefight.tables.settled`; a fight's misses fly into the same few people)."""
    tb = TraceBuilder()
    plan = plan_fire(
        weapon=weapon,
        armor_key=who.armor,
        naked_column=who.naked_column,
        armor_damage=who.armor_damage,
        ammo=ammo,
        data=data,
        trace=tb,
        armor_broken=who.armor_broken,
    )
    defense = firearm_defense(
        defender=who.defender,
        armor=data.armor_class(who.armor),
        breakage_total=who.armor_damage,
        behind_cover=False,
        rules=data.rules,
    )
    stray = StrayRound(
        who=who,
        plan=plan,
        modifiers=(
            Modifier(value=0, label="OB +0: none of the shooter's skill", rule=rule),
            *carried,
            *defense,
        ),
    )
    return stray, tb.build()
