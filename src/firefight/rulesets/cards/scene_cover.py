"""The cover a cards shot reads off the scene (DEC-632): the tallest barrier covering the target
on their half of the line (the reading cpr and gurps share) hides a share of their silhouette
(the packaged body profile, stretched to their posture's height), and that share is the
quarter or half cover of CRD-MOD-1. A barrier as tall as they are hides them. A line that gives
``--cover`` is the GM's word, and the scene is not read. A shooter behind a barrier of their
own that hides them even standing cannot see over it to shoot (DEC-656)."""

from __future__ import annotations

import math

from firefight.errors import RuleRefusal
from firefight.geometry.cover import hidden_fraction
from firefight.rulesets.cards.data import cards_data
from firefight.scene.cover import standing_height_ft, tallest_covering
from firefight.scene.state import CombatantState, EncounterState

__all__ = ["check_shooter_sees", "scene_cover"]


def scene_cover(
    state: EncounterState, shooter: CombatantState, target: CombatantState
) -> tuple[str, str | None]:
    """The cover ``target`` has against ``shooter`` (a key of the cover modifiers), and what the
    barrier did, in words (None when none covers them); refuses a target wholly hidden."""
    tallest = tallest_covering(state, shooter.position, target.position)
    if tallest is None:
        return "none", None
    height = target.body.height_ft
    share = hidden_fraction(height, tallest.height_ft)
    stands = f"the {tallest.name} ({tallest.height_ft:g} ft) before {target.name}"
    if share >= 1.0:
        raise RuleRefusal(
            "CRD-MOD-1",
            f"{target.name} is out of sight: {stands} ({height:g} ft {target.posture.value}).",
        )
    modifiers = cards_data().modifiers
    cover = modifiers.cover_hiding(share)
    said = f"{cover} cover"
    if cover == "none":
        least, at = min(modifiers.cover_share.items(), key=lambda kv: kv[1])
        said = f"no cover ({least} cover takes {100 * at:g}%)"
    # Whole percents rounded down (past float dust): a share just short of a cover's is never
    # shown as reaching it.
    return cover, f"{stands} hides {math.floor(100 * share + 1e-9)}% of them: {said}"


def check_shooter_sees(
    state: EncounterState, shooter: CombatantState, target: CombatantState
) -> None:
    """Refuse a shot at ``target`` from behind a barrier of ``shooter``'s own (on their half of
    the line) that hides them even standing: they cannot see over it (DEC-656). One they clear
    standing changes nothing, in any posture: cards has no pop-up rule (DEC-632)."""
    own = tallest_covering(state, target.position, shooter.position)
    if own is None:
        return
    standing = standing_height_ft(shooter)
    if hidden_fraction(standing, own.height_ft) >= 1.0:
        raise RuleRefusal(
            "CRD-MOD-1",
            f"{shooter.name} cannot see {target.name} over the {own.name} "
            f"({own.height_ft:g} ft), even standing ({standing:g} ft).",
        )
