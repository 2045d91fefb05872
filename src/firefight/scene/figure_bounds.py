"""The bounds a GM's ``set NAME FIGURE N`` must keep (DEC-551), refused in one sentence."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.scene.events import GM_RULE

__all__ = ["check_within", "no_such_figure"]


def check_within(who: str, figure: str, value: int, low: int, high: int | None) -> None:
    """Refuse (ENC-GM) ``value`` for ``who``'s ``figure`` outside ``low``..``high`` (no top
    when None).

    >>> check_within("Mara", "AP", 5, 0, 4)
    Traceback (most recent call last):
    ...
    firefight.errors.RuleRefusal: ENC-GM: Mara's AP runs from 0 to 4, not 5.
    """
    if value < low or (high is not None and value > high):
        most = f" to {high}" if high is not None else " or more"
        raise RuleRefusal(GM_RULE, f"{who}'s {figure} runs from {low}{most}, not {value}.")


def no_such_figure(ruleset: str, figure: str) -> RuleRefusal:
    """The refusal of a figure ``ruleset`` does not keep for the GM to set."""
    return RuleRefusal(
        GM_RULE, f"The {ruleset} ruleset keeps no figure {figure!r} for the GM to set."
    )
