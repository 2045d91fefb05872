"""The cards figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): the boxes
filled on each level of the wound track (K-3: 2 x Size + 4 a level) and the armor's wear. A
GM's ``repair`` takes the wear away."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.cards.encounter_model import stats_of
from firefight.rulesets.cards.wounds import boxes_per_level
from firefight.scene.events import GM_RULE
from firefight.scene.figure_bounds import OutOfRange, check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = ["CARDS_GM_FIGURES", "CARDS_GM_FIGURE_NAMES", "set_cards_figure"]

CARDS_GM_FIGURES = {
    "green": "Green wound boxes filled",
    "yellow": "Yellow wound boxes filled",
    "red": "Red wound boxes filled",
    "wear": "armor wear",
}

#: Each figure as a sentence writes it, where that is not as typed (``set NAME FIGURE N``).
CARDS_GM_FIGURE_NAMES = {
    "green": "filled Green boxes",
    "yellow": "filled Yellow boxes",
    "red": "filled Red boxes",
    "wear": "armor wear",
}


def set_cards_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`CARDS_GM_FIGURES` set to ``value``: a level of the track holds
    no more boxes than the Size gives it, a full Red level puts them down (and one emptied below
    full gets them up), and only armor worn wears."""
    s = stats_of(c)
    if figure in ("green", "yellow", "red"):
        most = boxes_per_level(s.size_rating)
        if not 0 <= value <= most:
            raise OutOfRange(
                f"{c.name}'s {figure.capitalize()} level has {most} boxes (K-3); "
                f"{value} cannot be filled.",
                0,
                most,
            )
        filled = replace(s, **{figure: value})
        # Down and dying is the full Red level's (K-3), as a wound that fills it makes it: a
        # Red level the GM empties below full takes it back. cards has no unconscious short
        # of it, so the state table read "unconscious" of nobody its rules put there (DEC-965).
        # Anyone the GM put out with a Red level short of full stays out.
        down = filled.track.down or (c.unconscious and not s.track.down)
        return replace(c, stats=filled, unconscious=down)
    if figure == "wear":
        if s.armor == "none":
            raise RuleRefusal(
                GM_RULE, f"{c.name} wears no armor, so it has no wear to set (CRD-DMG-2)."
            )
        check_within(c.name, "armor wear", value, 0, None)
        return replace(c, stats=replace(s, wear=value))
    raise no_such_figure("cards", figure)
