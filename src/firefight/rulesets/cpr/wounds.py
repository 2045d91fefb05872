"""Hit points and wound states (C-9), and the penalties wounds and injuries put on rolls.

The thresholds are the rule itself: below full HP lightly wounded; below half the maximum
(rounded up) seriously wounded; below 1 mortally wounded. What each state costs is data
(``rules.toml``).

>>> Health(hp=17, max_hp=35).state
<WoundState.SERIOUS: 'serious'>
>>> Health(hp=18, max_hp=35).state
<WoundState.LIGHT: 'light'>
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from firefight.errors import RuleRefusal
from firefight.frozen import quick_init
from firefight.rulesets.cpr.figures import RuleFigures
from firefight.rulesets.cpr.injuries import Applies, InjuryTables
from firefight.trace import Modifier

__all__ = ["MORTAL", "Health", "WoundState", "injury_modifiers", "wound_modifier", "wound_state"]


class WoundState(Enum):
    UNHURT = "unhurt"
    LIGHT = "light"
    SERIOUS = "serious"
    MORTAL = "mortal"

    @property
    def words(self) -> str:
        """The state as a GM says it: ``lightly wounded``, ``unhurt``."""
        return _WORDS[self]


#: The states as plain names. Python 3.11 reads every attribute of an Enum class through its
#: metaclass's ``__getattr__`` hook (some 250 ns, twenty times a plain name), and a fight asks
#: for a wound state at every dodge, hit and turn.
_UNHURT, _LIGHT, _SERIOUS = WoundState.UNHURT, WoundState.LIGHT, WoundState.SERIOUS
MORTAL = WoundState.MORTAL

_WORDS = {
    WoundState.UNHURT: "unhurt",
    WoundState.LIGHT: "lightly wounded",
    WoundState.SERIOUS: "seriously wounded",
    WoundState.MORTAL: "mortally wounded",
}


def wound_state(hp: int, max_hp: int) -> WoundState:
    """The wound state at ``hp`` of ``max_hp`` (C-9).

    >>> [wound_state(hp, 40).value for hp in (40, 39, 20, 19, 1, 0)]
    ['unhurt', 'light', 'light', 'serious', 'serious', 'mortal']
    """
    if hp < 1:
        return MORTAL
    if hp < math.ceil(max_hp / 2):
        return _SERIOUS
    if hp < max_hp:
        return _LIGHT
    return _UNHURT


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Health:
    """Current and maximum hit points."""

    hp: int
    max_hp: int

    def __post_init__(self) -> None:
        if self.max_hp < 1:
            raise RuleRefusal("C-9", f"Maximum HP must be at least 1, not {self.max_hp!r}.")
        if self.hp > self.max_hp:
            raise RuleRefusal("C-9", f"{self.hp!r} HP is more than the maximum of {self.max_hp!r}.")

    @property
    def state(self) -> WoundState:
        return wound_state(self.hp, self.max_hp)

    def after_losing(self, hp_lost: int) -> Health:
        return Health(hp=self.hp - hp_lost, max_hp=self.max_hp)


def wound_modifier(state: WoundState, figures: RuleFigures, who: str) -> Modifier | None:
    """The wound state's penalty to every action, if it has one (C-9)."""
    # ``_value_``, the member's own attribute: ``value`` is a property of Python code.
    wound = figures.wounds[state._value_]
    if not wound.action_penalty:
        return None
    return Modifier(value=wound.action_penalty, label=f"{who} is {wound.name}", rule="C-9")


def injury_modifiers(
    injuries: Iterable[str], kinds: Iterable[Applies], tables: InjuryTables, who: str
) -> list[Modifier]:
    """The standing penalties of ``injuries`` on an action of the given kinds (C-4)."""
    wanted = tuple(kinds)
    mods = []
    for key in injuries:
        injury = tables.injury(key)
        value = injury.penalty_for(wanted)
        if value:
            mods.append(Modifier(value=value, label=f"{who}: {injury.label}", rule="C-4"))
    return mods
