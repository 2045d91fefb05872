"""The cpr figures a GM may set at the table (``set NAME FIGURE N``, DEC-551): HP left (the
wound state follows from it, C-9), body and head SP as they ablate (C-3), the LUCK left and
whether a fighter owes their next Move to reaching cover (C-6, DEC-676). A GM's ``repair``
gives the armor back its full SP. HP left keeps one floor for ``set`` and the GM's ``hits``
alike (DEC-855)."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.option_text import MAX_HP, STAT_RANGE
from firefight.scene.events import GM_RULE
from firefight.scene.figure_bounds import check_taken, check_within, no_such_figure
from firefight.scene.state import CombatantState

__all__ = [
    "CPR_GM_FIGURES",
    "CPR_GM_FIGURE_NAMES",
    "check_gm_hits",
    "repaired",
    "set_cpr_figure",
]

CPR_GM_FIGURES = {
    "hp": "HP left",
    "sp": "body armor SP left",
    "head-sp": "head armor SP left",
    "luck": "LUCK left to spend",
    "take-cover": "1 owes the next Move to reaching cover (C-6), 0 not",
}

#: Each figure as a sentence writes it, where that is not as typed (``set NAME FIGURE N``).
CPR_GM_FIGURE_NAMES = {
    "hp": "HP",
    "sp": "body SP",
    "head-sp": "head SP",
    "luck": "LUCK",
    "take-cover": "Move owed to cover",
}


#: The least HP left a GM may leave someone at: the rules set no floor (a mortally wounded
#: fighter's HP runs on below 0, C-9, C-12), so it is the limit a scenario's ``hp_left`` and the
#: command line's HP keep (DEC-188).
_HP_FLOOR = -MAX_HP


def check_gm_hits(c: CombatantState, amount: int) -> None:
    """Refuse (ENC-GM) a GM's ``hits`` that would take ``c`` below the floor ``set hp`` keeps
    (DEC-855)."""
    check_taken(
        c.name,
        "HP",
        c.hits_left,
        amount,
        _HP_FLOOR,
        "the rules set no floor, and a scenario and the command line take HP left down to "
        f"{_HP_FLOOR} (DEC-188)",
    )


def set_cpr_figure(c: CombatantState, figure: str, value: int) -> CombatantState:
    """``c`` with one of :data:`CPR_GM_FIGURES` set to ``value``, within the armor's full SP
    and the HP most (HP left from the floor a GM's ``hits`` keeps too, DEC-855)."""
    f = fighter(c)
    if figure == "hp":
        check_within(c.name, "HP", value, _HP_FLOOR, c.hits_max)
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
    if figure == "take-cover":
        return _owing_cover(c, value)
    raise no_such_figure("cpr", figure)


def _owing_cover(c: CombatantState, value: int) -> CombatantState:
    """``c`` owing a Move to cover (1) or not (0, whose fire forgotten with it); one set owing
    by the GM alone names no fire, so any Move pays it (DEC-676, as a debt DEC-669 predates);
    one who already owes keeps whose fire it is."""
    check_within(c.name, "take-cover", value, 0, 1)
    f = fighter(c)
    if not value:
        return replace(c, stats=replace(f, must_take_cover=False, cover_from=()))
    if not c.can_act():
        state = "dead" if c.dead else "unconscious" if c.unconscious else "out of the fight"
        raise RuleRefusal(
            GM_RULE,
            f"{c.name} is {state}: only someone who can act has a Move to owe to cover, as "
            "suppressive fire breaks only them (C-6).",
        )
    return replace(c, stats=replace(f, must_take_cover=True))


def repaired(c: CombatantState) -> CombatantState:
    """``c`` with body and head armor back at their full SP (a GM's ``repair``)."""
    f = fighter(c)
    return replace(c, stats=replace(f, body_sp=f.body_sp_max, head_sp=f.head_sp_max))
