"""The cover a gurps shot reads off the scene (DEC-632): the target's posture and the barriers
covering them on their half of the line, as one modifier of the catalog's cover group
(GUR-MOD-1: a target has one cover or posture), the one that costs the shooter most. A line
that names a modifier of that group is the GM's word, and the scene adds none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from firefight.errors import RuleRefusal
from firefight.geometry import Posture
from firefight.rulesets.gurps.data import DATA
from firefight.scene.cover import standing_height_ft, tallest_covering
from firefight.scene.state import Barrier, CombatantState, EncounterState

__all__ = [
    "COVER_GROUP",
    "check_in_sight",
    "cover_named",
    "hiding_barrier",
    "rising_over",
    "scene_cover",
]

#: The catalog's group of the target's cover and posture, one at most.
COVER_GROUP = "cover"

_POSTURE = {Posture.PRONE: "prone", Posture.KNEELING: "kneeling"}


def hiding_barrier(
    state: EncounterState, shooter: CombatantState, target: CombatantState
) -> Barrier | None:
    """The barrier covering ``target`` against ``shooter`` that is as tall as they are (in
    their posture): out of sight behind it; None when they can be seen."""
    tallest = tallest_covering(state, shooter.position, target.position)
    hides = tallest is not None and _hides(tallest, target.body.height_ft)
    return tallest if hides else None


def rising_over(
    state: EncounterState, shooter: CombatantState, target: CombatantState
) -> Barrier | None:
    """The barrier of ``shooter``'s own that hides them from ``target`` in their posture, which
    they rise from to fire a pop-up attack (DEC-633); None when they are seen. Refuses one
    that hides them even standing: nobody fires over what they cannot see over (DEC-655)."""
    own = hiding_barrier(state, target, shooter)
    if own is not None:
        standing = standing_height_ft(shooter)
        if _hides(own, standing):
            raise RuleRefusal(
                "GUR-MOD-1",
                f"{shooter.name} cannot see {target.name} over the {own.name} "
                f"({own.height_ft:g} ft), even standing ({standing:g} ft).",
            )
    return own


def check_in_sight(state: EncounterState, shooter: CombatantState, target: CombatantState) -> None:
    """Refuse aiming or firing at ``target`` wholly behind a barrier (:func:`hiding_barrier`),
    or over a barrier of the shooter's own too tall to rise from (:func:`rising_over`)."""
    hiding = hiding_barrier(state, shooter, target)
    if hiding is not None:
        _refuse_unseen(hiding, target)
    rising_over(state, shooter, target)


def scene_cover(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    *,
    given: Sequence[str] = (),
) -> tuple[str | None, str | None]:
    """The cover-group modifier ``target`` has against ``shooter`` (None for none), and what the
    scene's barrier did to it, in words (None when no barrier counts); refuses a target wholly
    behind a barrier as tall as they are (:func:`hiding_barrier`). Nothing when the line's
    modifiers ``given`` (``KEY`` or ``KEY=N``) name one of the cover group: the GM's word, which
    the words say displaced the target's posture when it did (DEC-900)."""
    named = cover_named(given)
    posture = _POSTURE.get(target.posture)
    if named is not None:
        if posture is None or posture == named:
            return None, None
        # One cover or posture counts: say which of the target's the GM's word displaced, or a
        # prone target marked behind light cover reads as the easier shot with no reason given.
        dropped = DATA.modifiers[posture]
        return None, (
            f"{target.name}'s posture ({dropped.label}, {dropped.value:+d}) gives way to the "
            f"line's cover: {DATA.modifiers[named].label}"
        )
    tallest = tallest_covering(state, shooter.position, target.position)
    if tallest is None:
        return posture, None
    if _hides(tallest, target.body.height_ft):
        _refuse_unseen(tallest, target)
    cover = DATA.house.scene_cover
    share = tallest.height_ft / target.body.height_ft
    barrier = cover.prone if target.posture is Posture.PRONE else cover.modifier(share)
    chosen = [key for key in (posture, barrier) if key is not None]
    key = min(chosen, key=lambda k: DATA.modifiers[k].value) if chosen else None
    said = DATA.modifiers[key].label if key else "no cover"
    return key, f"{_before(tallest, target)} {target.posture.value}: {said}"


def cover_named(given: Sequence[str]) -> str | None:
    """The key of the cover group a line's ``KEY[=VALUE]`` modifiers name (the GM's word), or
    None (a key the catalog does not hold is refused where the modifiers are chosen)."""
    for text in given:
        key = text.partition("=")[0].strip()
        entry = DATA.modifiers.get(key)
        if entry is not None and entry.group == COVER_GROUP:
            return key
    return None


def _hides(barrier: Barrier, height_ft: float) -> bool:
    """Whether ``barrier`` hides a body ``height_ft`` tall behind it."""
    return barrier.height_ft >= DATA.house.scene_cover.hidden_from * height_ft


def _refuse_unseen(barrier: Barrier, target: CombatantState) -> NoReturn:
    raise RuleRefusal(
        "GUR-MOD-1",
        f"{target.name} is out of sight: {_before(barrier, target)} {target.posture.value}.",
    )


def _before(barrier: Barrier, target: CombatantState) -> str:
    return (
        f"the {barrier.name} ({barrier.height_ft:g} ft) before {target.name} "
        f"{target.body.height_ft:g} ft"
    )
