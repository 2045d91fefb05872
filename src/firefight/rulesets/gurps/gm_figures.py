"""The gurps figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): HP left, the
shock on their own next turn's rolls (as a wound's, DEC-905) and whether someone is stunned.
The encounter keeps no Fatigue Points, so ``fp`` is not among them: typed, it is refused
saying so (DEC-786). HP left keeps one floor for ``set`` and the GM's ``hits`` alike
(DEC-855)."""

from __future__ import annotations

from firefight.frozen import replace
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.scene.figure_bounds import check_taken, check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = [
    "GURPS_FIGURES_NOT_KEPT",
    "GURPS_GM_FIGURES",
    "GURPS_GM_FIGURE_NAMES",
    "check_gm_hits",
    "set_gurps_figure",
]

GURPS_GM_FIGURES = {
    "hp": "HP left (down to the negative multiple that kills)",
    "shock": "shock on their own next turn's rolls (0 to the cap, negative; DEC-905)",
    "stun": "1 stunned, 0 not",
}

#: Each figure as a sentence writes it, where that is not as typed (``set NAME FIGURE N``).
GURPS_GM_FIGURE_NAMES = {"hp": "HP"}

#: What a GM may look for that the encounter does not keep, with why it is refused.
GURPS_FIGURES_NOT_KEPT = {
    "fp": "The gurps encounter keeps no Fatigue Points, so there are none to set; "
    "its figures are HP, shock and stun."
}


def _hp_floor(c: CombatantState) -> int:
    """The least HP left a GM may leave ``c`` at: -5 x HP, where the core has them dead
    (GUR-CORE-1); what a wound does past it tells the table nothing more."""
    return -DATA.core.injury.dead_at_multiple * gurps_stats(c).hp


def check_gm_hits(c: CombatantState, amount: int) -> None:
    """Refuse (ENC-GM) a GM's ``hits`` that would take ``c`` below the floor ``set hp`` keeps
    (DEC-855): a wound of the rules may go further, a GM's number may not."""
    check_taken(
        c.name,
        "HP",
        gurps_stats(c).hp_left,
        amount,
        _hp_floor(c),
        f"at -{DATA.core.injury.dead_at_multiple} x HP the core has them dead (GUR-CORE-1)",
    )


def set_gurps_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`GURPS_GM_FIGURES` set to ``value``."""
    s = gurps_stats(c)
    injury = DATA.core.injury
    if figure == "hp":
        check_within(c.name, "HP", value, _hp_floor(c), s.hp)
        return replace(c, stats=replace(s, lost=s.hp - value))
    if figure == "shock":
        check_within(c.name, "shock", value, injury.shock_cap, 0)
        return replace(c, stats=s.with_shock_to_come(value))
    if figure == "stun":
        check_within(c.name, "stun", value, 0, 1)
        return replace(c, stats=replace(s, stunned=bool(value)))
    raise no_such_figure("gurps", figure)
