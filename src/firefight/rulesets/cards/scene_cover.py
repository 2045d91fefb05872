"""The cover a cards shot reads off the scene (DEC-632): the tallest barrier covering the target
on their half of the line (the reading cpr and gurps share) hides a share of their silhouette
(the packaged body profile, stretched to their posture's height), and that share is the
quarter or half cover of CRD-MOD-1. A barrier as tall as they are hides them. A line that gives
``--cover`` is the GM's word, and the scene is not read."""

from __future__ import annotations

import math

from firefight.errors import RuleRefusal
from firefight.geometry.cover import hidden_fraction
from firefight.rulesets.cards.data import cards_data
from firefight.scene.cover import covering
from firefight.scene.state import CombatantState, EncounterState

__all__ = ["scene_cover"]


def scene_cover(
    state: EncounterState, shooter: CombatantState, target: CombatantState
) -> tuple[str, str | None]:
    """The cover ``target`` has against ``shooter`` (a key of the cover modifiers), and what the
    barrier did, in words (None when none covers them); refuses a target wholly hidden."""
    barriers = covering(state, shooter.position, target.position)
    if not barriers:
        return "none", None
    tallest = max(barriers, key=lambda b: b.height_ft)
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
