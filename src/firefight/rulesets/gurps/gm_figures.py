"""The gurps figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): HP left, the
shock on this turn's rolls and whether someone is stunned. The encounter keeps no Fatigue
Points, so ``fp`` is not among them: typed, it is refused saying so (DEC-786)."""

from __future__ import annotations

from firefight.frozen import replace
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.scene.figure_bounds import check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = [
    "GURPS_FIGURES_NOT_KEPT",
    "GURPS_GM_FIGURES",
    "GURPS_GM_FIGURE_NAMES",
    "set_gurps_figure",
]

GURPS_GM_FIGURES = {
    "hp": "HP left (down to the negative multiple that kills)",
    "shock": "shock on this turn's rolls (0 to the cap, negative)",
    "stun": "1 stunned, 0 not",
}

#: Each figure as a sentence writes it, where that is not as typed (``set NAME FIGURE N``).
GURPS_GM_FIGURE_NAMES = {"hp": "HP"}

#: What a GM may look for that the encounter does not keep, with why it is refused.
GURPS_FIGURES_NOT_KEPT = {
    "fp": "The gurps encounter keeps no Fatigue Points, so there are none to set; "
    "its figures are HP, shock and stun."
}


def set_gurps_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`GURPS_GM_FIGURES` set to ``value``."""
    s = gurps_stats(c)
    injury = DATA.core.injury
    if figure == "hp":
        check_within(c.name, "HP", value, -injury.dead_at_multiple * s.hp, s.hp)
        return replace(c, stats=replace(s, lost=s.hp - value))
    if figure == "shock":
        check_within(c.name, "shock", value, injury.shock_cap, 0)
        return replace(c, stats=replace(s, shock=value))
    if figure == "stun":
        check_within(c.name, "stun", value, 0, 1)
        return replace(c, stats=replace(s, stunned=bool(value)))
    raise no_such_figure("gurps", figure)
