"""The bounds a GM's ``set NAME FIGURE N`` must keep (DEC-551), refused in one sentence."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.scene.events import GM_RULE

__all__ = ["FIGURE_TOP", "OutOfRange", "check_within", "no_such_figure"]

#: The most a GM's figure may be where the rules set no top (rounds of stun, hits a round of
#: bleeding, hits taken or healed at once): the sanity limit hits and bonuses keep (DEC-80,
#: DEC-672). Past it, a figure would leave the limits an imported encounter is held to.
FIGURE_TOP = 999


class OutOfRange(RuleRefusal):
    """A GM's figure outside its bounds, which it carries: a number typed that is no whole
    number at all (``set Mara stun 1e308``) is refused naming them too (encounter/gm.py)."""

    def __init__(self, reason: str, low: int, top: int) -> None:
        super().__init__(GM_RULE, reason)
        self.low = low
        self.top = top


def check_within(who: str, figure: str, value: int, low: int, high: int | None) -> None:
    """Refuse (ENC-GM) ``value`` for ``who``'s ``figure`` outside ``low``..``high``
    (:data:`FIGURE_TOP` when the rules give no top).

    >>> check_within("Mara", "AP", 5, 0, 4)
    Traceback (most recent call last):
    ...
    firefight.scene.figure_bounds.OutOfRange: ENC-GM: Mara's AP runs from 0 to 4, not 5.
    """
    top = FIGURE_TOP if high is None else high
    if not low <= value <= top:
        raise OutOfRange(f"{who}'s {figure} runs from {low} to {top}, not {value}.", low, top)


def no_such_figure(ruleset: str, figure: str) -> RuleRefusal:
    """The refusal of a figure ``ruleset`` does not keep for the GM to set."""
    return RuleRefusal(
        GM_RULE, f"The {ruleset} ruleset keeps no figure {figure!r} for the GM to set."
    )
