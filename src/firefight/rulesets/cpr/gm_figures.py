"""The cpr figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): HP left (the
wound state follows from it, C-9), body and head SP as they ablate (C-3) and the LUCK left.
A GM's ``repair`` gives the armor back its full SP."""

from __future__ import annotations

from firefight.frozen import replace
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.option_text import STAT_RANGE
from firefight.scene.figure_bounds import check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = ["CPR_GM_FIGURES", "repaired", "set_cpr_figure"]

CPR_GM_FIGURES = {
    "hp": "HP left",
    "sp": "body armor SP left",
    "head-sp": "head armor SP left",
    "luck": "LUCK left to spend",
}


def set_cpr_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`CPR_GM_FIGURES` set to ``value``, within the armor's full SP
    and the HP most."""
    f = fighter(c)
    if figure == "hp":
        check_within(c.name, "HP", value, 0, c.hits_max)
        return replace(c, hits_taken=c.hits_max - value)
    if figure == "sp":
        check_within(c.name, "body SP", value, 0, f.body_sp_max)
        return replace(c, stats=replace(f, body_sp=value))
    if figure == "head-sp":
        check_within(c.name, "head SP", value, 0, f.head_sp_max)
        return replace(c, stats=replace(f, head_sp=value))
    if figure == "luck":
        check_within(c.name, "LUCK", value, 0, STAT_RANGE[1])  # no more than a LUCK stat
        return replace(c, stats=replace(f, luck=value))
    raise no_such_figure("cpr", figure)


def repaired(c: CombatantState) -> CombatantState:
    """``c`` with body and head armor back at their full SP (a GM's ``repair``)."""
    f = fighter(c)
    return replace(c, stats=replace(f, body_sp=f.body_sp_max, head_sp=f.head_sp_max))
