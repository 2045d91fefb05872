"""The bounds a GM's ``set NAME FIGURE N`` must keep (DEC-551), and the GM's ``hits NAME N``
with it where the figure is the damage track (DEC-855), each refused in one sentence."""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.scene.events import GM_RULE

__all__ = ["FIGURE_TOP", "OutOfRange", "check_taken", "check_within", "no_such_figure"]

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


def check_within(
    who: str, figure: str, value: int, low: int, high: int | None, *, why: str = ""
) -> None:
    """Refuse (ENC-GM) ``value`` for ``who``'s ``figure`` outside ``low``..``high``
    (:data:`FIGURE_TOP` when the rules give no top); ``why``: the rule that sets the bounds,
    and what it says, for the refusal.

    >>> check_within("Mara", "AP", 5, 0, 4)
    Traceback (most recent call last):
    ...
    firefight.scene.figure_bounds.OutOfRange: ENC-GM: Mara's AP runs from 0 to 4, not 5.
    >>> try:
    ...     check_within("Mara", "wear", 5, -999, 0, why="RMU-BRK-2: penalties add up")
    ... except OutOfRange as refused:
    ...     print(refused.reason)
    Mara's wear runs from -999 to 0 (RMU-BRK-2: penalties add up), not 5.
    """
    top = FIGURE_TOP if high is None else high
    if not low <= value <= top:
        said = f" ({why})" if why else ""
        raise OutOfRange(f"{who}'s {figure} runs from {low} to {top}{said}, not {value}.", low, top)


def check_taken(who: str, figure: str, left: int, amount: int, low: int, why: str) -> None:
    """Refuse (ENC-GM) a GM's ``hits`` of ``amount`` that would leave ``who`` with less
    ``figure`` than ``low``: the least their ``set`` takes too (DEC-855), ``why`` saying what
    makes it the least. A heal (``amount`` below 0) is never refused here: it takes someone a
    wound of the rules left past the floor back towards it.

    >>> check_taken("Bob", "HP", -45, 5, -50, "dead at -5 x HP")  # to -50: taken
    >>> try:
    ...     check_taken("Bob", "HP", -45, 8, -50, "dead at -5 x HP")
    ... except RuleRefusal as refused:
    ...     print(refused.reason.replace(". ", ".\\n"))
    8 more would leave Bob at -53 HP, and Bob's HP goes no lower than -50: dead at -5 x HP.
    Bob can take at most 5 more; nothing is changed.
    """
    after = left - amount
    if amount > 0 and after < low:
        most = left - low
        room = (
            f"{who} can take at most {most} more"
            if most > 0
            else f"{who} is {'at' if most == 0 else 'past'} it already"
        )
        raise RuleRefusal(
            GM_RULE,
            f"{amount} more would leave {who} at {after} {figure}, and {who}'s {figure} goes no "
            f"lower than {low}: {why}. {room}; nothing is changed.",
        )


def no_such_figure(ruleset: str, figure: str) -> RuleRefusal:
    """The refusal of a figure ``ruleset`` does not keep for the GM to set."""
    return RuleRefusal(
        GM_RULE, f"The {ruleset} ruleset keeps no figure {figure!r} for the GM to set."
    )
